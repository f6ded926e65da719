// A player's view of a game with hidden identities (Black Swan): what one side may know, and
// nothing else. The referee's position (games/blackswan.h, option view=referee) knows every
// face-down swan's identity; a PlayerView holds a position of the player's game (option
// view=player), whose only swan type has no identity, so it cannot hold a hidden identity at
// all. It also holds the seed's commitment and the moves played, each chance move with its
// outcome as the referee announced it.
//
// Everything a player or an engine receives (FEN, move lists, move text, PGN, error messages)
// is produced from a PlayerView. On a view a chance move (a swan turned over, a promotion) is a
// chance node: the generator lists it once, without outcome (what a player asks the referee to
// play); the referee answers with the outcome, and the view plays the move with it
// (Move::with_outcome). See docs/rules/blackswan.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie {

// Whether `game` is a referee's game: its men have identities a player must not see (Black
// Swan with view=referee). Players, engines and clients get player_game()'s positions instead.
inline bool is_referee_game(const Game& game) {
    return game.has_chance() && game.chance.identities_known();
}

// Whether `game` is a player's game of a game with hidden identities (view=player).
inline bool is_player_game(const Game& game) {
    return game.has_chance() && !game.chance.identities_known();
}

// The player's game that goes with a referee's game (same composition): blackswan with option
// view=player. Built once per composition and shared.
std::shared_ptr<const Game> player_game(const Game& referee);

class PlayerView {
  public:
    // A view of `pos`, a position of a player's game (Error kind Invalid otherwise).
    PlayerView(const Position& pos, Color viewer, std::string commitment = "");
    // A copy holds the same view with an empty history (its moves cannot be undone there).
    PlayerView(const PlayerView& other);
    PlayerView& operator=(const PlayerView&) = delete;

    const Position& position() const { return pos_; }
    // For the generator, outcome tests and a search (which must undo what it does; a chance
    // move needs its outcome, Move::with_outcome, from outcomes()).
    Position& position() { return pos_; }
    Color viewer() const { return viewer_; }
    const std::string& commitment() const { return commitment_; }
    // The moves played since the view was made, chance moves with their outcomes.
    const std::vector<Move>& history() const { return history_; }
    // The number of tiles of each kind (Tile order) that `side` has not seen turned over.
    const std::array<uint8_t, TILE_KINDS_MAX>& unseen(Color side) const {
        return pos_.state().chance.unseen[side];
    }

    // The view's FEN (docs/notation.md).
    std::string fen() const;
    // The legal moves, chance moves without outcome.
    std::vector<Move> legal_moves();
    // Every outcome number that chance move m can have here (empty for any other move).
    std::vector<int> outcomes(Move m) const;
    // Reads a move in UCI or SAN form, with or without an outcome ("d3[N]"); Error if not legal.
    Move parse(const std::string& text);
    // Text of a move (with its outcome, if it carries one).
    std::string uci(Move m) const;
    std::string san(Move m);
    // Plays m as the referee announced it: a legal move, and a chance move must carry one of
    // its possible outcomes. Throws Error (kind Move) and leaves the view unchanged otherwise.
    void play(Move m);
    bool undo();

  private:
    friend class Referee;
    // Plays m unchecked: a legal move with a possible outcome (the referee has checked both).
    void apply(Move m);

    Position pos_;
    Color viewer_;
    std::string commitment_;
    std::deque<StateInfo> states_;
    std::vector<Move> history_;
};

// The view that `side` has of a referee's position (in Black Swan both sides see the same).
PlayerView view_of(const Position& referee, Color side, std::string commitment = "");
// perft on a position of a game of chance: on a player's game a chance move counts once per
// possible outcome, each outcome its own node, weighted by nothing; on the referee's game once,
// with the outcome its seed draws. On other games it is the core's perft.
// With `stop`, the count is given up once the flag is set (the count so far is returned).
uint64_t view_perft(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);
// The part of view_perft(pos, depth + 1) below legal move m (every outcome of it, if it is a
// chance move without one), for perft --divide.
uint64_t view_perft_below(Position& pos, Move m, int depth,
                          const std::atomic<bool>* stop = nullptr);

}  // namespace menagerie
