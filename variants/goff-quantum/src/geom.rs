//! The geometry of quantum moves (05 §3.4): perimeters as ordered sequences of tiles, each with
//! the classical route that reaches it in the move's plane.
//!
//! A *part* is one plane's share of a quantum move: a quadrant at perimeter `n`
//! ([`Part::Quad`]) or a line (a ray in one plane) at perimeter `k` ([`Part::Line`]). Its
//! perimeter is a sequence of relative tiles:
//!
//! - quadrant `(e1, e2)` at `n`: `(n,0), (n,1), ..., (n,n), (n-1,n), ..., (0,n)` (`p e1 + q e2`):
//!   `2n + 1` tiles, the end tiles first and last, the apex in the middle;
//! - line `e` in a plane whose quadrants next to `e` have the other rays `oa` and `ob`: the
//!   perimeter of the advancement rectangle, from the end tile `k oa` over the `oa` side, the line
//!   tile `k e` in the middle, to the end tile `k ob`: `4k + 1` tiles.
//!
//! A spread selects an interval of such a sequence around the proxy. Every tile of a sequence
//! carries its *route in that plane* (plane independence, 05 §3.4): a pure tile of a quadrant is
//! reached by that quadrant move (its square clear), a tile on a ray by the linear move in that
//! plane (its rectangle in that plane clear).

use rustc_hash::FxHashMap;
use spacechess_geometry::Cell;
use spacechess_goff::tables::{tables, Bits, Family};
use spacechess_goff::tile::{zab, Tile};
use spacechess_variant::Player;
use std::sync::OnceLock;

/// A relative tile `(dz, da, db)`.
pub type V = (i8, i8, i8);

/// `a + b`.
pub fn add(a: V, b: V) -> V {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

/// `k v`.
pub fn mul(k: i8, v: V) -> V {
    (k * v.0, k * v.1, k * v.2)
}

/// `a . b`.
pub fn dot(a: V, b: V) -> i32 {
    a.0 as i32 * b.0 as i32 + a.1 as i32 * b.1 as i32 + a.2 as i32 * b.2 as i32
}

/// The cell at `s + d`, if on the board.
pub fn at(s: Cell, d: V) -> Option<Cell> {
    let t = Tile::of(s);
    let c = |x: i8, y: i8| -> Option<i8> { x.checked_add(y).filter(|v| (0..8).contains(v)) };
    let u = Tile::new(c(t.z, d.0)?, c(t.a, d.1)?, c(t.b, d.2)?);
    Some(u.cell())
}

/// The offset from `a` to `b`.
pub fn offset(a: Cell, b: Cell) -> V {
    Tile::of(a).offset_to(&Tile::of(b))
}

/// One plane's share of a quantum move (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// Quadrant `q` (index into the family's quadrants) at perimeter `n`.
    Quad {
        /// The quadrant.
        q: u8,
        /// The perimeter.
        n: u8,
    },
    /// Line `l` (index into the family's lines: a ray in one plane) at perimeter `k`.
    Line {
        /// The line.
        l: u8,
        /// The perimeter (distance along the ray).
        k: u8,
    },
}

impl Part {
    /// The perimeter.
    pub fn perimeter(self) -> u8 {
        match self {
            Part::Quad { n, .. } => n,
            Part::Line { k, .. } => k,
        }
    }
}

/// The geometry of one base piece's planes, in `(dz, da, db)`.
#[derive(Debug)]
pub struct FamilyGeom {
    /// The base piece.
    pub family: Family,
    /// The rays.
    pub rays: Vec<V>,
    /// The quadrants: plane, first ray, second ray.
    pub quads: Vec<(usize, usize, usize)>,
    /// The lines: ray, plane, the two quadrants next to the ray.
    pub lines: Vec<(usize, usize, [usize; 2])>,
    /// The line of (ray, plane).
    line_of: FxHashMap<(usize, usize), usize>,
}

/// Perimeters are at most this long (the board's extent less one).
pub const MAX_PERIMETER: u8 = 7;

impl FamilyGeom {
    fn build(family: Family) -> FamilyGeom {
        let f = tables().planar(family).family();
        let rays: Vec<V> = f.rays.iter().map(zab).collect();
        let quads = f.quadrants.iter().map(|q| (q.plane, q.e1, q.e2)).collect();
        let lines: Vec<(usize, usize, [usize; 2])> = f
            .lines
            .iter()
            .map(|l| (l.ray, l.plane, l.quadrants))
            .collect();
        let line_of = lines
            .iter()
            .enumerate()
            .map(|(i, &(r, p, _))| ((r, p), i))
            .collect();
        FamilyGeom {
            family,
            rays,
            quads,
            lines,
            line_of,
        }
    }

