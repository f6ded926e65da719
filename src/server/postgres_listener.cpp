#include "server/postgres_listener.h"

#include <libpq-fe.h>
#include <poll.h>
#include <unistd.h>

#include <iostream>
#include <stdexcept>
#include <thread>

namespace menagerie::server {

const char* const GAMES_CHANNEL = "menagerie_games";
const char* const RECORDS_CHANNEL = "menagerie_records";

namespace {

constexpr int RECONNECT_MS = 1000;  // after the database went away

// LISTEN on `conn`; false if the server refused.
bool listen_on(PGconn* conn, const std::string& channel) {
    PGresult* r = PQexec(conn, ("LISTEN " + channel).c_str());
    const bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    return ok;
}

}  // namespace

std::string postgres_message(const char* text) {
    std::string s = text ? text : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

struct PostgresListener::Impl {
    PGconn* conn = nullptr;
    std::string channel;
    NoticeListener on_notice;
    Storage::MissedListener on_missed;
    int wake[2] = {-1, -1};  // a byte written to wake[1] ends the thread
    std::thread thread;

    // Waits for the connection or the wake pipe; false when it is time to stop.
    bool wait(int timeout_ms, bool with_connection) {
        pollfd fds[2] = {{wake[0], POLLIN, 0}, {PQsocket(conn), POLLIN, 0}};
        const nfds_t count = with_connection && fds[1].fd >= 0 ? 2 : 1;
        if (poll(fds, count, timeout_ms) < 0) return true;  // EINTR: look again
        return !(fds[0].revents & POLLIN);
    }

    void deliver() {
        while (PGnotify* n = PQnotifies(conn)) {
            const std::string payload = n->extra ? n->extra : "";
            PQfreemem(n);
            try {
                on_notice(payload);
            } catch (const std::exception& e) {
                std::cerr << "a change stored by another server was not taken: " << e.what()
                          << "\n";
            }
        }
    }

    void run() {
        for (;;) {
            if (PQstatus(conn) != CONNECTION_OK) {
                if (!wait(RECONNECT_MS, false)) return;
                PQreset(conn);
                if (PQstatus(conn) != CONNECTION_OK || !listen_on(conn, channel)) continue;
                // Changes stored while the connection was down were told to nobody here.
                std::cerr << "PostgreSQL listener (" << channel
                          << "): connected again; rechecking what is held\n";
                try {
                    on_missed();
                } catch (const std::exception& e) {
                    std::cerr << "PostgreSQL listener: what is held was not rechecked: " << e.what()
                              << "\n";
                }
            }
            if (!wait(-1, true)) return;
            if (!PQconsumeInput(conn)) {
                std::cerr << "PostgreSQL listener: " << postgres_message(PQerrorMessage(conn))
                          << "; connecting again every " << RECONNECT_MS << " ms\n";
                continue;
            }
            deliver();
        }
    }
};

PostgresListener::PostgresListener(const std::string& url, std::string channel,
                                   NoticeListener on_notice, Storage::MissedListener on_missed)
    : impl_(std::make_unique<Impl>()) {
    impl_->channel = std::move(channel);
    impl_->on_notice = std::move(on_notice);
    impl_->on_missed = std::move(on_missed);
    impl_->conn = PQconnectdb(url.c_str());
    if (!impl_->conn || PQstatus(impl_->conn) != CONNECTION_OK ||
        !listen_on(impl_->conn, impl_->channel)) {
        const std::string why =
            impl_->conn ? postgres_message(PQerrorMessage(impl_->conn)) : "out of memory";
        PQfinish(impl_->conn);
        throw std::runtime_error("cannot listen for changes on PostgreSQL: " + why);
    }
    if (pipe(impl_->wake) != 0) {
        PQfinish(impl_->conn);
        throw std::runtime_error("cannot listen for changes on PostgreSQL: no pipe");
    }
    impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

PostgresListener::~PostgresListener() {
    const char stop = 0;
    if (write(impl_->wake[1], &stop, 1) != 1) std::cerr << "PostgreSQL listener: cannot stop\n";
    impl_->thread.join();
    close(impl_->wake[0]);
    close(impl_->wake[1]);
    PQfinish(impl_->conn);
}

}  // namespace menagerie::server
