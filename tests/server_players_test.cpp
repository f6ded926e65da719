// Accounts, the lobby, ratings and correspondence (docs/web-api.md, "Players"), over HTTP and
// WebSocket against a server on port 0, each client with a session cookie of its own as a
// browser would keep it.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <thread>

#include "server/accounts.h"
#include "server/community.h"
#include "server/credential.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/live_game.h"
#include "server/storage.h"
#include "server_client.h"
#include "service_fixtures.h"
#include "test_util.h"

namespace {

using namespace menagerie::test;
using menagerie::server::Server;
using menagerie::server::ServerOptions;

// One browser: it keeps the session cookie the server sets, and says where it is (Origin). It
// follows the server's port (a restarted server has another).
class Browser {
  public:
    explicit Browser(const uint16_t& port) : port_(&port) {}
    HttpResult call(const std::string& method, const std::string& target, const json& body = json(),
                    std::map<std::string, std::string> headers = {},
                    const std::string& content_type = "application/json") {
        if (!cookie_.empty()) headers.emplace("Cookie", "menagerie_session=" + cookie_);
        headers.emplace("Origin", "http://127.0.0.1:" + std::to_string(*port_));
        HttpResult r = http_request(*port_, method, target, body.is_null() ? "" : body.dump(),
                                    content_type, headers);
        const std::string set = r.header("set-cookie");
        if (set.starts_with("menagerie_session=")) cookie_ = set.substr(18, set.find(';') - 18);
        return r;
    }
    HttpResult get(const std::string& target) { return call("GET", target); }
    HttpResult post(const std::string& target, const json& body = json::object()) {
        return call("POST", target, body);
    }
    const std::string& cookie() const { return cookie_; }
    std::map<std::string, std::string> ws_headers() const {
        return {{"Cookie", "menagerie_session=" + cookie_},
                {"Origin", "http://127.0.0.1:" + std::to_string(*port_)}};
    }

  private:
    const uint16_t* port_;
    std::string cookie_;
};

class PlayersServer : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = temp_dir("menagerie-players");
        start();
    }
    void TearDown() override {
        server_.reset();
        std::filesystem::remove_all(dir_);
    }
    void start() {
        ServerOptions o;
        o.port = 0;
        o.db = db();
        o.static_dir = (dir_ / "static").string();
        o.games_per_minute = 0;
        o.logins_per_minute = logins_per_minute_;
        server_ = std::make_unique<Server>(o);
        server_->start();
        port_ = server_->port();
    }
    void restart() {
        server_.reset();
        start();
    }
    std::string db() const { return (dir_ / "games.db").string(); }

    Browser browser() { return Browser(port_); }
    // A browser signed in to a new account.
    Browser account(const std::string& name) {
        Browser b = browser();
        const HttpResult r =
            b.post("/api/accounts", {{"name", name}, {"password", "pass-" + name}});
        EXPECT_EQ(r.status, 201u) << r.body;
        return b;
    }
    // A seek of `seeker`'s, accepted by `accepter`: {"seek", "game", seeker's token, accepter's
    // answer}.
    json play(Browser& seeker, Browser& accepter, json seek) {
        const HttpResult posted = seeker.post("/api/seeks", seek);
        EXPECT_EQ(posted.status, 201u) << posted.body;
        const std::string id = posted.json_body()["id"];
        const HttpResult taken = accepter.post("/api/seeks/" + id + "/accept");
        EXPECT_EQ(taken.status, 201u) << taken.body;
        return {{"seek", id},
                {"game", taken.json_body()["game"]},
                {"seeker_token", posted.json_body()["token"]},
                {"accepted", taken.json_body()}};
    }
    static void expect_error(const HttpResult& r, unsigned status, const std::string& words) {
        EXPECT_EQ(r.status, status) << r.body;
        const json body = r.json_body();
        ASSERT_TRUE(body.is_object() && body.contains("error")) << r.body;
        EXPECT_NE(body["error"].get<std::string>().find(words), std::string::npos) << r.body;
    }

    std::filesystem::path dir_;
    std::unique_ptr<Server> server_;
    uint16_t port_ = 0;
    int logins_per_minute_ = 0;  // these tests sign in faster than a person
};

const json CHESS_BLITZ = {{"variant", "chess"},
                          {"clock", {{"base_ms", 300000}, {"increment_ms", 2000}}}};

using Accounts = PlayersServer;
using Lobby = PlayersServer;
using RatedGames = PlayersServer;
using Correspondence = PlayersServer;

TEST_F(Accounts, CreateSignInAndSignOut) {
    Browser alice = browser();
    const HttpResult made =
        alice.post("/api/accounts", {{"name", "Alice"}, {"password", "correct horse"}});
    ASSERT_EQ(made.status, 201u) << made.body;
    EXPECT_EQ(made.json_body()["name"], "Alice");
    const std::string cookie = made.header("set-cookie");
    EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("Path=/"), std::string::npos) << cookie;
    EXPECT_EQ(cookie.find("Secure"), std::string::npos) << cookie;  // plain HTTP
    EXPECT_EQ(alice.get("/api/session").json_body()["name"], "Alice");

    // Names are unique whatever their case.
    expect_error(browser().post("/api/accounts", {{"name", "ALICE"}, {"password", "12345678"}}),
                 409, "taken");
    for (const char* name : {"ab", "a b", "twentyonecharacters12", "al/ce", "\xc3\xa9ve"})
        expect_error(browser().post("/api/accounts", {{"name", name}, {"password", "12345678"}}),
                     400, "a name is 3 to 20");
    for (const std::string& password : {std::string(7, 'x'), std::string(129, 'x')})
        expect_error(browser().post("/api/accounts", {{"name", "Bob"}, {"password", password}}),
                     400, "8 to 128 bytes");
    expect_error(browser().post("/api/accounts", {{"name", "Bob"}}), 400, "\"password\"");

    Browser again = browser();
    expect_error(again.post("/api/session", {{"name", "alice"}, {"password", "wrong horse"}}), 401,
                 "wrong name or password");
    expect_error(again.post("/api/session", {{"name", "nobody"}, {"password", "wrong horse"}}), 401,
                 "wrong name or password");
    EXPECT_TRUE(again.cookie().empty());
    const HttpResult in =
        again.post("/api/session", {{"name", "alice"}, {"password", "correct horse"}});
    ASSERT_EQ(in.status, 200u) << in.body;
    EXPECT_EQ(in.json_body()["name"], "Alice");
    EXPECT_EQ(again.get("/api/session").json_body()["name"], "Alice");

    // Signing out ends that session only, and the cookie with it.
    const std::string old = again.cookie();
    const HttpResult out = again.call("DELETE", "/api/session");
    ASSERT_EQ(out.status, 200u) << out.body;
    EXPECT_NE(out.header("set-cookie").find("Max-Age=0"), std::string::npos);
    const HttpResult stale = http_request(port_, "GET", "/api/session", "", "",
                                          {{"Cookie", "menagerie_session=" + old}});
    EXPECT_TRUE(stale.json_body()["name"].is_null()) << stale.body;
    EXPECT_EQ(alice.get("/api/session").json_body()["name"], "Alice");

    // Behind a proxy that speaks TLS to the browser the cookie is Secure.
    const HttpResult tls =
        browser().call("POST", "/api/session", {{"name", "alice"}, {"password", "correct horse"}},
                       {{"X-Forwarded-Proto", "https"}});
    ASSERT_EQ(tls.status, 200u) << tls.body;
    EXPECT_NE(tls.header("set-cookie").find("; Secure"), std::string::npos);
}

