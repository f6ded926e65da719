#include "reference_chess2016.h"

#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace menagerie::reference {

bool on_board(int f, int r) {
    if (f < 0 || f > 11 || r < 0 || r > 9) return false;
    if (f >= 1 && f <= 10 && r >= 1 && r <= 8) return true;   // main field
    if (f >= 4 && f <= 7 && (r == 0 || r == 9)) return true;  // behind the centre
    return (f == 0 || f == 11) && r >= 3 && r <= 6;           // wings
}

std::string name(int f, int r) {
    return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}

namespace {

int at(const Board& b, int f, int r) {
    const auto it = b.find({f, r});
    return it == b.end() ? 0 : it->second;
}

enum class M { Both, Move, Capture };
struct Oracle {
    const Board& board;
    int f, r;
    std::set<std::pair<int, int>> out;
    void land(int x, int y, M m) {
        const int who = at(board, x, y);
        if ((who == 0 && m != M::Capture) || (who == 2 && m != M::Move)) out.insert({x, y});
    }
    void ride(const std::vector<std::pair<int, int>>& dirs, int range, M m) {
        for (auto [dx, dy] : dirs)
            for (int k = 1, x = f + dx, y = r + dy; on_board(x, y) && (range == 0 || k <= range);
                 ++k, x += dx, y += dy) {
                land(x, y, m);
                if (at(board, x, y)) break;
            }
    }
    void leap(int a, int b, M m) {
        for (int sx : {-1, 1})
            for (int sy : {-1, 1})
                for (auto [dx, dy] : {std::pair{a * sx, b * sy}, std::pair{b * sx, a * sy}})
                    if (on_board(f + dx, r + dy)) land(f + dx, r + dy, m);
    }
    void leap_ride(int a, int b) {
        for (int sx : {-1, 1})
            for (int sy : {-1, 1})
                for (auto [dx, dy] : {std::pair{a * sx, b * sy}, std::pair{b * sx, a * sy}})
                    for (int x = f + dx, y = r + dy; on_board(x, y); x += dx, y += dy) {
                        land(x, y, M::Both);
                        if (at(board, x, y)) break;
                    }
    }
    void hop(const std::vector<std::pair<int, int>>& dirs) {
        for (auto [dx, dy] : dirs) {
            int x = f + dx, y = r + dy;
            while (on_board(x, y) && !at(board, x, y)) x += dx, y += dy;
            if (!on_board(x, y)) continue;  // no screen before the edge or a hole
            for (x += dx, y += dy; on_board(x, y); x += dx, y += dy)
                if (at(board, x, y)) {
                    land(x, y, M::Capture);
                    break;
                }
        }
    }
    void griffin() {
        for (auto [dx, dy] : DIAG) {
            if (!on_board(f + dx, r + dy) || at(board, f + dx, r + dy)) continue;
            for (auto [ox, oy] : {std::pair{dx, 0}, std::pair{0, dy}})
                for (int k = 1, x = f + dx + ox, y = r + dy + oy; on_board(x, y);
                     ++k, x += ox, y += oy) {
                    if (k >= 2) land(x, y, M::Both);
                    if (at(board, x, y)) break;
                }
        }
    }
    void rhinoceros() {
        // The eight directions in clockwise order.
        const std::pair<int, int> ring[] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                            {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
        for (int first = 0; first < 8; ++first)
            for (int turn : {1, 7}) {
                int x = f, y = r;
                for (int k = 0; k < 7; ++k) {
                    const auto [dx, dy] = ring[(first + k * turn) % 8];
                    x += dx, y += dy;
                    if (!on_board(x, y)) break;
                    land(x, y, M::Both);
                    if (at(board, x, y)) break;
                }
            }
    }
    static constexpr std::pair<int, int> DIAG[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
};

const std::vector<std::pair<int, int>> ORTHO = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const std::vector<std::pair<int, int>> DIAGS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
std::vector<std::pair<int, int>> all_dirs() {
    auto v = ORTHO;
    v.insert(v.end(), DIAGS.begin(), DIAGS.end());
    return v;
}

}  // namespace

// The rulings' words, piece by piece (White's men; forward is up).
std::set<std::pair<int, int>> oracle_cells(const std::string& piece, const Board& board, int f,
                                           int r) {
    Oracle o{board, f, r, {}};
    if (piece == "knight") o.leap(1, 2, M::Both);
    if (piece == "bishop") o.ride(DIAGS, 0, M::Both);
    if (piece == "rook") o.ride(ORTHO, 0, M::Both);
    if (piece == "queen") o.ride(all_dirs(), 0, M::Both);
    if (piece == "man") o.ride(all_dirs(), 1, M::Both);
    if (piece == "wazir") o.ride(ORTHO, 1, M::Both);
    if (piece == "fers") o.ride(DIAGS, 1, M::Both);
    if (piece == "walker") o.ride(ORTHO, 1, M::Move), o.ride(DIAGS, 1, M::Capture);
    if (piece == "elephant") o.ride(DIAGS, 1, M::Both), o.ride({{0, 1}}, 1, M::Both);
    if (piece == "camel") o.leap(1, 3, M::Both);
    if (piece == "zebra") o.leap(2, 3, M::Both);
    if (piece == "giraffe") o.leap(1, 4, M::Both);
    if (piece == "tiger") o.ride(DIAGS, 0, M::Move), o.leap(1, 2, M::Capture);
    if (piece == "lion") o.leap(1, 2, M::Move), o.ride(DIAGS, 0, M::Capture);
    if (piece == "cannon") o.ride(ORTHO, 0, M::Move), o.hop(ORTHO);
    if (piece == "vao") o.ride(DIAGS, 0, M::Move), o.hop(DIAGS);
    if (piece == "leo") o.ride(all_dirs(), 0, M::Move), o.hop(all_dirs());
    if (piece == "princess") o.ride(DIAGS, 0, M::Both), o.leap(1, 2, M::Both);
    if (piece == "empress") o.ride(ORTHO, 0, M::Both), o.leap(1, 2, M::Both);
    if (piece == "duchess") o.ride(DIAGS, 0, M::Both), o.leap(2, 3, M::Both);
    if (piece == "lady") o.ride(DIAGS, 0, M::Both), o.leap(1, 4, M::Both);
    if (piece == "monarch") o.ride(ORTHO, 0, M::Both), o.leap(1, 3, M::Both);
    if (piece == "archbishop") o.ride(DIAGS, 0, M::Both), o.ride(ORTHO, 1, M::Both);
    if (piece == "nightrider") o.leap_ride(1, 2);
    if (piece == "camelrider") o.leap_ride(1, 3);
    if (piece == "griffin") o.griffin();
    if (piece == "rhinoceros") o.rhinoceros();
    return o.out;
}

std::set<std::string> oracle(const std::string& piece, const Board& board, int f, int r) {
    std::set<std::string> out;
    for (auto [x, y] : oracle_cells(piece, board, f, r)) out.insert(name(x, y));
    return out;
}

// Names of its own, for the tests' unity build.
namespace box2016 {
namespace {

constexpr int WHITE = 0, BLACK = 1;

struct Man {
    int colour;
    std::string piece;
};
using Men = std::map<std::pair<int, int>, Man>;

// The page's tokens (a letter, and a prime for the three types whose initial another holds).
const std::map<std::string, std::string>& piece_names() {
    static const std::map<std::string, std::string> names = {
        {"K", "king"},      {"Q", "queen"},       {"R", "rook"},       {"B", "bishop"},
        {"N", "knight"},    {"P", "pawn"},        {"C", "camel"},      {"T", "tiger"},
        {"M", "man"},       {"O", "cannon"},      {"A", "walker"},     {"D", "duchess"},
        {"U", "monarch"},   {"W", "wazir"},       {"S", "princess"},   {"X", "leo"},
        {"E", "elephant"},  {"C'", "camelrider"}, {"G'", "griffin"},   {"F", "fers"},
        {"J", "lady"},      {"Y", "empress"},     {"Z", "zebra"},      {"G", "giraffe"},
        {"L", "lion"},      {"R'", "rhinoceros"}, {"I", "nightrider"}, {"V", "vao"},
        {"H", "archbishop"}};
    return names;
}

// The cells of rank r from file a on.
std::vector<int> files_of(int r) {
    std::vector<int> out;
    for (int f = 0; f < 12; ++f)
        if (on_board(f, r)) out.push_back(f);
    return out;
}

Men read_board(const std::string& fen) {
    Men men;
    const std::string placement = fen.substr(0, fen.find(' '));
    int r = 9;
    size_t at_file = 0;
    for (size_t i = 0; i < placement.size();) {
        const char c = placement[i];
        if (c == '/') {
            --r, at_file = 0, ++i;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t end = i;
            while (end < placement.size() &&
                   std::isdigit(static_cast<unsigned char>(placement[end])))
                ++end;
            at_file += static_cast<size_t>(std::stoi(placement.substr(i, end - i)));
            i = end;
            continue;
        }
        std::string token(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
        size_t end = i + 1;
        while (end < placement.size() && placement[end] == '\'') token += placement[end++];
        const auto piece = piece_names().find(token);
        const std::vector<int> files = files_of(r);
        if (piece == piece_names().end() || r < 0 || at_file >= files.size())
            throw std::invalid_argument("FEN board: " + fen);
        men[{files[at_file++], r}] = {std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK,
                                      piece->second};
        i = end;
    }
    return men;
}

// Where `men`'s man on `cell` may go, for its side (Black's seen upside down, so that forward
// is up for the words).
std::vector<std::pair<int, int>> targets(const Men& men, std::pair<int, int> cell) {
    const Man& man = men.at(cell);
    auto seen = [&](std::pair<int, int> c) {
        return man.colour == WHITE ? c : std::pair{c.first, 9 - c.second};
    };
    Board board;
    for (const auto& [c, m] : men)
        if (c != cell) board[seen(c)] = m.colour == man.colour ? 1 : 2;
    const auto [f, r] = seen(cell);
    std::vector<std::pair<int, int>> out;
    if (man.piece == "pawn") {
        // Orthodox: a step forward to an empty cell (two from the initial rank), a capture one
        // step diagonally forward. A step onto a cell with none straight ahead promotes.
        auto empty = [&](int x, int y) { return on_board(x, y) && !board.count({x, y}); };
        if (empty(f, r + 1)) {
            out.push_back({f, r + 1});
            if (r == 2 && empty(f, r + 2)) out.push_back({f, r + 2});
        }
        for (int dx : {-1, 1})
            if (on_board(f + dx, r + 1) && board.count({f + dx, r + 1}) &&
                board.at({f + dx, r + 1}) == 2)
                out.push_back({f + dx, r + 1});
        for (auto [x, y] : out)
            if (!on_board(x, y + 1))
                throw std::invalid_argument("the reference does not promote (" + name(x, y) + ")");
    } else {
        for (auto c : oracle_cells(man.piece == "king" ? "man" : man.piece, board, f, r))
            out.push_back(c);
    }
    for (auto& c : out) c = seen(c);
    return out;
}

bool attacked(const Men& men, std::pair<int, int> cell, int by) {
    for (const auto& [c, m] : men) {
        if (m.colour != by) continue;
        for (auto t : targets(men, c))
            if (t == cell) return true;
    }
    return false;
}

bool king_safe(const Men& men, int colour) {
    for (const auto& [c, m] : men)
        if (m.colour == colour && m.piece == "king") return !attacked(men, c, 1 - colour);
    throw std::invalid_argument("no king");
}

uint64_t count(const Men& men, int side, int depth) {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const auto& [from, man] : men) {
        if (man.colour != side) continue;
        for (auto to : targets(men, from)) {
            Men next = men;
            next[to] = man;
            next.erase(from);
            if (king_safe(next, side)) n += count(next, 1 - side, depth - 1);
        }
    }
    return n;
}

}  // namespace
}  // namespace box2016

uint64_t chess2016_start_perft(const std::string& fen, int depth) {
    if (depth > 2) throw std::invalid_argument("the reference counts starts to depth 2 only");
    std::istringstream in(fen);
    std::string board, side;
    in >> board >> side;
    return box2016::count(box2016::read_board(fen), side == "w" ? box2016::WHITE : box2016::BLACK,
                          depth);
}

}  // namespace menagerie::reference
