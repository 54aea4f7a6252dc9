//! Move and board geometry of Spectral Realm Chess (spectral-realm.md): moves to and from the
//! points keep the ordinary kinds and the board model marks the points; en passant from a square
//! and from a point (T17), promotion on the points (T19), castling as in orthodox chess (§6).

mod common;

use common::{cell, setup};
use spacechess_spectral::board::parse_name;
use spacechess_spectral::{Spectral, START};
use spacechess_variant::{MoveInfo, MoveKind, Variant};

fn info(v: &Spectral, p: &spacechess_spectral::SpectralPosition, mv: &str) -> MoveInfo {
    let m = v.parse_move(p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    v.move_info(p, &m)
}

/// T17: after d7-d5, e5xd6 and *cd56xd6 both land on d6 and both take the pawn on d5.
#[test]
fn t17_en_passant_from_square_and_point() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("P", "e5"),
            ("P", "*cd56"),
            ("p", "d7"),
            ("K", "h1"),
            ("k", "a8"),
        ],
        "b",
    );
    let p = v.play(&p, &v.parse_move(&p, "d7-d5").unwrap());
    for (mv, from) in [("e5xd6", "e5"), ("*cd56xd6", "*cd56")] {
        let i = info(&v, &p, mv);
        assert_eq!(i.kind, MoveKind::EnPassant, "{mv}");
        assert_eq!((i.from, i.to), (vec![cell(from)], vec![cell("d6")]), "{mv}");
        assert_eq!(i.captures, [cell("d5")], "{mv}");
    }
}

/// T19: a pawn on *cd67 promotes on the point *cd78 to a Rook or a Knight; the board model marks
/// the destination as a point.
#[test]
fn t19_promotion_on_a_point() {
    let v = Spectral::new();
    let p = setup(&v, &[("P", "*cd67"), ("K", "a1"), ("k", "h8")], "w");
    let board = v.board();
    let mut letters = Vec::new();
    for m in v.legal_moves_vec(&p) {
        let i = v.move_info(&p, &m);
        if i.from != [cell("*cd67")] {
            continue;
        }
        assert_eq!(
            (i.kind, i.to.clone()),
            (MoveKind::Promotion, vec![cell("*cd78")])
        );
        assert!(board.cell(i.to[0]).unwrap().point);
        letters.push(i.promotion.unwrap());
    }
    letters.sort();
    assert_eq!(letters, ['N', 'R']);
}

/// §2 (King) and §6: a half-step to a point is a plain move; castling moves king and rook as in
/// orthodox chess.
#[test]
fn half_steps_and_castling() {
    let v = Spectral::new();
    let p = v
        .parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let board = v.board();
    let i = info(&v, &p, "e1-*de12");
    assert_eq!(i, MoveInfo::step(cell("e1"), cell("*de12"), None));
    assert!(board.cell(i.to[0]).unwrap().point);
    assert!(!board.cell(i.from[0]).unwrap().point);
    let i = info(&v, &p, "O-O");
    assert_eq!(i.kind, MoveKind::Castle);
    assert_eq!(i.from, [cell("e1"), cell("h1")]);
    assert_eq!(i.to, [cell("g1"), cell("f1")]);
    let i = info(&v, &p, "O-O-O");
    assert_eq!(i.from, [cell("e1"), cell("a1")]);
    assert_eq!(i.to, [cell("c1"), cell("d1")]);
    let i = info(&v, &p, "a1xa8");
    assert_eq!(i, MoveInfo::step(cell("a1"), cell("a8"), Some(cell("a8"))));
}

/// §1: 64 squares and 49 points, drawn interleaved on one 15x15 grid (rank 8 at the top).
#[test]
fn board_of_squares_and_points() {
    let v = Spectral::new();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (113, 1));
    assert_eq!(board.points().count_ones(), 49);
    assert_eq!((board.panels[0].rows, board.panels[0].columns), (15, 15));
    let a8 = board.by_name("a8").unwrap();
    assert_eq!((a8.row, a8.column, a8.point), (0, 0, false));
    let p = board.by_name("*de45").unwrap();
    assert_eq!(
        (p.row, p.column, p.point, p.coords.clone()),
        (7, 7, true, vec![7, 7])
    );
    let h1 = board.by_name("h1").unwrap();
    assert_eq!((h1.row, h1.column), (14, 14));
    for c in &board.cells {
        assert_eq!(parse_name(&c.name), Some(c.cell));
    }
    let men = v.men(&v.parse_position(START).unwrap());
    assert_eq!(men.len(), 32);
    assert!(men.iter().all(|m| !board.cell(m.cell).unwrap().point));
}
