// The games held in memory and their store. Each game lives in a room whose mutex guards it, so
// requests for different games never wait for each other. A room is loaded from the store on
// first use, each change is stored (durably) before anyone is told of it, a copy is reloaded when
// the store holds a newer one, and a room that nobody holds is dropped after a while (the next
// request loads it again).
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/live_game.h"
#include "server/storage.h"
#include "server/subscribers.h"

namespace menagerie::server {

struct Room {
    std::mutex mutex;
    std::unique_ptr<LiveGame> game;
    Subscribers subscribers;
    std::unique_ptr<boost::asio::steady_timer> flag_timer;
    std::unique_ptr<boost::asio::steady_timer> handover_timer;
    // The engine's turn again later: a reply the store refused, a first move that waits for a
    // contribution.
    std::unique_ptr<boost::asio::steady_timer> engine_timer;
    int64_t last_used_ms = 0;  // under the rooms' own lock
};

class Rooms {
  public:
    explicit Rooms(Storage& storage) : storage_(storage) {}

    // Told of every change stored, with the game as it was (null for a new game) and as it is
    // now, the room locked.
    using Committed = std::function<void(const StoredGame* before, const StoredGame& after)>;
    void on_commit(Committed hook) { committed_ = std::move(hook); }
    // Told (the room locked) when a room was loaded from the store, before any request sees it.
    using Loaded = std::function<void(const std::shared_ptr<Room>& room)>;
    void on_load(Loaded hook) { loaded_ = std::move(hook); }

    // The room of game `id`, loaded if it is not held; ApiError 404 for no such game, 503 when
    // the store cannot be read.
    std::shared_ptr<Room> get(const std::string& id);
    // The room of game `id` if it is held, else null.
    std::shared_ptr<Room> held(const std::string& id);
    std::vector<std::string> held_ids();
    // A new game's room: stored, then held.
    void add(const std::shared_ptr<Room>& room);
    // Stores the room's game. On failure the game is `before` again and ApiError 503 is thrown;
    // StorageConflict (another server stored the game meanwhile) is thrown as it is, the game
    // left as it is for the caller to settle.
    void store(const std::shared_ptr<Room>& room, const StoredGame& before);
    // The room's game as stored, if the store has a newer revision (the room locked); true if
    // it changed. ApiError 503 if the store cannot be read.
    bool reload(const std::shared_ptr<Room>& room);

    // Drops every room nobody holds (no subscriber, no search, no request under way) whose clock
    // is not running and that nobody asked for in the last `idle`; how many.
    size_t evict_idle(std::chrono::milliseconds idle);
    // Deletes from the store the games not held that have had no move `age` after their creation,
    // but correspondence games (their first move's deadline ends them); how many.
    size_t expire_unplayed(std::chrono::milliseconds age);
    size_t size();
    uint64_t evicted() const { return evicted_; }

  private:
    void tell_committed(const StoredGame* before, const StoredGame& after);

    Storage& storage_;
    // The map. A room's own lock is never waited for while it is held: only tried (eviction),
    // or taken on a room nobody else can see yet (loading).
    std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;
    std::atomic<uint64_t> evicted_{0};
    Committed committed_;
    Loaded loaded_;
};

}  // namespace menagerie::server
