// `menagerie replay`: the final FEN of every game of a PGN file, of one (--game N), or a check of
// all of them.
#include <CLI/CLI.hpp>
#include <iostream>
#include <limits>

#include "app/command_line.h"
#include "app/commands.h"
#include "core/error.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/pgn.h"

namespace menagerie {

namespace {

struct ReplayFlags {
    std::string file;
    std::optional<std::string> game;
    bool check = false;
};

int check_games(const std::vector<PgnText>& games, const GameResolver& resolve) {
    bool all_ok = true;
    for (const PgnText& text : games) {
        try {
            const PgnGame g = parse_pgn(text, resolve);
            std::cout << text.number << "\tok\t" << final_position(g, resolve).game().name << "\t"
                      << g.moves.size() << "\t" << g.result << "\n";
        } catch (const Error& e) {
            all_ok = false;
            std::cout << text.number << "\terror\t" << one_line(e.what()) << "\n";
        }
    }
    return all_ok ? 0 : 2;
}

int run_replay(const ReplayFlags& flags) {
    const std::vector<PgnText> games = split_pgn(read_pgn_file(flags.file));
    const GameResolver resolve = [](const std::string& name, const Options& options) {
        return make_game(name, options);
    };
    if (flags.check) {
        if (flags.game)
            throw Error(ErrorKind::Usage, "--check", "give --game or --check, not both");
        return check_games(games, resolve);
    }
    size_t first = 0, last = games.size();
    if (flags.game) {
        const std::string count = std::to_string(games.size()) +
                                  (games.size() == 1 ? " game" : " games") + ", numbered from 1";
        uint64_t n = 0;
        try {
            n = parse_number("--game", *flags.game, std::numeric_limits<uint64_t>::max());
        } catch (const Error&) {
            throw Error(ErrorKind::Usage, "--game",
                        "--game: " + menagerie::quoted(*flags.game) + " is not a game number; " +
                            menagerie::quoted(flags.file) + " holds " + count);
        }
        if (n == 0 || n > games.size())
            throw Error(ErrorKind::Usage, "--game",
                        "--game " + std::to_string(n) + ": " + menagerie::quoted(flags.file) +
                            " holds " + count);
        first = n - 1, last = n;
    }
    std::vector<std::string> fens;  // all or nothing: a bad game stops the replay
    for (size_t i = first; i < last; ++i)
        fens.push_back(write_fen(final_position(parse_pgn(games[i], resolve), resolve)));
    for (const std::string& fen : fens) std::cout << fen << "\n";
    return 0;
}

}  // namespace

Runner declare_replay(CLI::App& cmd) {
    auto flags = std::make_shared<ReplayFlags>();
    cmd.add_option("file", flags->file, "PGN file (one game or a database)")->required();
    cmd.add_option("--game", flags->game, "only game N of the file (from 1)");
    cmd.add_flag("--check", flags->check,
                 "check every game: N<TAB>ok<TAB>variant<TAB>plies<TAB>result or "
                 "N<TAB>error<TAB>message; exit 2 if any is bad");
    return [flags] { return run_replay(*flags); };
}

}  // namespace menagerie
