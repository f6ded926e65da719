// The setup atlas on the server (docs/web-api.md): loading and checking atlas files, drawing a
// setup within a balance band, GET /api/atlas/VARIANT and POST /api/games' "balance". The
// fixtures in tests/data/atlas hold real setups with scores chosen for these tests: chess56
// W1-1-1 +12 (knight-camel-swap=always -20), W1-2-3 +45 (+80), W2-3-4 -150, W3-4-5 -8,
// W6-6-6 +230, W1-3-3 and W4-5-6 White mates in one; contemporary 0 +41, 1 -35, 2 +18, 100 +120,
// 959 -260, 1679 +5.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include "games/games.h"
#include "server/api_error.h"
#include "server/atlas.h"
#include "server/http_server.h"
#include "server_client.h"
#include "test_util.h"

namespace {

using namespace menagerie;
using namespace menagerie::test;
using server::ApiError;
using server::Atlas;

const std::string ATLAS_FIXTURES = std::string(MENAGERIE_TEST_DATA) + "/atlas";
const std::string SWAP = "knight-camel-swap=always";

std::shared_ptr<const Atlas> fixture_atlas() {
    static const std::shared_ptr<const Atlas> atlas = Atlas::from_folder(ATLAS_FIXTURES);
    return atlas;
}

// A fixture row of chess56 by setup and options.
const AtlasRow& chess56_row(const std::string& setup, const std::string& options = "") {
    for (const AtlasRow& r : fixture_atlas()->rows("chess56"))
        if (r.setup == setup && r.options == options) return r;
    throw std::runtime_error("no fixture row " + setup + " " + options);
}

// How often each setup (its listed identifier) is drawn in `draws` balanced draws.
std::map<std::string, int> balanced_draws(const Atlas& atlas, const std::string& variant,
                                          const Options& options, int band, int draws) {
    const std::shared_ptr<const Game> game = make_game(variant, options);
    std::mt19937_64 rng(20160056);
    std::map<std::string, int> seen;
    for (int i = 0; i < draws; ++i) {
        const int n = atlas.draw_balanced(game, band, rng);
        const Setup& s = game->start.setups[static_cast<size_t>(n)];
        ++seen[game->start.setup_id ? s.name : std::to_string(s.number)];
    }
    return seen;
}

// The ApiError message a call throws, or "" (with a failure) if it throws none.
template <class F>
std::string api_error_of(F&& call, int status = 400) {
    try {
        call();
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status(), status) << e.what();
        return e.what();
    }
    ADD_FAILURE() << "no ApiError";
    return "";
}

std::string atlas_header_line() { return atlas_header() + "\n"; }

// A chess56 row of the fixture's format with the given fields.
std::string chess56_line(int index, int of, const std::string& setup, const std::string& options,
                         int score, int mating_moves = 0) {
    const std::string fen = setup_fen(make_game("chess56", {}), setup);
    return "chess56," + std::to_string(index) + "," + std::to_string(of) + "," + setup + "," +
           options + "," + fen + ",depth=1,1," + std::to_string(score) + ",,,,," +
           std::to_string(mating_moves) + ",,0,0,0,0\n";
}

TEST(Atlas, EveryBuiltInAtlasMatchesTheGamesSetups) {
    // Whatever its numbers, the atlas built into the program must describe today's starts: each
    // row's FEN is the one its setup and options build, so the balance draw can find it; every
    // setup is there; and the mates in one are those docs/rules/chess2016.md counts (9 of the 56
    // Chess 56 rolls and 505 of the 2016 Chess 2016 rolls, as rolled), which the atlas finds by
    // an exact search of its own.
    const std::map<std::string, std::pair<size_t, int>> rows_and_mates = {
        {"chess56", {112, 9}},  {"chess2016", {4032, 505}},    {"contemporary", {1680, 0}},
        {"placement", {20, 0}}, {"placement-reduced", {8, 0}}, {"chess20", {20, 0}}};
    const std::shared_ptr<const Atlas> atlas = Atlas::embedded();
    const std::vector<std::string> expected = {"chess20",      "chess2016", "chess56",
                                               "contemporary", "placement", "placement-reduced"};
    EXPECT_EQ(atlas->variants(), expected);
    for (const std::string& variant : atlas->variants()) {
        const std::vector<AtlasRow>& rows = atlas->rows(variant);
        ASSERT_FALSE(rows.empty()) << variant;
        std::map<std::string, std::shared_ptr<const Game>> games;
        int mating = 0;
        for (const AtlasRow& r : rows) {
            auto& game = games[r.options];
            if (!game) game = make_game(variant, read_atlas_options(r.options));
            EXPECT_EQ(setup_fen(game, r.setup), r.fen) << variant << " " << r.setup;
            EXPECT_LE(std::abs(r.score_cp), ATLAS_MATE_SCORE) << variant << " " << r.setup;
            EXPECT_EQ(r.forced_mate == 1, r.mating_moves > 0) << variant << " " << r.setup;
            mating += r.options.empty() && r.mating_moves > 0;
        }
        EXPECT_EQ(rows.size(), rows_and_mates.at(variant).first) << variant;
        EXPECT_EQ(mating, rows_and_mates.at(variant).second) << variant;
    }
    EXPECT_FALSE(atlas->has("chess"));
    EXPECT_FALSE(atlas->has("blackswan"));
}

