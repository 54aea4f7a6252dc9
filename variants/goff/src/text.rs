//! Text: the n-dimensional position format, the book's notation for moves (`Q - KB3,4`) and
//! positions (`R @ K5,4`), and the drawing of the eight levels.

use crate::castling::CastleKind;
use crate::movegen;
use crate::position::{Castle, Kind, Move, Piece, Position};
use crate::tile::{Tile, LEVELS};
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::{MoveError, Player, PositionError};

fn token(pc: Piece) -> char {
    let l = pc.kind.letter();
    if pc.player.0 == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The board field of the n-dimensional position format (docs/formats.md): levels from the top
/// (KR) down separated by `//`, within a level rows of decreasing left distance `a` separated by
/// `/`, each row along the right distance `b` from 1 to 8; men by letter (upper case White), runs
/// of empty tiles by a number.
pub fn board_text(pos: &Position) -> String {
    let mut out = String::new();
    for z in (0..8).rev() {
        if z < 7 {
            out.push_str("//");
        }
        for a in (0..8).rev() {
            if a < 7 {
                out.push('/');
            }
            let mut empty = 0;
            for b in 0..8 {
                match pos.piece_at(Tile::new(z, a, b).cell()) {
                    Some(pc) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(token(pc));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
    }
    out
}

/// The generic name of a tile in the n-dimensional format: level letter A (QR) to H (KR), file
/// letter a..h for the right distance, rank 1..8 for the left distance (`Ea1` is White's K1,1).
pub fn generic_name(c: Cell) -> String {
    let t = Tile::of(c);
    format!(
        "{}{}{}",
        (b'A' + t.z as u8) as char,
        (b'a' + t.b as u8) as char,
        t.a + 1
    )
}

/// The tile a name names: the book's name from `player`'s view (`KB3,4`) or a generic name
/// (`Ea1`), letters in either case; None if the text names no tile.
pub fn parse_tile(text: &str, player: Player) -> Option<Cell> {
    let t = text.trim();
    parse_generic_any_case(t).or_else(|| Tile::parse_book(t, player).ok().map(|x| x.cell()))
}

/// A generic tile name in a move text: as [`parse_generic`], letters in either case (`eb2`).
fn parse_generic_any_case(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() != 3 {
        return None;
    }
    parse_generic(&format!(
        "{}{}{}",
        b[0].to_ascii_uppercase() as char,
        b[1].to_ascii_lowercase() as char,
        b[2] as char
    ))
}

fn parse_generic(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() != 3 || !(b'A'..=b'H').contains(&b[0]) || !(b'a'..=b'h').contains(&b[1]) {
        return None;
    }
    if !(b'1'..=b'8').contains(&b[2]) {
        return None;
    }
    Some(
        Tile::new(
            (b[0] - b'A') as i8,
            (b[2] - b'1') as i8,
            (b[1] - b'a') as i8,
        )
        .cell(),
    )
}

/// The position text: `board to-move unmoved en-passant half-moves move-number`. The unmoved field
/// is `*` when exactly the men still on their starting tiles are unmoved, `-` for none, or a list of
/// generic tile names; en passant is always `-` in part 1.
pub fn position_text(pos: &Position) -> String {
    let start = Position::start();
    let default: CellSet<8> = pos
        .occupied()
        .iter()
        .filter(|&c| start.piece_at(c) == pos.piece_at(c))
        .collect();
    let unmoved = if pos.unmoved == default {
        "*".to_string()
    } else if pos.unmoved.is_empty() {
        "-".to_string()
    } else {
        pos.unmoved
            .iter()
            .map(generic_name)
            .collect::<Vec<_>>()
            .join(",")
    };
    let ep = match pos.ep {
        Some((o, d)) => format!("{}:{}", generic_name(o), generic_name(d)),
        None => "-".to_string(),
    };
    format!(
        "{} {} {unmoved} {ep} {} {}",
        board_text(pos),
        if pos.to_move.0 == 0 { "w" } else { "b" },
        pos.halfmove,
        pos.fullmove
    )
}

fn parse_board(s: &str, pos: &mut Position) -> Result<(), PositionError> {
    let levels: Vec<&str> = s.split("//").collect();
    if levels.len() != 8 {
        return Err(PositionError::Board(format!(
            "{} levels separated by '//' where the board has 8",
            levels.len()
        )));
    }
    for (li, level) in levels.iter().enumerate() {
        let z = 7 - li as i8;
        let rows: Vec<&str> = level.split('/').collect();
        if rows.len() != 8 {
            return Err(PositionError::Board(format!(
                "level {} has {} rows separated by '/', not 8",
                LEVELS[z as usize],
                rows.len()
            )));
        }
        for (ri, row) in rows.iter().enumerate() {
            let a = 7 - ri as i8;
            let mut b = 0i8;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut n = ch.to_digit(10).unwrap_or(0);
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d);
                        chars.next();
                    }
                    if n == 0 {
                        return Err(PositionError::Board("an empty run of 0 tiles".into()));
                    }
                    b = b.saturating_add(n.min(100) as i8);
                } else if let Some(kind) = Kind::from_letter(ch) {
                    if b >= 8 {
                        b = 9;
                        break;
                    }
                    let player = Player(if ch.is_ascii_uppercase() { 0 } else { 1 });
                    pos.put(Tile::new(z, a, b).cell(), Piece { player, kind });
                    b += 1;
                } else {
                    return Err(PositionError::Board(format!(
                        "unexpected character '{ch}' (men are K Q R B D N S P, upper case White)"
                    )));
                }
            }
            if b != 8 {
                return Err(PositionError::Board(format!(
                    "the row of level {} at left distance {} does not have 8 tiles",
                    LEVELS[z as usize],
                    a + 1
                )));
            }
        }
    }
    Ok(())
}

