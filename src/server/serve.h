// `menagerie serve`: the web app's server (see docs/server.md).
#pragma once

namespace menagerie::server {

// argv[0] is "serve"; returns the exit status.
int run_serve(int argc, char** argv);

}  // namespace menagerie::server
