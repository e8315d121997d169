// oft_engine's checks of a request's header, included in its body: made every cycle from the header
// and the length alone, a cycle or two before the states that decide on them.
    // the checks that read only the header and the length, made every cycle: both hold still from the
    // cycle frame_valid rises until the answer is sent, so in S_PRE these are the request's (and S_PRE
    // joins them: no wide compare and decision in one cycle)
    // a Clock's rate outside 0.001 Hz .. 1 GHz (f64 bits), by 16-bit quarters registered and joined a
    // cycle later (no 32-bit carry chain in a cycle: S_PRE comes two cycles after the header holds)
    localparam [63:0] RATE_MIN = 64'h3F50624D_D2F1A9FC, RATE_MAX = 64'h41CDCD65_00000000;
    reg [3:0]  h_rq_lt, h_rq_min, h_rq_gt, h_rq_max; // a quarter below, at RATE_MIN's; above, at RATE_MAX's
    reg        h_rate_low, h_rate_high;
    reg [3:0]  h_ep_lt, h_ep_eq;   // the epoch against the slot, by 16-bit quarters (the top one signed)
    reg        h_w_len, h_c_len, h_l_len; // a Write's, Commit's, Claim's length as its header says
    reg [16:0] h_w_need;  // the lengths the header says, a cycle before they are compared: 21 + w_len,
    reg [11:0] h_c_need;  // 23 + 9 m_count (m_count <= 255),
    reg [8:0]  h_l_need;  // 20 + l_len
    reg        h_w_fits, h_c_fits, h_l_fits;
    reg        fv_d;      // frame_valid a cycle ago: a request is taken in its second cycle, when both stages hold
    reg        h_len6, h_len7, h_len8, h_len14, h_len23;
    reg        h_flags_zero, h_lease_set, h_lease_lo0, h_lease_lo1, h_lease_hi0, h_l_zero, h_m_zero, h_w_zero;
    wire [8:0] h_ports_left = RADIX[8:0] - {1'b0, c_bank};
    reg  [7:0] h_ports_n;
    integer q;
    always @(posedge clk) begin
        for (q = 0; q < 4; q = q + 1) begin // a Clock's rate below 0.001 Hz or above 1 GHz (f64 bits)
            h_rq_lt[q] <= k_rate[16 * q +: 16] < RATE_MIN[16 * q +: 16];
            h_rq_min[q] <= k_rate[16 * q +: 16] == RATE_MIN[16 * q +: 16];
            h_rq_gt[q] <= k_rate[16 * q +: 16] > RATE_MAX[16 * q +: 16];
            h_rq_max[q] <= k_rate[16 * q +: 16] == RATE_MAX[16 * q +: 16];
        end
        h_rate_low <= h_rq_lt[3] || h_rq_min[3] && (h_rq_lt[2] || h_rq_min[2] && (h_rq_lt[1] || h_rq_min[1] && h_rq_lt[0]));
        h_rate_high <= h_rq_gt[3] || h_rq_max[3] && (h_rq_gt[2] || h_rq_max[2] && (h_rq_gt[1] || h_rq_max[1] && h_rq_gt[0]));
        for (q = 0; q < 4; q = q + 1) begin
            h_ep_lt[q] <= q == 3 ? $signed(m_epoch[63:48]) < $signed(slot[63:48]) : m_epoch[16 * q +: 16] < slot[16 * q +: 16];
            h_ep_eq[q] <= m_epoch[16 * q +: 16] == slot[16 * q +: 16];
        end
        h_w_need <= 21 + w_len;
        h_c_need <= 23 + 9 * m_count;
        h_l_need <= 20 + l_len;
        h_w_fits <= frame_len >= 21 && w_len <= 2048;
        h_c_fits <= frame_len >= 23 && m_count <= 64;
        h_l_fits <= frame_len >= 20 && l_len <= 200;
        h_w_len <= h_w_fits && frame_len == h_w_need;
        h_c_len <= h_c_fits && frame_len == h_c_need;
        h_l_len <= h_l_fits && frame_len == h_l_need;
        fv_d <= frame_valid;
        h_len6 <= frame_len == 6;
        h_len7 <= frame_len == 7;
        h_len8 <= frame_len == 8;
        h_len14 <= frame_len == 14;
        h_len23 <= frame_len == 23;
        h_flags_zero <= l_flags == 0;
        h_l_zero <= l_len == 0;
        h_w_zero <= w_len == 0;
        h_m_zero <= m_count == 0;
        h_lease_set <= l_lease != 0;
        h_lease_lo0 <= l_lease[15:0] == 0;
        h_lease_lo1 <= l_lease[15:0] == 1;
        h_lease_hi0 <= l_lease[31:16] == 0;
        // a PortCounters' ports listed: those from the first asked to the last, at most 48 (9 bits: no
        // 32-bit subtraction in front of the register; a first port at or past the radix is refused)
        h_ports_n <= SWITCHES == 0 ? 8'd0 : h_ports_left > 9'd48 ? 8'd48 : h_ports_left[7:0];
    end
