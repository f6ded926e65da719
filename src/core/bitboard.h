// A set of board cells. Every geometry in Menagerie has at most 128 cells (Chess 2016: 96 inside a
// 12 x 10 box, Chess 66: 66), so one 128-bit word holds any set of cells. Cells are numbered in
// rank-major order by each geometry, which lets sliding attacks find the nearest blocker with a
// single bit scan (see Geometry).
#pragma once

#include <bit>
#include <cstdint>

namespace menagerie {

__extension__ typedef unsigned __int128 Bitboard;

using Square = int;
constexpr Square SQ_NONE = -1;
constexpr int SQUARE_MAX = 128;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr bool has(Bitboard b, Square s) { return (b >> s) & 1; }

constexpr int popcount(Bitboard b) {
    return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}

constexpr Square lsb(Bitboard b) {
    const auto lo = static_cast<uint64_t>(b);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}

constexpr Square msb(Bitboard b) {
    const auto hi = static_cast<uint64_t>(b >> 64);
    return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}

inline Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}

constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// A hash of two cell sets (both sides' pawns, say), for tables indexed by its top bits.
constexpr uint64_t hash_pair(Bitboard a, Bitboard b) {
    return static_cast<uint64_t>(a) * 0x9E3779B97F4A7C15ULL ^
           static_cast<uint64_t>(a >> 64) * 0xC2B2AE3D27D4EB4FULL ^
           static_cast<uint64_t>(b) * 0x165667B19E3779F9ULL ^
           static_cast<uint64_t>(b >> 64) * 0xD6E8FEB86659FD93ULL;
}

}  // namespace menagerie
