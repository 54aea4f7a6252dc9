//! The n-dimensional position text (docs/formats.md), move text and drawings of the engine.

use super::build::Engine;
use super::position::{EnPassant, Move, MoveKind, Piece, Position};
use super::rules::Goal;
use spacechess_geometry::{Cell, CellSet, Vector};
use spacechess_variant::Player;
use spacechess_variant::{MoveError, PositionError};

/// The token of a man: its letter, upper case for player 1, lower case for player 2; players 3
/// and 4 add an apostrophe (`K'` player 3, `k'` player 4).
pub(crate) fn piece_token<const W: usize>(e: &Engine<W>, pc: Piece) -> String {
    let l = e.kinds[pc.kind as usize].letter;
    let ch = if pc.player.0.is_multiple_of(2) {
        l
    } else {
        l.to_ascii_lowercase()
    };
    if pc.player.0 >= 2 {
        format!("{ch}'")
    } else {
        ch.to_string()
    }
}

/// The board field: rows along axis 0, `/` between rows, `//` between levels, `/` x k between
/// hyperplanes of axis k; highest coordinates first on every axis but axis 0.
pub(crate) fn board_text<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> String {
    let n = e.shape.ndim();
    let mut out = String::new();
    let mut coords = vec![0i8; n];
    write_block(e, pos, n - 1, &mut coords, &mut out);
    out
}

fn write_block<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
    axis: usize,
    coords: &mut Vec<i8>,
    out: &mut String,
) {
    if axis == 0 {
        let mut empty = 0;
        for x in 0..e.shape.extent(0) {
            coords[0] = x as i8;
            let cell = e.shape.cell(&Vector::new(coords)).expect("inside");
            match pos.piece_at(cell) {
                Some(pc) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&piece_token(e, pc));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        return;
    }
    let ext = e.shape.extent(axis);
    for i in 0..ext {
        coords[axis] = (ext - 1 - i) as i8;
        if i > 0 {
            out.push_str(&"/".repeat(axis));
        }
        write_block(e, pos, axis - 1, coords, out);
    }
}

#[derive(Debug, PartialEq)]
enum Tok {
    Sep(usize),
    Empty(usize),
    Man(Piece),
}

fn tokenize<const W: usize>(e: &Engine<W>, s: &str) -> Result<Vec<Tok>, PositionError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut toks = Vec::new();
    while i < b.len() {
        let ch = b[i];
        if ch == b'/' {
            let j = i + b[i..].iter().take_while(|&&c| c == b'/').count();
            toks.push(Tok::Sep(j - i));
            i = j;
        } else if ch.is_ascii_digit() {
            let j = i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let n: usize = s[i..j]
                .parse()
                .map_err(|_| PositionError::Board(format!("bad number '{}'", &s[i..j])))?;
            if n == 0 {
                return Err(PositionError::Board("an empty run of 0 cells".into()));
            }
            toks.push(Tok::Empty(n));
            i = j;
        } else if ch.is_ascii_alphabetic() {
            let kind = e.kind_by_letter(ch as char).ok_or_else(|| {
                let known: String = e.kinds.iter().map(|k| k.letter).collect();
                PositionError::Board(format!(
                    "unknown piece letter '{}' (this game has {known})",
                    ch as char
                ))
            })?;
            let mut player = if ch.is_ascii_uppercase() { 0 } else { 1 };
            i += 1;
            if i < b.len() && b[i] == b'\'' {
                player += 2;
                i += 1;
            }
            if player >= e.players.count() {
                return Err(PositionError::Board(format!(
                    "'{}' belongs to player {} but this game has {}",
                    &s[i - 1 - (player >= 2) as usize..i],
                    player + 1,
                    e.players.count()
                )));
            }
            toks.push(Tok::Man(Piece {
                player: Player(player as u8),
                kind,
            }));
        } else {
            return Err(PositionError::Board(format!(
                "unexpected character '{}'",
                ch as char
            )));
        }
    }
    Ok(toks)
}

