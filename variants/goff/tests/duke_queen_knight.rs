//! rules/goff/02-duke-queen-knight.md: the duke, the queen and the knight.

mod common;
use common::*;
use spacechess_goff::movegen::{attacked, legal_destinations};
use spacechess_goff::power::{breakdown, projection, queen_table, reach, Reach};
use spacechess_goff::tables::{tables, Family};
use spacechess_goff::{Kind, Piece, Position, Tile};

/// 02 §3.5: duke corner 79 = 72 quadrant (9 edge apex + 9 duplex) + 7 linear; centre 115 with 25
/// linear; from the stack's home KB1,1 79; range 128 (a quarter of the board).
#[test]
fn duke_79_and_115() {
    assert_eq!(breakdown(Family::Duke, t(0, 0, 0)), [79, 72, 18, 7]);
    let corner = t(0, 0, 0);
    let kinds = |from| {
        let mut n = [0usize; 5];
        for d in projection(Kind::Duke, from) {
            n[reach(Family::Duke, from, d) as usize] += 1;
        }
        n
    };
    // [none, body, apex (edge), duplex, linear]
    assert_eq!(kinds(corner), [0, 54, 9, 9, 7]);
    let centre = t(3, 3, 3);
    let [total, _, _, linear] = breakdown(Family::Duke, centre);
    assert_eq!((total, linear), (115, 25));
    assert_eq!(projection(Kind::Duke, t(5, 0, 0)).len(), 79);
}

/// 02 §3.6 T-D8: the exact 79 destinations of a duke on QR1,1.
#[test]
fn t_d8_duke_from_the_corner() {
    let p = pos(&[(W, Kind::Duke, (0, 0, 0))], W);
    let got = dests(&p, t(0, 0, 0));
    let mut want: Vec<(i8, i8, i8)> = (1..=7).map(|k| (k, k, k)).collect();
    for n in [2, 4, 6] {
        want.extend([
            (n, 0, 0),
            (0, n, 0),
            (0, 0, n),
            (0, n, n),
            (n, 0, n),
            (n, n, 0),
        ]);
    }
    let body = "(1,1,3) (1,1,5) (1,1,7) (1,3,1) (1,3,3) (1,5,1) (1,5,5) (1,7,1) (1,7,7) (2,2,4) \
        (2,2,6) (2,4,2) (2,4,4) (2,6,2) (2,6,6) (3,1,1) (3,1,3) (3,3,1) (3,3,5) (3,3,7) (3,5,3) \
        (3,5,5) (3,7,3) (3,7,7) (4,2,2) (4,2,4) (4,4,2) (4,4,6) (4,6,4) (4,6,6) (5,1,1) (5,1,5) \
        (5,3,3) (5,3,5) (5,5,1) (5,5,3) (5,5,7) (5,7,5) (5,7,7) (6,2,2) (6,2,6) (6,4,4) (6,4,6) \
        (6,6,2) (6,6,4) (7,1,1) (7,1,7) (7,3,3) (7,3,7) (7,5,5) (7,5,7) (7,7,1) (7,7,3) (7,7,5)";
    for tup in body.split_whitespace() {
        let v: Vec<i8> = tup
            .trim_matches(['(', ')'])
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        want.push((v[0], v[1], v[2]));
    }
    assert_eq!(want.len(), 79);
    want.sort_by_key(|&(z, a, b)| t(z, a, b));
    assert_eq!(got, want);
}

/// 02 §3.4 closed form, checked from all 512 sources: on the empty board the duke reaches d != s iff
/// all coordinates of D = d - s have equal parity and two of |D| are equal; it never leaves its
/// duke colour.
#[test]
fn duke_closed_form_everywhere() {
    for s in Position::board() {
        let st = Tile::of(s);
        let reach = projection(Kind::Duke, s);
        for d in Position::board() {
            if d == s {
                continue;
            }
            let (dz, da, db) = st.offset_to(&Tile::of(d));
            let par = (dz.rem_euclid(2), da.rem_euclid(2), db.rem_euclid(2));
            let same_parity = par.0 == par.1 && par.1 == par.2;
            let (x, y, z) = (dz.abs(), da.abs(), db.abs());
            let expect = same_parity && (x == y || y == z || x == z);
            assert_eq!(reach.contains(d), expect, "{st:?} -> {:?}", Tile::of(d));
            if expect {
                assert_eq!(Tile::of(d).duke_colour(), st.duke_colour());
            }
        }
    }
}

