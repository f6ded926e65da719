// The static evaluation: material and piece-square terms, mobility, king safety and pawn
// structure, blended between middlegame and endgame weights by the non-pawn material left.
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

struct Side {
    Score score;
    int non_pawn = 0;  // non-pawn material (middlegame values)
    int pawns = 0;
};

Side evaluate_side(const Position& pos, const EvalTables& t, Color us) {
    const Game& g = pos.game();
    const MoveTables& tables = pos.tables();
    const Color them = ~us;
    const Bitboard occupied = pos.pieces(), mine = pos.pieces(us), theirs = pos.pieces(them);
    const Bitboard my_pawns = g.pawn >= 0 ? pos.pieces(us, g.pawn) : 0;
    const Bitboard their_pawns = g.pawn >= 0 ? pos.pieces(them, g.pawn) : 0;
    // Cells the enemy pawns take on: moving there is no real mobility.
    Bitboard pawn_guarded = 0;
    if (g.pawn >= 0) {
        const PieceMoves& pm = tables.piece(g.pawn, them);
        for (Bitboard b = their_pawns; b;) pawn_guarded |= pm.capture[pop_lsb(b)];
    }
    const Square their_king = pos.king_square(them);
    const Bitboard zone = their_king != SQ_NONE ? t.king_zone[their_king] : 0;
    Side side;
    int attackers = 0, attack = 0;
    // A face-down swan is worth what the side's unseen tiles bring on average.
    int swan_mg = 0, swan_eg = 0;
    if (t.swan >= 0) {
        const auto& unseen = pos.state().chance.unseen[us];
        int count = 0;
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
                if (type != g.pawn) side.non_pawn += t.value_mg[type];
            }
    }
    for (Bitboard b = mine; b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        const int type = type_of(p);
        side.score += {t.psq_mg[p][s], t.psq_eg[p][s]};
        if (type == g.king) continue;
        if (type == t.swan) {
            // In place of the swan type's own value (a pawn's moves), its expectation, of which
            // it counts a share by the steps it still has to make.
            const int share = t.swan_share[us][s];
            side.score += {swan_mg * share / 100 - t.value_mg[type],
                           swan_eg * share / 100 - t.value_eg[type]};
            side.non_pawn += swan_mg;
            continue;
        }
        if (type == g.pawn) {
            ++side.pawns;
            // Passed, doubled, isolated.
            if (!(t.front_span[us][s] & their_pawns)) {
                const int adv = t.advance[us][s];
                side.score += {5 + 3 * adv * adv, 10 + 8 * adv + 4 * adv * adv};
            }
            if (t.front_file[us][s] & my_pawns) side.score -= {10, 20};
            if (!(t.adjacent_files[s] & my_pawns)) side.score -= {10, 15};
            continue;
        }
        side.non_pawn += t.value_mg[type];
        // A man an enemy pawn attacks must usually move: a threat worth a tempo or more.
        if (has(pawn_guarded, s)) side.score -= {40, 30};
        // Rooks like files without own pawns ahead (and more without enemy ones).
        if (type == g.rook && g.pawn >= 0 && !(t.front_file[us][s] & my_pawns))
            side.score += (t.front_file[us][s] & their_pawns) ? Score{12, 6} : Score{25, 10};
        const MoveTables::Reach r = tables.reach(tables.piece(type, us), s, occupied);
        const Bitboard targets = (r.quiet & ~occupied & ~pawn_guarded) | (r.capture & theirs);
        const int moves16 = 16 * popcount(targets) - t.average_moves16[type];
        side.score += {moves16 * t.mobility_mg[type] / 256, moves16 * t.mobility_eg[type] / 256};
        if (const Bitboard hits = (r.quiet | r.capture) & zone) {
            ++attackers;
            attack += t.attack_weight[type] + 6 * popcount(hits);
        }
    }
    if (g.bishop >= 0 && more_than_one(pos.pieces(us, g.bishop))) side.score += {30, 45};
    // King safety: our attack on their king's zone, and our pawns in front of our king.
    side.score.mg += attack * ATTACK_SCALE[std::min(attackers, 7)] / 100;
    const Square king = pos.king_square(us);
    if (king != SQ_NONE && g.pawn >= 0)
        side.score.mg += 8 * std::min(popcount(t.shield[us][king] & my_pawns), 3);
    return side;
}

}  // namespace

int evaluate(const Position& pos, const EvalTables& t) {
    const Side white = evaluate_side(pos, t, WHITE), black = evaluate_side(pos, t, BLACK);
    Score s = white.score;
    s -= black.score;
    const int material = white.non_pawn + black.non_pawn;
    const int phase = std::clamp(
        (material - t.phase_end) * 128 / std::max(t.phase_full - t.phase_end, 1), 0, 128);
    int v = (s.mg * phase + s.eg * (128 - phase)) / 128;
    // Without pawns, a small material edge rarely wins: scale it down.
    const Side& strong = v > 0 ? white : black;
    const Side& weak = v > 0 ? black : white;
    if (strong.pawns == 0 && strong.non_pawn - weak.non_pawn < 400) v /= 4;
    const int tempo = 12;
    return (pos.side_to_move() == WHITE ? v : -v) + tempo;
}

}  // namespace menagerie::engine
