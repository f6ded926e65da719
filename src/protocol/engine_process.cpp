#include "protocol/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <thread>

#include "core/error.h"

namespace menagerie {

namespace {

// A child that stops reading must not kill us with SIGPIPE: a failed write says it instead.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
}

// How often a read that waits looks whether the child has exited: its output may stay open in a
// process the child left behind, and an engine that exited must not be taken for a silent one.
constexpr int EXIT_CHECK_MS = 50;

// The process groups of the engines alive, for a signal handler to end (lock-free: a handler
// may run at any moment). More engines than slots are still ended by their destructors.
constexpr size_t GROUP_SLOTS = 256;
std::atomic<pid_t> live_groups[GROUP_SLOTS];

void remember_group(pid_t group) {
    for (std::atomic<pid_t>& slot : live_groups) {
        pid_t empty = 0;
        if (slot.compare_exchange_strong(empty, group)) return;
    }
}

void forget_group(pid_t group) {
    for (std::atomic<pid_t>& slot : live_groups) {
        pid_t mine = group;
        if (slot.compare_exchange_strong(mine, 0)) return;
    }
}

extern "C" void end_groups_and_die(int sig) {
    for (std::atomic<pid_t>& slot : live_groups)
        if (const pid_t group = slot.load(); group > 0) ::kill(-group, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

}  // namespace

void EngineProcess::end_engines_on_signals() {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, end_groups_and_die);
}

EngineProcess::EngineProcess(const std::string& command) : command_(command) {
    ignore_sigpipe();
    int in[2], out[2];
    // Close-on-exec, so that engines started by other threads do not inherit these ends.
    if (pipe2(in, O_CLOEXEC) != 0) throw Error("cannot create a pipe for " + quoted(command));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        throw Error("cannot create a pipe for " + quoted(command));
    }
    const std::string script = "exec " + command;  // built before fork: the child only execs
    pid_ = fork();
    if (pid_ < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        throw Error("cannot start " + quoted(command));
    }
    if (pid_ == 0) {
        setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);  // dup2 clears close-on-exec on the copies
        dup2(out[1], STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    // Here too, so that the group exists before we might signal it (whichever runs first).
    setpgid(pid_, pid_);
    remember_group(pid_);
    close(in[0]);
    close(out[1]);
    to_child_ = in[1];
    from_child_ = out[0];
}

EngineProcess::~EngineProcess() {
    if (to_child_ >= 0) close(to_child_);
    to_child_ = -1;
    ended(std::chrono::milliseconds(500));
    if (from_child_ >= 0) close(from_child_);
}

bool EngineProcess::send(const std::string& line) {
    if (to_child_ < 0) return false;
    const std::string text = line + "\n";
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Read::Line;
        }
        if (closed_) {
            if (buffer_.empty()) return Read::Closed;
            line.swap(buffer_);  // a last line without its newline
            buffer_.clear();
            return Read::Line;
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) return Read::Timeout;
        pollfd p{from_child_, POLLIN, 0};
        const int ready =
            poll(&p, 1, static_cast<int>(std::min<int64_t>(left.count() + 1, EXIT_CHECK_MS)));
        if (ready < 0 && errno != EINTR) closed_ = true;
        if (ready == 0 && exited()) {
            // What it wrote before it exited is still read; nothing more will come from it.
            while (poll(&p, 1, 0) > 0) {
                char chunk[4096];
                const ssize_t n = read(from_child_, chunk, sizeof chunk);
                if (n <= 0) break;
                buffer_.append(chunk, static_cast<size_t>(n));
            }
            closed_ = true;
        }
        if (ready <= 0) continue;
        char chunk[4096];
        const ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            closed_ = true;
            continue;
        }
        buffer_.append(chunk, static_cast<size_t>(n));
    }
}

bool EngineProcess::exited() const {
    if (reaped_ || pid_ <= 0) return true;
    siginfo_t info{};
    // WNOWAIT: the child stays a zombie, so that its group id cannot be reused before end_group.
    return waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == pid_;
}

bool EngineProcess::reap(bool block) {
    if (reaped_ || pid_ <= 0) return true;
    for (;;) {
        const pid_t r = waitpid(pid_, &status_, block ? 0 : WNOHANG);
        if (r == pid_ || r < 0) {
            if (r < 0 && errno == EINTR) continue;
            forget_group(pid_);
            return reaped_ = true;  // (r < 0: not our child any more, nothing to reap)
        }
        return false;
    }
}

void EngineProcess::end_group() {
    // Only while the child is not reaped: until then no other group can have its id.
    if (!reaped_ && pid_ > 0) ::kill(-pid_, SIGKILL);
}

void EngineProcess::kill() {
    end_group();
    reap(true);
    closed_ = true;
}

std::string EngineProcess::ended(std::chrono::milliseconds grace) {
    const auto until = Clock::now() + grace;
    bool killed = false;
    while (!exited()) {
        if (Clock::now() >= until) {
            killed = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    end_group();  // the child if it is still there, and whatever it left behind
    reap(true);
    if (killed) return "did not exit and was killed";
    if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_)) return "was killed by signal " + std::to_string(WTERMSIG(status_));
    return "ended";
}

}  // namespace menagerie