/// Reads the n-dimensional position text (1 to 6 fields) or the book's listing (see
/// [`parse_listing`]) and validates it.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    if text.contains('@') {
        return parse_listing(text);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        return Err(PositionError::Fields(format!(
            "expected 1 to 6 fields (board, to move, unmoved, en passant, half-moves, move number), found {}",
            fields.len()
        )));
    }
    let mut pos = Position::empty();
    parse_board(fields[0], &mut pos)?;
    pos.to_move = match fields.get(1).copied().unwrap_or("w") {
        "w" | "1" => Player(0),
        "b" | "2" => Player(1),
        s => return Err(PositionError::ToMove(format!("'{s}': expected 'w' or 'b'"))),
    };
    pos.unmoved = match fields.get(2).copied().unwrap_or("*") {
        "*" => {
            let start = Position::start();
            pos.occupied()
                .iter()
                .filter(|&c| start.piece_at(c) == pos.piece_at(c))
                .collect()
        }
        "-" => CellSet::EMPTY,
        list => {
            let mut s = CellSet::EMPTY;
            for name in list.split(',') {
                let c = parse_generic(name).ok_or_else(|| {
                    PositionError::Cell(format!(
                        "'{name}' in the unmoved field (expected a name like Ea1)"
                    ))
                })?;
                if !pos.occupied().contains(c) {
                    return Err(PositionError::Invalid(format!(
                        "unmoved man on {name}, which is empty"
                    )));
                }
                s.insert(c);
            }
            s
        }
    };
    match fields.get(3).copied().unwrap_or("-") {
        "-" => {}
        s => {
            let bad = |why: &str| {
                PositionError::Fields(format!(
                    "en passant '{s}': {why} (write '-' or origin:destination of the double \
                     advance just made, as generic tile names like Eb2:Ed4)"
                ))
            };
            let (o, d) = s.split_once(':').ok_or_else(|| bad("no ':'"))?;
            let (o, d) = (
                parse_generic(o).ok_or_else(|| bad("bad origin tile"))?,
                parse_generic(d).ok_or_else(|| bad("bad destination tile"))?,
            );
            let x = Player(1 - pos.to_move.0);
            if pos.piece_at(d)
                != Some(Piece {
                    player: x,
                    kind: Kind::Pawn,
                })
            {
                return Err(bad(
                    "no pawn of the side that just moved on the destination",
                ));
            }
            if !crate::pawn::is_start_tile(x, o) || pos.occupied().contains(o) {
                return Err(bad("the origin is not that side's empty pawn start tile"));
            }
            pos.ep = Some((o, d));
        }
    }
    (pos.halfmove, pos.fullmove) = spacechess_variant::parse_clocks(&fields, 4)?;
    validate(&pos)?;
    Ok(pos)
}

/// Checks that a position can occur: at most one king per side, and the side not to move not in
/// check. (A side without a king is allowed, for studies of single pieces: it can never be in
/// check.)
pub fn validate(pos: &Position) -> Result<(), PositionError> {
    for p in [Player(0), Player(1)] {
        let n = (pos.of_kind(Kind::King) & pos.of_player(p)).len();
        if n > 1 {
            return Err(PositionError::Invalid(format!(
                "{} has {n} kings; at most one is allowed",
                side(p)
            )));
        }
    }
    let other = Player(1 - pos.to_move.0);
    if movegen::in_check(pos, other) {
        return Err(PositionError::Invalid(format!(
            "{} is in check but it is {}'s turn",
            side(other),
            side(pos.to_move)
        )));
    }
    Ok(())
}

fn side(p: Player) -> &'static str {
    if p.0 == 0 {
        "White"
    } else {
        "Black"
    }
}

