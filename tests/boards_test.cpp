// The one move generator on the Chess 66 and Chess 2016 boards (their games come in later issues):
// with orthodox men, the pin-based legality test and the play-and-test one must list the same
// moves in every position reached by random play, and make/unmake, keys and FEN stay consistent.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/outcome.h"
#include "test_util.h"

namespace menagerie {
namespace {

std::shared_ptr<Game> board_game(Geometry geometry, int pawn_rank, bool with_absent_cannon) {
    auto game = std::make_shared<Game>();
    game->name = "test";
    game->geometry = std::move(geometry);
    for (const char* piece : {"pawn", "knight", "bishop", "rook", "queen", "king"})
        game->types.push_back(make_piece(piece));
    if (with_absent_cannon) {
        game->types.push_back(make_piece("cannon"));
        game->types.back().token = "C";
    }
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        if (rank == pawn_rank) game->double_step_zone[WHITE] |= square_bb(s);
        if (rank == g.height() - 1 - pawn_rank) game->double_step_zone[BLACK] |= square_bb(s);
        // A pawn promotes where no cell lies straight ahead of it.
        if (!g.step(s, NORTH)) game->promotion_zone[WHITE] |= square_bb(s);
        if (!g.step(s, SOUTH)) game->promotion_zone[BLACK] |= square_bb(s);
    }
    game->promotion_types = {1, 2, 3, 4};
    game->orthodox_material = true;
    game->freeze();
    return game;
}

std::set<std::string> move_set(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list) out.insert(move_to_uci(pos, m));
    EXPECT_EQ(out.size(), static_cast<size_t>(list.size())) << "a move listed twice";
    return out;
}

void compare(const std::shared_ptr<Game>& by_pins, const std::shared_ptr<Game>& by_play,
             const std::string& fen) {
    ASSERT_TRUE(by_pins->tables->pins_suffice());
    ASSERT_FALSE(by_play->tables->pins_suffice());
    std::mt19937 rng(66);
    int positions = 0;
    for (int game = 0; game < 30; ++game) {
        GameRecord record(parse_fen(by_pins, fen));
        Position& pos = record.position();
        for (int ply = 0; ply < 80; ++ply) {
            const std::string here = write_fen(pos);
            Position other = parse_fen(by_play, here);
            const auto moves = move_set(pos);
            ASSERT_EQ(moves, move_set(other)) << here;
            ASSERT_EQ(write_fen(parse_fen(by_pins, here)), here);
            ASSERT_EQ(pos.key(), pos.compute_key()) << here;
            ++positions;
            if (moves.empty()) break;
            auto it = moves.begin();
            std::advance(it, static_cast<long>(rng() % moves.size()));
            record.play(parse_move(pos, *it));
        }
        while (record.undo()) {
        }
        ASSERT_EQ(write_fen(pos),
                  write_fen(parse_fen(by_pins, fen)));  // unmake restored everything
    }
    EXPECT_GT(positions, 1000);
}

TEST(Boards, Chess66SwitchesWithOrthodoxMen) {
    compare(board_game(Geometry::chess66(), 1, false), board_game(Geometry::chess66(), 1, true),
            "rnbkqbnr/pppppppp/8/9/9/8/PPPPPPPP/RNBQKBNR w - - 0 1");
}

TEST(Boards, Chess2016HolesWithOrthodoxMen) {
    compare(board_game(Geometry::chess2016(), 2, false), board_game(Geometry::chess2016(), 2, true),
            "4/rnnbqkbnnr/pppppppppp/12/12/12/12/PPPPPPPPPP/RNNBQKBNNR/4 w - - 0 1");
}

}  // namespace
}  // namespace menagerie
