// What the libFuzzer targets share: the input as lines, a game named by a line, and a check
// that stops the run with a message (libFuzzer then keeps the input that failed it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/position.h"
#include "core/rules.h"
#include "games/blackswan_draws.h"
#include "games/blackswan_outcomes.h"
#include "games/games.h"
#include "hidden/player_view.h"

namespace menagerie::fuzz {

inline std::string text_of(const uint8_t* data, size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A failed check is a finding: it names what failed, then aborts.
#define FUZZ_CHECK(condition, what)                                                                \
    do {                                                                                           \
        if (!(condition)) {                                                                        \
            std::fprintf(stderr, "check failed: %s: %s\n", #condition, std::string(what).c_str()); \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

// A game named as `menagerie` names one: "NAME [option=value]..." ("chess castling=chess960").
// Nothing for a line that names no game (that is the game's own error to make, not a finding).
// A referee's Black Swan game without a seed gets seed 1, so that an input always means the same
// game. Games are kept by their line: making one builds its move tables.
inline std::shared_ptr<const Game> game_from_line(const std::string& line) {
    static std::map<std::string, std::shared_ptr<const Game>> made;
    if (const auto it = made.find(line); it != made.end()) return it->second;
    std::istringstream in(line);
    std::string name, option;
    in >> name;
    Options options;
    while (in >> option) {
        const size_t eq = option.find('=');
        if (eq == std::string::npos) return nullptr;
        options[option.substr(0, eq)] = option.substr(eq + 1);
    }
    if (name == "blackswan" && !options.count("view")) options.emplace("seed", "1");
    std::shared_ptr<const Game> game;
    try {
        game = make_game(name, options);
    } catch (const Error&) {
    }
    if (made.size() >= 256) made.clear();
    return made[line] = game;
}

// The moves a position can play for a legal move: a chance move without its outcome stands for
// the outcome the referee's seed draws, or on a player's view for one move per outcome still
// possible.
inline std::vector<Move> playable(const Position& pos, Move m) {
    if (!is_chance_move(pos, m) || m.outcome() != 0) return {m};
    if (is_referee_game(pos.game())) return {blackswan::announce(pos, m)};  // its seed's
    std::vector<Move> out;
    for (int outcome : blackswan::possible_outcomes(outcome_kind(m),
                                                    pos.state().chance.unseen[pos.side_to_move()]))
        out.push_back(m.with_outcome(outcome));
    return out;
}

}  // namespace menagerie::fuzz
