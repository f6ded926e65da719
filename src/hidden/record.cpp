#include "hidden/record.h"

#include <optional>

#include "core/error.h"
#include "core/random_stream.h"
#include "core/rules.h"
#include "core/setup.h"
#include "games/blackswan_draws.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/referee.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

std::string player_pgn(const Position& referee_start, const std::vector<Move>& moves,
                       bool reveal_seed) {
    Referee referee(referee_start);
    for (Move m : moves) referee.play(m);
    return referee.pgn({}, reveal_seed);
}

namespace {

// Thrown from the PGN reader's visitor to stop at the first dishonest move.
struct Stop {
    Verdict verdict;
};

Verdict dishonest(std::string why) { return {false, false, std::move(why)}; }
Verdict unfinished(std::string why) { return {false, true, std::move(why)}; }

// The checks before move 1: the tags, the seed against the commitment, the contributions mixed
// in, the start against the seed's setup. The referee's game that the record must follow, or a
// verdict against it.
std::optional<Verdict> start_referee(const PgnGame& g, const Position& start,
                                     std::optional<GameRecord>& referee, Seed& key) {
    if (!start.game().has_chance() || is_referee_game(start.game()))
        throw Error(ErrorKind::Pgn, "tag VariantOptions",
                    "not the player's record of a blackswan game (VariantOptions needs "
                    "view=player)");
    const auto commit = g.tags.find("Commitment");
    const auto seed_tag = g.tags.find("Seed");
    if (commit == g.tags.end()) return dishonest("the record has no Commitment tag");
    if (seed_tag == g.tags.end())
        return unfinished(
            "unfinished: the record has no Seed tag yet (the seed is revealed "
            "when the game ends)");
    const auto seed = seed_from_hex(seed_tag->second);
    if (!seed) return dishonest("the Seed tag is not 64 hexadecimal digits");
    if (to_hex(commitment(*seed)) != commit->second)
        return dishonest("the seed does not match the commitment: SHA-256 of the seed is " +
                         to_hex(commitment(*seed)));
    std::vector<std::string> given;
    for (const char* tag : {"WhiteContribution", "BlackContribution"}) {
        const auto c = g.tags.find(tag);
        given.push_back(c == g.tags.end() ? "" : c->second);
    }
    key = mixed_seed(*seed, given);
    const auto game =
        make_game("blackswan",
                  {{"seed", to_hex(key)}, {"composition", start.game().options.at("composition")}});
    referee.emplace(start_position(game));
    if (view_of(referee->position(), WHITE).fen() != write_fen(start))
        return dishonest(
            "the record does not start from the seed's setup (a verifiable record starts at "
            "the beginning of the game)");
    return std::nullopt;
}

}  // namespace

Verdict verify_record(const PgnText& text) {
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    std::optional<GameRecord> referee;
    Seed key{};
    const MoveVisitor visit = [&](const PgnGame& so_far, const Position& before, Move m,
                                  const std::string& written) {
        if (!referee)
            if (auto v = start_referee(so_far, before, referee, key)) throw Stop{*v};
        const std::string where = "ply " + std::to_string(so_far.moves.size() + 1) + " (move " +
                                  std::to_string(before.fullmove()) +
                                  (before.side_to_move() == WHITE ? ", White) " : ", Black) ") +
                                  written;
        // The view's legal moves are the referee's (the boards differ only in what the
        // face-down men are): the reader has checked legality; the outcome is the question.
        const Move drawn = blackswan::announce(key, referee->position(), m);
        if (drawn.outcome() != m.outcome())
            throw Stop{dishonest(where + ": the seed draws " + move_to_uci(before, drawn) +
                                 ", the record says " + move_to_uci(before, m))};
        referee->play(drawn);
    };
    PgnGame g;
    try {
        g = parse_pgn(text, resolve, visit);
        if (!referee) {
            const Position start = final_position(g, resolve);  // no moves: the start
            if (auto v = start_referee(g, start, referee, key)) return *v;
        }
    } catch (const Stop& stop) {
        return stop.verdict;
    } catch (const Error& e) {
        // Every message names the game of the database it is about.
        const std::string what = e.what();
        if (what.rfind("PGN game ", 0) == 0) throw;
        throw Error(ErrorKind::Pgn, e.field(),
                    "PGN game " + std::to_string(text.number) + ", line " +
                        std::to_string(text.line) + ": " + what);
    }
    const std::string plies = std::to_string(g.moves.size()) + " plies agree with its draws";
    if (referee->position().pending() == PLACING)
        return unfinished("unfinished: the last turn is half done (drawn pieces are still owed); " +
                          plies);
    if (!g.result_token)
        return unfinished("unfinished: the record is cut short (no result ends its moves); " +
                          plies);
    if (g.result == "*") return unfinished("unfinished: the game is not over (result *); " + plies);
    return {true, false, "honest: the seed matches the commitment and all " + plies};
}

Verdict verify_record(const std::string& pgn) { return verify_record(PgnText{pgn, 1, 1}); }

}  // namespace menagerie
