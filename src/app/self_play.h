// One game the engine plays against itself, for the batch commands (datagen, atlas). A game with
// hidden identities (Black Swan) is refereed: the engine sees the player's view, whose chance
// moves the referee's position answers with their outcomes (as `menagerie match` does).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/record.h"
#include "engine/engine.h"
#include "hidden/referee.h"

namespace menagerie {

class SelfPlay {
  public:
    // A score that says a side has won (datagen keeps such positions out of its data).
    static constexpr int DECISIVE = 2500;

    SelfPlay() = default;
    SelfPlay(const SelfPlay&) = delete;
    SelfPlay& operator=(const SelfPlay&) = delete;
    // (Re)starts the game: an open game from `start`, or a referee's game from the start of
    // `game`, a game with hidden identities and its seed.
    void start_open(const Position& start);
    void start_refereed(const std::shared_ptr<const Game>& game);

    Position& seen() { return referee_ ? referee_->view_position() : open_->position(); }
    Position& game_position() { return referee_ ? referee_->position() : open_->position(); }
    const Position& seen_start() const { return referee_ ? referee_->view_start() : *start_; }
    const std::vector<Move>& moves() const { return referee_ ? referee_->moves() : open_->moves(); }
    int ply() const { return static_cast<int>(moves().size()); }
    void play(Move m);  // a legal move of the seen position, a chance move without its outcome

    // What the engine saw before one of its moves: the seen position, the search's report, its
    // move and its score from White's side.
    struct Turn {
        Position& position;
        const engine::Info& info;
        Move best;
        int score;        // the side to move's view, a mate as +/-(32000 - moves)
        int white_score;  // White's view of the same
    };
    // Plays on from where the game stands, `engine` choosing every move with the limits that
    // `limits` gives for the side to move, until the game ends, both sides' scores agree for six
    // plies that one has won (2500 or more), 600 plies are played, or a long game stays level
    // (after 160 plies, 20 in a row within 0.15). Returns White's result: 1, 0 or -1.
    int play_out(engine::Engine& engine, const std::function<engine::Limits()>& limits,
                 const std::function<void(const Turn&)>& on_turn = {});

  private:
    std::optional<Position> start_;  // an open game's start
    std::optional<GameRecord> open_;
    std::optional<Referee> referee_;
};

}  // namespace menagerie
