// Black Swan's outcome probabilities (games/blackswan_outcomes.h): they sum to 1 for any unseen
// tiles, and they match the frequencies of the real draw functions over many seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>

#include "games/blackswan_draws.h"
#include "games/blackswan_outcomes.h"
#include "test_util.h"

namespace menagerie::blackswan {
namespace {

using test::quick;

using Unseen = std::array<uint8_t, TILE_KINDS_MAX>;

Seed seed_of(uint64_t n) { return *seed_from_text(std::to_string(n)); }

// Chi-square statistic of observed counts against expected probabilities (over `total` draws).
double chi_square(const std::map<int, int>& observed,
                  const std::vector<OutcomeProbability>& expected, int total) {
    double chi = 0;
    for (const OutcomeProbability& e : expected) {
        const auto it = observed.find(e.outcome);
        const double o = it == observed.end() ? 0 : it->second, x = e.probability * total;
        chi += (o - x) * (o - x) / x;
    }
    return chi;
}

// A generous bound for a chi-square with `df` degrees of freedom: the mean plus six standard
// deviations (a false failure is far rarer than one run in a million).
double bound(size_t df) {
    const double d = static_cast<double>(df);
    return d + 6 * std::sqrt(2.0 * d);
}

int outcome_of(MoveKind kind, int tile, bool event, const std::vector<Kind>& pieces) {
    Draw d;
    d.tile = tile;
    d.event = event;
    for (Kind k : pieces) d.types[static_cast<size_t>(d.count++)] = static_cast<int>(k);
    return encode_outcome(kind, d);
}

TEST(OutcomeProbabilities, SumToOneAndListThePossibleOutcomes) {
    const Unseen states[] = {
        {8, 2, 2, 2, 2, 1, 1, 1, 1}, {0, 0, 0, 0, 1},
        {3, 0, 1, 0, 0, 0, 2, 0, 0}, {0, 0, 0, 0, 0, 1, 0, 0, 1},
        {1, 1, 1, 1, 1, 1, 1, 1, 1}, {20, 0, 0, 0, 0, 0, 0, 5, 0},
    };
    for (const Unseen& unseen : states)
        for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion}) {
            const auto probabilities = outcome_probabilities(kind, unseen);
            const auto possible = possible_outcomes(kind, unseen);
            ASSERT_EQ(probabilities.size(), possible.size());
            double sum = 0;
            for (size_t i = 0; i < possible.size(); ++i) {
                EXPECT_EQ(probabilities[i].outcome, possible[i]);
                EXPECT_GT(probabilities[i].probability, 0);
                sum += probabilities[i].probability;
            }
            EXPECT_NEAR(sum, 1.0, 1e-9);
        }
    EXPECT_TRUE(outcome_probabilities(MoveKind::Normal, Unseen{}).empty());
    // Exact values: the default tiles (20) give a pawn 8/20, and the event "2 with pawns" two
    // pawns 1/20 * 1/2 * 1/2; a promotion to one queen 3/5 * 1/4.
    const auto reveal = outcome_probabilities(MoveKind::Normal, {8, 2, 2, 2, 2, 1, 1, 1, 1});
    EXPECT_NEAR(reveal[0].probability, 0.4, 1e-12);
    const int pp = outcome_of(MoveKind::Normal, 5, true, {Kind::Pawn, Kind::Pawn});
    for (const auto& o : reveal)
        if (o.outcome == pp) {
            EXPECT_NEAR(o.probability, 0.0125, 1e-12);
        }
    const int q = outcome_of(MoveKind::Promotion, -1, false, {Kind::Queen});
    for (const auto& o : outcome_probabilities(MoveKind::Promotion, {}))
        if (o.outcome == q) {
            EXPECT_NEAR(o.probability, 0.15, 1e-12);
        }
}

// The tile a swan turns out to be is a uniform unseen tile: the first tile of a shuffled
// arrangement of a composition has each kind in proportion to its count.
TEST(OutcomeProbabilities, TileKindsMatchTheArrangementDraw) {
    const int n = quick() ? 2000 : 20000;
    const Composition composition = {8, 2, 2, 2, 2, 1, 1, 1, 1};
    std::array<int, TILE_KINDS> seen{};
    for (int i = 0; i < n; ++i)
        ++seen[static_cast<size_t>(
            draw_arrangement(seed_of(static_cast<uint64_t>(i)), (i & 1) != 0, composition)[0])];
    Unseen unseen{};
    for (int k = 0; k < TILE_KINDS; ++k)
        unseen[static_cast<size_t>(k)] = static_cast<uint8_t>(composition[k]);
    std::array<double, TILE_KINDS> p{};
    for (const auto& o : outcome_probabilities(MoveKind::Normal, unseen))
        p[static_cast<size_t>(decode_outcome(MoveKind::Normal, o.outcome).tile)] += o.probability;
    double chi = 0;
    for (int k = 0; k < TILE_KINDS; ++k) {
        const double x = p[static_cast<size_t>(k)] * n;
        chi += (seen[static_cast<size_t>(k)] - x) * (seen[static_cast<size_t>(k)] - x) / x;
    }
    EXPECT_LT(chi, bound(TILE_KINDS - 1));
}

// An event's pieces, for each event tile, and a promotion's: the draw functions' frequencies
// over many seeds against the probabilities.
TEST(OutcomeProbabilities, EventsAndPromotionsMatchTheDraws) {
    const int n = quick() ? 3000 : 30000;
    for (int tile = 5; tile < TILE_KINDS; ++tile) {
        Unseen unseen{};
        unseen[static_cast<size_t>(tile)] = 1;
        std::map<int, int> observed;
        for (int i = 0; i < n; ++i) {
            const auto pieces =
                draw_event(seed_of(static_cast<uint64_t>(i)), 1 + i % 7, static_cast<Tile>(tile));
            ++observed[outcome_of(MoveKind::Normal, tile, true, pieces)];
        }
        const auto expected = outcome_probabilities(MoveKind::Normal, unseen);
        EXPECT_EQ(observed.count(0), 0u);
        EXPECT_LT(chi_square(observed, expected, n), bound(expected.size() - 1)) << tile;
    }
    std::map<int, int> observed;
    for (int i = 0; i < n; ++i)
        ++observed[outcome_of(MoveKind::Promotion, -1, false,
                              draw_promotion(seed_of(static_cast<uint64_t>(i)), 1 + i % 5))];
    const auto expected = outcome_probabilities(MoveKind::Promotion, {});
    EXPECT_EQ(observed.count(0), 0u);
    EXPECT_LT(chi_square(observed, expected, n), bound(expected.size() - 1));
}

}  // namespace
}  // namespace menagerie::blackswan
