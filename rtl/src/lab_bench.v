// A lab's bench of separate optical boards, as a lab wires them: ORDER router-level boards (levels 1..ORDER) and
// 2^ORDER processor boards, each an oft_board of its own with its own UART (port b: router level b+1 for
// b < ORDER, processor b-ORDER after them), its own reset pin and its optics' pins, all on the fibre plant
// (fibre_plant.v). The root's board (level ORDER) leads the slot-reference line; every other board follows it
// over its own cable (a wire here, which line_cut cuts). The generations are not kept in flash on this bench (each board's FLASH = 0:
// the lone board's builds test the flash). Every board runs on a clock of its own (the harness's crystals, within
// +-ppm of CLK_HZ, or all one): their slot clocks start when their own Clock frames arrive, at different cycles,
// and only the line brings them into step and keeps them there. The plant runs on the leader's clock and samples
// the other boards' pins as they are (a model: it has no metastability).
module lab_bench #(
    parameter ORDER = 3,
    parameter CLK_HZ = 2000000,
    parameter CLKS_PER_BIT = 4,
    parameter FIFO_LOG2 = 9,
    parameter MAX_LAT = 15
) (
    input  wire [ORDER+(1<<ORDER)-1:0] clk, // each board's own crystal
    input  wire [ORDER+(1<<ORDER)-1:0] rst_n,
    input  wire [3:0]            latency,
    input  wire                  line_cut,   // the slot-reference line's cables cut (every follower's)
    input  wire [ORDER+(1<<ORDER)-1:0] rx,
    output wire [ORDER+(1<<ORDER)-1:0] tx,
    output wire [ORDER+(1<<ORDER)-1:0] in_step,    // each board's in-step LED
    output wire [ORDER+(1<<ORDER)-1:0] running,    // each board's running LED
    output wire [31:0]           carried,
    output wire [31:0]           handed,
    output wire [31:0]           collisions,
    output wire [31:0]           blanked,
    output wire [31:0]           slots
);
    localparam N = 1 << ORDER;
    localparam NB = ORDER + N;
    localparam LEAD = ORDER - 1;             // the root's router-level board

    wire [NB-1:0] mark, sync_out;
    wire [N-1:0] rx_valid;
    wire [ORDER*N-1:0] rx_addr;
    // every board's optics outputs; a router-level board's strobe and destination, and a processor board's
    // state, are driven low and go nowhere
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NB-1:0] st, inj, on;
    wire [ORDER*NB-1:0] d;
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [2:0] por = 3'b111;                 // the plant's own power-on reset
    always @(posedge clk[LEAD]) por <= {por[1:0], 1'b0};

    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : board
            localparam IS_ROUTER = b < ORDER;
            // (the bench has no LEDs and no flash: those pins stay open)
            // verilator lint_off PINCONNECTEMPTY
            oft_board #(.ORDER(ORDER), .ROUTERS(IS_ROUTER ? 1 : 0), .PROCS(IS_ROUTER ? 0 : 1),
                        .LEVEL(IS_ROUTER ? b + 1 : 1), .PROC(IS_ROUTER ? 0 : b - ORDER), .CLK_HZ(CLK_HZ),
                        .CLKS_PER_BIT(CLKS_PER_BIT), .FIFO_LOG2(FIFO_LOG2), .OPTICS(1), .FLASH(0), .SYNC(1)) u (
                .clk(clk[b]), .rst_n(rst_n[b]), .rx(rx[b]), .tx(tx[b]), .slot_led(), .running_led(running[b]),
                .state(st[b]), .inject(inj[b]), .dest(d[ORDER * b +: ORDER]),
                .rx_valid(IS_ROUTER ? 1'b0 : rx_valid[IS_ROUTER ? 0 : b - ORDER]),
                .rx_addr(IS_ROUTER ? {ORDER{1'b0}} : rx_addr[ORDER * (IS_ROUTER ? 0 : b - ORDER) +: ORDER]),
                .late_led(), .slot_mark(mark[b]),
                .spi_cs_n(), .spi_sck(), .spi_mosi(), .spi_miso(1'b1),
                .sync_in(sync_out[LEAD] && !line_cut), .sync_lead(b == LEAD), .sync_out(sync_out[b]), .in_step_led(in_step[b]),
                .optics_on(on[b]));
            // verilator lint_on PINCONNECTEMPTY
        end
    endgenerate

    fibre_plant #(.ORDER(ORDER), .MAX_LAT(MAX_LAT)) plant (
        .clk(clk[LEAD]), .rst(por[2]), .latency(latency), .mark(mark[LEAD]), .state(st[ORDER-1:0]), .level_on(on[ORDER-1:0]), .proc_on(on[NB-1:ORDER]), .inject(inj[NB-1:ORDER]), .dest(d[ORDER*NB-1:ORDER*ORDER]),
        .rx_valid(rx_valid), .rx_addr(rx_addr), .carried(carried), .handed(handed), .collisions(collisions), .blanked(blanked), .slots(slots));
endmodule
