// `menagerie match`: two players (UCI engines or built-in players) play a series of games from
// the game's setups, each opening with both colours; the rules library is the referee. See
// docs/match.md.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/elo.h"
#include "app/game_flags.h"
#include "app/players.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/random_stream.h"
#include "core/record.h"
#include "core/rules.h"
#include "core/setup.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "hidden/referee.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/pgn.h"
#include "notation/played_move.h"
#include "protocol/engine_process.h"

namespace menagerie {

namespace {

using Clock = std::chrono::steady_clock;

struct MatchSettings {
    std::string variant;
    std::vector<EngineSpec> engines;
    Limits limits;                    // the match's; an engine's own set fields override them
    int64_t time_margin_ms = 50;      // how far past zero a clock may run before it is lost
    int64_t move_timeout_ms = 30000;  // the wait for a move that no clock bounds
    int max_moves = 0;                // full moves before a draw is adjudicated; 0: no limit
    std::optional<SprtSettings> sprt;
};

Limits limits_for(const Limits& match, const Limits& own) {
    Limits l = match;
    if (own.base_ms) l.base_ms = own.base_ms, l.increment_ms = own.increment_ms;
    if (own.movetime_ms) l.movetime_ms = own.movetime_ms;
    if (own.depth) l.depth = own.depth;
    if (own.nodes) l.nodes = own.nodes;
    return l;
}

struct GameResult {
    Result result = Result::Ongoing;
    std::string reason;       // "checkmate", "random (black) lost on time: ..."
    std::string termination;  // PGN's Termination: normal, time forfeit, rules infraction, ...
    bool forfeit = false;     // lost by a failure of a player (not by the rules of the game)
    std::vector<PlayedMove> moves;
};

// A name as a PGN tag value can hold it: no quote, backslash or control character.
std::string tag_safe(std::string name) {
    for (char& c : name)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    return name.empty() ? "?" : name;
}

std::string colour_name(Color c) { return c == WHITE ? "white" : "black"; }

// One game, refereed by the rules library. Structured so that a referee that gives each player
// only its view (Black Swan) can take the place of `start`/`moves` in the requests.
struct Opening {
    Position start;     // a game with hidden identities: the referee's start (its game, the seed)
    std::string setup;  // its identifier, as `menagerie setups` lists it; empty for a random start
};

// Whether the game hides identities from its players (Black Swan's referee's game): then the
// match referees it, and each player sees only its view (docs/match.md).
bool hidden(const Game& g) { return is_referee_game(g); }

GameResult play_game(const Opening& opening, Player* players[COLOR_NB],
                     const Limits limits[COLOR_NB], const MatchSettings& settings, uint64_t seed) {
    GameResult g;
    const Position& start = opening.start;
    // With hidden identities the runner is the referee, and the players are sent only the view's
    // start and moves.
    std::optional<Referee> referee;
    std::optional<GameRecord> open;
    if (hidden(start.game()))
        referee.emplace(start);
    else
        open.emplace(start);
    const Position& seen_start = referee ? referee->view_start() : start;
    for (Color c : {WHITE, BLACK})
        players[c]->new_game(seen_start, opening.setup, seed + static_cast<uint64_t>(c));
    // Clocks in microseconds, so that rounding each move's time does not add up over a game.
    std::optional<int64_t> clock[COLOR_NB];
    for (Color c : {WHITE, BLACK})
        if (limits[c].base_ms) clock[c] = *limits[c].base_ms * 1000;
    auto ms = [](const std::optional<int64_t>& us) {
        return us ? std::optional<int64_t>(*us / 1000) : std::nullopt;
    };
    auto lose = [&](Color loser, const std::string& why, const std::string& termination) {
        g.result = loser == WHITE ? Result::BlackWins : Result::WhiteWins;
        g.reason = players[loser]->name() + " (" + colour_name(loser) + ") " + why;
        g.termination = termination;
        g.forfeit = true;
        return g;
    };
    for (;;) {
        Position& pos = referee ? referee->position() : open->position();
        Position& seen = referee ? referee->view_position() : pos;
        const std::vector<Move>& moves = referee ? referee->moves() : open->moves();
        const Outcome o = outcome(pos);
        if (o.result != Result::Ongoing) {
            g.result = o.result;
            g.reason = o.reason;
            g.termination = "normal";
            return g;
        }
        // Not in the middle of a turn (drawn pieces owed): its record would be unfinished.
        if (settings.max_moves > 0 && static_cast<int>(moves.size()) >= 2 * settings.max_moves &&
            pos.pending() != PLACING) {
            g.result = Result::Draw;
            g.reason = "adjudicated a draw after " + std::to_string(settings.max_moves) + " moves";
            g.termination = "adjudication";
            return g;
        }
        const Color us = pos.side_to_move();
        const Limits& mine = limits[us];
        const int64_t margin_us = settings.time_margin_ms * 1000;
        int64_t wait_us = settings.move_timeout_ms * 1000;
        if (clock[us])
            wait_us = std::max<int64_t>(*clock[us], 0) + margin_us;
        else if (mine.movetime_ms)
            wait_us += *mine.movetime_ms * 1000;
        const auto began = Clock::now();
        MoveRequest request{
            seen_start,
            moves,
            seen,
            {ms(clock[WHITE]), ms(clock[BLACK])},
            {limits[WHITE].increment_ms.value_or(0), limits[BLACK].increment_ms.value_or(0)},
            mine,
            began + std::chrono::microseconds(wait_us)};
        const Reply reply = players[us]->move(request);
        const int64_t used =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - began).count();
        // An engine that exited lost by exiting, whatever its clock shows after the wait.
        if (reply.ended)
            return lose(us, reply.failure + " in " + write_fen(seen), "rules infraction");
        if (clock[us]) {
            *clock[us] -= used;
            if (*clock[us] < -margin_us || reply.timeout)
                return lose(us,
                            "lost on time: used " + std::to_string(used / 1000) + " ms with " +
                                std::to_string((*clock[us] + used) / 1000) + " ms left",
                            "time forfeit");
            *clock[us] += mine.increment_ms.value_or(0) * 1000;
        }
        if (reply.timeout)
            return lose(us, "did not answer within " + std::to_string(wait_us / 1000) + " ms",
                        "time forfeit");
        if (!reply.move)
            return lose(us, reply.failure + " in " + write_fen(seen), "rules infraction");
        if (referee) {
            // The view's move (a chance move without its outcome): the referee draws its outcome
            // and announces it.
            try {
                g.moves.push_back(referee->play(*reply.move));
            } catch (const Error&) {
                return lose(us,
                            "sent " + menagerie::quoted(reply.text) +
                                ", which the referee cannot play, in " + write_fen(seen),
                            "rules infraction");
            }
            continue;
        }
        g.moves.push_back(play_noted(*open, *reply.move));
    }
}

// The openings: distinct setups drawn with the seed (all of them, in drawn order, when there
// are no more than asked for), or the game's own start, drawn anew for each opening.
std::vector<Opening> draw_openings(const std::shared_ptr<const Game>& game, int count,
                                   bool game_start, uint64_t seed, const Options& options) {
    std::vector<Opening> out;
    std::mt19937_64 rng(seed);
    if (hidden(*game)) {
        // One seed per game, 32 bytes from the system's secure source: a second game from the
        // first's seed would hand the engines a seed its record reveals, and tiles they have
        // seen turned over.
        for (int i = 0; i < count; ++i) {
            Options with_seed = options;
            with_seed["seed"] = to_hex(random_seed());
            out.push_back({start_position(make_game(game->name, with_seed)), ""});
        }
        return out;
    }
    if (game_start) {
        for (int i = 0; i < count; ++i)
            out.push_back({start_position(game, std::nullopt, rng()), ""});
        return out;
    }
    const int total = static_cast<int>(game->start.setups.size());
    std::vector<int> numbers;
    if (count >= total) {
        for (int i = 0; i < total; ++i) numbers.push_back(i);
        std::shuffle(numbers.begin(), numbers.end(), rng);
    } else {
        std::set<int> seen;
        for (int tries = 0; static_cast<int>(numbers.size()) < count; ++tries) {
            const int n = game->start.draw_setup && tries < 1000 * count
                              ? game->start.draw_setup(rng)
                              : std::uniform_int_distribution<int>(0, total - 1)(rng);
            if (seen.insert(n).second) numbers.push_back(n);
        }
    }
    for (int n : numbers) {
        const Setup& s = game->start.setups[static_cast<size_t>(n)];
        out.push_back({setup_position(game, n), game->start.setup_id ? s.name : std::to_string(n)});
    }
    return out;
}

// The opening after `plies` random legal moves (fewer where one would end the game): games from
// one start (Chess 66) then differ even between engines that search by nodes.
Opening with_random_plies(const Opening& opening, int plies, std::mt19937_64& rng) {
    GameRecord record(opening.start);
    for (int i = 0; i < plies; ++i) {
        MoveList legal;
        generate_legal(record.position(), legal);
        if (legal.size() == 0) break;
        const Move m = legal.moves[rng() % static_cast<uint64_t>(legal.size())];
        record.play(m);
        if (outcome(record.position()).result != Result::Ongoing) {
            record.undo();
            break;
        }
    }
    return {Position(record.position()), record.moves().empty() ? opening.setup : ""};
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
    return text;
}

// "W - L - D", the first player's wins, losses and draws.
std::string wld(const Score& s) {
    return std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " +
           std::to_string(s.draws);
}

std::string percent(double fraction) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << 100 * fraction << "%";
    return out.str();
}

