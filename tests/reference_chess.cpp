#include "reference_chess.h"

#include <array>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

// Names of its own, for the tests' unity build.
namespace menagerie::reference::board64 {

namespace {

constexpr int WHITE = 0, BLACK = 1;
constexpr int A_SIDE = 0, H_SIDE = 1;  // the castling rook's side of its king

int file_of(int sq) { return sq % 8; }
int rank_of(int sq) { return sq / 8; }
int square(int file, int rank) { return rank * 8 + file; }
bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
int colour_of(char piece) {
    return std::isupper(static_cast<unsigned char>(piece)) ? WHITE : BLACK;
}
char kind_of(char piece) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(piece)));
}
char piece_of(int colour, char kind) {
    return colour == WHITE ? kind
                           : static_cast<char>(std::tolower(static_cast<unsigned char>(kind)));
}
int home_rank(int colour) { return colour == WHITE ? 0 : 7; }

struct Rules {
    bool contemporary = false;  // castling to b/g, Bunker Leap, Bishop Adjustment
    bool chess960_castling = false;
    bool curtailed = false;
    bool reduced = false;  // Reduced Placement: the king swaps only with the queen
};

struct State {
    std::array<char, 64> board;
    int side = WHITE;
    int ep = -1;  // the square a double-stepping pawn passed
    // The castling rook's square per colour and side, -1 without the right.
    std::array<std::array<int, 2>, 2> castling_rook{{{-1, -1}, {-1, -1}}};
    // Contemporary: the king has not moved (it may leap); the side may still adjust, and which of
    // its back-rank men have not moved.
    std::array<bool, 2> king_unmoved{false, false};
    std::array<bool, 2> may_adjust{false, false};
    std::array<std::array<bool, 8>, 2> unmoved_man{};
    char phase = 0;  // Placement's relocation: 'K' Black chooses the kings, 'Q' White the queens
};

int king_square(const State& s, int colour) {
    for (int sq = 0; sq < 64; ++sq)
        if (s.board[sq] == piece_of(colour, 'K')) return sq;
    throw std::invalid_argument("no king");
}

// Whether a man of `by` attacks `target`, looking outwards from the target.
bool attacked(const State& s, int target, int by) {
    const int f = file_of(target), r = rank_of(target);
    auto holds = [&](int file, int rank, char kind) {
        return on_board(file, rank) && s.board[square(file, rank)] == piece_of(by, kind);
    };
    const int pawn_rank = r + (by == WHITE ? -1 : 1);
    if (holds(f - 1, pawn_rank, 'P') || holds(f + 1, pawn_rank, 'P')) return true;
    for (auto [df, dr] :
         {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
        if (holds(f + df, r + dr, 'N')) return true;
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && holds(f + df, r + dr, 'K')) return true;
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr) continue;
            const char slider = df && dr ? 'B' : 'R';
            for (int ff = f + df, rr = r + dr; on_board(ff, rr); ff += df, rr += dr) {
                const char p = s.board[square(ff, rr)];
                if (p == '.') continue;
                if (p == piece_of(by, slider) || p == piece_of(by, 'Q')) return true;
                break;
            }
        }
    return false;
}

bool in_check(const State& s, int colour) {
    return attacked(s, king_square(s, colour), 1 - colour);
}

// What a man leaving `from` or a capture on `to` does to the rights that depend on men unmoved.
void touch(State& s, int sq) {
    for (int c : {WHITE, BLACK}) {
        for (int side : {A_SIDE, H_SIDE})
            if (s.castling_rook[c][side] == sq) s.castling_rook[c][side] = -1;
        if (rank_of(sq) == home_rank(c)) s.unmoved_man[c][file_of(sq)] = false;
    }
}

void king_moved(State& s, int colour) {
    s.castling_rook[colour] = {-1, -1};
    s.king_unmoved[colour] = false;
}

class Generator {
  public:
    explicit Generator(const Rules& rules) : rules_(rules) {}

