//! rules/goff/01-foundations-rook-bishop.md: the planar machinery, the rook and the bishop.

mod common;
use common::*;
use spacechess_geometry::CellSet;
use spacechess_goff::movegen::{attacked, legal_destinations};
use spacechess_goff::power::{breakdown, projection, reach, source_classes, Reach};
use spacechess_goff::tables::{tables, Family};
use spacechess_goff::{Kind, Piece, Position, Tile};
use spacechess_variant::{perft, Player};

/// 01 §6.2: total / quadrant / apex / linear per class of source tile for rook, bishop and duke.
type Row = ([i8; 3], [usize; 4], [usize; 4], [usize; 4]);
const TABLE_6_2: [Row; 20] = [
    (
        [0, 0, 0],
        [168, 147, 21, 21],
        [84, 63, 9, 21],
        [79, 72, 18, 7],
    ),
    (
        [0, 0, 1],
        [168, 147, 21, 21],
        [90, 69, 11, 21],
        [79, 72, 18, 7],
    ),
    (
        [0, 0, 2],
        [168, 147, 21, 21],
        [94, 73, 13, 21],
        [79, 72, 18, 7],
    ),
    (
        [0, 0, 3],
        [168, 147, 21, 21],
        [96, 75, 15, 21],
        [79, 72, 18, 7],
    ),
    (
        [0, 1, 1],
        [168, 147, 23, 21],
        [97, 74, 14, 23],
        [83, 74, 18, 9],
    ),
    (
        [0, 1, 2],
        [168, 147, 23, 21],
        [101, 78, 17, 23],
        [83, 74, 18, 9],
    ),
    (
        [0, 1, 3],
        [168, 147, 23, 21],
        [103, 80, 19, 23],
        [83, 74, 18, 9],
    ),
    (
        [0, 2, 2],
        [168, 147, 25, 21],
        [106, 81, 21, 25],
        [87, 76, 20, 11],
    ),
    (
        [0, 2, 3],
        [168, 147, 25, 21],
        [108, 83, 22, 25],
        [87, 76, 20, 11],
    ),
    (
        [0, 3, 3],
        [168, 147, 27, 21],
        [111, 84, 24, 27],
        [91, 78, 20, 13],
    ),
    (
        [1, 1, 1],
        [168, 147, 27, 21],
        [105, 78, 18, 27],
        [91, 78, 18, 13],
    ),
    (
        [1, 1, 2],
        [168, 147, 27, 21],
        [112, 85, 23, 27],
        [91, 78, 18, 13],
    ),
    (
        [1, 1, 3],
        [168, 147, 27, 21],
        [114, 87, 25, 27],
        [91, 78, 18, 13],
    ),
    (
        [1, 2, 2],
        [168, 147, 29, 21],
        [120, 91, 29, 29],
        [95, 80, 20, 15],
    ),
    (
        [1, 2, 3],
        [168, 147, 29, 21],
        [125, 96, 30, 29],
        [95, 80, 20, 15],
    ),
    (
        [1, 3, 3],
        [168, 147, 31, 21],
        [131, 100, 32, 31],
        [99, 82, 20, 17],
    ),
    (
        [2, 2, 2],
        [168, 147, 33, 21],
        [129, 96, 36, 33],
        [103, 84, 24, 19],
    ),
    (
        [2, 2, 3],
        [168, 147, 33, 21],
        [137, 104, 36, 33],
        [103, 84, 24, 19],
    ),
    (
        [2, 3, 3],
        [168, 147, 35, 21],
        [143, 108, 36, 35],
        [107, 86, 24, 21],
    ),
    (
        [3, 3, 3],
        [168, 147, 39, 21],
        [147, 108, 36, 39],
        [115, 90, 24, 25],
    ),
];

