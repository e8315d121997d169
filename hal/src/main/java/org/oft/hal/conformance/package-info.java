/**
 * What every board implementation must do (docs/board-protocol.md): the suite of cases (ConformanceSuite) run one frame
 * at a time through a probe (BoardProbe) on the bench under test (ConformanceBench).
 */
package org.oft.hal.conformance;
