// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
// (how uncertain it is) and a volatility (how erratic the player's results are). docs/server.md,
// "Ratings", gives the starting values and what a rating period is here.
#pragma once

#include <vector>

namespace menagerie::server {

struct Glicko2Rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

struct Glicko2Result {
    Glicko2Rating opponent;  // before the period
    double score;            // 1 win, 0.5 draw, 0 loss
};

// The system constant: how much the volatility may change in one period.
constexpr double GLICKO2_TAU = 0.5;
// Deviations stay within these: a rating never becomes certain, nor less known than a new one's.
constexpr double GLICKO2_MIN_DEVIATION = 30, GLICKO2_MAX_DEVIATION = 350;

// The rating after one rating period with these results (none: only the deviation grows, by the
// volatility).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Result>& results,
                             double tau = GLICKO2_TAU);
// The deviation grown by `periods` periods without games, as each would (none played).
Glicko2Rating glicko2_idle(const Glicko2Rating& player, double periods);

}  // namespace menagerie::server
