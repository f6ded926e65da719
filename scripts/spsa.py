#!/usr/bin/env python3
"""Tunes the search's margins (src/engine/tunables.h) by SPSA self-play.

Each iteration perturbs every tunable at once by +c or -c (a random sign each), plays the
plus-engine against the minus-engine with `menagerie match` (fixed nodes, openings in both
colours), and moves every tunable along its sign by a step proportional to the score. The state
(the current values and the iteration) is a JSON file that the next run resumes from; the values
are printed after every iteration as `name=value` lines that `setoption name Tune NAME value V`
(or `option.Tune NAME=V` in a match) takes.

    scripts/spsa.py --variant placement --option castling=chess960 --state spsa.json \
        --iterations 200 --games 16 --nodes 8000

Only the standard library: see docs/engine.md, "Tuning the search", for the method and what a
run found.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TUNABLES_H = os.path.join(HERE, "..", "src", "engine", "tunables.h")
ENTRY = re.compile(r'\{"(\w+)",\s*(-?\d+),\s*(-?\d+),\s*(-?\d+)\}')
SCORE = re.compile(r"Score of .*?: (\d+) - (\d+) - (\d+)")


def read_tunables(path):
    """The name, start value, minimum and maximum of every tunable, from the header."""
    with open(path, encoding="utf-8") as f:
        found = [(m[1], int(m[2]), int(m[3]), int(m[4])) for m in ENTRY.finditer(f.read())]
    if not found:
        sys.exit(f"no tunables found in {path}")
    return found


def engine_spec(binary, name, values):
    options = ",".join(f"option.Tune {k}={v}" for k, v in sorted(values.items()))
    return f"cmd={binary} uci,name={name},{options}"


def play(args, plus, minus, seed):
    """Wins minus losses of the plus-engine over one match."""
    command = [args.binary, "match", "--variant", args.variant,
               "--engine", engine_spec(args.binary, "plus", plus),
               "--engine", engine_spec(args.binary, "minus", minus),
               "--games", str(args.games),
               *(["--tc", args.tc] if args.tc else ["--nodes", str(args.nodes)]),
               "--concurrency", str(args.concurrency), "--seed", str(seed),
               "--random-plies", str(args.random_plies), "--maxmoves", "200"]
    for option in args.option:
        command += ["--option", option]
    done = subprocess.run(command, capture_output=True, text=True)
    found = SCORE.search(done.stdout)
    if done.returncode != 0 or not found:
        sys.exit(f"the match failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    wins, losses, _ = (int(x) for x in found.groups())
    return wins - losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "menagerie"))
    parser.add_argument("--variant", required=True)
    parser.add_argument("--option", action="append", default=[], help="game option name=value")
    parser.add_argument("--state", required=True, help="JSON file to resume from and write")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--games", type=int, default=16, help="games per iteration (even)")
    parser.add_argument("--nodes", type=int, default=8000)
    parser.add_argument("--tc", help="a clock (seconds[+increment]) instead of --nodes; only then "
                                     "are the clock's tunables (time_*) tuned too")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--random-plies", type=int, default=8)
    parser.add_argument("--c", type=float, default=0.05,
                        help="perturbation as a fraction of each tunable's range")
    parser.add_argument("--r", type=float, default=0.1,
                        help="learning rate: a tunable moves r * its perturbation per point of "
                             "score (wins minus losses), less as the iterations go")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        sys.exit("--games must be even and at least 2 (each opening with both colours)")

    # The clock's tunables do nothing in a search to a number of nodes.
    specs = [spec for spec in read_tunables(TUNABLES_H)
             if args.tc or not spec[0].startswith("time_")]
    state = {"iteration": 0, "values": {name: float(value) for name, value, _, _ in specs}}
    if os.path.exists(args.state):
        with open(args.state, encoding="utf-8") as f:
            state = json.load(f)
        # A tunable added to the header since starts from its value there; one removed is dropped.
        state["values"] = {name: state["values"].get(name, float(value))
                           for name, value, _, _ in specs}
    rng = random.Random(args.seed * 1_000_003 + state["iteration"])
    bounds = {name: (low, high) for name, _, low, high in specs}

    for _ in range(args.iterations):
        k = state["iteration"]
        theta = state["values"]
        plus, minus, signs, widths = {}, {}, {}, {}
        for name, (low, high) in bounds.items():
            # Perturbations shrink slowly (k^0.101), steps faster (k^0.602): Spall's exponents.
            widths[name] = max(1.0, args.c * (high - low) / (k + 1) ** 0.101)
            signs[name] = rng.choice((-1, 1))
            shifted = theta[name] + signs[name] * widths[name]
            plus[name] = int(round(min(high, max(low, shifted))))
            shifted = theta[name] - signs[name] * widths[name]
            minus[name] = int(round(min(high, max(low, shifted))))
        score = play(args, plus, minus, args.seed * 100_000 + k)
        learning = args.r / (1 + k / 100) ** 0.602
        for name, (low, high) in bounds.items():
            step = learning * widths[name] * score * signs[name]
            theta[name] = min(high, max(low, theta[name] + step))
        state["iteration"] = k + 1
        with open(args.state + ".tmp", "w", encoding="utf-8") as f:
            json.dump(state, f, indent=1)
        os.replace(args.state + ".tmp", args.state)
        print(f"iteration {k + 1}: score {score:+d}  "
              + " ".join(f"{n}={round(v)}" for n, v in theta.items()), flush=True)


if __name__ == "__main__":
    main()