    /// The plane of a part.
    pub fn plane(&self, part: Part) -> usize {
        match part {
            Part::Quad { q, .. } => self.quads[q as usize].0,
            Part::Line { l, .. } => self.lines[l as usize].1,
        }
    }

    /// The line of `ray` in `plane`.
    pub fn line(&self, ray: usize, plane: usize) -> usize {
        self.line_of[&(ray, plane)]
    }

    /// The ray index of a unit step, if it is one of the family's.
    pub fn ray_index(&self, r: V) -> Option<usize> {
        self.rays.iter().position(|&x| x == r)
    }

    /// The perimeter sequence of a part: each tile's offset from the source and its route.
    pub fn seq(&self, part: Part) -> Vec<(V, Part)> {
        match part {
            Part::Quad { q, n } => {
                let (plane, e1, e2) = self.quads[q as usize];
                let (u, v) = (self.rays[e1], self.rays[e2]);
                let ni = n as i8;
                let mut out = Vec::with_capacity(2 * n as usize + 1);
                out.push((
                    mul(ni, u),
                    Part::Line {
                        l: self.line(e1, plane) as u8,
                        k: n,
                    },
                ));
                for j in 1..=ni {
                    out.push((add(mul(ni, u), mul(j, v)), part));
                }
                for i in (1..ni).rev() {
                    out.push((add(mul(i, u), mul(ni, v)), part));
                }
                out.push((
                    mul(ni, v),
                    Part::Line {
                        l: self.line(e2, plane) as u8,
                        k: n,
                    },
                ));
                out
            }
            Part::Line { l, k } => {
                let (ray, plane, [qa, qb]) = self.lines[l as usize];
                let other = |q: usize| {
                    let (_, a, b) = self.quads[q];
                    if a == ray {
                        b
                    } else {
                        a
                    }
                };
                let (oa, ob) = (other(qa), other(qb));
                let (e, va, vb) = (self.rays[ray], self.rays[oa], self.rays[ob]);
                let ki = k as i8;
                let quad = |q: usize| Part::Quad { q: q as u8, n: k };
                let mut out = Vec::with_capacity(4 * k as usize + 1);
                out.push((
                    mul(ki, va),
                    Part::Line {
                        l: self.line(oa, plane) as u8,
                        k,
                    },
                ));
                for p in 1..=ki {
                    out.push((add(mul(p, e), mul(ki, va)), quad(qa)));
                }
                for q in (1..ki).rev() {
                    out.push((add(mul(ki, e), mul(q, va)), quad(qa)));
                }
                out.push((mul(ki, e), part));
                for q in 1..ki {
                    out.push((add(mul(ki, e), mul(q, vb)), quad(qb)));
                }
                for p in (1..=ki).rev() {
                    out.push((add(mul(p, e), mul(ki, vb)), quad(qb)));
                }
                out.push((
                    mul(ki, vb),
                    Part::Line {
                        l: self.line(ob, plane) as u8,
                        k,
                    },
                ));
                out
            }
        }
    }

    /// The parts whose proxy an offset can be, with its index in each part's sequence: every
    /// quadrant route of the offset (pure tiles; two planes for a duke's duplex apex), or every
    /// plane of a linear offset (its line tile). Empty if the offset is not a move of the family.
    pub fn parts_of_offset(&self, o: V) -> Vec<(Part, usize)> {
        let mut out = Vec::new();
        for (qi, &(_, e1, e2)) in self.quads.iter().enumerate() {
            let (u, v) = (self.rays[e1], self.rays[e2]);
            for i in 1..=15i8 {
                for j in 1..=15i8 {
                    if add(mul(i, u), mul(j, v)) == o {
                        let n = i.max(j);
                        let idx = if i == n {
                            j as usize
                        } else {
                            (2 * n - i) as usize
                        };
                        out.push((
                            Part::Quad {
                                q: qi as u8,
                                n: n as u8,
                            },
                            idx,
                        ));
                    }
                }
            }
        }
        for (li, &(ray, _, _)) in self.lines.iter().enumerate() {
            let e = self.rays[ray];
            for k in 1..=15i8 {
                if mul(k, e) == o {
                    out.push((
                        Part::Line {
                            l: li as u8,
                            k: k as u8,
                        },
                        2 * k as usize,
                    ));
                }
            }
        }
        out
    }

