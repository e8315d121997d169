// What every optical board's top shares: oft_board with its optics' pins at a PLL's clock (MHZ) and 3 Mbaud,
// its single-port memories in the UltraPlus's SPRAM, its generations in the configuration flash (two 4 KiB
// sectors at 1 MiB, past any UP5K bitstream), and its optics on six destination and six address pins
// (orders 3..6; a smaller order leaves the upper ones low and unread). Its slots follow the slot-reference line
// (issue 63) unless it leads it: sync_lead_n grounded (the pin has a pull-up: a board left alone follows).
module optical_board #(
    parameter ORDER  = 3,
    parameter ROUTER = 0,
    parameter LEVEL  = 1,
    parameter PROC   = 0,
    parameter MHZ    = 48
) (
    input  wire       clk,
    input  wire       rst_n,
    input  wire       rx,
    output wire       tx,
    output wire       running,
    output wire       late,
    output wire       state_inject,
    output wire       slot_mark,
    output wire [5:0] dest,
    input  wire       rx_valid,
    input  wire [5:0] rx_addr,
    output wire       spi_cs_n,     // the configuration flash, where the generations are kept
    output wire       spi_sck,
    output wire       spi_mosi,
    input  wire       spi_miso,
    input  wire       sync_in,      // the slot-reference line, from the leading board
    input  wire       sync_lead_n,  // grounded: this board leads the line
    output wire       sync_out,     // the leading board's line, to every other board
    output wire       in_step,      // led, or locked to the line and numbered (an LED)
    output wire       optics_on     // the optical path's enable: low while the board is out of step
);
    generate
        if (ORDER < 3 || ORDER > 6) begin : bad_order
            optical_board_takes_orders_3_to_6 unsupported ();
        end
    endgenerate
    wire state, inject;
    wire [ORDER-1:0] d;
    oft_board #(.ORDER(ORDER), .ROUTERS(ROUTER), .PROCS(1 - ROUTER), .LEVEL(LEVEL), .PROC(PROC),
                .CLK_HZ(MHZ * 1000000), .CLKS_PER_BIT(MHZ / 3), .FIFO_LOG2(9), .SPRAM(1), .OPTICS(1), .FLASH(1), .SYNC(1)) board (
        .clk(clk), .rst_n(rst_n), .rx(rx), .tx(tx), .slot_led(), .running_led(running),
        .state(state), .inject(inject), .dest(d), .rx_valid(rx_valid), .rx_addr(rx_addr[ORDER-1:0]),
        .late_led(late), .slot_mark(slot_mark),
        .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi), .spi_miso(spi_miso),
        .sync_in(sync_in), .sync_lead(!sync_lead_n), .sync_out(sync_out), .in_step_led(in_step), .optics_on(optics_on));
    assign state_inject = ROUTER != 0 ? state : inject;
    assign dest = {{(6 - ORDER){1'b0}}, d} & {6{ROUTER == 0}};
endmodule