/// The book's listing of a position: `WHITE: R @ K5,4; K @ Q8,3` and `BLACK: K @ Q2,3` on two
/// lines, each side's tiles from its own perspective, then `White to move` or `Black to move`.
pub fn listing(pos: &Position) -> String {
    let mut out = String::new();
    for p in [Player(0), Player(1)] {
        let mut men: Vec<(Kind, Tile)> = pos
            .of_player(p)
            .iter()
            .map(|c| (pos.piece_at(c).expect("man").kind, Tile::of(c)))
            .collect();
        men.sort();
        let items: Vec<String> = men
            .iter()
            .map(|(k, t)| format!("{} @ {}", k.letter(), t.book_name(p)))
            .collect();
        out.push_str(&format!(
            "{}: {}\n",
            side(p).to_ascii_uppercase(),
            items.join("; ")
        ));
    }
    out.push_str(&format!("{} to move\n", side(pos.to_move)));
    out
}

/// Reads a listing as written by [`listing`]: lines or `|`-separated parts `WHITE: X @ tile; ...`,
/// `BLACK: ...` (tiles from that side's perspective) and optionally `Black to move` (White moves
/// by default). All men are taken as moved.
pub fn parse_listing(text: &str) -> Result<Position, PositionError> {
    let mut pos = Position::empty();
    for part in text
        .split(['\n', '|'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let lower = part.to_ascii_lowercase();
        if lower.ends_with("to move") {
            pos.to_move = match lower.split_whitespace().next() {
                Some("white") => Player(0),
                Some("black") => Player(1),
                _ => {
                    return Err(PositionError::ToMove(format!(
                        "'{part}': expected 'White to move' or 'Black to move'"
                    )))
                }
            };
            continue;
        }
        let (who, men) = part.split_once(':').ok_or_else(|| {
            PositionError::Fields(format!(
                "'{part}': expected 'WHITE: R @ K5,4; ...' or 'BLACK: ...'"
            ))
        })?;
        let player = match who.trim().to_ascii_lowercase().as_str() {
            "white" => Player(0),
            "black" => Player(1),
            w => {
                return Err(PositionError::Fields(format!(
                    "'{w}' is not WHITE or BLACK"
                )))
            }
        };
        for item in men.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, t) = item.split_once('@').ok_or_else(|| {
                PositionError::Board(format!("'{item}': expected a man as in R @ K5,4"))
            })?;
            let kind = Kind::parse(k).ok_or_else(|| {
                PositionError::Board(format!(
                    "'{}' is not a piece letter (K Q R B D N S P)",
                    k.trim()
                ))
            })?;
            let tile = Tile::parse_book(t, player).map_err(PositionError::Cell)?;
            let c = tile.cell();
            if pos.occupied().contains(c) {
                return Err(PositionError::Board(format!(
                    "two men on {}",
                    tile.book_name(player)
                )));
            }
            pos.put(c, Piece { player, kind });
        }
    }
    validate(&pos)?;
    Ok(pos)
}

/// The book's text of a legal move, from the mover's perspective: `N - KB3,3`, `R x K6,5` for a
/// capture, with the source in parentheses when another man of the same kind could go there
/// (`R(KB3,1) - KB3,3`), and ` ch` when it gives check.
pub fn move_text(pos: &Position, m: &Move) -> String {
    let pc = pos.piece_at(m.from).expect("a man on the source");
    let me = pc.player;
    let mut legal = Vec::new();
    movegen::legal_moves(pos, &mut legal);
    let ambiguous = legal.iter().any(|o| {
        o.to == m.to
            && o.from != m.from
            && o.part == m.part
            && o.fission == m.fission
            && pos.piece_at(o.from) == Some(pc)
    });
    let origin = if ambiguous {
        format!("({})", Tile::of(m.from).book_name(me))
    } else {
        String::new()
    };
    let promo = match m.promote {
        Some(k) => format!("={}", k.letter()),
        None => String::new(),
    };
    let friendly = pos.of_player(me).contains(m.to);
    let sep = if pos.of_player(Player(1 - me.0)).contains(m.to) {
        "x"
    } else {
        "-"
    };
    let check = if movegen::in_check(&pos.after(m), Player(1 - me.0)) {
        " ch"
    } else {
        ""
    };
    let dest = Tile::of(m.to).book_name(me);
    let other = |k: Kind| if k == Kind::Bishop { 'D' } else { 'B' };
    if let Some(c) = m.castle {
        return format!("{}{check}", castle_text(me, m.from, m.to, &c));
    }
    if let Some(y) = m.fission {
        // 03 §2.6: `S f B@X, D@Y`, a capture written `BxX` and listed first.
        let enemy = pos.of_player(Player(1 - me.0));
        let part = |k: char, c: Cell| {
            let sep = if enemy.contains(c) { 'x' } else { '@' };
            format!("{k}{sep}{}", Tile::of(c).book_name(me))
        };
        let (b, d) = (part('B', m.to), part('D', y));
        let (first, second) = if enemy.contains(y) && !enemy.contains(m.to) {
            (d, b)
        } else {
            (b, d)
        };
        return format!("S{origin} f {first}, {second}{check}");
    }
    match (pc.kind, m.part) {
        // 04 §3: `P x KB6,6 e.p.`
        (Kind::Pawn, Some(Kind::Pawn)) => format!("P{origin} x {dest} e.p.{check}"),
        // 03 §2.6: teleport `D t QR8,8`, decay `SD - KN5,1`.
        (Kind::Stack, Some(k)) if friendly => {
            format!("{}{origin} t {dest}{check}", k.letter())
        }
        (Kind::Stack, Some(k)) => format!("S{}{origin} {sep} {dest}{check}", k.letter()),
        // 03 §2.6: recombination `B r D@Q8,6`.
        (Kind::Bishop | Kind::Duke, _) if friendly => format!(
            "{}{origin} r {}@{dest}{check}",
            pc.kind.letter(),
            other(pc.kind)
        ),
        _ => format!("{}{origin} {sep} {dest}{promo}{check}", pc.kind.letter()),
    }
}

