//! Cubic chess games on the spacechess engine: Raumschach (5x5x5), Parton's Cubic Chess (6x6x6)
//! with Compulsion Cubic Chess, Cubic Scacia and the Tamerlane variation, and 8x8x8 Cubic chess
//! for two players, four players individually, four players in teams, and the True King game.
//!
//! Every game is a RON rule set of the data-driven engine (`rules/*.ron`) with its options
//! ([`options`]) applied; this crate adds what is truly its own: the 8x8x8 cell names
//! (`D4Yellow`) and drawing, and the four-player rules (turn order with elimination, a mated
//! player's men passing to the partner, the True King) in [`multi`]. See docs/cubic.md.

pub mod multi;
pub mod notation;
pub mod options;

pub use options::{
    CompulsionOptions, Cubic8FourOptions, Cubic8Options, Cubic8TeamsOptions, CubicOptions,
    RaumschachOptions, ScaciaOptions, TamerlaneOptions, TrueKingOptions,
};
/// Raumschach (5x5x5, two words per cell set): built by [`Cubic::raumschach_with`].
///
/// ```
/// use spacechess_cubic::{Raumschach, RaumschachOptions};
/// use spacechess_variant::Variant;
/// let plain = Raumschach::raumschach_with(RaumschachOptions::default()).unwrap();
/// let double = Raumschach::raumschach_with(RaumschachOptions {
///     pawn_double_step: true,
///     ..Default::default()
/// })
/// .unwrap();
/// assert_eq!(plain.legal_moves_vec(&plain.start()).len(), 61); // perft 1, as tests/raumschach.rs
/// assert!(double.legal_moves_vec(&double.start()).len() > 61);
/// ```
pub type Raumschach = Cubic<2>;
/// Parton's Cubic Chess and its forms (6x6x6): [`Cubic::cubic_with`], [`Cubic::compulsion_with`],
/// [`Cubic::scacia_with`], [`Cubic::tamerlane_with`].
///
/// ```
/// use spacechess_cubic::{Cubic6, TamerlaneOptions};
/// use spacechess_variant::Variant;
/// let tamerlane = Cubic6::tamerlane_with(TamerlaneOptions::default()).unwrap();
/// assert_eq!(tamerlane.name(), "tamerlane-cubic");
/// ```
pub type Cubic6 = Cubic<4>;
/// 8x8x8 Cubic chess for two or four players: [`Cubic::cubic8_with`],
/// [`Cubic::cubic8_four_with`], [`Cubic::cubic8_teams_with`], [`Cubic::cubic8_true_king_with`].
///
/// ```
/// use spacechess_cubic::{Cubic8, Cubic8FourOptions};
/// use spacechess_variant::Variant;
/// let four = Cubic8::cubic8_four_with(Cubic8FourOptions::default()).unwrap();
/// assert_eq!(four.players().count(), 4);
/// ```
pub type Cubic8 = Cubic<8>;

use multi::Mode;
use notation::{ColourNotation, LevelNotation};
use spacechess_engine::{
    Atom, Engine, Mode as AtomMode, Motion, Move, Notation, Position, RuleSet, StalemateResult,
    StepSet,
};
use spacechess_geometry::{Cell, Vector};
use spacechess_variant::{
    BoardModel, Man, MoveError, MoveInfo, Outcome, Player, PositionError, RuleOptions, RulesError,
    SearchHints, Variant,
};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The rule sets, as RON.
pub mod rules {
    /// Raumschach.
    pub const RAUMSCHACH: &str = include_str!("../rules/raumschach.ron");
    /// Parton's Cubic Chess.
    pub const CUBIC6: &str = include_str!("../rules/cubic6.ron");
    /// Compulsion Cubic Chess.
    pub const COMPULSION: &str = include_str!("../rules/compulsion.ron");
    /// Cubic Scacia.
    pub const SCACIA: &str = include_str!("../rules/scacia.ron");
    /// The Tamerlane variation.
    pub const TAMERLANE: &str = include_str!("../rules/tamerlane.ron");
    /// 8x8x8 Cubic chess, two players.
    pub const CUBIC8: &str = include_str!("../rules/cubic8.ron");
    /// 8x8x8 Cubic chess, four armies.
    pub const CUBIC8_4: &str = include_str!("../rules/cubic8-4.ron");
}

