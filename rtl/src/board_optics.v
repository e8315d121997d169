// A lone board's optics pins, in step with its slot clock (Honkanen §2: in slot t every router takes bit
// ξ(t mod 2^r) of its level's control sequence as its state, and processor s sends the packet that row
// t mod 2^r of its routing table names).
//
// A router-level board (ROUTER = 1) drives `state`: ξ(t mod 2^r) of the sequence active in slot t, from
// cycle B_t + phase on, where B_t is the slot's first cycle and phase its first node's phase (the phases
// region, picoseconds, rounded to this clock): a negative phase switches that many cycles before the slot
// begins, the guard an optical switch needs to settle. A processor board puts row t mod 2^r of its table on
// `dest` and raises `inject` for STROBE cycles from B_t + phase (its injection phase); it counts what the
// optics hand it: at each rising edge of `rx_valid`, `rx_addr` is this processor (delivered) or another
// (misdelivered). Both inputs pass a two-flip-flop synchronizer; rx_addr must be steady a cycle before
// rx_valid rises and while it is high.
//
// The values for slot t are read during slot t-1 from the banks that will be active in slot t (a commit
// due at t counts), through the engine's fabric port, and armed before the pins need them. A slot whose
// values are not armed when they are due (read too late, re-read because its banks changed after they were
// read, a phase a slot or more from the boundary) is not driven: the state pin holds, no strobe; it is
// counted in `late`. A slot without a table is not driven either, and is not late.
module board_optics #(
    parameter ORDER  = 3,
    parameter ROUTER = 0,          // 1: a router-level board; 0: a processor board
    parameter PROC   = 0,          // the processor's index
    parameter CLK_HZ = 48000000,   // for the phase's picoseconds (up to 122 MHz)
    parameter STROBE = 4,          // cycles inject stays high
    parameter AW     = 8           // the engine's fabric port: {board, offset}, this board at 0
) (
    input  wire              clk,
    input  wire              rst,
    // the engine's slot clock
    input  wire              running,
    input  wire              slot_edge,   // a counted boundary at the next edge
    input  wire [39:0]       slot_cyc,    // cycles left in the slot (1 in its last)
    input  wire [39:0]       slot_period,
    // the engine's fabric port: region A and the first phase of the banks active in slot fab_slot
    output reg  [AW-1:0]     fab_addr,
    input  wire [7:0]        fab_data,    // a cycle after fab_addr
    output reg  [63:0]       fab_slot,
    input  wire [1:0]        fab_bank,    // a cycle after fab_slot
    input  wire              fab_has,     // a table is active in slot fab_slot, a cycle after it
    output reg  [2:0]        fab_ph_addr,
    input  wire [7:0]        fab_ph_data, // a cycle after fab_ph_addr
    // the pins
    output reg               state,
    output reg               inject,
    output reg  [ORDER-1:0]  dest,
    input  wire              rx_valid,
    input  wire [ORDER-1:0]  rx_addr,
    // what happened: totals, and the last slot's
    output reg  [31:0]       injected,
    output reg  [31:0]       delivered,
    output reg  [31:0]       misdelivered,
    output reg  [31:0]       late,
    output reg  [7:0]        last_injected,
    output reg  [7:0]        last_delivered,
    output reg  [7:0]        last_misdelivered,
    output reg  [7:0]        last_late,
    output reg               stepped,     // a slot has begun since the reset (the state pin means something)
    output reg  [63:0]       next_slot    // the slot the next boundary begins (boundaries counted)
);
    // picoseconds to cycles: cycles = (|ps| * K + 2^39) >> 40, K = CLK_HZ * 2^40 / 10^12 rounded
    // (10^12 = 2^12 * 5^12, so K = CLK_HZ * 2^28 / 5^12)
    localparam [63:0] K = ((64'd1 << 28) * CLK_HZ + 64'd122070312) / 64'd244140625;
    localparam KW = 28;
    localparam SW = $clog2(STROBE + 1);

    // ---- the fetch: slot next_slot's value and phase --------------------------------------------
    localparam [2:0] F_START = 0, F_A = 1, F_A2 = 2, F_PH = 3, F_MUL = 4, F_ARM = 5, F_HOLD = 6;
    reg [2:0]  fs;
    reg [1:0]  wait_rd;
    reg [63:0] f_slot;       // the slot being read (or held)
    reg [7:0]  lo;
    reg [ORDER-1:0] f_val;
    reg [2:0]  f_bank;       // {has, banks} the values were read from
    reg [63:0] ph;
    reg [3:0]  ph_i;
    reg [67:0] mag;          // |phase| in ps, shifted left a bit a step as it multiplies
    reg [KW-1:0] kbits;
    reg [67:0] acc;
    reg [4:0]  mul_i;
    wire [2:0] bit_of = f_slot[2:0]; // a row's bit in its byte of the sequence
    wire [39:0] f_cycles = acc[67:40] + acc[39]; // rounded
    wire ph_in_range = ph[63:39] == {25{ph[63]}};
    wire [39:0] ph_neg = -ph[39:0]; // negated in 40 bits (in mag's 68 it would wrap there)
    wire [2:0] bank_now = {fab_has, fab_bank};

    // ---- armed events -------------------------------------------------------------------------
    // early: the next slot's, before its boundary (a negative phase); late_next: the next slot's at or
    // after its boundary; late_cur: this slot's, after its boundary
    reg        e_arm, e_fired;
    reg [ORDER-1:0] e_val;
    reg [39:0] e_at;         // fires when slot_cyc == e_at (guard + 1: applied as the guard's first cycle begins)
    reg        n_arm, n_idle;  // n_idle: the next slot has nothing to drive (no table), and is ready
    reg [ORDER-1:0] n_val;
    reg [39:0] n_off;
    reg        c_arm;
    reg [ORDER-1:0] c_val;
    reg [39:0] c_off;
    reg [39:0] since;        // cycles since the slot's first (0 in it)
    reg [SW-1:0] strobe_left;

    wire stale = (fs == F_HOLD) && bank_now != f_bank && !e_fired;
    wire fire_early = running && e_arm && slot_cyc == e_at;
    wire fire_zero = slot_edge && n_arm && n_off == 0;
    wire fire_late = running && c_arm && since + 1'b1 == c_off;
    wire        fire = fire_early || fire_zero || fire_late;
    wire [ORDER-1:0] fire_val = fire_early ? e_val : fire_zero ? n_val : c_val;
    wire ready = e_fired || n_arm || n_idle; // the next slot is driven (or has nothing to drive)
    wire arm_ok = f_slot == next_slot && !slot_edge; // (a slot that begins now is not armed: it is late)

    reg [2:0] rx_s;
    reg [ORDER-1:0] ra1, ra2;
    wire rx_rise = rx_s[1] && !rx_s[2];

    always @(posedge clk) begin
        if (wait_rd != 0) wait_rd <= wait_rd - 1'b1;
        since <= slot_edge ? 40'd0 : since + 1'b1;
        rx_s <= {rx_s[1:0], rx_valid};
        ra1 <= rx_addr;
        ra2 <= ra1;

        // the pins
        if (strobe_left != 0) strobe_left <= strobe_left - 1'b1;
        if (strobe_left == 1) inject <= 1'b0;
        if (fire) begin
            if (ROUTER != 0) begin
                state <= fire_val[0];
            end else begin
                dest <= fire_val[ORDER-1:0];
                inject <= 1'b1;
                strobe_left <= STROBE;
                injected <= injected + 1'b1;
                last_injected <= last_injected + 1'b1;
            end
        end
        if (fire_early) begin
            e_arm <= 1'b0;
            e_fired <= 1'b1;
        end
        if (fire_late) c_arm <= 1'b0;
        if (ROUTER == 0 && rx_rise) begin
            if (ra2 == PROC) begin
                delivered <= delivered + 1'b1;
                last_delivered <= last_delivered + 1'b1;
            end else begin
                misdelivered <= misdelivered + 1'b1;
                last_misdelivered <= last_misdelivered + 1'b1;
            end
        end

        // a boundary: the next slot begins, driven or late; its late event becomes this slot's
        if (slot_edge) begin
            stepped <= 1'b1;
            next_slot <= next_slot + 1'b1;
            last_injected <= fire && ROUTER == 0;
            last_delivered <= ROUTER == 0 && rx_rise && ra2 == PROC;
            last_misdelivered <= ROUTER == 0 && rx_rise && ra2 != PROC;
            last_late <= !ready;
            if (!ready) late <= late + 1'b1;
            c_arm <= n_arm && n_off != 0;
            c_val <= n_val;
            c_off <= n_off;
            n_arm <= 1'b0;
            n_idle <= 1'b0;
            e_arm <= 1'b0;
            e_fired <= 1'b0;
        end

        // the fetch for next_slot: started again when the slot moves on or its banks change
        case (fs)
            F_START: begin
                f_slot <= next_slot;
                fab_slot <= next_slot;
                fab_addr <= ROUTER != 0 ? next_slot[ORDER-1:0] >> 3 : {next_slot[ORDER-1:0], 1'b0};
                wait_rd <= 2'd3; // the bank choice a cycle after fab_slot, the byte a cycle after it
                fs <= F_A;
            end
            F_A: if (wait_rd == 0) begin
                f_bank <= bank_now;
                if (ROUTER != 0) begin
                    f_val <= fab_data[bit_of];
                    fab_ph_addr <= 0;
                    ph_i <= 0;
                    wait_rd <= 2'd2;
                    fs <= F_PH;
                end else begin
                    lo <= fab_data;
                    fab_addr <= fab_addr + 1'b1;
                    wait_rd <= 2'd2;
                    fs <= F_A2;
                end
            end
            F_A2: if (wait_rd == 0) begin
                f_val <= {fab_data, lo}; // (a row names a processor: its low ORDER bits)
                fab_ph_addr <= 0;
                ph_i <= 0;
                wait_rd <= 2'd2;
                fs <= F_PH;
            end
            F_PH: if (wait_rd == 0) begin
                ph <= {fab_ph_data, ph[63:8]}; // little-endian
                if (ph_i == 7) begin
                    fs <= F_MUL;
                    mul_i <= 0;
                end else begin
                    ph_i <= ph_i + 1'b1;
                    fab_ph_addr <= fab_ph_addr + 1'b1;
                    wait_rd <= 2'd2;
                end
            end
            F_MUL: begin
                if (mul_i == 0) begin
                    mag <= ph[63] ? ph_neg : ph[39:0]; // (ph[39] is its sign when in range)
                    kbits <= K[KW-1:0];
                    acc <= 0;
                    mul_i <= 1;
                end else if (mul_i <= KW) begin
                    if (kbits[0]) acc <= acc + mag;
                    mag <= mag << 1;
                    kbits <= kbits >> 1;
                    mul_i <= mul_i + 1'b1;
                end else begin
                    fs <= F_ARM;
                end
            end
            F_ARM: begin
                // a slot already begun is not armed (the boundary counts it late); a phase that is a slot or
                // more from the boundary is never armed (late too)
                if (arm_ok && f_bank[2] && ph_in_range && f_cycles < slot_period && f_cycles != 0 && ph[63]) begin
                    // before the boundary: guard + 1 cycles left must still be ahead
                    if (slot_cyc > f_cycles + 1'b1) begin
                        e_arm <= 1'b1;
                        e_val <= f_val;
                        e_at <= f_cycles + 1'b1;
                    end
                end else if (arm_ok && f_bank[2] && ph_in_range && f_cycles < slot_period) begin
                    n_arm <= 1'b1;
                    n_val <= f_val;
                    n_off <= f_cycles;
                end else if (arm_ok && !f_bank[2]) begin
                    n_idle <= 1'b1;
                end
                fs <= F_HOLD;
            end
            F_HOLD: begin
                if (f_slot != next_slot || stale) begin
                    e_arm <= 1'b0;
                    n_arm <= 1'b0;
                    n_idle <= 1'b0;
                    fs <= F_START;
                end
            end
            default: fs <= F_START;
        endcase

        if (rst) begin
            fs <= F_START;
            wait_rd <= 0;
            next_slot <= 0;
            stepped <= 1'b0;
            state <= 1'b0;
            inject <= 1'b0;
            dest <= 0;
            strobe_left <= 0;
            e_arm <= 1'b0;
            e_fired <= 1'b0;
            n_arm <= 1'b0;
            n_idle <= 1'b0;
            c_arm <= 1'b0;
            injected <= 0;
            delivered <= 0;
            misdelivered <= 0;
            late <= 0;
            last_injected <= 0;
            last_delivered <= 0;
            last_misdelivered <= 0;
            last_late <= 0;
            rx_s <= 0;
        end
    end
endmodule
