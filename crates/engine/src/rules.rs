//! Rule sets as data (serde + RON).

use serde::{Deserialize, Serialize};
use spacechess_geometry::{leaper_offsets, Shape, Vector};
use spacechess_variant::RulesError;

/// A whole game described as data: the engine compiles it into tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Short name (`raumschach`).
    pub name: String,
    /// One line saying what the game is.
    #[serde(default)]
    pub description: String,
    /// The board: extents of the axis groups, outermost first (`[[8, 8]]` for a plain 8x8 board,
    /// `[[3, 3], [4, 4]]` for a 3x3 box of 4x4 boards).
    pub board: Vec<Vec<usize>>,
    /// The players in turn order.
    pub players: Vec<PlayerSpec>,
    /// The kinds of piece.
    pub pieces: Vec<PieceSpec>,
    /// The starting position in the engine's position text (see docs/formats.md).
    pub setup: String,
    /// Promotion of the pieces marked `promotes`.
    #[serde(default)]
    pub promotion: Option<PromotionSpec>,
    /// Castling moves.
    #[serde(default)]
    pub castling: Vec<CastleSpec>,
    /// How the game is won.
    #[serde(default)]
    pub goal: Goal,
    /// What a player with no legal move and not in check gets.
    #[serde(default)]
    pub stalemate: StalemateResult,
    /// If true, a player who can capture must capture.
    #[serde(default)]
    pub compulsory_capture: bool,
}

/// One player: name, team, and the orientation of its oriented moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The player's name (White).
    pub name: String,
    /// Team number: players with the same number are allies.
    pub team: u8,
    /// One sign per axis: oriented vectors (pawn moves) are multiplied by it component-wise.
    /// White's forward is +y: `[1, 1]`; Black's `[1, -1]`.
    pub orientation: Vec<i8>,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Name (Knight).
    pub name: String,
    /// Letter in positions and moves (N). Upper case in the rule set.
    pub letter: char,
    /// What it does.
    pub atoms: Vec<Atom>,
    /// A royal piece may not be left attacked (goal `Checkmate`) or its capture ends the game.
    #[serde(default)]
    pub royal: bool,
    /// Promotes on reaching its player's promotion zone (pawns).
    #[serde(default)]
    pub promotes: bool,
    /// Value in pawns, if the rule set gives one.
    #[serde(default)]
    pub value: Option<f32>,
}

/// One way a piece moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Atom {
    /// The geometry of the move.
    pub motion: Motion,
    /// Whether it moves, captures, or both.
    #[serde(default)]
    pub mode: Mode,
    /// Only for a piece that has not moved yet (a pawn's double step).
    #[serde(default)]
    pub only_unmoved: bool,
    /// A ride of this atom that passes over cells leaves them open to en passant capture.
    #[serde(default)]
    pub creates_en_passant: bool,
    /// This (capturing) atom may capture en passant.
    #[serde(default)]
    pub en_passant: bool,
}

impl Atom {
    /// A plain atom that moves and captures the same way.
    pub fn new(motion: Motion) -> Atom {
        Atom {
            motion,
            mode: Mode::Both,
            only_unmoved: false,
            creates_en_passant: false,
            en_passant: false,
        }
    }
}

/// The geometry of an atom.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Motion {
    /// Slides along each direction through empty cells, at least `min` and at most `max` steps.
    Ride {
        /// The directions.
        steps: StepSet,
        /// Fewest steps (default 1).
        #[serde(default = "one")]
        min: u8,
        /// Most steps (None: to the edge).
        #[serde(default)]
        max: Option<u8>,
    },
    /// Jumps by each offset, whatever lies between.
    Leap(StepSet),
    /// Along each direction, jumps a screen: `Cannon` moves to any empty cell beyond the first
    /// piece and captures the next piece beyond it; `Grasshopper` lands just beyond the first piece.
    Hop {
        /// The directions.
        steps: StepSet,
        /// Which hop.
        style: HopStyle,
    },
    /// A bent rider (Timur's Zurafa, the Griffon): one step along each vector of `steps` to an
    /// empty cell, then a ride outward from there along each axis the step changed, in the step's
    /// sign on that axis, at least `min` and at most `max` cells; it never stops after the first
    /// step alone.
    Bent {
        /// The first steps (unit vectors; each changes the axes the ride may continue along).
        steps: StepSet,
        /// Fewest cells of the ride (default 1).
        #[serde(default = "one")]
        min: u8,
        /// Most cells of the ride (None: to the edge).
        #[serde(default)]
        max: Option<u8>,
    },
}

