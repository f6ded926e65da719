#!/usr/bin/env bash
# Builds and runs every test: formatting, the release build (warnings as errors) with the full
# suite, then an address+undefined sanitizer build with the suite at smaller depths.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export PATH="$PATH:/usr/games"  # Debian installs stockfish there

echo "== clang-format"
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find src tests -name '*.cpp' -o -name '*.h')
clang-format --dry-run -Werror $files

echo "== release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMENAGERIE_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2

echo "== sanitizer build and tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DMENAGERIE_SANITIZE=ON -DMENAGERIE_WERROR=ON >/dev/null
cmake --build build-asan
MENAGERIE_QUICK=1 ctest --test-dir build-asan --output-on-failure -j2

echo "== web front end: build, unit tests, browser tests"
(
  cd web
  npm ci --no-audit --no-fund --loglevel=error
  npm run build --silent
  npx vitest run
  npm run e2e --silent
)
