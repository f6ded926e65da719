#!/usr/bin/env bash
# Configures one of the build folders that start.sh, test.sh and fuzz.sh share, so that none of
# them rebuilds what another has built:
#   scripts/configure.sh release     build/: the program and its tests (GCC, warnings as errors)
#   scripts/configure.sh sanitizer   build-asan/: the same with address and undefined-behaviour
#                                    sanitizers, and the fuzz targets (clang, for libFuzzer)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  release)
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMENAGERIE_WERROR=ON >/dev/null ;;
  sanitizer)
    # A folder configured with another compiler (GCC, before the fuzz targets) starts afresh.
    if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' build-asan/CMakeCache.txt; then
      rm -rf build-asan
    fi
    cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
      -DMENAGERIE_SANITIZE=ON -DMENAGERIE_WERROR=ON -DMENAGERIE_FUZZ=ON >/dev/null ;;
  *)
    echo "usage: scripts/configure.sh release|sanitizer" >&2
    exit 2 ;;
esac
