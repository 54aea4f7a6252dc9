//! The fast path of the move generator (docs/movegen.md): legality from the royal man's lines
//! instead of playing moves out, attack tests by classes of riders, and counting by population
//! count at perft's last ply.
//!
//! It applies to rule sets without hoppers or bent riders whose ride directions are "simple" (no
//! direction is a positive multiple of another, so the rays from a cell are disjoint); every other
//! rule set keeps the general path of `movegen.rs` (pseudo-legal moves, then play and test).
//!
//! Three ideas, each exact under those conditions:
//! - **Attack classes.** Directions along which the same (player, kind, range) men capture form a
//!   class; a position gives each class one set of men (rooks and queens for orthodox's files and
//!   ranks). A cell is attacked along a class only if the class's men meet the union of its rays
//!   from the cell (one test skips the whole class), and then only along the rays that hold one.
//! - **Check and pins from the royal man.** One pass along the classes that reach the royal man
//!   finds its checkers (and the cells that block each) and the men pinned to it. Any other move is
//!   then legal exactly when it lands on a blocking cell or the checker (in check) and stays on
//!   its pin line (when pinned); in double check only the royal man moves. Only en passant (which
//!   empties a second cell), castling and the royal man's own moves are tested one by one.
//! - **Counting.** At the last ply each atom of each man yields a set of targets (leap table, or
//!   rays up to their first man), masked by the legal cells and popcounted; promotion multiplies
//!   by the number of choices in the zone.

use super::build::{CAtom, Engine};
use super::position::{Move, MoveKind, Piece, Position, MAX_KINDS, MAX_PLAYERS};
use super::rules::Mode;
use super::wide_pext::WidePext;
use spacechess_geometry::{Cell, CellSet};

/// The most attack classes the fast path handles (orthodox has 2, Raumschach 3, Sphinx 4).
pub(crate) const MAX_CLASSES: usize = 8;
/// The most (kind, players) groups of leapers it handles (orthodox has 4, 8x8x8 for four 6).
pub(crate) const MAX_LEAPERS: usize = 8;

/// One attack class: directions, looking out from a cell, along which the same men capture.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Class {
    /// The directions (indices into the engine's ray table).
    pub dirs: Vec<u8>,
    /// Kinds whose men of every player capture back along these directions at any distance.
    pub kinds: u16,
    /// (kind, players mask) of the other men that capture back along them at any distance.
    pub some: Vec<(u8, u8)>,
    /// (player, kind, min, max) of the men that capture back along them within a range only.
    pub ranged: Vec<(u8, u8, u8, u8)>,
}

/// One ray of an attack class from a cell, for attack tests.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClassRay<const W: usize> {
    /// The cells of the ray.
    pub mask: CellSet<W>,
    /// Its direction.
    pub dir: u8,
    /// Cell indices grow along it.
    pub up: bool,
}

/// The men of one kind (and some players) that capture by leaping, with, per cell, the cells
/// from which they capture onto it.
#[derive(Clone, Debug)]
pub(crate) struct Leaper<const W: usize> {
    pub kind: u8,
    pub players: u8,
    pub from: Vec<CellSet<W>>,
    /// The cells these men capture on from each cell.
    pub to: Vec<CellSet<W>>,
    /// The same as shifts of the whole set (one per offset: the shift and the cells it applies
    /// from), when there are few offsets (pawns).
    pub shifts: Vec<(i32, CellSet<W>)>,
}

/// One ride direction as shifts of whole sets (Kogge-Stone fill).
#[derive(Clone, Debug)]
pub(crate) struct Fill<const W: usize> {
    /// One step shifts cell indices up (else down) by `step`.
    pub up: bool,
    pub step: u32,
    /// The cells one step reaches (from some cell of the board).
    pub image: CellSet<W>,
    /// Doubling steps to cover the longest ray: 2^doublings >= its length.
    pub doublings: u8,
}

/// The men of the side to move that ride one direction without limit in one mode, counted
/// together (their targets along one direction never meet: the farther man's ride stops at the
/// nearer one).
#[derive(Clone, Debug)]
pub(crate) struct RideGroup<const W: usize> {
    pub dir: u8,
    pub mode: u8,
    /// Per player, the kinds.
    pub kinds: [u16; MAX_PLAYERS],
    pub fill: Fill<W>,
}

/// A royal man's value in static exchanges: more than every other man together, so that no
/// exchange gives it up.
const ROYAL_SEE_VALUE: i32 = 100_000;

/// Index of an atom's mode into the allowed-cells triple of a position.
const BOTH: u8 = 0;
const MOVE_ONLY: u8 = 1;
const CAPTURE_ONLY: u8 = 2;

pub(crate) fn mode_index(m: Mode) -> u8 {
    match m {
        Mode::Both => BOTH,
        Mode::MoveOnly => MOVE_ONLY,
        Mode::CaptureOnly => CAPTURE_ONLY,
    }
}

/// A compiled atom, for one man at a time.
#[derive(Clone, Debug)]
pub(crate) struct FAtom {
    pub mode: u8,
    pub only_unmoved: bool,
    /// Counted with the ride groups (an unlimited ride of a kind whose directions the groups
    /// hold).
    pub grouped: bool,
    /// A capture-only leap that also captures en passant.
    pub ep: bool,
    pub motion: FMotion,
}

#[derive(Clone, Debug)]
pub(crate) enum FMotion {
    /// A leap table (index into the engine's leap masks).
    Leap(usize),
    /// A ride: directions along which cell indices grow (`up`) and fall (`down`), and the index
    /// of its range masks if its range is limited (or it creates en passant, which the list path
    /// treats as a limited ride).
    Ride {
        up: Vec<u8>,
        down: Vec<u8>,
        range: Option<usize>,
        /// The directions in the rule set's order, the range, and whether it opens en passant
        /// (for listing moves in the general path's order).
        dirs: Vec<u8>,
        min: u8,
        max: u8,
        creates_ep: bool,
        /// The pieces of the ride on a one-word board (empty on larger boards).
        w1: Vec<W1Ray>,
        /// The rows of the PEXT tables whose rides together make this ride exactly, one look-up
        /// each: attack classes of [`W1Pext`], pieces of classes of [`WidePext`]; empty if
        /// none do or there are no such tables.
        w1_classes: Vec<u8>,
    },
}

/// A compiled atom, for every man of a kind at once: each step a shift of the whole set.
#[derive(Clone, Debug)]
pub(crate) struct SetAtom<const W: usize> {
    pub mode: u8,
    pub only_unmoved: bool,
    pub min: u8,
    pub max: u8,
    /// Per offset (or ride direction): the shift of cell indices, and the cells it leaves on
    /// the board from.
    pub steps: Vec<(i32, CellSet<W>)>,
}

/// How the fast path moves the men of one (player, kind).
#[derive(Clone, Debug)]
pub(crate) struct Plan<const W: usize> {
    pub atoms: Vec<FAtom>,
    /// The same atoms as shifts of the whole set, if every one is a leap or a short ride.
    pub set: Vec<SetAtom<W>>,
    /// The fewest men for which `set` costs no more than one by one: its number of shifts over
    /// the number of atoms, rounded up.
    pub set_min: usize,
    /// Promotes, with choices.
    pub promotes: bool,
    /// The leap tables of its en passant captures.
    pub ep: Vec<usize>,
    /// Every atom a plain leap (no promotion, no unmoved-only atom): the royal man's moves can be
    /// tested cell by cell without listing them.
    pub plain_leaps: bool,
    /// Every atom counted with the ride groups.
    pub all_grouped: bool,
    /// Boards with PEXT tables (one word, or more where they stay small): the kind's one atom is
    /// an unlimited ride made of these table rows' rides (`FMotion::Ride::w1_classes`), in this
    /// mode (no promotion, no unmoved-only atom), so a man is counted by a look-up per row and
    /// one population count.
    pub w1_rider: Option<(u8, Vec<u8>)>,
    /// `reach[cell]`: every cell an atom of the kind reaches from the cell on the empty board
    /// (a superset of its targets in any position): a man whose reach holds no cell the
    /// captures-only list keeps has no move there.
    pub reach: Vec<CellSet<W>>,
}

/// The tables of the fast path, built once with the engine.
pub(crate) struct Fast<const W: usize> {
    pub classes: Vec<Class>,
    /// Per class: whether the PEXT tables (`w1_pext`, `wide_pext`) give its rays from a cell,
    /// up to and including the first man on each (they hold the rides of the class's men, along
    /// its directions reversed: the same where the directions come in opposite pairs), and
    /// whether its men capture at any distance (no `ranged` men).
    pub class_pext: Vec<bool>,
    /// `reach[class * cells + cell]`: every cell on the class's rays from the cell.
    pub reach: Vec<CellSet<W>>,
    /// The rays of the classes that hold a cell, together: those of a class from a cell are
    /// `class_rays[span.0..span.1]`, `span` being `ray_spans[class * cells + cell]`.
    pub class_rays: Vec<ClassRay<W>>,
    pub ray_spans: Vec<(u32, u32)>,
    pub leapers: Vec<Leaper<W>>,
    /// `plans[player * kinds + kind]`.
    pub plans: Vec<Plan<W>>,
    /// `ranges[i][cell]`: the cells of the rays of ranged atom `i` from the cell within its range.
    pub ranges: Vec<Vec<CellSet<W>>>,
    /// Every player, as a mask.
    pub all_players: u8,
    /// Per player, its enemies as a mask.
    pub enemy_players: Vec<u8>,
    /// Per player, the groups of leapers with enemies of it, and whether the group holds every
    /// enemy player (then its men are the kind's men among the enemies').
    pub side_leapers: Vec<Vec<(u8, bool)>>,
    /// Every group of leapers, and whether it holds every player.
    pub all_leapers: Vec<(u8, bool)>,
    /// Per player, its castlings: (index, king and rook cells, cells that must be empty besides).
    pub castles: Vec<Vec<(usize, CellSet<W>, CellSet<W>)>>,
    /// Per castling: no line to the king's destination passes the rook's cell and goes on (so
    /// the rook leaving it opens no line onto the king).
    pub castle_closed: Vec<bool>,
    /// Per castling, the cells that must not be attacked, as a set.
    pub castle_safe: Vec<CellSet<W>>,
    /// The ride groups.
    pub groups: Vec<RideGroup<W>>,
    /// Few groups on a small board: counting them costs less than man by man, given men enough.
    pub groups_cheap: bool,
    /// Per player, the kinds of its men in any ride group.
    pub group_kinds: [u16; MAX_PLAYERS],
    /// Per attack class, the fills of its riders' directions (None if some has no fill, or the
    /// class has limited rides): a map of every attacked cell.
    pub class_fills: Option<Vec<Vec<Fill<W>>>>,
    /// The map costs less than testing a few cells one by one (few directions, small board).
    pub map_cheap: bool,
    /// One-word boards: `w1_lines[cell * dirs + d]`, for each direction `d` along which cell
    /// indices grow, the cells of its line through the cell below the cell, above it, and both
    /// (empty on larger boards).
    pub w1_lines: Vec<[u64; 3]>,
    /// One-word boards on a CPU with BMI2: the attack tables of one look-up per man.
    pub w1_pext: Option<W1Pext>,
    /// Boards of several words on a CPU with BMI2, where the tables stay small (Raumschach,
    /// Sphinx): the same, gathered word by word.
    pub wide_pext: Option<WidePext<W>>,
}

/// What the royal man of the side to move faces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KingInfo<const W: usize> {
    /// The cells another man's move must land on: those that answer every check (capture the
    /// checker or block its line). The whole board out of check; in single check the checker and
    /// the cells between; in double check none, unless one man gives both checks (a leap and a
    /// ride): then its cell.
    pub check_mask: CellSet<W>,
    /// Men pinned to the royal man.
    pub pinned: CellSet<W>,
}

/// A position's attacking men by attack class, and the groups of leapers that may attack, for
/// attack tests.
#[derive(Clone, Copy)]
pub(crate) struct AttackCtx<'a, const W: usize> {
    pub occ: CellSet<W>,
    pub attackers: CellSet<W>,
    pub sliders: [CellSet<W>; MAX_CLASSES],
    /// (group, whether the group holds every player the attackers may belong to).
    pub leapers: &'a [(u8, bool)],
}

