// A bench's management ports (one per controller), each a board_link, in front of one engine: a
// good frame from any port is handed over, one at a time, round robin; the answer goes back on the
// port that asked, an unsolicited one (Rebooted) on every port.
module bench_ports #(
    parameter PORTS = 2,
    parameter CLKS_PER_BIT = 16,
    parameter FIFO_LOG2 = 13,
    parameter HDR = 24
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [PORTS-1:0] rx,
    output wire [PORTS-1:0] tx,
    // the engine's side: one frame at a time
    output wire             frame_valid,
    output wire [12:0]      frame_len,
    output wire [8*HDR-1:0] hdr,
    input  wire             frame_done,
    input  wire [12:0]      fb_addr,
    output wire [7:0]       fb_data,
    input  wire             rb_we,
    input  wire [8:0]       rb_addr,
    input  wire [7:0]       rb_data,
    input  wire             resp_start,
    input  wire             resp_broadcast,
    input  wire [8:0]       resp_len,
    output wire             tx_busy
);
    wire [PORTS-1:0] valid_each, busy_each;
    wire [13*PORTS-1:0] len_each;
    wire [8*HDR*PORTS-1:0] hdr_each;
    wire [8*PORTS-1:0] fb_data_each;

    // which port's frame the engine serves, until it is done
    localparam GW = PORTS > 1 ? $clog2(PORTS) : 1;
    reg [GW-1:0] grant;
    reg granted;
    integer p;
    always @(posedge clk) begin
        if (rst) begin
            granted <= 1'b0;
            grant <= 0;
        end else if (granted) begin
            if (frame_done) granted <= 1'b0;
        end else begin
            // the next port with a frame, after the last granted (integer arithmetic, its result a port number)
            // verilator lint_off WIDTH
            for (p = PORTS - 1; p >= 0; p = p - 1)
                if (valid_each[(grant + 1 + p) % PORTS]) begin
                    grant <= (grant + 1 + p) % PORTS;
                    granted <= 1'b1;
                end
            // verilator lint_on WIDTH
        end
    end

    genvar g;
    generate
        for (g = 0; g < PORTS; g = g + 1) begin : port
            // (the link's error counters: no register of this bench reads them)
            wire [15:0] unused_corrupt, unused_oversized, unused_overflows;
            board_link #(.CLKS_PER_BIT(CLKS_PER_BIT), .FIFO_LOG2(FIFO_LOG2), .HDR(HDR)) link (
                .clk(clk), .rst(rst), .rx(rx[g]), .tx(tx[g]),
                .frame_valid(valid_each[g]), .frame_len(len_each[13*g +: 13]), .hdr(hdr_each[8*HDR*g +: 8*HDR]),
                .frame_done(frame_done && granted && grant == g), .fb_addr(fb_addr), .fb_data(fb_data_each[8*g +: 8]),
                .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data),
                .resp_start(resp_start && (resp_broadcast || (granted && grant == g))), .resp_len(resp_len),
                .tx_busy(busy_each[g]), .corrupt(unused_corrupt), .oversized(unused_oversized),
                .overflows(unused_overflows));
        end
    endgenerate

    assign frame_valid = granted && valid_each[grant];
    assign frame_len = len_each[13*grant +: 13];
    assign hdr = hdr_each[8*HDR*grant +: 8*HDR];
    assign fb_data = fb_data_each[8*grant +: 8];
    assign tx_busy = |busy_each;
endmodule
