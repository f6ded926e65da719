// A move is a tagged value packed into 32 bits, low bits first:
//   from cell       SQUARE_BITS (7)
//   to cell         SQUARE_BITS (7)   castling: the rook's cell; relocation and adjustment: the
//                                     partner's cell (see the accessors below)
//   kind            KIND_BITS (4)     room for the kinds later games add
//   promotion type  PIECE_TYPE_BITS (6)
//   outcome (8)     a game of chance (Black Swan): what a reveal or a random promotion brought,
//                   as the game numbers its outcomes (ChanceRules::decode); 0 for none
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "core/bitboard.h"
#include "core/piece.h"

namespace menagerie {

enum class MoveKind : uint8_t {
    Normal,
    Promotion,
    EnPassant,
    Castling,
    Relocation,  // Placement Chess setup phase: swap, and the opponent's array mirrors it
    BunkerLeap,  // Contemporary Random Chess: king jumps to its b or g square
    Adjustment,  // Contemporary Random Chess: bishop swaps with a neighbour
    Placement,   // Black Swan: a drawn piece put on an empty cell (the promotion field holds its
                 // type; from is the swan's cell), or kept on the swan's cell (from = to: the
                 // stay step, which chooses the piece that stays there)
};

class Move {
    static constexpr int SQUARE_BITS = std::bit_width(unsigned(SQUARE_MAX - 1));
    static constexpr int KIND_BITS = 4;
    static constexpr int TO_SHIFT = SQUARE_BITS, KIND_SHIFT = 2 * SQUARE_BITS,
                         PROMOTION_SHIFT = KIND_SHIFT + KIND_BITS,
                         OUTCOME_SHIFT = PROMOTION_SHIFT + PIECE_TYPE_BITS;
    static_assert(OUTCOME_SHIFT + 8 <= 32, "a move must fit in 32 bits");
    static constexpr uint32_t SQUARE_MASK = (1u << SQUARE_BITS) - 1;

  public:
    Move() = default;  // left uninitialised: move lists are filled, never cleared
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, int promotion = 0)
        : data_(uint32_t(from) | uint32_t(to) << TO_SHIFT | uint32_t(kind) << KIND_SHIFT |
                uint32_t(promotion) << PROMOTION_SHIFT) {}
    // The generator's moves have no outcome; whoever holds the randomness tells it with the move.
    constexpr int outcome() const { return int(data_ >> OUTCOME_SHIFT); }
    constexpr Move with_outcome(int outcome) const {
        Move m = *this;
        m.data_ = (data_ & ((1u << OUTCOME_SHIFT) - 1)) | uint32_t(outcome & 0xFF) << OUTCOME_SHIFT;
        return m;
    }
    constexpr Move without_outcome() const { return with_outcome(0); }
    constexpr Square from() const { return data_ & SQUARE_MASK; }
    constexpr Square to() const { return (data_ >> TO_SHIFT) & SQUARE_MASK; }
    constexpr MoveKind kind() const {
        return MoveKind((data_ >> KIND_SHIFT) & ((1u << KIND_BITS) - 1));
    }
    constexpr int promotion() const { return (data_ >> PROMOTION_SHIFT) & (PIECE_TYPE_MAX - 1); }
    constexpr bool operator==(const Move&) const = default;
    constexpr uint32_t raw() const { return data_; }

  private:
    uint32_t data_;
};

template <int Capacity>
struct BasicMoveList {
    std::array<Move, Capacity> moves;
    int count = 0;
    void push(Move m) {
        assert(count < static_cast<int>(moves.size()));
        moves[count++] = m;
    }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + count; }
    int size() const { return count; }
};

// Room for the worst case the limits allow: 4096 covers a side of 16 pawns on the seventh rank
// each promoting to 62 types plus a full army's other moves.
using MoveList = BasicMoveList<4096>;
// The special kinds of one position (castling, Bunker Leap, adjustment: a handful at most): a
// small list, since the generator builds one at nearly every node.
using SpecialMoveList = BasicMoveList<16>;

}  // namespace menagerie
