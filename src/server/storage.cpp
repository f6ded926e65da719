#include "server/storage.h"

#include <iostream>

#include "server/api_error.h"

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

const char* const RECORDS_TABLE = R"(
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  record TEXT NOT NULL,
  revision BIGINT NOT NULL,
  updated BIGINT NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX IF NOT EXISTS records_updated ON records(kind, updated);
)";

std::string key_range_end(const std::string& prefix) {
    if (prefix.empty()) return "\x7f";
    std::string end = prefix;
    end.back() = static_cast<char>(end.back() + 1);
    return end;
}

namespace {
[[noreturn]] void no_records() {
    throw std::runtime_error("this store keeps games only, no records");
}
}  // namespace

bool Storage::insert_record(const std::string&, const std::string&, const std::string&, int64_t) {
    no_records();
}
void Storage::put_record(const std::string&, const std::string&, const std::string&, int64_t) {
    no_records();
}
std::optional<StoredRecord> Storage::load_record(const std::string&, const std::string&) {
    no_records();
}
bool Storage::replace_record(const std::string&, const std::string&, const std::string&, int64_t,
                             int64_t) {
    no_records();
}
bool Storage::remove_record(const std::string&, const std::string&) { no_records(); }
std::vector<StoredRecord> Storage::list_records(const std::string&, const std::string&, size_t) {
    no_records();
}
std::vector<StoredRecord> Storage::due_records(const std::string&, int64_t, size_t) {
    no_records();
}

void storage_unavailable(const std::string& what, const std::exception& e) {
    std::cerr << "storage: " << what << ": " << e.what() << "\n";
    throw ApiError(503, what + ": the game store is unavailable, try again shortly");
}

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
