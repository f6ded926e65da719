// `menagerie uci` behind Debian's `polyglot` adapter, spoken to in the XBoard protocol through
// pipes as an XBoard GUI would: the feature handshake (the engine's options exported, with the
// values of polyglot's ini), options passed from the GUI, a move after `usermove` and `go`, a
// position from `setboard`, a Chess960 game, and `quit`. Every move the engine makes is checked
// by the rules library. Polyglot must be installed (scripts/install-deps.sh installs it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/engine_process.h"
#include "test_util.h"

namespace menagerie {
namespace {

std::string polyglot_path() {
    for (const char* p : {"/usr/games/polyglot", "/usr/bin/polyglot"})
        if (access(p, X_OK) == 0) return p;
    return "";
}

// An XBoard session with polyglot: lines read with a deadline, so a silent adapter fails the
// test instead of hanging it.
class XboardSession {
  public:
    explicit XboardSession(const std::string& command) : process_(command) {}
    void send(const std::string& line) { ASSERT_TRUE(process_.send(line)) << line; }
    // The lines up to and including the first that starts with `prefix` ("<timeout>" or
    // "<closed>" last when none came).
    std::vector<std::string> until(const std::string& prefix, double seconds = 60) {
        const auto deadline = EngineProcess::Clock::now() +
                              std::chrono::duration_cast<EngineProcess::Clock::duration>(
                                  std::chrono::duration<double>(seconds));
        std::vector<std::string> lines;
        for (;;) {
            std::string line;
            const EngineProcess::Read r = process_.read_line(line, deadline);
            if (r != EngineProcess::Read::Line) {
                lines.push_back(r == EngineProcess::Read::Timeout ? "<timeout>" : "<closed>");
                return lines;
            }
            lines.push_back(line);
            if (line.rfind(prefix, 0) == 0) return lines;
        }
    }
    // `xboard`, `protover 2`, and the features polyglot then lists (up to `feature done=1`).
    std::vector<std::string> handshake() {
        send("xboard");
        send("protover 2");
        return until("feature done=1");
    }
    // The text of the next `move M` line.
    std::string move() {
        const std::string last = until("move ").back();
        return last.rfind("move ", 0) == 0 ? last.substr(5) : last;
    }
    std::string ended() { return process_.ended(std::chrono::milliseconds(5000)); }

