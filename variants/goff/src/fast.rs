//! The fast move generator: the planar machinery on 64-bit plane boards, and legality by the
//! lines to the king (pins and checks along planes) instead of making every move.
//!
//! Every plane of the three families (rook: 3 orthogonal orientations, bishop: 4 skew, duke: 6
//! slant; 202 planes on the 8x8x8 board) is mapped one to one into an 8x8 grid by dropping one
//! axis along which its normal has a component ±1, so the men of a plane are one `u64` (the
//! position keeps them, [`toggle`] updates them). A quadrant in a plane is then a pair of 2D
//! steps, and its advancement squares of perimeter 1..7 from each grid square are 64-bit masks
//! shared by every plane of that shape: a few kilobytes, built in well under a millisecond
//! instead of the 30 megabytes of 512-bit masks of [`spacechess_geometry::PlanarTables`].
//!
//! A quadrant's moves are set by its first blocked perimeter `f` (the first square holding a
//! man): every pure tile below it, and the perimeter-`f` pure tile if it is the ring's only man
//! and capturable. A linear move along a ray of the plane is open up to the first blocked
//! perimeter of its two quadrants, the destination there if it is the only man of both rings.
//! That is exactly [`spacechess_geometry::PlanarTables::moves`] (tested against it).

use crate::position::Kind;
use crate::tables::Bits;
use crate::tile::board_shape;
use spacechess_geometry::{Cell, CellSet, PlanarFamily};
use std::sync::OnceLock;

/// How many planes the three families have on the board.
pub(crate) const NPLANES: usize = 202;

/// The plane orientations by normal `(z, a, b)`: rook (3), bishop (4), duke (6).
const NORMALS: [(i8, i8, i8); 13] = [
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
    (1, 1, 1),
    (1, 1, -1),
    (1, -1, 1),
    (1, -1, -1),
    (0, 1, 1),
    (0, 1, -1),
    (1, 0, 1),
    (1, 0, -1),
    (1, 1, 0),
    (1, -1, 0),
];

/// The axis a plane's grid drops: `z` (grid `(a, b)`), `a` (grid `(z, b)`) or `b` (grid `(z, a)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drop {
    Z,
    A,
    B,
}

fn drop_of(n: (i8, i8, i8)) -> Drop {
    if n.0 != 0 {
        Drop::Z
    } else if n.1 != 0 {
        Drop::A
    } else {
        Drop::B
    }
}

#[inline]
fn zab(c: usize) -> (i8, i8, i8) {
    ((c >> 6) as i8, ((c >> 3) & 7) as i8, (c & 7) as i8)
}

/// The grid square of a tile, or of an offset, in a plane dropping `d`: `(row, column)`.
fn grid(d: Drop, t: (i8, i8, i8)) -> (i8, i8) {
    match d {
        Drop::Z => (t.1, t.2),
        Drop::A => (t.0, t.2),
        Drop::B => (t.0, t.1),
    }
}

/// No second quadrant (a quadrant route).
const NONE: u8 = u8::MAX;

/// One plane of a family through a tile: its orientation, its quadrants (shape ids, in the
/// family's order) and its lines (2D ray id and the two quadrants, as indices into `quads`).
#[derive(Clone, Copy, Debug)]
struct FamPlane {
    o: u8,
    nq: u8,
    quads: [u8; 6],
    nl: u8,
    lines: [(u8, u8, u8); 6],
    /// The lines in cycle order: `cyc[i]` is the 2D ray between quadrants `i` and `i + 1`
    /// (modulo `nq`); every plane's lines close a cycle around the source.
    cyc: [u8; 6],
    /// The planes of the same 2D shape (quadrants and lines) share a number, 1 and up: the key
    /// of [`Memo`] with the grid square.
    grp: u8,
}

/// A route of a family from a source to a tile (the reverse table of the moves): its plane
/// orientation, the quadrant shape(s) whose squares of perimeter `k` make its manifold (one for a
/// quadrant move, two for a linear move), and `k`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RouteE {
    o: u8,
    sa: u8,
    sb: u8,
    k: u8,
}

impl RouteE {
    /// A linear move of perimeter 1: the king's step.
    #[inline]
    pub(crate) fn king_step(&self) -> bool {
        self.sb != NONE && self.k == 1
    }
}

/// Offsets `(dz, da, db)` in `-7..=7`, as an index: `(dz + 7) * 225 + (da + 7) * 15 + db + 7`.
#[inline]
fn offset_index(from: usize, to: usize) -> usize {
    // A tile's `z * 225 + a * 15 + b` is its index `z * 64 + a * 8 + b` plus `z * 161 + a * 7`.
    let lin = |c: usize| c + (c >> 6) * 161 + ((c >> 3) & 7) * 7;
    lin(to) + 7 * 225 + 7 * 15 + 7 - lin(from)
}

/// Room for the 2D quadrant shapes and rays (a power of two, so that indexing needs no bounds
/// check once masked).
const MAX_SHAPES: usize = 32;

/// Per shape, grid square and perimeter, a grid word.
type ShapeTable = [[[u64; 8]; 64]; MAX_SHAPES];

