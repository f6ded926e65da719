// What the seats of a game with hidden identities (Black Swan) are shown: the player's view of
// the referee's game, kept move by move beside the referee's record. The server holds the
// referee's position (it knows every face-down swan and the seed); everything a seat, a
// spectator or the engine receives is made from this record instead, so no message can carry a
// hidden identity: the view's position has no type that could hold one. See docs/server.md.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "hidden/player_view.h"

namespace menagerie::server {

// Whether `game` is refereed: a game with hidden identities, in the referee's form.
bool is_refereed(const Game& game);

// The game a create request gets: `game` itself for an open game; for a game with hidden
// identities, its referee's game with a seed from the system's secure random source. Refused
// (ApiError 400): a given seed (it would be known before the game), a player's view (view=...),
// a given start (`has_start`: setup, FEN or PGN; the start is the seed's). `test_seed` (a seed as
// `--seed` takes it, from `menagerie serve --test-seed`) replaces the random seed: for tests only,
// and the game's record says so (StoredGame::test_seed).
std::shared_ptr<const Game> referee_game(std::shared_ptr<const Game> game, Options options,
                                         bool has_start,
                                         const std::optional<std::string>& test_seed);
// Why a refereed game refuses a takeback.
std::string refereed_takeback_refusal(const Game& game);

struct ViewPly {
    std::string uci;  // with the outcome the referee announced ("d2d4:N")
    std::string san;
    std::string fen;  // the view's position after the move
    std::pair<std::string, std::string> cells;
};

class SeatRecord {
  public:
    explicit SeatRecord(const Position& referee_start);

    const Position& start() const { return start_; }
    std::string start_fen() const;
    const std::vector<Move>& moves() const { return view_.history(); }  // with outcomes
    const std::vector<ViewPly>& plies() const { return plies_; }
    PlayerView& view() { return view_; }
    const std::string& commitment() const { return view_.commitment(); }
    // The referee's seed (64 hex digits): for the end of the game only.
    const std::string& seed() const { return seed_; }

    // A seat's move text, read on the view. The referee draws outcomes: a move that names one is
    // refused (Error kind Move), as is anything illegal on the view.
    Move read(const std::string& text);
    // The referee's move for `m`, a legal move of the view without outcome (from read() or the
    // engine). Throws Error (kind Move) if the referee has no such move.
    static Move on_referee(Position& referee, Move m);
    // Called before the referee plays m (a legal move of `referee`): the view plays it as the
    // referee announces it.
    void play(const Position& referee, Move m);
    void undo();

    // The player's PGN, with the Seed tag only when `reveal_seed`.
    std::string pgn(std::map<std::string, std::string> tags, bool reveal_seed) const;

  private:
    Position start_;  // the view's start
    PlayerView view_;
    std::string seed_;
    std::vector<ViewPly> plies_;
};

}  // namespace menagerie::server
