//! One man's destinations grouped the way a player of Goff's game thinks of a move: by base piece
//! and plane, and within a plane by kind: quadrant (apex tiles marked), linear, duplex.

use crate::movegen::{families, legal_destinations};
use crate::position::{Kind, Position};
use crate::tables::{tables, Family};
use crate::tile::Tile;
use spacechess_geometry::{Cell, Route};
use spacechess_variant::Player;
use std::fmt::Write;

/// How a destination is reached in one plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Way {
    /// A pure quadrant tile off the diagonal (`i != j`).
    Body,
    /// A quadrant apex tile (`i == j`) with one square.
    Apex,
    /// A duke face-quadrant apex reached by the squares of two planes (either open suffices).
    Duplex,
    /// A linear move (open in this plane's rectangle).
    Linear,
    /// A king's perimeter-1 step (linear, open in this plane).
    Step,
}

/// The open routes of one plane.
#[derive(Clone, Debug)]
pub struct PlaneGroup {
    /// The base piece.
    pub family: Family,
    /// The plane's name from the owner's perspective.
    pub plane: &'static str,
    /// Destinations and how they are reached.
    pub tiles: Vec<(Cell, Way)>,
}

/// A man's legal destinations, explained.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The man's tile.
    pub from: Cell,
    /// Its kind.
    pub kind: Kind,
    /// Its owner.
    pub player: Player,
    /// Planes with at least one open route, in family and plane order.
    pub planes: Vec<PlaneGroup>,
    /// Knight leaps, or a pawn's destinations (advances and captures, 03 §3).
    pub jumps: Vec<Cell>,
    /// A king's legal castles, in the book's notation (04 §5.7).
    pub castles: Vec<String>,
    /// Number of legal destinations.
    pub total: usize,
}

/// Explains the legal destinations of the man on `from`; `None` if the tile is empty.
pub fn explain(pos: &Position, from: Cell) -> Option<Explanation> {
    let pc = pos.piece_at(from)?;
    let t = tables();
    let legal = legal_destinations(pos, from);
    let occ = pos.occupied();
    let mut planes = Vec::new();
    let fams: &[Family] = if pc.kind == Kind::King {
        &Family::ALL
    } else {
        families(pc.kind)
    };
    for &f in fams {
        let pt = t.planar(f);
        let mut groups: Vec<Vec<(Cell, Way)>> = vec![Vec::new(); pt.family().planes.len()];
        if pc.kind == Kind::King {
            for s in &t.king[from.index()] {
                if s.family == f && legal.contains(s.to) && !s.rect.intersects(&occ) {
                    let plane = pt.family().lines[s.line as usize].plane;
                    groups[plane].push((s.to, Way::Step));
                }
            }
            if f == Family::Rook && pos.rules().king_brook_steps {
                // the optional rook-like perimeter-1 quadrant step (04 A3)
                for (to, square) in &crate::movegen::brook_steps()[from.index()] {
                    if legal.contains(*to) && !square.intersects(&occ) {
                        for r in pt.routes(from, *to) {
                            if matches!(r, Route::Quadrant { .. }) {
                                groups[pt.route_plane(r)].push((*to, Way::Apex));
                            }
                        }
                    }
                }
            }
        } else {
            for to in legal {
                let routes = pt.routes(from, to);
                let quad_planes = routes
                    .iter()
                    .filter(|r| matches!(r, Route::Quadrant { .. }))
                    .count();
                for r in routes {
                    if !pt.route_open(from, to, r, &occ) {
                        continue;
                    }
                    let way = match *r {
                        Route::Linear { .. } => Way::Linear,
                        Route::Quadrant { .. } if quad_planes > 1 => Way::Duplex,
                        Route::Quadrant { i, j, .. } if i == j => Way::Apex,
                        Route::Quadrant { .. } => Way::Body,
                    };
                    groups[pt.route_plane(r)].push((to, way));
                }
            }
        }
        for (p, tiles) in groups.into_iter().enumerate() {
            if !tiles.is_empty() {
                planes.push(PlaneGroup {
                    family: f,
                    plane: t.plane_name(f, p, pc.player),
                    tiles,
                });
            }
        }
    }
    let jumps = if matches!(pc.kind, Kind::Knight | Kind::Pawn) {
        legal.iter().collect()
    } else {
        Vec::new()
    };
    let mut castles = Vec::new();
    if pc.kind == Kind::King && pc.player == pos.to_move() {
        let mut v = Vec::new();
        crate::movegen::legal_moves(pos, &mut v);
        castles = v
            .iter()
            .filter(|m| m.castle.is_some() && m.from == from)
            .map(|m| crate::text::move_text(pos, m))
            .collect();
    }
    Some(Explanation {
        from,
        kind: pc.kind,
        player: pc.player,
        planes,
        jumps,
        castles,
        total: legal.len(),
    })
}

