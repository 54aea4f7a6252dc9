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

/// `Sq(S, e, f, n)` without its perimeter list.
fn square(s: Tile, e: (i8, i8, i8), f: (i8, i8, i8), n: i8) -> Bits {
    crate::tile::advancement_square(s, e, f, n).0
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

/// What stops one castle (the first obstacle found, in the order the rules are listed in 04 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Obstacle {
    /// The king's destination holds a man.
    KingDestination,
    /// Every manifold the king's move may use holds these men.
    KingManifold(Bits),
    /// A rook's destination holds a man.
    RookDestination(Cell),
    /// Every manifold the rook's move may use holds these men (the rook's destination).
    RookManifold(Cell, Bits),
    /// The skipped tile is attacked.
    ThroughCheck,
}

/// The first obstacle of the castle `pat` with these rook routes, on a position where the rights
/// are there and the king is not in check.
fn obstacle(
    pos: &Position,
    pat: &Pattern,
    kr: Option<&RookRoute>,
    qr: Option<&RookRoute>,
) -> Option<Obstacle> {
    let rules = pos.rules();
    let me = pos.to_move();
    let (k0, kr0, qr0) = home_tiles(me);
    let occ = pos.occupied();
    if occ.contains(pat.king_to) {
        return Some(Obstacle::KingDestination);
    }
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
        let men = pat
            .king_ways
            .iter()
            .fold(CellSet::EMPTY, |acc, (_, w)| acc | (*w & free));
        return Some(Obstacle::KingManifold(men));
    }
    for r in [kr, qr].into_iter().flatten() {
        if free.contains(r.to) {
            return Some(Obstacle::RookDestination(r.to));
        }
        let open = open_planes(&r.ways, &free);
        let ok = match rules.castling_rook_plane {
            RookPlane::Independent => open != [false, false],
            RookPlane::KingsPlane => (open[0] && king_open[0]) || (open[1] && king_open[1]),
        };
        if !ok {
            let men = r
                .ways
                .iter()
                .fold(CellSet::EMPTY, |acc, (_, w)| acc | (*w & free));
            return Some(Obstacle::RookManifold(r.to, men));
        }
    }
    let enemy = Player(1 - me.0);
    let through = match rules.castling_through_check {
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
            attacked(&q, pat.skipped, enemy)
        }
        ThroughCheck::CurrentBoard => attacked(pos, pat.skipped, enemy),
    };
    through.then_some(Obstacle::ThroughCheck)
}

/// The rook routes of a pattern a side may combine: each rook alone, and both on a royal castle
/// when double castling is on.
type RookPair<'a> = (Option<&'a RookRoute>, Option<&'a RookRoute>);

fn combinations(pat: &Pattern, rights: (bool, bool), double: bool) -> Vec<RookPair<'_>> {
    let krs: &[RookRoute] = if rights.0 { &pat.king_rook } else { &[] };
    let qrs: &[RookRoute] = if rights.1 { &pat.queen_rook } else { &[] };
    let mut out: Vec<_> = krs.iter().map(|k| (Some(k), None)).collect();
    out.extend(qrs.iter().map(|q| (None, Some(q))));
    if double && matches!(pat.kind, CastleKind::RoyalA | CastleKind::RoyalB) {
        for k in krs {
            out.extend(qrs.iter().map(|q| (Some(k), Some(q))));
        }
    }
    out
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
    let (k0, _, _) = home_tiles(me);
    if from != k0 {
        return;
    }
    let rights = rights(pos, me);
    if rights == (false, false) {
        return;
    }
    // A pattern whose king cannot pass even with both rooks lifted off cannot be castled with
    // any rook: the cheap test first, the check test only if some pattern is left.
    let (_, kr0, qr0) = home_tiles(me);
    let occ = pos.occupied();
    let mut lifted = occ;
    lifted.remove(k0);
    if rights.0 {
        lifted.remove(kr0);
    }
    if rights.1 {
        lifted.remove(qr0);
    }
    let possible = |pat: &Pattern| {
        !occ.contains(pat.king_to) && open_planes(&pat.king_ways, &lifted) != [false, false]
    };
    if !table(me).iter().any(possible) || attacked(pos, k0, Player(1 - me.0)) {
        return;
    }
    let double = rules.castling == CastlingRule::Double;
    for pat in table(me) {
        if !possible(pat) {
            continue;
        }
        // The through-check test depends on the pattern only: the first combination that gets
        // that far decides it for the rest.
        let mut through_check = false;
        for (kr, qr) in combinations(pat, rights, double) {
            if through_check {
                break;
            }
            match obstacle(pos, pat, kr, qr) {
                None => out.push(Move {
                    castle: Some(Castle {
                        king_rook: kr.map(|r| r.to),
                        queen_rook: qr.map(|r| r.to),
                    }),
                    ..Move::new(k0, pat.king_to)
                }),
                Some(Obstacle::ThroughCheck) => through_check = true,
                Some(_) => {}
            }
        }
    }
}

