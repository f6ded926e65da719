// Games in an SQLite file. WAL journal with synchronous=FULL: a committed statement is on disk
// before save() returns, so an acknowledged move survives a kill -9 or a power cut.
//
// A save is one append to the write-ahead log and one sync of it, nothing more: the statements are
// prepared once, and the checkpoints (copying the log into the database file and syncing that,
// which SQLite would otherwise do inside whichever commit makes the log pass its threshold) run on
// a thread of their own, on a connection of their own, when the log passes the same threshold.
// Once checkpointed, the log restarts from its beginning and is overwritten in place.
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "server/storage.h"

namespace menagerie::server {

namespace {

constexpr const char* PRAGMAS = R"(
PRAGMA journal_mode=WAL;
PRAGMA busy_timeout=5000;
PRAGMA wal_autocheckpoint=0;
)";

constexpr int CHECKPOINT_FRAMES = 1000;  // log pages (SQLite's own default threshold)
constexpr auto CHECKPOINT_AT_LEAST_EVERY = std::chrono::seconds(10);  // if anything was saved

class Statement {
  public:
    Statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    void bind(int i, const std::string& text) {
        check(sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()),
                                SQLITE_TRANSIENT));
    }
    void bind(int i, int64_t n) { check(sqlite3_bind_int64(stmt_, i, n)); }
    bool step() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    }
    std::string text(int column) const {
        const auto* p = sqlite3_column_text(stmt_, column);
        return p ? std::string(reinterpret_cast<const char*>(p),
                               static_cast<size_t>(sqlite3_column_bytes(stmt_, column)))
                 : std::string();
    }
    int64_t number(int column) const { return sqlite3_column_int64(stmt_, column); }
    // Ready for the next use (a prepared statement is kept and reused).
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }

  private:
    void check(int rc) {
        if (rc != SQLITE_OK)
            throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

// Opens `path` read-write (creating it), or throws naming what failed.
sqlite3* open_database(const std::string& path) {
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close(db);
        throw std::runtime_error("cannot open the SQLite database '" + path + "': " + why);
    }
    return db;
}

void execute(sqlite3* db, const std::string& sql, const std::string& path) {
    char* error = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        sqlite3_close(db);
        throw std::runtime_error("cannot prepare the SQLite database '" + path + "': " + why);
    }
}

// The statements one connection uses, prepared once.
struct Statements {
    explicit Statements(sqlite3* db)
        : insert(db,
                 "INSERT INTO games (id, variant, mode, status, result, ply, created, updated, "
                 "record, revision) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 + 1) ON "
                 "CONFLICT(id) DO NOTHING"),
          update(db,
                 "UPDATE games SET status = ?4, result = ?5, ply = ?6, updated = ?8, record = "
                 "?9, revision = ?10 + 1 WHERE id = ?1 AND revision = ?10 AND variant = ?2 AND "
                 "mode = ?3 AND created = ?7"),
          load(db, "SELECT record, revision FROM games WHERE id = ?1"),
          list(db,
               "SELECT id, variant, mode, status, result, ply, updated FROM games ORDER BY "
               "updated DESC, id LIMIT ?1"),
          unplayed(db, "SELECT id FROM games WHERE ply = 0 AND created < ?1 LIMIT ?2"),
          remove_unplayed(db, "DELETE FROM games WHERE id = ?1 AND ply = 0"),
          insert_record(db,
                        "INSERT INTO records (kind, key, record, revision, updated) VALUES (?1, "
                        "?2, ?3, 1, ?4) ON CONFLICT(kind, key) DO NOTHING"),
          put_record(db,
                     "INSERT INTO records (kind, key, record, revision, updated) VALUES (?1, ?2, "
                     "?3, 1, ?4) ON CONFLICT(kind, key) DO UPDATE SET record = excluded.record, "
                     "revision = records.revision + 1, updated = excluded.updated"),
          load_record(db,
                      "SELECT key, record, revision, updated FROM records WHERE kind = ?1 "
                      "AND key = ?2"),
          replace_record(db,
                         "UPDATE records SET record = ?3, revision = revision + 1, updated = ?4 "
                         "WHERE kind = ?1 AND key = ?2 AND revision = ?5"),
          remove_record(db, "DELETE FROM records WHERE kind = ?1 AND key = ?2"),
          list_records(db,
                       "SELECT key, record, revision, updated FROM records WHERE kind = ?1 AND "
                       "key >= ?2 AND key < ?3 ORDER BY updated DESC, key LIMIT ?4"),
          due_records(db,
                      "SELECT key, record, revision, updated FROM records WHERE kind = ?1 AND "
                      "updated <= ?2 ORDER BY updated, key LIMIT ?3") {}
    Statement insert, update, load, list, unplayed, remove_unplayed;
    Statement insert_record, put_record, load_record, replace_record, remove_record, list_records,
        due_records;
};

