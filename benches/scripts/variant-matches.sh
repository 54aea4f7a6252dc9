#!/usr/bin/env bash
# The search of issue 14 against the search before it, per variant, at equal time: our engine with
# every technique on (`search`) against the same binary with them off (`search:baseline`: no null
# move, no late-move reductions, no aspiration windows; the evaluation and move generation are the
# new ones for both). Prints one line per variant with the score and the Elo difference.
#
# Usage: benches/scripts/variant-matches.sh [GAMES] [MOVETIME_MS] [VARIANT ...]
#   defaults: 20 games, 50 ms a move, raumschach cubic sphinx spectral goff cubic8-4
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games="${1:-20}"
movetime="${2:-50}"
shift $(( $# > 2 ? 2 : $# )) || true
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(raumschach cubic sphinx spectral goff cubic8-4)
bin="${BIN:-target/release/spacechess}"
[ -x "$bin" ] || cargo build --release -q -p spacechess-cli
mkdir -p target/matches
for v in "${variants[@]}"; do
    out="target/matches/variant-$v.txt"
    "$bin" match "$v" --a search --b search:baseline --games "$games" --tc "$movetime" \
        --opening-plies 2 --max-plies 300 >"$out" 2>"target/matches/variant-$v.log"
    summary=$(grep '^A:' "$out")
    elo=$(grep -E '^Elo A - B|^A plays one of' "$out" || true)
    echo "$v: $summary | $elo"
done
