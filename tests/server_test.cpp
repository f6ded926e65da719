// The web API (docs/web-api.md) driven over HTTP and WebSocket against a server on port 0.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "engine/engine.h"
#include "games/games.h"
#include "server/catalogue.h"
#include "server/http_server.h"
#include "server/rate_limit.h"
#include "server_client.h"
#include "test_util.h"

namespace {

using namespace menagerie::test;
using menagerie::server::Server;
using menagerie::server::ServerOptions;

class ServerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = temp_dir("menagerie-server");
        start();
    }
    void TearDown() override {
        server_.reset();
        std::filesystem::remove_all(dir_);
    }
    void start() {
        ServerOptions o;
        o.port = 0;
        o.db = (dir_ / "games.db").string();
        o.static_dir = (dir_ / "static").string();
        o.games_per_minute = games_per_minute_;
        server_ = std::make_unique<Server>(o);
        server_->start();
        port_ = server_->port();
    }
    void restart() {
        server_.reset();
        start();
    }

    json create(const json& body) {
        const HttpResult r = post(port_, "/api/games", body);
        EXPECT_EQ(r.status, 201u) << r.body;
        return r.json_body();
    }
    json state(const std::string& id, const std::string& token = "") {
        const HttpResult r =
            get(port_, "/api/games/" + id + (token.empty() ? "" : "?token=" + token));
        EXPECT_EQ(r.status, 200u) << r.body;
        return r.json_body();
    }
    HttpResult move(const std::string& id, const std::string& token, const std::string& m,
                    int ply) {
        return post(port_, "/api/games/" + id + "/move",
                    {{"token", token}, {"move", m}, {"ply", ply}});
    }
    static void expect_error(const HttpResult& r, unsigned status) {
        EXPECT_EQ(r.status, status) << r.body;
        const json body = r.json_body();
        ASSERT_TRUE(body.is_object()) << r.body;
        ASSERT_TRUE(body.contains("error")) << r.body;
        EXPECT_FALSE(body["error"].get<std::string>().empty());
    }

    std::filesystem::path dir_;
    std::unique_ptr<Server> server_;
    uint16_t port_ = 0;
    int games_per_minute_ = 0;  // the tests below create games faster than a person
};

TEST_F(ServerTest, VariantsListsEveryGame) {
    const json v = get(port_, "/api/variants").json_body();
    ASSERT_TRUE(v.is_array());
    std::vector<std::string> names;
    for (const json& g : v) {
        names.push_back(g["name"]);
        EXPECT_FALSE(g["title"].get<std::string>().empty());
        // A refereed game's start is its secret seed's: it lists no setups.
        EXPECT_GE(g["setups"]["count"].get<int>(), g["setups"]["kind"] == "seed" ? 0 : 1);
    }
    EXPECT_EQ(names, menagerie::server::served_game_names());
    // Every game is served, Black Swan refereed (server_blackswan_test.cpp).
    EXPECT_EQ(names, menagerie::game_names());
    const std::vector<std::string> played = menagerie::engine::played_game_names();
    for (const json& g : v)
        EXPECT_EQ(g["engine"].get<bool>(),
                  std::count(played.begin(), played.end(), g["name"].get<std::string>()) == 1);
}

TEST_F(ServerTest, BoardsHaveCellsAndDescribedPieces) {
    for (const std::string& name : menagerie::server::served_game_names()) {
        const HttpResult r = get(port_, "/api/board?variant=" + name);
        ASSERT_EQ(r.status, 200u) << r.body;
        const json b = r.json_body();
        EXPECT_FALSE(b["cells"].empty());
        ASSERT_FALSE(b["pieces"].empty());
        for (const json& p : b["pieces"])
            EXPECT_FALSE(p["description"].get<std::string>().empty()) << name << " " << p["name"];
    }
    EXPECT_EQ(get(port_, "/api/board?variant=chess2016").json_body()["cells"].size(), 96u);
}

TEST_F(ServerTest, SetupsPieceMovesAndRoll) {
    const json setups = get(port_, "/api/setups?variant=chess56").json_body();
    EXPECT_EQ(setups.size(), 56u);
    EXPECT_EQ(setups[0]["id"], "W1-1-1");
    const json arrays = get(port_, "/api/setups?variant=contemporary").json_body();
    ASSERT_EQ(arrays.size(), 1680u);
    const json by_array =
        create({{"variant", "contemporary"}, {"mode", "local"}, {"setup", arrays[5]["name"]}});
    EXPECT_EQ(state(by_array["id"])["start_fen"], arrays[5]["fen"]);
    EXPECT_EQ(state(by_array["id"])["setup"], "5");
    const json knight = get(port_, "/api/piece-moves?variant=chess&token=N&cell=d4").json_body();
    EXPECT_EQ(knight["quiet"].size(), 8u);
    EXPECT_EQ(knight["capture"].size(), 8u);
    const json pawn = get(port_, "/api/piece-moves?variant=chess&token=P&cell=e4").json_body();
    EXPECT_EQ(pawn["quiet"], json({"e5"}));
    EXPECT_EQ(pawn["capture"].size(), 2u);
    const json cannon =
        get(port_, "/api/piece-moves?variant=chess2016&token=O&cell=f5").json_body();
    EXPECT_FALSE(cannon["capture"].empty());
    const json a = get(port_, "/api/roll?variant=chess2016&seed=5").json_body();
    const json b = get(port_, "/api/roll?variant=chess2016&seed=5").json_body();
    EXPECT_EQ(a, b);
    EXPECT_EQ(a["dice"]["white"].size(), 3u);
    EXPECT_TRUE(a["dice"].contains("green"));
    EXPECT_FALSE(a["fen"].get<std::string>().empty());
    expect_error(get(port_, "/api/roll?variant=chess"), 400);
    expect_error(get(port_, "/api/board?variant=nochess"), 400);
    expect_error(get(port_, "/api/board?variant=placement&opt.castling=maybe"), 400);
    expect_error(get(port_, "/api/piece-moves?variant=chess&token=Z&cell=d4"), 400);
    expect_error(get(port_, "/api/piece-moves?variant=chess&token=N&cell=z9"), 400);
    expect_error(get(port_, "/api/roll?variant=chess56&seed=-1"), 400);
}

TEST_F(ServerTest, EveryGameInEveryModeStartsAndTakesAMove) {
    for (const std::string& name : menagerie::server::served_game_names()) {
        for (const std::string mode : {"local", "analysis", "online", "engine"}) {
            SCOPED_TRACE(name + " " + mode);
            json body = {{"variant", name}, {"mode", mode}};
            if (mode == "engine") {
                // Engine mode is offered exactly for the games the engine plays.
                const std::vector<std::string> played = menagerie::engine::played_game_names();
                if (std::count(played.begin(), played.end(), name) == 0) {
                    expect_error(post(port_, "/api/games", body), 400);
                    continue;
                }
                body["engine"] = {{"color", "black"}, {"level", 1}};
            }
            const json created = create(body);
            const std::string id = created["id"];
            EXPECT_TRUE(created["links"].contains("spectator"));
            json s;
            std::string token;
            if (mode == "engine") {
                // Where Black moves first (Placement's relocation), the engine answers first.
                token = created["tokens"]["white"];
                WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
                s = ws.read_until(
                    [](const json& m) { return m["state"]["turn"] == "white"; })["state"];
            } else {
                s = state(id);
                EXPECT_EQ(s["ply"], 0);
                token = mode == "online" ? created["tokens"][s["turn"].get<std::string>()]
                                         : created["tokens"]["both"];
                s = state(id, token);
            }
            EXPECT_EQ(s["status"], "playing");
            EXPECT_EQ(s["variant"], name);
            const std::string seat = mode == "online"   ? s["turn"].get<std::string>()
                                     : mode == "engine" ? "white"
                                                        : "both";
            EXPECT_EQ(s["seat"], seat);
            ASSERT_FALSE(s["legal"].empty());
            const int ply = s["ply"];
            const HttpResult r = move(id, token, s["legal"][0]["uci"], ply);
            ASSERT_EQ(r.status, 200u) << r.body;
            EXPECT_EQ(r.json_body()["ply"].get<int>(), ply + 1);
        }
    }
}