  private:
    EngineProcess process_;
};

bool has_line(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

bool legal_in(const std::string& fen, const std::string& moves, const std::string& move) {
    Position pos = test::play(make_game("chess"), fen, moves);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (move_to_uci(pos, m) == move) return true;
    return false;
}

// Polyglot set up to run `menagerie uci` from a temporary directory, with a log of what it
// tells the engine.
class PolyglotSetup {
  public:
    PolyglotSetup() : dir_(test::temp_dir("menagerie-polyglot")) {
        std::ofstream out(ini());
        out << "[PolyGlot]\nEngineCommand = " << MENAGERIE_BINARY
            << " uci\nEngineDir = " << dir_.string()
            << "\nLog = true\nLogFile = " << (dir_ / "polyglot.log").string()
            << "\n[Engine]\nHash = 4\nMove Overhead = 37\n";
    }
    ~PolyglotSetup() { std::filesystem::remove_all(dir_); }
    // In the temporary directory: polyglot opens a log in its working directory before it reads
    // the ini's LogFile.
    std::string command() const {
        return "/bin/sh -c 'cd " + dir_.string() + " && exec " + polyglot_path() + " " +
               ini().string() + "'";
    }
    std::string log() const {
        std::ifstream in(dir_ / "polyglot.log");
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

  private:
    std::filesystem::path ini() const { return dir_ / "menagerie.ini"; }
    std::filesystem::path dir_;
};

TEST(Polyglot, PlaysXboardThroughTheAdapter) {
    ASSERT_FALSE(polyglot_path().empty())
        << "polyglot is not installed (Debian package polyglot, installed by "
           "scripts/install-deps.sh)";
    const PolyglotSetup setup;
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    {
        XboardSession xb(setup.command());
        const auto features = xb.handshake();
        ASSERT_EQ(features.back(), "feature done=1");
        // The engine's UCI options, exported as XBoard options with the ini's values.
        EXPECT_TRUE(has_line(features, "feature option=\"Move Overhead -spin 37 0 5000\""));
        EXPECT_TRUE(has_line(features, "feature option=\"UCI_Variant -combo *chess ///"));
        EXPECT_TRUE(has_line(features, "feature option=\"Skill Level -spin 20 0 20\""));

        xb.send("new");
        xb.send("force");
        xb.send("option Skill Level=19");
        xb.send("ping 1");
        EXPECT_EQ(xb.until("pong").back(), "pong 1");
        xb.send("usermove e2e4");
        xb.send("sd 3");
        xb.send("go");
        const std::string reply = xb.move();
        EXPECT_TRUE(legal_in(start, "e2e4", reply)) << reply;

        xb.send("force");
        xb.send("setboard " + mate_in_one);
        xb.send("go");
        EXPECT_EQ(xb.move(), "a1a8");
        EXPECT_EQ(xb.until("1-0").back(), "1-0 {White mates}");
        xb.send("quit");
        EXPECT_EQ(xb.ended(), "exited with status 0");
    }
    // What polyglot told the engine: both options, the positions, and no error from the engine.
    const std::string said = setup.log();
    EXPECT_NE(said.find("Adapter->Engine: setoption name Move Overhead value 37"),
              std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: setoption name Skill Level value 19"), std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: position startpos moves e2e4"), std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: position fen " + mate_in_one), std::string::npos);
    EXPECT_EQ(said.find("info string error"), std::string::npos);
}

// Polyglot offers an XBoard GUI Chess960 (`fischerandom`) only for an engine that lists
// UCI_Chess960, and then sends and reads castling king-takes-rook. The GUI castles (king b1, rook
// h1), the engine answers; then, in a position of its own, the engine mates by castling long
// (king b8, rook a8 to d8: the rook cannot go there by itself, its king stands between).
TEST(Polyglot, PlaysChess960ThroughTheAdapter) {
    ASSERT_FALSE(polyglot_path().empty())
        << "polyglot is not installed (Debian package polyglot, installed by "
           "scripts/install-deps.sh)";
    const PolyglotSetup setup;
    const std::string start = "1k5r/ppp5/8/8/8/8/4PP1P/1K5R w Kk - 0 1";
    const std::string mate_by_castling = "rk6/1pp5/8/8/8/8/2P1P3/2RKR3 b q - 0 1";
    {
        XboardSession xb(setup.command());
        const auto features = xb.handshake();
        ASSERT_EQ(features.back(), "feature done=1");
        EXPECT_TRUE(has_line(features, "fischerandom")) << "Chess960 is not offered";
        xb.send("new");
        xb.send("variant fischerandom");
        xb.send("force");
        xb.send("setboard " + start);
        xb.send("usermove O-O");
        xb.send("sd 2");
        xb.send("go");
        const std::string reply = xb.move();
        EXPECT_TRUE(legal_in(start, "b1h1", reply)) << reply;

        xb.send("force");
        xb.send("setboard " + mate_by_castling);
        xb.send("go");
        EXPECT_EQ(xb.move(), "O-O-O#");
        EXPECT_EQ(xb.until("0-1").back(), "0-1 {Black mates}");
        xb.send("quit");
        EXPECT_EQ(xb.ended(), "exited with status 0");
    }
    const std::string said = setup.log();
    EXPECT_NE(said.find("Adapter->Engine: setoption name UCI_Chess960 value true"),
              std::string::npos);
    EXPECT_NE(said.find("moves b1h1"), std::string::npos) << "the GUI's castling, king takes rook";
    EXPECT_NE(said.find("Engine->Adapter: bestmove b8a8"), std::string::npos) << said;
    EXPECT_EQ(said.find("info string error"), std::string::npos);
}

}  // namespace
}  // namespace menagerie
