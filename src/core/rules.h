// The special move kinds, one family a file under core/rules/: each file holds the kind's
// generator, its make and unmake (as Position members) and its text, and the registry
// (rules/registry.cpp) lists them by kind for make, unmake and text. The men's own moves
// (normal, promotion, en passant) are the generator's (movegen.cpp), make/unmake's
// (position.cpp) and SAN's (notation/move_text.cpp) main business and live there.
//
//   kind          file                     generated when
//   Castling      rules/castling.cpp       the game has castling and the king is unmoved
//   BunkerLeap    rules/bunker_leap.cpp    Contemporary Random Chess: the king is unmoved
//   Adjustment    rules/adjustment.cpp     Contemporary Random Chess: adjustment right
//   Relocation    rules/choices.cpp        a choice is pending (Placement's relocation phase)
//   (swans)       rules/swans.cpp          Black Swan: face-down swans' moves and reveals
#pragma once

#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

// Every kind after the men's own moves (MoveKind lists those first).
constexpr bool is_special(MoveKind k) { return k >= MoveKind::Castling; }

// Each appends the legal moves of its kind (never out of check; the callers see to that).
void generate_castling(Position& pos, SpecialMoveList& list);
void generate_bunker_leaps(Position& pos, SpecialMoveList& list);  // after castling: skips those
void generate_adjustments(Position& pos, SpecialMoveList& list);
void generate_choices(Position& pos, MoveList& list);  // the pending choice step's moves
// Black Swan: the face-down swans' moves (normal moves; a reveal is part of the move), captures
// and/or quiet ones, legal or pseudo-legal.
void generate_swans(Position& pos, MoveList& list, bool captures, bool quiets, bool legal);
// While PLACING: the stay step's moves (each drawn type on the swan's cell) while the owner
// chooses which piece stays, then each owed type on each cell where it may go.
void generate_placements(Position& pos, MoveList& list);
// The cells where an owed piece may go: the empty cells of the mover's reveal zone nearest (in
// king steps) to the swan's cell (anywhere on the board for a promotion's pieces).
Bitboard placement_cells(const Position& pos);
// The cells of `candidates` nearest to `origin` in king steps (on a rectangle the larger of the
// file and rank distances); 0 when there are none.
Bitboard nearest_cells(const Geometry& g, Square origin, Bitboard candidates);
// Black Swan: a promotion brings drawn pieces (told with the move), so the move names no type.
inline bool random_promotion(const Game& g) { return g.has_chance(); }
// Whether m is a chance move: a swan's move that turns it over, or a random promotion.
bool is_chance_move(const Position& pos, Move m);
// What chance move m brings in pos: the outcome it carries, or, where the game knows the swan's
// identity and it is a piece, that piece (no randomness is involved). count 0 when m is no
// chance move or its outcome is not known (an event or a promotion without its outcome).
Draw chance_draw(const Position& pos, Move m);
// Whether chance move m's outcome (carried) can happen here: a tile kind the mover still has
// unseen and, where the identities are known, the swan's own tile. False without an outcome.
bool possible_outcome(const Position& pos, Move m);
// The kind under which the game numbers chance move m's outcomes (ChanceRules::decode): a
// promotion's, or a reveal's (a swan's normal move).
inline MoveKind outcome_kind(Move m) {
    return m.kind() == MoveKind::Promotion ? MoveKind::Promotion : MoveKind::Normal;
}

// The special moves of a position without a pending choice, appended in a fixed order.
template <class Sink>
void generate_special_moves(Position& pos, Sink& sink) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (pos.checkers() || ksq == SQ_NONE) return;
    // Castling and the leap need an unmoved king; adjustment needs its right.
    const bool king_unmoved = has(pos.state().unmoved, ksq);
    if (!(king_unmoved && (g.rules.castling.enabled || g.rules.bunker_leap)) &&
        !(g.rules.bishop_adjustment && pos.can_adjust(us)))
        return;
    SpecialMoveList list;
    if (king_unmoved && g.rules.castling.enabled) generate_castling(pos, list);
    if (king_unmoved && g.rules.bunker_leap) generate_bunker_leaps(pos, list);
    if (g.rules.bishop_adjustment) generate_adjustments(pos, list);
    for (Move m : list) sink.add(m);
}

template <class Sink>
void generate_choices(Position& pos, Sink& sink) {
    MoveList list;
    list.count = 0;
    generate_choices(pos, list);
    for (Move m : list) sink.add(m);
}

template <class Sink>
void generate_swans(Position& pos, Sink& sink, bool captures, bool quiets, bool legal) {
    MoveList list;
    list.count = 0;
    generate_swans(pos, list, captures, quiets, legal);
    for (Move m : list) sink.add(m);
}

// A special move as text: its coordinate form, its SAN without check marks, and the other
// spellings a reader accepts (after every move's own forms, so they never shadow one).
struct SpecialText {
    std::string uci, san;
    std::vector<std::string> also;
};
// A special move's text, by its kind's entry in the registry (core/rules/registry.cpp).
SpecialText special_text(const Position& pos, Move m, const MoveList& legal);
SpecialText castling_text(const Position& pos, Move m);
SpecialText bunker_leap_text(const Position& pos, Move m);
SpecialText adjustment_text(const Position& pos, Move m, const MoveList& legal);
SpecialText choice_text(const Position& pos, Move m);
SpecialText placement_text(const Position& pos, Move m);

// Where a castling move takes the king (the move itself names the rook).
Square castling_king_to(const Position& pos, Move m);

}  // namespace menagerie
