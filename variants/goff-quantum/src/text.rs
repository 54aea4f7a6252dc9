//! Text: the book's quantum move notation `piece(anchor) – [proxy]spread,…` read and written
//! (05 §3.4), the ensemble's position text, and the drawing of the virtual pieces with their
//! weights.
//!
//! Moves (tiles from the mover's view, as every Goff move text):
//!
//! | move | text |
//! |---|---|
//! | rook, bishop, duke (or a stack's sub-piece: a decay) | `R(KR3,3) - [KR6,6]5`, `R(K4,4) - [K4,7]5,5`, `R(KB3,1) - [KB3,3]H1,L9` |
//! | pawn advance (no spread: the whole perimeter) | `P(K2,2) - [K4,4]`, `P(K7,7) - [K8,8]q` |
//! | classical pawn move (spread 1: advance or capture by that offset) | `P(K2,2) - [K3,3]1`, `... ep` for en passant |
//! | king, queen, classical knight | `K(K1,1) - [KN1,1]`, `N(KN1,1) - [KB3,3]` |
//! | deflected knight | `N(KB6,3) - [KR6,3]R` (`B`, `D`) |
//! | stack fission (spreads: bishop planes, then duke) | `S(Q1,1) - [Q5,5]17,17,5`; `[Q5,5]1,1,1` is the stack move |
//! | castle | Goff's castle text, `CK1,1` |
//! | collapse (karma rule) | `collapse R@KB5,5` (`tray` for a captured man) |
//!
//! The dash may be `-`, `–`, `—`, `--`, `x`, `:` or nothing; a move number (`1.`) before the move is skipped. A tile
//! may lie off the board in its distances (`KR7,9`); a proxy whose level is off the board is written
//! as an offset from the anchor in the mover's level and distances, `[d+2,+0,+1]`. When two pieces
//! of one kind have virtual pieces on the anchor, the piece's id follows its letter (`R#12(..)`).
//! Without brackets a text is read in Goff's classical notation (`N - KB3,3`, `CK1,1`) as the
//! spread-1 move.

use crate::ensemble::{Ensemble, Game, Slot, TRAY};
use crate::gen::{self, bits};
use crate::geom::{self, geom, pawn_seq, Part, V};
use crate::moves::{self, family_kind, QMove, Span};
use crate::rules::{QuantumRules, SpreadRule};
use spacechess_geometry::Cell;
use spacechess_goff::position::{Kind, Position};
use spacechess_goff::tables::Family;
use spacechess_goff::tile::{Tile, LEVELS};
use spacechess_variant::{MoveError, Player, PositionError};
use std::collections::BTreeMap;
use std::fmt;

