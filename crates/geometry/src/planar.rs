//! Planar moves (Allan Goff's 3D chess): planes spanned by rays of one kind, their quadrants,
//! perimeters, advancement squares and advancement rectangles, precomputed per source cell.
//!
//! A *planar family* is a set of rays (all steps of one kind) and the planes of that family: 2D
//! subspaces spanned by two of the rays. The rays lying in a plane, ordered by angle, cut it into
//! *quadrants* (pairs of angularly adjacent rays `(e1, e2)`). From a source `s`:
//!
//! - the **advancement square** of perimeter `k` of a quadrant is
//!   `{ s + p*e1 + q*e2 : 0 <= p, q <= k } \ {s}`; its **perimeter** `k` is the part with
//!   `max(p, q) = k`; the **pure** perimeter tiles have `p, q >= 1` (the others, on the rays, are
//!   *end tiles*); the **apex** is `p = q = k`;
//! - a **quadrant move** to `s + i*e1 + j*e2` (`i, j >= 1`) has perimeter `k = max(i, j)` and is
//!   open iff the square of perimeter `k` holds no occupied cell other than the destination;
//! - a **linear move** to `s + k*e1` is open in a plane containing `e1` iff the **advancement
//!   rectangle** (the squares of perimeter `k` of the two quadrants next to `e1` in that plane)
//!   holds no occupied cell other than the destination; the move is legal iff it is open in at
//!   least one plane.
//!
//! Cells off the board are simply absent from every mask: they never block. Everything that depends
//! only on the source cell is computed once ([`PlanarTables`]), so a legality test is a few set
//! operations over bitboards.

use crate::cellset::CellSet;
use crate::shape::{Cell, Shape, ShapeError};
use crate::vector::Vector;

/// A plane of a [`PlanarFamily`]: its spanning rays and the family's rays lying in it, in angular
/// order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyPlane {
    /// First spanning ray.
    pub u: Vector,
    /// Second spanning ray.
    pub v: Vector,
    /// Indices (into [`PlanarFamily::rays`]) of the rays in this plane, in cyclic angular order.
    pub rays: Vec<usize>,
}

/// A quadrant: two angularly adjacent rays of one plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadrant {
    /// Index of the plane in [`PlanarFamily::planes`].
    pub plane: usize,
    /// First bounding ray (index into [`PlanarFamily::rays`]).
    pub e1: usize,
    /// Second bounding ray.
    pub e2: usize,
}

/// A line of the family inside one of its planes: a ray, the plane, and the two quadrants of that
/// plane next to the ray (whose squares make the advancement rectangle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinePlane {
    /// The ray (index into [`PlanarFamily::rays`]).
    pub ray: usize,
    /// The plane (index into [`PlanarFamily::planes`]).
    pub plane: usize,
    /// The two quadrants (indices into [`PlanarFamily::quadrants`]) bounded by the ray.
    pub quadrants: [usize; 2],
}

/// Rays of one kind and the planes they move in, with quadrants and lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanarFamily {
    /// The rays (unit steps).
    pub rays: Vec<Vector>,
    /// The planes.
    pub planes: Vec<FamilyPlane>,
    /// Every quadrant of every plane, plane by plane.
    pub quadrants: Vec<Quadrant>,
    /// Every (ray, plane containing it) pair.
    pub lines: Vec<LinePlane>,
}

fn dot(a: &Vector, b: &Vector) -> i64 {
    a.as_slice()
        .iter()
        .zip(b.as_slice())
        .map(|(&x, &y)| x as i64 * y as i64)
        .sum()
}

/// True if `r` lies in the span of `u` and `v` (the Gram determinant of u, v, r vanishes).
fn in_span(u: &Vector, v: &Vector, r: &Vector) -> bool {
    let vs = [u, v, r];
    let g: Vec<Vec<i64>> = vs
        .iter()
        .map(|a| vs.iter().map(|b| dot(a, b)).collect())
        .collect();
    let det = g[0][0] * (g[1][1] * g[2][2] - g[1][2] * g[2][1])
        - g[0][1] * (g[1][0] * g[2][2] - g[1][2] * g[2][0])
        + g[0][2] * (g[1][0] * g[2][1] - g[1][1] * g[2][0]);
    det == 0
}

fn parallel(u: &Vector, v: &Vector) -> bool {
    let (a, b) = (dot(u, u), dot(v, v));
    let c = dot(u, v);
    c * c == a * b
}

