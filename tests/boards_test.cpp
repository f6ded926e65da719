// The one move generator on the Chess 66 and Chess 2016 boards (their games come in later issues):
// with orthodox men, the pin-based legality test and the play-and-test one must list the same
// moves in every position reached by random play, and make/unmake, keys and FEN stay consistent.
#include "games/boards.h"

#include <gtest/gtest.h>

#include <cctype>
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
        game->men.types.push_back(make_piece(piece));
    if (with_absent_cannon) {
        game->men.types.push_back(make_piece("cannon"));
        game->men.types.back().token = "C";
    }
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        if (rank == pawn_rank) game->zones.double_step[WHITE] |= square_bb(s);
        if (rank == g.height() - 1 - pawn_rank) game->zones.double_step[BLACK] |= square_bb(s);
        // A pawn promotes where no cell lies straight ahead of it.
        if (!g.step(s, NORTH)) game->zones.promotion[WHITE] |= square_bb(s);
        if (!g.step(s, SOUTH)) game->zones.promotion[BLACK] |= square_bb(s);
    }
    game->men.promotions = {1, 2, 3, 4};
    game->rules.orthodox_material = true;
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

std::set<std::string> cheap_moves(Position& pos) {
    MoveList list;
    generate_pseudo_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list)
        if (legal(pos, m)) out.insert(move_to_uci(pos, m));
    return out;
}

// Over random play from `fen`: the legal generator, the search's route (pseudo-legal moves and
// legal()) and the reference (pseudo-legal moves played and tested) list the same moves; keys
// match recomputed keys; unmake restores the start.
void compare(const std::shared_ptr<const Game>& game, const std::string& fen, int min_positions) {
    std::mt19937 rng(66);
    int positions = 0;
    for (int round = 0; round < 30; ++round) {
        GameRecord record(parse_fen(game, fen));
        Position& pos = record.position();
        for (int ply = 0; ply < 80; ++ply) {
            const std::string here = write_fen(pos);
            const auto moves = move_set(pos);
            ASSERT_EQ(moves, test::reference_moves(pos)) << here;
            ASSERT_EQ(moves, cheap_moves(pos)) << here;
            ASSERT_EQ(write_fen(parse_fen(game, here)), here);
            ASSERT_EQ(pos.consistency_error(), "") << here;
            ++positions;
            if (moves.empty()) break;
            auto it = moves.begin();
            std::advance(it, static_cast<long>(rng() % moves.size()));
            record.play(parse_move(pos, *it));
        }
        while (record.undo()) {
        }
        ASSERT_EQ(write_fen(pos), write_fen(parse_fen(game, fen)));  // unmake restored everything
    }
    EXPECT_GT(positions, min_positions);
}

TEST(Boards, Chess66SwitchesWithOrthodoxMen) {
    compare(board_game(chess66_board(), 1, false),
            "rnbkqbnr/pppppppp/8/9/9/8/PPPPPPPP/RNBQKBNR w - - 0 1", 1000);
}

TEST(Boards, Chess2016HolesWithOrthodoxMenAndAnAbsentCannonType) {
    compare(board_game(chess2016_board(), 2, true),
            "4/rnnbqkbnnr/pppppppppp/12/12/12/12/PPPPPPPPPP/RNNBQKBNNR/4 w - - 0 1", 1000);
}

// Cannons, Tigers, Camels and a Man in play: screens that can be pinned, checks a second screen
// answers, kings that may not step into a hopper's line.
TEST(Boards, Chess2016DefaultArmyWithCannons) {
    const auto game = make_chess2016_default_army();
    compare(game, test::start_fen(game), 1000);
}