fn read_block<const W: usize>(
    e: &Engine<W>,
    toks: &[Tok],
    axis: usize,
    coords: &mut Vec<i8>,
    pos: &mut Position<W>,
) -> Result<(), PositionError> {
    let ext = e.shape.extent(axis);
    if axis == 0 {
        let mut x = 0usize;
        for t in toks {
            match t {
                Tok::Empty(n) => x += n,
                Tok::Man(pc) => {
                    if x < ext {
                        coords[0] = x as i8;
                        pos.put(e.shape.cell(&Vector::new(coords)).expect("inside"), *pc);
                    }
                    x += 1;
                }
                Tok::Sep(_) => unreachable!("split out"),
            }
        }
        if x != ext {
            let mut c = coords.clone();
            c[0] = 0;
            let at = e
                .shape
                .cell(&Vector::new(&c))
                .map(|cell| e.cell_name(cell))
                .unwrap_or_default();
            return Err(PositionError::Board(format!(
                "the row starting at {at} has {x} cells, not {ext}"
            )));
        }
        return Ok(());
    }
    let parts: Vec<&[Tok]> = toks.split(|t| *t == Tok::Sep(axis)).collect();
    if let Some(Tok::Sep(k)) = toks.iter().find(|t| matches!(t, Tok::Sep(k) if *k > axis)) {
        return Err(PositionError::Board(format!(
            "a separator of {k} slashes where at most {axis} fit"
        )));
    }
    if parts.len() != ext {
        return Err(PositionError::Board(format!(
            "{} blocks separated by '{}' where the board has {ext}",
            parts.len(),
            "/".repeat(axis)
        )));
    }
    for (i, part) in parts.iter().enumerate() {
        coords[axis] = (ext - 1 - i) as i8;
        read_block(e, part, axis - 1, coords, pos)?;
    }
    Ok(())
}

/// Reads the engine's position text. `home` is the starting position, for the `*` unmoved field
/// (None while reading the setup itself, where `*` means every man).
pub(crate) fn parse_position<const W: usize>(
    e: &Engine<W>,
    text: &str,
    home: Option<&Position<W>>,
) -> Result<Position<W>, PositionError> {
    let pos = parse_position_raw(e, text, home)?;
    validate(e, &pos)?;
    Ok(pos)
}

/// Reads the engine's position text without [`validate`].
fn parse_position_raw<const W: usize>(
    e: &Engine<W>,
    text: &str,
    home: Option<&Position<W>>,
) -> Result<Position<W>, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        return Err(PositionError::Fields(format!(
            "expected 1 to 6 fields (board, to move, unmoved, en passant, half-moves, move number), found {}",
            fields.len()
        )));
    }
    let mut pos = Position::<W>::empty();
    let toks = tokenize(e, fields[0])?;
    let n = e.shape.ndim();
    read_block(e, &toks, n - 1, &mut vec![0; n], &mut pos)?;

    let np = e.players.count();
    let to_move = match fields.get(1).copied().unwrap_or("w") {
        "w" if np == 2 => Player(0),
        "b" if np == 2 => Player(1),
        s => match s.parse::<usize>() {
            Ok(k) if (1..=np).contains(&k) => Player(k as u8 - 1),
            _ => {
                let two = if np == 2 { "'w', 'b', " } else { "" };
                return Err(PositionError::ToMove(format!(
                    "'{s}': expected {two}or a player number 1 to {np}"
                )));
            }
        },
    };
    pos.to_move = to_move;

    let occupied = pos.occupied();
    pos.unmoved = match fields.get(2).copied().unwrap_or("*") {
        "-" => CellSet::EMPTY,
        "*" => match home {
            None => occupied,
            Some(h) => occupied
                .iter()
                .filter(|&c| {
                    h.piece_at(c).is_some()
                        && h.piece_at(c) == pos.piece_at(c)
                        && h.unmoved.contains(c)
                })
                .collect(),
        },
        list => {
            let mut s = CellSet::EMPTY;
            for name in list.split(',') {
                let c = e
                    .parse_cell(name)
                    .ok_or_else(|| PositionError::Cell(format!("'{name}' in the unmoved field")))?;
                if !occupied.contains(c) {
                    return Err(PositionError::Invalid(format!(
                        "unmoved man on {name}, which is empty"
                    )));
                }
                s.insert(c);
            }
            s
        }
    };

    pos.unmoved &= e.unmoved_relevant(&pos);
    pos.ep = match fields.get(3).copied().unwrap_or("-") {
        "-" => None,
        s => {
            let (t, v) = s.split_once(':').ok_or_else(|| {
                PositionError::Fields(format!(
                    "en passant '{s}': expected '-' or target:victim cells"
                ))
            })?;
            let target = e
                .parse_cell(t)
                .ok_or_else(|| PositionError::Cell(format!("'{t}' in the en passant field")))?;
            let victim = e
                .parse_cell(v)
                .ok_or_else(|| PositionError::Cell(format!("'{v}' in the en passant field")))?;
            Some(EnPassant { target, victim })
        }
    };
    (pos.halfmove, pos.fullmove) = spacechess_variant::parse_clocks(&fields, 4)?;
    pos.key = e.keys.of(&pos);
    Ok(pos)
}

