#include "server/game_requests.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <random>

#include "core/error.h"
#include "core/setup.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/api_error.h"

namespace menagerie::server {

// Each engine worker thread keeps one searcher (an engine with its hash) for all its searches.
// The worker first lowers its own priority to nice 10 (on Linux a thread's nice value is its
// own, and the engine's search threads, created afterwards, inherit it), so that requests come
// first when the engine fills the cores. Not the idle class: under it a search gets no CPU at
// all while anything else runs (other tests, a build), and a game against the engine stalls.
MoveSearcher& worker_searcher() {
    thread_local std::unique_ptr<MoveSearcher> searcher = [] {
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
        return make_move_searcher();
    }();
    return *searcher;
}

// A move an analysis plays on its position (on a player's view, with its outcome).
Move parse_move_text(Position& pos, const std::string& text) {
    try {
        return parse_played_move(pos, text);
    } catch (const Error& e) {
        throw ApiError(400, requote(e.what(), text));
    }
}

Position requested_start(const std::shared_ptr<const Game>& game,
                         const std::optional<std::string>& fen,
                         const std::optional<std::string>& setup,
                         std::optional<std::string>& setup_id, bool draw_random, const Atlas* atlas,
                         std::optional<int> balance) {
    try {
        if (fen) return parse_fen(game, *fen);
        if (setup) {
            const Setup& s = game->find_setup(*setup);
            setup_id = game->start.setup_id ? s.name : std::to_string(s.number);
            return setup_position(game, s.number);
        }
        if (has_fixed_start(*game)) return start_position(game);
        if (!draw_random)
            throw ApiError(400,
                           game->name + " starts from a drawn setup: give \"fen\" or \"setup\"");
        std::mt19937_64 rng(std::random_device{}());
        const int n =
            balance ? atlas->draw_balanced(game, *balance, rng) : draw_setup_number(*game, rng);
        const Setup& s = game->start.setups[static_cast<size_t>(n)];
        setup_id = game->start.setup_id ? s.name : std::to_string(s.number);
        return setup_position(game, n);
    } catch (const Error& e) {
        throw ApiError(400, e.what());
    }
}

}  // namespace menagerie::server
