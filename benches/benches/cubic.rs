//! Perft of Raumschach (5x5x5) and Parton's Cubic Chess (6x6x6) from the start, with bulk
#![allow(missing_docs)] // criterion_group! generates undocumented items
//! counting at the last ply. Raumschach perft(4) is about 1.56e7 leaves.

use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_cubic::Cubic;
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let raum = Cubic::raumschach(None, &[]).unwrap();
    let cubic = Cubic::cubic(None, &[]).unwrap();
    let mut g = c.benchmark_group("cubic_perft");
    g.sample_size(10);
    let rs = raum.start();
    g.bench_function("raumschach_d3", |b| {
        b.iter(|| perft(&raum, black_box(&rs), 3))
    });
    g.bench_function("raumschach_d4", |b| {
        b.iter(|| perft(&raum, black_box(&rs), 4))
    });
    let cs = cubic.start();
    g.bench_function("cubic6_d3", |b| b.iter(|| perft(&cubic, black_box(&cs), 3)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
