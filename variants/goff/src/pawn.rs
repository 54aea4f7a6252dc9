//! The pawn (rules/goff/03 §3): advances, the 14 capture tiles with their blocking sets, the
//! unshackled pawn of a back plane, promotion tiles.
//!
//! Every pawn move is a step to a tile with one or more *ways*; a way is the set of tiles that must
//! be empty (never the source or the destination). A move is unblocked when some way is clear.
//! Offsets are taken in the mover's frame: Black's `a` and `b` offsets are negated (03 §3.1).

use crate::rules::{GoffRules, PawnCaptures, PawnRule};
use crate::tables::Bits;
use crate::tile::Tile;
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;
use std::sync::OnceLock;

/// One pawn move from a tile: its destination and the sets of tiles, any one of which must be
/// empty (an empty set: unblockable).
#[derive(Clone, Debug)]
pub struct PawnStep {
    /// The destination.
    pub to: Cell,
    /// The alternative blocking sets (the move is open if one of them is empty of men).
    pub ways: Vec<Bits>,
}

impl PawnStep {
    /// True if some way is clear of `occupied`.
    #[inline]
    pub fn open(&self, occupied: &Bits) -> bool {
        self.ways.iter().any(|w| !w.intersects(occupied))
    }
}

/// The pawn tables, per player (0 White, 1 Black) and source tile.
pub struct PawnTables {
    /// Advances (strict moves: the destination must be empty, or uplift).
    pub advance: [Vec<Vec<PawnStep>>; 2],
    /// Captures (the destination must hold an enemy).
    pub capture: [Vec<Vec<PawnStep>>; 2],
    /// Per player and target tile, the tiles from which one of the player's pawns has a capture
    /// step to the target (blocking aside): the reverse of `capture`, for the attack test.
    pub attackers: [Vec<Bits>; 2],
    /// The same steps packed for the move generator.
    pub(crate) packed: Packed,
}

/// The pawn steps packed in flat arrays: a way is a run of `(word, mask)` pairs of the occupancy
/// (clear when every pair misses the men), a step a run of ways.
pub(crate) struct Packed {
    /// Per player, source tile and list (0 advance, 1 capture): the run of its steps.
    runs: Vec<(u32, u32)>,
    /// Per player and source tile: every capture destination (blocking aside).
    pub(crate) cap_to: Vec<Bits>,
    /// Steps: destination and run of ways; a step with one way in one occupancy word has the
    /// run empty and the word and mask in `one`.
    steps: Vec<(Cell, u32, u32)>,
    /// Per step: the occupancy word and mask of a step with one way in one word.
    one: Vec<(usize, u64)>,
    /// Ways: run of pairs.
    ways: Vec<(u32, u32)>,
    /// Pairs: an occupancy word's index and the way's tiles in it.
    pairs: Vec<(usize, u64)>,
}

impl Packed {
    fn new(advance: &[Vec<Vec<PawnStep>>; 2], capture: &[Vec<Vec<PawnStep>>; 2]) -> Packed {
        let mut t = Packed {
            runs: Vec::with_capacity(2048),
            cap_to: Vec::with_capacity(1024),
            steps: Vec::with_capacity(1 << 15),
            one: Vec::with_capacity(1 << 15),
            ways: Vec::with_capacity(1 << 14),
            pairs: Vec::with_capacity(1 << 15),
        };
        for pi in 0..2 {
            for c in 0..512 {
                for list in [&advance[pi][c], &capture[pi][c]] {
                    let start = t.steps.len() as u32;
                    for st in list {
                        if let [w] = st.ways.as_slice() {
                            let mut words = w.0.iter().enumerate().filter(|(_, &m)| m != 0);
                            if let (Some((i, &m)), None) = (words.next(), words.next()) {
                                t.steps.push((st.to, 0, 0));
                                t.one.push((i, m));
                                continue;
                            }
                        }
                        t.one.push((0, u64::MAX));
                        let w0 = t.ways.len() as u32;
                        for w in &st.ways {
                            let p0 = t.pairs.len() as u32;
                            for (i, &m) in w.0.iter().enumerate() {
                                if m != 0 {
                                    t.pairs.push((i, m));
                                }
                            }
                            t.ways.push((p0, t.pairs.len() as u32));
                        }
                        t.steps.push((st.to, w0, t.ways.len() as u32));
                    }
                    t.runs.push((start, t.steps.len() as u32));
                }
                let mut to = CellSet::EMPTY;
                for st in &capture[pi][c] {
                    to.insert(st.to);
                }
                t.cap_to.push(to);
            }
        }
        t
    }

