//! Ecila Chess, Ecila Scacia and Ecila Schlagschach: eight Cubes of 8 (or 27) cells at the corners
//! of a master cube, and the placement phase that opens every game.

use crate::draw;
use crate::notation::EcilaNotation;
use serde::{Deserialize, Serialize};
use spacechess_engine::{
    Atom, Engine, Goal, Motion, Move, MoveKind, Position, RuleSet, StalemateResult, StepSet,
    MAX_KINDS,
};
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::{
    BoardModel, DrawReason, Man, MoveError, MoveInfo, OptionDoc, Outcome, Player, PositionError,
    RuleOptions, RulesError, Variant,
};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The rule set of Ecila with 8-cell Cubes, as RON.
pub const ECILA_RULES: &str = include_str!("../rules/ecila.ron");
/// The rule set of Ecila with 27-cell Cubes, as RON.
pub const ECILA27_RULES: &str = include_str!("../rules/ecila27.ron");

/// Which Ecila game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EcilaGame {
    /// Ecila Chess: kings placed first, no placement may give check, checkmate wins.
    #[default]
    Chess,
    /// Ecila Scacia: captures compulsory, kings ordinary men, capture every enemy man to win.
    Scacia,
    /// Ecila Schlagschach: captures compulsory, kings ordinary men, lose every man to win.
    Schlagschach,
}

/// The Ecila queen: Parton gives two definitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EcilaQueen {
    /// Rook + bishop (Parton's "conventional" queen, 12 cells from any cell of the minimum board).
    #[default]
    Conventional,
    /// Rook + bishop + unicorn (14 cells).
    Alternative,
}

/// The Ecila king: Parton's conventional king and his restrictions "for practical purposes".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EcilaKing {
    /// One rook step or one bishop step, within or between Cubes.
    #[default]
    Conventional,
    /// One rook step only.
    RookStep,
    /// One bishop step only.
    BishopStep,
    /// The conventional king, restricted to the Cube where it was placed.
    Confined,
}

/// The rule options of the Ecila games (RON, every field optional).
///
/// ```
/// use spacechess_sphinx::{EcilaOptions, EcilaQueen};
/// let mut o = EcilaOptions::default();
/// o.set("queen", "alternative").unwrap();
/// assert_eq!(o.queen, EcilaQueen::Alternative);
/// assert!(o.set("cells", "9").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EcilaOptions {
    /// The game.
    pub game: EcilaGame,
    /// Cells per Cube: 8 (2x2x2) or 27 (3x3x3). Decides the board, and so the Rust type:
    /// [`Ecila8`] or [`Ecila27`].
    pub cells: u8,
    /// The queen's definition.
    pub queen: EcilaQueen,
    /// The king's move.
    pub king: EcilaKing,
    /// Each player's force, one letter per man (both players have the same force): K king,
    /// Q queen, R rook, B bishop, U unicorn, N narwhal, H horse, G hippogriff, W wyvern.
    pub army: String,
    /// A player with no legal move who is not in check.
    pub stalemate: StalemateResult,
}

/// The default force of each player (Parton gives none).
pub const DEFAULT_ARMY: &str = "KQRRBBHU";

impl Default for EcilaOptions {
    fn default() -> Self {
        EcilaOptions {
            game: EcilaGame::Chess,
            cells: 8,
            queen: EcilaQueen::Conventional,
            king: EcilaKing::Conventional,
            army: DEFAULT_ARMY.to_string(),
            stalemate: StalemateResult::Draw,
        }
    }
}

impl RuleOptions for EcilaOptions {
    const DOCS: &'static [OptionDoc] = &[
        OptionDoc::one_of("game", "The game", &["chess", "scacia", "schlagschach"]),
        OptionDoc::one_of(
            "cells",
            "Cells per Cube: 8 (2x2x2) or 27 (3x3x3)",
            &["8", "27"],
        ),
        OptionDoc::one_of(
            "queen",
            "The queen: rook + bishop, or alternative (+ unicorn)",
            &["conventional", "alternative"],
        ),
        OptionDoc::one_of(
            "king",
            "The king's move",
            &["conventional", "rook_step", "bishop_step", "confined"],
        ),
        OptionDoc::new(
            "army",
            "Each player's force, one letter per man (K Q R B U N H G W)",
        ),
        OptionDoc::one_of(
            "stalemate",
            "A player with no legal move who is not in check",
            &["draw", "win", "loss"],
        ),
    ];

    fn check(&self) -> Result<(), RulesError> {
        if self.cells == 8 || self.cells == 27 {
            Ok(())
        } else {
            Err(RulesError::Option(format!(
                "cells = '{}': expected one of 8, 27",
                self.cells
            )))
        }
    }
}

