#!/usr/bin/env bash
# Builds Menagerie and its web app, then starts the server; it prints the address to open.
# Any arguments go to `menagerie serve`, e.g. scripts/start.sh --port 9000 --db games.db.
# (`build/menagerie play` still plays on the terminal.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
exec build/menagerie serve "$@"
