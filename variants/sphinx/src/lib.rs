//! Parton's boards of boards on the spacechess engine.
//!
//! - [`Sphinx`]: Sphinx Chess, 4D chess on a 3x3 array of 4x4 small boards ([`SphinxChess`]), and
//!   its reduced form on the ordinary board as a 2x2 array of 4x4 quarter boards
//!   ([`ReducedSphinx`]); Compulsion and Losing Sphinx; the king confinement option; perpetual
//!   check as a win.
//! - [`Ecila`]: Ecila Chess, Scacia and Schlagschach, 6D chess on eight Cubes of 8 ([`Ecila8`]) or
//!   27 ([`Ecila27`]) cells, opened by a placement phase.
//!
//! Both boards are boxes of boxes (the geometry crate's axis groups): "a move stays within one
//! small board or goes to the corresponding cell of another board, never both" is a property of
//! the step sets in the RON rule sets (`rules/`), not of special code.

mod draw;
mod ecila;
mod notation;
mod sphinx;

pub use ecila::{
    Ecila, Ecila27, Ecila8, EcilaGame, EcilaKing, EcilaOptions, EcilaPosition, EcilaQueen, Hand,
    DEFAULT_ARMY, ECILA27_RULES, ECILA_RULES,
};
pub use notation::{EcilaNotation, ReducedNotation, SphinxNotation};
pub use sphinx::{
    perpetual_checker, ReducedSphinx, Sphinx, SphinxChess, SphinxGame, SphinxOptions,
    REDUCED_RULES, SPHINX_RULES,
};
