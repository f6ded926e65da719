// `menagerie uci`: the Universal Chess Interface on standard input and output, for every game
// (UCI_Variant) with the games' options as UCI options. See docs/engine.md.
#pragma once

#include <iosfwd>

namespace menagerie::engine {

// Reads commands until `quit` or the end of input; returns the exit status.
int run_uci(std::istream& in, std::ostream& out);

}  // namespace menagerie::engine
