#include "server/lobby.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <random>

#include "core/error.h"
#include "server/api_error.h"
#include "server/catalogue.h"
#include "server/json_fields.h"
#include "server/live_game.h"
#include "server/ratings.h"
#include "server/refereed.h"
#include "server/tokens.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

// Runs `undo` when the scope ends, however it ends.
template <typename Undo>
struct OnExit {
    Undo undo;
    ~OnExit() { undo(); }
};
template <typename Undo>
OnExit(Undo) -> OnExit<Undo>;

constexpr const char* SEEK_KIND = "seek";
constexpr const char* LIVE_KIND = "live";
constexpr const char* ACCEPTED_KIND = "accepted";
// What a seeker who was away can still learn of the game its seek became (GET /api/seeks/ID).
constexpr int64_t ACCEPTED_KEPT_MS = MS_PER_DAY;
// Live games older than this are checked against the store (ended unseen, or deleted unplayed).
constexpr int64_t LIVE_CHECK_AFTER_MS = 3600 * 1000;

bool well_formed_id(const std::string& id) {
    return !id.empty() && id.size() <= 32 &&
           id.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A seek as the lobby shows it: its record without its token's hash, with its link.
json public_seek(const json& record) {
    json seek = record;
    seek.erase("token_hash");
    seek["link"] = "/seek/" + record["id"].get<std::string>();
    return seek;
}

std::optional<std::string> name_in(const json& record, const char* field) {
    const auto it = record.find(field);
    if (it == record.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

// Who may see a seek: its seeker (by account, or a socket that showed its token), the player a
// challenge names, and anybody for a listed seek to nobody in particular.
bool seek_visible(const json& seek, const std::optional<std::string>& account, bool claimed) {
    if (claimed) return true;
    const std::optional<std::string> by = name_in(seek, "by"), to = name_in(seek, "to");
    if (account && by && account_key(*by) == *account) return true;
    if (to) return account && account_key(*to) == *account;
    return seek.value("listed", true);
}

// A seek's clock: {"base_ms","increment_ms"} for a game on the clock, {"days"} for
// correspondence.
json seek_clock(const json& body) {
    const auto c = body.find("clock");
    if (c == body.end() || c->is_null())
        throw ApiError(400,
                       "the field \"clock\" is missing: {\"base_ms\",\"increment_ms\"} or "
                       "{\"days\"}");
    json_object(*c, "the field \"clock\"");
    if (c->contains("days")) {
        only_fields(*c, {"days"}, "a correspondence clock");
        const int64_t days = *int_field(*c, "days", 1, 14, true);
        if (days != 1 && days != 2 && days != 3 && days != 5 && days != 7 && days != 14)
            throw ApiError(400,
                           "days per move are 1, 2, 3, 5, 7 or 14, not " + std::to_string(days));
        return {{"days", days}};
    }
    only_fields(*c, {"base_ms", "increment_ms"}, "the field \"clock\"");
    return {{"base_ms", *int_field(*c, "base_ms", 1000, 24 * 3600 * 1000, true)},
            {"increment_ms", int_field(*c, "increment_ms", 0, 3600 * 1000).value_or(0)}};
}

}  // namespace

struct LobbyWatchers {
    struct Watcher {
        std::optional<std::string> account;         // account_key of its session's account
        std::map<std::string, std::string> claims;  // seek id -> the seek's token
        std::set<std::string> told;                 // seeks whose game it was told
        Send send;
    };
    std::mutex mutex;
    std::map<uint64_t, Watcher> map;
    uint64_t next = 1;

    // Sends `message` to every watcher that `to` picks, dropping those that are gone.
    template <typename Pick>
    void send(const json& what, Pick&& to) {
        const Message text = message(what.dump());
        for (auto it = map.begin(); it != map.end();) {
            if (to(it->second) && !it->second.send(text))
                it = map.erase(it);
            else
                ++it;
        }
    }
};

namespace {

int shown_rating(const Account& account, const std::string& variant, int64_t now) {
    return static_cast<int>(std::lround(rating_at(account, rating_family(variant), now).rating));
}

}  // namespace

Lobby::Lobby(Storage& storage, GameService& games, Accounts& accounts, int seeks_per_address)
    : storage_(storage),
      games_(games),
      accounts_(accounts),
      watchers_(std::make_shared<LobbyWatchers>()),
      seeks_per_address_(static_cast<size_t>(std::max(seeks_per_address, 0))) {
    // Listening first: nothing stored between the reading and the listening goes unheard.
    storage_.listen_records(
        [this](const std::string& kind, const std::string& key) {
            if (kind == SEEK_KIND || kind == LIVE_KIND || kind == ACCEPTED_KIND) refresh(kind, key);
        },
        [this] { refresh_all(); });
    try {
        refresh_all();
    } catch (...) {
        storage_.listen_records({}, {});  // no notice may reach a lobby that was never made
        throw;
    }
}

Lobby::~Lobby() { storage_.listen_records({}, {}); }

json Lobby::seeks(const std::optional<SignedIn>& who) {
    const std::optional<std::string> account =
        who ? std::optional<std::string>(who->key) : std::nullopt;
    std::vector<json> shown;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, seek] : seeks_)
            if (seek_visible(seek.second, account, false))
                shown.push_back(public_seek(seek.second));
    }
    std::sort(shown.begin(), shown.end(),
              [](const json& a, const json& b) { return a["created"] > b["created"]; });
    return shown;
}