impl PlanarFamily {
    /// The family of `rays` moving in the planes spanned by the given pairs of rays. Pairs that are
    /// parallel or span a plane already listed are skipped.
    pub fn new(rays: Vec<Vector>, spans: &[(Vector, Vector)]) -> PlanarFamily {
        let mut planes: Vec<FamilyPlane> = Vec::new();
        for (u, v) in spans {
            if parallel(u, v) {
                continue;
            }
            let mut members: Vec<usize> = (0..rays.len())
                .filter(|&i| in_span(u, v, &rays[i]))
                .collect();
            // Angle of each ray in the orthogonal basis (u, w), w = v*|u|^2 - u*(u.v).
            let uu = dot(u, u);
            let uv = dot(u, v);
            let w: Vec<i64> = u
                .as_slice()
                .iter()
                .zip(v.as_slice())
                .map(|(&a, &b)| b as i64 * uu - a as i64 * uv)
                .collect();
            let wn = (w.iter().map(|x| x * x).sum::<i64>() as f64).sqrt();
            let un = (uu as f64).sqrt();
            let angle = |r: &Vector| {
                let x = dot(u, r) as f64 / un;
                let y = r
                    .as_slice()
                    .iter()
                    .zip(&w)
                    .map(|(&a, &b)| a as i64 * b)
                    .sum::<i64>() as f64
                    / wn;
                y.atan2(x)
            };
            members.sort_by(|&a, &b| angle(&rays[a]).total_cmp(&angle(&rays[b])));
            let mut sorted = members.clone();
            sorted.sort();
            if planes.iter().any(|p| {
                let mut q = p.rays.clone();
                q.sort();
                q == sorted
            }) {
                continue;
            }
            planes.push(FamilyPlane {
                u: *u,
                v: *v,
                rays: members,
            });
        }
        let mut quadrants = Vec::new();
        for (pi, p) in planes.iter().enumerate() {
            let n = p.rays.len();
            for i in 0..n {
                quadrants.push(Quadrant {
                    plane: pi,
                    e1: p.rays[i],
                    e2: p.rays[(i + 1) % n],
                });
            }
        }
        let mut lines = Vec::new();
        for ray in 0..rays.len() {
            for pi in 0..planes.len() {
                let qs: Vec<usize> = (0..quadrants.len())
                    .filter(|&q| {
                        quadrants[q].plane == pi
                            && (quadrants[q].e1 == ray || quadrants[q].e2 == ray)
                    })
                    .collect();
                if qs.len() == 2 {
                    lines.push(LinePlane {
                        ray,
                        plane: pi,
                        quadrants: [qs[0], qs[1]],
                    });
                }
            }
        }
        PlanarFamily {
            rays,
            planes,
            quadrants,
            lines,
        }
    }

    /// The steps of `kind` on `shape`, moving in the planes spanned by two of them that hold the
    /// most of them. In 3D: kind 1 gives the rook's 3 orthogonal planes (4 rays each), kind 2 the
    /// bishop's 4 skew planes (6 rays each; the orthogonal planes hold only 4 diagonal rays and are
    /// not used), kind 3 the duke's 6 slant planes (4 rays each).
    pub fn maximal(shape: &Shape, kind: usize) -> PlanarFamily {
        let rays = shape.steps(kind);
        let mut spans = Vec::new();
        for (i, u) in rays.iter().enumerate() {
            for v in &rays[i + 1..] {
                spans.push((*u, *v));
            }
        }
        let all = PlanarFamily::new(rays.clone(), &spans);
        let most = all.planes.iter().map(|p| p.rays.len()).max().unwrap_or(0);
        let keep: Vec<(Vector, Vector)> = all
            .planes
            .iter()
            .filter(|p| p.rays.len() == most)
            .map(|p| (p.u, p.v))
            .collect();
        PlanarFamily::new(rays, &keep)
    }

    /// The planes (indices) that contain ray `ray`.
    pub fn planes_of_ray(&self, ray: usize) -> Vec<usize> {
        self.lines
            .iter()
            .filter(|l| l.ray == ray)
            .map(|l| l.plane)
            .collect()
    }
}

/// One way to reach a cell from a source: a quadrant move or a linear move in one plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// `s + i*e1 + j*e2` in quadrant `quadrant` (perimeter `max(i, j)`; apex when `i == j`).
    Quadrant {
        /// Index into [`PlanarFamily::quadrants`].
        quadrant: u16,
        /// Multiple of `e1`.
        i: u8,
        /// Multiple of `e2`.
        j: u8,
    },
    /// `s + k*ray` in the plane of line `line`.
    Linear {
        /// Index into [`PlanarFamily::lines`].
        line: u16,
        /// Distance (the perimeter).
        k: u8,
    },
}

