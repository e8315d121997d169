`timescale 1ns / 1ps
// answer_writer's bench: answers laid out as board-protocol.md gives them, byte for byte (header, body, CRC-32C
// computed here), for a bench of a router-level board (address 0), a processor board (1) and the backplane
// (2): Ack, Nack with its reason's text, Identity with the firmware string, Owner with the owner id written
// into the writer's copy, Status with the records of the active banks (a region the board lacks: zeros) and
// staging's, Telemetry with the fabric's counters and the levels' states, Backplane, Rebooted; seeded values.
module answer_writer_tb;
    localparam ORDER = 3, N = 8, OW_AW = 3, BW = 2;
    localparam [3:0] R_ACK = 0, R_NACK = 1, R_IDENTITY = 2, R_BACKPLANE = 3, R_STATUS = 6, R_TELEMETRY = 7,
                     R_OWNER = 8, R_REBOOTED = 9;
    reg clk = 0;
    always #5 clk = !clk;
    reg clear = 1, start = 0, view_active = 0, a_router = 0, running = 0, ow_we = 0;
    reg [3:0] rtype = 0;
    reg [7:0] nack_code = 0, rbank = 0, rregion = 0, a_owner_len = 0, ow_wd = 0;
    reg [4:0] reason = 0;
    reg [BW-1:0] cb = 0;
    reg [15:0] r_seq = 0, r_board = 0, a_index = 0;
    reg [63:0] a_boot = 0, a_pend = 0, a_gen = 0, slot = 0;
    reg [31:0] a_lease = 0, boot_hi = 0;
    reg [1:0] a_sel = 0;
    reg [4:1] a_has = 0;
    reg [64*10-1:0] counters = 0;
    reg [8*ORDER-1:0] states = 0;
    reg [BW+OW_AW-1:0] ow_a = 0;
    wire [BW+5:0] rec_ra;
    reg [7:0] rec_q = 0;
    wire done, rb_we, resp_start;
    wire [8:0] rb_addr, resp_len;
    wire [7:0] rb_data;
    answer_writer #(.ORDER(ORDER), .ROUTERS(1), .PROCS(1), .SWITCHES(0), .OW_AW(OW_AW)) dut (
        .clk(clk), .clear(clear), .start(start), .done(done), .rtype(rtype), .nack_code(nack_code), .reason(reason),
        .view_active(view_active), .rbank(rbank), .rregion(rregion), .cb(cb), .r_seq(r_seq), .r_board(r_board),
        .a_router(a_router), .a_index(a_index), .a_boot(a_boot), .a_pend(a_pend), .a_gen(a_gen), .a_lease(a_lease),
        .a_owner_len(a_owner_len), .a_sel(a_sel), .a_has(a_has), .boot_hi(boot_hi), .slot(slot), .running(running),
        .fab_counters(counters), .fab_states(states), .ports_n(8'd0), .counter_switch(), .counter_port(),
        .counter_sel(), .counter_value(64'd0), .counter_link_up(1'b1), .switch_cycle(64'd0), .ow_we(ow_we),
        .ow_a(ow_a), .ow_wd(ow_wd), .rec_ra(rec_ra), .rec_q(rec_q), .rb_we(rb_we), .rb_addr(rb_addr),
        .rb_data(rb_data), .resp_start(resp_start), .resp_len(resp_len));

    // the records (a cycle after their address), and the answer's buffer
    function [7:0] rec_at(input [BW+5:0] a);
        rec_at = a * 8'd37 + 8'd11;
    endfunction
    always @(posedge clk) rec_q <= rec_at(rec_ra);
    reg [7:0] buf_ [0:511];
    always @(posedge clk) if (rb_we) buf_[rb_addr] <= rb_data;

    // the answer expected, built as board-protocol.md lays it out
    reg [7:0] want [0:511];
    integer n = 0, answers = 0, seed = 7;
    task put(input integer bytes, input [63:0] v); // little-endian
        integer i;
        for (i = 0; i < bytes; i = i + 1) begin
            want[n] = v >> (8 * i);
            n = n + 1;
        end
    endtask
    task put_str(input [8*32-1:0] s, input integer len); // s's last len characters
        integer i;
        begin
            put(1, len);
            for (i = len - 1; i >= 0; i = i - 1) put(1, s >> (8 * i));
        end
    endtask
    function [31:0] crc_of(input integer len);
        integer i, b;
        reg [31:0] c;
        begin
            c = 32'hFFFF_FFFF;
            for (i = 0; i < len; i = i + 1) begin
                c = c ^ buf_[i];
                for (b = 0; b < 8; b = b + 1) c = c[0] ? (c >> 1) ^ 32'h82F6_3B78 : c >> 1;
            end
            crc_of = ~c;
        end
    endfunction
    task begin_answer(input [7:0] type_byte);
        begin
            n = 0;
            put(1, 2);          // version
            put(1, type_byte);
            put(2, r_seq);
            put(2, r_board);
        end
    endtask
    // the writer runs the answer decided above; its buffer must be want's bytes, then their CRC
    task check(input [8*16-1:0] what);
        integer i;
        begin
            @(negedge clk);
            start = 1;
            @(negedge clk);
            start = 0;
            while (!done) @(negedge clk);
            if (resp_len !== n + 4) begin
                $display("FAIL answer_writer: %0s: %0d bytes, expected %0d", what, resp_len, n + 4);
                $fatal(1);
            end
            for (i = 0; i < n; i = i + 1) if (buf_[i] !== want[i]) begin
                $display("FAIL answer_writer: %0s: byte %0d is %h, expected %h", what, i, buf_[i], want[i]);
                $fatal(1);
            end
            if ({buf_[n + 3], buf_[n + 2], buf_[n + 1], buf_[n]} !== crc_of(n)) begin
                $display("FAIL answer_writer: %0s: CRC %h, expected %h", what, {buf_[n + 3], buf_[n + 2], buf_[n + 1], buf_[n]}, crc_of(n));
                $fatal(1);
            end
            answers = answers + 1;
        end
    endtask
    task board(input [BW-1:0] b); // the addressed board's values, seeded
        begin
            cb = b;
            r_seq = $random(seed);
            r_board = b == 2 ? 16'hFFFF : b;
            a_router = b == 0;
            a_index = b == 0 ? 1 : 5;
            a_boot = {$random(seed), $random(seed)};
            a_gen = {$random(seed), $random(seed)};
            a_lease = $random(seed);
            a_pend = {$random(seed), $random(seed)};
            a_sel = $random(seed);
            a_has = b == 0 ? 4'b0101 : b == 1 ? 4'b0110 : 4'b0000; // router: sequence, phases; processor: table, phases
        end
    endtask
    // a region's record (length then CRC, 8 bytes) as the writer reads it: the active bank's or staging's
    task put_region(input integer r);
        integer i;
        reg [BW+5:0] a;
        for (i = 0; i < 8; i = i + 1) begin
            a = view_active ? {1'b0, cb, r == 3, a_sel[r == 3], i[2], i[1:0]} : {1'b1, {BW{1'b0}}, r == 3, 1'b0, i[2], i[1:0]};
            put(1, a_has[r] ? rec_at(a) : 8'd0);
        end
    endtask

    integer k, round;
    initial begin
        repeat (3) @(negedge clk);
        clear = 0;
        boot_hi = 32'h0B0A_0001;
        for (round = 0; round < 8; round = round + 1) begin
            board(round % 2);
            rtype = R_ACK;
            begin_answer(8'h90);
            check("Ack");
            rtype = R_NACK;
            nack_code = 11;
            reason = 21;
            begin_answer(8'h91);
            put(1, 11);
            put_str("generation not kept in flash", 28);
            check("Nack 11");
            nack_code = 6;
            reason = 5;
            begin_answer(8'h91);
            put(1, 6);
            put_str("bytes outside the region", 24);
            check("Nack 6");
            rtype = R_IDENTITY;
            begin_answer(8'h81);
            put(1, round % 2 == 0 ? 1 : 2);
            put(2, a_index);
            put(1, ORDER);
            put(4, N);
            put(8, a_boot);
            put_str("oft-rtl-fw 1.0", 14);
            check("Identity");
            // the owner id into the writer's copy, as the engine writes its own
            a_owner_len = 1 + $unsigned($random(seed)) % 8;
            for (k = 0; k < 8; k = k + 1) begin
                @(negedge clk);
                ow_we = 1;
                ow_a = {cb, k[OW_AW-1:0]};
                ow_wd = "a" + k + round;
            end
            @(negedge clk);
            ow_we = 0;
            rtype = R_OWNER;
            begin_answer(8'h8C);
            put(8, a_gen);
            put(4, a_lease);
            put(1, a_owner_len);
            for (k = 0; k < a_owner_len; k = k + 1) put(1, "a" + k + round);
            check("Owner");
            rtype = R_STATUS;
            view_active = round[1];
            begin_answer(8'h88);
            put(8, a_boot);
            slot = {$random(seed), $random(seed)};
            put(8, slot);
            put(8, a_pend);
            put(1, 4);
            for (k = 1; k <= 4; k = k + 1) put_region(k);
            check("Status");
            rtype = R_TELEMETRY;
            running = round[0];
            for (k = 0; k < 20; k = k + 1) counters[32 * k +: 32] = $random(seed);
            states = {$random(seed)};
            begin_answer(8'h87);
            put(8, slot);
            put(1, running);
            put(1, 10 + ORDER);
            for (k = 0; k < 10; k = k + 1) put(8, counters[64 * k +: 64]);
            for (k = 0; k < ORDER; k = k + 1) put(8, 0);
            put(1, ORDER);
            for (k = 0; k < ORDER; k = k + 1) put(1, states[8 * k +: 8]);
            check("Telemetry");
            board(2);
            rtype = R_BACKPLANE;
            begin_answer(8'h82);
            put(2, 2);
            put(1, ORDER);
            put(8, {boot_hi, 16'd0, 16'hFFFF});
            check("Backplane");
            board(round % 2);
            rtype = R_REBOOTED;
            begin_answer(8'hA0);
            put(8, a_boot);
            check("Rebooted");
        end
        $display("PASS answer_writer: %0d answers of 9 kinds byte for byte as board-protocol.md lays them out, CRC-32C included", answers);
        $finish;
    end
endmodule