    /// The plane designator of a plane from `player`'s view (rook H, L, R; bishop U, D, L, R;
    /// duke MA, MI, UL, DL, UR, DR) and its rank in the designator order.
    pub fn designator(&self, plane: usize, player: Player) -> (&'static str, usize) {
        let name = tables().plane_name(self.family, plane, player);
        let order: &[(&str, &str)] = match self.family {
            Family::Rook => &[
                ("horizontal", "H"),
                ("left vertical", "L"),
                ("right vertical", "R"),
            ],
            Family::Bishop => &[
                ("upward", "U"),
                ("downward", "D"),
                ("leftward", "L"),
                ("rightward", "R"),
            ],
            Family::Duke => &[
                ("major", "MA"),
                ("minor", "MI"),
                ("upleft", "UL"),
                ("downleft", "DL"),
                ("upright", "UR"),
                ("downright", "DR"),
            ],
        };
        let rank = order
            .iter()
            .position(|(n, _)| *n == name)
            .expect("every plane has a designator");
        (order[rank].1, rank)
    }
}

/// The manifold a route needs clear (its destination aside) from `s`: the square of a quadrant
/// move, the rectangle of a linear move in its plane; None if the route leaves the board.
pub fn manifold(family: Family, s: Cell, route: Part) -> Option<Bits> {
    let pt = tables().planar(family);
    match route {
        Part::Quad { q, n } => pt.square(s, q as usize, n as usize),
        Part::Line { l, k } => pt.rectangle(s, l as usize, k as usize),
    }
}

/// True if the route from `s` to `t` is open: its manifold holds no man but on `t`.
pub fn open(family: Family, s: Cell, t: Cell, route: Part, occupied: &Bits) -> bool {
    match manifold(family, s, route) {
        Some(m) => {
            let mut x = m & *occupied;
            x.remove(t);
            x.is_empty()
        }
        None => false,
    }
}

/// The geometry of a base piece (built once).
pub fn geom(family: Family) -> &'static FamilyGeom {
    static G: OnceLock<[FamilyGeom; 3]> = OnceLock::new();
    &G.get_or_init(|| Family::ALL.map(FamilyGeom::build))[family as usize]
}

/// The pawn's forward quadrant in the horizontal plane from `player`'s home column: `(e1, e2)`.
pub fn pawn_rays(player: Player) -> (V, V) {
    if player.0 == 0 {
        ((0, 1, 0), (0, 0, 1))
    } else {
        ((0, -1, 0), (0, 0, -1))
    }
}

/// The pawn's forward perimeter `n` as a quadrant sequence (`2n + 1` offsets).
pub fn pawn_seq(player: Player, n: u8) -> Vec<V> {
    let (u, v) = pawn_rays(player);
    let ni = n as i8;
    let mut out = Vec::new();
    for j in 0..=ni {
        out.push(add(mul(ni, u), mul(j, v)));
    }
    for i in (0..ni).rev() {
        out.push(add(mul(i, u), mul(ni, v)));
    }
    out
}

/// The 24 knight leaps (every permutation and sign of (1, 2, 2)).
pub fn knight_leaps() -> Vec<V> {
    let mut out = Vec::new();
    for z in -2..=2i8 {
        for a in -2..=2i8 {
            for b in -2..=2i8 {
                let mut m = [z.abs(), a.abs(), b.abs()];
                m.sort();
                if m == [1, 2, 2] {
                    out.push((z, a, b));
                }
            }
        }
    }
    out
}

/// The knight deflected from `ray` (05 §3.4, T44): the leaps with the largest dot product with it.
pub fn deflected(ray: V) -> Vec<V> {
    let leaps = knight_leaps();
    let best = leaps.iter().map(|&l| dot(l, ray)).max().unwrap_or(0);
    leaps.into_iter().filter(|&l| dot(l, ray) == best).collect()
}

/// One way a stack can fission (03 §2.4.5, 05 §3.4): the conjoining overlap tile `F` and the
/// bishop's and duke's parts whose perimeters meet there. The regions (what must be clear) are
/// the parts' whole manifolds: the bishop's rectangle (q-tile) or square (Feynman tile), the
/// duke's square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FissionGeom {
    /// The offset of `F`.
    pub f: V,
    /// The bishop's parts: two lines (q-tile) or one quadrant (Feynman tile).
    pub bishop: Vec<Part>,
    /// The duke's part: a quadrant.
    pub duke: Part,
}

