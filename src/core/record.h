#pragma once

#include <deque>
#include <vector>

#include "core/position.h"

namespace menagerie {

// A game in progress: a position that keeps its history, for repetition and undo.
class GameRecord {
  public:
    explicit GameRecord(const Position& start) : pos_(start) {}
    GameRecord(const GameRecord&) = delete;
    GameRecord& operator=(const GameRecord&) = delete;
    Position& position() { return pos_; }
    const std::vector<Move>& moves() const { return moves_; }
    void play(Move m) {
        states_.emplace_back();
        pos_.do_move(m, states_.back());
        moves_.push_back(m);
    }
    bool undo() {
        if (moves_.empty()) return false;
        pos_.undo_move(moves_.back());
        moves_.pop_back();
        states_.pop_back();
        return true;
    }

  private:
    Position pos_;
    std::deque<StateInfo> states_;  // a deque keeps every state where it is
    std::vector<Move> moves_;
};

}  // namespace menagerie
