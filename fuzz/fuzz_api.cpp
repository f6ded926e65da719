// libFuzzer target for the HTTP API's requests (the router, the JSON bodies, the game service,
// accounts, sessions, the lobby, players and notes). Input: requests, each two lines, "METHOD
// TARGET" and the body, after any number of header lines for that request alone, "Name: value"
// with Name one of Cookie, Origin, Host, Content-Type and X-Forwarded-Proto (any case; others
// are ignored). Without them a request is the site's own page's: no cookie and no Origin, Host
// "menagerie.test", Content-Type "application/json" (an empty value leaves a header out). A
// line "SWEEP" runs the community's sweep. Placeholders such as `$id0`, `$w0`, `$s0`, `$k0` name
// the fixture's games, tokens, sessions and seeks (server_fixture.h): "Cookie:
// menagerie_session=$s0" signs a request in as Alice.
//
// Every request is answered exactly once, with a status that is not 500 (an internal error is a
// finding) and a JSON body that says what was wrong when it is an error; no answer shows a
// password, a hash or a session token (ServerFixture::check_text); a Set-Cookie comes only from
// signing in, up or out, changing a password or closing an account, HttpOnly, SameSite=Lax, Path=/,
// and Secure exactly over TLS; a request that changes something with a session, or signs in or up,
// from another site (Origin not the Host) or without a JSON Content-Type is refused and stores
// nothing; a seek is accepted at most once; a game's state is shown as the requester's seat sees
// it, with that seat's note alone; after every request the fixture's invariants hold, the request
// acting for the seat of its token (the query's for a GET, the body's otherwise) or else its
// session's account. An analysis answers from its pool, later (it is not waited for); the fixture's
// end stops any still running. Sign-ins and sign-ups answer from the password thread, and are
// waited for.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>

#include "core/text.h"
#include "server/api_router.h"
#include "server_fixture.h"

using namespace menagerie;
using nlohmann::json;