fn one() -> u8 {
    1
}

/// The two hopper styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HopStyle {
    /// Moves to an empty cell beyond the screen; captures the first piece beyond it.
    Cannon,
    /// Lands on the cell just beyond the first piece in the line.
    Grasshopper,
}

/// Whether an atom moves, captures or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Moves to empty cells and captures.
    #[default]
    Both,
    /// Only to empty cells.
    MoveOnly,
    /// Only captures.
    CaptureOnly,
}

/// A set of direction or offset vectors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StepSet {
    /// Every step changing exactly this many axes (1 orthogonal, 2 diagonal, 3 triagonal...).
    Kind(usize),
    /// Steps of this kind whose changed axes all lie in one axis group.
    KindWithinGroups(usize),
    /// Every permutation and sign change of the pattern (`[1, 2]`: the knight).
    Pattern(Vec<u8>),
    /// These vectors, as seen by a player of orientation `+1` on every axis.
    Vectors(Vec<Vec<i8>>),
    /// The union of several sets.
    Union(Vec<StepSet>),
    /// The vectors of a set that change only axes of one axis group (group numbers follow the
    /// rule set's `board` list): `InGroup(1, Kind(1))` on a board of boards is a rook step that
    /// changes only the axes of group 1.
    InGroup(usize, Box<StepSet>),
    /// Every sum of one vector from each set, the zero vector left out: a two-leg leap such as
    /// Ecila's horse, a rook step to a new cube then a bishop step in it,
    /// `Sum([InGroup(1, Kind(1)), InGroup(0, Kind(2))])`.
    Sum(Vec<StepSet>),
}

impl StepSet {
    /// The vectors of this set over `shape`, oriented by `orientation`, sorted and without
    /// duplicates.
    pub fn vectors(&self, shape: &Shape, orientation: &[i8]) -> Result<Vec<Vector>, RulesError> {
        let n = shape.ndim();
        let mut out = match self {
            StepSet::Kind(k) => shape.steps(*k),
            StepSet::KindWithinGroups(k) => shape.steps_within_groups(*k),
            StepSet::Pattern(p) => {
                if p.len() > n {
                    return Err(RulesError::Invalid(format!(
                        "pattern {p:?} has more than {n} components"
                    )));
                }
                leaper_offsets(p, n)
            }
            StepSet::Vectors(vs) => {
                let mut out = Vec::new();
                for v in vs {
                    if v.len() != n {
                        return Err(RulesError::Invalid(format!(
                            "vector {v:?} has {} components, the board {n}",
                            v.len()
                        )));
                    }
                    if v.iter().all(|&c| c == 0) {
                        return Err(RulesError::Invalid("the zero vector is not a move".into()));
                    }
                    let o: Vec<i8> = v.iter().zip(orientation).map(|(c, s)| c * s).collect();
                    out.push(Vector::new(&o));
                }
                out
            }
            StepSet::Union(sets) => {
                let mut out = Vec::new();
                for s in sets {
                    out.extend(s.vectors(shape, orientation)?);
                }
                out
            }
            StepSet::InGroup(g, set) => {
                if *g >= shape.group_count() {
                    return Err(RulesError::Invalid(format!(
                        "axis group {g} of a board with {} groups",
                        shape.group_count()
                    )));
                }
                set.vectors(shape, orientation)?
                    .into_iter()
                    .filter(|v| {
                        v.as_slice()
                            .iter()
                            .enumerate()
                            .all(|(a, &c)| c == 0 || shape.group_of(a) == *g)
                    })
                    .collect()
            }
            StepSet::Sum(sets) => {
                let mut out = vec![Vector::zero(n)];
                for s in sets {
                    let vs = s.vectors(shape, orientation)?;
                    out = out
                        .iter()
                        .flat_map(|a| vs.iter().map(move |b| a.add(b)))
                        .collect();
                }
                out.retain(|v| v.kind() > 0);
                out
            }
        };
        out.sort();
        out.dedup();
        Ok(out)
    }
}

