//! The [`Variant`] implementation.

use crate::movegen;
use crate::position::{Kind, Move, Position};
use crate::rules::GoffRules;
use crate::text;
use spacechess_variant::{
    BoardModel, DrawReason, Man, MoveError, MoveInfo, Outcome, Player, Players, PositionError,
    Variant, WinReason,
};
use std::hash::{Hash, Hasher};

/// Goff's 3D chess under a set of rule options (the book's by default; see docs/goff.md).
#[derive(Clone, Debug)]
pub struct Goff {
    players: Players,
    rules: GoffRules,
}

impl Default for Goff {
    fn default() -> Self {
        Goff::new()
    }
}

impl Goff {
    /// The variant under the book's rules (the move tables are built on first use, in about a
    /// millisecond).
    ///
    /// ```
    /// use spacechess_goff::Goff;
    /// use spacechess_variant::Variant;
    /// let goff = Goff::new();
    /// assert_eq!(goff.legal_moves_vec(&goff.start()).len(), 72);
    /// ```
    pub fn new() -> Goff {
        Goff::with_rules(GoffRules::default())
    }

    /// The variant under the given rule options.
    ///
    /// ```
    /// use spacechess_goff::{Goff, GoffRules};
    /// use spacechess_goff::rules::CastlingRule;
    /// let no_castling = Goff::with_rules(GoffRules { castling: CastlingRule::Off, ..GoffRules::default() });
    /// assert!(no_castling.rules().castling == CastlingRule::Off);
    /// ```
    pub fn with_rules(rules: GoffRules) -> Goff {
        Goff {
            players: Players::two(),
            rules,
        }
    }

    /// The rule options in force.
    pub fn rules(&self) -> &GoffRules {
        &self.rules
    }
}

/// The description shown by `spacechess list` and `--help`.
pub const DESCRIPTION: &str = "Allan Goff's 3D chess (8x8x8, 2022): rook, bishop, duke, queen, \
knight and king move by planar advancement squares and rectangles; pawns advance (double on the \
first move, rook-like on a back plane) and capture on 14 tiles, promote and uplift; stacks move to \
overlap tiles, decay, teleport, recombine and fission; en passant; castling by the sidekick rule \
(vertical, royal and double). Rule options (05 §4) by --rules FILE (RON) or --option key=value.";

impl Variant for Goff {
    type Position = Position;
    type Move = Move;
    type EvalState = ();

