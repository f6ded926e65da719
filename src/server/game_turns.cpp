// What moves a game on without a request (game_service.h): the push of every change to the
// game's subscribers, the engine's replies, the clocks' flags and deadlines, another server's
// changes, and the sweeps that drop idle rooms and games never played.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <iostream>
#include <limits>

#include "core/error.h"
#include "engine/engine.h"
#include "server/api_error.h"
#include "server/game_requests.h"
#include "server/game_service.h"
#include "server/move_searcher.h"

namespace menagerie::server {

void GameService::changed(const std::shared_ptr<Room>& room) {
    engine_turn(room);
    room->subscribers.push(*room->game, now_ms());
    arm_flag_timer(room);
}

void GameService::engine_turn(const std::shared_ptr<Room>& room) {
    LiveGame& g = *room->game;
    if (g.over() || !g.engine_to_move() || g.thinking()) return;
    // The seat's contribution must be in before the first draw, which is the engine's move.
    if (const std::optional<int64_t> wait =
            g.contribution_wait(now_ms(), contribution_wait_.count()))
        return engine_turn_after(room, std::chrono::milliseconds(*wait));
    start_search(room);
}

void GameService::start_search(const std::shared_ptr<Room>& room) {
    LiveGame& g = *room->game;
    g.mark_searching();
    SearchLimits limits;
    limits.level = g.stored().engine_level;
    boost::asio::post(engine_pool_, [this, room, start = g.search_start(), moves = g.search_moves(),
                                     limits, version = g.version()] {
        SearchReport report;
        try {
            report = worker_searcher().search(start, moves, limits);
        } catch (const std::exception& e) {
            std::cerr << "engine search failed: " << e.what() << "\n";
        }
        std::lock_guard lock(room->mutex);
        LiveGame& game = *room->game;
        if (game.version() != version) return;  // the game changed meanwhile: a stale answer
        game.clear_searching();
        if (report.pv.empty()) return;
        const StoredGame before = game.stored();
        try {
            game.play(report.pv[0].without_outcome(), now_ms());
        } catch (const Error& e) {
            std::cerr << "the engine's move cannot be played: " << e.what() << "\n";
            return;
        }
        try {
            commit(room, before);
        } catch (const ApiError& e) {
            // The store failed (the game is as it was before the reply): search again a second
            // later, or the game would wait for a reply that never comes.
            std::cerr << e.what() << "\n";
            if (e.status() == 503) engine_turn_after(room, std::chrono::seconds(1));
            return;
        }
        changed(room);
    });
}

void GameService::engine_turn_after(const std::shared_ptr<Room>& room,
                                    std::chrono::milliseconds delay) {
    if (!room->engine_timer)
        room->engine_timer = std::make_unique<boost::asio::steady_timer>(timers_);
    room->engine_timer->expires_after(delay);
    room->engine_timer->async_wait(
        [this, weak = std::weak_ptr<Room>(room)](boost::system::error_code ec) {
            const std::shared_ptr<Room> r = weak.lock();
            if (ec || !r) return;
            std::lock_guard lock(r->mutex);
            engine_turn(r);
        });
}

void GameService::arm_flag_timer(const std::shared_ptr<Room>& room) {
    std::optional<int64_t> left = room->game->flag_in(now_ms());
    if (const std::optional<int64_t> deadline = room->game->deadline_in(now_ms()))
        left = std::min(*deadline, left.value_or(*deadline));
    if (!left) {
        if (room->flag_timer) room->flag_timer->cancel();
        return;
    }
    if (!room->flag_timer) room->flag_timer = std::make_unique<boost::asio::steady_timer>(timers_);
    room->flag_timer->expires_after(std::chrono::milliseconds(*left + 1));
    room->flag_timer->async_wait(
        [this, weak = std::weak_ptr<Room>(room)](boost::system::error_code ec) {
            const std::shared_ptr<Room> r = weak.lock();
            if (ec || !r) return;
            std::lock_guard lock(r->mutex);
            const StoredGame before = r->game->stored();
            if (r->game->settle_clock(now_ms())) {
                try {
                    commit(r, before);
                } catch (const ApiError& e) {
                    std::cerr << e.what() << "\n";
                }
            }
            changed(r);
        });
}

void GameService::arm_handover(const std::shared_ptr<Room>& room) {
    const LiveGame& g = *room->game;
    const auto wait = std::chrono::milliseconds(
                          engine::Engine::level_limits(g.stored().engine_level).movetime_ms) +
                      handover_;
    if (!room->handover_timer)
        room->handover_timer = std::make_unique<boost::asio::steady_timer>(timers_);
    room->handover_timer->expires_after(wait);
    room->handover_timer->async_wait(
        [this, weak = std::weak_ptr<Room>(room),
         revision = g.stored().revision](boost::system::error_code ec) {
            const std::shared_ptr<Room> r = weak.lock();
            if (ec || !r) return;
            std::lock_guard lock(r->mutex);
            LiveGame& game = *r->game;
            // Still the same stored game, still the engine's turn, still waiting on the other
            // server.
            if (game.stored().revision != revision || game.over() || !game.engine_to_move() ||
                !game.thinking())
                return;
            std::cerr << "no engine reply from another server in game " << game.stored().id
                      << ": searching it here\n";
            game.clear_searching();
            start_search(r);
        });
}

bool GameService::reload(const std::shared_ptr<Room>& r) {
    if (!rooms_.reload(r)) return false;
    // The server that stored the change started the engine's reply if one is due: the game
    // shows it thinking, and this server does not search too, unless the reply never comes.
    if (!r->game->over() && r->game->engine_to_move()) {
        r->game->mark_searching();
        arm_handover(r);
    }
    return true;
}

void GameService::stored_elsewhere(const std::string& id, int64_t revision) {
    const std::shared_ptr<Room> r = rooms_.held(id);
    if (!r) return;  // not held here: the next request loads it
    std::lock_guard lock(r->mutex);
    if (r->game->stored().revision >= revision) return;  // this server's own save, or known
    if (reload(r)) changed(r);
}

void GameService::recheck_all() {
    for (const std::string& id : rooms_.held_ids()) {
        try {
            stored_elsewhere(id, std::numeric_limits<int64_t>::max());
        } catch (const ApiError&) {  // the store is away again (logged): its listener will call
        }
    }
}

void GameService::arm_sweep() {
    if (idle_limit_.count() <= 0) return;  // never evict
    sweep_timer_.expires_after(std::clamp(idle_limit_ / 2, std::chrono::milliseconds(50),
                                          std::chrono::milliseconds(60'000)));
    sweep_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec) return;
        evict_idle(idle_limit_);
        if (unplayed_after_.count() > 0) {
            try {
                expire_unplayed(unplayed_after_);
            } catch (const std::exception& e) {
                std::cerr << "expiring unplayed games failed: " << e.what() << "\n";
            }
        }
        arm_sweep();
    });
}

}  // namespace menagerie::server
