// The UCI loop. The search (or a perft) runs on its own thread, so `stop`, `ponderhit` and
// `isready` are answered while it thinks; every other command waits for nothing and changes
// nothing while a search runs. A bad command, option, position or move gets `info string error:
// ...` and leaves the state as it was.
#include "engine/uci.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "core/error.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/rules.h"
#include "core/setup.h"
#include "core/text.h"
#include "engine/engine.h"
#include "engine/score.h"
#include "engine/tunables.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace menagerie::engine {

namespace {

// A whole number within [min, max], or an Error naming the field.
long long number(const std::string& field, const std::string& text, long long min, long long max) {
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || v < min || v > max)
        throw Error(ErrorKind::Usage, field,
                    field + " " + quoted(text) + " is not a whole number from " +
                        std::to_string(min) + " to " + std::to_string(max));
    return v;
}

// The options of every game, by name: values in the order the games list them.
struct GameOptionSpec {
    std::vector<std::string> values;
    std::string default_value;
};
std::map<std::string, GameOptionSpec> all_game_options() {
    std::map<std::string, GameOptionSpec> out;
    for (const std::string& name : played_game_names()) {
        const auto game = make_game(name);  // alive for the loop
        for (const GameOption& o : game->option_list) {
            GameOptionSpec& spec = out[o.name];
            if (spec.values.empty()) spec.default_value = o.values.front();
            for (const std::string& v : o.values)
                if (std::find(spec.values.begin(), spec.values.end(), v) == spec.values.end())
                    spec.values.push_back(v);
        }
    }
    return out;
}

class Uci {
  public:
    explicit Uci(std::ostream& out) : out_(out), game_options_(all_game_options()) {
        for (const auto& [name, spec] : game_options_) option_values_[name] = spec.default_value;
        set_game();
    }
    ~Uci() { finish_search(); }

    bool handle(const std::string& line);

  private:
    void say(const std::string& line) {
        std::lock_guard lock(out_mutex_);
        out_ << line << std::endl;
    }
    void error(const std::string& message) { say("info string error: " + message); }

    void uci();
    void set_option(std::istringstream& in);
    void position(std::istringstream& in);
    void go(std::istringstream& in);
    void perft(int depth);  // a divide, on the search thread
    void finish_search();   // stops a running search (or perft) and waits for its answer
    void set_game();        // the variant and options in force; the start position
    // Changes the settings the game is made from; if no game can be made from the new ones
    // (a setup the variant does not know), they stay as they were and the error is thrown.
    template <class Change>
    void change_game(Change change);
    // The start of the game in force, from the Setup option. Made once per game (a game with a
    // random start and no Setup draws it here and at ucinewgame), so that every `position
    // startpos` of one game means the same start and shares its Game (whose evaluation tables
    // the engine builds once per Game).
    void draw_start();
    Position current() const;  // the position after the moves, as a standalone copy
    std::string info_line(const Info& info, const Position& root) const;
    // A move as this GUI reads it: with UCI_Chess960 every castling move king-takes-rook.
    std::string move_text(const Position& pos, Move m) const {
        if (chess960_ && m.kind() == MoveKind::Castling)
            return pos.geometry().name(m.from()) + pos.geometry().name(m.to());
        return move_to_uci(pos, m);
    }
    // A chance move of a player's view must carry a possible outcome (Error otherwise).
    static void check_outcome(const Position& pos, Move m, const std::string& text);

    std::ostream& out_;
    std::mutex out_mutex_;
    Engine engine_;
    std::map<std::string, GameOptionSpec> game_options_;
    std::map<std::string, std::string> option_values_;
    std::string variant_ = "chess", setup_;
    int multipv_ = 1, skill_ = 20;
    int hash_mb_ = 16;  // the table's size, for the message when a new size cannot be had
    std::shared_ptr<const Game> game_;
    std::unique_ptr<Position> startpos_, start_;
    std::vector<Move> moves_;
    std::thread search_thread_;
    std::atomic<bool> searching_{false};  // a search or a perft runs on search_thread_
    std::atomic<bool> perft_stop_{false};
    bool pondering_go_ = false;
    std::atomic<bool> chess960_{false};  // UCI_Chess960
};

void Uci::set_game() {
    Options options;
    auto game_has = [](const std::shared_ptr<const Game>& g, const std::string& name) {
        for (const GameOption& o : g->option_list)
            if (o.name == name) return true;
        return false;
    };
    const auto plain = make_game(variant_);
    for (const auto& [name, value] : option_values_)
        if (game_has(plain, name)) options[name] = value;
    game_ = make_game(variant_, options);
    // A game with hidden identities is played on the player's view: a referee's game (with its
    // seed) never reaches the engine.
    if (is_referee_game(*game_)) game_ = player_game(*game_);
    draw_start();
}

