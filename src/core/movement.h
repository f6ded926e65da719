// Movement compiled for one geometry: per piece type, colour and cell, the destination sets that
// move generation and attack tests read without ever walking the board.
//
// Rides use "ray kinds": the eight step directions, then one kind per leap-ride vector. For each
// kind and cell there is the ray on an empty board and, for a blocker on that ray, its shadow (the
// cells it hides, including the other field of a switch it stands on). Cells are rank-major, so on
// a ray going "up" the nearest blocker is the lowest set bit and on one going down the highest.
// between(a, b) holds the cells that must be empty for a ride from a to reach b.
#pragma once

#include <array>
#include <vector>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/bitboard.h"
#include "core/geometry.h"
#include "core/piece.h"

namespace menagerie {

// Ray kinds are kept in 32-bit sets: the 8 directions and up to 24 leap-ride vectors (a
// Nightrider and a Camelrider use 8 each).
constexpr int RAY_KIND_MAX = 32;

// A destination reached along a fixed path (limited rides, hops, bent and crooked moves): it is
// reachable when no cell of `clear` is occupied, or for a hop when exactly one is.
struct PathEntry {
    Square square;  // destination (in reverse lists: the source)
    Bitboard clear;
    Mode mode;
    bool hop;
};

struct PieceMoves {
    std::array<Bitboard, SQUARE_MAX> quiet{}, capture{}, reverse_capture{}, reverse_ride{};
    uint32_t ride_quiet = 0, ride_capture = 0;  // sets of ray kinds
    // Unlimited hops (Cannon, Vao, Leo) on boards whose rays never fork: the ray kinds they hop
    // along, and per cell the cells from which such a hop could reach it on an empty board.
    // A hop is then two ray scans, to the screen and from it to the first man beyond.
    uint32_t hop_kinds = 0;
    std::array<Bitboard, SQUARE_MAX> hop_lines{};
    std::array<std::vector<PathEntry>, SQUARE_MAX> paths, reverse_paths;
    bool has_paths = false;
};

class MoveTables {
  public:
    MoveTables(const Geometry& geometry, const std::vector<PieceType>& types);

    Bitboard between(Square a, Square b) const { return between_[a * n_ + b]; }
    const PieceMoves& piece(int type, Color c) const { return pieces_[type][c]; }

    // Who attacks a cell, grouped so that an attack test costs a few table reads however many
    // piece types a game has. Leaps and steps: one table of every cell from which some type of
    // `by` captures s by a leap or a step. Rides: "atoms", sets of ray kinds that exactly the
    // same types capture along (the rook's four directions: rook and queen). Where rays are
    // symmetric (no switch), the riders attacking s are found by riding from s along the
    // opposite kinds; on a switch board a step into a switch reaches both fields but a ray
    // leaves each field one way only (a queen on e7 reaches field 4, not the reverse), so the
    // cells whose rays reach s are read from a table and their lines checked with between().
    // Fixed paths (hops, limited rides, bent and crooked moves): the few types that have them.
    struct RideAtom {
        uint32_t reverse_kinds;
        TypeSet types;
        std::vector<Bitboard> reverse_lines;  // per cell: where these kinds' rays reach it from
    };
    bool symmetric_rides() const { return symmetric_rides_; }
    Bitboard leap_attackers(Color by, Square s) const { return leap_reverse_[by][s]; }
    const std::vector<RideAtom>& ride_atoms(Color by) const { return ride_atoms_[by]; }
    const std::vector<int>& path_capturers() const { return path_capturers_; }
    // The ray kinds along which a ray from s passes t.
    uint32_t line_kinds(Square s, Square t) const { return line_kinds_[s * n_ + t]; }
    // Whether a man of `by` of type `type` captures along ray kind k (towards its target), by
    // riding or by hopping.
    bool rides_along(Color by, int kind, int type) const {
        return ride_users_[by][kind] & type_bit(type);
    }
    bool hops_along(Color by, int kind, int type) const {
        return hop_users_[by][kind] & type_bit(type);
    }
    int opposite_kind(int kind) const { return opposite_kind_[kind]; }
    const std::vector<int>& hop_types() const { return hop_types_; }
    // Hoppers of `by` that capture on s from the other side of one screen (symmetric boards).
    // `hoppers`: the men of the hopping types among `mine`; none on a line through s, no scan.
    Bitboard hop_attackers(Color by, Square s, Bitboard occupied, Bitboard hoppers,
                           const std::array<Piece, SQUARE_MAX>& board) const {
        Bitboard result = 0;
        if (!(hoppers & hop_reach_[by][s])) return result;
        // Looking back from s along the hoppers' lines: the screens are the first men, and with
        // them lifted the same tables give the first man beyond each.
        const uint32_t back = hop_back_kinds_[by];
        const Bitboard beyond = occupied ^ (rides(back, s, occupied) & occupied);
        for (Bitboard c = rides(back, s, beyond) & beyond & hoppers; c;) {
            const Square x = pop_lsb(c);
            const int kind = std::countr_zero(line_kinds(s, x) & back);
            if (hop_users_[by][opposite_kind_[kind]] & type_bit(type_of(board[x])))
                result |= square_bb(x);
        }
        return result;
    }
    // Every cell from which some rider of `by` could reach s on an empty board, and every cell
    // between (with the mates of switch fields there): the only cells where a man can stand
    // pinned to a king on s.
    Bitboard ride_lines(Color by, Square s) const { return ride_lines_[by][s]; }

