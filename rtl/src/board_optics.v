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
// The values for slot t are read during slot t-1, once the engine has run slot t-1's boundary, from the banks
// that will be active in slot t (a commit due at t counts), through the engine's fabric port, and armed before
// the pins need them. A phase is within ±2^39 ps (0.55 s) and, in cycles, below the slot's length. A slot whose
// values are not armed when they are due (read too late, re-read because its banks changed after they were
// read, a phase a slot or more from the boundary) is not driven: the state pin holds, no strobe; it is
// counted in `late`, and `undriven` is high through it: the board disables its optical path (oft_board's optics_on),
// so that a router's state held from the slot before sends nothing astray. A slot without a table is not driven
// either, and is not late.
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
    // the engine's fabric port: region A and the first phase of the banks active in the next slot, whose
    // number's low bits are next_row once the engine is ready (it has run every boundary due)
    input  wire              fab_ready,
    input  wire [ORDER-1:0]  next_row,
    output reg  [AW-1:0]     fab_addr,
    input  wire [7:0]        fab_data,    // a cycle after fab_addr
    input  wire [1:0]        fab_bank,
    input  wire              fab_has,     // a table will be active in the next slot
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
    output reg               undriven     // this slot is late, not driven: the optical path must be disabled in it (a
                                          // router's state holds from the slot before, and would send packets astray)
);
    // picoseconds to cycles: cycles = (|ps| * K + 2^39) >> 40, K = CLK_HZ * 2^40 / 10^12 rounded
    // (10^12 = 2^12 * 5^12, so K = CLK_HZ * 2^28 / 5^12)
    localparam [63:0] K = ((64'd1 << 28) * CLK_HZ + 64'd122070312) / 64'd244140625;
    localparam KW = 28;
    localparam [KW-1:0] KB = K[KW-1:0];
    localparam CW = 28;      // a phase in cycles: below 2^39 ps * K / 2^40 < 2^27
    localparam SW = $clog2(STROBE + 1);

    // ---- the fetch: slot next_slot's value and phase --------------------------------------------
    localparam [2:0] F_START = 0, F_A = 1, F_A2 = 2, F_PH = 3, F_MUL = 4, F_ARM = 5, F_HOLD = 6;
    reg [2:0]  fs;
    reg [1:0]  wait_rd;
    reg        moved;        // a boundary since the read began: it was for a slot that has begun
    reg [ORDER-1:0] row;     // the row read
    reg [7:0]  lo;
    reg [ORDER-1:0] f_val;
    reg [2:0]  f_bank;       // {has, banks} the values were read from
    reg [39:0] ph;           // the phase's low 40 bits, little-endian as they come
    reg        ph_ones, ph_zeros; // its bits 40..63 so far: all ones, all zeros
    reg [2:0]  ph_i;
    reg [40:0] acc;          // the product, shifted right a bit a step (LSB-first serial multiply): >> 28 at the end
    reg [4:0]  mul_i;        // 1..KW: K's bit mul_i - 1 is taken
    wire       k_bit = KB[mul_i - 1'b1];
    wire [2:0] bit_of = row[2:0]; // a row's bit in its byte of the sequence
    wire [CW-1:0] f_cycles = acc[CW-1+12:12] + {{(CW-1){1'b0}}, acc[11]}; // product >> 40, rounded on its bit 39
    wire [39:0] f_cycles40 = {{(40-CW){1'b0}}, f_cycles}; // (compared with the slot clock's counts)
    wire ph_in_range = ph[39] ? ph_ones : ph_zeros;
    wire ph_neg = ph[39];
    wire [39:0] mag = ph_neg ? -ph : ph; // |phase| in ps (ph holds still while it multiplies)
    wire [2:0] bank_now = {fab_has, fab_bank};

    // ---- armed events -------------------------------------------------------------------------
    // early: the next slot's, before its boundary (a negative phase); late_next: the next slot's at or
    // after its boundary; late_cur: this slot's, after its boundary
    reg        e_arm, e_fired;
    reg [ORDER-1:0] e_val;
    reg [CW:0] e_at;         // fires when slot_cyc == e_at (guard + 1: applied as the guard's first cycle begins)
    reg        n_arm, n_idle;  // n_idle: the next slot has nothing to drive (no table), and is ready
    reg [ORDER-1:0] n_val;
    reg [CW-1:0] n_off;
    reg        c_arm;
    reg [ORDER-1:0] c_val;
    reg [CW-1:0] c_off;
    reg [CW-1:0] since;      // cycles since the slot's first (0 in it; it wraps in slots of 2^28 cycles, after
                             // the offsets it is compared with)
    reg [SW-1:0] strobe_left;

    wire stale = (fs == F_HOLD) && bank_now != f_bank && !e_fired;
    wire fire_early = running && e_arm && slot_cyc == {{(39-CW){1'b0}}, e_at};
    wire fire_zero = running && slot_edge && n_arm && n_off == 0; // (a board out of step drives nothing, at a zero phase too)
    wire fire_late = running && c_arm && since + 1'b1 == c_off;
    wire        fire = fire_early || fire_zero || fire_late;
    wire [ORDER-1:0] fire_val = fire_early ? e_val : fire_zero ? n_val : c_val;
    wire ready = e_fired || n_arm || n_idle; // the next slot is driven (or has nothing to drive)
    wire arm_ok = !moved && !slot_edge; // (a slot that begins now is not armed: it is late)

    reg [2:0] rx_s;
    reg [ORDER-1:0] ra1, ra2;
    wire rx_rise = rx_s[1] && !rx_s[2];

    always @(posedge clk) begin
        if (wait_rd != 0) wait_rd <= wait_rd - 1'b1;
        since <= slot_edge ? {CW{1'b0}} : since + 1'b1;
        if (slot_edge) moved <= 1'b1;
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
            if (ra2 == PROC[ORDER-1:0]) begin
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
            last_injected <= {7'd0, fire && ROUTER == 0};
            last_delivered <= {7'd0, ROUTER == 0 && rx_rise && ra2 == PROC[ORDER-1:0]};
            last_misdelivered <= {7'd0, ROUTER == 0 && rx_rise && ra2 != PROC[ORDER-1:0]};
            last_late <= {7'd0, !ready};
            undriven <= !ready;
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
            F_START: if (fab_ready && !slot_edge) begin
                moved <= 1'b0;
                row <= next_row;
                // (a row's address on a router's sequence, a byte of 8 rows, or a processor's table, 2 bytes a row: AW fits the role's)
                // verilator lint_off WIDTH
                fab_addr <= ROUTER != 0 ? next_row >> 3 : {next_row, 1'b0};
                // verilator lint_on WIDTH
                wait_rd <= 2'd3; // the bank choice registered, the byte a cycle after its address
                fs <= F_A;
            end
            F_A: if (wait_rd == 0) begin
                f_bank <= bank_now;
                if (ROUTER != 0) begin
                    // (a router's value is its state bit)
                    // verilator lint_off WIDTH
                    f_val <= fab_data[bit_of];
                    // verilator lint_on WIDTH
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
                // (a processor's row: the destination in its low ORDER bits)
                // verilator lint_off WIDTH
                f_val <= {fab_data, lo};
                // verilator lint_on WIDTH
                fab_ph_addr <= 0;
                ph_i <= 0;
                wait_rd <= 2'd2;
                fs <= F_PH;
            end
            F_PH: if (wait_rd == 0) begin
                if (ph_i < 5) ph <= {fab_ph_data, ph[39:8]}; // little-endian
                if (ph_i >= 5) begin
                    ph_ones <= ph_ones && fab_ph_data == 8'hFF;
                    ph_zeros <= ph_zeros && fab_ph_data == 8'h00;
                end else begin
                    ph_ones <= 1'b1;
                    ph_zeros <= 1'b1;
                end
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
                    acc <= 0;
                    mul_i <= 1;
                end else if (mul_i <= KW) begin
                    // acc = (acc + K[i] * mag) >> 1: the product's bit i leaves it, unneeded below bit 39
                    acc <= (k_bit ? acc + mag : acc) >> 1;
                    mul_i <= mul_i + 1'b1;
                end else begin
                    fs <= F_ARM;
                end
            end
            F_ARM: begin
                // a slot already begun is not armed (the boundary counts it late); a phase that is a slot or
                // more from the boundary is never armed (late too)
                if (arm_ok && f_bank[2] && ph_in_range && f_cycles40 < slot_period && f_cycles != 0 && ph_neg) begin
                    // before the boundary: guard + 1 cycles left must still be ahead
                    if (slot_cyc > f_cycles40 + 1'b1) begin
                        e_arm <= 1'b1;
                        e_val <= f_val;
                        e_at <= f_cycles + 1'b1;
                    end
                end else if (arm_ok && f_bank[2] && ph_in_range && f_cycles40 < slot_period) begin
                    n_arm <= 1'b1;
                    n_val <= f_val;
                    n_off <= f_cycles;
                end else if (arm_ok && !f_bank[2]) begin
                    n_idle <= 1'b1;
                end
                fs <= F_HOLD;
            end
            F_HOLD: begin
                if (moved || slot_edge || stale) begin
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
            moved <= 1'b0;
            stepped <= 1'b0;
            undriven <= 1'b0;
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