/// 01 §6.2 and §6.3 #1-#15: the power projection of rook, bishop and duke for all 20 classes,
/// checked on every tile of each class (all 512 tiles).
#[test]
fn table_6_2_power_projection_every_tile() {
    assert_eq!(source_classes().len(), 20);
    for z in 0..8i8 {
        for a in 0..8i8 {
            for b in 0..8i8 {
                let mut c: Vec<i8> = [z, a, b].iter().map(|&x| x.min(7 - x)).collect();
                c.sort();
                let row = TABLE_6_2.iter().find(|r| r.0[..] == c[..]).unwrap();
                let from = t(z, a, b);
                assert_eq!(breakdown(Family::Rook, from), row.1, "rook {:?}", (z, a, b));
                assert_eq!(
                    breakdown(Family::Bishop, from),
                    row.2,
                    "bishop {:?}",
                    (z, a, b)
                );
                assert_eq!(breakdown(Family::Duke, from), row.3, "duke {:?}", (z, a, b));
            }
        }
    }
}

/// 01 §6.3 #1-#7, §4: rook 168 from every tile = 147 quadrant (21 apex at a corner, 39 at the
/// centre) + 21 linear; centre 21 + 39 + 108, corner 21 + 21 + 126 (Tables 4 and 5).
#[test]
fn rook_168_everywhere() {
    for c in Position::board() {
        assert_eq!(projection(Kind::Rook, c).len(), 168);
    }
    let [_, q, a, l] = breakdown(Family::Rook, t(3, 3, 3));
    assert_eq!((l, a, q - a), (21, 39, 108));
    let [_, q, a, l] = breakdown(Family::Rook, t(0, 0, 0));
    assert_eq!((l, a, q - a), (21, 21, 126));
}

/// 01 §6.3 #8-#15: bishop corner 84 = 63 + 21 (9 apex), centre K4,4 147 = 39 linear + 36 apex +
/// 72 body, growing towards the centre.
#[test]
fn bishop_84_to_147() {
    assert_eq!(breakdown(Family::Bishop, t(0, 0, 0)), [84, 63, 9, 21]);
    let [total, q, a, l] = breakdown(Family::Bishop, t(4, 3, 3));
    assert_eq!((total, l, a, q - a), (147, 39, 36, 72));
    let all: Vec<usize> = Position::board()
        .iter()
        .map(|c| projection(Kind::Bishop, c).len())
        .collect();
    assert_eq!(*all.iter().min().unwrap(), 84);
    assert_eq!(*all.iter().max().unwrap(), 147);
}

/// 01 §3.2-3.4: 3 rook planes x 4 quadrants, 4 bishop planes x 6, 6 duke planes x 4 (13 planes);
/// each face and edge line lies in 2 planes of its type, each vertex line in 3.
#[test]
fn thirteen_planes_and_their_lines() {
    let tb = tables();
    let count = |f: Family| {
        let fam = tb.planar(f).family();
        (fam.planes.len(), fam.quadrants.len())
    };
    assert_eq!(count(Family::Rook), (3, 12));
    assert_eq!(count(Family::Bishop), (4, 24));
    assert_eq!(count(Family::Duke), (6, 24));
    for (f, n) in [(Family::Rook, 2), (Family::Bishop, 2), (Family::Duke, 3)] {
        let fam = tb.planar(f).family();
        for r in 0..fam.rays.len() {
            assert_eq!(fam.planes_of_ray(r).len(), n, "{f:?}");
        }
    }
    // 01 §3.4: line (1,1,0) lies in the upward and leftward planes; (0,1,-1) in downward and
    // upward; (0,1,1) in leftward and rightward.
    let src = t(3, 3, 3);
    let empty = Position::empty();
    let names = |dz: i8, da: i8, db: i8| {
        open_planes(&empty, Family::Bishop, src, t(3 + dz, 3 + da, 3 + db))
    };
    assert_eq!(names(1, 1, 0), ["leftward", "upward"]);
    assert_eq!(names(1, 0, 1), ["rightward", "upward"]);
    assert_eq!(names(1, 0, -1), ["downward", "leftward"]);
    assert_eq!(names(1, -1, 0), ["downward", "rightward"]);
    assert_eq!(names(0, 1, 1), ["leftward", "rightward"]);
    assert_eq!(names(0, 1, -1), ["downward", "upward"]);
    // Rook lines: vertical in both vertical planes; along a in horizontal + right vertical.
    let r =
        |dz: i8, da: i8, db: i8| open_planes(&empty, Family::Rook, src, t(3 + dz, 3 + da, 3 + db));
    assert_eq!(r(1, 0, 0), ["left vertical", "right vertical"]);
    assert_eq!(r(0, 1, 0), ["horizontal", "right vertical"]);
    assert_eq!(r(0, 0, 1), ["horizontal", "left vertical"]);
}

