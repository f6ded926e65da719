// The engine's analyses of positions (POST /api/analyse): on a thread pool of their own, capped
// in time and in number, so that no analysis ever holds back a game's reply. An analysis names
// an optional "session": a newer one of the same session replaces it.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace menagerie::server {

struct Analysis;

class Analyses {
  public:
    static constexpr int ANALYSES_PER_THREAD = 8;
    static constexpr int ANALYSIS_MAX_MS = 10'000;  // every analysis stops by then

    explicit Analyses(int threads);
    ~Analyses();
    Analyses(const Analyses&) = delete;
    Analyses& operator=(const Analyses&) = delete;

    // Runs on the pool; `reply` gets the result or an ApiError's status and message. Throws
    // ApiError 400 for a bad request, 503 when ANALYSES_PER_THREAD per thread are already
    // waiting or running (or the server is stopping); a replaced analysis answers 409, at once
    // or as soon as its search stops.
    void analyse(const nlohmann::json& body,
                 std::function<void(int status, nlohmann::json body)> reply);
    // Stops every search under way; an analysis accepted from now on answers 503.
    void stop_searching();
    // Waits until every analysis accepted has answered.
    void drain();

  private:
    boost::asio::thread_pool pool_;
    int limit_;  // waiting or running at once
    std::mutex mutex_;
    std::set<std::shared_ptr<Analysis>> running_;                // waiting or running
    std::map<std::string, std::shared_ptr<Analysis>> sessions_;  // each session's latest
    bool stopping_ = false;
};

}  // namespace menagerie::server
