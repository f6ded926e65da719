// A child process spoken to line by line over pipes: what a UCI (or any text protocol) client
// needs. POSIX fork/exec through /bin/sh, reads with poll and a deadline, and a destructor that
// always reaps the child (it is killed if it does not leave by itself), so no zombie is left.
// The child leads a process group of its own, and the whole group is ended with it: an engine
// started through a wrapper script (one that runs the engine without `exec`) leaves no orphan
// behind that would hold our standard error open.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

namespace menagerie {

class EngineProcess {
  public:
    using Clock = std::chrono::steady_clock;
    enum class Read { Line, Timeout, Closed };

    // Runs `command` with /bin/sh (`exec COMMAND`, so the child is the engine itself) in a
    // process group of its own; its standard input and output are ours, its standard error is
    // inherited. Throws Error (kind Invalid) if the pipes or the fork fail; a command that does
    // not exist shows as a child that exits at once (status 127).
    explicit EngineProcess(const std::string& command);
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;
    // Closes its input and waits a moment for it to leave, then kills its group; always reaps it.
    ~EngineProcess();

    // Writes one line (a newline is added); false if the child no longer reads.
    bool send(const std::string& line);
    // The next line (without its end of line) before `deadline`. Closed once the output is
    // closed, or once the child has exited (what it wrote before is read first), even if a
    // process it left behind still holds the output open.
    Read read_line(std::string& line, Clock::time_point deadline);
    // Ends the child and its group now (SIGKILL) and reaps it.
    void kill();
    // After Read::Closed or kill(): how the child ended ("exited with status 1", "killed by
    // signal 11"), waiting up to `grace` for it to end by itself first. What is left of its group
    // is killed.
    std::string ended(std::chrono::milliseconds grace = std::chrono::milliseconds(200));
    const std::string& command() const { return command_; }
    pid_t pid() const { return pid_; }

    // Makes SIGINT, SIGTERM and SIGHUP end every engine's process group before the program
    // ends by the signal as it would have (the engines lead groups of their own, so a terminal's
    // Ctrl-C no longer reaches them).
    static void end_engines_on_signals();

  private:
    bool exited() const;  // the child has ended (it may not be reaped yet)
    bool reap(bool block);
    void end_group();
    std::string command_;
    pid_t pid_ = -1;
    int to_child_ = -1, from_child_ = -1;
    std::string buffer_;
    bool closed_ = false;
    int status_ = 0;
    bool reaped_ = false;
};

}  // namespace menagerie