    /// The steps of a pawn of `p` on `from`: advances (`capture` false) or captures, with their
    /// `one` entries.
    #[inline]
    fn steps(
        &self,
        p: Player,
        from: Cell,
        capture: bool,
    ) -> impl Iterator<Item = (&(Cell, u32, u32), &(usize, u64))> {
        let (a, b) = self.runs[(p.index() * 512 + from.index()) * 2 + capture as usize];
        let r = a as usize..b as usize;
        self.steps[r.clone()].iter().zip(&self.one[r])
    }

    /// True if some way of a step is clear of `occ`.
    #[inline]
    fn open(&self, step: &(Cell, u32, u32), one: &(usize, u64), occ: &Bits) -> bool {
        if one.1 != u64::MAX {
            return occ.0[one.0 & 7] & one.1 == 0;
        }
        self.ways[step.1 as usize..step.2 as usize]
            .iter()
            .any(|&(a, b)| {
                self.pairs[a as usize..b as usize]
                    .iter()
                    .all(|&(i, m)| occ.0[i & 7] & m == 0)
            })
    }

    /// The open advances of a pawn of `p` on `from` to the tiles of `to` (for `capture` false;
    /// captures for `capture` true) in the occupancy `occ`, added to `out`.
    #[inline]
    pub(crate) fn moves(
        &self,
        p: Player,
        from: Cell,
        capture: bool,
        to: &Bits,
        occ: &Bits,
        out: &mut Bits,
    ) {
        for (st, one) in self.steps(p, from, capture) {
            if to.contains(st.0) && self.open(st, one, occ) {
                out.insert(st.0);
            }
        }
    }

    /// True if a pawn of `p` on `from` has an open capture step onto `target` in `occ`.
    #[inline]
    pub(crate) fn captures(&self, p: Player, from: Cell, target: Cell, occ: &Bits) -> bool {
        self.steps(p, from, true)
            .any(|(st, one)| st.0 == target && self.open(st, one, occ))
    }
}

static PAWN: [OnceLock<PawnTables>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// The pawn tables of the book's rules (built on first use).
pub fn pawn_tables() -> &'static PawnTables {
    pawn_tables_for(&GoffRules::BOOK)
}

/// The pawn tables under the rule options' pawn rules (05 §4 rows 9-10): shackled or simple
/// pawns, perimeter-1 or restricted captures.
pub fn pawn_tables_for(rules: &GoffRules) -> &'static PawnTables {
    let simple = rules.pawns == PawnRule::Simple;
    let restricted = rules.pawn_captures == PawnCaptures::Restricted;
    PAWN[simple as usize * 2 + restricted as usize].get_or_init(|| build(simple, restricted))
}

/// A tile in the mover's frame: `(z, a, b)` with `a`, `b` counted from the mover's home column.
fn own(p: Player, c: Cell) -> (i8, i8, i8) {
    let t = Tile::of(c);
    if p.0 == 0 {
        (t.z, t.a, t.b)
    } else {
        (t.z, 7 - t.a, 7 - t.b)
    }
}

/// The cell of an own-frame tile, if on the board.
fn cell(p: Player, (z, a, b): (i8, i8, i8)) -> Option<Cell> {
    let t = if p.0 == 0 {
        Tile::new(z, a, b)
    } else {
        Tile::new(z, 7 - a, 7 - b)
    };
    t.on_board().then(|| t.cell())
}

/// True if the tile is one of `p`'s promotion tiles (the opponent's home column, 03 §3.6).
pub fn is_promotion_tile(p: Player, c: Cell) -> bool {
    let (_, a, b) = own(p, c);
    a == 7 && b == 7
}

