//! Move and board geometry of orthodox chess (FIDE Laws of Chess, article 3): what castling, en
//! passant and promotion do on the board, the men of a position, the board model.

use spacechess_orthodox::Orthodox;
use spacechess_variant::{Man, MoveInfo, MoveKind, Player, Variant};

fn info(v: &Orthodox, fen: &str, mv: &str) -> (MoveInfo, Vec<String>) {
    let p = v.parse_position(fen).unwrap();
    let m = v.parse_move(&p, mv).unwrap();
    let i = v.move_info(&p, &m);
    let board = v.board();
    let names = [&i.from, &i.to, &i.captures]
        .iter()
        .map(|cells| {
            cells
                .iter()
                .map(|&c| board.name(c))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    (i, names)
}

const CASTLES: &str = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";

/// Art. 3.8.2: castling moves the king two squares towards the rook and the rook over the king to
/// the square the king crossed: both men are in the geometry, the king first.
#[test]
fn castling_moves_king_and_rook() {
    let v = Orthodox::new();
    let (i, names) = info(&v, CASTLES, "e1g1");
    assert_eq!(i.kind, MoveKind::Castle);
    assert_eq!(names, ["e1,h1", "g1,f1", ""]);
    let (i, names) = info(&v, CASTLES, "e1c1");
    assert_eq!(i.kind, MoveKind::Castle);
    assert_eq!(names, ["e1,a1", "c1,d1", ""]);
}

/// Art. 3.7.4: the pawn that captures en passant lands on the square the other pawn crossed and
/// takes that pawn on its own square.
#[test]
fn en_passant_captures_beside_the_destination() {
    let v = Orthodox::new();
    let (i, names) = info(&v, CASTLES, "e5d6");
    assert_eq!(i.kind, MoveKind::EnPassant);
    assert_eq!(names, ["e5", "d6", "d5"]);
    assert!(i.is_capture());
}

/// Art. 3.7.5: a pawn reaching the last rank becomes a queen, rook, bishop or knight; a capturing
/// promotion is a promotion with the captured square.
#[test]
fn promotion_names_the_new_piece() {
    let v = Orthodox::new();
    let (i, names) = info(&v, CASTLES, "b7a8n");
    assert_eq!((i.kind, i.promotion), (MoveKind::Promotion, Some('N')));
    assert_eq!(names, ["b7", "a8", "a8"]);
    let (i, names) = info(&v, CASTLES, "b7b8q");
    assert_eq!((i.kind, i.promotion), (MoveKind::Promotion, Some('Q')));
    assert_eq!(names, ["b7", "b8", ""]);
    let (i, names) = info(&v, CASTLES, "a1a8");
    assert_eq!((i.kind, i.promotion), (MoveKind::Capture, None));
    assert_eq!(names, ["a1", "a8", "a8"]);
    let (i, _) = info(&v, CASTLES, "a1a2");
    assert_eq!(i.kind, MoveKind::Plain);
}

/// A double step is a plain move (it only opens en passant).
#[test]
fn double_step_is_plain() {
    let v = Orthodox::new();
    let (i, names) = info(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e4",
    );
    assert_eq!(i, MoveInfo::step(i.from[0], i.to[0], None));
    assert_eq!(names, ["e2", "e4", ""]);
}

#[test]
fn men_of_the_start_position() {
    let v = Orthodox::new();
    let men = v.men(&v.start());
    assert_eq!(men.len(), 32);
    let board = v.board();
    let e1 = board.by_name("e1").unwrap().cell;
    assert!(men.contains(&Man {
        cell: e1,
        player: Player(0),
        piece: 'K'
    }));
    let e8 = board.by_name("e8").unwrap().cell;
    assert!(men.contains(&Man {
        cell: e8,
        player: Player(1),
        piece: 'K'
    }));
}

/// The board as drawn: one panel, rank 8 at the top, file a at the left; names parse back.
#[test]
fn board_model_is_the_drawn_board() {
    let v = Orthodox::new();
    let board = v.board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (64, 1));
    let a8 = board.by_name("a8").unwrap();
    assert_eq!((a8.row, a8.column, a8.coords.clone()), (0, 0, vec![0, 7]));
    let h1 = board.by_name("h1").unwrap();
    assert_eq!((h1.row, h1.column), (7, 7));
    for c in &board.cells {
        assert_eq!(v.engine().parse_cell(&c.name), Some(c.cell), "{}", c.name);
    }
}
