`timescale 1ns / 1ps
// board_optics' bench: a processor board (order 3, processor 5) and a router-level board (level 1) on the real
// slot clock (slot_clock.v) and a model of the engine's fabric port (the banks of the next slot, a commit due
// at slot E switching them, the engine a few cycles behind each boundary). Every slot's pin change must come at
// B_t + phaseCycles(phase) of the bank active in slot t, as BoardClocks.phaseCycles rounds picoseconds (here
// again, in 128-bit integers), with the table's destination (the processor) or bit t mod 8 of the control
// sequence (the router); a negative phase switches before the boundary. The processor's strobe lasts STROBE
// cycles; what comes back on its receiver's pins is counted delivered or misdelivered. Slots without a table
// are not driven and not late; slots too short to fetch their values in are not driven and counted late.
module board_optics_tb;
    localparam ORDER = 3, N = 8, PROC = 5, STROBE = 4, CLK_HZ = 2_000_000, E = 20, SLOTS = 44, D = 6;
    localparam [63:0] PS0 = 64'd1_500_000;                      // bank 0: 3 cycles after the boundary
    localparam [63:0] PS1 = -64'sd5_250_000;                     // bank 1: 10.5 cycles before it (rounds to 11)
    localparam [63:0] RPS0 = -64'sd2_000_000, RPS1 = 64'd7_000_000; // the router's phases
    reg clk = 0;
    always #5 clk = !clk;
    reg rst = 1, clear = 1, running = 0, start = 0;
    reg dark = 0; // the board out of step: its slot clock runs, its optics must drive nothing
    reg [39:0] period = 500;

    // ---- the slot clock and the engine: it runs each boundary D cycles after it falls due ---------------------
    wire [39:0] cyc;
    wire [2:0] due, owed;
    wire cyc_lo0, cyc_one, owed_nz, slot_edge, ms_tick;
    reg [2:0] done = 0;
    slot_clock #(.MS_CYCLES(CLK_HZ / 1000)) clock (
        .clk(clk), .clear(clear), .running(running), .start(start), .reload(period), .reload_lo0(period[19:0] == 0),
        .reload_one(period[39:1] == 0), .done(done), .align(1'b0), .align_edge(1'b0), .align_left(40'd0),
        .align_lo0(1'b0), .align_one(1'b0), .cyc(cyc), .cyc_lo0(cyc_lo0), .cyc_one(cyc_one), .due(due),
        .owed(owed), .owed_nz(owed_nz), .slot_edge(slot_edge), .ms_tick(ms_tick));
    reg [63:0] eslot = 0;       // the next slot's number, once the engine has run every boundary due
    reg [3:0] busy = 0;
    always @(posedge clk) begin
        if (clear) begin
            done <= 0;
            busy <= 0;
            eslot <= 0;
        end else if (busy != 0) begin
            busy <= busy - 1'b1;
            if (busy == 1) begin
                done <= done + 1'b1;
                eslot <= eslot + 1'b1;
            end
        end else if (owed != 0) begin
            busy <= D;
        end
    end
    wire fab_ready = owed == 0 && busy == 0;
    wire bank = eslot >= E;     // a commit due at E: the next slot's banks
    wire has = eslot >= 2;      // a table is active from slot 2 on (none before: not driven, not late)

    // ---- the processor board and its banks ---------------------------------------------------------------
    reg [7:0] table_ [0:1][0:2*N-1];
    reg [7:0] phases [0:1][0:7];
    wire [4:0] p_addr;
    wire [2:0] p_ph_addr;
    reg [7:0] p_data, p_ph_data;
    always @(posedge clk) begin
        p_data <= table_[bank][p_addr[3:0]];
        p_ph_data <= phases[bank][p_ph_addr];
    end
    reg rx_valid = 0;
    reg [ORDER-1:0] rx_addr = 0;
    wire p_state, inject, p_stepped, p_undriven;
    wire [ORDER-1:0] dest;
    wire [31:0] injected, delivered, misdelivered, p_late;
    wire [7:0] l_inj, l_del, l_mis, l_late;
    board_optics #(.ORDER(ORDER), .ROUTER(0), .PROC(PROC), .CLK_HZ(CLK_HZ), .STROBE(STROBE), .AW(5)) proc_pins (
        .clk(clk), .rst(rst), .running(running && !dark), .slot_edge(slot_edge), .slot_cyc(cyc), .slot_period(period),
        .fab_ready(fab_ready), .next_row(eslot[ORDER-1:0]), .fab_addr(p_addr), .fab_data(p_data),
        .fab_bank({bank, bank}), .fab_has(has), .fab_ph_addr(p_ph_addr), .fab_ph_data(p_ph_data),
        .state(p_state), .inject(inject), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
        .injected(injected), .delivered(delivered), .misdelivered(misdelivered), .late(p_late),
        .last_injected(l_inj), .last_delivered(l_del), .last_misdelivered(l_mis), .last_late(l_late), .stepped(p_stepped), .undriven(p_undriven));

    // ---- the router-level board (level 1: 4 nodes, the sequence's 8 bits in one byte) ---------------------------
    reg [7:0] seq_ [0:1];
    reg [7:0] rphases [0:1][0:7];
    wire [1:0] r_addr;
    wire [2:0] r_ph_addr;
    reg [7:0] r_data, r_ph_data;
    always @(posedge clk) begin
        r_data <= r_addr[0] ? 8'h00 : seq_[bank];
        r_ph_data <= rphases[bank][r_ph_addr];
    end
    wire r_state, r_inject, r_stepped, r_undriven;
    // slots whose optical path is disabled (undriven through them), counted at each boundary's next cycle
    integer p_und = 0, r_und = 0;
    reg edge_d = 0;
    always @(posedge clk) begin
        edge_d <= slot_edge;
        if (edge_d && p_undriven) p_und = p_und + 1;
        if (edge_d && r_undriven) r_und = r_und + 1;
    end
    wire [ORDER-1:0] r_dest;
    wire [31:0] r_late;
    board_optics #(.ORDER(ORDER), .ROUTER(1), .PROC(0), .CLK_HZ(CLK_HZ), .STROBE(STROBE), .AW(2)) router_pins (
        .clk(clk), .rst(rst), .running(running && !dark), .slot_edge(slot_edge), .slot_cyc(cyc), .slot_period(period),
        .fab_ready(fab_ready), .next_row(eslot[ORDER-1:0]), .fab_addr(r_addr), .fab_data(r_data),
        .fab_bank({bank, bank}), .fab_has(has), .fab_ph_addr(r_ph_addr), .fab_ph_data(r_ph_data),
        .state(r_state), .inject(r_inject), .dest(r_dest), .rx_valid(1'b0), .rx_addr({ORDER{1'b0}}),
        .injected(), .delivered(), .misdelivered(), .late(r_late), .last_injected(), .last_delivered(),
        .last_misdelivered(), .last_late(), .stepped(r_stepped), .undriven(r_undriven));

    // ---- what the pins did, cycle by cycle (after each edge: what the board drives in that cycle) ------------
    integer now = 0, nb = 0, ni = 0, ns = 0, strobe_len = 0, echoes = 0, to_self = 0;
    integer bnd [0:127];                 // each slot's first cycle
    integer inj_at [0:127], inj_to [0:127];
    integer st_at [0:127], st_to [0:127];
    reg mark = 0, inj_prev = 0, st_prev = 0;
    integer echo_at [0:127], echo_to [0:127], e_head = 0, e_tail = 0;
    always @(posedge clk) begin
        now <= now + 1;
        mark <= slot_edge;
    end
    always @(negedge clk) begin // (the cycle's values, sampled between edges)
        if (mark) begin bnd[nb] = now; nb = nb + 1; end
        if (inject && !inj_prev) begin
            inj_at[ni] = now; inj_to[ni] = dest; ni = ni + 1;
            echo_at[e_tail] = now + 40; echo_to[e_tail] = dest; e_tail = e_tail + 1;
        end
        if (inject) strobe_len = strobe_len + 1;
        inj_prev = inject;
        if (r_state != st_prev) begin st_at[ns] = now; st_to[ns] = r_state; ns = ns + 1; end
        st_prev = r_state;
        // the receiver: the address a cycle before valid rises, valid high 3 cycles
        if (e_head < e_tail && echo_at[e_head] == now + 1) rx_addr = echo_to[e_head];
        if (e_head < e_tail && echo_at[e_head] == now) begin
            rx_valid = 1;
            if (echo_to[e_head] == PROC) to_self = to_self + 1;
            e_head = e_head + 1;
            echoes = echoes + 1;
        end else if (rx_valid && now >= echo_at[e_head - 1] + 3) rx_valid = 0;
    end

    // BoardClocks.phaseCycles: |ps| * K + 2^39 >> 40, K = CLK_HZ * 2^28 / 5^12 rounded
    function integer cycles_of(input [63:0] ps);
        reg [127:0] k, m;
        reg [63:0] mag;
        begin
            mag = ps[63] ? -ps : ps; // (in 64 bits: the product below is 128)
            k = ((128'd1 << 28) * CLK_HZ + 128'd122070312) / 128'd244140625;
            m = (mag * k + (128'd1 << 39)) >> 40;
            cycles_of = ps[63] ? -m : m;
        end
    endfunction
    task fail(input [8*48-1:0] what, input integer got, input integer want);
        begin
            $display("FAIL board_optics: %0s: %0d, expected %0d", what, got, want);
            $fatal(1);
        end
    endtask
    // the Clock started again at p cycles a slot; t is the boundary count then, and 3 slots are let pass
    task clock_at(input [39:0] p);
        begin
            @(negedge clk);
            period = p;
            start = 1;
            @(negedge clk);
            start = 0;
            t = nb;
            while (nb < t + 3) @(negedge clk);
        end
    endtask
    task put_phase(input integer b, input [63:0] ps, input router);
        integer i;
        for (i = 0; i < 8; i = i + 1) if (router) rphases[b][i] = ps >> (8 * i); else phases[b][i] = ps >> (8 * i);
    endtask

    integer k, t, at, seed = 61, want_late;
    initial begin // a run that never ends
        #(10 * 200_000);
        $display("FAIL board_optics: still running after 200,000 cycles");
        $fatal(1);
    end
    initial begin
        for (k = 0; k < N; k = k + 1) begin
            table_[0][2 * k] = $unsigned($random(seed)) % N; table_[0][2 * k + 1] = 0;
            table_[1][2 * k] = (table_[0][2 * k] + 1 + k % 3) % N; table_[1][2 * k + 1] = 0;
        end
        table_[0][6] = PROC; // row 3 comes back to this processor
        seq_[0] = 8'b1011_0010;
        seq_[1] = 8'b0110_1101;
        put_phase(0, PS0, 0); put_phase(1, PS1, 0);
        put_phase(0, RPS0, 1); put_phase(1, RPS1, 1);
        repeat (4) @(negedge clk);
        rst = 0;
        clear = 0;
        @(negedge clk);
        running = 1;
        start = 1;
        @(negedge clk);
        start = 0;
        while (nb < SLOTS) @(negedge clk);
        repeat (60) @(negedge clk);
        // the processor: one injection a slot from slot 2 (the first with a table), at B_t + its bank's phase
        if (ni < SLOTS - 3) fail("injections", ni, SLOTS - 3);
        for (k = 0; k < ni && 2 + k < nb; k = k + 1) begin
            t = 2 + k;
            at = bnd[t] + cycles_of(t >= E ? PS1 : PS0);
            if (inj_at[k] != at) fail("slot's injection cycle", inj_at[k], at);
            if (inj_to[k] != table_[t >= E][2 * (t % N)]) fail("slot's destination", inj_to[k], table_[t >= E][2 * (t % N)]);
        end
        if (strobe_len != STROBE * ni) fail("strobe cycles", strobe_len, STROBE * ni);
        // the router: its state from slot 2 on is bit t mod 8 of the sequence, switched at B_t + its phase
        at = 0;
        for (t = 2; t < nb - 1; t = t + 1) begin
            if (((seq_[t >= E] >> (t % 8)) & 1) != ((t == 2) ? 0 : ((seq_[(t - 1) >= E] >> ((t - 1) % 8)) & 1))) begin
                if (at >= ns) fail("the router's state changes", ns, at + 1);
                if (st_at[at] != bnd[t] + cycles_of(t >= E ? RPS1 : RPS0)) fail("a state change's cycle", st_at[at], bnd[t] + cycles_of(t >= E ? RPS1 : RPS0));
                if (st_to[at] != ((seq_[t >= E] >> (t % 8)) & 1)) fail("a state change's value", st_to[at], (seq_[t >= E] >> (t % 8)) & 1);
                at = at + 1;
            end
        end
        if (at < 10) fail("the router's state changes checked", at, 10);
        ns = at;
        if (p_late != 0 || r_late != 0) fail("late slots with time to fetch", p_late + r_late, 0);
        if (p_und != 0 || r_und != 0) fail("slots undriven with time to fetch", p_und + r_und, 0);
        if (injected != ni) fail("injected, counted", injected, ni);
        if (delivered != to_self || misdelivered != echoes - to_self) fail("delivered, counted", delivered, to_self);
        if (to_self == 0 || echoes == to_self) fail("echoes to this processor and to others", to_self, 1);
        // slots too short for the values to be fetched in (30 cycles): not driven, counted late (from the third
        // such slot: those armed before the Clock changed may still be driven)
        clock_at(30);
        k = ni;
        t = nb;
        want_late = p_late;
        at = r_late;
        while (nb < t + 20) @(negedge clk);
        if (ni != k) fail("injections in slots too short to fetch in", ni - k, 0);
        if (p_late - want_late < nb - t - 1) fail("the processor's late slots", p_late - want_late, nb - t);
        if (r_late - at < nb - t - 1) fail("the router's late slots", r_late - at, nb - t);
        // every late slot's optical path disabled through it (the last boundary's counted a cycle later)
        @(negedge clk);
        if (r_und != r_late || p_und != p_late) fail("late slots with the path disabled", r_und + p_und, r_late + p_late);
        want_late = p_late - want_late;
        // a zero phase fires at the boundary itself; out of step (dark), not even there
        put_phase(0, 0, 0); put_phase(1, 0, 0);
        clock_at(500);
        k = ni;
        while (nb < t + 6) @(negedge clk);
        if (ni - k != 3) fail("injections at a zero phase", ni - k, 3);
        if (inj_at[ni - 1] != bnd[nb - 1]) fail("a zero phase's injection cycle", inj_at[ni - 1], bnd[nb - 1]);
        dark = 1;
        k = ni;
        while (nb < t + 12) @(negedge clk);
        if (ni != k) fail("injections out of step, at a zero phase", ni - k, 0);
        dark = 0;
        $display("PASS board_optics: %0d slots injected at their phase (3 cycles after, then 11 before the boundary) with the table's destination, %0d router state changes at theirs, %0d echoes counted (%0d to this processor), %0d of 20 slots too short to fetch in counted late",
                 ni, ns, echoes, to_self, want_late);
        $finish;
    end
endmodule