/// `s` with every cell index raised by `n` (< 64 W; cells past the end are lost).
#[inline(always)]
#[allow(clippy::needless_range_loop)]
fn shl<const W: usize>(s: CellSet<W>, n: u32) -> CellSet<W> {
    let mut out = [0u64; W];
    if W == 1 {
        out[0] = s.0[0] << n;
        return CellSet(out);
    }
    let q = (n / 64) as usize;
    let r = n % 64;
    for i in q..W {
        let mut w = s.0[i - q] << r;
        if r != 0 && i > q {
            w |= s.0[i - q - 1] >> (64 - r);
        }
        out[i] = w;
    }
    CellSet(out)
}

/// `s` with every cell index lowered by `n` (< 64 W; cells past the start are lost).
#[inline(always)]
#[allow(clippy::needless_range_loop)]
fn shr<const W: usize>(s: CellSet<W>, n: u32) -> CellSet<W> {
    let mut out = [0u64; W];
    if W == 1 {
        out[0] = s.0[0] >> n;
        return CellSet(out);
    }
    let q = (n / 64) as usize;
    let r = n % 64;
    for i in 0..W - q {
        let mut w = s.0[i + q] >> r;
        if r != 0 && i + q + 1 < W {
            w |= s.0[i + q + 1] << (64 - r);
        }
        out[i] = w;
    }
    CellSet(out)
}

/// Every cell reached from the men `gen` along fill `fl` up to and including the first man
/// (`empty`: the cells a ride passes): a Kogge-Stone fill, `UP` being `fl.up`.
#[inline(always)]
fn fill_dir<const UP: bool, const W: usize>(
    gen: CellSet<W>,
    empty: CellSet<W>,
    fl: &Fill<W>,
) -> CellSet<W> {
    let sh = |x: CellSet<W>, n: u32| if UP { shl(x, n) } else { shr(x, n) };
    let mut gen = gen;
    let mut pro = empty & fl.image;
    let s = fl.step;
    // Unrolled for the rays of up to 8 cells (2D boards of 8 and 3D boards); a loop past that.
    match fl.doublings {
        0 => {}
        1 => gen |= pro & sh(gen, s),
        2 => {
            gen |= pro & sh(gen, s);
            pro &= sh(pro, s);
            gen |= pro & sh(gen, 2 * s);
        }
        3 => {
            gen |= pro & sh(gen, s);
            pro &= sh(pro, s);
            gen |= pro & sh(gen, 2 * s);
            pro &= sh(pro, 2 * s);
            gen |= pro & sh(gen, 4 * s);
        }
        d => {
            let mut s = s;
            for _ in 1..d {
                gen |= pro & sh(gen, s);
                pro &= sh(pro, s);
                s <<= 1;
            }
            gen |= pro & sh(gen, s);
        }
    }
    sh(gen, fl.step) & fl.image
}

/// [`fill_dir`] in either direction.
#[inline(always)]
fn fill<const W: usize>(gen: CellSet<W>, empty: CellSet<W>, fl: &Fill<W>) -> CellSet<W> {
    if fl.up {
        fill_dir::<true, W>(gen, empty, fl)
    } else {
        fill_dir::<false, W>(gen, empty, fl)
    }
}

/// The first cell of `s` along a ray whose cell indices grow (`up`) or fall.
#[inline(always)]
fn first_on<const W: usize>(up: bool, s: CellSet<W>) -> Option<Cell> {
    if up {
        s.first_cell()
    } else {
        s.last_cell()
    }
}

/// True if `s` holds two cells or more.
#[inline]
fn several<const W: usize>(s: CellSet<W>) -> bool {
    let mut seen = false;
    for &w in &s.0 {
        if w != 0 {
            if seen || w & (w - 1) != 0 {
                return true;
            }
            seen = true;
        }
    }
    false
}

/// What the fast path knows of a castling move.
enum CastleState {
    /// Not available (rights, path, or an attacked cell), or it would leave the royal man attacked.
    No,
    /// Legal.
    Legal,
    /// Available; the king or rook lands on a man: play it out to tell.
    Play,
}

/// `s` with every cell index moved by `delta` (cells moved past either end are lost).
#[inline(always)]
fn shift<const W: usize>(s: CellSet<W>, delta: i32) -> CellSet<W> {
    if delta >= 0 {
        shl(s, delta as u32)
    } else {
        shr(s, delta.unsigned_abs())
    }
}

/// The cells of `mask` (a ray along which cell indices grow) up to and including its first cell
/// in `occ`; all of it if none.
#[inline]
#[allow(clippy::needless_range_loop)]
pub(crate) fn up_to_first<const W: usize>(mask: CellSet<W>, occ: CellSet<W>) -> CellSet<W> {
    let b = mask & occ;
    let mut out = [0u64; W];
    for i in 0..W {
        let w = b.0[i];
        // Below the lowest man: every bit; the lowest man's word: up to it; above: none.
        out[i] = w ^ w.wrapping_sub(1);
        if w != 0 {
            break;
        }
    }
    CellSet(out) & mask
}

/// The cells of `mask` (a ray along which cell indices fall) down to and including its last cell
/// in `occ`; all of it if none.
#[inline]
pub(crate) fn down_to_last<const W: usize>(mask: CellSet<W>, occ: CellSet<W>) -> CellSet<W> {
    let b = mask & occ;
    let mut out = [0u64; W];
    for i in (0..W).rev() {
        let w = b.0[i];
        if w == 0 {
            out[i] = u64::MAX;
        } else {
            out[i] = !((1u64 << (63 - w.leading_zeros())) - 1);
            break;
        }
    }
    CellSet(out) & mask
}

/// The moves to the cells of `m`, one per cell, or one per promotion choice in the zone.
#[inline(always)]
fn moves_to<const W: usize>(
    m: CellSet<W>,
    promotes: bool,
    zone: CellSet<W>,
    choices: usize,
) -> usize {
    if promotes && m.intersects(&zone) {
        m.len() + (m & zone).len() * (choices - 1)
    } else {
        m.len()
    }
}

/// One piece of a ride on a one-word board (at most 64 cells), computed without a loop over
/// cells: a whole line (a direction with cell indices growing and its opposite), or one ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum W1Ray {
    /// Both rays of the line of this (ascending) direction: `Fast::w1_lines`.
    Line(u8),
    /// The ray of this direction, cell indices growing.
    Up(u8),
    /// The ray of this direction, cell indices falling.
    Down(u8),
}

/// The cells of a line from a cell up to and including the first man each way: the
/// "obstruction difference" (the lowest man above less the highest man below), `l` being the
/// cells below, the cells above and both (one-word boards).
#[inline(always)]
fn w1_line(l: &[u64; 3], occ: u64) -> u64 {
    let lower = l[0] & occ;
    let upper = l[1] & occ;
    // The highest man below (bit 0 if none: the same cells up to the line's end).
    let ms1b = 1u64 << (63 - (lower | 1).leading_zeros());
    l[2] & (upper ^ upper.wrapping_sub(ms1b))
}

/// The cells of the ray `m` (cell indices growing) up to and including its first man.
#[inline(always)]
fn w1_up(m: u64, occ: u64) -> u64 {
    let b = m & occ;
    (b ^ b.wrapping_sub(1)) & m
}

/// The cells of the ray `m` (cell indices falling) down to and including its first man.
#[inline(always)]
fn w1_down(m: u64, occ: u64) -> u64 {
    let b = m & occ;
    m & (1u64 << (63 - (b | 1).leading_zeros())).wrapping_neg()
}

/// The one-word pieces of a ride along `dirs`: a line where a direction and its opposite are
/// both in it, else single rays.
pub(crate) fn w1_rays(dirs: &[u8], opposite: &[u8], ascending: &[bool]) -> Vec<W1Ray> {
    let mut out = Vec::new();
    for &d in dirs {
        let o = opposite[d as usize];
        let both = dirs.contains(&o);
        if ascending[d as usize] {
            out.push(if both { W1Ray::Line(d) } else { W1Ray::Up(d) });
        } else if !both {
            out.push(W1Ray::Down(d));
        }
    }
    out
}

/// Attack tables of one look-up per man on one-word boards, indexed by the BMI2 instruction
/// PEXT (run-time detection; only made when the CPU has it): per attack class and cell, the
/// class's rides from the cell (its directions reversed) for every occupancy of the cells that
/// can block them.
pub(crate) struct W1Pext {
    /// Cells on the board.
    pub cells: usize,
    /// `index[class * cells + cell]`: the cells that can block (the rays less their last
    /// cells), and where the entries of (class, cell) start in `table`.
    pub index: Vec<(u64, u32)>,
    /// The targets, by the blocking men gathered by PEXT.
    pub table: Vec<u64>,
}

/// A piece of a ride from one cell on a one-word board, by its cells.
#[derive(Clone, Copy, Debug)]
enum W1Piece {
    /// A line: the cells below the cell, above it, and both.
    Line([u64; 3]),
    /// A ray whose cell indices grow.
    Up(u64),
    /// A ray whose cell indices fall.
    Down(u64),
}

impl W1Pext {
    /// The targets of class `c`'s rides from `cell` on the occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacks(&self, c: usize, cell: usize, occ: u64) -> u64 {
        let (mask, start) = self.index[c * self.cells + cell];
        self.table[start as usize + pext(occ, mask) as usize]
    }

    /// Appends the entries of one (class, cell) with blocking cells `mask` and ride pieces
    /// `pieces` to `table`, in PEXT order. Each piece gets a small table over the subsets of
    /// its own blocking cells (the carry-rippler walks them in increasing order, as PEXT packs
    /// them); the pieces' cells are disjoint, so the entry of a union of subsets is the union
    /// of their entries, at the union of their PEXT indices.
    fn build(mask: u64, pieces: &[W1Piece], out: &mut [u64]) {
        // (PEXT index within `mask`, targets) of every subset of the pieces so far.
        let mut acc: Vec<(u32, u64)> = vec![(0, 0)];
        for (i, p) in pieces.iter().enumerate() {
            let (cells, f): (u64, &dyn Fn(u64) -> u64) = match p {
                W1Piece::Line(l) => (l[2], &|o| w1_line(l, o)),
                W1Piece::Up(m) => (*m, &|o| w1_up(*m, o)),
                W1Piece::Down(m) => (*m, &|o| w1_down(*m, o)),
            };
            let pm = cells & mask;
            let mut part = Vec::with_capacity(1 << pm.count_ones());
            let mut sub = 0u64;
            loop {
                part.push((pext(sub, mask) as u32, f(sub)));
                sub = sub.wrapping_sub(pm) & pm;
                if sub == 0 {
                    break;
                }
            }
            if i + 1 == pieces.len() {
                for &(ai, at) in &acc {
                    for &(pi, pt) in &part {
                        out[(ai | pi) as usize] = at | pt;
                    }
                }
                return;
            }
            acc = acc
                .iter()
                .flat_map(|&(ai, at)| part.iter().map(move |&(pi, pt)| (ai | pi, at | pt)))
                .collect();
        }
    }
}

/// The bits of `x` selected by `mask`, packed to the low end (BMI2 PEXT). Only called when the
/// CPU has BMI2 (`W1Pext` and `WidePext` are built only then).
#[inline(always)]
pub(crate) fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let r: u64;
        // SAFETY: PEXT reads and writes registers only; the CPU has BMI2 (see above).
        unsafe {
            std::arch::asm!(
                "pext {r}, {x}, {m}",
                r = lateout(reg) r,
                x = in(reg) x,
                m = in(reg) mask,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        r
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // Portable (never used: the tables are built on x86-64 with BMI2 only).
        let (mut r, mut m, mut bit) = (0u64, mask, 0);
        while m != 0 {
            if x & m & m.wrapping_neg() != 0 {
                r |= 1 << bit;
            }
            bit += 1;
            m &= m - 1;
        }
        r
    }
}

