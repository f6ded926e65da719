// The clock: a game at 1 s + 0.05 s simulated move by move against TimeManager, with the delays
// a loaded machine adds outside the engine's own clock (pipes, waiting to be scheduled), must
// never run the clock out, and every move's budget must fit the clock.
#include "engine/timeman.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace menagerie::engine {
namespace {

TEST(TimeManager, BudgetsFitTheClock) {
    for (int overhead : {0, 10, 80, 500})
        for (int inc : {0, 50, 1000})
            for (int movestogo : {0, 1, 2, 40})
                for (int time = 0; time <= 20000; time += 37) {
                    Limits limits;
                    limits.time_ms[WHITE] = time;
                    limits.inc_ms[WHITE] = inc;
                    limits.movestogo = movestogo;
                    TimeManager tm;
                    tm.start(limits, WHITE, overhead);
                    ASSERT_TRUE(tm.timed());
                    EXPECT_LE(tm.optimum(), tm.maximum());
                    EXPECT_GE(tm.optimum(), 1);
                    // The longest move leaves the overhead, and a share of the rest, on the clock.
                    EXPECT_LE(tm.maximum(), std::max(1, (time - overhead) * 8 / 10))
                        << time << " " << inc << " " << overhead << " " << movestogo;
                }
}

TEST(TimeManager, IncrementGameSurvivesDelaysAndSpikes) {
    // Each move thinks for its optimum; 20 ms per move are lost outside the engine's clock, and
    // every 25th move a stall of 150 ms more (a loaded machine). The clock must never fall.
    constexpr int INC = 50, OVERHEAD = 80, DELAY = 20, SPIKE = 150;
    int clock = 1000;
    for (int move = 1; move <= 300; ++move) {
        Limits limits;
        limits.time_ms[WHITE] = clock;
        limits.inc_ms[WHITE] = INC;
        TimeManager tm;
        tm.start(limits, WHITE, OVERHEAD);
        clock -= static_cast<int>(tm.optimum()) + DELAY + (move % 25 == 0 ? SPIKE : 0);
        ASSERT_GT(clock, 0) << "flag fell at move " << move;
        clock += INC;
    }
    // The clock settles well above the overhead, so that a stall does not flag.
    EXPECT_GT(clock, 2 * OVERHEAD);
}

}  // namespace
}  // namespace menagerie::engine
