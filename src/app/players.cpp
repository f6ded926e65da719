#include "app/players.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>

#include "core/error.h"
#include "core/movegen.h"
#include "core/rules.h"
#include "games/blackswan_outcomes.h"
#include "notation/fen.h"
#include "protocol/uci_client.h"
#include "protocol/uci_moves.h"

namespace menagerie {

namespace {

double parse_seconds(const std::string& flag, const std::string& text) {
    double value = -1;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
        !std::isfinite(value) || value < 0 || value > 1e6)
        throw Error(ErrorKind::Usage, flag,
                    flag + ": " + menagerie::quoted(text) + " is not a number of seconds");
    return value;
}

template <class T>
T parse_whole(const std::string& flag, const std::string& text, T max) {
    T value{};
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < 1 ||
        value > max)
        throw Error(ErrorKind::Usage, flag,
                    flag + ": " + menagerie::quoted(text) + " is not a whole number from 1 to " +
                        std::to_string(max));
    return value;
}

// A player drawn from the legal moves by a rule of its own, in-process.
class BuiltinPlayer : public Player {
  public:
    BuiltinPlayer(std::string name, bool greedy) : greedy_(greedy) { rename(std::move(name)); }
    void new_game(const Position&, const std::string&, uint64_t seed) override { rng_.seed(seed); }
    Reply move(const MoveRequest& request) override {
        Position& pos = request.position;
        MoveList legal;
        generate_legal(pos, legal);
        if (legal.size() == 0) return {std::nullopt, "", "has no legal move", false};
        std::vector<Move> best;
        int best_score = 0;
        for (Move m : legal) {
            int score = 0;
            if (greedy_) {
                // The material balance after the move, by the game's piece values: what the
                // move captures and what it promotes to; no look at the replies.
                // On a player's view a chance move's balance is its outcomes' average (in
                // hundredths, so that likely gains still count).
                const Color us = pos.side_to_move();
                StateInfo st;
                if (is_chance_move(pos, m) && chance_draw(pos, m).count == 0) {
                    double expected = 0;
                    for (const auto& o : blackswan::outcome_probabilities(
                             outcome_kind(m), pos.state().chance.unseen[us])) {
                        const Move told = m.with_outcome(o.outcome);
                        pos.do_move(told, st);
                        expected += o.probability * (pos.material(us) - pos.material(~us));
                        pos.undo_move(told);
                    }
                    score = static_cast<int>(std::lround(100 * expected));
                } else {
                    pos.do_move(m, st);
                    score = 100 * (pos.material(us) - pos.material(~us));
                    pos.undo_move(m);
                }
            }
            if (best.empty() || score > best_score) best.clear(), best_score = score;
            if (score == best_score) best.push_back(m);
        }
        const Move m = best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(rng_)];
        return {m, "", "", false};
    }

  private:
    bool greedy_;
    std::mt19937_64 rng_;
};

class UciPlayer : public Player {
  public:
    UciPlayer(EngineSpec spec, std::string variant)
        : spec_(std::move(spec)), variant_(std::move(variant)) {
        start();
        name_ = spec_.name.empty() ? client_->name() : spec_.name;
    }

    void new_game(const Position& start_position, const std::string& setup, uint64_t) override {
        failure_.clear();
        try {
            if (!client_) start();
            // The game's options in force (the match's --option values, and what a setup
            // decides, as the dice), for each option the engine lists under that name.
            for (const auto& [k, v] : start_position.game().options)
                if (client_->option(k) && sent_[k] != v) client_->set_option(k, v), sent_[k] = v;
            // An engine with a `Setup` option is told the setup and starts from `startpos`.
            startpos_ = false;
            if (client_->option("Setup")) {
                const std::string value = setup.empty() ? "<empty>" : setup;
                if (sent_["Setup"] != value) client_->set_option("Setup", value);
                sent_["Setup"] = value;
                startpos_ = !setup.empty();
            }
            const bool chess960 = needs_chess960(start_position);
            castling_ = CastlingText::Game;
            if (client_->option("UCI_Chess960")) {
                if (chess960 != chess960_)
                    client_->set_option("UCI_Chess960", chess960 ? "true" : "false");
                chess960_ = chess960;
                if (chess960) castling_ = CastlingText::KingTakesRook;
            }
            client_->new_game();
            client_->sync(UciClient::HANDSHAKE_TIMEOUT);
        } catch (const EngineFailure& e) {
            failure_ = e.what();
            client_.reset();
        } catch (const Error& e) {
            failure_ = e.what();
            client_.reset();
        }
    }

