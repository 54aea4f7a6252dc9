//! Castling (rules/goff/04 §4-5, Congruent Rules 55-61; 05 §4 rows 13-16; 05 T32): the five castle
//! types and their 36 permutations per colour, the emptiness and check conditions, the atomic
//! board transition with per-piece rights, the rule options and the castling notation.
//!
//! Every expectation here is derived from the digest's formulas (§5.2) in the test itself, not
//! read back from the engine.

mod common;

use common::*;
use spacechess_geometry::Cell;
use spacechess_goff::movegen::{attacked, in_check, legal_moves};
use spacechess_goff::rules::{CastlingRule, RookPlane, ThroughCheck};
use spacechess_goff::{Castle, Goff, GoffRules, Kind, Move, Piece, Position, Tile};
use spacechess_variant::{MoveError, Player, Variant};

type Z = (i8, i8, i8);

fn z(c: Cell) -> Z {
    let x = Tile::of(c);
    (x.z, x.a, x.b)
}

/// Home index h and direction s of a colour (04 §5.1).
fn hs(p: Player) -> (i8, i8) {
    if p.0 == 0 {
        (0, 1)
    } else {
        (7, -1)
    }
}

/// Only the kings and the four rooks, on their home tiles, all unmoved; `to_move` to move.
fn home_column(to_move: Player) -> Position {
    let mut men = Vec::new();
    for (p, h) in [(W, 0), (B, 7)] {
        men.push((p, Kind::King, (4, h, h)));
        men.push((p, Kind::Rook, (7, h, h)));
        men.push((p, Kind::Rook, (0, h, h)));
    }
    let mut p = pos(&men, to_move);
    p.set_unmoved(p.occupied());
    p
}

/// `home_column` with extra men (unmoved too, which changes nothing for them).
fn home_column_with(to_move: Player, extra: &[(Player, Kind, Z)]) -> Position {
    let mut p = home_column(to_move);
    for &(pl, k, (a, b, c)) in extra {
        p.put(
            t(a, b, c),
            Piece {
                player: pl,
                kind: k,
            },
        );
    }
    p.set_unmoved(home_column(to_move).occupied());
    p
}

/// The legal castles of the side to move.
fn castles(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(p, &mut v);
    v.retain(|m| m.castle.is_some());
    v
}

/// The five castle types of 04 §5.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Type {
    /// Vertical king-side.
    Ck,
    /// Vertical queen-side.
    Cq,
    /// Royal, king rook only.
    RoyalKing,
    /// Royal, queen rook only.
    RoyalQueen,
    /// Royal, both rooks.
    Double,
}

/// The type of a castle by the king's destination and the rooks that move (checks the move's
/// shape against §5.2 on the way).
fn kind_of(p: Player, m: &Move) -> Type {
    let (h, s) = hs(p);
    let c = m.castle.expect("a castle");
    assert_eq!(z(m.from), (4, h, h), "the king castles from its home tile");
    let to = z(m.to);
    match (to, c.king_rook, c.queen_rook) {
        ((6, a, b), Some(_), None) if a == h && b == h => Type::Ck,
        ((2, a, b), None, Some(_)) if a == h && b == h => Type::Cq,
        ((4, a, b), kr, qr) if (a == h + 2 * s && b == h) || (a == h && b == h + 2 * s) => {
            match (kr, qr) {
                (Some(_), None) => Type::RoyalKing,
                (None, Some(_)) => Type::RoyalQueen,
                (Some(_), Some(_)) => Type::Double,
                (None, None) => panic!("a royal castle without a rook: {m:?}"),
            }
        }
        _ => panic!("not a castle shape of 04 §5.2: {m:?}"),
    }
}

/// Castle counts by type: [CK, CQ, royal king-side, royal queen-side, double].
fn split(p: &Position) -> [usize; 5] {
    let mut n = [0; 5];
    for m in castles(p) {
        n[kind_of(p.to_move(), &m) as usize] += 1;
    }
    n
}

/// Every castle of 04 §5.2 for a colour, built from the table's formulas: (king destination,
/// king rook destination, queen rook destination).
fn all_36(p: Player) -> Vec<(Z, Option<Z>, Option<Z>)> {
    let (h, s) = hs(p);
    let mut v = Vec::new();
    // CK: king up 2; king rook to (5,h,h), +A or +B.
    for r in [(5, h, h), (5, h + s, h), (5, h, h + s)] {
        v.push(((6, h, h), Some(r), None));
    }
    // CQ: king down 2; queen rook to (3,h,h), +A or +B.
    for r in [(3, h, h), (3, h + s, h), (3, h, h + s)] {
        v.push(((2, h, h), None, Some(r)));
    }
    // Royal, plane b=h (along a) and plane a=h (along b): king rook to level 3, queen rook to
    // level 5, k = 1..3 steps from the home column, either or both.
    for along_a in [true, false] {
        let step = |k: i8| {
            if along_a {
                (h + k * s, h)
            } else {
                (h, h + k * s)
            }
        };
        let (ka, kb) = step(2);
        let king = (4, ka, kb);
        for k in 1..=3 {
            let (a, b) = step(k);
            v.push((king, Some((3, a, b)), None));
            v.push((king, None, Some((5, a, b))));
            for k2 in 1..=3 {
                let (a2, b2) = step(k2);
                v.push((king, Some((3, a, b)), Some((5, a2, b2))));
            }
        }
    }
    v.sort();
    v
}

fn shape(m: &Move) -> (Z, Option<Z>, Option<Z>) {
    let c = m.castle.expect("a castle");
    (z(m.to), c.king_rook.map(z), c.queen_rook.map(z))
}

fn shapes(p: &Position) -> Vec<(Z, Option<Z>, Option<Z>)> {
    let mut v: Vec<_> = castles(p).iter().map(shape).collect();
    v.sort();
    v
}

/// 04 §5.6 row 1 / §5.2 (l.12298-12311): with only the king and both rooks at home, 36 castles per
/// colour: CK 3, CQ 3, royal king-side 6, royal queen-side 6, double 18 (2x3x3).
#[test]
fn home_column_36_castles_per_colour() {
    for p in [W, B] {
        let pos = home_column(p);
        assert!(!in_check(&pos, p));
        assert_eq!(split(&pos), [3, 3, 6, 6, 18], "{p:?}");
        assert_eq!(castles(&pos).len(), 36);
        assert_eq!(
            shapes(&pos),
            all_36(p),
            "{p:?}: the destinations of 04 §5.2"
        );
    }
}

