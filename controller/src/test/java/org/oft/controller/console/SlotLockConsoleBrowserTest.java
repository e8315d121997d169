package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.service.ConsoleClient;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The OFT view on a lab bench of separate boards (serve --board sim-lab), in a real Chromium: a row per board with
 * its lock and phase error and a live plot of every board's phase error; a cut line shows the boards out of step, in
 * the table, the section's summary and the header's health badge; mended, they are back in step. On one shared clock
 * the section is not shown.
 */
@Timeout(180)
class SlotLockConsoleBrowserTest {
    @Test
    void theBoardsLocksAndPhaseErrorsAreShownLive(@TempDir Path profile) throws Exception {
        Browsers.require();
        try (ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 100, "sim-lab"))) {
            ConsoleClient api = new ConsoleClient(app);
            WebDriver browser = Browsers.open(profile);
            try {
                browser.get("http://127.0.0.1:" + app.port() + "/#token=" + app.token());
                var wait = Browsers.waitUpTo(browser, 60);
                Browsers.view(browser, "oft");
                wait.until(d -> d.findElements(By.cssSelector("#lock-table tbody tr")).size() == 11);
                wait.until(d -> Browsers.text(d, "#lock-summary").equals("(every board in step)"));
                assertTrue(Browsers.text(browser, "#lock-table tbody tr").startsWith("router-3 leads the line 0.00 0"),
                        Browsers.text(browser, "#lock-table tbody tr"));
                JavascriptExecutor js = (JavascriptExecutor) browser;
                wait.until(d -> ((Number) js.executeScript("return document.querySelectorAll('#lock-plot canvas').length")).intValue() > 0);
                Browsers.screenshot(browser, "slot-lock", "slot-lock");

                api.call("POST", "/api/faults", "{\"spec\":\"sync:all\"}");
                wait.until(d -> Browsers.text(d, "#lock-summary").equals("(10 boards out of step: they inject and switch nothing)"));
                wait.until(d -> Browsers.text(d, "#health").contains("10 boards out of slot lock"));
                assertEquals(10L, js.executeScript("return [...document.querySelectorAll('#lock-table tbody td.bad')]"
                        + ".filter(td => td.textContent.startsWith('NOT LOCKED')).length"));
                Browsers.screenshot(browser, "slot-lock-cut", "slot-lock");

                api.call("DELETE", "/api/faults", "{}");
                wait.until(d -> Browsers.text(d, "#lock-summary").equals("(every board in step)"));
            } finally {
                browser.quit();
            }
        }
        try (ControllerApp shared = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 100, "sim"))) {
            WebDriver browser = Browsers.open(profile);
            try {
                browser.get("http://127.0.0.1:" + shared.port() + "/#token=" + shared.token());
                Browsers.view(browser, "oft");
                Browsers.waitUpTo(browser, 60).until(d -> !Browsers.text(d, "#slot").isEmpty() && !Browsers.text(d, "#slot").equals("0"));
                assertEquals("true", browser.findElement(By.id("slot-lock")).getDomAttribute("hidden") != null ? "true" : "false",
                        "no slot-lock section on one shared clock");
            } finally {
                browser.quit();
            }
        }
    }
}
