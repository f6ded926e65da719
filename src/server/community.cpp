#include "server/community.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "core/error.h"
#include "server/api_error.h"
#include "server/live_game.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

constexpr const char* PLAYS_KIND = "plays";
constexpr const char* DEADLINE_KIND = "deadline";
constexpr const char* NOTE_KIND = "note";
constexpr size_t PLAYS_LISTED = 500;      // of one player's games, the latest
constexpr size_t ALL_OF_ONE = 1'000'000;  // of one player's games: every one
// A game in play older than this may have been deleted unplayed (checked on a player's page).
constexpr int64_t UNPLAYED_CHECK_MS = MS_PER_DAY;

// One part of following a stored change, or of the sweep: a failure is logged (the change
// itself is stored and stands) and the other parts still run. False after a failure.
template <typename Work>
bool follow(const char* what, const std::string& about, Work&& work) {
    try {
        work();
        return true;
    } catch (const std::exception& e) {
        std::cerr << what << " (" << about << "): " << e.what() << "\n";
        return false;
    }
}

double one_decimal(double x) { return std::round(x * 10) / 10; }

}  // namespace

Community::Community(Storage& storage, GameService& games, boost::asio::any_io_executor timers,
                     int logins_per_minute, int seeks_per_address)
    : storage_(storage),
      games_(games),
      accounts_(storage, logins_per_minute),
      ratings_(storage, accounts_),
      lobby_(std::make_unique<Lobby>(storage, games, accounts_, seeks_per_address)),
      sweep_timer_(timers) {
    games_.on_commit(
        [this](const StoredGame* before, const StoredGame& after) { committed(before, after); });
    arm_sweep(std::chrono::milliseconds(0));  // at start: deadlines passed while it was down
}

Community::~Community() {
    // A password check under way may still close an account, which reaches the lobby.
    accounts_.finish_slow();
    sweep_timer_.cancel();
    games_.on_commit(nullptr);
}

void Community::arm_sweep(std::chrono::milliseconds after) {
    sweep_timer_.expires_after(after);
    sweep_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec) return;
        sweep();
        arm_sweep(SWEEP_EVERY);
    });
}

void Community::committed(const StoredGame* before, const StoredGame& after) {
    // Without `before` (a new game, or one followed again) each part is done as if it were new:
    // each is idempotent.
    const bool ended = after.over() && (!before || !before->over());
    bool done = true;
    if (!after.players.empty() && (!before || ended))
        done &= follow("the players' lists of games", after.id, [&] { index_players(after); });
    if (ended && after.rated)
        done &= follow("the ratings", after.id, [&] { ratings_.game_ended(after); });
    if (ended && after.mode == "online")
        done &= follow("the lobby's live games", after.id, [&] { lobby_->game_ended(after.id); });
    if (after.days_per_move)
        done &= follow("the deadline", after.id, [&] {
            if (after.over()) {
                if (ended) storage_.remove_record(DEADLINE_KIND, after.id);
            } else if (!before || before->deadline_ms != after.deadline_ms) {
                storage_.put_record(DEADLINE_KIND, after.id,
                                    json{{"deadline_ms", after.deadline_ms}}.dump(),
                                    after.deadline_ms);
            }
        });
    if (!done) {  // the store failed meanwhile: the sweep follows the game again
        std::lock_guard lock(refollow_mutex_);
        refollow_.insert(after.id);
    }
}

void Community::follow_again() {
    std::set<std::string> ids;
    {
        std::lock_guard lock(refollow_mutex_);
        ids.swap(refollow_);
    }
    for (const std::string& id : ids) {
        // Under the game's lock, as a change's own following is: no newer change's can
        // interleave with it.
        const bool read = follow("a game followed again", id, [&] {
            try {
                games_.read_stored(id, [&](const StoredGame& game) { committed(nullptr, game); });
            } catch (const ApiError& e) {
                if (e.status() != 404) throw;  // a game gone has nothing to follow
            }
        });
        if (!read) {
            std::lock_guard lock(refollow_mutex_);
            refollow_.insert(id);
        }
    }
}

void Community::index_players(const StoredGame& game) {
    for (const auto& [seat, holder] : game.players) {
        const auto other = game.players.find(seat == "white" ? "black" : "white");
        json entry = {
            {"game", game.id},
            {"variant", game.variant},
            {"family", rating_family(game.variant)},
            {"color", seat},
            {"opponent", other == game.players.end() ? json(nullptr) : json(other->second.name)},
            {"rated", game.rated},
            {"started", game.created_ms},
            {"result", game.result},
            {"reason", game.reason}};
        if (game.days_per_move) entry["days_per_move"] = game.days_per_move;
        if (game.clock)
            entry["clock"] = {{"base_ms", game.clock->initial_ms},
                              {"increment_ms", game.clock->increment_ms}};
        storage_.put_record(PLAYS_KIND, account_key(holder.name) + "/" + game.id, entry.dump(),
                            game.updated_ms);
    }
}

