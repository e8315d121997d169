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
    // a byte in two stages: taken from the FIFO into b with its compares (b_zero, b_ff), decided the
    // cycle after against flags registered from the state the decision before left; a byte is taken
    // only while none waits, so every flag is a cycle old and still true (a byte every two cycles, four
    // when it is put (below): a UART brings one every CLKS_PER_BIT * 10)
    reg [7:0]  b;
    reg        b_valid, b_zero, b_ff;
    reg        left_nz, enc_nz, enc_full, dec_room, dec_hdr, dec_short, crc_ok, align_nz;
    reg [12:0] dec_len;   // decoded - 4: the payload's length should the frame end here
    reg [4:0]  dec_align; // HDR - decoded: the shifts that put a short frame's byte 0 at hdr[7:0]
    // (and the CRC takes a byte in the two cycles after it is put, a nibble a cycle from buf_data: no byte
    // decision sits in front of the CRC network, which is two LUTs deep; no byte is taken in those cycles,
    // so crc_ok is current when the next is decided)
    reg        crc_hi;    // the CRC takes buf_data's high nibble in this cycle
    reg        crc_restart; // a run began: the CRC starts over in this cycle (no byte is put before it)
    assign in_ready = !b_valid && !buf_we && !crc_hi && !frame_valid && !valid_go && !align_nz;
    always @(posedge clk) begin
        left_nz <= left != 0;
        enc_nz <= encoded != 0;
        enc_full <= encoded >= MAX_ENCODED;
        dec_room <= decoded < MAX_DECODED;
        dec_hdr <= decoded < HDR;
        dec_short <= decoded < 4;
        crc_ok <= crc == CRC32C_RESIDUE;
        dec_len <= decoded - 13'd4;
        dec_align <= HDR - decoded[4:0];
    end

    // the byte decoded: a data byte, or the zero a block's code stands for (one CRC network for both)
    wire [7:0] dec_b = left_nz ? b : 8'h00;
    task put;
        begin
            if (dec_room) begin
                buf_we <= 1'b1;
                buf_addr <= decoded;
                buf_data <= dec_b;
                if (dec_hdr) begin // shifted in (a cycle later); aligned at the frame's end
                    hdr_go <= 1'b1;
                    hdr_in <= dec_b;
                end
                decoded <= decoded + 1'b1;
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
            crc_restart <= 1'b1;
        end
    endtask

    always @(posedge clk) begin
        buf_we <= 1'b0;
        hdr_go <= 1'b0;
        valid_go <= 1'b0;
        if (hdr_go) hdr <= {hdr_in, hdr[8*HDR-1:8]};
        if (valid_go) frame_valid <= 1'b1;
        crc_hi <= buf_we;
        crc_restart <= 1'b0;
        if (crc_restart) crc <= 32'hFFFFFFFF;
        if (buf_we) crc <= crc32c_nibble(crc, buf_data[3:0]);
        if (crc_hi) crc <= crc32c_nibble(crc, buf_data[7:4]);
        if (in_valid && in_ready) begin
            b <= in_data;
            b_zero <= in_data == 8'h00;
            b_ff <= in_data == 8'hFF;
            b_valid <= 1'b1;
        end
        if (frame_valid && frame_done) frame_valid <= 1'b0;
        if (align_nz) begin
            hdr_go <= 1'b1;
            hdr_in <= 8'd0;
            align <= align - 1'b1;
            align_nz <= align != 1;
            if (align == 1) valid_go <= 1'b1;
        end else if (b_valid) begin
            b_valid <= 1'b0;
            if (b_zero) begin
                if (over) begin
                    oversized <= oversized + 1'b1;
                end else if (enc_nz) begin
                    if (bad || left_nz || dec_short || !crc_ok) begin
                        corrupt <= corrupt + 1'b1;
                    end else begin
                        frame_len <= dec_len;
                        if (dec_hdr) begin
                            align <= dec_align;
                            align_nz <= 1'b1;
                        end else begin
                            frame_valid <= 1'b1;
                        end
                    end
                end
                next_run;
            end else if (over || enc_full) begin
                over <= 1'b1;
            end else begin
                encoded <= encoded + 1'b1;
                if (left_nz) begin
                    put;
                    left <= left - 1'b1;
                end else begin
                    // a code byte: the block before it ends in a zero unless its code was 0xFF
                    if (!first && zero_due) put;
                    first <= 1'b0;
                    zero_due <= !b_ff;
                    left <= b - 1'b1;
                end
            end
        end
        // the reset last, on the registers it sets alone (a byte's registers, the header's, the length's
        // enables do not read it); a byte put or shifted in its cycle is dropped with it
        if (rst) begin
            frame_valid <= 1'b0;
            next_run;
            align <= 0;
            align_nz <= 1'b0;
            b_valid <= 1'b0;
            buf_we <= 1'b0;
            crc_hi <= 1'b0;
            hdr_go <= 1'b0;
            valid_go <= 1'b0;
            corrupt <= 0;
            oversized <= 0;
        end
    end
endmodule
