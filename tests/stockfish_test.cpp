// Differential tests against Debian's stockfish (UCI_Chess960): for positions reached by random
// play from every Placement setup (castling=chess960) and from Contemporary Random Chess setups
// with castling rights removed, the legal moves and perft 3 must match.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "core/movegen.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "test_util.h"
#include "uci_engine.h"

namespace menagerie {
namespace {

// Debian's stockfish, playing Chess960 so that castling is written king-takes-rook.
class Stockfish : public test::UciEngine {
  public:
    Stockfish()
        : UciEngine({"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"}) {
        if (available()) set_option("UCI_Chess960", "true");
    }
};

std::string first_six_fields(const std::string& fen) {
    std::istringstream in(fen);
    std::string out, field;
    for (int i = 0; i < 6 && in >> field; ++i) out += (i ? " " : "") + field;
    return out;
}

// Plays random games from `start` and compares every `every`-th position with Stockfish.
int compare_random_play(Stockfish& sf, const std::shared_ptr<const Game>& game,
                        const std::string& start, std::mt19937& rng, int games, int plies) {
    int compared = 0;
    for (int g = 0; g < games; ++g) {
        Position pos = parse_fen(game, start);
        std::vector<StateInfo> states(static_cast<size_t>(plies));
        for (int ply = 0; ply < plies; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (ply % 3 == 0 || list.size() == 0) {
                const std::string fen = first_six_fields(write_fen(pos));
                uint64_t sf_total = 0;
                const auto expected = sf.divide(fen, 3, sf_total);
                std::set<std::string> ours, theirs;
                for (Move m : list) ours.insert(move_to_uci(pos, m));
                for (const auto& [m, n] : expected) theirs.insert(m);
                EXPECT_EQ(ours, theirs) << fen;
                EXPECT_EQ(perft(pos, 3), sf_total) << fen;
                if (ours != theirs || ::testing::Test::HasFailure()) return compared;
                ++compared;
            }
            if (list.size() == 0) break;
            const Move m = list.moves[std::uniform_int_distribution<int>(0, list.size() - 1)(rng)];
            pos.do_move(m, states[static_cast<size_t>(ply)]);
        }
    }
    return compared;
}

using test::quick;

TEST(StockfishDifferential, PlacementSetupsWithChess960Castling) {
    Stockfish sf;
    if (!sf.available())
        GTEST_FAIL() << "stockfish is not installed (scripts/install-deps.sh installs it)";
    const auto game = make_game("placement", {{"castling", "chess960"}});
    std::mt19937 rng(2026);
    int compared = 0;
    for (const auto& s : game->start.setups)
        compared += compare_random_play(sf, game, test::setup_fen(game, s.number), rng,
                                        quick() ? 1 : 3, 45);
    std::cout << "compared " << compared << " positions with stockfish\n";
    EXPECT_GE(compared, quick() ? 60 : 300);
}

TEST(StockfishDifferential, ContemporarySetupsWithoutCastling) {
    Stockfish sf;
    if (!sf.available())
        GTEST_FAIL() << "stockfish is not installed (scripts/install-deps.sh installs it)";
    const auto game = make_game("contemporary");
    std::mt19937 rng(1680);
    int compared = 0;
    for (int i = 0; i < (quick() ? 20 : 60); ++i) {
        const auto& s = game->start.setups[std::uniform_int_distribution<size_t>(
            0, game->start.setups.size() - 1)(rng)];
        std::istringstream in(test::setup_fen(game, s.number));
        std::string board, side;
        in >> board >> side;
        compared += compare_random_play(sf, game, board + " " + side + " - - 0 1 - -", rng, 1, 45);
    }
    std::cout << "compared " << compared << " positions with stockfish\n";
    EXPECT_GE(compared, quick() ? 100 : 300);
}

}  // namespace
}  // namespace menagerie
