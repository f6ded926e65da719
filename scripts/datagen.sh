#!/usr/bin/env bash
# Regenerates the training data of one family of games (docs/engine.md, "Training data"): every
# game of the family, split into shards that GNU parallel runs JOBS at a time on this machine
# (or over several hosts: see docs/engine.md). A run that is stopped resumes where it stopped.
#
#   scripts/datagen.sh FAMILY OUTDIR [JOBS] [extra datagen flags...]
#
# FAMILY: orthodox (Placement with chess960 castling, Contemporary Random Chess, Chess20 and
# chess), dice (Chess 2016 and Chess 56), chess66, blackswan.
set -euo pipefail
family=${1:?family: orthodox, dice, chess66 or blackswan}
out=${2:?output folder}
jobs=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
bin=${MENAGERIE:-$(dirname "$0")/../build/menagerie}
mkdir -p "$out"

# One line per game of the family: variant, options (comma-separated), games, shards, seed.
case "$family" in
  orthodox) runs="placement castling=chess960 24000 12 171
contemporary - 12000 6 172
chess20 - 4000 2 173
chess - 4000 2 174" ;;
  dice) runs="chess2016 - 24000 12 181
chess56 - 4000 2 182" ;;
  chess66) runs="chess66 - 24000 12 191" ;;
  blackswan) runs="blackswan - 40000 12 201" ;;
  *) echo "unknown family '$family' (orthodox, dice, chess66, blackswan)" >&2; exit 2 ;;
esac

# The shards of every game of the family, interleaved so that a run stopped early has data of
# each game: one datagen command a line, which parallel runs JOBS at a time.
extra=""
[ $# -eq 0 ] || extra=$(printf ' %q' "$@")
echo "$runs" | while read -r variant options games shards seed; do
  flags=""
  [ "$options" = - ] || for o in ${options//,/ }; do flags="$flags --option $o"; done
  for i in $(seq 1 "$shards"); do
    echo "$i $bin datagen --variant $variant$flags --games $games --shard $i/$shards --seed $seed --out $out/$variant-$i-of-$shards.dat$extra"
  done
done | sort -s -n -k1,1 | cut -d' ' -f2- | parallel -j "$jobs" --line-buffer
