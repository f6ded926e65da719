#include "server/accounts.h"

#include <sodium.h>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/api_error.h"
#include "server/credential.h"
#include "server/live_game.h"
#include "server/tokens.h"

namespace menagerie::server {

using nlohmann::json;

namespace {

constexpr const char* ACCOUNT_KIND = "account";
constexpr const char* SESSION_KIND = "session";
constexpr size_t SESSION_TOKEN_BYTES = 32;

std::string account_record(const Account& a) {
    json ratings = json::object();
    for (const auto& [family, r] : a.ratings)
        ratings[family] = {{"rating", r.glicko.rating},
                           {"deviation", r.glicko.deviation},
                           {"volatility", r.glicko.volatility},
                           {"games", r.games},
                           {"last_game_ms", r.last_game_ms}};
    return json{{"name", a.name},
                {"password_hash", a.password_hash},
                {"created_ms", a.created_ms},
                {"failed_logins", a.failed_logins},
                {"locked_until_ms", a.locked_until_ms},
                {"ratings", ratings},
                {"rated_games", a.rated_games},
                {"session_epoch", a.session_epoch},
                {"closed_ms", a.closed_ms}}
        .dump();
}

Account account_of_record(const StoredRecord& record) {
    try {
        const json j = json::parse(record.text);
        Account a;
        a.name = j.at("name").get<std::string>();
        a.password_hash = j.at("password_hash").get<std::string>();
        a.created_ms = j.at("created_ms").get<int64_t>();
        a.failed_logins = j.value("failed_logins", std::vector<int64_t>{});
        a.locked_until_ms = j.value("locked_until_ms", int64_t{0});
        const json ratings = j.value("ratings", json::object());
        for (const auto& [family, r] : ratings.items())
            a.ratings[family] = {{r.at("rating").get<double>(), r.at("deviation").get<double>(),
                                  r.at("volatility").get<double>()},
                                 r.at("games").get<int>(),
                                 r.at("last_game_ms").get<int64_t>()};
        a.rated_games = j.value("rated_games", std::vector<std::string>{});
        a.session_epoch = j.value("session_epoch", int64_t{0});
        a.closed_ms = j.value("closed_ms", int64_t{0});
        a.revision = record.revision;
        return a;
    } catch (const json::exception& e) {
        throw std::runtime_error("unreadable account record " + record.key + ": " + e.what());
    }
}

// A session token as the cookie carries it: 64 hexadecimal digits, nothing else is looked up.
bool well_formed_session_token(const std::string& token) {
    return token.size() == 2 * SESSION_TOKEN_BYTES &&
           token.find_first_not_of("0123456789abcdef") == std::string::npos;
}

ApiError wrong_name_or_password() { return ApiError(401, "wrong name or password"); }

// crypto_pwhash_str's text for `password` at today's parameters; empty when the memory it
// needs cannot be had.
std::string password_hash(const std::string& password) {
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(
            hash, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
            crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0)
        return "";
    return hash;
}

ApiError changed_meanwhile() {
    return ApiError(409,
                    "the account was changed meanwhile (its password, elsewhere): sign in again");
}

ApiError no_memory_for_password() {
    return ApiError(503, "the server has no memory to spare for a password: try again shortly");
}

}  // namespace

Accounts::Accounts(Storage& storage, int logins_per_minute)
    : storage_(storage), logins_(logins_per_minute) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
}

Accounts::~Accounts() { slow_.join(); }

void Accounts::check_name(const std::string& name) {
    const bool fits = name.size() >= 3 && name.size() <= 20 &&
                      name.find_first_not_of(
                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "0123456789_-") == std::string::npos;
    if (!fits) throw ApiError(400, "a name is 3 to 20 letters (a-z, A-Z), digits, '_' or '-'");
}

void Accounts::check_password(const std::string& password) {
    if (password.size() < 8 || password.size() > 128)
        throw ApiError(400, "a password is 8 to 128 bytes long");
}

void Accounts::run_slow(std::function<void()> work) {
    if (waiting_.fetch_add(1) >= MAX_WAITING) {
        --waiting_;
        throw ApiError(503, "the server is busy checking passwords: try again shortly", 2);
    }
    boost::asio::post(slow_, [this, work = std::move(work)] {
        work();
        --waiting_;
    });
}

void Accounts::limit(const std::string& client) {
    if (const std::optional<int> wait = logins_.take(client, std::chrono::steady_clock::now()))
        throw ApiError(
            429,
            "too many sign-ins from your address: try again in " + std::to_string(*wait) + " s",
            *wait);
}

NewSession Accounts::create(const std::string& name, const std::string& password) {
    check_name(name);
    check_password(password);
    const std::string key = account_key(name);
    auto taken = [&] { return ApiError(409, "the name " + name + " is taken"); };
    if (storage_.load_record(ACCOUNT_KIND, key)) throw taken();
    Account a;
    a.name = name;
    a.created_ms = now_ms();
    a.password_hash = password_hash(password);
    if (a.password_hash.empty()) throw no_memory_for_password();
    if (!storage_.insert_record(ACCOUNT_KIND, key, account_record(a), a.created_ms)) throw taken();
    return open_session(a);
}