    // Rays going up the cell order find their nearest blocker with the lowest set bit, rays going
    // down with the highest; the loop runs once per branch (more than once only at a switch).
    template <bool Up>
    Bitboard ride_attacks(int kind, Square s, Bitboard occupied) const {
        Bitboard attacks = ray_[kind][s], blockers = attacks & occupied;
        while (blockers) {
            const Square b = Up ? lsb(blockers) : msb(blockers);
            attacks &= ~shadow_[kind][b];
            blockers &= attacks & ~square_bb(b);
        }
        return attacks;
    }
    Bitboard ride_attacks(int kind, Square s, Bitboard occupied) const {
        return positive_[kind] ? ride_attacks<true>(kind, s, occupied)
                               : ride_attacks<false>(kind, s, occupied);
    }

    Bitboard rides(uint32_t kinds, Square s, Bitboard occupied) const {
        Bitboard result = 0;
#if defined(__BMI2__)
        for (const SlideTable& t : slide_tables_)
            if ((kinds & t.kinds) == t.kinds) {
                const Bitboard m = t.mask[s];
                const uint64_t index =
                    _pext_u64(static_cast<uint64_t>(occupied), static_cast<uint64_t>(m)) |
                    _pext_u64(static_cast<uint64_t>(occupied >> 64), static_cast<uint64_t>(m >> 64))
                        << t.low_bits[s];
                result |= t.attacks[t.offset[s] + index];
                kinds ^= t.kinds;
            }
#endif
        for (uint32_t up = kinds & up_kinds_; up; up &= up - 1)
            result |= ride_attacks<true>(std::countr_zero(up), s, occupied);
        for (uint32_t down = kinds & ~up_kinds_; down; down &= down - 1)
            result |= ride_attacks<false>(std::countr_zero(down), s, occupied);
        return result;
    }

    // Where a man with these moves can go from `from`: `quiet` before removing occupied cells,
    // `capture` before keeping only enemy ones.
    struct Reach {
        Bitboard quiet, capture;
    };
    Reach reach(const PieceMoves& pm, Square from, Bitboard occupied) const {
        if (pm.hop_kinds) return hopper_reach(pm, from, occupied);
        Reach r{pm.quiet[from], pm.capture[from]};
        if (pm.ride_quiet == pm.ride_capture) {
            if (pm.ride_quiet) {
                const Bitboard rides_both = rides(pm.ride_quiet, from, occupied);
                r.quiet |= rides_both, r.capture |= rides_both;
            }
        } else {
            r.quiet |= rides(pm.ride_quiet, from, occupied);
            r.capture |= rides(pm.ride_capture, from, occupied);
        }
        if (pm.has_paths) add_paths(pm, from, occupied, r);
        return r;
    }

