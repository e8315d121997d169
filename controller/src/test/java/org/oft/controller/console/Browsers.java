package org.oft.controller.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** A real headless Chromium (Debian's /usr/bin/chromium through /usr/bin/chromedriver) for the console's tests. */
final class Browsers {
    static final File CHROMIUM = new File("/usr/bin/chromium");
    static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");

    private Browsers() {
    }

    /** Fails on CI without Chromium (CI must install it); skips elsewhere. Call before starting anything else. */
    static void require() {
        if (!CHROMIUM.canExecute() || !CHROMEDRIVER.canExecute()) {
            if (System.getenv("CI") != null) {
                fail("CI must install Debian's chromium and chromium-driver (see .ci/run)");
            }
            Assumptions.abort("no /usr/bin/chromium or /usr/bin/chromedriver here: apt-get install -y chromium chromium-driver");
        }
    }

    /** Where the views' screenshots go; docs/console/regenerate copies them into the tour (docs/console.md). */
    static final Path SCREENSHOTS = Path.of("target", "console");

    /** The page as the browser shows it now, as {@code target/console/NAME.png}. */
    static void screenshot(WebDriver browser, String name) throws IOException {
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.createDirectories(SCREENSHOTS);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The page scrolled so that element {@code id} is in view, as {@code target/console/NAME.png}; then back to the top. */
    static void screenshot(WebDriver browser, String name, String id) throws IOException {
        org.openqa.selenium.JavascriptExecutor js = (org.openqa.selenium.JavascriptExecutor) browser;
        js.executeScript("document.getElementById(arguments[0]).scrollIntoView({block: 'start'});", id);
        screenshot(browser, name);
        js.executeScript("window.scrollTo(0, 0);");
    }

    /**
     * A wait of up to {@code seconds} that tries again when an element it read was redrawn under it: the console
     * rebuilds its tables on every telemetry record, so a found element may be gone by the time it is read.
     */
    static WebDriverWait waitUpTo(WebDriver browser, int seconds) {
        WebDriverWait wait = new WebDriverWait(browser, java.time.Duration.ofSeconds(seconds));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    /**
     * Opens view {@code name} from the navigation: the link is clicked again until the view shows (up to 90 s: an order-10
     * page on a busy 2-core machine), as a busy page may miss a click and a new configuration rebuilds the navigation under it.
     */
    static void view(WebDriver browser, String name) {
        waitUpTo(browser, 90).pollingEvery(java.time.Duration.ofSeconds(1)).until(d -> {
            if (d.findElement(org.openqa.selenium.By.id("view-" + name)).isDisplayed()) {
                return true;
            }
            d.findElement(org.openqa.selenium.By.id("nav-" + name)).click();
            return false;
        });
    }

    /** Answers the page's question before a destructive action: waits for it, checks it names {@code about}, confirms. */
    static void confirm(WebDriver browser, String about) {
        waitUpTo(browser, 30).until(d -> d.findElement(org.openqa.selenium.By.id("confirm")).isDisplayed());
        String q = text(browser, "#confirm-text");
        if (!q.contains(about)) {
            throw new AssertionError("the confirmation asks '" + q + "', not about " + about);
        }
        browser.findElement(org.openqa.selenium.By.id("confirm-yes")).click();
        waitUpTo(browser, 30).until(d -> !d.findElement(org.openqa.selenium.By.id("confirm")).isDisplayed());
    }

    /**
     * The shown text of the first element matching {@code css}, as Selenium's getText gives it (empty when hidden,
     * table cells a space apart), but read in one script so it is never stale; empty if there is none.
     */
    static String text(WebDriver browser, String css) {
        return (String) ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                "const e = document.querySelector(arguments[0]);"
                        + " return e && e.checkVisibility() ? e.innerText.replace(/\\t/g, ' ').trim() : '';", css);
    }

    /** An attribute of the first element matching {@code css}, read in one script, or null. */
    static String attribute(WebDriver browser, String css, String name) {
        return (String) ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;", css, name);
    }

    /** Selenium warns that it has no DevTools bindings for this Chromium: these tests drive the page over WebDriver only. */
    private static final java.util.logging.Logger CDP = java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

    static WebDriver open(Path profile) {
        CDP.setLevel(java.util.logging.Level.SEVERE);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=1200,900", "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER)
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }
}
