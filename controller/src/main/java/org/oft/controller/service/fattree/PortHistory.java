package org.oft.controller.service.fattree;

/**
 * Every switch port's rates over the last polls, for a part's drill-down: flits per cycle out of the
 * port and transmit-wait cycles per cycle, as floats in one ring per series. Its length is bounded by
 * {@value #MAX_FLOATS} floats whatever the tree's size (at least {@value #MIN_POLLS} polls, at most
 * {@value #MAX_POLLS}). The poller is its one writer; readers copy one switch's ports under its lock.
 */
final class PortHistory {
    static final int MAX_POLLS = 120;
    static final int MIN_POLLS = 8;
    static final int MAX_FLOATS = 8_000_000;
    private final int ports;
    private final int polls;
    private final float[] xmit;
    private final float[] wait;
    private final long[] cycles;
    private int next;
    private int held;

    PortHistory(int portCount) {
        this.ports = portCount;
        this.polls = (int) Math.max(MIN_POLLS, Math.min(MAX_POLLS, MAX_FLOATS / (2L * Math.max(1, portCount))));
        this.xmit = new float[polls * portCount];
        this.wait = new float[polls * portCount];
        this.cycles = new long[polls];
    }

    /** How many polls it holds at most. */
    int length() {
        return polls;
    }

    synchronized void record(long cycle, double[] xmitRate, double[] waitRate) {
        int base = next * ports;
        for (int g = 0; g < ports; g++) {
            xmit[base + g] = (float) xmitRate[g];
            wait[base + g] = (float) waitRate[g];
        }
        cycles[next] = cycle;
        next = (next + 1) % polls;
        held = Math.min(polls, held + 1);
    }

    /** Ports {@code first..first+count-1}, oldest poll first: {cycles, xmit[port][poll], wait[port][poll]}. */
    synchronized Series of(int first, int count) {
        long[] c = new long[held];
        float[][] x = new float[count][held];
        float[][] w = new float[count][held];
        for (int k = 0; k < held; k++) {
            int slot = (next - held + k + polls) % polls;
            c[k] = cycles[slot];
            for (int p = 0; p < count; p++) {
                x[p][k] = xmit[slot * ports + first + p];
                w[p][k] = wait[slot * ports + first + p];
            }
        }
        return new Series(c, x, w);
    }

    record Series(long[] cycles, float[][] xmit, float[][] transmitWait) {
    }
}
