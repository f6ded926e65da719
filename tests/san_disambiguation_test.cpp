// SAN disambiguation by cell coordinates, on the Chess 66 board where the field named "4" lies on
// rank 4 and has no file letter: a disambiguator that is a cell's full name means that cell first,
// then a file letter or a rank number; the writer picks the shortest spelling that reads back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <set>

#include "core/error.h"
#include "core/record.h"
#include "test_util.h"

namespace menagerie {
namespace {

std::string san(Position& pos, Move m) {
    std::string s = move_to_san(pos, m);
    while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
    return s;
}

Move find(Position& pos, const std::string& uci) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (move_to_uci(pos, m) == uci) return m;
    ADD_FAILURE() << "no legal move " << uci;
    return Move();
}

std::string from_of(Position& pos, const std::string& text) {
    return pos.geometry().name(parse_move(pos, text).from());
}

// Every legal move: its SAN is unique, reads back to it, and so do its spelling with the full
// name of its cell and its spelling without 'x' (which the reader takes the long way).
void expect_round_trips(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> seen;
    const Geometry& g = pos.geometry();
    for (Move m : list) {
        const std::string text = san(pos, m);
        EXPECT_TRUE(seen.insert(text).second) << text << " written twice";
        EXPECT_EQ(parse_move(pos, text), m) << text;
        if (m.kind() != MoveKind::Normal) continue;
        const bool pawn = type_of(pos.piece_on(m.from())) == pos.game().men.pawn;
        const std::string piece = pawn ? "" : pos.game().token(type_of(pos.piece_on(m.from())));
        const std::string full = piece + g.name(m.from()) + g.name(m.to());
        EXPECT_EQ(parse_move(pos, full), m) << full;
        std::string no_x = text;
        if (const auto x = no_x.find('x'); x != std::string::npos) no_x.erase(x, 1);
        try {
            EXPECT_EQ(parse_move(pos, no_x), m) << no_x;
        } catch (const Error& e) {
            ADD_FAILURE() << e.what() << " in " << write_fen(pos) << " for " << text;
        }
    }
}

class SanDisambiguation : public ::testing::Test {
  protected:
    std::shared_ptr<const Game> game = make_game("chess66");
    // Queens on 4, b4 and d7 all reach b5: 4 up-right, b4 up-left (over the shifted seam), d7
    // down-left.
    Position three_queens = test::play(game, "7k/3Q4/8/9/Q1Q6/8/8/4K3 w - - 0 1");
};

TEST_F(SanDisambiguation, TheFieldNamedFourIsNotRankFour) {
    EXPECT_EQ(san(three_queens, find(three_queens, "4b5")), "Q4b5");
    EXPECT_EQ(san(three_queens, find(three_queens, "b4b5")), "Qbb5");
    EXPECT_EQ(san(three_queens, find(three_queens, "d7b5")), "Qdb5");
    EXPECT_EQ(from_of(three_queens, "Q4b5"), "4");
    EXPECT_EQ(from_of(three_queens, "Qbb5"), "b4");
    EXPECT_EQ(from_of(three_queens, "Qb4b5"), "b4");
    EXPECT_EQ(from_of(three_queens, "Q7b5"), "d7");
    EXPECT_THROW(parse_move(three_queens, "Qb5"), Error);
    expect_round_trips(three_queens);
}

TEST_F(SanDisambiguation, ANameThatNamesNoMoverFallsBackToTheRank) {
    // No queen on 4: "Q4b5" is the queen on rank 4.
    Position pos = test::play(game, "7k/8/8/9/2Q6/8/8/4K3 w - - 0 1");
    EXPECT_EQ(from_of(pos, "Q4b5"), "b4");
    EXPECT_EQ(san(pos, find(pos, "b4b5")), "Qb5");
    // Two queens on rank 4 (a4 and b4) and none on 4: the rank does not decide.
    Position two = test::play(game, "7k/8/8/9/1QQ6/8/8/4K3 w - - 0 1");
    EXPECT_THROW(parse_move(two, "Q4b5"), Error);
    EXPECT_EQ(from_of(two, "Qab5"), "a4");
    EXPECT_EQ(san(two, find(two, "a4b5")), "Qab5");
    EXPECT_EQ(san(two, find(two, "b4b5")), "Qbb5");
    expect_round_trips(two);
}

TEST_F(SanDisambiguation, FieldFiveHasNoFileLetter) {
    // Rooks on 5 (up) and h7 (down) both reach h6.
    Position pos = test::play(game, "k7/7R/8/8R/9/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san(pos, find(pos, "5h6")), "R5h6");
    EXPECT_EQ(san(pos, find(pos, "h7h6")), "Rhh6");
    EXPECT_EQ(from_of(pos, "R5h6"), "5");
    EXPECT_EQ(from_of(pos, "R7h6"), "h7");
    expect_round_trips(pos);
}

TEST_F(SanDisambiguation, TextThatSplitsTwoWaysReadsTheLongerDestination) {
    // "Qb4" is the queen to b4 or a queen of the b-file to 4: the longer destination wins.
    Position one = test::play(game, "7k/8/8/1Q7/9/8/8/4K3 w - - 0 1");
    EXPECT_EQ(move_to_uci(one, parse_move(one, "Qb4")), "b5b4");
    EXPECT_EQ(move_to_uci(one, parse_move(one, "Q4")), "b54");
    EXPECT_EQ(move_to_uci(one, parse_move(one, "Qa4")), "b5a4");
    expect_round_trips(one);
    // Queens on b5 and a3 both reach 4, a4 and b4: the writer avoids the spellings that would
    // read as another move.
    Position two = test::play(game, "7k/8/8/1Q7/9/Q7/8/4K3 w - - 0 1");
    EXPECT_EQ(san(two, find(two, "b54")), "Q54");
    EXPECT_EQ(san(two, find(two, "a34")), "Q34");
    EXPECT_EQ(san(two, find(two, "b5a4")), "Qba4");
    EXPECT_EQ(san(two, find(two, "a3a4")), "Qaa4");
    EXPECT_EQ(san(two, find(two, "b5b4")), "Qbb4");
    EXPECT_THROW(parse_move(two, "Qb4"), Error);
    expect_round_trips(two);
}

TEST_F(SanDisambiguation, EveryMoveRoundTripsInRandomGames) {
    std::mt19937 rng(66);
    int positions = 0;
    for (int g = 0; g < (test::quick() ? 2 : 8); ++g) {
        GameRecord record(parse_fen(game, "rnbkqbnr/pppppppp/8/9/9/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
        for (int ply = 0; ply < 60; ++ply) {
            Position& pos = record.position();
            expect_round_trips(pos);
            ++positions;
            MoveList list;
            generate_legal(pos, list);
            if (!list.size()) break;
            record.play(*(list.begin() + rng() % static_cast<unsigned>(list.size())));
        }
    }
    EXPECT_GT(positions, test::quick() ? 80 : 300);
}

TEST(SanDisambiguationOrthodox, UnchangedOnEightByEight) {
    auto game = make_game("chess");
    // Knights on b1 and f1 (file), rooks on a1 and a5 (rank), queens on d1, h1 and h5 (full).
    Position pos = test::play(game, "6K1/2k5/8/R6Q/8/8/8/RN1Q1N1Q w - - 0 1");
    EXPECT_EQ(san(pos, find(pos, "b1d2")), "Nbd2");
    EXPECT_EQ(san(pos, find(pos, "a1a3")), "R1a3");
    EXPECT_EQ(san(pos, find(pos, "h1f3")), "Qh1f3");
    EXPECT_EQ(san(pos, find(pos, "h5f3")), "Q5f3");
    EXPECT_EQ(san(pos, find(pos, "d1f3")), "Qdf3");
    expect_round_trips(pos);
}

}  // namespace
}  // namespace menagerie