fn shape_table() -> Box<ShapeTable> {
    vec![[[0u64; 8]; 64]; MAX_SHAPES]
        .into_boxed_slice()
        .try_into()
        .expect("the size is MAX_SHAPES")
}

/// The tables.
pub(crate) struct Geo {
    /// Per orientation (padded to 16, so that an orientation masked to 4 bits needs no bounds
    /// check) and tile, its plane and its grid bit there.
    plane_of: [[u8; 512]; 16],
    bit_of: [[u8; 512]; 16],
    /// Per plane, grid bit to tile (`u16::MAX`: off the board).
    cell_of: Vec<[u16; 64]>,
    /// Per plane, the grid squares on the board.
    onboard: Vec<u64>,
    /// Per plane, its tiles in each level's word.
    lvl: Vec<[u64; 8]>,
    drop: Vec<Drop>,
    /// Per plane, its orientation (256 entries, so that a plane number masked to a byte needs
    /// no bounds check).
    orient_of: [u8; 256],
    /// Per plane dropping b, the fixed b.
    fixed: Vec<u8>,
    /// Per quadrant shape and grid square, the squares of perimeter 0..=7 (0: none).
    sq: Box<ShapeTable>,
    /// Per quadrant shape and grid square, the pure tiles of the squares of perimeter 0..=7.
    pure: Box<ShapeTable>,
    /// Per 2D ray and grid square, the steps 1..=k (k = 0..=7).
    ray: Box<ShapeTable>,
    /// Per 2D ray and grid square, the step k alone (k = 0..=7; 0: none).
    raycell: Box<ShapeTable>,
    fams: [Vec<FamPlane>; 3],
    /// Per family and offset, `(start, len)` into `routes`.
    route_idx: [Vec<(u32, u8)>; 3],
    routes: Vec<RouteE>,
    /// Knight leaps per tile.
    pub(crate) knight: Vec<Bits>,
    /// Per tile, the run of its king steps in `king_to`.
    king_idx: Vec<(u32, u32)>,
    /// King steps: the destination and the run of its rectangles in `king_alt`.
    king_to: Vec<(Cell, u32, u32)>,
    /// A king step's rectangles: a plane and the rectangle's tiles but the destination there (the
    /// step is open when one of them holds no man).
    king_alt: Vec<(usize, u64)>,
}

static GEO: OnceLock<Geo> = OnceLock::new();

/// A memo of plane moves ([`Geo::plane`]): they depend only on the plane's shape, the grid square
/// and the plane's men, and most planes keep their men from one position to the next (a move
/// changes 26 of 202), so the men of the same side are often looked up again in the sibling
/// positions of a search or perft. Direct-mapped, per thread; an entry is `[men, key, free
/// destinations, men that may be taken]`, the key being shape number and grid square (0 in an
/// empty entry, as shape numbers start at 1).
struct Memo;

impl Memo {
    /// Entries (a power of two).
    const SIZE: usize = 1 << 12;

    #[inline]
    fn slot(occ: u64, key: u64) -> usize {
        let h = (occ ^ key.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 52) as usize & (Memo::SIZE - 1)
    }
}

thread_local! {
    static MEMO: Box<[std::cell::Cell<[u64; 4]>]> =
        vec![std::cell::Cell::new([0u64; 4]); Memo::SIZE].into_boxed_slice();
}

/// The tables (built on first use, in about a millisecond).
#[inline]
pub(crate) fn geo() -> &'static Geo {
    GEO.get_or_init(Geo::build)
}

/// Flips the tile `c` in the planes through it (a man arrives on an empty tile or leaves one).
#[inline]
pub(crate) fn toggle(planes: &mut [u64; NPLANES], c: Cell) {
    let g = geo();
    let i = c.index();
    for o in 0..13 {
        planes[g.plane_of[o][i] as usize] ^= 1u64 << g.bit_of[o][i];
    }
}

fn cross(u: (i8, i8, i8), v: (i8, i8, i8)) -> (i8, i8, i8) {
    (
        u.1 * v.2 - u.2 * v.1,
        u.2 * v.0 - u.0 * v.2,
        u.0 * v.1 - u.1 * v.0,
    )
}

/// The normal of the plane spanned by `u`, `v`, as an index into [`NORMALS`].
fn orientation(u: (i8, i8, i8), v: (i8, i8, i8)) -> usize {
    let n = cross(u, v);
    let g = [n.0, n.1, n.2]
        .iter()
        .map(|x| x.unsigned_abs())
        .filter(|&x| x > 0)
        .min()
        .unwrap_or(1) as i8;
    let n = (n.0 / g, n.1 / g, n.2 / g);
    NORMALS
        .iter()
        .position(|&m| m == n || (-m.0, -m.1, -m.2) == n)
        .expect("every plane of the three families has one of the 13 normals")
}

