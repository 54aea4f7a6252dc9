#!/usr/bin/env bash
# Orthodox strength against Stockfish (issue 14): matches of our engine against Debian's Stockfish
# with UCI_LimitStrength at each UCI_Elo given, both at the same time a move, colours alternating
# in pairs from random 4-ply openings. Prints, per level, the score and the Elo difference with its
# 95% interval; the level where the difference crosses 0 is our engine's rating on Stockfish's
# scale. Not run by CI (minutes per level, and Stockfish is installed here, not in CI).
#
# Usage: benches/scripts/stockfish-match.sh [GAMES] [MOVETIME_MS] [ELO ...]
#   defaults: 40 games a level, 100 ms a move, levels 1350 1600 1800 2000 2200
# Environment: ENGINE (default: search), the --a engine of `spacechess match`; BIN, the spacechess
# binary (default: target/release/spacechess, built first).
#
# Stockfish 15.1's limited levels choose their move from a search of fixed depth (1 + its skill
# level: 6 at UCI_Elo 1900, 7 at 2000, 10 at 2200), which it reaches in milliseconds on any
# machine; ours searches for the time given, so its score depends on the machine's speed. For a
# figure that does not, give our engine a node budget: ENGINE=search:nodes=150000 (what 0.1 s was
# on the machine of docs/search.md's fifteenth stop). See docs/search.md, twenty-eighth stop.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games="${1:-40}"
movetime="${2:-100}"
shift $(( $# > 2 ? 2 : $# )) || true
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(1350 1600 1800 2000 2200)
engine="${ENGINE:-search}"

sf=$(command -v stockfish || true)
[ -n "$sf" ] || sf=/usr/games/stockfish
if [ ! -x "$sf" ]; then
    echo "== installing stockfish (Debian)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq stockfish >/dev/null; else sudo -n apt-get install -y -qq stockfish >/dev/null; fi
    sf=/usr/games/stockfish
fi
bin="${BIN:-target/release/spacechess}"
[ -n "${BIN:-}" ] || cargo build --release -q -p spacechess-cli
mkdir -p target/matches

printf '%-8s %6s %8s %8s %22s\n' UCI_Elo games score percent "Elo (ours - SF) [95%]"
for elo in "${levels[@]}"; do
    out="target/matches/stockfish-$elo.txt"
    "$bin" match orthodox --a "$engine" \
        --b "uci:$sf;UCI_LimitStrength=true;UCI_Elo=$elo;Threads=1;Hash=16" \
        --games "$games" --tc "$movetime" --opening-plies 4 --seed "$elo" \
        --record "target/matches/stockfish-$elo.pgn" >"$out" 2>"target/matches/stockfish-$elo.log"
    line=$(grep '^A:' "$out")
    score=$(echo "$line" | sed -E 's/.*: ([0-9.]+)\/([0-9]+) \(([0-9.]+)%\).*/\1 \2 \3/')
    read -r pts n pct <<<"$score"
    elo_line=$(grep '^Elo A - B' "$out" | sed -E 's/Elo A - B: ([^,]+), 95% interval (\[[^]]+\]).*/\1 \2/')
    printf '%-8s %6s %8s %7s%% %22s\n' "$elo" "$n" "$pts" "$pct" "$elo_line"
done
