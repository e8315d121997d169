package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.service.ownership.HaBench;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Who owns the boards, in a real Chromium, with a master and a standby controller: the header names
 * the owner, its generation and lease; the Boards view lists every board's owner and the controllers
 * standing; a standby's console says it stands by and links the master's; and an open page follows
 * the master to the standby when the master is killed.
 */
@Timeout(360)
class OwnershipConsoleBrowserTest {
    @Test
    void thePageNamesTheOwnerAndFollowsTheMasterToTheStandby(@TempDir Path dir, @TempDir Path profile) throws Exception {
        Browsers.require();
        try (HaBench bench = new HaBench(dir, 2)) {
            HaBench.OftctlProcess a = bench.serve("A", 0, "a.err");
            a.until("oftctl: master at generation 1", 60);
            String[] consoleA = a.console();
            HaBench.OftctlProcess b = bench.serve("B", 1, "b.err");
            b.until("oftctl: standing by", 60);
            String[] consoleB = b.console();
            // the controllers of one bench share A's token; B adopted it from the election, which holds only its hash
            assertEquals(null, consoleB[1], "a standby cannot print the bench's token");
            assertNotEquals(401, post(consoleB[0] + "/api/faults", consoleA[1]), "B takes A's token");
            assertEquals(401, post(consoleB[0] + "/api/faults", "0".repeat(32)), "and no other");
            WebDriver browser = Browsers.open(profile);
            try {
                WebDriverWait wait = Browsers.waitUpTo(browser, 30);
                // the standby's console says so and links the master's
                browser.get(consoleB[0] + "/#token=" + consoleA[1]);
                wait.until(d -> d.findElement(By.id("standby-note")).isDisplayed()
                        && d.findElement(By.id("standby-note")).getText().contains("This controller (B) stands by"));
                wait.until(d -> d.findElement(By.linkText("A's console")).getAttribute("href").startsWith(consoleA[0]));
                Browsers.screenshot(browser, "standby");

                browser.get(consoleA[0] + "/#token=" + consoleA[1]);
                wait.until(d -> d.findElement(By.id("owner")).getText().matches("owner A · generation 1 · lease \\d+(\\.\\d)? s"));
                Browsers.view(browser, "boards");
                wait.until(d -> d.findElements(By.cssSelector("#owners-table tbody tr")).size() == 5 // 4 switches and the backplane
                        && d.findElement(By.cssSelector("#owners-table tbody tr td:nth-child(2)")).getText().equals("A"));
                wait.until(d -> d.findElement(By.id("candidates")).getText().contains("B (priority 0, http://127.0.0.1:"));
                Browsers.screenshot(browser, "ownership", "view-boards");

                a.process().destroyForcibly(); // kill -9: the page finds the new master and goes there
                b.until("oftctl: master at generation 2", 30);
                Browsers.waitUpTo(browser, 40).until(d -> d.getCurrentUrl().startsWith(consoleB[0])
                        && d.findElement(By.id("owner")).getText().startsWith("owner B · generation 2"));
                Browsers.screenshot(browser, "after-take-over");
            } finally {
                browser.quit();
            }
        }
    }

    /** A mutating call with this token: its status. */
    private static int post(String url, String token) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                .header("X-OFT-Token", token).header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"spec\":\"cut:switch-1:1\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
