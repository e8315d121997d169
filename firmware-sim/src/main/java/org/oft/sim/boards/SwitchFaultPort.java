package org.oft.sim.boards;

/**
 * The fault-injection port of a modelled bench of switch boards: what a console may break and
 * repair in the model. Real boards have none (their cables are pulled by hand); the model hands
 * this port out, so a controller never reaches into it by a cast.
 */
public interface SwitchFaultPort {
    /** Cuts the cable at switch {@code index}'s physical port {@code port} (1-based, as the tables count). */
    void killLink(int index, int port);

    /** Repairs it: packets cross it again. */
    void reviveLink(int index, int port);

    /** Power-cycles a board: it holds no table, and drops what reaches it, until the next deploy. */
    void reboot(int index);
}
