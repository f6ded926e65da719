// Placement Chess, Reduced Placement Chess and Chess20.
#include <gtest/gtest.h>

#include <map>

#include "core/error.h"
#include "test_util.h"

namespace menagerie {
namespace {

using test::setup_fen;
using test::start_fen;

using test::play;
using test::sans;
using test::ucis;

TEST(Placement, BlackChoosesTheKingsThenWhiteTheQueens) {
    const auto game = make_game("placement");
    Position pos = parse_fen(game, start_fen(game));
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(sans(pos),
              (std::set<std::string>{"K<>b8", "K<>c8", "K<>d8", "K<>e8", "K<>g8"}));  // never f8
    const Position after_king = play(game, start_fen(game), "K<>d8");
    EXPECT_EQ(write_fen(after_king), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1 Q");
    // With the queen on e1, swapping with c1 keeps the bishops apart, with f1 would not.
    EXPECT_EQ(sans(after_king), (std::set<std::string>{"Q<>b1", "Q<>c1", "Q<>e1", "Q<>g1"}));
    const Position ready = play(game, start_fen(game), "e8d8 e1c1");
    EXPECT_EQ(write_fen(ready), "rnqkbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQKBBNR w KQkq - 0 1");
    EXPECT_EQ(ready.side_to_move(), WHITE);  // and White makes the first move
    EXPECT_EQ(sans(ready).count("e4"), 1u);
}

TEST(Placement, TwentySetupsAndEightReduced) {
    const auto full = make_game("placement"), reduced = make_game("placement-reduced"),
               random = make_game("chess20");
    EXPECT_EQ(full->start.setups.size(), 20u);
    EXPECT_EQ(reduced->start.setups.size(), 8u);
    EXPECT_EQ(random->start.setups.size(), 20u);
    EXPECT_EQ(sans(parse_fen(reduced, start_fen(reduced))),
              (std::set<std::string>{"K<>d8", "K<>e8"}));
    Position pos = parse_fen(full, start_fen(full));
    EXPECT_EQ(perft(pos, 2), 20u);
    pos = parse_fen(reduced, start_fen(reduced));
    EXPECT_EQ(perft(pos, 2), 8u);
    for (const auto& s : full->start.setups) {
        // Every setup mirrors, keeps the rooks home and the bishops on opposite colours.
        const std::string fen = setup_fen(full, s.number);
        const std::string white = fen.substr(fen.rfind('/') + 1, 8);
        std::string black = fen.substr(0, 8);
        for (char& c : black) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        EXPECT_EQ(white, black) << fen;
        EXPECT_EQ(white.front(), 'R');
        EXPECT_EQ(white.back(), 'R');
        EXPECT_NE(white.find('B') % 2, white.rfind('B') % 2) << white;
        EXPECT_EQ(&full->find_setup(s.name), &s);
        for (const auto& alias : s.aliases) EXPECT_EQ(&full->find_setup(alias), &s) << alias;
    }
    EXPECT_EQ(full->find_setup("e8e8 d1f1").name, full->find_setup("K<>e8,Q<>f1").name);
}

TEST(Placement, Chess20DrawsAStartedGame) {
    const auto game = make_game("chess20");
    Position pos = parse_fen(game, setup_fen(game, 7));
    EXPECT_EQ(pos.pending(), NO_PENDING);
    EXPECT_EQ(pos.side_to_move(), WHITE);
}

// King on g1 and b1 setups; a knight on a3 attacks b1, which lies strictly between king g1 and rook
// a1.
const char* KING_G = "r3n1kr/pppppppp/8/8/8/n7/PPPPPPPP/R5KR w KQkq - 0 1";
const char* KING_B = "rk4nr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";

TEST(Placement, CastlingNeedsTheSquaresBetweenKingAndRookUnattacked) {
    const auto placement = make_game("placement");
    const auto chess960 = make_game("placement", {{"castling", "chess960"}});
    EXPECT_FALSE(ucis(play(placement, KING_G)).count("g1a1"));
    EXPECT_TRUE(ucis(play(chess960, KING_G)).count("g1a1"));
    // A king already on g castles by moving the rook alone.
    EXPECT_TRUE(sans(play(placement, KING_G)).count("O-O"));
    EXPECT_EQ(write_fen(play(placement, KING_G, "O-O")),
              "r3n1kr/pppppppp/8/8/8/n7/PPPPPPPP/R4RK1 b kq - 1 1");
    // A king already on c castles towards the queen's side by moving only the rook.
    EXPECT_EQ(write_fen(play(placement, "rnk1qbnr/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w KQkq - 0 1",
                             "O-O-O")),
              "rnk1qbnr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
    // King and rook end on the orthodox squares from b1 too: king c1, rook d1.
    EXPECT_EQ(write_fen(play(placement, KING_B, "O-O-O")),
              "rk4nr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
}

TEST(Placement, CurtailedCastlingKeepsTheKingToItsSide) {
    const auto free = make_game("placement", {{"castling", "chess960"}});
    const auto curtailed = make_game("placement", {{"castling", "chess960"}, {"curtailed", "on"}});
    const char* g_file = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1";
    EXPECT_EQ(sans(play(free, g_file)).count("O-O-O"), 1u);
    EXPECT_EQ(sans(play(curtailed, g_file)).count("O-O-O"), 0u);
    EXPECT_EQ(sans(play(curtailed, g_file)).count("O-O"), 1u);
    EXPECT_EQ(sans(play(free, KING_B)).count("O-O"), 1u);
    EXPECT_EQ(sans(play(curtailed, KING_B)).count("O-O"), 0u);
    EXPECT_EQ(sans(play(curtailed, KING_B)).count("O-O-O"), 1u);
}

TEST(Placement, OptionsAreChecked) {
    EXPECT_THROW(make_game("placement", {{"castling", "fischer"}}), Error);
    EXPECT_THROW(make_game("placement", {{"speed", "fast"}}), Error);
    EXPECT_THROW(make_game("chess", {{"castling", "chess960"}}), Error);
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// Chess20 and Contemporary Random Chess draw their setup uniformly at random.
std::map<std::string, int> draws(const std::string& variant, int n) {
    const auto game = make_game(variant);
    std::map<std::string, int> seen;
    for (int seed = 0; seed < n; ++seed)
        ++seen[write_fen(start_position(game, std::nullopt, static_cast<uint64_t>(seed)))];
    return seen;
}

TEST(RandomStart, Chess20DrawsEachOfTheTwentyAlike) {
    const auto seen = draws("chess20", 4000);
    EXPECT_EQ(seen.size(), 20u);
    for (const auto& [fen, count] : seen) {
        EXPECT_GT(count, 120) << fen;  // 200 expected; a sixth of that away is far out of chance
        EXPECT_LT(count, 280) << fen;
    }
}

TEST(RandomStart, ContemporaryDrawsAcrossAllSetups) {
    const auto seen = draws("contemporary", 16800);
    EXPECT_GT(seen.size(), 1670u);
    for (const auto& [fen, count] : seen) EXPECT_LT(count, 35) << fen;  // 10 expected
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// The phase field only fits an array the relocation phase can have.
TEST(Placement, PhaseFieldNeedsAStartArray) {
    const auto game = make_game("placement");
    const auto refused = [&](const std::string& fen) {
        try {
            parse_fen(game, fen);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::Fen);
            return std::string(e.what()).find("relocation phase can have") != std::string::npos;
        }
        return false;
    };
    // After 1.e4; a pawn gone; arrays not mirrored; a move already played.
    EXPECT_TRUE(refused("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 K"));
    EXPECT_TRUE(refused("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 K"));
    EXPECT_TRUE(refused("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Q"));
    EXPECT_TRUE(refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 3 K"));
    // Black's king choice cannot make this array, so White cannot be choosing the queens.
    EXPECT_TRUE(refused("rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1 Q"));
    // What the phase does produce is accepted, and lists the choices.
    const Position after_king =
        parse_fen(game, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1 Q");
    EXPECT_EQ(after_king.pending(), 1);
    // (Q<>f1 would put both bishops on dark squares.)
    EXPECT_EQ(test::sans(after_king), (std::set<std::string>{"Q<>e1", "Q<>b1", "Q<>c1", "Q<>g1"}));
}

}  // namespace
}  // namespace menagerie
