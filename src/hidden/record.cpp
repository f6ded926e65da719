#include "hidden/record.h"

#include "core/error.h"
#include "core/movegen.h"
#include "core/random_stream.h"
#include "core/record.h"
#include "core/setup.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

namespace menagerie {

namespace {

Seed game_seed(const Game& referee) {
    const auto seed = seed_from_hex(referee.options.at("seed"));
    if (!seed) throw Error(ErrorKind::Invalid, "seed", "the referee's game has no seed");
    return *seed;
}

}  // namespace

std::string player_pgn(const Position& referee_start, const std::vector<Move>& moves,
                       bool reveal_seed) {
    const Seed seed = game_seed(referee_start.game());
    GameRecord referee(referee_start);
    PlayerView view = view_of(referee_start, WHITE);
    std::vector<std::string> texts;
    for (Move m : moves) {
        const Move told = announce(referee.position(), m);
        texts.push_back(view.uci(told));
        view.play(told);
        referee.play(m);
    }
    std::map<std::string, std::string> tags = {{"Commitment", to_hex(commitment(seed))}};
    if (reveal_seed) tags["Seed"] = to_hex(seed);
    return write_pgn(view_of(referee_start, WHITE).position(), texts, tags);
}

namespace {

// Thrown from the PGN reader's visitor to stop at the first dishonest move.
struct Stop {
    Verdict verdict;
};

// The checks before move 1: the tags, the seed against the commitment, the start against the
// seed's setup. The referee's game that the record must follow, or a verdict against it.
std::optional<Verdict> start_referee(const PgnGame& g, const Position& start,
                                     std::optional<GameRecord>& referee) {
    if (!start.game().outcome_in_move)
        throw Error(ErrorKind::Pgn, "tag VariantOptions",
                    "not the player's record of a blackswan game (VariantOptions needs "
                    "view=player)");
    const auto commit = g.tags.find("Commitment");
    const auto seed_tag = g.tags.find("Seed");
    if (commit == g.tags.end()) return Verdict{false, "the record has no Commitment tag"};
    if (seed_tag == g.tags.end())
        return Verdict{false,
                       "the record has no Seed tag (the seed is revealed when the game "
                       "ends)"};
    const auto seed = seed_from_hex(seed_tag->second);
    if (!seed) return Verdict{false, "the Seed tag is not 64 hexadecimal digits"};
    if (to_hex(commitment(*seed)) != commit->second)
        return Verdict{false, "the seed does not match the commitment: SHA-256 of the seed is " +
                                  to_hex(commitment(*seed))};
    const auto game = make_game(
        "blackswan",
        {{"seed", seed_tag->second}, {"composition", start.game().options.at("composition")}});
    referee.emplace(start_position(game));
    if (view_of(referee->position(), WHITE).fen() != write_fen(start))
        return Verdict{false,
                       "the record does not start from the seed's setup (a verifiable "
                       "record starts at the beginning of the game)"};
    return std::nullopt;
}

}  // namespace

Verdict verify_record(const std::string& text) {
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    std::optional<GameRecord> referee;
    const MoveVisitor visit = [&](const PgnGame& so_far, const Position& before, Move m,
                                  const std::string& written) {
        if (!referee)
            if (auto v = start_referee(so_far, before, referee)) throw Stop{*v};
        const std::string where = "ply " + std::to_string(so_far.moves.size() + 1) + " (move " +
                                  std::to_string(before.fullmove()) +
                                  (before.side_to_move() == WHITE ? ", White) " : ", Black) ") +
                                  written;
        MoveList legal;
        generate_legal(referee->position(), legal);
        bool found = false;
        for (Move o : legal) found |= o == m.without_outcome();
        if (!found) throw Stop{{false, where + ": not a legal move of the referee's game"}};
        const Move drawn = announce(referee->position(), m.without_outcome());
        if (drawn.outcome() != m.outcome())
            throw Stop{{false, where + ": the seed draws " + move_to_uci(before, drawn) +
                                   ", the record says " + move_to_uci(before, m)}};
        referee->play(m.without_outcome());
    };
    PgnGame g;
    try {
        g = parse_pgn(text, resolve, visit);
    } catch (const Stop& stop) {
        return stop.verdict;
    }
    if (!referee) {
        const Position start = final_position(g, resolve);  // no moves: the start
        if (auto v = start_referee(g, start, referee)) return *v;
    }
    return {true, "honest: the seed matches the commitment and all " +
                      std::to_string(g.moves.size()) + " plies agree with its draws"};
}

}  // namespace menagerie
