// `menagerie bench`: a fixed perft suite and a fixed-depth search suite under Google Benchmark.
// Prints each run's nodes per second, then `nodes N` (the perft suite's total, a signature that
// changes only with behaviour) and `nps N` over it, then `search nodes N` (the engine's
// signature) and `search nps N`.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <span>
#include <sstream>
#include <string_view>

#include "app/commands.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "games/games.h"
#include "notation/fen.h"

namespace menagerie {

namespace {

struct BenchCase {
    const char* name;
    const char* variant;
    const char* fen;  // or a setup id, with '#' in front
    int depth;
};

// Positions both suites use.
constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr const char* CHESS66_MIDDLEGAME =
    "r2kq2r/pp3ppp/2n2b2/np3Q3/1P3b1Pp/2B2N2/PP3PP1/R3K2R w KQkq - 0 1";
constexpr const char* CHESS2016_DEFAULT_MIDDLEGAME =
    "tmo1/rc2qkbtcr/1pppbpp1pp/2n5p3/1p3p6/8n3/2NPPQ2P3/PP2PPP1PP/RC1B1KBNCR/TMOT w KBkb - 0 9";

constexpr const char* BLACKSWAN_VIEW_START =
    "ssssksss/ssssssss/8/8/8/8/SSSSSSSS/SSSSKSSS w - - 0 1 - 0 -";

const BenchCase SUITE[] = {
    {"chess/start/6", "chess", START_FEN, 6},
    {"chess/kiwipete/5", "chess", KIWIPETE, 5},
    {"chess/position3/6", "chess", ENDGAME, 6},
    {"chess/position4/5", "chess",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5},
    {"placement/relocation/5", "placement", "#", 5},
    {"chess20/setup-13/5", "chess20", "#13", 5},
    {"contemporary/RBNBKQNR/5", "contemporary", "#RBNBKQNR", 5},
    {"contemporary/NRBBKQRN/5", "contemporary", "#NRBBKQRN", 5},
    // Chess 66: the switch board, whose rays fork at 4/a4 and 5/h5.
    {"chess66/start/6", "chess66", "#", 6},
    {"chess66/middlegame/5", "chess66", CHESS66_MIDDLEGAME, 5},
    // The Chess 2016 board with its default army in play, Cannons and all: the board with holes,
    // 128-bit sets beyond 64 cells, and legality where hoppers' screens matter.
    {"chess2016-default/middlegame/4", "chess2016-default", CHESS2016_DEFAULT_MIDDLEGAME, 4},
    // The catalogue's Chess 2016: Cannon, Leo (green 5) and Vaos (white 6-6) at the start, and
    // the unsubstituted array.
    {"chess2016/W1-6-6.G5.R1/5", "chess2016", "#W1-6-6.G5.R1", 5},
    {"chess2016/W1-1-2.G1.R1/5", "chess2016", "#W1-1-2.G1.R1", 5},
};

// The search part: a fixed-depth search (one thread, a fresh 16 MB hash and histories for each
// position) over positions of every game. Its total node count is the engine's signature: it
// changes only when the search or the evaluation does.
const BenchCase SEARCH_SUITE[] = {
    {"search/chess/start", "chess", START_FEN, 13},
    {"search/chess/kiwipete", "chess", KIWIPETE, 10},
    {"search/chess/endgame", "chess", ENDGAME, 14},
    {"search/placement/relocation", "placement", "#", 11},
    {"search/placement-reduced/relocation", "placement-reduced", "#", 11},
    {"search/chess20/setup-13", "chess20", "#13", 11},
    {"search/contemporary/RBNBKQNR", "contemporary", "#RBNBKQNR", 11},
    {"search/chess66/start", "chess66", "#", 11},
    {"search/chess66/middlegame", "chess66", CHESS66_MIDDLEGAME, 9},
    {"search/chess56/W1-2-3", "chess56", "#W1-2-3", 10},
    {"search/chess2016/W1-6-6.G5.R1", "chess2016", "#W1-6-6.G5.R1", 9},
    {"search/chess2016-default/middlegame", "chess2016-default", CHESS2016_DEFAULT_MIDDLEGAME, 8},
    // Black Swan as the engine meets it: a player's view, reveals and promotions as chance nodes.
    {"search/blackswan/view-start", "blackswan-view", BLACKSWAN_VIEW_START, 8},
};

// The suite's games: the catalogue's, the 2016 default army (no dice) and Black Swan's player's
// view.
std::shared_ptr<const Game> bench_game(const std::string& name) {
    if (name == "chess2016-default") return make_chess2016_default_army();
    if (name == "blackswan-view") return make_game("blackswan", {{"view", "player"}});
    return make_game(name);
}

uint64_t total_nodes = 0, search_nodes = 0;
double total_seconds = 0, search_seconds = 0;
bool searched = false;
double smp_seconds[2] = {0, 0};  // per thread count (1, 2)
uint64_t smp_nodes[2] = {0, 0};

Position bench_position(const char* variant, const char* fen) {
    const auto game = bench_game(variant);
    return fen[0] != '#' ? parse_fen(game, fen)
           : fen[1] == 0 ? start_position(game)
                         : start_position(game, std::string(fen + 1));
}

// A search of a suite position to the case's depth on a fresh table with `threads` threads:
// its nodes; its time is added to `seconds`.
uint64_t search_case(const BenchCase& c, int threads, double& seconds, int extra_depth = 0) {
    const Position pos = bench_position(c.variant, c.fen);
    engine::Engine engine(16, threads);
    engine::Limits limits;
    limits.depth = c.depth + extra_depth;
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = engine.search(pos, {}, limits).nodes;
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return nodes;
}

}  // namespace

int run_bench(int argc, char** argv) {
    for (const BenchCase& c : SUITE) {
        benchmark::RegisterBenchmark(
            c.name,
            [c](benchmark::State& state) {
                Position pos = bench_position(c.variant, c.fen);
                uint64_t nodes = 0;
                for (auto _ : state) {
                    const auto start = std::chrono::steady_clock::now();
                    benchmark::DoNotOptimize(nodes = perft(pos, c.depth));
                    total_seconds +=
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                            .count();
                }
                state.counters["nodes"] = static_cast<double>(nodes);
                state.counters["nps"] = benchmark::Counter(
                    static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                    benchmark::Counter::kIsRate);
                total_nodes += nodes;
            })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
    }
    for (const BenchCase& c : SEARCH_SUITE) {
        benchmark::RegisterBenchmark(
            c.name,
            [c](benchmark::State& state) {
                uint64_t nodes = 0;
                for (auto _ : state) nodes = search_case(c, 1, search_seconds);
                state.counters["nodes"] = static_cast<double>(nodes);
                state.counters["nps"] = benchmark::Counter(
                    static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                    benchmark::Counter::kIsRate);
                search_nodes += nodes;
                searched = true;
            })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
    }
    // Lazy SMP: the search suite, SMP_EXTRA_DEPTH plies deeper (searches of a second or more: in
    // the suite's own tenths of a second, starting the threads and fitting each thread's tables
    // weigh as much as the search), with 1 and 2 threads in turn for each position (run with
    // --benchmark_filter=smp). Time to depth is the measure where the cores are free; on a loaded
    // machine the node counts give a view that does not depend on the load as much: with both
    // threads running at the same speed, the speedup is 2 * nodes(1 thread) / nodes(2 threads).
    // They run only when a filter names them, so that a plain `bench` stays short.
    constexpr int SMP_EXTRA_DEPTH = 5;
    bool smp_asked = false;
    for (int i = 1; i < argc; ++i)
        smp_asked |= std::string_view(argv[i]).rfind("--benchmark_filter=", 0) == 0 &&
                     std::string_view(argv[i]).find("smp") != std::string_view::npos;
    for (const BenchCase& c :
         smp_asked ? std::span<const BenchCase>(SEARCH_SUITE) : std::span<const BenchCase>{})
        for (const int threads : {1, 2}) {
            const std::string name = "smp/threads:" + std::to_string(threads) +
                                     std::string(c.name).substr(std::string("search").size());
            benchmark::RegisterBenchmark(
                name.c_str(),
                [c, threads](benchmark::State& state) {
                    uint64_t nodes = 0;
                    for (auto _ : state) {
                        nodes = search_case(c, threads, smp_seconds[threads - 1], SMP_EXTRA_DEPTH);
                        smp_nodes[threads - 1] += nodes;
                    }
                    state.counters["nodes"] = static_cast<double>(nodes);
                })
                ->Unit(benchmark::kMillisecond)
                ->Iterations(1);
        }
    // Google Benchmark takes its own --benchmark_* flags; anything else is a mistake, and so is a
    // filter that selects nothing (the library would only warn and run nothing).
    for (int i = 1; i < argc; ++i)
        for (const char* p = argv[i]; *p; ++p)
            if (static_cast<unsigned char>(*p) < 0x20 || *p == 0x7F)
                throw Error(
                    ErrorKind::Usage, "bench",
                    "bench: argument " + menagerie::quoted(argv[i]) + " holds a control character");
    benchmark::Initialize(&argc, argv);
    if (argc > 1)
        throw Error(ErrorKind::Usage, "bench",
                    "bench: unknown argument " + menagerie::quoted(argv[1]) +
                        " (bench takes only Google Benchmark's --benchmark_* flags)");
    // The library reports a filter that matches nothing, or does not compile, on its error
    // stream, which also carries the run's context: hold it back until we know which it is.
    benchmark::ConsoleReporter reporter;
    std::ostringstream held;
    reporter.SetErrorStream(&held);
    const size_t ran = benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    if (ran == 0)
        throw Error(ErrorKind::Usage, "--benchmark_filter",
                    "bench: --benchmark_filter " +
                        menagerie::quoted(benchmark::GetBenchmarkFilter()) +
                        (held.str().find("Could not compile") != std::string::npos
                             ? " is not a valid regular expression"
                             : " matches no benchmark"));
    std::cerr << held.str();
    std::cout << "nodes " << total_nodes << "\n"
              << "nps "
              << static_cast<uint64_t>(static_cast<double>(total_nodes) /
                                       std::max(total_seconds, 1e-9))
              << "\n";
    if (searched)
        std::cout << "search nodes " << search_nodes << "\n"
                  << "search nps "
                  << static_cast<uint64_t>(static_cast<double>(search_nodes) /
                                           std::max(search_seconds, 1e-9))
                  << "\n";
    if (smp_seconds[0] > 0 && smp_seconds[1] > 0)
        std::cout << "smp time 1 thread " << smp_seconds[0] << " s, 2 threads " << smp_seconds[1]
                  << " s, speedup " << smp_seconds[0] / smp_seconds[1] << "\n"
                  << "smp nodes 1 thread " << smp_nodes[0] << ", 2 threads " << smp_nodes[1]
                  << ", speedup at equal thread speed "
                  << 2.0 * static_cast<double>(smp_nodes[0]) /
                         static_cast<double>(std::max<uint64_t>(smp_nodes[1], 1))
                  << "\n";
    return 0;
}

}  // namespace menagerie