/// 01 §3.5, §6.3 #21-#23: perimeters grow 3, 5, 7, ... (2k+1); rectangles 3x5, 5x9 ((k+1)x(2k+1)),
/// their perimeters 5, 9, 13 (4k+1); a square of perimeter k has (k+1)^2 - 1 tiles.
#[test]
fn perimeter_and_rectangle_sizes() {
    for f in Family::ALL {
        let pt = tables().planar(f);
        let src = t(3, 3, 3);
        for q in 0..pt.family().quadrants.len() {
            for k in 1..=2 {
                let sq = pt.square(src, q, k).unwrap();
                let prev = if k == 1 {
                    CellSet::EMPTY
                } else {
                    pt.square(src, q, k - 1).unwrap()
                };
                if f == Family::Rook || k == 1 {
                    assert_eq!(sq.len(), (k + 1) * (k + 1) - 1);
                    assert_eq!(sq.without(&prev).len(), 2 * k + 1);
                }
            }
        }
        for l in 0..pt.family().lines.len() {
            let r1 = pt.rectangle(src, l, 1).unwrap();
            assert_eq!(r1.len(), 5, "{f:?}: 2x3 rectangle minus the source");
        }
    }
    let rook = tables().planar(Family::Rook);
    let src = t(0, 3, 3);
    // Horizontal line along +a from (0,3,3): (k+1) x (2k+1) tiles, perimeter 4k+1.
    let l = (0..rook.family().lines.len())
        .find(|&l| {
            rook.line_target(src, l, 1) == Some(t(0, 4, 3))
                && tables().plane_name(Family::Rook, rook.family().lines[l].plane, W)
                    == "horizontal"
        })
        .unwrap();
    for k in 1..=3 {
        let r = rook.rectangle(src, l, k).unwrap();
        let prev = if k == 1 {
            CellSet::EMPTY
        } else {
            rook.rectangle(src, l, k - 1).unwrap()
        };
        assert_eq!(r.len() + 1, (k + 1) * (2 * k + 1));
        assert_eq!(r.without(&prev).len(), 4 * k + 1);
    }
}

fn rook_at_corner(blacks: &[(i8, i8, i8)]) -> Position {
    let mut men = vec![(W, Kind::Rook, (0, 0, 0))];
    men.extend(blacks.iter().map(|&c| (B, Kind::Knight, c)));
    pos(&men, W)
}

/// 01 §7.2 V1: an enemy at perimeter 5 with the square empty is capturable.
#[test]
fn v1_capture_at_perimeter_5() {
    assert!(can(&rook_at_corner(&[(0, 1, 5)]), t(0, 0, 0), t(0, 1, 5)));
}

/// 01 §7.2 V2: quiet block: a piece at (0,4,1) inside the 6x6 square stops the capture of (0,1,5);
/// (0,4,1) itself is capturable.
#[test]
fn v2_quiet_block() {
    let p = rook_at_corner(&[(0, 1, 5), (0, 4, 1)]);
    assert!(!can(&p, t(0, 0, 0), t(0, 1, 5)));
    assert!(can(&p, t(0, 0, 0), t(0, 4, 1)));
}

/// 01 §7.2 V3: mutual block: two pieces on perimeter 5 of one quadrant block each other; perimeter
/// 4 is still open.
#[test]
fn v3_mutual_block() {
    let p = rook_at_corner(&[(0, 1, 5), (0, 5, 2)]);
    assert!(!can(&p, t(0, 0, 0), t(0, 1, 5)));
    assert!(!can(&p, t(0, 0, 0), t(0, 5, 2)));
    assert!(can(&p, t(0, 0, 0), t(0, 4, 4)));
}

/// 01 §7.2 V4: a piece on a later perimeter does not block.
#[test]
fn v4_later_perimeter_does_not_block() {
    let p = rook_at_corner(&[(0, 1, 5), (0, 6, 6)]);
    assert!(can(&p, t(0, 0, 0), t(0, 1, 5)));
}