/// A rook tile of a castle as the notation writes it: the book's `n,m` without the level.
fn rook_digits(me: Player, c: Cell) -> String {
    let name = Tile::of(c).book_name(me);
    name.trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
        .to_string()
}

/// A castle in the book's notation (04 §5.7): `CK1,2`, `CQ1,1`; a royal castle `CL2,1;` (king rook),
/// `CL;4,1` (queen rook) or `CL2,1;4,1` (both), `CR...` in the other back plane. The `;` form of a
/// single royal castle is the digest's extension (04 A17): the book's `CL2,1` does not say which
/// rook moves.
pub fn castle_text(me: Player, from: Cell, to: Cell, c: &Castle) -> String {
    let kind = CastleKind::of(from, to);
    let kr = c.king_rook.map(|r| rook_digits(me, r)).unwrap_or_default();
    let qr = c.queen_rook.map(|r| rook_digits(me, r)).unwrap_or_default();
    match kind {
        CastleKind::KingSide => format!("CK{kr}"),
        CastleKind::QueenSide => format!("CQ{qr}"),
        _ => format!("C{}{kr};{qr}", kind.letter()),
    }
}

/// The castle syntax, for error messages.
const CASTLE_FORMS: &str = "a castle: CK or CQ and the rook's tile (CK1,1, CK1,2, CQ2,1), or CL / \
CR and the king rook's and queen rook's tiles around ';' (CL2,1;4,1, CL2,1;, CL;2,1, CR1,2;1,4), or \
the old form C-KN1,1,KB1,1 (king's tile, rook's tile)";

