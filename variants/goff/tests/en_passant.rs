//! En passant (rules/goff/04 §3, Congruent Rule 54) and the test vectors of 04 §3.3: a White pawn
//! on KB2,2 = (5,1,1) double advances, Black to move.

mod common;

use common::*;
use spacechess_goff::movegen::en_passant;
use spacechess_goff::{Goff, Kind, Move, Position};
use spacechess_variant::Variant;

/// The position after White's double advance (5,1,1) -> `to` with Black pawns on `blacks` (and
/// any extra men), Black to move.
fn after_double(to: (i8, i8, i8), blacks: &[(i8, i8, i8)], extra: &[(i8, i8, i8)]) -> Position {
    let mut men = vec![(W, Kind::Pawn, (5, 1, 1))];
    men.extend(blacks.iter().map(|&c| (B, Kind::Pawn, c)));
    men.extend(extra.iter().map(|&c| (W, Kind::Knight, c)));
    let p = pos(&men, W);
    let m = Move::new(t(5, 1, 1), t(to.0, to.1, to.2));
    let g = Goff::new();
    let mut v = Vec::new();
    g.legal_moves(&p, &mut v);
    assert!(v.contains(&m));
    g.play(&p, &m)
}

/// The e.p. captures as ((from), (path tile)), sorted.
type Z = (i8, i8, i8);

fn ep(p: &Position) -> Vec<(Z, Z)> {
    let z = |c: spacechess_geometry::Cell| {
        let x = spacechess_goff::Tile::of(c);
        (x.z, x.a, x.b)
    };
    let mut v: Vec<_> = en_passant(p).iter().map(|m| (z(m.from), z(m.to))).collect();
    v.sort();
    v
}

const APEX: (i8, i8, i8) = (5, 3, 3);
const END: (i8, i8, i8) = (5, 3, 1);
const BETWEEN: (i8, i8, i8) = (5, 3, 2);

/// 04 §3.3 Fig 117: KN4,4 and K4,4 both capture to KB3,3 by direct.
#[test]
fn fig_117_direct() {
    let p = after_double(APEX, &[(6, 3, 3), (4, 3, 3)], &[]);
    assert_eq!(ep(&p), [((4, 3, 3), (5, 2, 2)), ((6, 3, 3), (5, 2, 2))]);
    // played: the pawn moves to the path tile and the White pawn disappears
    let g = Goff::new();
    let m = g.parse_move(&p, "P(K5,5) x KB6,6 e.p.").unwrap();
    assert_eq!(g.move_text(&p, &m), "P(K5,5) x KB6,6 e.p.");
    let after = g.play(&p, &m);
    assert!(after.piece_at(t(5, 3, 3)).is_none());
    assert_eq!(after.piece_at(t(5, 2, 2)).unwrap().kind, Kind::Pawn);
    assert!(after.of_player(W).is_empty());
    assert!(after.piece_at(t(4, 3, 3)).is_none());
    assert_eq!(after.occupied().len(), 2);
    // the right expires after one move
    assert!(en_passant(&after).is_empty());
}

/// 04 §3.3 Fig 118: predators KR4,4, Q4,4 and slings KN5,4, K5,4 all capture to KB3,3 (the slings
/// only in the fictitious position); pieces on KN4,3 and K4,3 block all of them.
#[test]
fn fig_118_predator_sling() {
    let blacks = [(7, 3, 3), (3, 3, 3), (6, 4, 3), (4, 4, 3)];
    let p = after_double(APEX, &blacks, &[]);
    assert_eq!(ep(&p).len(), 4);
    assert!(ep(&p).iter().all(|&(_, to)| to == (5, 2, 2)));
    let p = after_double(APEX, &blacks, &[(6, 3, 2), (4, 3, 2)]);
    assert!(ep(&p).is_empty());
}

/// 04 §3.3 Fig 119 (dart, KB5,5) and Fig 120 (reduced, KN4,3 and K4,3).
#[test]
fn fig_119_120_dart_reduced() {
    assert_eq!(
        ep(&after_double(APEX, &[(5, 4, 4)], &[])),
        [((5, 4, 4), (5, 2, 2))]
    );
    assert_eq!(
        ep(&after_double(APEX, &[(6, 3, 2), (4, 3, 2)], &[])).len(),
        2
    );
}

