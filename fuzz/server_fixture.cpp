#include "server_fixture.h"

#include <algorithm>
#include <utility>

#include "core/random_stream.h"
#include "server/api_error.h"

namespace menagerie::fuzz {

using nlohmann::json;

ServerFixture::ServerFixture() {
    service_ = std::make_unique<server::GameService>(
        storage_, io_.get_executor(), 1, std::chrono::minutes(5), std::chrono::seconds(10), 1);
    service_->fix_refereed_seeds("1");
    const std::vector<json> bodies = {
        {{"variant", "chess"},
         {"mode", "online"},
         {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}},
        {{"variant", "blackswan"},
         {"mode", "online"},
         {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}},
        {{"variant", "placement"}, {"mode", "local"}},
        {{"variant", "chess66"},
         {"mode", "engine"},
         {"engine", {{"color", "black"}, {"level", 1}}}},
        {{"variant", "chess"},
         {"mode", "analysis"},
         {"fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}},
    };
    for (size_t i = 0; i < bodies.size(); ++i) {
        const json created = service_->create(bodies[i]);
        const std::string n = std::to_string(i);
        placeholders_.emplace_back("$id" + n, created["id"]);
        for (const auto& [seat, token] : created["tokens"].items())
            placeholders_.emplace_back("$" +
                                           (seat == "white"   ? std::string("w")
                                            : seat == "black" ? std::string("b")
                                                              : seat) +
                                           n,
                                       token.get<std::string>());
    }
    placeholders_.emplace_back("$id9", "0123456789abcdef");
    placeholders_.emplace_back("$x", std::string(43, 'x'));
    std::sort(placeholders_.begin(), placeholders_.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
}

ServerFixture::~ServerFixture() {
    service_->stop();
    service_.reset();
    io_.poll();  // the timers' handlers, cancelled with their games
}

std::string ServerFixture::expand(std::string text) const {
    for (const auto& [name, value] : placeholders_)
        for (size_t at = 0; (at = text.find(name, at)) != std::string::npos; at += value.size())
            text.replace(at, name.size(), value);
    return text;
}

void ServerFixture::check_invariants() {
    const std::vector<server::StoredGame> stored = storage_.all();
    const std::string list = service_->list().dump();
    for (const server::StoredGame& game : stored) {
        // A game is checked again only when it has changed (making a game is not cheap).
        if (std::exchange(checked_[game.id], game.revision) == game.revision) continue;
        try {
            server::LiveGame replayed(game);
            FUZZ_CHECK(replayed.ply() == static_cast<int>(game.moves.size()), game.id);
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, "stored game " + game.id + " does not replay: " + e.what());
        }
        for (const auto& [seat, hash] : game.token_hashes)
            FUZZ_CHECK(list.find(hash) == std::string::npos, "the list shows a token hash");
        if (const auto seed = game.options.find("seed"); seed != game.options.end()) {
            const std::string hex = to_hex(*seed_from_text(seed->second));
            FUZZ_CHECK(list.find(hex) == std::string::npos, "the list shows a seed");
            if (game.over()) continue;
            for (const char* token : {"", "$w1", "$b1"}) {
                const std::string t = expand(token);
                const json state = service_->state(
                    game.id, t.empty() ? std::nullopt : std::optional<std::string>(t));
                FUZZ_CHECK(state.dump().find(hex) == std::string::npos,
                           "a seed before the end of " + game.id);
            }
        }
    }
}

}  // namespace menagerie::fuzz