    // Every position one legal move away (a move listed once even when two rules allow it).
    std::vector<State> children(const State& s) const {
        std::vector<State> out;
        if (s.phase == 'K') return king_choices(s);
        if (s.phase == 'Q') return queen_choices(s);
        const int us = s.side;
        for (int from = 0; from < 64; ++from) {
            const char p = s.board[from];
            if (p == '.' || colour_of(p) != us) continue;
            switch (kind_of(p)) {
                case 'P':
                    pawn_moves(s, from, out);
                    break;
                case 'N':
                    for (auto [df, dr] : {std::pair{1, 2},
                                          {2, 1},
                                          {2, -1},
                                          {1, -2},
                                          {-1, -2},
                                          {-2, -1},
                                          {-2, 1},
                                          {-1, 2}})
                        step(s, from, df, dr, out);
                    break;
                case 'K':
                    for (int df = -1; df <= 1; ++df)
                        for (int dr = -1; dr <= 1; ++dr)
                            if (df || dr) step(s, from, df, dr, out);
                    break;
                default:
                    for (int df = -1; df <= 1; ++df)
                        for (int dr = -1; dr <= 1; ++dr) {
                            if (!df && !dr) continue;
                            const bool diagonal = df && dr;
                            if ((kind_of(p) == 'B' && !diagonal) || (kind_of(p) == 'R' && diagonal))
                                continue;
                            slide(s, from, df, dr, out);
                        }
            }
        }
        castlings(s, out);
        if (rules_.contemporary) {
            leaps(s, out);
            adjustments(s, out);
        }
        return out;
    }

  private:
    // Keeps `next` (the position after a move of s.side) if that side's king is safe in it.
    void keep_if_legal(const State& next, std::vector<State>& out) const {
        if (!in_check(next, 1 - next.side)) out.push_back(next);
    }

    State moved(const State& s, int from, int to) const {
        State n = s;
        const char p = n.board[from];
        touch(n, from);
        touch(n, to);
        if (kind_of(p) == 'K') king_moved(n, s.side);
        n.board[to] = p;
        n.board[from] = '.';
        n.ep = -1;
        n.side = 1 - s.side;
        return n;
    }

    void step(const State& s, int from, int df, int dr, std::vector<State>& out) const {
        const int f = file_of(from) + df, r = rank_of(from) + dr;
        if (!on_board(f, r)) return;
        const char there = s.board[square(f, r)];
        if (there != '.' && colour_of(there) == s.side) return;
        keep_if_legal(moved(s, from, square(f, r)), out);
    }

    void slide(const State& s, int from, int df, int dr, std::vector<State>& out) const {
        for (int f = file_of(from) + df, r = rank_of(from) + dr; on_board(f, r); f += df, r += dr) {
            const char there = s.board[square(f, r)];
            if (there != '.' && colour_of(there) == s.side) return;
            keep_if_legal(moved(s, from, square(f, r)), out);
            if (there != '.') return;
        }
    }

    void pawn_moves(const State& s, int from, std::vector<State>& out) const {
        const int us = s.side, dir = us == WHITE ? 1 : -1;
        const int f = file_of(from), r = rank_of(from);
        const int last = us == WHITE ? 7 : 0;
        auto arrive = [&](State n, int to) {
            if (rank_of(to) != last) return keep_if_legal(n, out);
            for (char kind : {'N', 'B', 'R', 'Q'}) {
                n.board[to] = piece_of(us, kind);
                keep_if_legal(n, out);
            }
        };
        if (on_board(f, r + dir) && s.board[square(f, r + dir)] == '.') {
            arrive(moved(s, from, square(f, r + dir)), square(f, r + dir));
            const int start = us == WHITE ? 1 : 6;
            if (r == start && s.board[square(f, r + 2 * dir)] == '.') {
                State n = moved(s, from, square(f, r + 2 * dir));
                n.ep = square(f, r + dir);
                keep_if_legal(n, out);
            }
        }
        for (int df : {-1, 1}) {
            if (!on_board(f + df, r + dir)) continue;
            const int to = square(f + df, r + dir);
            const char there = s.board[to];
            if (there != '.' && colour_of(there) != us) arrive(moved(s, from, to), to);
            if (to == s.ep) {
                State n = moved(s, from, to);
                n.board[square(f + df, r)] = '.';  // the pawn that passed
                keep_if_legal(n, out);
            }
        }
    }

