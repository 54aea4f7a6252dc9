//! Stack fission (rules/goff/03 §2.4.5): both sub-pieces move at once, the bishop to `X` and the
//! duke to `Y`, their perimeters conjoined by an on-board overlap tile `F` (03 A1-A3).

use crate::tables::Bits;
use crate::tile::{advancement_square as square, Tile};
use spacechess_geometry::{Cell, CellSet};

type V = (i8, i8, i8);

fn at(s: Tile, d: V) -> Option<Cell> {
    let t = Tile::new(s.z + d.0, s.a + d.1, s.b + d.2);
    t.on_board().then(|| t.cell())
}

fn lin(u: V, i: i8, v: V, j: i8) -> V {
    (u.0 * i + v.0 * j, u.1 * i + v.1 * j, u.2 * i + v.2 * j)
}

fn edge_rays() -> Vec<V> {
    let mut v = Vec::new();
    for z in -1..=1i8 {
        for a in -1..=1i8 {
            for b in -1..=1i8 {
                if z.abs() + a.abs() + b.abs() == 2 {
                    v.push((z, a, b));
                }
            }
        }
    }
    v
}

fn dot(u: V, v: V) -> i8 {
    u.0 * v.0 + u.1 * v.1 + u.2 * v.2
}

/// One way to fission through one conjoining tile: the bishop's candidate destinations with the
/// region each needs clear, and the duke's.
#[derive(Clone, Debug)]
pub struct Conjoined {
    /// The overlap tile `F`.
    pub f: Cell,
    /// Bishop destinations: (tile, region that must be empty but for the tile).
    pub bishop: Vec<(Cell, Bits)>,
    /// Duke destinations: (tile, region).
    pub duke: Vec<(Cell, Bits)>,
}

/// Per tile, its structures and their reach, each built the first time a stack stands there
/// (about 0.1 ms a tile; the whole board would take tens of milliseconds at start-up).
static STRUCTURES: [std::sync::OnceLock<TileData>; 512] =
    [const { std::sync::OnceLock::new() }; 512];

/// A tile's structures, their reach, and the same structures in groups.
struct TileData {
    structures: Vec<Conjoined>,
    reach: Bits,
    groups: Vec<Groups>,
    /// The groups of every structure, in one run ([`Groups`] holds ranges into it).
    gs: Vec<Group>,
    /// Per structure, the bishop's destinations and the duke's (for the attack test).
    dests: Vec<[Bits; 2]>,
}

/// The destinations of one sub-piece of a structure that share one region `R` (each destination
/// `x` needs `R` clear but for `x`). `R` is a square or a rectangle of one plane through the
/// stack, so it is kept as that plane's grid word ([`crate::fast`]): `(plane, R, destinations)`.
/// A q-tile's bishop has two (one per skew plane through its ray), every other list one.
#[derive(Clone, Copy, Debug)]
struct Group {
    pid: u16,
    region: u64,
    dests: u64,
}

/// A structure as groups: its conjoining tile (occupancy word and bit), the runs of the bishop's
/// groups and of the duke's in [`TileData::gs`], and how many structures follow in its chain
/// (the same ray or pair of rays with k + 1, k + 2: each region grows along the chain, and
/// what lies in a region or is the conjoining tile at k lies inside every region of the
/// sub-piece further on, off its destinations).
struct Groups {
    f_word: u8,
    f_bit: u64,
    rest: u8,
    bishop: (u16, u16),
    duke: (u16, u16),
}

impl Groups {
    /// True if a man stands on the conjoining tile.
    #[inline]
    fn f_taken(&self, occupied: &Bits) -> bool {
        occupied.0[self.f_word as usize & 7] & self.f_bit != 0
    }
}

