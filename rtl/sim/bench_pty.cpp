// The RTL bench behind pseudo-terminals: a Verilator model of oft_bench (or switch_bench) whose UART pins are
// driven bit by bit from the ptys, run at its nominal clock in step with the wall clock (the slot
// clock and the leases are counted in model cycles). Prints "pty /dev/pts/N [...]" as
// `oftctl board-sim --pty` does. Standard input takes "reboot N" (board N restarts: empty banks, a new
// boot id, announced; its generation stays), "reset" (every board, the same), "powercycle" (the power
// goes off and on: a new model, every register as configuration leaves it; the generations come back
// from the SPI flash, a model of which sits on the flash pins, its contents kept across power cycles and,
// with --flash FILE, in that file), "flash tear" (the next page program is cut short) and "flash stuck" (the
// flash reads ones and keeps nothing from then on);
// its end ends the model, so it dies with the process that started it.
//
// Built with LONE_BOARD (rtl/build.sh board ROLE ORDER) it runs one oft_board with its optics' pins instead,
// on one pty: `--trace FILE` writes the pins as they change, a line each, in model cycles ("B c" a slot's first
// cycle, "S c v" the state pin now v, "I c d" the injection strobe rising with destination d), and the
// receiver's pins echo every injection back RX_DELAY cycles later (rx_addr = its destination), so the board
// counts it delivered when it named the board itself and misdelivered otherwise.
//
// Built with LAB_BENCH (rtl/build.sh lab ORDER) it runs lab_bench: a lab's separate boards, each on a pty of its
// own (router levels 1..r, then processors 0..2^r-1), on the fibre plant; "reboot N" is board N's reset pin,
// "reset" every board's, "line cut" and "line mend" cut and mend the slot-reference line's cables to every follower,
// and "stats" adds the plant's counts and which boards are in step; `--ppm X` puts every board on a crystal of its
// own within +-X ppm, each edge jittered by J ps RMS with `--jitter-ps J` (lab_crystals.h; drawn from --seed).
#ifndef BENCH_MODEL
#define BENCH_MODEL Voft_bench
#define BENCH_HEADER "Voft_bench.h"
#endif
#include BENCH_HEADER
#include "verilated.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <termios.h>
#include <thread>
#include <unistd.h>
#include <memory>
#include <vector>
#ifdef LAB_BENCH
#include "lab_crystals.h"
#endif

#ifndef CLK_HZ
#define CLK_HZ 2000000
#endif
#ifndef CLKS_PER_BIT
#define CLKS_PER_BIT 4
#endif
#ifndef PORTS
#define PORTS 2
#endif