TEST_F(ServerTest, MovesByUciAndSan) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "e2e4", 0).status, 200u);
    const HttpResult r = move(id, token, "e5", 1);
    ASSERT_EQ(r.status, 200u) << r.body;
    const json s = r.json_body();
    EXPECT_EQ(s["ply"], 2);
    EXPECT_EQ(s["moves"][0]["san"], "e4");
    EXPECT_EQ(s["moves"][1]["uci"], "e7e5");
    EXPECT_EQ(s["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(s["last_move"], json({{"from", "e7"}, {"to", "e5"}}));
    EXPECT_EQ(s["legal"].size(), 29u);
    // Every API answer says how long the server itself took (the load benchmark reads it).
    EXPECT_TRUE(r.server_timing.starts_with("app;dur=")) << r.server_timing;
    EXPECT_GE(std::stod(r.server_timing.substr(8)), 0.0);
}

TEST_F(ServerTest, CastlingIsShownAsTheKingsMove) {
    const json g = create(
        {{"variant", "chess"}, {"mode", "local"}, {"fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}});
    const json s = state(g["id"], g["tokens"]["both"]);
    int castlings = 0;
    for (const json& m : s["legal"])
        if (m["san"] == "O-O") {
            ++castlings;
            EXPECT_EQ(m["from"], "e1");
            EXPECT_EQ(m["to"], "g1");
        }
    EXPECT_EQ(castlings, 1);
    const HttpResult castled = move(g["id"], g["tokens"]["both"], "O-O", 0);
    ASSERT_EQ(castled.status, 200u) << castled.body;
    EXPECT_EQ(castled.json_body()["last_move"], json({{"from", "e1"}, {"to", "g1"}}));
}

TEST_F(ServerTest, IllegalOrMalformedMovesChangeNothing) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    const json before = state(id, token);
    expect_error(move(id, token, "e2e5", 0), 400);
    expect_error(move(id, token, "Qh5", 0), 400);
    expect_error(move(id, token, std::string("e2\0e4", 5), 0), 400);
    expect_error(
        post(port_, "/api/games/" + id + "/move", {{"token", token}, {"move", 7}, {"ply", 0}}),
        400);
    expect_error(post(port_, "/api/games/" + id + "/move", {{"token", token}, {"move", "e2e4"}}),
                 400);
    expect_error(post(port_, "/api/games/" + id + "/move",
                      {{"token", token}, {"move", "e2e4"}, {"ply", 0}, {"extra", 1}}),
                 400);
    expect_error(http_request(port_, "POST", "/api/games/" + id + "/move", "{\"token\":"), 400);
    expect_error(http_request(port_, "POST", "/api/games/" + id + "/move",
                              std::string(10000, '[') + std::string(10000, ']')),
                 400);
    EXPECT_EQ(state(id, token), before);
}

TEST_F(ServerTest, StalePlyIsAConflict) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "e2e4", 0).status, 200u);
    expect_error(move(id, token, "e7e5", 0), 409);
    expect_error(move(id, token, "e7e5", 2), 409);
    EXPECT_EQ(state(id, token)["ply"], 1);
}

TEST_F(ServerTest, TokensGuardTheSeats) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
    EXPECT_NE(white, black);
    EXPECT_EQ(white.size(), 32u);
    expect_error(move(id, "0123456789abcdef0123456789abcdef", "e2e4", 0), 403);
    expect_error(post(port_, "/api/games/" + id + "/move", {{"move", "e2e4"}, {"ply", 0}}), 403);
    expect_error(move(id, black, "e2e4", 0), 409);  // not Black's turn
    const json spectator = state(id);
    EXPECT_EQ(spectator["seat"], "spectator");
    EXPECT_TRUE(spectator["legal"].empty());
    EXPECT_EQ(state(id, "wrong")["seat"], "spectator");
    EXPECT_EQ(state(id, white)["seat"], "white");
    EXPECT_FALSE(state(id, white)["legal"].empty());
    EXPECT_TRUE(state(id, black)["legal"].empty());
    expect_error(post(port_, "/api/games/" + id + "/resign", json::object()), 403);
    EXPECT_EQ(state(id)["ply"], 0);
    expect_error(get(port_, "/api/games/ffffffffffff"), 404);
    expect_error(get(port_, "/api/games/../../etc"), 404);
}

TEST_F(ServerTest, OnlineGamePushesEachMoveToTheOtherSeat) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
    WsClient black_ws(port_, "/api/games/" + id + "/ws?token=" + black);
    WsClient white_ws(port_, "/api/games/" + id + "/ws?token=" + white);
    const json first = black_ws.read();
    EXPECT_EQ(first["type"], "state");
    EXPECT_EQ(first["state"]["seat"], "black");
    white_ws.read();
    ASSERT_EQ(move(id, white, "d2d4", 0).status, 200u);
    const json pushed = black_ws.read_until([](const json& m) { return m["state"]["ply"] == 1; });
    EXPECT_EQ(pushed["state"]["moves"][0]["san"], "d4");
    EXPECT_FALSE(pushed["state"]["legal"].empty());
    black_ws.send({{"type", "move"}, {"move", "Nf6"}, {"ply", 1}});
    const json answer = white_ws.read_until([](const json& m) { return m["state"]["ply"] == 2; });
    EXPECT_EQ(answer["state"]["moves"][1]["uci"], "g8f6");
    black_ws.send({{"type", "move"}, {"move", "e5"}, {"ply", 2}});
    const json refused = black_ws.read_until([](const json& m) { return m["type"] == "error"; });
    EXPECT_FALSE(refused["error"].get<std::string>().empty());
    black_ws.send(json("not an object"));
    EXPECT_EQ(black_ws.read_until([](const json& m) { return m["type"] == "error"; })["type"],
              "error");
    EXPECT_EQ(state(id)["ply"], 2);
    expect_error(post(port_, "/api/games/" + id + "/takeback", {{"token", white}}), 400);
}

TEST_F(ServerTest, EngineRepliesArePushed) {
    const json g = create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "black"}, {"level", 2}}}});
    const std::string id = g["id"], token = g["tokens"]["white"];
    EXPECT_FALSE(g["tokens"].contains("black"));
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
    ws.read();
    const HttpResult r = move(id, token, "e4", 0);
    ASSERT_EQ(r.status, 200u);
    EXPECT_EQ(r.json_body()["ply"], 1);
    const json reply = ws.read_until([](const json& m) { return m["state"]["ply"] == 2; });
    EXPECT_EQ(reply["state"]["engine"]["thinking"], false);
    EXPECT_EQ(reply["state"]["turn"], "white");
    EXPECT_FALSE(reply["state"]["legal"].empty());
    EXPECT_EQ(state(id, token)["ply"], 2);
    // Takeback returns to the human's last turn, the engine's reply included.
    const HttpResult back = post(port_, "/api/games/" + id + "/takeback", {{"token", token}});
    ASSERT_EQ(back.status, 200u) << back.body;
    EXPECT_EQ(back.json_body()["ply"], 0);
    expect_error(post(port_, "/api/games/" + id + "/takeback", {{"token", token}}), 409);
}

