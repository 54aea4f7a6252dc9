//! Two evaluation terms about the board's lines and cell classes (docs/search.md, *Evaluation*):
//! a kind bound to a class of cells (orthodox: a bishop to its colour) is worth more with men on
//! two classes (the bishop pair), and a man that rides the whole line of a promoting man's cell
//! (orthodox: a rook or queen on its file) is worth more where no own promoting man blocks it.

use super::build::Engine;
use super::eval::empty_board_set;
use spacechess_geometry::CellSet;
use spacechess_variant::Player;

/// The tables of these terms, built once per engine from the rules alone (not the weights).
#[derive(Clone, Debug)]
pub(crate) struct LineTables<const W: usize> {
    /// `classes[player * kinds + kind]`: the cell classes of the kind's men, the sets of board
    /// cells its moves on the empty board connect (moves taken both ways); empty for a kind
    /// whose men can reach every cell, royal and promoting kinds.
    pub(crate) classes: Vec<Vec<CellSet<W>>>,
    /// `line[cell]`: the other cells of the cell's promotion line (same coordinates off the
    /// promotion axes; orthodox: the file). Empty without a promotion rule.
    pub(crate) line: Vec<CellSet<W>>,
    /// `line_riders[player * kinds + kind]`: the cells from which a man of the kind reaches
    /// every cell of its promotion line on the empty board (orthodox: rooks and queens
    /// anywhere); empty for royal and promoting kinds.
    pub(crate) line_riders: Vec<CellSet<W>>,
    /// The board's cells on the lower half of the first axis off the promotion axes (orthodox:
    /// files a to d); empty without a promotion rule or such an axis.
    pub(crate) low_flank: CellSet<W>,
}

/// Builds the [`LineTables`] of an engine.
pub(crate) fn line_tables<const W: usize>(e: &Engine<W>) -> LineTables<W> {
    let cells = e.shape.cell_count() as usize;
    let nk = e.kinds.len();
    let np = e.players.count();
    let board: Vec<_> = e.shape.cells().filter(|&c| e.board.contains(c)).collect();
    let mut line = vec![CellSet::<W>::EMPTY; cells];
    let mut low_flank = CellSet::<W>::EMPTY;
    if let Some(pr) = e.rules.promotion.as_ref() {
        if let Some(axis) = (0..e.shape.ndim()).find(|a| !pr.axes.contains(a)) {
            let half = e.shape.extent(axis) / 2;
            for &c in &board {
                if (e.shape.coords(c).get(axis) as usize) < half {
                    low_flank.insert(c);
                }
            }
        }
        let coords: Vec<_> = e.shape.cells().map(|c| e.shape.coords(c)).collect();
        for &from in &board {
            for &to in board.iter().filter(|&&to| to != from) {
                let same = (0..e.shape.ndim()).all(|axis| {
                    pr.axes.contains(&axis)
                        || coords[from.index()].get(axis) == coords[to.index()].get(axis)
                });
                if same {
                    line[from.index()].insert(to);
                }
            }
        }
    }
    let mut classes = vec![Vec::new(); np * nk];
    let mut line_riders = vec![CellSet::<W>::EMPTY; np * nk];
    for p in 0..np {
        for k in (0..nk).filter(|&k| !e.is_royal(k as u8) && !e.kinds[k].promotes) {
            let reach: Vec<CellSet<W>> = e
                .shape
                .cells()
                .map(|c| {
                    if e.board.contains(c) {
                        empty_board_set(e, Player(p as u8), k as u8, c) & e.board
                    } else {
                        CellSet::EMPTY
                    }
                })
                .collect();
            for &c in &board {
                let l = line[c.index()];
                if !l.is_empty() && (l & reach[c.index()]) == l {
                    line_riders[p * nk + k].insert(c);
                }
            }
            classes[p * nk + k] = cell_classes(&board, &reach);
        }
    }
    LineTables {
        classes,
        line,
        line_riders,
        low_flank,
    }
}

/// The classes of cells that moves (`reach[cell]`, taken both ways) connect, if there are more
/// than one and each holds more than one cell; otherwise none (a kind that reaches every cell, or
/// one that cannot move from some cells: no pair to be had).
fn cell_classes<const W: usize>(
    board: &[spacechess_geometry::Cell],
    reach: &[CellSet<W>],
) -> Vec<CellSet<W>> {
    // Union-find over cell indices.
    let mut parent: Vec<usize> = (0..reach.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for &c in board {
        for t in reach[c.index()] {
            let (a, b) = (root(&mut parent, c.index()), root(&mut parent, t.index()));
            parent[a] = b;
        }
    }
    let mut classes: Vec<(usize, CellSet<W>)> = Vec::new();
    for &c in board {
        let r = root(&mut parent, c.index());
        match classes.iter_mut().find(|(root, _)| *root == r) {
            Some((_, set)) => set.insert(c),
            None => {
                let mut set = CellSet::EMPTY;
                set.insert(c);
                classes.push((r, set));
            }
        }
    }
    if classes.len() < 2 || classes.iter().any(|(_, set)| set.len() < 2) {
        return Vec::new();
    }
    classes.into_iter().map(|(_, set)| set).collect()
}

impl<const W: usize> Engine<W> {
    /// The [`LineTables`], built at first use.
    #[inline]
    pub(crate) fn line_tables(&self) -> &LineTables<W> {
        self.line_tables.get_or_init(|| line_tables(self))
    }
}
