// How many games one client address may create: a token bucket per address, so that a burst of
// requests (a script, a loop gone wrong) cannot fill the store, while a person is never refused.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace menagerie::server {

class RateLimit {
  public:
    // `per_minute` requests a minute on average, up to `per_minute` at once after a pause;
    // 0 limits nothing.
    explicit RateLimit(int per_minute) : per_minute_(per_minute) {}

    // Takes one request of `client` at `now`; nullopt when it may go on, else the seconds
    // until it may.
    std::optional<int> take(const std::string& client, std::chrono::steady_clock::time_point now);

  private:
    struct Bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point filled;
    };
    int per_minute_;
    std::mutex mutex_;
    std::map<std::string, Bucket> buckets_;
};

}  // namespace menagerie::server
