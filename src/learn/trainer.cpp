// Training by minibatch gradient descent (Adam) on the mean squared error between the network's
// win chance and the target, in floats; the result is clipped to what the engine's integers
// hold and quantised. The first layer is sparse: a position touches only its men's rows.
#include "learn/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <random>
#include <thread>

#include "core/error.h"
#include "engine/eval.h"
#include "engine/nnue.h"
#include "learn/training_data.h"

namespace menagerie::learn {

namespace {

using engine::nnue::FeatureMap;
using engine::nnue::Network;

// The float weights stay where the quantised ones fit: an accumulator of up to 64 men in int16
// at QA, and a clipped value times an output weight at QB in int16.
constexpr float W1_LIMIT = 1.98f, W2_LIMIT = 1.98f;

// Positions as the trainer needs them: each perspective's features, the side to move, the
// search's score and the game's result from the side to move's view (0, 0.5, 1).
struct Samples {
    std::vector<uint16_t> features;  // per position: its men from White's view, then Black's
    std::vector<uint32_t> start;     // per position, into features; one more at the end
    std::vector<uint8_t> side;
    std::vector<float> score, result;
    std::vector<float> base;     // the hand-made evaluation, for a correction network
    std::vector<uint32_t> game;  // for holding out whole games
    size_t size() const { return side.size(); }
    void add(const FeatureMap& map, const TrainingPosition& p, uint32_t game_number) {
        if (start.empty()) start.push_back(0);
        for (Color persp : {WHITE, BLACK})
            p.for_each_man([&](Square s, Piece m) {
                features.push_back(static_cast<uint16_t>(map.index(persp, m, s)));
            });
        start.push_back(static_cast<uint32_t>(features.size()));
        side.push_back(static_cast<uint8_t>(p.side_to_move));
        score.push_back(p.score);
        const float white = (p.result + 1) / 2.0f;
        result.push_back(p.side_to_move == WHITE ? white : 1 - white);
        game.push_back(game_number);
    }
};

// The float network, with a second weight for each man's (relative colour, type) whatever its
// cell: a feature's row is its own weights plus its factor's, so what a man is worth anywhere
// is learnt from every position that has one, and the rare cells of a type start from it. The
// written network holds the sums (the engine never sees the factors).
struct FloatNet {
    int features = 0, hidden = 0, cells = 1;
    std::vector<float> w1, factor, b1, w2;  // w1, b1, w2 as Network's; factor a row per factor
    float b2 = 0;
    size_t factor_of(size_t feature) const { return feature / static_cast<size_t>(cells); }
};

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// The logistic scale that best turns scores into results (least squares, golden-section search).
double fit_scale(const Samples& s) {
    auto error = [&](double k) {
        double e = 0;
        const size_t step = std::max<size_t>(1, s.size() / 200000);
        for (size_t i = 0; i < s.size(); i += step) {
            const double d = 1.0 / (1.0 + std::exp(-s.score[i] / k)) - s.result[i];
            e += d * d;
        }
        return e;
    };
    double lo = 30, hi = 2000;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        (error(a) < error(b) ? hi : lo) = error(a) < error(b) ? b : a;
    }
    return (lo + hi) / 2;
}

// One thread's share of a batch: the loss, and the gradients added into `grad`.
struct Gradients {
    std::vector<float> w1, factor, b1, w2;
    float b2 = 0;
    double loss = 0;
    std::vector<uint8_t> touched;  // rows of w1 this batch wrote
    void reset(const FloatNet& n) {
        if (w1.size() != n.w1.size()) {
            w1.assign(n.w1.size(), 0), touched.assign(static_cast<size_t>(n.features), 0);
        } else {
            for (size_t f = 0; f < touched.size(); ++f)
                if (touched[f])
                    std::fill_n(&w1[f * static_cast<size_t>(n.hidden)], n.hidden, 0.0f),
                        touched[f] = 0;
        }
        factor.assign(n.factor.size(), 0);
        b1.assign(n.b1.size(), 0), w2.assign(n.w2.size(), 0), b2 = 0, loss = 0;
    }
};

// Forward (and with `grad`, backward) for positions [begin, end) of `order`.
void run(const FloatNet& n, const Samples& s, const std::vector<uint32_t>& order, size_t begin,
         size_t end, double scale, double lambda, Gradients* grad, double& loss) {
    const int h = n.hidden;
    std::vector<float> acc(2 * static_cast<size_t>(h)), act(2 * static_cast<size_t>(h));
    const float k = static_cast<float>(engine::nnue::OUTPUT_SCALE / scale);
    for (size_t i = begin; i < end; ++i) {
        const uint32_t p = order[i];
        const uint32_t from = s.start[p], to = s.start[p + 1], men = (to - from) / 2;
        const int stm = s.side[p];
        // acc[0..h): the side to move's perspective, acc[h..2h): the other's.
        for (int half = 0; half < 2; ++half) {
            float* a = &acc[static_cast<size_t>(half * h)];
            std::copy(n.b1.begin(), n.b1.end(), a);
            const int persp = half == 0 ? stm : 1 - stm;
            const uint16_t* f = &s.features[from + static_cast<uint32_t>(persp) * men];
            for (uint32_t j = 0; j < men; ++j) {
                const float* row = &n.w1[static_cast<size_t>(f[j]) * static_cast<size_t>(h)];
                const float* common = &n.factor[n.factor_of(f[j]) * static_cast<size_t>(h)];
                for (int x = 0; x < h; ++x) a[x] += row[x] + common[x];
            }
        }
        float out = n.b2 + (s.base.empty() ? 0.0f : s.base[p] / engine::nnue::OUTPUT_SCALE);
        for (int x = 0; x < 2 * h; ++x) {
            const float c = std::clamp(acc[static_cast<size_t>(x)], 0.0f, 1.0f);
            act[static_cast<size_t>(x)] = c;
            out += c * c * n.w2[static_cast<size_t>(x)];
        }
        const float predicted = sigmoid(out * k);
        const float target = static_cast<float>(
            lambda * sigmoid(static_cast<float>(s.score[p] / scale)) + (1 - lambda) * s.result[p]);
        const float diff = predicted - target;
        loss += diff * diff;
        if (!grad) continue;
        const float g = 2 * diff * predicted * (1 - predicted) * k;
        grad->b2 += g;
        for (int half = 0; half < 2; ++half) {
            const int persp = half == 0 ? stm : 1 - stm;
            const uint16_t* f = &s.features[from + static_cast<uint32_t>(persp) * men];
            float* dacc = &acc[static_cast<size_t>(half * h)];  // reused for the gradient
            for (int x = 0; x < h; ++x) {
                const size_t at = static_cast<size_t>(half * h + x);
                const float c = act[at];
                grad->w2[at] += g * c * c;
                dacc[x] = c > 0.0f && c < 1.0f ? g * n.w2[at] * 2 * c : 0.0f;
                grad->b1[static_cast<size_t>(x)] += dacc[x];
            }
            for (uint32_t j = 0; j < men; ++j) {
                grad->touched[f[j]] = 1;
                float* row = &grad->w1[static_cast<size_t>(f[j]) * static_cast<size_t>(h)];
                float* common = &grad->factor[n.factor_of(f[j]) * static_cast<size_t>(h)];
                for (int x = 0; x < h; ++x) row[x] += dacc[x], common[x] += dacc[x];
            }
        }
    }
}

struct Adam {
    std::vector<float> m, v;
    float decay = 0;  // decoupled weight decay (AdamW): a share of each weight lost per step
    void step(std::vector<float>& w, const std::vector<float>& g, float lr, float limit, int t,
              const std::vector<uint8_t>* touched = nullptr, int row = 1) {
        if (m.size() != w.size()) m.assign(w.size(), 0), v.assign(w.size(), 0);
        constexpr float B1 = 0.9f, B2 = 0.999f, EPS = 1e-8f;
        const float c1 = 1 - std::pow(B1, static_cast<float>(t)),
                    c2 = 1 - std::pow(B2, static_cast<float>(t));
        auto update = [&](size_t i) {
            m[i] = B1 * m[i] + (1 - B1) * g[i];
            v[i] = B2 * v[i] + (1 - B2) * g[i] * g[i];
            w[i] = std::clamp(
                w[i] * (1 - lr * decay) - lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + EPS), -limit,
                limit);
        };
        if (!touched) {
            for (size_t i = 0; i < w.size(); ++i) update(i);
            return;
        }
        // Rows no position of the batch touched have a zero gradient: their moments decay as
        // Adam's would, and their weights move by what the moments still hold. Rows of men that
        // never occur stay as they are.
        for (size_t r = 0; r < touched->size(); ++r) {
            const size_t base = r * static_cast<size_t>(row);
            if ((*touched)[r] || m[base] != 0.0f)
                for (int x = 0; x < row; ++x) update(base + static_cast<size_t>(x));
        }
    }
};

