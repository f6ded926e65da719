// What players meet by, around the games: accounts, the lobby, ratings, correspondence
// deadlines, each player's list of games, and the notes a seat keeps on a game. It follows every
// change GameService stores (on_commit): a game made with accounts in its seats is indexed under
// each ("plays" records, key NAME/GAME); a game that ends updates that index, the ratings and the
// lobby's live list; a correspondence game's deadline is kept as a "deadline" record (key: the
// game), which a sweep (every SWEEP_EVERY, and once at start) ends on time when it passes, so
// deadlines hold across restarts and while the game is out of memory.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "server/accounts.h"
#include "server/game_service.h"
#include "server/lobby.h"
#include "server/ratings.h"
#include "server/storage.h"

namespace menagerie::server {

class Community {
  public:
    static constexpr std::chrono::seconds SWEEP_EVERY{30};
    static constexpr size_t MAX_NOTE = 10'000;  // bytes

    // Registers with `games` (its on_commit) and starts the sweep on `timers`.
    // `logins_per_minute`: Accounts'; `seeks_per_address`: the Lobby's.
    Community(Storage& storage, GameService& games, boost::asio::any_io_executor timers,
              int logins_per_minute, int seeks_per_address);
    ~Community();
    Community(const Community&) = delete;
    Community& operator=(const Community&) = delete;

    Accounts& accounts() { return accounts_; }
    Lobby& lobby() { return *lobby_; }

    // GET /api/players/NAME: name, ratings per family, current and finished games.
    nlohmann::json player(const std::string& name);
    // GET /api/me/games: the account's games in play, those where it is to move first.
    nlohmann::json my_games(const SignedIn& who);
    // The note a seat ("white", "black", "both") keeps on a game ("" for none).
    std::string note(const std::string& game, const std::string& seat);
    // PUT /api/games/ID/note: the note of the seat `who` holds (ApiError 403 without one); an
    // empty text removes it.
    nlohmann::json put_note(const std::string& game, const Credential& who,
                            const std::string& text);
    // DELETE /api/account: the account closed once its password is checked (Accounts::close),
    // its open seeks withdrawn and the notes of its seats erased. Its games and ratings stay.
    void close_account(const SignedIn& who, const std::string& password);
    // Follows again the games whose following failed in part, ends the correspondence games past
    // their deadline, applies ratings left waiting, and drops expired seeks and sessions. Runs by
    // itself; public for tests.
    void sweep();

  private:
    void committed(const StoredGame* before, const StoredGame& after);
    // The games whose following failed in part (the store failed after the game was stored).
    void follow_again();
    void index_players(const StoredGame& game);
    void arm_sweep(std::chrono::milliseconds after);

    Storage& storage_;
    GameService& games_;
    Accounts accounts_;
    Ratings ratings_;
    std::unique_ptr<Lobby> lobby_;
    boost::asio::steady_timer sweep_timer_;
    std::mutex refollow_mutex_;
    std::set<std::string> refollow_;  // game ids
};

}  // namespace menagerie::server