/// Promotion: zone and choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// A pawn promotes on reaching the far end, in its player's orientation, of every one of these
    /// axes (orthodox: `[1]`, the last rank; Raumschach: `[1, 2]`, the last rank of the last level).
    pub axes: Vec<usize>,
    /// Letters of the pieces it may become.
    pub choices: Vec<char>,
}

/// A castling move: the king and a rook, both unmoved, move at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastleSpec {
    /// Whose castling (player index).
    pub player: u8,
    /// King's cell before.
    pub king_from: String,
    /// King's cell after.
    pub king_to: String,
    /// Rook's cell before.
    pub rook_from: String,
    /// Rook's cell after.
    pub rook_to: String,
    /// Cells that must be empty (the king and rook themselves excepted).
    pub empty: Vec<String>,
    /// Cells that must not be attacked (the king's start, path and destination).
    pub safe: Vec<String>,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// Checkmate the enemy royal piece; royals may not be left attacked.
    #[default]
    Checkmate,
    /// Capture every enemy man (kings are not royal).
    CaptureAll,
    /// Lose every man of one's own (kings are not royal).
    LoseAll,
    /// Capture an enemy royal man: no check rules (royal men may stand and be left attacked); a
    /// player who has lost every royal man has lost.
    CaptureRoyal,
}

/// The result for a player with no legal move who is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StalemateResult {
    /// A draw.
    #[default]
    Draw,
    /// The stalemated player loses.
    Loss,
    /// The stalemated player wins.
    Win,
}

impl RuleSet {
    /// Reads a rule set from RON text.
    pub fn from_ron(text: &str) -> Result<RuleSet, RulesError> {
        ron::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))
    }

    /// The rule set as RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a rule set always serialises")
    }
}

#[cfg(test)]
mod step_set_tests {
    use super::*;

    #[test]
    fn in_group_keeps_the_steps_of_one_group() {
        // Sphinx, small boards first: axes (c, r) of a 4x4 board, then (C, R) of the 3x3 array.
        let s = Shape::grouped(&[&[4, 4], &[3, 3]]).unwrap();
        let inner = StepSet::InGroup(0, Box::new(StepSet::Pattern(vec![1, 2])));
        assert_eq!(inner.vectors(&s, &[1; 4]).unwrap().len(), 8);
        let outer = StepSet::InGroup(1, Box::new(StepSet::Kind(1)));
        let v = outer.vectors(&s, &[1; 4]).unwrap();
        assert_eq!(v.len(), 4);
        assert!(v.iter().all(|v| v.get(0) == 0 && v.get(1) == 0));
        assert!(StepSet::InGroup(2, Box::new(StepSet::Kind(1)))
            .vectors(&s, &[1; 4])
            .is_err());
    }

    #[test]
    fn sum_composes_two_legs() {
        // Ecila's horse: a rook step between cubes then a bishop step within the new cube.
        let s = Shape::grouped(&[&[2, 2, 2], &[2, 2, 2]]).unwrap();
        let horse = StepSet::Sum(vec![
            StepSet::InGroup(1, Box::new(StepSet::Kind(1))),
            StepSet::InGroup(0, Box::new(StepSet::Kind(2))),
        ]);
        assert_eq!(horse.vectors(&s, &[1; 6]).unwrap().len(), 6 * 12);
        // Opposite legs cancel to zero, which is left out.
        let back = StepSet::Sum(vec![StepSet::Kind(1), StepSet::Kind(1)]);
        assert!(back
            .vectors(&s, &[1; 6])
            .unwrap()
            .iter()
            .all(|v| v.kind() > 0));
    }
}
