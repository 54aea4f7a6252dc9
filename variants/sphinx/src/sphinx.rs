//! Sphinx Chess and its forms: the 3x3 and the reduced 2x2 board of 4x4 boards; Chess,
//! Compulsion Sphinx and Losing Sphinx; the king confinement option; perpetual check as a win.

use crate::draw;
use crate::notation::{ReducedNotation, SphinxNotation};
use serde::{Deserialize, Serialize};
use spacechess_engine::{
    Atom, Engine, Goal, Motion, Move, Notation, Position, RuleSet, StalemateResult, StepSet,
};
use spacechess_variant::{Outcome, Player, RulesError, Variant, WinReason};
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
        let mut o = SphinxOptions::game(game);
        for (k, v) in pairs {
            o.set(k, v)?;
        }
        Ok(o)
    }

    /// Sets one option from text (`king_confinement=true`, `game=losing`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bool_value = || match value {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(RulesError::Option(format!(
                "{key}: '{value}' is not true or false"
            ))),
        };
        match key {
            "game" => {
                self.game = match value.to_ascii_lowercase().as_str() {
                    "chess" => SphinxGame::Chess,
                    "compulsion" => SphinxGame::Compulsion,
                    "losing" => SphinxGame::Losing,
                    _ => {
                        return Err(RulesError::Option(format!(
                            "game: '{value}' is not chess, compulsion or losing"
                        )))
                    }
                }
            }
            "king_confinement" => self.king_confinement = bool_value()?,
            "perpetual_check_wins" => self.perpetual_check_wins = bool_value()?,
            "king_promotion" => self.king_promotion = bool_value()?,
            "stalemate" => {
                self.stalemate = match value.to_ascii_lowercase().as_str() {
                    "draw" => StalemateResult::Draw,
                    "win" => StalemateResult::Win,
                    "loss" => StalemateResult::Loss,
                    _ => {
                        return Err(RulesError::Option(format!(
                            "stalemate: '{value}' is not draw, win or loss"
                        )))
                    }
                }
            }
            _ => {
                return Err(RulesError::Option(format!(
                "unknown option '{key}' (Sphinx has game, king_confinement, perpetual_check_wins, king_promotion, stalemate)"
            )))
            }
        }
        Ok(())
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

    spacechess_variant::forward_variant!(engine =>
        name, description, players, start, legal_moves, count_legal_moves, play, outcome,
        in_check, move_text, parse_move, position_text, parse_position, halfmove_clock,
        hash_key, evaluate, capture_values, cell_info, move_origin,
    );
    fn options_ron(&self) -> String {
        ron::ser::to_string_pretty(&self.options, ron::ser::PrettyConfig::default())
            .expect("options serialise")
    }
    fn to_move(&self, pos: &Position<W>) -> Player {
        pos.to_move()
    }
    fn draw(&self, pos: &Position<W>) -> String {
        if self.reduced {
            draw::reduced(&self.engine, pos)
        } else {
            draw::sphinx(&self.engine, pos)
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
