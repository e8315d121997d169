// The answers' layout, included in answer_writer.v's body: which field comes next, and where its value
// comes from.
    // An answer is a list of fields. fmt(type, i) says what field i is: [26:25] 0 a value, 1 a string,
    // 2 the end; [24:20] where its value comes from; [19:16] its bytes; [15:0] a constant or an index.
    // Values then come through one AND-OR of the sources (value_of), not one per field. fmt depends on the
    // bench's parameters alone, so it is a ROM (block RAM), read a cycle ahead of the field.
    localparam [4:0] V_IMM = 0, V_TYPE = 1, V_SEQ = 2, V_BOARD = 3, V_NACK = 4, V_KIND = 5, V_INDEX = 6, V_BOOT = 7,
                     V_BPBOOT = 8, V_BANK = 9, V_REGION = 10, V_RL = 11, V_RC = 12, V_SLOT = 13, V_PEND = 14,
                     V_RUN = 15, V_COUNTER = 16, V_STATE = 17, V_GEN = 18, V_LEFT = 19, V_CYCLE = 20, V_PORTS_N = 21,
                     V_PORT_UP = 22, V_PORT_COUNTER = 23, V_CRC = 24;
    function [26:0] f_val(input [4:0] src, input [3:0] w, input [15:0] imm);
        f_val = {2'd0, src, w, imm};
    endfunction
    localparam [26:0] F_STR = {2'd1, 25'd0}, F_END = {2'd2, 25'd0}, F_LIST = {2'd3, 25'd0};
    // fmt is evaluated at elaboration only, to fill fmt_rom: its integer parameters and field arithmetic are narrowed
    // into f_val's 16-bit immediate by the Verilog rules, each value fitting (the writer's answers are checked byte for
    // byte against the Java model's)
    // verilator lint_off WIDTH
    function [26:0] fmt(input [3:0] t, input [5:0] f); // (parameters only: it fills fmt_rom)
        begin
            fmt = F_END;
            case (f)
                0: fmt = f_val(V_IMM, 1, VERSION);
                1: fmt = f_val(V_TYPE, 1, 0);
                2: fmt = f_val(V_SEQ, 2, 0);
                3: fmt = f_val(V_BOARD, 2, 0);
                default: case (t)
                    R_NACK: fmt = f == 4 ? f_val(V_NACK, 1, 0) : f == 5 ? F_STR : F_END;
                    R_IDENTITY: if (ROUTERS + PROCS > 0) case (f)
                        4: fmt = f_val(V_KIND, 1, 0);
                        5: fmt = f_val(V_INDEX, 2, 0);
                        6: fmt = f_val(V_IMM, 1, ORDER);
                        7: fmt = f_val(V_IMM, 4, N);
                        8: fmt = f_val(V_BOOT, 8, 0);
                        9: fmt = F_STR;
                        default: fmt = F_END;
                    endcase
                    // (a board kind the bench does not have has no answer of its own: no logic for it)
                    R_SWITCH_IDENTITY: if (SWITCHES > 0) case (f)
                        4: fmt = f_val(V_INDEX, 2, 0);
                        5: fmt = f_val(V_IMM, 1, RADIX);
                        6: fmt = f_val(V_IMM, 1, LMC);
                        7: fmt = f_val(V_IMM, 4, LIDS);
                        8: fmt = f_val(V_BOOT, 8, 0);
                        9: fmt = F_STR;
                        default: fmt = F_END;
                    endcase
                    R_PORTS: if (SWITCHES > 0) case (f) // then the ports, each its link state and 8 counters (S_PORTS)
                        4: fmt = f_val(V_IMM, 1, RADIX);
                        5: fmt = f_val(V_BANK, 1, 0);
                        6: fmt = f_val(V_CYCLE, 8, 0);
                        7: fmt = f_val(V_BOOT, 8, 0);
                        8: fmt = f_val(V_PORTS_N, 1, 0);
                        9: fmt = f_val(V_IMM, 1, 8);
                        10: fmt = F_LIST;
                        default: fmt = F_END;
                    endcase
                    R_BACKPLANE: case (f)
                        4: fmt = f_val(V_IMM, 2, NB);
                        5: fmt = f_val(V_IMM, 1, ORDER);
                        6: fmt = f_val(V_BPBOOT, 8, 0);
                        default: fmt = F_END;
                    endcase
                    R_CRC: case (f) // (region 0: the region asked)
                        4: fmt = f_val(V_BANK, 1, 0);
                        5: fmt = f_val(V_REGION, 1, 0);
                        6: fmt = f_val(V_RL, 4, 0);
                        7: fmt = f_val(V_RC, 4, 0);
                        default: fmt = F_END;
                    endcase
                    R_CRCS: if (f == 4) fmt = f_val(V_BANK, 1, 0);
                            else if (f == 5) fmt = f_val(V_IMM, 1, 4);
                            else if (f < 14) fmt = f_val(f[0] ? V_RC : V_RL, 4, ((f - 6) >> 1) + 1);
                    R_STATUS: if (f == 4) fmt = f_val(V_BOOT, 8, 0);
                              else if (f == 5) fmt = f_val(V_SLOT, 8, 0);
                              else if (f == 6) fmt = f_val(V_PEND, 8, 0);
                              else if (f == 7) fmt = f_val(V_IMM, 1, 4);
                              else if (f < 16) fmt = f_val(f[0] ? V_RC : V_RL, 4, ((f - 8) >> 1) + 1);
                    R_BP_STATUS: if (f == 4) fmt = f_val(V_BPBOOT, 8, 0);
                                 else if (f == 5) fmt = f_val(V_SLOT, 8, 0);
                                 else if (f == 6) fmt = f_val(V_PEND, 8, 0);
                                 else if (f == 7) fmt = f_val(V_IMM, 1, 0);
                    R_TELEMETRY: if (f == 4) fmt = f_val(V_SLOT, 8, 0);
                                 else if (f == 5) fmt = f_val(V_RUN, 1, 0);
                                 else if (SWITCHES > 0) begin // a bench of switch boards: Protocol.SWITCH_TOTALS, no levels
                                     if (f == 6) fmt = f_val(V_IMM, 1, 12);
                                     else if (f < 19) fmt = f_val(V_IMM, 8, 0); // no data path on this bench: nothing forwarded
                                     else if (f == 19) fmt = f_val(V_IMM, 1, 0);
                                 end
                                 else if (f == 6) fmt = f_val(V_IMM, 1, 10 + ORDER);
                                 else if (f < 17) fmt = f_val(V_COUNTER, 8, f - 7);
                                 else if (f < 17 + ORDER) fmt = f_val(V_IMM, 8, 0); // no stuck nodes on this bench
                                 else if (f == 17 + ORDER) fmt = f_val(V_IMM, 1, ORDER);
                                 else if (f < 18 + 2 * ORDER) fmt = f_val(V_STATE, 1, f - 18 - ORDER);
                    R_OWNER: if (f == 4) fmt = f_val(V_GEN, 8, 0);
                             else if (f == 5) fmt = f_val(V_LEFT, 4, 0);
                             else if (f == 6) fmt = F_STR;
                    R_REBOOTED: if (f == 4) fmt = f_val(V_BOOT, 8, 0);
                    default: fmt = F_END;
                endcase
            endcase
        end
    endfunction
    // verilator lint_on WIDTH

    // a value by its source, one-hot (the writer decodes the source as it sets it): an AND-OR of the
    // sources, two LUTs for most bits, instead of a 25-way multiplexer on five select bits in front of val_r
    function [63:0] value_of(input [24:0] oh, input [15:0] imm);
        value_of = {64{oh[V_IMM]}} & {48'd0, imm}
            | {64{oh[V_TYPE]}} & {56'd0, type_byte(rtype)}
            | {64{oh[V_SEQ]}} & {48'd0, r_seq}
            | {64{oh[V_BOARD]}} & {48'd0, r_board}
            | {64{oh[V_NACK]}} & {56'd0, nack_code}
            | {64{oh[V_KIND]}} & (a_router ? 64'd1 : 64'd2)
            | {64{oh[V_INDEX]}} & {48'd0, a_index}
            | {64{oh[V_BOOT]}} & a_boot
            | {64{oh[V_BPBOOT]}} & {boot_hi, 16'd0, 16'hFFFF}
            | {64{oh[V_BANK]}} & {56'd0, rbank}
            | {64{oh[V_REGION]}} & {56'd0, rregion}
            // V_RL, V_RC: read from the records (W_RECF)
            | {64{oh[V_SLOT]}} & slot
            | {64{oh[V_PEND]}} & a_pend
            | {64{oh[V_RUN]}} & {63'd0, running}
            | {64{oh[V_COUNTER]}} & fab_counters[64 * imm[3:0] +: 64]
            | {64{oh[V_STATE]}} & {56'd0, fab_states[8 * imm[4:0] +: 8]}
            | {64{oh[V_GEN]}} & a_gen
            | {64{oh[V_LEFT]}} & {32'd0, cb_left}
            | {64{oh[V_CYCLE]}} & (SWITCHES > 0 ? switch_cycle : 64'd0)
            | {64{oh[V_PORTS_N]}} & (SWITCHES > 0 ? {56'd0, ports_n} : 64'd0)
            | {64{oh[V_PORT_UP]}} & (SWITCHES > 0 ? {63'd0, counter_link_up} : 64'd0)
            | {64{oh[V_PORT_COUNTER]}} & (SWITCHES > 0 ? counter_value : 64'd0)
            | {64{oh[V_CRC]}} & {32'd0, ~w_crc_acc}; // the answer's own, as it ends
    endfunction
