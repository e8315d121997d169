package org.oft.sim.boards;

/**
 * The fault-injection port of a modelled bench of switch boards: what a console may break and
 * repair in the model. Real boards have none (their cables are pulled by hand); the model hands
 * this port out, so a controller never reaches into it by a cast; boards over a link get {@link #NONE}.
 */
public interface SwitchFaultPort {
    /** Whether there is a model behind this port (the console offers injection, or says why not). */
    default boolean modelled() {
        return true;
    }

    /** Cuts the cable at switch {@code index}'s physical port {@code port} (1-based, as the tables count). */
    void killLink(int index, int port);

    /** Repairs it: packets cross it again. */
    void reviveLink(int index, int port);

    /** Power-cycles a board: it holds no table, and drops what reaches it, until the next deploy. */
    void reboot(int index);

    /** Real boards: nothing to inject into. */
    SwitchFaultPort NONE = new SwitchFaultPort() {
        private static final String WHY = "fault injection needs the built-in switch model (--board sim)";

        @Override
        public boolean modelled() {
            return false;
        }

        @Override
        public void killLink(int index, int port) {
            throw new UnsupportedOperationException(WHY);
        }

        @Override
        public void reviveLink(int index, int port) {
            throw new UnsupportedOperationException(WHY);
        }

        @Override
        public void reboot(int index) {
            throw new UnsupportedOperationException(WHY);
        }
    };
}