/// True if the CPU has the BMI2 instructions (PEXT).
pub(crate) fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// A one-word set as a cell set (`W` = 1).
#[inline(always)]
fn w1_set<const W: usize>(x: u64) -> CellSet<W> {
    let mut a = [0u64; W];
    a[0] = x;
    CellSet(a)
}

impl<const W: usize> Fast<W> {
    /// The fast tables of an engine, or None if its rule set needs the general path.
    pub(crate) fn new(e: &Engine<W>) -> Option<Fast<W>> {
        if e.has_hoppers || e.bents.iter().flatten().any(|b| !b.is_empty()) {
            return None;
        }
        // Simple directions: no two parallel with the same sign.
        let dirs = e.rays.directions();
        for (i, a) in dirs.iter().enumerate() {
            for b in &dirs[i + 1..] {
                let (a, b) = (a.as_slice(), b.as_slice());
                let parallel = (0..a.len()).all(|x| {
                    (0..a.len()).all(|y| a[x] as i32 * b[y] as i32 == a[y] as i32 * b[x] as i32)
                });
                let dot: i32 = a.iter().zip(b).map(|(&x, &y)| x as i32 * y as i32).sum();
                if parallel && dot > 0 {
                    return None;
                }
            }
        }
        let np = e.players.count();
        let nk = e.kinds.len();
        let nd = e.opposite.len();
        let cells = e.shape.cell_count() as usize;
        let all_players = ((1u32 << np) - 1) as u8;
        let enemy_players: Vec<u8> = e
            .players
            .all()
            .map(|p| {
                e.players
                    .all()
                    .filter(|&q| !e.players.allied(p, q))
                    .fold(0u8, |m, q| m | 1 << q.0)
            })
            .collect();

        // Attack classes.
        let mut classes: Vec<Class> = Vec::new();
        for d in 0..nd {
            let back = e.opposite[d] as usize;
            let mut class = Class {
                dirs: vec![d as u8],
                kinds: 0,
                some: Vec::new(),
                ranged: Vec::new(),
            };
            for k in 0..nk {
                let mut mask = 0u8;
                for p in 0..np {
                    let (min, max) = e.ride_range[(p * MAX_KINDS + k) * nd + back];
                    if max == 0 {
                        continue;
                    }
                    if min <= 1 && max == u8::MAX {
                        mask |= 1 << p;
                    } else {
                        class.ranged.push((p as u8, k as u8, min, max));
                    }
                }
                if mask == all_players {
                    class.kinds |= 1 << k;
                } else if mask != 0 {
                    class.some.push((k as u8, mask));
                }
            }
            if class.kinds == 0 && class.some.is_empty() && class.ranged.is_empty() {
                continue;
            }
            match classes.iter_mut().find(|c| {
                c.kinds == class.kinds && c.some == class.some && c.ranged == class.ranged
            }) {
                Some(c) => c.dirs.push(d as u8),
                None => classes.push(class),
            }
        }
        if classes.len() > MAX_CLASSES {
            return None;
        }
        let mut reach = vec![CellSet::EMPTY; classes.len() * cells];
        for (ci, c) in classes.iter().enumerate() {
            for cell in 0..cells {
                let mut s = CellSet::EMPTY;
                for &d in &c.dirs {
                    s |= e.ray_masks[cell * nd + d as usize];
                }
                reach[ci * cells + cell] = s;
            }
        }

        let mut class_rays = Vec::new();
        let mut ray_spans = Vec::with_capacity(classes.len() * cells);
        for c in &classes {
            for cell in 0..cells {
                let start = class_rays.len() as u32;
                for &d in &c.dirs {
                    let mask = e.ray_masks[cell * nd + d as usize];
                    if !mask.is_empty() {
                        class_rays.push(ClassRay {
                            mask,
                            dir: d,
                            up: e.ascending[d as usize],
                        });
                    }
                }
                ray_spans.push((start, class_rays.len() as u32));
            }
        }

        // Leapers: the engine's (player, kind) entries, merged across players with the same table.
        let mut leapers: Vec<Leaper<W>> = Vec::new();
        for (p, k, from) in &e.leap_from {
            match leapers.iter_mut().find(|l| l.kind == *k && l.from == *from) {
                Some(l) => l.players |= 1 << p.0,
                None => leapers.push(Leaper {
                    kind: *k,
                    players: 1 << p.0,
                    from: from.clone(),
                    to: Vec::new(),
                    shifts: Vec::new(),
                }),
            }
        }
        if leapers.len() > MAX_LEAPERS {
            return None;
        }
        for l in &mut leapers {
            let mut to = vec![CellSet::EMPTY; cells];
            // At most 4 shifts are kept (pawns); past that the men leap one by one.
            let mut by_delta: Vec<(i32, CellSet<W>)> = Vec::new();
            for (t, from) in l.from.iter().enumerate() {
                for c in *from {
                    to[c.index()].insert(Cell(t as u32));
                    if by_delta.len() > 4 {
                        continue;
                    }
                    let delta = t as i32 - c.0 as i32;
                    match by_delta.iter_mut().find(|(d, _)| *d == delta) {
                        Some((_, valid)) => valid.insert(c),
                        None => by_delta.push((delta, CellSet::single(c))),
                    }
                }
            }
            l.to = to;
            if by_delta.len() <= 4 {
                l.shifts = by_delta;
            }
        }

        // Fills: one per direction whose step is one shift of cell indices.
        let fills: Vec<Option<Fill<W>>> = (0..nd)
            .map(|d| {
                let mut delta = None;
                let mut image = CellSet::EMPTY;
                let mut longest = 0;
                for c in 0..cells {
                    let ray = e.rays.ray(Cell(c as u32), d);
                    longest = longest.max(ray.len());
                    if let Some(&t) = ray.first() {
                        let dl = t.0 as i32 - c as i32;
                        if *delta.get_or_insert(dl) != dl {
                            return None;
                        }
                        image.insert(t);
                    }
                }
                let mut doublings = 0;
                while (1usize << doublings) < longest {
                    doublings += 1;
                }
                let delta: i32 = delta?;
                Some(Fill {
                    up: delta > 0,
                    step: delta.unsigned_abs(),
                    image,
                    doublings,
                })
            })
            .collect();
        let class_fills: Option<Vec<Vec<Fill<W>>>> = classes
            .iter()
            .map(|c| {
                if !c.ranged.is_empty() {
                    return None;
                }
                c.dirs
                    .iter()
                    .map(|&d| fills[e.opposite[d as usize] as usize].clone())
                    .collect()
            })
            .collect();
        let map_dirs: usize = classes.iter().map(|c| c.dirs.len()).sum();
        let map_cheap = class_fills.is_some() && map_dirs * W <= 16;

        // The shift of a step, if the same from every cell it leaves on the board from.
        let step = |target: &dyn Fn(Cell) -> Option<Cell>| -> Option<(i32, CellSet<W>)> {
            let mut delta = None;
            let mut valid = CellSet::EMPTY;
            for c in 0..cells as u32 {
                if let Some(t) = target(Cell(c)) {
                    let dl = t.0 as i32 - c as i32;
                    if *delta.get_or_insert(dl) != dl {
                        return None;
                    }
                    valid.insert(Cell(c));
                }
            }
            Some((delta.unwrap_or(0), valid))
        };

        // Plans.
        let mut plans = Vec::with_capacity(np * nk);
        let mut ranges: Vec<Vec<CellSet<W>>> = Vec::new();
        for p in 0..np {
            for k in 0..nk {
                let mut atoms = Vec::new();
                let mut set = Vec::new();
                let mut set_cost = 0;
                let mut set_ok = true;
                let mut ep = Vec::new();
                let mut plain_leaps = !e.kinds[k].promotes;
                for a in &e.atoms[p][k] {
                    match a {
                        CAtom::Leap {
                            table,
                            mode,
                            only_unmoved,
                            en_passant,
                        } => {
                            let captures_ep = *en_passant && *mode == Mode::CaptureOnly;
                            if captures_ep {
                                ep.push(*table);
                            }
                            plain_leaps &= !*only_unmoved && !captures_ep;
                            atoms.push(FAtom {
                                mode: mode_index(*mode),
                                only_unmoved: *only_unmoved,
                                grouped: false,
                                ep: captures_ep,
                                motion: FMotion::Leap(*table),
                            });
                            let lt = &e.leap_tables[*table];
                            let steps: Option<Vec<_>> = (0..lt.offsets().len())
                                .map(|i| step(&|c| lt.target(c, i)))
                                .collect();
                            match steps {
                                Some(steps) if set_ok => {
                                    set_cost += steps.len();
                                    set.push(SetAtom {
                                        mode: mode_index(*mode),
                                        only_unmoved: *only_unmoved,
                                        min: 1,
                                        max: 1,
                                        steps,
                                    });
                                }
                                _ => set_ok = false,
                            }
                        }
                        CAtom::Ride {
                            dirs,
                            min,
                            max,
                            mode,
                            only_unmoved,
                            creates_ep,
                        } => {
                            plain_leaps = false;
                            let range = if *min == 1 && *max == u8::MAX && !*creates_ep {
                                None
                            } else {
                                // The rays of one atom are disjoint: one union per cell.
                                let mut t = Vec::with_capacity(cells);
                                for cell in 0..cells {
                                    let mut s = CellSet::EMPTY;
                                    for &d in dirs {
                                        let ray = e.rays.ray(Cell(cell as u32), d as usize);
                                        for (i, &c) in ray.iter().enumerate() {
                                            let dist = i + 1;
                                            if dist >= *min as usize && dist <= *max as usize {
                                                s.insert(c);
                                            }
                                        }
                                    }
                                    t.push(s);
                                }
                                ranges.push(t);
                                Some(ranges.len() - 1)
                            };
                            let (up, down) = dirs.iter().partition(|&&d| e.ascending[d as usize]);
                            atoms.push(FAtom {
                                mode: mode_index(*mode),
                                only_unmoved: *only_unmoved,
                                grouped: false,
                                ep: false,
                                motion: FMotion::Ride {
                                    up,
                                    down,
                                    range,
                                    dirs: dirs.clone(),
                                    min: *min,
                                    max: *max,
                                    creates_ep: *creates_ep,
                                    w1: if W == 1 {
                                        w1_rays(dirs, &e.opposite, &e.ascending)
                                    } else {
                                        Vec::new()
                                    },
                                    w1_classes: Vec::new(),
                                },
                            });
                            // Short rides only: each cell of the range is one more shift.
                            let steps: Option<Vec<_>> = dirs
                                .iter()
                                .map(|&d| step(&|c| e.rays.ray(c, d as usize).first().copied()))
                                .collect();
                            match steps {
                                Some(steps) if set_ok && *max <= 4 => {
                                    set_cost += steps.len() * *max as usize;
                                    set.push(SetAtom {
                                        mode: mode_index(*mode),
                                        only_unmoved: *only_unmoved,
                                        min: *min,
                                        max: *max,
                                        steps,
                                    });
                                }
                                _ => set_ok = false,
                            }
                        }
                        CAtom::Hop { .. } => return None,
                    }
                }
                if !set_ok {
                    set.clear();
                }
                let set_min = set_cost.div_ceil(atoms.len().max(1));
                let nd = e.opposite.len();
                let reach = (0..cells)
                    .map(|cell| {
                        let mut r = CellSet::EMPTY;
                        for a in &atoms {
                            match &a.motion {
                                FMotion::Leap(t) => r |= e.leap_masks[*t][cell],
                                FMotion::Ride { dirs, .. } => {
                                    for &d in dirs {
                                        r |= e.ray_masks[cell * nd + d as usize];
                                    }
                                }
                            }
                        }
                        r
                    })
                    .collect();
                plans.push(Plan {
                    atoms,
                    set,
                    set_min,
                    promotes: e.kinds[k].promotes && !e.promo_choices.is_empty(),
                    ep,
                    plain_leaps,
                    all_grouped: false,
                    w1_rider: None,
                    reach,
                });
            }
        }
        // Ride groups: the unlimited rides of kinds neither royal nor promoting, when no
        // (direction, mode) repeats within a kind (its moves would be counted twice).
        let mut groups: Vec<RideGroup<W>> = Vec::new();
        for p in 0..np {
            for k in 0..nk {
                let plan = &mut plans[p * nk + k];
                if e.is_royal(k as u8) || plan.promotes {
                    continue;
                }
                let mut seen: Vec<(u8, u8)> = Vec::new();
                let mut ok = true;
                for a in &plan.atoms {
                    if let FMotion::Ride {
                        dirs, range: None, ..
                    } = &a.motion
                    {
                        if a.only_unmoved {
                            continue;
                        }
                        for &d in dirs {
                            ok &= fills[d as usize].is_some() && !seen.contains(&(d, a.mode));
                            seen.push((d, a.mode));
                        }
                    }
                }
                if !ok || seen.is_empty() {
                    continue;
                }
                for a in &mut plan.atoms {
                    if let FMotion::Ride {
                        dirs, range: None, ..
                    } = &a.motion
                    {
                        if a.only_unmoved {
                            continue;
                        }
                        a.grouped = true;
                        for &d in dirs {
                            let g = match groups.iter().position(|g| g.dir == d && g.mode == a.mode)
                            {
                                Some(i) => i,
                                None => {
                                    groups.push(RideGroup {
                                        dir: d,
                                        mode: a.mode,
                                        kinds: [0; MAX_PLAYERS],
                                        fill: fills[d as usize].clone().expect("checked"),
                                    });
                                    groups.len() - 1
                                }
                            };
                            groups[g].kinds[p] |= 1 << k;
                        }
                    }
                }
                plan.all_grouped = plan.atoms.iter().all(|a| a.grouped);
            }
        }
        let side_leapers = enemy_players
            .iter()
            .map(|&em| {
                leapers
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.players & em != 0)
                    .map(|(i, l)| (i as u8, l.players & em == em))
                    .collect()
            })
            .collect();
        let all_leapers = leapers
            .iter()
            .enumerate()
            .map(|(i, l)| (i as u8, l.players == all_players))
            .collect();
        let mut castles = vec![Vec::new(); np];
        for (i, c) in e.castles.iter().enumerate() {
            let mut men = CellSet::EMPTY;
            men.insert(c.king_from);
            men.insert(c.rook_from);
            castles[c.player.index()].push((i, men, c.empty.without(&men)));
        }
        let mut w1_lines = Vec::new();
        let mut w1_class = Vec::new();
        if W == 1 {
            w1_lines = vec![[0u64; 3]; nd * cells];
            for d in 0..nd {
                if !e.ascending[d] {
                    continue;
                }
                let o = e.opposite[d] as usize;
                for cell in 0..cells {
                    let lower = e.ray_masks[cell * nd + o].0[0];
                    let upper = e.ray_masks[cell * nd + d].0[0];
                    w1_lines[cell * nd + d] = [lower, upper, lower | upper];
                }
            }
            w1_class = classes
                .iter()
                .map(|c| {
                    let back: Vec<u8> = c.dirs.iter().map(|&d| e.opposite[d as usize]).collect();
                    w1_rays(&back, &e.opposite, &e.ascending)
                })
                .collect();
        }
        let w1_pext = if W == 1 && has_bmi2() {
            // The blocking cells of each (class, cell), then the table at once (zeroed memory
            // from the allocator, no copies as it grows).
            let mut index = Vec::with_capacity(classes.len() * cells);
            let mut size = 0usize;
            for c in &classes {
                for cell in 0..cells {
                    let mut mask = 0u64;
                    for &d in &c.dirs {
                        let d = e.opposite[d as usize] as usize;
                        let m = e.ray_masks[cell * nd + d].0[0];
                        if m != 0 {
                            // Less the ray's last cell, which blocks nothing beyond.
                            let last = if e.ascending[d] {
                                1u64 << (63 - m.leading_zeros())
                            } else {
                                m & m.wrapping_neg()
                            };
                            mask |= m & !last;
                        }
                    }
                    index.push((mask, size as u32));
                    size += 1usize << mask.count_ones();
                }
            }
            let mut table = vec![0u64; size];
            for ci in 0..classes.len() {
                for cell in 0..cells {
                    let (mask, start) = index[ci * cells + cell];
                    let ray = |d: u8| e.ray_masks[cell * nd + d as usize].0[0];
                    let pieces: Vec<W1Piece> = w1_class[ci]
                        .iter()
                        .map(|r| match *r {
                            W1Ray::Line(d) => W1Piece::Line(w1_lines[cell * nd + d as usize]),
                            W1Ray::Up(d) => W1Piece::Up(ray(d)),
                            W1Ray::Down(d) => W1Piece::Down(ray(d)),
                        })
                        .collect();
                    let n = 1usize << mask.count_ones();
                    W1Pext::build(
                        mask,
                        &pieces,
                        &mut table[start as usize..start as usize + n],
                    );
                }
            }
            Some(W1Pext {
                cells,
                index,
                table,
            })
        } else {
            None
        };
        let wide_pext = if W >= 2 && has_bmi2() {
            WidePext::new(e, &classes)
        } else {
            None
        };
        if w1_pext.is_some() || wide_pext.is_some() {
            // The rides that are exactly the rides of some classes (their reversed directions).
            for plan in &mut plans {
                for a in &mut plan.atoms {
                    if let FMotion::Ride {
                        dirs, w1_classes, ..
                    } = &mut a.motion
                    {
                        let mut covered: Vec<u8> = Vec::new();
                        let mut picked = Vec::new();
                        for (ci, c) in classes.iter().enumerate() {
                            let back: Vec<u8> =
                                c.dirs.iter().map(|&d| e.opposite[d as usize]).collect();
                            if back.iter().all(|d| dirs.contains(d)) {
                                covered.extend(&back);
                                picked.push(ci as u8);
                            }
                        }
                        if covered.len() == dirs.len() && dirs.iter().all(|d| covered.contains(d)) {
                            *w1_classes = match &wide_pext {
                                Some(p) => p.pieces_of(&picked),
                                None => picked,
                            };
                        }
                    }
                }
                if let [a] = &plan.atoms[..] {
                    if let FMotion::Ride {
                        range: None,
                        w1_classes,
                        ..
                    } = &a.motion
                    {
                        if !w1_classes.is_empty() && !a.only_unmoved && !plan.promotes {
                            plan.w1_rider = Some((a.mode, w1_classes.clone()));
                        }
                    }
                }
            }
        }
        // Groups of the same kinds next to each other: their men are gathered once a node.
        groups.sort_by_key(|g| g.kinds);
        // With one look-up per man (PEXT), the men cost less one by one than the fills.
        let groups_cheap = w1_pext.is_none() && !groups.is_empty() && groups.len() * W <= 16;
        let mut group_kinds = [0u16; MAX_PLAYERS];
        for g in &groups {
            for (k, gk) in group_kinds.iter_mut().zip(g.kinds) {
                *k |= gk;
            }
        }
        let castle_closed = e
            .castles
            .iter()
            .map(|c| {
                (0..nd).all(|d| {
                    let ray = e.rays.ray(c.king_to, d);
                    match ray.iter().position(|&x| x == c.rook_from) {
                        Some(i) => i + 1 == ray.len(),
                        None => true,
                    }
                })
            })
            .collect();
        let castle_safe = e
            .castles
            .iter()
            .map(|c| c.safe.iter().copied().collect())
            .collect();
        let class_pext = classes
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                (w1_pext.is_some()
                    || wide_pext
                        .as_ref()
                        .is_some_and(|p| p.class_pieces(ci).len() == 1))
                    && c.ranged.is_empty()
                    && c.dirs
                        .iter()
                        .all(|&d| c.dirs.contains(&e.opposite[d as usize]))
            })
            .collect();
        Some(Fast {
            class_pext,
            w1_pext,
            wide_pext,
            w1_lines,
            all_leapers,
            castle_closed,
            castle_safe,
            side_leapers,
            groups,
            groups_cheap,
            group_kinds,
            class_fills,
            map_cheap,
            castles,
            classes,
            reach,
            class_rays,
            ray_spans,
            leapers,
            plans,
            ranges,
            all_players,
            enemy_players,
        })
    }
}

