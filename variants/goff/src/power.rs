//! Power projection: the tiles a man reaches in one move on the empty board (rules/goff/01 §6,
//! 02 §3.5, §4.4), by class of source tile and by kind of destination.

use crate::movegen::destinations_of;
use crate::position::{Kind, Piece};
use crate::tables::{tables, Bits, Family};
use crate::tile::Tile;
use spacechess_geometry::{Cell, CellSet, Route};
use spacechess_variant::Player;
use std::fmt::Write;

/// How one base piece reaches a tile on the empty board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// Not at all.
    None,
    /// A quadrant body tile.
    Body,
    /// A quadrant apex reached by one square (rook, bishop; duke edge quadrant).
    Apex,
    /// A duke face-quadrant apex: two squares (duplex).
    Duplex,
    /// A linear move.
    Linear,
}

/// How the base piece `f` on `from` reaches `to` on the empty board.
pub fn reach(f: Family, from: Cell, to: Cell) -> Reach {
    let routes = tables().planar(f).routes(from, to);
    let quads = routes
        .iter()
        .filter(|r| matches!(r, Route::Quadrant { .. }))
        .count();
    if routes.iter().any(|r| matches!(r, Route::Linear { .. })) {
        Reach::Linear
    } else if quads > 1 {
        Reach::Duplex
    } else {
        match routes.first() {
            Some(Route::Quadrant { i, j, .. }) if i == j => Reach::Apex,
            Some(_) => Reach::Body,
            None => Reach::None,
        }
    }
}

/// The tiles a man of `kind` (White's) reaches from `from` on the empty board.
pub fn projection(kind: Kind, from: Cell) -> Bits {
    destinations_of(
        Piece {
            player: Player(0),
            kind,
        },
        from,
        &CellSet::EMPTY,
        &CellSet::EMPTY,
    )
}

/// The book's breakdown of one base piece's projection: total, quadrant (apex included), apex and
/// linear tiles (01 §6.2). Duplex tiles count as quadrant apex tiles.
pub fn breakdown(f: Family, from: Cell) -> [usize; 4] {
    let kind = match f {
        Family::Rook => Kind::Rook,
        Family::Bishop => Kind::Bishop,
        Family::Duke => Kind::Duke,
    };
    let mut out = [0; 4];
    for to in projection(kind, from) {
        out[0] += 1;
        match reach(f, from, to) {
            Reach::Linear => out[3] += 1,
            Reach::Apex | Reach::Duplex => {
                out[1] += 1;
                out[2] += 1
            }
            Reach::Body => out[1] += 1,
            Reach::None => {}
        }
    }
    out
}

/// The columns of the book's queen coverage tables (Tables 4 and 5; 02 §4.4).
pub const QUEEN_COLUMNS: [&str; 10] = [
    "hotspot",
    "rook linear",
    "brook",
    "q-tile",
    "duke linear",
    "Feynman",
    "bishop apex",
    "rook body",
    "bishop body",
    "duke body",
];

/// The queen's projection from `from` split into the book's columns (each tile in exactly one).
pub fn queen_table(from: Cell) -> [usize; 10] {
    let mut out = [0; 10];
    for to in projection(Kind::Queen, from) {
        let r = reach(Family::Rook, from, to);
        let b = reach(Family::Bishop, from, to);
        let d = reach(Family::Duke, from, to);
        let col = if r == Reach::Linear && d == Reach::Duplex {
            0
        } else if r == Reach::Linear {
            1
        } else if r == Reach::Apex && b == Reach::Linear && d == Reach::Apex {
            3
        } else if r == Reach::Apex && b == Reach::Linear {
            2
        } else if d == Reach::Linear {
            4
        } else if b == Reach::Apex && d != Reach::None {
            5
        } else if b == Reach::Apex {
            6
        } else if r == Reach::Body {
            7
        } else if b == Reach::Body {
            8
        } else {
            9
        };
        out[col] += 1;
    }
    out
}

/// The 20 classes of source tiles under the 48 symmetries of the cube, as sorted folded
/// coordinates `min(c, 7 - c)`, with their example tile `(z, a, b) = (c0, c1, c2)`.
pub fn source_classes() -> Vec<[i8; 3]> {
    let mut v = Vec::new();
    for x in 0..4 {
        for y in x..4 {
            for z in y..4 {
                v.push([x, y, z]);
            }
        }
    }
    v
}

/// The power projection table of a kind: one line per class of source tile, with the book's
/// breakdown for the base pieces (total / quadrant / apex / linear).
pub fn report(kind: Kind) -> String {
    let mut out = String::new();
    let fam = match kind {
        Kind::Rook => Some(Family::Rook),
        Kind::Bishop => Some(Family::Bishop),
        Kind::Duke => Some(Family::Duke),
        _ => None,
    };
    let _ = writeln!(
        out,
        "goff {}: tiles reached in one move on the empty board (of 511), by class of source tile",
        kind.name()
    );
    if fam.is_some() {
        let _ = writeln!(
            out,
            "{:<10}{:<9}{:>6}{:>10}{:>6}{:>8}",
            "class", "example", "total", "quadrant", "apex", "linear"
        );
    } else {
        let _ = writeln!(out, "{:<10}{:<9}{:>6}", "class", "example", "total");
    }
    for c in source_classes() {
        let from = Tile::new(c[0], c[1], c[2]);
        let class = format!("({},{},{})", c[0], c[1], c[2]);
        let name = from.book_name(Player(0));
        match fam {
            Some(f) => {
                let [t, q, a, l] = breakdown(f, from.cell());
                let _ = writeln!(out, "{class:<10}{name:<9}{t:>6}{q:>10}{a:>6}{l:>8}");
            }
            None => {
                let t = projection(kind, from.cell()).len();
                let _ = writeln!(out, "{class:<10}{name:<9}{t:>6}");
            }
        }
    }
    if kind == Kind::Queen {
        for (label, c) in [("corner QR1,1", [0, 0, 0]), ("centre Q4,4", [3, 3, 3])] {
            let q = queen_table(Tile::new(c[0], c[1], c[2]).cell());
            let cols: Vec<String> = QUEEN_COLUMNS
                .iter()
                .zip(q)
                .map(|(n, v)| format!("{n} {v}"))
                .collect();
            let _ = writeln!(out, "queen {label}: {}", cols.join(", "));
        }
    }
    out
}