/// 01 §7.2 V5: peeking / trapdoor: White rook (0,0,0) cannot take the Black rook (0,2,5) because
/// of a White man on (0,4,1), which lies only in White's square; Black's rook can take White's.
#[test]
fn v5_peeking() {
    let mut p = pos(
        &[
            (W, Kind::Rook, (0, 0, 0)),
            (B, Kind::Rook, (0, 2, 5)),
            (W, Kind::Pawn, (0, 4, 1)),
        ],
        W,
    );
    assert!(!can(&p, t(0, 0, 0), t(0, 2, 5)));
    p.set_to_move(B);
    assert!(can(&p, t(0, 2, 5), t(0, 0, 0)));
    assert!(attacked(&p, t(0, 0, 0), B) && !attacked(&p, t(0, 2, 5), W));
}

/// 01 §7.1 Fig 11 / §7.2 V6: rook Q1,4 (3,0,3), knight KN2,4 (6,1,3), pawn Q6,6 (3,5,5): along +a,
/// perimeters 1-2 are open in both planes, 3-4 in the horizontal plane only, 5 in none.
#[test]
fn v6_planes_per_perimeter() {
    let p = pos(
        &[
            (W, Kind::Rook, (3, 0, 3)),
            (B, Kind::Knight, (6, 1, 3)),
            (B, Kind::Pawn, (3, 5, 5)),
        ],
        W,
    );
    let counts: Vec<usize> = (1..=5)
        .map(|k| open_planes(&p, Family::Rook, t(3, 0, 3), t(3, k, 3)).len())
        .collect();
    assert_eq!(counts, [2, 2, 1, 1, 0]);
    assert_eq!(
        open_planes(&p, Family::Rook, t(3, 0, 3), t(3, 3, 3)),
        ["horizontal"]
    );
    assert!(can(&p, t(3, 0, 3), t(3, 4, 3)) && !can(&p, t(3, 0, 3), t(3, 5, 3)));
    // Fig 23 (l.3475-3539): the same pattern with a king at perimeter 5: not in check.
    let mut k = p.clone();
    k.put(
        t(3, 5, 3),
        Piece {
            player: B,
            kind: Kind::King,
        },
    );
    assert!(!attacked(&k, t(3, 5, 3), W));
}

/// 01 §7.2 V7: linear blocking: a piece in line is capturable, nothing beyond it is reachable.
#[test]
fn v7_linear_blocking() {
    let p = pos(&[(W, Kind::Rook, (4, 3, 3)), (B, Kind::Pawn, (4, 5, 3))], W);
    assert!(can(&p, t(4, 3, 3), t(4, 5, 3)));
    assert!(!can(&p, t(4, 3, 3), t(4, 6, 3)));
    assert!(open_planes(&p, Family::Rook, t(4, 3, 3), t(4, 6, 3)).is_empty());
}

/// 01 §7.1 Fig 34/35, §7.2 V8: bishop K2,1 advances along (0,1,1) to K5,4 in both outward planes; the
/// rook on K6,5 can be captured; K7,6 is out of reach.
#[test]
fn v8_outward_pair() {
    let p = pos(
        &[(W, Kind::Bishop, (4, 1, 0)), (B, Kind::Rook, (4, 5, 4))],
        W,
    );
    let s = t(4, 1, 0);
    assert_eq!(
        open_planes(&p, Family::Bishop, s, t(4, 4, 3)),
        ["leftward", "rightward"]
    );
    assert!(can(&p, s, t(4, 4, 3)) && can(&p, s, t(4, 5, 4)) && !can(&p, s, t(4, 6, 5)));
}

/// 01 §7.2 V9: an own man is never a destination.
#[test]
fn v9_own_piece() {
    let p = pos(&[(W, Kind::Rook, (0, 0, 0)), (W, Kind::Pawn, (0, 3, 3))], W);
    assert!(!can(&p, t(0, 0, 0), t(0, 3, 3)));
}

