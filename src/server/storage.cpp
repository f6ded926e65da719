#include "server/storage.h"

namespace menagerie::server {

const char* const GAMES_TABLE = R"(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  mode TEXT NOT NULL,
  status TEXT NOT NULL,
  result TEXT NOT NULL,
  ply INTEGER NOT NULL,
  created BIGINT NOT NULL,
  updated BIGINT NOT NULL,
  revision BIGINT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
)";

std::unique_ptr<Storage> open_storage(const std::string& where, std::optional<SyncMode> sync) {
    if (where.starts_with("postgresql://") || where.starts_with("postgres://")) {
        if (sync)
            throw std::runtime_error(
                "--sync is for SQLite: on PostgreSQL the database's synchronous_commit decides");
        return open_postgres_storage(where);
    }
    return open_sqlite_storage(where, sync.value_or(SQLITE_DEFAULT_SYNC));
}

}  // namespace menagerie::server
