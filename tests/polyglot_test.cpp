// `menagerie uci` behind Debian's `polyglot` adapter, spoken to in the XBoard protocol through
// pipes as an XBoard GUI would: the feature handshake (the engine's options exported, with the
// values of polyglot's ini), options passed from the GUI, a move after `usermove` and `go`, a
// position from `setboard`, and `quit`. Every move the engine makes is checked by the rules
// library. Skipped when polyglot is not installed (scripts/install-deps.sh installs it).
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

TEST(Polyglot, PlaysXboardThroughTheAdapter) {
    const std::string polyglot = polyglot_path();
    if (polyglot.empty())
        GTEST_SKIP() << "polyglot is not installed (Debian package polyglot, installed by "
                        "scripts/install-deps.sh): the XBoard session is not tested";
    const std::filesystem::path dir = test::temp_dir("menagerie-polyglot");
    const std::filesystem::path ini = dir / "menagerie.ini", log = dir / "polyglot.log";
    {
        std::ofstream out(ini);
        out << "[PolyGlot]\nEngineCommand = " << MENAGERIE_BINARY
            << " uci\nEngineDir = " << dir.string() << "\nLog = true\nLogFile = " << log.string()
            << "\n[Engine]\nHash = 4\nMove Overhead = 37\n";
    }
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    {
        // In the temporary directory: polyglot opens a log in its working directory before it
        // reads the ini's LogFile.
        XboardSession xb("/bin/sh -c 'cd " + dir.string() + " && exec " + polyglot + " " +
                         ini.string() + "'");
        xb.send("xboard");
        xb.send("protover 2");
        const auto features = xb.until("feature done=1");
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
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    const std::string said = text.str();
    EXPECT_NE(said.find("Adapter->Engine: setoption name Move Overhead value 37"),
              std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: setoption name Skill Level value 19"), std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: position startpos moves e2e4"), std::string::npos);
    EXPECT_NE(said.find("Adapter->Engine: position fen " + mate_in_one), std::string::npos);
    EXPECT_EQ(said.find("info string error"), std::string::npos);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace menagerie
