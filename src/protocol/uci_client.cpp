#include "protocol/uci_client.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/error.h"

namespace menagerie {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0 &&
           (s.size() == prefix.size() || s[prefix.size()] == ' ' || s[prefix.size()] == '\t');
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
        if (starts_with(line, "id name")) name_ = line.substr(8);
        if (starts_with(line, "option")) {
            UciOption o = parse_uci_option(line);
            if (!o.name.empty()) options_.push_back(std::move(o));
        }
    }
}

const UciOption* UciClient::option(const std::string& name) const {
    const std::string wanted = lower(name);
    for (const UciOption& o : options_)
        if (lower(o.name) == wanted) return &o;
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

void UciClient::position(const std::string& fen, const std::vector<std::string>& moves) {
    std::string line = "position fen " + fen;
    if (!moves.empty()) line += " moves";
    for (const std::string& m : moves) line += " " + m;
    send(line);
}

std::string UciClient::go(const UciGo& g, Clock::time_point deadline) {
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
    for (;;) {
        const std::string reply = read_line(deadline, "bestmove");
        if (!starts_with(reply, "bestmove")) continue;
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
        try {
            if (line.rfind("Nodes searched: ", 0) == 0) {
                total = std::stoull(line.substr(16));
                return moves;
            }
            const auto colon = line.find(": ");
            if (colon != std::string::npos && colon >= 4 && colon <= 6)
                moves[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
        } catch (const std::logic_error&) {
            throw EngineFailure(EngineFailure::Kind::Protocol,
                                "engine " + menagerie::quoted(name_) + " sent " +
                                    menagerie::quoted(line) + " in a perft answer");
        }
    }
}

void UciClient::quit() {
    if (process_) process_->send("quit");
}

}  // namespace menagerie
