// Black Swan as the referee sees it (every identity known): setup, swans, reveals.
#include "games/blackswan.h"

#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "core/outcome.h"
#include "games/blackswan_draws.h"
#include "test_util.h"

namespace menagerie {
namespace {

using test::play;

// The referee writes a chance move with its outcome ("a2a3:P"); these sets leave it out.
std::string bare(std::string text) { return text.substr(0, text.find(':')); }
std::set<std::string> ucis(const Position& pos) {
    std::set<std::string> out;
    for (const std::string& m : test::ucis(pos)) out.insert(bare(m));
    return out;
}
std::set<std::string> sans(const Position& pos) {
    std::set<std::string> out;
    for (const std::string& m : test::sans(pos)) out.insert(bare(m));
    return out;
}

const std::string SEED = std::string(62, '0') + "2a";
// Events are not supported yet: compositions without them.
const Options NO_EVENTS = {{"seed", SEED}, {"composition", "10/2/2/2/2/0/0/0/0"}};

std::shared_ptr<const Game> game() {
    static const auto g = make_blackswan(NO_EVENTS);
    return g;
}

TEST(BlackSwan, SetupFromTheSeed) {
    const Position pos = start_position(game());
    const std::string fen = write_fen(pos);
    EXPECT_EQ(fen, write_fen(start_position(make_blackswan(NO_EVENTS))));  // same seed, same game
    Options other = NO_EVENTS;
    other["seed"] = std::string(64, '1');
    EXPECT_NE(fen, write_fen(start_position(make_blackswan(other))));
    const Geometry& g = pos.geometry();
    EXPECT_EQ(pos.king_square(WHITE), g.find("e1"));
    EXPECT_EQ(pos.king_square(BLACK), g.find("e8"));
    const auto tiles = blackswan::draw_arrangement(
        *seed_from_hex(SEED), false, blackswan::parse_composition("10/2/2/2/2/0/0/0/0"));
    const auto cells = blackswan::starting_squares(g, false);
    ASSERT_EQ(cells.size(), 15u);
    for (size_t i = 0; i < cells.size(); ++i)
        EXPECT_EQ(type_of(pos.piece_on(cells[i])),
                  game()->chance.first_hidden + static_cast<int>(tiles[i]));
    EXPECT_EQ(popcount(pos.pieces(WHITE)), 16);
    EXPECT_EQ(popcount(pos.pieces(BLACK)), 16);
    EXPECT_EQ(pos.state().unmoved, pos.pieces() & ~pos.pieces(game()->men.king));
    EXPECT_EQ(write_fen(parse_fen(game(), fen)), fen);
    EXPECT_NE(fen.find(" w - - 0 1 - 0 -"), std::string::npos) << fen;
}

TEST(BlackSwan, OptionsAreChecked) {
    EXPECT_THROW(make_blackswan({{"seed", "xyz"}}), Error);
    // By name, as `menagerie variants` lists it.
    EXPECT_EQ(write_fen(start_position(make_game("blackswan", NO_EVENTS))),
              write_fen(start_position(game())));
    EXPECT_THROW(make_blackswan({{"colour", "x"}}), Error);
    EXPECT_THROW(make_blackswan({{"seed", SEED}, {"composition", "1/1/1/1/1/1/1/1/1"}}), Error);
}

TEST(BlackSwan, ImmuneOnItsStartingSquareOnly) {
    // The knight on c5 attacks the unmoved swan on d7 and the moved one on b7.
    const std::string fen = "4k3/1n'1q'4/8/2N5/8/8/8/4K3 w - - 0 1 b7 0 -";
    Position pos = parse_fen(game(), fen);
    EXPECT_EQ(write_fen(pos), fen);
    const auto moves = ucis(pos);
    EXPECT_EQ(moves.count("c5d7"), 0u);
    EXPECT_EQ(moves.count("c5b7"), 1u);
    // Once it has left its starting square (d8 to d7: no reveal on rank 7), it can be taken.
    const Position after = play(game(), "3q'k3/8/8/2N5/8/8/8/4K3 b - - 0 1 -", "d8d7");
    EXPECT_EQ(type_of(after.piece_on(after.geometry().find("d7"))),
              game()->chance.first_hidden + 4);
    EXPECT_EQ(ucis(after).count("c5d7"), 1u);
    EXPECT_EQ(write_fen(after), "4k3/3q'4/8/2N5/8/8/8/4K3 w - - 0 2 d7 0 -");
    // Neither a king can take an unmoved swan.
    EXPECT_EQ(ucis(parse_fen(game(), "4k3/3p'4/4K3/8/8/8/8/8 w - - 0 1 -")).count("e6d7"), 0u);
}

TEST(BlackSwan, DoubleStepOnlyFromTheStartingSquare) {
    Position pos = parse_fen(game(), "4k3/8/8/8/8/8/P'N'6/2B'1K3 w - - 0 1 b2");
    const auto moves = ucis(pos);
    EXPECT_EQ(moves.count("a2a4"), 1u);
    EXPECT_EQ(moves.count("b2b4"), 0u);  // b2 has moved already
    EXPECT_EQ(moves.count("b2b3"), 1u);
    EXPECT_EQ(moves.count("c1c3"), 1u);  // from the first rank, over an empty c2
    // The referee writes a face-down swan's move with its identity's primed letter.
    EXPECT_EQ(sans(pos).count("B'c3"), 1u);
}

TEST(BlackSwan, RevealedOnTheThirdAndFourthRank) {
    const auto g = game();
    const int P = g->men.pawn, N = g->men.knight, R = g->men.rook;
    auto type_on = [](const Position& pos, const char* cell) {
        return type_of(pos.piece_on(pos.geometry().find(cell)));
    };
    const std::string fen = "4k3/8/8/8/8/3r4/P'N'R'Q'4/4K1B'1 w - - 0 1 -";
    // No reveal on ranks 1-2: g1-g2 keeps the swan face down.
    EXPECT_EQ(type_on(play(g, fen, "g1g2"), "g2"), g->chance.first_hidden + 2);
    EXPECT_EQ(type_on(play(g, fen, "a2a3"), "a3"), P);              // a step
    EXPECT_EQ(type_on(play(g, fen, "b2b4"), "b4"), N);              // a double step
    EXPECT_EQ(type_on(play(g, fen, "c2d3"), "d3"), R);              // a capture
    EXPECT_EQ(type_on(play(g, fen, "g1g3"), "g3"), g->men.bishop);  // from the first rank
    // A reveal resets the fifty-move count (here at 7, so that a reset shows); a king move does
    // not.
    const std::string counted = "4k3/8/8/8/8/3r4/P'N'R'Q'4/4K1B'1 w - - 7 1 -";
    EXPECT_EQ(play(g, counted, "a2a3").rule50(), 0);
    EXPECT_EQ(play(g, counted, "b2b4").rule50(), 0);
    EXPECT_EQ(play(g, counted, "e1f1").rule50(), 8);
    EXPECT_EQ(write_fen(play(g, fen, "b2b4")),
              "4k3/8/8/8/1N6/3r4/P'1R'Q'4/4K1B'1 b - - 0 1 - 0 - "
              "10/1/2/2/2/0/0/0/0:10/2/2/2/2/0/0/0/0");  // a knight seen
}

TEST(BlackSwan, ChecksByAndThroughAReveal) {
    // Discovered: the swan on e2 leaves the rook's file by capturing on d3.
    Position pos = play(game(), "4k3/8/8/8/8/3r4/4N'3/4R2K w - - 0 1 -", "e2d3");
    EXPECT_NE(pos.checkers(), Bitboard(0));
    EXPECT_TRUE(has(pos.checkers(), pos.geometry().find("e1")));
    // By the revealed piece: the queen from c2 to c3 checks the king on a5.
    pos = play(game(), "8/8/8/k7/8/8/2Q'5/4K3 w - - 0 1 -", "c2c3");
    EXPECT_EQ(pos.checkers(), square_bb(pos.geometry().find("c3")));
    // A face-down swan gives check as a pawn.
    pos = parse_fen(game(), "8/8/8/8/8/3k4/2P'5/4K3 b - - 0 1 -");
    EXPECT_EQ(pos.checkers(), square_bb(pos.geometry().find("c2")));
}

TEST(BlackSwan, EnPassantOnlyAgainstARevealedPawn) {
    // Revealed as a pawn by its double step: the pawn on e4 may take it en passant.
    Position pos = play(game(), "4k3/8/8/8/4p3/8/3P'4/K7 w - - 0 1 -", "d2d4");
    EXPECT_EQ(ucis(pos).count("e4d3"), 1u);
    EXPECT_EQ(write_fen(pos),
              "4k3/8/8/8/3Pp3/8/8/K7 b - d3 0 1 - 0 - 9/2/2/2/2/0/0/0/0:10/2/2/2/2/0/0/0/0");
    // Revealed as a knight: no en passant.
    pos = play(game(), "4k3/8/8/8/4p3/8/3N'4/K7 w - - 0 1 -", "d2d4");
    EXPECT_EQ(ucis(pos).count("e4d3"), 0u);
    const Position taken = play(game(), "4k3/8/8/8/4p3/8/3P'4/K7 w - - 0 1 -", "d2d4 e4d3");
    EXPECT_EQ(taken.piece_on(taken.geometry().find("d4")), NO_PIECE);
}

TEST(BlackSwan, NoCastling) {
    EXPECT_FALSE(game()->rules.castling.enabled);
    // Revealed rooks on their orthodox squares, nothing between: the king still only steps.
    const Position pos = parse_fen(game(), "4k3/8/8/8/8/8/8/R3K2R w - - 0 1 -");
    const auto moves = ucis(pos);
    EXPECT_EQ(moves.count("e1d1"), 1u);  // the position is read and the king can move
    for (const char* castling : {"e1g1", "e1h1", "e1c1", "e1a1"})
        EXPECT_EQ(moves.count(castling), 0u) << castling;
}

TEST(BlackSwan, PerftRoutesAgree) {
    Position pos = start_position(game());
    for (int depth = 1; depth <= 3; ++depth) {
        const uint64_t nodes = perft(pos, depth);
        EXPECT_EQ(test::perft_pseudo(pos, depth, false), nodes) << depth;
        EXPECT_EQ(test::perft_pseudo(pos, depth, true), nodes) << depth;
    }
    EXPECT_EQ(perft(pos, 1), 16u);  // a step and a double step for each swan on rank 2
}

TEST(BlackSwan, RandomPlayKeepsPositionKeysAndFen) {
    std::mt19937_64 rng(7);
    int placements = 0, stays = 0, reveals = 0, promotions = 0;
    for (int game_no = 0; game_no < (test::quick() ? 12 : 30); ++game_no) {
        Options o = game_no % 3 ? Options{} : NO_EVENTS;  // mostly with events
        o["seed"] = to_hex(sha256(reinterpret_cast<const uint8_t*>(&game_no), sizeof game_no));
        const auto g = make_blackswan(o);
        Position pos = start_position(g);
        const std::string start = write_fen(pos);
        const uint64_t key = pos.key();
        std::vector<Move> played;
        std::vector<StateInfo> states(200);
        for (int ply = 0; ply < 200; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.size() == 0) break;
            const Move m =
                blackswan::announce(pos, list.moves[rng() % static_cast<uint64_t>(list.size())]);
            placements += m.kind() == MoveKind::Placement && m.from() != m.to();
            stays += m.kind() == MoveKind::Placement && m.from() == m.to();
            promotions += m.kind() == MoveKind::Promotion;
            pos.do_move(m, states[played.size()]);
            reveals +=
                m.kind() != MoveKind::Placement && states[played.size()].revealed != NO_PIECE;
            played.push_back(m);
            const std::string here = start + " after " + std::to_string(played.size());
            ASSERT_EQ(pos.consistency_error(), "") << here;
            const std::string fen = write_fen(pos);
            ASSERT_EQ(write_fen(parse_fen(g, fen)), fen) << here;
            ASSERT_EQ(parse_fen(g, fen).key(), pos.key()) << here;
            if (ply % 10 == 0) {
                ASSERT_EQ(perft(pos, 2), test::perft_pseudo(pos, 2, true)) << here;
                MoveList legal;
                generate_legal(pos, legal);
                for (Move asked : legal) {  // the referee's move texts, with outcomes, read back
                    const Move each = blackswan::announce(pos, asked);
                    ASSERT_EQ(parse_move(pos, move_to_uci(pos, each)), each) << here;
                    ASSERT_EQ(parse_move(pos, move_to_san(pos, each)), each) << here;
                }
            }
        }
        while (!played.empty()) {
            pos.undo_move(played.back());
            played.pop_back();
        }
        EXPECT_EQ(pos.key(), key);
        EXPECT_EQ(write_fen(pos), start);
    }
    EXPECT_GT(reveals, 100);
    EXPECT_GT(placements, 10);
    EXPECT_GT(stays, 5);
    EXPECT_GT(promotions, 0);
}

namespace bs = blackswan;

std::shared_ptr<const Game> with_events() {
    static const auto g = make_blackswan({{"seed", SEED}});
    return g;
}

std::vector<int> event_types(int number, bs::Tile tile) {
    std::vector<int> types;
    for (bs::Kind k : bs::draw_event(*seed_from_hex(SEED), number, tile))
        types.push_back(static_cast<int>(k));
    return types;
}

std::string tokens(const Game& g, const std::vector<int>& types) {
    std::string out;
    for (int t : types) out += g.token(t);
    return out;
}

// The seed's first event of each kind, as these tests rely on them.
TEST(BlackSwanEvents, TheSeedsDraws) {
    const auto g = with_events();
    EXPECT_EQ(tokens(*g, event_types(1, bs::Tile::Event2With)), "PR");
    EXPECT_EQ(tokens(*g, event_types(1, bs::Tile::Event3Without)), "QBN");
    EXPECT_EQ(tokens(*g, event_types(1, bs::Tile::Event3With)), "PRN");
}

TEST(BlackSwanEvents, TheOwnerChoosesWhichPieceStays) {
    const auto g = with_events();
    const auto types = event_types(1, bs::Tile::Event2With);  // P, R
    const std::string fen = "4k3/8/8/8/8/8/3E4/4K3 w - - 0 1 - 0 -";
    // Until the choice the first drawn piece holds the swan's square; the owner's first step
    // says which drawn type stays there: P@d3 keeps the pawn, R@d3 puts the rook there.
    Position pos = play(g, fen, "d2d3");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("d3"))), types[0]);
    EXPECT_EQ(pos.side_to_move(), WHITE);  // the owner places the rest in the same turn
    EXPECT_EQ(pos.pending(), PLACING);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"P@d3", "R@d3"}));
    EXPECT_EQ(write_fen(pos),
              "4k3/8/8/8/8/3P4/8/4K3 w - - 0 1 - 1 R@d3? 8/2/2/2/2/0/1/1/1:8/2/2/2/2/1/1/1/1");
    EXPECT_EQ(write_fen(parse_fen(g, write_fen(pos))), write_fen(pos));
    EXPECT_EQ(parse_fen(g, write_fen(pos)).key(), pos.key());
    // The owner keeps the second drawn type: the pawn is owed, on the nearest cells.
    pos = play(g, fen, "d2d3 R@d3");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("d3"))), types[1]);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"P@c3", "P@e3", "P@c4", "P@d4", "P@e4"}));
    EXPECT_EQ(write_fen(pos),
              "4k3/8/8/8/8/3R4/8/4K3 w - - 0 1 - 1 P@d3 8/2/2/2/2/0/1/1/1:8/2/2/2/2/1/1/1/1");
    EXPECT_EQ(parse_fen(g, write_fen(pos)).key(), pos.key());
    EXPECT_EQ(pos.consistency_error(), "");
    const Position done = play(g, fen, "d2d3 R@d3 P@c4");
    EXPECT_EQ(type_of(done.piece_on(done.geometry().find("c4"))), types[0]);
    EXPECT_EQ(done.side_to_move(), BLACK);
    EXPECT_EQ(done.pending(), NO_PENDING);
    EXPECT_EQ(done.fullmove(), 1);
    EXPECT_EQ(done.rule50(), 0);
    // Keeping the first drawn piece: the rook is owed.
    EXPECT_EQ(ucis(play(g, fen, "d2d3 P@d3")),
              (std::set<std::string>{"R@c3", "R@e3", "R@c4", "R@d4", "R@e4"}));
}

