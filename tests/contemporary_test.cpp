// Contemporary Random Chess: every castling, Bunker Leap and Bishop Adjustment condition on the
// page has a case here that fails if the condition is not enforced.
#include <gtest/gtest.h>

#include "test_util.h"

namespace menagerie {
namespace {

using test::setup_fen;
using test::start_fen;

using test::play;
using test::sans;

const auto& crc() {
    static const auto game = make_game("contemporary");
    return game;
}

struct Case {
    const char* name;
    const char* fen;
    const char* moves;
    std::vector<std::string> present, absent;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class Conditions : public ::testing::TestWithParam<Case> {};

TEST_P(Conditions, Hold) {
    const Case& c = GetParam();
    Position pos = play(crc(), c.fen, c.moves);
    MoveList list;
    generate_legal(pos, list);
    const auto legal = sans(pos);
    // A move that two rules allow is listed once (rulings): no two entries give the same text.
    EXPECT_EQ(legal.size(), static_cast<size_t>(list.size()));
    for (const auto& m : c.present) EXPECT_TRUE(legal.count(m)) << m << " should be legal";
    for (const auto& m : c.absent) EXPECT_FALSE(legal.count(m)) << m << " should be illegal";
}

const char* BASE = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 K -";

INSTANTIATE_TEST_SUITE_P(
    Contemporary, Conditions,
    ::testing::Values(
        Case{"BothCastlingsAndLeaps", BASE, "", {"O-Og", "O-Ob", "Ke>>g1", "Ke>>b1"}, {}},
        // Castling: un-attacked squares from the king's start to its destination.
        Case{"CastlingKingPathAttacked",
             "5r2/4k3/8/8/8/8/8/R3K2R w KQ - 0 1 K -",
             "",
             {"O-Ob"},
             {"O-Og", "Ke>>g1"}},
        Case{"CastlingKingDestinationAttacked",
             "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 K -",
             "",
             {"O-Og"},
             {"O-Ob", "Ke>>b1"}},
        Case{
            "CastlingRookMayBeAttacked", "4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1 K -", "", {"O-Og"}, {}},
        // Vacant, no capture, no jumping over other men.
        Case{"CastlingKingPathOccupied",
             "4k3/8/8/8/8/8/8/R3KN1R w KQ - 0 1 K -",
             "",
             {"Ke>>g1"},
             {"O-Og"}},
        Case{"CastlingNeverCaptures",
             "4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1 K -",
             "",
             {"O-Ob"},
             {"O-Og", "Ke>>g1"}},
        Case{"CastlingJumpsNoOtherMan",
             "4k3/8/8/8/8/8/8/R1B1K2R w KQ - 0 1 K -",
             "",
             {"O-Og", "Ke>>b1"},
             {"O-Ob"}},
        Case{"RookPathMustBeVacant", "4k3/8/8/8/8/8/8/RKN4R w KQ - 0 1 K -", "", {}, {"O-Ob"}},
        Case{"RookOnlyCastling", "4k3/8/8/8/8/8/8/RK5R w KQ - 0 1 K -", "", {"O-Ob"}, {}},
        Case{"NotOutOfCheck",
             "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1 K -",
             "",
             {},
             {"O-Og", "O-Ob", "Ke>>g1", "Ke>>b1"}},
        Case{"NoJumpOverRookOnCheckedSquare",
             "2r1k3/8/8/8/8/8/8/2R1K2R w KC - 0 1 K -",
             "",
             {"O-Og"},
             {"O-Ob"}},
        // Unmoved king and rook; at most once.
        Case{"KingMovedNoCastlingNoLeap",
             BASE,
             "e1e2 e8e7 e2e1 e7e8",
             {},
             {"O-Og", "O-Ob", "Ke>>g1", "Ke>>b1"}},
        Case{"RookMovedNoCastlingThatSide",
             BASE,
             "h1h2 e8e7 h2h1 e7e8",
             {"O-Ob", "Ke>>g1"},
             {"O-Og"}},
        Case{"BothRooksMovedLeapStays",
             BASE,
             "h1h2 e8e7 h2h1 e7e8 a1a2 e8e7 a2a1 e7e8",
             {"Ke>>g1", "Ke>>b1"},
             {"O-Og", "O-Ob"}},
        Case{"CastleOnce", BASE, "O-Og e8e7", {}, {"O-Ob", "Ke>>b1"}},
        // Bunker Leap.
        Case{"LeapOverFriends", "4k3/8/8/8/8/8/8/R1NNK2R w - - 0 1 K -", "", {"Ke>>b1"}, {}},
        Case{"LeapNotOverEnemies",
             "4k3/8/8/8/8/8/8/R1b1K2R w KQ - 0 1 K -",
             "",
             {"Ke>>g1"},
             {"Ke>>b1", "O-Ob"}},
        Case{"LeapDestinationVacant",
             "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1 K -",
             "",
             {"Ke>>b1"},
             {"Ke>>g1"}},
        Case{"LeapOnce",
             BASE,
             "Ke>>g1 e8e7 g1f1 e7e8 f1e1 e8e7",
             {},
             {"Ke>>g1", "Ke>>b1", "O-Og", "O-Ob"}},
        Case{"NoLeapAfterCastling", BASE, "O-Ob e8e7", {}, {"Ke>>g1"}},
        Case{"LeapOntoNeighbourIsAStep",
             "4k3/8/8/8/8/8/8/R1K4R w KQ - 0 1 K -",
             "",
             {"Kb1", "Kc>>g1"},
             {"Kc>>b1"}},
        Case{"LeapLikeCastlingIsCastling",
             "4k3/8/8/8/8/8/8/2R1K2R w KC - 0 1 K -",
             "",
             {"O-Ob"},
             {"Ke>>b1"}},
        Case{"LeapWhenRookHasNoRight",
             "4k3/8/8/8/8/8/8/2R1K2R w K - 0 1 K -",
             "",
             {"Ke>>b1"},
             {"O-Ob"}},
        // Bishop Adjustment (setup RNBQBKRN has both bishops on dark squares).
        Case{"AdjustWithEitherNeighbour",
             "nrbqbnkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKRN w - - 0 1 Kk ABCDEFGHabcdefgh",
             "",
             {"Bc<=>N", "Bc<=>Q", "Be<=>Q", "Be<=>K"},
             {}},
        Case{"AdjustOnce",
             "nrbqbnkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKRN w - - 0 1 Kk ABCDEFGHabcdefgh",
             "Bc<=>N e7e6",
             {},
             {"Be<=>Q", "Be<=>K", "Bb<=>Q"}},
        Case{"AdjustOnlyWithUnmovedMen",
             "nrbqbnkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKRN w - - 0 1 Kk ABCDEFGHabcdefgh",
             "b1c3 e7e6 c3b1 e6e5",
             {"Bc<=>Q"},
             {"Bc<=>N"}},
        Case{"AdjustOnlyWithUnmovedBishop",
             "4k3/8/8/8/8/8/8/RNBQBKRN w - - 0 1 K ABCDEFGH",
             "c1d2 e8e7 d2c1 e7e8",
             {"Be<=>Q", "Be<=>K"},
             {"Bc<=>N", "Bc<=>Q"}},
        Case{"NoAdjustmentWithBishopsOnBothColours",
             "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kk -",
             "",
             {"e4"},
             {"Bc<=>N", "Bc<=>Q", "Bf<=>K", "Bf<=>N"}},
        Case{"AdjustNeverInCheck",
             "4k3/8/8/8/8/8/5r2/RNBQBKRN w - - 0 1 K ABCDEFGH",
             "",
             {},
             {"Bc<=>N", "Be<=>K"}},
        Case{"CornerBishopHasOneNeighbour",
             "nbqnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BRKRNQBN w - - 0 1 Kk ABCDEFGHabcdefgh",
             "",
             {"Ba<=>R", "Bg<=>Q", "Bg<=>N"},
             {}},
        Case{"AdjustWithKingEndsCastlingAndLeap",
             "4k3/8/8/8/8/8/8/R1BK3R w KQ - 0 1 K ACDH",
             "Bc<=>K e8e7",
             {},
             {"O-Og", "O-Ob", "Kc>>g1"}},
        Case{"AdjustWithRookEndsItsCastling",
             "4k3/8/8/8/8/8/8/RB2K2R w KQ - 0 1 K ABEH",
             "Bb<=>R e8e7",
             {"O-Og"},
             {"O-Ob"}}),
    [](const auto& test_info) { return std::string(test_info.param.name); });

TEST(Contemporary, HasAllSetupsWithBlackTurned) {
    EXPECT_EQ(crc()->start.setups.size(), 1680u);
    const auto& s = crc()->find_setup("RBNBKQNR");
    const std::string fen = setup_fen(crc(), s.number);
    EXPECT_EQ(fen.substr(0, 8), "rnqkbnbr");
    EXPECT_EQ(&crc()->find_setup(std::to_string(s.number)), &s);
    // Adjustment rights exactly where both bishops share a colour.
    EXPECT_EQ(fen.substr(fen.size() - 16), "ABCDEFGHabcdefgh");
    EXPECT_EQ(setup_fen(crc(), std::string("RNBQKBNR")),
              "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kk -");
    int adjustable = 0;
    for (const auto& setup : crc()->start.setups)
        adjustable += setup_fen(crc(), setup.number).find("ABCDEFGH") != std::string::npos;
    EXPECT_EQ(adjustable,
              720);  // counted independently: arrangements with both bishops on one colour
}

TEST(Contemporary, CastlingMovesEndWhereThePageSays) {
    auto after = [](const char* fen, const char* move) {
        return write_fen(play(crc(), fen, move));
    };
    EXPECT_EQ(after(BASE, "O-Og").substr(0, 24), "4k3/8/8/8/8/8/8/R4RK1 b ");
    EXPECT_EQ(after(BASE, "O-Ob").substr(0, 24), "4k3/8/8/8/8/8/8/1KR4R b ");
    // Transposition castling: king and rook change places.
    EXPECT_EQ(after("4k3/8/8/8/8/8/8/1RK4R w KB - 0 1 K -", "O-Ob").substr(0, 24),
              "4k3/8/8/8/8/8/8/1KR4R b ");
    // King-move-only and rook-move-only castling.
    EXPECT_EQ(after("4k3/8/8/8/8/8/8/2R1K2R w KC - 0 1 K -", "O-Ob").substr(0, 24),
              "4k3/8/8/8/8/8/8/1KR4R b ");
    EXPECT_EQ(after("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1 K -", "O-Og").substr(0, 24),
              "4k3/8/8/8/8/8/8/R4RK1 b ");
    // Castling may come as early as the first move.
    EXPECT_TRUE(sans(play(crc(), setup_fen(crc(), std::string("RNBQBKRN")))).count("O-Og"));
}

TEST(Contemporary, RightsAppearInTheFen) {
    const std::string start = setup_fen(crc(), std::string("RNBQBKRN"));
    EXPECT_EQ(start,
              "nrkbqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKRN w GQkb - 0 1 Kk ABCDEFGHabcdefgh");
    EXPECT_EQ(write_fen(play(crc(), start, "Be<=>K")),
              "nrkbqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBRN b kb - 1 1 k abcdefgh");
    EXPECT_EQ(write_fen(play(crc(), BASE, "Ke>>b1")), "4k3/8/8/8/8/8/8/RK5R b - - 1 1 - -");
}

}  // namespace
}  // namespace menagerie
