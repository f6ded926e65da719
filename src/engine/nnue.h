// The learnt evaluation: an efficiently updatable network per family of games (docs/engine.md,
// "The network"). Its inputs are the men, one feature per (colour relative to a perspective,
// piece type, cell seen from that perspective), which fits every board of the project; the
// two perspectives' hidden layers (accumulators) are sums of rows of the first weights, kept
// per ply and brought up to date from the nearest ply whose board differs in a few cells.
// Inference is in integers: accumulators in int16 (weights scaled by QA), the output layer
// squares the clipped accumulators (SCReLU) and weighs them by int16 weights scaled by QB.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie::engine::nnue {

constexpr int QA = 255, QB = 64;
constexpr int OUTPUT_SCALE = 400;  // centipawns per unit of the float network's output
constexpr int MAX_HIDDEN = 512;

// Which games a network serves: the board's id and the game's piece types, in order. Games
// that share it (Placement, Contemporary Random Chess and chess) share their network.
std::string family_of(const Game& game);

// How the men of a family's games become features.
struct FeatureMap {
    int types = 0, cells = 0;
    // The cell as Black sees it: the board's vertical mirror where it has one, else the cell
    // turned 180 degrees (Chess 66), so that each side sees its own army at the bottom.
    std::array<uint8_t, SQUARE_MAX> flip{};
    explicit FeatureMap(const Game& game);
    FeatureMap() = default;
    int features() const { return 2 * types * cells; }
    int index(Color perspective, Piece p, Square s) const {
        const int cell = perspective == WHITE ? s : flip[static_cast<size_t>(s)];
        const int theirs = color_of(p) != perspective;
        return (theirs * types + type_of(p)) * cells + cell;
    }
};

// A quantised network as stored (file format in docs/engine.md).
struct Network {
    std::string family;
    std::string description;  // how it was trained
    int features = 0, hidden = 0;
    // A correction: the network's output is added to the hand-made evaluation (it was trained on
    // what that evaluation misses), rather than being the whole evaluation.
    bool correction = false;
    std::vector<int16_t> w1;  // features x hidden, a row per feature
    std::vector<int16_t> b1;  // hidden
    std::vector<int16_t> w2;  // 2 x hidden: the side to move's half, then the other's
    int32_t b2 = 0;
};

// Reads a network file's bytes; throws Error (kind File) naming `source` and what is wrong.
Network parse_network(const std::string& bytes, const std::string& source);
std::string serialise(const Network& net);
Network load_network(const std::string& path);

// The network built into the program for the game's family, if there is one.
std::shared_ptr<const Network> builtin_network(const Game& game);

// The accumulators of one search thread, one entry per ply.
class Evaluator {
  public:
    Evaluator();
    // The network and map the next evaluations use; forgets every entry.
    void set(std::shared_ptr<const Network> net, const Game& game);
    bool active() const { return net_ != nullptr; }
    bool correction() const { return net_->correction; }
    // The network's evaluation of pos, the position at `ply` of the search, from the side to
    // move's view, in centipawns.
    int evaluate(const Position& pos, int ply);
    // From scratch (for checks and the trainer's tests).
    int evaluate_fresh(const Position& pos) const;

  private:
    struct alignas(64) Entry {
        std::array<std::array<int16_t, MAX_HIDDEN>, COLOR_NB> acc;
        std::array<Piece, SQUARE_MAX> board;
        bool valid = false;
    };
    void refresh(const Position& pos, Entry& e) const;
    int output(const Entry& e, Color stm) const;
    std::shared_ptr<const Network> net_;
    FeatureMap map_;
    std::vector<Entry> entries_;
};

}  // namespace menagerie::engine::nnue
