// One management port of a bench: UART, receive FIFO, framing and the frame buffer in; framing
// and the answer's buffer out. The transport only moves bytes; frames are made and checked here.
module board_link #(
    parameter CLKS_PER_BIT = 16,
    parameter FIFO_LOG2 = 13,
    parameter HDR = 24,
    // the frame buffer: a request is at most a Write of 2048 bytes (2073 with header and CRC); a longer
    // frame is malformed, read from its header alone, so a board may keep less than the 4,100 a frame may hold
    parameter FB_BYTES = 4100
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             rx,
    output wire             tx,
    // a good frame to the message layer
    output wire             frame_valid,
    output wire [12:0]      frame_len,
    output wire [8*HDR-1:0] hdr,
    input  wire             frame_done,
    // (a frame's byte address: FB_BYTES may need fewer bits)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [12:0]      fb_addr,
    // verilator lint_on UNUSEDSIGNAL
    output reg  [7:0]       fb_data,
    // its answer
    input  wire             rb_we,
    input  wire [8:0]       rb_addr,
    input  wire [7:0]       rb_data,
    input  wire             resp_start,
    input  wire [8:0]       resp_len,
    output wire             tx_busy,
    output wire [15:0]      corrupt,
    output wire [15:0]      oversized,
    output wire [15:0]      overflows
);
    wire [7:0] rx_byte;
    wire rx_valid;
    uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (.clk(clk), .rst(rst), .rx(rx), .data(rx_byte), .valid(rx_valid));

    wire [7:0] q_byte;
    wire q_valid, q_ready;
    byte_fifo #(.DEPTH_LOG2(FIFO_LOG2)) u_fifo (.clk(clk), .rst(rst), .in_data(rx_byte), .in_valid(rx_valid),
        .out_data(q_byte), .out_valid(q_valid), .out_ready(q_ready), .overflows(overflows));

    wire fb_we;
    wire [12:0] fb_waddr;
    wire [7:0] fb_wdata;
    frame_rx #(.HDR(HDR)) u_frame_rx (.clk(clk), .rst(rst), .in_data(q_byte), .in_valid(q_valid), .in_ready(q_ready),
        .buf_we(fb_we), .buf_addr(fb_waddr), .buf_data(fb_wdata),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done),
        .corrupt(corrupt), .oversized(oversized));

    // read in two cycles: the buffer spans several RAM blocks, whose outputs are chosen between after
    // the read, so that choice gets a register of its own before the engine compares the byte
    reg [7:0] frame_buf [0:FB_BYTES-1];
    reg [7:0] fb_q;
    always @(posedge clk) begin
        // (13-bit frame addresses into FB_BYTES: frame_rx refuses a longer frame, past FB_BYTES nothing is kept)
        // verilator lint_off WIDTH
        if (fb_we && fb_waddr < FB_BYTES) frame_buf[fb_waddr] <= fb_wdata;
        fb_q <= frame_buf[fb_addr];
        // verilator lint_on WIDTH
        fb_data <= fb_q;
    end

    reg [7:0] resp_buf [0:511];
    wire [8:0] tx_addr;
    reg [7:0] tx_data;
    always @(posedge clk) begin
        if (rb_we) resp_buf[rb_addr] <= rb_data;
        tx_data <= resp_buf[tx_addr];
    end

    wire [7:0] out_byte;
    wire out_valid, out_ready;
    frame_tx u_frame_tx (.clk(clk), .rst(rst), .start(resp_start), .len(resp_len), .rd_addr(tx_addr), .rd_data(tx_data),
        .busy(tx_busy), .out_data(out_byte), .out_valid(out_valid), .out_ready(out_ready));
    uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (.clk(clk), .rst(rst), .data(out_byte), .valid(out_valid),
        .ready(out_ready), .tx(tx));
endmodule
