//! `spacechess solve`: proves or refutes a forced mate in N (an exhaustive search, not a
//! heuristic one) and prints the key moves and the solution tree.

use super::position_after;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::search::MateSolver;
use spacechess::Variant;

/// Solves "mate in N" for the side to move.
pub struct Solve<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// N: the attacker's moves.
    pub mate: u32,
}

/// Reads N of `--mate N`: 1 to 10.
pub fn parse_mate(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if (1..=10).contains(&n) => Ok(n),
        _ => Err(format!("'{s}': expected a number of moves from 1 to 10")),
    }
}

impl VariantVisitor for Solve<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let pos = position_after(v, self.position, self.moves)?;
        if let Some(o) = v.outcome(&pos) {
            return Err(CliError::new(format!(
                "the game is already over in this position ({o})"
            )));
        }
        let n = self.mate;
        let attacker = v.players().name(v.to_move(&pos)).to_string();
        let start = std::time::Instant::now();
        let r = MateSolver::new(v).solve(&pos, n);
        let ms = start.elapsed().as_millis();
        let mut out = String::new();
        match r.shortest {
            None => out.push_str(&format!(
                "no forced mate in {n} for {attacker}: every line was searched ({} positions, {ms} ms)\n",
                r.nodes
            )),
            Some(k) => {
                let keys: Vec<String> = r.keys.iter().map(|m| v.move_text(&pos, m)).collect();
                out.push_str(&format!(
                    "{attacker} mates in {k}{} ({} positions, {ms} ms)\n",
                    if k < n { format!(" (asked: {n})") } else { String::new() },
                    r.nodes
                ));
                let unique = if keys.len() == 1 {
                    "unique key".to_string()
                } else {
                    format!("{} keys (cooked)", keys.len())
                };
                out.push_str(&format!(
                    "key{}: {} ({unique})\n",
                    if keys.len() == 1 { "" } else { "s" },
                    keys.join(" ")
                ));
                if let Some(tree) = r.tree {
                    out.push_str("solution:\n");
                    out.push_str(&tree.to_text());
                }
            }
        }
        Ok(out)
    }
}