TEST(Atlas, RefusesMalformedFilesNamingWhatIsWrong) {
    const std::string good = atlas_header_line() + chess56_line(0, 2, "W1-1-1", "", 10) +
                             chess56_line(1, 2, "W1-2-3", SWAP, 20);
    EXPECT_NO_THROW(Atlas({{"chess56", good}}, "test"));
    auto refusal = [](const std::string& variant, const std::string& text) -> std::string {
        try {
            Atlas({{variant, text}}, "test");
        } catch (const std::runtime_error& e) {
            return e.what();
        }
        return "accepted";
    };
    EXPECT_NE(refusal("nosuch", good).find("not a game"), std::string::npos);
    EXPECT_NE(refusal("chess", good).find("no setups"), std::string::npos);
    EXPECT_NE(refusal("blackswan", good).find("no setups"), std::string::npos);
    EXPECT_NE(refusal("chess2016", good).find("a row of 'chess56'"), std::string::npos);
    // Dice in another order are the same roll, but not as the setups list spells it.
    EXPECT_NE(refusal("chess56", atlas_header_line() + chess56_line(0, 1, "W3-2-1", "", 5))
                  .find("W3-2-1"),
              std::string::npos);
    EXPECT_NE(refusal("chess56", atlas_header_line() + chess56_line(0, 2, "W1-1-1", "", 5) +
                                     chess56_line(1, 2, "W1-1-1", "", 7))
                  .find("twice"),
              std::string::npos);
    EXPECT_NE(refusal("chess56", atlas_header_line() +
                                     chess56_line(0, 1, "W1-1-1", "knight-camel-swap=sometimes", 5))
                  .find("line 2"),
              std::string::npos);
    EXPECT_NE(refusal("chess56", atlas_header_line() + chess56_line(0, 1, "W1-1-1", "swap", 5))
                  .find("name=value"),
              std::string::npos);
    EXPECT_NE(refusal("chess56", good.substr(0, good.size() - 1)).find("line break"),
              std::string::npos);
    EXPECT_NE(refusal("chess56", atlas_header_line()).find("no rows"), std::string::npos);
    EXPECT_NE(refusal("chess56", "setup,score\nW1-1-1,5\n").find("header"), std::string::npos);
    EXPECT_NE(refusal("chess56", good + "chess56,2,3,W1-1-1\n").find("line 4"), std::string::npos);

    try {
        Atlas::from_folder(ATLAS_FIXTURES + "/none-such");
        ADD_FAILURE() << "a missing folder was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("not a folder"), std::string::npos) << e.what();
    }
}

