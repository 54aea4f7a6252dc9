//! Castling by the sidekick rule (rules/goff/04 §4-5).
//!
//! The king makes a linear rook move of 2 within a vertical back plane that holds the whole home
//! column: up (king side, `CK`), down (queen side, `CQ`), or along the K level in the plane b = home
//! (`CL`) or a = home (`CR`), the "royal" castles. At once a rook lands on a tile adjacent to the
//! king's destination, on the level just beyond the king as seen from the rook's home level: on a
//! vertical castle the rook of that side (3 tiles: the linear move or one of two quadrant moves),
//! on a royal castle either rook or both ("double castling", the rooks change sides). That makes 36
//! castles per side (04 §5.2).
//!
//! Every manifold is judged on the board before the move with the castling men's tiles empty
//! (04 §5.3); the king needs one back plane clear (a royal castle: its own plane), each rook its
//! own square, in any plane unless the [`RookPlane::KingsPlane`] option ties it to the king's. The
//! king must not be in check, nor pass through an attacked tile, nor end in check (04 §5.4); a
//! castle never captures.

use crate::movegen::attacked;
use crate::position::{Castle, Kind, Move, Piece, Position};
use crate::rules::{CastlingRule, RookPlane, ThroughCheck};
use crate::tables::Bits;
use crate::tile::Tile;
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;
use std::sync::OnceLock;

/// One of the two vertical back planes of a home column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackPlane {
    /// The plane b = home (the a-z plane; the notation's `L`, 04 §5.7).
    BHome,
    /// The plane a = home (the b-z plane; the notation's `R`).
    AHome,
}

/// The four king moves of castling (04 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleKind {
    /// Vertical king-side castle, the king up two levels (`CK`).
    KingSide,
    /// Vertical queen-side castle, the king down two levels (`CQ`).
    QueenSide,
    /// Royal castle in the plane b = home, the king two tiles along a (`CL`).
    RoyalB,
    /// Royal castle in the plane a = home, the king two tiles along b (`CR`).
    RoyalA,
}

impl CastleKind {
    /// The notation's letter (04 §5.7).
    pub fn letter(self) -> char {
        match self {
            CastleKind::KingSide => 'K',
            CastleKind::QueenSide => 'Q',
            CastleKind::RoyalB => 'L',
            CastleKind::RoyalA => 'R',
        }
    }

    /// The kind of a castle whose king goes from `from` to `to`.
    pub fn of(from: Cell, to: Cell) -> CastleKind {
        let (f, t) = (Tile::of(from), Tile::of(to));
        if t.z > f.z {
            CastleKind::KingSide
        } else if t.z < f.z {
            CastleKind::QueenSide
        } else if t.a != f.a {
            CastleKind::RoyalB
        } else {
            CastleKind::RoyalA
        }
    }
}

/// A manifold that must be empty, and the back plane it lies in.
type Way = (BackPlane, Bits);

/// A castling rook's move to one destination.
#[derive(Clone, Debug)]
struct RookRoute {
    to: Cell,
    /// Any one of these must be empty.
    ways: Vec<Way>,
}

/// One king move of castling with the rook moves that may go with it.
#[derive(Clone, Debug)]
struct Pattern {
    kind: CastleKind,
    king_to: Cell,
    skipped: Cell,
    king_ways: Vec<Way>,
    king_rook: Vec<RookRoute>,
    queen_rook: Vec<RookRoute>,
}

/// The home tiles of a side: `(king, king rook, queen rook)` = (4,h,h), (7,h,h), (0,h,h).
pub fn home_tiles(p: Player) -> (Cell, Cell, Cell) {
    let h = if p.0 == 0 { 0 } else { 7 };
    (
        Tile::new(4, h, h).cell(),
        Tile::new(7, h, h).cell(),
        Tile::new(0, h, h).cell(),
    )
}

/// `Sq(S, e, f, n)`: the on-board tiles `S + i e + j f` (0 <= i, j <= n) but `S` (04 §0).
fn square(s: Tile, e: (i8, i8, i8), f: (i8, i8, i8), n: i8) -> Bits {
    let mut out = CellSet::EMPTY;
    for i in 0..=n {
        for j in 0..=n {
            if i == 0 && j == 0 {
                continue;
            }
            let t = Tile::new(
                s.z + i * e.0 + j * f.0,
                s.a + i * e.1 + j * f.1,
                s.b + i * e.2 + j * f.2,
            );
            if t.on_board() {
                out.insert(t.cell());
            }
        }
    }
    out
}

