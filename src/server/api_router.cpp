#include "server/api_router.h"

#include <charconv>
#include <iostream>

#include "core/error.h"
#include "server/api_error.h"
#include "server/catalogue.h"
#include "server/community.h"
#include "server/json_fields.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool decode(std::string_view in, std::string& out, bool plus_is_space) {
    out.clear();
    for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '%') {
            if (i + 2 >= in.size()) return false;
            const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
            if (hi < 0 || lo < 0) return false;
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            out += plus_is_space && in[i] == '+' ? ' ' : in[i];
        }
    }
    return true;
}

// JSON nested deeper than this is refused before parsing (no request needs more than a few).
bool nesting_within(const std::string& text, int limit) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

std::optional<std::string> token_of(const json& body) {
    const auto it = body.find("token");
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_string() || it->get_ref<const std::string&>().size() > 128)
        throw ApiError(400, "the field \"token\" must be a seat's token");
    return it->get<std::string>();
}

std::optional<std::string> query_token(const ApiRequest& request) {
    const auto it = request.query.find("token");
    if (it == request.query.end()) return std::nullopt;
    return it->second;
}

std::optional<uint64_t> seed_of(const ApiRequest& request) {
    const auto it = request.query.find("seed");
    if (it == request.query.end()) return std::nullopt;
    uint64_t seed = 0;
    const std::string& s = it->second;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), seed);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        throw ApiError(400,
                       "seed " + menagerie::quoted(s) + " is not a whole number from 0 to 2^64-1");
    return seed;
}

const std::string& query_field(const ApiRequest& request, const char* key) {
    const auto it = request.query.find(key);
    if (it == request.query.end())
        throw ApiError(400, std::string("the query needs ") + key + "=...");
    return it->second;
}

}  // namespace

json body_json(const ApiRequest& request) {
    if (!nesting_within(request.body, 32))
        throw ApiError(400, "the request body is nested too deeply");
    std::optional<json> body = parse_client_json(request.body);
    if (!body) throw ApiError(400, "the request body is not valid JSON");
    if (!body->is_object()) throw ApiError(400, "the request body must be a JSON object");
    return std::move(*body);
}

ApiResponse json_response(unsigned status, const json& body) {
    // Bytes that are not UTF-8 (an echoed request's) are replaced rather than thrown on.
    return {status,
            "application/json",
            body.dump(-1, ' ', false, json::error_handler_t::replace),
            std::nullopt,
            {}};
}

ApiResponse error_response() {
    try {
        throw;
    } catch (const ApiError& e) {
        ApiResponse response =
            json_response(static_cast<unsigned>(e.status()), {{"error", e.what()}});
        response.retry_after_s = e.retry_after_s();
        return response;
    } catch (const Error& e) {
        return json_response(400, {{"error", e.what()}});
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << "\n";
        return json_response(500, {{"error", std::string("internal error: ") + e.what()}});
    }
}

bool split_target(const std::string& target, std::string& path,
                  std::map<std::string, std::string>& query) {
    const size_t q = target.find('?');
    if (!decode(std::string_view(target).substr(0, q), path, false)) return false;
    // A NUL ends a file name at the system's interface but not in the path's extension: a file
    // could be sent under another file's type ("app.js%00.html" as HTML).
    if (path.find('\0') != std::string::npos) return false;
    if (q == std::string::npos) return true;
    std::string_view rest = std::string_view(target).substr(q + 1);
    while (!rest.empty()) {
        const size_t amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        const size_t eq = pair.find('=');
        std::string key, value;
        if (!decode(pair.substr(0, eq), key, true)) return false;
        if (eq != std::string_view::npos && !decode(pair.substr(eq + 1), value, true)) return false;
        if (!key.empty()) query[key] = value;
        if (amp == std::string_view::npos) break;
        rest.remove_prefix(amp + 1);
    }
    return true;
}

void ApiRouter::handle(const ApiRequest& request, std::function<void(ApiResponse)> reply) {
    bool deferred = false;
    ApiResponse response;
    try {
        response = route(request, reply, deferred);
    } catch (...) {
        response = error_response();
    }
    if (!deferred) reply(std::move(response));
}

Credential ApiRouter::credential(const ApiRequest& request, std::optional<std::string> token) {
    std::optional<std::string> account;
    if (const std::optional<SignedIn> who = signed_in(request.cookie)) account = who->key;
    return Credential::of(std::move(token), std::move(account));
}

void ApiRouter::limit_creations(const ApiRequest& request) {
    if (const std::optional<int> wait =
            creations_.take(request.client, std::chrono::steady_clock::now()))
        throw ApiError(
            429,
            "too many new games from your address: try again in " + std::to_string(*wait) + " s",
            *wait);
}

