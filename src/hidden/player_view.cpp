#include "hidden/player_view.h"

#include <map>
#include <mutex>

#include "core/error.h"
#include "core/movegen.h"
#include "core/rules.h"
#include "games/blackswan.h"
#include "games/blackswan_draws.h"
#include "games/blackswan_outcomes.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

std::shared_ptr<const Game> player_game(const Game& referee) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const Game>> made;
    const std::string composition = referee.options.at("composition");
    const std::lock_guard<std::mutex> lock(mutex);
    auto& game = made[composition];
    if (!game) game = make_blackswan({{"composition", composition}, {"view", "player"}});
    return game;
}

PlayerView::PlayerView(const Position& pos, Color viewer, std::string commitment)
    : pos_(pos), viewer_(viewer), commitment_(std::move(commitment)) {
    if (!pos_.game().has_chance() || is_referee_game(pos_.game()))
        throw Error(ErrorKind::Invalid, "view",
                    "a player's view needs a position of a player's game");
}

PlayerView::PlayerView(const PlayerView& other)
    : pos_(other.pos_), viewer_(other.viewer_), commitment_(other.commitment_) {}

std::string PlayerView::fen() const { return write_fen(pos_); }

std::vector<Move> PlayerView::legal_moves() {
    MoveList list;
    generate_legal(pos_, list);
    return {list.begin(), list.end()};
}

std::vector<int> PlayerView::outcomes(Move m) const {
    if (!is_chance_move(pos_, m)) return {};
    return blackswan::possible_outcomes(outcome_kind(m),
                                        pos_.state().chance.unseen[pos_.side_to_move()]);
}

Move PlayerView::parse(const std::string& text) { return parse_move(pos_, text); }

std::string PlayerView::uci(Move m) const { return move_to_uci(pos_, m); }

std::string PlayerView::san(Move m) { return move_to_san(pos_, m); }

void PlayerView::play(Move m) {
    bool legal = false;
    for (Move o : legal_moves()) legal |= o == m.without_outcome();
    if (!legal)
        throw Error(ErrorKind::Move, "move", "illegal move " + quoted(move_to_uci(pos_, m)));
    const bool chance = is_chance_move(pos_, m);
    if (chance) {
        const std::vector<int> possible = outcomes(m);
        bool found = false;
        for (int o : possible) found |= o == m.outcome();
        if (!found)
            throw Error(ErrorKind::Move, "move",
                        m.outcome() == 0 ? "the move " + quoted(move_to_uci(pos_, m)) +
                                               " needs its outcome from the referee"
                                         : "the outcome of " + quoted(move_to_uci(pos_, m)) +
                                               " is not possible here");
    } else if (m.outcome() != 0) {
        m = m.without_outcome();
    }
    apply(m);
}

void PlayerView::apply(Move m) {
    states_.emplace_back();
    pos_.do_move(m, states_.back());
    history_.push_back(m);
}

bool PlayerView::undo() {
    if (history_.empty()) return false;
    pos_.undo_move(history_.back());
    history_.pop_back();
    states_.pop_back();
    return true;
}

PlayerView view_of(const Position& referee, Color side, std::string commitment) {
    const Game& rg = referee.game();
    if (!is_referee_game(rg))
        throw Error(ErrorKind::Invalid, "view", "view_of needs a position of a referee's game");
    const std::shared_ptr<const Game> game = player_game(rg);
    Position view(game);
    const Geometry& g = referee.geometry();
    for (Square s = 0; s < g.size(); ++s) {
        const Piece p = referee.piece_on(s);
        if (p == NO_PIECE) continue;
        // Every face-down swan becomes the view's one swan type; other types are the same.
        view.put(s, rg.chance.face_down(type_of(p))
                        ? make_piece_code(color_of(p), game->chance.first_hidden)
                        : p);
    }
    view.set_side_to_move(referee.side_to_move());
    view.set_fullmove(referee.fullmove());
    StateInfo& st = view.root_state();
    const StateInfo& from = referee.state();
    st.unmoved = from.unmoved;
    st.ep_square = from.ep_square;
    st.ep_victim = from.ep_victim;
    st.rule50 = from.rule50;
    st.pending = from.pending;
    st.chance = from.chance;
    if (const std::string why = view.finish_setup(); !why.empty())
        throw Error(ErrorKind::Invalid, "view", "cannot make the view: " + why);
    return PlayerView(view, side, std::move(commitment));
}

uint64_t view_perft_below(Position& pos, Move m, int depth, const std::atomic<bool>* stop) {
    // A move that carries no outcome is played with each possible one (a player's game) or with
    // the seed's (the referee's game).
    const bool chance = m.outcome() == 0 && is_chance_move(pos, m);
    const bool referee = is_referee_game(pos.game());
    std::vector<int> outcomes{m.outcome()};
    if (chance)
        outcomes = referee ? std::vector<int>{blackswan::announce(pos, m).outcome()}
                           : blackswan::possible_outcomes(
                                 outcome_kind(m), pos.state().chance.unseen[pos.side_to_move()]);
    if (depth == 0) return outcomes.size();
    uint64_t nodes = 0;
    StateInfo st;
    for (int o : outcomes) {
        const Move played = chance ? m.with_outcome(o) : m;
        pos.do_move(played, st);
        nodes += view_perft(pos, depth, stop);
        pos.undo_move(played);
    }
    return nodes;
}

uint64_t view_perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (!pos.game().has_chance()) return stop ? perft(pos, depth, *stop) : perft(pos, depth);
    if (depth == 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    uint64_t nodes = 0;
    for (Move m : list) {
        // Not near the leaves, where a node's count is too quick to be worth the look.
        if (stop && depth >= 3 && stop->load(std::memory_order_relaxed)) break;
        nodes += view_perft_below(pos, m, depth - 1, stop);
    }
    return nodes;
}

}  // namespace menagerie
