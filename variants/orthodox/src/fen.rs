//! FEN: the engine's 2D position text with the castling and en passant fields in standard form.

use spacechess_engine::{EnPassant, Engine, Position};
use spacechess_geometry::{Cell, CellSet, Vector};
use spacechess_variant::{PositionError, Variant};

/// (FEN letter, king cell, rook cell) of the four castling rights.
const RIGHTS: [(char, &str, &str); 4] = [
    ('K', "e1", "h1"),
    ('Q', "e1", "a1"),
    ('k', "e8", "h8"),
    ('q', "e8", "a8"),
];

fn cell(e: &Engine<1>, name: &str) -> Cell {
    e.parse_cell(name).expect("a square")
}

/// Reads a FEN (the last two fields may be left out).
pub fn parse(e: &Engine<1>, fen: &str) -> Result<Position<1>, PositionError> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 2 || f.len() > 6 {
        return Err(PositionError::Fields(format!(
            "a FEN has 4 to 6 fields (board, side, castling, en passant, half-moves, move number), found {}",
            f.len()
        )));
    }
    let castling = f.get(2).copied().unwrap_or("-");
    if castling != "-" && (castling.is_empty() || !castling.chars().all(|c| "KQkq".contains(c))) {
        return Err(PositionError::Fields(format!(
            "castling field '{castling}': expected '-' or letters of KQkq"
        )));
    }
    // Read the board and clocks with the engine's format (unmoved: none), then set the rights.
    let side = f[1];
    if side != "w" && side != "b" {
        return Err(PositionError::ToMove(format!(
            "'{side}': expected 'w' or 'b'"
        )));
    }
    let halfmove = f.get(4).copied().unwrap_or("0");
    let fullmove = f.get(5).copied().unwrap_or("1");
    let mut pos = e.parse_position(&format!("{} {side} - - {halfmove} {fullmove}", f[0]))?;
    let mut unmoved = CellSet::<1>::EMPTY;
    for (letter, king, rook) in RIGHTS {
        if castling.contains(letter) {
            let (k, r) = (cell(e, king), cell(e, rook));
            let white = letter.is_ascii_uppercase();
            let ok = |c: Cell, l: char| {
                pos.piece_at(c).is_some_and(|pc| {
                    e.kinds()[pc.kind as usize].letter == l && (pc.player.0 == 0) == white
                })
            };
            if !ok(k, 'K') || !ok(r, 'R') {
                return Err(PositionError::Invalid(format!(
                    "castling right '{letter}' needs the king on {king} and a rook on {rook}"
                )));
            }
            unmoved.insert(k);
            unmoved.insert(r);
        }
    }
    // Pawns on their starting rank may still make the double step.
    let pawn = e.kind_by_letter('P').expect("pawns");
    for c in pos.of_kind(pawn) {
        let pc = pos.piece_at(c).expect("occupied");
        let rank = e.shape().coords(c).get(1);
        if (pc.player.0 == 0 && rank == 1) || (pc.player.0 == 1 && rank == 6) {
            unmoved.insert(c);
        }
    }
    pos.set_unmoved(unmoved);
    match f.get(3).copied().unwrap_or("-") {
        "-" => {}
        s => {
            let target = e
                .parse_cell(s)
                .ok_or_else(|| PositionError::Cell(format!("'{s}' in the en passant field")))?;
            let t = e.shape().coords(target);
            let (want_rank, dy) = if side == "w" { (5, -1) } else { (2, 1) };
            if t.get(1) != want_rank {
                return Err(PositionError::Invalid(format!(
                    "en passant square {s} must be on rank {}",
                    want_rank + 1
                )));
            }
            let victim = e
                .shape()
                .cell(&Vector::new(&[t.get(0), t.get(1) + dy]))
                .expect("on the board");
            pos.set_en_passant(Some(EnPassant { target, victim }));
        }
    }
    // Re-validate with the rights and en passant in place.
    let again = e.position_text(&pos);
    e.parse_position(&again)?;
    Ok(pos)
}

/// Writes a FEN.
pub fn write(e: &Engine<1>, pos: &Position<1>) -> String {
    let generic = e.position_text(pos);
    let f: Vec<&str> = generic.split_whitespace().collect();
    let mut castling = String::new();
    for (letter, king, rook) in RIGHTS {
        let (k, r) = (cell(e, king), cell(e, rook));
        let white = letter.is_ascii_uppercase();
        let has = |c: Cell, l: char| {
            pos.unmoved().contains(c)
                && pos.piece_at(c).is_some_and(|pc| {
                    e.kinds()[pc.kind as usize].letter == l && (pc.player.0 == 0) == white
                })
        };
        if has(k, 'K') && has(r, 'R') {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos
        .en_passant()
        .map(|ep| e.cell_name(ep.target))
        .unwrap_or_else(|| "-".into());
    format!("{} {} {castling} {ep} {} {}", f[0], f[1], f[4], f[5])
}