/// Reads a castle (the text after the `C`, spaces removed, annotations stripped).
fn parse_castle(pos: &Position, legal: &[Move], text: &str, rest: &str) -> Result<Move, MoveError> {
    let me = pos.to_move();
    let malformed = |why: String| MoveError::Malformed {
        text: text.to_string(),
        expected: if why.is_empty() {
            CASTLE_FORMS.to_string()
        } else {
            format!("{why}; {CASTLE_FORMS}")
        },
    };
    let castles: Vec<&Move> = legal.iter().filter(|m| m.castle.is_some()).collect();
    let (home, _, _) = crate::castling::home_tiles(me);
    // The old form: `C-KN1,1,KB1,1` = the king's tile and the rook's tile.
    let (king_to, wanted): (Option<Cell>, Vec<Cell>) = if let Some(r) = rest.strip_prefix('-') {
        let cut = r
            .char_indices()
            .find(|&(i, ch)| ch == ',' && r[i + 1..].starts_with(|x: char| x.is_ascii_alphabetic()))
            .map(|(i, _)| i)
            .ok_or_else(|| malformed("the old form names two tiles".into()))?;
        let k = Tile::parse_book(&r[..cut], me).map_err(malformed)?;
        let rk = Tile::parse_book(&r[cut + 1..], me).map_err(malformed)?;
        (Some(k.cell()), vec![rk.cell()])
    } else {
        let mut chars = rest.chars();
        let letter = chars.next().map(|c| c.to_ascii_uppercase());
        let kind = match letter {
            Some('K') => CastleKind::KingSide,
            Some('Q') => CastleKind::QueenSide,
            Some('L') => CastleKind::RoyalB,
            Some('R') => CastleKind::RoyalA,
            _ => return Err(malformed("C must be followed by K, Q, L or R".into())),
        };
        let digits: String = chars.collect();
        let rook = |d: &str, level: usize| -> Result<Option<Cell>, MoveError> {
            if d.is_empty() {
                return Ok(None);
            }
            Tile::parse_book(&format!("{}{d}", LEVELS[level]), me)
                .map(|t| Some(t.cell()))
                .map_err(|e| malformed(format!("the rook's tile '{d}': {e}")))
        };
        let king_to = legal_king_to(me, home, kind);
        match kind {
            CastleKind::KingSide | CastleKind::QueenSide => {
                if digits.contains(';') {
                    return Err(malformed("a vertical castle moves one rook: no ';'".into()));
                }
                let level = if kind == CastleKind::KingSide { 5 } else { 3 };
                let r = rook(&digits, level)?
                    .ok_or_else(|| malformed("the rook's tile is missing".into()))?;
                let c = if kind == CastleKind::KingSide {
                    Castle {
                        king_rook: Some(r),
                        queen_rook: None,
                    }
                } else {
                    Castle {
                        king_rook: None,
                        queen_rook: Some(r),
                    }
                };
                return pick_castle(pos, &castles, text, king_to, c);
            }
            _ => {
                if let Some((k, q)) = digits.split_once(';') {
                    let c = Castle {
                        king_rook: rook(k, 3)?,
                        queen_rook: rook(q, 5)?,
                    };
                    if c.king_rook.is_none() && c.queen_rook.is_none() {
                        return Err(malformed("no rook's tile given".into()));
                    }
                    return pick_castle(pos, &castles, text, king_to, c);
                }
                // `CL2,1`: either rook alone, if only one can.
                let kr = rook(&digits, 3)?
                    .ok_or_else(|| malformed("the rook's tile is missing".into()))?;
                let qr = rook(&digits, 5)?.expect("same digits");
                (Some(king_to), vec![kr, qr])
            }
        }
    };
    let found: Vec<&Move> = castles
        .iter()
        .copied()
        .filter(|m| king_to.is_none_or(|k| k == m.to))
        .filter(|m| {
            let c = m.castle.expect("a castle");
            let rooks: Vec<Cell> = [c.king_rook, c.queen_rook].into_iter().flatten().collect();
            rooks.len() == 1 && wanted.contains(&rooks[0])
        })
        .collect();
    match found.len() {
        1 => Ok(*found[0]),
        0 => {
            // Say why, for the reading that gets furthest: each named tile for either rook.
            let k = king_to.unwrap_or(home);
            let reasons: Vec<String> = wanted
                .iter()
                .flat_map(|&w| {
                    [
                        Castle {
                            king_rook: Some(w),
                            queen_rook: None,
                        },
                        Castle {
                            king_rook: None,
                            queen_rook: Some(w),
                        },
                    ]
                })
                .filter_map(|c| crate::castling::why_not(pos, k, &c))
                .collect();
            let reason = reasons
                .iter()
                .find(|r| !r.contains("cannot land") && !r.contains("no part"))
                .or(reasons.first())
                .cloned()
                .unwrap_or_else(|| "the king would be in check after the castle".into());
            Err(MoveError::Illegal {
                text: text.to_string(),
                reason,
            })
        }
        _ => {
            Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                "ambiguous: either rook can castle there; write {} (king rook) or {} (queen rook)",
                castle_text(me, found[0].from, found[0].to, &found[0].castle.expect("castle")),
                castle_text(me, found[1].from, found[1].to, &found[1].castle.expect("castle")),
            ),
            })
        }
    }
}

/// The king's destination of a castle kind.
fn legal_king_to(me: Player, home: Cell, kind: CastleKind) -> Cell {
    let h = Tile::of(home);
    let s: i8 = if me.0 == 0 { 1 } else { -1 };
    let t = match kind {
        CastleKind::KingSide => Tile::new(6, h.a, h.b),
        CastleKind::QueenSide => Tile::new(2, h.a, h.b),
        CastleKind::RoyalB => Tile::new(4, h.a + 2 * s, h.b),
        CastleKind::RoyalA => Tile::new(4, h.a, h.b + 2 * s),
    };
    t.cell()
}

/// The legal castle with this king destination and these rooks, or an error saying why not.
fn pick_castle(
    pos: &Position,
    castles: &[&Move],
    text: &str,
    king_to: Cell,
    c: Castle,
) -> Result<Move, MoveError> {
    if let Some(m) = castles
        .iter()
        .find(|m| m.to == king_to && m.castle == Some(c))
    {
        return Ok(**m);
    }
    let reason = crate::castling::why_not(pos, king_to, &c)
        .unwrap_or_else(|| "the king would be in check after the castle".to_string());
    Err(MoveError::Illegal {
        text: text.to_string(),
        reason,
    })
}

/// `t` without the suffix `suffix`, compared regardless of ASCII case.
fn strip_suffix_any_case<'a>(t: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = t.len().checked_sub(suffix.len())?;
    (t.is_char_boundary(cut) && t[cut..].eq_ignore_ascii_case(suffix)).then(|| &t[..cut])
}

/// What may stand between a move's man (or from-tile) and its destination; it may be left out.
const MOVE_SEPARATORS: [char; 4] = ['-', 'x', 'X', ':'];

