// The game store: SQLite and PostgreSQL (a real server from Debian's postgresql package, started
// in a temporary directory), and the whole server running on PostgreSQL.
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "server/api_error.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/storage.h"
#include "server_client.h"
#include "service_fixtures.h"
#include "test_util.h"

namespace {

using namespace menagerie::server;
using namespace menagerie::test;

StoredGame sample(const std::string& id, int64_t updated) {
    StoredGame g;
    g.id = id;
    g.variant = "chess";
    g.mode = "online";
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.moves = {"e2e4", "e7e5"};
    g.token_hashes = {{"white", "aa"}, {"black", "bb"}};
    g.clock = StoredClock{60000, 1000, 59000, 60000, 123, true};
    g.created_ms = 1;
    g.updated_ms = updated;
    return g;
}

void round_trip(Storage& storage) {
    EXPECT_EQ(storage.save(sample("a1", 10)), 1);
    EXPECT_EQ(storage.save(sample("b2", 20)), 1);
    EXPECT_THROW(storage.save(sample("b2", 20)), StorageConflict);  // the id is taken
    StoredGame changed = sample("a1", 30);
    changed.moves.push_back("g1f3");
    changed.result = "1-0";
    changed.reason = "Black resigned";
    changed.revision = 1;
    EXPECT_EQ(storage.save(changed), 2);
    EXPECT_THROW(storage.save(changed), StorageConflict);  // revision 1 is gone
    const std::optional<StoredGame> loaded = storage.load("a1");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->moves, changed.moves);
    EXPECT_EQ(loaded->token_hashes, changed.token_hashes);
    EXPECT_EQ(loaded->result, "1-0");
    EXPECT_EQ(loaded->revision, 2);
    ASSERT_TRUE(loaded->clock);
    EXPECT_EQ(loaded->clock->initial_ms, 60000);
    EXPECT_EQ(loaded->clock->increment_ms, 1000);
    EXPECT_EQ(loaded->clock->white_ms, 59000);
    EXPECT_EQ(loaded->clock->black_ms, 60000);
    EXPECT_EQ(loaded->clock->turn_started_ms, 123);
    EXPECT_TRUE(loaded->clock->running);
    EXPECT_FALSE(storage.load("zz"));
    const std::vector<GameSummary> list = storage.list(10);
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].id, "a1");  // newest first
    EXPECT_EQ(list[0].ply, 3);
    EXPECT_EQ(list[0].status, "over");
    EXPECT_EQ(list[1].id, "b2");
}

TEST(Storage, SqliteRoundTrip) {
    const auto dir = temp_dir("menagerie-sqlite");
    {
        auto storage = open_storage((dir / "games.db").string());
        round_trip(*storage);
    }
    auto again = open_storage((dir / "games.db").string());  // reopened: still there
    EXPECT_TRUE(again->load("b2"));
    std::filesystem::remove_all(dir);
}

TEST(Storage, SqliteRefusesAPathItCannotOpen) {
    EXPECT_THROW(open_storage("/nonexistent-directory/x/games.db"), std::runtime_error);
}

TEST(Storage, SyncModeIsRefusedForPostgres) {
    for (const SyncMode mode : {SyncMode::ProcessSafe, SyncMode::EverySave}) {
        try {
            open_storage("postgresql://postgres@/menagerie", mode);
            FAIL() << "a sync mode was taken for PostgreSQL";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("synchronous_commit"), std::string::npos)
                << e.what();
        }
    }
}

