//! rules/goff/05-tactics-quantum.md §1: the engine-checkable test items T1-T47 and the verified
//! mate positions P10a/P10b (Parts III-V of the book: geometry, endgames, gambits, openings, the
//! classical move sets behind the quantum analogs). Items covered elsewhere (T27-T32: games.rs,
//! castling.rs, snapshots.rs; T24: king_check.rs; T39: halflife.rs) are not repeated here.
//!
//! Not tested: T4, T7, T12, T17, T19, T22, T23, T37, T38 (the positions exist only in the
//! figures); T6 (shield tiles are an analysis aid whose counts the digest could not reproduce from
//! the text, 05 §6.8); T9 and the "at most N moves" claims of T11/T12 (they need tablebases); T46
//! and the spreads of T43 (quantum rules, not implemented).
//!
//! Conventions (05 §0.1): tiles are `(z, a, b)`; Black's book tiles are read in Black's
//! perspective (`Tile::parse_book(.., B)`), White's in White's.

mod common;
use common::*;
use spacechess_geometry::{Cell, CellSet, Route};
use spacechess_goff::movegen::{attacked, covers, destinations, in_check, legal_moves};
use spacechess_goff::pawn::pawn_tables;
use spacechess_goff::power::{projection, reach, Reach};
use spacechess_goff::tables::{tables, Bits, Family};
use spacechess_goff::text::{move_text, parse_listing};
use spacechess_goff::{Goff, Kind, Move, Piece, Position, Tile};
use spacechess_variant::{Outcome, Player, Variant, WinReason};
use std::collections::{BTreeMap, VecDeque};

// ---------------------------------------------------------------------------------------------
// helpers

/// White's book tile as a cell.
fn wt(s: &str) -> Cell {
    Tile::parse_book(s, W).unwrap().cell()
}

/// Black's book tile (Black's perspective) as a cell.
fn bt(s: &str) -> Cell {
    Tile::parse_book(s, B).unwrap().cell()
}

fn zab(c: Cell) -> (i8, i8, i8) {
    let x = Tile::of(c);
    (x.z, x.a, x.b)
}

fn cells(v: &[(i8, i8, i8)]) -> Bits {
    v.iter().map(|&(z, a, b)| t(z, a, b)).collect()
}

fn sorted(b: &Bits) -> Vec<(i8, i8, i8)> {
    let mut v: Vec<_> = b.iter().map(zab).collect();
    v.sort();
    v
}

/// The routes of family `f` from `from` to `to` on the empty board, as "linear k", "apex k" or
/// "body k" (k the perimeter), sorted.
fn routes(f: Family, from: Cell, to: Cell) -> Vec<String> {
    let mut v: Vec<String> = tables()
        .planar(f)
        .routes(from, to)
        .iter()
        .map(|r| match *r {
            Route::Linear { k, .. } => format!("linear {k}"),
            Route::Quadrant { i, j, .. } if i == j => format!("apex {i}"),
            Route::Quadrant { i, j, .. } => format!("body {}", i.max(j)),
        })
        .collect();
    v.sort();
    v
}

/// Per route of `f` from `from` to `to`: (plane, manifold with the source included).
fn manifolds(f: Family, from: Cell, to: Cell) -> Vec<(usize, Bits)> {
    let pt = tables().planar(f);
    let mut v: Vec<(usize, Bits)> = pt
        .routes(from, to)
        .iter()
        .map(|r| {
            let mut m = pt.manifold(from, r);
            m.insert(from);
            (pt.route_plane(r), m)
        })
        .collect();
    v.sort_by_key(|(p, m)| (*p, sorted(m)));
    v
}

/// The manifolds of the advance `s -> t` and of the retreat `t -> s`, paired by plane.
fn advance_retreat(f: Family, s: Cell, t: Cell) -> Vec<(Bits, Bits)> {
    let adv = manifolds(f, s, t);
    let ret = manifolds(f, t, s);
    assert_eq!(adv.len(), ret.len());
    adv.into_iter()
        .map(|(p, m)| {
            let r = ret
                .iter()
                .find(|(q, _)| *q == p)
                .expect("the retreat lies in the same plane");
            (m, r.1)
        })
        .collect()
}

/// The tiles of perimeter `k` (end tiles included) of a route's manifold: the manifold of
/// perimeter `k` minus the one of perimeter `k - 1`.
fn perimeter_tiles(f: Family, from: Cell, r: &Route, k: usize) -> Bits {
    let pt = tables().planar(f);
    let (big, small) = match *r {
        Route::Quadrant { quadrant, .. } => (
            pt.square(from, quadrant as usize, k),
            pt.square(from, quadrant as usize, k - 1),
        ),
        Route::Linear { line, .. } => (
            pt.rectangle(from, line as usize, k),
            pt.rectangle(from, line as usize, k - 1),
        ),
    };
    big.unwrap().without(&small.unwrap_or(CellSet::EMPTY))
}

fn is_checkmate(p: &Position) -> bool {
    matches!(
        Goff::new().outcome(p),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    )
}

/// Plays a move given in the book's notation (it must be legal).
fn play(p: &Position, text: &str) -> Position {
    let g = Goff::new();
    let m = g
        .parse_move(p, text)
        .unwrap_or_else(|e| panic!("{text} should be legal: {e}"));
    g.play(p, &m)
}

fn moves(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves(p, &mut v);
    v
}

/// The texts of the side to move's moves that checkmate, sorted.
fn mating_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = moves(p)
        .iter()
        .filter(|m| is_checkmate(&p.after(m)))
        .map(|m| move_text(p, m))
        .collect();
    v.sort();
    v
}

/// A lone man of `pc` on `from` (plus the men of `others`).
fn lone(pc: Piece, from: Cell, others: &[(Piece, Cell)]) -> Position {
    let mut p = Position::empty();
    p.put(from, pc);
    for &(q, c) in others {
        p.put(c, q);
    }
    p.set_to_move(pc.player);
    p
}

fn piece(player: Player, kind: Kind) -> Piece {
    Piece { player, kind }
}

/// Breadth-first distances (in moves) from `start` over `next`.
fn bfs(start: Cell, next: impl Fn(Cell) -> Bits) -> Vec<Option<u32>> {
    let mut d = vec![None; 512];
    d[start.index()] = Some(0);
    let mut q = VecDeque::from([start]);
    while let Some(c) = q.pop_front() {
        let dc = d[c.index()].unwrap();
        for n in next(c) {
            if d[n.index()].is_none() {
                d[n.index()] = Some(dc + 1);
                q.push_back(n);
            }
        }
    }
    d
}

// ---------------------------------------------------------------------------------------------
// A. Part III: geometry

/// 05 T1 (L12594-12613, Fig. 140): rook advance and retreat manifolds overlay perfectly for linear
/// and apex moves, only partly for between tiles: Black R B:KR3,3 -> B:KB3,3 (vertical linear, two
/// vertical planes, 15-tile rectangles); White R Q2,2 -> Q4,4 (apex, identical 9-tile squares); White
/// R QN5,3 -> QN8,4 (between, perimeter 3: two 16-tile squares sharing a 4x2 block of 8, the extant
/// tiles b in {4,5} on the advance and b in {0,1} on the retreat).
#[test]
fn t1_rook_tile_symmetry() {
    // linear
    let (s, d) = (bt("KR3,3"), bt("KB3,3"));
    assert_eq!((zab(s), zab(d)), ((7, 5, 5), (5, 5, 5)));
    assert_eq!(routes(Family::Rook, s, d), ["linear 2", "linear 2"]);
    let pairs = advance_retreat(Family::Rook, s, d);
    assert_eq!(pairs.len(), 2);
    for (a, r) in &pairs {
        assert_eq!(a.len(), 15);
        assert_eq!(a, r);
    }
    assert_eq!(
        open_planes(&Position::empty(), Family::Rook, s, d),
        ["left vertical", "right vertical"]
    );
    // apex
    let (s, d) = (wt("Q2,2"), wt("Q4,4"));
    assert_eq!(routes(Family::Rook, s, d), ["apex 2"]);
    for (a, r) in advance_retreat(Family::Rook, s, d) {
        assert_eq!(a.len(), 9);
        assert_eq!(a, r);
    }
    // between tile at perimeter 3
    let (s, d) = (wt("QN5,3"), wt("QN8,4"));
    assert_eq!((zab(s), zab(d)), ((1, 4, 2), (1, 7, 3)));
    assert_eq!(routes(Family::Rook, s, d), ["body 3"]);
    let pairs = advance_retreat(Family::Rook, s, d);
    assert_eq!(pairs.len(), 1);
    let (a, r) = pairs[0];
    assert_eq!((a.len(), r.len()), (16, 16));
    let shared = a & r;
    assert_eq!(shared.len(), 8);
    let ram: Bits = (4..8)
        .flat_map(|x| (2..4).map(move |y| t(1, x, y)))
        .collect();
    assert_eq!(shared, ram, "a 4x2 block");
    let extant_adv: Vec<i8> = a.without(&r).iter().map(|c| Tile::of(c).b).collect();
    let extant_ret: Vec<i8> = r.without(&a).iter().map(|c| Tile::of(c).b).collect();
    assert_eq!(extant_adv.len(), 8);
    assert!(extant_adv.iter().all(|b| [4, 5].contains(b)));
    assert_eq!(extant_ret.len(), 8);
    assert!(extant_ret.iter().all(|b| [0, 1].contains(b)));
}