TEST(Atlas, ADrawKeepsToTheBandAndToTheDiceWeights) {
    const Atlas& atlas = *fixture_atlas();
    // Within 25: W1-1-1 (+12) and W3-4-5 (-8). The dice weigh a triple 1 and three different
    // numbers 6, and the draw keeps that: uniform over the rows would give 1 to 1.
    const std::map<std::string, int> seen = balanced_draws(atlas, "chess56", {}, 25, 1400);
    EXPECT_EQ(seen.size(), 2u);
    ASSERT_TRUE(seen.count("W1-1-1") && seen.count("W3-4-5"));
    EXPECT_GT(seen.at("W3-4-5"), 3 * seen.at("W1-1-1"));
    EXPECT_LT(seen.at("W3-4-5"), 12 * seen.at("W1-1-1"));

    // Within 50 W1-2-3 (+45) joins; the mates in one (scored 10000) and the rest never come.
    const std::map<std::string, int> wider = balanced_draws(atlas, "chess56", {}, 50, 600);
    EXPECT_EQ(wider.size(), 3u);
    EXPECT_TRUE(wider.count("W1-2-3"));

    // With the Knights and Camels interchanged the swapped rows count: W1-1-1 (-20) is in band,
    // W3-4-5 has no swapped row and is never drawn.
    const Options swap = {{"knight-camel-swap", "always"}};
    const std::map<std::string, int> swapped = balanced_draws(atlas, "chess56", swap, 25, 200);
    EXPECT_EQ(swapped, (std::map<std::string, int>{{"W1-1-1", 200}}));
    EXPECT_EQ(setup_fen(make_game("chess56", swap), "W1-1-1"), chess56_row("W1-1-1", SWAP).fen);

    // Games without dice draw uniformly among their setups: 2 (+18) and 1679 (+5).
    const std::map<std::string, int> arrays = balanced_draws(atlas, "contemporary", {}, 25, 400);
    EXPECT_EQ(arrays.size(), 2u);
    EXPECT_TRUE(arrays.count("2") && arrays.count("1679"));
}

TEST(Atlas, AMateInOneIsNeverBalanced) {
    // A row whose score is within the band (a shallow search can miss a mate) but whose first
    // moves mate at once is not drawn.
    const Atlas atlas({{"chess56", atlas_header_line() + chess56_line(0, 2, "W1-3-3", "", 0, 1) +
                                       chess56_line(1, 2, "W1-1-1", "", 0)}},
                      "test");
    EXPECT_EQ(balanced_draws(atlas, "chess56", {}, 100, 100),
              (std::map<std::string, int>{{"W1-1-1", 100}}));
    AtlasRow row;
    EXPECT_TRUE(Atlas::in_band(row, 0));
    row.score_cp = -30;
    EXPECT_FALSE(Atlas::in_band(row, 29));
    EXPECT_TRUE(Atlas::in_band(row, 30));
    row.forced_mate = -1;  // Black mates in one whatever White plays
    EXPECT_FALSE(Atlas::in_band(row, 30));
    row.forced_mate = 2;  // a mate in two is for the score to keep out
    EXPECT_TRUE(Atlas::in_band(row, 30));
    row.mate = 1;
    EXPECT_FALSE(Atlas::in_band(row, 30));
}

TEST(Atlas, ADrawThatCannotSucceedSaysWhy) {
    const Atlas& atlas = *fixture_atlas();
    std::mt19937_64 rng(1);
    const auto chess56 = make_game("chess56");
    EXPECT_NE(api_error_of([&] { atlas.draw_balanced(chess56, 5, rng); }).find("widen"),
              std::string::npos);
    // Within 15 only W1-1-1 (+12) and W3-4-5 (-8) are in band, unswapped: with the Knights and
    // Camels interchanged neither start has a row in band (W1-1-1's swapped row is -20).
    const std::string other = api_error_of([&] {
        atlas.draw_balanced(make_game("chess56", {{"knight-camel-swap", "always"}}), 15, rng);
    });
    EXPECT_NE(other.find("for the options"), std::string::npos) << other;
    EXPECT_NE(api_error_of([&] {
                  atlas.draw_balanced(make_game("chess"), 100, rng);
              }).find("no setup atlas"),
              std::string::npos);
}

class ServerAtlasTest : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = temp_dir("menagerie-atlas"); }
    void TearDown() override {
        server_.reset();
        std::filesystem::remove_all(dir_);
    }
    uint16_t start(const std::string& atlas_dir = ATLAS_FIXTURES) {
        server::ServerOptions o;
        o.port = 0;
        o.db = (dir_ / "games.db").string();
        o.static_dir = (dir_ / "static").string();
        o.games_per_minute = 0;
        o.atlas_dir = atlas_dir;
        server_ = std::make_unique<server::Server>(o);
        server_->start();
        return server_->port();
    }
    std::filesystem::path dir_;
    std::unique_ptr<server::Server> server_;
};