std::string elo_text(const EloEstimate& e) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1);
    if (std::isinf(e.elo))
        out << (e.elo > 0 ? "+inf" : "-inf");
    else
        out << (std::abs(e.elo) < 0.05 ? 0.0 : e.elo);  // never "-0.0"
    out << " +/- ";
    if (std::isinf(e.margin) || std::isnan(e.margin))
        out << "inf";
    else
        out << e.margin;
    return out.str();
}

SprtSettings parse_sprt(const std::string& text) {
    SprtSettings s;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        const auto eq = part.find('=');
        const std::string key = part.substr(0, eq == std::string::npos ? 0 : eq);
        const std::string value = eq == std::string::npos ? "" : part.substr(eq + 1);
        double v = 0;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        const bool number =
            !value.empty() && ec == std::errc() && ptr == value.data() + value.size();
        if (!number || !(key == "elo0" || key == "elo1" || key == "alpha" || key == "beta"))
            throw Error(ErrorKind::Usage, "--sprt",
                        "--sprt: " + menagerie::quoted(part) +
                            " is not one of elo0=N, elo1=N, alpha=P, beta=P");
        (key == "elo0" ? s.elo0 : key == "elo1" ? s.elo1 : key == "alpha" ? s.alpha : s.beta) = v;
    }
    if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1) || s.elo1 <= s.elo0 ||
        std::abs(s.elo0) > 1000 || std::abs(s.elo1) > 1000)
        throw Error(ErrorKind::Usage, "--sprt",
                    "--sprt " + menagerie::quoted(text) +
                        ": needs elo0 < elo1 (within 1000) and alpha, beta between 0 and 1");
    return s;
}

