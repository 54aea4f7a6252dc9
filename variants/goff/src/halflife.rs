//! The book's "Half-Life of Stacks for Random Legal Moves" (rules/goff/03 §5, L18030-18068): a
//! lone stack on a centre tile, one uniformly random move among its bishop decays, duke decays and
//! stack moves (on the tiles both reach it must move as a stack; fission is ignored).
//!
//! The book turns the decay probability λ into a half-life ln 2 / λ (0.783 moves), treating λ as
//! a continuous rate; the per-move survival 27/235 gives the discrete half-life
//! ln 2 / −ln(27/235) = 0.320 moves (05 §2). [`survival_curve`] and [`decline`] follow the stacks
//! over several moves (each survivor moves again from the tile it reached), the measured curve
//! the book's "16 stacks dwindle to 1 in 3 moves" extrapolates.

use crate::movegen::pseudo_moves;
use crate::position::{Kind, Piece, Position};
use crate::tables::tables;
use crate::tables::{Bits, Family};
use crate::tile::tile;
use spacechess_geometry::Cell;
use spacechess_variant::Player;
use spacechess_variant::RandomMover;

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

impl HalfLife {
    /// Per-move survival, common / total (27/235 = 0.115 from the centre).
    pub fn survival(&self) -> f64 {
        self.common as f64 / self.total as f64
    }

    /// The discrete half-life ln 2 / −ln(survival) (0.320 moves from the centre, 05 §2).
    pub fn discrete_half_life(&self) -> f64 {
        std::f64::consts::LN_2 / -self.survival().ln()
    }

    /// The factor by which the book's continuous rate shrinks a population in `moves` moves:
    /// 2^(moves / T½) (3 moves: 3.83 half-lives, about 14; the book says 16).
    pub fn book_factor(&self, moves: f64) -> f64 {
        (moves / self.half_life).exp2()
    }
}

/// A lone stack's reach from `s` on the empty board: (bishop decay tiles, duke decay tiles).
fn reach(s: Cell) -> (Bits, Bits) {
    let t = tables();
    let occ = Position::empty().occupied();
    let bs = t.planar(Family::Bishop).moves(s, &occ, &occ);
    let ds = t.planar(Family::Duke).moves(s, &occ, &occ);
    (bs, ds)
}

/// The counts for a lone White stack on `(z, a, b)` on the empty board.
pub fn counts(z: i8, a: i8, b: i8) -> HalfLife {
    let (bs, ds) = reach(tile(z, a, b));
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
    let mut rng = RandomMover::new(seed);
    let mut survived = 0;
    for _ in 0..boards {
        if choices[rng.below(choices.len())] {
            survived += 1;
        }
    }
    survived
}

/// The probability that a stack starting on the centre tile Q4,4 is still whole after 1, 2, ...
/// `moves` moves of the experiment, each survivor moving again from the tile it reached (exact:
/// a Markov chain over the tiles of the empty board). The first is 27/235.
pub fn survival_curve(moves: usize) -> Vec<f64> {
    let mut p = vec![0.0f64; 512];
    p[tile(3, 3, 3).index()] = 1.0;
    let mut out = Vec::with_capacity(moves);
    for _ in 0..moves {
        let mut next = vec![0.0f64; 512];
        for (i, &q) in p.iter().enumerate() {
            if q == 0.0 {
                continue;
            }
            let (bs, ds) = reach(Cell(i as u32));
            let total = (bs | ds).len() as f64;
            for c in bs & ds {
                next[c.index()] += q / total;
            }
        }
        p = next;
        out.push(p.iter().sum());
    }
    out
}

/// The experiment over several moves: `stacks` lone stacks start on Q4,4 (each on its own empty
/// board); at every move each whole stack picks one of its distinct destination tiles uniformly,
/// survives if it is a tile both sub-pieces reach (it must move there as a stack), decays
/// otherwise, and a survivor moves on from its new tile. Returns the whole stacks after each of
/// the `moves` moves.
pub fn decline(stacks: u32, moves: usize, seed: u64) -> Vec<u32> {
    let mut rng = RandomMover::new(seed);
    let mut alive: Vec<Cell> = vec![tile(3, 3, 3); stacks as usize];
    let mut out = Vec::with_capacity(moves);
    for _ in 0..moves {
        alive = alive
            .into_iter()
            .filter_map(|s| {
                let (bs, ds) = reach(s);
                let all = bs | ds;
                let to = all.iter().nth(rng.below(all.len()))?;
                (bs & ds).contains(to).then_some(to)
            })
            .collect();
        out.push(alive.len() as u32);
    }
    out
}
