//! Spectral Realm Chess (John Savard): the 64 squares and the 49 points between them, with
//! diagonal moves that may stop on the points. Implemented from `shared/rules/spectral-realm.md`
//! (cited below by section and test-vector row); the rules as implemented, the notation and the
//! position text are in docs/spectral.md.
//!
//! The board is the geometry crate's 15x15 box in doubled coordinates ([`board`]): squares are the
//! (even, even) cells, points the (odd, odd) cells, and a half-step diagonal is a unit diagonal
//! step. The blocking rules of the game are particular to it, so this crate has its own move
//! generators and implements [`spacechess_variant::Variant`] itself: a fast one on one-word
//! bitboards of each board for positions whose men are of the six orthodox kinds (its `fast`
//! module: legality from the king's lines, counting at perft's last ply, captures-only lists),
//! and the general one for every piece (its `movegen` module: atoms walked along rays, moves
//! that may expose the king made and tested), which is also the fast one's reference in the
//! tests. The random-variant pieces of §9 replace pieces of the array through a RON rule file
//! ([`SpectralRules`]).

pub mod board;
mod fast;
mod movegen;
pub mod pieces;
mod position;
mod text;

pub use pieces::{PieceType, SpectralRules};
pub use position::{Man, Special, SpectralMove, SpectralPosition, CASTLE_BITS};

use board::{Set, CELLS};
use pieces::Atom;
use spacechess_geometry::{Cell, Shape};
use spacechess_variant::{
    BoardModel, DrawReason, Man as VariantMan, MoveError, MoveInfo, MoveKind, Outcome, Player,
    Players, PositionError, RulesError, Variant, WinReason,
};
use std::sync::OnceLock;

/// The orthodox array on the squares, all points empty (spectral-realm.md §6).
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// An example rule file of the random variant, shipped with the crate.
pub const RANDOM_EXAMPLE: &str = include_str!("../rules/random-example.ron");

/// Spectral Realm Chess with its options and array.
pub struct Spectral {
    pub(crate) rules: SpectralRules,
    pub(crate) shape: Shape,
    /// The general generator's rays, built at first use (the fast generator has its own).
    rays: OnceLock<movegen::GenRays>,
    /// Atoms by [`PieceType`] index.
    pub(crate) atoms: Vec<Vec<Atom>>,
    /// Capture reach supersets: `[(piece * 2 + player) * CELLS + cell]`, built at first use.
    reach: OnceLock<Vec<Set>>,
    /// For the Griffin: after the diagonal step number k, the two outward orthogonals.
    pub(crate) griffin_turns: [[usize; 2]; 4],
    /// For the Rhinoceros: after the orthogonal step number k, the two outward diagonals.
    pub(crate) rhino_turns: [[usize; 2]; 4],
    pub(crate) promo_squares: Vec<PieceType>,
    pub(crate) promo_points: Vec<PieceType>,
    /// Castling rights lost when a move leaves or enters each cell.
    pub(crate) castle_mask: Vec<u8>,
    /// The fast generator's tables (see the `fast` module).
    pub(crate) fast: fast::FastTables,
    pub(crate) start: SpectralPosition,
    players: Players,
    description: String,
}

impl Default for Spectral {
    fn default() -> Self {
        Spectral::new()
    }
}

impl Spectral {
    /// Spectral Realm Chess with the orthodox array and the spirit rule on.
    ///
    /// ```
    /// use spacechess_spectral::Spectral;
    /// use spacechess_variant::Variant;
    /// let spectral = Spectral::new();
    /// assert_eq!(spectral.legal_moves_vec(&spectral.start()).len(), 28);
    /// ```
    pub fn new() -> Spectral {
        Spectral::with_rules(SpectralRules::default()).expect("the default rules are valid")
    }

    /// A game from a RON rule file (see [`SpectralRules`]).
    pub fn from_ron(text: &str) -> Result<Spectral, RulesError> {
        Spectral::with_rules(SpectralRules::from_ron(text)?)
    }

    /// A game from an optional RON rule file and `key=value` options applied on top of it (see
    /// [`SpectralRules::apply_options`]).
    ///
    /// ```
    /// use spacechess_spectral::Spectral;
    /// let pairs = [("Knight".to_string(), "Counsellor".to_string())];
    /// assert!(Spectral::from_options(None, &pairs).is_ok());
    /// let bad = [("King".to_string(), "Counsellor".to_string())];
    /// assert!(Spectral::from_options(None, &bad).is_err());
    /// ```
    pub fn from_options(
        rules_ron: Option<&str>,
        options: &[(String, String)],
    ) -> Result<Spectral, RulesError> {
        let mut rules = match rules_ron {
            Some(text) => SpectralRules::from_ron(text)?,
            None => SpectralRules::default(),
        };
        rules.apply_options(options)?;
        Spectral::with_rules(rules)
    }

