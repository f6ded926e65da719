// The network side of `menagerie serve`: a Boost.Beast HTTP/1.1 server on a few threads that
// answers /api/ requests through ApiRouter, upgrades /api/games/ID/ws and /api/lobby/ws to
// WebSocket sessions, and serves the built front end (index.html for every other path without a
// file).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/storage.h"

namespace menagerie::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    uint16_t port = 8080;  // 0: any free port
    std::string db = "menagerie.db";
    std::optional<SyncMode> sync;  // none: the store's default (SQLITE_DEFAULT_SYNC)
    std::string static_dir;
    int io_threads = 2;
    int engine_threads = 2;      // the engine's replies in games
    int analysis_threads = 1;    // /api/analyse (never delays a game's reply)
    double idle_minutes = 5;     // a game left alone this long leaves memory (0: never)
    int games_per_minute = 20;   // new games a minute per client address (0: no limit)
    int logins_per_minute = 10;  // sign-ins and sign-ups a minute per client address (0: any)
    int seeks_per_address = 10;  // open seeks of one client address without an account (0: any)
    double unplayed_hours = 24;  // a game with no move is deleted this long after creation
    std::optional<std::string> test_seed;  // fixes refereed games' seeds: for tests only
    std::string atlas_dir;  // the setup atlas's VARIANT.csv files; empty: the built-in atlas
};

class Server {
  public:
    // Opens the storage and starts listening; throws std::runtime_error naming what failed.
    explicit Server(const ServerOptions& options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    uint16_t port() const;
    std::string url() const;  // http://HOST:PORT/
    void stop_on_signals();   // SIGINT and SIGTERM stop the server
    void start();             // serves on background threads
    void wait();              // until stop()
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace menagerie::server
