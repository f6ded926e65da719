// libFuzzer target for the messages clients send on the WebSockets: a game's and the lobby's.
// Input: one message a line, after a prefix of two characters and a space saying who sends it
// (placeholders as in the API target, server_fixture.h):
// - a game's socket: the game's number (0-6) and whom the socket was opened as: `w`, `b` or `a`
//   (both) with that seat's token, `s` a spectator, `x` a token no seat holds, `0` or `1` the
//   session of Alice or bob without a token; the message moves, or is refused with an error
//   message in JSON;
// - the lobby's socket: `L` and whose it is, `0` or `1` (Alice's or bob's session) or `s` (no
//   session); the socket opens at its first line (its snapshot), and the message, if any, is a
//   claim ({"type":"claim","seek","token"});
// - what changes the lobby meanwhile, as the API would: `P` (post the JSON seek on the line),
//   `A` (accept the seek named), `D` (withdraw the seek named, then a space and its token if
//   any), each followed by `0`, `1` or `s` as above; a refusal is an ApiError.
// Every message a socket is sent is JSON of a type the API names; a lobby socket is sent its
// snapshot first, only seeks it may see, and a seek's game only when it is the seeker's (by its
// account, or a claim with the seek's token); no message shows a password, a hash or a session
// token; after each line the fixture's invariants hold (server_fixture.h).
#include <cstddef>
#include <cstdint>
#include <mutex>

#include "server/api_error.h"
#include "server/credential.h"
#include "server/json_fields.h"
#include "server/lobby.h"
#include "server/websocket_session.h"
#include "server_fixture.h"

using namespace menagerie;
using nlohmann::json;