TEST_F(Accounts, RepeatedWrongPasswordsLockTheAccount) {
    account("carol");
    Browser b = browser();
    for (int i = 0; i < 5; ++i)
        expect_error(
            b.post("/api/session", {{"name", "carol"}, {"password", "guess-" + std::to_string(i)}}),
            401, "wrong name or password");
    // Locked: even the right password waits.
    const HttpResult locked =
        b.post("/api/session", {{"name", "carol"}, {"password", "pass-carol"}});
    expect_error(locked, 429, "locked");
    const int retry = std::stoi(locked.header("retry-after"));
    EXPECT_GT(retry, 800);
    EXPECT_LE(retry, 900);
    // Another account is not.
    account("dave");
    EXPECT_EQ(browser().post("/api/session", {{"name", "dave"}, {"password", "pass-dave"}}).status,
              200u);
}

TEST_F(Accounts, ChangingThePasswordEndsEveryOtherSession) {
    Browser here = account("frank");
    Browser elsewhere = browser();
    ASSERT_EQ(
        elsewhere.post("/api/session", {{"name", "frank"}, {"password", "pass-frank"}}).status,
        200u);
    const std::string password = "/api/account/password";
    expect_error(browser().call("PUT", password,
                                {{"password", "pass-frank"}, {"new_password", "new-secret"}}),
                 401, "sign in first");
    expect_error(
        here.call("PUT", password, {{"password", "wrong-one"}, {"new_password", "new-secret"}}),
        401, "wrong name or password");
    expect_error(
        here.call("PUT", password, {{"password", "pass-frank"}, {"new_password", "short"}}), 400,
        "8 to 128 bytes");
    expect_error(here.call("POST", password, {{"password", "pass-frank"}}), 405, "use PUT");
    EXPECT_EQ(elsewhere.get("/api/session").json_body()["name"], "frank");  // nothing changed
    const HttpResult changed =
        here.call("PUT", password, {{"password", "pass-frank"}, {"new_password", "new-secret"}});
    ASSERT_EQ(changed.status, 200u) << changed.body;
    EXPECT_NE(changed.header("set-cookie").find("HttpOnly"), std::string::npos);
    // This browser has its new session; the other's ended with the old password.
    EXPECT_EQ(here.get("/api/session").json_body()["name"], "frank");
    EXPECT_TRUE(elsewhere.get("/api/session").json_body()["name"].is_null());
    expect_error(browser().post("/api/session", {{"name", "frank"}, {"password", "pass-frank"}}),
                 401, "wrong name or password");
    EXPECT_EQ(
        browser().post("/api/session", {{"name", "frank"}, {"password", "new-secret"}}).status,
        200u);
    // Wrong present passwords count towards the lock as wrong sign-ins do.
    for (int i = 0; i < 4; ++i)
        expect_error(
            here.call("PUT", password, {{"password", "guess"}, {"new_password", "other-one"}}), 401,
            "wrong name or password");
    expect_error(here.call("PUT", password, {{"password", "guess"}, {"new_password", "other-one"}}),
                 401, "wrong name or password");
    expect_error(browser().post("/api/session", {{"name", "frank"}, {"password", "new-secret"}}),
                 429, "locked");
}

// Sockets opened with a session check it again before each message they take: once the
// password is changed on another device, neither the game's nor the lobby's socket of the old
// session acts for the account any more.
TEST_F(Accounts, SocketsOfAnEndedSessionActForNobody) {
    Browser kim = account("kim"), lee = account("lee");
    json seek = {{"variant", "chess"}, {"clock", {{"days", 1}}}, {"color", "white"}};
    const json g = play(kim, lee, seek);
    const std::string game = g["game"];
    WsClient game_socket(port_, "/api/games/" + game + "/ws", kim.ws_headers());
    EXPECT_EQ(game_socket.read()["state"]["seat"], "white");  // the account's seat
    WsClient lobby_socket(port_, "/api/lobby/ws", kim.ws_headers());
    EXPECT_EQ(lobby_socket.read()["type"], "lobby");

    Browser other_device = browser();
    ASSERT_EQ(other_device.post("/api/session", {{"name", "kim"}, {"password", "pass-kim"}}).status,
              200u);
    ASSERT_EQ(other_device
                  .call("PUT", "/api/account/password",
                        {{"password", "pass-kim"}, {"new_password", "kim's new one"}})
                  .status,
              200u);

    game_socket.send({{"type", "move"}, {"move", "e2e4"}, {"ply", 0}});
    const json refused = game_socket.read_until([](const json& m) { return m["type"] == "error"; });
    EXPECT_NE(refused["error"].get<std::string>().find("your session has ended"), std::string::npos)
        << refused;
    EXPECT_EQ(get(port_, "/api/games/" + game).json_body()["ply"], 0);  // no move was made
    lobby_socket.send({{"type", "claim"}, {"seek", "0123456789ab"}, {"token", "x"}});
    const json lobby_refused =
        lobby_socket.read_until([](const json& m) { return m["type"] == "error"; });
    EXPECT_NE(lobby_refused["error"].get<std::string>().find("your session has ended"),
              std::string::npos)
        << lobby_refused;
}

