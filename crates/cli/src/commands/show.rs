//! `spacechess show`: the drawing of a position, then its text.

use super::position_after;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::Variant;

/// Draws the position (the start, `--position`, after `--moves`).
pub struct Show<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
}

impl VariantVisitor for Show<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let pos = position_after(v, self.position, self.moves)?;
        let mut out = v.draw(&pos);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&v.position_text(&pos));
        out.push('\n');
        Ok(out)
    }
}
