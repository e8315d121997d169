// A lab bench's crystals (bench_pty.cpp built with LAB_BENCH): every board of lab_bench.v on a clock of its own, its
// frequency CLK_HZ off by its own offset within +-ppm (drawn from the seed; 0: one clock, every edge together), each
// edge off its ideal instant by its own jitter (normal, RMS jitter_ps: absolute, so it never accumulates). The
// model runs edge by edge: the boards whose edge comes next (those due at the same instant together) toggle, with
// their UART pins driven before a rising edge and sampled after it, in their own cycles. A "cycle" of the bench is
// the leading board's: it paces the model against the wall and times its commands.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

struct LabCrystals {
    std::vector<double> half;  // each board's half period, ps
    std::vector<double> ideal; // its next edge's ideal instant, ps
    std::vector<double> next;  // its next edge, jittered, ps
    std::vector<double> ppm;
    uint32_t level = 0;        // every board's clock pin
    int lead = 0;
    double jitter = 0;
    std::mt19937 rng;
    std::normal_distribution<double> gauss{0.0, 1.0};

    void init(int boards, int leader, double spread_ppm, double jitter_ps, uint32_t seed) {
        rng.seed(seed);
        jitter = jitter_ps;
        std::uniform_real_distribution<double> u(-spread_ppm, spread_ppm);
        lead = leader;
        half.assign(boards, 0);
        next.assign(boards, 0);
        ideal.assign(boards, 0);
        ppm.assign(boards, 0);
        for (int b = 0; b < boards; b++) {
            ppm[b] = spread_ppm > 0 ? u(rng) : 0.0;
            half[b] = 1e12 / (2.0 * CLK_HZ * (1.0 + ppm[b] * 1e-6));
            ideal[b] = half[b]; // every clock low at power-up, its first edge a rise
            next[b] = edge(b);
        }
        level = 0;
    }

    double edge(size_t b) { return jitter > 0 ? ideal[b] + jitter * gauss(rng) : ideal[b]; }

    // Runs edges until the leader's next rising edge has been taken. before(b) comes before board b's rise (its
    // inputs), after(b) after it (its outputs).
    template <class Model, class Before, class After>
    void leader_cycle(Model& top, Before before, After after) {
        for (;;) {
            double t = next[0];
            for (size_t b = 1; b < next.size(); b++) t = std::min(t, next[b]);
            uint32_t rising = 0;
            for (size_t b = 0; b < next.size(); b++) {
                if (next[b] != t) continue;
                level ^= 1u << b;
                if (level & (1u << b)) rising |= 1u << b;
                ideal[b] += half[b];
                next[b] = edge(b);
            }
            for (size_t b = 0; b < next.size(); b++) if (rising & (1u << b)) before(static_cast<int>(b));
            top.clk = level;
            top.eval();
            for (size_t b = 0; b < next.size(); b++) if (rising & (1u << b)) after(static_cast<int>(b));
            if (rising & (1u << lead)) return;
        }
    }
};
