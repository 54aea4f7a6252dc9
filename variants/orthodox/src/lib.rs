//! Orthodox 2D chess on the spacechess engine: the calibration variant.
//!
//! The rules are a RON rule set (`rules/orthodox.ron`) of the data-driven engine; this crate adds
//! only what is particular to orthodox chess: FEN (castling rights and the en passant square in
//! their standard form) and coordinate move text (`e2e4`, `e7e8q`).

mod dead;
mod enemy_offsets;
mod enemy_royal_cells;
mod fen;
mod mobility;
mod net;
mod placement;
mod royal_cells;
mod royal_offsets;
mod structure;
pub mod weights;
mod wings;

use dead::MinorKinds;
use spacechess_engine::{Engine, GenericNotation, Move, NetSums, Notation, Position};
use spacechess_geometry::Cell;
use spacechess_variant::{DrawReason, Outcome, Player, PositionError, SearchHints, Variant};
use std::sync::Arc;

/// The rule set, as RON.
pub const RULES: &str = include_str!("../rules/orthodox.ron");

/// The reason of a draw by a dead position ([`Outcome::Draw`] with [`DrawReason::Other`]).
pub const INSUFFICIENT_MATERIAL: &str = "insufficient material";

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
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_variant::{perft, Variant};
/// let chess = Orthodox::new();
/// assert_eq!(perft(&chess, &chess.start(), 3), 8902);
/// ```
pub struct Orthodox {
    engine: Engine<1>,
    minors: MinorKinds,
}

impl Default for Orthodox {
    fn default() -> Self {
        Orthodox::new()
    }
}

impl Orthodox {
    /// Orthodox chess with FIDE rules.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// assert_eq!(chess.legal_moves_vec(&chess.start()).len(), 20);
    /// ```
    pub fn new() -> Orthodox {
        let mut engine = Engine::from_ron(RULES, Arc::new(CoordinateNotation))
            .expect("the built-in rule set compiles");
        engine.set_eval_params(weights::tuned());
        let minors = MinorKinds::of(&engine);
        Orthodox { engine, minors }
    }

    /// The underlying engine.
    pub fn engine(&self) -> &Engine<1> {
        &self.engine
    }

    /// Orthodox chess whose evaluation uses other weights than its own ([`weights::tuned`]), for
    /// tuning them (`benches/examples/tune.rs`). The rules are the same.
    pub fn with_eval_params(params: spacechess_engine::EvalParams) -> Orthodox {
        let mut chess = Orthodox::new();
        chess.engine.set_eval_params(params);
        chess
    }

    /// Reads a FEN.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let pos = chess.from_fen(kiwipete).unwrap();
    /// assert_eq!(chess.legal_moves_vec(&pos).len(), 48);
    /// assert!(chess.from_fen("8/8/8 w - - 0 1").is_err());
    /// ```
    pub fn from_fen(&self, fen: &str) -> Result<OrthodoxPosition, PositionError> {
        fen::parse(&self.engine, fen)
    }

    /// Writes a FEN.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let pos = chess.play_line(&chess.start(), &["e2e4"]).unwrap();
    /// assert_eq!(chess.fen(&pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    pub fn fen(&self, pos: &OrthodoxPosition) -> String {
        fen::write(&self.engine, pos)
    }
}

impl Variant for Orthodox {
    type Position = OrthodoxPosition;
    type Move = Move;
    type EvalState = NetSums;

    spacechess_variant::forward_variant!(engine =>
        name, description, options_ron, players, start, legal_moves, count_legal_moves, play,
        in_check,
        move_text, parse_move, draw, draw_marked, piece_names, move_info, men, board,
        repetition_key, halfmove_clock,
        hash_key, capture_values, noisy_moves, cell_info, move_origin, pass,
        moved_man_attacked, see, eval_state, next_eval_state,
    );
    fn to_move(&self, pos: &OrthodoxPosition) -> Player {
        pos.to_move()
    }
    /// The engine's (checkmate, stalemate), then a dead position by material alone: no pawn,
    /// rook or queen, and at most one minor piece or only bishops on one colour (FIDE 5.2.2;
    /// `dead.rs`). A drawn game by this rule still has legal moves.
    fn outcome(&self, pos: &OrthodoxPosition) -> Option<Outcome> {
        self.engine.outcome(pos).or_else(|| {
            self.minors
                .insufficient_material(&self.engine, pos)
                .then_some(Outcome::Draw(DrawReason::Other(INSUFFICIENT_MATERIAL)))
        })
    }
    /// The engine's evaluation, except that a dead position by material (see
    /// [`Orthodox::outcome`]) is worth nothing to either side: a draw, whatever the men left.
    fn evaluate(&self, pos: &OrthodoxPosition, scores: &mut [i32]) {
        if !self.minors.insufficient_material(&self.engine, pos) {
            self.engine.evaluate(pos, scores);
        }
    }
    /// As [`Orthodox::evaluate`], with the engine's network sums known.
    fn evaluate_with_state(&self, pos: &OrthodoxPosition, sums: &NetSums, scores: &mut [i32]) {
        if !self.minors.insufficient_material(&self.engine, pos) {
            self.engine.evaluate_with_state(pos, sums, scores);
        }
    }
    fn position_text(&self, pos: &OrthodoxPosition) -> String {
        self.fen(pos)
    }
    fn parse_position(&self, text: &str) -> Result<OrthodoxPosition, PositionError> {
        self.from_fen(text)
    }
    /// Deeper late-move reductions than the other variants' (divisor 1.7 against 1.9): +23
    /// [+3, +43] Elo in 800 orthodox games, where Raumschach lost 24 [-66, +17] in 200
    /// (docs/search.md, issue 14's seventeenth stop).
    fn search_hints(&self) -> SearchHints {
        SearchHints {
            reduction_divisor: 1.7,
            ..SearchHints::default()
        }
    }
}