namespace {

volatile std::sig_atomic_t stop_requested = 0;
void on_signal(int) { stop_requested = 1; }

struct Port {
    int master = -1;
    int slave = -1; // held open so the master never sees a hang-up between controllers
    std::string path;
    std::deque<uint8_t> to_model;  // bytes the host wrote, not yet on the rx pin
    std::vector<uint8_t> to_host;  // bytes the model sent, not yet written to the pty
    // the rx pin, driven: bit index in the current byte (-1 idle) and cycles left in the bit
    int rx_bit = -1;
    int rx_left = 0;
    uint16_t rx_frame = 0;
    // the tx pin, sampled: cycles to the middle of the next bit (-1 idle)
    int tx_bit = -1;
    int tx_left = 0;
    uint8_t tx_byte = 0;
    bool rx_level = true;
};

bool open_pty(Port& p) {
    p.master = posix_openpt(O_RDWR | O_NOCTTY);
    if (p.master < 0 || grantpt(p.master) != 0 || unlockpt(p.master) != 0) return false;
    char name[128];
    if (ptsname_r(p.master, name, sizeof name) != 0) return false;
    p.path = name;
    termios t{};
    if (tcgetattr(p.master, &t) != 0) return false;
    cfmakeraw(&t); // no echo, no line discipline: every byte as it is
    if (tcsetattr(p.master, TCSANOW, &t) != 0) return false;
    p.slave = open(name, O_RDWR | O_NOCTTY);
    if (p.slave >= 0) tcsetattr(p.slave, TCSANOW, &t);
    fcntl(p.master, F_SETFL, fcntl(p.master, F_GETFL) | O_NONBLOCK);
    return true;
}

// One model cycle of the rx pin: 8N1, LSB first.
void drive_rx(Port& p) {
    if (p.rx_bit < 0) {
        if (p.to_model.empty()) {
            p.rx_level = true;
            return;
        }
        p.rx_frame = static_cast<uint16_t>((1u << 9) | (p.to_model.front() << 1)); // stop, data, start
        p.to_model.pop_front();
        p.rx_bit = 0;
        p.rx_left = CLKS_PER_BIT;
    }
    p.rx_level = (p.rx_frame >> p.rx_bit) & 1;
    if (--p.rx_left == 0) {
        p.rx_left = CLKS_PER_BIT;
        if (++p.rx_bit == 10) p.rx_bit = -1;
    }
}

// One model cycle of the tx pin, sampled in the middle of each bit.
void sample_tx(Port& p, bool level) {
    if (p.tx_bit < 0) {
        if (!level) { // a start bit
            p.tx_bit = 0;
            p.tx_left = CLKS_PER_BIT / 2;
        }
        return;
    }
    if (--p.tx_left > 0) return;
    p.tx_left = CLKS_PER_BIT;
    if (p.tx_bit == 0) {
        if (level) p.tx_bit = -1; // a glitch
        else p.tx_bit = 1;
        return;
    }
    if (p.tx_bit <= 8) {
        p.tx_byte = static_cast<uint8_t>((p.tx_byte >> 1) | (level ? 0x80 : 0));
        p.tx_bit++;
        return;
    }
    if (level) p.to_host.push_back(p.tx_byte);
    p.tx_bit = -1;
}

void flush_to_host(Port& p) {
    if (p.to_host.empty()) return;
    ssize_t n = write(p.master, p.to_host.data(), p.to_host.size());
    if (n > 0) p.to_host.erase(p.to_host.begin(), p.to_host.begin() + n);
    if (p.to_host.size() > (1u << 20)) p.to_host.clear(); // nobody reads: a line drops what nobody hears
}


#ifndef FLASH_BYTES
#define FLASH_BYTES (0x110000)
#endif
// A SPI NOR flash as the boards' configuration flash (W25Q-like, mode 0): 0xAB wake, 0x03 read, 0x06 write
// enable, 0x04 write disable, 0x05 status (bit 0 busy, bit 1 write enabled), 0x02 page program (bits only
// cleared, within a 256-byte page), 0x20 4 KiB sector erase; a program takes 0.7 ms and an erase 45 ms of model
// time, during which the status says busy and other commands are ignored. Its contents outlive a power cycle,
// and with --flash FILE the process.
struct Flash {
    std::vector<uint8_t> mem = std::vector<uint8_t>(FLASH_BYTES, 0xFF);
    std::string path;
    bool stuck = false;
    bool tear = false; // the next program is cut short: only its first 5 bytes are programmed
    bool cs_prev = true, sck_prev = false;
    int nbits = 0;
    uint8_t in = 0;
    int nbytes = 0;
    uint8_t op = 0;
    uint32_t addr = 0;
    bool wel = false;
    uint64_t busy_until = 0;
    uint64_t now = 0;
    std::vector<uint8_t> page; // a program's data
    uint8_t out = 0xFF;
    int out_bits = 0;
    bool out_on = false;
    bool miso = true;

    bool open(const std::string& p) {
        path = p;
        if (std::FILE* f = std::fopen(p.c_str(), "rb")) {
            size_t n = std::fread(mem.data(), 1, mem.size(), f);
            std::fclose(f);
            (void)n;
            return true;
        }
        return save();
    }
    bool save() {
        if (path.empty()) return true;
        std::string tmp = path + ".new";
        std::FILE* f = std::fopen(tmp.c_str(), "wb");
        if (f == nullptr) return false;
        bool ok = std::fwrite(mem.data(), 1, mem.size(), f) == mem.size();
        ok = std::fclose(f) == 0 && ok;
        return ok && std::rename(tmp.c_str(), path.c_str()) == 0;
    }
    void deselect() {
        cs_prev = true;
        sck_prev = false;
        miso = true;
    }
    bool busy() const { return now < busy_until; }
    uint8_t status() const { return static_cast<uint8_t>((busy() ? 1 : 0) | (wel ? 2 : 0)); }