impl Geo {
    fn build() -> Geo {
        // Planes: per orientation, the planes n.t = c, numbered from the smallest c.
        let mut plane_of = [[0u8; 512]; 16];
        let mut bit_of = [[0u8; 512]; 16];
        let mut cell_of = vec![[u16::MAX; 64]; NPLANES];
        let mut onboard = vec![0u64; NPLANES];
        let mut lvl = vec![[0u64; 8]; NPLANES];
        let mut drop = vec![Drop::Z; NPLANES];
        let mut orient_of = [0u8; 256];
        let mut fixed = vec![0u8; NPLANES];
        let mut base = 0usize;
        for (o, &n) in NORMALS.iter().enumerate() {
            let neg = [n.0, n.1, n.2].iter().filter(|&&x| x < 0).count() as i32;
            let nonzero = [n.0, n.1, n.2].iter().filter(|&&x| x != 0).count() as i32;
            let d = drop_of(n);
            for c in 0..512usize {
                let t = zab(c);
                let k = n.0 as i32 * t.0 as i32
                    + n.1 as i32 * t.1 as i32
                    + n.2 as i32 * t.2 as i32
                    + 7 * neg;
                let pid = base + k as usize;
                let (r, col) = grid(d, t);
                let bit = (8 * r + col) as usize;
                plane_of[o][c] = pid as u8;
                bit_of[o][c] = bit as u8;
                cell_of[pid][bit] = c as u16;
                onboard[pid] |= 1 << bit;
                lvl[pid][t.0 as usize] |= 1 << (c & 63);
                drop[pid] = d;
                orient_of[pid] = o as u8;
                fixed[pid] = t.2 as u8;
            }
            base += (7 * nonzero + 1) as usize;
        }
        assert_eq!(base, NPLANES);

        // Shapes: 2D quadrants and rays, with their masks from every grid square.
        let mut quad_shapes: Vec<((i8, i8), (i8, i8))> = Vec::new();
        let mut ray_shapes: Vec<(i8, i8)> = Vec::new();
        let mut quad_id = |e1: (i8, i8), e2: (i8, i8)| -> u8 {
            match quad_shapes.iter().position(|&s| s == (e1, e2)) {
                Some(i) => i as u8,
                None => {
                    quad_shapes.push((e1, e2));
                    (quad_shapes.len() - 1) as u8
                }
            }
        };
        let shape = board_shape();
        let mut fams: [Vec<FamPlane>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        let mut shapes_seen: Vec<FamPlane> = Vec::new();
        let mut route_lists: [Vec<Vec<RouteE>>; 3] = [
            vec![Vec::new(); 15 * 15 * 15],
            vec![Vec::new(); 15 * 15 * 15],
            vec![Vec::new(); 15 * 15 * 15],
        ];
        for f in 0..3 {
            let fam = PlanarFamily::maximal(&shape, f + 1);
            let rays: Vec<(i8, i8, i8)> = fam.rays.iter().map(crate::tile::zab).collect();
            let orient: Vec<usize> = fam
                .planes
                .iter()
                .map(|p| orientation(crate::tile::zab(&p.u), crate::tile::zab(&p.v)))
                .collect();
            // Per family quadrant: its shape id; per family line: its two shape ids.
            let mut qshape = Vec::new();
            for q in &fam.quadrants {
                let d = drop_of(NORMALS[orient[q.plane]]);
                qshape.push(quad_id(grid(d, rays[q.e1]), grid(d, rays[q.e2])));
            }
            for (pi, _) in fam.planes.iter().enumerate() {
                let o = orient[pi];
                let d = drop_of(NORMALS[o]);
                let qs: Vec<usize> = (0..fam.quadrants.len())
                    .filter(|&q| fam.quadrants[q].plane == pi)
                    .collect();
                let mut fp = FamPlane {
                    o: o as u8,
                    nq: qs.len() as u8,
                    quads: [0; 6],
                    nl: 0,
                    lines: [(0, 0, 0); 6],
                    cyc: [0; 6],
                    grp: 0,
                };
                for (i, &q) in qs.iter().enumerate() {
                    fp.quads[i] = qshape[q];
                }
                for l in fam.lines.iter().filter(|l| l.plane == pi) {
                    let r2 = grid(d, rays[l.ray]);
                    let rid = match ray_shapes.iter().position(|&s| s == r2) {
                        Some(i) => i,
                        None => {
                            ray_shapes.push(r2);
                            ray_shapes.len() - 1
                        }
                    };
                    let local = |q: usize| qs.iter().position(|&x| x == q).expect("in plane");
                    fp.lines[fp.nl as usize] = (
                        rid as u8,
                        local(l.quadrants[0]) as u8,
                        local(l.quadrants[1]) as u8,
                    );
                    fp.nl += 1;
                }
                let n = fp.nq as usize;
                assert_eq!(fp.nl as usize, n, "a plane has as many lines as quadrants");
                for i in 0..n {
                    let (a, b) = (i as u8, ((i + 1) % n) as u8);
                    let l = fp.lines[..n]
                        .iter()
                        .find(|&&(_, qa, qb)| (qa, qb) == (a, b) || (qa, qb) == (b, a))
                        .expect("the lines of a plane join its quadrants in a cycle");
                    fp.cyc[i] = l.0;
                }
                let same = |q: &FamPlane| q.nq == fp.nq && q.quads == fp.quads && q.cyc == fp.cyc;
                fp.grp = match shapes_seen.iter().position(same) {
                    Some(i) => i as u8 + 1,
                    None => {
                        shapes_seen.push(fp);
                        shapes_seen.len() as u8
                    }
                };
                fams[f].push(fp);
            }
            // Routes by offset.
            let idx = |d: (i8, i8, i8)| -> Option<usize> {
                let ok = |x: i8| (-7..=7).contains(&x);
                (ok(d.0) && ok(d.1) && ok(d.2)).then(|| {
                    ((d.0 + 7) as usize * 15 + (d.1 + 7) as usize) * 15 + (d.2 + 7) as usize
                })
            };
            for (q, quad) in fam.quadrants.iter().enumerate() {
                let (e1, e2) = (rays[quad.e1], rays[quad.e2]);
                for i in 1..=7i8 {
                    for j in 1..=7i8 {
                        let d = (
                            i * e1.0 + j * e2.0,
                            i * e1.1 + j * e2.1,
                            i * e1.2 + j * e2.2,
                        );
                        if let Some(x) = idx(d) {
                            route_lists[f][x].push(RouteE {
                                o: orient[quad.plane] as u8,
                                sa: qshape[q],
                                sb: NONE,
                                k: i.max(j) as u8,
                            });
                        }
                    }
                }
            }
            for line in &fam.lines {
                let e = rays[line.ray];
                for k in 1..=7i8 {
                    if let Some(x) = idx((k * e.0, k * e.1, k * e.2)) {
                        route_lists[f][x].push(RouteE {
                            o: orient[line.plane] as u8,
                            sa: qshape[line.quadrants[0]],
                            sb: qshape[line.quadrants[1]],
                            k: k as u8,
                        });
                    }
                }
            }
        }
        let mut routes = Vec::new();
        let route_idx = route_lists.map(|lists| {
            lists
                .into_iter()
                .map(|l| {
                    let start = routes.len() as u32;
                    routes.extend_from_slice(&l);
                    (start, l.len() as u8)
                })
                .collect()
        });

        let on_grid = |r: i8, c: i8| (0..8).contains(&r) && (0..8).contains(&c);
        assert!(quad_shapes.len() <= MAX_SHAPES && ray_shapes.len() <= MAX_SHAPES);
        let mut sq = shape_table();
        let mut pure = shape_table();
        for (s, &(e1, e2)) in quad_shapes.iter().enumerate() {
            for g in 0..64usize {
                let (r0, c0) = ((g / 8) as i8, (g % 8) as i8);
                for k in 1..8i8 {
                    let (mut m, mut pm) = (0u64, 0u64);
                    for p in 0..=k {
                        for q in 0..=k {
                            let (r, c) = (r0 + p * e1.0 + q * e2.0, c0 + p * e1.1 + q * e2.1);
                            if (p, q) == (0, 0) || !on_grid(r, c) {
                                continue;
                            }
                            m |= 1 << (8 * r + c);
                            if p >= 1 && q >= 1 {
                                pm |= 1 << (8 * r + c);
                            }
                        }
                    }
                    sq[s][g][k as usize] = m;
                    pure[s][g][k as usize] = pm;
                }
            }
        }
        let mut ray = shape_table();
        let mut raycell = shape_table();
        for (s, &e) in ray_shapes.iter().enumerate() {
            for g in 0..64usize {
                let (r0, c0) = ((g / 8) as i8, (g % 8) as i8);
                let mut m = 0u64;
                for k in 1..8i8 {
                    let (r, c) = (r0 + k * e.0, c0 + k * e.1);
                    if on_grid(r, c) {
                        m |= 1 << (8 * r + c);
                        raycell[s][g][k as usize] = 1 << (8 * r + c);
                    }
                    ray[s][g][k as usize] = m;
                }
            }
        }

        let mut knight = vec![CellSet::EMPTY; 512];
        for (c, set) in knight.iter_mut().enumerate() {
            let t = zab(c);
            for d in [(1, 2, 2), (2, 1, 2), (2, 2, 1)] {
                for sz in [-1i8, 1] {
                    for sa in [-1i8, 1] {
                        for sb in [-1i8, 1] {
                            let u = (t.0 + sz * d.0, t.1 + sa * d.1, t.2 + sb * d.2);
                            if [u.0, u.1, u.2].iter().all(|x| (0..8).contains(x)) {
                                set.insert(Cell(u.0 as u32 * 64 + u.1 as u32 * 8 + u.2 as u32));
                            }
                        }
                    }
                }
            }
        }
        let mut geo = Geo {
            plane_of,
            bit_of,
            cell_of,
            onboard,
            lvl,
            drop,
            orient_of,
            fixed,
            sq,
            pure,
            ray,
            raycell,
            fams,
            route_idx,
            routes,
            knight,
            king_idx: Vec::with_capacity(512),
            king_to: Vec::new(),
            king_alt: Vec::new(),
        };
        geo.build_king();
        geo
    }

    /// The king's steps of every tile: the perimeter-1 lines of the planes of the three families,
    /// grouped by destination.
    fn build_king(&mut self) {
        let mut idx = Vec::with_capacity(512);
        let (mut tos, mut alts) = (Vec::with_capacity(512 * 26), Vec::with_capacity(512 * 64));
        for si in 0..512usize {
            // By offset to the neighbour (27 slots), at most 3 planes of one family per ray.
            let mut by_to = [(Cell(0), [(0usize, 0u64); 4], 0usize); 27];
            for f in 0..3 {
                for pl in &self.fams[f] {
                    let o = pl.o as usize;
                    let pid = self.plane_of[o][si] as usize;
                    let s2 = self.bit_of[o][si] as usize;
                    for j in 0..pl.nl as usize {
                        let (r, qa, qb) = pl.lines[j];
                        let to = self.raycell[r as usize][s2][1] & self.onboard[pid];
                        if to == 0 {
                            continue;
                        }
                        let m = self.sq[pl.quads[qa as usize] as usize][s2][1]
                            | self.sq[pl.quads[qb as usize] as usize][s2][1];
                        let c = Cell(self.cell_of[pid][to.trailing_zeros() as usize] as u32);
                        let (t, u) = (zab(si), zab(c.index()));
                        let slot =
                            ((u.0 - t.0 + 1) * 9 + (u.1 - t.1 + 1) * 3 + (u.2 - t.2 + 1)) as usize;
                        let e = &mut by_to[slot];
                        e.0 = c;
                        e.1[e.2] = (pid, m & self.onboard[pid] & !to);
                        e.2 += 1;
                    }
                }
            }
            let start = tos.len() as u32;
            for (c, v, n) in by_to {
                if n > 0 {
                    let a = alts.len() as u32;
                    alts.extend_from_slice(&v[..n]);
                    tos.push((c, a, alts.len() as u32));
                }
            }
            idx.push((start, tos.len() as u32));
        }
        self.king_idx = idx;
        self.king_to = tos;
        self.king_alt = alts;
    }

    /// The king steps from tile `si`: destination and rectangles.
    #[inline]
    fn king_steps(&self, si: usize) -> &[(Cell, u32, u32)] {
        let (a, b) = self.king_idx[si];
        &self.king_to[a as usize..b as usize]
    }

    /// True if one of the rectangles `a..b` of a king step holds no man.
    #[inline]
    fn king_open(&self, a: u32, b: u32, occ2: impl Fn(usize) -> u64) -> bool {
        self.king_alt[a as usize..b as usize]
            .iter()
            .any(|&(pid, m)| m & occ2(pid) == 0)
    }

    /// The men of plane `pid` in any occupancy, as its grid word.
    #[inline]
    pub(crate) fn gather(&self, occ: &Bits, pid: usize) -> u64 {
        let m = &self.lvl[pid];
        let mut out = 0u64;
        let words = occ.0.iter().zip(m).enumerate();
        match self.drop[pid] {
            Drop::Z => {
                for (&w, &mk) in occ.0.iter().zip(m) {
                    out |= w & mk;
                }
            }
            Drop::A => {
                for (z, (&w, &mk)) in words {
                    out |= ((w & mk).wrapping_mul(0x0101_0101_0101_0101) >> 56) << (8 * z);
                }
            }
            Drop::B => {
                let b = self.fixed[pid];
                for (z, (&w, &mk)) in words {
                    let w = ((w & mk) >> b) & 0x0101_0101_0101_0101;
                    out |= (w.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * z);
                }
            }
        }
        out
    }

    /// The planes of a whole occupancy.
    #[cfg(test)]
    pub(crate) fn all_planes(&self, occ: &Bits) -> [u64; NPLANES] {
        let mut p = [0u64; NPLANES];
        for (pid, w) in p.iter_mut().enumerate() {
            *w = self.gather(occ, pid);
        }
        p
    }

    /// The grid bit of `c` in plane `pid` (0 if `c` is not in it).
    #[inline]
    pub(crate) fn bit_in(&self, pid: usize, c: Cell) -> u64 {
        let o = self.orient_of[pid & 255] as usize & 15;
        if self.plane_of[o][c.index()] as usize == pid {
            1u64 << self.bit_of[o][c.index()]
        } else {
            0
        }
    }

    /// The plane through `s` and every tile of `cells` (which hold three tiles not in a line with
    /// `s`), as `(plane, grid word of cells)`.
    pub(crate) fn plane_of_set(&self, s: Cell, cells: &Bits) -> (usize, u64) {
        (0..13)
            .find_map(|o| {
                let pid = self.plane_of[o][s.index()];
                cells
                    .iter()
                    .all(|c| self.plane_of[o][c.index()] == pid)
                    .then(|| {
                        let w = cells
                            .iter()
                            .fold(0u64, |w, c| w | 1 << self.bit_of[o][c.index()]);
                        (pid as usize, w)
                    })
            })
            .expect("a square lies in one plane of the families")
    }

    /// [`Geo::scatter`] by whole levels (the many destinations of a man in an open plane): a
    /// plane dropping z has its grid bits where the tiles have theirs in their level's word; one
    /// dropping a has level z's tiles in byte z, spread back over the level by a multiply.
    #[inline]
    fn spread(&self, pid: usize, w: u64, out: &mut Bits) {
        // A few destinations (the usual crowded plane) go one by one.
        let fewer = |x: u64| x & x.wrapping_sub(1);
        if fewer(fewer(fewer(fewer(w)))) == 0 {
            return self.scatter(pid, w, out);
        }
        let m = &self.lvl[pid];
        match self.drop[pid] {
            Drop::Z => {
                for (o, &mk) in out.0.iter_mut().zip(m) {
                    *o |= w & mk;
                }
            }
            Drop::A => {
                for (z, (o, &mk)) in out.0.iter_mut().zip(m).enumerate() {
                    let byte = (w >> (8 * z)) & 0xff;
                    *o |= byte.wrapping_mul(0x0101_0101_0101_0101) & mk;
                }
            }
            Drop::B => self.scatter(pid, w, out),
        }
    }

    /// Adds the tiles of the grid word `w` of plane `pid` to `out`.
    #[inline]
    pub(crate) fn scatter(&self, pid: usize, mut w: u64, out: &mut Bits) {
        let cells = &self.cell_of[pid];
        while w != 0 {
            out.insert(Cell(cells[w.trailing_zeros() as usize] as u32));
            w &= w - 1;
        }
    }

    /// The moves of a base piece on grid square `s2` of a plane of `N` quadrants holding the men
    /// `occ`: the grid words of its free destinations and of the men it may take.
    #[inline(always)]
    fn plane<const N: usize>(&self, pl: &FamPlane, s2: usize, occ: u64) -> (u64, u64) {
        // Per quadrant: the first blocked perimeter and the men of its ring there.
        let mut fq = [8usize; N];
        let mut rq = [0u64; N];
        let mut t2 = 0u64;
        let mut c2 = 0u64;
        for i in 0..N {
            let sh = pl.quads[i] as usize & (MAX_SHAPES - 1);
            let sq = &self.sq[sh][s2];
            let pure = &self.pure[sh][s2];
            // An open quadrant (often one off the board) skips the walk.
            if sq[7] & occ == 0 {
                t2 |= pure[7];
                continue;
            }
            let mut k = 1;
            while sq[k & 7] & occ == 0 {
                k += 1;
            }
            let k = k & 7;
            fq[i] = k;
            t2 |= pure[k - 1];
            let ring = sq[k] & !sq[k - 1] & occ;
            rq[i] = ring;
            if ring & (ring - 1) == 0 && ring & pure[k] != 0 {
                c2 |= ring;
            }
        }
        for i in 0..N {
            let j = (i + 1) % N;
            let m = fq[i].min(fq[j]);
            let r = pl.cyc[i] as usize & (MAX_SHAPES - 1);
            t2 |= self.ray[r][s2][(m - 1) & 7];
            if m < 8 {
                // The rectangle's ring at m: the men of each quadrant's ring if blocked there.
                let ring = if fq[i] == m { rq[i] } else { 0 } | if fq[j] == m { rq[j] } else { 0 };
                if ring != 0 && ring == self.raycell[r][s2][m] {
                    c2 |= ring;
                }
            }
        }
        (t2, c2)
    }

    /// The destinations of a base piece of family `f` (0 rook, 1 bishop, 2 duke) on `s`: empty
    /// tiles and the tiles of `cap` its open moves reach. `occ2` gives a plane's men.
    #[inline]
    pub(crate) fn family_moves(
        &self,
        f: usize,
        s: Cell,
        occ2: impl Fn(usize) -> u64,
        cap: &Bits,
        out: &mut Bits,
    ) {
        let si = s.index();
        MEMO.with(|memo| {
            for pl in &self.fams[f] {
                let o = pl.o as usize & 15;
                let pid = self.plane_of[o][si] as usize;
                let s2 = self.bit_of[o][si] as usize & 63;
                let occ = occ2(pid);
                let key = (pl.grp as u64) << 6 | s2 as u64;
                let slot = &memo[Memo::slot(occ, key)];
                let e = slot.get();
                let (t2, mut c2) = if e[0] == occ && e[1] == key {
                    (e[2], e[3])
                } else {
                    let r = if f == 1 {
                        self.plane::<6>(pl, s2, occ)
                    } else {
                        self.plane::<4>(pl, s2, occ)
                    };
                    slot.set([occ, key, r.0, r.1]);
                    r
                };
                self.spread(pid, t2 & self.onboard[pid], out);
                let cells = &self.cell_of[pid];
                while c2 != 0 {
                    let c = Cell(cells[c2.trailing_zeros() as usize] as u32);
                    if cap.contains(c) {
                        out.insert(c);
                    }
                    c2 &= c2 - 1;
                }
            }
        })
    }

    /// The routes of family `f` from `from` to `to` on the empty board.
    #[inline]
    pub(crate) fn routes(&self, f: usize, from: Cell, to: Cell) -> &[RouteE] {
        let (s, l) = self.route_idx[f][offset_index(from.index(), to.index())];
        &self.routes[s as usize..s as usize + l as usize]
    }

    /// A route's plane through `from` and its manifold there (a grid word; `to` included).
    #[inline]
    pub(crate) fn manifold(&self, r: &RouteE, from: Cell) -> (usize, u64) {
        let o = r.o as usize & 15;
        let pid = self.plane_of[o][from.index()] as usize;
        let s2 = self.bit_of[o][from.index()] as usize;
        let (s2, k) = (s2 & 63, r.k as usize & 7);
        let mut m = self.sq[r.sa as usize & (MAX_SHAPES - 1)][s2][k];
        if r.sb != NONE {
            m |= self.sq[r.sb as usize & (MAX_SHAPES - 1)][s2][k];
        }
        (pid, m)
    }

    /// The grid bit of `c` in plane orientation `o`.
    #[inline]
    fn bit(&self, r: &RouteE, c: Cell) -> u64 {
        1u64 << self.bit_of[r.o as usize & 15][c.index()]
    }

    /// True if a base piece of family `f` on `from` covers `to` (some route open, whatever stands
    /// on `to`).
    #[inline]
    pub(crate) fn covers(
        &self,
        f: usize,
        from: Cell,
        to: Cell,
        occ2: impl Fn(usize) -> u64,
    ) -> bool {
        from != to
            && self.routes(f, from, to).iter().any(|r| {
                let (pid, m) = self.manifold(r, from);
                m & occ2(pid) & !self.bit(r, to) == 0
            })
    }

    /// True if a king on `from` covers `to` by a perimeter-1 linear step (the book's king; the
    /// brook steps are apart).
    #[inline]
    pub(crate) fn king_covers(&self, from: Cell, to: Cell, occ2: impl Fn(usize) -> u64) -> bool {
        self.king_steps(from.index())
            .iter()
            .any(|&(c, a, b)| c == to && self.king_open(a, b, &occ2))
    }

    /// The king's destinations from `s` (perimeter-1 linear steps of the three families whose
    /// rectangle is empty in some plane), own men excluded.
    #[inline]
    pub(crate) fn king_moves(&self, s: Cell, occ2: impl Fn(usize) -> u64, own: &Bits) -> Bits {
        let mut out = CellSet::EMPTY;
        for &(c, a, b) in self.king_steps(s.index()) {
            if !own.contains(c) && self.king_open(a, b, &occ2) {
                out.insert(c);
            }
        }
        out
    }

    /// The tiles of a route's manifold but `to`, with the attacker's tile `from`: where a man
    /// must stand (or be taken) to keep the route shut.
    pub(crate) fn route_block(&self, r: &RouteE, from: Cell, to: Cell) -> Bits {
        let (pid, m) = self.manifold(r, from);
        let mut out = CellSet::single(from);
        self.scatter(pid, m & self.onboard[pid] & !self.bit(r, to), &mut out);
        out
    }

    /// The men on a route's manifold but `to`, as a grid word of its plane, and the plane.
    #[inline]
    pub(crate) fn route_blockers(
        &self,
        r: &RouteE,
        from: Cell,
        to: Cell,
        occ2: impl Fn(usize) -> u64,
    ) -> (usize, u64) {
        let (pid, m) = self.manifold(r, from);
        (pid, m & occ2(pid) & !self.bit(r, to))
    }

    /// The tile of a grid bit of a plane.
    #[inline]
    pub(crate) fn cell(&self, pid: usize, w: u64) -> Cell {
        Cell(self.cell_of[pid][w.trailing_zeros() as usize] as u32)
    }
}

/// Calls `f` with each tile of `b`, lowest first (a tighter loop than the set's iterator, which
/// walks all eight words for every call of `next`).
#[inline]
pub(crate) fn each(b: &Bits, mut f: impl FnMut(Cell)) {
    for (i, &w) in b.0.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(Cell(i as u32 * 64 + w.trailing_zeros()));
            w &= w - 1;
        }
    }
}

