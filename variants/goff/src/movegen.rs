//! Move generation, cover (attack) and check.
//!
//! Base pieces use the planar tables (rules/goff/01 §3.7-3.8): quadrant moves need their whole
//! advancement square empty but for the destination, linear moves need at least one advancement
//! rectangle empty. The queen is the union of rook, bishop and duke (02 §4.1); the knight jumps
//! (02 §5); the king makes only perimeter-1 linear steps with blocking (04 §1). Pawns advance and
//! capture by the tables of [`crate::pawn`] (03 §3). Stacks move to overlap tiles, decay, teleport,
//! recombine and fission (03 §2, [`crate::fission`]); the king castles ([`crate::castling`]).
//! Everything that the rule options (05 §4, [`GoffRules`]) change is read from the position's
//! rules; the functions without a position (`destinations_of`, `covers`) use the book's.

use crate::fission;
use crate::pawn::{self, pawn_tables_for};
use crate::position::{Kind, Move, Piece, Position};
use crate::rules::{EnPassantRule, GoffRules};
use crate::tables::{tables, Bits, Family};
use crate::tile::Tile;
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;

fn other(p: Player) -> Player {
    Player(1 - p.0)
}

/// The base pieces a kind moves as.
pub fn families(kind: Kind) -> &'static [Family] {
    match kind {
        Kind::Rook => &[Family::Rook],
        Kind::Bishop => &[Family::Bishop],
        Kind::Duke => &[Family::Duke],
        Kind::Queen => &Family::ALL,
        Kind::Stack => &[Family::Bishop, Family::Duke],
        _ => &[],
    }
}

/// The king's optional rook-like quadrant steps to the 12 brook tiles (04 §1.1, A3; the
/// `king_brook_steps` option): per tile, each destination `S + e + f` (e, f orthogonal face steps)
/// with its perimeter-1 square `{S + e, S + f}` (on-board tiles), which must be empty.
pub fn brook_steps() -> &'static [Vec<(Cell, Bits)>] {
    static BROOK: std::sync::OnceLock<Vec<Vec<(Cell, Bits)>>> = std::sync::OnceLock::new();
    BROOK.get_or_init(|| {
        let faces: [(i8, i8, i8); 6] = [
            (1, 0, 0),
            (-1, 0, 0),
            (0, 1, 0),
            (0, -1, 0),
            (0, 0, 1),
            (0, 0, -1),
        ];
        (0..512u32)
            .map(|i| {
                let s = Tile::of(Cell(i));
                let at = |d: (i8, i8, i8)| Tile::new(s.z + d.0, s.a + d.1, s.b + d.2);
                let mut v = Vec::new();
                for (x, e) in faces.iter().enumerate() {
                    for f in &faces[x + 1..] {
                        let orthogonal = e.0 * f.0 + e.1 * f.1 + e.2 * f.2 == 0
                            && (e.0 + f.0, e.1 + f.1, e.2 + f.2) != (0, 0, 0);
                        let to = at((e.0 + f.0, e.1 + f.1, e.2 + f.2));
                        if !orthogonal || !to.on_board() {
                            continue;
                        }
                        let square: Bits = [at(*e), at(*f)]
                            .into_iter()
                            .filter(|t| t.on_board())
                            .map(|t| t.cell())
                            .collect();
                        v.push((to.cell(), square));
                    }
                }
                v
            })
            .collect()
    })
}

/// The destinations of a man of `pc` on `from` (pseudo-legal: the mover's king may be left
/// attacked). `occupied` must not contain `from`'s man's effect on itself (the source is never in a
/// manifold, so the position's occupancy can be passed as is).
pub fn destinations_of(pc: Piece, from: Cell, occupied: &Bits, own: &Bits) -> Bits {
    destinations_under(&GoffRules::BOOK, pc, from, occupied, own)
}

