// `menagerie geometry`: the board's drawing data as JSON, of a game or of a board no game uses yet.
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"
#include "app/game_flags.h"
#include "core/error.h"
#include "games/boards.h"
#include "games/games.h"
#include "notation/geometry_json.h"

namespace menagerie {

namespace {

struct GeometryFlags {
    std::optional<std::string> variant, board;
    std::vector<std::string> options;
};

int run_geometry(const GeometryFlags& flags) {
    if (flags.variant.has_value() == flags.board.has_value())
        throw Error(ErrorKind::Usage, "", "give exactly one of --variant and --board");
    if (flags.board && !flags.options.empty())
        throw Error(ErrorKind::Usage, "", "--option needs --variant");
    if (flags.variant) {
        std::cout << geometry_json(
                         make_game(*flags.variant, parse_options(flags.options))->geometry)
                  << "\n";
        return 0;
    }
    const std::string& board = *flags.board;
    if (board != "8x8" && board != "chess2016" && board != "chess66")
        throw Error(
            ErrorKind::Usage, "board",
            "unknown board " + menagerie::quoted(board) + " (boards: 8x8, chess2016, chess66)");
    const Geometry g = board == "8x8"         ? Geometry::rectangle(8, 8)
                       : board == "chess2016" ? chess2016_board()
                                              : chess66_board();
    std::cout << geometry_json(g) << "\n";
    return 0;
}

}  // namespace

Runner declare_geometry(CLI::App& cmd) {
    auto flags = std::make_shared<GeometryFlags>();
    cmd.add_option("--variant", flags->variant, "game name (see `menagerie variants`)");
    cmd.add_option("--option", flags->options, "game option name=value (repeatable)");
    cmd.add_option("--board", flags->board, "a board by itself: 8x8, chess2016 or chess66");
    return [flags] { return run_geometry(*flags); };
}

}  // namespace menagerie
