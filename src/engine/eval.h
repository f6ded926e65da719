// Evaluation for any piece set and geometry. EvalTables holds everything derived once per Game
// (piece values from mobility, piece-square terms from the board's shape, pawn spans); evaluate()
// reads them. docs/engine.md explains the method.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie::engine {

// The evaluation's scalar weights, in centipawns unless said (the game-specific parts are derived
// from the game's data in EvalTables). DEFAULT_WEIGHTS (eval_tables.cpp) serves every family
// without fitted terms; `menagerie fit` (learn/fit_terms.h) fits a family's own (nets/*.terms).
struct EvalWeights {
    int pawn_mg, pawn_eg;             // a pawn's value
    int mobility_mg, mobility_eg;     // per cent of the derived weight of one move
    int cell_mg, cell_eg;             // per cent of it per cell of extra reach
    int king_row_mg, king_centre_eg;  // king: rows from home, closeness to the centre
    int pawn_step_mg, pawn_central_mg, pawn_step_eg;  // pawn cell terms
    int attack_value, attack_cell;                    // king attack: per cent of value/16, per cell
    int check_value, safe_check;                      // safe check: per cent of value/16, plus this
    int shield;                                       // own pawn guarding the king (up to 3)
    int shelter_open;                                 // a king's file with no own pawn ahead
    int storm;                                        // an enemy pawn near it, times 4 - steps
    int king_pawn_eg;                                 // per king step to the nearest own pawn
    int threat_mg, threat_eg;                         // attacked man worth more than the attacker
    int threat_value_mg, threat_value_eg;             // plus this share of its value (in 1/1200)
    int hanging_mg, hanging_eg, hanging_pawn_mg, hanging_pawn_eg;
    int pawn_attacked_mg, pawn_attacked_eg;  // a man an enemy pawn attacks
    int push_threat_mg, push_threat_eg;      // an enemy man a safe pawn step would attack
    int restricted_mg, restricted_eg;  // per cell both attack that the enemy holds only weakly
    int rook_open_mg, rook_open_eg, rook_semi_mg, rook_semi_eg;
    int bishop_pair_mg, bishop_pair_eg;
    int passed_mg, passed_mg2, passed_eg, passed_eg1, passed_eg2;  // c + c1·a + c2·a²
    int passer_their_king, passer_own_king;  // per king step to the stop cell, in w/2
    int passer_free_mg, passer_free_eg, passer_path_mg, passer_path_eg;  // in w/4
    int doubled_mg, doubled_eg, isolated_mg, isolated_eg;
    int outpost_mg, outpost_eg;  // a light man on a cell own pawns guard and no enemy pawn can
    int behind_pawn_mg, behind_pawn_eg;    // a light man on the cell behind a pawn
    int bishop_pawns_mg, bishop_pawns_eg;  // per own pawn on the bishop's colour of cell
    int opposite_bishops;  // share (in 1/64) kept of a lone opposite bishops' advantage
    // How winnable the endgame score is: the sum of these (the first two per pawn and per passed
    // pawn) is added to the score's size, a negative sum never taking it past 0.
    int complexity_pawn, complexity_passed, complexity_flanks, complexity_pawn_ending,
        complexity_base;
    // Where the two sides' men differ by less than 250, the stronger side's endgame score is
    // scaled by (64 - d) / 64, d = scale_drop - scale_pawn * its pawns, kept within 0 and 64.
    int scale_drop, scale_pawn;
    int tempo;
};

// Every weight by name, in the order of the struct (the fitted terms' files and the tuner).
struct WeightField {
    const char* name;
    int EvalWeights::*field;
};
extern const std::array<WeightField, 69> WEIGHT_FIELDS;

// A family's fitted evaluation (docs/engine.md, "Fitting the terms"): its weights, and offsets
// (middlegame, endgame) to the derived terms, each named by its line of the file without the
// two numbers:
//   value TYPE               the type's value derived from mobility
//   cell TYPE CELL           the type's cell term (the cell named from White's side)
//   mobility TYPE MOVES      the type's mobility term when it has that many moves
//   king_attack MEN MOVES    a side whose MEN attack the enemy king's zone with MOVES moves into
//                            it (counted up to KING_ATTACKERS - 1 and KING_HITS - 1)
//   passer CELL              a passed pawn on the cell (from White's side)
//   threat TYPE VICTIM       a man of the type attacking an enemy man or pawn of the other
//   pawns TYPE COUNT         a man of the type whose side has that many pawns (up to PAWNS_MAX)
//   defended TYPE            a man of the type that an own man or pawn guards
// Kept as text in nets/*.terms, built into the program, and found by the family
// (nnue::family_of).
struct FittedTerms {
    std::string family;
    EvalWeights weights{};
    std::map<std::string, std::pair<int, int>> offsets;
};
constexpr int KING_ATTACKERS = 8, KING_HITS = 24, PAWNS_MAX = 16;
FittedTerms parse_terms(const std::string& text, const std::string& source);
std::string write_terms(const FittedTerms& terms);
// parse_terms of a file; an unreadable one is an error of `field` (the option that named it).
FittedTerms read_terms(const std::string& path, const std::string& field);
// The built-in terms of the game's family, if any (else the defaults apply).
const FittedTerms* builtin_terms(const Game& game);

