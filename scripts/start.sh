#!/usr/bin/env bash
# Builds Menagerie and its web app, then starts the server; it prints the address to open and
# where it keeps the games, and Ctrl-C stops it. Any arguments go to `menagerie serve`, e.g.
# scripts/start.sh --port 9000 --db games.db. (`build/menagerie play` still plays on the
# terminal.) The build is scripts/test.sh's release build, so that neither rebuilds the other's
# work; only the program is built here, not the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure.sh release
cmake --build build --target menagerie
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
exec build/menagerie serve "$@"
