// The Engine: settings, the threads of one search (Lazy SMP), and the choice of the move.
#include "engine/engine.h"

#include <algorithm>
#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "core/error.h"
#include "engine/search.h"
#include "games/games.h"
#include "hidden/player_view.h"

namespace menagerie::engine {

struct Engine::Impl {
    TranspositionTable tt;
    SearchShared shared;
    std::vector<std::unique_ptr<Worker>> workers;
    std::mutex searching;  // one search at a time
    int move_overhead_ms = 80;
    bool use_network = true;
    std::shared_ptr<const nnue::Network> file_network;
    std::optional<FittedTerms> file_terms;
    // The tables of the last game searched with the file's terms.
    std::shared_ptr<const EvalTables> terms_tables;

    std::shared_ptr<const EvalTables> tables_for(const std::shared_ptr<const Game>& game) {
        auto built = eval_tables(game);
        if (!file_terms || file_terms->family != nnue::family_of(*game)) return built;
        if (terms_tables && terms_tables->game == game) return terms_tables;
        auto own = std::make_shared<EvalTables>(*built);
        apply_terms(*own, *file_terms);
        terms_tables = own;
        return own;
    }

    std::shared_ptr<const nnue::Network> network_for(const Game& game) const {
        if (!use_network) return nullptr;
        if (file_network && file_network->family == nnue::family_of(game)) return file_network;
        return nnue::builtin_network(game);
    }

    void make_workers(int n) {
        workers.clear();
        shared.workers.clear();
        for (int i = 0; i < n; ++i) {
            workers.push_back(std::make_unique<Worker>(i, shared));
            shared.workers.push_back(workers.back().get());
        }
    }
};

Engine::Engine(std::size_t hash_mb, int threads) : impl_(std::make_unique<Impl>()) {
    impl_->shared.tt = &impl_->tt;
    impl_->tt.resize(hash_mb);
    impl_->make_workers(std::max(threads, 1));
}

Engine::~Engine() { stop(); }

void Engine::set_hash(std::size_t mb) {
    std::lock_guard lock(impl_->searching);
    impl_->tt.resize(std::clamp<std::size_t>(mb, 1, 1 << 16));
}

void Engine::set_threads(int n) {
    std::lock_guard lock(impl_->searching);
    impl_->make_workers(std::clamp(n, 1, 256));
}

void Engine::new_game() {
    std::lock_guard lock(impl_->searching);
    impl_->tt.clear();
    for (auto& w : impl_->workers) w->clear();
}

void Engine::stop() {
    impl_->shared.halt = true;
    impl_->shared.stop = true;
}

bool Engine::ponderhit() {
    if (!impl_->shared.running) return false;
    if (impl_->shared.pondering) {
        impl_->shared.time.restart();
        impl_->shared.pondering = false;
    }
    return true;
}

std::vector<std::string> played_game_names() {
    // Every game: one with hidden identities is played on its player's view.
    return game_names();
}

void Engine::set_move_overhead(int ms) { impl_->move_overhead_ms = std::clamp(ms, 0, 5000); }

std::string Engine::set_network_file(const std::string& path) {
    std::shared_ptr<const nnue::Network> net;
    if (!path.empty()) net = std::make_shared<nnue::Network>(nnue::load_network(path));
    const std::string what = net ? net->family + " (" + net->description + ")" : "";
    std::lock_guard lock(impl_->searching);
    impl_->file_network = std::move(net);
    return what;
}

void Engine::use_network(bool on) {
    std::lock_guard lock(impl_->searching);
    impl_->use_network = on;
}

std::string Engine::set_terms_file(const std::string& path) {
    std::optional<FittedTerms> terms;
    if (!path.empty()) {
        terms = read_terms(path, "terms");
        // Applied once here to a game of its family, so that a type or cell the family lacks is
        // refused now rather than at the next search.
        for (const std::string& name : game_names())
            if (const auto game = make_game(name); nnue::family_of(*game) == terms->family) {
                apply_terms(*std::make_unique<EvalTables>(*eval_tables(game)), *terms);
                break;
            }
    }
    std::lock_guard lock(impl_->searching);
    impl_->file_terms = std::move(terms);
    impl_->terms_tables.reset();
    return impl_->file_terms ? impl_->file_terms->family : "";
}

std::string Engine::network_description(const Game& game) const {
    const auto net = impl_->network_for(game);
    return net ? net->family + ": " + net->description : "";
}

Info Engine::search(const Position& start, const std::vector<Move>& moves, const Limits& limits,
                    const std::function<void(const Info&)>& on_info) {
    std::lock_guard lock(impl_->searching);
    const Game& game = start.game();
    // Hidden identities are the referee's: the engine searches only a player's view.
    if (is_referee_game(game))
        throw Error(ErrorKind::Invalid, "position",
                    "the engine plays " + game.name +
                        " only on a player's view (option view=player): a referee's position "
                        "holds hidden identities");
    SearchShared& shared = impl_->shared;
    shared.limits = limits;
    shared.limits.multipv = std::max(1, limits.multipv);
    // Weak levels choose among several lines: search at least four.
    if (limits.skill < 20) shared.limits.multipv = std::max(shared.limits.multipv, 4);
    shared.on_info = on_info;
    shared.eval = impl_->tables_for(start.game_ptr());
    shared.net = impl_->network_for(game);
    shared.pondering = limits.ponder;
    shared.stop = false;
    shared.halt = false;
    impl_->tt.new_search();
    for (auto& w : impl_->workers) w->set_position(start, moves);
    // The clock is read once the position is set up: the side to move after the moves.
    Worker& main = *impl_->workers[0];
    shared.time.start(limits, main.side_to_move(), impl_->move_overhead_ms);
    if (main.root_moves.empty()) {
        // Mated or stalemated (a draw in every game): reported as an iteration would be, and
        // an infinite or pondering search still waits for stop or ponderhit, as a GUI expects
        // of one.
        Info result;
        result.mated = main.in_check();
        result.time_ms = shared.time.elapsed_ms();
        result.hashfull = impl_->tt.hashfull();
        if (on_info) on_info(result);
        shared.running = true;
        shared.wait_for_release();
        shared.running = false;
        shared.stop = false;
        return result;
    }
    shared.running = true;
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < impl_->workers.size(); ++i)
        helpers.emplace_back([w = impl_->workers[i].get()] { w->iterate(); });
    main.iterate();
    shared.stop = true;
    for (std::thread& t : helpers) t.join();
    shared.running = false;