impl EcilaOptions {
    /// The options of a game with every other option at its default.
    pub fn game(game: EcilaGame) -> EcilaOptions {
        EcilaOptions {
            game,
            ..EcilaOptions::default()
        }
    }

    /// Reads options from RON (`(game: Scacia, army: "QRRBB")`).
    pub fn from_ron(text: &str) -> Result<EcilaOptions, RulesError> {
        ron::from_str(text).map_err(|e| RulesError::Option(e.to_string()))
    }

    /// The options of `game` with `key=value` pairs applied in order (the command line's
    /// `--option`).
    pub fn from_pairs(game: EcilaGame, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        EcilaOptions::load_onto(EcilaOptions::game(game), None, pairs)
    }

    /// Sets one option from text (`queen=alternative`, `army=KQRRBB`); see
    /// [`RuleOptions::set`].
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        RuleOptions::set(self, key, value)
    }

    /// Applies the options to a base rule set.
    pub fn apply(&self, rules: &mut RuleSet) -> Result<(), RulesError> {
        let ride = |sets: Vec<StepSet>| {
            vec![Atom::new(Motion::Ride {
                steps: StepSet::Union(sets),
                min: 1,
                max: None,
            })]
        };
        let leap = |set: StepSet| vec![Atom::new(Motion::Leap(set))];
        for piece in rules.pieces.iter_mut() {
            match piece.letter {
                'Q' if self.queen == EcilaQueen::Alternative => {
                    piece.atoms = ride(vec![
                        StepSet::KindWithinGroups(1),
                        StepSet::KindWithinGroups(2),
                        StepSet::KindWithinGroups(3),
                    ]);
                }
                'K' => {
                    piece.atoms = match self.king {
                        EcilaKing::Conventional => leap(StepSet::Union(vec![
                            StepSet::KindWithinGroups(1),
                            StepSet::KindWithinGroups(2),
                        ])),
                        EcilaKing::RookStep => leap(StepSet::KindWithinGroups(1)),
                        EcilaKing::BishopStep => leap(StepSet::KindWithinGroups(2)),
                        EcilaKing::Confined => leap(StepSet::InGroup(
                            1,
                            Box::new(StepSet::Union(vec![StepSet::Kind(1), StepSet::Kind(2)])),
                        )),
                    }
                }
                _ => {}
            }
        }
        let base = rules.name.clone();
        match self.game {
            EcilaGame::Chess => {}
            EcilaGame::Scacia | EcilaGame::Schlagschach => {
                let scacia = self.game == EcilaGame::Scacia;
                rules.goal = if scacia {
                    Goal::CaptureAll
                } else {
                    Goal::LoseAll
                };
                rules.compulsory_capture = true;
                rules.name = format!("{base}-{}", if scacia { "scacia" } else { "schlagschach" });
                rules.description = format!(
                    "Ecila {} (Parton){}: captures compulsory, kings are ordinary men; {}",
                    if scacia { "Scacia" } else { "Schlagschach" },
                    if self.cells == 27 {
                        " with 27-cell Cubes"
                    } else {
                        ""
                    },
                    if scacia {
                        "capture every enemy man to win"
                    } else {
                        "lose every man of your own to win"
                    }
                );
            }
        }
        rules.stalemate = self.stalemate;
        Ok(())
    }
}

/// Men not yet placed: `hand[player][kind]`.
pub type Hand = [[u8; MAX_KINDS]; 2];

