// How long a move may take: an optimum (checked between iterations) and a maximum (checked
// inside the search), from the clock, the increment and the moves to go, less a safety margin
// for the time a GUI and the operating system take to pass the move on.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "engine/engine.h"

namespace menagerie::engine {

class TimeManager {
  public:
    void start(const Limits& limits, Color us, int move_overhead_ms);
    // The clock starts now (thread-safe: ponderhit() calls it while the search reads it).
    void restart() { start_ns_ = now_ns(); }
    int64_t elapsed_ms() const { return (now_ns() - start_ns_) / 1000000; }
    bool timed() const { return timed_; }
    // A fixed time per move (`movetime`): the whole of it is searched, as UCI asks, so only the
    // maximum ends the search, never the estimate between iterations.
    bool fixed() const { return fixed_; }
    int64_t optimum() const { return optimum_; }
    int64_t maximum() const { return maximum_; }
    // When the main thread starts no new iteration (milliseconds since the start): the next
    // would take about as long as all before it, so a share of the optimum, longer while the
    // best move keeps changing and while the score falls (centipawns below the last move's):
    // a position going wrong deserves the time to find a way out. Never past the maximum; a
    // fixed time per move is searched to its end.
    int64_t soft_limit(int stable_iterations, int score_fall) const;

  private:
    static int64_t now_ns() {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    std::atomic<int64_t> start_ns_{now_ns()};
    bool timed_ = false, fixed_ = false;
    int64_t optimum_ = 0, maximum_ = 0;
};

}  // namespace menagerie::engine
