#!/usr/bin/env bash
# Search speed per variant: nodes per CPU second of one thread, from the start position, for one
# or two builds side by side (`spacechess analyse VARIANT --depth D`; user CPU time from
# /usr/bin/time, so that a busy machine slows the figure less than wall time would).
#
# Usage: benches/scripts/search-nps.sh [NEW_BINARY [OLD_BINARY]]
#   default NEW_BINARY: target/release/spacechess (build it first: cargo build --release)
set -euo pipefail
new="${1:-target/release/spacechess}"
old="${2:-}"
cases=("orthodox 14" "raumschach 9" "cubic 9" "sphinx 9" "spectral 10" "goff 7" "cubic8 8" "cubic8-4 7")

nps() { # binary variant depth -> "nodes nps"
    local out t nodes
    out=$( { /usr/bin/time -f 'cpu %U %S' "$1" analyse "$2" --depth "$3" >"$tmp/out"; } 2>&1 )
    t=$(echo "$out" | awk '/^cpu/ {print $2 + $3}')
    nodes=$(grep -E '^best ' "$tmp/out" | sed -E 's/.* ([0-9]+) nodes .*/\1/')
    awk -v n="$nodes" -v t="$t" 'BEGIN { printf "%d %.0f", n, n / (t > 0 ? t : 0.001) }'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$old" ]; then
    printf '%-12s %5s %12s %12s %12s %12s %7s\n' variant depth "old nodes" "old nps" "new nodes" "new nps" ratio
else
    printf '%-12s %5s %12s %12s\n' variant depth nodes "nodes/cpu-s"
fi
for c in "${cases[@]}"; do
    set -- $c
    read -r n1 s1 <<<"$(nps "$new" "$1" "$2")"
    if [ -n "$old" ]; then
        read -r n0 s0 <<<"$(nps "$old" "$1" "$2")"
        awk -v v="$1" -v d="$2" -v n0="$n0" -v s0="$s0" -v n1="$n1" -v s1="$s1" \
            'BEGIN { printf "%-12s %5s %12d %12d %12d %12d %7.2f\n", v, d, n0, s0, n1, s1, s1 / s0 }'
    else
        printf '%-12s %5s %12s %12s\n' "$1" "$2" "$n1" "$s1"
    fi
done
