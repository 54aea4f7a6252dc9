//! The stack (rules/goff/03 §2 and the stack test vectors of 03 §4, the half-life of 03 §5).

mod common;

use common::*;
use spacechess_goff::halflife::{counts, experiment};
use spacechess_goff::movegen::{in_check, pseudo_moves};
use spacechess_goff::{Goff, Kind, Move, Piece, Position, Tile};
use spacechess_variant::{Player, Variant};

fn stack_moves(p: &Position, s: (i8, i8, i8)) -> Vec<Move> {
    let g = Goff::new();
    let mut v = Vec::new();
    g.legal_moves(p, &mut v);
    v.retain(|m| m.from == t(s.0, s.1, s.2));
    v
}

fn count(v: &[Move], part: Option<Kind>) -> usize {
    v.iter().filter(|m| m.part == part).count()
}

fn cell(name: &str, p: Player) -> spacechess_geometry::Cell {
    Tile::parse_book(name, p).unwrap().cell()
}

/// 03 §4 Stack 1 (L6875, L6930-6966): from KB1,1 the bishop decays to 94 tiles, the duke to 79, 14
/// shared, 159 in all; as a stack 14 moves (9 q-tiles + 5 Feynman).
#[test]
fn stack_1_from_kb11() {
    let p = pos(&[(W, Kind::Stack, (5, 0, 0))], W);
    let v = stack_moves(&p, (5, 0, 0));
    assert_eq!(count(&v, Some(Kind::Bishop)), 94);
    assert_eq!(count(&v, Some(Kind::Duke)), 79);
    assert_eq!(count(&v, None), 14);
    let mut tiles: Vec<_> = v.iter().map(|m| m.to).collect();
    tiles.sort();
    tiles.dedup();
    assert_eq!(tiles.len(), 159);
    // q-tiles: offsets 2k e (e an edge ray); Feynman: a permutation of (2,2,4)k
    let (q, f): (Vec<_>, Vec<_>) = v
        .iter()
        .filter(|m| m.part.is_none())
        .map(|m| {
            let x = Tile::of(m.to);
            let mut d = [x.z - 5, x.a, x.b].map(|c| c.abs());
            d.sort();
            d
        })
        .partition(|d| d[0] == 0);
    assert_eq!((q.len(), f.len()), (9, 5));
}

/// 03 §4 Stack 2 (L7882-7897): as a stack 12 tiles from the corner (9 q + 3 F), 27 from the
/// centre (15 q + 12 F); as either piece 151 from the corner and 235 from the centre.
#[test]
fn stack_2_corner_and_centre() {
    for (s, stack, either) in [((0, 0, 0), 12, 151), ((3, 3, 3), 27, 235)] {
        let p = pos(&[(W, Kind::Stack, s)], W);
        let v = stack_moves(&p, s);
        assert_eq!(count(&v, None), stack, "{s:?}");
        let mut tiles: Vec<_> = v.iter().map(|m| m.to).collect();
        tiles.sort();
        tiles.dedup();
        assert_eq!(tiles.len(), either, "{s:?}");
    }
}

/// 03 §4 Stack 3: in the start position both stacks of each side have no move of any kind.
#[test]
fn stack_3_start_position() {
    let s = Position::start();
    for c in s.of_kind(Kind::Stack) {
        let pc = s.piece_at(c).unwrap();
        let mut v = Vec::new();
        pseudo_moves(&s, pc, c, &mut v);
        assert!(v.is_empty(), "{:?}", Tile::of(c));
    }
}

/// 03 §4 Stack 4 (Fig 76, L7033-7059): White's QB stack, `SD - KN5,1` (upleft plane, apex of a 3x3
/// edge quadrant; a q-tile, and the perimeter-1 q-tile K3,1 lies the same way).
#[test]
fn stack_4_fig_76_duke_decay() {
    let g = Goff::new();
    let p = pos(&[(W, Kind::Stack, (2, 0, 0))], W);
    let m = g.parse_move(&p, "SD - KN5,1").unwrap();
    assert_eq!(
        (m.from, m.to, m.part),
        (t(2, 0, 0), t(6, 4, 0), Some(Kind::Duke))
    );
    assert_eq!(g.move_text(&p, &m), "SD - KN5,1");
    let after = g.play(&p, &m);
    assert_eq!(after.piece_at(t(6, 4, 0)).unwrap().kind, Kind::Duke);
    assert_eq!(after.piece_at(t(2, 0, 0)).unwrap().kind, Kind::Bishop);
    // KN5,1 and K3,1 are also stack-move tiles (q-tiles)
    let v = stack_moves(&p, (2, 0, 0));
    assert!(v.iter().any(|m| m.part.is_none() && m.to == t(6, 4, 0)));
    assert!(v.iter().any(|m| m.part.is_none() && m.to == t(4, 2, 0)));
}

