// Games in an SQLite file. WAL journal with synchronous=FULL: a committed statement is on disk
// before save() returns, so an acknowledged move survives a kill -9 or a power cut.
#include <sqlite3.h>

#include <mutex>
#include <stdexcept>

#include "server/storage.h"

namespace menagerie::server {

namespace {

constexpr const char* PRAGMAS = R"(
PRAGMA journal_mode=WAL;
PRAGMA synchronous=FULL;
PRAGMA busy_timeout=5000;
)";

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

  private:
    void check(int rc) {
        if (rc != SQLITE_OK)
            throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStorage final : public Storage {
  public:
    explicit SqliteStorage(const std::string& path) {
        const int rc = sqlite3_open_v2(path.c_str(), &db_,
                                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
        if (rc != SQLITE_OK) {
            const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            throw std::runtime_error("cannot open the SQLite database '" + path + "': " + why);
        }
        const std::string schema = std::string(PRAGMAS) + GAMES_TABLE;
        char* error = nullptr;
        if (sqlite3_exec(db_, schema.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string why = error ? error : "unknown error";
            sqlite3_free(error);
            sqlite3_close(db_);
            throw std::runtime_error("cannot prepare the SQLite database '" + path + "': " + why);
        }
    }
    ~SqliteStorage() override { sqlite3_close(db_); }

    int64_t save(const StoredGame& g) override {
        const GameSummary s = summary_of(g);
        std::lock_guard lock(mutex_);
        Statement st(db_, g.revision == 0
                              ? "INSERT INTO games (id, variant, mode, status, result, ply, "
                                "created, updated, record, revision) VALUES (?1, ?2, ?3, ?4, ?5, "
                                "?6, ?7, ?8, ?9, ?10 + 1) ON CONFLICT(id) DO NOTHING"
                              : "UPDATE games SET status = ?4, result = ?5, ply = ?6, updated = "
                                "?8, record = ?9, revision = ?10 + 1 WHERE id = ?1 AND revision "
                                "= ?10 AND variant = ?2 AND mode = ?3 AND created = ?7");
        st.bind(1, g.id);
        st.bind(2, g.variant);
        st.bind(3, g.mode);
        st.bind(4, s.status);
        st.bind(5, s.result);
        st.bind(6, int64_t{s.ply});
        st.bind(7, g.created_ms);
        st.bind(8, g.updated_ms);
        st.bind(9, to_record(g));
        st.bind(10, g.revision);
        st.step();  // one statement is one transaction, committed (and synced) here
        if (sqlite3_changes(db_) != 1) throw StorageConflict();
        return g.revision + 1;
    }

    std::optional<StoredGame> load(const std::string& id) override {
        std::lock_guard lock(mutex_);
        Statement st(db_, "SELECT record, revision FROM games WHERE id = ?1");
        st.bind(1, id);
        if (!st.step()) return std::nullopt;
        StoredGame g = from_record(st.text(0));
        g.revision = st.number(1);
        return g;
    }

    std::vector<GameSummary> list(size_t limit) override {
        std::lock_guard lock(mutex_);
        Statement st(db_,
                     "SELECT id, variant, mode, status, result, ply, updated FROM games "
                     "ORDER BY updated DESC, id LIMIT ?1");
        st.bind(1, static_cast<int64_t>(limit));
        std::vector<GameSummary> out;
        while (st.step())
            out.push_back({st.text(0), st.text(1), st.text(2), st.text(3), st.text(4),
                           static_cast<int>(st.number(5)), st.number(6)});
        return out;
    }

  private:
    sqlite3* db_ = nullptr;
    std::mutex mutex_;
};

}  // namespace

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path) {
    return std::make_unique<SqliteStorage>(path);
}

}  // namespace menagerie::server
