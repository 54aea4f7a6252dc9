//! Spectral Realm Chess: perft from the start (the doubled 15x15 board, 113 locations) and legal
//! move generation in a middle-game position with men on points.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_spectral::Spectral;
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

const MIDDLE: &str = "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1";

fn bench(c: &mut Criterion) {
    let v = Spectral::new();
    let start = v.start();
    assert_eq!(perft(&v, &start, 4), 841_063);
    let mut g = c.benchmark_group("spectral");
    g.sample_size(10);
    g.bench_function("perft_start_d4", |b| {
        b.iter(|| perft(&v, black_box(&start), 4))
    });
    let mid = v.parse_position(MIDDLE).unwrap();
    let mut moves = Vec::new();
    g.bench_function("legal_moves_middle_game", |b| {
        b.iter(|| {
            v.legal_moves(black_box(&mid), &mut moves);
            moves.len()
        })
    });
    let random = Spectral::from_ron(spacechess_spectral::RANDOM_EXAMPLE).unwrap();
    let rs = random.start();
    g.bench_function("perft_random_example_d3", |b| {
        b.iter(|| perft(&random, black_box(&rs), 3))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