    /// A game with these rules.
    ///
    /// ```
    /// use spacechess_spectral::{Spectral, SpectralRules};
    /// let rules = SpectralRules { spirit_rule: false, ..SpectralRules::default() };
    /// assert!(Spectral::with_rules(rules).is_ok());
    /// ```
    pub fn with_rules(rules: SpectralRules) -> Result<Spectral, RulesError> {
        rules.check()?;
        let shape = board::shape();
        let atoms = PieceType::ALL.iter().map(|p| p.atoms()).collect();
        let turn = |a: (i8, i8), b: (i8, i8)| [movegen::dir_index(a), movegen::dir_index(b)];
        let griffin_turns = [(2, 2), (-2, 2), (2, -2), (-2, -2)].map(|(x, y)| turn((x, 0), (0, y)));
        let rhino_turns = [(2, 0), (-2, 0), (0, 2), (0, -2)].map(|(x, y)| {
            if x != 0 {
                turn((x, 2), (x, -2))
            } else {
                turn((2, y), (-2, y))
            }
        });
        let array = rules.array();
        let promo_squares = array.to_vec();
        let promo_points: Vec<PieceType> = array
            .iter()
            .copied()
            .filter(|p| !p.switches_boards())
            .collect();
        let mut castle_mask = vec![0u8; CELLS];
        for (f, r, bits) in [
            (4, 0, CASTLE_BITS[0] | CASTLE_BITS[1]),
            (7, 0, CASTLE_BITS[0]),
            (0, 0, CASTLE_BITS[1]),
            (4, 7, CASTLE_BITS[2] | CASTLE_BITS[3]),
            (7, 7, CASTLE_BITS[2]),
            (0, 7, CASTLE_BITS[3]),
        ] {
            castle_mask[board::square(f, r).index()] = bits;
        }
        let names: Vec<String> = rules
            .replace
            .iter()
            .map(|(a, b)| format!("{a:?} -> {b:?}"))
            .collect();
        let mut description = if names.is_empty() {
            "Spectral Realm Chess (Savard): the 64 squares and the 49 points between them".into()
        } else {
            format!(
                "Spectral Realm random-variant chess (Savard), array with {}",
                names.join(", ")
            )
        };
        if !rules.spirit_rule {
            description.push_str("; the King's spirit rule set aside");
        }
        let (promo_squares_len, promo_points_len) = (promo_squares.len(), promo_points.len());
        let rules_rook = rules.piece_for(PieceType::Rook);
        let mut v = Spectral {
            rules,
            shape,
            rays: OnceLock::new(),
            atoms,
            reach: OnceLock::new(),
            griffin_turns,
            rhino_turns,
            promo_squares,
            promo_points,
            castle_mask,
            fast: fast::FastTables::new([promo_squares_len, promo_points_len], rules_rook),
            start: SpectralPosition::empty(),
            players: Players::two(),
            description,
        };
        // The array after replacement; Black's mirrors White's.
        let white_back: String = [
            PieceType::Rook,
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Queen,
            PieceType::King,
            PieceType::Bishop,
            PieceType::Knight,
            PieceType::Rook,
        ]
        .iter()
        .map(|&p| v.rules.piece_for(p).letter())
        .collect();
        let setup = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
            white_back.to_ascii_lowercase(),
            white_back
        );
        v.start = v
            .read_position(&setup)
            .map_err(|e| RulesError::Invalid(format!("the setup {setup}: {e}")))?;
        Ok(v)
    }

    /// The general generator's rays (built at first use).
    pub(crate) fn rays(&self) -> &movegen::GenRays {
        self.rays.get_or_init(movegen::GenRays::new)
    }

    /// The capture reach supersets of the general generator (built at first use).
    pub(crate) fn reach(&self) -> &[Set] {
        self.reach.get_or_init(|| self.build_reach())
    }

    /// The rules in force.
    pub fn rules(&self) -> &SpectralRules {
        &self.rules
    }

    /// The doubled board's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The pieces a pawn may become on a square and on a point (§5, §9).
    pub fn promotion_pieces(&self) -> (&[PieceType], &[PieceType]) {
        (&self.promo_squares, &self.promo_points)
    }

    /// The moves of the man on `from` as if it were its side's turn, king safety included
    /// (used by the test vectors of spectral-realm.md §7).
    pub fn moves_from(&self, pos: &SpectralPosition, from: Cell) -> Vec<SpectralMove> {
        let mut p = *pos;
        if let Some(m) = pos.man_at(from) {
            p.to_move = m.player;
        }
        let mut out = Vec::new();
        self.legal_moves(&p, &mut out);
        out.retain(|m| m.from == from);
        out
    }

    /// True if a man of `by` attacks the location (a man of the other side placed there if it
    /// is empty).
    pub fn is_attacked(&self, pos: &SpectralPosition, cell: Cell, by: Player) -> bool {
        let mut p = *pos;
        if p.man_at(cell).is_none_or(|m| m.player == by.0) {
            p.put(
                cell,
                Man {
                    player: 1 - by.0,
                    piece: PieceType::Pawn,
                },
            );
        }
        self.attacked_any(&p, cell, by.0)
    }
}

