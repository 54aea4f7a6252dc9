//! Helpers shared by the test files.
#![allow(dead_code)]

use spacechess_geometry::{Cell, CellSet};
use spacechess_goff::movegen::legal_destinations;
use spacechess_goff::tables::{tables, Family};
use spacechess_goff::{tile, Kind, Piece, Position, Tile};
use spacechess_variant::Player;

pub const W: Player = Player(0);
pub const B: Player = Player(1);

pub fn t(z: i8, a: i8, b: i8) -> Cell {
    tile(z, a, b)
}

/// A position from (player, kind, (z, a, b)) triples, `to_move` to move.
pub fn pos(men: &[(Player, Kind, (i8, i8, i8))], to_move: Player) -> Position {
    let mut p = Position::empty();
    for &(player, kind, (z, a, b)) in men {
        p.put(t(z, a, b), Piece { player, kind });
    }
    p.set_to_move(to_move);
    p
}

/// The legal destinations of the man on `from`, as (z, a, b).
pub fn dests(p: &Position, from: Cell) -> Vec<(i8, i8, i8)> {
    legal_destinations(p, from)
        .iter()
        .map(|c| {
            let x = Tile::of(c);
            (x.z, x.a, x.b)
        })
        .collect()
}

pub fn can(p: &Position, from: Cell, to: Cell) -> bool {
    legal_destinations(p, from).contains(to)
}

/// White's names of the planes in which a route of `f` from `from` to `to` is open (sorted).
pub fn open_planes(p: &Position, f: Family, from: Cell, to: Cell) -> Vec<&'static str> {
    let pt = tables().planar(f);
    let occ = p.occupied();
    let mut v: Vec<&'static str> = pt
        .routes(from, to)
        .iter()
        .filter(|r| pt.route_open(from, to, r, &occ))
        .map(|r| tables().plane_name(f, pt.route_plane(r), W))
        .collect();
    v.sort();
    v.dedup();
    v
}

pub fn set(cells: &[Cell]) -> CellSet<8> {
    cells.iter().copied().collect()
}
