#!/usr/bin/env bash
# Installs what the build and the tests need from Debian's packages (only what is missing).
set -euo pipefail
packages=(cmake ninja-build g++ libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libssl-dev stockfish fairy-stockfish polyglot clang-format libboost-dev libboost-system-dev libsqlite3-dev libpq-dev postgresql libsodium-dev)
# GNU parallel: runs the batch commands' shards (scripts/atlas.sh, scripts/datagen.sh, the atlas's test).
packages+=(parallel)
# The sanitizer build and the fuzz targets: clang and its runtimes (libFuzzer among them).
packages+=(clang libclang-rt-dev)
missing=()
# The web front end: Chromium for its browser tests; Node.js (20 or newer) and npm to build it,
# from Debian only where the machine has none of its own (NodeSource's nodejs carries npm).
packages+=(chromium)
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