    // the pins after a clock edge; returns miso
    bool step(bool cs_n, bool sck, bool mosi, uint64_t cycle) {
        now = cycle;
        if (cs_n) {
            if (!cs_prev) finish();
            cs_prev = true;
            sck_prev = sck;
            out_on = false;
            miso = true;
            return stuck ? true : miso;
        }
        if (cs_prev) { // selected: a new command
            nbits = 0;
            nbytes = 0;
            out_on = false;
            page.clear();
        }
        cs_prev = false;
        if (sck && !sck_prev) { // rising: a bit in
            in = static_cast<uint8_t>((in << 1) | (mosi ? 1 : 0));
            if (++nbits == 8) {
                nbits = 0;
                byte(in);
            }
        } else if (!sck && sck_prev && out_on) { // falling: the next bit out
            if (out_bits == 0) {
                out = next_out();
                out_bits = 8;
            }
            miso = (out >> 7) & 1;
            out = static_cast<uint8_t>(out << 1);
            out_bits--;
        }
        sck_prev = sck;
        return stuck ? true : miso;
    }
    uint8_t next_out() {
        if (op == 0x05) return status();
        if (op == 0x03 && !busy()) return mem[addr++ % mem.size()];
        return 0xFF;
    }
    void byte(uint8_t b) {
        int k = nbytes++;
        if (k == 0) {
            op = b;
            if (op == 0x05) { out_on = true; out_bits = 0; }
            if (!busy() && op == 0x06) wel = true;
            if (!busy() && op == 0x04) wel = false;
            return;
        }
        if ((op == 0x03 || op == 0x02 || op == 0x20) && k <= 3) {
            addr = (k == 1 ? 0 : addr) | (static_cast<uint32_t>(b) << (8 * (3 - k)));
            if (k == 3 && op == 0x03) { out_on = true; out_bits = 0; }
            return;
        }
        if (op == 0x02) page.push_back(b);
    }
    void finish() { // the select rises: a program or an erase starts
        if (busy() || stuck || !wel) return;
        if (op == 0x02 && nbytes >= 4) {
            uint32_t base = addr & ~0xFFu;
            size_t n = tear ? std::min<size_t>(page.size(), 5) : page.size();
            tear = false;
            for (size_t i = 0; i < n; i++) {
                uint32_t a = base | ((addr + i) & 0xFFu);
                if (a < mem.size()) mem[a] &= page[i];
            }
            wel = false;
            busy_until = now + static_cast<uint64_t>(CLK_HZ) * 7 / 10000;
            save();
        } else if (op == 0x20 && nbytes >= 4) {
            uint32_t base = addr & ~0xFFFu;
            for (uint32_t i = 0; i < 4096 && base + i < mem.size(); i++) mem[base + i] = 0xFF;
            wel = false;
            busy_until = now + static_cast<uint64_t>(CLK_HZ) * 45 / 1000;
            save();
        }
    }
};

#ifdef LONE_BOARD
#ifndef RX_DELAY
#define RX_DELAY 40
#endif
// A lone board's optics pins: traced as they change; every injection comes back on the receiver's pins
// RX_DELAY cycles later (rx_addr a cycle before rx_valid rises, held while it is high).
struct Pins {
    std::FILE* trace = nullptr;
    bool state = false;
    bool inject = false;
    std::deque<std::pair<uint64_t, unsigned>> echoes; // (cycle rx_valid rises, address)
    uint64_t rx_high_until = 0;

    // before the cycle's rising edge: the receiver's inputs
    void drive(BENCH_MODEL& top, uint64_t cycle) {
        if (!echoes.empty() && echoes.front().first == cycle + 1) top.rx_addr = echoes.front().second;
        if (!echoes.empty() && echoes.front().first == cycle) {
            top.rx_valid = 1;
            rx_high_until = cycle + 4;
            echoes.pop_front();
        } else if (cycle >= rx_high_until) {
            top.rx_valid = 0;
        }
    }

