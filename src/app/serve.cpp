#include "server/serve.h"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>

#include "app/command_line.h"
#include "app/commands.h"

#ifndef MENAGERIE_STATIC_DIR
#define MENAGERIE_STATIC_DIR "web/dist"
#endif

namespace menagerie {

namespace {

// Games are data, kept out of the source tree: $XDG_DATA_HOME/menagerie (~/.local/share/menagerie
// when it is not set), made when the server starts with it.
std::string default_database() {
    namespace fs = std::filesystem;
    const char* data = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    fs::path dir = data && *data   ? fs::path(data)
                   : home && *home ? fs::path(home) / ".local" / "share"
                                   : fs::current_path();
    return (dir / "menagerie" / "games.db").string();
}

}  // namespace

int run_serve(int argc, char** argv) {
    CLI::App app{"menagerie serve: the web app and its API (docs/server.md)"};
    app.name("menagerie serve");
    server::ServerOptions options;
    options.static_dir = MENAGERIE_STATIC_DIR;
    int port = 8080;
    app.add_option("--port", port, "TCP port; 0 picks a free one")->check(CLI::Range(0, 65535));
    app.add_option("--host", options.host, "address to listen on");
    options.db = default_database();
    app.add_option("--db", options.db, "SQLite file, or a postgresql:// URL")
        ->default_str(options.db);
    app.add_option("--static", options.static_dir, "directory of the built front end");
    std::string sync;
    app.add_option("--sync", sync,
                   "SQLite: normal (the default) hands each move to the operating system before "
                   "answering (survives the server's death, kill -9, but not a power cut); full "
                   "also syncs it to disk (survives a power cut, at the disk's latency)")
        ->check(CLI::IsMember({"full", "normal"}));
    app.add_option("--idle-minutes", options.idle_minutes,
                   "drop a game left alone this long from memory (0: never)")
        ->check(CLI::Range(0.0, 1e6));
    app.add_option("--test-seed", options.test_seed,
                   "for tests only: every Black Swan game gets this seed instead of a secret "
                   "one (its state and PGN say so)");
    app.add_option("--atlas", options.atlas_dir,
                   "folder of setup atlas files (VARIANT.csv) to serve instead of the built-in "
                   "atlas");
    app.add_option("--games-per-minute", options.games_per_minute,
                   "new games one client address may create a minute, as many at once after a "
                   "pause (0: no limit; behind a proxy every client has the proxy's address)")
        ->check(CLI::Range(0, 1'000'000));
    app.add_option("--logins-per-minute", options.logins_per_minute,
                   "sign-ins and sign-ups one client address may try a minute, as many at once "
                   "after a pause (0: no limit; behind a proxy every client has the proxy's "
                   "address)")
        ->check(CLI::Range(0, 1'000'000));
    app.add_option("--seeks-per-address", options.seeks_per_address,
                   "open seeks one client address without an account may have in the lobby at "
                   "once (0: no limit; behind a proxy every client has the proxy's address)")
        ->check(CLI::Range(0, 1'000'000));
    app.add_option("--unplayed-hours", options.unplayed_hours,
                   "delete a game that has had no move this long after its creation (0: never)")
        ->check(CLI::Range(0.0, 1e6));
    if (const std::optional<int> status = parse_command_line(app, argc, argv, "serve", "serve: "))
        return *status;
    options.port = static_cast<uint16_t>(port);
    if (options.db == default_database()) {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(options.db).parent_path(), ec);
    }
    if (!sync.empty())
        options.sync = sync == "full" ? server::SyncMode::EverySave : server::SyncMode::ProcessSafe;
    return server::serve(options);
}

}  // namespace menagerie
