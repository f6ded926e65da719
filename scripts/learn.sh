#!/usr/bin/env bash
# Fits a family's evaluation terms (nets/FAMILY.terms) to the data that scripts/datagen.sh
# wrote for it (docs/engine.md, "Learning the evaluation"), and with --network also trains a
# network (nets/FAMILY.nnue: built into the program with the next build, so only keep one that
# a match has shown to be stronger).
#
#   scripts/learn.sh FAMILY DATADIR [--network]
#
# FAMILY: orthodox, dice, chess66 or blackswan (the names scripts/datagen.sh uses).
set -euo pipefail
family=${1:?family: orthodox, dice, chess66 or blackswan}
data=${2:?the folder scripts/datagen.sh wrote}
bin=${MENAGERIE:-$(dirname "$0")/../build/menagerie}
nets=$(dirname "$0")/../nets
shopt -s nullglob
files=("$data"/*.dat)
[ ${#files[@]} -gt 0 ] || { echo "no data in '$data'" >&2; exit 2; }
# The 8 x 8 family's data is large enough to weigh the games' results more (lambda 0.5: half
# the search's score, half the result) and to fit every kind of sparse term seen 1,000 times or
# more (docs/engine.md, "Fitted terms"). Chess 66's fits every kind too, the cell and passer
# terms seen 1,000 times and the others 500; Black Swan's the kinds with few terms (no cell or
# passer terms) seen 500 times, in six rounds (its held-out loss still fell in the sixth); the
# dice family keeps the default 0.75 and no sparse terms, which its data
# is too small to fit (the held-out loss rose).
fit=(--lambda 0.75)
case "$family" in
  orthodox) fit=(--lambda 0.5 --rounds 3 --positions 2500000 --cells 1000 --mobility 1000 --king-attack 1000
                 --passers 1000 --threats 1000 --pawns 1000 --defended 1000) ;;
  chess66) fit=(--lambda 0.75 --rounds 3 --cells 1000 --passers 1000 --mobility 500
                --king-attack 500 --threats 500 --pawns 500 --defended 500) ;;
  blackswan) fit=(--lambda 0.75 --rounds 6 --mobility 500 --king-attack 500 --threats 500
                  --pawns 500 --defended 500) ;;
esac
"$bin" fit --data "${files[@]}" --out "$nets/$family.terms" "${fit[@]}"
if [ "${3:-}" = --network ]; then
  "$bin" train --data "${files[@]}" --out "$nets/$family.nnue" --hidden 128 --epochs 3 \
    --batch 2048 --correction
fi