    // after it: what the board drives in cycle `cycle`
    void sample(BENCH_MODEL& top, uint64_t cycle) {
        if (top.slot_mark && trace != nullptr) std::fprintf(trace, "B %llu\n", static_cast<unsigned long long>(cycle));
        if (static_cast<bool>(top.state) != state) {
            state = top.state;
            if (trace != nullptr) std::fprintf(trace, "S %llu %d\n", static_cast<unsigned long long>(cycle), state ? 1 : 0);
        }
        if (top.inject && !inject) {
            if (trace != nullptr) std::fprintf(trace, "I %llu %u\n", static_cast<unsigned long long>(cycle), static_cast<unsigned>(top.dest));
            echoes.emplace_back(cycle + RX_DELAY, static_cast<unsigned>(top.dest));
        }
        inject = top.inject;
    }
};
#endif

void usage() {
    std::fprintf(stderr, "usage: oft-bench-rtl [--ports 1..%d] [--latency 0..15] [--seed N] [--unpaced] [--trace FILE] [--flash FILE] [--ppm X --jitter-ps J (a lab bench)]\n", PORTS);
}

} // namespace

int main(int argc, char** argv) {
#ifdef LAB_BENCH
    int ports = PORTS; // a pty a board
#else
    int ports = 1;
#endif
    int latency = 1;
    bool unpaced = false; // the model as fast as it runs, its clock ahead of the wall's (a benchmark)
    std::string trace_path;
    std::string flash_path; // the flash's contents kept in a file (a new process powers up with them)
#ifdef LAB_BENCH
    double lab_ppm = 0;    // the boards' crystals within +-lab_ppm of CLK_HZ (lab_crystals.h)
    double lab_jitter = 0; // and each edge's RMS jitter, ps
    LabCrystals crystals;
#endif
    uint32_t seed = static_cast<uint32_t>(std::chrono::steady_clock::now().time_since_epoch().count() ^ getpid());
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--ports" && i + 1 < argc) ports = std::atoi(argv[++i]);
        else if (a == "--latency" && i + 1 < argc) latency = std::atoi(argv[++i]);
        else if (a == "--unpaced") unpaced = true;
        else if (a == "--seed" && i + 1 < argc) seed = static_cast<uint32_t>(std::strtoul(argv[++i], nullptr, 0));
        else if (a == "--trace" && i + 1 < argc) trace_path = argv[++i];
        else if (a == "--flash" && i + 1 < argc) flash_path = argv[++i];
#ifdef LAB_BENCH
        else if (a == "--ppm" && i + 1 < argc) lab_ppm = std::atof(argv[++i]);
        else if (a == "--jitter-ps" && i + 1 < argc) lab_jitter = std::atof(argv[++i]);
#endif
        else {
            usage();
            return 2;
        }
    }
    if (ports < 1 || ports > PORTS || latency < 0 || latency > 15) {
        usage();
        return 2;
    }
    std::signal(SIGTERM, on_signal);
    std::signal(SIGINT, on_signal);
    std::signal(SIGPIPE, SIG_IGN);

    std::vector<Port> port(ports);
    std::string announce = "pty";
    for (auto& p : port) {
        if (!open_pty(p)) {
            std::fprintf(stderr, "oft-bench-rtl: cannot open a pseudo-terminal: %s\n", std::strerror(errno));
            return 1;
        }
        announce += " " + p.path;
    }

    Verilated::commandArgs(argc, argv);
    std::unique_ptr<BENCH_MODEL> top;
#ifdef LONE_BOARD
    (void)seed;
    (void)latency;
    Pins pins;
    if (!trace_path.empty()) {
        pins.trace = std::fopen(trace_path.c_str(), "w");
        if (pins.trace == nullptr) {
            std::fprintf(stderr, "oft-bench-rtl: cannot write %s: %s\n", trace_path.c_str(), std::strerror(errno));
            return 1;
        }
    }