// The cell White sees where colour c sees s: the mirror for Black, or the cell itself where the
// mirror is not a cell (Chess 66's switch fields lie on opposite sides of the board). Cell terms
// are kept from White's side and read through it.
Square white_view(const Geometry& geo, Color c, Square s);

struct EvalTables {
    std::shared_ptr<const Game> game;
    // Per type: value (middlegame, endgame) in centipawns, the expected number of moves on a
    // board of typical density (the value's basis) and the weight of each move above it.
    std::array<int, PIECE_TYPE_MAX> value_mg{}, value_eg{};
    std::array<int, PIECE_TYPE_MAX> mobility_mg{}, mobility_eg{};  // per move, in 1/16 cp
    std::array<int, PIECE_TYPE_MAX> average_moves16{};             // in 1/16 moves
    // Per type and number of moves a man has: its mobility term (the weight of each move above
    // the expected number, plus the fitted offset for that number).
    std::array<std::array<int16_t, SQUARE_MAX + 1>, PIECE_TYPE_MAX> mobility_term_mg{},
        mobility_term_eg{};
    std::array<int, PIECE_TYPE_MAX> attack_weight{};           // king attack, per attacker
    std::array<int, PIECE_TYPE_MAX> check_weight{};            // a safe check by the type
    std::array<int, PIECE_TYPE_MAX> threat_mg{}, threat_eg{};  // the type attacked
    std::array<double, PIECE_TYPE_MAX> sampled_mobility{};     // the derivation's measure
    // Piece-square terms per piece code and cell.
    std::array<std::array<int16_t, SQUARE_MAX>, PIECE_CODE_NB> psq_mg{}, psq_eg{};
    // Pawns: the cells ahead on its file, ahead on its file and the files beside (where an
    // enemy pawn stops it being passed), the cells of the neighbouring files, and how many
    // steps it still needs to promote.
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> front_file{}, front_span{};
    std::array<Bitboard, SQUARE_MAX> adjacent_files{};
    std::array<std::array<int8_t, SQUARE_MAX>, COLOR_NB> advance{};   // steps made from home
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> shield{};  // pawn cells guarding a king
    // A king's shelter: the cells ahead of it on its own file and on each file beside (by the
    // pawns' steps), and those of them within three king steps, where enemy pawns storm.
    std::array<std::array<std::array<Bitboard, 3>, SQUARE_MAX>, COLOR_NB> shelter_files{};
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> storm_zone{};
    std::array<Bitboard, SQUARE_MAX> king_zone{};
    // Outposts: the cells (from each side's view) four rows or more from home and not on the
    // enemy's back rank, and the types light enough to hold one (worth less than 400).
    std::array<Bitboard, COLOR_NB> outpost_zone{};
    std::array<uint8_t, PIECE_TYPE_MAX> outpost_type{};
    Bitboard light_cells = 0, dark_cells = 0;  // a two-coloured cell counts as neither
    Bitboard west_cells = 0;  // the files left of the centre (as White sees them): one flank
    // The cell a pawn of the colour would step to from the cell with a single step (two at a
    // Chess 66 switch; none where it has no step).
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> step_ahead{};
    // King steps between two cells (capped at 15), along the geometry's own steps.
    std::array<std::array<int8_t, SQUARE_MAX>, SQUARE_MAX> king_distance{};
    int phase_full = 1, phase_end = 0;  // non-pawn material bounds of the game phase
    // A player's view with face-down swans (Black Swan): the swan type (-1 if none), each tile
    // kind's expected value (the pieces it brings, by the rules library's probabilities), and
    // per cell the share (percent) of that value a swan there counts, by its steps to the zone
    // where it is turned over.
    int swan = -1;
    std::array<int, TILE_KINDS_MAX> tile_mg{}, tile_eg{};
    std::array<std::array<int8_t, SQUARE_MAX>, COLOR_NB> swan_share{};
    EvalWeights w{};
    // Per type: what the family's fitted terms add to its derived value (middlegame, endgame),
    // and to its cell terms per cell from White's side.
    std::array<int, PIECE_TYPE_MAX> offset_mg{}, offset_eg{};
    std::array<std::array<int16_t, SQUARE_MAX>, PIECE_TYPE_MAX> cell_offset_mg{}, cell_offset_eg{};
    // And to its mobility term per number of moves.
    std::array<std::array<int16_t, SQUARE_MAX + 1>, PIECE_TYPE_MAX> mobility_offset_mg{},
        mobility_offset_eg{};
    // And to the score of a side whose men attack the enemy king's zone, by their number and the
    // number of their moves into it; of a passed pawn by its colour and cell; of a man by its
    // type and that of an enemy man or pawn it attacks.
    std::array<std::array<int16_t, KING_HITS>, KING_ATTACKERS> king_attack_mg{}, king_attack_eg{};
    std::array<std::array<int16_t, SQUARE_MAX>, COLOR_NB> passer_offset_mg{}, passer_offset_eg{};
    std::array<std::array<int16_t, PIECE_TYPE_MAX>, PIECE_TYPE_MAX> threat_pair_mg{},
        threat_pair_eg{};
    // And of a man by its type and its side's number of pawns, and by its type when guarded.
    std::array<std::array<int16_t, PAWNS_MAX + 1>, PIECE_TYPE_MAX> pawns_mg{}, pawns_eg{};
    std::array<int16_t, PIECE_TYPE_MAX> defended_mg{}, defended_eg{};
    // What the weighted terms above are made from (read only by apply_weights): per type the
    // value before weights and the derived weight of one move; per cell from White's side a
    // man's extra reach there, the king's rows from home and distance from the centre, a
    // pawn's closeness to the central files.
    struct Basis {
        std::array<int, PIECE_TYPE_MAX> value_mg{}, value_eg{};
        std::array<double, PIECE_TYPE_MAX> per_move{};
        std::array<std::array<double, SQUARE_MAX>, PIECE_TYPE_MAX> extra_reach{};
        std::array<int, SQUARE_MAX> king_rows{};
        std::array<double, SQUARE_MAX> king_centre{}, pawn_central{};
    } basis;
};

