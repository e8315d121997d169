package org.oft.controller.fattree.ib;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * LIDs for an exported fabric: host d owns 2^LMC LIDs from base (d+1) 2^LMC (aligned, as InfiniBand requires),
 * address (d, q) is base + q; switches follow the hosts. OpenSM remaps rows by port GUID, so these only need to
 * be consistent within one file.
 */
public record LidPlan(int hosts, int paths, int lmc, int switches) {
    public static LidPlan of(PgftTopology t, int paths) {
        int lmc = 0;
        while ((1 << lmc) < paths) {
            lmc++;
        }
        LidPlan plan = new LidPlan(t.hosts(), paths, lmc, t.switches());
        if (plan.maxLid() > 0xBFFF) {
            throw new IllegalArgumentException("the fabric needs " + plan.maxLid() + " unicast LIDs; InfiniBand has 49151");
        }
        return plan;
    }

    public int hostLid(int d, int q) {
        return ((d + 1) << lmc) + q;
    }

    public int switchLid(int switchIndex) {
        return ((hosts + 1) << lmc) + switchIndex;
    }

    public int maxLid() {
        return switchLid(switches - 1);
    }
}