json Lobby::seek(const std::string& id) {
    if (well_formed_id(id)) {
        if (const std::optional<StoredRecord> r = storage_.load_record(SEEK_KIND, id)) {
            json seek = public_seek(json::parse(r->text));
            seek["status"] = "open";
            return seek;
        }
        if (const std::optional<StoredRecord> r = storage_.load_record(ACCEPTED_KIND, id)) {
            const json a = json::parse(r->text);
            return {{"id", id},
                    {"status", "accepted"},
                    {"game", a["game"]},
                    {"link", "/game/" + a["game"].get<std::string>()}};
        }
    }
    throw ApiError(404, "there is no seek " + menagerie::quoted(id) + " (withdrawn or expired)");
}

json Lobby::live_games() {
    std::vector<json> games;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, game] : live_) games.push_back(game);
    }
    std::sort(games.begin(), games.end(),
              [](const json& a, const json& b) { return a["started"] > b["started"]; });
    return games;
}

json Lobby::post(const json& body, const std::optional<SignedIn>& who, const std::string& client) {
    json_object(body, "the request body");
    only_fields(body, {"variant", "options", "setup", "clock", "rated", "color", "to", "listed"},
                "the request body");
    const std::string variant = *string_field(body, "variant", 64, true);
    const Options options = options_field(body);
    const std::optional<std::string> setup = string_field(body, "setup", 64);
    // What a game of it could not be made with is refused now, not when someone accepts it.
    const std::shared_ptr<const Game> game = game_named(variant, options);
    referee_game(game, options, setup.has_value(), std::nullopt);
    if (setup) {
        try {
            game->find_setup(*setup);
        } catch (const Error& e) {
            throw ApiError(400, e.what());
        }
    }
    const json clock = seek_clock(body);
    const bool rated = bool_field(body, "rated", false), listed = bool_field(body, "listed", true);
    const std::string color = string_field(body, "color", 8).value_or("random");
    if (color != "white" && color != "black" && color != "random")
        throw ApiError(400, "the field \"color\" must be white, black or random");
    if (rated && !who) throw ApiError(403, "a rated seek needs an account: sign in first");
    std::optional<Account> seeker;
    if (who) {
        seeker = accounts_.find(who->name);
        if (!seeker || seeker->closed_ms)
            throw ApiError(403, "your session's account is gone: sign in again");
    }
    std::optional<std::string> to = string_field(body, "to", 64);
    if (to) {
        const std::optional<Account> addressee = accounts_.find(*to);
        if (!addressee || addressee->closed_ms)
            throw ApiError(400, "there is no player " + menagerie::quoted(*to));
        if (who && account_key(*to) == who->key)
            throw ApiError(400, "a challenge is to somebody else");
        to = addressee->name;
    }
    const std::string id = new_game_id(), token = new_token();
    const std::string poster = seeker ? "account " + who->key : "address " + client;
    {
        std::lock_guard lock(mutex_);
        if (seeks_.size() + posting_.size() >= MAX_SEEKS)
            throw ApiError(503, "the lobby is full (" + std::to_string(MAX_SEEKS) +
                                    " seeks): try again shortly");
        size_t open = static_cast<size_t>(std::count_if(
            posting_.begin(), posting_.end(), [&](const auto& p) { return p.second == poster; }));
        size_t limit = MAX_SEEKS_EACH;
        if (seeker) {
            open +=
                static_cast<size_t>(std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& s) {
                    const std::optional<std::string> by = name_in(s.second.second, "by");
                    return by && account_key(*by) == who->key;
                }));
        } else {
            // An entry left empty is filled below, or dropped by the sweep if the post fails.
            if (const auto it = anonymous_seeks_.find(client); it != anonymous_seeks_.end()) {
                drop_gone(it->second);
                open += it->second.size();
            }
            limit = seeks_per_address_ ? seeks_per_address_ : std::numeric_limits<size_t>::max();
        }
        if (open >= limit)
            throw ApiError(409, "you have " + std::to_string(limit) +
                                    " seeks open: withdraw one, or wait for one to be taken");
        posting_[id] = poster;
    }
    // Counted as being posted until it is open (or has failed).
    const OnExit posted{[&] {
        std::lock_guard lock(mutex_);
        posting_.erase(id);
    }};
    const int64_t now = now_ms(), expires = now + SEEK_LIFE_MS;
    const json record = {
        {"id", id},
        {"variant", game->name},
        {"options", options},
        {"setup", setup ? json(*setup) : json(nullptr)},
        {"clock", clock},
        {"rated", rated},
        {"color", color},
        {"to", to ? json(*to) : json(nullptr)},
        {"listed", listed},
        {"by", seeker ? json(seeker->name) : json(nullptr)},
        {"rating", seeker ? json(shown_rating(*seeker, variant, now)) : json(nullptr)},
        {"token_hash", token_hash(token)},
        {"created", now},
        {"expires", expires}};
    if (!storage_.insert_record(SEEK_KIND, id, record.dump(), expires))
        throw std::runtime_error("a new seek's id was taken");
    if (!seeker) {
        std::lock_guard lock(mutex_);
        anonymous_seeks_[client].insert(id);
    }
    refresh(SEEK_KIND, id);
    return {{"id", id}, {"link", "/seek/" + id}, {"token", token}};
}

