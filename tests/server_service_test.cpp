// GameService on its own, with a store that fails when told to: a change that cannot be stored
// is refused with 503 and leaves the game as it was; a corrupt record is a 500; and analyses,
// however long, never hold back the engine's reply in a game.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "server/api_error.h"
#include "server/api_router.h"
#include "server/game_service.h"
#include "server/storage.h"
#include "service_fixtures.h"
#include "test_util.h"

namespace {

using namespace menagerie::server;
using namespace menagerie::test;
using nlohmann::json;

// An SQLite store that fails a save, a load or a list when the test says so.
class FlakyStorage final : public Storage {
  public:
    explicit FlakyStorage(const std::filesystem::path& dir)
        : inner_(open_sqlite_storage((dir / "games.db").string())) {}
    int64_t save(const StoredGame& game) override {
        {
            std::lock_guard lock(mutex_);
            if (fail_save_ && fail_save_(game)) {
                if (--failures_left_ == 0) fail_save_ = {};
                throw std::runtime_error("the disk is full (a test's failure)");
            }
        }
        return inner_->save(game);
    }
    std::optional<StoredGame> load(const std::string& id) override {
        if (fail_reads) throw std::runtime_error("the database is locked (a test's failure)");
        std::optional<StoredGame> game = inner_->load(id);
        if (game && corrupt_variant) game->variant = "nochess";
        return game;
    }
    std::vector<GameSummary> list(size_t limit) override {
        if (fail_reads) throw std::runtime_error("the database is locked (a test's failure)");
        return inner_->list(limit);
    }
    std::vector<std::string> unplayed(int64_t created_before, size_t limit) override {
        return inner_->unplayed(created_before, limit);
    }
    bool remove_unplayed(const std::string& id) override { return inner_->remove_unplayed(id); }
    // The next `times` saves for which `when` holds fail (times -1: every one).
    void fail_saves(std::function<bool(const StoredGame&)> when, int times = -1) {
        std::lock_guard lock(mutex_);
        fail_save_ = std::move(when);
        failures_left_ = times;
    }
    void heal() { fail_saves({}); }
    std::atomic<bool> fail_reads{false};
    std::atomic<bool> corrupt_variant{false};

  private:
    std::unique_ptr<Storage> inner_;
    std::mutex mutex_;
    std::function<bool(const StoredGame&)> fail_save_;
    int failures_left_ = 0;
};

// Each analysis's answer, in the order they came.
class Answers {
  public:
    std::function<void(int, json)> slot(const std::string& name) {
        return [this, name](int status, json body) {
            std::lock_guard lock(mutex_);
            got_.push_back({name, status, std::move(body)});
            arrived_.notify_all();
        };
    }
    size_t count() {
        std::lock_guard lock(mutex_);
        return got_.size();
    }
    struct Answer {
        std::string name;
        int status = 0;
        json body;
    };
    // All `n` answers, or what came within 60 s.
    std::vector<Answer> wait_for(size_t n) {
        std::unique_lock lock(mutex_);
        arrived_.wait_for(lock, std::chrono::seconds(60), [&] { return got_.size() >= n; });
        return got_;
    }

  private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<Answer> got_;
};

class ServerService : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = temp_dir("menagerie-service");
        store_ = std::make_unique<FlakyStorage>(dir_);
        games_ =
            std::make_unique<GameService>(*store_, timers_.io.get_executor(), 1,
                                          std::chrono::minutes(5), std::chrono::seconds(10), 1);
    }
    void TearDown() override {
        games_.reset();
        store_.reset();
        std::filesystem::remove_all(dir_);
    }
    // Runs `request`, which must throw ApiError `status` with `words` in its message.
    static void expect_refused(const std::function<void()>& request, int status,
                               const std::string& words) {
        try {
            request();
            ADD_FAILURE() << "no error; expected " << status << " naming \"" << words << "\"";
        } catch (const ApiError& e) {
            EXPECT_EQ(e.status(), status) << e.what();
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    }

    RunningTimers timers_;
    std::filesystem::path dir_;
    // Before the service: stopping it in TearDown answers what it still holds, here, even when a
    // test body ended early on a failure.
    Answers answers_;
    std::unique_ptr<FlakyStorage> store_;
    std::unique_ptr<GameService> games_;
};

auto every_save = [](const StoredGame&) { return true; };

// The health check answers for the store: ready, or 503 while it cannot be read.
TEST_F(ServerService, HealthFollowsTheStore) {
    ApiRouter router(*games_);
    auto health = [&] {
        std::optional<ApiResponse> answer;
        router.handle({"GET", "/api/health", {}, "", "test"}, [&](ApiResponse r) { answer = r; });
        return *answer;
    };
    EXPECT_EQ(health().status, 200u);
    EXPECT_EQ(json::parse(health().body), json({{"status", "ok"}}));
    store_->fail_reads = true;
    const ApiResponse down = health();
    EXPECT_EQ(down.status, 503u);
    EXPECT_NE(down.body.find("the game store is unavailable"), std::string::npos) << down.body;
    store_->fail_reads = false;
    EXPECT_EQ(health().status, 200u);
}

