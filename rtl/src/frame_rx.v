// Framing layer, receive side: COBS-decodes the bytes between 0x00 delimiters into the frame
// buffer while the CRC-32C runs over them, and hands the message layer a payload whose CRC holds.
// As hal's Framing.Decoder: an encoded run longer than MAX_ENCODED is dropped unbuffered
// (oversized); a bad encoding, a decoded frame over MAX_PAYLOAD + 4 bytes or a CRC that does not
// hold is dropped (corrupt). The first HDR bytes are also kept in registers, so the message layer
// reads the fixed fields of every request without touching the buffer.
module frame_rx #(
    parameter MAX_PAYLOAD = 4096,
    parameter HDR = 24
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [7:0]      in_data,
    input  wire            in_valid,
    output wire            in_ready,
    // the frame buffer's write side
    output reg             buf_we,
    output reg  [12:0]     buf_addr,
    output reg  [7:0]      buf_data,
    // a good frame, held until done
    output reg             frame_valid,
    output reg  [12:0]     frame_len,    // payload bytes, CRC excluded
    output reg  [8*HDR-1:0] hdr,         // payload bytes 0..HDR-1, byte 0 lowest
    input  wire            frame_done,
    output reg  [15:0]     corrupt,
    output reg  [15:0]     oversized
);
    `include "crc32c.vh"
    localparam MAX_DECODED = MAX_PAYLOAD + 4;
    localparam MAX_ENCODED = MAX_DECODED + MAX_DECODED / 254 + 1;

    reg [12:0] encoded;   // bytes of this run so far
    reg [12:0] decoded;   // bytes written to the buffer
    reg [7:0]  left;      // data bytes left in the current COBS block
    reg        first;     // the next byte is the frame's first code
    reg        zero_due;  // the previous block ended before a zero (its code was not 0xFF)
    reg        bad;       // the run cannot be a good frame
    reg        over;      // the run exceeded MAX_ENCODED
    reg [31:0] crc;
    reg [4:0]  align;     // shifts left to put byte 0 of a short frame at hdr[7:0]

    // the header shifts a cycle after its byte is decided (hdr_go, hdr_in), so that the 192 registers'
    // enable comes from one register and not from the byte's decisions; frame_valid rises with the
    // last shift of an alignment (valid_go), and no byte is taken meanwhile
    reg        hdr_go;
    reg [7:0]  hdr_in;
    reg        valid_go;
    assign in_ready = !frame_valid && !valid_go && align == 0;
    wire take = in_valid && !frame_valid && !valid_go && align == 0;

    // the byte decoded: a data byte, or the zero a block's code stands for (one CRC network for both)
    wire [7:0] dec_b = left != 0 ? in_data : 8'h00;
    task put;
        begin
            if (decoded < MAX_DECODED) begin
                buf_we <= 1'b1;
                buf_addr <= decoded;
                buf_data <= dec_b;
                if (decoded < HDR) begin // shifted in (a cycle later); aligned at the frame's end
                    hdr_go <= 1'b1;
                    hdr_in <= dec_b;
                end
                decoded <= decoded + 1'b1;
                crc <= crc32c_byte(crc, dec_b);
            end else begin
                bad <= 1'b1;
            end
        end
    endtask

    // a new run of bytes begins (after a delimiter, or at reset)
    task next_run;
        begin
            encoded <= 0;
            decoded <= 0;
            left <= 0;
            first <= 1'b1;
            zero_due <= 1'b0;
            bad <= 1'b0;
            over <= 1'b0;
            crc <= 32'hFFFFFFFF;
        end
    endtask

    always @(posedge clk) begin
        buf_we <= 1'b0;
        hdr_go <= 1'b0;
        valid_go <= 1'b0;
        if (hdr_go) hdr <= {hdr_in, hdr[8*HDR-1:8]};
        if (valid_go) frame_valid <= 1'b1;
        if (rst) begin
            frame_valid <= 1'b0;
            next_run;
            align <= 0;
            corrupt <= 0;
            oversized <= 0;
        end else begin
            if (frame_valid && frame_done) frame_valid <= 1'b0;
            if (align != 0) begin
                hdr_go <= 1'b1;
                hdr_in <= 8'd0;
                align <= align - 1'b1;
                if (align == 1) valid_go <= 1'b1;
            end else if (take) begin
                if (in_data == 8'h00) begin
                    if (over) begin
                        oversized <= oversized + 1'b1;
                    end else if (encoded != 0) begin
                        if (bad || left != 0 || decoded < 4 || crc != CRC32C_RESIDUE) begin
                            corrupt <= corrupt + 1'b1;
                        end else begin
                            frame_len <= decoded - 13'd4;
                            if (decoded < HDR) align <= HDR - decoded;
                            else frame_valid <= 1'b1;
                        end
                    end
                    next_run;
                end else if (over || encoded >= MAX_ENCODED) begin
                    over <= 1'b1;
                end else begin
                    encoded <= encoded + 1'b1;
                    if (left != 0) begin
                        put;
                        left <= left - 1'b1;
                    end else begin
                        // a code byte: the block before it ends in a zero unless its code was 0xFF
                        if (!first && zero_due) put;
                        first <= 1'b0;
                        zero_due <= in_data != 8'hFF;
                        left <= in_data - 1'b1;
                    end
                end
            end
        end
    end
endmodule
