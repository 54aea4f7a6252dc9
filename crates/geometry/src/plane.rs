//! Planes through a cell, spanned by two steps.

use crate::shape::{Cell, Shape};
use crate::vector::Vector;

/// A plane through a cell: the cells `origin + i * u + j * v` on the board, for all integers i, j.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plane {
    /// The cell the plane was built through.
    pub origin: Cell,
    /// The first spanning step.
    pub u: Vector,
    /// The second spanning step.
    pub v: Vector,
    /// Every cell of the plane on the board (the origin included), in index order.
    pub cells: Vec<Cell>,
}

impl Plane {
    /// The plane through `origin` spanned by `u` and `v`, or `None` if they are parallel or of the
    /// wrong dimension.
    pub fn new(shape: &Shape, origin: Cell, u: Vector, v: Vector) -> Option<Plane> {
        if u.ndim() != shape.ndim() || v.ndim() != shape.ndim() || parallel(&u, &v) {
            return None;
        }
        let reach = shape.extents().iter().copied().max().unwrap_or(1) as i8;
        let o = shape.coords(origin);
        let mut cells = Vec::new();
        for i in -reach..=reach {
            for j in -reach..=reach {
                if let Some(c) = shape.cell(&o.add(&u.scale(i)).add(&v.scale(j))) {
                    cells.push(c);
                }
            }
        }
        cells.sort();
        cells.dedup();
        Some(Plane {
            origin,
            u,
            v,
            cells,
        })
    }
}

fn parallel(u: &Vector, v: &Vector) -> bool {
    // Two vectors are parallel when every 2x2 minor vanishes.
    let (a, b) = (u.as_slice(), v.as_slice());
    (0..a.len())
        .all(|i| (i + 1..a.len()).all(|j| a[i] as i32 * b[j] as i32 == a[j] as i32 * b[i] as i32))
}

/// Every distinct plane through `cell` spanned by two non-parallel steps of `kind` (planes with
/// the same cells are listed once). In 3D: the 3 coordinate planes for orthogonal steps; for
/// diagonal steps, the 3 one-colour coordinate sub-lattices and the 4 slant planes.
pub fn planes_through(shape: &Shape, cell: Cell, kind: usize) -> Vec<Plane> {
    let steps = shape.steps(kind);
    let mut out: Vec<Plane> = Vec::new();
    for (i, u) in steps.iter().enumerate() {
        for v in &steps[i + 1..] {
            if let Some(p) = Plane::new(shape, cell, *u, *v) {
                if !out.iter().any(|q| q.cells == p.cells) {
                    out.push(p);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthogonal_planes_of_a_cube() {
        let s = Shape::new(&[8, 8, 8]).unwrap();
        let c = s.cell(&Vector::new(&[3, 4, 5])).unwrap();
        let planes = planes_through(&s, c, 1);
        assert_eq!(planes.len(), 3);
        assert!(planes
            .iter()
            .all(|p| p.cells.len() == 64 && p.cells.contains(&c)));
    }

    #[test]
    fn parallel_steps_span_no_plane() {
        let s = Shape::new(&[4, 4]).unwrap();
        assert!(Plane::new(&s, Cell(0), Vector::new(&[1, 1]), Vector::new(&[-1, -1])).is_none());
        assert!(Plane::new(&s, Cell(0), Vector::new(&[1, 0, 0]), Vector::new(&[0, 1])).is_none());
    }

    #[test]
    fn diagonal_plane_in_2d_is_one_colour() {
        // Two diagonal steps span the lattice of one colour in 2D.
        let s = Shape::new(&[8, 8]).unwrap();
        let p = Plane::new(&s, Cell(0), Vector::new(&[1, 1]), Vector::new(&[1, -1])).unwrap();
        assert_eq!(p.cells.len(), 32);
        assert!(p.cells.iter().all(|&c| s.colour(c) == 0));
    }

    #[test]
    fn planes_of_diagonal_steps_in_3d() {
        // Two diagonal steps of one coordinate plane span that plane's one-colour sub-lattice (3 of
        // them); two diagonals of different coordinate planes span a slant plane whose normal is a
        // triagonal (4 of them).
        let s = Shape::new(&[8, 8, 8]).unwrap();
        let c = s.cell(&Vector::new(&[3, 3, 3])).unwrap();
        let diag = planes_through(&s, c, 2);
        assert_eq!(diag.len(), 3 + 4);
        assert_eq!(diag.iter().filter(|p| p.cells.len() == 32).count(), 3);
    }
}
