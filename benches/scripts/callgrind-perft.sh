#!/usr/bin/env bash
# Instruction counts of perft per variant under valgrind's callgrind: the same figure on a busy
# machine, so two builds can be compared anywhere. Prints one table.
#
# Usage: benches/scripts/callgrind-perft.sh [path/to/spacechess]   (default: target/release/spacechess)
# Needs valgrind (Debian: apt-get install valgrind). Build first: cargo build --release.
set -euo pipefail
bin="${1:-target/release/spacechess}"
[ -x "$bin" ] || { echo "error: no binary at $bin (cargo build --release)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "error: valgrind not found" >&2; exit 2; }

# variant depth: small enough for valgrind's ~50x slowdown.
cases=("orthodox 4" "raumschach 3" "cubic 3" "cubic8 3" "sphinx 3" "ecila 3" "spectral 4" "goff 3")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-12s %5s %12s %16s %12s\n' variant depth leaves instructions "instr/leaf"
for c in "${cases[@]}"; do
    set -- $c
    out="$tmp/cg.$1"
    leaves=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" perft "$1" "$2" --threads 1 2>"$tmp/err" | tail -1)
    instr=$(grep -E '^(summary|totals):' "$out" | head -1 | awk '{print $2}')
    awk -v v="$1" -v d="$2" -v l="$leaves" -v i="$instr" \
        'BEGIN { printf "%-12s %5s %12s %16s %12.0f\n", v, d, l, i, i / l }'
done
