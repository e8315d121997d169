package org.oft.sim.flit;

/**
 * A flit under way, as one word of its receiving lane's event list: packet id in the low 32 bits,
 * then its VC (8 bits) and tail bit, then the receiving port.
 */
final class FlitWord {
    static final int FLIT_TAIL = 0x100;
    static final int FLIT_PORT_SHIFT = 41;
    /** Ports a fabric may have: the port field's range. */
    static final int MAX_PORTS = 1 << (64 - FLIT_PORT_SHIFT - 1);

    private FlitWord() {
    }

    static long flit(int port, int vc, boolean tail, int packet) {
        return (long) port << FLIT_PORT_SHIFT | (long) (tail ? vc | FLIT_TAIL : vc) << 32 | (packet & 0xFFFFFFFFL);
    }

    static int flitPort(long f) {
        return (int) (f >>> FLIT_PORT_SHIFT);
    }

    static int flitVc(long f) {
        return (int) (f >>> 32) & 0xFF;
    }

    static boolean flitTail(long f) {
        return (f >>> 32 & FLIT_TAIL) != 0;
    }
}