/// True if `f` holds for some tile of `b` (stops at the first).
#[inline]
pub(crate) fn any(b: &Bits, mut f: impl FnMut(Cell) -> bool) -> bool {
    for (i, &w) in b.0.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            if f(Cell(i as u32 * 64 + w.trailing_zeros())) {
                return true;
            }
            w &= w - 1;
        }
    }
    false
}

/// The families of a kind that moves by planes (0 rook, 1 bishop, 2 duke).
pub(crate) fn family_ids(kind: Kind) -> &'static [usize] {
    match kind {
        Kind::Rook => &[0],
        Kind::Bishop => &[1],
        Kind::Duke => &[2],
        Kind::Queen => &[0, 1, 2],
        Kind::Stack => &[1, 2],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::tables;
    use spacechess_variant::RandomMover;

    fn random_occ(rng: &mut RandomMover, n: usize) -> Bits {
        let mut b = CellSet::EMPTY;
        for _ in 0..n {
            b.insert(Cell(rng.below(512) as u32));
        }
        b
    }

    #[test]
    fn plane_moves_agree_with_the_planar_tables() {
        let g = geo();
        let t = tables();
        let mut rng = RandomMover::new(7);
        for round in 0..300 {
            let occ = random_occ(&mut rng, [0, 8, 30, 80, 200][round % 5]);
            let cap = random_occ(&mut rng, 60) & occ;
            let from = Cell(rng.below(512) as u32);
            let mut o = occ;
            o.remove(from);
            let planes = g.all_planes(&o);
            for (f, pt) in [&t.rook, &t.bishop, &t.duke].into_iter().enumerate() {
                let mut fast = CellSet::EMPTY;
                g.family_moves(f, from, |p| planes[p], &cap, &mut fast);
                assert_eq!(fast, pt.moves(from, &o, &cap), "family {f} from {from:?}");
                for to in [Cell(rng.below(512) as u32), Cell(rng.below(512) as u32)] {
                    assert_eq!(
                        g.covers(f, from, to, |p| planes[p]),
                        pt.covers(from, to, &o),
                        "covers {f} {from:?} {to:?}"
                    );
                }
            }
            let own = random_occ(&mut rng, 20) & o;
            let mut king = CellSet::EMPTY;
            for s in &t.king[from.index()] {
                if !own.contains(s.to) && !s.rect.intersects(&o) {
                    king.insert(s.to);
                }
            }
            assert_eq!(g.king_moves(from, |p| planes[p], &own), king);
        }
    }

    /// The plane memo gives what the planes give: the same boards twice (the second time mostly
    /// from the memo, the key being shape, grid square and men), every family, against
    /// `PlanarTables` (01 §3.7-3.8).
    #[test]
    fn memo_answers_as_the_planar_tables() {
        let g = geo();
        let t = tables();
        let mut rng = RandomMover::new(23);
        let cases: Vec<(Bits, Bits, Cell)> = (0..60)
            .map(|i| {
                let from = Cell(rng.below(512) as u32);
                let mut occ = random_occ(&mut rng, [4, 30, 90][i % 3]);
                occ.remove(from);
                let cap = random_occ(&mut rng, 60) & occ;
                (occ, cap, from)
            })
            .collect();
        for _pass in 0..2 {
            for (occ, cap, from) in &cases {
                let planes = g.all_planes(occ);
                for (f, pt) in [&t.rook, &t.bishop, &t.duke].into_iter().enumerate() {
                    let mut fast = CellSet::EMPTY;
                    g.family_moves(f, *from, |p| planes[p], cap, &mut fast);
                    assert_eq!(fast, pt.moves(*from, occ, cap), "family {f} from {from:?}");
                }
            }
        }
    }

    #[test]
    fn kept_planes_follow_the_men_and_counts_match_the_lists() {
        use crate::Goff;
        use spacechess_variant::Variant;
        let g = Goff::new();
        let mut rng = RandomMover::new(11);
        let (mut list, mut scratch) = (Vec::new(), Vec::new());
        for _ in 0..20 {
            let mut p = g.start();
            for _ in 0..60 {
                assert_eq!(p.planes, geo().all_planes(&p.occupied()));
                g.legal_moves(&p, &mut list);
                assert_eq!(g.count_legal_moves(&p, &mut scratch), list.len());
                if list.is_empty() {
                    break;
                }
                p = p.after(&list[rng.below(list.len())]);
            }
        }
    }

    /// The legal moves are the pseudo-legal moves that do not leave the king attacked, in the
    /// same order, under the book's rules and others, along random games.
    #[test]
    fn legal_moves_are_the_tested_pseudo_moves() {
        use crate::movegen::{in_check, legal_moves, pseudo_moves};
        use crate::rules::{CastlingRule, EnPassantRule, GoffRules, PawnRule};
        use crate::Goff;
        use spacechess_variant::Variant;
        let book = GoffRules::default();
        let rules = [
            book,
            GoffRules {
                king_brook_steps: true,
                en_passant: EnPassantRule::SinglePawnDoublePath,
                ..book
            },
            GoffRules {
                stack: crate::rules::StackRules {
                    decay: false,
                    ..book.stack
                },
                pawns: PawnRule::Simple,
                castling: CastlingRule::Single,
                ..book
            },
            GoffRules {
                stack: crate::rules::StackRules {
                    fission: false,
                    ..book.stack
                },
                ..book
            },
        ];
        let mut list = Vec::new();
        let mut checked = 0;
        for (ri, rules) in rules.into_iter().enumerate() {
            let g = Goff::with_rules(rules);
            let mut rng = RandomMover::new(100 + ri as u64);
            for _ in 0..12 {
                let mut p = g.start();
                for _ in 0..120 {
                    legal_moves(&p, &mut list);
                    let me = p.to_move();
                    let mut reference = Vec::new();
                    for from in p.of_player(me) {
                        let pc = p.piece_at(from).unwrap();
                        pseudo_moves(&p, pc, from, &mut reference);
                    }
                    reference.retain(|m| !in_check(&p.after(m), me));
                    assert_eq!(list, reference, "{}", crate::text::position_text(&p));
                    checked += 1;
                    if list.is_empty() {
                        break;
                    }
                    // Prefer captures and checks now and then, to reach sharper positions.
                    let i = rng.below(list.len());
                    p = p.after(&list[i]);
                }
            }
        }
        assert!(checked > 1000);
    }
}
