#!/usr/bin/env python3
"""Splits labelled positions (tune-label.py's 'FEN;CP' lines) into a set to fit and a set held
out, by game: a position goes to the held-out set when every game it occurs in is held out, to
the fitted set when none is, and is dropped otherwise. A split of the lines at random would put
positions of one game on both sides; a large learnt table (the royal cell tables) learns those
games, and the held-out error flatters it (docs/search.md, the forty-first stop). Not run by CI.

Usage: python3 benches/scripts/tune-split.py LABELLED FIT HELD EVERY RECORD...
  LABELLED: the labelled positions; FIT, HELD: the files written; EVERY: every EVERY-th game of
  the RECORDs (in order, counting from the first) is held out (10: a tenth); RECORD: the game
  records (PGN) the positions were labelled from. Positions are matched on the FEN's first four
  fields (placement, side to move, castling, en passant).
Needs python-chess (pip install chess).
"""
import collections
import sys

import chess.pgn


def key(fen):
    return " ".join(fen.split()[:4])


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    labelled, fit_path, held_path, every = sys.argv[1:5]
    try:
        every = int(every)
        if every < 2:
            raise ValueError
    except ValueError:
        sys.exit(f"EVERY must be a whole number of 2 or more, not {every!r}")
    games = collections.defaultdict(set)
    game = 0
    for record in sys.argv[5:]:
        with open(record) as f:
            while (parsed := chess.pgn.read_game(f)) is not None:
                board = parsed.board()
                games[key(board.fen(en_passant="fen"))].add(game)
                games[key(board.fen())].add(game)
                for move in parsed.mainline_moves():
                    board.push(move)
                    games[key(board.fen(en_passant="fen"))].add(game)
                    games[key(board.fen())].add(game)
                game += 1
    counts = collections.Counter()
    with open(labelled) as src, open(fit_path, "w") as fit, open(held_path, "w") as held:
        for line in src:
            ids = games.get(key(line.split(";")[0]))
            if not ids:
                counts["not in the records"] += 1
            elif all(i % every == 0 for i in ids):
                held.write(line)
                counts["held out"] += 1
            elif not any(i % every == 0 for i in ids):
                fit.write(line)
                counts["fitted"] += 1
            else:
                counts["in both, dropped"] += 1
    print(f"{game} games; " + ", ".join(f"{v} {k}" for k, v in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except OSError as e:
        sys.exit(f"error: {e.filename}: {e.strerror}")
