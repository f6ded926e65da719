#!/usr/bin/env bash
# Builds and runs every test: formatting; the release build (warnings as errors) with the full
# suite; the sanitizer build (clang: address and undefined-behaviour sanitizers) with the suite
# at smaller depths and each fuzz target for a few seconds; then the web front end's build, unit
# tests and browser tests. Each stage says when it starts and how long it took. ctest's output
# goes to build/ctest.log and build-asan/ctest.log; the screen gets the failures (with their
# output), the tests that were skipped or not run, and the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"  # Debian installs stockfish there

stage_name="" stage_started=0
end_stage() {
  [ -n "$stage_name" ] && echo "   $stage_name: $((SECONDS - stage_started)) s"
  stage_name=""
}
stage() {
  end_stage
  stage_name=$1 stage_started=$SECONDS
  echo "== $1 (started $(date +%H:%M:%S))"
}
trap 'end_stage' EXIT

run_ctest() {  # run_ctest FOLDER: the suite of one build, its passing tests' lines in the log
  local log=$1/ctest.log status=0
  ctest --test-dir "$1" --output-on-failure -j2 >"$log" 2>&1 || status=$?
  grep -vE '^ +Start +[0-9]+: |^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* +Passed +[0-9.]+ sec$|^Internal ctest|^Test project|^$' \
    "$log" || true
  echo "   (every test's line: $log)"
  return $status
}

stage "dependencies (Debian packages)"
scripts/install-deps.sh

stage "clang-format"
clang-format --dry-run -Werror $(git ls-files '*.cpp' '*.h')

stage "release build"
scripts/configure.sh release
cmake --build build

stage "release tests"
run_ctest build

stage "sanitizer build (clang, with the fuzz targets)"
scripts/configure.sh sanitizer
cmake --build build-asan

stage "sanitizer tests and fuzz targets"
MENAGERIE_QUICK=1 run_ctest build-asan

stage "web front end: npm ci and build"
(
  cd web
  npm ci --no-audit --no-fund --loglevel=error
  npm run build --silent
)

stage "web front end: unit tests"
(cd web && npx vitest run)

stage "web front end: browser tests"
(cd web && npm run e2e --silent)
end_stage
echo "== every test passed in $SECONDS s"
