// `menagerie datagen`: self-play games of one variant, keeping quiet positions labelled with the
// search's score and the game's result, for the trainer (docs/engine.md, "Training data").
// Every game is numbered and played from its own seed, so a run is reproducible, resumes after
// an interruption (the data file lists the games it holds) and splits into shards that any job
// runner can spread over machines.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <random>

#include "app/batch.h"
#include "app/command_line.h"
#include "app/commands.h"
#include "app/game_flags.h"
#include "app/self_play.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/record.h"
#include "core/rules.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "engine/movepick.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/referee.h"
#include "learn/training_data.h"

namespace menagerie {

namespace {

struct DatagenSettings {
    std::shared_ptr<const Game> game;
    Options options;
    engine::Limits limits;
    int random_plies = 8;
    uint64_t seed = 1;
};

uint64_t mix(uint64_t seed, uint64_t game) {
    // splitmix64 of the pair: neighbouring game numbers get unrelated streams.
    uint64_t z = seed ^ (game + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct GameData {
    int result = 0;  // White's view
    std::vector<learn::TrainingPosition> positions;
};

// The game's start: an open game from a setup drawn as the game draws them (or its own start),
// or a referee's game with a seed of its own.
void start_game(const DatagenSettings& settings, SelfPlay& game, std::mt19937_64& rng) {
    const Game& g = *settings.game;
    if (is_referee_game(g)) {
        Options seeded = settings.options;
        seeded["seed"] = std::to_string(rng());
        game.start_refereed(make_game(g.name, seeded));
    } else if (!g.start.setups.empty() && !has_fixed_start(g)) {
        game.start_open(setup_position(settings.game, draw_setup_number(g, rng)));
    } else {
        game.start_open(start_position(settings.game, std::nullopt, rng()));
    }
}

GameData play_one(const DatagenSettings& settings, engine::Engine& engine, uint64_t game_seed) {
    GameData out;
    SelfPlay game;
    std::mt19937_64 rng(game_seed);
    // The opening: a few random moves, so that games differ; one that ends the game already
    // is played again with the next draws.
    for (int attempt = 0;; ++attempt) {
        start_game(settings, game, rng);
        bool ended = false;
        const int plies = settings.random_plies + static_cast<int>(rng() % 2);
        for (int i = 0; i < plies && !ended; ++i) {
            MoveList legal;
            generate_legal(game.seen(), legal);
            if (legal.size() == 0) {
                ended = true;
                break;
            }
            game.play(legal.moves[rng() % static_cast<uint64_t>(legal.size())]);
            ended = outcome(game.game_position()).result != Result::Ongoing;
        }
        if (!ended || attempt >= 20) break;
    }
    engine.new_game();
    out.result = game.play_out(
        engine, [&] { return settings.limits; },
        [&](const SelfPlay::Turn& turn) {
            // A quiet position: not in check, no choice owed, and the best move neither takes,
            // promotes nor turns a swan over (the static evaluation cannot see those).
            const Position& pos = turn.position;
            const bool quiet = !pos.checkers() && pos.pending() == NO_PENDING &&
                               !engine::is_tactical(pos, turn.best) &&
                               !is_chance_move(pos, turn.best);
            if (quiet && std::abs(turn.score) < SelfPlay::DECISIVE)
                out.positions.push_back(learn::record_of(pos, turn.score, game.ply()));
        });
    for (learn::TrainingPosition& p : out.positions) p.result = static_cast<int8_t>(out.result);
    return out;
}

}  // namespace

int run_datagen(int argc, char** argv) {
    CLI::App app{"menagerie datagen: self-play positions for the trainer (docs/engine.md)"};
    app.name("menagerie datagen");
    std::string variant, out_path;
    std::vector<std::string> options;
    std::optional<std::string> games_text, seed_text, plies_text;
    SearchFlags search;
    app.add_option("--variant", variant, "game name (see `menagerie variants`)")->required();
    app.add_option("--option", options, "game option name=value (repeatable)");
    app.add_option("--out", out_path, "the data file: created, or resumed when it exists")
        ->required();
    app.add_option("--games", games_text, "games in the whole run, all shards (default 1000)");
    search.add_to(app, "search depth per move", "nodes per move (default 5000)");
    app.add_option("--seed", seed_text, "seed of the run (default 1): game n's from it and n");
    app.add_option("--random-plies", plies_text, "random moves opening each game (default 8)");
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "datagen: "))
        return *status;

    DatagenSettings s;
    s.options = parse_options(options);
    s.game = make_game(variant, s.options);
    if (s.game->has_chance() && !is_referee_game(*s.game))
        throw Error(ErrorKind::Usage, "--option",
                    "datagen referees " + s.game->name +
                        ": give the referee's game, not view=player (the data is the view's)");
    const uint64_t games = games_text ? parse_whole("--games", *games_text, 1, 1u << 31) : 1000;
    s.limits = search.limits(5000);
    if (seed_text) s.seed = parse_whole("--seed", *seed_text, 0, ~uint64_t(0));
    if (plies_text)
        s.random_plies = static_cast<int>(parse_whole("--random-plies", *plies_text, 0, 40));
    const Shard shard = search.shard_of();
    const std::size_t hash_mb = search.hash_mb();

    // The data is the view's in a game with hidden identities: its header says so.
    const std::shared_ptr<const Game> data_game =
        is_referee_game(*s.game) ? player_game(*s.game) : s.game;
    learn::DataWriter writer(out_path, learn::header_of(*data_game));
    std::vector<uint32_t> todo;
    for (uint64_t n = shard.index - 1; n < games; n += shard.count)
        if (!writer.done().count(static_cast<uint32_t>(n)))
            todo.push_back(static_cast<uint32_t>(n));
    const size_t mine = (games - (shard.index - 1) + shard.count - 1) / shard.count;
    std::cerr << "datagen " << s.game->name << ": shard " << shard.index << "/" << shard.count
              << ", " << mine - todo.size() << " of " << mine << " games already in "
              << menagerie::quoted(out_path) << " (" << writer.positions() << " positions)\n";

    engine::Engine engine(hash_mb, 1);
    ProgressLine progress(todo.size());
    uint64_t new_positions = 0;
    for (size_t i = 0; i < todo.size(); ++i) {
        const GameData data = play_one(s, engine, mix(s.seed, todo[i]));
        writer.write_game(todo[i], data.result, data.positions);
        new_positions += data.positions.size();
        progress.update(i + 1,
                        "games " + std::to_string(mine - todo.size() + i + 1) + "/" +
                            std::to_string(mine) + "  positions " +
                            std::to_string(writer.positions()),
                        static_cast<double>(new_positions));
    }
    std::cout << "games " << writer.done().size() << "\npositions " << writer.positions() << "\n";
    return 0;
}

}  // namespace menagerie
