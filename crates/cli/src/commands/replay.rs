//! `spacechess replay`: reads a game record file, replays its games move by move (checking every
//! move) and shows the final position and result.

use super::drawing::drawing;
use super::play::game_drawing;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::record::{result_token, Record};
use spacechess::Variant;
use std::path::Path;

/// Replays the records of a file.
pub struct Replay<'a> {
    /// The record file.
    pub file: &'a Path,
    /// Only this game (1-based).
    pub game: Option<usize>,
    /// Draw the board after every move.
    pub boards: bool,
    /// Colour the marked men of the drawings (stdout is a terminal).
    pub colour: bool,
}

impl VariantVisitor for Replay<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let text = std::fs::read_to_string(self.file)
            .map_err(|e| CliError::new(format!("cannot read '{}': {e}", self.file.display())))?;
        let records = Record::parse_all(&text)
            .map_err(|e| CliError::new(format!("{}: {e}", self.file.display())))?;
        if records.is_empty() {
            return Err(CliError::new(format!(
                "'{}' holds no game record",
                self.file.display()
            )));
        }
        let chosen: Vec<(usize, &Record)> = match self.game {
            Some(g) if g == 0 || g > records.len() => {
                return Err(CliError::new(format!(
                    "--game {g}: the file holds {} game(s)",
                    records.len()
                )))
            }
            Some(g) => vec![(g, &records[g - 1])],
            None => records
                .iter()
                .enumerate()
                .map(|(i, r)| (i + 1, r))
                .collect(),
        };
        let mut out = String::new();
        for (n, rec) in chosen {
            let game = rec
                .replay(v)
                .map_err(|e| CliError::new(format!("game {n}: {e}")))?;
            out.push_str(&format!("game {n}:"));
            for (k, val) in &rec.tags {
                if matches!(k.as_str(), "Variant" | "Result" | "Termination") {
                    continue;
                }
                out.push_str(&format!(" {k} {val};"));
            }
            out.push('\n');
            if self.boards {
                let mut pos = game.start().clone();
                out.push_str(&drawing(v, &pos, None, self.colour));
                for m in game.moves() {
                    out.push_str(&format!("\n{}\n", v.move_text(&pos, m)));
                    let next = v.play(&pos, m);
                    out.push_str(&drawing(v, &next, Some((&pos, m)), self.colour));
                    pos = next;
                }
            } else {
                out.push_str(&game_drawing(&game, self.colour));
            }
            let by_rules = v.outcome(game.position());
            out.push_str(&format!(
                "{} moves replayed; recorded result {}{}; final position: {}\n",
                game.moves().len(),
                rec.result,
                rec.tag("Termination")
                    .map(|t| format!(" ({t})"))
                    .unwrap_or_default(),
                match &by_rules {
                    Some(o) => format!("{o} ({})", result_token(Some(o), v.players().count())),
                    None => "game not over by the rules".to_string(),
                }
            ));
        }
        Ok(out)
    }
}
