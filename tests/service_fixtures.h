// What the GameService tests share: a clock for its timers and an inbox for its pushes.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/game_service.h"

namespace menagerie::test {

// An io_context running on a thread of its own for the test's lifetime (the services' timers).
struct RunningTimers {
    boost::asio::io_context io;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work =
        boost::asio::make_work_guard(io);
    std::thread thread{[this] { io.run(); }};
    ~RunningTimers() {
        work.reset();
        io.stop();
        thread.join();
    }
};

// What a subscriber is sent, as JSON, for a test to wait on.
class Inbox {
  public:
    server::Send sender() {
        return [this](server::Message text) {
            std::lock_guard lock(mutex_);
            messages_.push_back(nlohmann::json::parse(*text));
            arrived_.notify_all();
            return true;
        };
    }
    // The first state message at `ply`, or null after 30 s.
    nlohmann::json state_at(int ply) {
        std::unique_lock lock(mutex_);
        nlohmann::json found;
        arrived_.wait_for(lock, std::chrono::seconds(30), [&] {
            for (const nlohmann::json& m : messages_)
                if (m["type"] == "state" && m["state"]["ply"] == ply) found = m["state"];
            return !found.is_null();
        });
        return found;
    }

  private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<nlohmann::json> messages_;
};

}  // namespace menagerie::test