    // A hopper's moves (Cannon, Vao, Leo): its screens are the first men along its hop lines,
    // and with them lifted the same ride tables give the first man beyond each, its targets.
    // Out of line, so that reach() stays small for the games without hoppers.
    [[gnu::noinline]] Reach hopper_reach(const PieceMoves& pm, Square from,
                                         Bitboard occupied) const {
        Reach r{pm.quiet[from], pm.capture[from]};
        const Bitboard quiet_rides = pm.ride_quiet ? rides(pm.ride_quiet, from, occupied) : 0;
        r.quiet |= quiet_rides;
        if (pm.ride_capture)
            r.capture |= pm.ride_capture == pm.ride_quiet ? quiet_rides
                                                          : rides(pm.ride_capture, from, occupied);
        // The hoppers of the rule pages ride quietly along their hop lines: their screens are
        // the ends of those rides.
        const Bitboard lines =
            pm.hop_kinds == pm.ride_quiet ? quiet_rides : rides(pm.hop_kinds, from, occupied);
        const Bitboard beyond = occupied ^ (lines & occupied);
        r.capture |= rides(pm.hop_kinds, from, beyond) & beyond;
        if (pm.has_paths) add_paths(pm, from, occupied, r);
        return r;
    }

    static void add_paths(const PieceMoves& pm, Square from, Bitboard occupied, Reach& r) {
        for (const PathEntry& e : pm.paths[from]) {
            const int in_way = popcount(e.clear & occupied);
            if (e.hop ? in_way != 1 : in_way != 0) continue;
            if (e.mode != Mode::CaptureOnly && !e.hop) r.quiet |= square_bb(e.square);
            if (e.mode != Mode::MoveOnly) r.capture |= square_bb(e.square);
        }
    }

  private:
    // The attacks of a whole set of ray kinds (the rook's four, the bishop's four) read from one
    // table indexed by the occupied cells of the set's rays, as "magic bitboards" do. Rays that
    // fork at a switch are tabled the same way (the index holds every cell that can block some
    // branch); a set whose table would be too big is split into its lines.
    struct SlideTable {
        uint32_t kinds = 0;
        std::array<Bitboard, SQUARE_MAX> mask{};
        std::array<uint32_t, SQUARE_MAX> offset{};
        std::array<int, SQUARE_MAX> low_bits{};  // cells of the mask in the low 64 bits
        std::vector<Bitboard> attacks;
    };
    bool add_slide_table(uint32_t kinds);  // false (and no table) when over the budget
    void build_attack_groups(const Geometry& g, size_t types);
    std::vector<SlideTable> slide_tables_;

    int add_kind(const Geometry& g, int dx, int dy, bool step_direction, Direction d);
    int n_ = 0, kinds_ = 0;
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> leap_reverse_{};
    std::array<std::vector<RideAtom>, COLOR_NB> ride_atoms_;
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> ride_lines_{};
    std::vector<int> path_capturers_;
    TypeSet path_capturer_set_ = 0;
    std::array<uint32_t, COLOR_NB> hop_kinds_{}, hop_back_kinds_{};
    std::vector<int> hop_types_;
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> hop_reach_{};
    std::array<std::array<TypeSet, RAY_KIND_MAX>, COLOR_NB> hop_users_{};
    std::array<int, RAY_KIND_MAX> opposite_kind_{};
    std::array<std::array<TypeSet, RAY_KIND_MAX>, COLOR_NB> ride_users_{};
    std::vector<uint32_t> line_kinds_;
    bool symmetric_rides_ = true;
    std::array<std::array<Bitboard, SQUARE_MAX>, RAY_KIND_MAX> ray_{}, shadow_{}, reverse_ray_{};
    std::array<bool, RAY_KIND_MAX> positive_{};
    uint32_t up_kinds_ = 0;  // kinds whose rays go up the cell order
    std::array<std::array<int, 2>, RAY_KIND_MAX> vector_{};
    std::vector<Bitboard> between_;
    std::vector<bool> between_known_;
    std::vector<std::array<PieceMoves, COLOR_NB>> pieces_;
};

}  // namespace menagerie