fn group(s: Cell, list: &[(Cell, Bits)]) -> Vec<Group> {
    let mut sets: Vec<(Bits, Bits)> = Vec::new();
    for &(x, r) in list {
        let mut whole = r;
        whole.insert(x);
        match sets.iter_mut().find(|(g, _)| *g == whole) {
            Some((_, xs)) => xs.insert(x),
            None => sets.push((whole, CellSet::single(x))),
        }
    }
    let g = crate::fast::geo();
    sets.into_iter()
        .map(|(whole, xs)| {
            let (pid, region) = g.plane_of_set(s, &whole);
            let dests = xs.iter().fold(0, |w, x| w | g.bit_in(pid, x));
            Group {
                pid: pid as u16,
                region,
                dests,
            }
        })
        .collect()
}

fn tile_data(s: Cell) -> &'static TileData {
    STRUCTURES[s.index()].get_or_init(|| {
        let (structures, rest) = build(s);
        let reach = structures
            .iter()
            .flat_map(|cj| cj.bishop.iter().chain(cj.duke.iter()))
            .map(|&(x, _)| x)
            .collect();
        let mut gs = Vec::new();
        let mut run = |list: &[(Cell, Bits)]| {
            let start = gs.len() as u16;
            gs.extend(group(s, list));
            (start, gs.len() as u16)
        };
        let groups = structures
            .iter()
            .zip(rest)
            .map(|(cj, rest)| Groups {
                f_word: (cj.f.index() / 64) as u8,
                f_bit: 1u64 << (cj.f.index() % 64),
                rest,
                bishop: run(&cj.bishop),
                duke: run(&cj.duke),
            })
            .collect();
        let dests = structures
            .iter()
            .map(|cj| [&cj.bishop, &cj.duke].map(|l| l.iter().map(|&(x, _)| x).collect()))
            .collect();
        TileData {
            structures,
            reach,
            groups,
            gs,
            dests,
        }
    })
}

/// Every conjoining structure from a stack on `s` (empty-board geometry; blocking is applied by
/// the caller), built once per tile.
pub fn structures(s: Cell) -> &'static [Conjoined] {
    &tile_data(s).structures
}

/// Every tile a fission of a stack on `s` can send either sub-piece to on the empty board: a
/// quick filter for [`fission_covers`].
pub fn reach(s: Cell) -> &'static Bits {
    &tile_data(s).reach
}

/// The open destinations of a list of groups: `x` whose region holds no man but `x` (a man
/// there must be in `capturable`). `occ2` gives a plane's men.
#[inline]
fn open_dests(groups: &[Group], occ2: &impl Fn(usize) -> u64, capturable: &Bits, out: &mut Bits) {
    let g = crate::fast::geo();
    for gr in groups {
        let pid = gr.pid as usize;
        let men = gr.region & occ2(pid);
        if men == 0 {
            g.scatter(pid, gr.dests, out);
        } else if men & (men - 1) == 0 && men & gr.dests != 0 {
            let c = g.cell(pid, men);
            if capturable.contains(c) {
                out.insert(c);
            }
        }
    }
}

/// [`open_dests`] as a test: whether some destination of the groups is open, and whether some
/// region holds no man at all. If none does, the sub-piece is shut in every later structure of
/// the chain (each of its regions there holds a man off the destinations).
#[inline]
fn scan(groups: &[Group], occ2: &impl Fn(usize) -> u64, capturable: &Bits) -> (bool, bool) {
    let (mut open, mut empty) = (false, false);
    for gr in groups {
        let pid = gr.pid as usize;
        let men = gr.region & occ2(pid);
        if men == 0 {
            (open, empty) = (true, true);
        } else if men & (men - 1) == 0 && men & gr.dests != 0 {
            open |= capturable.contains(crate::fast::geo().cell(pid, men));
        }
    }
    (open, empty)
}

