// The players of `menagerie match`: UCI engines (each its own process) and the built-in
// players that run in-process (builtin:random, builtin:greedy). The referee (app/match.cpp)
// asks a player for a move in a position and checks what it gets back; a player never decides
// a game's result.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

// How long a player may think: a clock (base + increment, milliseconds) and/or a fixed limit.
struct Limits {
    std::optional<int64_t> base_ms, increment_ms, movetime_ms;
    std::optional<int> depth;
    std::optional<uint64_t> nodes;
};

// `--engine` as given: cmd=..., name=..., option.NAME=VALUE, and limits of its own.
struct EngineSpec {
    std::string command;  // a shell command, or builtin:random / builtin:greedy
    std::string name;     // for the PGN and the output; empty: the engine's `id name`
    std::vector<std::pair<std::string, std::string>> options;
    Limits limits;  // set fields override the match's
};
// Reads `cmd=COMMAND,name=NAME,option.Hash=16,tc=5+0.05,nodes=1000,...` (a spec without `=` is
// a command; a comma inside the command is kept where what follows is not a key). Throws Error
// (kind Usage) naming what is wrong.
EngineSpec parse_engine_spec(const std::string& text);
// "5+0.05", "40", "0.5+0": seconds and increment into milliseconds.
void parse_time_control(const std::string& text, Limits& limits);
// One limit by key: tc (as above), movetime (milliseconds), depth, nodes (whole numbers).
void parse_limit(const std::string& key, const std::string& value, Limits& limits);

// What a player sees when asked to move.
struct MoveRequest {
    const Position& start;                      // the game's start
    const std::vector<Move>& moves;             // played since
    Position& position;                         // the position now (after `moves`)
    std::optional<int64_t> clock_ms[COLOR_NB];  // time left on each clock, if there is one
    int64_t increment_ms[COLOR_NB];             // added to each clock after its side's move
    const Limits& limits;
    std::chrono::steady_clock::time_point deadline;  // when the referee stops waiting
};

struct Reply {
    std::optional<Move> move;  // the legal move the player named
    std::string text;          // what it sent (for a message)
    std::string failure;       // why there is no move (crash, timeout, illegal or unreadable)
    bool timeout = false;
    bool ended = false;  // the player's process ended (it exited or was killed by a signal)
};

class Player {
  public:
    virtual ~Player() = default;
    // The name in the output and the PGN; the match renames players that share one.
    const std::string& name() const { return name_; }
    void rename(std::string name) { name_ = std::move(name); }
    // A new game from `start`, setup `setup` of the game (its identifier as `menagerie setups`
    // lists it; empty when the start is not a setup); `seed` drives any randomness of the player.
    virtual void new_game(const Position& start, const std::string& setup, uint64_t seed) = 0;
    virtual Reply move(const MoveRequest& request) = 0;

  protected:
    std::string name_;
};

// Builds the player a spec names; a UCI engine is started and its handshake done (throws Error
// if that fails), and told UCI_Variant `variant` if it lists that option. Each game then gives
// it the game's options it lists, `Setup`, and `UCI_Chess960` (docs/match.md).
std::unique_ptr<Player> make_player(const EngineSpec& spec, const std::string& variant);

}  // namespace menagerie
