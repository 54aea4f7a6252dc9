//! Perft of Goff from the start (one thread), for profiling the move generator under callgrind or
//! perf without the command line's start-up:
//!
//! ```text
//! cargo run --release -p spacechess-goff --example perft [-- DEPTH]
//! ```

use spacechess_goff::Goff;
use spacechess_variant::{perft, Variant};

fn main() {
    let depth = match std::env::args().nth(1).map(|s| s.parse::<u32>()) {
        None => 3,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("error: DEPTH: {e}");
            std::process::exit(2);
        }
    };
    let g = Goff::new();
    println!("{}", perft(&g, &g.start(), depth));
}
