//! Move and board geometry of the cubic games: Raumschach's promotion (raumschach.md), the boards
//! as drawn (levels A.. side by side; the 8x8x8 colour levels), and the four-player game of
//! cubic8.md, whose men belong to four players.

mod common;

use common::*;
use spacechess_cubic::{Cubic, Cubic8};
use spacechess_variant::{BoardModel, MoveKind, Player, Variant};

/// (panel name, grid row, grid column, row, column) of a named cell.
fn place(board: &BoardModel, name: &str) -> (String, usize, usize, usize, usize) {
    let c = board.by_name(name).unwrap_or_else(|| panic!("{name}"));
    let p = &board.panels[c.panel];
    (p.name.clone(), p.grid_row, p.grid_column, c.row, c.column)
}

fn at(
    name: &str,
    grid: (usize, usize),
    row: usize,
    column: usize,
) -> (String, usize, usize, usize, usize) {
    (name.to_string(), grid.0, grid.1, row, column)
}

/// raumschach.md: a pawn reaching the last rank of the top level (for White) promotes; the
/// promotion letter is in the geometry, the pawn's and the destination's cells as written.
#[test]
fn raumschach_promotion() {
    let g = Cubic::raumschach(None, &[]).unwrap();
    let p = position(&g, &[('P', "Dc5", 0), ('K', "Aa1", 0), ('K', "Ae5", 1)], 0);
    let board = g.board();
    let m = g.parse_move(&p, "Dc5-Ec5=U").unwrap();
    let i = g.move_info(&p, &m);
    assert_eq!((i.kind, i.promotion), (MoveKind::Promotion, Some('U')));
    assert_eq!((board.name(i.from[0]), board.name(i.to[0])), ("Dc5", "Ec5"));
    assert!(i.captures.is_empty());
    let m = g.parse_move(&p, "Aa1-Ba2").unwrap();
    assert_eq!(g.move_info(&p, &m).kind, MoveKind::Plain);
}

/// The Raumschach and Parton boards as the drawing shows them: levels A to E (F) left to right,
/// wrapped four to a row of 80 characters for 6x6x6; rank 5 (6) at the top of each level.
#[test]
fn level_boards_as_drawn() {
    let g = Cubic::raumschach(None, &[]).unwrap();
    let board = g.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (125, 5));
    assert_eq!(place(&board, "Ac1"), at("level A", (0, 0), 4, 2));
    assert_eq!(place(&board, "Ee5"), at("level E", (0, 4), 0, 4));
    assert_eq!(board.by_name("Cc3").unwrap().coords, [2, 2, 2]);
    for c in &board.cells {
        assert_eq!(g.engine().parse_cell(&c.name), Some(c.cell));
    }
    let g = Cubic::cubic(None, &[]).unwrap();
    let board = g.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!(place(&board, "Aa1"), at("level A", (0, 0), 5, 0));
    assert_eq!(place(&board, "Ef6"), at("level E", (1, 0), 0, 5));
    assert_eq!(place(&board, "Fa1"), at("level F", (1, 1), 5, 0));
}

/// cubic8.md §1: cells named file, rank, level colour; the drawing puts White (the top level)
/// first, four levels to a row, or two when four players' men take two characters.
#[test]
fn colour_levels_as_drawn() {
    for (g, per_row) in [
        (Cubic::cubic8(None, &[]).unwrap(), 4),
        (Cubic::cubic8_four(None, &[]).unwrap(), 2),
    ] {
        let board = g.board();
        assert_eq!(board.check(), Ok(()));
        assert_eq!((board.len(), board.panels.len()), (512, 8));
        assert_eq!(place(&board, "A8White"), at("White", (0, 0), 0, 0));
        let yellow = (3 / per_row, 3 % per_row);
        assert_eq!(place(&board, "D4Yellow"), at("Yellow", yellow, 4, 3));
        assert_eq!(board.by_name("D4Yellow").unwrap().coords, [3, 3, 4]);
        assert_eq!(
            place(&board, "H1Black"),
            at("Black", (7 / per_row, 7 % per_row), 7, 7)
        );
        for c in &board.cells {
            assert_eq!(g.engine().parse_cell(&c.name), Some(c.cell));
        }
    }
}

/// cubic8.md §2 and T10: four armies of 32 men; each player's move leaves a cell of his own men
/// (the men of players 3 and 4, written `K'`/`k'`, carry the same letters).
#[test]
fn four_players_move_their_own_men() {
    let g: Cubic8 = Cubic::cubic8_four(None, &[]).unwrap();
    let board = g.board();
    let mut pos = g.start();
    let men = g.men(&pos);
    assert_eq!(men.len(), 128);
    for p in 0..4 {
        assert_eq!(men.iter().filter(|m| m.player == Player(p)).count(), 32);
    }
    let king = |name: &str| men.iter().find(|m| board.name(m.cell) == name).copied();
    assert_eq!(
        king("E8White").map(|m| (m.player, m.piece)),
        Some((Player(2), 'K'))
    );
    assert_eq!(
        king("E1Black").map(|m| (m.player, m.piece)),
        Some((Player(3), 'K'))
    );
    for p in 0..8u8 {
        let me = g.to_move(&pos);
        assert_eq!(me, Player(p % 4));
        let moves = g.legal_moves_vec(&pos);
        let m = &moves[moves.len() / 2];
        let i = g.move_info(&pos, m);
        let men = g.men(&pos);
        let mover = men.iter().find(|x| x.cell == i.from[0]).unwrap();
        assert_eq!(mover.player, me, "{}", g.move_text(&pos, m));
        pos = g.play(&pos, m);
        let after = g.men(&pos);
        let landed = after.iter().find(|x| x.cell == i.to[0]).unwrap();
        assert_eq!((landed.player, landed.piece), (me, mover.piece));
    }
}