#endif
    Flash flash;
    if (!flash_path.empty() && !flash.open(flash_path)) {
        std::fprintf(stderr, "oft-bench-rtl: cannot keep the flash in %s: %s\n", flash_path.c_str(), std::strerror(errno));
        return 1;
    }
    // power on: a new model (every register as configuration leaves it), the flash as it was
    auto power_on = [&]() {
        top.reset(new BENCH_MODEL);
#if defined(LAB_BENCH)
        top->rx = (1u << PORTS) - 1;
        top->rst_n = (1u << PORTS) - 1;
        top->latency = static_cast<uint8_t>(latency);
        top->line_cut = 0;
        crystals.init(PORTS, LAB_LEAD, lab_ppm, lab_jitter, seed);
        std::fprintf(stderr, "crystals (ppm, board 0 first):");
        for (double p : crystals.ppm) std::fprintf(stderr, " %+.1f", p);
        std::fprintf(stderr, "\n");
        for (int i = 0; i < 20; i++) crystals.leader_cycle(*top, [](int) {}, [](int) {}); // the boards' own power-on resets
#elif defined(LONE_BOARD)
        top->rx = 1;
        top->rst_n = 1;
        top->rx_valid = 0;
        top->rx_addr = 0;
        top->spi_miso = 1;
#ifdef SYNC_LEAD
        top->sync_lead = 1; // a real board's configuration (SYNC = 1): it leads its own slot-reference line
        top->sync_in = 0;
#endif
        for (int i = 0; i < 20; i++) { // the board's own power-on reset
            top->clk = 0;
            top->eval();
            top->clk = 1;
            top->eval();
        }
#else
        top->nv_seed = seed;
        top->latency = static_cast<uint8_t>(latency);
        top->rx = (1u << PORTS) - 1;
        top->reboot_req = 0;
        top->rst = 0;
        top->spi_miso = 1;
        top->por = 1;
        for (int i = 0; i < 4; i++) {
            top->clk = 0;
            top->eval();
            top->clk = 1;
            top->eval();
        }
        top->por = 0;
#endif
        flash.deselect();
    };
    power_on();

    std::printf("%s\n", announce.c_str());
    std::fflush(stdout);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    std::string command;

    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    uint64_t cycles = 0;
    uint64_t ticks = 0; // model cycles run (cycles also counts those a slipping model skipped): the pins' and flash's time
    const uint64_t batch = CLK_HZ / 2000; // half a millisecond of model time between looks at the ptys
    std::vector<pollfd> fds(ports + 1);
    uint8_t buf[4096];
    bool reboot_pulse = false;
    bool reset_pulse = false;
    uint32_t reboot_board = 0; // (a lab bench: whose reset pin)
#ifdef LAB_BENCH
    int lab_hold = 0;             // leader's cycles the reset pin is held yet
    bool reset_pulse_all = false; // the held pulse is every board's ("reset"), not one board's ("reboot N")