/// An Ecila position: the board and the men still to be placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EcilaPosition<const W: usize> {
    /// The board (the engine's position).
    pub board: Position<W>,
    /// The men still to be placed, by player and kind.
    pub hand: Hand,
}

impl<const W: usize> EcilaPosition<W> {
    /// True while men remain to be placed.
    pub fn placing(&self) -> bool {
        self.hand.iter().flatten().any(|&n| n > 0)
    }

    fn has_hand(&self, p: Player) -> bool {
        self.hand[p.index()].iter().any(|&n| n > 0)
    }
}

/// An Ecila game. `W` = 1 for 8-cell Cubes (64 cells), 4 for 27-cell Cubes (216 cells).
pub struct Ecila<const W: usize> {
    engine: Engine<W>,
    options: EcilaOptions,
    start: EcilaPosition<W>,
    king: Option<u8>,
}

/// Ecila on the minimum board (8-cell Cubes).
pub type Ecila8 = Ecila<1>;
/// Ecila with 27-cell Cubes.
pub type Ecila27 = Ecila<4>;

impl Ecila<1> {
    /// Ecila with 8-cell Cubes (`options.cells` must be 8).
    ///
    /// ```
    /// use spacechess_sphinx::{Ecila8, EcilaOptions};
    /// use spacechess_variant::Variant;
    /// let ecila = Ecila8::new(EcilaOptions::default()).unwrap();
    /// // The game opens by placing the men: 64 cells for White's king.
    /// assert_eq!(ecila.legal_moves_vec(&ecila.start()).len(), 64);
    /// ```
    pub fn new(options: EcilaOptions) -> Result<Self, RulesError> {
        if options.cells != 8 {
            return Err(RulesError::Option(format!(
                "cells: {} Cubes need the 27-cell variant (Ecila27)",
                options.cells
            )));
        }
        Ecila::build(ECILA_RULES, options)
    }
}

impl Ecila<4> {
    /// Ecila with 27-cell Cubes (`options.cells` must be 27).
    ///
    /// ```
    /// use spacechess_sphinx::{Ecila27, EcilaOptions};
    /// use spacechess_variant::Variant;
    /// let big = Ecila27::new(EcilaOptions { cells: 27, ..EcilaOptions::default() }).unwrap();
    /// assert_eq!(big.legal_moves_vec(&big.start()).len(), 216);
    /// assert!(Ecila27::new(EcilaOptions::default()).is_err()); // 8-cell options
    /// ```
    pub fn new(options: EcilaOptions) -> Result<Self, RulesError> {
        if options.cells != 27 {
            return Err(RulesError::Option(format!(
                "cells: {} Cubes need the 8-cell variant (Ecila8)",
                options.cells
            )));
        }
        Ecila::build(ECILA27_RULES, options)
    }
}

impl<const W: usize> Ecila<W> {
    fn build(ron: &str, options: EcilaOptions) -> Result<Self, RulesError> {
        let mut rules = RuleSet::from_ron(ron)?;
        options.apply(&mut rules)?;
        let engine = Engine::new(rules, Arc::new(EcilaNotation))?;
        let mut hand = [[0u8; MAX_KINDS]; 2];
        for ch in options.army.chars().filter(|c| !c.is_whitespace()) {
            let k = engine
                .kind_by_letter(ch)
                .filter(|_| ch.is_ascii_uppercase())
                .ok_or_else(|| {
                    RulesError::Option(format!(
                        "army: '{ch}' is not a piece letter (K Q R B U N H G W, upper case)"
                    ))
                })?;
            for h in hand.iter_mut() {
                h[k as usize] = h[k as usize].checked_add(1).ok_or_else(|| {
                    RulesError::Option("army: more than 255 men of one kind".into())
                })?;
            }
        }
        let men: usize = hand[0].iter().map(|&n| n as usize).sum();
        if men == 0 {
            return Err(RulesError::Option(
                "army: a force needs at least one man".into(),
            ));
        }
        let cells = engine.shape().cell_count() as usize;
        if 2 * men > cells {
            return Err(RulesError::Option(format!(
                "army: {} men do not fit on {cells} cells",
                2 * men
            )));
        }
        let king = engine.kind_by_letter('K');
        if options.game == EcilaGame::Chess {
            let kings = king.map_or(0, |k| hand[0][k as usize]);
            if kings != 1 {
                return Err(RulesError::Option(format!(
                    "army: Ecila Chess needs exactly one king in each force, not {kings}"
                )));
            }
        }
        if let Some(u) = engine.kind_by_letter('U') {
            let unicorns = 2 * hand[0][u as usize] as usize;
            if unicorns > 4 {
                return Err(RulesError::Option(format!(
                    "army: {unicorns} unicorns on the board; Parton allows four at most"
                )));
            }
        }
        let start = EcilaPosition {
            board: engine.start(),
            hand,
        };
        Ok(Ecila {
            engine,
            options,
            start,
            king,
        })
    }

