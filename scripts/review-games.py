#!/usr/bin/env python3
"""Where a player's games were lost: every move of a match's PGN scored by Stockfish.

    scripts/review-games.py GAMES.pgn --player NAME [--nodes 150000] [--games N]

Reads the PGN that `menagerie match --pgn` writes (games of chess or of Placement from its
setups: the positions Stockfish plays), asks `menagerie fen` for the position before every move
and Stockfish (one thread, full strength, Chess960 castling) for its score at --nodes, and prints
what each side's moves cost by move number: a move's cost is the fall of the expected score
1 / (1 + e^(-cp/250)) from the mover's side between the position before it and the one after.
The opponent's moves, measured the same way, show the measure's own noise at that many nodes.
Also: the move after which each lost game's score stayed below -50 (having fallen below -150),
and the player's worst moves from a balanced position. docs/engine.md, Strength, uses it.
"""
import argparse
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYABLE = {"chess", "placement"}
BINS = [(1, 10), (11, 20), (21, 30), (31, 40), (41, 60), (61, 10**6)]


def read_pgn(path):
    """The games as (headers, SAN moves)."""
    games, headers, text = [], {}, []
    for line in Path(path).read_text().splitlines() + ["[Event \"end\"]"]:
        tag = re.match(r'\[(\w+) "(.*)"\]', line)
        if tag and text:
            body = re.sub(r"\{[^}]*\}|\([^)]*\)", " ", " ".join(text))
            moves = [t for t in body.split()
                     if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
            games.append((headers, moves))
            headers, text = {}, []
        if tag:
            headers[tag.group(1)] = tag.group(2)
        elif line.strip():
            text.append(line)
    return games


def fens_of(menagerie, headers, moves):
    """The position before each move, and after the last."""
    base = [menagerie, "fen", "--variant", headers.get("Variant", "chess")]
    for option in headers.get("VariantOptions", "").split():
        base += ["--option", option]
    if "FEN" in headers:
        base += ["--fen", headers["FEN"]]
    fens = []
    for k in range(len(moves) + 1):
        cmd = base + (["--moves", " ".join(moves[:k])] if k else [])
        fens.append(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip())
    return fens


class Stockfish:
    def __init__(self, path, nodes):
        self.nodes = nodes
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci", "setoption name Threads value 1", "setoption name Hash value 64",
                  "setoption name UCI_Chess960 value true", "isready")
        self.wait("readyok")

    def send(self, *lines):
        for line in lines:
            self.proc.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("stockfish ended unexpectedly")
            lines.append(line)
            if line.startswith(word):
                return lines

    def score(self, fen):
        """Centipawns from the side to move, mates as +-2000, within +-2000."""
        self.send(f"position fen {fen}", f"go nodes {self.nodes}")
        score = 0
        for line in self.wait("bestmove"):
            cp = re.search(r"score cp (-?\d+)", line)
            mate = re.search(r"score mate (-?\d+)", line)
            if cp:
                score = int(cp.group(1))
            elif mate:
                score = 2000 if int(mate.group(1)) > 0 else -2000
        return max(-2000, min(2000, score))


def expected(cp):
    return 1 / (1 + math.exp(-cp / 250))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--player", required=True, help="the player's name in White/Black")
    parser.add_argument("--nodes", type=int, default=150000)
    parser.add_argument("--games", type=int, default=0, help="only the first N games")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--menagerie", default=str(ROOT / "build" / "menagerie"))
    args = parser.parse_args()

    games = read_pgn(args.pgn)[: args.games or None]
    sf = Stockfish(args.stockfish, args.nodes)
    cost = {"player": {b: [] for b in BINS}, "opponent": {b: [] for b in BINS}}
    lost_at, worst, skipped = {}, [], 0
    for number, (headers, moves) in enumerate(games, 1):
        if headers.get("Variant", "chess") not in PLAYABLE or args.player not in (
                headers.get("White"), headers.get("Black")):
            skipped += 1
            continue
        player_white = headers.get("White") == args.player
        fens = fens_of(args.menagerie, headers, moves)
        scores = [sf.score(f) for f in fens]  # from the side to move in each
        fell, lost = False, None
        for ply, move in enumerate(moves):
            white_moves = fens[ply].split()[1] == "w"
            before, after = scores[ply], -scores[ply + 1]
            loss = max(0.0, expected(before) - expected(after))
            mover = "player" if white_moves == player_white else "opponent"
            move_number = int(fens[ply].split()[5])  # the FEN's own count, whoever starts
            for b in BINS:
                if b[0] <= move_number <= b[1]:
                    cost[mover][b].append(loss)
            if mover == "player":
                if abs(before) <= 300:
                    worst.append((loss, number, move_number, fens[ply], move, before, after))
                if before < -150 and not fell:
                    fell, lost = True, move_number
                elif before > -50:
                    fell, lost = False, None
        lost_at[number] = lost
        print(f"game {number}: {len(moves)} plies, lost at move {lost or '-'}", file=sys.stderr)

    print(f"{len(games) - skipped} games of {args.player} ({skipped} skipped), "
          f"Stockfish at {args.nodes} nodes")
    print("moves     player's moves  cost  a move   opponent's a move")
    for b in BINS:
        mine, theirs = cost["player"][b], cost["opponent"][b]
        if not mine:
            continue
        label = f"{b[0]}-{b[1]}" if b[1] < 10**6 else f"{b[0]} on"
        print(f"{label:9} {len(mine):14} {sum(mine):5.1f}  {sum(mine) / len(mine):.4f}   "
              f"{sum(theirs) / max(1, len(theirs)):.4f}")
    total = [x for b in BINS for x in cost["player"][b]]
    noise = [x for b in BINS for x in cost["opponent"][b]]
    print(f"all       {len(total):14} {sum(total):5.1f}  (opponent's moves: {sum(noise):.1f})")
    print("lost at:  " + ", ".join(
        f"{label} {sum(1 for m in lost_at.values() if m and lo <= m <= hi)}"
        for label, lo, hi in [("1-10", 1, 10), ("11-20", 11, 20), ("21-30", 21, 30),
                              ("31-40", 31, 40), ("41 on", 41, 10**6)])
        + f", never {sum(1 for m in lost_at.values() if not m)}")
    print("worst moves from a balanced position (cost, game, move, FEN, move, before, after):")
    for loss, number, move_number, fen, move, before, after in sorted(worst, reverse=True)[:10]:
        print(f"  {loss:.3f}  game {number}  move {move_number}  {fen}  {move}  {before} -> {after}")
    sf.send("quit")


if __name__ == "__main__":
    main()