#endif
    while (!stop_requested) {
        // run the model up to the wall clock
        uint64_t due = unpaced ? cycles + batch
                                : static_cast<uint64_t>(std::chrono::duration<double>(clock::now() - start).count() * CLK_HZ);
        if (due > cycles + CLK_HZ / 10) cycles = due - CLK_HZ / 10; // a model that falls behind slips, at most 100 ms owed
        uint64_t end = std::min(due, cycles + batch);
        for (; cycles < end; cycles++) {
#if defined(LAB_BENCH)
            // a reset pin held 4 of the leader's cycles, so that a board on a slower crystal sees it too
            if (reset_pulse || reboot_pulse) lab_hold = 4;
            top->rst_n = ((1u << PORTS) - 1) & ~(lab_hold > 0 && reset_pulse_all ? (1u << PORTS) - 1 : 0u)
                         & ~(lab_hold > 0 && !reset_pulse_all ? 1u << reboot_board : 0u);
            if (reset_pulse) reset_pulse_all = true;
            if (reboot_pulse) reset_pulse_all = false;
            reset_pulse = reboot_pulse = false;
            crystals.leader_cycle(*top, [&](int b) {
                drive_rx(port[b]);
                top->rx = port[b].rx_level ? top->rx | (1u << b) : top->rx & ~(1u << b);
            }, [&](int b) { sample_tx(port[b], (top->tx >> b) & 1); });
            if (lab_hold > 0) lab_hold--;
            ticks++;
            continue;
#endif
            uint32_t rx = (1u << PORTS) - 1;
            for (int i = 0; i < ports; i++) {
                drive_rx(port[i]);
                if (!port[i].rx_level) rx &= ~(1u << i);
            }
            top->rx = rx;
#if defined(LAB_BENCH)
            top->rst_n = ((1u << PORTS) - 1) & ~(reset_pulse ? (1u << PORTS) - 1 : 0u) & ~(reboot_pulse ? 1u << reboot_board : 0u);
#elif defined(LONE_BOARD)
            top->rst_n = !(reset_pulse || reboot_pulse);
            pins.drive(*top, ticks);
#else
            top->reboot_req = reboot_pulse;
            top->rst = reset_pulse;
#endif
            top->clk = 0;
            top->eval();
            top->clk = 1;
            top->eval();
            reboot_pulse = false;
            reset_pulse = false;
#ifndef LAB_BENCH
            top->spi_miso = flash.step(top->spi_cs_n, top->spi_sck, top->spi_mosi, ticks);
#endif
#ifdef LONE_BOARD
            pins.sample(*top, ticks + 1);
#endif
            for (int i = 0; i < ports; i++) sample_tx(port[i], (top->tx >> i) & 1);
            ticks++;
        }
        for (auto& p : port) flush_to_host(p);
        // wait for the ptys, stdin, or the next batch
        uint64_t ahead = cycles > due ? cycles - due : 0;
        int timeout_ms = cycles >= due ? static_cast<int>((ahead * 1000) / CLK_HZ) : 0;
        bool busy_line = false;
        for (auto& p : port) busy_line |= p.rx_bit >= 0 || !p.to_model.empty() || p.tx_bit >= 0 || !p.to_host.empty();
        if (busy_line) timeout_ms = 0;
        for (int i = 0; i < ports; i++) fds[i] = {port[i].master, POLLIN, 0};
        fds[ports] = {0, POLLIN, 0};
        if (poll(fds.data(), fds.size(), timeout_ms) > 0) {
            for (int i = 0; i < ports; i++) {
                if (fds[i].revents & POLLIN) {
                    ssize_t n = read(port[i].master, buf, sizeof buf);
                    for (ssize_t k = 0; k < n; k++) port[i].to_model.push_back(buf[k]);
                }
            }
            if (fds[ports].revents & (POLLIN | POLLHUP)) {
                ssize_t n = read(0, buf, sizeof buf);
                if (n == 0) break; // whoever started the model is gone
                for (ssize_t k = 0; k < n; k++) {
                    if (buf[k] != '\n') {
                        command += static_cast<char>(buf[k]);
                        continue;
                    }
                    if (command.rfind("reboot ", 0) == 0) {
#if defined(LAB_BENCH)
                        reboot_board = static_cast<uint32_t>(std::atoi(command.c_str() + 7)) % PORTS;
#elif !defined(LONE_BOARD)
                        top->reboot_addr = static_cast<uint16_t>(std::atoi(command.c_str() + 7));
#endif
                        reboot_pulse = true; // (a lone board: its reset pin)
                    } else if (command == "powercycle") {
                        power_on();
                    } else if (command == "flash tear") {
                        flash.tear = true; // the next page program is cut short, as by a power cut
                    } else if (command == "flash stuck") {
                        flash.stuck = true; // worn out or cut off: it reads ones and keeps nothing
#ifdef LAB_BENCH
                    } else if (command == "line cut" || command == "line mend") {
                        top->line_cut = command == "line cut"; // the slot-reference line's cables to every follower
#endif
                    } else if (command == "reset") {
                        reset_pulse = true;
                    } else if (command == "stats") {
                        double secs = std::chrono::duration<double>(clock::now() - start).count();
#if defined(LAB_BENCH)
                        std::fprintf(stderr, "stats cycles %llu seconds %.6f plant %u carried %u handed %u collisions %u in-step %x running %x blanked %u\n",
                                     static_cast<unsigned long long>(cycles), secs, static_cast<unsigned>(top->slots),
                                     static_cast<unsigned>(top->carried), static_cast<unsigned>(top->handed),
                                     static_cast<unsigned>(top->collisions), static_cast<unsigned>(top->in_step),
                                     static_cast<unsigned>(top->running), static_cast<unsigned>(top->blanked));
#elif defined(LONE_BOARD)
                        std::fprintf(stderr, "stats cycles %llu seconds %.6f\n", static_cast<unsigned long long>(cycles), secs);
                        if (pins.trace != nullptr) std::fflush(pins.trace);
#else
                        std::fprintf(stderr, "stats cycles %llu seconds %.6f slot %llu\n", static_cast<unsigned long long>(cycles), secs,
                                     static_cast<unsigned long long>(top->slot));
#endif
                        std::fflush(stderr);
                    }
                    command.clear();
                }
            }
        }
    }
    top->final();
#ifdef LONE_BOARD
    if (pins.trace != nullptr) std::fclose(pins.trace);
#endif
    for (auto& p : port) {
        close(p.master);
        if (p.slave >= 0) close(p.slave);
    }
    return 0;
}
