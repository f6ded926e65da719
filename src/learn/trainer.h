// The network trainer (docs/engine.md, "Training"): fits a family's network (engine/nnue.h) to
// datagen's positions by gradient descent, then writes it quantised.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace menagerie::learn {

struct TrainSettings {
    std::vector<std::string> data;  // files of one family
    std::string out;                // the network file written
    int hidden = 256;
    int epochs = 20;
    int batch = 16384;
    double learning_rate = 0.001;
    // The target is lambda x the win chance the search's score gives, plus (1 - lambda) x the
    // game's result.
    double lambda = 0.75;
    double validation = 0.02;  // the share of games held out to measure the fit
    // Decoupled (AdamW) decay of the first layer's weights per step, times the rate.
    double weight_decay = 0;
    // Train a correction of the hand-made evaluation (its output added to it) rather than the
    // whole evaluation.
    bool correction = false;
    int threads = 2;
    uint64_t seed = 1;
    int max_ply_skip = 0;  // positions before this ply are left out
    // Also train on each training position mirrored left to right (files reversed), on boards
    // where every cell has such a mirror: the same position's value, seen in a looking glass.
    bool mirror = false;
};

struct TrainReport {
    size_t positions = 0, held_out = 0;
    double scale = 0;  // centipawns per unit of the win chance's logistic: p = 1/(1+e^(-cp/scale))
    std::vector<double> train_loss, validation_loss;  // per epoch
    int best_epoch = 0;                               // the one written: the lowest held-out loss
    double quantised_validation_loss = 0;  // the written network's, through the engine's code
    double terms_validation_loss = 0;      // the hand-made evaluation's, on the same positions
};

// Trains and writes settings.out; progress goes to `log`. Throws Error for unreadable data or
// files of different families.
TrainReport train(const TrainSettings& settings, std::ostream& log);

}  // namespace menagerie::learn
