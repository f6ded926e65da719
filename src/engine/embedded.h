// Files built into the program: every file of nets/ (networks, *.nnue, and fitted terms,
// *.terms), included whole by the assembler into a source the build generates from the folder.
#pragma once

#include <cstddef>
#include <span>

namespace menagerie::engine {

struct EmbeddedFile {
    const char* name;  // the file's name in nets/
    const unsigned char* data;
    size_t size;
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace menagerie::engine
