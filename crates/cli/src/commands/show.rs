//! `spacechess show`: the drawing of a position (the last of `--moves` marked `*`, a king in
//! check `!`), optionally the legend of the piece letters, then the position's text.

use super::drawing::{drawing, legend};
use super::position_with_last_move;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::Variant;

/// Draws the position (the start, `--position`, after `--moves`).
pub struct Show<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// `--legend`: name the piece letters under the board.
    pub legend: bool,
    /// Colour the marked men (stdout is a terminal).
    pub colour: bool,
}

impl VariantVisitor for Show<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let (pos, last) = position_with_last_move(v, self.position, self.moves)?;
        let last = last.as_ref().map(|(before, mv)| (before, mv));
        let mut out = drawing(v, &pos, last, self.colour);
        if self.legend {
            out.push_str(&legend(v));
        }
        out.push('\n');
        out.push_str(&v.position_text(&pos));
        out.push('\n');
        Ok(out)
    }
}