/// [`destinations_of`] under the given rule options (pawn rules, stack decay, the king's brook
/// steps).
pub fn destinations_under(
    rules: &GoffRules,
    pc: Piece,
    from: Cell,
    occupied: &Bits,
    own: &Bits,
) -> Bits {
    let t = tables();
    let capturable = occupied.without(own);
    match pc.kind {
        Kind::Stack if !rules.stack.decay => {
            // Without decay a stack moves only as a stack, to overlap tiles.
            t.planar(Family::Bishop).moves(from, occupied, &capturable)
                & t.planar(Family::Duke).moves(from, occupied, &capturable)
        }
        Kind::Rook | Kind::Bishop | Kind::Duke | Kind::Queen | Kind::Stack => {
            let mut out = CellSet::EMPTY;
            for &f in families(pc.kind) {
                out |= t.planar(f).moves(from, occupied, &capturable);
            }
            out
        }
        Kind::Knight => t.knight[from.index()].without(own),
        Kind::King => {
            let mut out = CellSet::EMPTY;
            for s in &t.king[from.index()] {
                if !own.contains(s.to) && !s.rect.intersects(occupied) {
                    out.insert(s.to);
                }
            }
            if rules.king_brook_steps {
                for (to, square) in &brook_steps()[from.index()] {
                    if !own.contains(*to) && !square.intersects(occupied) {
                        out.insert(*to);
                    }
                }
            }
            out
        }
        Kind::Pawn => {
            let pt = pawn_tables_for(rules);
            let i = pc.player.index();
            let mut out = CellSet::EMPTY;
            for s in &pt.advance[i][from.index()] {
                if !occupied.contains(s.to) && s.open(occupied) {
                    out.insert(s.to);
                }
            }
            for s in &pt.capture[i][from.index()] {
                if capturable.contains(s.to) && s.open(occupied) {
                    out.insert(s.to);
                }
            }
            out
        }
    }
}

/// The friendly lone pieces a bishop or duke (`k`) on `from` can join by an open route of its
/// kind: recombination or cross combination (03 §2.3 row 5) for a lone piece; for a stack's
/// sub-piece, teleport (row 4), which also needs the native colours of the two like sub-pieces to
/// differ (03 A4).
pub fn combinations(pos: &Position, p: Player, from: Cell, k: Kind, from_stack: bool) -> Bits {
    let (fam, other) = match k {
        Kind::Bishop => (Family::Bishop, Kind::Duke),
        Kind::Duke => (Family::Duke, Kind::Bishop),
        _ => return CellSet::EMPTY,
    };
    let mut out = CellSet::EMPTY;
    let allowed = if from_stack {
        pos.rules.stack.teleport
    } else {
        pos.rules.stack.recombination
    };
    let targets = pos.of_player(p) & pos.of_kind(other);
    if targets.is_empty() || !allowed {
        return out;
    }
    let occ = pos.occupied();
    let pt = tables().planar(fam);
    let sf = Tile::of(from);
    for to in targets {
        if !pt.covers(from, to, &occ) {
            continue;
        }
        if from_stack {
            let tt = Tile::of(to);
            // The sub-piece left on the source and the one on the target are both `other`.
            let differ = if other == Kind::Bishop {
                sf.is_white() != tt.is_white()
            } else {
                sf.duke_colour() != tt.duke_colour()
            };
            if !differ {
                continue;
            }
        }
        out.insert(to);
    }
    out
}

/// The en passant captures open to the side to move (04 §3.2, Congruent Rule 54): after a double
/// advance `O -> D`, every path tile `p` (a tile with `p - O` and `D - p` single advances) must be
/// covered by one or more of the mover's pawns in the fictitious position with the advanced pawn
/// on `p`; then each covering pawn may move to its tile, removing the pawn on `D`. The rule options
/// may switch en passant off or require one pawn to cover every path tile (04 A7).
pub fn en_passant(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let Some((o, d)) = pos.ep else {
        return out;
    };
    if pos.rules.en_passant == EnPassantRule::Off {
        return out;
    }
    let me = pos.to_move();
    let x = other(me);
    if !(pos.of_player(x) & pos.of_kind(Kind::Pawn)).contains(d) {
        return out;
    }
    let sx: i8 = if x.0 == 0 { 1 } else { -1 };
    let steps = [(0, sx, sx), (0, sx, 0), (0, 0, sx)];
    let (ot, dt) = (Tile::of(o), Tile::of(d));
    let mut paths = Vec::new();
    for s in steps {
        let pt = Tile::new(ot.z + s.0, ot.a + s.1, ot.b + s.2);
        if pt.on_board() && steps.contains(&pt.offset_to(&dt)) {
            paths.push(pt.cell());
        }
    }
    let mine = pos.of_player(me) & pos.of_kind(Kind::Pawn);
    let mut cands = Vec::new();
    for &p in &paths {
        let mut occ = pos.occupied();
        occ.remove(d);
        occ.insert(p);
        let covering: Vec<Cell> = mine
            .iter()
            .filter(|&q| {
                pawn_tables_for(&pos.rules).capture[me.index()][q.index()]
                    .iter()
                    .any(|s| s.to == p && s.open(&occ))
            })
            .collect();
        if covering.is_empty() {
            return Vec::new();
        }
        cands.extend(covering.into_iter().map(|q| (q, p)));
    }
    if pos.rules.en_passant == EnPassantRule::SinglePawnDoublePath {
        // 04 A7: only a pawn covering every path tile may take, to any of them.
        let all: Vec<(Cell, Cell)> = cands.clone();
        cands.retain(|&(q, _)| paths.iter().all(|&p| all.contains(&(q, p))));
    }
    for (q, p) in cands {
        out.push(Move {
            part: Some(Kind::Pawn),
            ..Move::new(q, p)
        });
    }
    out
}