TEST(BlackSwanEvents, TheOwnerPlacesTheOthersInAnyOrder) {
    const auto g = with_events();
    const auto types = event_types(1, bs::Tile::Event3Without);  // Q, B, N
    for (int t : types) EXPECT_NE(t, g->men.pawn);
    // Black's swan from h7 to h6: its zone is ranks 6 and 5; g6 is taken.
    const std::string fen = "4k3/7e'''/6r1/8/8/8/8/4K3 b - - 0 1 - 0 -";
    Position pos = play(g, fen, "h7h6");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"Q@h6", "N@h6", "B@h6"}));
    // The queen stays; either owed piece may go first, to either nearest cell.
    pos = play(g, fen, "h7h6 Q@h6");
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"N@g5", "N@h5", "B@g5", "B@h5"}));
    // The owed pieces are a set: their order, as drawn or as written, is no part of the position.
    const std::string owed = write_fen(pos);
    ASSERT_NE(owed.find(" NB@h6 "), std::string::npos) << owed;
    std::string reordered = owed;
    reordered.replace(owed.find(" NB@h6 "), 7, " BN@h6 ");
    EXPECT_EQ(parse_fen(g, reordered).key(), pos.key());
    EXPECT_EQ(write_fen(parse_fen(g, reordered)), owed);
    // The third drawn piece placed first, then the second.
    pos = play(g, fen, "h7h6 Q@h6 N@h5");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"B@g5"}));
    pos = play(g, fen, "h7h6 Q@h6 N@h5 B@g5");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("h5"))), types[2]);
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("g5"))), types[1]);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.fullmove(), 2);
    EXPECT_EQ(pos.consistency_error(), "");
    // The third drawn type may stay as well.
    EXPECT_EQ(type_of(play(g, fen, "h7h6 N@h6").piece_on(pos.geometry().find("h6"))), types[2]);
}

