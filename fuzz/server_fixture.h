// What the API and WebSocket targets share: a game service on a store in memory, with games of
// several kinds created for each input (the input names them by placeholders), and the checks
// that hold after every request whatever it was.
#pragma once

#include <boost/asio/io_context.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_util.h"
#include "server/game_service.h"
#include "server/live_game.h"
#include "server/storage.h"

namespace menagerie::fuzz {

// The store of one input's games.
class MemoryStorage final : public server::Storage {
  public:
    int64_t save(const server::StoredGame& game) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(game.id);
        const int64_t stored = it == games_.end() ? 0 : it->second.revision;
        if (stored != game.revision) throw server::StorageConflict();
        server::StoredGame copy = server::from_record(server::to_record(game));
        copy.revision = game.revision + 1;
        games_[game.id] = copy;
        return copy.revision;
    }
    std::optional<server::StoredGame> load(const std::string& id) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end()) return std::nullopt;
        return it->second;
    }
    std::vector<server::GameSummary> list(size_t limit) override {
        std::lock_guard lock(mutex_);
        std::vector<server::GameSummary> out;
        for (const auto& [id, game] : games_)
            if (out.size() < limit) out.push_back(server::summary_of(game));
        return out;
    }
    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const auto& [id, game] : games_)
            if (game.moves.empty() && game.created_ms < created_before && out.size() < limit)
                out.push_back(id);
        return out;
    }
    bool remove_unplayed(const std::string& id) override {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end() || !it->second.moves.empty()) return false;
        games_.erase(it);
        return true;
    }
    std::vector<server::StoredGame> all() {
        std::lock_guard lock(mutex_);
        std::vector<server::StoredGame> out;
        for (const auto& [id, game] : games_) out.push_back(game);
        return out;
    }

  private:
    std::mutex mutex_;
    std::map<std::string, server::StoredGame> games_;
};

// A service (its engine pools of one thread each, its timers never run: a clock's flag is not
// the input's to decide) with these games, by number: 0 an online chess game with a clock, 1 an
// online Black Swan game with a clock (a fixed test seed), 2 a local Placement game, 3 a Chess
// 66 game against the engine at level 1, 4 an analysis board of a Chess960 position. In an
// input, `$id0` is game 0's id, `$w0`, `$b0`, `$both0` its seats' tokens, `$id9` an id no game
// has, `$x` a token no seat holds.
class ServerFixture {
  public:
    ServerFixture();
    ~ServerFixture();
    server::GameService& service() { return *service_; }
    // `text` with every placeholder replaced.
    std::string expand(std::string text) const;
    // What holds after any request: every game stored reads back and replays; the list shows
    // no token hash and no seed; no state a seat or spectator can see shows a seed before its
    // game ends.
    void check_invariants();

  private:
    boost::asio::io_context io_;
    MemoryStorage storage_;
    std::unique_ptr<server::GameService> service_;
    std::vector<std::pair<std::string, std::string>> placeholders_;  // longest first
    std::map<std::string, int64_t> checked_;  // the revision of each game last checked
};

}  // namespace menagerie::fuzz
