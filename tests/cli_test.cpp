// The stable command-line forms, run as a user runs them.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Result {
    int status;
    std::string out, err;
};

Result run(const std::string& args) {
    // One stderr file per call and process: ctest runs tests in parallel.
    static int calls = 0;
    const std::string err_file = ::testing::TempDir() + "menagerie_cli_" +
                                 std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
    const std::string cmd = std::string(MENAGERIE_BINARY) + " " + args + " 2>" + err_file;
    FILE* pipe = popen(cmd.c_str(), "r");
    Result r{-1, "", ""};
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
    return r;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(Cli, Variants) {
    const Result r = run("variants");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(lines(r.out), (std::vector<std::string>{"chess", "placement", "placement-reduced",
                                                      "chess20", "contemporary"}));
}

TEST(Cli, SetupsListsIdTabFen) {
    const auto crc = lines(run("setups --variant contemporary").out);
    ASSERT_EQ(crc.size(), 1680u);
    EXPECT_EQ(crc[0].substr(0, 2), "0\t");
    EXPECT_EQ(lines(run("setups --variant placement").out).size(), 20u);
    EXPECT_EQ(lines(run("setups --variant placement-reduced").out).size(), 8u);
    EXPECT_EQ(lines(run("setups --variant chess").out).size(), 1u);
}

TEST(Cli, FenAcceptsEveryDocumentedSetupForm) {
    const std::string by_array = run("fen --variant contemporary --setup RBNBKQNR").out;
    EXPECT_EQ(by_array,
              "rnqkbnbr/pppppppp/8/8/8/8/PPPPPPPP/RBNBKQNR w KQkq - 0 1 Kk ABCDEFGHabcdefgh\n");
    const auto all = lines(run("setups --variant contemporary").out);
    std::string number;
    for (const auto& l : all)
        if (l.find(by_array.substr(0, by_array.size() - 1)) != std::string::npos)
            number = l.substr(0, l.find('\t'));
    EXPECT_EQ(run("fen --variant contemporary --setup " + number).out, by_array);
    EXPECT_EQ(run("fen --variant placement --setup 'e8d8 e1c1'").out,
              run("fen --variant placement --setup RNQKBBNR").out);
    EXPECT_EQ(run("fen --variant placement").out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 K\n");
    EXPECT_EQ(run("fen --variant contemporary --seed 5").out,
              run("fen --variant contemporary --seed 5").out);
}

TEST(Cli, MovesListsUciTabSan) {
    const auto moves = lines(run("moves --variant chess --setup 0").out);
    ASSERT_EQ(moves.size(), 20u);
    EXPECT_NE(std::find(moves.begin(), moves.end(), "g1f3\tNf3"), moves.end());
    const auto after =
        lines(run("moves --variant chess --setup 0 --moves 'e4 e5,Nf3 Nc6 Bc4 Nf6'").out);
    EXPECT_NE(std::find(after.begin(), after.end(), "e1g1\tO-O"), after.end());
    const auto crc =
        lines(run("moves --variant contemporary --fen '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 K -'").out);
    for (const char* m : {"e1a1\tO-Ob", "e1h1\tO-Og", "e1b1\tKe>>b1", "e1g1\tKe>>g1"})
        EXPECT_NE(std::find(crc.begin(), crc.end(), m), crc.end()) << m;
}

TEST(Cli, PerftEndsWithNodes) {
    const Result r = run("perft --variant chess --setup 0 --depth 3");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(lines(r.out).back(), "nodes 8902");
    const auto divide = lines(run("perft --variant chess --setup 0 --depth 2 --divide").out);
    EXPECT_EQ(divide.size(), 21u);
    EXPECT_EQ(divide.back(), "nodes 400");
    EXPECT_EQ(
        lines(run("perft --variant placement --setup 0 --depth 2 --option castling=chess960").out)
            .back(),
        "nodes 400");
    EXPECT_EQ(lines(run("perft --variant placement --depth 2").out).back(), "nodes 20");
}

TEST(Cli, PgnAndReplay) {
    const Result r = run("pgn --variant contemporary --setup RNBQBKRN --moves 'Be<=>K e5'");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("[Variant \"contemporary\"]"), std::string::npos);
    EXPECT_NE(r.out.find("1. Be<=>K e5"), std::string::npos) << r.out;
}

void expect_usage_error(const std::string& args, const std::string& phrase) {
    const Result r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find(phrase), std::string::npos) << r.err;
}

TEST(Cli, ErrorsExitTwoWithOneLine) {
    expect_usage_error("fen --variant shogi", "unknown variant 'shogi'");
    expect_usage_error(
        "moves --variant chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1'", "7 ranks");
    expect_usage_error("moves --variant chess --setup 0 --moves 'e4 e4'", "illegal move 'e4'");
    expect_usage_error("perft --variant placement --option castling=magic --depth 1",
                       "option castling");
    expect_usage_error("perft --variant chess --setup 0", "--depth");
    expect_usage_error("fen --variant contemporary --setup 1680", "setup 1680 does not exist");
    expect_usage_error("fen --variant contemporary --setup KRRBBNNQ", "unknown setup");
    expect_usage_error("frobnicate", "frobnicate");
    expect_usage_error("moves --variant chess --setup 0 --option x", "name=value");
}

}  // namespace