/// 04 §3.3 Figs 121-124: to the end tile KB4,2, path KB3,2: direct (KN4,3, K4,3), predators and
/// slings, dart (KB5,4), reduced (KN3,3, K4,2).
#[test]
fn fig_121_124_end_tile() {
    for blacks in [
        vec![(6, 3, 2), (4, 3, 2)],
        vec![(7, 3, 2), (3, 3, 2), (6, 4, 2), (4, 4, 2)],
        vec![(5, 4, 3)],
        vec![(6, 2, 2), (4, 3, 1)],
    ] {
        let v = ep(&after_double(END, &blacks, &[]));
        assert_eq!(v.len(), blacks.len(), "{blacks:?}");
        assert!(v.iter().all(|&(_, to)| to == (5, 2, 1)));
    }
}

/// 04 §3.3 Figs 125-127 and the computed row: a between tile has two path tiles, each must be
/// covered; KR4,4 alone covers only one, so there is no en passant at all.
#[test]
fn fig_125_127_between_tile() {
    // Fig 125: KN4,3 and K4,4, each to either tile: 4 moves
    assert_eq!(
        ep(&after_double(BETWEEN, &[(6, 3, 2), (4, 3, 3)], &[])).len(),
        4
    );
    // Fig 126: KR4,4 -> KB3,3, Q4,3 -> KB3,2
    assert_eq!(
        ep(&after_double(BETWEEN, &[(7, 3, 3), (3, 3, 2)], &[])),
        [((3, 3, 2), (5, 2, 1)), ((7, 3, 3), (5, 2, 2))]
    );
    // Fig 127
    assert_eq!(
        ep(&after_double(BETWEEN, &[(7, 3, 3), (7, 3, 2)], &[])),
        [((7, 3, 2), (5, 2, 1)), ((7, 3, 3), (5, 2, 2))]
    );
    // [computed]: KR4,4 only: none
    assert!(ep(&after_double(BETWEEN, &[(7, 3, 3)], &[])).is_empty());
}

/// The e.p. right is written in the position text and read back.
#[test]
fn position_text_keeps_en_passant() {
    let g = Goff::new();
    let p = after_double(APEX, &[(6, 3, 3)], &[]);
    let text = g.position_text(&p);
    let q = g.parse_position(&text).unwrap();
    assert_eq!(q.en_passant(), p.en_passant());
    assert_eq!(ep(&q), ep(&p));
}

/// 04 A21: cover is attack in the check sense, so a pinned pawn still covers its path tile and
/// another pawn may use the right (Fig 126's pawns, the KR4,4 pawn pinned by a White rook against
/// its king); the pinned pawn's own e.p. capture is refused, the other's is legal.
#[test]
fn a21_pinned_pawn_still_covers() {
    let g = Goff::new();
    let p = after_double(BETWEEN, &[(7, 3, 3), (3, 3, 2)], &[]);
    let mut pinned = p.clone();
    for (player, kind, c) in [
        (B, Kind::King, (7, 5, 3)),
        (W, Kind::Rook, (7, 0, 3)),
        (W, Kind::King, (0, 0, 7)),
    ] {
        pinned.put(t(c.0, c.1, c.2), spacechess_goff::Piece { player, kind });
    }
    assert!(!spacechess_goff::movegen::in_check(&pinned, B));
    // both pseudo-legal e.p. captures exist (every path tile is covered)
    assert_eq!(ep(&pinned), ep(&p));
    let mut v = Vec::new();
    g.legal_moves(&pinned, &mut v);
    let legal_ep: Vec<&Move> = v.iter().filter(|m| m.part == Some(Kind::Pawn)).collect();
    assert_eq!(legal_ep.len(), 1, "{legal_ep:?}");
    assert_eq!((legal_ep[0].from, legal_ep[0].to), (t(3, 3, 2), t(5, 2, 1)));
    // the pinned pawn moving would expose the king: its capture is refused with that reason
    let err = g.parse_move(&pinned, "P(KR5,5) x KB6,6 e.p.").unwrap_err();
    assert!(err.to_string().contains("check"), "{err}");
}
