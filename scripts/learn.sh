#!/usr/bin/env bash
# Fits a family's evaluation terms (nets/FAMILY.terms) to the data that scripts/datagen.sh
# wrote for it (docs/engine.md, "Learning the evaluation"), and with --network also trains a
# network (nets/FAMILY.nnue: built into the program with the next build, so only keep one that
# a match has shown to be stronger).
#
#   scripts/learn.sh FAMILY DATADIR [--network]
#
# (orthodox: scripts/datagen.sh orthodox DATA, then scripts/relabel.sh DATA TAUGHT, then
# scripts/learn.sh orthodox TAUGHT.)
#
# FAMILY: orthodox, dice, chess66 or blackswan (the names scripts/datagen.sh uses).
set -euo pipefail
family=${1:?family: orthodox, dice, chess66 or blackswan}
case "$family" in
  orthodox|dice|chess66|blackswan) ;;
  *) echo "unknown family '$family': orthodox, dice, chess66 or blackswan" >&2; exit 2 ;;
esac
data=${2:?the folder scripts/datagen.sh wrote}
bin=${MENAGERIE:-$(dirname "$0")/../build/menagerie}
nets=$(dirname "$0")/../nets
shopt -s nullglob
files=("$data"/*.dat)
[ ${#files[@]} -gt 0 ] || { echo "no data in '$data'" >&2; exit 2; }
# The 8 x 8 family learns from its data scored again by Stockfish (scripts/relabel.sh: give
# its OUTDIR as DATADIR): the teacher's score alone (lambda 1.0), every kind of sparse term seen
# 300 times or more, four rounds (docs/engine.md, "A teacher's scores"). Chess 66's fits every
# kind, the cell and passer terms seen 1,000 times and the others 500; Black Swan's the kinds
# with few terms (no cell or passer terms) seen 500 times, in six rounds (its held-out loss still
# fell in the sixth); the dice family's as Chess 66's (on 1.5 million positions: fewer left it
# too small to fit sparse terms).
case "$family" in
  orthodox) fit=(--lambda 1.0 --rounds 4 --positions 2500000 --cells 300 --mobility 300 --king-attack 300
                 --passers 300 --threats 300 --pawns 300 --defended 300) ;;
  chess66|dice) fit=(--lambda 0.75 --rounds 3 --cells 1000 --passers 1000 --mobility 500
                --king-attack 500 --threats 500 --pawns 500 --defended 500) ;;
  blackswan) fit=(--lambda 0.75 --rounds 6 --mobility 500 --king-attack 500 --threats 500
                  --pawns 500 --defended 500) ;;
esac
"$bin" fit --data "${files[@]}" --out "$nets/$family.terms" "${fit[@]}"
# The network is a correction of the terms just written (train reads the built-in terms, so build
# again before training). The 8 x 8 family's: 128 units, the teacher's score alone, weight decay
# against the overfitting of a million positions from sixteen thousand games, and each position
# also learnt mirrored left to right, ten epochs. The dice family's learns its own search's
# scores, which it learns by heart after two epochs: 64 units, stronger decay. Chess 66's as
# well, with 128 units (its 792 features are few) and no mirror (its board has none). Black
# Swan's as Chess 66's, mirrored: it did not beat the terms alone (docs/engine.md, "Black Swan on
# a million positions"), so none is built in.
if [ "${3:-}" = --network ]; then
  case "$family" in
    orthodox) train=(--hidden 128 --epochs 10 --decay 1.0 --lambda 1.0 --validation 0.05 --mirror) ;;
    dice) train=(--hidden 64 --epochs 2 --decay 4.0 --lambda 0.75 --validation 0.05 --mirror) ;;
    chess66) train=(--hidden 128 --epochs 3 --decay 4.0 --lambda 0.75 --validation 0.05) ;;
    blackswan) train=(--hidden 128 --epochs 3 --decay 4.0 --lambda 0.75 --validation 0.05 --mirror) ;;
  esac
  "$bin" train --data "${files[@]}" --out "$nets/$family.nnue" "${train[@]}" --correction
fi