/// True if a pawn of `p` on `c` stands on one of its back planes (unshackled, 03 §3.3).
pub fn is_unshackled(p: Player, c: Cell) -> bool {
    let (_, a, b) = own(p, c);
    a == 7 || b == 7
}

/// True if `c` is `p`'s pawn start tile (first-move double advance, 03 A14).
pub fn is_start_tile(p: Player, c: Cell) -> bool {
    let (_, a, b) = own(p, c);
    a == 1 && b == 1
}

fn add(s: (i8, i8, i8), d: (i8, i8, i8)) -> (i8, i8, i8) {
    (s.0 + d.0, s.1 + d.1, s.2 + d.2)
}

/// The on-board tiles of own-frame offsets from `s`.
fn set(p: Player, s: (i8, i8, i8), offs: impl IntoIterator<Item = (i8, i8, i8)>) -> Bits {
    offs.into_iter()
        .filter_map(|d| cell(p, add(s, d)))
        .collect()
}

/// The shackled capture table (03 §3.4): White-frame offset and its alternative blocking sets.
#[allow(clippy::type_complexity)]
const CAPTURES: [((i8, i8, i8), &[&[(i8, i8, i8)]]); 14] = [
    // predator (upward / downward apex)
    ((2, 1, 1), &[&[(1, 1, 0), (1, 0, 1)]]),
    ((-2, 1, 1), &[&[(-1, 1, 0), (-1, 0, 1)]]),
    // slings (leftward / rightward apex)
    ((1, 2, 1), &[&[(0, 1, 1), (1, 1, 0)]]),
    ((-1, 1, 2), &[&[(0, 1, 1), (-1, 0, 1)]]),
    ((1, 1, 2), &[&[(0, 1, 1), (1, 0, 1)]]),
    ((-1, 2, 1), &[&[(0, 1, 1), (-1, 1, 0)]]),
    // reduced (one non-virtual square in each of two planes)
    (
        (1, 1, 0),
        &[&[(1, 0, 1), (2, 1, 1)], &[(0, 1, 1), (1, 2, 1)]],
    ),
    (
        (1, 0, 1),
        &[&[(1, 1, 0), (2, 1, 1)], &[(0, 1, 1), (1, 1, 2)]],
    ),
    (
        (-1, 1, 0),
        &[&[(-1, 0, 1), (-2, 1, 1)], &[(0, 1, 1), (-1, 2, 1)]],
    ),
    (
        (-1, 0, 1),
        &[&[(-1, 1, 0), (-2, 1, 1)], &[(0, 1, 1), (-1, 1, 2)]],
    ),
    // bead (true linear in the two outward planes)
    (
        (0, 1, 1),
        &[
            &[(1, 1, 0), (1, 2, 1), (-1, 0, 1), (-1, 1, 2)],
            &[(1, 0, 1), (1, 1, 2), (-1, 1, 0), (-1, 2, 1)],
        ],
    ),
    // dart (major plane apex)
    ((0, 2, 2), &[&[(1, 1, 1), (-1, 1, 1)]]),
    // direct (duke linear, both quadrants virtual: unblockable)
    ((1, 1, 1), &[&[]]),
    ((-1, 1, 1), &[&[]]),
];

fn build(simple: bool, restricted: bool) -> PawnTables {
    let mut t = PawnTables {
        advance: [Vec::new(), Vec::new()],
        capture: [Vec::new(), Vec::new()],
        attackers: [vec![CellSet::EMPTY; 512], vec![CellSet::EMPTY; 512]],
        packed: Packed {
            runs: Vec::new(),
            cap_to: Vec::new(),
            steps: Vec::new(),
            one: Vec::new(),
            ways: Vec::new(),
            pairs: Vec::new(),
        },
    };
    for pi in 0..2u8 {
        let p = Player(pi);
        for i in 0..512u32 {
            let c = Cell(i);
            let (adv, cap) = steps(p, c, simple, restricted);
            for step in &cap {
                t.attackers[pi as usize][step.to.index()].insert(c);
            }
            t.advance[pi as usize].push(adv);
            t.capture[pi as usize].push(cap);
        }
    }
    t.packed = Packed::new(&t.advance, &t.capture);
    t
}