Account Accounts::checked(const std::string& name, const std::string& password) {
    try {
        check_name(name);
    } catch (const ApiError&) {  // no such account can exist
        throw wrong_name_or_password();
    }
    if (password.size() > 128) throw wrong_name_or_password();
    std::optional<Account> found = find(name);
    if (!found || found->closed_ms) throw wrong_name_or_password();
    const int64_t now = now_ms();
    if (found->locked_until_ms > now) {
        const int seconds = static_cast<int>((found->locked_until_ms - now + 999) / 1000);
        throw ApiError(429,
                       "too many wrong passwords for " + found->name + ": it is locked for " +
                           std::to_string(seconds) + " s more",
                       seconds);
    }
    if (crypto_pwhash_str_verify(found->password_hash.c_str(), password.data(), password.size()) !=
        0) {
        update(name, [&](Account& a) {
            std::erase_if(a.failed_logins, [&](int64_t t) { return t <= now - FAILURE_WINDOW_MS; });
            a.failed_logins.push_back(now);
            if (a.failed_logins.size() >= MAX_FAILURES) {
                a.failed_logins.clear();
                a.locked_until_ms = now + LOCK_MS;
            }
            return true;
        });
        throw wrong_name_or_password();
    }
    return *found;
}

NewSession Accounts::login(const std::string& name, const std::string& password) {
    const Account found = checked(name, password);
    // A hash made with weaker parameters than today's is made again while the password is here.
    const bool rehash = crypto_pwhash_str_needs_rehash(found.password_hash.c_str(),
                                                       crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                                       crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0;
    const std::string hash = rehash ? password_hash(password) : "";
    if (!found.failed_logins.empty() || !hash.empty())
        update(name, [&](Account& a) {
            // Not over a password changed meanwhile (the new hash is of the one checked).
            if (a.password_hash != found.password_hash) return false;
            a.failed_logins.clear();
            if (!hash.empty()) a.password_hash = hash;
            return true;
        });
    return open_session(found);
}

NewSession Accounts::change_password(const std::string& name, const std::string& password,
                                     const std::string& new_password) {
    check_password(new_password);
    const Account present = checked(name, password);
    const std::string hash = password_hash(new_password);
    if (hash.empty()) throw no_memory_for_password();
    std::optional<Account> changed;
    update(name, [&](Account& a) {
        changed.reset();  // of an earlier try that another server's change undid
        // The password checked must still be the account's (not changed or closed meanwhile).
        if (a.closed_ms || a.password_hash != present.password_hash) return false;
        a.password_hash = hash;
        a.failed_logins.clear();
        ++a.session_epoch;
        changed = a;
        return true;
    });
    if (!changed) throw changed_meanwhile();
    return open_session(*changed);
}

void Accounts::close(const std::string& name, const std::string& password) {
    const Account present = checked(name, password);
    const int64_t now = now_ms();
    bool closed = false;
    update(name, [&](Account& a) {
        closed = false;  // of an earlier try that another server's change undid
        if (a.closed_ms || a.password_hash != present.password_hash) return false;
        closed = true;
        a.closed_ms = now;
        a.password_hash.clear();
        a.failed_logins.clear();
        a.locked_until_ms = 0;
        ++a.session_epoch;
        return true;
    });
    if (!closed) throw changed_meanwhile();
}

NewSession Accounts::open_session(const Account& account) {
    const std::string token = random_hex(SESSION_TOKEN_BYTES);
    const int64_t now = now_ms(), expires = now + SESSION_MS;
    storage_.put_record(SESSION_KIND, token_hash(token),
                        json{{"account", account_key(account.name)},
                             {"name", account.name},
                             {"epoch", account.session_epoch},
                             {"created_ms", now},
                             {"expires_ms", expires}}
                            .dump(),
                        expires);
    return {token, account.name, expires};
}

void Accounts::logout(const std::string& token) {
    if (well_formed_session_token(token)) storage_.remove_record(SESSION_KIND, token_hash(token));
}

std::optional<SignedIn> Accounts::session(const std::string& token) {
    if (!well_formed_session_token(token)) return std::nullopt;
    const std::optional<StoredRecord> record =
        storage_.load_record(SESSION_KIND, token_hash(token));
    if (!record || record->updated_ms <= now_ms()) return std::nullopt;
    const json j = json::parse(record->text, nullptr, false);
    if (!j.is_object() || !j.contains("account") || !j.contains("name")) return std::nullopt;
    // The account's own word: a session of a closed account, or one opened before its password
    // last changed, signs nobody in.
    const std::optional<Account> account = find(j["account"].get<std::string>());
    if (!account || account->closed_ms || account->session_epoch != j.value("epoch", int64_t{0}))
        return std::nullopt;
    return SignedIn{j["account"].get<std::string>(), j["name"].get<std::string>()};
}

std::optional<Account> Accounts::find(const std::string& name) {
    const std::string key = account_key(name);
    // What cannot be a name is nobody's, and no key of the store's (keys are printable ASCII).
    if (key.size() < 3 || key.size() > 20 ||
        key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string::npos)
        return std::nullopt;
    const std::optional<StoredRecord> record = storage_.load_record(ACCOUNT_KIND, key);
    if (!record) return std::nullopt;
    return account_of_record(*record);
}

bool Accounts::update(const std::string& name, const std::function<bool(Account&)>& change) {
    const std::string key = account_key(name);
    for (;;) {
        std::optional<Account> a = find(key);
        if (!a) return false;
        if (!change(*a)) return true;
        if (storage_.replace_record(ACCOUNT_KIND, key, account_record(*a), a->revision,
                                    a->created_ms))
            return true;
        // Another request (or server) changed the account meanwhile: again, on its version.
    }
}

size_t Accounts::expire_sessions(int64_t now) {
    size_t removed = 0;
    for (const StoredRecord& r : storage_.due_records(SESSION_KIND, now, 1000))
        removed += storage_.remove_record(SESSION_KIND, r.key);
    return removed;
}

}  // namespace menagerie::server