// The players' scores and the output as games end, in any order; the PGN in game order.
class Scoreboard {
  public:
    Scoreboard(const MatchSettings& settings, std::ostream* pgn, int games, uint64_t seed)
        : settings_(settings),
          pgn_(pgn),
          games_(games),
          seed_(seed),
          tty_(isatty(STDERR_FILENO) != 0) {}

    void names(const std::string& first, const std::string& second) {
        std::lock_guard lock(mutex_);
        if (first_.empty()) first_ = first, second_ = second;
    }

    // Records game `index` (from 0); returns whether the match should start no more games.
    bool finished(int index, bool first_white, const GameResult& g, const std::string& pgn) {
        std::lock_guard lock(mutex_);
        const bool white_won = g.result == Result::WhiteWins,
                   black_won = g.result == Result::BlackWins;
        if (g.result == Result::Draw)
            ++score_.draws;
        else if (white_won == first_white)
            ++score_.wins;
        else if (white_won || black_won)
            ++score_.losses;
        if (g.forfeit) {
            const bool first_lost = (g.result == Result::BlackWins) == first_white;
            ++forfeits_[first_lost ? 0 : 1];
            clear_progress();
            std::cerr << "game " << index + 1 << ": " << g.reason << "\n";
        }
        pending_[index] = pgn;
        for (auto it = pending_.find(next_pgn_); it != pending_.end();
             it = pending_.find(next_pgn_)) {
            if (pgn_) *pgn_ << it->second << "\n" << std::flush;
            pending_.erase(it);
            ++next_pgn_;
        }
        progress();
        if (settings_.sprt && !decided_) {
            const SprtState s = sprt(score_, *settings_.sprt);
            if (s.verdict != SprtVerdict::Continue) decided_ = Decision{score_, s};
        }
        return decided_.has_value();
    }

