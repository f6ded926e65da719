#include "reference_chess66.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

// Names of its own (not those of reference_chess.cpp), for the tests' unity build.
namespace menagerie::reference::board66 {

namespace {

constexpr int WHITE = 0, BLACK = 1;
enum Direction { N, NE, E, SE, S, SW, W, NW };

std::vector<std::string> cells_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string cell; in >> cell;)
        if (cell != "·") out.push_back(cell);
    return out;
}

// The rows of the page's table that follows `heading`: its cells between the bars.
std::vector<std::vector<std::string>> table_after(const std::string& page,
                                                  const std::string& heading) {
    const size_t at = page.find(heading);
    if (at == std::string::npos) throw std::invalid_argument("no " + heading + " on the page");
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(page.substr(at));
    bool in_table = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("|", 0) != 0) {
            if (in_table) break;
            continue;
        }
        in_table = true;
        std::vector<std::string> row;
        std::istringstream parts(line.substr(1));
        for (std::string part; std::getline(parts, part, '|');) {
            const size_t b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
            row.push_back(b == std::string::npos ? "" : part.substr(b, e - b + 1));
        }
        if (row.empty() || row[0].find("---") != std::string::npos) continue;
        rows.push_back(row);
    }
    return rows;
}

// The board as the page draws it: cells by name, their neighbours, the two switches.
struct Board {
    std::vector<std::string> names;
    std::map<std::string, int> index;
    std::vector<std::array<std::vector<int>, 8>> next;  // per cell and direction
    std::vector<int> twin;                              // the other field of a switch, else -1
    std::vector<std::set<int>> knight;                  // the knight's targets on the empty board

    explicit Board(const std::string& page) {
        const auto rows = table_after(page, "## Neighbours");
        for (const auto& row : rows)
            if (row[0] != "cell")
                index[row[0]] = static_cast<int>(names.size()), names.push_back(row[0]);
        if (names.size() != 66) throw std::invalid_argument("the page's table has not 66 cells");
        next.resize(names.size());
        for (const auto& row : rows) {
            if (row[0] == "cell") continue;
            for (int d = 0; d < 8; ++d)
                for (const std::string& c : cells_of(row[static_cast<size_t>(d) + 1]))
                    next[static_cast<size_t>(index.at(row[0]))][d].push_back(index.at(c));
        }
        twin.assign(names.size(), -1);
        for (auto [a, b] : {std::pair{"4", "a4"}, {"5", "h5"}})
            twin[static_cast<size_t>(index.at(a))] = index.at(b),
            twin[static_cast<size_t>(index.at(b))] = index.at(a);
        for (int c = 0; c < size(); ++c) knight.push_back(knight_targets(c));
    }
    int size() const { return static_cast<int>(names.size()); }
    int at(const std::string& name) const { return index.at(name); }
    int rank(int c) const { return names[static_cast<size_t>(c)].back() - '0'; }

    // Every cell of the lines from `c` on the empty board (forking through the switches).
    void line(int c, int d, std::set<int>& out) const {
        for (int n : next[static_cast<size_t>(c)][d])
            if (out.insert(n).second) line(n, d, out);
    }

    // Rulings: the fields a king reaches in two steps that lie on no line with the start, and
    // never the other field of its own switch.
    std::set<int> knight_targets(int from) const {
        std::set<int> two_steps, on_lines;
        for (int d = 0; d < 8; ++d) {
            std::set<int> this_line;  // (each direction its own: lines cross)
            line(from, d, this_line);
            on_lines.insert(this_line.begin(), this_line.end());
            for (int a : next[static_cast<size_t>(from)][d])
                for (int e = 0; e < 8; ++e)
                    for (int b : next[static_cast<size_t>(a)][e]) two_steps.insert(b);
        }
        std::set<int> out;
        for (int c : two_steps)
            if (c != from && c != twin[static_cast<size_t>(from)] && !on_lines.count(c))
                out.insert(c);
        return out;
    }
};

struct State {
    std::vector<char> board;  // by cell; '.' empty
    int side = WHITE;
    int ep = -1, ep_victim = -1;  // the cell a double step passed, and the pawn that made it
    std::string rights;           // K Q k q: the rook on h1, a1, h8, a8 (castling is turned)
    std::string move;             // the move that made it, in coordinates (for a divide)
};

int colour_of(char p) { return std::isupper(static_cast<unsigned char>(p)) ? WHITE : BLACK; }
char kind_of(char p) { return static_cast<char>(std::toupper(static_cast<unsigned char>(p))); }
char piece_of(int colour, char kind) {
    return colour == WHITE ? kind
                           : static_cast<char>(std::tolower(static_cast<unsigned char>(kind)));
}

