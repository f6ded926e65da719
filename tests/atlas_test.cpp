// The setup atlas's command: `menagerie atlas` gives the same rows in one run, in two, and in
// shards joined by `atlas merge`; it resumes after a row cut off; merge refuses gaps and
// duplicates. (The atlas built into the server: server_atlas_test.cpp.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli_util.h"
#include "notation/atlas_table.h"

namespace menagerie {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Three Chess 2016 rolls, one with White's mate in one (docs/rules/chess2016.md): six rows with
// the knight-camel interchange, each with two short self-play games.
const std::string SMALL_RUN =
    "atlas --variant chess2016 --setups W1-1-1.G1.R5,W2-3-4.G3.R2,w6-6-6.g6.r6 --nodes 3000 "
    "--games 2 --game-nodes 200";

TEST(Atlas, TheSameRowsInOneRunTwoRunsAndShards) {
    const std::string whole = test::temp_file("whole.csv"), again = test::temp_file("again.csv");
    ASSERT_EQ(test::run(SMALL_RUN + " --out " + whole).status, 0);
    ASSERT_EQ(test::run(SMALL_RUN + " --out " + again).status, 0);
    EXPECT_EQ(slurp(whole), slurp(again));

    const AtlasTable table = read_atlas_table(slurp(whole));
    ASSERT_EQ(table.rows.size(), 6u);
    EXPECT_EQ(table.rows[0].setup, "W1-1-1.G1.R5");
    EXPECT_EQ(table.rows[0].options, "");
    EXPECT_EQ(table.rows[1].options, "knight-camel-swap=always");
    EXPECT_EQ(table.rows[0].mating_moves, 2);  // a Giraffe and a Lady reach f5
    EXPECT_EQ(table.rows[0].forced_mate, 1);
    EXPECT_EQ(table.rows[0].mate, 1);
    EXPECT_EQ(table.rows[0].score_cp, ATLAS_MATE_SCORE);
    EXPECT_EQ(table.rows[5].setup, "W6-6-6.G6.R6");
    for (const AtlasRow& r : table.rows) {
        EXPECT_EQ(r.of, 6);
        EXPECT_EQ(r.limit, "nodes=3000");
        EXPECT_EQ(r.games, 2);
        EXPECT_EQ(r.white_wins + r.draws + r.black_wins, 2);
        EXPECT_FALSE(r.best_uci.empty());
    }

    const std::string one = test::temp_file("1.csv"), two = test::temp_file("2.csv"),
                      merged = test::temp_file("merged.csv");
    ASSERT_EQ(test::run(SMALL_RUN + " --shard 2/2 --out " + two).status, 0);
    ASSERT_EQ(test::run(SMALL_RUN + " --shard 1/2 --out " + one).status, 0);
    EXPECT_EQ(read_atlas_table(slurp(one)).rows.size(), 3u);
    const test::RunResult m = test::run("atlas merge --out " + merged + " " + two + " " + one);
    ASSERT_EQ(m.status, 0) << m.err;
    EXPECT_EQ(m.out, "rows 6\n");
    EXPECT_EQ(slurp(merged), slurp(whole));
}

// The shards as a job runner starts them: GNU parallel, three shards two at a time, then merge.
TEST(Atlas, ShardsRunByGnuParallelMergeIntoTheWholeRun) {
    ASSERT_EQ(std::system("command -v parallel >/dev/null"), 0)
        << "GNU parallel is missing (scripts/install-deps.sh installs it)";
    const std::string run = "atlas --variant contemporary --setups 0,17,400,1679 --nodes 500";
    const std::string whole = test::temp_file("whole.csv"), dir = test::temp_file("shards");
    ASSERT_EQ(test::run(run + " --out " + whole).status, 0);
    std::filesystem::create_directory(dir);
    const std::string parallel = "seq 1 3 | parallel -j2 " + std::string(MENAGERIE_BINARY) + " " +
                                 run + " --shard {}/3 --out " + dir + "/{}.csv 2>/dev/null";
    ASSERT_EQ(std::system(parallel.c_str()), 0);
    const test::RunResult m = test::run("atlas merge --out " + dir + "/all.csv " + dir + "/1.csv " +
                                        dir + "/2.csv " + dir + "/3.csv");
    ASSERT_EQ(m.status, 0) << m.err;
    EXPECT_EQ(slurp(dir + "/all.csv"), slurp(whole));
    std::filesystem::remove_all(dir);
}

TEST(Atlas, ResumesAfterARowCutOffAndRefusesAnotherRunsFile) {
    const std::string run = "atlas --variant chess56 --setups W1-2-3,w4-4-4,W6-6-6 --nodes 200";
    const std::string whole = test::temp_file("whole.csv"), cut = test::temp_file("cut.csv");
    ASSERT_EQ(test::run(run + " --out " + whole).status, 0);
    const std::string text = slurp(whole);
    // Interrupted while writing its fourth row.
    const size_t third_end = [&] {
        size_t at = 0;
        for (int line = 0; line < 4; ++line) at = text.find('\n', at) + 1;
        return at;
    }();
    std::ofstream(cut, std::ios::binary) << text.substr(0, third_end + 20);
    const test::RunResult resumed = test::run(run + " --out " + cut);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("3 of 6 rows already in"), std::string::npos) << resumed.err;
    EXPECT_EQ(slurp(cut), text);

