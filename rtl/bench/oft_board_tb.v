`timescale 1ps / 1ps
// oft_board's slot-reference line (issue 63), board by board: two optical boards of an order-3 bench, each on its own
// clock, started by the wire protocol's own frames (a claim and a Clock, rtl/bench/oft_board_frames.hex, written by
// hal's BoardBenchFramesTest) over their own UARTs at different times. The router-level board leads (sync_lead
// high) and drives the line; the processor board follows it: at each ppm tried it comes in step (locked, and its
// slot numbers the leader's) within the bound, its slot starts then within a cycle of the leader's, its optics
// enabled only while in step; the line cut, it is out of step within LOSS + 2 slots and its optics disabled; the
// line mended, it is back in step with the leader's numbers.
module oft_board_tb;
    localparam CLK_HZ = 2000000;
    localparam real T_REF = 500000.0;       // ps, the leader's cycle
    localparam CPB = 4;                     // 500 kbaud
    localparam P = 100;                     // cycles a slot at 20,000 slots/s
    localparam LOSS = 8, LOCK_BY = 140;     // lock 16 pulses, then a frame of 64 tells the numbers

    // ---- the frames, from the codec ------------------------------------------------------------------------
    reg [7:0] frames [0:255];
    integer frame_bytes = 0;
    initial begin : load
        integer i;
        for (i = 0; i < 256; i = i + 1) frames[i] = 8'bx;
        $readmemh("bench/oft_board_frames.hex", frames);
        while (frame_bytes < 256 && frames[frame_bytes] !== 8'hxx) frame_bytes = frame_bytes + 1;
        if (frame_bytes < 20) begin
            $display("FAIL oft_board: rtl/bench/oft_board_frames.hex holds %0d bytes", frame_bytes);
            $fatal(1);
        end
    end
    task send(input to_follower); // (a task's output is copied out only as it ends: the line is set here, bit by bit)
        integer i, b;
        begin
            for (i = 0; i < frame_bytes; i = i + 1) begin
                line_bit(to_follower, 1'b0);
                for (b = 0; b < 8; b = b + 1) line_bit(to_follower, frames[i][b]);
                line_bit(to_follower, 1'b1);
                line_bit(to_follower, 1'b1);
            end
        end
    endtask

    reg l_rx = 1'b1, f_rx = 1'b1;
    task line_bit(input to_follower, input v);
        begin
            if (to_follower) f_rx = v;
            else l_rx = v;
            #(CPB * T_REF);
        end
    endtask

    // ---- the leader: a router-level board on an exact crystal ---------------------------------------------------
    reg lclk = 0;
    always #(T_REF / 2) lclk = !lclk;
    reg l_rst_n = 1'b1;
    wire l_tx, l_slot_led, l_running, l_state, l_inject, l_late, l_mark, l_cs, l_sck, l_mosi, l_sync_out, l_in_step, l_optics;
    wire [2:0] l_dest;
    oft_board #(.ORDER(3), .ROUTERS(1), .PROCS(0), .LEVEL(1), .CLK_HZ(CLK_HZ), .CLKS_PER_BIT(CPB), .FIFO_LOG2(7), .OPTICS(1),
                .SYNC(1)) lead (
        .clk(lclk), .rst_n(l_rst_n), .rx(l_rx), .tx(l_tx), .slot_led(l_slot_led), .running_led(l_running), .state(l_state),
        .inject(l_inject), .dest(l_dest), .rx_valid(1'b0), .rx_addr(3'd0), .late_led(l_late), .slot_mark(l_mark),
        .spi_cs_n(l_cs), .spi_sck(l_sck), .spi_mosi(l_mosi), .spi_miso(1'b1),
        .sync_in(1'b0), .sync_lead(1'b1), .sync_out(l_sync_out), .in_step_led(l_in_step), .optics_on(l_optics));

    // ---- the follower: a processor board on its own crystal, edges jittered ------------------------------------
    wire fclk;
    crystal #(.T_NOM(T_REF), .FIRST(777.0), .SEED(11)) osc (.clk(fclk));
    real ppm = 0.0;          // the follower's crystal (osc.ppm follows it)
    integer seed = 12;
    always @(ppm) osc.ppm = ppm;
    reg f_rst_n = 1'b1, cut = 1'b0;
    wire f_tx, f_slot_led, f_running, f_state, f_inject, f_late, f_mark, f_cs, f_sck, f_mosi, f_sync_out, f_in_step, f_optics;
    wire [2:0] f_dest;
    oft_board #(.ORDER(3), .ROUTERS(0), .PROCS(1), .PROC(5), .CLK_HZ(CLK_HZ), .CLKS_PER_BIT(CPB), .FIFO_LOG2(7), .OPTICS(1),
                .SYNC(1)) follow (
        .clk(fclk), .rst_n(f_rst_n), .rx(f_rx), .tx(f_tx), .slot_led(f_slot_led), .running_led(f_running), .state(f_state),
        .inject(f_inject), .dest(f_dest), .rx_valid(1'b0), .rx_addr(3'd0), .late_led(f_late), .slot_mark(f_mark),
        .spi_cs_n(f_cs), .spi_sck(f_sck), .spi_mosi(f_mosi), .spi_miso(1'b1),
        .sync_in(l_sync_out && !cut), .sync_lead(1'b0), .sync_out(f_sync_out), .in_step_led(f_in_step), .optics_on(f_optics));

    task fail(input [8*64-1:0] what, input real got, input real want);
        begin
            $display("FAIL oft_board: %0s: %f, expected %f (ppm %f, at %0t ps)", what, got, want, ppm, $time);
            $fatal(1);
        end
    endtask

    // ---- the leader's slot starts, and the follower's against the nearest ------------------------------------
    real l_last = -1.0, l_prev = -1.0;
    always @(posedge lclk) if (l_mark) begin l_prev = l_last; l_last = $realtime; end
    integer f_slots = 0, in_step_at = -1, out_at = -1;
    real err, worst = 0.0;
    reg watching = 0;
    always @(posedge fclk) if (f_mark && watching) begin : each_start
        real a, b;
        f_slots = f_slots + 1;
        if (f_in_step && in_step_at < 0) in_step_at = f_slots;
        if (!f_in_step && in_step_at >= 0 && out_at < 0) out_at = f_slots;
        if (f_optics !== (f_running && f_in_step)) fail("optics enabled out of step (or not in step)", f_optics, f_in_step);
        if (f_in_step && in_step_at >= 0 && f_slots > in_step_at + 1) begin
            // the leader's nearest start: the one just begun, or the one about to (a cycle ahead at most)
            a = $realtime - l_last;
            b = l_last + P * T_REF - $realtime;
            err = (a <= b ? a : -b) / osc.period;
            if ((err < 0 ? -err : err) > worst) worst = err < 0 ? -err : err;
            if (err > 1.0 || err < -1.0) fail("an in-step slot start off the leader's by, in cycles", err, 0.0);
        end
    end
    // in step, its slot numbers are the leader's: compared in the middle of each of the follower's slots
    always @(posedge fclk) if (watching && f_in_step && follow.engine.slot_cyc == P / 2) begin
        if (follow.engine.slot !== lead.engine.slot) fail("the follower's slot number against the leader's",
            follow.engine.slot, lead.engine.slot);
    end
    always @(posedge fclk) if (f_inject && !f_optics) fail("injected while out of step", 1, 0);

    task run_slots(input integer n);
        integer stop_at;
        begin
            stop_at = f_slots + n;
            while (f_slots < stop_at) @(posedge fclk);
        end
    endtask

    real ppms [0:2];
    integer i, worst_lock = 0;
    real worst_all = 0.0;
    initial begin
        ppms[0] = 100.0; ppms[1] = -100.0; ppms[2] = 37.5;
        #(200 * T_REF); // past the boards' power-on reset
        fork
            send(1'b0);
            begin #(3000 * T_REF); send(1'b1); end // the follower started a little later, at its own phase
        join
        wait (l_running && f_running);
        for (i = 0; i < 3; i = i + 1) begin
            // the follower restarted at this ppm: a reset keeps its generation and stops its clock, so its Clock again
            ppm = ppms[i];
            if (i > 0) begin
                f_rst_n = 1'b0;
                #(20 * T_REF);
                f_rst_n = 1'b1;
                #(($urandom(seed) % 97 + 50) * T_REF);
                send(1'b1);
                wait (f_running);
            end
            f_slots = 0; in_step_at = -1; out_at = -1; worst = 0.0;
            watching = 1;
            run_slots(LOCK_BY + 200);
            if (in_step_at < 0 || in_step_at > LOCK_BY) fail("slots from its Clock to in step", in_step_at, LOCK_BY);
            if (in_step_at > worst_lock) worst_lock = in_step_at;
            if (worst > worst_all) worst_all = worst;
            if (out_at >= 0) fail("out of step again with the line connected, at slot", out_at, -1);
            watching = 0;
        end
        // the line cut: out of step within LOSS + 2 slots, optics off; mended: in step again, numbers the leader's
        watching = 1;
        begin : cut_and_mend
            integer cut_at;
            cut_at = f_slots;
            cut = 1'b1;
            run_slots(3 * LOSS);
            if (out_at < 0 || out_at - cut_at > LOSS + 2) fail("slots from the cut to out of step", out_at - cut_at, LOSS + 1);
            if (f_optics) fail("optics on with the line cut", 1, 0);
            cut = 1'b0;
            in_step_at = -1;
            run_slots(LOCK_BY + 50);
            if (!f_in_step) fail("in step again once the line is mended", 0, 1);
            $display("PASS oft_board: a processor board following a router-level board's slot-reference line at +100, -100 and +37.5 ppm (50 ps of jitter), each started by the codec's frames: in step within %0d slots of its Clock, its slot starts then within %f cycles of the leader's and its slot numbers the leader's, its optics enabled only in step; the line cut, out of step %0d slots after and dark; mended, in step again",
                     worst_lock, worst_all, out_at - cut_at);
        end
        $finish;
    end
endmodule
