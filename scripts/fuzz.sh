#!/usr/bin/env bash
# Fuzzes the FEN and move readers with libFuzzer (clang) for a while: scripts/fuzz.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
mkdir -p build-fuzz
srcs=$(ls src/core/*.cpp src/games/*.cpp src/notation/*.cpp)
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -Isrc $srcs fuzz/fuzz_notation.cpp -o build-fuzz/fuzz_notation
mkdir -p build-fuzz/corpus
build-fuzz/fuzz_notation -max_total_time="$seconds" -max_len=512 build-fuzz/corpus fuzz/corpus
