// Chess 56 and Chess 2016 (issue 6): the dice against the page's table, the pieces against an
// oracle written from the rulings' words (and a few sets listed by hand), perft 2 of every setup
// against tests/data/chess2016_perft2.tsv, the roll's distribution, and random play.
#include "games/chess2016.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/record.h"
#include "reference_chess2016.h"
#include "test_util.h"

namespace menagerie {
namespace {

using reference::Board;
using reference::name;
using reference::on_board;
using reference::oracle;
using test::quick;

// ---------------------------------------------------------------------------------------------
// The dice.

// The page's explicit table of the three white dice for Chess 2016, as printed (columns Tigers,
// Man, Camels, Knights). It has 54 rows: 2-4-4 and 2-5-5 are missing.
const char* PAGE_TABLE[] = {
    "1-1-1 Tigers Man Giraffes Knights",    "1-1-2 Tigers Man Camels Knights",
    "1-1-3 Tigers Lion Camels Knights",     "1-1-4 Tigers Zebra Camels Knights",
    "1-1-5 Tigers Giraffe Camels Knights",  "1-1-6 Tigers Vao Camels Knights",
    "1-2-2 Men Tiger Camels Knights",       "1-2-3 Zebras Walker Giraffes Knights",
    "1-2-4 Wazirs Walker Giraffes Knights", "1-2-5 Lions Walker Giraffes Knights",
    "1-2-6 Vaos Walker Giraffes Knights",   "1-3-3 Lions Tiger Camels Knights",
    "1-3-4 Giraffes Walker Zebras Knights", "1-3-5 Lions Walker Zebras Knights",
    "1-3-6 Vaos Walker Zebras Knights",     "1-4-4 Zebras Tiger Camels Knights",
    "1-4-5 Lions Walker Knights Giraffes",  "1-4-6 Vaos Walker Knights Giraffes",
    "1-5-5 Giraffes Tiger Camels Knights",  "1-5-6 Vaos Walker Knights Zebras",
    "1-6-6 Vaos Tiger Camels Knights",      "2-2-2 Tigers Zebra Knights Camels",
    "2-2-3 Men Lion Camels Knights",        "2-2-4 Men Zebra Camels Knights",
    "2-2-5 Men Giraffe Camels Knights",     "2-2-6 Men Vao Camels Knights",
    "2-3-3 Lions Man Camels Knights",       "2-3-4 Giraffes Wazir Zebras Knights",
    "2-3-5 Lions Wazir Zebras Knights",     "2-3-6 Vaos Wazir Zebras Knights",
    "2-4-5 Lions Wazir Knights Giraffes",   "2-4-6 Vaos Wazir Knights Giraffes",
    "2-5-6 Vaos Wazir Knights Giraffes",    "2-6-6 Vaos Man Camels Knights",
    "3-3-3 Tigers Giraffe Knights Camels",  "3-3-4 Lions Zebra Camels Knights",
    "3-3-5 Lions Giraffe Camels Knights",   "3-3-6 Lions Vao Camels Knights",
    "3-4-4 Zebras Lion Camels Knights",     "3-4-5 Lions Zebra Knights Giraffes",
    "3-4-6 Vaos Zebra Knights Giraffes",    "3-5-5 Giraffes Lion Camels Knights",
    "3-5-6 Vaos Lion Knights Zebras",       "3-6-6 Vaos Lion Camels Knights",
    "4-4-4 Lions Man Knights Camels",       "4-4-5 Zebras Giraffe Camels Knights",
    "4-4-6 Zebras Vao Camels Knights",      "4-5-5 Giraffes Zebra Camels Knights",
    "4-5-6 Vaos Giraffe Knights Zebras",    "4-6-6 Vaos Zebra Camels Knights",
    "5-5-5 Vaos Man Knights Camels",        "5-5-6 Giraffes Vao Camels Knights",
    "5-6-6 Vaos Giraffe Camels Knights",    "6-6-6 Tigers Man Knights Camels",
};

std::string singular(std::string w) {
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (w == "men") return "man";
    if (w.size() > 1 && w.back() == 's') w.pop_back();
    return w;
}

// Where the page's table and its rules in words disagree (the rules win; see
// docs/rules/chess2016.md), and where the table is silent.
TEST(Chess2016Dice, TableAgainstTheRulesInWords) {
    std::map<std::string, std::string> table;
    for (const char* row : PAGE_TABLE) {
        std::istringstream in(row);
        std::string id, t, m, c, n;
        in >> id >> t >> m >> c >> n;
        table[id] = singular(t) + " " + singular(m) + " " + singular(c) + " " + singular(n);
    }
    EXPECT_EQ(table.size(), 54u);
    std::vector<std::string> differences;
    for (int n = 0; n < 56; ++n) {
        const Dice d = dice_of(false, n);
        const DiceArray x = chess2016_white_array(d.white);
        const std::string id = dice_text(d).substr(1);
        const std::string rules = x[TIGER] + " " + x[MAN] + " " + x[CAMEL] + " " + x[KNIGHT];
        const auto it = table.find(id);
        if (it == table.end())
            differences.push_back(id + " missing; rules: " + rules);
        else if (it->second != rules)
            differences.push_back(id + " table: " + it->second + "; rules: " + rules);
    }
    EXPECT_EQ(differences,
              (std::vector<std::string>{
                  "2-4-4 missing; rules: zebra man camel knight",
                  "2-5-5 missing; rules: giraffe man camel knight",
                  "2-5-6 table: vao wazir knight giraffe; rules: vao wazir knight zebra",
              }));
}

TEST(Chess2016Dice, RulesInWordsForChess56) {
    auto words = [](int a, int b, int c) { return substitutions_text(chess56_array({a, b, c})); };
    EXPECT_EQ(words(1, 1, 1), "no substitutions");
    EXPECT_EQ(words(3, 1, 2), "Man becomes Walker; Cannon becomes Duchess; Queen becomes Monarch");
    EXPECT_EQ(words(4, 5, 6), "Man becomes Fers; Cannon becomes Lady; Queen becomes Empress");
    EXPECT_EQ(words(1, 1, 5), "Tigers become Lions; Queen becomes Griffin");
    EXPECT_EQ(words(6, 6, 1), "Tigers become Walkers; Man becomes Giraffe");
    EXPECT_EQ(words(4, 4, 3), "Tigers become Men; Man becomes Lion; Cannon becomes Princess");
    EXPECT_EQ(words(2, 2, 2), "Man becomes Nightrider; Queen becomes Man");
    EXPECT_EQ(words(3, 3, 3), "Queen becomes Rhinoceros");
    EXPECT_EQ(words(6, 6, 6), "Tigers become Men; Man becomes Tiger");
}

TEST(Chess2016Dice, GreenTwoAndTheSwapOption) {
    // Green 2: the Queen becomes what the Man became (a Man if it stayed), the Man a Nightrider.
    EXPECT_EQ(dice_array({{1, 1, 2}, 2, 1}, "off"),
              (DiceArray{"tiger", "nightrider", "cannon", "man", "camel", "knight"}));
    EXPECT_EQ(dice_array({{1, 2, 3}, 2, 6}, "off"),
              (DiceArray{"zebra", "nightrider", "archbishop", "walker", "giraffe", "knight"}));
    // Tigers made Men by the white dice stay Men.
    EXPECT_EQ(dice_array({{2, 2, 3}, 2, 1}, "off"),
              (DiceArray{"man", "nightrider", "cannon", "lion", "camel", "knight"}));
    // The option interchanges what stands on the Camels' and Knights' cells after the dice.
    EXPECT_EQ(dice_array({{1, 2, 3}, 1, 1}, "always")[KNIGHT], "giraffe");
    EXPECT_EQ(dice_array({{1, 2, 3}, 1, 1}, "odd-total")[KNIGHT], "knight");
    EXPECT_EQ(dice_array({{1, 2, 3}, 1, 1}, "even-total")[KNIGHT], "giraffe");
    EXPECT_EQ(dice_array({{6, 6, 6}, 1, 1}, "always")[KNIGHT], "knight");
}

TEST(Chess2016Dice, NumbersAndSpellings) {
    const auto g = make_game("chess2016");
    EXPECT_EQ(g->start.setups.size(), 2016u);
    EXPECT_EQ(g->start.setups[0].name, "W1-1-1.G1.R1");
    EXPECT_EQ(g->start.setups[2015].name, "W6-6-6.G6.R6");
    for (int n = 0; n < 2016; ++n) EXPECT_EQ(dice_number(dice_of(true, n)), n);
    EXPECT_EQ(g->find_setup("w3-1-2.g4.r5").name, "W1-2-3.G4.R5");
    EXPECT_EQ(g->find_setup("W2-1-3.G4.R5").number, g->find_setup("W1-2-3.G4.R5").number);
    EXPECT_THROW(g->find_setup("W1-2-3"), Error);
    EXPECT_THROW(g->find_setup("W1-2-7.G1.R1"), Error);
    const auto c56 = make_game("chess56");
    EXPECT_EQ(c56->start.setups.size(), 56u);
    EXPECT_EQ(c56->find_setup("w6-5-4").name, "W4-5-6");
    EXPECT_EQ(c56->find_setup("55").name, "W6-6-6");
    // The dice option makes the game of one setup, with that setup's promotion types.
    const auto fixed = make_game("chess2016", {{"dice", "w1-1-2.g4.r2"}});
    EXPECT_EQ(test::start_fen(fixed), test::setup_fen(g, "W1-1-2.G4.R2"));
    std::set<std::string> promo;
    for (int t : fixed->men.promotions) promo.insert(fixed->men.types[t].name);
    EXPECT_EQ(promo, (std::set<std::string>{"rook", "knight", "bishop", "camel", "tiger", "man",
                                            "princess", "griffin"}));
    EXPECT_THROW(make_game("chess2016", {{"dice", "W1-1-2"}}), Error);
}

// The rulings' promotion cells (no cell straight ahead) and castling squares (three king steps),
// written out by name for both games of the board.
TEST(Chess2016Rulings, PromotionCellsAndCastlingSquaresOfTheRuling) {
    for (const char* name : {"chess56", "chess2016"}) {
        const auto game = make_game(name);
        const Geometry& g = game->geometry;
        auto cells_named = [&](std::initializer_list<const char*> names) {
            Bitboard b = 0;
            for (const char* n : names) b |= square_bb(g.find(n));
            return b;
        };
        EXPECT_EQ(game->zones.promotion[WHITE], cells_named({"b9", "c9", "d9", "e10", "f10", "g10",
                                                             "h10", "i9", "j9", "k9", "a7", "l7"}))
            << name;
        EXPECT_EQ(game->zones.promotion[BLACK], cells_named({"b2", "c2", "d2", "e1", "f1", "g1",
                                                             "h1", "i2", "j2", "k2", "a4", "l4"}))
            << name;
        const CastlingRules& c = game->rules.castling;
        ASSERT_TRUE(c.enabled) << name;
        EXPECT_EQ(c.king_to[WHITE][KING_SIDE], g.find("j2")) << name;
        EXPECT_EQ(c.rook_to[WHITE][KING_SIDE], g.find("i2")) << name;
        EXPECT_EQ(c.king_to[WHITE][QUEEN_SIDE], g.find("d2")) << name;
        EXPECT_EQ(c.rook_to[WHITE][QUEEN_SIDE], g.find("e2")) << name;
        EXPECT_EQ(c.king_to[BLACK][KING_SIDE], g.find("j9")) << name;
        EXPECT_EQ(c.rook_to[BLACK][KING_SIDE], g.find("i9")) << name;
        EXPECT_EQ(c.king_to[BLACK][QUEEN_SIDE], g.find("d9")) << name;
        EXPECT_EQ(c.rook_to[BLACK][QUEEN_SIDE], g.find("e9")) << name;
    }
}

// Castling as the ruling words it: the king goes three cells towards the rook, the rook lands
// beside it on the other side; a cell the king passes over may not be attacked.
TEST(Chess2016Rulings, CastlingMovesTheKingThreeCells) {
    const auto game = make_game("chess2016");
    const std::string fen = "4/5k4/10/12/12/12/12/10/R4K3R/4 w KB - 0 1";
    const Position before = parse_fen(game, fen);
    const Geometry& g = before.geometry();
    const Piece king = before.piece_on(g.find("g2"));
    const Piece rook = before.piece_on(g.find("k2"));
    ASSERT_NE(king, NO_PIECE);
    ASSERT_NE(rook, NO_PIECE);
    const auto legal = test::sans(before);
    EXPECT_EQ(legal.count("O-O"), 1u);
    EXPECT_EQ(legal.count("O-O-O"), 1u);
    const Position short_side = test::play(game, fen, "O-O");
    EXPECT_EQ(short_side.piece_on(g.find("j2")), king);
    EXPECT_EQ(short_side.piece_on(g.find("i2")), rook);
    EXPECT_EQ(short_side.piece_on(g.find("g2")), NO_PIECE);
    EXPECT_EQ(short_side.piece_on(g.find("k2")), NO_PIECE);
    const Position long_side = test::play(game, fen, "O-O-O");
    EXPECT_EQ(long_side.piece_on(g.find("d2")), king);
    EXPECT_EQ(long_side.piece_on(g.find("e2")), rook);
    EXPECT_EQ(long_side.piece_on(g.find("b2")), NO_PIECE);
    // A black rook on h8 attacks h2, which the king would pass over: no short castling.
    const auto attacked =
        test::sans(parse_fen(game, "4/5k4/6r3/12/12/12/12/10/R4K3R/4 w KB - 0 1"));
    EXPECT_EQ(attacked.count("O-O"), 0u);
    EXPECT_EQ(attacked.count("O-O-O"), 1u);
}

// A roll is five real dice: chi-square over the 56 white rolls (weights 1, 3, 6 of 216) and the
// 36 coloured ones, with a fixed seed.
TEST(Chess2016Dice, RollsFollowTheDice) {
    const auto g = make_game("chess2016");
    std::mt19937_64 rng(2016);
    const int draws = quick() ? 60000 : 200000;
    std::vector<int> white(56), colour(36);
    for (int i = 0; i < draws; ++i) {
        const int n = g->start.draw_setup(rng);
        ++white[static_cast<size_t>(n / 36)], ++colour[static_cast<size_t>(n % 36)];
    }
    double chi_white = 0, chi_colour = 0;
    for (int w = 0; w < 56; ++w) {
        const auto d = dice_of(false, w).white;
        const int ways = d[0] == d[2] ? 1 : (d[0] == d[1] || d[1] == d[2]) ? 3 : 6;
        const double expected = draws * ways / 216.0;
        chi_white += std::pow(white[static_cast<size_t>(w)] - expected, 2) / expected;
    }
    for (int c = 0; c < 36; ++c) {
        const double expected = draws / 36.0;
        chi_colour += std::pow(colour[static_cast<size_t>(c)] - expected, 2) / expected;
    }
    // 99.9th percentiles: 55 degrees of freedom 93.2, 35 degrees 66.6.
    EXPECT_LT(chi_white, 93.2);
    EXPECT_LT(chi_colour, 66.6);
    // A uniform draw of the 56 would fail: triples would come 6 times too often.
    EXPECT_LT(white[0], draws / 150);
}

// ---------------------------------------------------------------------------------------------
// The pieces, against an oracle written from the rulings' words on a 12 x 10 box.

// The generator's destinations (pseudo-legal) of a man of type `piece` on (f, r), the other men
// of `board` standing as Wazirs of either colour; White's king on l5, Black's on a6.
std::set<std::string> generated(const std::shared_ptr<const Game>& game, const std::string& piece,
                                const Board& board, int f, int r) {
    Position pos(game);
    const Geometry& g = pos.geometry();
    int type = -1;
    for (size_t t = 0; t < game->men.types.size(); ++t)
        if (game->men.types[t].name == piece) type = static_cast<int>(t);
    int wazir = -1;
    for (size_t t = 0; t < game->men.types.size(); ++t)
        if (game->men.types[t].name == "wazir") wazir = static_cast<int>(t);
    pos.put(g.at(f, r), make_piece_code(WHITE, type));
    for (const auto& [sq, who] : board)
        pos.put(g.at(sq.first, sq.second), make_piece_code(who == 1 ? WHITE : BLACK, wazir));
    pos.put(g.at(11, 4), make_piece_code(WHITE, game->men.king));
    pos.put(g.at(0, 5), make_piece_code(BLACK, game->men.king));
    pos.finish_setup();  // the side not to move may stand in check: only moves are asked for
    MoveList list;
    generate_pseudo_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list)
        if (m.from() == g.at(f, r)) out.insert(name(g.cell(m.to()).file, g.cell(m.to()).rank));
    return out;
}

const char* FAIRY[] = {"knight",     "bishop",  "rook",      "queen",   "man",        "wazir",
                       "fers",       "walker",  "elephant",  "camel",   "zebra",      "giraffe",
                       "tiger",      "lion",    "cannon",    "vao",     "leo",        "princess",
                       "empress",    "duchess", "lady",      "monarch", "archbishop", "nightrider",
                       "camelrider", "griffin", "rhinoceros"};

// Centre, corners of the main field, wings, the short ranks 1 and 10, beside holes.
const std::pair<int, int> PROBES[] = {{5, 4}, {6, 5}, {1, 1},  {10, 8}, {1, 8}, {10, 1},
                                      {0, 3}, {0, 6}, {11, 5}, {4, 0},  {7, 0}, {5, 9},
                                      {6, 9}, {2, 4}, {9, 6},  {4, 1},  {1, 5}};

TEST(Chess2016Pieces, EveryTypeAgainstTheWordsOnEmptyAndCrowdedBoards) {
    const auto game = make_game("chess2016");
    std::mt19937 rng(56);
    for (const char* piece : FAIRY)
        for (auto [f, r] : PROBES)
            for (int crowd = 0; crowd < 4; ++crowd) {
                Board board;
                if (crowd > 0)
                    for (int x = 0; x < 12; ++x)
                        for (int y = 0; y < 10; ++y) {
                            const bool king_cell = (x == 11 && y == 4) || (x == 0 && y == 5);
                            if (on_board(x, y) && !(x == f && y == r) && !king_cell &&
                                rng() % 100 < 15u * static_cast<unsigned>(crowd))
                                board[{x, y}] = 1 + static_cast<int>(rng() % 2);
                        }
                Board with_kings = board;
                with_kings[{11, 4}] = 1, with_kings[{0, 5}] = 2;
                EXPECT_EQ(generated(game, piece, board, f, r), oracle(piece, with_kings, f, r))
                    << piece << " on " << name(f, r) << ", crowd " << crowd;
            }
}

std::set<std::string> cells(const std::string& text) {
    std::istringstream in(text);
    std::set<std::string> out;
    for (std::string s; in >> s;) out.insert(s);
    return out;
}

// Sets listed by hand from the words, for the pieces with paths: holes end paths, blocked
// squares before the destination stop a Griffin or Rhinoceros, a rider stops at the edge.
TEST(Chess2016Pieces, ListedByHand) {
    const auto game = make_game("chess2016");
    // Griffin on b2: c3 then east from e3 (l3 is a hole) or north from c5 (c10 is a hole); its
    // other diagonal first steps (a1, a3, c1) are holes.
    EXPECT_EQ(generated(game, "griffin", {}, 1, 1), cells("e3 f3 g3 h3 i3 j3 k3 c5 c6 c7 c8 c9"));
    // A man on c3 blocks it all; one on f3 cuts the row after f3 (captured if an enemy).
    EXPECT_EQ(generated(game, "griffin", {{{2, 2}, 2}}, 1, 1), cells(""));
    EXPECT_EQ(generated(game, "griffin", {{{5, 2}, 2}, {{2, 6}, 1}}, 1, 1), cells("e3 f3 c5 c6"));
    // Camelrider on e1: f4-g7-h10, d4-c7 (b10 a hole), h2-k3, b2.
    EXPECT_EQ(generated(game, "camelrider", {}, 4, 0), cells("f4 g7 h10 d4 c7 h2 k3 b2"));
    // Nightrider on a4: b6-c8, c5-e6-g7-i8, c3-e2 (g1 is on the board: e2 then g1), b2.
    EXPECT_EQ(generated(game, "nightrider", {}, 0, 3), cells("b6 c8 c5 e6 g7 i8 k9 c3 e2 g1 b2"));
    // Giraffe on e1: f5, d5, i2 (a2 is a hole; the leaps pass over holes).
    EXPECT_EQ(generated(game, "giraffe", {}, 4, 0), cells("f5 d5 i2"));
    // Lady on h10: diagonals g9 to b4 (a3 is a hole) and i9 to l6; Giraffe leaps g6 i6 d9 (l9
    // is a hole).
    EXPECT_EQ(generated(game, "lady", {}, 7, 9), cells("g9 f8 e7 d6 c5 b4 i9 j8 k7 l6 g6 i6 d9"));
    // Rhinoceros on e1, path by path: N cw e2 f3 g3 h2 h1 (then off the box); N ccw e2 d3 c3
    // b2 (b1 a hole); NE cw f2 g2 h1; NE ccw f2 f3 e4 d4 c3 c2 (d1 a hole); E cw f1; E ccw f1 g2
    // g3 f4 e4 d3 d2 (seven steps); NW cw d2 d3 e4 f4 g3 g2 f1; NW ccw d2 c2 (b1 a hole); W, SW,
    // S and SE start on holes or off the box.
    EXPECT_EQ(generated(game, "rhinoceros", {}, 4, 0),
              cells("b2 c2 c3 d2 d3 d4 e2 e4 f1 f2 f3 f4 g2 g3 h1 h2"));
    // An enemy on f3 ends the paths through it there (taken): h2 (only on N cw, after f3) and
    // d4 (only on NE ccw, after f3) are lost.
    EXPECT_EQ(generated(game, "rhinoceros", {{{5, 2}, 2}}, 4, 0),
              cells("b2 c2 c3 d2 d3 e2 e4 f1 f2 f3 f4 g2 g3 h1"));
    EXPECT_EQ(generated(game, "rhinoceros", {}, 4, 0), oracle("rhinoceros", {}, 4, 0));
}

// ---------------------------------------------------------------------------------------------
// Every setup: perft 2 against the reviewed data file, and random play with every piece type.

TEST(Chess2016Perft, EverySetupDepthTwo) {
    std::ifstream in(MENAGERIE_TEST_DATA "/chess2016_perft2.tsv");
    ASSERT_TRUE(in) << "cannot read tests/data/chess2016_perft2.tsv";
    std::map<std::string, std::shared_ptr<const Game>> games;
    int rows = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string variant, id;
        uint64_t nodes = 0;
        fields >> variant >> id >> nodes;
        ++rows;
        if (quick() && rows % 7) continue;
        auto& game = games[variant];
        if (!game) game = make_game(variant);
        Position pos = start_position(game, id);
        EXPECT_EQ(perft(pos, 2), nodes) << variant << " " << id;
        if (rows % 97 == 0) {
            EXPECT_EQ(test::perft_pseudo(pos, 2, true), nodes) << id;
        }
        // A second source, independent of the rules library: the words' oracle
        // (tests/reference_chess2016.h), on a sample of the setups (it is slow).
        if (rows % (quick() ? 7 * 47 : 47) == 0) {
            EXPECT_EQ(reference::chess2016_start_perft(write_fen(pos), 2), nodes) << id;
        }
    }
    EXPECT_EQ(rows, 2016 + 56);
}