/// Every game of this crate: (name, one-line description), in the order `spacechess variants`
/// lists them.
pub const GAMES: &[(&str, &str)] = &[
    (
        "raumschach",
        "Raumschach (Space Chess), Maack's 5x5x5 Normal Form after Dickins and Dawson",
    ),
    ("cubic", "Parton's Cubic Chess, 6x6x6"),
    (
        "compulsion-cubic",
        "Compulsion Cubic Chess (Parton): captures compulsory, capture the King",
    ),
    (
        "scacia-cubic",
        "Cubic Scacia (Parton): captures compulsory, capture every enemy man",
    ),
    (
        "tamerlane-cubic",
        "Tamerlane variation of Parton's Cubic Chess (Zurafa, Dabbaba, Alfil, Fers)",
    ),
    ("cubic8", "8x8x8 Cubic chess for two players"),
    (
        "cubic8-4",
        "8x8x8 Cubic chess for four players, each on his own",
    ),
    (
        "cubic8-teams",
        "8x8x8 Cubic chess for four players in two teams (option teams=13v24|14v23|12v34)",
    ),
    (
        "cubic8-true-king",
        "8x8x8 Cubic chess, True King: two players with two armies each",
    ),
];

/// A position: the engine's board and clocks, plus the four-player state (eliminated armies and
/// the True King choice), which is empty in the two-player games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CubicPosition<const W: usize> {
    /// The board, side to move, unmoved men, clocks.
    pub board: Position<W>,
    /// Bit `p`: army `p` has been checkmated or stalemated (four-player games).
    pub out: u8,
    /// Bit `p`: army `p`'s king is its player's true king (True King game).
    pub true_kings: u8,
}

/// One of the games of this crate, on cell sets of `W` words (2 for 5x5x5, 4 for 6x6x6, 8 for
/// 8x8x8).
pub struct Cubic<const W: usize> {
    engine: Engine<W>,
    options_ron: String,
    mode: Mode,
    start: CubicPosition<W>,
    colour_levels: bool,
    /// Per army, further cells where its pawns promote (option `promotion_zone =
    /// any_opponent_home` of the four-player games).
    extra_zone: Option<Vec<spacechess_geometry::CellSet<W>>>,
}

fn piece_mut(rules: &mut RuleSet, letter: char) -> &mut spacechess_engine::PieceSpec {
    rules
        .pieces
        .iter_mut()
        .find(|p| p.letter == letter)
        .expect("the built-in rule set has this piece")
}

fn stalemate_of(word: &str) -> StalemateResult {
    match word {
        "loss" => StalemateResult::Loss,
        "win" => StalemateResult::Win,
        _ => StalemateResult::Draw,
    }
}

fn base_rules(ron_text: &str) -> RuleSet {
    RuleSet::from_ron(ron_text).expect("the built-in rule set parses")
}

/// Adds en passant to the 8x8x8 pawn: its double steps open the passed cell, its captures take
/// there.
fn add_en_passant(rules: &mut RuleSet) {
    for a in &mut piece_mut(rules, 'P').atoms {
        if a.only_unmoved {
            a.creates_en_passant = true;
        }
        if a.mode == AtomMode::CaptureOnly {
            a.en_passant = true;
        }
    }
}

impl Cubic<2> {
    /// Raumschach with these options (a RON options text and `key=value` pairs).
    /// From an optional RON options text and `key=value` pairs (see [`RaumschachOptions`]); typed:
    /// [`Cubic::raumschach_with`].
    pub fn raumschach(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::raumschach_with(RaumschachOptions::load(ron, pairs)?)
    }

    /// Raumschach with these options (a RON options text and `key=value` pairs). With these options.
    pub fn raumschach_with(o: RaumschachOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::RAUMSCHACH);
        let pawn = piece_mut(&mut rules, 'P');
        if !o.pawn_forward_up_capture {
            if let Motion::Leap(StepSet::Vectors(vs)) = &mut pawn.atoms[1].motion {
                vs.retain(|v| v != &vec![0, 1, 1]);
            }
        }
        if o.pawn_double_step {
            let mut a = Atom::new(Motion::Ride {
                steps: StepSet::Vectors(vec![vec![0, 1, 0], vec![0, 0, 1]]),
                min: 2,
                max: Some(2),
            });
            a.mode = AtomMode::MoveOnly;
            a.only_unmoved = true;
            pawn.atoms.push(a);
        }
        Cubic::build(
            rules,
            Arc::new(LevelNotation),
            o.to_ron(),
            Mode::Plain,
            false,
        )
    }
}

