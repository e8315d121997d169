`timescale 1ps / 1ps
// A board's crystal, for the benches that put boards on clocks of their own: edges every half of T_NOM * (1 + ppm
// * 1e-6) ps, each off its ideal time by a Gaussian jitter of jitter_ps RMS that does not accumulate. A bench sets
// ppm and jitter_ps (hierarchically) whenever it likes and reads the cycle now as period.
module crystal #(
    parameter real    T_NOM = 20834.0,  // ps, the nominal cycle
    parameter real    FIRST = 1234.0,   // ps, the first edge's ideal time
    parameter integer SEED  = 7
) (
    output reg clk
);
    real    ppm = 0.0, jitter_ps = 50.0, period = T_NOM;
    integer seed = SEED;
    initial begin : edges
        real ideal, next;
        clk = 1'b0;
        ideal = FIRST;
        forever begin
            period = T_NOM * (1.0 + ppm * 1e-6);
            ideal = ideal + period / 2.0;
            next = ideal + (jitter_ps * $dist_normal(seed, 0, 1000)) / 1000.0;
            if (next <= $realtime) next = $realtime + 1.0;
            #(next - $realtime) clk = !clk;
        end
    end
endmodule
