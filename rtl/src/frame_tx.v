// Framing layer, send side: COBS-encodes a payload (its CRC already appended by the message
// layer) from the response buffer and ends it with 0x00. Encoded as hal's Cobs.encode does, byte
// for byte: a block after a 0xFF code, or after a final zero, is a lone 0x01. The buffer is a
// block RAM read in two cycles, its byte registered once more; a UART byte takes tens of cycles, so
// nothing here needs to be faster.
module frame_tx (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire [8:0] len,       // bytes in the buffer, CRC included
    output reg  [8:0] rd_addr,
    input  wire [7:0] rd_data,   // the buffer's byte at rd_addr, two cycles after rd_addr is set
    output reg        busy,
    output reg  [7:0] out_data,
    output reg        out_valid,
    input  wire       out_ready
);
    localparam S_IDLE = 0, S_SCAN = 1, S_CODE = 2, S_DATA = 3, S_NEXT = 4, S_DELIM = 5;
    localparam [5:0] ONE = 1;
    localparam [1:0] RD_WAIT = 2'd3; // cycles from rd_addr to its byte in rd_q (the buffer's two, and rd_q)
    reg [5:0] state;   // one-hot: a state's test is one bit
    reg [1:0] wait_rd; // cycles until rd_q holds byte rd_addr
    reg       have;    // wait_rd == 0, kept as it counts
    reg [8:0] pos;     // first byte of the current block
    reg [8:0] run;     // nonzero bytes found from pos
    reg [8:0] n_left;  // n - idx: bytes from the scan's byte to the end
    reg [8:0] d_left;  // the block's data bytes still to send
    reg       d_done;  // d_left == 0, kept as it counts
    // the scan's byte (pos + run), and whether it is below n and run at 254, kept as they step so that
    // no adder or compare sits in front of a decision
    reg [8:0] idx;
    reg       in_range;
    reg       run_full;
    // the buffer's byte and its zero test, registered, and the scan's verdict on it a cycle later
    // (scan_ok: rd_q holds from a cycle before have, in_range and run_full from the step before)
    reg [7:0] rd_q;
    reg       rd_nz;
    reg       scan_ok;
    task read_wait; // rd_q holds byte rd_addr after RD_WAIT cycles
        begin
            wait_rd <= RD_WAIT;
            have <= 1'b0;
        end
    endtask
    wire can_send = !out_valid; // (a byte waits a cycle after the last is taken: no UART signal in front of a decision)
    always @(posedge clk) begin
        rd_q <= rd_data;
        rd_nz <= rd_data != 8'h00;
        scan_ok <= in_range && rd_nz && !run_full;
    end

    // (the reset comes last and sets only the control registers: the rest take no reset into their enables)
    always @(posedge clk) begin
        if (out_valid && out_ready) out_valid <= 1'b0;
        if (wait_rd != 0) wait_rd <= wait_rd - 1'b1;
        if (wait_rd == 2'd1) have <= 1'b1;
        (* parallel_case *) case (1'b1)
            state[S_IDLE]: if (start) begin
                busy <= 1'b1;
                pos <= 0;
                run <= 0;
                run_full <= 1'b0;
                idx <= 0;
                n_left <= len;
                in_range <= len != 0;
                rd_addr <= 0;
                read_wait;
                state <= ONE << S_SCAN;
            end
            state[S_SCAN]: if (have) begin // rd_q is byte idx = pos + run
                if (scan_ok) begin
                    run <= run + 1'b1;
                    run_full <= run == 9'd253;
                    idx <= idx + 1'b1;
                    n_left <= n_left - 1'b1;
                    in_range <= n_left != 9'd1;
                    rd_addr <= idx + 1'b1;
                    read_wait;
                end else begin
                    state <= ONE << S_CODE;
                end
            end
            state[S_CODE]: if (can_send) begin
                out_data <= run[7:0] + 8'd1;
                out_valid <= 1'b1;
                d_left <= run;
                d_done <= run == 0;
                rd_addr <= pos;
                read_wait;
                state <= ONE << S_DATA;
            end
            state[S_DATA]: if (d_done) begin
                state <= ONE << S_NEXT;
            end else if (have && can_send) begin // rd_q is byte rd_addr
                out_data <= rd_q;
                out_valid <= 1'b1;
                d_left <= d_left - 1'b1;
                d_done <= d_left == 9'd1;
                rd_addr <= rd_addr + 1'b1;
                read_wait;
            end
            state[S_NEXT]: begin
                // 254 bytes go on without a zero; else the zero that ended the block is skipped
                if (run_full) begin
                    pos <= idx;
                    rd_addr <= idx;
                    run <= 0;
                    run_full <= 1'b0;
                    read_wait;
                    state <= ONE << S_SCAN;
                end else if (in_range) begin
                    pos <= idx + 1'b1;
                    rd_addr <= idx + 1'b1;
                    idx <= idx + 1'b1;
                    n_left <= n_left - 1'b1;
                    in_range <= n_left != 9'd1;
                    run <= 0;
                    read_wait;
                    state <= ONE << S_SCAN;
                end else begin
                    state <= ONE << S_DELIM;
                end
            end
            state[S_DELIM]: if (can_send) begin
                out_data <= 8'h00;
                out_valid <= 1'b1;
                busy <= 1'b0;
                state <= ONE << S_IDLE;
            end
            default: state <= ONE << S_IDLE;
        endcase
        if (rst) begin
            state <= ONE << S_IDLE;
            busy <= 1'b0;
            out_valid <= 1'b0;
            wait_rd <= 0;
            have <= 1'b1;
        end
    end
endmodule
