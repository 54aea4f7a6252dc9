//! The facade's error: what went wrong when building a variant by name or reading its texts.

use spacechess_variant::{LineError, PositionError};
use std::fmt;

/// Why a variant could not be built, or a text given to an [`AnyVariant`](crate::AnyVariant) not
/// read. Every message names what is wrong on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No variant has this name.
    UnknownVariant {
        /// The name given.
        name: String,
        /// The names of the known variants, in catalogue order.
        known: Vec<String>,
    },
    /// The variant could not be built: a bad rule option or rule file (the message says which).
    Rules(String),
    /// A position text could not be read.
    Position {
        /// The text given (trimmed).
        text: String,
        /// Why.
        error: PositionError,
    },
    /// A move of a line could not be played.
    Move(LineError),
}

impl Error {
    /// A [`Error::Rules`] error with this message, folded onto one line.
    pub fn new(message: impl Into<String>) -> Error {
        let m: String = message.into();
        Error::Rules(m.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownVariant { name, known } => {
                write!(f, "unknown variant '{name}' (known: {})", known.join(", "))
            }
            Error::Rules(m) => f.write_str(m),
            Error::Position { text, error } => write!(f, "bad position '{text}': {error}"),
            Error::Move(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}
