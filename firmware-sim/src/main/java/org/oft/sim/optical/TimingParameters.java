package org.oft.sim.optical;

/**
 * Physical timing of the fabric in integer picoseconds (Honkanen §2.3 for the defaults).
 *
 * <p>A packet lasts N_p / B (128 b at 100 Gb/s: 1280 ps). A routing node changes state at its slot
 * boundary and needs the switching time (LiNbO3: 10–15 ps, default 12) before it is stable, so a
 * slot must last at least packet + switching; the paper's slot = packet leaves no room for either
 * the switch or any timing error. Default slot: 1400 ps, i.e. a guard of 108 ps, which a calibrated
 * fabric splits into a 54 ps margin on each side of every packet (about ±10.8 mm of fibre).
 *
 * <p>Light travels 0.3 mm/ps in vacuum (the paper's v_c), 0.3/n in fibre; a nominal link is the
 * distance light travels in one slot (280 mm by default), so a packet reaches the next level one
 * slot later.
 */
public record TimingParameters(double bandwidthGbps, int packetBits, double refractionIndex, long switchingPs, long slotPs) {
    public static final double LIGHT_MM_PER_PS = 0.3;

    public static TimingParameters defaults() {
        return new TimingParameters(100, 128, 1.5, 12, 1400);
    }

    /**
     * A lab bench of FPGA boards (org.oft.sim.clock.BenchClocks): 1 µs slots (48 cycles of a 48 MHz clock), a packet of
     * 91 bits at 100 Mb/s, leaving a centred packet 45 ns (2.2 cycles) on each side for the boards' slot starts to differ.
     */
    public static TimingParameters lab() {
        return new TimingParameters(0.1, 91, 1.5, 12, 1_000_000);
    }

    public TimingParameters {
        if (!(bandwidthGbps > 0) || Double.isInfinite(bandwidthGbps)) {
            throw new IllegalArgumentException("bandwidth must be a positive number of Gb/s, got " + bandwidthGbps);
        }
        if (packetBits < 1) {
            throw new IllegalArgumentException("packet size must be at least 1 bit, got " + packetBits);
        }
        if (!(refractionIndex >= 1) || Double.isInfinite(refractionIndex)) {
            throw new IllegalArgumentException("refraction index must be at least 1, got " + refractionIndex);
        }
        if (switchingPs < 0) {
            throw new IllegalArgumentException("switching time must not be negative, got " + switchingPs + " ps");
        }
        long packet = Math.round(packetBits * 1000.0 / bandwidthGbps);
        if (slotPs < packet + switchingPs) {
            throw new IllegalArgumentException("slot of " + slotPs + " ps is shorter than packet (" + packet
                    + " ps) + switching (" + switchingPs + " ps): nodes would switch during packets");
        }
    }

    /** Duration of one packet on a fibre. */
    public long packetPs() {
        return Math.round(packetBits * 1000.0 / bandwidthGbps);
    }

    /** Slot time not taken by the packet or the switch: what timing errors may use up. */
    public long slackPs() {
        return slotPs - switchingPs - packetPs();
    }

    /** Margin on each side of a perfectly centred packet. */
    public long nominalMarginPs() {
        return slackPs() / 2;
    }

    public double fibreMmPerPs() {
        return LIGHT_MM_PER_PS / refractionIndex;
    }

    /** Length of fibre light crosses in one slot. */
    public double slotFibreMm() {
        return slotPs * fibreMmPerPs();
    }

    public long psForMm(double mm) {
        return Math.round(mm / fibreMmPerPs());
    }

    public double mmForPs(long ps) {
        return ps * fibreMmPerPs();
    }

    /** Offset after a slot boundary at which a packet starts when centred in the stable window. */
    public long centredStartPs() {
        return switchingPs + slackPs() / 2;
    }
}
