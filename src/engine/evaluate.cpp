// The static evaluation: material and piece-square terms, mobility, threats, king safety and
// pawn structure, blended between middlegame and endgame weights by the non-pawn material left.
#include <algorithm>

#include "engine/eval.h"

namespace menagerie::engine {

namespace {

struct Score {
    int mg = 0, eg = 0;
    Score& operator+=(Score o) {
        mg += o.mg, eg += o.eg;
        return *this;
    }
    Score& operator-=(Score o) {
        mg -= o.mg, eg -= o.eg;
        return *this;
    }
};

// Share of the attackers' weight that counts, by the number of men attacking the king's zone.
constexpr int ATTACK_SCALE[] = {0, 0, 50, 75, 88, 94, 97, 99};

// A man other than a pawn or the king, with where it moves and what it attacks (or defends).
struct Man {
    Square square;
    int type;
    MoveTables::Reach reach;
};

// What one side attacks, gathered for both sides before any term that needs the other's map.
struct Attacks {
    std::array<Man, SQUARE_MAX> men;
    int count = 0;
    Bitboard all = 0, twice = 0, by_pawns = 0;
    void add(Bitboard b) {
        twice |= all & b;
        all |= b;
    }
};

void gather(const Position& pos, const EvalTables& t, Color us, Attacks& a) {
    const Game& g = pos.game();
    const MoveTables& tables = pos.tables();
    const Bitboard occupied = pos.pieces();
    if (g.men.pawn >= 0) {
        const PieceMoves& pm = tables.piece(g.men.pawn, us);
        for (Bitboard b = pos.pieces(us, g.men.pawn); b;) {
            const Bitboard hit = pm.capture[pop_lsb(b)];
            a.twice |= a.by_pawns & hit;
            a.by_pawns |= hit;
        }
        a.add(a.by_pawns);
    }
    for (Bitboard b = pos.pieces(us) & ~(g.men.pawn >= 0 ? pos.pieces(g.men.pawn) : 0); b;) {
        const Square s = pop_lsb(b);
        const int type = type_of(pos.piece_on(s));
        const MoveTables::Reach r = tables.reach(tables.piece(type, us), s, occupied);
        a.add(r.capture);
        if (type == g.men.king || type == t.swan) continue;
        a.men[static_cast<size_t>(a.count++)] = {s, type, r};
    }
}

struct Side {
    Score score;
    int non_pawn = 0;  // non-pawn material (middlegame values)
    int pawns = 0;
};

// The pawn terms that read only the pawns' cells: each pawn's cell value, passed, doubled and
// isolated pawns, and which passers are far enough advanced for the terms that read more.
void pawn_structure(const Position& pos, const EvalTables& t, PawnCache::Entry& e,
                    EvalTrace* trace) {
    const Game& g = pos.game();
    const MoveTables& tables = pos.tables();
    const EvalWeights& w = t.w;
    e.white = pos.pieces(WHITE, g.men.pawn), e.black = pos.pieces(BLACK, g.men.pawn);
    e.passers = 0;
    const Bitboard all_pawns = e.white | e.black;
    e.both_flanks = (all_pawns & t.west_cells) && (all_pawns & ~t.west_cells);
    for (const Color us : {WHITE, BLACK}) {
        const Bitboard my_pawns = us == WHITE ? e.white : e.black;
        const Bitboard their_pawns = us == WHITE ? e.black : e.white;
        const Piece pawn = make_piece_code(us, g.men.pawn);
        Score score;
        Bitboard far_passers = 0;
        for (Bitboard b = my_pawns; b;) {
            const Square s = pop_lsb(b);
            score += {t.psq_mg[pawn][s], t.psq_eg[pawn][s]};
            if (!(t.front_span[us][s] & their_pawns)) {
                const int adv = t.advance[us][s];
                score += {w.passed_mg + w.passed_mg2 * adv * adv + t.passer_offset_mg[us][s],
                          w.passed_eg + w.passed_eg1 * adv + w.passed_eg2 * adv * adv +
                              t.passer_offset_eg[us][s]};
                ++e.passers;
                if (trace) trace->passers.push_back({us, white_view(g.geometry, us, s), 0});
                const Bitboard ahead = tables.piece(g.men.pawn, us).quiet[s];
                if (adv >= 2 && ahead && !more_than_one(ahead)) far_passers |= square_bb(s);
            }
            if (t.front_file[us][s] & my_pawns) score -= {w.doubled_mg, w.doubled_eg};
            if (!(t.adjacent_files[s] & my_pawns)) score -= {w.isolated_mg, w.isolated_eg};
        }
        e.mg[us] = score.mg, e.eg[us] = score.eg;
        e.far_passers[us] = far_passers;
    }
}

Side evaluate_side(const Position& pos, const EvalTables& t, Color us, const Attacks& ours,
                   const Attacks& their_attacks, const PawnCache::Entry& pawns, EvalTrace* trace) {
    const Game& g = pos.game();
    const MoveTables& tables = pos.tables();
    const Color them = ~us;
    const EvalWeights& w = t.w;
    const Bitboard occupied = pos.pieces(), theirs = pos.pieces(them);
    const Bitboard my_pawns = g.men.pawn >= 0 ? pos.pieces(us, g.men.pawn) : 0;
    const Bitboard their_pawns = g.men.pawn >= 0 ? pos.pieces(them, g.men.pawn) : 0;
    // Cells the enemy pawns take on: moving there is no real mobility.
    const Bitboard pawn_guarded = their_attacks.by_pawns;
    const Square their_king = pos.king_square(them);
    const Bitboard zone = their_king != SQ_NONE ? t.king_zone[their_king] : 0;
    Side side;
    int attackers = 0, attack = 0, attack_hits = 0;
    for (Bitboard b = g.men.king >= 0 ? pos.pieces(us, g.men.king) : 0; b;) {
        const Square s = pop_lsb(b);
        const Piece king = pos.piece_on(s);
        side.score += {t.psq_mg[king][s], t.psq_eg[king][s]};
    }
    if (t.swan >= 0) {
        // A face-down swan is worth what the side's unseen tiles bring on average.
        const auto& unseen = pos.state().chance.unseen[us];
        int count = 0, swan_mg = 0, swan_eg = 0;
        for (int k = 0; k < TILE_KINDS_MAX; ++k) {
            const int u = unseen[static_cast<size_t>(k)];
            count += u, swan_mg += u * t.tile_mg[static_cast<size_t>(k)];
            swan_eg += u * t.tile_eg[static_cast<size_t>(k)];
        }
        if (count) swan_mg /= count, swan_eg /= count;
        // The pieces an event or a promotion brought that the side still has to place.
        const ChanceState& c = pos.state().chance;
        if (pos.side_to_move() == us)
            for (int i = 0; i < c.owed && i < 2; ++i) {
                const int type = c.types[static_cast<size_t>(i)];
                side.score += {t.value_mg[type], t.value_eg[type]};
                if (type != g.men.pawn) side.non_pawn += t.value_mg[type];
            }
        for (Bitboard b = pos.pieces(us, t.swan); b;) {
            const Square s = pop_lsb(b);
            const Piece swan = pos.piece_on(s);
            // In place of the swan type's own value (a pawn's moves), its expectation, of which
            // it counts a share by the steps it still has to make; the type's fitted value offset
            // stays, as what a face-down swan is worth beside what it may become.
            const int share = t.swan_share[us][s];
            side.score += {t.psq_mg[swan][s] + swan_mg * share / 100 - t.value_mg[t.swan] +
                               t.offset_mg[t.swan],
                           t.psq_eg[swan][s] + swan_eg * share / 100 - t.value_eg[t.swan] +
                               t.offset_eg[t.swan]};
            side.non_pawn += swan_mg;
        }
    }
    side.score += {pawns.mg[us], pawns.eg[us]};
    side.pawns = popcount(us == WHITE ? pawns.white : pawns.black);
    // Passers far advanced: the kings' distances to the cell ahead, and a path ahead that no man
    // blocks and no enemy man guards.
    const Square my_king = pos.king_square(us);
    for (Bitboard b = pawns.far_passers[us]; b;) {
        const Square s = pop_lsb(b);
        const int weight = 5 * t.advance[us][s] - 8;
        const Bitboard ahead = tables.piece(g.men.pawn, us).quiet[s];
        const Square stop = lsb(ahead);
        if (their_king != SQ_NONE)
            side.score.eg += weight * w.passer_their_king *
                             std::min<int>(t.king_distance[their_king][stop], 5) / 2;
        if (my_king != SQ_NONE)
            side.score.eg -=
                weight * w.passer_own_king * std::min<int>(t.king_distance[my_king][stop], 5) / 2;
        if (!(ahead & occupied)) {
            side.score += {weight * w.passer_free_mg / 4, weight * w.passer_free_eg / 4};
            if (!(t.front_file[us][s] & (occupied | their_attacks.all)))
                side.score += {weight * w.passer_path_mg / 4, weight * w.passer_path_eg / 4};
        }
    }
    const Bitboard their_men =
        theirs & ~their_pawns & ~(their_king != SQ_NONE ? square_bb(their_king) : 0);
    std::array<Bitboard, PIECE_TYPE_MAX> check_cells;
    uint64_t known_checks = 0;
    const int pawn_count = std::min(popcount(my_pawns), PAWNS_MAX);
    for (int i = 0; i < ours.count; ++i) {
        const Man& m = ours.men[static_cast<size_t>(i)];
        const Piece piece = make_piece_code(us, m.type);
        side.score += {t.psq_mg[piece][m.square] + t.pawns_mg[m.type][pawn_count],
                       t.psq_eg[piece][m.square] + t.pawns_eg[m.type][pawn_count]};
        if (has(ours.all, m.square)) side.score += {t.defended_mg[m.type], t.defended_eg[m.type]};
        if (trace) {
            trace->pawns.push_back({us, m.type, pawn_count});
            if (has(ours.all, m.square)) trace->defended.push_back({us, m.type, 0});
        }
        side.non_pawn += t.value_mg[m.type];
        // A man an enemy pawn attacks must usually move: a threat worth a tempo or more.
        if (has(pawn_guarded, m.square)) side.score -= {w.pawn_attacked_mg, w.pawn_attacked_eg};
        // A light man on a cell an own pawn guards and no enemy pawn can ever attack.
        if (t.outpost_type[m.type] && has(t.outpost_zone[us] & ours.by_pawns, m.square) &&
            !(t.front_span[us][m.square] & ~t.front_file[us][m.square] & their_pawns))
            side.score += {w.outpost_mg, w.outpost_eg};
        // A light man right behind a pawn (either side's) is shielded from the front.
        if (t.outpost_type[m.type] && (t.step_ahead[us][m.square] & (my_pawns | their_pawns)))
            side.score += {w.behind_pawn_mg, w.behind_pawn_eg};
        // A bishop's own pawns on its colour of cell block it and leave the other colour weak.
        if (m.type == g.men.bishop) {
            const Bitboard colour = has(t.light_cells, m.square)  ? t.light_cells
                                    : has(t.dark_cells, m.square) ? t.dark_cells
                                                                  : 0;
            const int blockers = popcount(colour & my_pawns);
            side.score -= {w.bishop_pawns_mg * blockers, w.bishop_pawns_eg * blockers};
        }
        // Rooks like files without own pawns ahead (and more without enemy ones).
        if (m.type == g.men.rook && g.men.pawn >= 0 && !(t.front_file[us][m.square] & my_pawns))
            side.score += (t.front_file[us][m.square] & their_pawns)
                              ? Score{w.rook_semi_mg, w.rook_semi_eg}
                              : Score{w.rook_open_mg, w.rook_open_eg};
        const MoveTables::Reach& r = m.reach;
        const Bitboard targets = (r.quiet & ~occupied & ~pawn_guarded) | (r.capture & theirs);
        const int moves = popcount(targets);
        side.score += {t.mobility_term_mg[m.type][moves], t.mobility_term_eg[m.type][moves]};
        if (trace) trace->mobility.push_back({us, m.type, moves});
        if (const Bitboard hits = (r.quiet | r.capture) & zone) {
            ++attackers;
            attack_hits += popcount(hits);
            attack += t.attack_weight[m.type] + w.attack_cell * popcount(hits);
        }
        // Safe checks: cells this man can move to from which it would attack their king and
        // that no enemy man guards (cells from which a type attacks a cell are where the
        // other colour's man of that type reaches from it: moves are mirror-symmetric).
        if (their_king != SQ_NONE) {
            const uint64_t bit = uint64_t(1) << m.type;
            if (!(known_checks & bit)) {
                known_checks |= bit;
                check_cells[static_cast<size_t>(m.type)] =
                    tables.reach(tables.piece(m.type, them), their_king, occupied).capture;
            }
            if ((r.quiet & ~occupied) & check_cells[static_cast<size_t>(m.type)] &
                ~their_attacks.all)
                side.score.mg += t.check_weight[m.type];
        }
        // Threats: an enemy man worth more than the attacker; and each enemy man or pawn
        // attacked, by the two types.
        for (Bitboard v = r.capture & their_men; v;) {
            const int victim = type_of(pos.piece_on(pop_lsb(v)));
            if (t.value_mg[victim] > t.value_mg[m.type] + 50)
                side.score += {t.threat_mg[victim], t.threat_eg[victim]};
            side.score += {t.threat_pair_mg[m.type][victim], t.threat_pair_eg[m.type][victim]};
            if (trace) trace->threats.push_back({us, m.type, victim});
        }
        if (const int pawns_hit = popcount(r.capture & their_pawns)) {
            const int pawn = g.men.pawn;
            side.score += {pawns_hit * t.threat_pair_mg[m.type][pawn],
                           pawns_hit * t.threat_pair_eg[m.type][pawn]};
            if (trace)
                for (int k = 0; k < pawns_hit; ++k) trace->threats.push_back({us, m.type, pawn});
        }
    }
    // Hanging: enemy men we attack that nothing of theirs defends.
    const Bitboard hanging = theirs & ours.all & ~their_attacks.all;
    const int hanging_men = popcount(hanging & their_men);
    const int hanging_pawns = popcount(hanging & their_pawns);
    side.score += {w.hanging_mg * hanging_men + w.hanging_pawn_mg * hanging_pawns,
                   w.hanging_eg * hanging_men + w.hanging_pawn_eg * hanging_pawns};
    // Cells both sides attack where the enemy has no pawn's guard, nor two guards against our
    // one: the enemy's men are restricted there.
    const Bitboard strongly_held = their_attacks.by_pawns | (their_attacks.twice & ~ours.twice);
    const int restricted = popcount(their_attacks.all & ours.all & ~strongly_held);
    side.score += {w.restricted_mg * restricted, w.restricted_eg * restricted};
    // Enemy men that one of our pawns would attack after a single step to a cell safe for it (a
    // switch field whose mate is taken is closed, as for the move generator).
    if ((w.push_threat_mg || w.push_threat_eg) && my_pawns) {
        const PieceMoves& steps = tables.piece(g.men.pawn, us);
        Bitboard pushes = 0;
        for (Bitboard b = my_pawns; b;) pushes |= t.step_ahead[us][pop_lsb(b)];
        pushes &= ~pos.closed(occupied);
        pushes &= ~their_attacks.by_pawns & (~their_attacks.all | ours.all);
        Bitboard hit = 0;
        for (Bitboard b = pushes; b;) hit |= steps.capture[pop_lsb(b)];
        const int threats = popcount(hit & their_men);
        side.score += {w.push_threat_mg * threats, w.push_threat_eg * threats};
    }
    if (g.men.bishop >= 0 && more_than_one(pos.pieces(us, g.men.bishop)))
        side.score += {w.bishop_pair_mg, w.bishop_pair_eg};
    // King safety: our attack on their king's zone, and our pawns in front of our king.
    side.score.mg += attack * ATTACK_SCALE[std::min(attackers, 7)] / 100;
    if (their_king != SQ_NONE) {
        const int a = std::min(attackers, KING_ATTACKERS - 1);
        const int h = std::min(attack_hits, KING_HITS - 1);
        side.score += {t.king_attack_mg[a][h], t.king_attack_eg[a][h]};
        if (trace) trace->king_attacks.push_back({us, a, h});
    }
    const Square king = pos.king_square(us);
    if (king == SQ_NONE || g.men.pawn < 0) return side;
    side.score.mg += w.shield * std::min(popcount(t.shield[us][king] & my_pawns), 3);
    // In the endgame the king belongs near its pawns.
    if (w.king_pawn_eg && my_pawns) {
        int nearest = 15;
        for (Bitboard b = my_pawns; b;)
            nearest = std::min<int>(nearest, t.king_distance[king][pop_lsb(b)]);
        side.score.eg -= w.king_pawn_eg * nearest;
    }
    // A file of the king's with no own pawn ahead lets the enemy's heavy men in; enemy pawns near
    // the king open its shelter, less so where an own pawn blocks them. (Families whose fit left
    // both weights at 0 skip the loops.)
    if (w.shelter_open || w.storm) {
        for (const Bitboard file : t.shelter_files[us][king])
            if (file && !(file & my_pawns)) side.score.mg -= w.shelter_open;
        const PieceMoves& their_steps = tables.piece(g.men.pawn, them);
        for (Bitboard b = t.storm_zone[us][king] & their_pawns; b;) {
            const Square s = pop_lsb(b);
            const int closeness = 4 - t.king_distance[king][s];
            side.score.mg -=
                (their_steps.quiet[s] & my_pawns) ? w.storm * closeness / 2 : w.storm * closeness;
        }
    }
    return side;
}

}  // namespace

int evaluate(const Position& pos, const EvalTables& t, PawnCache* cache, EvalTrace* trace) {
    const Game& g = pos.game();
    // A swan of the pawn type is no pawn: it counts as a swan.
    PawnCache::Entry uncached;
    const PawnCache::Entry* pawns = &uncached;
    if (g.men.pawn >= 0 && g.men.pawn != t.swan) {
        const Bitboard white = pos.pieces(WHITE, g.men.pawn), black = pos.pieces(BLACK, g.men.pawn);
        if (!cache || trace) {
            pawn_structure(pos, t, uncached, trace);
        } else {
            PawnCache::Entry& e = cache->slot(white, black);
            if (e.white != white || e.black != black) pawn_structure(pos, t, e, nullptr);
            pawns = &e;
        }
    }
    Attacks attacks[COLOR_NB];
    gather(pos, t, WHITE, attacks[WHITE]);
    gather(pos, t, BLACK, attacks[BLACK]);
    const Side white = evaluate_side(pos, t, WHITE, attacks[WHITE], attacks[BLACK], *pawns, trace);
    const Side black = evaluate_side(pos, t, BLACK, attacks[BLACK], attacks[WHITE], *pawns, trace);
    Score s = white.score;
    s -= black.score;
    const int material = white.non_pawn + black.non_pawn;
    const int phase = std::clamp(
        (material - t.phase_end) * 128 / std::max(t.phase_full - t.phase_end, 1), 0, 128);
    const EvalWeights& w = t.w;
    // How winnable the endgame is: more so with many pawns, passers and pawns on both flanks or
    // with no men but pawns; the sum (usually negative otherwise) moves the endgame score, never
    // past 0.
    if (w.complexity_pawn || w.complexity_passed || w.complexity_flanks ||
        w.complexity_pawn_ending || w.complexity_base) {
        const int complexity = w.complexity_pawn * (white.pawns + black.pawns) +
                               w.complexity_passed * pawns->passers +
                               w.complexity_flanks * pawns->both_flanks +
                               w.complexity_pawn_ending * (material == 0) + w.complexity_base;
        const int sign = (s.eg > 0) - (s.eg < 0);
        s.eg += sign * std::max(complexity, -std::abs(s.eg));
    }
    // A stronger side whose lead is in pawns (its men within 250 of the other's) has fewer ways
    // to win the fewer pawns it has left; a whole man ahead often wins without any.
    if (w.scale_drop && std::abs(white.non_pawn - black.non_pawn) < 250) {
        const int strong_pawns = s.eg > 0 ? white.pawns : black.pawns;
        const int drop = std::clamp(w.scale_drop - w.scale_pawn * strong_pawns, 0, 64);
        s.eg = s.eg * (64 - drop) / 64;
    }
    int v = (s.mg * phase + s.eg * (128 - phase)) / 128;
    // Without pawns, a small material edge rarely wins: scale it down.
    const Side& strong = v > 0 ? white : black;
    const Side& weak = v > 0 ? black : white;
    if (strong.pawns == 0 && strong.non_pawn - weak.non_pawn < 400) v /= 4;
    // Bishops on opposite colours as the only other men: the pawns of the stronger side are
    // hard to promote past the other bishop.
    if (g.men.bishop >= 0 && white.non_pawn == t.value_mg[g.men.bishop] &&
        black.non_pawn == t.value_mg[g.men.bishop]) {
        const Bitboard bishops = pos.pieces(g.men.bishop);
        if (popcount(bishops) == 2 && popcount(bishops & t.light_cells) == 1 &&
            popcount(bishops & pos.pieces(WHITE)) == 1)
            v = v * w.opposite_bishops / 64;
    }
    return (pos.side_to_move() == WHITE ? v : -v) + w.tempo;
}

int chance_terms(const Position& pos, const EvalTables& t) {
    if (t.swan < 0) return 0;
    const ChanceState& c = pos.state().chance;
    int v = 0;
    for (int i = 0; i < c.owed && i < 2; ++i) v += t.value_mg[c.types[static_cast<size_t>(i)]];
    return v;
}

}  // namespace menagerie::engine
