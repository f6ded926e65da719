#include "app/game_flags.h"

#include <CLI/CLI.hpp>
#include <limits>

#include "app/command_line.h"
#include "core/error.h"
#include "core/record.h"
#include "core/setup.h"
#include "games/blackswan_draws.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

// A lower layer echoes a value as '<raw>'; the command line's messages quote it with its control
// codes escaped.
[[noreturn]] void rethrow(const Error& e, const std::vector<std::string>& raw) {
    std::string message = e.what();
    for (const std::string& r : raw) message = requote(message, r);
    throw Error(e.kind(), e.field(), message, e.offset());
}

}  // namespace

void add_game_flags(CLI::App& cmd, GameFlags& flags, bool position) {
    cmd.add_option("--variant", flags.variant, "game name (see `menagerie variants`)")->required();
    cmd.add_option("--option", flags.options, "game option name=value (repeatable)");
    if (!position) return;
    cmd.add_option("--fen", flags.fen, "position in the game's FEN dialect");
    cmd.add_option("--setup", flags.setup, "setup number or name");
    cmd.add_option("--moves", flags.moves,
                   "moves to play first, UCI or SAN, separated by spaces or commas");
    cmd.add_option("--seed", flags.seed, "seed for a random start");
}

Options parse_options(const std::vector<std::string>& given) {
    Options out;
    for (const std::string& kv : given) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw Error(ErrorKind::Usage, "--option",
                        "option " + menagerie::quoted(kv) + " is not of the form name=value");
        out[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return out;
}

std::shared_ptr<const Game> game_of(const GameFlags& flags) {
    Options options = parse_options(flags.options);
    // --seed is 64 hex digits or a number, either way the game's seed option.
    if (flags.seed && !options.count("seed")) {
        Options seeded = options;
        seeded["seed"] = *flags.seed;
        try {
            if (make_game(flags.variant, options)->options.count("seed")) options = seeded;
        } catch (const Error&) {
        }
    }
    try {
        return make_game(flags.variant, options);
    } catch (const Error& e) {
        std::vector<std::string> raw{flags.variant};
        for (const auto& [k, v] : options) raw.push_back(k), raw.push_back(v);
        rethrow(e, raw);
    }
}

Position position_of(const GameFlags& flags) {
    const std::shared_ptr<const Game> game = game_of(flags);
    if (flags.fen && flags.setup)
        throw Error(ErrorKind::Usage, "--fen", "give --fen or --setup, not both");
    const bool seed_taken = game->options.count("seed") > 0;
    const std::optional<uint64_t> seed =
        flags.seed && !seed_taken
            ? std::optional<uint64_t>(
                  parse_number("--seed", *flags.seed, std::numeric_limits<uint64_t>::max()))
            : std::nullopt;
    std::optional<GameRecord> record;
    try {
        record.emplace(flags.fen ? parse_fen(game, *flags.fen)
                                 : start_position(game, flags.setup, seed));
    } catch (const Error& e) {
        rethrow(e, {flags.fen.value_or(""), flags.setup.value_or("")});
    }
    for (const std::string& text :
         flags.moves ? split_moves(*flags.moves) : std::vector<std::string>{}) {
        try {
            Position& pos = record->position();
            if (const auto keep = implicit_keep(pos, text)) record->play(*keep);
            record->play(as_refereed(pos, read_move(pos, text)));
        } catch (const Error& e) {
            throw Error(e.kind(), e.field(), e.what() + std::string(" in --moves"), e.offset());
        }
    }
    return Position(record->position());  // a copy that no longer needs the record's states
}

Runner on_position(CLI::App& cmd, std::function<int(Position& pos)> run) {
    auto flags = std::make_shared<GameFlags>();
    add_game_flags(cmd, *flags, true);
    return [flags, run = std::move(run)] {
        Position pos = position_of(*flags);
        return run(pos);
    };
}

Move read_move(Position& pos, const std::string& text, bool to_play) {
    // A NUL would cut the lower layer's message short before it could be quoted.
    if (text.find('\0') != std::string::npos)
        throw Error(ErrorKind::Move, "move",
                    menagerie::quoted(text) + " is not a move in UCI or SAN form");
    try {
        // On the referee's game the command line announces the outcome (as_refereed).
        return to_play && !is_referee_game(pos.game()) ? parse_played_move(pos, text)
                                                       : parse_move(pos, text);
    } catch (const Error& e) {
        throw Error(e.kind() == ErrorKind::Invalid ? ErrorKind::Move : e.kind(), "move",
                    requote(e.what(), text), e.offset());
    }
}

Move as_refereed(const Position& pos, Move m) {
    if (!is_referee_game(pos.game())) return m;
    const Move drawn = blackswan::announce(pos, m);
    if (m.outcome() && m != drawn)
        throw Error(
            ErrorKind::Move, "move",
            quoted(move_to_uci(pos, m)) + ": the outcome is not what the game's seed draws");
    return drawn;
}

}  // namespace menagerie
