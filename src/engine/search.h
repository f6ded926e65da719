// One search thread (Lazy SMP: every thread runs this on its own copy of the position, sharing
// the transposition table and the stop flag). Iterative deepening with aspiration windows over
// a principal-variation alpha-beta search and a quiescence search; see docs/engine.md.
#pragma once

#include <array>
#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "engine/chance.h"
#include "engine/engine.h"
#include "engine/eval.h"
#include "engine/history.h"
#include "engine/movepick.h"
#include "engine/nnue.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace menagerie::engine {

class Worker;

// What the threads of one search share.
struct SearchShared {
    TranspositionTable* tt = nullptr;
    std::shared_ptr<const EvalTables> eval;
    std::shared_ptr<const nnue::Network> net;  // the game's network, or none: eval's terms
    Limits limits;
    TimeManager time;
    std::atomic<bool> stop{false};
    // Engine::stop() from outside, as against a limit reached: an infinite or pondering search
    // that has ended waits for this (or ponderhit) before it answers.
    std::atomic<bool> halt{false};
    std::atomic<bool> pondering{false};
    std::atomic<bool> running{false};  // set up and searching
    std::vector<Worker*> workers;
    std::function<void(const Info&)> on_info;
    uint64_t total_nodes() const;
    // An infinite or pondering search answers only once released by stop (or ponderhit), also
    // when a limit or the lack of a legal move ended it first.
    void wait_for_release() const;
};

struct RootMove {
    Move move;
    int score = -SCORE_INFINITE, previous_score = -SCORE_INFINITE;
    int seldepth = 0;
    std::vector<Move> pv;
};

class Worker {
  public:
    Worker(int id, SearchShared& shared);
    void clear();  // histories: a new game
    // Takes the position (with its history, for repetitions) and the root moves.
    void set_position(const Position& start, const std::vector<Move>& moves);
    // Iterative deepening until a limit or stop; the main thread (id 0) reports and stops all.
    void iterate();
    // On a cache line of its own: the main thread reads every thread's count while they write.
    alignas(64) std::atomic<uint64_t> nodes{0};
    int completed_depth = 0;
    std::vector<RootMove> root_moves;
    Info info_of(int line) const;  // the report of a PV line after the last iteration
    Color side_to_move() const { return pos_->side_to_move(); }
    bool in_check() const { return pos_->checkers() != 0; }

  private:
    enum NodeType { ROOT, PV, NON_PV };
    struct Frame {
        std::array<Move, 2> killers{};
        Move current = MOVE_NONE;
        int16_t* continuation = nullptr;  // History::row of `current`
        int static_eval = SCORE_NONE;
        bool null_move = false;
        Move excluded = MOVE_NONE;  // the move a singular-extension search leaves out
    };
    template <NodeType NT>
    int search(int alpha, int beta, int depth, int ply, bool cut_node);
    template <NodeType NT>
    int qsearch(int alpha, int beta, int ply);
    // The child's score from this node's side: the child's own score when the same side moves
    // again (a choice step that keeps the turn), else its negation.
    template <NodeType NT>
    int child(bool flips, int alpha, int beta, int depth, int ply, bool cut_node);
    template <NodeType NT>
    int child_qs(bool flips, int alpha, int beta, int ply);
    // Black Swan: the value of chance move m (on a player's view) from this node's side: the
    // probability-weighted average of its outcomes' values (expectimax), each searched to
    // `depth` (quiescence when `depth` <= 0 or `qs`), with Star1 cut-offs from the score range.
    template <NodeType NT>
    int chance(Move m, int alpha, int beta, int depth, int ply, bool cut_node, bool qs);
    // The key of the current position in the table: the position's, with what the position's
    // key leaves out and a chance node's value depends on (the unseen tiles).
    uint64_t node_key() const { return pos_->key() ^ (swan_view_ ? unseen_key(*pos_) : 0); }
    // The static evaluation of the position at `ply`, from the side to move's view; `key` is its
    // node_key(), which the caller has already computed for the table.
    int static_eval(int ply, uint64_t key);
    // The static evaluation with the correction learnt for the pawn structure and the men.
    int corrected_eval(int raw) const {
        return std::clamp(history_.corrected(*pos_, raw), -SCORE_MATE_BOUND + 1,
                          SCORE_MATE_BOUND - 1);
    }
    void check_limits();
    void update_pv(int ply, Move m);
    // The counter-move entry of the move that led here (null at the root, after a null move,
    // or when the move left no man on its destination).
    Move* counter_slot(int ply);
    void report();  // on_info for each PV line
    // The best move's score below that of the main thread's last search from the same side
    // (the last move's, in a game); 0 when there is none or either is a mate.
    int score_fall() const;

    int id_;
    SearchShared& shared_;
    std::unique_ptr<Position> pos_;
    std::deque<StateInfo> history_states_;  // the game's moves before the root
    std::vector<StateInfo> states_;         // one per ply of the search
    std::vector<PlyMoves> ply_moves_;
    std::vector<PlyMoves> excluded_moves_;  // a singular search's, at the ply it tests
    std::vector<Frame> frames_;
    std::vector<ChanceOutcomes> chance_outcomes_;  // one per ply
    bool swan_view_ = false;                       // a player's view with chance moves
    std::vector<std::array<Move, MAX_PLY + 1>> pv_;
    std::array<int, MAX_PLY + 1> pv_length_{};
    History history_;
    nnue::Evaluator evaluator_;
    // Static evaluations already made, by the node's key: a position is met again in re-searches
    // (after a reduction, a null window, the internal iterative deepening, a singular test) and
    // by transposition. An entry is the key's upper 48 bits and the value in the low 16.
    std::vector<uint64_t> eval_cache_;
    PawnCache pawn_cache_;  // emptied with eval_cache_, for the same reasons
    int seldepth_ = 0;
    int pv_index_ = 0;
    int root_depth_ = 0;
    uint64_t checks_ = 0;
    struct LastSearch {
        Color side = COLOR_NB;  // none yet
        int score = 0;
    } last_search_;  // the main thread's, until a new game
};

}  // namespace menagerie::engine
