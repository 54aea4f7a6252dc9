//! Sphinx Chess and its forms: the 3x3 and the reduced 2x2 board of 4x4 boards; Chess,
//! Compulsion Sphinx and Losing Sphinx; the king confinement option; perpetual check as a win.

use crate::draw;
use crate::notation::{ReducedNotation, SphinxNotation};
use serde::{Deserialize, Serialize};
use spacechess_engine::{
    Atom, Engine, Goal, Motion, Move, Notation, Position, RuleSet, StalemateResult, StepSet,
};
use spacechess_variant::{
    BoardModel, Cell, OptionDoc, Outcome, Player, RuleOptions, RulesError, Variant, WinReason,
};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The rule set of Sphinx Chess on the 3x3 board of 4x4 boards, as RON.
pub const SPHINX_RULES: &str = include_str!("../rules/sphinx.ron");
/// The rule set of reduced Sphinx Chess on the 2x2 board of 4x4 boards (the ordinary board).
pub const REDUCED_RULES: &str = include_str!("../rules/sphinx-reduced.ron");

/// Which game is played on the Sphinx board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SphinxGame {
    /// Sphinx Chess: checkmate wins, perpetual check may be claimed as a win.
    #[default]
    Chess,
    /// Compulsion Sphinx: captures compulsory, kings not royal, capture every enemy man to win.
    Compulsion,
    /// Losing Sphinx: captures compulsory, kings not royal, lose every man of one's own to win.
    Losing,
}

/// The rule options of the Sphinx games (RON, every field optional).
///
/// ```
/// use spacechess_sphinx::SphinxOptions;
/// let confined = SphinxOptions { king_confinement: true, ..SphinxOptions::default() };
/// assert_eq!(SphinxOptions::from_ron("(king_confinement: true)").unwrap(), confined);
/// let mut o = SphinxOptions::default();
/// o.set("king_confinement", "yes").unwrap();
/// assert_eq!(o, confined);
/// assert!(o.set("king_confinment", "yes").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SphinxOptions {
    /// The game.
    pub game: SphinxGame,
    /// Parton's "for practical purposes" rule: White's king stays on board h, Black's on b (the
    /// king never makes a between-board step). Reduced board: the king stays on its quarter board.
    pub king_confinement: bool,
    /// Perpetual check is a win for the checking player (Chess only). On by default, as Parton
    /// says; off makes every threefold repetition a draw.
    pub perpetual_check_wins: bool,
    /// Compulsion and Losing Sphinx: a pawn may also promote to a king (kings are ordinary men).
    pub king_promotion: bool,
    /// A player with no legal move who is not in check: draw by default; `Win` is the antichess
    /// convention for Losing Sphinx.
    pub stalemate: StalemateResult,
}

impl Default for SphinxOptions {
    fn default() -> Self {
        SphinxOptions {
            game: SphinxGame::Chess,
            king_confinement: false,
            perpetual_check_wins: true,
            king_promotion: false,
            stalemate: StalemateResult::Draw,
        }
    }
}

impl RuleOptions for SphinxOptions {
    const DOCS: &'static [OptionDoc] = &[
        OptionDoc::one_of("game", "The game", &["chess", "compulsion", "losing"]),
        OptionDoc::new(
            "king_confinement",
            "White's king stays on board h, Black's on b (reduced board: on its quarter board)",
        ),
        OptionDoc::new(
            "perpetual_check_wins",
            "Perpetual check is a win for the checking player (Chess only)",
        ),
        OptionDoc::new(
            "king_promotion",
            "Compulsion and Losing Sphinx: a pawn may also promote to a king",
        ),
        OptionDoc::one_of(
            "stalemate",
            "A player with no legal move who is not in check",
            &["draw", "win", "loss"],
        ),
    ];
}

impl SphinxOptions {
    /// The options of a game with every other option at its default.
    pub fn game(game: SphinxGame) -> SphinxOptions {
        SphinxOptions {
            game,
            ..SphinxOptions::default()
        }
    }

    /// Reads options from RON (`(game: Losing, king_confinement: true)`).
    pub fn from_ron(text: &str) -> Result<SphinxOptions, RulesError> {
        ron::from_str(text).map_err(|e| RulesError::Option(e.to_string()))
    }

