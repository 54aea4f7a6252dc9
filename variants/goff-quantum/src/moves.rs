//! Quantum moves (05 §3.4, §3.8): the move template, applied to every reality by the swarm rule,
//! kept if it is legal in any reality, realities where it is not being pruned.
//!
//! A template names a piece by its id (the anchor of the notation only picks the piece) and a
//! relative move: for a rook, bishop or duke the parts (planes) of the move with an interval of
//! each part's perimeter (the spread around the proxy, [`Span`]); a pawn's forward perimeter; a
//! fixed offset for the pieces that move classically (king, queen, the classical knight, pawn
//! captures and the other classical pawn moves, castling); a deflection direction for the knight;
//! a stack's fission through an overlap tile. In every reality the template selects the classical
//! moves it allows there ([`realities`]): the piece must be there as the template's kind (pruning
//! by differentiation), each tile must be reached by the template's route in the template's plane
//! (plane independence) and the classical move to it must be legal there (the mover's king is never
//! left in check); each selected move is one new reality, none prunes the reality.

use crate::ensemble::{play_classical, DistinctGames, Ensemble, Game, Slot};
use crate::geom::{self, at, deflected, geom, pawn_seq, FissionGeom, Part, V};
use spacechess_geometry::Cell;
use spacechess_goff::movegen;
use spacechess_goff::pawn;
use spacechess_goff::position::{Castle, Kind, Move, Position};
use spacechess_goff::tables::{Bits, Family};
use spacechess_variant::Player;

/// One part of a planar move with the interval of its perimeter sequence the spread selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The part (quadrant or line at a perimeter).
    pub part: Part,
    /// The first index of the interval.
    pub lo: u8,
    /// The last index of the interval.
    pub hi: u8,
}

/// A quantum move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QMove {
    /// A rook, bishop or duke (lone or a stack's sub-piece: a decay) to the intervals of the
    /// perimeters of its parts. Spread 1 in every part is a classical move.
    Planar {
        /// The piece.
        id: u16,
        /// Its base piece.
        family: Family,
        /// The parts, by part order.
        spans: Vec<Span>,
    },
    /// A pawn's quantum advance: the interval of its forward perimeter `n` (1, or 2 from the start
    /// tile) in the horizontal plane (T42).
    Advance {
        /// The pawn.
        id: u16,
        /// The perimeter.
        n: u8,
        /// First index.
        lo: u8,
        /// Last index.
        hi: u8,
        /// The promotion chosen where a reality reaches a promotion tile.
        promote: Option<Kind>,
    },
    /// A classical move by a fixed offset, made in every reality where it is legal: the king and
    /// the queen (classical only), the classical knight, a pawn's classical moves (captures, single
    /// advances, en passant, the unshackled pawn's back-plane moves), castling.
    Fixed {
        /// The piece.
        id: u16,
        /// Its kind (king, queen, knight or pawn).
        kind: Kind,
        /// The offset.
        offset: V,
        /// The promotion, where the pawn reaches a promotion tile.
        promote: Option<Kind>,
        /// An en passant capture.
        en_passant: bool,
        /// A castle (the rooks' destinations).
        castle: Option<Castle>,
    },
    /// The knight attempts a rook, bishop or duke direction and lands on every knight tile
    /// nearest it (T44).
    Deflect {
        /// The knight.
        id: u16,
        /// The base piece whose direction it attempts.
        family: Family,
        /// The direction (a unit step of that base piece).
        ray: V,
    },
    /// Quantum fission of a stack through an overlap tile (T45): the bishop and the duke each make
    /// a superposition move; the reality where both land on the overlap tile is the stack move.
    Fission {
        /// The stack's bishop.
        bishop: u16,
        /// The stack's duke.
        duke: u16,
        /// The structure (index into [`geom::fission_structures`]).
        shape: u16,
        /// The bishop's intervals, one per bishop part.
        bishop_spans: Vec<(u8, u8)>,
        /// The duke's interval.
        duke_span: (u8, u8),
    },
    /// The karma rule's collapse: keep the realities where these ids stand so.
    Collapse {
        /// The grouping ids and their slots in the chosen class.
        key: Vec<(u16, Slot)>,
    },
}

/// The piece kind a family's planar move is made by.
pub fn family_kind(f: Family) -> Kind {
    match f {
        Family::Rook => Kind::Rook,
        Family::Bishop => Kind::Bishop,
        Family::Duke => Kind::Duke,
    }
}

/// The legal classical moves of the man on `from` (pseudo-legal, the mover's king not left
/// attacked).
pub fn legal_moves_from(pos: &Position, from: Cell) -> Vec<Move> {
    legal_moves_where(pos, from, |_| true)
}

/// The legal classical moves of the man on `from` that `keep` accepts (legality is tested only
/// for those).
pub fn legal_moves_where(pos: &Position, from: Cell, keep: impl Fn(&Move) -> bool) -> Vec<Move> {
    let Some(pc) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    movegen::pseudo_moves(pos, pc, from, &mut v);
    let me = pos.to_move();
    v.retain(|m| keep(m) && !movegen::in_check(&pos.after(m), me));
    v
}