impl<const W: usize> Engine<W> {
    /// Reads a position text without the engine's checks of royal men (exactly one per player,
    /// the side not to move not in check), for variants whose own state decides which men are
    /// royal (eliminated players in multi-player games); they check what their rules need.
    pub fn parse_position_unvalidated(&self, text: &str) -> Result<Position<W>, PositionError> {
        parse_position_raw(self, text, Some(&self.start))
    }
}

/// Checks that a parsed position can occur under the rules.
pub(crate) fn validate<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
) -> Result<(), PositionError> {
    if e.rules.goal == Goal::Checkmate && e.royal_mask != 0 {
        for p in e.players.all() {
            let n = e.royals_of(pos, p).len();
            // With more than two players an eliminated player may have no men left.
            let eliminated = e.players.count() > 2 && pos.by_player[p.index()].is_empty();
            if n != 1 && !eliminated {
                return Err(PositionError::Invalid(format!(
                    "{} has {n} royal men; exactly one is needed",
                    e.players.name(p)
                )));
            }
        }
        if e.players.count() == 2 {
            let other = Player(1 - pos.to_move.0);
            if e.royal_attacked(pos, other) {
                return Err(PositionError::Invalid(format!(
                    "{} is in check but it is {}'s turn",
                    e.players.name(other),
                    e.players.name(pos.to_move)
                )));
            }
        }
    }
    for p in e.players.all() {
        for c in pos.by_player[p.index()] {
            let pc = pos.piece_at(c).expect("occupied");
            if e.kinds[pc.kind as usize].promotes
                && e.promo_zone[p.index()].contains(c)
                && !e.promo_choices.is_empty()
            {
                return Err(PositionError::Invalid(format!(
                    "{}'s {} on {} stands in its promotion zone",
                    e.players.name(p),
                    e.kinds[pc.kind as usize].name,
                    e.cell_name(c)
                )));
            }
        }
    }
    if let Some(ep) = pos.ep {
        let ok = !pos.occupied().contains(ep.target)
            && pos.piece_at(ep.victim).is_some_and(|pc| {
                !e.players.allied(pc.player, pos.to_move) && e.kinds[pc.kind as usize].promotes
            });
        if !ok {
            return Err(PositionError::Invalid(format!(
                "en passant {}:{} needs an empty target and an enemy pawn on the victim cell",
                e.cell_name(ep.target),
                e.cell_name(ep.victim)
            )));
        }
    }
    Ok(())
}

/// The engine's position text.
pub(crate) fn position_text<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> String {
    let to_move = if e.players.count() == 2 {
        if pos.to_move.0 == 0 {
            "w".to_string()
        } else {
            "b".to_string()
        }
    } else {
        (pos.to_move.0 + 1).to_string()
    };
    let default: CellSet<W> = pos
        .occupied()
        .iter()
        .filter(|&c| e.start.piece_at(c) == pos.piece_at(c) && e.start.unmoved.contains(c))
        .collect();
    let unmoved = if pos.unmoved == default {
        "*".to_string()
    } else if pos.unmoved.is_empty() {
        "-".to_string()
    } else {
        pos.unmoved
            .iter()
            .map(|c| e.cell_name(c))
            .collect::<Vec<_>>()
            .join(",")
    };
    let ep = match pos.ep {
        None => "-".to_string(),
        Some(ep) => format!("{}:{}", e.cell_name(ep.target), e.cell_name(ep.victim)),
    };
    format!(
        "{} {to_move} {unmoved} {ep} {} {}",
        board_text(e, pos),
        pos.halfmove,
        pos.fullmove
    )
}

