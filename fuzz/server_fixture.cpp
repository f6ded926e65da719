#include "server_fixture.h"

#include <algorithm>
#include <utility>

#include "core/random_stream.h"
#include "server/api_error.h"
#include "server/credential.h"
#include "server/ratings.h"
#include "server/tokens.h"

namespace menagerie::fuzz {

using nlohmann::json;

namespace {

constexpr const char* NAMES[] = {"Alice", "bob"};
constexpr const char* PASSWORDS[] = {"alice-pw-7Qx!", "bob-pw-3Kz!"};

// The fixture's accounts and their sessions, made once (an Argon2id hash each takes a tenth of a
// second by design) and copied into each input's store.
struct AccountsMade {
    std::map<std::pair<std::string, std::string>, server::StoredRecord> records;
    std::string sessions[2];
};

const AccountsMade& accounts_made() {
    static const AccountsMade made = [] {
        AccountsMade m;
        MemoryStorage store;
        server::Accounts accounts(store, 0);
        for (int i = 0; i < 2; ++i) m.sessions[i] = accounts.create(NAMES[i], PASSWORDS[i]).token;
        m.records = store.records();
        return m;
    }();
    return made;
}

bool is_hex(const std::string& text, size_t size) {
    return text.size() == size && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

json parsed(const server::StoredRecord& r, const std::string& kind) {
    const json j = json::parse(r.text, nullptr, false);
    FUZZ_CHECK(j.is_object(), "unreadable " + kind + " record " + r.key + ": " + r.text);
    return j;
}

std::string string_in(const json& j, const char* field, const std::string& what) {
    const auto it = j.find(field);
    FUZZ_CHECK(it != j.end() && it->is_string(),
               what + " has no text \"" + field + "\": " + j.dump());
    return it->get<std::string>();
}

}  // namespace

ServerFixture::ServerFixture() {
    const AccountsMade& made = accounts_made();
    storage_.add_records(made.records);
    service_ = std::make_unique<server::GameService>(
        storage_, io_.get_executor(), 1, std::chrono::minutes(5), std::chrono::seconds(10), 1);
    service_->fix_refereed_seeds("1");
    community_ = std::make_unique<server::Community>(storage_, *service_, io_.get_executor(),
                                                     LOGINS_PER_INPUT, 10);
    router_ = std::make_unique<server::ApiRouter>(*service_, 0, community_.get());
    // bob has just given four wrong passwords: a fifth locks his account.
    community_->accounts().update(NAMES[1], [](server::Account& a) {
        a.failed_logins.assign(server::Accounts::MAX_FAILURES - 1, server::now_ms());
        return true;
    });

    auto seat_letter = [](const std::string& seat) {
        return seat == "white" ? std::string("w") : seat == "black" ? std::string("b") : seat;
    };
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
            placeholders_.emplace_back("$" + seat_letter(seat) + n, token.get<std::string>());
    }

    const server::SignedIn alice{"alice", NAMES[0]}, bob{"bob", NAMES[1]};
    server::Lobby& lobby = community_->lobby();
    auto post = [&](const json& body, const std::optional<server::SignedIn>& who,
                    const std::string& n) {
        const json posted = lobby.post(body, who, "fixture");
        placeholders_.emplace_back("$k" + n, posted["id"]);
        placeholders_.emplace_back("$kt" + n, posted["token"]);
        return posted;
    };
    const json seek0 = post({{"variant", "chess"},
                             {"clock", {{"base_ms", 300000}, {"increment_ms", 2000}}},
                             {"rated", true},
                             {"color", "white"}},
                            alice, "0");
    post({{"variant", "placement"}, {"clock", {{"days", 3}}}, {"listed", false}}, std::nullopt,
         "1");
    post({{"variant", "placement"},
          {"options", {{"castling", "chess960"}}},
          {"clock", {{"base_ms", 600000}}},
          {"color", "black"},
          {"to", NAMES[0]}},
         bob, "2");
    // Games from the lobby: a seek and its acceptance, each seat held by an account.
    auto play = [&](const json& seek, const server::SignedIn& seeker,
                    const server::SignedIn& accepter, const std::string& n) {
        const json posted = lobby.post(seek, seeker, "fixture");
        const json accepted = lobby.accept(posted["id"].get<std::string>(), accepter);
        const std::string seeker_seat = seek["color"];
        placeholders_.emplace_back("$k" + n, posted["id"]);
        placeholders_.emplace_back("$id" + n, accepted["game"]);
        placeholders_.emplace_back("$" + seat_letter(seeker_seat) + n, posted["token"]);
        placeholders_.emplace_back("$" + seat_letter(accepted["seat"].get<std::string>()) + n,
                                   accepted["token"]);
        accepted_.insert(posted["id"].get<std::string>());
        return accepted;
    };
    const json game5 = play({{"variant", "chess"},
                             {"clock", {{"base_ms", 3600000}, {"increment_ms", 0}}},
                             {"rated", true},
                             {"color", "white"}},
                            alice, bob, "5");
    play({{"variant", "placement"}, {"clock", {{"days", 1}}}, {"color", "white"}}, bob, alice, "6");

