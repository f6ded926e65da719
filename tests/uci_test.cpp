// `menagerie uci` driven through pipes as a GUI drives it: the handshake and options, positions
// with every game's move kinds, go with each limit, stop during an infinite search, perft, and
// bad input answered with `info string` while the engine keeps answering.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <string>
#include <vector>

#include "cli_util.h"
#include "engine/engine.h"
#include "hidden/player_view.h"
#include "test_util.h"

namespace menagerie {
namespace {

class UciSession {
  public:
    UciSession() {
        int to_child[2], from_child[2];
        if (pipe(to_child) || pipe(from_child)) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            close(to_child[1]);
            close(from_child[0]);
            execl(MENAGERIE_BINARY, MENAGERIE_BINARY, "uci", static_cast<char*>(nullptr));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
        signal(SIGPIPE, SIG_IGN);
    }
    ~UciSession() {
        send("quit");
        close(in_);
        close(out_);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
    void send(const std::string& line) {
        const std::string text = line + "\n";
        [[maybe_unused]] const ssize_t n = write(in_, text.data(), text.size());
    }
    // The next line, or "<timeout>" after `seconds`.
    std::string line(double seconds = 30) {
        const auto until =
            std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        for (;;) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string l = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return l;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  until - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0) return "<timeout>";
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
            char chunk[4096];
            const ssize_t n = read(out_, chunk, sizeof chunk);
            if (n <= 0) return "<closed>";
            buffer_.append(chunk, static_cast<size_t>(n));
        }
    }
    // Lines up to and including the first that starts with `prefix`.
    std::vector<std::string> until(const std::string& prefix, double seconds = 30) {
        std::vector<std::string> lines;
        for (;;) {
            lines.push_back(line(seconds));
            if (lines.back().rfind(prefix, 0) == 0 || lines.back()[0] == '<') return lines;
        }
    }
    std::string bestmove(double seconds = 30) {
        const std::string last = until("bestmove", seconds).back();
        return last.rfind("bestmove ", 0) == 0 ? last.substr(9, last.find(' ', 9) - 9) : last;
    }

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    std::string buffer_;
};

bool contains(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

// The legal moves of a position as UCI texts.
std::vector<std::string> legal_texts(const std::string& variant, const std::string& fen,
                                     const std::string& moves = "") {
    auto game = make_game(variant);
    if (game->has_chance()) game = player_game(*game);  // the engine's view
    Position pos = test::play(game, fen, moves);
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(move_to_uci(pos, m));
    return out;
}

bool legal_text(const std::vector<std::string>& legal, const std::string& move) {
    return std::find(legal.begin(), legal.end(), move) != legal.end();
}

// After an error the engine goes on: `best` (its answer after 1. e4) is legal, and isready is
// answered.
void expect_a_legal_reply_to_e4(UciSession& uci, const std::string& best) {
    EXPECT_TRUE(legal_text(
        legal_texts("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"),
        best))
        << best;
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
}

TEST(Uci, HandshakeListsEveryGame) {
    UciSession uci;
    uci.send("uci");
    const auto lines = uci.until("uciok");
    ASSERT_EQ(lines.back(), "uciok");
    std::string variant;
    for (const std::string& l : lines)
        if (l.rfind("option name UCI_Variant ", 0) == 0) variant = l;
    for (const std::string& name : engine::played_game_names())
        EXPECT_NE(variant.find(" var " + name), std::string::npos) << name;
    EXPECT_NE(variant.find(" var blackswan"), std::string::npos);  // on a player's view
    EXPECT_TRUE(contains(lines, "option name Hash type spin"));
    EXPECT_TRUE(contains(lines, "option name Threads type spin"));
    EXPECT_TRUE(contains(lines, "option name MultiPV type spin"));
    EXPECT_TRUE(contains(lines, "option name castling type combo default placement"));
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
}

TEST(Uci, SearchesEveryGame) {
    UciSession uci;
    for (const std::string& name : engine::played_game_names()) {
        uci.send("setoption name UCI_Variant value " + name);
        auto game = make_game(name);
        if (game->has_chance()) game = player_game(*game);
        const std::string fen = write_fen(start_position(game, std::nullopt, 3));
        uci.send("position fen " + fen);
        uci.send("go depth 3");
        const auto lines = uci.until("bestmove");
        ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << name;
        EXPECT_TRUE(contains(lines, "info depth 3 ")) << name;
        EXPECT_TRUE(contains(lines, " score cp ")) << name;
        EXPECT_TRUE(contains(lines, " pv ")) << name;
        const std::string best = lines.back().substr(9, lines.back().find(' ', 9) - 9);
        EXPECT_TRUE(legal_text(legal_texts(name, fen), best)) << name << " " << best;
    }
}

TEST(Uci, PositionWithSpecialMoves) {
    UciSession uci;
    // Placement: both relocation choices, then a move; the engine answers as Black.
    uci.send("setoption name UCI_Variant value placement");
    uci.send("position startpos moves e8d8 e1c1 e2e4");
    uci.send("go depth 3");
    const std::string best = uci.bestmove();
    const auto placement = make_game("placement");
    EXPECT_TRUE(legal_text(
        legal_texts("placement", write_fen(start_position(placement)), "e8d8 e1c1 e2e4"), best))
        << best;
    // At the start itself the engine makes Black's choice.
    uci.send("position startpos");
    uci.send("go depth 2");
    const std::string choice = uci.bestmove();
    EXPECT_EQ(choice.substr(0, 2), "e8") << choice;
    // Chess 66 through a switch: a1 to a8 passes field 4.
    uci.send("setoption name UCI_Variant value chess66");
    uci.send("position fen 7k/6pp/8/9/9/8/8/R5K1 w - - 0 1");
    uci.send("go depth 3");
    const auto lines = uci.until("bestmove");
    EXPECT_EQ(lines.back(), "bestmove a1a8");
    EXPECT_TRUE(contains(lines, "score mate 1"));
}

// Milliseconds from sending `go` to reading its bestmove (`best` gets the move).
int64_t timed_bestmove(UciSession& uci, const std::string& go, std::string& best) {
    uci.send("isready");
    EXPECT_EQ(uci.until("readyok").back(), "readyok");
    const auto sent = std::chrono::steady_clock::now();
    uci.send(go);
    best = uci.bestmove(30);
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 sent)
        .count();
}

// What a loaded machine may add to an answer's time (the pipes, other processes on the cores):
// an engine that overran its clock by more would lose games on time.
constexpr int64_t SCHEDULING_SLACK_MS = 250;

// The engine answers within its clock and within its movetime: the bound above matters as much
// as a search that ends (a `go wtime 200` once took seconds).
TEST(Uci, AnswersWithinItsClockAndItsMovetime) {
    UciSession uci;
    uci.send("position startpos moves e2e4 e7e5");
    for (const char* go : {"go wtime 200 btime 200 winc 50 binc 50", "go wtime 200 btime 60000",
                           "go wtime 60 btime 60", "go movetime 50", "go movetime 300"}) {
        std::string best;
        const int64_t ms = timed_bestmove(uci, go, best);
        EXPECT_NE(best[0], '<') << go;
        const int64_t allowed = std::string(go).find("movetime 300") != std::string::npos  ? 300
                                : std::string(go).find("movetime 50") != std::string::npos ? 50
                                : std::string(go).find("wtime 60 ") != std::string::npos   ? 60
                                                                                           : 200;
        EXPECT_LE(ms, allowed + SCHEDULING_SLACK_MS) << go << " -> " << best;
    }
}

TEST(Uci, ClockAndLimits) {
    UciSession uci;
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go wtime 200 btime 200 winc 50 binc 50");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    uci.send("go movetime 50");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    uci.send("go nodes 3000");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    uci.send("go depth 4 searchmoves a2a3 h2h3");
    const std::string best = uci.bestmove();
    EXPECT_TRUE(best == "a2a3" || best == "h2h3") << best;
    uci.send("setoption name Threads value 2");
    uci.send("go depth 5");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    uci.send("setoption name MultiPV value 2");
    uci.send("go depth 3");
    EXPECT_TRUE(contains(uci.until("bestmove"), "multipv 2"));
}

// `go movetime T` searches T less the Move Overhead (80 ms), as UCI asks: the estimate between
// iterations that stops a clock game's search early (at half the optimum when the best move is
// stable, as winning the queen here is) once answered after 0.2-0.3 s. The lower bound holds
// whatever the machine's load (a search with no sleep cannot end before its time); the upper
// one allows the scheduling slack.
TEST(Uci, MovetimeIsSearchedToItsEnd) {
    UciSession uci;
    for (const char* position :
         {"position fen rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
          "position startpos"}) {
        uci.send(position);
        std::string best;
        const int64_t ms = timed_bestmove(uci, "go movetime 500", best);
        EXPECT_NE(best[0], '<') << position;
        EXPECT_GE(ms, 400) << position << " -> " << best;
        EXPECT_LE(ms, 500 + SCHEDULING_SLACK_MS) << position << " -> " << best;
    }
}

TEST(Uci, StopEndsInfiniteAndPonder) {
    UciSession uci;
    uci.send("position startpos");
    uci.send("go infinite");
    uci.send("isready");
    EXPECT_EQ(uci.until("readyok", 30).back(), "readyok");
    uci.send("stop");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    // Pondering: no bestmove before ponderhit, then one on the clock.
    uci.send("go ponder wtime 300 btime 300");
    uci.send("isready");
    EXPECT_FALSE(contains(uci.until("readyok", 30), "bestmove"));
    uci.send("ponderhit");
    EXPECT_NE(uci.bestmove(30)[0], '<');
    uci.send("go infinite");
    uci.send("stop");
    EXPECT_NE(uci.bestmove(30)[0], '<');
}

// A Hash the machine cannot give is refused by name and the table in use stays (the search after
// it once indexed the old 16 MB table as a 64 GB one and crashed). Where the memory is granted
// (a machine with that much, or overcommitting), the option takes and the search runs as well.
TEST(Uci, HashThatCannotBeAllocatedKeepsTheTable) {
    UciSession uci;
    uci.send("setoption name Hash value 65536");
    uci.send("isready");
    auto lines = uci.until("readyok");
    ASSERT_EQ(lines.back(), "readyok");
    if (lines.size() > 1) {
        EXPECT_EQ(lines.front(),
                  "info string error: Hash 65536 MB could not be allocated; the table stays at "
                  "16 MB");
    }
    uci.send("position startpos moves e2e4");
    uci.send("go depth 3");
    lines = uci.until("bestmove");
    ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << lines.back();
    EXPECT_TRUE(contains(lines, "info depth 3 "));
    expect_a_legal_reply_to_e4(uci, lines.back().substr(9, lines.back().find(' ', 9) - 9));
}

// While pondering no limit ends the output: a search that reaches its nodes (or depth) waits for
// ponderhit or stop before its bestmove (with nodes it once answered at once, which a GUI reads
// as the engine's move while it is still the opponent's turn).
TEST(Uci, PonderAnswersOnlyAfterPonderhitOrStop) {
    UciSession uci;
    uci.send("position startpos");
    for (const char* go : {"go ponder nodes 1000", "go ponder depth 3"}) {
        for (const char* end : {"ponderhit", "stop"}) {
            uci.send(go);
            uci.send("isready");
            EXPECT_FALSE(contains(uci.until("readyok"), "bestmove")) << go;
            // The search is long over (a few milliseconds); what follows waits for `end`.
            std::vector<std::string> waiting;
            for (std::string l = uci.line(1); l != "<timeout>"; l = uci.line(1))
                waiting.push_back(l);
            EXPECT_FALSE(contains(waiting, "bestmove")) << go;
            uci.send(end);
            EXPECT_NE(uci.bestmove(30)[0], '<') << go << " " << end;
            uci.send("isready");
            EXPECT_EQ(uci.until("readyok").back(), "readyok");
        }
    }
}

// With no legal move the engine reports the score (mate 0 when mated, cp 0 when stalemated) as
// an iteration of depth 0, then `bestmove (none)`; an infinite or pondering search still waits
// for stop or ponderhit (it once answered `bestmove (none)` at once, with no score).
TEST(Uci, NoLegalMoveReportsTheScoreAndWaitsAsAsked) {
    UciSession uci;
    struct Case {
        const char* fen;
        const char* score;
    };
    for (const Case& c : {Case{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "info depth 0 score mate 0"},
                          Case{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0"}}) {
        uci.send(std::string("position fen ") + c.fen);
        uci.send("go depth 6");
        auto lines = uci.until("bestmove");
        EXPECT_EQ(lines, (std::vector<std::string>{c.score, "bestmove (none)"})) << c.fen;
        for (const char* go : {"go infinite", "go ponder", "go ponder nodes 500"}) {
            for (const char* end : {"stop", "ponderhit"}) {
                if (std::string(go) == "go infinite" && std::string(end) == "ponderhit") continue;
                uci.send(go);
                uci.send("isready");
                lines = uci.until("readyok");
                EXPECT_FALSE(contains(lines, "bestmove")) << c.fen << " " << go;
                uci.send(end);
                const auto rest = uci.until("bestmove");
                lines.insert(lines.end(), rest.begin(), rest.end());
                EXPECT_TRUE(contains(lines, c.score)) << c.fen << " " << go;
                EXPECT_EQ(lines.back(), "bestmove (none)") << c.fen << " " << go << " " << end;
            }
        }
    }
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
}

TEST(Uci, PerftCountsNodes) {
    UciSession uci;
    uci.send("position startpos");
    uci.send("go perft 3");
    EXPECT_EQ(uci.until("Nodes searched").back(), "Nodes searched: 8902");
}

// A perft runs like a search: `isready` is answered while it counts, and `stop` or `quit` ends it
// (perft 7 from the start counts 3,195,901,860 nodes: far more than these commands wait for).
TEST(Uci, PerftAnswersIsreadyAndStops) {
    UciSession uci;
    uci.send("position startpos");
    uci.send("go perft 7");
    uci.send("isready");
    const auto ready = uci.until("readyok");
    ASSERT_EQ(ready.back(), "readyok");
    EXPECT_FALSE(contains(ready, "Nodes searched"));
    uci.send("stop");
    const auto stopped = uci.until("info string perft stopped");
    ASSERT_EQ(stopped.back().rfind("info string perft stopped: ", 0), 0u) << stopped.back();
    EXPECT_FALSE(contains(stopped, "Nodes searched"));
    // The moves listed are those it says it counted.
    size_t listed = 0;
    for (const auto* lines : {&ready, &stopped})
        for (const std::string& l : *lines)
            listed += l.rfind("info", 0) != 0 && l.find(": ") != std::string::npos;
    EXPECT_EQ(
        stopped.back().rfind(
            "info string perft stopped: " + std::to_string(listed) + " of 20 moves counted", 0),
        0u)
        << stopped.back();
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
    // Options can change again once it is stopped, and the engine searches.
    uci.send("setoption name Hash value 8");
    uci.send("go depth 2");
    EXPECT_EQ(uci.until("bestmove").back().rfind("bestmove ", 0), 0u);
    // quit ends a perft: the engine exits without finishing it.
    uci.send("go perft 7");
    uci.send("quit");
    std::vector<std::string> rest;
    do rest.push_back(uci.line(120));
    while (rest.back()[0] != '<');
    EXPECT_EQ(rest.back(), "<closed>");
    EXPECT_FALSE(contains(rest, "Nodes searched"));
}

// A GUI sends `position startpos moves ...` before every move: in a game whose start is drawn
// at random (Contemporary Random Chess without a Setup), every one must mean the same start.
TEST(Uci, StartposOfARandomGameIsDrawnOncePerGame) {
    UciSession uci;
    uci.send("setoption name UCI_Variant value contemporary");
    std::vector<std::vector<std::string>> divides;
    for (int i = 0; i < 4; ++i) {
        uci.send("position startpos");
        uci.send("go perft 1");
        divides.push_back(uci.until("Nodes searched"));
        ASSERT_EQ(divides.back().back().rfind("Nodes searched: ", 0), 0u);
    }
    for (const auto& divide : divides) EXPECT_EQ(divide, divides.front());
}

TEST(Uci, BadInputGetsInfoString) {
    UciSession uci;
    for (const char* bad :
         {"foo", "position fen x", "position startpos moves e2e5", "setoption name Hash value x",
          "setoption name Nope value 1", "setoption name UCI_Variant value nope",
          "setoption name castling value bogus", "position banana",
          "setoption name Setup value nope", "setoption name Tune nope value 1",
          "setoption name Tune rfp_margin value 99999"}) {
        uci.send(bad);
        const std::string l = uci.line(30);
        EXPECT_EQ(l.rfind("info string error: ", 0), 0u) << bad << " -> " << l;
    }
    // A tunable in range is taken silently (the next line is the answer to isready).
    uci.send("setoption name Tune rfp_margin value 80");
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
    // The position survived: a bad move list leaves the last good position.
    uci.send("position startpos moves e2e4");
    uci.send("position startpos moves e7e5 zz");
    EXPECT_EQ(uci.line().rfind("info string error", 0), 0u);
    uci.send("go depth 2");
    expect_a_legal_reply_to_e4(uci, uci.bestmove());
}

// `Tune` reaches the search: wider reverse-futility and futility margins prune less, so the same
// depth takes more nodes; the built-in values give the first count again.
TEST(Uci, TunablesChangeTheSearch) {
    UciSession uci;
    const auto nodes_at_depth_9 = [&] {
        uci.send("ucinewgame");
        uci.send("position startpos moves e2e4 e7e5 g1f3");
        uci.send("go depth 9");
        std::string nodes;
        for (const std::string& l : uci.until("bestmove"))
            if (l.rfind("info depth 9 ", 0) == 0) nodes = l.substr(l.find(" nodes ") + 7);
        return nodes.substr(0, nodes.find(' '));
    };
    const std::string built_in = nodes_at_depth_9();
    uci.send("setoption name Tune rfp_margin value 200");
    uci.send("setoption name Tune futility_base value 400");
    const std::string wider = nodes_at_depth_9();
    uci.send("setoption name Tune rfp_margin value 80");
    uci.send("setoption name Tune futility_base value 100");
    EXPECT_FALSE(built_in.empty());
    EXPECT_NE(wider, built_in);
    EXPECT_EQ(nodes_at_depth_9(), built_in);
}

// Every `go` gets exactly one bestmove, whatever is wrong with its parameters: the bad one is
// named in an error and the search runs on the rest (or a safe default), so a GUI never hangs.
TEST(Uci, BadGoParametersStillAnswerOneBestmove) {
    UciSession uci;
    const auto legal =
        legal_texts("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    struct Case {
        const char* go;
        const char* named;  // in the error line
    };
    for (const Case& c : {Case{"go depth x", "depth"}, Case{"go depth 0 nodes 2000", "depth"},
                          Case{"go wtime", "wtime"}, Case{"go wtime btime 300", "wtime"},
                          Case{"go foo depth 2", "foo"}, Case{"go movetime -5 depth 2", "movetime"},
                          Case{"go searchmoves e2e5 depth 2", "e2e5"}, Case{"go nodes 1x", "nodes"},
                          Case{"go mate 0 depth 1", "mate"},
                          Case{"go wtime abc btime 200 winc 10 binc 10", "wtime"}}) {
        uci.send("position startpos");
        uci.send(c.go);
        const auto lines = uci.until("bestmove", 30);
        ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << c.go << " -> " << lines.back();
        ASSERT_EQ(lines.front().rfind("info string error: ", 0), 0u) << c.go;
        EXPECT_NE(lines.front().find(c.named), std::string::npos) << lines.front();
        const std::string best = lines.back().substr(9, lines.back().find(' ', 9) - 9);
        EXPECT_TRUE(legal_text(legal, best)) << c.go << " -> " << best;
        // Exactly one: nothing else is pending when the engine says it is ready.
        uci.send("isready");
        EXPECT_EQ(uci.line(), "readyok") << c.go;
    }
    // The valid parameters are kept: a search move that is legal is the only one searched.
    uci.send("go depth 3 searchmoves zz a2a3");
    const auto lines = uci.until("bestmove");
    EXPECT_TRUE(contains(lines, "info string error: go searchmoves")) << lines.front();
    EXPECT_EQ(lines.back().substr(0, 13), "bestmove a2a3");
    // A go during a search stops it: each go gets its own bestmove.
    uci.send("go infinite");
    uci.send("go depth 1");
    const auto both = uci.until("info string error");
    EXPECT_NE(both.back().find("search is running"), std::string::npos) << both.back();
    EXPECT_EQ(uci.until("bestmove").back().rfind("bestmove ", 0), 0u);
    EXPECT_EQ(uci.until("bestmove").back().rfind("bestmove ", 0), 0u);
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
}

// A `go` that gives no limit for the side to move (only the opponent's clock, only an increment
// or moves to go, `movetime 0`, search moves none of which is legal) still gets its bestmove
// without a `stop`: the opponent's clock or a second bounds it, and `movetime 0` is the shortest
// search. Each once searched until a stop that a GUI would never send.
TEST(Uci, GoWithoutALimitForTheSideToMoveFallsBack) {
    UciSession uci;
    struct Case {
        const char* moves;  // after startpos
        const char* go;
        const char* says;  // in an info string before the bestmove ("" for none)
    };
    for (const Case& c :
         {Case{"", "go movetime 0", ""}, Case{"", "go btime 100", "using the opponent's clock"},
          Case{"e2e4", "go wtime 300 winc 10", "no btime for the side to move"},
          Case{"", "go winc 100", "searching for 1000 ms"},
          Case{"", "go movestogo 20", "searching for 1000 ms"},
          Case{"", "go searchmoves", "searching every move"},
          Case{"", "go searchmoves e2e5", "searching for 1000 ms"},
          Case{"e2e4", "go binc 50 searchmoves e7e5 d7d5", "searching for 1000 ms"}}) {
        uci.send(std::string("position startpos") + (*c.moves ? " moves " : "") + c.moves);
        uci.send(c.go);
        const auto lines = uci.until("bestmove", 30);
        ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << c.go << " -> " << lines.back();
        if (*c.says) {
            EXPECT_TRUE(contains(lines, c.says)) << c.go;
        }
        const std::string best = lines.back().substr(9, lines.back().find(' ', 9) - 9);
        EXPECT_TRUE(legal_text(
            legal_texts("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        c.moves),
            best))
            << c.go << " -> " << best;
        uci.send("isready");
        EXPECT_EQ(uci.line(), "readyok") << c.go;
    }
    // A bare go is infinite by convention, and so is one with legal search moves only.
    for (const char* go : {"go", "go searchmoves e2e4 d2d4"}) {
        uci.send("position startpos");
        uci.send(go);
        uci.send("isready");
        EXPECT_FALSE(contains(uci.until("readyok", 30), "bestmove")) << go;
        uci.send("stop");
        EXPECT_NE(uci.bestmove(30)[0], '<') << go;
    }
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// `menagerie analyse`: the summary lines, and the errors of its flags.
TEST(Analyse, PrintsBestLineAndStatistics) {
    const test::RunResult r =
        test::run("analyse --variant chess --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 4");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("bestmove a1a8 Ra8#\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("score mate 1\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pv Ra8#\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nnodes "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nnps "), std::string::npos) << r.out;
    const test::RunResult timed =
        test::run("analyse --variant placement-reduced --movetime 100 --moves 'e8d8'");
    ASSERT_EQ(timed.status, 0) << timed.err;
    EXPECT_NE(timed.out.find("bestmove e1"), std::string::npos) << timed.out;
    for (const char* bad : {"analyse --variant chess --setup 0",
                            "analyse --variant chess --setup 0 --depth 2 --movetime 10",
                            "analyse --variant chess --setup 0 --depth 0",
                            "analyse --variant chess --setup 0 --depth x",
                            "analyse --variant chess --fen 'bad' --depth 2",
                            "analyse --variant blackswan --seed 1 --depth 2"}) {
        const test::RunResult e = test::run(bad);
        EXPECT_EQ(e.status, 2) << bad;
        EXPECT_EQ(e.err.rfind("error: ", 0), 0u) << bad << ": " << e.err;
    }
}

// Each flag's message gives the range it checks, whichever way a value misses it, and --threads
// and --hash take the ranges of the UCI options (0 of either was accepted).
TEST(Analyse, FlagRangesAreTheOnesChecked) {
    struct Case {
        const char* flags;
        const char* err;
    };
    for (const Case& c :
         {Case{"--depth 0", "error: --depth: '0' is not a whole number from 1 to 100"},
          Case{"--depth 101", "error: --depth: '101' is not a whole number from 1 to 100"},
          Case{"--depth abc", "error: --depth: 'abc' is not a whole number from 1 to 100"},
          Case{"--depth 2 --threads 0",
               "error: --threads: '0' is not a whole number from 1 to 256"},
          Case{"--depth 2 --threads 257",
               "error: --threads: '257' is not a whole number from 1 to 256"},
          Case{"--depth 2 --hash 0", "error: --hash: '0' is not a whole number from 1 to 65536"},
          Case{"--depth 2 --hash 65537",
               "error: --hash: '65537' is not a whole number from 1 to 65536"}}) {
        const test::RunResult r =
            test::run(std::string("analyse --variant chess --setup 0 ") + c.flags);
        EXPECT_EQ(r.status, 2) << c.flags;
        EXPECT_EQ(r.err, std::string(c.err) + "\n") << c.flags;
    }
    const test::RunResult edges =
        test::run("analyse --variant chess --setup 0 --depth 1 --threads 2 --hash 1");
    EXPECT_EQ(edges.status, 0) << edges.err;
    EXPECT_NE(edges.out.find("bestmove "), std::string::npos) << edges.out;
}

TEST(Analyse, NoLegalMovePrintsTheScore) {
    for (const auto& [fen, score] : {std::pair{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "mate 0"},
                                     std::pair{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0"}}) {
        const test::RunResult r =
            test::run(std::string("analyse --variant chess --fen '") + fen + "' --depth 3");
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(r.out, std::string("bestmove (none)\nscore ") + score + "\n") << fen;
    }
}

// --hash too large for the machine: a usage error naming the flag (or, where the memory is
// granted, the analysis itself).
TEST(Analyse, HashThatCannotBeAllocatedNamesTheFlag) {
    const test::RunResult r = test::run("analyse --variant chess --setup 0 --depth 2 --hash 65536");
    if (r.status == 0) {
        EXPECT_NE(r.out.find("bestmove "), std::string::npos) << r.out;
        return;
    }
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err, "error: --hash: a table of 65536 MB could not be allocated\n");
}

}  // namespace
}  // namespace menagerie

namespace menagerie {
namespace {

// Black Swan over UCI: the engine plays the player's view. startpos is the view's start (every
// swan face down: the same for every seed), chance moves come with their outcomes, and the
// engine's own chance move goes without one (the referee announces it).
TEST(Uci, BlackSwanPlayerView) {
    UciSession uci;
    uci.send("setoption name UCI_Variant value blackswan");
    uci.send("position startpos");
    uci.send("go perft 1");
    EXPECT_EQ(uci.until("Nodes searched").back(), "Nodes searched: 3760");  // 16 x 235
    uci.send("position startpos moves d2d4:N e7e5:2-QB B@d5");
    uci.send("d");
    const std::string fen = uci.line();
    EXPECT_NE(fen.find("3N4"), std::string::npos) << fen;  // the knight on d4
    EXPECT_NE(fen.find('s'), std::string::npos) << fen;
    uci.send("go depth 3");
    const auto lines = uci.until("bestmove");
    EXPECT_TRUE(contains(lines, "info depth 3 "));
    const std::string answer = lines.back().substr(9, lines.back().find(' ', 9) - 9);
    EXPECT_EQ(answer.find(':'), std::string::npos) << answer;  // no outcome: the referee's
    EXPECT_TRUE(legal_text(legal_texts("blackswan", fen), answer)) << answer;
    // A chance move without its outcome, or with one that cannot happen, is refused.
    uci.send("position startpos moves d2d4");
    EXPECT_NE(uci.line().find("info string error: the chance move"), std::string::npos);
    uci.send(
        "position fen 4k3/8/8/8/8/8/3S4/4K3 w - - 0 1 - 0 - 0/0/0/0/1/0/0/0/0:8/2/2/2/2/1/1/1/1 "
        "moves d2d3:N");
    EXPECT_NE(uci.line().find("info string error"), std::string::npos);
    // A referee's FEN (identities written with a prime) is no view FEN.
    uci.send("position fen 4k3/8/8/8/8/8/3N'4/4K3 w - - 0 1 - 0 -");
    EXPECT_NE(uci.line().find("info string error"), std::string::npos);
    uci.send("isready");
    EXPECT_EQ(uci.line(), "readyok");
}

}  // namespace
}  // namespace menagerie