/// The text of a move: `from-to`, `fromxto` for a capture, `=Q` for a promotion, `K@to` for a
/// placement; or pure coordinates (`e2e4`, `e7e8q`) when the notation asks for them.
pub(crate) fn move_text<const W: usize>(e: &Engine<W>, pos: &Position<W>, m: &Move) -> String {
    let name = |c: Cell| e.cell_name(c);
    if let MoveKind::Place(k) = m.kind {
        return format!("{}@{}", e.kinds[k as usize].letter, name(m.to));
    }
    if e.notation.coordinate_moves() {
        let promo = match m.kind {
            MoveKind::Promotion(k) => e.kinds[k as usize].letter.to_ascii_lowercase().to_string(),
            _ => String::new(),
        };
        return format!("{}{}{promo}", name(m.from), name(m.to));
    }
    let sep = if e.is_capture(pos, m) { 'x' } else { '-' };
    let promo = match m.kind {
        MoveKind::Promotion(k) => format!("={}", e.kinds[k as usize].letter),
        _ => String::new(),
    };
    format!("{}{sep}{}{promo}", name(m.from), name(m.to))
}

/// What a move text names, legal or not (see [`Engine::read_move_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSpec {
    /// A man's move from one cell to another, with the kind it promotes to if the text names one.
    Step {
        /// The cell moved from.
        from: Cell,
        /// The cell moved to.
        to: Cell,
        /// The kind named after `=` (or, in coordinate style, the trailing letter).
        promotion: Option<u8>,
    },
    /// Placing a new man of a kind on a cell (`K@Aa1`).
    Place {
        /// The kind placed.
        kind: u8,
        /// Where.
        to: Cell,
    },
}

impl MoveSpec {
    /// True if `m` is the move this text names: same cells, and the same promotion (none named
    /// matches only a move that does not promote).
    pub fn matches(&self, m: &Move) -> bool {
        match *self {
            MoveSpec::Step {
                from,
                to,
                promotion,
            } => {
                m.from == from
                    && m.to == to
                    && !matches!(m.kind, MoveKind::Place(_))
                    && match m.kind {
                        MoveKind::Promotion(k) => promotion == Some(k),
                        _ => promotion.is_none(),
                    }
            }
            MoveSpec::Place { kind, to } => m.to == to && m.kind == MoveKind::Place(kind),
        }
    }
}

/// The separators that may join the two cells of a move (docs/formats.md, "Move text").
const SEPARATORS: [char; 4] = ['-', 'x', 'X', ':'];

impl<const W: usize> Engine<W> {
    /// The cell a name names, reading letters regardless of case when no other cell's name
    /// differs from it only in case (`ac2` is `Ac2` in Raumschach).
    pub fn parse_cell_any_case(&self, name: &str) -> Option<Cell> {
        if let Some(c) = self.parse_cell(name) {
            return Some(c);
        }
        if name.is_empty() || !name.is_ascii() {
            return None;
        }
        let names = self.names_any_case.get_or_init(|| {
            let mut names = std::collections::HashMap::new();
            for c in self.board_cells() {
                names
                    .entry(self.cell_name(c).to_ascii_lowercase())
                    .and_modify(|found| *found = None)
                    .or_insert(Some(c));
            }
            names
        });
        names.get(&name.to_ascii_lowercase()).copied().flatten()
    }

