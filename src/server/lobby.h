// The lobby: open challenges (seeks) and the games started from them. A seek is a "seek" record
// (key: its id); taking one removes that record, so of two players who accept at once exactly
// one gets the game. The game is made by GameService with both seats: the accepter's gets a new
// token, the seeker's takes the hash of the seek's token (which only the seeker has), so no
// secret passes between servers. The games started here are "live" records until they end, and
// an "accepted" record tells the seeker's sockets, on any server, which game its seek became.
// Every server keeps a copy of the seeks and live games for its lobby sockets, brought up to date
// by its own changes and, on PostgreSQL, by the notices of the others' (Storage::listen_records).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "server/accounts.h"
#include "server/game_service.h"
#include "server/storage.h"

namespace menagerie::server {

struct LobbyWatchers;

// A lobby socket's place among the lobby's watchers. It holds them, not the lobby, so that a
// socket may end after the lobby (as a game's subscription may after its service).
struct LobbyWatch {
    std::shared_ptr<LobbyWatchers> watchers;
    uint64_t id = 0;
};

class Lobby {
  public:
    static constexpr int64_t SEEK_LIFE_MS = MS_PER_DAY;
    static constexpr size_t MAX_SEEKS = 500;      // open at once on the whole site
    static constexpr size_t MAX_LIVE = 200;       // listed live games
    static constexpr size_t MAX_SEEKS_EACH = 10;  // open at once by one account

    // Reads the open seeks and live games, and starts hearing of other servers' changes.
    // `seeks_per_address`: the seeks one client address without an account may have open at
    // once on this server (0: any).
    Lobby(Storage& storage, GameService& games, Accounts& accounts, int seeks_per_address);
    ~Lobby();
    Lobby(const Lobby&) = delete;
    Lobby& operator=(const Lobby&) = delete;

    // The seeks `who` may see: listed ones for everybody, a challenge for its addressee, and
    // each seeker's own.
    nlohmann::json seeks(const std::optional<SignedIn>& who);
    // One seek by its id (its link): open, or the game it became.
    nlohmann::json seek(const std::string& id);
    nlohmann::json live_games();
    // Each throws ApiError naming what was wrong, changing nothing. `client`: the poster's
    // address, which counts the seeks of those without an account.
    nlohmann::json post(const nlohmann::json& body, const std::optional<SignedIn>& who,
                        const std::string& client);
    nlohmann::json accept(const std::string& id, const std::optional<SignedIn>& who);
    // By its seeker: the seek's token, or a session of the account that posted it.
    void withdraw(const std::string& id, const std::optional<std::string>& token,
                  const std::optional<SignedIn>& who);
    // Every seek of the account `key` (account_key), and every challenge to it, withdrawn: its
    // account is closing.
    void withdraw_all_of(const std::string& key);

    // A lobby socket: gets the snapshot now ({"type":"lobby","seeks","games"}), then each change
    // it may see; a seeker's socket names its seeks by their tokens (claim) to be told which
    // game each became. Send returns false once the socket is gone.
    LobbyWatch watch(std::optional<SignedIn> who, Send send);
    static void unwatch(const LobbyWatch& watch);
    // The client message of a lobby socket ({"type":"claim","seek","token"}); the error to send
    // back, as JSON text, when it is refused.
    std::optional<std::string> take_message(const LobbyWatch& watch, const std::string& text);

    // A game that may have started here has ended (stored): it leaves the live list.
    void game_ended(const std::string& game_id);
    // Drops the seeks past their time, the accepted records past a day, and live games that are
    // over or gone.
    void sweep(int64_t now);

  private:
    // The store's record of `kind`/`key` changed (here or on another server): the copy follows
    // and the sockets are told what changed.
    void refresh(const std::string& kind, const std::string& key);
    void refresh_all();
    void tell_accepted(const nlohmann::json& accepted);

    Storage& storage_;
    GameService& games_;
    Accounts& accounts_;
    std::mutex mutex_;  // the copies; taken before the watchers' own
    std::map<std::string, std::pair<int64_t, nlohmann::json>> seeks_;  // id -> revision, record
    std::map<std::string, nlohmann::json> live_;                       // game id -> listing
    std::shared_ptr<LobbyWatchers> watchers_;
    // The seeks posted here without an account, by address: addresses are never stored, so this
    // count is this server's alone. Pruned of the seeks gone at each post and each sweep.
    std::map<std::string, std::set<std::string>> anonymous_seeks_;  // under mutex_
    // The seeks being posted (id -> poster: "account KEY" or "address A"), counted with the
    // open ones so that posts at once cannot pass the limits together.
    std::map<std::string, std::string> posting_;  // under mutex_
    size_t seeks_per_address_;
    void drop_gone(std::set<std::string>& ids) const;  // the seeks no longer open; mutex_ held
    std::mutex refresh_mutex_;  // one refresh at a time, so that the copy follows the store's order
    // Seeks this server is turning into games: gone from the store, their `accepted` record not
    // yet written, so that a second accepter meanwhile is told it was taken, not that it is gone.
    std::mutex accepting_mutex_;
    std::multiset<std::string> accepting_;  // one entry per accepter under way
};

}  // namespace menagerie::server
