#!/usr/bin/env bash
# Our engine against an earlier one, per variant, at equal time. Prints one line per variant with
# the score and the Elo difference (for the four-player game: A's wins, draws and losses).
#
# By default B is the same binary with the search of issue 14 off (`search:baseline`: no null
# move, late-move reductions, aspiration windows, futility, coalition bound; the evaluation and
# move generation are the new ones for both). With OLD=PATH, B is that build of spacechess over
# UCI, with its null move, late-move reductions and aspiration windows turned off: the engine as
# issue 14 found it is `git checkout 22163e8` (the first build that speaks UCI), built in release.
#
# Usage: [BIN=NEW] [OLD=PATH] [ADJUDICATE=CP] benches/scripts/variant-matches.sh [GAMES]
#        [MOVETIME_MS] [VARIANT ...]
#   defaults: 20 games, 50 ms a move, raumschach cubic sphinx spectral goff cubic8-4; games that
#   reach 300 plies are adjudicated to a side leading by ADJUDICATE centipawns (default 500) on
#   the new build's evaluation, else drawn.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games="${1:-20}"
movetime="${2:-50}"
shift $(( $# > 2 ? 2 : $# )) || true
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(raumschach cubic sphinx spectral goff cubic8-4)
bin="${BIN:-target/release/spacechess}"
[ -x "$bin" ] || cargo build --release -q -p spacechess-cli
a="uci:$(realpath "$bin") uci"
if [ -n "${OLD:-}" ]; then
    b="uci:$(realpath "$OLD") uci;NullMove=false;LateMoveReductions=false;Aspiration=false"
else
    b="search:baseline"
fi
mkdir -p target/matches
for v in "${variants[@]}"; do
    out="target/matches/variant-$v.txt"
    "$bin" match "$v" --a "$a" --b "$b" --games "$games" --tc "$movetime" \
        --opening-plies 2 --max-plies 300 --adjudicate "${ADJUDICATE:-500}" \
        >"$out" 2>"target/matches/variant-$v.log"
    summary=$(grep '^A:' "$out")
    elo=$(grep -E '^Elo A - B|^A plays one of' "$out" || true)
    echo "$v: $summary | $elo"
done
