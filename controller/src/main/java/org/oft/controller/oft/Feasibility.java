package org.oft.controller.oft;

/**
 * The physical figures of Honkanen §2.3 from r, link bandwidth, packet size, refraction index and
 * the processors' clock.
 *
 * <p>As the paper does: light travels v_c = 0.3 m/ns in vacuum; one bit occupies v_c/(B·n) of
 * fibre; every link is one packet long so a packet reaches the next level one slot later; a slot
 * is the packet's duration N_p/B; total fibre is (r+1)·2^r links of one packet length; routing
 * time is the diameter φ = r hops of one slot each, in processor clock cycles (6 × 1.28 = 7.68,
 * "≈ 8" in the paper).
 */
public final class Feasibility {
    public static final double LIGHT_SPEED_M_PER_NS = 0.3;

    public record Parameters(int order, double bandwidthGbps, int packetBits, double refractionIndex, double clockGhz) {
        public static Parameters paperDefaults(int order) {
            return new Parameters(order, 100, 128, 1.5, 1.0);
        }

        public Parameters {
            Order.check(order);
            positive("bandwidth (Gb/s)", bandwidthGbps);
            if (packetBits < 1) {
                throw new IllegalArgumentException("packet size must be at least 1 bit, got " + packetBits);
            }
            if (!(refractionIndex >= 1.0) || Double.isInfinite(refractionIndex)) {
                throw new IllegalArgumentException("refraction index must be at least 1, got " + refractionIndex);
            }
            positive("clock (GHz)", clockGhz);
        }

        private static void positive(String what, double v) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(what + " must be a positive number, got " + v);
            }
        }
    }

    public record Report(Parameters parameters, double bitLengthMm, double packetLengthMm, double slotNs,
                         double cyclesPerSlot, long links, double totalFibreM, int diameter,
                         double routingTimeNs, double routingTimeCycles) {
    }

    private Feasibility() {
    }

    public static Report of(Parameters p) {
        double bitLengthM = LIGHT_SPEED_M_PER_NS / (p.bandwidthGbps() * p.refractionIndex()); // m per bit
        double packetLengthM = bitLengthM * p.packetBits();
        double slotNs = p.packetBits() / p.bandwidthGbps();
        double cyclesPerSlot = slotNs * p.clockGhz();
        long links = new OftGeometry(p.order()).links();
        double totalFibreM = links * packetLengthM;
        int diameter = p.order();
        double routingNs = diameter * slotNs;
        return new Report(p, bitLengthM * 1000, packetLengthM * 1000, slotNs, cyclesPerSlot, links, totalFibreM,
                diameter, routingNs, routingNs * p.clockGhz());
    }
}
