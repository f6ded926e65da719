// Games in PostgreSQL (libpq), the same table as the SQLite storage. A commit is durable when
// PostgreSQL reports it (synchronous_commit is on by default). A small pool of connections
// serves the saves and loads, so that one slow round trip does not hold up every other game;
// a connection the server dropped is reset once before a statement fails. Each save NOTIFYs
// "ID REVISION" on GAMES_CHANNEL in its own transaction, so every server sharing the database
// hears of it (PostgresListener) exactly when it is committed; each write of a record NOTIFYs
// "KIND KEY" on RECORDS_CHANNEL the same way (the lobby of every server hears of seeks so).
#include <libpq-fe.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "server/postgres_listener.h"
#include "server/storage.h"

namespace menagerie::server {

namespace {

struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// Connections for the requests' threads: each statement takes one, and waits only when every
// connection is busy.
class ConnectionPool {
  public:
    ConnectionPool(const std::string& url, size_t size) {
        for (size_t i = 0; i < size; ++i) {
            PGconn* conn = PQconnectdb(url.c_str());
            if (!conn || PQstatus(conn) != CONNECTION_OK) {
                const std::string why =
                    conn ? postgres_message(PQerrorMessage(conn)) : "out of memory";
                PQfinish(conn);
                for (PGconn* c : all_) PQfinish(c);
                throw std::runtime_error("cannot connect to PostgreSQL: " + why);
            }
            // Notices (such as "relation already exists, skipping") are not for the terminal.
            PQsetNoticeProcessor(
                conn, [](void*, const char*) {}, nullptr);
            all_.push_back(conn);
        }
        idle_ = all_;
    }
    ~ConnectionPool() {
        for (PGconn* c : all_) PQfinish(c);
    }
    ConnectionPool(const ConnectionPool&) = delete;
    ConnectionPool& operator=(const ConnectionPool&) = delete;

    class Lease {
      public:
        Lease(ConnectionPool& pool, PGconn* conn) : pool_(pool), conn_(conn) {}
        ~Lease() { pool_.give_back(conn_); }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        PGconn* get() const { return conn_; }

      private:
        ConnectionPool& pool_;
        PGconn* conn_;
    };

    Lease take() {
        std::unique_lock lock(mutex_);
        idle_changed_.wait(lock, [&] { return !idle_.empty(); });
        PGconn* conn = idle_.back();
        idle_.pop_back();
        return Lease(*this, conn);
    }

  private:
    void give_back(PGconn* conn) {
        {
            std::lock_guard lock(mutex_);
            idle_.push_back(conn);
        }
        idle_changed_.notify_one();
    }
    std::vector<PGconn*> all_, idle_;
    std::mutex mutex_;
    std::condition_variable idle_changed_;
};

// Connections kept open for the requests: the server's engine and I/O threads (2 + 2 by
// default) can each save or load at once.
constexpr size_t POOL_SIZE = 4;

class PostgresStorage final : public Storage {
  public:
    explicit PostgresStorage(const std::string& url) : url_(url), pool_(url, POOL_SIZE) {
        const auto conn = pool_.take();
        Result r(PQexec(conn.get(), (std::string(GAMES_TABLE) + RECORDS_TABLE).c_str()));
        check(conn.get(), r.get(), PGRES_COMMAND_OK);
    }
    ~PostgresStorage() override {
        std::lock_guard lock(listener_mutex_);
        listener_.reset();  // before the pool goes: its calls may load games
        record_listener_.reset();
    }

    int64_t save(const StoredGame& g) override {
        const GameSummary s = summary_of(g);
        const std::vector<std::string> values = {g.id,
                                                 g.variant,
                                                 g.mode,
                                                 s.status,
                                                 s.result,
                                                 std::to_string(s.ply),
                                                 std::to_string(g.created_ms),
                                                 std::to_string(g.updated_ms),
                                                 to_record(g),
                                                 std::to_string(g.revision)};
        const auto conn = pool_.take();
        Result r = exec(conn.get(),
                        g.revision == 0
                            ? "WITH saved AS (INSERT INTO games (id, variant, mode, status, "
                              "result, ply, created, updated, record, revision) VALUES ($1, $2, "
                              "$3, $4, $5, $6, $7, $8, $9, $10::bigint + 1) ON CONFLICT (id) DO "
                              "NOTHING RETURNING id, revision) SELECT pg_notify('menagerie_games', "
                              "id || ' ' || revision) FROM saved"
                            : "WITH saved AS (UPDATE games SET status = $4, result = $5, ply = "
                              "$6, updated = $8, record = $9, revision = $10::bigint + 1 WHERE id "
                              "= $1 AND revision = $10::bigint AND variant = $2 AND mode = $3 AND "
                              "created = $7 RETURNING id, revision) SELECT "
                              "pg_notify('menagerie_games', id || ' ' || revision) FROM saved",
                        values);
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        if (PQntuples(r.get()) != 1) throw StorageConflict();
        return g.revision + 1;
    }