TEST(Storage, SqliteCheckpointsOffTheSavingThread) {
    const auto dir = temp_dir("menagerie-sqlite");
    const std::filesystem::path db = dir / "games.db";
    {
        auto storage = open_storage(db.string());
        for (int i = 0; i < 600; ++i) storage->save(sample("g" + std::to_string(i), i));
        // The log has passed its threshold: the checkpointer copies it into the database file.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (std::filesystem::file_size(db) < 100'000 &&
               std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        EXPECT_GE(std::filesystem::file_size(db), 100'000u);
        EXPECT_EQ(storage->list(2000).size(), 600u);
    }
    EXPECT_EQ(open_storage(db.string())->load("g567")->updated_ms, 567);
    std::filesystem::remove_all(dir);
}

// A PostgreSQL server of its own in a temporary directory, on a Unix socket only. What keeps it
// from starting is a failure of the test (the test command installs PostgreSQL), not a skip.
class TempPostgres {
  public:
    TempPostgres() {
        std::filesystem::path bin;
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec))
            if (std::filesystem::exists(entry.path() / "bin" / "initdb"))
                bin = entry.path() / "bin";
        if (bin.empty()) {
            problem_ = "PostgreSQL's initdb is not installed (scripts/install-deps.sh installs it)";
            return;
        }
        dir_ = temp_dir("menagerie-pg");
        if (geteuid() == 0) {
            // PostgreSQL refuses to run as root: run it as the postgres user.
            const passwd* pw = getpwnam("postgres");
            if (!pw) {
                problem_ = "running as root and there is no postgres user to run PostgreSQL as";
                return;
            }
            if (chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
                problem_ = "cannot give the temporary directory to the postgres user";
                return;
            }
            as_ = "runuser -u postgres -- ";
        }
        const std::string data = (dir_ / "data").string();
        const std::string init = as_ + (bin / "initdb").string() + " -D " + data +
                                 " -A trust -U postgres -E UTF8 --no-sync >" +
                                 (dir_ / "initdb.log").string() + " 2>&1";
        if (std::system(init.c_str()) != 0) {
            problem_ = "initdb failed (see " + (dir_ / "initdb.log").string() + ")";
            return;
        }
        pg_ctl_ = as_ + (bin / "pg_ctl").string() + " -D " + data;
        if (!start()) return;
        url_ = "postgresql://postgres@/postgres?host=" + dir_.string() + "&port=" + PORT;
    }
    ~TempPostgres() {
        stop();
        if (!dir_.empty()) std::filesystem::remove_all(dir_);
    }
    // Empty when the server runs; else why it does not.
    const std::string& problem() const { return problem_; }
    const std::string& url() const { return url_; }
    const std::filesystem::path& dir() const { return dir_; }

    // The database goes away (every connection is cut) and comes back.
    void stop() {
        if (!running_) return;
        const std::string stop = pg_ctl_ + " -m immediate stop >/dev/null 2>&1";
        if (std::system(stop.c_str()) != 0) std::cerr << "pg_ctl stop failed\n";
        running_ = false;
    }
    bool start() {
        const std::string start = pg_ctl_ + " -w -l " + (dir_ / "server.log").string() +
                                  " -o \"-c listen_addresses='' -k " + dir_.string() + " -p " +
                                  PORT + "\" start >/dev/null 2>&1";
        running_ = std::system(start.c_str()) == 0;
        if (!running_)
            problem_ = "pg_ctl start failed (see " + (dir_ / "server.log").string() + ")";
        return running_;
    }

  private:
    static constexpr const char* PORT = "5432";
    std::filesystem::path dir_;
    std::string as_, pg_ctl_, url_, problem_;
    bool running_ = false;
};

TEST(Storage, PostgresRoundTripAndServer) {
    TempPostgres pg;
    ASSERT_TRUE(pg.problem().empty()) << pg.problem();
    {
        auto storage = open_storage(pg.url());
        round_trip(*storage);
    }
    ServerOptions o;
    o.port = 0;
    o.db = pg.url();
    std::string id, token;
    {
        Server server(o);
        server.start();
        const HttpResult r =
            post(server.port(), "/api/games", {{"variant", "chess66"}, {"mode", "local"}});
        ASSERT_EQ(r.status, 201u) << r.body;
        id = r.json_body()["id"];
        token = r.json_body()["tokens"]["both"];
        const HttpResult m = post(server.port(), "/api/games/" + id + "/move",
                                  {{"token", token}, {"move", "e4"}, {"ply", 0}});
        ASSERT_EQ(m.status, 200u) << m.body;
    }
    Server again(o);
    again.start();
    const json s = get(again.port(), "/api/games/" + id + "?token=" + token).json_body();
    EXPECT_EQ(s["ply"], 1);
    EXPECT_EQ(s["moves"][0]["san"], "e4");
    EXPECT_EQ(get(again.port(), "/api/games").json_body().size(), 3u);
    EXPECT_THROW(open_storage("postgresql://postgres@/nosuchdb?host=/nonexistent&port=1"),
                 std::runtime_error);
}

