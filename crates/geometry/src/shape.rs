//! Boxes of cells and boxes of boxes.

use crate::vector::Vector;
use std::fmt;

/// The most axes a [`Shape`] may have.
pub const MAX_AXES: usize = 8;
/// The largest extent of one axis.
pub const MAX_EXTENT: u8 = 16;
/// The most cells a shape may have for ray and leap tables to be built over it.
pub const TABLE_CELL_LIMIT: u64 = 1 << 16;

/// A cell of a [`Shape`]: a dense index, `0 .. shape.cell_count()`. Axis 0 varies fastest.
/// Serialises as the bare index (`12`).
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Cell(pub u32);

impl Cell {
    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What is wrong with a requested shape or table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// No axes, or more than [`MAX_AXES`].
    AxisCount(usize),
    /// An axis of extent 0 or more than [`MAX_EXTENT`].
    Extent {
        /// The axis.
        axis: usize,
        /// Its requested extent.
        extent: usize,
    },
    /// A table was asked for over a shape with more than [`TABLE_CELL_LIMIT`] cells.
    TooLargeForTables(u64),
    /// A vector of the wrong dimension for this shape.
    Dimension {
        /// The shape's dimension.
        expected: usize,
        /// The vector's dimension.
        found: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::AxisCount(n) => write!(f, "a shape needs 1 to {MAX_AXES} axes, not {n}"),
            ShapeError::Extent { axis, extent } => {
                write!(
                    f,
                    "axis {axis} has extent {extent}; extents run from 1 to {MAX_EXTENT}"
                )
            }
            ShapeError::TooLargeForTables(n) => write!(
                f,
                "a shape of {n} cells is too large for move tables (at most {TABLE_CELL_LIMIT})"
            ),
            ShapeError::Dimension { expected, found } => {
                write!(f, "expected a vector of {expected} components, got {found}")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// An n-dimensional box of cells, optionally split into axis groups (a box of boxes).
///
/// Sphinx Chess is a 3x3 box of 4x4 boxes: four axes in two groups, `Shape::grouped(&[&[3, 3],
/// &[4, 4]])`. An ungrouped shape has every axis in group 0.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    ndim: u8,
    extents: [u8; MAX_AXES],
    group_of: [u8; MAX_AXES],
    groups: u8,
    strides: [u64; MAX_AXES],
    cells: u64,
}

impl Shape {
    /// A plain box with the given extent along each axis.
    pub fn new(extents: &[usize]) -> Result<Shape, ShapeError> {
        Shape::grouped(&[extents])
    }

    /// A box of boxes: `groups[0]` are the outer axes, `groups[1]` the axes inside each box, and so
    /// on. The shape's axes are the groups' axes in order.
    pub fn grouped(groups: &[&[usize]]) -> Result<Shape, ShapeError> {
        let ndim: usize = groups.iter().map(|g| g.len()).sum();
        if ndim == 0 || ndim > MAX_AXES {
            return Err(ShapeError::AxisCount(ndim));
        }
        let mut shape = Shape {
            ndim: ndim as u8,
            extents: [0; MAX_AXES],
            group_of: [0; MAX_AXES],
            groups: 0,
            strides: [0; MAX_AXES],
            cells: 1,
        };
        let mut axis = 0;
        for (gi, group) in groups.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
            for &extent in group.iter() {
                if extent == 0 || extent > MAX_EXTENT as usize {
                    return Err(ShapeError::Extent { axis, extent });
                }
                shape.extents[axis] = extent as u8;
                shape.group_of[axis] = gi as u8;
                shape.strides[axis] = shape.cells;
                shape.cells *= extent as u64;
                axis += 1;
            }
        }
        // Renumber groups densely (empty groups were skipped).
        let mut next = 0u8;
        let mut seen = [u8::MAX; MAX_AXES];
        for a in 0..ndim {
            let g = shape.group_of[a] as usize;
            if seen[g] == u8::MAX {
                seen[g] = next;
                next += 1;
            }
            shape.group_of[a] = seen[g];
        }
        shape.groups = next;
        Ok(shape)
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.ndim as usize
    }

    /// Extent of every axis.
    pub fn extents(&self) -> &[u8] {
        &self.extents[..self.ndim()]
    }

    /// Extent of one axis.
    pub fn extent(&self, axis: usize) -> usize {
        self.extents[axis] as usize
    }

    /// Number of cells.
    pub fn cell_count(&self) -> u64 {
        self.cells
    }

    /// Number of axis groups (1 for a plain box).
    pub fn group_count(&self) -> usize {
        self.groups as usize
    }

    /// The group an axis belongs to.
    pub fn group_of(&self, axis: usize) -> usize {
        self.group_of[axis] as usize
    }

    /// The axes of one group, in order.
    pub fn group_axes(&self, group: usize) -> Vec<usize> {
        (0..self.ndim())
            .filter(|&a| self.group_of(a) == group)
            .collect()
    }

    /// True if the coordinates lie inside the box.
    pub fn contains(&self, coords: &Vector) -> bool {
        coords.ndim() == self.ndim()
            && coords
                .as_slice()
                .iter()
                .zip(self.extents())
                .all(|(&c, &e)| c >= 0 && (c as i32) < e as i32)
    }

    /// The cell at these coordinates, if inside the box.
    pub fn cell(&self, coords: &Vector) -> Option<Cell> {
        if !self.contains(coords) {
            return None;
        }
        let idx: u64 = coords
            .as_slice()
            .iter()
            .zip(&self.strides)
            .map(|(&c, &s)| c as u64 * s)
            .sum();
        Some(Cell(idx as u32))
    }

    /// The coordinates of a cell. Panics if the cell is outside the shape.
    pub fn coords(&self, cell: Cell) -> Vector {
        assert!(
            (cell.0 as u64) < self.cells,
            "cell {} outside a shape of {} cells",
            cell.0,
            self.cells
        );
        let mut rest = cell.0 as u64;
        let mut v = Vector::zero(self.ndim());
        for a in 0..self.ndim() {
            let e = self.extents[a] as u64;
            v.set(a, (rest % e) as i8);
            rest /= e;
        }
        v
    }

    /// The cell reached from `cell` by `offset`, if it is on the board.
    pub fn offset(&self, cell: Cell, offset: &Vector) -> Option<Cell> {
        if offset.ndim() != self.ndim() {
            return None;
        }
        self.cell(&self.coords(cell).add(offset))
    }

    /// Every cell, in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.cells as u32).map(Cell)
    }

