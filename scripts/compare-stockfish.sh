#!/usr/bin/env bash
# Perft of the orthodox start position (default depth 6), single thread with bulk counting,
# measured for Menagerie and Debian's stockfish in the same run on the same machine.
# Start-up time (Stockfish loads its network) is measured with perft 1 and taken off both.
set -euo pipefail
cd "$(dirname "$0")/.."
sf=$(command -v stockfish || echo /usr/games/stockfish)
depth=${1:-6}
ours_run() { build/menagerie perft --variant chess --setup 0 --depth "$1" >/dev/null 2>&1; }
sf_run() { printf 'setoption name Threads value 1\nposition startpos\ngo perft %s\nquit\n' "$1" | "$sf" >/dev/null; }
best() {  # fastest of three runs, in seconds
  local best=999 start end
  for _ in 1 2 3; do
    start=$(date +%s.%N); "$@"; end=$(date +%s.%N)
    best=$(awk -v s="$start" -v e="$end" -v b="$best" 'BEGIN { t = e - s; print (t < b ? t : b) }')
  done
  echo "$best"
}
nodes=$(build/menagerie perft --variant chess --setup 0 --depth "$depth" 2>/dev/null | tail -1 | cut -d' ' -f2)
ours=$(awk -v a="$(best ours_run "$depth")" -v b="$(best ours_run 1)" 'BEGIN { print a - b }')
theirs=$(awk -v a="$(best sf_run "$depth")" -v b="$(best sf_run 1)" 'BEGIN { print a - b }')
awk -v n="$nodes" -v a="$ours" -v b="$theirs" -v d="$depth" 'BEGIN {
  printf "perft %d nodes: %d\nmenagerie  %.3f s  %.1f M nodes/s\nstockfish  %.3f s  %.1f M nodes/s\n", d, n, a, n / a / 1e6, b, n / b / 1e6
  printf "ratio (menagerie / stockfish): %.2f\n", b / a }'
