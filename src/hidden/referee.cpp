#include "hidden/referee.h"

#include <algorithm>

#include "core/error.h"
#include "core/movegen.h"
#include "core/rules.h"
#include "core/setup.h"
#include "games/blackswan_draws.h"
#include "games/games.h"
#include "notation/pgn.h"

namespace menagerie {

Referee::Referee(const Position& start)
    : start_(start),
      seed_(blackswan::game_seed(start.game())),
      key_(seed_),
      commitment_(to_hex(menagerie::commitment(seed_))),
      view_start_(view_of(start, WHITE).position()),
      referee_(std::in_place, start),
      view_(view_start_, WHITE, commitment_) {}

void Referee::contribute(Color side, const std::string& text) {
    const std::string who = side == WHITE ? "White" : "Black";
    if (!played_.empty())
        throw Error(ErrorKind::Move, "contribution",
                    "a contribution comes before the first move: the draws have begun");
    if (!contributions_[side].empty())
        throw Error(ErrorKind::Move, "contribution", who + " has given its contribution");
    bool printable = !text.empty() && text.size() <= 64;
    for (const char c : text) printable &= c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
    if (!printable)
        throw Error(ErrorKind::Move, "contribution",
                    "a contribution is 1 to 64 printable characters without quote or "
                    "backslash, not " +
                        quoted(text));
    contributions_[side] = text;
    key_ = mixed_seed(seed_, {contributions_[WHITE], contributions_[BLACK]});
    // The setup is a draw too: the referee's game is drawn anew with the key. Its view (every
    // man face down) does not change.
    Options options = start_.game().options;
    options["seed"] = to_hex(key_);
    start_ = start_position(make_game(start_.game().name, options));
    referee_.emplace(start_);
}

Move Referee::read(const std::string& text) {
    Move m = view_.parse(text);
    if (m.outcome() != 0)
        throw Error(ErrorKind::Move, "move",
                    "give the move " + quoted(view_.uci(m.without_outcome())) +
                        " without an outcome: the referee draws it and announces it");
    return m;
}

const PlayedMove& Referee::play(const std::string& text) { return play_legal(read(text)); }

const PlayedMove& Referee::play(Move asked) {
    asked = asked.without_outcome();
    MoveList legal;
    generate_legal(view_.position(), legal);
    if (std::find(legal.begin(), legal.end(), asked) == legal.end())
        throw Error(ErrorKind::Move, "move",
                    "illegal move " + quoted(view_.uci(asked)) + ": the referee cannot play it");
    return play_legal(asked);
}

// A legal move of the view is one of the referee's game (the boards differ only in what the
// face-down men are, and those move alike): its outcome is drawn here, once.
const PlayedMove& Referee::play_legal(Move asked) {
    const Move told = blackswan::announce(key_, referee_->position(), asked);
    Position& seen = view_.position();
    PlayedMove played{told, view_.uci(told), view_.san(told), {}, chance_draw(seen, told)};
    referee_->play(told);
    view_.apply(told);
    played.fen = view_.fen();
    played_.push_back(std::move(played));
    return played_.back();
}

std::string Referee::pgn(std::map<std::string, std::string> tags, bool reveal_seed,
                         const std::string& final_comment) const {
    tags["Commitment"] = commitment_;
    if (reveal_seed) tags["Seed"] = seed();
    if (!contributions_[WHITE].empty()) tags["WhiteContribution"] = contributions_[WHITE];
    if (!contributions_[BLACK].empty()) tags["BlackContribution"] = contributions_[BLACK];
    return write_pgn(view_start_, played_, tags, final_comment);
}

}  // namespace menagerie
