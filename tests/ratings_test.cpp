// Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2 system"):
// a player rated 1500 (deviation 200, volatility 0.06) beats a 1400 (30), loses to a 1550 (100)
// and to a 1700 (300); with tau 0.5 the paper gets 1464.06, 151.52 and 0.05999.
#include <gtest/gtest.h>

#include "server/glicko2.h"

namespace menagerie::server {
namespace {

TEST(Glicko2, TheWorkedExampleOfGlickmansPaper) {
    const Glicko2Rating player{1500, 200, 0.06};
    const Glicko2Rating after = glicko2_update(
        player, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}, 0.5);
    EXPECT_NEAR(after.rating, 1464.06, 0.01);
    EXPECT_NEAR(after.deviation, 151.52, 0.01);
    EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, AWinRaisesALossLowersAndIdleTimeWidensTheDeviation) {
    const Glicko2Rating a{1500, 350, 0.06}, b{1500, 350, 0.06};
    const Glicko2Rating won = glicko2_update(a, {{b, 1}}), lost = glicko2_update(b, {{a, 0}});
    EXPECT_GT(won.rating, 1600);
    EXPECT_NEAR(won.rating - 1500, 1500 - lost.rating, 1e-9);  // symmetric for equal players
    EXPECT_LT(won.deviation, 350);
    const Glicko2Rating drawn = glicko2_update(a, {{b, 0.5}});
    EXPECT_NEAR(drawn.rating, 1500, 1e-9);

    const Glicko2Rating settled{1800, 60, 0.06};
    const Glicko2Rating idle = glicko2_idle(settled, 100);
    EXPECT_EQ(idle.rating, 1800);
    EXPECT_GT(idle.deviation, 60);
    EXPECT_LE(glicko2_idle(settled, 1e9).deviation, GLICKO2_MAX_DEVIATION);
    EXPECT_EQ(glicko2_update(settled, {}).deviation, glicko2_idle(settled, 1).deviation);
}

}  // namespace
}  // namespace menagerie::server
