//! Ride tables of one look-up per attack class on boards of several 64-bit words (Raumschach's
//! 125 cells, Sphinx's 144), as `W1Pext` has them for one-word boards: per attack class and cell, the cells the
//! class's rides reach (up to and including the first man on each ray) for every occupancy of
//! the cells that can block them, indexed by the blocking men gathered word by word with the
//! BMI2 instruction PEXT. Built only when the CPU has BMI2 and the tables stay small (Raumschach
//! 0.7 MB, Sphinx 54 kB; Parton's 6x6x6 cubic board would take 24 MB, and goes ray by ray).

use super::build::Engine;
use super::fast::{pext, Class};
use spacechess_geometry::{Cell, CellSet};

/// The most bytes the tables of a board may take (8 a word for each entry): beyond, the rides
/// are computed ray by ray, as without BMI2.
const MAX_BYTES: usize = 4 << 20;

/// Where the entries of one (class, cell) lie, and how to index them.
#[derive(Clone, Copy, Debug)]
struct Slot<const W: usize> {
    /// The cells that can block, word by word (the rays less their last cells).
    mask: [u64; W],
    /// How far each word's gathered bits are shifted up in the index (the blocking cells of
    /// the words below).
    shift: [u8; W],
    /// The index of the first entry in `WidePext::table`.
    start: u32,
}

/// The tables: see the module's documentation.
#[derive(Debug)]
pub(crate) struct WidePext<const W: usize> {
    /// Cells on the board.
    cells: usize,
    /// `slots[class * cells + cell]`.
    slots: Vec<Slot<W>>,
    /// The reached cells, by the blocking men gathered by PEXT.
    table: Vec<CellSet<W>>,
}

impl<const W: usize> WidePext<W> {
    /// The tables of the attack classes `classes` of an engine (their rides go along the
    /// classes' directions reversed), or None if they would take more than [`MAX_BYTES`].
    /// The caller checks that the CPU has BMI2.
    pub(crate) fn new(e: &Engine<W>, classes: &[Class]) -> Option<WidePext<W>> {
        let cells = e.shape.cell_count() as usize;
        // Each (class, cell)'s rays, as cell lists from the cell outwards.
        let rays = |c: &Class, cell: usize| -> Vec<&[Cell]> {
            c.dirs
                .iter()
                .map(|&d| {
                    e.rays
                        .ray(Cell(cell as u32), e.opposite[d as usize] as usize)
                })
                .collect()
        };
        let mut slots = Vec::with_capacity(classes.len() * cells);
        let mut size = 0usize;
        for c in classes {
            for cell in 0..cells {
                let mut blockers = CellSet::<W>::EMPTY;
                for ray in rays(c, cell) {
                    if let Some((_, inner)) = ray.split_last() {
                        inner.iter().for_each(|&b| blockers.insert(b));
                    }
                }
                let mut shift = [0u8; W];
                let mut below = 0u32;
                for (s, word) in shift.iter_mut().zip(blockers.0) {
                    *s = below as u8;
                    below += word.count_ones();
                }
                slots.push(Slot {
                    mask: blockers.0,
                    shift,
                    start: size as u32,
                });
                size += 1usize << below;
                if size * 8 * W > MAX_BYTES {
                    return None;
                }
            }
        }
        let mut table = vec![CellSet::<W>::EMPTY; size];
        for (ci, c) in classes.iter().enumerate() {
            for cell in 0..cells {
                let slot = slots[ci * cells + cell];
                let rays = rays(c, cell);
                let bits: u32 = slot.mask.iter().map(|w| w.count_ones()).sum();
                for index in 0..1usize << bits {
                    let occ = deposit(index, &slot.mask);
                    let mut reach = CellSet::<W>::EMPTY;
                    for ray in &rays {
                        for &to in ray.iter() {
                            reach.insert(to);
                            if occ.contains(to) {
                                break;
                            }
                        }
                    }
                    table[slot.start as usize + index] = reach;
                }
            }
        }
        Some(WidePext {
            cells,
            slots,
            table,
        })
    }

    /// The cells class `c`'s rides reach from `cell` on the occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacks(&self, c: usize, cell: usize, occ: CellSet<W>) -> CellSet<W> {
        let slot = &self.slots[c * self.cells + cell];
        let mut index = 0usize;
        for w in 0..W {
            index |= (pext(occ.0[w], slot.mask[w]) as usize) << slot.shift[w];
        }
        self.table[slot.start as usize + index]
    }
}

/// The cells of `mask` picked by the bits of `index` in PEXT order (the lowest cells first):
/// the occupancy whose gathered blocking men make `index`.
fn deposit<const W: usize>(index: usize, mask: &[u64; W]) -> CellSet<W> {
    let mut out = [0u64; W];
    let mut bit = 0;
    for (o, &word) in out.iter_mut().zip(mask) {
        let mut m = word;
        while m != 0 {
            let low = m & m.wrapping_neg();
            if index >> bit & 1 != 0 {
                *o |= low;
            }
            bit += 1;
            m &= m - 1;
        }
    }
    CellSet(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deposit_places_the_index_bits_on_the_mask_lowest_first() {
        let mask = [0b1010u64, 0b1];
        assert_eq!(deposit::<2>(0b000, &mask).0, [0, 0]);
        assert_eq!(deposit::<2>(0b001, &mask).0, [0b10, 0]);
        assert_eq!(deposit::<2>(0b010, &mask).0, [0b1000, 0]);
        assert_eq!(deposit::<2>(0b100, &mask).0, [0, 1]);
        assert_eq!(deposit::<2>(0b111, &mask).0, [0b1010, 1]);
    }
}