TEST_F(ServerAtlasTest, ServesAGamesRowsWithNumbersAsNumbers) {
    const uint16_t port = start();
    const HttpResult r = get(port, "/api/atlas/chess56");
    ASSERT_EQ(r.status, 200u) << r.body;
    const json atlas = r.json_body();
    EXPECT_EQ(atlas["variant"], "chess56");
    EXPECT_EQ(atlas["title"], make_game("chess56")->title);
    EXPECT_EQ(atlas["limit"], "depth=7");
    ASSERT_EQ(atlas["count"], 9);
    ASSERT_EQ(atlas["rows"].size(), 9u);
    const json& first = atlas["rows"][0];
    EXPECT_EQ(first["setup"], "W1-1-1");
    EXPECT_EQ(first["options"], json::object());
    EXPECT_EQ(first["score_cp"], 12);
    EXPECT_TRUE(first["mate"].is_null());
    EXPECT_TRUE(first["forced_mate"].is_null());
    EXPECT_EQ(first["fen"], chess56_row("W1-1-1").fen);
    EXPECT_EQ(first["index"], 0);
    EXPECT_EQ(first["of"], 9);
    EXPECT_EQ(first["games"], 0);
    EXPECT_EQ(atlas["rows"][1]["options"], (json{{"knight-camel-swap", "always"}}));
    const json& mate = atlas["rows"][4];
    EXPECT_EQ(mate["setup"], "W1-3-3");
    EXPECT_EQ(mate["mate"], 1);
    EXPECT_EQ(mate["forced_mate"], 1);
    EXPECT_EQ(mate["mating_moves"], 1);
    EXPECT_EQ(mate["score_cp"], ATLAS_MATE_SCORE);
    EXPECT_EQ(mate["best_san"], mate["pv"]);
    for (const char* column :
         {"variant", "best_uci", "limit", "depth", "draws", "white_wins", "black_wins"})
        EXPECT_TRUE(mate.contains(column)) << column;

    // /api/variants says which games have one (of this server's atlas: its folder's games).
    std::map<std::string, bool> flags;
    for (const json& v : get(port, "/api/variants").json_body())
        flags[v["name"]] = v["atlas"].get<bool>();
    EXPECT_TRUE(flags.at("chess56"));
    EXPECT_TRUE(flags.at("contemporary"));
    EXPECT_FALSE(flags.at("placement"));
    EXPECT_FALSE(flags.at("chess"));
    EXPECT_FALSE(flags.at("blackswan"));
}

TEST_F(ServerAtlasTest, OneSetupsRowIsTheRowOfTheStartItsOptionsBuild) {
    const uint16_t port = start();
    auto one = [&](const std::string& query) {
        const HttpResult r = get(port, "/api/atlas/chess56?" + query);
        EXPECT_EQ(r.status, 200u) << query << ": " << r.body;
        return r.json_body();
    };
    // Any spelling of the roll; the answer names it as the setups list does.
    const json plain = one("setup=w3-2-1");
    EXPECT_EQ(plain["setup"], "W1-2-3");
    EXPECT_EQ(plain["fen"], chess56_row("W1-2-3").fen);
    EXPECT_EQ(plain["count"], 9);
    ASSERT_EQ(plain["rows"].size(), 1u);
    EXPECT_EQ(plain["rows"][0]["score_cp"], 45);
    const json swapped = one("setup=W1-2-3&opt.knight-camel-swap=always");
    ASSERT_EQ(swapped["rows"].size(), 1u);
    EXPECT_EQ(swapped["rows"][0]["score_cp"], 80);
    EXPECT_EQ(swapped["rows"][0]["options"], (json{{"knight-camel-swap", "always"}}));
    // W3-4-5 interchanged is a start the atlas has no row of.
    const json none = one("setup=W3-4-5&opt.knight-camel-swap=always");
    EXPECT_EQ(none["rows"], json::array());
    EXPECT_NE(none["fen"], chess56_row("W3-4-5").fen);
    EXPECT_EQ(none["setup"], "W3-4-5");

    for (const std::string query :
         {"setup=W9-9-9", "setup=", "setup=W1-2-3&opt.knight-camel-swap=x", "setup=1&opt.nosuch=1"})
        EXPECT_EQ(get(port, "/api/atlas/chess56?" + query).status, 400u) << query;
    EXPECT_EQ(get(port, "/api/atlas/chess?setup=0").status, 404u);
    EXPECT_EQ(get(port, "/api/atlas/placement?setup=0").status, 404u);
}

