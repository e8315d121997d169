// CRC-32C (Castagnoli), reflected, one byte or one nibble at a time: included inside a module body.
// The register starts at 32'hFFFFFFFF; the CRC sent is its complement. Over a payload and its
// CRC (little-endian) a frame that holds leaves the register at CRC32C_RESIDUE.
// (frame_rx checks it; the engine includes this file for the CRC functions alone)
// verilator lint_off UNUSEDPARAM
localparam [31:0] CRC32C_RESIDUE = 32'hB798B438;
// verilator lint_on UNUSEDPARAM

function [31:0] crc32c_byte;
    input [31:0] crc;
    input [7:0] d;
    integer i;
    reg [31:0] c;
    begin
        c = crc ^ {24'd0, d};
        for (i = 0; i < 8; i = i + 1)
            c = c[0] ? (c >> 1) ^ 32'h82F63B78 : (c >> 1);
        crc32c_byte = c;
    end
endfunction
// a nibble at a time (the byte's low nibble first): each bit of the result reads 9 bits, not 17, so a
// register that takes a byte in two cycles has two LUTs in front of it instead of four
function [31:0] crc32c_nibble;
    input [31:0] crc;
    input [3:0] d;
    integer i;
    reg [31:0] c;
    begin
        c = crc ^ {28'd0, d};
        for (i = 0; i < 4; i = i + 1)
            c = c[0] ? (c >> 1) ^ 32'h82F63B78 : (c >> 1);
        crc32c_nibble = c;
    end
endfunction