fn fig_vector(
    bishop: (i8, i8, i8),
    knight: (i8, i8, i8),
    rook: (i8, i8, i8),
    king: (i8, i8, i8),
    step: (i8, i8, i8),
    expect: [&[&str]; 3],
) {
    let p = pos(
        &[
            (W, Kind::Bishop, bishop),
            (B, Kind::Knight, knight),
            (B, Kind::Rook, rook),
            (B, Kind::King, king),
        ],
        W,
    );
    let s = t(bishop.0, bishop.1, bishop.2);
    for (k, e) in (1..=3).zip(expect) {
        let d = t(
            bishop.0 + k * step.0,
            bishop.1 + k * step.1,
            bishop.2 + k * step.2,
        );
        assert_eq!(open_planes(&p, Family::Bishop, s, d), e, "perimeter {k}");
    }
    let k4 = t(
        bishop.0 + 4 * step.0,
        bishop.1 + 4 * step.1,
        bishop.2 + 4 * step.2,
    );
    assert_eq!(k4, t(king.0, king.1, king.2));
    assert!(
        !attacked(&p, k4, W),
        "the king at perimeter 4 is not in check"
    );
}

/// 01 §7.1 Fig 36, §7.2 V10: the forward pair (line (0,1,-1)).
#[test]
fn v10_forward_pair() {
    fig_vector(
        (4, 1, 5),
        (7, 5, 4),
        (0, 6, 4),
        (4, 5, 1),
        (0, 1, -1),
        [
            &["downward", "upward"],
            &["downward", "upward"],
            &["downward"],
        ],
    );
}

/// 01 §7.1 Fig 37, §7.2 V11: the outward pair (line (0,1,1)).
#[test]
fn v11_outward_pair() {
    fig_vector(
        (4, 1, 2),
        (7, 5, 3),
        (0, 6, 3),
        (4, 5, 6),
        (0, 1, 1),
        [
            &["leftward", "rightward"],
            &["leftward", "rightward"],
            &["rightward"],
        ],
    );
}

/// 01 §7.1 Fig 38, §7.2 V12: downward + rightward (line (1,-1,0)).
#[test]
fn v12_downward_rightward() {
    fig_vector(
        (1, 7, 5),
        (5, 6, 2),
        (3, 1, 1),
        (5, 3, 5),
        (1, -1, 0),
        [
            &["downward", "rightward"],
            &["downward", "rightward"],
            &["rightward"],
        ],
    );
}

/// 01 §7.2 V13, A11: off-board quadrants count as empty: QR8,1 is open in both planes.
#[test]
fn v13_off_board_is_empty() {
    let p = pos(&[(W, Kind::Rook, (0, 0, 0))], W);
    assert_eq!(
        open_planes(&p, Family::Rook, t(0, 0, 0), t(0, 7, 0)),
        ["horizontal", "right vertical"]
    );
}

/// 01 §7.2 V14, §6.3 #26, 02 T-D5: in the lineup every rook, queen, bishop and duke (the stacks'
/// components) has 0 moves; each knight has 4; the king none; each pawn 8 (3 single + 5 double
/// advances, 03 §3.2); so White has 8 + 64 = 72 moves (05 T27).
#[test]
fn v14_lineup_blocks_the_major_pieces() {
    let start = Position::start();
    for c in start.occupied() {
        let pc = start.piece_at(c).unwrap();
        let n = legal_destinations(&start, c).len();
        let expect = match pc.kind {
            Kind::Knight => 4,
            Kind::Pawn => 8,
            _ => 0,
        };
        assert_eq!(n, expect, "{:?} on {:?}", pc, Tile::of(c));
    }
    // The stacks' bishop and duke components, as pure movers.
    for (z, a) in [(5, 0), (2, 0), (5, 7), (2, 7)] {
        for kind in [Kind::Bishop, Kind::Duke] {
            let mut p = start.clone();
            let player = if a == 0 { W } else { B };
            p.put(t(z, a, a), Piece { player, kind });
            p.set_to_move(player);
            assert!(legal_destinations(&p, t(z, a, a)).is_empty());
        }
    }
    let g = spacechess_goff::Goff::new();
    assert_eq!(perft(&g, &start, 1), 72);
    let knights: Vec<_> = dests(&start, t(6, 0, 0));
    assert_eq!(knights, [(4, 1, 2), (4, 2, 1), (5, 2, 2), (7, 2, 2)]);
    assert_eq!(
        dests(&start, t(1, 0, 0)),
        [(0, 2, 2), (2, 2, 2), (3, 1, 2), (3, 2, 1)]
    );
}