/// 05 T2 (L12615-12694, 13970-13975, Figs. 141-144): from Q4,4 (3,3,3) the bishop's linear moves
/// are never symmetric (perimeter 1: 6-tile manifolds share 4; perimeter 2: 15-tile manifolds share
/// 9), its apex move (5,4,4) is; the duke is symmetric for linear (4,4,4) in all 3 planes, duplex
/// (3,3,5) in both planes and edge apex (3,5,5).
#[test]
fn t2_bishop_and_duke_symmetry() {
    let s = t(3, 3, 3);
    for (to, size, shared) in [((3, 4, 4), 6, 4), ((3, 5, 5), 15, 9)] {
        let d = t(to.0, to.1, to.2);
        let pairs = advance_retreat(Family::Bishop, s, d);
        assert_eq!(pairs.len(), 2, "bishop linear {to:?} lies in two planes");
        for (a, r) in pairs {
            assert_eq!((a.len(), r.len()), (size, size), "{to:?}");
            assert_eq!((a & r).len(), shared, "{to:?}");
        }
    }
    type Case = (Family, (i8, i8, i8), &'static [&'static str]);
    let cases: [Case; 4] = [
        (Family::Bishop, (5, 4, 4), &["apex 1"]),
        (
            Family::Duke,
            (4, 4, 4),
            &["linear 1", "linear 1", "linear 1"],
        ),
        (Family::Duke, (3, 3, 5), &["apex 1", "apex 1"]),
        (Family::Duke, (3, 5, 5), &["apex 1"]),
    ];
    for (f, to, kinds) in cases {
        let d = t(to.0, to.1, to.2);
        assert_eq!(routes(f, s, d), kinds, "{f:?} {to:?}");
        for (a, r) in advance_retreat(f, s, d) {
            assert_eq!(a, r, "{f:?} {to:?}: manifold(s->t) == manifold(t->s)");
        }
    }
}

/// 05 T2 (L12615-12694) in general, from Q4,4 (3,3,3) to every tile each base piece reaches on
/// the empty board: the advance and retreat manifolds (per plane) are identical exactly for the
/// rook's linear and apex moves, the bishop's apex moves, and the duke's linear, apex and duplex
/// moves; never for between tiles, and never for a bishop linear move ("even for a move to
/// perimeter 1").
#[test]
fn t2_symmetry_everywhere() {
    let s = t(3, 3, 3);
    for (f, kind) in [
        (Family::Rook, Kind::Rook),
        (Family::Bishop, Kind::Bishop),
        (Family::Duke, Kind::Duke),
    ] {
        let mut n = 0;
        for d in projection(kind, s) {
            let symmetric = match reach(f, s, d) {
                Reach::Linear => f != Family::Bishop,
                Reach::Apex | Reach::Duplex => true,
                Reach::Body => false,
                Reach::None => unreachable!(),
            };
            for (a, r) in advance_retreat(f, s, d) {
                assert_eq!(a == r, symmetric, "{f:?} to {:?}", zab(d));
                n += 1;
            }
        }
        assert!(n > 80, "{f:?}: {n}");
    }
}

/// 05 T3 (L12784-12888, Figs. 146-150): the overlap relations by offset (target - attacker): brook
/// (0,3,3) rook apex p3 (1 plane), bishop linear p3 (2 planes); q-tile (0,2,2) rook apex p2, bishop
/// linear p2 x2, duke edge apex p1; q-tile (0,4,4) rook apex p4, bishop linear p4 x2, duke apex p2
/// ("rook perimeter twice the duke's"); hotspot (2,0,0) rook linear p2 x2, duke duplex p1 x2;
/// Feynman (4,2,2) bishop apex p2, duke between p3. The reverse offset gives the same relation (the
/// counter-attack).
#[test]
fn t3_overlap_relations() {
    type Row = ((i8, i8, i8), [&'static [&'static str]; 3]);
    let rows: [Row; 5] = [
        ((0, 3, 3), [&["apex 3"], &["linear 3", "linear 3"], &[]]),
        (
            (0, 2, 2),
            [&["apex 2"], &["linear 2", "linear 2"], &["apex 1"]],
        ),
        (
            (0, 4, 4),
            [&["apex 4"], &["linear 4", "linear 4"], &["apex 2"]],
        ),
        (
            (2, 0, 0),
            [&["linear 2", "linear 2"], &[], &["apex 1", "apex 1"]],
        ),
        ((4, 2, 2), [&[], &["apex 2"], &["body 3"]]),
    ];
    let s = t(1, 1, 1);
    for (off, expect) in rows {
        let d = t(1 + off.0, 1 + off.1, 1 + off.2);
        for (f, e) in Family::ALL.into_iter().zip(expect) {
            assert_eq!(routes(f, s, d), e, "{f:?} {off:?}");
            assert_eq!(routes(f, d, s), e, "{f:?} reverse of {off:?}");
        }
    }
    // the book's names for the last three: hotspot, q-tile, Feynman (power::reach)
    assert_eq!(reach(Family::Rook, s, t(3, 1, 1)), Reach::Linear);
    assert_eq!(reach(Family::Duke, s, t(3, 1, 1)), Reach::Duplex);
    assert_eq!(reach(Family::Duke, s, t(1, 5, 5)), Reach::Apex);
    assert_eq!(reach(Family::Bishop, s, t(5, 3, 3)), Reach::Apex);
    assert_eq!(reach(Family::Duke, s, t(5, 3, 3)), Reach::Body);
}

/// 05 T5 (L13486-13606, Figs. 164-168) [partial]: only the tile names are checkable: Black's
/// B:K1,5 is (4,7,3), the caption's White K8,4; B:K5,1 is (4,3,7). Also 05 §0.1's examples: White
/// K4,4 = (4,3,3), Black K4,4 = White K5,5 = (4,4,4), B:KN1,5 = (6,7,3) = White KN8,4.
#[test]
fn t5_black_perspective_tiles() {
    assert_eq!(zab(bt("K1,5")), (4, 7, 3));
    assert_eq!(bt("K1,5"), wt("K8,4"));
    assert_eq!(zab(bt("K5,1")), (4, 3, 7));
    assert_eq!(zab(wt("K4,4")), (4, 3, 3));
    assert_eq!(bt("K4,4"), wt("K5,5"));
    assert_eq!(zab(bt("K4,4")), (4, 4, 4));
    assert_eq!(zab(bt("KN1,5")), (6, 7, 3));
    assert_eq!(Tile::of(bt("KN1,5")).book_name(W), "KN8,4");
    assert_eq!(Tile::of(t(6, 7, 3)).book_name(B), "KN1,5");
}

// ---------------------------------------------------------------------------------------------
// B. Part IV: endgames

