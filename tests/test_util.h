#pragma once

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>

#include "core/movegen.h"
#include "core/setup.h"
#include "games/blackswan_draws.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie::test {

// MENAGERIE_QUICK is set for the sanitizer build's run: smaller samples, one ply less of perft.
inline bool quick() { return std::getenv("MENAGERIE_QUICK") != nullptr; }
inline int scaled(int depth) { return quick() ? std::max(1, depth - 1) : depth; }

// A new empty directory of its own under the system's temporary directory: /tmp/STEM-XXXXXX.
inline std::filesystem::path temp_dir(const std::string& stem) {
    std::string pattern = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    return pattern;
}

// The FEN of a game's fixed start, or of one of its setups (by number or any identifier).
inline std::string start_fen(const std::shared_ptr<const Game>& game) {
    return write_fen(start_position(game));
}
inline std::string setup_fen(const std::shared_ptr<const Game>& game, int number) {
    return write_fen(setup_position(game, number));
}
inline std::string setup_fen(const std::shared_ptr<const Game>& game, const std::string& id) {
    return write_fen(start_position(game, id));
}

// The position reached by playing `moves` (UCI or SAN) from `fen` in `variant`.
inline Position play(const std::shared_ptr<const Game>& game, const std::string& fen,
                     const std::string& moves = "") {
    Position pos = parse_fen(game, fen);
    for (const std::string& text : split_moves(moves)) {
        StateInfo st;
        Move m = parse_move(pos, text);
        // On a referee's game the test is the referee: a chance move gets the seed's outcome.
        if (m.outcome() == 0 && game->has_chance() && game->chance.identities_known())
            m = blackswan::announce(pos, m);
        pos.do_move(m, st);
        pos = Position(pos);
    }
    return pos;
}

// Perft by the search's route: pseudo-legal moves, each kept when `legal` (cheap) or
// `legal_by_playing` (the reference) says so. Must equal perft() everywhere.
inline uint64_t perft_pseudo(Position& pos, int depth, bool by_playing) {
    if (depth == 0) return 1;
    MoveList list;
    generate_pseudo_legal(pos, list);
    uint64_t nodes = 0;
    for (Move m : list) {
        if (!(by_playing ? legal_by_playing(pos, m) : legal(pos, m))) continue;
        StateInfo st;
        pos.do_move(m, st);
        nodes += perft_pseudo(pos, depth - 1, by_playing);
        pos.undo_move(m);
    }
    return nodes;
}

// The legal moves by the reference route, as coordinate texts.
inline std::set<std::string> reference_moves(Position& pos) {
    MoveList list;
    generate_pseudo_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list)
        if (legal_by_playing(pos, m)) out.insert(move_to_uci(pos, m));
    return out;
}

inline std::set<std::string> sans(Position pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list) {
        std::string s = move_to_san(pos, m);
        while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
        out.insert(s);
    }
    return out;
}

inline std::set<std::string> ucis(Position pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list) out.insert(move_to_uci(pos, m));
    return out;
}

}  // namespace menagerie::test
