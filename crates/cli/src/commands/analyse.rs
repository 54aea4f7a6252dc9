//! `spacechess analyse`: the engine's best line and score for a position, one line per completed
//! iteration, then the best move.

use super::{position_after, score_for};
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::search::{Limits, SearchOptions, Searcher};
use spacechess::Variant;

/// Analyses the position (the start, `--position`, after `--moves`).
pub struct Analyse<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// The search limits.
    pub limits: Limits,
    /// Best lines to find (`--lines`; 1: the best only).
    pub lines: usize,
}

/// The moves of a line as text, each in the position it is played from.
pub fn line_text<V: Variant>(v: &V, pos: &V::Position, line: &[V::Move]) -> String {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    for m in line {
        out.push(v.move_text(&cur, m));
        cur = v.play(&cur, m);
    }
    out.join(" ")
}

impl VariantVisitor for Analyse<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let pos = position_after(v, self.position, self.moves)?;
        let players = v.players();
        let to_move = v.to_move(&pos);
        let mut out = String::new();
        let mut searcher = Searcher::new(v);
        searcher.set_options(SearchOptions {
            multi_pv: self.lines.max(1),
            ..SearchOptions::default()
        });
        let several = self.lines > 1;
        let r = searcher.search_with(&pos, self.limits, |info| {
            out.push_str(&format!(
                "depth {:>2}{}{} score {:<16}  nodes {:>9}  time {:>6} ms  pv {}\n",
                info.depth,
                if info.partial { "+" } else { " " },
                if several {
                    format!(" line {:>2} ", info.multipv)
                } else {
                    String::new()
                },
                score_for(info.score, to_move, players),
                info.nodes,
                info.elapsed.as_millis(),
                line_text(v, &pos, &info.pv)
            ));
        });
        match r.best {
            None => {
                let result = v
                    .outcome(&pos)
                    .map_or("no legal move".to_string(), |o| o.to_string());
                out.push_str(&format!("no move: the game is over ({result})\n"));
            }
            Some(best) => {
                let secs = r.elapsed.as_secs_f64();
                let nps = if secs > 0.0 {
                    r.nodes as f64 / secs
                } else {
                    0.0
                };
                out.push_str(&format!(
                    "best {}  score {}  depth {}  {} nodes  {:.0} nodes/s\n",
                    v.move_text(&pos, &best),
                    score_for(r.score, to_move, players),
                    r.depth,
                    r.nodes,
                    nps
                ));
            }
        }
        Ok(out)
    }
}
