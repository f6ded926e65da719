// Black Swan as the players see it: the player's view, chance nodes, records and verify, and
// the property that nothing a player receives depends on a hidden identity.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <random>
#include <set>

#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/random_stream.h"
#include "core/record.h"
#include "core/rules.h"
#include "core/setup.h"
#include "games/blackswan.h"
#include "games/blackswan_draws.h"
#include "games/blackswan_outcomes.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/record.h"
#include "hidden/referee.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"
#include "test_util.h"

namespace menagerie {
namespace {

const std::string VIEW_START = "ssssksss/ssssssss/8/8/8/8/SSSSSSSS/SSSSKSSS w - - 0 1 - 0 -";

std::shared_ptr<const Game> referee(const std::string& seed = "42") {
    return make_blackswan({{"seed", seed}});
}

TEST(BlackSwanView, SeedsAsHexOrNumber) {
    EXPECT_EQ(to_hex(*seed_from_text("42")), std::string(62, '0') + "2a");
    EXPECT_EQ(*seed_from_text(std::string(62, '0') + "2a"), *seed_from_text("42"));
    EXPECT_FALSE(seed_from_text("18446744073709551616"));  // above 2^64 - 1
    EXPECT_FALSE(seed_from_text("-1"));
    EXPECT_FALSE(seed_from_text(""));
    EXPECT_EQ(referee("42")->options.at("seed"), std::string(62, '0') + "2a");
    EXPECT_NE(referee("43")->options.at("seed"), referee("42")->options.at("seed"));
    EXPECT_THROW(make_blackswan({{"view", "player"}, {"seed", "1"}}), Error);
    EXPECT_THROW(make_blackswan({{"view", "judge"}}), Error);
}

TEST(BlackSwanView, ViewOfTheStartHidesEveryIdentity) {
    const Position start = start_position(referee());
    PlayerView view = view_of(start, WHITE);
    EXPECT_EQ(view.fen(), VIEW_START);
    const auto game = player_game(*referee());
    EXPECT_EQ(write_fen(parse_fen(game, VIEW_START)), VIEW_START);
    EXPECT_EQ(write_fen(start_position(game)), VIEW_START);
    EXPECT_EQ(view.unseen(BLACK)[0], 8);
    // The view's game has one swan type: it cannot hold an identity.
    EXPECT_EQ(static_cast<int>(game->men.types.size()), game->chance.first_hidden + 1);
    EXPECT_THROW(PlayerView(start, WHITE), Error);  // a referee's position is no view
    EXPECT_THROW(parse_fen(game, "4k3/8/8/8/8/8/3N'4/4K3 w - - 0 1 - 0 -"), Error);
    // More face-down swans than unseen tiles is refused.
    EXPECT_THROW(parse_fen(game,
                           "4k3/8/8/8/8/8/SSS5/4K3 w - - 0 1 - 0 - "
                           "1/0/0/0/0/0/0/0/1:8/2/2/2/2/1/1/1/1"),
                 Error);
}

TEST(BlackSwanView, PerftCountsEachOutcomeOfAChanceNode) {
    Position pos = start_position(player_game(*referee()));
    // 16 swan moves, each to the third or fourth rank: 5 pieces, 25 + 16 + 125 + 64 events.
    EXPECT_EQ(view_perft(pos, 1), 16u * 235u);
    // A lone knight left: a reveal has one outcome; a promotion has 4 + 16 + 64.
    Position one = parse_fen(player_game(*referee()),
                             "4k3/P7/8/8/8/8/3S4/4K3 w - - 0 1 - 0 - "
                             "0/1/0/0/0/0/0/0/0:8/2/2/2/2/1/1/1/1");
    EXPECT_EQ(view_perft(one, 1), 4u /* king */ + 2u /* swan */ + 84u);
    // The referee's perft counts each move once.
    Position ref = start_position(referee());
    EXPECT_EQ(view_perft(ref, 1), 16u);
}

// The depth-2 count from the start, worked out without the placement generator: after a swan's
// move, a piece turned over leaves Black's replies; an event of one type the owner's placements
// (the empty cells of ranks 3 and 4 nearest the swan, counted here from the cells' coordinates);
// an event of mixed types the choice of the piece that stays, one move per type drawn. Before the
// owner's choice the same count was 316420 (every event's second piece placed at once).
TEST(BlackSwanView, PerftCountsTheChoiceOfThePieceThatStays) {
    const auto view = player_game(*referee());
    Position pos = start_position(view);
    const Geometry& g = pos.geometry();
    uint64_t expected = 0;
    MoveList swans;
    generate_legal(pos, swans);
    for (Move m : swans) {
        for (int o :
             blackswan::possible_outcomes(MoveKind::Normal, pos.state().chance.unseen[WHITE])) {
            const Draw d = view->chance.decode(MoveKind::Normal, o);
            StateInfo st;
            pos.do_move(m.with_outcome(o), st);
            if (d.count == 1) {
                expected += view_perft(pos, 1);
            } else if (std::set<int>(d.types.begin(), d.types.begin() + d.count).size() > 1) {
                expected += std::set<int>(d.types.begin(), d.types.begin() + d.count).size();
            } else {
                const Cell& swan = g.cell(m.to());
                int nearest = 99, cells = 0;
                for (int rank = 2; rank <= 3; ++rank)
                    for (int file = 0; file < 8; ++file) {
                        const Square s = g.at(file, rank);
                        if (pos.piece_on(s) != NO_PIECE) continue;
                        const int steps =
                            std::max(std::abs(file - swan.file), std::abs(rank - swan.rank));
                        if (steps < nearest) nearest = steps, cells = 0;
                        cells += steps == nearest;
                    }
                expected += static_cast<uint64_t>(cells);
            }
            pos.undo_move(m.with_outcome(o));
        }
    }
    EXPECT_EQ(expected, 309284u);
    EXPECT_EQ(view_perft(pos, 2), expected);

    // One swan whose only tile left is "3 pieces, pawns possible": 4 king moves (5 replies
    // each) and d2d3, d2d4, each with 125 outcomes: 5 of one type (5 cells each), 60 of two
    // types, 60 of three (one move per type): 20 + 2 * (25 + 120 + 180) = 670 (1270 before).
    const std::string lone =
        "4k3/8/8/8/8/8/3S4/4K3 w - - 0 1 - 0 - "
        "0/0/0/0/0/0/0/1/0:8/2/2/2/2/1/1/1/1";
    Position one = parse_fen(view, lone);
    EXPECT_EQ(view_perft(one, 2), 670u);
    // After d2d3 brings a pawn, a knight and a rook: 3 choices of the piece that stays; then
    // either owed type on each of the 5 nearest cells (30); then the last on the 4 left (120).
    GameRecord mixed(parse_fen(view, lone));
    mixed.play(parse_move(mixed.position(), "d2d3:3+PNR"));
    EXPECT_EQ(view_perft(mixed.position(), 1), 3u);
    EXPECT_EQ(view_perft(mixed.position(), 2), 30u);
    EXPECT_EQ(view_perft(mixed.position(), 3), 120u);
    // Two pawns and a knight: the pawn stays (a pawn or the knight owed, 2 x 5) or the knight
    // (two pawns owed, one type: 5): 15; then 4 cells for the last piece: 60.
    GameRecord pawns(parse_fen(view, lone));
    pawns.play(parse_move(pawns.position(), "d2d3:3+PPN"));
    EXPECT_EQ(view_perft(pawns.position(), 1), 2u);
    EXPECT_EQ(view_perft(pawns.position(), 2), 15u);
    EXPECT_EQ(view_perft(pawns.position(), 3), 60u);
}

TEST(BlackSwanView, AMoveNeedsItsOutcomeFromTheReferee) {
    GameRecord ref(start_position(referee()));
    PlayerView view = view_of(ref.position(), WHITE);
    const Move asked = parse_move(view.position(), "d2d4");
    EXPECT_EQ(view.san(asked), "Sd4");
    EXPECT_THROW(view.play(asked), Error);  // no outcome
    const Move told = blackswan::announce(ref.position(), asked);
    ASSERT_NE(told.outcome(), 0);
    const std::string text = move_to_uci(ref.position(), told);  // the referee's, with outcome
    EXPECT_EQ(view.uci(told), text);
    EXPECT_EQ(view.parse(text), told);
    view.play(told);
    ref.play(told);
    EXPECT_EQ(view.fen(), view_of(ref.position(), WHITE).fen());
    EXPECT_TRUE(view.undo());
    EXPECT_EQ(view.fen(), VIEW_START);
    // The referee's game refuses an outcome that is not the swan's tile (it knows them all).
    Position r = start_position(referee());
    const std::string other = text.back() == 'P' ? "d2d4:N" : "d2d4:P";
    EXPECT_THROW(parse_move(r, other), Error);
    EXPECT_THROW(parse_move(r, "d2d4:2-PP"), Error);  // impossible: no pawns in that event
    EXPECT_EQ(parse_move(r, text), told);
}

TEST(BlackSwanView, PromotionWritesWhatWasDrawn) {
    const auto g = referee();
    Position pos = parse_fen(g, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 - 0 -");
    const Move m = parse_move(pos, "a7a8");
    EXPECT_EQ(parse_move(pos, "a7a8q"), m);   // the old spelling still reads
    EXPECT_EQ(chance_draw(pos, m).count, 0);  // the rules draw nothing: the referee tells it
    const Move told = blackswan::announce(pos, m);
    const Draw d = chance_draw(pos, told);
    ASSERT_GE(d.count, 1);  // a promotion brings 1, 2 or 3 pieces: never an empty text
    ASSERT_LE(d.count, 3);
    std::string drawn;
    for (int i = 0; i < d.count; ++i) drawn += g->token(d.types[static_cast<size_t>(i)]);
    EXPECT_EQ(move_to_uci(pos, told), "a7a8:" + drawn);
    EXPECT_EQ(move_to_san(pos, told).substr(0, 3 + drawn.size()), "a8:" + drawn);
}

// A referee's position with the identities of its face-down swans shuffled among themselves
// (per side): the same for every player, different for the referee. Done on the FEN's board.
Position permuted(const Position& pos, std::mt19937_64& rng) {
    const Game& g = pos.game();
    const std::string fen = write_fen(pos);
    const std::string board = fen.substr(0, fen.find(' '));
    auto is_swan = [&](Piece p) { return p != NO_PIECE && type_of(p) >= g.chance.first_hidden; };
    std::array<std::vector<Piece>, COLOR_NB> swans;
    for (size_t at = 0; at < board.size();) {
        const Piece p = g.read_token(board, at);
        if (p == NO_PIECE)
            ++at;  // a digit or '/'
        else if (is_swan(p))
            swans[color_of(p)].push_back(p);
    }
    for (auto& side : swans) std::shuffle(side.begin(), side.end(), rng);
    std::array<size_t, COLOR_NB> next{};
    std::string out;
    for (size_t at = 0; at < board.size();) {
        const size_t start = at;
        const Piece p = g.read_token(board, at);
        if (p == NO_PIECE) {
            out += board[at++];
        } else if (is_swan(p)) {
            out += g.token(swans[color_of(p)][next[color_of(p)]++]);
        } else {
            out += board.substr(start, at - start);
        }
    }
    return parse_fen(pos.game_ptr(), out + fen.substr(fen.find(' ')));
}

// Everything a player receives at this point, made from the view.
std::string received(PlayerView view) {
    std::string out = view.fen() + "\n";
    for (Move m : view.legal_moves()) out += view.uci(m) + " " + view.san(m) + "\n";
    for (const char* bad : {"z9", "Qh5", "e2e5", "d2d4:X", "B@a1"}) {
        try {
            view.parse(bad);
        } catch (const Error& e) {
            out += std::string(e.what()) + "\n";
        }
    }
    for (Move m : view.legal_moves()) {
        try {
            view.play(m);  // a chance move without its outcome is refused
            view.undo();
        } catch (const Error& e) {
            out += std::string(e.what()) + "\n";
        }
    }
    return out;
}

// A referee's token: a primed letter (P' ... q') or an event tile's E (quotes around an echoed
// input in a message are not tokens).
bool has_hidden_token(const std::string& text) {
    for (size_t i = 1; i < text.size(); ++i)
        if (text[i] == '\'' && std::string("PNBRQEpnbrqe'").find(text[i - 1]) != std::string::npos)
            return true;
    return false;
}

TEST(BlackSwanView, NothingAPlayerReceivesDependsOnAHiddenIdentity) {
    const bool quick = test::quick();
    const int games = quick ? 2 : 6, plies = quick ? 30 : 80;
    std::mt19937_64 rng(7);
    int differing = 0;  // plies where the permuted referee's position differs
    for (int game = 0; game < games; ++game) {
        const auto g = referee(std::to_string(100 + game));
        const Position start = start_position(g);
        GameRecord ref(start);
        PlayerView view = view_of(start, WHITE);
        for (int ply = 0; ply < plies; ++ply) {
            Position& pos = ref.position();
            const std::string seen = received(view_of(pos, WHITE));
            const Position other = permuted(pos, rng);
            differing += write_fen(other) != write_fen(pos);
            EXPECT_EQ(seen, received(view_of(other, WHITE))) << write_fen(pos);
            EXPECT_EQ(seen, received(view_of(pos, BLACK)));
            EXPECT_EQ(view.fen(), view_of(pos, WHITE).fen());  // kept by the moves as told
            // No hidden token (a primed letter or an event tile) in what the view writes.
            EXPECT_FALSE(has_hidden_token(seen)) << seen;
            const std::string pgn = player_pgn(start, ref.moves(), false);
            const std::string movetext = pgn.substr(pgn.find("\n\n"));
            EXPECT_FALSE(has_hidden_token(movetext)) << movetext;
            EXPECT_EQ(movetext.find('E'), std::string::npos);
            EXPECT_EQ(pgn.find("[Seed"), std::string::npos);
            MoveList legal;
            generate_legal(pos, legal);
            if (legal.size() == 0) break;
            const Move m = legal.moves[rng() % static_cast<size_t>(legal.size())];
            const Move told = blackswan::announce(pos, m);
            // Make and unmake on the view restore it exactly.
            const std::string before = view.fen();
            const uint64_t key = view.position().key();
            view.play(told);
            view.undo();
            EXPECT_EQ(view.fen(), before);
            EXPECT_EQ(view.position().key(), key);
            view.play(told);
            ref.play(told);
            EXPECT_EQ(view.position().consistency_error(), "");
        }
        // The finished record (with its seed) is honest; one altered outcome is not.
        std::string pgn = player_pgn(start, ref.moves(), true);
        if (ref.position().pending() == PLACING) {  // a turn left half done is unfinished
            EXPECT_TRUE(verify_record(pgn).unfinished);
            continue;
        }
        if (const size_t open = pgn.find("[Result \"*\"]"); open != std::string::npos) {
            pgn.replace(pgn.rfind('*'), 1, "1/2-1/2");  // a draw agreed: the game is over
            pgn.replace(open, 12, "[Result \"1/2-1/2\"]");
        }
        const Verdict honest = verify_record(pgn);
        EXPECT_TRUE(honest.honest) << honest.message;
        // The first outcome that starts with a piece (an event's starts with its tile, and a
        // placement's letter is no outcome).
        size_t colon = pgn.find(':', pgn.find("\n\n"));
        while (colon != std::string::npos &&
               (std::string("PNBRQ").find(pgn[colon + 1]) == std::string::npos ||
                pgn[colon + 2] == '@'))
            colon = pgn.find(':', colon + 1);
        ASSERT_NE(colon, std::string::npos);
        for (const char* piece : {"N", "B"}) {
            std::string forged = pgn;
            if (forged.substr(colon + 1, 1) == piece) continue;
            forged.replace(colon + 1, 1, piece);
            const Verdict v = verify_record(forged);
            EXPECT_FALSE(v.honest) << forged;
            break;
        }
    }
    EXPECT_GT(differing, games * plies / 2);
}

TEST(BlackSwanView, VerifyChecksTheCommitment) {
    GameRecord ref(start_position(referee()));
    for (const char* text : {"d2d4", "e7e5"})
        ref.play(blackswan::announce(ref.position(), parse_move(ref.position(), text)));
    std::string pgn = player_pgn(start_position(referee()), ref.moves(), true);
    if (ref.position().pending() == PLACING) {  // e7e5 was an event: place its pieces
        for (MoveList legal; ref.position().pending() == PLACING;) {
            legal.count = 0;
            generate_legal(ref.position(), legal);
            ref.play(legal.moves[0]);
        }
        pgn = player_pgn(start_position(referee()), ref.moves(), true);
    }
    // Unfinished (result *): nothing wrong, but no verdict of honesty either.
    EXPECT_TRUE(verify_record(pgn).unfinished) << verify_record(pgn).message;
    EXPECT_FALSE(verify_record(pgn).honest);
    pgn.replace(pgn.rfind('*'), 1, "0-1");  // White resigned
    pgn.replace(pgn.find("[Result \"*\"]"), 12, "[Result \"0-1\"]");
    EXPECT_TRUE(verify_record(pgn).honest) << verify_record(pgn).message;
    std::string forged = pgn;
    const size_t at = forged.find("[Seed \"") + 7;
    forged[at] = forged[at] == '0' ? '1' : '0';
    EXPECT_FALSE(verify_record(forged).honest);
    EXPECT_NE(verify_record(forged).message.find("commitment"), std::string::npos);
    const std::string unfinished = player_pgn(start_position(referee()), ref.moves(), false);
    EXPECT_FALSE(verify_record(unfinished).honest);
    EXPECT_TRUE(verify_record(unfinished).unfinished);  // no Seed yet
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(BlackSwanView, GivesCheckSeesWhatAMoveReveals) {
    const auto g = make_blackswan({{"seed", "42"}});
    // The swan on c2 is a queen: c2c3 checks the king on a5; a swan that is a knight does not.
    Position pos = parse_fen(g, "8/8/8/k7/8/8/2Q'5/4K3 w - - 0 1 -");
    EXPECT_TRUE(pos.gives_check(parse_move(pos, "c2c3")));
    pos = parse_fen(g, "8/8/8/k7/8/8/2N'5/4K3 w - - 0 1 -");
    EXPECT_FALSE(pos.gives_check(parse_move(pos, "c2c3")));
    // On a view, without the outcome it may check; with it, it knows.
    PlayerView view = view_of(parse_fen(g, "8/8/8/k7/8/8/2Q'5/4K3 w - - 0 1 -"), WHITE);
    const Move bare = view.parse("c2c3");
    EXPECT_TRUE(view.position().gives_check(bare));
    EXPECT_TRUE(view.position().gives_check(view.parse("c2c3:Q")));
    EXPECT_FALSE(view.position().gives_check(view.parse("c2c3:N")));
    // A draw of several types: whichever the owner keeps on the cell may be the one that checks
    // (the rook, on d3 under the king on d8), whatever type stands there until the choice.
    const auto seen = player_game(*referee());
    const std::string tiles = " w - - 0 1 - 0 - 0/0/0/0/0/0/0/1/0:8/2/2/2/2/1/1/1/1";
    Position under = parse_fen(seen, "3k4/8/8/8/8/8/3S4/4K3" + tiles);
    EXPECT_TRUE(under.gives_check(parse_move(under, "d2d3:3+PNR")));
    EXPECT_TRUE(under.gives_check(parse_move(under, "d2d3:3+RNP")));
    Position aside = parse_fen(seen, "k7/8/8/8/8/8/3S4/4K3" + tiles);
    EXPECT_FALSE(aside.gives_check(parse_move(aside, "d2d3:3+PNR")));
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(BlackSwanView, FenMovesAndPgnRoundTripOnBothViews) {
    const bool quick = test::quick();
    std::mt19937_64 rng(3);
    for (int game = 0; game < (quick ? 1 : 3); ++game) {
        const auto g = make_blackswan({{"seed", std::to_string(7 + game)}});
        const Position start = start_position(g);
        GameRecord ref(start);
        PlayerView view = view_of(start, WHITE);
        for (int ply = 0; ply < (quick ? 25 : 60); ++ply) {
            Position& pos = ref.position();
            for (Position* p : {&pos, &view.position()}) {
                const std::string fen = write_fen(*p);
                const Position again = parse_fen(p->game_ptr(), fen);
                EXPECT_EQ(write_fen(again), fen);
                EXPECT_EQ(again.key(), p->key()) << fen;
            }
            MoveList legal;
            generate_legal(pos, legal);
            if (legal.size() == 0) break;
            for (Move m : legal) {
                // The referee's text carries the seed's outcome and reads back as the move.
                const Move told = blackswan::announce(pos, m);
                EXPECT_EQ(parse_move(pos, move_to_uci(pos, told)), told) << move_to_uci(pos, told);
                EXPECT_EQ(parse_move(pos, move_to_san(pos, told)), told) << move_to_san(pos, told);
                // The view reads the move as asked and as told, in both forms.
                EXPECT_EQ(view.parse(view.uci(m)), m);
                EXPECT_EQ(view.parse(view.san(m)), m) << view.san(m);
                EXPECT_EQ(view.parse(view.uci(told)), told);
                EXPECT_EQ(view.parse(view.san(told)), told) << view.san(told);
            }
            const Move m =
                blackswan::announce(pos, legal.moves[rng() % static_cast<size_t>(legal.size())]);
            view.play(m);
            ref.play(m);
        }
        const std::string pgn = player_pgn(start, ref.moves(), true);
        const GameResolver resolve = [](const std::string& name, const Options& options) {
            return make_game(name, options);
        };
        const PgnGame parsed = parse_pgn(pgn, resolve);
        EXPECT_EQ(parsed.moves, view.history());
        EXPECT_EQ(write_fen(final_position(parsed, resolve)), view.fen());
        EXPECT_EQ(parsed.tags.at("Seed"), g->options.at("seed"));
    }
}

TEST(BlackSwanView, AWrongPlacementNamesThePlacementsOwed) {
    PlayerView view = view_of(start_position(make_blackswan({{"seed", "42"}})), WHITE);
    view.play(view.parse("d2d4:2-QB"));  // an event of a queen and a bishop, placed by White
    Position& pos = view.position();
    ASSERT_EQ(pos.pending(), PLACING);
    MoveList legal;
    generate_legal(pos, legal);
    ASSERT_GT(legal.size(), 0u);
    try {
        parse_move(pos, "N@a6");  // no knight is owed, nor is a6 a cell to place on
        FAIL() << "a wrong placement was read";
    } catch (const Error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(move_to_uci(pos, *legal.begin())), std::string::npos) << message;
        EXPECT_EQ(message.find("as N@c4"), std::string::npos) << message;  // the old fixed hint
    }
}

TEST(BlackSwanView, ASwanMayBeWrittenAsAPawn) {
    PlayerView view = view_of(start_position(make_blackswan({{"seed", "42"}})), WHITE);
    EXPECT_EQ(view.parse("d4"), view.parse("Sd4"));
    EXPECT_EQ(view.parse("d2d4"), view.parse("Sd4"));
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

TEST(BlackSwanView, ExchangeValueCountsWhatAMoveReveals) {
    const auto g = make_blackswan({{"seed", "42"}});
    const int pawn = g->men.value[g->men.pawn], queen = g->men.value[g->men.queen];
    const int knight = g->men.value[g->men.knight];
    // The swan on e2 (a queen) takes the pawn on d3: the material counts a swan as a pawn, so
    // the exchange wins the pawn and what the reveal adds.
    Position pos = parse_fen(g, "4k3/8/8/8/8/3p4/4Q'3/4K3 w - - 0 1 -");
    EXPECT_EQ(pos.see(parse_move(pos, "e2d3")), queen);
    PlayerView view = view_of(pos, WHITE);
    EXPECT_EQ(view.position().see(view.parse("e2d3")), pawn);  // at least a pawn
    EXPECT_EQ(view.position().see(view.parse("e2d3:Q")), queen);
    EXPECT_EQ(view.position().see(view.parse("e2d3:N")), knight);
    // Defended by the pawn on c4: what was revealed is taken back.
    pos = parse_fen(g, "4k3/8/8/8/2p5/3p4/4Q'3/4K3 w - - 0 1 -");
    EXPECT_EQ(pos.see(parse_move(pos, "e2d3")), 0);
    // An event of a queen and a knight there: the owner leaves the knight on d3, where it is
    // taken back, and keeps the queen (drawn first, it would otherwise be the one lost).
    PlayerView defended = view_of(pos, WHITE);
    EXPECT_EQ(defended.position().see(defended.parse("e2d3:2-QN")), queen);
    EXPECT_EQ(defended.position().see(defended.parse("e2d3:2-NQ")), queen);
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// Over real play with fixed seeds: the first swan each side turns over is any of its 20 tiles
// alike, so the tile kinds follow the composition 8/2/2/2/2/1/1/1/1 (chi-square, 8 degrees of
// freedom, below 26.12: p > 0.001).
TEST(BlackSwanView, RevealedTilesFollowTheCompositionInPlay) {
    const int games = test::quick() ? 60 : 200;
    std::array<int, 9> seen{};
    for (int n = 0; n < games; ++n) {
        GameRecord ref(start_position(make_blackswan({{"seed", std::to_string(1000 + n)}})));
        PlayerView view = view_of(ref.position(), WHITE);
        for (const char* text : {"d2d4", "e7e5"}) {
            const Color mover = ref.position().side_to_move();
            const Move m = parse_move(ref.position(), text);
            const auto before = view.unseen(mover);
            view.play(blackswan::announce(ref.position(), m));
            ref.play(m);
            for (size_t k = 0; k < seen.size(); ++k) seen[k] += before[k] - view.unseen(mover)[k];
            if (view.position().pending() == PLACING) break;  // Black's reply waits: next game
        }
    }
    const std::array<double, 9> share = {8, 2, 2, 2, 2, 1, 1, 1, 1};
    int total = 0;
    for (int c : seen) total += c;
    ASSERT_GE(total, games);
    double chi2 = 0;
    for (size_t k = 0; k < seen.size(); ++k) {
        const double expected = total * share[k] / 20;
        chi2 += (seen[k] - expected) * (seen[k] - expected) / expected;
    }
    EXPECT_LT(chi2, 26.12) << total << " reveals";
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// Every outcome of every chance move, played and taken back at random along lines from positions
// the engine met in play: the board and the men's sets must agree after each move and each
// undo, and each undo must restore the position exactly (FEN and key).
TEST(BlackSwanView, MakeAndUndoOfEveryOutcomeKeepThePositionWhole) {
    const auto referee = make_game("blackswan");
    const auto game = player_game(*referee);
    const char* fens[] = {
        "1ss1k2s/1s1s3s/n2P2p1/Q1P3b1/3B2P1/1Q6/1S1S1S2/SS2KS1S b - - 1 28 d2d7 3 - "
        "5/1/1/2/1/1/0/1/0:6/0/1/1/0/0/1/1/1",
        "8/3s1ks1/5p1n/bq6/1p1p2p1/3P2P1/4S1SS/1K5S b - - 1 48 g2d7g7 4 - "
        "3/0/2/1/2/0/1/1/0:3/1/0/1/0/1/1/0/0",
        "s6s/1ss2k2/1ppq2b1/5p2/3pn2r/PP1Q4/1q1SS3/3SKr1S w - - 0 36 b7c7 4 - "
        "2/0/2/2/0/0/1/1/1:5/1/0/1/1/0/0/1/0",
        "4k2s/1s1s1q2/2qp1p1r/6pP/1p3n2/3PBP2/SS1BSSKS/S2qN3 w - - 1 27 b2f2h2b7d7 3 - "
        "5/0/1/1/2/1/1/1/0:4/0/0/2/0/1/0/1/0",
    };
    std::mt19937 rng(5);
    for (const char* fen : fens) {
        Position pos = parse_fen(game, fen);
        const std::string start = write_fen(pos);
        for (int line = 0; line < 300; ++line) {
            std::vector<std::pair<Move, std::string>> played;
            std::deque<StateInfo> states;
            for (int ply = 0; ply < 6; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.count == 0) break;
                Move m = list.moves[rng() % static_cast<unsigned>(list.count)];
                if (is_chance_move(pos, m)) {
                    const auto outcomes = blackswan::possible_outcomes(
                        outcome_kind(m), pos.state().chance.unseen[pos.side_to_move()]);
                    ASSERT_FALSE(outcomes.empty());
                    m = m.with_outcome(outcomes[rng() % outcomes.size()]);
                }
                const std::string before = write_fen(pos);
                states.emplace_back();
                pos.do_move(m, states.back());
                ASSERT_EQ(pos.consistency_error(), "") << before << " " << move_to_uci(pos, m);
                played.emplace_back(m, before);
            }
            while (!played.empty()) {
                pos.undo_move(played.back().first);
                ASSERT_EQ(pos.consistency_error(), "") << played.back().second;
                ASSERT_EQ(write_fen(pos), played.back().second);
                played.pop_back();
            }
        }
        EXPECT_EQ(write_fen(pos), start);
    }
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// A finished record: the result `*` of a game cut off by hand replaced by a draw agreed.
std::string agreed_draw(std::string pgn) {
    const size_t open = pgn.find("[Result \"*\"]");
    if (open == std::string::npos) return pgn;
    pgn.replace(pgn.rfind('*'), 1, "1/2-1/2");
    return pgn.replace(open, 12, "[Result \"1/2-1/2\"]");
}

// Plays `plies` random moves through the referee (as a player or an engine asks for them).
void play_random(Referee& referee, int plies, std::mt19937_64& rng) {
    for (int ply = 0; ply < plies; ++ply) {
        MoveList legal;
        generate_legal(referee.view_position(), legal);
        if (legal.size() == 0 || outcome(referee.position()).result != Result::Ongoing) return;
        referee.play(legal.moves[rng() % static_cast<size_t>(legal.size())]);
    }
}

TEST(Referee, DrawsOnceAndTellsBothGamesTheSame) {
    Referee judge(start_position(referee()));
    EXPECT_EQ(write_fen(judge.view_start()), VIEW_START);
    // The CLI's example (seed 42): d2d4 turns over a pawn, e7e5 an event of a queen and a
    // bishop: Black keeps the queen on e5 and places the bishop.
    for (const char* text : {"d2d4", "e7e5", "Q@e5", "B@d5", "d4e5"}) judge.play(std::string(text));
    std::vector<std::string> sans;
    for (const PlayedMove& p : judge.played()) sans.push_back(p.san);
    EXPECT_EQ(sans, (std::vector<std::string>{"Sd4:P", "Se5:2-QB", "Q@e5", "B@d5", "dxe5"}));
    EXPECT_EQ(judge.played()[1].brought.count, 2);  // as data: no text to read back
    EXPECT_TRUE(judge.played()[1].brought.event);
    EXPECT_EQ(judge.played()[0].brought.count, 1);
    EXPECT_EQ(judge.played()[2].brought.count, 0);
    EXPECT_EQ(judge.played()[3].brought.count, 0);
    // The referee's game and the view were told the same outcomes.
    EXPECT_EQ(view_of(judge.position(), WHITE).fen(), judge.view().fen());
    EXPECT_EQ(judge.played().back().fen, judge.view().fen());
    // A move that names its outcome, or an illegal one, is refused and changes nothing.
    EXPECT_THROW(judge.play(std::string("a7a6:N")), Error);
    EXPECT_THROW(judge.play(std::string("a2a3")), Error);  // not White's turn
    EXPECT_EQ(judge.played().size(), 5u);
}

// A player's move is read as it is: the stay step is not implied for a player, who must choose.
TEST(Referee, APlayerChoosesWhichPieceStays) {
    Referee judge(start_position(referee()));
    for (const char* text : {"d2d4", "e7e5"}) judge.play(std::string(text));
    EXPECT_THROW(judge.play(std::string("B@d5")), Error);
    judge.play(std::string("B@e5"));  // the bishop stays: the queen is owed
    EXPECT_THROW(judge.play(std::string("B@d5")), Error);
    judge.play(std::string("Q@d5"));
    EXPECT_EQ(judge.view().position().side_to_move(), WHITE);
    const Position& seen = judge.view().position();
    EXPECT_EQ(type_of(seen.piece_on(seen.geometry().find("e5"))), seen.game().men.bishop);
    EXPECT_EQ(type_of(seen.piece_on(seen.geometry().find("d5"))), seen.game().men.queen);
    EXPECT_EQ(view_of(judge.position(), WHITE).fen(), judge.view().fen());
}

TEST(Referee, NothingItHandsOutHoldsAHiddenIdentity) {
    std::mt19937_64 rng(11);
    for (int game = 0; game < (test::quick() ? 2 : 5); ++game) {
        Referee judge(start_position(referee(std::to_string(200 + game))));
        play_random(judge, test::quick() ? 40 : 100, rng);
        for (const PlayedMove& p : judge.played()) {
            EXPECT_FALSE(has_hidden_token(p.uci + " " + p.san)) << p.uci << " " << p.san;
            EXPECT_FALSE(has_hidden_token(p.fen.substr(0, p.fen.find(' ')))) << p.fen;
        }
        const std::string pgn = judge.pgn({}, false);
        EXPECT_FALSE(has_hidden_token(pgn.substr(pgn.find("\n\n")))) << pgn;
        EXPECT_EQ(pgn.find("[Seed"), std::string::npos);
        EXPECT_EQ(received(judge.view()), received(view_of(judge.position(), WHITE)));
    }
}

TEST(Referee, PlayersContributionsAreMixedIntoEveryDraw) {
    const Position start = start_position(referee("9"));
    Referee plain(start), mixed(start);
    mixed.contribute(WHITE, "white's own dice");
    mixed.contribute(BLACK, "47 11 3");
    EXPECT_THROW(mixed.contribute(BLACK, "again"), Error);  // once
    EXPECT_THROW(plain.contribute(WHITE, "a \"quote\""), Error);
    EXPECT_EQ(mixed.commitment(), plain.commitment());  // the seed committed to is the same
    EXPECT_EQ(mixed.view().fen(), plain.view().fen());  // and so is what the players see
    // The setup is drawn with the key: the referee's arrangement differs.
    EXPECT_NE(write_fen(mixed.position()), write_fen(plain.position()));
    std::mt19937_64 rng(5);
    play_random(mixed, 60, rng);
    EXPECT_THROW(mixed.contribute(WHITE, "late"), Error);  // the draws have begun
    const std::string pgn = agreed_draw(mixed.pgn({}, true));
    EXPECT_NE(pgn.find("[WhiteContribution \"white's own dice\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[BlackContribution \"47 11 3\"]"), std::string::npos);
    const Verdict v = verify_record(pgn);
    EXPECT_TRUE(v.honest) << v.message;
    // A record that hides or alters a contribution does not verify.
    std::string forged = pgn;
    forged.replace(forged.find("47 11 3"), 7, "47 11 4");
    EXPECT_FALSE(verify_record(forged).honest);
    EXPECT_FALSE(verify_record(forged).unfinished);
}

TEST(Referee, PlacementsBelongToTheMoversTurnInPgnAndTheOldFormStillReads) {
    Referee judge(start_position(referee()));
    for (const char* text : {"d2d4", "e7e5", "Q@e5", "B@d5", "d4e5"}) judge.play(std::string(text));
    const std::string pgn = agreed_draw(judge.pgn({}, true));
    EXPECT_NE(pgn.find("1. Sd4:P Se5:2-QB:Q@e5:B@d5 2. dxe5 1/2-1/2"), std::string::npos) << pgn;
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    const PgnGame now = parse_pgn(pgn, resolve);
    EXPECT_EQ(now.moves, judge.moves());
    EXPECT_TRUE(verify_record(pgn).honest);
    // The forms written before the owner chose the piece that stays: the first drawn stayed.
    // The placement joined to the reveal, and before that the placement as a move of its own.
    for (const std::string& earlier :
         {std::string("Se5:2-QB:B@d5"), std::string("Se5:2-QB 1... B@d5")}) {
        std::string old = pgn;
        old.replace(old.find("Se5:2-QB:Q@e5:B@d5"), 18, earlier);
        const PgnGame before = parse_pgn(old, resolve);
        EXPECT_EQ(before.moves, now.moves) << earlier;
        EXPECT_EQ(before.san, now.san) << earlier;
        EXPECT_TRUE(verify_record(old).honest) << earlier;
        // Written again, it takes the form of today.
        const std::string again = write_pgn(
            parse_fen(make_game("blackswan", {{"view", "player"}}), before.start_fen), before.san);
        EXPECT_NE(again.find("Se5:2-QB:Q@e5:B@d5 2. dxe5"), std::string::npos) << again;
    }
    // The new form round-trips: written from the moves read, it reads as the same moves.
    std::vector<std::string> texts;
    for (const std::string& san : now.san) texts.push_back(san);
    const std::string rewritten =
        write_pgn(parse_fen(make_game("blackswan", {{"view", "player"}}), now.start_fen), texts);
    EXPECT_EQ(parse_pgn(rewritten, resolve).moves, now.moves);
    EXPECT_NE(rewritten.find("Se5:2-QB:Q@e5:B@d5"), std::string::npos) << rewritten;
    // A placement joined to a move that owes none is refused with the game's line.
    std::string wrong = pgn;
    wrong.replace(wrong.find("Sd4:P"), 5, "Sd4:P:B@d5");
    EXPECT_THROW(parse_pgn(wrong, resolve), Error);
}

// A record of the older form that ends after a reveal of mixed pieces with no room for the
// others: the first drawn piece stayed and the turn ended there. A record that stops while its
// mover still chooses, with "*", stays as it is.
TEST(Referee, AnOlderRecordEndingAfterAReveal) {
    const auto view = make_game("blackswan", {{"view", "player"}});
    const Position start = parse_fen(view,
                                     "4k3/8/8/8/NNNNNNNN/NNN1NNNN/3S4/4K3 w - - 0 1 - 0 - "
                                     "8/0/2/2/2/1/1/1/1:8/2/2/2/2/1/1/1/1");
    std::string pgn = write_pgn(start, std::vector<std::string>{"d2d3:2+NB", "N@d3"});
    ASSERT_NE(pgn.find("1. Sd3:2+NB:N@d3 *"), std::string::npos) << pgn;
    pgn.replace(pgn.find(":N@d3 *"), 7, " 1-0");
    pgn.replace(pgn.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    const PgnGame old = parse_pgn(pgn, resolve);
    ASSERT_EQ(old.san, (std::vector<std::string>{"Sd3:2+NB", "N@d3"}));
    const Position end = final_position(old, resolve);
    EXPECT_EQ(end.side_to_move(), BLACK);
    EXPECT_EQ(end.pending(), NO_PENDING);
    std::string open = pgn;
    open.replace(open.find(" 1-0\n"), 5, " *\n");
    open.replace(open.find("[Result \"1-0\"]"), 14, "[Result \"*\"]");
    const PgnGame choosing = parse_pgn(open, resolve);
    EXPECT_EQ(choosing.san, (std::vector<std::string>{"Sd3:2+NB"}));
    EXPECT_EQ(final_position(choosing, resolve).pending(), PLACING);
}

TEST(Referee, VerifySaysWhenARecordIsUnfinished) {
    Referee judge(start_position(referee()));
    for (const char* text : {"d2d4", "e7e5"}) judge.play(std::string(text));
    // Black still chooses the piece that stays, then owes the other: a turn half done, whatever
    // the result says.
    const Verdict choosing = verify_record(agreed_draw(judge.pgn({}, true)));
    EXPECT_TRUE(choosing.unfinished);
    EXPECT_NE(choosing.message.find("half done"), std::string::npos) << choosing.message;
    judge.play(std::string("Q@e5"));
    const Verdict half = verify_record(agreed_draw(judge.pgn({}, true)));
    EXPECT_TRUE(half.unfinished);
    EXPECT_NE(half.message.find("half done"), std::string::npos) << half.message;
    judge.play(std::string("B@d5"));
    const std::string finished = agreed_draw(judge.pgn({}, true));
    EXPECT_TRUE(verify_record(finished).honest);
    // Cut short: the movetext stops before its result.
    const Verdict cut = verify_record(finished.substr(0, finished.rfind(' ')));
    EXPECT_TRUE(cut.unfinished);
    EXPECT_NE(cut.message.find("cut short"), std::string::npos) << cut.message;
    const Verdict open = verify_record(judge.pgn({}, true));
    EXPECT_TRUE(open.unfinished);
    EXPECT_NE(open.message.find("result *"), std::string::npos) << open.message;
    // In a database the second game's errors name the second game.
    const PgnText second{"[Variant \"blackswan\"]\n\n1. e4 *\n", 2, 30};
    try {
        verify_record(second);
        ADD_FAILURE() << "a record of no player's view was read";
    } catch (const Error& e) {
        EXPECT_EQ(std::string(e.what()).rfind("PGN game 2, line 3", 0), 0u) << e.what();
    }
}

}  // namespace
}  // namespace menagerie
