// A game is a value: geometry, piece set, a few rule parameters and hooks, and its setups.
// Built once by make_game(), then frozen; positions share it.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"
#include "core/movement.h"
#include "core/piece.h"

namespace menagerie {

// Castling towards the higher files (king's side, O-O, O-Og) or the lower (O-O-O, O-Ob).
enum CastlingSide : int { KING_SIDE, QUEEN_SIDE, CASTLING_SIDE_NB };

struct CastlingRules {
    bool enabled = false;
    // Placement Chess: squares strictly between king and rook must not be attacked either.
    bool between_unattacked = false;
    // Placement Chess option: a king standing on `own_side_file[side]` castles only to that side
    // (b-file: queen's side, g-file: king's side).
    bool curtailed = false;
    std::array<int, CASTLING_SIDE_NB> own_side_file = {-1, -1};
    std::array<std::array<Square, CASTLING_SIDE_NB>, COLOR_NB> king_to{}, rook_to{};
    std::array<std::string, CASTLING_SIDE_NB> san = {"O-O", "O-O-O"};
    // `chess` writes orthodox castling the way every UCI GUI expects (e1g1); elsewhere castling
    // is written king-takes-rook (e1h1), which is unambiguous in every setup.
    bool uci_king_to = false;
};

// The Placement family's setup phase: in each step one side swaps its `mover` with a partner of
// the listed types on the same rank (or keeps it), the bishops staying on opposite colours, and
// the other army mirrors the swap.
struct RelocationStep {
    Color chooser = WHITE;
    int mover = -1;
    TypeSet partners = 0;
};

// Relocation phase of the Placement family, stored in the position.
enum Phase : uint8_t { PLAY, CHOOSE_KING, CHOOSE_QUEEN };

struct Setup {
    int number;
    std::string name;  // e.g. the White array, RBNBKQNR
    std::string fen;
    std::vector<std::string> aliases;  // other accepted identifiers
};

// A game's options by name, as given (for example castling=chess960).
using Options = std::map<std::string, std::string>;

struct GameOption {
    std::string name;
    std::vector<std::string> values;  // the first is the default
};

class Game {
  public:
    std::string name;
    std::string title;
    Geometry geometry;
    std::vector<PieceType> types;
    int king = -1, pawn = -1, queen = -1, rook = -1, bishop = -1, knight = -1;
    std::vector<int> promotion_types;
    std::array<Bitboard, COLOR_NB> promotion_zone{}, double_step_zone{}, back_rank{};
    CastlingRules castling;
    bool bunker_leap = false;
    bool bishop_adjustment = false;
    bool relocation = false;
    std::array<RelocationStep, 2> relocation_steps{};  // Black's king choice, White's queen choice
    std::vector<Setup> setups;
    bool random_start = false;
    bool orthodox_material = false;  // dead-position rules of orthodox minor-piece endings  //
                                     // without a chosen setup, one is drawn at random
    std::string start_fen;           // when not random: the start position
    std::vector<GameOption> option_list;
    std::map<std::string, std::string> options;  // the values in force
    std::unique_ptr<MoveTables> tables;
    std::vector<int> rider_types;  // types that capture by riding: the only possible pinners

    // A piece token at text[at] (either colour): on success the piece, with `at` moved past it;
    // NO_PIECE (and `at` unchanged) when no token of this game starts there.
    Piece read_token(std::string_view text, size_t& at) const;
    // The token of a type (upper case) or of a piece (lower case for Black).
    const std::string& token(int type) const { return types[type].token; }
    std::string token(Piece p) const;
    // Whether two cells have one colour on the drawn board (a two-coloured transfer field, as on
    // Chess 66, has the colour of no other cell).
    bool same_colour(Square a, Square b) const {
        const CellColour x = geometry.cell(a).colour, y = geometry.cell(b).colour;
        return x == y && x != CellColour::Both;
    }
    // Resolves any documented setup identifier; throws Error naming what was wrong.
    const Setup& find_setup(const std::string& id) const;

    // For the game's factory: compiles movement and checks the definition.
    void freeze();
};

}  // namespace menagerie