    void report(std::ostream& out) {
        std::lock_guard lock(mutex_);
        clear_progress();
        const EloEstimate e = estimate_elo(score_);
        out << "Score of " << first_ << " vs " << second_ << ": " << wld(score_) << " (W-L-D) "
            << percent(score_.fraction()) << " in " << score_.games() << " games\n";
        out << "Elo difference: " << elo_text(e) << " (95%)\n";
        out << "Forfeits (time, illegal move, crash): " << first_ << " " << forfeits_[0] << ", "
            << second_ << " " << forfeits_[1] << "\n";
        out << "Seed: " << seed_ << "\n";
        if (!settings_.sprt) return;
        // The test's decision is the one taken when the LLR crossed a bound: games that were
        // running then are counted in the score above, but cannot undo the decision.
        const Decision d = decided_.value_or(Decision{score_, sprt(score_, *settings_.sprt)});
        out << std::fixed << std::setprecision(2) << "SPRT (elo0 " << settings_.sprt->elo0
            << ", elo1 " << settings_.sprt->elo1 << ", alpha " << settings_.sprt->alpha << ", beta "
            << settings_.sprt->beta << "): LLR " << d.state.llr << " (" << d.state.lower << ", "
            << d.state.upper << "): " << verdict_text(d.state.verdict);
        if (decided_) out << " at game " << d.score.games() << ", " << wld(d.score) << " (W-L-D)";
        out << "\n";
        if (const int after = score_.games() - d.score.games(); after > 0)
            out << "Games in flight at the decision, counted in the score: " << after
                << ", LLR over all games " << sprt(score_, *settings_.sprt).llr << "\n";
    }

  private:
    void progress() {
        std::ostringstream line;
        line << "game " << score_.games() << "/" << games_ << ": " << first_ << " vs " << second_
             << " " << wld(score_) << " " << percent(score_.fraction()) << ", Elo "
             << elo_text(estimate_elo(score_));
        if (settings_.sprt)
            line << std::fixed << std::setprecision(2) << ", LLR "
                 << sprt(score_, *settings_.sprt).llr;
        if (tty_)
            std::cerr << "\r" << line.str() << "\x1b[K" << std::flush;
        else
            std::cerr << line.str() << "\n";
        shown_ = tty_;
    }
    void clear_progress() {
        if (shown_) std::cerr << "\r\x1b[K";
        shown_ = false;
    }

    const MatchSettings& settings_;
    std::ostream* pgn_;
    int games_;
    uint64_t seed_;
    bool tty_, shown_ = false;
    struct Decision {
        Score score;  // when the LLR crossed a bound
        SprtState state;
    };
    std::optional<Decision> decided_;
    std::mutex mutex_;
    std::string first_, second_;
    Score score_;
    int forfeits_[2] = {0, 0};
    std::map<int, std::string> pending_;
    int next_pgn_ = 0;
};