/// 04 §5.2 "Explicit destinations" in coordinates, both colours (written out, not from a
/// formula): king destinations, CK rook tiles, and White's royal rook tiles in plane b=0.
#[test]
fn explicit_destinations_in_coordinates() {
    let kings = |p: Player| {
        let mut v: Vec<Z> = castles(&home_column(p)).iter().map(|m| z(m.to)).collect();
        v.sort();
        v.dedup();
        v
    };
    assert_eq!(kings(W), vec![(2, 0, 0), (4, 0, 2), (4, 2, 0), (6, 0, 0)]);
    assert_eq!(kings(B), vec![(2, 7, 7), (4, 5, 7), (4, 7, 5), (6, 7, 7)]);
    let rooks = |p: Player, king: Z, which: fn(&Castle) -> Option<Cell>| {
        let mut v: Vec<Z> = castles(&home_column(p))
            .iter()
            .filter(|m| z(m.to) == king)
            .filter_map(|m| which(m.castle.as_ref().unwrap()).map(z))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let kr = |c: &Castle| c.king_rook;
    let qr = |c: &Castle| c.queen_rook;
    // CK rook (7,0,0) -> (5,0,0), (5,0,1), (5,1,0); Black (7,7,7) -> (5,7,7), (5,7,6), (5,6,7).
    assert_eq!(
        rooks(W, (6, 0, 0), kr),
        vec![(5, 0, 0), (5, 0, 1), (5, 1, 0)]
    );
    assert_eq!(
        rooks(B, (6, 7, 7), kr),
        vec![(5, 6, 7), (5, 7, 6), (5, 7, 7)]
    );
    // CQ rook (0,h,h) -> Q1,1 | Q1,2 | Q2,1.
    assert_eq!(
        rooks(W, (2, 0, 0), qr),
        vec![(3, 0, 0), (3, 0, 1), (3, 1, 0)]
    );
    assert_eq!(
        rooks(B, (2, 7, 7), qr),
        vec![(3, 6, 7), (3, 7, 6), (3, 7, 7)]
    );
    // White royal in plane b=0: KR -> (3,1,0), (3,2,0), (3,3,0); QR -> (5,1,0), (5,2,0), (5,3,0).
    assert_eq!(
        rooks(W, (4, 2, 0), kr),
        vec![(3, 1, 0), (3, 2, 0), (3, 3, 0)]
    );
    assert_eq!(
        rooks(W, (4, 2, 0), qr),
        vec![(5, 1, 0), (5, 2, 0), (5, 3, 0)]
    );
    // Plane a=0: the same along b (KR -> Q1,2 | Q1,3 | Q1,4; QR -> KB1,2 | KB1,3 | KB1,4).
    assert_eq!(
        rooks(W, (4, 0, 2), kr),
        vec![(3, 0, 1), (3, 0, 2), (3, 0, 3)]
    );
    assert_eq!(
        rooks(W, (4, 0, 2), qr),
        vec![(5, 0, 1), (5, 0, 2), (5, 0, 3)]
    );
    // Black: the same in Black's frame (K3,1 = (4,5,7): KR -> Q2,1.. = (3,6,7), (3,5,7), (3,4,7)).
    assert_eq!(
        rooks(B, (4, 5, 7), kr),
        vec![(3, 4, 7), (3, 5, 7), (3, 6, 7)]
    );
    assert_eq!(
        rooks(B, (4, 5, 7), qr),
        vec![(5, 4, 7), (5, 5, 7), (5, 6, 7)]
    );
    assert_eq!(
        rooks(B, (4, 7, 5), kr),
        vec![(3, 7, 4), (3, 7, 5), (3, 7, 6)]
    );
    assert_eq!(
        rooks(B, (4, 7, 5), qr),
        vec![(5, 7, 4), (5, 7, 5), (5, 7, 6)]
    );
}

/// 04 §5.3.5 start-lineup tests: no castle from the start; KB stack + KN gone: exactly the 3 CK;
/// Q, QB stack, QN gone: exactly the 3 CQ; Q, QB, KB, KN gone: 9 (CK + royal king-side in both
/// planes); QN also gone: all 36. Both colours.
#[test]
fn start_lineup_castles() {
    let g = Goff::new();
    for p in [W, B] {
        let h = hs(p).0;
        let without = |levels: &[i8]| {
            let mut x = g.start();
            x.set_to_move(p);
            for &l in levels {
                x.remove(t(l, h, h));
            }
            x
        };
        assert_eq!(split(&without(&[])), [0; 5], "{p:?} start");
        assert_eq!(split(&without(&[5, 6])), [3, 0, 0, 0, 0], "{p:?} KB, KN");
        assert_eq!(
            split(&without(&[3, 2, 1])),
            [0, 3, 0, 0, 0],
            "{p:?} Q, QB, QN"
        );
        assert_eq!(
            split(&without(&[3, 2, 5, 6])),
            [3, 0, 6, 0, 0],
            "{p:?} Q, QB, KB, KN"
        );
        let all = without(&[1, 2, 3, 5, 6]);
        assert_eq!(split(&all), [3, 3, 6, 6, 18], "{p:?} Q, QB, KB, KN, QN");
        assert_eq!(shapes(&all), all_36(p));
    }
}

/// 04 §5.6 row 2 (l.12157-12168, l.12189-12199, Fig 135; A14): a White duke on QN1,5 = (1,0,4)
/// lies in the queen rook's 6x6 square of plane a=0 only: the royal queen-side and double castles
/// of plane a=0 are blocked, those of plane b=0 open (3 castles K -> K3,1 with the queen rook).
#[test]
fn fig135_white_duke_blocks_royal_queen_side_in_plane_a0() {
    let p = home_column_with(W, &[(W, Kind::Duke, (1, 0, 4))]);
    let v = castles(&p);
    let royal_q = |king: Z| {
        v.iter()
            .filter(|m| z(m.to) == king && m.castle.unwrap().queen_rook.is_some())
            .filter(|m| m.castle.unwrap().king_rook.is_none())
            .count()
    };
    let double = |king: Z| {
        v.iter()
            .filter(|m| z(m.to) == king && kind_of(W, m) == Type::Double)
            .count()
    };
    assert_eq!(royal_q((4, 0, 2)), 0, "plane a=0 blocked");
    assert_eq!(double((4, 0, 2)), 0, "plane a=0 blocked");
    assert_eq!(royal_q((4, 2, 0)), 3, "plane b=0 open: K -> K3,1");
    assert_eq!(double((4, 2, 0)), 9);
    // nothing else is affected: CK 3, CQ 3, royal king-side 6
    assert_eq!(split(&p), [3, 3, 6, 3, 9]);
}

/// 04 §5.6 row 3 (Fig 135, Black): a Black bishop on Black QR1,6 = (0,7,2) blocks Black's royal
/// queen-side castle in plane a=7 and leaves it open in plane b=7.
#[test]
fn fig135_black_bishop_blocks_royal_queen_side_in_plane_a7() {
    let p = home_column_with(B, &[(B, Kind::Bishop, (0, 7, 2))]);
    let v = castles(&p);
    let with_queen_rook = |king: Z| {
        v.iter()
            .filter(|m| z(m.to) == king && m.castle.unwrap().queen_rook.is_some())
            .count()
    };
    assert_eq!(with_queen_rook((4, 7, 5)), 0, "plane a=7 blocked");
    assert_eq!(with_queen_rook((4, 5, 7)), 3 + 9, "plane b=7 open");
    assert_eq!(split(&p), [3, 3, 6, 3, 9]);
}

/// 04 §5.6 row 4 (Fig 137 analogue, l.12348-12363) / §5.4 through check: a Black bishop on
/// (5,2,2) attacks KB1,1 = (5,0,0) along (0,-1,-1), the tile the king skips in CK: CK is illegal,
/// CQ still legal. The king is not in check.
#[test]
fn through_check_bishop_on_5_2_2() {
    let p = home_column_with(W, &[(B, Kind::Bishop, (5, 2, 2))]);
    assert!(!in_check(&p, W));
    assert!(attacked(&p, t(5, 0, 0), B), "the bishop attacks KB1,1");
    let n = split(&p);
    assert_eq!(n[Type::Ck as usize], 0, "CK through check");
    assert_eq!(n[Type::Cq as usize], 3, "CQ still legal");
    // the king's destination KN1,1 itself is not attacked: it is the skipped tile that matters
    let mut after = p.clone();
    after.remove(t(4, 0, 0));
    after.put(
        t(6, 0, 0),
        Piece {
            player: W,
            kind: Kind::King,
        },
    );
    assert!(!attacked(&after, t(6, 0, 0), B));
}

/// 04 §5.4 / A12 and 05 §4 (castling_through_check): the two readings of "through check" differ
/// when the king at home shields the skipped tile. A Black rook on (4,2,0) reaches KB1,1 (5,0,0)
/// by a quadrant move in plane b=0 whose square {z 4..6, a 0..2} holds the king's home tile; its
/// linear attack on the king is blocked in both planes (White knights on (3,1,0) and (4,1,1)).
/// King on the skipped tile (default): CK illegal. Current board: the castles whose rook lands in
/// that square ((5,0,0), (5,1,0)) are legal; with the rook on (5,0,1) the king would stand in
/// check on KN1,1.
#[test]
fn through_check_king_on_skipped_tile_vs_current_board() {
    let extra = [
        (B, Kind::Rook, (4, 2, 0)),
        (W, Kind::Knight, (3, 1, 0)),
        (W, Kind::Knight, (4, 1, 1)),
    ];
    let p = home_column_with(W, &extra);
    assert!(!in_check(&p, W), "the rook's line to the king is blocked");
    assert!(!attacked(&p, t(5, 0, 0), B), "the king shields KB1,1");
    let ck = |p: &Position| {
        let mut v: Vec<Z> = castles(p)
            .iter()
            .filter(|m| kind_of(W, m) == Type::Ck)
            .map(|m| z(m.castle.unwrap().king_rook.unwrap()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(ck(&p), Vec::<Z>::new(), "default: king on the skipped tile");
    assert_eq!(
        p.rules().castling_through_check,
        ThroughCheck::KingOnSkippedTile
    );
    let rules = GoffRules {
        castling_through_check: ThroughCheck::CurrentBoard,
        ..GoffRules::default()
    };
    let cur = p.clone().with_rules(rules);
    assert_eq!(ck(&cur), vec![(5, 0, 0), (5, 1, 0)], "current board");
}

/// 04 §5.4 "not out of check": a king in check (Black knight on (5,2,2), a leap (1,2,2) from
/// K1,1) may not castle at all.
#[test]
fn no_castling_out_of_check() {
    let p = home_column_with(W, &[(B, Kind::Knight, (5, 2, 2))]);
    assert!(in_check(&p, W));
    assert!(castles(&p).is_empty());
    let mut v = Vec::new();
    legal_moves(&p, &mut v);
    assert!(!v.is_empty(), "other moves remain");
}

/// 04 §5.4 "not into check": a Black knight on (7,2,2) attacks KN1,1 (6,0,0), the CK king
/// destination, and none of the other king tiles: exactly the 3 CK castles are lost. It also
/// attacks the CK rook tile KB2,1 = (5,1,0), which does not matter (attacks on the rook are
/// irrelevant, 04 §5.4), as a Black knight on (4,5,2) attacking the royal rook tile Q4,1 =
/// (3,3,0) shows.
#[test]
fn no_castling_into_check_rook_tiles_may_be_attacked() {
    let p = home_column_with(W, &[(B, Kind::Knight, (7, 2, 2))]);
    assert!(attacked(&p, t(6, 0, 0), B));
    for c in [(4, 0, 0), (5, 0, 0), (3, 0, 0), (2, 0, 0)] {
        assert!(!attacked(&p, t(c.0, c.1, c.2), B), "{c:?}");
    }
    assert_eq!(split(&p), [0, 3, 6, 6, 18]);
    let q = home_column_with(W, &[(B, Kind::Knight, (4, 5, 2))]);
    assert!(attacked(&q, t(3, 3, 0), B));
    assert_eq!(split(&q), [3, 3, 6, 6, 18]);
    assert!(shapes(&q).contains(&((4, 2, 0), Some((3, 3, 0)), None)));
}

/// 04 §5.3.2 / l.12365-12376 (05 §4 row 16): no capture while castling. A Black knight on KB1,2 =
/// (5,0,1), a CK rook destination, takes that castle away (it also blocks every plane-a=0
/// manifold); the king rook may still land on (5,0,0) and (5,1,0) through plane b=0. A Black
/// knight on the king's destination KN1,1 is not captured by castling either.
#[test]
fn no_capture_while_castling() {
    let p = home_column_with(W, &[(B, Kind::Knight, (5, 0, 1))]);
    assert!(!in_check(&p, W));
    let v = castles(&p);
    let ck: Vec<Z> = {
        let mut x: Vec<Z> = v
            .iter()
            .filter(|m| kind_of(W, m) == Type::Ck)
            .map(|m| z(m.castle.unwrap().king_rook.unwrap()))
            .collect();
        x.sort();
        x
    };
    assert_eq!(ck, vec![(5, 0, 0), (5, 1, 0)]);
    let theirs = p.of_player(B);
    for m in &v {
        let c = m.castle.unwrap();
        assert!(!theirs.contains(m.to));
        for r in [c.king_rook, c.queen_rook].into_iter().flatten() {
            assert!(!theirs.contains(r), "{m:?} captures");
        }
    }
    let q = home_column_with(W, &[(B, Kind::Knight, (6, 0, 0))]);
    assert!(!in_check(&q, W));
    assert!(castles(&q)
        .iter()
        .all(|m| z(m.to) != (6, 0, 0) && kind_of(W, m) != Type::Ck));
}

/// 04 §5.6 row 5 (Figs 131-133, l.11957-12093): the CK rook reaches KB1,1 by a linear move in
/// either back plane, KB1,2 / KB2,1 by a quadrant move in one plane; its manifolds are 3x3 squares
/// (z 5..7); the CQ rook's are 4x4 squares (z 0..3). Blockers stand outside the king's manifolds.
#[test]
fn figs_131_133_rook_planes_and_squares() {
    let knight = |c: Z| (W, Kind::Knight, c);
    let rook_tiles = |extra: &[(Player, Kind, Z)], ty: Type| {
        let p = home_column_with(W, extra);
        let mut v: Vec<Z> = castles(&p)
            .iter()
            .filter(|m| kind_of(W, m) == ty)
            .map(|m| {
                let c = m.castle.unwrap();
                z(c.king_rook.or(c.queen_rook).unwrap())
            })
            .collect();
        v.sort();
        v
    };
    let (ck, cq) = (Type::Ck, Type::Cq);
    // plane b=0 square of the king rook blocked at its far corner KR3,1 = (7,2,0)
    assert_eq!(
        rook_tiles(&[knight((7, 2, 0))], ck),
        vec![(5, 0, 0), (5, 0, 1)]
    );
    // plane a=0 blocked at KR1,3 = (7,0,2)
    assert_eq!(
        rook_tiles(&[knight((7, 0, 2))], ck),
        vec![(5, 0, 0), (5, 1, 0)]
    );
    // both planes blocked: the linear move too
    assert_eq!(
        rook_tiles(&[knight((7, 2, 0)), knight((7, 0, 2))], ck),
        Vec::<Z>::new()
    );
    // just outside the 3x3 squares: nothing blocked
    assert_eq!(
        rook_tiles(&[knight((7, 3, 0)), knight((7, 0, 3))], ck),
        vec![(5, 0, 0), (5, 0, 1), (5, 1, 0)]
    );
    // the queen rook's 4x4 squares: far corner QR4,1 = (0,3,0) and QR1,4 = (0,0,3)
    assert_eq!(
        rook_tiles(&[knight((0, 3, 0))], cq),
        vec![(3, 0, 0), (3, 0, 1)]
    );
    assert_eq!(
        rook_tiles(&[knight((0, 0, 3))], cq),
        vec![(3, 0, 0), (3, 1, 0)]
    );
    assert_eq!(
        rook_tiles(&[knight((0, 3, 0)), knight((0, 0, 3))], cq),
        Vec::<Z>::new()
    );
    assert_eq!(
        rook_tiles(&[knight((0, 4, 0)), knight((0, 0, 4))], cq),
        vec![(3, 0, 0), (3, 0, 1), (3, 1, 0)]
    );
    // the king needs one back plane (04 §5.3.3): blocking plane b=0 at K3,1 = (4,2,0) leaves CK
    // (rook independent of the king's plane), blocking both kills it
    assert_eq!(rook_tiles(&[knight((4, 2, 0))], ck).len(), 3);
    assert_eq!(
        rook_tiles(&[knight((4, 2, 0)), knight((4, 0, 2))], ck),
        Vec::<Z>::new()
    );
}

/// 05 §4 row 15 (l.12004-12031): with the king's plane b=0 blocked (White knight on K2,1 =
/// (4,1,0), outside the rook's z 5..7 squares), the default lets the rook land on KB2,1 = (5,1,0)
/// through plane b=0 anyway; the balance rule "rook in the king's plane" keeps only the tiles
/// reachable in plane a=0.
#[test]
fn rook_plane_option_in_vertical_castles() {
    let p = home_column_with(W, &[(W, Kind::Knight, (4, 1, 0))]);
    let ck = |p: &Position| {
        let mut v: Vec<Z> = castles(p)
            .iter()
            .filter(|m| kind_of(W, m) == Type::Ck)
            .map(|m| z(m.castle.unwrap().king_rook.unwrap()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(ck(&p), vec![(5, 0, 0), (5, 0, 1), (5, 1, 0)]);
    let rules = GoffRules {
        castling_rook_plane: RookPlane::KingsPlane,
        ..GoffRules::default()
    };
    assert_eq!(ck(&p.clone().with_rules(rules)), vec![(5, 0, 0), (5, 0, 1)]);
    // with both king planes open the option changes nothing
    let q = home_column(W).with_rules(rules);
    assert_eq!(split(&q), [3, 3, 6, 6, 18]);
}

/// 05 §4 row 14 (castling option): Single (either-or) castling gives 18 castles per colour (no
/// double castling), Off none; the default is the book's Double (36).
#[test]
fn castling_rule_option_counts() {
    for p in [W, B] {
        let with = |c: CastlingRule| {
            home_column(p).with_rules(GoffRules {
                castling: c,
                ..GoffRules::default()
            })
        };
        assert_eq!(split(&with(CastlingRule::Double)), [3, 3, 6, 6, 18]);
        assert_eq!(split(&with(CastlingRule::Single)), [3, 3, 6, 6, 0]);
        assert_eq!(castles(&with(CastlingRule::Single)).len(), 18);
        assert!(castles(&with(CastlingRule::Off)).is_empty());
        // the variant passes its options to its positions
        let g = Goff::with_rules(GoffRules {
            castling: CastlingRule::Single,
            ..GoffRules::default()
        });
        let mut x = g.start();
        x.set_to_move(p);
        for l in [1, 2, 3, 5, 6] {
            x.remove(t(l, hs(p).0, hs(p).0));
        }
        assert_eq!(castles(&x).len(), 18);
    }
}

/// 04 §5.5: the castle is one atomic move: king and rook(s) leave their home tiles and stand on
/// their destinations, they are marked moved, nothing else changes, and the side may not castle
/// again. Checked for a CK, a CQ and a double castle of each colour.
#[test]
fn board_transition() {
    let g = Goff::new();
    for p in [W, B] {
        let (h, s) = hs(p);
        let pos = home_column(p);
        let targets: [(Z, Option<Z>, Option<Z>); 3] = [
            ((6, h, h), Some((5, h + s, h)), None),
            ((2, h, h), None, Some((3, h, h + s))),
            (
                (4, h, h + 2 * s),
                Some((3, h, h + 3 * s)),
                Some((5, h, h + s)),
            ),
        ];
        for want in targets {
            let m = *castles(&pos)
                .iter()
                .find(|m| shape(m) == want)
                .unwrap_or_else(|| panic!("{want:?} missing"));
            let after = g.play(&pos, &m);
            let mut moved = vec![(4, h, h)];
            let mut arrived = vec![(want.0, Kind::King)];
            if let Some(r) = want.1 {
                moved.push((7, h, h));
                arrived.push((r, Kind::Rook));
            }
            if let Some(r) = want.2 {
                moved.push((0, h, h));
                arrived.push((r, Kind::Rook));
            }
            for c in &moved {
                assert!(after.piece_at(t(c.0, c.1, c.2)).is_none(), "{c:?} left");
            }
            for &(c, k) in &arrived {
                let cell = t(c.0, c.1, c.2);
                assert_eq!(after.piece_at(cell), Some(Piece { player: p, kind: k }));
                assert!(!after.unmoved().contains(cell), "{c:?} is marked moved");
            }
            // nothing else changes: the same men elsewhere
            for c in Position::board() {
                let tz = z(c);
                if moved.contains(&tz) || arrived.iter().any(|&(a, _)| a == tz) {
                    continue;
                }
                assert_eq!(after.piece_at(c), pos.piece_at(c), "{tz:?}");
            }
            assert_eq!(after.to_move(), Player(1 - p.0));
            // the castling side may not castle again (pass a move with the other king)
            let mut again = after.clone();
            again.set_to_move(p);
            let left = castles(&again);
            assert!(left.is_empty(), "{want:?}: no castle after castling");
        }
    }
}

/// Plays a plain move given as (from, to) from the legal list.
fn play(p: &Position, f: Z, to: Z) -> Position {
    let g = Goff::new();
    let mut v = Vec::new();
    g.legal_moves(p, &mut v);
    let m = v
        .iter()
        .find(|m| m.castle.is_none() && z(m.from) == f && z(m.to) == to)
        .unwrap_or_else(|| panic!("{f:?}->{to:?} not legal"));
    g.play(p, m)
}

/// 04 §5.5: rights are per piece. A king rook that leaves and comes back has no right (CK, royal
/// king-side and double lost; CQ and royal queen-side kept); a king that leaves and comes back
/// loses every castle; a rook on the home tile that is not marked unmoved (a promoted rook) has
/// no right.
#[test]
fn rights_per_piece() {
    let p = home_column(W);
    // KR (7,0,0) -> (7,0,1), Black rook (7,7,7) -> (7,7,6), and back
    let mut x = play(&p, (7, 0, 0), (7, 0, 1));
    x = play(&x, (7, 7, 7), (7, 7, 6));
    assert_eq!(split(&x), [0, 3, 0, 6, 0]);
    x = play(&x, (7, 0, 1), (7, 0, 0));
    x = play(&x, (7, 7, 6), (7, 7, 7));
    assert_eq!(x.piece_at(t(7, 0, 0)).unwrap().kind, Kind::Rook);
    assert_eq!(
        split(&x),
        [0, 3, 0, 6, 0],
        "the king rook came back: no right"
    );
    // Black's rook came back too: Black keeps CQ and royal queen-side only
    let mut xb = x.clone();
    xb.set_to_move(B);
    assert_eq!(split(&xb), [0, 3, 0, 6, 0]);
    // the king: (4,0,0) -> (4,0,1) -> (4,0,0)
    let mut k = play(&p, (4, 0, 0), (4, 0, 1));
    k = play(&k, (7, 7, 7), (7, 7, 6));
    k = play(&k, (4, 0, 1), (4, 0, 0));
    k = play(&k, (7, 7, 6), (7, 7, 7));
    assert!(castles(&k).is_empty());
    // unmoved set chosen: the queen rook's right alone
    let mut u = home_column(W);
    let mut bits = u.unmoved();
    bits.remove(t(7, 0, 0));
    u.set_unmoved(bits);
    assert_eq!(split(&u), [0, 3, 0, 6, 0]);
    // no unmoved men (a constructed position): no castle
    let mut n = home_column(W);
    n.set_unmoved(spacechess_geometry::CellSet::EMPTY);
    assert!(castles(&n).is_empty());
}

/// The castle's text by 04 §5.7, computed from its shape: `C` + `K`/`Q` + rook tile, or `CL`
/// (plane b=h) / `CR` (plane a=h) + `kr;qr` with the rook tiles as the mover's "left,right".
fn expected_text(p: Player, m: &Move) -> String {
    let (h, _) = hs(p);
    let book = |c: Cell| {
        let x = Tile::of(c);
        if p.0 == 0 {
            format!("{},{}", x.a + 1, x.b + 1)
        } else {
            format!("{},{}", 8 - x.a, 8 - x.b)
        }
    };
    let c = m.castle.unwrap();
    match kind_of(p, m) {
        Type::Ck => format!("CK{}", book(c.king_rook.unwrap())),
        Type::Cq => format!("CQ{}", book(c.queen_rook.unwrap())),
        _ => {
            let side = if Tile::of(m.to).b == h { 'L' } else { 'R' };
            format!(
                "C{side}{};{}",
                c.king_rook.map(book).unwrap_or_default(),
                c.queen_rook.map(book).unwrap_or_default()
            )
        }
    }
}

/// 04 §5.7 / 05 T32: all 36 castles of each colour print as the notation says and parse back to
/// the same move; the list is kept as a snapshot.
#[test]
fn notation_round_trip_all_36() {
    let g = Goff::new();
    let mut listing = String::new();
    for p in [W, B] {
        let pos = home_column(p);
        let mut v = castles(&pos);
        v.sort_by_key(|m| (kind_of(p, m), shape(m)));
        assert_eq!(v.len(), 36);
        let mut texts = Vec::new();
        for m in &v {
            let text = g.move_text(&pos, m);
            assert_eq!(text, expected_text(p, m), "{m:?}");
            assert_eq!(g.parse_move(&pos, &text), Ok(*m), "{text}");
            texts.push(text.clone());
            let (k, kr, qr) = shape(m);
            listing.push_str(&format!(
                "{} {text:<12} K {:?}->{k:?} KR {kr:?} QR {qr:?}\n",
                if p.0 == 0 { "W" } else { "B" },
                z(m.from)
            ));
        }
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), 36, "36 distinct texts");
    }
    insta::assert_snapshot!("castles_36_per_colour", listing);
}

/// Parses `text` in `pos` and returns the castle's (king destination, KR, QR) shape.
fn parsed(pos: &Position, text: &str) -> Result<(Z, Option<Z>, Option<Z>), MoveError> {
    let g = Goff::new();
    let m = g.parse_move(pos, text)?;
    assert!(m.castle.is_some(), "{text} parsed as a castle");
    Ok(shape(&m))
}

/// 05 T32 / 04 §5.7 (l.17197-17219): the parser forms. `CK`/`CQ` + 1,2 | 1,1 | 2,1; `CL` (plane
/// b=h) with 2,1 | 3,1 | 4,1 and `CR` (plane a=h) with 1,2 | 1,3 | 1,4; `;` separates king rook
/// and queen rook; the book's old form `C-KN1,1,KB1,1` (king tile, rook tile); a single `CL2,1`
/// when only one rook can make it, an "ambiguous" error otherwise; ` ch` and spaces tolerated.
#[test]
fn t32_parser_forms() {
    let w = home_column(W);
    let ok = |p: &Position, s: &str| parsed(p, s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(ok(&w, "CK1,2"), ((6, 0, 0), Some((5, 0, 1)), None));
    assert_eq!(ok(&w, "CK1,1"), ((6, 0, 0), Some((5, 0, 0)), None));
    assert_eq!(ok(&w, "CK2,1"), ((6, 0, 0), Some((5, 1, 0)), None));
    assert_eq!(ok(&w, "CQ1,1"), ((2, 0, 0), None, Some((3, 0, 0))));
    assert_eq!(ok(&w, "CQ1,2"), ((2, 0, 0), None, Some((3, 0, 1))));
    assert_eq!(ok(&w, "CQ2,1"), ((2, 0, 0), None, Some((3, 1, 0))));
    assert_eq!(ok(&w, "CL2,1;"), ((4, 2, 0), Some((3, 1, 0)), None));
    assert_eq!(ok(&w, "CL;2,1"), ((4, 2, 0), None, Some((5, 1, 0))));
    assert_eq!(
        ok(&w, "CL2,1;4,1"),
        ((4, 2, 0), Some((3, 1, 0)), Some((5, 3, 0)))
    );
    assert_eq!(ok(&w, "CR1,2;"), ((4, 0, 2), Some((3, 0, 1)), None));
    assert_eq!(ok(&w, "CR;1,3"), ((4, 0, 2), None, Some((5, 0, 2))));
    assert_eq!(
        ok(&w, "CR1,2;1,4"),
        ((4, 0, 2), Some((3, 0, 1)), Some((5, 0, 3)))
    );
    assert_eq!(ok(&w, "CK1,1 ch"), ok(&w, "CK1,1"));
    assert_eq!(ok(&w, "CL 2,1 ; 4,1"), ok(&w, "CL2,1;4,1"));
    // the old form: king tile, rook tile
    assert_eq!(ok(&w, "C-KN1,1,KB1,1"), ok(&w, "CK1,1"));
    assert_eq!(ok(&w, "C-QB1,1,Q1,2"), ok(&w, "CQ1,2"));
    assert_eq!(ok(&w, "C-K3,1,KB4,1"), ok(&w, "CL;4,1"));
    // Black writes the same strings in his own frame
    let b = home_column(B);
    assert_eq!(ok(&b, "CK1,2"), ((6, 7, 7), Some((5, 7, 6)), None));
    assert_eq!(ok(&b, "CQ2,1"), ((2, 7, 7), None, Some((3, 6, 7))));
    assert_eq!(
        ok(&b, "CL2,1;4,1"),
        ((4, 5, 7), Some((3, 6, 7)), Some((5, 4, 7)))
    );
    assert_eq!(ok(&b, "CR;1,3"), ((4, 7, 5), None, Some((5, 7, 5))));
    assert_eq!(ok(&b, "C-KN1,1,KB1,1"), ((6, 7, 7), Some((5, 7, 7)), None));
    // a single royal castle without ';': ambiguous when both rooks can make it...
    for s in ["CL2,1", "CR1,3"] {
        let e = parsed(&w, s).expect_err(s);
        assert!(e.to_string().contains("ambiguous"), "{s}: {e}");
    }
    // ...and read when only one rook can (the queen rook has moved)
    let mut one = home_column(W);
    let mut bits = one.unmoved();
    bits.remove(t(0, 0, 0));
    one.set_unmoved(bits);
    assert_eq!(ok(&one, "CL2,1"), ((4, 2, 0), Some((3, 1, 0)), None));
    assert_eq!(ok(&one, "CR1,4"), ((4, 0, 2), Some((3, 0, 3)), None));
}

/// 05 T32 and the brief's error rule: malformed or impossible castle text is an error with a
/// message naming the text, never a panic.
#[test]
fn castle_text_errors() {
    let g = Goff::new();
    let w = home_column(W);
    for s in [
        "C",
        "CK",
        "CK9,9",
        "CX1,1",
        "CK1",
        "CK1,",
        "CK,1",
        "CK1,1,1",
        "CKa,b",
        "CL2,1;4,1;3,1",
        "CL;",
        "CL;;",
        "C;",
        "C-",
        "C-KN1,1",
        "C-KN1,1,",
        "C-KN1,1,XX1,1",
        "C-KN9,1,KB1,1",
        "CK1,1;2,1",
        "CL1,2;",
        "CR2,1;",
        "CK3,3",
        "CQ1,3",
        "CL5,1;",
        "CR;1,5",
        "C-KN1,1,KB3,3",
        "C-K1,1,KB1,1",
        "CLé,1;",
    ] {
        let r = std::panic::catch_unwind(|| g.parse_move(&w, s));
        let e = match r {
            Ok(Ok(m)) => panic!("'{s}' parsed as {m:?}"),
            Ok(Err(e)) => e,
            Err(_) => panic!("'{s}' panicked"),
        };
        assert!(
            matches!(e, MoveError::Malformed { .. } | MoveError::Illegal { .. }),
            "{s}: {e:?}"
        );
        assert!(e.to_string().len() > s.len() + 10, "{s}: a message: {e}");
    }
    // a well-formed castle that is not legal here: from the start position
    let start = g.start();
    for s in ["CK1,1", "CQ1,1", "CL2,1;4,1", "C-KN1,1,KB1,1"] {
        let e = g.parse_move(&start, s).expect_err(s);
        assert!(matches!(e, MoveError::Illegal { .. }), "{s}: {e:?}");
    }
}

/// 04 §5.7: " ch" is added when the castle checks (the rook gives check here): a Black king on
/// KB1,4 = (5,0,3) stands on the king rook's line after each CK.
#[test]
fn castle_with_check_text() {
    let g = Goff::new();
    let mut p = pos(
        &[
            (W, Kind::King, (4, 0, 0)),
            (W, Kind::Rook, (7, 0, 0)),
            (W, Kind::Rook, (0, 0, 0)),
            (B, Kind::King, (5, 0, 3)),
        ],
        W,
    );
    p.set_unmoved(p.occupied());
    assert!(!in_check(&p, B));
    let v: Vec<Move> = castles(&p)
        .into_iter()
        .filter(|m| kind_of(W, m) == Type::Ck)
        .collect();
    assert!(!v.is_empty());
    for m in &v {
        let text = g.move_text(&p, m);
        let checks = in_check(&g.play(&p, m), B);
        assert_eq!(
            text,
            format!("{}{}", expected_text(W, m), if checks { " ch" } else { "" })
        );
        assert_eq!(g.parse_move(&p, &text), Ok(*m));
    }
    // the rook on KB1,1 checks along b (its plane z=5 rectangle is empty)
    assert!(v.iter().any(|m| g.move_text(&p, m) == "CK1,1 ch"));
}

/// 04 §5.3.1 and §5.3.6: the manifolds of a double castle (king's 3x5 rectangle, the king rook's
/// 5x5 square, the queen rook's 6x6 square, all in the king's back plane) make 46 tiles, 43 of
/// them other than the three castling men; a man on any of those 43 tiles, and on no other tile,
/// takes the double castle `CL2,1;4,1` away. The rooks' squares contain the king's home tile and
/// the other rook's destination; both count as empty (the rooks move "through the king").
#[test]
fn double_castle_needs_43_empty_tiles() {
    for p in [W, B] {
        let (h, s) = hs(p);
        let want_shape = (
            (4, h + 2 * s, h),
            Some((3, h + s, h)),
            Some((5, h + 3 * s, h)),
        );
        // the union of the three manifolds in plane b=h, by 04 §5.2: depth d = |a - h|
        let union: Vec<Z> = (0..8)
            .flat_map(|zz| (0..8).map(move |d| (zz, d)))
            .filter(|&(zz, d)| {
                ((2..=6).contains(&zz) && d <= 2)
                    || ((3..=7).contains(&zz) && d <= 4)
                    || ((0..=5).contains(&zz) && d <= 5)
            })
            .map(|(zz, d)| (zz, h + d * s, h))
            .collect();
        assert_eq!(union.len(), 46);
        let base = home_column(p);
        assert!(shapes(&base).contains(&want_shape));
        let mut blocking = Vec::new();
        for c in Position::board() {
            if base.piece_at(c).is_some() {
                continue;
            }
            let mut q = base.clone();
            q.put(
                c,
                Piece {
                    player: p,
                    kind: Kind::Knight,
                },
            );
            if !shapes(&q).contains(&want_shape) {
                blocking.push(z(c));
            }
        }
        blocking.sort();
        let mut want: Vec<Z> = union
            .into_iter()
            .filter(|&x| ![(4, h, h), (7, h, h), (0, h, h)].contains(&x))
            .collect();
        want.sort();
        assert_eq!(want.len(), 43);
        assert_eq!(blocking, want, "{p:?}");
    }
}

/// 04 §5.6 row 4 mirrored for Black: a White bishop on (5,5,5) attacks Black's KB1,1 = (5,7,7)
/// along (0,1,1): Black's CK is illegal (through check), his CQ legal.
#[test]
fn through_check_black_mirror() {
    let p = home_column_with(B, &[(W, Kind::Bishop, (5, 5, 5))]);
    assert!(!in_check(&p, B));
    assert!(attacked(&p, t(5, 7, 7), W));
    let n = split(&p);
    assert_eq!(n[Type::Ck as usize], 0);
    assert_eq!(n[Type::Cq as usize], 3);
}

/// 04 §5.5 (rights per piece) through the position text: the rights survive a text round trip,
/// including a king rook that left and came back (it has none).
#[test]
fn rights_survive_position_text() {
    let g = Goff::new();
    let p = home_column(W);
    let back = g.parse_position(&g.position_text(&p)).unwrap();
    assert_eq!(split(&back), [3, 3, 6, 6, 18]);
    let mut x = play(&p, (7, 0, 0), (7, 0, 1));
    x = play(&x, (7, 7, 7), (7, 7, 6));
    x = play(&x, (7, 0, 1), (7, 0, 0));
    x = play(&x, (7, 7, 6), (7, 7, 7));
    let text = g.position_text(&x);
    let y = g.parse_position(&text).unwrap();
    assert_eq!(split(&y), [0, 3, 0, 6, 0], "{text}");
    let mut yb = y.clone();
    yb.set_to_move(B);
    assert_eq!(split(&yb), [0, 3, 0, 6, 0], "{text}");
}

/// 04 §5.7: a castle is written with `C`; the king's move of two written as a plain king move
/// (book or generic names) is refused with a message that points to the castle notation.
#[test]
fn king_move_of_two_is_written_as_a_castle() {
    let g = Goff::new();
    let p = home_column(W);
    for s in ["K - KN1,1", "K - K3,1", "Ea1-Ga1", "Ea1-Ec1"] {
        let e = g.parse_move(&p, s).expect_err(s);
        assert!(e.to_string().contains("castle"), "{s}: {e}");
    }
}

/// 04 §5.4 "not into check" is judged after the whole castle, rooks moved: a Black rook on KR1,5 =
/// (7,0,4) reaches KN1,1 (6,0,0) by a perimeter-4 quadrant move in plane a=0 whose square
/// (z 3..7, b 0..4) holds the king rook's home tile, the king's home tile and the rook tiles
/// KB1,1 and KB1,2. With the rook at home the king is safe on the skipped tile and on KN1,1. After
/// CK1,1 or CK1,2 the castled rook still shields the king; after CK2,1 (rook to (5,1,0), outside
/// the plane) the king stands in check, so that castle is illegal.
#[test]
fn into_check_judged_with_the_rook_moved() {
    let p = home_column_with(W, &[(B, Kind::Rook, (7, 0, 4))]);
    assert!(!in_check(&p, W));
    let king_on = |c: Z, rook: Option<Z>| {
        let mut q = p.clone();
        q.remove(t(4, 0, 0));
        q.put(
            t(c.0, c.1, c.2),
            Piece {
                player: W,
                kind: Kind::King,
            },
        );
        if let Some(r) = rook {
            q.remove(t(7, 0, 0));
            q.put(
                t(r.0, r.1, r.2),
                Piece {
                    player: W,
                    kind: Kind::Rook,
                },
            );
        }
        attacked(&q, t(c.0, c.1, c.2), B)
    };
    assert!(!king_on((5, 0, 0), None), "skipped tile safe, rook at home");
    assert!(!king_on((6, 0, 0), None), "destination safe, rook at home");
    assert!(!king_on((6, 0, 0), Some((5, 0, 1))));
    assert!(
        king_on((6, 0, 0), Some((5, 1, 0))),
        "the rook shielded KN1,1"
    );
    let ck: Vec<Z> = {
        let mut v: Vec<Z> = castles(&p)
            .iter()
            .filter(|m| kind_of(W, m) == Type::Ck)
            .map(|m| z(m.castle.unwrap().king_rook.unwrap()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(ck, vec![(5, 0, 0), (5, 0, 1)]);
    // the queen-side castles are untouched
    assert_eq!(split(&p)[Type::Cq as usize], 3);
}

/// 04 §5.4: the royal and double castles skip K0+A or K0+B. A Black knight on (5,3,2) attacks
/// K2,1 = (4,1,0), the skipped tile of plane b=0, and none of the king's other tiles: the 15
/// castles of plane b=0 are illegal, the 15 of plane a=0 and the vertical ones stay.
#[test]
fn through_check_royal_skipped_tile() {
    let p = home_column_with(W, &[(B, Kind::Knight, (5, 3, 2))]);
    assert!(attacked(&p, t(4, 1, 0), B));
    for c in [
        (4, 0, 0),
        (4, 2, 0),
        (4, 0, 1),
        (4, 0, 2),
        (5, 0, 0),
        (3, 0, 0),
    ] {
        assert!(!attacked(&p, t(c.0, c.1, c.2), B), "{c:?}");
    }
    assert_eq!(split(&p), [3, 3, 3, 3, 9]);
    assert!(castles(&p).iter().all(|m| z(m.to) != (4, 2, 0)));
}

/// 04 §4 / §5.2 (l.12100-12122): the royal king's rectangle lies in the back plane only, never in
/// the horizontal plane. A White knight on QB2,1 = (2,1,0) lies in the 3x5 rectangle of plane b=0
/// (and in the queen rook's square) but not in the king rook's square: every royal castle of
/// plane b=0 is blocked, though the king's horizontal rectangle on level K is empty (it also sits
/// in the CQ rook's 4x4 square of plane b=0: CQ2,1 goes). A knight on K2,2 = (4,1,1), in the
/// horizontal rectangle only, blocks nothing.
#[test]
fn royal_rectangle_is_in_the_back_plane_only() {
    let p = home_column_with(W, &[(W, Kind::Knight, (2, 1, 0))]);
    assert!(castles(&p).iter().all(|m| z(m.to) != (4, 2, 0)));
    assert_eq!(split(&p), [3, 2, 3, 3, 9]);
    let q = home_column_with(W, &[(W, Kind::Knight, (4, 1, 1))]);
    assert_eq!(split(&q), [3, 3, 6, 6, 18]);
}

/// The reason an illegal castle gives names the rule it breaks (04 §4 restrictions 1-5, §5.3, §5.6;
/// no panics, and a castle takes no promotion or e.p. suffix).
#[test]
fn castle_errors_name_the_broken_rule() {
    let g = Goff::new();
    let reason = |p: &Position, text: &str| -> String {
        match g.parse_move(p, text) {
            Err(MoveError::Illegal { reason, .. }) => reason,
            other => panic!("{text}: {other:?}"),
        }
    };
    // from the start lineup: the king's destination is occupied; a royal castle's rectangle
    let s = g.start();
    assert!(reason(&s, "CK1,1").contains("destination KN1,1 is occupied"));
    assert!(reason(&s, "CL2,1;4,1").contains("manifold is blocked by the men on"));
    // a tile the rook never castles to in that castle
    let p = home_column(W);
    assert!(reason(&p, "CL1,2;").contains("cannot land on Q1,2"));
    // the rook's square (Fig 135: White duke on QN1,5 blocks the queen rook in the plane a = 0)
    let q = home_column_with(W, &[(W, Kind::Duke, (1, 0, 4))]);
    assert!(reason(&q, "CR;1,2").contains("rook's square to KB1,2 is blocked by the men on QN1,5"));
    // through check (04 §5.6 row 4): a Black bishop on (5,2,2) attacks KB1,1
    let r = home_column_with(W, &[(B, Kind::Bishop, (5, 2, 2))]);
    assert!(reason(&r, "CK1,1").contains("pass through check on KB1,1"));
    // out of check
    let c = home_column_with(W, &[(B, Kind::Knight, (5, 2, 2))]);
    assert!(in_check(&c, W));
    assert!(reason(&c, "CQ1,1").contains("in check"));
    // rights: the king rook has moved
    let mut m = home_column(W);
    m.set_unmoved(m.occupied().without(&[t(7, 0, 0)].into_iter().collect()));
    assert!(reason(&m, "CK1,1").contains("king rook has moved"));
    // options
    let single = home_column(W).with_rules(GoffRules {
        castling: CastlingRule::Single,
        ..GoffRules::BOOK
    });
    assert!(reason(&single, "CL2,1;4,1").contains("double castling is off"));
    // suffixes
    for text in ["CK1,1=Q", "CK1,1 e.p."] {
        assert!(
            matches!(g.parse_move(&p, text), Err(MoveError::Malformed { .. })),
            "{text}"
        );
    }
}

/// `spacechess piece` (the explanation of one man's destinations) lists a king's castles in the
/// book's notation (04 §5.7), and counts the castle's king tile among its destinations.
#[test]
fn explanation_lists_castles() {
    let p = home_column(W);
    let e = spacechess_goff::explain::explain(&p, t(4, 0, 0)).unwrap();
    assert_eq!(e.castles.len(), 36);
    assert!(e.castles.contains(&"CL2,1;4,1".to_string()));
    let text = e.render(&p);
    assert!(text.contains("castles  CK1,1"), "{text}");
    // the four king tiles of castling are among the destinations
    for k in [(6, 0, 0), (2, 0, 0), (4, 2, 0), (4, 0, 2)] {
        assert!(spacechess_goff::movegen::legal_destinations(&p, t(k.0, k.1, k.2)).is_empty());
        assert!(dests(&p, t(4, 0, 0)).contains(&k), "{k:?}");
    }
    // the other side's king lists none (not to move)
    let b = spacechess_goff::explain::explain(&p, t(4, 7, 7)).unwrap();
    assert!(b.castles.is_empty());
}
