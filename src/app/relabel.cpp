// `menagerie relabel`: the positions of a data file scored again by another UCI engine, a teacher
// stronger than the search that played the games (docs/engine.md, "A teacher's scores"). The
// games, their results and the positions stay; each position's score becomes the teacher's, so
// `fit` and `train` learn from its judgement. A stopped run resumes: the output is written a
// game at a time, as datagen writes it, and the games it holds are not scored again.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>

#include "app/batch.h"
#include "app/command_line.h"
#include "app/commands.h"
#include "app/players.h"
#include "app/self_play.h"
#include "core/error.h"
#include "core/text.h"
#include "learn/training_data.h"
#include "notation/fen.h"
#include "protocol/uci_client.h"

namespace menagerie {

namespace {

constexpr std::chrono::seconds SEARCH_TIMEOUT{120};

}  // namespace

int run_relabel(int argc, char** argv) {
    CLI::App app{"menagerie relabel: a data file's positions scored by another UCI engine"};
    app.name("menagerie relabel");
    std::string in_path, out_path, engine_text;
    SearchFlags search;
    double scale = 1.0;
    app.add_option("--data", in_path, "the data file to score (datagen --out)")->required();
    app.add_option("--out", out_path, "the data file written: created, or resumed when it exists")
        ->required();
    app.add_option("--engine", engine_text,
                   "the teacher, as match's --engine: cmd=COMMAND[,option.NAME=VALUE]...")
        ->required();
    search.add_to(app, "the teacher's depth per position", "its nodes per position (default 5000)");
    app.add_option("--scale", scale,
                   "the teacher's centipawns times this are the score written (default 1)")
        ->check(CLI::Range(0.01, 100.0));
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "relabel: "))
        return *status;
    const engine::Limits limits = search.limits(5000);
    UciGo go;
    if (limits.depth)
        go.depth = limits.depth;
    else
        go.nodes = limits.nodes;
    const Shard shard = search.shard_of();
    const EngineSpec spec = parse_engine_spec(engine_text);
    if (spec.command.rfind("builtin:", 0) == 0)
        throw Error(ErrorKind::Usage, "--engine",
                    "--engine: a teacher is a UCI engine, not " + spec.command);

    // The output's games: those already written are skipped, so a stopped run goes on.
    // A shard is every N-th game of the file, by its place in the file (a file of datagen's
    // shards holds game numbers of one residue only).
    learn::DataHeader header;
    std::vector<uint32_t> mine;  // the shard's game numbers
    size_t place = 0;
    learn::for_each_game(in_path, [&](const learn::DataHeader& h, uint32_t number, auto&) {
        header = h;
        if (shard.mine(place++)) mine.push_back(number);
    });
    if (mine.empty())
        throw Error(ErrorKind::File, in_path,
                    menagerie::quoted(in_path) + " holds no whole game" +
                        (shard.count > 1 ? " of this shard" : ""));
    learn::DataWriter writer(out_path, header);
    const size_t todo = static_cast<size_t>(std::count_if(
        mine.begin(), mine.end(), [&](uint32_t n) { return !writer.done().count(n); }));
    const std::shared_ptr<const Game> game = learn::game_of(header);
    std::cerr << "relabel " << header.variant << ": shard " << shard.index << "/" << shard.count
              << ", " << mine.size() - todo << " of " << mine.size() << " games already in "
              << menagerie::quoted(out_path) << " (" << writer.positions() << " positions)\n";

    UciClient teacher(spec.command, UciClient::HANDSHAKE_TIMEOUT);
    // The table's size as the options may override, to a teacher that has one.
    if (teacher.option("Hash")) teacher.set_option("Hash", std::to_string(search.hash_mb()));
    for (const auto& [name, value] : spec.options) teacher.set_option(name, value);
    teacher.sync(UciClient::HANDSHAKE_TIMEOUT);

    ProgressLine progress(todo);
    size_t done = 0;
    uint64_t scored = 0, dropped = 0;
    place = 0;
    learn::for_each_game(in_path, [&](const learn::DataHeader&, uint32_t number,
                                      std::vector<learn::TrainingPosition>& positions) {
        if (!shard.mine(place++) || writer.done().count(number)) return;
        teacher.new_game();
        const int result = positions.empty() ? 0 : positions.front().result;
        std::vector<learn::TrainingPosition> kept;
        for (learn::TrainingPosition& p : positions) {
            teacher.position(write_fen(learn::position_of(game, p)), {});
            std::optional<UciScore> score;
            teacher.go(go, UciClient::Clock::now() + SEARCH_TIMEOUT, &score);
            ++scored;
            const long value =
                score && !score->mate ? std::lround(score->value * scale) : SelfPlay::DECISIVE;
            if (std::abs(value) >= SelfPlay::DECISIVE) {
                ++dropped;
                continue;
            }
            p.score = static_cast<int16_t>(value);
            kept.push_back(std::move(p));
        }
        writer.write_game(number, result, kept);
        ++done;
        progress.update(done,
                        "games " + std::to_string(mine.size() - todo + done) + "/" +
                            std::to_string(mine.size()) + "  positions " +
                            std::to_string(writer.positions()),
                        static_cast<double>(scored));
    });
    std::cout << "games " << writer.done().size() << "\npositions " << writer.positions()
              << "\nscored " << scored << "\ndropped " << dropped << "\n";
    return 0;
}

}  // namespace menagerie