    // Castling ends as the game says: Placement's king on c/g and rook on d/f, Contemporary's
    // king on b/g and rook on c/f.
    void castlings(const State& s, std::vector<State>& out) const {
        const int us = s.side, rank = home_rank(us);
        for (int side : {A_SIDE, H_SIDE}) {
            const int rook = s.castling_rook[us][side];
            if (rook < 0) continue;
            const int king = king_square(s, us);
            if (rank_of(king) != rank) continue;
            const int kf = file_of(king), rf = file_of(rook);
            if (rules_.curtailed && ((kf == 6 && side == A_SIDE) || (kf == 1 && side == H_SIDE)))
                continue;
            const int king_to =
                rules_.contemporary ? (side == A_SIDE ? 1 : 6) : (side == A_SIDE ? 2 : 6);
            const int rook_to =
                rules_.contemporary ? (side == A_SIDE ? 2 : 5) : (side == A_SIDE ? 3 : 5);
            auto empty_but_these = [&](int file) {
                const char p = s.board[square(file, rank)];
                return p == '.' || file == kf || file == rf;
            };
            auto safe = [&](int file) { return !attacked(s, square(file, rank), 1 - us); };
            auto span = [](int a, int b, auto&& each) {
                for (int x = std::min(a, b); x <= std::max(a, b); ++x)
                    if (!each(x)) return false;
                return true;
            };
            bool ok;
            if (rules_.contemporary) {
                // Un-attacked from the king's start to its destination; vacant along both paths.
                ok = span(kf, king_to, safe) && span(kf, king_to, empty_but_these) &&
                     span(rf, rook_to, empty_but_these);
            } else {
                auto strictly_between = [&](auto&& each) {
                    for (int x = std::min(kf, rf) + 1; x < std::max(kf, rf); ++x)
                        if (!each(x)) return false;
                    return true;
                };
                ok = strictly_between(empty_but_these) && empty_but_these(king_to) &&
                     empty_but_these(rook_to) && span(kf, king_to, safe);
                if (!rules_.chess960_castling) ok = ok && strictly_between(safe);
            }
            if (!ok) continue;
            State n = s;
            touch(n, king);
            touch(n, rook);
            king_moved(n, us);
            n.board[king] = '.';
            n.board[rook] = '.';
            n.board[square(king_to, rank)] = piece_of(us, 'K');
            n.board[square(rook_to, rank)] = piece_of(us, 'R');
            n.ep = -1;
            n.side = 1 - us;
            keep_if_legal(n, out);
        }
    }

    // Contemporary's Bunker Leap: the unmoved king straight to b or g of its rank, over friendly
    // men only, through unattacked squares. A leap that gives a position a castling or a king's
    // step gives already is that move (listed once).
    void leaps(const State& s, std::vector<State>& out) const {
        const int us = s.side, rank = home_rank(us);
        if (!s.king_unmoved[us]) return;
        const int king = king_square(s, us), kf = file_of(king);
        const size_t listed = out.size();
        for (int bunker : {1, 6}) {
            if (bunker == kf || s.board[square(bunker, rank)] != '.') continue;
            bool ok = true;
            for (int x = std::min(kf, bunker); x <= std::max(kf, bunker) && ok; ++x) {
                const char p = s.board[square(x, rank)];
                ok = !attacked(s, square(x, rank), 1 - us) && (p == '.' || colour_of(p) == us);
            }
            if (!ok) continue;
            State n = moved(s, king, square(bunker, rank));
            if (in_check(n, us)) continue;
            bool twin = false;
            for (size_t i = 0; i < listed && !twin; ++i) twin = out[i].board == n.board;
            if (!twin) out.push_back(n);
        }
    }

    // Contemporary's Bishop Adjustment: once per game, an unmoved bishop swaps with an unmoved
    // man of its own beside it on the back rank; never out of check or into it.
    void adjustments(const State& s, std::vector<State>& out) const {
        const int us = s.side, rank = home_rank(us);
        if (!s.may_adjust[us] || in_check(s, us)) return;
        for (int f = 0; f < 8; ++f) {
            if (s.board[square(f, rank)] != piece_of(us, 'B') || !s.unmoved_man[us][f]) continue;
            for (int g : {f - 1, f + 1}) {
                if (g < 0 || g > 7 || !s.unmoved_man[us][g]) continue;
                const char partner = s.board[square(g, rank)];
                if (partner == '.' || colour_of(partner) != us || kind_of(partner) == 'P') continue;
                State n = s;
                touch(n, square(f, rank));
                touch(n, square(g, rank));
                if (kind_of(partner) == 'K') king_moved(n, us);
                std::swap(n.board[square(f, rank)], n.board[square(g, rank)]);
                n.may_adjust[us] = false;
                n.ep = -1;
                n.side = 1 - us;
                keep_if_legal(n, out);
            }
        }
    }

    // Placement's first choice: Black's king swaps with the man on b8, c8, d8 or g8 (Reduced:
    // d8), or stays; White's rank follows as the mirror image.
    std::vector<State> king_choices(const State& s) const {
        std::vector<State> out;
        const std::vector<int> partners =
            rules_.reduced ? std::vector<int>{4, 3} : std::vector<int>{4, 1, 2, 3, 6};
        for (int f : partners) {
            State n = s;
            for (int rank : {0, 7}) std::swap(n.board[square(4, rank)], n.board[square(f, rank)]);
            n.phase = 'Q';
            n.side = WHITE;
            out.push_back(n);
        }
        return out;
    }

