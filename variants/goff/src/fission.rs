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

static STRUCTURES: std::sync::OnceLock<Vec<Vec<Conjoined>>> = std::sync::OnceLock::new();

/// Every conjoining structure from a stack on `s` (empty-board geometry; blocking is applied by
/// the caller), built once for the board.
pub fn structures(s: Cell) -> &'static [Conjoined] {
    &STRUCTURES.get_or_init(|| (0..512).map(|i| build(Cell(i))).collect())[s.index()]
}

static REACH: std::sync::OnceLock<Vec<Bits>> = std::sync::OnceLock::new();

/// Every tile a fission of a stack on `s` can send either sub-piece to on the empty board: a
/// quick filter for [`fission_covers`].
pub fn reach(s: Cell) -> &'static Bits {
    &REACH.get_or_init(|| {
        (0..512)
            .map(|i| {
                structures(Cell(i))
                    .iter()
                    .flat_map(|cj| cj.bishop.iter().chain(cj.duke.iter()))
                    .map(|&(x, _)| x)
                    .collect()
            })
            .collect()
    })[s.index()]
}

fn build(s: Cell) -> Vec<Conjoined> {
    let st = Tile::of(s);
    let rays = edge_rays();
    let mut out = Vec::new();
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
        }
    }
    out
}

fn without(mut b: Bits, c: Cell) -> Bits {
    b.remove(c);
    b
}

/// The distinct fissions `(X, Y)` of a stack on `s`: `X`, `Y` empty or in `capturable`, each
/// region clear but for its destination, `X != Y`.
pub fn fissions(s: Cell, occupied: &Bits, capturable: &Bits) -> Vec<(Cell, Cell)> {
    let free = |c: Cell| !occupied.contains(c) || capturable.contains(c);
    let mut out = Vec::new();
    for cj in structures(s) {
        if occupied.contains(cj.f) {
            continue;
        }
        let xs: Vec<Cell> = cj
            .bishop
            .iter()
            .filter(|(x, r)| free(*x) && !r.intersects(occupied))
            .map(|&(x, _)| x)
            .collect();
        if xs.is_empty() {
            continue;
        }
        let ys: Vec<Cell> = cj
            .duke
            .iter()
            .filter(|(y, r)| free(*y) && !r.intersects(occupied))
            .map(|&(y, _)| y)
            .collect();
        for &x in &xs {
            for &y in &ys {
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

/// True if a stack on `s` attacks `target` by some fission (03 §2.5): `target` counts as
/// capturable, the other sub-piece needs a free destination.
pub fn fission_covers(s: Cell, target: Cell, occupied: &Bits, capturable: &Bits) -> bool {
    if !reach(s).contains(target) {
        return false;
    }
    let mut cap = *capturable;
    cap.insert(target);
    let free = |c: Cell| !occupied.contains(c) || cap.contains(c);
    for cj in structures(s) {
        if occupied.contains(cj.f) {
            continue;
        }
        let xb = cj.bishop.iter().any(|(x, _)| *x == target);
        let yd = cj.duke.iter().any(|(y, _)| *y == target);
        if !xb && !yd {
            continue;
        }
        let open = |list: &[(Cell, Bits)], c: Cell| {
            list.iter().any(|(x, r)| *x == c && !r.intersects(occupied))
        };
        let other_ok = |list: &[(Cell, Bits)]| {
            list.iter()
                .any(|(x, r)| *x != target && free(*x) && !r.intersects(occupied))
        };
        if xb && open(&cj.bishop, target) && other_ok(&cj.duke) {
            return true;
        }
        if yd && open(&cj.duke, target) && other_ok(&cj.bishop) {
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
    capturable: &Bits,
    mut f: impl FnMut(Cell, Cell),
) -> usize {
    let free = |c: Cell| !occupied.contains(c) || capturable.contains(c);
    let mut sets = [(CellSet::EMPTY, CellSet::EMPTY); MAX_STRUCTURES];
    let mut n = 0;
    let mut all_x: Bits = CellSet::EMPTY;
    for cj in structures(s) {
        if occupied.contains(cj.f) {
            continue;
        }
        let mut xs: Bits = CellSet::EMPTY;
        for &(x, r) in &cj.bishop {
            if free(x) && !r.intersects(occupied) {
                xs.insert(x);
            }
        }
        if xs.is_empty() {
            continue;
        }
        let mut ys: Bits = CellSet::EMPTY;
        for &(y, r) in &cj.duke {
            if free(y) && !r.intersects(occupied) {
                ys.insert(y);
            }
        }
        if ys.is_empty() {
            continue;
        }
        all_x |= xs;
        sets[n] = (xs, ys);
        n += 1;
    }
    let mut count = 0;
    for x in all_x {
        let mut ys: Bits = CellSet::EMPTY;
        for (xs, y) in &sets[..n] {
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
