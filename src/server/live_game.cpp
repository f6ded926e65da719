#include "server/live_game.h"

#include <atomic>
#include <chrono>
#include <stdexcept>

#include "core/error.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/api_error.h"
#include "server/tokens.h"

namespace menagerie::server {

std::string seat_name(Seat seat) {
    switch (seat) {
        case Seat::White:
            return "white";
        case Seat::Black:
            return "black";
        case Seat::Both:
            return "both";
        case Seat::Spectator:
            return "spectator";
    }
    return "spectator";
}

std::string colour_name(Color c) { return c == WHITE ? "white" : "black"; }

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::pair<std::string, std::string> move_cells(const Position& pos, Move m) {
    const Geometry& g = pos.geometry();
    switch (m.kind()) {
        case MoveKind::Castling: {
            const Color us = pos.side_to_move();
            const CastlingSide side = pos.castling_side(us, m.to());
            return {g.name(m.from()), g.name(pos.game().rules.castling.king_to[us][side])};
        }
        case MoveKind::Placement:
            return {g.name(m.to()), g.name(m.to())};
        default:
            return {g.name(m.from()), g.name(m.to())};
    }
}

namespace {

std::atomic<uint64_t> versions{0};  // global, so that a rebuilt game never reuses a version

Position start_of(const StoredGame& s) {
    try {
        return parse_fen(make_game(s.variant, s.options), s.start_fen);
    } catch (const Error& e) {
        throw std::runtime_error("stored game " + s.id + " does not start: " + e.what());
    }
}

}  // namespace

LiveGame::LiveGame(StoredGame stored)
    : stored_(std::move(stored)), game_(), start_(start_of(stored_)) {
    game_ = start_.game_ptr();
    if (is_refereed(*game_))
        referee_ = std::make_unique<Referee>(start_);
    else
        record_ = std::make_unique<GameRecord>(start_);
    version_ = ++versions;
    // Before the moves: the referee draws the setup anew with them, and every outcome after.
    for (const auto& [side, text] : stored_.contributions) {
        if (!referee_ || (side != "white" && side != "black"))
            throw std::runtime_error("stored game " + stored_.id + " has a contribution " +
                                     quoted(side) + " that it cannot take");
        try {
            referee_->contribute(side == "white" ? WHITE : BLACK, text);
        } catch (const Error& e) {
            throw std::runtime_error("stored game " + stored_.id +
                                     " has a bad contribution: " + e.what());
        }
    }
    for (const std::string& uci : stored_.moves) {
        try {
            replay(uci);
        } catch (const Error& e) {
            throw std::runtime_error("stored game " + stored_.id + " has a bad move: " + e.what());
        }
    }
    if (stored_.over()) replay_implied("");
    // A record of the older form had moves implied (see replay_implied): from now on it is
    // stored as played, one entry a ply.
    if (notes_.size() != stored_.moves.size()) {
        stored_.moves.clear();
        for (const PlyNote& n : notes_) stored_.moves.push_back(n.played.uci);
    }
}

void LiveGame::replay_implied(const std::string& text) {
    if (const auto keep = implicit_keep(shown_position(), text)) record(*keep);
}

void LiveGame::replay(const std::string& text) {
    replay_implied(text);
    if (!referee_) return record(parse_move(record_->position(), text));
    // The outcome stored is the one the seed drew: drawn again, it must agree.
    const Move told = parse_move(referee_->view_position(), text);
    record(told.without_outcome());
    if (told.outcome() && notes_.back().played.move != told)
        throw Error(ErrorKind::Move, "move", quoted(text) + " is not what the seed draws");
}

Position& LiveGame::shown_position() {
    return referee_ ? referee_->view_position() : record_->position();
}

Color LiveGame::side_to_move() const {
    return referee_ ? referee_->view().position().side_to_move()
                    : record_->position().side_to_move();
}

Move LiveGame::read_move(const std::string& text) {
    return referee_ ? referee_->read(text) : parse_move(record_->position(), text);
}

std::vector<Move> LiveGame::search_moves() const {
    return referee_ ? referee_->moves() : record_->moves();
}

Seat LiveGame::seat_of(const Credential& who) const {
    auto seat_named = [](const std::string& seat) {
        return seat == "white" ? Seat::White : seat == "black" ? Seat::Black : Seat::Both;
    };
    if (who.token) {
        const std::string hash = token_hash(*who.token);
        for (const auto& [seat, stored_hash] : stored_.token_hashes)
            if (same_hash(hash, stored_hash)) return seat_named(seat);
    }
    if (who.account)
        for (const auto& [seat, holder] : stored_.players)
            if (account_key(holder.name) == *who.account) return seat_named(seat);
    return Seat::Spectator;
}

bool LiveGame::engine_to_move() {
    return stored_.engine_color >= 0 && position().side_to_move() == Color(stored_.engine_color);
}

bool LiveGame::may_move(Seat seat) {
    if (over() || engine_to_move()) return false;
    const Color stm = position().side_to_move();
    return seat == Seat::Both || (seat == Seat::White && stm == WHITE) ||
           (seat == Seat::Black && stm == BLACK);
}

void LiveGame::record(Move m) {
    const std::pair<std::string, std::string> cells = move_cells(shown_position(), m);
    notes_.push_back({referee_ ? referee_->play(m) : play_noted(*record_, m), cells});
}

void LiveGame::touch(int64_t now) {
    version_ = ++versions;
    stored_.updated_ms = now;
}

void LiveGame::finish(const std::string& result, const std::string& reason) {
    stored_.draw_offer.clear();
    stored_.result = result;
    stored_.reason = reason;
    if (stored_.clock) stored_.clock->running = false;
}

void LiveGame::lose(Color loser, const std::string& how) {
    finish(result_text(loser == WHITE ? Result::BlackWins : Result::WhiteWins),
           std::string(loser == WHITE ? "White " : "Black ") + how);
}

void LiveGame::contribute(Color side, const std::string& text, int64_t now) {
    if (!referee_)
        throw ApiError(400, game_->name +
                                " draws nothing at random: contributions are for refereed games "
                                "(Black Swan)");
    if (over()) throw ApiError(409, "the game is over: contributions are closed");
    if (!notes_.empty())
        throw ApiError(409, "contributions close with the first move, and it has been played");
    if (!referee_->contribution(side).empty())
        throw ApiError(409, std::string(side == WHITE ? "White" : "Black") +
                                " has given its contribution already (once per side)");
    try {
        referee_->contribute(side, text);
    } catch (const Error& e) {
        throw ApiError(400, e.what());
    }
    stored_.contributions[colour_name(side)] = text;
    // Not touch(): the view is as it was, so an engine search under way stays good; its move,
    // when played, is drawn with the key this contribution made.
    stored_.updated_ms = now;
}

std::optional<int64_t> LiveGame::contribution_wait(int64_t now, int64_t wait_ms) const {
    if (!contributions_open() || stored_.engine_color < 0) return std::nullopt;
    const Color engine = Color(stored_.engine_color);
    if (side_to_move() != engine || !referee_->contribution(~engine).empty()) return std::nullopt;
    const int64_t left = stored_.created_ms + wait_ms - now;
    if (left <= 0) return std::nullopt;
    return left;
}

void LiveGame::play(Move m, int64_t now) {
    Position& pos = position();
    const Color mover = pos.side_to_move();
    record(m);
    stored_.moves.push_back(notes_.back().played.uci);
    // The clock changes hands when the turn does: a Black Swan move that brings pieces to place
    // is one turn with its placements, and the mover's clock runs on until the last of them.
    StoredClock* c = stored_.clock ? &*stored_.clock : nullptr;
    if (c && pos.side_to_move() != mover) {
        int64_t& left = mover == WHITE ? c->white_ms : c->black_ms;
        // Fischer's increment follows every turn, the first too (whose clock has not run).
        if (c->running) left -= now - c->turn_started_ms;
        left += c->increment_ms;
        c->running = true;
        c->turn_started_ms = now;
    }
    if (stored_.days_per_move && pos.side_to_move() != mover)
        stored_.deadline_ms = now + stored_.days_per_move * MS_PER_DAY;
    if (!stored_.draw_offer.empty() && stored_.draw_offer != colour_name(mover))
        stored_.draw_offer.clear();  // moving declines the opponent's offer
    const Outcome o = outcome(pos);
    if (o.result != Result::Ongoing) finish(result_text(o.result), o.reason);
    touch(now);
}

bool LiveGame::undo() {
    // A refereed game is never taken back: a swan once turned over stays face up.
    if (referee_ || !record_->undo()) return false;
    stored_.moves.pop_back();
    notes_.pop_back();
    stored_.result = "*";
    stored_.reason.clear();
    stored_.draw_offer.clear();
    if (stored_.clock) stored_.clock->running = false;  // takeback is not for clocked games
    touch(now_ms());
    return true;
}

void LiveGame::resign(Seat seat) {
    const Color loser = seat == Seat::White   ? WHITE
                        : seat == Seat::Black ? BLACK
                                              : position().side_to_move();
    lose(loser, "resigned");
    touch(now_ms());
}

void LiveGame::offer_draw(Seat seat, int64_t now) {
    if (seat != Seat::White && seat != Seat::Black)
        throw ApiError(400, "a draw is offered by one seat of an online game to the other");
    const std::string mine = seat_name(seat);
    if (stored_.draw_offer == mine) throw ApiError(409, "you have already offered a draw");
    if (!stored_.draw_offer.empty()) return answer_draw(seat, true, now);  // both want it
    stored_.draw_offer = mine;
    touch(now);
}

void LiveGame::answer_draw(Seat seat, bool accept, int64_t now) {
    if (seat != Seat::White && seat != Seat::Black)
        throw ApiError(400, "a draw offer is answered by the seat it was made to");
    if (stored_.draw_offer.empty() || stored_.draw_offer == seat_name(seat))
        throw ApiError(409, "there is no draw offer of your opponent to answer");
    stored_.draw_offer.clear();
    if (accept) finish(result_text(Result::Draw), "draw by agreement");
    touch(now);
}

int64_t LiveGame::clock_ms(Color c, int64_t now) const {
    const StoredClock& clock = *stored_.clock;
    int64_t left = c == WHITE ? clock.white_ms : clock.black_ms;
    if (clock.running && side_to_move() == c) left -= now - clock.turn_started_ms;
    return std::max<int64_t>(left, 0);
}

std::optional<int64_t> LiveGame::flag_in(int64_t now) const {
    if (!stored_.clock || !stored_.clock->running || over()) return std::nullopt;
    return clock_ms(side_to_move(), now);
}

bool LiveGame::restart_turn(int64_t server_started, int64_t now) {
    if (!stored_.clock || !stored_.clock->running || over() ||
        stored_.clock->turn_started_ms >= server_started)
        return false;
    stored_.clock->turn_started_ms = now;
    return true;
}

std::optional<int64_t> LiveGame::deadline_in(int64_t now) const {
    if (!stored_.days_per_move || over()) return std::nullopt;
    return std::max<int64_t>(stored_.deadline_ms - now, 0);
}

bool LiveGame::settle_clock(int64_t now) {
    if (deadline_in(now) == 0) {  // a correspondence game: no clock of its own to settle
        lose(side_to_move(), "ran out of time");
        touch(now);
        return true;
    }
    const std::optional<int64_t> left = flag_in(now);
    if (!left || *left > 0) return false;
    const Color loser = side_to_move();
    StoredClock& c = *stored_.clock;
    (loser == WHITE ? c.white_ms : c.black_ms) = 0;
    (loser == WHITE ? c.black_ms : c.white_ms) = clock_ms(~loser, now);
    lose(loser, "ran out of time");
    touch(now);
    return true;
}

}  // namespace menagerie::server