/// The advances and captures of a pawn of `p` on `c` (none from a promotion tile). A simple pawn is
/// never unshackled; a restricted pawn has no capture on its own level (bead, dart, and the
/// unshackled pawn's duplex captures along its back plane).
fn steps(p: Player, c: Cell, simple: bool, restricted: bool) -> (Vec<PawnStep>, Vec<PawnStep>) {
    let s = own(p, c);
    let (mut adv, mut cap) = (Vec::new(), Vec::new());
    if s.1 == 7 && s.2 == 7 {
        return (adv, cap);
    }
    let push = |v: &mut Vec<PawnStep>, d: (i8, i8, i8), ways: Vec<Bits>| {
        if let Some(to) = cell(p, add(s, d)) {
            let ways = ways
                .into_iter()
                .map(|mut w| {
                    w.remove(to);
                    w
                })
                .collect();
            match v.iter_mut().find(|x| x.to == to) {
                Some(x) => x.ways.extend::<Vec<Bits>>(ways),
                None => v.push(PawnStep { to, ways }),
            }
        }
    };
    // The perimeter-1 horizontal advance (in every case; on a back plane only one of the three
    // forward tiles is on the board, 03 §3.2-3.3).
    let fwd1 = set(p, s, [(0, 1, 0), (0, 0, 1), (0, 1, 1)]);
    for d in [(0, 1, 1), (0, 1, 0), (0, 0, 1)] {
        push(&mut adv, d, vec![fwd1]);
    }
    if simple || (s.1 < 7 && s.2 < 7) {
        // Shackled.
        if s.1 == 1 && s.2 == 1 {
            let sq2 = set(
                p,
                s,
                (0..=2)
                    .flat_map(|i| (0..=2).map(move |j| (0, i, j)))
                    .filter(|&d| d != (0, 0, 0)),
            );
            for d in [(0, 2, 2), (0, 2, 1), (0, 1, 2), (0, 2, 0), (0, 0, 2)] {
                push(&mut adv, d, vec![sq2]);
            }
        }
        for (d, ways) in CAPTURES {
            if restricted && d.0 == 0 {
                continue;
            }
            let ways = ways.iter().map(|w| set(p, s, w.iter().copied())).collect();
            push(&mut cap, d, ways);
        }
    } else {
        // Unshackled on the back plane: `fix` is the fixed own-frame axis (1 = a, 2 = b), the
        // other horizontal axis is the free one. `h(k)` is the free-axis offset k.
        let free_a = s.2 == 7; // on b = 7 the free axis is a
        let h = |dz: i8, k: i8| if free_a { (dz, k, 0) } else { (dz, 0, k) };
        // Rook-like advances within the back plane toward promotion (03 §3.3): quadrant moves
        // need their square, the linear move its 3-wide rectangle; pure vertical moves excluded.
        for k in 1..8i8 {
            for dz in -7..=7i8 {
                if cell(p, add(s, h(dz, k))).is_none() {
                    continue;
                }
                let n = k.max(dz.abs());
                // The rectangle (dz = 0) or the square, straight into a set (this loop is most of
                // the tables' building time).
                let (js, is) = if dz == 0 {
                    (-k..=k, 0..=k)
                } else {
                    (0..=n, 0..=n)
                };
                let sg = if dz == 0 { 1 } else { dz.signum() };
                let mut w = CellSet::EMPTY;
                for i in is {
                    for j in js.clone() {
                        let d = h(sg * j, i);
                        if d != (0, 0, 0) {
                            if let Some(c) = cell(p, add(s, d)) {
                                w.insert(c);
                            }
                        }
                    }
                }
                push(&mut adv, h(dz, k), vec![w]);
            }
        }
        // Captures (03 §3.5): the reduced lines continue in the back plane, blocked by men on the
        // line; the duke duplex captures along the free axis are direct (unblockable, 03 A12).
        for sg in [-1i8, 1] {
            for k in 1..8i8 {
                let line = set(p, s, (1..k).map(|j| h(sg * j, j)));
                push(&mut cap, h(sg * k, k), vec![line]);
            }
        }
        for k in (1..4i8).filter(|_| !restricted) {
            push(&mut cap, h(0, 2 * k), vec![CellSet::EMPTY]);
        }
    }
    (adv, cap)
}
