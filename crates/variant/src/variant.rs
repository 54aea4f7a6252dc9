//! The one interface every variant implements.

use crate::board::{BoardModel, Man, MoveInfo, VirtualMen};
use crate::error::{MoveError, PositionError};
use crate::hints::SearchHints;
use crate::outcome::Outcome;
use crate::player::{Player, Players};
use spacechess_geometry::Cell;
use std::fmt::Debug;
use std::hash::Hash;

/// A chess variant: its rules (with options already applied), positions and moves.
///
/// Positions are values: [`Variant::play`] returns a new one (copy-make). A position produced by
/// [`Variant::parse_position`] or [`Variant::start`] is valid; [`Variant::legal_moves`] lists
/// exactly the moves the rules allow, including the placements or other moves a variant may have.
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_variant::{Outcome, Variant, WinReason};
/// let chess = Orthodox::new();
/// let mut pos = chess.start();
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let mv = chess.parse_move(&pos, text).unwrap();
///     pos = chess.play(&pos, &mv);
/// }
/// assert!(chess.in_check(&pos));
/// assert!(matches!(chess.outcome(&pos), Some(Outcome::Win { reason: WinReason::Checkmate, .. })));
/// ```
pub trait Variant: Send + Sync {
    /// A position: the board and whatever state the rules need (side to move, rights, clocks).
    type Position: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move.
    type Move: Clone + Eq + Hash + Debug + Send + Sync;
    /// What the evaluation carries from a position to the next in a search, to evaluate the
    /// next cheaply ([`Variant::next_eval_state`]); `()` for an evaluation that carries
    /// nothing. The engine's: its placement network's first-layer sums (`NetSums`).
    type EvalState: Clone + Default + Debug;

    /// The short name used on the command line (`raumschach`).
    fn name(&self) -> &str;
    /// One line saying what the game is.
    fn description(&self) -> &str;
    /// The rule options in force, as RON text.
    fn options_ron(&self) -> String;
    /// The players and their teams.
    fn players(&self) -> &Players;

