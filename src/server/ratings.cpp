#include "server/ratings.h"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "server/live_game.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

constexpr const char* PENDING_KIND = "rating";

json glicko_json(const Glicko2Rating& r) {
    return {{"rating", r.rating}, {"deviation", r.deviation}, {"volatility", r.volatility}};
}

Glicko2Rating glicko_of(const json& j) {
    return {j.at("rating").get<double>(), j.at("deviation").get<double>(),
            j.at("volatility").get<double>()};
}

}  // namespace

std::string rating_family(const std::string& variant) {
    if (variant == "chess56" || variant == "chess2016") return "dice";
    if (variant == "placement" || variant == "placement-reduced" || variant == "chess20")
        return "placement";
    return variant;  // contemporary, chess66, blackswan, chess: a family each
}

Glicko2Rating rating_at(const Account& account, const std::string& family, int64_t now) {
    const auto it = account.ratings.find(family);
    if (it == account.ratings.end()) return {};
    const FamilyRating& r = it->second;
    const int64_t idle_days =
        r.last_game_ms > 0 ? std::max<int64_t>(now - r.last_game_ms, 0) / MS_PER_DAY : 0;
    return glicko2_idle(r.glicko, static_cast<double>(idle_days));
}

void Ratings::game_ended(const StoredGame& game) {
    const auto white = game.players.find("white"), black = game.players.find("black");
    if (!game.rated || white == game.players.end() || black == game.players.end()) return;
    const double score = game.result == "1-0" ? 1 : game.result == "0-1" ? 0 : 0.5;
    const std::string family = rating_family(game.variant);
    const int64_t now = now_ms();
    // Each player's rating is updated against the other's as it was before this game.
    const std::optional<Account> w = accounts_.find(white->second.name),
                                 b = accounts_.find(black->second.name);
    if (!w || !b) return;  // an account that is gone has no rating to change
    const json pending = {{"game", game.id},
                          {"family", family},
                          {"white", w->name},
                          {"black", b->name},
                          {"score", score},
                          {"white_before", glicko_json(rating_at(*w, family, now))},
                          {"black_before", glicko_json(rating_at(*b, family, now))},
                          {"ended_ms", now}};
    // Already there: another server's end of the same game (it cannot end twice), or a retry.
    storage_.insert_record(PENDING_KIND, game.id, pending.dump(), now);
    if (const std::optional<StoredRecord> record = storage_.load_record(PENDING_KIND, game.id))
        apply(*record);
}

void Ratings::apply(const StoredRecord& record) {
    const json p = json::parse(record.text);
    const std::string game = p.at("game"), family = p.at("family");
    const double score = p.at("score");
    const int64_t ended = p.at("ended_ms");
    auto update = [&](const std::string& name, const Glicko2Rating& opponent, double result) {
        accounts_.update(name, [&](Account& a) {
            if (std::find(a.rated_games.begin(), a.rated_games.end(), game) != a.rated_games.end())
                return false;  // applied already
            FamilyRating& r = a.ratings[family];
            r.glicko = glicko2_update(rating_at(a, family, ended), {{opponent, result}});
            ++r.games;
            r.last_game_ms = ended;
            a.rated_games.push_back(game);
            if (a.rated_games.size() > Accounts::RATED_GAMES_KEPT)
                a.rated_games.erase(a.rated_games.begin());
            return true;
        });
    };
    update(p.at("white"), glicko_of(p.at("black_before")), score);
    update(p.at("black"), glicko_of(p.at("white_before")), 1 - score);
    storage_.remove_record(PENDING_KIND, record.key);
}

size_t Ratings::catch_up() {
    size_t done = 0;
    // A minute old: the server that ended the game is not still applying it.
    for (const StoredRecord& r : storage_.due_records(PENDING_KIND, now_ms() - 60'000, 100)) {
        try {
            apply(r);
            ++done;
        } catch (const std::exception& e) {
            std::cerr << "the ratings of game " << r.key << " wait: " << e.what() << "\n";
        }
    }
    return done;
}

}  // namespace menagerie::server