void Lobby::drop_gone(std::set<std::string>& ids) const {
    std::erase_if(
        ids, [&](const std::string& id) { return !seeks_.contains(id) && !posting_.contains(id); });
}

json Lobby::accept(const std::string& id, const std::optional<SignedIn>& who) {
    const std::optional<StoredRecord> stored =
        well_formed_id(id) ? storage_.load_record(SEEK_KIND, id) : std::nullopt;
    const int64_t now = now_ms();
    auto being_accepted = [&] {
        std::lock_guard lock(accepting_mutex_);
        return accepting_.contains(id);
    };
    if (!stored || stored->updated_ms <= now) {
        if (well_formed_id(id) && (being_accepted() || storage_.load_record(ACCEPTED_KIND, id)))
            throw ApiError(409, "the seek " + id + " was taken by someone else");
        throw ApiError(404,
                       "there is no seek " + menagerie::quoted(id) + " (withdrawn or expired)");
    }
    const json seek = json::parse(stored->text);
    const std::optional<std::string> by = name_in(seek, "by"), to = name_in(seek, "to");
    if (to && (!who || who->key != account_key(*to)))
        throw ApiError(403, "this challenge is for " + *to + (who ? "" : ": sign in as " + *to));
    if (seek["rated"].get<bool>() && !who)
        throw ApiError(403, "a rated seek is accepted by a signed-in player: sign in first");
    if (who && by && account_key(*by) == who->key)
        throw ApiError(409, "this is your own seek: withdraw it, or wait for an opponent");
    std::optional<Account> accepter;
    if (who) {
        accepter = accounts_.find(who->name);
        if (!accepter) throw ApiError(403, "your session's account is gone: sign in again");
    }
    // The one step that decides between two accepters: only one removes the record. The seek
    // counts as being accepted from before its removal until this function ends, by which time
    // its `accepted` record is written (or the seek is put back).
    {
        std::lock_guard lock(accepting_mutex_);
        accepting_.insert(id);
    }
    const OnExit accepted{[&] {
        std::lock_guard lock(accepting_mutex_);
        accepting_.erase(accepting_.find(id));
    }};
    if (!storage_.remove_record(SEEK_KIND, id))
        throw ApiError(409, "the seek " + id + " was taken by someone else");

    std::string seeker_seat = seek["color"];
    if (seeker_seat == "random") seeker_seat = std::random_device{}() % 2 ? "white" : "black";
    const std::string accepter_seat = seeker_seat == "white" ? "black" : "white";
    const std::string variant = seek["variant"];
    const json& clock = seek["clock"];
    Seating seating;
    seating.rated = seek["rated"];
    seating.days_per_move = clock.value("days", 0);
    seating.token_hashes[seeker_seat] = seek["token_hash"];
    if (by) {
        const std::optional<Account> seeker = accounts_.find(*by);
        seating.players[seeker_seat] = {seeker ? seeker->name : *by,
                                        seeker ? shown_rating(*seeker, variant, now) : 1500};
    }
    if (accepter)
        seating.players[accepter_seat] = {accepter->name, shown_rating(*accepter, variant, now)};
    json body = {{"variant", variant}, {"options", seek["options"]}, {"mode", "online"}};
    if (seek["setup"].is_string()) body["setup"] = seek["setup"];
    if (clock.contains("base_ms"))
        body["clock"] = {{"initial_ms", clock["base_ms"]}, {"increment_ms", clock["increment_ms"]}};
    json created;
    try {
        created = games_.create(body, seating);
    } catch (...) {
        // No game: the seek is open again for the next one to try.
        try {
            storage_.insert_record(SEEK_KIND, id, stored->text, stored->updated_ms);
            refresh(SEEK_KIND, id);
        } catch (const std::exception& e) {
            std::cerr << "seek " << id << " could not be put back: " << e.what() << "\n";
        }
        throw;
    }
    const std::string game = created["id"], token = created["tokens"][accepter_seat];
    auto name_of = [&](const std::string& seat) {
        const auto it = seating.players.find(seat);
        return it == seating.players.end() ? json(nullptr) : json(it->second.name);
    };
    try {  // the game is made: what follows only tells others of it
        storage_.put_record(ACCEPTED_KIND, id,
                            json{{"seek", id},
                                 {"game", game},
                                 {"seat", seeker_seat},
                                 {"by", by ? json(*by) : json(nullptr)},
                                 {"token_hash", seek["token_hash"]}}
                                .dump(),
                            now + ACCEPTED_KEPT_MS);
        storage_.put_record(LIVE_KIND, game,
                            json{{"id", game},
                                 {"variant", variant},
                                 {"options", seek["options"]},
                                 {"white", name_of("white")},
                                 {"black", name_of("black")},
                                 {"rated", seating.rated},
                                 {"clock", clock},
                                 {"started", now},
                                 {"link", "/game/" + game}}
                                .dump(),
                            now);
        refresh(SEEK_KIND, id);
        refresh(LIVE_KIND, game);
        refresh(ACCEPTED_KIND, id);
    } catch (const std::exception& e) {
        std::cerr << "the lobby was not told of game " << game << ": " << e.what() << "\n";
    }
    return {{"game", game},
            {"seat", accepter_seat},
            {"token", token},
            {"link", "/game/" + game + "?token=" + token},
            {"account", accepter ? json(accepter->name) : json(nullptr)}};
}