class Rules {
  public:
    explicit Rules(const std::string& page) : b_(page) {}
    const Board& board() const { return b_; }

    // Where the man on `from` may go or capture, the king's safety aside (`captures_only`: the
    // cells it attacks with a capture, as a king in check needs).
    std::vector<int> targets(const State& s, int from) const {
        const char p = s.board[static_cast<size_t>(from)];
        const int us = colour_of(p);
        std::vector<int> out;
        switch (kind_of(p)) {
            case 'P':
                return pawn_targets(s, from);
            case 'N':
                for (int t : b_.knight[static_cast<size_t>(from)]) land(s, us, t, out);
                break;
            case 'K':
                for (int d = 0; d < 8; ++d) walk(s, us, from, d, 1, out);
                break;
            default:
                for (int d = 0; d < 8; ++d) {
                    const bool diagonal = d % 2 == 1;
                    if ((kind_of(p) == 'B' && !diagonal) || (kind_of(p) == 'R' && diagonal))
                        continue;
                    walk(s, us, from, d, 64, out);
                }
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    bool attacked(const State& s, int cell, int by) const {
        for (int c = 0; c < b_.size(); ++c) {
            const char p = s.board[static_cast<size_t>(c)];
            if (p == '.' || colour_of(p) != by) continue;
            const auto t = kind_of(p) == 'P' ? pawn_captures(s, c) : targets(s, c);
            if (std::find(t.begin(), t.end(), cell) != t.end()) return true;
        }
        return false;
    }

    bool in_check(const State& s, int colour) const {
        for (int c = 0; c < b_.size(); ++c)
            if (s.board[static_cast<size_t>(c)] == piece_of(colour, 'K'))
                return attacked(s, c, 1 - colour);
        throw std::invalid_argument("no king");
    }

    std::vector<State> children(const State& s) const {
        std::vector<State> out;
        const int us = s.side;
        for (int from = 0; from < b_.size(); ++from) {
            const char p = s.board[static_cast<size_t>(from)];
            if (p == '.' || colour_of(p) != us) continue;
            for (int to : targets(s, from)) {
                State n = moved(s, from, to);
                if (kind_of(p) == 'P') {
                    const auto& ahead = b_.next[static_cast<size_t>(from)][us == WHITE ? N : S];
                    const bool diagonal = std::find(ahead.begin(), ahead.end(), to) == ahead.end();
                    if (to == s.ep && diagonal) n.board[static_cast<size_t>(s.ep_victim)] = '.';
                    const int last = us == WHITE ? 8 : 1;
                    if (b_.rank(to) == last && b_.names[static_cast<size_t>(to)].size() == 2) {
                        const std::string text = n.move;
                        for (char kind : {'N', 'B', 'R', 'Q'}) {
                            n.board[static_cast<size_t>(to)] = piece_of(us, kind);
                            n.move = text + static_cast<char>(std::tolower(kind));
                            keep_if_legal(n, out);
                        }
                        continue;
                    }
                    if (is_double_step(from, to)) {
                        n.ep = passed(from);
                        n.ep_victim = to;
                    }
                }
                keep_if_legal(n, out);
            }
        }
        castlings(s, out);
        return out;
    }

  private:
    bool empty_switch(const State& s, int field) const {
        return s.board[static_cast<size_t>(field)] == '.' &&
               s.board[static_cast<size_t>(b_.twin[static_cast<size_t>(field)])] == '.';
    }
    // The man in the switch of `field` (on either of its fields), or -1.
    int occupant(const State& s, int field) const {
        if (s.board[static_cast<size_t>(field)] != '.') return field;
        const int other = b_.twin[static_cast<size_t>(field)];
        return s.board[static_cast<size_t>(other)] != '.' ? other : -1;
    }
    bool enemy(const State& s, int us, int cell) const {
        const char p = s.board[static_cast<size_t>(cell)];
        return p != '.' && colour_of(p) != us;
    }

    // A man landing on `t` (a knight's or a step's target): an empty cell, an enemy to take, or a
    // switch, which an occupant closes to all but its capture.
    void land(const State& s, int us, int t, std::vector<int>& out) const {
        if (b_.twin[static_cast<size_t>(t)] >= 0) {
            const int man = occupant(s, t);
            if (man < 0)
                out.push_back(t);
            else if (enemy(s, us, man))
                out.push_back(man);
            return;
        }
        if (s.board[static_cast<size_t>(t)] == '.' || enemy(s, us, t)) out.push_back(t);
    }

    // A line from `c` in direction `d` for up to `steps` steps, forking through an empty switch.
    void walk(const State& s, int us, int c, int d, int steps, std::vector<int>& out) const {
        for (int n : b_.next[static_cast<size_t>(c)][d]) {
            if (b_.twin[static_cast<size_t>(n)] >= 0) {
                const int man = occupant(s, n);
                if (man >= 0) {
                    if (enemy(s, us, man)) out.push_back(man);
                    continue;
                }
            } else if (s.board[static_cast<size_t>(n)] != '.') {
                if (enemy(s, us, n)) out.push_back(n);
                continue;
            }
            out.push_back(n);
            if (steps > 1) walk(s, us, n, d, steps - 1, out);
        }
    }

    std::vector<int> pawn_captures(const State& s, int from) const {
        const int us = colour_of(s.board[static_cast<size_t>(from)]);
        std::vector<int> out;
        for (int d : us == WHITE ? std::vector<int>{NE, NW} : std::vector<int>{SE, SW})
            for (int n : b_.next[static_cast<size_t>(from)][d]) {
                const int man = b_.twin[static_cast<size_t>(n)] >= 0 ? occupant(s, n) : n;
                if (man >= 0 && enemy(s, us, man)) out.push_back(man);
                if (n == s.ep) out.push_back(n);
            }
        return out;
    }

    std::vector<int> pawn_targets(const State& s, int from) const {
        const int us = colour_of(s.board[static_cast<size_t>(from)]);
        const int forward = us == WHITE ? N : S;
        std::vector<int> out = pawn_captures(s, from);
        auto free = [&](int n) {
            return b_.twin[static_cast<size_t>(n)] >= 0 ? empty_switch(s, n)
                                                        : s.board[static_cast<size_t>(n)] == '.';
        };
        for (int one : b_.next[static_cast<size_t>(from)][forward]) {
            if (!free(one)) continue;
            out.push_back(one);
            if (b_.rank(from) != (us == WHITE ? 2 : 7)) continue;
            for (int two : b_.next[static_cast<size_t>(one)][forward])
                if (free(two)) out.push_back(two);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    bool is_double_step(int from, int to) const {
        const int r = b_.rank(from), t = b_.rank(to);
        return (r == 2 && t == 4) || (r == 7 && t == 5);
    }
    int passed(int from) const {
        const int d = b_.rank(from) == 2 ? N : S;
        return b_.next[static_cast<size_t>(from)][d].front();
    }

    State moved(const State& s, int from, int to) const {
        State n = s;
        const char p = n.board[static_cast<size_t>(from)];
        n.move = b_.names[static_cast<size_t>(from)] + b_.names[static_cast<size_t>(to)];
        for (auto [right, cell] : {std::pair{'K', "h1"}, {'Q', "a1"}, {'k', "h8"}, {'q', "a8"}})
            if (from == b_.at(cell) || to == b_.at(cell))
                n.rights.erase(std::remove(n.rights.begin(), n.rights.end(), right),
                               n.rights.end());
        if (kind_of(p) == 'K') {
            const std::string gone = colour_of(p) == WHITE ? "KQ" : "kq";
            for (char r : gone)
                n.rights.erase(std::remove(n.rights.begin(), n.rights.end(), r), n.rights.end());
        }
        n.board[static_cast<size_t>(to)] = p;
        n.board[static_cast<size_t>(from)] = '.';
        n.ep = n.ep_victim = -1;
        n.side = 1 - s.side;
        return n;
    }

    void keep_if_legal(const State& n, std::vector<State>& out) const {
        if (!in_check(n, 1 - n.side)) out.push_back(n);
    }

    // Orthodox castling relative to the array: White's king e1 to g1 (rook h1 to f1) or c1 (rook
    // a1 to d1); Black's turned: king d8 to b8 (rook a8 to c8) or f8 (rook h8 to e8).
    void castlings(const State& s, std::vector<State>& out) const {
        struct Way {
            char right;
            const char *king, *king_to, *rook, *rook_to;
            std::vector<const char*> between, crossed;
        };
        const std::vector<Way> ways = {
            {'K', "e1", "g1", "h1", "f1", {"f1", "g1"}, {"e1", "f1", "g1"}},
            {'Q', "e1", "c1", "a1", "d1", {"b1", "c1", "d1"}, {"e1", "d1", "c1"}},
            {'q', "d8", "b8", "a8", "c8", {"b8", "c8"}, {"d8", "c8", "b8"}},
            {'k', "d8", "f8", "h8", "e8", {"e8", "f8", "g8"}, {"d8", "e8", "f8"}},
        };
        const int us = s.side;
        for (const Way& w : ways) {
            if (colour_of(w.right) != us || s.rights.find(w.right) == std::string::npos) continue;
            if (s.board[static_cast<size_t>(b_.at(w.king))] != piece_of(us, 'K') ||
                s.board[static_cast<size_t>(b_.at(w.rook))] != piece_of(us, 'R'))
                continue;
            bool ok = true;
            for (const char* c : w.between)
                ok = ok && s.board[static_cast<size_t>(b_.at(c))] == '.';
            for (const char* c : w.crossed) {
                if (!ok) break;
                State there = s;  // the king on each cell it crosses must not be attacked there
                there.board[static_cast<size_t>(b_.at(w.king))] = '.';
                there.board[static_cast<size_t>(b_.at(c))] = piece_of(us, 'K');
                ok = !in_check(there, us);
            }
            if (!ok) continue;
            State n = moved(s, b_.at(w.king), b_.at(w.king_to));
            n.board[static_cast<size_t>(b_.at(w.rook))] = '.';
            n.board[static_cast<size_t>(b_.at(w.rook_to))] = piece_of(us, 'R');
            n.move = std::string(w.king) + w.rook;  // king takes rook, as the notation writes it
            keep_if_legal(n, out);
        }
    }

    Board b_;
};

State read_fen(const Board& board, const std::string& fen) {
    static const std::vector<std::vector<std::string>> RANKS = {
        {"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"},
        {"a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"},
        {"a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6"},
        {"a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "5"},
        {"4", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"},
        {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"},
        {"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"},
        {"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}};
    std::istringstream in(fen);
    std::string placement, side, rights, ep;
    in >> placement >> side >> rights >> ep;
    State s;
    s.board.assign(static_cast<size_t>(board.size()), '.');
    size_t rank = 0, file = 0;
    for (char c : placement) {
        if (c == '/') {
            ++rank, file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            file += static_cast<size_t>(c - '0');
        } else {
            if (rank >= RANKS.size() || file >= RANKS[rank].size())
                throw std::invalid_argument("FEN board: " + fen);
            s.board[static_cast<size_t>(board.at(RANKS[rank][file++]))] = c;
        }
    }
    s.side = side == "w" ? WHITE : BLACK;
    s.rights = rights == "-" ? "" : rights;
    if (ep != "-") {
        s.ep = board.at(ep);
        // The double-stepper stands one step beyond the passed cell (on either switch field).
        for (int n : board.next[static_cast<size_t>(s.ep)][s.side == WHITE ? S : N])
            if (s.board[static_cast<size_t>(n)] == piece_of(1 - s.side, 'P')) s.ep_victim = n;
    }
    return s;
}

uint64_t count(const Rules& rules, const State& s, int depth) {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const State& c : rules.children(s)) n += depth == 1 ? 1 : count(rules, c, depth - 1);
    return n;
}

}  // namespace

}  // namespace menagerie::reference::board66

namespace menagerie::reference {

uint64_t chess66_perft(const std::string& rule_page, const std::string& fen, int depth) {
    const board66::Rules rules(rule_page);
    return board66::count(rules, board66::read_fen(rules.board(), fen), depth);
}

std::map<std::string, uint64_t> chess66_divide(const std::string& rule_page, const std::string& fen,
                                               int depth) {
    const board66::Rules rules(rule_page);
    std::map<std::string, uint64_t> out;
    for (const auto& child : rules.children(board66::read_fen(rules.board(), fen)))
        out[child.move] += board66::count(rules, child, depth - 1);
    return out;
}

std::set<std::string> chess66_knight_targets(const std::string& rule_page,
                                             const std::string& cell) {
    const board66::Board board(rule_page);
    std::set<std::string> out;
    for (int c : board.knight[static_cast<size_t>(board.at(cell))])
        out.insert(board.names[static_cast<size_t>(c)]);
    return out;
}

std::map<std::string, std::set<std::string>> chess66_knight_table(const std::string& rule_page) {
    std::map<std::string, std::set<std::string>> out;
    for (const auto& row : board66::table_after(rule_page, "## Knight"))
        if (row.size() >= 2 && row[0] != "from") {
            const auto cells = board66::cells_of(row[1]);
            out[row[0]] = std::set<std::string>(cells.begin(), cells.end());
        }
    return out;
}

}  // namespace menagerie::reference