// Resets a statement however its use ends.
class InUse {
  public:
    explicit InUse(Statement& st) : st_(st) {}
    ~InUse() { st_.reset(); }
    InUse(const InUse&) = delete;
    InUse& operator=(const InUse&) = delete;
    Statement* operator->() { return &st_; }

  private:
    Statement& st_;
};

class SqliteStorage final : public Storage {
  public:
    SqliteStorage(const std::string& path, SyncMode sync) : db_(open_database(path)) {
        // NORMAL in WAL mode syncs the log at checkpoints only: a commit is in the operating
        // system's hands when it returns, safe from the process's death, not from a power cut.
        execute(db_,
                std::string(PRAGMAS) +
                    (sync == SyncMode::EverySave ? "PRAGMA synchronous=FULL;"
                                                 : "PRAGMA synchronous=NORMAL;") +
                    GAMES_TABLE + RECORDS_TABLE,
                path);
        try {
            statements_ = std::make_unique<Statements>(db_);
        } catch (...) {
            sqlite3_close(db_);
            throw;
        }
        sqlite3_stmt* mode = nullptr;
        std::string journal;
        if (sqlite3_prepare_v2(db_, "PRAGMA journal_mode", -1, &mode, nullptr) == SQLITE_OK &&
            sqlite3_step(mode) == SQLITE_ROW)
            journal = reinterpret_cast<const char*>(sqlite3_column_text(mode, 0));
        sqlite3_finalize(mode);
        if (journal == "wal") {
            try {
                checkpoint_db_ = open_database(path);
                // A read makes the new connection open the log; until then a checkpoint does
                // nothing.
                execute(checkpoint_db_, "PRAGMA busy_timeout=5000; SELECT count(*) FROM games;",
                        path);
            } catch (...) {
                statements_.reset();
                sqlite3_close(db_);
                throw;
            }
            sqlite3_wal_hook(db_, &SqliteStorage::on_commit, this);
            checkpointer_ = std::thread([this] { checkpoint_loop(); });
        } else {
            execute(db_, "PRAGMA wal_autocheckpoint=1000;", path);  // no log: SQLite's default
        }
    }
    ~SqliteStorage() override {
        if (checkpointer_.joinable()) {
            {
                std::lock_guard lock(checkpoint_mutex_);
                stopping_ = true;
            }
            checkpoint_wake_.notify_all();
            checkpointer_.join();
            sqlite3_close(checkpoint_db_);
        }
        statements_.reset();
        sqlite3_close(db_);  // the last connection to close checkpoints what is left
    }

    int64_t save(const StoredGame& g) override {
        const GameSummary s = summary_of(g);
        const std::string record = to_record(g);
        std::lock_guard lock(mutex_);
        InUse st(g.revision == 0 ? statements_->insert : statements_->update);
        st->bind(1, g.id);
        st->bind(2, g.variant);
        st->bind(3, g.mode);
        st->bind(4, s.status);
        st->bind(5, s.result);
        st->bind(6, int64_t{s.ply});
        st->bind(7, g.created_ms);
        st->bind(8, g.updated_ms);
        st->bind(9, record);
        st->bind(10, g.revision);
        st->step();  // one statement is one transaction, committed (and synced) here
        if (sqlite3_changes(db_) != 1) throw StorageConflict();
        return g.revision + 1;
    }

