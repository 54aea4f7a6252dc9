//! `spacechess moves`: the legal moves of a position, sorted, one per line.

use super::position_after;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::Variant;

/// Lists the legal moves after playing `moves` from the position.
pub struct Moves<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
}

/// The texts of the legal moves of `pos`, sorted.
pub fn sorted_move_texts<V: Variant>(v: &V, pos: &V::Position) -> Vec<String> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| v.move_text(pos, m)).collect();
    texts.sort();
    texts
}

impl VariantVisitor for Moves<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let pos = position_after(v, self.position, self.moves)?;
        Ok(sorted_move_texts(v, &pos)
            .into_iter()
            .map(|t| t + "\n")
            .collect())
    }
}
