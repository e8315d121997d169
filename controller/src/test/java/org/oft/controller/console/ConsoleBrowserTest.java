package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real headless Chromium (Debian's /usr/bin/chromium driven through
 * /usr/bin/chromedriver) against the real controller: slot and counters advance live, and a
 * fault injected into the board model stands out.
 */
@Timeout(120)
class ConsoleBrowserTest {
    private ControllerApp app;
    private WebDriver browser;

    @BeforeEach
    void start(@TempDir Path profile) {
        Browsers.require();
        app = ControllerApp.start(new ServeConfig(4, 1, "127.0.0.1", 0, 10, "sim"));
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
    void slotAndCountersAdvanceLiveAndFaultsStandOut() throws Exception {
        browser.get("http://127.0.0.1:" + app.port() + "/");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));

        wait.until(d -> text("order").equals("4") && number("slot") >= 0);
        assertEquals("16", text("processors"));
        assertTrue(number("deploy-epoch") >= 0, "the slot from which the deployed tables run is shown");
        assertEquals(16, browser.findElements(By.cssSelector("#sequence span")).size());
        long slot = number("slot");
        long injected = number("total-injected");
        wait.until(d -> number("slot") > slot + 2 && number("total-injected") > injected);
        assertTrue(number("total-delivered") > 0);
        assertEquals(1, browser.findElements(By.cssSelector("#sequence span.current")).size());
        assertEquals(4, browser.findElements(By.cssSelector("#levels tbody tr")).size());
        assertEquals("0", text("total-misdelivered"));
        assertFalse(browser.findElement(By.id("alarm")).isDisplayed());
        assertFalse(browser.findElement(By.id("row-misdelivered")).getAttribute("class").contains("bad"));

        // A routing node stuck in one state: misdeliveries appear and are flagged.
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + app.port() + "/api/faults"))
                .header(org.oft.controller.service.ConsoleVerticle.TOKEN_HEADER, app.token())
                .POST(HttpRequest.BodyPublishers.ofString("{\"kind\":\"stuck\",\"level\":2,\"node\":1,\"state\":\"turn\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        wait.until(d -> number("total-misdelivered") > 0);
        wait.until(d -> browser.findElement(By.id("alarm")).isDisplayed());
        assertTrue(text("alarm").startsWith("FABRIC FAULT"));
        assertTrue(browser.findElement(By.id("row-misdelivered")).getAttribute("class").contains("bad"));
        assertEquals(1, browser.findElements(By.cssSelector("#levels td.stuck")).size());

        // Slot timing: a calibrated fabric shows the full 54 ps margin, until a router board's clock slips.
        assertTrue(text("calibration").contains("feasible, predicted worst margin 54 ps"), text("calibration"));
        assertEquals(4, browser.findElements(By.cssSelector("#timing tbody tr")).size());
        assertEquals(0, browser.findElements(By.cssSelector("#timing td.bad")).size());
        r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/faults"))
                .header(org.oft.controller.service.ConsoleVerticle.TOKEN_HEADER, app.token())
                .POST(HttpRequest.BodyPublishers.ofString("{\"spec\":\"skew:router-3:700\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        wait.until(d -> browser.findElements(By.cssSelector("#timing td.bad")).size() >= 2); // margin and truncated of level 3
        assertTrue(text("alarm").contains("truncated"), text("alarm"));

        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), Path.of("target", "console-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
