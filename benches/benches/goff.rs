//! Goff's 3D chess: legal move generation for the queen (rook + bishop + duke advancement squares
#![allow(missing_docs)] // criterion_group! generates undocumented items
//! and rectangles over precomputed bitboards) in open and crowded positions, the pseudo-legal
//! destination set alone, and all legal moves of a position (with the check test after each).

use criterion::{criterion_group, criterion_main, Criterion};
use spacechess_goff::movegen::{destinations, legal_destinations, legal_moves};
use spacechess_goff::{tile, Goff, Kind, Piece, Position};
use spacechess_variant::{perft, Player};
use std::hint::black_box;

fn man(p: &mut Position, player: u8, kind: Kind, c: (i8, i8, i8)) {
    p.put(
        tile(c.0, c.1, c.2),
        Piece {
            player: Player(player),
            kind,
        },
    );
}

/// Queen on Q4,4 with both kings far away: 355 destinations.
fn open() -> Position {
    let mut p = Position::empty();
    man(&mut p, 0, Kind::Queen, (3, 3, 3));
    man(&mut p, 0, Kind::King, (0, 0, 0));
    man(&mut p, 1, Kind::King, (7, 7, 0));
    p
}

/// The regression position R1 of rules/goff/02 T-D7 (148 queen destinations) plus kings.
fn crowded() -> Position {
    let mut p = Position::empty();
    man(&mut p, 0, Kind::Queen, (3, 3, 3));
    for c in [(5, 3, 3), (4, 4, 4), (2, 4, 2), (7, 3, 3), (3, 1, 5)] {
        man(&mut p, 0, Kind::Pawn, c);
    }
    for c in [
        (3, 5, 5),
        (1, 1, 3),
        (3, 3, 6),
        (6, 6, 0),
        (0, 0, 0),
        (1, 3, 3),
        (4, 2, 4),
    ] {
        man(&mut p, 1, Kind::Pawn, c);
    }
    man(&mut p, 0, Kind::King, (0, 7, 0));
    man(&mut p, 1, Kind::King, (7, 0, 7));
    p
}

/// Every third tile holds a man (alternating sides), the queen on Q4,4.
fn dense() -> Position {
    let mut p = Position::empty();
    for i in (0..512u32).step_by(3) {
        let c = spacechess_geometry::Cell(i);
        let t = spacechess_goff::Tile::of(c);
        man(&mut p, (i / 3 % 2) as u8, Kind::Pawn, (t.z, t.a, t.b));
    }
    p.remove(tile(3, 3, 3));
    man(&mut p, 0, Kind::Queen, (3, 3, 3));
    p
}

fn bench(c: &mut Criterion) {
    let q = tile(3, 3, 3);
    for (name, pos) in [("open", open()), ("crowded", crowded()), ("dense", dense())] {
        let n = legal_destinations(&pos, q).len();
        c.bench_function(&format!("goff queen legal {name} ({n} dest)"), |b| {
            b.iter(|| legal_destinations(black_box(&pos), q))
        });
        c.bench_function(&format!("goff queen pseudo {name}"), |b| {
            b.iter(|| destinations(black_box(&pos), q))
        });
    }
    let mut moves = Vec::new();
    let start = Position::start();
    c.bench_function("goff legal_moves start", |b| {
        b.iter(|| legal_moves(black_box(&start), &mut moves))
    });
    let g = Goff::new();
    c.bench_function("goff perft 3 start", |b| {
        b.iter(|| perft(&g, black_box(&start), 3))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
