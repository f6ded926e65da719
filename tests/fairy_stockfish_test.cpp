// Differential test of Chess 2016 and Chess 56 move generation against Fairy-Stockfish (Debian's
// fairy-stockfish 11.1, large-board build), through a variants.ini written by the test.
//
// What 11.1 can express. It has no Betza notation (no customPiece) and no walls or holes: only
// its built-in piece types and rectangular boards. Of our 29 types it has King, Queen, Rook,
// Bishop, Knight, Pawn, Tiger (its biskni, mBcN), Lion (knibis, mNcB), Cannon (cannon, mRcpR),
// Man (commoner), Wazir, Fers, Elephant (silver, FfW), Princess (its archbishop, B+N), Empress
// (chancellor, R+N) and Archbishop (dragonHorse, B+W); we give them our own letters. It cannot
// express Camel, Zebra, Giraffe, Walker, Duchess, Monarch, Leo, Vao, Lady, Nightrider,
// Camelrider, Griffin and Rhinoceros.
//
// The board. Without holes the 12 x 10 box cannot be modelled (an immobile blocker on a hole is
// a screen for a hopper and can be captured, a hole cannot), so Fairy-Stockfish gets the 10 x 8
// main field b2-k9 as a board of its own (a1-j8), and the comparison is restricted to what that
// board shows faithfully:
// - positions come from random play in a setup of the full game; the men standing off the main
//   field (e1-h1, e10-h10, the wings) and the men Fairy-Stockfish cannot express are taken off,
//   and the rest is played as a Chess 2016 position (kings on the main field, the side not to
//   move not in check);
// - from such a position our tree of 3 plies is cut to the moves whose squares lie on the main
//   field and whose promotion type is expressible: no man ever stands off the main field in that
//   tree, and a straight line between two squares of the main field never leaves it, so the
//   other cells change nothing (no slider, rider or hopper line re-enters the box after a hole,
//   so they matter only as destinations);
// - a pawn arriving on e9-h9 (Black: e2-h2) is no promotion here (the square ahead exists) but is
//   one on the 8-rank board: positions whose 3-ply tree holds such a move are not compared.
// So the moves to and from the cells outside the main field, the promotions to inexpressible
// types, and the pawns' last steps on files e-h are not covered here (the oracle tests of
// tests/chess2016_test.cpp cover them); everything else of these men is: captures, hopper screens
// of either colour, pins and checks by hoppers and by the divergent pieces, castling three squares
// towards the rook, double steps, en passant and promotion on b-d and i-k.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "test_util.h"
#include "uci_engine.h"

namespace menagerie {
namespace {

// Our letters of the types Fairy-Stockfish 11.1 has, with its names for them.
const std::pair<char, const char*> EXPRESSIBLE[] = {
    {'p', "pawn"},   {'n', "knight"},     {'b', "bishop"},     {'r', "rook"},
    {'q', "queen"},  {'k', "king"},       {'t', "biskni"},     {'l', "knibis"},
    {'o', "cannon"}, {'m', "commoner"},   {'w', "wazir"},      {'f', "fers"},
    {'e', "silver"}, {'s', "archbishop"}, {'y', "chancellor"}, {'h', "dragonHorse"},
};

bool expressible(const std::string& token) {
    if (token.size() != 1) return false;  // the primed tokens: Camelrider, Griffin, Rhinoceros
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(token[0])));
    for (const auto& [letter, name] : EXPRESSIBLE)
        if (letter == c) return true;
    return false;
}

// Debian's fairy-stockfish with the variant definitions written for this test.
class FairyStockfish : public test::UciEngine {
  public:
    explicit FairyStockfish(const std::string& variant_path)
        : UciEngine({"/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish",
                     "/usr/local/bin/fairy-stockfish"}) {
        if (available()) set_option("VariantPath", variant_path);
    }
    void variant(const std::string& name) { set_option("UCI_Variant", name); }
};

// The box: file 0-11 (a-l), rank 0-9 (1-10).
bool is_square(int file, int rank) {
    if (rank == 0 || rank == 9) return file >= 4 && file <= 7;
    if (rank >= 3 && rank <= 6) return true;
    return file >= 1 && file <= 10;
}
bool on_main_field(int file, int rank) { return file >= 1 && file <= 10 && rank >= 1 && rank <= 8; }

using Grid = std::array<std::array<std::string, 12>, 10>;  // [rank][file], "" when empty

