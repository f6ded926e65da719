#include "server/rooms.h"

#include <iostream>

#include "core/error.h"
#include "server/api_error.h"

namespace menagerie::server {

std::shared_ptr<Room> Rooms::get(const std::string& id) {
    const bool well_formed = !id.empty() && id.size() <= 32 &&
                             id.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!well_formed) throw ApiError(404, "there is no game " + menagerie::quoted(id));
    std::unique_lock lock(mutex_);
    if (const auto it = rooms_.find(id); it != rooms_.end()) {
        it->second->last_used_ms = now_ms();
        return it->second;
    }
    std::optional<StoredGame> stored;
    try {
        stored = storage_.load(id);
    } catch (const std::exception& e) {
        storage_unavailable("the game cannot be read", e);
    }
    if (!stored) throw ApiError(404, "there is no game " + menagerie::quoted(id));
    auto room = std::make_shared<Room>();
    try {
        room->game = std::make_unique<LiveGame>(std::move(*stored));
    } catch (const std::exception& e) {
        throw ApiError(500, e.what());
    }
    room->last_used_ms = now_ms();
    // Locked before anyone else can see it (so this never waits, though mutex_ is held), and
    // until the hook has made it ready: a request for the same game waits for that.
    std::lock_guard room_lock(room->mutex);
    rooms_[id] = room;
    lock.unlock();
    if (loaded_) loaded_(room);
    return room;
}

std::shared_ptr<Room> Rooms::held(const std::string& id) {
    std::lock_guard lock(mutex_);
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::vector<std::string> Rooms::held_ids() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> ids;
    for (const auto& [id, room] : rooms_) ids.push_back(id);
    return ids;
}

void Rooms::add(const std::shared_ptr<Room>& room) {
    try {
        room->game->set_revision(storage_.save(room->game->stored()));
    } catch (const std::exception& e) {
        storage_unavailable("the game could not be stored", e);
    }
    tell_committed(nullptr, room->game->stored());
    std::lock_guard lock(mutex_);
    room->last_used_ms = now_ms();
    rooms_[room->game->stored().id] = room;
}

void Rooms::store(const std::shared_ptr<Room>& room, const StoredGame& before) {
    try {
        room->game->set_revision(storage_.save(room->game->stored()));
    } catch (const StorageConflict&) {
        throw;
    } catch (const std::exception& e) {
        room->game = std::make_unique<LiveGame>(before);
        storage_unavailable("the game could not be stored", e);
    }
    tell_committed(&before, room->game->stored());
}

void Rooms::tell_committed(const StoredGame* before, const StoredGame& after) {
    if (!committed_) return;
    try {
        committed_(before, after);
    } catch (const std::exception& e) {  // the change is stored: it stands
        std::cerr << "after storing game " << after.id << ": " << e.what() << "\n";
    }
}

bool Rooms::reload(const std::shared_ptr<Room>& room) {
    std::optional<StoredGame> theirs;
    try {
        theirs = storage_.load(room->game->stored().id);
    } catch (const std::exception& e) {
        storage_unavailable("the game cannot be read", e);
    }
    if (!theirs || theirs->revision <= room->game->stored().revision) return false;
    room->game = std::make_unique<LiveGame>(std::move(*theirs));
    return true;
}

size_t Rooms::evict_idle(std::chrono::milliseconds idle) {
    const int64_t now = now_ms();
    std::vector<std::shared_ptr<Room>> dropped;  // freed after mutex_ is let go
    {
        std::lock_guard lock(mutex_);
        for (auto it = rooms_.begin(); it != rooms_.end();) {
            Room& r = *it->second;
            // Only the map holds the room: no subscription, no search (it holds its room), no
            // request under way; and no new holder can appear while mutex_ is held. The room's
            // own lock is only tried, never waited for, under mutex_.
            bool drop = it->second.use_count() == 1 && now - r.last_used_ms >= idle.count();
            if (drop) {
                std::unique_lock room_lock(r.mutex, std::try_to_lock);
                drop = room_lock.owns_lock() && r.subscribers.empty() && !r.game->flag_in(now);
            }
            if (drop) {
                dropped.push_back(std::move(it->second));
                it = rooms_.erase(it);
            } else {
                ++it;
            }
        }
    }
    evicted_ += dropped.size();
    return dropped.size();
}

size_t Rooms::expire_unplayed(std::chrono::milliseconds age) {
    // Under mutex_ no request can load a game meanwhile, so none is deleted under a player's
    // hands; a game in memory is in use and stays.
    std::lock_guard lock(mutex_);
    size_t deleted = 0;
    for (const std::string& id : storage_.unplayed(now_ms() - age.count(), 500)) {
        if (rooms_.contains(id)) continue;
        // A correspondence game's first move has days, not hours: its deadline ends it.
        if (const std::optional<StoredGame> g = storage_.load(id); g && g->days_per_move) continue;
        if (storage_.remove_unplayed(id)) ++deleted;
    }
    return deleted;
}

size_t Rooms::size() {
    std::lock_guard lock(mutex_);
    return rooms_.size();
}

}  // namespace menagerie::server