TEST_F(ServerTest, EngineMovesFirstWhenItPlaysWhite) {
    const json g = create({{"variant", "chess66"},
                           {"mode", "engine"},
                           {"engine", {{"color", "white"}, {"level", 1}}}});
    const std::string id = g["id"], token = g["tokens"]["black"];
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
    const json s = ws.read_until([](const json& m) { return m["state"]["ply"] == 1; });
    EXPECT_EQ(s["state"]["seat"], "black");
    EXPECT_FALSE(s["state"]["legal"].empty());
}

TEST_F(ServerTest, TakebackAndResign) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "e4", 0).status, 200u);
    ASSERT_EQ(move(id, token, "e5", 1).status, 200u);
    const HttpResult back = post(port_, "/api/games/" + id + "/takeback", {{"token", token}});
    ASSERT_EQ(back.status, 200u);
    EXPECT_EQ(back.json_body()["ply"], 1);
    EXPECT_EQ(back.json_body()["moves"].size(), 1u);
    EXPECT_EQ(back.json_body()["last_move"], json({{"from", "e2"}, {"to", "e4"}}));
    const HttpResult resigned = post(port_, "/api/games/" + id + "/resign", {{"token", token}});
    ASSERT_EQ(resigned.status, 200u);
    EXPECT_EQ(resigned.json_body()["status"], "over");
    EXPECT_EQ(resigned.json_body()["result"], "1-0");  // Black, to move, resigned
    EXPECT_EQ(resigned.json_body()["reason"], "Black resigned");
    EXPECT_TRUE(resigned.json_body()["legal"].empty());
    expect_error(move(id, token, "e5", 1), 409);
    expect_error(post(port_, "/api/games/" + id + "/resign", {{"token", token}}), 409);
    const HttpResult pgn = get(port_, "/api/games/" + id + "/pgn");
    EXPECT_NE(pgn.body.find("[Result \"1-0\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("1. e4 1-0"), std::string::npos) << pgn.body;
}

// Online, either seat may resign at any time: the one not to move loses as well.
TEST_F(ServerTest, TheSeatNotToMoveMayResignOnline) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
    ASSERT_EQ(move(id, white, "e4", 0).status, 200u);  // Black to move; White resigns
    const HttpResult resigned = post(port_, "/api/games/" + id + "/resign", {{"token", white}});
    ASSERT_EQ(resigned.status, 200u) << resigned.body;
    EXPECT_EQ(resigned.json_body()["result"], "0-1");
    EXPECT_EQ(resigned.json_body()["reason"], "White resigned");
    EXPECT_EQ(state(id, black)["status"], "over");
    expect_error(move(id, black, "e5", 1), 409);
}

// A move sent on a WebSocket opened without a seat's token, or with a wrong one, is refused
// and changes nothing; the seat's own socket still moves.
TEST_F(ServerTest, WebSocketMovesNeedASeatsToken) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"];
    for (const std::string& query : {std::string(""), "?token=" + std::string(32, '0')}) {
        SCOPED_TRACE(query);
        WsClient ws(port_, "/api/games/" + id + "/ws" + query);
        EXPECT_EQ(ws.read()["state"]["seat"], "spectator");
        ws.send({{"type", "move"}, {"move", "e4"}, {"ply", 0}});
        const json reply = ws.read_until([](const json& m) { return m["type"] == "error"; });
        EXPECT_NE(reply["error"].get<std::string>().find("token"), std::string::npos) << reply;
        EXPECT_EQ(state(id)["ply"], 0);
    }
    WsClient seat(port_, "/api/games/" + id + "/ws?token=" + white);
    seat.read();
    seat.send({{"type", "move"}, {"move", "e4"}, {"ply", 0}});
    EXPECT_EQ(seat.read_until([](const json& m) { return m["state"]["ply"] == 1; })["type"],
              "state");
}

// The game list shows what a lobby needs and nothing that opens a seat or a hidden identity.
TEST_F(ServerTest, TheGameListShowsNoTokenHashOrSeed) {
    create({{"variant", "chess"}, {"mode", "online"}});
    create({{"variant", "blackswan"}, {"mode", "local"}});
    const HttpResult list = get(port_, "/api/games");
    ASSERT_EQ(list.status, 200u);
    ASSERT_EQ(list.json_body().size(), 2u);
    for (const json& row : list.json_body())
        for (const auto& [key, value] : row.items())
            EXPECT_TRUE(key == "id" || key == "variant" || key == "mode" || key == "status" ||
                        key == "result" || key == "ply" || key == "updated")
                << key;
    // The stored record holds the hashes and the seed: none of it is in the list.
    auto storage = menagerie::server::open_storage((dir_ / "games.db").string());
    for (const menagerie::server::GameSummary& summary : storage->list(10)) {
        const menagerie::server::StoredGame stored = *storage->load(summary.id);
        for (const auto& [seat, hash] : stored.token_hashes)
            EXPECT_EQ(list.body.find(hash), std::string::npos) << seat;
        if (const auto seed = stored.options.find("seed"); seed != stored.options.end()) {
            EXPECT_EQ(list.body.find(seed->second), std::string::npos);
        }
    }
}

TEST_F(ServerTest, DrawOffersReachTheOtherSeat) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
    auto draw = [&](const std::string& token, const std::string& action) {
        return post(port_, "/api/games/" + id + "/draw", {{"token", token}, {"action", action}});
    };
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + black);
    EXPECT_EQ(ws.read()["state"]["draw_offer"], nullptr);
    // Nothing to answer yet; a spectator cannot offer; the action must be known.
    expect_error(draw(black, "accept"), 409);
    expect_error(draw("", "offer"), 403);
    expect_error(draw(white, "propose"), 400);
    ASSERT_EQ(draw(white, "offer").status, 200u);
    EXPECT_EQ(ws.read_until([](const json& m) {
        return !m["state"]["draw_offer"].is_null();
    })["state"]["draw_offer"],
              "white");
    expect_error(draw(white, "offer"), 409);   // once is enough
    expect_error(draw(white, "accept"), 409);  // not one's own
    // Black declines by moving; then declines outright.
    ASSERT_EQ(move(id, white, "e4", 0).status, 200u);  // the offerer's move keeps the offer
    EXPECT_EQ(state(id)["draw_offer"], "white");
    ASSERT_EQ(move(id, black, "e5", 1).status, 200u);
    EXPECT_EQ(state(id)["draw_offer"], nullptr);
    ASSERT_EQ(draw(black, "offer").status, 200u);
    ASSERT_EQ(draw(white, "decline").status, 200u);
    EXPECT_EQ(state(id)["draw_offer"], nullptr);
    // An offer accepted ends the game, and both seats hear it.
    ASSERT_EQ(draw(black, "offer").status, 200u);
    restart();  // the offer is stored
    EXPECT_EQ(state(id)["draw_offer"], "black");
    const HttpResult accepted = draw(white, "accept");
    ASSERT_EQ(accepted.status, 200u) << accepted.body;
    EXPECT_EQ(accepted.json_body()["result"], "1/2-1/2");
    EXPECT_EQ(accepted.json_body()["reason"], "draw by agreement");
    EXPECT_NE(
        get(port_, "/api/games/" + id + "/pgn").body.find("[Termination \"draw by agreement\"]"),
        std::string::npos);
    expect_error(draw(black, "offer"), 409);  // the game is over
    // Offers are between two seats: not in a local game, nor to the engine.
    const json local = create({{"variant", "chess"}, {"mode", "local"}});
    expect_error(post(port_, "/api/games/" + local["id"].get<std::string>() + "/draw",
                      {{"token", local["tokens"]["both"]}, {"action", "offer"}}),
                 400);
}