extern const EvalWeights DEFAULT_WEIGHTS;

// Sets the weights of tables and everything computed from them (values, cell terms, mobility,
// attack and threat weights). The tuner's way to try weights; eval_tables() applies the
// family's fitted terms, or the defaults.
void apply_weights(EvalTables& t, const EvalWeights& w);
// Sets the offsets the terms name (others 0), then the weights. A type, cell or number the game
// does not have is an error that names it.
void apply_terms(EvalTables& t, const FittedTerms& terms);

// The tables of a game, built on first use and kept (thread-safe).
std::shared_ptr<const EvalTables> eval_tables(const std::shared_ptr<const Game>& game);

// The terms that depend on the pawns' cells alone, kept by both sides' pawn sets: a search
// meets the same few structures again and again. Each entry holds its whole key, so a hit is
// always the structure asked for. One per thread, serving one EvalTables: whoever changes the
// tables empties it.
class PawnCache {
  public:
    struct Entry {
        Bitboard white = 0, black = 0;  // the key (zeroed: the pawnless structure, terms 0)
        // Per side: pawns far enough advanced for the terms that also read the men and kings.
        std::array<Bitboard, COLOR_NB> far_passers{};
        std::array<int, COLOR_NB> mg{}, eg{};
        int passers = 0;           // both sides'
        bool both_flanks = false;  // pawns both west of the centre file and on it or east of it
    };
    PawnCache() : entries_(SIZE) {}
    void clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }
    Entry& slot(Bitboard white, Bitboard black) {
        return entries_[hash_pair(white, black) >> (64 - BITS)];
    }

  private:
    static constexpr int BITS = 11;
    static constexpr size_t SIZE = size_t(1) << BITS;
    std::vector<Entry> entries_;
};

// What the fit needs to know of an evaluation beyond its value: which offsets of FittedTerms
// count for which side, besides the value and cell ones the board shows. Each is the colour
// whose score it adds to and its two indices: a man's type and number of moves, a side's
// attackers and moves into the king's zone (capped as counted), a passed pawn's cell from
// White's side (and 0), a man's type and the type it attacks, a man's type and its side's
// pawns (capped), a guarded man's type (and 0).
struct EvalTrace {
    struct Feature {
        Color colour;
        int a, b;
    };
    std::vector<Feature> mobility, king_attacks, passers, threats, pawns, defended;
};

// The static evaluation from the side to move's point of view, in centipawns. With a cache, the
// pawn structure's terms come from it when it holds them (the value is the same either way).
// With a trace, the features it lists are added to it (and the pawn cache is not read).
int evaluate(const Position& pos, const EvalTables& t, PawnCache* pawns = nullptr,
             EvalTrace* trace = nullptr);
// What a network that sees only the board leaves out (Black Swan's view): the pieces an event or
// a promotion brought that the side to move still owes placing. From the side to move's view.
int chance_terms(const Position& pos, const EvalTables& t);

}  // namespace menagerie::engine
