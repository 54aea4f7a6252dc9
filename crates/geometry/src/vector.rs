//! Coordinates and offsets in up to [`MAX_AXES`] dimensions.

use crate::shape::MAX_AXES;
use itertools::Itertools;
use std::fmt;

/// A vector of small integers: a cell's coordinates or an offset between cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vector {
    len: u8,
    comps: [i8; MAX_AXES],
}

impl Vector {
    /// Builds a vector from its components. Panics if there are more than [`MAX_AXES`].
    pub fn new(comps: &[i8]) -> Vector {
        assert!(comps.len() <= MAX_AXES, "at most {MAX_AXES} axes");
        let mut v = Vector {
            len: comps.len() as u8,
            comps: [0; MAX_AXES],
        };
        v.comps[..comps.len()].copy_from_slice(comps);
        v
    }

    /// The zero vector in `ndim` dimensions.
    pub fn zero(ndim: usize) -> Vector {
        Vector::new(&vec![0; ndim])
    }

    /// The components.
    pub fn as_slice(&self) -> &[i8] {
        &self.comps[..self.len as usize]
    }

    /// Number of components (dimensions).
    pub fn ndim(&self) -> usize {
        self.len as usize
    }

    /// Component `axis`.
    pub fn get(&self, axis: usize) -> i8 {
        self.as_slice()[axis]
    }

    /// Sets component `axis`.
    pub fn set(&mut self, axis: usize, value: i8) {
        assert!(axis < self.len as usize);
        self.comps[axis] = value;
    }

    /// How many axes this vector changes: 1 for an orthogonal (face) step, 2 for a diagonal
    /// (edge), 3 for a triagonal (vertex), and so on.
    pub fn kind(&self) -> usize {
        self.as_slice().iter().filter(|&&c| c != 0).count()
    }

    /// True if every component is -1, 0 or 1 and at least one is not 0.
    pub fn is_step(&self) -> bool {
        self.kind() > 0 && self.as_slice().iter().all(|c| c.abs() <= 1)
    }

    /// The opposite vector.
    pub fn neg(&self) -> Vector {
        self.map(|c| -c)
    }

    /// This vector times `k`.
    pub fn scale(&self, k: i8) -> Vector {
        self.map(|c| c * k)
    }

    /// Component-wise sum. Panics if the dimensions differ.
    pub fn add(&self, other: &Vector) -> Vector {
        assert_eq!(self.len, other.len, "vectors of different dimension");
        let mut v = *self;
        for i in 0..self.len as usize {
            v.comps[i] += other.comps[i];
        }
        v
    }

    /// Applies `f` to every component.
    pub fn map(&self, f: impl Fn(i8) -> i8) -> Vector {
        let mut v = *self;
        for c in &mut v.comps[..self.len as usize] {
            *c = f(*c);
        }
        v
    }

    /// The largest absolute component (the Chebyshev length).
    pub fn chebyshev(&self) -> u8 {
        self.as_slice()
            .iter()
            .map(|c| c.unsigned_abs())
            .max()
            .unwrap_or(0)
    }
}

impl fmt::Debug for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({})", self.as_slice().iter().join(","))
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// All offsets obtained from `pattern` (padded with zeros to `ndim` components) by every
/// permutation of the components and every change of sign, without duplicates, sorted.
///
/// `(1, 2)` gives the knight: 8 offsets in 2D, 24 in 3D, 48 in 4D. Returns nothing if the pattern
/// has more components than `ndim` or is all zeros.
pub fn leaper_offsets(pattern: &[u8], ndim: usize) -> Vec<Vector> {
    if pattern.len() > ndim || ndim > MAX_AXES || pattern.iter().all(|&p| p == 0) {
        return Vec::new();
    }
    let mut base: Vec<i8> = pattern.iter().map(|&p| p as i8).collect();
    base.resize(ndim, 0);
    let mut out: Vec<Vector> = Vec::new();
    for perm in base.iter().copied().permutations(ndim).unique() {
        let nonzero: Vec<usize> = (0..ndim).filter(|&i| perm[i] != 0).collect();
        for mask in 0u32..(1 << nonzero.len()) {
            let mut v = perm.clone();
            for (bit, &axis) in nonzero.iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    v[axis] = -v[axis];
                }
            }
            out.push(Vector::new(&v));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_offsets_by_dimension() {
        assert_eq!(leaper_offsets(&[1, 2], 2).len(), 8);
        assert_eq!(leaper_offsets(&[1, 2], 3).len(), 24);
        assert_eq!(leaper_offsets(&[1, 2], 4).len(), 48);
    }

    #[test]
    fn other_patterns() {
        // (1,1) in 2D: the four diagonal steps; (1,1,1) in 3D: eight triagonals.
        assert_eq!(leaper_offsets(&[1, 1], 2).len(), 4);
        assert_eq!(leaper_offsets(&[1, 1, 1], 3).len(), 8);
        // (2,1,1) in 3D: 3 positions for the 2, 8 sign patterns.
        assert_eq!(leaper_offsets(&[2, 1, 1], 3).len(), 24);
        // (1,0) in 3D = orthogonal steps.
        assert_eq!(leaper_offsets(&[1, 0], 3).len(), 6);
        assert!(leaper_offsets(&[1, 2, 3], 2).is_empty());
        assert!(leaper_offsets(&[0], 2).is_empty());
    }

    #[test]
    fn offsets_are_unique_and_all_match_the_pattern() {
        let offs = leaper_offsets(&[2, 1], 3);
        for o in &offs {
            let mut a: Vec<u8> = o.as_slice().iter().map(|c| c.unsigned_abs()).collect();
            a.sort();
            assert_eq!(a, vec![0, 1, 2]);
        }
        let mut d = offs.clone();
        d.dedup();
        assert_eq!(d.len(), offs.len());
    }

    #[test]
    fn vector_arithmetic() {
        let v = Vector::new(&[1, -1, 0]);
        assert_eq!(v.kind(), 2);
        assert!(v.is_step());
        assert_eq!(v.neg(), Vector::new(&[-1, 1, 0]));
        assert_eq!(v.scale(2), Vector::new(&[2, -2, 0]));
        assert_eq!(v.add(&Vector::new(&[0, 0, 3])), Vector::new(&[1, -1, 3]));
        assert_eq!(v.chebyshev(), 1);
        assert!(!Vector::new(&[2, 0]).is_step());
        assert!(!Vector::zero(3).is_step());
        assert_eq!(format!("{v}"), "(1,-1,0)");
    }
}
