// Fitting the hand-made evaluation's terms to datagen's positions (docs/engine.md, "Fitting the
// terms"): every weight of EvalWeights, each piece type's value and, if asked, each type's
// cell, mobility, king attack, passer, threat, pawn count and guard terms, for one family of
// games.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace menagerie::learn {

struct FitSettings {
    std::vector<std::string> data;  // files of one family
    std::string out;                // the terms file written (nets/*.terms)
    std::string from;               // a terms file to start from (else the built-in terms)
    double lambda = 0.75;           // as the trainer's target
    double validation = 0.1;        // share of games held out
    int rounds = 3;                 // linearisations
    int steps = 400;                // gradient steps per round
    int threads = 2;
    size_t max_positions = 1500000;  // a sample of the data, evenly spread, beyond this
    // Cell terms: each type's offset on each cell where the training positions hold it at least
    // this often (0: no cell terms fitted, those of the start kept).
    int cell_min = 0;
    // Mobility terms: each type's offset for each number of moves the training positions' men
    // of that type have at least this often (0: none fitted, those of the start kept).
    int mobility_min = 0;
    // King attack terms: an offset for each number of men attacking the enemy king's zone and of
    // their moves into it, seen at least this often (0: none fitted, those of the start kept).
    int king_attack_min = 0;
    // Passer terms: an offset for a passed pawn on each cell (from White's side); threat terms:
    // for a man of each type attacking an enemy man or pawn of each type. Each where the data
    // holds it at least this often (0: none fitted, those of the start kept).
    int passer_min = 0, threat_min = 0;
    // Pawn count terms: for a man of each type by its side's number of pawns; guard terms: for
    // a man of each type that an own man or pawn guards (same minimum rule).
    int pawns_min = 0, defended_min = 0;
};

struct FitReport {
    double scale = 0;
    double start_train = 0, start_held_out = 0;  // the terms in force before the fit
    std::vector<double> train, held_out;         // after each round, measured exactly
};

FitReport fit_terms(const FitSettings& settings, std::ostream& log);

}  // namespace menagerie::learn
