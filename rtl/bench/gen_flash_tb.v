`timescale 1ns / 1ps
// gen_flash's bench, on spi_flash.v: a new (erased) flash powers up empty; claims are kept a record each and
// handed back, in order, at the next power-up; 600 claims fill sector after sector (each copy keeps every
// board's latest generation); a program cut short costs its slot and the claim is kept in the next; a
// power-up finds the newer sector when both are valid; a flash that keeps nothing refuses every later claim
// and says so (failed), before and after a power cycle. The engine is modelled here: it raises a board's
// generation once the flash said ok, and takes a loaded one only if it is higher.
module gen_flash_tb;
    localparam BOARDS = 3;
    reg clk = 0;
    always #5 clk = !clk;
    reg rst = 1, start = 0, req = 0, tear = 0, stuck = 0;
    reg [15:0] req_board = 0;
    reg [63:0] req_gen = 0;
    wire cs_n, sck, mosi, miso, load, ready, failed, done, ok, tore;
    wire [15:0] load_board, gen_sel;
    wire [63:0] load_gen;
    reg [63:0] gens [0:BOARDS-1];     // the engine's
    reg [63:0] loaded [0:BOARDS-1];   // what the last power-up handed over
    integer loads = 0;
    gen_flash #(.BOARDS(BOARDS), .WAKE_CYCLES(20), .TIMEOUT_LOG2(16)) dut (
        .clk(clk), .rst(rst), .start(start), .spi_cs_n(cs_n), .spi_sck(sck), .spi_mosi(mosi), .spi_miso(miso),
        .load(load), .load_board(load_board), .load_gen(load_gen), .ready(ready), .failed(failed), .req(req),
        .req_board(req_board), .req_gen(req_gen), .done(done), .ok(ok), .gen_sel(gen_sel),
        .gen_val(gens[gen_sel < BOARDS ? gen_sel : 0]));
    spi_flash #(.PROG_CYCLES(300), .ERASE_CYCLES(2000)) flash (
        .clk(clk), .cs_n(cs_n), .sck(sck), .mosi(mosi), .miso(miso), .tear(tear), .tore(tore), .stuck(stuck));

    always @(posedge clk) if (load) begin
        if (load_board >= BOARDS) fail("a load for a board that does not exist", load_board, 0);
        if (load_gen > loaded[load_board]) loaded[load_board] <= load_gen;
        loads <= loads + 1;
    end
    always @(posedge clk) if (tore) tear <= 1'b0;

    integer claims = 0, refused = 0, powerups = 0, k;
    task fail(input [8*48-1:0] what, input [63:0] got, input [63:0] want);
        begin
            $display("FAIL gen_flash: %0s: %0d, expected %0d (after %0d claims)", what, got, want, claims);
            $fatal(1);
        end
    endtask
    // a claim: the flash keeps board b's generation g (or refuses it: ok as expected)
    task claim(input [15:0] b, input [63:0] g, input want_ok);
        begin
            @(negedge clk);
            req = 1;
            req_board = b;
            req_gen = g;
            @(posedge clk);
            while (!done) @(posedge clk);
            #1;
            if (ok !== want_ok) fail("a claim's ok", ok, want_ok);
            if (ok) gens[b] = g; else refused = refused + 1;
            @(negedge clk);
            req = 0;
            claims = claims + 1;
        end
    endtask
    // a power cycle: the unit's registers from power-on, the flash as it was; every generation handed back
    task power_cycle(input want_failed);
        integer w;
        begin
            @(negedge clk);
            rst = 1;
            start = 0;
            for (w = 0; w < BOARDS; w = w + 1) loaded[w] = 0;
            loads = 0;
            repeat (3) @(negedge clk);
            rst = 0;
            repeat (40) @(negedge clk);
            if (ready) fail("ready before the engine listens", ready, 0);
            start = 1;
            while (!ready) @(negedge clk);
            if (failed !== want_failed) fail("failed after a power-up", failed, want_failed);
            powerups = powerups + 1;
            for (w = 0; w < BOARDS; w = w + 1)
                if (!want_failed && loaded[w] !== gens[w]) fail("a board's generation after a power-up", loaded[w], gens[w]);
        end
    endtask

    // CRC-32C as board-protocol.md gives it (reflected, 0x82F63B78), a byte at a time: the records' own
    function [31:0] crc32c(input [8*12-1:0] bytes);
        integer i, b;
        reg [31:0] c;
        begin
            c = 32'hFFFF_FFFF;
            for (i = 0; i < 12; i = i + 1) begin
                c = c ^ bytes[8 * i +: 8];
                for (b = 0; b < 8; b = b + 1) c = c[0] ? (c >> 1) ^ 32'h82F6_3B78 : c >> 1;
            end
            crc32c = ~c;
        end
    endfunction
    // sector A's slot s as the flash holds it, its 12 bytes and its CRC
    function [8*16-1:0] slot_of(input integer s);
        integer i;
        for (i = 0; i < 16; i = i + 1) slot_of[8 * i +: 8] = flash.mem[16 * s + i];
    endfunction
    // a record written straight into sector A's slot s: mark, board, the byte that must be 0, generation; its CRC
    task poke(input integer s, input [7:0] mark, input [15:0] b, input [7:0] zero, input [63:0] g, input [31:0] crc_xor);
        reg [8*12-1:0] r;
        integer i;
        begin
            r = {g, zero, b, mark};
            for (i = 0; i < 12; i = i + 1) flash.mem[16 * s + i] = r[8 * i +: 8];
            for (i = 0; i < 4; i = i + 1) flash.mem[16 * s + 12 + i] = (crc32c(r) ^ crc_xor) >> (8 * i);
        end
    endtask

    initial begin // a unit that never answers
        #(10 * 20_000_000);
        $display("FAIL gen_flash: still running after 20,000,000 cycles (after %0d claims)", claims);
        $fatal(1);
    end
    initial begin
        for (k = 0; k < BOARDS; k = k + 1) gens[k] = 0;
        // an erased flash: nothing to hand back
        power_cycle(0);
        if (loads != 0) fail("loads from an erased flash", loads, 0);
        claim(0, 5, 1);
        claim(2, 7, 1);
        claim(0, 9, 1);
        claim(1, 64'hFFFF_FFFF_0000_0001, 1);
        power_cycle(0);
        if (loads != 4) fail("records handed back", loads, 4);
        // the format: sector A's header (sequence 1) and its first record, CRC-32C over the first 12 bytes
        if (slot_of(0) !== {crc32c({64'd1, 8'd0, 16'hFFFF, 8'h5A}), 64'd1, 8'd0, 16'hFFFF, 8'h5A})
            fail("sector A's header as the flash holds it", 0, 1);
        if (slot_of(1) !== {crc32c({64'd5, 8'd0, 16'd0, 8'h5A}), 64'd5, 8'd0, 16'd0, 8'h5A})
            fail("the first record as the flash holds it", 0, 1);
        // what a power-up skips: a slot of no record (not erased: the log goes on), a record whose zero byte is
        // not, a wrong mark, a wrong CRC; and takes a record it did not write itself
        for (k = 0; k < 16; k = k + 1) flash.mem[16 * 5 + k] = 8'h11;
        poke(6, 8'h5A, 0, 8'd1, 1000, 0);
        poke(7, 8'h5B, 0, 8'd0, 1001, 0);
        poke(8, 8'h5A, 0, 8'd0, 1002, 32'h0000_0100);
        poke(9, 8'h5A, 1, 8'd0, gens[1] + 100, 0);
        gens[1] = gens[1] + 100;
        power_cycle(0);
        if (loads != 5) fail("records handed back past the slots skipped", loads, 5);
        // sector after sector: 600 claims over the three boards (a sector holds 255)
        for (k = 0; k < 600; k = k + 1) claim(k % BOARDS, gens[k % BOARDS] + 1 + k % 7, 1);
        power_cycle(0);
        // a program cut short: its slot is left and the claim kept in the next
        tear = 1;
        claim(1, gens[1] + 3, 1);
        if (tear) fail("the tear came", tear, 0);
        claim(2, gens[2] + 1, 1);
        power_cycle(0);
        // and again across a sector's copy: claims until one past the next copy, a tear among them
        for (k = 0; k < 300; k = k + 1) begin
            if (k == 150) tear = 1;
            claim(k % 2, gens[k % 2] + 2, 1);
        end
        power_cycle(0);
        // a flash that keeps nothing: every claim refused (failed), nothing else changes; a power-up says so
        stuck = 1;
        claim(0, gens[0] + 1, 0);
        if (!failed) fail("failed once the flash keeps nothing", failed, 1);
        claim(2, gens[2] + 1, 0);
        power_cycle(1);
        claim(1, gens[1] + 1, 0);
        if (flash.erases < 4) fail("sectors erased (copies)", flash.erases, 4);
        $display("PASS gen_flash: %0d claims kept and handed back at %0d power-ups (%0d page programs, %0d sectors erased as they filled, two programs cut short); %0d refused by a flash that keeps nothing",
                 claims - refused, powerups, flash.programs, flash.erases, refused);
        $finish;
    end
endmodule
