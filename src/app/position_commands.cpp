// `menagerie fen`, `moves` and `perft`: the position the game flags describe, as FEN, as its
// legal moves, or as the count of the move paths below it.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/game_flags.h"
#include "core/movegen.h"
#include "hidden/player_view.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

struct PerftFlags {
    GameFlags game;
    std::string depth;
    bool divide = false;
};

int run_perft(const PerftFlags& flags) {
    const int depth = static_cast<int>(parse_number("--depth", flags.depth, 20));
    Position pos = position_of(flags.game);
    const auto start = std::chrono::steady_clock::now();
    uint64_t total = 0;
    if (flags.divide && depth > 0) {
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
    return 0;
}

}  // namespace

Runner declare_fen(CLI::App& cmd) {
    return on_position(cmd, [](Position& pos) {
        std::cout << write_fen(pos) << "\n";
        return 0;
    });
}

Runner declare_moves(CLI::App& cmd) {
    return on_position(cmd, [](Position& pos) {
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            const Move shown = as_refereed(pos, m);
            std::cout << move_to_uci(pos, shown) << "\t" << move_to_san(pos, list, shown) << "\n";
        }
        return 0;
    });
}

Runner declare_perft(CLI::App& cmd) {
    auto flags = std::make_shared<PerftFlags>();
    add_game_flags(cmd, flags->game, true);
    cmd.add_option("--depth", flags->depth, "plies, 0 to 20")->required();
    cmd.add_flag("--divide", flags->divide, "print the count below each move");
    return [flags] { return run_perft(*flags); };
}

}  // namespace menagerie
