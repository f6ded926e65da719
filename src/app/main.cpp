// menagerie: the command line. The forms of variants, setups, fen, moves and perft are stable;
// they are how the project is checked from outside.
#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "app/command_line.h"
#include "app/commands.h"
#include "core/error.h"

namespace menagerie {

namespace {

struct Subcommand {
    const char* name;
    const char* help;
    Runner (*declare)(CLI::App& cmd) = nullptr;  // its flags are parsed with the command line's
    int (*run_own)(int argc, char** argv) = nullptr;  // or it reads its own (its --help is its own)
};

// Every subcommand, in the order `--help` lists them, under the file that holds it.
const Subcommand SUBCOMMANDS[] = {
    // listings.cpp
    {"variants", "list the games, one a line", declare_variants},
    {"setups", "list every start setup: ID<TAB>FEN", declare_setups},
    // roll.cpp
    {"roll", "roll the dice of chess56 or chess2016: the dice, the substitutions, the FEN",
     declare_roll},
    // position_commands.cpp
    {"fen", "print the start position", declare_fen},
    {"moves", "list the legal moves: UCI<TAB>SAN", declare_moves},
    {"perft", "count leaf nodes; last line `nodes N`", declare_perft},
    // pgn.cpp
    {"pgn", "print the game reached by --moves as PGN", declare_pgn},
    // replay.cpp
    {"replay", "read a PGN file: the final FEN of each game, one a line", declare_replay},
    // verify.cpp
    {"verify", "check a finished Black Swan record against its seed; exit 0 if honest, 1 if not",
     declare_verify},
    // play.cpp (play_refereed.cpp for Black Swan)
    {"play", "an interactive session on the terminal", declare_play},
    // uci.cpp
    {"uci", "play as a UCI engine on standard input and output", declare_uci},
    // analyse.cpp
    {"analyse", "the engine's best line, score and statistics", declare_analyse},
    // bench.cpp
    {"bench", "fixed perft suite and nodes per second", nullptr, run_bench},
    // match.cpp
    {"match", "play two engines against each other", nullptr, run_match},
    // serve.cpp
    {"serve", "serve the web app and its API (docs/server.md)", nullptr, run_serve},
    // datagen.cpp
    {"datagen", "self-play positions for the trainer", nullptr, run_datagen},
    // train.cpp
    {"train", "fit an evaluation network to datagen's positions", nullptr, run_train},
    {"fit", "fit the hand-made evaluation's terms to the positions", nullptr, run_fit},
    // relabel.cpp
    {"relabel", "score datagen's positions again with another UCI engine", nullptr, run_relabel},
    // atlas.cpp
    {"atlas", "how every start setup of a game stands (docs/atlas.md)", nullptr, run_atlas},
    // geometry.cpp
    {"geometry", "print the board's cells and drawing as JSON", declare_geometry},
};

int run(int argc, char** argv) {
    CLI::App app{"Menagerie: rules, perft and play for five chess variants"};
    app.require_subcommand(1);
    std::vector<std::pair<CLI::App*, Runner>> commands;
    std::string names;
    bool known = argc < 2 || argv[1][0] == '-';
    for (const Subcommand& s : SUBCOMMANDS) {
        CLI::App* cmd = app.add_subcommand(s.name, s.help);
        if (s.declare) {
            commands.emplace_back(cmd, s.declare(*cmd));
        } else {
            cmd->allow_extras();
            cmd->set_help_flag();
            commands.emplace_back(cmd, [&s, argc, argv] { return s.run_own(argc - 1, argv + 1); });
        }
        names += (names.empty() ? "" : ", ") + std::string(s.name);
        known |= argc > 1 && cmd->get_name() == argv[1];
    }
    app.get_option("--help")->description("print help");
    if (!known) {
        throw Error(ErrorKind::Usage, "command",
                    "unknown command " + menagerie::quoted(argv[1]) + " (commands: " + names + ")");
    }
    if (const std::optional<int> status = parse_command_line(app, argc, argv)) return *status;
    for (const auto& [cmd, runner] : commands)
        if (cmd->parsed()) return runner();
    return 0;
}

void print_error(const std::string& message) {
    std::cerr << "error: " << one_line(message) << "\n";
}

}  // namespace
}  // namespace menagerie

int main(int argc, char** argv) {
    try {
        return menagerie::run(argc, argv);
    } catch (const std::exception& e) {
        menagerie::print_error(e.what());
        return 2;
    } catch (...) {
        menagerie::print_error("unexpected failure");
        return 2;
    }
}
