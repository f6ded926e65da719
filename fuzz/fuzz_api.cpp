// libFuzzer target for the HTTP API's requests (the router, the JSON bodies, the game service).
// Input: requests, each two lines: "METHOD TARGET" and the body (placeholders such as `$id0` and
// `$w0` name the fixture's games and tokens: server_fixture.h). Every request is answered exactly
// once, with a status that is not 500 (an internal error is a finding) and a JSON body that says
// what was wrong when it is an error; after every request the fixture's invariants hold. An
// analysis answers from its pool, later; the fixture's end stops any still running.
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "server/api_router.h"
#include "server_fixture.h"

using namespace menagerie;
using nlohmann::json;

namespace {

void check_response(const std::string& request_line, const server::ApiResponse& r) {
    FUZZ_CHECK(r.status != 500, request_line + " answered 500: " + r.body);
    if (r.content_type != "application/json") return;
    const json body = json::parse(r.body, nullptr, false);
    FUZZ_CHECK(!body.is_discarded(), request_line + " answered " + r.body);
    if (r.status >= 400)
        FUZZ_CHECK(body.is_object() && body.contains("error") && body["error"].is_string(),
                   request_line + " answered " + r.body);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::string> lines = fuzz::lines_of(fuzz::text_of(data, size));
    if (lines.empty()) return 0;
    auto fixture = std::make_unique<fuzz::ServerFixture>();
    server::ApiRouter router(fixture->service());
    // Outlives the fixture: an analysis answers from the service's pool.
    auto replies = std::make_shared<std::atomic<int>>(0);
    int requests = 0;
    for (size_t i = 0; i < lines.size() && i < 40; i += 2) {
        const std::string request_line = fixture->expand(lines[i]);
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
        if (i + 1 < lines.size()) request.body = fixture->expand(lines[i + 1]);
        ++requests;
        router.handle(request, [replies, request_line](server::ApiResponse r) {
            check_response(request_line, r);
            ++*replies;
        });
        fixture->check_invariants();
    }
    fixture.reset();
    FUZZ_CHECK(*replies == requests,
               std::to_string(requests) + " requests, " + std::to_string(*replies) + " answers");
    return 0;
}