TEST_F(ServerService, AChangeThatCannotBeStoredIsRefusedAndUndone) {
    store_->fail_saves(every_save);
    expect_refused(
        [&] {
            games_->create({{"variant", "chess"}, {"mode", "local"}});
        },
        503, "could not be stored");
    store_->heal();
    EXPECT_TRUE(games_->list().empty());  // nothing half made
    const json g = games_->create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    games_->move(id, token, "e4", 0);
    const json before = games_->state(id, token);

    store_->fail_saves(every_save);
    expect_refused([&] { games_->move(id, token, "e5", 1); }, 503, "could not be stored");
    EXPECT_EQ(games_->state(id, token), before);
    expect_refused([&] { games_->resign(id, token); }, 503, "could not be stored");
    EXPECT_EQ(games_->state(id, token), before);
    expect_refused([&] { games_->takeback(id, token); }, 503, "could not be stored");
    EXPECT_EQ(games_->state(id, token), before);

    // Once the store works again, so does the game, from where it was.
    store_->heal();
    EXPECT_EQ(games_->move(id, token, "e5", 1)["ply"], 2);
    EXPECT_EQ(store_->load(id)->moves.size(), 2u);
}

TEST_F(ServerService, AStoreThatCannotBeReadIsA503AndACorruptRecordA500) {
    const json g = games_->create({{"variant", "chess"}, {"mode", "local"}});
    const std::string id = g["id"], token = g["tokens"]["both"];
    ASSERT_EQ(games_->evict_idle(std::chrono::milliseconds(0)), 1u);  // the next request loads it
    store_->fail_reads = true;
    expect_refused([&] { games_->state(id, token); }, 503, "cannot be read");
    expect_refused([&] { games_->list(); }, 503, "cannot be read");
    store_->fail_reads = false;
    store_->corrupt_variant = true;
    expect_refused([&] { games_->state(id, token); }, 500, "nochess");
    store_->corrupt_variant = false;
    EXPECT_EQ(games_->state(id, token)["ply"], 0);
    EXPECT_EQ(games_->list().size(), 1u);
}

TEST_F(ServerService, TheEngineAnswersAfterItsReplyCouldNotBeStored) {
    const json g = games_->create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "black"}, {"level", 1}}}});
    const std::string id = g["id"], token = g["tokens"]["white"];
    Inbox inbox;
    const auto sub = games_->subscribe(id, token, inbox.sender());
    // The store refuses the engine's reply once; the engine tries again.
    store_->fail_saves([](const StoredGame& s) { return s.moves.size() == 2; }, 1);
    games_->move(id, token, "e4", 0);
    const json replied = inbox.state_at(2);
    ASSERT_FALSE(replied.is_null()) << "the engine never answered";
    EXPECT_EQ(store_->load(id)->moves.size(), 2u);
    GameService::unsubscribe(sub);
}

TEST_F(ServerService, AnalysesNeverDelayAnEngineReply) {
    // Two long analyses fill the analysis thread and its queue's head (long enough that the
    // engine's reply below comes first on a machine busy with other tests too) ...
    const json long_one = {{"variant", "chess"}, {"movetime_ms", 6000}};
    Answers& answers = answers_;
    json first = long_one;
    first["session"] = "tab-1";
    games_->analyse(first, answers.slot("first"));
    games_->analyse(long_one, answers.slot("second"));

    // ... and a game against the engine still gets its reply while both are under way.
    const json g = games_->create(
        {{"variant", "chess"}, {"mode", "engine"}, {"engine", {{"color", "black"}, {"level", 1}}}});
    const std::string id = g["id"], token = g["tokens"]["white"];
    Inbox inbox;
    const auto sub = games_->subscribe(id, token, inbox.sender());
    games_->move(id, token, "e4", 0);
    const json replied = inbox.state_at(2);
    ASSERT_FALSE(replied.is_null()) << "the engine never answered";
    EXPECT_EQ(answers.count(), 0u) << "the engine's reply waited for an analysis";
    GameService::unsubscribe(sub);

    // The queue is bounded: past ANALYSES_PER_THREAD the request is refused at once.
    const json quick = {{"variant", "chess"}, {"depth", 1}};
    const size_t limit = Analyses::ANALYSES_PER_THREAD;  // one analysis thread
    for (size_t i = 2; i < limit; ++i) games_->analyse(quick, answers.slot("quick"));
    expect_refused([&] { games_->analyse(quick, answers.slot("refused")); }, 503, "busy");

    // A newer analysis of the same session replaces the first (which stops and answers 409)
    // and takes its place in the queue.
    json newer = quick;
    newer["session"] = "tab-1";
    games_->analyse(newer, answers.slot("newer"));
    const std::vector<Answers::Answer> got = answers.wait_for(limit + 1);
    ASSERT_EQ(got.size(), limit + 1);
    EXPECT_EQ(got[0].name, "first");
    EXPECT_EQ(got[0].status, 409) << got[0].body;
    EXPECT_NE(got[0].body["error"].get<std::string>().find("replaced"), std::string::npos);
    for (size_t i = 1; i < got.size(); ++i) EXPECT_EQ(got[i].status, 200) << got[i].body;
    EXPECT_EQ(got[1].name, "second");
}