/// What is wrong with a quantum move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not of the form `piece(anchor) - [proxy]spread,...`.
    Malformed(String),
    /// The letter names no piece (K Q R B D N S P).
    UnknownPiece(String),
    /// A tile name that does not parse.
    BadTile(String),
    /// No piece of the mover of that kind has a virtual piece on the anchor.
    NoPieceOnAnchor(String),
    /// Several pieces of that kind have virtual pieces on the anchor: add `#id`.
    AmbiguousAnchor(String),
    /// The anchor-to-proxy offset is not a move of the piece (for example a rook's diagonal).
    NotAMove(String),
    /// A spread is malformed: even, zero, the wrong number of them, an unknown or repeated plane
    /// designator.
    BadSpread(String),
    /// The spread is not one the `spread` rule allows.
    SpreadNotAllowed(String),
    /// The move promotes in some reality and names no piece, or names one and promotes nowhere.
    Promotion(String),
    /// The move is legal in no reality.
    Illegal(String),
    /// The move would leave more games than `max_games`.
    TooManyGames {
        /// The games it would leave.
        games: usize,
        /// The bound.
        max: usize,
    },
    /// A collapse is due (karma rule): only a collapse move may be played.
    CollapseDue(String),
    /// A collapse move when none is due, or naming no class of the partition.
    NoSuchCollapse(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed(s) => write!(f, "{s}"),
            NotationError::UnknownPiece(s) => write!(f, "unknown piece '{s}' (K Q R B D N S P)"),
            NotationError::BadTile(s) => write!(f, "bad tile: {s}"),
            NotationError::NoPieceOnAnchor(s) => write!(f, "no piece on the anchor: {s}"),
            NotationError::AmbiguousAnchor(s) => write!(f, "ambiguous anchor: {s}"),
            NotationError::NotAMove(s) => write!(f, "not a move of the piece: {s}"),
            NotationError::BadSpread(s) => write!(f, "bad spread: {s}"),
            NotationError::SpreadNotAllowed(s) => write!(f, "spread not allowed: {s}"),
            NotationError::Promotion(s) => write!(f, "promotion: {s}"),
            NotationError::Illegal(s) => write!(f, "{s}"),
            NotationError::TooManyGames { games, max } => write!(
                f,
                "the move would leave {games} games, more than max_games = {max}"
            ),
            NotationError::CollapseDue(s) => write!(f, "a collapse is due: {s}"),
            NotationError::NoSuchCollapse(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for NotationError {}

impl NotationError {
    /// The error as the trait's [`MoveError`] for the text `text`.
    pub fn into_move_error(self, text: &str) -> MoveError {
        match self {
            NotationError::Malformed(_)
            | NotationError::UnknownPiece(_)
            | NotationError::BadTile(_)
            | NotationError::BadSpread(_) => MoveError::Malformed {
                text: text.to_string(),
                expected: format!(
                    "{self}; a quantum move is piece(anchor) - [proxy]spread,... as R(KR3,3) - [KR6,6]5"
                ),
            },
            e => MoveError::Illegal {
                text: text.to_string(),
                reason: e.to_string(),
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tiles

/// The book name of `(z, a, b)` from `player`'s view, the distances possibly off the board.
fn tile_name(z: i8, a: i8, b: i8, player: Player) -> Option<String> {
    if !(0..8).contains(&z) {
        return None;
    }
    let (m, n) = if player.0 == 0 {
        (a + 1, b + 1)
    } else {
        (8 - a, 8 - b)
    };
    Some(format!("{}{m},{n}", LEVELS[z as usize]))
}

/// The book name of an on-board cell from `player`'s view.
pub fn cell_name(c: Cell, player: Player) -> String {
    Tile::of(c).book_name(player)
}

/// Reads a tile `<level><m>,<n>` from `player`'s view, the distances any integers.
fn parse_tile(text: &str, player: Player) -> Result<(i8, i8, i8), NotationError> {
    let t = text.trim();
    let split = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let (lvl, rest) = t.split_at(split);
    let z = LEVELS
        .iter()
        .position(|l| l.eq_ignore_ascii_case(lvl))
        .ok_or_else(|| {
            NotationError::BadTile(format!(
                "'{t}': the level '{lvl}' is not one of {}",
                LEVELS.join(", ")
            ))
        })? as i8;
    let (m, n) = rest.split_once(',').ok_or_else(|| {
        NotationError::BadTile(format!("'{t}': expected level and distances, as KB3,4"))
    })?;
    let num = |s: &str| -> Result<i8, NotationError> {
        s.trim()
            .parse::<i8>()
            .ok()
            .filter(|v| (-16..=24).contains(v))
            .ok_or_else(|| {
                NotationError::BadTile(format!("'{t}': '{}' is not a distance", s.trim()))
            })
    };
    let (m, n) = (num(m)?, num(n)?);
    Ok(if player.0 == 0 {
        (z, m - 1, n - 1)
    } else {
        (z, 8 - m, 8 - n)
    })
}

/// Reads an on-board tile.
fn parse_cell(text: &str, player: Player) -> Result<Cell, NotationError> {
    let (z, a, b) = parse_tile(text, player)?;
    let t = Tile::new(z, a, b);
    if t.on_board() {
        Ok(t.cell())
    } else {
        Err(NotationError::BadTile(format!(
            "'{}' is off the board",
            text.trim()
        )))
    }
}

/// The offset in the mover's book distances (`d+1,+2,+2`).
fn d_form(o: V, player: Player) -> String {
    let s: i16 = if player.0 == 0 { 1 } else { -1 };
    format!("d{:+},{:+},{:+}", o.0, s * o.1 as i16, s * o.2 as i16)
}

fn parse_d_form(text: &str, player: Player) -> Result<V, NotationError> {
    let body = &text.trim()[1..];
    let parts: Vec<&str> = body.split(',').collect();
    let nums: Result<Vec<i8>, _> = parts.iter().map(|p| p.trim().parse::<i8>()).collect();
    match nums {
        Ok(v) if v.len() == 3 && v[1] > i8::MIN && v[2] > i8::MIN => {
            let s: i8 = if player.0 == 0 { 1 } else { -1 };
            Ok((v[0], s * v[1], s * v[2]))
        }
        _ => Err(NotationError::BadTile(format!(
            "'{}': an offset proxy is d<level>,<distance>,<distance> as d+2,+0,+1",
            text.trim()
        ))),
    }
}

/// The proxy's text: its tile from the anchor, or the offset form if its level is off the board.
fn proxy_text(anchor: Cell, o: V, player: Player) -> String {
    let t = Tile::of(anchor);
    let name = match (
        t.z.checked_add(o.0),
        t.a.checked_add(o.1),
        t.b.checked_add(o.2),
    ) {
        (Some(z), Some(a), Some(b)) if (-20..28).contains(&a) && (-20..28).contains(&b) => {
            tile_name(z, a, b, player)
        }
        _ => None,
    };
    name.unwrap_or_else(|| d_form(o, player))
}

fn letter(kind: Kind, player: Player) -> char {
    let l = kind.letter();
    if player.0 == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

// ---------------------------------------------------------------------------------------------
// Writing moves

/// The anchor of a move: the tile of its piece, among the realities where the move is made, that
/// carries the most weight (the book's "dominant" virtual piece; ties: the lowest tile).
fn anchor(e: &Ensemble, mv: &QMove, id: usize) -> Option<Cell> {
    let mut tiles = e.games.iter().filter_map(|g| g.slots[id].cell());
    let first = tiles.next()?;
    if tiles.all(|c| c == first) {
        return Some(first);
    }
    let mut by: BTreeMap<u32, u128> = BTreeMap::new();
    for g in &e.games {
        if let Some(c) = g.slots[id].cell() {
            if !moves::realities(g, mv).is_empty() {
                let w = by.entry(c.0).or_insert(0);
                *w = w.saturating_add(g.weight);
            }
        }
    }
    if by.is_empty() {
        for g in &e.games {
            if let Some(c) = g.slots[id].cell() {
                let w = by.entry(c.0).or_insert(0);
                *w = w.saturating_add(g.weight);
            }
        }
    }
    let best = by.values().copied().max()?;
    by.into_iter()
        .find(|&(_, w)| w == best)
        .map(|(c, _)| Cell(c))
}

/// The `#id` tag, if another piece of the mover of this kind stands on the anchor somewhere.
fn tag(e: &Ensemble, id: usize, kind: Kind, at: Cell) -> String {
    let me = e.owners[id];
    let other = e.games.iter().any(|g| {
        g.ids_at(at)
            .into_iter()
            .any(|i| i != id && e.owners[i] == me && g.slots[i].kind == kind)
    });
    if other {
        format!("#{id}")
    } else {
        String::new()
    }
}

/// The half spread `h` with which proxy index `c` selects `lo..=hi` of a sequence ending at
/// `last`, if any.
fn half_spread(c: u8, lo: u8, hi: u8, last: u8) -> Option<u8> {
    if c < lo || c > hi {
        return None;
    }
    let h = if lo > 0 {
        c - lo
    } else if hi < last {
        hi - c
    } else {
        c.max(last - c)
    };
    (c.saturating_sub(h) == lo && (c + h).min(last) == hi).then_some(h)
}

/// The spreads' text: plain numbers (one per part, designator order) when equal, else with the
/// plane designators.
fn spreads_text(family: Family, parts: &[(Part, u8)], player: Player) -> String {
    let g = geom(family);
    let mut items: Vec<(usize, &str, u8)> = parts
        .iter()
        .map(|&(p, s)| {
            let (d, rank) = g.designator(g.plane(p), player);
            (rank, d, s)
        })
        .collect();
    items.sort();
    let equal = items.iter().all(|x| x.2 == items[0].2);
    items
        .iter()
        .map(|&(_, d, s)| {
            if equal {
                s.to_string()
            } else {
                format!("{d}{s}")
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The text of a legal move of `e`.
pub fn move_text(e: &Ensemble, mv: &QMove) -> String {
    let me = e.classical_to_move();
    match mv {
        QMove::Collapse { key } => {
            let mut items = Vec::new();
            for &(id, slot) in key {
                let kind = if slot.tile == TRAY {
                    e.games
                        .iter()
                        .find_map(|g| {
                            g.slots[id as usize]
                                .cell()
                                .map(|_| g.slots[id as usize].kind)
                        })
                        .unwrap_or(Kind::Pawn)
                } else {
                    slot.kind
                };
                let l = letter(kind, e.owners[id as usize]);
                let at = match slot.cell() {
                    Some(c) => cell_name(c, me),
                    None => "tray".to_string(),
                };
                items.push(format!("{l}@{at}"));
            }
            format!("collapse {}", items.join(" "))
        }
        QMove::Planar { id, family, spans } => {
            let id = *id as usize;
            let a = anchor(e, mv, id).expect("a live piece");
            let kind = family_kind(*family);
            let (proxy, parts) = planar_proxy(*family, spans, a);
            format!(
                "{}{}({}) - [{}]{}",
                kind.letter(),
                tag(e, id, kind, a),
                cell_name(a, me),
                proxy_text(a, proxy, me),
                spreads_text(*family, &parts, me)
            )
        }
        QMove::Advance {
            id,
            n,
            lo,
            hi,
            promote,
        } => {
            let id = *id as usize;
            let a = anchor(e, mv, id).expect("a live piece");
            let sq = pawn_seq(me, *n);
            let last = 2 * n;
            let (c, h) = best_proxy(
                *lo,
                *hi,
                last,
                |_| true,
                |c| (0..8).contains(&(Tile::of(a).z + sq[c as usize].0)),
            );
            let spread = if *lo == 0 && *hi == last {
                String::new()
            } else {
                (2 * h + 1).to_string()
            };
            format!(
                "P{}({}) - [{}]{}{}",
                tag(e, id, Kind::Pawn, a),
                cell_name(a, me),
                proxy_text(a, sq[c as usize], me),
                spread,
                promote
                    .map(|k| k.letter().to_ascii_lowercase().to_string())
                    .unwrap_or_default()
            )
        }
        QMove::Fixed {
            id,
            kind,
            offset,
            promote,
            en_passant,
            castle,
        } => {
            let id = *id as usize;
            let a = anchor(e, mv, id).expect("a live piece");
            if let Some(c) = castle {
                let to = geom::at(a, *offset).expect("the king's destination");
                return spacechess_goff::text::castle_text(me, a, to, c);
            }
            let mut s = format!(
                "{}{}({}) - [{}]",
                kind.letter(),
                tag(e, id, *kind, a),
                cell_name(a, me),
                proxy_text(a, *offset, me)
            );
            if *kind == Kind::Pawn {
                s.push('1');
                if let Some(k) = promote {
                    s.push(k.letter().to_ascii_lowercase());
                }
                if *en_passant {
                    s.push_str(" ep");
                }
            }
            s
        }
        QMove::Deflect { id, family, ray } => {
            let id = *id as usize;
            let a = anchor(e, mv, id).expect("a live piece");
            let t = Tile::of(a);
            let o = [2i8, 1, 3, 4]
                .into_iter()
                .map(|k| geom::mul(k, *ray))
                .find(|o| (0..8).contains(&(t.z + o.0)))
                .unwrap_or(geom::mul(2, *ray));
            format!(
                "N{}({}) - [{}]{}",
                tag(e, id, Kind::Knight, a),
                cell_name(a, me),
                proxy_text(a, o, me),
                family_kind(*family).letter()
            )
        }
        QMove::Fission {
            bishop,
            shape,
            bishop_spans,
            duke_span,
            ..
        } => {
            let id = *bishop as usize;
            let a = anchor(e, mv, id).expect("a live piece");
            let fs = &geom::fission_structures()[*shape as usize];
            let bg = geom(Family::Bishop);
            let mut bs: Vec<(usize, u8)> = fs
                .bishop
                .iter()
                .zip(bishop_spans)
                .map(|(&p, &(lo, hi))| {
                    let c =
                        geom::index_in(Family::Bishop, p, fs.f).expect("F on the perimeter") as u8;
                    let last = gen::seq(Family::Bishop, p).len() as u8 - 1;
                    let h = half_spread(c, lo, hi, last).expect("a listed interval");
                    (bg.designator(bg.plane(p), me).1, 2 * h + 1)
                })
                .collect();
            bs.sort();
            let c = geom::index_in(Family::Duke, fs.duke, fs.f).expect("F on the perimeter") as u8;
            let last = gen::seq(Family::Duke, fs.duke).len() as u8 - 1;
            let h = half_spread(c, duke_span.0, duke_span.1, last).expect("a listed interval");
            let mut nums: Vec<String> = bs.iter().map(|x| x.1.to_string()).collect();
            nums.push((2 * h + 1).to_string());
            format!(
                "S{}({}) - [{}]{}",
                tag(e, id, Kind::Bishop, a),
                cell_name(a, me),
                proxy_text(a, fs.f, me),
                nums.join(",")
            )
        }
    }
}

/// The proxy index and half spread that write `lo..=hi` of a quadrant sequence ending at `last`:
/// among the indices `must` accepts, the apex if it can, else the index nearest the apex,
/// preferring those `prefer` accepts.
fn best_proxy(
    lo: u8,
    hi: u8,
    last: u8,
    must: impl Fn(u8) -> bool,
    prefer: impl Fn(u8) -> bool,
) -> (u8, u8) {
    let centre = last / 2;
    let mut cands: Vec<(u8, u8)> = (1..last)
        .filter(|&c| must(c))
        .filter_map(|c| half_spread(c, lo, hi, last).map(|h| (c, h)))
        .collect();
    cands.sort_by_key(|&(c, h)| ((c as i32 - centre as i32).abs(), h));
    cands
        .iter()
        .copied()
        .find(|&(c, _)| prefer(c))
        .or_else(|| cands.first().copied())
        .unwrap_or((centre, centre))
}

/// The proxy offset and per-part spreads of a planar move, from anchor `a`.
fn planar_proxy(family: Family, spans: &[Span], a: Cell) -> (V, Vec<(Part, u8)>) {
    if spans.len() == 1 {
        let sp = spans[0];
        let sq = gen::seq(family, sp.part);
        let last = sq.len() as u8 - 1;
        let pm = gen::proxy_map(family);
        let t = Tile::of(a);
        let (c, h) = best_proxy(
            sp.lo,
            sp.hi,
            last,
            |c| pm.get(&sq[c as usize].0).is_some_and(|v| v.len() == 1),
            |c| (0..8).contains(&(t.z + sq[c as usize].0 .0)),
        );
        return (sq[c as usize].0, vec![(sp.part, 2 * h + 1)]);
    }
    // Several parts share the proxy: the line tile, or the duplex apex.
    let first = gen::seq(family, spans[0].part);
    let shared = first
        .iter()
        .map(|x| x.0)
        .find(|o| {
            spans.iter().all(|sp| {
                gen::seq(family, sp.part)
                    .iter()
                    .position(|x| x.0 == *o)
                    .is_some_and(|i| is_proxy_index(sp.part, i))
            })
        })
        .expect("the parts share their proxy");
    let parts = spans
        .iter()
        .map(|sp| {
            let sq = gen::seq(family, sp.part);
            let c = sq.iter().position(|x| x.0 == shared).expect("shared") as u8;
            let h = half_spread(c, sp.lo, sp.hi, sq.len() as u8 - 1).expect("a listed interval");
            (sp.part, 2 * h + 1)
        })
        .collect();
    (shared, parts)
}

fn is_proxy_index(part: Part, i: usize) -> bool {
    match part {
        Part::Quad { n, .. } => i >= 1 && i < 2 * n as usize,
        Part::Line { k, .. } => i == 2 * k as usize,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading moves

/// The spreads of a move text: each an optional plane designator and an odd number.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SpreadItem {
    designator: Option<String>,
    value: u16,
}

/// The pieces of a parsed move text.
struct Parsed {
    letter: char,
    id: Option<usize>,
    anchor: Cell,
    proxy: V,
    /// The raw suffix after the bracket (spreads, knight family, promotion, `ep`).
    suffix: String,
}

/// Splits `piece(anchor) SEP [proxy]...` at the separator: `-`, `--`, `–`, `—`, `x`, `:` or
/// nothing (docs/formats.md's one rule for reading moves).
fn dash_split(text: &str) -> Option<(&str, &str)> {
    let close = text.find(')')?;
    let open = close + text[close..].find('[')?;
    let sep = text[close + 1..open].trim();
    matches!(sep, "" | "-" | "--" | "–" | "—" | "x" | "X" | ":")
        .then(|| (&text[..=close], &text[open..]))
}

fn parse_shape(text: &str, player: Player) -> Result<Parsed, NotationError> {
    let malformed = || {
        NotationError::Malformed(format!(
            "'{text}' is not piece(anchor) - [proxy]spread, as R(KR3,3) - [KR6,6]5"
        ))
    };
    let (left, right) = dash_split(text).ok_or_else(malformed)?;
    let left = left.trim();
    let open = left.find('(').ok_or_else(malformed)?;
    if !left.ends_with(')') {
        return Err(malformed());
    }
    let head = left[..open].trim();
    let anchor_text = &left[open + 1..left.len() - 1];
    let mut chars = head.chars();
    let letter = chars.next().ok_or_else(malformed)?;
    if Kind::from_letter(letter).is_none() || !letter.is_ascii_alphabetic() {
        return Err(NotationError::UnknownPiece(letter.to_string()));
    }
    let rest: String = chars.collect();
    let id = if rest.is_empty() {
        None
    } else {
        let n = rest
            .strip_prefix('#')
            .and_then(|s| s.trim().parse::<usize>().ok())
            .ok_or_else(|| {
                NotationError::Malformed(format!(
                    "'{head}': a piece is a letter, optionally with its id as R#12"
                ))
            })?;
        Some(n)
    };
    let anchor = parse_cell(anchor_text, player)?;
    let right = right.trim();
    if !right.starts_with('[') {
        return Err(malformed());
    }
    let close = right.find(']').ok_or_else(malformed)?;
    let proxy_text = right[1..close].trim();
    let proxy = if proxy_text.starts_with(['d', 'D']) {
        parse_d_form(proxy_text, player)?
    } else {
        let (z, a, b) = parse_tile(proxy_text, player)?;
        let s = Tile::of(anchor);
        (z - s.z, a - s.a, b - s.b)
    };
    Ok(Parsed {
        letter: letter.to_ascii_uppercase(),
        id,
        anchor,
        proxy,
        suffix: right[close + 1..].trim().to_string(),
    })
}

fn parse_spreads(s: &str) -> Result<Vec<SpreadItem>, NotationError> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    s.split(',')
        .map(|item| {
            let item = item.trim();
            let split = item
                .find(|c: char| c.is_ascii_digit())
                .ok_or_else(|| NotationError::BadSpread(format!("'{item}' has no number")))?;
            let (d, num) = item.split_at(split);
            let value: u16 = num
                .parse()
                .map_err(|_| NotationError::BadSpread(format!("'{item}' is not a spread")))?;
            if value == 0 || value.is_multiple_of(2) {
                return Err(NotationError::BadSpread(format!(
                    "'{item}': a spread is an odd number (centred on the proxy)"
                )));
            }
            Ok(SpreadItem {
                designator: (!d.is_empty()).then(|| d.to_ascii_uppercase()),
                value,
            })
        })
        .collect()
}

/// The interval a half spread selects around `c` in a sequence ending at `last`.
fn interval(c: u8, spread: u16, last: u8) -> (u8, u8) {
    let h = ((spread - 1) / 2).min(255) as u8;
    (c.saturating_sub(h), c.saturating_add(h).min(last))
}

/// Assigns spread items to parts (ordered by designator); empty items: the full perimeter.
fn assign_spreads(
    family: Family,
    parts: &[(Part, usize)],
    items: &[SpreadItem],
    player: Player,
) -> Result<Vec<Span>, NotationError> {
    let g = geom(family);
    let mut ordered: Vec<(usize, &str, Part, usize)> = parts
        .iter()
        .map(|&(p, c)| {
            let (d, rank) = g.designator(g.plane(p), player);
            (rank, d, p, c)
        })
        .collect();
    ordered.sort();
    let names: Vec<&str> = ordered.iter().map(|x| x.1).collect();
    let values: Vec<Option<u16>> = if items.is_empty() {
        vec![None; ordered.len()]
    } else if items.iter().all(|i| i.designator.is_none()) {
        if items.len() == 1 {
            vec![Some(items[0].value); ordered.len()]
        } else if items.len() == ordered.len() {
            items.iter().map(|i| Some(i.value)).collect()
        } else {
            return Err(NotationError::BadSpread(format!(
                "{} spreads for a move in {} plane(s) ({}): give one, or one per plane",
                items.len(),
                ordered.len(),
                names.join(", ")
            )));
        }
    } else {
        let mut v = vec![None; ordered.len()];
        for it in items {
            let d = it.designator.as_deref().ok_or_else(|| {
                NotationError::BadSpread("mix of spreads with and without plane designators".into())
            })?;
            let x = names.iter().position(|n| *n == d).ok_or_else(|| {
                NotationError::BadSpread(format!(
                    "'{d}' is not a plane of this move (its planes: {})",
                    names.join(", ")
                ))
            })?;
            if v[x].is_some() {
                return Err(NotationError::BadSpread(format!("plane '{d}' given twice")));
            }
            v[x] = Some(it.value);
        }
        if let Some(x) = v.iter().position(|s| s.is_none()) {
            return Err(NotationError::BadSpread(format!(
                "no spread for plane '{}'",
                names[x]
            )));
        }
        v
    };
    let mut spans: Vec<Span> = ordered
        .iter()
        .zip(values)
        .map(|(&(_, _, part, c), v)| {
            let last = gen::seq(family, part).len() as u8 - 1;
            let (lo, hi) = match v {
                None => (0, last),
                Some(s) => interval(c as u8, s, last),
            };
            Span { part, lo, hi }
        })
        .collect();
    spans.sort();
    Ok(spans)
}

/// True if the rule allows this interval for a part whose proxy index is `c`.
fn allowed(rule: SpreadRule, c: u8, lo: u8, hi: u8, len: u8) -> bool {
    gen::intervals(rule, c, len).contains(&(lo, hi))
}

fn spread_rule_name(rule: SpreadRule) -> &'static str {
    match rule {
        SpreadRule::Classical => "spread=classical allows spread 1 only",
        SpreadRule::Standard => {
            "spread=standard allows 1 (the proxy), the pure perimeter and the full perimeter"
        }
        SpreadRule::Any => "",
    }
}

/// The ids of the mover's pieces of `kind` on `at` in some reality (for `S`: stacks, by bishop).
fn ids_on(e: &Ensemble, at: Cell, kind: Kind, stack: bool) -> Vec<usize> {
    let me = e.classical_to_move();
    let mut v: Vec<usize> = Vec::new();
    for g in &e.games {
        for i in g.ids_at(at) {
            let ok = e.owners[i] == me
                && g.slots[i].kind == kind
                && (!stack || g.pos.piece_at(at).is_some_and(|pc| pc.kind == Kind::Stack));
            if ok && !v.contains(&i) {
                v.push(i);
            }
        }
    }
    v
}

fn pick_id(e: &Ensemble, p: &Parsed, kind: Kind, stack: bool) -> Result<usize, NotationError> {
    let me = e.classical_to_move();
    let found = ids_on(e, p.anchor, kind, stack);
    let name = cell_name(p.anchor, me);
    match p.id {
        Some(id) if found.contains(&id) => Ok(id),
        Some(id) => Err(NotationError::NoPieceOnAnchor(format!(
            "piece #{id} has no virtual piece on {name}"
        ))),
        None => match found.len() {
            0 => Err(NotationError::NoPieceOnAnchor(format!(
                "no {} of the side to move on {name} in any reality",
                kind.name()
            ))),
            1 => Ok(found[0]),
            _ => Err(NotationError::AmbiguousAnchor(format!(
                "{} {}s have virtual pieces on {name}: name one as {}#{}",
                found.len(),
                kind.name(),
                kind.letter(),
                found[0]
            ))),
        },
    }
}

fn split_pawn_suffix(s: &str) -> Result<(Option<u16>, Option<Kind>, bool), NotationError> {
    let mut s = s.trim().to_string();
    let mut ep = false;
    for tail in ["e.p.", "ep"] {
        if s.to_ascii_lowercase().ends_with(tail) {
            s.truncate(s.len() - tail.len());
            s = s.trim().to_string();
            ep = true;
            break;
        }
    }
    let mut promote = None;
    if let Some(c) = s.chars().last().filter(|c| c.is_ascii_alphabetic()) {
        promote = Some(
            Kind::from_letter(c)
                .filter(|k| spacechess_goff::movegen::PROMOTION_CHOICES.contains(k))
                .ok_or_else(|| {
                    NotationError::Promotion(format!(
                        "'{c}' is not a promotion piece (q r b d s n)"
                    ))
                })?,
        );
        s.pop();
    }
    let s = s.trim();
    let spread = if s.is_empty() {
        None
    } else {
        let v: u16 = s.parse().map_err(|_| {
            NotationError::BadSpread(format!("'{s}': a pawn's spread is one odd number"))
        })?;
        if v == 0 || v.is_multiple_of(2) {
            return Err(NotationError::BadSpread(format!(
                "'{s}': a spread is an odd number (centred on the proxy)"
            )));
        }
        Some(v)
    };
    Ok((spread, promote, ep))
}

/// Reads a move text into a template (not yet checked for legality).
fn parse_template(e: &Ensemble, rules: &QuantumRules, text: &str) -> Result<QMove, NotationError> {
    let me = e.classical_to_move();
    let p = parse_shape(text, me)?;
    let rule = rules.spread;
    match p.letter {
        'R' | 'B' | 'D' => {
            let family = match p.letter {
                'R' => Family::Rook,
                'B' => Family::Bishop,
                _ => Family::Duke,
            };
            let id = pick_id(e, &p, family_kind(family), false)?;
            let parts = geom(family).parts_of_offset(p.proxy);
            if parts.is_empty() {
                return Err(NotationError::NotAMove(format!(
                    "{} offset {:?} from the anchor is neither a quadrant nor a linear {} move",
                    family.name(),
                    p.proxy,
                    family.name()
                )));
            }
            let items = parse_spreads(&p.suffix)?;
            let spans = assign_spreads(family, &parts, &items, me)?;
            for sp in &spans {
                let len = gen::seq(family, sp.part).len() as u8;
                let c = parts.iter().find(|x| x.0 == sp.part).expect("part").1 as u8;
                if !allowed(rule, c, sp.lo, sp.hi, len) {
                    return Err(NotationError::SpreadNotAllowed(
                        spread_rule_name(rule).into(),
                    ));
                }
            }
            Ok(QMove::Planar {
                id: id as u16,
                family,
                spans,
            })
        }
        'P' => {
            let id = pick_id(e, &p, Kind::Pawn, false)?;
            let (spread, promote, ep) = split_pawn_suffix(&p.suffix)?;
            let (u, v) = geom::pawn_rays(me);
            let advance = (1..=2i8).find_map(|n| {
                let sq = pawn_seq(me, n as u8);
                sq.iter()
                    .position(|&o| o == p.proxy)
                    .filter(|&c| c >= 1 && c < 2 * n as usize)
                    .map(|c| (n as u8, c as u8))
            });
            let _ = (u, v);
            match advance {
                Some((n, c)) if spread != Some(1) && !ep => {
                    let last = 2 * n;
                    let (lo, hi) = match spread {
                        None => (0, last),
                        Some(s) => interval(c, s, last),
                    };
                    if lo == hi {
                        return Ok(QMove::Fixed {
                            id: id as u16,
                            kind: Kind::Pawn,
                            offset: p.proxy,
                            promote,
                            en_passant: false,
                            castle: None,
                        });
                    }
                    if !allowed(rule, c, lo, hi, last + 1) {
                        return Err(NotationError::SpreadNotAllowed(
                            spread_rule_name(rule).into(),
                        ));
                    }
                    Ok(QMove::Advance {
                        id: id as u16,
                        n,
                        lo,
                        hi,
                        promote,
                    })
                }
                _ => {
                    if spread.is_some_and(|s| s != 1) {
                        return Err(NotationError::NotAMove(
                            "only a pawn's advance into its forward perimeter (1, or 2 from its start) can spread; other pawn moves are classical (spread 1)".into(),
                        ));
                    }
                    Ok(QMove::Fixed {
                        id: id as u16,
                        kind: Kind::Pawn,
                        offset: p.proxy,
                        promote,
                        en_passant: ep,
                        castle: None,
                    })
                }
            }
        }
        'N' => {
            let id = pick_id(e, &p, Kind::Knight, false)?;
            let suffix = p.suffix.trim();
            match suffix {
                "" | "1" => {
                    if !geom::knight_leaps().contains(&p.proxy) {
                        return Err(NotationError::NotAMove(format!(
                            "offset {:?} is not a knight's leap (write R, B or D after the bracket for a deflection)",
                            p.proxy
                        )));
                    }
                    Ok(QMove::Fixed {
                        id: id as u16,
                        kind: Kind::Knight,
                        offset: p.proxy,
                        promote: None,
                        en_passant: false,
                        castle: None,
                    })
                }
                "R" | "B" | "D" | "r" | "b" | "d" => {
                    let family = match suffix.to_ascii_uppercase().as_str() {
                        "R" => Family::Rook,
                        "B" => Family::Bishop,
                        _ => Family::Duke,
                    };
                    let ray = geom(family)
                        .rays
                        .iter()
                        .copied()
                        .find(|&r| (1..=15).any(|k| geom::mul(k, r) == p.proxy))
                        .ok_or_else(|| {
                            NotationError::NotAMove(format!(
                                "the proxy is not in a {} direction from the anchor",
                                family.name()
                            ))
                        })?;
                    Ok(QMove::Deflect {
                        id: id as u16,
                        family,
                        ray,
                    })
                }
                s => Err(NotationError::BadSpread(format!(
                    "'{s}': a knight's move takes no spread, or R, B or D for a deflection"
                ))),
            }
        }
        'K' | 'Q' => {
            let kind = if p.letter == 'K' {
                Kind::King
            } else {
                Kind::Queen
            };
            let id = pick_id(e, &p, kind, false)?;
            if !matches!(p.suffix.as_str(), "" | "1") {
                return Err(NotationError::BadSpread(format!(
                    "'{}': the {} moves classically only (no spread)",
                    p.suffix,
                    kind.name()
                )));
            }
            Ok(QMove::Fixed {
                id: id as u16,
                kind,
                offset: p.proxy,
                promote: None,
                en_passant: false,
                castle: None,
            })
        }
        'S' => {
            let b = pick_id(e, &p, Kind::Bishop, true)?;
            let d = e
                .games
                .iter()
                .find_map(|g| {
                    g.slots[b].cell().filter(|&c| c == p.anchor).and_then(|c| {
                        g.ids_at(c)
                            .into_iter()
                            .find(|&i| i != b && g.slots[i].kind == Kind::Duke)
                    })
                })
                .ok_or_else(|| NotationError::NoPieceOnAnchor("no stack on the anchor".into()))?;
            let shapes = geom::fission_structures();
            let shape = shapes
                .iter()
                .position(|fs| fs.f == p.proxy)
                .ok_or_else(|| {
                    NotationError::NotAMove(
                    "a stack's proxy is an overlap tile (a q-tile or a Feynman tile) of the anchor"
                        .into(),
                )
                })?;
            let fs = &shapes[shape];
            let items = parse_spreads(&p.suffix)?;
            if items.iter().any(|i| i.designator.is_some()) {
                return Err(NotationError::BadSpread(
                    "a fission's spreads are plain numbers: the bishop's planes, then the duke"
                        .into(),
                ));
            }
            let n = fs.bishop.len() + 1;
            let values: Vec<Option<u16>> = match items.len() {
                0 => vec![None; n],
                1 => vec![Some(items[0].value); n],
                x if x == n => items.iter().map(|i| Some(i.value)).collect(),
                x => {
                    return Err(NotationError::BadSpread(format!(
                        "{x} spreads for a fission through this overlap tile: give {n} (the bishop's {} plane(s), then the duke) or one",
                        n - 1
                    )))
                }
            };
            let bg = geom(Family::Bishop);
            let mut bparts: Vec<(usize, usize)> = fs
                .bishop
                .iter()
                .enumerate()
                .map(|(x, &p)| (bg.designator(bg.plane(p), me).1, x))
                .collect();
            bparts.sort();
            let mut bishop_spans = vec![(0u8, 0u8); fs.bishop.len()];
            for (slot, &(_, x)) in bparts.iter().enumerate() {
                let part = fs.bishop[x];
                let c = geom::index_in(Family::Bishop, part, fs.f).expect("F") as u8;
                let last = gen::seq(Family::Bishop, part).len() as u8 - 1;
                let iv = match values[slot] {
                    None => (0, last),
                    Some(s) => interval(c, s, last),
                };
                if !allowed(rule, c, iv.0, iv.1, last + 1) {
                    return Err(NotationError::SpreadNotAllowed(
                        spread_rule_name(rule).into(),
                    ));
                }
                bishop_spans[x] = iv;
            }
            let c = geom::index_in(Family::Duke, fs.duke, fs.f).expect("F") as u8;
            let last = gen::seq(Family::Duke, fs.duke).len() as u8 - 1;
            let duke_span = match values[n - 1] {
                None => (0, last),
                Some(s) => interval(c, s, last),
            };
            if !allowed(rule, c, duke_span.0, duke_span.1, last + 1) {
                return Err(NotationError::SpreadNotAllowed(
                    spread_rule_name(rule).into(),
                ));
            }
            Ok(QMove::Fission {
                bishop: b as u16,
                duke: d as u16,
                shape: shape as u16,
                bishop_spans,
                duke_span,
            })
        }
        c => Err(NotationError::UnknownPiece(c.to_string())),
    }
}

/// Reads a classical Goff move text in some reality as its spread-1 quantum move.
fn parse_classical(e: &Ensemble, text: &str) -> Result<QMove, NotationError> {
    let mut first_err = None;
    for g in &e.games {
        match spacechess_goff::text::parse_move(&g.pos, text) {
            Ok(m) => return classical_template(e, g, &m),
            Err(err) => {
                first_err.get_or_insert(err);
            }
        }
    }
    Err(NotationError::Malformed(match first_err {
        Some(err) => format!(
            "'{text}' is neither piece(anchor) - [proxy]spread nor a classical move of any reality ({err})"
        ),
        None => "no reality".into(),
    }))
}

/// The spread-1 template of a classical move of game `g`.
pub fn classical_template(
    e: &Ensemble,
    g: &Game,
    m: &spacechess_goff::position::Move,
) -> Result<QMove, NotationError> {
    let me = g.pos.to_move();
    let pc = g.pos.piece_at(m.from).expect("mover");
    let ids: Vec<usize> = g
        .ids_at(m.from)
        .into_iter()
        .filter(|&i| e.owners[i] == me)
        .collect();
    let o = geom::offset(m.from, m.to);
    if m.castle.is_some() {
        return Ok(QMove::Fixed {
            id: ids[0] as u16,
            kind: Kind::King,
            offset: o,
            promote: None,
            en_passant: false,
            castle: m.castle,
        });
    }
    if m.fission.is_some() {
        return Err(NotationError::NotAMove(
            "a classical explosion to two chosen tiles is not a quantum move: a fission spreads around its overlap tile, as S(Q1,1) - [Q5,5]17,17,5".into(),
        ));
    }
    let planar = |id: usize, family: Family| -> Result<QMove, NotationError> {
        let parts = geom(family).parts_of_offset(o);
        if parts.is_empty() {
            return Err(NotationError::NotAMove("no planar route".into()));
        }
        let mut spans: Vec<Span> = parts
            .iter()
            .map(|&(part, c)| Span {
                part,
                lo: c as u8,
                hi: c as u8,
            })
            .collect();
        spans.sort();
        Ok(QMove::Planar {
            id: id as u16,
            family,
            spans,
        })
    };
    match (pc.kind, m.part) {
        (Kind::Stack, None) => {
            let shape = geom::fission_structures()
                .iter()
                .position(|fs| fs.f == o)
                .ok_or_else(|| NotationError::NotAMove("not an overlap tile".into()))?;
            let fs = &geom::fission_structures()[shape];
            let bishop_spans = fs
                .bishop
                .iter()
                .map(|&p| {
                    let c = geom::index_in(Family::Bishop, p, o).expect("F") as u8;
                    (c, c)
                })
                .collect();
            let c = geom::index_in(Family::Duke, fs.duke, o).expect("F") as u8;
            let b = ids
                .iter()
                .copied()
                .find(|&i| g.slots[i].kind == Kind::Bishop)
                .expect("bishop");
            let d = ids
                .iter()
                .copied()
                .find(|&i| g.slots[i].kind == Kind::Duke)
                .expect("duke");
            Ok(QMove::Fission {
                bishop: b as u16,
                duke: d as u16,
                shape: shape as u16,
                bishop_spans,
                duke_span: (c, c),
            })
        }
        (Kind::Stack, Some(k)) => {
            let id = ids
                .iter()
                .copied()
                .find(|&i| g.slots[i].kind == k)
                .expect("part");
            planar(
                id,
                if k == Kind::Bishop {
                    Family::Bishop
                } else {
                    Family::Duke
                },
            )
        }
        (Kind::Rook, _) => planar(ids[0], Family::Rook),
        (Kind::Bishop, _) => planar(ids[0], Family::Bishop),
        (Kind::Duke, _) => planar(ids[0], Family::Duke),
        (kind, part) => Ok(QMove::Fixed {
            id: ids[0] as u16,
            kind,
            offset: o,
            promote: m.promote,
            en_passant: part == Some(Kind::Pawn),
            castle: None,
        }),
    }
}

fn parse_collapse(e: &Ensemble, text: &str, listed: &[QMove]) -> Result<QMove, NotationError> {
    let norm = |s: &str| {
        s.split_whitespace()
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
    };
    let want = norm(text);
    for m in listed {
        if let QMove::Collapse { .. } = m {
            let have = norm(&move_text(e, m));
            // Case aside (one id has one owner, so the letters' case never tells classes apart).
            let same = have.len() == want.len()
                && have
                    .iter()
                    .zip(&want)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b));
            if same {
                return Ok(m.clone());
            }
        }
    }
    let choices: Vec<String> = listed
        .iter()
        .filter(|m| matches!(m, QMove::Collapse { .. }))
        .map(|m| move_text(e, m))
        .collect();
    Err(NotationError::NoSuchCollapse(if choices.is_empty() {
        format!("'{text}': no collapse is due")
    } else {
        format!(
            "'{text}' is not a class of the partition (the choices: {})",
            choices.join("; ")
        )
    }))
}

/// Reads a move text and checks it: the listed move it stands for.
pub fn parse_move(e: &Ensemble, rules: &QuantumRules, text: &str) -> Result<QMove, NotationError> {
    parse_move_among(e, rules, text, None)
}

/// [`parse_move`] with the legal moves already listed (`listed`: every legal move of `e`).
pub fn parse_move_among(
    e: &Ensemble,
    rules: &QuantumRules,
    text: &str,
    listed: Option<&[QMove]>,
) -> Result<QMove, NotationError> {
    let mut t = text.trim();
    // A move number: "1." or "12..."
    if let Some(i) = t.find('.') {
        if i > 0 && t[..i].chars().all(|c| c.is_ascii_digit()) {
            t = t[i..].trim_start_matches('.').trim();
        }
    }
    let due = e.split && rules.collapse == crate::rules::CollapsePolicy::Karma;
    if t.to_ascii_lowercase().starts_with("collapse") || due {
        let listed = match (due, listed) {
            (false, _) => Vec::new(),
            (true, Some(l)) => l.to_vec(),
            (true, None) => gen::legal_moves(e, rules),
        };
        if t.to_ascii_lowercase().starts_with("collapse") {
            return parse_collapse(e, t, &listed);
        }
        let choices: Vec<String> = listed.iter().map(|m| move_text(e, m)).collect();
        return Err(NotationError::CollapseDue(format!(
            "the ensemble no longer fits on one board; {} chooses: {}",
            side(e.classical_to_move().0 ^ 1),
            choices.join("; ")
        )));
    }
    let template = if t.contains('[') {
        parse_template(e, rules, t)?
    } else {
        parse_classical(e, t)?
    };
    let ids: Vec<usize> = moves::moved_ids(&template)
        .into_iter()
        .map(|i| i as usize)
        .collect();
    let own;
    let listed = match listed {
        Some(l) => l,
        None => {
            own = gen::legal_moves_of(e, rules, &ids);
            &own[..]
        }
    };
    if let Some(m) = gen::canonical(e, rules, &template, listed) {
        return Ok(m);
    }
    // Why not: promotion, no reality, or the bound.
    let with_queen = match &template {
        QMove::Advance {
            id,
            n,
            lo,
            hi,
            promote: None,
        } => Some(QMove::Advance {
            id: *id,
            n: *n,
            lo: *lo,
            hi: *hi,
            promote: Some(Kind::Queen),
        }),
        QMove::Fixed {
            id,
            kind: Kind::Pawn,
            offset,
            en_passant,
            castle,
            promote: None,
        } => Some(QMove::Fixed {
            id: *id,
            kind: Kind::Pawn,
            offset: *offset,
            promote: Some(Kind::Queen),
            en_passant: *en_passant,
            castle: *castle,
        }),
        _ => None,
    };
    if let Some(q) = with_queen {
        let more = e
            .games
            .iter()
            .any(|g| moves::realities(g, &q).len() > moves::realities(g, &template).len());
        if more {
            return Err(NotationError::Promotion(
                "the pawn promotes in some reality: name the piece after the spread (q, r, b, d, s, n)"
                    .into(),
            ));
        }
    }
    let per: Vec<usize> = e
        .games
        .iter()
        .map(|g| moves::realities(g, &template).len())
        .collect();
    if per.iter().all(|&n| n == 0) {
        return Err(NotationError::Illegal(
            "the move is legal in no reality (every reality would be pruned)".into(),
        ));
    }
    let after = moves::play(e, &template, rules.histories);
    if after.games.len() > rules.max_games {
        return Err(NotationError::TooManyGames {
            games: after.games.len(),
            max: rules.max_games,
        });
    }
    if let QMove::Advance {
        promote: Some(_), ..
    }
    | QMove::Fixed {
        promote: Some(_), ..
    } = template
    {
        return Err(NotationError::Promotion(
            "no reality promotes with this move: leave the piece letter out".into(),
        ));
    }
    Err(NotationError::Illegal("the move is not legal here".into()))
}

fn side(p: u8) -> &'static str {
    if p == 0 {
        "White"
    } else {
        "Black"
    }
}

// ---------------------------------------------------------------------------------------------
// Position text

/// The header word of an ensemble text.
pub const HEADER: &str = "goff-quantum";

/// The ensemble's text: `goff-quantum <owners> | <weight> ; <goff position> ; <ids> [; h=<branches>] | ...`.
/// `owners` has one `w` or `b` per base id; `ids` lists, for every occupied tile in cell order, the
/// ids on it (`4.5` for a stack: bishop, then duke), separated by `,`.
pub fn position_text(e: &Ensemble) -> String {
    let owners: String = e.owners[..e.n0]
        .iter()
        .map(|p| if p.0 == 0 { 'w' } else { 'b' })
        .collect();
    let mut out = format!("{HEADER} {owners}");
    for g in &e.games {
        let mut ids = Vec::new();
        for c in g.pos.occupied() {
            let v: Vec<String> = g.ids_at(c).iter().map(|i| i.to_string()).collect();
            ids.push(v.join("."));
        }
        out.push_str(&format!(
            " | {} ; {} ; {}",
            g.weight,
            spacechess_goff::text::position_text(&g.pos),
            ids.join(",")
        ));
        if !g.history.is_empty() {
            let h: Vec<String> = g.history.iter().map(|b| b.to_string()).collect();
            out.push_str(&format!(" ; h={}", h.join(".")));
        }
    }
    out
}

/// Reads an ensemble text, or a classical Goff position (one reality, ids in cell order).
pub fn parse_position(text: &str, rules: &QuantumRules) -> Result<Ensemble, PositionError> {
    let t = text.trim();
    if !t.starts_with(HEADER) {
        let pos = spacechess_goff::text::parse_position(t)?.with_rules(rules.classical);
        return Ok(Ensemble::classical(pos));
    }
    let mut parts = t.split('|');
    let header = parts.next().unwrap_or_default().trim();
    let owners_text = header[HEADER.len()..].trim();
    if owners_text.is_empty() || !owners_text.chars().all(|c| c == 'w' || c == 'b') {
        return Err(PositionError::Fields(format!(
            "'{header}': expected '{HEADER}' and one w or b per piece id"
        )));
    }
    let n0 = owners_text.len();
    let mut owners: Vec<Player> = owners_text
        .chars()
        .map(|c| Player(if c == 'w' { 0 } else { 1 }))
        .collect();
    owners.extend(owners.clone());
    let mut games = Vec::new();
    for (gi, part) in parts.enumerate() {
        let fields: Vec<&str> = part.split(';').map(str::trim).collect();
        if fields.len() < 3 || fields.len() > 4 {
            return Err(PositionError::Fields(format!(
                "game {}: expected 'weight ; position ; ids [; h=branches]'",
                gi + 1
            )));
        }
        let weight: u128 = fields[0].parse().ok().filter(|&w| w > 0).ok_or_else(|| {
            PositionError::Number(format!("game {}: weight '{}'", gi + 1, fields[0]))
        })?;
        let pos: Position = spacechess_goff::text::parse_position(fields[1])
            .map_err(|e| PositionError::Invalid(format!("game {}: {e}", gi + 1)))?
            .with_rules(rules.classical);
        let mut slots = vec![Slot::TRAYED; 2 * n0];
        let occupied: Vec<Cell> = pos.occupied().iter().collect();
        let groups: Vec<&str> = if fields[2].is_empty() {
            Vec::new()
        } else {
            fields[2].split(',').collect()
        };
        if groups.len() != occupied.len() {
            return Err(PositionError::Invalid(format!(
                "game {}: {} id groups for {} men",
                gi + 1,
                groups.len(),
                occupied.len()
            )));
        }
        for (&c, grp) in occupied.iter().zip(&groups) {
            let pc = pos.piece_at(c).expect("occupied");
            let ids: Result<Vec<usize>, _> =
                grp.split('.').map(|x| x.trim().parse::<usize>()).collect();
            let ids = ids.map_err(|_| {
                PositionError::Invalid(format!("game {}: id group '{grp}'", gi + 1))
            })?;
            let kinds: Vec<Kind> = if pc.kind == Kind::Stack {
                vec![Kind::Bishop, Kind::Duke]
            } else {
                vec![pc.kind]
            };
            if ids.len() != kinds.len() {
                return Err(PositionError::Invalid(format!(
                    "game {}: '{grp}' on a {} (a stack has two ids, bishop.duke; other men one)",
                    gi + 1,
                    pc.kind.name()
                )));
            }
            for (&i, &k) in ids.iter().zip(&kinds) {
                if i >= 2 * n0 || slots[i] != Slot::TRAYED {
                    return Err(PositionError::Invalid(format!(
                        "game {}: id {i} out of range or used twice",
                        gi + 1
                    )));
                }
                if owners[i] != pc.player {
                    return Err(PositionError::Invalid(format!(
                        "game {}: id {i} belongs to the other side",
                        gi + 1
                    )));
                }
                slots[i] = Slot::on(c, k);
            }
        }
        let history = match fields.get(3) {
            None => Vec::new(),
            Some(h) => {
                let body = h.strip_prefix("h=").ok_or_else(|| {
                    PositionError::Fields(format!("game {}: '{h}' is not h=branches", gi + 1))
                })?;
                if body.is_empty() {
                    Vec::new()
                } else {
                    body.split('.')
                        .map(|b| b.parse::<u16>())
                        .collect::<Result<Vec<u16>, _>>()
                        .map_err(|_| {
                            PositionError::Fields(format!("game {}: history '{h}'", gi + 1))
                        })?
                }
            }
        };
        games.push(Game {
            pos,
            slots,
            history,
            weight,
        });
    }
    if games.is_empty() {
        return Err(PositionError::Fields("an ensemble needs a game".into()));
    }
    let (tm, fm) = (games[0].pos.to_move(), games[0].pos.fullmove());
    if games
        .iter()
        .any(|g| g.pos.to_move() != tm || g.pos.fullmove() != fm)
    {
        return Err(PositionError::Invalid(
            "every reality must have the same side to move and move number".into(),
        ));
    }
    let e = Ensemble::from_games(games, n0, owners);
    if e.games.len() > rules.max_games {
        return Err(PositionError::Invalid(format!(
            "{} games, more than max_games = {}",
            e.games.len(),
            rules.max_games
        )));
    }
    Ok(e)
}

// ---------------------------------------------------------------------------------------------
// Drawing

/// The virtual pieces on each tile: (player, kind) with the weight of the realities where such a
/// man stands there (a stack counts as a stack).
pub fn virtual_men(e: &Ensemble) -> BTreeMap<u32, BTreeMap<(u8, Kind), u128>> {
    let mut out: BTreeMap<u32, BTreeMap<(u8, Kind), u128>> = BTreeMap::new();
    for g in &e.games {
        for c in g.pos.occupied() {
            let pc = g.pos.piece_at(c).expect("occupied");
            let w = out
                .entry(c.0)
                .or_default()
                .entry((pc.player.0, pc.kind))
                .or_insert(0);
            *w = w.saturating_add(g.weight);
        }
    }
    out
}

/// The drawing: the eight levels as Goff draws them; a tile every reality fills with one man shows
/// his letter, a tile of virtual pieces shows each with its weight (`R5`, `p12`). Then the pieces in
/// superposition with their tiles and weights (each side's tiles from its own view).
pub fn draw(e: &Ensemble, to_move: Player, marks: &[(Cell, char)]) -> String {
    let total = e.realities();
    let vm = virtual_men(e);
    let token = |c: Cell| -> String {
        match vm.get(&c.0) {
            None => {
                if Tile::of(c).is_white() {
                    ".".into()
                } else {
                    ":".into()
                }
            }
            Some(m) => {
                if m.len() == 1 && *m.values().next().expect("one") == total {
                    let (&(p, k), _) = m.iter().next().expect("one");
                    letter(k, Player(p)).to_string()
                } else {
                    m.iter()
                        .map(|(&(p, k), w)| format!("{}{w}", letter(k, Player(p))))
                        .collect()
                }
            }
        }
    };
    let width = Position::board()
        .iter()
        .map(|c| token(c).len())
        .max()
        .unwrap_or(1);
    let panel_width = 2 + 8 * (width + 1) + 2;
    let per_row = (100 / panel_width).clamp(1, 4);
    let mut panels: Vec<Vec<String>> = Vec::new();
    for z in (0..8i8).rev() {
        let mut lines = vec![format!("level {}", LEVELS[z as usize])];
        for a in (0..8i8).rev() {
            let mut line = format!("{} ", a + 1);
            for b in 0..8i8 {
                let t = Tile::new(z, a, b);
                spacechess_variant::board::mark_before(&mut line, marks, t.cell());
                line.push_str(&format!("{:<width$}", token(t.cell())));
                if b < 7 {
                    line.push(' ');
                }
            }
            lines.push(line);
        }
        let mut foot = "  ".to_string();
        for b in 1..=8 {
            foot.push_str(&format!("{:<w$}", b, w = width + 1));
        }
        lines.push(foot.trim_end().to_string());
        panels.push(lines);
    }
    let mut out = String::new();
    for chunk in panels.chunks(per_row) {
        for r in 0..chunk[0].len() {
            let line: Vec<String> = chunk
                .iter()
                .map(|p| format!("{:<w$}", p[r], w = panel_width))
                .collect();
            out.push_str(line.concat().trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str(
        "rows: White's left distance, columns: White's right distance (White's view); a virtual \
         piece shows its weight\n",
    );
    let marg = e.marginals();
    for id in e.quantum_ids() {
        let owner = e.owners[id];
        let items: Vec<String> = marg[id]
            .iter()
            .map(|(s, w)| match s.cell() {
                Some(c) => format!("{} {}={w}", letter(s.kind, owner), cell_name(c, owner)),
                None => format!("tray={w}"),
            })
            .collect();
        out.push_str(&format!("{} #{id}: {}\n", side(owner.0), items.join(", ")));
    }
    out.push_str(&format!(
        "{} games, {} realities; {} to move",
        e.games.len(),
        total,
        side(to_move.0)
    ));
    if e.split {
        out.push_str(" (the ensemble no longer fits on one board)");
    }
    out.push('\n');
    out
}

/// Spans of a move as bits, for tests.
pub fn span_bits(sp: &Span) -> u32 {
    bits(sp.lo, sp.hi)
}
