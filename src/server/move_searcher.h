// The seam between the server and the engine. The server asks a MoveSearcher for a move (a game
// in engine mode) or an analysis; make_move_searcher() gives the engine (src/engine) behind it,
// and tests may give another. Each engine worker thread owns one searcher, so implementations
// need not be thread-safe, except stop(), which another thread calls to cut a search short.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace menagerie::server {

struct SearchLimits {
    int level = 0;  // 1..8 for play against the engine; 0: use depth / movetime_ms
    int depth = 0;  // 0: no limit
    int movetime_ms = 0;
};

struct SearchReport {
    int depth = 0;
    std::optional<int> score_cp;  // from the side to move
    std::optional<int> mate;      // +n: mates in n moves, -n: mated in n
    std::vector<Move> pv;         // pv[0] is the move to play; empty only with no legal move
    uint64_t nodes = 0;
};

class MoveSearcher {
  public:
    virtual ~MoveSearcher() = default;
    // `start` plus the legal `moves` give the position and its history.
    virtual SearchReport search(const Position& start, const std::vector<Move>& moves,
                                const SearchLimits& limits) = 0;
    // Thread-safe: a running search returns soon with what it has (a superseded analysis).
    virtual void stop() {}
};

std::unique_ptr<MoveSearcher> make_move_searcher();

}  // namespace menagerie::server
