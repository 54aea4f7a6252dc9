//! One man's destinations grouped the way a player of Goff's game thinks of a move: by base piece
//! and plane, and within a plane by kind: quadrant (apex tiles marked), linear, duplex.

use crate::movegen::families;
use crate::position::{Kind, Move, Position};
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

/// A man's legal moves, explained: exactly the moves `spacechess moves` lists for him (none for
/// a man of the side not to move), grouped.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The man's tile.
    pub from: Cell,
    /// Its kind.
    pub kind: Kind,
    /// Its owner.
    pub player: Player,
    /// Planes with at least one open route, in family and plane order: the destinations of his
    /// planar moves (a stack's: of its bishop's and its duke's moves, decays and teleports).
    pub planes: Vec<PlaneGroup>,
    /// Knight leaps, or a pawn's destinations (advances and captures, 03 §3), each with the kinds
    /// a pawn may promote to there (empty when the move does not promote).
    pub jumps: Vec<(Cell, Vec<Kind>)>,
    /// A pawn's en passant captures: the tile it lands on (04 §3.2).
    pub en_passant: Vec<Cell>,
    /// A stack's moves as a whole stack (to overlap tiles, 03 §2.3).
    pub stack: Vec<Cell>,
    /// A stack's fissions (03 §2.4.5): the bishop's and the duke's tiles.
    pub fissions: Vec<(Cell, Cell)>,
    /// A king's legal castles, in the book's notation (04 §5.7).
    pub castles: Vec<String>,
    /// Any other legal move of the man, in the book's notation (none is expected: a safety net so
    /// that no move is ever left out).
    pub other: Vec<String>,
    /// Exactly the legal moves of this man, in [`crate::movegen::legal_moves`] order.
    pub moves: Vec<Move>,
    /// Number of legal moves (`moves.len()`).
    pub total: usize,
}

