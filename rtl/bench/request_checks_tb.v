`timescale 1ns / 1ps
// request_checks' bench: 20,000 seeded headers and lengths, drawn near every boundary the checks have (each
// type's length and one off, a Write of 2048 and 2049 bytes, 64 and 65 commit entries, a 200- and 201-byte
// owner id, rates a bit either side of 0.001 Hz and 1 GHz, epochs one either side of the slot and across
// its quarters and sign), each checked two cycles after it holds against board-protocol.md's rules written
// here as plain compares; a switch board's ports listed at radixes 36 and 64 (at most 48 listed).
module request_checks_tb;
    localparam HDR = 24;
    localparam [63:0] RATE_MIN = 64'h3F50624D_D2F1A9FC, RATE_MAX = 64'h41CDCD65_00000000;
    reg clk = 0;
    always #5 clk = !clk;
    reg [8*HDR-1:0] hdr = 0;
    reg [12:0] len = 0;
    reg valid = 0;
    reg [63:0] slot = 0;
    wire taken, rate_low, rate_high, flags_zero, lease_set, lease_lo0, lease_lo1, lease_hi0, l_zero, m_zero, w_zero;
    wire [1:0] shape;
    wire [3:0] ep_lt, ep_eq;
    wire [7:0] ports_n, sw_ports_n, wide_ports_n;
    request_checks #(.HDR(HDR)) dut (
        .clk(clk), .hdr(hdr), .frame_len(len), .frame_valid(valid), .slot(slot), .taken(taken), .shape(shape),
        .rate_low(rate_low), .rate_high(rate_high), .ep_lt(ep_lt), .ep_eq(ep_eq), .flags_zero(flags_zero),
        .lease_set(lease_set), .lease_lo0(lease_lo0), .lease_lo1(lease_lo1), .lease_hi0(lease_hi0), .l_zero(l_zero),
        .m_zero(m_zero), .w_zero(w_zero), .ports_n(ports_n));
    request_checks #(.HDR(HDR), .SWITCHES(1), .RADIX(36)) sw (
        .clk(clk), .hdr(hdr), .frame_len(len), .frame_valid(valid), .slot(slot), .taken(), .shape(), .rate_low(),
        .rate_high(), .ep_lt(), .ep_eq(), .flags_zero(), .lease_set(), .lease_lo0(), .lease_lo1(), .lease_hi0(),
        .l_zero(), .m_zero(), .w_zero(), .ports_n(sw_ports_n));
    request_checks #(.HDR(HDR), .SWITCHES(1), .RADIX(64)) wide (
        .clk(clk), .hdr(hdr), .frame_len(len), .frame_valid(valid), .slot(slot), .taken(), .shape(), .rate_low(),
        .rate_high(), .ep_lt(), .ep_eq(), .flags_zero(), .lease_set(), .lease_lo0(), .lease_lo1(), .lease_hi0(),
        .l_zero(), .m_zero(), .w_zero(), .ports_n(wide_ports_n));

    wire [7:0]  q_type  = hdr[15:8];
    wire [15:0] w_len   = hdr[167:152];
    wire [7:0]  c_bank  = hdr[55:48];
    wire [63:0] m_epoch = hdr[175:112];
    wire [7:0]  m_count = hdr[183:176];
    wire [63:0] k_rate  = hdr[183:120];
    wire [31:0] l_lease = hdr[143:112];
    wire [7:0]  l_flags = hdr[151:144];
    wire [7:0]  l_len   = hdr[159:152];

    // board-protocol.md: each type's length (a Write's, a Commit's and a Claim's from their headers)
    function [1:0] want_shape(input [7:0] t, input [12:0] n);
        case (t)
            8'h01, 8'h07, 8'h08, 8'h0B: want_shape = n == 6 ? 0 : 1;
            8'h02: want_shape = w_len <= 2048 && n == 21 + w_len ? 0 : 1;
            8'h03: want_shape = n == 8 ? 0 : 1;
            8'h04: want_shape = m_count <= 64 && n == 23 + 9 * m_count ? 0 : 1;
            8'h05: want_shape = n == 14 ? 0 : 1;
            8'h06: want_shape = n == 23 ? 0 : 1;
            8'h09: want_shape = n == 7 ? 0 : 1;
            8'h0A: want_shape = l_len <= 200 && n == 20 + l_len ? 0 : 1;
            default: want_shape = 2;
        endcase
    endfunction

    integer seed = 61, cases = 0, shapes [0:2];
    task check(input [8*24-1:0] what, input [63:0] got, input [63:0] want);
        if (got !== want) begin
            $display("FAIL request_checks: case %0d, %0s: %0h, expected %0h (type %0h, length %0d, header %h, slot %h)",
                     cases, what, got, want, q_type, len, hdr, slot);
            $fatal(1);
        end
    endtask
    function [63:0] near(input [63:0] v); // v, or one either side, or a random value sharing its upper quarters
        case ($unsigned($random(seed)) % 5)
            0: near = v;
            1: near = v + 1;
            2: near = v - 1;
            3: near = {v[63:32], $random(seed)};
            default: near = {$random(seed), $random(seed)};
        endcase
    endfunction
    function [12:0] length_for(input [7:0] t); // the right length, or one off (from hdr itself: the wires above follow it a step later)
        reg [12:0] n;
        begin
            case (t)
                8'h01, 8'h07, 8'h08, 8'h0B: n = 6;
                8'h02: n = 21 + hdr[167:152];
                8'h03: n = 8;
                8'h04: n = 23 + 9 * hdr[183:176];
                8'h05: n = 14;
                8'h06: n = 23;
                8'h09: n = 7;
                8'h0A: n = 20 + hdr[159:152];
                default: n = $unsigned($random(seed)) % 64;
            endcase
            case ($unsigned($random(seed)) % 4)
                0: length_for = n + 1;
                1: length_for = n - 1;
                default: length_for = n;
            endcase
        end
    endfunction

    integer k, pick;
    reg [63:0] r;
    initial begin
        shapes[0] = 0; shapes[1] = 0; shapes[2] = 0;
        for (k = 0; k < 20000; k = k + 1) begin
            @(negedge clk);
            hdr = {$random(seed), $random(seed), $random(seed), $random(seed), $random(seed), $random(seed)};
            hdr[15:8] = $unsigned($random(seed)) % 14;           // the types and two unknown ones
            pick = $unsigned($random(seed)) % 8;
            case (hdr[15:8])
                8'h02: hdr[167:152] = pick < 2 ? 2048 + pick : pick < 4 ? pick - 2 : $unsigned($random(seed)) % 2100;
                8'h04: hdr[183:176] = pick < 2 ? 64 + pick : pick < 4 ? pick - 2 : $unsigned($random(seed)) % 80;
                8'h0A: begin
                    hdr[159:152] = pick < 2 ? 200 + pick : pick < 4 ? pick - 2 : $unsigned($random(seed)) % 220;
                    if (pick[0]) hdr[151:144] = 0;
                    if (pick[1]) hdr[143:112] = near($unsigned($random(seed)) % 3);
                end
                8'h05: hdr[183:120] = near(pick[0] ? RATE_MIN : RATE_MAX);
                default: ;
            endcase
            slot = {$random(seed), $random(seed)};
            if (pick[2]) slot[63] = 1'b0;
            r = near(slot);
            if (pick[1:0] == 0) r[63:48] = slot[63:48] ^ 16'h8000; // across the sign
            // a Commit's epoch (a Write's length, a Clock's rate and a Claim's fields overlap it)
            if (hdr[15:8] != 8'h02 && hdr[15:8] != 8'h05 && hdr[15:8] != 8'h0A) hdr[175:112] = r;
            if (hdr[15:8] == 8'h04) hdr[183:176] = pick < 2 ? 64 + pick : pick < 4 ? pick - 2 : $unsigned($random(seed)) % 80;
            hdr[55:48] = $unsigned($random(seed)) % 70;
            len = length_for(hdr[15:8]);
            valid = 1;
            repeat (2) @(posedge clk);
            #1;
            check("taken", taken, 1);
            check("shape", shape, want_shape(q_type, len));
            shapes[shape] = shapes[shape] + 1;
            check("rate below 0.001 Hz", rate_low, k_rate < RATE_MIN);
            check("rate above 1 GHz", rate_high, k_rate > RATE_MAX);
            check("epoch passed", ep_lt[3] || ep_eq[3] && (ep_lt[2] || ep_eq[2] && (ep_lt[1] || ep_eq[1] && (ep_lt[0] || ep_eq[0]))),
                  $signed(m_epoch) <= $signed(slot));
            check("flags zero", flags_zero, l_flags == 0);
            check("lease set", lease_set, l_lease != 0);
            check("lease's low half 0", lease_lo0, l_lease[15:0] == 0);
            check("lease's low half 1", lease_lo1, l_lease[15:0] == 1);
            check("lease's high half 0", lease_hi0, l_lease[31:16] == 0);
            check("id length 0", l_zero, l_len == 0);
            check("no entries", m_zero, m_count == 0);
            check("write length 0", w_zero, w_len == 0);
            check("ports listed (no switch)", ports_n, 0);
            if (c_bank < 36) check("ports listed at radix 36", sw_ports_n, 36 - c_bank);
            if (c_bank < 64) check("ports listed at radix 64", wide_ports_n, 64 - c_bank > 48 ? 48 : 64 - c_bank);
            cases = cases + 1;
            valid = 0;
        end
        @(posedge clk);
        #1;
        check("taken after the frame", taken, 0);
        if (shapes[0] < 2000 || shapes[1] < 2000 || shapes[2] < 500) begin
            $display("FAIL request_checks: the draw missed a shape: %0d well formed, %0d malformed, %0d unknown", shapes[0], shapes[1], shapes[2]);
            $fatal(1);
        end
        $display("PASS request_checks: %0d headers (%0d well formed, %0d malformed, %0d of an unknown type), rates, epochs, claims and ports as board-protocol.md says",
                 cases, shapes[0], shapes[1], shapes[2]);
        $finish;
    end
endmodule
