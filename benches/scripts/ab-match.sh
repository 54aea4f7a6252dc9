#!/usr/bin/env bash
# Two builds of spacechess against each other over UCI, several matches at once (one per core
# by default) with different opening seeds; prints the summed pair counts and the Elo difference
# (new - old) with its 95% interval from the pentanomial pair scores. For deciding whether a
# change to the search or evaluation gains (issue 14): run the new build against the one before.
#
# Usage: benches/scripts/ab-match.sh NEW OLD [VARIANT] [GAMES] [MOVETIME_MS] [JOBS]
#   MOVETIME_MS is passed to `match --tc`, so any time control of it works too: nodes=20000
#   compares two builds at equal nodes (what an evaluation knows, whatever it costs).
#   defaults: orthodox, 200 games in all, 40 ms a move, 2 jobs; 4-ply random openings
#   (2 for other variants), games at 300 plies adjudicated to a side 5 pawns ahead.
# Environment: NEWOPT / OLDOPT: extra ";Option=value" for each engine's UCI options.
set -euo pipefail
new="$(realpath "$1")"
old="$(realpath "$2")"
variant="${3:-orthodox}"
games="${4:-200}"
movetime="${5:-40}"
jobs="${6:-2}"
plies=4
[ "$variant" = orthodox ] || plies=2
out="$(mktemp -d)"
per=$(( (games / jobs + 1) / 2 * 2 ))
for j in $(seq 1 "$jobs"); do
    "$new" match "$variant" --a "uci:$new uci${NEWOPT:-}" --b "uci:$old uci${OLDOPT:-}" \
        --games "$per" --tc "$movetime" --opening-plies "$plies" --seed "$((j * 7919 + ${SEED:-0}))" \
        --max-plies 300 --adjudicate 500 >"$out/m$j.txt" 2>"$out/m$j.log" &
done
wait
echo "results in $out" >&2
python3 - "$out" <<'PY'
import glob, math, re, sys
c = [0] * 5
for f in glob.glob(sys.argv[1] + "/m*.txt"):
    for line in open(f):
        m = re.match(r"pairs \(A's points.*\): (\d+) (\d+) (\d+) (\d+) (\d+)", line)
        if m:
            c = [a + int(b) for a, b in zip(c, m.groups())]
n = sum(c)
if n == 0:
    sys.exit("no pairs played")
xs = [0, 0.25, 0.5, 0.75, 1]
mean = sum(x * k for x, k in zip(xs, c)) / n
var = sum(k * (x - mean) ** 2 for x, k in zip(xs, c)) / n
sd = math.sqrt(var / n)
def elo(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / s - 1)
print(f"pairs {n} (0, 1/2, 1, 3/2, 2): {c}; score {100*mean:.1f}%")
print(f"Elo new - old: {elo(mean):+.0f} [{elo(mean - 1.96*sd):+.0f}, {elo(mean + 1.96*sd):+.0f}]")
PY