    std::optional<StoredGame> load(const std::string& id) override {
        const auto conn = pool_.take();
        Result r = exec(conn.get(), "SELECT record, revision FROM games WHERE id = $1", {id});
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        if (PQntuples(r.get()) == 0) return std::nullopt;
        StoredGame g = from_record(PQgetvalue(r.get(), 0, 0));
        g.revision = std::stoll(PQgetvalue(r.get(), 0, 1));
        return g;
    }

    std::vector<GameSummary> list(size_t limit) override {
        const auto conn = pool_.take();
        Result r = exec(conn.get(),
                        "SELECT id, variant, mode, status, result, ply, updated FROM games "
                        "ORDER BY updated DESC, id LIMIT $1",
                        {std::to_string(limit)});
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        std::vector<GameSummary> out;
        for (int i = 0; i < PQntuples(r.get()); ++i)
            out.push_back({PQgetvalue(r.get(), i, 0), PQgetvalue(r.get(), i, 1),
                           PQgetvalue(r.get(), i, 2), PQgetvalue(r.get(), i, 3),
                           PQgetvalue(r.get(), i, 4), std::stoi(PQgetvalue(r.get(), i, 5)),
                           std::stoll(PQgetvalue(r.get(), i, 6))});
        return out;
    }

    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        const auto conn = pool_.take();
        Result r = exec(conn.get(), "SELECT id FROM games WHERE ply = 0 AND created < $1 LIMIT $2",
                        {std::to_string(created_before), std::to_string(limit)});
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        std::vector<std::string> out;
        for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(PQgetvalue(r.get(), i, 0));
        return out;
    }

    bool remove_unplayed(const std::string& id) override {
        const auto conn = pool_.take();
        Result r = exec(conn.get(), "DELETE FROM games WHERE id = $1 AND ply = 0", {id});
        check(conn.get(), r.get(), PGRES_COMMAND_OK);
        return std::string(PQcmdTuples(r.get())) == "1";
    }

    void listen(ChangeListener listener, MissedListener missed) override {
        relisten(listener_, GAMES_CHANNEL,
                 listener ? Told([listener = std::move(listener)](const std::string& id,
                                                                  const std::string& revision) {
                     listener(id, std::stoll(revision));
                 })
                          : Told(),
                 std::move(missed));
    }

    bool insert_record(const std::string& kind, const std::string& key, const std::string& text,
                       int64_t updated_ms) override {
        return write_record(
            "INSERT INTO records (kind, key, record, revision, updated) VALUES ($1, $2, $3, 1, "
            "$4) ON CONFLICT (kind, key) DO NOTHING RETURNING kind, key",
            {kind, key, text, std::to_string(updated_ms)});
    }

    void put_record(const std::string& kind, const std::string& key, const std::string& text,
                    int64_t updated_ms) override {
        write_record(
            "INSERT INTO records (kind, key, record, revision, updated) VALUES ($1, $2, $3, 1, "
            "$4) ON CONFLICT (kind, key) DO UPDATE SET record = excluded.record, revision = "
            "records.revision + 1, updated = excluded.updated RETURNING kind, key",
            {kind, key, text, std::to_string(updated_ms)});
    }

    bool replace_record(const std::string& kind, const std::string& key, const std::string& text,
                        int64_t revision, int64_t updated_ms) override {
        return write_record(
            "UPDATE records SET record = $3, revision = revision + 1, updated = $4 WHERE kind = "
            "$1 AND key = $2 AND revision = $5 RETURNING kind, key",
            {kind, key, text, std::to_string(updated_ms), std::to_string(revision)});
    }

    bool remove_record(const std::string& kind, const std::string& key) override {
        return write_record("DELETE FROM records WHERE kind = $1 AND key = $2 RETURNING kind, key",
                            {kind, key});
    }

    std::optional<StoredRecord> load_record(const std::string& kind,
                                            const std::string& key) override {
        std::vector<StoredRecord> found = read_records(
            "SELECT key, record, revision, updated FROM records WHERE kind = $1 AND key = $2",
            {kind, key});
        if (found.empty()) return std::nullopt;
        return std::move(found.front());
    }

