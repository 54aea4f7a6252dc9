//! The one error type of the command line: a message naming what is wrong, printed on one line
//! as `error: <message>` with exit code 2.

use std::fmt;

/// A user-facing error: bad input (variant, position, move, depth, file, option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(String);

impl CliError {
    /// An error with this message (newlines are folded so it prints on one line).
    pub fn new(message: impl Into<String>) -> CliError {
        let m: String = message.into();
        let one_line = m.split_whitespace().collect::<Vec<_>>().join(" ");
        CliError(one_line)
    }

    /// The message, without the `error: ` prefix.
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<spacechess::Error> for CliError {
    fn from(e: spacechess::Error) -> CliError {
        CliError::new(e.to_string())
    }
}