/// 02 §3.2, §6 #2-#3: every vertex line lies in 3 slant planes; plane sizes from the centre
/// (duke-colour tiles incl. the source) 32 and 28; the duke reaches 32 of the 64 tiles of the primary
/// plane a = b, 4 per level.
#[test]
fn duke_planes_and_primary_plane() {
    let fam = tables().duke.family();
    for r in 0..8 {
        assert_eq!(fam.planes_of_ray(r).len(), 3);
    }
    let centre = Tile::new(3, 3, 3);
    let col = centre.duke_colour();
    let mut sizes: Vec<usize> = [
        |t: Tile| t.a - t.b == 0,
        |t: Tile| t.a + t.b == 6,
        |t: Tile| t.z - t.a == 0,
        |t: Tile| t.z + t.a == 6,
        |t: Tile| t.z - t.b == 0,
        |t: Tile| t.z + t.b == 6,
    ]
    .iter()
    .map(|f| {
        Position::board()
            .iter()
            .map(Tile::of)
            .filter(|&t| f(t) && t.duke_colour() == col)
            .count()
    })
    .collect();
    sizes.sort();
    assert_eq!(sizes, [28, 28, 28, 32, 32, 32]);
    let home = Tile::new(5, 0, 0);
    for z in 0..8 {
        let n = (0..8)
            .filter(|&a| Tile::new(z, a, a).duke_colour() == home.duke_colour())
            .count();
        assert_eq!(n, 4);
    }
}

/// 02 §3.6 T-D1 (Figures 56-60): duke KB3,3 against the king QN7,7 along (-1,1,1): perimeter 1 in 3
/// planes, 2 in 2, 3 in 1, 4 (the king) in none: no check. KR5,5 is blocked in upright only.
/// Removing the White rook gives a discovered check; a Black rook on (2,7,7) blocks it again.
#[test]
fn t_d1_polarisation_and_discovered_check() {
    let mut p = pos(
        &[
            (W, Kind::Duke, (5, 2, 2)),
            (B, Kind::King, (1, 6, 6)),
            (W, Kind::Knight, (5, 6, 2)),
            (W, Kind::Bishop, (0, 7, 1)),
            (W, Kind::Rook, (0, 5, 5)),
            (B, Kind::Pawn, (7, 4, 5)),
        ],
        W,
    );
    let s = t(5, 2, 2);
    let planes = |p: &Position, k: i8| open_planes(p, Family::Duke, s, t(5 - k, 2 + k, 2 + k));
    assert_eq!(planes(&p, 1), ["downleft", "downright", "major"]);
    assert_eq!(planes(&p, 2), ["downleft", "major"]);
    assert_eq!(planes(&p, 3), ["major"]);
    assert!(planes(&p, 4).is_empty());
    assert!(!attacked(&p, t(1, 6, 6), W));
    assert_eq!(
        open_planes(&p, Family::Duke, s, t(7, 4, 4)),
        ["major", "upleft"]
    );
    p.remove(t(0, 5, 5));
    assert!(attacked(&p, t(1, 6, 6), W), "discovered check");
    p.put(
        t(2, 7, 7),
        Piece {
            player: B,
            kind: Kind::Rook,
        },
    );
    assert!(
        !attacked(&p, t(1, 6, 6), W),
        "the Black rook on QB1,1 blocks"
    );
}

/// 02 §3.6 T-D2 (Figure 78): duke QN1,1 -> KB1,1 is a duplex move (two 3x3 squares, 9 of their 18
/// tiles on the board); a man on K1,1 (another duke colour) does not block, a man on Q1,1 does.
#[test]
fn t_d2_duplex_from_the_edge() {
    let s = t(1, 0, 0);
    let d = t(5, 0, 0);
    let pt = tables().planar(Family::Duke);
    let routes = pt.routes(s, d);
    assert_eq!(routes.len(), 2);
    let on_board: usize = routes.iter().map(|r| pt.manifold(s, r).len() + 1).sum();
    assert_eq!(
        on_board, 9,
        "9 of 18 tiles on the board (the source counted in each square)"
    );
    let p = pos(&[(W, Kind::Duke, (1, 0, 0)), (W, Kind::King, (4, 0, 0))], W);
    assert!(can(&p, s, d));
    let p = pos(
        &[(W, Kind::Duke, (1, 0, 0)), (W, Kind::Queen, (3, 0, 0))],
        W,
    );
    assert!(!can(&p, s, d));
}

