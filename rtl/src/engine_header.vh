// oft_engine's checks of a request's header (request_checks.v), included in its body: made every cycle from
// the header and the length alone, a cycle or two before the states that decide on them.
    wire       fv_d;      // frame_valid a cycle ago: a request is taken in its second cycle, when both stages hold
    wire [1:0] h_shape;
    wire       h_rate_low, h_rate_high;
    wire [3:0] h_ep_lt, h_ep_eq;   // the epoch against the slot, by 16-bit quarters (the top one signed)
    wire       h_flags_zero, h_lease_set, h_lease_lo0, h_lease_lo1, h_lease_hi0, h_l_zero, h_m_zero, h_w_zero;
    wire [7:0] h_ports_n;
    request_checks #(.HDR(HDR), .SWITCHES(SWITCHES), .RADIX(RADIX)) checks (
        .clk(clk), .hdr(hdr), .frame_len(frame_len), .frame_valid(frame_valid), .slot(slot), .taken(fv_d),
        .shape(h_shape), .rate_low(h_rate_low), .rate_high(h_rate_high), .ep_lt(h_ep_lt), .ep_eq(h_ep_eq),
        .flags_zero(h_flags_zero), .lease_set(h_lease_set), .lease_lo0(h_lease_lo0), .lease_lo1(h_lease_lo1),
        .lease_hi0(h_lease_hi0), .l_zero(h_l_zero), .m_zero(h_m_zero), .w_zero(h_w_zero), .ports_n(h_ports_n));