impl Cubic<4> {
    /// Parton's ordinary Cubic Chess.
    /// From an optional RON options text and `key=value` pairs (see [`CubicOptions`]); typed:
    /// [`Cubic::cubic_with`].
    #[allow(clippy::self_named_constructors)]
    pub fn cubic(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::cubic_with(CubicOptions::load(ron, pairs)?)
    }

    /// Parton's ordinary Cubic Chess. With these options.
    ///
    /// ```
    /// use spacechess_cubic::{Cubic6, CubicOptions};
    /// use spacechess_variant::Variant;
    /// let cubic = Cubic6::cubic_with(CubicOptions::default()).unwrap();
    /// assert_eq!(cubic.legal_moves_vec(&cubic.start()).len(), 92);
    /// ```
    pub fn cubic_with(o: CubicOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        Cubic::build(
            base_rules(rules::CUBIC6),
            Arc::new(LevelNotation),
            o.to_ron(),
            Mode::Plain,
            false,
        )
    }

    /// Compulsion Cubic Chess.
    /// From an optional RON options text and `key=value` pairs (see [`CompulsionOptions`]); typed:
    /// [`Cubic::compulsion_with`].
    pub fn compulsion(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::compulsion_with(CompulsionOptions::load(ron, pairs)?)
    }

    /// Compulsion Cubic Chess. With these options.
    ///
    /// ```
    /// use spacechess_cubic::{CompulsionOptions, Cubic6};
    /// let c = Cubic6::compulsion_with(CompulsionOptions { no_move: "loss".into() }).unwrap();
    /// assert!(Cubic6::compulsion_with(CompulsionOptions { no_move: "lose".into() }).is_err());
    /// ```
    pub fn compulsion_with(o: CompulsionOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::COMPULSION);
        rules.stalemate = stalemate_of(&o.no_move);
        Cubic::build(
            rules,
            Arc::new(LevelNotation),
            o.to_ron(),
            Mode::Plain,
            false,
        )
    }

    /// Cubic Scacia.
    /// From an optional RON options text and `key=value` pairs (see [`ScaciaOptions`]); typed:
    /// [`Cubic::scacia_with`].
    pub fn scacia(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::scacia_with(ScaciaOptions::load(ron, pairs)?)
    }

    /// Cubic Scacia. With these options.
    ///
    /// ```
    /// use spacechess_cubic::{Cubic6, ScaciaOptions};
    /// let scacia = Cubic6::scacia_with(ScaciaOptions { king_promotion: true, ..Default::default() });
    /// assert!(scacia.is_ok());
    /// ```
    pub fn scacia_with(o: ScaciaOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::SCACIA);
        rules.stalemate = stalemate_of(&o.no_move);
        if o.king_promotion {
            if let Some(p) = &mut rules.promotion {
                p.choices.push('K');
            }
        }
        Cubic::build(
            rules,
            Arc::new(LevelNotation),
            o.to_ron(),
            Mode::Plain,
            false,
        )
    }

    /// The Tamerlane variation.
    /// From an optional RON options text and `key=value` pairs (see [`TamerlaneOptions`]); typed:
    /// [`Cubic::tamerlane_with`].
    pub fn tamerlane(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::tamerlane_with(TamerlaneOptions::load(ron, pairs)?)
    }

    /// The Tamerlane variation. With these options.
    pub fn tamerlane_with(o: TamerlaneOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::TAMERLANE);
        if let Motion::Bent { min, .. } = &mut piece_mut(&mut rules, 'Z').atoms[0].motion {
            *min = o.zurafa_min;
        }
        if o.tamerlane_mirror {
            // Black's level-A rank 6 read a to f like White's: R Z F K Z R.
            rules.setup = rules.setup.replace("rzkfzr", "rzfkzr");
        }
        if o.tamerlane_promotion == "fers_only" {
            if let Some(p) = &mut rules.promotion {
                p.choices = vec!['F'];
            }
        }
        Cubic::build(
            rules,
            Arc::new(LevelNotation),
            o.to_ron(),
            Mode::Plain,
            false,
        )
    }
}

