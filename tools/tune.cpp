// menagerie_tune: Texel-style tuning of the evaluation's piece values from played games.
//
//   menagerie_tune GAMES.pgn...        (PGN as `menagerie match --pgn` writes it)
//
// Method (docs/engine.md, "Tuning"): every game is read with the PGN reader (so its game is the
// one its tags name: Variant, VariantOptions and the Dice of Chess 56 / 2016); a game that
// repeats another move for move is read once. Every position
// from ply 8 on that is quiet (no check, no pending choice, no capture that wins material by
// exchange) is a sample labelled with the game's result from White's side (1, 1/2, 0). The
// predicted result is sigmoid(K · eval / 400) with eval the static evaluation from White's side;
// the error is the mean squared difference. One game in five is held out: its positions are
// never tuned on, only measured. K is fitted first on the training positions (a scan); then each
// piece type, by name across all games, gets an offset moved in steps of 4 centipawns, one type
// at a time, as long as the training error falls (coordinate descent), the change applied to the
// type's value and to its term on every cell. Only types whose numbers differ between the sides
// in at least 300 training positions are tuned (elsewhere a value cannot be learnt), and no
// offset goes beyond 40 centipawns. A pass whose offsets do not also lower the held-out
// error is undone and ends the descent. The offsets are printed in the form of
// `TUNED_OFFSETS` in src/engine/eval_tables.cpp (relative to the values the engine plays with
// now), with both errors before and after.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
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
};

bool quiet(Position& pos) {
    if (pos.checkers() || pos.pending() != NO_PENDING) return false;
    MoveList list;
    generate_pseudo_legal(pos, list, Stage::Captures);
    for (Move m : list)
        if (pos.see(m) > 0 && legal(pos, m)) return false;
    return true;
}

double error(const std::vector<Sample>& samples, double k) {
    double sum = 0;
    for (const Sample& s : samples) {
        const int v = engine::evaluate(*s.pos, *s.tables);
        const double white = s.pos->side_to_move() == WHITE ? v : -v;
        const double predicted = 1 / (1 + std::pow(10.0, -k * white / 400));
        sum += (s.result - predicted) * (s.result - predicted);
    }
    return sum / static_cast<double>(std::max<size_t>(samples.size(), 1));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: menagerie_tune GAMES.pgn...\n";
        return 2;
    }
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    // One copy of the tables per game (by its FEN-level identity: name and options), tuned in
    // place; the games themselves are kept alive by the tables.
    std::map<std::string, std::shared_ptr<engine::EvalTables>> tables;
    std::vector<Sample> train, held_out;
    size_t games = 0, skipped = 0, duplicates = 0;
    std::set<std::string> seen;
    for (int i = 1; i < argc; ++i) {
        std::vector<PgnText> texts;
        try {
            texts = split_pgn(read_pgn_file(argv[i]));
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
                std::cerr << argv[i] << ": skipped: " << e.what() << "\n";
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
            if (!t)
                t = std::make_shared<engine::EvalTables>(
                    *engine::eval_tables(positions.front()->game_ptr()));
            std::vector<Sample>& into = games++ % 5 == 4 ? held_out : train;
            for (auto& pos : positions)
                if (quiet(*pos)) into.push_back({pos, t.get(), result});
        }
    }
    if (train.empty() || held_out.empty()) {
        std::cerr << "error: too few quiet positions with a result in the games\n";
        return 2;
    }
    double k = 1, best_error = 1e9;
    for (double x = 0.2; x <= 3.0; x += 0.05)
        if (const double e = error(train, x); e < best_error) best_error = e, k = x;
    const double held_before = error(held_out, k), train_before = best_error;
    std::printf(
        "%zu games (%zu skipped, %zu duplicates), %zu positions to tune on, %zu held out, K %.2f\n",
        games, skipped, duplicates, train.size(), held_out.size(), k);
    std::printf("error before: train %.6f, held out %.6f\n", train_before, held_before);

    // The piece types by name over every game (kings have no value to tune) that the games can
    // teach: a value only counts where the sides have different numbers of the type, so a type
    // is tuned only if that holds in at least MIN_INFORMATIVE training positions. Offsets stay
    // within MAX_OFFSET of the derived values.
    constexpr size_t MIN_INFORMATIVE = 300;
    constexpr int MAX_OFFSET = 40;
    std::map<std::string, size_t> informative;
    for (const Sample& smp : train) {
        const Game& g = smp.pos->game();
        for (int type = 0; type < static_cast<int>(g.types.size()); ++type)
            if (!g.types[type].royal &&
                popcount(smp.pos->pieces(WHITE, type)) != popcount(smp.pos->pieces(BLACK, type)))
                ++informative[g.types[type].name];
    }
    std::set<std::string> names;
    for (const auto& [name, count] : informative)
        if (count >= MIN_INFORMATIVE) names.insert(name);
    std::printf("tuned types (positions where the sides' numbers differ):");
    for (const std::string& name : names) std::printf(" %s %zu", name.c_str(), informative[name]);
    std::printf("\n");
    std::map<std::string, int> offset;
    auto shift = [&](const std::string& name, int delta) {
        for (auto& [id, t] : tables)
            for (int type = 0; type < static_cast<int>(t->game->types.size()); ++type) {
                if (t->game->types[type].name != name) continue;
                t->value_mg[type] += delta, t->value_eg[type] += delta;
                for (Color c : {WHITE, BLACK}) {
                    for (auto& v : t->psq_mg[make_piece_code(c, type)])
                        v = static_cast<int16_t>(v + delta);
                    for (auto& v : t->psq_eg[make_piece_code(c, type)])
                        v = static_cast<int16_t>(v + delta);
                }
            }
        offset[name] += delta;
    };
    double held_best = held_before;
    for (int pass = 0; pass < 16; ++pass) {
        const std::map<std::string, int> before = offset;
        const double train_pass_start = best_error;
        for (const std::string& name : names)
            for (int delta : {4, -4}) {
                if (std::abs(offset[name] + delta) > MAX_OFFSET) continue;
                shift(name, delta);
                if (const double e = error(train, k); e < best_error) {
                    best_error = e;
                    break;
                }
                shift(name, -delta);
            }
        const double held = error(held_out, k);
        std::printf("pass %d: train %.6f, held out %.6f\n", pass + 1, best_error, held);
        if (held >= held_best || best_error >= train_pass_start) {
            // No better on the positions it did not see: undo the pass and stop.
            for (const auto& [name, v] : offset)
                shift(name, before.count(name) ? before.at(name) - v : -v);
            best_error = train_pass_start;
            break;
        }
        held_best = held;
    }
    std::printf("error after: train %.6f, held out %.6f\n", error(train, k), error(held_out, k));
    std::printf("offsets (TUNED_OFFSETS, centipawns added to the value and every cell term):\n");
    for (const auto& [name, v] : offset)
        if (v != 0) std::printf("    {\"%s\", %d},\n", name.c_str(), v);
    return 0;
}
