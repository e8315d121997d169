package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.cli.Oftctl;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The Studies view in a real Chromium: a study run from the command line into the controller's folder is listed with
 * its points per worker; a study started from the page runs to the end with a curve per configuration and saturation
 * per configuration; its download is the CSV export; a bad study is refused with the file's own error line.
 */
@Timeout(360)
class StudiesConsoleBrowserTest {
    @Test
    void studiesAreListedFollowedStartedAndDownloaded(@TempDir Path studies, @TempDir Path profile) throws Exception {
        Browsers.require();
        Path cli = Files.writeString(studies.resolve("from-the-cli.json"), """
                {"topologies": ["kary:4,3"], "engines": ["dmodk"], "traffic": ["uniform", "shift:5"], "loads": [0.4, 0.8],
                 "flit": {"warmup": 200, "sample": 1000}}""");
        StringWriter err = new StringWriter();
        assertEquals(0, Oftctl.execute(new String[] {"study", "run", cli.toString(), "--threads", "1"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err)), err.toString());
        ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 10, "sim").withStudies(studies));
        WebDriver browser = Browsers.open(profile);
        try {
            browser.get("http://127.0.0.1:" + app.port() + "/#token=" + app.token());
            var wait = Browsers.waitUpTo(browser, 60);
            Browsers.view(browser, "studies");
            wait.until(d -> Browsers.text(d, "#studies-table tbody tr").startsWith("from-the-cli done 4 4 0 0 "));
            assertTrue(Browsers.text(browser, "#studies-table tbody tr").contains("/" + ProcessHandle.current().pid() + " (4, 0)"),
                    "stored per worker: " + Browsers.text(browser, "#studies-table tbody tr"));

            // a bad study is refused with its line
            JavascriptExecutor js = (JavascriptExecutor) browser;
            start(browser, "{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodq\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}", null);
            wait.until(d -> Browsers.text(d, "#study-start-status").startsWith("refused: study: engines[0]: unknown routing engine 'dmodq'"));

            // a study from the page: 2 engines x 3 loads, run here to the end
            start(browser, "{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\", \"random\"], \"traffic\": [\"uniform\"], "
                    + "\"loads\": [0.3, 0.6, 0.9], \"flit\": {\"warmup\": 300, \"sample\": 3000}}", "page-study");
            wait.until(d -> Browsers.text(d, "#study-start-status").equals("started page-study: 6 of 6 points to run"));
            Browsers.waitUpTo(browser, 120).until(d -> Browsers.text(d, "#study-status").startsWith("done: 6 of 6 points stored"));
            wait.until(d -> d.findElements(By.cssSelector("#study-saturation tbody tr")).size() == 2);
            assertTrue(Browsers.text(browser, "#study-saturation tbody tr").startsWith("kary:4,3 dmodk uniform seed 1, 4 VCs x 16 flits"),
                    Browsers.text(browser, "#study-saturation tbody tr"));
            Object series = js.executeScript("const o = echarts.getInstanceByDom(document.getElementById('study-accepted')).getOption();"
                    + " return o.series.filter(s => s.type === 'line').map(s => s.name + ':' + s.data.length).join('|');");
            assertEquals("dmodk:3|random:3", series, "the legend names what tells the curves apart");
            // every point with its 95 % interval as an error bar, around the point (issue 65)
            Object bars = js.executeScript("const o = echarts.getInstanceByDom(document.getElementById('study-latency')).getOption();"
                    + " const line = o.series.filter(s => s.type === 'line'); const bars = o.series.filter(s => s.type === 'custom');"
                    + " return bars.map((b, i) => b.name + ':' + b.data.length + ':' + b.data.every((d, k) => d[1] <= line[i].data[k][1]"
                    + " && line[i].data[k][1] <= d[2] && d[0] === line[i].data[k][0])).join('|');");
            assertEquals("dmodk:3:true|random:3:true", bars, "the latency chart's error bars, one a point");
            assertEquals("All curves: kary:4,3 uniform seed 1, 4 VCs x 16 flits, 1-flit packets, wormhole.", Browsers.text(browser, "#study-common"));
            assertTrue(Files.exists(studies.resolve("page-study.json")), "the page's study is kept beside its results");
            Browsers.screenshot(browser, "studies", "view-studies");

            // the download is the export
            String csv = (String) ((JavascriptExecutor) browser).executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + " const a = [...document.querySelectorAll('a.study-download')].find(x => x.href.includes('page-study') && x.href.endsWith('csv'));"
                    + " fetch(a.href).then(r => r.text()).then(done);");
            String[] lines = csv.strip().split("\n");
            assertEquals(7, lines.length, csv);
            assertTrue(lines[0].startsWith("id,kind,topology,engine,paths,traffic,load,seed,"), lines[0]);

            // the same name with another definition is refused, nothing overwritten
            start(browser, "{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}", null);
            wait.until(d -> Browsers.text(d, "#study-start-status").startsWith("refused: a study named 'page-study' with another definition"));

            // a long study started from the page is stopped from it: the points under way are kept, the rest wait
            start(browser, "{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], "
                    + "\"loads\": {\"from\": 0.01, \"to\": 1.0, \"step\": 0.01}, \"flit\": {\"warmup\": 300, \"sample\": 3000}}", "long-study");
            wait.until(d -> Browsers.text(d, "#study-start-status").equals("started long-study: 100 of 100 points to run"));
            stop(browser, "long-study");
            // the run has ended (nothing runs here: no stop button) and the study says it stopped short
            Browsers.waitUpTo(browser, 60).until(d -> d.findElements(By.cssSelector("#studies-table button.study-stop")).isEmpty()
                    && Browsers.text(d, "#study-status").startsWith("stopped: "));
            String stopped = Browsers.text(browser, "#study-status");
            int stored = Integer.parseInt(stopped.replaceAll("stopped: (\\d+) of 100 points stored.*", "$1"));
            assertTrue(stored < 100, stopped);
            // started again, it goes on with the points left
            browser.findElement(By.id("study-start")).click();
            wait.until(d -> Browsers.text(d, "#study-start-status").equals("started long-study: " + (100 - stored) + " of 100 points to run"));
            stop(browser, "long-study");
            Browsers.waitUpTo(browser, 60).until(d -> Browsers.text(d, "#study-status").startsWith("stopped: "));
        } finally {
            browser.quit();
            app.close();
        }
    }

    /** A study typed into the page's form ({@code name} left as the page has it when null) and started. */
    private static void start(WebDriver browser, String spec, String name) {
        ((JavascriptExecutor) browser).executeScript("document.getElementById('study-spec').value = arguments[0];", spec);
        if (name != null) {
            browser.findElement(By.id("study-name")).clear();
            browser.findElement(By.id("study-name")).sendKeys(name);
        }
        browser.findElement(By.id("study-start")).click();
    }

    /** The running study's stop button clicked (the table is redrawn every 2 s: found and clicked in one go), until the page says it stops. */
    private static void stop(WebDriver browser, String name) {
        Browsers.waitUpTo(browser, 60).until(d -> {
            ((JavascriptExecutor) d).executeScript("const b = document.querySelector('#studies-table button.study-stop'); if (b) b.click();");
            return Browsers.text(d, "#study-start-status").startsWith("stopping " + name);
        });
    }
}