/// Reads a move in the book's notation (`P - K4,4`, `P–K4,4`, `NxKB3,3`, `R(KB3,1) - KB3,3`,
/// annotations `ch ! ?` ignored) or as two generic tile names (`Ea2-Ea4`). It must be legal.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let me = pos.to_move();
    let mut legal = Vec::new();
    movegen::legal_moves(pos, &mut legal);
    if legal.is_empty() {
        return Err(MoveError::GameOver(
            "the side to move has no legal move".into(),
        ));
    }
    let malformed = || MoveError::Malformed {
        text: text.to_string(),
        expected: "the book's notation: the man's letter, '-' or 'x' (which may be left \
                   out), the tile from the mover's side, as in N - KB3,3, Q x K4,4 or \
                   R(KB3,1) - KB3,3; or two generic tile names as in Eb2-Ed4"
            .into(),
    };
    let mut t: String = text
        .trim()
        .replace(['–', '—'], "-")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    while let Some(s) = ["ch", "+", "#", "!", "?"]
        .iter()
        .find_map(|suffix| strip_suffix_any_case(&t, suffix))
    {
        t = s.to_string();
    }
    // En passant suffix.
    let mut ep = false;
    for suffix in ["e.p.", "ep", "e.p"] {
        if let Some(h) = strip_suffix_any_case(&t, suffix) {
            t = h.to_string();
            ep = true;
            break;
        }
    }
    // A promotion suffix `=Q` (or a trailing `Q` after the tile, as in `Ga7-Ga8Q`).
    let mut promote = None;
    if let Some((head, k)) = t.rsplit_once('=') {
        let k = Kind::parse(k).ok_or_else(|| MoveError::Malformed {
            text: text.to_string(),
            expected: "a promotion piece after '=': Q, R, B, D, S or N".into(),
        })?;
        promote = Some(k);
        t = head.to_string();
    }
    // Two generic names, joined by '-', 'x', ':' or nothing (docs/formats.md, "Move text").
    let generic = t.char_indices().skip(1).find_map(|(i, _)| {
        let (a, b) = t.split_at(i);
        let b = b.strip_prefix(MOVE_SEPARATORS).unwrap_or(b);
        Some((parse_generic_any_case(a)?, parse_generic_any_case(b)?))
    });
    if let Some((from, to)) = generic {
        return find(pos, &legal, text, Some(from), to, None, promote, None);
    }
    // A castle (04 §5.7; after the generic names, which may start with C): `CK1,2`, `CL2,1;4,1`, `C-KN1,1,KB1,1`.
    if let Some(rest) = t.strip_prefix(['C', 'c']) {
        if promote.is_some() || ep {
            return Err(MoveError::Malformed {
                text: text.to_string(),
                expected: format!("no promotion or e.p. suffix after {CASTLE_FORMS}"),
            });
        }
        return parse_castle(pos, &legal, text, rest);
    }
    let mut chars = t.chars();
    let mut kind = chars
        .next()
        .and_then(Kind::from_letter)
        .ok_or_else(malformed)?;
    let mut rest: String = chars.collect();
    // The stack's sub-piece (`SB - T`, `SD x T`) or a teleport (`D t T`); a combination
    // (`B r D@T`, `B cr D@T`).
    let mut part: Option<Option<Kind>> = None;
    if kind == Kind::Pawn {
        part = Some(if ep { Some(Kind::Pawn) } else { None });
    }
    if kind == Kind::Stack {
        // fission: `S f B@X, D@Y` (either order, `x` for a capture, `&` or `,` between)
        let after_origin = rest.split_once(')').map_or(rest.as_str(), |x| x.1);
        if let Some(r) = after_origin.strip_prefix(['f', 'F']) {
            let origin = match rest.strip_prefix('(').and_then(|x| x.split_once(')')) {
                Some((o, _)) => Some(
                    Tile::parse_book(o, me)
                        .map_err(|e| MoveError::Malformed {
                            text: text.to_string(),
                            expected: e,
                        })?
                        .cell(),
                ),
                None => None,
            };
            let mut bx = None;
            let mut dy = None;
            let r = r.replace('&', ",");
            let cut = r
                .char_indices()
                .find(|&(i, c)| c == ',' && r[i + 1..].starts_with(['B', 'D', 'b', 'd']))
                .map(|(i, _)| i)
                .ok_or_else(malformed)?;
            for piece in [&r[..cut], &r[cut + 1..]] {
                let mut cs = piece.chars();
                let k = cs.next().and_then(Kind::from_letter);
                let tile_text: String = cs.collect();
                let tile_text = tile_text.trim_start_matches(['@', 'x', 'X', '-', ':']);
                let c = Tile::parse_book(tile_text, me)
                    .map_err(|e| MoveError::Malformed {
                        text: text.to_string(),
                        expected: e,
                    })?
                    .cell();
                match k {
                    Some(Kind::Bishop) => bx = Some(c),
                    Some(Kind::Duke) => dy = Some(c),
                    _ => return Err(malformed()),
                }
            }
            let (Some(x), Some(y)) = (bx, dy) else {
                return Err(MoveError::Malformed {
                    text: text.to_string(),
                    expected: "a fission names both parts: S f B@tile, D@tile".into(),
                });
            };
            let found: Vec<&Move> = legal
                .iter()
                .filter(|m| m.to == x && m.fission == Some(y))
                .filter(|m| origin.is_none_or(|o| o == m.from))
                .collect();
            return match found.len() {
                1 => Ok(*found[0]),
                0 => Err(MoveError::Illegal {
                    text: text.to_string(),
                    reason: "no stack can fission to these two tiles (the bishop's and the \
                             duke's regions must be clear, conjoined by an empty overlap tile)"
                        .into(),
                }),
                _ => Err(MoveError::Illegal {
                    text: text.to_string(),
                    reason: "ambiguous: two stacks can make this fission; name the source as \
                             in S(QB1,1) f ..."
                        .into(),
                }),
            };
        }
        part = Some(None);
        if let Some(r) = rest.strip_prefix(['B', 'D', 'b', 'd']) {
            part = Some(Kind::from_letter(rest.chars().next().unwrap_or('?')));
            rest = r.to_string();
        }
    } else if matches!(kind, Kind::Bishop | Kind::Duke) {
        let after_origin = rest.split_once(')').map_or(rest.as_str(), |x| x.1);
        if let Some(r) = after_origin.strip_prefix(['t', 'T']) {
            // teleport: the stack emits this kind onto a friendly lone piece
            let head = &rest[..rest.len() - after_origin.len()];
            part = Some(Some(kind));
            kind = Kind::Stack;
            rest = format!("{head}-{r}");
        } else if let Some(r) = after_origin
            .strip_prefix(['c', 'C'])
            .and_then(|r| r.strip_prefix(['r', 'R']))
            .or_else(|| after_origin.strip_prefix(['r', 'R']))
        {
            let head = &rest[..rest.len() - after_origin.len()];
            let r = r.split_once('@').map_or(r, |x| x.1);
            part = Some(None);
            rest = format!("{head}-{r}");
        }
        // Otherwise a plain `D - T` may also be a stack's decay, as the book writes it (04 §6.2
        // "3 D - QN5,5").
    }
    let (origin, rest) = if let Some(r) = rest.strip_prefix('(') {
        let (o, r) = r.split_once(')').ok_or_else(malformed)?;
        let o = Tile::parse_book(o, me).map_err(|e| MoveError::Malformed {
            text: text.to_string(),
            expected: e,
        })?;
        (Some(o.cell()), r.to_string())
    } else {
        (None, rest)
    };
    // One separator, or none (docs/formats.md, "Move text"); the book's dash may be typed `--`.
    let dest = match rest.strip_prefix(['x', 'X', ':']) {
        Some(d) => d,
        None => rest.trim_start_matches('-'),
    };
    let dest = dest.strip_prefix('[').unwrap_or(dest);
    let dest = dest.strip_suffix(']').unwrap_or(dest);
    if dest.is_empty() {
        return Err(malformed());
    }
    let to = Tile::parse_book(dest, me)
        .map_err(|e| MoveError::Malformed {
            text: text.to_string(),
            expected: e,
        })?
        .cell();
    find(pos, &legal, text, origin, to, Some(kind), promote, part)
}

