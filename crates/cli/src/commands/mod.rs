//! The sub-commands, each generic over `V: Variant` (a [`crate::registry::VariantVisitor`]), and
//! the helpers they share: reading a position and playing a list of moves.

pub mod analyse;
pub mod compare;
pub mod drawing;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod solve;
pub mod uci;
pub mod variants;

use crate::error::CliError;
use spacechess::search::{MATE, MATE_BOUND};
use spacechess::{Player, Players, Variant};

/// A search score as the command line prints it, naming whose view it is: `+0.52 for White`
/// (pawns, in the view of `to_move`, the side to move where the search started), or for a forced
/// win `White wins in 2` (moves of the winner); in a game of more than two players, in plies:
/// `Red wins in 5 plies`, `Red loses in 5 plies`. Every score `analyse` and `play` print is
/// written by this function.
pub fn score_for(score: i32, to_move: Player, players: &Players) -> String {
    let me = players.name(to_move);
    if score.abs() < MATE_BOUND {
        return format!("{:+.2} for {me}", f64::from(score) / 100.0);
    }
    let plies = MATE - score.abs();
    if players.count() == 2 {
        let winner = if score > 0 {
            to_move
        } else {
            players.all().find(|&p| p != to_move).unwrap_or(to_move)
        };
        format!("{} wins in {}", players.name(winner), (plies + 1) / 2)
    } else if score > 0 {
        format!("{me} wins in {plies} plies")
    } else {
        format!("{me} loses in {plies} plies")
    }
}

/// The position given by `--position` (the variant's text format), or the start position.
pub fn initial_position<V: Variant>(v: &V, text: Option<&str>) -> Result<V::Position, CliError> {
    match text {
        None => Ok(v.start()),
        Some(t) => v
            .parse_position(t)
            .map_err(|e| CliError::new(format!("bad position '{}': {e}", t.trim()))),
    }
}

/// Plays `moves` (the variant's move text) from `pos`, each checked for legality.
pub fn play_moves<V: Variant>(
    v: &V,
    mut pos: V::Position,
    moves: &[String],
) -> Result<V::Position, CliError> {
    for (i, text) in moves.iter().enumerate() {
        let mv = v.parse_move(&pos, text).map_err(|e| {
            if i == 0 {
                CliError::new(e.to_string())
            } else {
                CliError::new(format!("{e} (after {})", moves[..i].join(" ")))
            }
        })?;
        pos = v.play(&pos, &mv);
    }
    Ok(pos)
}

/// The position from `--position` (or the start) after `--moves`, with the last of those moves
/// and the position it was played from (None when no move was given).
#[allow(clippy::type_complexity)]
pub fn position_with_last_move<V: Variant>(
    v: &V,
    position: Option<&str>,
    moves: &[String],
) -> Result<(V::Position, Option<(V::Position, V::Move)>), CliError> {
    let start = initial_position(v, position)?;
    let pos = play_moves(v, start.clone(), moves)?;
    let Some((last, earlier)) = moves.split_last() else {
        return Ok((pos, None));
    };
    let before = play_moves(v, start, earlier)?;
    let mv = v
        .parse_move(&before, last)
        .map_err(|e| CliError::new(e.to_string()))?;
    Ok((pos, Some((before, mv))))
}

/// The position from `--position` (or the start) after `--moves`.
pub fn position_after<V: Variant>(
    v: &V,
    position: Option<&str>,
    moves: &[String],
) -> Result<V::Position, CliError> {
    let start = initial_position(v, position)?;
    play_moves(v, start, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_name_whose_view_they_are() {
        let players = &Players::new(vec!["White".into(), "Black".into()], vec![0, 1]);
        let (white, black) = (Player(0), Player(1));
        assert_eq!(score_for(52, white, players), "+0.52 for White");
        assert_eq!(score_for(-130, black, players), "-1.30 for Black");
        assert_eq!(score_for(MATE - 3, white, players), "White wins in 2");
        assert_eq!(score_for(-(MATE - 2), white, players), "Black wins in 1");
        assert_eq!(score_for(-(MATE - 4), black, players), "White wins in 2");
        let names = ["White", "Red", "Black", "Blue"].map(String::from).to_vec();
        let four = &Players::new(names, vec![0, 1, 2, 3]);
        assert_eq!(score_for(MATE - 5, Player(1), four), "Red wins in 5 plies");
        assert_eq!(
            score_for(-(MATE - 3), Player(3), four),
            "Blue loses in 3 plies"
        );
        assert_eq!(score_for(0, Player(2), four), "+0.00 for Black");
    }
}
