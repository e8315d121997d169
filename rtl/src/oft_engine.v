// Message layer and board cores of an OFT bench (docs/board-protocol.md, version 2): the
// router-level boards (control sequence, phases) and processor boards (routing table, injection
// phase) behind one link, with the backplane (address 0xFFFF: slot clock, telemetry). One
// byte-serial engine serves every board of the bench, one request at a time, as firmware on a
// soft core would; per-board state is kept in small arrays and the regions in block RAM.
//
// Every region has two physical banks; sel says which one is active. A Commit is checked
// against staging and scheduled; at the start of slot epoch the active bank flips (one register
// per region, between two slots), then the new active bank is copied back into staging, so
// staging again holds what became active. A Write into a region whose commit is scheduled is
// refused, so what becomes active is exactly what was committed.
//
// Ownership: each board and the backplane keep the generation (survives a reboot, as flash
// would: cleared only by por), the owner's id and a lease; every change is fenced.
//
// Its units are modules of their own, each with a bench (rtl/bench): the slot clock (slot_clock.v), the
// header's checks (request_checks.v) and the answer's writer (answer_writer.v), which the engine starts and
// waits for; engine_clock.vh, engine_header.vh and engine_writer.vh wire them in. The states, the compares
// made ahead and the memories are in included files (engine_*.vh); what stays here is the per-board state,
// the declarations those files share and the one always block the engine's states are cases of.
module oft_engine #(
    parameter ORDER       = 4,
    parameter ROUTERS     = 4,        // router-level boards, addresses 0..ROUTERS-1
    parameter PROCS       = 16,       // processor boards, addresses ROUTERS..
    parameter FIRST_LEVEL = 1,        // level of the router-level board at address 0
    parameter FIRST_PROC  = 0,        // index of the processor board at address ROUTERS
    parameter SWITCHES    = 0,        // electrical switch boards (management plane), addresses ROUTERS + PROCS..
    parameter RADIX       = 4,        // ports of a switch board
    parameter LIDS        = 16,       // entries of its forwarding table
    parameter LMC         = 0,
    parameter CLK_HZ      = 1000000,
    parameter HDR         = 24,
    parameter OW_AW       = 8,        // bytes of an owner id, log2 (a proof takes fewer)
    parameter FAB_PORT    = 1,        // a fabric reads the active banks (a lone board: its optics, not here)
    parameter SPRAM       = 0,        // single-port memories in an iCE40 UltraPlus's SPRAM (byte_ram)
    parameter PH_PORT     = 0,        // the phases get a read port too (a lone board's optics read its phase)
    parameter FLASH       = 0,        // 1: generations kept in flash (gen_flash): a claim that raises one waits for it
    parameter SYNC        = 0,        // 1: the slot-reference line (slot_sync.v, sync_pulse.v): led or followed
    parameter SYNC_LATENCY = 3,       // cycles from the leader's slot start to the align acting here (slot_sync's LATENCY)
    // derived (the fabric port's width): bits of a board address, and of an offset into region A
    parameter BW          = $clog2(ROUTERS + PROCS + SWITCHES + 1),
    parameter RA_AW       = SWITCHES > 0 ? $clog2(LIDS) : $clog2(PROCS > 0 ? 2 * (1 << ORDER) : ((1 << ORDER) >= 16 ? (1 << ORDER) / 8 : 2))
) (
    input  wire             clk,
    input  wire             por,          // power on: everything, the generations too
    input  wire             rst,          // reboot of every board: the generations stay
    // (a serial number of 32 bits, as a board's flash id gives it)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [31:0]      nv_seed,      // its low 16 bits are part of every boot id (a board's serial number)
    // verilator lint_on UNUSEDSIGNAL
    // a request
    input  wire             frame_valid,
    input  wire [12:0]      frame_len,
    input  wire [8*HDR-1:0] hdr,
    output reg              frame_done,
    output reg  [12:0]      fb_addr,
    input  wire [7:0]       fb_data,      // three cycles after fb_addr (FB_WAIT)
    // the answer
    output wire             rb_we,
    output wire [8:0]       rb_addr,
    output wire [7:0]       rb_data,
    output wire             resp_start,
    output reg              resp_broadcast, // unsolicited (Rebooted): every port
    output wire [8:0]       resp_len,
    input  wire             tx_busy,
    // a switch board's counter registers, as its data path counts them: the engine names a switch, a
    // port (0-based) and a counter (0..7, in PortCounters' order) and reads the value and the port's
    // link state two cycles later; and the switch cycle the counters were latched at. (A bench without
    // a data path answers zero, every link up.)
    output wire [15:0]      counter_switch,
    output wire [7:0]       counter_port,
    output wire [2:0]       counter_sel,
    input  wire [63:0]      counter_value,
    input  wire             counter_link_up,
    input  wire [63:0]      switch_cycle,
    // the generations kept in flash (FLASH): loaded at power-up, before any request is taken (the engine waits in
    // S_REBOOT for nv_ready); a
    // claim that raises one asks for it to be kept (nv_req, held until nv_done) and is refused if it cannot be
    input  wire             nv_ready,
    input  wire             nv_load,
    input  wire [15:0]      nv_load_board,
    input  wire [63:0]      nv_load_gen,
    output reg              nv_req,
    output reg  [15:0]      nv_board,
    output wire [63:0]      nv_gen,       // held while nv_req is: the request's generation, or the power-ups' count
    input  wire             nv_done,
    input  wire             nv_ok,
    input  wire [15:0]      nv_sel,       // the flash's copy reads the generations
    output wire [63:0]      nv_val,
    output wire             nv_listen,    // the engine waits for the generations: loads are taken now
    // a board the harness power-cycles
    input  wire             reboot_req,
    input  wire [15:0]      reboot_addr,
    // the fabric: it reads active banks, the engine tells it when a slot starts
    // (with FAB_PORT = 0 only the board's bits choose a bank)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [RA_AW+BW-1:0] fab_addr,    // {board, offset}: the active bank is chosen here
    // verilator lint_on UNUSEDSIGNAL
    output reg  [7:0]       fab_data,
    // or, with fab_at, the banks that will be active in the next slot (a commit due then counts): what a
    // lone board's optics read ahead of the boundary, once the engine has run every boundary due (fab_ready:
    // slot is then the next slot's number); fab_bank says which, fab_has whether a table will be active
    input  wire             fab_at,
    output wire             fab_ready,
    output wire [1:0]       fab_bank,     // {phases, region A}
    output wire             fab_has,
    // (read with PH_PORT = 1 only)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [2:0]       fab_ph_addr,  // a byte of board fab_addr's first phase (PH_PORT)
    // verilator lint_on UNUSEDSIGNAL
    output reg  [7:0]       fab_ph_data,
    output wire             fab_loaded,   // every board holds an active table
    output reg              fab_step,     // pulse: run one slot
    input  wire             fab_busy,
    input  wire [64*10-1:0] fab_counters, // totals then last slot: injected, delivered, misdelivered, collisions, lost
    input  wire [8*ORDER-1:0] fab_states, // level 1 first, 0xFF before the first slot
    // what the bench shows (LEDs, the harness)
    output reg  [63:0]      slot,
    output reg              running,
    // the slot clock, for pins driven in step with it: a counted boundary comes at the next edge (the
    // cycle that follows is the slot's first); the cycles left in this slot (1 in its last) and a slot's
    // length
    output wire             slot_edge,
    output wire [39:0]      slot_cyc,
    output wire [39:0]      slot_period,
    // the slot-reference line (SYNC = 1, issue 63): a leading board (sync_lead) drives sync_out at its slot starts, the
    // pulse's width a bit of the slot's number; a following one steers its slot clock by sync_in and takes the leader's
    // slot numbers from it. sync_in_step: led, or locked and numbered (a board out of step must neither inject nor
    // switch); sync_error: the last pulse's phase error in cycles. (SYNC = 0: every board in step, nothing driven.)
    // (read with SYNC = 1 only)
    // verilator lint_off UNUSEDSIGNAL
    input  wire             sync_in,
    // verilator lint_on UNUSEDSIGNAL
    input  wire             sync_lead,
    output wire             sync_out,
    output wire             sync_locked,
    output wire             sync_in_step,
    output wire signed [9:0] sync_error
);
    `include "crc32c.vh"
    // Nack reasons by id: the text is in reasons_rom.vh (reasons.py, the writer's), slot 31 the firmware string
    // (answer_writer's RS_FIRMWARE)
    localparam [4:0] RS_VERSION = 0, RS_UNKNOWN = 1, RS_MALFORMED = 2, RS_NO_BOARD = 3, RS_NO_REGION = 4,
                     RS_RANGE = 5, RS_CRC = 6, RS_EPOCH = 7, RS_NOTHING = 8, RS_CONTENT = 9, RS_STALE = 10,
                     RS_HELD = 11, RS_OWNED = 12, RS_UNCLAIMED = 13, RS_SCHEDULED = 14, RS_LOCKED = 15,
                     RS_CLOCK = 16, RS_BP_TYPE = 17, RS_BOARD_TYPE = 18, RS_BELOW = 19, RS_PORT = 20, RS_FLASH = 21;

    localparam N = 1 << ORDER;
    localparam NB = ROUTERS + PROCS + SWITCHES;
    localparam integer LAST_BOARD = NB - 1;
    localparam integer UPS_SLOT = NB + 1; // the flash's record of the power-ups, after the backplane's generation (NB)
    localparam SEQ_BYTES = N >= 8 ? N / 8 : 1;
    localparam TAB_BYTES = 2 * N;
    localparam PH_ROUTER = 8 * (N >> FIRST_LEVEL);
    localparam PH_STRIDE = (ROUTERS > 0 && PH_ROUTER > 8) ? PH_ROUTER : 8;
    localparam PH_AW = $clog2(PH_STRIDE);
    localparam MS_CYCLES = CLK_HZ / 1000;
    localparam [63:0] NONE = 64'hFFFF_FFFF_FFFF_FFFF;
    localparam [7:0] VERSION = 8'd2;

    // ---- per board (index NB: the backplane, for ownership) -------------------------------------
    reg [63:0] gen        [0:NB];
    reg [7:0]  owner_len  [0:NB];
    reg        claimed    [0:NB];
    reg [31:0] lease_left [0:NB];   // milliseconds the owner's lease has to run; 0: none
    reg        lease_nz   [0:NB];   // lease_left != 0, kept with it (the countdown's enable reads one bit)
    // and lease_left's halves, kept as bits: they count down side by side (the upper one borrowing on lo0),
    // and the countdown's next lease_nz is !(hi0 && lo1): no compare or OR of 31 bits in front of it
    reg        lease_lo0  [0:NB];   // lease_left[15:0] == 0
    reg        lease_lo1  [0:NB];   // lease_left[15:0] == 1
    reg        lease_hi0  [0:NB];   // lease_left[31:16] == 0
    reg [15:0] boots      [0:NB];
    // power-ups: kept in flash as a record of index NB + 1 beside the generations, one more at every power-up
    reg [15:0] ups;
    reg        powered;    // the engine is coming up from power-on: the power-up is counted before any request
    reg        ann_on;     // boards still to announce their restart (Rebooted), from ann_b up
    reg [BW-1:0] ann_b;
    // per board and region slot (0: sequence or table, 1: phases)
    reg [19:0] stg_len    [0:2*NB-1];   // a region is at most 2^17 bytes
    reg        sel        [0:2*NB-1];
    reg        loaded     [0:NB-1];     // its active table (region slot 0) was committed
    reg        pend_valid [0:NB-1];
    reg [63:0] pend_epoch [0:NB-1];
    reg [1:0]  pend_mask  [0:NB-1];

    `include "engine_memories.vh"

    // ---- what a board is -----------------------------------------------------------------------
    // (a board number against the bench's counts of each kind, some 0 on a bench: then the compare is constant)
    // verilator lint_off WIDTH
    // verilator lint_off UNSIGNED
    function is_router(input [BW-1:0] b);
        is_router = b < ROUTERS;
    endfunction
    function is_switch(input [BW-1:0] b);
        is_switch = SWITCHES > 0 && b >= ROUTERS + PROCS && b < NB;
    endfunction
    function [15:0] index_of(input [BW-1:0] b);
        index_of = b < ROUTERS ? FIRST_LEVEL + b : b < ROUTERS + PROCS ? FIRST_PROC + (b - ROUTERS) : b;
    endfunction
    // bytes of region r on board b; 0: the board has no such region
    function [31:0] size_of(input [BW-1:0] b, input [7:0] r);
        if (is_switch(b)) size_of = r == 4 ? LIDS : 0;
        else if (r == 1) size_of = b < ROUTERS ? SEQ_BYTES : 0;
        else if (r == 2) size_of = b < ROUTERS ? 0 : TAB_BYTES;
        else if (r == 3) size_of = b < ROUTERS ? 8 * (N >> (FIRST_LEVEL + b)) : 8;
        else size_of = 0;
    // verilator lint_on WIDTH
    // verilator lint_on UNSIGNED
    endfunction
    // a boot id: the serial, the power-ups counted in flash (FLASH), the restarts since, the board: new at every
    // restart and, with the flash, across power cycles too (until 2^16 power-ups wrap)
    function [63:0] boot_of(input [BW-1:0] b);
        boot_of = {nv_seed[15:0], ups, boots[b], {(16 - BW){1'b0}}, b};
    endfunction

    genvar gi;
    wire [NB-1:0] loaded_each;
    generate
        for (gi = 0; gi < NB; gi = gi + 1) begin : loaded_g
            assign loaded_each[gi] = loaded[gi];
        end
    endgenerate
    assign fab_loaded = &loaded_each;

    `include "engine_clock.vh"

    // ---- the engine ------------------------------------------------------------------------------
    localparam [5:0]
        S_IDLE = 0, S_DECODE = 1, S_DISPATCH = 2, S_EMIT = 3, S_DIV_START = 4, S_CLAIM_START = 5, S_WR_START = 6,
        S_SEND = 7, S_WR_COPY = 8, S_CRC_RUN = 9, S_CRCS_NEXT = 10, S_COMMIT_ENTRY = 11, S_COMMIT_CHECK = 12,
        S_CLAIM_CMP = 13, S_CLAIM_DECIDE = 14, S_CLAIM_COPY = 15, S_DIV = 16, S_BOUNDARY = 17,
        S_COPYBACK = 18, S_REBOOT = 19, S_CLEAR = 20, S_DONE = 21, S_COMMIT_START = 22, S_STEP = 23,
        S_CLAIM_TAKE = 24, S_FLIP = 25, S_PRE = 26, S_REC = 27, S_CHECK = 28, S_ANSWER = 29, S_LOOP_START = 30,
        S_COPY_NEXT = 31, S_PERSIST = 32, S_UPS = 33;
    `include "answer_types.vh"

    localparam NS = 34; // states, one-hot: state[S_X] is set in state S_X (its test is one bit)
    localparam [NS-1:0] ONE = 1;
    // the states that may start an answer (nack, answer)
    localparam [NS-1:0] ANSWERING = ONE << S_DECODE | ONE << S_DISPATCH | ONE << S_CLAIM_DECIDE | ONE << S_CLAIM_COPY
                                  | ONE << S_DIV | ONE << S_WR_COPY | ONE << S_CRCS_NEXT | ONE << S_COMMIT_ENTRY
                                  | ONE << S_COMMIT_CHECK | ONE << S_CLEAR | ONE << S_SEND | ONE << S_PERSIST;
    reg [NS-1:0] state, after;
    `include "engine_sync.vh"
    assign nv_val = nv_sel == UPS_SLOT[15:0] ? {48'd0, ups} : gen[nv_sel[BW-1:0]]; // (nv_sel <= NB + 1)
    assign nv_listen = state[S_REBOOT] && bb == NB[BW-1:0];
    // every boundary due has been run (slot is the next slot's number): none owed, none being run
    assign fab_ready = owed == 0 && !state[S_BOUNDARY] && !state[S_FLIP] && !state[S_STEP];
    reg [1:0] wait_rd;
    localparam [1:0] FB_WAIT = 2'd3; // cycles from fb_addr to its byte in fb_data
    reg       have;     // wait_rd == 0, kept as it counts (a state's test of it reads one bit)
    // a state waits n cycles for a memory's byte
    task wait_for(input [1:0] n);
        begin
            wait_rd <= n;
            have <= 1'b0;
        end
    endtask

    // the request
    // (the header's fields as docs/board-protocol.md lays them out: each request reads the bits it needs)
    // verilator lint_off UNUSEDSIGNAL
    wire [7:0]  q_ver   = hdr[7:0];
    wire [7:0]  q_type  = hdr[15:8];
    wire [15:0] q_seq   = hdr[31:16];
    wire [15:0] q_board = hdr[47:32];
    wire [63:0] q_gen   = hdr[111:48];
    wire [7:0]  w_region = hdr[119:112];
    wire [31:0] w_offset = hdr[151:120];
    wire [15:0] w_len    = hdr[167:152];
    wire [7:0]  c_bank   = hdr[55:48];
    wire [7:0]  c_region = hdr[63:56];
    wire [63:0] m_epoch  = hdr[175:112];
    wire [7:0]  m_count  = hdr[183:176];
    wire [7:0]  k_op     = hdr[119:112];
    wire [63:0] k_rate   = hdr[183:120];
    wire [31:0] l_lease  = hdr[143:112];
    wire [7:0]  l_flags  = hdr[151:144];
    wire [7:0]  l_len    = hdr[159:152];
    // verilator lint_on UNUSEDSIGNAL
    // what a record asked for keeps (no register of its own: the claim's header and ups hold until nv_done)
    assign nv_gen = state[S_UPS] ? {48'd0, ups + 1'b1} : q_gen;

    reg [BW-1:0] cb;        // the board addressed (NB: the backplane)
    reg        bp;
    reg [15:0] r_seq, r_board;
    reg        r_epoch_passed, r_other_epoch, r_past_end, r_rate_bad, r_off_high;
    reg        r_short, r_bad_version, r_no_board; // the header's own checks, for S_DECODE
    reg [3:0]  r_type;      // the message type, once its shape is known one of 0x01..0x0B: S_CHECK and S_DISPATCH
    reg        r_clock_stop, r_clock_start; // a Clock's op
    reg        r_grows;    // a Write ends past its region's staging length (staging does not change while it copies)
    // S_CHECK's verdict on a well-formed request, from the flags above: refused (with its code and reason) or not
    reg        v_nack;
    reg [7:0]  v_code;
    reg [4:0]  v_reason;
    reg [1:0]  r_shape;     // h_shape: 0 well formed, 1 malformed, 2 unknown type
    reg [20:0] r_end;       // a Write's offset + length (a region is below 2^20 bytes: past it, the offset alone says)
    wire [20:0] w_end = {1'b0, w_offset[19:0]} + {5'd0, w_len};
    reg  [20:0] r_wsize;  // a Write's region's size on its board (S_PRE: from the header's board, as cb is)
    `include "engine_header.vh"
    reg        r_gen_below;        // gq_below, registered (S_CHECK)
    // the addressed board's state that S_DISPATCH decides on, registered in S_DECODE (cb is known there): the
    // decision then reads flags, not arrays and 64-bit compares, before it fans out to the registers it sets
    reg        r_gen_zero, r_gen_match, r_claimed, r_pend, r_locked, r_region_ok, r_switch, r_port_bad;
    reg        r_crc_all, r_crc_bad, r_crc_active; // a CrcQuery's: every region, no such region or bank, the active bank
    reg [3:0]  rtype;
    reg [7:0]  nack_code;
    reg [4:0]  reason;
    reg        view_active; // the answer lists the active banks (else the staging results)
    reg [NS-1:0] rec_after;   // S_REC: where to go once the record is written
    reg [7:0]  rbank, rregion;
    reg  [7:0] ports_n;     // a PortCounters' ports listed: registered as the first port is (S_DISPATCH)

    // loops
    reg [19:0] i, n_i;      // byte index and count of the running loop (a region is at most 2^17 bytes)
    reg        at_end;      // i == n_i, registered wherever i or n_i is set (a loop's test reads one bit)
    reg [19:0] left;        // n_i - i (a Claim's loops: its length - i): at_end's next value is whether it is 1 (no adder in front of the compare)
    reg [31:0] crc_acc;     // one writer: the CRC unit below, on the command a state gave a cycle before
    reg        crc_init, crc_go;
    reg [7:0]  crc_in;
    reg        content_bad;
    reg        lo_bad;      // a routing-table row's low byte alone names no processor (N < 256)
    // the loop's byte's content tests, registered: ra_q holds its byte a cycle before have (read_region
    // waits 2), so the loop decides on bits. A switch's port beyond its radix, other than 255 (no route);
    // a row {hi, lo} >= N: hi >= N / 256 (N >= 256), or hi != 0 or lo >= N (N < 256)
    reg        c_port_bad, c_hi_ge, c_lo_ge;
    always @(posedge clk) begin
        c_port_bad <= ra_q > RADIX && ra_q != 8'hFF;
        c_hi_ge <= N >= 256 ? ra_q >= (N >> 8) : ra_q != 0;
        c_lo_ge <= N >= 256 ? 1'b0 : ra_q >= N;
    end
    reg        loop_ph;     // the loop walks the phases memory (else region A)
    reg        loop_bank;   // physical bank the loop reads
    reg [2:0]  crcs_r;      // Crcs: which region next
    reg [7:0]  entries_left; // Commit: entries still to check, down to 0 (entries_done: it is 0)
    reg        entries_done;
    reg [3:0]  ebyte;
    reg        e_end;       // ebyte == 8 (S_COMMIT_CHECK: the entry's 8 bytes are compared), kept as it counts
    reg [7:0]  ent_region;  // Commit entry: its region (its length and CRC are compared as read)
    // and what the entry's checks read of it, registered a cycle after it (no region decode in front of them)
    reg        ent_none, ent_ph;
    reg [19:0] ent_size;
    always @(posedge clk) begin
        // (a region is under 2^20 bytes)
        // verilator lint_off WIDTH
        ent_size <= size_of(cb, ent_region);
        // verilator lint_on WIDTH
        ent_none <= size_of(cb, ent_region) == 0;
        ent_ph <= ent_region == 3;
    end
    reg        r_len_bad;   // Commit entry: the loop's length is not its region's size
    reg [1:0]  copy_rs;     // copy-back / clear: region slot
    reg        copy_bank;   // copy-back: the region slot's active bank
    reg [BW-1:0] bb;        // boundary / reboot: board
    reg [1:0]  flipped [0:NB-1];
    `include "engine_ahead.vh"
    // Clock's division: period = (CLK_HZ << (1052 - e)) / m, bits 45..6 kept; the numerator's bits come
    // from the constant, weight 31 + (1052 - e) down (none above it is set), one quotient bit a cycle
    localparam [31:0] CLK_BITS = CLK_HZ;
    // (the remainder stays below the divisor, under 2^24: its top bit is always 0)
    // verilator lint_off UNUSEDSIGNAL
    reg [24:0] div_r;      // remainder
    // verilator lint_on UNUSEDSIGNAL
    reg [23:0] div_m;      // divisor: the rate's mantissa, its top 24 bits
    reg [39:0] div_q;      // quotient, weights 45..6 once done
    reg [31:0] div_bits;   // CLK_HZ's bits still to come, the next one on top (zeros shift in behind them)
    reg [6:0]  div_k;      // quotient bits left, down to weight 6
    reg        div_end;    // div_k == 0, kept as it counts
    wire       div_bit = div_bits[31];
    wire [25:0] div_try = {1'b0, div_r[23:0], div_bit} - {2'b0, div_m}; // (its borrow is the compare)
    reg        reboot_pending;
    reg        announce;    // the board being cleared rebooted alone: say so
    reg        rd_pending;
    reg [15:0] reboot_board;




    task nack(input [7:0] code, input [4:0] why);
        begin
            rtype <= R_NACK;
            nack_code <= code;
            reason <= why;
            state <= ONE << S_ANSWER;
        end
    endtask
    task answer(input [3:0] t);
        begin
            rtype <= t;
            state <= ONE << S_ANSWER;
        end
    endtask
    // the CRC unit: a state names the byte (or a restart); the register takes it a cycle later, so no
    // state's decision sits in front of the CRC network (every reader comes at least a state later)
    always @(posedge clk) begin
        if (crc_init) crc_acc <= 32'hFFFFFFFF;
        else if (crc_go) crc_acc <= crc32c_byte(crc_acc, crc_in);
    end
    // reads byte a of physical bank `bank` of board cb's phases (ph) or region A
    // (an offset as a number: a bank keeps the bits its region needs)
    // verilator lint_off UNUSEDSIGNAL
    task read_region(input ph, input bank, input [31:0] a);
    // verilator lint_on UNUSEDSIGNAL
        begin
            if (ph) ph_a <= {cb[BW-1:0], bank, a[PH_AW-1:0]};
            else ra_a <= {cb[BW-1:0], bank, a[RA_AW-1:0]};
            wait_for(2'd2);
        end
    endtask
    // starts a CRC (and content check) over a staging region of board cb, as long as its staging length
    // (S_LOOP_START sets the loop up a state later, from registers: the callers' decisions stay narrow)
    task crc_loop(input ph, input [5:0] next); // ph: the phases (region 3), else region A
        begin
            loop_ph <= ph;
            after <= ONE << next;
            state <= ONE << S_LOOP_START;
        end
    endtask

    // a loop's result as a record's 8 bytes: length (4) then CRC (4); byte rv_k of it (S_REC)
    wire [63:0] rec_val = {~crc_acc, 12'd0, n_i};
    wire [2:0]  rv_k = rec_wa[2:0] + 3'd1;
    wire [7:0]  rec_byte = rec_val[8 * rv_k +: 8];
    reg  rs_w;              // a Write's region is the phases (region slot 1): registered in S_PRE
    // the record's byte a Commit entry's byte is compared with, registered from ebyte (set with fb_addr, so
    // it has held for FB_WAIT cycles when the frame's byte comes): no multiplexer in front of the compare
    reg  [7:0] exp_byte;
    always @(posedge clk) exp_byte <= rec_val[8 * ebyte[2:0] +: 8];

    // the addressed board's lease, registered (a cycle old: a lease is counted in milliseconds)
    reg        cb_live;
    always @(posedge clk) cb_live <= lease_nz[cb];
    integer k;
    always @(posedge clk) begin
        rec_we <= 1'b0;
        ra_we <= 1'b0;
        ph_we <= 1'b0;
        ow_we <= 1'b0;
        frame_done <= 1'b0;
        w_start <= 1'b0;
        fab_step <= 1'b0;
        cyc_start <= 1'b0;
        crc_init <= 1'b0;
        crc_go <= 1'b0;
        cmp_step <= 1'b0;
        cmp_step_ow <= 1'b0;
        if (cmp_step && ne_exp || cmp_step_ow && ne_ow) cmp_equal <= 1'b0; // (the states below set it anew where a compare starts)
        if (wait_rd != 0) wait_rd <= wait_rd - 1'b1;
        if (wait_rd == 2'd1) have <= 1'b1;
        if (reboot_req) begin
            reboot_pending <= 1'b1;
            reboot_board <= reboot_addr;
        end

        // the leases count down a millisecond, a board a cycle (a claim in the same cycle wins)
        if (ms_tick) begin
            lw_on <= 1'b1;
            lw <= 0;
        end else if (lw_on) begin
            if (lease_nz[lw]) begin
                lease_left[lw][15:0] <= lease_left[lw][15:0] - 1'b1;
                lease_left[lw][31:16] <= lease_left[lw][31:16] - {15'd0, lease_lo0[lw]};
                lease_lo0[lw] <= lease_lo1[lw];
                lease_lo1[lw] <= lease_left[lw][15:0] == 16'd2;
                if (lease_lo0[lw]) lease_hi0[lw] <= lease_left[lw][31:16] == 16'd1;
                lease_nz[lw] <= !(lease_hi0[lw] && lease_lo1[lw]); // (it is at least 1 here)
            end
            if (lw == NB[BW-1:0]) lw_on <= 1'b0;
            else lw <= lw + 1'b1;
        end

        // the answer's type, code and reason are written in every cycle of a state that may answer (nack and
        // answer set them over these): their enables are those states' bits, not the decisions that answer,
        // and the decisions choose among a few values instead (no answer is being sent in these states)
        if (|(state & ANSWERING)) begin
            rtype <= R_NACK;
            nack_code <= 8'd0;
            reason <= RS_VERSION;
        end
        (* parallel_case *) case (1'b1)
            state[S_IDLE]: if (!frame_done) begin
                if (reboot_pending && reboot_board < NB[15:0] && !tx_busy) begin
                    reboot_pending <= 1'b0;
                    announce <= 1'b1;
                    cb <= reboot_board[BW-1:0];
                    boots[reboot_board[BW-1:0]] <= boots[reboot_board[BW-1:0]] + 1'b1;
                    lease_left[reboot_board[BW-1:0]] <= 0;
                    lease_nz[reboot_board[BW-1:0]] <= 1'b0;
                    lease_lo0[reboot_board[BW-1:0]] <= 1'b1;
                    lease_lo1[reboot_board[BW-1:0]] <= 1'b0;
                    lease_hi0[reboot_board[BW-1:0]] <= 1'b1;
                    claimed[reboot_board[BW-1:0]] <= 1'b0;
                    copy_rs <= 0;
                    i <= 0;
                    left <= (2 << RA_AW) - 1;
                    at_end <= 1'b0;
                    state <= ONE << S_CLEAR;
                end else if (reboot_pending && reboot_board >= NB[15:0]) begin
                    reboot_pending <= 1'b0; // (no such board; one that is waits for the line, not dropped)
                end else if (owed_nz && !fab_busy) begin
                    done <= done + 1'b1;
                    bb <= 0;
                    state <= ONE << S_BOUNDARY;
                end else if (ann_on && !tx_busy) begin
                    // after a power-up or a reset, every board says it restarted, one after another
                    ann_b <= ann_b + 1'b1;
                    if (ann_b == LAST_BOARD[BW-1:0]) ann_on <= 1'b0;
                    cb <= ann_b;
                    r_seq <= 0;
                    r_board <= {{(16 - BW){1'b0}}, ann_b};
                    resp_broadcast <= 1'b1;
                    answer(R_REBOOTED);
                end else if (frame_valid && fv_d && !tx_busy && !fab_busy) begin // (the fabric's counters hold still)
                    state <= ONE << S_PRE;
                end
            end

            // ---- a request: checks, dispatch, claims, Clock ---------------------------------------
            `include "engine_request.vh"

            // ---- regions: writes, CRC loops, commits; slot boundaries; a reboot's clearing -------
            `include "engine_regions.vh"

            // ---- the answer: fields, strings, CRC, then the framer ---------------------------------
            `include "engine_emit.vh"
            default: state <= ONE << S_IDLE;
        endcase
        // generations found in flash at power-up, while the engine waits in S_REBOOT (no request is under way, so
        // nothing holds a copy of one), never lowered (the records come in the order they were kept)
        if (state[S_REBOOT] && nv_load && nv_load_board <= NB[15:0]
                && $signed(nv_load_gen) > $signed(gen[nv_load_board[BW-1:0]]))
            gen[nv_load_board[BW-1:0]] <= nv_load_gen;
        if (state[S_REBOOT] && nv_load && nv_load_board == UPS_SLOT[15:0]) ups <= nv_load_gen[15:0]; // (the last kept)
        // a reset last, over what the states did: it takes the registers it sets and no others, so it
        // sits in front of no state's decision (a write a state made in this cycle is as if it came first)
        if (por || rst) begin
            state <= ONE << S_REBOOT;
            w_start <= 1'b0; // (no answer, frame or slot leaves in the cycle of a reset)
            frame_done <= 1'b0;
            fab_step <= 1'b0;
            cyc_start <= 1'b0;
            bb <= 0;
            reboot_pending <= 1'b0;
            nv_req <= 1'b0;
            running <= 1'b0;
            done <= 0;
            announce <= 1'b0;
            ann_on <= 1'b0;
            rd_pending <= 1'b0;
            resp_broadcast <= 1'b0;
            reload <= 0;
            reload_one <= 1'b1;
            reload_lo0 <= 1'b1;
            slot <= 0;
            wait_rd <= 0;
            have <= 1'b1;
            lw_on <= 1'b0;
            for (k = 0; k <= NB; k = k + 1) begin
                lease_left[k] <= 0;
                lease_nz[k] <= 1'b0;
                lease_lo0[k] <= 1'b1;
                lease_lo1[k] <= 1'b0;
                lease_hi0[k] <= 1'b1;
                claimed[k] <= 1'b0;
                if (por) begin
                    ups <= 0;
                    powered <= 1'b1;
                    gen[k] <= 0;
                    owner_len[k] <= 0;
                    boots[k] <= 0;
                end else begin
                    boots[k] <= boots[k] + 1'b1;
                end
            end
        end
    end

    `include "engine_writer.vh"

    `include "engine_properties.vh"
endmodule
