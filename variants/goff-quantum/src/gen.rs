//! Listing the legal quantum moves of an ensemble.
//!
//! Per reality and per piece of the side to move, the classical legal moves give, for every part
//! (quadrant or line at a perimeter) of the piece's planes, the *mask* of the perimeter indices it
//! reaches there by the part's route in its plane. A template is legal iff some reality reaches
//! some tile of it (the any rule): for planar moves, iff some part's interval meets the union of
//! that part's masks over the realities. Two templates whose intervals meet those unions alike
//! make the same realities in this ensemble; only one of them is listed (the one with the smallest
//! intervals), and a parsed template is read as it ([`canonical`]). A move that would leave more
//! than `max_games` games is not legal.

use crate::ensemble::{Ensemble, Game};
use crate::geom::{self, at, deflected, geom, offset, pawn_seq, Part, V};
use crate::moves::{self, family_kind, promotes, QMove, Span};
use crate::rules::{KnightRule, QuantumRules, SpreadRule};
use rustc_hash::FxHashMap;
use spacechess_geometry::Cell;
use spacechess_goff::movegen;
use spacechess_goff::pawn;
use spacechess_goff::position::{Kind, Move};
use spacechess_goff::tables::{Bits, Family};
use spacechess_variant::Player;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Every (part, index, route) whose sequence holds an offset, per family.
type OffsetMap = FxHashMap<V, Vec<(Part, u8, Part)>>;

fn all_parts(family: Family) -> Vec<Part> {
    let g = geom(family);
    let mut v = Vec::new();
    for q in 0..g.quads.len() {
        for n in 1..=geom::MAX_PERIMETER {
            v.push(Part::Quad { q: q as u8, n });
        }
    }
    for l in 0..g.lines.len() {
        for k in 1..=geom::MAX_PERIMETER {
            v.push(Part::Line { l: l as u8, k });
        }
    }
    v
}

fn offset_map(family: Family) -> &'static OffsetMap {
    static M: OnceLock<[OffsetMap; 3]> = OnceLock::new();
    &M.get_or_init(|| {
        Family::ALL.map(|f| {
            let mut m: OffsetMap = FxHashMap::default();
            for part in all_parts(f) {
                for (i, (o, route)) in geom(f).seq(part).into_iter().enumerate() {
                    m.entry(o).or_default().push((part, i as u8, route));
                }
            }
            m
        })
    })[family as usize]
}

/// Per family, every part's sequence.
type SeqTable = [FxHashMap<Part, Vec<(V, Part)>>; 3];

/// Per family, offset -> (part, proxy index).
type ProxyTable = [FxHashMap<V, Vec<(Part, u8)>>; 3];

/// The sequence of a part (cached).
pub fn seq(family: Family, part: Part) -> &'static [(V, Part)] {
    static S: OnceLock<SeqTable> = OnceLock::new();
    let maps = S.get_or_init(|| {
        Family::ALL.map(|f| {
            all_parts(f)
                .into_iter()
                .map(|p| (p, geom(f).seq(p)))
                .collect()
        })
    });
    match maps[family as usize].get(&part) {
        Some(v) => v,
        None => {
            // Perimeters beyond the board's are never on it: an empty sequence is never used,
            // but keep a leaked one for completeness.
            Box::leak(geom(family).seq(part).into_boxed_slice())
        }
    }
}

/// The proxies of multi-part moves (lines in every plane of their ray, a duke's duplex apex) and
/// of single parts: offset -> (part, proxy index), per family.
pub fn proxy_map(family: Family) -> &'static FxHashMap<V, Vec<(Part, u8)>> {
    static M: OnceLock<ProxyTable> = OnceLock::new();
    &M.get_or_init(|| {
        Family::ALL.map(|f| {
            let mut m: FxHashMap<V, Vec<(Part, u8)>> = FxHashMap::default();
            for part in all_parts(f) {
                let s = geom(f).seq(part);
                match part {
                    Part::Quad { n, .. } => {
                        for (c, x) in s.iter().enumerate().take(2 * n as usize).skip(1) {
                            m.entry(x.0).or_default().push((part, c as u8));
                        }
                    }
                    Part::Line { k, .. } => {
                        m.entry(s[2 * k as usize].0)
                            .or_default()
                            .push((part, 2 * k));
                    }
                }
            }
            for v in m.values_mut() {
                v.sort();
            }
            m
        })
    })[family as usize]
}

