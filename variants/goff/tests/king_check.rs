//! rules/goff/04-king-enpassant-castling.md §§1-2: the king, attack, check, checkmate, stalemate.

mod common;
use common::*;
use spacechess_geometry::CellSet;
use spacechess_goff::movegen::{attacked, covers, in_check, legal_destinations, promotions};
use spacechess_goff::power::projection;
use spacechess_goff::tables::{tables, Family};
use spacechess_goff::{Goff, Kind, Piece, Position, Tile};
use spacechess_variant::{DrawReason, Outcome, Variant, WinReason};

/// 04 §1.4: the king reaches 26 tiles in the open and 7 from a corner (linear perimeter-1 steps).
#[test]
fn king_26_and_7() {
    assert_eq!(projection(Kind::King, t(3, 3, 3)).len(), 26);
    assert_eq!(projection(Kind::King, t(0, 0, 0)).len(), 7);
    assert_eq!(projection(Kind::King, t(7, 7, 7)).len(), 7);
}

/// 04 §1.4: beyond the 26 neighbours the perimeter-1 apex tiles are R + B + D = 0 + 24 + 18 = 42,
/// none of them reachable by the king (the natural rule would give 68).
#[test]
fn perimeter_1_apex_tiles_42() {
    let s = t(3, 3, 3);
    let neighbours = projection(Kind::King, s);
    let mut counts = Vec::new();
    let mut all = CellSet::<8>::EMPTY;
    for f in Family::ALL {
        let pt = tables().planar(f);
        let mut apex = CellSet::<8>::EMPTY;
        for q in 0..pt.family().quadrants.len() {
            apex |= pt.pure_perimeter(s, q, 1);
        }
        counts.push(apex.without(&neighbours).len());
        all |= apex;
    }
    assert_eq!(counts, [0, 24, 18]);
    assert_eq!((all | neighbours).len(), 68);
}

fn blockers(dz: i8, da: i8, db: i8) -> Vec<Vec<(i8, i8, i8)>> {
    let s = t(3, 3, 3);
    let to = t(3 + dz, 3 + da, 3 + db);
    let mut v: Vec<Vec<(i8, i8, i8)>> = tables().king[s.index()]
        .iter()
        .filter(|k| k.to == to)
        .map(|k| {
            let mut r: Vec<(i8, i8, i8)> = k
                .rect
                .iter()
                .map(|c| {
                    let (z, a, b) = Tile::of(s).offset_to(&Tile::of(c));
                    (z, a, b)
                })
                .collect();
            r.sort();
            r
        })
        .collect();
    v.sort();
    v
}

/// 04 §1.2: the closed forms of the blocker sets, e.g. face step (1,0,0), edge step (0,1,1), vertex
/// step (1,1,1); the planes' blocker sets are pairwise disjoint.
#[test]
fn king_blocker_sets() {
    assert_eq!(
        blockers(1, 0, 0),
        [
            vec![(0, -1, 0), (0, 1, 0), (1, -1, 0), (1, 1, 0)],
            vec![(0, 0, -1), (0, 0, 1), (1, 0, -1), (1, 0, 1)],
        ]
    );
    assert_eq!(
        blockers(0, 1, 1),
        [
            vec![(-1, 0, 1), (-1, 1, 2), (1, 1, 0), (1, 2, 1)],
            vec![(-1, 1, 0), (-1, 2, 1), (1, 0, 1), (1, 1, 2)],
        ]
    );
    assert_eq!(
        blockers(1, 1, 1),
        [
            vec![(-1, -1, 1), (0, 0, 2), (1, 1, -1), (2, 2, 0)],
            vec![(-1, 1, -1), (0, 2, 0), (1, -1, 1), (2, 0, 2)],
            vec![(-1, 1, 1), (0, 2, 2), (1, -1, -1), (2, 0, 0)],
        ]
    );
    for s in [t(3, 3, 3), t(0, 0, 0), t(0, 3, 3)] {
        let steps = &tables().king[s.index()];
        for (i, x) in steps.iter().enumerate() {
            for y in &steps[i + 1..] {
                if x.to == y.to {
                    assert!(!x.rect.intersects(&y.rect));
                }
            }
        }
    }
}