Grid read_board(const std::string& board) {
    Grid grid;  // (not `grid{}`: clang 14 crashes on it)
    int rank = 9, file = 0;
    auto next_square = [&] {
        while (file < 12 && !is_square(file, rank)) ++file;
    };
    next_square();
    for (size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
        if (c == '/') {
            --rank;
            file = 0;
            next_square();
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int n = c - '0';
            while (i + 1 < board.size() && std::isdigit(static_cast<unsigned char>(board[i + 1])))
                n = n * 10 + (board[++i] - '0');
            for (int k = 0; k < n; ++k) {
                ++file;
                next_square();
            }
        } else {
            std::string token(1, c);
            if (i + 1 < board.size() && board[i + 1] == '\'') token += board[++i];
            grid[static_cast<size_t>(rank)][static_cast<size_t>(file)] = token;
            ++file;
            next_square();
        }
    }
    return grid;
}

// Our FEN board (holes left out), or Fairy-Stockfish's of the main field.
std::string write_board(const Grid& grid, bool main_field) {
    std::string out;
    for (int rank = 9; rank >= 0; --rank) {
        if (main_field && (rank == 0 || rank == 9)) continue;
        if (!out.empty()) out += '/';
        int empty = 0;
        for (int file = 0; file < 12; ++file) {
            if (main_field ? !on_main_field(file, rank) : !is_square(file, rank)) continue;
            const std::string& t = grid[static_cast<size_t>(rank)][static_cast<size_t>(file)];
            if (t.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += t;
        }
        if (empty) out += std::to_string(empty);
    }
    return out;
}

std::vector<std::string> fields(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> out;
    for (std::string f; in >> f;) out.push_back(f);
    return out;
}

// A square's name in our coordinates ("e10") to (file, rank); `at` moves past it.
std::pair<int, int> read_square(const std::string& text, size_t& at) {
    const int file = text[at++] - 'a';
    int rank = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
        rank = rank * 10 + (text[at++] - '0');
    return {file, rank - 1};
}
std::string fsf_square(std::pair<int, int> s) {
    return std::string(1, static_cast<char>('a' + s.first - 1)) + std::to_string(s.second);
}

// The position taken to the main field and the expressible men, as our FEN and as Fairy-
// Stockfish's; empty when it is not a position (a king off the field or missing).
std::pair<std::string, std::string> restrict(const std::string& fen) {
    const auto f = fields(fen);
    Grid grid = read_board(f[0]);
    int kings = 0;
    for (int rank = 0; rank < 10; ++rank)
        for (int file = 0; file < 12; ++file) {
            std::string& t = grid[static_cast<size_t>(rank)][static_cast<size_t>(file)];
            if (t.empty()) continue;
            if (!on_main_field(file, rank) || !expressible(t)) {
                if (t == "K" || t == "k") return {};
                t.clear();
            } else if (t == "K" || t == "k") {
                ++kings;
            }
        }
    if (kings != 2) return {};
    std::string ep = f[3];
    if (ep != "-") {
        size_t at = 0;
        ep = fsf_square(read_square(f[3], at));
    }
    // Our castling field names the rooks' files (KBkb); the king stands on g when it may castle.
    std::string castling;
    for (char c : f[2]) {
        const bool white = std::isupper(static_cast<unsigned char>(c));
        const bool king_side = std::tolower(static_cast<unsigned char>(c)) > 'g';
        castling += white ? (king_side ? 'K' : 'Q') : (king_side ? 'k' : 'q');
    }
    if (f[2] == "-") castling = "-";
    const std::string tail = " " + f[4] + " " + f[5];
    return {write_board(grid, false) + " " + f[1] + " " + f[2] + " " + f[3] + tail,
            write_board(grid, true) + " " + f[1] + " " + castling + " " + ep + tail};
}

// Our move in Fairy-Stockfish's coordinates (castling by the king's destination); empty when it
// leaves the comparison (a square off the main field, an inexpressible promotion).
std::string fsf_move(const Position& pos, Move m, const std::string& uci) {
    size_t at = 0;
    const auto from = read_square(uci, at);
    auto to = read_square(uci, at);
    if (m.kind() == MoveKind::Castling) to.first = from.first + (to.first > from.first ? 3 : -3);
    if (!on_main_field(from.first, from.second) || !on_main_field(to.first, to.second)) return {};
    std::string out = fsf_square(from) + fsf_square(to);
    if (m.kind() == MoveKind::Promotion) {
        const std::string& token = pos.game().token(m.promotion());
        if (!expressible(token)) return {};
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(token[0])));
    }
    return out;
}

