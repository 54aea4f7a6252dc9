//! Tiles `(z, a, b)`, level names and the book's tile names from each side's perspective
//! (rules/goff/00-coordinates.md).
//!
//! `z` is the level (QR = 0 at the bottom ... KR = 7 at the top), `a` White's left distance - 1,
//! `b` White's right distance - 1. White writes `(z, a, b)` as `<level><a+1>,<b+1>` (K4,4 is
//! (4,3,3)); Black writes the same tile as `<level><8-a>,<8-b>` (White KB3,4 = Black KB6,5).
//!
//! On the geometry crate's 8x8x8 [`Shape`] the axes are `(b, a, z)`: a cell's index is
//! `b + 8a + 64z`, so one level is one 64-bit word of a bitboard, and the generic position text
//! lists levels top first, rows by `a`, cells along `b`.

use spacechess_geometry::{Cell, Shape, Vector};
use spacechess_variant::Player;

/// The level names, bottom (z = 0) to top (z = 7); the same for both players.
pub const LEVELS: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];

/// A tile in the digest's coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    /// Level, 0 (QR) to 7 (KR).
    pub z: i8,
    /// White's left distance - 1.
    pub a: i8,
    /// White's right distance - 1.
    pub b: i8,
}

impl Tile {
    /// The tile `(z, a, b)`.
    pub const fn new(z: i8, a: i8, b: i8) -> Tile {
        Tile { z, a, b }
    }

    /// True if every coordinate is 0..7.
    pub fn on_board(&self) -> bool {
        [self.z, self.a, self.b].iter().all(|c| (0..8).contains(c))
    }

    /// The cell (panics off the board).
    pub fn cell(&self) -> Cell {
        assert!(self.on_board(), "tile {self:?} is off the board");
        Cell(self.b as u32 + 8 * self.a as u32 + 64 * self.z as u32)
    }

    /// The tile of a cell.
    pub fn of(cell: Cell) -> Tile {
        let i = cell.0;
        Tile::new((i / 64) as i8, ((i / 8) % 8) as i8, (i % 8) as i8)
    }

    /// The offset to another tile, `(dz, da, db)`.
    pub fn offset_to(&self, other: &Tile) -> (i8, i8, i8) {
        (other.z - self.z, other.a - self.a, other.b - self.b)
    }

    /// White tile iff z + a + b is odd (KR1,1 is white).
    pub fn is_white(&self) -> bool {
        (self.z + self.a + self.b) % 2 == 1
    }

    /// The duke colour: gold, silver, ruby or jade (rules/goff/02 §1.3).
    pub fn duke_colour(&self) -> &'static str {
        let (z, a, b) = (self.z % 2, self.a % 2, self.b % 2);
        if a == b {
            if z == a {
                "silver"
            } else {
                "gold"
            }
        } else if z == b {
            "ruby"
        } else {
            "jade"
        }
    }

    /// The book's name from `player`'s perspective (`K4,4`).
    pub fn book_name(&self, player: Player) -> String {
        let (m, n) = if player.0 == 0 {
            (self.a + 1, self.b + 1)
        } else {
            (8 - self.a, 8 - self.b)
        };
        format!("{}{m},{n}", LEVELS[self.z as usize])
    }

    /// Reads the book's name from `player`'s perspective (`KB3,4`; spaces around the comma are
    /// allowed).
    pub fn parse_book(text: &str, player: Player) -> Result<Tile, String> {
        let t = text.trim();
        let split = t
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(t.len());
        let (lvl, rest) = t.split_at(split);
        let z = LEVELS
            .iter()
            .position(|l| l.eq_ignore_ascii_case(lvl))
            .ok_or_else(|| {
                format!(
                    "'{t}': the level '{lvl}' is not one of {}",
                    LEVELS.join(", ")
                )
            })?;
        let (m, n) = rest.split_once(',').ok_or_else(|| {
            format!("'{t}': expected level, left distance, comma, right distance, as in KB3,4")
        })?;
        let num = |s: &str| -> Result<i8, String> {
            match s.trim().parse::<i8>() {
                Ok(v) if (1..=8).contains(&v) => Ok(v),
                _ => Err(format!(
                    "'{t}': the distance '{}' is not a number from 1 to 8",
                    s.trim()
                )),
            }
        };
        let (m, n) = (num(m)?, num(n)?);
        Ok(if player.0 == 0 {
            Tile::new(z as i8, m - 1, n - 1)
        } else {
            Tile::new(z as i8, 8 - m, 8 - n)
        })
    }
}

/// The tile `(z, a, b)` as a cell (panics off the board): shorthand for tests and tables.
pub fn tile(z: i8, a: i8, b: i8) -> Cell {
    Tile::new(z, a, b).cell()
}

/// The 8x8x8 board with axes `(b, a, z)`.
pub fn board_shape() -> Shape {
    Shape::new(&[8, 8, 8]).expect("8x8x8 is a valid shape")
}

/// A geometry vector (axes b, a, z) as `(dz, da, db)`.
pub fn zab(v: &Vector) -> (i8, i8, i8) {
    (v.get(2), v.get(1), v.get(0))
}

/// `Sq(S, u, v, n)` (rules/goff/04 §0): the on-board tiles `S + i u + j v` (`0 <= i, j <= n`) but
/// `S` itself, and those of its perimeter `n` (`max(i, j) = n`) in the order `i`, then `j`.
pub fn advancement_square(
    s: Tile,
    u: (i8, i8, i8),
    v: (i8, i8, i8),
    n: i8,
) -> (crate::tables::Bits, Vec<Cell>) {
    let mut all = crate::tables::Bits::EMPTY;
    let mut per = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            if i == 0 && j == 0 {
                continue;
            }
            let t = Tile::new(
                s.z + i * u.0 + j * v.0,
                s.a + i * u.1 + j * v.1,
                s.b + i * u.2 + j * v.2,
            );
            if t.on_board() {
                all.insert(t.cell());
                if i.max(j) == n {
                    per.push(t.cell());
                }
            }
        }
    }
    (all, per)
}
