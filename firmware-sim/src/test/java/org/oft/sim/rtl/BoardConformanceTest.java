package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.conformance.ConformanceSuite;
import org.oft.hal.conformance.ConformanceBench;

/**
 * One protocol suite for every board: the Java model in process, the Java model behind a pty, the
 * RTL behind a pty (where Verilator is installed; CI installs it), and a real bench named by
 * -Doft.conformance.board. Each implementation is started once and taken through every case in
 * order, as a lab would take a board through them.
 */
@Timeout(300)
class BoardConformanceTest {
    @TestFactory
    List<DynamicContainer> everyImplementationPassesEveryCase() {
        List<DynamicContainer> out = new ArrayList<>();
        for (BoardTargets.Named target : BoardTargets.all()) {
            List<DynamicTest> tests = new ArrayList<>();
            BoardTargets.Target[] open = new BoardTargets.Target[1];
            ConformanceBench[] bench = new ConformanceBench[1];
            List<ConformanceSuite.Case> cases = ConformanceSuite.cases();
            for (int i = 0; i < cases.size(); i++) {
                ConformanceSuite.Case c = cases.get(i);
                boolean first = i == 0;
                boolean last = i == cases.size() - 1;
                tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                    try {
                        if (first) {
                            open[0] = target.opener().open();
                            bench[0] = new ConformanceBench(new BoardProbe(open[0].link(), 3000), open[0].reboot(),
                                    open[0].powerCycle());
                        }
                        assumeTrue(bench[0] != null, "the bench did not open");
                        assumeTrue(!c.needsReboot() || open[0].reboot() != null, "nobody can power-cycle this board");
                        assumeTrue(!c.needsPowerCycle() || open[0].powerCycle() != null, "nobody can switch this bench off and on");
                        try {
                            c.check().run(bench[0]);
                        } catch (ConformanceSuite.Skip skip) {
                            assumeTrue(false, skip.getMessage());
                        }
                    } finally {
                        if (last && open[0] != null) {
                            open[0].close();
                        }
                    }
                }));
            }
            out.add(DynamicContainer.dynamicContainer(target.name(), tests));
        }
        return out;
    }
}