    // The second: White's queen swaps with a knight or a bishop, or stays, so that the bishops
    // keep squares of both colours; Black's rank follows as the mirror image. White then plays.
    std::vector<State> queen_choices(const State& s) const {
        std::vector<State> out;
        int queen = -1;
        for (int f = 0; f < 8; ++f)
            if (s.board[square(f, 0)] == 'Q') queen = f;
        for (int f = 0; f < 8; ++f) {
            const char partner = s.board[square(f, 0)];
            if (f != queen && partner != 'N' && partner != 'B') continue;
            State n = s;
            for (int rank : {0, 7})
                std::swap(n.board[square(queen, rank)], n.board[square(f, rank)]);
            int colours = 0;
            for (int g = 0; g < 8; ++g)
                if (n.board[square(g, 0)] == 'B') colours |= 1 << (g % 2);
            if (colours != 3) continue;
            n.phase = 0;
            n.side = WHITE;
            out.push_back(n);
        }
        return out;
    }

    Rules rules_;
};

uint64_t count(const Generator& g, const State& s, int depth) {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const State& child : g.children(s)) n += depth == 1 ? 1 : count(g, child, depth - 1);
    return n;
}

State read_fen(const std::string& fen, const Rules& rules) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, halfmove, fullmove;
    in >> board >> side >> castling >> ep >> halfmove >> fullmove;
    State s;
    s.board.fill('.');
    int rank = 7, file = 0;
    for (char c : board) {
        if (c == '/') {
            --rank, file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            file += c - '0';
        } else {
            if (!on_board(file, rank)) throw std::invalid_argument("FEN board: " + fen);
            s.board[square(file++, rank)] = c;
        }
    }
    s.side = side == "w" ? WHITE : BLACK;
    for (char c : castling) {
        if (c == '-') break;
        const int colour = colour_of(c), row = home_rank(colour);
        const int kf = file_of(king_square(s, colour));
        const char up = kind_of(c);
        int rook = -1;
        if (up == 'K' || up == 'Q') {  // the outermost rook on that side (X-FEN)
            for (int f = 0; f < 8; ++f) {
                const bool this_side = up == 'K' ? f > kf : f < kf;
                const bool outer = rook < 0 || (up == 'K' ? f > file_of(rook) : f < file_of(rook));
                if (this_side && outer && s.board[square(f, row)] == piece_of(colour, 'R'))
                    rook = square(f, row);
            }
        } else {
            rook = square(up - 'A', row);  // the rook's file (Shredder-FEN)
        }
        if (rook < 0 || s.board[rook] != piece_of(colour, 'R'))
            throw std::invalid_argument("FEN castling: " + fen);
        s.castling_rook[colour][file_of(rook) < kf ? A_SIDE : H_SIDE] = rook;
    }
    if (ep != "-" && ep.size() == 2) s.ep = square(ep[0] - 'a', ep[1] - '1');
    std::string extra;
    if (rules.contemporary) {
        std::string bunker, adjust;
        in >> bunker >> adjust;
        for (char c : bunker)
            if (c == 'K' || c == 'k') s.king_unmoved[c == 'K' ? WHITE : BLACK] = true;
        for (char c : adjust) {
            if (c == '-') break;
            const int colour = colour_of(c);
            s.may_adjust[colour] = true;
            s.unmoved_man[colour][kind_of(c) - 'A'] = true;
        }
    } else if (in >> extra) {
        s.phase = extra[0];
    }
    return s;
}

}  // namespace

}  // namespace menagerie::reference::board64

namespace menagerie::reference {

uint64_t perft(const std::string& variant, const std::map<std::string, std::string>& options,
               const std::string& fen, int depth) {
    board64::Rules rules;
    if (variant == "contemporary") {
        rules.contemporary = true;
    } else if (variant == "placement" || variant == "placement-reduced" || variant == "chess20") {
        rules.reduced = variant == "placement-reduced";
        const auto castling = options.find("castling");
        rules.chess960_castling = castling != options.end() && castling->second == "chess960";
        const auto curtailed = options.find("curtailed");
        rules.curtailed = curtailed != options.end() && curtailed->second == "on";
    } else {
        throw std::invalid_argument("the reference does not play " + variant);
    }
    return board64::count(board64::Generator(rules), board64::read_fen(fen, rules), depth);
}

}  // namespace menagerie::reference