/// 02 §3.6 T-D3: duke Q4,4 -> KR4,4 (duplex, perimeter 2): one piece in the major square leaves it
/// legal (simplex); one in each square blocks; one on the earlier duplex tile blocks.
#[test]
fn t_d3_duplex_needs_two_blockers() {
    let s = (3, 3, 3);
    let d = t(7, 3, 3);
    let p = pos(&[(W, Kind::Duke, s), (B, Kind::Pawn, (4, 2, 2))], W);
    assert!(can(&p, t(3, 3, 3), d));
    assert_eq!(open_planes(&p, Family::Duke, t(3, 3, 3), d).len(), 1);
    let p = pos(
        &[
            (W, Kind::Duke, s),
            (B, Kind::Pawn, (4, 2, 2)),
            (B, Kind::Pawn, (4, 2, 4)),
        ],
        W,
    );
    assert!(!can(&p, t(3, 3, 3), d));
    let p = pos(&[(W, Kind::Duke, s), (B, Kind::Pawn, (5, 3, 3))], W);
    assert!(!can(&p, t(3, 3, 3), d));
}

/// 02 §3.6 T-D4: asymmetry: (3,3,3) -> (6,6,4) is legal past an enemy on (3,3,5); the way back is
/// blocked.
#[test]
fn t_d4_trapdoor() {
    let mut p = pos(&[(W, Kind::Duke, (3, 3, 3)), (B, Kind::Pawn, (3, 3, 5))], W);
    assert!(can(&p, t(3, 3, 3), t(6, 6, 4)));
    p.remove(t(3, 3, 3));
    p.put(
        t(6, 6, 4),
        Piece {
            player: W,
            kind: Kind::Duke,
        },
    );
    assert!(!can(&p, t(6, 6, 4), t(3, 3, 3)));
}

/// 02 §3.6 T-D6 (the Ruy Lopez of l.2760): after 1 P-K4,4 P-K4,4 2 N-KB3,3 N-QB3,3 the KB duke's
/// 3 D-QN5,5 is legal, blocked in the primary (major) plane and open in downleft and downright.
#[test]
fn t_d6_ruy_lopez_duke() {
    let mut p = Position::start();
    let mv = |p: &mut Position, from: (i8, i8, i8), to: (i8, i8, i8)| {
        let pc = p.piece_at(t(from.0, from.1, from.2)).unwrap();
        p.remove(t(from.0, from.1, from.2));
        p.put(t(to.0, to.1, to.2), pc);
    };
    mv(&mut p, (4, 1, 1), (4, 3, 3));
    mv(&mut p, (4, 6, 6), (4, 4, 4));
    mv(&mut p, (6, 0, 0), (5, 2, 2));
    mv(&mut p, (1, 7, 7), (2, 5, 5));
    // The stack's duke component, as a duke.
    p.put(
        t(5, 0, 0),
        Piece {
            player: W,
            kind: Kind::Duke,
        },
    );
    assert!(can(&p, t(5, 0, 0), t(1, 4, 4)));
    assert_eq!(
        open_planes(&p, Family::Duke, t(5, 0, 0), t(1, 4, 4)),
        ["downleft", "downright"]
    );
}

