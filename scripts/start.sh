#!/usr/bin/env bash
# Builds Menagerie and starts an interactive game on the terminal (the web app comes later).
# Any arguments go to `menagerie play`, e.g. scripts/start.sh --variant contemporary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
[ $# -eq 0 ] && set -- --variant chess
exec build/menagerie play "$@"