/// 01 §7.2 V15: with White's KR2,2 pawn gone the KR rook has 26 quadrant + 10 linear = 36 moves,
/// exactly KR1,2-1,6, KR2,1-6,6 and the capture of Black's KR2,2 pawn; no vertical move.
#[test]
fn v15_kr_rook_after_the_pawn_leaves() {
    let mut p = Position::start();
    p.remove(t(7, 1, 1));
    let got = dests(&p, t(7, 0, 0));
    let mut want: Vec<(i8, i8, i8)> = (1..=5).map(|b| (7, 0, b)).collect();
    for a in 1..=5 {
        for b in 0..=5 {
            want.push((7, a, b));
        }
    }
    want.push((7, 6, 6));
    want.sort();
    assert_eq!(got, want);
    assert_eq!(got.len(), 36);
    let linear = got
        .iter()
        .filter(|&&(z, a, b)| reach(Family::Rook, t(7, 0, 0), t(z, a, b)) == Reach::Linear)
        .count();
    assert_eq!((got.len() - linear, linear), (26, 10));
}

/// 01 §7.2 V16: bishop K4,4 with its own pawn on K5,5 cannot take the rook on KB6,5 (the pawn is an
/// end tile of that square); totals quadrant/apex/linear/all = 84/28/35/119.
#[test]
fn v16_end_tile_blocks() {
    let p = pos(
        &[
            (W, Kind::Bishop, (4, 3, 3)),
            (W, Kind::Pawn, (4, 4, 4)),
            (B, Kind::Rook, (5, 5, 4)),
        ],
        W,
    );
    let s = t(4, 3, 3);
    assert!(!can(&p, s, t(5, 5, 4)));
    let mut without = p.clone();
    without.remove(t(4, 4, 4));
    assert!(
        can(&without, s, t(5, 5, 4)),
        "capturable once the pawn is gone"
    );
    let d = legal_destinations(&p, s);
    let (mut q, mut a, mut l) = (0, 0, 0);
    for c in d {
        match reach(Family::Bishop, s, c) {
            Reach::Linear => l += 1,
            Reach::Apex => {
                q += 1;
                a += 1
            }
            _ => q += 1,
        }
    }
    assert_eq!((q, a, l, d.len()), (84, 28, 35, 119));
}

/// 01 §3.7 (A7) and §3.8: the rule is the whole square, and a linear move needs one clear
/// rectangle; the rejected "any quadrant" rule would let the lineup rook reach KR1,2 (V14).
#[test]
fn rejected_any_quadrant_rule_is_not_used() {
    let start = Position::start();
    assert!(!can(&start, t(7, 0, 0), t(7, 0, 1)));
}

/// 01 §5, Congruent Rule 26, §6.3 #24: the bishop keeps its colour, reaches 256 tiles (half the
/// board) and any of them in at most 2 moves; the rook reaches all 512 in at most 2 moves.
#[test]
fn range_in_two_moves() {
    for (kind, n) in [(Kind::Rook, 512), (Kind::Bishop, 256), (Kind::Duke, 128)] {
        for from in [t(0, 0, 0), t(3, 4, 2)] {
            let one = projection(kind, from);
            let mut two = one;
            two.insert(from);
            for c in one {
                two |= projection(kind, c);
            }
            assert_eq!(two.len(), n, "{kind:?}");
        }
    }
    for c in Position::board() {
        let white = Tile::of(c).is_white();
        assert!(projection(Kind::Bishop, c)
            .iter()
            .all(|d| Tile::of(d).is_white() == white));
    }
}

/// 01 §7.1 Fig 28: bishop on K4,5: its rightward plane holds only white tiles.
#[test]
fn fig_28_rightward_plane_is_white() {
    let s = t(4, 3, 4);
    let p = Position::empty();
    let mut n = 0;
    for d in projection(Kind::Bishop, s) {
        if open_planes(&p, Family::Bishop, s, d).contains(&"rightward") {
            n += 1;
            assert!(Tile::of(d).is_white());
        }
    }
    assert!(n > 0 && Tile::of(s).is_white());
}