void Lobby::withdraw(const std::string& id, const std::optional<std::string>& token,
                     const std::optional<SignedIn>& who) {
    const std::optional<StoredRecord> stored =
        well_formed_id(id) ? storage_.load_record(SEEK_KIND, id) : std::nullopt;
    if (!stored) throw ApiError(404, "there is no seek " + menagerie::quoted(id));
    const json seek = json::parse(stored->text);
    const std::optional<std::string> by = name_in(seek, "by");
    const bool owner = (token && same_hash(token_hash(*token), seek["token_hash"])) ||
                       (who && by && account_key(*by) == who->key);
    if (!owner)
        throw ApiError(403, "only its seeker withdraws a seek (with its token, or signed in)");
    if (!storage_.remove_record(SEEK_KIND, id))
        throw ApiError(409, "the seek " + id + " was taken meanwhile");
    refresh(SEEK_KIND, id);
}

void Lobby::withdraw_all_of(const std::string& key) {
    std::vector<std::string> theirs;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, seek] : seeks_) {
            const std::optional<std::string> by = name_in(seek.second, "by"),
                                             to = name_in(seek.second, "to");
            if ((by && account_key(*by) == key) || (to && account_key(*to) == key))
                theirs.push_back(id);
        }
    }
    for (const std::string& id : theirs)
        if (storage_.remove_record(SEEK_KIND, id)) refresh(SEEK_KIND, id);
}

