#!/usr/bin/env bash
# Runs the fuzz targets (docs/testing.md, "Fuzzing") one after another, each for a while:
#   scripts/fuzz.sh [SECONDS [TARGET...]]    (default: 60 seconds each, every target)
# They are built in build-asan, the sanitizer build of scripts/test.sh (clang, libFuzzer, address
# and undefined-behaviour sanitizers). Each target's corpus grows in build-asan/fuzz-long/TARGET
# from the seeds in fuzz/corpus/TARGET: apart from the corpus the test command's brief runs grow
# (build-asan/fuzz-corpus), which would otherwise take longer to replay than those runs may. An
# input that fails is kept as
# build-asan/fuzz-findings/TARGET/crash-... (rerun it with build-asan/fuzz_TARGET FILE). The last
# lines of each run say how many inputs ran (stat::number_of_executed_units) and the coverage
# reached (cov: edges, ft: features).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen move_text pgn uci api websocket)
scripts/install-deps.sh
scripts/configure.sh sanitizer
cmake --build build-asan --target "${targets[@]/#/fuzz_}"
status=0
for t in "${targets[@]}"; do
  echo "== fuzz_$t for $seconds s"
  mkdir -p "build-asan/fuzz-long/$t" "build-asan/fuzz-findings/$t"
  dict=()
  [ -f "fuzz/dict/$t.dict" ] && dict=("-dict=fuzz/dict/$t.dict")
  "build-asan/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="build-asan/fuzz-findings/$t/" "${dict[@]}" \
    "build-asan/fuzz-long/$t" "fuzz/corpus/$t" >"build-asan/fuzz-findings/$t.log" 2>&1 || status=1
  grep -E '^#[0-9]+[[:space:]]+(DONE|pulse)|stat::number_of_executed_units|check failed|ERROR|Test unit written' \
    "build-asan/fuzz-findings/$t.log" | tail -4
done
exit $status