/// 02 §3.6 T-D7: regression position R1: counts from (3,3,3) for duke 32, queen 148, rook 41,
/// bishop 97, and the duke verdicts.
#[test]
fn t_d7_regression_r1() {
    let whites = [(5, 3, 3), (4, 4, 4), (2, 4, 2), (7, 3, 3), (3, 1, 5)];
    let blacks = [
        (3, 5, 5),
        (1, 1, 3),
        (3, 3, 6),
        (6, 6, 0),
        (0, 0, 0),
        (1, 3, 3),
        (4, 2, 4),
    ];
    let with = |kind| {
        let mut men = vec![(W, kind, (3, 3, 3))];
        men.extend(whites.iter().map(|&c| (W, Kind::Pawn, c)));
        men.extend(blacks.iter().map(|&c| (B, Kind::Pawn, c)));
        pos(&men, W)
    };
    let s = t(3, 3, 3);
    for (kind, n) in [
        (Kind::Duke, 32),
        (Kind::Queen, 148),
        (Kind::Rook, 41),
        (Kind::Bishop, 97),
    ] {
        assert_eq!(legal_destinations(&with(kind), s).len(), n, "{kind:?}");
    }
    let p = with(Kind::Duke);
    for (d, ok) in [
        ((1, 3, 3), true),
        ((3, 5, 5), false),
        ((1, 1, 1), false),
        ((1, 1, 3), true),
        ((4, 2, 4), true),
        ((5, 1, 5), false),
        ((6, 6, 0), true),
        ((2, 2, 4), true),
        ((7, 5, 5), false),
        ((1, 5, 5), true),
    ] {
        assert_eq!(can(&p, s, t(d.0, d.1, d.2)), ok, "{d:?}");
    }
    assert_eq!(open_planes(&p, Family::Duke, s, t(4, 2, 4)), ["downleft"]);
    assert_eq!(open_planes(&p, Family::Duke, s, t(6, 6, 0)), ["downright"]);
    assert_eq!(open_planes(&p, Family::Duke, s, t(1, 5, 5)), ["downright"]);
}

/// 02 §4.4: Tables 4 and 5, queen corner 289 and centre 355, every column.
#[test]
fn queen_tables_4_and_5() {
    assert_eq!(
        queen_table(t(0, 0, 0)),
        [9, 12, 12, 9, 7, 3, 6, 126, 54, 51]
    );
    assert_eq!(
        queen_table(t(3, 3, 3)),
        [9, 12, 24, 15, 25, 12, 24, 108, 72, 54]
    );
    assert_eq!(projection(Kind::Queen, t(0, 0, 0)).len(), 289);
    for c in [t(3, 3, 3), t(4, 4, 3), t(3, 4, 4), t(4, 4, 4)] {
        assert_eq!(projection(Kind::Queen, c).len(), 355);
    }
    // Centre: 24 + 15 + 9 + 12 = 60 overlap tiles.
    let q = queen_table(t(3, 3, 3));
    assert_eq!(q[2] + q[3] + q[0] + q[5], 60);
}

/// 02 §4.2, §6 #8: brook tiles of a queen on Q4,4 by level: 4 on KN, 4 on K, 8 on Q, 4 on QB, 4 on QR.
#[test]
fn brook_tiles_by_level() {
    let s = t(3, 3, 3);
    let mut by_level = [0usize; 8];
    for d in projection(Kind::Queen, s) {
        let brook = reach(Family::Rook, s, d) == Reach::Apex
            && reach(Family::Bishop, s, d) == Reach::Linear;
        let (dz, da, db) = Tile::of(s).offset_to(&Tile::of(d));
        let odd = [dz, da, db]
            .iter()
            .filter(|x| **x != 0)
            .all(|x| x.abs() % 2 == 1);
        if brook && odd {
            by_level[Tile::of(d).z as usize] += 1;
        }
    }
    assert_eq!(by_level, [4, 0, 4, 8, 4, 0, 4, 0]);
}

/// 02 §6 #10: at most 12 Feynman tiles from any tile.
#[test]
fn at_most_12_feynman_tiles() {
    let max = Position::board()
        .iter()
        .map(|c| queen_table(c)[5])
        .max()
        .unwrap();
    assert_eq!(max, 12);
}

/// 02 §4.5 Figure 63: queen Q1,1: Q4,4 is a brook tile (rook apex + bishop linear, no duke route),
/// Q5,5 a q-tile (duke edge apex of perimeter 2 too), Q3,3 duke perimeter 1.
#[test]
fn fig_63_queen_overlaps() {
    let s = t(3, 0, 0);
    assert_eq!(Tile::of(s).duke_colour(), "gold");
    let r = |d| {
        (
            reach(Family::Rook, s, d),
            reach(Family::Bishop, s, d),
            reach(Family::Duke, s, d),
        )
    };
    assert_eq!(r(t(3, 3, 3)), (Reach::Apex, Reach::Linear, Reach::None));
    assert_eq!(r(t(3, 4, 4)), (Reach::Apex, Reach::Linear, Reach::Apex));
    assert_eq!(r(t(3, 2, 2)), (Reach::Apex, Reach::Linear, Reach::Apex));
}

