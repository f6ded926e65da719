// The server's searcher is the engine (src/engine): a level maps to Engine::level_limits, an
// analysis to a depth or a time. Each engine worker thread owns one, so each has its own hash.
#include "server/move_searcher.h"

#include <random>

#include "engine/engine.h"

namespace menagerie::server {

namespace {

class EngineSearcher final : public MoveSearcher {
  public:
    SearchReport search(const Position& start, const std::vector<Move>& moves,
                        const SearchLimits& limits) override {
        engine::Limits l;
        if (limits.level > 0) {
            l = engine::Engine::level_limits(limits.level);
            l.seed = seeds_();  // weak levels vary from game to game
        } else {
            l.depth = limits.depth;
            l.movetime_ms = limits.movetime_ms;
        }
        const engine::Info info = engine_.search(start, moves, l);
        SearchReport report;
        report.depth = info.depth;
        report.nodes = info.nodes;
        report.pv = info.pv;
        if (info.mate)
            report.mate = info.mate;
        else
            report.score_cp = info.score_cp;
        return report;
    }
    void stop() override { engine_.stop(); }

  private:
    engine::Engine engine_{16, 1};
    std::mt19937_64 seeds_{std::random_device{}()};
};

}  // namespace

std::unique_ptr<MoveSearcher> make_move_searcher() { return std::make_unique<EngineSearcher>(); }

}  // namespace menagerie::server
