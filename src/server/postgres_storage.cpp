// Games in PostgreSQL (libpq), the same table as the SQLite storage. A commit is durable when
// PostgreSQL reports it (synchronous_commit is on by default). One connection, serialised; it
// is reset once if the server dropped it. Each save NOTIFYs "ID REVISION" on GAMES_CHANNEL in
// its own transaction, so every server sharing the database hears of it (PostgresListener)
// exactly when it is committed.
#include <libpq-fe.h>

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

class PostgresStorage final : public Storage {
  public:
    explicit PostgresStorage(const std::string& url) : url_(url), conn_(PQconnectdb(url.c_str())) {
        if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
            const std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
            PQfinish(conn_);
            throw std::runtime_error("cannot connect to PostgreSQL: " + trimmed(why));
        }
        // Notices (such as "relation already exists, skipping") are not for the terminal.
        PQsetNoticeProcessor(
            conn_, [](void*, const char*) {}, nullptr);
        Result r(PQexec(conn_, GAMES_TABLE));
        check(r.get(), PGRES_COMMAND_OK);
    }
    ~PostgresStorage() override {
        listener_.reset();  // its calls may use conn_
        PQfinish(conn_);
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
        std::lock_guard lock(mutex_);
        Result r = exec(g.revision == 0
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
        check(r.get(), PGRES_TUPLES_OK);
        if (PQntuples(r.get()) != 1) throw StorageConflict();
        return g.revision + 1;
    }

    std::optional<StoredGame> load(const std::string& id) override {
        std::lock_guard lock(mutex_);
        Result r = exec("SELECT record, revision FROM games WHERE id = $1", {id});
        check(r.get(), PGRES_TUPLES_OK);
        if (PQntuples(r.get()) == 0) return std::nullopt;
        StoredGame g = from_record(PQgetvalue(r.get(), 0, 0));
        g.revision = std::stoll(PQgetvalue(r.get(), 0, 1));
        return g;
    }

    std::vector<GameSummary> list(size_t limit) override {
        std::lock_guard lock(mutex_);
        Result r = exec(
            "SELECT id, variant, mode, status, result, ply, updated FROM games "
            "ORDER BY updated DESC, id LIMIT $1",
            {std::to_string(limit)});
        check(r.get(), PGRES_TUPLES_OK);
        std::vector<GameSummary> out;
        for (int i = 0; i < PQntuples(r.get()); ++i)
            out.push_back({PQgetvalue(r.get(), i, 0), PQgetvalue(r.get(), i, 1),
                           PQgetvalue(r.get(), i, 2), PQgetvalue(r.get(), i, 3),
                           PQgetvalue(r.get(), i, 4), std::stoi(PQgetvalue(r.get(), i, 5)),
                           std::stoll(PQgetvalue(r.get(), i, 6))});
        return out;
    }

    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        std::lock_guard lock(mutex_);
        Result r = exec("SELECT id FROM games WHERE ply = 0 AND created < $1 LIMIT $2",
                        {std::to_string(created_before), std::to_string(limit)});
        check(r.get(), PGRES_TUPLES_OK);
        std::vector<std::string> out;
        for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(PQgetvalue(r.get(), i, 0));
        return out;
    }

    bool remove_unplayed(const std::string& id) override {
        std::lock_guard lock(mutex_);
        Result r = exec("DELETE FROM games WHERE id = $1 AND ply = 0", {id});
        check(r.get(), PGRES_COMMAND_OK);
        return std::string(PQcmdTuples(r.get())) == "1";
    }

    void listen(ChangeListener listener) override {
        std::lock_guard lock(listener_mutex_);
        listener_.reset();  // joins its thread: no call runs after this
        if (listener) listener_ = std::make_unique<PostgresListener>(url_, std::move(listener));
    }

  private:
    static std::string trimmed(std::string s) {
        while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
        return s;
    }
    Result exec(const char* sql, const std::vector<std::string>& values) {
        std::vector<const char*> params;
        for (const std::string& v : values) params.push_back(v.c_str());
        auto run = [&] {
            return Result(PQexecParams(conn_, sql, static_cast<int>(params.size()), nullptr,
                                       params.data(), nullptr, nullptr, 0));
        };
        Result r = run();
        if (PQstatus(conn_) == CONNECTION_BAD) {  // the server went away: try once more
            PQreset(conn_);
            if (PQstatus(conn_) == CONNECTION_OK) r = run();
        }
        return r;
    }
    void check(const PGresult* r, ExecStatusType wanted) const {
        if (!r || PQresultStatus(r) != wanted)
            throw std::runtime_error("PostgreSQL: " + trimmed(PQerrorMessage(conn_)));
    }

    std::string url_;
    PGconn* conn_;
    std::mutex mutex_;
    std::mutex listener_mutex_;
    std::unique_ptr<PostgresListener> listener_;
};

}  // namespace

std::unique_ptr<Storage> open_postgres_storage(const std::string& url) {
    return std::make_unique<PostgresStorage>(url);
}

}  // namespace menagerie::server
