// Published orthodox perft numbers (fast depths; deeper runs are in `menagerie bench`).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/movegen.h"
#include "games/games.h"
#include "notation/fen.h"
#include "reference_chess.h"
#include "test_util.h"

namespace menagerie {
namespace {

using test::setup_fen;
using test::start_fen;

// Sanitizer builds run the same tests at smaller depths.
using test::scaled;

struct PerftCase {
    const char* fen;
    std::vector<uint64_t> nodes;  // depth 1, 2, ...
};

void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.fen; }

class OrthodoxPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(OrthodoxPerft, MatchesPublishedCounts) {
    const auto game = make_game("chess");
    Position pos = parse_fen(game, GetParam().fen);
    const int depth = scaled(static_cast<int>(GetParam().nodes.size()));
    for (int d = 1; d <= depth; ++d)
        EXPECT_EQ(perft(pos, d), GetParam().nodes[d - 1]) << "depth " << d;
    EXPECT_EQ(write_fen(pos), write_fen(parse_fen(game, GetParam().fen)));  // left as it was
}

INSTANTIATE_TEST_SUITE_P(
    Chess, OrthodoxPerft,
    ::testing::Values(
        PerftCase{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  {20, 400, 8902, 197281, 4865609}},
        PerftCase{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                  {48, 2039, 97862, 4085603, 193690690}},
        PerftCase{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                  {14, 191, 2812, 43238, 674624, 11030083}},
        PerftCase{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                  {6, 264, 9467, 422333, 15833292}},
        PerftCase{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                  {6, 264, 9467, 422333, 15833292}},
        PerftCase{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                  {44, 1486, 62379, 2103487, 89941194}},
        PerftCase{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                  {46, 2079, 89890, 3894594, 164075551}},
        // Chess960 positions with Shredder-FEN castling (published Chess960 perft numbers).
        PerftCase{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                  {21, 528, 12189, 326672}},
        PerftCase{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
                  {21, 807, 18002, 667366}},
        PerftCase{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
                  {20, 479, 10471, 273318}}));

// tests/data/perft.tsv: variant, options, FEN, depth, nodes. Each count has two sources: the
// rules library, and the independent generator of tests/reference_chess.h written from the rule
// pages (in the sanitizer build, one ply less, the two compared with each other).
TEST(Perft, RegressionFile) {
    std::ifstream in(MENAGERIE_TEST_DATA "/perft.tsv");
    ASSERT_TRUE(in) << "cannot read tests/data/perft.tsv";
    int rows = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::istringstream fields(line);
        for (std::string x; std::getline(fields, x, '\t');) f.push_back(x);
        ASSERT_EQ(f.size(), 5u) << line;
        Options options;
        std::istringstream kvs(f[1]);
        for (std::string kv; kvs >> kv;)
            if (kv != "-") options[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
        Position pos = parse_fen(make_game(f[0], options), f[2]);
        const int depth = std::stoi(f[3]);
        const uint64_t nodes = std::stoull(f[4]);
        if (!test::quick()) {
            EXPECT_EQ(perft(pos, depth), nodes) << line;
            EXPECT_EQ(reference::perft(f[0], options, f[2], depth), nodes) << line;
        } else {
            EXPECT_EQ(reference::perft(f[0], options, f[2], depth - 1), perft(pos, depth - 1))
                << line;
        }
        ++rows;
    }
    EXPECT_GT(rows, 20);
}

TEST(Perft, DepthZeroIsOne) {
    const auto game = make_game("chess");
    Position pos = parse_fen(game, start_fen(game));
    EXPECT_EQ(perft(pos, 0), 1u);
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// The search's route (pseudo-legal moves and legal(), or the reference that plays every move)
// must count what the legal generator counts, here with an absent Cannon type in the game.
TEST(Perft, PseudoLegalRoutesAgree) {
    auto game = orthodox_game("chess-with-cannon", "test");
    game->men.types.push_back(make_piece("cannon"));
    game->men.types.back().token = "C";
    game->freeze();
    ASSERT_EQ(game->tables->path_capturers().size(), 1u);
    const std::pair<const char*, std::vector<uint64_t>> cases[] = {
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", {48, 2039, 97862}},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238}},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", {6, 264, 9467}},
    };
    for (const auto& [fen, counts] : cases) {
        Position pos = parse_fen(game, fen);
        for (size_t d = 1; d <= counts.size(); ++d) {
            EXPECT_EQ(perft(pos, static_cast<int>(d)), counts[d - 1]) << fen << " depth " << d;
            EXPECT_EQ(test::perft_pseudo(pos, static_cast<int>(d), false), counts[d - 1]) << fen;
            if (d <= 3) {
                EXPECT_EQ(test::perft_pseudo(pos, static_cast<int>(d), true), counts[d - 1]) << fen;
            }
        }
    }
}

}  // namespace
}  // namespace menagerie