TEST_F(Accounts, AClosedAccountKeepsItsNameAndGamesButNothingElse) {
    Browser grace = account("grace"), heidi = account("heidi");
    Browser other_device = browser();
    ASSERT_EQ(
        other_device.post("/api/session", {{"name", "grace"}, {"password", "pass-grace"}}).status,
        200u);
    json seek = {{"variant", "chess"}, {"clock", {{"days", 1}}}, {"color", "white"}};
    const json g = play(grace, heidi, seek);
    const std::string game = g["game"];
    ASSERT_EQ(grace.call("PUT", "/api/games/" + game + "/note", {{"text", "my plan"}}).status,
              200u);
    const HttpResult open = grace.post("/api/seeks", CHESS_BLITZ);
    ASSERT_EQ(open.status, 201u);
    const std::string seek_id = open.json_body()["id"];

    expect_error(grace.call("DELETE", "/api/account", {{"password", "wrong-one"}}), 401,
                 "wrong name or password");
    expect_error(grace.call("DELETE", "/api/account", {{"password", "pass-grace"}, {"x", 1}}), 400,
                 "unknown field");
    expect_error(browser().call("DELETE", "/api/account", {{"password", "pass-grace"}}), 401,
                 "sign in first");
    EXPECT_EQ(grace.get("/api/seeks/" + seek_id).status, 200u);  // still open

    const HttpResult closed = grace.call("DELETE", "/api/account", {{"password", "pass-grace"}});
    ASSERT_EQ(closed.status, 200u) << closed.body;
    EXPECT_NE(closed.header("set-cookie").find("Max-Age=0"), std::string::npos);
    // Every session ended; nobody signs in again, nor takes the name.
    EXPECT_TRUE(grace.get("/api/session").json_body()["name"].is_null());
    EXPECT_TRUE(other_device.get("/api/session").json_body()["name"].is_null());
    expect_error(browser().post("/api/session", {{"name", "grace"}, {"password", "pass-grace"}}),
                 401, "wrong name or password");
    expect_error(browser().post("/api/accounts", {{"name", "Grace"}, {"password", "pass-grace"}}),
                 409, "taken");
    // Nobody challenges it any more.
    json to_grace = CHESS_BLITZ;
    to_grace["to"] = "grace";
    expect_error(heidi.post("/api/seeks", to_grace), 400, "there is no player");
    // Its open seek is withdrawn, its note erased; the game and the name in it stay.
    expect_error(browser().get("/api/seeks/" + seek_id), 404, "no seek");
    EXPECT_FALSE(get(port_, "/api/games/" + game + "?token=" + g["seeker_token"].get<std::string>())
                     .json_body()
                     .contains("note"));
    const json page = get(port_, "/api/players/grace").json_body();
    EXPECT_EQ(page["name"], "grace");
    EXPECT_EQ(page["closed"], true);
    EXPECT_EQ(page["playing"].size(), 1u);
    // The seat still plays by its token.
    EXPECT_EQ(http_request(port_, "POST", "/api/games/" + game + "/move",
                           json{{"move", "e2e4"}, {"ply", 0}, {"token", g["seeker_token"]}}.dump())
                  .status,
              200u);
}

TEST_F(Lobby, OnePlayerHasAtMostTenSeeksOpen) {
    Browser ivan = account("ivan");
    Browser anonymous = browser();
    // Posted all at once: the seeks being posted count, so no more than ten pass together.
    for (Browser* who : {&ivan, &anonymous}) {
        std::atomic<int> posted{0};
        std::vector<std::thread> posters;
        for (int i = 0; i < 16; ++i)
            posters.emplace_back(
                [&] { posted += who->post("/api/seeks", CHESS_BLITZ).status == 201u; });
        for (std::thread& t : posters) t.join();
        EXPECT_EQ(posted, 10);
    }
    expect_error(ivan.post("/api/seeks", CHESS_BLITZ), 409, "10 seeks open");
    expect_error(anonymous.post("/api/seeks", CHESS_BLITZ), 409, "10 seeks open");
    // One taken frees a place.
    const json seeks = ivan.get("/api/seeks").json_body();
    std::string ivans;
    for (const json& s : seeks)
        if (s["by"] == "ivan") ivans = s["id"];
    ASSERT_FALSE(ivans.empty());
    ASSERT_EQ(anonymous.post("/api/seeks/" + ivans + "/accept").status, 201u);
    EXPECT_EQ(ivan.post("/api/seeks", CHESS_BLITZ).status, 201u);
}

TEST_F(Accounts, SignInsAreLimitedPerAddress) {
    logins_per_minute_ = 3;
    restart();
    Browser b = browser();
    for (int i = 0; i < 3; ++i)
        expect_error(b.post("/api/session", {{"name", "erin"}, {"password", "12345678"}}), 401,
                     "wrong name or password");
    const HttpResult limited = b.post("/api/session", {{"name", "erin"}, {"password", "12345678"}});
    expect_error(limited, 429, "too many sign-ins from your address");
    EXPECT_GE(std::stoi(limited.header("retry-after")), 1);
    expect_error(b.post("/api/accounts", {{"name", "erin"}, {"password", "12345678"}}), 429,
                 "too many sign-ins");
}

TEST_F(Accounts, CrossSiteRequestsWithTheSessionAreRefused) {
    Browser alice = account("alice");
    const std::string session = "menagerie_session=" + alice.cookie();
    // Another site's page: its Origin, or a form's content type (which no preflight guards).
    expect_error(http_request(port_, "POST", "/api/seeks", CHESS_BLITZ.dump(), "application/json",
                              {{"Cookie", session}, {"Origin", "http://evil.example"}}),
                 403, "another site");
    for (const char* type :
         {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""})
        expect_error(http_request(port_, "POST", "/api/seeks", CHESS_BLITZ.dump(), type,
                                  {{"Cookie", session}}),
                     403, "Content-Type: application/json");
    expect_error(http_request(port_, "DELETE", "/api/session", "", "text/plain",
                              {{"Cookie", session}, {"Origin", "http://evil.example"}}),
                 403, "");
    EXPECT_EQ(alice.get("/api/session").json_body()["name"], "alice");  // still signed in
    EXPECT_TRUE(alice.get("/api/seeks").json_body().empty());           // nothing was posted
    // Signing a browser in to an account of another site's choosing is refused as well.
    expect_error(http_request(port_, "POST", "/api/session",
                              json{{"name", "alice"}, {"password", "pass-alice"}}.dump(),
                              "application/json", {{"Origin", "http://evil.example"}}),
                 403, "another site");
    // A WebSocket that carries the session must come from this site too.
    EXPECT_THROW(
        WsClient(port_, "/api/lobby/ws", {{"Cookie", session}, {"Origin", "http://evil.example"}}),
        std::exception);
    // The site's own request passes (JSON, its own Origin; or no Origin, not a browser's).
    EXPECT_EQ(alice.post("/api/seeks", CHESS_BLITZ).status, 201u);
    EXPECT_EQ(http_request(port_, "POST", "/api/seeks", CHESS_BLITZ.dump(),
                           "application/json; charset=utf-8", {{"Cookie", session}})
                  .status,
              201u);
}