template <class Change>
void Uci::change_game(Change change) {
    const std::string variant = variant_, setup = setup_;
    const std::map<std::string, std::string> options = option_values_;
    change();
    try {
        set_game();
    } catch (...) {
        variant_ = variant, setup_ = setup, option_values_ = options;
        set_game();
        throw;
    }
}

void Uci::draw_start() {
    startpos_ = std::make_unique<Position>(
        start_position(game_, setup_.empty() ? std::nullopt : std::optional(setup_)));
    start_ = std::make_unique<Position>(*startpos_);
    moves_.clear();
}

Position Uci::current() const {
    GameRecord record(*start_);
    for (Move m : moves_) record.play(m);
    return Position(record.position());
}

void Uci::uci() {
    say("id name Menagerie");
    say("id author the Menagerie authors");
    say("option name Hash type spin default 16 min 1 max 65536");
    say("option name Threads type spin default 1 min 1 max 256");
    say("option name MultiPV type spin default 1 min 1 max 256");
    say("option name Move Overhead type spin default 80 min 0 max 5000");
    say("option name Skill Level type spin default 20 min 0 max 20");
    say("option name Ponder type check default false");
    // GUIs (polyglot among them) offer Chess960 only to an engine that lists this option.
    say("option name UCI_Chess960 type check default false");
    say("option name Clear Hash type button");
    say("option name Use NNUE type check default true");
    say("option name EvalFile type string default <empty>");
    say("option name EvalTerms type string default <empty>");
    std::string variants;
    for (const std::string& name : played_game_names()) variants += " var " + name;
    say("option name UCI_Variant type combo default chess" + variants);
    say("option name Setup type string default <empty>");
    for (const auto& [name, spec] : game_options_) {
        std::string vars;
        for (const std::string& v : spec.values) vars += " var " + v;
        say("option name " + name + " type combo default " + spec.default_value + vars);
    }
    say("uciok");
}

void Uci::set_option(std::istringstream& in) {
    std::string word, name, value;
    in >> word;
    if (word != "name")
        throw Error(ErrorKind::Usage, "setoption", "setoption needs: name <id> [value <x>]");
    bool in_value = false;
    while (in >> word) {
        if (!in_value && word == "value") {
            in_value = true;
            continue;
        }
        std::string& target = in_value ? value : name;
        target += (target.empty() ? "" : " ") + word;
    }
    if (searching_)
        throw Error(ErrorKind::Usage, "setoption", "options cannot change during a search");
    const std::string key = lower_case(name);
    if (key == "hash") {
        const long long mb = number("Hash", value, 1, 65536);
        try {
            engine_.set_hash(static_cast<std::size_t>(mb));
        } catch (const std::bad_alloc&) {
            throw Error(ErrorKind::Option, "Hash",
                        "Hash " + std::to_string(mb) +
                            " MB could not be allocated; the table stays at " +
                            std::to_string(hash_mb_) + " MB");
        }
        hash_mb_ = static_cast<int>(mb);
    } else if (key == "threads") {
        engine_.set_threads(static_cast<int>(number("Threads", value, 1, 256)));
    } else if (key == "multipv") {
        multipv_ = static_cast<int>(number("MultiPV", value, 1, 256));
    } else if (key == "move overhead") {
        engine_.set_move_overhead(static_cast<int>(number("Move Overhead", value, 0, 5000)));
    } else if (key == "skill level") {
        skill_ = static_cast<int>(number("Skill Level", value, 0, 20));
    } else if (key == "ponder") {
        if (value != "true" && value != "false")
            throw Error(ErrorKind::Usage, "Ponder",
                        "Ponder must be true or false, not " + quoted(value));
    } else if (key == "uci_chess960") {
        if (value != "true" && value != "false")
            throw Error(ErrorKind::Usage, "UCI_Chess960",
                        "UCI_Chess960 must be true or false, not " + quoted(value));
        chess960_ = value == "true";
    } else if (key == "clear hash") {
        engine_.new_game();
    } else if (key == "use nnue") {
        if (value != "true" && value != "false")
            throw Error(ErrorKind::Usage, "Use NNUE",
                        "Use NNUE must be true or false, not " + quoted(value));
        engine_.use_network(value == "true");
    } else if (key.rfind("tune ", 0) == 0) {
        const std::string which = key.substr(5);
        const auto it = std::find_if(tunables.begin(), tunables.end(),
                                     [&](const Tunable& t) { return which == t.name; });
        if (it == tunables.end())
            throw Error(ErrorKind::Option, name, "unknown tunable " + quoted(which));
        it->value = static_cast<int>(number(name, value, it->min, it->max));
    } else if (key == "evalterms") {
        const std::string path = value == "<empty>" ? "" : value;
        const std::string family = engine_.set_terms_file(path);
        if (!path.empty()) say("info string EvalTerms " + path + ": the terms of " + family);
    } else if (key == "evalfile") {
        const std::string path = value == "<empty>" ? "" : value;
        const std::string what = engine_.set_network_file(path);
        if (!path.empty()) say("info string EvalFile " + path + ": the network of " + what);
    } else if (key == "uci_variant") {
        const auto names = played_game_names();
        if (std::find(names.begin(), names.end(), value) == names.end())
            throw Error(ErrorKind::Option, "UCI_Variant", "unknown variant " + quoted(value));
        // A setup names one game's start: a new variant starts from its own.
        change_game([&] {
            variant_ = value;
            setup_.clear();
        });
    } else if (key == "setup") {
        change_game([&] { setup_ = value == "<empty>" ? "" : value; });
    } else if (const auto it = game_options_.find(name); it != game_options_.end()) {
        const auto& values = it->second.values;
        if (std::find(values.begin(), values.end(), value) == values.end())
            throw Error(ErrorKind::Option, name, "option " + name + " cannot be " + quoted(value));
        change_game([&] { option_values_[name] = value; });
    } else {
        throw Error(ErrorKind::Option, name, "unknown option " + quoted(name));
    }
}