/// True if a pawn of `p` landing on `to` promotes.
pub fn promotes(p: Player, to: Cell) -> bool {
    pawn::is_promotion_tile(p, to)
}

/// The tiles of a fission's sub-piece that its region allows: free (empty or enemy) and the
/// region (the part's whole manifold) clear but for it.
pub fn fission_tiles(
    family: Family,
    s: Cell,
    part: Part,
    lo: u8,
    hi: u8,
    occupied: &Bits,
    theirs: &Bits,
) -> Vec<(usize, Cell)> {
    let Some(region) = geom::manifold(family, s, part) else {
        return Vec::new();
    };
    let blockers = region & *occupied;
    let seq = geom(family).seq(part);
    let mut out = Vec::new();
    for (idx, &(o, _)) in seq
        .iter()
        .enumerate()
        .take(hi as usize + 1)
        .skip(lo as usize)
    {
        if let Some(x) = at(s, o) {
            let free = !occupied.contains(x) || theirs.contains(x);
            let mut b = blockers;
            b.remove(x);
            if free && b.is_empty() {
                out.push((idx, x));
            }
        }
    }
    out
}

/// The classical moves a quantum move selects in one reality (empty: the reality is pruned).
pub fn realities(g: &Game, mv: &QMove) -> Vec<Move> {
    let pos = &g.pos;
    let me = pos.to_move();
    let slot_of = |id: u16| g.slots.get(id as usize).copied();
    match mv {
        QMove::Collapse { .. } => Vec::new(),
        QMove::Planar { id, family, spans } => {
            let Some(slot) = slot_of(*id) else {
                return Vec::new();
            };
            let Some(s) = slot.cell() else {
                return Vec::new();
            };
            if slot.kind != family_kind(*family) {
                return Vec::new();
            }
            let pc = pos.piece_at(s).expect("an id's tile holds its man");
            let part = (pc.kind == Kind::Stack).then_some(slot.kind);
            let occ = pos.occupied();
            let gm = geom(*family);
            let mut targets = Bits::EMPTY;
            for sp in spans {
                let seq = gm.seq(sp.part);
                for &(o, route) in &seq[sp.lo as usize..=sp.hi as usize] {
                    if let Some(t) = at(s, o) {
                        if geom::open(*family, s, t, route, &occ) {
                            targets.insert(t);
                        }
                    }
                }
            }
            if targets.is_empty() {
                return Vec::new();
            }
            legal_moves_where(pos, s, |m| {
                m.part == part
                    && m.fission.is_none()
                    && m.castle.is_none()
                    && targets.contains(m.to)
            })
        }
        QMove::Advance {
            id,
            n,
            lo,
            hi,
            promote,
        } => {
            let Some(slot) = slot_of(*id) else {
                return Vec::new();
            };
            let Some(s) = slot.cell() else {
                return Vec::new();
            };
            if slot.kind != Kind::Pawn || (*n == 2 && !pawn::is_start_tile(me, s)) {
                return Vec::new();
            }
            let theirs = pos.of_player(Player(1 - me.0));
            let seq = pawn_seq(me, *n);
            let targets: Bits = seq[*lo as usize..=*hi as usize]
                .iter()
                .filter_map(|&o| at(s, o))
                .filter(|&t| !theirs.contains(t))
                .collect();
            legal_moves_where(pos, s, |m| {
                m.part != Some(Kind::Pawn)
                    && targets.contains(m.to)
                    && if promotes(me, m.to) {
                        m.promote == *promote
                    } else {
                        m.promote.is_none()
                    }
            })
        }
        QMove::Fixed {
            id,
            kind,
            offset,
            promote,
            en_passant,
            castle,
        } => {
            let Some(slot) = slot_of(*id) else {
                return Vec::new();
            };
            let Some(s) = slot.cell() else {
                return Vec::new();
            };
            if slot.kind != *kind {
                return Vec::new();
            }
            let Some(t) = at(s, *offset) else {
                return Vec::new();
            };
            let promote = if *kind == Kind::Pawn && promotes(me, t) {
                *promote
            } else {
                None
            };
            let m = Move {
                from: s,
                to: t,
                promote,
                part: en_passant.then_some(Kind::Pawn),
                fission: None,
                castle: *castle,
            };
            legal_moves_where(pos, s, |x| *x == m)
        }
        QMove::Deflect { id, ray, .. } => {
            let Some(slot) = slot_of(*id) else {
                return Vec::new();
            };
            let Some(s) = slot.cell() else {
                return Vec::new();
            };
            if slot.kind != Kind::Knight {
                return Vec::new();
            }
            let targets: Bits = deflected(*ray).iter().filter_map(|&o| at(s, o)).collect();
            legal_moves_where(pos, s, |m| targets.contains(m.to))
        }
        QMove::Fission {
            bishop,
            duke,
            shape,
            bishop_spans,
            duke_span,
        } => fission_realities(
            g,
            *bishop,
            *duke,
            &geom::fission_structures()[*shape as usize],
            bishop_spans,
            *duke_span,
        ),
    }
}

