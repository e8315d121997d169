// An optical board on a tinyVision UPduino v3 (iCE40UP5K-SG48): the management port on the FT232H's UART
// lines (pins 14 and 15, shared with the configuration flash, whose select is held high), the engine clocked
// by the PLL from the 12 MHz oscillator on pin 20 (the OSC jumper closed), reset by a header pin pulled up,
// the RGB LED through its driver, the optics on the headers: rtl/boards/upduino.pcf names each pin, and
// docs/rtl.md ("Putting it on a board") says what to wire to it.
module upduino_top #(
    parameter ORDER  = 3,
    parameter ROUTER = 0,
    parameter LEVEL  = 1,
    parameter PROC   = 0,
    parameter MHZ    = 48
) (
    input  wire       osc_12mhz,
    input  wire       reset_n,      // a header pin, pulled up: ground it to reset (the generation stays)
    input  wire       serial_rxd,
    output wire       serial_txd,
    output wire       flash_ssn,    // the configuration flash stays deselected
    output wire       led_red,
    output wire       led_green,
    output wire       led_blue,
    output wire       state_inject,
    output wire       slot_mark,
    output wire [5:0] dest,
    input  wire       rx_valid,
    input  wire [5:0] rx_addr
);
    wire clk, locked, rst_n, running, late;
    ice40_clock #(.MHZ(MHZ), .PAD(1)) clock (.osc_12mhz(osc_12mhz), .clk(clk), .locked(locked));
    reset_sync reset (.clk(clk), .locked(locked), .button_n(reset_n), .rst_n(rst_n));
    optical_board #(.ORDER(ORDER), .ROUTER(ROUTER), .LEVEL(LEVEL), .PROC(PROC), .MHZ(MHZ)) board (
        .clk(clk), .rst_n(rst_n), .rx(serial_rxd), .tx(serial_txd), .running(running), .late(late),
        .state_inject(state_inject), .slot_mark(slot_mark), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr));
    assign flash_ssn = 1'b1;
    // green: the clock runs; red: a slot was not driven since the reset
    SB_RGBA_DRV #(.CURRENT_MODE("0b1"), .RGB0_CURRENT("0b000001"), .RGB1_CURRENT("0b000001"), .RGB2_CURRENT("0b000001")) rgb (
        .CURREN(1'b1), .RGBLEDEN(1'b1), .RGB0PWM(running), .RGB1PWM(1'b0), .RGB2PWM(late),
        .RGB0(led_green), .RGB1(led_blue), .RGB2(led_red));
endmodule
