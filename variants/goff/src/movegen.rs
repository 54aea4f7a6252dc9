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

use crate::fast;
use crate::fission;
use crate::pawn::{self, pawn_tables_for};
use crate::position::{Kind, Move, Piece, Position};
use crate::rules::{EnPassantRule, GoffRules};
use crate::tables::{Bits, Family};
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
    let g = fast::geo();
    let capturable = occupied.without(own);
    dests_with(rules, pc, from, (occupied, own, &capturable), |pid| {
        g.gather(occupied, pid)
    })
}

/// [`destinations_under`] with the men of each plane given by `occ2`.
#[inline]
fn dests_with(
    rules: &GoffRules,
    pc: Piece,
    from: Cell,
    (occupied, own, capturable): (&Bits, &Bits, &Bits),
    occ2: impl Fn(usize) -> u64 + Copy,
) -> Bits {
    let g = fast::geo();
    let capturable = *capturable;
    match pc.kind {
        Kind::Stack if !rules.stack.decay => {
            // Without decay a stack moves only as a stack, to overlap tiles.
            let (mut b, mut d) = (CellSet::EMPTY, CellSet::EMPTY);
            g.family_moves(1, from, occ2, &capturable, &mut b);
            g.family_moves(2, from, occ2, &capturable, &mut d);
            b & d
        }
        Kind::Rook | Kind::Bishop | Kind::Duke | Kind::Queen | Kind::Stack => {
            let mut out = CellSet::EMPTY;
            for &f in fast::family_ids(pc.kind) {
                g.family_moves(f, from, occ2, &capturable, &mut out);
            }
            out
        }
        Kind::Knight => g.knight[from.index()].without(own),
        Kind::King => {
            let mut out = g.king_moves(from, occ2, own);
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
            let pt = &pawn_tables_for(rules).packed;
            let mut out = CellSet::EMPTY;
            pt.moves(pc.player, from, false, &!*occupied, occupied, &mut out);
            let i = pc.player.index() * 512 + from.index();
            if pt.cap_to[i].intersects(&capturable) {
                pt.moves(pc.player, from, true, &capturable, occupied, &mut out);
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
    let g = fast::geo();
    let f = fam as usize;
    let sf = Tile::of(from);
    for to in targets {
        if !g.covers(f, from, to, |pid| pos.planes[pid]) {
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
    en_passant_each(pos, |m| out.push(m));
    out
}

/// [`en_passant`] without allocating: calls `f` with each capture, in the same order.
fn en_passant_each(pos: &Position, mut f: impl FnMut(Move)) {
    let Some((o, d)) = pos.ep else {
        return;
    };
    if pos.rules.en_passant == EnPassantRule::Off {
        return;
    }
    let me = pos.to_move();
    let x = other(me);
    if !(pos.of_player(x) & pos.of_kind(Kind::Pawn)).contains(d) {
        return;
    }
    let sx: i8 = if x.0 == 0 { 1 } else { -1 };
    let steps = [(0, sx, sx), (0, sx, 0), (0, 0, sx)];
    let (ot, dt) = (Tile::of(o), Tile::of(d));
    let mut paths = [Cell(0); 3];
    let mut np = 0;
    for s in steps {
        let pt = Tile::new(ot.z + s.0, ot.a + s.1, ot.b + s.2);
        if pt.on_board() && steps.contains(&pt.offset_to(&dt)) {
            paths[np] = pt.cell();
            np += 1;
        }
    }
    let paths = &paths[..np];
    let mine = pos.of_player(me) & pos.of_kind(Kind::Pawn);
    let table = &pawn_tables_for(&pos.rules).capture[me.index()];
    // At most every pawn for every path tile.
    let mut cands = [(Cell(0), Cell(0)); 3 * 64];
    let mut n = 0;
    for &p in paths {
        let mut occ = pos.occupied();
        occ.remove(d);
        occ.insert(p);
        let before = n;
        for q in mine {
            if table[q.index()].iter().any(|s| s.to == p && s.open(&occ)) && n < cands.len() {
                cands[n] = (q, p);
                n += 1;
            }
        }
        if n == before {
            return;
        }
    }
    let all = cands;
    let covers_all = |q: Cell| paths.iter().all(|&p| all[..n].contains(&(q, p)));
    for &(q, p) in &all[..n] {
        if pos.rules.en_passant == EnPassantRule::SinglePawnDoublePath && !covers_all(q) {
            continue;
        }
        f(Move {
            part: Some(Kind::Pawn),
            ..Move::new(q, p)
        });
    }
}

/// Every pseudo-legal move of the man on `from` (which must be the side to move's): plain moves,
/// promotions, uplift, stack moves, decays, teleports and combinations.
pub fn pseudo_moves(pos: &Position, pc: Piece, from: Cell, out: &mut Vec<Move>) {
    let occ = pos.occupied();
    let own = pos.of_player(pc.player);
    match pc.kind {
        Kind::Stack => {
            let g = fast::geo();
            let cap = occ.without(&own);
            let (mut b, mut d) = (CellSet::EMPTY, CellSet::EMPTY);
            g.family_moves(1, from, |pid| pos.planes[pid], &cap, &mut b);
            g.family_moves(2, from, |pid| pos.planes[pid], &cap, &mut d);
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
            if pos.rules.stack.fission {
                fission::each_fission(
                    from,
                    &occ,
                    |pid| pos.planes[pid],
                    &cap,
                    |x, y| {
                        out.push(Move {
                            fission: Some(y),
                            ..Move::new(from, x)
                        })
                    },
                );
            }
        }
        Kind::Pawn => {
            en_passant_each(pos, |m| {
                if m.from == from {
                    out.push(m)
                }
            });
            for to in pos_dests(pos, pc, from, &occ, &own) | uplifts(pos, pc.player, from) {
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
            let set = pos_dests(pos, pc, from, &occ, &own)
                | combinations(pos, pc.player, from, pc.kind, false);
            out.extend(set.iter().map(|to| Move::new(from, to)));
        }
        _ => {
            out.extend(
                pos_dests(pos, pc, from, &occ, &own)
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

/// A player's promotion tiles (the opponent's home column, 03 §3.6).
fn promotion_tiles(p: Player) -> Bits {
    // (z, 7, 7) is bit 63 of level z's word, (z, 0, 0) bit 0.
    CellSet([if p.0 == 0 { 1 << 63 } else { 1 }; 8])
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
    let Some(pc) = pos.piece_at(from) else {
        return CellSet::EMPTY;
    };
    let (occ, own) = (pos.occupied(), pos.of_player(pc.player));
    let mut out = pos_dests(pos, pc, from, &occ, &own);
    match pc.kind {
        Kind::Pawn => out |= uplifts(pos, pc.player, from),
        Kind::Stack => {
            out |= combinations(pos, pc.player, from, Kind::Bishop, true);
            out |= combinations(pos, pc.player, from, Kind::Duke, true);
        }
        Kind::Bishop | Kind::Duke => out |= combinations(pos, pc.player, from, pc.kind, false),
        _ => {}
    }
    out
}

/// [`destinations_under`] in a position, by its planes.
#[inline]
fn pos_dests(pos: &Position, pc: Piece, from: Cell, occ: &Bits, own: &Bits) -> Bits {
    let cap = occ.without(own);
    dests_with(&pos.rules, pc, from, (occ, own, &cap), |pid| {
        pos.planes[pid]
    })
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
    let g = fast::geo();
    covers_with(rules, pc, from, to, occupied, |pid| g.gather(occupied, pid))
}

/// [`covers_without_fission`] with the men of each plane given by `occ2`.
#[inline]
fn covers_with(
    rules: &GoffRules,
    pc: Piece,
    from: Cell,
    to: Cell,
    occupied: &Bits,
    occ2: impl Fn(usize) -> u64 + Copy,
) -> bool {
    let g = fast::geo();
    match pc.kind {
        // Without decay a stack reaches only the tiles both sub-pieces reach.
        Kind::Stack if !rules.stack.decay => {
            g.covers(1, from, to, occ2) && g.covers(2, from, to, occ2)
        }
        Kind::Rook | Kind::Bishop | Kind::Duke | Kind::Queen | Kind::Stack => {
            fast::family_ids(pc.kind)
                .iter()
                .any(|&f| g.covers(f, from, to, occ2))
        }
        Kind::Knight => g.knight[from.index()].contains(to),
        Kind::King => {
            g.king_covers(from, to, occ2)
                || (rules.king_brook_steps
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
    let occ = pos.occupied();
    attacked_in(
        pos,
        target,
        by,
        &pos.of_player(by),
        &occ,
        |pid| pos.planes[pid],
        &pos.of_player(other(by)),
    )
}

/// True if the side to move's king, moved from `from` to `to` by a plain step (taking what
/// stands there), is safe: [`attacked`] on the board after the move, without making it.
fn king_step_safe(pos: &Position, from: Cell, to: Cell) -> bool {
    let g = fast::geo();
    let me = pos.to_move();
    let by = other(me);
    let mut theirs = pos.of_player(by);
    theirs.remove(to);
    let mut occ = pos.occupied();
    occ.remove(from);
    occ.insert(to);
    let mut mine = pos.of_player(me);
    mine.remove(from);
    mine.insert(to);
    let occ2 = |pid: usize| pos.planes[pid] & !g.bit_in(pid, from) | g.bit_in(pid, to);
    !attacked_in(pos, to, by, &theirs, &occ, occ2, &mine)
}

/// [`attacked`] with the attackers `theirs` (of `by`; their kinds read from `pos`), the men
/// `occ` (also as plane words, `occ2`) and the men a fission may take, `capturable`.
#[inline]
fn attacked_in(
    pos: &Position,
    target: Cell,
    by: Player,
    theirs: &Bits,
    occ: &Bits,
    occ2: impl Fn(usize) -> u64 + Copy,
    capturable: &Bits,
) -> bool {
    let g = fast::geo();
    let rules = &pos.rules;
    let of = |k: Kind| *theirs & pos.of_kind(k);
    if g.knight[target.index()].intersects(&of(Kind::Knight)) {
        return true;
    }
    let (queens, stacks) = (of(Kind::Queen), of(Kind::Stack));
    for (f, lone) in [(0, Kind::Rook), (1, Kind::Bishop), (2, Kind::Duke)] {
        let mut men = queens | of(lone);
        if rules.stack.decay && f != 0 {
            men |= stacks;
        }
        if fast::any(&men, |from| g.covers(f, from, target, occ2)) {
            return true;
        }
    }
    if !rules.stack.decay
        && fast::any(&stacks, |from| {
            g.covers(1, from, target, occ2) && g.covers(2, from, target, occ2)
        })
    {
        return true;
    }
    let king = Piece {
        player: by,
        kind: Kind::King,
    };
    if fast::any(&of(Kind::King), |from| {
        covers_with(rules, king, from, target, occ, occ2)
    }) {
        return true;
    }
    let pawns = pawn_tables_for(rules);
    if fast::any(
        &(of(Kind::Pawn) & pawns.attackers[by.index()][target.index()]),
        |from| pawns.packed.captures(by, from, target, occ),
    ) {
        return true;
    }
    // A stack's fission, with the real capturable men (03 §2.5).
    rules.stack.fission
        && fast::any(&stacks, |from| {
            fission::fission_covers_with(from, target, occ, occ2, capturable)
        })
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
    let info = Legality::of(pos, pc.player);
    if pc.kind != Kind::King && info.unrestricted(from) {
        return destinations(pos, from);
    }
    if pc.player == pos.to_move() {
        let mut moves = Vec::new();
        gen_from(
            pos,
            &info,
            from,
            pc.kind,
            &mut List(&mut moves),
            &mut Vec::new(),
        );
        return moves.iter().map(|m| m.to).collect();
    }
    // A man of the side not to move: every pseudo-legal move made and tested.
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
    let info = Legality::of(pos, pos.to_move());
    let mut scratch = Vec::new();
    let mut sink = List(out);
    for from in pos.of_player(pos.to_move()) {
        let kind = pos.kind_at(from).expect("own man");
        gen_from(pos, &info, from, kind, &mut sink, &mut scratch);
    }
}

/// The number of legal moves of the side to move (as [`legal_moves`] counts them), without
/// listing the moves of men whose every pseudo-legal move is legal.
///
/// Counting is mostly population counts of tile sets: on x86-64 the count is compiled twice, and
/// the copy that uses the POPCNT instruction runs when the CPU has it (as the generic engine's
/// `count_fast`, docs/movegen.md); the portable target counts bits in software.
pub(crate) fn count_legal(pos: &Position, scratch: &mut Vec<Move>) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has POPCNT, the only feature `count_legal_popcnt` enables.
        return unsafe { count_legal_popcnt(pos, scratch) };
    }
    count_legal_with(pos, scratch)
}

/// [`count_legal`] compiled for CPUs with POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_legal_popcnt(pos: &Position, scratch: &mut Vec<Move>) -> usize {
    count_legal_with(pos, scratch)
}

/// [`count_legal`], inlined into each copy (with [`gen_from`] and the counting sink).
#[inline(always)]
fn count_legal_with(pos: &Position, scratch: &mut Vec<Move>) -> usize {
    let info = Legality::of(pos, pos.to_move());
    let mut sink = Count(0);
    let own = pos.of_player(pos.to_move());
    for kind in Kind::ALL {
        // The loop of `fast::each`, written out so that the men's moves are compiled into
        // this function (and so into its POPCNT copy).
        for (i, &w) in (own & pos.of_kind(kind)).0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let from = Cell(i as u32 * 64 + w.trailing_zeros());
                gen_from(pos, &info, from, kind, &mut sink, scratch);
                w &= w - 1;
            }
        }
    }
    sink.0
}

/// Where the legal moves go: a list, or a count.
trait Sink {
    /// The plain moves `from` to each tile of `set`, in increasing order.
    fn set(&mut self, from: Cell, set: Bits);
    /// The decays or teleports of sub-piece `k` of the stack on `from` to each tile of `set`.
    fn parts(&mut self, from: Cell, k: Kind, set: Bits);
    /// A pawn's moves from `from` to each tile of `set`, with their promotion choices.
    fn pawns(&mut self, pos: &Position, from: Cell, set: Bits);
    /// One move.
    fn one(&mut self, m: Move);
}

struct List<'a>(&'a mut Vec<Move>);

impl Sink for List<'_> {
    #[inline]
    fn set(&mut self, from: Cell, set: Bits) {
        self.0.extend(set.iter().map(|to| Move::new(from, to)));
    }
    #[inline]
    fn parts(&mut self, from: Cell, k: Kind, set: Bits) {
        self.0.extend(set.iter().map(|to| Move {
            part: Some(k),
            ..Move::new(from, to)
        }));
    }
    #[inline]
    fn pawns(&mut self, pos: &Position, from: Cell, set: Bits) {
        for to in set {
            let choices = promotions(pos, pos.to_move(), to);
            if choices.is_empty() {
                self.0.push(Move::new(from, to));
            }
            for &k in choices {
                self.0.push(Move {
                    promote: Some(k),
                    ..Move::new(from, to)
                });
            }
        }
    }
    #[inline]
    fn one(&mut self, m: Move) {
        self.0.push(m);
    }
}

struct Count(usize);

/// The number of tiles of `b`, skipping empty words (most destination sets touch a few levels,
/// and without POPCNT each word's count is a dozen instructions).
#[inline]
fn tiles(b: &Bits) -> usize {
    b.0.iter()
        .filter(|&&w| w != 0)
        .map(|w| w.count_ones() as usize)
        .sum()
}

impl Sink for Count {
    #[inline]
    fn set(&mut self, _: Cell, set: Bits) {
        self.0 += tiles(&set);
    }
    #[inline]
    fn parts(&mut self, _: Cell, _: Kind, set: Bits) {
        self.0 += tiles(&set);
    }
    #[inline]
    fn pawns(&mut self, pos: &Position, _: Cell, set: Bits) {
        // A move onto an empty or enemy promotion tile promotes to one of six kinds (an uplift
        // onto a friendly man has one choice, the stack); every other move is one move.
        let me = pos.to_move();
        let six = set & promotion_tiles(me) & !pos.of_player(me);
        self.0 += tiles(&set) + (PROMOTION_CHOICES.len() - 1) * tiles(&six);
    }
    #[inline]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// The most men with a line to the king through them (more: every move is made and tested).
const MAX_PINS: usize = 8;

/// What the side to move's king allows, found along the lines to it (rules/goff/04 §2): a move
/// leaves the king attacked only if it opens a route of an enemy man onto the king or leaves one
/// open. A route (the manifold of a planar move, a king's rectangle, a pawn's blocking set, a
/// knight's leap) is shut by the men on it; a simple move from `x` to `d` changes only those two
/// tiles, so the routes that matter are those with no man on them (checks: every move must put
/// a man on each, or take the attacker) and those whose only man is `x` (pins: `x` must stay on
/// it or take the attacker). The king's own moves, castles, en passant and the stack's fission
/// (two men arrive) are made and tested, as is every move when a fission of an enemy stack is
/// near the king (its landing tiles count as free when they hold the mover's men, so a capture
/// can open one) or the rules leave the stack without decay.
struct Legality {
    me: Player,
    /// Every move is made and tested.
    slow: bool,
    /// The destinations of a non-king move while in check (the checks' routes and attackers).
    global: Option<Bits>,
    pins: [(Cell, Bits); MAX_PINS],
    npins: usize,
    /// Moves from these tiles are made and tested (an enemy stack's fission onto the king).
    danger_from: Bits,
    /// Captures on these tiles are made and tested (likewise).
    danger_cap: Bits,
    /// No check, no pin, no fission danger: every simple move of a man but the king is legal.
    plain: bool,
    /// The pawns of `me` with an en passant capture (found once per position).
    ep_pawns: Bits,
    /// Some lone bishop or duke of `me` stands on a promotion tile (pawns may uplift).
    uplift: bool,
    /// The men of `me`, every man, and the men of the other side.
    own: Bits,
    occ: Bits,
    cap: Bits,
}

impl Legality {
    fn of(pos: &Position, me: Player) -> Legality {
        let mut l = Legality {
            me,
            slow: false,
            global: None,
            pins: [(Cell(0), CellSet::EMPTY); MAX_PINS],
            npins: 0,
            danger_from: CellSet::EMPTY,
            danger_cap: CellSet::EMPTY,
            plain: true,
            own: pos.of_player(me),
            occ: pos.occupied(),
            cap: pos.of_player(other(me)),
            ep_pawns: CellSet::EMPTY,
            uplift: !(pos.of_player(me)
                & (pos.of_kind(Kind::Bishop) | pos.of_kind(Kind::Duke))
                & promotion_tiles(me))
            .is_empty(),
        };
        if pos.ep.is_some() && me == pos.to_move() {
            en_passant_each(pos, |m| l.ep_pawns.insert(m.from));
        }
        l.find(pos, me);
        l.plain = !l.slow
            && l.global.is_none()
            && l.npins == 0
            && l.danger_from.is_empty()
            && l.danger_cap.is_empty();
        l
    }

    /// Fills the checks, pins and dangers of the king of `me`.
    fn find(&mut self, pos: &Position, me: Player) {
        let l = self;
        let Some(k) = pos.king(me) else {
            return;
        };
        let g = fast::geo();
        let rules = &pos.rules;
        let them = other(me);
        let theirs = pos.of_player(them);
        let own = pos.of_player(me);
        let of = |kind: Kind| theirs & pos.of_kind(kind);
        let stacks = of(Kind::Stack);
        if !rules.stack.decay && !stacks.is_empty() {
            l.slow = true;
            return;
        }
        let occ2 = |pid: usize| pos.planes[pid];
        let occ = pos.occupied();
        for a in g.knight[k.index()] & of(Kind::Knight) {
            l.check(CellSet::single(a));
        }
        let queens = of(Kind::Queen);
        for (f, lone) in [(0, Kind::Rook), (1, Kind::Bishop), (2, Kind::Duke)] {
            let mut men = queens | of(lone);
            if f != 0 {
                men |= stacks;
            }
            fast::each(&men, |a| {
                for r in g.routes(f, a, k) {
                    let (pid, b) = g.route_blockers(r, a, k, occ2);
                    if b == 0 {
                        l.check(g.route_block(r, a, k));
                    } else if b & (b - 1) == 0 {
                        let x = g.cell(pid, b);
                        if own.contains(x) {
                            l.pin(x, g.route_block(r, a, k));
                        }
                    }
                }
            });
        }
        for a in of(Kind::King) {
            for f in 0..3 {
                for r in g.routes(f, a, k).iter().filter(|r| r.king_step()) {
                    let (pid, b) = g.route_blockers(r, a, k, occ2);
                    if b == 0 {
                        l.check(g.route_block(r, a, k));
                    } else if b & (b - 1) == 0 {
                        let x = g.cell(pid, b);
                        if own.contains(x) {
                            l.pin(x, g.route_block(r, a, k));
                        }
                    }
                }
            }
            if rules.king_brook_steps {
                for (to, square) in &brook_steps()[a.index()] {
                    if *to == k {
                        l.way(a, square, &occ, &own);
                    }
                }
            }
        }
        let pawns = pawn_tables_for(rules);
        for a in of(Kind::Pawn) & pawns.attackers[them.index()][k.index()] {
            for s in &pawns.capture[them.index()][a.index()] {
                if s.to == k {
                    for w in &s.ways {
                        l.way(a, w, &occ, &own);
                    }
                }
            }
        }
        if rules.stack.fission {
            for s in stacks {
                if !fission::reach(s).contains(k) {
                    continue;
                }
                if fission::fission_covers_with(s, k, &occ, occ2, &own) {
                    l.slow = true;
                }
                let (exposure, dests) = fission::fission_danger(s, k);
                l.danger_from |= exposure;
                l.danger_cap |= dests;
            }
        }
    }

    /// A route with no man on it: every non-king move must block it or take the attacker.
    fn check(&mut self, allowed: Bits) {
        self.global = Some(match self.global {
            Some(g) => g & allowed,
            None => allowed,
        });
    }

    /// A route whose only man is `x`, one of the mover's.
    fn pin(&mut self, x: Cell, allowed: Bits) {
        for (c, a) in &mut self.pins[..self.npins] {
            if *c == x {
                *a &= allowed;
                return;
            }
        }
        if self.npins == MAX_PINS {
            self.slow = true;
            return;
        }
        self.pins[self.npins] = (x, allowed);
        self.npins += 1;
    }

    /// A route given as a set of tiles `w` (the king's target excluded) from the attacker `a`.
    fn way(&mut self, a: Cell, w: &Bits, occ: &Bits, own: &Bits) {
        let b = *w & *occ;
        let mut allowed = *w;
        allowed.insert(a);
        match b.len() {
            0 => self.check(allowed),
            1 => {
                let x = b.first_cell().expect("one man");
                if own.contains(x) {
                    self.pin(x, allowed);
                }
            }
            _ => {}
        }
    }

    /// The destinations allowed to a simple move from `from` (None: every one).
    #[inline]
    fn allowed(&self, from: Cell) -> Option<Bits> {
        let mut out = self.global;
        for (c, a) in &self.pins[..self.npins] {
            if *c == from {
                out = Some(out.map_or(*a, |g| g & *a));
            }
        }
        out
    }

    /// True if every pseudo-legal simple move from `from` is legal.
    fn unrestricted(&self, from: Cell) -> bool {
        !self.slow
            && self.allowed(from).is_none()
            && !self.danger_from.contains(from)
            && self.danger_cap.is_empty()
    }

    /// True if the move, made, leaves the king safe.
    #[inline]
    fn test(&self, pos: &Position, m: &Move) -> bool {
        !in_check(&pos.after(m), self.me)
    }

    /// The legal subset of the simple moves (the man leaves `from`, arrives on each tile of
    /// `set`) and, if `parts` is set, of a stack's decays or teleports of that sub-piece (the
    /// other sub-piece stays: only checks matter).
    #[inline]
    fn filter(&self, pos: &Position, from: Cell, set: Bits, parts: Option<Kind>) -> Bits {
        if self.plain {
            return set;
        }
        let mk = |to: Cell| Move {
            part: parts,
            ..Move::new(from, to)
        };
        if self.slow || (parts.is_none() && self.danger_from.contains(from)) {
            return set.iter().filter(|&to| self.test(pos, &mk(to))).collect();
        }
        let mut set = match if parts.is_some() {
            self.global
        } else {
            self.allowed(from)
        } {
            Some(a) => set & a,
            None => set,
        };
        let risky = set & self.danger_cap & pos.of_player(other(self.me));
        for to in risky {
            if !self.test(pos, &mk(to)) {
                set.remove(to);
            }
        }
        set
    }
}

/// The legal moves of the man of `kind` on `from` (the side to move's), in [`pseudo_moves`]
/// order.
#[inline(always)]
fn gen_from(
    pos: &Position,
    info: &Legality,
    from: Cell,
    kind: Kind,
    sink: &mut impl Sink,
    scratch: &mut Vec<Move>,
) {
    let g = fast::geo();
    let me = info.me;
    let (own, occ, cap) = (&info.own, &info.occ, &info.cap);
    let occ2 = |pid: usize| pos.planes[pid];
    let pc = Piece { player: me, kind };
    match kind {
        Kind::Stack => {
            let (mut b, mut d) = (CellSet::EMPTY, CellSet::EMPTY);
            g.family_moves(1, from, occ2, cap, &mut b);
            g.family_moves(2, from, occ2, cap, &mut d);
            sink.set(from, info.filter(pos, from, b & d, None));
            let decay = pos.rules.stack.decay;
            for (k, set) in [(Kind::Bishop, b), (Kind::Duke, d)] {
                let set =
                    if decay { set } else { CellSet::EMPTY } | combinations(pos, me, from, k, true);
                sink.parts(from, k, info.filter(pos, from, set, Some(k)));
            }
            if pos.rules.stack.fission {
                let pinned =
                    info.slow || info.allowed(from).is_some() || info.danger_from.contains(from);
                let risky = info.danger_cap & *cap;
                fission::each_fission(
                    from,
                    occ,
                    |pid| pos.planes[pid],
                    cap,
                    |x, y| {
                        let m = Move {
                            fission: Some(y),
                            ..Move::new(from, x)
                        };
                        if (!pinned && !risky.contains(x) && !risky.contains(y))
                            || info.test(pos, &m)
                        {
                            sink.one(m);
                        }
                    },
                );
            }
        }
        Kind::Pawn => {
            if info.ep_pawns.contains(from) {
                en_passant_each(pos, |m| {
                    if m.from == from && info.test(pos, &m) {
                        sink.one(m);
                    }
                });
            }
            let mut set = dests_with(&pos.rules, pc, from, (occ, own, cap), occ2);
            if info.uplift {
                set |= uplifts(pos, me, from);
            }
            sink.pawns(pos, from, info.filter(pos, from, set, None));
        }
        Kind::King => {
            let set = dests_with(&pos.rules, pc, from, (occ, own, cap), occ2);
            fast::each(&set, |to| {
                if king_step_safe(pos, from, to) {
                    sink.one(Move::new(from, to));
                }
            });
            if pos.unmoved().contains(from) {
                scratch.clear();
                crate::castling::castles(pos, from, scratch);
                for m in scratch.iter() {
                    if info.test(pos, m) {
                        sink.one(*m);
                    }
                }
            }
        }
        Kind::Bishop | Kind::Duke => {
            let set = dests_with(&pos.rules, pc, from, (occ, own, cap), occ2)
                | combinations(pos, me, from, kind, false);
            sink.set(from, info.filter(pos, from, set, None));
        }
        Kind::Queen | Kind::Rook | Kind::Knight => {
            let set = dests_with(&pos.rules, pc, from, (occ, own, cap), occ2);
            sink.set(from, info.filter(pos, from, set, None));
        }
    }
}
