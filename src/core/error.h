#pragma once

#include <stdexcept>
#include <string>

namespace menagerie {

// Bad input from a user or a file (FEN, move, option, setup): the message says what was wrong.
class Error : public std::runtime_error {
  public:
    explicit Error(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace menagerie