impl Explanation {
    /// The text: a heading, then one line per plane and kind, tiles in the book's notation from the
    /// owner's perspective (`x` before a capture).
    pub fn render(&self, pos: &Position) -> String {
        let me = self.player;
        let name = |c: Cell| {
            let cap = if pos.of_player(Player(1 - me.0)).contains(c) {
                "x"
            } else {
                ""
            };
            format!("{cap}{}", Tile::of(c).book_name(me))
        };
        let mut out = String::new();
        let side = if me.0 == 0 { "White" } else { "Black" };
        let _ = writeln!(
            out,
            "{side} {} on {}: {} legal destination{}",
            self.kind.name(),
            Tile::of(self.from).book_name(me),
            self.total,
            if self.total == 1 { "" } else { "s" }
        );
        if self.kind == Kind::Stack {
            let _ = writeln!(
                out,
                "  (a stack: decay by its bishop or duke planes below; as a stack to the tiles in both)"
            );
        }
        for g in &self.planes {
            let _ = writeln!(out, "  {} plane {}:", g.family.name(), g.plane);
            for (way, label) in [
                (Way::Body, "quadrant"),
                (Way::Apex, "apex"),
                (Way::Duplex, "duplex"),
                (Way::Linear, "linear"),
                (Way::Step, "step"),
            ] {
                let mut tiles: Vec<Cell> = g
                    .tiles
                    .iter()
                    .filter(|(_, w)| *w == way)
                    .map(|(c, _)| *c)
                    .collect();
                tiles.sort_by_key(|&c| Tile::of(c).book_name(me));
                if !tiles.is_empty() {
                    let list: Vec<String> = tiles.iter().map(|&c| name(c)).collect();
                    let _ = writeln!(out, "    {label:<9}{}", list.join(" "));
                }
            }
        }
        if self.kind == Kind::Queen {
            // 02 §4.2: tiles with routes of several base pieces (any open route suffices).
            let mut groups: [Vec<Cell>; 4] = Default::default();
            for to in self
                .planes
                .iter()
                .flat_map(|g| g.tiles.iter().map(|(c, _)| *c))
            {
                if let Some(i) = overlap(self.from, to) {
                    if !groups[i].contains(&to) {
                        groups[i].push(to);
                    }
                }
            }
            for (i, label) in ["hotspot", "brook", "q-tile", "Feynman"].iter().enumerate() {
                let mut list: Vec<String> = groups[i].iter().map(|&c| name(c)).collect();
                list.sort();
                if !list.is_empty() {
                    let _ = writeln!(out, "  overlap {label:<9}{}", list.join(" "));
                }
            }
        }
        if !self.jumps.is_empty() {
            let mut list: Vec<String> = self.jumps.iter().map(|&c| name(c)).collect();
            list.sort();
            let label = if self.kind == Kind::Pawn {
                "pawn    "
            } else {
                "jumps   "
            };
            let _ = writeln!(out, "  {label} {}", list.join(" "));
        }
        if !self.castles.is_empty() {
            let _ = writeln!(out, "  castles  {}", self.castles.join(" "));
        }
        out
    }
}

/// The overlap class of a queen's tile (02 §4.2): 0 hotspot (rook linear + duke duplex), 1 brook
/// (rook apex + bishop linear), 2 q-tile (brook + duke edge apex), 3 Feynman (bishop apex + duke).
fn overlap(from: Cell, to: Cell) -> Option<usize> {
    use crate::power::{reach, Reach};
    let (r, b, d) = (
        reach(Family::Rook, from, to),
        reach(Family::Bishop, from, to),
        reach(Family::Duke, from, to),
    );
    if r == Reach::Linear && d == Reach::Duplex {
        Some(0)
    } else if r == Reach::Apex && b == Reach::Linear {
        Some(if d == Reach::Apex { 2 } else { 1 })
    } else if b == Reach::Apex && d != Reach::None {
        Some(3)
    } else {
        None
    }
}