ApiResponse ApiRouter::route(const ApiRequest& request, std::function<void(ApiResponse)>& reply,
                             bool& deferred) {
    const std::string& p = request.path;
    const bool get = request.method == "GET", post = request.method == "POST";
    auto wrong_method = [&](const char* allowed) {
        return ApiError(405, request.method + " is not allowed on " + p + " (use " + allowed + ")");
    };
    if (!get && request.method != "HEAD" && session_cookie(request.cookie))
        refuse_cross_site(request.origin, request.host, request.content_type);
    if (community_)
        if (std::optional<ApiResponse> answer = route_players(request, reply, deferred))
            return std::move(*answer);
    if (p == "/api/health") {
        if (!get) throw wrong_method("GET");
        return json_response(200, games_.health());
    }
    if (p == "/api/variants") {
        if (!get) throw wrong_method("GET");
        json list = variants_json();
        for (json& v : list) v["atlas"] = games_.atlas().has(v["name"].get<std::string>());
        return json_response(200, list);
    }
    if (const std::string atlas = "/api/atlas/"; p.starts_with(atlas)) {
        if (!get) throw wrong_method("GET");
        const std::string variant = p.substr(atlas.size());
        // One setup's row, for the new-game dialog: a small answer, not the whole atlas.
        if (request.query.count("setup"))
            return {200, "application/json", games_.atlas().setup_json(variant, request.query),
                    std::nullopt};
        return {200, "application/json", games_.atlas().json_text(variant), std::nullopt};
    }
    if (p == "/api/setups" || p == "/api/board" || p == "/api/piece-moves" || p == "/api/roll") {
        if (!get) throw wrong_method("GET");
        const std::shared_ptr<const Game> game = game_of_query(request.query);
        if (p == "/api/setups") return json_response(200, setups_json(*game, game));
        if (p == "/api/board") return json_response(200, board_json(*game));
        if (p == "/api/roll") {
            const auto setup = request.query.find("setup");
            return json_response(200, roll_json(game, seed_of(request),
                                                setup == request.query.end()
                                                    ? std::nullopt
                                                    : std::optional<std::string>(setup->second)));
        }
        return json_response(200, piece_moves_json(*game, query_field(request, "token"),
                                                   query_field(request, "cell")));
    }
    if (p == "/api/analyse") {
        if (!post) throw wrong_method("POST");
        games_.analyse(body_json(request), [reply](int status, json body) {
            reply(json_response(static_cast<unsigned>(status), body));
        });
        deferred = true;
        return {};
    }
    if (p == "/api/games") {
        if (get) return json_response(200, games_.list());
        if (post) {
            limit_creations(request);
            return json_response(201, games_.create(body_json(request)));
        }
        throw wrong_method("GET or POST");
    }
    const std::string prefix = "/api/games/";
    if (p.starts_with(prefix)) {
        const std::string rest = p.substr(prefix.size());
        const size_t slash = rest.find('/');
        const std::string id = rest.substr(0, slash);
        const std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
        if (action.empty()) {
            if (!get) throw wrong_method("GET");
            json state = games_.state(id, credential(request, query_token(request)));
            // A seat's own note, when it keeps one (read here only: the pushed states and the
            // answers to moves leave it out, as it changes only by its seat's own PUT).
            if (community_ && state["seat"] != "spectator")
                if (std::string note = community_->note(id, state["seat"]); !note.empty())
                    state["note"] = std::move(note);
            return json_response(200, state);
        }
        if (action == "pgn") {
            if (!get) throw wrong_method("GET");
            return {200, "text/plain; charset=utf-8", games_.pgn(id), std::nullopt, {}};
        }
        if (action == "ws")
            throw ApiError(400, "this is a WebSocket endpoint: connect with an upgrade");
        if (action == "move" || action == "resign" || action == "takeback" || action == "draw" ||
            action == "contribution") {
            if (!post) throw wrong_method("POST");
            const json body = body_json(request);
            if (action == "move") {
                only_fields(body, {"token", "move", "ply"}, "the request body");
                // Missing fields are the service's to name, after the game and the token.
                return json_response(
                    200, games_.move(id, credential(request, token_of(body)),
                                     body.value("move", json()), body.value("ply", json())));
            }
            if (action == "draw") {
                only_fields(body, {"token", "action"}, "the request body");
                return json_response(200, games_.draw(id, credential(request, token_of(body)),
                                                      *string_field(body, "action", 16, true)));
            }
            if (action == "contribution") {
                only_fields(body, {"token", "text", "color"}, "the request body");
                return json_response(200, games_.contribute(id, credential(request, token_of(body)),
                                                            body.value("text", json()),
                                                            body.value("color", json())));
            }
            only_fields(body, {"token"}, "the request body");
            const Credential who = credential(request, token_of(body));
            if (action == "resign") return json_response(200, games_.resign(id, who));
            return json_response(200, games_.takeback(id, who));
        }
    }
    throw ApiError(404, "there is no API route " + request.method + " " + menagerie::quoted(p));
}

}  // namespace menagerie::server
