// A move is a tagged value packed into 32 bits:
//   bits 0-6   from cell
//   bits 7-13  to cell (castling: the rook's cell; relocation and adjustment: the partner's cell)
//   bits 14-17 kind (room for the kinds later games add: a reveal whose outcome is drawn at
//              random, the placement of the extra men it brings)
//   bits 18-21 promotion piece type
//   bits 22-31 free: the index of a drawn outcome, for chance moves
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace menagerie {

enum class MoveKind : uint8_t {
    Normal,
    Promotion,
    EnPassant,
    Castling,
    Relocation,  // Placement Chess setup phase: swap, and the opponent's array mirrors it
    BunkerLeap,  // Contemporary Random Chess: king jumps to its b or g square
    Adjustment,  // Contemporary Random Chess: bishop swaps with a neighbour
};

class Move {
  public:
    Move() = default;  // left uninitialised: move lists are filled, never cleared
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, int promotion = 0)
        : data_(uint32_t(from) | uint32_t(to) << 7 | uint32_t(kind) << 14 |
                uint32_t(promotion) << 18) {}
    constexpr Square from() const { return data_ & 0x7F; }
    constexpr Square to() const { return (data_ >> 7) & 0x7F; }
    constexpr MoveKind kind() const { return MoveKind((data_ >> 14) & 0xF); }
    constexpr int promotion() const { return (data_ >> 18) & 0xF; }
    constexpr bool operator==(const Move&) const = default;
    constexpr uint32_t raw() const { return data_; }

  private:
    uint32_t data_;
};

struct MoveList {
    std::array<Move, 1024> moves;  // enough for any position of these games
    int count = 0;
    void push(Move m) { moves[count++] = m; }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + count; }
    int size() const { return count; }
};

}  // namespace menagerie
