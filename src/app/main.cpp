// menagerie: the command line. The forms of variants, setups, fen, moves and perft are stable;
// they are how the project is checked from outside.
#include <CLI/CLI.hpp>
#include <charconv>
#include <chrono>
#include <iostream>
#include <limits>
#include <random>

#include "app/command_line.h"
#include "app/commands.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/setup.h"
#include "engine/uci.h"
#include "games/blackswan_draws.h"
#include "games/chess2016.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/record.h"
#include "hidden/referee.h"
#include "notation/fen.h"
#include "notation/geometry_json.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

namespace menagerie {

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

namespace {

struct Common {
    std::string variant = "chess";
    std::vector<std::string> options;
    std::optional<std::string> fen, setup, moves;
    std::optional<std::string> seed;
};

[[noreturn]] void rethrow(const Error& e, const std::vector<std::string>& raw,
                          const std::string& suffix = "") {
    std::string message = e.what();
    for (const std::string& r : raw) message = requote(message, r);
    throw Error(e.kind(), e.field(), message + suffix, e.offset());
}

uint64_t parse_number(const std::string& flag, const std::string& text, uint64_t max) {
    return parse_whole(flag, text, 0, max);
}

std::shared_ptr<const Game> game_of(const Common& c) {
    Options options = parse_options(c.options);
    // A game of chance (Black Swan) takes --seed as its seed option: 64 hex digits or a number.
    if (c.seed && !options.count("seed")) {
        Options seeded = options;
        seeded["seed"] = *c.seed;
        try {
            if (make_game(c.variant, options)->options.count("seed")) options = seeded;
        } catch (const Error&) {
        }
    }
    try {
        return make_game(c.variant, options);
    } catch (const Error& e) {
        std::vector<std::string> raw{c.variant};
        for (const auto& [k, v] : options) raw.push_back(k), raw.push_back(v);
        rethrow(e, raw);
    }
}

void add_game_flags(CLI::App* cmd, Common& c, bool position) {
    cmd->add_option("--variant", c.variant, "game name (see `menagerie variants`)")->required();
    cmd->add_option("--option", c.options, "game option name=value (repeatable)");
    if (!position) return;
    cmd->add_option("--fen", c.fen, "position in the game's FEN dialect");
    cmd->add_option("--setup", c.setup, "setup number or name");
    cmd->add_option("--moves", c.moves,
                    "moves to play first, UCI or SAN, separated by spaces or commas");
    cmd->add_option("--seed", c.seed, "seed for a random start");
}

// On the referee's game (Black Swan with its seed) the command line is the referee: a chance
// move is played and written with the outcome the seed draws (a text that names another is
// refused); on any other game, m itself.
Move as_refereed(const Position& pos, Move m) {
    if (!is_referee_game(pos.game())) return m;
    const Move drawn = blackswan::announce(pos, m);
    if (m.outcome() && m != drawn)
        throw Error(
            ErrorKind::Move, "move",
            quoted(move_to_uci(pos, m)) + ": the outcome is not what the game's seed draws");
    return drawn;
}

// The position the flags describe, with the listed moves played.
Position position_of(const Common& c, std::shared_ptr<const Game>& game) {
    game = game_of(c);
    if (c.fen && c.setup) throw Error(ErrorKind::Usage, "--fen", "give --fen or --setup, not both");
    const bool seed_taken = game->options.count("seed") > 0;
    const std::optional<uint64_t> seed =
        c.seed && !seed_taken ? std::optional<uint64_t>(parse_number(
                                    "--seed", *c.seed, std::numeric_limits<uint64_t>::max()))
                              : std::nullopt;
    std::optional<GameRecord> record;
    try {
        record.emplace(c.fen ? parse_fen(game, *c.fen) : start_position(game, c.setup, seed));
    } catch (const Error& e) {
        rethrow(e, {c.fen.value_or(""), c.setup.value_or("")});
    }
    for (const std::string& text : c.moves ? split_moves(*c.moves) : std::vector<std::string>{}) {
        try {
            Position& pos = record->position();
            record->play(as_refereed(pos, read_move(pos, text)));
        } catch (const Error& e) {
            throw Error(e.kind(), e.field(), e.what() + std::string(" in --moves"), e.offset());
        }
    }
    return Position(record->position());  // a copy that no longer needs the record's states
}

// The last line of defence for the one-line rule: whatever a message holds, it prints on one
// line with no control character (a byte that is not printable ASCII is written \xNN).
std::string one_line(const std::string& message) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out;
    for (const char c : message) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) {
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += "\\x";
            out += HEX[u >> 4];
            out += HEX[u & 15];
        }
    }
    return out;
}