impl Route {
    /// The perimeter of the route.
    pub fn perimeter(&self) -> usize {
        match *self {
            Route::Quadrant { i, j, .. } => i.max(j) as usize,
            Route::Linear { k, .. } => k as usize,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Level<const W: usize> {
    /// The advancement square (quadrant) or rectangle (line) of this perimeter, on the board,
    /// without the source.
    manifold: CellSet<W>,
    /// Quadrant: the pure tiles of the perimeter on the board. Line: the destination alone.
    targets: CellSet<W>,
}

/// The planar machinery of one [`PlanarFamily`] over one board, precomputed for every source cell.
#[derive(Clone, Debug)]
pub struct PlanarTables<const W: usize> {
    shape: Shape,
    family: PlanarFamily,
    /// `(start, len)` of the levels (perimeters 1..=len) of `(cell, quadrant)`.
    quad_index: Vec<(u32, u8)>,
    /// `(start, len)` of the levels of `(cell, line)`.
    line_index: Vec<(u32, u8)>,
    levels: Vec<Level<W>>,
    /// Routes by offset, over the dense box of offsets `(-(e-1) ..= e-1)` per axis.
    routes: Vec<Vec<Route>>,
    /// Per cell, `sum(coord * stride)` over the axes: the route index of `from -> to` is
    /// `route_base + linear[to] - linear[from]`.
    linear: Vec<i32>,
    /// The route index of the zero offset.
    route_base: i32,
}

fn coords_i32(shape: &Shape, c: Cell) -> Vec<i32> {
    shape
        .coords(c)
        .as_slice()
        .iter()
        .map(|&x| x as i32)
        .collect()
}

fn cell_at(shape: &Shape, p: &[i32]) -> Option<Cell> {
    if p.iter()
        .zip(shape.extents())
        .any(|(&x, &e)| x < 0 || x >= e as i32)
    {
        return None;
    }
    let v: Vec<i8> = p.iter().map(|&x| x as i8).collect();
    shape.cell(&Vector::new(&v))
}

fn comb(s: &[i32], p: i32, e1: &Vector, q: i32, e2: &Vector) -> Vec<i32> {
    s.iter()
        .zip(e1.as_slice().iter().zip(e2.as_slice()))
        .map(|(&x, (&a, &b))| x + p * a as i32 + q * b as i32)
        .collect()
}

impl<const W: usize> PlanarTables<W> {
    /// Builds the tables of `family` over `shape`.
    pub fn new(shape: &Shape, family: PlanarFamily) -> Result<PlanarTables<W>, ShapeError> {
        shape.check_table_size()?;
        if shape.cell_count() as usize > CellSet::<W>::CAPACITY {
            return Err(ShapeError::TooLargeForTables(shape.cell_count()));
        }
        for r in &family.rays {
            if r.ndim() != shape.ndim() {
                return Err(ShapeError::Dimension {
                    expected: shape.ndim(),
                    found: r.ndim(),
                });
            }
        }
        let reach = shape.extents().iter().copied().max().unwrap_or(1) as i32;
        let nq = family.quadrants.len();
        let nl = family.lines.len();
        let mut quad_index = Vec::with_capacity(shape.cell_count() as usize * nq);
        let mut line_index = Vec::with_capacity(shape.cell_count() as usize * nl);
        let mut levels: Vec<Level<W>> = Vec::new();
        let square = |s: &[i32], e1: &Vector, e2: &Vector, k: i32| -> CellSet<W> {
            let mut m = CellSet::EMPTY;
            for p in 0..=k {
                for q in 0..=k {
                    if p == 0 && q == 0 {
                        continue;
                    }
                    if let Some(c) = cell_at(shape, &comb(s, p, e1, q, e2)) {
                        m.insert(c);
                    }
                }
            }
            m
        };
        for cell in shape.cells() {
            let s = coords_i32(shape, cell);
            for quad in &family.quadrants {
                let (e1, e2) = (&family.rays[quad.e1], &family.rays[quad.e2]);
                // Pure tiles per perimeter; keep perimeters up to the last with a pure tile.
                let mut pure: Vec<CellSet<W>> = Vec::new();
                for k in 1..=reach {
                    let mut t = CellSet::EMPTY;
                    for p in 1..=k {
                        for q in 1..=k {
                            if p.max(q) == k {
                                if let Some(c) = cell_at(shape, &comb(&s, p, e1, q, e2)) {
                                    t.insert(c);
                                }
                            }
                        }
                    }
                    pure.push(t);
                }
                let len = pure
                    .iter()
                    .rposition(|t| !t.is_empty())
                    .map_or(0, |i| i + 1);
                quad_index.push((levels.len() as u32, len as u8));
                for (k, t) in pure.into_iter().take(len).enumerate() {
                    levels.push(Level {
                        manifold: square(&s, e1, e2, k as i32 + 1),
                        targets: t,
                    });
                }
            }
            for line in &family.lines {
                let e1 = &family.rays[line.ray];
                let qa = family.quadrants[line.quadrants[0]];
                let qb = family.quadrants[line.quadrants[1]];
                let other = |q: Quadrant| if q.e1 == line.ray { q.e2 } else { q.e1 };
                let (e2, e3) = (&family.rays[other(qa)], &family.rays[other(qb)]);
                let start = levels.len() as u32;
                let mut k = 1;
                while let Some(d) = cell_at(shape, &comb(&s, k, e1, 0, e2)) {
                    levels.push(Level {
                        manifold: square(&s, e1, e2, k) | square(&s, e1, e3, k),
                        targets: CellSet::single(d),
                    });
                    k += 1;
                }
                line_index.push((start, (k - 1) as u8));
            }
        }
        // Routes by offset.
        let n = shape.ndim();
        let mut offset_strides = Vec::with_capacity(n);
        let mut size = 1usize;
        for a in 0..n {
            offset_strides.push(size);
            size *= 2 * shape.extent(a) - 1;
        }
        let mut routes: Vec<Vec<Route>> = vec![Vec::new(); size];
        let zero = vec![0i32; n];
        let index_of = |d: &[i32]| -> Option<usize> {
            let mut idx = 0;
            for a in 0..n {
                let e = shape.extent(a) as i32;
                if d[a] <= -e || d[a] >= e {
                    return None;
                }
                idx += (d[a] + e - 1) as usize * offset_strides[a];
            }
            Some(idx)
        };
        for (qi, quad) in family.quadrants.iter().enumerate() {
            let (e1, e2) = (&family.rays[quad.e1], &family.rays[quad.e2]);
            for i in 1..=reach {
                for j in 1..=reach {
                    if let Some(idx) = index_of(&comb(&zero, i, e1, j, e2)) {
                        routes[idx].push(Route::Quadrant {
                            quadrant: qi as u16,
                            i: i as u8,
                            j: j as u8,
                        });
                    }
                }
            }
        }
        for (li, line) in family.lines.iter().enumerate() {
            let e1 = &family.rays[line.ray];
            for k in 1..=reach {
                if let Some(idx) = index_of(&comb(&zero, k, e1, 0, e1)) {
                    routes[idx].push(Route::Linear {
                        line: li as u16,
                        k: k as u8,
                    });
                }
            }
        }
        let linear = shape
            .cells()
            .map(|c| {
                let v = shape.coords(c);
                (0..n)
                    .map(|a| v.get(a) as i32 * offset_strides[a] as i32)
                    .sum()
            })
            .collect();
        let route_base = index_of(&zero).expect("the zero offset is in the box") as i32;
        Ok(PlanarTables {
            shape: shape.clone(),
            family,
            quad_index,
            line_index,
            levels,
            routes,
            linear,
            route_base,
        })
    }

    /// The family.
    pub fn family(&self) -> &PlanarFamily {
        &self.family
    }

    /// The board.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    #[inline]
    fn quad_levels(&self, from: Cell, quadrant: usize) -> &[Level<W>] {
        let (s, l) = self.quad_index[from.index() * self.family.quadrants.len() + quadrant];
        &self.levels[s as usize..s as usize + l as usize]
    }

    #[inline]
    fn line_levels(&self, from: Cell, line: usize) -> &[Level<W>] {
        let (s, l) = self.line_index[from.index() * self.family.lines.len() + line];
        &self.levels[s as usize..s as usize + l as usize]
    }

    /// The advancement square of perimeter `k` of a quadrant from `from` (cells on the board, the
    /// source excluded), or `None` if no pure tile of that perimeter (or beyond) is on the board.
    pub fn square(&self, from: Cell, quadrant: usize, k: usize) -> Option<CellSet<W>> {
        k.checked_sub(1)
            .and_then(|i| self.quad_levels(from, quadrant).get(i))
            .map(|l| l.manifold)
    }

    /// The pure tiles (both multiples at least 1) of perimeter `k` of a quadrant, on the board.
    pub fn pure_perimeter(&self, from: Cell, quadrant: usize, k: usize) -> CellSet<W> {
        k.checked_sub(1)
            .and_then(|i| self.quad_levels(from, quadrant).get(i))
            .map_or(CellSet::EMPTY, |l| l.targets)
    }

    /// The advancement rectangle of a linear move of length `k` along line `line` (its ray, in its
    /// plane), or `None` if the destination is off the board.
    pub fn rectangle(&self, from: Cell, line: usize, k: usize) -> Option<CellSet<W>> {
        k.checked_sub(1)
            .and_then(|i| self.line_levels(from, line).get(i))
            .map(|l| l.manifold)
    }

    /// The destination of a linear move of length `k` along line `line`, if on the board.
    pub fn line_target(&self, from: Cell, line: usize, k: usize) -> Option<Cell> {
        k.checked_sub(1)
            .and_then(|i| self.line_levels(from, line).get(i))
            .and_then(|l| l.targets.first_cell())
    }

    /// The destinations of the open quadrant moves of one quadrant: every pure tile whose square
    /// holds no occupied cell but itself, a tile that is occupied only if it is in `capturable`.
    #[inline]
    pub fn quadrant_moves(
        &self,
        from: Cell,
        quadrant: usize,
        occupied: &CellSet<W>,
        capturable: &CellSet<W>,
    ) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        let mut prev = CellSet::EMPTY;
        for l in self.quad_levels(from, quadrant) {
            let per = l.manifold.without(&prev);
            let occ = per & *occupied;
            if occ.is_empty() {
                out |= l.targets;
            } else {
                if occ.len() == 1 && (occ & l.targets).intersects(capturable) {
                    out |= occ;
                }
                break;
            }
            prev = l.manifold;
        }
        out
    }

    /// The destinations of the linear moves along one line that are open in its plane.
    #[inline]
    pub fn linear_moves(
        &self,
        from: Cell,
        line: usize,
        occupied: &CellSet<W>,
        capturable: &CellSet<W>,
    ) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        let mut prev = CellSet::EMPTY;
        for l in self.line_levels(from, line) {
            let per = l.manifold.without(&prev);
            let occ = per & *occupied;
            if occ.is_empty() {
                out |= l.targets;
            } else {
                if occ == l.targets && occ.intersects(capturable) {
                    out |= occ;
                }
                break;
            }
            prev = l.manifold;
        }
        out
    }

    /// Every destination of a piece of this family on `from`: quadrant moves of every quadrant and
    /// linear moves open in at least one plane. Occupied cells are destinations only if in
    /// `capturable`.
    pub fn moves(&self, from: Cell, occupied: &CellSet<W>, capturable: &CellSet<W>) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        for q in 0..self.family.quadrants.len() {
            out |= self.quadrant_moves(from, q, occupied, capturable);
        }
        for l in 0..self.family.lines.len() {
            out |= self.linear_moves(from, l, occupied, capturable);
        }
        out
    }

