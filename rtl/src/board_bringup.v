// A bench check for a real board before its optical image: what a lab flashes first to see that the clock, the
// reset, the management port and every optics pin are wired as the pin file says. The management port echoes
// every byte it receives (a terminal at 3 Mbaud sees what it types); the running LED blinks at 1 Hz; the late
// LED lights for a tenth of a second after each byte; the state or strobe pin carries a 1 kHz square wave, the
// slot mark a pulse each millisecond, dest a count of milliseconds (dest[k] toggles every 2^k ms), and each
// rx_addr pin is echoed on the dest pin of its index while rx_valid is high (a loopback plug shows both). The
// flash stays deselected.
module board_bringup #(
    parameter MHZ = 48
) (
    input  wire       clk,
    input  wire       rst_n,
    input  wire       rx,
    output wire       tx,
    output reg        running,
    output wire       late,
    output reg        state_inject,
    output reg        slot_mark,
    output wire [5:0] dest,
    input  wire       rx_valid,
    input  wire [5:0] rx_addr,
    output wire       spi_cs_n,
    output wire       spi_sck,
    output wire       spi_mosi
);
    localparam MS = MHZ * 1000;
    wire rst = !rst_n;
    wire [7:0] byte_in;
    wire got;
    uart_rx #(.CLKS_PER_BIT(MHZ / 3)) urx (.clk(clk), .rst(rst), .rx(rx), .data(byte_in), .valid(got));
    // (the echo never waits for the transmitter: ready stays open)
    // verilator lint_off PINCONNECTEMPTY
    uart_tx #(.CLKS_PER_BIT(MHZ / 3)) utx (.clk(clk), .rst(rst), .data(byte_in), .valid(got), .ready(), .tx(tx)); // (a byte a frame: the echo keeps up)
    // verilator lint_on PINCONNECTEMPTY

    reg [$clog2(MS + 1)-1:0] div;
    reg [9:0]  ms;          // milliseconds in this second
    reg [5:0]  count;
    reg [6:0]  seen;        // milliseconds the late LED stays on
    reg [1:0]  v_sync;
    reg [5:0]  a1, a2;
    always @(posedge clk) begin
        slot_mark <= 1'b0;
        v_sync <= {v_sync[0], rx_valid};
        a1 <= rx_addr;
        a2 <= a1;
        if (got && seen == 0) seen <= 7'd100;
        if (rst) begin
            div <= 0;
            ms <= 0;
            count <= 0;
            seen <= 0;
            running <= 1'b0;
            state_inject <= 1'b0;
        end else if (div == MS - 1) begin
            div <= 0;
            slot_mark <= 1'b1;
            count <= count + 1'b1;
            if (seen != 0 && !got) seen <= seen - 1'b1;
            if (ms == 999) begin
                ms <= 0;
            end else begin
                ms <= ms + 1'b1;
            end
            if (ms == 499 || ms == 999) running <= !running;
        end else begin
            div <= div + 1'b1;
            if (div == MS / 2 - 1 || div == MS - 2) state_inject <= !state_inject;
        end
    end
    assign late = seen != 0;
    assign dest = v_sync[1] ? a2 : count;
    assign spi_cs_n = 1'b1;
    assign spi_sck = 1'b0;
    assign spi_mosi = 1'b0;
endmodule
