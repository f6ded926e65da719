// `menagerie atlas`: how every start setup of a game stands (docs/atlas.md). For each setup, a
// search at a fixed node count (the same on every machine), an exact search for short forced
// mates, and optionally a few self-play games; one CSV row per setup, appended as it goes, so a
// run resumes after an interruption and splits into shards that any job runner spreads over
// machines. `atlas merge` joins the shards' files.
#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "app/batch.h"
#include "app/command_line.h"
#include "app/commands.h"
#include "app/game_flags.h"
#include "app/players.h"
#include "app/self_play.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/setup.h"
#include "engine/engine.h"
#include "games/games.h"
#include "notation/atlas_table.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie {

namespace {

// One row to compute: a setup of the game, under the options that build it.
struct AtlasEntry {
    std::shared_ptr<const Game> game;
    int number = 0;
    std::string setup;    // as `menagerie setups` lists it
    std::string options;  // a=b;c=d
    std::string fen;
};

// Every setup of the game, in the order `menagerie setups` lists them, under every setting of
// the options the run leaves open (defaults first): a setup comes once per distinct position
// those settings build, with the first setting that builds it (Chess 2016's Knights and Camels
// interchanged, say; Placement's castling rules build the same positions and add none).
std::vector<AtlasEntry> atlas_entries(const std::string& variant, const Options& options) {
    const std::shared_ptr<const Game> plain = make_game(variant, options);
    std::vector<Options> settings{options};
    for (const GameOption& o : plain->option_list) {
        if (options.count(o.name)) continue;
        const size_t before = settings.size();
        for (size_t i = 0; i < before; ++i)
            for (size_t v = 1; v < o.values.size(); ++v) {
                Options other = settings[i];
                other[o.name] = o.values[v];
                settings.push_back(std::move(other));
            }
    }
    std::vector<std::shared_ptr<const Game>> games;
    for (const Options& o : settings) games.push_back(make_game(variant, o));
    std::vector<AtlasEntry> out;
    for (const Setup& s : plain->start.setups) {
        std::set<std::string> seen;
        for (size_t i = 0; i < games.size(); ++i) {
            AtlasEntry e{
                games[i], s.number, plain->start.setup_id ? s.name : std::to_string(s.number),
                write_atlas_options(settings[i]), write_fen(setup_position(games[i], s.number))};
            if (seen.insert(e.fen).second) out.push_back(std::move(e));
        }
    }
    return out;
}

bool mated(Position& pos) { return pos.checkers() && count_legal(pos) == 0; }

// Whether the side to move mates within `moves` of its moves, whatever the other side does.
bool mates_within(Position& pos, int moves) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        StateInfo st;
        pos.do_move(m, st);
        bool wins = mated(pos);
        if (!wins && moves > 1) {
            MoveList replies;
            generate_legal(pos, replies);
            wins = replies.size() > 0;  // stalemate is no win
            for (Move r : replies) {
                StateInfo rs;
                pos.do_move(r, rs);
                wins = mates_within(pos, moves - 1);
                pos.undo_move(r);
                if (!wins) break;
            }
        }
        pos.undo_move(m);
        if (wins) return true;
    }
    return false;
}

// Whether every move of the side to move lets the other side mate at once.
bool lost_in_one(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        StateInfo st;
        pos.do_move(m, st);
        const bool lost = mates_within(pos, 1);
        pos.undo_move(m);
        if (!lost) return false;
    }
    return list.size() > 0;
}

struct AtlasSettings {
    engine::Limits limits;  // nodes or depth
    std::string limit_text;
    int games = 0;
    uint64_t game_nodes = 0;  // per move; 0 with a clock
    Limits clock;             // --tc
    std::size_t hash_mb = 16;
};

