//! Move and board geometry of Parton's boards of boards: Sphinx's 3x3 boards of 4x4 squares
//! (sphinx.md §1, §4, §5), the reduced board (§6), Ecila's Cubes and its placement phase
//! (ecila.md §1, §4).

mod common;

use common::position;
use spacechess_sphinx::{Ecila27, Ecila8, EcilaOptions, ReducedSphinx, SphinxChess};
use spacechess_variant::{BoardModel, Man, MoveKind, Player, Variant};

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

/// sphinx.md §1: boards a b c (Black's side) over d e f over g h i, squares 1-16 row by row from
/// the top-left; the model places them so, as the drawing does.
#[test]
fn sphinx_board_of_boards() {
    let v = SphinxChess::chess();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (144, 9));
    assert_eq!(place(&board, "a1"), at("a", (0, 0), 0, 0));
    assert_eq!(place(&board, "e6"), at("e", (1, 1), 1, 1));
    assert_eq!(place(&board, "i16"), at("i", (2, 2), 3, 3));
    assert_eq!(place(&board, "g13"), at("g", (2, 0), 3, 0));
    // Engine axes (C, R, c, r): h15 is the spec's (R, C, r, c) = (0, 1, 0, 2).
    assert_eq!(board.by_name("h15").unwrap().coords, [1, 0, 2, 0]);
    for c in &board.cells {
        assert_eq!(v.engine().parse_cell(&c.name), Some(c.cell));
    }
    // §4: White's back rank on g, h, i 13-16: P R C P, B Q K B, P C R P.
    let men = v.men(&v.start());
    assert_eq!(men.len(), 32);
    let on = |name: &str| men.iter().find(|m| board.name(m.cell) == name).copied();
    assert_eq!(
        on("h15"),
        Some(Man {
            cell: board.by_name("h15").unwrap().cell,
            player: Player(0),
            piece: 'K'
        })
    );
    assert_eq!(on("g14").map(|m| m.piece), Some('R'));
    assert_eq!(
        on("b2").map(|m| (m.player, m.piece)),
        Some((Player(1), 'Q'))
    );
}

/// sphinx.md §5: a White pawn reaching squares 1-4 of a, b or c is promoted (Q, R, B or C); a
/// capture is in the geometry with the captured square.
#[test]
fn sphinx_promotion_and_capture() {
    let v = SphinxChess::chess();
    let e = v.engine();
    let board = v.board();
    let p = position(e, &["P b6", "K h15", "k e6", "r b1"], 0);
    let mut seen = Vec::new();
    for m in v.legal_moves_vec(&p) {
        let i = v.move_info(&p, &m);
        if board.name(i.from[0]) != "b6" {
            continue;
        }
        let to = board.name(i.to[0]);
        let captured: Vec<&str> = i.captures.iter().map(|&c| board.name(c)).collect();
        if to == "b1" {
            assert_eq!(captured, ["b1"], "{}", v.move_text(&p, &m));
        }
        if board.cell(i.to[0]).unwrap().row == 0 {
            assert_eq!(i.kind, MoveKind::Promotion);
            assert!(matches!(i.promotion, Some('Q' | 'R' | 'B' | 'C')));
        } else {
            assert!(matches!(i.kind, MoveKind::Plain | MoveKind::Capture));
        }
        seen.push((to.to_string(), i.kind));
    }
    assert!(
        seen.contains(&("b2".to_string(), MoveKind::Promotion)),
        "{seen:?}"
    );
    assert!(
        seen.contains(&("b1".to_string(), MoveKind::Promotion)),
        "{seen:?}"
    );
}

/// sphinx.md §6: the reduced board is the ordinary board, drawn as one 8x8 board.
#[test]
fn reduced_board_is_the_ordinary_board() {
    let v = ReducedSphinx::chess();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (64, 1));
    assert_eq!(place(&board, "a8"), at("", (0, 0), 0, 0));
    assert_eq!(place(&board, "e1"), at("", (0, 0), 7, 4));
    for c in &board.cells {
        assert_eq!(v.engine().parse_cell(&c.name), Some(c.cell));
    }
}

/// ecila.md §4: the game opens with placements, the king first: a placement leaves no cell and
/// lands on one; the man placed is then on the board.
#[test]
fn ecila_placement_has_no_from_cell() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let board = v.board();
    let start = v.start();
    assert!(v.men(&start).is_empty());
    let m = v.parse_move(&start, "K@A1").unwrap();
    let i = v.move_info(&start, &m);
    assert_eq!(i.kind, MoveKind::Placement);
    assert!(i.from.is_empty() && i.captures.is_empty() && i.promotion.is_none());
    assert_eq!(board.name(i.to[0]), "A1");
    let after = v.play(&start, &m);
    assert_eq!(
        v.men(&after),
        [Man {
            cell: i.to[0],
            player: Player(0),
            piece: 'K'
        }]
    );
    // Every legal placement of the opening is a king's.
    assert!(v
        .legal_moves_vec(&start)
        .iter()
        .all(|m| v.move_info(&start, m).kind == MoveKind::Placement));
}

/// ecila.md §1: eight Cubes A-H (A B over C D above, E F over G H below), cells numbered from the
/// top layer down; the drawing shows one platform (a layer of four Cubes) per panel.
#[test]
fn ecila_platforms() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (64, 4));
    assert_eq!(place(&board, "A1"), at("platform 1: A-D 1-4", (0, 0), 0, 0));
    assert_eq!(place(&board, "D4"), at("platform 1: A-D 1-4", (0, 0), 3, 3));
    assert_eq!(place(&board, "B5"), at("platform 2: A-D 5-8", (0, 1), 0, 2));
    assert_eq!(place(&board, "H8"), at("platform 4: E-H 5-8", (1, 0), 3, 3));
    for c in &board.cells {
        assert_eq!(v.engine().parse_cell(&c.name), Some(c.cell));
    }
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (216, 6));
    assert_eq!(
        place(&board, "G27"),
        at("platform 6: E-H 19-27", (1, 2), 5, 2)
    );
    for c in &board.cells {
        assert_eq!(v.engine().parse_cell(&c.name), Some(c.cell));
    }
}