/// 02 §4.5 Figure 65: queen KR4,4: the 8 Feynman tiles, 3 hotspots down the vertical line, 4 brook
/// tiles on KN and 4 q-tiles on KB.
#[test]
fn fig_65_feynman_and_hotspots() {
    let s = t(7, 3, 3);
    let mut feynman = Vec::new();
    let mut hot = Vec::new();
    let (mut brook_kn, mut q_kb) = (0, 0);
    for d in projection(Kind::Queen, s) {
        let (r, b, du) = (
            reach(Family::Rook, s, d),
            reach(Family::Bishop, s, d),
            reach(Family::Duke, s, d),
        );
        let name = Tile::of(d).book_name(W);
        if b == Reach::Apex && du != Reach::None {
            feynman.push(name.clone());
        }
        let vertical = Tile::of(d).a == 3 && Tile::of(d).b == 3;
        if r == Reach::Linear && du == Reach::Duplex && vertical {
            hot.push(name.clone());
        }
        if r == Reach::Apex && b == Reach::Linear {
            if du == Reach::Apex && Tile::of(d).z == 5 {
                q_kb += 1;
            } else if du == Reach::None && Tile::of(d).z == 6 {
                brook_kn += 1;
            }
        }
    }
    feynman.sort();
    hot.sort();
    assert_eq!(
        feynman,
        ["KB2,8", "KB6,8", "KB8,2", "KB8,6", "Q2,2", "Q2,6", "Q6,2", "Q6,6"]
    );
    assert_eq!(hot, ["KB4,4", "Q4,4", "QN4,4"]);
    assert_eq!((brook_kn, q_kb), (4, 4));
}

/// 02 §4.3: overlap shells: blocking a q-tile, a brook tile, a hotspot.
#[test]
fn overlap_shells() {
    let q = (W, Kind::Queen, (0, 0, 0));
    let s = t(0, 0, 0);
    let p = pos(&[q, (B, Kind::Pawn, (0, 2, 2))], W);
    assert!(!can(&p, s, t(0, 3, 3)) && !can(&p, s, t(0, 4, 4)));
    let p = pos(&[q, (B, Kind::Pawn, (0, 1, 1))], W);
    assert!(!can(&p, s, t(0, 3, 3)) && can(&p, s, t(0, 2, 2)));
    let p = pos(
        &[q, (B, Kind::Pawn, (0, 1, 1)), (B, Kind::Pawn, (1, 1, 1))],
        W,
    );
    assert!(!can(&p, s, t(0, 2, 2)));
    let p = pos(&[q, (B, Kind::Pawn, (2, 0, 0))], W);
    assert!(!can(&p, s, t(3, 0, 0)) && !can(&p, s, t(4, 0, 0)));
    let p = pos(&[q, (B, Kind::Pawn, (1, 0, 0))], W);
    assert!(can(&p, s, t(2, 0, 0)) && !can(&p, s, t(3, 0, 0)));
}

/// 02 §4.5, §5.2: within the 5x5x5 cube around the centre the queen covers 100 tiles and misses 24,
/// exactly the knight's 24.
#[test]
fn five_cube_queen_and_knight() {
    let s = t(3, 3, 3);
    let (q, n) = (projection(Kind::Queen, s), projection(Kind::Knight, s));
    let mut covered = 0;
    let mut missed = Vec::new();
    for dz in -2..=2i8 {
        for da in -2..=2i8 {
            for db in -2..=2i8 {
                if (dz, da, db) == (0, 0, 0) {
                    continue;
                }
                let d = t(3 + dz, 3 + da, 3 + db);
                if q.contains(d) {
                    covered += 1;
                } else {
                    missed.push(d);
                }
            }
        }
    }
    assert_eq!((covered, missed.len()), (100, 24));
    assert_eq!(
        missed
            .iter()
            .copied()
            .collect::<spacechess_geometry::CellSet<8>>(),
        n
    );
}

