// `menagerie analyse`: the engine's best line for a position, for command-line users. One line
// per completed depth, then the best move, its line in SAN, the score and the statistics.
#include <iostream>
#include <new>
#include <optional>
#include <sstream>

#include "app/commands.h"
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

}  // namespace

int run_analyse(const Position& pos, int depth, int movetime_ms, int threads, int hash_mb) {
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

}  // namespace menagerie