impl Variant for Spectral {
    type Position = SpectralPosition;
    type Move = SpectralMove;
    type EvalState = ();

    fn name(&self) -> &str {
        &self.rules.name
    }
    fn description(&self) -> &str {
        &self.description
    }
    fn options_ron(&self) -> String {
        self.rules.to_ron()
    }
    fn players(&self) -> &Players {
        &self.players
    }
    fn start(&self) -> SpectralPosition {
        self.start
    }
    #[inline]
    fn to_move(&self, pos: &SpectralPosition) -> Player {
        pos.to_move()
    }
    fn legal_moves(&self, pos: &SpectralPosition, out: &mut Vec<SpectralMove>) {
        if !self.list_fast(pos, out, false) {
            self.legal(pos, out)
        }
    }
    fn count_legal_moves(&self, pos: &SpectralPosition, scratch: &mut Vec<SpectralMove>) -> usize {
        self.count_fast(pos).unwrap_or_else(|| {
            self.legal(pos, scratch);
            scratch.len()
        })
    }
    /// The legal captures (en passant included), in the order of the legal moves; true if there
    /// is no legal move at all.
    fn noisy_moves(&self, pos: &SpectralPosition, out: &mut Vec<SpectralMove>) -> bool {
        if self.list_fast(pos, out, true) {
            return out.is_empty() && self.any_legal_fast(pos) == Some(false);
        }
        self.legal(pos, out);
        if out.is_empty() {
            return true;
        }
        out.retain(|m| m.special == Special::EnPassant || pos.occupied(m.to));
        false
    }
    #[inline]
    fn play(&self, pos: &SpectralPosition, mv: &SpectralMove) -> SpectralPosition {
        self.make(pos, mv)
    }
    fn outcome(&self, pos: &SpectralPosition) -> Option<Outcome> {
        let any = self.any_legal_fast(pos).unwrap_or_else(|| {
            let mut moves = Vec::new();
            self.legal(pos, &mut moves);
            !moves.is_empty()
        });
        if any {
            return None;
        }
        Some(if self.in_check(pos) {
            Outcome::Win {
                winners: vec![Player(1 - pos.to_move)],
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        })
    }
    #[inline]
    fn in_check(&self, pos: &SpectralPosition) -> bool {
        if self.fast_ok(pos) {
            self.in_check_fast(pos)
        } else {
            self.is_check(pos)
        }
    }
    fn cell_info(
        &self,
        pos: &SpectralPosition,
        text: &str,
    ) -> Option<spacechess_variant::CellReading> {
        let cell = board::parse_name(&text.trim().to_ascii_lowercase())?;
        Some(spacechess_variant::CellReading {
            name: board::name(cell),
            man: pos.man_at(cell).map(|m| spacechess_variant::ManInfo {
                player: Player(m.player),
                piece: m.piece.name(),
            }),
        })
    }
    fn move_origin(&self, _pos: &SpectralPosition, mv: &SpectralMove) -> Option<String> {
        Some(board::name(mv.from))
    }
    fn move_text(&self, pos: &SpectralPosition, mv: &SpectralMove) -> String {
        self.write_move(pos, mv)
    }
    fn parse_move(&self, pos: &SpectralPosition, text: &str) -> Result<SpectralMove, MoveError> {
        self.read_move(pos, text)
    }
    fn position_text(&self, pos: &SpectralPosition) -> String {
        self.write_position(pos)
    }
    fn parse_position(&self, text: &str) -> Result<SpectralPosition, PositionError> {
        self.read_position(text)
    }
    fn draw(&self, pos: &SpectralPosition) -> String {
        self.picture(pos, &[])
    }
    fn draw_marked(&self, pos: &SpectralPosition, marks: &[(Cell, char)]) -> String {
        self.picture(pos, marks)
    }
    /// The King, the array's pieces (after replacements), the Pawn, then the other pieces a pawn
    /// may become.
    fn piece_names(&self) -> Vec<(char, String)> {
        let (squares, points) = self.promotion_pieces();
        let mut pieces = vec![PieceType::King];
        pieces.extend(self.rules.array());
        pieces.push(PieceType::Pawn);
        for &p in squares.iter().chain(points) {
            if !pieces.contains(&p) {
                pieces.push(p);
            }
        }
        pieces.into_iter().map(|p| (p.letter(), p.name())).collect()
    }
    /// A castle moves the king (first) and its rook; en passant captures the passing pawn on its
    /// own square; moves to and from points have the ordinary kinds (the board model marks the
    /// points).
    fn move_info(&self, pos: &SpectralPosition, mv: &SpectralMove) -> MoveInfo {
        let captured = pos.occupied(mv.to).then_some(mv.to);
        match mv.special {
            Special::Castle => {
                let rank = if pos.to_move == 0 { 0 } else { 7 };
                let (rf, rt) = if board::xy(mv.to).0 > board::xy(mv.from).0 {
                    (7, 5)
                } else {
                    (0, 3)
                };
                MoveInfo::new(
                    MoveKind::Castle,
                    vec![mv.from, board::square(rf, rank)],
                    vec![mv.to, board::square(rt, rank)],
                )
            }
            Special::EnPassant => MoveInfo {
                captures: pos
                    .en_passant()
                    .map(|(_, victim)| victim)
                    .into_iter()
                    .collect(),
                ..MoveInfo::new(MoveKind::EnPassant, vec![mv.from], vec![mv.to])
            },
            Special::None | Special::DoubleStep => match mv.promotion {
                Some(p) => MoveInfo {
                    captures: captured.into_iter().collect(),
                    promotion: Some(p.letter()),
                    ..MoveInfo::new(MoveKind::Promotion, vec![mv.from], vec![mv.to])
                },
                None => MoveInfo::step(mv.from, mv.to, captured),
            },
        }
    }
    fn men(&self, pos: &SpectralPosition) -> Vec<VariantMan> {
        pos.all()
            .iter()
            .filter_map(|cell| {
                let m = pos.man_at(cell)?;
                Some(VariantMan {
                    cell,
                    player: Player(m.player),
                    piece: m.piece.letter(),
                })
            })
            .collect()
    }
    fn board(&self) -> BoardModel {
        board::model()
    }
    fn repetition_key(&self, pos: &SpectralPosition) -> u64 {
        // FNV-1a style mixing over the occupied locations, castling, en passant and turn.
        #[inline(always)]
        fn mix(h: u64, x: u64) -> u64 {
            (h ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(17)
        }
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        // Every man in the doubled board's order of cells, `cell << 8 | mailbox code`: rank r's
        // squares, then the row of points above them, as one 16-bit word per rank.
        let (sq, pt) = (pos.occ(0), pos.occ(1));
        for (r, row) in position::ROW_KEYS.iter().enumerate() {
            let mut w = (sq >> (8 * r)) & 0xff | ((pt >> (8 * r)) & 0xff) << 8;
            while w != 0 {
                let (cell, i) = row[w.trailing_zeros() as usize];
                w &= w - 1;
                h = mix(h, u64::from(cell) | u64::from(pos.board[i as usize]));
            }
        }
        h = mix(h, pos.castling as u64 | (pos.to_move as u64) << 8);
        mix(h, pos.ep.map_or(0xffff, |(t, _)| t as u64))
    }
    #[inline]
    fn halfmove_clock(&self, pos: &SpectralPosition) -> Option<u32> {
        Some(pos.halfmove)
    }
    /// Material (see [`PieceType::value`]) plus a small bonus for men on the points near the
    /// centre, for the search only.
    #[inline]
    fn evaluate(&self, pos: &SpectralPosition, scores: &mut [i32]) {
        // The sums are kept in the position by `put` and `remove` (see `position::eval_of`).
        for (s, e) in scores.iter_mut().zip(pos.eval) {
            *s += e;
        }
    }
    #[inline]
    fn capture_values(&self, pos: &SpectralPosition, mv: &SpectralMove) -> Option<(i32, i32)> {
        let code = pos.code(mv.from);
        if code == 0 {
            return None;
        }
        let taker = position::value_of(code);
        match mv.special {
            Special::EnPassant => Some((PieceType::Pawn.value(), taker)),
            Special::Castle => None,
            _ => match pos.code(mv.to) {
                0 => None,
                taken => Some((position::value_of(taken), taker)),
            },
        }
    }
}