TEST_F(Accounts, ASessionActsOnlyForItsOwnAccountsSeat) {
    Browser alice = account("alice"), bob = account("bob"), carol = account("carol");
    json seek = CHESS_BLITZ;
    seek["color"] = "white";
    const json g = play(alice, bob, seek);
    const std::string game = g["game"];
    EXPECT_EQ(g["accepted"]["seat"], "black");
    EXPECT_EQ(g["accepted"]["account"], "bob");
    auto move = [&](Browser& b, const std::string& m, int ply) {
        return b.post("/api/games/" + game + "/move", {{"move", m}, {"ply", ply}});
    };
    // Each session sees its own seat, on any device, without a token.
    EXPECT_EQ(alice.get("/api/games/" + game).json_body()["seat"], "white");
    EXPECT_EQ(bob.get("/api/games/" + game).json_body()["seat"], "black");
    const json seen = carol.get("/api/games/" + game).json_body();
    EXPECT_EQ(seen["seat"], "spectator");
    EXPECT_TRUE(seen["legal"].empty());
    EXPECT_EQ(seen["players"]["white"]["name"], "alice");
    EXPECT_EQ(seen["players"]["black"]["name"], "bob");
    // Another player's session moves nothing here.
    expect_error(move(carol, "e4", 0), 403, "your account holds no seat");
    expect_error(move(bob, "e4", 0), 409, "not your turn");
    ASSERT_EQ(move(alice, "e4", 0).status, 200u);
    expect_error(move(alice, "e5", 1), 409, "not your turn");  // never Black's seat
    expect_error(carol.post("/api/games/" + game + "/resign"), 403, "holds no seat");
    // A game's socket opened with the session is the seat's too.
    WsClient bob_socket(port_, "/api/games/" + game + "/ws", bob.ws_headers());
    const json pushed = bob_socket.read();
    EXPECT_EQ(pushed["state"]["seat"], "black");
    EXPECT_FALSE(pushed["state"]["legal"].empty());
    bob_socket.send({{"type", "move"}, {"move", "e5"}, {"ply", 1}});
    EXPECT_EQ(bob_socket.read_until(
                  [](const json& m) { return m["state"]["ply"] == 2; })["state"]["moves"][1]["san"],
              "e5");
    WsClient carol_socket(port_, "/api/games/" + game + "/ws", carol.ws_headers());
    EXPECT_EQ(carol_socket.read()["state"]["seat"], "spectator");
    // A token still acts for its seat, with or without a session.
    const std::string white_token = g["seeker_token"];
    EXPECT_EQ(carol
                  .post("/api/games/" + game + "/move",
                        {{"token", white_token}, {"move", "Nf3"}, {"ply", 2}})
                  .status,
              200u);
    // Carol's own game is hers alone.
    Browser dave = account("dave");
    const json h = play(carol, dave, CHESS_BLITZ);
    const json state = carol.get("/api/games/" + h["game"].get<std::string>()).json_body();
    Browser& to_move = state["seat"] == "white" ? carol : dave;
    Browser& other = state["seat"] == "white" ? dave : carol;
    expect_error(alice.post("/api/games/" + h["game"].get<std::string>() + "/move",
                            {{"move", "e4"}, {"ply", 0}}),
                 403, "holds no seat");
    expect_error(other.post("/api/games/" + h["game"].get<std::string>() + "/move",
                            {{"move", "e4"}, {"ply", 0}}),
                 409, "not your turn");
    EXPECT_EQ(to_move
                  .post("/api/games/" + h["game"].get<std::string>() + "/move",
                        {{"move", "e4"}, {"ply", 0}})
                  .status,
              200u);
}

// The bytes of every file whose name starts with `prefix` (the database and its log).
std::string bytes_of_files(const std::filesystem::path& dir, const std::string& prefix) {
    std::string all;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().filename().string().starts_with(prefix)) {
            std::ifstream in(entry.path(), std::ios::binary);
            all += std::string(std::istreambuf_iterator<char>(in), {});
        }
    return all;
}

TEST_F(Accounts, PasswordsAreInNeitherTheDatabaseNorTheLog) {
    server_.reset();  // the server of this test is a process of its own, its log a file
    const std::string password = "Pw-8c1e55d0-unique", wrong = "Pw-73b2aa41-wrong";
    const std::filesystem::path log = dir_ / "server.log";
    {
        ServerProcess server(MENAGERIE_BINARY,
                             {"serve", "--port", "0", "--db", db(), "--static", dir_.string()},
                             log.string());
        const uint16_t port = server.port();
        Browser b(port);
        ASSERT_EQ(b.post("/api/accounts", {{"name", "frank"}, {"password", password}}).status,
                  201u);
        EXPECT_EQ(b.post("/api/session", {{"name", "frank"}, {"password", wrong}}).status, 401u);
        EXPECT_EQ(b.post("/api/session", {{"name", "frank"}, {"password", password}}).status, 200u);
        b.post("/api/seeks", {{"variant", "chess"}, {"password", password}});  // refused: logged?
        server.kill_hard();
    }
    const std::string stored = bytes_of_files(dir_, "games.db");
    ASSERT_FALSE(stored.empty());
    EXPECT_EQ(stored.find(password), std::string::npos);
    EXPECT_EQ(stored.find(wrong), std::string::npos);
    EXPECT_NE(stored.find("$argon2id$"), std::string::npos);  // the hash is there instead
    const std::string logged = bytes_of_files(dir_, "server.log");
    EXPECT_EQ(logged.find(password), std::string::npos) << logged;
    EXPECT_EQ(logged.find(wrong), std::string::npos) << logged;
    // Nor is a session token: the store keeps its hash.
    const auto storage = menagerie::server::open_storage(db());
    for (const auto& record : storage->list_records("session", "", 10)) {
        EXPECT_EQ(record.key.size(), 64u);
        EXPECT_EQ(record.text.find(record.key), std::string::npos);
    }
}