// The legend shows what this game and setup can hold; the chooser offers the queen first.
TEST_F(ServerTest, PieceTypesOfTheGameAndQueenFirst) {
    const json chess = state(create({{"variant", "chess"}, {"mode", "local"}})["id"]);
    EXPECT_EQ(chess["piece_types"], json({"P", "N", "B", "R", "Q", "K"})) << chess["piece_types"];
    EXPECT_EQ(chess["promotions"].front(), "Q");
    const json board = get(port_, "/api/board?variant=chess2016").json_body();
    const json roll = get(port_, "/api/roll?variant=chess2016&seed=7").json_body();
    const json c2016 = state(
        create({{"variant", "chess2016"}, {"mode", "local"}, {"setup", roll["setup"]}})["id"]);
    EXPECT_LT(c2016["piece_types"].size(), board["pieces"].size());  // not the family's 29
    // The game page asks for its own roll again: the same dice and substitutions.
    const json again =
        get(port_, "/api/roll?variant=chess2016&setup=" + roll["setup"].get<std::string>())
            .json_body();
    EXPECT_EQ(again, roll);
    expect_error(get(port_, "/api/roll?variant=chess2016&setup=W9-9-9"), 400);
    EXPECT_GE(c2016["piece_types"].size(), 6u);
    for (const json& t : c2016["promotions"])
        EXPECT_NE(std::find(c2016["piece_types"].begin(), c2016["piece_types"].end(), t),
                  c2016["piece_types"].end());
    const json g =
        create({{"variant", "chess"}, {"mode", "local"}, {"fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1"}});
    const json promoting = state(g["id"], g["tokens"]["both"]);
    std::vector<std::string> order;
    for (const json& m : promoting["legal"])
        if (m["from"] == "a7") order.push_back(m["promotion"]);
    ASSERT_EQ(order.size(), 4u);
    EXPECT_EQ(order.front(), "Q");
}

TEST_F(ServerTest, CheckmateEndsTheGame) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    int ply = 0;
    for (const char* m : {"f3", "e5", "g4", "Qh4#"})
        ASSERT_EQ(move(id, token, m, ply++).status, 200u);
    const json s = state(id, token);
    EXPECT_EQ(s["status"], "over");
    EXPECT_EQ(s["result"], "0-1");
    EXPECT_EQ(s["reason"], "checkmate");
    EXPECT_EQ(s["check"], json({"e1"}));
    expect_error(move(id, token, "a3", 4), 409);
}

TEST_F(ServerTest, PgnExportReimportsToTheSameFen) {
    for (const std::string& name : menagerie::server::served_game_names()) {
        SCOPED_TRACE(name);
        const json g = create({{"variant", name}, {"mode", "local"}});
        const std::string id = g["id"], token = g["tokens"]["both"];
        json s = state(id, token);
        for (int ply = 0; ply < 6 && !s["legal"].empty(); ++ply) {
            const HttpResult r = move(id, token, s["legal"][s["legal"].size() / 2]["uci"], ply);
            ASSERT_EQ(r.status, 200u) << r.body;
            s = r.json_body();
            // Each move carries the position after it: the last one is the game's.
            EXPECT_EQ(s["moves"].back()["fen"], s["fen"]);
        }
        const HttpResult pgn = get(port_, "/api/games/" + id + "/pgn");
        ASSERT_EQ(pgn.status, 200u);
        EXPECT_EQ(pgn.content_type.rfind("text/plain", 0), 0u);
        if (menagerie::make_game(name)->has_chance()) {
            // A refereed game's record is not imported (server_blackswan_test.cpp).
            expect_error(post(port_, "/api/games",
                              {{"variant", name}, {"mode", "analysis"}, {"pgn", pgn.body}}),
                         400);
            continue;
        }
        const json copy = create({{"variant", name}, {"mode", "analysis"}, {"pgn", pgn.body}});
        const json t = state(copy["id"], copy["tokens"]["both"]);
        EXPECT_EQ(t["fen"], s["fen"]);
        EXPECT_EQ(t["moves"], s["moves"]);
        EXPECT_EQ(t["start_fen"], s["start_fen"]);
    }
    expect_error(post(port_, "/api/games",
                      {{"variant", "chess66"},
                       {"mode", "local"},
                       {"pgn", "[Variant \"chess\"]\n\n1. e4 *\n"}}),
                 400);
    expect_error(
        post(port_, "/api/games", {{"variant", "chess"}, {"mode", "local"}, {"pgn", "1. e5 *"}}),
        400);
}

TEST_F(ServerTest, PgnImportKeepsItsTags) {
    const std::string pgn =
        "[Event \"Club \\\"Open\\\"\"]\n[Site \"Leiden\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n"
        "[White \"Ada\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[Annotator \"Cy\"]\n"
        "[Termination \"adjudication\"]\n\n1. e4 e5 1-0\n";
    const json g = create({{"variant", "chess"}, {"mode", "local"}, {"pgn", pgn}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "Nf3", 2).status, 200u);
    restart();  // the tags are stored, not only held in memory
    const std::string out = get(port_, "/api/games/" + id + "/pgn").body;
    for (const char* tag :
         {"[Event \"Club \\\"Open\\\"\"]", "[Site \"Leiden\"]", "[Date \"2024.05.01\"]",
          "[Round \"3\"]", "[White \"Ada\"]", "[Black \"Bob\"]", "[Annotator \"Cy\"]"})
        EXPECT_NE(out.find(tag), std::string::npos) << tag << "\n" << out;
    // The game's own state, not the import's, gives the result.
    EXPECT_NE(out.find("[Result \"*\"]"), std::string::npos) << out;
    EXPECT_EQ(out.find("adjudication"), std::string::npos) << out;
    // And the export imports again to the same tags.
    const json again = create({{"variant", "chess"}, {"mode", "local"}, {"pgn", out}});
    EXPECT_EQ(get(port_, "/api/games/" + again["id"].get<std::string>() + "/pgn").body, out);
}

TEST_F(ServerTest, CreateValidatesItsInput) {
    for (const json& body :
         {json({{"variant", "chess"}}), json({{"variant", "chess"}, {"mode", "solo"}}),
          json({{"variant", "shogi"}, {"mode", "local"}}),
          json({{"variant", "chess"}, {"mode", "local"}, {"fen", "8/8 w"}}),
          json({{"variant", "chess56"}, {"mode", "local"}, {"setup", "W9"}}),
          json({{"variant", "chess"}, {"mode", "local"}, {"colour", "x"}}),
          json({{"variant", "chess"}, {"mode", "local"}, {"options", {{"x", "y"}}}}),
          json({{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"level", 9}}}}),
          json({{"variant", "chess"}, {"mode", "local"}, {"clock", {{"initial_ms", 60000}}}}),
          json({{"variant", "chess"}, {"mode", "local"}, {"fen", "x"}, {"setup", "0"}}),
          json::array()})
        expect_error(post(port_, "/api/games", body), 400);
    EXPECT_TRUE(get(port_, "/api/games").json_body().empty());
    const json g = create({{"variant", "chess56"}, {"mode", "local"}, {"setup", "w3-2-1"}});
    const json s = state(g["id"]);
    EXPECT_EQ(s["setup"], "W1-2-3");
    EXPECT_EQ(s["options"]["dice"], "W1-2-3");
    const json list = get(port_, "/api/games").json_body();
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0]["id"], g["id"]);
}

