//! Perft of the part-1 rules from the starting lineup. Depth 1 is stated (01 V14 / 02 T-D5: only
//! the 8 knight moves); deeper counts are regression values computed by this implementation.

use spacechess_goff::Goff;
use spacechess_variant::{perft, Variant};

#[test]
fn perft_start_shallow() {
    let g = Goff::new();
    let s = g.start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, [8, 64, 1648, 42436]);
}

/// Depth 5 (regression value; run with `--ignored`).
#[test]
#[ignore]
fn perft_start_5() {
    let g = Goff::new();
    let s = g.start();
    let t = std::time::Instant::now();
    let n = perft(&g, &s, 5);
    eprintln!("perft 5 = {n} in {:?}", t.elapsed());
    assert_eq!(n, PERFT_5);
}

const PERFT_5: u64 = 1_419_314;

/// Depth 6 (regression value; run with `--ignored`).
#[test]
#[ignore]
fn perft_start_6() {
    let g = Goff::new();
    let s = g.start();
    let t = std::time::Instant::now();
    let n = spacechess_variant::perft_parallel(&g, &s, 6, 2);
    eprintln!("perft 6 = {n} in {:?}", t.elapsed());
    assert_eq!(n, PERFT_6);
}

const PERFT_6: u64 = 47_240_403;
