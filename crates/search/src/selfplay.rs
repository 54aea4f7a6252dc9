//! Games between engines and random movers.

use super::{Limits, Searcher};
use spacechess_variant::Game;
use spacechess_variant::{DrawReason, Outcome};
use spacechess_variant::{RandomMover, Variant};

/// A player of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// The search engine within these limits.
    Engine(Limits),
    /// A uniformly random legal move.
    Random,
}

impl std::fmt::Display for Agent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Agent::Random => write!(f, "random"),
            Agent::Engine(l) => {
                let mut parts = Vec::new();
                if let Some(d) = l.depth {
                    parts.push(format!("depth {d}"));
                }
                if let Some(t) = l.movetime {
                    parts.push(format!("{} ms", t.as_millis()));
                }
                if let Some(n) = l.nodes {
                    parts.push(format!("{n} nodes"));
                }
                if parts.is_empty() {
                    parts.push("depth 4".into());
                }
                write!(f, "engine {}", parts.join(", "))
            }
        }
    }
}

/// A finished self-play game.
pub struct GameReport<'v, V: Variant> {
    /// The game, with every move.
    pub game: Game<'v, V>,
    /// How it ended (a draw by the ply limit if it reached `max_plies`).
    pub outcome: Outcome,
    /// True if the game was stopped at the ply limit rather than ended by the rules.
    pub adjudicated: bool,
}

/// Plays one game from `start`: `agents[i]` plays player `i`. The first `random_opening` plies are
/// random (from `seed`) so that games between deterministic engines differ; the game is a draw if
/// it reaches `max_plies` plies. Threefold repetition and the 50-move rule apply (see [`Game`]).
/// `on_move` is called after every move with the game so far.
pub fn play_game<'v, V: Variant>(
    v: &'v V,
    start: V::Position,
    agents: &[Agent],
    seed: u64,
    random_opening: usize,
    max_plies: usize,
    mut on_move: impl FnMut(&Game<'v, V>),
) -> GameReport<'v, V> {
    let mut game = Game::new(v, start.clone());
    let mut rng = RandomMover::new(seed);
    let mut searchers: Vec<Option<Searcher<'v, V>>> = agents
        .iter()
        .map(|a| match a {
            Agent::Engine(_) => Some(Searcher::with_table_bits(v, 16)),
            Agent::Random => None,
        })
        .collect();
    let mut positions = vec![start];
    loop {
        if let Some(o) = game.outcome() {
            return GameReport {
                game,
                outcome: o,
                adjudicated: false,
            };
        }
        if game.moves().len() >= max_plies {
            return GameReport {
                game,
                outcome: Outcome::Draw(DrawReason::Other("ply limit of the match")),
                adjudicated: true,
            };
        }
        let pos = game.position().clone();
        let who = v.to_move(&pos).index();
        let agent = agents.get(who).copied().unwrap_or(Agent::Random);
        let mv = if game.moves().len() < random_opening {
            rng.choose(v, &pos)
        } else {
            match (agent, searchers.get_mut(who).and_then(|s| s.as_mut())) {
                (Agent::Engine(limits), Some(s)) => {
                    s.set_game_history(positions[..positions.len() - 1].iter());
                    s.search(&pos, limits).best
                }
                _ => rng.choose(v, &pos),
            }
        };
        let Some(mv) = mv else {
            // No legal move but no outcome: cannot happen for a consistent variant.
            return GameReport {
                game,
                outcome: Outcome::Draw(DrawReason::Other("no legal move")),
                adjudicated: true,
            };
        };
        game.play(mv)
            .expect("the engine and the random mover play legal moves");
        positions.push(game.position().clone());
        on_move(&game);
    }
}
