// `menagerie serve`: the web app's server (see docs/server.md).
#pragma once

#include "server/http_server.h"

namespace menagerie::server {

// Serves until SIGINT or SIGTERM; returns the exit status. A server that cannot start (a port in
// use, a database that cannot be opened) is a Usage Error.
int serve(const ServerOptions& options);

}  // namespace menagerie::server
