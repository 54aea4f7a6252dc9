//! Allan Goff's 3D chess (*Discovering the Rules to 3D Chess*, 2022): the planar move machinery,
//! rook, bishop, duke, queen, knight, king, pawn and stack, attack and check, the book's notation.
//!
//! The rules are those of the digests in `shared/rules/goff/` (cited as `01 §3.7` and so on):
//! base pieces move within planes, and a move is blocked when any tile of its advancement square
//! (quadrant move) or of every advancement rectangle (linear move) is occupied. The planes,
//! quadrants, squares and rectangles come from the geometry crate
//! ([`spacechess_geometry::PlanarTables`]); this crate applies the book's legality rules.
//!
//! Castling is in [`castling`]; the rule options of 05 §4 are [`GoffRules`] (RON), carried by every
//! position.

pub mod castling;
pub mod explain;
mod fast;
pub mod fission;
pub mod geometry;
pub mod halflife;
pub mod movegen;
pub mod pawn;
pub mod position;
pub mod power;
pub mod rules;
pub mod tables;
pub mod text;
pub mod tile;
pub mod values;
mod variant;

pub use position::{Castle, Kind, Move, Piece, Position};
pub use rules::GoffRules;
pub use tile::{tile, Tile, LEVELS};
pub use variant::{Goff, DESCRIPTION};
