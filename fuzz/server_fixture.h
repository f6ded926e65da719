// What the API and WebSocket targets share: the server's side in full (a game service, the
// community of accounts, sessions, the lobby, players and notes, and the API's router) on a store
// in memory, with games, accounts, sessions and seeks made for each input (the input names them
// by placeholders), and the checks that hold after every request whatever it was.
#pragma once

#include <boost/asio/io_context.hpp>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fuzz_util.h"
#include "memory_storage.h"
#include "server/api_router.h"
#include "server/community.h"
#include "server/game_service.h"
#include "server/live_game.h"

namespace menagerie::fuzz {

// Who a request or a message acts as: the seat token it carries (if any) and the account of its
// session (account_key(), if signed in).
struct Acting {
    std::optional<std::string> token, account;
};

// Each input gets a fresh server with:
// - games, by number: 0 an online chess game with a clock, 1 an online Black Swan game with a
//   clock (a fixed test seed), 2 a local Placement game, 3 a Chess 66 game against the engine at
//   level 1, 4 an analysis board of a Chess960 position, 5 a rated chess game (an hour each)
//   from the lobby, Alice White and bob Black, 6 a casual correspondence Placement game (a day
//   a move) from the lobby, bob White and Alice Black. `$id0` is game 0's id, `$w0`, `$b0`,
//   `$both0` its seats' tokens (game 5's White token is its seek's token), `$id9` an id no game
//   has, `$x` a token no seat holds;
// - two accounts, signed in: `$n0` "Alice" and `$n1` "bob", their passwords `$p0` and `$p1`,
//   their sessions' tokens `$s0` and `$s1` (for a cookie: `menagerie_session=$s0`); bob has
//   just given four wrong passwords, so that a fifth locks his account;
// - open seeks: `$k0` Alice's (listed, rated, chess 5+2, she plays White), `$k1` one without an
//   account (unlisted, Placement by correspondence), `$k2` bob's challenge to Alice (Placement
//   with Chess960 castling, 10 minutes); `$kt0`, `$kt1`, `$kt2` their tokens; `$k5`, `$k6` the
//   seeks games 5 and 6 came from (accepted);
// - and, as the input goes: `$k` and `$kt` the latest seek it posted (at first seek 0), `$g` and
//   `$gt` the latest game it made or got by accepting a seek, with its seat's token (at first
//   game 5, Black), `$s2` the latest session it signed in to (at first none).
// Sign-ins and sign-ups are limited to LOGINS_PER_INPUT (each costs an Argon2id hash, a tenth
// of a second by design); the timers never run (a clock's flag or a deadline is not the
// input's to decide).
class ServerFixture {
  public:
    static constexpr int LOGINS_PER_INPUT = 4;

    ServerFixture();
    ~ServerFixture();
    ServerFixture(const ServerFixture&) = delete;
    ServerFixture& operator=(const ServerFixture&) = delete;

    server::GameService& service() { return *service_; }
    server::Community& community() { return *community_; }
    server::ApiRouter& router() { return *router_; }
    MemoryStorage& storage() { return storage_; }

    // `text` with every placeholder replaced.
    std::string expand(std::string text) const;
    void set_placeholder(const std::string& name, const std::string& value);
    // The account key of a session token, if it is one of a live session.
    std::optional<std::string> account_of_session(const std::string& token);

    // What the input has sent (a request's line, headers and body, a message): a secret it
    // sent itself may come back (a note that holds it, an echoed name) without leaking.
    void said(const std::string& text);
    // A password the input sent (the field "password" of a sign-in or sign-up), and a session
    // it got (Set-Cookie): secrets from then on.
    void password_given(const std::string& password);
    void session_got(const std::string& token);
    // A seek accepted (201): at most once each.
    void seek_accepted(const std::string& id);

    // The seat `acting` holds in `game`, as docs/server.md says: its token's, else its
    // account's ("white", "black", "both" or "spectator").
    static std::string seat_of(const server::StoredGame& game, const Acting& acting);

    // What holds of every answer and pushed message: no password, no Argon2 hash, no token's or
    // session's hash, no session token; JSON where it says so.
    void check_text(const std::string& text, const std::string& what);

    // What holds after any request, `acting` being whoever made it (null: no one in particular):
    // - every game stored reads back and replays; the list shows no token hash and no seed; no
    //   state a seat or spectator can see shows a seed before its game ends;
    // - a game not against the engine changed only as its actor's seat may change it: a move of
    //   the side to move by that side's seat, a resignation by the resigning seat, a draw offer,
    //   answer or agreement by a side's seat (a token decides first, then the session's account,
    //   as docs/server.md says; never another account's seat), an online game never taken back;
    // - the records read back: every account parses, its name and key agree, its hash is
    //   Argon2id, its rated games are listed once each and its game counts per family are those
    //   games; every session names an account; a seek is open or accepted, not both, and an
    //   accepted one names its game and the seeker's seat's token hash; no rating waits (each
    //   applied at once, to both players, once); each seat held by an account has its entry in
    //   the player's list with the game's result; a correspondence game in play has its deadline
    //   record, a finished one none; the live list holds no finished game; notes are of a seat;
    // - the lobby's copy shows what the store holds.
    void check_invariants(const Acting* acting = nullptr);

  private:
    struct Seen {  // a game as last checked
        int64_t revision = 0;
        size_t ply = 0;
        std::string turn, result, reason, draw_offer, mode;
    };
    void check_acting(const server::StoredGame& game, const Seen& before, const Seen& now,
                      const Acting& acting);
    void check_records(const std::vector<server::StoredGame>& stored);

    boost::asio::io_context io_;
    MemoryStorage storage_;
    std::unique_ptr<server::GameService> service_;
    std::unique_ptr<server::Community> community_;
    std::unique_ptr<server::ApiRouter> router_;
    std::vector<std::pair<std::string, std::string>> placeholders_;  // longest first
    std::map<std::string, Seen> seen_;                               // each game as last checked
    std::string said_;                                               // everything the input sent
    std::vector<std::string> passwords_, sessions_;
    std::set<std::string> accepted_;
    uint64_t checked_at_ = ~uint64_t{0};  // the store's changes() when last checked
    std::vector<std::pair<std::string, std::string>> hashes_;  // and what each is
    uint64_t hashes_at_ = ~uint64_t{0};
};

}  // namespace menagerie::fuzz
