#!/bin/sh
# A UCI engine that misbehaves on purpose, for tests/match_test.cpp:
# `fake_uci_engine.sh MODE [PIDFILE]` (its process id is written to PIDFILE when it is given).
#   illegal  answers every `go` with an illegal move (e2e5)
#   garbage  answers with a move that is no move at all
#   crash    exits with status 3 when asked to move
#   hang     never answers `go` (the referee must give up and kill it)
#   mute     never finishes the handshake
#   bare     says `id name` with no name, and answers `go perft` with counts that are no numbers
#   orphan   when asked to move, leaves a process behind that holds its output open, and exits
#            with status 3
#   teacher  scores the last `position fen` by its men: `score cp 10 x MEN + (1 if Black is to
#            move)`, after a bound that must be ignored; a mate score when all 32 are on the board
mode=$1
[ -n "$2" ] && echo $$ > "$2"
while read -r line; do
  case "$line" in
    uci)
      [ "$mode" = mute ] && exec sleep 60
      if [ "$mode" = bare ]; then echo "id name"; echo "id author"; echo "option"; else echo "id name fake-$mode"; fi
      echo "option name Hash type spin default 16 min 1 max 1024"
      echo uciok ;;
    isready) echo readyok ;;
    "position fen "*)
      fen=${line#position fen }
      men=$(printf %s "${fen%% *}" | tr -cd 'a-zA-Z' | wc -c)
      side=0; case "$fen" in *" b "*) side=1 ;; esac ;;
    "go perft"*)
      echo "e2e4: 1"
      echo "Nodes searched: 18446744073709551616" ;;
    go*)
      case "$mode" in
        illegal) echo "bestmove e2e5" ;;
        garbage) echo "bestmove hello" ;;
        crash) exit 3 ;;
        hang) exec sleep 60 ;;
        orphan) sleep 60 & exit 3 ;;
        teacher)
          echo "info depth 1 score cp 9999 lowerbound nodes 1"
          if [ "$men" -eq 32 ]; then echo "info depth 2 score mate 3"; else echo "info depth 2 score cp $((10 * men + side)) nodes 2 pv e2e4"; fi
          echo "info string score cp 7777"
          echo "bestmove 0000" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
