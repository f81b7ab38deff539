#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into fuzz/seeds/TARGET/ from the shipped samples
and the 60 official games (tests/data/official-games), and from a few arena runs and player
logs made with the release binary (built here if missing).

Usage, from the repository's root or from fuzz/:  python3 fuzz/seeds.py
The seeds are inputs to start from; `cargo fuzz run TARGET fuzz/seeds/TARGET` grows a corpus
in fuzz/corpus/TARGET, and `cargo fuzz cmin` keeps it small (fuzz/README.md).
"""

import json
import os
import random
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"
GAMES = sorted((ROOT / "tests" / "data" / "official-games").glob("game-*.json"))
SAMPLES = ROOT / "samples"
BIN = ROOT / "target" / "release" / "daimyo"


def put(target, name, data):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def daimyo(*args, stdin=None):
    r = subprocess.run([str(BIN), *args], input=stdin, capture_output=True, cwd=ROOT)
    if r.returncode != 0:
        sys.exit(f"daimyo {' '.join(args)}: exit {r.returncode}: {r.stderr.decode()}")
    return r.stdout


def main():
    if not BIN.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    games = [json.loads(p.read_text()) for p in GAMES]

    # player_input: what each seat of the official games was sent, and the samples; a few
    # bytes cut off, so that the cut ends are there too.
    for g in games:
        for seat, text in enumerate(g["inputs"]):
            put("player_input", f"game-{g['seed']}-seat{seat}.txt", text)
    for name in ["game.txt", "turn5.txt"]:
        put("player_input", name, (SAMPLES / name).read_bytes())
    put("player_input", "cut.txt", (SAMPLES / "game.txt").read_bytes()[:150])

    # rules: the seed (4 bytes, little-endian), then each turn each seat's count and lords,
    # as the manager applied them; and one game with moves of the wrong phase and beyond.
    for g in games:
        b = struct.pack("<I", g["seed"])
        for turn in g["applied"]:
            for lords in turn:
                b += bytes([len(lords)]) + bytes(lords)
        put("rules", f"game-{g['seed']}.bin", b)
    b = struct.pack("<I", 7) + bytes([5, 0, 1, 2, 3, 4]) * 4 + bytes([5, 0, 1, 2, 3, 9]) * 4
    put("rules", "illegal.bin", b + bytes([2, 0, 1]) * 4 + bytes([5, 5, 5, 5, 5, 5]) * 36)

    # bot_turn: a seed, the seat/first turn/clock byte, then picks of legal moves.
    rng = random.Random(64)
    for i, g in enumerate(games[:16]):
        head = struct.pack("<I", g["seed"]) + bytes([rng.randrange(256) & 0x7F if i % 4 else i])
        put("bot_turn", f"game-{g['seed']}.bin", head + bytes(rng.randrange(256) for _ in range(40)))

    # show: the samples, the manager's result of official games, a player's log.
    for name in ["result.json", "arena.jsonl", "game.log"]:
        put("show", name, (SAMPLES / name).read_bytes())
    for g in games[:8]:
        winner = "" if g["winner"] is None else g["winner"]
        result = {"winner": winner, "replay": {"seed": g["seed"], "commands": g["applied"]}}
        put("show", f"result-{g['seed']}.json", json.dumps(result))
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "game.log"
        for seat in range(2):
            daimyo("--rollouts", "200", "--no-clock", "--seed", "1", "--log", str(log),
                   stdin=games[seat]["inputs"][seat].encode())
        bad = games[2]["inputs"][0][:200] + "x\n"
        subprocess.run([str(BIN), "--rollouts", "50", "--no-clock", "--log", str(log)],
                       input=bad.encode(), capture_output=True)
        put("show", "two-games-and-an-error.log", log.read_bytes())

        # arena_out: --out files of a few small runs of cheap built-ins: four fixed entrants,
        # opponents drawn, an SPRT, a curve, a shard; each whole, and one cut inside its last line.
        runs = {
            "fixed": ["greedy", "random", "fortress", "tables", "--seeds", "2"],
            "drawn": ["--draw-from", "greedy,random,fortress,tables", "history", "--seeds", "2"],
            "sprt": ["--sprt", "greedy", "fortress", "random", "random", "tables",
                     "--seeds", "2"],
            "curve": ["--curve", "greedy,fortress", "random", "random", "tables",
                      "--seeds", "1"],
            "shard": ["greedy", "random", "fortress", "tables", "--seeds", "3",
                      "--shard", "2/2", "--first-seed", "100"],
        }
        for name, args in runs.items():
            out = Path(tmp) / f"{name}.jsonl"
            daimyo("arena", *args, "--jobs", "1", "--out", str(out))
            text = out.read_bytes()
            put("arena_out", f"{name}.jsonl", text)
            put("arena_out", f"{name}-torn.jsonl", text[: len(text) - 40])
    # learn_inputs: a file of each format learn reads: the manager's result, an --out file,
    # the first games of each file of the contest's records, a player's log; one cut short.
    for name in ["result.json", "arena.jsonl", "game.log"]:
        put("learn_inputs", name, (SAMPLES / name).read_bytes())
    for path in sorted((ROOT / "tests" / "data" / "field-games").glob("*.jsonl")):
        lines = path.read_bytes().split(b"\n")
        put("learn_inputs", path.name, b"\n".join(lines[:3]) + b"\n")
    put("learn_inputs", "cut.jsonl", (SAMPLES / "arena.jsonl").read_bytes()[:900])

    # field_file: the default field cut to the components of a few kinds, or none (one learnt
    # player weighs 73 KB: the whole field, 286 KB, would slow every input down).
    default = json.loads((ROOT / "src" / "player" / "field" / "default.json").read_text())
    def field(name, keep):
        f = dict(default, components=[c for c in default["components"] if keep(c)])
        put("field_file", name, json.dumps(f))
    field("described.json", lambda c: c["kind"] in ("picks", "described", "searching"))
    field("contestant.json", lambda c: c["kind"] in ("picks", "contestant"))
    field("one-learnt.json", lambda c: c["kind"] == "picks" or c["name"] == "orig-margins")
    field("none.json", lambda c: False)
    print(f"seeds written to {SEEDS}")


if __name__ == "__main__":
    main()