// FNV-1a: a seed of the setup's own, the same in every shard and on every machine.
uint64_t seed_of(const AtlasEntry& e) {
    uint64_t h = 1469598103934665603ull;
    for (char c : e.setup + "|" + e.options)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// Self-play games from the setup. At a node count, each move's count is drawn within 10% of it
// (the engine is deterministic, and games at one count would all be the same game); at a clock,
// the time each search takes comes off the mover's clock.
void play_games(const AtlasSettings& s, const AtlasEntry& e, const Position& start,
                engine::Engine& engine, AtlasRow& row) {
    std::mt19937_64 rng(seed_of(e));
    for (int g = 0; g < s.games; ++g) {
        SelfPlay game;
        game.start_open(start);
        engine.new_game();
        int64_t clock[COLOR_NB] = {s.clock.base_ms.value_or(0), s.clock.base_ms.value_or(0)};
        std::optional<std::chrono::steady_clock::time_point> asked;
        Color mover = WHITE;
        const int result = game.play_out(engine, [&] {
            engine::Limits l;
            if (s.game_nodes) {
                l.nodes = s.game_nodes * (90 + rng() % 21) / 100;
                return l;
            }
            const auto now = std::chrono::steady_clock::now();
            if (asked) {
                clock[mover] -=
                    std::chrono::duration_cast<std::chrono::milliseconds>(now - *asked).count();
                clock[mover] =
                    std::max<int64_t>(clock[mover], 1) + s.clock.increment_ms.value_or(0);
            }
            asked = now;
            mover = game.seen().side_to_move();
            for (Color c : {WHITE, BLACK}) {
                l.time_ms[c] = static_cast<int>(clock[c]);
                l.inc_ms[c] = static_cast<int>(s.clock.increment_ms.value_or(0));
            }
            return l;
        });
        ++row.games;
        (result > 0 ? row.white_wins : result < 0 ? row.black_wins : row.draws)++;
    }
}

AtlasRow compute_row(const AtlasSettings& s, const AtlasEntry& e, engine::Engine& engine) {
    AtlasRow row;
    row.variant = e.game->name;
    row.setup = e.setup;
    row.options = e.options;
    row.fen = e.fen;
    row.limit = s.limit_text;
    Position pos = setup_position(e.game, e.number);
    engine.new_game();
    const engine::Info info = engine.search(pos, {}, s.limits);
    const int sign = pos.side_to_move() == WHITE ? 1 : -1;
    row.depth = info.depth;
    row.mate = sign * info.mate;
    row.score_cp =
        info.mate ? (row.mate > 0 ? ATLAS_MATE_SCORE : -ATLAS_MATE_SCORE) : sign * info.score_cp;
    if (!info.pv.empty()) {
        row.best_uci = move_to_uci(pos, info.pv[0]);
        row.best_san = move_to_san(pos, info.pv[0]);
        row.pv = san_line(pos, info.pv);
    }
    // Exact, to three plies; from White's side, as every setup has White to move.
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        StateInfo st;
        pos.do_move(m, st);
        row.mating_moves += mated(pos);
        pos.undo_move(m);
    }
    row.forced_mate = row.mating_moves ? 1 : mates_within(pos, 2) ? 2 : lost_in_one(pos) ? -1 : 0;
    if (pos.side_to_move() == BLACK) row.forced_mate = -row.forced_mate;
    play_games(s, e, pos, engine, row);
    return row;
}

std::string read_whole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::File, path, "cannot read " + menagerie::quoted(path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

AtlasTable read_file_table(const std::string& path) {
    try {
        return read_atlas_table(read_whole(path));
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::File || e.field() == path) throw;
        throw Error(ErrorKind::File, e.field(), menagerie::quoted(path) + ": " + e.what());
    }
}

// The settings a file's rows must share to be one atlas.
std::string run_of(const AtlasRow& r) {
    return r.variant + " " + std::to_string(r.of) + " rows, " + r.limit + ", " +
           std::to_string(r.games) + " games";
}

