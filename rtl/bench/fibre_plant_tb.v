`timescale 1ns / 1ps
// fibre_plant's bench: an order-3 plant timed by a leader's slot marks (40-cycle slots), routers' states random
// each slot, every processor injecting once a slot to a random destination a few cycles after the boundary. Each
// packet of slot t must reach processor s ^ X, X's bit L-1 the state of level L in slot t + latency + (3 - L) (root
// first), during slot t + latency + 2, with the destination it was sent with; nothing else arrives. A processor
// that injects twice in a window collides with itself (counted, neither arrives); a wave that crosses a dark level
// and a packet for a dark processor are blanked (counted, not delivered). Latencies 0, 1 and 5.
module fibre_plant_tb;
    localparam ORDER = 3, N = 8, P = 40, SLOTS = 120;
    reg clk = 0;
    always #5 clk = !clk;
    reg rst = 1, mark = 0;
    reg [3:0] latency = 1;
    reg [ORDER-1:0] state = 0, level_on = {ORDER{1'b1}};
    reg [N-1:0] inject = 0, proc_on = {N{1'b1}};
    reg [ORDER*N-1:0] dest = 0;
    wire [N-1:0] rx_valid;
    wire [ORDER*N-1:0] rx_addr;
    wire [31:0] carried, handed, collisions, blanked, slots;
    fibre_plant #(.ORDER(ORDER), .MAX_LAT(15), .STROBE(4)) dut (
        .clk(clk), .rst(rst), .latency(latency), .mark(mark), .state(state), .level_on(level_on), .proc_on(proc_on),
        .inject(inject), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr), .carried(carried), .handed(handed),
        .collisions(collisions), .blanked(blanked), .slots(slots));

    integer t = -1;                     // the leader's slot (its marks counted)
    reg [ORDER-1:0] st [0:SLOTS+31];    // the routers' states in each slot
    reg [ORDER-1:0] to [0:SLOTS+31][0:N-1];
    reg [N-1:0] sent [0:SLOTS+31];      // who injected (once) in each slot
    reg [N-1:0] dark_rx [0:SLOTS+31];   // receivers dark in each slot
    reg [ORDER-1:0] dark_lv [0:SLOTS+31];
    integer seed = 7, k, s, got = 0, want = 0, want_blank = 0, want_coll = 0, first = 3, r, w, x, lv, bad;
    reg [N-1:0] was = 0;

    task fail(input [8*64-1:0] what, input integer g, input integer e);
        begin
            $display("FAIL fibre_plant: %0s: %0d, expected %0d (slot %0d, latency %0d)", what, g, e, t, latency);
            $fatal(1);
        end
    endtask

    // X of the wave injected in slot w: level L's state in slot w + latency + ORDER - L
    function [ORDER-1:0] flips(input integer wave);
        integer L;
        begin
            flips = 0;
            for (L = 1; L <= ORDER; L = L + 1) flips[L - 1] = st[wave + latency + ORDER - L][L - 1];
        end
    endfunction
    function dark_wave(input integer wave);
        integer L;
        begin
            dark_wave = 0;
            for (L = 1; L <= ORDER; L = L + 1) if (dark_lv[wave + latency + ORDER - L][L - 1]) dark_wave = 1;
        end
    endfunction

    // every receiver's strobe: the packet of the wave that crossed level 1 in this slot
    always @(posedge clk) begin
        was <= rx_valid;
        for (r = 0; r < N; r = r + 1) begin
            if (rx_valid[r] && !was[r]) begin
                w = t - latency - (ORDER - 1);
                if (w < first) fail("a packet before any was sent (receiver)", r, -1);
                x = flips(w);
                s = r ^ x;
                if (!sent[w][s]) fail("a packet from a processor that sent none (receiver)", r, s);
                if (dark_rx[t][r] || dark_wave(w)) fail("a packet through a dark board (receiver)", r, -1);
                if (rx_addr[ORDER * r +: ORDER] != to[w][s]) fail("a packet's destination", rx_addr[ORDER * r +: ORDER], to[w][s]);
                got = got + 1;
            end
        end
    end

    task run(input integer lat, input integer slots_to_run);
        integer i, c;
        begin
            latency = lat;
            rst = 1;
            t = -1;
            repeat (3) @(negedge clk);
            rst = 0;
            for (i = 0; i < SLOTS + 32; i = i + 1) begin
                sent[i] = 0;
                dark_rx[i] = 0;
                dark_lv[i] = 0;
                st[i] = $random(seed);
            end
            for (i = 0; i < slots_to_run; i = i + 1) begin
                // the boundary: slot i begins, the routers take its state (the plant looks mid-slot)
                mark = 1;
                t = i;
                state = st[i];
                level_on = ~dark_lv[i];
                proc_on = ~dark_rx[i];
                @(negedge clk);
                mark = 0;
                repeat (2) @(negedge clk);
                // every processor injects from slot `first` on (the plant has measured a period by then), and stops
                // early enough that every wave arrives before the run ends
                if (i >= first && i < slots_to_run - lat - ORDER - 1) begin
                    for (k = 0; k < N; k = k + 1) to[i][k] = $random(seed);
                    for (k = 0; k < N; k = k + 1) dest[ORDER * k +: ORDER] = to[i][k];
                    sent[i] = {N{1'b1}};
                    if (i % 17 == 5) begin // processor 3 injects twice in this window: it collides with itself
                        sent[i][3] = 1'b0;
                        want_coll = want_coll + 1;
                    end
                    // a dark level on the way, or a dark receiver at the end: blanked
                    if (i % 13 == 7) dark_lv[i + lat + 1][ORDER - 2] = 1'b1; // level 2, a slot after the root
                    if (i % 11 == 4) dark_rx[i + lat + ORDER - 1][2] = 1'b1;
                    inject = {N{1'b1}};
                    repeat (4) @(negedge clk);
                    inject = 0;
                    if (i % 17 == 5) begin
                        repeat (3) @(negedge clk);
                        inject[3] = 1'b1;
                        repeat (4) @(negedge clk);
                        inject[3] = 1'b0;
                        c = 2 + 4 + 3 + 4;
                    end else begin
                        c = 2 + 4;
                    end
                end else begin
                    c = 2;
                end
                repeat (P - 1 - c) @(negedge clk);
            end
            // what should have arrived, and what should have been blanked
            for (i = first; i < slots_to_run - lat - ORDER - 1; i = i + 1) begin
                for (k = 0; k < N; k = k + 1) begin
                    if (sent[i][k]) begin
                        if (dark_wave(i) || dark_rx[i + lat + ORDER - 1][k ^ flips(i)]) want_blank = want_blank + 1;
                        else want = want + 1;
                    end
                end
            end
        end
    endtask

    initial begin
        #(10 * 2_000_000);
        $display("FAIL fibre_plant: still running after 2,000,000 cycles");
        $fatal(1);
    end
    initial begin
        bad = 0;
        run(1, SLOTS);
        if (got != want) fail("packets delivered, latency 1", got, want);
        if (blanked != want_blank) fail("packets blanked, latency 1", blanked, want_blank);
        if (collisions != want_coll) fail("collisions, latency 1", collisions, want_coll);
        if (carried != handed + blanked + collisions) fail("carried, latency 1", carried, handed + blanked + collisions);
        lv = got;
        got = 0; want = 0; want_blank = 0; want_coll = 0;
        run(0, SLOTS);
        if (got != want || blanked != want_blank || collisions != want_coll) fail("delivered, latency 0", got, want);
        lv = lv + got;
        got = 0; want = 0; want_blank = 0; want_coll = 0;
        run(5, SLOTS);
        if (got != want || blanked != want_blank || collisions != want_coll) fail("delivered, latency 5", got, want);
        lv = lv + got;
        $display("PASS fibre_plant: %0d packets at latencies 1, 0 and 5 each reached processor s ^ X of the states it met, root first, with its destination; self-collisions counted, dark levels and receivers blanked (%0d in the last run)",
                 lv, blanked);
        $finish;
    end
endmodule
