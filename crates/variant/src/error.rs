//! Errors for positions, moves and rule sets: enums with messages that name what is wrong.

use std::fmt;

/// What is wrong with a position text or setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text does not have the expected fields.
    Fields(String),
    /// The board field is malformed (wrong row length, unknown piece letter, ...).
    Board(String),
    /// The side-to-move field is not a player of this game.
    ToMove(String),
    /// A cell name does not name a cell of this board.
    Cell(String),
    /// A number field is not a number.
    Number(String),
    /// The position parses but cannot occur (for example the side not to move is in check).
    Invalid(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fields(s) => write!(f, "malformed position: {s}"),
            PositionError::Board(s) => write!(f, "malformed board: {s}"),
            PositionError::ToMove(s) => write!(f, "bad side to move: {s}"),
            PositionError::Cell(s) => write!(f, "bad cell name: {s}"),
            PositionError::Number(s) => write!(f, "bad number: {s}"),
            PositionError::Invalid(s) => write!(f, "invalid position: {s}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Reads the two clock fields every position text ends with (FEN's last two): the half-move
/// clock at `fields[first]` (default 0) and the move number after it (default 1, never 0).
pub fn parse_clocks(fields: &[&str], first: usize) -> Result<(u32, u32), PositionError> {
    let number = |i: usize, default: u32, what: &str| -> Result<u32, PositionError> {
        match fields.get(i) {
            None => Ok(default),
            Some(s) => s
                .parse()
                .map_err(|_| PositionError::Number(format!("{what} '{s}'"))),
        }
    };
    let halfmove = number(first, 0, "half-move clock")?;
    let fullmove = number(first + 1, 1, "move number")?;
    if fullmove == 0 {
        return Err(PositionError::Number(
            "move number 0 (numbers start at 1)".into(),
        ));
    }
    Ok((halfmove, fullmove))
}

/// What is wrong with a move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this variant's notation.
    Malformed {
        /// The text given.
        text: String,
        /// What was expected.
        expected: String,
    },
    /// The text is a move, but not a legal one here.
    Illegal {
        /// The text given.
        text: String,
        /// Why (for example, which rule forbids it).
        reason: String,
    },
    /// The game is over: no move can be played.
    GameOver(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, expected } => {
                write!(f, "malformed move '{text}': expected {expected}")
            }
            MoveError::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
            MoveError::GameOver(s) => write!(f, "no move can be played: {s}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// What is wrong with a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The RON text does not parse into a rule set.
    Parse(String),
    /// The rule set parses but is inconsistent (unknown letter in the setup, bad shape, ...).
    Invalid(String),
    /// An option key or value is not known.
    Option(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Parse(s) => write!(f, "cannot read rule set: {s}"),
            RulesError::Invalid(s) => write!(f, "invalid rule set: {s}"),
            RulesError::Option(s) => write!(f, "bad rule option: {s}"),
        }
    }
}

impl std::error::Error for RulesError {}
