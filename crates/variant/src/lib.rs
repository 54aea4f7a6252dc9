//! The `Variant` trait and everything generic over it.
//!
//! - [`Variant`]: the one interface every variant implements (start position, legal moves, play,
//!   outcome, move and position text).
//! - [`Player`], [`Players`], [`Outcome`]: who plays, in which teams, and how a game ends.
//! - [`engine`]: the data-driven engine most variants are built from: pieces made of atoms (rider,
//!   leaper, hopper, with move-only / capture-only modes and per-player orientation), rule sets
//!   loaded from RON, positions as bitboards.
//! - [`perft()`], [`divide`], [`perft_parallel`]: move-generation counts; [`Game`]: a game record
//!   with history and repetition.

pub mod engine;
mod error;
mod forward;
mod game;
mod outcome;
mod perft;
mod player;
pub mod record;
pub mod search;
mod variant;

pub use error::{parse_clocks, MoveError, PositionError, RulesError};
pub use game::Game;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, divide_parallel, perft, perft_parallel, verify_counts};
pub use player::{Player, Players};
pub use variant::Variant;