    /// Reads a move text for what it names, without asking whether the move is legal
    /// (docs/formats.md, "Move text"): a from-cell and a to-cell, joined by one of `-`, `x`, `:`
    /// or by nothing (`Aa2-Aa3`, `Aa2xAa3`, `Aa2Aa3` are the same text; `x` need not be a
    /// capture), then a promotion `=Q` or the letter alone (`Dd4-Ee5Q`, `e7e8q`); or a placement
    /// `K@Aa1`. Cell names and letters are read regardless of case where unambiguous.
    /// The error says what was expected and, where it can, which part is not a cell.
    pub fn read_move_text(&self, text: &str) -> Result<MoveSpec, MoveError> {
        let t = text.trim();
        let malformed = |detail: String| MoveError::Malformed {
            text: t.to_string(),
            expected: format!("{}{detail}", self.move_text_form()),
        };
        if let Some((letter, cell)) = t.split_once('@') {
            let mut chars = letter.trim().chars();
            let kind = match (chars.next(), chars.next()) {
                (Some(ch), None) => self.kind_by_letter(ch),
                _ => None,
            }
            .ok_or_else(|| {
                malformed(format!(
                    "; '{}' before '@' is not a piece letter of this game",
                    letter.trim()
                ))
            })?;
            let to = self.parse_cell_any_case(cell.trim()).ok_or_else(|| {
                malformed(format!("; '{}' is not a cell of this board", cell.trim()))
            })?;
            return Ok(MoveSpec::Place { kind, to });
        }
        let (body, promotion) = match t.split_once('=') {
            Some((body, letter)) => {
                let mut chars = letter.trim().chars();
                match (chars.next(), chars.next()) {
                    (Some(ch), None) if self.kind_by_letter(ch).is_some() => {
                        (body.trim_end(), self.kind_by_letter(ch))
                    }
                    _ => {
                        let known: Vec<String> =
                            self.kinds.iter().map(|k| k.letter.to_string()).collect();
                        return Err(malformed(format!(
                            "; '{}' after '=' is not a piece letter (this game has {})",
                            letter.trim(),
                            known.join(" ")
                        )));
                    }
                }
            }
            None => (t, None),
        };
        let cells =
            |a: &str, b: &str| Some((self.parse_cell_any_case(a)?, self.parse_cell_any_case(b)?));
        // Every way of cutting the body into from-cell, optional separator, to-cell; then, with
        // no `=`, a to-cell followed by a promotion letter.
        let cuts: Vec<(&str, &str)> = body
            .char_indices()
            .skip(1)
            .map(|(i, _)| body.split_at(i))
            .map(|(a, b)| (a, b.strip_prefix(SEPARATORS).unwrap_or(b)))
            .collect();
        for &(a, b) in &cuts {
            if let Some((from, to)) = cells(a, b) {
                return Ok(MoveSpec::Step {
                    from,
                    to,
                    promotion,
                });
            }
        }
        if promotion.is_none() {
            for &(a, b) in &cuts {
                let mut chars = b.chars();
                let Some(last) = chars.next_back() else {
                    continue;
                };
                let Some(kind) = last
                    .is_ascii_alphabetic()
                    .then(|| self.kind_by_letter(last))
                    .flatten()
                else {
                    continue;
                };
                if let Some((from, to)) = cells(a, chars.as_str()) {
                    return Ok(MoveSpec::Step {
                        from,
                        to,
                        promotion: Some(kind),
                    });
                }
            }
        }
        // Say which part is not a cell when a separator splits the body in two.
        let detail = match body.split_once(SEPARATORS) {
            Some((a, b)) if !a.is_empty() && !b.is_empty() => [a, b]
                .into_iter()
                .find(|p| self.parse_cell_any_case(p).is_none())
                .map(|p| format!("; '{p}' is not a cell of this board"))
                .unwrap_or_default(),
            _ => String::new(),
        };
        Err(malformed(detail))
    }

    /// What a move text looks like, for error messages: the form, with cells of this board.
    fn move_text_form(&self) -> String {
        let mut cells = self.board_cells().iter();
        let first = cells.next().unwrap_or(Cell(0));
        let (a, b) = (
            self.cell_name(first),
            self.cell_name(cells.next().unwrap_or(first)),
        );
        if self.notation.coordinate_moves() {
            format!(
                "two cells, as in {a}{b} (a '-', 'x' or ':' between them is allowed), with the \
                 promotion piece's letter after the second cell ({a}{b}q)"
            )
        } else {
            format!(
                "two cells joined by '-', 'x', ':' or nothing, as in {a}-{b}, with =Q for a \
                 promotion"
            )
        }
    }
}

/// Reads a move: finds the legal move the text names, with clear errors otherwise.
pub(crate) fn parse_move<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
    text: &str,
) -> Result<Move, MoveError> {
    let t = text.trim();
    let mut legal = Vec::new();
    e.generate_legal(pos, &mut legal);
    if legal.is_empty() {
        return Err(MoveError::GameOver(
            "the side to move has no legal move".into(),
        ));
    }
    let spec = e.read_move_text(t)?;
    if let Some(m) = legal.iter().find(|m| spec.matches(m)) {
        return Ok(*m);
    }
    Err(MoveError::Illegal {
        text: t.to_string(),
        reason: why_illegal(e, pos, &legal, &spec),
    })
}

