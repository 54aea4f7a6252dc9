//! Move and board geometry of Goff's 3D chess (rules/goff): what fission, decay, teleport,
//! recombination, uplift, en passant and the (double) castles do on the board, the men with the
//! book's letters, and the eight levels as drawn.

mod common;

use common::*;
use spacechess_geometry::Cell;
use spacechess_goff::{Goff, Kind, Position, Tile};
use spacechess_variant::{Man, MoveInfo, MoveKind, Player, Variant};

fn info(p: &Position, text: &str) -> MoveInfo {
    let g = Goff::new();
    let m = g
        .parse_move(p, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.move_info(p, &m)
}

fn at(z: i8, a: i8, b: i8) -> Cell {
    t(z, a, b)
}

/// 03 §4 Stack 12 (§2.4.5): the fission `S f BxKN4,4, D@..` leaves one tile and lands on two,
/// the bishop's first, and takes the knight on KN4,4.
#[test]
fn fission_one_from_two_to() {
    let s = (4, 1, 3);
    let target = Tile::parse_book("KN4,4", W).unwrap().cell();
    let p = pos(
        &[
            (W, Kind::Stack, s),
            (B, Kind::Knight, (6, 3, 3)),
            (W, Kind::Knight, (5, 1, 2)),
            (W, Kind::Knight, (4, 2, 2)),
        ],
        W,
    );
    let g = Goff::new();
    let m = g
        .legal_moves_vec(&p)
        .into_iter()
        .find(|m| m.fission.is_some() && m.to == target)
        .expect("a fission onto KN4,4");
    let i = g.move_info(&p, &m);
    assert_eq!(i.kind, MoveKind::Fission);
    assert_eq!(i.from, [at(4, 1, 3)]);
    assert_eq!(i.to, [target, m.fission.unwrap()]);
    assert_eq!(i.captures, [target]);
    assert!(g.move_text(&p, &m).starts_with("S f BxKN4,4, D@"));
}

/// 03 §4 Stack 8 (Fig 80): the duke teleport `D t QR8,6` from Q5,1 onto a lone bishop: one man
/// leaves the stack's tile (the bishop stays), nothing is captured.
#[test]
fn teleport() {
    let p = pos(
        &[(W, Kind::Stack, (3, 4, 0)), (W, Kind::Bishop, (0, 7, 5))],
        W,
    );
    let i = info(&p, "D t QR8,6");
    assert_eq!(
        i,
        MoveInfo::new(MoveKind::Teleport, vec![at(3, 4, 0)], vec![at(0, 7, 5)])
    );
}

/// 03 §2.3: a decay sends out one sub-piece (`SD - ..`, `SB x ..`); the other stays on the stack's
/// tile; a decay onto an enemy captures it.
#[test]
fn decay() {
    let p = pos(
        &[(W, Kind::Stack, (3, 3, 3)), (B, Kind::Rook, (3, 5, 5))],
        W,
    );
    let g = Goff::new();
    let mut kinds = Vec::new();
    for m in g.legal_moves_vec(&p) {
        let i = g.move_info(&p, &m);
        if m.part.is_some() {
            assert_eq!(
                (i.kind, i.from.clone()),
                (MoveKind::Decay, vec![at(3, 3, 3)])
            );
            assert_eq!(i.captures.len(), usize::from(m.to == at(3, 5, 5)));
            let after = g.play(&p, &m);
            let stays = after.piece_at(at(3, 3, 3)).unwrap().kind;
            assert_ne!(Some(stays), m.part);
            kinds.push(i.captures.len());
        }
    }
    assert!(kinds.contains(&0) && kinds.contains(&1), "{kinds:?}");
    let i = info(&p, "SB x Q6,6");
    assert_eq!(
        (i.to.clone(), i.captures.clone()),
        (vec![at(3, 5, 5)], vec![at(3, 5, 5)])
    );
}

/// 03 §4 Stack 6: Black's bishop joins his duke, `B r D@Q1,3`: a recombination, no capture.
#[test]
fn recombination() {
    let p = pos(
        &[(B, Kind::Bishop, (3, 3, 1)), (B, Kind::Duke, (3, 7, 5))],
        B,
    );
    let i = info(&p, "B r D@Q1,3");
    assert_eq!(
        i,
        MoveInfo::new(
            MoveKind::Recombination,
            vec![at(3, 3, 1)],
            vec![at(3, 7, 5)]
        )
    );
}

/// 03 §3.6-3.8: a pawn on a promotion tile holding its own bishop uplifts it into a stack: a
/// promotion to `S` that captures nothing.
#[test]
fn uplift_is_a_promotion_to_the_stack() {
    let p = pos(
        &[(W, Kind::Pawn, (2, 6, 6)), (W, Kind::Bishop, (2, 7, 7))],
        W,
    );
    let g = Goff::new();
    let m = g
        .legal_moves_vec(&p)
        .into_iter()
        .find(|m| m.to == at(2, 7, 7))
        .unwrap();
    let i = g.move_info(&p, &m);
    assert_eq!((i.kind, i.promotion), (MoveKind::Promotion, Some('S')));
    assert!(i.captures.is_empty());
    assert_eq!((i.from, i.to), (vec![at(2, 6, 6)], vec![at(2, 7, 7)]));
}

/// 04 §3.3 Fig 117: after White's double advance KB2,2 - KB4,4, Black's pawn on K5,5 (Black's
/// view) takes en passant to the path tile KB6,6; the captured pawn is on the apex (5,3,3).
#[test]
fn en_passant_captures_the_doubly_advanced_pawn() {
    let g = Goff::new();
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 1, 1)),
            (B, Kind::Pawn, (6, 3, 3)),
            (B, Kind::Pawn, (4, 3, 3)),
        ],
        W,
    );
    let p = g.play(&p, &spacechess_goff::Move::new(at(5, 1, 1), at(5, 3, 3)));
    let i = info(&p, "P(K5,5) x KB6,6 e.p.");
    assert_eq!(i.kind, MoveKind::EnPassant);
    assert_eq!((i.from, i.to), (vec![at(4, 3, 3)], vec![at(5, 2, 2)]));
    assert_eq!(i.captures, [at(5, 3, 3)]);
}

