// Where games are kept: an interface with an SQLite and a PostgreSQL implementation. save()
// returns only once the game is durably committed, so a move the server acknowledges survives a
// crash. Implementations are safe to call from several threads.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/stored_game.h"

namespace menagerie::server {

class Storage {
  public:
    virtual ~Storage() = default;
    virtual void save(const StoredGame& game) = 0;  // insert or replace; throws on failure
    virtual std::optional<StoredGame> load(const std::string& id) = 0;
    virtual std::vector<GameSummary> list(size_t limit) = 0;  // newest first
};

// "postgresql://..." or "postgres://..." opens PostgreSQL; anything else is an SQLite file path.
// Throws std::runtime_error naming what failed.
std::unique_ptr<Storage> open_storage(const std::string& where);

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path);
std::unique_ptr<Storage> open_postgres_storage(const std::string& url);

}  // namespace menagerie::server
