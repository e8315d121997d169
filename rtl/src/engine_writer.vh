// oft_engine's answer writer (answer_writer.v), included in its body: the engine starts it (w_start, S_ANSWER)
// and waits for it (w_done); the writer reads the request's fields and the addressed board's values, which hold
// still while it writes (the engine is in S_EMIT).
    reg        w_start;     // the engine: an answer is decided (a pulse)
    wire       w_done;      // the writer: the framer has it (a pulse)
    wire [4:1] cb_has;      // the regions 1..4 board cb has
    genvar     gr;
    generate
        for (gr = 1; gr <= 4; gr = gr + 1) begin : has_g
            assign cb_has[gr] = size_of(cb, gr) != 0;
        end
    endgenerate
    answer_writer #(.ORDER(ORDER), .ROUTERS(ROUTERS), .PROCS(PROCS), .SWITCHES(SWITCHES), .RADIX(RADIX), .LIDS(LIDS),
                    .LMC(LMC), .OW_AW(OW_AW), .VERSION(VERSION), .BW(BW)) writer (
        .clk(clk), .clear(por || rst), .start(w_start), .done(w_done),
        .rtype(rtype), .nack_code(nack_code), .reason(reason), .view_active(view_active), .rbank(rbank),
        .rregion(rregion), .cb(cb), .r_seq(r_seq), .r_board(r_board),
        .a_router(is_router(cb)), .a_index(index_of(cb)), .a_boot(boot_of(cb)),
        // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
        // verilator lint_off WIDTH
        .a_pend((bp || !pend_valid[cb]) ? NONE : pend_epoch[cb]), .a_gen(gen[cb]), .a_lease(lease_left[cb]),
        // verilator lint_on WIDTH
        .a_owner_len(owner_len[cb]), .a_sel({sel[2 * cb + 1], sel[2 * cb]}), .a_has(cb_has),
        .boot_hi({nv_seed[15:0], ups}), .slot(slot), .running(running), .fab_counters(fab_counters), .fab_states(fab_states),
        .ports_n(ports_n), .counter_switch(counter_switch), .counter_port(counter_port), .counter_sel(counter_sel),
        .counter_value(counter_value), .counter_link_up(counter_link_up), .switch_cycle(switch_cycle),
        .ow_we(ow_we), .ow_a(ow_a), .ow_wd(mem_wd), .rec_ra(rec_ra), .rec_q(rec_q),
        .rb_we(rb_we), .rb_addr(rb_addr), .rb_data(rb_data), .resp_start(resp_start), .resp_len(resp_len));
