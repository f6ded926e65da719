#include "server/serve.h"

#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>

#include "core/error.h"
#include "server/http_server.h"

#ifndef MENAGERIE_STATIC_DIR
#define MENAGERIE_STATIC_DIR "web/dist"
#endif

namespace menagerie::server {

int run_serve(int argc, char** argv) {
    CLI::App app{"serve the web app and its API"};
    ServerOptions options;
    options.static_dir = MENAGERIE_STATIC_DIR;
    int port = 8080;
    app.add_option("--port", port, "TCP port; 0 picks a free one")->check(CLI::Range(0, 65535));
    app.add_option("--host", options.host, "address to listen on");
    app.add_option("--db", options.db, "SQLite file, or a postgresql:// URL");
    app.add_option("--static", options.static_dir, "directory of the built front end");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
        throw Error(ErrorKind::Usage, "serve", "serve: " + what);
    }
    options.port = static_cast<uint16_t>(port);
    std::unique_ptr<Server> server;
    try {
        server = std::make_unique<Server>(options);
    } catch (const std::exception& e) {
        throw Error(ErrorKind::Usage, "serve", e.what());
    }
    std::signal(SIGPIPE, SIG_IGN);
    server->stop_on_signals();
    server->start();
    std::cout << "Menagerie is at " << server->url() << std::endl;
    server->wait();
    return 0;
}

}  // namespace menagerie::server
