//! The book's "Half-Life of Stacks for Random Legal Moves" (rules/goff/03 §5, L18030-18068): a
//! lone stack on a centre tile, one uniformly random move among its bishop decays, duke decays and
//! stack moves (on the tiles both reach it must move as a stack; fission is ignored).

use crate::movegen::pseudo_moves;
use crate::position::{Kind, Piece, Position};
use crate::tables::tables;
use crate::tables::Family;
use crate::tile::tile;
use spacechess_variant::Player;

/// The counts of the experiment from one tile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalfLife {
    /// Tiles reached by bishop decay (147 from the centre).
    pub bishop: usize,
    /// Tiles reached by duke decay (115).
    pub duke: usize,
    /// Tiles reached by both, where the stack moves as a stack (27).
    pub common: usize,
    /// Distinct destinations (235).
    pub total: usize,
    /// Probability of decay, (total - common) / total (88.5%).
    pub lambda: f64,
    /// The book's half-life ln 2 / lambda (0.783 moves).
    pub half_life: f64,
}

/// The counts for a lone White stack on `(z, a, b)` on the empty board.
pub fn counts(z: i8, a: i8, b: i8) -> HalfLife {
    let s = tile(z, a, b);
    let t = tables();
    let occ = Position::empty().occupied();
    let bs = t.planar(Family::Bishop).moves(s, &occ, &occ);
    let ds = t.planar(Family::Duke).moves(s, &occ, &occ);
    let common = (bs & ds).len();
    let total = (bs | ds).len();
    let lambda = (total - common) as f64 / total as f64;
    HalfLife {
        bishop: bs.len(),
        duke: ds.len(),
        common,
        total,
        lambda,
        half_life: std::f64::consts::LN_2 / lambda,
    }
}

/// Runs the experiment: `boards` boards, each a lone stack on the centre tile Q4,4 making one
/// uniformly random choice among its distinct destinations (moving as a stack where both sub-pieces
/// reach). Returns the number of boards where the stack survived (moved as a stack).
pub fn experiment(boards: u32, seed: u64) -> u32 {
    let s = tile(3, 3, 3);
    let mut p = Position::empty();
    p.put(
        s,
        Piece {
            player: Player(0),
            kind: Kind::Stack,
        },
    );
    let mut moves = Vec::new();
    pseudo_moves(&p, p.piece_at(s).expect("stack"), s, &mut moves);
    moves.retain(|m| m.fission.is_none()); // the book ignores fission here
                                           // One choice per destination tile: the stack move where there is one, else the decay.
    let mut choices: Vec<bool> = Vec::new(); // true = survives as a stack
    let stack_tiles: Vec<_> = moves
        .iter()
        .filter(|m| m.part.is_none())
        .map(|m| m.to)
        .collect();
    let mut seen = Vec::new();
    for m in &moves {
        if !seen.contains(&m.to) {
            seen.push(m.to);
            choices.push(stack_tiles.contains(&m.to));
        }
    }
    let mut x = seed | 1;
    let mut survived = 0;
    for _ in 0..boards {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if choices[(x % choices.len() as u64) as usize] {
            survived += 1;
        }
    }
    survived
}