void Uci::position(std::istringstream& in) {
    std::string word;
    in >> word;
    std::unique_ptr<Position> start;
    if (word == "startpos") {
        start = std::make_unique<Position>(*startpos_);
        in >> word;
    } else if (word == "fen") {
        std::string fen;
        while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
        start = std::make_unique<Position>(parse_fen(game_, fen));
    } else {
        throw Error(ErrorKind::Usage, "position",
                    "position needs startpos or fen, not " + quoted(word));
    }
    GameRecord record(*start);
    if (word == "moves") {
        while (in >> word) {
            if (const auto keep = implicit_keep(record.position(), word)) record.play(*keep);
            const Move m = parse_move(record.position(), word);
            check_outcome(record.position(), m, word);
            record.play(m);
        }
    } else if (!word.empty() && word != "startpos" && in) {
        throw Error(ErrorKind::Usage, "position", "expected moves, not " + quoted(word));
    }
    start_ = std::move(start);
    moves_ = record.moves();
}

void Uci::check_outcome(const Position& pos, Move m, const std::string& text) {
    if (!is_chance_move(pos, m)) return;
    if (m.outcome() == 0)
        throw Error(ErrorKind::Move, "position",
                    "the chance move " + quoted(text) +
                        " needs its outcome, as the referee announced it (for example d2d4:N)");
    if (!possible_outcome(pos, m))
        throw Error(
            ErrorKind::Move, "position",
            "the outcome of " + quoted(text) + " is not possible here (no such unseen tile)");
}

std::string Uci::info_line(const Info& info, const Position& root) const {
    // No legal move: the score is all there is to say.
    if (info.depth == 0 && info.pv.empty())
        return std::string("info depth 0 score ") + (info.mated ? "mate 0" : "cp 0");
    std::ostringstream s;
    s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv
      << " score ";
    if (info.mate)
        s << "mate " << info.mate;
    else
        s << "cp " << info.score_cp;
    const int64_t ms = std::max<int64_t>(info.time_ms, 1);
    s << " nodes " << info.nodes << " nps " << info.nodes * 1000 / static_cast<uint64_t>(ms)
      << " hashfull " << info.hashfull << " time " << info.time_ms << " pv";
    GameRecord line(root);
    for (Move m : info.pv) {
        s << " " << move_text(line.position(), m);
        if (is_chance_move(line.position(), m) && m.outcome() == 0) break;  // the line ends there
        line.play(m);
    }
    return s.str();
}

