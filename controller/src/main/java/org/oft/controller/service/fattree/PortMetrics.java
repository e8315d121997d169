package org.oft.controller.service.fattree;

import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.service.http.PrometheusText;
import org.oft.hal.SwitchPorts;
import org.oft.hal.wire.Protocol;

/**
 * The switch boards' port counters at the last poll, for {@code /metrics}: named as the InfiniBand exporters name
 * theirs ({@code infiniband_switch_port_transmit_data_bytes_total}), but in flits and under {@code oft_}, labelled
 * by board ({@code switch}), node description, node GUID and physical port. Cumulative since each board booted, as
 * InfiniBand's are: a scraper sees a reboot as a counter reset.
 */
final class PortMetrics {
    /** Per counter of {@link Protocol#PORT_COUNTERS}, in its order: the family and what it counts. */
    private static final List<String[]> FAMILIES = List.of(
            new String[] {"PortXmitData", "oft_switch_port_transmit_data_flits_total", "Flits the port sent (InfiniBand PortXmitData, in flits)."},
            new String[] {"PortRcvData", "oft_switch_port_receive_data_flits_total", "Flits the port received (PortRcvData, in flits)."},
            new String[] {"PortXmitPkts", "oft_switch_port_transmit_packets_total", "Packets the port sent (PortXmitPkts)."},
            new String[] {"PortRcvPkts", "oft_switch_port_receive_packets_total", "Packets the port received (PortRcvPkts)."},
            new String[] {"PortXmitWait", "oft_switch_port_transmit_wait_total", "Cycles a flit waited at the port for a credit or a free VC (PortXmitWait)."},
            new String[] {"PortRcvSwitchRelayErrors", "oft_switch_port_receive_switch_relay_errors_total",
                "Packets dropped for want of a route (PortRcvSwitchRelayErrors)."},
            new String[] {"Misdelivered", "oft_switch_port_misdelivered_packets_total", "Packets the port handed to a host they were not for."},
            new String[] {"PortXmitDiscards", "oft_switch_port_transmit_discards_total", "Packets discarded because the port's link was down (PortXmitDiscards)."});

    private final FatTree tree;
    private final PortPoller ports;
    private final FabricDeployer deployer;

    PortMetrics(FatTree tree, PortPoller ports, FabricDeployer deployer) {
        this.tree = tree;
        this.ports = ports;
        this.deployer = deployer;
        for (int k = 0; k < FAMILIES.size(); k++) {
            if (!FAMILIES.get(k)[0].equals(Protocol.PORT_COUNTERS.get(k))) {
                throw new IllegalStateException("port counter " + k + " is " + Protocol.PORT_COUNTERS.get(k) + ", not " + FAMILIES.get(k)[0]);
            }
        }
    }

    /** Answers with {@code {"text": ...}}: every switch's port counters at the last poll, and each port's link state. */
    void reply(Message<JsonObject> msg) {
        msg.reply(new JsonObject().put("text", render()));
    }

    String render() {
        PrometheusText p = new PrometheusText();
        int switches = tree.topology().switches();
        int hosts = tree.topology().hosts();
        int per = Protocol.PORT_COUNTERS.size();
        SwitchPorts[] readings = new SwitchPorts[switches];
        String[][] labels = new String[switches][];
        for (int i = 0; i < switches; i++) {
            readings[i] = ports.reading(i);
            int v = hosts + i;
            labels[i] = new String[] {"switch", "switch-" + i, "name", tree.names().name(v), "guid", "0x" + Long.toHexString(tree.names().nodeGuid(v))};
        }
        for (int k = 0; k < per; k++) {
            p.family(FAMILIES.get(k)[1], "counter", FAMILIES.get(k)[2] + " Since the board booted.");
            for (int i = 0; i < switches; i++) {
                SwitchPorts r = readings[i];
                for (int port = 0; r != null && port < r.ports(); port++) {
                    p.sample(FAMILIES.get(k)[1], r.counters()[port * per + k], withPort(labels[i], port + 1));
                }
            }
        }
        p.family("oft_switch_port_link_up", "gauge", "1 if the port's link is up, 0 if it is down.");
        for (int i = 0; i < switches; i++) {
            SwitchPorts r = readings[i];
            for (int port = 0; r != null && port < r.ports(); port++) {
                p.sample("oft_switch_port_link_up", r.up(port) ? 1 : 0, withPort(labels[i], port + 1));
            }
        }
        p.family("oft_switch_cycle", "gauge", "The switch cycle, counted from the board's boot, at which its counters were latched.");
        for (int i = 0; i < switches; i++) {
            if (readings[i] != null) {
                p.sample("oft_switch_cycle", readings[i].cycle(), labels[i]);
            }
        }
        long[] deploys = deployer.deployTotals();
        p.family("oft_deploys_total", "counter", "Deploys of forwarding tables to the boards since this controller started.")
                .sample("oft_deploys_total", deploys[0]);
        p.family("oft_deploy_written_bytes_total", "counter", "Table bytes those deploys wrote to the boards (unchanged blocks are not written).")
                .sample("oft_deploy_written_bytes_total", deploys[1]);
        return p.toString();
    }

    private static String[] withPort(String[] labels, int port) {
        String[] out = java.util.Arrays.copyOf(labels, labels.length + 2);
        out[labels.length] = "port";
        out[labels.length + 1] = Integer.toString(port);
        return out;
    }
}