    Reply move(const MoveRequest& request) override {
        if (!failure_.empty() || !client_) return {std::nullopt, "", failure_, false};
        Position pos = request.start;
        std::vector<StateInfo> states(request.moves.size());
        std::vector<std::string> texts;
        for (size_t i = 0; i < request.moves.size(); ++i) {
            texts.push_back(engine_move_text(pos, request.moves[i], castling_));
            pos.do_move(request.moves[i], states[i]);
        }
        UciGo go;
        const Color us = request.position.side_to_move();
        if (const auto& mine = request.clock_ms[us]) {
            // The other side's clock as it stands (its own if it has none: only ours counts).
            const int64_t theirs = request.clock_ms[~us].value_or(*mine);
            go.wtime = std::max<int64_t>(us == WHITE ? *mine : theirs, 1);
            go.btime = std::max<int64_t>(us == WHITE ? theirs : *mine, 1);
            go.winc = request.increment_ms[WHITE];
            go.binc = request.increment_ms[BLACK];
        }
        go.movetime = request.limits.movetime_ms;
        go.depth = request.limits.depth;
        go.nodes = request.limits.nodes;
        if (!go.wtime && !go.movetime && !go.depth && !go.nodes) go.depth = 1;
        try {
            if (startpos_)
                client_->position_startpos(texts);
            else
                client_->position(write_fen(request.start), texts);
            const std::string text = client_->go(go, request.deadline);
            const std::optional<Move> m = read_engine_move(request.position, text, castling_);
            if (!m)
                return {std::nullopt, text,
                        "sent " + menagerie::quoted(text) + ", which is not a legal move", false};
            return {m, text, "", false};
        } catch (const EngineFailure& e) {
            client_.reset();  // a new process for the next game
            return {std::nullopt, "", e.what(), e.kind() == EngineFailure::Kind::Timeout,
                    e.kind() == EngineFailure::Kind::Crashed};
        }
    }

  private:
    void start() {
        try {
            client_ = std::make_unique<UciClient>(spec_.command, UciClient::HANDSHAKE_TIMEOUT);
            if (const UciOption* o = client_->option("UCI_Variant")) {
                if (o->type == "combo" && !o->values.empty() &&
                    std::find(o->values.begin(), o->values.end(), variant_) == o->values.end())
                    throw Error(ErrorKind::Usage, "--engine",
                                "engine " + menagerie::quoted(client_->name()) + " does not play " +
                                    menagerie::quoted(variant_) +
                                    " (its UCI_Variant has no such value)");
                client_->set_option("UCI_Variant", variant_);
            }
            for (const auto& [k, v] : spec_.options) client_->set_option(k, v);
            chess960_ = false;
            sent_.clear();
            client_->sync(UciClient::HANDSHAKE_TIMEOUT);
        } catch (const EngineFailure& e) {
            client_.reset();
            // The failure names the engine by its command too: say it once.
            std::string why = e.what();
            const std::string named = "engine " + menagerie::quoted(spec_.command) + " ";
            if (why.rfind(named, 0) == 0) why.erase(0, named.size());
            throw Error(ErrorKind::Usage, "--engine", named + "did not start: it " + why);
        }
    }

    EngineSpec spec_;
    std::string variant_, failure_;
    std::unique_ptr<UciClient> client_;
    std::map<std::string, std::string> sent_;  // option values the engine has been given
    bool chess960_ = false, startpos_ = false;
    CastlingText castling_ = CastlingText::Game;
};

}  // namespace