void run_games(const MatchSettings& settings, const std::vector<Opening>& openings, int games,
               int concurrency, uint64_t seed, Scoreboard& board) {
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    std::mutex error_mutex;
    std::optional<std::string> error;
    const std::string date = today();
    auto worker = [&] {
        try {
            std::unique_ptr<Player> own[2];
            for (int i = 0; i < 2; ++i)
                own[i] = make_player(settings.engines[static_cast<size_t>(i)], settings.variant);
            for (auto& player : own) player->rename(tag_safe(player->name()));
            if (own[0]->name() == own[1]->name())  // two builds of one engine: tell them apart
                for (int i = 0; i < 2; ++i)
                    own[i]->rename(own[i]->name() + " #" + std::to_string(i + 1));
            board.names(own[0]->name(), own[1]->name());
            const Limits limit[2] = {limits_for(settings.limits, settings.engines[0].limits),
                                     limits_for(settings.limits, settings.engines[1].limits)};
            for (int index; !stop && (index = next++) < games;) {
                const bool first_white = index % 2 == 0;
                // A hidden game has an opening (a seed) of its own; others two, colours swapped.
                const size_t which = hidden(openings.front().start.game())
                                         ? static_cast<size_t>(index)
                                         : static_cast<size_t>(index / 2);
                const Opening& opening = openings[which % openings.size()];
                Player* players[COLOR_NB] = {own[first_white ? 0 : 1].get(),
                                             own[first_white ? 1 : 0].get()};
                const Limits limits[COLOR_NB] = {limit[first_white ? 0 : 1],
                                                 limit[first_white ? 1 : 0]};
                const uint64_t game_seed = std::mt19937_64(
                    seed ^ (0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(index + 1)))();
                const GameResult g = play_game(opening, players, limits, settings, game_seed);
                const std::map<std::string, std::string> tags = {
                    {"Event", "menagerie match"},
                    {"Site", "?"},
                    {"Date", date},
                    {"Round", std::to_string(index + 1)},
                    {"White", players[WHITE]->name()},
                    {"Black", players[BLACK]->name()},
                    {"Result", result_text(g.result)},
                    {"Termination", g.termination}};
                std::string pgn;
                if (hidden(opening.start.game())) {
                    // The players' record: the view's moves with their outcomes, the seed's
                    // commitment, and the seed (the game is over).
                    auto hidden_tags = tags;
                    const auto seed_of_game =
                        seed_from_hex(opening.start.game().options.at("seed"));
                    hidden_tags["Commitment"] = to_hex(commitment(*seed_of_game));
                    hidden_tags["Seed"] = to_hex(*seed_of_game);
                    pgn = write_pgn(view_of(opening.start, WHITE).position(), g.moves, hidden_tags,
                                    g.reason);  // the view's start: no identity in the record
                } else {
                    pgn = write_pgn(opening.start, g.moves, tags, g.reason);
                }
                if (board.finished(index, first_white, g, pgn)) stop = true;
            }
        } catch (const std::exception& e) {
            std::lock_guard lock(error_mutex);
            if (!error) error = e.what();
            stop = true;
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < concurrency; ++i) threads.emplace_back(worker);
    for (std::thread& t : threads) t.join();
    if (error) throw Error(ErrorKind::Usage, "--engine", *error);
}

}  // namespace