    const test::RunResult other = test::run(run + "1 --out " + whole);
    EXPECT_EQ(other.status, 2);
    EXPECT_NE(other.err.find("of another run"), std::string::npos) << other.err;
    EXPECT_EQ(slurp(whole), text);  // untouched
}

TEST(Atlas, MergeRefusesAGapADuplicateAndAnUnfinishedShard) {
    const std::string run = "atlas --variant placement --setups 0,3,7,19 --nodes 1000";
    const std::string one = test::temp_file("1.csv"), two = test::temp_file("2.csv"),
                      merged = test::temp_file("m.csv");
    ASSERT_EQ(test::run(run + " --shard 1/2 --out " + one).status, 0);
    ASSERT_EQ(test::run(run + " --shard 2/2 --out " + two).status, 0);

    const test::RunResult gap = test::run("atlas merge --out " + merged + " " + one);
    EXPECT_EQ(gap.status, 2);
    EXPECT_NE(gap.err.find("2 of 4 rows are missing (1, 3)"), std::string::npos) << gap.err;
    EXPECT_FALSE(std::filesystem::exists(merged));

    const test::RunResult twice =
        test::run("atlas merge --out " + merged + " " + one + " " + two + " " + one);
    EXPECT_EQ(twice.status, 2);
    EXPECT_NE(twice.err.find("row 0 (setup 0) is in"), std::string::npos) << twice.err;

    std::ofstream(two, std::ios::app | std::ios::binary) << "placement,3,4,19";
    const test::RunResult torn = test::run("atlas merge --out " + merged + " " + one + " " + two);
    EXPECT_EQ(torn.status, 2);
    EXPECT_NE(torn.err.find("unfinished row"), std::string::npos) << torn.err;

    const std::string other = test::temp_file("other.csv");
    ASSERT_EQ(test::run("atlas --variant placement --setups 0,3,7,19 --nodes 999 --shard 2/2 "
                        "--out " +
                        other)
                  .status,
              0);
    const test::RunResult mixed =
        test::run("atlas merge --out " + merged + " " + one + " " + other);
    EXPECT_EQ(mixed.status, 2);
    EXPECT_NE(mixed.err.find("is of another atlas"), std::string::npos) << mixed.err;
}

TEST(Atlas, BadInputIsRefusedByName) {
    const std::string out = test::temp_file("bad.csv");
    const std::map<std::string, std::string> cases = {
        {"--variant chess66", "has no setups"},
        {"--variant blackswan", "has no setups"},
        {"--variant chess56 --nodes 0", "--nodes"},
        {"--variant chess56 --nodes 10 --depth 3", "not both"},
        {"--variant chess56 --shard 3/2", "--shard"},
        {"--variant chess56 --setups W7-1-1", "W7-1-1"},
        {"--variant chess56 --game-nodes 10", "need --games"},
        {"--variant chess56 --games 1 --tc 0", "tc: '0'"},
    };
    for (const auto& [args, expected] : cases) {
        const test::RunResult r = test::run("atlas " + args + " --out " + out);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_NE(r.err.find(expected), std::string::npos) << args << ": " << r.err;
        EXPECT_FALSE(std::filesystem::exists(out)) << args;
    }
    const std::string junk = test::write_temp("junk.csv", "variant,index\n1,2\n");
    const test::RunResult r = test::run("atlas merge --out " + out + " " + junk);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("not the atlas header"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace menagerie