/// 03 §4 Stack 5 (Fig 77, L7094-7123): Black's QB stack emits its bishop to Black KN4,8 = White
/// KN5,1 (perimeter 4 in Black's rightward plane); not an overlap tile.
#[test]
fn stack_5_fig_77_bishop_decay() {
    let g = Goff::new();
    let p = pos(&[(B, Kind::Stack, (2, 7, 7))], B);
    assert_eq!(cell("KN4,8", B), t(6, 4, 0));
    let m = g.parse_move(&p, "SB - KN4,8").unwrap();
    assert_eq!(m.part, Some(Kind::Bishop));
    assert!(!stack_moves(&p, (2, 7, 7))
        .iter()
        .any(|m| m.part.is_none() && m.to == t(6, 4, 0)));
    assert!(!stack_moves(&p, (2, 7, 7))
        .iter()
        .any(|m| m.part == Some(Kind::Duke) && m.to == t(6, 4, 0)));
}

/// 03 §4 Stack 6 (Fig 78, L7142-7195): recombination. The gold duke on QN1,1 joins the bishop on
/// KB1,1 (duplex, perimeter 2, major and minor planes); a king between does not block, a man on
/// Q1,1 blocks both squares.
#[test]
fn stack_6_fig_78_recombination() {
    let g = Goff::new();
    let base = [(W, Kind::Duke, (1, 0, 0)), (W, Kind::Bishop, (5, 0, 0))];
    let p = pos(&base, W);
    let m = g.parse_move(&p, "D r B@KB1,1").unwrap();
    assert_eq!((m.from, m.to), (t(1, 0, 0), t(5, 0, 0)));
    assert_eq!(g.move_text(&p, &m), "D r B@KB1,1");
    assert!(g.parse_move(&p, "D cr B@KB1,1").is_ok());
    let after = g.play(&p, &m);
    assert_eq!(
        after.piece_at(t(5, 0, 0)),
        Some(Piece {
            player: W,
            kind: Kind::Stack
        })
    );
    assert!(after.piece_at(t(1, 0, 0)).is_none());
    for between in [(2, 0, 0), (4, 0, 0)] {
        let mut men = base.to_vec();
        men.push((W, Kind::King, between));
        assert!(can(&pos(&men, W), t(1, 0, 0), t(5, 0, 0)), "{between:?}");
    }
    let mut men = base.to_vec();
    men.push((W, Kind::Knight, (3, 0, 0)));
    assert!(!can(&pos(&men, W), t(1, 0, 0), t(5, 0, 0)));
    // Black's bishop to Black Q1,3 = White Q8,6 joins a duke: "B r D@Q8,6" (the book does not
    // give the source; here a linear move along (0,1,1))
    let p = pos(
        &[(B, Kind::Bishop, (3, 3, 1)), (B, Kind::Duke, (3, 7, 5))],
        B,
    );
    let m = g.parse_move(&p, "B r D@Q1,3").unwrap();
    assert_eq!(m.to, cell("Q1,3", B));
}

/// 03 §4 Stack 7 (Fig 79): the cross stack gold-black on K2,2 is a black, gold tile.
#[test]
fn stack_7_fig_79_cross_stack_tile() {
    let x = Tile::parse_book("K2,2", W).unwrap();
    assert!(!x.is_white());
    assert_eq!(x.duke_colour(), "gold");
}

/// 03 §4 Stack 8 (Fig 80, L7427-7441): duke teleport Q5,1 -> QR8,6 (downleft plane, perimeter 4)
/// onto a lone bishop of the other colour: the result is a stack, the source a lone bishop.
#[test]
fn stack_8_fig_80_duke_teleport() {
    let g = Goff::new();
    let p = pos(
        &[(W, Kind::Stack, (3, 4, 0)), (W, Kind::Bishop, (0, 7, 5))],
        W,
    );
    let m = g.parse_move(&p, "D t QR8,6").unwrap();
    assert_eq!(
        (m.from, m.to, m.part),
        (t(3, 4, 0), t(0, 7, 5), Some(Kind::Duke))
    );
    assert_eq!(g.move_text(&p, &m), "D t QR8,6");
    let after = g.play(&p, &m);
    assert_eq!(after.piece_at(t(0, 7, 5)).unwrap().kind, Kind::Stack);
    assert_eq!(after.piece_at(t(3, 4, 0)).unwrap().kind, Kind::Bishop);
    // A4: a same-coloured bishop there: no teleport
    let p = pos(
        &[(W, Kind::Stack, (3, 4, 0)), (W, Kind::Bishop, (0, 7, 4))],
        W,
    );
    assert_eq!(Tile::new(0, 7, 4).is_white(), Tile::new(3, 4, 0).is_white());
    assert!(!stack_moves(&p, (3, 4, 0))
        .iter()
        .any(|m| m.to == t(0, 7, 4)));
}

