// `menagerie match` and what it is made of: the Elo and SPRT arithmetic, the UCI client and its
// process handling, the castling conventions of engines, the built-in players, and whole
// matches (built-in players, Debian's stockfish, engines that misbehave) through the CLI.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <thread>

#include "app/elo.h"
#include "app/players.h"
#include "cli_util.h"
#include "core/error.h"
#include "core/setup.h"
#include "games/games.h"
#include "notation/fen.h"
#include "protocol/engine_process.h"
#include "protocol/uci_client.h"
#include "protocol/uci_moves.h"

namespace menagerie {
namespace {

using namespace std::chrono_literals;

const std::string FAKE = std::string("sh ") + MENAGERIE_TEST_SOURCE + "/fake_uci_engine.sh";

std::string stockfish() {
    for (const char* p : {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"})
        if (access(p, X_OK) == 0) return p;
    return "";
}

// The first engine's wins, losses and draws from the match's score line.
std::array<int, 3> score_of(const std::string& out) {
    std::smatch m;
    const std::regex line(R"(: (\d+) - (\d+) - (\d+) \(W-L-D\))");
    if (!std::regex_search(out, m, line)) return {-1, -1, -1};
    return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

// Every game of the file replays under the rules library.
void expect_valid_pgn(const std::string& path, int games) {
    const test::RunResult r = test::run("replay " + path + " --check");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    int ok = 0;
    for (size_t at = 0; (at = r.out.find("\tok\t", at)) != std::string::npos; ++at) ++ok;
    EXPECT_EQ(ok, games) << r.out;
}

TEST(MatchStatistics, EloAndErrorBar) {
    // 6 wins, 2 losses, 2 draws: p = 0.7, Elo = -400 log10(1/0.7 - 1) = 147.19; the variance
    // of a game's score is (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = 0.16, so the standard
    // error is sqrt(0.016) = 0.12649 and the interval 0.7 -/+ 1.96 * 0.12649 = 0.4521 .. 0.9479,
    // -33.40 .. 504.03 Elo: the margin is half of that, 268.72.
    const EloEstimate e = estimate_elo({6, 2, 2});
    EXPECT_NEAR(e.elo, 147.1907, 1e-3);
    EXPECT_NEAR(e.margin, 268.7163, 1e-3);
    const EloEstimate f = estimate_elo({30, 20, 50});  // p = 0.55
    EXPECT_NEAR(f.elo, 34.8601, 1e-3);
    EXPECT_NEAR(f.margin, 48.4702, 1e-3);
    EXPECT_NEAR(elo_of_score(0.5), 0, 1e-12);
    EXPECT_NEAR(score_of_elo(elo_of_score(0.8)), 0.8, 1e-12);
    EXPECT_TRUE(std::isinf(estimate_elo({3, 0, 0}).elo));
    EXPECT_TRUE(std::isinf(estimate_elo({}).margin));
}

TEST(MatchStatistics, SprtLogLikelihoodRatio) {
    // Expected values computed independently: the trinomial likelihood maximised over the draw
    // rate, by golden-section search, under each hypothesis's expected score.
    EXPECT_NEAR(sprt_llr({30, 20, 50}, 0, 10), 0.494041, 1e-5);
    EXPECT_NEAR(sprt_llr({120, 80, 200}, 0, 10), 1.976166, 1e-5);
    EXPECT_NEAR(sprt_llr({60, 90, 150}, 0, 5), -0.924180, 1e-5);
    EXPECT_NEAR(sprt_llr({500, 400, 1100}, -5, 5), 6.394236, 1e-5);
    EXPECT_NEAR(sprt_llr({20, 60, 100}, 0, 10), -2.732529, 1e-5);
    EXPECT_EQ(sprt_llr({}, 0, 10), 0);

    const SprtSettings s{0, 10, 0.05, 0.05};
    const SprtState st = sprt({120, 80, 200}, s);
    EXPECT_NEAR(st.lower, std::log(0.05 / 0.95), 1e-12);  // -2.944
    EXPECT_NEAR(st.upper, std::log(0.95 / 0.05), 1e-12);
    EXPECT_EQ(st.verdict, SprtVerdict::Continue);
    EXPECT_EQ(sprt({500, 400, 1100}, {-5, 5, 0.05, 0.05}).verdict, SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt({10, 80, 100}, s).verdict, SprtVerdict::AcceptH0);
    // A result never seen yet does not make the ratio infinite.
    EXPECT_TRUE(std::isfinite(sprt_llr({5, 0, 0}, 0, 10)));
}

TEST(UciClient, TheScoreOfAnInfoLineIsItsExactOne) {
    const auto cp =
        parse_uci_score("info depth 9 seldepth 12 multipv 1 score cp -37 nodes 4 pv e2e4");
    ASSERT_TRUE(cp);
    EXPECT_FALSE(cp->mate);
    EXPECT_EQ(cp->value, -37);
    const auto mate = parse_uci_score("info depth 3 score mate -2 pv e2e4");
    ASSERT_TRUE(mate);
    EXPECT_TRUE(mate->mate);
    EXPECT_EQ(mate->value, -2);
    EXPECT_FALSE(parse_uci_score("info depth 9 score cp 40 lowerbound nodes 3"));
    EXPECT_FALSE(parse_uci_score("info depth 9 score cp 40 upperbound"));
    EXPECT_FALSE(parse_uci_score("info string score cp 12"));
    EXPECT_FALSE(parse_uci_score("info depth 9 score cp twelve"));
    EXPECT_FALSE(parse_uci_score("info depth 9 nodes 100"));
    EXPECT_FALSE(parse_uci_score("info depth 9 multipv 2 score cp 5 pv d2d4"));
    EXPECT_FALSE(parse_uci_score("bestmove e2e4"));
}

TEST(MatchUci, OptionLines) {
    const UciOption o = parse_uci_option(
        "option name UCI_Variant type combo default chess var chess var placement var chess66");
    EXPECT_EQ(o.name, "UCI_Variant");
    EXPECT_EQ(o.type, "combo");
    EXPECT_EQ(o.default_value, "chess");
    EXPECT_EQ(o.values, (std::vector<std::string>{"chess", "placement", "chess66"}));
    const UciOption s =
        parse_uci_option("option name Skill Level type spin default 20 min 0 max 20");
    EXPECT_EQ(s.name, "Skill Level");
    EXPECT_EQ(s.default_value, "20");
    EXPECT_EQ(
        parse_uci_option("option name Debug Log File type string default <empty>").default_value,
        "");
}

TEST(MatchUci, CastlingConventions) {
    // Orthodox castling in `chess` is e1g1; in Chess960 mode it is e1h1; both are read.
    const auto chess = make_game("chess");
    Position pos = parse_fen(chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_FALSE(needs_chess960(pos));
    const auto game_form = read_engine_move(pos, "e1g1", CastlingText::Game);
    ASSERT_TRUE(game_form);
    EXPECT_EQ(game_form->kind(), MoveKind::Castling);
    EXPECT_EQ(engine_move_text(pos, *game_form, CastlingText::KingTakesRook), "e1h1");
    EXPECT_EQ(read_engine_move(pos, "e1h1", CastlingText::KingTakesRook), game_form);
    EXPECT_EQ(read_engine_move(pos, "e1h1", CastlingText::Game), game_form);  // lenient
    EXPECT_FALSE(read_engine_move(pos, "e1e3", CastlingText::Game));
    EXPECT_FALSE(read_engine_move(pos, "O-O", CastlingText::Game));  // no SAN from an engine

    // A Chess960 array: king on f1, rook on g1; the king-takes-rook form is the only one.
    Position frc = parse_fen(chess, "r3k2r/8/8/8/8/8/8/1R3KR1 w KQkq - 0 1");
    EXPECT_TRUE(needs_chess960(frc));
    const auto short_castle = read_engine_move(frc, "f1g1", CastlingText::KingTakesRook);
    ASSERT_TRUE(short_castle);
    EXPECT_EQ(short_castle->kind(), MoveKind::Castling);

    // Placement writes castling king-takes-rook in every array: it needs Chess960 mode.
    const auto placement = make_game("placement", {{"castling", "chess960"}});
    EXPECT_TRUE(needs_chess960(start_position(placement, std::string("0"))));
}

TEST(MatchUci, ProcessIsAlwaysReaped) {
    pid_t pid = -1;
    {
        EngineProcess p("sleep 60");
        pid = p.pid();
        std::string line;
        EXPECT_EQ(p.read_line(line, EngineProcess::Clock::now() + 50ms),
                  EngineProcess::Read::Timeout);
    }
    errno = 0;
    EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);  // reaped: no zombie left
    EXPECT_EQ(errno, ECHILD);
}

// Whether process `pid` is gone (or a zombie about to be reaped by whoever inherited it).
bool gone(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(stat, text);
    const size_t paren = text.rfind(')');
    return !stat || paren == std::string::npos || text.compare(paren, 3, ") Z") == 0;
}

TEST(MatchUci, EndingAnEngineEndsWhatItStarted) {
    pid_t left_behind = -1;
    {
        // A wrapper that runs its engine without `exec`: the engine is the wrapper's child.
        EngineProcess p("sh -c 'sleep 60 & echo $!; wait'");
        std::string line;
        ASSERT_EQ(p.read_line(line, EngineProcess::Clock::now() + 5s), EngineProcess::Read::Line);
        left_behind = std::stoi(line);
        EXPECT_FALSE(gone(left_behind));
    }
    const auto until = std::chrono::steady_clock::now() + 5s;
    while (!gone(left_behind) && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(10ms);
    EXPECT_TRUE(gone(left_behind)) << "process " << left_behind << " outlived its engine";
}

// Interrupted (Ctrl-C), `match` ends its engines, which lead process groups of their own and so
// are no longer reached by the terminal's signal.
TEST(MatchCli, AnInterruptedMatchLeavesNoEngine) {
    const std::string pidfile = test::temp_file("engine.pid");
    const std::string engine = "cmd=" + FAKE + " hang " + pidfile;
    const pid_t match = fork();
    ASSERT_GE(match, 0);
    if (match == 0) {
        execl(MENAGERIE_BINARY, "menagerie", "match", "--engine", engine.c_str(), "--engine",
              "builtin:random", "--variant", "chess", "--games", "2", "--depth", "1", "--timeout",
              "60", static_cast<char*>(nullptr));
        _exit(127);
    }
    pid_t engine_pid = -1;
    for (int i = 0; i < 500 && engine_pid < 0; ++i) {
        std::this_thread::sleep_for(10ms);
        std::ifstream in(pidfile);
        if (!(in >> engine_pid)) engine_pid = -1;
    }
    ASSERT_GT(engine_pid, 0) << "the engine never started";
    std::this_thread::sleep_for(200ms);  // the match asks it to move; it never answers
    ASSERT_EQ(kill(match, SIGINT), 0);
    int status = 0;
    ASSERT_EQ(waitpid(match, &status, 0), match);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;
    const auto until = std::chrono::steady_clock::now() + 5s;
    while (!gone(engine_pid) && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(10ms);
    EXPECT_TRUE(gone(engine_pid)) << "engine " << engine_pid << " outlived the match";
    std::remove(pidfile.c_str());
}

TEST(MatchUci, LinesThatStopShortAreReadSafely) {
    // `id name` with no name (and `id author`, `option` with nothing after them).
    UciClient client(FAKE + " bare", 5s);
    EXPECT_EQ(client.name(), FAKE + " bare");  // named by its command
    EXPECT_TRUE(client.option("Hash"));
    client.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {});
    uint64_t total = 0;
    try {
        client.perft(1, total, 5s);
        FAIL() << "a total past 2^64 should be refused";
    } catch (const EngineFailure& e) {
        EXPECT_EQ(e.kind(), EngineFailure::Kind::Protocol);
        EXPECT_NE(std::string(e.what()).find("in a perft answer"), std::string::npos) << e.what();
    }
}

TEST(MatchUci, EngineThatDoesNotAnswerTimesOut) {
    try {
        UciClient client(FAKE + " mute", 300ms);
        FAIL() << "the handshake should have timed out";
    } catch (const EngineFailure& e) {
        EXPECT_EQ(e.kind(), EngineFailure::Kind::Timeout);
        EXPECT_NE(std::string(e.what()).find("uciok"), std::string::npos) << e.what();
    }
    UciClient client(FAKE + " crash", 5s);
    EXPECT_EQ(client.name(), "fake-crash");
    ASSERT_TRUE(client.option("hash"));  // names are case-insensitive
    client.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {});
    try {
        client.go({}, UciClient::Clock::now() + 5s);
        FAIL() << "the engine should have crashed";
    } catch (const EngineFailure& e) {
        EXPECT_EQ(e.kind(), EngineFailure::Kind::Crashed);
        EXPECT_NE(std::string(e.what()).find("exited with status 3"), std::string::npos)
            << e.what();
    }
}

TEST(MatchPlayers, GreedyTakesTheMostMaterial) {
    const auto chess = make_game("chess");
    // White can take a knight (c6) or the queen (e5), or promote on b8.
    Position pos = parse_fen(chess, "4k3/1P6/2n5/4q3/3P4/8/8/4K3 w - - 0 1");
    const Position start = pos;
    auto greedy = make_player(parse_engine_spec("builtin:greedy"), "chess");
    EXPECT_EQ(greedy->name(), "greedy");
    const Limits limits;
    for (uint64_t seed = 0; seed < 5; ++seed) {
        greedy->new_game(start, "", seed);
        const std::vector<Move> none;
        const MoveRequest request{start, none, pos, {}, {0, 0}, limits, {}};
        const Reply r = greedy->move(request);
        ASSERT_TRUE(r.move);
        EXPECT_EQ(engine_move_text(pos, *r.move, CastlingText::Game), "d4e5");
    }
}

TEST(MatchPlayers, EngineSpecs) {
    const EngineSpec a = parse_engine_spec(
        "cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=2000,name=sf2000");
    EXPECT_EQ(a.command, "/usr/games/stockfish");
    EXPECT_EQ(a.name, "sf2000");
    ASSERT_EQ(a.options.size(), 2u);
    EXPECT_EQ(a.options[1], (std::pair<std::string, std::string>{"UCI_Elo", "2000"}));
    const EngineSpec b = parse_engine_spec("cmd=my engine --flags a,b,tc=5+0.05,nodes=300");
    EXPECT_EQ(b.command, "my engine --flags a,b");
    EXPECT_EQ(b.limits.base_ms, 5000);
    EXPECT_EQ(b.limits.increment_ms, 50);
    EXPECT_EQ(b.limits.nodes, 300u);
    EXPECT_EQ(parse_engine_spec("builtin:random").command, "builtin:random");
    EXPECT_THROW(parse_engine_spec("colour=red,cmd=x"), Error);
    EXPECT_THROW(parse_engine_spec("cmd=x,tc=fast"), Error);
    EXPECT_THROW(parse_engine_spec("name=x"), Error);
    EXPECT_THROW(make_player(parse_engine_spec("builtin:smart"), "chess"), Error);
}

TEST(MatchCli, GreedyAgainstRandomWritesAValidPgn) {
    const std::string pgn = test::temp_file("greedy.pgn");
    const test::RunResult r = test::run(
        "match --engine builtin:greedy --engine builtin:random --variant contemporary --setups 2 "
        "--seed 7 --concurrency 2 --maxmoves 150 --pgn " +
        pgn);
    ASSERT_EQ(r.status, 0) << r.err;
    const auto score = score_of(r.out);
    EXPECT_EQ(score[0] + score[1] + score[2], 4) << r.out;
    EXPECT_NE(r.out.find("Score of greedy vs random"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Elo difference: "), std::string::npos) << r.out;
    expect_valid_pgn(pgn, 4);
    // The same seed gives the same games.
    const std::string again = test::temp_file("again.pgn");
    ASSERT_EQ(test::run("match --engine builtin:greedy --engine builtin:random --variant "
                        "contemporary --setups 2 --seed 7 --maxmoves 150 --pgn " +
                        again)
                  .status,
              0);
    std::ifstream a(pgn), b(again);
    const std::string ta((std::istreambuf_iterator<char>(a)), {}),
        tb((std::istreambuf_iterator<char>(b)), {});
    EXPECT_EQ(ta, tb);
    std::remove(pgn.c_str());
    std::remove(again.c_str());
}

// Random plies open each game of a one-start game (Chess 66) differently: the records start
// from positions after that many moves, and two openings differ.
TEST(MatchCli, RandomPliesOpenGamesFromOneStartDifferently) {
    const std::string pgn = test::temp_file("plies.pgn");
    const test::RunResult r = test::run(
        "match --engine builtin:greedy --engine builtin:greedy --variant chess66 "
        "--games 4 --random-plies 6 --seed 5 --maxmoves 1 --pgn " +
        pgn);
    ASSERT_EQ(r.status, 0) << r.err;
    std::ifstream in(pgn);
    std::set<std::string> starts;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("[FEN ", 0) == 0) starts.insert(line);
    EXPECT_EQ(starts.size(), 2u);  // two openings, each played with both colours
    for (const std::string& fen : starts) EXPECT_NE(fen.find(" w "), std::string::npos) << fen;
    std::remove(pgn.c_str());
    EXPECT_EQ(test::run("match --engine builtin:greedy --engine builtin:greedy --variant "
                        "blackswan --games 2 --random-plies 2")
                  .status,
              2);
}

// More setups asked for than the game has: every setup is played, and the runner says so.
TEST(MatchCli, SaysWhenTheGameHasFewerSetupsThanAsked) {
    const test::RunResult r = test::run(
        "match --engine builtin:random --engine builtin:random --variant placement "
        "--option castling=chess960 --setups 100 --seed 3 --maxmoves 1");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("note: placement has 20 setups; each is played with both colours"),
              std::string::npos)
        << r.err;
    const auto score = score_of(r.out);
    EXPECT_EQ(score[0] + score[1] + score[2], 40) << r.out;
}

// Black Swan, refereed by the runner: each game its own seed from the system (no pair reuses
// a seed that a record has revealed); Menagerie over UCI sees only its view. The PGN is the
// players' record, which verify accepts.
TEST(MatchCli, BlackSwanGamesHaveTheirOwnSeedsAndVerify) {
    const std::string pgn = test::temp_file("swan.pgn");
    const test::RunResult r = test::run(std::string("match --engine 'cmd=") + MENAGERIE_BINARY +
                                        " uci,depth=2' --engine builtin:greedy --variant blackswan "
                                        "--games 2 --seed 11 --maxmoves 80 --pgn " +
                                        pgn);
    ASSERT_EQ(r.status, 0) << r.err;
    const auto score = score_of(r.out);
    EXPECT_EQ(score[0] + score[1] + score[2], 2) << r.out;
    EXPECT_NE(r.out.find("Menagerie 0, greedy 0"), std::string::npos) << r.out;  // no forfeit
    std::ifstream in(pgn);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    // A seed for each game, 32 bytes: not the pair's, and not drawn from --seed.
    const auto first = text.find("[Seed \""), second = text.find("[Seed \"", first + 1);
    ASSERT_NE(second, std::string::npos) << text;
    EXPECT_NE(text.substr(first, 80), text.substr(second, 80));
    EXPECT_EQ(text.substr(first + 7 + 64, 2), "\"]") << text.substr(first, 80);
    EXPECT_NE(text.find("[Commitment \""), std::string::npos);
    const test::RunResult v = test::run("verify " + pgn);
    EXPECT_EQ(v.status, 0) << v.out << v.err;
    EXPECT_NE(v.out.find("game 2: honest"), std::string::npos) << v.out;
    std::remove(pgn.c_str());
}

TEST(MatchCli, SprtAndBadFlags) {
    const test::RunResult r = test::run(
        "match --engine builtin:greedy --engine builtin:random --variant chess --games 2 --seed 1 "
        "--maxmoves 40 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("SPRT (elo0 0.00, elo1 10.00"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(-2.94, 2.94)"), std::string::npos) << r.out;
    for (const std::string bad :
         {"--engine builtin:random --variant chess",
          "--engine builtin:random --engine builtin:greedy --variant chess --tc fast",
          "--engine builtin:random --engine builtin:greedy --variant chess --sprt elo0=5,elo1=1",
          "--engine builtin:random --engine builtin:greedy --variant nochess",
          "--engine builtin:random --engine builtin:greedy --variant chess --games 0",
          "--engine builtin:random --engine builtin:greedy --variant blackswan --option "
          "view=player",
          "--engine builtin:random --engine 'cmd=/nonexistent/engine' --variant chess"}) {
        const test::RunResult e = test::run("match " + bad);
        EXPECT_EQ(e.status, 2) << bad;
        // (an engine that cannot start may say why on the standard error first)
        EXPECT_NE(e.err.find("error: "), std::string::npos) << bad << ": " << e.err;
    }
    EXPECT_NE(test::run("match --engine builtin:random --engine 'cmd=/nonexistent/engine' "
                        "--variant chess")
                  .err.find("did not start"),
              std::string::npos);
}

TEST(MatchCli, SprtStopsTheMatchWhenItDecides) {
    // Greedy scores about 60% against random (some 70 Elo): far above -400, so H1 (-400)
    // against H0 (-500) is accepted long before 1000 games.
    const test::RunResult r = test::run(
        "match --engine builtin:greedy --engine builtin:random --variant chess66 --games 1000 "
        "--seed 5 --sprt elo0=-500,elo1=-400");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find(": H1 accepted at game "), std::string::npos) << r.out;
    const auto score = score_of(r.out);
    EXPECT_LT(score[0] + score[1] + score[2], 1000) << r.out;
}

TEST(MatchCli, SprtReportsTheDecisionWhereTheBoundWasCrossed) {
    // With two games at once, the game still running when the LLR crosses a bound is finished
    // and counted; it must not turn the decision back into "continue".
    const test::RunResult r = test::run(
        "match --engine builtin:greedy --engine builtin:random --variant chess66 --games 1000 "
        "--seed 5 --concurrency 2 --sprt elo0=-500,elo1=-400");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string accepted = ": H1 accepted at game ";
    const auto at = r.out.find(accepted);
    ASSERT_NE(at, std::string::npos) << r.out;
    const int decided = std::stoi(r.out.substr(at + accepted.size()));
    const auto score = score_of(r.out);
    const int played = score[0] + score[1] + score[2];
    EXPECT_LE(decided, played) << r.out;
    EXPECT_GE(decided, played - 1) << r.out;  // at most one other game was running
    EXPECT_EQ(r.out.find("continue"), std::string::npos) << r.out;
    EXPECT_EQ(played > decided, r.out.find("Games in flight at the decision") != std::string::npos)
        << r.out;
}

TEST(MatchCli, MisbehavingEnginesLoseWithAReason) {
    struct Case {
        const char* mode;
        const char* flags;
        const char* reason;
    };
    for (const Case& c : {Case{"illegal", "--depth 1", "sent 'e2e5', which is not a legal move"},
                          Case{"garbage", "--depth 1", "sent 'hello', which is not a legal move"},
                          Case{"crash", "--depth 1", "exited with status 3"},
                          // Exited, not lost on time, though what it left behind holds its
                          // output open.
                          Case{"orphan", "--tc 0.5+0", "exited with status 3"},
                          Case{"hang", "--tc 0.3+0", "lost on time"},
                          Case{"hang", "--depth 1 --timeout 1", "did not answer within"}}) {
        const std::string pgn = test::temp_file("fake.pgn");
        const test::RunResult r = test::run("match --engine 'cmd=" + FAKE + " " + c.mode +
                                            "' --engine builtin:random --variant chess --games 2 "
                                            "--seed 3 --pgn " +
                                            pgn + " " + c.flags);
        ASSERT_EQ(r.status, 0) << c.mode << ": " << r.err;
        EXPECT_EQ(score_of(r.out), (std::array<int, 3>{0, 2, 0})) << c.mode << ": " << r.out;
        EXPECT_NE(r.err.find(c.reason), std::string::npos) << c.mode << ": " << r.err;
        EXPECT_NE(r.out.find("fake-" + std::string(c.mode) + " 2"), std::string::npos) << r.out;
        expect_valid_pgn(pgn, 2);
        std::remove(pgn.c_str());
    }
}

TEST(MatchCli, StockfishAgainstRandom) {
    if (stockfish().empty())
        GTEST_FAIL() << "stockfish is not installed (scripts/install-deps.sh installs it)";
    for (const std::string game :
         {"--variant chess", "--variant placement --option castling=chess960"}) {
        const std::string pgn = test::temp_file("stockfish.pgn");
        const test::RunResult r =
            test::run("match --engine 'cmd=" + stockfish() + ",name=sf' --engine builtin:random " +
                      game + " --nodes 400 --games 4 --seed 11 --maxmoves 100 --pgn " + pgn);
        ASSERT_EQ(r.status, 0) << r.err;
        const auto score = score_of(r.out);
        EXPECT_EQ(score[0] + score[1] + score[2], 4) << r.out;
        EXPECT_EQ(score[1], 0) << r.out;
        EXPECT_NE(r.out.find("sf 0, random 0"), std::string::npos) << r.out;  // no forfeit
        expect_valid_pgn(pgn, 4);
        std::remove(pgn.c_str());
    }
}

}  // namespace
}  // namespace menagerie
