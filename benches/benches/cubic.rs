//! Perft of Raumschach (5x5x5), Parton's Cubic Chess and its Tamerlane variation (6x6x6) and
//! 8x8x8 Cubic chess (two players, four players, four in teams) from the start, with bulk
//! counting at the last ply. Raumschach perft(4) is about 1.56e7 leaves; the depth-3 counts of
//! the 8x8x8 games are about 2e6.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_cubic::Cubic;
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let raum = Cubic::raumschach(None, &[]).unwrap();
    let cubic = Cubic::cubic(None, &[]).unwrap();
    let tamerlane = Cubic::tamerlane(None, &[]).unwrap();
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
    let ts = tamerlane.start();
    g.bench_function("tamerlane_d3", |b| {
        b.iter(|| perft(&tamerlane, black_box(&ts), 3))
    });
    for (name, game) in [
        ("cubic8_d3", Cubic::cubic8(None, &[]).unwrap()),
        ("cubic8_4_d3", Cubic::cubic8_four(None, &[]).unwrap()),
        ("cubic8_teams_d3", Cubic::cubic8_teams(None, &[]).unwrap()),
    ] {
        let s = game.start();
        g.bench_function(name, |b| b.iter(|| perft(&game, black_box(&s), 3)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
