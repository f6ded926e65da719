// `menagerie analyse`: the engine's best line for a position, for command-line users. One line
// per completed depth, then the best move, its line in SAN, the score and the statistics.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/game_flags.h"
#include "core/error.h"
#include "core/rules.h"
#include "engine/engine.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

std::string score_text(const engine::Info& info) {
    if (info.mated) return "mate 0";
    return info.mate ? "mate " + std::to_string(info.mate) : "cp " + std::to_string(info.score_cp);
}

// A search to a depth or for a time (0: no limit of that kind).
int print_analysis(const Position& pos, int depth, int movetime_ms, int threads, int hash_mb) {
    std::optional<engine::Engine> engine;
    try {
        engine.emplace(static_cast<std::size_t>(hash_mb), threads);
    } catch (const std::bad_alloc&) {
        throw Error(ErrorKind::Usage, "--hash",
                    "--hash: a table of " + std::to_string(hash_mb) + " MB could not be allocated");
    }
    engine::Limits limits;
    limits.depth = depth;
    limits.movetime_ms = movetime_ms;
    const engine::Info result = engine->search(pos, {}, limits, [&](const engine::Info& info) {
        if (info.pv.empty()) return;  // no legal move: the summary says it
        std::cout << "depth " << info.depth << " seldepth " << info.seldepth << " score "
                  << score_text(info) << " nodes " << info.nodes << " time " << info.time_ms
                  << " pv " << san_line(pos, info.pv) << std::endl;
    });
    if (result.pv.empty()) {
        std::cout << "bestmove (none)\nscore " << score_text(result) << "\n";
        return 0;
    }
    Position copy(pos);
    const int64_t ms = std::max<int64_t>(result.time_ms, 1);
    std::cout << "bestmove " << move_to_uci(copy, result.pv[0]) << " "
              << move_to_san(copy, result.pv[0]) << "\n"
              << "score " << score_text(result) << "\n"
              << "pv " << san_line(pos, result.pv) << "\n"
              << "depth " << result.depth << "\n"
              << "nodes " << result.nodes << "\n"
              << "nps " << result.nodes * 1000 / static_cast<uint64_t>(ms) << "\n"
              << "time " << result.time_ms << "\n";
    return 0;
}

struct AnalyseFlags {
    GameFlags game;
    std::string depth, movetime, threads = "1", hash = "16";
};

int run_analyse(const AnalyseFlags& flags) {
    if (flags.depth.empty() == flags.movetime.empty())
        throw Error(ErrorKind::Usage, "--depth",
                    "analyse needs exactly one of --depth and --movetime");
    const int depth =
        flags.depth.empty() ? 0 : static_cast<int>(parse_whole("--depth", flags.depth, 1, 100));
    const int movetime =
        flags.movetime.empty()
            ? 0
            : static_cast<int>(parse_number("--movetime", flags.movetime, 1 << 30));
    // The ranges of the UCI options Threads and Hash.
    const int threads = static_cast<int>(parse_whole("--threads", flags.threads, 1, 256));
    const int hash = static_cast<int>(parse_whole("--hash", flags.hash, 1, 65536));
    const Position pos = position_of(flags.game);
    return print_analysis(pos, depth, flags.movetime.empty() ? 0 : std::max(movetime, 1), threads,
                          hash);
}

}  // namespace

Runner declare_analyse(CLI::App& cmd) {
    auto flags = std::make_shared<AnalyseFlags>();
    add_game_flags(cmd, flags->game, true);
    cmd.add_option("--depth", flags->depth, "search depth in plies, 1 to 100");
    cmd.add_option("--movetime", flags->movetime, "search time in milliseconds");
    cmd.add_option("--threads", flags->threads, "search threads, 1 to 256 (default 1)");
    cmd.add_option("--hash", flags->hash, "hash table in MB, 1 to 65536 (default 16)");
    return [flags] { return run_analyse(*flags); };
}

}  // namespace menagerie
