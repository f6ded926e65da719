#include "engine/timeman.h"

#include <algorithm>

namespace menagerie::engine {

void TimeManager::start(const Limits& limits, Color us, int move_overhead_ms) {
    restart();
    if (limits.started != std::chrono::steady_clock::time_point{}) {
        const int64_t started =
            std::chrono::duration_cast<std::chrono::nanoseconds>(limits.started.time_since_epoch())
                .count();
        if (started < start_ns_) start_ns_ = started;
    }
    timed_ = false;
    if (limits.movetime_ms > 0) {
        timed_ = true;
        optimum_ = maximum_ = std::max<int64_t>(
            1, limits.movetime_ms - std::min(move_overhead_ms, limits.movetime_ms / 4));
        return;
    }
    if (limits.time_ms[us] < 0) return;
    timed_ = true;
    const int64_t time = limits.time_ms[us], inc = std::max(0, limits.inc_ms[us]);
    // The time this move may count on: the clock less the overhead, kept for the moves to come.
    const int64_t available = std::max<int64_t>(1, time - move_overhead_ms);
    const int64_t moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 35;
    const bool last_move = limits.movestogo == 1;
    int64_t optimum = available / moves_to_go + inc * 3 / 4;
    // Never more than a share of what is left, so an increment of 0.05 s cannot run the clock
    // down: a move spends at most 60% of the clock (all but the overhead before a time control).
    const int64_t ceiling = last_move ? available * 8 / 10 : available * 6 / 10;
    maximum_ = std::max<int64_t>(1, std::min(optimum * 4, ceiling));
    optimum_ = std::max<int64_t>(1, std::min(optimum, maximum_));
}

}  // namespace menagerie::engine
