//! Helpers shared by the tests: positions from piece lists, destinations of one man.
#![allow(dead_code)]

use spacechess_engine::{Engine, Move, MoveKind, Piece, Position};
use spacechess_geometry::Cell;
use spacechess_variant::Player;

/// A position holding the listed men: `"R a1"` is a White rook on a1, `"p e2"` a Black pawn.
pub fn position<const W: usize>(e: &Engine<W>, men: &[&str], to_move: u8) -> Position<W> {
    let mut pos = Position::<W>::empty();
    for m in men {
        let (l, c) = m.split_once(' ').expect("letter and cell");
        let ch = l.chars().next().unwrap();
        let kind = e.kind_by_letter(ch).expect("known letter");
        let cell = e.parse_cell(c).unwrap_or_else(|| panic!("cell {c}"));
        let player = Player(u8::from(ch.is_ascii_lowercase()));
        pos.put(cell, Piece { player, kind });
    }
    pos.set_to_move(Player(to_move));
    pos
}

/// The sorted names of the cells the man on `from` may go to (legal moves, promotions once).
pub fn destinations<const W: usize>(e: &Engine<W>, pos: &Position<W>, from: &str) -> Vec<String> {
    let from = e.parse_cell(from).expect("cell");
    let mut moves = Vec::new();
    e.generate_legal(pos, &mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from && !matches!(m.kind, MoveKind::Place(_)))
        .map(|m| e.cell_name(m.to))
        .collect();
    out.sort_by_key(|n| sort_key(n));
    out.dedup();
    out
}

/// The destinations of a lone man of `letter` on `from` on an otherwise empty board.
pub fn lone<const W: usize>(e: &Engine<W>, letter: &str, from: &str) -> Vec<String> {
    let pos = position(
        e,
        &[&format!("{letter} {from}")],
        u8::from(letter.chars().all(|c| c.is_ascii_lowercase())),
    );
    destinations(e, &pos, from)
}

/// Names sorted by letter, then number.
pub fn sort_key(name: &str) -> (String, u32) {
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    (
        name[..split].to_string(),
        name[split..].parse().unwrap_or(0),
    )
}

/// The names, sorted as [`destinations`] sorts them.
pub fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort_by_key(|n| sort_key(n));
    v
}

/// Every cell reachable from `from` by repeated moves of a lone man of `letter` (itself included).
pub fn closure<const W: usize>(e: &Engine<W>, letter: char, from: Cell) -> Vec<Cell> {
    let kind = e.kind_by_letter(letter).unwrap();
    let mut seen = vec![from];
    let mut i = 0;
    while i < seen.len() {
        let c = seen[i];
        for t in e.reach_on_empty_board(Player(0), kind, c) {
            if !seen.contains(&t) {
                seen.push(t);
            }
        }
        i += 1;
    }
    seen.sort();
    seen
}

/// The legal move from `from` to `to`.
pub fn find_move<const W: usize>(e: &Engine<W>, pos: &Position<W>, from: &str, to: &str) -> Move {
    let (f, t) = (e.parse_cell(from).unwrap(), e.parse_cell(to).unwrap());
    let mut moves = Vec::new();
    e.generate_legal(pos, &mut moves);
    *moves
        .iter()
        .find(|m| m.from == f && m.to == t)
        .expect("legal move")
}