Network quantise(const FloatNet& n, const std::string& family, const std::string& description) {
    using engine::nnue::QA;
    using engine::nnue::QB;
    Network q;
    q.family = family;
    q.description = description;
    q.features = n.features;
    q.hidden = n.hidden;
    auto round = [](float x) { return static_cast<int16_t>(std::lround(x)); };
    for (size_t i = 0; i < n.w1.size(); ++i) {
        const size_t feature = i / static_cast<size_t>(n.hidden),
                     x = i % static_cast<size_t>(n.hidden);
        const float w =
            n.w1[i] + n.factor[n.factor_of(feature) * static_cast<size_t>(n.hidden) + x];
        q.w1.push_back(round(std::clamp(w, -W1_LIMIT, W1_LIMIT) * QA));
    }
    for (float b : n.b1) q.b1.push_back(round(b * QA));
    for (float w : n.w2) q.w2.push_back(round(w * QB));
    q.b2 = static_cast<int32_t>(std::lround(n.b2 * QA * QB));
    return q;
}

}  // namespace

TrainReport train(const TrainSettings& settings, std::ostream& log) {
    if (settings.data.empty()) throw Error(ErrorKind::Usage, "--data", "give training data");
    if (settings.hidden <= 0 || settings.hidden > engine::nnue::MAX_HIDDEN || settings.hidden % 32)
        throw Error(ErrorKind::Usage, "--hidden",
                    "--hidden: " + std::to_string(settings.hidden) +
                        " is not a multiple of 32 from 32 to " +
                        std::to_string(engine::nnue::MAX_HIDDEN));
    const auto began = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    std::shared_ptr<const Game> game;
    std::shared_ptr<const engine::EvalTables> terms;
    std::string family;
    FeatureMap map;
    Samples samples;
    std::vector<Square> mirrored;  // per cell, its file mirror's (with settings.mirror)
    auto load = [&](bool mirror) {
        for (const std::string& path : settings.data) {
            for_each_game(path, [&](const DataHeader& h, uint32_t number, auto& positions) {
                if (!game) {
                    game = game_of(h);
                    family = engine::nnue::family_of(*game);
                    map = FeatureMap(*game);
                    if (settings.correction) terms = engine::eval_tables(game);
                } else if (const auto other = game_of(h);
                           engine::nnue::family_of(*other) != family) {
                    throw Error(ErrorKind::File, "--data",
                                menagerie::quoted(path) + " holds " + h.variant +
                                    ", whose men and board differ from " + game->name + "'s");
                }
                // Game numbers of different files are told apart by the file's place.
                const uint32_t key = number * 64 + static_cast<uint32_t>(&path - &settings.data[0]);
                TrainingPosition image;
                for (const TrainingPosition& p : positions) {
                    if (p.ply < settings.max_ply_skip) continue;
                    // Both branches are lvalues, so an original is not copied.
                    const TrainingPosition& q = mirror ? (image = mirror_files(p, mirrored)) : p;
                    samples.add(map, q, key);
                    // The hand-made evaluation, which a correction network learns to correct.
                    if (settings.correction)
                        samples.base.push_back(
                            static_cast<float>(engine::evaluate(position_of(game, q), *terms)));
                }
            });
        }
    };
    load(false);
    if (samples.size() == 0) throw Error(ErrorKind::File, "--data", "the data holds no position");
    // Mirrored copies follow the originals, so a sample's index below `originals` is its
    // position's place in the files.
    const size_t originals = samples.size();
    if (settings.mirror) {
        mirrored = file_mirror(game->geometry);
        if (mirrored.empty())
            throw Error(ErrorKind::Usage, "--mirror",
                        "--mirror: " + game->name + "'s board has cells with no mirror image");
        load(true);
    }
    TrainReport report;
    report.scale = fit_scale(samples);
    std::vector<uint32_t> train_set, held_out;
    for (uint32_t i = 0; i < samples.size(); ++i) {
        const uint64_t h = (samples.game[i] * 0x9E3779B97F4A7C15ull) >> 40;
        if (static_cast<double>(h % 10000) >= settings.validation * 10000)
            train_set.push_back(i);
        else if (i < originals)  // a held-out game's mirror image is not trained on either
            held_out.push_back(i);
    }
    if (train_set.empty()) train_set = held_out;
    report.positions = train_set.size();
    report.held_out = held_out.size();
    log << "family " << family << "\npositions " << train_set.size() << " ("
        << (settings.mirror ? "half of them mirrored, " : "") << "held out " << held_out.size()
        << "), features " << map.features() << ", hidden " << settings.hidden << "\nscale "
        << std::fixed << std::setprecision(1) << report.scale
        << " (win chance 1/(1+e^(-cp/scale)) fitted to the results), read in " << seconds() << " s"
        << std::endl;

    std::mt19937_64 rng(settings.seed);
    FloatNet n;
    n.features = map.features();
    n.hidden = settings.hidden;
    n.cells = map.cells;
    {
        std::uniform_real_distribution<float> first(-0.1f, 0.1f);
        const float bound = 1.0f / std::sqrt(2.0f * static_cast<float>(n.hidden));
        std::uniform_real_distribution<float> second(-bound, bound);
        n.w1.resize(static_cast<size_t>(n.features) * static_cast<size_t>(n.hidden));
        for (float& w : n.w1) w = first(rng);
        n.factor.assign(static_cast<size_t>(n.features / n.cells * n.hidden), 0.0f);
        n.b1.assign(static_cast<size_t>(n.hidden), 0.0f);
        n.w2.resize(2 * static_cast<size_t>(n.hidden));
        for (float& w : n.w2) w = settings.correction ? 0.0f : second(rng);
    }
    const int threads = std::max(1, settings.threads);
    std::vector<Gradients> grads(static_cast<size_t>(threads));
    Adam adam_w1, adam_factor, adam_b1, adam_w2;
    adam_w1.decay = adam_factor.decay = static_cast<float>(settings.weight_decay);
    // The network of the epoch with the lowest held-out loss is the one written: later epochs
    // may fit the training games' noise.
    FloatNet best = n;
    double best_loss = 1e9;
    std::vector<float> m_b2(1), g_b2(1), b2(1);
    Adam adam_b2;
    int t = 0;
    auto evaluate_loss = [&](const std::vector<uint32_t>& set) {
        std::vector<double> losses(static_cast<size_t>(threads));
        std::vector<std::thread> pool;
        for (int i = 0; i < threads; ++i)
            pool.emplace_back([&, i] {
                const size_t a = set.size() * static_cast<size_t>(i) / static_cast<size_t>(threads);
                const size_t b =
                    set.size() * static_cast<size_t>(i + 1) / static_cast<size_t>(threads);
                run(n, samples, set, a, b, report.scale, settings.lambda, nullptr,
                    losses[static_cast<size_t>(i)]);
            });
        for (auto& th : pool) th.join();
        double total = 0;
        for (double l : losses) total += l;
        return total / static_cast<double>(std::max<size_t>(set.size(), 1));
    };
    const size_t batch = static_cast<size_t>(std::max(1, settings.batch));
    const size_t batches = (train_set.size() + batch - 1) / batch;
    for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
        std::shuffle(train_set.begin(), train_set.end(), rng);
        double loss = 0;
        for (size_t b = 0; b < batches; ++b) {
            const size_t begin = b * batch, end = std::min(begin + batch, train_set.size());
            // Cosine decay of the rate over the whole run, to a hundredth of the start.
            const double progress = (static_cast<double>(epoch - 1) +
                                     static_cast<double>(b) / static_cast<double>(batches)) /
                                    settings.epochs;
            const float lr = static_cast<float>(
                settings.learning_rate * (0.01 + 0.99 * 0.5 * (1 + std::cos(M_PI * progress))));
            std::vector<std::thread> pool;
            std::vector<double> losses(static_cast<size_t>(threads));
            for (int i = 0; i < threads; ++i)
                pool.emplace_back([&, i] {
                    Gradients& g = grads[static_cast<size_t>(i)];
                    g.reset(n);
                    const size_t span = end - begin;
                    const size_t a =
                        begin + span * static_cast<size_t>(i) / static_cast<size_t>(threads);
                    const size_t z =
                        begin + span * static_cast<size_t>(i + 1) / static_cast<size_t>(threads);
                    run(n, samples, train_set, a, z, report.scale, settings.lambda, &g,
                        losses[static_cast<size_t>(i)]);
                });
            for (auto& th : pool) th.join();
            // The threads' gradients summed into the first, as the batch's mean.
            Gradients& sum = grads[0];
            const float inv = 1.0f / static_cast<float>(end - begin);
            for (size_t i = 1; i < grads.size(); ++i) {
                const Gradients& o = grads[i];
                for (size_t f = 0; f < o.touched.size(); ++f)
                    if (o.touched[f]) {
                        sum.touched[f] = 1;
                        const size_t base = f * static_cast<size_t>(n.hidden);
                        for (int x = 0; x < n.hidden; ++x)
                            sum.w1[base + static_cast<size_t>(x)] +=
                                o.w1[base + static_cast<size_t>(x)];
                    }
                for (size_t x = 0; x < sum.factor.size(); ++x) sum.factor[x] += o.factor[x];
                for (size_t x = 0; x < sum.b1.size(); ++x) sum.b1[x] += o.b1[x];
                for (size_t x = 0; x < sum.w2.size(); ++x) sum.w2[x] += o.w2[x];
                sum.b2 += o.b2;
            }
            for (size_t f = 0; f < sum.touched.size(); ++f)
                if (sum.touched[f])
                    for (int x = 0; x < n.hidden; ++x)
                        sum.w1[f * static_cast<size_t>(n.hidden) + static_cast<size_t>(x)] *= inv;
            for (float& x : sum.factor) x *= inv;
            for (float& x : sum.b1) x *= inv;
            for (float& x : sum.w2) x *= inv;
            ++t;
            adam_w1.step(n.w1, sum.w1, lr, W1_LIMIT, t, &sum.touched, n.hidden);
            adam_factor.step(n.factor, sum.factor, lr, W1_LIMIT, t);
            adam_b1.step(n.b1, sum.b1, lr, W1_LIMIT, t);
            adam_w2.step(n.w2, sum.w2, lr, W2_LIMIT, t);
            b2[0] = n.b2, g_b2[0] = sum.b2 * inv;
            adam_b2.step(b2, g_b2, lr, 100.0f, t);
            n.b2 = b2[0];
            for (double l : losses) loss += l;
        }
        report.train_loss.push_back(loss / static_cast<double>(train_set.size()));
        report.validation_loss.push_back(held_out.empty() ? 0 : evaluate_loss(held_out));
        if (held_out.empty() || report.validation_loss.back() < best_loss)
            best = n, best_loss = report.validation_loss.back(), report.best_epoch = epoch;
        log << "epoch " << epoch << "/" << settings.epochs << "  loss " << std::setprecision(6)
            << report.train_loss.back() << "  held out " << report.validation_loss.back() << "  "
            << std::setprecision(0) << seconds() << " s" << std::endl;
    }

    std::string description = "trained on " + std::to_string(train_set.size()) + " positions of " +
                              game->name + " (" + std::to_string(settings.data.size()) +
                              " files), " + std::to_string(settings.epochs) + " epochs, lambda " +
                              std::to_string(settings.lambda).substr(0, 4);
    description += ", epoch " + std::to_string(report.best_epoch) + " kept";
    Network q = quantise(best, family, description);
    q.correction = settings.correction;
    {
        std::ofstream out(settings.out, std::ios::binary | std::ios::trunc);
        const std::string bytes = engine::nnue::serialise(q);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out)
            throw Error(ErrorKind::File, "--out",
                        "cannot write " + menagerie::quoted(settings.out));
    }
    // The file as the engine reads it, on the held-out positions.
    const auto net = std::make_shared<Network>(engine::nnue::load_network(settings.out));
    engine::nnue::Evaluator evaluator;
    evaluator.set(net, *game);
    // The hand-made evaluation's loss on the same positions, as the measure to beat.
    if (!terms) terms = engine::eval_tables(game);
    double qloss = 0, hloss = 0;
    size_t counted = 0;
    std::vector<uint32_t> check = held_out.empty() ? train_set : held_out;
    std::sort(check.begin(), check.end());
    size_t index = 0;
    for (const std::string& path : settings.data) {
        for_each_game(path, [&](const DataHeader&, uint32_t, auto& positions) {
            for (const TrainingPosition& p : positions) {
                if (p.ply < settings.max_ply_skip) continue;
                const size_t i = index++;
                if (counted >= 20000 || !std::binary_search(check.begin(), check.end(), i))
                    continue;
                const Position pos = position_of(game, p);
                const int learnt = evaluator.evaluate_fresh(pos) +
                                   (settings.correction ? engine::evaluate(pos, *terms) : 0);
                const double predicted = 1.0 / (1.0 + std::exp(-learnt / report.scale));
                const double target =
                    settings.lambda / (1.0 + std::exp(-samples.score[i] / report.scale)) +
                    (1 - settings.lambda) * samples.result[i];
                qloss += (predicted - target) * (predicted - target);
                const double by_terms =
                    1.0 / (1.0 + std::exp(-engine::evaluate(pos, *terms) / report.scale));
                hloss += (by_terms - target) * (by_terms - target);
                ++counted;
            }
        });
    }
    report.quantised_validation_loss = counted ? qloss / static_cast<double>(counted) : 0;
    report.terms_validation_loss = counted ? hloss / static_cast<double>(counted) : 0;
    log << "wrote " << settings.out << " (" << std::filesystem::file_size(settings.out)
        << " bytes); held-out loss of the quantised network " << std::setprecision(6)
        << report.quantised_validation_loss << " (" << counted
        << " positions); the hand-made evaluation's " << report.terms_validation_loss << std::endl;
    return report;
}

}  // namespace menagerie::learn
