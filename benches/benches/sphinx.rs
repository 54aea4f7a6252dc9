//! Sphinx and Ecila: perft from the starts and move generation of the start positions.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_sphinx::{Ecila8, EcilaOptions, ReducedSphinx, SphinxChess};
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let sphinx = SphinxChess::chess();
    let reduced = ReducedSphinx::chess();
    let ecila = Ecila8::new(EcilaOptions::default()).unwrap();
    assert_eq!(perft(&sphinx, &sphinx.start(), 3), 215_171);
    assert_eq!(perft(&reduced, &reduced.start(), 3), 34_671);
    let mut g = c.benchmark_group("sphinx_perft");
    g.sample_size(10);
    g.bench_function("sphinx_d3", |b| {
        b.iter(|| perft(&sphinx, black_box(&sphinx.start()), 3))
    });
    g.bench_function("reduced_d3", |b| {
        b.iter(|| perft(&reduced, black_box(&reduced.start()), 3))
    });
    g.bench_function("ecila_placement_d3", |b| {
        b.iter(|| perft(&ecila, black_box(&ecila.start()), 3))
    });
    g.finish();
    let mut moves = Vec::new();
    c.bench_function("sphinx_movegen_start", |b| {
        b.iter(|| {
            sphinx.legal_moves(black_box(&sphinx.start()), &mut moves);
            moves.len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
