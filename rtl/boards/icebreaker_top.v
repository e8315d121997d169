// An optical board on a 1BitSquared iCEBreaker (iCE40UP5K-SG48): the management port on the FTDI's second
// channel (its USB serial port, 3 Mbaud), the engine clocked by the PLL from the 12 MHz oscillator, reset by
// the user button, the optics on PMOD 1A (out) and 1B (in): rtl/boards/icebreaker.pcf names each pin, and
// docs/rtl.md ("Putting it on a board") says what to wire to it.
module icebreaker_top #(
    parameter ORDER  = 3,
    parameter ROUTER = 0,      // 1: a router-level board of LEVEL; 0: processor board PROC
    parameter LEVEL  = 1,
    parameter PROC   = 0,
    parameter MHZ    = 48,
    parameter BRINGUP = 0      // 1: the bench check (board_bringup.v) instead of the optical board
) (
    input  wire       CLK,          // 12 MHz
    input  wire       BTN_N,        // the user button: reset (the generation stays)
    input  wire       RX,           // from the FTDI
    output wire       TX,
    output wire       LEDR_N,       // a slot was not driven since the reset
    output wire       LEDG_N,       // the slot clock runs
    output wire       state_inject, // P1A1: a router's state, or a processor's injection strobe
    output wire       slot_mark,    // P1A2: high in each slot's first cycle
    output wire [5:0] dest,         // P1A3..P1A10: the destination (a processor board)
    input  wire       rx_valid,     // P1B1: the receiver has a packet
    input  wire [5:0] rx_addr,      // P1B2..P1B9: the address it carries
    output wire       FLASH_SSB,    // the configuration flash: the generations are kept there
    output wire       FLASH_SCK,
    output wire       FLASH_IO0,
    input  wire       FLASH_IO1,
    input  wire       sync_in,      // P1B10: the slot-reference line, from the leading board
    input  wire       sync_lead_n,  // P2_10, pulled up: grounded, this board leads the line
    output wire       sync_out,     // P2_1: the leading board's line, to every other board's P1B10
    output wire       in_step,      // P2_7 (the snap-off's LED1): led, or locked to the line and numbered
    output wire       optics_on     // P2_8: the optical path's enable, low while out of step
);
    wire clk, locked, rst_n, running, late;
    ice40_clock #(.MHZ(MHZ), .PAD(1)) clock (.osc_12mhz(CLK), .clk(clk), .locked(locked));
    reset_sync reset (.clk(clk), .locked(locked), .button_n(BTN_N), .rst_n(rst_n));
    generate
        if (BRINGUP != 0) begin : check
            board_bringup #(.MHZ(MHZ)) board (
                .clk(clk), .rst_n(rst_n), .rx(RX), .tx(TX), .running(running), .late(late),
                .state_inject(state_inject), .slot_mark(slot_mark), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
                .spi_cs_n(FLASH_SSB), .spi_sck(FLASH_SCK), .spi_mosi(FLASH_IO0));
            assign sync_out = 1'b0;
            assign in_step = running;
            assign optics_on = 1'b0;
        end else begin : optical
            optical_board #(.ORDER(ORDER), .ROUTER(ROUTER), .LEVEL(LEVEL), .PROC(PROC), .MHZ(MHZ)) board (
                .clk(clk), .rst_n(rst_n), .rx(RX), .tx(TX), .running(running), .late(late),
                .state_inject(state_inject), .slot_mark(slot_mark), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
                .spi_cs_n(FLASH_SSB), .spi_sck(FLASH_SCK), .spi_mosi(FLASH_IO0), .spi_miso(FLASH_IO1),
                .sync_in(sync_in), .sync_lead_n(sync_lead_n), .sync_out(sync_out), .in_step(in_step), .optics_on(optics_on));
        end
    endgenerate
    assign LEDG_N = !running;
    assign LEDR_N = !late;
endmodule
