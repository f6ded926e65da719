// The HTTP API (docs/web-api.md): a request's method, path, query and body to a JSON response.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "server/game_service.h"
#include "server/rate_limit.h"

namespace menagerie::server {

struct ApiRequest {
    std::string method;  // GET, POST, ...
    std::string path;    // decoded, without the query
    std::map<std::string, std::string> query;
    std::string body;
    std::string client;  // the peer's address, for the rate of game creation
};

struct ApiResponse {
    unsigned status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::optional<int> retry_after_s;  // a 429's Retry-After
};

// Splits a request target into its path and decoded query; false if it is malformed.
bool split_target(const std::string& target, std::string& path,
                  std::map<std::string, std::string>& query);

class ApiRouter {
  public:
    // Each client address may create `games_per_minute` games a minute (0: any number).
    explicit ApiRouter(GameService& games, int games_per_minute = 0)
        : games_(games), creations_(games_per_minute) {}
    // Calls `reply` exactly once, from this thread or (for an analysis) from an engine thread.
    void handle(const ApiRequest& request, std::function<void(ApiResponse)> reply);

  private:
    ApiResponse route(const ApiRequest& request, std::function<void(ApiResponse)>& reply,
                      bool& deferred);
    GameService& games_;
    RateLimit creations_;
};

}  // namespace menagerie::server
