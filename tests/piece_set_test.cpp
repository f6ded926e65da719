// Piece sets of any size: a game declared here has 32 piece types, more than there are letters,
// so six of them are named with primed tokens (A' .. F'). Every token must survive FEN, SAN, UCI
// promotion suffixes and PGN, and the position code must index every type.
#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "core/outcome.h"
#include "notation/pgn.h"
#include "test_util.h"

namespace menagerie {
namespace {

constexpr int TYPES = 32;

std::string token_of(int i) {
    // P and K first (pawn and king), then the other 24 letters, then A' .. F'.
    static const std::string letters = "PKABCDEFGHIJLMNOQRSTUVWXYZ";
    return i < 26 ? std::string(1, letters[i]) : std::string(1, letters[i - 26 + 2]) + "'";
}

std::shared_ptr<const Game> big_game() {
    auto game = std::make_shared<Game>();
    game->name = "thirty-two";
    game->geometry = Geometry::rectangle(10, 10);
    game->men.types.push_back(make_piece("pawn"));
    game->men.types.push_back(make_piece("king"));
    // Thirty more types: leapers of every (a, b) up to (4, 4), stepping and riding mixes.
    const std::vector<std::pair<int, int>> leaps = {{1, 2}, {1, 3}, {2, 3}, {1, 4}, {2, 2},
                                                    {3, 3}, {0, 2}, {0, 3}, {3, 4}, {2, 4},
                                                    {4, 4}, {0, 4}, {1, 1}, {1, 0}};
    for (int i = 2; i < TYPES; ++i) {
        PieceType t;
        t.name = "type" + std::to_string(i);
        const int k = i - 2;
        if (k < static_cast<int>(leaps.size()))
            t.moves = {leap(leaps[k].first, leaps[k].second)};
        else if (k % 3 == 0)
            t.moves = {ride(ORTHOGONAL, k % 4 + 1)};
        else if (k % 3 == 1)
            t.moves = {ride(DIAGONAL, 0), leap(1, 2)};
        else
            t.moves = {step(ALL_DIRECTIONS), leap(2, 3)};
        game->men.types.push_back(t);
    }
    for (int i = 0; i < TYPES; ++i) game->men.types[i].token = token_of(i);
    const Geometry& g = game->geometry;
    for (Square s = 0; s < g.size(); ++s) {
        const int rank = g.cell(s).rank;
        if (rank == 1) game->zones.double_step[WHITE] |= square_bb(s);
        if (rank == 8) game->zones.double_step[BLACK] |= square_bb(s);
        if (rank == 9) game->zones.promotion[WHITE] |= square_bb(s);
        if (rank == 0) game->zones.promotion[BLACK] |= square_bb(s);
    }
    for (int i = 2; i < TYPES; ++i) game->men.promotions.push_back(i);
    game->freeze();
    return game;
}

// Every type on the board: White's 30 officers on ranks 1 to 3, pawns on 4; Black's mirrored.
std::string start_fen() {
    std::string white1, white3;
    for (int i = 2; i < 12; ++i) white1 += token_of(i);
    for (int i = 12; i < 22; ++i) white3 += token_of(i);
    std::string white2;
    for (int i = 22; i < TYPES; ++i) white2 += token_of(i);
    auto lower = [](std::string s) {
        for (size_t i = 0; i < s.size(); ++i)
            if (s[i] >= 'A' && s[i] <= 'Z') s[i] = static_cast<char>(s[i] - 'A' + 'a');
        return s;
    };
    return lower(white1) + "/" + lower(white2) + "/" + lower(white3) + "/pppppppppp/1k8/8K1/" +
           "PPPPPPPPPP/" + white3 + "/" + white2 + "/" + white1 + " w - - 0 1";
}

TEST(PieceSet, ThirtyTwoTypesFreezeAndIndex) {
    const auto game = big_game();
    ASSERT_EQ(game->men.types.size(), 32u);
    EXPECT_EQ(game->token(31), "F'");
    size_t at = 0;
    EXPECT_EQ(game->read_token("f'", at), make_piece_code(BLACK, 31));
    EXPECT_EQ(at, 2u);
    at = 0;
    EXPECT_EQ(game->read_token("F", at), make_piece_code(WHITE, 7));
    EXPECT_EQ(at, 1u);
    at = 0;
    EXPECT_EQ(game->read_token("F''", at), NO_PIECE);  // no such type: nothing is consumed
    EXPECT_EQ(at, 0u);
}

TEST(PieceSet, TokensRoundTripThroughFen) {
    const auto game = big_game();
    const std::string fen = start_fen();
    Position pos = parse_fen(game, fen);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(pos.key(), pos.compute_key());
    for (int t = 0; t < TYPES; ++t)
        EXPECT_EQ(popcount(pos.pieces(t)), t == 0 ? 20 : 2) << game->token(t);
    EXPECT_THROW(parse_fen(game, "g''9/9k/10/10/10/10/10/10/K9/10 w - - 0 1"), Error);
}

TEST(PieceSet, EveryMoveRoundTripsThroughUciSanAndPgn) {
    const auto game = big_game();
    std::mt19937 rng(32);
    int checked = 0;
    for (int round = 0; round < 2; ++round) {
        GameRecord record(parse_fen(game, start_fen()));
        Position& pos = record.position();
        std::vector<std::string> played;
        for (int ply = 0; ply < 30; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (!list.size()) break;
            for (Move m : list) {
                EXPECT_EQ(parse_move(pos, move_to_uci(pos, m)), m) << move_to_uci(pos, m);
                EXPECT_EQ(parse_move(pos, move_to_san(pos, m)), m) << move_to_san(pos, m);
                ++checked;
            }
            const Move m = list.moves[rng() % list.size()];
            played.push_back(move_to_san(pos, m));
            record.play(m);
            EXPECT_EQ(pos.key(), pos.compute_key());
        }
        const std::string pgn = write_pgn(parse_fen(game, start_fen()), played);
        const PgnGame read = parse_pgn(pgn, [&](const std::string& name, const Options&) {
            EXPECT_EQ(name, "thirty-two");
            return game;
        });
        EXPECT_EQ(read.san, played);
    }
    EXPECT_GT(checked, 500);
}

TEST(PieceSet, PromotionToAPrimedType) {
    const auto game = big_game();
    Position pos = parse_fen(game, "10/4P5/10/10/10/10/10/10/k9/9K w - - 0 1");
    const Move by_uci = parse_move(pos, "e9e10f'");
    EXPECT_EQ(by_uci.kind(), MoveKind::Promotion);
    EXPECT_EQ(by_uci.promotion(), 31);
    EXPECT_EQ(move_to_san(pos, by_uci), "e10=F'");
    EXPECT_EQ(parse_move(pos, "e10=F'"), by_uci);
    EXPECT_EQ(parse_move(pos, "e10=F"), Move(by_uci.from(), by_uci.to(), MoveKind::Promotion, 7));
    StateInfo st;
    pos.do_move(by_uci, st);
    EXPECT_EQ(write_fen(pos), "4F'5/10/10/10/10/10/10/10/k9/9K b - - 0 1");
}

TEST(PieceSet, BadDefinitionsAreRefusedWhenFrozen) {
    auto two_letters = std::make_shared<Game>();
    two_letters->name = "bad";
    two_letters->geometry = Geometry::rectangle(8, 8);
    two_letters->men.types = {make_piece("king"), make_piece("rook")};
    two_letters->men.types[1].token = "Cr";
    EXPECT_THROW(two_letters->freeze(), std::logic_error);

    auto too_many = std::make_shared<Game>();
    too_many->name = "bad";
    too_many->geometry = Geometry::rectangle(8, 8);
    for (int i = 0; i <= PIECE_TYPE_MAX; ++i) {
        too_many->men.types.push_back(make_piece("wazir"));
        too_many->men.types.back().token = std::string(1, static_cast<char>('A' + i % 26)) +
                                           std::string(static_cast<size_t>(i / 26), '\'');
    }
    EXPECT_THROW(too_many->freeze(), std::logic_error);
}

TEST(PieceSet, GamesWithTheSameBoardAndMovementsShareTheirTables) {
    // The tables are built once per board and set of movements (Game::freeze).
    EXPECT_EQ(make_game("chess")->tables, make_game("placement")->tables);
    EXPECT_EQ(make_game("chess2016", {{"dice", "W1-2-3.G4.R5"}})->tables,
              make_game("chess2016", {{"dice", "W6-6-6.G1.R2"}})->tables);
    EXPECT_NE(make_game("chess")->tables, make_game("chess66")->tables);

    // The same board, one movement different: tables of their own, with that movement.
    auto freeze_with_knight = [](Movement knight) {
        auto game = std::make_shared<Game>();
        game->name = "knights";
        game->geometry = Geometry::rectangle(8, 8);
        game->men.types = {make_piece("king"), make_piece("knight")};
        game->men.types[1].moves = {knight};
        game->freeze();
        return game;
    };
    const auto plain = freeze_with_knight(leap(1, 2));
    const auto long_leaper = freeze_with_knight(leap(1, 3));
    const auto quiet_only = freeze_with_knight(leap(1, 2, Mode::MoveOnly));
    EXPECT_EQ(plain->tables, freeze_with_knight(leap(1, 2))->tables);
    EXPECT_NE(plain->tables, long_leaper->tables);
    EXPECT_NE(plain->tables, quiet_only->tables);
    const Square a1 = plain->geometry.find("a1");
    EXPECT_EQ(popcount(plain->tables->piece(1, WHITE).capture[a1]), 2);        // b3, c2
    EXPECT_EQ(popcount(long_leaper->tables->piece(1, WHITE).capture[a1]), 2);  // b4, d2
    EXPECT_EQ(long_leaper->tables->piece(1, WHITE).capture[a1] &
                  plain->tables->piece(1, WHITE).capture[a1],
              Bitboard(0));
    EXPECT_EQ(quiet_only->tables->piece(1, WHITE).capture[a1], Bitboard(0));
}

}  // namespace
}  // namespace menagerie
