//! The material imbalance (docs/search.md, *Evaluation*): weights on products of two kinds'
//! counts, learnt from labelled positions (`EvalParams::imbalance`), after Stockfish's
//! classical imbalance table. A second knight may be worth less than the first, a rook more
//! with few pawns left, a bishop more against a knight; the piece values alone are linear in
//! the counts and cannot say so.

use super::build::Engine;
use super::eval_params::{EvalParams, ImbalanceWeight};
use super::position::{Position, MAX_KINDS};
use spacechess_variant::Player;

/// One weight of `EvalParams::imbalance` with its kinds found: (own kind, other kind, whether
/// the other counts the enemies' men, middle game, endgame), in sixteenths of a centipawn.
pub(crate) type ImbalanceTerm = (u8, u8, bool, i32, i32);

/// The weights of `params.imbalance` whose letters name kinds of `letters` (the engine's kinds
/// in order) and that are not zero.
pub(crate) fn imbalance_terms(params: &EvalParams, letters: &[char]) -> Vec<ImbalanceTerm> {
    let kind = |l: char| letters.iter().position(|&k| k == l).map(|k| k as u8);
    params
        .imbalance
        .iter()
        .filter(|w| (w.middle, w.end) != (0, 0))
        .filter_map(
            |&ImbalanceWeight {
                 own,
                 other,
                 enemy,
                 middle,
                 end,
             }| { Some((kind(own)?, kind(other)?, enemy, middle, end)) },
        )
        .collect()
}

impl<const W: usize> Engine<W> {
    /// Player `p`'s imbalance term in centipawns, tapered by its `phase` (1024 while its
    /// enemies keep all their officers, 0 when they have none). The counts are taken here, not
    /// in the pass over the men: gathering them there cost 1.5% more instructions a node with
    /// the term off.
    pub(crate) fn imbalance_bonus(&self, pos: &Position<W>, p: Player, phase: i32) -> i32 {
        let mine = pos.by_player[p.index()];
        if mine.is_empty() {
            return 0;
        }
        let enemies = self.enemies_of(pos, p);
        let (mut own, mut theirs) = ([0i32; MAX_KINDS], [0i32; MAX_KINDS]);
        for k in 0..self.kinds.len().min(MAX_KINDS) {
            own[k] = (mine & pos.by_kind[k]).len() as i32;
            theirs[k] = (enemies & pos.by_kind[k]).len() as i32;
        }
        let (mut middle, mut end) = (0i32, 0i32);
        for &(a, b, enemy, m, e) in &self.eval_tables().imbalance {
            let (a, b) = (usize::from(a), usize::from(b));
            let pairs = if enemy {
                own[a] * theirs[b]
            } else if a == b {
                own[a] * (own[a] - 1) / 2
            } else {
                own[a] * own[b]
            };
            middle += m * pairs;
            end += e * pairs;
        }
        let tapered =
            i64::from(middle) * i64::from(phase) + i64::from(end) * i64::from(1024 - phase);
        (tapered / (1024 * 16)) as i32
    }
}
