// The built-in stand-in for the engine: one ply, greedy on material, mate first, random among
// equals. To use the engine instead, write an EngineSearcher that holds a
// menagerie::engine::Engine and maps SearchLimits to Engine::level_limits(level) (or depth /
// movetime_ms) and Info to SearchReport, and return it from make_move_searcher().
#include "server/move_searcher.h"

#include <limits>
#include <random>

#include "core/movegen.h"
#include "core/record.h"

namespace menagerie::server {

namespace {

class GreedySearcher final : public MoveSearcher {
  public:
    SearchReport search(const Position& start, const std::vector<Move>& moves,
                        const SearchLimits&) override {
        GameRecord record(start);
        for (Move m : moves) record.play(m);
        Position& pos = record.position();
        const Color us = pos.side_to_move();
        MoveList list;
        generate_legal(pos, list);
        SearchReport report;
        report.depth = 1;
        int best = std::numeric_limits<int>::min(), ties = 0;
        for (Move m : list) {
            StateInfo st;
            pos.do_move(m, st);
            ++report.nodes;
            int score = pos.material(us) - pos.material(~us);
            MoveList replies;
            if (pos.side_to_move() != us) {
                generate_legal(pos, replies);
                if (replies.size() == 0 && pos.checkers()) score = MATE;
            }
            pos.undo_move(m);
            // Reservoir sampling keeps a uniformly random one of the equally good moves.
            if (score > best) {
                best = score, ties = 1;
                report.pv = {m};
            } else if (score == best && std::uniform_int_distribution<int>(0, ties++)(rng_) == 0) {
                report.pv = {m};
            }
        }
        if (report.pv.empty()) return report;
        if (best == MATE)
            report.mate = 1;
        else
            report.score_cp = best;
        return report;
    }

  private:
    static constexpr int MATE = 1'000'000;
    std::mt19937_64 rng_{std::random_device{}()};
};

}  // namespace

std::unique_ptr<MoveSearcher> make_move_searcher() { return std::make_unique<GreedySearcher>(); }

}  // namespace menagerie::server