/// Explains the legal moves of the man on `from`: exactly those [`crate::movegen::legal_moves`]
/// lists with this source (none for a man of the side not to move); `None` if the tile is empty.
pub fn explain(pos: &Position, from: Cell) -> Option<Explanation> {
    let pc = pos.piece_at(from)?;
    let t = tables();
    let mut moves = Vec::new();
    if pc.player == pos.to_move() {
        crate::movegen::legal_moves(pos, &mut moves);
        moves.retain(|m| m.from == from);
    }
    let mut shown = vec![false; moves.len()];
    let occ = pos.occupied();
    let mut castles = Vec::new();
    let mut fissions = Vec::new();
    let mut en_passant = Vec::new();
    let mut stack = Vec::new();
    let mut jumps: Vec<(Cell, Vec<Kind>)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if m.castle.is_some() {
            castles.push(crate::text::move_text(pos, m));
        } else if let Some(y) = m.fission {
            fissions.push((m.to, y));
        } else if pc.kind == Kind::Pawn && m.part == Some(Kind::Pawn) {
            en_passant.push(m.to);
        } else if pc.kind == Kind::Stack && m.part.is_none() {
            stack.push(m.to);
        } else if matches!(pc.kind, Kind::Knight | Kind::Pawn) {
            match jumps.iter_mut().find(|(c, _)| *c == m.to) {
                Some((_, kinds)) => kinds.extend(m.promote),
                None => jumps.push((m.to, m.promote.into_iter().collect())),
            }
        } else {
            continue;
        }
        shown[i] = true;
    }
    // The planar moves: per family, the destinations of the moves that family makes.
    let family_moves = |f: Family| -> Vec<usize> {
        (0..moves.len())
            .filter(|&i| !shown[i])
            .filter(|&i| match (pc.kind, moves[i].part) {
                (Kind::Stack, Some(Kind::Bishop)) => f == Family::Bishop,
                (Kind::Stack, Some(Kind::Duke)) => f == Family::Duke,
                (Kind::Stack, _) => false,
                _ => true,
            })
            .collect()
    };
    let mut planes = Vec::new();
    let mut placed = vec![false; moves.len()];
    let fams: &[Family] = if pc.kind == Kind::King {
        &Family::ALL
    } else {
        families(pc.kind)
    };
    for &f in fams {
        let pt = t.planar(f);
        let mut groups: Vec<Vec<(Cell, Way)>> = vec![Vec::new(); pt.family().planes.len()];
        let mine = family_moves(f);
        if pc.kind == Kind::King {
            for s in &t.king[from.index()] {
                if s.family != f || s.rect.intersects(&occ) {
                    continue;
                }
                if let Some(&i) = mine.iter().find(|&&i| moves[i].to == s.to) {
                    let plane = pt.family().lines[s.line as usize].plane;
                    groups[plane].push((s.to, Way::Step));
                    placed[i] = true;
                }
            }
            if f == Family::Rook && pos.rules().king_brook_steps {
                // the optional rook-like perimeter-1 quadrant step (04 A3)
                for (to, square) in &crate::movegen::brook_steps()[from.index()] {
                    let Some(&i) = mine.iter().find(|&&i| moves[i].to == *to) else {
                        continue;
                    };
                    if square.intersects(&occ) {
                        continue;
                    }
                    for r in pt.routes(from, *to) {
                        if matches!(r, Route::Quadrant { .. }) {
                            groups[pt.route_plane(r)].push((*to, Way::Apex));
                            placed[i] = true;
                        }
                    }
                }
            }
        } else {
            let mut done: Vec<Cell> = Vec::new();
            for &i in &mine {
                let to = moves[i].to;
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
                    if !done.contains(&to) {
                        groups[pt.route_plane(r)].push((to, way));
                    }
                    placed[i] = true;
                }
                done.push(to);
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
    let other = moves
        .iter()
        .enumerate()
        .filter(|&(i, _)| !shown[i] && !placed[i])
        .map(|(_, m)| crate::text::move_text(pos, m))
        .collect();
    Some(Explanation {
        from,
        kind: pc.kind,
        player: pc.player,
        planes,
        jumps,
        en_passant,
        stack,
        fissions,
        castles,
        other,
        total: moves.len(),
        moves,
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
        let _ = write!(
            out,
            "{side} {} on {}: {} legal move{}",
            self.kind.name(),
            Tile::of(self.from).book_name(me),
            self.total,
            if self.total == 1 { "" } else { "s" }
        );
        if me != pos.to_move() {
            let _ = write!(
                out,
                " ({} is to move)",
                if me.0 == 0 { "Black" } else { "White" }
            );
        }
        out.push('\n');
        if self.kind == Kind::Stack {
            let _ = writeln!(
                out,
                "  (a stack: its bishop's and its duke's moves by plane below; then the whole stack and fissions)"
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
            let mut list: Vec<String> = self
                .jumps
                .iter()
                .map(|(c, kinds)| {
                    let promo: String = kinds.iter().map(|k| k.letter()).collect();
                    if promo.is_empty() {
                        name(*c)
                    } else {
                        format!("{}={promo}", name(*c))
                    }
                })
                .collect();
            list.sort();
            let label = if self.kind == Kind::Pawn {
                "pawn    "
            } else {
                "jumps   "
            };
            let _ = writeln!(out, "  {label} {}", list.join(" "));
        }
        if !self.en_passant.is_empty() {
            let list: Vec<String> = self
                .en_passant
                .iter()
                .map(|&c| format!("x{}", Tile::of(c).book_name(me)))
                .collect();
            let _ = writeln!(out, "  e.p.     {}", list.join(" "));
        }
        if !self.stack.is_empty() {
            let mut list: Vec<String> = self.stack.iter().map(|&c| name(c)).collect();
            list.sort();
            let _ = writeln!(out, "  stack    {}", list.join(" "));
        }
        if !self.fissions.is_empty() {
            let mut list: Vec<String> = self
                .fissions
                .iter()
                .map(|&(b, d)| {
                    let part = |k: char, c: Cell| {
                        let n = name(c);
                        match n.strip_prefix('x') {
                            Some(t) => format!("{k}x{t}"),
                            None => format!("{k}@{n}"),
                        }
                    };
                    format!("{} {}", part('B', b), part('D', d))
                })
                .collect();
            list.sort();
            let _ = writeln!(out, "  fission  {}", list.join(" | "));
        }
        if !self.castles.is_empty() {
            let _ = writeln!(out, "  castles  {}", self.castles.join(" "));
        }
        if !self.other.is_empty() {
            let _ = writeln!(out, "  other    {}", self.other.join(" | "));
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