// Two servers on one PostgreSQL database share one lobby: a seek posted on one is seen on the
// other's socket and list and accepted there, and the seeker's socket, on the first, is told its
// game; an account made on one is signed in on both.
TEST(Storage, PostgresLobbyIsSharedByTwoServers) {
    TempPostgres pg;
    ASSERT_TRUE(pg.problem().empty()) << pg.problem();
    ServerOptions o;
    o.port = 0;
    o.db = pg.url();
    o.games_per_minute = 0;
    o.logins_per_minute = 0;
    Server a(o), b(o);
    a.start();
    b.start();
    WsClient seeker(a.port(), "/api/lobby/ws"), watcher(b.port(), "/api/lobby/ws");
    EXPECT_EQ(seeker.read()["type"], "lobby");
    EXPECT_EQ(watcher.read()["type"], "lobby");

    const HttpResult posted = post(a.port(), "/api/seeks",
                                   {{"variant", "chess"},
                                    {"clock", {{"base_ms", 60000}, {"increment_ms", 0}}},
                                    {"color", "white"}});
    ASSERT_EQ(posted.status, 201u) << posted.body;
    const std::string id = posted.json_body()["id"], token = posted.json_body()["token"];
    seeker.send({{"type", "claim"}, {"seek", id}, {"token", token}});
    seeker.read_until([](const json& m) { return m["type"] == "claimed"; });
    const json seen = watcher.read_until([](const json& m) { return m["type"] == "seek"; });
    EXPECT_EQ(seen["seek"]["id"], id);
    ASSERT_EQ(get(b.port(), "/api/seeks").json_body().size(), 1u);

    const HttpResult taken = post(b.port(), "/api/seeks/" + id + "/accept", json::object());
    ASSERT_EQ(taken.status, 201u) << taken.body;
    const std::string game = taken.json_body()["game"], black = taken.json_body()["token"];
    const json told = seeker.read_until([](const json& m) { return m["type"] == "accepted"; });
    EXPECT_EQ(told["game"], game);
    EXPECT_EQ(told["link"], "/game/" + game + "?token=" + token);
    seeker.read_until(
        [&](const json& m) { return m["type"] == "game" && m["game"]["id"] == game; });
    bool gone = false;  // told before the seeker's own news, or after
    for (const std::string& frame : seeker.frames())
        gone |= json::parse(frame)["type"] == "seek_gone";
    EXPECT_TRUE(gone);
    // Each seat plays on either server.
    EXPECT_EQ(post(a.port(), "/api/games/" + game + "/move",
                   {{"token", token}, {"move", "e4"}, {"ply", 0}})
                  .status,
              200u);
    EXPECT_EQ(post(b.port(), "/api/games/" + game + "/move",
                   {{"token", black}, {"move", "e5"}, {"ply", 1}})
                  .status,
              200u);
    // A second accept, on either server, is too late.
    EXPECT_EQ(post(a.port(), "/api/seeks/" + id + "/accept", json::object()).status, 409u);

    const HttpResult made =
        post(a.port(), "/api/accounts", {{"name", "gina"}, {"password", "pass-gina"}});
    ASSERT_EQ(made.status, 201u) << made.body;
    const std::string cookie =
        made.header("set-cookie").substr(0, made.header("set-cookie").find(';'));
    EXPECT_EQ(http_request(b.port(), "GET", "/api/session", "", "", {{"Cookie", cookie}})
                  .json_body()["name"],
              "gina");
}

// Two servers' game services on one PostgreSQL database, and an online chess game created
// through the first.
class TwoServersOnePostgres : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(pg.problem().empty()) << pg.problem();
        store_a = open_storage(pg.url());
        store_b = open_storage(pg.url());
        service_a.emplace(*store_a, io.get_executor(), 1);
        service_b.emplace(*store_b, io.get_executor(), 1);
        const json created = service_a->create({{"variant", "chess"}, {"mode", "online"}});
        id = created["id"], white = created["tokens"]["white"], black = created["tokens"]["black"];
    }
    TempPostgres pg;
    std::unique_ptr<Storage> store_a, store_b;
    boost::asio::io_context io;  // not run: no clock in this game
    std::optional<GameService> service_a, service_b;
    std::string id, white, black;
};

TEST_F(TwoServersOnePostgres, PushesReachSubscribersOfEveryServer) {
    GameService &a = *service_a, &b = *service_b;
    Inbox on_b, on_a;
    const auto sub_b = b.subscribe(id, black, on_b.sender());
    const auto sub_a = a.subscribe(id, white, on_a.sender());

    // A move made on server A reaches Black's socket on server B, as Black's seat sees it.
    a.move(id, white, "e4", 0);
    const json pushed = on_b.state_at(1);
    ASSERT_FALSE(pushed.is_null()) << "server B's subscriber never heard of the move";
    EXPECT_EQ(pushed["seat"], "black");
    EXPECT_EQ(pushed["moves"][0]["san"], "e4");
    EXPECT_FALSE(pushed["legal"].empty());

    // B's copy is current: it answers with the move, and a move made there is no conflict.
    EXPECT_EQ(b.state(id, black)["ply"], 1);
    EXPECT_EQ(b.move(id, black, "e5", 1)["ply"], 2);
    const json back = on_a.state_at(2);
    ASSERT_FALSE(back.is_null()) << "server A's subscriber never heard of the reply";
    EXPECT_EQ(back["moves"][1]["san"], "e5");
    EXPECT_EQ(a.move(id, white, "Nf3", 2)["ply"], 3);
    EXPECT_FALSE(on_b.state_at(3).is_null());
    GameService::unsubscribe(sub_a);
    GameService::unsubscribe(sub_b);
}