    /// The options of `game` with `key=value` pairs applied in order (the command line's
    /// `--option`).
    pub fn from_pairs(game: SphinxGame, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        SphinxOptions::load_onto(SphinxOptions::game(game), None, pairs)
    }

    /// Sets one option from text (`king_confinement=true`, `game=losing`); see
    /// [`RuleOptions::set`].
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        RuleOptions::set(self, key, value)
    }

    /// Applies the options to a base rule set.
    pub fn apply(&self, rules: &mut RuleSet) -> Result<(), RulesError> {
        let base = rules.name.clone();
        match self.game {
            SphinxGame::Chess => {
                if self.king_promotion {
                    return Err(RulesError::Option(
                        "king_promotion is for Compulsion and Losing Sphinx, where kings are not royal"
                            .into(),
                    ));
                }
            }
            SphinxGame::Compulsion | SphinxGame::Losing => {
                rules.goal = if self.game == SphinxGame::Compulsion {
                    Goal::CaptureAll
                } else {
                    Goal::LoseAll
                };
                rules.compulsory_capture = true;
                rules.name = format!(
                    "{base}-{}",
                    if self.game == SphinxGame::Compulsion {
                        "compulsion"
                    } else {
                        "losing"
                    }
                );
                rules.description = format!(
                    "{} Sphinx{}: captures compulsory, kings are ordinary men; {}",
                    if self.game == SphinxGame::Compulsion {
                        "Compulsion"
                    } else {
                        "Losing"
                    },
                    if base.contains("reduced") {
                        " on the reduced 2x2 board"
                    } else {
                        ""
                    },
                    if self.game == SphinxGame::Compulsion {
                        "capture every enemy man to win"
                    } else {
                        "lose every man of your own to win"
                    }
                );
                if self.king_promotion {
                    if let Some(p) = rules.promotion.as_mut() {
                        p.choices.push('K');
                    }
                }
            }
        }
        rules.stalemate = self.stalemate;
        if self.king_confinement {
            let king = rules
                .pieces
                .iter_mut()
                .find(|p| p.letter == 'K')
                .ok_or_else(|| RulesError::Invalid("the rule set has no king".into()))?;
            // Steps on the king's own small board only: the axes of group 1.
            king.atoms = vec![Atom::new(Motion::Leap(StepSet::InGroup(
                1,
                Box::new(StepSet::Union(vec![StepSet::Kind(1), StepSet::Kind(2)])),
            )))];
            rules.name.push_str("-confined");
        }
        Ok(())
    }
}

/// Sphinx Chess on a board of boards: `W` = 3 for the 3x3 board (144 cells), 1 for the reduced 2x2
/// board (64 cells). See [`SphinxChess`] and [`ReducedSphinx`].
pub struct Sphinx<const W: usize> {
    engine: Engine<W>,
    options: SphinxOptions,
    reduced: bool,
}

/// Sphinx Chess on the 3x3 board of 4x4 boards.
pub type SphinxChess = Sphinx<3>;
/// Sphinx Chess on the reduced 2x2 board of 4x4 boards (the ordinary 8x8 board).
pub type ReducedSphinx = Sphinx<1>;

impl Sphinx<3> {
    /// Sphinx on the 3x3 board with these options.
    ///
    /// ```
    /// use spacechess_sphinx::{SphinxChess, SphinxGame, SphinxOptions};
    /// use spacechess_variant::Variant;
    /// let sphinx = SphinxChess::new(SphinxOptions::default()).unwrap();
    /// assert_eq!(sphinx.legal_moves_vec(&sphinx.start()).len(), 59);
    /// let losing = SphinxChess::new(SphinxOptions::game(SphinxGame::Losing)).unwrap();
    /// assert_eq!(losing.name(), "sphinx-losing");
    /// ```
    pub fn new(options: SphinxOptions) -> Result<Self, RulesError> {
        Sphinx::build(SPHINX_RULES, Arc::new(SphinxNotation), options, false)
    }

    /// Sphinx Chess with the default options.
    pub fn chess() -> Self {
        Self::new(SphinxOptions::default()).expect("the built-in rule set compiles")
    }
}

