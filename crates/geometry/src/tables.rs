//! Ray and leap tables, computed once per shape.

use crate::shape::{Cell, Shape, ShapeError};
use crate::vector::Vector;

/// For every cell and every direction, the cells a rider passes over, nearest first, up to the
/// edge of the board. Stored flat: one allocation for the whole table.
#[derive(Clone, Debug)]
pub struct RayTable {
    directions: Vec<Vector>,
    /// `starts[cell * dirs + d] .. starts[cell * dirs + d + 1]` indexes `cells`.
    starts: Vec<u32>,
    cells: Vec<Cell>,
}

impl RayTable {
    /// Builds the table of rays along `directions` (each applied repeatedly) over `shape`.
    pub fn new(shape: &Shape, directions: &[Vector]) -> Result<RayTable, ShapeError> {
        shape.check_table_size()?;
        for d in directions {
            if d.ndim() != shape.ndim() {
                return Err(ShapeError::Dimension {
                    expected: shape.ndim(),
                    found: d.ndim(),
                });
            }
        }
        let mut starts = Vec::with_capacity(shape.cell_count() as usize * directions.len() + 1);
        let mut cells = Vec::new();
        for cell in shape.cells() {
            let origin = shape.coords(cell);
            for d in directions {
                starts.push(cells.len() as u32);
                let mut p = origin.add(d);
                while let Some(c) = shape.cell(&p) {
                    cells.push(c);
                    p = p.add(d);
                }
            }
        }
        starts.push(cells.len() as u32);
        Ok(RayTable {
            directions: directions.to_vec(),
            starts,
            cells,
        })
    }

    /// The directions, in the order given.
    pub fn directions(&self) -> &[Vector] {
        &self.directions
    }

    /// The cells along direction number `dir` from `cell`, nearest first.
    #[inline]
    pub fn ray(&self, cell: Cell, dir: usize) -> &[Cell] {
        let i = cell.index() * self.directions.len() + dir;
        &self.cells[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// For every cell, the cells reached by each offset (when on the board).
#[derive(Clone, Debug)]
pub struct LeapTable {
    offsets: Vec<Vector>,
    targets: Vec<Option<Cell>>,
    compact_starts: Vec<u32>,
    compact: Vec<Cell>,
}

impl LeapTable {
    /// Builds the table of leaps by `offsets` over `shape`.
    pub fn new(shape: &Shape, offsets: &[Vector]) -> Result<LeapTable, ShapeError> {
        shape.check_table_size()?;
        for o in offsets {
            if o.ndim() != shape.ndim() {
                return Err(ShapeError::Dimension {
                    expected: shape.ndim(),
                    found: o.ndim(),
                });
            }
        }
        let mut targets = Vec::with_capacity(shape.cell_count() as usize * offsets.len());
        let mut compact_starts = Vec::with_capacity(shape.cell_count() as usize + 1);
        let mut compact = Vec::new();
        for cell in shape.cells() {
            compact_starts.push(compact.len() as u32);
            let origin = shape.coords(cell);
            for o in offsets {
                let t = shape.cell(&origin.add(o));
                targets.push(t);
                compact.extend(t);
            }
        }
        compact_starts.push(compact.len() as u32);
        Ok(LeapTable {
            offsets: offsets.to_vec(),
            targets,
            compact_starts,
            compact,
        })
    }

    /// The offsets, in the order given.
    pub fn offsets(&self) -> &[Vector] {
        &self.offsets
    }

    /// The cells reached from `cell`, in offset order, skipping those off the board.
    #[inline]
    pub fn targets(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.compact[self.compact_starts[i] as usize..self.compact_starts[i + 1] as usize]
    }

    /// The cell reached from `cell` by offset number `offset`, if on the board.
    #[inline]
    pub fn target(&self, cell: Cell, offset: usize) -> Option<Cell> {
        self.targets[cell.index() * self.offsets.len() + offset]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vector::leaper_offsets;

    #[test]
    fn corner_triagonal_ray_of_a_5x5x5_box_has_4_cells() {
        let s = Shape::new(&[5, 5, 5]).unwrap();
        let t = RayTable::new(&s, &s.steps(3)).unwrap();
        let d = t
            .directions()
            .iter()
            .position(|d| *d == Vector::new(&[1, 1, 1]))
            .unwrap();
        let ray = t.ray(Cell(0), d);
        assert_eq!(ray.len(), 4);
        assert_eq!(s.coords(ray[3]), Vector::new(&[4, 4, 4]));
        // All eight triagonals from the corner: only one leaves it.
        let total: usize = (0..8).map(|d| t.ray(Cell(0), d).len()).sum();
        assert_eq!(total, 4);
    }

    #[test]
    fn rook_rays_from_centre_of_5x5x5() {
        let s = Shape::new(&[5, 5, 5]).unwrap();
        let t = RayTable::new(&s, &s.steps(1)).unwrap();
        let centre = s.cell(&Vector::new(&[2, 2, 2])).unwrap();
        let total: usize = (0..6).map(|d| t.ray(centre, d).len()).sum();
        assert_eq!(total, 12);
    }

    #[test]
    fn knight_leaps_in_2d() {
        let s = Shape::new(&[8, 8]).unwrap();
        let t = LeapTable::new(&s, &leaper_offsets(&[1, 2], 2)).unwrap();
        assert_eq!(t.targets(Cell(0)).len(), 2); // a1
        let d4 = s.cell(&Vector::new(&[3, 3])).unwrap();
        assert_eq!(t.targets(d4).len(), 8);
        let total: usize = s.cells().map(|c| t.targets(c).len()).sum();
        assert_eq!(total, 336); // the number of knight moves on an empty 8x8 board
        let o = t
            .offsets()
            .iter()
            .position(|o| *o == Vector::new(&[1, 2]))
            .unwrap();
        assert_eq!(t.target(Cell(0), o), s.cell(&Vector::new(&[1, 2])));
        let o = t
            .offsets()
            .iter()
            .position(|o| *o == Vector::new(&[-1, 2]))
            .unwrap();
        assert_eq!(t.target(Cell(0), o), None);
    }

    #[test]
    fn tables_reject_bad_input() {
        let big = Shape::new(&[16, 16, 16, 16, 2]).unwrap();
        assert!(matches!(
            RayTable::new(&big, &[]),
            Err(ShapeError::TooLargeForTables(_))
        ));
        let s = Shape::new(&[4, 4]).unwrap();
        assert!(matches!(
            LeapTable::new(&s, &[Vector::new(&[1, 0, 0])]),
            Err(ShapeError::Dimension {
                expected: 2,
                found: 3
            })
        ));
    }
}
