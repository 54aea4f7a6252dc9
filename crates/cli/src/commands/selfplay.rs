//! `spacechess selfplay`: matches of the engine against itself (at other limits) or against a
//! random mover, with a results table, progress on stderr and, with `--record FILE`, every
//! game's record written to FILE.

use super::initial_position;
use super::play::{append_record, today};
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::record::{result_token, termination, Record};
use spacechess::search::{play_game, Agent, Limits, Sides};
use spacechess::{Outcome, Player, Variant};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Reads an agent: `random`, `depth:N` (or just `N`), `movetime:MS`.
pub fn parse_agent(s: &str) -> Result<Agent, String> {
    let t = s.trim().to_ascii_lowercase();
    let bad = || {
        format!("'{s}': expected random, depth:N (N from 1 to 30) or movetime:MS (MS at least 1)")
    };
    if t == "random" {
        return Ok(Agent::Random);
    }
    let (kind, n) = match t.split_once(':') {
        Some((k, n)) => (k, n),
        None => ("depth", t.as_str()),
    };
    let n: u64 = n.parse().map_err(|_| bad())?;
    match kind {
        "depth" if (1..=30).contains(&n) => Ok(Agent::Engine(Limits::depth(n as u32))),
        "movetime" if n >= 1 => Ok(Agent::Engine(Limits::movetime(Duration::from_millis(n)))),
        _ => Err(bad()),
    }
}

/// Reads the number of games of `--games`: 1 or more.
pub fn parse_games(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}': expected a number of games, 1 or more")),
    }
}

/// A match of `games` games between agents A and B, colours alternating.
pub struct Selfplay<'a> {
    /// The `--position` text (default: the start).
    pub position: Option<&'a str>,
    /// Number of games.
    pub games: usize,
    /// Agent A.
    pub a: Agent,
    /// Agent B.
    pub b: Agent,
    /// Random plies at the start of each game (so that deterministic engines vary).
    pub random_opening: usize,
    /// A game reaching this many plies is a draw.
    pub max_plies: usize,
    /// Seed of the random opening and the random mover.
    pub seed: u64,
    /// The file every game's record is written to (replaced; None: no records are written).
    pub record: Option<PathBuf>,
    /// Progress lines (one per game) go here.
    pub progress: &'a mut dyn Write,
}

/// Which agent (true = A) plays each player in game `g` (0-based): in a two-sided game A takes
/// player 1's side in even games and the other side in odd games; with more than two teams A
/// plays one player, in turn, and B all the others.
pub fn seats(players: &spacechess::Players, g: usize) -> Vec<bool> {
    if players.team_count() > 2 {
        let a = g % players.count();
        return (0..players.count()).map(|p| p == a).collect();
    }
    let sides = Sides::new(players, Player(0));
    players
        .all()
        .map(|p| sides.same(p, Player(0)) == g.is_multiple_of(2))
        .collect()
}

impl VariantVisitor for Selfplay<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let start = initial_position(v, self.position)?;
        let players = v.players();
        if let Some(record) = &self.record {
            std::fs::write(record, "")
                .map_err(|e| CliError::new(format!("cannot write '{}': {e}", record.display())))?;
        }
        let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
        let mut rows = Vec::new();
        let mut total_plies = 0usize;
        let t0 = std::time::Instant::now();
        for g in 0..self.games {
            let seat = seats(players, g);
            let agents: Vec<Agent> = seat
                .iter()
                .map(|&a| if a { self.a } else { self.b })
                .collect();
            let names: Vec<String> = seat
                .iter()
                .zip(&agents)
                .map(|(&a, ag)| format!("{} {ag}", if a { "A:" } else { "B:" }))
                .collect();
            let seed = self.seed.wrapping_add(g as u64 * 0x9E37_79B9);
            let report = play_game(
                v,
                start.clone(),
                &agents,
                seed,
                self.random_opening,
                self.max_plies,
                |_| {},
            );
            let a_won = match &report.outcome {
                Outcome::Win { winners, .. } => Some(winners.iter().any(|w| seat[w.index()])),
                Outcome::Draw(_) => None,
            };
            match a_won {
                Some(true) => wins += 1,
                Some(false) => losses += 1,
                None => draws += 1,
            }
            let plies = report.game.moves().len();
            total_plies += plies;
            let date = today();
            let round = (g + 1).to_string();
            let text = Record::game_text(
                &report.game,
                &[
                    ("Event", "spacechess selfplay"),
                    ("Date", &date),
                    ("Round", &round),
                ],
                &names,
                Some(&report.outcome),
            );
            if let Some(record) = &self.record {
                append_record(record, &text)?;
            }
            let a_seats: Vec<&str> = players
                .all()
                .filter(|p| seat[p.index()])
                .map(|p| players.name(p))
                .collect();
            let result = result_token(Some(&report.outcome), players.count());
            let term = termination(&report.outcome);
            let _ = writeln!(
                self.progress,
                "game {}/{}: A as {} {result} ({term}) in {plies} plies; A {wins} wins, {draws} draws, {losses} losses",
                g + 1,
                self.games,
                a_seats.join("+"),
            );
            rows.push(format!(
                "{:>4}  {:<14} {:<10} {:<24} {:>5}\n",
                g + 1,
                a_seats.join("+"),
                result,
                term,
                plies
            ));
        }
        let n = self.games.max(1) as f64;
        let score = wins as f64 + draws as f64 / 2.0;
        let mut out = format!(
            "selfplay {}: {} games, A = {}, B = {} ({} random opening plies, draw at {} plies)\n\n",
            v.name(),
            self.games,
            self.a,
            self.b,
            self.random_opening,
            self.max_plies
        );
        out.push_str("game  A plays        result     termination              plies\n");
        for r in rows {
            out.push_str(&r);
        }
        out.push_str(&format!(
            "\n{:<22} {:>5} {:>5} {:>6} {:>7} {:>9}\n",
            "agent", "games", "wins", "draws", "losses", "score"
        ));
        out.push_str(&format!(
            "{:<22} {:>5} {:>5} {:>6} {:>7} {:>9}\n",
            format!("A: {}", self.a),
            self.games,
            wins,
            draws,
            losses,
            format!("{score}/{}", self.games)
        ));
        out.push_str(&format!(
            "{:<22} {:>5} {:>5} {:>6} {:>7} {:>9}\n",
            format!("B: {}", self.b),
            self.games,
            losses,
            draws,
            wins,
            format!("{}/{}", self.games as f64 - score, self.games)
        ));
        out.push_str(&format!(
            "\nA scored {:.0}%; {:.1} plies a game; {:.1} s\n",
            100.0 * score / n,
            total_plies as f64 / n,
            t0.elapsed().as_secs_f64(),
        ));
        if let Some(record) = &self.record {
            let _ = writeln!(
                self.progress,
                "{} written to {}",
                if self.games == 1 {
                    "1 game record was".to_string()
                } else {
                    format!("{} game records were", self.games)
                },
                record.display()
            );
        }
        Ok(out)
    }
}