    fn name(&self) -> &str {
        "goff"
    }
    fn description(&self) -> &str {
        DESCRIPTION
    }
    fn options_ron(&self) -> String {
        self.rules.to_ron()
    }
    fn players(&self) -> &Players {
        &self.players
    }
    fn start(&self) -> Position {
        Position::start().with_rules(self.rules)
    }
    fn to_move(&self, pos: &Position) -> Player {
        pos.to_move()
    }
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        movegen::legal_moves(pos, out);
    }
    fn count_legal_moves(&self, pos: &Position, scratch: &mut Vec<Move>) -> usize {
        movegen::count_legal(pos, scratch)
    }
    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.after(mv)
    }
    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let only_kings = pos.occupied() == pos.of_kind(Kind::King);
        if only_kings && pos.king(Player(0)).is_some() && pos.king(Player(1)).is_some() {
            return Some(Outcome::Draw(DrawReason::Other("bare kings")));
        }
        let mut moves = Vec::new();
        movegen::legal_moves(pos, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        let me = pos.to_move();
        if movegen::in_check(pos, me) {
            Some(Outcome::Win {
                winners: vec![Player(1 - me.0)],
                reason: WinReason::Checkmate,
            })
        } else {
            Some(Outcome::Draw(DrawReason::Stalemate))
        }
    }
    fn pass(&self, pos: &Position) -> Option<Position> {
        // As the engine's: no pass with king and pawns only (zugzwang).
        let me = pos.to_move();
        let pieces = pos.of_player(me) & !(pos.of_kind(Kind::King) | pos.of_kind(Kind::Pawn));
        if pieces.is_empty() {
            return None;
        }
        let mut passed = pos.clone();
        passed.ep = None;
        passed.to_move = Player(1 - me.0);
        passed.halfmove = pos.halfmove.saturating_add(1);
        Some(passed)
    }
    fn in_check(&self, pos: &Position) -> bool {
        movegen::in_check(pos, pos.to_move())
    }
    fn cell_info(&self, pos: &Position, t: &str) -> Option<spacechess_variant::CellReading> {
        let me = pos.to_move();
        let cell = text::parse_tile(t, me)?;
        Some(spacechess_variant::CellReading {
            name: crate::tile::Tile::of(cell).book_name(me),
            man: pos.piece_at(cell).map(|pc| spacechess_variant::ManInfo {
                player: pc.player,
                piece: pc.kind.name().to_string(),
            }),
        })
    }
    fn move_origin(&self, pos: &Position, mv: &Move) -> Option<String> {
        Some(crate::tile::Tile::of(mv.from).book_name(pos.to_move()))
    }
    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        text::move_text(pos, mv)
    }
    fn parse_move(&self, pos: &Position, t: &str) -> Result<Move, MoveError> {
        text::parse_move(pos, t)
    }
    fn position_text(&self, pos: &Position) -> String {
        text::position_text(pos)
    }
    fn parse_position(&self, t: &str) -> Result<Position, PositionError> {
        text::parse_position(t).map(|p| p.with_rules(self.rules))
    }
    fn draw(&self, pos: &Position) -> String {
        text::draw(pos)
    }
    fn draw_marked(&self, pos: &Position, marks: &[(spacechess_geometry::Cell, char)]) -> String {
        text::draw_marked(pos, marks)
    }
    /// Every kind, in the book's order: king, queen, rook, bishop, duke, knight, stack, pawn.
    fn piece_names(&self) -> Vec<(char, String)> {
        crate::position::Kind::ALL
            .into_iter()
            .map(|k| (k.letter(), k.name().to_string()))
            .collect()
    }
    fn move_info(&self, pos: &Position, mv: &Move) -> MoveInfo {
        crate::geometry::move_info(pos, mv)
    }
    fn men(&self, pos: &Position) -> Vec<Man> {
        crate::geometry::men(pos)
    }
    fn board(&self) -> BoardModel {
        crate::geometry::board_model()
    }
    fn repetition_key(&self, pos: &Position) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        pos.by_player.hash(&mut h);
        pos.by_kind.hash(&mut h);
        pos.to_move.hash(&mut h);
        // castling rights and the en passant right make positions differ, as in orthodox chess
        // (other men's unmoved marks do not: a knight that went out and back repeats)
        for p in [Player(0), Player(1)] {
            crate::castling::rights(pos, p).hash(&mut h);
        }
        pos.ep.hash(&mut h);
        h.finish()
    }
    /// The search's key: every man, the unmoved marks of kings, rooks and pawns (the castling
    /// and double-step rights; as in the repetition key, a knight that went out and back
    /// repeats), the side to move and the en passant right, hashed with FxHash (a few hundred
    /// instructions, where the repetition key's SipHash and castling rights cost several times
    /// that at every node of the search).
    fn hash_key(&self, pos: &Position) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        pos.by_player.hash(&mut h);
        pos.by_kind.hash(&mut h);
        let rights = pos.by_kind[Kind::King as usize]
            | pos.by_kind[Kind::Rook as usize]
            | pos.by_kind[Kind::Pawn as usize];
        (pos.unmoved & rights).hash(&mut h);
        pos.to_move.hash(&mut h);
        pos.ep.hash(&mut h);
        h.finish()
    }
    fn halfmove_clock(&self, pos: &Position) -> Option<u32> {
        Some(pos.halfmove)
    }
    fn evaluate(&self, pos: &Position, scores: &mut [i32]) {
        crate::values::evaluate(pos, scores)
    }
    fn capture_values(&self, pos: &Position, mv: &Move) -> Option<(i32, i32)> {
        crate::values::capture_values(pos, mv)
    }
    fn draw_rules(&self) -> (Option<usize>, Option<u32>) {
        (self.rules.repetition, self.rules.move_limit)
    }
}
