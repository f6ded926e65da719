// `menagerie uci`: the engine behind the UCI protocol, on standard input and output.
#include "engine/uci.h"

#include <iostream>

#include "app/commands.h"

namespace menagerie {

Runner declare_uci(CLI::App&) {
    return [] { return engine::run_uci(std::cin, std::cout); };
}

}  // namespace menagerie
