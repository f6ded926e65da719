// The engine's public interface: one blocking search call, a thread-safe stop, and settings.
// Everything else (search, evaluation, transposition table, time) is private to src/engine.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie::engine {

struct Limits {
    int depth = 0;              // 0: no limit
    uint64_t nodes = 0;         // 0: no limit
    int movetime_ms = 0;        // 0: no limit
    int time_ms[2] = {-1, -1};  // remaining clock per Color (WHITE, BLACK); -1: none
    int inc_ms[2] = {0, 0};
    int movestogo = 0;
    bool infinite = false;          // search until stop()
    std::vector<Move> searchmoves;  // empty: all
    int multipv = 1;
    // Beyond the contract: pondering (the clock runs only after ponderhit()), and a skill level
    // for weak play (0 to 20; 20 is full strength): lower levels pick among the best lines with
    // a seeded random spread.
    bool ponder = false;
    int skill = 20;
    uint64_t seed = 0;
    // When the clock started (the `go` command's arrival); default: when search() starts. A
    // loaded machine may take a while to start the search thread; that time is on the clock.
    std::chrono::steady_clock::time_point started{};
};

struct Info {  // one report per completed iteration (and per PV line with MultiPV)
    int depth = 0, seldepth = 0, multipv = 1;
    int score_cp = 0;  // from the side to move
    int mate = 0;      // 0 unless a mate is found: +n = mate in n moves, -n = mated in n
    // No legal move and in check: mated now (UCI's `score mate 0`; score_cp and mate stay 0).
    // The report of a position with no legal move has depth 0 and an empty pv.
    bool mated = false;
    uint64_t nodes = 0;
    int64_t time_ms = 0;
    int hashfull = 0;  // per mille
    std::vector<Move> pv;
};

// The games the engine plays: every listed game; one with hidden identities (Black Swan) on its
// player's view only, with chance nodes (docs/engine.md). UCI_Variant offers these.
std::vector<std::string> played_game_names();

class Engine {
  public:
    // Throws std::bad_alloc when the table cannot be allocated.
    explicit Engine(std::size_t hash_mb = 16, int threads = 1);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    // Throws std::bad_alloc when the new table cannot be allocated; the old one then stays,
    // contents included.
    void set_hash(std::size_t mb);
    void set_threads(int n);
    void new_game();  // clears the hash and histories
    // Blocking. `start` plus `moves` (legal, already validated) give the position and its history
    // (for repetition draws). Calls on_info from the search thread after each iteration (once,
    // with depth 0, when there is no legal move). The returned Info's pv[0] is the move to play
    // (empty pv only when there is no legal move). An infinite or pondering search returns only
    // after stop() (or ponderhit()), even when a limit or the lack of a move ended it before.
    // Throws Error for a position the engine must not see: a Black Swan referee's (hidden
    // identities); it plays a player's view, returning a chance move without its outcome.
    Info search(const Position& start, const std::vector<Move>& moves, const Limits& limits,
                const std::function<void(const Info&)>& on_info = {});
    void stop();  // thread-safe: a running search returns soon with its best move
    // Thread-safe: a pondering search now runs on the clock. False when no search is running
    // yet (a caller that has just started one tries again).
    bool ponderhit();
    void set_move_overhead(int ms);  // kept back from the clock for the GUI's and OS's delays
    // The evaluation: the network for the game's family (built in, or read from a file with
    // set_network_file), else the hand-made terms. A file serves only games of its family; ""
    // goes back to the built-in networks. Throws Error (kind File) for a file that is no
    // network, and the engine keeps the one it had. Returns the network's family and how it
    // was trained.
    std::string set_network_file(const std::string& path);
    void use_network(bool on);
    // The network a search of `game` would use, if any (its family and how it was trained).
    std::string network_description(const Game& game) const;
    // Strength levels for casual play (1 = weakest, 8 = full strength), used by the web app.
    static Limits level_limits(int level);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace menagerie::engine
