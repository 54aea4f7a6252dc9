#!/usr/bin/env bash
# Instructions of the search under valgrind's callgrind, for changes that should keep the trees
# the same and only make them cheaper (issue 14): a fixed-depth `spacechess analyse` of a set of
# positions per variant, its nodes and instructions summed (start-up included: a few million
# instructions). Unlike wall time, the count is the same on a busy machine; with the same node
# count before and after, the ratio of the instructions is the ratio of the speeds.
#
# Usage: benches/scripts/callgrind-search.sh [BINARY] [SUITE...]
#   BINARY: default target/release/spacechess (cargo build --release -p spacechess-cli)
#   SUITE: orthodox (12 positions, depth 9), raumschach (start, depth 6), cubic (start, depth 6),
#          sphinx (start, depth 5); default all four
set -euo pipefail
bin="${1:-target/release/spacechess}"
shift || true
[ -x "$bin" ] || { echo "error: no binary at $bin (see the usage line)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "error: valgrind not found" >&2; exit 2; }
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(orthodox raumschach cubic sphinx)

# Orthodox: eight openings (moves from the start) and four set positions (FEN).
orthodox_moves=(
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7"
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8"
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5"
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6"
    "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5"
)
orthodox_fens=(
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total_nodes=0
total_instr=0
# One search: prints "nodes instructions" and adds them to the totals.
run() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bin" analyse "$@" >"$tmp/out" 2>"$tmp/err" \
        || { cat "$tmp/err" >&2; exit 1; }
    local nodes instr
    nodes=$(grep -E '^best ' "$tmp/out" | sed -E 's/.* ([0-9]+) nodes .*/\1/')
    instr=$(grep -E '^(summary|totals):' "$tmp/cg" | head -1 | awk '{print $2}')
    total_nodes=$((total_nodes + nodes))
    total_instr=$((total_instr + instr))
}
report() { # suite
    awk -v s="$1" -v n="$total_nodes" -v i="$total_instr" \
        'BEGIN { printf "%-12s %10d nodes %14.0f instructions %8.0f a node\n", s, n, i, i / n }'
    total_nodes=0
    total_instr=0
}
for s in "${suites[@]}"; do
    case "$s" in
    orthodox)
        for m in "${orthodox_moves[@]}"; do
            # shellcheck disable=SC2086
            run orthodox --depth 9 --moves $m
        done
        for f in "${orthodox_fens[@]}"; do
            run orthodox --depth 9 --position "$f"
        done
        ;;
    raumschach | cubic) run "$s" --depth 6 ;;
    sphinx) run sphinx --depth 5 ;;
    *) echo "error: unknown suite $s (orthodox, raumschach, cubic, sphinx)" >&2; exit 2 ;;
    esac
    report "$s"
done