/// The bits `lo..=hi`.
pub fn bits(lo: u8, hi: u8) -> u32 {
    let w = hi - lo + 1;
    let m = if w >= 32 { u32::MAX } else { (1u32 << w) - 1 };
    m << lo
}

/// The intervals a part with proxy index `c` in a sequence of `len` may take under the rule.
pub fn intervals(rule: SpreadRule, c: u8, len: u8) -> Vec<(u8, u8)> {
    let last = len - 1;
    let mut out = vec![(c, c)];
    match rule {
        SpreadRule::Classical => {}
        SpreadRule::Standard => {
            if 2 * c == last && len >= 3 {
                out.push((1, last - 1));
            }
            out.push((0, last));
        }
        SpreadRule::Any => {
            for h in 1..len {
                out.push((c.saturating_sub(h), (c + h).min(last)));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The reach of one piece in one reality.
#[derive(Clone, Debug, Default)]
struct Reach {
    /// Planar: part -> mask of reached indices.
    parts: FxHashMap<Part, u32>,
}

/// What a piece can do, over the realities: per part, the union mask and every reality's mask.
#[derive(Default)]
struct PieceReach {
    union: FxHashMap<Part, u32>,
    per_game: Vec<(usize, Reach)>,
}

/// The legal classical moves of every reality, by source tile.
pub struct Classical {
    /// Per game: the legal moves.
    pub moves: Vec<Vec<Move>>,
}

impl Classical {
    /// The legal moves of every game.
    pub fn of(e: &Ensemble) -> Classical {
        Classical {
            moves: e
                .games
                .iter()
                .map(|g| {
                    let mut v = Vec::new();
                    movegen::legal_moves(&g.pos, &mut v);
                    v
                })
                .collect(),
        }
    }
}

fn planar_masks(family: Family, s: Cell, dests: &Bits, occ: &Bits) -> FxHashMap<Part, u32> {
    let mut out: FxHashMap<Part, u32> = FxHashMap::default();
    let map = offset_map(family);
    for t in *dests {
        let o = offset(s, t);
        if let Some(entries) = map.get(&o) {
            for &(part, idx, route) in entries {
                if geom::open(family, s, t, route, occ) {
                    *out.entry(part).or_insert(0) |= 1 << idx;
                }
            }
        }
    }
    out
}

/// The tiles of a mask in a part's sequence from `s`.
fn mask_tiles(family: Family, part: Part, s: Cell, mask: u32) -> Vec<Cell> {
    let sq = seq(family, part);
    (0..sq.len())
        .filter(|&i| mask >> i & 1 == 1)
        .filter_map(|i| at(s, sq[i].0))
        .collect()
}

/// The signature of a planar template in an ensemble: parts with their effective masks.
type PlanarSig = Vec<(Part, u32)>;

/// Keeps, per signature, the template with the smallest intervals.
fn better(a: &[Span], b: &[Span]) -> bool {
    let size = |s: &[Span]| s.iter().map(|x| (x.hi - x.lo) as u32).sum::<u32>();
    (size(a), a) < (size(b), b)
}

/// Everything [`legal_moves`] needs, and the end-of-game facts.
#[derive(Debug)]
pub struct Analysis {
    /// The legal moves.
    pub moves: Vec<QMove>,
    /// Per game: the side to move has no classical move and is in check.
    pub mated: Vec<bool>,
    /// Per game: the side to move is in check.
    pub checked: Vec<bool>,
}

/// The legal quantum moves (the collapse choices while a collapse is pending under the karma
/// rule), with the classical facts the game's end needs.
pub fn analyse(e: &Ensemble, rules: &QuantumRules) -> Analysis {
    analyse_ids(e, rules, None)
}

/// [`analyse`], the moves limited to the pieces `only` names (all when None).
pub fn analyse_ids(e: &Ensemble, rules: &QuantumRules, only: Option<&[usize]>) -> Analysis {
    let me = e.classical_to_move();
    let checked: Vec<bool> = e
        .games
        .iter()
        .map(|g| movegen::in_check(&g.pos, me))
        .collect();
    if e.split && rules.collapse == crate::rules::CollapsePolicy::Karma {
        let moves = e
            .partition()
            .unwrap_or_default()
            .into_iter()
            .map(|(key, _)| QMove::Collapse {
                key: key.into_iter().map(|(i, s)| (i as u16, s)).collect(),
            })
            .collect();
        return Analysis {
            moves,
            mated: vec![false; e.games.len()],
            checked,
        };
    }
    let classical = Classical::of(e);
    let mated: Vec<bool> = classical
        .moves
        .iter()
        .zip(&checked)
        .map(|(m, &c)| m.is_empty() && c)
        .collect();
    let mut moves = Vec::new();
    let ids: Vec<usize> = e
        .live_ids()
        .into_iter()
        .filter(|&i| e.owners[i] == me && only.is_none_or(|o| o.contains(&i)))
        .collect();
    // Stacks: (bishop id, duke id) pairs seen on one tile.
    let mut stacks: Vec<(usize, usize)> = Vec::new();
    for &id in &ids {
        let mut kinds: Vec<Kind> = e
            .games
            .iter()
            .filter_map(|g| g.slots[id].cell().map(|_| g.slots[id].kind))
            .collect();
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            match kind {
                Kind::Rook | Kind::Bishop | Kind::Duke => {
                    let family = match kind {
                        Kind::Rook => Family::Rook,
                        Kind::Bishop => Family::Bishop,
                        _ => Family::Duke,
                    };
                    planar_moves(e, &classical, id, family, rules, &mut moves);
                }
                Kind::Pawn => {
                    if rules.spread != SpreadRule::Classical {
                        advance_moves(e, &classical, id, rules, &mut moves);
                    }
                    fixed_moves(e, &classical, id, kind, rules, &mut moves);
                }
                Kind::Knight => {
                    if rules.knight != KnightRule::Deflection {
                        fixed_moves(e, &classical, id, kind, rules, &mut moves);
                    }
                    if rules.knight != KnightRule::Classical {
                        deflect_moves(e, &classical, id, rules, &mut moves);
                    }
                }
                _ => fixed_moves(e, &classical, id, kind, rules, &mut moves),
            }
            if kind == Kind::Bishop {
                for g in &e.games {
                    if let Some(c) = g.slots[id].cell() {
                        for other in g.ids_at(c) {
                            if other != id
                                && g.slots[other].kind == Kind::Duke
                                && !stacks.contains(&(id, other))
                            {
                                stacks.push((id, other));
                            }
                        }
                    }
                }
            }
        }
    }
    for (b, d) in stacks {
        fission_moves(e, &classical, b, d, rules, &mut moves);
    }
    Analysis {
        moves,
        mated,
        checked,
    }
}

/// The legal moves (see [`analyse`]).
pub fn legal_moves(e: &Ensemble, rules: &QuantumRules) -> Vec<QMove> {
    analyse(e, rules).moves
}

/// The legal moves of some pieces only (a collapse due: the collapse choices).
pub fn legal_moves_of(e: &Ensemble, rules: &QuantumRules, ids: &[usize]) -> Vec<QMove> {
    analyse_ids(e, rules, Some(ids)).moves
}

/// True if the move leaves at most `max_games` games (`bound` is an upper bound of the realities
/// it makes, checked first).
fn within_bound(e: &Ensemble, mv: &QMove, bound: u128, rules: &QuantumRules) -> bool {
    bound <= rules.max_games as u128
        || moves::leaves_at_most(e, mv, rules.histories, rules.max_games)
}

fn dests_of(moves: &[Move], from: Cell, part: Option<Kind>) -> Bits {
    moves
        .iter()
        .filter(|m| m.from == from && m.part == part && m.fission.is_none() && m.castle.is_none())
        .map(|m| m.to)
        .collect()
}

fn piece_reach(e: &Ensemble, classical: &Classical, id: usize, family: Family) -> PieceReach {
    let mut r = PieceReach::default();
    let kind = family_kind(family);
    for (gi, g) in e.games.iter().enumerate() {
        let slot = g.slots[id];
        let Some(s) = slot.cell() else { continue };
        if slot.kind != kind {
            continue;
        }
        let stacked = g.pos.piece_at(s).is_some_and(|pc| pc.kind == Kind::Stack);
        let dests = dests_of(&classical.moves[gi], s, stacked.then_some(kind));
        if dests.is_empty() {
            continue;
        }
        let parts = planar_masks(family, s, &dests, &g.pos.occupied());
        for (&p, &m) in &parts {
            *r.union.entry(p).or_insert(0) |= m;
        }
        r.per_game.push((gi, Reach { parts }));
    }
    r
}

/// The realities of a planar template in one game, counted from the game's masks.
fn planar_count(reach: &Reach, spans: &[Span], shared: Option<&[u8]>) -> u32 {
    let mut n = 0;
    let mut proxy_hit = false;
    for (x, sp) in spans.iter().enumerate() {
        let m = reach.parts.get(&sp.part).copied().unwrap_or(0) & bits(sp.lo, sp.hi);
        match shared {
            Some(c) => {
                let pb = 1u32 << c[x];
                proxy_hit |= m & pb != 0;
                n += (m & !pb).count_ones();
            }
            None => n += m.count_ones(),
        }
    }
    n + proxy_hit as u32
}

fn planar_moves(
    e: &Ensemble,
    classical: &Classical,
    id: usize,
    family: Family,
    rules: &QuantumRules,
    out: &mut Vec<QMove>,
) {
    let reach = piece_reach(e, classical, id, family);
    if reach.union.is_empty() {
        return;
    }
    let mut found: BTreeMap<PlanarSig, (Vec<Span>, Option<Vec<u8>>)> = BTreeMap::new();
    let pm = proxy_map(family);
    let consider =
        |spans: Vec<Span>,
         shared: Option<Vec<u8>>,
         found: &mut BTreeMap<PlanarSig, (Vec<Span>, Option<Vec<u8>>)>| {
            let sig: PlanarSig = spans
                .iter()
                .map(|s| {
                    (
                        s.part,
                        reach.union.get(&s.part).copied().unwrap_or(0) & bits(s.lo, s.hi),
                    )
                })
                .collect();
            if sig.iter().all(|&(_, m)| m == 0) {
                return;
            }
            match found.get(&sig) {
                Some((old, _)) if !better(&spans, old) => {}
                _ => {
                    found.insert(sig, (spans, shared));
                }
            }
        };
    // Single quadrant parts, any non-end proxy that is not a duplex apex.
    let mut multi: Vec<V> = Vec::new();
    for (&part, _) in reach.union.iter() {
        if let Part::Quad { n, .. } = part {
            let len = 2 * n + 1;
            let sq = seq(family, part);
            for c in 1..2 * n {
                let o = sq[c as usize].0;
                if pm.get(&o).is_some_and(|v| v.len() > 1) {
                    multi.push(o);
                    continue;
                }
                for (lo, hi) in intervals(rules.spread, c, len) {
                    consider(vec![Span { part, lo, hi }], None, &mut found);
                }
            }
        }
    }
    // Multi-part proxies: lines (every plane of the ray) and duplex apexes.
    for (&part, _) in reach.union.iter() {
        if let Part::Line { k, .. } = part {
            multi.push(seq(family, part)[2 * k as usize].0);
        }
    }
    multi.sort();
    multi.dedup();
    for o in multi {
        let parts = &pm[&o];
        if parts.iter().all(|(p, _)| !reach.union.contains_key(p)) {
            continue;
        }
        // Per part: its intervals, one per distinct effect.
        let choices: Vec<Vec<(u8, u8)>> = parts
            .iter()
            .map(|&(p, c)| {
                let len = seq(family, p).len() as u8;
                let u = reach.union.get(&p).copied().unwrap_or(0);
                let mut by: BTreeMap<u32, (u8, u8)> = BTreeMap::new();
                for (lo, hi) in intervals(rules.spread, c, len) {
                    let eff = u & bits(lo, hi);
                    let keep = by.get(&eff).is_none_or(|&(a, b)| hi - lo < b - a);
                    if keep {
                        by.insert(eff, (lo, hi));
                    }
                }
                by.into_values().collect()
            })
            .collect();
        let shared: Vec<u8> = parts.iter().map(|&(_, c)| c).collect();
        let mut idx = vec![0usize; parts.len()];
        loop {
            let spans: Vec<Span> = parts
                .iter()
                .zip(&idx)
                .enumerate()
                .map(|(x, (&(p, _), &i))| Span {
                    part: p,
                    lo: choices[x][i].0,
                    hi: choices[x][i].1,
                })
                .collect();
            consider(spans, Some(shared.clone()), &mut found);
            // next combination
            let mut x = 0;
            loop {
                if x == idx.len() {
                    break;
                }
                idx[x] += 1;
                if idx[x] < choices[x].len() {
                    break;
                }
                idx[x] = 0;
                x += 1;
            }
            if x == idx.len() {
                break;
            }
        }
    }
    for (_, (spans, shared)) in found {
        let bound: u128 = reach
            .per_game
            .iter()
            .map(|(_, r)| planar_count(r, &spans, shared.as_deref()) as u128)
            .sum();
        let mv = QMove::Planar {
            id: id as u16,
            family,
            spans,
        };
        if within_bound(e, &mv, bound, rules) {
            out.push(mv);
        }
    }
}

/// Per game and pawn perimeter: the reached indices that do not promote, those that do, and per
/// promotion letter those reached with it.
#[derive(Default, Clone)]
struct PawnReach {
    plain: u32,
    promo: u32,
    letters: BTreeMap<Kind, u32>,
}

fn advance_moves(
    e: &Ensemble,
    classical: &Classical,
    id: usize,
    rules: &QuantumRules,
    out: &mut Vec<QMove>,
) {
    let me = e.classical_to_move();
    for n in 1..=2u8 {
        let sq = pawn_seq(me, n);
        let len = sq.len() as u8;
        let mut per_game: Vec<PawnReach> = Vec::new();
        let mut union = PawnReach::default();
        for (gi, g) in e.games.iter().enumerate() {
            let slot = g.slots[id];
            let Some(s) = slot.cell() else { continue };
            if slot.kind != Kind::Pawn || (n == 2 && !pawn::is_start_tile(me, s)) {
                continue;
            }
            let theirs = g.pos.of_player(Player(1 - me.0));
            let mut r = PawnReach::default();
            for m in &classical.moves[gi] {
                if m.from != s || m.part == Some(Kind::Pawn) || theirs.contains(m.to) {
                    continue;
                }
                let Some(idx) = sq.iter().position(|&o| at(s, o) == Some(m.to)) else {
                    continue;
                };
                let b = 1u32 << idx;
                match m.promote {
                    Some(k) if promotes(me, m.to) => {
                        r.promo |= b;
                        *r.letters.entry(k).or_insert(0) |= b;
                    }
                    _ => r.plain |= b,
                }
            }
            union.plain |= r.plain;
            union.promo |= r.promo;
            for (&k, &b) in &r.letters {
                *union.letters.entry(k).or_insert(0) |= b;
            }
            per_game.push(r);
        }
        if union.plain | union.promo == 0 {
            continue;
        }
        let mut found: BTreeMap<(u32, u32), (u8, u8)> = BTreeMap::new();
        for c in 1..len - 1 {
            for (lo, hi) in intervals(rules.spread, c, len) {
                if lo == hi {
                    continue;
                }
                let b = bits(lo, hi);
                let sig = (union.plain & b, union.promo & b);
                if sig == (0, 0) {
                    continue;
                }
                if found.get(&sig).is_none_or(|&(a, z)| hi - lo < z - a) {
                    found.insert(sig, (lo, hi));
                }
            }
        }
        for ((plain, promo), (lo, hi)) in found {
            let b = bits(lo, hi);
            let letters: Vec<Option<Kind>> = if promo == 0 {
                vec![None]
            } else {
                union
                    .letters
                    .iter()
                    .filter(|(_, &m)| plain != 0 || m & b != 0)
                    .map(|(&k, _)| Some(k))
                    .collect()
            };
            for promote in letters {
                let bound: u128 = per_game
                    .iter()
                    .map(|r| {
                        let lm = promote
                            .and_then(|k| r.letters.get(&k))
                            .copied()
                            .unwrap_or(0);
                        ((r.plain | lm) & b).count_ones() as u128
                    })
                    .sum();
                let mv = QMove::Advance {
                    id: id as u16,
                    n,
                    lo,
                    hi,
                    promote,
                };
                if within_bound(e, &mv, bound, rules) {
                    out.push(mv);
                }
            }
        }
    }
}

fn fixed_moves(
    e: &Ensemble,
    classical: &Classical,
    id: usize,
    kind: Kind,
    rules: &QuantumRules,
    out: &mut Vec<QMove>,
) {
    let me = e.classical_to_move();
    // (offset, en passant, castle) -> (plain reached, promotion reached, letters)
    type Key = (V, bool, Option<spacechess_goff::Castle>);
    let mut found: BTreeMap<Key, (u128, u128, BTreeMap<Kind, u128>)> = BTreeMap::new();
    for (gi, g) in e.games.iter().enumerate() {
        let slot = g.slots[id];
        let Some(s) = slot.cell() else { continue };
        if slot.kind != kind {
            continue;
        }
        for m in &classical.moves[gi] {
            if m.from != s {
                continue;
            }
            let key = (offset(s, m.to), m.part == Some(Kind::Pawn), m.castle);
            let entry = found.entry(key).or_default();
            match m.promote {
                Some(k) if kind == Kind::Pawn && promotes(me, m.to) => {
                    entry.1 += 1;
                    *entry.2.entry(k).or_insert(0) += 1;
                }
                _ => entry.0 += 1,
            }
        }
    }
    for ((offset, en_passant, castle), (plain, promo, letters)) in found {
        let choices: Vec<(Option<Kind>, u128)> = if promo == 0 {
            vec![(None, plain)]
        } else {
            letters
                .iter()
                .map(|(&k, &n)| (Some(k), n + plain))
                .collect()
        };
        for (promote, bound) in choices {
            let mv = QMove::Fixed {
                id: id as u16,
                kind,
                offset,
                promote,
                en_passant,
                castle,
            };
            if within_bound(e, &mv, bound, rules) {
                out.push(mv);
            }
        }
    }
}

fn deflect_moves(
    e: &Ensemble,
    classical: &Classical,
    id: usize,
    rules: &QuantumRules,
    out: &mut Vec<QMove>,
) {
    for family in Family::ALL {
        for &ray in &geom(family).rays {
            let leaps = deflected(ray);
            let mut bound = 0u128;
            for (gi, g) in e.games.iter().enumerate() {
                let slot = g.slots[id];
                let Some(s) = slot.cell() else { continue };
                if slot.kind != Kind::Knight {
                    continue;
                }
                let targets: Bits = leaps.iter().filter_map(|&o| at(s, o)).collect();
                bound += classical.moves[gi]
                    .iter()
                    .filter(|m| m.from == s && targets.contains(m.to))
                    .count() as u128;
            }
            if bound == 0 {
                continue;
            }
            let mv = QMove::Deflect {
                id: id as u16,
                family,
                ray,
            };
            if within_bound(e, &mv, bound, rules) {
                out.push(mv);
            }
        }
    }
}

/// One game's fission reach through one structure: per bishop part its mask, the duke's mask,
/// whether the stack move to F is legal, and whether every fission is safe for the king.
struct FissionReach {
    game: usize,
    bishop: Vec<u32>,
    duke: u32,
    stack_move: bool,
    safe: bool,
}

fn fission_moves(
    e: &Ensemble,
    classical: &Classical,
    b: usize,
    d: usize,
    rules: &QuantumRules,
    out: &mut Vec<QMove>,
) {
    let me = e.classical_to_move();
    for (shape, fs) in geom::fission_structures().iter().enumerate() {
        let mut reach: Vec<FissionReach> = Vec::new();
        for (gi, g) in e.games.iter().enumerate() {
            let (sb, sd) = (g.slots[b], g.slots[d]);
            let Some(s) = sb.cell() else { continue };
            if sb.tile != sd.tile {
                continue;
            }
            let Some(f) = at(s, fs.f) else { continue };
            let pos = &g.pos;
            let occ = pos.occupied();
            let theirs = pos.of_player(Player(1 - me.0));
            let mask = |family: Family, part: Part| -> u32 {
                let len = seq(family, part).len() as u8;
                moves::fission_tiles(family, s, part, 0, len - 1, &occ, &theirs)
                    .into_iter()
                    .fold(0, |m, (i, _)| m | 1 << i)
            };
            let bishop: Vec<u32> = fs.bishop.iter().map(|&p| mask(Family::Bishop, p)).collect();
            let duke = mask(Family::Duke, fs.duke);
            if duke == 0 || bishop.iter().all(|&m| m == 0) {
                continue;
            }
            let stack_move = classical.moves[gi].iter().any(|m| *m == Move::new(s, f));
            let mut lifted = pos.clone();
            lifted.remove(s);
            let safe = !movegen::in_check(&lifted, me);
            reach.push(FissionReach {
                game: gi,
                bishop,
                duke,
                stack_move,
                safe,
            });
        }
        if reach.is_empty() {
            continue;
        }
        let bseqs: Vec<&[(V, Part)]> = fs.bishop.iter().map(|&p| seq(Family::Bishop, p)).collect();
        let dseq = seq(Family::Duke, fs.duke);
        let bc: Vec<u8> = bseqs
            .iter()
            .map(|sq| {
                sq.iter()
                    .position(|&(o, _)| o == fs.f)
                    .expect("F on the bishop's perimeter") as u8
            })
            .collect();
        let dc = dseq
            .iter()
            .position(|&(o, _)| o == fs.f)
            .expect("F on the duke's perimeter") as u8;
        let ub: Vec<u32> = (0..fs.bishop.len())
            .map(|x| reach.iter().fold(0, |m, r| m | r.bishop[x]))
            .collect();
        let ud = reach.iter().fold(0, |m, r| m | r.duke);
        let dedup = |c: u8, len: u8, u: u32| -> Vec<(u8, u8)> {
            let mut by: BTreeMap<u32, (u8, u8)> = BTreeMap::new();
            for (lo, hi) in intervals(rules.spread, c, len) {
                let eff = u & bits(lo, hi);
                if eff != 0 && by.get(&eff).is_none_or(|&(a, z)| hi - lo < z - a) {
                    by.insert(eff, (lo, hi));
                }
            }
            by.into_values().collect()
        };
        let bchoices: Vec<Vec<(u8, u8)>> = (0..fs.bishop.len())
            .map(|x| {
                let mut v = dedup(bc[x], bseqs[x].len() as u8, ub[x]);
                if v.is_empty() {
                    v.push((bc[x], bc[x]));
                }
                v
            })
            .collect();
        let dchoices = dedup(dc, dseq.len() as u8, ud);
        let combos: Vec<Vec<(u8, u8)>> = match bchoices.len() {
            1 => bchoices[0].iter().map(|&x| vec![x]).collect(),
            _ => bchoices[0]
                .iter()
                .flat_map(|&x| bchoices[1].iter().map(move |&y| vec![x, y]))
                .collect(),
        };
        for bspans in &combos {
            for &dspan in &dchoices {
                let mut bound = 0u128;
                let mut legal = false;
                for r in &reach {
                    let g: &Game = &e.games[r.game];
                    let s = g.slots[b].cell().expect("on board");
                    let mut xs: Vec<Cell> = Vec::new();
                    for (x, &(lo, hi)) in bspans.iter().enumerate() {
                        for c in
                            mask_tiles(Family::Bishop, fs.bishop[x], s, r.bishop[x] & bits(lo, hi))
                        {
                            if !xs.contains(&c) {
                                xs.push(c);
                            }
                        }
                    }
                    let ys = mask_tiles(Family::Duke, fs.duke, s, r.duke & bits(dspan.0, dspan.1));
                    if xs.is_empty() || ys.is_empty() {
                        continue;
                    }
                    bound += (xs.len() * ys.len()) as u128;
                    if legal {
                        continue;
                    }
                    let f = at(s, fs.f).expect("F on board");
                    let only_f = xs == [f] && ys == [f];
                    legal = if only_f {
                        r.stack_move
                    } else if r.safe {
                        true
                    } else {
                        !moves::realities(
                            g,
                            &QMove::Fission {
                                bishop: b as u16,
                                duke: d as u16,
                                shape: shape as u16,
                                bishop_spans: bspans.clone(),
                                duke_span: dspan,
                            },
                        )
                        .is_empty()
                    };
                }
                if !legal {
                    continue;
                }
                let mv = QMove::Fission {
                    bishop: b as u16,
                    duke: d as u16,
                    shape: shape as u16,
                    bishop_spans: bspans.clone(),
                    duke_span: dspan,
                };
                if within_bound(e, &mv, bound, rules) {
                    out.push(mv);
                }
            }
        }
    }
}

/// The listed move a template stands for in this ensemble: a move of the list equal to it, or,
/// for planar moves, pawn advances and fissions, the listed move with the same effect here.
pub fn canonical(
    e: &Ensemble,
    rules: &QuantumRules,
    mv: &QMove,
    listed: &[QMove],
) -> Option<QMove> {
    if listed.contains(mv) {
        return Some(mv.clone());
    }
    let effect =
        |m: &QMove| -> Vec<Vec<Move>> { e.games.iter().map(|g| moves::realities(g, m)).collect() };
    let _ = rules;
    let mine = effect(mv);
    if mine.iter().all(|v| v.is_empty()) {
        return None;
    }
    let same_piece = |a: &QMove, b: &QMove| -> bool {
        match (a, b) {
            // The same piece and the same parts (planes, perimeter): a cheap filter before the
            // effects are compared.
            (
                QMove::Planar {
                    id: x,
                    family: f,
                    spans: a,
                },
                QMove::Planar {
                    id: y,
                    family: g,
                    spans: b,
                },
            ) => x == y && f == g && a.iter().map(|s| s.part).eq(b.iter().map(|s| s.part)),
            (
                QMove::Advance {
                    id: x,
                    n: m,
                    promote: p,
                    ..
                },
                QMove::Advance {
                    id: y,
                    n,
                    promote: q,
                    ..
                },
            ) => x == y && m == n && p == q,
            (
                QMove::Fission {
                    bishop: x,
                    shape: s,
                    ..
                },
                QMove::Fission {
                    bishop: y,
                    shape: t,
                    ..
                },
            ) => x == y && s == t,
            _ => false,
        }
    };
    listed
        .iter()
        .filter(|m| same_piece(m, mv))
        .find(|m| effect(m) == mine)
        .cloned()
}
