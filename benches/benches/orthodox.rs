//! Orthodox perft: the generic engine against cozy-chess, a dedicated 2D chess library, in the
#![allow(missing_docs)] // criterion_group! generates undocumented items
//! same run, so the ratio between them is measured side by side.

use cozy_chess::Board;
use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_orthodox::Orthodox;
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Perft with bulk counting at the last ply, as cozy-chess's own example does it.
fn cozy_perft(board: &Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                nodes += cozy_perft(&b, depth - 1);
            }
            false
        });
    }
    nodes
}

fn bench(c: &mut Criterion) {
    let v = Orthodox::new();
    for (name, fen, depth, expected) in [
        ("start", START, 4u8, 197_281u64),
        ("kiwipete", KIWIPETE, 3, 97_862),
    ] {
        let pos = v.parse_position(fen).unwrap();
        let board: Board = fen.parse().unwrap();
        assert_eq!(perft(&v, &pos, depth as u32), expected);
        assert_eq!(cozy_perft(&board, depth), expected);
        let mut g = c.benchmark_group(format!("orthodox_perft_{name}_d{depth}"));
        g.sample_size(20);
        g.bench_function("spacechess", |b| {
            b.iter(|| perft(&v, black_box(&pos), depth as u32))
        });
        g.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&board), depth))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