    /// The routes from `from` to `to` on an empty board (quadrant and linear, every plane).
    #[inline]
    pub fn routes(&self, from: Cell, to: Cell) -> &[Route] {
        let idx = self.route_base + self.linear[to.index()] - self.linear[from.index()];
        &self.routes[idx as usize]
    }

    /// The manifold (square or rectangle) a route must find empty, apart from its destination.
    pub fn manifold(&self, from: Cell, route: &Route) -> CellSet<W> {
        match *route {
            Route::Quadrant { quadrant, i, j } => self
                .square(from, quadrant as usize, i.max(j) as usize)
                .expect("a route to a cell on the board has its square"),
            Route::Linear { line, k } => self
                .rectangle(from, line as usize, k as usize)
                .expect("a route to a cell on the board has its rectangle"),
        }
    }

    /// True if the route from `from` to `to` is open: its manifold holds no occupied cell but `to`.
    #[inline]
    pub fn route_open(&self, from: Cell, to: Cell, route: &Route, occupied: &CellSet<W>) -> bool {
        let mut m = self.manifold(from, route) & *occupied;
        m.remove(to);
        m.is_empty()
    }

    /// True if a piece of this family on `from` covers `to` (attacks or defends it): some route is
    /// open, whatever stands on `to`.
    #[inline]
    pub fn covers(&self, from: Cell, to: Cell, occupied: &CellSet<W>) -> bool {
        from != to
            && self
                .routes(from, to)
                .iter()
                .any(|r| self.route_open(from, to, r, occupied))
    }