int run_merge(int argc, char** argv) {
    CLI::App app{"menagerie atlas merge: join the files of an atlas's shards (docs/atlas.md)"};
    app.name("menagerie atlas merge");
    std::string out_path;
    std::vector<std::string> inputs;
    app.add_option("--out", out_path, "the merged atlas")->required();
    app.add_option("files", inputs, "the shards' files")->required();
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "atlas merge: "))
        return *status;
    std::map<int, std::pair<AtlasRow, std::string>> rows;  // by index, with its file
    std::optional<AtlasRow> first;
    for (const std::string& path : inputs) {
        const AtlasTable table = read_file_table(path);
        if (table.torn_bytes)
            throw Error(
                ErrorKind::File, path,
                menagerie::quoted(path) + " ends in an unfinished row: resume its run first");
        for (const AtlasRow& r : table.rows) {
            if (!first) first = r;
            if (run_of(r) != run_of(*first))
                throw Error(ErrorKind::File, path,
                            menagerie::quoted(path) + ": row " + std::to_string(r.index) +
                                " is of another atlas (" + run_of(r) + ", not " + run_of(*first) +
                                ")");
            const auto [at, fresh] = rows.emplace(r.index, std::make_pair(r, path));
            if (!fresh)
                throw Error(ErrorKind::File, path,
                            "row " + std::to_string(r.index) + " (setup " + r.setup + ") is in " +
                                menagerie::quoted(at->second.second) + " and in " +
                                menagerie::quoted(path));
        }
    }
    if (!first) throw Error(ErrorKind::File, "files", "the files hold no rows");
    std::vector<int> missing;
    for (int i = 0; i < first->of; ++i)
        if (!rows.count(i)) missing.push_back(i);
    if (!missing.empty()) {
        std::string list;
        for (size_t i = 0; i < missing.size() && i < 10; ++i)
            list += (i ? ", " : "") + std::to_string(missing[i]);
        throw Error(ErrorKind::File, "files",
                    std::to_string(missing.size()) + " of " + std::to_string(first->of) +
                        " rows are missing (" + list + (missing.size() > 10 ? ", ..." : "") +
                        "): a shard is missing or unfinished");
    }
    std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(ErrorKind::File, out_path, "cannot write " + menagerie::quoted(out_path));
    out << atlas_header() << "\n";
    for (const auto& [index, row] : rows) out << write_atlas_row(row.first) << "\n";
    out.flush();
    if (!out) throw Error(ErrorKind::File, out_path, "cannot write " + menagerie::quoted(out_path));
    std::cout << "rows " << rows.size() << "\n";
    return 0;
}

}  // namespace