fn add(t: Tile, d: (i8, i8, i8), k: i8) -> Tile {
    Tile::new(t.z + k * d.0, t.a + k * d.1, t.b + k * d.2)
}

/// The 4 patterns of a side (04 §5.2 table).
fn patterns(p: Player) -> Vec<Pattern> {
    let h: i8 = if p.0 == 0 { 0 } else { 7 };
    let s: i8 = if p.0 == 0 { 1 } else { -1 };
    let (k0, kr0, qr0) = (Tile::new(4, h, h), Tile::new(7, h, h), Tile::new(0, h, h));
    let up = (1, 0, 0);
    let down = (-1, 0, 0);
    // A steps along a (stays in the plane b = h), B along b (the plane a = h).
    let a = (0, s, 0);
    let b = (0, 0, s);
    let planes = [(BackPlane::BHome, a), (BackPlane::AHome, b)];
    let mut out = Vec::new();
    // Vertical castles: the king's linear move up or down needs one back plane's square (the other
    // quadrant of each plane is off the board); the rook's linear move likewise, its quadrant moves
    // their own plane's square.
    for (kind, dir, rook0, n) in [
        (CastleKind::KingSide, up, kr0, 2i8),
        (CastleKind::QueenSide, down, qr0, 3i8),
    ] {
        let king_to = add(k0, dir, 2);
        let skipped = add(k0, dir, 1);
        let king_ways = planes
            .iter()
            .map(|&(pl, e)| (pl, square(k0, dir, e, 2)))
            .collect();
        let back = (-dir.0, 0, 0);
        let mut routes = vec![RookRoute {
            to: skipped.cell(),
            ways: planes
                .iter()
                .map(|&(pl, e)| (pl, square(rook0, back, e, n)))
                .collect(),
        }];
        for &(pl, e) in &planes {
            routes.push(RookRoute {
                to: add(skipped, e, 1).cell(),
                ways: vec![(pl, square(rook0, back, e, n))],
            });
        }
        let (king_rook, queen_rook) = if kind == CastleKind::KingSide {
            (routes, Vec::new())
        } else {
            (Vec::new(), routes)
        };
        out.push(Pattern {
            kind,
            king_to: king_to.cell(),
            skipped: skipped.cell(),
            king_ways,
            king_rook,
            queen_rook,
        });
    }
    // Royal castles: the king's linear move along the plane's horizontal axis needs its whole
    // rectangle in that plane (the horizontal plane never counts); the king rook lands on the Q
    // level, the queen rook on the KB level, k = 1..3 tiles out, by a quadrant move.
    for (kind, (pl, e)) in [CastleKind::RoyalB, CastleKind::RoyalA]
        .into_iter()
        .zip(planes)
    {
        let rect = square(k0, e, up, 2) | square(k0, e, down, 2);
        let route = |rook0: Tile, dir: (i8, i8, i8), level: i8, n: i8| -> Vec<RookRoute> {
            (1..=3)
                .map(|k| RookRoute {
                    to: add(Tile::new(level, h, h), e, k).cell(),
                    ways: vec![(pl, square(rook0, dir, e, n))],
                })
                .collect()
        };
        out.push(Pattern {
            kind,
            king_to: add(k0, e, 2).cell(),
            skipped: add(k0, e, 1).cell(),
            king_ways: vec![(pl, rect)],
            king_rook: route(kr0, down, 3, 4),
            queen_rook: route(qr0, up, 5, 5),
        });
    }
    out
}

static PATTERNS: OnceLock<[Vec<Pattern>; 2]> = OnceLock::new();

fn table(p: Player) -> &'static [Pattern] {
    &PATTERNS.get_or_init(|| [patterns(Player(0)), patterns(Player(1))])[p.index()]
}

/// The planes in which one of `ways` is clear of `occ`.
fn open_planes(ways: &[Way], occ: &Bits) -> [bool; 2] {
    let mut open = [false; 2];
    for (pl, w) in ways {
        if !w.intersects(occ) {
            open[*pl as usize] = true;
        }
    }
    open
}

