package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code serve --fabric fattree} in a real headless Chromium: the console opens on the electrical
 * view, packets and port utilisation advance live, a dead link is named by board and port, and an
 * engine change from the page redeploys and reports the switch-over.
 */
@Timeout(120)
class FatTreeConsoleBrowserTest {
    private ControllerApp app;
    private WebDriver browser;

    @BeforeEach
    void start(@TempDir Path profile) {
        Browsers.require();
        ElectricalBench bench = new ElectricalBench("kary:4,3", null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.4, 1, 500, false);
        app = ControllerApp.start(ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 40, "sim", null));
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
        return browser.findElement(By.id(id)).getText().trim();
    }

    private long number(String id) {
        String t = text(id);
        return t.matches("-?\\d+") ? Long.parseLong(t) : -1;
    }

    @Test
    void theElectricalViewIsLiveLocatesFaultsAndRedeploys() throws Exception {
        // the link serve prints; the OFT page hands over to the electrical one, token and all
        browser.get("http://127.0.0.1:" + app.port() + "/#token=" + app.token());
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.until(d -> d.getCurrentUrl().contains("/fattree.html#token=") && text("hosts").equals("64"));
        assertEquals("48", text("switches"));
        assertEquals("dmodk", text("engine"));
        long delivered = number("sw-delivered");
        wait.until(d -> number("sw-delivered") > delivered + 1000);
        wait.until(d -> browser.findElements(By.cssSelector("#levels tbody tr")).size() == 3
                && !browser.findElement(By.cssSelector("#levels tbody tr:last-child td:nth-child(3)")).getText().equals("–"));
        double level1Up = Double.parseDouble(browser.findElement(By.cssSelector("#levels tbody tr:last-child td:nth-child(3)")).getText());
        assertEquals(0.4, level1Up, 0.08, "host links carry the offered load");
        assertEquals(10, browser.findElements(By.cssSelector("#hottest tbody tr")).size());
        assertTrue(browser.findElement(By.id("alarm")).getAttribute("hidden") != null, "no alarm on a healthy fabric");

        // a dead cable between a leaf and its host: the port is named, and the alarm shows
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + app.port() + "/api/faults"))
                .header("content-type", "application/json")
                .header(org.oft.controller.service.ConsoleVerticle.TOKEN_HEADER, app.token())
                .POST(HttpRequest.BodyPublishers.ofString("{\"kind\":\"dead-link\",\"switch\":5,\"port\":2}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        wait.until(d -> d.findElements(By.cssSelector("#anomalies tbody tr")).size() == 1);
        String row = browser.findElement(By.cssSelector("#anomalies tbody tr")).getText();
        assertTrue(row.startsWith("switch-5 (1,1,1,0) 2 host 21 DOWN"), row);
        wait.until(d -> d.findElement(By.id("alarm")).getAttribute("hidden") == null);

        // change the engine from the page
        new Select(browser.findElement(By.id("engine-select"))).selectByValue("random");
        browser.findElement(By.id("engine-apply")).click();
        new WebDriverWait(browser, Duration.ofSeconds(60)).until(d -> text("engine-status").startsWith("deployed random"));
        assertTrue(text("engine-status").contains("0 lost, 0 misrouted"), text("engine-status"));
        wait.until(d -> text("engine").equals("random") && d.findElements(By.cssSelector("#deploys tbody tr")).size() == 2);
    }
}