/// 01 §7.1 Fig 32/33 (A3): bishop on KB1,1, quadrant (-1,1,0),(0,1,1) of the rightward plane: the
/// perimeter-3 apex (2,6,3) is reached on the empty board, the perimeter-4 apex QN9,5 is off the board.
#[test]
fn fig_32_33_apex_leaves_the_board() {
    let s = t(5, 0, 0);
    assert!(!Tile::new(1, 8, 4).on_board());
    assert!(projection(Kind::Bishop, s).contains(t(2, 6, 3)));
    assert_eq!(
        open_planes(&Position::empty(), Family::Bishop, s, t(2, 6, 3)),
        ["rightward"]
    );
    assert_eq!(reach(Family::Bishop, s, t(2, 6, 3)), Reach::Apex);
}

/// 01 §7.1 Fig 17: rook on KR5,4: the horizontal plane is a full 8x8 slice (63 destinations in it).
#[test]
fn fig_17_rook_horizontal_plane() {
    let s = t(7, 4, 3);
    let n = projection(Kind::Rook, s)
        .iter()
        .filter(|c| Tile::of(*c).z == 7)
        .count();
    assert_eq!(n, 63);
}

/// 01 §3.10, Figs 7/20: a piece on the perimeter leaves its capture as the only legal move on that
/// perimeter; the rook covers the knight at perimeter 5 through a 6x6 square.
#[test]
fn fig_7_capture_is_the_only_move_on_its_perimeter() {
    let p = pos(
        &[(W, Kind::Rook, (0, 0, 0)), (B, Kind::Knight, (0, 3, 5))],
        W,
    );
    let d = legal_destinations(&p, t(0, 0, 0));
    let on_5: Vec<_> = d
        .iter()
        .filter(|&c| {
            let x = Tile::of(c);
            x.z == 0 && x.a >= 1 && x.b >= 1 && x.a.max(x.b) == 5
        })
        .collect();
    assert_eq!(on_5, [t(0, 3, 5)]);
    assert!(attacked(&p, t(0, 3, 5), Player(0)));
}

/// 01 §3.3 and 02 §3.3 (Table 33): the apex directions `e1 + e2` of the quadrants of every named
/// plane (White's names), as the digests list them.
#[test]
fn quadrant_apex_directions_by_plane() {
    use spacechess_goff::tile::zab;
    type Apexes<'a> = (Family, &'a str, &'a [(i8, i8, i8)]);
    let want: [Apexes; 13] = [
        (
            Family::Rook,
            "horizontal",
            &[(0, -1, 1), (0, -1, -1), (0, 1, -1), (0, 1, 1)],
        ),
        (
            Family::Rook,
            "left vertical",
            &[(-1, 0, -1), (-1, 0, 1), (1, 0, 1), (1, 0, -1)],
        ),
        (
            Family::Rook,
            "right vertical",
            &[(-1, 1, 0), (-1, -1, 0), (1, -1, 0), (1, 1, 0)],
        ),
        (
            Family::Bishop,
            "downward",
            &[
                (-1, 2, -1),
                (-2, 1, 1),
                (-1, -1, 2),
                (1, -2, 1),
                (2, -1, -1),
                (1, 1, -2),
            ],
        ),
        (
            Family::Bishop,
            "upward",
            &[
                (-1, 1, -2),
                (-2, -1, -1),
                (-1, -2, 1),
                (1, -1, 2),
                (2, 1, 1),
                (1, 2, -1),
            ],
        ),
        (
            Family::Bishop,
            "leftward",
            &[
                (-1, 1, 2),
                (-2, -1, 1),
                (-1, -2, -1),
                (1, -1, -2),
                (2, 1, -1),
                (1, 2, 1),
            ],
        ),
        (
            Family::Bishop,
            "rightward",
            &[
                (1, -2, -1),
                (-1, -1, -2),
                (-2, 1, -1),
                (-1, 2, 1),
                (1, 1, 2),
                (2, -1, 1),
            ],
        ),
        (
            Family::Duke,
            "major",
            &[(0, 2, 2), (2, 0, 0), (0, -2, -2), (-2, 0, 0)],
        ),
        (
            Family::Duke,
            "minor",
            &[(0, 2, -2), (2, 0, 0), (0, -2, 2), (-2, 0, 0)],
        ),
        (
            Family::Duke,
            "upleft",
            &[(2, 2, 0), (0, 0, -2), (-2, -2, 0), (0, 0, 2)],
        ),
        (
            Family::Duke,
            "downleft",
            &[(2, -2, 0), (0, 0, -2), (-2, 2, 0), (0, 0, 2)],
        ),
        (
            Family::Duke,
            "upright",
            &[(2, 0, 2), (0, -2, 0), (-2, 0, -2), (0, 2, 0)],
        ),
        (
            Family::Duke,
            "downright",
            &[(2, 0, -2), (0, -2, 0), (-2, 0, 2), (0, 2, 0)],
        ),
    ];
    for (f, name, apexes) in want {
        let fam = tables().planar(f).family();
        let plane = (0..fam.planes.len())
            .find(|&p| tables().plane_name(f, p, W) == name)
            .unwrap_or_else(|| panic!("no plane {name}"));
        let mut got: Vec<(i8, i8, i8)> = fam
            .quadrants
            .iter()
            .filter(|q| q.plane == plane)
            .map(|q| {
                let (a, b) = (zab(&fam.rays[q.e1]), zab(&fam.rays[q.e2]));
                (a.0 + b.0, a.1 + b.1, a.2 + b.2)
            })
            .collect();
        let mut w = apexes.to_vec();
        got.sort();
        w.sort();
        assert_eq!(got, w, "{name}");
        // 01 §3.2 / 02 §3.2: Black's names swap up/down (and left/right for skew planes).
        let black = tables().plane_name(f, plane, B);
        let swapped = match name {
            "downward" => "upward",
            "upward" => "downward",
            "leftward" => "rightward",
            "rightward" => "leftward",
            "upleft" => "downleft",
            "downleft" => "upleft",
            "upright" => "downright",
            "downright" => "upright",
            n => n,
        };
        assert_eq!(black, swapped);
    }
}

