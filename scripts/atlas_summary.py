#!/usr/bin/env python3
"""Summaries of the committed setup atlases (atlas/*.csv) as Markdown, for docs/atlas.md.

    scripts/atlas_summary.py [ATLAS_DIR]

Scores are the engine's, from White's side, in pawns (a mate counts as 100)."""
import csv
import os
import statistics
import sys

DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "atlas")


def load(variant):
    with open(os.path.join(DIR, variant + ".csv"), newline="") as f:
        return list(csv.DictReader(f))


def pawns(row):
    return int(row["score_cp"]) / 100


def name(row):
    return row["setup"] + (" (swapped)" if "knight-camel-swap" in row["options"] else "")


def overview(variant, rows):
    scores = [pawns(r) for r in rows if not int(r["mating_moves"])]
    lost = [r for r in rows if int(r["mating_moves"])]
    forced2 = [r for r in rows if r["forced_mate"] == "+2"]
    black = [r for r in rows if r["forced_mate"] == "-1"]
    within = lambda band: sum(abs(s) <= band for s in scores)
    decided = sum(s >= 3 for s in scores)
    print(f"| {variant} | {len(rows)} | {rows[0]['limit']} | {statistics.mean(scores):+.2f} | "
          f"{statistics.median(scores):+.2f} | {within(0.25)} | {within(0.5)} | {within(1.0)} | "
          f"{decided} | {len(lost)} | {len(forced2)} | {len(black)} |")


def extremes(variant, rows, k=5):
    fair = sorted((r for r in rows if not int(r["mating_moves"])), key=lambda r: abs(pawns(r)))
    print(f"\n**{variant}**, most balanced: " +
          ", ".join(f"`{name(r)}` {pawns(r):+.2f}" for r in fair[:k]) + ".")
    print(f"Least balanced (no mate in one): " +
          ", ".join(f"`{name(r)}` {pawns(r):+.2f}" for r in fair[::-1][:k]) + ".")


def by_dice(variant, rows):
    """Mean score by the white roll, and for Chess 2016 by the green and red dice."""
    def mean_of(groups):
        return {k: statistics.mean(v) for k, v in sorted(groups.items())}
    plain = [r for r in rows if not int(r["mating_moves"])]
    white, green, red, swap = {}, {}, {}, {}
    for r in plain:
        parts = r["setup"].split(".")
        white.setdefault(parts[0][1:], []).append(pawns(r))
        if len(parts) == 3:
            green.setdefault(parts[1][1], []).append(pawns(r))
            red.setdefault(parts[2][1], []).append(pawns(r))
        swap.setdefault("swapped" if r["options"] else "as rolled", []).append(pawns(r))
    print(f"\n{variant}, mean score by white roll (setups with a mate in one left out):\n")
    w = mean_of(white)
    keys = list(w)
    for i in range(0, len(keys), 8):
        chunk = keys[i:i + 8]
        print("| " + " | ".join(chunk) + " |")
        print("|" + " --- |" * len(chunk))
        print("| " + " | ".join(f"{w[k]:+.2f}" for k in chunk) + " |\n")
    if green:
        g, rd = mean_of(green), mean_of(red)
        print("| die | 1 | 2 | 3 | 4 | 5 | 6 |\n| --- | --- | --- | --- | --- | --- | --- |")
        print("| green (Queen) | " + " | ".join(f"{g[k]:+.2f}" for k in g) + " |")
        print("| red (Cannon) | " + " | ".join(f"{rd[k]:+.2f}" for k in rd) + " |")
    s = mean_of(swap)
    print("\nKnights and Camels: " + ", ".join(f"{k} {v:+.2f}" for k, v in s.items()) + ".")


def placement_choices(variant, rows):
    """Black chooses the kings, then White the queens: each king choice's value is White's best
    queen choice after it."""
    kings = {}
    for r in rows:
        ranks = r["fen"].split()[0].split("/")
        king = "abcdefgh"[ranks[0].index("k")]
        queen = "abcdefgh"[ranks[7].index("Q")]
        kings.setdefault(king, []).append((pawns(r), queen, r["setup"]))
    print(f"\n{variant}: Black's king choice, then White's best queen choice after it:\n")
    print("| Black's king on | White's best reply (queen on) | score | White's worst reply | score |")
    print("| --- | --- | --- | --- | --- |")
    for king, options in sorted(kings.items(), key=lambda kv: max(kv[1])[0]):
        best, worst = max(options), min(options)
        print(f"| {king}8 | {best[1]}1 (setup {best[2]}) | {best[0]:+.2f} | "
              f"{worst[1]}1 (setup {worst[2]}) | {worst[0]:+.2f} |")


def main():
    variants = ["chess56", "chess2016", "contemporary", "placement", "placement-reduced", "chess20"]
    data = {v: load(v) for v in variants if os.path.exists(os.path.join(DIR, v + ".csv"))}
    print("| game | rows | search | mean | median | within 0.25 | within 0.50 | within 1.00 | "
          "White +3 or more | mate in one | White mates in 2 | Black mates in 1 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for v, rows in data.items():
        overview(v, rows)
    for v, rows in data.items():
        extremes(v, rows)
    for v in ("chess56", "chess2016"):
        if v in data:
            by_dice(v, data[v])
    for v in ("placement", "placement-reduced"):
        if v in data:
            placement_choices(v, data[v])


main()