// `replay`: the final FEN of every game of a PGN file, of one (--game N), or a check of all.
int run_replay(const std::string& path, const std::optional<std::string>& game_number, bool check) {
    const std::vector<PgnText> games = split_pgn(read_pgn_file(path));
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    if (check) {
        if (game_number)
            throw Error(ErrorKind::Usage, "--check", "give --game or --check, not both");
        bool all_ok = true;
        for (const PgnText& text : games) {
            try {
                const PgnGame g = parse_pgn(text, resolve);
                std::cout << text.number << "\tok\t" << final_position(g, resolve).game().name
                          << "\t" << g.moves.size() << "\t" << g.result << "\n";
            } catch (const Error& e) {
                all_ok = false;
                std::cout << text.number << "\terror\t" << one_line(e.what()) << "\n";
            }
        }
        return all_ok ? 0 : 2;
    }
    size_t first = 0, last = games.size();
    if (game_number) {
        const std::string count = std::to_string(games.size()) +
                                  (games.size() == 1 ? " game" : " games") + ", numbered from 1";
        uint64_t n = 0;
        try {
            n = parse_number("--game", *game_number, std::numeric_limits<uint64_t>::max());
        } catch (const Error&) {
            throw Error(ErrorKind::Usage, "--game",
                        "--game: " + menagerie::quoted(*game_number) + " is not a game number; " +
                            menagerie::quoted(path) + " holds " + count);
        }
        if (n == 0 || n > games.size())
            throw Error(
                ErrorKind::Usage, "--game",
                "--game " + std::to_string(n) + ": " + menagerie::quoted(path) + " holds " + count);
        first = n - 1, last = n;
    }
    std::vector<std::string> fens;  // all or nothing: a bad game stops the replay
    for (size_t i = first; i < last; ++i)
        fens.push_back(write_fen(final_position(parse_pgn(games[i], resolve), resolve)));
    for (const std::string& fen : fens) std::cout << fen << "\n";
    return 0;
}