/// 04 §1.4, Figs 108-110: a step to KN2,3 from KB2,2 lies in the upward and rightward planes; a
/// vertical step in both vertical planes; (0,1,1) in the two outward planes.
#[test]
fn king_step_planes() {
    let p = pos(&[(W, Kind::King, (5, 1, 1))], W);
    let planes = |to: (i8, i8, i8), f| {
        let mut v: Vec<&str> = tables().king[t(5, 1, 1).index()]
            .iter()
            .filter(|k| {
                k.to == t(to.0, to.1, to.2) && k.family == f && !k.rect.intersects(&p.occupied())
            })
            .map(|k| {
                let pt = tables().planar(f);
                tables().plane_name(f, pt.family().lines[k.line as usize].plane, W)
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(planes((6, 1, 2), Family::Bishop), ["rightward", "upward"]);
    assert_eq!(
        planes((6, 1, 1), Family::Rook),
        ["left vertical", "right vertical"]
    );
    assert_eq!(planes((5, 2, 2), Family::Bishop), ["leftward", "rightward"]);
    assert_eq!(planes((6, 2, 2), Family::Duke).len(), 3);
    assert!(planes((6, 2, 2), Family::Duke).contains(&"major"));
    assert!(planes((6, 0, 2), Family::Duke).contains(&"minor"));
}

/// 04 §1.3: peeking kings: White K (3,3,3), Black K (3,4,4), blockers on (4,2,3) and (4,3,2): White
/// attacks Black, Black does not attack White. Face-adjacent kings on an empty board attack each
/// other; adjacency alone is not attack.
#[test]
fn kings_peek() {
    let p = pos(
        &[
            (W, Kind::King, (3, 3, 3)),
            (B, Kind::King, (3, 4, 4)),
            (W, Kind::Pawn, (4, 2, 3)),
            (W, Kind::Pawn, (4, 3, 2)),
        ],
        W,
    );
    let wk = Piece {
        player: W,
        kind: Kind::King,
    };
    let bk = Piece {
        player: B,
        kind: Kind::King,
    };
    let occ = p.occupied();
    assert!(covers(wk, t(3, 3, 3), t(3, 4, 4), &occ));
    assert!(!covers(bk, t(3, 4, 4), t(3, 3, 3), &occ));
    let e = pos(&[(W, Kind::King, (3, 3, 3)), (B, Kind::King, (4, 3, 3))], W);
    assert!(attacked(&e, t(4, 3, 3), W) && attacked(&e, t(3, 3, 3), B));
}

/// 04 §1.1: the king cannot move from the starting lineup (the adjacent rule is rejected).
#[test]
fn king_cannot_move_first() {
    let s = Position::start();
    assert!(legal_destinations(&s, t(4, 0, 0)).is_empty());
    assert!(legal_destinations(&s, t(4, 7, 7)).is_empty());
}

/// 04 §1.4, Table 11 (linear rule 4 / 6 / 8 / 10): the example optimal hems of a king in a
/// corner, on an edge, on a face and in the open leave it without a step (friendly men on the hem).
#[test]
fn table_11_hems() {
    type Hem<'a> = ((i8, i8, i8), &'a [(i8, i8, i8)]);
    let hems: [Hem; 4] = [
        ((0, 0, 0), &[(0, 0, 1), (0, 1, 1), (1, 1, 0), (1, 1, 1)]),
        (
            (0, 0, 3),
            &[
                (0, 1, -1),
                (0, 1, 1),
                (1, 0, 0),
                (1, 1, -1),
                (1, 1, 0),
                (1, 1, 1),
            ],
        ),
        (
            (0, 3, 3),
            &[
                (0, -1, -1),
                (0, -1, 1),
                (0, 1, -1),
                (0, 1, 1),
                (1, -1, -1),
                (1, -1, 1),
                (1, 0, 0),
                (1, 1, -1),
            ],
        ),
        (
            (3, 3, 3),
            &[
                (-1, -1, -1),
                (-1, -1, 1),
                (-1, 0, 1),
                (-1, 1, -1),
                (-1, 1, 0),
                (-1, 1, 1),
                (0, -1, 1),
                (0, 1, -1),
                (1, -1, 0),
                (1, 0, -1),
            ],
        ),
    ];
    for ((k, hem), n) in hems.iter().zip([4, 6, 8, 10]) {
        assert_eq!(hem.len(), n);
        let mut men = vec![(W, Kind::King, *k)];
        men.extend(
            hem.iter()
                .map(|o| (W, Kind::Pawn, (k.0 + o.0, k.1 + o.1, k.2 + o.2))),
        );
        let p = pos(&men, W);
        assert!(legal_destinations(&p, t(k.0, k.1, k.2)).is_empty(), "{k:?}");
        // Each hem is needed in full: removing any one man frees a step.
        for i in 0..hem.len() {
            let mut q = p.clone();
            let o = hem[i];
            q.remove(t(k.0 + o.0, k.1 + o.1, k.2 + o.2));
            assert!(!legal_destinations(&q, t(k.0, k.1, k.2)).is_empty());
        }
    }
}

/// 04 §1.4: an open king: 3 face tiles block all 6 face steps; 4 edge tiles in one orthogonal plane
/// block all 12 edge steps; a tetrahedron of 4 vertex tiles blocks all 8 vertex steps.
#[test]
fn blocking_by_ray_type() {
    let s = (3, 3, 3);
    let check = |offs: &[(i8, i8, i8)], f: Family| {
        let mut men = vec![(W, Kind::King, s)];
        men.extend(
            offs.iter()
                .map(|o| (W, Kind::Pawn, (3 + o.0, 3 + o.1, 3 + o.2))),
        );
        let p = pos(&men, W);
        let d = legal_destinations(&p, t(3, 3, 3));
        let of_type = tables().king[t(3, 3, 3).index()]
            .iter()
            .filter(|k| k.family == f)
            .filter(|k| d.contains(k.to))
            .count();
        assert_eq!(of_type, 0, "{f:?}");
    };
    check(&[(1, 0, 0), (0, 1, 0), (0, 0, 1)], Family::Rook);
    check(
        &[(0, 1, 1), (0, 1, -1), (0, -1, 1), (0, -1, -1)],
        Family::Bishop,
    );
    check(
        &[(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)],
        Family::Duke,
    );
}

fn options(p: &Position, k: (i8, i8, i8)) -> usize {
    let stay = usize::from(!in_check(p, p.to_move()));
    legal_destinations(p, t(k.0, k.1, k.2)).len() + stay
}

/// 04 §1.4 fencing: a king in the open has 27 options (staying included); one rook's plane removes
/// 9; a rook on the column two steps diagonally away removes 15.
#[test]
fn fencing() {
    let k = (3, 3, 3);
    assert_eq!(options(&pos(&[(B, Kind::King, k)], B), k), 27);
    assert_eq!(
        options(
            &pos(&[(B, Kind::King, k), (W, Kind::Rook, (4, 7, 7))], B),
            k
        ),
        27 - 9
    );
    assert_eq!(
        options(
            &pos(&[(B, Kind::King, k), (W, Kind::Rook, (7, 4, 4))], B),
            k
        ),
        27 - 15
    );
}

/// 04 §2: two-rook mate: Black K (7,7,7) against White R (7,0,0), R (6,0,1), K (4,0,0).
#[test]
fn two_rook_mate() {
    let p = pos(
        &[
            (B, Kind::King, (7, 7, 7)),
            (W, Kind::Rook, (7, 0, 0)),
            (W, Kind::Rook, (6, 0, 1)),
            (W, Kind::King, (4, 0, 0)),
        ],
        B,
    );
    let g = Goff::new();
    assert!(g.in_check(&p));
    assert_eq!(
        g.outcome(&p),
        Some(Outcome::Win {
            winners: vec![W],
            reason: WinReason::Checkmate
        })
    );
}

/// 04 §2: stalemate: Black K (7,7,7) against R (6,0,0), R (0,6,0), R (0,0,6), K (4,0,0).
#[test]
fn stalemate() {
    let p = pos(
        &[
            (B, Kind::King, (7, 7, 7)),
            (W, Kind::Rook, (6, 0, 0)),
            (W, Kind::Rook, (0, 6, 0)),
            (W, Kind::Rook, (0, 0, 6)),
            (W, Kind::King, (4, 0, 0)),
        ],
        B,
    );
    let g = Goff::new();
    assert!(!g.in_check(&p));
    assert_eq!(g.outcome(&p), Some(Outcome::Draw(DrawReason::Stalemate)));
}

/// 04 §2: bare kings end the game as a stalemate (draw).
#[test]
fn bare_kings() {
    let p = pos(&[(B, Kind::King, (7, 7, 7)), (W, Kind::King, (0, 0, 0))], W);
    assert!(matches!(Goff::new().outcome(&p), Some(Outcome::Draw(_))));
}

/// 04 §2: every legal move leaves the mover's king unattacked: a pinned rook may not leave the line,
/// and the king may not step onto a covered tile.
#[test]
fn moves_may_not_leave_the_king_in_check() {
    // White king (0,0,0), White rook (0,2,0), Black rook (0,6,0) on the line along a.
    let p = pos(
        &[
            (W, Kind::King, (0, 0, 0)),
            (W, Kind::Rook, (0, 2, 0)),
            (B, Kind::Rook, (0, 6, 0)),
            (B, Kind::King, (7, 7, 7)),
        ],
        W,
    );
    let d = legal_destinations(&p, t(0, 2, 0));
    assert!(!d.is_empty());
    for c in d {
        let x = Tile::of(c);
        assert!(
            x.z == 0 && x.b == 0,
            "the pinned rook stays on the line: {x:?}"
        );
    }
    // Black's king may not step into the rook's horizontal plane cover.
    let p = pos(
        &[
            (B, Kind::King, (7, 7, 7)),
            (W, Kind::Rook, (6, 0, 0)),
            (W, Kind::King, (0, 0, 0)),
        ],
        B,
    );
    for c in legal_destinations(&p, t(7, 7, 7)) {
        assert_ne!(Tile::of(c).z, 6);
    }
}

/// 04 §2 (every legal move leaves the mover's king unattacked): the fast legality test (only men
/// standing in a manifold of an attack on their king need the full test) agrees with playing every
/// pseudo-legal move and testing check, on 300 random positions.
#[test]
fn fast_legality_agrees_with_brute_force() {
    use spacechess_goff::movegen::{destinations, legal_moves};
    use spacechess_goff::Move;
    let mut rng = spacechess_variant::RandomMover::new(0x2545_f491_4f6c_dd1d);
    let mut rnd = |n: u64| rng.below(n as usize) as u64;
    let kinds = [
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Duke,
        Kind::Knight,
        Kind::Pawn,
    ];
    let mut tested = 0;
    while tested < 300 {
        let mut p = Position::empty();
        for player in [W, B] {
            let c = spacechess_geometry::Cell(rnd(512) as u32);
            p.put(
                c,
                Piece {
                    player,
                    kind: Kind::King,
                },
            );
        }
        for _ in 0..(6 + rnd(30)) {
            let c = spacechess_geometry::Cell(rnd(512) as u32);
            if p.piece_at(c).is_none() {
                let player = if rnd(2) == 0 { W } else { B };
                p.put(
                    c,
                    Piece {
                        player,
                        kind: kinds[rnd(6) as usize],
                    },
                );
            }
        }
        p.set_to_move(if rnd(2) == 0 { W } else { B });
        if p.king(W).is_none()
            || p.king(B).is_none()
            || in_check(&p, spacechess_variant::Player(1 - p.to_move().0))
        {
            continue;
        }
        tested += 1;
        let mut fast = Vec::new();
        legal_moves(&p, &mut fast);
        let mut slow = Vec::new();
        for from in p.of_player(p.to_move()) {
            for to in destinations(&p, from) {
                let m = Move::new(from, to);
                if !in_check(&p.after(&m), p.to_move()) {
                    let promo = if p.of_kind(Kind::Pawn).contains(from) {
                        promotions(&p, p.to_move(), to)
                    } else {
                        &[]
                    };
                    if promo.is_empty() {
                        slow.push(m);
                    }
                    for &k in promo {
                        slow.push(Move {
                            promote: Some(k),
                            ..m
                        });
                    }
                }
            }
        }
        assert_eq!(fast, slow);
        for from in p.of_player(p.to_move()) {
            let want: CellSet<8> = slow
                .iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .collect();
            assert_eq!(legal_destinations(&p, from), want);
        }
    }
}

/// 04 §1.4 fencing: two rooks deflate the open king to a corner: 19 of its 27 options removed.
#[test]
fn fencing_two_rooks() {
    let k = (3, 3, 3);
    let p = pos(
        &[
            (B, Kind::King, k),
            (W, Kind::Rook, (7, 4, 4)),
            (W, Kind::Rook, (4, 7, 7)),
        ],
        B,
    );
    assert_eq!(options(&p, k), 27 - 19);
    // What is left is the 2x2x2 corner of the king's cube away from both rooks.
    for c in legal_destinations(&p, t(3, 3, 3)) {
        let x = Tile::of(c);
        assert!(x.z <= 3 && x.a <= 3 && x.b <= 3, "{x:?}");
    }
}

/// 04 §1.4 Table 11 (adjacent rule column 7 / 11 / 17 / 26): on the empty board the king reaches
/// every neighbour: 7 in a corner, 11 on an edge, 17 on a face, 26 in the open.
#[test]
fn king_neighbours_by_position() {
    let n: Vec<usize> = [t(0, 0, 0), t(0, 0, 3), t(0, 3, 3), t(3, 3, 3)]
        .iter()
        .map(|&c| projection(Kind::King, c).len())
        .collect();
    assert_eq!(n, [7, 11, 17, 26]);
}