    /// The plane of a route.
    pub fn route_plane(&self, route: &Route) -> usize {
        match *route {
            Route::Quadrant { quadrant, .. } => self.family.quadrants[quadrant as usize].plane,
            Route::Linear { line, .. } => self.family.lines[line as usize].plane,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube() -> Shape {
        Shape::new(&[8, 8, 8]).unwrap()
    }

    #[test]
    fn families_of_the_cube() {
        let s = cube();
        let rook = PlanarFamily::maximal(&s, 1);
        let bishop = PlanarFamily::maximal(&s, 2);
        let duke = PlanarFamily::maximal(&s, 3);
        assert_eq!(
            (rook.planes.len(), rook.quadrants.len(), rook.lines.len()),
            (3, 12, 12)
        );
        assert_eq!(
            (
                bishop.planes.len(),
                bishop.quadrants.len(),
                bishop.lines.len()
            ),
            (4, 24, 24)
        );
        assert_eq!(
            (duke.planes.len(), duke.quadrants.len(), duke.lines.len()),
            (6, 24, 24)
        );
        // Adjacent bishop rays are 60 degrees apart (dot product +1).
        for q in &bishop.quadrants {
            assert_eq!(dot(&bishop.rays[q.e1], &bishop.rays[q.e2]), 1);
        }
        // Duke quadrants alternate edge (+1) and face (-1).
        for p in 0..6 {
            let d: Vec<i64> = duke
                .quadrants
                .iter()
                .filter(|q| q.plane == p)
                .map(|q| dot(&duke.rays[q.e1], &duke.rays[q.e2]))
                .collect();
            assert_eq!(d.iter().filter(|&&x| x == 1).count(), 2);
            assert_eq!(d.iter().filter(|&&x| x == -1).count(), 2);
        }
    }

    #[test]
    fn rook_reach_and_square_sizes() {
        let s = cube();
        let t = PlanarTables::<8>::new(&s, PlanarFamily::maximal(&s, 1)).unwrap();
        let e = CellSet::EMPTY;
        for c in [Cell(0), Cell(7), s.cell(&Vector::new(&[3, 4, 2])).unwrap()] {
            assert_eq!(t.moves(c, &e, &e).len(), 168);
        }
        // Perimeter k of a square from the centre holds 2k+1 cells; the square (k+1)^2 - 1.
        let c = s.cell(&Vector::new(&[3, 3, 3])).unwrap();
        for q in 0..12 {
            for k in 1..=3 {
                assert_eq!(t.square(c, q, k).unwrap().len(), (k + 1) * (k + 1) - 1);
            }
        }
        // A rectangle of perimeter k: (k+1)(2k+1) - 1 cells.
        for l in 0..12 {
            for k in 1..=3 {
                assert_eq!(
                    t.rectangle(c, l, k).unwrap().len(),
                    (k + 1) * (2 * k + 1) - 1
                );
            }
        }
    }

    #[test]
    fn other_boards_and_dimensions() {
        // A rook on 5x5x5 reaches the union of its 3 planes: 3*25 - 3*5 + 1 - 1 = 60 cells.
        let s = Shape::new(&[5, 5, 5]).unwrap();
        let t = PlanarTables::<2>::new(&s, PlanarFamily::maximal(&s, 1)).unwrap();
        let e = CellSet::EMPTY;
        assert!(s.cells().all(|c| t.moves(c, &e, &e).len() == 60));
        // In 4D the orthogonal steps span 6 coordinate planes; a set too small for the board fails.
        let s4 = Shape::new(&[3, 3, 3, 3]).unwrap();
        assert_eq!(PlanarFamily::maximal(&s4, 1).planes.len(), 6);
        assert!(PlanarTables::<1>::new(&s4, PlanarFamily::maximal(&s4, 1)).is_err());
    }

    #[test]
    fn covers_agrees_with_moves() {
        let s = cube();
        let t = PlanarTables::<8>::new(&s, PlanarFamily::maximal(&s, 3)).unwrap();
        let mut occ = CellSet::<8>::EMPTY;
        for i in [5u32, 77, 140, 200, 301, 333, 410, 480] {
            occ.insert(Cell(i));
        }
        for from in [Cell(0), Cell(219), Cell(292)] {
            let mut o = occ;
            o.remove(from);
            let m = t.moves(from, &o, &o);
            for to in s.cells() {
                assert_eq!(m.contains(to), to != from && t.covers(from, to, &o));
            }
        }
    }
}
