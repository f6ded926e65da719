// The routes of accounts, sessions, the lobby, players and notes (docs/web-api.md, "Players").
#include <cctype>

#include "core/error.h"
#include "core/text.h"
#include "server/api_error.h"
#include "server/api_router.h"
#include "server/community.h"
#include "server/json_fields.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

constexpr const char* SESSION_COOKIE = "menagerie_session";

// The session's cookie: HttpOnly (no script reads it), SameSite=Lax (no other site's request
// carries it, but a link followed to this site does), and Secure when the request came over TLS,
// so that a browser never sends it over plain HTTP after. Max-Age 0 clears it.
std::string session_set_cookie(const std::string& token, int64_t max_age_s, bool secure) {
    return std::string(SESSION_COOKIE) + "=" + token +
           "; Path=/; Max-Age=" + std::to_string(max_age_s) + "; HttpOnly; SameSite=Lax" +
           (secure ? "; Secure" : "");
}

// Runs `work`, answering a failure as the API does; the store's own failures (a record it could
// not read or write) are a 503 that says nothing of the database.
ApiResponse answer_of(const std::function<ApiResponse()>& work) {
    try {
        try {
            return work();
        } catch (const ApiError&) {
            throw;
        } catch (const Error&) {
            throw;
        } catch (const std::exception& e) {
            storage_unavailable("the request could not be served", e);
        }
    } catch (...) {
        return error_response();
    }
}

// A body that may be empty (a DELETE's): {} then.
json optional_body(const ApiRequest& request) {
    return trimmed(request.body).empty() ? json::object() : body_json(request);
}

}  // namespace

std::optional<std::string> session_cookie(const std::string& header) {
    size_t at = 0;
    while (at < header.size()) {
        const size_t end = std::min(header.find(';', at), header.size());
        const std::string pair = trimmed(header.substr(at, end - at));
        const size_t eq = pair.find('=');
        if (eq != std::string::npos && pair.substr(0, eq) == SESSION_COOKIE && eq + 1 < pair.size())
            return pair.substr(eq + 1);
        at = end + 1;
    }
    return std::nullopt;
}

void refuse_cross_site(const std::string& origin, const std::string& host,
                       const std::string& content_type) {
    if (lower_case(trimmed(content_type.substr(0, content_type.find(';')))) != "application/json")
        throw ApiError(403,
                       "a request that changes something must say Content-Type: "
                       "application/json (which no form of another site can send)");
    if (origin.empty()) return;  // not from a browser, or a browser that does not say
    const size_t scheme = origin.find("://");
    const std::string from = scheme == std::string::npos ? "" : origin.substr(scheme + 3);
    if (from.empty() || lower_case(from) != lower_case(host))
        throw ApiError(403, "a request from another site (Origin " + menagerie::quoted(origin) +
                                ") cannot act with your session");
}

std::optional<SignedIn> ApiRouter::signed_in(const std::string& cookie_header) {
    const std::optional<std::string> token = session_cookie(cookie_header);
    if (!community_ || !token) return std::nullopt;
    try {
        return community_->accounts().session(*token);
    } catch (const std::exception& e) {
        storage_unavailable("the session cannot be read", e);
    }
}

