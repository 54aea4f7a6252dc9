//! Orthodox 2D chess on the spacechess engine: the calibration variant.
//!
//! The rules are a RON rule set (`rules/orthodox.ron`) of the data-driven engine; this crate adds
//! only what is particular to orthodox chess: FEN (castling rights and the en passant square in
//! their standard form) and coordinate move text (`e2e4`, `e7e8q`).

mod fen;

use spacechess_geometry::Cell;
use spacechess_variant::engine::{Engine, GenericNotation, Move, Notation, Position};
use spacechess_variant::{MoveError, Outcome, Player, Players, PositionError, Variant};
use std::sync::Arc;

/// The rule set, as RON.
pub const RULES: &str = include_str!("../rules/orthodox.ron");

/// A position of orthodox chess.
pub type OrthodoxPosition = Position<1>;

/// Coordinate notation: cells `a1`..`h8`, moves `e2e4`, promotions `e7e8q`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoordinateNotation;

impl Notation for CoordinateNotation {
    fn cell_name(&self, shape: &spacechess_geometry::Shape, cell: Cell) -> String {
        GenericNotation.cell_name(shape, cell)
    }
    fn parse_cell(&self, shape: &spacechess_geometry::Shape, text: &str) -> Option<Cell> {
        GenericNotation.parse_cell(shape, text)
    }
    fn coordinate_moves(&self) -> bool {
        true
    }
}

/// Orthodox chess.
pub struct Orthodox {
    engine: Engine<1>,
}

impl Default for Orthodox {
    fn default() -> Self {
        Orthodox::new()
    }
}

impl Orthodox {
    /// Orthodox chess with FIDE rules.
    pub fn new() -> Orthodox {
        let engine = Engine::from_ron(RULES, Arc::new(CoordinateNotation))
            .expect("the built-in rule set compiles");
        Orthodox { engine }
    }

    /// The underlying engine.
    pub fn engine(&self) -> &Engine<1> {
        &self.engine
    }

    /// Reads a FEN.
    pub fn from_fen(&self, fen: &str) -> Result<OrthodoxPosition, PositionError> {
        fen::parse(&self.engine, fen)
    }

    /// Writes a FEN.
    pub fn fen(&self, pos: &OrthodoxPosition) -> String {
        fen::write(&self.engine, pos)
    }
}

impl Variant for Orthodox {
    type Position = OrthodoxPosition;
    type Move = Move;

    fn name(&self) -> &str {
        self.engine.name()
    }
    fn description(&self) -> &str {
        self.engine.description()
    }
    fn options_ron(&self) -> String {
        self.engine.options_ron()
    }
    fn players(&self) -> &Players {
        self.engine.players()
    }
    fn start(&self) -> OrthodoxPosition {
        self.engine.start()
    }
    fn to_move(&self, pos: &OrthodoxPosition) -> Player {
        pos.to_move()
    }
    fn legal_moves(&self, pos: &OrthodoxPosition, out: &mut Vec<Move>) {
        self.engine.legal_moves(pos, out)
    }
    fn play(&self, pos: &OrthodoxPosition, mv: &Move) -> OrthodoxPosition {
        self.engine.play(pos, mv)
    }
    fn outcome(&self, pos: &OrthodoxPosition) -> Option<Outcome> {
        self.engine.outcome(pos)
    }
    fn in_check(&self, pos: &OrthodoxPosition) -> bool {
        self.engine.in_check(pos)
    }
    fn move_text(&self, pos: &OrthodoxPosition, mv: &Move) -> String {
        self.engine.move_text(pos, mv)
    }
    fn parse_move(&self, pos: &OrthodoxPosition, text: &str) -> Result<Move, MoveError> {
        self.engine.parse_move(pos, text)
    }
    fn position_text(&self, pos: &OrthodoxPosition) -> String {
        self.fen(pos)
    }
    fn parse_position(&self, text: &str) -> Result<OrthodoxPosition, PositionError> {
        self.from_fen(text)
    }
    fn draw(&self, pos: &OrthodoxPosition) -> String {
        self.engine.draw(pos)
    }
    fn repetition_key(&self, pos: &OrthodoxPosition) -> u64 {
        self.engine.repetition_key(pos)
    }
    fn halfmove_clock(&self, pos: &OrthodoxPosition) -> Option<u32> {
        self.engine.halfmove_clock(pos)
    }
    fn hash_key(&self, pos: &OrthodoxPosition) -> u64 {
        self.engine.hash_key(pos)
    }
    fn evaluate(&self, pos: &OrthodoxPosition, scores: &mut [i32]) {
        self.engine.evaluate(pos, scores)
    }
    fn capture_values(&self, pos: &OrthodoxPosition, mv: &Move) -> Option<(i32, i32)> {
        self.engine.capture_values(pos, mv)
    }
}
