#include "protocol/uci_client.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "core/error.h"
#include "core/text.h"

namespace menagerie {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0 &&
           (s.size() == prefix.size() || s[prefix.size()] == ' ' || s[prefix.size()] == '\t');
}

// What follows `prefix` in a line that starts_with it, without the blanks around it (empty when
// nothing follows: an engine's line may stop anywhere).
std::string after(const std::string& line, const std::string& prefix) {
    const size_t begin = line.find_first_not_of(" \t", prefix.size());
    if (begin == std::string::npos) return "";
    return line.substr(begin, line.find_last_not_of(" \t") + 1 - begin);
}

// A count an engine wrote: digits only, within 64 bits.
std::optional<uint64_t> count_of(const std::string& text) {
    uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

UciOption parse_uci_option(const std::string& line) {
    std::istringstream in(line);
    std::string word, key;
    UciOption o;
    in >> word;  // "option"
    auto append = [](std::string& to, const std::string& w) { to += (to.empty() ? "" : " ") + w; };
    while (in >> word) {
        if (word == "name" || word == "type" || word == "default" || word == "min" ||
            word == "max" || word == "var") {
            key = word;
            if (word == "var") o.values.emplace_back();
            continue;
        }
        if (key == "name")
            append(o.name, word);
        else if (key == "type")
            append(o.type, word);
        else if (key == "default")
            append(o.default_value, word);
        else if (key == "var")
            append(o.values.back(), word);
    }
    if (o.default_value == "<empty>") o.default_value.clear();
    return o;
}

UciClient::UciClient(const std::string& command, std::chrono::milliseconds timeout)
    : process_(std::make_unique<EngineProcess>(command)), name_(command) {
    const auto deadline = Clock::now() + timeout;
    send("uci");
    for (;;) {
        const std::string line = read_line(deadline, "uciok");
        if (line == "uciok") break;
        // A bare `id name` leaves the engine named by its command.
        if (starts_with(line, "id name") && !after(line, "id name").empty())
            name_ = after(line, "id name");
        if (starts_with(line, "option")) {
            UciOption o = parse_uci_option(line);
            if (!o.name.empty()) options_.push_back(std::move(o));
        }
    }
}

const UciOption* UciClient::option(const std::string& name) const {
    const std::string wanted = lower_case(name);
    for (const UciOption& o : options_)
        if (lower_case(o.name) == wanted) return &o;
    return nullptr;
}

void UciClient::send(const std::string& line) {
    if (!process_->send(line)) crashed("when sent " + menagerie::quoted(line));
}

void UciClient::crashed(const std::string& while_doing) {
    throw EngineFailure(
        EngineFailure::Kind::Crashed,
        "engine " + menagerie::quoted(name_) + " " + process_->ended() + " (" + while_doing + ")");
}

std::string UciClient::read_line(Clock::time_point deadline, const std::string& waiting_for) {
    std::string line;
    switch (process_->read_line(line, deadline)) {
        case EngineProcess::Read::Line:
            return line;
        case EngineProcess::Read::Closed:
            crashed("while waiting for " + waiting_for);
        case EngineProcess::Read::Timeout:
            break;
    }
    process_->kill();
    throw EngineFailure(
        EngineFailure::Kind::Timeout,
        "engine " + menagerie::quoted(name_) + " did not answer " + waiting_for + " in time");
}

void UciClient::set_option(const std::string& name, const std::string& value) {
    send("setoption name " + name + " value " + value);
}

void UciClient::sync(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    send("isready");
    while (read_line(deadline, "readyok") != "readyok") {
    }
}

namespace {

std::string with_moves(std::string line, const std::vector<std::string>& moves) {
    if (!moves.empty()) line += " moves";
    for (const std::string& m : moves) line += " " + m;
    return line;
}

}  // namespace

void UciClient::position(const std::string& fen, const std::vector<std::string>& moves) {
    send(with_moves("position fen " + fen, moves));
}

void UciClient::position_startpos(const std::vector<std::string>& moves) {
    send(with_moves("position startpos", moves));
}

std::optional<UciScore> parse_uci_score(const std::string& info) {
    std::istringstream in(info);
    std::string word;
    if (!(in >> word) || word != "info") return std::nullopt;
    std::optional<UciScore> score;
    while (in >> word) {
        if (word == "lowerbound" || word == "upperbound") return std::nullopt;
        if (word == "string") break;  // the rest is free text
        if (word == "multipv" && !(in >> word && word == "1"))
            return std::nullopt;  // not the best line's
        if (word != "score") continue;
        std::string kind;
        long long value = 0;
        if (!(in >> kind >> value) || (kind != "cp" && kind != "mate") || value < -1000000 ||
            value > 1000000)
            return std::nullopt;
        score = UciScore{kind == "mate", static_cast<int>(value)};
    }
    return score;
}

std::string UciClient::go(const UciGo& g, Clock::time_point deadline,
                          std::optional<UciScore>* score) {
    std::string line = "go";
    auto add = [&](const char* key, const auto& value) {
        if (value) line += std::string(" ") + key + " " + std::to_string(*value);
    };
    add("wtime", g.wtime);
    add("btime", g.btime);
    add("winc", g.winc);
    add("binc", g.binc);
    add("movetime", g.movetime);
    add("depth", g.depth);
    add("nodes", g.nodes);
    send(line);
    if (score) score->reset();
    for (;;) {
        const std::string reply = read_line(deadline, "bestmove");
        if (!starts_with(reply, "bestmove")) {
            if (score)
                if (std::optional<UciScore> s = parse_uci_score(reply)) *score = s;
            continue;
        }
        std::istringstream in(reply);
        std::string word, move;
        in >> word >> move;
        if (move.empty())
            throw EngineFailure(EngineFailure::Kind::Protocol,
                                "engine " + menagerie::quoted(name_) + " sent " +
                                    menagerie::quoted(reply) + ", a bestmove without a move");
        return move;
    }
}

std::map<std::string, uint64_t> UciClient::perft(int depth, uint64_t& total,
                                                 std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    send("go perft " + std::to_string(depth));
    std::map<std::string, uint64_t> moves;
    for (;;) {
        const std::string line = read_line(deadline, "the perft total");
        const bool is_total = starts_with(line, "Nodes searched:");
        const size_t colon = line.find(':');
        // Other lines (an info line, the blank line before the total) are not part of the answer.
        if (!is_total && (colon == std::string::npos || colon < 4 || colon > 6)) continue;
        const std::optional<uint64_t> count = count_of(after(line, line.substr(0, colon + 1)));
        if (!count)
            throw EngineFailure(EngineFailure::Kind::Protocol,
                                "engine " + menagerie::quoted(name_) + " sent " +
                                    menagerie::quoted(line) + " in a perft answer");
        if (is_total) {
            total = *count;
            return moves;
        }
        moves[line.substr(0, colon)] = *count;
    }
}

void UciClient::quit() {
    if (process_) process_->send("quit");
}

}  // namespace menagerie