    std::optional<StoredGame> load(const std::string& id) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->load);
        st->bind(1, id);
        if (!st->step()) return std::nullopt;
        StoredGame g = from_record(st->text(0));
        g.revision = st->number(1);
        return g;
    }

    std::vector<GameSummary> list(size_t limit) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->list);
        st->bind(1, static_cast<int64_t>(limit));
        std::vector<GameSummary> out;
        while (st->step())
            out.push_back({st->text(0), st->text(1), st->text(2), st->text(3), st->text(4),
                           static_cast<int>(st->number(5)), st->number(6)});
        return out;
    }

    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->unplayed);
        st->bind(1, created_before);
        st->bind(2, static_cast<int64_t>(limit));
        std::vector<std::string> out;
        while (st->step()) out.push_back(st->text(0));
        return out;
    }

    bool remove_unplayed(const std::string& id) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->remove_unplayed);
        st->bind(1, id);
        st->step();
        return sqlite3_changes(db_) == 1;
    }

    bool insert_record(const std::string& kind, const std::string& key, const std::string& text,
                       int64_t updated_ms) override {
        return write_record(statements_->insert_record, kind, key, text, updated_ms);
    }

    void put_record(const std::string& kind, const std::string& key, const std::string& text,
                    int64_t updated_ms) override {
        write_record(statements_->put_record, kind, key, text, updated_ms);
    }

    bool replace_record(const std::string& kind, const std::string& key, const std::string& text,
                        int64_t revision, int64_t updated_ms) override {
        return write_record(statements_->replace_record, kind, key, text, updated_ms, revision);
    }

    std::optional<StoredRecord> load_record(const std::string& kind,
                                            const std::string& key) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->load_record);
        st->bind(1, kind);
        st->bind(2, key);
        if (!st->step()) return std::nullopt;
        return record_of(st);
    }

    bool remove_record(const std::string& kind, const std::string& key) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->remove_record);
        st->bind(1, kind);
        st->bind(2, key);
        st->step();
        return sqlite3_changes(db_) == 1;
    }

    std::vector<StoredRecord> list_records(const std::string& kind, const std::string& prefix,
                                           size_t limit) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->list_records);
        st->bind(1, kind);
        st->bind(2, prefix);
        st->bind(3, key_range_end(prefix));
        st->bind(4, static_cast<int64_t>(limit));
        std::vector<StoredRecord> out;
        while (st->step()) out.push_back(record_of(st));
        return out;
    }

    std::vector<StoredRecord> due_records(const std::string& kind, int64_t until_ms,
                                          size_t limit) override {
        std::lock_guard lock(mutex_);
        InUse st(statements_->due_records);
        st->bind(1, kind);
        st->bind(2, until_ms);
        st->bind(3, static_cast<int64_t>(limit));
        std::vector<StoredRecord> out;
        while (st->step()) out.push_back(record_of(st));
        return out;
    }

  private:
    static StoredRecord record_of(InUse& st) {
        return {st->text(0), st->text(1), st->number(2), st->number(3)};
    }

    // Binds a write's kind, key, text and time (and revision), runs it; whether it changed a row.
    bool write_record(Statement& statement, const std::string& kind, const std::string& key,
                      const std::string& text, int64_t updated_ms,
                      std::optional<int64_t> revision = std::nullopt) {
        std::lock_guard lock(mutex_);
        InUse st(statement);
        st->bind(1, kind);
        st->bind(2, key);
        st->bind(3, text);
        st->bind(4, updated_ms);
        if (revision) st->bind(5, *revision);
        st->step();
        return sqlite3_changes(db_) == 1;
    }

    // After each commit, with the number of pages in the log: a full log wakes the checkpointer.
    static int on_commit(void* self, sqlite3*, const char*, int frames) {
        auto* storage = static_cast<SqliteStorage*>(self);
        storage->saved_ = true;
        if (frames >= CHECKPOINT_FRAMES) {
            storage->log_full_ = true;
            storage->checkpoint_wake_.notify_one();
        }
        return SQLITE_OK;
    }

    // A passive checkpoint never waits for the writer nor makes it wait; it copies what is
    // committed so far.
    void checkpoint_loop() {
        std::unique_lock lock(checkpoint_mutex_);
        while (!stopping_) {
            checkpoint_wake_.wait_for(lock, CHECKPOINT_AT_LEAST_EVERY,
                                      [this] { return stopping_ || log_full_; });
            if (stopping_ || !saved_.exchange(false)) continue;
            log_full_ = false;
            lock.unlock();
            if (sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_PASSIVE,
                                          nullptr, nullptr) != SQLITE_OK)
                saved_ = true;  // busy: again next time
            lock.lock();
        }
    }

    sqlite3* db_ = nullptr;
    std::unique_ptr<Statements> statements_;
    std::mutex mutex_;  // db_ and its statements
    sqlite3* checkpoint_db_ = nullptr;
    std::thread checkpointer_;
    std::mutex checkpoint_mutex_;
    std::condition_variable checkpoint_wake_;
    bool stopping_ = false;
    std::atomic<bool> saved_{false};     // since the last checkpoint
    std::atomic<bool> log_full_{false};  // the log has passed CHECKPOINT_FRAMES
};

}  // namespace

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path, SyncMode sync) {
    return std::make_unique<SqliteStorage>(path, sync);
}

}  // namespace menagerie::server
