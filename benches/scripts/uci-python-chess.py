#!/usr/bin/env python3
"""Drives `spacechess uci` with python-chess's UCI client (issue 14): orthodox games of our engine
against itself, every move checked legal by python-chess, and the time the engine answers in.

Usage: python3 benches/scripts/uci-python-chess.py [GAMES] [MOVETIME_MS]
Needs python-chess (pip install chess) and a release build (cargo build --release).
Not run by CI: a check of interoperability with a widely used client, and a benchmark.
"""
import statistics
import sys
import time

import chess
import chess.engine

BINARY = "target/release/spacechess"


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    movetime = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    limit = chess.engine.Limit(time=movetime / 1000)
    overheads = []
    results = []
    with chess.engine.SimpleEngine.popen_uci([BINARY, "uci"]) as engine:
        assert engine.id["name"].startswith("spacechess"), engine.id
        engine.configure({"Hash": 16, "Threads": 1})
        for g in range(games):
            board = chess.Board()
            # A different two-ply opening per game so that the games differ.
            opening = list(board.legal_moves)
            board.push(opening[g % len(opening)])
            board.push(list(board.legal_moves)[g % 7])
            while not board.is_game_over(claim_draw=True) and board.ply() < 200:
                t0 = time.monotonic()
                info = engine.play(board, limit, info=chess.engine.INFO_ALL)
                overheads.append(time.monotonic() - t0 - movetime / 1000)
                assert info.move in board.legal_moves, (board.fen(), info.move)
                board.push(info.move)
            results.append(board.result(claim_draw=True))
            print(f"game {g + 1}: {results[-1]} in {board.ply()} plies", flush=True)
        # Analysis with info: depth, score and pv come back parsed.
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=6))
        assert info["depth"] == 6 and "score" in info and info["pv"], info
        print(f"analyse depth 6: {info['score'].white()} pv {' '.join(m.uci() for m in info['pv'])}")
    over = sorted(overheads)
    print(
        f"{len(over)} moves, all legal; answer time beyond movetime: "
        f"median {statistics.median(over) * 1000:.1f} ms, "
        f"95th percentile {over[int(len(over) * 0.95)] * 1000:.1f} ms, max {over[-1] * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
