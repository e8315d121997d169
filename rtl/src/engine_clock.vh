// oft_engine's time, included in its body: milliseconds for the leases, and the slot clock (the only
// writer of cyc and due).
    // ---- time: milliseconds for leases, the slot clock -------------------------------------------
    reg [19:0] ms_div;     // CLK_HZ / 1000 is below 2^20 up to 1 GHz
    reg        ms_tick;    // a millisecond has passed: the leases count down
    reg        lw_on;      // the leases' walk: one board a cycle through one decrementer
    reg [BW-1:0] lw;
    reg [39:0] reload;     // cycles a slot (0 as 1; a slot of 1000 s at 1 GHz fits)
    reg [39:0] cyc;        // cycles left in this slot: the boundary falls at 1 (or 0)
    reg        cyc_lo0;    // cyc[19:0] == 0, kept as cyc counts: the halves count down side by side (two 20-bit
                           // carry chains, not one of 40), the upper one borrowing on this bit
    reg        reload_lo0; // reload[19:0] == 0, registered with reload
    reg [2:0]  due, done;  // slot boundaries due and run: the clock waits for the fabric beyond 4 owed
    wire [2:0] owed = due - done;
    reg        cyc_one;    // cyc[39:1] == 0, kept as cyc counts (no 40-bit test in front of the reload)
    reg        reload_one; // reload[39:1] == 0, registered with reload
    reg        cyc_start;  // the Clock started: the period is loaded in the next cycle (the engine's pulse)
    reg        owed_nz;    // owed != 0, a cycle late (the engine returns to S_IDLE several cycles after it acts on it)
    always @(posedge clk) owed_nz <= owed != 0;
    assign slot_edge = running && cyc_one && !cyc_start && owed != 3'd4 && !por && !rst;
    assign slot_cyc = cyc;
    assign slot_period = reload;
    // the slot clock, the only writer of cyc and due: a boundary falls due every period cycles while it runs
    always @(posedge clk) begin
        if (por || rst) begin
            cyc <= 0;
            cyc_lo0 <= 1'b1;
            cyc_one <= 1'b1;
            due <= 0;
        end else if (running) begin
            if (cyc_one || cyc_start) begin
                cyc <= reload;
                cyc_lo0 <= reload_lo0;
                cyc_one <= reload_one;
                if (!cyc_start && owed != 3'd4) due <= due + 1'b1;
            end else begin
                cyc[19:0] <= cyc[19:0] - 1'b1;
                cyc[39:20] <= cyc[39:20] - cyc_lo0;
                cyc_lo0 <= cyc[19:0] == 20'd1;
                cyc_one <= cyc == 40'd2; // (it is at least 2 here)
            end
        end
    end
    always @(posedge clk) begin
        ms_tick <= 1'b0;
        if (por || rst) begin
            ms_div <= 0;
        end else if (ms_div == MS_CYCLES - 1) begin
            ms_div <= 0;
            ms_tick <= 1'b1;
        end else begin
            ms_div <= ms_div + 1'b1;
        end
    end