std::optional<ApiResponse> ApiRouter::route_players(const ApiRequest& request,
                                                    std::function<void(ApiResponse)>& reply,
                                                    bool& deferred) {
    const std::string& p = request.path;
    const std::string& method = request.method;
    auto wrong_method = [&](const char* allowed) {
        return ApiError(405, method + " is not allowed on " + p + " (use " + allowed + ")");
    };
    Community& community = *community_;
    Accounts& accounts = community.accounts();
    Lobby& lobby = community.lobby();

    if (p == "/api/accounts" || (p == "/api/session" && method == "POST")) {
        if (method != "POST") throw wrong_method("POST");
        accounts.limit(request.client);
        // Also without a session: another site must not sign a browser in to an account of its
        // choosing either.
        refuse_cross_site(request.origin, request.host, request.content_type);
        const json body = body_json(request);
        only_fields(body, {"name", "password"}, "the request body");
        const std::string name = *string_field(body, "name", 64, true);
        const std::string password = *string_field(body, "password", 1024, true);
        const bool sign_up = p == "/api/accounts", secure = request.secure;
        if (sign_up) {
            Accounts::check_name(name);
            Accounts::check_password(password);
        }
        accounts.run_slow([&accounts, name, password, sign_up, secure, reply] {
            reply(answer_of([&] {
                const NewSession s =
                    sign_up ? accounts.create(name, password) : accounts.login(name, password);
                ApiResponse response = json_response(sign_up ? 201 : 200, {{"name", s.name}});
                response.cookies.push_back(
                    session_set_cookie(s.token, Accounts::SESSION_MS / 1000, secure));
                return response;
            }));
        });
        deferred = true;
        return ApiResponse{};
    }
    if (p == "/api/account" || p == "/api/account/password") {
        const bool closing = p == "/api/account";
        if (method != (closing ? "DELETE" : "PUT")) throw wrong_method(closing ? "DELETE" : "PUT");
        accounts.limit(request.client);
        const std::optional<SignedIn> who = signed_in(request.cookie);
        if (!who) throw ApiError(401, "sign in first");
        const json body = body_json(request);
        if (closing)
            only_fields(body, {"password"}, "the request body");
        else
            only_fields(body, {"password", "new_password"}, "the request body");
        const std::string password = *string_field(body, "password", 1024, true);
        const std::string new_password =
            closing ? "" : *string_field(body, "new_password", 1024, true);
        if (!closing) Accounts::check_password(new_password);
        const bool secure = request.secure;
        accounts.run_slow([&community, who = *who, password, new_password, closing, secure, reply] {
            reply(answer_of([&] {
                if (closing) {
                    community.close_account(who, password);
                    ApiResponse response = json_response(200, {{"name", nullptr}});
                    response.cookies.push_back(session_set_cookie("", 0, secure));
                    return response;
                }
                const NewSession s =
                    community.accounts().change_password(who.name, password, new_password);
                ApiResponse response = json_response(200, {{"name", s.name}});
                response.cookies.push_back(
                    session_set_cookie(s.token, Accounts::SESSION_MS / 1000, secure));
                return response;
            }));
        });
        deferred = true;
        return ApiResponse{};
    }
    const bool players_path = p == "/api/session" || p == "/api/seeks" ||
                              p.starts_with("/api/seeks/") || p.starts_with("/api/players/") ||
                              p == "/api/me/games" || p == "/api/lobby" || p == "/api/lobby/ws" ||
                              (p.starts_with("/api/games/") && p.ends_with("/note"));
    if (!players_path) return std::nullopt;
    return answer_of([&]() -> ApiResponse {
        const std::optional<SignedIn> who = signed_in(request.cookie);
        if (p == "/api/session") {
            if (method == "GET")
                return json_response(200, {{"name", who ? json(who->name) : json()}});
            if (method != "DELETE") throw wrong_method("GET, POST or DELETE");
            if (const std::optional<std::string> token = session_cookie(request.cookie))
                accounts.logout(*token);
            ApiResponse response = json_response(200, {{"name", nullptr}});
            response.cookies.push_back(session_set_cookie("", 0, request.secure));
            return response;
        }
        if (p == "/api/lobby") {
            if (method != "GET") throw wrong_method("GET");
            return json_response(200, {{"seeks", lobby.seeks(who)}, {"games", lobby.live_games()}});
        }
        if (p == "/api/lobby/ws")
            throw ApiError(400, "this is a WebSocket endpoint: connect with an upgrade");
        if (p == "/api/seeks") {
            if (method == "GET") return json_response(200, lobby.seeks(who));
            if (method != "POST") throw wrong_method("GET or POST");
            limit_creations(request);
            return json_response(201, lobby.post(body_json(request), who, request.client));
        }
        if (p.starts_with("/api/seeks/")) {
            const std::string rest = p.substr(std::string("/api/seeks/").size());
            if (rest.ends_with("/accept")) {
                if (method != "POST") throw wrong_method("POST");
                only_fields(optional_body(request), {}, "the request body");
                limit_creations(request);
                return json_response(201, lobby.accept(rest.substr(0, rest.size() - 7), who));
            }
            if (method == "GET") return json_response(200, lobby.seek(rest));
            if (method != "DELETE") throw wrong_method("GET or DELETE");
            const json body = optional_body(request);
            only_fields(body, {"token"}, "the request body");
            lobby.withdraw(rest, string_field(body, "token", 128), who);
            return json_response(200, {{"id", rest}, {"status", "withdrawn"}});
        }
        if (p.starts_with("/api/players/")) {
            if (method != "GET") throw wrong_method("GET");
            return json_response(200,
                                 community.player(p.substr(std::string("/api/players/").size())));
        }
        if (p == "/api/me/games") {
            if (method != "GET") throw wrong_method("GET");
            if (!who) throw ApiError(401, "sign in to see your games");
            return json_response(200, community.my_games(*who));
        }
        // /api/games/ID/note
        if (method != "PUT") throw wrong_method("PUT");
        const std::string id = p.substr(std::string("/api/games/").size(),
                                        p.size() - std::string("/api/games//note").size());
        const json body = body_json(request);
        only_fields(body, {"text", "token"}, "the request body");
        const std::string text = *string_field(body, "text", Community::MAX_NOTE, true);
        const std::optional<std::string> token = string_field(body, "token", 128);
        return json_response(
            200, community.put_note(id,
                                    Credential::of(token, who ? std::optional<std::string>(who->key)
                                                              : std::nullopt),
                                    text));
    });
}

}  // namespace menagerie::server