/// 01 §3.8 consequences, Table 37: planar blocking of a linear move takes one man per plane: 2 for
/// the rook, 3 for the duke (02 §3.4); one man in line blocks alone.
#[test]
fn planar_blocking_needs_one_man_per_plane() {
    let rook = |men: &[(i8, i8, i8)]| {
        let mut v = vec![(W, Kind::Rook, (3, 3, 3))];
        v.extend(men.iter().map(|&c| (B, Kind::Pawn, c)));
        can(&pos(&v, W), t(3, 3, 3), t(5, 3, 3))
    };
    assert!(rook(&[(4, 3, 4)]));
    assert!(!rook(&[(4, 3, 4), (4, 4, 3)]));
    assert!(!rook(&[(4, 3, 3)]), "in line");
    let duke = |men: &[(i8, i8, i8)]| {
        let mut v = vec![(W, Kind::Duke, (3, 3, 3))];
        v.extend(men.iter().map(|&c| (B, Kind::Pawn, c)));
        can(&pos(&v, W), t(3, 3, 3), t(5, 5, 5))
    };
    assert!(duke(&[(2, 4, 4), (4, 2, 4)]));
    assert!(!duke(&[(2, 4, 4), (4, 2, 4), (4, 4, 2)]));
    assert!(!duke(&[(4, 4, 4)]), "in line");
}

/// 01 §3.10, §6.3 #25 (l.1721, 1999-2001): STAB of the rook: 12 quadrants; with linear attacks
/// only (one enemy on each chosen ray, at distance 1 to 3), at most 4 men are attacked at once.
#[test]
fn rook_stab_linear_at_most_4() {
    assert_eq!(tables().rook.family().quadrants.len(), 12);
    let rays = [
        (1, 0, 0),
        (-1, 0, 0),
        (0, 1, 0),
        (0, -1, 0),
        (0, 0, 1),
        (0, 0, -1),
    ];
    let mut best = 0;
    for code in 0..4usize.pow(6) {
        let mut men = vec![(W, Kind::Rook, (3, 3, 3))];
        let mut targets = Vec::new();
        let mut c = code;
        for r in rays {
            let k = (c % 4) as i8;
            c /= 4;
            if k > 0 {
                let x = (3 + k * r.0, 3 + k * r.1, 3 + k * r.2);
                men.push((B, Kind::Pawn, x));
                targets.push(t(x.0, x.1, x.2));
            }
        }
        let p = pos(&men, W);
        let n = targets.iter().filter(|&&x| attacked(&p, x, W)).count();
        best = best.max(n);
    }
    assert_eq!(best, 4);
}
