// The checks of a request that read only its header and its length (docs/board-protocol.md), made every cycle
// in two registered stages: the header and the length hold still from the cycle frame_valid rises until the
// answer is sent, so from frame_valid's third cycle on (taken: its second, when the engine takes the request,
// and the engine's first state after it) these are the request's. No wide compare and decision share a cycle:
// a Clock's rate and an epoch are compared by 16-bit quarters, joined a cycle later (the epoch's by the engine).
//
// shape: 0 a message of a known type whose length is what its header says, 1 malformed, 2 an unknown type.
module request_checks #(
    parameter HDR      = 24,
    parameter SWITCHES = 0,               // a switch board's PortCounters lists ports
    parameter RADIX    = 4
) (
    input  wire             clk,
    /* verilator lint_off UNUSEDSIGNAL */ // (the fields these checks read; the engine reads the rest)
    input  wire [8*HDR-1:0] hdr,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [12:0]      frame_len,
    input  wire             frame_valid,
    input  wire [63:0]      slot,          // the slot now (an epoch is compared with it)
    output reg              taken,         // frame_valid a cycle ago: a request is taken in its second cycle
    output wire [1:0]       shape,
    output reg              rate_low,      // a Clock's rate below 0.001 Hz, or
    output reg              rate_high,     // above 1 GHz (f64 bits)
    output reg  [3:0]       ep_lt,         // a Commit's epoch against the slot by 16-bit quarters (the top one signed)
    output reg  [3:0]       ep_eq,
    output reg              flags_zero,    // a Claim's flags, lease and id length
    output reg              lease_set,
    output reg              lease_lo0,
    output reg              lease_lo1,
    output reg              lease_hi0,
    output reg              l_zero,
    output reg              m_zero,        // a Commit's entries
    output reg              w_zero,        // a Write's length
    output reg  [7:0]       ports_n        // a PortCounters' ports listed: from the first asked to the last, at most 48
);
    generate
        if (HDR < 24) begin : bad_hdr
            request_checks_needs_24_header_bytes unsupported ();
        end
        if (SWITCHES != 0 && (RADIX < 1 || RADIX > 255)) begin : bad_radix
            request_checks_needs_a_radix_of_1_to_255 unsupported ();
        end
    endgenerate
    wire [7:0]  q_type   = hdr[15:8];
    wire [15:0] w_len    = hdr[167:152];
    wire [7:0]  c_bank   = hdr[55:48];
    wire [63:0] m_epoch  = hdr[175:112];
    wire [7:0]  m_count  = hdr[183:176];
    wire [63:0] k_rate   = hdr[183:120];
    wire [31:0] l_lease  = hdr[143:112];
    wire [7:0]  l_flags  = hdr[151:144];
    wire [7:0]  l_len    = hdr[159:152];

    localparam [63:0] RATE_MIN = 64'h3F50624D_D2F1A9FC, RATE_MAX = 64'h41CDCD65_00000000;
    reg [3:0]  rq_lt, rq_gt;    // a quarter below RATE_MIN's, above RATE_MAX's
    reg [3:1]  rq_min, rq_max;  // at RATE_MIN's, RATE_MAX's (the lowest quarter's is not asked)
    reg        w_len_ok, c_len_ok, l_len_ok; // a Write's, Commit's, Claim's length as its header says
    reg [16:0] w_need;    // the lengths the header says, a cycle before they are compared: 21 + w_len,
    reg [11:0] c_need;    // 23 + 9 m_count (m_count <= 255),
    reg [8:0]  l_need;    // 20 + l_len
    reg        w_fits, c_fits, l_fits;
    reg        len6, len7, len8, len14, len23;
    wire [8:0] ports_left = RADIX[8:0] - {1'b0, c_bank};
    integer q;
    always @(posedge clk) begin
        for (q = 0; q < 4; q = q + 1) begin
            rq_lt[q] <= k_rate[16 * q +: 16] < RATE_MIN[16 * q +: 16];
            rq_gt[q] <= k_rate[16 * q +: 16] > RATE_MAX[16 * q +: 16];
        end
        for (q = 1; q < 4; q = q + 1) begin
            rq_min[q] <= k_rate[16 * q +: 16] == RATE_MIN[16 * q +: 16];
            rq_max[q] <= k_rate[16 * q +: 16] == RATE_MAX[16 * q +: 16];
        end
        rate_low <= rq_lt[3] || rq_min[3] && (rq_lt[2] || rq_min[2] && (rq_lt[1] || rq_min[1] && rq_lt[0]));
        rate_high <= rq_gt[3] || rq_max[3] && (rq_gt[2] || rq_max[2] && (rq_gt[1] || rq_max[1] && rq_gt[0]));
        for (q = 0; q < 4; q = q + 1) begin
            ep_lt[q] <= q == 3 ? $signed(m_epoch[63:48]) < $signed(slot[63:48]) : m_epoch[16 * q +: 16] < slot[16 * q +: 16];
            ep_eq[q] <= m_epoch[16 * q +: 16] == slot[16 * q +: 16];
        end
        w_need <= 21 + w_len;
        c_need <= 23 + 9 * m_count;
        l_need <= 20 + l_len;
        w_fits <= frame_len >= 21 && w_len <= 2048;
        c_fits <= frame_len >= 23 && m_count <= 64;
        l_fits <= frame_len >= 20 && l_len <= 200;
        w_len_ok <= w_fits && {4'd0, frame_len} == w_need;
        c_len_ok <= c_fits && frame_len == {1'b0, c_need};
        l_len_ok <= l_fits && frame_len == {4'd0, l_need};
        taken <= frame_valid;
        len6 <= frame_len == 6;
        len7 <= frame_len == 7;
        len8 <= frame_len == 8;
        len14 <= frame_len == 14;
        len23 <= frame_len == 23;
        flags_zero <= l_flags == 0;
        l_zero <= l_len == 0;
        w_zero <= w_len == 0;
        m_zero <= m_count == 0;
        lease_set <= l_lease != 0;
        lease_lo0 <= l_lease[15:0] == 0;
        lease_lo1 <= l_lease[15:0] == 1;
        lease_hi0 <= l_lease[31:16] == 0;
        // (9 bits: no 32-bit subtraction in front of the register; a first port at or past the radix is refused)
        ports_n <= SWITCHES == 0 ? 8'd0 : ports_left > 9'd48 ? 8'd48 : ports_left[7:0];
    end
    // the length each type takes (board-protocol.md's table)
    reg [1:0] shape_r;
    always @* begin
        case (q_type)
            8'h01, 8'h07, 8'h08, 8'h0B: shape_r = len6 ? 2'd0 : 2'd1;
            8'h02: shape_r = w_len_ok ? 2'd0 : 2'd1;
            8'h03: shape_r = len8 ? 2'd0 : 2'd1;
            8'h04: shape_r = c_len_ok ? 2'd0 : 2'd1;
            8'h05: shape_r = len14 ? 2'd0 : 2'd1;
            8'h06: shape_r = len23 ? 2'd0 : 2'd1;
            8'h09: shape_r = len7 ? 2'd0 : 2'd1;
            8'h0A: shape_r = l_len_ok ? 2'd0 : 2'd1;
            default: shape_r = 2'd2;
        endcase
    end
    assign shape = shape_r;
endmodule