TEST(BlackSwanEvents, PiecesWithoutRoomAreLostAndTheOwnerChoosesWhich) {
    const auto g = with_events();
    const auto types = event_types(1, bs::Tile::Event3With);  // P, R, N
    // Ranks 3 and 4 full but for the swan's target: the owner still chooses which piece stays
    // (nothing is lost before that choice), then the other two are lost.
    const std::string full = "4k3/8/8/8/NNNNNNNN/NNN1NNNN/3E''4/4K3 w - - 0 1 - 0 -";
    Position pos = play(g, full, "d2d3");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("d3"))), types[0]);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"P@d3", "N@d3", "R@d3"}));
    pos = play(g, full, "d2d3 R@d3");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("d3"))), g->men.rook);
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.pending(), NO_PENDING);
    EXPECT_EQ(popcount(pos.pieces(WHITE)), 17);
    // One empty cell (h4): after the pawn stays, the owner chooses which of the knight and the
    // rook goes there; the other is lost.
    const std::string one = "4k3/8/8/8/NNNNNNN1/NNN1NNNN/3E''4/4K3 w - - 0 1 - 0 -";
    pos = play(g, one, "d2d3 P@d3");
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"N@h4", "R@h4"}));
    pos = play(g, one, "d2d3 P@d3 R@h4");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(popcount(pos.pieces(WHITE)), 17);
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("h4"))), g->men.rook);
    EXPECT_EQ(popcount(pos.pieces(WHITE, g->men.knight)), 14);  // the drawn knight was lost
    pos = play(g, one, "d2d3 P@d3 N@h4");
    EXPECT_EQ(popcount(pos.pieces(WHITE, g->men.knight)), 15);
    EXPECT_EQ(popcount(pos.pieces(WHITE, g->men.rook)), 0);
}