/// The structures of a tile, and for each how many follow it in its chain (the same ray or pair of
/// rays, k = 1, 2, 3: the regions of each sub-piece grow with k).
fn build(s: Cell) -> (Vec<Conjoined>, Vec<u8>) {
    let st = Tile::of(s);
    let rays = edge_rays();
    let mut out = Vec::new();
    let mut rest = Vec::new();
    let close = |out: &Vec<Conjoined>, rest: &mut Vec<u8>| {
        let n = out.len() - rest.len();
        rest.extend((0..n).rev().map(|i| i as u8));
    };
    // q-tiles: F = S + 2k e.
    for &e in &rays {
        // the duke edge quadrant (p, q) with p + q = 2e: p, q = e +- the missing axis
        let m: V = (1 - e.0.abs(), 1 - e.1.abs(), 1 - e.2.abs());
        let p = (e.0 + m.0, e.1 + m.1, e.2 + m.2);
        let q = (e.0 - m.0, e.1 - m.1, e.2 - m.2);
        // the two bishop planes containing e: neighbours v, w with v + w = e
        let nbrs: Vec<V> = rays.iter().copied().filter(|&v| dot(v, e) == 1).collect();
        let mut planes = Vec::new();
        for &v in &nbrs {
            let w = (e.0 - v.0, e.1 - v.1, e.2 - v.2);
            if v < w && nbrs.contains(&w) {
                planes.push((v, w));
            }
        }
        for k in 1..4i8 {
            let Some(f) = at(st, lin(e, 2 * k, e, 0)) else {
                break;
            };
            let (dq, dper) = square(st, p, q, k);
            let duke = dper.into_iter().map(|y| (y, without(dq, y))).collect();
            let mut bishop: Vec<(Cell, Bits)> = Vec::new();
            for &(v, w) in &planes {
                let (r1, p1) = square(st, e, v, 2 * k);
                let (r2, p2) = square(st, e, w, 2 * k);
                let r = r1 | r2;
                let ends = [at(st, lin(v, 2 * k, v, 0)), at(st, lin(w, 2 * k, w, 0))];
                for x in p1.into_iter().chain(p2) {
                    if ends.contains(&Some(x)) {
                        continue;
                    }
                    bishop.push((x, without(r, x)));
                }
            }
            out.push(Conjoined { f, bishop, duke });
        }
        close(&out, &mut rest);
    }
    // Feynman tiles: F = S + 2k (u + v), u, v adjacent edge rays.
    for (i, &u) in rays.iter().enumerate() {
        for &v in &rays[i + 1..] {
            if dot(u, v) != 1 {
                continue;
            }
            let sum = (u.0 + v.0, u.1 + v.1, u.2 + v.2);
            let p = (sum.0.signum(), sum.1.signum(), sum.2.signum());
            let q = (
                2 * sum.0 - 3 * p.0,
                2 * sum.1 - 3 * p.1,
                2 * sum.2 - 3 * p.2,
            );
            for k in 1..4i8 {
                let Some(f) = at(st, lin(sum, 2 * k, sum, 0)) else {
                    break;
                };
                let (bq, bper) = square(st, u, v, 2 * k);
                let (dq, dper) = square(st, p, q, 3 * k);
                out.push(Conjoined {
                    f,
                    bishop: bper.into_iter().map(|x| (x, without(bq, x))).collect(),
                    duke: dper.into_iter().map(|y| (y, without(dq, y))).collect(),
                });
            }
            close(&out, &mut rest);
        }
    }
    (out, rest)
}

fn without(mut b: Bits, c: Cell) -> Bits {
    b.remove(c);
    b
}

/// The distinct fissions `(X, Y)` of a stack on `s`: `X`, `Y` empty or in `capturable`, each
/// region clear but for its destination, `X != Y`.
pub fn fissions(s: Cell, occupied: &Bits, capturable: &Bits) -> Vec<(Cell, Cell)> {
    let g = crate::fast::geo();
    let mut out = Vec::new();
    each_fission(
        s,
        occupied,
        |pid| g.gather(occupied, pid),
        capturable,
        |x, y| out.push((x, y)),
    );
    out
}

/// True if a stack on `s` attacks `target` by some fission (03 §2.5): `target` counts as
/// capturable, the other sub-piece needs a free destination.
pub fn fission_covers(s: Cell, target: Cell, occupied: &Bits, capturable: &Bits) -> bool {
    let g = crate::fast::geo();
    fission_covers_with(
        s,
        target,
        occupied,
        |pid| g.gather(occupied, pid),
        capturable,
    )
}