/// Every fission structure (any `k`, on the empty infinite lattice; `F` must be on the board).
pub fn fission_structures() -> &'static [FissionGeom] {
    static F: OnceLock<Vec<FissionGeom>> = OnceLock::new();
    F.get_or_init(|| {
        let b = geom(Family::Bishop);
        let d = geom(Family::Duke);
        let quad_of = |g: &FamilyGeom, u: V, v: V| -> usize {
            let (iu, iv) = (g.ray_index(u).unwrap(), g.ray_index(v).unwrap());
            g.quads
                .iter()
                .position(|&(_, a, c)| (a, c) == (iu, iv) || (a, c) == (iv, iu))
                .expect("the quadrant exists")
        };
        let mut out = Vec::new();
        for &e in &b.rays {
            let m: V = (1 - e.0.abs(), 1 - e.1.abs(), 1 - e.2.abs());
            let p = add(e, m);
            let q = (e.0 - m.0, e.1 - m.1, e.2 - m.2);
            let qd = quad_of(d, p, q);
            let ray = b.ray_index(e).unwrap();
            let lines: Vec<usize> = (0..b.lines.len())
                .filter(|&l| b.lines[l].0 == ray)
                .collect();
            for k in 1..=3u8 {
                out.push(FissionGeom {
                    f: mul(2 * k as i8, e),
                    bishop: lines
                        .iter()
                        .map(|&l| Part::Line {
                            l: l as u8,
                            k: 2 * k,
                        })
                        .collect(),
                    duke: Part::Quad { q: qd as u8, n: k },
                });
            }
        }
        for (i, &u) in b.rays.iter().enumerate() {
            for &v in &b.rays[i + 1..] {
                if dot(u, v) != 1 {
                    continue;
                }
                let s = add(u, v);
                let p = (s.0.signum(), s.1.signum(), s.2.signum());
                let q = (2 * s.0 - 3 * p.0, 2 * s.1 - 3 * p.1, 2 * s.2 - 3 * p.2);
                let qb = quad_of(b, u, v);
                let qd = quad_of(d, p, q);
                for k in 1..=3u8 {
                    out.push(FissionGeom {
                        f: mul(2 * k as i8, s),
                        bishop: vec![Part::Quad {
                            q: qb as u8,
                            n: 2 * k,
                        }],
                        duke: Part::Quad {
                            q: qd as u8,
                            n: 3 * k,
                        },
                    });
                }
            }
        }
        out
    })
}

/// The index of `o` in a part's sequence.
pub fn index_in(family: Family, part: Part, o: V) -> Option<usize> {
    geom(family).seq(part).iter().position(|&(x, _)| x == o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_have_their_lengths_and_routes() {
        for f in Family::ALL {
            let g = geom(f);
            for q in 0..g.quads.len() {
                for n in 1..=3u8 {
                    let s = g.seq(Part::Quad { q: q as u8, n });
                    assert_eq!(s.len(), 2 * n as usize + 1);
                    assert!(matches!(s[0].1, Part::Line { .. }));
                    assert!(matches!(s[n as usize].1, Part::Quad { .. }));
                }
            }
            for l in 0..g.lines.len() {
                for k in 1..=3u8 {
                    let s = g.seq(Part::Line { l: l as u8, k });
                    assert_eq!(s.len(), 4 * k as usize + 1);
                    let mut offs: Vec<V> = s.iter().map(|x| x.0).collect();
                    offs.sort();
                    offs.dedup();
                    assert_eq!(offs.len(), s.len(), "{f:?} line {l} k {k}: distinct tiles");
                    assert_eq!(s[2 * k as usize].1, Part::Line { l: l as u8, k });
                }
            }
        }
        assert_eq!(fission_structures().len(), 12 * 3 + 24 * 3);
        assert_eq!(deflected((1, 0, 0)).len(), 8);
        assert_eq!(deflected((-1, 0, -1)).len(), 2);
        assert_eq!(deflected((-1, 1, 1)).len(), 3);
    }

    #[test]
    fn offsets_find_their_parts() {
        // A rook's linear move lies in two planes, a duke's duplex apex in two, its line in three.
        assert_eq!(geom(Family::Rook).parts_of_offset((0, 0, 3)).len(), 2);
        assert_eq!(geom(Family::Rook).parts_of_offset((0, 2, 3)).len(), 1);
        assert_eq!(geom(Family::Duke).parts_of_offset((2, 0, 0)).len(), 2);
        assert_eq!(geom(Family::Duke).parts_of_offset((2, 2, 2)).len(), 3);
        assert_eq!(geom(Family::Bishop).parts_of_offset((0, 2, 2)).len(), 2);
        assert!(geom(Family::Bishop).parts_of_offset((0, 1, 0)).is_empty());
    }
}