TEST(BlackSwanEvents, EnPassantFollowsThePieceThatStays) {
    const auto g = with_events();
    // e2-e4 draws a pawn and a rook beside Black's pawn on d4: e3 may be taken en passant only
    // if the pawn stays on e4.
    const std::string fen = "4k3/8/8/8/3p4/8/4E3/4K3 w - - 0 1 - 0 -";
    Position pos = play(g, fen, "e2e4");
    EXPECT_EQ(pos.state().ep_square, pos.geometry().find("e3"));
    EXPECT_EQ(write_fen(parse_fen(g, write_fen(pos))), write_fen(pos));
    EXPECT_EQ(parse_fen(g, write_fen(pos)).key(), pos.key());
    pos = play(g, fen, "e2e4 R@e4 P@d3");  // the rook stays: no en passant
    EXPECT_EQ(pos.state().ep_square, SQ_NONE);
    EXPECT_EQ(sans(pos).count("dxe3"), 0u);
    pos = play(g, fen, "e2e4 P@e4 R@f4");
    EXPECT_EQ(pos.state().ep_square, pos.geometry().find("e3"));
    EXPECT_EQ(sans(pos).count("dxe3"), 1u);
    EXPECT_EQ(parse_fen(g, write_fen(pos)).key(), pos.key());
}