impl Sphinx<1> {
    /// Reduced Sphinx (the 8x8 board) with these options.
    ///
    /// ```
    /// use spacechess_sphinx::{ReducedSphinx, SphinxOptions};
    /// use spacechess_variant::Variant;
    /// let reduced = ReducedSphinx::new(SphinxOptions::default()).unwrap();
    /// assert_eq!(reduced.legal_moves_vec(&reduced.start()).len(), 32);
    /// ```
    pub fn new(options: SphinxOptions) -> Result<Self, RulesError> {
        Sphinx::build(REDUCED_RULES, Arc::new(ReducedNotation), options, true)
    }

    /// Reduced Sphinx Chess with the default options.
    pub fn chess() -> Self {
        Self::new(SphinxOptions::default()).expect("the built-in rule set compiles")
    }
}

impl<const W: usize> Sphinx<W> {
    fn build(
        ron: &str,
        notation: Arc<dyn Notation>,
        options: SphinxOptions,
        reduced: bool,
    ) -> Result<Self, RulesError> {
        let mut rules = RuleSet::from_ron(ron)?;
        options.apply(&mut rules)?;
        Ok(Sphinx {
            engine: Engine::new(rules, notation)?,
            options,
            reduced,
        })
    }

    /// The underlying engine.
    pub fn engine(&self) -> &Engine<W> {
        &self.engine
    }

    /// The options in force.
    pub fn options(&self) -> &SphinxOptions {
        &self.options
    }

    /// True for the reduced 2x2 board.
    pub fn is_reduced(&self) -> bool {
        self.reduced
    }
}

/// The player who gave check with every one of his moves in `cycle` (positions in order, each
/// after one move), if exactly one player did and that player moved at least once.
pub fn perpetual_checker<V: Variant>(v: &V, cycle: &[V::Position]) -> Option<Player> {
    let mut candidates: Vec<Player> = Vec::new();
    for p in v.players().all() {
        let mut moved = false;
        let mut always = true;
        for w in cycle.windows(2) {
            if v.to_move(&w[0]) == p {
                moved = true;
                if !v.in_check(&w[1]) {
                    always = false;
                    break;
                }
            }
        }
        if moved && always {
            candidates.push(p);
        }
    }
    (candidates.len() == 1).then(|| candidates[0])
}

impl<const W: usize> Variant for Sphinx<W> {
    type Position = Position<W>;
    type Move = Move;
    type EvalState = ();

    spacechess_variant::forward_variant!(engine =>
        name, description, players, start, legal_moves, count_legal_moves, play, outcome,
        in_check, move_text, parse_move, position_text, parse_position, halfmove_clock,
        hash_key, evaluate, capture_values, noisy_moves, move_info, men, cell_info, move_origin, pass,
        moved_man_attacked, see,
    );
    fn options_ron(&self) -> String {
        ron::ser::to_string_pretty(&self.options, ron::ser::PrettyConfig::default())
            .expect("options serialise")
    }
    fn to_move(&self, pos: &Position<W>) -> Player {
        pos.to_move()
    }
    fn draw(&self, pos: &Position<W>) -> String {
        self.draw_marked(pos, &[])
    }
    fn draw_marked(&self, pos: &Position<W>, marks: &[(Cell, char)]) -> String {
        if self.reduced {
            draw::reduced(&self.engine, pos, marks)
        } else {
            draw::sphinx(&self.engine, pos, marks)
        }
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        self.engine.piece_names()
    }
    fn board(&self) -> BoardModel {
        if self.reduced {
            draw::reduced_board(&self.engine)
        } else {
            draw::sphinx_board(&self.engine)
        }
    }
    fn repetition_key(&self, pos: &Position<W>) -> u64 {
        // Same side to move, same men on the same squares (sphinx.md 5). Unlike the engine's key,
        // whether a man has moved is left out: no Sphinx rule depends on it (no castling, no
        // double step), so a man that goes out and comes back repeats the position.
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for p in self.engine.players().all() {
            pos.of_player(p).hash(&mut h);
        }
        for k in 0..self.engine.kinds().len() {
            pos.of_kind(k as u8).hash(&mut h);
        }
        pos.to_move().hash(&mut h);
        h.finish()
    }
    fn repetition_outcome(&self, cycle: &[Position<W>]) -> Option<Outcome> {
        if self.options.game != SphinxGame::Chess || !self.options.perpetual_check_wins {
            return None;
        }
        let winner = perpetual_checker(self, cycle)?;
        Some(Outcome::Win {
            winners: vec![winner],
            reason: WinReason::PerpetualCheck,
        })
    }
}
