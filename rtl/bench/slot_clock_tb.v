`timescale 1ns / 1ps
// slot_clock's bench: a boundary every max(reload, 1) cycles from a Clock's start, across the counter's 20-bit
// halves; at most 4 owed to an engine that stops running them, then none counted and the phase kept; a
// reset stops it; a millisecond tick every MS_CYCLES cycles.
module slot_clock_tb;
    localparam MS = 7;
    reg clk = 0;
    always #5 clk = !clk;
    reg clear = 1, running = 0, start = 0, follow = 1;
    reg [39:0] reload = 0;
    reg [2:0] done = 0;
    wire [39:0] cyc;
    wire [2:0] due, owed;
    wire cyc_lo0, cyc_one, owed_nz, slot_edge, ms_tick;
    slot_clock #(.MS_CYCLES(MS)) dut (
        .clk(clk), .clear(clear), .running(running), .start(start), .reload(reload), .reload_lo0(reload[19:0] == 0),
        .reload_one(reload[39:1] == 0), .done(done), .align(1'b0), .align_edge(1'b0), .align_left(40'd0),
        .align_lo0(1'b0), .align_one(1'b0), .cyc(cyc), .cyc_lo0(cyc_lo0), .cyc_one(cyc_one), .due(due),
        .owed(owed), .owed_nz(owed_nz), .slot_edge(slot_edge), .ms_tick(ms_tick));

    // the engine: runs every boundary due in the cycle after it falls (follow), or none
    always @(posedge clk) if (follow) done <= due;

    integer now = 0, last_edge = -1, edges = 0, last_ms = -1, ms_ticks = 0, errors = 0;
    always @(posedge clk) begin
        now <= now + 1;
        if (slot_edge) begin
            last_edge <= now;
            edges <= edges + 1;
        end
        if (clear) last_ms <= -1; // (a reset starts the millisecond again)
        else if (ms_tick) begin
            if (last_ms >= 0 && now - last_ms != MS) fail_at("a millisecond's ticks apart", now - last_ms, MS);
            last_ms <= now;
            ms_ticks <= ms_ticks + 1;
        end
        if (!clear && cyc_lo0 != (cyc[19:0] == 0)) fail_at("cyc_lo0 against cyc[19:0] == 0", cyc_lo0, cyc[19:0] == 0);
    end
    task fail_at(input [8*40-1:0] what, input integer got, input integer want);
        begin
            $display("FAIL slot_clock: %0s: %0d, expected %0d (cycle %0d)", what, got, want, now);
            $fatal(1);
        end
    endtask

    // a Clock at period p: the start pulse, then n boundaries, each p cycles (p = 0 as 1) after the one before,
    // the first p cycles after the start
    task run_clock(input [39:0] p, input integer n);
        integer k, at, want;
        begin
            want = p == 0 ? 1 : p;
            @(negedge clk);
            reload = p;
            running = 1;
            start = 1;
            @(negedge clk);
            start = 0;
            at = now - 1;
            for (k = 0; k < n; k = k + 1) begin
                @(posedge clk);
                while (!slot_edge) @(posedge clk);
                #1;
                if (last_edge - at != want) fail_at("cycles from the boundary before", last_edge - at, want);
                at = last_edge;
            end
        end
    endtask

    integer k, seen, phase;
    initial begin // a boundary that never comes
        #(10 * 4_000_000);
        $display("FAIL slot_clock: still running after 4,000,000 cycles (a boundary that never came)");
        $fatal(1);
    end
    initial begin
        repeat (3) @(negedge clk);
        clear = 0;
        // stopped: nothing falls due
        repeat (20) @(negedge clk);
        if (edges != 0 || due != 0) fail_at("boundaries while stopped", edges, 0);
        run_clock(5, 6);
        run_clock(0, 4);
        run_clock(1, 4);
        run_clock(2, 4);
        run_clock(3, 3);      // a start mid-slot begins a slot of its own
        run_clock(40'd1048576, 1);    // 2^20: the upper half alone
        run_clock(40'd1048577, 1);    // 2^20 + 1: the lower half borrows into the upper
        // an engine that stops running them (the last boundary above not yet run): 4 owed, then no boundary is
        // counted, and the slots keep their phase
        run_clock(10, 1);
        phase = last_edge;
        follow = 0;
        seen = edges;
        repeat (100) @(negedge clk);
        if (edges - seen != 3 || owed != 4) fail_at("boundaries counted until 4 owed", edges - seen, 3);
        if (!owed_nz) fail_at("owed_nz with 4 owed", owed_nz, 1);
        @(negedge clk);
        done = done + 1;
        @(posedge clk);
        while (!slot_edge) @(posedge clk);
        #1;
        if ((last_edge - phase) % 10 != 0) fail_at("the phase after the engine caught up (cycles past a slot)", (last_edge - phase) % 10, 0);
        follow = 1;
        repeat (30) @(negedge clk);
        if (owed != 0 || owed_nz) fail_at("owed once the engine follows", owed, 0);
        // a reset stops the boundaries and forgets those due
        clear = 1;
        @(negedge clk);
        @(posedge clk);
        #1;
        if (slot_edge || due != 0) fail_at("a boundary in a reset", slot_edge, 0);
        @(negedge clk);
        clear = 0;
        running = 0;
        seen = edges;
        repeat (50) @(negedge clk);
        if (edges != seen) fail_at("boundaries after a reset, stopped", edges - seen, 0);
        if (ms_ticks < 100) fail_at("milliseconds ticked", ms_ticks, 100);
        $display("PASS slot_clock: periods 0, 1, 2, 3, 5, 10, 2^20, 2^20+1 to the cycle; 4 owed at most, phase kept; reset stops it; %0d milliseconds every %0d cycles", ms_ticks, MS);
        $finish;
    end
endmodule