TEST_F(Lobby, ASeekIsListedAcceptedAndBothSeatsPlay) {
    Browser seeker = browser(), accepter = browser(), watcher = browser();
    WsClient seeker_socket(port_, "/api/lobby/ws");
    WsClient watcher_socket(port_, "/api/lobby/ws");
    EXPECT_EQ(seeker_socket.read()["type"], "lobby");
    const json snapshot = watcher_socket.read();
    EXPECT_TRUE(snapshot["seeks"].empty());

    json seek = CHESS_BLITZ;
    seek["color"] = "white";
    const HttpResult posted = seeker.post("/api/seeks", seek);
    ASSERT_EQ(posted.status, 201u) << posted.body;
    const std::string id = posted.json_body()["id"], token = posted.json_body()["token"];
    EXPECT_EQ(posted.json_body()["link"], "/seek/" + id);
    const json listed = accepter.get("/api/seeks").json_body();
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0]["id"], id);
    EXPECT_FALSE(listed[0].contains("token_hash"));
    EXPECT_EQ(listed[0]["clock"]["base_ms"], 300000);
    const json told = watcher_socket.read_until([](const json& m) { return m["type"] == "seek"; });
    EXPECT_EQ(told["seek"]["id"], id);
    EXPECT_EQ(accepter.get("/api/seeks/" + id).json_body()["status"], "open");

    // The seeker's socket shows the seek's token, to be told of its game.
    seeker_socket.send({{"type", "claim"}, {"seek", id}, {"token", token}});
    seeker_socket.read_until([](const json& m) { return m["type"] == "claimed"; });
    seeker_socket.send({{"type", "claim"}, {"seek", id}, {"token", "not-its-token"}});
    EXPECT_EQ(seeker_socket.read_until([](const json& m) { return m["type"] == "error"; })["type"],
              "error");

    const HttpResult taken = accepter.post("/api/seeks/" + id + "/accept");
    ASSERT_EQ(taken.status, 201u) << taken.body;
    const json answer = taken.json_body();
    const std::string game = answer["game"];
    EXPECT_EQ(answer["seat"], "black");
    EXPECT_TRUE(answer["account"].is_null());
    const json accepted =
        seeker_socket.read_until([](const json& m) { return m["type"] == "accepted"; });
    EXPECT_EQ(accepted["game"], game);
    EXPECT_EQ(accepted["seat"], "white");
    EXPECT_EQ(accepted["link"], "/game/" + game + "?token=" + token);
    watcher_socket.read_until(
        [&](const json& m) { return m["type"] == "seek_gone" && m["id"] == id; });
    const json started =
        watcher_socket.read_until([](const json& m) { return m["type"] == "game"; });
    EXPECT_EQ(started["game"]["id"], game);
    EXPECT_TRUE(accepter.get("/api/seeks").json_body().empty());
    EXPECT_EQ(accepter.get("/api/seeks/" + id).json_body()["status"], "accepted");
    EXPECT_EQ(accepter.get("/api/lobby").json_body()["games"][0]["id"], game);

    // Both seats play: the seeker with its seek's token, the accepter with the one it was given.
    auto move = [&](const std::string& t, const std::string& m, int ply) {
        return post(port_, "/api/games/" + game + "/move",
                    {{"token", t}, {"move", m}, {"ply", ply}});
    };
    ASSERT_EQ(move(token, "e4", 0).status, 200u);
    ASSERT_EQ(move(answer["token"], "e5", 1).status, 200u);
    const json state = get(port_, "/api/games/" + game).json_body();
    EXPECT_EQ(state["ply"], 2);
    EXPECT_EQ(state["clock"]["initial_ms"], 300000);
    EXPECT_EQ(state["mode"], "online");
    // The game's end takes it off the live list.
    ASSERT_EQ(post(port_, "/api/games/" + game + "/resign", {{"token", token}}).status, 200u);
    watcher_socket.read_until(
        [&](const json& m) { return m["type"] == "game_gone" && m["id"] == game; });
    EXPECT_TRUE(accepter.get("/api/lobby").json_body()["games"].empty());
}

TEST_F(Lobby, OfTwoAcceptersExactlyOneGetsTheGame) {
    Browser seeker = browser();
    for (int round = 0; round < 4; ++round) {
        const std::string id = seeker.post("/api/seeks", CHESS_BLITZ).json_body()["id"];
        std::atomic<int> ready{0};
        HttpResult results[2];
        std::vector<std::thread> accepters;
        for (int i = 0; i < 2; ++i)
            accepters.emplace_back([&, i] {
                ++ready;
                while (ready < 2) std::this_thread::yield();
                results[i] = post(port_, "/api/seeks/" + id + "/accept", json::object());
            });
        for (std::thread& t : accepters) t.join();
        const unsigned a = results[0].status, b = results[1].status;
        EXPECT_TRUE((a == 201 && b == 409) || (a == 409 && b == 201))
            << results[0].body << " / " << results[1].body;
        const HttpResult& lost = a == 409 ? results[0] : results[1];
        EXPECT_NE(lost.body.find("taken by someone else"), std::string::npos) << lost.body;
    }
    EXPECT_EQ(get(port_, "/api/lobby").json_body()["games"].size(), 4u);
}

TEST_F(Lobby, AChallengeIsForItsAddresseeAlone) {
    Browser alice = account("alice"), bob = account("bob"), carol = account("carol");
    Browser anonymous = browser();
    json seek = CHESS_BLITZ;
    seek["to"] = "BOB";
    const HttpResult posted = alice.post("/api/seeks", seek);
    ASSERT_EQ(posted.status, 201u) << posted.body;
    const std::string id = posted.json_body()["id"];
    EXPECT_TRUE(anonymous.get("/api/seeks").json_body().empty());
    EXPECT_TRUE(carol.get("/api/seeks").json_body().empty());
    ASSERT_EQ(bob.get("/api/seeks").json_body().size(), 1u);
    EXPECT_EQ(bob.get("/api/seeks").json_body()[0]["to"], "bob");
    EXPECT_EQ(alice.get("/api/seeks").json_body().size(), 1u);  // the seeker's own
    // Bob's lobby socket is told of it; Carol's is not.
    WsClient bob_socket(port_, "/api/lobby/ws", bob.ws_headers());
    EXPECT_EQ(bob_socket.read()["seeks"].size(), 1u);
    WsClient carol_socket(port_, "/api/lobby/ws", carol.ws_headers());
    EXPECT_TRUE(carol_socket.read()["seeks"].empty());

    expect_error(carol.post("/api/seeks/" + id + "/accept"), 403, "this challenge is for bob");
    expect_error(anonymous.post("/api/seeks/" + id + "/accept"), 403, "sign in as bob");
    expect_error(alice.post("/api/seeks/" + id + "/accept"), 403, "for bob");
    const HttpResult taken = bob.post("/api/seeks/" + id + "/accept");
    ASSERT_EQ(taken.status, 201u) << taken.body;
    EXPECT_EQ(taken.json_body()["account"], "bob");

    // A challenge to nobody that exists, or to oneself, is refused.
    seek["to"] = "nobody";
    expect_error(alice.post("/api/seeks", seek), 400, "there is no player");
    seek["to"] = "alice";
    expect_error(alice.post("/api/seeks", seek), 400, "somebody else");
}