/// Why the side to move cannot make the castle whose king goes to `king_to` with the rooks to
/// `castle`'s tiles (for error messages); None if it can, as far as these rules go (it may still
/// leave the king in check).
pub fn why_not(pos: &Position, king_to: Cell, castle: &Castle) -> Option<String> {
    let rules = pos.rules();
    let me = pos.to_move();
    let name = |c: Cell| Tile::of(c).book_name(me);
    let names = |b: Bits| b.iter().map(name).collect::<Vec<_>>().join(", ");
    if rules.castling == CastlingRule::Off {
        return Some("castling is off in these rules".into());
    }
    let (k0, _, _) = home_tiles(me);
    let Some(pat) = table(me).iter().find(|p| p.king_to == king_to) else {
        return Some("the king castles two tiles up, down, or along a back plane".into());
    };
    if castle.king_rook.is_some()
        && castle.queen_rook.is_some()
        && rules.castling != CastlingRule::Double
    {
        return Some("double castling is off in these rules (castling: Single)".into());
    }
    let rights = rights(pos, me);
    if !pos.unmoved().contains(k0)
        || pos.piece_at(k0)
            != Some(Piece {
                player: me,
                kind: Kind::King,
            })
    {
        return Some("the king has moved (or is not on its home tile)".into());
    }
    let mut routes = [None, None];
    for (i, (want, have, list, which)) in [
        (castle.king_rook, rights.0, &pat.king_rook, "king rook"),
        (castle.queen_rook, rights.1, &pat.queen_rook, "queen rook"),
    ]
    .into_iter()
    .enumerate()
    {
        let Some(to) = want else { continue };
        if !have {
            return Some(format!(
                "the {which} has moved (or is not on its home tile)"
            ));
        }
        match list.iter().find(|r| r.to == to) {
            Some(r) => routes[i] = Some(r),
            None if list.is_empty() => {
                return Some(format!("the {which} takes no part in this castle"))
            }
            None => {
                let tiles: Vec<String> = list.iter().map(|r| name(r.to)).collect();
                return Some(format!(
                    "the {which} cannot land on {} in this castle (its tiles are {})",
                    name(to),
                    tiles.join(", ")
                ));
            }
        }
    }
    if attacked(pos, k0, Player(1 - me.0)) {
        return Some("the king is in check".into());
    }
    match obstacle(pos, pat, routes[0], routes[1])? {
        Obstacle::KingDestination => Some(format!(
            "the king's destination {} is occupied",
            name(pat.king_to)
        )),
        Obstacle::KingManifold(men) => Some(format!(
            "the king's advancement manifold is blocked by the men on {}",
            names(men)
        )),
        Obstacle::RookDestination(to) => Some(format!(
            "the rook's destination {} is occupied (no capture while castling)",
            name(to)
        )),
        Obstacle::RookManifold(to, men) => Some(format!(
            "the rook's square to {} is blocked by the men on {}{}",
            name(to),
            names(men),
            if rules.castling_rook_plane == RookPlane::KingsPlane {
                " (or it is not in a back plane open to the king's move)"
            } else {
                ""
            }
        )),
        Obstacle::ThroughCheck => Some(format!(
            "the king would pass through check on {}",
            name(pat.skipped)
        )),
    }
}