LobbyWatch Lobby::watch(std::optional<SignedIn> who, Send send) {
    const json games = live_games();
    std::lock_guard lock(mutex_);  // no change comes between the snapshot and the first update
    LobbyWatchers::Watcher w{
        who ? std::optional<std::string>(who->key) : std::nullopt, {}, {}, std::move(send)};
    json seeks = json::array();
    for (const auto& [seek_id, seek] : seeks_)
        if (seek_visible(seek.second, w.account, false)) seeks.push_back(public_seek(seek.second));
    std::lock_guard watchers_lock(watchers_->mutex);
    const uint64_t id = watchers_->next++;
    if (w.send(message(json{{"type", "lobby"}, {"seeks", seeks}, {"games", games}}.dump())))
        watchers_->map.emplace(id, std::move(w));
    return {watchers_, id};
}

void Lobby::unwatch(const LobbyWatch& watch) {
    if (!watch.watchers) return;
    std::lock_guard lock(watch.watchers->mutex);
    watch.watchers->map.erase(watch.id);
}

std::optional<std::string> Lobby::take_message(const LobbyWatch& watch, const std::string& text) {
    try {
        const std::optional<json> parsed = parse_client_json(text);
        if (!parsed || !parsed->is_object()) throw ApiError(400, "a message must be a JSON object");
        if (parsed->value("type", "") != "claim")
            throw ApiError(400, "the only message a client sends is {\"type\":\"claim\",...}");
        only_fields(*parsed, {"type", "seek", "token"}, "a claim");
        const std::string seek_id = *string_field(*parsed, "seek", 32, true),
                          token = *string_field(*parsed, "token", 128, true);
        std::optional<StoredRecord> r =
            well_formed_id(seek_id) ? storage_.load_record(SEEK_KIND, seek_id) : std::nullopt;
        const bool open = r.has_value();
        if (!r && well_formed_id(seek_id)) r = storage_.load_record(ACCEPTED_KIND, seek_id);
        if (!r || !same_hash(token_hash(token), json::parse(r->text).value("token_hash", "")))
            throw ApiError(404, "no seek " + menagerie::quoted(seek_id) + " has that token");
        {
            std::lock_guard lock(watchers_->mutex);
            const auto it = watchers_->map.find(watch.id);
            if (it == watchers_->map.end()) return std::nullopt;
            it->second.claims[seek_id] = token;
            if (!it->second.send(message(json{{"type", "claimed"}, {"seek", seek_id}}.dump())))
                watchers_->map.erase(it);
        }
        if (!open) tell_accepted(json::parse(r->text));  // taken before the claim came
        return std::nullopt;
    } catch (const ApiError& e) {
        return json{{"type", "error"}, {"error", e.what()}}.dump();
    } catch (const std::exception& e) {  // the store's words are for the log
        std::cerr << "lobby: " << e.what() << "\n";
        return json{{"type", "error"}, {"error", "the store is unavailable, try again shortly"}}
            .dump();
    }
}