/// Why the move a text names is not among the legal moves.
fn why_illegal<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
    legal: &[Move],
    spec: &MoveSpec,
) -> String {
    let (from, to, promotion) = match *spec {
        MoveSpec::Place { kind, to } => {
            return format!(
                "placing a {} on {} is not a move here (men are placed only while a game that \
                 places them is opening)",
                e.kinds[kind as usize].name,
                e.cell_name(to)
            )
        }
        MoveSpec::Step {
            from,
            to,
            promotion,
        } => (from, to, promotion),
    };
    match pos.piece_at(from) {
        None => format!("there is no man on {}", e.cell_name(from)),
        Some(pc) if pc.player != pos.to_move => format!(
            "the man on {} is not {}'s",
            e.cell_name(from),
            e.players.name(pos.to_move)
        ),
        Some(pc) => {
            let mut pseudo = Vec::new();
            e.pseudo_legal_moves(pos, &mut pseudo);
            let kind = &e.kinds[pc.kind as usize].name;
            let compulsion = e.rules.compulsory_capture
                && legal.iter().any(|m| e.is_capture(pos, m))
                && !pos.occupied().contains(to);
            let here: Vec<&Move> = legal
                .iter()
                .filter(|m| m.from == from && m.to == to)
                .collect();
            let choices: Vec<String> = here
                .iter()
                .filter_map(|m| match m.kind {
                    MoveKind::Promotion(k) => Some(e.kinds[k as usize].letter.to_string()),
                    _ => None,
                })
                .collect();
            if !here.is_empty() {
                match promotion {
                    None => format!(
                        "a promotion needs the piece to promote to: ={}",
                        choices.join(", =")
                    ),
                    Some(_) if choices.is_empty() => {
                        "this move is not a promotion: leave out the '=' and its letter".to_string()
                    }
                    Some(k) => format!(
                        "the {kind} cannot become a {} here; the choices are {}",
                        e.kinds[k as usize].name,
                        choices.join(" ")
                    ),
                }
            } else if compulsion && pseudo.iter().any(|m| m.from == from && m.to == to) {
                "a capture is compulsory".to_string()
            } else if pseudo.iter().any(|m| m.from == from && m.to == to) {
                "it would leave the king in check".to_string()
            } else {
                format!(
                    "the {kind} on {} cannot move to {}",
                    e.cell_name(from),
                    e.cell_name(to)
                )
            }
        }
    }
}

/// A drawing: a 2D board with rank numbers and file letters; a 3D board as its levels side by side
/// (lowest level first, wrapped to fit 80 columns); more dimensions as 2D slices, each labelled.
/// `marks` are written before their cells' men (see `Variant::draw_marked`).
pub(crate) fn draw<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
    marks: &[(Cell, char)],
) -> String {
    let shape = &e.shape;
    let n = shape.ndim();
    let w = shape.extent(0);
    let h = if n >= 2 { shape.extent(1) } else { 1 };
    // Every slice: coordinates of axes 2.. fixed.
    let rest: Vec<usize> = (2..n).map(|a| shape.extent(a)).collect();
    let slices: usize = rest.iter().product();
    let mut panels: Vec<Vec<String>> = Vec::new();
    for s in 0..slices {
        let mut coords = vec![0i8; n];
        let mut r = s;
        for (i, ext) in rest.iter().enumerate() {
            coords[2 + i] = (r % ext) as i8;
            r /= ext;
        }
        let mut lines = Vec::new();
        let label = if n == 3 {
            format!("level {}", (b'A' + coords[2] as u8) as char)
        } else if n > 3 {
            format!(
                "({})",
                coords[2..]
                    .iter()
                    .map(|c| (c + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        } else {
            String::new()
        };
        if n > 2 {
            lines.push(label);
        }
        for y in (0..h).rev() {
            let mut line = format!("{:>2} ", y + 1);
            for x in 0..w {
                coords[0] = x as i8;
                if n >= 2 {
                    coords[1] = y as i8;
                }
                let cell = shape.cell(&Vector::new(&coords)).expect("inside");
                let t = match pos.piece_at(cell) {
                    Some(pc) => piece_token(e, pc),
                    None => ".".to_string(),
                };
                spacechess_variant::board::mark_before(&mut line, marks, cell);
                line.push_str(&format!("{t:<2}"));
            }
            lines.push(line.trim_end().to_string());
        }
        let files: String = (0..w)
            .map(|x| format!("{} ", (b'a' + x as u8) as char))
            .collect();
        lines.push(format!("   {}", files.trim_end()));
        panels.push(lines);
    }
    let width = panels.iter().flatten().map(|l| l.len()).max().unwrap_or(0) + 3;
    let per_row = (80 / width).max(1);
    let mut out = String::new();
    for chunk in panels.chunks(per_row) {
        let rows = chunk.iter().map(|p| p.len()).max().unwrap_or(0);
        for r in 0..rows {
            let mut line = String::new();
            for p in chunk {
                line.push_str(&format!(
                    "{:<width$}",
                    p.get(r).map(String::as_str).unwrap_or("")
                ));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    let who = e.players.name(pos.to_move);
    out.push_str(&format!("{who} to move\n"));
    out
}
