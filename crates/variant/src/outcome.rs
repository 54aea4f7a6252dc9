//! How a game ends.

use crate::player::Player;
use crate::record::termination;
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser's king is in check and there is no legal move.
    Checkmate,
    /// The loser has no legal move and is not in check, and the rules score that as a loss.
    Stalemate,
    /// The loser's king was captured.
    KingCaptured,
    /// The winner captured every enemy man.
    CapturedEverything,
    /// The winner lost every man of their own (losing chess).
    LostEverything,
    /// The loser gave perpetual check, or the winner claimed it, as the rules say.
    PerpetualCheck,
    /// Another rule of the variant.
    Other(&'static str),
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// No legal move, not in check.
    Stalemate,
    /// The same position for the given number of times.
    Repetition,
    /// The move limit without capture or pawn move.
    MoveLimit,
    /// Another rule of the variant.
    Other(&'static str),
}

/// The result of a finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A team won: `winners` lists its players.
    Win {
        /// The winning players (one, or a team).
        winners: Vec<Player>,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The reason as a record's `Termination` names it: `Checkmate`, and another rule's
            // own words (`insufficient material`, not `Other("insufficient material")`).
            Outcome::Win { winners, .. } => {
                let names: Vec<String> = winners.iter().map(|p| p.to_string()).collect();
                write!(f, "{} wins ({})", names.join(" and "), termination(self))
            }
            Outcome::Draw(_) => write!(f, "draw ({})", termination(self)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_reads_as_its_reason_in_words() {
        let mate = Outcome::Win {
            winners: vec![Player(0)],
            reason: WinReason::Checkmate,
        };
        assert_eq!(mate.to_string(), "player 1 wins (Checkmate)");
        let dead = Outcome::Draw(DrawReason::Other("insufficient material"));
        assert_eq!(dead.to_string(), "draw (insufficient material)");
        assert_eq!(
            Outcome::Draw(DrawReason::Repetition).to_string(),
            "draw (Repetition)"
        );
    }
}
