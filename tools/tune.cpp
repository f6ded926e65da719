// menagerie_tune: Texel-style tuning of the evaluation's weights (and piece values) from games.
//
//   menagerie_tune [--values] [--every N] [--passes N] [--favour NAME]... GAMES.pgn...
//
// Method (docs/engine.md, "Tuning"): every game is read with the PGN reader (so its game is the
// one its tags name: Variant, VariantOptions and the Dice of Chess 56 / 2016); a game that
// repeats another move for move is read once. Every position from ply 8 on that is quiet (no
// check, no pending choice, no capture that wins material by exchange) is a sample labelled
// with the game's result from White's side (1, 1/2, 0); `--every N` keeps one quiet position in
// N (memory and time), and the games of a variant or a player named by `--favour` count twice.
// The predicted result is sigmoid(K · eval / 400) with eval the static evaluation from White's
// side; the error is the weighted mean squared difference. One game in five is held out: its
// positions are never tuned on, only measured. K is fitted first on the training positions (a
// scan). The parameters are the scalar weights of EvalWeights (the same for every game) and,
// with `--values`, an offset per piece type name (applied to the type's value and to its term
// on every cell; only types whose numbers differ between the sides in at least 300 training
// positions, within ±40 centipawns). Each pass moves every parameter one step (a tenth of its
// default; 4 cp for an offset) the way that lowers the training error, within bounds (see
// below); a pass that does not also lower the held-out error is undone and ends the descent.
// The weights are printed in the form of DEFAULT_WEIGHTS and the offsets in the form of
// TUNED_OFFSETS (src/engine/eval_tables.cpp), relative to what the engine plays with now.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/movegen.h"
#include "engine/eval.h"
#include "games/games.h"
#include "notation/pgn.h"

using namespace menagerie;