int run(int argc, char** argv) {
    CLI::App app{"Menagerie: rules, perft and play for five chess variants"};
    app.require_subcommand(1);
    Common c;
    std::string depth_text;
    bool divide = false, check = false;
    std::string pgn_file;
    std::optional<std::string> game_number;

    auto* variants = app.add_subcommand("variants", "list the games, one a line");
    auto* setups = app.add_subcommand("setups", "list every start setup: ID<TAB>FEN");
    add_game_flags(setups, c, false);
    auto* roll = app.add_subcommand(
        "roll", "roll the dice of chess56 or chess2016: the dice, the substitutions, the FEN");
    roll->add_option("--variant", c.variant, "chess56 or chess2016")->required();
    roll->add_option("--option", c.options, "game option name=value (repeatable)");
    roll->add_option("--seed", c.seed, "seed for the roll");
    auto* fen = app.add_subcommand("fen", "print the start position");
    add_game_flags(fen, c, true);
    auto* moves = app.add_subcommand("moves", "list the legal moves: UCI<TAB>SAN");
    add_game_flags(moves, c, true);
    auto* perft_cmd = app.add_subcommand("perft", "count leaf nodes; last line `nodes N`");
    add_game_flags(perft_cmd, c, true);
    perft_cmd->add_option("--depth", depth_text, "plies, 0 to 20")->required();
    perft_cmd->add_flag("--divide", divide, "print the count below each move");
    auto* pgn = app.add_subcommand("pgn", "print the game reached by --moves as PGN");
    add_game_flags(pgn, c, true);
    auto* replay =
        app.add_subcommand("replay", "read a PGN file: the final FEN of each game, one a line");
    replay->add_option("file", pgn_file, "PGN file (one game or a database)")->required();
    replay->add_option("--game", game_number, "only game N of the file (from 1)");
    replay->add_flag("--check", check,
                     "check every game: N<TAB>ok<TAB>variant<TAB>plies<TAB>result or "
                     "N<TAB>error<TAB>message; exit 2 if any is bad");
    auto* verify = app.add_subcommand(
        "verify",
        "check a finished Black Swan record against its seed; exit 0 if honest, 1 if not");
    verify->add_option("file", pgn_file, "PGN file")->required();
    auto* play = app.add_subcommand("play", "an interactive session on the terminal");
    add_game_flags(play, c, true);
    auto* uci = app.add_subcommand("uci", "play as a UCI engine on standard input and output");
    auto* analyse = app.add_subcommand("analyse", "the engine's best line, score and statistics");
    add_game_flags(analyse, c, true);
    std::string analyse_depth, analyse_movetime, analyse_threads = "1", analyse_hash = "16";
    analyse->add_option("--depth", analyse_depth, "search depth in plies, 1 to 100");
    analyse->add_option("--movetime", analyse_movetime, "search time in milliseconds");
    analyse->add_option("--threads", analyse_threads, "search threads, 1 to 256 (default 1)");
    analyse->add_option("--hash", analyse_hash, "hash table in MB, 1 to 65536 (default 16)");
    // Subcommands that read their own flags (their `--help` is theirs): given what follows them.
    struct PassThrough {
        const char* name;
        const char* help;
        int (*run)(int, char**);
        CLI::App* command = nullptr;
    };
    PassThrough pass_through[] = {
        {"bench", "fixed perft suite and nodes per second", run_bench},
        {"match", "play two engines against each other", run_match},
        {"serve", "serve the web app and its API (docs/server.md)", run_serve},
        {"datagen", "self-play positions for the trainer", run_datagen},
        {"train", "fit an evaluation network to datagen's positions", run_train},
        {"fit", "fit the hand-made evaluation's terms to the positions", run_fit},
        {"atlas", "how every start setup of a game stands (docs/atlas.md)", run_atlas},
    };
    for (PassThrough& p : pass_through) {
        p.command = app.add_subcommand(p.name, p.help);
        p.command->allow_extras();
        p.command->set_help_flag();
    }
    // geometry: the board's drawing data as JSON, of a game or of a board no game uses yet.
    auto* geometry = app.add_subcommand("geometry", "print the board's cells and drawing as JSON");
    std::optional<std::string> geometry_variant, board;
    geometry->add_option("--variant", geometry_variant, "game name (see `menagerie variants`)");
    geometry->add_option("--option", c.options, "game option name=value (repeatable)");
    geometry->add_option("--board", board, "a board by itself: 8x8, chess2016 or chess66");
    geometry->callback([&] {
        if (geometry_variant.has_value() == board.has_value())
            throw Error(ErrorKind::Usage, "", "give exactly one of --variant and --board");
        if (board && !c.options.empty())
            throw Error(ErrorKind::Usage, "", "--option needs --variant");
        if (geometry_variant) {
            std::cout << geometry_json(
                             make_game(*geometry_variant, parse_options(c.options))->geometry)
                      << "\n";
            return;
        }
        if (*board != "8x8" && *board != "chess2016" && *board != "chess66")
            throw Error(ErrorKind::Usage, "board",
                        "unknown board " + menagerie::quoted(*board) +
                            " (boards: 8x8, chess2016, chess66)");
        const Geometry g = *board == "8x8"         ? Geometry::rectangle(8, 8)
                           : *board == "chess2016" ? Geometry::chess2016()
                                                   : Geometry::chess66();
        std::cout << geometry_json(g) << "\n";
    });
    app.get_option("--help")->description("print help");

    bool known = argc < 2 || argv[1][0] == '-';
    std::string names;
    for (const CLI::App* sub : app.get_subcommands({})) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        known |= argc > 1 && sub->get_name() == argv[1];
    }
    if (!known) {
        throw Error(ErrorKind::Usage, "command",
                    "unknown command " + menagerie::quoted(argv[1]) + " (commands: " + names + ")");
    }
    if (const std::optional<int> status = parse_command_line(app, argc, argv)) return *status;

    std::shared_ptr<const Game> game;
    if (variants->parsed()) {
        for (const std::string& name : game_names()) std::cout << name << "\n";
    } else if (setups->parsed()) {
        game = game_of(c);
        // Games whose setups have many spellings (dice) are listed by the canonical one.
        for (const Setup& s : game->setups)
            std::cout << (game->setup_id ? s.name : std::to_string(s.number)) << "\t"
                      << write_fen(setup_position(game, s.number)) << "\n";
    } else if (roll->parsed()) {
        game = game_of(c);
        if (!game->draw_setup || !game->setup_id)
            throw Error(ErrorKind::Usage, "--variant",
                        game->name +
                            " does not draw its setups by dice (roll is for chess56 and "
                            "chess2016)");
        const std::optional<uint64_t> seed =
            c.seed ? std::optional<uint64_t>(
                         parse_number("--seed", *c.seed, std::numeric_limits<uint64_t>::max()))
                   : std::nullopt;
        std::mt19937_64 rng(seed ? *seed : std::random_device{}());
        const int n = game->draw_setup(rng);
        std::cout << "dice " << game->setups[static_cast<size_t>(n)].name << "\n"
                  << "substitutions " << game_substitutions(*game, n) << "\n"
                  << "fen " << write_fen(setup_position(game, n)) << "\n";
    } else if (fen->parsed()) {
        std::cout << write_fen(position_of(c, game)) << "\n";
    } else if (moves->parsed()) {
        Position pos = position_of(c, game);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            const Move shown = as_refereed(pos, m);
            std::cout << move_to_uci(pos, shown) << "\t" << move_to_san(pos, list, shown) << "\n";
        }
    } else if (perft_cmd->parsed()) {
        const int depth = static_cast<int>(parse_number("--depth", depth_text, 20));
        Position pos = position_of(c, game);
        const auto start = std::chrono::steady_clock::now();
        uint64_t total = 0;
        if (divide && depth > 0) {
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) {
                const uint64_t n = view_perft_below(pos, m, depth - 1);
                std::cout << move_to_uci(pos, as_refereed(pos, m)) << "\t" << n << "\n";
                total += n;
            }
        } else {
            total = view_perft(pos, depth);
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cout << "nodes " << total << std::endl;
        std::cerr << "time " << seconds << " s, "
                  << static_cast<uint64_t>(static_cast<double>(total) / std::max(seconds, 1e-9))
                  << " nodes/s\n";
    } else if (pgn->parsed()) {
        Common base = c;
        base.moves.reset();
        Position start = position_of(base, game);
        std::vector<std::string> texts =
            c.moves ? split_moves(*c.moves) : std::vector<std::string>{};
        if (is_referee_game(*game)) {
            // The referee's game: the players' record, with the seed (this is the referee).
            Referee referee(start);
            for (const std::string& text : texts) {
                Position& pos = referee.position();
                referee.play(as_refereed(pos, read_move(pos, text)));
            }
            std::cout << referee.pgn({}, true);
        } else {
            std::cout << write_pgn(start, texts);
        }
    } else if (replay->parsed()) {
        return run_replay(pgn_file, game_number, check);
    } else if (verify->parsed()) {
        // Every game is checked; the status is the worst verdict: 1 dishonest, 2 no readable
        // record, 3 unfinished, 0 all honest.
        bool dishonest = false, unreadable = false, unfinished = false;
        for (const PgnText& text : split_pgn(read_pgn_file(pgn_file))) {
            std::string line;
            try {
                const Verdict v = verify_record(text);
                line = v.message;
                dishonest |= !v.honest && !v.unfinished;
                unfinished |= v.unfinished;
            } catch (const Error& e) {
                line = std::string("error: ") + e.what();
                unreadable = true;
            }
            std::cout << "game " << text.number << ": " << one_line(line) << "\n";
        }
        return dishonest ? 1 : unreadable ? 2 : unfinished ? 3 : 0;
    } else if (play->parsed()) {
        Position pos = position_of(c, game);
        return run_play(game, pos);
    } else if (uci->parsed()) {
        return engine::run_uci(std::cin, std::cout);
    } else if (analyse->parsed()) {
        if (analyse_depth.empty() == analyse_movetime.empty())
            throw Error(ErrorKind::Usage, "--depth",
                        "analyse needs exactly one of --depth and --movetime");
        const int depth = analyse_depth.empty()
                              ? 0
                              : static_cast<int>(parse_whole("--depth", analyse_depth, 1, 100));
        const int movetime =
            analyse_movetime.empty()
                ? 0
                : static_cast<int>(parse_number("--movetime", analyse_movetime, 1 << 30));
        // The ranges of the UCI options Threads and Hash.
        const int threads = static_cast<int>(parse_whole("--threads", analyse_threads, 1, 256));
        const int hash = static_cast<int>(parse_whole("--hash", analyse_hash, 1, 65536));
        Position pos = position_of(c, game);
        return run_analyse(pos, depth, analyse_movetime.empty() ? 0 : std::max(movetime, 1),
                           threads, hash);
    }
    for (const PassThrough& p : pass_through)
        if (p.command->parsed()) return p.run(argc - 1, argv + 1);
    return 0;
}

}  // namespace
}  // namespace menagerie

namespace {

void print_error(const std::string& message) {
    std::cerr << "error: " << menagerie::one_line(message) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return menagerie::run(argc, argv);
    } catch (const std::exception& e) {
        print_error(e.what());
        return 2;
    } catch (...) {
        print_error("unexpected failure");
        return 2;
    }
}
