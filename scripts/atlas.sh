#!/usr/bin/env bash
# Recomputes the committed setup atlases (docs/atlas.md): every game with setups, each split into
# shards that GNU parallel runs JOBS at a time on this machine, then merged into atlas/VARIANT.csv.
# A run that is stopped resumes where it stopped (the shards' files stay in WORKDIR).
#
#   scripts/atlas.sh [NODES] [JOBS] [WORKDIR] [extra atlas flags...]
#
# NODES: nodes of each setup's search (default 200000, the committed atlases' count). Deeper:
# `scripts/atlas.sh 2000000 8`. Over several hosts, see docs/atlas.md.
set -euo pipefail
nodes=${1:-200000}
jobs=${2:-2}
work=${3:-atlas-work}
shift $(( $# < 3 ? $# : 3 ))
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MENAGERIE:-$root/build/menagerie}
mkdir -p "$work"
extra=""
[ $# -eq 0 ] || extra=$(printf ' %q' "$@")

# One line per game: variant, shards.
runs="chess2016 8
contemporary 4
chess56 1
placement 1
placement-reduced 1
chess20 1"

echo "$runs" | while read -r variant shards; do
  for i in $(seq 1 "$shards"); do
    echo "$bin atlas --variant $variant --nodes $nodes --shard $i/$shards --out $work/$variant-$i-of-$shards.csv$extra"
  done
done | parallel -j "$jobs" --line-buffer

echo "$runs" | while read -r variant shards; do
  "$bin" atlas merge --out "$root/atlas/$variant.csv" "$work/$variant"-[0-9]*-of-"$shards".csv
done