TEST(BlackSwanEvents, UndoRestoresTheSwan) {
    const auto g = with_events();
    const std::string fen = "4k3/8/8/8/8/8/3E4/4K3 w - - 0 1 - 0 -";
    Position pos = parse_fen(g, fen);
    const uint64_t key = pos.key();
    MoveList list;
    generate_legal(pos, list);
    ASSERT_GT(list.size(), 0);  // the swan's moves, so that the loop below has work
    for (Move m : list) {
        StateInfo st;
        pos.do_move(m, st);
        EXPECT_EQ(pos.consistency_error(), "");
        MoveList next;
        generate_legal(pos, next);
        for (Move n : next) {
            StateInfo st2;
            pos.do_move(n, st2);
            EXPECT_EQ(pos.consistency_error(), "");
            pos.undo_move(n);
        }
        pos.undo_move(m);
        EXPECT_EQ(pos.key(), key);
        EXPECT_EQ(write_fen(pos), fen);
    }
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(BlackSwan, MateAndStalemateWithSwansOnTheBoard) {
    // The swans on g7 and h7 shut their own king in and cannot block a rank: mate.
    Position mate = parse_fen(game(), "R6k/6p'p'/8/8/8/8/8/4K3 b - - 0 1 - 0 -");
    EXPECT_EQ(outcome(mate).result, Result::WhiteWins);
    EXPECT_EQ(outcome(mate).reason, "checkmate");
    // The swan on a7 is blocked by the knight and has nothing to take; the king has no square.
    Position stalemate = parse_fen(game(), "7k/p'4Q2/N7/8/8/8/8/4K3 b - - 0 1 - 0 -");
    EXPECT_EQ(outcome(stalemate).result, Result::Draw);
    EXPECT_EQ(outcome(stalemate).reason, "stalemate");
    // A white piece on b6 would be there to take: no stalemate.
    Position not_stalemate = parse_fen(game(), "7k/p'4Q2/NB6/8/8/8/8/4K3 b - - 0 1 - 0 -");
    EXPECT_EQ(ucis(not_stalemate), (std::set<std::string>{"a7b6"}));
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(BlackSwan, PromotionToOneTwoOrThreeRandomPieces) {
    const auto g = make_blackswan({{"seed", SEED}});
    const Seed seed = *seed_from_hex(SEED);
    auto drawn = [&](int n) {
        std::string out;
        for (blackswan::Kind k : blackswan::draw_promotion(seed, n))
            out += g->token(static_cast<int>(k));
        return out;
    };
    // The seed's promotions used here; the FEN says how many there were before.
    ASSERT_EQ(drawn(1), "B");
    ASSERT_EQ(drawn(3), "QR");
    ASSERT_EQ(drawn(5), "RBR");
    auto fen = [](int n) {
        return "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 - 0" + (n > 1 ? "/" + std::to_string(n - 1) : "") +
               " -";
    };
    Position pos = play(g, fen(1), "a7a8q");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("a8"))), g->men.bishop);
    EXPECT_EQ(pos.side_to_move(), BLACK);

    // Two pieces: the owner chooses which stays on a8, then places the other nearest to it.
    pos = play(g, fen(3), "a7a8");
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("a8"))), g->men.queen);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"Q@a8", "R@a8"}));
    EXPECT_TRUE(write_fen(pos).ends_with(" R=a8?")) << write_fen(pos);
    EXPECT_EQ(write_fen(parse_fen(g, write_fen(pos))), write_fen(pos));
    pos = play(g, fen(3), "a7a8 R@a8");
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("a8"))), g->men.rook);
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"Q@a7", "Q@b7", "Q@b8"}));
    EXPECT_TRUE(write_fen(pos).ends_with(" Q=a8")) << write_fen(pos);
    pos = play(g, fen(3), "a7a8 R@a8 Q@b8");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(type_of(pos.piece_on(pos.geometry().find("b8"))), g->men.queen);

    // Three pieces of two types: two choices of the piece that stays, then the rooks.
    pos = play(g, fen(5), "a7a8");
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"R@a8", "B@a8"}));
    pos = play(g, fen(5), "a7a8 B@a8");
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"R@a7", "R@b7", "R@b8"}));
    pos = play(g, fen(5), "a7a8 B@a8 R@b8");
    EXPECT_EQ(ucis(pos), (std::set<std::string>{"R@a7", "R@b7"}));
    pos = play(g, fen(5), "a7a8 B@a8 R@b8 R@a7");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(popcount(pos.pieces(WHITE)), 4);
    EXPECT_EQ(pos.consistency_error(), "");
}

}  // namespace
}  // namespace menagerie
