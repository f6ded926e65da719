// `menagerie train`: fits a network to datagen's positions (docs/engine.md, "Training").
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <optional>

#include "app/command_line.h"
#include "app/commands.h"
#include "core/error.h"
#include "learn/fit_terms.h"
#include "learn/trainer.h"

namespace menagerie {
namespace {

// The flags train and fit share: the data, the target's blend and the share held out (`held_out`
// names the command's own default).
template <class Settings>
void add_data_flags(CLI::App& app, Settings& s, const std::string& out_help,
                    const std::string& held_out) {
    app.add_option("--data", s.data, "data files of one family (datagen --out)")->required();
    app.add_option("--out", s.out, out_help)->required();
    app.add_option("--lambda", s.lambda,
                   "weight of the search's score in the target, the rest the result (default 0.75)")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--validation", s.validation,
                   "share of games held out (default " + held_out + ")")
        ->check(CLI::Range(0.0, 0.5));
}

}  // namespace

int run_train(int argc, char** argv) {
    CLI::App app{"menagerie train: fit an evaluation network to datagen's positions"};
    app.name("menagerie train");
    learn::TrainSettings s;
    add_data_flags(app, s, "the network file to write", "0.02");
    app.add_option("--hidden", s.hidden, "hidden units per perspective (default 256)")
        ->check(CLI::Range(32, 512));
    app.add_option("--epochs", s.epochs, "passes over the data (default 20)")
        ->check(CLI::Range(1, 1000));
    app.add_option("--batch", s.batch, "positions per step (default 16384)")
        ->check(CLI::Range(1, 1 << 22));
    app.add_option("--lr", s.learning_rate, "Adam's learning rate at the start (default 0.001)")
        ->check(CLI::Range(1e-6, 1.0));
    app.add_option("--decay", s.weight_decay,
                   "decoupled weight decay of the first layer per step, times the rate (default 0)")
        ->check(CLI::Range(0.0, 10.0));
    app.add_flag("--mirror", s.mirror,
                 "also train on each position mirrored left to right (boards where every cell "
                 "has a mirror image)");
    app.add_flag("--correction", s.correction,
                 "learn a correction added to the hand-made evaluation, not the whole of it");
    app.add_option("--threads", s.threads, "threads (default 2)")->check(CLI::Range(1, 256));
    app.add_option("--seed", s.seed, "seed of the initial weights and the order (default 1)");
    app.add_option("--min-ply", s.max_ply_skip, "leave out positions before this ply")
        ->check(CLI::Range(0, 1000));
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "train: "))
        return *status;
    const learn::TrainReport r = learn::train(s, std::cout);
    std::cout << "positions " << r.positions << "\nloss " << r.train_loss.back() << "\nheld out "
              << r.validation_loss.back() << "\n";
    return 0;
}

int run_fit(int argc, char** argv) {
    CLI::App app{"menagerie fit: fit the hand-made evaluation's terms to datagen's positions"};
    app.name("menagerie fit");
    learn::FitSettings s;
    add_data_flags(app, s, "the terms file to write (nets/NAME.terms)", "0.1");
    app.add_option("--rounds", s.rounds, "linearisations (default 3)")->check(CLI::Range(1, 100));
    app.add_option("--steps", s.steps, "gradient steps per round (default 400)")
        ->check(CLI::Range(1, 100000));
    app.add_option("--positions", s.max_positions, "at most this many positions (default 1500000)");
    app.add_option("--threads", s.threads, "threads (default 2)")->check(CLI::Range(1, 256));
    app.add_option("--from", s.from, "a terms file to start from (default: the built-in terms)");
    // The sparse kinds (docs/engine.md, "Fitted terms"): each fitted where the data holds its
    // feature at least N times, none by default.
    auto sparse = [&](const std::string& flag, int& min, const std::string& what) {
        app.add_option(flag, min,
                       "also fit an offset for " + what +
                           " where the data holds it this often (default 0: not)")
            ->check(CLI::Range(0, 1 << 30));
    };
    sparse("--cells", s.cell_min, "each type on each cell");
    sparse("--mobility", s.mobility_min, "each type by its number of moves");
    sparse("--king-attack", s.king_attack_min,
           "each number of men attacking the enemy king's zone and of their moves into it");
    sparse("--passers", s.passer_min, "a passed pawn on each cell");
    sparse("--threats", s.threat_min, "each type attacking each type of enemy man or pawn");
    sparse("--pawns", s.pawns_min, "each type by its side's number of pawns");
    sparse("--defended", s.defended_min, "each type when an own man or pawn guards it");
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "fit: "))
        return *status;
    const learn::FitReport r = learn::fit_terms(s, std::cout);
    std::cout << std::setprecision(6) << "held out " << r.start_held_out << " -> "
              << std::min(r.start_held_out, *std::min_element(r.held_out.begin(), r.held_out.end()))
              << "\n";
    return 0;
}

}  // namespace menagerie
