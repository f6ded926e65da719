// The games: create, look up, move, resign, take back, export, analyse, and push every change
// to the game's subscribers. The games in memory and their store are the rooms' (server/rooms.h):
// a change is stored (durably) before it is acknowledged or pushed; if storing fails, the game is
// rolled back and the request fails. The requests are in game_service.cpp; what moves a game on
// without a request (the engine's replies, the clocks' flags, another server's changes, the
// sweeps) is in game_turns.cpp. The engine's replies in games run on their own thread pool
// (applied only if the game has not changed meanwhile) and analyses on another
// (server/analyses.h), so no analysis ever holds back a game's reply.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "server/analyses.h"
#include "server/atlas.h"
#include "server/live_game.h"
#include "server/rooms.h"
#include "server/storage.h"
#include "server/subscribers.h"

namespace menagerie::server {

// What the lobby adds to an online game it makes: the accounts that hold its seats, whether it
// is rated, days per move for correspondence, and the token hashes of seats whose holders have
// their tokens already (the seeker's seek token).
struct Seating {
    std::map<std::string, SeatHolder> players;
    bool rated = false;
    int days_per_move = 0;
    std::map<std::string, std::string> token_hashes;
};

class GameService {
  public:
    // `timers` runs the clocks' flag timers and the eviction sweeps; `engine_threads` searches
    // the engine's replies in games, `analysis_threads` (others) the analyses; a game left alone
    // for `idle_limit` is dropped from memory (evict_idle()).
    // When another server sharing the database stored a move that the engine answers, this one
    // waits the level's search time and `handover` more for that server's reply, then searches
    // the reply itself (the other server may have stopped).
    GameService(Storage& storage, boost::asio::any_io_executor timers, int engine_threads = 2,
                std::chrono::milliseconds idle_limit = std::chrono::minutes(5),
                std::chrono::milliseconds handover = std::chrono::seconds(10),
                int analysis_threads = 1,
                std::chrono::milliseconds unplayed_after = std::chrono::hours(24));
    ~GameService();
    GameService(const GameService&) = delete;
    GameService& operator=(const GameService&) = delete;

    // Every refereed game created from now on gets this seed (a seed as `--seed` takes it)
    // instead of a secret random one, and its state and PGN say so: for tests only (`menagerie
    // serve --test-seed`). Throws std::invalid_argument naming what is wrong with the seed.
    void fix_refereed_seeds(const std::string& seed);

    // In an engine game of a refereed game (Black Swan) whose first move is the engine's, that
    // move waits at most this long from the game's creation for the human seat's contribution,
    // so that the seat's randomness is in before the first draw (10 s unless set).
    void wait_for_contributions(std::chrono::milliseconds wait) { contribution_wait_ = wait; }

    // The setup atlas that create() draws balanced setups from and the API serves (the one
    // built into the program unless this replaces it: `menagerie serve --atlas`).
    void use_atlas(std::shared_ptr<const Atlas> atlas) { atlas_ = std::move(atlas); }
    // (The one built in is read on first use, not when the service starts: checking its rows
    // takes a while in a sanitizer build.)
    const Atlas& atlas() const { return atlas_ ? *atlas_ : *Atlas::embedded(); }

    // Each throws ApiError (4xx) for a bad request, changing nothing.
    nlohmann::json create(const nlohmann::json& body, const Seating& seating = {});  // the 201 body
    nlohmann::json list();
    // For a proxy's or a monitor's checks: {"status":"ok"} once the store answers (a list of
    // one game), else ApiError 503.
    nlohmann::json health();
    nlohmann::json state(const std::string& id, const Credential& who);
    nlohmann::json move(const std::string& id, const Credential& who, const nlohmann::json& move,
                        const nlohmann::json& ply);
    nlohmann::json resign(const std::string& id, const Credential& who);
    nlohmann::json takeback(const std::string& id, const Credential& who);
    // `action`: "offer", "accept" or "decline" (online games).
    nlohmann::json draw(const std::string& id, const Credential& who, const std::string& action);
    // A seat's contribution `text` to a refereed game's randomness, for its own side, or for
    // `colour` ("white" or "black", the `both` seat's choice): docs/web-api.md.
    nlohmann::json contribute(const std::string& id, const Credential& who,
                              const nlohmann::json& text, const nlohmann::json& colour);
    std::string pgn(const std::string& id);
    // A game at a glance for a player's list: {"seat","turn","your_move","status","result",
    // "ply","variant","deadline"?}.
    nlohmann::json glance(const std::string& id, const Credential& who);
    // Calls `read` with the game as stored, under the game's lock (so no change is stored
    // meanwhile); ApiError 404 if there is no such game.
    void read_stored(const std::string& id, const std::function<void(const StoredGame&)>& read);
    // Ends the game on time if its side to move's clock or deadline has passed (the sweep of
    // correspondence deadlines); the deadline still to come, nullopt when none is.
    std::optional<int64_t> settle(const std::string& id);