    /// The starting position.
    fn start(&self) -> Self::Position;
    /// The player to move.
    fn to_move(&self, pos: &Self::Position) -> Player;
    /// Replaces `out` with the legal moves (empty when the game is over).
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);
    /// The number of legal moves (perft's last ply); a variant may count faster than it lists.
    fn count_legal_moves(&self, pos: &Self::Position, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(pos, scratch);
        scratch.len()
    }
    /// The position after a legal move. The move must come from [`Variant::legal_moves`].
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// The result if the game is over in this position by the rules of the position alone
    /// (checkmate, stalemate, a goal reached); history-based draws are [`crate::Game`]'s.
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;
    /// True if the player to move is in check (used by records and search).
    fn in_check(&self, pos: &Self::Position) -> bool;

    /// The text of a legal move in the variant's notation.
    fn move_text(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// Reads a move in the variant's notation; it must be legal in `pos`.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;
    /// The position in the variant's text format.
    fn position_text(&self, pos: &Self::Position) -> String;
    /// Reads and validates a position text.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;
    /// A drawing of the position for a terminal.
    fn draw(&self, pos: &Self::Position) -> String;
    /// The drawing of [`Variant::draw`] with some cells marked: for each `(cell, mark)` the mark
    /// character stands just before the cell's man (or empty-cell sign) in place of the space
    /// there, so that the drawing keeps its layout (the command line marks the last move's cells
    /// `*` and a king in check `!`). A cell with no space before it in the drawing stays unmarked.
    /// Default: [`Variant::draw`], without marks; every built-in variant marks its cells.
    ///
    /// ```
    /// use spacechess_geometry::Cell;
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let start = chess.start();
    /// let e2 = chess.board().by_name("e2").unwrap().cell;
    /// let drawing = chess.draw_marked(&start, &[(e2, '*')]);
    /// assert!(drawing.contains(" 2 P P P P*P P P P"));
    /// assert_eq!(chess.draw_marked(&start, &[]), chess.draw(&start));
    /// ```
    fn draw_marked(&self, pos: &Self::Position, marks: &[(Cell, char)]) -> String {
        let _ = marks;
        self.draw(pos)
    }
    /// The pieces of the variant: each piece's letter (upper case, as [`Variant::men`] and the
    /// position text write it) with its name (`('U', "Unicorn")`), in the variant's order, every
    /// piece a man may be (promotions and pieces placed from the hand too). Default: the pieces
    /// of the start position's men, named as [`Variant::cell_info`] names them (by their letter
    /// where it names none).
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let pieces = Orthodox::new().piece_names();
    /// assert!(pieces.contains(&('K', "King".to_string())));
    /// assert_eq!(pieces.len(), 6);
    /// ```
    fn piece_names(&self) -> Vec<(char, String)> {
        let start = self.start();
        let board = self.board();
        let mut out: Vec<(char, String)> = Vec::new();
        for man in self.men(&start) {
            if out.iter().any(|(c, _)| *c == man.piece) {
                continue;
            }
            let name = self
                .cell_info(&start, board.name(man.cell))
                .and_then(|r| r.man)
                .map_or_else(|| man.piece.to_string(), |m| m.piece);
            out.push((man.piece, name));
        }
        out
    }

    // Move and board geometry (crate::board): computed on demand, off the move generator's path.

    /// What a legal move of `pos` does on the board: the cells it leaves and lands on, where it
    /// captures, what a pawn becomes, and its kind (see [`MoveInfo`]).
    ///
    /// ```
    /// # use spacechess_variant::{MoveKind, Variant};
    /// # fn example<V: Variant>(v: &V) {
    /// let start = v.start();
    /// for mv in v.legal_moves_vec(&start) {
    ///     let info = v.move_info(&start, &mv);
    ///     assert!(info.kind == MoveKind::Placement || !info.from.is_empty());
    /// }
    /// # }
    /// ```
    fn move_info(&self, pos: &Self::Position, mv: &Self::Move) -> MoveInfo;
    /// The men on the board of `pos`: cell, owner and piece letter, by increasing cell.
    fn men(&self, pos: &Self::Position) -> Vec<Man>;
    /// For a position that stands for several realities (Goff's quantum chess), every man with the
    /// number of realities in which he stands on his cell; `None` (the default) for a classical
    /// position, whose men stand in its one reality ([`Variant::men`]).
    fn virtual_men(&self, _pos: &Self::Position) -> Option<VirtualMen> {
        None
    }
    /// The board: every cell with its name, coordinates and place in the terminal drawing's
    /// panels (see [`BoardModel`]; [`BoardModel::from_shape`] gives a box of cells its default).
    fn board(&self) -> BoardModel;

    /// Key for repetition: equal for positions that repeat (clocks ignored).
    fn repetition_key(&self, pos: &Self::Position) -> u64;
    /// The result when a position occurs for the repetition limit's time (see
    /// [`crate::Game::repetition_limit`]). `cycle` holds the positions from the first occurrence of
    /// the repeated position to the current one, both included. None (the default): the ordinary
    /// draw by repetition. Sphinx Chess scores perpetual check as a win here.
    fn repetition_outcome(&self, _cycle: &[Self::Position]) -> Option<Outcome> {
        None
    }
    /// Half-moves since the last capture or pawn move, when the variant counts them.
    fn halfmove_clock(&self, _pos: &Self::Position) -> Option<u32> {
        None
    }
    /// The history draws a [`crate::Game`] applies: `(repetition limit, half-move limit)`.
    /// Default: threefold repetition and the 50-move rule, `(Some(3), Some(100))`; a variant whose
    /// rule options change them (Goff's) overrides it.
    fn draw_rules(&self) -> (Option<usize>, Option<u32>) {
        (Some(3), Some(100))
    }

    // Search support (crate spacechess_search). Every method below has a default, so a variant
    // gets an opponent without writing any of them; the data-driven engine overrides all three.

    /// A 64-bit hash of the position for the search's transposition table: equal for positions
    /// that are the same for the rules (clocks ignored). Default: [`Variant::repetition_key`].
    fn hash_key(&self, pos: &Self::Position) -> u64 {
        self.repetition_key(pos)
    }

    /// A static evaluation: adds to `scores` (one slot per player, in turn order) how good the
    /// position is for each player, in centipawns. Default: every man of [`Variant::men`] is
    /// worth 100 to its owner. The engine's evaluation is material (the rule set's piece values,
    /// or values derived from mobility) plus mobility; see docs/search.md. A variant with its own
    /// evaluation (piece values from a book) overrides it.
    fn evaluate(&self, pos: &Self::Position, scores: &mut [i32]) {
        for man in self.men(pos) {
            if let Some(s) = scores.get_mut(man.player.index()) {
                *s += 100;
            }
        }
    }

    /// The evaluation's state of `pos` (see [`Variant::EvalState`]), from scratch. Default:
    /// the state's default.
    fn eval_state(&self, _pos: &Self::Position) -> Self::EvalState {
        Self::EvalState::default()
    }

    /// The evaluation's state of `after`, a position that follows `before` (by a move or a
    /// pass), from `state`, that of `before`: the same as [`Variant::eval_state`] of `after`,
    /// for less work. Default: `eval_state(after)`.
    fn next_eval_state(
        &self,
        _state: &Self::EvalState,
        _before: &Self::Position,
        after: &Self::Position,
    ) -> Self::EvalState {
        self.eval_state(after)
    }

    /// [`Variant::evaluate`] of `pos` with its evaluation's state known (`state`, as
    /// [`Variant::eval_state`] gives it): the same scores, for less work. Default: `evaluate`.
    fn evaluate_with_state(
        &self,
        pos: &Self::Position,
        _state: &Self::EvalState,
        scores: &mut [i32],
    ) {
        self.evaluate(pos, scores)
    }

    /// The position with the turn passed to the next player and nothing else changed but the
    /// clocks (no en passant right), for the search's null-move pruning. The search asks only in
    /// two-player games, when the side to move is not in check. Default: `None`, the variant
    /// cannot pass (the search then does no null-move pruning).
    fn pass(&self, _pos: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// If `mv` wins material, by capture or (where the variant counts it) by promotion: the
    /// value it wins (the man taken, plus a promotion's gain) and the value of the man that
    /// moves, in centipawns. The search orders these moves first by them and searches them in
    /// its quiescence search. Default: a move whose [`Variant::move_info`] has captures; 100 for
    /// each man taken, 100 for the taker. The engine also counts a promotion to its most
    /// valuable choice (the new man's value less the promoting man's).
    fn capture_values(&self, pos: &Self::Position, mv: &Self::Move) -> Option<(i32, i32)> {
        let taken = self.move_info(pos, mv).captures.len();
        (taken > 0).then_some((100 * taken as i32, 100))
    }

    /// The legal moves the quiescence search tries out of check: every legal move for which
    /// [`Variant::capture_values`] is `Some`, in the order of [`Variant::legal_moves`]; other
    /// moves may be listed too (the engine lists every promotion), and the search skips them. Returns
    /// true when the position may have no legal move at all (the search then asks
    /// `legal_moves` and `outcome`); it may return false, with an empty list, for a position
    /// without legal moves that is not decided by the rules' goal (a stalemate, which the
    /// quiescence search, as most engines', does not look for). Default: every legal move,
    /// filtered; true if there was none. The engine generates only captures and promotions.
    fn noisy_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) -> bool {
        self.legal_moves(pos, out);
        if out.is_empty() {
            return true;
        }
        out.retain(|m| self.capture_values(pos, m).is_some());
        false
    }

    /// Whether the man `mv` moved can be taken at once in `after`, the position `mv` led to, by
    /// the side to move there (a pseudo-legal attack on his cell is enough). The search's cheap
    /// static exchange test: its quiescence search skips a capture by a man worth more than the
    /// man taken when the taker can be taken back. Default: false (unknown), which skips nothing.
    fn moved_man_attacked(&self, _after: &Self::Position, _mv: &Self::Move) -> bool {
        false
    }

    /// The static exchange evaluation of `mv`: what the side to move wins (or, if negative,
    /// loses) in centipawns on the move's cell if both sides go on taking there with their
    /// least valuable man while it pays (pins and checks ignored). A quiet move takes nothing
    /// and risks the man moved. `None` where the variant does not evaluate exchanges, or for a
    /// move it does not evaluate (a promotion, castling). The search skips losing captures in
    /// its quiescence search and tries them after the quiet moves, and near the horizon skips
    /// moves that lose much material. Default: `None`.
    ///
    /// A capture's value is at least the man taken less the man taking, in the values of
    /// [`Variant::capture_values`] (the side that takes may stop after the first reply), so the
    /// search asks only for captures of a man worth less than the taker.
    fn see(&self, _pos: &Self::Position, _mv: &Self::Move) -> Option<i32> {
        None
    }

    /// Settings of the generic search particular to this variant's game tree (late-move
    /// reductions, what the pruning judges by). Default: [`SearchHints::default`], measured over
    /// all the variants.
    fn search_hints(&self) -> SearchHints {
        SearchHints::default()
    }

    // One man's moves (`spacechess piece`). Both default to None: a variant that names no cells
    // this way cannot list one man's moves; every built-in variant implements them.

    /// The cell a name in the variant's notation names (read as [`Variant::parse_move`] reads
    /// cells, in the view of the side to move where the notation depends on it), with the man on
    /// it; None if the text names no cell of the board.
    fn cell_info(&self, _pos: &Self::Position, _text: &str) -> Option<CellReading> {
        None
    }

    /// The name of the cell of the man that makes `mv`, as [`Variant::cell_info`] writes it (so
    /// that one man's moves are those whose origin is his cell's name); None for a move that no
    /// man on the board makes (a placement).
    fn move_origin(&self, _pos: &Self::Position, _mv: &Self::Move) -> Option<String> {
        None
    }

    // Conveniences every variant gets (provided methods; a variant need not write any).

    /// The legal moves of `pos`, returned (see [`Variant::legal_moves`] to reuse a buffer).
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// assert_eq!(chess.legal_moves_vec(&chess.start()).len(), 20);
    /// ```
    fn legal_moves_vec(&self, pos: &Self::Position) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
    }

    /// The texts of the legal moves of `pos`, sorted exactly as `spacechess moves` prints them
    /// (byte order of the texts).
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// assert_eq!(chess.move_texts(&chess.start())[..3], ["a2a3", "a2a4", "b1a3"]);
    /// ```
    fn move_texts(&self, pos: &Self::Position) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_moves_vec(pos)
            .iter()
            .map(|m| self.move_text(pos, m))
            .collect();
        texts.sort();
        texts
    }

    /// The position after the move written `text`, which must be legal in `pos`.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let pos = chess.play_text(&chess.start(), "e2e4").unwrap();
    /// let e = chess.play_text(&pos, "e2e4").unwrap_err();
    /// assert_eq!(e.to_string(), "illegal move 'e2e4': there is no man on e2");
    /// ```
    fn play_text(&self, pos: &Self::Position, text: &str) -> Result<Self::Position, MoveError> {
        let mv = self.parse_move(pos, text)?;
        Ok(self.play(pos, &mv))
    }

    /// The position after a line of moves, each written in the variant's notation and checked
    /// for legality; the error says which move of the line failed.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let pos = chess.play_line(&chess.start(), &["e2e4", "e7e5", "g1f3"]).unwrap();
    /// assert_eq!(chess.position_text(&pos), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    /// let e = chess.play_line(&chess.start(), &["e2e4", "e2e4"]).unwrap_err();
    /// assert_eq!(e.index, 1);
    /// ```
    fn play_line<S: AsRef<str>>(
        &self,
        pos: &Self::Position,
        line: &[S],
    ) -> Result<Self::Position, LineError>
    where
        Self: Sized,
    {
        let mut p = pos.clone();
        for (index, text) in line.iter().enumerate() {
            p = self
                .play_text(&p, text.as_ref())
                .map_err(|error| LineError { index, error })?;
        }
        Ok(p)
    }

    /// A seeded random game of at most `plies` plies from `start` (fewer if the rules end it):
    /// the moves played. The same seed plays the same game.
    ///
    /// ```
    /// use spacechess_orthodox::Orthodox;
    /// use spacechess_variant::Variant;
    /// let chess = Orthodox::new();
    /// let a = chess.random_game(&chess.start(), 40, 7);
    /// assert_eq!(a, chess.random_game(&chess.start(), 40, 7));
    /// assert!(a.len() <= 40);
    /// ```
    fn random_game(&self, start: &Self::Position, plies: usize, seed: u64) -> Vec<Self::Move>
    where
        Self: Sized,
    {
        let mut rng = crate::RandomMover::new(seed);
        let mut pos = start.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            match rng.choose(self, &pos) {
                None => break,
                Some(m) => {
                    pos = self.play(&pos, &m);
                    line.push(m);
                }
            }
        }
        line
    }
}

/// A cell as [`Variant::cell_info`] reads it: its name and the man on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellReading {
    /// The cell's name as the variant writes it (`Ac2` when `ac2` was read).
    pub name: String,
    /// The man on the cell, if any.
    pub man: Option<ManInfo>,
}

/// A man on a cell: his owner and the name of his piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManInfo {
    /// The owner.
    pub player: Player,
    /// The piece's name (`Rook`).
    pub piece: String,
}

/// A move of a line that could not be played (see [`Variant::play_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The index of the failing move in the line (0 for the first).
    pub index: usize,
    /// Why it could not be played.
    pub error: MoveError,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for LineError {}
