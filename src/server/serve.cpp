#include "server/serve.h"

#include <csignal>
#include <iostream>

#include "core/error.h"

namespace menagerie::server {

int serve(const ServerOptions& options) {
    std::unique_ptr<Server> server;
    try {
        server = std::make_unique<Server>(options);
    } catch (const std::exception& e) {
        throw Error(ErrorKind::Usage, "serve", e.what());
    }
    std::signal(SIGPIPE, SIG_IGN);
    server->stop_on_signals();
    server->start();
    if (options.test_seed)
        std::cerr << "warning: --test-seed " << *options.test_seed
                  << " fixes every Black Swan game's seed: for tests only, never for play\n";
    std::cout << "Menagerie is at " << server->url() << std::endl;
    // (Only whether the database is PostgreSQL: its URL may hold a password.)
    const bool postgres = options.db.starts_with("postgres");
    std::cout << "Games are kept in "
              << (postgres ? std::string("the PostgreSQL database of --db") : options.db)
              << "; Ctrl-C stops the server." << std::endl;
    server->wait();
    return 0;
}

}  // namespace menagerie::server