/// The team numbers of the four armies for a pairing (`13v24`: armies 1 and 3 against 2 and 4).
fn pairing(teams: &str) -> [u8; 4] {
    match teams {
        "12v34" => [0, 0, 1, 1],
        "14v23" => [0, 1, 1, 0],
        _ => [0, 1, 0, 1],
    }
}

impl Cubic<8> {
    /// With `any_opponent_home`, each army's pawns also promote on the home row and level (the
    /// king's rank on the king's level) of every opponent.
    fn set_promotion_zone(&mut self, zone: &str) {
        if zone != "any_opponent_home" {
            return;
        }
        let e = &self.engine;
        let players = e.players();
        let king = e.kind_by_letter('K').expect("a king");
        let mut zones = vec![spacechess_geometry::CellSet::<8>::EMPTY; players.count()];
        for p in players.all() {
            for q in players.all() {
                if players.allied(p, q) {
                    continue;
                }
                let k = (self.start.board.of_player(q) & self.start.board.of_kind(king))
                    .first_cell()
                    .expect("every army has a king");
                let kc = e.shape().coords(k);
                for c in e.shape().cells() {
                    let v = e.shape().coords(c);
                    if v.get(1) == kc.get(1)
                        && v.get(2) == kc.get(2)
                        && !e.promotion_zone(p).contains(c)
                    {
                        zones[p.index()].insert(c);
                    }
                }
            }
        }
        self.extra_zone = Some(zones);
    }

    /// 8x8x8 Cubic chess for two players (armies 1 and 2).
    /// From an optional RON options text and `key=value` pairs (see [`Cubic8Options`]); typed:
    /// [`Cubic::cubic8_with`].
    pub fn cubic8(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::cubic8_with(Cubic8Options::load(ron, pairs)?)
    }

