#include "app/self_play.h"

#include <cstdlib>

#include "core/movegen.h"
#include "core/outcome.h"
#include "core/setup.h"

namespace menagerie {

namespace {

constexpr int MAX_PLIES = 600;

int white_result(Result r) { return r == Result::WhiteWins ? 1 : r == Result::BlackWins ? -1 : 0; }

}  // namespace

void SelfPlay::start_open(const Position& start) {
    referee_.reset();
    open_.reset();
    start_.emplace(start);
    open_.emplace(*start_);
}

void SelfPlay::start_refereed(const std::shared_ptr<const Game>& game) {
    open_.reset();
    start_.reset();
    referee_.reset();
    referee_.emplace(start_position(game));
}

void SelfPlay::play(Move m) {
    if (referee_)
        referee_->play(m);
    else
        open_->play(m);
}

int SelfPlay::play_out(engine::Engine& engine, const std::function<engine::Limits()>& limits,
                       const std::function<void(const Turn&)>& on_turn) {
    int winning_plies = 0, winning_side = 0, quiet_plies = 0;
    for (;;) {
        const Outcome o = outcome(game_position());
        if (o.result != Result::Ongoing) return white_result(o.result);
        if (ply() >= MAX_PLIES) return 0;
        Position& pos = seen();
        const engine::Info info = engine.search(seen_start(), moves(), limits());
        if (info.pv.empty()) return 0;  // cannot happen: the outcome above saw a legal move
        const Move best = info.pv[0].without_outcome();
        const int score =
            info.mate ? (info.mate > 0 ? 32000 - info.mate : -32000 - info.mate) : info.score_cp;
        const int white_score = pos.side_to_move() == WHITE ? score : -score;
        // The result, once both sides agree for a few plies that one has won, or that a long
        // game is a draw.
        const int side = white_score >= DECISIVE ? 1 : white_score <= -DECISIVE ? -1 : 0;
        winning_plies = side && side == winning_side ? winning_plies + 1 : side ? 1 : 0;
        winning_side = side;
        if (winning_plies >= 6) return side;
        quiet_plies = std::abs(white_score) <= 15 ? quiet_plies + 1 : 0;
        if (ply() >= 160 && quiet_plies >= 20) return 0;
        if (on_turn) on_turn(Turn{pos, info, best, score, white_score});
        play(best);
    }
}

}  // namespace menagerie