impl<const W: usize> Engine<W> {
    /// The first man of `blockers` along direction `d` (which must be on one ray of `d`).
    #[inline]
    pub(crate) fn first_along(&self, d: usize, blockers: CellSet<W>) -> Option<Cell> {
        if self.ascending[d] {
            blockers.first_cell()
        } else {
            blockers.last_cell()
        }
    }

    /// The cells of every ray from `from`, by direction.
    #[inline]
    fn ray_masks_of(&self, from: Cell) -> &[CellSet<W>] {
        let nd = self.opposite.len();
        &self.ray_masks[from.index() * nd..from.index() * nd + nd]
    }

    /// The cells of ray `d` from `from`.
    #[inline]
    pub(crate) fn ray_mask(&self, from: Cell, d: usize) -> CellSet<W> {
        self.ray_masks[from.index() * self.opposite.len() + d]
    }

    /// The men of `kind` owned by the players of mask `players`.
    #[inline]
    fn men_of(&self, f: &Fast<W>, pos: &Position<W>, kind: u8, players: u8) -> CellSet<W> {
        let men = pos.by_kind[kind as usize];
        if players == f.all_players {
            return men;
        }
        let mut owners = CellSet::EMPTY;
        let mut m = players;
        while m != 0 {
            owners |= pos.by_player[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        men & owners
    }

    /// The men of every player that capture back along attack class `c` (at some distance).
    #[inline(always)]
    fn class_men(&self, f: &Fast<W>, pos: &Position<W>, c: &Class) -> CellSet<W> {
        let mut m = CellSet::EMPTY;
        let mut kinds = c.kinds;
        while kinds != 0 {
            m |= pos.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        for &(k, players) in &c.some {
            m |= self.men_of(f, pos, k, players);
        }
        for &(p, k, _, _) in &c.ranged {
            m |= pos.by_player[p as usize] & pos.by_kind[k as usize];
        }
        m
    }

    /// The men of the enemies of player `me`, and the occupied cells.
    #[inline(always)]
    fn enemies_and_occupied(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        me: usize,
    ) -> (CellSet<W>, CellSet<W>) {
        let em = f.enemy_players[me];
        let mut enemies = CellSet::EMPTY;
        let mut occ = CellSet::EMPTY;
        for q in 0..self.players.count() {
            occ |= pos.by_player[q];
            if em >> q & 1 != 0 {
                enemies |= pos.by_player[q];
            }
        }
        (enemies, occ)
    }

    /// True if an enemy of player `me` captures on `cell`: [`Engine::attacked_in`] without the
    /// whole [`Engine::side_ctx`], each class's men gathered only where an enemy stands within
    /// the class's reach of the cell (the check test asks this once a node).
    pub(crate) fn enemy_attacks(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        me: usize,
        cell: Cell,
    ) -> bool {
        let (enemies, occ) = self.enemies_and_occupied(f, pos, me);
        for &(g, covers) in &f.side_leapers[me] {
            let l = &f.leapers[g as usize];
            let mut men = pos.by_kind[l.kind as usize] & enemies;
            if !covers {
                men &= self.men_of(f, pos, l.kind, l.players);
            }
            if men.intersects(&l.from[cell.index()]) {
                return true;
            }
        }
        let cells = self.shape.cell_count() as usize;
        for (ci, c) in f.classes.iter().enumerate() {
            let at = ci * cells + cell.index();
            let near = f.reach[at] & enemies;
            if near.is_empty() {
                continue;
            }
            let s = self.class_men(f, pos, c) & near;
            if !s.is_empty() && self.class_rides_in(f, pos, ci, s, occ, cell) {
                return true;
            }
        }
        false
    }

    /// The men of `attackers` (owned by players of the mask `players`) in each attack class and
    /// group of leapers.
    #[inline]
    pub(crate) fn attack_ctx<'a>(
        &self,
        f: &'a Fast<W>,
        pos: &Position<W>,
        attackers: CellSet<W>,
        players: u8,
        occ: CellSet<W>,
    ) -> AttackCtx<'a, W> {
        let mut sliders = [CellSet::EMPTY; MAX_CLASSES];
        for (s, c) in sliders.iter_mut().zip(&f.classes) {
            *s = self.class_men(f, pos, c) & attackers;
        }
        let _ = players;
        AttackCtx {
            occ,
            attackers,
            sliders,
            leapers: &f.all_leapers,
        }
    }

    /// The enemies of player `me`, the occupied cells, and [`Engine::attack_ctx`] for those
    /// enemies: the same, by the tables of the player.
    #[inline]
    pub(crate) fn side_ctx<'a>(
        &self,
        f: &'a Fast<W>,
        pos: &Position<W>,
        me: usize,
    ) -> (CellSet<W>, CellSet<W>, AttackCtx<'a, W>) {
        let (enemies, occ) = self.enemies_and_occupied(f, pos, me);
        let mut sliders = [CellSet::EMPTY; MAX_CLASSES];
        for (s, c) in sliders.iter_mut().zip(&f.classes) {
            *s = self.class_men(f, pos, c) & enemies;
        }
        (
            enemies,
            occ,
            AttackCtx {
                occ,
                attackers: enemies,
                sliders,
                leapers: &f.side_leapers[me],
            },
        )
    }

