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

/// The stack's moves without fission.
fn stack_moves_nf(p: &Position, s: (i8, i8, i8)) -> Vec<Move> {
    let mut v = stack_moves(p, s);
    v.retain(|m| m.fission.is_none());
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
    let v = stack_moves_nf(&p, (5, 0, 0));
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
        let v = stack_moves_nf(&p, s);
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
    let v = stack_moves_nf(&p, (2, 0, 0));
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
    assert!(!stack_moves_nf(&p, (2, 7, 7))
        .iter()
        .any(|m| m.part.is_none() && m.to == t(6, 4, 0)));
    assert!(!stack_moves_nf(&p, (2, 7, 7))
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
        .any(|m| m.to == t(0, 7, 4) && m.fission.is_none()));
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

fn fissions_of(p: &Position, s: (i8, i8, i8)) -> Vec<Move> {
    let mut v = stack_moves(p, s);
    v.retain(|m| m.fission.is_some());
    v
}

/// 03 §4 Stack 17 (C): distinct fission moves on an empty board: centre Q4,4 558, KB1,1 289,
/// corner 231, Q1,1 304, K2,4 430.
#[test]
fn stack_17_fission_counts() {
    for (s, n) in [
        ((3, 3, 3), 558),
        ((5, 0, 0), 289),
        ((0, 0, 0), 231),
        ((3, 0, 0), 304),
        ((4, 1, 3), 430),
    ] {
        let p = pos(&[(W, Kind::Stack, s)], W);
        assert_eq!(fissions_of(&p, s).len(), n, "{s:?}");
    }
}

/// 03 §4 Stack 10 (Fig 82, A1): fission at Q1,1 through the q-tile Q5,5: duke 5 destinations
/// (QN3,3 QB4,4 Q5,5 K4,4 KB3,3), bishop 19 (the book's 18 is a miscount, A1), 94 explosions.
#[test]
fn stack_10_fig_82_fission_q_tile() {
    let s = (3, 0, 0);
    let f = t(3, 4, 4);
    let cj = spacechess_goff::fission::structures(t(s.0, s.1, s.2))
        .iter()
        .find(|c| c.f == f && c.duke.len() == 5)
        .unwrap();
    let mut duke: Vec<String> = cj
        .duke
        .iter()
        .map(|(c, _)| Tile::of(*c).book_name(W))
        .collect();
    duke.sort();
    assert_eq!(duke, ["K4,4", "KB3,3", "Q5,5", "QB4,4", "QN3,3"]);
    let mut bishop: Vec<String> = cj
        .bishop
        .iter()
        .map(|(c, _)| Tile::of(*c).book_name(W))
        .collect();
    bishop.sort();
    bishop.dedup();
    let mut want: Vec<&str> = "QR5,8 QR8,5 QN5,7 QN7,5 QB5,6 QB6,5 Q5,5 K5,6 K6,5 KB5,7 KB7,5 \
                               KN5,8 KN8,5 KR2,6 KR3,7 KR4,8 KR6,2 KR7,3 KR8,4"
        .split_whitespace()
        .collect();
    want.sort();
    assert_eq!(bishop, want);
    let pairs: usize = bishop.len() * duke.len() - 1; // minus (Q5,5, Q5,5)
    assert_eq!(pairs, 94);
}

/// 03 §4 Stack 11 (Fig 83, A6): fission at K2,4 through the Feynman tile KN6,6: bishop 5 (K4,6
/// KB5,6 KN4,4 KN5,5 KN6,6), duke 7 (QN5,1 QB6,2 Q7,3 K8,4 KB7,5 KN6,6 KR5,7), 34 explosions.
#[test]
fn stack_11_fig_83_fission_feynman() {
    let s = t(4, 1, 3);
    let f = Tile::parse_book("KN6,6", W).unwrap().cell();
    let cj = spacechess_goff::fission::structures(s)
        .iter()
        .find(|c| c.f == f)
        .unwrap();
    let names = |l: &[(spacechess_geometry::Cell, _)]| {
        let mut v: Vec<String> = l.iter().map(|(c, _)| Tile::of(*c).book_name(W)).collect();
        v.sort();
        v
    };
    assert_eq!(
        names(&cj.bishop),
        ["K4,6", "KB5,6", "KN4,4", "KN5,5", "KN6,6"]
    );
    assert_eq!(
        names(&cj.duke),
        ["K8,4", "KB7,5", "KN6,6", "KR5,7", "Q7,3", "QB6,2", "QN5,1"]
    );
    assert_eq!(cj.bishop.len() * cj.duke.len() - 1, 34);
}

/// 03 §4 Stack 12 (L7753-7757) / §2.5: an enemy on KN4,4 (an end tile of the Fig 83 bishop square)
/// is captured by fission even when the bishop's decay there is blocked in both planes; the
/// fission is played, printed and parsed; it attacks for check.
#[test]
fn stack_12_fission_captures_end_tile() {
    let g = Goff::new();
    let s = (4, 1, 3);
    let target = Tile::parse_book("KN4,4", W).unwrap();
    let men = vec![
        (W, Kind::Stack, s),
        (B, Kind::Knight, (target.z, target.a, target.b)),
        (W, Kind::Knight, (5, 1, 2)),
        (W, Kind::Knight, (4, 2, 2)),
    ];
    let p = pos(&men, W);
    let v = stack_moves(&p, s);
    let tc = target.cell();
    assert!(!v.iter().any(|m| m.part == Some(Kind::Bishop) && m.to == tc));
    let fis: Vec<&Move> = v
        .iter()
        .filter(|m| m.fission.is_some() && m.to == tc)
        .collect();
    assert!(!fis.is_empty());
    let m = *fis[0];
    let text = g.move_text(&p, &m);
    assert!(text.starts_with("S f BxKN4,4, D@"), "{text}");
    assert_eq!(g.parse_move(&p, &text).unwrap(), m);
    let after = g.play(&p, &m);
    assert_eq!(after.piece_at(tc).unwrap().kind, Kind::Bishop);
    assert_eq!(after.piece_at(m.fission.unwrap()).unwrap().kind, Kind::Duke);
    assert!(after.piece_at(t(s.0, s.1, s.2)).is_none());
    // the same tile holding a Black king: in check by fission only
    let mut men = men;
    men[1].1 = Kind::King;
    let p = pos(&men, B);
    assert!(in_check(&p, B));
}

/// 03 A1: a q-tile fission needs the whole advancement rectangle of the bishop's plane clear, not
/// just the square holding its destination. Fig 82's stack on Q1,1, fission through Q5,5 with the
/// bishop to QB5,6: a man on K2,1 (in the other square of that rectangle) forbids the
/// fission, while the bishop's decay to QB5,6 stays legal.
#[test]
fn a1_q_tile_fission_needs_the_rectangle() {
    let stack = |extra: &[(spacechess_variant::Player, Kind, (i8, i8, i8))]| {
        let mut men = vec![(W, Kind::Stack, (3, 0, 0))];
        men.extend_from_slice(extra);
        let p = pos(&men, W);
        let mut v = Vec::new();
        pseudo_moves(
            &p,
            spacechess_goff::Piece {
                player: W,
                kind: Kind::Stack,
            },
            t(3, 0, 0),
            &mut v,
        );
        v
    };
    let x = Tile::parse_book("QB5,6", W).unwrap().cell();
    let f = Tile::parse_book("Q5,5", W).unwrap().cell();
    let fission = |v: &[Move]| v.iter().any(|m| m.to == x && m.fission == Some(f));
    let decay = |v: &[Move]| v.iter().any(|m| m.to == x && m.part == Some(Kind::Bishop));
    let open = stack(&[]);
    assert!(fission(&open) && decay(&open));
    let k21 = Tile::parse_book("K2,1", W).unwrap();
    let blocked = stack(&[(W, Kind::Knight, (k21.z, k21.a, k21.b))]);
    assert!(!fission(&blocked));
    assert!(decay(&blocked));
}