    /// The colour of a cell, 0 or 1: the parity of the sum of its coordinates (the corner
    /// `(0, ..., 0)` has colour 0). Neighbours through a face always differ.
    pub fn colour(&self, cell: Cell) -> u8 {
        self.colour_over(cell, &(0..self.ndim()).collect::<Vec<_>>())
    }

    /// The parity of the sum of the coordinates on the given axes only (for example the colour of
    /// a cell within its level).
    pub fn colour_over(&self, cell: Cell, axes: &[usize]) -> u8 {
        let c = self.coords(cell);
        (axes
            .iter()
            .map(|&a| c.get(a) as i32)
            .sum::<i32>()
            .rem_euclid(2)) as u8
    }

    /// All steps (vectors over {-1, 0, 1}) that change exactly `kind` axes, sorted. In 3D: 6 of kind
    /// 1 (orthogonal), 12 of kind 2 (diagonal), 8 of kind 3 (triagonal).
    pub fn steps(&self, kind: usize) -> Vec<Vector> {
        all_steps(self.ndim())
            .into_iter()
            .filter(|s| s.kind() == kind)
            .collect()
    }

    /// All steps of every kind (3^n - 1 of them).
    pub fn all_steps(&self) -> Vec<Vector> {
        all_steps(self.ndim())
    }

    /// True if every axis a step changes belongs to one axis group: the step stays within one small
    /// box, or moves between boxes to the corresponding cell, never both.
    pub fn within_one_group(&self, step: &Vector) -> bool {
        let mut group = None;
        for (a, &c) in step.as_slice().iter().enumerate() {
            if c != 0 {
                match group {
                    None => group = Some(self.group_of(a)),
                    Some(g) if g != self.group_of(a) => return false,
                    _ => {}
                }
            }
        }
        group.is_some()
    }

    /// The steps of a kind that stay within one axis group (see [`Shape::within_one_group`]).
    pub fn steps_within_groups(&self, kind: usize) -> Vec<Vector> {
        self.steps(kind)
            .into_iter()
            .filter(|s| self.within_one_group(s))
            .collect()
    }

    /// Fails unless tables may be built over this shape.
    pub fn check_table_size(&self) -> Result<(), ShapeError> {
        if self.cells > TABLE_CELL_LIMIT {
            Err(ShapeError::TooLargeForTables(self.cells))
        } else {
            Ok(())
        }
    }
}

