//! The transposition table, shared by the threads of a search without locks.
//!
//! A slot is two 64-bit words: the entry packed in `data`, and the position's key XOR `data`.
//! A reader recomputes the key from both words, so an entry torn by two threads writing at once
//! reads as a different key and is ignored (the "lockless hashing" of Hyatt and Mann). Moves are
//! stored as their index in [`spacechess_variant::Variant::legal_moves`]'s order, which makes an
//! entry the same 16 bytes whatever the variant's move type.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The depth searched, in plies.
    pub depth: u8,
    /// The score (mate scores relative to the node).
    pub score: i32,
    /// What the score is.
    pub bound: Bound,
    /// The best move's index in the position's legal move list.
    pub best: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u32)
            | u64::from(self.depth) << 32
            | bound << 40
            | self.best.map_or(NO_MOVE, u64::from) << 42
            | u64::from(generation & 0x3F) << 58
    }

    fn unpack(data: u64) -> Entry {
        let best = (data >> 42) & 0xFFFF;
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (best != NO_MOVE).then_some(best as u16),
        }
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

/// One slot: zero in both words is the empty slot.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table indexed by the low bits of the key.
pub(crate) struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

/// Bytes per slot.
pub(crate) const SLOT_BYTES: usize = 16;

impl Table {
    /// A table of `2^bits` slots, or `None` when that memory cannot be had.
    pub fn try_new(bits: u32) -> Option<Table> {
        let n = 1usize << bits;
        // Zeroed memory from the allocator, which the system hands out as pages of zeros on
        // first use: a table of gigabytes is ready at once instead of after seconds of filling.
        let layout = std::alloc::Layout::array::<Slot>(n).ok()?;
        // SAFETY: the layout has a non-zero size (n >= 1 slots of 16 bytes). Every bit of a
        // slot zero is a valid `Slot` (two zero atomics: the empty slot), so the n slots are
        // initialised; the memory comes from the global allocator with the layout that
        // `Box<[Slot]>` frees with (an array of n slots).
        let slots = unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<Slot>();
            if p.is_null() {
                return None;
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n))
        };
        Some(Table { slots, mask: n - 1 })
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            *s.check.get_mut() = 0;
            *s.data.get_mut() = 0;
        }
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then(|| Entry::unpack(data))
    }

    /// Stores an entry, unless its slot holds the same position searched deeper in this
    /// search (`generation`) with a bound at least as useful.
    pub fn store(&self, key: u64, entry: Entry, generation: u8) {
        let slot = &self.slots[key as usize & self.mask];
        let old = slot.data.load(Ordering::Relaxed);
        if old != 0 && slot.check.load(Ordering::Relaxed) ^ old == key {
            let o = Entry::unpack(old);
            if generation_of(old) == generation & 0x3F
                && o.depth > entry.depth
                && entry.bound != Bound::Exact
            {
                return;
            }
        }
        let data = entry.pack(generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots used in this search (UCI's `hashfull`).
    pub fn hashfull(&self, generation: u8) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == generation & 0x3F
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_their_packing() {
        let t = Table::try_new(4).unwrap();
        let e = Entry {
            depth: 7,
            score: -123_456,
            bound: Bound::Upper,
            best: Some(513),
        };
        t.store(0xABCD_0003, e, 5);
        assert_eq!(t.probe(0xABCD_0003), Some(e));
        // Same slot, other key: not found.
        assert_eq!(t.probe(0xABCE_0003), None);
        let none = Entry { best: None, ..e };
        t.store(0x13, none, 5);
        assert_eq!(t.probe(0x13), Some(none));
    }

    #[test]
    fn a_deeper_bound_of_this_search_is_kept() {
        let t = Table::try_new(4).unwrap();
        let deep = Entry {
            depth: 9,
            score: 10,
            bound: Bound::Lower,
            best: Some(1),
        };
        t.store(0x21, deep, 1);
        t.store(0x21, Entry { depth: 3, ..deep }, 1);
        assert_eq!(t.probe(0x21), Some(deep));
        // A later search replaces it.
        t.store(0x21, Entry { depth: 3, ..deep }, 2);
        assert_eq!(t.probe(0x21).unwrap().depth, 3);
        assert_eq!(t.hashfull(2), 1000 / 16);
    }
}
