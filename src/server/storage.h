// Where games are kept: an interface with an SQLite and a PostgreSQL implementation. save()
// returns only once the game is durably committed, so a move the server acknowledges survives a
// crash. Implementations are safe to call from several threads.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/stored_game.h"

namespace menagerie::server {

// One of the server's small records (an account, a session, a seek, ...): a JSON text under a
// kind and a key. Its revision works as a game's does, so that two servers sharing a database
// never overwrite each other's changes.
struct StoredRecord {
    std::string key, text;
    int64_t revision = 0;    // 1 when inserted, one more per change
    int64_t updated_ms = 0;  // the time its kind orders it by (a deadline record: the deadline)
};

// Another server saved the game since this copy was read.
class StorageConflict : public std::runtime_error {
  public:
    StorageConflict() : std::runtime_error("the game was changed by another server") {}
};

class Storage {
  public:
    virtual ~Storage() = default;
    // Inserts (revision 0) or replaces the stored game of revision game.revision; returns the new
    // revision. Throws StorageConflict if the stored revision differs, std::runtime_error on
    // failure.
    virtual int64_t save(const StoredGame& game) = 0;
    virtual std::optional<StoredGame> load(const std::string& id) = 0;
    virtual std::vector<GameSummary> list(size_t limit) = 0;  // newest first
    // Up to `limit` games that have no move and were created before `created_before` (ms since
    // 1970), and the deletion of one of them (false if it has got a move meanwhile or is gone).
    virtual std::vector<std::string> unplayed(int64_t created_before, size_t limit) = 0;
    virtual bool remove_unplayed(const std::string& id) = 0;

    // Whoever shares the database stored game `id` as `revision` (this storage's own saves may
    // be told too). Called on a thread of the storage's own.
    using ChangeListener = std::function<void(const std::string& id, int64_t revision)>;
    // The storage could not hear of changes for a while (its connection to the database was
    // lost, and is back): any game may have changed meanwhile. On the same thread.
    using MissedListener = std::function<void()>;
    // Starts telling `listener` of every game stored, and `missed` when changes may have gone
    // untold; empty ones stop, returning once no call is under way. A storage that cannot tell
    // (SQLite: one server per file) never calls.
    virtual void listen(ChangeListener listener, MissedListener missed) {
        (void)listener, (void)missed;
    }

    // The records (RECORDS_TABLE). Keys are printable ASCII. A store made for games alone (a
    // test's) keeps none: each of these throws std::runtime_error, as on any failure.
    // Inserts a record (revision 1) unless its key is taken: false then.
    virtual bool insert_record(const std::string& kind, const std::string& key,
                               const std::string& text, int64_t updated_ms);
    // Inserts or overwrites, whatever its revision (for records only one writer changes).
    virtual void put_record(const std::string& kind, const std::string& key,
                            const std::string& text, int64_t updated_ms);
    virtual std::optional<StoredRecord> load_record(const std::string& kind,
                                                    const std::string& key);
    // Replaces the record of revision `revision`; false if it has another (or is gone).
    virtual bool replace_record(const std::string& kind, const std::string& key,
                                const std::string& text, int64_t revision, int64_t updated_ms);
    // False if there was none: of two servers removing one record, exactly one gets true.
    virtual bool remove_record(const std::string& kind, const std::string& key);
    // Up to `limit` records of `kind` whose key starts with `prefix`, the latest updated first.
    virtual std::vector<StoredRecord> list_records(const std::string& kind,
                                                   const std::string& prefix, size_t limit);
    // Up to `limit` records of `kind` updated at `until_ms` or before, the earliest first.
    virtual std::vector<StoredRecord> due_records(const std::string& kind, int64_t until_ms,
                                                  size_t limit);
    // Whoever shares the database wrote or removed the record `kind`/`key` (this storage's own
    // writes may be told too); `missed` as for games. On a thread of the storage's own; empty
    // ones stop. SQLite never calls.
    using RecordListener = std::function<void(const std::string& kind, const std::string& key)>;
    virtual void listen_records(RecordListener listener, MissedListener missed) {
        (void)listener, (void)missed;
    }
};

// The games table and its index, in SQL that SQLite and PostgreSQL both take.
extern const char* const GAMES_TABLE;
// The records table: every kind of small record in one, in the same SQL for both.
extern const char* const RECORDS_TABLE;
// The first key after every key that starts with `prefix` (keys are printable ASCII), for a
// range that an index on the key serves.
std::string key_range_end(const std::string& prefix);

// How far a save is on disk when it returns (SQLite; PostgreSQL's own synchronous_commit decides
// there). Either way a saved move survives the server's process being killed (kill -9): the
// difference is a crash of the whole machine or a power cut.
enum class SyncMode {
    EverySave,   // synced to disk before save returns: survives a power cut too
    ProcessSafe  // handed to the operating system; synced at checkpoints
};

// SQLite's default: the issue asks that acknowledged moves survive the server's death, and a
// sync per move puts the disk's latency (its tail above 10 ms on a shared machine) into every
// move's answer; a site that must also survive power cuts asks for EverySave.
inline constexpr SyncMode SQLITE_DEFAULT_SYNC = SyncMode::ProcessSafe;

// Logs what the store said (the database's own words, its host, its port, its user, are for the
// log, not for clients) and throws ApiError 503 saying `what` failed.
[[noreturn]] void storage_unavailable(const std::string& what, const std::exception& e);

// "postgresql://..." or "postgres://..." opens PostgreSQL; anything else is an SQLite file path.
// A sync mode is SQLite's: given with a PostgreSQL URL it is refused. Throws std::runtime_error
// naming what failed.
std::unique_ptr<Storage> open_storage(const std::string& where,
                                      std::optional<SyncMode> sync = std::nullopt);

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path,
                                             SyncMode sync = SQLITE_DEFAULT_SYNC);
std::unique_ptr<Storage> open_postgres_storage(const std::string& url);

}  // namespace menagerie::server
