// The referee of a game with hidden identities (Black Swan): the one place that holds the seed,
// the referee's game (every identity) and the players' view, kept side by side. It reads a
// player's move on the view, draws the move's outcome once (blackswan::announce), plays the move
// with it on both and records it as the players see it. Terminal play, `match`, `datagen`, the
// server and the records (player_pgn, verify) all referee through it, so no player, engine or
// client is handed anything but the view. See docs/rules/blackswan.md.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/random_stream.h"
#include "core/record.h"
#include "hidden/player_view.h"
#include "notation/played_move.h"

namespace menagerie {

class Referee {
  public:
    // The referee of the game that starts at `start`, a position of a referee's game whose
    // option seed draws its outcomes.
    explicit Referee(const Position& start);
    Referee(const Referee&) = delete;
    Referee& operator=(const Referee&) = delete;

    // SHA-256 of the seed, hex: the players see it from the start.
    const std::string& commitment() const { return commitment_; }
    // The seed, hex: for the end of the game only.
    std::string seed() const { return to_hex(seed_); }

    // A player's own randomness, given after seeing the commitment and before the first move:
    // every draw, the setup's too, is then made with mixed_seed(seed, {white's, black's}), so
    // that not even the referee can choose the draws by choosing its seed. Printable text of
    // at most 64 characters; a side gives it once. Throws Error (kind Move) otherwise.
    void contribute(Color side, const std::string& text);
    const std::string& contribution(Color side) const { return contributions_[side]; }

    // The players' view (both sides see the same in Black Swan) and its start.
    const PlayerView& view() const { return view_; }
    const Position& view_start() const { return view_start_; }
    // The view's position, for generating its moves (the referee alone plays on it).
    Position& view_position() { return view_.position(); }
    // The referee's position: for the rules' verdicts (the end of the game), never for a player.
    Position& position() { return referee_->position(); }
    const Position& start() const { return start_; }
    // The moves as the players were told them (chance moves with their outcomes), and noted.
    const std::vector<Move>& moves() const { return view_.history(); }
    const std::vector<PlayedMove>& played() const { return played_; }

    // A player's move text read on the view (UCI or SAN). The referee draws outcomes: a text
    // that names one is refused, as is anything illegal (Error kind Move).
    Move read(const std::string& text);
    // Plays `asked`, a move of the view without outcome (from read() or an engine): draws its
    // outcome once, plays it on the referee's game and the view, and records it. Throws Error
    // (kind Move), changing nothing, if the move is not legal.
    const PlayedMove& play(Move asked);
    // read() and play() in one, with one generation of the legal moves.
    const PlayedMove& play(const std::string& text);

    // The players' PGN: the Commitment tag, the Seed tag only when `reveal_seed`.
    std::string pgn(std::map<std::string, std::string> tags, bool reveal_seed,
                    const std::string& final_comment = "") const;

  private:
    const PlayedMove& play_legal(Move asked);

    Position start_;  // the referee's, drawn with key_
    Seed seed_, key_;
    std::string commitment_;
    std::array<std::string, COLOR_NB> contributions_;
    Position view_start_;
    std::optional<GameRecord> referee_;
    PlayerView view_;
    std::vector<PlayedMove> played_;
};

}  // namespace menagerie
