//! Perft of Spectral Realm Chess from the start:
//! `cargo run --release --example perft -- 4 [rules.ron]`.

use spacechess_spectral::Spectral;
use spacechess_variant::{perft, Variant};
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let v = match std::env::args().nth(2) {
        None => Spectral::new(),
        Some(path) => {
            let text = std::fs::read_to_string(&path).expect("a readable rule file");
            Spectral::from_ron(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
    };
    println!("{}", v.description());
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
