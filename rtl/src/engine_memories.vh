// oft_engine's memories, included in its body: owner ids, the regions' records, the region banks
// (region A with the fabric's read port, the phases in a single-port RAM).
    // region A's banks {board, bank, offset} (a second port for the fabric, when it has one) and the
    // phases' (one port: an iCE40 UltraPlus may keep them in its single-port RAM)
    reg [7:0] ow_mem [0:((NB + 1) << OW_AW) - 1];  // {board, byte}: owner ids
    // records of 8 bytes, length then CRC (little-endian), read only for answers: {0, board, region
    // slot, bank, byte} what was committed into that physical bank (the active bank's record is the
    // active table's), {1, 0, region slot, 0, byte} staging's as the last loop over it found it
    reg [7:0] rec_mem [0:(64 << BW) - 1];
    reg        rec_we;
    reg [BW+5:0] rec_wa;
    wire [BW+5:0] rec_ra;    // (the writer's)
    reg [7:0] rec_wd, rec_q;
    always @(posedge clk) begin
        if (rec_we) rec_mem[rec_wa] <= rec_wd;
        rec_q <= rec_mem[rec_ra];
    end
    reg        ra_we, ph_we, ow_we;
    // (NB boards' banks under a board number of BW bits: with NB + 1 short of a power of two the top bit stays 0)
    // verilator lint_off UNUSEDSIGNAL
    reg [BW+RA_AW:0] ra_a;
    reg [BW+PH_AW:0] ph_a;
    // verilator lint_on UNUSEDSIGNAL
    reg [BW+OW_AW-1:0] ow_a;
    reg [7:0] mem_wd;
    reg [7:0] ow_q;
    wire [7:0] ra_q, ph_q;
    // the fabric's port: board fab_addr's bank of region A that is active (or, with fab_at, will be in the next
    // slot, slot: a commit scheduled then flips it; a scheduled epoch is never below slot)
    wire [BW-1:0] fab_board = fab_addr[RA_AW +: BW];
    reg fab_due;
    // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
    // verilator lint_off WIDTH
    always @(posedge clk) fab_due <= fab_at && pend_valid[fab_board] && pend_epoch[fab_board] == slot;
    assign fab_has = loaded[fab_board] || fab_due && pend_mask[fab_board][0];
    assign fab_bank = {sel[2 * fab_board + 1] ^ (fab_due && pend_mask[fab_board][1]),
                       sel[2 * fab_board] ^ (fab_due && pend_mask[fab_board][0])};
    // verilator lint_on WIDTH
    generate
        if (PH_PORT != 0) begin : ph_two
            // (a phase's byte, 0..7, widened to a board's stride)
            // verilator lint_off WIDTH
            wire [PH_AW-1:0] fab_ph_off = fab_ph_addr; // (widened with zeros)
            // verilator lint_on WIDTH
            (* ram_style = "block" *) reg [7:0] ph_arr [0:(NB << (PH_AW + 1)) - 1];
            reg [7:0] ph_q_r;
            always @(posedge clk) begin
                // (a bank of NB boards' phases under a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                if (ph_we) ph_arr[ph_a] <= mem_wd;
                ph_q_r <= ph_arr[ph_a];
                fab_ph_data <= ph_arr[{fab_board, fab_bank[1], fab_ph_off}];
                // verilator lint_on WIDTH
            end
            assign ph_q = ph_q_r;
        end else begin : ph_one
            byte_ram #(.AW(BW + PH_AW + 1), .DEPTH(NB << (PH_AW + 1)), .SPRAM(SPRAM)) ph_mem (
                .clk(clk), .we(ph_we), .a(ph_a), .wd(mem_wd), .q(ph_q));
            always @(posedge clk) fab_ph_data <= 8'd0;
        end
        if (FAB_PORT != 0) begin : ra_two
            reg [7:0] ra_mem [0:(NB << (RA_AW + 1)) - 1];
            reg [7:0] ra_q_r;
            always @(posedge clk) begin
                // (a bank of NB boards' region A under a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                if (ra_we) ra_mem[ra_a] <= mem_wd;
                ra_q_r <= ra_mem[ra_a];
                fab_data <= ra_mem[{fab_board, fab_bank[0], fab_addr[RA_AW-1:0]}];
                // verilator lint_on WIDTH
            end
            assign ra_q = ra_q_r;
        end else begin : ra_one
            byte_ram #(.AW(BW + RA_AW + 1), .DEPTH(NB << (RA_AW + 1)), .SPRAM(SPRAM)) ra_mem (
                .clk(clk), .we(ra_we), .a(ra_a), .wd(mem_wd), .q(ra_q));
            always @(posedge clk) fab_data <= 8'd0;
        end
    endgenerate
    always @(posedge clk) begin
        if (ow_we) ow_mem[ow_a] <= mem_wd;
        ow_q <= ow_mem[ow_a];
    end