    // Told of every change stored, with the game as it was (null for a new game) and as it is
    // now, under the game's lock: the lobby, the ratings and the deadlines follow games so. Set
    // before the service is used.
    void on_commit(Rooms::Committed hook) { rooms_.on_commit(std::move(hook)); }
    // An analysis of a position, on the analyses' own pool (server/analyses.h).
    void analyse(const nlohmann::json& body,
                 std::function<void(int status, nlohmann::json body)> reply);

    // A subscriber gets the state (as its seat sees it) now and after every change
    // (server/subscribers.h).
    struct Subscription {
        std::shared_ptr<Room> room;
        uint64_t id = 0;
        Seat seat = Seat::Spectator;
    };
    Subscription subscribe(const std::string& id, const Credential& who, Send send);
    // Touches only the subscription's room, so a session may end after the service.
    static void unsubscribe(const Subscription& subscription);

    // Drops from memory every game nobody holds (no subscriber, no search, no request under
    // way) whose clock is not running and that nobody asked for in the last `idle`; the next
    // request reloads it from storage. Runs by itself every so often with the service's idle
    // limit; returns how many it dropped.
    size_t evict_idle(std::chrono::milliseconds idle) { return rooms_.evict_idle(idle); }
    size_t games_in_memory() { return rooms_.size(); }
    // Deletes from the store the games not in memory that have had no move `age` after their
    // creation (games made and left: a bot's, a page closed at once), but correspondence games
    // (their first move's deadline ends them); the sweep runs it with the service's limit.
    // Returns how many it deleted.
    size_t expire_unplayed(std::chrono::milliseconds age) { return rooms_.expire_unplayed(age); }
    uint64_t games_evicted() const { return rooms_.evicted(); }

    // Waits for running searches to end (for shutdown and tests); every analysis accepted is
    // answered (503 if it had not finished).
    void stop();

  private:
    std::shared_ptr<Room> room(const std::string& id) { return rooms_.get(id); }
    // Stores the room's game; on failure restores `before` and throws ApiError 503, or if another
    // server stored the game meanwhile, takes its version and throws ApiError 409.
    void commit(const std::shared_ptr<Room>& room, const StoredGame& before);
    // A room just loaded from the store: its clocks run again from the service's start (the
    // downtime rule), and a search that a restart cut short starts again.
    void loaded(const std::shared_ptr<Room>& room);
    // A game whose side to move has run out of time ends now (stored and pushed); a finished
    // game is refused with ApiError 409.
    void refuse_if_over(const std::shared_ptr<Room>& room, const StoredGame& before);
    // Pushes the game to its subscribers, starts a search, arms the flag timer.
    void changed(const std::shared_ptr<Room>& room);
    // The engine to move: its search starts, unless its first move waits for a contribution.
    void engine_turn(const std::shared_ptr<Room>& room);
    void start_search(const std::shared_ptr<Room>& room);
    void engine_turn_after(const std::shared_ptr<Room>& room, std::chrono::milliseconds delay);
    void arm_flag_timer(const std::shared_ptr<Room>& room);
    void arm_handover(const std::shared_ptr<Room>& room);
    void arm_sweep();
    // Another server sharing the database stored game `id` as `revision`: a copy held here is
    // reloaded and pushed to its subscribers.
    void stored_elsewhere(const std::string& id, int64_t revision);
    // Changes may have gone untold (the storage's listener was reconnecting): every game held
    // is compared with the store.
    void recheck_all();
    // The room's game as stored, if the store has a newer revision (the room locked); true if
    // it changed, and then an engine reply due is left to the server that stored the change for
    // a while (arm_handover). Throws ApiError 503 if the store cannot be read.
    bool reload(const std::shared_ptr<Room>& room);

    Storage& storage_;
    Rooms rooms_;
    boost::asio::any_io_executor timers_;
    boost::asio::thread_pool engine_pool_;  // the engine's replies in games
    Analyses analyses_;                     // /api/analyse
    std::chrono::milliseconds idle_limit_;
    std::chrono::milliseconds handover_;
    std::chrono::milliseconds unplayed_after_;
    int64_t started_ms_;  // when this service started (the clocks' downtime rule)
    boost::asio::steady_timer sweep_timer_;
    std::optional<std::string> test_seed_;
    std::chrono::milliseconds contribution_wait_ = std::chrono::seconds(10);
    std::shared_ptr<const Atlas> atlas_;  // null: the one built in
};

}  // namespace menagerie::server
