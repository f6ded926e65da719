#include "engine/search.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

#include "core/movegen.h"
#include "core/rules.h"
#include "engine/tunables.h"

namespace menagerie::engine {

namespace {

// Late-move reductions: about log(depth) * log(move number) / 2.
struct Reductions {
    std::array<std::array<int8_t, 64>, 64> table{};
    Reductions() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                table[d][m] = static_cast<int8_t>(0.5 + std::log(d) * std::log(m) / 2.0);
    }
    int operator()(int depth, int move_number) const {
        return table[std::min(depth, 63)][std::min(move_number, 63)];
    }
};
const Reductions reduction;

// What a capture or promotion gains at most: the man it takes (a pawn's worth where the
// destination is empty, as en passant takes a pawn) and, for a promotion, the man it becomes.
int tactical_gain(const Position& pos, Move m) {
    const Game& g = pos.game();
    const Piece victim = pos.piece_on(m.to());
    return (victim == NO_PIECE ? 100 : g.men.value[type_of(victim)]) +
           (m.kind() == MoveKind::Promotion ? g.men.value[m.promotion()] : 0);
}

// Whether m takes a face-down man, worth the expectation of what it hides, not its type's value.
bool takes_face_down(const Position& pos, Move m) {
    const Piece victim = pos.piece_on(m.to());
    return victim != NO_PIECE && pos.game().chance.face_down(type_of(victim));
}

// Whether the side to move has a man other than pawns and king: without one, zugzwang is
// common and the null move is not tried.
bool has_pieces(const Position& pos, Color c) {
    const Game& g = pos.game();
    Bitboard men = pos.pieces(c);
    if (g.men.king >= 0) men &= ~pos.pieces(g.men.king);
    if (g.men.pawn >= 0) men &= ~pos.pieces(g.men.pawn);
    return men != 0;
}

// The key after a normal move or promotion as far as the men, the side and en passant tell (a
// move may also change unmoved marks or make an en passant chance): the child's table entry is
// fetched into the cache with it while the move is made. A wrong guess costs only the fetch.
uint64_t key_after(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece p = pos.piece_on(from), taken = pos.piece_on(to);
    const Piece arrives =
        m.kind() == MoveKind::Promotion ? make_piece_code(pos.side_to_move(), m.promotion()) : p;
    uint64_t k =
        pos.key() ^ zobrist::side() ^ zobrist::piece(p, from) ^ zobrist::piece(arrives, to);
    if (taken != NO_PIECE) k ^= zobrist::piece(taken, to);
    if (pos.state().ep_square != SQ_NONE) k ^= zobrist::ep(pos.state().ep_square);
    return k;
}

// Fetches the table entry of the position after m (normal moves and promotions; on a player's
// view the key also holds the unseen tiles, and there it is not guessed).
void prefetch_child(const TranspositionTable& tt, const Position& pos, Move m, bool swan_view) {
    if (!swan_view && (m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion))
        tt.prefetch(key_after(pos, m));
}

constexpr int FRAME_OFFSET = 4;  // frames before the root, so ply - 4 is always readable

}  // namespace

uint64_t SearchShared::total_nodes() const {
    uint64_t n = 0;
    for (const Worker* w : workers) n += w->nodes.load(std::memory_order_relaxed);
    return n;
}

