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
# the search's score, half the result) and to fit each type's cell terms where a type stands on
# a cell 1,000 times or more; the smaller families keep the default 0.75 and no cell terms.
fit=(--lambda 0.75)
[ "$family" = orthodox ] && fit=(--lambda 0.5 --cells 1000 --rounds 3)
"$bin" fit --data "${files[@]}" --out "$nets/$family.terms" "${fit[@]}"
if [ "${3:-}" = --network ]; then
  "$bin" train --data "${files[@]}" --out "$nets/$family.nnue" --hidden 128 --epochs 3 \
    --batch 2048 --correction
fi