int run_atlas(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "merge") return run_merge(argc - 1, argv + 1);
    CLI::App app{"menagerie atlas: how every start setup of a game stands (docs/atlas.md)"};
    app.name("menagerie atlas");
    std::string variant, out_path;
    std::vector<std::string> options;
    std::optional<std::string> setups_text, games_text, game_nodes_text, tc_text;
    SearchFlags search;
    app.add_option("--variant", variant, "game name (see `menagerie variants`)")->required();
    app.add_option("--option", options, "game option name=value (repeatable)");
    app.add_option("--out", out_path, "the CSV file: created, or resumed when it exists")
        ->required();
    app.add_option("--setups", setups_text, "only these setups: identifiers separated by commas");
    search.add_to(app, "depth of each setup's search, instead of nodes",
                  "nodes of each setup's search (default 100000)");
    app.add_option("--games", games_text, "self-play games from each setup (default 0)");
    app.add_option("--game-nodes", game_nodes_text, "nodes per move in those games (default 5000)");
    app.add_option("--tc", tc_text, "a clock for those games instead: seconds[+increment]");
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "atlas: "))
        return *status;

    const Options run_options = parse_options(options);
    const std::shared_ptr<const Game> game = make_game(variant, run_options);
    if (game->has_chance() || game->start.setups.size() < 2)
        throw Error(ErrorKind::Usage, "--variant",
                    game->name +
                        " has no setups to chart (the atlas is for games that start "
                        "from one of many setups)");
    AtlasSettings s;
    s.limits = search.limits(100000);
    s.limit_text = s.limits.depth ? "depth=" + std::to_string(s.limits.depth)
                                  : "nodes=" + std::to_string(s.limits.nodes);
    s.games = games_text ? static_cast<int>(parse_whole("--games", *games_text, 0, 10000)) : 0;
    if (tc_text && game_nodes_text)
        throw Error(ErrorKind::Usage, "--tc", "give --game-nodes or --tc, not both");
    if ((tc_text || game_nodes_text) && !s.games)
        throw Error(ErrorKind::Usage, "--games", "--game-nodes and --tc need --games");
    if (tc_text) {
        parse_time_control(*tc_text, s.clock);
        if (!s.clock.base_ms || *s.clock.base_ms <= 0)
            throw Error(ErrorKind::Usage, "--tc", "--tc: the clock must start above 0 seconds");
    } else {
        s.game_nodes =
            game_nodes_text ? parse_whole("--game-nodes", *game_nodes_text, 1, 1ull << 32) : 5000;
    }
    const Shard shard = search.shard_of();
    s.hash_mb = search.hash_mb();

    std::vector<AtlasEntry> entries = atlas_entries(variant, run_options);
    if (setups_text) {
        std::set<int> wanted;
        for (const std::string& id : split_moves(*setups_text))
            wanted.insert(game->find_setup(id).number);
        std::erase_if(entries, [&](const AtlasEntry& e) { return !wanted.count(e.number); });
    }
    const int of = static_cast<int>(entries.size());

    // Resuming: the rows already written must be of this run, and a row cut off by an
    // interruption is removed.
    std::set<int> done;
    if (std::filesystem::exists(out_path)) {
        const AtlasTable table = read_file_table(out_path);
        for (const AtlasRow& r : table.rows) {
            const AtlasEntry* e = r.index < of ? &entries[static_cast<size_t>(r.index)] : nullptr;
            if (r.variant != game->name || r.of != of || r.limit != s.limit_text ||
                r.games != s.games || !e || e->setup != r.setup || e->options != r.options)
                throw Error(ErrorKind::Usage, "--out",
                            menagerie::quoted(out_path) + " holds row " + std::to_string(r.index) +
                                " of another run (" + run_of(r) +
                                "): give another --out, or the flags it was made with");
            done.insert(r.index);
        }
        if (table.torn_bytes)
            std::filesystem::resize_file(out_path,
                                         std::filesystem::file_size(out_path) - table.torn_bytes);
    }
    std::ofstream out(out_path, std::ios::binary | std::ios::app);
    if (!out) throw Error(ErrorKind::File, out_path, "cannot write " + menagerie::quoted(out_path));
    if (std::filesystem::file_size(out_path) == 0) out << atlas_header() << "\n" << std::flush;

    std::vector<int> todo;
    size_t mine = 0;
    for (int i = 0; i < of; ++i)
        if (shard.mine(static_cast<uint64_t>(i))) {
            ++mine;
            if (!done.count(i)) todo.push_back(i);
        }
    std::cerr << "atlas " << game->name << ": shard " << shard.index << "/" << shard.count << ", "
              << mine - todo.size() << " of " << mine << " rows already in "
              << menagerie::quoted(out_path) << "\n";

    engine::Engine engine(s.hash_mb, 1);
    ProgressLine progress(todo.size());
    for (size_t i = 0; i < todo.size(); ++i) {
        AtlasRow row = compute_row(s, entries[static_cast<size_t>(todo[i])], engine);
        row.index = todo[i];
        row.of = of;
        out << write_atlas_row(row) << "\n" << std::flush;
        if (!out)
            throw Error(ErrorKind::File, out_path, "cannot write " + menagerie::quoted(out_path));
        progress.update(
            i + 1,
            "rows " + std::to_string(mine - todo.size() + i + 1) + "/" + std::to_string(mine),
            static_cast<double>(i + 1));
    }
    std::cout << "rows " << done.size() + todo.size() << " of " << mine << "\n";
    return 0;
}

}  // namespace menagerie