void SearchShared::wait_for_release() const {
    while ((limits.infinite || pondering) && !halt)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

Worker::Worker(int id, SearchShared& shared)
    : id_(id),
      shared_(shared),
      states_(MAX_PLY + 2),
      ply_moves_(MAX_PLY + 2),
      excluded_moves_(MAX_PLY + 2),
      frames_(MAX_PLY + FRAME_OFFSET + 2),
      chance_outcomes_(MAX_PLY + 2),
      pv_(MAX_PLY + 2) {}

void Worker::clear() {
    history_.clear();
    last_search_ = {};
}

void Worker::set_position(const Position& start, const std::vector<Move>& moves) {
    history_states_.clear();
    pos_ = std::make_unique<Position>(start);
    swan_view_ = start.game().has_chance();
    history_.fit(start.game());
    evaluator_.set(shared_.net, start.game());
    // Emptied for each search: the game, its terms or the network may have changed.
    eval_cache_.assign(size_t(1) << 16, 0);
    pawn_cache_.clear();
    // What a search leaves in its frames (the root's killers) and the phase of its limit checks
    // must not steer the next: a search to N nodes then depends only on the table and histories,
    // which new_game clears.
    std::fill(frames_.begin(), frames_.end(), Frame{});
    checks_ = 0;
    for (Move m : moves) {
        history_states_.emplace_back();
        pos_->do_move(m, history_states_.back());
    }
    root_moves.clear();
    MoveList list;
    generate_legal(*pos_, list);
    const std::vector<Move>& only = shared_.limits.searchmoves;
    for (Move m : list)
        if (only.empty() || std::find(only.begin(), only.end(), m) != only.end())
            root_moves.push_back({m, -SCORE_INFINITE, -SCORE_INFINITE, 0, {m}});
    completed_depth = 0;
    nodes = 0;
}

int Worker::static_eval(int ply, uint64_t key) {
    uint64_t& entry = eval_cache_[key & (eval_cache_.size() - 1)];
    if ((entry ^ key) >> 16 == 0) return static_cast<int16_t>(entry & 0xFFFF);
    int value;
    if (!evaluator_.active()) {
        value = evaluate(*pos_, *shared_.eval, &pawn_cache_);
    } else {
        const int learnt = evaluator_.evaluate(*pos_, ply);
        value = learnt + (evaluator_.correction() ? evaluate(*pos_, *shared_.eval, &pawn_cache_)
                                                  : chance_terms(*pos_, *shared_.eval));
    }
    value = std::clamp(value, -SCORE_MATE_BOUND + 1, SCORE_MATE_BOUND - 1);
    entry = (key & ~uint64_t(0xFFFF)) | static_cast<uint16_t>(value);
    return value;
}

void Worker::check_limits() {
    if (++checks_ & 511) return;
    if (id_ != 0) return;
    const Limits& limits = shared_.limits;
    if (limits.nodes && shared_.total_nodes() >= limits.nodes) shared_.stop = true;
    if (shared_.time.timed() && !shared_.pondering && !limits.infinite &&
        shared_.time.elapsed_ms() >= shared_.time.maximum())
        shared_.stop = true;
}

Move* Worker::counter_slot(int ply) {
    const Move previous = frames_[ply + FRAME_OFFSET - 1].current;
    if (ply == 0 || previous == MOVE_NONE) return nullptr;
    const Piece p = pos_->piece_on(previous.to());
    return p == NO_PIECE ? nullptr : &history_.counter[p][previous.to()];
}

void Worker::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

template <Worker::NodeType NT>
int Worker::child(bool flips, int alpha, int beta, int depth, int ply, bool cut_node) {
    constexpr NodeType CHILD = NT == NON_PV ? NON_PV : PV;
    return flips ? -search<CHILD>(-beta, -alpha, depth, ply + 1, cut_node)
                 : search<CHILD>(alpha, beta, depth, ply + 1, cut_node);
}

template <Worker::NodeType NT>
int Worker::child_qs(bool flips, int alpha, int beta, int ply) {
    return flips ? -qsearch<NT>(-beta, -alpha, ply + 1) : qsearch<NT>(alpha, beta, ply + 1);
}

template <Worker::NodeType NT>
int Worker::chance(Move m, int alpha, int beta, int depth, int ply, bool cut_node, bool qs) {
    // Values are kept within the range where no score reads as a mate: an average of mate
    // scores is no mate in any number of moves (a sure mate still scores near the top).
    constexpr int LOW = -(SCORE_MATE_BOUND - 1), HIGH = SCORE_MATE_BOUND - 1;
    Position& pos = *pos_;
    ChanceOutcomes& outcomes = chance_outcomes_[ply];
    chance_outcomes(pos, m, outcomes);
    if (outcomes.count == 0) return LOW;  // no unseen tile: cannot happen in a real game
    // What an outcome changes in material: the pieces it brings, and for a reveal the expected
    // value of the mover's other face-down swans, which rises or falls with the tile it took
    // from the unseen ones (so that the estimates average out as the evaluation does).
    const EvalTables& t = *shared_.eval;
    const Color us = pos.side_to_move();
    double unseen_value = 0;
    int unseen_count = 0, other_swans = 0;
    if (outcome_kind(m) == MoveKind::Normal && t.swan >= 0) {
        const auto& unseen = pos.state().chance.unseen[us];
        for (int k = 0; k < TILE_KINDS_MAX; ++k) {
            unseen_count += unseen[static_cast<size_t>(k)];
            unseen_value += unseen[static_cast<size_t>(k)] * t.tile_mg[static_cast<size_t>(k)];
        }
        other_swans = popcount(pos.pieces(us, t.swan)) - 1;
    }
    auto brought = [&](Move o) {
        const Draw d = pos.game().chance.decode(outcome_kind(o), o.outcome());
        double v = 0;
        for (int i = 0; i < d.count; ++i) v += t.value_mg[d.types[static_cast<size_t>(i)]];
        if (unseen_count > 1 && d.tile >= 0)
            v += other_swans * (unseen_value - t.tile_mg[static_cast<size_t>(d.tile)]) /
                 (unseen_count - 1);
        return v;
    };
    // The likeliest outcome is searched; every other one is first estimated as its value
    // corrected by the difference in material the two bring. Deeper in the tree (more depth
    // left) the next likeliest ones are searched too, replacing their estimates.
    qs = qs || depth <= 0;
    const int searched = qs || depth <= 2 ? 1 : depth <= 4 ? 2 : depth <= 6 ? 3 : 4;
    const double first_brought = brought(outcomes.list[0].move);
    double correction = 0;  // the estimate's average less the first outcome's value
    for (int i = 1; i < outcomes.count; ++i) {
        const ChanceOutcome& o = outcomes.list[static_cast<size_t>(i)];
        correction += o.probability * (brought(o.move) - first_brought);
    }
    auto search_outcome = [&](Move o, int a, int b) {
        pos.do_move(o, states_[ply]);
        const bool flips = pos.side_to_move() != us;
        const int v = qs ? child_qs < NT == NON_PV ? NON_PV : PV > (flips, a, b, ply)
                         : child<NT>(flips, a, b, depth, ply, cut_node);
        pos.undo_move(o);
        return std::clamp(v, LOW, HIGH);
    };
    auto window = [](double bound) {
        return static_cast<int>(std::clamp(bound, double(-SCORE_INFINITE), double(SCORE_INFINITE)));
    };
    // The first outcome's window is the node's shifted by the correction: a plain child.
    const int shift = static_cast<int>(std::lround(correction));
    const int first =
        search_outcome(outcomes.list[0].move, std::clamp(alpha - shift, LOW - 1, HIGH),
                       std::clamp(beta - shift, LOW, HIGH + 1));
    if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;
    double average = std::clamp(first + correction, double(LOW), double(HIGH));
    if (average <= alpha || average >= beta) return static_cast<int>(std::lround(average));
    // Each further outcome searched moves the average by p·(value − estimate); its window is
    // where that move decides the node against alpha or beta.
    for (int i = 1; i < std::min(searched, outcomes.count); ++i) {
        const ChanceOutcome& o = outcomes.list[static_cast<size_t>(i)];
        const double p = o.probability;
        const double estimate =
            std::clamp(first + brought(o.move) - first_brought, double(LOW), double(HIGH));
        const double lo = estimate + (alpha - average) / p, hi = estimate + (beta - average) / p;
        const int v = search_outcome(o.move, window(std::floor(lo)), window(std::ceil(hi)));
        if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;
        average = std::clamp(average + p * (v - estimate), double(LOW), double(HIGH));
        if (v <= lo || v >= hi) break;  // the average is decided: a bound past alpha or beta
    }
    return static_cast<int>(std::lround(average));
}

template <Worker::NodeType NT>
int Worker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
    constexpr bool pv_node = NT != NON_PV, root = NT == ROOT;
    if (depth <= 0) return qsearch < pv_node ? PV : NON_PV > (alpha, beta, ply);
    Position& pos = *pos_;
    Frame& frame = frames_[ply + FRAME_OFFSET];

    // 1. Count the node, look at the clock, and stop when asked.
    nodes.fetch_add(1, std::memory_order_relaxed);
    check_limits();
    if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply + 1);
    const bool in_check = pos.checkers() != 0;

    // 2. Draws by the fifty-move rule and by repetition (a position met once more in the
    // search is scored as the draw it can force), and mate distance pruning.
    if (!root) {
        if (ply >= MAX_PLY - 1) return in_check ? 0 : static_eval(ply, node_key());
        if (pos.rule50() >= 100 || pos.repetitions() > 0) return 0;
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    // 3. The transposition table: a deep enough result ends a node off the principal line.
    // A singular search (one move excluded) neither takes nor leaves a result for the node.
    const Move excluded = frame.excluded;
    const bool excluding = excluded != MOVE_NONE;
    const uint64_t key = node_key();
    TTHit tt;
    const bool tt_hit = shared_.tt->probe(key, tt);
    const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : SCORE_NONE;
    Move tt_move = root ? root_moves[pv_index_].move : tt_hit ? tt.move : MOVE_NONE;
    if (!pv_node && !excluding && tt_hit && tt.depth >= depth && pos.rule50() < 90 &&
        (tt.bound & (tt_score >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_score;

    // 4. Static evaluation, and pruning where the position looks decided. Not while a side
    // owes a choice: the choices are the only moves and there is no passing them.
    const bool pending = pos.pending() != NO_PENDING;
    const Color us = pos.side_to_move();
    const bool us_has_pieces = has_pieces(pos, us);
    int eval = SCORE_NONE, static_value = SCORE_NONE;  // static_value: before the table's
    if (!in_check) {
        eval = static_value = corrected_eval(static_eval(ply, key));
        if (tt_hit && tt_score != SCORE_NONE &&
            (tt.bound & (tt_score > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tt_score;
    }
    frame.static_eval = eval;
    const Frame& before = frames_[ply + FRAME_OFFSET - 2];
    const bool improving =
        !in_check && before.static_eval != SCORE_NONE && eval > before.static_eval;
    frame.null_move = false;
    frames_[ply + FRAME_OFFSET + 1].killers = {MOVE_NONE, MOVE_NONE};

    if (!pv_node && !in_check && !pending && !excluding && std::abs(beta) < SCORE_MATE_BOUND) {
        // 4a. Reverse futility: far above beta at low depth.
        if (depth <= 7 && eval - tuned(RFP_MARGIN) * (depth - improving) >= beta) return eval;
        // 4b. Razoring: far below alpha near the leaves, a quiescence search decides.
        if (depth <= 3 && eval + tuned(RAZOR_BASE) + tuned(RAZOR_SLOPE) * depth * depth < alpha) {
            const int value = qsearch<NON_PV>(alpha - 1, alpha, ply);
            if (value < alpha) return value;
        }
        // 4c. Null move: give the opponent a free move; if we still reach beta, cut.
        const Frame& parent = frames_[ply + FRAME_OFFSET - 1];
        if (depth >= 3 && eval >= beta && !parent.null_move && us_has_pieces) {
            const int r = 3 + depth / 4 + std::min((eval - beta) / tuned(NULL_EVAL_DIVISOR), 3);
            frame.null_move = true;
            frame.current = MOVE_NONE;
            frame.continuation = nullptr;
            pos.do_null_move(states_[ply]);
            const int value = -search<NON_PV>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
            pos.undo_null_move();
            frame.null_move = false;
            if (shared_.stop.load(std::memory_order_relaxed)) return 0;
            if (value >= beta) return value >= SCORE_MATE_BOUND ? beta : value;
        }
    }
    // 4d. ProbCut: a capture that beats beta by a margin in a search 4 plies shallower (after a
    // quiescence search says it may) most likely beats beta at full depth, and ends the node.
    // Not when the table already holds a deep enough score below that margin.
    const int probcut_beta = beta + tuned(PROBCUT_MARGIN);
    if (!pv_node && !in_check && !pending && !excluding && depth >= 5 &&
        std::abs(beta) < SCORE_MATE_BOUND &&
        !(tt_hit && tt.depth >= depth - 3 && tt_score != SCORE_NONE && tt_score < probcut_beta)) {
        MovePicker captures(pos, ply_moves_[ply], tt_move, {MOVE_NONE, MOVE_NONE}, MOVE_NONE,
                            history_, ContinuationRows{}, true);
        int see = SEE_UNKNOWN;
        for (Move m = captures.next(see); m != MOVE_NONE; m = captures.next(see)) {
            if (!is_tactical(pos, m) || (swan_view_ && is_chance_move(pos, m))) continue;
            if ((see == SEE_UNKNOWN ? pos.see(m) : see) < probcut_beta - static_value) continue;
            if (!legal(pos, m)) continue;
            frame.current = m;
            frame.continuation = history_.row(pos.piece_on(m.from()), m.to());
            prefetch_child(*shared_.tt, pos, m, swan_view_);
            pos.do_move(m, states_[ply]);
            const bool flips = pos.side_to_move() != us;
            int value = child_qs<NON_PV>(flips, probcut_beta - 1, probcut_beta, ply);
            if (value >= probcut_beta)
                value =
                    child<NON_PV>(flips, probcut_beta - 1, probcut_beta, depth - 4, ply, !cut_node);
            pos.undo_move(m);
            if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;
            if (value >= probcut_beta && !is_mate_score(value)) {
                shared_.tt->store(key, m, score_to_tt(value, ply), depth - 3, BOUND_LOWER);
                return value;
            }
        }
    }
    // 4e. No hash move on a principal line: a shallower search finds one. Where there is still
    // none (or at an expected cut node), the position is new to the search: searching it a ply
    // shallower costs little, and the next visit finds a move in the table.
    if (pv_node && !root && !excluding && tt_move == MOVE_NONE && depth >= 6) {
        search<NT>(alpha, beta, depth - 3, ply, cut_node);
        if (TTHit found; shared_.tt->probe(key, found)) tt_move = found.move;
    }
    if (!root && !excluding && (pv_node || cut_node) && tt_move == MOVE_NONE && depth >= 4) --depth;

    // 5. The moves, best first.
    PlyMoves& moves = excluding ? excluded_moves_[ply] : ply_moves_[ply];
    Move* const counter = counter_slot(ply);
    const ContinuationRows rows = {frames_[ply + FRAME_OFFSET - 1].continuation,
                                   frames_[ply + FRAME_OFFSET - 2].continuation,
                                   frames_[ply + FRAME_OFFSET - 4].continuation};
    std::optional<MovePicker> picker;
    if (root) {
        const int count = static_cast<int>(root_moves.size()) - pv_index_;
        for (int i = 0; i < count; ++i) moves.list.moves[i] = root_moves[pv_index_ + i].move;
        picker.emplace(moves, count);
    } else {
        picker.emplace(pos, moves, tt_move, frame.killers, counter ? *counter : MOVE_NONE, history_,
                       rows, false);
    }
    bool tt_capture = false;  // a capture as the hash move: the quiet moves are likely worse
    int best = -SCORE_INFINITE, played = 0, quiet_count = 0;
    Move best_move = MOVE_NONE;
    std::array<Move, 64> quiets_tried;
    std::array<Move, 32> tactics_tried;
    int tactic_count = 0;
    int see = SEE_UNKNOWN;
    for (Move m = picker->next(see); m != MOVE_NONE; m = picker->next(see)) {
        if (m == excluded || (!root && !legal(pos, m))) continue;
        const bool tactical = is_tactical(pos, m);
        if (m == tt_move && tactical) tt_capture = true;
        // A chance move's check depends on its outcome: its children see it.
        const bool is_chance = swan_view_ && is_chance_move(pos, m);
        const bool gives_check = !is_chance && pos.gives_check(m);
        const Piece moved = pos.piece_on(m.from());

        // 6. Pruning of late moves at low depth, once a move has kept us from being mated.
        if (!root && best > -SCORE_MATE_BOUND && played > 0 && !in_check && !pending &&
            us_has_pieces) {
            if (!tactical && !gives_check) {
                if (depth <= 5 && played >= (3 + depth * depth) / (2 - improving)) continue;
                // A move that has kept failing after these predecessors.
                if (depth <= 3 &&
                    history_.quiet(us, m, moved, rows) < -tuned(HISTORY_PRUNE) * depth)
                    continue;
                // A late quiet move is judged at the depth its reduction would leave it; a
                // chance move at the node's, since what it turns over is beyond the evaluation.
                const int lmr_depth =
                    is_chance ? depth : std::max(depth - 1 - reduction(depth, played + 1), 0);
                if (lmr_depth <= 6 && eval != SCORE_NONE &&
                    eval + tuned(FUTILITY_BASE) + tuned(FUTILITY_SLOPE) * lmr_depth <= alpha)
                    continue;
                if (lmr_depth <= 6 && pos.see(m) < -tuned(SEE_QUIET) * lmr_depth * lmr_depth)
                    continue;
            } else {
                if (depth <= 6 &&
                    (see == SEE_UNKNOWN ? pos.see(m) : see) < -tuned(SEE_TACTICAL) * depth)
                    continue;
                // A capture that, with what it takes and how such captures have fared, cannot
                // lift the evaluation to alpha.
                if (depth <= 6 && eval != SCORE_NONE && tactical && !gives_check && !is_chance &&
                    !takes_face_down(pos, m) &&
                    eval + tuned(CAPTURE_FUTILITY_BASE) + tuned(CAPTURE_FUTILITY_SLOPE) * depth +
                            tactical_gain(pos, m) +
                            history_.capture(moved, m.to(), taken_type(pos, m)) / 8 <=
                        alpha)
                    continue;
            }
        }

        // 7. Extensions. The hash move is searched a ply deeper when it is singular: every
        // other move, searched shallower, fails below its stored lower bound less a margin. When
        // even that bound without it reaches beta, several moves do and the node is cut; when
        // the hash move's bound alone reaches beta, it is searched a ply shallower. Otherwise a
        // check that does not lose material is searched one ply deeper.
        int extension = 0;
        if (!root && tt_hit && m == tt_move && m == tt.move && !excluding && depth >= 7 &&
            ply < 2 * root_depth_ && (tt.bound & BOUND_LOWER) && tt.depth >= depth - 3 &&
            std::abs(tt_score) < SCORE_MATE_BOUND && !is_chance) {
            const int singular_beta = tt_score - tuned(SINGULAR_MARGIN) * depth;
            frame.excluded = m;
            const int value_without =
                search<NON_PV>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
            frame.excluded = MOVE_NONE;
            if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;
            if (value_without < singular_beta)
                extension = 1;
            else if (singular_beta >= beta)
                return singular_beta;
            else if (tt_score >= beta)
                extension = -1;
        }
        if (!extension && gives_check && ply < 2 * root_depth_ && (see == SEE_UNKNOWN || see >= 0))
            extension = 1;
        const int new_depth = depth - 1 + extension;

        frame.current = m;
        frame.continuation = history_.row(moved, m.to());
        bool flips = true;
        if (!is_chance) {
            prefetch_child(*shared_.tt, pos, m, swan_view_);
            pos.do_move(m, states_[ply]);
            flips = pos.side_to_move() != us;
        }
        ++played;
        // A chance move's value is its outcomes' average; any other move's, its child's.
        auto next = [&]<NodeType CNT>(int a, int b, int d, bool cut) {
            return is_chance ? chance<CNT>(m, a, b, d, ply, cut, false)
                             : child<CNT>(flips, a, b, d, ply, cut);
        };
        int value;
        if (played == 1) {
            value = next.template operator()<NT>(alpha, beta, new_depth, false);
        } else {
            // 8. Late-move reductions for quiet moves; re-searched in full if they beat alpha.
            int r = 0;
            if (depth >= 3 && played > 1 + 2 * pv_node && !tactical && !in_check) {
                r = reduction(depth, played);
                r += cut_node - pv_node + !improving + tt_capture;
                r -= std::clamp(history_.quiet(us, m, moved, rows) / tuned(LMR_HISTORY), -2, 2);
                // The killers and the counter-move have refuted a sibling: less.
                r -= m == frame.killers[0] || m == frame.killers[1] || (counter && m == *counter);
                r = std::clamp(r, 0, new_depth - 1);
            } else if (depth >= 5 && played > 3 + 2 * pv_node && tactical && !in_check &&
                       see != SEE_UNKNOWN && see < 0) {
                r = std::clamp(1 + cut_node, 0, new_depth - 1);  // a late losing capture
            }
            value = next.template operator()<NON_PV>(alpha, alpha + 1, new_depth - r, true);
            if (value > alpha && r > 0)
                value = next.template operator()<NON_PV>(alpha, alpha + 1, new_depth, !cut_node);
            if (pv_node && value > alpha && (root || value < beta))
                value = next.template operator()<NT>(alpha, beta, new_depth, false);
        }
        if (is_chance)
            pv_length_[ply + 1] = ply + 1;  // the line after it depends on the outcome
        else
            pos.undo_move(m);
        if (shared_.stop.load(std::memory_order_relaxed) && root_depth_ > 1) return 0;

        if (root) {
            RootMove& rm = *std::find_if(root_moves.begin(), root_moves.end(),
                                         [m](const RootMove& x) { return x.move == m; });
            if (played == 1 || value > alpha) {
                rm.score = value;
                rm.seldepth = seldepth_;
                rm.pv.assign(1, m);
                for (int i = 1; i < pv_length_[1]; ++i) rm.pv.push_back(pv_[1][i]);
            } else {
                rm.score = -SCORE_INFINITE;
            }
        }
        if (value > best) {
            best = value;
            if (value > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (value >= beta) break;
                alpha = value;
            }
        }
        if (m != best_move) {
            if (!tactical && quiet_count < 64) quiets_tried[quiet_count++] = m;
            if (tactical && tactic_count < 32) tactics_tried[tactic_count++] = m;
        }
    }

    // 9. No legal move: mate or stalemate (a draw in every game).
    if (!played) {
        if (root) return 0;
        if (excluding) return alpha;  // the excluded move was the only one
        best = in_check ? mated_in(ply) : 0;
    }

    // 10. Learn from the cut: killers and history for the quiet move that made it, capture
    // history for the capture that made it; the tactical moves tried before it failed.
    if (best_move != MOVE_NONE && best >= beta) {
        const int bonus = std::min(depth * depth * 16, 1600);
        auto update_capture = [&](Move m, int b) {
            history_.update_capture(pos.piece_on(m.from()), m.to(), taken_type(pos, m), b);
        };
        if (is_tactical(pos, best_move)) {
            update_capture(best_move, bonus);
        } else {
            history_.update_quiet(us, best_move, pos.piece_on(best_move.from()), rows, bonus);
            for (int i = 0; i < quiet_count; ++i)
                history_.update_quiet(us, quiets_tried[i], pos.piece_on(quiets_tried[i].from()),
                                      rows, -bonus);
            if (frame.killers[0] != best_move) frame.killers = {best_move, frame.killers[0]};
            if (counter) *counter = best_move;
        }
        for (int i = 0; i < tactic_count; ++i) update_capture(tactics_tried[i], -bonus);
    }

    const Bound bound = best >= beta                        ? BOUND_LOWER
                        : pv_node && best_move != MOVE_NONE ? BOUND_EXACT
                                                            : BOUND_UPPER;
    // What the search found, against the static evaluation, corrects it for this pawn
    // structure and these men: a lower bound only when above it, an upper bound only when below it;
    // not by a capture's gain, which no evaluation of the position before it would see.
    if (!in_check && !excluding && !is_mate_score(best) &&
        (best_move == MOVE_NONE || !is_tactical(pos, best_move)) &&
        !(bound == BOUND_LOWER && best <= static_value) &&
        !(bound == BOUND_UPPER && best >= static_value))
        history_.correct(pos, static_value, best, depth);
    if ((!root || pv_index_ == 0) && !excluding)
        shared_.tt->store(key, best_move, score_to_tt(best, ply), depth, bound);
    return best;
}

template <Worker::NodeType NT>
int Worker::qsearch(int alpha, int beta, int ply) {
    constexpr bool pv_node = NT != NON_PV;
    Position& pos = *pos_;
    nodes.fetch_add(1, std::memory_order_relaxed);
    check_limits();
    if (pv_node) pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply + 1);
    const bool in_check = pos.checkers() != 0;
    if (ply >= MAX_PLY - 1) return in_check ? 0 : static_eval(ply, node_key());
    // Evasions are quiet, so checks given back and forth can repeat a position.
    if (pos.rule50() >= 100 || pos.repetitions() > 0) return 0;

    const uint64_t key = node_key();
    TTHit tt;
    const bool tt_hit = shared_.tt->probe(key, tt);
    const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : SCORE_NONE;
    if (!pv_node && tt_hit && tt_score != SCORE_NONE &&
        (tt.bound & (tt_score >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_score;

    // Standing pat: the side to move need not capture.
    int best = -SCORE_INFINITE, stand = SCORE_NONE;
    if (!in_check) {
        stand = best = corrected_eval(static_eval(ply, key));
        // A stored bound on the side of the evaluation's error is the better guess.
        if (tt_hit && tt_score != SCORE_NONE && !is_mate_score(tt_score) &&
            (tt.bound & (tt_score > stand ? BOUND_LOWER : BOUND_UPPER)))
            stand = best = tt_score;
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
    }
    // In check every evasion is searched; otherwise captures and promotions that do not lose
    // material, and only those that could lift the score to alpha.
    PlyMoves& moves = ply_moves_[ply];
    MovePicker picker(pos, moves, tt_hit ? tt.move : MOVE_NONE, {MOVE_NONE, MOVE_NONE}, MOVE_NONE,
                      history_, ContinuationRows{}, !in_check);
    const Color us = pos.side_to_move();
    int played = 0, see = SEE_UNKNOWN;
    Move best_move = MOVE_NONE;
    for (Move m = picker.next(see); m != MOVE_NONE; m = picker.next(see)) {
        if (!in_check) {
            if (!is_tactical(pos, m)) continue;  // a pending choice's moves are quiet
            if (see == SEE_UNKNOWN) see = pos.see(m);
            if (see < 0) continue;
            if (stand + tactical_gain(pos, m) + tuned(QS_DELTA) <= alpha) continue;
        }
        if (!legal(pos, m)) continue;
        ++played;
        int value;
        if (swan_view_ && is_chance_move(pos, m)) {
            value = chance<NT>(m, alpha, beta, 0, ply, false, true);
            if (pv_node) pv_length_[ply + 1] = ply + 1;
        } else {
            prefetch_child(*shared_.tt, pos, m, swan_view_);
            pos.do_move(m, states_[ply]);
            const bool flips = pos.side_to_move() != us;
            value = child_qs<NT>(flips, alpha, beta, ply);
            pos.undo_move(m);
        }
        if (value > best) {
            best = value;
            if (value > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    if (in_check && !played) return mated_in(ply);
    shared_.tt->store(key, best_move, score_to_tt(best, ply), -1,
                      best >= beta ? BOUND_LOWER : BOUND_UPPER);
    return best;
}

Info Worker::info_of(int line) const {
    Info info;
    const RootMove& rm = root_moves[static_cast<size_t>(line)];
    const int score = rm.score == -SCORE_INFINITE ? rm.previous_score : rm.score;
    info.depth = completed_depth;
    info.seldepth = rm.seldepth;
    info.multipv = line + 1;
    if (score >= SCORE_MATE_BOUND)
        info.mate = (SCORE_MATE - score + 1) / 2;
    else if (score <= -SCORE_MATE_BOUND)
        info.mate = -(SCORE_MATE + score) / 2;
    info.score_cp = is_mate_score(score) ? (score > 0 ? 100000 : -100000) : score;
    info.nodes = shared_.total_nodes();
    info.time_ms = shared_.time.elapsed_ms();
    info.hashfull = shared_.tt->hashfull();
    info.pv = rm.pv;
    return info;
}

void Worker::report() {
    if (!shared_.on_info) return;
    const int lines = std::min<int>(shared_.limits.multipv, static_cast<int>(root_moves.size()));
    for (int i = 0; i < lines; ++i) shared_.on_info(info_of(i));
}

void Worker::iterate() {
    if (root_moves.empty()) return;
    const Limits& limits = shared_.limits;
    const int lines = std::clamp(limits.multipv, 1, static_cast<int>(root_moves.size()));
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 2) : MAX_PLY - 2;
    Move last_best = MOVE_NONE;
    int stable_iterations = 0;
    for (int depth = 1 + (id_ > 0 && (id_ & 1)); depth <= max_depth; ++depth) {
        if (shared_.stop && depth > 1) break;
        root_depth_ = depth;
        for (RootMove& rm : root_moves) rm.previous_score = rm.score;
        for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
            seldepth_ = 0;
            const int previous = root_moves[pv_index_].previous_score;
            int delta = tuned(ASPIRATION), alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
            if (depth >= 4 && std::abs(previous) < SCORE_MATE_BOUND) {
                alpha = std::max(previous - delta, -SCORE_INFINITE);
                beta = std::min(previous + delta, SCORE_INFINITE);
            }
            for (;;) {
                const int score = search<ROOT>(alpha, beta, depth, 0, false);
                std::stable_sort(
                    root_moves.begin() + pv_index_, root_moves.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (shared_.stop && depth > 1) break;
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -SCORE_INFINITE);
                } else if (score >= beta) {
                    beta = std::min(score + delta, SCORE_INFINITE);
                } else {
                    break;
                }
                delta += delta / 2 + 5;
            }
            std::stable_sort(
                root_moves.begin(), root_moves.begin() + pv_index_ + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (shared_.stop && depth > 1) break;
        }
        if (shared_.stop && depth > 1) {
            // An interrupted iteration's moves keep their last completed scores where they were
            // not searched again; the best found so far stays first.
            for (RootMove& rm : root_moves)
                if (rm.score == -SCORE_INFINITE) rm.score = rm.previous_score;
            break;
        }
        completed_depth = depth;
        if (id_ != 0) {
            // A helper that completes the depth asked for ends the search: its line is as deep
            // as the main thread's would be, and is played (Engine::search takes the deepest).
            if (depth >= max_depth && limits.depth > 0 && !limits.infinite && !shared_.pondering)
                shared_.stop = true;
            continue;
        }
        report();

        // The clock: no new iteration once the soft limit has passed, which is shorter when the
        // best move has stayed the same for a while and longer when the score falls.
        if (root_moves[0].move == last_best)
            ++stable_iterations;
        else
            stable_iterations = 0, last_best = root_moves[0].move;
        if (shared_.time.timed() && !shared_.pondering && !limits.infinite) {
            if (shared_.time.elapsed_ms() >=
                shared_.time.soft_limit(stable_iterations, score_fall()))
                break;
        }
        if (std::abs(root_moves[0].score) >= SCORE_MATE_BOUND && limits.depth == 0 &&
            !limits.infinite && !shared_.pondering && !shared_.time.fixed() &&
            completed_depth >= 2 * (SCORE_MATE - std::abs(root_moves[0].score)) + 4)
            break;
    }
    if (id_ == 0) {
        last_search_ = {pos_->side_to_move(), root_moves[0].score};
        shared_.wait_for_release();
        shared_.stop = true;
    }
}

int Worker::score_fall() const {
    const int score = root_moves[0].score;
    if (last_search_.side != pos_->side_to_move() || is_mate_score(last_search_.score) ||
        is_mate_score(score))
        return 0;
    return last_search_.score - score;
}

}  // namespace menagerie::engine
