// One board on its own management port, for an FPGA: a router-level board (ROUTERS = 1, of level
// LEVEL), a processor board (PROCS = 1, of index PROC) or an electrical switch board's management
// plane (SWITCHES = 1: RADIX ports, LIDS forwarding-table entries; it reads its port counters from
// the counter registers of the switch's data path, which is not part of this design: zero here). The same link and engine as the bench,
// with no fibre plant behind it: with OPTICS = 1 an optical board drives its optics' pins in step with
// its slot clock (board_optics.v: a router-level board its routers' state, a processor board its
// injection strobe and destination, and it counts what it receives), and its telemetry counts them. The
// board answers at address 0 and as the backplane (its own slot clock). Its generation is kept
// across a reset (rst_n); with FLASH = 1 across a power cycle too, in the SPI flash (gen_flash.v): a claim
// that raises it is answered once it is kept there.
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
    parameter SPRAM = 0,           // 1 on an iCE40 UltraPlus: the single-port memories in its SPRAM
    parameter OPTICS = 0,          // 1: the optics' pins (an optical board, order 3 or more)
    parameter STROBE = 4,          // cycles a processor's injection strobe stays high
    parameter FLASH = 0,           // 1: the generations kept in the SPI flash across power cycles (gen_flash.v)
    parameter SYNC = 0,            // 1: the slot-reference line (issue 63): led (sync_lead high) or followed
    parameter SYNC_LATENCY = 3     // cycles from the leader's slot start to the align acting here: 3, and the line's delay in cycles
) (
    input  wire clk,
    input  wire rst_n,
    input  wire rx,
    output wire tx,
    output wire slot_led,          // toggles every slot
    output wire running_led,
    // the optics (OPTICS = 1): a router-level board's state; a processor board's strobe and destination
    // out, and what its receiver hands it in
    output wire state,
    output wire inject,
    output wire [ORDER-1:0] dest,
    input  wire rx_valid,
    input  wire [ORDER-1:0] rx_addr,
    output wire late_led,          // a slot was not driven (sticky until a reset)
    output reg  slot_mark,         // high in each slot's first cycle (a scope's trigger, the sync line's source)
    // the SPI configuration flash, where the generations are kept (FLASH = 1)
    output wire spi_cs_n,
    output wire spi_sck,
    output wire spi_mosi,
    input  wire spi_miso,
    // the slot-reference line (SYNC = 1): the leading board (sync_lead strapped high) drives sync_out to every other
    // board's sync_in; in_step_led: led, or locked to the line and told its slot numbers. A board out of step drives
    // nothing on its optics (no injection, no state change) and holds optics_on low, the optical path's enable.
    input  wire sync_in,
    input  wire sync_lead,
    output wire sync_out,
    output wire in_step_led,
    output wire optics_on
);
    localparam HDR = 24;
    localparam N = 1 << ORDER;
    localparam NB = ROUTERS + PROCS + SWITCHES;
    localparam BW = $clog2(NB + 1);
    localparam RA_AW = SWITCHES > 0 ? $clog2(LIDS) : $clog2(PROCS > 0 ? 2 * N : (N >= 16 ? N / 8 : 2));

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
    wire [7:0] fab_data, fab_ph_data;
    wire fab_loaded, fab_step, fab_has, slot_edge;
    wire [RA_AW+BW-1:0] fab_addr;
    wire fab_ready;
    wire [1:0] fab_bank;
    wire [2:0] fab_ph_addr;
    wire [39:0] slot_cyc, slot_period;
    wire [64*10-1:0] fab_counters;
    wire [8*ORDER-1:0] fab_states;
    // the generations and the count of power-ups in the SPI flash (gen_flash.v), read again at power-up
    wire nv_ready, nv_load, nv_req, nv_done, nv_ok, nv_listen;
    wire [15:0] nv_load_board, nv_board, nv_sel;
    wire [63:0] nv_load_gen, nv_gen, nv_val;
    generate
        if (FLASH != 0) begin : kept
            // (a flash that fails leaves the generations at zero, as a blank one does)
            // verilator lint_off PINCONNECTEMPTY
            gen_flash #(.BOARDS(NB + 2), .WAKE_CYCLES(CLK_HZ / 300000 + 1), .TIMEOUT_LOG2($clog2(CLK_HZ) + 1)) flash (
                .clk(clk), .rst(por), .start(nv_listen), .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi),
                .spi_miso(spi_miso), .load(nv_load), .load_board(nv_load_board), .load_gen(nv_load_gen), .ready(nv_ready),
                .failed(), .req(nv_req), .req_board(nv_board), .req_gen(nv_gen), .done(nv_done), .ok(nv_ok),
                .gen_sel(nv_sel), .gen_val(nv_val));
            // verilator lint_on PINCONNECTEMPTY
        end else begin : not_kept
            assign nv_ready = 1'b1;
            assign nv_load = 1'b0;
            assign nv_load_board = 0;
            assign nv_load_gen = 0;
            assign nv_done = 1'b0;
            assign nv_ok = 1'b0;
            assign nv_sel = 0;
            assign spi_cs_n = 1'b1;
            assign spi_sck = 1'b0;
            assign spi_mosi = 1'b0;
        end
    endgenerate

    wire in_step; // led, or locked to the line and numbered: the optics are driven
    // (an optical board has no switch counters; the line's lock and phase error have no pin of their own)
    // verilator lint_off PINCONNECTEMPTY
    oft_engine #(.ORDER(ORDER), .ROUTERS(ROUTERS), .PROCS(PROCS), .FIRST_LEVEL(LEVEL), .FIRST_PROC(PROC), .SWITCHES(SWITCHES),
                 .RADIX(RADIX), .LIDS(LIDS), .CLK_HZ(CLK_HZ), .HDR(HDR),
                 .FAB_PORT(OPTICS), .PH_PORT(OPTICS), .SPRAM(SPRAM), .FLASH(FLASH), .SYNC(SYNC),
                 .SYNC_LATENCY(SYNC_LATENCY)) engine (
        .clk(clk), .por(por), .rst(rst_sync[1]), .nv_seed(32'h0B0A_0001),
        .frame_valid(frame_valid), .frame_len(frame_len), .hdr(hdr), .frame_done(frame_done),
        .fb_addr(fb_addr), .fb_data(fb_data),
        .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data), .resp_start(resp_start), .resp_broadcast(resp_broadcast),
        .resp_len(resp_len), .tx_busy(tx_busy), .reboot_req(1'b0), .reboot_addr(16'd0),
        .counter_switch(), .counter_port(), .counter_sel(), .counter_value(64'd0), .counter_link_up(1'b1), .switch_cycle(64'd0),
        .fab_addr(fab_addr), .fab_data(fab_data), .fab_loaded(fab_loaded), .fab_step(fab_step), .fab_busy(1'b0),
        .fab_counters(fab_counters), .fab_states(fab_states),
        .nv_ready(nv_ready), .nv_load(nv_load), .nv_load_board(nv_load_board), .nv_load_gen(nv_load_gen), .nv_req(nv_req),
        .nv_board(nv_board), .nv_gen(nv_gen), .nv_done(nv_done), .nv_ok(nv_ok), .nv_sel(nv_sel), .nv_val(nv_val), .nv_listen(nv_listen),
        .fab_at(OPTICS != 0), .fab_ready(fab_ready), .fab_bank(fab_bank), .fab_has(fab_has),
        .fab_ph_addr(fab_ph_addr), .fab_ph_data(fab_ph_data),
        .slot(slot), .running(running_led), .slot_edge(slot_edge), .slot_cyc(slot_cyc), .slot_period(slot_period),
        .sync_in(sync_in), .sync_lead(SYNC != 0 && sync_lead), .sync_out(sync_out), .sync_locked(), .sync_in_step(in_step),
        .sync_error());
    // verilator lint_on PINCONNECTEMPTY
    assign in_step_led = in_step;
    wire undriven; // an optical board's slot that came late, not driven (board_optics.v)
    wire optics_run = running_led && in_step; // the pins are driven
    assign optics_on = optics_run && !undriven; // the path is enabled: driven, and this slot's values armed in time
    assign slot_led = slot[0];
    always @(posedge clk) slot_mark <= slot_edge;

    generate
        if (OPTICS != 0 && SWITCHES == 0) begin : optics
            wire [31:0] injected, delivered, misdelivered, late;
            wire [7:0] l_inj, l_del, l_mis, l_late;
            wire stepped;
            board_optics #(.ORDER(ORDER), .ROUTER(ROUTERS), .PROC(PROC), .CLK_HZ(CLK_HZ), .STROBE(STROBE),
                           .AW(RA_AW + BW)) pins (
                .clk(clk), .rst(por || rst_sync[1]),
                .running(optics_run), .slot_edge(slot_edge), .slot_cyc(slot_cyc), .slot_period(slot_period),
                .fab_ready(fab_ready), .next_row(slot[ORDER-1:0]),
                .fab_addr(fab_addr), .fab_data(fab_data), .fab_bank(fab_bank), .fab_has(fab_has),
                .fab_ph_addr(fab_ph_addr), .fab_ph_data(fab_ph_data),
                .state(state), .inject(inject), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
                .injected(injected), .delivered(delivered), .misdelivered(misdelivered), .late(late),
                .last_injected(l_inj), .last_delivered(l_del), .last_misdelivered(l_mis), .last_late(l_late),
                .stepped(stepped), .undriven(undriven));
            // telemetry: injected, delivered, misdelivered, collisions (none seen here), lost (slots not driven);
            // the totals then the last slot's
            assign fab_counters = {56'd0, l_late, 64'd0, 56'd0, l_mis, 56'd0, l_del, 56'd0, l_inj,
                                   32'd0, late, 64'd0, 32'd0, misdelivered, 32'd0, delivered, 32'd0, injected};
            genvar g;
            for (g = 0; g < ORDER; g = g + 1) begin : lv
                assign fab_states[8 * g +: 8] = ROUTERS != 0 && g == LEVEL - 1 && stepped ? {7'd0, state} : 8'hFF;
            end
            assign late_led = late != 0;
        end else begin : no_optics
            assign fab_addr = 0;
            assign fab_ph_addr = 0;
            assign fab_counters = 0;
            assign fab_states = {(8 * ORDER){1'b1}};
            assign state = 1'b0;
            assign inject = 1'b0;
            assign dest = 0;
            assign late_led = 1'b0;
            assign undriven = 1'b0;
        end
    endgenerate

    // What a configuration leaves unread (Verilator's unused-signal idiom): the link's error counters (no register
    // reads them yet), broadcast answers (this board has one link), the slot number past the LED's bit, the optics'
    // side with OPTICS = 0 (or a router's receiver) and the flash's with FLASH = 0.
    wire unused_ok = &{1'b0, corrupt, oversized, overflows, resp_broadcast, slot, rx_valid, rx_addr, fab_data, fab_ph_data,
                       fab_loaded, fab_step, fab_has, fab_ready, fab_bank, slot_edge, slot_cyc, slot_period, spi_miso,
                       nv_req, nv_listen, nv_board, nv_gen, nv_val};
endmodule