int run_match(int argc, char** argv) {
    CLI::App app{"menagerie match: play two engines against each other (docs/match.md)"};
    app.name("menagerie match");
    std::vector<std::string> engines, options;
    std::string variant, openings_kind = "setups";
    std::optional<std::string> setups_text, games_text, seed_text, tc, movetime, depth, nodes,
        concurrency_text, pgn_file, max_moves, margin, timeout, sprt_text;
    app.add_option("--engine", engines,
                   "a player: cmd=COMMAND[,name=NAME][,option.NAME=VALUE]...[,tc=|movetime=|"
                   "depth=|nodes=], or builtin:random, builtin:greedy (give two)")
        ->required();
    app.add_option("--variant", variant, "game name (see `menagerie variants`)")->required();
    app.add_option("--option", options, "game option name=value (repeatable)");
    app.add_option("--openings", openings_kind,
                   "setups (drawn from the game's setups, the default) or start (the game's "
                   "start: Placement's relocation phase)");
    app.add_option("--setups", setups_text, "how many openings (each played with both colours)");
    app.add_option("--games", games_text, "how many games (default: two per opening)");
    app.add_option("--seed", seed_text, "seed of the openings and the built-in players");
    app.add_option("--tc", tc, "time control: seconds[+increment], e.g. 5+0.05");
    app.add_option("--movetime", movetime, "milliseconds per move");
    app.add_option("--depth", depth, "search depth per move");
    app.add_option("--nodes", nodes, "nodes per move");
    app.add_option("--concurrency", concurrency_text, "games played at once (default 1)");
    app.add_option("--pgn", pgn_file, "write the games to this PGN file");
    app.add_option("--maxmoves", max_moves, "adjudicate a draw after this many moves (full moves)");
    app.add_option("--timemargin", margin,
                   "milliseconds a clock may run past zero before the game is lost (default 50)");
    app.add_option("--timeout", timeout,
                   "seconds to wait for a move that no clock bounds (default 30)");
    app.add_option("--sprt", sprt_text, "elo0=0,elo1=10,alpha=0.05,beta=0.05");
    std::optional<std::string> random_plies_text;
    app.add_option(
        "--random-plies", random_plies_text,
        "random moves played from each opening before the engines take over (default 0)");
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "", "match: "))
        return *status;

    MatchSettings settings;
    settings.variant = variant;
    const Options game_options = parse_options(options);
    const std::shared_ptr<const Game> game = make_game(variant, game_options);
    // A game with hidden identities is refereed here and played in duplicate pairs: each pair
    // has its own seed (docs/match.md). A player's view cannot be a match's game.
    if (game->has_chance() && !is_referee_game(*game))
        throw Error(ErrorKind::Usage, "--option",
                    "match referees " + game->name + ": give the referee's game, not view=player");
    if (engines.size() != 2)
        throw Error(ErrorKind::Usage, "--engine",
                    "give two --engine (" + std::to_string(engines.size()) + " given)");
    for (const std::string& e : engines) settings.engines.push_back(parse_engine_spec(e));
    if (openings_kind != "setups" && openings_kind != "start")
        throw Error(ErrorKind::Usage, "--openings",
                    "--openings: " + menagerie::quoted(openings_kind) + " is not setups or start");
    if (tc) parse_time_control(*tc, settings.limits);
    if (movetime) parse_limit("movetime", *movetime, settings.limits);
    if (depth) parse_limit("depth", *depth, settings.limits);
    if (nodes) parse_limit("nodes", *nodes, settings.limits);
    const int concurrency =
        concurrency_text ? static_cast<int>(parse_whole("--concurrency", *concurrency_text, 1, 64))
                         : 1;
    if (max_moves)
        settings.max_moves = static_cast<int>(parse_whole("--maxmoves", *max_moves, 1, 100000));
    if (margin)
        settings.time_margin_ms =
            static_cast<int64_t>(parse_whole("--timemargin", *margin, 0, 600000));
    if (timeout)
        settings.move_timeout_ms =
            static_cast<int64_t>(parse_whole("--timeout", *timeout, 1, 86400)) * 1000;
    if (sprt_text) settings.sprt = parse_sprt(*sprt_text);
    const uint64_t seed =
        seed_text ? parse_whole("--seed", *seed_text, 0, std::numeric_limits<uint64_t>::max())
                  : std::random_device{}();

    int setups =
        setups_text ? static_cast<int>(parse_whole("--setups", *setups_text, 1, 1000000)) : 0;
    int games = games_text ? static_cast<int>(parse_whole("--games", *games_text, 1, 10000000)) : 0;
    if (!setups) setups = games ? (games + 1) / 2 : 1;
    // Random plies make as many openings as asked from however few setups.
    const int random_plies =
        random_plies_text
            ? static_cast<int>(parse_whole("--random-plies", *random_plies_text, 0, 40))
            : 0;
    const int wanted = setups;
    if (openings_kind == "setups" && !hidden(*game) && random_plies == 0 &&
        setups > static_cast<int>(game->start.setups.size())) {
        // Said, not silent: with --setups alone the match is shorter than asked.
        std::cerr << "note: " << game->name << " has " << game->start.setups.size() << " setups; "
                  << "each is played" << (games ? "" : " with both colours")
                  << (games ? ", in turn, for the " + std::to_string(games) + " games" : "")
                  << "\n";
        setups = static_cast<int>(game->start.setups.size());
    }
    if (!games) games = 2 * setups;
    std::vector<Opening> openings = draw_openings(game, hidden(*game) ? games : setups,
                                                  openings_kind == "start", seed, game_options);
    if (random_plies > 0) {
        if (hidden(*game))
            throw Error(ErrorKind::Usage, "--random-plies",
                        "--random-plies: " + game->name + " games start from their seeds alone");
        std::mt19937_64 rng(seed ^ 0x5DEECE66Dull);
        const size_t drawn = openings.size();
        for (size_t i = drawn; i < static_cast<size_t>(wanted); ++i)
            openings.push_back(openings[i % drawn]);
        for (Opening& o : openings) o = with_random_plies(o, random_plies, rng);
    }

    std::ofstream pgn;
    if (pgn_file) {
        pgn.open(*pgn_file, std::ios::binary | std::ios::trunc);
        if (!pgn)
            throw Error(ErrorKind::File, "--pgn", "cannot write " + menagerie::quoted(*pgn_file));
    }
    Scoreboard board(settings, pgn_file ? &pgn : nullptr, games, seed);
    EngineProcess::end_engines_on_signals();  // a Ctrl-C leaves no engine behind
    run_games(settings, openings, games, std::min(concurrency, games), seed, board);
    board.report(std::cout);
    return 0;
}

}  // namespace menagerie
