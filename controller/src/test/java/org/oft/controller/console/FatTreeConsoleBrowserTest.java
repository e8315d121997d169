package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.oft.controller.service.events.EventLog;
import org.oft.controller.service.events.Events;

/**
 * {@code serve --fabric fattree} in a real headless Chromium: the console opens on the electrical
 * view, packets and port utilisation advance live, a dead link is named by board and port, and an
 * engine change from the page redeploys and reports the switch-over.
 */
@Timeout(360)
class FatTreeConsoleBrowserTest {
    private ControllerApp app;
    private WebDriver browser;

    /** A 4-ary 3-tree under D-mod-K, its boards giving each host {@code addresses} addresses. */
    private void start(int addresses, Path profile) {
        Browsers.require();
        ElectricalBench bench = new ElectricalBench("kary:4,3", null, addresses, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.4, 1, 500, false);
        // the event log already holds an alarm from two hours ago: the time filter hides it
        Path events = profile.resolve("oft-events.db");
        EventLog before = EventLog.open(events);
        before.append(Events.of("alarm", "board", "switch-9", null, null, "an alarm from two hours ago")
                .put("atMs", System.currentTimeMillis() - 2 * 3_600_000L));
        before.close();
        // 10 slots/s (5,000 flit cycles): a rate a busy 2-core machine keeps, so that no clock alarm (rightly raised
        // where the model runs behind) stands between the test and its "all well"
        app = ControllerApp.start(ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 10, "sim", null).withEvents(events));
        browser = Browsers.open(profile);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (app != null) {
            app.close();
        }
    }

    private String text(String id) {
        return Browsers.text(browser, "#" + id);
    }

    private long number(String id) {
        String t = text(id);
        return t.matches("-?\\d+") ? Long.parseLong(t) : -1;
    }

    private void view(String name) {
        Browsers.view(browser, name);
    }

    @Test
    void theElectricalViewsAreLiveLocateFaultsAndRedeploy(@TempDir Path profile) throws Exception {
        start(1, profile);
        // the link serve prints opens the electrical tree's view
        browser.get("http://127.0.0.1:" + app.port() + "/#token=" + app.token());
        WebDriverWait wait = Browsers.waitUpTo(browser, 30);
        wait.until(d -> d.getCurrentUrl().endsWith("/#/fabric") && text("hosts").equals("64"));
        assertEquals("48", text("switches"));
        assertEquals("dmodk", text("engine"));
        long delivered = number("sw-delivered");
        wait.until(d -> number("sw-delivered") > delivered + 1000);
        // the table is redrawn on every telemetry record: its cell is read in one script, never found and then read
        String cell = "const r = document.querySelectorAll('#ft-levels tbody tr');"
                + "return r.length === 3 ? r[2].querySelector('td:nth-child(3)').textContent.trim() : '';";
        wait.until(d -> { String v = (String) ((JavascriptExecutor) d).executeScript(cell); return !v.isEmpty() && !v.equals("–"); });
        double level1Up = Double.parseDouble((String) ((JavascriptExecutor) browser).executeScript(cell));
        assertEquals(0.4, level1Up, 0.08, "host links carry the offered load");
        assertEquals(10, browser.findElements(By.cssSelector("#hottest tbody tr")).size());
        assertTrue(Browsers.attribute(browser, "#ft-alarm", "hidden") != null, "no alarm on a healthy fabric");
        // one heatmap per level, 16 switches of 8 ports each; the leaves' host ports carry the load
        wait.until(d -> d.findElements(By.cssSelector("#ft-heatmaps .chart")).size() == 3);
        Object leafDown = ((JavascriptExecutor) browser).executeScript(
                "const d = echarts.getInstanceByDom(document.getElementById('ft-heat-1')).getOption().series[0].data;"
                        + "return d.filter(x => x[0] < 4).reduce((s, x) => s + x[2], 0) / d.filter(x => x[0] < 4).length;");
        assertEquals(0.4, ((Number) leafDown).doubleValue(), 0.08);
        // its columns are named as tables and specs name ports: physical numbers from 1
        Object columns = ((JavascriptExecutor) browser).executeScript(
                "return echarts.getInstanceByDom(document.getElementById('ft-heat-1')).getOption().xAxis[0].data;");
        assertEquals(List.of("1", "2", "3", "4", "5", "6", "7", "8"), columns);
        Browsers.screenshot(browser, "fabric");

        // the whole tree: 112 nodes, 192 cables; by flows, D-mod-K puts at most one flow of any shift on a cable (Zahavi)
        view("topology");
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("topology-metric"))).selectByValue("flows");
        wait.until(d -> text("topology-caption").contains("112 nodes, 192 cables; flows"));
        Object flows = ((JavascriptExecutor) browser).executeScript(
                "const l = echarts.getInstanceByDom(document.getElementById('topology-graph')).getOption().series[0].links;"
                        + "return [l.length, Math.max(...l.map(x => x.value)), Math.min(...l.map(x => x.value))];");
        assertEquals(List.of(192L, 1L, 1L), flows);
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("topology-metric"))).selectByValue("utilisation");
        wait.until(d -> text("topology-caption").contains("flits per cycle"));
        Browsers.screenshot(browser, "topology");
        view("fabric");

        // a dead cable between a leaf and its host, injected from the page in the one fault grammar: the port is named
        // and the alarm shows; another spelling of the same cable is not a second fault
        view("actions");
        browser.findElement(By.id("fault-spec")).sendKeys("dead:switch-5:2");
        browser.findElement(By.id("fault-apply")).click();
        wait.until(d -> text("action-status").startsWith("injected"));
        wait.until(d -> d.findElements(By.cssSelector("#faults-table tbody tr")).size() == 1);
        browser.findElement(By.id("fault-spec")).clear();
        browser.findElement(By.id("fault-spec")).sendKeys("dead:SWITCH-05:2");
        browser.findElement(By.id("fault-apply")).click();
        wait.until(d -> text("action-status").startsWith("refused: 'dead:switch-5:2' is already in force as fault"));
        assertEquals(1, browser.findElements(By.cssSelector("#faults-table tbody tr")).size());
        view("fabric");
        wait.until(d -> d.findElements(By.cssSelector("#anomalies tbody tr")).size() == 1);
        String row = Browsers.text(browser, "#anomalies tbody tr");
        assertTrue(row.startsWith("alarm switch-5 (1,1,1,0) 2 host-21 DOWN"), row);
        wait.until(d -> d.findElement(By.id("ft-alarm")).getAttribute("hidden") == null);
        Browsers.screenshot(browser, "fabric-dead-link", "hottest");
        // the alarm names the failing port and links to its drill-down: its ports, the cut cable, the fault with its undo
        wait.until(d -> Browsers.text(browser, "#ft-alarm").contains("Worst: switch-5 port 2 (link down, to host-21)"));
        wait.until(d -> { // the banner is redrawn with every record (10 a second): the link is found and clicked in one script
            ((JavascriptExecutor) d).executeScript("const a = document.getElementById('ft-alarm-part'); if (a) a.click();");
            return d.getCurrentUrl().endsWith("#/part/switch-5/2");
        });
        wait.until(d -> text("part-caption").startsWith("switch-5 (1,1,1,0), level 1"));
        // a switch's drill-down shows none of an optical board's sections (a .row rule once overrode hidden)
        assertTrue(!browser.findElement(By.id("part-optical")).isDisplayed() && !browser.findElement(By.id("part-skew-form")).isDisplayed(),
                "the optical board's nodes, timing, fibres and skew are not shown for a switch");
        wait.until(d -> Browsers.text(browser, "#part-port-2").startsWith("2 down host-21 cut (a fault in the model) DOWN"));
        assertTrue(Browsers.attribute(browser, "#part-port-2", "class").contains("picked"), "the alarm's port is the one plotted");
        // the cut port the alarm points to can be declared failed from here (a cut is not a failure the tables know of)
        List<String> actions = browser.findElements(By.cssSelector("#part-port-2 button")).stream().map(org.openqa.selenium.WebElement::getText).toList();
        assertEquals(List.of("declare failed"), actions, "a cut cable: declare it failed; no second cut");
        assertEquals(8, browser.findElements(By.cssSelector("#part-ports tbody tr")).size());
        wait.until(d -> text("part-faults").startsWith("fault 1: dead:switch-5:2"));
        wait.until(d -> text("part-table-caption").startsWith("(dmodk: 64 addresses, 0 without a route)"));
        // the part is read again every 2 s with new counters; its buttons stay the same elements (a click is not lost)
        ((JavascriptExecutor) browser).executeScript("document.querySelectorAll('#part-port-2 button, #part-faults button')"
                + ".forEach((b) => { b.dataset.kept = 'yes'; });");
        Thread.sleep(4_500);
        assertEquals("yes", Browsers.attribute(browser, "#part-port-2 button", "data-kept"), "the port's button is not rebuilt");
        assertEquals("yes", Browsers.attribute(browser, "#part-faults button", "data-kept"), "the fault's button is not rebuilt");
        Browsers.screenshot(browser, "part", "view-part");
        // repaired from the drill-down, after the page asks: the alarm goes, the port is up again
        browser.findElement(By.cssSelector("#part-faults button")).click();
        Browsers.confirm(browser, "Clear fault 1 (dead:switch-5:2)");
        wait.until(d -> text("part-status").startsWith("cleared: dead link at switch-5"));
        wait.until(d -> text("part-faults").equals("none") && Browsers.text(browser, "#part-port-2").contains(" up "));
        // another part in the same tab: nothing of switch-5's stays (a host has no counters' history: no chart at all)
        ((JavascriptExecutor) browser).executeScript("location.hash = '#/part/host-3';");
        wait.until(d -> text("part-caption").startsWith("host-3 "));
        assertEquals(0L, ((Number) ((JavascriptExecutor) browser).executeScript(
                "return document.querySelectorAll('#part-plot canvas').length;")).longValue(), "switch-5's chart on host-3's page");
        assertEquals("", text("part-port-caption"));
        view("fabric");
        wait.until(d -> d.findElement(By.id("ft-alarm")).getAttribute("hidden") != null
                && !d.findElement(By.cssSelector("#anomalies tbody")).getText().contains("DOWN"));
        // a board that reboots is named as counting from zero again; clearing the fault gives it its table back
        assertTrue(Browsers.attribute(browser, "#ft-restarts", "hidden") != null, "no restart yet");
        view("actions");
        browser.findElement(By.id("fault-spec")).clear();
        browser.findElement(By.id("fault-spec")).sendKeys("reboot:switch-40");
        browser.findElement(By.id("fault-apply")).click();
        wait.until(d -> text("action-status").startsWith("injected"));
        view("fabric");
        wait.until(d -> text("ft-restarts").startsWith("Restarted, counting from zero since (latest first): switch-40 at cycle "));
        Browsers.screenshot(browser, "fabric-restart", "hottest");
        view("actions");
        browser.findElement(By.cssSelector("#faults-table button.clear-fault")).click();
        wait.until(d -> text("action-status").startsWith("cleared"));
        view("fabric");

        // the header's health summary names what is not well, each a link to its list: the restart's alarm, not seen yet
        wait.until(d -> !d.findElements(By.id("health-alarms")).isEmpty()
                && d.findElement(By.id("health-alarms")).getText().matches("\\d+ alarms? not acknowledged"));
        browser.findElement(By.id("health-alarms")).click();
        wait.until(d -> d.findElement(By.id("view-events")).getAttribute("hidden") == null);
        // the event log holds all of it: the injections asked from the page, and the restart as an alarm of its own
        view("events");
        wait.until(d -> d.findElement(By.id("events-table")).getText().contains("switch-40 restarted: its counters start again from zero"));
        String log = Browsers.text(browser, "#events-table");
        assertTrue(log.contains("switch-5 console (token holder at"), "the change names its part: " + log);
        assertTrue(log.contains("POST /api/faults {\"spec\":\"dead:switch-5:2\"}"), log);
        assertTrue(log.contains("done (200)") && log.contains("console (token holder at"), log);
        new Select(browser.findElement(By.id("events-severity"))).selectByValue("alarm");
        wait.until(d -> !d.findElement(By.id("events-table")).getText().contains("POST /api/faults"));
        assertTrue(Browsers.text(browser, "#events-table").contains("an alarm from two hours ago"), "any time: the old alarm is listed");
        new Select(browser.findElement(By.id("events-since"))).selectByValue("3600000");
        wait.until(d -> !d.findElement(By.id("events-table")).getText().contains("an alarm from two hours ago"));
        assertTrue(Browsers.text(browser, "#events-table").contains("restarted"), "the last hour's alarms stay");
        // an alarm seen is acknowledged; the not-acknowledged filter then hides it
        wait.until(d -> !d.findElements(By.cssSelector("#events-table button.ack")).isEmpty());
        int toSee = browser.findElements(By.cssSelector("#events-table button.ack")).size();
        wait.until(d -> { // the table is redrawn every 2 s: the button is found and clicked in one go until one is seen
            ((JavascriptExecutor) d).executeScript("const b = document.querySelector('#events-table button.ack'); if (b) b.click();");
            return d.findElements(By.cssSelector("#events-table button.ack")).size() < toSee;
        });
        wait.until(d -> Browsers.text(browser, "#events-table").contains("seen "));
        browser.findElement(By.id("events-unacked")).click();
        wait.until(d -> d.findElements(By.cssSelector("#events-table tbody tr")).size() == toSee - 1);
        browser.findElement(By.id("events-unacked")).click();
        Browsers.screenshot(browser, "events", "view-events");
        // the rest in one click: every alarm the filter shows that nobody has seen
        browser.findElement(By.id("events-ack-all")).click();
        wait.until(d -> text("events-ack-note").matches("\\d+ acknowledged"));
        browser.findElement(By.id("events-unacked")).click();
        wait.until(d -> d.findElements(By.cssSelector("#events-table tbody tr")).isEmpty());
        // acknowledging all shown took the last hour's: the old alarm, outside the filter, is still to be seen
        new Select(browser.findElement(By.id("events-since"))).selectByValue("");
        wait.until(d -> d.findElement(By.id("events-table")).getText().contains("an alarm from two hours ago"));
        assertEquals(1, browser.findElements(By.cssSelector("#events-table tbody tr")).size(), Browsers.text(browser, "#events-table"));
        browser.findElement(By.id("events-unacked")).click();
        wait.until(d -> d.findElement(By.id("health-alarms")).getText().equals("1 alarm not acknowledged"));
        wait.until(d -> { // the table is redrawn every 2 s: found and clicked in one go
            ((JavascriptExecutor) d).executeScript("const b = document.querySelector('#events-table button.ack'); if (b) b.click();");
            return d.findElements(By.cssSelector("#events-table button.ack")).isEmpty();
        });
        wait.until(d -> !d.findElements(By.id("health-ok")).isEmpty()); // every alarm seen, no fault, no part failed: all well
        Browsers.screenshot(browser, "health-ok", "health");
        view("fabric");

        // the forwarding table the boards run, and a route by it
        view("lft");
        wait.until(d -> d.findElements(By.cssSelector("#lft-table tbody tr")).size() == 64);
        assertTrue(text("lft-status").startsWith("switch-0"), text("lft-status"));
        Browsers.screenshot(browser, "lft");
        view("trace");
        browser.findElement(By.id("trace-dst")).clear();
        browser.findElement(By.id("trace-dst")).sendKeys("63");
        browser.findElement(By.cssSelector("#trace-form button")).click();
        wait.until(d -> text("trace-outcome").equals("delivered"));
        assertEquals(6, browser.findElements(By.cssSelector("#trace-hops li")).size(), "host, 3 switches up and 2 down");
        Browsers.screenshot(browser, "trace");

        // an analysis from the page: progress, then the figures and ebb's histogram over samples
        view("analyses");
        browser.findElement(By.id("analysis-samples")).clear();
        browser.findElement(By.id("analysis-samples")).sendKeys("64");
        browser.findElement(By.id("analysis-run")).click();
        Browsers.waitUpTo(browser, 60).until(d -> text("analysis-status").startsWith("done"));
        String result = text("analysis-result");
        assertTrue(result.contains("metric ebb") && result.contains("samples 64") && result.contains("mean"), result);
        Object fractions = ((JavascriptExecutor) browser).executeScript(
                "return echarts.getInstanceByDom(document.getElementById('analysis-histogram')).getOption().series[0].data"
                        + ".reduce((s, x) => s + x, 0);");
        assertEquals(1.0, ((Number) fractions).doubleValue(), 1e-9);
        // another metric: its fields in words, and ebb's histogram gone with its result
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("analysis-metric"))).selectByValue("mload");
        browser.findElement(By.id("analysis-pattern")).clear();
        browser.findElement(By.id("analysis-pattern")).sendKeys("shift:all");
        browser.findElement(By.id("analysis-run")).click();
        Browsers.waitUpTo(browser, 60).until(d -> text("analysis-result").contains("max link load against the bound"));
        String words = text("analysis-result");
        assertTrue(!words.matches("(?s).*\\b[a-z]+[A-Z][a-zA-Z]*\\b.*"), "no camelCase key shown: " + words);
        assertEquals("", text("analysis-histogram-caption"));
        Object bars = ((JavascriptExecutor) browser).executeScript(
                "const o = echarts.getInstanceByDom(document.getElementById('analysis-histogram')).getOption(); return o.series ? o.series.length : 0;");
        assertEquals(0L, ((Number) bars).longValue());
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("analysis-metric"))).selectByValue("ebb");
        browser.findElement(By.id("analysis-pattern")).clear();
        browser.findElement(By.id("analysis-pattern")).sendKeys("shift:999");
        browser.findElement(By.id("analysis-run")).click();
        wait.until(d -> text("analysis-status").startsWith("refused"));
        // the load-latency curve of the served configuration: accepted follows offered below saturation
        browser.findElement(By.id("sweep-from")).clear();
        browser.findElement(By.id("sweep-from")).sendKeys("0.2");
        browser.findElement(By.id("sweep-to")).clear();
        browser.findElement(By.id("sweep-to")).sendKeys("0.4");
        browser.findElement(By.id("sweep-run")).click();
        Browsers.waitUpTo(browser, 90).until(d -> text("sweep-status").startsWith("done"));
        assertTrue(text("sweep-status").contains("saturation at 0.4"), text("sweep-status"));
        @SuppressWarnings("unchecked")
        List<List<Number>> accepted = (List<List<Number>>) ((JavascriptExecutor) browser).executeScript(
                "return echarts.getInstanceByDom(document.getElementById('sweep-chart')).getOption().series[0].data;");
        assertEquals(3, accepted.size());
        assertEquals(0.2, accepted.get(0).get(1).doubleValue(), 0.03);
        Browsers.screenshot(browser, "analyses");

        // change the engine from the page
        view("actions");
        new Select(browser.findElement(By.id("engine-select"))).selectByValue("random");
        browser.findElement(By.id("engine-apply")).click();
        Browsers.confirm(browser, "Redeploy every switch with random");
        Browsers.waitUpTo(browser, 60).until(d -> text("engine-status").startsWith("deployed random"));
        assertTrue(text("engine-status").contains("0 lost, 0 misrouted"), text("engine-status"));
        // and undo it: the engine before is deployed again
        wait.until(d -> text("engine-undo").equals("undo: back to dmodk"));
        browser.findElement(By.id("engine-undo")).click();
        Browsers.waitUpTo(browser, 60).until(d -> text("engine-status").startsWith("deployed dmodk"));
        wait.until(d -> d.findElement(By.id("engine-undo")).getAttribute("hidden") != null);
        // declare a failure from the page (a mistyped port cuts host 0 off), see it listed, and undo it
        browser.findElement(By.id("fail-spec")).sendKeys("link:switch-0:1");
        browser.findElement(By.id("fail-apply")).click();
        Browsers.confirm(browser, "Declare link:switch-0:1 failed");
        Browsers.waitUpTo(browser, 60).until(d -> text("fail-status").startsWith("rerouted"));
        assertTrue(text("fail-status").contains("126 pairs unreachable"), text("fail-status"));
        wait.until(d -> text("failures").startsWith("link:switch-0:1") && !d.findElements(By.cssSelector("#failures button")).isEmpty());
        // a trace across the failed cable says where the packet is lost
        view("trace");
        browser.findElement(By.id("trace-src")).clear();
        browser.findElement(By.id("trace-src")).sendKeys("0");
        browser.findElement(By.cssSelector("#trace-form button")).click();
        wait.until(d -> text("trace-outcome").startsWith("lost at host-0: the cable is out"));
        // the map marks the cable out and draws the route to where it is lost
        view("topology");
        wait.until(d -> text("topology-caption").contains("192 cables, 1 out"));
        browser.findElement(By.id("topology-dst")).clear();
        browser.findElement(By.id("topology-dst")).sendKeys("63");
        browser.findElement(By.id("topology-route-go")).click();
        wait.until(d -> text("topology-route").startsWith("route: host-0 — lost at host-0: the cable is out"));
        Object dashed = ((JavascriptExecutor) browser).executeScript(
                "const l = echarts.getInstanceByDom(document.getElementById('topology-graph')).getOption().series[0].links;"
                        + "return l.filter(x => x.lineStyle.type === 'dashed').length;");
        assertEquals(1L, ((Number) dashed).longValue());
        view("actions");
        browser.findElement(By.cssSelector("#failures button")).click();
        Browsers.waitUpTo(browser, 60).until(d -> text("fail-status").startsWith("repaired link:switch-0:1"));
        assertTrue(text("fail-status").contains("0 pairs unreachable"), text("fail-status"));
        wait.until(d -> text("failures").equals("none"));
        Browsers.screenshot(browser, "actions-fattree");
        view("boards");
        // deploys: the start, the rebooted board's table, the engine change and its undo, the failure and its repair
        wait.until(d -> d.findElements(By.cssSelector("#deploy-history tbody tr")).size() == 6
                && d.findElements(By.cssSelector("#boards-table tbody tr")).size() == 48);
        assertTrue(Browsers.text(browser, "#boards-table tbody tr").contains("LFT"),
                "a switch board holds its forwarding table (read back over the wire)");
        assertTrue(text("link-health").contains("retransmits"), text("link-health"));
        Browsers.screenshot(browser, "boards-fattree");
        view("fabric");
        wait.until(d -> text("engine").equals("dmodk"));
    }

    @Test
    void thePathsPerPairAreChosenFromThePageAmongTheDivisorsOfTheHostsAddresses(@TempDir Path profile) throws Exception {
        start(4, profile);
        browser.get("http://127.0.0.1:" + app.port() + "/#token=" + app.token());
        WebDriverWait wait = Browsers.waitUpTo(browser, 30);
        wait.until(d -> text("paths").equals("1 (over 4 addresses per host)"));
        view("actions");
        Select paths = new Select(browser.findElement(By.id("paths-select")));
        assertEquals(List.of("1", "2", "4"), paths.getOptions().stream().map(o -> o.getText()).toList());
        assertEquals("1", paths.getFirstSelectedOption().getText());
        assertFalse(browser.findElement(By.id("paths-select")).isEnabled(), "D-mod-K is single-path: no choice offered");
        new Select(browser.findElement(By.id("engine-select"))).selectByValue("disjoint");
        assertTrue(browser.findElement(By.id("paths-select")).isEnabled());
        paths.selectByValue("2");
        browser.findElement(By.id("engine-apply")).click();
        Browsers.confirm(browser, "Redeploy every switch with disjoint over 2 paths");
        Browsers.waitUpTo(browser, 60).until(d -> text("engine-status").startsWith("deployed disjoint over 2 paths"));
        assertTrue(text("engine-status").contains("0 lost, 0 misrouted"), text("engine-status"));
        Browsers.screenshot(browser, "actions-paths");
        view("fabric");
        wait.until(d -> text("engine").equals("disjoint") && text("paths").equals("2 (over 4 addresses per host)"));
    }
}