void parse_time_control(const std::string& text, Limits& limits) {
    const auto plus = text.find('+');
    const double base = parse_seconds("tc", text.substr(0, plus));
    const double inc = plus == std::string::npos ? 0 : parse_seconds("tc", text.substr(plus + 1));
    if (base <= 0)
        throw Error(ErrorKind::Usage, "tc", "tc: " + menagerie::quoted(text) + " gives no time");
    limits.base_ms = static_cast<int64_t>(std::llround(base * 1000));
    limits.increment_ms = static_cast<int64_t>(std::llround(inc * 1000));
}

void parse_limit(const std::string& key, const std::string& value, Limits& limits) {
    if (key == "tc")
        parse_time_control(value, limits);
    else if (key == "movetime")
        limits.movetime_ms = parse_whole<int64_t>(key, value, 86400000);
    else if (key == "depth")
        limits.depth = parse_whole<int>(key, value, 200);
    else if (key == "nodes")
        limits.nodes = parse_whole<uint64_t>(key, value, uint64_t(1) << 62);
    else
        throw Error(ErrorKind::Usage, key, "unknown limit " + menagerie::quoted(key));
}

EngineSpec parse_engine_spec(const std::string& text) {
    EngineSpec spec;
    if (text.find('=') == std::string::npos) {
        spec.command = text;
    } else {
        // Split at commas that start a key; other commas belong to the value before.
        static const char* KEYS[] = {
            "cmd=", "name=", "option.", "tc=", "movetime=", "depth=", "nodes="};
        std::vector<std::string> parts;
        size_t begin = 0;
        for (size_t i = 0; i <= text.size(); ++i) {
            if (i < text.size() && text[i] != ',') continue;
            bool key_follows = i == text.size();
            for (const char* k : KEYS)
                key_follows |= !key_follows && text.compare(i + 1, std::strlen(k), k) == 0;
            if (!key_follows) continue;
            parts.push_back(text.substr(begin, i - begin));
            begin = i + 1;
        }
        for (const std::string& part : parts) {
            const auto eq = part.find('=');
            if (eq == std::string::npos)
                throw Error(
                    ErrorKind::Usage, "--engine",
                    "--engine: " + menagerie::quoted(part) + " is not of the form key=value");
            const std::string key = part.substr(0, eq), value = part.substr(eq + 1);
            if (key == "cmd")
                spec.command = value;
            else if (key == "name")
                spec.name = value;
            else if (key.rfind("option.", 0) == 0 && key.size() > 7)
                spec.options.emplace_back(key.substr(7), value);
            else if (key == "tc" || key == "movetime" || key == "depth" || key == "nodes")
                parse_limit(key, value, spec.limits);
            else
                throw Error(ErrorKind::Usage, "--engine",
                            "--engine: unknown key " + menagerie::quoted(key) +
                                " (keys: cmd, name, option.NAME, tc, movetime, depth, nodes)");
        }
    }
    if (spec.command.empty())
        throw Error(ErrorKind::Usage, "--engine",
                    "--engine " + menagerie::quoted(text) + " names no command");
    return spec;
}

std::unique_ptr<Player> make_player(const EngineSpec& spec, const std::string& variant) {
    if (spec.command == "builtin:random" || spec.command == "builtin:greedy") {
        const bool greedy = spec.command == "builtin:greedy";
        return std::make_unique<BuiltinPlayer>(
            spec.name.empty() ? (greedy ? "greedy" : "random") : spec.name, greedy);
    }
    if (spec.command.rfind("builtin:", 0) == 0)
        throw Error(ErrorKind::Usage, "--engine",
                    "unknown built-in player " + menagerie::quoted(spec.command) +
                        " (builtin:random, builtin:greedy)");
    return std::make_unique<UciPlayer>(spec, variant);
}

}  // namespace menagerie