void Lobby::refresh(const std::string& kind, const std::string& key) {
    std::lock_guard order(refresh_mutex_);
    const std::optional<StoredRecord> r = storage_.load_record(kind, key);
    if (kind == ACCEPTED_KIND) {
        if (r) tell_accepted(json::parse(r->text));
        return;
    }
    std::lock_guard lock(mutex_);
    if (kind == SEEK_KIND) {
        const auto it = seeks_.find(key);
        if (r && r->updated_ms > now_ms()) {
            if (it != seeks_.end() && it->second.first == r->revision) return;
            const json seek = json::parse(r->text);
            seeks_[key] = {r->revision, seek};
            std::lock_guard watchers_lock(watchers_->mutex);
            watchers_->send({{"type", "seek"}, {"seek", public_seek(seek)}}, [&](const auto& w) {
                return seek_visible(seek, w.account, w.claims.contains(key));
            });
        } else if (it != seeks_.end()) {
            const json seek = std::move(it->second.second);
            seeks_.erase(it);
            std::lock_guard watchers_lock(watchers_->mutex);
            watchers_->send({{"type", "seek_gone"}, {"id", key}}, [&](const auto& w) {
                return seek_visible(seek, w.account, w.claims.contains(key));
            });
        }
    } else if (kind == LIVE_KIND) {
        const auto it = live_.find(key);
        const auto everybody = [](const auto&) { return true; };
        if (r && it == live_.end()) {
            const json game = json::parse(r->text);
            live_[key] = game;
            std::lock_guard watchers_lock(watchers_->mutex);
            watchers_->send({{"type", "game"}, {"game", game}}, everybody);
        } else if (!r && it != live_.end()) {
            live_.erase(it);
            std::lock_guard watchers_lock(watchers_->mutex);
            watchers_->send({{"type", "game_gone"}, {"id", key}}, everybody);
        }
    }
}

void Lobby::tell_accepted(const json& accepted) {
    const std::string seek = accepted["seek"], game = accepted["game"];
    const std::optional<std::string> by = name_in(accepted, "by");
    std::lock_guard lock(watchers_->mutex);
    for (auto it = watchers_->map.begin(); it != watchers_->map.end();) {
        LobbyWatchers::Watcher& w = it->second;
        const auto claim = w.claims.find(seek);
        const bool owner = by && w.account && account_key(*by) == *w.account;
        bool gone = false;
        if (!w.told.contains(seek) && (claim != w.claims.end() || owner)) {
            // A socket that showed the seek's token gets the link with it: the seeker's seat's
            // token is the seek's.
            const std::string link =
                "/game/" + game + (claim == w.claims.end() ? "" : "?token=" + claim->second);
            gone = !w.send(message(json{
                {"type", "accepted"},
                {"seek", seek},
                {"game", game},
                {"seat", accepted["seat"]},
                {"link", link}}.dump()));
            w.told.insert(seek);
        }
        it = gone ? watchers_->map.erase(it) : std::next(it);
    }
}

void Lobby::refresh_all() {
    std::set<std::string> seeks, live;
    for (const StoredRecord& r : storage_.list_records(SEEK_KIND, "", MAX_SEEKS))
        seeks.insert(r.key);
    for (const StoredRecord& r : storage_.list_records(LIVE_KIND, "", MAX_LIVE)) live.insert(r.key);
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, seek] : seeks_) seeks.insert(id);
        for (const auto& [id, game] : live_) live.insert(id);
    }
    for (const std::string& id : seeks) refresh(SEEK_KIND, id);
    for (const std::string& id : live) refresh(LIVE_KIND, id);
}

void Lobby::game_ended(const std::string& game_id) {
    if (storage_.remove_record(LIVE_KIND, game_id)) refresh(LIVE_KIND, game_id);
}

void Lobby::sweep(int64_t now) {
    {
        std::lock_guard lock(mutex_);
        for (auto it = anonymous_seeks_.begin(); it != anonymous_seeks_.end();) {
            drop_gone(it->second);
            it = it->second.empty() ? anonymous_seeks_.erase(it) : std::next(it);
        }
    }
    for (const StoredRecord& r : storage_.due_records(SEEK_KIND, now, 100)) {
        storage_.remove_record(SEEK_KIND, r.key);
        refresh(SEEK_KIND, r.key);
    }
    for (const StoredRecord& r : storage_.due_records(ACCEPTED_KIND, now, 100))
        storage_.remove_record(ACCEPTED_KIND, r.key);
    // A live game that ended unseen (a server stopped between its end and this record) or was
    // deleted unplayed leaves the list.
    for (const StoredRecord& r : storage_.due_records(LIVE_KIND, now - LIVE_CHECK_AFTER_MS, 100)) {
        const std::optional<StoredGame> game = storage_.load(r.key);
        if (!game || game->over()) {
            game_ended(r.key);
        } else {
            // Checked: not again for another while.
            storage_.put_record(LIVE_KIND, r.key, r.text, now);
        }
    }
}

}  // namespace menagerie::server
