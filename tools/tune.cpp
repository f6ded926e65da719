// menagerie_tune: Texel-style tuning of the evaluation's piece values from played games.
//
//   menagerie_tune GAMES.pgn...        (PGN as `menagerie match --pgn` writes it)
//
// Method (docs/engine.md, "Tuning"): every position of every game from ply 8 on that is quiet
// (no check, no pending choice, no capture available that wins material by exchange) is a sample
// labelled with the game's result from White's side (1, 1/2, 0). The predicted result is
// sigmoid(K · eval / 400) with eval the static evaluation from White's side; the error is the
// mean squared difference. K is fitted first (a scan), then each piece type's value is moved in
// steps of 8 centipawns, one type at a time, as long as the error falls (coordinate descent),
// the change applied to the type's value and to its term on every cell. The tuned values and the
// errors before and after are printed; they are suggestions to check against the derivation
// (eval_tables.cpp), not written back.
#include <cmath>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "core/error.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "engine/eval.h"
#include "games/games.h"
#include "notation/fen.h"
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
    std::map<const Game*, std::shared_ptr<engine::EvalTables>> tables;
    std::vector<Sample> samples;
    try {
        for (int i = 1; i < argc; ++i)
            for (const PgnText& text : split_pgn(read_pgn_file(argv[i]))) {
                const PgnGame g = parse_pgn(text, resolve);
                const double result = g.result == "1-0"       ? 1
                                      : g.result == "0-1"     ? 0
                                      : g.result == "1/2-1/2" ? 0.5
                                                              : -1;
                if (result < 0) continue;
                Options options;  // VariantOptions: name=value separated by spaces
                if (g.tags.count("VariantOptions")) {
                    std::istringstream in(g.tags.at("VariantOptions"));
                    for (std::string kv; in >> kv;)
                        if (const auto eq = kv.find('='); eq != std::string::npos)
                            options[kv.substr(0, eq)] = kv.substr(eq + 1);
                }
                const auto game = resolve(
                    pgn_variant_name(g.tags.count("Variant") ? g.tags.at("Variant") : "chess"),
                    options);
                Position pos =
                    g.start_fen.empty() ? start_position(game) : parse_fen(game, g.start_fen);
                std::deque<StateInfo> states;
                for (size_t ply = 0; ply < g.moves.size(); ++ply) {
                    states.emplace_back();
                    pos.do_move(g.moves[ply], states.back());
                    if (ply < 8 || !quiet(pos)) continue;
                    auto& t = tables[&pos.game()];
                    if (!t)
                        t = std::make_shared<engine::EvalTables>(
                            *engine::eval_tables(pos.game_ptr()));
                    samples.push_back({std::make_shared<Position>(pos), t.get(), result});
                }
            }
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    if (samples.empty() || tables.empty()) {
        std::cerr << "error: no quiet positions with a result in the games\n";
        return 2;
    }
    double best_k = 1, best_error = 1e9;
    for (double k = 0.2; k <= 3.0; k += 0.05)
        if (const double e = error(samples, k); e < best_error) best_error = e, best_k = k;
    const double before = best_error;
    const Game& game = *tables.begin()->second->game;
    std::printf("%zu positions, K %.2f, error %.6f\n", samples.size(), best_k, before);
    auto shift = [&](int type, int delta) {
        for (auto& [g, t] : tables) {
            t->value_mg[type] += delta, t->value_eg[type] += delta;
            for (Color c : {WHITE, BLACK})
                for (auto& v : t->psq_mg[make_piece_code(c, type)])
                    v = static_cast<int16_t>(v + delta);
            for (Color c : {WHITE, BLACK})
                for (auto& v : t->psq_eg[make_piece_code(c, type)])
                    v = static_cast<int16_t>(v + delta);
        }
    };
    for (int pass = 0; pass < 8; ++pass) {
        bool improved = false;
        for (int type = 0; type < static_cast<int>(game.types.size()); ++type) {
            if (type == game.king) continue;
            for (int delta : {8, -8}) {
                shift(type, delta);
                if (const double e = error(samples, best_k); e < best_error) {
                    best_error = e, improved = true;
                    break;
                }
                shift(type, -delta);
            }
        }
        if (!improved) break;
    }
    std::printf("error after %.6f\n", best_error);
    const engine::EvalTables& t = *tables.begin()->second;
    const auto base = engine::eval_tables(t.game);
    for (int type = 0; type < static_cast<int>(game.types.size()); ++type)
        if (type != game.king)
            std::printf("%-12s %5d -> %5d\n", game.types[type].name.c_str(), base->value_mg[type],
                        t.value_mg[type]);
    return 0;
}
