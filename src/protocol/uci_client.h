// The client side of UCI: starts an engine, does the handshake, sets options, sends positions
// and searches, and reads `bestmove` (or `go perft` divides) with deadlines. Every failure of the
// engine (it ends, it does not answer in time, it answers nonsense) is an EngineFailure saying
// which and how, so a caller can score the game and go on; the process is never left behind.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/engine_process.h"

namespace menagerie {

class EngineFailure : public std::runtime_error {
  public:
    enum class Kind { Crashed, Timeout, Protocol };
    EngineFailure(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
    Kind kind() const { return kind_; }

  private:
    Kind kind_;
};

struct UciOption {
    std::string name, type, default_value;
    std::vector<std::string> values;  // a combo's `var`s
};

// The score of a search's last `info ... score` line that is not a bound: centipawns, or moves
// to mate (negative when the engine is mated), from the side to move's view.
struct UciScore {
    bool mate = false;
    int value = 0;
};

// What `go` is told; unset fields are not sent.
struct UciGo {
    std::optional<int64_t> wtime, btime, winc, binc, movetime;
    std::optional<int> depth;
    std::optional<uint64_t> nodes;
};

class UciClient {
  public:
    using Clock = EngineProcess::Clock;
    // How long a started engine may take to answer `uci` or `isready`: loading a large net or
    // table takes seconds, not minutes.
    static constexpr std::chrono::milliseconds HANDSHAKE_TIMEOUT{10000};
    // Starts `command` and does the handshake (`uci` ... `uciok`) within `timeout`.
    UciClient(const std::string& command, std::chrono::milliseconds timeout);
    UciClient(const UciClient&) = delete;
    UciClient& operator=(const UciClient&) = delete;
    ~UciClient() { quit(); }  // then the process ends (or is killed) and is reaped

    const std::string& name() const { return name_; }  // its `id name`, else the command
    const std::string& command() const { return process_->command(); }
    // Options by name as the engine listed them (UCI option names are case-insensitive).
    const UciOption* option(const std::string& name) const;
    const std::vector<UciOption>& options() const { return options_; }

    void set_option(const std::string& name, const std::string& value);
    // `isready`, then waits for `readyok`.
    void sync(std::chrono::milliseconds timeout);
    void new_game() { send("ucinewgame"); }
    void position(const std::string& fen, const std::vector<std::string>& moves);
    void position_startpos(const std::vector<std::string>& moves);
    // `go ...`, then the move of its `bestmove` line before `deadline`. On a timeout the
    // engine is killed (it may be stuck; a caller starts a new one). With `score`, the search's
    // last exact score is kept there (nullopt when it sent none).
    std::string go(const UciGo& go, Clock::time_point deadline,
                   std::optional<UciScore>* score = nullptr);
    // `go perft depth` in the position last sent, as Stockfish answers it: the moves with their
    // counts and the total (`Nodes searched: N`).
    std::map<std::string, uint64_t> perft(int depth, uint64_t& total,
                                          std::chrono::milliseconds timeout);
    void quit();

  private:
    void send(const std::string& line);
    std::string read_line(Clock::time_point deadline, const std::string& waiting_for);
    [[noreturn]] void crashed(const std::string& while_doing);
    std::unique_ptr<EngineProcess> process_;
    std::string name_;
    std::vector<UciOption> options_;
};

// The exact score of an `info` line (`score cp N` or `score mate N`, not a lower or upper bound,
// and of the best line when there are several).
std::optional<UciScore> parse_uci_score(const std::string& info);

// `setoption` text for a UCI option line's parts: "option name N type T default D var V ...".
UciOption parse_uci_option(const std::string& line);

}  // namespace menagerie
