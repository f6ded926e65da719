#include "app/batch.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "app/command_line.h"
#include "core/error.h"

namespace menagerie {

void SearchFlags::add_to(CLI::App& app, const std::string& depth_help,
                         const std::string& nodes_help) {
    app.add_option("--depth", depth, depth_help);
    app.add_option("--nodes", nodes, nodes_help);
    app.add_option("--shard", shard, "I/N: only items n with n % N == I - 1");
    app.add_option("--hash", hash, "transposition table in MB (default 16)");
}

engine::Limits SearchFlags::limits(uint64_t default_nodes) const {
    if (depth && nodes)
        throw Error(ErrorKind::Usage, "--depth", "give --depth or --nodes, not both");
    engine::Limits l;
    if (depth)
        l.depth = static_cast<int>(parse_whole("--depth", *depth, 1, 64));
    else
        l.nodes = nodes ? parse_whole("--nodes", *nodes, 1, 1ull << 40) : default_nodes;
    return l;
}

Shard SearchFlags::shard_of() const {
    if (!shard) return {};
    const auto slash = shard->find('/');
    if (slash == std::string::npos)
        throw Error(ErrorKind::Usage, "--shard",
                    "--shard: " + menagerie::quoted(*shard) + " is not of the form I/N");
    Shard s;
    s.count = parse_whole("--shard", shard->substr(slash + 1), 1, 1u << 20);
    s.index = parse_whole("--shard", shard->substr(0, slash), 1, s.count);
    return s;
}

std::size_t SearchFlags::hash_mb() const {
    return hash ? parse_whole("--hash", *hash, 1, 65536) : 16;
}

ProgressLine::ProgressLine(std::size_t todo)
    : todo_(todo),
      tty_(isatty(STDERR_FILENO)),
      began_(std::chrono::steady_clock::now()),
      last_(began_) {}

ProgressLine::~ProgressLine() {
    if (tty_ && written_) std::cerr << "\n";
}

void ProgressLine::update(std::size_t done, const std::string& status, double count) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(tty_ ? 1 : 30) && done < todo_) return;
    last_ = now;
    written_ = true;
    const double elapsed = std::chrono::duration<double>(now - began_).count();
    const double left = elapsed / static_cast<double>(done) * static_cast<double>(todo_ - done);
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.1f", count / std::max(elapsed, 1e-3));
    std::cerr << (tty_ ? "\r" : "") << status << "  " << rate << "/s  elapsed "
              << clock_text(elapsed) << "  left " << clock_text(left) << (tty_ ? "   " : "\n")
              << std::flush;
}

std::string clock_text(double seconds) {
    const auto s = static_cast<long>(seconds);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

}  // namespace menagerie
