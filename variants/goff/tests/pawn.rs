//! The pawn (rules/goff/03 §3 and the pawn test vectors of 03 §4).

mod common;

use common::*;
use spacechess_goff::movegen::{covers, in_check, legal_destinations, PROMOTION_CHOICES};
use spacechess_goff::pawn::pawn_tables;
use spacechess_goff::text::parse_listing;
use spacechess_goff::{Goff, Kind, Move, Piece, Position, Tile};
use spacechess_variant::{Player, Variant};

fn pawn(p: Player) -> Piece {
    Piece {
        player: p,
        kind: Kind::Pawn,
    }
}

/// The tiles a pawn of `p` on `s` covers on an otherwise empty board, by White's book names.
fn capture_names(p: Player, s: (i8, i8, i8)) -> Vec<String> {
    let from = t(s.0, s.1, s.2);
    let empty = Position::empty().occupied();
    let mut v: Vec<String> = Position::board()
        .iter()
        .filter(|&c| c != from && covers(pawn(p), from, c, &empty))
        .map(|c| Tile::of(c).book_name(p))
        .collect();
    v.sort();
    v
}

/// 03 §3.4 table / §4 "Capture tiles from KB3,3: 14, by name as in Table 35 (typos fixed, A9)".
#[test]
fn fourteen_capture_tiles_from_kb33() {
    let mut want: Vec<String> = [
        "KR4,4", "Q4,4", // predator
        "KN5,4", "K4,5", "KN4,5", "K5,4", // sling
        "KN4,3", "KN3,4", "K4,3", "K3,4",  // reduced
        "KB4,4", // bead
        "KB5,5", // dart
        "KN4,4", "K4,4", // direct
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(capture_names(W, (5, 2, 2)), want);
    // Black: the same names from Black's side (03 §3.4 "Black: same offsets with da and db
    // negated").
    assert_eq!(capture_names(B, (5, 5, 5)), want);
}

/// A White pawn on KB3,3 = (5,2,2) with one enemy on `target` (White offset) and blockers on
/// `blockers` (White offsets): can it capture?
fn captures_with(target: (i8, i8, i8), blockers: &[(i8, i8, i8)]) -> bool {
    let s = (5, 2, 2);
    let at = |d: (i8, i8, i8)| (s.0 + d.0, s.1 + d.1, s.2 + d.2);
    let mut men = vec![(W, Kind::Pawn, s), (B, Kind::Knight, at(target))];
    men.extend(blockers.iter().map(|&d| (W, Kind::Knight, at(d))));
    let p = pos(&men, W);
    let tt = at(target);
    can(&p, t(s.0, s.1, s.2), t(tt.0, tt.1, tt.2))
}

/// 03 §3.4 blocking sets, row by row: each tile of a single way blocks; a two-way capture needs
/// one tile of each way blocked; direct captures cannot be blocked.
#[test]
fn capture_blocking_sets() {
    // predator (L8876-8903): (1,1,0) or (1,0,1) blocks.
    assert!(captures_with((2, 1, 1), &[]));
    assert!(!captures_with((2, 1, 1), &[(1, 1, 0)]));
    assert!(!captures_with((2, 1, 1), &[(1, 0, 1)]));
    assert!(!captures_with((-2, 1, 1), &[(-1, 0, 1)]));
    // the pure tiles of the other quadrants do not block the predator
    assert!(captures_with((2, 1, 1), &[(0, 1, 1), (1, 2, 1)]));
    // slings (L8905-8932)
    assert!(!captures_with((1, 2, 1), &[(0, 1, 1)]));
    assert!(!captures_with((1, 2, 1), &[(1, 1, 0)]));
    assert!(captures_with((1, 2, 1), &[(1, 0, 1)]));
    assert!(!captures_with((-1, 1, 2), &[(-1, 0, 1)]));
    assert!(!captures_with((1, 1, 2), &[(1, 0, 1)]));
    assert!(!captures_with((-1, 2, 1), &[(-1, 1, 0)]));
    // reduced (L8946-9026): {(1,0,1),(2,1,1)} or {(0,1,1),(1,2,1)}
    assert!(captures_with((1, 1, 0), &[(1, 0, 1)]));
    assert!(captures_with((1, 1, 0), &[(0, 1, 1)]));
    assert!(!captures_with((1, 1, 0), &[(1, 0, 1), (0, 1, 1)]));
    assert!(!captures_with((1, 1, 0), &[(2, 1, 1), (1, 2, 1)]));
    assert!(!captures_with((1, 0, 1), &[(1, 1, 0), (1, 1, 2)]));
    assert!(!captures_with((-1, 1, 0), &[(-2, 1, 1), (-1, 2, 1)]));
    assert!(!captures_with((-1, 0, 1), &[(-1, 1, 0), (-1, 1, 2)]));
    assert!(captures_with((-1, 0, 1), &[(-1, 1, 0)]));
    // bead (L9028-9070): two 2x3 rectangles
    assert!(captures_with((0, 1, 1), &[(1, 1, 0)]));
    assert!(!captures_with((0, 1, 1), &[(1, 1, 0), (1, 0, 1)]));
    assert!(!captures_with((0, 1, 1), &[(-1, 1, 2), (-1, 2, 1)]));
    // dart (L9113-9183)
    assert!(!captures_with((0, 2, 2), &[(1, 1, 1)]));
    assert!(!captures_with((0, 2, 2), &[(-1, 1, 1)]));
    assert!(captures_with((0, 2, 2), &[(0, 1, 1)]));
    // direct (L9185-9251): unblockable
    let around: Vec<(i8, i8, i8)> = [(0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1)]
        .into_iter()
        .collect();
    assert!(captures_with((1, 1, 1), &around));
    assert!(captures_with(
        (-1, 1, 1),
        &[(-1, 1, 0), (-1, 0, 1), (0, 1, 1)]
    ));
    // never like a rook (L8090-8101)
    assert!(!captures_with((0, 1, 0), &[]));
    assert!(!captures_with((1, 0, 0), &[]));
}

/// 03 §3.2: 3 single advances, 8 on the first move (PPR "advance 3-8 tiles", Table 10).
#[test]
fn advances_single_and_double() {
    let p = pos(&[(W, Kind::Pawn, (3, 1, 1))], W);
    let d = dests(&p, t(3, 1, 1));
    assert_eq!(
        d,
        [
            (3, 1, 2),
            (3, 1, 3),
            (3, 2, 1),
            (3, 2, 2),
            (3, 2, 3),
            (3, 3, 1),
            (3, 3, 2),
            (3, 3, 3)
        ]
    );
    let p = pos(&[(W, Kind::Pawn, (3, 2, 2))], W);
    assert_eq!(dests(&p, t(3, 2, 2)), [(3, 2, 3), (3, 3, 2), (3, 3, 3)]);
    // Black, from its start tile (6,6): the same table with a and b negated.
    let p = pos(&[(B, Kind::Pawn, (0, 6, 6))], B);
    assert_eq!(dests(&p, t(0, 6, 6)).len(), 8);
    assert!(can(&p, t(0, 6, 6), t(0, 4, 5))); // Black QR4,3 (Ruy Lopez 3... P-QR4,3)
}

/// 03 §3.2 blocking: every tile of the forward square up to the destination's perimeter; the side
/// quadrants do not block (L8263-8264); advances are strict (no capture).
#[test]
fn advance_blocking() {
    let s = (3, 1, 1);
    let with = |d: (i8, i8, i8), enemy: bool| {
        let pl = if enemy { B } else { W };
        let p = pos(
            &[
                (W, Kind::Pawn, s),
                (pl, Kind::Knight, (3, 1 + d.1, 1 + d.2)),
            ],
            W,
        );
        dests(&p, t(3, 1, 1))
    };
    // a man on an end tile of perimeter 1 blocks every advance
    assert!(with((0, 1, 0), false).is_empty());
    // an enemy too (and it is not a capture tile)
    assert!(with((0, 0, 1), true).is_empty());
    // a man on perimeter 2 blocks every double advance, not the singles
    assert_eq!(with((0, 2, 0), false), [(3, 1, 2), (3, 2, 1), (3, 2, 2)]);
    // side quadrants do not block
    assert_eq!(with((0, -1, 1), false).len(), 8);
    assert_eq!(with((0, 1, -1), false).len(), 8);
}

/// 03 §4: static standoff (face-adjacent on one level): neither pawn has a move.
#[test]
fn static_standoff() {
    let p = pos(&[(W, Kind::Pawn, (3, 3, 3)), (B, Kind::Pawn, (3, 4, 3))], W);
    assert!(dests(&p, t(3, 3, 3)).is_empty());
    let mut p = p;
    p.set_to_move(B);
    assert!(dests(&p, t(3, 4, 3)).is_empty());
}

/// 03 §4: mutual bead tiles: each pawn can capture the other; two pieces, one in each outward
/// rectangle, stop the capture (the dynamic standoff, L9945-9960).
#[test]
fn mutual_bead_and_dynamic_standoff() {
    let men = [(W, Kind::Pawn, (3, 3, 3)), (B, Kind::Pawn, (3, 4, 4))];
    let p = pos(&men, W);
    assert!(can(&p, t(3, 3, 3), t(3, 4, 4)));
    let mut q = p.clone();
    q.set_to_move(B);
    assert!(can(&q, t(3, 4, 4), t(3, 3, 3)));
    let mut more = men.to_vec();
    more.push((W, Kind::Knight, (4, 4, 3)));
    more.push((W, Kind::Knight, (4, 3, 4)));
    let p = pos(&more, W);
    assert!(!can(&p, t(3, 3, 3), t(3, 4, 4)));
    let mut q = p.clone();
    q.set_to_move(B);
    assert!(!can(&q, t(3, 4, 4), t(3, 3, 3)));
}

/// 03 §3.3 / §4 PPR: the unshackled pawn on (z,1,7) advances to every (z',a',7) with a' >= 2: 48
/// tiles for every level (Table 10 "9.39%").
#[test]
fn unshackled_advance_48() {
    for z in 0..8 {
        let p = pos(&[(W, Kind::Pawn, (z, 1, 7))], W);
        let d = dests(&p, t(z, 1, 7));
        assert_eq!(d.len(), 48, "level {z}");
        assert!(d.iter().all(|&(_, a, b)| b == 7 && a >= 2));
        // Black on its back plane a = 0
        let p = pos(&[(B, Kind::Pawn, (z, 0, 6))], B);
        assert_eq!(dests(&p, t(z, 0, 6)).len(), 48, "black level {z}");
    }
}

/// 03 §3.5 / §4 PPR: unshackled captures: at most 10 (7 reduced + 3 duplex on levels 1..6), 9 on
/// the top and bottom levels (Table 10 "1.96%").
#[test]
fn unshackled_captures_10() {
    let empty = Position::empty().occupied();
    for z in 0..8i8 {
        let from = t(z, 1, 7);
        let n = Position::board()
            .iter()
            .filter(|&c| covers(pawn(W), from, c, &empty))
            .count();
        assert_eq!(n, if z == 0 || z == 7 { 9 } else { 10 }, "level {z}");
    }
}

/// 03 §4 Fig 87a: the unshackled KB6,8 reaches KR7,8 and Q7,8 (quadrant moves) and KB8,8
/// (linear); not KR6,8 (no pure vertical move).
#[test]
fn fig_87a_unshackled() {
    let s = Tile::parse_book("KB6,8", W).unwrap();
    let p = pos(&[(W, Kind::Pawn, (s.z, s.a, s.b))], W);
    let d = legal_destinations(&p, s.cell());
    for name in ["KR7,8", "Q7,8", "KB8,8"] {
        assert!(
            d.contains(Tile::parse_book(name, W).unwrap().cell()),
            "{name}"
        );
    }
    assert!(!d.contains(Tile::parse_book("KR6,8", W).unwrap().cell()));
}

/// 03 §4 Fig 87b-like (A13): a knight on QR8,4 blocks the back-plane linear move QN8,4 -> QN8,5,
/// but the horizontal step is still legal, and so is Q8,6.
#[test]
fn fig_87b_back_plane_blocking() {
    let p = parse_listing("WHITE: P @ QN8,4; N @ QR8,4\nBLACK: ").unwrap();
    let from = Tile::parse_book("QN8,4", W).unwrap().cell();
    let to = Tile::parse_book("QN8,5", W).unwrap().cell();
    let step = pawn_tables().advance[0][from.index()]
        .iter()
        .find(|s| s.to == to)
        .unwrap();
    let occ = p.occupied();
    // one way (the back-plane rectangle) blocked, the other (the horizontal step) open
    assert_eq!(step.ways.len(), 2);
    assert_eq!(step.ways.iter().filter(|w| w.intersects(&occ)).count(), 1);
    let d = legal_destinations(&p, from);
    assert!(d.contains(to));
    assert!(d.contains(Tile::parse_book("Q8,6", W).unwrap().cell()));
    // the length-2 linear move's 3x5 rectangle holds the knight
    assert!(!d.contains(Tile::parse_book("QN8,6", W).unwrap().cell()));
}

/// 03 §3.5 Fig 101: the pawn on K8,5 forks rook and knight on the promotion tiles KR8,8 and
/// QN8,8 at distance 3 (reduced captures along the back plane).
#[test]
fn fig_101_fork() {
    let p = parse_listing("WHITE: P @ K8,5\nBLACK: R @ QR1,1; N @ KN1,1").unwrap();
    // Black QR1,1 = White QR8,8? Black's 1,1 is White's 8,8 on the same level.
    let p = {
        let mut q = p.clone();
        q.remove(Tile::parse_book("QR8,8", W).unwrap().cell());
        q.remove(Tile::parse_book("KN8,8", W).unwrap().cell());
        q.put(
            Tile::parse_book("KR8,8", W).unwrap().cell(),
            Piece {
                player: B,
                kind: Kind::Rook,
            },
        );
        q.put(
            Tile::parse_book("QN8,8", W).unwrap().cell(),
            Piece {
                player: B,
                kind: Kind::Knight,
            },
        );
        q
    };
    let from = Tile::parse_book("K8,5", W).unwrap().cell();
    let d = legal_destinations(&p, from);
    assert!(d.contains(Tile::parse_book("KR8,8", W).unwrap().cell()));
    assert!(d.contains(Tile::parse_book("QN8,8", W).unwrap().cell()));
    // a man on the line between blocks the reduced capture (03 A12)
    let mut q = p.clone();
    q.put(
        Tile::parse_book("KB8,6", W).unwrap().cell(),
        Piece {
            player: W,
            kind: Kind::Knight,
        },
    );
    let d = legal_destinations(&q, from);
    assert!(!d.contains(Tile::parse_book("KR8,8", W).unwrap().cell()));
    assert!(d.contains(Tile::parse_book("QN8,8", W).unwrap().cell()));
}

/// 03 §3.5 / A12: unshackled duke-duplex captures are direct (unblockable).
#[test]
fn unshackled_duplex_capture_unblockable() {
    let p = pos(
        &[
            (W, Kind::Pawn, (3, 1, 7)),
            (W, Kind::Knight, (3, 3, 7)),
            (B, Kind::Rook, (3, 5, 7)),
        ],
        W,
    );
    assert!(can(&p, t(3, 1, 7), t(3, 5, 7)));
}

fn moves_of(p: &Position, from: (i8, i8, i8)) -> Vec<Move> {
    let g = Goff::new();
    let mut v = Vec::new();
    g.legal_moves(p, &mut v);
    v.retain(|m| m.from == t(from.0, from.1, from.2));
    v
}

/// 03 §3.6 / §4: promotion is forced on reaching a promotion tile, to Q R B D S N (never K, never
/// staying a pawn); uplift onto an own bishop gives S only; an own knight blocks.
#[test]
fn promotion_and_uplift() {
    let s = (2, 6, 6);
    let p = pos(&[(W, Kind::Pawn, s)], W);
    let ms: Vec<Move> = moves_of(&p, s)
        .into_iter()
        .filter(|m| m.to == t(2, 7, 7))
        .collect();
    let kinds: Vec<Kind> = ms.iter().map(|m| m.promote.unwrap()).collect();
    assert_eq!(kinds, PROMOTION_CHOICES);
    assert_eq!(
        kinds,
        [
            Kind::Queen,
            Kind::Rook,
            Kind::Bishop,
            Kind::Duke,
            Kind::Stack,
            Kind::Knight
        ]
    );
    // every other advance is not a promotion
    assert!(moves_of(&p, s)
        .iter()
        .all(|m| (m.to == t(2, 7, 7)) == m.promote.is_some()));
    // the promoted piece stands there
    let after = p.after(&ms[0]);
    assert_eq!(after.piece_at(t(2, 7, 7)).unwrap().kind, Kind::Queen);
    // uplift onto an own bishop / duke: a stack, the only option
    for k in [Kind::Bishop, Kind::Duke] {
        let p = pos(&[(W, Kind::Pawn, s), (W, k, (2, 7, 7))], W);
        let ms: Vec<Move> = moves_of(&p, s)
            .into_iter()
            .filter(|m| m.to == t(2, 7, 7))
            .collect();
        assert_eq!(ms.len(), 1);
        assert_eq!(ms[0].promote, Some(Kind::Stack));
        let after = p.after(&ms[0]);
        assert_eq!(
            after.piece_at(t(2, 7, 7)),
            Some(Piece {
                player: W,
                kind: Kind::Stack
            })
        );
        assert!(after.piece_at(t(2, 6, 6)).is_none());
    }
    // an own knight (or K Q R S) blocks the advance there
    let p = pos(&[(W, Kind::Pawn, s), (W, Kind::Knight, (2, 7, 7))], W);
    assert!(!moves_of(&p, s).iter().any(|m| m.to == t(2, 7, 7)));
    // an enemy can only be captured (a dart-free capture tile: predator from (0,6,6) to (2,7,7))
    let p = pos(&[(W, Kind::Pawn, (0, 6, 6)), (B, Kind::Rook, (2, 7, 7))], W);
    let caps: Vec<Move> = moves_of(&p, (0, 6, 6))
        .into_iter()
        .filter(|m| m.to == t(2, 7, 7))
        .collect();
    assert_eq!(caps.len(), 6);
}

/// Promotion text and parsing: `P - QB8,8=Q`; a missing choice is an error that says so.
#[test]
fn promotion_notation() {
    let g = Goff::new();
    let p = pos(&[(W, Kind::Pawn, (2, 6, 6))], W);
    let m = g.parse_move(&p, "P - QB8,8=D").unwrap();
    assert_eq!(m.promote, Some(Kind::Duke));
    assert_eq!(g.move_text(&p, &m), "P - QB8,8=D");
    let e = g.parse_move(&p, "P - QB8,8").unwrap_err();
    assert!(format!("{e:?}").contains("must promote"), "{e:?}");
    let e = g.parse_move(&p, "P - QB7,8=Q").unwrap_err();
    assert!(format!("{e:?}").contains("not a promotion"), "{e:?}");
}

/// 03 §3.4 with 04 §1 (check): a pawn attacks the king on its capture tiles, with the same
/// blocking; a blocked predator does not give check; a direct attack cannot be blocked.
#[test]
fn pawn_gives_check() {
    // Black king on White KR4,4 = predator tile of the pawn on KB3,3
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 2, 2)),
            (B, Kind::King, (7, 3, 3)),
            (W, Kind::King, (0, 0, 0)),
        ],
        B,
    );
    assert!(in_check(&p, B));
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 2, 2)),
            (W, Kind::Knight, (6, 3, 2)),
            (B, Kind::King, (7, 3, 3)),
            (W, Kind::King, (0, 0, 0)),
        ],
        B,
    );
    assert!(!in_check(&p, B));
    // direct (KN4,4): unblockable
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 2, 2)),
            (W, Kind::Knight, (6, 3, 2)),
            (W, Kind::Knight, (6, 2, 3)),
            (W, Kind::Knight, (5, 3, 3)),
            (B, Kind::King, (6, 3, 3)),
            (W, Kind::King, (0, 0, 0)),
        ],
        B,
    );
    assert!(in_check(&p, B));
    // a pawn on an advance tile in front of the king does not give check
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 2, 2)),
            (B, Kind::King, (5, 3, 2)),
            (W, Kind::King, (0, 0, 0)),
        ],
        B,
    );
    assert!(!in_check(&p, B));
}

/// 03 §3.4: a pinned pawn may not expose its king; interposing a pawn against a check is legal.
#[test]
fn pinned_pawn() {
    // White king QR1,1 (0,0,0), pawn (0,1,1), Black bishop on the edge ray (0,1,1) at (0,5,5)
    let p = pos(
        &[
            (W, Kind::King, (0, 0, 0)),
            (W, Kind::Pawn, (0, 1, 1)),
            (B, Kind::Bishop, (0, 5, 5)),
            (B, Kind::King, (7, 7, 7)),
        ],
        W,
    );
    // the advances off the bishop's line would expose the king; the two along it stay
    let d = dests(&p, t(0, 1, 1));
    assert!(d.len() < 8);
    for &(z, a, b) in &d {
        let q = p.after(&Move::new(t(0, 1, 1), t(z, a, b)));
        assert!(!in_check(&q, W));
    }
    assert!(d.contains(&(0, 2, 2)));
    assert!(d.contains(&(0, 3, 3)));
}