/// 02 §5.2: knight 3 from a corner, 24 in the open; jumps are never blocked; it always changes both
/// bishop and duke colour; from jade: 8 ruby one level away, 8 gold + 8 silver two levels away.
#[test]
fn knight_3_and_24() {
    assert_eq!(projection(Kind::Knight, t(0, 0, 0)).len(), 3);
    assert_eq!(projection(Kind::Knight, t(3, 3, 3)).len(), 24);
    let mut crowd = Position::empty();
    for c in Position::board() {
        crowd.put(
            c,
            Piece {
                player: W,
                kind: Kind::Pawn,
            },
        );
    }
    crowd.remove(t(3, 3, 3));
    crowd.put(
        t(3, 3, 3),
        Piece {
            player: B,
            kind: Kind::Knight,
        },
    );
    crowd.set_to_move(B);
    assert_eq!(
        legal_destinations(&crowd, t(3, 3, 3)).len(),
        24,
        "jumps cannot be blocked"
    );
    for s in Position::board() {
        let st = Tile::of(s);
        for d in projection(Kind::Knight, s) {
            let dt = Tile::of(d);
            assert_ne!(st.is_white(), dt.is_white());
            assert_ne!(st.duke_colour(), dt.duke_colour());
        }
    }
    let jade = Tile::new(3, 3, 4);
    assert_eq!(jade.duke_colour(), "jade");
    let mut n = std::collections::BTreeMap::new();
    for d in projection(Kind::Knight, jade.cell()) {
        let dt = Tile::of(d);
        *n.entry((dt.z - jade.z).abs().to_string() + dt.duke_colour())
            .or_insert(0) += 1;
    }
    let want: std::collections::BTreeMap<String, i32> =
        [("1ruby", 8), ("2gold", 8), ("2silver", 8)]
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect();
    assert_eq!(n, want);
}

/// 02 §1.3: duke colour anchors: the White KB duke (KB1,1) gold, QB silver; Black's KB duke silver,
/// QB gold; KR1,2 ruby, KR2,1 jade; White's queen gold, Black's silver; 64 white + 64 black tiles
/// per duke colour.
#[test]
fn duke_colours() {
    assert_eq!(Tile::new(5, 0, 0).duke_colour(), "gold");
    assert_eq!(Tile::new(2, 0, 0).duke_colour(), "silver");
    assert_eq!(Tile::new(5, 7, 7).duke_colour(), "silver");
    assert_eq!(Tile::new(2, 7, 7).duke_colour(), "gold");
    assert_eq!(Tile::new(7, 0, 1).duke_colour(), "ruby");
    assert_eq!(Tile::new(7, 1, 0).duke_colour(), "jade");
    assert_eq!(Tile::new(3, 0, 0).duke_colour(), "gold");
    assert_eq!(Tile::new(3, 7, 7).duke_colour(), "silver");
    for col in ["gold", "silver", "ruby", "jade"] {
        let tiles: Vec<Tile> = Position::board()
            .iter()
            .map(Tile::of)
            .filter(|t| t.duke_colour() == col)
            .collect();
        assert_eq!(tiles.len(), 128);
        assert_eq!(tiles.iter().filter(|t| t.is_white()).count(), 64);
    }
}

/// 02 §5.2 (L6650-6684): a 5-move knight return from KR1,1 to the face-adjacent KR2,1 through
/// KN3,3, KB1,1, Q3,2, KB1,3, with duke colours gold: silver, gold, ruby, gold, jade.
#[test]
fn knight_five_move_return() {
    let path = [
        (7, 0, 0),
        (6, 2, 2),
        (5, 0, 0),
        (3, 2, 1),
        (5, 0, 2),
        (7, 1, 0),
    ];
    let colours: Vec<&str> = path
        .iter()
        .map(|&(z, a, b)| Tile::new(z, a, b).duke_colour())
        .collect();
    assert_eq!(colours, ["gold", "silver", "gold", "ruby", "gold", "jade"]);
    for w in path.windows(2) {
        assert!(
            projection(Kind::Knight, t(w[0].0, w[0].1, w[0].2)).contains(t(w[1].0, w[1].1, w[1].2))
        );
    }
    let names: Vec<String> = path
        .iter()
        .map(|&(z, a, b)| Tile::new(z, a, b).book_name(W))
        .collect();
    assert_eq!(names, ["KR1,1", "KN3,3", "KB1,1", "Q3,2", "KB1,3", "KR2,1"]);
}

/// 02 §6 #12 (L6227-6248): STAB 12 + 24 + 24 = 60 advancement squares (quadrants) for the queen.
#[test]
fn queen_stab_60() {
    let n = |f: Family| tables().planar(f).family().quadrants.len();
    assert_eq!(
        (n(Family::Rook), n(Family::Bishop), n(Family::Duke)),
        (12, 24, 24)
    );
    assert_eq!(n(Family::Rook) + n(Family::Bishop) + n(Family::Duke), 60);
}