// Random play from setups that together hold every type: the legal generator against the
// reference (moves played and tested), FEN, UCI and SAN round trips, keys, unmake.
TEST(Chess2016Play, RandomPlayWithEveryType) {
    const std::pair<const char*, const char*> starts[] = {
        {"chess56", "W3-3-3"},         {"chess56", "W2-2-2"},         {"chess56", "W3-4-5"},
        {"chess56", "W4-5-6"},         {"chess56", "W1-2-4"},         {"chess2016", "W1-2-4.G2.R6"},
        {"chess2016", "W5-6-6.G5.R1"}, {"chess2016", "W3-4-5.G4.R3"}, {"chess2016", "W4-5-6.G6.R5"},
        {"chess2016", "W1-2-3.G3.R4"}, {"chess2016", "W2-3-4.G1.R2"}};
    std::set<std::string> seen;
    std::mt19937 rng(2016);
    int positions = 0;
    for (auto [variant, id] : starts) {
        const auto family = make_game(variant);
        const Position start = start_position(family, std::string(id));
        const auto game = start.game_ptr();
        for (int round = 0; round < 1; ++round) {
            GameRecord record(start);
            Position& pos = record.position();
            for (int ply = 0; ply < (quick() ? 40 : 100); ++ply) {
                const std::string here = write_fen(pos);
                for (Bitboard b = pos.pieces(); b;)
                    seen.insert(game->men.types[type_of(pos.piece_on(pop_lsb(b)))].name);
                const auto moves = test::ucis(pos);
                ASSERT_EQ(moves, test::reference_moves(pos)) << here;
                ASSERT_EQ(write_fen(parse_fen(game, here)), here);
                ASSERT_EQ(pos.consistency_error(), "") << here;
                MoveList list;
                generate_legal(pos, list);
                for (Move m : list) {
                    if (ply % 3) break;  // every third position: the texts of every move
                    ASSERT_EQ(parse_move(pos, move_to_uci(pos, m)), m) << here;
                    ASSERT_EQ(parse_move(pos, move_to_san(pos, m)), m)
                        << here << " " << move_to_san(pos, m);
                }
                ++positions;
                if (list.size() == 0) break;
                record.play(list.moves[rng() % static_cast<unsigned>(list.size())]);
            }
            while (record.undo()) {
            }
            ASSERT_EQ(write_fen(pos), write_fen(start));
        }
    }
    EXPECT_EQ(seen.size(), 29u);
    EXPECT_GT(positions, quick() ? 300 : 800);
}

}  // namespace
}  // namespace menagerie