    // Compared byte by byte (COLLATE "C"), whatever the database's collation: the range is
    // that of the keys' bytes.
    std::vector<StoredRecord> list_records(const std::string& kind, const std::string& prefix,
                                           size_t limit) override {
        return read_records(
            "SELECT key, record, revision, updated FROM records WHERE kind = $1 AND key COLLATE "
            "\"C\" >= $2 AND key COLLATE \"C\" < $3 ORDER BY updated DESC, key LIMIT $4",
            {kind, prefix, key_range_end(prefix), std::to_string(limit)});
    }

    std::vector<StoredRecord> due_records(const std::string& kind, int64_t until_ms,
                                          size_t limit) override {
        return read_records(
            "SELECT key, record, revision, updated FROM records WHERE kind = $1 AND updated <= "
            "$2 ORDER BY updated, key LIMIT $3",
            {kind, std::to_string(until_ms), std::to_string(limit)});
    }

    void listen_records(RecordListener listener, MissedListener missed) override {
        relisten(record_listener_, RECORDS_CHANNEL, std::move(listener), std::move(missed));
    }

  private:
    // What a listener is told: a notice's two words ("ID REVISION", "KIND KEY").
    using Told = std::function<void(const std::string&, const std::string&)>;
    // (Re)starts `slot` listening on `channel`; an empty `told` stops it, returning once no call
    // is under way.
    void relisten(std::unique_ptr<PostgresListener>& slot, const char* channel, Told told,
                  MissedListener missed) {
        std::lock_guard lock(listener_mutex_);
        slot.reset();  // joins its thread: no call runs after this
        if (!told) return;
        slot = std::make_unique<PostgresListener>(
            url_, channel,
            [told = std::move(told)](const std::string& payload) {
                const size_t space = payload.find(' ');
                if (space != std::string::npos)
                    told(payload.substr(0, space), payload.substr(space + 1));
            },
            std::move(missed));
    }

    // A write that returns the kind and key of each row it changed, which it NOTIFYs on
    // RECORDS_CHANNEL in the same transaction; whether it changed one.
    bool write_record(const std::string& sql, const std::vector<std::string>& values) {
        const auto conn = pool_.take();
        Result r = exec(conn.get(),
                        ("WITH changed AS (" + sql + ") SELECT pg_notify('" + RECORDS_CHANNEL +
                         "', kind || ' ' || key) FROM changed")
                            .c_str(),
                        values);
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        return PQntuples(r.get()) == 1;
    }

    std::vector<StoredRecord> read_records(const char* sql,
                                           const std::vector<std::string>& values) {
        const auto conn = pool_.take();
        Result r = exec(conn.get(), sql, values);
        check(conn.get(), r.get(), PGRES_TUPLES_OK);
        std::vector<StoredRecord> out;
        for (int i = 0; i < PQntuples(r.get()); ++i)
            out.push_back({PQgetvalue(r.get(), i, 0), PQgetvalue(r.get(), i, 1),
                           std::stoll(PQgetvalue(r.get(), i, 2)),
                           std::stoll(PQgetvalue(r.get(), i, 3))});
        return out;
    }

    static Result exec(PGconn* conn, const char* sql, const std::vector<std::string>& values) {
        std::vector<const char*> params;
        for (const std::string& v : values) params.push_back(v.c_str());
        auto run = [&] {
            return Result(PQexecParams(conn, sql, static_cast<int>(params.size()), nullptr,
                                       params.data(), nullptr, nullptr, 0));
        };
        Result r = run();
        if (lost_connection(conn, r.get())) {  // the server went away: try once more
            PQreset(conn);
            if (PQstatus(conn) == CONNECTION_OK) r = run();
        }
        return r;
    }
    // Whether a statement failed because the connection did (rather than by an error of the
    // statement): libpq may still say CONNECTION_OK after the server closed it. Errors that
    // come from the server carry an SQLSTATE; its classes 08 (connection exception) and 57
    // (operator intervention: a shutdown) mean the connection is gone.
    static bool lost_connection(PGconn* conn, const PGresult* r) {
        if (PQstatus(conn) == CONNECTION_BAD || !r) return true;
        if (PQresultStatus(r) != PGRES_FATAL_ERROR) return false;
        const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
        return !state || std::string(state).starts_with("08") ||
               std::string(state).starts_with("57");
    }
    static void check(PGconn* conn, const PGresult* r, ExecStatusType wanted) {
        if (!r || PQresultStatus(r) != wanted)
            throw std::runtime_error("PostgreSQL: " + postgres_message(PQerrorMessage(conn)));
    }

    std::string url_;
    ConnectionPool pool_;
    std::mutex listener_mutex_;
    std::unique_ptr<PostgresListener> listener_, record_listener_;
};

}  // namespace

std::unique_ptr<Storage> open_postgres_storage(const std::string& url) {
    return std::make_unique<PostgresStorage>(url);
}

}  // namespace menagerie::server