// A pawn's arrival on e9-h9 (Black: e2-h2): a promotion on Fairy-Stockfish's board only.
bool last_step_on_efgh(const Position& pos, Move m, const std::string& uci) {
    if (type_of(pos.piece_on(m.from())) != pos.game().men.pawn) return false;
    size_t at = 0;
    read_square(uci, at);
    const auto to = read_square(uci, at);
    const int last = pos.side_to_move() == WHITE ? 8 : 1;
    return to.second == last && to.first >= 4 && to.first <= 7;
}

using test::quick;

// Our restricted tree: leaves at `depth`; `comparable` falls when a pawn's last step on e-h
// occurs.
struct Tally {
    int compared = 0, skipped = 0;
    std::set<char> types;           // our letters of the men on the compared boards
    std::map<MoveKind, int> kinds;  // the special moves in the compared trees
    int hopper_captures = 0;
};

uint64_t restricted_perft(Position& pos, int depth, bool& comparable, Tally& tally) {
    MoveList list;
    generate_legal(pos, list);
    uint64_t nodes = 0;
    for (Move m : list) {
        const std::string uci = move_to_uci(pos, m);
        if (last_step_on_efgh(pos, m, uci)) comparable = false;
        if (fsf_move(pos, m, uci).empty()) continue;
        ++tally.kinds[m.kind()];
        if (pos.game().token(type_of(pos.piece_on(m.from()))) == "O" && pos.is_capture(m))
            ++tally.hopper_captures;
        if (depth == 1) {
            ++nodes;
            continue;
        }
        StateInfo st;
        pos.do_move(m, st);
        nodes += restricted_perft(pos, depth - 1, comparable, tally);
        pos.undo_move(m);
    }
    return nodes;
}

