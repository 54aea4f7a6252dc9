//! The geometry tables Goff's pieces move by, built once: the planar machinery of the three base
//! pieces (rook: face rays in 3 orthogonal planes; bishop: edge rays in 4 skew planes; duke:
//! vertex rays in 6 slant planes), the knight's leaps and the king's perimeter-1 linear steps.

use crate::tile::{board_shape, zab};
use spacechess_geometry::{
    leaper_offsets, Cell, CellSet, LeapTable, PlanarFamily, PlanarTables, Shape,
};
use spacechess_variant::Player;
use std::sync::OnceLock;

/// A bitboard of the 512 tiles.
pub type Bits = CellSet<8>;

/// The three base pieces, whose moves are planar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Face rays, orthogonal planes.
    Rook,
    /// Edge rays, skew planes.
    Bishop,
    /// Vertex rays, slant planes.
    Duke,
}

impl Family {
    /// All three, in order.
    pub const ALL: [Family; 3] = [Family::Rook, Family::Bishop, Family::Duke];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Family::Rook => "rook",
            Family::Bishop => "bishop",
            Family::Duke => "duke",
        }
    }
}

/// One perimeter-1 linear step of the king in one plane: legal in that plane iff `rect` (the four
/// other tiles of the 5-tile rectangle, on the board) is empty.
#[derive(Clone, Copy, Debug)]
pub struct KingStep {
    /// The destination.
    pub to: Cell,
    /// The base piece whose ray the step follows.
    pub family: Family,
    /// The line (ray in a plane) of that family's tables.
    pub line: u16,
    /// The rectangle of perimeter 1 without the source.
    pub rect: Bits,
}

/// Every table, for the whole board.
pub struct Tables {
    /// The board (axes b, a, z).
    pub shape: Shape,
    /// Rook planes.
    pub rook: PlanarTables<8>,
    /// Bishop planes.
    pub bishop: PlanarTables<8>,
    /// Duke planes.
    pub duke: PlanarTables<8>,
    /// Knight destinations per tile (permutations of (1,2,2)).
    pub knight: Vec<Bits>,
    /// King steps per tile, one entry per (step, plane).
    pub king: Vec<Vec<KingStep>>,
    /// Every tile.
    pub board: Bits,
    /// White name and Black name of each plane, per family.
    plane_names: [Vec<(&'static str, &'static str)>; 3],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables (built on first use, in well under a second).
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

/// Plane names by normal `(z, a, b)` (up to sign): White's name, Black's name (rules/goff/01 §3.2,
/// 02 §3.2). Black's names swap up/down (and, for skew planes, left/right).
const NAMES: [((i8, i8, i8), &str, &str); 13] = [
    ((1, 0, 0), "horizontal", "horizontal"),
    ((0, 1, 0), "left vertical", "left vertical"),
    ((0, 0, 1), "right vertical", "right vertical"),
    ((1, 1, 1), "downward", "upward"),
    ((-1, 1, 1), "upward", "downward"),
    ((1, -1, 1), "leftward", "rightward"),
    ((1, 1, -1), "rightward", "leftward"),
    ((0, 1, -1), "major", "major"),
    ((0, 1, 1), "minor", "minor"),
    ((1, -1, 0), "upleft", "downleft"),
    ((1, 1, 0), "downleft", "upleft"),
    ((1, 0, -1), "upright", "downright"),
    ((1, 0, 1), "downright", "upright"),
];

fn normal_name(u: (i8, i8, i8), v: (i8, i8, i8)) -> (&'static str, &'static str) {
    let n = (
        u.1 * v.2 - u.2 * v.1,
        u.2 * v.0 - u.0 * v.2,
        u.0 * v.1 - u.1 * v.0,
    );
    let g = [n.0, n.1, n.2]
        .iter()
        .map(|x| x.unsigned_abs())
        .filter(|&x| x > 0)
        .min()
        .unwrap_or(1) as i8;
    let n = (n.0 / g, n.1 / g, n.2 / g);
    for (m, w, b) in NAMES {
        if m == n || (-m.0, -m.1, -m.2) == n {
            return (w, b);
        }
    }
    unreachable!("every plane of the three families has a name")
}

impl Tables {
    fn build() -> Tables {
        let shape = board_shape();
        let fam = |k| PlanarFamily::maximal(&shape, k);
        let rook = PlanarTables::new(&shape, fam(1)).expect("tables fit");
        let bishop = PlanarTables::new(&shape, fam(2)).expect("tables fit");
        let duke = PlanarTables::new(&shape, fam(3)).expect("tables fit");
        let leaps = LeapTable::new(&shape, &leaper_offsets(&[1, 2, 2], 3)).expect("tables fit");
        let knight = shape
            .cells()
            .map(|c| leaps.targets(c).iter().copied().collect())
            .collect();
        let mut king = Vec::with_capacity(512);
        for c in shape.cells() {
            let mut steps = Vec::new();
            for (family, t) in [
                (Family::Rook, &rook),
                (Family::Bishop, &bishop),
                (Family::Duke, &duke),
            ] {
                for l in 0..t.family().lines.len() {
                    if let Some(to) = t.line_target(c, l, 1) {
                        let mut rect = t.rectangle(c, l, 1).expect("on board");
                        rect.remove(to);
                        steps.push(KingStep {
                            to,
                            family,
                            line: l as u16,
                            rect,
                        });
                    }
                }
            }
            king.push(steps);
        }
        let names = |t: &PlanarTables<8>| {
            t.family()
                .planes
                .iter()
                .map(|p| normal_name(zab(&p.u), zab(&p.v)))
                .collect()
        };
        let plane_names = [names(&rook), names(&bishop), names(&duke)];
        Tables {
            board: shape.cells().collect(),
            shape,
            rook,
            bishop,
            duke,
            knight,
            king,
            plane_names,
        }
    }

    /// The planar tables of a base piece.
    pub fn planar(&self, f: Family) -> &PlanarTables<8> {
        match f {
            Family::Rook => &self.rook,
            Family::Bishop => &self.bishop,
            Family::Duke => &self.duke,
        }
    }

    /// The name of plane `plane` of a family, from `player`'s perspective.
    pub fn plane_name(&self, f: Family, plane: usize, player: Player) -> &'static str {
        let (w, b) = self.plane_names[f as usize][plane];
        if player.0 == 0 {
            w
        } else {
            b
        }
    }
}
