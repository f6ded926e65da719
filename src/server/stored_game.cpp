#include "server/stored_game.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace menagerie::server {

using nlohmann::json;

// Every field required when read (a missing one is an unreadable record).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StoredClock, initial_ms, increment_ms, white_ms, black_ms,
                                   turn_started_ms, running)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SeatHolder, name, rating)

std::string to_record(const StoredGame& g) {
    json j = {{"id", g.id},
              {"variant", g.variant},
              {"mode", g.mode},
              {"options", g.options},
              {"start_fen", g.start_fen},
              {"setup", g.setup ? json(*g.setup) : json(nullptr)},
              {"moves", g.moves},
              {"token_hashes", g.token_hashes},
              {"engine_color", g.engine_color},
              {"engine_level", g.engine_level},
              {"result", g.result},
              {"reason", g.reason},
              {"created_ms", g.created_ms},
              {"updated_ms", g.updated_ms}};
    if (g.clock) j["clock"] = *g.clock;
    if (g.test_seed) j["test_seed"] = true;
    if (!g.tags.empty()) j["tags"] = g.tags;
    if (!g.draw_offer.empty()) j["draw_offer"] = g.draw_offer;
    if (!g.players.empty()) j["players"] = g.players;
    if (g.rated) j["rated"] = true;
    if (!g.contributions.empty()) j["contributions"] = g.contributions;
    if (g.days_per_move) {
        j["days_per_move"] = g.days_per_move;
        j["deadline_ms"] = g.deadline_ms;
    }
    return j.dump();
}

StoredGame from_record(const std::string& text) {
    try {
        const json j = json::parse(text);
        StoredGame g;
        g.id = j.at("id").get<std::string>();
        g.variant = j.at("variant").get<std::string>();
        g.mode = j.at("mode").get<std::string>();
        g.options = j.at("options").get<std::map<std::string, std::string>>();
        g.start_fen = j.at("start_fen").get<std::string>();
        if (!j.at("setup").is_null()) g.setup = j.at("setup").get<std::string>();
        g.moves = j.at("moves").get<std::vector<std::string>>();
        g.token_hashes = j.at("token_hashes").get<std::map<std::string, std::string>>();
        g.engine_color = j.at("engine_color").get<int>();
        g.engine_level = j.at("engine_level").get<int>();
        g.result = j.at("result").get<std::string>();
        g.reason = j.at("reason").get<std::string>();
        g.created_ms = j.at("created_ms").get<int64_t>();
        g.updated_ms = j.at("updated_ms").get<int64_t>();
        if (const auto c = j.find("clock"); c != j.end()) g.clock = c->get<StoredClock>();
        g.test_seed = j.value("test_seed", false);
        if (const auto t = j.find("tags"); t != j.end())  // absent in records before tags
            g.tags = t->get<std::map<std::string, std::string>>();
        g.draw_offer = j.value("draw_offer", "");
        // Absent in records made before accounts, and in games made without the lobby.
        if (const auto p = j.find("players"); p != j.end())
            g.players = p->get<std::map<std::string, SeatHolder>>();
        g.rated = j.value("rated", false);
        g.days_per_move = j.value("days_per_move", 0);
        g.deadline_ms = j.value("deadline_ms", int64_t{0});
        // Absent in records made before the server took contributions, and in games without.
        if (const auto c = j.find("contributions"); c != j.end())
            g.contributions = c->get<std::map<std::string, std::string>>();
        return g;
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("unreadable game record: ") + e.what());
    }
}

GameSummary summary_of(const StoredGame& g) {
    return {g.id,        g.variant,
            g.mode,      g.over() ? "over" : "playing",
            g.result,    static_cast<int>(g.moves.size()),
            g.updated_ms};
}

}  // namespace menagerie::server