    /// The attacking men of a group of leapers (`covers`: the group holds every player the
    /// attackers may belong to).
    #[inline(always)]
    fn leap_men(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        l: &Leaper<W>,
        covers: bool,
    ) -> CellSet<W> {
        let men = pos.by_kind[l.kind as usize] & ctx.attackers;
        if covers {
            men
        } else {
            men & self.men_of(f, pos, l.kind, l.players)
        }
    }

    /// True if the man on `b`, first on ray `d` from `cell`, captures back along class `c` at
    /// that distance (only limited rides need the distance).
    #[inline]
    fn class_reaches(
        &self,
        f: &Fast<W>,
        c: &Class,
        pos: &Position<W>,
        cell: Cell,
        d: usize,
        b: Cell,
    ) -> bool {
        if c.ranged.is_empty() {
            return true;
        }
        let mut kinds = c.kinds;
        while kinds != 0 {
            if pos.by_kind[kinds.trailing_zeros() as usize].contains(b) {
                return true;
            }
            kinds &= kinds - 1;
        }
        for &(k, players) in &c.some {
            if self.men_of(f, pos, k, players).contains(b) {
                return true;
            }
        }
        let dist = self.ray_mask(cell, d).without(&self.ray_mask(b, d)).len();
        for &(p, k, min, max) in &c.ranged {
            if (pos.by_player[p as usize] & pos.by_kind[k as usize]).contains(b) {
                return dist >= min as usize && dist <= max as usize;
            }
        }
        false
    }

    /// True if an attacking man of `ctx` captures on `cell`, `occ` being the occupied cells.
    pub(crate) fn attacked_in(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        occ: CellSet<W>,
        cell: Cell,
    ) -> bool {
        for &(g, covers) in ctx.leapers {
            let l = &f.leapers[g as usize];
            if self
                .leap_men(f, pos, ctx, l, covers)
                .intersects(&l.from[cell.index()])
            {
                return true;
            }
        }
        self.ridden_in(f, pos, ctx, occ, cell)
    }

    /// True if an attacking rider of `ctx` captures on `cell`, `occ` being the occupied cells.
    #[inline]
    pub(crate) fn ridden_in(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        occ: CellSet<W>,
        cell: Cell,
    ) -> bool {
        let cells = self.shape.cell_count() as usize;
        for ci in 0..f.classes.len() {
            let s = ctx.sliders[ci];
            let at = ci * cells + cell.index();
            if s.is_empty() || !f.reach[at].intersects(&s) {
                continue;
            }
            if self.class_rides_in(f, pos, ci, s, occ, cell) {
                return true;
            }
        }
        false
    }

    /// True if a man of `s` (men of attack class `ci`) is the first man on one of the class's
    /// rays from `cell` and captures back along it.
    #[inline]
    fn class_rides_in(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ci: usize,
        s: CellSet<W>,
        occ: CellSet<W>,
        cell: Cell,
    ) -> bool {
        let at = ci * self.shape.cell_count() as usize + cell.index();
        let (start, end) = f.ray_spans[at];
        for r in &f.class_rays[start as usize..end as usize] {
            if !r.mask.intersects(&s) {
                continue;
            }
            let b = first_on(r.up, r.mask & occ).expect("a man on the ray");
            if s.contains(b) && self.class_reaches(f, &f.classes[ci], pos, cell, r.dir as usize, b)
            {
                return true;
            }
        }
        false
    }

