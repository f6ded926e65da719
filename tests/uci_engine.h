// Another engine spoken to over UCI, for differential tests: started from the first of the
// given paths that exists, fed positions, asked for `go perft` divides.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace menagerie::test {

class UciEngine {
  public:
    explicit UciEngine(const std::vector<std::string>& paths) {
        for (const std::string& p : paths)
            if (path_.empty() && access(p.c_str(), X_OK) == 0) path_ = p;
        if (path_.empty()) return;
        int to_child[2], from_child[2];
        if (pipe(to_child) || pipe(from_child)) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            close(to_child[1]);
            close(from_child[0]);
            execl(path_.c_str(), path_.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = fdopen(to_child[1], "w");
        out_ = fdopen(from_child[0], "r");
        send("uci");
        wait_for("uciok");
    }
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;
    ~UciEngine() {
        if (!in_) return;
        send("quit");
        fclose(in_);
        fclose(out_);
        waitpid(pid_, nullptr, 0);
    }
    bool available() const { return in_ != nullptr; }

    // Sets an option and waits until the engine has taken it.
    void set_option(const std::string& name, const std::string& value) {
        send("setoption name " + name + " value " + value);
        send("isready");
        wait_for("readyok");
    }

    // The moves with their perft(depth - 1) counts, and the total.
    std::map<std::string, uint64_t> divide(const std::string& fen, int depth, uint64_t& total) {
        send("position fen " + fen);
        send("go perft " + std::to_string(depth));
        std::map<std::string, uint64_t> moves;
        for (std::string line = read_line();; line = read_line()) {
            if (line.rfind("Nodes searched: ", 0) == 0) {
                total = std::stoull(line.substr(16));
                return moves;
            }
            const auto colon = line.find(": ");
            if (colon != std::string::npos && colon >= 4 && colon <= 6)
                moves[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
        }
    }

  private:
    void send(const std::string& line) {
        fputs((line + "\n").c_str(), in_);
        fflush(in_);
    }
    std::string read_line() {
        char buffer[4096];
        if (!fgets(buffer, sizeof buffer, out_))
            throw std::runtime_error(path_ + " closed its output");
        std::string s(buffer);
        while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
        return s;
    }
    void wait_for(const std::string& token) {
        while (read_line() != token) {
        }
    }
    std::string path_;
    pid_t pid_ = -1;
    FILE* in_ = nullptr;
    FILE* out_ = nullptr;
};

}  // namespace menagerie::test