namespace {

struct Sample {
    std::shared_ptr<Position> pos;
    const engine::EvalTables* tables;
    double result;
    double weight;
};

bool quiet(Position& pos) {
    if (pos.checkers() || pos.pending() != NO_PENDING) return false;
    MoveList list;
    generate_pseudo_legal(pos, list, Stage::Captures);
    for (Move m : list)
        if (pos.see(m) > 0 && legal(pos, m)) return false;
    return true;
}

// The weighted mean squared error, on two threads (each half of the samples).
double error(const std::vector<Sample>& samples, double k) {
    auto part = [&](size_t from, size_t to, std::pair<double, double>& out) {
        double sum = 0, weights = 0;
        for (size_t i = from; i < to; ++i) {
            const Sample& s = samples[i];
            const int v = engine::evaluate(*s.pos, *s.tables);
            const double white = s.pos->side_to_move() == WHITE ? v : -v;
            const double predicted = 1 / (1 + std::pow(10.0, -k * white / 400));
            sum += s.weight * (s.result - predicted) * (s.result - predicted);
            weights += s.weight;
        }
        out = {sum, weights};
    };
    std::pair<double, double> a, b;
    const size_t half = samples.size() / 2;
    std::thread other(part, half, samples.size(), std::ref(b));
    part(0, half, a);
    other.join();
    return (a.first + b.first) / std::max(a.second + b.second, 1e-9);
}

// Every member of EvalWeights by name, in declaration order.
std::vector<std::pair<std::string, int engine::EvalWeights::*>> weight_members() {
    using W = engine::EvalWeights;
#define MEMBER(m) \
    { #m, &W::m }
    return {MEMBER(pawn_mg),          MEMBER(pawn_eg),           MEMBER(mobility_mg),
            MEMBER(mobility_eg),      MEMBER(cell_mg),           MEMBER(cell_eg),
            MEMBER(king_row_mg),      MEMBER(king_centre_eg),    MEMBER(pawn_step_mg),
            MEMBER(pawn_central_mg),  MEMBER(pawn_step_eg),      MEMBER(attack_value),
            MEMBER(attack_cell),      MEMBER(check_value),       MEMBER(safe_check),
            MEMBER(shield),           MEMBER(threat_mg),         MEMBER(threat_eg),
            MEMBER(threat_value_mg),  MEMBER(threat_value_eg),   MEMBER(hanging_mg),
            MEMBER(hanging_eg),       MEMBER(hanging_pawn_mg),   MEMBER(hanging_pawn_eg),
            MEMBER(pawn_attacked_mg), MEMBER(pawn_attacked_eg),  MEMBER(rook_open_mg),
            MEMBER(rook_open_eg),     MEMBER(rook_semi_mg),      MEMBER(rook_semi_eg),
            MEMBER(bishop_pair_mg),   MEMBER(bishop_pair_eg),    MEMBER(passed_mg),
            MEMBER(passed_mg2),       MEMBER(passed_eg),         MEMBER(passed_eg1),
            MEMBER(passed_eg2),       MEMBER(passer_their_king), MEMBER(passer_own_king),
            MEMBER(passer_free_mg),   MEMBER(passer_free_eg),    MEMBER(passer_path_mg),
            MEMBER(passer_path_eg),   MEMBER(doubled_mg),        MEMBER(doubled_eg),
            MEMBER(isolated_mg),      MEMBER(isolated_eg),       MEMBER(tempo)};
#undef MEMBER
}

}  // namespace

int main(int argc, char** argv) {
    const char* usage =
        "usage: menagerie_tune [--values] [--every N] [--passes N] [--favour VARIANT] "
        "GAMES.pgn...\n";
    bool tune_values = false;
    size_t every = 1;
    int max_passes = 16;
    std::set<std::string> favoured;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        try {
            if (arg == "--values") {
                tune_values = true;
            } else if (arg == "--every" && i + 1 < argc) {
                every = std::max<size_t>(1, std::stoul(argv[++i]));
            } else if (arg == "--passes" && i + 1 < argc) {
                max_passes = std::stoi(argv[++i]);
            } else if (arg == "--favour" && i + 1 < argc) {
                favoured.insert(argv[++i]);
            } else if (arg.starts_with("--")) {
                std::cerr << "error: unknown option " << arg << "\n" << usage;
                return 2;
            } else {
                files.push_back(arg);
            }
        } catch (const std::exception&) {
            std::cerr << "error: bad number after " << arg << "\n" << usage;
            return 2;
        }
    }
    if (files.empty()) {
        std::cerr << usage;
        return 2;
    }
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    // One copy of the tables per game (by its FEN-level identity: name and options), tuned in
    // place; the games themselves are kept alive by the tables.
    std::map<std::string, std::shared_ptr<engine::EvalTables>> tables;
    std::map<std::string, std::shared_ptr<const engine::EvalTables>> originals;
    std::vector<Sample> train, held_out;
    size_t games = 0, skipped = 0, duplicates = 0, quiet_seen = 0;
    std::set<std::string> seen;
    for (const std::string& file : files) {
        std::vector<PgnText> texts;
        try {
            texts = split_pgn(read_pgn_file(file));
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return 2;
        }
        for (const PgnText& text : texts) {
            std::vector<std::shared_ptr<Position>> positions;
            PgnGame g;
            try {
                g = parse_pgn(
                    text, resolve,
                    [&](const PgnGame& so_far, const Position& before, Move, const std::string&) {
                        if (so_far.moves.size() >= 8)
                            positions.push_back(std::make_shared<Position>(before));
                    });
            } catch (const std::exception& e) {
                std::cerr << file << ": skipped: " << e.what() << "\n";
                ++skipped;
                continue;
            }
            const double result = g.result == "1-0"       ? 1
                                  : g.result == "0-1"     ? 0
                                  : g.result == "1/2-1/2" ? 0.5
                                                          : -1;
            if (result < 0 || positions.empty()) continue;
            // Engines at fixed nodes play the same game again from the same start: a game
            // counts once, or a game that repeats would weigh as many.
            std::string key = g.start_fen + " " + g.result;
            for (const std::string& san : g.san) key += " " + san;
            if (!seen.insert(key).second) {
                ++duplicates;
                continue;
            }
            const Game& game = positions.front()->game();
            std::string id = game.name;
            for (const auto& [k, v] : game.options) id += " " + k + "=" + v;
            auto& t = tables[id];
            if (!t) {
                originals[id] = engine::eval_tables(positions.front()->game_ptr());
                t = std::make_shared<engine::EvalTables>(*originals[id]);
            }
            // Favoured games (by variant name or a player's name) count twice.
            const auto tag = [&](const std::string& name) {
                const auto it = g.tags.find(name);
                return it == g.tags.end() ? std::string() : it->second;
            };
            const bool favour = favoured.count(game.name) || favoured.count(tag("White")) ||
                                favoured.count(tag("Black"));
            std::vector<Sample>& into = games++ % 5 == 4 ? held_out : train;
            for (auto& pos : positions)
                if (quiet(*pos) && quiet_seen++ % every == 0)
                    into.push_back({pos, t.get(), result, favour ? 2.0 : 1.0});
        }
    }
    if (train.empty() || held_out.empty()) {
        std::cerr << "error: too few quiet positions with a result in the games\n";
        return 2;
    }
    // K: a coarse scan, then a finer one around its best.
    double k = 1, best_error = 1e9;
    for (double x = 0.2; x <= 3.0; x += 0.2)
        if (const double e = error(train, x); e < best_error) best_error = e, k = x;
    for (double x = k - 0.15; x <= k + 0.15; x += 0.05)
        if (const double e = error(train, x); e < best_error) best_error = e, k = x;
    const double held_before = error(held_out, k), train_before = best_error;
    std::printf(
        "%zu games (%zu skipped, %zu duplicates), %zu positions to tune on, %zu held out, K %.2f\n",
        games, skipped, duplicates, train.size(), held_out.size(), k);
    std::printf("error before: train %.6f, held out %.6f\n", train_before, held_before);
    std::fflush(stdout);