// Stopping the service answers every analysis it accepted (a client waiting on one is not left
// hanging): the running one stops, the waiting ones are not searched.
TEST_F(ServerService, StoppingAnswersEveryAnalysis) {
    const json long_one = {{"variant", "chess"}, {"movetime_ms", 5000}};
    Answers& answers = answers_;
    for (const char* name : {"running", "waiting", "waiting too"})
        games_->analyse(long_one, answers.slot(name));
    const auto began = std::chrono::steady_clock::now();
    games_->stop();
    EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(4));
    const std::vector<Answers::Answer> got = answers.wait_for(3);
    ASSERT_EQ(got.size(), 3u);
    for (const Answers::Answer& a : got) {
        EXPECT_EQ(a.status, 503) << a.name << ": " << a.body;
        EXPECT_EQ(a.body["error"], "the server is stopping") << a.name;
    }
    expect_refused([&] { games_->analyse(long_one, answers.slot("late")); }, 503, "stopping");
}

// A store's own words (where it is, what failed inside it) go to the log, not to the client.
TEST_F(ServerService, AStoreFailureIsNotToldToClients) {
    const json g = games_->create({{"variant", "chess"}, {"mode", "local"}});
    store_->fail_saves(every_save);
    expect_refused([&] { games_->move(g["id"], g["tokens"]["both"], "e4", 0); }, 503,
                   "the game store is unavailable");
    try {
        games_->move(g["id"], g["tokens"]["both"], "e4", 0);
    } catch (const ApiError& e) {
        EXPECT_EQ(std::string(e.what()).find("disk is full"), std::string::npos) << e.what();
    }
}

// An answer that echoes bytes which are not UTF-8 is still JSON (the JSON writer would throw on
// them, from the router's own error handler).
TEST_F(ServerService, AnAnswerEchoingBytesThatAreNotUtf8IsJson) {
    ApiRouter router(*games_);
    std::optional<ApiResponse> answer;
    router.handle({"G\xff\xfeT", "/api/nowhere", {}, "", "test"},
                  [&](ApiResponse r) { answer = std::move(r); });
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 404u);
    EXPECT_FALSE(json::parse(answer->body, nullptr, false).is_discarded()) << answer->body;
}

}  // namespace

namespace {

// The side to move is not charged for the time the server was down (docs/server.md, "Clocks").
TEST_F(ServerService, TheTimeTheServerWasDownIsGivenBack) {
    const json g = games_->create({{"variant", "chess"},
                                   {"mode", "online"},
                                   {"clock", {{"initial_ms", 60'000}, {"increment_ms", 0}}}});
    const std::string id = g["id"];
    games_->move(id, g["tokens"]["white"].get<std::string>(), "e4", 0);
    games_.reset();  // the server stops with Black's clock running ...
    StoredGame stored = *store_->load(id);
    stored.clock->turn_started_ms -= 30'000;  // ... and comes back 30 s later
    store_->save(stored);
    games_ = std::make_unique<GameService>(*store_, timers_.io.get_executor(), 1);
    const json clock = games_->state(id, std::nullopt)["clock"];
    EXPECT_EQ(clock["running"], "black");
    EXPECT_GT(clock["black_ms"].get<int64_t>(), 59'000) << clock;
    EXPECT_EQ(clock["white_ms"], 60'000);
}

// A game nobody moved in is deleted once old enough; one with a move, or in use, is kept.
TEST_F(ServerService, GamesThatNeverGotAMoveExpire) {
    const json unplayed = games_->create({{"variant", "chess"}, {"mode", "local"}});
    const json played = games_->create({{"variant", "chess"}, {"mode", "local"}});
    const json open = games_->create({{"variant", "chess"}, {"mode", "local"}});
    games_->move(played["id"], played["tokens"]["both"].get<std::string>(), "e4", 0);
    EXPECT_EQ(games_->expire_unplayed(std::chrono::hours(1)), 0u);  // all are new
    games_->evict_idle(std::chrono::milliseconds(0));
    const GameService::Subscription held =
        games_->subscribe(open["id"], std::nullopt, [](Message) { return true; });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(games_->expire_unplayed(std::chrono::milliseconds(1)), 1u);
    expect_refused([&] { games_->state(unplayed["id"], std::nullopt); }, 404, "there is no game");
    EXPECT_EQ(games_->state(played["id"], std::nullopt)["ply"], 1);
    EXPECT_EQ(games_->state(open["id"], std::nullopt)["ply"], 0);
    GameService::unsubscribe(held);
}

}  // namespace