fn all_steps(ndim: usize) -> Vec<Vector> {
    let total = 3usize.pow(ndim as u32);
    let mut out = Vec::with_capacity(total - 1);
    for mut code in 0..total {
        let mut v = Vector::zero(ndim);
        for a in 0..ndim {
            v.set(a, (code % 3) as i8 - 1);
            code /= 3;
        }
        if v.kind() > 0 {
            out.push(v);
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(c: &[i8]) -> Vector {
        Vector::new(c)
    }

    #[test]
    fn step_counts_3d_and_4d() {
        let s3 = Shape::new(&[5, 5, 5]).unwrap();
        assert_eq!([1, 2, 3].map(|k| s3.steps(k).len()), [6, 12, 8]);
        assert_eq!(s3.all_steps().len(), 26);
        let s4 = Shape::new(&[3, 3, 3, 3]).unwrap();
        assert_eq!([1, 2, 3, 4].map(|k| s4.steps(k).len()), [8, 24, 32, 16]);
        assert_eq!(s4.all_steps().len(), 80);
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert_eq!(Shape::new(&[]), Err(ShapeError::AxisCount(0)));
        assert_eq!(Shape::new(&[2; 9]), Err(ShapeError::AxisCount(9)));
        assert_eq!(
            Shape::new(&[8, 17]),
            Err(ShapeError::Extent {
                axis: 1,
                extent: 17
            })
        );
        assert_eq!(
            Shape::new(&[0]),
            Err(ShapeError::Extent { axis: 0, extent: 0 })
        );
        // The largest shape: 8 axes of 16 is allowed, but too big for tables.
        let big = Shape::new(&[16; 8]).unwrap();
        assert_eq!(big.cell_count(), 1 << 32);
        assert!(big.check_table_size().is_err());
        let last = Cell(u32::MAX);
        assert_eq!(big.coords(last), v(&[15; 8]));
        assert_eq!(big.cell(&v(&[15; 8])), Some(last));
    }

    #[test]
    fn cells_and_coordinates_round_trip() {
        let s = Shape::new(&[5, 4, 3]).unwrap();
        assert_eq!(s.cell_count(), 60);
        for c in s.cells() {
            assert_eq!(s.cell(&s.coords(c)), Some(c));
        }
        assert_eq!(s.cell(&v(&[1, 0, 0])), Some(Cell(1)));
        assert_eq!(s.cell(&v(&[0, 1, 0])), Some(Cell(5)));
        assert_eq!(s.cell(&v(&[0, 0, 1])), Some(Cell(20)));
        assert_eq!(s.cell(&v(&[5, 0, 0])), None);
        assert_eq!(s.cell(&v(&[-1, 0, 0])), None);
        assert_eq!(s.cell(&v(&[0, 0])), None);
    }

    #[test]
    fn offsets_leave_the_board_cleanly() {
        let s = Shape::new(&[8, 8]).unwrap();
        let a1 = s.cell(&v(&[0, 0])).unwrap();
        assert_eq!(s.offset(a1, &v(&[1, 2])), s.cell(&v(&[1, 2])));
        assert_eq!(s.offset(a1, &v(&[-1, 2])), None);
        assert_eq!(s.offset(a1, &v(&[1, 2, 0])), None);
    }

    #[test]
    fn colours_alternate_in_every_dimension() {
        let s = Shape::new(&[5, 5, 5]).unwrap();
        let c = |x, y, z| s.colour(s.cell(&v(&[x, y, z])).unwrap());
        assert_eq!(c(0, 0, 0), 0);
        assert_eq!(c(1, 0, 0), 1);
        assert_eq!(c(0, 0, 1), 1);
        assert_eq!(c(1, 1, 1), 1);
        let light = s.cells().filter(|&x| s.colour(x) == 0).count();
        assert_eq!(light, 63);
        // Colour within a level ignores the level axis.
        let cell = s.cell(&v(&[1, 0, 1])).unwrap();
        assert_eq!(s.colour_over(cell, &[0, 1]), 1);
    }

    #[test]
    fn groups_restrict_steps() {
        // Sphinx: a 3x3 box of 4x4 boxes.
        let s = Shape::grouped(&[&[3, 3], &[4, 4]]).unwrap();
        assert_eq!(s.ndim(), 4);
        assert_eq!(s.group_count(), 2);
        assert_eq!(s.group_axes(1), vec![2, 3]);
        // Orthogonal steps always stay in one group; of the 24 diagonals only 4 + 4 do.
        assert_eq!(s.steps_within_groups(1).len(), 8);
        assert_eq!(s.steps_within_groups(2).len(), 8);
        assert_eq!(s.steps_within_groups(3).len(), 0);
        assert!(s.within_one_group(&v(&[1, -1, 0, 0])));
        assert!(!s.within_one_group(&v(&[1, 0, 1, 0])));
        // Ecila: a 2x2x2 box of 2x2x2 boxes.
        let e = Shape::grouped(&[&[2, 2, 2], &[2, 2, 2]]).unwrap();
        assert_eq!(e.cell_count(), 64);
        assert_eq!(e.steps_within_groups(1).len(), 12);
        assert_eq!(e.steps_within_groups(2).len(), 24);
        assert_eq!(e.steps_within_groups(3).len(), 16);
        // A plain box has one group and every step is within it.
        let p = Shape::new(&[4, 4]).unwrap();
        assert_eq!(p.group_count(), 1);
        assert!(p.within_one_group(&v(&[1, 1])));
    }

    #[test]
    fn errors_read_well() {
        let e = Shape::new(&[8, 17]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "axis 1 has extent 17; extents run from 1 to 16"
        );
    }
}
