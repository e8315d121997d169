// The engine's states that send an answer (included in oft_engine's case (state)): its fields by the
// layout engine_answers.vh gives, strings, the CRC, then the framer; and a loop's record.
            // an answer starts a state after it is decided: what the decision sets stays narrow
            state[S_ANSWER]: begin
                fi <= 0;
                rp <= 0;
                crc_init <= 1'b1;
                state <= ONE << S_RESP;
            end
            state[S_RESP]: begin // fmt_rom reads the field's layout
                state <= ONE << S_FIELD;
            end
            state[S_FIELD]: begin
                case (fld_r[26:25])
                    2'd0: if (fld_r[24:20] == V_RL || fld_r[24:20] == V_RC) begin
                        // a region's length or CRC: active (the active bank's record) or staging's
                        rec_ra <= view_active
                            ? {1'b0, cb, fld_region == 3, sel[2 * cb + (fld_region == 3)], fld_r[24:20] == V_RC, 2'd0}
                            : {1'b1, {BW{1'b0}}, fld_region == 3, 1'b0, fld_r[24:20] == V_RC, 2'd0};
                        rec_zero <= size_of(cb, fld_region) == 0;
                        nbytes <= 4'd4;
                        wait_for(2'd2);
                        state <= ONE << S_RECF;
                    end else begin
                        val_src <= fld_r[24:20];
                        val_imm <= fld_r[15:0];
                        vk <= 0;
                        nbytes <= fld_r[19:16];
                        wait_for(2'd2); // (val_r, then vb)
                        state <= ONE << S_BYTES;
                    end
                    2'd1: begin // a string: its length first (the ROM's slot starts with it), then its bytes
                        str_src <= rtype == R_OWNER ? SRC_OWNER : SRC_TEXT;
                        text_a <= {rtype == R_NACK ? reason : RS_FIRMWARE, 5'd0};
                        ow_a <= {cb[BW-1:0], {OW_AW{1'b0}}};
                        wait_for(2'd2);
                        str_i <= 0;
                        str_left <= 0;
                        str_done <= 1'b1;
                        str_head <= 1'b1;
                        state <= ONE << S_STR;
                    end
                    2'd3: if (SWITCHES > 0) begin // the list of ports
                        in_list <= 1'b1;
                        port_rel <= 0;
                        counter_i <= 0;
                        state <= ONE << S_PORTS;
                    end
                    default: begin
                        val_src <= V_CRC;
                        vk <= 0;
                        nbytes <= 4;
                        wait_for(2'd2); // (val_r, then vb)
                        state <= ONE << S_CRC;
                    end
                endcase
            end
            state[S_BYTES]: if (nbytes == 0) begin
                if (in_list) begin
                    if (counter_i == 8) begin
                        counter_i <= 0;
                        port_rel <= port_rel + 1'b1;
                    end else begin
                        counter_i <= counter_i + 1'b1;
                    end
                    state <= ONE << S_PORTS;
                end else begin
                    fi <= fi + 1'b1;
                    state <= ONE << S_RESP;
                end
            end else if (have) begin
                emit(EM_VAL);
                vk <= vk + 1'b1;
                nbytes <= nbytes - 1'b1;
                wait_for(2'd1);
            end
            state[S_PORTS]: if (port_rel == ports_n) begin
                in_list <= 1'b0;
                fi <= fi + 1'b1;
                state <= ONE << S_RESP;
            end else if (!rd_pending) begin // ask the counter registers
                counter_switch <= sw_index;
                counter_port <= port_i;
                counter_sel <= counter_idx[2:0];
                wait_for(2'd2);
                rd_pending <= 1'b1;
            end else if (have) begin
                rd_pending <= 1'b0;
                val_src <= counter_i == 0 ? V_PORT_UP : V_PORT_COUNTER;
                vk <= 0;
                nbytes <= counter_i == 0 ? 4'd1 : 4'd8;
                wait_for(2'd2); // (val_r, then vb)
                state <= ONE << S_BYTES;
            end
            state[S_STR]: if (str_head) begin
                if (str_src == SRC_OWNER) begin
                    str_left <= owner_len[cb];
                    str_done <= owner_len[cb] == 0;
                    emit(EM_OWNER_LEN);
                    str_head <= 1'b0;
                end else if (have) begin
                    str_left <= text_q;
                    str_done <= text_q == 0;
                    emit(EM_TEXT);
                    str_head <= 1'b0;
                    text_a <= text_a + 1'b1;
                    wait_for(2'd2);
                end
            end else if (str_done) begin
                fi <= fi + 1'b1;
                state <= ONE << S_RESP;
            end else if (have) begin
                emit(str_src == SRC_OWNER ? EM_OWNER : EM_TEXT);
                str_i <= str_i + 1'b1;
                str_left <= str_left - 1'b1;
                str_done <= str_left == 8'd1;
                ow_a <= {cb[BW-1:0], str_i[OW_AW-1:0] + 1'b1};
                text_a <= text_a + 1'b1;
                wait_for(2'd2);
            end
            state[S_CRC]: if (nbytes == 0) begin
                resp_len <= rp;
                resp_start <= 1'b1;
                state <= ONE << S_WAIT_TX;
            end else if (have) begin
                rb_we <= 1'b1;
                rb_addr <= rp;
                rb_data <= vb;
                rp <= rp + 1'b1;
                vk <= vk + 1'b1;
                nbytes <= nbytes - 1'b1;
                wait_for(2'd1);
            end
            state[S_WAIT_TX]: begin // the framer has seen start: tx_busy is up from the next cycle
                state <= ONE << S_DONE;
            end
            state[S_DONE]: begin
                if (resp_broadcast) begin
                    resp_broadcast <= 1'b0;
                    state <= ONE << S_IDLE;
                end else begin
                    frame_done <= frame_valid;
                    state <= ONE << S_IDLE;
                end
            end

            // Crc for one region: the loop has run
            state[S_SEND]: begin
                answer(R_CRC);
            end

            // a record: the loop's length and CRC, a byte a cycle, then on
            state[S_REC]: begin
                rec_we <= 1'b1;
                rec_wa <= {rec_wa[BW+5:3], rec_wa[2:0] + 3'd1};
                rec_wd <= rec_byte;
                if (rec_wa[2:0] == 3'd6) state <= rec_after;
            end
            // a field read from the records: 4 bytes
            state[S_RECF]: if (nbytes == 0) begin
                fi <= fi + 1'b1;
                state <= ONE << S_RESP;
            end else if (have) begin
                emit(rec_zero ? EM_ZERO : EM_REC);
                rec_ra <= rec_ra + 1'b1;
                nbytes <= nbytes - 1'b1;
                wait_for(2'd2);
            end