/// The side to move's castling rights as they stand: `(king rook, queen rook)`, each true if the
/// king and that rook are unmoved on their home tiles (04 §5.5).
pub fn rights(pos: &Position, p: Player) -> (bool, bool) {
    let (k0, kr0, qr0) = home_tiles(p);
    let own = |c: Cell, kind: Kind| {
        pos.unmoved().contains(c) && pos.piece_at(c) == Some(Piece { player: p, kind })
    };
    if !own(k0, Kind::King) {
        return (false, false);
    }
    (own(kr0, Kind::Rook), own(qr0, Kind::Rook))
}

/// Appends the castles of the side to move whose king stands on `from` (pseudo-legal as to the
/// king's safety after the move, which the legality filter tests; the other check rules are
/// applied here).
pub fn castles(pos: &Position, from: Cell, out: &mut Vec<Move>) {
    let rules = pos.rules();
    if rules.castling == CastlingRule::Off {
        return;
    }
    let me = pos.to_move();
    let (k0, kr0, qr0) = home_tiles(me);
    if from != k0 {
        return;
    }
    let (kr_right, qr_right) = rights(pos, me);
    if !kr_right && !qr_right {
        return;
    }
    let enemy = Player(1 - me.0);
    if attacked(pos, k0, enemy) {
        return;
    }
    let occ = pos.occupied();
    let double = rules.castling == CastlingRule::Double;
    for pat in table(me) {
        if occ.contains(pat.king_to) {
            continue;
        }
        let mut through: Option<bool> = None;
        let mut safe_through = || {
            *through.get_or_insert_with(|| match rules.castling_through_check {
                ThroughCheck::KingOnSkippedTile => {
                    let mut q = pos.clone();
                    q.remove(k0);
                    q.put(
                        pat.skipped,
                        Piece {
                            player: me,
                            kind: Kind::King,
                        },
                    );
                    !attacked(&q, pat.skipped, enemy)
                }
                ThroughCheck::CurrentBoard => !attacked(pos, pat.skipped, enemy),
            })
        };
        let krs: Vec<Option<&RookRoute>> = if kr_right {
            pat.king_rook.iter().map(Some).collect()
        } else {
            Vec::new()
        };
        let qrs: Vec<Option<&RookRoute>> = if qr_right {
            pat.queen_rook.iter().map(Some).collect()
        } else {
            Vec::new()
        };
        let mut combos: Vec<(Option<&RookRoute>, Option<&RookRoute>)> = Vec::new();
        combos.extend(krs.iter().map(|&k| (k, None)));
        combos.extend(qrs.iter().map(|&q| (None, q)));
        if double && matches!(pat.kind, CastleKind::RoyalA | CastleKind::RoyalB) {
            for &k in &krs {
                for &q in &qrs {
                    combos.push((k, q));
                }
            }
        }
        for (kr, qr) in combos {
            let mut free = occ;
            free.remove(k0);
            if kr.is_some() {
                free.remove(kr0);
            }
            if qr.is_some() {
                free.remove(qr0);
            }
            let king_open = open_planes(&pat.king_ways, &free);
            if king_open == [false, false] {
                continue;
            }
            let rook_ok = |r: Option<&RookRoute>| {
                r.is_none_or(|r| {
                    if free.contains(r.to) {
                        return false;
                    }
                    let open = open_planes(&r.ways, &free);
                    match rules.castling_rook_plane {
                        RookPlane::Independent => open != [false, false],
                        RookPlane::KingsPlane => {
                            (open[0] && king_open[0]) || (open[1] && king_open[1])
                        }
                    }
                })
            };
            if !rook_ok(kr) || !rook_ok(qr) || !safe_through() {
                continue;
            }
            out.push(Move {
                castle: Some(Castle {
                    king_rook: kr.map(|r| r.to),
                    queen_rook: qr.map(|r| r.to),
                }),
                ..Move::new(k0, pat.king_to)
            });
        }
    }
}

/// Why the side to move cannot castle at all, or None if some castle's rights are there: for
/// error messages.
pub fn no_castle_reason(pos: &Position) -> Option<String> {
    if pos.rules().castling == CastlingRule::Off {
        return Some("castling is off in these rules".into());
    }
    let me = pos.to_move();
    let (k0, _, _) = home_tiles(me);
    match rights(pos, me) {
        (false, false) if !pos.unmoved().contains(k0) => {
            Some("the king has moved (or is not on its home tile)".into())
        }
        (false, false) => Some("both rooks have moved (or are not on their home tiles)".into()),
        _ if attacked(pos, k0, Player(1 - me.0)) => Some("the king is in check".into()),
        _ => None,
    }
}
