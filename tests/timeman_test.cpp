// The clock: a game at 1 s + 0.05 s simulated move by move against TimeManager, with the delays
// a loaded machine adds outside the engine's own clock (pipes, waiting to be scheduled), must
// never run the clock out, and every move's budget must fit the clock.
#include "engine/timeman.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/tunables.h"

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

TEST(TimeManager, SoftLimitGrowsWithInstabilityAndAFallingScore) {
    Limits limits;
    limits.time_ms[WHITE] = 10000;
    limits.inc_ms[WHITE] = 100;
    TimeManager tm;
    tm.start(limits, WHITE, 100);
    const int saved = tunables[TIME_TREND].value;
    tunables[TIME_TREND].value = 100;
    const int64_t settled = tm.soft_limit(4, 0);
    EXPECT_GT(settled, 0);
    EXPECT_LT(settled, tm.optimum());
    EXPECT_GT(tm.soft_limit(0, 0), tm.soft_limit(2, 0));
    EXPECT_GT(tm.soft_limit(2, 0), settled);
    // A fall of the centipawns set by time_trend: half as long again, and no more for a deeper one.
    EXPECT_NEAR(static_cast<double>(tm.soft_limit(4, 100)), 1.5 * static_cast<double>(settled),
                1.0);
    EXPECT_EQ(tm.soft_limit(4, 100), tm.soft_limit(4, 900));
    EXPECT_NEAR(static_cast<double>(tm.soft_limit(4, -100)), 0.75 * static_cast<double>(settled),
                1.0);
    EXPECT_LE(tm.soft_limit(0, 900), tm.maximum());
    tunables[TIME_TREND].value = 0;  // off: the score's trend is not looked at
    EXPECT_EQ(tm.soft_limit(4, 100), settled);
    tunables[TIME_TREND].value = saved;

    // A fixed time per move is searched to its end.
    Limits fixed;
    fixed.movetime_ms = 500;
    tm.start(fixed, WHITE, 100);
    EXPECT_EQ(tm.soft_limit(9, -500), tm.maximum());
}

}  // namespace
}  // namespace menagerie::engine
