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
    wire       owed_nz, ms_tick;
    // the slot-reference line (SYNC): a following board's slot clock runs on the loop's lengths and is aligned at each
    // pulse; at its start (cyc_start) it takes the Clock's own period, and the loop starts afresh a cycle later
    wire        sy_follow = SYNC != 0 && !sync_lead;
    wire        sy_align, sy_edge, sy_lo0, sy_one, sy_rlo0, sy_rone;
    wire [39:0] sy_left, sy_reload;
    wire        sy_use = sy_follow && !cyc_start;
    // (the clock's flags of its own count's last cycles: the engine reads the count itself)
    // verilator lint_off PINCONNECTEMPTY
    slot_clock #(.MS_CYCLES(MS_CYCLES)) clock (
        .clk(clk), .clear(por || rst), .running(running), .start(cyc_start), .reload(sy_use ? sy_reload : reload),
        .reload_lo0(sy_use ? sy_rlo0 : reload_lo0), .reload_one(sy_use ? sy_rone : reload_one), .done(done),
        .align(sy_align), .align_edge(sy_edge), .align_left(sy_left), .align_lo0(sy_lo0),
        .align_one(sy_one), .cyc(cyc), .cyc_lo0(), .cyc_one(), .due(due), .owed(owed),
        .owed_nz(owed_nz), .slot_edge(slot_edge), .ms_tick(ms_tick));
    // verilator lint_on PINCONNECTEMPTY
    // the leader's number, once a frame told it: the slot after the next boundary is sy_next, taken there (S_STEP)
    // unless a commit is scheduled (its epoch must not be jumped over); a follower is numbered once its slot is
    // the leader's, and in step while also locked
    reg         sy_take;
    reg  [63:0] sy_next;
    reg         sy_numbered;
    wire        sy_locked, sy_numv;
    wire [63:0] sy_num;
    reg         sy_pend;       // a commit is scheduled on some board (no number is taken then)
    integer     sy_k;
    always @* begin
        sy_pend = 1'b0;
        for (sy_k = 0; sy_k < NB; sy_k = sy_k + 1) sy_pend = sy_pend | pend_valid[sy_k];
    end
    wire        sy_take_now = sy_take && !sy_pend;
    assign sync_locked = sy_follow ? sy_locked : 1'b1;
    assign sync_in_step = !sy_follow || (sy_locked && sy_numbered);
    generate
        if (SYNC != 0) begin : sync
            // (holdover and the measured period have no register yet: issue 63's Status fields)
            // verilator lint_off PINCONNECTEMPTY
            slot_sync #(.LATENCY(SYNC_LATENCY)) sync_loop (
                .clk(clk), .rst(por || rst || !running || cyc_start), .line(sync_in), .enable(sy_follow), .period(reload),
                .cyc(cyc[23:0]), .slot_edge(slot_edge), .reload(sy_reload), .reload_lo0(sy_rlo0), .reload_one(sy_rone),
                .align(sy_align), .align_edge(sy_edge), .align_left(sy_left), .align_lo0(sy_lo0), .align_one(sy_one),
                .locked(sy_locked), .holdover(), .phase_error(sync_error), .measured(), .num_valid(sy_numv), .num(sy_num));
            // verilator lint_on PINCONNECTEMPTY
            // a leading board's pulse: the slot starting at this boundary is the engine's slot (every boundary due run)
            sync_pulse sync_source (.clk(clk), .rst(por || rst || !running || !sync_lead), .slot_edge(slot_edge), .number(slot),
                .line(sync_out));
        end else begin : no_sync
            assign sy_align = 1'b0;
            assign sy_edge = 1'b0;
            assign sy_left = 40'd0;
            assign sy_lo0 = 1'b0;
            assign sy_one = 1'b0;
            assign sy_reload = 40'd0;
            assign sy_rlo0 = 1'b0;
            assign sy_rone = 1'b0;
            assign sy_locked = 1'b0;
            assign sy_numv = 1'b0;
            assign sy_num = 64'd0;
            assign sync_error = 10'sd0;
            assign sync_out = 1'b0;
        end
    endgenerate
    assign slot_cyc = cyc;
    assign slot_period = reload;