TEST_F(ServerTest, HttpErrorsAreJson) {
    const HttpResult missing = get(port_, "/api/nothing");
    expect_error(missing, 404);
    EXPECT_TRUE(missing.server_timing.starts_with("app;dur=")) << missing.server_timing;
    expect_error(http_request(port_, "DELETE", "/api/games"), 405);
    // An oversized body is refused from its header: the reply comes before the body is sent (a
    // client sending it all would meet a closed connection, so the test sends only the header).
    {
        const std::string reply = raw_exchange(port_,
                                               "POST /api/games HTTP/1.1\r\nHost: x\r\n"
                                               "Content-Type: application/json\r\n"
                                               "Content-Length: 4194304\r\n\r\n",
                                               64);
        EXPECT_NE(reply.find("413"), std::string::npos) << reply;
    }
    expect_error(get(port_, "/api/games/abc/ws"), 400);
    // Garbage that is not HTTP gets a 400 and the server goes on.
    EXPECT_NE(raw_exchange(port_, "\x01\x02 NOT HTTP\r\n\r\n", 64).find("400"), std::string::npos);
    EXPECT_EQ(get(port_, "/api/variants").status, 200u);
    EXPECT_EQ(get(port_, "/").status, 404u);  // no front end built in the test's directory
}

TEST_F(ServerTest, StaticFilesAndClientRoutes) {
    std::filesystem::create_directories(dir_ / "static" / "assets");
    std::ofstream(dir_ / "static" / "index.html") << "<!doctype html><title>Menagerie</title>";
    std::ofstream(dir_ / "static" / "assets" / "app.js") << "console.log(1)";
    EXPECT_NE(get(port_, "/").body.find("Menagerie"), std::string::npos);
    EXPECT_NE(get(port_, "/game/abc?token=x").body.find("Menagerie"), std::string::npos);
    const HttpResult js = get(port_, "/assets/app.js");
    EXPECT_EQ(js.status, 200u);
    EXPECT_EQ(js.content_type.rfind("text/javascript", 0), 0u);
    EXPECT_EQ(get(port_, "/assets/missing.js").status, 404u);
    // A NUL in the decoded path would open app.js under the type of ".html".
    for (const char* target : {"/assets/app.js%00.html", "/assets/app.js%00", "/%00"}) {
        const HttpResult r = get(port_, target);
        EXPECT_EQ(r.status, 400u) << target;
        EXPECT_EQ(r.content_type, "application/json") << target;
        EXPECT_NE(r.body.find("NUL"), std::string::npos) << r.body;
    }
    // Every answer, a page, a script or the API's, says its type is meant and whence scripts
    // may come.
    for (const char* target : {"/", "/assets/app.js", "/api/variants", "/api/nothing"}) {
        const HttpResult r = get(port_, target);
        EXPECT_EQ(r.header("x-content-type-options"), "nosniff") << target;
        EXPECT_NE(r.header("content-security-policy").find("script-src 'self'"), std::string::npos)
            << target;
        EXPECT_EQ(r.header("referrer-policy"), "no-referrer") << target;
    }
    // Nothing outside the static directory, however the path is spelled: the game store (with
    // every Black Swan seed) sits beside it.
    std::ofstream(dir_ / "secret.txt") << "not for clients";
    std::filesystem::create_symlink(dir_ / "secret.txt", dir_ / "static" / "link.txt");
    const std::string outside = (dir_ / "secret.txt").string();
    for (const std::string& target : std::vector<std::string>{
             "/../secret.txt", "/%2e%2e/secret.txt", "/assets/../../secret.txt", "/" + outside,
             "/%2F" + outside.substr(1), "//etc/passwd", "/%2fetc/passwd", "/link.txt"}) {
        const HttpResult r = get(port_, target);
        EXPECT_EQ(r.body.find("not for clients"), std::string::npos) << target;
        EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
        EXPECT_EQ(r.status, 404u) << target;
    }
}