/// Every pseudo-legal move of the man on `from` (which must be the side to move's): plain moves,
/// promotions, uplift, stack moves, decays, teleports and combinations.
pub fn pseudo_moves(pos: &Position, pc: Piece, from: Cell, out: &mut Vec<Move>) {
    let occ = pos.occupied();
    let own = pos.of_player(pc.player);
    match pc.kind {
        Kind::Stack => {
            let t = tables();
            let cap = occ.without(&own);
            let b = t.planar(Family::Bishop).moves(from, &occ, &cap);
            let d = t.planar(Family::Duke).moves(from, &occ, &cap);
            for to in b & d {
                out.push(Move::new(from, to));
            }
            let decay = pos.rules.stack.decay;
            for (k, set) in [(Kind::Bishop, b), (Kind::Duke, d)] {
                let set = if decay { set } else { CellSet::EMPTY }
                    | combinations(pos, pc.player, from, k, true);
                for to in set {
                    out.push(Move {
                        part: Some(k),
                        ..Move::new(from, to)
                    });
                }
            }
            let fissions = if pos.rules.stack.fission {
                fission::fissions(from, &occ, &cap)
            } else {
                Vec::new()
            };
            for (x, y) in fissions {
                out.push(Move {
                    fission: Some(y),
                    ..Move::new(from, x)
                });
            }
        }
        Kind::Pawn => {
            out.extend(en_passant(pos).into_iter().filter(|m| m.from == from));
            for to in
                destinations_under(&pos.rules, pc, from, &occ, &own) | uplifts(pos, pc.player, from)
            {
                let choices = promotions(pos, pc.player, to);
                if choices.is_empty() {
                    out.push(Move::new(from, to));
                }
                for &k in choices {
                    out.push(Move {
                        promote: Some(k),
                        ..Move::new(from, to)
                    });
                }
            }
        }
        Kind::Bishop | Kind::Duke => {
            let set = destinations_under(&pos.rules, pc, from, &occ, &own)
                | combinations(pos, pc.player, from, pc.kind, false);
            out.extend(set.iter().map(|to| Move::new(from, to)));
        }
        _ => {
            out.extend(
                destinations_under(&pos.rules, pc, from, &occ, &own)
                    .iter()
                    .map(|to| Move::new(from, to)),
            );
            if pc.kind == Kind::King && pos.unmoved().contains(from) {
                crate::castling::castles(pos, from, out);
            }
        }
    }
}

/// The promotion tiles a pawn of `p` on `from` can uplift onto: a promotion tile holding a friendly
/// lone bishop or duke, reached by an open advance (03 §3.8).
pub fn uplifts(pos: &Position, p: Player, from: Cell) -> Bits {
    let mut out = CellSet::EMPTY;
    let targets = pos.of_player(p) & (pos.of_kind(Kind::Bishop) | pos.of_kind(Kind::Duke));
    if targets.is_empty() {
        return out;
    }
    let occ = pos.occupied();
    for s in &pawn_tables_for(&pos.rules).advance[p.index()][from.index()] {
        if targets.contains(s.to) && pawn::is_promotion_tile(p, s.to) && s.open(&occ) {
            out.insert(s.to);
        }
    }
    out
}

/// The promotion choices of a pawn move to `to` (03 §3.6): none off the promotion tiles, the stack
/// only for an uplift, else Q R B D S N.
pub fn promotions(pos: &Position, p: Player, to: Cell) -> &'static [Kind] {
    if !pawn::is_promotion_tile(p, to) {
        return &[];
    }
    if pos.of_player(p).contains(to) {
        return &[Kind::Stack];
    }
    &PROMOTION_CHOICES
}

/// The kinds a pawn may promote to (03 §3.6).
pub const PROMOTION_CHOICES: [Kind; 6] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Duke,
    Kind::Stack,
    Kind::Knight,
];

