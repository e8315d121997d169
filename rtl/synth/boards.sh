# Sourced by synth.sh and spread.sh: what both read and how both read nextpnr's result.
# BOARD_FILES: a board's sources in rtl/src, in the order synth.sh reads them (spread.sh reorders them).
BOARD_FILES=(oft_board.v board_optics.v gen_flash.v board_link.v uart_rx.v uart_tx.v byte_fifo.v frame_rx.v frame_tx.v oft_engine.v slot_clock.v request_checks.v answer_writer.v byte_ram.v slot_sync.v sync_pulse.v)
fmax_of() { # nextpnr log: its Fmax in MHz, "-" when it did not place
    local f
    f=$(grep 'Max frequency for clock' "$1" 2>/dev/null | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    echo "${f:--}"
}
# synth_ice40_script DEVICE JSON [TOP]: Yosys's iCE40 flow as both run it, from the design read to the netlist in JSON.
# ABC9 maps with Yosys's own "flow2" script (abc9.script.flow2: two rounds of restructuring, &synch2 and &dch,
# each mapped for delay and the best kept) instead of its default (one &dch and one mapping): no register
# behind more than 5 LUTs instead of 6, and on spread.sh's 8 placements a board 45.0 and 42.0 MHz means
# against 41.2 and 40.6. A synchronous reset or an enable that fewer than FF_MIN_SHARED (8) flip-flops
# share is made LUT logic in front of D (dfflegalize -minsrst -mince, between the flow's halves): a logic
# cell's set/reset and enable pins are reached through slower routing than a LUT's inputs, and a decision
# that gates a few registers arrived there last; nets shared more widely keep the pins (and their global
# buffers). spread.sh: means 45.54 and 44.09 MHz against 44.69 and 42.87 (first read order, seeds 1-8:
# 46.4 and 45.8 against 43.9 and 41.9).
FF_MIN_SHARED="${FF_MIN_SHARED:-8}"
synth_ice40_script() { # DEVICE JSON [TOP]
    local flow="synth_ice40 -abc9 -device $1 -top ${3:-oft_board}"
    local legal='dfflegalize -cell $_DFF_?_ 0 -cell $_DFFE_?P_ 0 -cell $_DFF_?P?_ 0 -cell $_DFFE_?P?P_ 0 -cell $_SDFF_?P?_ 0 -cell $_SDFFCE_?P?P_ 0 -cell $_DLATCH_?_ x'
    echo "scratchpad -copy abc9.script.flow2 abc9.script; $flow -run :map_ffs; $legal -minsrst $FF_MIN_SHARED -mince $FF_MIN_SHARED; $flow -run map_ffs: -json $2"
}