    placeholders_.emplace_back("$id9", "0123456789abcdef");
    placeholders_.emplace_back("$x", std::string(43, 'x'));
    for (int i = 0; i < 2; ++i) {
        const std::string n = std::to_string(i);
        placeholders_.emplace_back("$n" + n, NAMES[i]);
        placeholders_.emplace_back("$p" + n, PASSWORDS[i]);
        placeholders_.emplace_back("$s" + n, made.sessions[i]);
        passwords_.push_back(PASSWORDS[i]);
        sessions_.push_back(made.sessions[i]);
    }
    placeholders_.emplace_back("$s2", "");
    placeholders_.emplace_back("$k", seek0["id"]);
    placeholders_.emplace_back("$kt", seek0["token"]);
    placeholders_.emplace_back("$g", game5["game"]);
    placeholders_.emplace_back("$gt", game5["token"]);
    std::stable_sort(placeholders_.begin(), placeholders_.end(),
                     [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    check_invariants();  // and the games as they start, for the first request's changes
}

ServerFixture::~ServerFixture() {
    router_.reset();
    community_.reset();  // waits for any password being checked
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

void ServerFixture::set_placeholder(const std::string& name, const std::string& value) {
    for (auto& [n, v] : placeholders_)
        if (n == name) v = value;
}

std::optional<std::string> ServerFixture::account_of_session(const std::string& token) {
    const std::optional<server::SignedIn> who = community_->accounts().session(token);
    if (!who) return std::nullopt;
    return who->key;
}

void ServerFixture::said(const std::string& text) {
    said_ += text;
    said_ += '\n';
}

void ServerFixture::password_given(const std::string& password) {
    // Only a password that no message of the server could hold by chance: long enough, and not
    // a word or a number (an echo of "password" in "wrong name or password" is no leak).
    const bool word_or_number =
        password.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_") ==
            std::string::npos ||
        password.find_first_not_of("0123456789") == std::string::npos;
    if (password.size() >= 8 && password.find(' ') == std::string::npos && !word_or_number)
        passwords_.push_back(password);
}

void ServerFixture::session_got(const std::string& token) {
    sessions_.push_back(token);
    set_placeholder("$s2", token);
}

void ServerFixture::seek_accepted(const std::string& id) {
    FUZZ_CHECK(accepted_.insert(id).second, "the seek " + id + " was accepted twice");
}

void ServerFixture::check_text(const std::string& text, const std::string& what) {
    auto refuse = [&](const std::string& secret, const std::string& kind) {
        FUZZ_CHECK(secret.empty() || text.find(secret) == std::string::npos,
                   what + " shows " + kind + ": " + text);
    };
    auto unsaid = [&](const std::string& secret) {
        return said_.find(secret) == std::string::npos;
    };
    // The hashes the store holds, read again only when it has changed.
    if (const uint64_t changes = storage_.changes(); changes != hashes_at_) {
        hashes_.clear();
        for (const server::StoredGame& game : storage_.all())
            for (const auto& [seat, hash] : game.token_hashes)
                hashes_.emplace_back(hash, "a seat token's hash");
        for (const server::StoredRecord& r : storage_.all_records("session"))
            hashes_.emplace_back(r.key, "a session token's hash");
        for (const char* kind : {"seek", "accepted"})
            for (const server::StoredRecord& r : storage_.all_records(kind))
                hashes_.emplace_back(parsed(r, kind).value("token_hash", ""),
                                     std::string("a seek token's hash (") + kind + ")");
        for (const server::StoredRecord& r : storage_.all_records("account"))
            hashes_.emplace_back(parsed(r, "account").value("password_hash", ""),
                                 "an account's password hash");
        hashes_at_ = changes;
    }
    for (const auto& [hash, kind] : hashes_) refuse(hash, kind);
    if (unsaid("$argon2")) refuse("$argon2", "an Argon2 hash");
    for (const std::string& token : sessions_)
        if (unsaid(token)) refuse(token, "a session token");
    for (const std::string& password : passwords_)
        if (unsaid(password)) refuse(password, "a password");
}

void ServerFixture::check_invariants(const Acting* acting) {
    // Nothing to check again when nothing was stored.
    const uint64_t changes = storage_.changes();
    if (changes == checked_at_) return;
    const std::vector<server::StoredGame> stored = storage_.all();
    const std::string list = service_->list().dump();
    for (const server::StoredGame& game : stored) {
        // A game is checked again only when it has changed (making a game is not cheap).
        const auto before = seen_.find(game.id);
        if (before != seen_.end() && before->second.revision == game.revision) continue;
        Seen now;
        try {
            server::LiveGame replayed(game);
            FUZZ_CHECK(replayed.ply() == static_cast<int>(game.moves.size()), game.id);
            now = {game.revision, game.moves.size(), server::colour_name(replayed.side_to_move()),
                   game.result,   game.reason,       game.draw_offer,
                   game.mode};
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, "stored game " + game.id + " does not replay: " + e.what());
        }
        if (acting && before != seen_.end()) check_acting(game, before->second, now, *acting);
        seen_[game.id] = now;
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
    check_records(stored);
    checked_at_ = changes;
}

std::string ServerFixture::seat_of(const server::StoredGame& game, const Acting& acting) {
    if (acting.token) {
        const std::string hash = server::token_hash(*acting.token);
        for (const auto& [seat, stored_hash] : game.token_hashes)
            if (stored_hash == hash) return seat;
    }
    if (acting.account)
        for (const auto& [seat, holder] : game.players)
            if (server::account_key(holder.name) == *acting.account) return seat;
    return "spectator";
}

void ServerFixture::check_acting(const server::StoredGame& game, const Seen& before,
                                 const Seen& now, const Acting& acting) {
    if (before.mode == "engine") return;  // the engine moves on a thread of its own
    const std::string seat = seat_of(game, acting);
    auto may = [&](const std::string& side) { return seat == side || seat == "both"; };
    const bool a_side = seat == "white" || seat == "black";
    const std::string what = "game " + game.id + " (" + game.mode + ", ply " +
                             std::to_string(before.ply) + "), by the seat " + seat + ": ";
    if (now.ply > before.ply) {
        FUZZ_CHECK(may(before.turn), what + "a move for " + before.turn);
    } else if (now.ply < before.ply) {
        FUZZ_CHECK(seat == "both" && game.mode != "online", what + "a takeback");
    } else if (before.result == "*" && now.result != "*") {
        if (now.reason == "White resigned" || now.reason == "Black resigned")
            FUZZ_CHECK(may(now.reason == "White resigned" ? "white" : "black"), what + now.reason);
        else if (now.reason == "draw by agreement")
            FUZZ_CHECK(a_side && !before.draw_offer.empty() && seat != before.draw_offer,
                       what + "a draw agreed to an offer of " + before.draw_offer);
        else
            FUZZ_CHECK(now.reason.find("ran out of time") != std::string::npos,
                       what + "the game ended: " + now.reason);
    } else if (before.result != "*" && now.result == "*") {
        FUZZ_CHECK(false, what + "a finished game went on");
    } else if (now.draw_offer != before.draw_offer) {
        if (!now.draw_offer.empty())
            FUZZ_CHECK(seat == now.draw_offer, what + "a draw offered for " + now.draw_offer);
        else
            FUZZ_CHECK(a_side && seat != before.draw_offer,
                       what + "the draw offer of " + before.draw_offer + " declined");
    }
}

void ServerFixture::check_records(const std::vector<server::StoredGame>& stored) {
    std::map<std::string, const server::StoredGame*> games;
    for (const server::StoredGame& g : stored) games[g.id] = &g;
    auto game_of = [&](const std::string& id) {
        const auto it = games.find(id);
        return it == games.end() ? nullptr : it->second;
    };
    server::Accounts& accounts = community_->accounts();

    for (const server::StoredRecord& r : storage_.all_records("account")) {
        std::optional<server::Account> a;
        try {
            a = accounts.find(r.key);
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, "the account record " + r.key + " does not read: " + e.what());
        }
        FUZZ_CHECK(a && server::account_key(a->name) == r.key, "the account record " + r.key);
        FUZZ_CHECK(
            a->closed_ms ? a->password_hash.empty() : a->password_hash.starts_with("$argon2id$"),
            "the hash of " + r.key);
        // Each rated game it took is listed once, and counts once in its family.
        std::set<std::string> rated(a->rated_games.begin(), a->rated_games.end());
        FUZZ_CHECK(rated.size() == a->rated_games.size(), r.key + " took a rated game twice");
        std::map<std::string, int> per_family;
        for (const std::string& id : rated) {
            const server::StoredGame* g = game_of(id);
            FUZZ_CHECK(g && g->rated && g->over(), r.key + " took the rating of game " + id);
            bool holds = false;
            for (const auto& [seat, holder] : g->players)
                holds = holds || server::account_key(holder.name) == r.key;
            FUZZ_CHECK(holds, r.key + " took the rating of game " + id + " not its own");
            ++per_family[server::rating_family(g->variant)];
        }
        if (a->rated_games.size() < server::Accounts::RATED_GAMES_KEPT) {
            for (const auto& [family, rating] : a->ratings)
                FUZZ_CHECK(rating.games == per_family[family],
                           r.key + ": " + std::to_string(rating.games) + " rated " + family +
                               " games, " + std::to_string(per_family[family]) + " taken");
            for (const auto& [family, n] : per_family)
                FUZZ_CHECK(a->ratings.count(family), r.key + ": no rating in " + family);
        }
    }
    for (const server::StoredRecord& r : storage_.all_records("session")) {
        const json s = parsed(r, "session");
        FUZZ_CHECK(is_hex(r.key, 64), "a session's key is not a hash: " + r.key);
        const std::string account = string_in(s, "account", "a session");
        string_in(s, "name", "a session");
        FUZZ_CHECK(storage_.load_record("account", account), "a session of no account");
    }
    FUZZ_CHECK(storage_.all_records("rating").empty(), "a rated game's change still waits");
    std::set<std::string> listed_seeks;
    for (const server::StoredRecord& r : storage_.all_records("seek")) {
        const json s = parsed(r, "seek");
        FUZZ_CHECK(string_in(s, "id", "a seek") == r.key, "a seek under another key");
        FUZZ_CHECK(is_hex(string_in(s, "token_hash", "a seek"), 64), "a seek's token hash");
        FUZZ_CHECK(!storage_.load_record("accepted", r.key),
                   "the seek " + r.key + " is open and accepted");
        const auto to = s.find("to");
        if (s.value("listed", true) && (to == s.end() || to->is_null())) listed_seeks.insert(r.key);
    }
    std::set<std::string> shown_seeks;
    for (const json& s : community_->lobby().seeks(std::nullopt)) shown_seeks.insert(s["id"]);
    FUZZ_CHECK(shown_seeks == listed_seeks, "the lobby shows other seeks than the store holds");
    for (const server::StoredRecord& r : storage_.all_records("accepted")) {
        const json a = parsed(r, "accepted");
        const server::StoredGame* g = game_of(string_in(a, "game", "an accepted seek"));
        FUZZ_CHECK(g, "the seek " + r.key + " became no game");
        const auto seat = g->token_hashes.find(string_in(a, "seat", "an accepted seek"));
        FUZZ_CHECK(seat != g->token_hashes.end() &&
                       seat->second == string_in(a, "token_hash", "an accepted seek"),
                   "the seek " + r.key + "'s token is not its seeker's seat's");
    }
    for (const server::StoredRecord& r : storage_.all_records("plays")) {
        const json p = parsed(r, "plays");
        FUZZ_CHECK(game_of(string_in(p, "game", "a player's game")),
                   "a player's list names no game: " + r.key);
    }
    for (const server::StoredGame& g : stored) {
        for (const auto& [seat, holder] : g.players) {
            const std::optional<server::StoredRecord> entry =
                storage_.load_record("plays", server::account_key(holder.name) + "/" + g.id);
            FUZZ_CHECK(entry, holder.name + "'s list misses game " + g.id);
            const json p = parsed(*entry, "plays");
            FUZZ_CHECK(p.value("color", "") == seat && p.value("result", "") == g.result,
                       holder.name + "'s list says " + entry->text + " of game " + g.id +
                           ", which is " + g.result);
        }
        if (g.days_per_move) {
            const std::optional<server::StoredRecord> deadline =
                storage_.load_record("deadline", g.id);
            FUZZ_CHECK(g.over() ? !deadline : deadline && deadline->updated_ms == g.deadline_ms,
                       "the deadline record of game " + g.id);
        }
    }
    for (const server::StoredRecord& r : storage_.all_records("live")) {
        const server::StoredGame* g = game_of(r.key);
        FUZZ_CHECK(g && !g->over(), "the live list holds game " + r.key + ", gone or over");
    }
    for (const server::StoredRecord& r : storage_.all_records("note")) {
        const size_t slash = r.key.find('/');
        FUZZ_CHECK(slash != std::string::npos && game_of(r.key.substr(0, slash)),
                   "a note on no game: " + r.key);
        const std::string seat = r.key.substr(slash + 1);
        FUZZ_CHECK(seat == "white" || seat == "black" || seat == "both", "a note of " + r.key);
        const std::string text = string_in(parsed(r, "note"), "text", "a note");
        FUZZ_CHECK(!text.empty() && text.size() <= server::Community::MAX_NOTE,
                   "a note of " + std::to_string(text.size()) + " bytes");
    }
}

}  // namespace menagerie::fuzz
