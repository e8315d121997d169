// oft_engine's time, included in its body: the slot clock (slot_clock.v, the only writer of cyc and due) and
// what the engine keeps for it: the period a Clock set, the boundaries run, the leases' walk.
    reg        lw_on;      // the leases' walk: one board a cycle through one decrementer
    reg [BW-1:0] lw;
    reg [39:0] reload;     // cycles a slot (0 as 1; a slot of 1000 s at 1 GHz fits)
    reg        reload_lo0; // reload[19:0] == 0, registered with reload
    reg        reload_one; // reload[39:1] == 0, registered with reload
    reg [2:0]  done;       // slot boundaries run: the clock waits for the fabric beyond 4 owed
    reg        cyc_start;  // the Clock started: the period is loaded in the next cycle (the engine's pulse)
    wire [39:0] cyc;
    wire [2:0] due, owed;
    wire       cyc_lo0, cyc_one, owed_nz, ms_tick;
    slot_clock #(.MS_CYCLES(MS_CYCLES)) clock (
        .clk(clk), .clear(por || rst), .running(running), .start(cyc_start), .reload(reload), .reload_lo0(reload_lo0),
        .reload_one(reload_one), .done(done), .align(1'b0), .align_edge(1'b0), .align_left(40'd0), .align_lo0(1'b0),
        .align_one(1'b0), .cyc(cyc), .cyc_lo0(cyc_lo0), .cyc_one(cyc_one), .due(due), .owed(owed),
        .owed_nz(owed_nz), .slot_edge(slot_edge), .ms_tick(ms_tick));
    assign slot_cyc = cyc;
    assign slot_period = reload;
