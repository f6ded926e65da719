// Parsing a command's flags with CLI11, its errors turned into the project's Usage errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace menagerie {

// Parses argv into `app`. Returns the exit status once `--help` has been printed, or nothing to go
// on. A bad command line throws a Usage Error with `field`, whose message is `prefix` and CLI11's
// first line, with any argument that would print control codes quoted.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv,
                                      const std::string& field = "",
                                      const std::string& prefix = "");

// A whole decimal number from `min` to `max`, the flag's value as typed (CLI11 would wrap). The
// message gives the range checked, whichever way the value misses it.
uint64_t parse_whole(const std::string& flag, const std::string& text, uint64_t min, uint64_t max);
// parse_whole from 0.
uint64_t parse_number(const std::string& flag, const std::string& text, uint64_t max);

// The last line of defence for the one-line rule: whatever a message holds, it prints on one
// line with no control character (a byte that is not printable ASCII is written \xNN).
std::string one_line(const std::string& message);

}  // namespace menagerie