TEST_F(Lobby, RatedSeeksNeedAccountsOnBothSides) {
    json seek = CHESS_BLITZ;
    seek["rated"] = true;
    expect_error(browser().post("/api/seeks", seek), 403, "sign in");
    Browser alice = account("alice"), bob = account("bob");
    WsClient alice_socket(port_, "/api/lobby/ws", alice.ws_headers());
    alice_socket.read();
    const std::string id = alice.post("/api/seeks", seek).json_body()["id"];
    expect_error(browser().post("/api/seeks/" + id + "/accept"), 403, "signed-in player");
    expect_error(alice.post("/api/seeks/" + id + "/accept"), 409, "your own seek");
    const HttpResult taken = bob.post("/api/seeks/" + id + "/accept");
    ASSERT_EQ(taken.status, 201u) << taken.body;
    const std::string game = taken.json_body()["game"];
    // The seeker's account is told on its sockets, without having claimed the seek.
    const json told =
        alice_socket.read_until([](const json& m) { return m["type"] == "accepted"; });
    EXPECT_EQ(told["game"], game);
    EXPECT_EQ(told["link"], "/game/" + game);
    const json state = bob.get("/api/games/" + game).json_body();
    EXPECT_TRUE(state["rated"].get<bool>());
    EXPECT_EQ(state["players"]["white"]["rating"], 1500);
}

TEST_F(Lobby, WithdrawnByItsSeekerAndChallengesByLink) {
    Browser seeker = browser(), other = browser();
    json seek = CHESS_BLITZ;
    seek["listed"] = false;  // a challenge by link only
    const json posted = seeker.post("/api/seeks", seek).json_body();
    const std::string id = posted["id"];
    EXPECT_TRUE(other.get("/api/seeks").json_body().empty());
    EXPECT_EQ(other.get("/api/seeks/" + id).json_body()["status"], "open");
    expect_error(other.call("DELETE", "/api/seeks/" + id, {{"token", "0123"}}), 403,
                 "only its seeker");
    const HttpResult withdrawn =
        seeker.call("DELETE", "/api/seeks/" + id, {{"token", posted["token"]}});
    ASSERT_EQ(withdrawn.status, 200u) << withdrawn.body;
    expect_error(other.post("/api/seeks/" + id + "/accept"), 404, "no seek");
    expect_error(other.get("/api/seeks/" + id), 404, "no seek");

    const std::string link = seeker.post("/api/seeks", seek).json_body()["id"];
    EXPECT_EQ(other.post("/api/seeks/" + link + "/accept").status, 201u);  // whoever has the link
}

TEST_F(Lobby, BadSeeksNameWhatIsWrong) {
    Browser b = browser();
    const std::vector<std::pair<json, std::string>> bad = {
        {{{"variant", "chess"}}, "\"clock\" is missing"},
        {{{"variant", "nochess"}, {"clock", {{"days", 3}}}}, "unknown variant"},
        {{{"variant", "chess"}, {"clock", {{"days", 4}}}}, "1, 2, 3, 5, 7 or 14"},
        {{{"variant", "chess"}, {"clock", {{"base_ms", 10}}}}, "\"base_ms\""},
        {{{"variant", "chess"}, {"clock", {{"days", 3}, {"base_ms", 1000}}}}, "unknown field"},
        {{{"variant", "chess"}, {"clock", {{"days", 3}}}, {"color", "purple"}}, "\"color\""},
        {{{"variant", "chess"}, {"clock", {{"days", 3}}}, {"rated", "yes"}}, "true or false"},
        {{{"variant", "chess"}, {"clock", {{"days", 3}}}, {"mode", "online"}}, "unknown field"},
        {{{"variant", "chess960"}, {"clock", {{"days", 3}}}}, "unknown variant"},
        {{{"variant", "placement"}, {"clock", {{"days", 3}}}, {"setup", "zzz"}}, "zzz"},
        {{{"variant", "blackswan"}, {"clock", {{"days", 3}}}, {"setup", "1"}}, ""},
    };
    for (const auto& [seek, words] : bad) expect_error(b.post("/api/seeks", seek), 400, words);
    EXPECT_TRUE(b.get("/api/seeks").json_body().empty());
    expect_error(b.post("/api/seeks/0123456789ab/accept"), 404, "no seek");
    expect_error(b.post("/api/seeks/..%2f/accept"), 404, "no seek");
    expect_error(b.call("PUT", "/api/seeks"), 405, "GET or POST");
    expect_error(b.get("/api/me/games"), 401, "sign in");
    expect_error(b.get("/api/players/nobody"), 404, "no player");
}