TEST_F(ServerTest, Analyse) {
    const HttpResult r = post(
        port_, "/api/analyse",
        {{"variant", "chess"}, {"moves", {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"}}, {"depth", 1}});
    ASSERT_EQ(r.status, 200u) << r.body;
    const json a = r.json_body();
    ASSERT_EQ(a["pv"].size(), 1u);
    EXPECT_EQ(a["pv"][0]["san"], "Qxf7#");
    EXPECT_EQ(a["mate"], 1);
    EXPECT_FALSE(a.contains("over"));
    // Where the game is over the answer says how, with the side to move's score.
    const json mated =
        post(port_, "/api/analyse",
             {{"variant", "chess"}, {"moves", {"f3", "e5", "g4", "Qh4"}}, {"depth", 3}})
            .json_body();
    EXPECT_EQ(mated["over"], json({{"result", "0-1"}, {"reason", "checkmate"}})) << mated;
    EXPECT_EQ(mated["mate"], 0);
    EXPECT_EQ(mated["pv"], json::array());
    const json stalemate =
        post(port_, "/api/analyse",
             {{"variant", "chess"}, {"fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, {"depth", 3}})
            .json_body();
    EXPECT_EQ(stalemate["over"]["result"], "1/2-1/2") << stalemate;
    EXPECT_EQ(stalemate["score_cp"], 0);
    EXPECT_FALSE(stalemate.contains("mate"));
    expect_error(post(port_, "/api/analyse", {{"variant", "chess"}, {"moves", {"e5"}}}), 400);
    expect_error(post(port_, "/api/analyse", {{"variant", "contemporary"}}), 400);
}

// One refused request: what is sent, the status, and words the error must hold (naming what
// was wrong).
struct Refusal {
    std::string what;
    std::string target;  // under /api/, "GAME" standing for the game's id
    json body;
    unsigned status;
    std::string words;
};

// Runs each refusal against one game and checks that the game is unchanged after each.
void expect_refusals(uint16_t port, const std::string& id, const std::string& token,
                     const std::vector<Refusal>& refusals) {
    const auto game_now = [&] { return get(port, "/api/games/" + id + "?token=" + token); };
    const std::string before = game_now().body;
    const std::string list_before = get(port, "/api/games").body;
    for (const Refusal& r : refusals) {
        SCOPED_TRACE(r.what);
        std::string target = r.target;
        if (const size_t at = target.find("GAME"); at != std::string::npos)
            target.replace(at, 4, id);
        const HttpResult got = post(port, "/api" + target, r.body);
        EXPECT_EQ(got.status, r.status) << got.body;
        const json body = got.json_body();
        ASSERT_TRUE(body.is_object() && body["error"].is_string()) << got.body;
        EXPECT_NE(body["error"].get<std::string>().find(r.words), std::string::npos)
            << "the error does not name " << r.words << ": " << got.body;
        EXPECT_EQ(game_now().body, before) << "the game changed";
        EXPECT_EQ(get(port, "/api/games").body, list_before) << "a game was made or changed";
    }
}

json many_options(int n) {
    json options = json::object();
    for (int i = 0; i < n; ++i) options["o" + std::to_string(i)] = "x";
    return options;
}

TEST_F(ServerTest, EveryCreateErrorNamesItsFieldAndChangesNothing) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const json local = {{"variant", "chess"}, {"mode", "local"}};
    auto with = [&](const std::string& key, const json& value) {
        json b = local;
        b[key] = value;
        return b;
    };
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::vector<Refusal> refusals = {
        {"options not an object", "/games", with("options", "castling=no"), 400,
         "\"options\" must be a JSON object"},
        {"options a list", "/games", with("options", json::array({"a"})), 400,
         "\"options\" must be a JSON object"},
        {"17 options", "/games", with("options", many_options(17)), 400,
         "\"options\" has too many entries"},
        {"an option's value a number", "/games", with("options", {{"castling", 1}}), 400,
         "the option 'castling' must have a string value"},
        {"variant a number",
         "/games",
         {{"variant", 5}, {"mode", "local"}},
         400,
         "\"variant\" must be a string"},
        {"variant missing", "/games", {{"mode", "local"}}, 400, "\"variant\" is missing"},
        {"a control character in the FEN", "/games", with("fen", fen + "\x01"), 400,
         "\"fen\" holds a control character"},
        {"a NUL in the setup", "/games", with("setup", std::string("W1\0", 3)), 400,
         "\"setup\" holds a control character"},
        {"a FEN over 4 KiB", "/games", with("fen", fen + std::string(4096, ' ')), 400,
         "\"fen\" is longer than 4096 bytes"},
        {"a PGN over 200 KB", "/games", with("pgn", std::string(200'001, ' ')), 400,
         "\"pgn\" is longer than 200000 bytes"},
        {"a PGN that goes on after the game ended", "/games",
         with("pgn", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *"), 400,
         "the game ended by threefold repetition (1/2-1/2) before 'e4'"},
        {"a PGN whose result contradicts its mate", "/games",
         with("pgn", "1. f3 e5 2. g4 Qh4# 1-0"), 400, "the record says 1-0"},
        {"an engine colour that is none",
         "/games",
         {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "green"}}}},
         400,
         "color must be white or black"},
        {"an engine colour a number",
         "/games",
         {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", 1}}}},
         400,
         "\"color\" must be a string"},
        {"an engine level past 8",
         "/games",
         {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"level", 9}}}},
         400,
         "\"level\" must be a whole number from 1 to 8"},
        {"engine not an object",
         "/games",
         {{"variant", "chess"}, {"mode", "engine"}, {"engine", "black"}},
         400,
         "\"engine\" must be a JSON object"},
        {"an unknown engine field",
         "/games",
         {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"depth", 3}}}},
         400,
         "unknown field 'depth'"},
        {"engine outside engine mode", "/games", with("engine", {{"color", "black"}}), 400,
         "\"engine\" is only for mode engine"},
        {"a clock outside online mode", "/games", with("clock", {{"initial_ms", 60000}}), 400,
         "\"clock\" is only for mode online"},
        {"an unknown field", "/games", with("colour", "white"), 400, "unknown field 'colour'"},
        {"an unknown mode", "/games", with("mode", "solo"), 400, "solo"},
    };
    expect_refusals(port_, g["id"], g["tokens"]["both"], refusals);
}

TEST_F(ServerTest, EveryGameRequestErrorNamesWhatWasWrongAndChangesNothing) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "e4", 0).status, 200u);
    const std::vector<Refusal> refusals = {
        {"a token that is a number",
         "/games/GAME/move",
         {{"token", 5}, {"move", "e5"}, {"ply", 1}},
         400,
         "\"token\" must be a seat's token"},
        {"a token of 129 bytes",
         "/games/GAME/move",
         {{"token", std::string(129, 'a')}, {"move", "e5"}, {"ply", 1}},
         400,
         "\"token\""},
        {"a token in resign that is a list",
         "/games/GAME/resign",
         {{"token", json::array()}},
         400,
         "\"token\""},
        {"a wrong token",
         "/games/GAME/move",
         {{"token", std::string(32, 'f')}, {"move", "e5"}, {"ply", 1}},
         403,
         "holds no seat"},
        {"no token", "/games/GAME/takeback", json::object(), 403, "needs the token"},
        {"a move that is a number",
         "/games/GAME/move",
         {{"token", token}, {"move", 5}, {"ply", 1}},
         400,
         "\"move\" must be a string"},
        {"a ply that is a string",
         "/games/GAME/move",
         {{"token", token}, {"move", "e5"}, {"ply", "1"}},
         400,
         "\"ply\""},
        {"a stale ply",
         "/games/GAME/move",
         {{"token", token}, {"move", "e5"}, {"ply", 0}},
         409,
         "at ply 1, not 0"},
        {"an illegal move",
         "/games/GAME/move",
         {{"token", token}, {"move", "e4e5"}, {"ply", 1}},
         400,
         "e4e5"},
        {"a move of 33 bytes",
         "/games/GAME/move",
         {{"token", token}, {"move", std::string(33, 'a')}, {"ply", 1}},
         400,
         "is not a move in UCI or SAN form"},
        {"an unknown game",
         "/games/0123456789abcdef/resign",
         {{"token", token}},
         404,
         "there is no game '0123456789abcdef'"},
        {"an unknown action", "/games/GAME/undo", {{"token", token}}, 404, "no API route"},
        // The body's shape first, then in the documented order: game, token, ply, move.
        {"a move with a field of no meaning",
         "/games/GAME/move",
         {{"token", token}, {"move", "e5"}, {"ply", 1}, {"extra", 1}},
         400,
         "unknown field 'extra'"},
        {"a resign with a reason",
         "/games/GAME/resign",
         {{"token", token}, {"why", 1}},
         400,
         "unknown field 'why'"},
        {"a takeback with a count",
         "/games/GAME/takeback",
         {{"token", token}, {"n", 2}},
         400,
         "unknown field 'n'"},
        {"an empty move to an unknown game", "/games/0123456789abcdef/move", json::object(), 404,
         "there is no game"},
        {"an empty move", "/games/GAME/move", json::object(), 403, "needs the token"},
        {"no ply",
         "/games/GAME/move",
         {{"token", token}, {"move", "e5"}},
         400,
         "\"ply\" is missing"},
        {"a negative ply",
         "/games/GAME/move",
         {{"token", token}, {"move", "e5"}, {"ply", -1}},
         400,
         "0 or more"},
        {"no move", "/games/GAME/move", {{"token", token}, {"ply", 1}}, 400, "\"move\" is missing"},
    };
    expect_refusals(port_, id, token, refusals);
}

TEST_F(ServerTest, EngineGameRefusalsChangeNothing) {
    // The engine plays White at level 1: once it has moved, Black has no move to take back.
    const json g = create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "white"}, {"level", 1}}}});
    const std::string id = g["id"], token = g["tokens"]["black"];
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
    const json s = ws.read_until([](const json& m) { return m["state"]["ply"] == 1; })["state"];
    expect_refusals(port_, id, token,
                    {{"a takeback before any move of the human",
                      "/games/GAME/takeback",
                      {{"token", token}},
                      409,
                      "no move of yours to take back"}});
    // At level 8 the engine thinks 1.5 s: a move sent meanwhile is refused.
    const json slow = create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "black"}, {"level", 8}}}});
    const std::string slow_id = slow["id"], white = slow["tokens"]["white"];
    ASSERT_EQ(move(slow_id, white, "e4", 0).status, 200u);
    const HttpResult r = move(slow_id, white, "d4", 1);
    if (r.status == 200u) GTEST_SKIP() << "the engine answered before the test could ask";
    EXPECT_EQ(r.status, 409u) << r.body;
    EXPECT_NE(r.body.find("it is the engine's turn"), std::string::npos) << r.body;
    // Unchanged but for the engine's own reply, which may have come since.
    const json after = state(slow_id, white);
    ASSERT_GE(after["moves"].size(), 1u);
    EXPECT_LE(after["moves"].size(), 2u);
    EXPECT_EQ(after["moves"][0]["uci"], "e2e4");
    EXPECT_EQ(s["seat"], "black");
}