// Hand-made Cannon cases, each against the reference.
TEST(Boards, CannonScreensAndChecks) {
    const auto game = make_chess2016_default_army();
    for (const char* fen : {
             // a screen between a Cannon and the king is pinned the other way round: moving a
             // second man into the line is legal, moving the screen away too
             "4/1r3k4/10/12/5o6/12/12/5N4/5K4/4 w - - 0 1",
             // Cannon check: answered by a king move, a capture, or a second screen
             "4/1r3k4/10/12/5o6/12/5P6/10/3N1K4/4 w - - 0 1",
             // the king may not step onto a cell a Cannon attacks once it has moved
             "4/6k3/10/12/12/12/3o8/10/4K5/4 w - - 0 1",
             // two men between a Cannon and the king: ours may move along the line but not take
             // the other (one screen would be left), nor leave it
             "4/k9/10/5o6/12/5n6/5R6/10/4K5/4 w - - 0 1",
             // both ours: the Rook may take the Cannon or stay between, the Knight cannot move
             "4/k9/10/5o6/5R6/12/5N6/10/4K5/4 w - - 0 1",
             // nobody between: no man may land on the line
             "4/k9/10/5o6/12/12/R11/1N8/4K5/4 w - - 0 1",
         }) {
        Position pos = parse_fen(game, fen);
        EXPECT_EQ(move_set(pos), test::reference_moves(pos)) << fen;
        EXPECT_EQ(move_set(pos), cheap_moves(pos)) << fen;
        EXPECT_EQ(perft(pos, 3), test::perft_pseudo(pos, 3, true)) << fen;
    }
    // The comments' claims, checked against our words rather than only against the reference
    // generator (which shares the attack code). Moves of one man, by its departure cell.
    auto moves_from = [&](const char* fen, const std::string& from) {
        std::set<std::string> out;
        for (const std::string& m : test::ucis(parse_fen(game, fen)))
            if (m.rfind(from, 0) == 0 && !std::isdigit(static_cast<unsigned char>(m[from.size()])))
                out.insert(m);
        return out;
    };
    // Rook on f4 between the black knight on f5 and the king: only along the line, and not
    // taking the knight.
    EXPECT_EQ(moves_from("4/k9/10/5o6/12/5n6/5R6/10/4K5/4 w - - 0 1", "f4"),
              (std::set<std::string>{"f4f3"}));
    // Rook f6 and Knight f4 both ours: the Rook takes the Cannon or stays between; the Knight
    // is pinned.
    EXPECT_EQ(moves_from("4/k9/10/5o6/5R6/12/5N6/10/4K5/4 w - - 0 1", "f6"),
              (std::set<std::string>{"f6f7", "f6f5"}));
    EXPECT_EQ(moves_from("4/k9/10/5o6/5R6/12/5N6/10/4K5/4 w - - 0 1", "f4"),
              std::set<std::string>{});
    // Nobody between: the Rook on a4 passes f4 but may not stop there.
    const auto rook = moves_from("4/k9/10/5o6/12/12/R11/1N8/4K5/4 w - - 0 1", "a4");
    EXPECT_EQ(rook.count("a4e4"), 1u);
    EXPECT_EQ(rook.count("a4g4"), 1u);
    EXPECT_EQ(rook.count("a4f4"), 0u);
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// Found in review: a man on a4 closes the switch, so it blocks the line a1-4-a5-a8 although no
// ray from a8 lists a4; legal() must see that it is pinned.
TEST(Boards, Chess66PinThroughASwitchMate) {
    const auto game = board_game(chess66_board(), 1, false);
    Position pos = parse_fen(game, "K7/8/8/9/1B6k/8/8/r7 w - - 0 1");
    MoveList list;
    generate_pseudo_legal(pos, list);
    int pinned_moves = 0;
    for (Move m : list) {
        EXPECT_EQ(legal(pos, m), legal_by_playing(pos, m)) << move_to_uci(pos, m);
        // Off the line the bishop exposes the king; to a5 it stays on the line.
        if (pos.geometry().name(m.from()) == "a4" && pos.geometry().name(m.to()) != "a5") {
            ++pinned_moves;
            EXPECT_FALSE(legal(pos, m)) << move_to_uci(pos, m);
        }
    }
    EXPECT_GT(pinned_moves, 0);
}

}  // namespace
}  // namespace menagerie
