//! Position text (FEN extended with the points), move text and the drawing of both boards.
//! The formats are described in docs/spectral.md.

use crate::board::{is_point, name, parse_name, point, square, xy};
use crate::pieces::PieceType;
use crate::position::{Man, Special, SpectralMove, SpectralPosition, CASTLE_BITS};
use crate::Spectral;
use spacechess_geometry::Cell;
use spacechess_variant::{MoveError, PositionError, Variant};

fn man_char(m: Man) -> char {
    let l = m.piece.letter();
    if m.player == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// Writes rows of cells FEN-style (men as letters, runs of empty cells as digits).
fn write_rows(pos: &SpectralPosition, rows: Vec<Vec<Cell>>) -> String {
    let mut out = Vec::new();
    for row in rows {
        let mut s = String::new();
        let mut empty = 0;
        for c in row {
            match pos.man_at(c) {
                Some(m) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(man_char(m));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        out.push(s);
    }
    out.join("/")
}

fn square_rows() -> Vec<Vec<Cell>> {
    (0..8)
        .rev()
        .map(|r| (0..8).map(|f| square(f, r)).collect())
        .collect()
}

fn point_rows() -> Vec<Vec<Cell>> {
    (0..7)
        .rev()
        .map(|r| (0..7).map(|f| point(f, r)).collect())
        .collect()
}

/// Reads FEN-style rows into the cells given.
fn read_rows(
    pos: &mut SpectralPosition,
    text: &str,
    rows: Vec<Vec<Cell>>,
    what: &str,
) -> Result<(), PositionError> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != rows.len() {
        return Err(PositionError::Board(format!(
            "the {what} need {} rows separated by '/', found {}",
            rows.len(),
            parts.len()
        )));
    }
    for (part, row) in parts.iter().zip(rows) {
        let mut i = 0usize;
        let width = row.len();
        let first = name(row[0]);
        let mut chars = part.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = (n * 10 + d2 as usize).min(1000);
                    chars.next();
                }
                if n == 0 {
                    return Err(PositionError::Board(format!(
                        "a run of 0 empty cells in the row starting at {first}"
                    )));
                }
                i += n;
            } else if ch.is_ascii_alphabetic() {
                let piece = PieceType::from_letter(ch).ok_or_else(|| {
                    let known: String = PieceType::ALL.iter().map(|p| p.letter()).collect();
                    PositionError::Board(format!(
                        "unknown piece letter '{ch}' (known letters: {known})"
                    ))
                })?;
                if i < width {
                    pos.put(
                        row[i],
                        Man {
                            player: if ch.is_ascii_uppercase() { 0 } else { 1 },
                            piece,
                        },
                    );
                }
                i += 1;
            } else {
                return Err(PositionError::Board(format!(
                    "unexpected character '{ch}' in the row starting at {first}"
                )));
            }
        }
        if i != width {
            return Err(PositionError::Board(format!(
                "the row starting at {first} has {i} cells, not {width}"
            )));
        }
    }
    Ok(())
}

impl Spectral {
    /// The position text: `squares[|points] side castling en-passant half-moves move-number`.
    pub(crate) fn write_position(&self, pos: &SpectralPosition) -> String {
        let mut board = write_rows(pos, square_rows());
        if point_rows().iter().flatten().any(|&c| pos.occupied(c)) {
            board.push('|');
            board.push_str(&write_rows(pos, point_rows()));
        }
        let side = if pos.to_move == 0 { "w" } else { "b" };
        let mut castle: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(CASTLE_BITS)
            .filter(|(_, b)| pos.castling & b != 0)
            .map(|(c, _)| *c)
            .collect();
        if castle.is_empty() {
            castle.push('-');
        }
        let ep = pos
            .ep
            .map(|(t, _)| name(Cell(t as u32)))
            .unwrap_or_else(|| "-".into());
        format!(
            "{board} {side} {castle} {ep} {} {}",
            pos.halfmove, pos.fullmove
        )
    }

