// Accounts: a name and a password, kept as an Argon2id hash (libsodium); sessions, each a
// random token in a cookie that the store knows only by its SHA-256; sign-in limits per account
// and per client address; each account's ratings. The store's "account" records (key: the name
// in lower case) and "session" records (key: the token's hash). No password, and no session
// token, is ever stored, logged or echoed.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/glicko2.h"
#include "server/rate_limit.h"
#include "server/storage.h"
#include "server/stored_game.h"

namespace menagerie::server {

// A player's rating in one family of games (ratings.h).
struct FamilyRating {
    Glicko2Rating glicko;
    int games = 0;
    int64_t last_game_ms = 0;  // when its latest rated game ended (0: none yet)
};

struct Account {
    std::string name;           // as its owner spelt it; account_key(name) is its key
    std::string password_hash;  // crypto_pwhash_str's text: Argon2id, its salt and parameters
    int64_t created_ms = 0;
    std::vector<int64_t> failed_logins;  // within the last FAILURE_WINDOW_MS
    int64_t locked_until_ms = 0;
    std::map<std::string, FamilyRating> ratings;  // by family
    // The latest rated games applied to it, so that no game is applied twice.
    std::vector<std::string> rated_games;
    // Its sessions are those opened at this epoch: changing the password or closing the account
    // moves it on, which ends every session opened before, on every server.
    int64_t session_epoch = 0;
    // A closed account keeps its name (so that its games' names still mean one player) and its
    // ratings, but no password: nobody signs in to it again.
    int64_t closed_ms = 0;
    int64_t revision = 0;  // of its record
};

// A session's account.
struct SignedIn {
    std::string key, name;  // account_key(name), and the name as spelt
};

struct NewSession {
    std::string token, name;
    int64_t expires_ms = 0;
};

class Accounts {
  public:
    static constexpr int MAX_FAILURES = 5;  // within FAILURE_WINDOW_MS lock the account
    static constexpr int64_t FAILURE_WINDOW_MS = 15 * 60 * 1000, LOCK_MS = 15 * 60 * 1000;
    static constexpr int64_t SESSION_MS = 30 * MS_PER_DAY;
    static constexpr size_t MAX_WAITING = 16;       // password checks queued for the hashing thread
    static constexpr size_t RATED_GAMES_KEPT = 64;  // far more than can end at once

    // `logins_per_minute`: sign-ins and sign-ups one client address may try a minute (0: any).
    Accounts(Storage& storage, int logins_per_minute);
    ~Accounts();
    Accounts(const Accounts&) = delete;
    Accounts& operator=(const Accounts&) = delete;

    // Throw ApiError 400 naming what is wrong (a password is never echoed).
    static void check_name(const std::string& name);
    static void check_password(const std::string& password);

    // Runs `work` on the password thread: Argon2id takes 64 MiB and a good part of a second by
    // design, which the network threads must not wait for. ApiError 503 when MAX_WAITING are
    // waiting already.
    void run_slow(std::function<void()> work);
    // Waits until the work given to run_slow is done (before what that work uses goes).
    void finish_slow() { slow_.join(); }
    // One sign-in or sign-up of `client`: ApiError 429 with Retry-After past the limit.
    void limit(const std::string& client);

    // The account made and signed in; ApiError 409 when the name is taken (in any case).
    NewSession create(const std::string& name, const std::string& password);
    // ApiError 401 for a wrong name or password; 429 while the account is locked.
    NewSession login(const std::string& name, const std::string& password);
    // The password changed, after the present one is checked as a sign-in checks it; every
    // other session of the account ends, and the one returned is opened.
    NewSession change_password(const std::string& name, const std::string& password,
                               const std::string& new_password);
    // The account closed, after its password is checked: its sessions end, its password hash is
    // erased, and its name stays taken.
    void close(const std::string& name, const std::string& password);
    void logout(const std::string& token);
    std::optional<SignedIn> session(const std::string& token);
    std::optional<Account> find(const std::string& name);  // by name, in any case
    // Applies `change` to the account, again on a fresh copy whenever another server changed it
    // meanwhile; `change` returns false to leave it as it is. False if there is no account.
    bool update(const std::string& name, const std::function<bool(Account&)>& change);
    // Removes the sessions expired by `now`; how many.
    size_t expire_sessions(int64_t now);

  private:
    NewSession open_session(const Account& account);
    // The account, once `password` is found to be its own; a wrong one counts towards the lock.
    Account checked(const std::string& name, const std::string& password);
    Storage& storage_;
    RateLimit logins_;
    boost::asio::thread_pool slow_{1};
    std::atomic<size_t> waiting_{0};
};

}  // namespace menagerie::server
