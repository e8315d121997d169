# Sourced by synth.sh and spread.sh: what both read and how both read nextpnr's result.
# BOARD_FILES: a board's sources in rtl/src, in the order synth.sh reads them (spread.sh reorders them).
BOARD_FILES=(oft_board.v board_link.v uart_rx.v uart_tx.v byte_fifo.v frame_rx.v frame_tx.v oft_engine.v byte_ram.v)
fmax_of() { # nextpnr log: its Fmax in MHz, "-" when it did not place
    local f
    f=$(grep 'Max frequency for clock' "$1" 2>/dev/null | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    echo "${f:--}"
}
# SYNTH_ICE40: Yosys's iCE40 flow as both run it. ABC9 maps with Yosys's own "flow2" script (abc9.script.flow2:
# two rounds of restructuring, &synch2 and &dch, each mapped for delay and the best kept) instead of its
# default (one &dch and one mapping): no register behind more than 5 LUTs instead of 6, and on spread.sh's
# 8 placements a board 45.0 and 42.0 MHz means against 41.2 and 40.6 (docs/performance.md).
SYNTH_ICE40="scratchpad -copy abc9.script.flow2 abc9.script; synth_ice40 -abc9"
