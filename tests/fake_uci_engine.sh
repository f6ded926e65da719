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
      esac ;;
    quit) exit 0 ;;
  esac
done
