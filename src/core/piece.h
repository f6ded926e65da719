// Pieces as data. A piece type is a list of movement parts; each part is one of a few shapes
// (step or ride along directions, leap, leap-ride, hop, bent or crooked path) with a mode that
// says whether it may move, capture, or both. Directions and paths are given from White's side;
// Black's are the vertical mirror, which makes pawns and Elephants direction-dependent for free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace menagerie {

enum Color : int { WHITE, BLACK, COLOR_NB };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A game's piece types are numbered 0 .. types-1. A piece on the board is coded in one byte as
// colour << PIECE_TYPE_BITS | type; every table indexed by type or piece derives its size from
// these two constants. Sets of types are 64-bit words.
constexpr int PIECE_TYPE_BITS = 6;
constexpr int PIECE_TYPE_MAX = 1 << PIECE_TYPE_BITS;        // 64 types, Chess 2016 needs 29
constexpr int PIECE_CODE_NB = COLOR_NB << PIECE_TYPE_BITS;  // every colour-type code
using TypeSet = uint64_t;
static_assert(PIECE_TYPE_MAX <= 64, "a TypeSet holds one bit per type");

using Piece = uint8_t;
constexpr Piece NO_PIECE = 0xFF;
static_assert(PIECE_CODE_NB <= NO_PIECE, "NO_PIECE must not be a piece code");
constexpr Piece make_piece_code(Color c, int type) { return Piece(c << PIECE_TYPE_BITS | type); }
constexpr Color color_of(Piece p) { return Color(p >> PIECE_TYPE_BITS); }
constexpr int type_of(Piece p) { return p & (PIECE_TYPE_MAX - 1); }
constexpr TypeSet type_bit(int type) { return TypeSet(1) << type; }

enum class Mode : uint8_t { Both, MoveOnly, CaptureOnly };

// Bit sets of Direction.
constexpr uint8_t ORTHOGONAL = 0x55;
constexpr uint8_t DIAGONAL = 0xAA;
constexpr uint8_t ALL_DIRECTIONS = 0xFF;
constexpr uint8_t FORWARD = 0x01;
constexpr uint8_t FORWARD_DIAGONALS = 0x82;

struct Movement {
    enum class Shape : uint8_t {
        Ride,      // along directions, up to `range` steps (0: unlimited)
        Leap,      // to every reflection of (a, b)
        LeapRide,  // repeated (a, b) leaps in one of its reflections, over empty cells
        Hop,       // cannon: along directions, over exactly one man, to the first man beyond
        Bent,      // one step in a direction, then `range` or more steps turned 45 degrees
                   // outward from it (Griffin: diagonal, then orthogonal, range 2)
        Crooked,   // up to `range` steps, each turned 45 degrees from the last, always the
                   // same way round (Rhinoceros: range 7)
    };
    Shape shape = Shape::Ride;
    Mode mode = Mode::Both;
    uint8_t directions = 0;
    int range = 0;
    int a = 0, b = 0;
};

inline Movement ride(uint8_t dirs, int range = 0, Mode mode = Mode::Both) {
    return {Movement::Shape::Ride, mode, dirs, range, 0, 0};
}
inline Movement step(uint8_t dirs, Mode mode = Mode::Both) { return ride(dirs, 1, mode); }
inline Movement leap(int a, int b, Mode mode = Mode::Both) {
    return {Movement::Shape::Leap, mode, 0, 0, a, b};
}
inline Movement leap_ride(int a, int b, Mode mode = Mode::Both) {
    return {Movement::Shape::LeapRide, mode, 0, 0, a, b};
}
inline Movement hop(uint8_t dirs) {
    return {Movement::Shape::Hop, Mode::CaptureOnly, dirs, 0, 0, 0};
}
inline Movement bent(uint8_t first, int min_after, Mode mode = Mode::Both) {
    return {Movement::Shape::Bent, mode, first, min_after, 0, 0};
}
inline Movement crooked(int max_steps, Mode mode = Mode::Both) {
    return {Movement::Shape::Crooked, mode, ALL_DIRECTIONS, max_steps, 0, 0};
}

struct PieceType {
    std::string name;
    // How FEN, SAN, UCI promotions and the terminal board name the type: one upper-case letter,
    // or, where two types of a game would share a letter, the letter followed by one or more
    // primes (C, C', C''). Black's men are written with the letter in lower case (c, c').
    std::string token;
    std::vector<Movement> moves;
    bool royal = false;  // checkmate target; castles
    bool pawn = false;   // double step from its zone, en passant, promotion
    int value = 0;       // centipawns, for the engine
};

// The orthodox set and the fairy pieces of the rule pages, by name.
PieceType make_piece(const std::string& name);

}  // namespace menagerie