TEST_F(RatedGames, AResignationChangesBothRatingsOnce) {
    Browser alice = account("alice"), bob = account("bob");
    json seek = CHESS_BLITZ;
    seek["rated"] = true;
    seek["color"] = "white";
    const json g = play(alice, bob, seek);
    const std::string game = g["game"];
    ASSERT_EQ(alice.post("/api/games/" + game + "/move", {{"move", "e4"}, {"ply", 0}}).status,
              200u);
    ASSERT_EQ(bob.post("/api/games/" + game + "/resign").status, 200u);

    auto rating = [&](const std::string& name) {
        return get(port_, "/api/players/" + name).json_body()["ratings"]["chess"];
    };
    const json a = rating("alice"), b = rating("bob");
    ASSERT_TRUE(a.is_object()) << get(port_, "/api/players/alice").body;
    EXPECT_EQ(a["games"], 1);
    EXPECT_EQ(b["games"], 1);
    EXPECT_GT(a["rating"].get<double>(), 1600);  // two new players: a big step each
    EXPECT_NEAR(a["rating"].get<double>() - 1500, 1500 - b["rating"].get<double>(), 0.2);
    EXPECT_LT(a["deviation"].get<double>(), 350);
    const json page = get(port_, "/api/players/alice").json_body();
    ASSERT_EQ(page["finished"].size(), 1u);
    EXPECT_EQ(page["finished"][0]["link"], "/game/" + game);
    EXPECT_EQ(page["finished"][0]["result"], "1-0");
    EXPECT_EQ(page["finished"][0]["opponent"], "bob");
    EXPECT_TRUE(page["playing"].empty());

    // The game's end waits again as if a server had stopped before its ratings (a stale
    // "rating" record): the sweep of a restarted server applies it to nobody twice.
    server_.reset();
    {
        const auto storage = menagerie::server::open_storage(db());
        const json glicko = {{"rating", 1500}, {"deviation", 350}, {"volatility", 0.06}};
        storage->put_record("rating", game,
                            json{{"game", game},
                                 {"family", "chess"},
                                 {"white", "alice"},
                                 {"black", "bob"},
                                 {"score", 1},
                                 {"white_before", glicko},
                                 {"black_before", glicko},
                                 {"ended_ms", 1}}
                                .dump(),
                            1);
    }
    start();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (menagerie::server::open_storage(db())->load_record("rating", game) &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_FALSE(menagerie::server::open_storage(db())->load_record("rating", game));
    EXPECT_EQ(rating("alice"), a);
    EXPECT_EQ(rating("bob"), b);
    // And the game, over, ends no more.
    expect_error(alice.post("/api/games/" + game + "/resign"), 409, "over");
    EXPECT_EQ(rating("alice"), a);
}

TEST_F(RatedGames, CasualGamesChangeNoRating) {
    Browser alice = account("alice"), bob = account("bob");
    json seek = CHESS_BLITZ;
    seek["color"] = "black";
    const json g = play(alice, bob, seek);
    const std::string game = g["game"];
    ASSERT_EQ(alice.post("/api/games/" + game + "/resign").status, 200u);
    EXPECT_TRUE(get(port_, "/api/players/alice").json_body()["ratings"].empty());
    EXPECT_TRUE(get(port_, "/api/players/bob").json_body()["ratings"].empty());
    EXPECT_EQ(get(port_, "/api/players/bob").json_body()["finished"][0]["result"], "1-0");
}

TEST_F(Correspondence, ADeadlinePassedWhileTheServerWasDownEndsTheGame) {
    Browser alice = account("alice"), bob = account("bob");
    json seek = {
        {"variant", "chess66"}, {"clock", {{"days", 3}}}, {"color", "white"}, {"rated", true}};
    const json g = play(alice, bob, seek);
    const std::string game = g["game"];
    ASSERT_EQ(alice.post("/api/games/" + game + "/move", {{"move", "e4"}, {"ply", 0}}).status,
              200u);
    const json state = bob.get("/api/games/" + game).json_body();
    ASSERT_TRUE(state.contains("correspondence")) << state.dump();
    EXPECT_EQ(state["correspondence"]["days_per_move"], 3);
    const int64_t deadline = state["correspondence"]["deadline"];
    EXPECT_NEAR(static_cast<double>(deadline - menagerie::server::now_ms()), 3 * 86400e3, 60e3);
    EXPECT_FALSE(state.contains("clock"));

    // Bob's list says it is his move; Alice's, that it is not hers.
    const json bobs = bob.get("/api/me/games").json_body();
    ASSERT_EQ(bobs.size(), 1u) << bobs.dump();
    EXPECT_EQ(bobs[0]["id"], game);
    EXPECT_TRUE(bobs[0]["your_move"].get<bool>());
    EXPECT_EQ(bobs[0]["deadline"], deadline);
    EXPECT_EQ(bobs[0]["opponent"], "alice");
    EXPECT_EQ(bobs[0]["days_per_move"], 3);
    const json alices = alice.get("/api/me/games").json_body();
    ASSERT_EQ(alices.size(), 1u);
    EXPECT_FALSE(alices[0]["your_move"].get<bool>());

    // Down for longer than Bob's time: his deadline passes while no server runs.
    server_.reset();
    {
        const auto storage = menagerie::server::open_storage(db());
        menagerie::server::StoredGame stored = *storage->load(game);
        ASSERT_EQ(stored.deadline_ms, deadline);
        stored.deadline_ms = menagerie::server::now_ms() - 1000;
        storage->save(stored);
        storage->put_record("deadline", game, "{}", stored.deadline_ms);
    }
    start();  // nobody asks for the game: the sweep at start ends it
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    menagerie::server::StoredGame ended;
    do {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ended = *menagerie::server::open_storage(db())->load(game);
    } while (!ended.over() && std::chrono::steady_clock::now() < until);
    EXPECT_EQ(ended.result, "1-0");
    EXPECT_EQ(ended.reason, "Black ran out of time");
    EXPECT_FALSE(menagerie::server::open_storage(db())->load_record("deadline", game));
    EXPECT_TRUE(bob.get("/api/me/games").json_body().empty());
    EXPECT_EQ(get(port_, "/api/players/alice").json_body()["ratings"]["chess66"]["games"], 1);
}

TEST_F(Correspondence, ASeatKeepsAPrivateNote) {
    Browser alice = account("alice"), bob = account("bob");
    json seek = {{"variant", "chess"}, {"clock", {{"days", 1}}}, {"color", "white"}};
    const json g = play(alice, bob, seek);
    const std::string game = g["game"], white_token = g["seeker_token"];
    const std::string note_of = "/api/games/" + game + "/note";
    const HttpResult put = alice.call("PUT", note_of, {{"text", "plan: Nf3, then g3\nwatch d5"}});
    ASSERT_EQ(put.status, 200u) << put.body;
    EXPECT_EQ(alice.get("/api/games/" + game).json_body()["note"], "plan: Nf3, then g3\nwatch d5");
    // The seat's, whichever way it is held; nobody else's.
    EXPECT_EQ(get(port_, "/api/games/" + game + "?token=" + white_token).json_body()["note"],
              "plan: Nf3, then g3\nwatch d5");
    EXPECT_FALSE(bob.get("/api/games/" + game).json_body().contains("note"));
    EXPECT_FALSE(get(port_, "/api/games/" + game).json_body().contains("note"));
    expect_error(browser().call("PUT", note_of, {{"text", "mine"}}), 403, "seat");
    expect_error(http_request(port_, "PUT", note_of, json{{"text", "x"}, {"token", "bad"}}.dump()),
                 403, "holds no seat");
    expect_error(alice.call("PUT", note_of, {{"text", std::string(10'001, 'x')}}), 400,
                 "longer than 10000");
    expect_error(alice.call("PUT", note_of, {{"note", "x"}}), 400, "unknown field");
    expect_error(alice.call("PUT", "/api/games/0123456789ab/note", {{"text", "x"}}), 404,
                 "no game");
    ASSERT_EQ(bob.call("PUT", note_of, {{"text", "b's own"}}).status, 200u);
    EXPECT_EQ(bob.get("/api/games/" + game).json_body()["note"], "b's own");
    EXPECT_EQ(alice.call("PUT", note_of, {{"text", ""}}).status, 200u);  // removed
    EXPECT_FALSE(alice.get("/api/games/" + game).json_body().contains("note"));
}

// A store of records alone that notes every key it is asked to read.
class KeysAsked final : public menagerie::server::Storage {
  public:
    int64_t save(const menagerie::server::StoredGame&) override {
        throw std::runtime_error("no games here");
    }
    std::optional<menagerie::server::StoredGame> load(const std::string&) override {
        return std::nullopt;
    }
    std::vector<menagerie::server::GameSummary> list(size_t) override { return {}; }
    std::vector<std::string> unplayed(int64_t, size_t) override { return {}; }
    bool remove_unplayed(const std::string&) override { return false; }
    std::optional<menagerie::server::StoredRecord> load_record(const std::string&,
                                                               const std::string& key) override {
        keys.push_back(key);
        return std::nullopt;
    }
    std::vector<std::string> keys;
};

// Found by the API fuzz target's check of record keys (fuzz/corpus/api/seek_to_no_name): a
// seek's "to" was looked up as an account whatever it held, so the store was asked for keys that
// are not printable ASCII ("ab\t", "éve"), which the Storage interface rules out. What cannot be
// a name is nobody's, and is looked up nowhere.
TEST(AccountNames, WhatCannotBeANameIsLookedUpNowhere) {
    KeysAsked store;
    menagerie::server::Accounts accounts(store, 0);
    for (const char* name : {"ab\t", "\xc3\xa9ve", "a b", "al/ce", "ab", "twentyonecharacters12"})
        EXPECT_FALSE(accounts.find(name)) << name;
    EXPECT_TRUE(store.keys.empty()) << store.keys.front();
    EXPECT_FALSE(accounts.find("Alice_9"));
    EXPECT_EQ(store.keys, std::vector<std::string>{"alice_9"});
}

}  // namespace

namespace {

// The SQLite store, whose record writes of one kind fail while `failing` names it (the database
// went away just after a game was stored).
class RecordsFailing final : public menagerie::server::Storage {
  public:
    explicit RecordsFailing(const std::string& file)
        : inner_(menagerie::server::open_sqlite_storage(file)) {}
    int64_t save(const menagerie::server::StoredGame& g) override { return inner_->save(g); }
    std::optional<menagerie::server::StoredGame> load(const std::string& id) override {
        return inner_->load(id);
    }
    std::vector<menagerie::server::GameSummary> list(size_t limit) override {
        return inner_->list(limit);
    }
    std::vector<std::string> unplayed(int64_t before, size_t limit) override {
        return inner_->unplayed(before, limit);
    }
    bool remove_unplayed(const std::string& id) override { return inner_->remove_unplayed(id); }
    bool insert_record(const std::string& kind, const std::string& key, const std::string& text,
                       int64_t updated) override {
        fail_if(kind);
        return inner_->insert_record(kind, key, text, updated);
    }
    void put_record(const std::string& kind, const std::string& key, const std::string& text,
                    int64_t updated) override {
        fail_if(kind);
        inner_->put_record(kind, key, text, updated);
    }
    std::optional<menagerie::server::StoredRecord> load_record(const std::string& kind,
                                                               const std::string& key) override {
        return inner_->load_record(kind, key);
    }
    bool replace_record(const std::string& kind, const std::string& key, const std::string& text,
                        int64_t revision, int64_t updated) override {
        fail_if(kind);
        return inner_->replace_record(kind, key, text, revision, updated);
    }
    bool remove_record(const std::string& kind, const std::string& key) override {
        fail_if(kind);
        return inner_->remove_record(kind, key);
    }
    std::vector<menagerie::server::StoredRecord> list_records(const std::string& kind,
                                                              const std::string& prefix,
                                                              size_t limit) override {
        return inner_->list_records(kind, prefix, limit);
    }
    std::vector<menagerie::server::StoredRecord> due_records(const std::string& kind, int64_t until,
                                                             size_t limit) override {
        return inner_->due_records(kind, until, limit);
    }
    std::set<std::string> failing;

  private:
    void fail_if(const std::string& kind) {
        if (failing.contains(kind))
            throw std::runtime_error("the database went away (a test's failure)");
    }
    std::unique_ptr<menagerie::server::Storage> inner_;
};

}  // namespace

// A rated game stored as ended while the store then failed to take the players' lists and the
// ratings: the next sweep follows the game again, so the lists and the ratings catch up.
TEST(Community, WhatFollowsAGameIsDoneAgainAfterTheStoreFailed) {
    namespace server = menagerie::server;
    const std::filesystem::path dir = temp_dir("menagerie-refollow");
    {
        RecordsFailing store((dir / "games.db").string());
        RunningTimers timers;
        server::GameService games(store, timers.io.get_executor(), 1, std::chrono::minutes(5),
                                  std::chrono::seconds(10), 1);
        server::Community community(store, games, timers.io.get_executor(), 0, 10);
        community.accounts().create("alice", "pass-alice");
        community.accounts().create("bob", "pass-bob");
        server::Seating seating;
        seating.rated = true;
        seating.players["white"] = {"alice", 1500};
        seating.players["black"] = {"bob", 1500};
        const json made = games.create({{"variant", "chess"}, {"mode", "online"}}, seating);
        const std::string id = made["id"];
        store.failing = {"plays", "rating", "account"};
        games.resign(
            id, server::Credential::of(made["tokens"]["white"].get<std::string>(), std::nullopt));
        EXPECT_EQ(store.load(id)->result, "0-1");
        EXPECT_EQ(store.list_records("plays", "alice/", 10)[0].text.find("\"0-1\""),
                  std::string::npos);  // still listed as in play
        EXPECT_TRUE(community.accounts().find("bob")->ratings.empty());

        store.failing.clear();
        community.sweep();
        for (const char* name : {"alice", "bob"}) {
            const auto plays = store.list_records("plays", std::string(name) + "/", 10);
            ASSERT_EQ(plays.size(), 1u);
            EXPECT_EQ(json::parse(plays[0].text)["result"], "0-1") << name;
        }
        const server::Account bob = *community.accounts().find("bob");
        ASSERT_TRUE(bob.ratings.contains("chess"));
        EXPECT_GT(bob.ratings.at("chess").glicko.rating, 1500);
        EXPECT_LT(community.accounts().find("alice")->ratings.at("chess").glicko.rating, 1500);
        // Once: a further sweep changes nothing.
        community.sweep();
        EXPECT_EQ(community.accounts().find("bob")->ratings.at("chess").games, 1);
    }
    std::filesystem::remove_all(dir);
}