namespace {

// One lobby socket: whose it is, what it was sent, the seeks it has claimed.
struct LobbySocket {
    std::optional<server::SignedIn> who;
    server::LobbyWatch watch;
    std::shared_ptr<std::vector<std::string>> sent = std::make_shared<std::vector<std::string>>();
    size_t read = 0;
    std::set<std::string> claimed;
};

// Whether a socket of `account` that claimed `claimed` may see `seek` (docs/web-api.md).
bool may_see(const json& seek, const std::optional<server::SignedIn>& who,
             const std::set<std::string>& claimed) {
    if (claimed.count(seek.value("id", ""))) return true;
    const auto name = [&](const char* field) {
        const auto it = seek.find(field);
        return it == seek.end() || !it->is_string()
                   ? std::optional<std::string>()
                   : std::optional<std::string>(server::account_key(it->get<std::string>()));
    };
    const std::optional<std::string> by = name("by"), to = name("to");
    if (who && by == who->key) return true;
    if (to) return who && to == who->key;
    return seek.value("listed", true);
}

void check_lobby_messages(fuzz::ServerFixture& fixture, LobbySocket& socket) {
    const std::vector<std::string>& sent = *socket.sent;
    for (; socket.read < sent.size(); ++socket.read) {
        const std::string& text = sent[socket.read];
        fixture.check_text(text, "a lobby message");
        const json m = json::parse(text, nullptr, false);
        FUZZ_CHECK(m.is_object() && m.contains("type") && m["type"].is_string(), text);
        const std::string type = m["type"];
        FUZZ_CHECK((socket.read == 0) == (type == "lobby"), "the snapshot comes first: " + text);
        if (type == "lobby") {
            for (const json& seek : m["seeks"])
                FUZZ_CHECK(may_see(seek, socket.who, socket.claimed), "a seek shown: " + text);
        } else if (type == "seek") {
            FUZZ_CHECK(may_see(m["seek"], socket.who, socket.claimed), "a seek shown: " + text);
        } else if (type == "accepted") {
            const std::string seek = m["seek"];
            const std::optional<server::StoredRecord> r =
                fixture.storage().load_record("accepted", seek);
            FUZZ_CHECK(r, "an accepted seek without its record: " + text);
            const json a = json::parse(r->text);
            const bool by_account =
                socket.who && a["by"].is_string() &&
                server::account_key(a["by"].get<std::string>()) == socket.who->key;
            FUZZ_CHECK(socket.claimed.count(seek) || by_account, "told another's game: " + text);
            // The link carries the seek's token only to a socket that showed it.
            FUZZ_CHECK(m.value("link", "").find("?token=") == std::string::npos ||
                           socket.claimed.count(seek),
                       text);
        } else if (type == "claimed") {
            socket.claimed.insert(m["seek"].get<std::string>());
        } else {
            FUZZ_CHECK(
                type == "seek_gone" || type == "game" || type == "game_gone" || type == "error",
                text);
        }
        // The store in memory never fails: an error said to be the store's is another's.
        FUZZ_CHECK(type != "error" || (m["error"].is_string() &&
                                       m["error"] != "the store is unavailable, try again shortly"),
                   text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::string> lines = fuzz::lines_of(fuzz::text_of(data, size));
    if (lines.empty()) return 0;
    std::map<char, LobbySocket> sockets;  // outlive the fixture's lobby: they end after it
    fuzz::ServerFixture fixture;
    const std::optional<server::SignedIn> accounts[] = {server::SignedIn{"alice", "Alice"},
                                                        server::SignedIn{"bob", "bob"}};
    for (size_t i = 0; i < lines.size() && i < 40; ++i) {
        const std::string& line = lines[i];
        if (line.size() < 3 || line[2] != ' ') continue;
        const std::string text = fixture.expand(line.substr(3));
        fixture.said(text);
        const char kind = line[0], as = line[1];
        fuzz::Acting acting;
        std::optional<server::SignedIn> who;
        if (as == '0' || as == '1') {
            who = accounts[as - '0'];
            acting.account = who->key;
        }
        if (kind >= '0' && kind <= '6') {
            const std::string n(1, kind);
            switch (as) {
                case 'w':
                    acting.token = fixture.expand("$w" + n);
                    break;
                case 'b':
                    acting.token = fixture.expand("$b" + n);
                    break;
                case 'a':
                    acting.token = fixture.expand("$both" + n);
                    break;
                case 'x':
                    acting.token = fixture.expand("$x");
                    break;
                default:
                    break;
            }
            const std::optional<std::string> error = server::take_client_message(
                fixture.service(), fixture.expand("$id" + n),
                server::Credential::of(acting.token, acting.account), text);
            if (error) {
                fixture.check_text(*error, "a game's error message");
                const json e = json::parse(*error, nullptr, false);
                FUZZ_CHECK(!e.is_discarded() && e["type"] == "error" && e["error"].is_string(),
                           *error);
                // (An echo of the message may say "internal error": the answer to one begins so.)
                FUZZ_CHECK(!e["error"].get<std::string>().starts_with("internal error"), *error);
            }
        } else if (as != '0' && as != '1' && as != 's') {
            continue;
        } else if (kind == 'L') {
            LobbySocket& socket = sockets[as];
            if (!socket.watch.watchers) {
                socket.who = who;
                socket.watch = fixture.community().lobby().watch(
                    who, [sent = socket.sent](server::Message message) {
                        sent->push_back(*message);
                        return true;
                    });
            }
            if (!text.empty())
                if (const std::optional<std::string> error =
                        fixture.community().lobby().take_message(socket.watch, text))
                    socket.sent->push_back(*error);  // what the socket would send back
        } else if (kind == 'P' || kind == 'A' || kind == 'D') {
            server::Lobby& lobby = fixture.community().lobby();
            try {
                if (kind == 'P') {
                    const std::optional<json> body = server::parse_client_json(text);
                    if (!body) continue;
                    const json posted = lobby.post(*body, who, "fuzz");
                    fixture.set_placeholder("$k", posted["id"]);
                    fixture.set_placeholder("$kt", posted["token"]);
                } else if (kind == 'A') {
                    const json accepted = lobby.accept(text, who);
                    fixture.seek_accepted(text);
                    fixture.check_text(accepted.dump(), "an acceptance");
                    fixture.set_placeholder("$g", accepted["game"]);
                    fixture.set_placeholder("$gt", accepted["token"]);
                } else {
                    const size_t space = text.find(' ');
                    lobby.withdraw(text.substr(0, space),
                                   space == std::string::npos
                                       ? std::nullopt
                                       : std::optional<std::string>(text.substr(space + 1)),
                                   who);
                }
            } catch (const server::ApiError& e) {
                FUZZ_CHECK(e.status() != 500 && e.status() != 503, e.what());
                fixture.check_text(e.what(), "a lobby's refusal");
            } catch (const Error& e) {  // the API answers 400
                fixture.check_text(e.what(), "a lobby's refusal");
            }
        } else {
            continue;
        }
        for (auto& [name, socket] : sockets) check_lobby_messages(fixture, socket);
        fixture.check_invariants(&acting);
    }
    for (auto& [name, socket] : sockets) server::Lobby::unwatch(socket.watch);
    return 0;
}
