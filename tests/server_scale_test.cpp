// The server's room lifecycle: idle games leave memory and come back from storage with every
// move; a WebSocket that closes leaves its game's subscribers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include "server/game_service.h"
#include "server/storage.h"
#include "server_client.h"
#include "test_util.h"

namespace {

using namespace menagerie::server;
using namespace menagerie::test;
using namespace std::chrono_literals;

class ScaleTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = menagerie::test::temp_dir("menagerie-scale");
        storage_ = open_sqlite_storage((dir_ / "games.db").string());
    }
    void TearDown() override {
        storage_.reset();
        std::filesystem::remove_all(dir_);
    }

    // A local game with `moves` played; returns its id and token.
    std::pair<std::string, std::string> local_game(GameService& games,
                                                   const std::vector<std::string>& moves) {
        const json created = games.create({{"variant", "chess"}, {"mode", "local"}});
        const std::string id = created["id"], token = created["tokens"]["both"];
        for (size_t i = 0; i < moves.size(); ++i) games.move(id, token, moves[i], json(i));
        return {id, token};
    }

    std::filesystem::path dir_;
    std::unique_ptr<Storage> storage_;
    boost::asio::io_context io_;  // not run: no clock or sweep fires by itself
};

TEST_F(ScaleTest, IdleGamesAreEvictedAndReloadedWithEveryMove) {
    GameService games(*storage_, io_.get_executor(), 1, 0ms);
    const std::vector<std::string> opening = {"e4", "e5", "Nf3"};
    std::vector<std::pair<std::string, std::string>> played;
    for (int i = 0; i < 12; ++i) played.push_back(local_game(games, opening));

    // One game watched, one online game whose clock runs: both stay.
    auto watched = games.subscribe(played[0].first, played[0].second, [](Message) { return true; });
    const json online = games.create(
        {{"variant", "chess"}, {"mode", "online"}, {"clock", {{"initial_ms", 600000}}}});
    games.move(online["id"], std::string(online["tokens"]["white"]), "d4", 0);
    EXPECT_EQ(games.games_in_memory(), 13u);

    EXPECT_EQ(games.evict_idle(1h), 0u);  // nothing has been idle that long
    EXPECT_EQ(games.evict_idle(0ms), 11u);
    EXPECT_EQ(games.games_in_memory(), 2u);
    EXPECT_EQ(games.games_evicted(), 11u);

    // A later request reloads the game with every move, and it plays on.
    const auto& [id, token] = played[5];
    const json reloaded = games.state(id, token);
    EXPECT_EQ(reloaded["ply"], 3);
    ASSERT_EQ(reloaded["moves"].size(), 3u);
    EXPECT_EQ(reloaded["moves"][2]["san"], "Nf3");
    EXPECT_EQ(games.games_in_memory(), 3u);
    EXPECT_EQ(games.move(id, token, "Nc6", 3)["ply"], 4);
    EXPECT_EQ(games.evict_idle(0ms), 1u);
    EXPECT_EQ(games.state(id, token)["moves"][3]["san"], "Nc6");

    // Once nobody watches, the watched game goes too.
    GameService::unsubscribe(watched);
    watched = {};
    EXPECT_EQ(games.evict_idle(0ms), 2u);
    EXPECT_EQ(games.games_in_memory(), 1u);  // the online game, its clock running
    EXPECT_EQ(games.state(played[0].first, played[0].second)["ply"], 3);
}

TEST_F(ScaleTest, TheSweepKeepsMemoryBounded) {
    GameService games(*storage_, io_.get_executor(), 1, 1ms);
    std::thread timers([this] {
        auto guard = boost::asio::make_work_guard(io_);
        io_.run_for(20s);
    });
    std::vector<std::pair<std::string, std::string>> played;
    for (int i = 0; i < 40; ++i) played.push_back(local_game(games, {"e4"}));
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (games.games_in_memory() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);
    EXPECT_EQ(games.games_in_memory(), 0u);
    EXPECT_GE(games.games_evicted(), 40u);
    EXPECT_EQ(games.state(played[17].first, played[17].second)["moves"][0]["san"], "e4");
    games.stop();
    io_.stop();
    timers.join();
}

}  // namespace
