#pragma once

#include <set>
#include <string>

#include "core/movegen.h"
#include "games/games.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie::test {

// The position reached by playing `moves` (UCI or SAN) from `fen` in `variant`.
inline Position play(const std::shared_ptr<const Game>& game, const std::string& fen,
                     const std::string& moves = "") {
    Position pos = parse_fen(game, fen);
    for (const std::string& text : split_moves(moves)) {
        StateInfo st;
        pos.do_move(parse_move(pos, text), st);
        pos = Position(pos);
    }
    return pos;
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
