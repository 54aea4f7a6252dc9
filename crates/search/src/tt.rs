//! The transposition table: one entry per slot, always replaced.

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
#[derive(Clone, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub depth: u32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A fixed-size table indexed by the low bits of the key.
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Clone> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table<M> {
        let n = 1usize << bits;
        Table {
            slots: (0..n).map(|_| None).collect(),
            mask: n - 1,
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores an entry (replacing whatever was in its slot, unless that was the same position
    /// searched deeper).
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(entry);
    }
}
