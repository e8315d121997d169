// The engine's states around an answer (included in oft_engine's case (state)): it starts the writer
// (engine_writer.vh) and waits for it, then the frame is done; and a loop's record.
            // an answer starts a state after it is decided: what the decision sets stays narrow
            state[S_ANSWER]: begin
                w_start <= 1'b1;
                state <= ONE << S_EMIT;
            end
            state[S_EMIT]: if (w_done) begin // the framer has it (tx_busy is up from the next cycle)
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
