// The answer's writer of a board's engine (oft_engine.v), a unit beside the engine's states: the engine decides
// an answer (its type, code, reason and what it lists) and starts the writer (start); the writer sends the
// answer's fields by the layout below (fmt: a ROM, read a cycle ahead of each field), its strings (the Nack
// reasons and the firmware string from reasons_rom.vh, an owner id from its own copy of the owner ids), its
// CRC, then hands it to the framer (resp_start) and says so (done, a pulse). Its registers have this one
// writer, and what it reads of the engine holds still while it writes: the request's fields, the addressed
// board's values (a_*), the slot, the fabric's counters.
module answer_writer #(
    parameter ORDER    = 4,
    parameter ROUTERS  = 4,
    parameter PROCS    = 16,
    parameter SWITCHES = 0,
    parameter RADIX    = 4,
    parameter LIDS     = 16,
    parameter LMC      = 0,
    parameter OW_AW    = 8,           // bytes of an owner id, log2
    parameter [7:0] VERSION = 8'd2,
    parameter BW       = $clog2(ROUTERS + PROCS + SWITCHES + 1)
) (
    input  wire             clk,
    input  wire             clear,        // power-on or reset: idle, nothing sent
    input  wire             start,        // an answer is decided (a pulse)
    output reg              done,         // the framer has it (a pulse)
    // the answer the engine decided, and the request's fields it names
    input  wire [3:0]       rtype,
    input  wire [7:0]       nack_code,
    input  wire [4:0]       reason,
    input  wire             view_active,  // the answer lists the active banks' records (else staging's)
    input  wire [7:0]       rbank,        // a Crc's bank, a PortCounters' first port
    input  wire [7:0]       rregion,
    input  wire [BW-1:0]    cb,           // the board addressed (NB: the backplane)
    input  wire [15:0]      r_seq,
    input  wire [15:0]      r_board,
    // the addressed board's
    input  wire             a_router,
    input  wire [15:0]      a_index,
    input  wire [63:0]      a_boot,
    input  wire [63:0]      a_pend,       // its scheduled epoch, or all ones
    input  wire [63:0]      a_gen,
    input  wire [31:0]      a_lease,      // milliseconds left of its lease
    input  wire [7:0]       a_owner_len,
    input  wire [1:0]       a_sel,        // active banks {phases, region A}
    input  wire [4:1]       a_has,        // the regions 1..4 it has
    // the backplane's and the fabric's
    input  wire [31:0]      boot_hi,      // every boot id's upper half: the serial's and the power-ups' (oft_engine's boot_of)
    input  wire [63:0]      slot,
    input  wire             running,
    input  wire [64*10-1:0] fab_counters,
    input  wire [8*ORDER-1:0] fab_states,
    // a switch board's counter registers (read two cycles after they are named)
    input  wire [7:0]       ports_n,
    output reg  [15:0]      counter_switch,
    output reg  [7:0]       counter_port,
    output reg  [2:0]       counter_sel,
    input  wire [63:0]      counter_value,
    input  wire             counter_link_up,
    input  wire [63:0]      switch_cycle,
    // the owner ids as the engine writes them (this keeps a copy), and the records (read a cycle after rec_ra)
    input  wire             ow_we,
    input  wire [BW+OW_AW-1:0] ow_a,
    input  wire [7:0]       ow_wd,
    output reg  [BW+5:0]    rec_ra,
    input  wire [7:0]       rec_q,
    // the answer's buffer and the framer
    output reg              rb_we,
    output reg  [8:0]       rb_addr,
    output reg  [7:0]       rb_data,
    output reg              resp_start,
    output reg  [8:0]       resp_len
);
    /* verilator lint_off UNUSEDPARAM */ // (crc32c.vh's residue is frame_rx's)
    `include "crc32c.vh"
    /* verilator lint_on UNUSEDPARAM */
    `include "answer_types.vh"
    localparam N = 1 << ORDER;
    localparam NB = ROUTERS + PROCS + SWITCHES;
    localparam [4:0] RS_FIRMWARE = 31;
    localparam [2:0] SRC_TEXT = 0, SRC_OWNER = 2;
    generate
        if (NB < 1 || (1 << BW) < NB + 1) begin : bad_boards
            answer_writer_needs_a_board_and_BW_bits_for_every_address unsupported ();
        end
        if (ORDER < 1 || ORDER > 10 || OW_AW < 1 || OW_AW > 8) begin : bad_order
            answer_writer_takes_orders_1_to_10_and_ids_of_2_to_256_bytes unsupported ();
        end
    endgenerate
    // the Nack reasons by id and the firmware string (slot 31), 32 bytes a slot: length, then text
    reg [7:0] text_rom [0:1023];
    `include "reasons_rom.vh"
    reg [9:0] text_a;
    reg [7:0] text_q;
    always @(posedge clk) text_q <= text_rom[text_a];
    reg [31:0] w_crc_acc;   // the answer's CRC
    reg [31:0] cb_left;     // the addressed board's lease, still while a field sends it

    // an answer's message type byte, from its type
    function [7:0] type_byte(input [3:0] t);
        case (t)
            R_ACK: type_byte = 8'h90;
            R_NACK: type_byte = 8'h91;
            R_IDENTITY: type_byte = 8'h81;
            R_BACKPLANE: type_byte = 8'h82;
            R_CRC: type_byte = 8'h83;
            R_CRCS: type_byte = 8'h89;
            R_STATUS, R_BP_STATUS: type_byte = 8'h88;
            R_TELEMETRY: type_byte = 8'h87;
            R_OWNER: type_byte = 8'h8C;
            R_REBOOTED: type_byte = 8'hA0;
            R_SWITCH_IDENTITY: type_byte = 8'h8A;
            R_PORTS: type_byte = 8'h8B;
            default: type_byte = 8'h00;
        endcase
    endfunction
    `include "answer_layout.vh"

    localparam W_IDLE = 0, W_RESP = 1, W_FIELD = 2, W_BYTES = 3, W_PORTS = 4, W_STR = 5, W_CRC = 6, W_RECF = 7;
    localparam WS = 8; // the writer's states, one-hot
    localparam [WS-1:0] W_ONE = 1;
    reg [WS-1:0] wst;
    reg [5:0]  fi;          // field of the answer being emitted
    // a value field: its source, read a byte a cycle (val_r: value_of a cycle after val_oh is set, vb: its
    // byte vk a cycle later), so the source's and the byte's multiplexers have a cycle each; what a value
    // reads holds still while it is sent
    reg [24:0] val_oh;      // its source, one-hot (value_of)
    reg [15:0] val_imm;
    reg [2:0]  vk;
    reg [63:0] val_r;
    reg [7:0]  vb;
    reg [3:0]  nbytes;
    reg [2:0]  str_src;
    reg [7:0]  str_left, str_i;  // a string's bytes still to send, and sent
    reg        str_done;    // str_left == 0, kept as it counts
    reg        str_head;    // the string's length byte is next
    reg [8:0]  rp;          // bytes of the answer so far
    reg        rec_zero;    // W_RECF: the region is not on this board: zeros
    reg        in_list;     // emitting a PortCounters' list of ports
    reg [7:0]  port_rel;    // its port, from the first asked
    reg [3:0]  counter_i;   // 0: the port's link state, 1..8: its counters
    reg        w_rd_pending; // a counter register was asked
    wire [7:0] port_i = rbank + port_rel;
    wire [2:0] counter_idx = counter_i[2:0] - 1'b1; // (counter_i 1..8: the counters 0..7)
    localparam integer FIRST_SWITCH = ROUTERS + PROCS;
    wire [15:0] sw_index = {{(16 - BW){1'b0}}, cb} - FIRST_SWITCH[15:0]; // (a switch's index: its address past the optical boards)
    reg [1:0]  w_wait;      // cycles until the byte a state asked for is there
    reg        w_have;      // w_wait == 0, kept as it counts
    task w_wait_for(input [1:0] n);
        begin
            w_wait <= n;
            w_have <= 1'b0;
        end
    endtask

    // the owner ids again, for the answers (the engine's copy is read by a Claim's compare): both written alike
    reg [7:0] w_ow_mem [0:((NB + 1) << OW_AW) - 1];
    reg [BW+OW_AW-1:0] w_ow_a;
    reg [7:0] w_ow_q;
    always @(posedge clk) begin
        if (ow_we) w_ow_mem[ow_a] <= ow_wd;
        w_ow_q <= w_ow_mem[w_ow_a];
    end

    // the byte an answer emits: a state names its source (emit), and the byte is written and taken into
    // the CRC a cycle later (em_go), from a source that still holds it then (a RAM's output a cycle after
    // its address moves on, vb a cycle after vk): no state's decision sits in front of the answer's
    // buffer and the CRC register
    localparam [2:0] EM_VAL = 0, EM_TEXT = 1, EM_OWNER = 2, EM_OWNER_LEN = 3, EM_REC = 4, EM_ZERO = 5;
    reg        em_go;
    reg [2:0]  em_src;
    reg [8:0]  em_addr;
    wire [7:0] emit_b = em_src == EM_TEXT ? text_q : em_src == EM_OWNER ? w_ow_q : em_src == EM_OWNER_LEN ? a_owner_len
                      : em_src == EM_REC ? rec_q : em_src == EM_ZERO ? 8'd0 : vb;
    // the answer's CRC: restarted as an answer starts, a byte taken a cycle after it is written
    reg        w_crc_init, w_crc_go;
    reg [7:0]  w_crc_in;
    always @(posedge clk) begin
        if (w_crc_init) w_crc_acc <= 32'hFFFFFFFF;
        else if (w_crc_go) w_crc_acc <= crc32c_byte(w_crc_acc, w_crc_in);
    end
    task emit(input [2:0] src);
        begin
            em_go <= 1'b1;
            em_src <= src;
            em_addr <= rp;
            rp <= rp + 1'b1;
        end
    endtask

    // every answer's layout, by {type, field}, read a cycle ahead (W_RESP) of the field (W_FIELD)
    reg [26:0] fmt_rom [0:1023];
    integer fa;
    initial for (fa = 0; fa < 1024; fa = fa + 1) fmt_rom[fa] = fmt(fa[9:6], fa[5:0]);
    reg  [26:0] fld_r;
    always @(posedge clk) fld_r <= fmt_rom[{rtype, fi}];
    wire [63:0] val = value_of(val_oh, val_imm);
    always @(posedge clk) begin
        if (!wst[W_BYTES]) cb_left <= a_lease; // (still while a field sends it)
        val_r <= val;
        vb <= val_r[8 * vk +: 8];
    end
    wire [7:0] fld_region = fld_r[7:0] == 0 ? rregion : fld_r[7:0]; // a V_RL or V_RC field's region

    always @(posedge clk) begin
        rb_we <= 1'b0;
        resp_start <= 1'b0;
        done <= 1'b0;
        w_crc_init <= 1'b0;
        w_crc_go <= 1'b0;
        em_go <= 1'b0;
        if (em_go) begin // the byte a state emitted a cycle ago
            rb_we <= 1'b1;
            rb_addr <= em_addr;
            rb_data <= emit_b;
            w_crc_go <= 1'b1;
            w_crc_in <= emit_b;
        end
        if (w_wait != 0) w_wait <= w_wait - 1'b1;
        if (w_wait == 2'd1) w_have <= 1'b1;
        (* parallel_case *) case (1'b1)
            wst[W_IDLE]: if (start) begin
                fi <= 0;
                rp <= 0;
                w_crc_init <= 1'b1;
                wst <= W_ONE << W_RESP;
            end
            wst[W_RESP]: begin // fmt_rom reads the field's layout
                wst <= W_ONE << W_FIELD;
            end
            wst[W_FIELD]: begin
                case (fld_r[26:25])
                    2'd0: if (fld_r[24:20] == V_RL || fld_r[24:20] == V_RC) begin
                        // a region's length or CRC: active (the active bank's record) or staging's
                        rec_ra <= view_active
                            ? {1'b0, cb, fld_region == 3, a_sel[fld_region == 3], fld_r[24:20] == V_RC, 2'd0}
                            : {1'b1, {BW{1'b0}}, fld_region == 3, 1'b0, fld_r[24:20] == V_RC, 2'd0};
                        rec_zero <= !(fld_region >= 1 && fld_region <= 4 && a_has[fld_region[2:0]]);
                        nbytes <= 4'd4;
                        w_wait_for(2'd2);
                        wst <= W_ONE << W_RECF;
                    end else begin
                        val_oh <= 25'd1 << fld_r[24:20];
                        val_imm <= fld_r[15:0];
                        vk <= 0;
                        nbytes <= fld_r[19:16];
                        w_wait_for(2'd2); // (val_r, then vb)
                        wst <= W_ONE << W_BYTES;
                    end
                    2'd1: begin // a string: its length first (the ROM's slot starts with it), then its bytes
                        str_src <= rtype == R_OWNER ? SRC_OWNER : SRC_TEXT;
                        text_a <= {rtype == R_NACK ? reason : RS_FIRMWARE, 5'd0};
                        w_ow_a <= {cb[BW-1:0], {OW_AW{1'b0}}};
                        w_wait_for(2'd2);
                        str_i <= 0;
                        str_left <= 0;
                        str_done <= 1'b1;
                        str_head <= 1'b1;
                        wst <= W_ONE << W_STR;
                    end
                    2'd3: if (SWITCHES > 0) begin // the list of ports
                        in_list <= 1'b1;
                        port_rel <= 0;
                        counter_i <= 0;
                        wst <= W_ONE << W_PORTS;
                    end
                    default: begin
                        val_oh <= 25'd1 << V_CRC;
                        vk <= 0;
                        nbytes <= 4;
                        w_wait_for(2'd2); // (val_r, then vb)
                        wst <= W_ONE << W_CRC;
                    end
                endcase
            end
            wst[W_BYTES]: if (nbytes == 0) begin
                if (in_list) begin
                    if (counter_i == 8) begin
                        counter_i <= 0;
                        port_rel <= port_rel + 1'b1;
                    end else begin
                        counter_i <= counter_i + 1'b1;
                    end
                    wst <= W_ONE << W_PORTS;
                end else begin
                    fi <= fi + 1'b1;
                    wst <= W_ONE << W_RESP;
                end
            end else if (w_have) begin
                emit(EM_VAL);
                vk <= vk + 1'b1;
                nbytes <= nbytes - 1'b1;
                w_wait_for(2'd1);
            end
            wst[W_PORTS]: if (port_rel == ports_n) begin
                in_list <= 1'b0;
                fi <= fi + 1'b1;
                wst <= W_ONE << W_RESP;
            end else if (!w_rd_pending) begin // ask the counter registers
                counter_switch <= sw_index;
                counter_port <= port_i;
                counter_sel <= counter_idx[2:0];
                w_wait_for(2'd2);
                w_rd_pending <= 1'b1;
            end else if (w_have) begin
                w_rd_pending <= 1'b0;
                val_oh <= counter_i == 0 ? 25'd1 << V_PORT_UP : 25'd1 << V_PORT_COUNTER;
                vk <= 0;
                nbytes <= counter_i == 0 ? 4'd1 : 4'd8;
                w_wait_for(2'd2); // (val_r, then vb)
                wst <= W_ONE << W_BYTES;
            end
            wst[W_STR]: if (str_head) begin
                if (str_src == SRC_OWNER) begin
                    str_left <= a_owner_len;
                    str_done <= a_owner_len == 0;
                    emit(EM_OWNER_LEN);
                    str_head <= 1'b0;
                end else if (w_have) begin
                    str_left <= text_q;
                    str_done <= text_q == 0;
                    emit(EM_TEXT);
                    str_head <= 1'b0;
                    text_a <= text_a + 1'b1;
                    w_wait_for(2'd2);
                end
            end else if (str_done) begin
                fi <= fi + 1'b1;
                wst <= W_ONE << W_RESP;
            end else if (w_have) begin
                emit(str_src == SRC_OWNER ? EM_OWNER : EM_TEXT);
                str_i <= str_i + 1'b1;
                str_left <= str_left - 1'b1;
                str_done <= str_left == 8'd1;
                w_ow_a <= {cb[BW-1:0], str_i[OW_AW-1:0] + 1'b1};
                text_a <= text_a + 1'b1;
                w_wait_for(2'd2);
            end
            wst[W_CRC]: if (nbytes == 0) begin
                resp_len <= rp;
                resp_start <= 1'b1;
                done <= 1'b1; // (the framer has seen start: tx_busy is up from the next cycle)
                wst <= W_ONE << W_IDLE;
            end else if (w_have) begin
                rb_we <= 1'b1;
                rb_addr <= rp;
                rb_data <= vb;
                rp <= rp + 1'b1;
                vk <= vk + 1'b1;
                nbytes <= nbytes - 1'b1;
                w_wait_for(2'd1);
            end
            // a field read from the records: 4 bytes
            wst[W_RECF]: if (nbytes == 0) begin
                fi <= fi + 1'b1;
                wst <= W_ONE << W_RESP;
            end else if (w_have) begin
                emit(rec_zero ? EM_ZERO : EM_REC);
                rec_ra <= rec_ra + 1'b1;
                nbytes <= nbytes - 1'b1;
                w_wait_for(2'd2);
            end
            default: wst <= W_ONE << W_IDLE;
        endcase
        // a reset last, on the registers it sets alone
        if (clear) begin
            wst <= W_ONE << W_IDLE;
            resp_start <= 1'b0; // (no answer leaves in the cycle of a reset)
            done <= 1'b0;
            in_list <= 1'b0;
            w_rd_pending <= 1'b0;
            w_wait <= 0;
            w_have <= 1'b1;
        end
    end
`ifdef FORMAL
    always @* if (!clear) begin
        assert(wst != 0 && (wst & (wst - 1'b1)) == 0); // (one state at a time)
`ifdef FORMAL_KEPT
        assert(w_have == (w_wait == 0)); // (the wait's kept bit)
`endif
    end
`endif
endmodule
