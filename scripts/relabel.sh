#!/usr/bin/env bash
# Scores the 8 x 8 family's training data again with a teacher (docs/engine.md, "A teacher's
# scores"): every file that scripts/datagen.sh wrote in DATADIR, searched position by position by
# Debian's Stockfish, written to OUTDIR under the same name. GNU parallel runs JOBS files at a
# time; a stopped run resumes where it stopped.
#
#   scripts/relabel.sh DATADIR OUTDIR [JOBS] [extra relabel flags...]
#
# Only the orthodox family: Stockfish reads the FEN of a chess position, and a position of
# Placement, Contemporary Random Chess or Chess20 is one (its castling rights are not in the data,
# and a quiet position's worth hardly depends on them). Depth 8 costs about 4.5 ms a position;
# the scale 0.9 turns Stockfish's centipawns into this engine's (the logistic scales that best
# turn each's scores of the same positions into the games' results, 164 and 182 on Placement).
set -euo pipefail
data=${1:?the folder scripts/datagen.sh wrote}
out=${2:?output folder}
jobs=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
bin=${MENAGERIE:-$(dirname "$0")/../build/menagerie}
teacher=$(command -v stockfish || echo /usr/games/stockfish)
mkdir -p "$out"
shopt -s nullglob
files=("$data"/*.dat)
[ ${#files[@]} -gt 0 ] || { echo "no data in '$data'" >&2; exit 2; }
extra=""
[ $# -eq 0 ] || extra=$(printf ' %q' "$@")
for f in "${files[@]}"; do
  echo "$bin relabel --data $f --out $out/$(basename "$f") --engine cmd=$teacher --depth 8 --scale 0.9$extra"
done | parallel -j "$jobs" --line-buffer