    /// The underlying engine.
    pub fn engine(&self) -> &Engine<W> {
        &self.engine
    }

    /// The options in force.
    pub fn options(&self) -> &EcilaOptions {
        &self.options
    }

    fn chess(&self) -> bool {
        self.options.game == EcilaGame::Chess
    }

    /// In Ecila Chess, true if either king is attacked.
    fn any_king_attacked(&self, board: &Position<W>) -> bool {
        self.engine
            .players()
            .all()
            .any(|p| self.engine.royal_attacked(board, p))
    }

    /// The placements open to the side to move.
    fn placements(&self, pos: &EcilaPosition<W>, out: &mut Vec<Move>) {
        let me = pos.board.to_move();
        let hand = &pos.hand[me.index()];
        let king_first = self.chess() && self.king.is_some_and(|k| hand[k as usize] > 0);
        let empty = self.engine.board_cells().without(&pos.board.occupied());
        for (k, &n) in hand.iter().enumerate() {
            if n == 0 || (king_first && Some(k as u8) != self.king) {
                continue;
            }
            for cell in empty {
                let m = Move {
                    from: cell,
                    to: cell,
                    kind: MoveKind::Place(k as u8),
                };
                if self.chess() && self.any_king_attacked(&self.engine.make(&pos.board, &m)) {
                    continue;
                }
                out.push(m);
            }
        }
    }

    fn hand_text(&self, hand: &Hand) -> String {
        let side = |p: usize| -> String {
            let mut s = String::new();
            for (k, &n) in hand[p].iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let l = self.engine.kinds()[k].letter;
                let l = if p == 0 { l } else { l.to_ascii_lowercase() };
                for _ in 0..n {
                    s.push(l);
                }
            }
            s
        };
        format!("[{}/{}]", side(0), side(1))
    }

    fn parse_hand(&self, text: &str) -> Result<Hand, PositionError> {
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| {
                PositionError::Fields(format!(
                    "men to place '{text}': expected [WHITE/black] letters in brackets"
                ))
            })?;
        let mut hand = [[0u8; MAX_KINDS]; 2];
        for ch in inner.chars().filter(|&c| c != '/') {
            let k = self.engine.kind_by_letter(ch).ok_or_else(|| {
                PositionError::Board(format!(
                    "unknown piece letter '{ch}' among the men to place"
                ))
            })?;
            let p = usize::from(ch.is_ascii_lowercase());
            hand[p][k as usize] = hand[p][k as usize].checked_add(1).ok_or_else(|| {
                PositionError::Number("more than 255 men of one kind to place".into())
            })?;
        }
        Ok(hand)
    }

    fn validate(&self, pos: &EcilaPosition<W>) -> Result<(), PositionError> {
        if !pos.placing() {
            // All men placed: the engine's own checks (one king a side in Ecila Chess, the side
            // not to move not in check).
            return self
                .engine
                .parse_position(&self.engine.position_text(&pos.board))
                .map(|_| ());
        }
        let me = pos.board.to_move();
        if !pos.has_hand(me) {
            return Err(PositionError::Invalid(format!(
                "{} is to move but has no man to place while the other player has",
                self.engine.players().name(me)
            )));
        }
        if self.chess() {
            for p in self.engine.players().all() {
                let Some(k) = self.king else { break };
                let in_hand = pos.hand[p.index()][k as usize];
                let on_board = (pos.board.of_player(p) & pos.board.of_kind(k)).len();
                let name = self.engine.players().name(p);
                if in_hand > 0 && !pos.board.of_player(p).is_empty() {
                    return Err(PositionError::Invalid(format!(
                        "{name} has men on the board but the king still to place (the king is placed first)"
                    )));
                }
                if in_hand as usize + on_board != 1 && pos.has_hand(p) {
                    return Err(PositionError::Invalid(format!(
                        "{name} needs exactly one king, on the board or to place"
                    )));
                }
            }
            if self.any_king_attacked(&pos.board) {
                return Err(PositionError::Invalid(
                    "a king is attacked during the placement, which no placement may do".into(),
                ));
            }
        }
        Ok(())
    }
}

