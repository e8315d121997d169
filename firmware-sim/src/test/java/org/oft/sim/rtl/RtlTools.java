package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A test that needs the RTL's tools: skipped where they are missing, but failed in CI (CI set), which installs them. */
final class RtlTools {
    private RtlTools() {
    }

    static void require(boolean installed, String missing) {
        if (!installed && System.getenv("CI") != null) {
            fail(missing + ", and CI is set: .ci/run installs it");
        }
        assumeTrue(installed, missing);
    }
}
