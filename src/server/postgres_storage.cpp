// Games in PostgreSQL (libpq), the same table as the SQLite storage. A commit is durable when
// PostgreSQL reports it (synchronous_commit is on by default). A small pool of connections
// serves the saves and loads, so that one slow round trip does not hold up every other game;
// a connection the server dropped is reset once before a statement fails. Each save NOTIFYs
// "ID REVISION" on GAMES_CHANNEL in its own transaction, so every server sharing the database
// hears of it (PostgresListener) exactly when it is committed.
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
        Result r(PQexec(conn.get(), GAMES_TABLE));
        check(conn.get(), r.get(), PGRES_COMMAND_OK);
    }
    ~PostgresStorage() override {
        std::lock_guard lock(listener_mutex_);
        listener_.reset();  // before the pool goes: its calls may load games
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
        std::lock_guard lock(listener_mutex_);
        listener_.reset();  // joins its thread: no call runs after this
        if (listener)
            listener_ =
                std::make_unique<PostgresListener>(url_, std::move(listener), std::move(missed));
    }

  private:
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
    std::unique_ptr<PostgresListener> listener_;
};

}  // namespace

std::unique_ptr<Storage> open_postgres_storage(const std::string& url) {
    return std::make_unique<PostgresStorage>(url);
}

}  // namespace menagerie::server
