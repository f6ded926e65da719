// Errors in input from a user or a file. Each has a kind the caller can inspect, the field it is
// about ("castling", "move", "tag Variant") and, where the input is one text, the offset in it
// where the trouble starts. what() is the whole one-line message.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace menagerie {

enum class ErrorKind {
    Fen,      // a FEN text, or the position it describes
    Move,     // a move text, or a move that is not legal
    Pgn,      // a PGN file: tags, movetext, one game of a database
    Setup,    // a setup identifier or a setup generator's input (dice, arrays)
    Option,   // a game option or the game's name
    Usage,    // a command-line argument
    File,     // a file that cannot be read
    Invalid,  // anything else a caller passed in
};

class Error : public std::runtime_error {
  public:
    static constexpr size_t NO_OFFSET = static_cast<size_t>(-1);

    explicit Error(const std::string& what) : Error(ErrorKind::Invalid, "", what) {}
    Error(ErrorKind kind, std::string field, const std::string& what, size_t offset = NO_OFFSET)
        : std::runtime_error(what), kind_(kind), field_(std::move(field)), offset_(offset) {}

    ErrorKind kind() const { return kind_; }
    const std::string& field() const { return field_; }
    size_t offset() const { return offset_; }  // NO_OFFSET when not about a place in a text

  private:
    ErrorKind kind_;
    std::string field_;
    size_t offset_;
};

// Input echoed in a message, in single quotes, with every control character, quote, backslash
// and byte that is not printable ASCII escaped (\n, \x00, \x1b ...), so that a message stays on
// one line and never sends raw control codes to a terminal. Long input is cut with "...".
std::string quoted(std::string_view text, size_t max_length = 80);
// Exact matches for strings and C strings, so that argument-dependent lookup never prefers
// std::quoted (<iomanip>) to this function.
inline std::string quoted(const std::string& text, size_t max_length = 80) {
    return quoted(std::string_view(text), max_length);
}
inline std::string quoted(const char* text, size_t max_length = 80) {
    return quoted(std::string_view(text), max_length);
}
// A message that echoes `raw` as '<raw>' (a layer that did not quote), echoing it quoted instead.
std::string requote(std::string message, const std::string& raw);

}  // namespace menagerie