TEST_F(ServerTest, EveryAnalyseErrorNamesItsField) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const json chess = {{"variant", "chess"}};
    auto with = [&](const std::string& key, const json& value) {
        json b = chess;
        b[key] = value;
        return b;
    };
    json too_many = json::array();
    for (int i = 0; i < 1001; ++i)
        for (const char* m : {"Nf3", "Nf6"}) too_many.push_back(m);
    std::vector<Refusal> refusals = {
        {"fen with setup",
         "/analyse",
         {{"variant", "chess56"}, {"setup", "W1-1-1"}, {"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}},
         400,
         "give \"fen\" or \"setup\", not both"},
        {"2002 moves", "/analyse", with("moves", too_many), 400, "at most 2000 moves"},
        {"moves not a list", "/analyse", with("moves", "e4"), 400, "\"moves\" must be a list"},
        {"a move that is a number", "/analyse", with("moves", {"e4", 5}), 400,
         "every move must be a string"},
        {"an illegal second move", "/analyse", with("moves", {"e4", "e4"}), 400, "move 2"},
        {"depth 0", "/analyse", with("depth", 0), 400, "\"depth\" must be a whole number from 1"},
        {"depth 65", "/analyse", with("depth", 65), 400, "from 1 to 64"},
        {"depth a string", "/analyse", with("depth", "3"), 400, "\"depth\""},
        {"movetime 0", "/analyse", with("movetime_ms", 0), 400,
         "\"movetime_ms\" must be a whole number from 1 to 10000"},
        {"movetime past 10 s", "/analyse", with("movetime_ms", 10'001), 400, "from 1 to 10000"},
        {"a session of 65 bytes", "/analyse", with("session", std::string(65, 's')), 400,
         "\"session\" is longer than 64 bytes"},
        {"an unknown field", "/analyse", with("nodes", 5), 400, "unknown field 'nodes'"},
        {"no variant", "/analyse", {{"depth", 1}}, 400, "\"variant\" is missing"},
        {"a drawn setup without fen or setup",
         "/analyse",
         {{"variant", "chess56"}},
         400,
         "starts from a drawn setup"},
        {"options not an object", "/analyse", with("options", 3), 400,
         "\"options\" must be a JSON object"},
    };
    expect_refusals(port_, g["id"], g["tokens"]["both"], refusals);
}

TEST_F(ServerTest, WebSocketRefusalsChangeNothing) {
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    const std::string before = state(id, token).dump();
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + token);
    ws.read();
    const std::vector<std::pair<json, std::string>> refusals = {
        {{{"type", "resign"}}, "the only message a client sends is"},
        {{{"move", "e4"}, {"ply", 0}}, "the only message a client sends is"},
        {{{"type", "move"}, {"ply", 0}}, "\"move\" is missing"},
        {{{"type", "move"}, {"move", "e4"}}, "\"ply\" is missing"},
        {{{"type", "move"}, {"move", "e5"}, {"ply", 0}}, "e5"},
        {{{"type", "move"}, {"move", "e4"}, {"ply", 0}, {"token", "x"}}, "unknown field 'token'"},
        {json::array(), "a message must be a JSON object"},
    };
    for (const auto& [message, words] : refusals) {
        SCOPED_TRACE(message.dump());
        ws.send(message);
        const json reply = ws.read();
        EXPECT_EQ(reply["type"], "error");
        EXPECT_NE(reply["error"].get<std::string>().find(words), std::string::npos) << reply;
    }
    EXPECT_EQ(state(id, token).dump(), before);
    // A message over 64 KiB ends the session with the protocol's "too big" (1009).
    ws.send({{"type", "move"}, {"move", std::string(70'000, 'a')}, {"ply", 0}});
    EXPECT_THROW(ws.read(std::chrono::seconds(10)), std::runtime_error);
    EXPECT_EQ(ws.close_code(), 1009u);
    EXPECT_EQ(state(id, token).dump(), before);
    // The server goes on; so does the game.
    EXPECT_EQ(move(id, token, "e4", 0).status, 200u);
}

// nlohmann keeps the last of two equal keys: a check could read one and the action the other.
TEST_F(ServerTest, DuplicateJsonKeysAreRefused) {
    const json g = create({{"variant", "chess"}, {"mode", "online"}});
    const std::string id = g["id"], white = g["tokens"]["white"];
    const std::string before = state(id, white).dump();
    const size_t games = get(port_, "/api/games").json_body().size();
    const std::vector<std::pair<std::string, std::string>> bodies = {
        {"/api/games/" + id + "/move",
         R"({"token":"bad","token":")" + white + R"(","move":"e4","ply":0})"},
        {"/api/games/" + id + "/move",
         R"({"token":")" + white + R"(","move":"e4","ply":0,"ply":1})"},
        {"/api/games/" + id + "/resign", R"({"token":")" + white + R"(","token":"x"})"},
        {"/api/games", R"({"variant":"chess","mode":"local","options":{"a":"1","a":"2"}})"},
        {"/api/games", R"({"variant":"chess","mode":"local","mode":"online"})"},
    };
    for (const auto& [target, body] : bodies) {
        const HttpResult r = http_request(port_, "POST", target, body);
        EXPECT_EQ(r.status, 400u) << body;
        EXPECT_NE(r.body.find("appears twice"), std::string::npos) << r.body;
    }
    // The same key in two different objects is no duplicate.
    EXPECT_EQ(
        http_request(port_, "POST", "/api/games",
                     R"({"variant":"chess","mode":"engine","engine":{"level":1,"color":"black"},)"
                     R"("options":{}})")
            .status,
        201u);
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + white);
    ws.read();
    ws.send_text(R"({"type":"move","move":"e4","move":"d4","ply":0})");
    const json reply = ws.read();
    EXPECT_EQ(reply["type"], "error");
    EXPECT_NE(reply["error"].get<std::string>().find("'move' appears twice"), std::string::npos)
        << reply;
    EXPECT_EQ(state(id, white).dump(), before);
    EXPECT_EQ(get(port_, "/api/games").json_body().size(), games + 1);
}

TEST_F(ServerTest, GameCreationIsLimitedPerAddress) {
    games_per_minute_ = 10;
    restart();
    int created = 0, refused = 0;
    HttpResult last;
    for (int i = 0; i < 30; ++i) {
        HttpResult r = post(port_, "/api/games", {{"variant", "chess"}, {"mode", "local"}});
        created += r.status == 201;
        if (r.status == 429) ++refused, last = std::move(r);
    }
    EXPECT_EQ(created, 10);
    EXPECT_EQ(refused, 20);
    EXPECT_EQ(get(port_, "/api/games").json_body().size(), 10u);
    EXPECT_NE(last.body.find("too many new games"), std::string::npos) << last.body;
    const int retry = std::stoi(last.header("retry-after"));
    EXPECT_GE(retry, 1);
    EXPECT_LE(retry, 6);                                  // 10 a minute: one every 6 s
    EXPECT_EQ(get(port_, "/api/variants").status, 200u);  // only creation is limited
}

TEST(RateLimit, RefillsOverTime) {
    menagerie::server::RateLimit limit(60);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 60; ++i) EXPECT_EQ(limit.take("a", t0), std::nullopt);
    EXPECT_EQ(limit.take("a", t0), 1);
    EXPECT_EQ(limit.take("b", t0), std::nullopt);  // each address has its own
    EXPECT_EQ(limit.take("a", t0 + std::chrono::milliseconds(1100)), std::nullopt);
    EXPECT_NE(limit.take("a", t0 + std::chrono::milliseconds(1100)), std::nullopt);
    EXPECT_EQ(menagerie::server::RateLimit(0).take("a", t0), std::nullopt);
}

TEST_F(ServerTest, OversizedHeadersAre431) {
    const std::string reply = raw_exchange(
        port_,
        "GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20'000, 'a') + "\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 431", 0), 0u) << reply;
    EXPECT_NE(reply.find("the request headers are too large"), std::string::npos) << reply;
    EXPECT_EQ(get(port_, "/api/variants").status, 200u);
}

TEST_F(ServerTest, GamesSurviveARestart) {
    const json g = create({{"variant", "chess2016"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    json s = state(id, token);
    for (int ply = 0; ply < 4; ++ply) s = move(id, token, s["legal"][0]["uci"], ply).json_body();
    restart();
    const json after = state(id, token);
    EXPECT_EQ(after["fen"], s["fen"]);
    EXPECT_EQ(after["moves"], s["moves"]);
    EXPECT_EQ(after["seat"], "both");
    EXPECT_EQ(move(id, token, after["legal"][0]["uci"], 4).status, 200u);
}

// A Black Swan game reloaded after a restart is the same game: the same view at the same ply,
// still no seed shown, and it goes on with the same hidden identities (the referee's record
// replays from the stored seed).
TEST_F(ServerTest, ABlackSwanGameSurvivesARestart) {
    const json g = create({{"variant", "blackswan"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    json s = state(id, token);
    for (int ply = 0; ply < 6 && !s["legal"].empty(); ++ply)
        s = move(id, token, s["legal"][0]["uci"], ply).json_body();
    const HttpResult pgn_before = get(port_, "/api/games/" + id + "/pgn");
    restart();
    const json after = state(id, token);
    EXPECT_EQ(after, s);
    EXPECT_FALSE(after["blackswan"].contains("seed"));
    EXPECT_EQ(get(port_, "/api/games/" + id + "/pgn").body, pgn_before.body);
    EXPECT_EQ(pgn_before.body.find("[Seed "), std::string::npos);
    ASSERT_FALSE(after["legal"].empty());
    EXPECT_EQ(move(id, token, after["legal"][0]["uci"], after["ply"]).status, 200u);
}

// With no --db the games go to the user's data folder, not to the working directory (a checkout),
// and the server says where they are and how to stop it.
TEST(ServeCommand, KeepsGamesOutOfTheWorkingDirectoryAndSaysWhere) {
    const std::filesystem::path home = temp_dir("menagerie-home"), work = temp_dir("menagerie-cwd");
    const std::string command = "cd " + work.string() + " && HOME=" + home.string() +
                                " XDG_DATA_HOME= timeout -s INT 3 " + MENAGERIE_BINARY +
                                " serve --port 0 2>&1";
    FILE* out = popen(command.c_str(), "r");
    ASSERT_TRUE(out);
    std::string said;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, out)) said += buffer;
    pclose(out);
    const std::filesystem::path db = home / ".local" / "share" / "menagerie" / "games.db";
    EXPECT_NE(said.find("Games are kept in " + db.string() + "; Ctrl-C stops the server."),
              std::string::npos)
        << said;
    EXPECT_TRUE(std::filesystem::exists(db)) << said;
    EXPECT_TRUE(std::filesystem::is_empty(work));
    std::filesystem::remove_all(home);
    std::filesystem::remove_all(work);
}

TEST_F(ServerTest, OnlineClockFlagFalls) {
    const json g = create({{"variant", "chess"},
                           {"mode", "online"},
                           {"clock", {{"initial_ms", 1000}, {"increment_ms", 0}}}});
    const std::string id = g["id"], white = g["tokens"]["white"];
    WsClient ws(port_, "/api/games/" + id + "/ws?token=" + white);
    EXPECT_EQ(ws.read()["state"]["clock"]["running"], nullptr);
    ASSERT_EQ(move(id, white, "e4", 0).status, 200u);
    // Black never moves: the server's flag timer ends the game and pushes it.
    const json over = ws.read_until([](const json& m) { return m["state"]["status"] == "over"; });
    EXPECT_EQ(over["state"]["result"], "1-0");
    EXPECT_EQ(over["state"]["reason"], "Black ran out of time");
    EXPECT_EQ(over["state"]["clock"]["black_ms"], 0);
    EXPECT_EQ(state(id)["result"], "1-0");
}

TEST_F(ServerTest, EveryMoveGainsTheIncrementTheFirstToo) {
    const json g = create({{"variant", "chess"},
                           {"mode", "online"},
                           {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}});
    const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
    const HttpResult first = move(id, white, "e4", 0);
    ASSERT_EQ(first.status, 200u);
    EXPECT_EQ(first.json_body()["clock"]["white_ms"], 61000);  // White's clock had not run
    EXPECT_EQ(first.json_body()["clock"]["running"], "black");
    const HttpResult reply = move(id, black, "c5", 1);
    ASSERT_EQ(reply.status, 200u);
    const int64_t black_ms = reply.json_body()["clock"]["black_ms"];
    EXPECT_GT(black_ms, 60000);  // Black's think was far under the second gained
    EXPECT_LE(black_ms, 61000);
}

TEST_F(ServerTest, TwoServersSharingOneDatabaseNeverOverwriteEachOther) {
    ServerOptions o;
    o.port = 0;
    o.db = (dir_ / "games.db").string();
    Server other(o);
    other.start();
    const json g = create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(move(id, token, "e4", 0).status, 200u);  // this server now holds the game
    const HttpResult there = post(other.port(), "/api/games/" + id + "/move",
                                  {{"token", token}, {"move", "c5"}, {"ply", 1}});
    ASSERT_EQ(there.status, 200u) << there.body;
    // This server's copy is stale: its move is refused rather than overwriting the other's.
    expect_error(move(id, token, "e5", 1), 409);
    const json s = state(id, token);
    EXPECT_EQ(s["ply"], 2);
    EXPECT_EQ(s["moves"][1]["san"], "c5");
    EXPECT_EQ(move(id, token, "Nf3", 2).status, 200u);
}

// Each --sync mode keeps every acknowledged move through kill -9 (they differ on a power cut);
// "" is the default, no --sync given.
class Kill9Test : public ::testing::TestWithParam<std::string> {};

TEST_P(Kill9Test, AcknowledgedMovesSurviveKill9) {
    const auto dir = temp_dir("menagerie-kill");
    const std::string db = (dir / "games.db").string();
    std::string id, token;
    std::vector<std::string> played;
    {
        std::vector<std::string> args = {"serve", "--port", "0", "--db", db};
        if (!GetParam().empty()) args.insert(args.end(), {"--sync", GetParam()});
        ServerProcess server(MENAGERIE_BINARY, args);
        EXPECT_EQ(server.first_line().rfind("Menagerie is at http://127.0.0.1:", 0), 0u);
        const HttpResult r =
            post(server.port(), "/api/games", {{"variant", "contemporary"}, {"mode", "local"}});
        ASSERT_EQ(r.status, 201u) << r.body;
        id = r.json_body()["id"];
        token = r.json_body()["tokens"]["both"];
        json s = get(server.port(), "/api/games/" + id + "?token=" + token).json_body();
        const int plies = quick() ? 4 : 12;
        for (int ply = 0; ply < plies && !s["legal"].empty(); ++ply) {
            const HttpResult m =
                post(server.port(), "/api/games/" + id + "/move",
                     {{"token", token}, {"move", s["legal"][0]["uci"]}, {"ply", ply}});
            ASSERT_EQ(m.status, 200u) << m.body;
            s = m.json_body();
            played.push_back(s["moves"].back()["uci"]);
        }
        server.kill_hard();  // no shutdown: only what was committed survives
    }
    ServerProcess again(MENAGERIE_BINARY, {"serve", "--port", "0", "--db", db});
    const json s = get(again.port(), "/api/games/" + id + "?token=" + token).json_body();
    std::vector<std::string> stored;
    for (const json& m : s["moves"]) stored.push_back(m["uci"]);
    EXPECT_EQ(stored, played);
    EXPECT_EQ(s["seat"], "both");
    EXPECT_EQ(WEXITSTATUS(again.terminate()), 0);
    std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(SyncModes, Kill9Test, ::testing::Values("full", "normal", ""));

}  // namespace