/// [`fission_covers`] with the men of each plane given by `occ2`.
pub(crate) fn fission_covers_with(
    s: Cell,
    target: Cell,
    occupied: &Bits,
    occ2: impl Fn(usize) -> u64,
    capturable: &Bits,
) -> bool {
    if !reach(s).contains(target) {
        return false;
    }
    let g = crate::fast::geo();
    // `target` open in one list (its region clear but for it), and some other free tile open in
    // the other (as `open_dests` less `target`).
    let open = |groups: &[Group]| {
        groups.iter().any(|gr| {
            let tb = g.bit_in(gr.pid as usize, target);
            tb & gr.dests != 0 && gr.region & occ2(gr.pid as usize) & !tb == 0
        })
    };
    let other = |groups: &[Group]| {
        groups.iter().any(|gr| {
            let pid = gr.pid as usize;
            let men = gr.region & occ2(pid);
            let others = gr.dests & !g.bit_in(pid, target);
            if men == 0 {
                others != 0
            } else {
                men & (men - 1) == 0 && men & others != 0 && capturable.contains(g.cell(pid, men))
            }
        })
    };
    let td = tile_data(s);
    for (cj, [bd, dd]) in td.groups.iter().zip(&td.dests) {
        let (in_b, in_d) = (bd.contains(target), dd.contains(target));
        if !(in_b || in_d) || cj.f_taken(occupied) {
            continue;
        }
        let bishop = &td.gs[cj.bishop.0 as usize..cj.bishop.1 as usize];
        let duke = &td.gs[cj.duke.0 as usize..cj.duke.1 as usize];
        if in_b && open(bishop) && other(duke) {
            return true;
        }
        if in_d && open(duke) && other(bishop) {
            return true;
        }
    }
    false
}

/// Every tile whose emptying could open a fission of a stack on `s` onto `target`: the regions of
/// each structure with `target` among its destinations, and `F`.
pub fn fission_exposure(s: Cell, target: Cell) -> Bits {
    let mut out = CellSet::EMPTY;
    for cj in structures(s) {
        if cj.bishop.iter().any(|(x, _)| *x == target) || cj.duke.iter().any(|(y, _)| *y == target)
        {
            out.insert(cj.f);
            for (_, r) in cj.bishop.iter().chain(cj.duke.iter()) {
                out |= *r;
            }
        }
    }
    out
}

/// The most conjoining structures a tile has (q-tiles: 12 rays x 3; Feynman tiles: 24 pairs x 3).
const MAX_STRUCTURES: usize = 108;

/// [`fissions`] without allocating: calls `f` with each distinct fission `(X, Y)` in increasing
/// order; returns how many there are.
pub(crate) fn each_fission(
    s: Cell,
    occupied: &Bits,
    occ2: impl Fn(usize) -> u64,
    capturable: &Bits,
    mut f: impl FnMut(Cell, Cell),
) -> usize {
    // Left uninitialised: most calls find no structure open, and zeroing 14 kB each time was a
    // quarter of perft's instructions.
    let mut sets = [const { std::mem::MaybeUninit::<(Bits, Bits)>::uninit() }; MAX_STRUCTURES];
    let mut n = 0;
    let mut all_x: Bits = CellSet::EMPTY;
    let td = tile_data(s);
    let groups = &td.groups;
    let mut i = 0;
    while i < groups.len() {
        let cj = &groups[i];
        i += 1;
        // A man on the conjoining tile, or a sub-piece without an empty region, shuts the rest
        // of the chain too (see `Groups`).
        if cj.f_taken(occupied) {
            i += cj.rest as usize;
            continue;
        }
        let bishop = &td.gs[cj.bishop.0 as usize..cj.bishop.1 as usize];
        let (open, empty) = scan(bishop, &occ2, capturable);
        if !empty {
            i += cj.rest as usize;
        }
        if !open {
            continue;
        }
        let duke = &td.gs[cj.duke.0 as usize..cj.duke.1 as usize];
        let (open, duke_empty) = scan(duke, &occ2, capturable);
        if empty && !duke_empty {
            i += cj.rest as usize;
        }
        if !open {
            continue;
        }
        let mut xs = CellSet::EMPTY;
        open_dests(bishop, &occ2, capturable, &mut xs);
        let mut ys = CellSet::EMPTY;
        open_dests(duke, &occ2, capturable, &mut ys);
        all_x |= xs;
        sets[n].write((xs, ys));
        n += 1;
    }
    if n == 0 {
        return 0;
    }
    // SAFETY: the first `n` entries were written just above.
    let sets = unsafe { std::slice::from_raw_parts(sets.as_ptr().cast::<(Bits, Bits)>(), n) };
    let mut count = 0;
    for x in all_x {
        let mut ys: Bits = CellSet::EMPTY;
        for (xs, y) in sets {
            if xs.contains(x) {
                ys |= *y;
            }
        }
        ys.remove(x);
        count += ys.len();
        for y in ys {
            f(x, y);
        }
    }
    count
}