TEST(Storage, PostgresAnotherServerAnswersWhenTheEngineReplyNeverComes) {
    using namespace std::chrono_literals;
    TempPostgres pg;
    ASSERT_TRUE(pg.problem().empty()) << pg.problem();
    auto store_a = open_storage(pg.url()), store_b = open_storage(pg.url());
    RunningTimers timers;
    GameService a(*store_a, timers.io.get_executor(), 1),
        b(*store_b, timers.io.get_executor(), 1, 5min, 300ms);
    const json created = a.create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "black"}, {"level", 1}}}});
    const std::string id = created["id"], white = created["tokens"]["white"];
    Inbox on_b;
    const auto sub_b = b.subscribe(id, white, on_b.sender());

    // Server A stores White's move and stops before its engine answers (its pool is stopped).
    a.stop();
    a.move(id, white, "e4", 0);
    const json waiting = on_b.state_at(1);
    ASSERT_FALSE(waiting.is_null()) << "server B never heard of the move";
    EXPECT_TRUE(waiting["engine"]["thinking"].get<bool>()) << waiting.dump();

    // B waits the level's time and its handover, then answers itself.
    const json answered = on_b.state_at(2);
    ASSERT_FALSE(answered.is_null()) << "nobody answered the move";
    EXPECT_EQ(answered["moves"].size(), 2u);
    EXPECT_EQ(b.state(id, white)["ply"], 2);
    EXPECT_EQ(store_a->load(id)->moves.size(), 2u);
    GameService::unsubscribe(sub_b);
}

// A server whose listener missed a change (the database was away, and the change was stored
// as soon as it was back, before the listener had reconnected) catches up when its listener
// reconnects.
TEST_F(TwoServersOnePostgres, ListenerCatchesUpOnWhatItMissed) {
    GameService &a = *service_a, &b = *service_b;
    Inbox on_b;
    const auto sub_b = b.subscribe(id, black, on_b.sender());
    pg.stop();
    ASSERT_TRUE(pg.start()) << pg.problem();
    a.move(id, white, "e4", 0);  // A's connection is reset at once; B's listener waits a second
    const json pushed = on_b.state_at(1);
    ASSERT_FALSE(pushed.is_null()) << "server B never caught up with the move it missed";
    EXPECT_EQ(pushed["moves"][0]["san"], "e4");
    GameService::unsubscribe(sub_b);
}

// A client that names a ply newer than this server's copy is right (it saw another server's
// move): the server reloads the game rather than refusing the move as stale. No routing of a
// client to one server is needed.
TEST_F(TwoServersOnePostgres, AServerBehindReloadsForAClientAhead) {
    GameService &a = *service_a, &b = *service_b;
    EXPECT_EQ(b.state(id, black)["ply"], 0);  // B holds the game
    store_b->listen({}, {});                  // and hears of no change (as while reconnecting)
    EXPECT_EQ(a.move(id, white, "e4", 0)["ply"], 1);
    EXPECT_EQ(b.state(id, black)["ply"], 0);  // behind
    EXPECT_EQ(b.move(id, black, "e5", 1)["ply"], 2);
    // A client behind is still told so.
    try {
        b.move(id, black, "Nf6", 1);
        FAIL() << "a move at an old ply was taken";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status(), 409);
        EXPECT_NE(std::string(e.what()).find("it is at ply 2, not 1"), std::string::npos)
            << e.what();
    }
}

// A 503 says that the store is unavailable, not where the database is.
TEST(Storage, PostgresOutageIsA503WithoutTheDatabasesAddress) {
    TempPostgres pg;
    ASSERT_TRUE(pg.problem().empty()) << pg.problem();
    auto store = open_storage(pg.url());
    boost::asio::io_context io;
    GameService service(*store, io.get_executor(), 1);
    const json created = service.create({{"variant", "chess"}, {"mode", "local"}});
    pg.stop();
    try {
        service.move(created["id"], created["tokens"]["both"], "e4", 0);
        FAIL() << "a move was taken with the database away";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status(), 503);
        const std::string said = e.what();
        EXPECT_NE(said.find("the game store is unavailable"), std::string::npos) << said;
        EXPECT_EQ(said.find(pg.dir().string()), std::string::npos) << said;
        EXPECT_EQ(said.find("5432"), std::string::npos) << said;
        EXPECT_EQ(said.find("PostgreSQL"), std::string::npos) << said;
    }
}

}  // namespace