    /// 8x8x8 Cubic chess for two players (armies 1 and 2). With these options.
    ///
    /// ```
    /// use spacechess_cubic::{Cubic8, Cubic8Options};
    /// use spacechess_variant::Variant;
    /// let g = Cubic8::cubic8_with(Cubic8Options::default()).unwrap();
    /// assert_eq!(g.legal_moves_vec(&g.start()).len(), 126);
    /// ```
    pub fn cubic8_with(o: Cubic8Options) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::CUBIC8);
        if o.en_passant {
            add_en_passant(&mut rules);
        }
        Cubic::build(
            rules,
            Arc::new(ColourNotation),
            o.to_ron(),
            Mode::Plain,
            true,
        )
    }

    /// 8x8x8 Cubic chess for four players, each on his own.
    /// From an optional RON options text and `key=value` pairs (see [`Cubic8FourOptions`]); typed:
    /// [`Cubic::cubic8_four_with`].
    pub fn cubic8_four(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::cubic8_four_with(Cubic8FourOptions::load(ron, pairs)?)
    }

    /// 8x8x8 Cubic chess for four players, each on his own. With these options.
    pub fn cubic8_four_with(o: Cubic8FourOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::CUBIC8_4);
        if o.en_passant {
            add_en_passant(&mut rules);
        }
        let mode = Mode::FreeForAll {
            remove_men: o.eliminated_men == "removed",
        };
        let mut game = Cubic::build(rules, Arc::new(ColourNotation), o.to_ron(), mode, true)?;
        game.set_promotion_zone(&o.promotion_zone);
        Ok(game)
    }

    /// 8x8x8 Cubic chess for four players in two teams.
    /// From an optional RON options text and `key=value` pairs (see [`Cubic8TeamsOptions`]); typed:
    /// [`Cubic::cubic8_teams_with`].
    pub fn cubic8_teams(ron: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::cubic8_teams_with(Cubic8TeamsOptions::load(ron, pairs)?)
    }

    /// 8x8x8 Cubic chess for four players in two teams. With these options.
    ///
    /// ```
    /// use spacechess_cubic::{Cubic8, Cubic8TeamsOptions};
    /// use spacechess_variant::Variant;
    /// let o = Cubic8TeamsOptions { teams: "14v23".into(), ..Default::default() };
    /// let g = Cubic8::cubic8_teams_with(o).unwrap();
    /// assert_eq!(g.players().team_count(), 2);
    /// ```
    pub fn cubic8_teams_with(o: Cubic8TeamsOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::CUBIC8_4);
        rules.name = "cubic8-teams".into();
        rules.description = format!("8x8x8 Cubic chess, four players in teams {}", o.teams);
        for (p, t) in rules.players.iter_mut().zip(pairing(&o.teams)) {
            p.team = t;
        }
        if o.en_passant {
            add_en_passant(&mut rules);
        }
        let mode = Mode::Teams {
            skipped: o.inherited_turn == "skipped",
            true_king: false,
        };
        let mut game = Cubic::build(rules, Arc::new(ColourNotation), o.to_ron(), mode, true)?;
        game.set_promotion_zone(&o.promotion_zone);
        Ok(game)
    }

    /// 8x8x8 Cubic chess, True King variation: two players commanding two armies each.
    /// From an optional RON options text and `key=value` pairs (see [`TrueKingOptions`]); typed:
    /// [`Cubic::cubic8_true_king_with`].
    pub fn cubic8_true_king(
        ron: Option<&str>,
        pairs: &[(String, String)],
    ) -> Result<Self, RulesError> {
        Self::cubic8_true_king_with(TrueKingOptions::load(ron, pairs)?)
    }

    /// 8x8x8 Cubic chess, True King variation: two players commanding two armies each. With these options.
    ///
    /// ```
    /// use spacechess_cubic::{Cubic8, TrueKingOptions};
    /// use spacechess_variant::Variant;
    /// let g = Cubic8::cubic8_true_king_with(TrueKingOptions::default()).unwrap();
    /// assert_eq!(g.players().count(), 4);
    /// ```
    pub fn cubic8_true_king_with(o: TrueKingOptions) -> Result<Self, RulesError> {
        o.check_allowed()?;
        let mut rules = base_rules(rules::CUBIC8_4);
        rules.name = "cubic8-true-king".into();
        rules.description = format!("8x8x8 Cubic chess, True King, armies {}", o.teams);
        let teams = pairing(&o.teams);
        for (i, (p, t)) in rules.players.iter_mut().zip(teams).enumerate() {
            p.team = t;
            p.name = format!(
                "{} (army {})",
                if t == 0 { "First" } else { "Second" },
                i + 1
            );
        }
        if o.en_passant {
            add_en_passant(&mut rules);
        }
        let mode = Mode::Teams {
            skipped: o.inherited_turn == "skipped",
            true_king: true,
        };
        let mut game = Cubic::build(rules, Arc::new(ColourNotation), o.to_ron(), mode, true)?;
        game.set_promotion_zone(&o.promotion_zone);
        game.start.true_kings = multi::parse_true_kings(game.engine.players(), &o.true_kings)
            .map_err(|e| RulesError::Option(format!("true_kings: {e}")))?;
        Ok(game)
    }
}

impl<const W: usize> Cubic<W> {
    fn build(
        rules: RuleSet,
        notation: Arc<dyn Notation>,
        options_ron: String,
        mode: Mode,
        colour_levels: bool,
    ) -> Result<Self, RulesError> {
        let engine = Engine::new(rules, notation)?;
        let start = CubicPosition {
            board: engine.start(),
            out: 0,
            true_kings: 0,
        };
        Ok(Cubic {
            engine,
            options_ron,
            mode,
            start,
            colour_levels,
            extra_zone: None,
        })
    }

    /// The underlying engine.
    pub fn engine(&self) -> &Engine<W> {
        &self.engine
    }

    /// The four-player mode (plain for the two-player games).
    pub fn mode(&self) -> Mode {
        self.mode
    }

    fn is_plain(&self) -> bool {
        matches!(self.mode, Mode::Plain)
    }
}

