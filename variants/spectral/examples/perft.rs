//! Perft of Spectral Realm Chess from the start: `cargo run --release --example perft -- 4`.

use spacechess_spectral::Spectral;
use spacechess_variant::{perft, Variant};
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let v = Spectral::new();
    let s = v.start();
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&v, &s, d);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {d}: {n} nodes in {secs:.3} s ({:.0} nodes/s)",
            n as f64 / secs.max(1e-9)
        );
    }
}
