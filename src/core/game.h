// A game is a value: geometry, piece set, a few rule parameters and hooks, and its setups.
// Built once by make_game(), then frozen; positions share it.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"
#include "core/move.h"
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
    // Black's, where they differ (Chess 66: Black's array is turned, so its short castling goes
    // towards the a-file); empty means as `san`.
    std::array<std::string, CASTLING_SIDE_NB> black_san = {};
    // `chess` writes orthodox castling the way every UCI GUI expects (e1g1); elsewhere castling
    // is written king-takes-rook (e1h1), which is unambiguous in every setup.
    bool uci_king_to = false;
};

// A choice a side owes the game before play goes on: the per-ply state holds the index of the
// pending step (or NO_PENDING), and only that step's choice moves are legal until it is made.
// Placement's relocation phase is two steps (Black places the kings, then White the queens);
// Black Swan's placement of the pieces an event brings is the step PLACING.
struct ChoiceStep {
    Color chooser = WHITE;
    // Relocation: the chooser swaps its `mover` with a man of one of the `partners` types on the
    // same rank (or keeps it), the bishops staying on opposite colours; the other army mirrors
    // the swap.
    int mover = -1;
    TypeSet partners = 0;
};
constexpr uint8_t NO_PENDING = 0xFF;
// Black Swan: the mover owes the placement of an event's extra pieces (StateInfo::chance).
constexpr uint8_t PLACING = 0xFE;
// Black Swan: the identity of a player's view's swan (ChanceRules::identity).
constexpr int UNKNOWN_IDENTITY = -2;

class Position;

// Black Swan: what a chance move brought (a swan turned over, a random promotion): the tile the
// swan was (-1 for a promotion), whether it was an event, and the pieces (types) it brings in
// the order they are placed, the first on the move's destination. count 0: no chance move.
struct Draw {
    int tile = -1;
    bool event = false;
    int count = 0;
    std::array<int, 3> types{};
    bool operator==(const Draw&) const = default;
};

// A start setup: its identifiers. The position comes from the game's generator.
struct Setup {
    int number;
    std::string name;                  // e.g. the White array, RBNBKQNR
    std::vector<std::string> aliases;  // other accepted identifiers
};

// A FEN dialect's fields after the sixth, as the game defines them: how many there may be, how
// they are read into a position under construction (throwing Error on bad input) and written.
// `unmoved` collects the men whose rights the standard fields and these fields give.
struct FenExtension {
    int fields = 0;
    std::function<void(Position& pos, const std::vector<std::string>& extra, Bitboard& unmoved)>
        read;
    std::function<std::string(const Position& pos)> write;  // " K", " Kk ABC", or ""
};

// A game's options by name, as given (for example castling=chess960).
using Options = std::map<std::string, std::string>;

struct GameOption {
    std::string name;
    std::vector<std::string> values;  // the first is the default
};

// The rules of a game of chance with face-down men (Black Swan's family, core/rules/swans.cpp).
// The core never draws: a chance move (a face-down man turned over, a random promotion) arrives
// with its outcome (Move::outcome), supplied by whoever holds the randomness (the referee, or a
// player's view told by it). The referee's game and a player's game differ only in who supplies
// outcomes and in whether the face-down types carry identities.
struct ChanceRules {
    // The types from `first_hidden` on are face down. They move and capture as pawns of their
    // side, two steps from their starting square (where they are marked unmoved and cannot be
    // taken), and one that lands on its side's `reveal_zone` is turned over in the same move.
    int first_hidden = -1;
    bool face_down(int type) const { return first_hidden >= 0 && type >= first_hidden; }
    // Per face-down type: the type it is, -1 for an event, UNKNOWN_IDENTITY on a player's view.
    std::vector<int> identity;
    std::array<Bitboard, COLOR_NB> reveal_zone{};
    // Outcomes numbered (kind Normal for a reveal, Promotion for a promotion; 0: none).
    Draw (*decode)(MoveKind kind, int outcome) = nullptr;
    int (*encode)(MoveKind kind, const Draw& draw) = nullptr;
    // The tiles' names in move text (Black Swan: P N B R Q 2+ 2- 3+ 3-), by tile index.
    std::vector<std::string> tile_names;
    // Whether the face-down men's identities are known: the referee's game.
    bool identities_known() const { return !identity.empty() && identity[0] != UNKNOWN_IDENTITY; }
};

class Game;

// The rules beyond the men's moves, each family's in core/rules/ (core/rules.h).
struct SpecialRules {
    CastlingRules castling;
    bool bunker_leap = false;
    bool bishop_adjustment = false;
    std::vector<ChoiceStep> choice_steps;  // the start owes these, in order (Placement)
    bool orthodox_material = false;        // dead-position rules of orthodox minor-piece endings
};

// How a game starts. Setups are generated, not stored: `setups` names them, `build_setup` fills
// a cleared position with setup n (before finish_setup), and without a chosen setup the game
// starts from `build_start` or, where `random_start`, from a setup drawn by `draw_setup`
// (uniform unless a game weighs its setups, as dice do).
struct StartRules {
    std::vector<Setup> setups;
    std::function<void(Position& pos, int number)> build_setup;
    std::function<void(Position& pos)> build_start;
    bool random_start = false;
    std::function<int(std::mt19937_64& rng)> draw_setup;
    // Where a setup decides more than the men (Chess 2016's dice decide the promotion types):
    // the game that setup n is played in, derived from `self`. Empty: `self`.
    std::function<std::shared_ptr<const Game>(const Game& self, int number)> game_for_setup;
    // Where one setup has many spellings (dice in any order or case): the spelling of `setups`
    // for an identifier, or the identifier unchanged.
    std::function<std::string(const std::string& id)> setup_id;
};

// A game's men: their types, the types the rules name (-1 where the game has none), and what the
// hot paths read of them (set when the game is frozen).
struct PieceSet {
    std::vector<PieceType> types;
    int king = -1, pawn = -1, queen = -1, rook = -1, bishop = -1, knight = -1;
    std::vector<int> promotions;  // what a pawn may become
    std::vector<int> riders;      // types that capture by riding: the only possible pinners
    TypeSet rider_set = 0;        // the same as a set
    TypeSet ordinary_set = 0;     // the types whose moves generate_men makes: not king, swans
    std::array<int, PIECE_TYPE_MAX> value{};  // types[t].value
};

// Each side's zones of the board: where its pawns promote and may double-step, its back rank.
struct Zones {
    std::array<Bitboard, COLOR_NB> promotion{}, double_step{}, back_rank{};
};

class Game {
  public:
    std::string name;
    std::string title;
    Geometry geometry;
    PieceSet men;
    Zones zones;
    SpecialRules rules;  // castling and the other special moves, and the dead-position rule
    // Games of chance with face-down men (Black Swan): the family's frozen data; see ChanceRules.
    ChanceRules chance;
    bool has_chance() const { return chance.first_hidden >= 0; }

    StartRules start;  // how it starts: its setups, their builders and their draw
    FenExtension fen_extension;
    std::vector<GameOption> option_list;
    std::map<std::string, std::string> options;  // the values in force
    std::shared_ptr<const MoveTables> tables;    // shared by copies of a game

    // A piece token at text[at] (either colour): on success the piece, with `at` moved past it;
    // NO_PIECE (and `at` unchanged) when no token of this game starts there.
    Piece read_token(std::string_view text, size_t& at) const;
    // The token of a type (upper case) or of a piece (lower case for Black).
    const std::string& token(int type) const { return men.types[type].token; }
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
