// Ratings of rated games: Glicko-2 (glicko2.h) per family of games, kept in each player's
// account. Each rated game is one rating period for both players: a player's deviation first
// grows for every whole day since their latest rated game in the family (glicko2_idle), then the
// game's result updates rating, deviation and volatility. A game is applied exactly once, however
// it ended and however many servers share the store: the change waits in a "rating" record (key:
// the game's id) until both accounts have it, and each account notes the games it has taken.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/accounts.h"
#include "server/storage.h"
#include "server/stored_game.h"

namespace menagerie::server {

// The family whose rating a game of `variant` counts for: "dice" (chess56, chess2016),
// "placement" (placement, placement-reduced, chess20), and "contemporary", "chess66",
// "blackswan" and "chess" each alone. Every served game has one.
std::string rating_family(const std::string& variant);

// An account's rating in a family at `now`: the starting rating (1500, 350, 0.06) before its
// first rated game, and its deviation grown for the whole days since its latest.
Glicko2Rating rating_at(const Account& account, const std::string& family, int64_t now);

class Ratings {
  public:
    Ratings(Storage& storage, Accounts& accounts) : storage_(storage), accounts_(accounts) {}

    // A rated game has just ended (stored): both players' ratings change, once.
    void game_ended(const StoredGame& game);
    // Applies the changes left waiting (a server stopped between a game's end and its ratings);
    // how many games it finished.
    size_t catch_up();

  private:
    void apply(const StoredRecord& pending);
    Storage& storage_;
    Accounts& accounts_;
};

}  // namespace menagerie::server
