//! Ride tables on boards of several 64-bit words (Raumschach's 125 cells, Sphinx's 144, Parton's
//! 6x6x6 cubic board), as `W1Pext` has them for one-word boards: per piece of an attack class
//! and cell, the cells the piece's rides reach (up to and including the first man on each ray)
//! for every occupancy of the cells that can block them, indexed by the blocking men gathered
//! word by word with the BMI2 instruction PEXT. A piece is the whole class where its table is
//! small (Raumschach and Sphinx: one look-up per class), else one line of it (a direction and its
//! opposite) or one ray: the 6x6x6 board's rook and bishop classes would take 8 and 16 MB whole,
//! 0.4 MB line by line. Built only when the CPU has BMI2 and the tables stay small.

use super::build::Engine;
use super::fast::{pext, Class};
use spacechess_geometry::{Cell, CellSet};

/// The most bytes the tables of a board may take (8 a word for each entry): beyond, the rides
/// are computed ray by ray, as without BMI2.
const MAX_BYTES: usize = 4 << 20;

/// The most bytes a class's table may take whole; a larger class is cut into lines.
const CLASS_BYTES: usize = 1 << 20;

/// Where the entries of one (piece, cell) lie, and how to index them.
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
    /// `pieces[class]`: the pieces the class is cut into, a range of the slots' rows.
    pieces: Vec<(u16, u16)>,
    /// `slots[piece * cells + cell]`.
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
        // The rays of a piece (its ride directions) from a cell, as cell lists outwards.
        let rays = |dirs: &[u8], cell: usize| -> Vec<&[Cell]> {
            dirs.iter()
                .map(|&d| e.rays.ray(Cell(cell as u32), d as usize))
                .collect()
        };
        // The blocking cells of a piece from a cell, and their number.
        let blockers = |dirs: &[u8], cell: usize| -> (CellSet<W>, u32) {
            let mut set = CellSet::<W>::EMPTY;
            for ray in rays(dirs, cell) {
                if let Some((_, inner)) = ray.split_last() {
                    inner.iter().for_each(|&b| set.insert(b));
                }
            }
            (set, set.len() as u32)
        };
        let entries = |dirs: &[u8]| -> usize {
            (0..cells)
                .map(|cell| 1usize << blockers(dirs, cell).1)
                .sum()
        };
        // Each class whole where its table is small, else line by line.
        let mut piece_dirs: Vec<Vec<u8>> = Vec::new();
        let mut pieces = Vec::with_capacity(classes.len());
        for c in classes {
            let back: Vec<u8> = c.dirs.iter().map(|&d| e.opposite[d as usize]).collect();
            let cut = if entries(&back) * 8 * W <= CLASS_BYTES {
                vec![back]
            } else {
                let mut lines: Vec<Vec<u8>> = Vec::new();
                for &d in &back {
                    let o = e.opposite[d as usize];
                    if !back.contains(&o) {
                        lines.push(vec![d]);
                    } else if d < o {
                        lines.push(vec![d, o]);
                    }
                }
                lines
            };
            let first = piece_dirs.len();
            piece_dirs.extend(cut);
            pieces.push((first as u16, piece_dirs.len() as u16));
        }
        if piece_dirs.len() > usize::from(u8::MAX) {
            return None;
        }
        let mut slots = Vec::with_capacity(piece_dirs.len() * cells);
        let mut size = 0usize;
        for dirs in &piece_dirs {
            for cell in 0..cells {
                let (mask, _) = blockers(dirs, cell);
                let mut shift = [0u8; W];
                let mut below = 0u32;
                for (s, word) in shift.iter_mut().zip(mask.0) {
                    *s = below as u8;
                    below += word.count_ones();
                }
                slots.push(Slot {
                    mask: mask.0,
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
        for (pi, dirs) in piece_dirs.iter().enumerate() {
            for cell in 0..cells {
                let slot = slots[pi * cells + cell];
                let rays = rays(dirs, cell);
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
            pieces,
            slots,
            table,
        })
    }

    /// The pieces the attack classes `classes` are cut into: the rows of [`WidePext::attacks`]
    /// whose rides together are the classes' rides.
    pub(crate) fn pieces_of(&self, classes: &[u8]) -> Vec<u8> {
        classes
            .iter()
            .flat_map(|&c| {
                let (first, end) = self.pieces[c as usize];
                (first..end).map(|p| p as u8)
            })
            .collect()
    }

    /// The pieces class `class` is cut into (rows of [`WidePext::attacks`]).
    #[inline(always)]
    pub(crate) fn class_pieces(&self, class: usize) -> std::ops::Range<usize> {
        let (first, end) = self.pieces[class];
        first as usize..end as usize
    }

    /// The cells piece `p`'s rides reach from `cell` on the occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacks(&self, p: usize, cell: usize, occ: CellSet<W>) -> CellSet<W> {
        let slot = &self.slots[p * self.cells + cell];
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
