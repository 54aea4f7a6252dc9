#!/usr/bin/env bash
# A profile-guided build of the `spacechess` command (issue 14's speed goal): the command is built
# once with instrumentation, searches a training set of positions of every engine variant (a few
# minutes), and is built again with the recorded profile (LLVM's PGO, `-Cprofile-use`). The
# searches then follow the same trees as a plain `cargo build --release`, only faster; perft and
# every test are unchanged, since only the code layout and the compiler's choices differ.
#
# Both builds link with fat LTO and one codegen unit (the workspace's release profile has thin
# LTO and four, for shorter builds): another 2% fewer instructions a node on top of the
# profile's 7.5%. Set CARGO_PROFILE_RELEASE_LTO and CARGO_PROFILE_RELEASE_CODEGEN_UNITS to choose
# otherwise.
#
# Needs an `llvm-profdata` of the same LLVM major version as rustc (`rustc -vV`); it looks for
# `llvm-profdata-N`, then `llvm-profdata`. On Debian: `apt-get install llvm-N`.
#
# Usage: benches/scripts/pgo-build.sh [OUT]
#   OUT: where the built binary is copied (default target/pgo/spacechess)
#   TARGET_DIR: cargo's target directory for both builds (default target/pgo-build)
set -euo pipefail
out="${1:-target/pgo/spacechess}"
target_dir="${TARGET_DIR:-target/pgo-build}"
llvm_major=$(rustc -vV | sed -nE 's/^LLVM version: ([0-9]+).*/\1/p')
profdata=$(command -v "llvm-profdata-$llvm_major" || true)
if [ -z "$profdata" ] && command -v llvm-profdata >/dev/null; then
    if llvm-profdata --version 2>/dev/null | grep -q "LLVM version $llvm_major\."; then
        profdata=$(command -v llvm-profdata)
    fi
fi
[ -n "$profdata" ] || {
    echo "error: no llvm-profdata of LLVM $llvm_major (rustc's); on Debian: apt-get install llvm-$llvm_major" >&2
    exit 2
}
export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-fat}"
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS="${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-1}"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

echo "== 1/3 instrumented build (LLVM $llvm_major)" >&2
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-generate=$data/raw" \
    cargo build --release -p spacechess-cli --target-dir "$target_dir/gen" >&2
gen="$target_dir/gen/release/spacechess"

echo "== 2/3 training searches" >&2
train() { "$gen" analyse "$@" >/dev/null; }
# Orthodox, where the engine is measured against Stockfish: openings and middle games.
for moves in "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7" \
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6" "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5"; do
    # shellcheck disable=SC2086
    train orthodox --depth 10 --moves $moves
done
for fen in "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" \
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"; do
    train orthodox --depth 11 --position "$fen"
done
# Every other engine variant from its start, so that their code paths are not left cold.
for c in "raumschach 7" "cubic 7" "sphinx 7" "spectral 8" "goff 5" "cubic8 6" "cubic8-4 5" \
    "sphinx-reduced 8"; do
    set -- $c
    train "$1" --depth "$2"
done

echo "== 3/3 optimised build with the profile" >&2
"$profdata" merge -o "$data/merged.profdata" "$data/raw"
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-use=$data/merged.profdata" \
    cargo build --release -p spacechess-cli --target-dir "$target_dir/use" >&2
mkdir -p "$(dirname "$out")"
cp "$target_dir/use/release/spacechess" "$out"
echo "$out"