namespace {

void check_response(const std::string& request_line, const server::ApiResponse& r) {
    FUZZ_CHECK(r.status != 500, request_line + " answered 500: " + r.body);
    // The store in memory never fails: an answer that blames it hides another failure.
    FUZZ_CHECK(r.status != 503 || r.body.find("unavailable") == std::string::npos,
               request_line + " answered " + r.body);
    if (r.content_type != "application/json") return;
    const json body = json::parse(r.body, nullptr, false);
    FUZZ_CHECK(!body.is_discarded(), request_line + " answered " + r.body);
    if (r.status >= 400) {
        FUZZ_CHECK(body.is_object() && body.contains("error") && body["error"].is_string(),
                   request_line + " answered " + r.body);
        // (An echo of the request may say "internal error": the answer to one begins so.)
        FUZZ_CHECK(!body["error"].get<std::string>().starts_with("internal error"),
                   request_line + " answered " + r.body);
    }
}

// The site's own request, as docs/server.md defines it: a JSON Content-Type (parameters
// allowed), and an Origin, if any, whose host and port are the Host.
bool from_the_site(const server::ApiRequest& r) {
    if (lower_case(trimmed(r.content_type.substr(0, r.content_type.find(';')))) !=
        "application/json")
        return false;
    if (r.origin.empty()) return true;
    const size_t scheme = r.origin.find("://");
    return scheme != std::string::npos && !r.host.empty() &&
           lower_case(r.origin.substr(scheme + 3)) == lower_case(r.host);
}

// What a body says besides its passwords, for ServerFixture::said (a JSON body's strings
// decoded, as an answer would echo them); its passwords, for password_given.
void note_body(fuzz::ServerFixture& fixture, const std::string& body) {
    json j = json::parse(body, nullptr, false);
    if (!j.is_object()) return fixture.said(body);
    if (const auto p = j.find("password"); p != j.end() && p->is_string()) {
        fixture.password_given(p->get<std::string>());
        *p = "";
    }
    fixture.said(j.dump(-1, ' ', false, json::error_handler_t::replace));
    std::vector<const json*> todo = {&j};
    while (!todo.empty()) {
        const json* v = todo.back();
        todo.pop_back();
        if (v->is_string()) fixture.said(v->get<std::string>());
        if (v->is_object())
            for (auto it = v->begin(); it != v->end(); ++it) {
                fixture.said(it.key());
                todo.push_back(&it.value());
            }
        if (v->is_array())
            for (const json& value : *v) todo.push_back(&value);
    }
}

// What one answer adds to the input's placeholders: a seek posted, a game made or got, a
// session signed in to.
void follow_answer(fuzz::ServerFixture& fixture, const server::ApiRequest& request,
                   const server::ApiResponse& r) {
    const std::string& p = request.path;
    for (const std::string& cookie : r.cookies) {
        FUZZ_CHECK(p == "/api/accounts" || p == "/api/session" || p == "/api/account" ||
                       p == "/api/account/password",
                   p + " sets a cookie " + cookie);
        const std::string name = "menagerie_session=";
        const size_t end = cookie.find(';');
        FUZZ_CHECK(cookie.starts_with(name) && end != std::string::npos, cookie);
        const std::string token = cookie.substr(name.size(), end - name.size());
        const std::string attributes = cookie.substr(end);
        FUZZ_CHECK(attributes.starts_with("; Path=/; Max-Age=") &&
                       attributes.find("; HttpOnly; SameSite=Lax") != std::string::npos &&
                       attributes.ends_with("; Secure") == request.secure,
                   cookie);
        FUZZ_CHECK(
            token.empty() || (token.size() == 64 &&
                              token.find_first_not_of("0123456789abcdef") == std::string::npos),
            cookie);
        if (!token.empty()) fixture.session_got(token);
    }
    if (r.status != 201) return;
    const json body = json::parse(r.body, nullptr, false);
    if (!body.is_object()) return;
    if (p == "/api/seeks") {
        fixture.set_placeholder("$k", body.value("id", ""));
        fixture.set_placeholder("$kt", body.value("token", ""));
    } else if (p.starts_with("/api/seeks/") && p.ends_with("/accept")) {
        fixture.seek_accepted(p.substr(11, p.size() - 11 - 7));
        fixture.set_placeholder("$g", body.value("game", ""));
        fixture.set_placeholder("$gt", body.value("token", ""));
    } else if (p == "/api/games") {
        fixture.set_placeholder("$g", body.value("id", ""));
        const json tokens = body.value("tokens", json::object());
        if (!tokens.empty()) fixture.set_placeholder("$gt", tokens.begin()->get<std::string>());
    }
}

// A game's state is shown as its actor's seat sees it, with that seat's note alone.
void check_state(fuzz::ServerFixture& fixture, const server::ApiRequest& request,
                 const fuzz::Acting& acting, const server::ApiResponse& r) {
    const std::string prefix = "/api/games/";
    const std::string& p = request.path;
    if (request.method != "GET" || r.status != 200 || !p.starts_with(prefix) ||
        p.find('/', prefix.size()) != std::string::npos)
        return;
    const std::string id = p.substr(prefix.size());
    const std::optional<server::StoredGame> game = fixture.storage().load(id);
    FUZZ_CHECK(game, p + " answered 200 for no game");
    const json state = json::parse(r.body);
    const std::string seat = fuzz::ServerFixture::seat_of(*game, acting);
    FUZZ_CHECK(state.value("seat", "") == seat,
               p + " shown to the seat " + seat + " as " + state.value("seat", "") + "'s");
    if (state.contains("note")) {
        const std::optional<server::StoredRecord> note =
            fixture.storage().load_record("note", id + "/" + seat);
        FUZZ_CHECK(seat != "spectator" && note &&
                       json::parse(note->text).value("text", "") == state["note"],
                   p + " shows the seat " + seat + " the note " + state["note"].dump());
    }
}

struct Answer {
    std::mutex mutex;
    std::condition_variable arrived;
    std::optional<server::ApiResponse> response;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::string> lines = fuzz::lines_of(fuzz::text_of(data, size));
    if (lines.empty()) return 0;
    auto fixture = std::make_unique<fuzz::ServerFixture>();
    server::ApiRouter& router = fixture->router();
    // Outlives the fixture: an analysis answers from the service's pool.
    auto replies = std::make_shared<std::atomic<int>>(0);
    int requests = 0;
    std::map<std::string, std::string> headers;  // for the next request
    for (size_t i = 0; i < lines.size() && i < 60 && requests < 20; ++i) {
        const std::string& line = lines[i];
        if (line == "SWEEP") {
            fixture->community().sweep();
            fixture->check_invariants();
            continue;
        }
        // A header line: "Name: value" (no method has a colon).
        if (const size_t colon = line.find(':');
            colon != std::string::npos && colon > 0 &&
            line.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-") ==
                colon) {
            headers[lower_case(line.substr(0, colon))] =
                fixture->expand(trimmed(line.substr(colon + 1)));
            continue;
        }
        const std::string request_line = fixture->expand(line);
        const std::string body = i + 1 < lines.size() ? fixture->expand(lines[i + 1]) : "";
        ++i;
        std::map<std::string, std::string> h = {{"host", "menagerie.test"},
                                                {"content-type", "application/json"}};
        for (auto& [name, value] : headers) h[name] = value;
        headers.clear();
        const size_t space = request_line.find(' ');
        server::ApiRequest request;
        request.method = request_line.substr(0, space);
        const std::string target = space == std::string::npos ? "" : request_line.substr(space + 1);
        // A method is an HTTP token, as Beast's parser (in front of the router) requires.
        if (request.method.empty() ||
            request.method.find_first_not_of("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                             "abcdefghijklmnopqrstuvwxyz") != std::string::npos ||
            !server::split_target(target, request.path, request.query))
            continue;
        request.body = body;
        request.client = "192.0.2.1";
        request.cookie = h["cookie"];
        request.origin = h["origin"];
        request.host = h["host"];
        request.content_type = h["content-type"];
        request.secure = lower_case(h["x-forwarded-proto"]) == "https";
        ++requests;

        // Who acts: the query's token for a read, the body's for a change, and the session's
        // account.
        fuzz::Acting acting;
        const json parsed_body = json::parse(body, nullptr, false);
        if (request.method == "GET") {
            if (const auto t = request.query.find("token"); t != request.query.end())
                acting.token = t->second;
        } else if (parsed_body.is_object() && parsed_body.contains("token") &&
                   parsed_body["token"].is_string()) {
            acting.token = parsed_body["token"].get<std::string>();
        }
        const std::optional<std::string> session = server::session_cookie(request.cookie);
        if (session) acting.account = fixture->account_of_session(*session);
        fixture->said(request_line);
        for (const char* header : {"origin", "host", "content-type", "x-forwarded-proto"})
            fixture->said(h[header]);
        note_body(*fixture, body);

        const bool changes = request.method != "GET" && request.method != "HEAD";
        const bool signs_in = request.method == "POST" &&
                              (request.path == "/api/accounts" || request.path == "/api/session");
        const bool cross_site = changes && (session || signs_in) && !from_the_site(request);
        const uint64_t writes = fixture->storage().writes();

        const bool analysis = request.path == "/api/analyse";
        auto answer = std::make_shared<Answer>();
        router.handle(request, [replies, request_line, analysis, answer](server::ApiResponse r) {
            check_response(request_line, r);
            ++*replies;
            if (analysis) return;
            std::lock_guard lock(answer->mutex);
            answer->response = std::move(r);
            answer->arrived.notify_all();
        });
        if (!analysis) {
            std::unique_lock lock(answer->mutex);
            answer->arrived.wait_for(lock, std::chrono::seconds(60),
                                     [&] { return answer->response.has_value(); });
            FUZZ_CHECK(answer->response, request_line + " not answered within 60 s");
            const server::ApiResponse& r = *answer->response;
            // MENAGERIE_FUZZ_VERBOSE=1: each request and its answer, for writing seeds.
            static const bool verbose = std::getenv("MENAGERIE_FUZZ_VERBOSE") != nullptr;
            if (verbose)
                std::fprintf(stderr, "%s\n  -> %u %s\n", request_line.c_str(), r.status,
                             r.body.substr(0, 300).c_str());
            fixture->check_text(r.body, request_line);
            if (cross_site)
                FUZZ_CHECK(r.status >= 400 && fixture->storage().writes() == writes,
                           request_line + " from another site answered " +
                               std::to_string(r.status) + " " + r.body);
            follow_answer(*fixture, request, r);
            check_state(*fixture, request, acting, r);
        }
        fixture->check_invariants(&acting);
    }
    fixture.reset();
    FUZZ_CHECK(*replies == requests,
               std::to_string(requests) + " requests, " + std::to_string(*replies) + " answers");
    return 0;
}
