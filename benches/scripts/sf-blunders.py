#!/usr/bin/env python3
"""The moves our engine lost most with, by Stockfish's judgement (issue 14's sixteenth stop).

Reads a `spacechess match orthodox --record FILE` record of games against a UCI engine, and for
every game the engine named `search` lost, scores each of its moves with Stockfish at a fixed
depth: the score before the move (for the side to move) against the score after it. Prints one
JSON line per move that lost at least DROP centipawns while the game was not already lost
(below -600), with Stockfish's best move and the moves from the start (for `spacechess analyse
orthodox -m ...`).

Usage: benches/scripts/sf-blunders.py RECORD [DEPTH=12] [DROP=120] [STOCKFISH=/usr/games/stockfish]
"""
import json
import re
import subprocess
import sys


def games(path):
    text = open(path).read()
    for game in text.split("[Event")[1:]:
        header = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        body = re.sub(r"\[[^\]]*\]", "", game)
        moves = [t for t in body.split() if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", t)]
        yield header, moves


class Stockfish:
    def __init__(self, command):
        self.p = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            lines.append(line)
            if line.startswith(token):
                return lines

    def score(self, moves, depth):
        """The score for the side to move (centipawns; a mate as +-10000) and the best move."""
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go depth {depth}")
        lines = self.wait("bestmove")
        score = 0
        for line in lines:
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m:
                n = int(m.group(2))
                score = n if m.group(1) == "cp" else (10000 if n > 0 else -10000)
        return score, lines[-1].split()[1]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    drop = int(sys.argv[3]) if len(sys.argv) > 3 else 120
    sf = Stockfish(sys.argv[4] if len(sys.argv) > 4 else "/usr/games/stockfish")
    for number, (header, moves) in enumerate(games(sys.argv[1]), 1):
        ours = 0 if header.get("White") == "search" else 1
        result = header.get("Result")
        if result != ("0-1" if ours == 0 else "1-0"):
            continue
        # The first plies are the match's random opening (`--opening-plies 4`), not the engine's.
        for ply in range(4 + ours, len(moves), 2):
            before, best = sf.score(moves[:ply], depth)
            after = -sf.score(moves[: ply + 1], depth)[0]
            if before - after >= drop and before > -600:
                print(json.dumps(dict(game=number, ply=ply, played=moves[ply], best=best,
                                      before=before, after=after, moves=" ".join(moves[:ply]))), flush=True)


main()