json Community::player(const std::string& name) {
    std::optional<Account> account;
    try {
        Accounts::check_name(name);
        account = accounts_.find(name);
    } catch (const ApiError&) {  // not a name: nobody has it
    }
    if (!account) throw ApiError(404, "there is no player " + menagerie::quoted(name));
    const int64_t now = now_ms();
    json ratings = json::object();
    for (const auto& [family, r] : account->ratings) {
        const Glicko2Rating shown = rating_at(*account, family, now);
        ratings[family] = {{"rating", one_decimal(shown.rating)},
                           {"deviation", one_decimal(shown.deviation)},
                           {"volatility", shown.volatility},
                           {"games", r.games}};
    }
    json playing = json::array(), finished = json::array();
    for (const StoredRecord& r :
         storage_.list_records(PLAYS_KIND, account_key(account->name) + "/", PLAYS_LISTED)) {
        json entry = json::parse(r.text);
        const std::string id = entry["game"];
        // A game never played is deleted a day after it was made (GameService::expire_unplayed):
        // its entry goes with it when next seen.
        if (entry["result"] == "*" && entry["started"].get<int64_t>() < now - UNPLAYED_CHECK_MS &&
            !storage_.load(id)) {
            storage_.remove_record(PLAYS_KIND, r.key);
            continue;
        }
        entry["link"] = "/game/" + id;
        entry["updated"] = r.updated_ms;
        (entry["result"] == "*" ? playing : finished).push_back(std::move(entry));
    }
    return {{"name", account->name},
            {"created", account->created_ms},
            {"closed", account->closed_ms != 0},
            {"ratings", ratings},
            {"playing", playing},
            {"finished", finished}};
}

void Community::close_account(const SignedIn& who, const std::string& password) {
    accounts_.close(who.name, password);
    lobby_->withdraw_all_of(who.key);
    for (const StoredRecord& r : storage_.list_records(PLAYS_KIND, who.key + "/", ALL_OF_ONE)) {
        const json entry = json::parse(r.text);
        storage_.remove_record(
            NOTE_KIND, entry["game"].get<std::string>() + "/" + entry["color"].get<std::string>());
    }
}

json Community::my_games(const SignedIn& who) {
    std::vector<json> games;
    const Credential me = Credential::of(std::nullopt, who.key);
    for (const StoredRecord& r : storage_.list_records(PLAYS_KIND, who.key + "/", PLAYS_LISTED)) {
        const json entry = json::parse(r.text);
        if (entry["result"] != "*") continue;
        const std::string id = entry["game"];
        json glance;
        try {
            glance = games_.glance(id, me);
        } catch (const ApiError& e) {
            if (e.status() != 404) throw;
            storage_.remove_record(PLAYS_KIND, r.key);  // deleted, never played
            continue;
        }
        if (glance["status"] != "playing") continue;
        json game = {{"id", id},
                     {"link", "/game/" + id},
                     {"variant", entry["variant"]},
                     {"color", entry["color"]},
                     {"opponent", entry["opponent"]},
                     {"rated", entry["rated"]},
                     {"your_move", glance["your_move"]},
                     {"turn", glance["turn"]},
                     {"ply", glance["ply"]}};
        for (const char* field : {"days_per_move", "clock"})
            if (entry.contains(field)) game[field] = entry[field];
        if (glance.contains("deadline")) game["deadline"] = glance["deadline"];
        games.push_back(std::move(game));
    }
    // Where it is your move first, the nearest deadline first among them.
    auto rank = [](const json& g) {
        return std::make_tuple(!g["your_move"].get<bool>(),
                               g.value("deadline", std::numeric_limits<int64_t>::max()),
                               g["id"].get<std::string>());
    };
    std::sort(games.begin(), games.end(),
              [&](const json& a, const json& b) { return rank(a) < rank(b); });
    return games;
}

std::string Community::note(const std::string& game, const std::string& seat) {
    try {
        const std::optional<StoredRecord> r = storage_.load_record(NOTE_KIND, game + "/" + seat);
        return r ? json::parse(r->text).value("text", "") : "";
    } catch (const std::exception& e) {
        storage_unavailable("the note cannot be read", e);
    }
}

json Community::put_note(const std::string& game, const Credential& who, const std::string& text) {
    const std::string seat = games_.glance(game, who)["seat"];
    if (seat == "spectator")
        throw ApiError(403, who.token     ? "the token holds no seat of this game"
                            : who.account ? "your account holds no seat of this game"
                                          : "a note is a seat's: give the seat's token or sign in");
    const std::string key = game + "/" + seat;
    if (text.empty())
        storage_.remove_record(NOTE_KIND, key);
    else
        storage_.put_record(NOTE_KIND, key, json{{"text", text}}.dump(), now_ms());
    return {{"note", text}};
}

void Community::sweep() {
    const int64_t now = now_ms();
    follow("the deadlines", "sweep", [&] {
        for (const StoredRecord& r : storage_.due_records(DEADLINE_KIND, now, 100)) {
            follow("a deadline", r.key, [&] {
                std::optional<int64_t> next;
                try {
                    next = games_.settle(r.key);
                } catch (const ApiError& e) {
                    if (e.status() != 404) throw;  // a game gone has no deadline
                }
                if (!next)
                    storage_.remove_record(DEADLINE_KIND, r.key);
                else if (*next != r.updated_ms)  // moved on meanwhile
                    storage_.put_record(DEADLINE_KIND, r.key, json{{"deadline_ms", *next}}.dump(),
                                        *next);
            });
        }
    });
    follow_again();
    follow("the ratings waiting", "sweep", [&] { ratings_.catch_up(); });
    follow("the lobby", "sweep", [&] { lobby_->sweep(now); });
    follow("the sessions", "sweep", [&] { accounts_.expire_sessions(now); });
}

}  // namespace menagerie::server
