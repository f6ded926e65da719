// Game ends (rulings: All games): checkmate, stalemate, and the draws claimed automatically.
#include "core/outcome.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace menagerie {
namespace {

Outcome after(const std::string& variant, const std::string& fen, const std::string& moves = "") {
    const auto game = make_game(variant);
    GameRecord record(parse_fen(game, fen));
    for (const std::string& text : split_moves(moves))
        record.play(parse_move(record.position(), text));
    return outcome(record.position());
}

const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(Outcome, CheckmateWinsStalemateDraws) {
    EXPECT_EQ(after("chess", START, "f3 e5 g4 Qh4").result, Result::BlackWins);
    EXPECT_EQ(after("chess", START, "f3 e5 g4 Qh4").reason, "checkmate");
    EXPECT_EQ(after("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").reason, "stalemate");
    EXPECT_EQ(after("chess", START, "e4").result, Result::Ongoing);
}

TEST(Outcome, FiftyMovesWithoutCaptureOrPawnMove) {
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80").result, Result::Ongoing);
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", "Ra2").reason,
              "fifty-move rule");
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", "e3").result, Result::Ongoing);
    // Mate on the hundredth ply is still mate.
    EXPECT_EQ(after("chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra8").reason, "checkmate");
    // Black Swan: a reveal also starts the count again.
    const char* swan = "4k3/8/8/8/8/8/N'7/R3K3 w - - 99 80 - 0 -";
    EXPECT_EQ(after("blackswan", swan, "Rb1").reason, "fifty-move rule");
    EXPECT_EQ(after("blackswan", swan, "a2a3").result, Result::Ongoing);
}

TEST(Outcome, ThreefoldRepetition) {
    EXPECT_EQ(after("chess", START, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").result, Result::Ongoing);
    EXPECT_EQ(after("chess", START, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8").reason,
              "threefold repetition");
    // A lost castling right makes the position a different one.
    EXPECT_EQ(after("chess", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "Rh2 Ke7 Rh1 Ke8 Rh2 Ke7 Rh1 Ke8")
                  .result,
              Result::Ongoing);
    EXPECT_EQ(after("chess", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
                    "Rh2 Ke7 Rh1 Ke8 Rh2 Ke7 Rh1 Ke8 Rh2 Ke7 Rh1 Ke8")
                  .reason,
              "threefold repetition");
}

TEST(Outcome, DeadPositions) {
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").reason, "insufficient material");
    EXPECT_EQ(after("contemporary", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1 - -").reason,
              "insufficient material");
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/8/3BK3 w - - 0 1").reason, "insufficient material");
    EXPECT_EQ(after("chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").reason,
              "insufficient material");  // both dark
    EXPECT_EQ(after("chess", "3kb3/8/8/8/8/8/8/2B1K3 w - - 0 1").result,
              Result::Ongoing);  // opposite colours
    EXPECT_EQ(after("chess", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1").result, Result::Ongoing);
    EXPECT_EQ(after("placement", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").result, Result::Ongoing);
    // Bare kings are dead in every game, on the Chess 2016 board and in Black Swan too.
    EXPECT_EQ(after("chess2016", "4/5k4/10/12/12/12/12/10/5K4/4 w - - 0 1").reason,
              "insufficient material");
    EXPECT_EQ(after("blackswan", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - 0 -").reason,
              "insufficient material");
}

}  // namespace
}  // namespace menagerie
