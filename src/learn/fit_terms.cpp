// The evaluation is not linear in its weights (the game phase blends two scores by material that
// the values themselves decide; cell terms are rounded), so each round linearises it around the
// weights in force: every position's evaluation and its slope along each parameter, by central
// differences (sparse terms, which are linear, by two slopes a position; see below).
// The loss of the linear model (the trainer's: squared distance of the win chance
// to the target) is then minimised by full-batch gradient descent with a ridge that keeps each
// parameter near where it was, the parameters are rounded to whole numbers, and the next round
// measures the exact loss again.
#include "learn/fit_terms.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <thread>

#include "core/error.h"
#include "engine/eval.h"
#include "engine/nnue.h"
#include "learn/training_data.h"

namespace menagerie::learn {

namespace {

struct Parameter {
    // A weight's name, or an offset's (FittedTerms) followed by mg or eg.
    std::string name;
    int engine::EvalWeights::*field = nullptr;
    std::string offset;  // an offset's name
    bool endgame = false;
    double step = 1;   // of the central difference (a sparse term's: its unit in the descent)
    double bound = 1;  // how far one round may move it
};

// The terms being fitted. An offset read before it is set is added as 0 (no change to the
// evaluation); zero offsets are left out of the file written.
struct Terms {
    engine::FittedTerms t;
    std::pair<int, int>* slot(const Parameter& p) { return &t.offsets[p.offset]; }
    double get(const Parameter& p) {
        if (p.field) return t.weights.*(p.field);
        return p.endgame ? slot(p)->second : slot(p)->first;
    }
    void set(const Parameter& p, int v) {
        if (p.field)
            t.weights.*(p.field) = v;
        else
            (p.endgame ? slot(p)->second : slot(p)->first) = v;
    }
};

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

}  // namespace

FitReport fit_terms(const FitSettings& settings, std::ostream& log) {
    if (settings.data.empty()) throw Error(ErrorKind::Usage, "--data", "give training data");
    const auto began = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    // The positions (a spread sample when there are many), with targets and held-out flags.
    std::shared_ptr<const Game> game;
    std::vector<TrainingPosition> positions;
    std::vector<uint8_t> held;
    size_t total = 0;
    for (const std::string& path : settings.data)
        for_each_game(path, [&](const DataHeader& h, uint32_t, auto& block) {
            total += block.size();
            (void)h;
        });
    const double keep = std::min(1.0, static_cast<double>(settings.max_positions) /
                                          static_cast<double>(std::max<size_t>(total, 1)));
    double carry = 0;
    for (const std::string& path : settings.data) {
        for_each_game(path, [&](const DataHeader& h, uint32_t number, auto& block) {
            if (!game) game = game_of(h);
            if (engine::nnue::family_of(*game_of(h)) != engine::nnue::family_of(*game))
                throw Error(ErrorKind::File, "--data",
                            menagerie::quoted(path) + " holds " + h.variant +
                                ", whose men and board differ from " + game->name + "'s");
            const uint64_t mix =
                (uint64_t(number) * 64 + static_cast<uint64_t>(&path - &settings.data[0])) *
                    0x9E3779B97F4A7C15ull >>
                40;
            const bool out = static_cast<double>(mix % 10000) < settings.validation * 10000;
            for (TrainingPosition& p : block) {
                carry += keep;
                if (carry < 1) continue;
                carry -= 1;
                positions.push_back(std::move(p));
                held.push_back(out);
            }
        });
    }
    if (positions.empty()) throw Error(ErrorKind::File, "--data", "the data holds no position");
    const size_t n = positions.size();
    std::vector<float> score(n), result(n);
    for (size_t i = 0; i < n; ++i) {
        const TrainingPosition& p = positions[i];
        score[i] = p.score;
        const float white = (p.result + 1) / 2.0f;
        result[i] = p.side_to_move == WHITE ? white : 1 - white;
    }
    // The logistic scale, as the trainer fits it.
    double scale = 0;
    {
        auto error = [&](double k) {
            double e = 0;
            for (size_t i = 0; i < n; i += std::max<size_t>(1, n / 200000))
                e += std::pow(sigmoid(score[i] / k) - result[i], 2);
            return e;
        };
        double lo = 30, hi = 2000;
        for (int i = 0; i < 60; ++i) {
            const double a = hi - 0.618 * (hi - lo), b = lo + 0.618 * (hi - lo);
            if (error(a) < error(b))
                hi = b;
            else
                lo = a;
        }
        scale = (lo + hi) / 2;
    }
    std::vector<float> target(n);
    for (size_t i = 0; i < n; ++i)
        target[i] = static_cast<float>(settings.lambda * sigmoid(score[i] / scale) +
                                       (1 - settings.lambda) * result[i]);

    // The parameters: every weight, and the value of each type that is neither royal, a pawn
    // nor face down, and on a player's view an offset to a face-down swan's expectation (its
    // type's value offset); then, if asked, the sparse terms.
    const engine::FittedTerms* built_in = engine::builtin_terms(*game);
    Terms terms;
    if (!settings.from.empty()) {
        terms.t = engine::read_terms(settings.from, "--from");
        if (terms.t.family != engine::nnue::family_of(*game))
            throw Error(ErrorKind::File, "--from",
                        menagerie::quoted(settings.from) + " holds the terms of " +
                            menagerie::quoted(terms.t.family) + ", not of the data's family " +
                            menagerie::quoted(engine::nnue::family_of(*game)));
    } else if (built_in) {
        terms.t = *built_in;
    } else {
        terms.t.weights = engine::DEFAULT_WEIGHTS;
    }
    Terms start = terms;
    std::vector<Parameter> params;
    for (const engine::WeightField& f : engine::WEIGHT_FIELDS) {
        const double v = std::abs(terms.t.weights.*(f.field));
        params.push_back({f.name, f.field, "", false, std::max(2.0, v / 8), std::max(4.0, v / 2)});
    }
    const auto base = engine::eval_tables(game);
    const int types = static_cast<int>(game->men.types.size());
    for (int t = 0; t < types; ++t) {
        const PieceType& pt = game->men.types[t];
        if (t != base->swan && (pt.royal || pt.pawn || game->chance.face_down(t))) continue;
        for (bool eg : {false, true})
            params.push_back({"value " + pt.name + (eg ? " eg" : " mg"), nullptr,
                              "value " + pt.name, eg, 8, 60});
    }
    const size_t dense = params.size();
    // The sparse terms (every kind of offset but the values) are linear in the evaluation: the
    // slope along one is the number of times it counts for White less for Black, times how much a
    // White man's middlegame (or endgame) term moves the evaluation, which is the same for every
    // term of a position. Each position keeps the terms that count in it (sparse) and those two
    // slopes. A term is fitted where the training positions hold it at least its kind's minimum
    // number of times.
    const Geometry& geo = game->geometry;
    // A kind's offsets have one or two indices, each a type, a cell or a number.
    enum class Index { Type, Cell, Number, None };
    struct Kind {
        std::string name;
        int min;
        Index a;
        int rows;
        Index b;
        int columns;
    };
    const std::array<Kind, 7> kinds{{
        {"cell", settings.cell_min, Index::Type, types, Index::Cell, SQUARE_MAX},
        {"mobility", settings.mobility_min, Index::Type, types, Index::Number, SQUARE_MAX + 1},
        {"king_attack", settings.king_attack_min, Index::Number, engine::KING_ATTACKERS,
         Index::Number, engine::KING_HITS},
        {"passer", settings.passer_min, Index::Cell, SQUARE_MAX, Index::None, 1},
        {"threat", settings.threat_min, Index::Type, types, Index::Type, types},
        {"pawns", settings.pawns_min, Index::Type, types, Index::Number, engine::PAWNS_MAX + 1},
        {"defended", settings.defended_min, Index::Type, types, Index::None, 1},
    }};
    std::array<size_t, kinds.size() + 1> first_key{};
    for (size_t k = 0; k < kinds.size(); ++k)
        first_key[k + 1] = first_key[k] + static_cast<size_t>(kinds[k].rows * kinds[k].columns);
    auto key_of = [&](size_t kind, int a, int b) {
        return first_key[kind] + static_cast<size_t>(a * kinds[kind].columns + b);
    };
    std::vector<int> feature_slot(first_key.back(), -1);
    std::vector<uint32_t> men_begin(n + 1, 0);
    std::vector<std::pair<int32_t, int8_t>> men;  // term slot, +1 for White, -1 for Black
    const bool sparse =
        std::any_of(kinds.begin(), kinds.end(), [](const Kind& k) { return k.min > 0; });
    // Calls f(key, +1 or -1) for each sparse term that counts in position i.
    auto for_each_feature = [&](size_t i, auto&& f) {
        const Position pos = position_of(game, positions[i]);
        auto sign = [](Color c) { return c == WHITE ? 1 : -1; };
        if (kinds[0].min > 0)
            for (Bitboard b = pos.pieces(); b;) {
                const Square s = pop_lsb(b);
                const Piece pc = pos.piece_on(s);
                f(key_of(0, type_of(pc), engine::white_view(geo, color_of(pc), s)),
                  sign(color_of(pc)));
            }
        engine::EvalTrace trace;
        engine::evaluate(pos, *base, nullptr, &trace);
        const std::array<const std::vector<engine::EvalTrace::Feature>*, kinds.size() - 1> traced{
            &trace.mobility, &trace.king_attacks, &trace.passers,
            &trace.threats,  &trace.pawns,        &trace.defended};
        for (size_t k = 1; k < kinds.size(); ++k)
            if (kinds[k].min > 0)
                for (const auto& x : *traced[k - 1]) f(key_of(k, x.a, x.b), sign(x.colour));
    };
    if (sparse) {
        std::vector<size_t> count(feature_slot.size(), 0);
        for (size_t i = 0; i < n; ++i)
            if (!held[i]) for_each_feature(i, [&](size_t key, int) { ++count[key]; });
        auto index_name = [&](Index index, int i) {
            return index == Index::Type     ? " " + game->men.types[i].name
                   : index == Index::Cell   ? " " + geo.name(i)
                   : index == Index::Number ? " " + std::to_string(i)
                                            : std::string();
        };
        // A face-down swan's type gets no terms: what it stands for is not known.
        auto hidden = [&](const Kind& kind, int a, int b) {
            if (!game->has_chance()) return false;
            const int first = game->chance.first_hidden;
            return (kind.a == Index::Type && a >= first) || (kind.b == Index::Type && b >= first);
        };
        for (size_t k = 0; k < kinds.size(); ++k) {
            const Kind& kind = kinds[k];
            if (kind.min <= 0) continue;
            for (int a = 0; a < kind.rows; ++a)
                for (int b = 0; b < kind.columns; ++b) {
                    const size_t key = key_of(k, a, b);
                    if (count[key] < static_cast<size_t>(kind.min) || hidden(kind, a, b)) continue;
                    const std::string offset =
                        kind.name + index_name(kind.a, a) + index_name(kind.b, b);
                    feature_slot[key] = static_cast<int>((params.size() - dense) / 2);
                    for (bool eg : {false, true})
                        params.push_back(
                            {offset + (eg ? " eg" : " mg"), nullptr, offset, eg, 4, 40});
                }
        }
        for (size_t i = 0; i < n; ++i) {
            for_each_feature(i, [&](size_t key, int sign) {
                if (const int slot = feature_slot[key]; slot >= 0)
                    men.push_back({slot, static_cast<int8_t>(sign)});
            });
            men_begin[i + 1] = static_cast<uint32_t>(men.size());
        }
    }
    const size_t np = params.size();
    auto tables_for = [&](const Terms& t) {
        auto copy = std::make_shared<engine::EvalTables>(*base);
        engine::apply_terms(*copy, t.t);
        return copy;
    };
    const int threads = std::max(1, settings.threads);
    auto parallel = [&](auto&& body) {
        std::vector<std::thread> pool;
        for (int k = 0; k < threads; ++k)
            pool.emplace_back([&, k] {
                for (size_t i = static_cast<size_t>(k); i < n; i += static_cast<size_t>(threads))
                    body(i);
            });
        for (auto& th : pool) th.join();
    };
    // The exact loss of a set of terms: on the training positions and on the held-out ones.
    auto losses = [&](const Terms& t) {
        const auto tables = tables_for(t);
        std::vector<double> sums(4 * static_cast<size_t>(threads));
        std::vector<std::thread> pool;
        for (int k = 0; k < threads; ++k)
            pool.emplace_back([&, k] {
                for (size_t i = static_cast<size_t>(k); i < n; i += static_cast<size_t>(threads)) {
                    const Position pos = position_of(game, positions[i]);
                    const double d = sigmoid(engine::evaluate(pos, *tables) / scale) - target[i];
                    sums[static_cast<size_t>(4 * k + 2 * held[i])] += d * d;
                    sums[static_cast<size_t>(4 * k + 2 * held[i] + 1)] += 1;
                }
            });
        for (auto& th : pool) th.join();
        double tr = 0, trn = 0, ho = 0, hon = 0;
        for (int k = 0; k < threads; ++k)
            tr += sums[4 * k], trn += sums[4 * k + 1], ho += sums[4 * k + 2],
                hon += sums[4 * k + 3];
        return std::pair{tr / std::max(trn, 1.0), ho / std::max(hon, 1.0)};
    };
    FitReport report;
    report.scale = scale;
    std::tie(report.start_train, report.start_held_out) = losses(terms);
    log << "family " << engine::nnue::family_of(*game) << "\npositions " << n << " (of " << total
        << "), parameters " << np << " (" << np - dense << " sparse terms)"
        << ", scale " << std::fixed << std::setprecision(1) << scale << "\nstart: loss "
        << std::setprecision(6) << report.start_train << "  held out " << report.start_held_out
        << "  " << std::setprecision(0) << seconds() << " s" << std::endl;

    // The round with the lowest held-out loss is the one written (later rounds may fit the
    // training games' noise).
    Terms best = terms;
    double best_held_out = report.start_held_out;
    std::vector<float> e0(n), slope(n * dense), man_slope(men.empty() ? 0 : 2 * n);
    for (int round = 1; round <= settings.rounds; ++round) {
        // The evaluation and its slopes around the terms in force.
        std::vector<std::shared_ptr<engine::EvalTables>> up(dense), down(dense);
        for (size_t j = 0; j < dense; ++j) {
            Terms a = terms, b = terms;
            const double v = terms.get(params[j]);
            a.set(params[j], static_cast<int>(std::lround(v + params[j].step)));
            b.set(params[j], static_cast<int>(std::lround(v - params[j].step)));
            up[j] = tables_for(a), down[j] = tables_for(b);
        }
        const auto now = tables_for(terms);
        // Every White man's middlegame or endgame term moved by CELL_STEP at once.
        constexpr int CELL_STEP = 8;
        std::array<std::array<std::shared_ptr<engine::EvalTables>, 2>, 2> shifted;
        for (int eg : {0, 1})
            for (int sign : {0, 1}) {
                auto tables = std::make_shared<engine::EvalTables>(*now);
                for (int t = 0; t < types; ++t)
                    for (int16_t& v :
                         (eg ? tables->psq_eg : tables->psq_mg)[make_piece_code(WHITE, t)])
                        v = static_cast<int16_t>(v + (sign ? CELL_STEP : -CELL_STEP));
                shifted[eg][sign] = tables;
            }
        parallel([&](size_t i) {
            const Position pos = position_of(game, positions[i]);
            e0[i] = static_cast<float>(engine::evaluate(pos, *now));
            for (size_t j = 0; j < dense; ++j)
                slope[i * dense + j] = static_cast<float>(
                    (engine::evaluate(pos, *up[j]) - engine::evaluate(pos, *down[j])) /
                    (2 * params[j].step));
            if (man_slope.empty()) return;
            const double whites = popcount(pos.pieces(WHITE));
            for (int eg : {0, 1})
                man_slope[2 * i + static_cast<size_t>(eg)] =
                    static_cast<float>((engine::evaluate(pos, *shifted[eg][1]) -
                                        engine::evaluate(pos, *shifted[eg][0])) /
                                       (2 * CELL_STEP * whites));
        });
        // Gradient descent (Adam) on the linear model, in units of each parameter's step, with a
        // ridge towards no change.
        std::vector<double> delta(np, 0), m(np, 0), v(np, 0);
        const double ridge = 1e-6;
        for (int step = 1; step <= settings.steps; ++step) {
            std::vector<std::vector<double>> parts(static_cast<size_t>(threads),
                                                   std::vector<double>(np, 0));
            std::vector<std::thread> pool;
            for (int k = 0; k < threads; ++k)
                pool.emplace_back([&, k] {
                    std::vector<double>& g = parts[static_cast<size_t>(k)];
                    for (size_t i = static_cast<size_t>(k); i < n;
                         i += static_cast<size_t>(threads)) {
                        if (held[i]) continue;
                        const float* s = &slope[i * dense];
                        double e = e0[i];
                        for (size_t j = 0; j < dense; ++j) e += s[j] * delta[j] * params[j].step;
                        for (uint32_t x = men_begin[i]; x < men_begin[i + 1]; ++x) {
                            const size_t j = dense + 2 * static_cast<size_t>(men[x].first);
                            e += men[x].second *
                                 (man_slope[2 * i] * delta[j] * params[j].step +
                                  man_slope[2 * i + 1] * delta[j + 1] * params[j + 1].step);
                        }
                        const double p = sigmoid(e / scale);
                        const double d = 2 * (p - target[i]) * p * (1 - p) / scale;
                        for (size_t j = 0; j < dense; ++j) g[j] += d * s[j] * params[j].step;
                        for (uint32_t x = men_begin[i]; x < men_begin[i + 1]; ++x) {
                            const size_t j = dense + 2 * static_cast<size_t>(men[x].first);
                            g[j] += d * men[x].second * man_slope[2 * i] * params[j].step;
                            g[j + 1] +=
                                d * men[x].second * man_slope[2 * i + 1] * params[j + 1].step;
                        }
                    }
                });
            for (auto& th : pool) th.join();
            for (size_t j = 0; j < np; ++j) {
                double g = ridge * delta[j];
                for (const auto& part : parts) g += part[j] / static_cast<double>(n);
                m[j] = 0.9 * m[j] + 0.1 * g;
                v[j] = 0.999 * v[j] + 0.001 * g * g;
                const double mh = m[j] / (1 - std::pow(0.9, step)),
                             vh = v[j] / (1 - std::pow(0.999, step));
                delta[j] -= 0.05 * mh / (std::sqrt(vh) + 1e-12);
                const double limit = params[j].bound / params[j].step;
                delta[j] = std::clamp(delta[j], -limit, limit);
            }
        }
        for (size_t j = 0; j < np; ++j)
            terms.set(params[j], static_cast<int>(std::lround(terms.get(params[j]) +
                                                              delta[j] * params[j].step)));
        const auto [tr, ho] = losses(terms);
        report.train.push_back(tr), report.held_out.push_back(ho);
        if (ho < best_held_out || settings.validation == 0) best = terms, best_held_out = ho;
        log << "round " << round << "/" << settings.rounds << ": loss " << std::setprecision(6)
            << tr << "  held out " << ho << "  " << std::setprecision(0) << seconds() << " s"
            << std::endl;
    }
    terms = best;
    engine::FittedTerms out = terms.t;
    out.family = engine::nnue::family_of(*game);
    std::erase_if(out.offsets, [](const auto& o) { return !o.second.first && !o.second.second; });
    std::ofstream file(settings.out, std::ios::trunc);
    file << "# " << game->name << ": fitted by menagerie fit to " << n
         << " positions; held-out loss " << std::setprecision(6) << report.start_held_out
         << " before, " << best_held_out << " after\n"
         << engine::write_terms(out);
    if (!file)
        throw Error(ErrorKind::File, "--out", "cannot write " + menagerie::quoted(settings.out));
    int sparse_moved = 0;
    for (size_t j = 0; j < np; ++j) {
        const Parameter& p = params[j];
        const double before = start.get(p);
        if (terms.get(p) == before) continue;
        if (j >= dense)
            ++sparse_moved;
        else
            log << "  " << p.name << " " << before << " -> " << terms.get(p) << "\n";
    }
    if (np > dense) log << "  " << sparse_moved << " of " << np - dense << " sparse terms moved\n";
    return report;
}

}  // namespace menagerie::learn
