//! Search, generic over [`Variant`]: an opponent and an analyst for every variant.
//!
//! - [`Searcher`]: iterative deepening negamax with alpha-beta (principal variation search), a
//!   transposition table on [`Variant::hash_key`], quiescence search on captures, move ordering
//!   (hash move, captures by victim and attacker value, killer moves, history), and depth, time or
//!   node limits ([`Limits`]). The evaluation is [`Variant::evaluate`].
//! - [`MateSolver`]: an exhaustive proof or refutation of a forced win in N moves, with the key
//!   moves and the solution tree.
//! - [`play_game`], [`RandomMover`], [`Agent`]: games between engines and random movers.
//!
//! Sides: two players are two sides; four players in two teams are searched as two sides (a
//! player's teammate maximises the same score); with three or more teams the search uses the
//! paranoid reduction: the player to move at the root against a coalition of all the others.
//! Wins are whatever the rules call a win ([`Variant::outcome`]): checkmate, capture of
//! everything, loss of everything, a stalemate scored as a win or loss. See docs/search.md.

mod alphabeta;
mod mate;
mod selfplay;
pub mod stats;
#[cfg(test)]
mod tests;
mod tt;

pub use alphabeta::{
    Limits, PvLine, SearchInfo, SearchOptions, SearchResult, Searcher, MAX_HASH_MIB,
};
pub use mate::{MateResult, MateSolver, SolutionNode};
pub use selfplay::{play_game, Agent, GameReport};
pub use spacechess_variant::RandomMover;

use spacechess_variant::Variant;
use spacechess_variant::{Player, Players};

/// The score of a win at the root (a win `n` plies away scores `MATE - n`).
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const MATE_BOUND: i32 = MATE - 10_000;
/// Larger than any score.
pub(crate) const INFINITY: i32 = MATE + 1;

/// A key mixed into hash keys when the search's sides depend on the root player.
pub(crate) fn salt(p: Player) -> u64 {
    0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(u64::from(p.0) + 1)
}

/// Which players a search counts on the side of which: two teams are two sides; with more
/// teams, the root player stands alone against everyone else (the paranoid reduction).
#[derive(Clone, Debug)]
pub struct Sides {
    paranoid: bool,
    root: Player,
    players: Players,
}

impl Sides {
    /// The sides for a search with `root` to move at the root.
    pub fn new(players: &Players, root: Player) -> Sides {
        Sides {
            paranoid: players.team_count() > 2,
            root,
            players: players.clone(),
        }
    }

    /// True if the search treats the game as the root player against a coalition of the others.
    pub fn paranoid(&self) -> bool {
        self.paranoid
    }

    /// The player to move at the root of the search.
    pub fn root(&self) -> Player {
        self.root
    }

    /// True if `a` and `b` are on the same side of the search.
    #[inline]
    pub fn same(&self, a: Player, b: Player) -> bool {
        if self.paranoid {
            (a == self.root) == (b == self.root)
        } else {
            self.players.allied(a, b)
        }
    }

    /// The score of a finished game for `me`'s side: a win `ply` plies from the root scores
    /// `MATE - ply`, a loss the negative, a draw 0.
    pub fn outcome_score(
        &self,
        outcome: Option<&spacechess_variant::Outcome>,
        me: Player,
        ply: u32,
    ) -> i32 {
        match outcome {
            Some(spacechess_variant::Outcome::Win { winners, .. }) => {
                if winners.iter().any(|&w| self.same(w, me)) {
                    MATE - ply as i32
                } else {
                    -(MATE - ply as i32)
                }
            }
            _ => 0,
        }
    }

    /// A static evaluation for `me`'s side: its players' scores minus the others' (under the
    /// paranoid reduction, the average of each side).
    pub fn evaluate<V: Variant>(
        &self,
        v: &V,
        pos: &V::Position,
        me: Player,
        scratch: &mut Vec<i32>,
    ) -> i32 {
        scratch.clear();
        scratch.resize(self.players.count(), 0);
        v.evaluate(pos, scratch);
        self.side_score(scratch, me)
    }

    /// The score for `me`'s side of the players' scores `scores` (one per player, in turn
    /// order): its players' scores minus the others' (under the paranoid reduction, the
    /// average of each side).
    pub fn side_score(&self, scores: &[i32], me: Player) -> i32 {
        let (mut mine, mut theirs, mut n_mine, mut n_theirs) = (0i32, 0i32, 0i32, 0i32);
        for (p, &s) in scores.iter().enumerate() {
            if self.same(Player(p as u8), me) {
                mine += s;
                n_mine += 1;
            } else {
                theirs += s;
                n_theirs += 1;
            }
        }
        if self.paranoid {
            // One player against a coalition: each side's average, so that scores read like
            // those of a two-sided game.
            mine / n_mine.max(1) - theirs / n_theirs.max(1)
        } else {
            mine - theirs
        }
    }
}

/// A score as text: `+1.25` (pawns, for the side to move), `+M3` / `-M3` for a forced win or loss
/// in 3 moves of the winning side (in a game of more than two players, `+M5p`: in 5 plies).
pub fn score_text(score: i32, players: usize) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let sign = if score > 0 { '+' } else { '-' };
        if players == 2 {
            format!("{sign}M{}", (plies + 1) / 2)
        } else {
            format!("{sign}M{plies}p")
        }
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}
