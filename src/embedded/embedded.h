// Files built into the program: the fitted terms and networks of nets/ (*.terms, *.nnue) and the
// setup atlas of atlas/ (*.csv), included whole by the assembler into a source the build
// generates from those folders (CMakeLists.txt), so the program needs no data files beside it.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace menagerie::embedded {

struct File {
    const char* name;  // the file's path in the source tree: nets/dice.terms, atlas/chess56.csv
    const unsigned char* data;
    size_t size;

    std::string_view text() const { return {reinterpret_cast<const char*>(data), size}; }
};

std::span<const File> files();

}  // namespace menagerie::embedded