// On the search thread like a search, so that `isready` is answered and `stop` or `quit` ends
// it while it counts.
void Uci::perft(int depth) {
    searching_ = true;
    pondering_go_ = false;
    perft_stop_ = false;
    search_thread_ = std::thread([this, depth, pos = current()]() mutable {
        MoveList list;
        generate_legal(pos, list);
        uint64_t total = 0;
        int counted = 0;
        for (Move m : list) {
            if (depth == 0 || perft_stop_) break;
            // On a player's view a chance move counts each of its outcomes (view_perft).
            const uint64_t n = view_perft_below(pos, m, depth - 1, &perft_stop_);
            if (perft_stop_) break;  // n may be part of the move's count
            say(move_text(pos, m) + ": " + std::to_string(n));
            total += n;
            ++counted;
        }
        const bool stopped = perft_stop_ && depth > 0 && counted < list.size();
        // Done before the answer, so that a command sent on reading it finds no perft.
        searching_ = false;
        if (stopped) {
            say("info string perft stopped: " + std::to_string(counted) + " of " +
                std::to_string(list.size()) + " moves counted (listed above), " +
                std::to_string(total) + " nodes below them; no total");
            return;
        }
        say("");
        say("Nodes searched: " + std::to_string(depth == 0 ? 1 : total));
    });
}

// A `go` is always answered by exactly one `bestmove`, as a GUI waits for one: a bad parameter
// (unknown, without its value, a value out of range, a search move that is not legal) is reported
// with `info string error: ...` naming it and left out, and the search runs on the valid ones.
// A `go` with a clock that is not the side to move's (only the opponent's time, only an
// increment or moves to go), or with a bad parameter, and no other limit would search until a
// `stop` the GUI does not mean to send: a safe default bounds it, the opponent's clock if it was
// given, else a second. A bare `go` (or one with search moves only) is infinite by convention.
// A `go` while a search runs stops that search first (which answers for its own `go`).
void Uci::go(std::istringstream& in) {
    if (searching_) error("go while a search is running: that search is stopped first");
    // Also when it has just ended: its thread is joined before the next one takes its place
    // (`searching_` may have turned false since the check above).
    finish_search();
    Limits limits;
    limits.started = std::chrono::steady_clock::now();
    limits.multipv = multipv_;
    limits.skill = skill_;
    const Position root = current();
    static const std::set<std::string> KEYWORDS = {
        "wtime", "btime",    "winc",   "binc",  "movestogo", "movetime",   "depth",
        "nodes", "infinite", "ponder", "perft", "mate",      "searchmoves"};
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    size_t i = 0;
    bool bad = false;
    auto report = [&](const std::string& message) {
        error(message + " (ignored)");
        bad = true;
    };
    // The value after a parameter, if it has one that is not the next parameter's name.
    auto value = [&](const std::string& field, long long min, long long max,
                     long long& out) -> bool {
        if (i >= words.size() || KEYWORDS.count(words[i])) {
            report("go " + field + " needs a value");
            return false;
        }
        try {
            out = number("go " + field, words[i++], min, max);
            return true;
        } catch (const Error& e) {
            report(e.what());
            return false;
        }
    };
    constexpr long long BIG = 1LL << 40;
    // A clock: any whole number is read, and a negative one (a flag fallen) counts as none left.
    auto clock = [&](const std::string& field, int& target) {
        long long v = 0;
        if (!value(field, -BIG, BIG, v)) return false;
        target = static_cast<int>(std::clamp(v, 0LL, 1LL << 30));
        return true;
    };
    std::optional<int> perft_depth;
    bool searchmoves_given = false, clock_given = false;
    bool inc_given[2] = {false, false};
    while (i < words.size()) {
        const std::string word = words[i++];
        long long v = 0;
        if (word == "wtime" || word == "btime" || word == "winc" || word == "binc" ||
            word == "movestogo")
            clock_given = true;
        if (word == "wtime") {
            clock(word, limits.time_ms[WHITE]);
        } else if (word == "btime") {
            clock(word, limits.time_ms[BLACK]);
        } else if (word == "winc") {
            inc_given[WHITE] = clock(word, limits.inc_ms[WHITE]);
        } else if (word == "binc") {
            inc_given[BLACK] = clock(word, limits.inc_ms[BLACK]);
        } else if (word == "movestogo") {
            if (value(word, 0, 10000, v)) limits.movestogo = static_cast<int>(v);
        } else if (word == "movetime") {
            // 0 asks for the shortest search: 1 ms, which the first iteration always outlasts
            // (Limits reads 0 as no limit).
            if (value(word, 0, 1LL << 30, v))
                limits.movetime_ms = static_cast<int>(std::max(v, 1LL));
        } else if (word == "depth") {
            if (value(word, 1, MAX_PLY - 2, v)) limits.depth = static_cast<int>(v);
        } else if (word == "nodes") {
            if (value(word, 1, BIG * 1024, v)) limits.nodes = static_cast<uint64_t>(v);
        } else if (word == "infinite") {
            limits.infinite = true;
        } else if (word == "ponder") {
            limits.ponder = true;
        } else if (word == "perft") {
            if (value(word, 0, 20, v)) perft_depth = static_cast<int>(v);
        } else if (word == "mate") {
            if (value(word, 1, 60, v))
                limits.depth = static_cast<int>(std::min<long long>(2 * v, MAX_PLY - 2));
        } else if (word == "searchmoves") {
            searchmoves_given = true;
            for (; i < words.size() && !KEYWORDS.count(words[i]); ++i) {
                try {
                    Position pos(root);
                    limits.searchmoves.push_back(parse_move(pos, words[i]));
                } catch (const Error& e) {
                    report("go searchmoves: " + std::string(e.what()));
                }
            }
        } else {
            report("unknown go parameter " + quoted(word));
        }
    }
    if (perft_depth) return perft(*perft_depth);  // a divide, answered by its node count
    if (searchmoves_given && limits.searchmoves.empty()) {
        // The GUI meant to restrict a search it bounds itself: searching every move until a
        // stop it will not send would hang it.
        error("go searchmoves: no legal move given, searching every move");
        bad = true;
    }
    const Color us = root.side_to_move(), them = ~us;
    // Pondering is no bound: after ponderhit the search runs on these limits.
    const bool bounded = limits.time_ms[us] >= 0 || limits.movetime_ms > 0 || limits.depth > 0 ||
                         limits.nodes > 0 || limits.infinite;
    if ((bad || clock_given) && !bounded) {
        const std::string own = us == WHITE ? "wtime" : "btime";
        if (limits.time_ms[them] >= 0) {
            limits.time_ms[us] = limits.time_ms[them];
            if (!inc_given[us]) limits.inc_ms[us] = limits.inc_ms[them];
            error("go: no " + own + " for the side to move, using the opponent's clock");
        } else {
            limits.movetime_ms = 1000;
            error(clock_given
                      ? "go: no " + own +
                            " for the side to move and no other limit, searching for 1000 ms"
                      : "go: no valid limit left, searching for 1000 ms");
        }
    }
    searching_ = true;
    pondering_go_ = limits.ponder;
    auto start = std::make_shared<Position>(*start_);
    search_thread_ = std::thread([this, limits, start, moves = moves_, root] {
        std::string best = "(none)", ponder;
        try {
            const Info result = engine_.search(
                *start, moves, limits, [&](const Info& info) { say(info_line(info, root)); });
            Position pos(root);
            if (!result.pv.empty()) {
                best = move_text(pos, result.pv[0]);
                // No ponder move after a chance move: the reply depends on its outcome.
                if (result.pv.size() > 1 && !is_chance_move(pos, result.pv[0])) {
                    StateInfo st;
                    pos.do_move(result.pv[0], st);
                    ponder = move_text(pos, result.pv[1]);
                }
            }
        } catch (const std::exception& e) {
            error(e.what());
        }
        // Done before the answer, so that a command sent on reading it finds no search.
        searching_ = false;
        say("bestmove " + best + (ponder.empty() ? "" : " ponder " + ponder));
    });
}