/// The pseudo-legal destinations of the man on `from` in `pos` (empty if the tile is empty).
pub fn destinations(pos: &Position, from: Cell) -> Bits {
    match pos.piece_at(from) {
        Some(pc) if pc.kind == Kind::Pawn => {
            destinations_under(
                &pos.rules,
                pc,
                from,
                &pos.occupied(),
                &pos.of_player(pc.player),
            ) | uplifts(pos, pc.player, from)
        }
        Some(pc) if matches!(pc.kind, Kind::Bishop | Kind::Duke | Kind::Stack) => {
            let mut out = destinations_under(
                &pos.rules,
                pc,
                from,
                &pos.occupied(),
                &pos.of_player(pc.player),
            );
            if pc.kind == Kind::Stack {
                out |= combinations(pos, pc.player, from, Kind::Bishop, true);
                out |= combinations(pos, pc.player, from, Kind::Duke, true);
            } else {
                out |= combinations(pos, pc.player, from, pc.kind, false);
            }
            out
        }
        Some(pc) => destinations_under(
            &pos.rules,
            pc,
            from,
            &pos.occupied(),
            &pos.of_player(pc.player),
        ),
        None => CellSet::EMPTY,
    }
}

/// True if a man of `pc` on `from` covers `to` (attacks or defends it: `to` counts as capturable,
/// blocking unchanged; 01 §3.10, 04 §2).
pub fn covers(pc: Piece, from: Cell, to: Cell, occupied: &Bits) -> bool {
    covers_under(&GoffRules::BOOK, pc, from, to, occupied)
}

/// [`covers`] under the given rule options.
pub fn covers_under(rules: &GoffRules, pc: Piece, from: Cell, to: Cell, occupied: &Bits) -> bool {
    (pc.kind == Kind::Stack
        && rules.stack.fission
        && fission::fission_covers(from, to, occupied, &CellSet::EMPTY))
        || covers_without_fission(rules, pc, from, to, occupied)
}

/// [`covers_under`] but for a stack's fission.
fn covers_without_fission(
    rules: &GoffRules,
    pc: Piece,
    from: Cell,
    to: Cell,
    occupied: &Bits,
) -> bool {
    let t = tables();
    match pc.kind {
        // Without decay a stack reaches only the tiles both sub-pieces reach.
        Kind::Stack if !rules.stack.decay => families(pc.kind)
            .iter()
            .all(|&f| t.planar(f).covers(from, to, occupied)),
        Kind::Rook | Kind::Bishop | Kind::Duke | Kind::Queen | Kind::Stack => families(pc.kind)
            .iter()
            .any(|&f| t.planar(f).covers(from, to, occupied)),
        Kind::Knight => t.knight[from.index()].contains(to),
        Kind::King => {
            t.king[from.index()].iter().any(|s| {
                s.to == to && {
                    let mut r = s.rect & *occupied;
                    r.remove(to);
                    r.is_empty()
                }
            }) || (rules.king_brook_steps
                && brook_steps()[from.index()]
                    .iter()
                    .any(|(d, sq)| *d == to && !sq.intersects(occupied)))
        }
        Kind::Pawn => pawn_tables_for(rules).capture[pc.player.index()][from.index()]
            .iter()
            .any(|s| s.to == to && s.open(occupied)),
    }
}

/// True if some man of `by` covers `target`.
pub fn attacked(pos: &Position, target: Cell, by: Player) -> bool {
    let t = tables();
    let rules = &pos.rules;
    let theirs = pos.of_player(by);
    let of = |k: Kind| theirs & pos.of_kind(k);
    if t.knight[target.index()].intersects(&of(Kind::Knight)) {
        return true;
    }
    let occ = pos.occupied();
    let reach = empty_reach();
    let (queens, stacks) = (of(Kind::Queen), of(Kind::Stack));
    // Base pieces: only men standing where their family reaches the target on the empty board
    // (reach is symmetric) need the blocking test.
    for (f, lone) in [
        (Family::Rook, Kind::Rook),
        (Family::Bishop, Kind::Bishop),
        (Family::Duke, Kind::Duke),
    ] {
        let mut men = queens | of(lone);
        if rules.stack.decay && f != Family::Rook {
            men |= stacks;
        }
        let pt = t.planar(f);
        for from in men & reach[f as usize][target.index()] {
            if pt.covers(from, target, &occ) {
                return true;
            }
        }
    }
    if !rules.stack.decay {
        let both = reach[Family::Bishop as usize][target.index()]
            & reach[Family::Duke as usize][target.index()];
        for from in stacks & both {
            if t.planar(Family::Bishop).covers(from, target, &occ)
                && t.planar(Family::Duke).covers(from, target, &occ)
            {
                return true;
            }
        }
    }
    for from in of(Kind::King) {
        let king = Piece {
            player: by,
            kind: Kind::King,
        };
        if covers_without_fission(rules, king, from, target, &occ) {
            return true;
        }
    }
    let pawns = pawn_tables_for(rules);
    for from in of(Kind::Pawn) & pawns.attackers[by.index()][target.index()] {
        if pawns.capture[by.index()][from.index()]
            .iter()
            .any(|s| s.to == target && s.open(&occ))
        {
            return true;
        }
    }
    // A stack's fission, with the real capturable men (03 §2.5).
    rules.stack.fission
        && stacks
            .iter()
            .any(|from| fission::fission_covers(from, target, &occ, &pos.of_player(other(by))))
}

