#!/usr/bin/env python3
"""Drives `spacechess uci` with python-chess's UCI client (issue 14): orthodox games of our engine
against itself, every move checked legal by python-chess, and the time the engine answers in;
then a few self-play records (`spacechess selfplay --record`, one from a set position) read and
replayed by python-chess's PGN reader.

Usage: python3 benches/scripts/uci-python-chess.py [GAMES] [MOVETIME_MS]
Needs python-chess (pip install chess) and a release build (cargo build --release).
Not run by CI: a check of interoperability with a widely used client, and a benchmark.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import chess
import chess.engine
import chess.pgn

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
    check_records()
    return 0


def check_records() -> None:
    """Our orthodox records are PGN: python-chess reads every game and its moves, also from a
    set position (`SetUp` and `FEN` tags)."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, extra in [
            ("start.pgn", []),
            ("set.pgn", ["-p", "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1"]),
        ]:
            path = os.path.join(tmp, name)
            subprocess.run(
                [BINARY, "selfplay", "orthodox", "--games", "2", "--a", "depth:1",
                 "--b", "random", "--record", path, *extra],
                check=True, capture_output=True,
            )
            with open(path) as f:
                games = 0
                while (game := chess.pgn.read_game(f)) is not None:
                    assert not game.errors, (name, game.errors)
                    # python-chess checks every move's legality as it reads (errors above).
                    assert list(game.mainline_moves()), name
                    games += 1
            assert games == 2, (name, games)
    print("records: python-chess read and replayed 4 self-play records (2 from a set position)")


if __name__ == "__main__":
    sys.exit(main())
