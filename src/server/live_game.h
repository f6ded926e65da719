// One game in play on the server: the stored record rebuilt into a position with its history,
// and the rules applied to it (whose turn, moves, takeback, resignation, clocks, the end). No
// locking and no I/O here: GameService guards each LiveGame with its room's mutex and stores it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/outcome.h"
#include "core/record.h"
#include "hidden/referee.h"
#include "notation/played_move.h"
#include "server/credential.h"
#include "server/refereed.h"
#include "server/stored_game.h"

namespace menagerie::server {

enum class Seat { White, Black, Both, Spectator };
std::string seat_name(Seat seat);
std::string colour_name(Color c);  // "white" or "black", as the API spells a side

// A move's cells as the front end draws it: castling as the king's cell and destination, a
// relocation or adjustment as the two cells that swap, a placement as the cell placed on.
std::pair<std::string, std::string> move_cells(const Position& pos, Move m);

// What the game's record shows of one ply, worked out once when the ply is played so that
// every state sent (one per subscriber per change) reads it instead of replaying the game. For a
// refereed game: as the seats see it (the view's texts and position).
struct PlyNote {
    PlayedMove played;
    std::pair<std::string, std::string> cells;  // move_cells()
};

class LiveGame {
  public:
    // Replays the stored moves; throws std::runtime_error if the record does not make a game.
    explicit LiveGame(StoredGame stored);
    LiveGame(const LiveGame&) = delete;
    LiveGame& operator=(const LiveGame&) = delete;

    const StoredGame& stored() const { return stored_; }
    void set_revision(int64_t revision) { stored_.revision = revision; }
    const Game& game() const { return *game_; }
    // The start and the position the seats are shown (a refereed game's view).
    const Position& start() const { return referee_ ? referee_->view_start() : start_; }
    Position& shown_position();
    Color side_to_move() const;
    // The game's own position: the rules' verdicts (whose turn, the end) are read here.
    Position& position() { return referee_ ? referee_->position() : record_->position(); }
    const std::vector<PlyNote>& notes() const { return notes_; }
    int ply() const { return static_cast<int>(notes_.size()); }
    bool over() const { return stored_.over(); }
    // For a refereed game (Black Swan), its referee; null for an open game.
    const Referee* referee() const { return referee_.get(); }

    // A seat's move text as a legal move of the position shown (for a refereed game: read on
    // the seats' view, without outcome, which the referee then plays). Throws Error.
    Move read_move(const std::string& text);
    // What the engine searches: the start and the moves, as the seats see them.
    Position search_start() const { return start(); }
    std::vector<Move> search_moves() const;

    // The seat a credential holds: the seat whose token it has, else the seat its account holds
    // (Spectator for none, a wrong token, or another account).
    Seat seat_of(const Credential& who) const;
    // Whether the engine plays the side to move.
    bool engine_to_move();
    // Whether `seat` may move now (its side to move, the game on, not the engine's turn).
    bool may_move(Seat seat);

    // A seat's own randomness for `side` of a refereed game (docs/rules/blackswan.md, "The
    // players' contributions"), at time `now`: taken before the first move, once per side, and
    // mixed by the referee into every draw, the setup's too. Throws ApiError: 400 for a game that
    // draws nothing or a text the referee refuses, 409 once the game is over, its first move is
    // played or the side has given one.
    void contribute(Color side, const std::string& text, int64_t now);
    // Whether contributions are still taken: a refereed game, on, before its first move.
    bool contributions_open() const { return referee_ && !over() && notes_.empty(); }
    // How long (ms) the engine's first move still waits for the human seat's contribution, given
    // `wait_ms` from the game's creation; nullopt when it need not wait (the engine is not to
    // make the first move of a refereed game, the seat has given it, or the time is up).
    std::optional<int64_t> contribution_wait(int64_t now, int64_t wait_ms) const;

    // Plays a legal move at time `now` (ms since 1970): the record, the clocks, and the end of
    // the game when the move ends it.
    void play(Move m, int64_t now);
    // Takes back one ply; false when there is none. A finished game goes on again.
    bool undo();
    void resign(Seat seat);
    // Draw offers (online games): `seat` offers a draw, or agrees to one when the other side
    // has offered; accepts or declines the other side's offer. Each throws ApiError when the
    // game's state does not allow it. An offer lapses with the next move of the side it was
    // made to (moving declines it), and with a takeback.
    void offer_draw(Seat seat, int64_t now);
    void answer_draw(Seat seat, bool accept, int64_t now);
    // Ends the game if the side to move has run out of time (its clock, or its correspondence
    // deadline) by `now`; true if it just did.
    bool settle_clock(int64_t now);
    // The clocks as of `now`.
    int64_t clock_ms(Color c, int64_t now) const;
    // The downtime rule: a turn that began before `server_started` (both ms since 1970) begins
    // again at `now`, so the side to move is not charged for the time the server was down. A
    // server cannot tell its downtime from the thinking before it, so the whole turn is given
    // back. True if it did.
    bool restart_turn(int64_t server_started, int64_t now);
    // Milliseconds until the side to move's flag falls; nullopt when no clock runs.
    std::optional<int64_t> flag_in(int64_t now) const;
    // Milliseconds until the side to move's correspondence deadline; nullopt for none.
    std::optional<int64_t> deadline_in(int64_t now) const;

    // Bumped by every change, so that work started on an older state (a search) is discarded.
    uint64_t version() const { return version_; }
    // An engine search is running for this version.
    bool thinking() const { return searching_for_ == version_; }
    void mark_searching() { searching_for_ = version_; }
    void clear_searching() { searching_for_.reset(); }

  private:
    // Plays `m` (a legal move of the position shown) and notes it.
    void record(Move m);
    // Replays a stored move's text (for a refereed game, with the outcome it was told).
    void replay(const std::string& text);
    // Plays the move a record of the older form implies before `text` ("" at its end): Black
    // Swan's keep of the first drawn piece (implicit_keep).
    void replay_implied(const std::string& text);
    void finish(const std::string& result, const std::string& reason);
    void lose(Color loser, const std::string& how);  // "resigned", "ran out of time"
    void touch(int64_t now);

    StoredGame stored_;
    std::shared_ptr<const Game> game_;
    Position start_;
    std::unique_ptr<GameRecord> record_;  // an open game's
    std::unique_ptr<Referee> referee_;    // a refereed game's
    std::vector<PlyNote> notes_;
    uint64_t version_ = 0;
    std::optional<uint64_t> searching_for_;
};

int64_t now_ms();  // wall clock, ms since 1970

}  // namespace menagerie::server
