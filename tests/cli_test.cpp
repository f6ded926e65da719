// The stable command-line forms, run as a user runs them.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli_util.h"

namespace {

using menagerie::test::run;
using menagerie::test::RunResult;
using menagerie::test::temp_file;
using menagerie::test::write_temp;

using namespace std::string_literals;

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(Cli, Variants) {
    const RunResult r = run("variants");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(lines(r.out), (std::vector<std::string>{"chess", "placement", "placement-reduced",
                                                      "chess20", "contemporary", "chess56",
                                                      "chess2016", "chess66", "blackswan"}));
}

TEST(Cli, SetupsListsIdTabFen) {
    const auto crc = lines(run("setups --variant contemporary").out);
    ASSERT_EQ(crc.size(), 1680u);
    EXPECT_EQ(crc[0].substr(0, 2), "0\t");
    EXPECT_EQ(lines(run("setups --variant placement").out).size(), 20u);
    EXPECT_EQ(lines(run("setups --variant placement-reduced").out).size(), 8u);
    EXPECT_EQ(lines(run("setups --variant chess").out).size(), 1u);
}

TEST(Cli, DiceGames) {
    const auto all = lines(run("setups --variant chess2016").out);
    ASSERT_EQ(all.size(), 2016u);
    EXPECT_EQ(all[0].substr(0, 13), "W1-1-1.G1.R1\t");
    EXPECT_EQ(lines(run("setups --variant chess56").out).size(), 56u);
    EXPECT_EQ(run("fen --variant chess2016 --setup w3-2-1.g2.r6").out,
              "zihz/rgnbakbngr/pppppppppp/12/12/12/12/PPPPPPPPPP/RGNBAKBNGR/ZIHZ w KBkb - 0 1\n");
    EXPECT_EQ(run("fen --variant chess2016 --setup 1234").out,
              run("fen --variant chess2016 --setup W2-5-6.G2.R5").out);
    EXPECT_EQ(run("fen --variant chess56 --seed 9").out, run("fen --variant chess56 --seed 9").out);
    const RunResult roll = run("roll --variant chess2016 --seed 3");
    EXPECT_EQ(roll.status, 0);
    EXPECT_EQ(
        roll.out,
        "dice W2-4-4.G3.R4\n"
        "substitutions Tigers become Zebras; Cannon becomes Duchess; Queen becomes Empress\n"
        "fen zmdz/rcnbykbncr/pppppppppp/12/12/12/12/PPPPPPPPPP/RCNBYKBNCR/ZMDZ w KBkb - 0 1\n");
    EXPECT_EQ(run("roll --variant chess").status, 2);
    const std::string pgn = run("pgn --variant chess2016 --setup W2-5-6.G2.R5 --moves e3e5").out;
    EXPECT_NE(pgn.find("[Dice \"W2-5-6.G2.R5\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos);
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
    const RunResult r = run("perft --variant chess --setup 0 --depth 3");
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

// Exit status 2, one line on stderr holding `phrase`, and no control character in it.
void expect_usage_error_in(const std::string& args, const std::string& phrase) {
    const RunResult r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find(phrase), std::string::npos) << r.err;
    for (size_t i = 0; i + 1 < r.err.size(); ++i)
        EXPECT_TRUE(r.err[i] >= 0x20 && r.err[i] < 0x7F)
            << args << ": byte " << i << " of " << r.err;
}

void expect_usage_error(const std::string& args, const std::string& phrase) {
    expect_usage_error_in(args, phrase);
}

TEST(Cli, PgnAndReplay) {
    const std::string game = "--variant contemporary --setup RNBQBKRN --moves 'Be<=>K e5 Ng3'";
    const RunResult r = run("pgn " + game);
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("[Variant \"contemporary\"]"), std::string::npos);
    EXPECT_NE(r.out.find("1. Be<=>K e5"), std::string::npos) << r.out;
    const std::string file = write_temp("game.pgn", r.out);
    const RunResult replay = run("replay " + file);
    EXPECT_EQ(replay.status, 0) << replay.err;
    EXPECT_EQ(replay.out, run("fen " + game).out);
    EXPECT_EQ(lines(replay.out).size(), 1u);
    std::remove(file.c_str());
}

const std::string DATA = MENAGERIE_TEST_DATA;

// tests/data/database.pgn: three games (a mate, Chess960 with castling, a study From Position)
// with a byte-order mark, % lines, a ']' and escapes in tag values.
TEST(Cli, ReplayReadsADatabaseGameByGame) {
    const std::vector<std::string> finals = {
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "bbkr2rq/pppppppp/3n2n1/8/8/3N2N1/PPPPPPPP/BBR2RKQ w - - 6 4",
        "8/3k4/8/8/8/8/8/5RK1 w - - 2 2"};
    const RunResult all = run("replay " + DATA + "/database.pgn");
    EXPECT_EQ(all.status, 0) << all.err;
    EXPECT_EQ(lines(all.out), finals);
    for (size_t n = 1; n <= 3; ++n) {
        const RunResult one = run("replay " + DATA + "/database.pgn --game " + std::to_string(n));
        EXPECT_EQ(one.status, 0) << one.err;
        EXPECT_EQ(one.out, finals[n - 1] + "\n");
    }
    const RunResult check = run("replay " + DATA + "/database.pgn --check");
    EXPECT_EQ(check.status, 0) << check.err;
    EXPECT_EQ(lines(check.out),
              (std::vector<std::string>{"1\tok\tchess\t7\t1-0", "2\tok\tchess\t6\t0-1",
                                        "3\tok\tchess\t2\t*"}));
    expect_usage_error_in("replay " + DATA + "/database.pgn --game 4", "holds 3 games");
    expect_usage_error_in("replay " + DATA + "/database.pgn --game 0", "holds 3 games");
    expect_usage_error_in("replay " + DATA + "/database.pgn --game -1", "holds 3 games");
}

// A later game's tags do not reach an earlier one, and its moves start from its own position.
TEST(Cli, ReplayKeepsGamesApart) {
    const std::string file =
        write_temp("two.pgn",
                   "[Event \"one\"]\n\n1. e4 *\n\n[Event \"two\"]\n[SetUp \"1\"]\n"
                   "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Kd2 *\n");
    const RunResult r = run("replay " + file);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines(r.out), (std::vector<std::string>{
                                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                "4k3/8/8/8/8/8/3K4/R7 b - - 1 1"}));
    std::remove(file.c_str());
}

TEST(Cli, ReplayCheckNamesTheBadGameAndExitsTwo) {
    const RunResult r = run("replay " + DATA + "/bad_game.pgn --check");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(lines(r.out),
              (std::vector<std::string>{
                  "1\tok\tchess\t3\t*",
                  "2\terror\tPGN game 2, line 10, move 15... (Black): illegal move 'Nf6'",
                  "3\tok\tchess\t1\t*"}));
    expect_usage_error_in("replay " + DATA + "/bad_game.pgn",
                          "PGN game 2, line 10, move 15... (Black): illegal move 'Nf6'");
    expect_usage_error_in("replay " + DATA + "/bad_game.pgn --game 2", "move 15... (Black)");
    const RunResult first = run("replay " + DATA + "/bad_game.pgn --game 1");
    EXPECT_EQ(first.status, 0) << first.err;
}

// The check reads what it is given in full: the Result tag against the result token, and the
// moves of every variation.
TEST(Cli, ReplayCheckFlagsAWrongResultAndABadVariation) {
    const std::string pgn =
        write_temp("results.pgn",
                   "[Result \"0-1\"]\n\n1. e4 e5 1-0\n\n[Result \"*\"]\n\n1. e4 (1. e5) e5 *\n\n"
                   "[Result \"1-0\"]\n\n1. e4 (1. d4 d5) e5 1-0\n");
    const RunResult r = run("replay " + pgn + " --check");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(lines(r.out),
              (std::vector<std::string>{
                  "1\terror\tPGN game 1, line 3: the movetext ends 1-0 but the Result tag says 0-1",
                  "2\terror\tPGN game 2, line 7, move 1 (White) of a variation: illegal move 'e5'",
                  "3\tok\tchess\t2\t1-0"}));
    std::remove(pgn.c_str());
}

TEST(Cli, MovesOnAViewNeedTheirOutcomes) {
    expect_usage_error("moves --variant blackswan --option view=player --moves e2e4",
                       "needs its outcome");
    EXPECT_EQ(run("moves --variant blackswan --option view=player --moves e2e4:N").status, 0);
}

TEST(Cli, MovesRefusesAPawnOnItsFirstRank) {
    expect_usage_error("moves --variant chess --fen 'k7/8/8/8/8/8/8/P6K w - - 0 1'",
                       "a White pawn stands on a1, on or behind its first rank");
}

TEST(Cli, ReplayRefusesWhatIsNoPgn) {
    expect_usage_error_in("replay " + DATA, "is a directory");
    const std::string empty = write_temp("empty.pgn", "");
    expect_usage_error_in("replay " + empty, "is empty");
    const std::string blank = write_temp("blank.pgn", "\n  \n% nothing\n{only a comment}\n");
    expect_usage_error_in("replay " + blank, "holds no game");
    expect_usage_error_in("replay " + DATA + "/no-such-file.pgn", "cannot read");
    std::remove(empty.c_str());
    std::remove(blank.c_str());
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

TEST(Cli, BenchRefusesWhatItCannotRun) {
    expect_usage_error("bench --bogus", "unknown argument '--bogus'");
    expect_usage_error("bench extra", "unknown argument 'extra'");
    expect_usage_error("bench --benchmark_filter=no-such-benchmark",
                       "--benchmark_filter 'no-such-benchmark' matches no benchmark");
}

TEST(Cli, CommandsWithTheirOwnFlagsListThemInHelp) {
    const RunResult serve = run("serve --help");
    EXPECT_EQ(serve.status, 0);
    for (const char* flag : {"--port", "--host", "--db", "--static", "--idle-minutes"})
        EXPECT_NE(serve.out.find(flag), std::string::npos) << flag << "\n" << serve.out;
    const RunResult bad_sync = run("serve --sync sometimes --port 0");
    EXPECT_EQ(bad_sync.status, 2);
    EXPECT_NE(bad_sync.err.find("--sync"), std::string::npos) << bad_sync.err;
    const RunResult match = run("match --help");
    EXPECT_NE(match.out.find("--engine"), std::string::npos) << match.out;
    const RunResult bench = run("bench --help");
    EXPECT_NE(bench.out.find("--benchmark_filter"), std::string::npos) << bench.out;
}

TEST(Cli, SeedIsADecimalNumberOf64Bits) {
    const std::string fen = "fen --variant contemporary --seed ";
    EXPECT_EQ(run(fen + "18446744073709551615").status, 0);
    EXPECT_EQ(run(fen + "0").status, 0);
    for (const std::string bad : {"18446744073709551616", "-1", "''", "abc", "12x", "' 5'", "+5",
                                  "99999999999999999999999"})
        expect_usage_error(fen + bad, "--seed: '");
    expect_usage_error(fen + "-1", "'-1' is not a whole number from 0 to 18446744073709551615");
    expect_usage_error(fen + "''", "'' is not a whole number");
}

TEST(Cli, DepthIsWordedAsAWholeNumber) {
    expect_usage_error("perft --variant chess --setup 0 --depth abc",
                       "--depth: 'abc' is not a whole number from 0 to 20");
    expect_usage_error("perft --variant chess --setup 0 --depth 21", "from 0 to 20");
    expect_usage_error("perft --variant chess --setup 0 --depth -1", "from 0 to 20");
    const RunResult r = run("perft --variant chess --setup 0 --depth abc");
    EXPECT_EQ(r.err.find("not in range"), std::string::npos) << r.err;
}

// Input with a newline, a terminal escape or a NUL is echoed escaped, on one line.
TEST(Cli, EchoedInputIsQuoted) {
    const std::string nasty = "\"$(printf 'a\\nb\\033[31mc')\"";  // a, newline, b, ESC [31m, c
    const std::string shown = "'a\\nb\\x1b[31mc'";
    expect_usage_error(nasty, "unknown command " + shown);
    expect_usage_error("fen --variant " + nasty, "unknown variant " + shown);
    expect_usage_error("fen --variant placement --option " + nasty, "option " + shown);
    expect_usage_error("fen --variant placement --option castling=" + nasty, shown);
    expect_usage_error("fen --variant contemporary --setup " + nasty, shown);
    // (a newline separates moves in --moves)
    expect_usage_error("moves --variant chess --setup 0 --moves \"e4,e$(printf '\\033[31m')5\"",
                       "illegal move 'e\\x1b[31m5' in --moves");
    expect_usage_error("fen --variant chess --seed " + nasty, "--seed: " + shown);
    expect_usage_error("fen --variant chess " + nasty, shown);  // CLI11's own message
    expect_usage_error("fen --variant chess --bogus=" + nasty, "\\x1b");
    // A lower layer that echoes a fragment raw is caught by main()'s last print.
    expect_usage_error(
        "fen --variant chess --fen \"8/8/8/8/8/8/8/K6k w - - 0 1$(printf 'x\\033')\"", "\\x1b");
    expect_usage_error(
        "fen --variant chess --fen \"8/8/8/8/8/8/8/K6k $(printf '\\033[31m') - - 0 1\"",
        "\\x1b[31m");
    expect_usage_error("bench --benchmark_filter=" + nasty, "\\x1b");
    const std::string pgn =
        write_temp("nasty.pgn", "[Event \"x\"]\n[Variant \"a\0b\x1b[31m\"]\n\n1. e4 *\n"s);
    expect_usage_error("replay " + pgn,
                       "line 2: control character '\\x00' in '[Variant \"a\\x00b\\x1b[31m\"]'");
    const std::string moves = write_temp("nasty-move.pgn",
                                         "1. e4 e\0\x1b"
                                         "5 *\n"s);
    expect_usage_error("replay " + moves,
                       "control character '\\x00' in '1. e4 e\\x00\\x1b"
                       "5 *'");
    std::remove(pgn.c_str());
    std::remove(moves.c_str());
}

// The terminal game, driven through standard input.
TEST(Cli, PlaySaysCheckMateAndKeepsTheGame) {
    const std::string file = temp_file("played.pgn");
    const RunResult r =
        run("play --variant chess --setup 0",
            "help\nf3\ne5\ng4\nQh4\ne4\nmoves\npgn\npgn " + file + "\nundo\nfen\nquit\n");
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string& o = r.out;
    for (const char* command : {"undo", "fen", "pgn [FILE]", "quit", "moves"})
        EXPECT_NE(o.find(std::string("  ") + command), std::string::npos) << command;
    EXPECT_EQ(o.find("illegal move 'help'"), std::string::npos) << o;
    EXPECT_NE(o.find("game over: 0-1 (checkmate)"), std::string::npos) << o;
    EXPECT_NE(o.find("game over> "), std::string::npos) << o;
    EXPECT_NE(o.find("error: the game is over"), std::string::npos) << o;  // e4 after the mate
    EXPECT_NE(o.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << o;
    std::ifstream in(file);
    std::stringstream written;
    written << in.rdbuf();
    EXPECT_NE(written.str().find("[Result \"0-1\"]"), std::string::npos) << written.str();
    EXPECT_NE(written.str().find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos);
    // after undo, play goes on: the last prompt is White's... no, Black's, to move again
    EXPECT_NE(o.find("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\nblack> "),
              std::string::npos)
        << o;
    std::remove(file.c_str());

    const RunResult check = run("play --variant chess --setup 0", "e4\nf6\nQh5\nquit\n");
    EXPECT_NE(check.out.find("\ncheck\n"), std::string::npos) << check.out;

    const RunResult over =
        run("play --variant chess --fen '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'", "Kxg7\nfen\nquit\n");
    EXPECT_NE(over.out.find("game over: 1-0 (checkmate)"), std::string::npos) << over.out;
    EXPECT_EQ(over.out.find("black> "), std::string::npos) << over.out;
    EXPECT_NE(over.out.find("error: the game is over"), std::string::npos) << over.out;

    const RunResult stalemate =
        run("play --variant chess --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'", "quit\n");
    EXPECT_NE(stalemate.out.find("game over: 1/2-1/2 (stalemate)"), std::string::npos)
        << stalemate.out;

    const RunResult nasty = run("play --variant chess --setup 0", "e\0\x1b[31m4\nquit\n"s);
    EXPECT_NE(nasty.out.find("'e\\x00\\x1b[31m4'"), std::string::npos) << nasty.out;
}

TEST(Cli, BlackSwanSeedsViewsPgnAndVerify) {
    const std::string hex = std::string(62, '0') + "2a";
    EXPECT_EQ(run("fen --variant blackswan --seed 42").out,
              run("fen --variant blackswan --seed " + hex).out);
    EXPECT_NE(run("fen --variant blackswan --seed 42").out,
              run("fen --variant blackswan --seed 43").out);
    const RunResult bad = run("fen --variant blackswan --seed xyz");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("seed"), std::string::npos);
    EXPECT_EQ(run("fen --variant blackswan --option view=player").out,
              "ssssksss/ssssssss/8/8/8/8/SSSSSSSS/SSSSKSSS w - - 0 1 - 0 -\n");
    EXPECT_EQ(run("perft --variant blackswan --option view=player --depth 1").out, "nodes 3760\n");
    // e7e5 draws a queen and a bishop: Black keeps the bishop on e5 and places the queen.
    const RunResult pgn = run("pgn --variant blackswan --seed 42 --moves d2d4,e7e5,B@e5,Q@d5,d4e5");
    ASSERT_EQ(pgn.status, 0) << pgn.err;
    EXPECT_NE(pgn.out.find("[Commitment \""), std::string::npos);
    EXPECT_NE(pgn.out.find("[Seed \"" + hex + "\"]"), std::string::npos);
    // The stay step and the placement belong to Black's turn: one token with the reveal, no
    // move number.
    EXPECT_NE(pgn.out.find("1. Sd4:P Se5:2-QB:B@e5:Q@d5 2. dxe5 *"), std::string::npos) << pgn.out;
    // Moves of the form before the stay step: the first drawn piece stays.
    const RunResult old = run("pgn --variant blackswan --seed 42 --moves d2d4,e7e5,B@d5,d4e5");
    ASSERT_EQ(old.status, 0) << old.err;
    EXPECT_NE(old.out.find("1. Sd4:P Se5:2-QB:Q@e5:B@d5 2. dxe5 *"), std::string::npos) << old.out;
    // An unfinished game (result *) is not called honest: its own status, 3.
    const std::string open = menagerie::test::write_temp("open.pgn", pgn.out);
    const RunResult not_over = run("verify " + open);
    EXPECT_EQ(not_over.status, 3);
    EXPECT_EQ(not_over.out.rfind("game 1: unfinished: the game is not over", 0), 0u)
        << not_over.out;
    std::string finished = pgn.out;  // Black resigned
    finished.replace(finished.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
    finished.replace(finished.rfind('*'), 1, "1-0");
    const std::string honest = menagerie::test::write_temp("honest.pgn", finished);
    const RunResult ok = run("verify " + honest);
    EXPECT_EQ(ok.status, 0);
    EXPECT_EQ(ok.out.rfind("game 1: honest", 0), 0u) << ok.out;
    std::string forged = finished;
    forged.replace(forged.find("Se5:2-QB"), 8, "Se5:2-QN");
    const RunResult no = run("verify " + menagerie::test::write_temp("forged.pgn", forged));
    EXPECT_EQ(no.status, 1);
    EXPECT_NE(no.out.find("ply 2 (move 1, Black) Se5:2-QN"), std::string::npos) << no.out;
    // Several games in one file: each is checked and named; the worst verdict is the status.
    std::string cut = finished.substr(0, finished.find(" 2. dxe5"));  // cut short: no result
    const std::string several = finished + "\n" + forged + "\n" +
                                "[Variant \"blackswan\"]\n\n1. e4 *\n" + "\n" + cut + "\n";
    const RunResult all = run("verify " + menagerie::test::write_temp("several.pgn", several));
    EXPECT_EQ(all.status, 1) << all.out;
    EXPECT_NE(all.out.find("game 1: honest"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("game 2: ply 2 (move 1, Black) Se5:2-QN"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("game 3: error: PGN game 3, line"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("game 4: unfinished: the record is cut short"), std::string::npos)
        << all.out;
    std::remove(honest.c_str());
    std::remove(open.c_str());
}

// Both play loops report a bad move and go on to the next one.
TEST(Cli, PlayReportsABadMoveAndGoesOn) {
    for (const char* command : {"play --variant chess", "play --variant blackswan --seed 42"}) {
        const RunResult r = run(command, "e2e5\nd4\nquit\n");
        EXPECT_EQ(r.status, 0) << command;
        EXPECT_NE(r.out.find("error: illegal move 'e2e5' ('help' lists the commands)"),
                  std::string::npos)
            << r.out;
        EXPECT_EQ(r.out.find("error:", r.out.find("e2e5") + 5), std::string::npos) << r.out;
    }
}

TEST(Cli, BlackSwanPlayShowsOnlyTheView) {
    RunResult r = run("play --variant blackswan --seed 42", "d4\nmoves\nfen\npgn\nquit\n");
    EXPECT_EQ(r.status, 0);
    for (size_t at; (at = r.out.find("'help'")) != std::string::npos;) r.out.erase(at, 6);
    EXPECT_NE(r.out.find("Commitment (SHA-256 of the seed): 0a28e9ff"), std::string::npos);
    EXPECT_NE(r.out.find("played Sd4:P"), std::string::npos) << r.out;
    for (const char* token : {"P'", "N'", "B'", "R'", "Q'", "p'", "n'", "b'", "r'", "q'", " E"})
        EXPECT_EQ(r.out.find(token), std::string::npos) << token << " in " << r.out;
    EXPECT_EQ(r.out.find("[Seed"), std::string::npos);  // the game is not over
}

}  // namespace
