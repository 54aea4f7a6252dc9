//! Perft of Goff from the start (one thread), for profiling the move generator under callgrind or
//! perf without the command line's start-up:
//!
//! ```text
//! cargo run --release -p spacechess-goff --example perft [-- DEPTH [STRIDE]]
//! ```
//!
//! With STRIDE, only every STRIDE-th root move (the first, the STRIDE+1-th, ...) is searched: a
//! sample of the tree, for a shorter run under callgrind (`perft 4 8`: 9 of the 72 subtrees).

use spacechess_goff::Goff;
use spacechess_variant::{perft, Variant};

fn arg(i: usize, name: &str, default: u32) -> u32 {
    match std::env::args().nth(i).map(|s| s.parse::<u32>()) {
        None => default,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("error: {name}: {e}");
            std::process::exit(2);
        }
    }
}

fn main() {
    let depth = arg(1, "DEPTH", 3);
    let stride = arg(2, "STRIDE", 1).max(1) as usize;
    let g = Goff::new();
    let start = g.start();
    let n = if stride == 1 || depth == 0 {
        perft(&g, &start, depth)
    } else {
        let moves = g.legal_moves_vec(&start);
        moves
            .iter()
            .step_by(stride)
            .map(|m| perft(&g, &g.play(&start, m), depth - 1))
            .sum()
    };
    println!("{n}");
}
