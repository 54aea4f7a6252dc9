#!/usr/bin/env python3
"""Labels quiet orthodox positions from game records with Stockfish's score, for the evaluation
tuner (benches/examples/tune.rs). Not run by CI.

Usage: python3 benches/scripts/tune-label.py [--start=N] OUT DEPTH WORKER WORKERS RECORD...
  RECORD: game records of `spacechess match orthodox ... --record FILE`. Our engine against
  itself plays both games of a pair alike: give the two sides different node counts
  (`--a search:nodes=3000 --b search:nodes=3300 --tc nodes=3000`) for games all different.
  Positions after the 8th ply, not in check, whose move played was quiet, are kept once each and
  shuffled; worker W of N labels every Nth (run N at once on N cores, then concatenate the OUTs).
  A position stays only if Stockfish's best move at DEPTH is quiet too and its score is not a
  mate nor beyond 20 pawns. Writes lines 'FEN;CP', CP from White's side.
  --start=N resumes a stopped worker: it skips the first N positions of its share (the same
  records in the same order give the same shuffle; the log's last count is a safe N, since OUT is
  flushed at each count) and writes to a new OUT.
Needs python-chess (pip install chess) and /usr/games/stockfish (Debian's stockfish).
"""
import io
import random
import sys

import chess
import chess.engine
import chess.pgn


def positions(paths):
    seen = set()
    out = []
    for path in paths:
        # python-chess reads a Variant tag as a variant of its own: orthodox is its standard game.
        text = "".join(l for l in open(path) if not l.startswith("[Variant "))
        f = io.StringIO(text)
        while (game := chess.pgn.read_game(f)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                quiet = not board.is_capture(move) and move.promotion is None
                if ply >= 8 and quiet and not board.is_check():
                    key = board.epd()
                    if key not in seen:
                        seen.add(key)
                        out.append(board.fen())
                board.push(move)
    return out


def main() -> int:
    args = sys.argv[1:]
    start = 0
    if args and args[0].startswith("--start="):
        text = args.pop(0).removeprefix("--start=")
        if not text.isdigit():
            print(f"--start={text}: not a whole number of positions", file=sys.stderr)
            return 2
        start = int(text)
    if len(args) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    out, depth, worker, workers = args[0], int(args[1]), int(args[2]), int(args[3])
    fens = positions(args[4:])
    random.seed(7)
    random.shuffle(fens)
    mine = fens[worker::workers]
    print(f"{len(fens)} positions, worker {worker}: {len(mine)}, from {start}", file=sys.stderr)
    sf = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    sf.configure({"Threads": 1, "Hash": 16})
    with open(out, "w") as o:
        for n, fen in enumerate(mine):
            if n < start:
                continue
            board = chess.Board(fen)
            info = sf.analyse(board, chess.engine.Limit(depth=depth))
            pv = info.get("pv") or []
            if pv and (board.is_capture(pv[0]) or pv[0].promotion):
                continue
            score = info["score"].white()
            if score.is_mate() or abs(score.score()) > 2000:
                continue
            o.write(f"{fen};{score.score()}\n")
            if n % 2000 == 0:
                print(f"worker {worker}: {n}/{len(mine)}", file=sys.stderr)
                o.flush()
    sf.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
