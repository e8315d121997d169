// An optical board on a tinyVision UPduino v3 (iCE40UP5K-SG48): the management port on two header pins for a
// 3.3 V USB-serial adapter (the FT232H's lines are the configuration flash's, where the generations are
// kept: the board drives them once configured, so unplug USB or leave the FT232H idle), the engine clocked
// by the PLL from the 12 MHz oscillator on pin 20 (the OSC jumper closed), reset by a header pin pulled up,
// the RGB LED through its driver, the optics on the headers: rtl/boards/upduino.pcf names each pin, and
// docs/rtl.md ("Putting it on a board") says what to wire to it.
module upduino_top #(
    parameter ORDER  = 3,
    parameter ROUTER = 0,
    parameter LEVEL  = 1,
    parameter PROC   = 0,
    parameter MHZ    = 48,
    parameter BRINGUP = 0      // 1: the bench check (board_bringup.v) instead of the optical board
) (
    input  wire       osc_12mhz,
    input  wire       reset_n,      // a header pin, pulled up: ground it to reset (the generation stays)
    input  wire       uart_rx,      // from the adapter's TX
    output wire       uart_tx,
    output wire       flash_ssn,    // the configuration flash: the generations are kept there
    output wire       flash_sck,
    output wire       flash_mosi,
    input  wire       flash_miso,
    output wire       led_red,
    output wire       led_green,
    output wire       led_blue,
    output wire       state_inject,
    output wire       slot_mark,
    output wire [5:0] dest,
    input  wire       rx_valid,
    input  wire [5:0] rx_addr,
    input  wire       sync_in,      // gpio_44: the slot-reference line, from the leading board
    input  wire       sync_lead_n,  // gpio_46, pulled up: grounded, this board leads the line
    output wire       sync_out,     // gpio_45: the leading board's line, to every other board's gpio_44
    output wire       optics_on     // gpio_47: the optical path's enable, low while out of step
);
    wire clk, locked, rst_n, running, late, in_step;
    ice40_clock #(.MHZ(MHZ), .PAD(0)) clock (.osc_12mhz(osc_12mhz), .clk(clk), .locked(locked)); // (pin 20 is no PLL pad: through the fabric)
    reset_sync reset (.clk(clk), .locked(locked), .button_n(reset_n), .rst_n(rst_n));
    generate
        if (BRINGUP != 0) begin : check
            board_bringup #(.MHZ(MHZ)) board (
                .clk(clk), .rst_n(rst_n), .rx(uart_rx), .tx(uart_tx), .running(running), .late(late),
                .state_inject(state_inject), .slot_mark(slot_mark), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
                .spi_cs_n(flash_ssn), .spi_sck(flash_sck), .spi_mosi(flash_mosi));
            assign sync_out = 1'b0;
            assign in_step = running;
            assign optics_on = 1'b0;
        end else begin : optical
            optical_board #(.ORDER(ORDER), .ROUTER(ROUTER), .LEVEL(LEVEL), .PROC(PROC), .MHZ(MHZ)) board (
                .clk(clk), .rst_n(rst_n), .rx(uart_rx), .tx(uart_tx), .running(running), .late(late),
                .state_inject(state_inject), .slot_mark(slot_mark), .dest(dest), .rx_valid(rx_valid), .rx_addr(rx_addr),
                .spi_cs_n(flash_ssn), .spi_sck(flash_sck), .spi_mosi(flash_mosi), .spi_miso(flash_miso),
                .sync_in(sync_in), .sync_lead_n(sync_lead_n), .sync_out(sync_out), .in_step(in_step), .optics_on(optics_on));
        end
    endgenerate
    // green: the clock runs; blue: in step with the slot-reference line (or leading it); red: a slot was not driven
    SB_RGBA_DRV #(.CURRENT_MODE("0b1"), .RGB0_CURRENT("0b000001"), .RGB1_CURRENT("0b000001"), .RGB2_CURRENT("0b000001")) rgb (
        .CURREN(1'b1), .RGBLEDEN(1'b1), .RGB0PWM(running), .RGB1PWM(in_step), .RGB2PWM(late),
        .RGB0(led_green), .RGB1(led_blue), .RGB2(led_red));
endmodule
