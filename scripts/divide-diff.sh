#!/usr/bin/env bash
# Compares `menagerie perft --divide` with Stockfish's `go perft` for a chess or Chess960 FEN.
# usage: scripts/divide-diff.sh FEN DEPTH [variant] [menagerie options...]
set -euo pipefail
fen=$1 depth=$2 variant=${3:-chess}
shift 3 2>/dev/null || shift $#
here=$(cd "$(dirname "$0")/.." && pwd)
sf=$(command -v stockfish || echo /usr/games/stockfish)
diff <(printf 'setoption name UCI_Chess960 value %s\nposition fen %s\ngo perft %s\nquit\n' \
         "$([ "$variant" = chess ] && echo false || echo true)" "$fen" "$depth" | "$sf" |
       grep -E '^[a-h][1-8][a-h][1-8][qrbn]?: ' | sed 's/: /\t/' | sort) \
     <("$here/build/menagerie" perft --variant "$variant" --fen "$fen" --depth "$depth" --divide "$@" 2>/dev/null |
       grep -v '^nodes' | sort)
