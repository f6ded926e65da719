#include "engine/timeman.h"

#include <algorithm>

#include "engine/tunables.h"

namespace menagerie::engine {

void TimeManager::start(const Limits& limits, Color us, int move_overhead_ms) {
    restart();
    if (limits.started != std::chrono::steady_clock::time_point{}) {
        const int64_t started =
            std::chrono::duration_cast<std::chrono::nanoseconds>(limits.started.time_since_epoch())
                .count();
        if (started < start_ns_) start_ns_ = started;
    }
    timed_ = fixed_ = false;
    if (limits.movetime_ms > 0) {
        timed_ = fixed_ = true;
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
    // Half the increment: with a clock and an increment the clock settles where a move's
    // thinking plus the delays outside the engine's clock (pipes, waiting to be scheduled on a
    // loaded machine) equal the increment; counting half of it settles the clock higher.
    int64_t optimum = available / moves_to_go + inc / 2;
    // Never more than a share of what is left above a reserve of three overheads, so that an
    // increment of 0.05 s cannot run the clock down: below the reserve the engine plays its
    // first iteration and recovers on the increment. (With three quarters of the increment and
    // a ceiling of 60% of the clock less one overhead, 20 ms of delay per move settled the clock
    // near 0.13 s at 1 s + 0.05 s, where one stall of the machine flagged; see
    // tests/timeman_test.cpp.) Before a time control, 80% of what is left.
    const int64_t reserve = 3 * static_cast<int64_t>(move_overhead_ms);
    const int64_t ceiling =
        last_move ? available * 8 / 10 : std::max<int64_t>(1, (time - reserve) * 4 / 10);
    maximum_ = std::max<int64_t>(1, std::min(optimum * 4, ceiling));
    optimum_ = std::max<int64_t>(1, std::min(optimum, maximum_));
}

int64_t TimeManager::soft_limit(int stable_iterations, int score_fall) const {
    if (fixed_) return maximum_;
    const double stability = stable_iterations >= 4 ? 0.7 : stable_iterations >= 2 ? 1.0 : 1.4;
    const int fall_for_half_again = tuned(TIME_TREND);
    const double trend = fall_for_half_again > 0
                             ? std::clamp(1.0 + 0.5 * score_fall / fall_for_half_again, 0.75, 1.5)
                             : 1.0;
    const double share = stability * trend * tuned(TIME_USE) / 100;
    return std::min(maximum_, static_cast<int64_t>(static_cast<double>(optimum_) * share));
}

}  // namespace menagerie::engine