/// For the attack of a stack on `s` by fission onto `target`: the tiles whose emptying could open
/// one ([`fission_exposure`]), and every destination of a structure that has `target` among its
/// destinations (a capture there frees the other sub-piece's landing tile).
pub(crate) fn fission_danger(s: Cell, target: Cell) -> (Bits, Bits) {
    let mut exposure = CellSet::EMPTY;
    let mut dests = CellSet::EMPTY;
    for cj in structures(s) {
        if cj.bishop.iter().any(|(x, _)| *x == target) || cj.duke.iter().any(|(y, _)| *y == target)
        {
            exposure.insert(cj.f);
            for (x, r) in cj.bishop.iter().chain(cj.duke.iter()) {
                exposure |= *r;
                dests.insert(*x);
            }
        }
    }
    (exposure, dests)
}

#[cfg(test)]
mod tests {
    use super::*;
    use spacechess_variant::RandomMover;

    /// The lists entry by entry, as first written: every fission and every attack by one.
    fn by_lists(s: Cell, occupied: &Bits, capturable: &Bits) -> Vec<(Cell, Cell)> {
        let free = |c: Cell| !occupied.contains(c) || capturable.contains(c);
        let mut out = Vec::new();
        for cj in structures(s) {
            if occupied.contains(cj.f) {
                continue;
            }
            let open = |list: &[(Cell, Bits)]| -> Vec<Cell> {
                list.iter()
                    .filter(|(x, r)| free(*x) && !r.intersects(occupied))
                    .map(|&(x, _)| x)
                    .collect()
            };
            for x in open(&cj.bishop) {
                for y in open(&cj.duke) {
                    if x != y {
                        out.push((x, y));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn covers_by_lists(s: Cell, target: Cell, occupied: &Bits, capturable: &Bits) -> bool {
        let mut cap = *capturable;
        cap.insert(target);
        by_lists(s, occupied, &cap)
            .iter()
            .any(|&(x, y)| x == target || y == target)
    }

    #[test]
    fn groups_give_the_fissions_and_attacks_of_the_lists() {
        let mut rng = RandomMover::new(3);
        for round in 0..400 {
            let s = Cell(rng.below(512) as u32);
            let mut occ: Bits = CellSet::EMPTY;
            for _ in 0..[0, 5, 15, 40][round % 4] {
                occ.insert(Cell(rng.below(512) as u32));
            }
            occ.remove(s);
            let mut cap: Bits = CellSet::EMPTY;
            for c in occ {
                if rng.below(2) == 0 {
                    cap.insert(c);
                }
            }
            assert_eq!(fissions(s, &occ, &cap), by_lists(s, &occ, &cap));
            for _ in 0..8 {
                let t = Cell(rng.below(512) as u32);
                if t == s {
                    continue;
                }
                let mut o = occ;
                o.insert(t);
                let mut c = cap;
                c.remove(t);
                assert_eq!(
                    fission_covers(s, t, &o, &c),
                    covers_by_lists(s, t, &o, &c),
                    "{s:?} -> {t:?}"
                );
            }
        }
    }
}
