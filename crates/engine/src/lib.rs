//! The data-driven engine: a rule set (shape, players, pieces made of atoms, setup, promotion,
//! castling, goal) compiled once into tables, and one generic move generator driven by them.
//!
//! Most variants are an [`Engine`] built from a [`RuleSet`] (usually a RON file) plus a
//! [`Notation`] for their own cell and move names.

mod attack;
mod build;
mod eval;
mod eval_imbalance;
mod eval_lines;
mod eval_net;
mod eval_params;
mod eval_scale;
mod fast;
mod info;
mod movegen;
mod notation;
mod position;
mod rules;
mod text;
mod variant_impl;
mod wide_pext;

#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod tests;

pub use build::{Engine, KindInfo};
pub use eval_net::NetSums;
pub use eval_params::{
    royal_offset_count, royal_offset_index, royal_wing, structure_code, EvalParams,
    ImbalanceWeight, KingDanger, MobilityTable, PlacementNet, PlacementTable, Winnable, NET_HIDDEN,
    NET_ONE, NET_OUTPUT_SCALE, STRUCTURES, WINGS,
};
pub use notation::{GenericNotation, Notation};
pub use position::{EnPassant, Move, MoveKind, Piece, Position, MAX_KINDS, MAX_PLAYERS};
pub use rules::{
    Atom, CastleSpec, Goal, Mode, Motion, PieceSpec, PlayerSpec, PromotionSpec, RuleSet,
    StalemateResult, StepSet,
};
pub use text::MoveSpec;
