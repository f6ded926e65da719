// Running the menagerie binary from a test, as a user would from a shell.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace menagerie::test {

struct RunResult {
    int status;
    std::string out, err;
};

// A file name of its own for each call and process: ctest runs tests in parallel. A file left
// there by an earlier run whose process had the same id is removed: commands that resume an
// existing file (datagen, atlas) would otherwise read it.
inline std::string temp_file(const std::string& what) {
    static int calls = 0;
    const std::string path = ::testing::TempDir() + "menagerie_cli_" + std::to_string(getpid()) +
                             "_" + std::to_string(++calls) + "_" + what;
    std::filesystem::remove(path);
    return path;
}

inline std::string write_temp(const std::string& what, const std::string& content) {
    const std::string path = temp_file(what);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

// Runs the binary through the shell with `args`; `input`, when given, is its standard input.
inline RunResult run(const std::string& args,
                     const std::optional<std::string>& input = std::nullopt) {
    const std::string err_file = temp_file("stderr.txt");
    const std::string in_file = input ? write_temp("stdin.txt", *input) : "/dev/null";
    const std::string cmd =
        std::string(MENAGERIE_BINARY) + " " + args + " 2>" + err_file + " <" + in_file;
    FILE* pipe = popen(cmd.c_str(), "r");
    RunResult r{-1, "", ""};
    if (!pipe) return r;
    std::array<char, 4096> buffer{};
    size_t n;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* f = fopen(err_file.c_str(), "r")) {
        while ((n = fread(buffer.data(), 1, buffer.size(), f)) > 0) r.err.append(buffer.data(), n);
        fclose(f);
    }
    std::remove(err_file.c_str());
    if (input) std::remove(in_file.c_str());
    return r;
}

}  // namespace menagerie::test