/// 05 T8 (L2776-2784): the position notation `R @ K5,4`, `K @ Q2,3`, `K @ Q8,3` (the single-rook
/// mate's start), whose two flattened columns allow two readings; only the notation is tested.
/// Reading 1: White R (4,4,3), K (3,7,2), Black K B:Q2,3 = (3,6,5); reading 2: White K Q2,3 =
/// (3,1,2), Black K B:Q8,3 = (3,0,5).
#[test]
fn t8_position_notation() {
    let one = parse_listing("WHITE: R @ K5,4; K @ Q8,3\nBLACK: K @ Q2,3").unwrap();
    let two = parse_listing("WHITE: R @ K5,4; K @ Q2,3 | BLACK: K @ Q8,3").unwrap();
    let men = |p: &Position| {
        let mut v: Vec<_> = p
            .occupied()
            .iter()
            .map(|c| {
                let pc = p.piece_at(c).unwrap();
                (pc.player.0, pc.kind.letter(), zab(c))
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        men(&one),
        [
            (0, 'K', (3, 7, 2)),
            (0, 'R', (4, 4, 3)),
            (1, 'K', (3, 6, 5))
        ]
    );
    assert_eq!(
        men(&two),
        [
            (0, 'K', (3, 1, 2)),
            (0, 'R', (4, 4, 3)),
            (1, 'K', (3, 0, 5))
        ]
    );
    assert_eq!(one.to_move(), W);
    assert!(parse_listing("WHITE: R K5,4").is_err());
}

/// The position after 5... K-KR1,7 of 05 T10 (= P10a): White K KN6,3 (6,5,2), R KB7,3 (5,6,2),
/// Black K B:KR1,7 (7,7,1), White to move.
fn p10a() -> Position {
    pos(
        &[
            (W, Kind::King, (6, 5, 2)),
            (W, Kind::Rook, (5, 6, 2)),
            (B, Kind::King, (7, 7, 1)),
        ],
        W,
    )
}

/// 05 P10a (T10, L14535-14614): 1. R-KB8,1 (5,7,0) is checkmate. The check comes through the a = 7
/// plane (White's left vertical plane; quadrant, perimeter 2); the White king covers (.,6,1..2).
/// Every White mate in 1 is in the snapshot.
#[test]
fn p10a_mate_in_one() {
    let p = p10a();
    assert_eq!(zab(bt("KR1,7")), (7, 7, 1));
    let mates = mating_moves(&p);
    assert!(mates.contains(&"R - KB8,1 ch".to_string()), "{mates:?}");
    insta::assert_snapshot!("p10a_white_mates_in_one", mates.join("\n"));
    let after = play(&p, "R-KB8,1");
    assert_eq!(after.piece_at(t(5, 7, 0)).unwrap().kind, Kind::Rook);
    assert!(in_check(&after, B));
    assert!(is_checkmate(&after));
    assert_eq!(routes(Family::Rook, t(5, 7, 0), t(7, 7, 1)), ["body 2"]);
    assert_eq!(
        open_planes(&after, Family::Rook, t(5, 7, 0), t(7, 7, 1)),
        ["left vertical"]
    );
    let king = piece(W, Kind::King);
    let occ = after.occupied();
    for z in 5..8 {
        for b in 1..3 {
            assert!(
                covers(king, t(6, 5, 2), t(z, 6, b), &occ),
                "the White king covers {:?}",
                (z, 6, b)
            );
        }
    }
}

/// 05 P10b (T10): White K (6,5,2), R K8,3 (4,7,2), Black K B:KN1,6 (6,7,2), Black to move: checkmate.
#[test]
fn p10b_checkmate() {
    let p = pos(
        &[
            (W, Kind::King, (6, 5, 2)),
            (W, Kind::Rook, (4, 7, 2)),
            (B, Kind::King, (6, 7, 2)),
        ],
        B,
    );
    assert_eq!(zab(bt("KN1,6")), (6, 7, 2));
    assert_eq!(zab(wt("K8,3")), (4, 7, 2));
    assert!(in_check(&p, B));
    assert!(moves(&p).is_empty());
    assert!(is_checkmate(&p));
}

/// 05 T10 (L14535-14614, §6.2) [C≠B]: the one-rook "mate in 7" is inconsistent. From the position
/// after 3... K-KN1,7 (White K KN6,4 (6,5,3), R KB7,1 (5,6,0); Black K B:KN1,7 (6,7,1)) the book's
/// moves 4. R-KB7,3 K-KN1,8 5. K-KN6,3 K-KR1,7 are legal (the initial position is not given); after
/// 6. R-KN7,3 Black's only legal move is K-B:KR1,8 (7,7,0): the book's 6... K-KN1,7 is illegal
/// ((6,7,1) is covered by the rook on (6,6,2) through a perimeter-1 quadrant move). The book's final
/// position (White K (6,5,2), R (4,7,2); Black K (6,7,1)) is check but not mate: the king escapes to
/// KR7,1, KB7,1 or KN7,1 (z,6,0).
#[test]
fn t10_one_rook_line_is_inconsistent() {
    let p = pos(
        &[
            (W, Kind::King, (6, 5, 3)),
            (W, Kind::Rook, (5, 6, 0)),
            (B, Kind::King, (6, 7, 1)),
        ],
        W,
    );
    assert_eq!(zab(wt("KN6,4")), (6, 5, 3));
    assert_eq!(zab(wt("KB7,1")), (5, 6, 0));
    // the "(R)" of move 3: the Black king is vertex-adjacent to the rook and attacks it
    assert!(attacked(&p, t(5, 6, 0), B));
    let p = play(&p, "R-KB7,3");
    let p = play(&p, "K-KN1,8");
    let p = play(&p, "K-KN6,3");
    let p = play(&p, "K-KR1,7");
    let q = p10a();
    assert_eq!(
        (
            p.of_player(W),
            p.of_player(B),
            p.of_kind(Kind::Rook),
            p.to_move()
        ),
        (q.of_player(W), q.of_player(B), q.of_kind(Kind::Rook), W),
        "the line reaches P10a"
    );
    let p = play(&p, "R-KN7,3");
    let g = Goff::new();
    assert!(
        g.parse_move(&p, "K-KN1,7").is_err(),
        "6... K-KN1,7 is illegal"
    );
    assert!(attacked(&p, t(6, 7, 1), W));
    assert_eq!(
        routes(Family::Rook, t(6, 6, 2), t(6, 7, 1)),
        ["apex 1"],
        "a perimeter-1 quadrant move"
    );
    let only = moves(&p);
    assert_eq!(only.len(), 1);
    assert_eq!((only[0].from, only[0].to), (t(7, 7, 1), t(7, 7, 0)));
    assert_eq!(only[0].to, bt("KR1,8"));
    // the book's final position
    let fin = pos(
        &[
            (W, Kind::King, (6, 5, 2)),
            (W, Kind::Rook, (4, 7, 2)),
            (B, Kind::King, (6, 7, 1)),
        ],
        B,
    );
    assert!(in_check(&fin, B));
    assert!(!is_checkmate(&fin));
    let escapes: Vec<_> = moves(&fin).iter().map(|m| m.to).collect();
    let mut escapes: Vec<_> = escapes.into_iter().map(zab).collect();
    escapes.sort();
    assert_eq!(escapes, [(5, 6, 0), (6, 6, 0), (7, 6, 0)]);
    for (c, name) in [
        ((5, 6, 0), "KB7,1"),
        ((6, 6, 0), "KN7,1"),
        ((7, 6, 0), "KR7,1"),
    ] {
        assert_eq!(wt(name), t(c.0, c.1, c.2));
    }
}

/// 05 T11 (L14624-14706, Figs. 187-188): K+Q vs K, mate in the open right after promoting on KR8,8
/// (7,7,7) with the White king on KN7,7 (6,6,6): against the Black king on K4,5 (4,3,4),
/// Q-KN4,5 (6,3,4) mates (a hotspot two levels above the king: rook linear p2 plus duke duplex
/// p1), as do Q-K2,5 (4,1,4) and Q-K4,7 (4,3,6); against Q5,5 (3,4,4), Q-QN5,5 (1,4,4), Q-Q5,7
/// (3,4,6) and Q-Q7,5 (3,6,4) each mate. Every mate in 1 is in the snapshot. The "mate in at most
/// 3" claim needs a K+Q vs K tablebase and is not tested.
#[test]
fn t11_queen_mates_in_the_open() {
    let mut listing = String::new();
    for (bk, named) in [
        ((4, 3, 4), ["KN4,5", "K2,5", "K4,7"]),
        ((3, 4, 4), ["QN5,5", "Q5,7", "Q7,5"]),
    ] {
        let p = pos(
            &[
                (W, Kind::Queen, (7, 7, 7)),
                (W, Kind::King, (6, 6, 6)),
                (B, Kind::King, bk),
            ],
            W,
        );
        let mates = mating_moves(&p);
        for n in named {
            let to = wt(n);
            let m = moves(&p)
                .into_iter()
                .find(|m| m.from == t(7, 7, 7) && m.to == to)
                .unwrap_or_else(|| panic!("Q-{n} is legal"));
            assert!(is_checkmate(&p.after(&m)), "Q-{n} mates the king on {bk:?}");
            assert!(mates.contains(&move_text(&p, &m)));
        }
        listing.push_str(&format!(
            "Black K {} {bk:?}: {}\n",
            Tile::of(t(bk.0, bk.1, bk.2)).book_name(W),
            mates.join(", ")
        ));
    }
    insta::assert_snapshot!("t11_queen_mates_in_one", listing);
    // the hotspot
    assert_eq!(reach(Family::Rook, t(6, 3, 4), t(4, 3, 4)), Reach::Linear);
    assert_eq!(reach(Family::Duke, t(6, 3, 4), t(4, 3, 4)), Reach::Duplex);
}

/// 05 T11 [C]: with the Black king on Q4,4 (3,3,3) (legal only with the White king on KN7,7,
/// blocking the queen's duke line) or on K4,4 (4,3,3), there is no mate in 1 from any White-king
/// tile adjacent to KR8,8.
#[test]
fn t11_no_mate_in_one_from_the_centre() {
    let mut tried = 0;
    for bk in [(3, 3, 3), (4, 3, 3)] {
        for z in 6..8 {
            for a in 6..8 {
                for b in 6..8 {
                    if (z, a, b) == (7, 7, 7) {
                        continue;
                    }
                    let p = pos(
                        &[
                            (W, Kind::Queen, (7, 7, 7)),
                            (W, Kind::King, (z, a, b)),
                            (B, Kind::King, bk),
                        ],
                        W,
                    );
                    if bk == (3, 3, 3) {
                        assert_eq!(
                            in_check(&p, B),
                            (z, a, b) != (6, 6, 6),
                            "Black K Q4,4 is attacked unless the White king is on KN7,7"
                        );
                    }
                    if in_check(&p, B) {
                        continue;
                    }
                    tried += 1;
                    assert!(
                        mating_moves(&p).is_empty(),
                        "no mate in 1: W K {:?}, B K {bk:?}",
                        (z, a, b)
                    );
                }
            }
        }
    }
    assert!(tried >= 2, "{tried}");
}

/// 05 T13 (L14942-14966, Fig. 190): the rule of the cube. White P QR2,2 (0,1,1) unmoved, White K
/// Q1,1 (3,0,0), Black K B:KB6,6 (5,2,2), White to move: the pawn promotes and is captured at once
/// (draw). The king's distance to the promotion tile QR8,8 (0,7,7) is 5, the pawn's too; the tiles
/// from which the king gets there in 5 are the 6x6x6 cube z <= 5, a >= 2, b >= 2: 216 of 512
/// (42 %), and (5,2,2) is its far corner ("just barely close enough").
#[test]
fn t13_rule_of_the_cube() {
    let king = piece(B, Kind::King);
    let d = bfs(t(0, 7, 7), |c| {
        spacechess_goff::movegen::legal_destinations(&lone(king, c, &[]), c)
    });
    let cube: Vec<Cell> = (0..512u32)
        .map(Cell)
        .filter(|c| d[c.index()].unwrap() <= 5)
        .collect();
    assert_eq!(cube.len(), 216);
    assert!(cube.iter().all(|&c| {
        let x = Tile::of(c);
        x.z <= 5 && x.a >= 2 && x.b >= 2
    }));
    assert_eq!(zab(bt("KB6,6")), (5, 2, 2));
    assert_eq!(d[t(5, 2, 2).index()], Some(5));
    assert_eq!((216 * 100 / 512, 36 * 100 / 64), (42, 56));
    // the pawn needs 5 moves (double advance, then four single advances)
    let pawn = piece(W, Kind::Pawn);
    let dp = bfs(t(0, 1, 1), |c| {
        let mut p = lone(pawn, c, &[]);
        if c == t(0, 1, 1) {
            p.set_unmoved(CellSet::from_iter([c]));
        }
        destinations(&p, c)
    });
    assert_eq!(dp[t(0, 7, 7).index()], Some(5));
    // the race: 1. P-QR4,4 K-B:QB5,5 ... 5. P-QR8,8=Q KxQ, bare kings
    let mut p = pos(
        &[
            (W, Kind::Pawn, (0, 1, 1)),
            (W, Kind::King, (3, 0, 0)),
            (B, Kind::King, (5, 2, 2)),
        ],
        W,
    );
    p.set_unmoved(CellSet::from_iter([t(0, 1, 1)]));
    let g = Goff::new();
    let line = [
        ((0, 1, 1), (0, 3, 3)),
        ((5, 2, 2), (4, 3, 3)),
        ((0, 3, 3), (0, 4, 4)),
        ((4, 3, 3), (3, 4, 4)),
        ((0, 4, 4), (0, 5, 5)),
        ((3, 4, 4), (2, 5, 5)),
        ((0, 5, 5), (0, 6, 6)),
        ((2, 5, 5), (1, 6, 6)),
        ((0, 6, 6), (0, 7, 7)),
        ((1, 6, 6), (0, 7, 7)),
    ];
    for (f, to) in line {
        let m = moves(&p)
            .into_iter()
            .find(|m| {
                m.from == t(f.0, f.1, f.2)
                    && m.to == t(to.0, to.1, to.2)
                    && m.promote.is_none_or(|k| k == Kind::Queen)
            })
            .unwrap_or_else(|| panic!("{f:?} -> {to:?} is legal"));
        p = g.play(&p, &m);
    }
    assert_eq!(p.occupied(), p.of_kind(Kind::King));
    assert!(matches!(g.outcome(&p), Some(Outcome::Draw(_))));
}

/// 05 T14 (L14968-15089, Fig. 191) [partial]: the named tiles: silver B:QN1,1 = (1,7,7), gold
/// B:QB3,3 = (2,5,5). A knight needs 5 moves to reach an orthogonally adjacent tile (2D: 3). [C≠B]
/// From a face-, edge- and vertex-adjacent tile of the enemy king, a knight needs at least 4, 1 and
/// 2 moves to a checking tile (the book says 4, 2 and 3); never 0 (adjacent knights do not check).
#[test]
fn t14_pawn_vs_knight() {
    assert_eq!(zab(bt("QN1,1")), (1, 7, 7));
    assert_eq!(Tile::of(bt("QN1,1")).duke_colour(), "silver");
    assert_eq!(zab(bt("QB3,3")), (2, 5, 5));
    assert_eq!(Tile::of(bt("QB3,3")).duke_colour(), "gold");
    let knight = |c: Cell| tables().knight[c.index()];
    let k = t(3, 3, 3);
    let d = bfs(k, knight);
    for n in [(3, 3, 4), (4, 3, 3), (3, 2, 3)] {
        assert_eq!(d[t(n.0, n.1, n.2).index()], Some(5), "{n:?}");
    }
    // checking tiles: a knight leap from the king
    let checks = knight(k);
    let least = |from: (i8, i8, i8)| {
        let s = t(3 + from.0, 3 + from.1, 3 + from.2);
        let d = bfs(s, |c| {
            let mut n = knight(c);
            n.remove(k);
            n
        });
        checks.iter().filter_map(|c| d[c.index()]).min().unwrap()
    };
    assert_eq!(least((0, 0, 1)), 4, "face-adjacent (rook-like)");
    assert_eq!(least((1, 1, 0)), 1, "edge-adjacent (bishop-like)");
    assert_eq!(least((1, 1, 1)), 2, "vertex-adjacent (duke-like)");
    // the digest's example: from (1,1,0) the leap (1,-2,2) reaches (2,-1,2), a knight offset
    assert!(checks.contains(t(3 + 2, 3 - 1, 3 + 2)));
    assert!(knight(t(4, 4, 3)).contains(t(5, 2, 5)));
}

/// 05 T15 (L15107-15155, Fig. 192): a Black stack on B:Q3,3 (3,5,5) fences a White pawn
/// double-advanced to QR4,4 (0,3,3): its bishop covers the end-tile advances (0,4,3) and (0,3,4),
/// its duke the apex (0,4,4). The same holds from B:KR1,1 (7,7,7), the other overlap tile; the
/// two are Feynman tiles of each other (offset (4,2,2)).
#[test]
fn t15_stack_fences_a_pawn() {
    assert_eq!(zab(bt("Q3,3")), (3, 5, 5));
    assert_eq!(zab(bt("KR1,1")), (7, 7, 7));
    assert_eq!(zab(wt("QR4,4")), (0, 3, 3));
    for s in [(3, 5, 5), (7, 7, 7)] {
        let p = pos(&[(B, Kind::Stack, s), (W, Kind::Pawn, (0, 3, 3))], W);
        let occ = p.occupied();
        let sc = t(s.0, s.1, s.2);
        let bishop = piece(B, Kind::Bishop);
        let duke = piece(B, Kind::Duke);
        for e in [(0, 4, 3), (0, 3, 4)] {
            assert!(covers(bishop, sc, t(e.0, e.1, e.2), &occ), "{s:?} {e:?}");
        }
        assert!(covers(duke, sc, t(0, 4, 4), &occ), "{s:?}");
        // every advance of the pawn lands on a tile the stack covers
        let adv = destinations(&p, t(0, 3, 3));
        assert_eq!(adv, cells(&[(0, 4, 3), (0, 3, 4), (0, 4, 4)]));
        assert!(adv.iter().all(|c| attacked(&p, c, B)));
    }
    assert_eq!(
        Tile::of(t(3, 5, 5)).offset_to(&Tile::of(t(7, 7, 7))),
        (4, 2, 2)
    );
    assert_eq!(reach(Family::Bishop, t(3, 5, 5), t(7, 7, 7)), Reach::Apex);
    assert_eq!(reach(Family::Duke, t(3, 5, 5), t(7, 7, 7)), Reach::Body);
}

/// 05 T16 (L15166-15197, Fig. 193): the unshackled pawn race from QR5,3 (0,4,2): 5 moves to
/// promote on its own level (max(7-4, 7-2)), 4 by the left back plane (a = 7: 3 advances, then one
/// rook-like move); the back plane is reached in 3.
#[test]
fn t16_unshackled_pawn_race() {
    assert_eq!(zab(wt("QR5,3")), (0, 4, 2));
    let pawn = piece(W, Kind::Pawn);
    let all = bfs(t(0, 4, 2), |c| destinations(&lone(pawn, c, &[]), c));
    // shackled only: the perimeter-1 advances on its level
    let level = bfs(t(0, 4, 2), |c| {
        let x = Tile::of(c);
        destinations(&lone(pawn, c, &[]), c)
            .iter()
            .filter(|&d| {
                let y = Tile::of(d);
                y.z == x.z && (y.a - x.a, y.b - x.b) != (0, 0) && y.a - x.a <= 1 && y.b - x.b <= 1
            })
            .collect()
    });
    assert_eq!(level[t(0, 7, 7).index()], Some(5));
    assert_eq!(all[t(0, 7, 7).index()], Some(4));
    let back = (0..512u32)
        .map(Cell)
        .filter(|&c| Tile::of(c).a == 7)
        .filter_map(|c| all[c.index()])
        .min();
    assert_eq!(back, Some(3));
    // the fourth move is a rook-like advance along the back plane
    assert!(destinations(&lone(pawn, t(0, 7, 5), &[]), t(0, 7, 5)).contains(t(0, 7, 7)));
}

// ---------------------------------------------------------------------------------------------
// C. Part IV: midgame gambits

/// 05 T18 (L15459-15529, Figs. 196-197) [partial, geometry only]: the dynamic trapdoor. The Black
/// rook oscillates on the queen level between B:Q7,2 (3,1,6) and B:Q2,6 (3,6,2) (a between-tile
/// move, offset (0,5,-4), so it can be trapdoored); from (3,1,6) it defends the bishop on B:KR7,5
/// (7,1,3) through a 5x5 square (perimeter 4) in the plane a = 1, from (3,6,2) the bishop on
/// B:QB2,8 (2,6,0) through a 3x3 square (perimeter 2) in the plane a = 6. The White duke
/// oscillates between KR2,2 (7,1,1) and Q2,2 (3,1,1) (duplex perimeter 2, apex to apex: no
/// trapdoor); it attacks the KR bishop through a perimeter-1 duplex and the QB bishop through a
/// 4x4 (perimeter-3) square. With White-perspective coordinates for Black's men, the duke would not
/// reach the KR bishop.
#[test]
fn t18_dynamic_trapdoor_geometry() {
    let (r1, r2) = (bt("Q7,2"), bt("Q2,6"));
    let (b1, b2) = (bt("KR7,5"), bt("QB2,8"));
    let (d1, d2) = (wt("KR2,2"), wt("Q2,2"));
    assert_eq!(
        [r1, r2, b1, b2, d1, d2].map(zab),
        [
            (3, 1, 6),
            (3, 6, 2),
            (7, 1, 3),
            (2, 6, 0),
            (7, 1, 1),
            (3, 1, 1)
        ]
    );
    let men = |r: Cell, d: Cell| {
        let mut p = Position::empty();
        p.put(r, piece(B, Kind::Rook));
        p.put(b1, piece(B, Kind::Bishop));
        p.put(b2, piece(B, Kind::Bishop));
        p.put(d, piece(W, Kind::Duke));
        p
    };
    let p = men(r1, d1);
    assert_eq!(routes(Family::Rook, r1, b1), ["body 4"]);
    assert_eq!(open_planes(&p, Family::Rook, r1, b1), ["left vertical"]);
    assert!(covers(piece(B, Kind::Rook), r1, b1, &p.occupied()));
    assert_eq!(routes(Family::Duke, d1, b1), ["apex 1", "apex 1"]);
    assert!(covers(piece(W, Kind::Duke), d1, b1, &p.occupied()));
    let p = men(r2, d2);
    assert_eq!(routes(Family::Rook, r2, b2), ["body 2"]);
    assert_eq!(open_planes(&p, Family::Rook, r2, b2), ["left vertical"]);
    assert!(covers(piece(B, Kind::Rook), r2, b2, &p.occupied()));
    assert_eq!(routes(Family::Duke, d2, b2), ["body 3"]);
    assert!(covers(piece(W, Kind::Duke), d2, b2, &p.occupied()));
    // the oscillations
    assert_eq!(routes(Family::Rook, r1, r2), ["body 5"]);
    assert_eq!(reach(Family::Rook, r1, r2), Reach::Body);
    assert_eq!(routes(Family::Duke, d1, d2), ["apex 2", "apex 2"]);
    assert_eq!(reach(Family::Duke, d1, d2), Reach::Duplex);
    // the White-perspective reading of B:KR7,5 is (7,6,4): no duke route from either duke tile
    let wrong = wt("KR7,5");
    assert_eq!(zab(wrong), (7, 6, 4));
    assert!(routes(Family::Duke, d1, wrong).is_empty());
    assert!(routes(Family::Duke, d2, wrong).is_empty());
}

/// 05 T20 (L15759-15782, Fig. 206): the split-stack gambit. The Black stack B:Q3,3 (3,5,5) ->
/// B:Q7,7 (3,1,1) is a stack move (duke apex p2 plus bishop linear p4 to the same q-tile) and checks
/// White's K1,1 (4,0,0) by a duke-linear perimeter-1 attack. (The rooks that block the bishop's
/// retreat are only in the figure.)
#[test]
fn t20_split_stack_q_tile() {
    let (s, d) = (bt("Q3,3"), bt("Q7,7"));
    assert_eq!((zab(s), zab(d)), ((3, 5, 5), (3, 1, 1)));
    assert_eq!(routes(Family::Duke, s, d), ["apex 2"]);
    assert_eq!(routes(Family::Bishop, s, d), ["linear 4", "linear 4"]);
    let p = pos(
        &[
            (W, Kind::King, (4, 0, 0)),
            (B, Kind::Stack, (3, 5, 5)),
            (B, Kind::King, (4, 7, 7)),
        ],
        B,
    );
    let m = moves(&p)
        .into_iter()
        .find(|m| m.from == s && m.to == d && m.part.is_none() && m.fission.is_none())
        .expect("the stack move is legal");
    let after = p.after(&m);
    assert_eq!(after.piece_at(d).unwrap().kind, Kind::Stack);
    assert!(in_check(&after, W));
    assert_eq!(
        routes(Family::Duke, d, t(4, 0, 0)),
        ["linear 1", "linear 1", "linear 1"]
    );
    assert!(covers(
        piece(B, Kind::Duke),
        d,
        t(4, 0, 0),
        &after.occupied()
    ));
    assert!(move_text(&p, &m).ends_with("ch"));
}

/// 05 T21 (L15787-15818, Fig. 207): the White stack QN3,3 (1,2,2) -> KB5,5 (5,4,4) (bishop apex
/// p2 plus duke between p3) checks the Black king on (4,7,7) as a duke (perimeter 2, the plane
/// a = b, White's major plane) and its bishop attacks B:KB1,1 (5,7,7), the king's vertical
/// castling transit. A Black knight on B:KB2,2 (5,6,6) blocks both. Caveat [C]: the duke's square
/// holds (3,6,6), Black's Q-pawn tile, so the check needs that pawn gone.
#[test]
fn t21_split_stack_feynman() {
    let (s, d) = (wt("QN3,3"), wt("KB5,5"));
    assert_eq!((zab(s), zab(d)), ((1, 2, 2), (5, 4, 4)));
    assert_eq!(routes(Family::Bishop, s, d), ["apex 2"]);
    assert_eq!(routes(Family::Duke, s, d), ["body 3"]);
    let bk = t(4, 7, 7);
    let transit = bt("KB1,1");
    assert_eq!(zab(transit), (5, 7, 7));
    let mk = |extra: &[(Player, Kind, (i8, i8, i8))]| {
        let mut men = vec![
            (W, Kind::King, (4, 0, 0)),
            (W, Kind::Stack, (1, 2, 2)),
            (B, Kind::King, (4, 7, 7)),
        ];
        men.extend_from_slice(extra);
        pos(&men, W)
    };
    let p = mk(&[]);
    let m = moves(&p)
        .into_iter()
        .find(|m| m.from == s && m.to == d && m.part.is_none() && m.fission.is_none())
        .expect("the stack move is legal");
    let after = p.after(&m);
    assert!(in_check(&after, B));
    assert_eq!(routes(Family::Duke, d, bk), ["body 2"]);
    assert_eq!(open_planes(&after, Family::Duke, d, bk), ["major"]);
    assert!(covers(
        piece(W, Kind::Bishop),
        d,
        transit,
        &after.occupied()
    ));
    assert_eq!(routes(Family::Bishop, d, transit), ["linear 3", "linear 3"]);
    // the knight's block
    let n = bt("KB2,2");
    assert_eq!(zab(n), (5, 6, 6));
    let mut blocked = after.clone();
    blocked.put(n, piece(B, Kind::Knight));
    assert!(!covers(piece(W, Kind::Duke), d, bk, &blocked.occupied()));
    assert!(!covers(
        piece(W, Kind::Bishop),
        d,
        transit,
        &blocked.occupied()
    ));
    assert!(!in_check(&blocked, B));
    // the caveat: the unmoved Q pawn (3,6,6) stands in the duke's square
    let mut pawn = after.clone();
    pawn.put(t(3, 6, 6), piece(B, Kind::Pawn));
    assert!(!covers(piece(W, Kind::Duke), d, bk, &pawn.occupied()));
    assert!(!in_check(&pawn, B));
}

// ---------------------------------------------------------------------------------------------
// D. Part IV: openings

/// 05 T25 (L16332-16371, Table 15): in the starting lineup the White pawn column is covered 20
/// times by White's other men (per pawn QR..KR: 2, 2, 2, 4, 4, 3, 1, 2); the knights cover no royal
/// pawn. Initial torque (distinct tiles covered by capture moves): pawns 48 of 512 (9.38 %),
/// knights 8 (1.56 %), every knight tile also a pawn tile: K2,3, K3,2, KB3,3, KR3,3, Q2,3, Q3,2,
/// QB3,3, QR3,3.
#[test]
fn t25_starting_lineup_facts() {
    let p = Position::start();
    let occ = p.occupied();
    let mine = p.of_player(W);
    let men: Vec<(Piece, Cell)> = mine.iter().map(|c| (p.piece_at(c).unwrap(), c)).collect();
    let per_pawn: Vec<usize> = (0..8)
        .map(|z| {
            men.iter()
                .filter(|(pc, c)| pc.kind != Kind::Pawn && covers(*pc, *c, t(z, 1, 1), &occ))
                .count()
        })
        .collect();
    assert_eq!(per_pawn, [2, 2, 2, 4, 4, 3, 1, 2]);
    assert_eq!(per_pawn.iter().sum::<usize>(), 20);
    let covered_by = |k: Kind| -> Bits {
        (0..512u32)
            .map(Cell)
            .filter(|&to| {
                men.iter()
                    .any(|(pc, c)| pc.kind == k && covers(*pc, *c, to, &occ))
            })
            .collect()
    };
    let knights = covered_by(Kind::Knight);
    assert!(!knights.contains(t(3, 1, 1)) && !knights.contains(t(4, 1, 1)));
    let pawns = covered_by(Kind::Pawn);
    assert_eq!(pawns.len(), 48);
    assert_eq!(knights.len(), 8);
    assert!(knights.without(&pawns).is_empty());
    let named: Bits = [
        "K2,3", "K3,2", "KB3,3", "KR3,3", "Q2,3", "Q3,2", "QB3,3", "QR3,3",
    ]
    .iter()
    .map(|n| wt(n))
    .collect();
    assert_eq!(knights, named);
    assert_eq!(format!("{:.2}", 48.0 * 100.0 / 512.0), "9.38");
    assert_eq!(format!("{:.2}", 8.0 * 100.0 / 512.0), "1.56");
}

/// The White pawns' open capture steps in the starting lineup, as (offset, target).
fn start_pawn_captures() -> Vec<((i8, i8, i8), Cell)> {
    let p = Position::start();
    let occ = p.occupied();
    let mut v = Vec::new();
    for from in p.of_player(W) & p.of_kind(Kind::Pawn) {
        for s in &pawn_tables().capture[0][from.index()] {
            if s.open(&occ) {
                v.push((Tile::of(from).offset_to(&Tile::of(s.to)), s.to));
            }
        }
    }
    v
}

/// 05 T26 (L16413-16515, Tables 16-17): the White pawns cover the 8 single-advance apex tiles
/// (z,2,2) 34 times (14 direct + 12 predator + 8 bead, 425 %) and the 16 single-advance end tiles
/// (z,2,1)/(z,1,2) 28 times (reduced, 175 %); of the 40 double-advance tiles the 16 between tiles
/// are covered 28 times (sling), the apex and end tiles by no sling, reduced or direct capture: 28/40
/// = 70 %, or 90 % with the 8 dart tiles (the apexes). The knights cover 4 of the apex tiles and 4
/// of the end tiles (those in front of the royal pawns).
#[test]
fn t26_pawn_coverage_tables() {
    let caps = start_pawn_captures();
    let count = |targets: &dyn Fn(Tile) -> bool, offs: &[(i8, i8, i8)]| {
        caps.iter()
            .filter(|(o, to)| targets(Tile::of(*to)) && offs.contains(o))
            .count()
    };
    let apex1 = |x: Tile| x.a == 2 && x.b == 2;
    let end1 = |x: Tile| (x.a, x.b) == (2, 1) || (x.a, x.b) == (1, 2);
    let between2 = |x: Tile| (x.a, x.b) == (3, 2) || (x.a, x.b) == (2, 3);
    let apex2 = |x: Tile| x.a == 3 && x.b == 3;
    let end2 = |x: Tile| (x.a, x.b) == (3, 1) || (x.a, x.b) == (1, 3);
    const DIRECT: [(i8, i8, i8); 2] = [(1, 1, 1), (-1, 1, 1)];
    const PREDATOR: [(i8, i8, i8); 2] = [(2, 1, 1), (-2, 1, 1)];
    const BEAD: [(i8, i8, i8); 1] = [(0, 1, 1)];
    const REDUCED: [(i8, i8, i8); 4] = [(1, 1, 0), (1, 0, 1), (-1, 1, 0), (-1, 0, 1)];
    const SLING: [(i8, i8, i8); 4] = [(1, 2, 1), (1, 1, 2), (-1, 2, 1), (-1, 1, 2)];
    const DART: [(i8, i8, i8); 1] = [(0, 2, 2)];
    let all: Vec<(i8, i8, i8)> = caps.iter().map(|(o, _)| *o).collect();
    assert_eq!(count(&apex1, &DIRECT), 14);
    assert_eq!(count(&apex1, &PREDATOR), 12);
    assert_eq!(count(&apex1, &BEAD), 8);
    assert_eq!(count(&apex1, &all), 34);
    assert_eq!(count(&end1, &REDUCED), 28);
    assert_eq!(count(&end1, &all), 28);
    assert_eq!(count(&between2, &SLING), 28);
    assert_eq!(count(&between2, &all), 28);
    assert_eq!(count(&end2, &all), 0);
    assert_eq!(count(&apex2, &DART), 8);
    assert_eq!(count(&apex2, &all), 8);
    assert_eq!(count(&apex2, &all) + count(&between2, &all), 36);
    assert_eq!((28 * 100 / 40, 36 * 100 / 40), (70, 90));
    // knights
    let p = Position::start();
    let kn: Bits = (p.of_player(W) & p.of_kind(Kind::Knight))
        .iter()
        .fold(CellSet::EMPTY, |acc, c| acc | tables().knight[c.index()]);
    let on = |f: &dyn Fn(Tile) -> bool| -> Vec<(i8, i8, i8)> {
        let mut v: Vec<_> = kn.iter().filter(|&c| f(Tile::of(c))).map(zab).collect();
        v.sort();
        v
    };
    assert_eq!(on(&apex1), [(0, 2, 2), (2, 2, 2), (5, 2, 2), (7, 2, 2)]);
    assert_eq!(on(&end1), [(3, 1, 2), (3, 2, 1), (4, 1, 2), (4, 2, 1)]);
}

// ---------------------------------------------------------------------------------------------
// E. Part V: the classical move sets behind the quantum analogs (the quantum rules themselves are
// not implemented)

/// 05 T33 (L17603-17645, Fig. 236): diffraction. A rook on KR1,1 (7,0,0) (inferred) with a pawn
/// on KR4,4 (7,3,3) reaches only the two apex tiles in front of the pawn, KR2,2 and KR3,3. A duke
/// on Q1,1 (3,0,0) (inferred) is not blocked by a pawn on Q4,4 (3,3,3): its edge-quadrant apex line
/// in the major plane is Q3,3, Q5,5, Q7,7, and (3,3,3) is not a lattice tile of that plane; a
/// blocker on any tile off this duke's lattice (another duke colour) leaves its moves unchanged. [B] Two pawns on adjacent apex tiles block it: my
/// reading, pawns on Q3,3 and Q4,4 (one of them a lattice tile) cut the line after Q3,3.
#[test]
fn t33_diffraction() {
    let rook = piece(W, Kind::Rook);
    let pawn = (piece(W, Kind::Pawn), wt("KR4,4"));
    let p = lone(rook, wt("KR1,1"), &[pawn]);
    let apex: Vec<(i8, i8, i8)> = dests(&p, t(7, 0, 0))
        .into_iter()
        .filter(|&(z, a, b)| z == 7 && a == b)
        .collect();
    assert_eq!(apex, [(7, 1, 1), (7, 2, 2)]);
    assert_eq!([wt("KR2,2"), wt("KR3,3")], [t(7, 1, 1), t(7, 2, 2)]);
    let duke = piece(W, Kind::Duke);
    let from = wt("Q1,1");
    let empty = destinations(&lone(duke, from, &[]), from);
    let line = [wt("Q3,3"), wt("Q5,5"), wt("Q7,7")];
    assert_eq!(line, [t(3, 2, 2), t(3, 4, 4), t(3, 6, 6)]);
    for c in line {
        assert_eq!(reach(Family::Duke, from, c), Reach::Apex);
        assert!(empty.contains(c));
    }
    let q44 = (piece(W, Kind::Pawn), wt("Q4,4"));
    let with = destinations(&lone(duke, from, &[q44]), from);
    assert_eq!(with, empty, "Q4,4 is off the duke's lattice");
    // no tile off the lattice blocks: every blocker of another duke colour leaves the moves alone
    let colour = Tile::of(from).duke_colour();
    for i in 0..512u32 {
        let c = Cell(i);
        if Tile::of(c).duke_colour() != colour {
            let d = destinations(&lone(duke, from, &[(piece(W, Kind::Pawn), c)]), from);
            assert_eq!(d, empty, "a blocker on {:?}", zab(c));
        }
    }
    let two = destinations(&lone(duke, from, &[q44, (q44.0, wt("Q3,3"))]), from);
    assert!(!two.contains(t(3, 4, 4)) && !two.contains(t(3, 6, 6)));
}

/// 05 T34-T35 (L17647-17768, Figs. 237-238) [partial]: the plane-polarization state counts: a rook
/// or bishop linear move lies in 2 planes (4 states: both, either, none), a duke's in 3 (8 states).
/// The duke on the KR level going down its duplex tiles: a bishop on the K level blocks it in the
/// minor plane and it continues in the major plane only (my reconstruction: duke (7,3,3), bishop
/// (4,4,2)).
#[test]
fn t34_t35_polarization() {
    for (f, planes) in [(Family::Rook, 2), (Family::Bishop, 2), (Family::Duke, 3)] {
        let fam = tables().planar(f).family();
        for ray in 0..fam.rays.len() {
            assert_eq!(fam.planes_of_ray(ray).len(), planes, "{f:?} ray {ray}");
        }
        assert_eq!(1 << planes, if f == Family::Duke { 8 } else { 4 });
    }
    let p = pos(
        &[(W, Kind::Duke, (7, 3, 3)), (B, Kind::Bishop, (4, 4, 2))],
        W,
    );
    let from = t(7, 3, 3);
    assert_eq!(routes(Family::Duke, from, t(5, 3, 3)), ["apex 1", "apex 1"]);
    assert_eq!(
        open_planes(&p, Family::Duke, from, t(5, 3, 3)),
        ["major", "minor"]
    );
    for to in [t(3, 3, 3), t(1, 3, 3)] {
        assert_eq!(open_planes(&p, Family::Duke, from, to), ["major"]);
        assert!(can(&p, from, to));
    }
}

/// 05 T36 (L17804-17821, Fig. 239): a rook's pure quadrant move to perimeter 4 has 2*4+1-2 = 7
/// tiles (9 with the two end tiles).
#[test]
fn t36_superposition_count() {
    let from = t(3, 0, 0);
    let r = tables().planar(Family::Rook).routes(from, t(3, 4, 4))[0];
    let Route::Quadrant { quadrant, .. } = r else {
        panic!("an apex move")
    };
    let pt = tables().planar(Family::Rook);
    assert_eq!(pt.pure_perimeter(from, quadrant as usize, 4).len(), 7);
    assert_eq!(perimeter_tiles(Family::Rook, from, &r, 4).len(), 9);
}

/// 05 T40 (L18086-18117, Fig. 244): queen time symmetry on Q4,4 (3,3,3). In the duke's major plane
/// the only on-board perimeter-4 tile is (7,7,7), the Black KR1,1 tile. Overlaps, over the queen's
/// whole projection: every rook apex move is also a bishop linear move; bishop linear tiles
/// alternate brook (odd perimeter) / q-tile (even); every duke (edge-quadrant) apex tile is a
/// q-tile; every other rook linear tile (even perimeter), and every duke duplex tile, is a hotspot;
/// every other bishop apex tile (even perimeter) is a Feynman tile (duke body).
#[test]
fn t40_queen_time_symmetry() {
    let q = wt("Q4,4");
    assert_eq!(zab(q), (3, 3, 3));
    let pt = tables().planar(Family::Duke);
    let major = (0..pt.family().planes.len())
        .find(|&i| tables().plane_name(Family::Duke, i, W) == "major")
        .unwrap();
    // the plane's lattice: q + s*u + t*v over its rays u, v; perimeter max(|s|, |t|) = 4
    let plane = &pt.family().planes[major];
    let (u, v) = (
        spacechess_goff::tile::zab(&plane.u),
        spacechess_goff::tile::zab(&plane.v),
    );
    let mut p4 = CellSet::EMPTY;
    for s in -4i8..=4 {
        for w in -4i8..=4 {
            if s.abs().max(w.abs()) == 4 {
                let x = Tile::new(
                    3 + s * u.0 + w * v.0,
                    3 + s * u.1 + w * v.1,
                    3 + s * u.2 + w * v.2,
                );
                if x.on_board() {
                    p4.insert(x.cell());
                }
            }
        }
    }
    assert_eq!(sorted(&p4), [(7, 7, 7)]);
    assert_eq!(bt("KR1,1"), t(7, 7, 7));
    let perim = |f: Family, to: Cell| {
        routes(f, q, to)[0]
            .split(' ')
            .nth(1)
            .unwrap()
            .parse::<u8>()
            .unwrap()
    };
    let mut seen = [0; 5];
    for to in projection(Kind::Queen, q) {
        let (r, b, d) = (
            reach(Family::Rook, q, to),
            reach(Family::Bishop, q, to),
            reach(Family::Duke, q, to),
        );
        if r == Reach::Apex {
            assert_eq!(b, Reach::Linear, "{:?}", zab(to));
            seen[0] += 1;
        }
        if b == Reach::Linear {
            let even = perim(Family::Bishop, to) % 2 == 0;
            assert_eq!(r, Reach::Apex);
            assert_eq!(d == Reach::Apex, even, "brook / q-tile {:?}", zab(to));
            assert_eq!(d == Reach::None, !even);
            seen[1] += 1;
        }
        if d == Reach::Apex {
            assert!(
                r == Reach::Apex && b == Reach::Linear,
                "q-tile {:?}",
                zab(to)
            );
            seen[2] += 1;
        }
        if r == Reach::Linear {
            let even = perim(Family::Rook, to) % 2 == 0;
            assert_eq!(d == Reach::Duplex, even, "hotspot {:?}", zab(to));
            seen[3] += 1;
        }
        if d == Reach::Duplex {
            assert_eq!(r, Reach::Linear);
        }
        if b == Reach::Apex {
            let even = perim(Family::Bishop, to) % 2 == 0;
            assert_eq!(d == Reach::Body, even, "Feynman {:?}", zab(to));
            seen[4] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// 05 T41 (L18207-18236, Fig. 246): the orbiting rook. A rook at offset (2,1) from a pawn in its
/// horizontal plane orbits it counter-clockwise in 4 moves, (2,1) -> (-1,2) -> (-2,-1) -> (1,-2) ->
/// (2,1), each to a between tile on perimeter 3 of a 4x4 square; clockwise it needs 8 (2 per step),
/// because every reverse square holds the pawn.
#[test]
fn t41_orbiting_rook() {
    let pawn = (3, 3, 3);
    let orbit = [(2, 1), (-1, 2), (-2, -1), (1, -2)];
    let at = |o: (i8, i8)| t(3, 3 + o.0, 3 + o.1);
    let rook = piece(W, Kind::Rook);
    let board = |c: Cell| {
        lone(
            rook,
            c,
            &[(piece(W, Kind::Pawn), t(pawn.0, pawn.1, pawn.2))],
        )
    };
    for i in 0..4 {
        let (s, d) = (at(orbit[i]), at(orbit[(i + 1) % 4]));
        assert_eq!(routes(Family::Rook, s, d), ["body 3"]);
        assert!(can(&board(s), s, d), "counter-clockwise {:?}", orbit[i]);
        assert!(!can(&board(d), d, s), "clockwise {:?}", orbit[(i + 1) % 4]);
        let m = tables().planar(Family::Rook).routes(d, s)[0];
        assert!(tables()
            .planar(Family::Rook)
            .manifold(d, &m)
            .contains(t(pawn.0, pawn.1, pawn.2)));
    }
    let mut clockwise = 0;
    for i in 0..4 {
        let (s, d) = (at(orbit[(i + 1) % 4]), at(orbit[i]));
        let dist = bfs(s, |c| destinations(&board(c), c));
        clockwise += dist[d.index()].unwrap();
    }
    assert_eq!(clockwise, 8);
}

/// Histories of a lone White pawn (and the men of `others`) making one given relative move per
/// turn: `first` on move 1, then `rest`; each history continues from every on-board tile its
/// classical (engine) advance reaches among those offsets, never capturing; a history with no such
/// move is pruned. Returns the weights (histories per tile) after each move.
fn packet(
    start: Cell,
    others: &[(Piece, Cell)],
    first: &[(i8, i8, i8)],
    rest: &[(i8, i8, i8)],
    n: usize,
) -> Vec<BTreeMap<Cell, u64>> {
    let pawn = piece(W, Kind::Pawn);
    let mut w: BTreeMap<Cell, u64> = BTreeMap::from([(start, 1)]);
    let mut out = Vec::new();
    for k in 0..n {
        let offs = if k == 0 { first } else { rest };
        let mut next = BTreeMap::new();
        for (&c, &h) in &w {
            let mut p = lone(pawn, c, others);
            if c == start && k == 0 {
                p.set_unmoved(CellSet::from_iter([c]));
            }
            let x = Tile::of(c);
            for d in destinations(&p, c) {
                if p.piece_at(d).is_some() || !offs.contains(&x.offset_to(&Tile::of(d))) {
                    continue;
                }
                *next.entry(d).or_insert(0) += h;
            }
        }
        w = next;
        out.push(w.clone());
    }
    out
}

const DOUBLE: [(i8, i8, i8); 5] = [(0, 2, 0), (0, 2, 1), (0, 2, 2), (0, 1, 2), (0, 0, 2)];
const SINGLE: [(i8, i8, i8); 3] = [(0, 1, 0), (0, 0, 1), (0, 1, 1)];

/// 05 T42 (L18736-18967, Figs. 247-249): the pawn probability packet. A White pawn on K2,2 (4,1,1)
/// makes the double advance (5 tiles of the forward 3x3 square's perimeter 2), then 4 single
/// advances (3 tiles each) on an empty level: 5, 15, 45, 135, 405 histories; after move 5, 1 ends on
/// K8,8, 94 on a back plane (a = 7 or b = 7, not both), 310 elsewhere. With a passive Black pawn on
/// B:K4,4 (4,4,4) that White may not capture (a pawn whose perimeter-1 forward square holds it
/// cannot move and its history is pruned; a pawn on a back plane keeps the same relative move,
/// its on-board tiles only): 5, 12, 24, 48, 132, 300, and the promotion is delayed by 2 moves (7
/// instead of 5). The quantum notation is not implemented.
#[test]
fn t42_pawn_probability_packet() {
    let start = wt("K2,2");
    assert_eq!(zab(start), (4, 1, 1));
    let total = |w: &BTreeMap<Cell, u64>| w.values().sum::<u64>();
    let free = packet(start, &[], &DOUBLE, &SINGLE, 5);
    assert_eq!(
        free.iter().map(total).collect::<Vec<_>>(),
        [5, 15, 45, 135, 405]
    );
    let last = &free[4];
    let k88 = wt("K8,8");
    let back: u64 = last
        .iter()
        .filter(|(&c, _)| {
            let x = Tile::of(c);
            (x.a == 7) != (x.b == 7)
        })
        .map(|(_, &h)| h)
        .sum();
    assert_eq!(last.get(&k88), Some(&1));
    assert_eq!(back, 94);
    assert_eq!(total(last) - 1 - back, 310);
    // the obstacle
    let obstacle = bt("K4,4");
    assert_eq!(zab(obstacle), (4, 4, 4));
    let ob = [(piece(B, Kind::Pawn), obstacle)];
    let held = packet(start, &ob, &DOUBLE, &SINGLE, 7);
    assert_eq!(
        held.iter().take(6).map(total).collect::<Vec<_>>(),
        [5, 12, 24, 48, 132, 300]
    );
    let first =
        |ws: &[BTreeMap<Cell, u64>]| ws.iter().position(|w| w.contains_key(&k88)).map(|i| i + 1);
    assert_eq!(first(&free), Some(5));
    assert_eq!(first(&held), Some(7));
}

/// 05 T43 (L19054-19069, 19141-19242, Figs. 250-252): the classical tile sets behind the quantum
/// rook notation, on the empty board. `R(KR3,3) - [KR6,6]5`: the pure quadrant perimeter 3 from
/// (7,2,2) has 5 tiles, 7 with the end tiles (`...7`). `R(K4,4) - [K4,7]`: a linear move of
/// perimeter 3 in two planes, whose rectangle perimeters have 13 tiles each. `R(KB3,1) -
/// [KB3,3]7,7`: perimeter 2 in the horizontal and left vertical planes, 9-tile perimeters, 7 each
/// without their 2 end tiles, 13 distinct. Black's `R(QR4,4) - [Q4,4]`: perimeter 3 in the two
/// vertical planes, 13 tiles each. (The spreads chosen within these sets are quantum rules.)
#[test]
fn t43_quantum_rook_sets() {
    let pt = tables().planar(Family::Rook);
    let (s, d) = (wt("KR3,3"), wt("KR6,6"));
    assert_eq!((zab(s), zab(d)), ((7, 2, 2), (7, 5, 5)));
    let r = pt.routes(s, d)[0];
    let Route::Quadrant { quadrant, .. } = r else {
        panic!("a quadrant move")
    };
    assert_eq!(pt.pure_perimeter(s, quadrant as usize, 3).len(), 5);
    assert_eq!(perimeter_tiles(Family::Rook, s, &r, 3).len(), 7);
    // linear moves: per plane, the rectangle's perimeter
    let linear = |s: Cell, d: Cell, k: usize| -> Vec<Bits> {
        pt.routes(s, d)
            .iter()
            .map(|r| perimeter_tiles(Family::Rook, s, r, k))
            .collect()
    };
    let (s, d) = (wt("K4,4"), wt("K4,7"));
    let per = linear(s, d, 3);
    assert_eq!(per.iter().map(|b| b.len()).collect::<Vec<_>>(), [13, 13]);
    assert_eq!(per[0] & per[1], CellSet::from_iter([d]));
    let (s, d) = (wt("KB3,1"), wt("KB3,3"));
    assert_eq!((zab(s), zab(d)), ((5, 2, 0), (5, 2, 2)));
    assert_eq!(
        open_planes(&Position::empty(), Family::Rook, s, d),
        ["horizontal", "left vertical"]
    );
    let per = linear(s, d, 2);
    assert_eq!(per.iter().map(|b| b.len()).collect::<Vec<_>>(), [9, 9]);
    // "pure linear": without the two end tiles (no advance along the move's axis, b)
    let pure: Vec<Bits> = per
        .iter()
        .map(|b| b.iter().filter(|&c| Tile::of(c).b != 0).collect())
        .collect();
    assert_eq!(pure.iter().map(|b| b.len()).collect::<Vec<_>>(), [7, 7]);
    assert_eq!((pure[0] | pure[1]).len(), 13);
    let (s, d) = (bt("QR4,4"), bt("Q4,4"));
    assert_eq!((zab(s), zab(d)), ((0, 4, 4), (3, 4, 4)));
    assert_eq!(
        open_planes(&Position::empty(), Family::Rook, s, d),
        ["left vertical", "right vertical"]
    );
    let per = linear(s, d, 3);
    assert_eq!(per.iter().map(|b| b.len()).collect::<Vec<_>>(), [13, 13]);
}

/// 05 T44 (L19244-19287, Fig. 253): the knight on KB6,3 (5,5,2); the classical knight moves with
/// the largest dot product toward an attempted direction (the deflection rule's sets):
/// `[KR6,3]R` (up): 8, KR4,2 KR4,4 KR5,1 KR5,5 KR7,1 KR7,5 KR8,2 KR8,4; `[Q6,1]B`: 2, Q5,1 and
/// Q7,1; `[Q8,5]D`: 3, K8,5, Q7,5 and Q8,4.
#[test]
fn t44_knight_deflection_sets() {
    let from = wt("KB6,3");
    assert_eq!(zab(from), (5, 5, 2));
    let moves = destinations(&lone(piece(W, Kind::Knight), from, &[]), from);
    assert_eq!(moves.len(), 24);
    let s = Tile::of(from);
    let best = |toward: &str| -> Bits {
        let dir = s.offset_to(&Tile::of(wt(toward)));
        let dot = |c: Cell| {
            let o = s.offset_to(&Tile::of(c));
            o.0 as i32 * dir.0 as i32 + o.1 as i32 * dir.1 as i32 + o.2 as i32 * dir.2 as i32
        };
        let m = moves.iter().map(dot).max().unwrap();
        moves.iter().filter(|&c| dot(c) == m).collect()
    };
    let named = |v: &[&str]| -> Bits { v.iter().map(|n| wt(n)).collect() };
    assert_eq!(
        best("KR6,3"),
        named(&["KR4,2", "KR4,4", "KR5,1", "KR5,5", "KR7,1", "KR7,5", "KR8,2", "KR8,4"])
    );
    assert_eq!(best("Q6,1"), named(&["Q5,1", "Q7,1"]));
    assert_eq!(best("Q8,5"), named(&["K8,5", "Q7,5", "Q8,4"]));
}

/// 05 T45 (L19389-19406, Fig. 254): `S(Q1,1) - [Q5,5]17,17,5`. The stack on (3,0,0) is conjoined at
/// the q-tile Q5,5 (3,4,4): duke apex perimeter 2 in the major plane, bishop linear perimeter 4 in
/// two planes. The duke's perimeter-2 tiles are K4,4, KB3,3, Q5,5, QB4,4, QN3,3; the bishop's
/// perimeter tiles (17 per plane on an unbounded board) number 21 on the board: 5 x 21 = 105
/// realities, 1 of them (both on Q5,5) the failed fission. [C≠B] Without the 2 far end tiles KR1,5
/// and KR5,1: 19 bishop destinations, not the book's 18 (the classical fission count itself is
/// tested in stack.rs).
#[test]
fn t45_quantum_fission_counts() {
    let (s, q) = (wt("Q1,1"), wt("Q5,5"));
    assert_eq!((zab(s), zab(q)), ((3, 0, 0), (3, 4, 4)));
    assert_eq!(routes(Family::Duke, s, q), ["apex 2"]);
    assert_eq!(routes(Family::Bishop, s, q), ["linear 4", "linear 4"]);
    let dr = tables().planar(Family::Duke).routes(s, q)[0];
    assert_eq!(
        tables().plane_name(
            Family::Duke,
            tables().planar(Family::Duke).route_plane(&dr),
            W
        ),
        "major"
    );
    let duke = perimeter_tiles(Family::Duke, s, &dr, 2);
    let named: Bits = ["K4,4", "KB3,3", "Q5,5", "QB4,4", "QN3,3"]
        .iter()
        .map(|n| wt(n))
        .collect();
    assert_eq!(duke, named);
    let bishop = tables()
        .planar(Family::Bishop)
        .routes(s, q)
        .iter()
        .fold(CellSet::EMPTY, |acc, r| {
            acc | perimeter_tiles(Family::Bishop, s, r, 4)
        });
    assert_eq!(bishop.len(), 21);
    let realities = duke.len() * bishop.len();
    assert_eq!(realities, 105);
    let failed = duke
        .iter()
        .flat_map(|x| bishop.iter().map(move |y| (x, y)))
        .filter(|&(x, y)| x == q && y == q)
        .count();
    assert_eq!(failed, 1);
    let ends = [wt("KR1,5"), wt("KR5,1")];
    assert!(ends.iter().all(|&c| bishop.contains(c)));
    assert_eq!(bishop.len() - ends.len(), 19);
}

/// 05 T47 (L19694-19766, Fig. 260): the oscillating rook. From KR3,3 (7,2,2) it alternates pure
/// quadrant moves of perimeter 2 (3 tiles) forward and back; after move 3: 27 histories on 12 tiles,
/// weight 1 on KR3,5 KR3,6 KR5,3 KR5,6 KR6,3 KR6,5, 2 on KR4,4 KR4,6 KR6,4, 5 on KR4,5 KR5,4
/// KR5,5. [C≠B] The book's equation (11) lists KR5,5 twice; the second is KR5,4.
#[test]
fn t47_oscillating_rook() {
    let start = wt("KR3,3");
    assert_eq!(zab(start), (7, 2, 2));
    let fwd = [(0, 2, 1), (0, 2, 2), (0, 1, 2)];
    let back = fwd.map(|(z, a, b)| (-z, -a, -b));
    let rook = piece(W, Kind::Rook);
    let mut w: BTreeMap<Cell, u64> = BTreeMap::from([(start, 1)]);
    for k in 0..3 {
        let offs = if k % 2 == 0 { fwd } else { back };
        let mut next = BTreeMap::new();
        for (&c, &h) in &w {
            let x = Tile::of(c);
            for d in destinations(&lone(rook, c, &[]), c) {
                if offs.contains(&x.offset_to(&Tile::of(d))) {
                    *next.entry(d).or_insert(0) += h;
                }
            }
        }
        w = next;
    }
    assert_eq!(w.values().sum::<u64>(), 27);
    assert_eq!(w.len(), 12);
    let expect: [(&[&str], u64); 3] = [
        (&["KR3,5", "KR3,6", "KR5,3", "KR5,6", "KR6,3", "KR6,5"], 1),
        (&["KR4,4", "KR4,6", "KR6,4"], 2),
        (&["KR4,5", "KR5,4", "KR5,5"], 5),
    ];
    for (names, weight) in expect {
        for n in names {
            assert_eq!(w.get(&wt(n)), Some(&weight), "{n}");
        }
    }
}