    // Lazy SMP: the line of the thread that completed the deepest iteration is played (the
    // main thread's on a tie); weak levels choose among the main thread's lines.
    const Worker* deepest = &main;
    if (limits.skill >= 20)
        for (const auto& w : impl_->workers)
            if (w->completed_depth > deepest->completed_depth) deepest = w.get();
    Info result = deepest->info_of(0);
    if (deepest != &main && on_info) on_info(result);
    if (limits.skill < 20 && main.root_moves.size() > 1) {
        // Weakened play (as Stockfish's skill levels): each line gets back a share of what it
        // loses to the best, weakness/128 of it, plus a random amount up to the lines' spread;
        // the line with the highest sum is played. Lower skill: larger weakness.
        std::mt19937_64 rng(limits.seed ? limits.seed : std::random_device{}());
        const int lines =
            std::min<int>(shared.limits.multipv, static_cast<int>(main.root_moves.size()));
        const int top = main.root_moves[0].score;
        const int weakness = 120 - 5 * std::clamp(limits.skill, 0, 20);
        const int spread =
            std::min(top - main.root_moves[static_cast<size_t>(lines - 1)].score, 200);
        int best = -SCORE_INFINITE, chosen = 0;
        for (int i = 0; i < lines; ++i) {
            const int score = main.root_moves[static_cast<size_t>(i)].score;
            if (score == -SCORE_INFINITE) continue;
            const int push =
                (weakness * (top - score) + spread * static_cast<int>(rng() % weakness)) / 128;
            if (score + push > best) best = score + push, chosen = i;
        }
        result = main.info_of(chosen);
        result.multipv = 1;
    }
    shared.stop = false;
    return result;
}

Limits Engine::level_limits(int level) {
    Limits l;
    level = std::clamp(level, 1, 8);
    // Depth and skill climb together; the top levels search by time at full strength.
    static constexpr int DEPTH[] = {1, 2, 3, 4, 6, 0, 0, 0};
    static constexpr int SKILL[] = {0, 3, 6, 10, 14, 18, 20, 20};
    static constexpr int MOVETIME[] = {0, 0, 0, 0, 0, 300, 700, 1500};
    l.depth = DEPTH[level - 1];
    l.skill = SKILL[level - 1];
    l.movetime_ms = MOVETIME[level - 1];
    if (l.depth) l.nodes = 200000;
    return l;
}

}  // namespace menagerie::engine
