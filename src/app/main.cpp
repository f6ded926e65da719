// menagerie: the command line. The forms of variants, setups, fen, moves and perft are stable;
// they are how the project is checked from outside.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "app/commands.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/geometry_json.h"
#include "notation/move_text.h"
#include "notation/pgn.h"

namespace menagerie {

namespace {

struct Common {
    std::string variant = "chess";
    std::vector<std::string> options;
    std::optional<std::string> fen, setup, moves;
    std::optional<uint64_t> seed;
};

Options parse_options(const std::vector<std::string>& given) {
    Options out;
    for (const std::string& kv : given) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw Error("option '" + kv + "' is not of the form name=value");
        out[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return out;
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

// The position the flags describe, with the listed moves played.
Position position_of(const Common& c, std::shared_ptr<const Game>& game) {
    game = make_game(c.variant, parse_options(c.options));
    if (c.fen && c.setup) throw Error("give --fen or --setup, not both");
    GameRecord record(c.fen ? parse_fen(game, *c.fen) : start_position(game, c.setup, c.seed));
    for (const std::string& text : c.moves ? split_moves(*c.moves) : std::vector<std::string>{}) {
        try {
            record.play(parse_move(record.position(), text));
        } catch (const Error& e) {
            throw Error(std::string(e.what()) + " in --moves");
        }
    }
    return Position(record.position());  // a copy that no longer needs the record's states
}

int run(int argc, char** argv) {
    CLI::App app{"Menagerie: rules, perft and play for five chess variants"};
    app.require_subcommand(1);
    Common c;
    int depth = 1;
    bool divide = false;
    std::string pgn_file;

    auto* variants = app.add_subcommand("variants", "list the games, one a line");
    auto* setups = app.add_subcommand("setups", "list every start setup: ID<TAB>FEN");
    add_game_flags(setups, c, false);
    auto* fen = app.add_subcommand("fen", "print the start position");
    add_game_flags(fen, c, true);
    auto* moves = app.add_subcommand("moves", "list the legal moves: UCI<TAB>SAN");
    add_game_flags(moves, c, true);
    auto* perft_cmd = app.add_subcommand("perft", "count leaf nodes; last line `nodes N`");
    add_game_flags(perft_cmd, c, true);
    perft_cmd->add_option("--depth", depth, "plies")->required()->check(CLI::Range(0, 20));
    perft_cmd->add_flag("--divide", divide, "print the count below each move");
    auto* pgn = app.add_subcommand("pgn", "print the game reached by --moves as PGN");
    add_game_flags(pgn, c, true);
    auto* replay = app.add_subcommand("replay", "read a PGN file and print its final FEN");
    replay->add_option("file", pgn_file, "PGN file")->required();
    auto* play = app.add_subcommand("play", "an interactive session on the terminal");
    add_game_flags(play, c, true);
    auto* bench = app.add_subcommand("bench", "fixed perft suite and nodes per second");
    bench->allow_extras();
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
        std::cerr << "error: unknown command '" << argv[1] << "' (commands: " << names << ")\n";
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
        std::cerr << "error: " << what << "\n";
        return 2;
    }

    std::shared_ptr<const Game> game;
    if (variants->parsed()) {
        for (const std::string& name : game_names()) std::cout << name << "\n";
    } else if (setups->parsed()) {
        game = make_game(c.variant, parse_options(c.options));
        for (const Setup& s : game->setups) std::cout << s.number << "\t" << s.fen << "\n";
    } else if (fen->parsed()) {
        std::cout << write_fen(position_of(c, game)) << "\n";
    } else if (moves->parsed()) {
        Position pos = position_of(c, game);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) std::cout << move_to_uci(pos, m) << "\t" << move_to_san(pos, m) << "\n";
    } else if (perft_cmd->parsed()) {
        Position pos = position_of(c, game);
        const auto start = std::chrono::steady_clock::now();
        uint64_t total = 0;
        if (divide && depth > 0) {
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) {
                StateInfo st;
                pos.do_move(m, st);
                const uint64_t n = perft(pos, depth - 1);
                pos.undo_move(m);
                std::cout << move_to_uci(pos, m) << "\t" << n << "\n";
                total += n;
            }
        } else {
            total = perft(pos, depth);
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
        std::cout << write_pgn(start, texts);
    } else if (replay->parsed()) {
        std::cout << write_fen(read_pgn_file(pgn_file, make_game)) << "\n";
    } else if (play->parsed()) {
        Position pos = position_of(c, game);
        return run_play(game, pos);
    } else if (bench->parsed()) {
        return run_bench(argc - 1, argv + 1);
    }
    return 0;
}

}  // namespace
}  // namespace menagerie

int main(int argc, char** argv) {
    try {
        return menagerie::run(argc, argv);
    } catch (const menagerie::Error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}
