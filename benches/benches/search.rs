//! Search speed: nodes per second of the alpha-beta search (main and quiescence nodes) from each
//! variant's start position at a fixed depth (and the four-player games' middle game too). The node count of a fixed-depth search is
//! deterministic, so criterion's throughput line ("elem/s") is nodes per second.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use spacechess_cubic::Cubic;
use spacechess_orthodox::Orthodox;
use spacechess_search::{Limits, Searcher};
use spacechess_sphinx::{SphinxChess, SphinxGame, SphinxOptions};
use spacechess_variant::Variant;
use std::hint::black_box;

fn bench_one<V: Variant>(c: &mut Criterion, name: &str, v: &V, depth: u32) {
    bench_at(c, name, v, &v.start(), depth);
}

/// The search of `pos` at `depth`.
fn bench_at<V: Variant>(c: &mut Criterion, name: &str, v: &V, pos: &V::Position, depth: u32) {
    let pos = pos.clone();
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
    // Four players (issue 18 item 4): from the start and after 120 random plies, when men of
    // every army are within reach of each other.
    for (name, v) in [
        ("cubic8-4", Cubic::cubic8_four(None, &[]).unwrap()),
        ("cubic8-teams", Cubic::cubic8_teams(None, &[]).unwrap()),
    ] {
        bench_one(c, name, &v, 2);
        let line = v.random_game(&v.start(), 120, 3);
        let mid = line.iter().fold(v.start(), |p, m| v.play(&p, m));
        bench_at(c, &format!("{name}_ply{}", line.len()), &v, &mid, 1);
        bench_at(c, &format!("{name}_ply{}", line.len()), &v, &mid, 2);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