void Uci::finish_search() {
    if (!search_thread_.joinable()) return;
    while (searching_) {
        engine_.stop();
        perft_stop_ = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    search_thread_.join();
}

bool Uci::handle(const std::string& line) {
    std::istringstream in(line);
    std::string command;
    if (!(in >> command)) return true;
    if (!searching_ && search_thread_.joinable()) search_thread_.join();
    try {
        if (command == "quit") {
            finish_search();
            return false;
        } else if (command == "uci") {
            uci();
        } else if (command == "isready") {
            say("readyok");
        } else if (command == "stop") {
            finish_search();
        } else if (command == "ponderhit") {
            if (searching_ && pondering_go_)
                while (searching_ && !engine_.ponderhit())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
            pondering_go_ = false;
        } else if (command == "ucinewgame") {
            finish_search();
            engine_.new_game();
            draw_start();
        } else if (command == "setoption") {
            set_option(in);
        } else if (command == "position") {
            position(in);
        } else if (command == "go") {
            go(in);
        } else if (command == "d") {
            say(write_fen(current()));
        } else {
            throw Error(ErrorKind::Usage, "command", "unknown command " + quoted(command));
        }
    } catch (const std::exception& e) {
        error(e.what());
    }
    return true;
}

}  // namespace

int run_uci(std::istream& in, std::ostream& out) {
    Uci uci(out);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!uci.handle(line)) return 0;
    }
    uci.handle("quit");
    return 0;
}

}  // namespace menagerie::engine
