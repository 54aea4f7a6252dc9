# spacechess tasks: `just --list` shows them.

# Run every test (the command CI runs).
test:
    cargo test --workspace

# Check formatting and lints, as CI does.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings

# Build the API documentation, warnings as errors (as CI does).
doc:
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

# Format the whole workspace.
fmt:
    cargo fmt --all

# Run the criterion benchmarks.
bench:
    cargo bench -p spacechess-benches

# The deep perft tests of the cubic games in release: the counts too slow for the test profile
# (`#[ignore = "deep perft: ..."]`: 8x8x8 and Tamerlane perft(4), the reference generators of
# tests/naive.rs and tests/naive8.rs at depth 3). A few minutes.
deep-perft:
    cargo test --release -p spacechess-cubic -- --ignored --skip perft_start_depth_4_matches_the_reference

# The 8x8x8 reference generator at depth 4 (tests/naive8.rs), which confirms the perft(4) counts
# `just deep-perft` asserts: about 8 minutes of CPU in release (two threads).
reference-perft-8:
    cargo test --release -p spacechess-cubic --test naive8 -- --ignored perft_start_depth_4_matches_the_reference

# Count perft of a variant's start position, e.g. `just perft orthodox 5`.
perft VARIANT DEPTH:
    cargo run --release -- perft {{VARIANT}} {{DEPTH}}

# Serve the web board on 127.0.0.1:7557 (release build; prints the address), e.g. `just serve`
# or `just serve --port 0 --open`.
serve *ARGS:
    cargo run --release -- serve {{ARGS}}

# The web API's load benchmark (release build): requests/s and latency percentiles, e.g.
# `just load --clients 16`.
load *ARGS:
    cargo run --release -p spacechess-web --example load -- {{ARGS}}

# Everything CI runs.
ci:
    bash .ci/run

# Run one fuzz target for SECONDS seconds, e.g. `just fuzz move_text 600` (cargo-fuzz on nightly:
# `cargo install cargo-fuzz`). Targets: position_text, move_text, record, rules_ron. The corpus
# grows in fuzz/corpus/TARGET (not committed), seeded from fuzz/seeds/TARGET; a crash is saved
# in fuzz/artifacts/TARGET with the command that reproduces it. Without a sanitizer (safe Rust:
# ten times the inputs a second); debug assertions stay on, so an overflow is a finding.
fuzz TARGET SECONDS="60":
    mkdir -p fuzz/corpus/{{TARGET}}
    cargo +nightly fuzz run --sanitizer none {{TARGET}} fuzz/corpus/{{TARGET}} fuzz/seeds/{{TARGET}} -- -max_total_time={{SECONDS}} -timeout=10 -print_final_stats=1

# Rewrite the fuzz seed corpora (fuzz/seeds/) from the variants and the test positions.
fuzz-seeds:
    cargo run -p spacechess --example fuzz_seeds

# A profile-guided build of the command (LLVM PGO, fat LTO) for matches and speed figures: about
# 12% more nodes a second in orthodox, the same trees. Needs rustc's `llvm-profdata` (on Debian
# `apt-get install llvm-N`, N from `rustc -vV`); about 10 minutes. Writes target/pgo/spacechess.
pgo-build:
    bash benches/scripts/pgo-build.sh
