// One board on its own management port, for an FPGA: a router-level board (ROUTERS = 1, of level
// LEVEL), a processor board (PROCS = 1, of index PROC) or an electrical switch board's management
// plane (SWITCHES = 1: RADIX ports, LIDS forwarding-table entries; it reads its port counters from
// the counter registers of the switch's data path, which is not part of this design: zero here). The same link and engine as the bench,
// with no fibre plant behind it (the optics are the board's own I/O, outside this design); the
// board answers at address 0 and as the backplane (its own slot clock). Its generation is kept
// across a reset (rst_n), as flash would keep it; por clears it (first power-up).
module oft_board #(
    parameter ORDER = 10,
    parameter ROUTERS = 0,
    parameter PROCS = 1,
    parameter LEVEL = 1,
    parameter PROC = 0,
    parameter SWITCHES = 0,
    parameter RADIX = 4,
    parameter LIDS = 16,
    parameter CLK_HZ = 48000000,
    parameter CLKS_PER_BIT = 16,   // 3 Mbaud at 48 MHz
    parameter FIFO_LOG2 = 9,
    parameter SPRAM = 0            // 1 on an iCE40 UltraPlus: the single-port memories in its SPRAM
) (
    input  wire clk,
    input  wire rst_n,
    input  wire rx,
    output wire tx,
    output wire slot_led,          // toggles every slot
    output wire running_led
);
    localparam HDR = 24;
    localparam N = 1 << ORDER;
    localparam NB = ROUTERS + PROCS + SWITCHES;
    localparam BW = $clog2(NB + 1);
    localparam RA_AW = SWITCHES > 0 ? $clog2(LIDS) : $clog2(PROCS > 0 ? 2 * N : (N >= 8 ? N / 8 : 1));

    // power-on reset from the configuration: the first 16 cycles
    reg [4:0] por_count = 0;
    wire por = !por_count[4];
    always @(posedge clk) if (por) por_count <= por_count + 1'b1;
    reg [1:0] rst_sync;
    always @(posedge clk) rst_sync <= {rst_sync[0], !rst_n};

    wire frame_valid, frame_done, tx_busy, rb_we, resp_start, resp_broadcast;
    wire [12:0] frame_len, fb_addr;
    wire [8*HDR-1:0] hdr;
    wire [7:0] fb_data, rb_data;
    wire [8:0] rb_addr, resp_len;
    wire [15:0] corrupt, oversized, overflows;

    board_link #(.CLKS_PER_BIT(CLKS_PER_BIT), .FIFO_LOG2(FIFO_LOG2), .HDR(HDR), .FB_BYTES(2080)) link (
        .clk(clk), .rst(por || rst_sync[1]), .rx(rx), .tx(tx),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done),
        .fb_addr(fb_addr), .fb_data(fb_data), .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data),
        .resp_start(resp_start), .resp_len(resp_len), .tx_busy(tx_busy),
        .corrupt(corrupt), .oversized(oversized), .overflows(overflows));

    wire [63:0] slot;
    wire [7:0] fab_data;
    wire fab_loaded, fab_step;
    oft_engine #(.ORDER(ORDER), .ROUTERS(ROUTERS), .PROCS(PROCS), .FIRST_LEVEL(LEVEL), .FIRST_PROC(PROC), .SWITCHES(SWITCHES),
                 .RADIX(RADIX), .LIDS(LIDS), .CLK_HZ(CLK_HZ), .HDR(HDR),
                 .FAB_PORT(0), .SPRAM(SPRAM)) engine (
        .clk(clk), .por(por), .rst(rst_sync[1]), .nv_seed(32'h0B0A_0001),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done),
        .fb_addr(fb_addr), .fb_data(fb_data),
        .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data), .resp_start(resp_start), .resp_broadcast(resp_broadcast),
        .resp_len(resp_len), .tx_busy(tx_busy), .reboot_req(1'b0), .reboot_addr(16'd0),
        .counter_switch(), .counter_port(), .counter_sel(), .counter_value(64'd0), .counter_link_up(1'b1), .switch_cycle(64'd0),
        .fab_addr({(RA_AW + BW){1'b0}}), .fab_data(fab_data), .fab_loaded(fab_loaded), .fab_step(fab_step), .fab_busy(1'b0),
        .fab_counters({640{1'b0}}), .fab_states({(8 * ORDER){1'b1}}), .slot(slot), .running(running_led));
    assign slot_led = slot[0];
endmodule