/// Per family and tile, the tiles the family reaches on the empty board. Reach is symmetric (the
/// reverse of a quadrant or linear move is one too), so this is also where an attacker can stand.
fn empty_reach() -> &'static [Vec<Bits>; 3] {
    static REACH: std::sync::OnceLock<[Vec<Bits>; 3]> = std::sync::OnceLock::new();
    REACH.get_or_init(|| {
        let empty = CellSet::EMPTY;
        Family::ALL.map(|f| {
            let pt = tables().planar(f);
            (0..512u32)
                .map(|i| pt.moves(Cell(i), &empty, &empty))
                .collect()
        })
    })
}

/// The tiles whose emptying could expose `p`'s king: every tile of every manifold of every route
/// from an enemy base piece or king to the king (a man leaving any other tile never opens a route, and a
/// man arriving anywhere only blocks).
fn exposure(pos: &Position, p: Player) -> Bits {
    let mut out = CellSet::EMPTY;
    let Some(k) = pos.king(p) else {
        return out;
    };
    let t = tables();
    let theirs = pos.of_player(other(p));
    for kind in [
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Duke,
        Kind::Stack,
    ] {
        for from in theirs & pos.of_kind(kind) {
            for &f in families(kind) {
                let pt = t.planar(f);
                for r in pt.routes(from, k) {
                    out |= pt.manifold(from, r);
                }
            }
        }
    }
    for from in theirs & pos.of_kind(Kind::King) {
        for s in &t.king[from.index()] {
            if s.to == k {
                out |= s.rect;
            }
        }
    }
    if pos.rules.king_brook_steps {
        for from in theirs & pos.of_kind(Kind::King) {
            for (to, square) in &brook_steps()[from.index()] {
                if *to == k {
                    out |= *square;
                }
            }
        }
    }
    if pos.rules.stack.fission {
        for from in theirs & pos.of_kind(Kind::Stack) {
            out |= fission::fission_exposure(from, k);
        }
    }
    for from in theirs & pos.of_kind(Kind::Pawn) {
        for s in &pawn_tables_for(&pos.rules).capture[other(p).index()][from.index()] {
            if s.to == k {
                for w in &s.ways {
                    out |= *w;
                }
            }
        }
    }
    out
}

/// True if `p`'s king is attacked (false if `p` has no king).
pub fn in_check(pos: &Position, p: Player) -> bool {
    pos.king(p).is_some_and(|k| attacked(pos, k, other(p)))
}

/// The legal destinations of the man on `from` (its owner's king not attacked afterwards).
pub fn legal_destinations(pos: &Position, from: Cell) -> Bits {
    let Some(pc) = pos.piece_at(from) else {
        return CellSet::EMPTY;
    };
    let dests = destinations(pos, from);
    let safe = pc.kind != Kind::King
        && !in_check(pos, pc.player)
        && !exposure(pos, pc.player).contains(from);
    if safe {
        return dests;
    }
    let mut moves = Vec::new();
    pseudo_moves(pos, pc, from, &mut moves);
    let mut out = CellSet::EMPTY;
    for m in moves {
        if !out.contains(m.to) && !in_check(&pos.after(&m), pc.player) {
            out.insert(m.to);
        }
    }
    out
}

/// Every legal move of the side to move, by source tile (then as [`pseudo_moves`] lists them).
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    let me = pos.to_move();
    let own = pos.of_player(me);
    let checked = in_check(pos, me);
    let exposed = exposure(pos, me);
    for from in own {
        let pc = pos.piece_at(from).expect("own man");
        let safe = pc.kind != Kind::King && !checked && !exposed.contains(from);
        let start = out.len();
        pseudo_moves(pos, pc, from, out);
        {
            let mut k = start;
            for i in start..out.len() {
                let m = out[i];
                // an en passant capture also empties the captured pawn's tile: always tested
                if (safe && m.part != Some(Kind::Pawn)) || !in_check(&pos.after(&m), me) {
                    out[k] = m;
                    k += 1;
                }
            }
            out.truncate(k);
        }
    }
}
