//! A game record: the start, the moves, and the draws that depend on history.

use crate::error::MoveError;
use crate::outcome::{DrawReason, Outcome};
use crate::variant::Variant;

/// A game in progress or finished: the position after each move, so that repetition can be
/// counted and moves taken back.
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_variant::{DrawReason, Game, Outcome, Variant};
/// let chess = Orthodox::new();
/// let mut game = Game::new(&chess, chess.start());
/// for _ in 0..2 {
///     for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         let mv = chess.parse_move(game.position(), text).unwrap();
///         game.play(mv).unwrap();
///     }
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
/// ```
pub struct Game<'v, V: Variant> {
    variant: &'v V,
    positions: Vec<V::Position>,
    moves: Vec<V::Move>,
    texts: Vec<String>,
    /// Draw by this many occurrences of one position (None: no repetition rule).
    pub repetition_limit: Option<usize>,
    /// Draw when the half-move clock reaches this (None: no move-limit rule).
    pub halfmove_limit: Option<u32>,
}

impl<'v, V: Variant> Game<'v, V> {
    /// A game from `start`, with the variant's history draws ([`Variant::draw_rules`]: threefold
    /// repetition and the 50-move rule unless the variant says otherwise).
    pub fn new(variant: &'v V, start: V::Position) -> Self {
        let (repetition_limit, halfmove_limit) = variant.draw_rules();
        Game {
            variant,
            positions: vec![start],
            moves: Vec::new(),
            texts: Vec::new(),
            repetition_limit,
            halfmove_limit,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &'v V {
        self.variant
    }

    /// The current position.
    pub fn position(&self) -> &V::Position {
        self.positions.last().expect("a game has a position")
    }

    /// The starting position.
    pub fn start(&self) -> &V::Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// The moves played, as text in the variant's notation.
    pub fn move_texts(&self) -> &[String] {
        &self.texts
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: V::Move) -> Result<(), MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.to_string()));
        }
        let mut legal = Vec::new();
        self.variant.legal_moves(self.position(), &mut legal);
        if !legal.contains(&mv) {
            return Err(MoveError::Illegal {
                text: format!("{mv:?}"),
                reason: "not legal here".into(),
            });
        }
        let text = self.variant.move_text(self.position(), &mv);
        let next = self.variant.play(self.position(), &mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.texts.push(text);
        Ok(())
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.to_string()));
        }
        let mv = self.variant.parse_move(self.position(), text)?;
        self.play(mv)
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.positions.pop();
        self.moves.pop();
        self.texts.pop();
        true
    }

    /// How many times the current position has occurred (itself included).
    pub fn repetitions(&self) -> usize {
        let key = self.variant.repetition_key(self.position());
        self.positions
            .iter()
            .filter(|p| self.variant.repetition_key(p) == key)
            .count()
    }

    /// The result, if the game is over: by the position's rules, then by repetition or move limit.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.variant.outcome(self.position()) {
            return Some(o);
        }
        if let Some(limit) = self.repetition_limit {
            if self.repetitions() >= limit {
                let key = self.variant.repetition_key(self.position());
                let first = self
                    .positions
                    .iter()
                    .position(|p| self.variant.repetition_key(p) == key)
                    .expect("the current position occurs");
                return Some(
                    self.variant
                        .repetition_outcome(&self.positions[first..])
                        .unwrap_or(Outcome::Draw(DrawReason::Repetition)),
                );
            }
        }
        if let (Some(limit), Some(clock)) = (
            self.halfmove_limit,
            self.variant.halfmove_clock(self.position()),
        ) {
            if clock >= limit {
                return Some(Outcome::Draw(DrawReason::MoveLimit));
            }
        }
        None
    }
}
