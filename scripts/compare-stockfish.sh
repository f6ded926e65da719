#!/usr/bin/env bash
# Perft 6 of the orthodox start position, single thread with bulk counting, measured for
# Menagerie and Debian's stockfish in the same run on the same machine. Prints both and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
sf=$(command -v stockfish || echo /usr/games/stockfish)
depth=${1:-6}
best() {  # fastest of three runs, in seconds
  local t best=""
  for _ in 1 2 3; do
    t=$( { /usr/bin/time -f %e "$@" >/dev/null; } 2>&1 | tail -1)
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}
nodes=$(build/menagerie perft --variant chess --setup 0 --depth "$depth" 2>/dev/null | tail -1 | cut -d' ' -f2)
ours=$(best build/menagerie perft --variant chess --setup 0 --depth "$depth")
theirs=$(best sh -c "printf 'setoption name Threads value 1\nposition startpos\ngo perft $depth\nquit\n' | $sf")
awk -v n="$nodes" -v a="$ours" -v b="$theirs" 'BEGIN {
  printf "perft %s nodes: %d\nmenagerie  %.2f s  %.1f M nodes/s\nstockfish  %.2f s  %.1f M nodes/s\nratio (menagerie / stockfish): %.2f\n",
         "'"$depth"'", n, a, n / a / 1e6, b, n / b / 1e6, b / a }'