/// Builds the game called `name` (one of [`GAMES`]) and runs `f` on it; the options are a RON
/// text (a `--rules` file) and `key=value` pairs.
pub fn with_game<T>(
    name: &str,
    ron: Option<&str>,
    pairs: &[(String, String)],
    f: impl GameVisitor<Output = T>,
) -> Result<T, RulesError> {
    Ok(match name {
        "raumschach" => f.visit(&Cubic::raumschach(ron, pairs)?),
        "cubic" => f.visit(&Cubic::cubic(ron, pairs)?),
        "compulsion-cubic" => f.visit(&Cubic::compulsion(ron, pairs)?),
        "scacia-cubic" => f.visit(&Cubic::scacia(ron, pairs)?),
        "tamerlane-cubic" => f.visit(&Cubic::tamerlane(ron, pairs)?),
        "cubic8" => f.visit(&Cubic::cubic8(ron, pairs)?),
        "cubic8-4" => f.visit(&Cubic::cubic8_four(ron, pairs)?),
        "cubic8-teams" => f.visit(&Cubic::cubic8_teams(ron, pairs)?),
        "cubic8-true-king" => f.visit(&Cubic::cubic8_true_king(ron, pairs)?),
        _ => {
            return Err(RulesError::Invalid(format!(
                "no cubic game is called '{name}'"
            )))
        }
    })
}

/// Generic code run on one of the games by [`with_game`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the game.
    fn visit<V: Variant>(self, v: &V) -> Self::Output;
}

impl<const W: usize> Variant for Cubic<W> {
    type Position = CubicPosition<W>;
    type Move = Move;
    type EvalState = ();

