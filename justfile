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

# Count perft of a variant's start position, e.g. `just perft orthodox 5`.
perft VARIANT DEPTH:
    cargo run --release -- perft {{VARIANT}} {{DEPTH}}

# Everything CI runs.
ci:
    bash .ci/run
