//! Allan Goff's quantum 3D chess (*Discovering the Rules to 3D Chess*, Part V "The Quantum
//! Paradigm"; digest `shared/rules/goff/05-tactics-quantum.md` §3): the game as a weighted
//! ensemble of classical Goff games, built on the classical engine `spacechess-goff`.
//!
//! - [`Ensemble`]: the state, a weighted multiset of classical positions whose men carry ids, so
//!   that the virtual pieces of one piece can be told apart ([`ensemble`]).
//! - [`QMove`]: the move template of 05 §3.8, applied to every reality by the swarm rule and
//!   legal by the any rule, pruning by conflict and by differentiation ([`moves`]); the legal
//!   moves are listed by [`gen`].
//! - [`text`]: the book's notation `piece(anchor) – [proxy]spread,…` read and written, the
//!   ensemble's text and its drawing with the weights of the virtual pieces.
//! - [`QuantumGoff`]: the [`spacechess_variant::Variant`], with the collapse policy (karma by
//!   default, many worlds) and the game's end as rule options ([`QuantumRules`]).
//!
//! docs/goff-quantum.md tells the model and every choice made where the book is silent.

pub mod ensemble;
pub mod gen;
pub mod geom;
pub mod moves;
pub mod rules;
pub mod text;
mod variant;

pub use ensemble::{Ensemble, Game, Slot};
pub use moves::{QMove, Span};
pub use rules::{CollapsePolicy, EndRule, KnightRule, QuantumRules, SpreadRule};
pub use text::NotationError;
pub use variant::{QuantumGoff, DESCRIPTION};
