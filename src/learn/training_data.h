// Training positions: the compact binary format `menagerie datagen` writes and `menagerie train`
// reads (docs/engine.md, "Training data"). A file holds one game's positions (one variant with
// its options) in blocks of one played game each, so that a block is written whole once the
// game's result is known and an interrupted run resumes after its last whole block.
//
// File:   "MNGDATA1" (8 bytes), then the header: u16 length + the variant name, u16 length +
//         the options ("name=value" joined by spaces), u16 cells of the board, u8 piece types,
//         u8 extra bytes per record (Black Swan's view: the unseen tiles, 2 x TILE_KINDS_MAX).
// Block:  u32 game number, u16 records, i8 result from White's side (1, 0, -1), u8 0; records.
// Record: u8 side to move, u8 men n, i16 score (centipawns, the side to move's), u16 ply,
//         16 bytes of occupied cells (a Bitboard, low byte first), n bytes of piece codes in
//         the order of their cells, then the extra bytes.
// Every number is little-endian.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie::learn {

struct DataHeader {
    std::string variant;
    std::string options;
    int cells = 0;
    int types = 0;
    int extra = 0;
    bool operator==(const DataHeader&) const = default;
};

struct TrainingPosition {
    Color side_to_move = WHITE;
    int16_t score = 0;  // the search's, from the side to move's view
    uint16_t ply = 0;
    int8_t result = 0;  // the game's, from White's view: 1, 0, -1
    Bitboard occupied = 0;
    std::vector<Piece> men;      // by cell, ascending
    std::vector<uint8_t> extra;  // header.extra bytes
    // The men as (cell, piece), in cell order.
    template <typename F>
    void for_each_man(F&& f) const {
        Bitboard b = occupied;
        for (size_t i = 0; b; ++i) f(pop_lsb(b), men[i]);
    }
};

// What a game's positions need of the game: its header.
DataHeader header_of(const Game& game);
// A record of pos (its men, side to move, and for a Black Swan view the unseen tiles).
TrainingPosition record_of(const Position& pos, int score, int ply);

class DataWriter {
  public:
    // Opens `path` to append games. An existing file must have the same header: its whole
    // blocks are kept (their game numbers in done()) and a block cut short is dropped. Throws
    // Error (kind File) naming the path and what is wrong.
    DataWriter(const std::string& path, const DataHeader& header);
    const std::set<uint32_t>& done() const { return done_; }
    uint64_t positions() const { return positions_; }  // in the file, whole blocks
    // Appends one game's positions, with its result from White's side, and flushes.
    void write_game(uint32_t number, int result, const std::vector<TrainingPosition>& positions);

  private:
    std::string path_;
    DataHeader header_;
    std::ofstream out_;
    std::set<uint32_t> done_;
    uint64_t positions_ = 0;
};

// Reads a whole file (or its whole blocks, when the last was cut short). Throws Error (kind
// File) for a file that is not training data.
struct DataFile {
    DataHeader header;
    std::vector<TrainingPosition> positions;
    std::set<uint32_t> games;
};
DataFile read_data(const std::string& path);
// The same, a game at a time: `on_game` gets the header, the game's number and its positions.
void for_each_game(const std::string& path,
                   const std::function<void(const DataHeader&, uint32_t game,
                                            std::vector<TrainingPosition>& positions)>& on_game);
// The game a file's positions are of (for a Black Swan view, the player's game).
std::shared_ptr<const Game> game_of(const DataHeader& header);
// A record as a position of that game (its men, side to move, unseen tiles), for evaluating.
Position position_of(const std::shared_ptr<const Game>& game, const TrainingPosition& p);

// Each cell's image in the board's left-right mirror (files reversed), or nothing if some cell
// has none.
std::vector<Square> file_mirror(const Geometry& g);
// p with every man moved to its cell's image.
TrainingPosition mirror_files(const TrainingPosition& p, const std::vector<Square>& image);

}  // namespace menagerie::learn
