//! Search speed: nodes per second of the alpha-beta search (main and quiescence nodes) from each
#![allow(missing_docs)] // criterion_group! generates undocumented items
//! variant's start position at a fixed depth. The node count of a fixed-depth search is
//! deterministic, so criterion's throughput line ("elem/s") is nodes per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use spacechess_cubic::Cubic;
use spacechess_orthodox::Orthodox;
use spacechess_search::{Limits, Searcher};
use spacechess_sphinx::{SphinxChess, SphinxGame, SphinxOptions};
use spacechess_variant::Variant;
use std::hint::black_box;

fn bench_one<V: Variant>(c: &mut Criterion, name: &str, v: &V, depth: u32) {
    let pos = v.start();
    let nodes = Searcher::new(v).search(&pos, Limits::depth(depth)).nodes;
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(format!("{name}_d{depth}_{nodes}_nodes"), |b| {
        b.iter(|| {
            Searcher::new(v)
                .search(black_box(&pos), Limits::depth(depth))
                .nodes
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    bench_one(c, "orthodox", &Orthodox::new(), 5);
    bench_one(c, "raumschach", &Cubic::raumschach(None, &[]).unwrap(), 3);
    bench_one(c, "cubic6", &Cubic::cubic(None, &[]).unwrap(), 3);
    bench_one(c, "cubic8", &Cubic::cubic8(None, &[]).unwrap(), 2);
    let sphinx =
        SphinxChess::new(SphinxOptions::from_pairs(SphinxGame::Chess, &[]).unwrap()).unwrap();
    bench_one(c, "sphinx", &sphinx, 4);
    bench_one(c, "goff", &spacechess_goff::Goff::new(), 3);
}

criterion_group!(benches, bench);
criterion_main!(benches);