    /// Reads and validates a position text.
    pub(crate) fn read_position(&self, text: &str) -> Result<SpectralPosition, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(PositionError::Fields(format!(
                "expected 1 to 6 fields (board, side to move, castling, en passant, half-moves, \
                 move number), found {}",
                fields.len()
            )));
        }
        let mut pos = SpectralPosition::empty();
        let (sq, pts) = match fields[0].split_once('|') {
            Some((a, b)) => (a, Some(b)),
            None => (fields[0], None),
        };
        read_rows(&mut pos, sq, square_rows(), "squares")?;
        if let Some(pts) = pts {
            read_rows(&mut pos, pts, point_rows(), "points")?;
        }
        pos.to_move = match fields.get(1).copied().unwrap_or("w") {
            "w" => 0,
            "b" => 1,
            s => return Err(PositionError::ToMove(format!("'{s}': expected 'w' or 'b'"))),
        };
        let castle = fields.get(2).copied().unwrap_or("-");
        if castle != "-" {
            for ch in castle.chars() {
                let i = ['K', 'Q', 'k', 'q']
                    .iter()
                    .position(|&c| c == ch)
                    .ok_or_else(|| {
                        PositionError::Fields(format!(
                            "castling '{castle}': expected '-' or letters of KQkq"
                        ))
                    })?;
                pos.castling |= CASTLE_BITS[i];
            }
        }
        let ep = fields.get(3).copied().unwrap_or("-");
        if ep != "-" {
            let t = parse_name(ep)
                .ok_or_else(|| PositionError::Cell(format!("'{ep}' in the en passant field")))?;
            let (x, y) = xy(t);
            // The pawn that passed over t stands one full step beyond it, seen from the mover.
            let victim = crate::board::cell_at(x, y - 2 * Self::forward(pos.to_move));
            let origin = crate::board::cell_at(x, y + 2 * Self::forward(pos.to_move));
            let rank_ok = if pos.to_move == 0 { y == 10 } else { y == 4 };
            let ok = rank_ok
                && !pos.occupied(t)
                && origin.is_some_and(|o| !pos.occupied(o))
                && victim
                    .and_then(|v| pos.man_at(v))
                    .is_some_and(|m| m.player != pos.to_move && m.piece == PieceType::Pawn);
            if !ok {
                return Err(PositionError::Invalid(format!(
                    "en passant on {ep} needs an empty square on the {} rank with an enemy pawn \
                     just beyond it and an empty square behind it",
                    if pos.to_move == 0 { "6th" } else { "3rd" }
                )));
            }
            pos.ep = Some((t.0 as u8, victim.expect("checked").0 as u8));
        }
        (pos.halfmove, pos.fullmove) = spacechess_variant::parse_clocks(&fields, 4)?;
        self.validate(&pos)?;
        Ok(pos)
    }

    fn validate(&self, pos: &SpectralPosition) -> Result<(), PositionError> {
        let colour = |p: u8| if p == 0 { "White" } else { "Black" };
        for p in 0..2u8 {
            let kings = pos
                .of(spacechess_variant::Player(p))
                .iter()
                .filter(|&c| pos.man_at(c).map(|m| m.piece) == Some(PieceType::King))
                .count();
            if kings != 1 {
                return Err(PositionError::Invalid(format!(
                    "{} has {kings} kings; exactly one is needed",
                    colour(p)
                )));
            }
        }
        let other = 1 - pos.to_move;
        let k = pos
            .king(spacechess_variant::Player(other))
            .expect("one king");
        if self.attacked_any(pos, k, pos.to_move) {
            return Err(PositionError::Invalid(format!(
                "{} is in check but it is {}'s turn",
                colour(other),
                colour(pos.to_move)
            )));
        }
        for c in pos.all() {
            let m = pos.man_at(c).expect("occupied");
            if m.piece != PieceType::Pawn {
                continue;
            }
            let (_, y) = xy(c);
            if y == 0 || y == 14 || Self::in_promotion_zone(m.player, c) {
                return Err(PositionError::Invalid(format!(
                    "{}'s pawn on {} stands on a first or last rank or in its promotion zone",
                    colour(m.player),
                    name(c)
                )));
            }
        }
        let rook = self.rules.piece_for(PieceType::Rook);
        for (i, (letter, king, rook_sq)) in [
            ('K', square(4, 0), square(7, 0)),
            ('Q', square(4, 0), square(0, 0)),
            ('k', square(4, 7), square(7, 7)),
            ('q', square(4, 7), square(0, 7)),
        ]
        .into_iter()
        .enumerate()
        {
            if pos.castling & CASTLE_BITS[i] == 0 {
                continue;
            }
            let p = (i / 2) as u8;
            let ok = pos.man_at(king)
                == Some(Man {
                    player: p,
                    piece: PieceType::King,
                })
                && pos.man_at(rook_sq)
                    == Some(Man {
                        player: p,
                        piece: rook,
                    });
            if !ok {
                return Err(PositionError::Invalid(format!(
                    "castling right '{letter}' needs {}'s king on {} and {} on {}",
                    colour(p),
                    name(king),
                    rook.name(),
                    name(rook_sq)
                )));
            }
        }
        Ok(())
    }

    /// The text of a legal move: `d1-*de12`, `e5xd6`, `*cd67-*cd78=R`, `O-O`.
    pub(crate) fn write_move(&self, pos: &SpectralPosition, m: &SpectralMove) -> String {
        if m.special == Special::Castle {
            return if xy(m.to).0 > xy(m.from).0 {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        let capture = pos.occupied(m.to) || m.special == Special::EnPassant;
        let sep = if capture { 'x' } else { '-' };
        let promo = m
            .promotion
            .map(|p| format!("={}", p.letter()))
            .unwrap_or_default();
        format!("{}{sep}{}{promo}", name(m.from), name(m.to))
    }

    /// Reads a move: the legal move whose text matches (`-` and `x` are interchangeable, case is
    /// ignored, `0-0` is `O-O`, a trailing `+`, `#` or `e.p.` is ignored).
    pub(crate) fn read_move(
        &self,
        pos: &SpectralPosition,
        text: &str,
    ) -> Result<SpectralMove, MoveError> {
        let t = text.trim();
        let mut legal = Vec::new();
        self.legal_moves(pos, &mut legal);
        if legal.is_empty() {
            return Err(MoveError::GameOver(
                "the side to move has no legal move".into(),
            ));
        }
        let want = normalise(t);
        if let Some(m) = legal.iter().find(|m| {
            normalise(&self.write_move(pos, m)) == want
                || (m.special == Special::Castle
                    && normalise(&format!("{}-{}", name(m.from), name(m.to))) == want)
        }) {
            return Ok(*m);
        }
        let expected = "two locations joined by '-', 'x', ':' or nothing, as in e2-e4 or \
                        d1-*de12, with =Q for a promotion, or O-O / O-O-O"
            .to_string();
        let Some((from, to, promo)) = split_move(&want) else {
            if want == "o-o" || want == "o-o-o" {
                return Err(MoveError::Illegal {
                    text: t.into(),
                    reason: "castling is not possible here".into(),
                });
            }
            return Err(MoveError::Malformed {
                text: t.into(),
                expected,
            });
        };
        // The cells in another style (`e2e4` for `e2-e4`).
        if let Some(m) = legal.iter().find(|m| {
            m.from == from
                && m.to == to
                && m.promotion.map(|p| p.letter().to_ascii_lowercase()) == promo
        }) {
            return Ok(*m);
        }
        let reason = match pos.man_at(from) {
            None => format!("there is no man on {}", name(from)),
            Some(m) if m.player != pos.to_move => format!(
                "the man on {} is not {}'s",
                name(from),
                if pos.to_move == 0 { "White" } else { "Black" }
            ),
            Some(m) => {
                let mut pseudo = Vec::new();
                self.pseudo_legal(pos, &mut pseudo);
                let piece = m.piece.name();
                let here: Vec<&SpectralMove> = legal
                    .iter()
                    .filter(|l| l.from == from && l.to == to)
                    .collect();
                if !here.is_empty() {
                    let choices: String = self
                        .promotion_choices(to)
                        .iter()
                        .map(|p| p.letter())
                        .collect();
                    let promoting = here.iter().any(|l| l.promotion.is_some());
                    match promo {
                        Some(_) if !promoting => {
                            "this move is not a promotion: leave out the '=' and its letter"
                                .to_string()
                        }
                        None => format!("a promotion needs a piece: one of {choices}"),
                        Some(c) => format!(
                            "a pawn cannot become '{}' on {}; the choices are {choices}",
                            c.to_ascii_uppercase(),
                            name(to)
                        ),
                    }
                } else if pseudo.iter().any(|l| l.from == from && l.to == to) {
                    if m.piece == PieceType::King
                        && self.rules.spirit_rule
                        && is_point(to)
                        && !is_point(from)
                        && self.in_check(pos)
                    {
                        "a king in check on a square may not enter the points (the spirit rule)"
                            .to_string()
                    } else {
                        "it would leave the king in check".to_string()
                    }
                } else {
                    format!("the {piece} on {} cannot move to {}", name(from), name(to))
                }
            }
        };
        Err(MoveError::Illegal {
            text: t.into(),
            reason,
        })
    }

    /// A drawing of both boards together: squares as `.`, points as `+`, each point drawn between
    /// the four squares around it.
    pub(crate) fn picture(&self, pos: &SpectralPosition, marks: &[(Cell, char)]) -> String {
        let mut out = String::new();
        let files = "a   b   c   d   e   f   g   h";
        out.push_str(&format!("     {files}\n"));
        for r in (0..8).rev() {
            let mut line = format!("{:>2}   ", r + 1);
            for f in 0..8 {
                let c = square(f, r);
                spacechess_variant::board::mark_before(&mut line, marks, c);
                line.push(pos.man_at(c).map(man_char).unwrap_or('.'));
                if f < 7 {
                    line.push_str("   ");
                }
            }
            out.push_str(&format!("{line}   {}\n", r + 1));
            if r > 0 {
                let mut line = "       ".to_string();
                for f in 0..7 {
                    let c = point(f, r - 1);
                    spacechess_variant::board::mark_before(&mut line, marks, c);
                    line.push(pos.man_at(c).map(man_char).unwrap_or('+'));
                    if f < 6 {
                        line.push_str("   ");
                    }
                }
                out.push_str(&format!("{line}       {}{}\n", r, r + 1));
            }
        }
        out.push_str(&format!("     {files}\n"));
        out.push_str("       ab  bc  cd  de  ef  fg  gh\n");
        out.push_str("squares '.', points '+' (the point *de45 lies between d4, e4, d5 and e5)\n");
        out.push_str(if pos.to_move == 0 {
            "White to move\n"
        } else {
            "Black to move\n"
        });
        out
    }
}

fn normalise(s: &str) -> String {
    let s = s.trim().trim_end_matches(['+', '#', '!', '?']);
    let s = s.strip_suffix("e.p.").unwrap_or(s).trim();
    let (body, promo) = match s.split_once('=') {
        Some((a, b)) => (a, format!("={}", b.trim().to_ascii_lowercase())),
        None => (s, String::new()),
    };
    let body = body
        .to_ascii_lowercase()
        .replace(['x', ':'], "-")
        .replace('0', "o");
    format!("{body}{promo}")
}

/// Splits a normalised move `from[-]to[=p]` into its cells: the two locations joined by one `-`
/// or by nothing (docs/formats.md, "Move text").
fn split_move(s: &str) -> Option<(Cell, Cell, Option<char>)> {
    let (body, promo) = match s.split_once('=') {
        Some((a, b)) => (a, b.chars().next()),
        None => (s, None),
    };
    body.char_indices().skip(1).find_map(|(i, _)| {
        let (a, b) = body.split_at(i);
        let b = b.strip_prefix('-').unwrap_or(b);
        Some((parse_name(a)?, parse_name(b)?, promo))
    })
}