TEST_F(ServerAtlasTest, AGameWithoutAnAtlasIs404) {
    const uint16_t port = start();
    for (const std::string name : {"chess", "placement", "nosuch", "", "chess56/x"}) {
        const HttpResult r = get(port, "/api/atlas/" + name);
        EXPECT_EQ(r.status, 404u) << name << ": " << r.body;
        EXPECT_NE(r.json_body().value("error", "").find("no setup atlas"), std::string::npos)
            << r.body;
    }
    EXPECT_EQ(post(port, "/api/atlas/chess56", json::object()).status, 405u);
}

TEST_F(ServerAtlasTest, BalanceIsCheckedAndTheBandIsKept) {
    const uint16_t port = start();
    auto refused = [&](json body, const std::string& words) {
        body["mode"] = "local";
        if (!body.contains("variant")) body["variant"] = "chess56";
        const HttpResult r = post(port, "/api/games", body);
        EXPECT_EQ(r.status, 400u) << body.dump() << ": " << r.body;
        EXPECT_NE(r.json_body().value("error", "").find(words), std::string::npos)
            << body.dump() << ": " << r.body;
    };
    for (const json& bad :
         {json("25"), json(2.5), json(-1), json(10001), json(true), json::array({25}), json(1e30)})
        refused({{"balance", bad}}, "\"balance\"");
    refused({{"balance", 25}, {"setup", "W1-1-1"}}, "\"balance\"");
    refused({{"balance", 25}, {"fen", chess56_row("W1-1-1").fen}}, "\"balance\"");
    refused({{"balance", 25}, {"variant", "chess"}}, "no setup atlas");
    refused({{"balance", 25}, {"variant", "placement"}}, "no setup atlas");
    refused({{"balance", 25}, {"variant", "blackswan"}}, "no setup atlas");
    refused({{"balance", 0}}, "widen");

    // Every game drawn within 25 starts from W1-1-1 or W3-4-5, as their rows have it.
    std::set<std::string> seen;
    for (int i = 0; i < 24; ++i) {
        const HttpResult r =
            post(port, "/api/games", {{"variant", "chess56"}, {"mode", "local"}, {"balance", 25}});
        ASSERT_EQ(r.status, 201u) << r.body;
        const json created = r.json_body();
        const json state = get(port, "/api/games/" + created["id"].get<std::string>()).json_body();
        const std::string setup = state["setup"];
        ASSERT_TRUE(setup == "W1-1-1" || setup == "W3-4-5") << setup;
        EXPECT_EQ(state["start_fen"], chess56_row(setup).fen);
        seen.insert(setup);
    }
    EXPECT_TRUE(seen.count("W3-4-5"));  // 6 in 7 draws: missing 24 times has odds of 1e-20

    // The options stay the request's, and the row of the start they build is the one weighed.
    const HttpResult swapped = post(port, "/api/games",
                                    {{"variant", "chess56"},
                                     {"mode", "analysis"},
                                     {"options", {{"knight-camel-swap", "always"}}},
                                     {"balance", 25}});
    ASSERT_EQ(swapped.status, 201u) << swapped.body;
    const json state =
        get(port, "/api/games/" + swapped.json_body()["id"].get<std::string>()).json_body();
    EXPECT_EQ(state["setup"], "W1-1-1");
    EXPECT_EQ(state["options"]["knight-camel-swap"], "always");
    EXPECT_EQ(state["start_fen"], chess56_row("W1-1-1", SWAP).fen);
}

TEST_F(ServerAtlasTest, AMalformedAtlasFolderStopsTheServerFromStarting) {
    const std::filesystem::path bad = dir_ / "atlas";
    std::filesystem::create_directories(bad);
    { std::ofstream(bad / "chess56.csv") << atlas_header_line() << "chess56,0,1,W9-9-9\n"; }
    try {
        start(bad.string());
        ADD_FAILURE() << "the server started";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("chess56.csv"), std::string::npos) << e.what();
    }
}

TEST_F(ServerAtlasTest, WithoutAFolderTheBuiltInAtlasIsServed) {
    const uint16_t port = start("");
    for (const std::string& variant : Atlas::embedded()->variants()) {
        const HttpResult r = get(port, "/api/atlas/" + variant);
        ASSERT_EQ(r.status, 200u) << r.body;
        EXPECT_EQ(r.json_body()["rows"].size(), Atlas::embedded()->rows(variant).size());
    }
}

}  // namespace
