// The HTTP API (docs/web-api.md): a request's method, path, query and body to a JSON response.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "server/game_service.h"

namespace menagerie::server {

struct ApiRequest {
    std::string method;  // GET, POST, ...
    std::string path;    // decoded, without the query
    std::map<std::string, std::string> query;
    std::string body;
};

struct ApiResponse {
    unsigned status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// Splits a request target into its path and decoded query; false if it is malformed.
bool split_target(const std::string& target, std::string& path,
                  std::map<std::string, std::string>& query);

class ApiRouter {
  public:
    explicit ApiRouter(GameService& games) : games_(games) {}
    // Calls `reply` exactly once, from this thread or (for an analysis) from an engine thread.
    void handle(const ApiRequest& request, std::function<void(ApiResponse)> reply);

  private:
    ApiResponse route(const ApiRequest& request, std::function<void(ApiResponse)>& reply,
                      bool& deferred);
    GameService& games_;
};

}  // namespace menagerie::server