#[allow(clippy::too_many_arguments)]
fn find(
    pos: &Position,
    legal: &[Move],
    text: &str,
    from: Option<Cell>,
    to: Cell,
    kind: Option<Kind>,
    promote: Option<Kind>,
    part: Option<Option<Kind>>,
) -> Result<Move, MoveError> {
    let me = pos.to_move();
    let fits = |m: &Move| {
        m.to == to
            && m.fission.is_none()
            && m.castle.is_none()
            && part.is_none_or(|p| p == m.part)
            && from.is_none_or(|f| f == m.from)
            && kind.is_none_or(|k| {
                let mover = pos.piece_at(m.from).map(|p| p.kind);
                mover == Some(k)
                    || (part.is_none() && mover == Some(Kind::Stack) && m.part == Some(k))
            })
    };
    let mut found: Vec<&Move> = legal.iter().filter(|m| fits(m)).collect();
    // A letter names a stack's part only where no man of that kind can go: `B - K1,5` is the
    // bishop's move even when a stack's bishop could decay there too (as move_text writes it).
    let kind_of = |m: &Move| pos.piece_at(m.from).map(|p| p.kind);
    if kind.is_some() && found.iter().any(|m| kind_of(m) == kind) {
        found.retain(|m| kind_of(m) == kind);
    }
    if found.iter().any(|m| m.promote.is_some()) || promote.is_some() {
        let chosen: Vec<&Move> = found
            .iter()
            .copied()
            .filter(|m| m.promote == promote)
            .collect();
        if chosen.len() == 1 {
            return Ok(*chosen[0]);
        }
        if !found.is_empty() && chosen.is_empty() {
            let choices: Vec<String> = found
                .iter()
                .filter_map(|m| m.promote.map(|k| k.letter().to_string()))
                .collect();
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: if choices.is_empty() {
                    "this move is not a promotion; drop the '=' suffix".into()
                } else {
                    format!(
                        "a pawn reaching a promotion tile must promote: add ={} (one of {})",
                        choices[0],
                        choices.join(" ")
                    )
                },
            });
        }
    }
    match found.len() {
        1 => Ok(*found[0]),
        0 => {
            let what = kind.map_or("man".to_string(), |k| k.name().to_string());
            let dest = Tile::of(to).book_name(me);
            let castle = legal
                .iter()
                .find(|m| m.to == to && m.castle.is_some() && kind.is_none_or(|k| k == Kind::King));
            let reason = if let Some(c) = castle {
                format!(
                    "a king's move of two is a castle, written as in {} (04 §5.7)",
                    castle_text(me, c.from, c.to, &c.castle.expect("a castle"))
                )
            } else if let Some(f) = from {
                match pos.piece_at(f) {
                    None => format!("there is no man on {}", Tile::of(f).book_name(me)),
                    Some(p) if p.player != me => {
                        format!("the man on {} is not {}'s", Tile::of(f).book_name(me), side(me))
                    }
                    Some(p) if {
                        // every pseudo-legal move, e.p. and castles included
                        let mut v = Vec::new();
                        movegen::pseudo_moves(pos, p, f, &mut v);
                        v.iter().any(|m| m.to == to)
                    } =>
                    {
                        "it would leave the king in check".to_string()
                    }
                    Some(p) => format!(
                        "the {} on {} cannot reach {dest}: every advancement square or rectangle to it is blocked, or it is not on the {}'s path",
                        p.kind.name(),
                        Tile::of(f).book_name(me),
                        p.kind.name()
                    ),
                }
            } else if kind == Some(Kind::Stack) && part == Some(None) {
                format!("no stack of {} can move as a stack to {dest} (a stack moves only to overlap tiles; write SB or SD for a decay)", side(me))
            } else {
                format!("no {what} of {} can move to {dest}", side(me))
            };
            Err(MoveError::Illegal {
                text: text.to_string(),
                reason,
            })
        }
        _ => Err(MoveError::Illegal {
            text: text.to_string(),
            reason: format!(
                "ambiguous: several men can go there; name the source as in {}({}) - {}",
                kind.map_or('?', |k| k.letter()),
                Tile::of(found[0].from).book_name(me),
                Tile::of(to).book_name(me)
            ),
        }),
    }
}

