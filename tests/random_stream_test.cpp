// Reproducible randomness (core/random_stream.h) and Black Swan's draws from it.
#include "core/random_stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "games/blackswan_draws.h"

namespace menagerie {
namespace {

std::string hmac_hex(const std::string& key, const std::string& data) {
    return to_hex(hmac_sha256(reinterpret_cast<const uint8_t*>(key.data()), key.size(),
                              reinterpret_cast<const uint8_t*>(data.data()), data.size()));
}

// A fixed seed per test index, so the statistics are the same on every run.
Seed test_seed(int i) {
    const std::string text = "menagerie test seed " + std::to_string(i);
    return sha256(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

// Pearson's statistic of observed counts against expected probabilities.
double chi_square(const std::vector<int>& observed, const std::vector<double>& probability) {
    int total = 0;
    for (int o : observed) total += o;
    double chi = 0;
    for (size_t i = 0; i < observed.size(); ++i) {
        const double expected = total * probability[i];
        chi += (observed[i] - expected) * (observed[i] - expected) / expected;
    }
    return chi;
}

// Critical values of the chi-square distribution at p = 0.001, by degrees of freedom.
double critical(int dof) {
    static const std::map<int, double> table = {{1, 10.83}, {2, 13.82}, {3, 16.27}, {4, 18.47},
                                                {5, 20.52}, {6, 22.46}, {7, 24.32}, {8, 26.12}};
    return table.at(dof);
}

TEST(RandomStream, HmacSha256KnownAnswersOfRfc4231) {
    // Test case 1: 20 bytes 0x0b, "Hi There".
    EXPECT_EQ(hmac_hex(std::string(20, '\x0b'), "Hi There"),
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    // Test case 2: "Jefe".
    EXPECT_EQ(hmac_hex("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    // Test case 3: 20 bytes 0xaa, 50 bytes 0xdd.
    EXPECT_EQ(hmac_hex(std::string(20, '\xaa'), std::string(50, '\xdd')),
              "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    // Test case 6: a key longer than the block.
    EXPECT_EQ(hmac_hex(std::string(131, '\xaa'),
                       "Test Using Larger Than Block-Size Key - Hash Key First"),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(RandomStream, Sha256AndCommitment) {
    const std::string abc = "abc";
    EXPECT_EQ(to_hex(sha256(reinterpret_cast<const uint8_t*>(abc.data()), abc.size())),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const Seed seed = test_seed(1);
    EXPECT_EQ(commitment(seed), sha256(seed.data(), seed.size()));
}

TEST(RandomStream, SeedHexRoundTrip) {
    const Seed seed = test_seed(2);
    const std::string hex = to_hex(seed);
    EXPECT_EQ(hex.size(), 64u);
    EXPECT_EQ(seed_from_hex(hex), seed);
    std::string upper = hex;
    std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
    EXPECT_EQ(seed_from_hex(upper), seed);
    EXPECT_FALSE(seed_from_hex(hex.substr(1)));
    EXPECT_FALSE(seed_from_hex(hex.substr(1) + "g"));
    EXPECT_NE(random_seed(), random_seed());
}

TEST(RandomStream, BlocksAreHmacOfLabelAndBlockNumber) {
    const Seed seed = test_seed(3);
    RandomStream stream(seed, "event/1");
    std::vector<uint8_t> bytes;
    for (int i = 0; i < 8; ++i) {  // two blocks
        const uint64_t w = stream.next_word();
        for (int shift = 56; shift >= 0; shift -= 8) bytes.push_back((w >> shift) & 0xFF);
    }
    EXPECT_EQ(stream.blocks_used(), 2u);
    for (uint8_t block = 0; block < 2; ++block) {
        const std::string message =
            std::string("event/1") + '\0' + std::string(3, '\0') + static_cast<char>(block);
        const Digest d =
            hmac_sha256(seed.data(), seed.size(), reinterpret_cast<const uint8_t*>(message.data()),
                        message.size());
        EXPECT_TRUE(std::equal(d.begin(), d.end(), bytes.begin() + 32 * block)) << int(block);
    }
    EXPECT_THROW(RandomStream(seed, std::string("a\0b", 3)), std::invalid_argument);
}

TEST(RandomStream, SameSeedAndLabelSameDraws) {
    RandomStream a(test_seed(4), "setup/white"), b(test_seed(4), "setup/white"),
        other_label(test_seed(4), "setup/black"), other_seed(test_seed(5), "setup/white");
    std::vector<uint64_t> wa, wb, wl, ws;
    for (int i = 0; i < 20; ++i) {
        wa.push_back(a.below(1000003));
        wb.push_back(b.below(1000003));
        wl.push_back(other_label.below(1000003));
        ws.push_back(other_seed.below(1000003));
    }
    EXPECT_EQ(wa, wb);
    EXPECT_NE(wa, wl);
    EXPECT_NE(wa, ws);
}

TEST(RandomStream, RejectionSamplingHasNoModuloBias) {
    // 2^64 = 3 * 6148914691236517205 + 1: only the top word is rejected for n = 3.
    EXPECT_EQ(accept_below(UINT64_MAX, 3), std::nullopt);
    EXPECT_EQ(accept_below(UINT64_MAX - 1, 3), (UINT64_MAX - 1) % 3);
    EXPECT_EQ(accept_below(0, 3), 0u);
    // A power of two divides 2^64: nothing is rejected.
    EXPECT_EQ(accept_below(UINT64_MAX, 16), 15u);
    EXPECT_EQ(accept_below(UINT64_MAX, 1), 0u);
    // n just above 2^63: every word from n on is rejected, the rest kept as they are.
    const uint64_t big = (uint64_t{1} << 63) + 5;
    EXPECT_EQ(accept_below(big - 1, big), big - 1);
    EXPECT_EQ(accept_below(big, big), std::nullopt);
    EXPECT_EQ(accept_below(UINT64_MAX, big), std::nullopt);
    // And a stream asked for numbers below n = big gives them all below n, about half rejected.
    RandomStream stream(test_seed(6), "big");
    for (int i = 0; i < 200; ++i) EXPECT_LT(stream.below(big), big);
    EXPECT_THROW(stream.below(0), std::invalid_argument);
}

TEST(RandomStream, UniformBelowSeven) {
    RandomStream stream(test_seed(7), "uniform");
    std::vector<int> counts(7);
    for (int i = 0; i < 70000; ++i) ++counts[stream.below(7)];
    EXPECT_LT(chi_square(counts, std::vector<double>(7, 1.0 / 7)), critical(6));
}

TEST(RandomStream, ShuffleIsUniformOverPermutations) {
    // All 6 orders of three items.
    std::map<std::vector<int>, int> seen;
    RandomStream stream(test_seed(8), "shuffle");
    for (int i = 0; i < 30000; ++i) {
        std::vector<int> items = {0, 1, 2};
        stream.shuffle(items);
        ++seen[items];
    }
    ASSERT_EQ(seen.size(), 6u);
    std::vector<int> counts;
    for (const auto& [order, n] : seen) counts.push_back(n);
    EXPECT_LT(chi_square(counts, std::vector<double>(6, 1.0 / 6)), critical(5));
}

namespace bs = blackswan;

TEST(BlackSwanDraws, CompositionChecks) {
    EXPECT_EQ(bs::composition_error(bs::default_composition), "");
    bs::Composition few = {8, 2, 2, 2, 0, 0, 0, 0, 0};  // 14 tiles
    EXPECT_NE(bs::composition_error(few), "");
    bs::Composition negative = bs::default_composition;
    negative[0] = -1;
    EXPECT_NE(bs::composition_error(negative), "");
}

TEST(BlackSwanDraws, CompositionText) {
    EXPECT_EQ(bs::composition_text(bs::default_composition), "8/2/2/2/2/1/1/1/1");
    EXPECT_EQ(bs::parse_composition("8/2/2/2/2/1/1/1/1"), bs::default_composition);
    const bs::Composition more_swans = {6, 2, 2, 2, 2, 2, 2, 1, 1};
    EXPECT_EQ(bs::parse_composition("6/2/2/2/2/2/2/1/1"), more_swans);
    for (const char* bad :
         {"", "8/2/2/2/2/1/1/1", "8/2/2/2/2/1/1/1/1/1", "8/2/2/x/2/1/1/1/1", "8/2/2/2/2/1/1/1/1 ",
          "1/1/1/1/1/1/1/1/1", "8-2/2/2/2/1/1/1/1", "9999/2/2/2/2/1/1/1/1"}) {
        try {
            bs::parse_composition(bad);
            ADD_FAILURE() << "accepted " << bad;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::Option) << bad;
            EXPECT_EQ(e.field(), "composition") << bad;
            EXPECT_NE(std::string(e.what()).find("bad tile composition"), std::string::npos);
        }
    }
}

TEST(BlackSwanDraws, ArrangementIsAPermutationOfTheTiles) {
    for (int i = 0; i < 20; ++i)
        for (bool black : {false, true}) {
            const auto tiles = bs::draw_arrangement(test_seed(i), black);
            ASSERT_EQ(tiles.size(), 20u);
            bs::Composition count{};
            for (bs::Tile t : tiles) ++count[static_cast<int>(t)];
            EXPECT_EQ(count, bs::default_composition);
            EXPECT_EQ(tiles, bs::draw_arrangement(test_seed(i), black));  // reproducible
        }
    EXPECT_NE(bs::draw_arrangement(test_seed(0), false), bs::draw_arrangement(test_seed(0), true));
}

TEST(BlackSwanDraws, SetupCompositionFollowsTheTiles) {
    // On any one square (a1, and the first unseen tile), kind k appears with probability
    // count_k / 20; pooled over the 9 kinds with the four events merged into one class.
    const std::vector<double> p = {8 / 20.0, 2 / 20.0, 2 / 20.0, 2 / 20.0, 2 / 20.0, 4 / 20.0};
    auto cls = [](bs::Tile t) { return std::min(static_cast<int>(t), 5); };
    std::vector<int> a1(6), unseen(6), events(4);
    for (int i = 0; i < 4000; ++i) {
        const auto tiles = bs::draw_arrangement(test_seed(i), i % 2 == 1);
        ++a1[cls(tiles[0])];
        ++unseen[cls(tiles[bs::ON_BOARD])];
        for (bs::Tile t : tiles)
            if (bs::event_size(t)) ++events[static_cast<int>(t) - 5];
    }
    EXPECT_LT(chi_square(a1, p), critical(5));
    EXPECT_LT(chi_square(unseen, p), critical(5));
    EXPECT_EQ(events, std::vector<int>(4, 4000));
}

TEST(BlackSwanDraws, EventPiecesFollowTheRuling) {
    std::vector<int> with(5), without(5);
    for (int n = 1; n <= 6000; ++n) {
        const bs::Tile tile = static_cast<bs::Tile>(5 + n % 4);
        const auto pieces = bs::draw_event(test_seed(9), n, tile);
        // The ruling's sizes, written out rather than read back from event_size().
        const bool three = tile == bs::Tile::Event3With || tile == bs::Tile::Event3Without;
        EXPECT_EQ(pieces.size(), three ? 3u : 2u);
        const bool pawns = tile == bs::Tile::Event2With || tile == bs::Tile::Event3With;
        for (bs::Kind k : pieces) ++(pawns ? with : without)[static_cast<int>(k)];
    }
    EXPECT_LT(chi_square(with, {0.5, 0.125, 0.125, 0.125, 0.125}), critical(4));
    EXPECT_EQ(without[0], 0);  // no pawn from an event without pawns
    EXPECT_LT(chi_square({without.begin() + 1, without.end()}, std::vector<double>(4, 0.25)),
              critical(3));
    EXPECT_EQ(bs::draw_event(test_seed(9), 3, bs::Tile::Event3With),
              bs::draw_event(test_seed(9), 3, bs::Tile::Event3With));
}

TEST(BlackSwanDraws, PromotionFollowsTheRuling) {
    std::vector<int> sizes(3), kinds(4);
    for (int n = 1; n <= 10000; ++n) {
        const auto pieces = bs::draw_promotion(test_seed(10), n);
        ASSERT_GE(pieces.size(), 1u);
        ASSERT_LE(pieces.size(), 3u);
        ++sizes[pieces.size() - 1];
        for (bs::Kind k : pieces) {
            ASSERT_NE(k, bs::Kind::Pawn);
            ++kinds[static_cast<int>(k) - 1];
        }
    }
    EXPECT_LT(chi_square(sizes, {0.6, 0.2, 0.2}), critical(2));
    EXPECT_LT(chi_square(kinds, std::vector<double>(4, 0.25)), critical(3));
}

Bitboard cells(const Geometry& g, std::initializer_list<const char*> names) {
    Bitboard b = 0;
    for (const char* n : names) b |= square_bb(g.find(n));
    return b;
}

TEST(BlackSwanDraws, StartingSquaresAndZones) {
    const Geometry g = Geometry::rectangle(8, 8);
    std::vector<std::string> white, black;
    for (Square s : bs::starting_squares(g, false)) white.push_back(g.name(s));
    for (Square s : bs::starting_squares(g, true)) black.push_back(g.name(s));
    EXPECT_EQ(white, (std::vector<std::string>{"a1", "b1", "c1", "d1", "f1", "g1", "h1", "a2", "b2",
                                               "c2", "d2", "e2", "f2", "g2", "h2"}));
    EXPECT_EQ(black, (std::vector<std::string>{"a8", "b8", "c8", "d8", "f8", "g8", "h8", "a7", "b7",
                                               "c7", "d7", "e7", "f7", "g7", "h7"}));
    EXPECT_EQ(popcount(bs::event_zone(g, false)), 16);
    EXPECT_TRUE(has(bs::event_zone(g, false), g.find("a3")));
    EXPECT_TRUE(has(bs::event_zone(g, false), g.find("h4")));
    EXPECT_TRUE(has(bs::event_zone(g, true), g.find("a6")));
    EXPECT_TRUE(has(bs::event_zone(g, true), g.find("h5")));
    EXPECT_FALSE(has(bs::event_zone(g, true), g.find("a4")));
}

TEST(BlackSwanDraws, NearestCellsInKingSteps) {
    const Geometry g = Geometry::rectangle(8, 8);
    const Bitboard zone = bs::event_zone(g, false);
    // From d3 with all of ranks 3-4 empty: the five neighbours on ranks 3-4.
    EXPECT_EQ(bs::nearest_cells(g, g.find("d3"), zone & ~square_bb(g.find("d3"))),
              cells(g, {"c3", "e3", "c4", "d4", "e4"}));
    // With those taken, the next ring: two king steps away.
    EXPECT_EQ(bs::nearest_cells(g, g.find("d3"), cells(g, {"b3", "f4", "h3", "a4"})),
              cells(g, {"b3", "f4"}));
    // From a corner of the zone.
    EXPECT_EQ(bs::nearest_cells(g, g.find("a4"), cells(g, {"h3", "g4"})), cells(g, {"g4"}));
    // No room: nothing, and the piece is lost.
    EXPECT_EQ(bs::nearest_cells(g, g.find("d3"), 0), Bitboard(0));
}

}  // namespace
}  // namespace menagerie