/// 02 §3.5 (L5456-5457, A9): a duke in a corner covers 10 tiles in every orthogonal plane, counting
/// its own tile in the 3 planes through it.
#[test]
fn duke_corner_ten_per_orthogonal_plane() {
    let s = t(0, 0, 0);
    let mut reach = projection(Kind::Duke, s);
    reach.insert(s);
    for c in 0..8i8 {
        for axis in 0..3 {
            let n = reach
                .iter()
                .map(Tile::of)
                .filter(|x| [x.z, x.a, x.b][axis] == c)
                .count();
            assert_eq!(n, 10, "axis {axis} = {c}");
        }
    }
}

/// 01 §6.3 #4, #11, #12, 02 §3.5, §5.2, A4, 04 §1.4: power projection ratios (of 511 tiles) as the
/// book prints them; the queen's 56.4 % / 69.3 % are 289/512 and 355/512 (book slip, A4), the
/// correct /511 values are 56.6 % / 69.5 %.
#[test]
fn ppr_percentages() {
    let pct = |n: usize, d: f64| format!("{:.1}", 100.0 * n as f64 / d);
    let pct2 = |n: usize| format!("{:.2}", 100.0 * n as f64 / 511.0);
    assert_eq!(pct(projection(Kind::Rook, t(0, 0, 0)).len(), 511.0), "32.9");
    assert_eq!(
        pct(projection(Kind::Bishop, t(0, 0, 0)).len(), 511.0),
        "16.4"
    );
    assert_eq!(
        pct(projection(Kind::Bishop, t(4, 3, 3)).len(), 511.0),
        "28.8"
    );
    assert_eq!(pct(projection(Kind::Duke, t(0, 0, 0)).len(), 511.0), "15.5");
    assert_eq!(pct(projection(Kind::Duke, t(3, 3, 3)).len(), 511.0), "22.5");
    let (qc, qm) = (
        projection(Kind::Queen, t(0, 0, 0)).len(),
        projection(Kind::Queen, t(3, 3, 3)).len(),
    );
    assert_eq!(
        (pct(qc, 512.0), pct(qm, 512.0)),
        ("56.4".into(), "69.3".into())
    );
    assert_eq!(
        (pct(qc, 511.0), pct(qm, 511.0)),
        ("56.6".into(), "69.5".into())
    );
    assert_eq!(pct2(projection(Kind::Knight, t(0, 0, 0)).len()), "0.59");
    assert_eq!(pct2(projection(Kind::Knight, t(3, 3, 3)).len()), "4.70");
    assert_eq!(pct2(projection(Kind::King, t(3, 3, 3)).len()), "5.09");
    assert_eq!(pct2(projection(Kind::King, t(0, 0, 0)).len()), "1.37");
}

/// 02 §6 #19 (L6875, L6956-6966), 04 §0: from the stack's home KB1,1 on the empty board the duke
/// reaches 79 tiles and the bishop 94; 14 overlap (9 q-tiles + 5 Feynman), 159 together.
#[test]
fn stack_home_projection() {
    let s = t(5, 0, 0);
    let (d, b) = (projection(Kind::Duke, s), projection(Kind::Bishop, s));
    assert_eq!(
        (d.len(), b.len(), (d & b).len(), (d | b).len()),
        (79, 94, 14, 159)
    );
    let q = (d & b)
        .iter()
        .filter(|&c| reach(Family::Bishop, s, c) == Reach::Linear)
        .count();
    assert_eq!((q, (d & b).len() - q), (9, 5));
}

/// 02 §3.4 (L4533-4537, L7184-7195), 01 A12: men on tiles of the other duke colours never block a
/// duke: with every such tile occupied the centre duke still has its 115 moves.
#[test]
fn other_duke_colours_never_block() {
    let s = t(3, 3, 3);
    let col = Tile::of(s).duke_colour();
    let mut p = Position::empty();
    for c in Position::board() {
        if Tile::of(c).duke_colour() != col {
            p.put(
                c,
                Piece {
                    player: B,
                    kind: Kind::Pawn,
                },
            );
        }
    }
    p.put(
        s,
        Piece {
            player: W,
            kind: Kind::Duke,
        },
    );
    assert_eq!(legal_destinations(&p, s).len(), 115);
}
