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
};

// The games table and its index, in SQL that SQLite and PostgreSQL both take.
extern const char* const GAMES_TABLE;

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

// "postgresql://..." or "postgres://..." opens PostgreSQL; anything else is an SQLite file path.
// A sync mode is SQLite's: given with a PostgreSQL URL it is refused. Throws std::runtime_error
// naming what failed.
std::unique_ptr<Storage> open_storage(const std::string& where,
                                      std::optional<SyncMode> sync = std::nullopt);

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path,
                                             SyncMode sync = SQLITE_DEFAULT_SYNC);
std::unique_ptr<Storage> open_postgres_storage(const std::string& url);

}  // namespace menagerie::server