/// The drawing: the eight levels, top (KR) to bottom (QR), four side by side. Each level is an
/// 8x8 grid in White's coordinates: rows are the left distance (8 at the top, 1 at the bottom),
/// columns the right distance (1 to 8); White's home column is 1,1, Black's 8,8. Men are letters,
/// upper case White; empty white tiles are `.`, empty black tiles `:`.
pub fn draw(pos: &Position) -> String {
    draw_marked(pos, &[])
}

/// [`draw`] with `marks` before their tiles' men (see `Variant::draw_marked`).
pub fn draw_marked(pos: &Position, marks: &[(Cell, char)]) -> String {
    let mut panels: Vec<Vec<String>> = Vec::new();
    for z in (0..8i8).rev() {
        let mut lines = vec![format!("level {}", LEVELS[z as usize])];
        for a in (0..8i8).rev() {
            let mut line = format!("{} ", a + 1);
            for b in 0..8i8 {
                let t = Tile::new(z, a, b);
                spacechess_variant::board::mark_before(&mut line, marks, t.cell());
                let ch = match pos.piece_at(t.cell()) {
                    Some(pc) => token(pc),
                    None if t.is_white() => '.',
                    None => ':',
                };
                line.push(ch);
                if b < 7 {
                    line.push(' ');
                }
            }
            lines.push(line);
        }
        lines.push("  1 2 3 4 5 6 7 8".to_string());
        panels.push(lines);
    }
    let mut out = String::new();
    for chunk in panels.chunks(4) {
        for r in 0..chunk[0].len() {
            let line: Vec<String> = chunk.iter().map(|p| format!("{:<20}", p[r])).collect();
            out.push_str(line.concat().trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str(
        "rows: White's left distance, columns: White's right distance (White's view; Black's \
         numbers are 9 minus these)\n",
    );
    out.push_str(&format!("{} to move", side(pos.to_move)));
    if movegen::in_check(pos, pos.to_move) {
        out.push_str(" (in check)");
    }
    out.push('\n');
    out
}
