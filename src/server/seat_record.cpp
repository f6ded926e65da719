#include "server/seat_record.h"

#include "core/error.h"
#include "core/movegen.h"
#include "core/random_stream.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"
#include "server/api_error.h"
#include "server/live_game.h"

namespace menagerie::server {

bool is_refereed(const Game& game) { return is_referee_game(game); }

std::shared_ptr<const Game> referee_game(std::shared_ptr<const Game> game, Options options,
                                         bool has_start,
                                         const std::optional<std::string>& test_seed) {
    if (game->first_swan < 0) return game;
    const std::string& name = game->name;
    if (options.count("view"))
        throw ApiError(400, "a " + name +
                                " game is created without the option \"view\": the server is "
                                "the referee, and each seat is shown the player's view");
    if (options.count("seed"))
        throw ApiError(400, "a " + name +
                                " game's seed is drawn by the server and kept secret until the "
                                "game ends: it cannot be given (only its commitment is shown)");
    if (has_start)
        throw ApiError(400, "a " + name +
                                " game starts from its seed's setup: \"setup\", \"fen\" and "
                                "\"pgn\" are refused (check a finished record with menagerie "
                                "verify)");
    if (test_seed) {
        options["seed"] = *test_seed;
        return make_game(name, options);  // the seed was checked when the server started
    }
    return game;
}

std::string refereed_takeback_refusal(const Game& game) {
    return "takeback is not offered in " + game.name +
           ": a swan once turned over cannot be turned back face down";
}

namespace {

std::string seed_of(const Game& referee) {
    const auto seed = seed_from_hex(referee.options.at("seed"));
    if (!seed) throw Error(ErrorKind::Invalid, "seed", "the referee's game has no seed");
    return to_hex(*seed);
}

std::string commitment_of(const std::string& seed) {
    return to_hex(commitment(*seed_from_hex(seed)));
}

}  // namespace

SeatRecord::SeatRecord(const Position& referee_start)
    : start_(view_of(referee_start, WHITE).position()),
      view_(view_of(referee_start, WHITE, commitment_of(seed_of(referee_start.game())))),
      seed_(seed_of(referee_start.game())) {}

std::string SeatRecord::start_fen() const { return write_fen(start_); }

Move SeatRecord::read(const std::string& text) {
    const Move m = view_.parse(text);
    if (m.outcome() != 0)
        throw Error(ErrorKind::Move, "move",
                    "give the move " + quoted(view_.uci(m.without_outcome())) +
                        " without an outcome: the referee draws it and announces it");
    return m;
}

Move SeatRecord::on_referee(Position& referee, Move m) {
    const Move wanted = m.without_outcome();
    MoveList list;
    generate_legal(referee, list);
    for (Move r : list)
        if (r == wanted) return r;
    throw Error(ErrorKind::Move, "move", "the referee has no such move");
}

void SeatRecord::play(const Position& referee, Move m) {
    const Move told = announce(referee, m);
    Position& pos = view_.position();
    ViewPly ply{view_.uci(told), view_.san(told), {}, move_cells(pos, told)};
    view_.play(told);
    ply.fen = view_.fen();
    plies_.push_back(std::move(ply));
}

void SeatRecord::undo() {
    if (view_.undo()) plies_.pop_back();
}

std::string SeatRecord::pgn(std::map<std::string, std::string> tags, bool reveal_seed) const {
    tags["Commitment"] = commitment();
    if (reveal_seed) tags["Seed"] = seed_;
    std::vector<std::string> texts;
    for (const ViewPly& p : plies_) texts.push_back(p.uci);
    return write_pgn(start_, texts, tags);
}

}  // namespace menagerie::server
