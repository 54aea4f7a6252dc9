//! The `Variant` trait and everything generic over it.
//!
//! - [`Variant`]: the one interface every variant implements (start position, legal moves, play,
//!   outcome, move and position text).
//! - [`Player`], [`Players`], [`Outcome`]: who plays, in which teams, and how a game ends.
//! - [`perft()`], [`divide`], [`perft_parallel`]: move-generation counts; [`Game`]: a game record
//!   with history and repetition; [`record`]: game records as text; [`RandomMover`]: seeded
//!   random play.
//! - [`MoveInfo`], [`Man`], [`BoardModel`] ([`board`]): what a move does on the board, the men of
//!   a position, the cells and panels of the board, for every variant.
//!
//! The data-driven engine most variants are built from is the `spacechess-engine` crate; the
//! search is `spacechess-search`; `spacechess` is the facade that gathers every variant.

pub mod board;
mod error;
mod forward;
mod game;
mod hints;
mod options;
mod outcome;
mod perft;
mod player;
mod random;
pub mod record;
mod variant;

pub use board::{BoardModel, CellInfo, Man, MoveInfo, MoveKind, Panel, VirtualMan, VirtualMen};
pub use error::{parse_clocks, MoveError, PositionError, RulesError};
pub use game::Game;
pub use hints::SearchHints;
pub use options::{OptionDoc, OptionInfo, RuleOptions};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, divide_parallel, perft, perft_parallel, verify_counts};
pub use player::{Player, Players};
pub use random::RandomMover;
/// A cell of a board, as positions, [`MoveInfo`] and [`Variant::draw_marked`] number them.
pub use spacechess_geometry::Cell;
pub use variant::{CellReading, LineError, ManInfo, Variant};