// Compares the restricted position of `fen` (of `game`) with Fairy-Stockfish; false on a
// disagreement.
bool compare(FairyStockfish& fsf, const std::shared_ptr<const Game>& game, const std::string& fen,
             Tally& tally) {
    const auto [ours_fen, fsf_fen] = restrict(fen);
    if (ours_fen.empty()) {
        ++tally.skipped;
        return true;
    }
    std::optional<Position> parsed;
    try {
        parsed.emplace(parse_fen(game, ours_fen));
    } catch (const Error&) {  // the side not to move is in check once men are taken off
        ++tally.skipped;
        return true;
    }
    Position& pos = *parsed;
    bool comparable = true;
    Tally counted;
    const int depth = quick() ? 2 : 3;
    const uint64_t ours_total = restricted_perft(pos, depth, comparable, counted);
    if (!comparable) {
        ++tally.skipped;
        return true;
    }
    for (const auto& [kind, n] : counted.kinds) tally.kinds[kind] += n;
    tally.hopper_captures += counted.hopper_captures;
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> ours, theirs;
    for (Move m : list)
        if (const std::string t = fsf_move(pos, m, move_to_uci(pos, m)); !t.empty()) ours.insert(t);
    uint64_t theirs_total = 0;
    for (const auto& [m, n] : fsf.divide(fsf_fen, depth, theirs_total)) theirs.insert(m);
    EXPECT_EQ(ours, theirs) << "ours " << ours_fen << "\nfairy-stockfish " << fsf_fen;
    EXPECT_EQ(ours_total, theirs_total) << "ours " << ours_fen << "\nfairy-stockfish " << fsf_fen;
    if (ours != theirs || ours_total != theirs_total) return false;
    ++tally.compared;
    for (char c : fsf_fen.substr(0, fsf_fen.find(' ')))
        if (std::isalpha(static_cast<unsigned char>(c)))
            tally.types.insert(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    return true;
}

// A variant of the main field for each setup: its expressible promotion types.
std::string variant_section(const std::string& name, const Game& game) {
    std::string promotions;
    for (int t : game.men.promotions)
        if (expressible(game.token(t)))
            promotions +=
                static_cast<char>(std::tolower(static_cast<unsigned char>(game.token(t)[0])));
    std::string out = "[" + name + ":chess]\nmaxRank = 8\nmaxFile = j\n";
    for (const auto& [letter, piece] : EXPRESSIBLE)
        out += std::string(piece) + " = " + letter + "\n";
    out += "startFen = rnbqkbnrtl/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRTL w KQkq - 0 1\n";
    out += "promotionRank = 8\npromotionPieceTypes = " + promotions + "\n";
    out += "castlingKingsideFile = i\ncastlingQueensideFile = c\n\n";
    return out;
}

// Setups with many expressible men: Tigers, Lions, Man, Cannon, Wazir, Fers, Elephant, Princess,
// Empress, Archbishop, Queen.
const std::pair<const char*, const char*> SETUPS[] = {
    {"chess2016", "W1-1-2.G1.R1"},  // the unsubstituted array (Camels are left out)
    {"chess2016", "W1-3-3.G3.R2"},  // Tigers Lions, Man Tiger, Empress, Princess
    {"chess2016", "W2-3-5.G1.R6"},  // Man Wazir, Tigers Lions, Archbishop
    {"chess2016", "W1-2-2.G6.R1"},  // Tigers Men, Man Tiger, Monarch (left out), Cannon
    {"chess2016", "W4-4-4.G3.R6"},  // Tigers Lions, Empress, Archbishop
    {"chess56", "W3-4-6"},          // Man Elephant, Empress
    {"chess56", "W1-4-6"},          // Man Walker (left out), Empress
    {"chess56", "W2-3-6"},          // Man Wazir, Cannon Princess, Empress
    {"chess56", "W4-5-6"},          // Man Fers, Cannon Lady (left out), Empress
    {"chess56", "W1-1-6"},          // Tigers Lions, Empress
    {"chess56", "W4-4-3"},          // Man Lion, Tigers Men, Cannon Princess
    {"chess56", "W1-2-4"},          // Man Walker, Cannon Duchess (both left out), Leo (left out)
};

TEST(FairyStockfishDifferential, MainFieldOfChess2016AndChess56) {
    const std::string ini = ::testing::TempDir() + "menagerie_fairy_stockfish.ini";
    std::vector<std::shared_ptr<const Game>> games;
    {
        std::ofstream out(ini);
        for (size_t i = 0; i < std::size(SETUPS); ++i) {
            games.push_back(make_game(SETUPS[i].first, {{"dice", SETUPS[i].second}}));
            out << variant_section("menagerie" + std::to_string(i), *games.back());
        }
    }
    FairyStockfish fsf(ini);
    ASSERT_TRUE(fsf.available())
        << "fairy-stockfish is not installed (scripts/install-deps.sh installs it)";
    std::mt19937 rng(2016);
    const int games_per_setup = quick() ? 1 : 3, plies = 90;
    Tally tally;
    for (size_t i = 0; i < games.size(); ++i) {
        fsf.variant("menagerie" + std::to_string(i));
        const auto& game = games[i];
        for (int g = 0; g < games_per_setup; ++g) {
            Position pos = start_position(game, std::string(SETUPS[i].second));
            std::vector<StateInfo> states(static_cast<size_t>(plies));
            for (int ply = 0; ply < plies; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.size() == 0) break;
                if (ply % 3 == 2 && !compare(fsf, game, write_fen(pos), tally)) {
                    std::cout << "setup " << SETUPS[i].first << " " << SETUPS[i].second << "\n";
                    return;
                }
                // The games depend on the legal moves, not on the order they are generated in.
                std::sort(list.moves.begin(), list.moves.begin() + list.size(),
                          [](Move a, Move b) { return a.raw() < b.raw(); });
                const Move m =
                    list.moves[std::uniform_int_distribution<int>(0, list.size() - 1)(rng)];
                pos.do_move(m, states[static_cast<size_t>(ply)]);
            }
        }
    }
    std::cout << "compared " << tally.compared << " positions with fairy-stockfish ("
              << tally.skipped << " not comparable); men on them:";
    for (char c : tally.types) std::cout << ' ' << c;
    std::cout << "; in their trees " << tally.kinds[MoveKind::Castling] << " castlings, "
              << tally.kinds[MoveKind::EnPassant] << " en passant, "
              << tally.kinds[MoveKind::Promotion] << " promotions, " << tally.hopper_captures
              << " Cannon captures\n";
    EXPECT_GE(tally.compared, quick() ? 60 : 300);
    if (!quick()) {  // every expressible type met
        EXPECT_EQ(tally.types.size(), std::size(EXPRESSIBLE));
    }
}

}  // namespace
}  // namespace menagerie
