// libFuzzer target for the engine's UCI command reader (`menagerie uci`). Input: the commands,
// one a line, as a GUI would send them. Every command is answered or refused with an `info
// string error` line, and the loop ends at the end of the input (stopping any search). Lines
// that set Hash or Threads are left out: their values are read like any other number, and
// honouring them would only measure this machine's memory and cores; the table has 1 MB, so
// that clearing it (ucinewgame) does not take most of the time.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "engine/uci.h"
#include "fuzz_util.h"

using namespace menagerie;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string commands = "setoption name Hash value 1\n";
    for (const std::string& line : fuzz::lines_of(fuzz::text_of(data, size))) {
        std::string lowered;
        for (char c : line)
            lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lowered.find("hash") != std::string::npos ||
            lowered.find("threads") != std::string::npos)
            continue;
        commands += line + "\n";
    }
    std::istringstream in(commands);
    std::ostringstream out;
    engine::run_uci(in, out);
    return 0;
}
