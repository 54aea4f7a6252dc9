#!/usr/bin/env bash
# Instructions per leaf of orthodox perft, the generic engine against cozy-chess, under valgrind's
# callgrind (start-up subtracted: a depth-0 run of each): the ratio of the two is the same on a
# busy machine, unlike criterion's wall times (benches/benches/orthodox.rs).
#
# Usage: benches/scripts/callgrind-orthodox.sh [path/to/orthodox_cg]
#   (default: target/release/examples/orthodox_cg; build it with
#    cargo build --release -p spacechess-benches --example orthodox_cg)
set -euo pipefail
bin="${1:-target/release/examples/orthodox_cg}"
[ -x "$bin" ] || { echo "error: no binary at $bin (see the usage line)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "error: valgrind not found" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The instructions of one run.
instr() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    grep -E '^(summary|totals):' "$tmp/cg" | head -1 | awk '{print $2}'
}
printf '%-10s %5s %9s %18s %12s %8s\n' position depth leaves "spacechess i/leaf" "cozy i/leaf" ratio
for c in "start 4" "kiwipete 3"; do
    set -- $c
    s0=$(instr spacechess "$1" 0)
    s=$(instr spacechess "$1" "$2")
    leaves=$(tail -1 "$tmp/out")
    c0=$(instr cozy "$1" 0)
    cz=$(instr cozy "$1" "$2")
    awk -v p="$1" -v d="$2" -v l="$leaves" -v s="$((s - s0))" -v c="$((cz - c0))" \
        'BEGIN { printf "%-10s %5s %9s %18.1f %12.1f %8.2f\n", p, d, l, s / l, c / l, s / c }'
done