/// 04 §5.2 and §5.7: a vertical castle moves the king and one rook (`CK1,1`); double castling
/// (`CL2,1;4,1`) moves the king and both rooks, the king rook from KR1,1 and the queen rook from
/// QR1,1, king first.
#[test]
fn castles_and_double_castles() {
    let mut p = pos(
        &[
            (W, Kind::King, (4, 0, 0)),
            (W, Kind::Rook, (7, 0, 0)),
            (W, Kind::Rook, (0, 0, 0)),
            (B, Kind::King, (4, 7, 7)),
        ],
        W,
    );
    p.set_unmoved(p.occupied());
    let i = info(&p, "CK1,1");
    assert_eq!(i.kind, MoveKind::Castle);
    assert_eq!(i.from, [at(4, 0, 0), at(7, 0, 0)]);
    assert_eq!(i.to, [at(6, 0, 0), at(5, 0, 0)]);
    let i = info(&p, "CL2,1;4,1");
    assert_eq!(i.kind, MoveKind::DoubleCastle);
    assert_eq!(i.from, [at(4, 0, 0), at(7, 0, 0), at(0, 0, 0)]);
    assert_eq!(i.to.len(), 3);
    assert_eq!(i.to[0], at(4, 2, 0));
    assert!(i.captures.is_empty() && i.promotion.is_none());
    let i = info(&p, "CL2,1;");
    assert_eq!((i.kind, i.from.len()), (MoveKind::Castle, 2));
}

/// 01 §2: the home column R N S Q K S N R from the QR level up, pawns on 2,2; the men carry the
/// book's letters (S for the stack).
#[test]
fn men_with_the_book_letters() {
    let g = Goff::new();
    let men = g.men(&g.start());
    assert_eq!(men.len(), 32);
    assert!(men.contains(&Man {
        cell: at(2, 0, 0),
        player: Player(0),
        piece: 'S'
    }));
    assert!(men.contains(&Man {
        cell: at(4, 7, 7),
        player: Player(1),
        piece: 'K'
    }));
}

/// The drawing: levels KR (top) to QR, four to a row; each level in White's view, left distance 8
/// at the top, right distance 1 at the left; tiles named by White's book names.
#[test]
fn eight_levels_as_drawn() {
    let board = Goff::new().board();
    assert_eq!(board.check(), Ok(()));
    assert_eq!((board.len(), board.panels.len()), (512, 8));
    let k11 = board.cell(at(4, 0, 0)).unwrap();
    assert_eq!(k11.name, "K1,1");
    let panel = &board.panels[k11.panel];
    assert_eq!(
        (panel.name.as_str(), panel.grid_row, panel.grid_column),
        ("level K", 0, 3)
    );
    assert_eq!((k11.row, k11.column), (7, 0));
    let qr = &board.panels[board.by_name("QR8,3").unwrap().panel];
    assert_eq!(
        (qr.name.as_str(), qr.grid_row, qr.grid_column),
        ("level QR", 1, 3)
    );
    let t = board.by_name("KB3,4").unwrap();
    assert_eq!((t.row, t.column, t.coords.clone()), (5, 3, vec![3, 2, 5]));
    for c in &board.cells {
        assert_eq!(Tile::parse_book(&c.name, W).map(|t| t.cell()), Ok(c.cell));
    }
}