/// The realities of a fission in one game (see [`QMove::Fission`]).
fn fission_realities(
    g: &Game,
    bishop: u16,
    duke: u16,
    fs: &FissionGeom,
    bishop_spans: &[(u8, u8)],
    duke_span: (u8, u8),
) -> Vec<Move> {
    let pos = &g.pos;
    let me = pos.to_move();
    let (Some(sb), Some(sd)) = (g.slots.get(bishop as usize), g.slots.get(duke as usize)) else {
        return Vec::new();
    };
    let Some(s) = sb.cell() else {
        return Vec::new();
    };
    if sb.tile != sd.tile || sb.kind != Kind::Bishop || sd.kind != Kind::Duke {
        return Vec::new();
    }
    let Some(f) = at(s, fs.f) else {
        return Vec::new();
    };
    let occ = pos.occupied();
    let theirs = pos.of_player(Player(1 - me.0));
    let mut xs: Vec<Cell> = Vec::new();
    for (p, &(lo, hi)) in fs.bishop.iter().zip(bishop_spans) {
        for (_, x) in fission_tiles(Family::Bishop, s, *p, lo, hi, &occ, &theirs) {
            if !xs.contains(&x) {
                xs.push(x);
            }
        }
    }
    let ys: Vec<Cell> = fission_tiles(
        Family::Duke,
        s,
        fs.duke,
        duke_span.0,
        duke_span.1,
        &occ,
        &theirs,
    )
    .into_iter()
    .map(|(_, y)| y)
    .collect();
    if xs.is_empty() || ys.is_empty() {
        return Vec::new();
    }
    // Arrivals only block and captures only remove attackers: if the king is safe with the stack
    // lifted off its tile, every fission is.
    let mut lifted = pos.clone();
    lifted.remove(s);
    let all_safe = !movegen::in_check(&lifted, me);
    let stack_move_legal = || !legal_moves_where(pos, s, |m| *m == Move::new(s, f)).is_empty();
    let mut out = Vec::new();
    for &x in &xs {
        for &y in &ys {
            if x == y {
                if x == f && stack_move_legal() {
                    out.push(Move::new(s, f));
                }
                continue;
            }
            let m = Move {
                fission: Some(y),
                ..Move::new(s, x)
            };
            if all_safe || !movegen::in_check(&pos.after(&m), me) {
                out.push(m);
            }
        }
    }
    out
}

/// The ensemble after a quantum move (every reality's selected moves; the pruned realities gone).
/// `histories` records each reality's branch.
pub fn play(e: &Ensemble, mv: &QMove, histories: bool) -> Ensemble {
    if let QMove::Collapse { key } = mv {
        let keep: Vec<usize> = (0..e.games.len())
            .filter(|&i| {
                key.iter()
                    .all(|&(id, s)| e.games[i].slots[id as usize] == s)
            })
            .collect();
        return e.restrict(&keep);
    }
    let mut games = Vec::new();
    for g in &e.games {
        for (b, m) in realities(g, mv).iter().enumerate() {
            games.push(play_classical(
                g,
                m,
                e.n0,
                &e.owners,
                histories.then_some(b as u16),
            ));
        }
    }
    Ensemble::from_games(games, e.n0, e.owners.clone())
}

/// True if the move leaves at most `max_games` games: [`play`]'s count, found without sorting
/// the games or judging the collapse, and given up as soon as there are more.
pub fn leaves_at_most(e: &Ensemble, mv: &QMove, histories: bool, max_games: usize) -> bool {
    if let QMove::Collapse { key } = mv {
        let kept = e
            .games
            .iter()
            .filter(|g| key.iter().all(|&(id, s)| g.slots[id as usize] == s))
            .count();
        return kept <= max_games;
    }
    let mut set = DistinctGames::with_capacity(max_games + 1);
    for g in &e.games {
        for (b, m) in realities(g, mv).iter().enumerate() {
            set.add(play_classical(
                g,
                m,
                e.n0,
                &e.owners,
                histories.then_some(b as u16),
            ));
            if set.len() > max_games {
                return false;
            }
        }
    }
    true
}

/// The ids a move moves (the anchor's piece; both sub-pieces of a fission).
pub fn moved_ids(mv: &QMove) -> Vec<u16> {
    match mv {
        QMove::Planar { id, .. }
        | QMove::Advance { id, .. }
        | QMove::Fixed { id, .. }
        | QMove::Deflect { id, .. } => vec![*id],
        QMove::Fission { bishop, duke, .. } => vec![*bishop, *duke],
        QMove::Collapse { key } => key.iter().map(|&(i, _)| i).collect(),
    }
}
