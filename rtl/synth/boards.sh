# Sourced by synth.sh and spread.sh: what both read and how both read nextpnr's result.
# BOARD_FILES: a board's sources in rtl/src, in the order synth.sh reads them (spread.sh reorders them).
BOARD_FILES=(oft_board.v board_link.v uart_rx.v uart_tx.v byte_fifo.v frame_rx.v frame_tx.v oft_engine.v byte_ram.v)
fmax_of() { # nextpnr log: its Fmax in MHz, "-" when it did not place
    local f
    f=$(grep 'Max frequency for clock' "$1" 2>/dev/null | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    echo "${f:--}"
}
