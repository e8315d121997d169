package org.oft.sim.boards;

import java.util.ArrayList;
import java.util.List;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;

/** Well-formed optical board configurations for tests that deploy (shared with the controller's tests through this module's test jar). */
public final class SampleConfigs {
    private SampleConfigs() {
    }

    /** Any well-formed configuration of {@code boards} at {@code order}; {@code variant} makes different ones. */
    public static List<BoardConfig> config(List<BoardInfo> boards, int order, int variant) {
        int n = 1 << order;
        List<BoardConfig> out = new ArrayList<>();
        for (BoardInfo b : boards) {
            if (b.kind() == BoardKind.ROUTER_LEVEL) {
                long[] bits = new long[(n + 63) / 64];
                for (int t = 0; t < n; t++) {
                    if (((t * 7 + variant + b.index()) & 3) == 0) {
                        bits[t >>> 6] |= 1L << (t & 63);
                    }
                }
                out.add(BoardConfig.router(b.id(), bits, n, null));
            } else {
                int[] rows = new int[n];
                for (int i = 0; i < n; i++) {
                    rows[i] = (b.index() + i * (2 * variant + 1)) & (n - 1);
                }
                out.add(BoardConfig.processor(b.id(), rows, null));
            }
        }
        return out;
    }
}
