package org.oft.sim.flit;

/**
 * The state of one input VC, a record of 32 bytes at {@code iv * IVS} of one int array: its buffer's
 * head and count, its front flit (so that a VC holding one flit touches no buffer line; the buffer
 * holds the flits behind the front, from HEAD on), the output port its packet goes to (-1 not routed
 * yet, -2 no route, -3 dropping; plus LOOKED_UP between its table lookup and VC allocation), the output VC VC allocation gave it (-1 none yet: the front is a
 * head waiting for one), and the flits of its packet that have left. Also the busy mark of an output
 * VC's credits.
 */
final class InputVcRecord {
    static final int IVS = 8;
    static final int HEAD = 0;
    static final int COUNT = 1;
    static final int ROUTE = 2;
    static final int FRONT = 3;
    static final int OUT_VC = 4;
    static final int SENT = 5;
    static final int VC_PTR = 6;
    /** Added to ROUTE while a head's output port is looked up but its hop not yet counted (ports are below 2^22). */
    static final int LOOKED_UP = 1 << 30;
    /** Set in an output VC's credit count while a packet holds the VC (the count then reads negative). */
    static final int BUSY = Integer.MIN_VALUE;

    private InputVcRecord() {
    }
}
