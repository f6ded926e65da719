// The HTTP API (docs/web-api.md): a request's method, path, query and body to a JSON response.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts.h"
#include "server/game_service.h"
#include "server/rate_limit.h"

namespace menagerie::server {

struct ApiRequest {
    std::string method;  // GET, POST, ...
    std::string path;    // decoded, without the query
    std::map<std::string, std::string> query;
    std::string body;
    std::string client;  // the peer's address, for the rate of game creation
    // Headers (empty when absent): the Cookie, which may carry a session, and what tells a
    // cross-site request from the site's own (Origin, Host, Content-Type).
    std::string cookie = {}, origin = {}, host = {}, content_type = {};
    bool secure = false;  // came over TLS (a proxy's X-Forwarded-Proto: https)
};

struct ApiResponse {
    unsigned status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::optional<int> retry_after_s;       // a 429's Retry-After
    std::vector<std::string> cookies = {};  // Set-Cookie values
};

class Community;

// What the routes share: a JSON answer, a request's JSON body, and the answer to the exception
// being handled (inside a catch block).
ApiResponse json_response(unsigned status, const nlohmann::json& body);
nlohmann::json body_json(const ApiRequest& request);
ApiResponse error_response();

// The session token a Cookie header carries (menagerie_session), if any.
std::optional<std::string> session_cookie(const std::string& cookie_header);
// A request that changes something and carries a session cookie must be the site's own: JSON
// (a form cannot send it) and, when the browser says where it comes from, from this host.
// Throws ApiError 403 otherwise.
void refuse_cross_site(const std::string& origin, const std::string& host,
                       const std::string& content_type);

// Splits a request target into its path and decoded query; false if it is malformed.
bool split_target(const std::string& target, std::string& path,
                  std::map<std::string, std::string>& query);

class ApiRouter {
  public:
    // Each client address may create `games_per_minute` games (and seeks) a minute (0: any
    // number). Without `community` there are no accounts, lobby or players (404).
    explicit ApiRouter(GameService& games, int games_per_minute = 0, Community* community = nullptr)
        : games_(games), creations_(games_per_minute), community_(community) {}
    // Calls `reply` exactly once, from this thread or (for an analysis, or a password's check)
    // from another.
    void handle(const ApiRequest& request, std::function<void(ApiResponse)> reply);

    // The account of a request's session cookie (none without one, or for an expired one).
    std::optional<SignedIn> signed_in(const std::string& cookie_header);
    Community* community() { return community_; }

  private:
    ApiResponse route(const ApiRequest& request, std::function<void(ApiResponse)>& reply,
                      bool& deferred);
    // Accounts, sessions, the lobby, players and notes (player_routes.cpp); nullopt for a path
    // that is none of theirs.
    std::optional<ApiResponse> route_players(const ApiRequest& request,
                                             std::function<void(ApiResponse)>& reply,
                                             bool& deferred);
    // A seat's token (if given) and the session's account (if any).
    Credential credential(const ApiRequest& request, std::optional<std::string> token);
    // One new game or seek of the request's client address: ApiError 429 past the limit.
    void limit_creations(const ApiRequest& request);
    GameService& games_;
    RateLimit creations_;
    Community* community_;
};

}  // namespace menagerie::server