    // The parameters: every scalar weight of the evaluation (EvalWeights), and one offset per
    // piece type name over every game (kings have no value to tune) that the games can teach:
    // a value only counts where the sides have different numbers of the type, so a type is
    // tuned only if that holds in at least MIN_INFORMATIVE training positions. Offsets stay
    // within MAX_OFFSET of the derived values.
    constexpr size_t MIN_INFORMATIVE = 300;
    constexpr int MAX_OFFSET = 40;
    std::map<std::string, size_t> informative;
    for (const Sample& smp : train) {
        const Game& g = smp.pos->game();
        for (int type = 0; type < static_cast<int>(g.types.size()); ++type)
            if (!g.types[type].royal && !g.types[type].pawn &&
                popcount(smp.pos->pieces(WHITE, type)) != popcount(smp.pos->pieces(BLACK, type)))
                ++informative[g.types[type].name];
    }
    std::vector<std::string> names;
    if (tune_values)
        for (const auto& [name, count] : informative)
            if (count >= MIN_INFORMATIVE) names.push_back(name);
    engine::EvalWeights weights = engine::DEFAULT_WEIGHTS;
    std::map<std::string, int> offset;
    // Sets every table to the weights and offsets above.
    auto apply = [&] {
        for (auto& [id, t] : tables) {
            const engine::EvalTables& fresh = *originals.at(id);
            for (int type = 0; type < static_cast<int>(t->game->types.size()); ++type) {
                const auto it = offset.find(t->game->types[type].name);
                const int o = it == offset.end() ? 0 : it->second;
                t->basis.value_mg[type] = fresh.basis.value_mg[type] + o;
                t->basis.value_eg[type] = fresh.basis.value_eg[type] + o;
            }
            engine::apply_weights(*t, weights);
        }
    };
    struct Param {
        std::string name;
        int* value;
        int step;
        bool offset;  // a piece value's offset: bounded by MAX_OFFSET
    };
    std::vector<Param> params;
    for (const auto& [name, member] : weight_members())
        params.push_back({name, &(weights.*member),
                          std::max(1, std::abs(engine::DEFAULT_WEIGHTS.*member) / 10), false});
    for (const std::string& name : names) params.push_back({name, &offset[name], 4, true});
    std::printf("%zu parameters (%zu piece types:", params.size(), names.size());
    for (const std::string& name : names) std::printf(" %s %zu", name.c_str(), informative[name]);
    std::printf(")\n");
    std::fflush(stdout);

    double held_best = held_before;
    for (int pass = 0; pass < max_passes; ++pass) {
        const engine::EvalWeights weights_before = weights;
        const std::map<std::string, int> offsets_before = offset;
        const double train_pass_start = best_error;
        for (Param& p : params)
            for (int sign : {1, -1}) {
                // Move the parameter while the training error falls.
                bool moved = false;
                for (;;) {
                    if (p.offset && std::abs(*p.value + sign * p.step) > MAX_OFFSET) break;
                    *p.value += sign * p.step;
                    apply();
                    if (const double e = error(train, k); e < best_error) {
                        best_error = e, moved = true;
                        continue;
                    }
                    *p.value -= sign * p.step;
                    apply();
                    break;
                }
                if (moved) break;
            }
        const double held = error(held_out, k);
        std::printf("pass %d: train %.6f, held out %.6f\n", pass + 1, best_error, held);
        std::fflush(stdout);
        if (held >= held_best || best_error >= train_pass_start) {
            // No better on the positions it did not see: undo the pass and stop.
            weights = weights_before, offset = offsets_before;
            apply();
            best_error = train_pass_start;
            break;
        }
        held_best = held;
        // The weights so far, in case the run is stopped before it ends.
        std::printf("  weights:");
        for (const auto& [name, member] : weight_members())
            std::printf(" %s=%d", name.c_str(), weights.*member);
        std::printf("\n");
    }
    std::printf("error after: train %.6f, held out %.6f\n", error(train, k), error(held_out, k));
    std::printf("weights (DEFAULT_WEIGHTS in src/engine/eval_tables.cpp):\n");
    for (const auto& [name, member] : weight_members())
        std::printf("    .%s = %d,%s\n", name.c_str(), weights.*member,
                    weights.*member != engine::DEFAULT_WEIGHTS.*member ? "  // changed" : "");
    std::printf("offsets (TUNED_OFFSETS, centipawns added to the value and every cell term):\n");
    for (const auto& [name, v] : offset)
        if (v != 0) std::printf("    {\"%s\", %d},\n", name.c_str(), v);
    return 0;
}
