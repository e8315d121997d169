`timescale 1ns / 1ps
// A SPI NOR flash for the benches, as the Verilator harness's (sim/bench_pty.cpp) is: mode 0, sampled on the
// system clock; 0xAB wake, 0x03 read, 0x06 write enable, 0x04 write disable, 0x05 status (bit 0 busy, bit 1
// write enabled), 0x02 page program (bits only cleared, within a 256-byte page), 0x20 4 KiB sector erase;
// a program takes PROG_CYCLES and an erase ERASE_CYCLES, busy meanwhile (other commands ignored). It holds
// the BYTES bytes from BASE (elsewhere it reads ones and keeps nothing). tear: the next program keeps only
// its first 5 bytes (a power cut); stuck: it reads ones and keeps nothing (worn out or cut off).
module spi_flash #(
    parameter [23:0] BASE = 24'h10_0000,
    parameter BYTES = 8192,
    parameter PROG_CYCLES = 300,
    parameter ERASE_CYCLES = 2000
) (
    input  wire clk,
    input  wire cs_n,
    input  wire sck,
    input  wire mosi,
    output wire miso,
    input  wire tear,       // (a level: the next program is cut short; tore pulses when it was)
    output reg  tore = 1'b0,
    input  wire stuck
);
    integer erases = 0, programs = 0; // (read by a bench's report)
    reg [7:0] mem [0:BYTES-1];
    integer i;
    initial for (i = 0; i < BYTES; i = i + 1) mem[i] = 8'hFF;
    reg cs_prev = 1'b1, sck_prev = 1'b0, wel = 1'b0, out_on = 1'b0, miso_r = 1'b1;
    reg [7:0] in = 0, op = 0, out = 8'hFF;
    reg [2:0] nbits = 0;
    reg [3:0] out_bits = 0;
    integer nbytes = 0, busy_left = 0, plen = 0;
    reg [23:0] addr = 0;
    reg [7:0] page [0:255];
    assign miso = stuck ? 1'b1 : miso_r;
    wire busy = busy_left != 0;
    function in_range(input [23:0] a);
        in_range = a >= BASE && a < BASE + BYTES;
    endfunction
    function [7:0] read_at(input [23:0] a);
        read_at = in_range(a) ? mem[a - BASE] : 8'hFF;
    endfunction
    task take(input [7:0] b);
        begin
            if (nbytes == 0) begin
                op = b;
                if (op == 8'h05) begin out_on = 1; out_bits = 0; end
                if (!busy && op == 8'h06) wel = 1;
                if (!busy && op == 8'h04) wel = 0;
            end else if ((op == 8'h03 || op == 8'h02 || op == 8'h20) && nbytes <= 3) begin
                addr = nbytes == 1 ? {b, 16'd0} : nbytes == 2 ? {addr[23:16], b, 8'd0} : {addr[23:8], b};
                if (nbytes == 3 && op == 8'h03) begin out_on = 1; out_bits = 0; end
            end else if (op == 8'h02 && plen < 256) begin
                page[plen] = b;
                plen = plen + 1;
            end
            nbytes = nbytes + 1;
        end
    endtask
    task finish; // the select rises: a program or an erase starts
        integer k, n;
        reg [23:0] a;
        begin
            if (!busy && !stuck && wel) begin
                if (op == 8'h02 && nbytes >= 4) begin
                    n = tear ? (plen < 5 ? plen : 5) : plen;
                    if (tear) tore <= 1'b1;
                    for (k = 0; k < n; k = k + 1) begin
                        a = {addr[23:8], addr[7:0] + k[7:0]};
                        if (in_range(a)) mem[a - BASE] = mem[a - BASE] & page[k];
                    end
                    busy_left = PROG_CYCLES;
                    programs = programs + 1;
                    wel = 0;
                end else if (op == 8'h20 && nbytes >= 4) begin
                    for (k = 0; k < 4096; k = k + 1) begin
                        a = {addr[23:12], 12'd0} + k;
                        if (in_range(a)) mem[a - BASE] = 8'hFF;
                    end
                    busy_left = ERASE_CYCLES;
                    erases = erases + 1;
                    wel = 0;
                end
            end
        end
    endtask
    always @(posedge clk) begin
        tore <= 1'b0;
        if (busy_left != 0) busy_left = busy_left - 1;
        if (cs_n) begin
            if (!cs_prev) finish;
            out_on = 0;
            miso_r <= 1'b1;
        end else begin
            if (cs_prev) begin // selected: a new command
                nbits = 0;
                nbytes = 0;
                plen = 0;
                out_on = 0;
            end
            if (sck && !sck_prev) begin // rising: a bit in
                in = {in[6:0], mosi};
                nbits = nbits + 1;
                if (nbits == 0) take(in);
            end else if (!sck && sck_prev && out_on) begin // falling: the next bit out
                if (out_bits == 0) begin
                    out = op == 8'h05 ? {6'd0, wel, busy} : op == 8'h03 && !busy ? read_at(addr) : 8'hFF;
                    if (op == 8'h03) addr = addr + 1;
                    out_bits = 8;
                end
                miso_r <= out[7];
                out = {out[6:0], 1'b0};
                out_bits = out_bits - 1;
            end
        end
        cs_prev = cs_n;
        sck_prev = sck;
    end
endmodule