/// 03 §4 Stack 9 (Fig 81, L7449-7466): bishop teleport KR1,1 -> QN8,2 (rightward plane, 7x7
/// square) onto a duke of the other duke colour.
#[test]
fn stack_9_fig_81_bishop_teleport() {
    let g = Goff::new();
    let p = pos(
        &[(W, Kind::Stack, (7, 0, 0)), (W, Kind::Duke, (1, 7, 1))],
        W,
    );
    let m = g.parse_move(&p, "B t QN8,2").unwrap();
    assert_eq!(m.part, Some(Kind::Bishop));
    let after = g.play(&p, &m);
    assert_eq!(after.piece_at(t(1, 7, 1)).unwrap().kind, Kind::Stack);
    assert_eq!(after.piece_at(t(7, 0, 0)).unwrap().kind, Kind::Duke);
    assert_ne!(
        Tile::new(7, 0, 0).duke_colour(),
        Tile::new(1, 7, 1).duke_colour()
    );
}

/// 03 §2.1 / §2.5: capturing a stack removes it whole; a stack attacks by decay (check).
#[test]
fn stack_capture_and_check() {
    let g = Goff::new();
    let p = pos(
        &[
            (W, Kind::Rook, (0, 0, 0)),
            (B, Kind::Stack, (0, 0, 5)),
            (W, Kind::King, (7, 0, 0)),
            (B, Kind::King, (7, 7, 7)),
        ],
        W,
    );
    let m = Move::new(t(0, 0, 0), t(0, 0, 5));
    let after = g.play(&p, &m);
    assert!(after.of_kind(Kind::Stack).is_empty());
    assert_eq!(after.occupied().len(), 3);
    // a Black stack checks by its bishop (edge ray) and by its duke (vertex ray)
    let p = pos(
        &[(B, Kind::Stack, (3, 3, 3)), (W, Kind::King, (3, 5, 5))],
        W,
    );
    assert!(in_check(&p, W));
    let p = pos(
        &[(B, Kind::Stack, (3, 3, 3)), (W, Kind::King, (5, 5, 5))],
        W,
    );
    assert!(in_check(&p, W));
    // a rook step is neither a bishop nor a duke move
    let p = pos(
        &[(B, Kind::Stack, (3, 3, 3)), (W, Kind::King, (3, 3, 4))],
        W,
    );
    assert!(!in_check(&p, W));
}

/// 03 §4 Stack 14 (L15759-15791): White's stack QN3,3 -> KB5,5 is a Feynman stack move; Black's
/// stack Q3,3 -> Q7,7 (Black notation) is a q-tile stack move.
#[test]
fn stack_14_split_stack_gambit_moves() {
    let g = Goff::new();
    let p = pos(&[(W, Kind::Stack, (1, 2, 2))], W);
    let m = g.parse_move(&p, "S - KB5,5").unwrap();
    assert_eq!(m.part, None);
    let p = pos(&[(B, Kind::Stack, (3, 5, 5))], B);
    let m = g.parse_move(&p, "S - Q7,7").unwrap();
    assert_eq!(m.part, None);
}

/// 03 §4 Stack 16 (L6998-7001): Black's stack KB1,1 -> his Q3,3 is a duke linear move, not an
/// overlap tile: not a stack move (only a duke decay).
#[test]
fn stack_16_trick_question() {
    let g = Goff::new();
    let p = pos(&[(B, Kind::Stack, (5, 7, 7))], B);
    assert!(g.parse_move(&p, "S - Q3,3").is_err());
    let m = g.parse_move(&p, "SD - Q3,3").unwrap();
    assert_eq!(m.part, Some(Kind::Duke));
}

/// 03 §5 half-life (L18030-18068): from every centre tile 147 bishop tiles, 115 duke tiles, 27
/// common, 235 in all (120 bishop-only, 88 duke-only); lambda = 88.5%, T1/2 = 0.783 moves.
#[test]
fn half_life_figures() {
    for z in 3..5 {
        for a in 3..5 {
            for b in 3..5 {
                let h = counts(z, a, b);
                assert_eq!((h.bishop, h.duke, h.common, h.total), (147, 115, 27, 235));
                assert_eq!((h.bishop - h.common, h.duke - h.common), (120, 88));
                assert_eq!(format!("{:.1}", 100.0 * h.lambda), "88.5");
                assert_eq!(format!("{:.3}", h.half_life), "0.783");
            }
        }
    }
    // "a thousand boards": the survivors are about 27/235 of them
    let s = experiment(1000, 7);
    assert!((70..=160).contains(&s), "{s}");
}