    spacechess_variant::forward_variant!(engine =>
        name, description, players,
    );
    fn options_ron(&self) -> String {
        self.options_ron.clone()
    }
    fn start(&self) -> CubicPosition<W> {
        self.start
    }
    fn to_move(&self, pos: &CubicPosition<W>) -> Player {
        pos.board.to_move()
    }
    fn legal_moves(&self, pos: &CubicPosition<W>, out: &mut Vec<Move>) {
        if self.is_plain() {
            self.engine.generate_legal(&pos.board, out)
        } else {
            multi::legal_moves(self, pos, out)
        }
    }
    fn count_legal_moves(&self, pos: &CubicPosition<W>, scratch: &mut Vec<Move>) -> usize {
        if self.is_plain() {
            self.engine.count_legal(&pos.board, scratch)
        } else {
            multi::legal_moves(self, pos, scratch);
            scratch.len()
        }
    }
    fn play(&self, pos: &CubicPosition<W>, mv: &Move) -> CubicPosition<W> {
        if self.is_plain() {
            CubicPosition {
                board: self.engine.make(&pos.board, mv),
                ..*pos
            }
        } else {
            multi::play(self, pos, mv)
        }
    }
    fn outcome(&self, pos: &CubicPosition<W>) -> Option<Outcome> {
        if self.is_plain() {
            self.engine.outcome(&pos.board)
        } else {
            multi::outcome(self, pos)
        }
    }
    fn in_check(&self, pos: &CubicPosition<W>) -> bool {
        if self.is_plain() {
            self.engine.in_check(&pos.board)
        } else {
            multi::in_check(self, pos)
        }
    }
    fn cell_info(
        &self,
        pos: &CubicPosition<W>,
        text: &str,
    ) -> Option<spacechess_variant::CellReading> {
        self.engine.cell_info(&pos.board, text)
    }
    fn move_origin(&self, pos: &CubicPosition<W>, mv: &Move) -> Option<String> {
        self.engine.move_origin(&pos.board, mv)
    }
    fn move_text(&self, pos: &CubicPosition<W>, mv: &Move) -> String {
        self.engine.move_text(&pos.board, mv)
    }
    fn parse_move(&self, pos: &CubicPosition<W>, text: &str) -> Result<Move, MoveError> {
        if self.is_plain() {
            self.engine.parse_move(&pos.board, text)
        } else {
            multi::parse_move(self, pos, text)
        }
    }
    fn position_text(&self, pos: &CubicPosition<W>) -> String {
        let mut t = self.engine.position_text(&pos.board);
        if !self.is_plain() {
            t.push_str(&multi::extra_fields(self, pos));
        }
        t
    }
    fn parse_position(&self, text: &str) -> Result<CubicPosition<W>, PositionError> {
        if self.is_plain() {
            Ok(CubicPosition {
                board: self.engine.parse_position(text)?,
                out: 0,
                true_kings: 0,
            })
        } else {
            multi::parse_position(self, text)
        }
    }
    fn draw(&self, pos: &CubicPosition<W>) -> String {
        self.draw_marked(pos, &[])
    }
    fn draw_marked(&self, pos: &CubicPosition<W>, marks: &[(Cell, char)]) -> String {
        if self.colour_levels {
            multi::draw_colour_levels(self, pos, marks)
        } else {
            self.engine.draw_marked(&pos.board, marks)
        }
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        self.engine.piece_names()
    }
    fn move_info(&self, pos: &CubicPosition<W>, mv: &Move) -> MoveInfo {
        self.engine.move_info(&pos.board, mv)
    }
    fn men(&self, pos: &CubicPosition<W>) -> Vec<Man> {
        self.engine.men(&pos.board)
    }
    fn board(&self) -> BoardModel {
        if self.colour_levels {
            notation::colour_board(&self.engine)
        } else {
            self.engine.board()
        }
    }
    fn repetition_key(&self, pos: &CubicPosition<W>) -> u64 {
        let k = self.engine.repetition_key(&pos.board);
        if self.is_plain() {
            return k;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (k, pos.out, pos.true_kings).hash(&mut h);
        h.finish()
    }
    fn halfmove_clock(&self, pos: &CubicPosition<W>) -> Option<u32> {
        Some(pos.board.halfmove_clock())
    }
    // Search hooks (crate spacechess_search): the engine's Zobrist key, evaluation and
    // capture values, on the board.
    fn hash_key(&self, pos: &CubicPosition<W>) -> u64 {
        let k = self.engine.zobrist_key(&pos.board);
        if self.is_plain() {
            return k;
        }
        k ^ (u64::from(pos.out) << 48 | u64::from(pos.true_kings) << 56)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn evaluate(&self, pos: &CubicPosition<W>, scores: &mut [i32]) {
        self.engine.evaluate_players(&pos.board, scores)
    }
    fn capture_values(&self, pos: &CubicPosition<W>, mv: &Move) -> Option<(i32, i32)> {
        self.engine.capture_values_of(&pos.board, mv)
    }
    fn pass(&self, pos: &CubicPosition<W>) -> Option<CubicPosition<W>> {
        if !self.is_plain() {
            return None;
        }
        let board = Variant::pass(&self.engine, &pos.board)?;
        Some(CubicPosition { board, ..*pos })
    }
    fn moved_man_attacked(&self, after: &CubicPosition<W>, mv: &Move) -> bool {
        self.is_plain() && Variant::moved_man_attacked(&self.engine, &after.board, mv)
    }
    fn see(&self, pos: &CubicPosition<W>, mv: &Move) -> Option<i32> {
        if !self.is_plain() {
            return None;
        }
        Variant::see(&self.engine, &pos.board, mv)
    }
    /// Raumschach's pruning judges by the table's score where it has one (+48 [+13, +83] in 300
    /// games at 40 ms, docs/search.md, issue 14's twenty-sixth stop); the other boards keep
    /// the default.
    fn search_hints(&self) -> SearchHints {
        SearchHints {
            table_score_in_pruning: W == 2,
            ..SearchHints::default()
        }
    }
    fn noisy_moves(&self, pos: &CubicPosition<W>, out: &mut Vec<Move>) -> bool {
        if self.is_plain() {
            return self.engine.generate_noisy(&pos.board, out);
        }
        self.legal_moves(pos, out);
        if out.is_empty() {
            return true;
        }
        out.retain(|m| self.capture_values(pos, m).is_some());
        false
    }
}

/// The cells a man of `kind` (a letter) of player `player` reaches from `from` on an empty board,
/// as cell names sorted; for the test vectors of the specifications.
pub fn reach_names<const W: usize>(
    g: &Cubic<W>,
    player: u8,
    letter: char,
    from: &str,
) -> Vec<String> {
    let e = g.engine();
    let kind = e
        .kind_by_letter(letter)
        .expect("a piece letter of the game");
    let cell = e.parse_cell(from).expect("a cell name");
    let mut v: Vec<String> = e
        .reach_on_empty_board(Player(player), kind, cell)
        .iter()
        .map(|c| e.cell_name(c))
        .collect();
    v.sort();
    v
}

/// A vector between two cells (for tests and documentation).
pub fn offset<const W: usize>(g: &Cubic<W>, from: &str, to: &str) -> Option<Vector> {
    let e = g.engine();
    let a = e.shape().coords(e.parse_cell(from)?);
    let b = e.shape().coords(e.parse_cell(to)?);
    Some(b.add(&a.neg()))
}
