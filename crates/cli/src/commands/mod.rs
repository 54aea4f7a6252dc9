//! The sub-commands, each generic over `V: Variant` (a [`crate::registry::VariantVisitor`]), and
//! the helpers they share: reading a position and playing a list of moves.

pub mod analyse;
pub mod compare;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod solve;
pub mod variants;

use crate::error::CliError;
use spacechess::Variant;

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

/// The position from `--position` (or the start) after `--moves`.
pub fn position_after<V: Variant>(
    v: &V,
    position: Option<&str>,
    moves: &[String],
) -> Result<V::Position, CliError> {
    let start = initial_position(v, position)?;
    play_moves(v, start, moves)
}
