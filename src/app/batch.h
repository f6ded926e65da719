// What the batch commands (datagen, atlas) share: the flags of their searches and shards, and a
// progress line.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/engine.h"

namespace CLI {
class App;
}

namespace menagerie {

// `--shard I/N` of a batch command: this run does items n with n % count == index - 1.
struct Shard {
    uint64_t index = 1, count = 1;
    bool mine(uint64_t n) const { return n % count == index - 1; }
};

// --depth or --nodes of each search, --shard and --hash, as typed until read.
struct SearchFlags {
    std::optional<std::string> depth, nodes, shard, hash;
    // Adds the four flags; `nodes_help` says what the node count is of, with its default.
    void add_to(CLI::App& app, const std::string& depth_help, const std::string& nodes_help);
    // Throws Error (kind Usage) naming a bad value; without either limit, `default_nodes`.
    engine::Limits limits(uint64_t default_nodes) const;
    Shard shard_of() const;
    std::size_t hash_mb() const;  // default 16
};

// A batch command's progress on standard error: rewritten in place on a terminal (at most once
// a second), a line every 30 seconds otherwise, and always after the last item.
class ProgressLine {
  public:
    explicit ProgressLine(std::size_t todo);
    ~ProgressLine();
    // After item `done` (from 1) of this run's: `status` is the command's own counts, `count`
    // what the rate is of (since the start of this run).
    void update(std::size_t done, const std::string& status, double count);

  private:
    std::size_t todo_;
    bool tty_, written_ = false;
    std::chrono::steady_clock::time_point began_, last_;
};

std::string clock_text(double seconds);  // H:MM:SS

}  // namespace menagerie