impl<const W: usize> Variant for Ecila<W> {
    type Position = EcilaPosition<W>;
    type Move = Move;
    type EvalState = ();

    spacechess_variant::forward_variant!(engine =>
        name, description, players,
    );
    fn options_ron(&self) -> String {
        ron::ser::to_string_pretty(&self.options, ron::ser::PrettyConfig::default())
            .expect("options serialise")
    }
    fn start(&self) -> EcilaPosition<W> {
        self.start
    }
    fn to_move(&self, pos: &EcilaPosition<W>) -> Player {
        pos.board.to_move()
    }
    fn legal_moves(&self, pos: &EcilaPosition<W>, out: &mut Vec<Move>) {
        out.clear();
        if pos.placing() {
            self.placements(pos, out);
        } else {
            self.engine.legal_moves(&pos.board, out);
        }
    }
    fn play(&self, pos: &EcilaPosition<W>, mv: &Move) -> EcilaPosition<W> {
        let mut next = EcilaPosition {
            board: self.engine.play(&pos.board, mv),
            hand: pos.hand,
        };
        if let MoveKind::Place(k) = mv.kind {
            let me = pos.board.to_move();
            let slot = &mut next.hand[me.index()][k as usize];
            *slot = slot.saturating_sub(1);
            // No Ecila man has a first-move privilege: placed men are not "unmoved".
            next.board.set_unmoved(CellSet::EMPTY);
            let other = Player(1 - me.0);
            if next.placing() {
                let turn = if next.has_hand(other) { other } else { me };
                next.board.set_to_move(turn);
                next.board.set_clocks(0, pos.board.fullmove_number());
            } else {
                // "The chessmen all placed, White makes the first move."
                next.board.set_to_move(Player(0));
                next.board.set_clocks(0, 1);
            }
        }
        next
    }
    fn outcome(&self, pos: &EcilaPosition<W>) -> Option<Outcome> {
        if pos.placing() {
            let mut moves = Vec::new();
            self.placements(pos, &mut moves);
            return moves
                .is_empty()
                .then_some(Outcome::Draw(DrawReason::Other("no legal placement")));
        }
        self.engine.outcome(&pos.board)
    }
    fn in_check(&self, pos: &EcilaPosition<W>) -> bool {
        !pos.placing() && self.engine.in_check(&pos.board)
    }
    fn cell_info(
        &self,
        pos: &EcilaPosition<W>,
        text: &str,
    ) -> Option<spacechess_variant::CellReading> {
        self.engine.cell_info(&pos.board, text)
    }
    fn move_origin(&self, pos: &EcilaPosition<W>, mv: &Move) -> Option<String> {
        self.engine.move_origin(&pos.board, mv)
    }
    fn move_text(&self, pos: &EcilaPosition<W>, mv: &Move) -> String {
        self.engine.move_text(&pos.board, mv)
    }
    fn parse_move(&self, pos: &EcilaPosition<W>, text: &str) -> Result<Move, MoveError> {
        if !pos.placing() {
            return self.engine.parse_move(&pos.board, text);
        }
        let t = text.trim();
        let mut legal = Vec::new();
        self.placements(pos, &mut legal);
        if let Some(m) = legal
            .iter()
            .find(|m| self.move_text(pos, m).eq_ignore_ascii_case(t))
        {
            return Ok(*m);
        }
        let malformed = || MoveError::Malformed {
            text: t.to_string(),
            expected: "a placement, a piece letter, '@' and a cell, as in K@A1".into(),
        };
        let (letter, cell) = t.split_once('@').ok_or_else(malformed)?;
        let (letter, cell) = (letter.trim(), cell.trim());
        let mut chars = letter.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(malformed());
        };
        let kind = self.engine.kind_by_letter(ch).ok_or_else(malformed)?;
        let cell = self
            .engine
            .parse_cell_any_case(cell)
            .ok_or_else(malformed)?;
        let me = pos.board.to_move();
        let name = &self.engine.kinds()[kind as usize].name;
        let reason = if pos.hand[me.index()][kind as usize] == 0 {
            format!(
                "{} has no {name} left to place",
                self.engine.players().name(me)
            )
        } else if pos.board.occupied().contains(cell) {
            format!("{} is not vacant", self.engine.cell_name(cell))
        } else if self.chess()
            && self
                .king
                .is_some_and(|k| k != kind && pos.hand[me.index()][k as usize] > 0)
        {
            "in Ecila Chess the king is placed first".to_string()
        } else {
            "no man may be placed so as to give check (or be placed in check)".to_string()
        };
        Err(MoveError::Illegal {
            text: t.to_string(),
            reason,
        })
    }
    fn position_text(&self, pos: &EcilaPosition<W>) -> String {
        let board = self.engine.position_text(&pos.board);
        if pos.placing() {
            format!("{board} {}", self.hand_text(&pos.hand))
        } else {
            board
        }
    }
    fn parse_position(&self, text: &str) -> Result<EcilaPosition<W>, PositionError> {
        let mut hand = [[0u8; MAX_KINDS]; 2];
        let mut fields = Vec::new();
        for f in text.split_whitespace() {
            if f.starts_with('[') {
                hand = self.parse_hand(f)?;
            } else {
                fields.push(f);
            }
        }
        let pos = EcilaPosition {
            board: self.engine.parse_position_unvalidated(&fields.join(" "))?,
            hand,
        };
        self.validate(&pos)?;
        Ok(pos)
    }
    fn draw(&self, pos: &EcilaPosition<W>) -> String {
        self.draw_marked(pos, &[])
    }
    fn draw_marked(&self, pos: &EcilaPosition<W>, marks: &[(Cell, char)]) -> String {
        let hand = pos.placing().then(|| self.hand_text(&pos.hand));
        draw::ecila(&self.engine, &pos.board, hand.as_deref(), marks)
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        self.engine.piece_names()
    }
    fn move_info(&self, pos: &EcilaPosition<W>, mv: &Move) -> MoveInfo {
        self.engine.move_info(&pos.board, mv)
    }
    fn men(&self, pos: &EcilaPosition<W>) -> Vec<Man> {
        self.engine.men(&pos.board)
    }
    fn board(&self) -> BoardModel {
        draw::ecila_board(&self.engine)
    }
    fn repetition_key(&self, pos: &EcilaPosition<W>) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.engine.repetition_key(&pos.board).hash(&mut h);
        pos.hand.hash(&mut h);
        h.finish()
    }
    fn halfmove_clock(&self, pos: &EcilaPosition<W>) -> Option<u32> {
        self.engine.halfmove_clock(&pos.board)
    }
    fn evaluate(&self, pos: &EcilaPosition<W>, scores: &mut [i32]) {
        // The engine's material and mobility on the board; men still to place count at the
        // rule set's values as well.
        self.engine.evaluate(&pos.board, scores);
        for (p, hand) in pos.hand.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                // The hand has a slot for every possible kind; only the rule set's kinds count.
                let Some(kind) = self.engine.kinds().get(k) else {
                    continue;
                };
                let value = kind.value.unwrap_or(3.0);
                if let Some(s) = scores.get_mut(p) {
                    *s += (100.0 * value) as i32 * n as i32;
                }
            }
        }
    }
    fn capture_values(&self, pos: &EcilaPosition<W>, mv: &Move) -> Option<(i32, i32)> {
        if pos.placing() {
            None
        } else {
            self.engine.capture_values(&pos.board, mv)
        }
    }
}
