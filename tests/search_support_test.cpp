// What a search calls at every node: gives_check, static exchange evaluation, the null move,
// incremental material, and the consistency check.
#include <gtest/gtest.h>

#include <random>

#include "core/outcome.h"
#include "engine/movepick.h"
#include "test_util.h"

namespace menagerie {
namespace {

std::vector<std::shared_ptr<const Game>> games_with_fairies() {
    return {make_game("chess"), make_game("placement"), make_game("contemporary"),
            make_game("chess66"), make_chess2016_default_army()};
}

// gives_check agrees with playing the move, for every legal move over random play (Cannons
// included: a move can give check by becoming a screen).
TEST(Search, GivesCheckAgreesWithPlaying) {
    std::mt19937 rng(9);
    int checks = 0, moves = 0;
    for (const auto& game : games_with_fairies()) {
        for (int round = 0; round < 6; ++round) {
            GameRecord record(start_position(game, std::nullopt, rng()));
            Position& pos = record.position();
            for (int ply = 0; ply < 60; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (!list.size()) break;
                for (Move m : list) {
                    StateInfo st;
                    const bool says = pos.gives_check(m);
                    pos.do_move(m, st);
                    const bool is = pos.checkers() != 0;
                    pos.undo_move(m);
                    ASSERT_EQ(says, is) << write_fen(pos) << " " << move_to_uci(pos, m);
                    checks += is, ++moves;
                }
                record.play(list.moves[rng() % list.size()]);
            }
        }
    }
    EXPECT_GT(checks, 100);
    EXPECT_GT(moves, 20000);
}

int see_of(const std::shared_ptr<const Game>& game, const std::string& fen,
           const std::string& move) {
    Position pos = parse_fen(game, fen);
    return pos.see(parse_move(pos, move));
}

TEST(Search, StaticExchange) {
    const auto chess = make_game("chess");
    // An undefended pawn; a pawn defended by a pawn; a defended pawn taken with support.
    EXPECT_EQ(see_of(chess, "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "Rxe5"), 100);
    EXPECT_EQ(see_of(chess, "4k3/8/5p2/4p3/8/8/8/4RK2 w - - 0 1", "Rxe5"), 100 - 500);
    EXPECT_EQ(see_of(chess, "4k3/8/5p2/4p3/3P4/8/8/4RK2 w - - 0 1", "dxe5"), 100);
    // X-rays: each rook behind a rook recaptures; White wins a pawn, loses a rook, wins a rook
    // back and loses the other, and would rather stop after the first loss.
    EXPECT_EQ(see_of(chess, "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5"), 100 - 500);
    EXPECT_EQ(see_of(chess, "4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5"), 100);
    // A quiet move onto an attacked cell loses the man.
    EXPECT_EQ(see_of(chess, "4k3/4p3/5p2/8/8/8/8/4RK2 w - - 0 1", "Re5"), -500);

    // Chess 2016: a Cannon recaptures only over exactly one screen.
    const auto army = make_chess2016_default_army();
    const std::string no_screen = "k3/10/4o5/12/5p6/12/12/10/4R1K3/4 w - - 0 1";
    const std::string screened = "k3/10/4o5/5n6/5p6/12/12/10/4R1K3/4 w - - 0 1";
    EXPECT_EQ(see_of(army, no_screen, "Rxf6"), 100);
    EXPECT_EQ(see_of(army, screened, "Rxf6"), 100 - 500);
}

TEST(Search, NullMoveChangesOnlyTheSideToMove) {
    const auto chess = make_game("chess");
    Position pos = parse_fen(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const uint64_t key = pos.key();
    StateInfo st;
    pos.do_null_move(st);
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.state().ep_square, SQ_NONE);
    EXPECT_EQ(pos.consistency_error(), "");
    EXPECT_EQ(pos.key(), pos.compute_key());
    pos.undo_null_move();
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(write_fen(pos), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
}

TEST(Search, MaterialIsIncremental) {
    const auto chess = make_game("chess");
    Position pos = start_position(chess);
    EXPECT_EQ(pos.material(WHITE), 8 * 100 + 2 * 310 + 2 * 330 + 2 * 500 + 950);
    StateInfo s1;
    Position p = test::play(chess, test::start_fen(chess), "e4 d5");
    const Move take = parse_move(p, "exd5");
    p.do_move(take, s1);
    EXPECT_EQ(p.material(BLACK), pos.material(BLACK) - 100);
    EXPECT_EQ(p.consistency_error(), "");
    p.undo_move(take);
    EXPECT_EQ(p.material(BLACK), pos.material(BLACK));
}

TEST(Search, ConsistencyCheckFindsABrokenKey) {
    const auto chess = make_game("chess");
    Position pos = start_position(chess);
    EXPECT_EQ(pos.consistency_error(), "");
    pos.root_state().key ^= 1;
    EXPECT_EQ(pos.consistency_error(), "incremental key is wrong");
}

// The stages split the pseudo-legal moves: captures and quiets, disjoint, together all.
TEST(Search, CapturesAndQuietsPartitionTheMoves) {
    std::mt19937 rng(5);
    for (const auto& game : games_with_fairies()) {
        GameRecord record(start_position(game, std::nullopt, rng()));
        Position& pos = record.position();
        for (int ply = 0; ply < 80; ++ply) {
            MoveList all, captures, quiets;
            generate_pseudo_legal(pos, all, Stage::All);
            generate_pseudo_legal(pos, captures, Stage::Captures);
            generate_pseudo_legal(pos, quiets, Stage::Quiets);
            std::multiset<uint32_t> a, b;
            for (Move m : all) a.insert(m.raw());
            for (Move m : captures) {
                b.insert(m.raw());
                EXPECT_TRUE(pos.is_capture(m) || m.kind() == MoveKind::Promotion);
            }
            for (Move m : quiets) {
                b.insert(m.raw());
                EXPECT_FALSE(pos.is_capture(m) || m.kind() == MoveKind::Promotion);
            }
            ASSERT_EQ(a, b) << write_fen(pos);
            MoveList legal_moves;
            generate_legal(pos, legal_moves);
            if (!legal_moves.size()) break;
            record.play(legal_moves.moves[rng() % legal_moves.size()]);
        }
    }
}

// The move picker generates the quiet moves only once the good captures are spent (or at once
// for a quiet hash move): it must still yield every pseudo-legal move exactly once, the hash
// move first, every capture that does not lose material before any quiet move, the killers
// first among the quiet moves, and the losing captures last.
TEST(Search, MovePickerYieldsEveryMoveOnceInItsStages) {
    std::mt19937 rng(17);
    engine::History history;
    engine::PlyMoves moves;
    int positions = 0, quiet_hash_moves = 0, losing = 0;
    for (const auto& game : games_with_fairies()) {
        history.fit(*game);
        GameRecord record(start_position(game, std::nullopt, rng()));
        Position& pos = record.position();
        for (int ply = 0; ply < 80; ++ply) {
            MoveList all;
            generate_pseudo_legal(pos, all, Stage::All);
            if (!all.size()) break;
            const Move tt = rng() % 4 ? all.moves[rng() % all.size()] : engine::MOVE_NONE;
            std::array<Move, 2> killers{engine::MOVE_NONE, engine::MOVE_NONE};
            for (Move& k : killers)
                if (const Move m = all.moves[rng() % all.size()];
                    !engine::is_tactical(pos, m) && m != tt)
                    k = m;
            if (killers[0] == killers[1]) killers[1] = engine::MOVE_NONE;
            quiet_hash_moves += tt != engine::MOVE_NONE && !engine::is_tactical(pos, tt);
            for (const bool captures_only : {false, true}) {
                engine::MovePicker picker(pos, moves, tt, killers, engine::MOVE_NONE, history,
                                          {nullptr, nullptr}, captures_only);
                std::vector<Move> order;
                int see = engine::SEE_UNKNOWN;
                for (Move m = picker.next(see); m != engine::MOVE_NONE; m = picker.next(see)) {
                    order.push_back(m);
                    if (engine::is_tactical(pos, m) && m.kind() == MoveKind::Normal &&
                        see != engine::SEE_UNKNOWN) {
                        // The exchange, or where the victim is worth the taker at least, a bound
                        // below it.
                        EXPECT_LE(see, pos.see(m)) << write_fen(pos);
                    }
                }
                std::multiset<uint32_t> expected, got;
                for (Move m : all)
                    if (!captures_only || engine::is_tactical(pos, m)) expected.insert(m.raw());
                for (Move m : order) got.insert(m.raw());
                ASSERT_EQ(expected, got) << write_fen(pos);
                const bool tt_listed = tt != engine::MOVE_NONE && expected.count(tt.raw());
                if (tt_listed) {
                    EXPECT_EQ(order.front(), tt) << write_fen(pos);
                }
                // Past the hash move: good captures, then quiet moves (killers first), then
                // losing captures.
                int phase = 0;  // 0 good captures, 1 killers, 2 other quiets, 3 losing captures
                for (size_t i = tt_listed; i < order.size(); ++i) {
                    const Move m = order[i];
                    const bool killer = m == killers[0] || m == killers[1];
                    const int is = engine::is_tactical(pos, m) ? (pos.see(m) >= 0 ? 0 : 3)
                                   : killer                    ? 1
                                                               : 2;
                    EXPECT_GE(is, phase) << write_fen(pos) << " " << move_to_uci(pos, m);
                    phase = std::max(phase, is);
                    losing += is == 3;
                }
            }
            ++positions;
            MoveList legal_moves;
            generate_legal(pos, legal_moves);
            if (!legal_moves.size()) break;
            record.play(legal_moves.moves[rng() % legal_moves.size()]);
        }
    }
    EXPECT_GT(positions, 300);
    EXPECT_GT(quiet_hash_moves, 50);
    EXPECT_GT(losing, 50);
}

// The capture history orders captures of equal victims and takers: the one that has cut more
// comes first. However much a capture has failed, only its exchange puts it among the losing
// captures, after the quiet moves.
TEST(Search, CaptureHistoryOrdersEqualCaptures) {
    const auto chess = make_game("chess");
    // exd5 and exf5 take a pawn each with a pawn, and are retaken; Nxd5 loses the knight.
    Position pos = parse_fen(chess, "4k3/8/4p3/3p1p2/4P3/2N5/8/4K3 w - - 0 1");
    const Move left = parse_move(pos, "e4d5"), right = parse_move(pos, "e4f5");
    const Move knight = parse_move(pos, "c3d5");
    engine::History history;
    history.fit(*chess);
    engine::PlyMoves moves;
    auto order = [&](bool captures_only) {
        engine::MovePicker picker(pos, moves, engine::MOVE_NONE,
                                  {engine::MOVE_NONE, engine::MOVE_NONE}, engine::MOVE_NONE,
                                  history, {nullptr, nullptr}, captures_only);
        std::vector<Move> picked;
        int see = engine::SEE_UNKNOWN;
        for (Move m = picker.next(see); m != engine::MOVE_NONE; m = picker.next(see))
            picked.push_back(m);
        return picked;
    };
    auto entry = [&](Move m, int taken) {
        return history.capture(pos.piece_on(m.from()), m.to(), taken);
    };
    auto learn = [&](Move m, int bonus) {
        history.update_capture(pos.piece_on(m.from()), m.to(), engine::taken_type(pos, m), bonus);
    };
    EXPECT_EQ(engine::taken_type(pos, left), chess->men.pawn);
    for (int i = 0; i < 4; ++i) learn(right, 1600);
    EXPECT_GT(entry(right, chess->men.pawn), 4000);
    EXPECT_EQ(entry(left, chess->men.pawn), 0);
    // Taking another type on the same cell, or nothing (a promotion), has an entry of its own.
    EXPECT_EQ(entry(right, chess->men.knight), 0);
    EXPECT_EQ(entry(right, history.types()), 0);
    std::vector<Move> captures = order(true);
    ASSERT_EQ(captures.size(), 3u);
    EXPECT_EQ(captures[0], right);
    EXPECT_EQ(captures[1], left);
    EXPECT_EQ(captures[2], knight);
    for (int i = 0; i < 40; ++i) learn(right, -1600), learn(left, 1600), learn(knight, 1600);
    captures = order(true);
    EXPECT_EQ(captures[0], left);
    EXPECT_EQ(captures[1], right);
    // The knight's capture with the best history is still a losing one: last of all moves.
    EXPECT_EQ(order(false).back(), knight);
    for (int i = 0; i < 40; ++i) learn(knight, -1600);
    const std::vector<Move> all = order(false);
    EXPECT_EQ(all.back(), knight);
    EXPECT_EQ(std::find(all.begin(), all.end(), right) - all.begin(), 1);
    history.clear();
    EXPECT_EQ(entry(right, chess->men.pawn), 0);
}

// The continuation history reads and teaches the row of each earlier move it is given (one, two
// and four plies back), and a quiet move that only the fourth ply's row knows is ordered first.
TEST(Search, ContinuationHistoryUsesEveryEarlierMovesRow) {
    const auto chess = make_game("chess");
    Position pos = parse_fen(chess, test::start_fen(chess));
    const Move knight = parse_move(pos, "g1f3"), pawn_move = parse_move(pos, "e2e4");
    engine::History history;
    history.fit(*chess);
    // Rows of three different earlier moves (by Black's and White's men).
    int16_t* one = history.row(make_piece_code(BLACK, chess->men.pawn), 36);
    int16_t* two = history.row(make_piece_code(WHITE, chess->men.knight), 18);
    int16_t* four = history.row(make_piece_code(WHITE, chess->men.pawn), 27);
    ASSERT_TRUE(one && two && four);
    const Piece moved = pos.piece_on(knight.from());
    history.update_quiet(WHITE, knight, moved, {nullptr, nullptr, four}, 1600);
    const int own = history.get(WHITE, knight);
    EXPECT_GT(own, 0);
    EXPECT_EQ(history.quiet(WHITE, knight, moved, {one, two, nullptr}), own);
    const int with_four = history.quiet(WHITE, knight, moved, {one, two, four});
    EXPECT_EQ(with_four, 2 * own);
    history.update_quiet(WHITE, knight, moved, {one, two, four}, 1600);
    EXPECT_GT(history.quiet(WHITE, knight, moved, {one, nullptr, nullptr}), 0);
    EXPECT_GT(history.quiet(WHITE, knight, moved, {one, two, four}), with_four);
    // Only the fourth ply's row prefers the pawn's move; the side's own history says nothing.
    engine::History fresh;
    fresh.fit(*chess);
    int16_t* back = fresh.row(make_piece_code(WHITE, chess->men.pawn), 27);
    for (int i = 0; i < 8; ++i)
        fresh.update_quiet(WHITE, pawn_move, pos.piece_on(pawn_move.from()),
                           {nullptr, nullptr, back}, 1600);
    fresh.table = {};
    engine::PlyMoves moves;
    engine::MovePicker picker(pos, moves, engine::MOVE_NONE, {engine::MOVE_NONE, engine::MOVE_NONE},
                              engine::MOVE_NONE, fresh, {nullptr, nullptr, back}, false);
    int see = engine::SEE_UNKNOWN;
    EXPECT_EQ(picker.next(see), pawn_move);
}

// The correction history: entries per side to move, pawn structure and each side's other men,
// which together converge on how far the searches found the evaluation off, are bounded, and
// are shared by the positions with the same pawns (or the same other men).
TEST(Search, CorrectionHistoryLearnsPerPawnStructureAndMen) {
    const auto chess = make_game("chess");
    const Position start = parse_fen(chess, test::start_fen(chess));
    // The same pawns, other men (White to move); the same men, other pawns.
    const Position knights_out = test::play(chess, test::start_fen(chess), "Nf3 Nf6 Nc3 Nc6");
    const Position pawns_moved = test::play(chess, test::start_fen(chess), "e4 e5");
    engine::History history;
    EXPECT_EQ(engine::pawn_structure_index(start), engine::pawn_structure_index(knights_out));
    EXPECT_NE(engine::pawn_structure_index(start), engine::pawn_structure_index(pawns_moved));
    EXPECT_EQ(engine::men_index(start, WHITE), engine::men_index(pawns_moved, WHITE));
    EXPECT_NE(engine::men_index(start, WHITE), engine::men_index(knights_out, WHITE));
    EXPECT_EQ(history.corrected(start, 30), 30);
    for (int i = 0; i < 200; ++i)  // the searches find 60 more than the evaluation's 30
        history.correct(start, history.corrected(start, 30), 90, 12);
    EXPECT_NEAR(history.corrected(start, 30), 90, 2);
    // Half of it by the pawns, half by the men.
    EXPECT_NEAR(history.corrected(knights_out, 0), 30, 2);
    EXPECT_NEAR(history.corrected(pawns_moved, 0), 30, 2);
    for (int i = 0; i < 400; ++i) history.correct(start, history.corrected(start, 0), -5000, 16);
    const int most = 2 * engine::CORRECTION_MAX / engine::CORRECTION_GRAIN;
    EXPECT_GE(history.corrected(start, 0), -most);
    EXPECT_LT(history.corrected(start, 0), -most / 2);
    history.clear();
    EXPECT_EQ(history.corrected(start, 0), 0);
}

}  // namespace
}  // namespace menagerie
