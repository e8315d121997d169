// The boards' generations kept in the SPI configuration flash, past the bitstream, so that a power cycle does
// not forget them (the fencing every controller relies on).
//
// Two 4 KiB sectors, A and B, each a log of 16-byte records: 0x5A, the board (u16), 0, the generation (u64),
// CRC-32C of those 12 bytes (all little-endian). Slot 0 of a sector is its header (board 0xFFFF, the sector's
// sequence number); the sector with the higher valid header is the live one. A claim that raises a
// generation appends a record (write enable, page program, status polled, the record read back and compared):
// one page program a claim. When the live sector is full, the other is erased, every board's generation
// written into it, and its header last, so that a power cut at any point leaves one complete sector.
// At power-up every record of the live sector is read and handed to the engine (load), in order; a record
// whose CRC fails (a program cut short) is skipped. Then ready. A flash that cannot be written or read
// back makes every later request fail (ok low): the engine refuses the claim and says why.
//
// SPI mode 0 at half the clock: the flash's commands 0xAB (wake), 0x03 (read), 0x06 (write enable), 0x02
// (page program), 0x05 (status), 0x20 (4 KiB sector erase).
module gen_flash #(
    parameter BOARDS     = 2,              // generations kept: boards and the backplane (index BOARDS - 1)
    parameter [23:0] SECTOR_A = 24'h10_0000,
    parameter [23:0] SECTOR_B = 24'h10_1000,
    parameter WAKE_CYCLES = 200,           // after 0xAB (tRES, 3 us)
    parameter TIMEOUT_LOG2 = 26            // a program or an erase that takes longer fails
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
    localparam [7:0] MARK = 8'h5A;

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

    // ---- the record and its CRC-32C, a bit a cycle over its first 12 bytes -------------------------
    reg [7:0]  rec [0:15];
    reg [31:0] crc;
    reg [6:0]  crc_i;        // bit 0..95
    reg        crc_go;       // a pulse: the CRC of rec's first 12 bytes, from the next cycle (crc_run while it runs)
    reg        crc_run;
    wire       crc_in = rec[crc_i[6:3]][crc_i[2:0]] ^ crc[0];
    wire [31:0] crc_next = {1'b0, crc[31:1]} ^ (crc_in ? 32'h82F6_3B78 : 32'd0);
    wire       crc_busy = crc_go || crc_run;
    always @(posedge clk) begin
        if (rst) begin
            crc_run <= 1'b0;
        end else if (crc_go) begin
            crc <= 32'hFFFF_FFFF;
            crc_i <= 0;
            crc_run <= 1'b1;
        end else if (crc_run) begin
            crc <= crc_next;
            crc_i <= crc_i + 1'b1;
            if (crc_i == 7'd95) crc_run <= 1'b0;
        end
    end
    reg        rec_erased;   // every byte of rec reads 0xFF (an erased slot: the log ends there)
    integer    e;
    always @* begin
        rec_erased = 1'b1;
        for (e = 0; e < 16; e = e + 1) rec_erased = rec_erased && rec[e] == 8'hFF;
    end
    wire [31:0] rec_crc = {rec[15], rec[14], rec[13], rec[12]};
    wire [15:0] rec_board = {rec[2], rec[1]};
    wire [63:0] rec_gen = {rec[11], rec[10], rec[9], rec[8], rec[7], rec[6], rec[5], rec[4]};
    wire        rec_valid = rec[0] == MARK && rec[3] == 8'd0 && ~crc == rec_crc;
    assign load_board = rec_board;
    assign load_gen = rec_gen;

    // ---- the sequence --------------------------------------------------------------------------
    localparam [4:0]
        H_CMD = 0, H_CMD_HDR = 1, H_CMD_DATA = 2, H_CMD_WAIT = 3, H_CMD_END = 4,    // a command
        H_WAKE = 5, H_WAKE_WAIT = 6, H_HDR = 7, H_HDR_CRC = 8,                    // power-up
        H_LOG = 10, H_LOG_CRC = 11, H_READY = 12,
        H_WR = 13, H_WR_CRC = 14, H_WR_PP = 15, H_POLL = 16, H_POLLED = 17, H_WR_VERIFY = 18,   // a record
        H_ER = 20, H_ER_SE = 21, H_APPEND = 29, H_LOG_GO = 30,                    // an erase; an append
        H_COPY = 22, H_COPY_NEXT = 23, H_COPY_PICK = 24, H_COPY_WROTE = 25, H_COPY_DONE = 26, H_APPENDED = 27,
        H_FAIL = 28;
    reg [4:0]  h, h_ret, w_ret, e_ret;  // the state; where a command, a record's write, an erase return
    reg [7:0]  c_op;
    reg        c_addr, c_write, c_to_rec, c_verify, c_mismatch;
    reg [23:0] c_a;
    reg [4:0]  c_len, c_i;
    reg [1:0]  c_hdr;
    reg [1:0]  gap;

    reg        live_b;       // the live sector is B
    reg        hdr_a_ok;
    reg [63:0] seq;          // the live sector's (while the headers are read: A's)
    reg        scan_b;
    reg [8:0]  slot;         // the live sector's next free slot (256: full)
    reg [15:0] w_board;
    localparam [1:0] W_REQ = 0, W_SEQ = 1, W_GEN = 2;
    reg [1:0]  w_src;        // the record's generation: the request's, the next sequence number, gen_val
    reg [23:0] w_addr;
    reg        polling_erase;
    reg [15:0] copy_k;
    reg [8:0]  copy_slot;
    reg        for_req;
    reg        retried;      // the append's first slot did not read back: the next one is tried, once
    reg [TIMEOUT_LOG2:0] t;

    wire [63:0] w_value = w_src == W_REQ ? req_gen : w_src == W_SEQ ? seq + 1'b1 : gen_val;
    wire [23:0] base = live_b ? SECTOR_B : SECTOR_A;
    wire [23:0] other = live_b ? SECTOR_A : SECTOR_B;

    task command(input [7:0] op, input has_addr, input [23:0] a, input [4:0] len, input wr, input to_rec,
                 input verify, input [4:0] ret);
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

    task answer(input good);
        begin
            done <= 1'b1;
            ok <= good;
            for_req <= 1'b0;
        end
    endtask

    integer k;
    always @(posedge clk) begin
        x_go <= 1'b0;
        crc_go <= 1'b0;
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
            // ---- a command: opcode, address, data (out of rec, or in: to rec, compared with it) ----
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
                    x_tx <= c_write ? rec[c_i[3:0]] : 8'hFF;
                    x_go <= 1'b1;
                    h <= H_CMD_WAIT;
                end
            end
            H_CMD_WAIT: if (x_idle) begin
                if (!c_write && c_to_rec) rec[c_i[3:0]] <= x_rx;
                if (c_verify && x_rx != rec[c_i[3:0]]) c_mismatch <= 1'b1;
                c_i <= c_i + 1'b1;
                h <= H_CMD_DATA;
            end
            H_CMD_END: begin // the select high a few cycles between commands
                spi_cs_n <= 1'b1;
                gap <= gap - 1'b1;
                if (gap == 0) h <= h_ret;
            end

            // ---- power-up: wake the flash, read both headers, load the live sector's records -------
            H_WAKE: begin
                t <= 0;
                command(8'hAB, 1'b0, 24'd0, 5'd0, 1'b0, 1'b0, 1'b0, H_WAKE_WAIT);
            end
            H_WAKE_WAIT: begin
                if (t != WAKE_CYCLES) t <= t + 1'b1;
                if (t == WAKE_CYCLES && start) begin
                    scan_b <= 1'b0;
                    command(8'h03, 1'b1, SECTOR_A, 5'd16, 1'b0, 1'b1, 1'b0, H_HDR);
                end
            end
            H_HDR: begin
                crc_go <= 1'b1;
                h <= H_HDR_CRC;
            end
            H_HDR_CRC: if (crc_busy) begin
                // (the header's CRC)
            end else if (!scan_b) begin
                hdr_a_ok <= rec_valid && rec_board == 16'hFFFF;
                seq <= rec_gen;
                scan_b <= 1'b1;
                command(8'h03, 1'b1, SECTOR_B, 5'd16, 1'b0, 1'b1, 1'b0, H_HDR);
            end else begin
                // the live sector: the valid header with the higher sequence
                if (rec_valid && rec_board == 16'hFFFF && (!hdr_a_ok || rec_gen > seq)) begin
                    live_b <= 1'b1;
                    seq <= rec_gen;
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
            H_LOG: if (slot == 9'd256) begin
                ready <= 1'b1;
                h <= H_READY;
            end else begin
                command(8'h03, 1'b1, base + {slot[7:0], 4'd0}, 5'd16, 1'b0, 1'b1, 1'b0, H_LOG_GO);
            end
            H_LOG_GO: begin
                crc_go <= 1'b1;
                h <= H_LOG_CRC;
            end
            H_LOG_CRC: if (rec_erased) begin // erased: the log ends here (a record cut short is skipped below)
                ready <= 1'b1;
                h <= H_READY;
            end else if (crc_busy) begin
                // (the record's CRC)
            end else begin
                if (rec_valid && rec_board < BOARDS) load <= 1'b1; // (rec holds while the next command starts)
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
            H_APPEND: if (slot == 9'd256) begin
                h <= H_COPY;
            end else begin
                w_board <= req_board;
                w_src <= W_REQ;
                w_addr <= base + {slot[7:0], 4'd0};
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
                w_addr <= other;
                e_ret <= H_COPY_NEXT;
                h <= H_ER;
            end
            H_COPY_NEXT: if (copy_k < BOARDS) begin
                gen_sel <= copy_k;
                h <= H_COPY_PICK;
            end else begin
                w_board <= 16'hFFFF;
                w_src <= W_SEQ;
                w_addr <= other;
                w_ret <= H_COPY_DONE;
                h <= H_WR;
            end
            H_COPY_PICK: begin // (gen_val is board gen_sel's now)
                copy_k <= copy_k + 1'b1;
                w_board <= gen_sel;
                w_src <= for_req && gen_sel == req_board ? W_REQ : W_GEN; // (the claim's board: its new generation)
                w_addr <= other + {copy_slot[7:0], 4'd0};
                w_ret <= H_COPY_WROTE;
                if (for_req && gen_sel == req_board || gen_val != 0) h <= H_WR;
                else h <= H_COPY_NEXT;
            end
            H_COPY_WROTE: begin
                copy_slot <= copy_slot + 1'b1;
                h <= H_COPY_NEXT;
            end
            H_COPY_DONE: begin
                live_b <= !live_b;
                seq <= seq + 1'b1;
                slot <= copy_slot;
                ready <= 1'b1;
                if (for_req) answer(1'b1);
                h <= H_READY;
            end

            // ---- a record (w_board, w_value) written at w_addr and read back: then w_ret -------------
            H_WR: begin
                rec[0] <= MARK;
                rec[1] <= w_board[7:0];
                rec[2] <= w_board[15:8];
                rec[3] <= 8'd0;
                for (k = 0; k < 8; k = k + 1) rec[4 + k] <= w_value[8 * k +: 8];
                crc_go <= 1'b1;
                h <= H_WR_CRC;
            end
            H_WR_CRC: if (!crc_busy) begin
                {rec[15], rec[14], rec[13], rec[12]} <= ~crc;
                polling_erase <= 1'b0;
                command(8'h06, 1'b0, 24'd0, 5'd0, 1'b0, 1'b0, 1'b0, H_WR_PP);
            end
            H_WR_PP: begin
                t <= 0;
                command(8'h02, 1'b1, w_addr, 5'd16, 1'b1, 1'b0, 1'b0, H_POLL);
            end
            H_POLL: if (t[TIMEOUT_LOG2]) begin
                h <= H_FAIL;
            end else begin
                command(8'h05, 1'b0, 24'd0, 5'd1, 1'b0, 1'b0, 1'b0, H_POLLED);
            end
            H_POLLED: begin // x_rx: the status; bit 0 busy
                t <= t + 5'd24; // (a poll's cycles, about)
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
