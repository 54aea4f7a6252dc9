//! Fixed-width bitboards of cells.

use crate::shape::Cell;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// How many 64-bit words a set over `cells` cells needs (125 cells: 2; 512 cells: 8).
pub const fn words_for(cells: u64) -> usize {
    cells.div_ceil(64) as usize
}

/// A set of cells as a fixed-width bitboard of `W` words: cheap to copy, set operations are a few
/// word operations. Bits past the board's last cell are never set by the operations here except
/// [`Not`], which callers mask with the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    /// The empty set.
    pub const EMPTY: Self = CellSet([0; W]);
    /// How many cells a set of this width can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The set of the first `n` cells (a whole board of `n` cells).
    pub fn first(n: usize) -> Self {
        assert!(n <= Self::CAPACITY, "{n} cells do not fit in {W} words");
        let mut s = Self::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// The set of one cell.
    #[inline]
    pub fn single(cell: Cell) -> Self {
        let mut s = Self::EMPTY;
        s.insert(cell);
        s
    }

    /// Adds a cell.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    /// Whether the set holds a cell.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if there is no cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// True if the two sets share a cell.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The cells of `self` not in `other`.
    #[inline]
    pub fn without(&self, other: &Self) -> Self {
        let mut s = *self;
        for (a, b) in s.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        s
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first_cell(&self) -> Option<Cell> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Cell((i * 64) as u32 + w.trailing_zeros()));
            }
        }
        None
    }

    /// The highest cell, if any.
    #[inline]
    pub fn last_cell(&self) -> Option<Cell> {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return Some(Cell((i * 64) as u32 + 63 - w.leading_zeros()));
            }
        }
        None
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> CellSetIter<W> {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the cells of a [`CellSet`], lowest first.
pub struct CellSetIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for CellSetIter<W> {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Cell((self.word * 64) as u32 + w.trailing_zeros()));
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> IntoIterator for CellSet<W> {
    type Item = Cell;
    type IntoIter = CellSetIter<W>;
    fn into_iter(self) -> CellSetIter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<Cell> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $atr for CellSet<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
        impl<const W: usize> $tr for CellSet<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                self.$af(rhs);
                self
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for CellSet<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(words_for(64), 1);
        assert_eq!(words_for(125), 2);
        assert_eq!(words_for(216), 4);
        assert_eq!(words_for(512), 8);
    }

    #[test]
    fn set_operations() {
        let mut a = CellSet::<2>::EMPTY;
        a.insert(Cell(3));
        a.insert(Cell(100));
        assert!(a.contains(Cell(100)) && !a.contains(Cell(99)));
        assert_eq!(a.len(), 2);
        let b: CellSet<2> = [Cell(3), Cell(64)].into_iter().collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![Cell(3)]);
        assert_eq!((a | b).len(), 3);
        assert_eq!((a ^ b).len(), 2);
        assert_eq!(a.without(&b).iter().collect::<Vec<_>>(), vec![Cell(100)]);
        assert!(a.intersects(&b));
        assert_eq!(b.first_cell(), Some(Cell(3)));
        assert_eq!(b.last_cell(), Some(Cell(64)));
        assert_eq!(CellSet::<2>::EMPTY.last_cell(), None);
        assert_eq!(CellSet::<2>::single(Cell(127)).last_cell(), Some(Cell(127)));
        a.remove(Cell(3));
        assert_eq!(a.first_cell(), Some(Cell(100)));
        assert!(CellSet::<2>::EMPTY.is_empty());
        assert_eq!(CellSet::<2>::EMPTY.first_cell(), None);
        assert_eq!((!CellSet::<1>::EMPTY).len(), 64);
    }

    #[test]
    fn first_n_cells() {
        assert_eq!(CellSet::<2>::first(125).len(), 125);
        assert_eq!(CellSet::<2>::first(128).len(), 128);
        assert_eq!(CellSet::<1>::first(0).len(), 0);
        assert!(CellSet::<2>::first(125).contains(Cell(124)));
        assert!(!CellSet::<2>::first(125).contains(Cell(125)));
        assert_eq!(format!("{:?}", CellSet::<1>::first(2)), "{0, 1}");
    }
}
