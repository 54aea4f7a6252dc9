//! n-dimensional geometry for spacechess.
//!
//! Every board in the workspace is a box of cells in `n` dimensions ([`Shape`]), possibly split into
//! axis groups (a box of boxes). Cells are dense indices ([`Cell`]); [`Vector`] holds coordinates and
//! offsets. Steps are vectors over `{-1, 0, 1}` classified by how many axes they change
//! ([`Shape::steps`]); leaper offsets come from a pattern by permutation and sign
//! ([`leaper_offsets`]). Rays and leaps are precomputed once per shape into flat tables
//! ([`RayTable`], [`LeapTable`]); planes through a cell are [`Plane`]s; sets of cells are
//! fixed-width bitboards ([`CellSet`]).

mod cellset;
mod planar;
mod plane;
mod shape;
mod tables;
mod vector;

pub use cellset::{words_for, CellSet, CellSetIter};
pub use planar::{FamilyPlane, LinePlane, PlanarFamily, PlanarTables, Quadrant, Route};
pub use plane::{planes_through, Plane};
pub use shape::{Cell, Shape, ShapeError, MAX_AXES, MAX_EXTENT, TABLE_CELL_LIMIT};
pub use tables::{LeapTable, RayTable};
pub use vector::{leaper_offsets, Vector};
