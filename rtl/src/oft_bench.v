// A bench of an order-r OFT's boards behind PORTS management ports (one per controller), as
// board-sim serves them: r router-level boards at addresses 0..r-1 (levels 1..r), 2^r processor
// boards at r..r+2^r-1, the backplane at 0xFFFF, and the fibre plant between them; their generations
// kept in an SPI flash (gen_flash.v). An answer goes
// back on the port that asked; Rebooted goes out on every port.
module oft_bench #(
    parameter ORDER = 4,
    parameter PORTS = 2,
    parameter CLKS_PER_BIT = 16,
    parameter CLK_HZ = 1000000,
    parameter MAX_LAT = 15,
    parameter FIFO_LOG2 = 13
) (
    input  wire             clk,
    input  wire             por,
    input  wire             rst,
    input  wire [31:0]      nv_seed,
    input  wire [3:0]       latency,
    input  wire [PORTS-1:0] rx,
    output wire [PORTS-1:0] tx,
    input  wire             reboot_req,
    input  wire [15:0]      reboot_addr,
    // the SPI flash that keeps the generations
    output wire             spi_cs_n,
    output wire             spi_sck,
    output wire             spi_mosi,
    input  wire             spi_miso,
    output wire [63:0]      slot,
    output wire             running
);
    localparam HDR = 24;
    localparam N = 1 << ORDER;
    localparam NB = ORDER + N;
    localparam BW = $clog2(NB + 1);
    localparam RA_AW = $clog2(2 * N);
    wire reset = por || rst;

    wire frame_valid, frame_done, tx_busy, rb_we, resp_start, resp_broadcast;
    wire [12:0] frame_len, fb_addr;
    wire [8*HDR-1:0] hdr;
    wire [7:0] fb_data, rb_data;
    wire [8:0] rb_addr, resp_len;
    bench_ports #(.PORTS(PORTS), .CLKS_PER_BIT(CLKS_PER_BIT), .FIFO_LOG2(FIFO_LOG2), .HDR(HDR)) ports (
        .clk(clk), .rst(reset), .rx(rx), .tx(tx),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done), .fb_addr(fb_addr), .fb_data(fb_data),
        .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data), .resp_start(resp_start), .resp_broadcast(resp_broadcast),
        .resp_len(resp_len), .tx_busy(tx_busy));

    wire [RA_AW+BW-1:0] fab_addr;
    wire [7:0] fab_data;
    wire fab_step, fab_busy;
    wire [64*10-1:0] fab_counters;
    wire [8*ORDER-1:0] fab_states;


    // the generations and the count of power-ups in the SPI flash (gen_flash.v), read again at power-up
    wire nv_ready, nv_load, nv_req, nv_done, nv_ok, nv_listen;
    wire [15:0] nv_load_board, nv_board, nv_sel;
    wire [63:0] nv_load_gen, nv_gen, nv_val;
    // (a flash that fails leaves the generations at zero: no pin shows it on a bench)
    // verilator lint_off PINCONNECTEMPTY
    gen_flash #(.BOARDS(NB + 2), .WAKE_CYCLES(CLK_HZ / 300000 + 1), .TIMEOUT_LOG2($clog2(CLK_HZ) + 1)) flash (
        .clk(clk), .rst(por), .start(nv_listen), .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi), .spi_miso(spi_miso),
        .load(nv_load), .load_board(nv_load_board), .load_gen(nv_load_gen), .ready(nv_ready), .failed(),
        .req(nv_req), .req_board(nv_board), .req_gen(nv_gen), .done(nv_done), .ok(nv_ok),
        .gen_sel(nv_sel), .gen_val(nv_val));
    // verilator lint_on PINCONNECTEMPTY

    // (a bench has no switch counters, no optics' pins and one slot clock: those ports stay open)
    // verilator lint_off PINCONNECTEMPTY
    oft_engine #(.ORDER(ORDER), .ROUTERS(ORDER), .PROCS(N), .FIRST_LEVEL(1), .FIRST_PROC(0), .CLK_HZ(CLK_HZ), .HDR(HDR),
                 .FLASH(1)) engine (
        .clk(clk), .por(por), .rst(rst), .nv_seed(nv_seed),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done), .fb_addr(fb_addr), .fb_data(fb_data),
        .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data), .resp_start(resp_start), .resp_broadcast(resp_broadcast),
        .resp_len(resp_len), .tx_busy(tx_busy),
        .counter_switch(), .counter_port(), .counter_sel(), .counter_value(64'd0), .counter_link_up(1'b1), .switch_cycle(64'd0),
        .reboot_req(reboot_req), .reboot_addr(reboot_addr),
        .fab_addr(fab_addr), .fab_data(fab_data), .fab_loaded(), .fab_step(fab_step), .fab_busy(fab_busy),
        .fab_counters(fab_counters), .fab_states(fab_states), .nv_ready(nv_ready), .nv_load(nv_load), .nv_load_board(nv_load_board), .nv_load_gen(nv_load_gen), .nv_req(nv_req),
        .nv_board(nv_board), .nv_gen(nv_gen), .nv_done(nv_done), .nv_ok(nv_ok), .nv_sel(nv_sel), .nv_val(nv_val), .nv_listen(nv_listen),
        .fab_at(1'b0), .fab_ready(), .fab_bank(), .fab_has(), .fab_ph_addr(3'd0), .fab_ph_data(),
        .slot(slot), .running(running), .slot_edge(), .slot_cyc(), .slot_period(),
        .sync_in(1'b0), .sync_lead(1'b0), .sync_out(), .sync_locked(), .sync_in_step(), .sync_error());
    // verilator lint_on PINCONNECTEMPTY

    oft_fabric #(.ORDER(ORDER), .ROUTERS(ORDER), .MAX_LAT(MAX_LAT), .AW(RA_AW + BW)) fabric (
        .clk(clk), .rst(reset), .latency(latency), .step(fab_step), .busy(fab_busy),
        .mem_addr(fab_addr), .mem_data(fab_data), .counters(fab_counters), .states(fab_states));
endmodule