    /// Every man of `ctx`'s attackers that captures on `cell`, `occ` being the occupied cells
    /// (men off `occ` are gone: the exchanges of [`Engine::see`]).
    pub(crate) fn attackers_in(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        occ: CellSet<W>,
        cell: Cell,
    ) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        for &(g, covers) in ctx.leapers {
            let l = &f.leapers[g as usize];
            out |= self.leap_men(f, pos, ctx, l, covers) & l.from[cell.index()];
        }
        let cells = self.shape.cell_count() as usize;
        for (ci, c) in f.classes.iter().enumerate() {
            let s = ctx.sliders[ci] & occ;
            let at = ci * cells + cell.index();
            if s.is_empty() || !f.reach[at].intersects(&s) {
                continue;
            }
            if let Some(rays) = self.class_rays_pext(f, ci, cell, occ) {
                out |= rays & s;
                continue;
            }
            let (start, end) = f.ray_spans[at];
            for r in &f.class_rays[start as usize..end as usize] {
                if !r.mask.intersects(&s) {
                    continue;
                }
                let b = first_on(r.up, r.mask & occ).expect("a man on the ray");
                if s.contains(b) && self.class_reaches(f, c, pos, cell, r.dir as usize, b) {
                    out.insert(b);
                }
            }
        }
        out & occ
    }

    /// The rays of class `ci` from `cell` up to and including the first man of `occ` on each,
    /// from the PEXT tables, where [`Fast::class_pext`] allows.
    #[inline(always)]
    fn class_rays_pext(
        &self,
        f: &Fast<W>,
        ci: usize,
        cell: Cell,
        occ: CellSet<W>,
    ) -> Option<CellSet<W>> {
        if !f.class_pext[ci] {
            return None;
        }
        if let Some(p) = &f.w1_pext {
            return Some(w1_set(p.attacks(ci, cell.index(), occ.0[0])));
        }
        let p = f.wide_pext.as_ref()?;
        let mut rays = CellSet::EMPTY;
        for piece in p.class_pieces(ci) {
            rays |= p.attacks(piece, cell.index(), occ);
        }
        Some(rays)
    }

    /// The men of `ctx`'s attackers that capture on `cell` along a ray through `gone`, a man
    /// just taken off `occ` (the x-rays of [`Engine::see`]'s exchanges: with the attackers
    /// before, less `gone`, they are [`Engine::attackers_in`] on the new `occ`).
    fn revealed_behind(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        occ: CellSet<W>,
        cell: Cell,
        gone: Cell,
    ) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        let cells = self.shape.cell_count() as usize;
        for (ci, c) in f.classes.iter().enumerate() {
            let at = ci * cells + cell.index();
            if !f.reach[at].contains(gone) {
                continue;
            }
            let s = ctx.sliders[ci] & occ;
            if s.is_empty() {
                continue;
            }
            if let Some(rays) = self.class_rays_pext(f, ci, cell, occ) {
                out |= rays & s;
                continue;
            }
            let (start, end) = f.ray_spans[at];
            for r in &f.class_rays[start as usize..end as usize] {
                if !r.mask.contains(gone) {
                    continue;
                }
                if let Some(b) = first_on(r.up, r.mask & occ) {
                    if s.contains(b) && self.class_reaches(f, c, pos, cell, r.dir as usize, b) {
                        out.insert(b);
                    }
                }
            }
        }
        out
    }

    /// The static exchange evaluation of a capture or a quiet move (see
    /// [`spacechess_variant::Variant::see`]): on the fast path's tables, two players only; None
    /// for promotions, castling and drops.
    pub fn see(&self, pos: &Position<W>, m: &Move) -> Option<i32> {
        let f = self.fast.as_ref()?;
        if self.players.count() != 2 || self.rules.goal == crate::rules::Goal::LoseAll {
            return None;
        }
        let victim_cell = match m.kind {
            MoveKind::EnPassant { victim } => victim,
            MoveKind::Normal | MoveKind::DoubleStep { .. } => m.to,
            _ => return None,
        };

        let values = self.piece_values();
        let value = |k: u8| {
            if self.is_royal(k) {
                ROYAL_SEE_VALUE
            } else {
                values[k as usize]
            }
        };
        let me = pos.to_move.index();
        let them = 1 - me;
        let mut occ = pos.occupied();
        // Every man of both sides, by attack class: the attackers of the cell are found once,
        // and each man taken off the board then reveals at most the men behind it.
        let all = self.attack_ctx(f, pos, occ, f.all_players, occ);
        occ.remove(m.from);
        occ.remove(victim_cell);
        let mut attackers = self.attackers_in(f, pos, &all, occ, m.to);
        let mut gain = [0i32; 40];
        // A quiet move takes nothing: what it risks is the man moved.
        if pos.is_occupied(victim_cell) {
            gain[0] = value(self.kind_at(pos, victim_cell));
        }
        let mut on_cell = value(self.kind_at(pos, m.from));
        let mut d = 0;
        let mut side = them;
        while d + 1 < gain.len() {
            let att = attackers & pos.by_player[side];
            if att.is_empty() {
                break;
            }
            // The least valuable attacker.
            let mut best: Option<(i32, Cell)> = None;
            for k in 0..self.kinds.len() {
                let men = att & pos.by_kind[k];
                if let Some(c) = men.first_cell() {
                    let v = value(k as u8);
                    if best.is_none_or(|(b, _)| v < b) {
                        best = Some((v, c));
                    }
                }
            }
            let (v, c) = best.expect("an attacker of some kind");
            d += 1;
            gain[d] = on_cell - gain[d - 1];
            on_cell = v;
            occ.remove(c);
            attackers.remove(c);
            attackers |= self.revealed_behind(f, pos, &all, occ, m.to, c);
            side = 1 - side;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        Some(gain[0])
    }

    /// [`Engine::see`] as it was until issue 14's thirty-third stop, the reference for its
    /// x-ray updates: each side's attackers of the cell found again, ray by ray, at every step
    /// of the exchange.
    #[cfg(test)]
    fn see_by_recount(&self, pos: &Position<W>, m: &Move) -> i32 {
        let f = self.fast.as_ref().expect("the fast path");
        let victim_cell = match m.kind {
            MoveKind::EnPassant { victim } => victim,
            _ => m.to,
        };
        let values = self.piece_values();
        let value = |k: u8| {
            if self.is_royal(k) {
                ROYAL_SEE_VALUE
            } else {
                values[k as usize]
            }
        };
        let me = pos.to_move.index();
        let ctxs = [self.side_ctx(f, pos, 1).2, self.side_ctx(f, pos, 0).2];
        let mut occ = pos.occupied();
        occ.remove(m.from);
        occ.remove(victim_cell);
        let mut gain = vec![0];
        if pos.is_occupied(victim_cell) {
            gain[0] = value(self.kind_at(pos, victim_cell));
        }
        let mut on_cell = value(self.kind_at(pos, m.from));
        let mut side = 1 - me;
        loop {
            // Ray by ray, without the PEXT tables.
            let ctx = &ctxs[side];
            let mut att = CellSet::EMPTY;
            for &(g, covers) in ctx.leapers {
                let l = &f.leapers[g as usize];
                att |= self.leap_men(f, pos, ctx, l, covers) & l.from[m.to.index()];
            }
            let cells = self.shape.cell_count() as usize;
            for (ci, c) in f.classes.iter().enumerate() {
                let s = ctx.sliders[ci] & occ;
                let (start, end) = f.ray_spans[ci * cells + m.to.index()];
                for r in &f.class_rays[start as usize..end as usize] {
                    if let Some(b) = first_on(r.up, r.mask & occ) {
                        if s.contains(b) && self.class_reaches(f, c, pos, m.to, r.dir as usize, b) {
                            att.insert(b);
                        }
                    }
                }
            }
            att &= occ;
            let Some((v, c)) = (0..self.kinds.len())
                .filter_map(|k| {
                    (att & pos.by_kind[k])
                        .first_cell()
                        .map(|c| (value(k as u8), c))
                })
                .min_by_key(|&(v, _)| v)
            else {
                break;
            };
            gain.push(on_cell - gain[gain.len() - 1]);
            on_cell = v;
            occ.remove(c);
            side = 1 - side;
        }
        while gain.len() > 1 {
            let last = gain.pop().expect("two or more");
            let n = gain.len();
            gain[n - 1] = -(-gain[n - 1]).max(last);
        }
        gain[0]
    }

    /// Checks [`Engine::see`] on every capture and quiet move of `pos` against what any exchange
    /// must give: at most the man taken, 0 for a quiet move (the other side may stop), at least that less the taker (the taker's
    /// side may stop after the reply) unless the taker is royal, and exactly the man taken when
    /// no enemy man attacks the landing cell once the move is made (the tests of
    /// `fast_tests.rs` call it in every position of their random games).
    #[cfg(test)]
    pub(crate) fn check_see(&self, pos: &Position<W>) -> Result<(), String> {
        let values = self.piece_values();
        let mut moves = Vec::new();
        self.generate_legal(pos, &mut moves);
        for m in &moves {
            let Some(got) = self.see(pos, m) else {
                continue;
            };
            let recounted = self.see_by_recount(pos, m);
            if got != recounted {
                return Err(format!(
                    "{}: see of {} is {got}, counting every attacker again at each step {recounted}",
                    crate::text::position_text(self, pos),
                    crate::text::move_text(self, pos, m)
                ));
            }
            let victim_cell = match m.kind {
                MoveKind::EnPassant { victim } => victim,
                _ => m.to,
            };
            let value = |c: Cell| {
                let k = self.kind_at(pos, c);
                (!self.is_royal(k)).then(|| values[k as usize])
            };
            let victim = if pos.is_occupied(victim_cell) {
                value(victim_cell).unwrap_or(ROYAL_SEE_VALUE)
            } else {
                0
            };
            let after = self.make(pos, m);
            let defended = self.attacked_by(&after, m.to, after.by_player[after.to_move.index()]);
            let ok = got <= victim
                && value(m.from).is_none_or(|taker| got >= victim - taker)
                && (defended || got == victim);
            if !ok {
                return Err(format!(
                    "{}: see of {} is {got} (taken {victim}, defended {defended})",
                    crate::text::position_text(self, pos),
                    crate::text::move_text(self, pos, m)
                ));
            }
        }
        Ok(())
    }

    /// Checkers of, and men pinned to, the royal man `king` of the side owning `own`.
    pub(crate) fn king_info(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        king: Cell,
        own: CellSet<W>,
    ) -> KingInfo<W> {
        let mut check_mask = self.board;
        for &(g, covers) in ctx.leapers {
            let l = &f.leapers[g as usize];
            let hit = self.leap_men(f, pos, ctx, l, covers) & l.from[king.index()];
            if !hit.is_empty() {
                // Two leapers giving check leave no cell (their cells differ).
                check_mask &= if hit.len() == 1 { hit } else { CellSet::EMPTY };
            }
        }
        let mut pinned = CellSet::EMPTY;
        let cells = self.shape.cell_count() as usize;
        for (ci, c) in f.classes.iter().enumerate() {
            let s = ctx.sliders[ci];
            let at = ci * cells + king.index();
            if s.is_empty() || !f.reach[at].intersects(&s) {
                continue;
            }
            let (start, end) = f.ray_spans[at];
            for r in &f.class_rays[start as usize..end as usize] {
                let (mask, d) = (r.mask, r.dir as usize);
                if !mask.intersects(&s) {
                    continue;
                }
                let b = first_on(r.up, mask & ctx.occ).expect("a man on the ray");
                if s.contains(b) {
                    if self.class_reaches(f, c, pos, king, d, b) {
                        check_mask &= mask.without(&self.ray_mask(b, d));
                    }
                } else if own.contains(b) {
                    let beyond = self.ray_mask(b, d) & ctx.occ;
                    if let Some(b2) = first_on(r.up, beyond) {
                        if s.contains(b2) && self.class_reaches(f, c, pos, king, d, b2) {
                            pinned.insert(b);
                        }
                    }
                }
            }
        }
        KingInfo { check_mask, pinned }
    }

    /// The line a pinned man may stay on: from the royal man `king` up to and including the pinner.
    fn pin_line(&self, king: Cell, man: Cell, occ: CellSet<W>) -> CellSet<W> {
        for d in 0..self.opposite.len() {
            let mask = self.ray_mask(king, d);
            if mask.contains(man) {
                let beyond = self.ray_mask(man, d);
                return match self.first_along(d, beyond & occ) {
                    Some(p) => mask.without(&self.ray_mask(p, d)),
                    None => mask,
                };
            }
        }
        unreachable!("a pinned man is on a line from the royal man")
    }

    /// The cells the atom `a` of a man on `from` reaches (up to and including the first man on
    /// each ray; leaps whatever stands there).
    #[inline]
    fn atom_targets(&self, f: &Fast<W>, a: &FAtom, from: Cell, occ: CellSet<W>) -> CellSet<W> {
        match &a.motion {
            FMotion::Leap(t) => self.leap_masks[*t][from.index()],
            FMotion::Ride {
                w1,
                w1_classes,
                range,
                ..
            } if W == 1 => {
                let o = occ.0[0];
                let t = w1_set(match &f.w1_pext {
                    Some(p) if !w1_classes.is_empty() => {
                        let mut t = 0;
                        for &c in w1_classes {
                            t |= p.attacks(c as usize, from.index(), o);
                        }
                        t
                    }
                    _ => self.w1_ride(f, w1, from, o),
                });
                match range {
                    Some(r) => t & f.ranges[*r][from.index()],
                    None => t,
                }
            }
            FMotion::Ride {
                up,
                down,
                range,
                w1_classes,
                ..
            } => {
                let mut t = CellSet::EMPTY;
                match &f.wide_pext {
                    Some(p) if !w1_classes.is_empty() => {
                        for &c in w1_classes {
                            t |= p.attacks(c as usize, from.index(), occ);
                        }
                    }
                    _ => {
                        let nd = self.opposite.len();
                        let rays = &self.ray_masks[from.index() * nd..from.index() * nd + nd];
                        for &d in up {
                            t |= up_to_first(rays[d as usize], occ);
                        }
                        for &d in down {
                            t |= down_to_last(rays[d as usize], occ);
                        }
                    }
                }
                if let Some(r) = range {
                    t &= f.ranges[*r][from.index()];
                }
                t
            }
        }
    }

    /// The cells a man on `from` reaches by the one-word pieces `w1` of a ride, up to and
    /// including the first man on each ray (`W` = 1).
    #[inline(always)]
    fn w1_ride(&self, f: &Fast<W>, w1: &[W1Ray], from: Cell, occ: u64) -> u64 {
        let nd = self.opposite.len();
        let mut t = 0;
        for r in w1 {
            t |= match *r {
                W1Ray::Line(d) => w1_line(&f.w1_lines[from.index() * nd + d as usize], occ),
                W1Ray::Up(d) => w1_up(self.ray_masks[from.index() * nd + d as usize].0[0], occ),
                W1Ray::Down(d) => w1_down(self.ray_masks[from.index() * nd + d as usize].0[0], occ),
            };
        }
        t
    }

    /// Every cell an attacking man of `ctx` captures on, `occ` being the occupied cells (needs
    /// `map_ok`: no limited rides).
    fn attack_map(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        occ: CellSet<W>,
    ) -> CellSet<W> {
        let mut map = CellSet::EMPTY;
        for &(g, covers) in ctx.leapers {
            let l = &f.leapers[g as usize];
            let men = self.leap_men(f, pos, ctx, l, covers);
            if !l.shifts.is_empty() {
                for &(delta, valid) in &l.shifts {
                    map |= shift(men & valid, delta);
                }
            } else {
                for c in men {
                    map |= l.to[c.index()];
                }
            }
        }
        if let Some(p) = &f.w1_pext {
            for ci in 0..f.classes.len() {
                for man in ctx.sliders[ci] {
                    map |= w1_set(p.attacks(ci, man.index(), occ.0[0]));
                }
            }
            return map;
        }
        let empty = !occ;
        let fills = f.class_fills.as_ref().expect("map_cheap");
        for (ci, fl) in fills.iter().enumerate() {
            let men = ctx.sliders[ci];
            if men.is_empty() {
                continue;
            }
            for fl in fl {
                map |= fill(men, empty, fl);
            }
        }
        map
    }

    /// The number of moves of the man on `from` moving by `plan` and landing on `legal`
    /// (`allowed`: the cells open to each atom mode).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn count_man(
        &self,
        f: &Fast<W>,
        plan: &Plan<W>,
        pos: &Position<W>,
        from: Cell,
        legal: CellSet<W>,
        occ: CellSet<W>,
        allowed: &[CellSet<W>; 3],
        zone: CellSet<W>,
        skip_grouped: bool,
    ) -> usize {
        let mut n = 0;
        for a in &plan.atoms {
            if (a.only_unmoved && !pos.unmoved.contains(from)) || (skip_grouped && a.grouped) {
                continue;
            }
            let t = self.atom_targets(f, a, from, occ);
            let m = t & allowed[a.mode as usize] & legal;
            n += moves_to(m, plan.promotes, zone, self.promo_choices.len());
        }
        n
    }

    /// The number of moves of the men `men` moving by the shifts of `plan` and landing on
    /// `legal`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn count_set(
        &self,
        plan: &Plan<W>,
        pos: &Position<W>,
        men: CellSet<W>,
        legal: CellSet<W>,
        occ: CellSet<W>,
        allowed: &[CellSet<W>; 3],
        zone: CellSet<W>,
    ) -> usize {
        let mut n = 0;
        for a in &plan.set {
            let src = if a.only_unmoved {
                men & pos.unmoved
            } else {
                men
            };
            if src.is_empty() {
                continue;
            }
            let ok = allowed[a.mode as usize] & legal;
            for &(delta, valid) in &a.steps {
                let mut cur = src;
                for dist in 1..=a.max {
                    cur = shift(cur & valid, delta);
                    if cur.is_empty() {
                        break;
                    }
                    if dist >= a.min {
                        let m = cur & ok;
                        if !m.is_empty() {
                            n += moves_to(m, plan.promotes, zone, self.promo_choices.len());
                        }
                    }
                    cur = cur.without(&occ);
                }
            }
        }
        n
    }

    /// Lists the en passant captures of the men `men` moving by `plan`.
    fn ep_moves(
        &self,
        plan: &Plan<W>,
        pos: &Position<W>,
        men: CellSet<W>,
        occ: CellSet<W>,
        enemies: CellSet<W>,
        out: &mut Vec<Move>,
    ) {
        let Some(ep) = pos.ep else {
            return;
        };
        if occ.contains(ep.target) || !enemies.contains(ep.victim) {
            return;
        }
        for from in men {
            for &t in &plan.ep {
                if self.leap_masks[t][from.index()].contains(ep.target) {
                    out.push(Move {
                        from,
                        to: ep.target,
                        kind: MoveKind::EnPassant { victim: ep.victim },
                    });
                }
            }
        }
    }

    /// The single royal man of the side to move, if it has exactly one.
    #[inline]
    fn single_royal(&self, pos: &Position<W>) -> Option<Cell> {
        if self.royal_mask == 0 {
            return None;
        }
        let royals = if self.royal_mask.is_power_of_two() {
            pos.by_kind[self.royal_mask.trailing_zeros() as usize]
                & pos.by_player[pos.to_move.index()]
        } else {
            self.royals_of(pos, pos.to_move)
        };
        let k = royals.first_cell()?;
        (!several(royals)).then_some(k)
    }

    /// Keeps the moves of `list[start..]` for which the royal man on `king` is safe: its plain
    /// moves by an attack test on the board without it, the others (en passant, castling, other
    /// moves of the royal man) by playing them out.
    fn keep_safe(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        king: Cell,
        list: &mut Vec<Move>,
        start: usize,
    ) {
        let me = pos.to_move;
        let mut without = ctx.occ;
        without.remove(king);
        let mut w = start;
        for r in start..list.len() {
            let m = list[r];
            let ok = if m.from == king && m.kind == MoveKind::Normal {
                !self.attacked_in(f, pos, ctx, without, m.to)
            } else {
                !self.royal_attacked(&self.make(pos, &m), me)
            };
            if ok {
                list[w] = m;
                w += 1;
            }
        }
        list.truncate(w);
    }

    /// The number of legal moves by the fast path, or None where it does not apply.
    ///
    /// Counting is mostly population counts: on x86-64 the code is compiled twice, and the copy
    /// that uses the POPCNT instruction runs when the CPU has it (every x86-64 CPU since 2008;
    /// the portable target does not assume it, and counts bits in software).
    pub(crate) fn count_fast(&self, pos: &Position<W>, scratch: &mut Vec<Move>) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has POPCNT, the only feature `count_fast_popcnt` enables.
            return unsafe { self.count_fast_popcnt(pos, scratch) };
        }
        self.count_fast_with(pos, scratch)
    }

    /// [`Engine::count_fast`] compiled for CPUs with POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_fast_popcnt(&self, pos: &Position<W>, scratch: &mut Vec<Move>) -> Option<usize> {
        self.count_fast_with(pos, scratch)
    }

    /// [`Engine::count_fast`], inlined into each copy.
    #[inline(always)]
    fn count_fast_with(&self, pos: &Position<W>, scratch: &mut Vec<Move>) -> Option<usize> {
        let f = self.fast.as_ref()?;
        if self.rules.compulsory_capture {
            return None;
        }
        let king = self.single_royal(pos)?;
        let me = pos.to_move;
        let own = pos.by_player[me.index()];
        let (enemies, occ, ctx) = self.side_ctx(f, pos, me.index());
        let info = self.king_info(f, pos, &ctx, king, own);
        scratch.clear();
        let empty = !occ;
        let allowed = [empty | enemies, empty, enemies];
        let zone = self.promo_zone[me.index()];
        let nk = self.kinds.len();
        let plans = &f.plans[me.index() * nk..me.index() * nk + nk];
        let mut n = 0;
        // The ride groups, when they hold three men or more.
        let mut grouped = false;
        if f.groups_cheap && !info.check_mask.is_empty() {
            let free = own.without(&info.pinned);
            let mut sliders = CellSet::EMPTY;
            let mut kinds = f.group_kinds[me.index()];
            while kinds != 0 {
                sliders |= pos.by_kind[kinds.trailing_zeros() as usize];
                kinds &= kinds - 1;
            }
            grouped = (sliders & free).len() >= 3;
            if grouped {
                let mut last = None;
                let mut men = CellSet::EMPTY;
                for g in &f.groups {
                    if last != Some(g.kinds[me.index()]) {
                        last = Some(g.kinds[me.index()]);
                        men = self.group_men(pos, g, me.index()) & free;
                    }
                    if men.is_empty() {
                        continue;
                    }
                    let reach = fill(men, empty, &g.fill);
                    n += (reach & allowed[g.mode as usize] & info.check_mask).len();
                }
            }
        }
        let mut king_plan = &plans[0];
        for (kind, plan) in plans.iter().enumerate() {
            let mut men = pos.by_kind[kind] & own;
            if men.is_empty() {
                continue;
            }
            if men.contains(king) {
                king_plan = plan;
                men.remove(king);
                if men.is_empty() {
                    continue;
                }
            }
            if !plan.ep.is_empty() && pos.ep.is_some() {
                self.ep_moves(plan, pos, men, occ, enemies, scratch);
            }
            if info.check_mask.is_empty() {
                continue;
            }
            let pinned = men & info.pinned;
            let free = men.without(&pinned);
            let by_set = !plan.set.is_empty()
                && match plan.set_min {
                    0 | 1 => true,
                    2 => several(free),
                    m => free.len() >= m,
                };
            if by_set {
                n += self.count_set(plan, pos, free, info.check_mask, occ, &allowed, zone);
            } else if plan.plain_leaps {
                // Leaps only (knights): one target set per atom and man.
                for a in &plan.atoms {
                    let FMotion::Leap(t) = a.motion else {
                        unreachable!("plain leaps")
                    };
                    let ok = allowed[a.mode as usize] & info.check_mask;
                    let table = &self.leap_masks[t];
                    for from in free {
                        n += (table[from.index()] & ok).len();
                    }
                }
            } else if let (Some(p), Some((mode, classes))) = (&f.w1_pext, &plan.w1_rider) {
                // A rider on a one-word board: a look-up per class and man.
                let ok = (allowed[*mode as usize] & info.check_mask).0[0];
                let o = occ.0[0];
                for from in free {
                    let mut t = 0;
                    for &c in classes {
                        t |= p.attacks(c as usize, from.index(), o);
                    }
                    n += (t & ok).count_ones() as usize;
                }
            } else if !(grouped && plan.all_grouped) {
                for from in free {
                    n += self.count_man(
                        f,
                        plan,
                        pos,
                        from,
                        info.check_mask,
                        occ,
                        &allowed,
                        zone,
                        grouped,
                    );
                }
            }
            for from in pinned {
                let legal = info.check_mask & self.pin_line(king, from, occ);
                n += self.count_man(f, plan, pos, from, legal, occ, &allowed, zone, false);
            }
        }
        let mut without = occ;
        without.remove(king);
        let castling = f.castles[me.index()]
            .iter()
            .any(|&(_, men, path)| pos.unmoved & own & men == men && !occ.intersects(&path));
        let mut map = None;
        if king_plan.plain_leaps {
            let mut targets = CellSet::EMPTY;
            for a in &king_plan.atoms {
                let FMotion::Leap(t) = a.motion else {
                    unreachable!("plain leaps")
                };
                targets |= self.leap_masks[t][king.index()] & allowed[a.mode as usize];
            }
            if f.map_cheap && (castling || several(targets)) {
                map = Some(self.attack_map(f, pos, &ctx, without));
            }
            for a in &king_plan.atoms {
                let FMotion::Leap(t) = a.motion else {
                    unreachable!("plain leaps")
                };
                let m = self.leap_masks[t][king.index()] & allowed[a.mode as usize];
                n += match &map {
                    Some(map) => m.without(map).len(),
                    None => m
                        .iter()
                        .filter(|&to| !self.attacked_in(f, pos, &ctx, without, to))
                        .count(),
                };
            }
        } else {
            let kind = self.kind_at(pos, king);
            self.pseudo_moves_of_piece(pos, king, Piece { player: me, kind }, enemies, scratch);
        }
        if castling {
            let out_of_check = info.check_mask == self.board;
            n += self.castles_fast(f, pos, &ctx, king, map.as_ref(), out_of_check, scratch);
        }
        if !scratch.is_empty() {
            self.keep_safe(f, pos, &ctx, king, scratch, 0);
        }
        Some(n + scratch.len())
    }

    /// The men of player `p` in ride group `g`.
    #[inline]
    fn group_men(&self, pos: &Position<W>, g: &RideGroup<W>, p: usize) -> CellSet<W> {
        let mut men = CellSet::EMPTY;
        let mut kinds = g.kinds[p];
        while kinds != 0 {
            men |= pos.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        men & pos.by_player[p]
    }

    /// The kind of the man on an occupied cell (the generator reads its own men's kinds from
    /// an [`OwnKinds`] instead).
    #[inline]
    pub(crate) fn kind_at(&self, pos: &Position<W>, cell: Cell) -> u8 {
        (0..self.kinds.len())
            .find(|&k| pos.by_kind[k].contains(cell))
            .expect("occupied") as u8
    }

    /// The legal moves by the fast path, in the order of the general path; false (and nothing
    /// listed) where it does not apply.
    pub(crate) fn generate_fast(&self, pos: &Position<W>, out: &mut Vec<Move>) -> bool {
        self.generate_fast_with(pos, out, false)
    }

    /// [`Engine::generate_fast`], or with `noisy` only the captures and promotions among the
    /// legal moves (in the same order): the targets are masked to the enemies' cells (and the
    /// promotion zone for promoting men), en passant kept, castling left out.
    pub(crate) fn generate_fast_with(
        &self,
        pos: &Position<W>,
        out: &mut Vec<Move>,
        noisy: bool,
    ) -> bool {
        let Some(f) = self.fast.as_ref() else {
            return false;
        };
        let Some(king) = self.single_royal(pos) else {
            return false;
        };
        let me = pos.to_move;
        let own = pos.by_player[me.index()];
        let (enemies, occ, ctx) = self.side_ctx(f, pos, me.index());
        let info = self.king_info(f, pos, &ctx, king, own);
        let empty = !occ;
        let allowed = [empty | enemies, empty, enemies];
        // The targets kept: every cell, or the enemies' (and, for promoting men, the zone's).
        let (keep, keep_promoting) = if noisy {
            (enemies, enemies | self.promo_zone[me.index()])
        } else {
            (CellSet::EMPTY, CellSet::EMPTY)
        };
        let nk = self.kinds.len();
        let plans = &f.plans[me.index() * nk..me.index() * nk + nk];
        // On a one-word board the men's kinds are read once (on wider boards filling the map
        // costs more than the tests of the kinds it saves).
        let kinds = (W == 1).then(|| OwnKinds::of(pos, own, nk));
        for from in own {
            let kind = match &kinds {
                Some(kinds) => kinds.at(from),
                None => self.kind_at(pos, from),
            };
            let plan = &plans[kind as usize];
            if from == king {
                if noisy && !plan.plain_leaps {
                    let start = out.len();
                    let piece = Piece { player: me, kind };
                    self.pseudo_moves_of_piece(pos, from, piece, enemies, out);
                    let mut i = start;
                    while i < out.len() {
                        if self.is_noisy(pos, &out[i]) {
                            i += 1;
                        } else {
                            out.remove(i);
                        }
                    }
                    self.keep_safe(f, pos, &ctx, king, out, start);
                } else if plan.plain_leaps {
                    let mut without = occ;
                    without.remove(king);
                    for a in &plan.atoms {
                        let FMotion::Leap(t) = a.motion else {
                            unreachable!("plain leaps")
                        };
                        let ok = if noisy {
                            allowed[a.mode as usize] & keep
                        } else {
                            allowed[a.mode as usize]
                        };
                        for &to in self.leap_tables[t].targets(from) {
                            if ok.contains(to) && !self.attacked_in(f, pos, &ctx, without, to) {
                                out.push(Move::normal(from, to));
                            }
                        }
                    }
                } else {
                    let start = out.len();
                    let piece = Piece { player: me, kind };
                    self.pseudo_moves_of_piece(pos, from, piece, enemies, out);
                    self.keep_safe(f, pos, &ctx, king, out, start);
                }
                continue;
            }
            if info.check_mask.is_empty() && (plan.ep.is_empty() || pos.ep.is_none()) {
                continue;
            }
            let mut legal = info.check_mask;
            if info.pinned.contains(from) {
                legal &= self.pin_line(king, from, occ);
            }
            if noisy {
                legal &= if plan.promotes { keep_promoting } else { keep };
                // Most men capture nothing: those whose reach on the empty board holds no
                // target kept are skipped without walking their atoms.
                if !plan.reach[from.index()].intersects(&legal)
                    && (plan.ep.is_empty() || pos.ep.is_none())
                {
                    continue;
                }
                // A rider on a one-word board: its targets now, one look-up per class. (On
                // wider boards the look-ups cost more than the walk they save.)
                if let (Some((mode, rows)), Some(px)) = (&plan.w1_rider, &f.w1_pext) {
                    let mut t = 0;
                    for &c in rows {
                        t |= px.attacks(c as usize, from.index(), occ.0[0]);
                    }
                    if t & (allowed[*mode as usize] & legal).0[0] == 0 {
                        continue;
                    }
                }
            }
            self.list_man(plan, pos, from, legal, occ, &allowed, enemies, out);
        }
        if noisy {
            return true;
        }
        for &(i, men, path) in &f.castles[me.index()] {
            if pos.unmoved & own & men != men || ctx.occ.intersects(&path) {
                continue;
            }
            let c = &self.castles[i];
            let m = Move {
                from: c.king_from,
                to: c.king_to,
                kind: MoveKind::Castle(i as u8),
            };
            match self.castle_state(f, pos, &ctx, king, None, false, i) {
                CastleState::No => {}
                CastleState::Legal => out.push(m),
                CastleState::Play => {
                    if !self.royal_attacked(&self.make(pos, &m), me) {
                        out.push(m);
                    }
                }
            }
        }
        true
    }

    /// Lists the legal moves of the (not royal) man on `from` moving by `plan`, landing on
    /// `legal`, in the order of the general path (atom by atom; a leap's targets in offset
    /// order, a ride's cells direction by direction, nearest first); en passant captures are
    /// played out to tell.
    #[allow(clippy::too_many_arguments)]
    fn list_man(
        &self,
        plan: &Plan<W>,
        pos: &Position<W>,
        from: Cell,
        legal: CellSet<W>,
        occ: CellSet<W>,
        allowed: &[CellSet<W>; 3],
        enemies: CellSet<W>,
        out: &mut Vec<Move>,
    ) {
        let me = pos.to_move;
        let zone = self.promo_zone[me.index()];
        let push = |out: &mut Vec<Move>, to: Cell| {
            if plan.promotes && zone.contains(to) {
                for &k in &self.promo_choices {
                    out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(k),
                    });
                }
            } else {
                out.push(Move::normal(from, to));
            }
        };
        for a in &plan.atoms {
            if a.only_unmoved && !pos.unmoved.contains(from) {
                continue;
            }
            match &a.motion {
                FMotion::Leap(t) => {
                    let ok = allowed[a.mode as usize] & legal;
                    // No target allowed and no en passant: nothing to list (the quiescence
                    // search's captures-only lists skip most leaps here).
                    if !a.ep && !self.leap_masks[*t][from.index()].intersects(&ok) {
                        continue;
                    }
                    for &to in self.leap_tables[*t].targets(from) {
                        if ok.contains(to) {
                            push(out, to);
                        } else if a.ep {
                            if let Some(ep) = pos.ep {
                                if ep.target == to
                                    && !occ.contains(to)
                                    && enemies.contains(ep.victim)
                                {
                                    let m = Move {
                                        from,
                                        to,
                                        kind: MoveKind::EnPassant { victim: ep.victim },
                                    };
                                    if !self.royal_attacked(&self.make(pos, &m), me) {
                                        out.push(m);
                                    }
                                }
                            }
                        }
                    }
                }
                FMotion::Ride {
                    dirs, range: None, ..
                } if !plan.promotes => {
                    // An unlimited ride: its cells up to the first man, masked, walked in ray
                    // order (the order of cell indices along the ray, rising or falling).
                    let ok = allowed[a.mode as usize] & legal;
                    let rays = self.ray_masks_of(from);
                    for &d in dirs {
                        let d = d as usize;
                        // (On boards of more than four words the test costs more than it saves.)
                        if W <= 4 && !rays[d].intersects(&ok) {
                            continue;
                        }
                        if self.ascending[d] {
                            for to in up_to_first(rays[d], occ) & ok {
                                out.push(Move::normal(from, to));
                            }
                        } else {
                            let mut t = down_to_last(rays[d], occ) & ok;
                            while let Some(to) = t.last_cell() {
                                t.remove(to);
                                out.push(Move::normal(from, to));
                            }
                        }
                    }
                }
                FMotion::Ride {
                    dirs,
                    min,
                    max,
                    creates_ep,
                    ..
                } => {
                    let quiet = a.mode != CAPTURE_ONLY;
                    let capture = a.mode != MOVE_ONLY;
                    for &d in dirs {
                        let ray = self.rays.ray(from, d as usize);
                        for (i, &to) in ray.iter().enumerate() {
                            let dist = (i + 1) as u8;
                            if dist > *max {
                                break;
                            }
                            if occ.contains(to) {
                                if capture
                                    && dist >= *min
                                    && enemies.contains(to)
                                    && legal.contains(to)
                                {
                                    push(out, to);
                                }
                                break;
                            }
                            if quiet && dist >= *min && legal.contains(to) {
                                if *creates_ep && dist >= 2 && !(plan.promotes && zone.contains(to))
                                {
                                    out.push(Move {
                                        from,
                                        to,
                                        kind: MoveKind::DoubleStep { passed: ray[i - 1] },
                                    });
                                } else {
                                    push(out, to);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The castling moves of the side to move that are legal (counted) or must be played out to
    /// tell (listed in `verify`): [`Engine::castling_moves_against`] with the attack tests of
    /// `ctx` (the enemies of the side to move), then the royal man's cell tested on the board
    /// after castling, unless the king or rook lands on a man (then listed).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn castles_fast(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        king: Cell,
        map: Option<&CellSet<W>>,
        out_of_check: bool,
        verify: &mut Vec<Move>,
    ) -> usize {
        let mut n = 0;
        for &(i, men, path) in &f.castles[pos.to_move.index()] {
            if pos.unmoved & pos.by_player[pos.to_move.index()] & men != men
                || ctx.occ.intersects(&path)
            {
                continue;
            }
            // Out of check with the map, the usual case: the tests of `castle_state` that the
            // lines above have not made (its safe cells, then its landing cells).
            if let (Some(map), true) = (map, out_of_check) {
                let c = &self.castles[i];
                if map.intersects(&f.castle_safe[i]) {
                    continue;
                }
                if king == c.king_from
                    && f.castle_closed[i]
                    && !map.contains(c.king_to)
                    && !ctx.occ.contains(c.king_to)
                    && !ctx.occ.contains(c.rook_to)
                {
                    n += 1;
                    continue;
                }
            }
            match self.castle_state(f, pos, ctx, king, map, out_of_check, i) {
                CastleState::No => {}
                CastleState::Legal => n += 1,
                CastleState::Play => {
                    let c = &self.castles[i];
                    verify.push(Move {
                        from: c.king_from,
                        to: c.king_to,
                        kind: MoveKind::Castle(i as u8),
                    });
                }
            }
        }
        n
    }

    /// Castling `i` of the side to move: not available, legal, or to be played out. `map`, if
    /// given, holds every cell the enemies attack on the board without the royal man `king`
    /// (the same as with it, out of check).
    #[allow(clippy::too_many_arguments)]
    fn castle_state(
        &self,
        f: &Fast<W>,
        pos: &Position<W>,
        ctx: &AttackCtx<'_, W>,
        king: Cell,
        map: Option<&CellSet<W>>,
        out_of_check: bool,
        i: usize,
    ) -> CastleState {
        let c = &self.castles[i];
        let me = pos.to_move;
        let own = pos.by_player[me.index()];
        if c.player != me
            || !pos.unmoved.contains(c.king_from)
            || !pos.unmoved.contains(c.rook_from)
            || !own.contains(c.king_from)
            || !own.contains(c.rook_from)
        {
            return CastleState::No;
        }
        let mut occ = ctx.occ;
        occ.remove(c.king_from);
        occ.remove(c.rook_from);
        if occ.intersects(&c.empty) {
            return CastleState::No;
        }
        let unsafe_cell = match map {
            Some(map) if out_of_check => map.intersects(&f.castle_safe[i]),
            _ => c
                .safe
                .iter()
                .any(|&s| self.attacked_in(f, pos, ctx, ctx.occ, s)),
        };
        if unsafe_cell {
            return CastleState::No;
        }
        if occ.contains(c.king_to) || occ.contains(c.rook_to) {
            return CastleState::Play;
        }
        occ.insert(c.king_to);
        occ.insert(c.rook_to);
        let royal = if king == c.king_from {
            c.king_to
        } else if king == c.rook_from {
            c.rook_to
        } else {
            king
        };
        // The map (the board without the royal man) holds every cell attacked after castling:
        // the king and rook only block, and the rook's cell opens no line onto the king.
        if let Some(map) = map {
            if royal == c.king_to && f.castle_closed[i] && !map.contains(royal) {
                return CastleState::Legal;
            }
        }
        if self.attacked_in(f, pos, ctx, occ, royal) {
            CastleState::No
        } else {
            CastleState::Legal
        }
    }

    /// Compares the fast path with the general one on `pos`, for tests: the legal moves (the
    /// same list in the same order), their count at perft's last ply (both compiled copies of
    /// the count on x86-64), check, and the attack test
    /// of every cell by each player's men and by each player's enemies. Err describes the first difference.
    #[doc(hidden)]
    pub fn check_fast_path(&self, pos: &Position<W>) -> Result<(), String> {
        let text = || crate::text::position_text(self, pos);
        let (mut fast, mut general, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        self.generate_legal(pos, &mut fast);
        self.generate_general(pos, &mut general);
        if fast != general {
            return Err(format!(
                "{}: fast path lists {:?}, general path {:?}",
                text(),
                fast,
                general
            ));
        }
        // The quiescence search's list: the captures and promotions among the legal moves, in
        // the same order.
        let mut noisy = Vec::new();
        let may_be_over = self.generate_noisy(pos, &mut noisy);
        let expected: Vec<Move> = general
            .iter()
            .filter(|m| self.is_noisy(pos, m))
            .copied()
            .collect();
        if noisy != expected || (general.is_empty() && self.goal_reached(pos) && !may_be_over) {
            return Err(format!(
                "{}: noisy moves {:?}, legal captures and promotions {:?}",
                text(),
                noisy,
                expected
            ));
        }
        let n = self.count_legal(pos, &mut scratch);
        if n != general.len() {
            return Err(format!("{}: counted {n}, listed {}", text(), general.len()));
        }
        // The portable copy of the count too, where the CPU runs the POPCNT one.
        if let Some(n) = self.count_fast_with(pos, &mut scratch) {
            if n != general.len() {
                return Err(format!(
                    "{}: counted {n} (portable copy), listed {}",
                    text(),
                    general.len()
                ));
            }
        }
        for p in self.players.all() {
            let men = pos.by_player[p.index()];
            for cell in self.shape.cells() {
                let (a, b) = (
                    self.attacked_by(pos, cell, men),
                    self.attacked_by_general(pos, cell, men),
                );
                if a != b {
                    return Err(format!(
                        "{}: {} attacked by player {}: fast path {a}, general {b}",
                        text(),
                        self.cell_name(cell),
                        p.0
                    ));
                }
                // The check test's own attack test, by every enemy of `p`.
                if let Some(f) = &self.fast {
                    let enemies = self.enemies_of(pos, p);
                    let (a, b) = (
                        self.enemy_attacks(f, pos, p.index(), cell),
                        self.attacked_by_general(pos, cell, enemies),
                    );
                    if a != b {
                        return Err(format!(
                            "{}: {} attacked by an enemy of player {}: {a}, general {b}",
                            text(),
                            self.cell_name(cell),
                            p.0
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The kind of each man of a set (the side to move's), read once kind by kind, so that the move
/// generator, which walks the men in cell order, finds each man's kind with one look-up instead
/// of testing the kinds in turn ([`Engine::kind_at`]): the same moves, in the same order.
struct OwnKinds<const W: usize>([[u8; 64]; W]);

impl<const W: usize> OwnKinds<W> {
    /// The kinds of the men of `men` in `pos` (`nk` kinds).
    #[inline]
    fn of(pos: &Position<W>, men: CellSet<W>, nk: usize) -> Self {
        let mut kinds = [[0u8; 64]; W];
        for (k, set) in pos.by_kind[..nk].iter().enumerate() {
            for c in *set & men {
                kinds[c.index() / 64][c.index() % 64] = k as u8;
            }
        }
        OwnKinds(kinds)
    }

    /// The kind of the man on `cell`, one of the set's men.
    #[inline]
    fn at(&self, cell: Cell) -> u8 {
        self.0[cell.index() / 64][cell.index() % 64]
    }
}
