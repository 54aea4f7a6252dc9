//! Piece values and the static evaluation for the search (rules/goff/05 §5).
//!
//! Material is the book's Table 14 (P 1, D 2, N 3, B 4, S 6, R 8, Q 15; the king is not valued),
//! in centipawns. On top of it each man but pawns and kings earns a small **power projection**
//! term, the book's own mobility measure (05 §5, "Mobility / power projection"): the number of
//! tiles the kind reaches from its tile on the empty board (bishop 84-147, duke 79-115, queen
//! 289-355, knight 3-24, stack 151-235; the rook 168 everywhere), compared with the kind's average
//! over the board. A man on a tile where it projects as much power as on average adds nothing; on
//! the best tiles it adds a tenth of its value times its relative excess, on the worst it loses as
//! much. It is a table look-up per man, so it costs next to nothing, and it draws men toward the
//! centre, which the book names as the opening's goal (control of the 8 centre tiles). The blocked
//! mobility of the actual position is left to the search.

use crate::position::{Kind, Move, Position};
use crate::power::projection;
use spacechess_geometry::Cell;
use spacechess_variant::Player;
use std::sync::OnceLock;

/// Share of a man's value that its power projection is worth at its average reach: a tile where
/// the kind reaches 50 % more tiles than on average adds 5 % of the man's value.
pub const PROJECTION_SHARE: f64 = 0.1;

/// The value [`capture_values`] gives a king, taken or taking (the search orders a king's
/// captures last), as the engine does for royal men.
pub const ROYAL: i32 = 10_000;

/// The book's value of a kind in centipawns (05 §5 Table 14 × 100). The king is not valued: 0.
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Duke => 200,
        Kind::Knight => 300,
        Kind::Bishop => 400,
        Kind::Stack => 600,
        Kind::Rook => 800,
        Kind::Queen => 1500,
        Kind::King => 0,
    }
}

/// `bonus[kind][tile]`: the power projection term of a man of `kind` on `tile`, in centipawns.
fn projection_bonus() -> &'static [[i32; 512]; 8] {
    static TABLE: OnceLock<Box<[[i32; 512]; 8]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0i32; 512]; 8]);
        for kind in Kind::ALL {
            if matches!(kind, Kind::Pawn | Kind::King) {
                continue;
            }
            let reach: Vec<f64> = (0..512u32)
                .map(|i| projection(kind, Cell(i)).len() as f64)
                .collect();
            let avg = reach.iter().sum::<f64>() / reach.len() as f64;
            for (i, r) in reach.iter().enumerate() {
                let rel = (r - avg) / avg;
                t[kind as usize][i] =
                    (PROJECTION_SHARE * f64::from(value(kind)) * rel).round() as i32;
            }
        }
        t
    })
}

/// The power projection term of a man of `kind` on `tile` (0 for pawns, kings and rooks).
pub fn projection_term(kind: Kind, tile: Cell) -> i32 {
    projection_bonus()[kind as usize][tile.index()]
}

/// Material of `player` in centipawns (Table 14).
pub fn material(pos: &Position, player: Player) -> i32 {
    let mine = pos.of_player(player);
    Kind::ALL
        .into_iter()
        .map(|k| value(k) * (pos.of_kind(k) & mine).len() as i32)
        .sum()
}

/// Adds to `scores[p]`, for White (0) and Black (1), material plus power projection.
pub fn evaluate(pos: &Position, scores: &mut [i32]) {
    let table = projection_bonus();
    for p in 0..2u8 {
        let player = Player(p);
        let mine = pos.of_player(player);
        let mut s = material(pos, player);
        for k in [
            Kind::Queen,
            Kind::Bishop,
            Kind::Duke,
            Kind::Knight,
            Kind::Stack,
        ] {
            for c in pos.of_kind(k) & mine {
                s += table[k as usize][c.index()];
            }
        }
        if let Some(x) = scores.get_mut(p as usize) {
            *x += s;
        }
    }
}

/// If `mv` captures: the value of the men taken (both, for a fission that takes two) and of the
/// man that takes (the emitted sub-piece for a decay, the stack for a fission; a king counts [`ROYAL`]).
/// En passant takes the doubly advanced pawn, which does not stand on `mv.to`. A castle never
/// captures; a move onto a friendly man (uplift, teleport, recombination) is not a capture.
pub fn capture_values(pos: &Position, mv: &Move) -> Option<(i32, i32)> {
    if mv.castle.is_some() {
        return None;
    }
    let mover = pos.piece_at(mv.from)?;
    let theirs = pos.of_player(Player(1 - mover.player.0));
    let of = |k: Kind| if k == Kind::King { ROYAL } else { value(k) };
    let victim = |c: Cell| -> i32 {
        match pos.piece_at(c) {
            Some(pc) if theirs.contains(c) => of(pc.kind),
            _ => 0,
        }
    };
    let taker = match (mover.kind, mv.part) {
        (Kind::Stack, Some(sub)) => of(sub),
        (k, _) => of(k),
    };
    let taken = if mover.kind == Kind::Pawn && mv.part == Some(Kind::Pawn) {
        let (_, d) = pos.en_passant()?;
        theirs.contains(d).then(|| victim(d))?
    } else {
        let cells = [Some(mv.to), mv.fission];
        let cells = cells.iter().flatten();
        if !cells.clone().any(|&c| theirs.contains(c)) {
            return None;
        }
        cells.map(|&c| victim(c)).sum()
    };
    Some((taken, taker))
}
