// The boards' generations kept in the SPI configuration flash, past the bitstream, so that a power cycle does
// not forget them (the fencing every controller relies on).
//
// Two 4 KiB sectors, A and B, each a log of 16-byte records: 0x5A, the board (u16), 0, the generation (u64),
// CRC-32C of those 12 bytes (all little-endian). Slot 0 of a sector is its header (board 0xFFFF, the sector's
// sequence number, counted modulo 2^16: the newer of two valid headers is the one 1..32767 ahead). A claim
// that raises a generation appends a record (write enable, page program, status polled, the record read back
// and compared): one page program a claim. When the live sector is full, the other is erased, every board's
// generation written into it, and its header last, so that a power cut at any point leaves one complete
// sector. At power-up every record of the live sector is read and handed to the engine (load), in order; a
// record whose CRC fails (a program cut short) is skipped. Then ready. A flash that cannot be written or read
// back makes every later request fail (ok low): the engine refuses the claim and says why.
//
// The record is a ring of 16 bytes that only ever shifts by a byte (no byte is chosen by an index): the SPI
// byte goes out of rec[0] and comes in at rec[15], a record is built a byte at a time, and its CRC runs a bit a
// cycle over the bytes as they pass rec[0] (a pass: 12 bytes into the CRC, then its 4 bytes written or
// compared); the ring is back in order after every pass and every 16-byte command.
//
// SPI mode 0 at half the clock: the flash's commands 0xAB (wake), 0x03 (read), 0x06 (write enable), 0x02
// (page program), 0x05 (status), 0x20 (4 KiB sector erase).
module gen_flash #(
    parameter BOARDS     = 3,              // values kept: the boards' generations, the backplane's, the power-ups (the last two)
    parameter [23:0] SECTOR_A = 24'h10_0000,
    parameter [23:0] SECTOR_B = 24'h10_1000,
    parameter WAKE_CYCLES = 200,           // after 0xAB (tRES, 3 us)
    parameter TIMEOUT_LOG2 = 26            // a program or an erase that takes longer (in cycles, about) fails
) (
    input  wire        clk,
    input  wire        rst,                // power-on: scan again
    input  wire        start,              // the engine listens for the generations (the scan waits for it)
    // the flash
    output reg         spi_cs_n,
    output reg         spi_sck,
    output reg         spi_mosi,
    input  wire        spi_miso,
    // power-up: the generations found
    output reg         load,               // load_board, load_gen hold in its cycle
    output wire [15:0] load_board,
    output wire [63:0] load_gen,
    output reg         ready,
    output reg         failed,             // the flash could not be read or written: no claim can be kept
    // a claim to keep: board's new generation (held with req until done); done (a pulse) with ok
    input  wire        req,
    input  wire [15:0] req_board,
    input  wire [63:0] req_gen,
    output reg         done,
    output reg         ok,
    // the engine's generations, read while a full sector is copied
    output reg  [15:0] gen_sel,
    input  wire [63:0] gen_val
);
    generate
        if (SECTOR_A[11:0] != 0 || SECTOR_B[11:0] != 0 || SECTOR_A[23:12] == SECTOR_B[23:12]) begin : bad_sectors
            gen_flash_needs_two_distinct_4k_aligned_sectors unsupported ();
        end
        if (BOARDS < 1 || BOARDS > 255) begin : bad_boards
            gen_flash_keeps_1_to_255_boards_a_sector_copy_holds unsupported ();
        end
        if (TIMEOUT_LOG2 < 10 || TIMEOUT_LOG2 > 40) begin : bad_timeout
            gen_flash_needs_a_timeout_of_2e10_to_2e40_cycles unsupported ();
        end
    endgenerate
    localparam [7:0] MARK = 8'h5A;
    localparam KW = $clog2(BOARDS + 1);

    // ---- one byte over SPI: x_tx out MSB first, x_rx in; 16 cycles --------------------------------
    reg        x_go, x_busy;
    reg [7:0]  x_tx, x_sh, x_rx;
    reg [2:0]  x_n;
    always @(posedge clk) begin
        if (rst) begin
            x_busy <= 1'b0;
            spi_sck <= 1'b0;
            spi_mosi <= 1'b0;
        end else if (x_go) begin
            x_busy <= 1'b1;
            x_n <= 0;
            x_sh <= {x_tx[6:0], 1'b0};
            spi_mosi <= x_tx[7];
            spi_sck <= 1'b0;
        end else if (x_busy) begin
            if (!spi_sck) begin
                spi_sck <= 1'b1;                // the flash samples mosi on this edge
            end else begin
                spi_sck <= 1'b0;                // and shifts its next bit out on this one
                x_rx <= {x_rx[6:0], spi_miso};
                spi_mosi <= x_sh[7];
                x_sh <= {x_sh[6:0], 1'b0};
                x_n <= x_n + 1'b1;
                if (x_n == 3'd7) x_busy <= 1'b0;
            end
        end
    end
    wire x_idle = !x_go && !x_busy;

    // ---- the record: a ring of 16 bytes, and what the last pass found in it ----------------------
    reg [7:0]  rec [0:15];
    reg [31:0] crc;
    reg [7:0]  cbits;        // the byte the CRC is taking, a bit a cycle
    reg [2:0]  cn;
    reg [4:0]  pj;           // a pass's byte (0..15), a build's
    reg        p_build;      // the pass writes the CRC into the record (else compares the record's with it)
    reg        mark_ok, zero_ok, crc_ok, erased;
    wire       rec_valid = mark_ok && zero_ok && crc_ok;
    wire [15:0] rec_board = {rec[2], rec[1]};
    wire [63:0] rec_gen = {rec[11], rec[10], rec[9], rec[8], rec[7], rec[6], rec[5], rec[4]};
    assign load_board = rec_board;
    assign load_gen = rec_gen;

    // ---- the sequence --------------------------------------------------------------------------
    localparam [5:0]
        H_CMD = 0, H_CMD_HDR = 1, H_CMD_DATA = 2, H_CMD_WAIT = 3, H_CMD_END = 4,       // a command
        H_WAKE = 5, H_WAKE_WAIT = 6, H_HDR = 7, H_HDR_DONE = 8,                       // power-up
        H_LOG = 9, H_LOG_GO = 10, H_LOG_DONE = 11, H_READY = 12,
        H_APPEND = 13, H_APPENDED = 14,                                               // an append
        H_COPY = 15, H_COPY_NEXT = 16, H_COPY_PICK = 17, H_COPY_WROTE = 18, H_COPY_DONE = 19,
        H_WR = 20, H_BUILD = 21, H_WR_BUILT = 22, H_WR_PP = 23, H_POLL = 24, H_POLLED = 25, H_WR_VERIFY = 26,
        H_ER = 27, H_ER_SE = 28, H_FAIL = 29,                                         // an erase
        P_BYTE = 30, P_BITS = 31;                                                     // a pass
    reg [5:0]  h, h_ret, w_ret, e_ret, p_ret;  // the state; where a command, a record's write, an erase, a pass return
    reg [7:0]  c_op;
    reg        c_addr, c_write, c_to_rec, c_verify, c_mismatch;
    reg [23:0] c_a;
    reg [4:0]  c_len, c_i;
    reg [1:0]  c_hdr;
    reg [1:0]  gap;

    reg        live_b;       // the live sector is B
    reg        hdr_a_ok;
    reg [15:0] seq;          // the live sector's (while the headers are read: A's)
    reg        scan_b;
    reg [8:0]  slot;         // the live sector's next free slot (256: full)
    reg [15:0] w_board;
    localparam [1:0] W_REQ = 0, W_SEQ = 1, W_GEN = 2;
    reg [1:0]  w_src;        // the record's generation: the request's, the next sequence number, gen_val
    reg [23:0] w_addr;
    reg        w_nz;         // the record's generation is not 0 (a copy leaves such a board out)
    reg        w_keep;       // the record is written even so (a copy's: the claim's board)
    reg        polling_erase;
    reg [KW-1:0] copy_k;
    reg [8:0]  copy_slot;
    reg        for_req;
    reg        retried;      // the append's first slot did not read back: the next one is tried, once
    reg [TIMEOUT_LOG2-4:0] t; // polls (each at least 16 cycles), or the wake's cycles

    wire [15:0] seq_next = seq + 1'b1;
    wire [15:0] seq_ahead = rec_gen[15:0] - seq;   // a header's sequence number against A's
    wire [11:0] base = live_b ? SECTOR_B[23:12] : SECTOR_A[23:12];
    wire [11:0] other = live_b ? SECTOR_A[23:12] : SECTOR_B[23:12];
    // a record's byte pj as it is built: the mark, the board, 0, the generation, then room for the CRC
    wire [2:0]  vb = pj[2:0] ^ 3'd4;                // the generation's byte (pj 4..11)
    wire [7:0]  w_val = w_src == W_REQ ? req_gen[8 * vb +: 8] : w_src == W_GEN ? gen_val[8 * vb +: 8]
                      : vb == 3'd0 ? seq_next[7:0] : vb == 3'd1 ? seq_next[15:8] : 8'd0;
    wire [7:0]  w_byte = pj == 5'd0 ? MARK : pj == 5'd1 ? w_board[7:0] : pj == 5'd2 ? w_board[15:8]
                       : pj == 5'd3 || pj >= 5'd12 ? 8'd0 : w_val;

    task command(input [7:0] op, input has_addr, input [23:0] a, input [4:0] len, input wr, input to_rec,
                 input verify, input [5:0] ret);
        begin
            c_op <= op;
            c_addr <= has_addr;
            c_a <= a;
            c_len <= len;
            c_write <= wr;
            c_to_rec <= to_rec;
            c_verify <= verify;
            c_mismatch <= 1'b0;
            h_ret <= ret;
            h <= H_CMD;
        end
    endtask
    task ring(input [7:0] b); // the ring shifts a byte: rec[0] leaves, b comes in at rec[15]
        integer r;
        begin
            for (r = 0; r < 15; r = r + 1) rec[r] <= rec[r + 1];
            rec[15] <= b;
        end
    endtask
    task pass(input build, input [5:0] ret);
        begin
            p_build <= build;
            p_ret <= ret;
            pj <= 0;
            crc <= 32'hFFFF_FFFF;
            erased <= 1'b1;
            crc_ok <= 1'b1;
            h <= P_BYTE;
        end
    endtask
    task answer(input good);
        begin
            done <= 1'b1;
            ok <= good;
            for_req <= 1'b0;
        end
    endtask

    always @(posedge clk) begin
        x_go <= 1'b0;
        load <= 1'b0;
        done <= 1'b0;
        if (rst) begin
            h <= H_WAKE;
            spi_cs_n <= 1'b1;
            ready <= 1'b0;
            failed <= 1'b0;
            live_b <= 1'b0;
            for_req <= 1'b0;
            t <= 0;
        end else case (h)
            // ---- a command: opcode, address, data (out of the ring, or in: into it, compared with it) ----
            H_CMD: begin
                spi_cs_n <= 1'b0;
                x_tx <= c_op;
                x_go <= 1'b1;
                c_hdr <= c_addr ? 2'd3 : 2'd0;
                c_i <= 0;
                h <= H_CMD_HDR;
            end
            H_CMD_HDR: if (x_idle) begin
                if (c_hdr != 0) begin
                    x_tx <= c_hdr == 2'd3 ? c_a[23:16] : c_hdr == 2'd2 ? c_a[15:8] : c_a[7:0];
                    x_go <= 1'b1;
                    c_hdr <= c_hdr - 1'b1;
                end else begin
                    h <= H_CMD_DATA;
                end
            end
            H_CMD_DATA: begin
                if (c_i == c_len) begin
                    h <= H_CMD_END;
                    gap <= 2'd3;
                end else begin
                    x_tx <= c_write ? rec[0] : 8'hFF;
                    x_go <= 1'b1;
                    h <= H_CMD_WAIT;
                end
            end
            H_CMD_WAIT: if (x_idle) begin
                if (c_to_rec) begin
                    ring(x_rx);
                end else if (c_write || c_verify) begin
                    if (c_verify && x_rx != rec[0]) c_mismatch <= 1'b1;
                    ring(rec[0]);
                end
                c_i <= c_i + 1'b1;
                h <= H_CMD_DATA;
            end
            H_CMD_END: begin // the select high a few cycles between commands
                spi_cs_n <= 1'b1;
                gap <= gap - 1'b1;
                if (gap == 0) h <= h_ret;
            end

            // ---- a pass over the ring: its first 12 bytes into the CRC a bit a cycle, then its last 4 set to
            // the CRC (build) or compared with it; the mark, the zero byte and erased bytes noted on the way --
            P_BYTE: if (pj[4]) begin
                h <= p_ret;
            end else begin
                if (rec[0] != 8'hFF) erased <= 1'b0;
                if (pj == 5'd0) mark_ok <= rec[0] == MARK;
                if (pj == 5'd3) zero_ok <= rec[0] == 8'd0;
                if (pj < 5'd12) begin
                    cbits <= rec[0];
                    cn <= 0;
                    ring(rec[0]);
                    h <= P_BITS;
                end else begin
                    if (p_build) ring(~crc[7:0]);
                    else begin
                        if (rec[0] != ~crc[7:0]) crc_ok <= 1'b0;
                        ring(rec[0]);
                    end
                    crc <= {crc[7:0], crc[31:8]};
                    pj <= pj + 1'b1;
                end
            end
            P_BITS: begin
                crc <= {1'b0, crc[31:1]} ^ (cbits[0] ^ crc[0] ? 32'h82F6_3B78 : 32'd0);
                cbits <= {1'b0, cbits[7:1]};
                cn <= cn + 1'b1;
                if (cn == 3'd7) begin
                    pj <= pj + 1'b1;
                    h <= P_BYTE;
                end
            end

            // ---- power-up: wake the flash, read both headers, load the live sector's records -------
            H_WAKE: begin
                t <= 0;
                command(8'hAB, 1'b0, 24'd0, 5'd0, 1'b0, 1'b0, 1'b0, H_WAKE_WAIT);
            end
            H_WAKE_WAIT: begin
                if (t != WAKE_CYCLES[TIMEOUT_LOG2-4:0]) t <= t + 1'b1;
                if (t == WAKE_CYCLES[TIMEOUT_LOG2-4:0] && start) begin
                    scan_b <= 1'b0;
                    command(8'h03, 1'b1, SECTOR_A, 5'd16, 1'b0, 1'b1, 1'b0, H_HDR);
                end
            end
            H_HDR: pass(1'b0, H_HDR_DONE);
            H_HDR_DONE: if (!scan_b) begin
                hdr_a_ok <= rec_valid && rec_board == 16'hFFFF;
                seq <= rec_gen[15:0];
                scan_b <= 1'b1;
                command(8'h03, 1'b1, SECTOR_B, 5'd16, 1'b0, 1'b1, 1'b0, H_HDR);
            end else begin
                // the live sector: the valid header that is ahead
                if (rec_valid && rec_board == 16'hFFFF && (!hdr_a_ok || seq_ahead != 0 && !seq_ahead[15])) begin
                    live_b <= 1'b1;
                    seq <= rec_gen[15:0];
                    slot <= 9'd1;
                    h <= H_LOG;
                end else if (hdr_a_ok) begin
                    live_b <= 1'b0;
                    slot <= 9'd1;
                    h <= H_LOG;
                end else begin
                    // nothing kept yet (a new flash): make sector A live, with its header alone
                    live_b <= 1'b1; // (so that the copy's "other" is A)
                    seq <= 0;
                    h <= H_COPY;
                end
            end
            H_LOG: if (slot[8]) begin
                ready <= 1'b1;
                h <= H_READY;
            end else begin
                command(8'h03, 1'b1, {base, slot[7:0], 4'd0}, 5'd16, 1'b0, 1'b1, 1'b0, H_LOG_GO);
            end
            H_LOG_GO: pass(1'b0, H_LOG_DONE);
            H_LOG_DONE: if (erased) begin // erased: the log ends here (a record cut short is skipped below)
                ready <= 1'b1;
                h <= H_READY;
            end else begin
                if (rec_valid && rec_board < BOARDS[15:0]) load <= 1'b1; // (the ring holds while the next command starts)
                slot <= slot + 1'b1;
                h <= H_LOG;
            end

            // ---- a claim to keep: a record appended, or the live sector copied when full ------------
            H_READY: if (req && !done) begin // (the engine drops req a cycle after done)
                if (failed) begin
                    answer(1'b0);
                end else begin
                    for_req <= 1'b1;
                    retried <= 1'b0;
                    h <= H_APPEND;
                end
            end
            H_APPEND: if (slot[8]) begin
                h <= H_COPY;
            end else begin
                w_board <= req_board;
                w_src <= W_REQ;
                w_addr <= {base, slot[7:0], 4'd0};
                w_keep <= 1'b1;
                w_ret <= H_APPENDED;
                h <= H_WR;
            end
            H_APPENDED: begin
                slot <= slot + 1'b1;
                answer(1'b1);
                h <= H_READY;
            end

            // ---- a copy into the other sector: erased, every nonzero generation (the claim's new one for
            // its board), then the header; then it is live -------------------------------------------
            H_COPY: begin
                copy_k <= 0;
                copy_slot <= 9'd1;
                w_addr <= {other, 12'd0};
                e_ret <= H_COPY_NEXT;
                h <= H_ER;
            end
            H_COPY_NEXT: if (copy_k < BOARDS[KW-1:0]) begin
                gen_sel <= {{(16 - KW){1'b0}}, copy_k};
                h <= H_COPY_PICK;
            end else begin
                w_board <= 16'hFFFF;
                w_src <= W_SEQ;
                w_addr <= {other, 12'd0};
                w_keep <= 1'b1;
                w_ret <= H_COPY_DONE;
                h <= H_WR;
            end
            H_COPY_PICK: begin // (gen_val is board gen_sel's now, and holds while its record is built)
                copy_k <= copy_k + 1'b1;
                w_board <= gen_sel;
                w_src <= for_req && gen_sel == req_board ? W_REQ : W_GEN; // (the claim's board: its new generation)
                w_keep <= for_req && gen_sel == req_board;
                w_addr <= {other, copy_slot[7:0], 4'd0};
                w_ret <= H_COPY_WROTE;
                h <= H_WR;
            end
            H_COPY_WROTE: begin
                copy_slot <= copy_slot + 1'b1;
                h <= H_COPY_NEXT;
            end
            H_COPY_DONE: begin
                live_b <= !live_b;
                seq <= seq_next;
                slot <= copy_slot;
                ready <= 1'b1;
                if (for_req) answer(1'b1);
                h <= H_READY;
            end

            // ---- a record (w_board, its generation) built, written at w_addr and read back: then w_ret; a
            // copy's record of a generation 0 is left out (then H_COPY_NEXT) ---------------------------------
            H_WR: begin
                pj <= 0;
                w_nz <= 1'b0;
                h <= H_BUILD;
            end
            H_BUILD: begin
                ring(w_byte);
                if (pj >= 5'd4 && pj < 5'd12 && w_val != 0) w_nz <= 1'b1;
                pj <= pj + 1'b1;
                if (pj == 5'd15) pass(1'b1, H_WR_BUILT);
            end
            H_WR_BUILT: if (!w_nz && !w_keep) begin
                h <= H_COPY_NEXT;
            end else begin
                polling_erase <= 1'b0;
                command(8'h06, 1'b0, 24'd0, 5'd0, 1'b0, 1'b0, 1'b0, H_WR_PP);
            end
            H_WR_PP: begin
                t <= 0;
                command(8'h02, 1'b1, w_addr, 5'd16, 1'b1, 1'b0, 1'b0, H_POLL);
            end
            H_POLL: if (t[TIMEOUT_LOG2-4]) begin
                h <= H_FAIL;
            end else begin
                command(8'h05, 1'b0, 24'd0, 5'd1, 1'b0, 1'b0, 1'b0, H_POLLED);
            end
            H_POLLED: begin // x_rx: the status; bit 0 busy
                t <= t + 1'b1;
                if (x_rx[0]) h <= H_POLL;
                else if (polling_erase) h <= e_ret;
                else command(8'h03, 1'b1, w_addr, 5'd16, 1'b0, 1'b0, 1'b1, H_WR_VERIFY);
            end
            H_WR_VERIFY: if (!c_mismatch) begin
                h <= w_ret;
            end else if (w_ret == H_APPENDED && !retried) begin
                // a slot that does not read back what was programmed (a program cut short before, or a bad
                // page): it stays used, and the record goes to the next one
                retried <= 1'b1;
                slot <= slot + 1'b1;
                h <= H_APPEND;
            end else begin
                h <= H_FAIL;
            end

            // ---- the sector at w_addr erased: then e_ret ------------------------------------------
            H_ER: command(8'h06, 1'b0, 24'd0, 5'd0, 1'b0, 1'b0, 1'b0, H_ER_SE);
            H_ER_SE: begin
                t <= 0;
                polling_erase <= 1'b1;
                command(8'h20, 1'b1, w_addr, 5'd0, 1'b0, 1'b0, 1'b0, H_POLL);
            end

            H_FAIL: begin
                failed <= 1'b1;
                ready <= 1'b1;
                spi_cs_n <= 1'b1;
                if (for_req) answer(1'b0);
                h <= H_READY;
            end
            default: h <= H_FAIL;
        endcase
    end
endmodule
