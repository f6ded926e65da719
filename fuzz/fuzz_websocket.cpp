// libFuzzer target for the messages a client sends on a game's WebSocket. Input: one message a
// line, after a prefix saying who sends it: the game's number (0-4, server_fixture.h) and the
// seat whose token the socket was opened with (`w`, `b`, `a` for both, `s` a spectator without a
// token, `x` a token no seat holds), then a space; placeholders as in the API target. A message
// moves or is refused with an error message in JSON, and the fixture's invariants hold after
// each.
#include <cstddef>
#include <cstdint>

#include "server/websocket_session.h"
#include "server_fixture.h"

using namespace menagerie;
using nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::string> lines = fuzz::lines_of(fuzz::text_of(data, size));
    if (lines.empty()) return 0;
    fuzz::ServerFixture fixture;
    for (size_t i = 0; i < lines.size() && i < 40; ++i) {
        const std::string& line = lines[i];
        if (line.size() < 3 || line[0] < '0' || line[0] > '4' || line[2] != ' ') continue;
        const std::string n(1, line[0]);
        std::optional<std::string> token;
        switch (line[1]) {
            case 'w':
                token = fixture.expand("$w" + n);
                break;
            case 'b':
                token = fixture.expand("$b" + n);
                break;
            case 'a':
                token = fixture.expand("$both" + n);
                break;
            case 'x':
                token = fixture.expand("$x");
                break;
            default:
                break;
        }
        const std::string message = fixture.expand(line.substr(3));
        const std::optional<std::string> error = server::take_client_message(
            fixture.service(), fixture.expand("$id" + n), token, message);
        if (error) {
            const json e = json::parse(*error, nullptr, false);
            FUZZ_CHECK(!e.is_discarded() && e["type"] == "error" && e["error"].is_string(), *error);
            FUZZ_CHECK(error->find("internal error") == std::string::npos, *error);
        }
        fixture.check_invariants();
    }
    return 0;
}
