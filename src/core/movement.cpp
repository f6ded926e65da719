#include "core/movement.h"

#include <functional>
#include <stdexcept>

namespace menagerie {

namespace {

Direction for_color(Direction d, Color c) { return c == WHITE ? d : flip_vertical(d); }

// Walks a path cell by cell; `next(cell, level)` gives the cells one more step reaches. Calls
// `visit(cell, clear, level)` for every cell reached, where `clear` holds every earlier cell of
// the path and the mates of every switch field on it (a man on either field closes a switch).
void walk(const Geometry& g, Bitboard first, int max_level,
          const std::function<Bitboard(Square, int)>& next,
          const std::function<void(Square, Bitboard, int)>& visit) {
    std::function<void(Square, Bitboard, int)> go = [&](Square cell, Bitboard clear, int level) {
        clear |= g.mate(cell);
        visit(cell, clear, level);
        if (max_level && level >= max_level) return;
        for (Bitboard n = next(cell, level); n;) go(pop_lsb(n), clear | square_bb(cell), level + 1);
    };
    for (Bitboard b = first; b;) go(pop_lsb(b), 0, 1);
}

// The fixed paths of the rarer shapes from s, first step in direction d: limited rides, hops
// (destinations two or more steps away, over exactly one man), bent moves (a step, then at least
// `range` steps turned 45 degrees outward) and crooked moves (each step turned 45 degrees, always
// the same way round).
void fixed_paths(const Geometry& g, const Movement& m, Square s, Direction d,
                 const std::function<void(Square, Bitboard, bool)>& add) {
    auto straight = [&](Direction dir) {
        return [&g, dir](Square x, int) { return g.step(x, dir); };
    };
    switch (m.shape) {
        case Movement::Shape::Ride:
            walk(g, g.step(s, d), m.range, straight(d),
                 [&](Square x, Bitboard clear, int) { add(x, clear, false); });
            break;
        case Movement::Shape::Hop:
            walk(g, g.step(s, d), 0, straight(d), [&](Square x, Bitboard clear, int level) {
                if (level >= 2) add(x, clear, true);
            });
            break;
        case Movement::Shape::Bent:
            for (int sense : {-1, 1})
                for (Bitboard first = g.step(s, d); first;) {
                    const Square corner = pop_lsb(first);
                    const Bitboard corner_cells = square_bb(corner) | g.mate(corner);
                    walk(g, g.step(corner, turn(d, sense)), 0, straight(turn(d, sense)),
                         [&](Square x, Bitboard clear, int level) {
                             if (level >= m.range) add(x, clear | corner_cells, false);
                         });
                }
            break;
        case Movement::Shape::Crooked:
            for (int sense : {-1, 1})
                walk(
                    g, g.step(s, d), m.range,
                    [&](Square x, int level) { return g.step(x, turn(d, sense * level)); },
                    [&](Square x, Bitboard clear, int level) {
                        if (level > 1 || sense == 1) add(x, clear, false);  // one step: once
                    });
            break;
        default:
            break;
    }
}

}  // namespace

int MoveTables::add_kind(const Geometry& g, int dx, int dy, bool step_direction, Direction d) {
    for (int k = 0; k < kinds_; ++k)
        if (!step_direction && k >= DIRECTION_NB && vector_[k][0] == dx && vector_[k][1] == dy)
            return k;
    if (kinds_ == RAY_KIND_MAX) throw std::logic_error("too many ride kinds");
    const int k = kinds_++;
    vector_[k] = {dx, dy};
    auto next = [&](Square s) -> Bitboard {
        if (step_direction) return g.step(s, d);
        const Square t = g.at(g.cell(s).file + dx, g.cell(s).rank + dy);
        return t == SQ_NONE ? 0 : square_bb(t);
    };
    positive_[k] = step_direction ? (d == NORTH || d == NORTH_EAST || d == EAST || d == NORTH_WEST)
                                  : (dy > 0 || (dy == 0 && dx > 0));
    if (positive_[k]) up_kinds_ |= 1u << k;
    for (Square s = 0; s < n_; ++s) {
        Bitboard ray = 0;
        for (Bitboard frontier = next(s); frontier;) {
            ray |= frontier;
            Bitboard further = 0;
            for (Bitboard b = frontier; b;) further |= next(pop_lsb(b));
            frontier = further & ~ray;
        }
        ray_[k][s] = ray;
    }
    for (Square s = 0; s < n_; ++s) {
        const Bitboard mate = g.mate(s);
        shadow_[k][s] = ray_[k][s] | mate | (mate ? ray_[k][lsb(mate)] : 0);
        // The nearest-blocker scan needs every ray and shadow to lie on one side of its cell.
        const Bitboard beyond = ray_[k][s];
        const Bitboard far_side = positive_[k] ? ~((square_bb(s) << 1) - 1) : (square_bb(s) - 1);
        if (beyond & ~far_side) throw std::logic_error(g.id() + ": ray not in cell order");
        for (Bitboard b = beyond; b;) reverse_ray_[k][pop_lsb(b)] |= square_bb(s);
    }
    for (Square a = 0; a < n_; ++a) {
        std::vector<Bitboard> found(static_cast<size_t>(n_), 0);
        Bitboard frontier = next(a), seen = frontier;
        for (Bitboard b = frontier; b;) {
            const Square t = pop_lsb(b);
            found[t] = g.mate(t);
        }
        while (frontier) {
            Bitboard further = 0;
            for (Bitboard b = frontier; b;) {
                const Square c = pop_lsb(b);
                for (Bitboard n = next(c) & ~seen; n;) {
                    const Square t = pop_lsb(n);
                    found[t] |= found[c] | square_bb(c) | g.mate(c) | g.mate(t);
                    further |= square_bb(t);
                }
            }
            seen |= further;
            frontier = further;
        }
        for (Bitboard b = seen; b;) {
            const Square t = pop_lsb(b);
            Bitboard& slot = between_[a * n_ + t];
            if (between_known_[a * n_ + t] && slot != found[t])
                throw std::logic_error(g.id() + ": two different lines join " + g.name(a) +
                                       " and " + g.name(t));
            slot = found[t];
            between_known_[a * n_ + t] = true;
        }
    }
    return k;
}

bool MoveTables::add_slide_table(uint32_t kinds) {
    constexpr size_t BUDGET = size_t(1) << 18;  // entries, 4 MiB
    SlideTable t;
    t.kinds = kinds;
    size_t total = 0;
    for (Square s = 0; s < n_; ++s) {
        // A cell that hides nothing of the ray (its last cell; where the ray forks at a switch,
        // the last cell of each branch) never changes the attacks, so it is left out of the index.
        Bitboard mask = 0;
        for (uint32_t k = kinds; k; k &= k - 1) {
            const int kind = std::countr_zero(k);
            const Bitboard r = ray_[kind][s];
            for (Bitboard b = r; b;) {
                const Square c = pop_lsb(b);
                if (shadow_[kind][c] & r & ~square_bb(c)) mask |= square_bb(c);
            }
        }
        t.mask[s] = mask;
        t.low_bits[s] = std::popcount(static_cast<uint64_t>(mask));
        t.offset[s] = static_cast<uint32_t>(total);
        total += size_t(1) << popcount(mask);
        if (total > BUDGET) return false;
    }
    t.attacks.resize(total);
    for (Square s = 0; s < n_; ++s) {
        const Bitboard mask = t.mask[s];
        Bitboard subset = 0;
        uint32_t index = 0;
        do {  // every subset of the mask, in the order pext numbers them
            Bitboard a = 0;
            for (uint32_t k = kinds; k; k &= k - 1)
                a |= ride_attacks(std::countr_zero(k), s, subset);
            t.attacks[t.offset[s] + index++] = a;
            subset = (subset - mask) & mask;
        } while (subset);
    }
    slide_tables_.push_back(std::move(t));
    return true;
}

MoveTables::MoveTables(const Geometry& g, const std::vector<PieceType>& types) {
    n_ = g.size();
    between_.assign(static_cast<size_t>(n_ * n_), 0);
    between_known_.assign(static_cast<size_t>(n_ * n_), false);
    for (int d = 0; d < DIRECTION_NB; ++d) add_kind(g, 0, 0, true, Direction(d));
    if (types.size() > PIECE_TYPE_MAX) throw std::logic_error("too many piece types");
    pieces_.resize(types.size());

    for (size_t t = 0; t < types.size(); ++t)
        for (Color c : {WHITE, BLACK}) {
            PieceMoves& pm = pieces_[t][c];
            for (const Movement& m : types[t].moves) {
                const bool quiet = m.mode != Mode::CaptureOnly, capture = m.mode != Mode::MoveOnly;
                auto add_set = [&](Square s, Bitboard b) {
                    if (quiet) pm.quiet[s] |= b;
                    if (capture) pm.capture[s] |= b;
                };
                auto add_ride = [&](int kind) {
                    if (quiet) pm.ride_quiet |= 1u << kind;
                    if (capture) pm.ride_capture |= 1u << kind;
                };
                auto note_path_capturer = [&] {
                    if (capture && !(path_capturer_set_ & type_bit(static_cast<int>(t)))) {
                        path_capturer_set_ |= type_bit(static_cast<int>(t));
                        path_capturers_.push_back(static_cast<int>(t));
                    }
                };
                auto add_path = [&](Square s, Square to, Bitboard clear, bool hop) {
                    pm.paths[s].push_back({to, clear, m.mode, hop});
                    pm.has_paths = true;
                    note_path_capturer();
                };
                for (int d0 = 0; d0 < DIRECTION_NB; ++d0) {
                    if (!(m.directions & (1 << d0))) continue;
                    const Direction d = for_color(Direction(d0), c);
                    if (m.shape == Movement::Shape::Ride && m.range == 0) {
                        add_ride(d);
                        continue;
                    }
                    if (m.shape == Movement::Shape::Hop && !g.switch_fields()) {
                        pm.hop_kinds |= 1u << d;  // the step directions are ray kinds 0-7
                        hop_kinds_[c] |= 1u << d;
                        hop_users_[c][d] |= type_bit(static_cast<int>(t));
                        note_path_capturer();
                        continue;
                    }
                    for (Square s = 0; s < n_; ++s) {
                        if (m.shape == Movement::Shape::Ride && m.range == 1)
                            add_set(s, g.step(s, d));
                        else
                            fixed_paths(g, m, s, d, [&](Square to, Bitboard clear, bool hop) {
                                add_path(s, to, clear, hop);
                            });
                    }
                }
                if (m.shape == Movement::Shape::Leap)
                    for (Square s = 0; s < n_; ++s) add_set(s, g.leap(s, m.a, m.b));
                if (m.shape == Movement::Shape::LeapRide)
                    for (int sx : {-1, 1})
                        for (int sy : {-1, 1})
                            for (int swap = 0; swap < 2; ++swap) {
                                const int dx = sx * (swap ? m.b : m.a),
                                          dy = sy * (swap ? m.a : m.b);
                                add_ride(add_kind(g, dx, c == WHITE ? dy : -dy, false, NORTH));
                            }
            }
            if (types[t].royal && (pm.has_paths || pm.ride_quiet || pm.ride_capture))
                throw std::logic_error("royal pieces must step or leap");
        }
#if defined(__BMI2__)
    {
        // The orthogonal and the diagonal directions, each in one table; where that is too big
        // (Chess 66, whose rays fork at the switches: a rook on a1 sees 16 cells that can block),
        // one table per line (north and south, east and west, ...).
        uint32_t used = 0;
        for (const auto& both : pieces_)
            for (const PieceMoves& pm : both) used |= pm.ride_quiet | pm.ride_capture;
        for (uint32_t set : {0x55u, 0xAAu})
            if ((used & set) == set && !add_slide_table(set))
                for (uint32_t line : {0x11u, 0x44u, 0x22u, 0x88u})
                    if ((line & set) == line) add_slide_table(line);
    }
#endif
    // Reverse tables, once every ride kind exists.
    for (auto& both : pieces_)
        for (PieceMoves& pm : both)
            for (Square s = 0; s < n_; ++s) {
                for (Bitboard b = pm.capture[s]; b;) pm.reverse_capture[pop_lsb(b)] |= square_bb(s);
                for (uint32_t k = pm.ride_capture; k; k &= k - 1)
                    pm.reverse_ride[s] |= reverse_ray_[std::countr_zero(k)][s];
                for (const PathEntry& e : pm.paths[s])
                    if (e.mode != Mode::MoveOnly)
                        pm.reverse_paths[e.square].push_back({s, e.clear, e.mode, e.hop});
                for (uint32_t k = pm.hop_kinds; k; k &= k - 1)
                    pm.hop_lines[s] |= reverse_ray_[std::countr_zero(k)][s];
            }
    for (size_t t = 0; t < pieces_.size(); ++t)
        for (Color c : {WHITE, BLACK}) {
            const PieceMoves& pm = pieces_[t][c];
            if (!pm.hop_kinds) continue;
            if (c == WHITE) hop_types_.push_back(static_cast<int>(t));
            for (Square s = 0; s < n_; ++s) hop_reach_[c][s] |= pm.hop_lines[s];
        }
    build_attack_groups(g, types.size());
}

void MoveTables::build_attack_groups(const Geometry& g, size_t types) {
    symmetric_rides_ = !g.switch_fields();
    line_kinds_.assign(static_cast<size_t>(n_ * n_), 0);
    for (int k = 0; k < kinds_; ++k)
        for (Square s = 0; s < n_; ++s)
            for (Bitboard b = ray_[k][s]; b;) line_kinds_[s * n_ + pop_lsb(b)] |= 1u << k;
    // The opposite of each ray kind: the direction turned round, or the negated leap vector.
    std::array<int, RAY_KIND_MAX>& opposite_kind = opposite_kind_;
    for (int k = 0; k < kinds_; ++k) {
        opposite_kind[k] = -1;
        for (int o = 0; o < kinds_; ++o) {
            const bool is_step = k < DIRECTION_NB, other_step = o < DIRECTION_NB;
            if (is_step != other_step) continue;
            if (is_step ? o == opposite(Direction(k))
                        : vector_[o][0] == -vector_[k][0] && vector_[o][1] == -vector_[k][1])
                opposite_kind[k] = o;
        }
        if (opposite_kind[k] < 0) throw std::logic_error("a ride kind has no opposite");
    }
    for (Color c : {WHITE, BLACK})
        for (uint32_t k = hop_kinds_[c]; k; k &= k - 1)
            hop_back_kinds_[c] |= 1u << opposite_kind[std::countr_zero(k)];
    for (Color c : {WHITE, BLACK}) {
        std::array<TypeSet, RAY_KIND_MAX>& users = ride_users_[c];
        for (size_t t = 0; t < types; ++t) {
            const PieceMoves& pm = pieces_[t][c];
            for (Square s = 0; s < n_; ++s) leap_reverse_[c][s] |= pm.reverse_capture[s];
            for (uint32_t k = pm.ride_capture; k; k &= k - 1)
                users[std::countr_zero(k)] |= type_bit(static_cast<int>(t));
        }
        uint32_t done = 0;
        for (int k = 0; k < kinds_; ++k) {
            if (!users[k] || (done & (1u << k))) continue;
            RideAtom atom{0, users[k], std::vector<Bitboard>(static_cast<size_t>(n_), 0)};
            for (int o = k; o < kinds_; ++o)
                if (users[o] == users[k]) {
                    done |= 1u << o;
                    atom.reverse_kinds |= 1u << opposite_kind[o];
                    for (Square s = 0; s < n_; ++s) atom.reverse_lines[s] |= reverse_ray_[o][s];
                }
            // A man can be pinned on any cell between a rider and the king: on a switch board
            // that includes the mates of switch fields on the line, which no ray lists.
            for (Square s = 0; s < n_; ++s) {
                ride_lines_[c][s] |= atom.reverse_lines[s];
                for (Bitboard b = atom.reverse_lines[s]; b;)
                    ride_lines_[c][s] |= between(pop_lsb(b), s);
            }
            ride_atoms_[c].push_back(std::move(atom));
        }
    }
}

}  // namespace menagerie
