//! Audit of the test vectors of the Goff digests 03 (stack and pawn) and 04 (king, en passant,
//! castling): every row, the test that checks it, and tests here for what no other file asserted.
//! Rows are cited as in the digests (`03 §4 Stack 10`, `04 §3.3 Fig 122`). "+" joins an existing
//! test (counts) with the test here (the row's remaining numbers). `file::function`; this file is
//! `vectors`.
//!
//! | row | checked by |
//! |---|---|
//! | 03 §4 base: rook QR1,1 168 = 147 (21 apex) + 21 linear | rook_bishop::rook_168_everywhere |
//! | 03 §4 base: bishop QR1,1 84 = 63 (9 apex) + 21; K4,4 147 | rook_bishop::bishop_84_to_147 |
//! | 03 §4 base: duke 79 / 115 | duke_queen_knight::duke_79_and_115 |
//! | 03 §4 base: queen 289 / 355 | duke_queen_knight::queen_tables_4_and_5 |
//! | 03 §4 base: overlap q 9/15, F 3/12, brook 12/24, hotspot 9/9 | duke_queen_knight::queen_tables_4_and_5 (columns) |
//! | 03 §4 Stack 1 (94, 79, 14, 159; 9 q + 5 F) | stack::stack_1_from_kb11, duke_queen_knight::stack_home_projection |
//! | 03 §4 Stack 2 (12/27, 151/235; 2.35 %, 5.28 %, 29.5 %, 46.0 %; /511) | stack::stack_2_corner_and_centre + vectors::stack_2_ppr_over_511 |
//! | 03 §4 Stack 3 (start: no stack move) | stack::stack_3_start_position |
//! | 03 §4 Stack 4 (Fig 76: upleft, edge quadrant, 3x3 apex, q-tiles KN5,1 and K3,1) | stack::stack_4_fig_76_duke_decay + vectors::stack_4_fig_76_upleft_edge_quadrant_apex |
//! | 03 §4 Stack 5 (Fig 77: Black rightward, perimeter 4, not overlap) | stack::stack_5_fig_77_bishop_decay + vectors::stack_5_fig_77_black_rightward_perimeter_4 |
//! | 03 §4 Stack 6 (Fig 78: duplex major+minor, gold, blockers; B r D@Q8,6 by 4x4) | stack::stack_6_fig_78_recombination + vectors::stack_6_fig_78_duplex_planes_and_colours |
//! | 03 §4 Stack 7 (Fig 79: K2,2 black, gold) | stack::stack_7_fig_79_cross_stack_tile |
//! | 03 §4 Stack 8 (Fig 80: downleft, face, perimeter 4, 2 tiles off, gold-black) | stack::stack_8_fig_80_duke_teleport + vectors::stack_8_fig_80_teleport_geometry_and_colours |
//! | 03 §4 Stack 9 (Fig 81: rightward 7x7, i=6 j=1, 2 of 3 F off, silver-white) | stack::stack_9_fig_81_bishop_teleport + vectors::stack_9_fig_81_teleport_geometry_and_colours |
//! | 03 §4 Stack 10 (Fig 82: duke 5, bishop 19 not the book's 18, 94 not 89, the 19 names) | stack::stack_10_fig_82_fission_q_tile |
//! | 03 §4 Stack 10 (quantum retelling: 21 bishop, 5 duke, 105) | vectors::stack_10_quantum_21_and_105; the spread "17,17,5" is quantum notation (05 T45), not tested here |
//! | 03 §4 Stack 11 (Fig 83: 5 bishop, 7 duke, 34, F = KN6,6) | stack::stack_11_fig_83_fission_feynman |
//! | 03 §4 Stack 12 (fission takes KN4,4 past blocked decays) | stack::stack_12_fission_captures_end_tile |
//! | 03 §4 Stack 13 (fusion notation = reverse of the fission QR3,3 via K5,5) | vectors::stack_13_fusion_is_reverse_fission (fusion itself is not a move, 03 A5) |
//! | 03 §4 Stack 14 (QN3,3 -> KB5,5 Feynman; Black Q3,3 -> Q7,7 q-tile; Black Q3,3 <-> KR1,1 pair) | stack::stack_14_split_stack_gambit_moves + vectors::stack_14_black_feynman_pair |
//! | 03 §4 Stack 15 (stack exposure: b-decay perimeter 7 in both outward planes, queen recaptures) | vectors::stack_15_stack_exposure |
//! | 03 §4 Stack 16 (KB1,1 -> Q3,3 not one move; fission + recombination) | stack::stack_16_trick_question + vectors::stack_16_fission_then_recombination |
//! | 03 §4 Stack 17 (fissions 558 / 289 / 231 / 304 / 430) | stack::stack_17_fission_counts |
//! | 03 §4 Pawn: 14 capture tiles from KB3,3 by name | pawn::fourteen_capture_tiles_from_kb33 |
//! | 03 §4 Pawn: Fig 88 (12 apex, 2 lit; 10 edge, 4 lit) | vectors::pawn_fig_88_forward_planes |
//! | 03 §4 Pawn: Fig 89 (12 apex, 4 lit; 10 edge, 5 lit) | vectors::pawn_fig_89_outward_planes |
//! | 03 §4 Pawn: PPR 3-8 (0.59-1.57 %), 14 (2.74 %), 48 (9.39 %), 10 (1.96 %) | pawn::advances_single_and_double, pawn::unshackled_advance_48, pawn::unshackled_captures_10 + vectors::pawn_ppr_table_10 |
//! | 03 §4 Pawn: start coverage (torque 48; 14+12+8 = 34, 425 %; 28, 175 %; 28/40 70 %, 36/40 90 %; 0) | vectors::pawn_start_position_coverage |
//! | 03 §4 Pawn: Fig 87a | pawn::fig_87a_unshackled |
//! | 03 §4 Pawn: Fig 87b-like | pawn::fig_87b_back_plane_blocking |
//! | 03 §4 Pawn: static standoff | pawn::static_standoff |
//! | 03 §4 Pawn: mutual bead, dynamic standoff | pawn::mutual_bead_and_dynamic_standoff |
//! | 03 §4 Pawn: uplift S only, own knight blocks, choices Q R B D S N | pawn::promotion_and_uplift |
//! | 03 §2.1 start stacks white-gold, black-silver / white-silver, black-gold | vectors::stack_2_1_start_stack_colours |
//! | 03 §2.2 overlap offsets (2k,2k,0) / (2k,2k,4k), planes 2+1 / 1+1, = stack moves | vectors::stack_2_2_overlap_tiles |
//! | 03 §3.1 rays 5/7 and 2/6, non-virtual quadrants 6/24 and 1/24 | vectors::pawn_3_1_rays_and_virtual_quadrants |
//! | 03 §3.2 advances 3 / 8, blocking | pawn::advances_single_and_double, pawn::advance_blocking |
//! | 03 §3.4 blocking sets | pawn::capture_blocking_sets, pawn::pawn_gives_check |
//! | 03 §3.4 11 + 1 + 2 = 14; duke-colour facts | vectors::pawn_3_4_capture_kinds_and_duke_colours |
//! | 03 §3.5 unshackled captures (10 / 9; Fig 101; duplex unblockable) | pawn::unshackled_captures_10, pawn::fig_101_fork, pawn::unshackled_duplex_capture_unblockable |
//! | 03 §3.6 promotion tiles gold (even) / silver (odd) for White | vectors::pawn_3_6_promotion_tile_colours |
//! | 03 §3.7 promotion distance 12 / 6 / 5 / 7 / 6 | vectors::pawn_3_7_promotion_distance |
//! | 04 §1.4 26 / 7 (5.09 %, 1.37 %) | king_check::king_26_and_7, duke_queen_knight::ppr_percentages, vectors::king_table_12_ppr |
//! | 04 §1.4 apex tiles 0 + 24 + 18 = 42 | king_check::perimeter_1_apex_tiles_42 |
//! | 04 §1.4 natural rule 68 (13.3 %) | king_check::perimeter_1_apex_tiles_42 + vectors::king_table_12_ppr |
//! | 04 §1.4 Table 12 adjacent / natural / linear 5.09 / 13.3 / 5.09 % | vectors::king_table_12_ppr; the 2D column (12.7 % = 8/63) is not testable: a 2D king |
//! | 04 §1.4 Table 11 adjacent 7 / 11 / 17 / 26 | king_check::king_neighbours_by_position |
//! | 04 §1.4 Table 11 linear 4 / 6 / 8 / 10, same along an edge / face | king_check::table_11_hems (hems exist) + vectors::king_table_11_linear_minimum_hems (minimum, every edge and face tile) |
//! | 04 §1.4 Table 11 natural 4 / 7 / 10 / 14 | not testable: the natural rule is rejected and not implemented; the digest does not reproduce the book's figures (04 A13) |
//! | 04 §1.4 Fig 111 profiles 2+1 / 3+2+0 / 4+4+1, 6 / 2 / 4 hems | vectors::king_fig_111_adjacent_hems |
//! | 04 §1.4 open king 3 face / 4 edge / 4 vertex / 6 face+edge | king_check::blocking_by_ray_type + vectors::king_fig_112_open_king_blocks_by_ray_type |
//! | 04 §1.4 fencing 9 / 15 / 19 | king_check::fencing, king_check::fencing_two_rooks |
//! | 04 §1.4 example optimal hems | king_check::table_11_hems |
//! | 04 §1.4 Figs 108-110 step planes | king_check::king_step_planes |
//! | 04 §2 two-rook mate | king_check::two_rook_mate |
//! | 04 §2 stalemate | king_check::stalemate |
//! | 04 §3.3 Fig 117 | en_passant::fig_117_direct |
//! | 04 §3.3 Fig 118 (4 e.p.; regular reduced; fictitious slings; 6 blocked) | en_passant::fig_118_predator_sling + vectors::ep_fig_118_predators_slings_and_blockers |
//! | 04 §3.3 Fig 119 (dart; regular bead) | en_passant::fig_119_120_dart_reduced + vectors::ep_fig_119_dart_and_bead |
//! | 04 §3.3 Fig 120 (reduced, both squares; slings before) | en_passant::fig_119_120_dart_reduced + vectors::ep_fig_120_reduced_and_slings_before |
//! | 04 §3.3 Fig 121 (direct; regular reduced) | en_passant::fig_121_124_end_tile + vectors::ep_fig_121_direct_and_regular_reduced |
//! | 04 §3.3 Fig 122 (4 e.p.; regular direct; A8 erratum) | en_passant::fig_121_124_end_tile + vectors::ep_fig_122_predators_slings_and_erratum |
//! | 04 §3.3 Fig 123 (dart; no regular capture) | en_passant::fig_121_124_end_tile + vectors::ep_fig_123_dart_no_regular_capture |
//! | 04 §3.3 Fig 124 (reduced; direct before, no attack on the lower) | en_passant::fig_121_124_end_tile + vectors::ep_fig_124_reduced_not_symmetric |
//! | 04 §3.3 Fig 125 (4 moves; regular reduced) | en_passant::fig_125_127_between_tile + vectors::ep_fig_125_four_moves_and_regular_reduced |
//! | 04 §3.3 Fig 126, Fig 127, computed row (KR4,4 alone: none) | en_passant::fig_125_127_between_tile |
//! | 04 §3.3 greedy opening 6. P x KB6,6 e.p. | games::greedy_opening |
//! | 04 §5.6 row 1: 36 castles (3, 3, 6, 6, 18) | castling::home_column_36_castles_per_colour |
//! | 04 §5.6 row 2: White duke QN1,5 | castling::fig135_white_duke_blocks_royal_queen_side_in_plane_a0 |
//! | 04 §5.6 row 3: Black bishop QR1,6 | castling::fig135_black_bishop_blocks_royal_queen_side_in_plane_a7 |
//! | 04 §5.6 row 4: through check by a bishop on (5,2,2) | castling::through_check_bishop_on_5_2_2, castling::through_check_black_mirror |
//! | 04 §5.6 row 5: Figs 131-133 | castling::figs_131_133_rook_planes_and_squares, castling::explicit_destinations_in_coordinates + vectors::castling_fig_131_133_rook_rectangles |
//! | 04 §5.6 rows 6-7: greedy opening castles, 7. B-QB2,3 | games::greedy_opening_castling_claims |
//! | 04 §5.6 row 8: knight's gambit 9. CK1,2 | games::knights_gambit |
//!
//! No row disagrees with the engine. Not tested anywhere: the 2D column of Table 12, the natural
//! rule of Table 11, the quantum spread "17,17,5" of Stack 10.

mod common;

use common::*;
use spacechess_geometry::{Cell, Route};
use spacechess_goff::fission::structures;
use spacechess_goff::movegen::{covers, en_passant, legal_destinations};
use spacechess_goff::power::projection;
use spacechess_goff::tables::{tables, Bits, Family};
use spacechess_goff::tile::zab;
use spacechess_goff::{Goff, Kind, Move, Piece, Position, Tile};
use spacechess_variant::{Player, Variant};

type Z = (i8, i8, i8);

fn z(c: Cell) -> Z {
    let x = Tile::of(c);
    (x.z, x.a, x.b)
}

fn tz(x: Z) -> Cell {
    t(x.0, x.1, x.2)
}

fn add(a: Z, b: Z) -> Z {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

fn on_board(x: Z) -> bool {
    Tile::new(x.0, x.1, x.2).on_board()
}

fn book(name: &str, p: Player) -> Cell {
    Tile::parse_book(name, p).unwrap().cell()
}

fn pct(n: usize, d: usize, places: usize) -> String {
    format!("{:.*}", places, 100.0 * n as f64 / d as f64)
}

fn all_moves(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    Goff::new().legal_moves(p, &mut v);
    v
}

fn moves_from(p: &Position, from: Z) -> Vec<Move> {
    let mut v = all_moves(p);
    v.retain(|m| m.from == tz(from));
    v
}

/// The routes of `f` from `from` to `to` on the empty board, with the plane's White name.
fn routes(f: Family, from: Z, to: Z) -> Vec<(Route, &'static str)> {
    let pt = tables().planar(f);
    pt.routes(tz(from), tz(to))
        .iter()
        .map(|r| (*r, tables().plane_name(f, pt.route_plane(r), W)))
        .collect()
}

/// The rays of a quadrant as (dz, da, db).
fn quadrant_rays(f: Family, q: usize) -> (Z, Z) {
    let fam = tables().planar(f).family();
    let quad = fam.quadrants[q];
    (zab(&fam.rays[quad.e1]), zab(&fam.rays[quad.e2]))
}

// ---------------------------------------------------------------------------------------------
// 03 §4 Stack
// ---------------------------------------------------------------------------------------------

/// The whole-stack moves and the decays of a lone stack (no fission).
fn stack_split(p: &Position, s: Z) -> (usize, Vec<Cell>) {
    let v: Vec<Move> = moves_from(p, s)
        .into_iter()
        .filter(|m| m.fission.is_none())
        .collect();
    let whole = v.iter().filter(|m| m.part.is_none()).count();
    let mut tiles: Vec<Cell> = v.iter().map(|m| m.to).collect();
    tiles.sort();
    tiles.dedup();
    (whole, tiles)
}

/// 03 §4 Stack 2 (B, L7882-7897): as a stack 12 tiles from the corner and 27 from the centre, PPR
/// 2.35 % / 5.28 %; either piece 151 (29.5 %) and 235 (46.0 %). The percentages are over 511 (the
/// book writes "/512", which would give 2.34 % / 5.27 %).
#[test]
fn stack_2_ppr_over_511() {
    let corner = stack_split(&pos(&[(W, Kind::Stack, (0, 0, 0))], W), (0, 0, 0));
    let centre = stack_split(&pos(&[(W, Kind::Stack, (3, 3, 3))], W), (3, 3, 3));
    assert_eq!((corner.0, centre.0), (12, 27));
    assert_eq!((corner.1.len(), centre.1.len()), (151, 235));
    assert_eq!(
        (pct(corner.0, 511, 2), pct(centre.0, 511, 2)),
        ("2.35".into(), "5.28".into())
    );
    assert_eq!(
        (pct(corner.0, 512, 2), pct(centre.0, 512, 2)),
        ("2.34".into(), "5.27".into())
    );
    assert_eq!(
        (pct(corner.1.len(), 511, 1), pct(centre.1.len(), 511, 1)),
        ("29.5".into(), "46.0".into())
    );
}

/// 03 §4 Stack 4 (B, Fig 76, L7033-7059): the duke of the QB stack goes QB1,1 -> KN5,1 = (2,0,0)
/// -> (6,4,0) in the upleft plane, as the apex (i = j = 2) of a 3x3 square of an edge quadrant;
/// the tile is a q-tile (offset 2k e, k = 2) and (C) the perimeter-1 q-tile K3,1 = (4,2,0) lies
/// the same way.
#[test]
fn stack_4_fig_76_upleft_edge_quadrant_apex() {
    let r = routes(Family::Duke, (2, 0, 0), (6, 4, 0));
    assert_eq!(r.len(), 1, "{r:?}");
    let (route, plane) = r[0];
    assert_eq!(plane, "upleft");
    let Route::Quadrant { quadrant, i, j } = route else {
        panic!("not a quadrant move: {route:?}")
    };
    assert_eq!((i, j), (2, 2));
    let (e1, e2) = quadrant_rays(Family::Duke, quadrant as usize);
    let sum = add(e1, e2);
    // an edge quadrant: its apex direction has one zero coordinate
    assert_eq!([sum.0, sum.1, sum.2].iter().filter(|&&c| c == 0).count(), 1);
    assert_eq!(sum, (2, 2, 0));
    // the bishop reaches it linearly along the edge ray (1,1,0): a q-tile, as does K3,1
    for to in [(6, 4, 0), (4, 2, 0)] {
        assert!(routes(Family::Bishop, (2, 0, 0), to)
            .iter()
            .any(|(r, _)| matches!(r, Route::Linear { .. })));
    }
}

/// 03 §4 Stack 5 (B, Fig 77, L7094-7123): Black's QB stack (2,7,7) emits its bishop to Black KN4,8
/// = White KN5,1 = (6,4,0) in Black's rightward plane (White's leftward) at perimeter 4 (a 5x5
/// square); the tile is not an overlap tile (no duke route).
#[test]
fn stack_5_fig_77_black_rightward_perimeter_4() {
    let pt = tables().planar(Family::Bishop);
    let r = pt.routes(t(2, 7, 7), t(6, 4, 0));
    assert_eq!(r.len(), 1);
    let plane = pt.route_plane(&r[0]);
    assert_eq!(tables().plane_name(Family::Bishop, plane, B), "rightward");
    assert_eq!(tables().plane_name(Family::Bishop, plane, W), "leftward");
    let Route::Quadrant { i, j, .. } = r[0] else {
        panic!("not a quadrant move")
    };
    assert_eq!(i.max(j), 4);
    assert!(routes(Family::Duke, (2, 7, 7), (6, 4, 0)).is_empty());
    let p = pos(&[(B, Kind::Stack, (2, 7, 7))], B);
    let g = Goff::new();
    let m = g.parse_move(&p, "SB - KN4,8").unwrap();
    assert_eq!((m.to, m.part), (t(6, 4, 0), Some(Kind::Bishop)));
}

/// 03 §4 Stack 6 (B/C, Fig 78, L7142-7195): the gold duke on QN1,1 -> KB1,1 is a duplex move of
/// perimeter 2 in the major and minor planes, both tiles gold; a man on QB1,1 or K1,1 does not
/// block, a man on Q1,1 blocks both squares. Black's white bishop joins its duke on Black Q1,3 =
/// White Q8,6 by a 4x4 square (perimeter 3; the book gives no source, one is chosen here).
#[test]
fn stack_6_fig_78_duplex_planes_and_colours() {
    assert_eq!(Tile::new(1, 0, 0).duke_colour(), "gold");
    assert_eq!(Tile::new(5, 0, 0).duke_colour(), "gold");
    let mut r = routes(Family::Duke, (1, 0, 0), (5, 0, 0));
    r.sort_by_key(|x| x.1);
    assert_eq!(
        r.iter().map(|x| x.1).collect::<Vec<_>>(),
        ["major", "minor"]
    );
    for (route, _) in &r {
        assert!(
            matches!(*route, Route::Quadrant { i: 2, j: 2, .. }),
            "{route:?}"
        );
    }
    let base = [(W, Kind::Duke, (1, 0, 0)), (W, Kind::Bishop, (5, 0, 0))];
    let p = pos(&base, W);
    assert_eq!(
        open_planes(&p, Family::Duke, t(1, 0, 0), t(5, 0, 0)),
        ["major", "minor"]
    );
    for (blocker, open) in [((2, 0, 0), 2), ((4, 0, 0), 2), ((3, 0, 0), 0)] {
        let mut men = base.to_vec();
        men.push((W, Kind::Knight, blocker));
        let q = pos(&men, W);
        assert_eq!(
            open_planes(&q, Family::Duke, t(1, 0, 0), t(5, 0, 0)).len(),
            open,
            "{blocker:?}"
        );
        assert_eq!(can(&q, t(1, 0, 0), t(5, 0, 0)), open > 0);
    }
    // Black's white bishop onto his duke on Black Q1,3 by a perimeter-3 quadrant move.
    let target = book("Q1,3", B);
    assert_eq!(z(target), (3, 7, 5));
    assert!(Tile::of(target).is_white());
    let source = Position::board()
        .iter()
        .find(|&c| {
            tables()
                .planar(Family::Bishop)
                .routes(c, target)
                .iter()
                .any(|r| matches!(*r, Route::Quadrant { i, j, .. } if i.max(j) == 3))
        })
        .unwrap();
    let p = pos(
        &[(B, Kind::Bishop, z(source)), (B, Kind::Duke, (3, 7, 5))],
        B,
    );
    let g = Goff::new();
    let m = g.parse_move(&p, "B r D@Q1,3").unwrap();
    assert_eq!((m.from, m.to), (source, target));
    assert_eq!(
        g.play(&p, &m).piece_at(target),
        Some(Piece {
            player: B,
            kind: Kind::Stack
        })
    );
}

/// 03 §4 Stack 8 (B, Fig 80, L7427-7441): the duke teleport Q5,1 -> QR8,6 = (3,4,0) -> (0,7,5) is a
/// perimeter-4 move of a face quadrant in the downleft plane, 2 of whose 5x5 tiles are off the
/// board; the source is white-gold, the target a black-bishop tile, the new stack gold-black.
#[test]
fn stack_8_fig_80_teleport_geometry_and_colours() {
    let r = routes(Family::Duke, (3, 4, 0), (0, 7, 5));
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].1, "downleft");
    let Route::Quadrant { quadrant, i, j } = r[0].0 else {
        panic!("not a quadrant move")
    };
    assert_eq!(i.max(j), 4);
    let (e1, e2) = quadrant_rays(Family::Duke, quadrant as usize);
    let sum = add(e1, e2);
    // a face quadrant: the apex direction has two zero coordinates
    assert_eq!([sum.0, sum.1, sum.2].iter().filter(|&&c| c == 0).count(), 2);
    let square = tables()
        .planar(Family::Duke)
        .square(t(3, 4, 0), quadrant as usize, 4)
        .unwrap();
    assert_eq!(square.len(), 5 * 5 - 1 - 2);
    let (s, x) = (Tile::new(3, 4, 0), Tile::new(0, 7, 5));
    assert!(s.is_white() && s.duke_colour() == "gold");
    assert!(!x.is_white());
    // the stack formed on the target: its bishop black, its duke gold (the duke's colour is the
    // tile's, 03 §2.1)
    assert_eq!(x.duke_colour(), "gold");
}

/// 03 §4 Stack 9 (B, Fig 81, L7449-7466): the bishop teleport KR1,1 -> QN8,2 = (7,0,0) -> (1,7,1)
/// runs in the rightward plane through a 7x7 square (i = 6, j = 1), whose 3 Feynman tiles (the
/// apexes at perimeters 2, 4, 6) are 2 off the board; the dukes are gold -> silver, the new stack
/// silver-white.
#[test]
fn stack_9_fig_81_teleport_geometry_and_colours() {
    let r = routes(Family::Bishop, (7, 0, 0), (1, 7, 1));
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].1, "rightward");
    let Route::Quadrant { quadrant, i, j } = r[0].0 else {
        panic!("not a quadrant move")
    };
    assert_eq!((i.max(j), i.min(j)), (6, 1));
    let (e1, e2) = quadrant_rays(Family::Bishop, quadrant as usize);
    let feynman: Vec<Z> = (1..=3)
        .map(|k| {
            let d = add(e1, e2);
            add((7, 0, 0), (2 * k * d.0, 2 * k * d.1, 2 * k * d.2))
        })
        .collect();
    assert_eq!(feynman.iter().filter(|&&f| !on_board(f)).count(), 2);
    // the one on the board is a stack-move tile of a stack on KR1,1
    let on: Vec<&Z> = feynman.iter().filter(|&&f| on_board(f)).collect();
    let p = pos(&[(W, Kind::Stack, (7, 0, 0))], W);
    assert!(moves_from(&p, (7, 0, 0))
        .iter()
        .any(|m| m.part.is_none() && m.fission.is_none() && m.to == tz(*on[0])));
    let (s, x) = (Tile::new(7, 0, 0), Tile::new(1, 7, 1));
    assert_eq!((s.duke_colour(), x.duke_colour()), ("gold", "silver"));
    assert!(s.is_white() && x.is_white());
}

/// 03 §4 Stack 10 (B, Fig 254 retelling, L19395-19406): the quantum count of the Fig 82 fission is
/// 21 bishop and 5 duke realities, 105 in all: the engine's 19 bishop tiles plus the two on-board
/// rectangle end tiles KR1,5 = (7,0,4) and KR5,1 = (7,4,0), which fission itself excludes (A1).
#[test]
fn stack_10_quantum_21_and_105() {
    let s = t(3, 0, 0);
    let cj = structures(s)
        .iter()
        .find(|c| c.f == t(3, 4, 4) && c.duke.len() == 5)
        .unwrap();
    let mut bishop: Vec<Cell> = cj.bishop.iter().map(|(c, _)| *c).collect();
    bishop.sort();
    bishop.dedup();
    assert_eq!(bishop.len(), 19);
    let ends = [book("KR1,5", W), book("KR5,1", W)];
    assert_eq!(ends.map(z), [(7, 0, 4), (7, 4, 0)]);
    for e in ends {
        assert!(!bishop.contains(&e));
        // S + 2k v with k = 2, v = (1,0,1) or (1,1,0): a rectangle end tile of the linear move to
        // Q5,5 along (0,1,1)
        let d = Tile::of(s).offset_to(&Tile::of(e));
        assert!(d == (4, 0, 4) || d == (4, 4, 0), "{d:?}");
        // and the bishop reaches it (linearly) on the empty board
        assert!(projection(Kind::Bishop, s).contains(e));
    }
    let quantum_bishop = bishop.len() + ends.len();
    assert_eq!(quantum_bishop, 21);
    assert_eq!(quantum_bishop * cj.duke.len(), 105);
}

/// 03 §4 Stack 13 (C): the fusion notation `Q5,4 KB4,4 f QR3,3` is exactly the reverse of a
/// Feynman-conjoined fission from QR3,3 = (0,2,2) through F = K5,5 = (4,4,4): the bishop to Q5,4,
/// the duke to KB4,4.
#[test]
fn stack_13_fusion_is_reverse_fission() {
    let s = book("QR3,3", W);
    let (f, bq, dq) = (book("K5,5", W), book("Q5,4", W), book("KB4,4", W));
    let d = Tile::of(s).offset_to(&Tile::of(f));
    let mut m = [d.0.abs(), d.1.abs(), d.2.abs()];
    m.sort();
    assert_eq!(m, [2, 2, 4], "F is a Feynman tile");
    let cj = structures(s).iter().find(|c| c.f == f).unwrap();
    assert!(cj.bishop.iter().any(|(c, _)| *c == bq));
    assert!(cj.duke.iter().any(|(c, _)| *c == dq));
    let p = pos(&[(W, Kind::Stack, z(s))], W);
    let fission = moves_from(&p, z(s))
        .into_iter()
        .find(|m| m.to == bq && m.fission == Some(dq))
        .expect("the fission S f B@Q5,4, D@KB4,4");
    let after = Goff::new().play(&p, &fission);
    assert_eq!(after.piece_at(bq).unwrap().kind, Kind::Bishop);
    assert_eq!(after.piece_at(dq).unwrap().kind, Kind::Duke);
}

/// 03 §4 Stack 14 (B, L15123-15127): Black's Q3,3 = (3,5,5) and KR1,1 = (7,7,7) form a Feynman pair:
/// a stack on either reaches the other by a stack move, offset (4,2,2).
#[test]
fn stack_14_black_feynman_pair() {
    let (a, b) = (book("Q3,3", B), book("KR1,1", B));
    assert_eq!((z(a), z(b)), ((3, 5, 5), (7, 7, 7)));
    assert_eq!(Tile::of(a).offset_to(&Tile::of(b)), (4, 2, 2));
    for (from, to) in [(a, b), (b, a)] {
        let p = pos(&[(B, Kind::Stack, z(from))], B);
        assert!(moves_from(&p, z(from))
            .iter()
            .any(|m| m.to == to && m.part.is_none() && m.fission.is_none()));
    }
}

/// 03 §4 Stack 15 (C, L17074-17123, Figs 223-224): after both QB pawns step to end tiles (White
/// QB2,2 -> QB3,2, Black QB2,2 -> QB3,2 in his notation) the QB stacks attack each other by bishop
/// decay along (0,1,1), a linear move of perimeter 7 open in both outward planes; after White's
/// SB x S, Black's queen recaptures by a one-step vertical rook linear move, open in both vertical
/// planes.
#[test]
fn stack_15_stack_exposure() {
    let g = Goff::new();
    let mut p = Position::start();
    for (text, from, to) in [
        ("P - QB3,2", (2, 1, 1), (2, 2, 1)),
        ("P - QB3,2", (2, 6, 6), (2, 5, 6)),
    ] {
        let m = g.parse_move(&p, text).unwrap();
        assert_eq!((m.from, m.to), (tz(from), tz(to)));
        p = g.play(&p, &m);
    }
    let r = routes(Family::Bishop, (2, 0, 0), (2, 7, 7));
    assert!(r
        .iter()
        .all(|(route, _)| matches!(*route, Route::Linear { k: 7, .. })));
    assert_eq!(
        open_planes(&p, Family::Bishop, t(2, 0, 0), t(2, 7, 7)),
        ["leftward", "rightward"]
    );
    let mut q = p.clone();
    q.set_to_move(B);
    assert_eq!(
        open_planes(&q, Family::Bishop, t(2, 7, 7), t(2, 0, 0)),
        ["leftward", "rightward"]
    );
    let m = g.parse_move(&p, "SB x QB8,8").unwrap();
    assert_eq!(
        (m.from, m.to, m.part),
        (t(2, 0, 0), t(2, 7, 7), Some(Kind::Bishop))
    );
    let p = g.play(&p, &m);
    assert!(moves_from(&q, (2, 7, 7))
        .iter()
        .any(|m| m.to == t(2, 0, 0) && m.part == Some(Kind::Bishop)));
    let recapture = g.parse_move(&p, "Q x QB1,1").unwrap();
    assert_eq!((recapture.from, recapture.to), (t(3, 7, 7), t(2, 7, 7)));
    let r = routes(Family::Rook, (3, 7, 7), (2, 7, 7));
    assert!(r
        .iter()
        .all(|(route, _)| matches!(*route, Route::Linear { k: 1, .. })));
    assert_eq!(
        open_planes(&p, Family::Rook, t(3, 7, 7), t(2, 7, 7)),
        ["left vertical", "right vertical"]
    );
}

/// 03 §4 Stack 16 (C, L6998-7001): Black's stack on his KB1,1 = (5,7,7) reaches his Q3,3 = (3,5,5)
/// in two moves on an empty board: a fission that puts the duke on Q3,3 and the bishop on his
/// K6,5 = (4,2,3), then the bishop's recombination onto the duke.
#[test]
fn stack_16_fission_then_recombination() {
    let g = Goff::new();
    let (s, dq, bq) = (book("KB1,1", B), book("Q3,3", B), book("K6,5", B));
    assert_eq!((z(s), z(dq), z(bq)), ((5, 7, 7), (3, 5, 5), (4, 2, 3)));
    let p = pos(&[(B, Kind::Stack, z(s))], B);
    let m = moves_from(&p, z(s))
        .into_iter()
        .find(|m| m.to == bq && m.fission == Some(dq))
        .expect("the fission S f B@K6,5, D@Q3,3");
    let mut p = g.play(&p, &m);
    p.set_to_move(B);
    let r = g.parse_move(&p, "B r D@Q3,3").unwrap();
    assert_eq!((r.from, r.to), (bq, dq));
    let after = g.play(&p, &r);
    assert_eq!(
        after.piece_at(dq),
        Some(Piece {
            player: B,
            kind: Kind::Stack
        })
    );
    assert_eq!(after.occupied().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// 03 §4 Pawn and the pawn facts of 03 §3
// ---------------------------------------------------------------------------------------------

fn pawn(p: Player) -> Piece {
    Piece {
        player: p,
        kind: Kind::Pawn,
    }
}

/// The tiles a lone pawn of `p` on `s` covers on the empty board.
fn capture_tiles(p: Player, s: Z) -> Vec<Z> {
    let empty = Position::empty().occupied();
    Position::board()
        .iter()
        .filter(|&c| c != tz(s) && covers(pawn(p), tz(s), c, &empty))
        .map(z)
        .collect()
}

/// A White offset recedes if it lowers a or b (03 §3.1 recede test).
fn recedes(d: Z) -> bool {
    d.1 < 0 || d.2 < 0
}

/// The perimeter-1 tiles of the bishop planes named `names` (White's names) from `s`: (apex tiles,
/// non-dimmed apex tiles, edge tiles, non-dimmed edge tiles); a tile is dimmed unless it belongs to
/// a quadrant none of whose rays recedes (03 §3.1; Figs 88-89).
fn bishop_perimeter_1(s: Z, names: [&str; 2]) -> [Vec<Z>; 4] {
    let fam = tables().planar(Family::Bishop).family();
    let (mut apex, mut apex_lit, mut edge, mut edge_lit) = (vec![], vec![], vec![], vec![]);
    for (q, quad) in fam.quadrants.iter().enumerate() {
        if !names.contains(&tables().plane_name(Family::Bishop, quad.plane, W)) {
            continue;
        }
        let (e1, e2) = quadrant_rays(Family::Bishop, q);
        let lit = !recedes(e1) && !recedes(e2);
        apex.push(add(s, add(e1, e2)));
        edge.extend([add(s, e1), add(s, e2)]);
        if lit {
            apex_lit.push(add(s, add(e1, e2)));
            edge_lit.extend([add(s, e1), add(s, e2)]);
        }
    }
    let mut out = [apex, apex_lit, edge, edge_lit];
    for v in &mut out {
        v.sort();
        v.dedup();
    }
    out
}

/// 03 §4 Pawn "Fig 88" (B, L8835-8840): for a White pawn on KB3,3 = (5,2,2) the forward (upward and
/// downward) planes have 12 apex tiles at perimeter 1, 2 not dimmed, and 10 edge tiles, 4 not
/// dimmed; the undimmed tiles are exactly the pawn's capture tiles among them (2 predators, 4
/// reduced on the KN and K levels).
#[test]
fn pawn_fig_88_forward_planes() {
    let s = (5, 2, 2);
    let [apex, apex_lit, edge, edge_lit] = bishop_perimeter_1(s, ["upward", "downward"]);
    assert_eq!(
        (apex.len(), apex_lit.len(), edge.len(), edge_lit.len()),
        (12, 2, 10, 4)
    );
    let caps = capture_tiles(W, s);
    let caught = |v: &[Z]| -> Vec<Z> { v.iter().copied().filter(|x| caps.contains(x)).collect() };
    assert_eq!(caught(&apex), apex_lit);
    assert_eq!(caught(&edge), edge_lit);
    assert_eq!(apex_lit, [(3, 3, 3), (7, 3, 3)]); // Q4,4 and KR4,4
    assert!(edge_lit.iter().all(|x| x.0 == 4 || x.0 == 6));
}

/// 03 §4 Pawn "Fig 89" (B, L8852-8860): the outward (leftward and rightward) planes have 12 apex
/// tiles, 4 not dimmed (the slings), and 10 edge tiles, 5 not dimmed (4 reduced on KN and K, and
/// the bead KB4,4); again exactly the capture tiles among them.
#[test]
fn pawn_fig_89_outward_planes() {
    let s = (5, 2, 2);
    let [apex, apex_lit, edge, edge_lit] = bishop_perimeter_1(s, ["leftward", "rightward"]);
    assert_eq!(
        (apex.len(), apex_lit.len(), edge.len(), edge_lit.len()),
        (12, 4, 10, 5)
    );
    let caps = capture_tiles(W, s);
    let caught = |v: &[Z]| -> Vec<Z> { v.iter().copied().filter(|x| caps.contains(x)).collect() };
    assert_eq!(caught(&apex), apex_lit);
    assert_eq!(caught(&edge), edge_lit);
    assert!(edge_lit.contains(&(5, 3, 3)), "the bead KB4,4");
    assert_eq!(edge_lit.iter().filter(|x| x.0 == 4 || x.0 == 6).count(), 4);
}

/// 03 §4 Pawn "PPR" (B, Table 10, L10011-10049): advance 3-8 tiles (0.59-1.57 %), capture 14
/// (2.74 %), unshackled advance 48 (9.39 %), unshackled capture 10 (1.96 %), all over 511.
#[test]
fn pawn_ppr_table_10() {
    let adv = |s: Z| dests(&pos(&[(W, Kind::Pawn, s)], W), tz(s)).len();
    let (single, double) = (adv((3, 2, 2)), adv((3, 1, 1)));
    assert_eq!((single, double), (3, 8));
    assert_eq!(
        (pct(single, 511, 2), pct(double, 511, 2)),
        ("0.59".into(), "1.57".into())
    );
    let caps = capture_tiles(W, (5, 2, 2)).len();
    assert_eq!((caps, pct(caps, 511, 2)), (14, "2.74".into()));
    let un = adv((3, 1, 7));
    assert_eq!((un, pct(un, 511, 2)), (48, "9.39".into()));
    let unc = capture_tiles(W, (3, 1, 7)).len();
    assert_eq!((unc, pct(unc, 511, 2)), (10, "1.96".into()));
}

/// 03 §4 Pawn "Start-position coverage" (B, L16332-16475, Tables 15-17): White's pawns in the
/// lineup cover 48 tiles (torque, 9.38 % of 512); the single-advance apex tiles (z,2,2) are covered
/// 14 times by direct, 12 by predator and 8 by bead captures, 34 = 425 % of 8; the 16 single-advance
/// end tiles 28 times (175 %, reduced captures); of the 40 double-advance tiles the between tiles
/// 28 times by other pawns (70 %), 36 with the darts (90 %); the double-advance apex and end tiles
/// by no other pawn.
#[test]
fn pawn_start_position_coverage() {
    let p = Position::start();
    let occ = p.occupied();
    let pawns: Vec<Cell> = (p.of_player(W) & p.of_kind(Kind::Pawn)).iter().collect();
    assert_eq!(pawns.len(), 8);
    // (pawn, tile) cover pairs
    let mut pairs: Vec<(Z, Z)> = Vec::new();
    for &q in &pawns {
        for c in Position::board() {
            if c != q && covers(pawn(W), q, c, &occ) {
                pairs.push((z(q), z(c)));
            }
        }
    }
    let mut torque: Vec<Z> = pairs.iter().map(|x| x.1).collect();
    torque.sort();
    torque.dedup();
    assert_eq!(
        (torque.len(), pct(torque.len(), 512, 2)),
        (48, "9.38".into())
    );
    let count = |tile: &dyn Fn(Z) -> bool, off: &dyn Fn(Z) -> bool| {
        pairs
            .iter()
            .filter(|(q, c)| tile(*c) && off((c.0 - q.0, c.1 - q.1, c.2 - q.2)))
            .count()
    };
    let any = |_: Z| true;
    let single_apex = |c: Z| (c.1, c.2) == (2, 2);
    let direct = |d: Z| d.0.abs() == 1 && (d.1, d.2) == (1, 1);
    let predator = |d: Z| d.0.abs() == 2 && (d.1, d.2) == (1, 1);
    let bead = |d: Z| d == (0, 1, 1);
    assert_eq!(
        (
            count(&single_apex, &direct),
            count(&single_apex, &predator),
            count(&single_apex, &bead),
            count(&single_apex, &any)
        ),
        (14, 12, 8, 34)
    );
    assert_eq!(pct(34, 8, 0), "425");
    let single_end = |c: Z| (c.1, c.2) == (2, 1) || (c.1, c.2) == (1, 2);
    assert_eq!(count(&single_end, &any), 28);
    assert_eq!(pct(28, 16, 0), "175");
    let other = |d: Z| d.0 != 0;
    let own = |d: Z| d.0 == 0;
    let double_apex = |c: Z| (c.1, c.2) == (3, 3);
    let between = |c: Z| (c.1, c.2) == (3, 2) || (c.1, c.2) == (2, 3);
    let double_end = |c: Z| (c.1, c.2) == (3, 1) || (c.1, c.2) == (1, 3);
    assert_eq!(count(&double_apex, &other), 0);
    assert_eq!(count(&double_end, &any), 0);
    let b = count(&between, &other);
    assert_eq!(b, 28);
    assert_eq!(count(&between, &own), 0);
    let darts = count(&double_apex, &own);
    assert_eq!(darts, 8);
    assert_eq!(
        (pct(b, 40, 0), pct(b + darts, 40, 0)),
        ("70".into(), "90".into())
    );
}

/// 03 §3.1 (B, L8691-8699, L8821-8822, L9074-9082): of the 12 edge rays 5 approach promotion and 7
/// recede; of the 8 vertex rays 2 approach and 6 recede; of the 24 bishop quadrants 6 are
/// non-virtual, of the 24 duke quadrants 1. The apex tiles of the 6 bishop quadrants are the
/// predator and sling capture tiles, that of the duke quadrant the dart tile.
#[test]
fn pawn_3_1_rays_and_virtual_quadrants() {
    for (f, rays, approach, quads, real) in
        [(Family::Bishop, 12, 5, 24, 6), (Family::Duke, 8, 2, 24, 1)]
    {
        let fam = tables().planar(f).family();
        assert_eq!(fam.rays.len(), rays);
        let app = fam.rays.iter().filter(|r| !recedes(zab(r))).count();
        assert_eq!((app, rays - app), (approach, rays - approach), "{f:?}");
        assert_eq!(fam.quadrants.len(), quads);
        let s = (5, 2, 2);
        let caps = capture_tiles(W, s);
        let mut apexes = vec![];
        for q in 0..quads {
            let (e1, e2) = quadrant_rays(f, q);
            if !recedes(e1) && !recedes(e2) {
                apexes.push(add(s, add(e1, e2)));
            }
        }
        assert_eq!(apexes.len(), real, "{f:?}");
        assert!(apexes.iter().all(|x| caps.contains(x)), "{apexes:?}");
    }
}

/// 03 §3.4 (B, L8869-8873, L9334; duke colours L9836-9889, C): the 14 capture tiles are 11 by the
/// bishop part (6 quadrant apexes, 4 reduced, 1 bead), 1 dart and 2 direct. Dart and direct keep
/// the pawn's duke colour, bead and predator switch gold and silver, sling and reduced change
/// metallicity; a single advance always changes the duke colour, a double advance to an apex or
/// end tile keeps it, to a between tile changes metallicity.
#[test]
fn pawn_3_4_capture_kinds_and_duke_colours() {
    let s = (5, 2, 2);
    let caps = capture_tiles(W, s);
    let d = |c: &Z| (c.0 - s.0, c.1 - s.1, c.2 - s.2);
    let nonzero = |x: Z| [x.0, x.1, x.2].iter().filter(|&&c| c != 0).count();
    // classify by the offset's shape: bishop apex = a permutation of (2,1,1) up to signs
    let bishop_apex = caps.iter().filter(|c| {
        let x = d(c);
        let mut m = [x.0.abs(), x.1.abs(), x.2.abs()];
        m.sort();
        m == [1, 1, 2]
    });
    let reduced = caps.iter().filter(|c| nonzero(d(c)) == 2 && d(c).0 != 0);
    let bead = caps.iter().filter(|c| d(c) == (0, 1, 1));
    let dart = caps.iter().filter(|c| d(c) == (0, 2, 2));
    let direct = caps
        .iter()
        .filter(|c| d(c).0.abs() == 1 && (d(c).1, d(c).2) == (1, 1));
    let n = [
        bishop_apex.count(),
        reduced.count(),
        bead.count(),
        dart.count(),
        direct.count(),
    ];
    assert_eq!(n, [6, 4, 1, 1, 2]);
    assert_eq!(n[0] + n[1] + n[2], 11);
    assert_eq!(n.iter().sum::<usize>(), 14);
    // duke colours
    let colour = |x: Z| Tile::new(x.0, x.1, x.2).duke_colour();
    let metal = |c: &str| c == "gold" || c == "silver";
    for src in [(5, 2, 2), (4, 2, 2), (5, 1, 2), (4, 1, 2)] {
        let from = colour(src);
        for c in capture_tiles(W, src) {
            let x = (c.0 - src.0, c.1 - src.1, c.2 - src.2);
            let to = colour(c);
            let mut m = [x.0.abs(), x.1.abs(), x.2.abs()];
            m.sort();
            match m {
                // dart (0,2,2) and direct (1,1,1): kept
                [0, 2, 2] | [1, 1, 1] => assert_eq!(to, from, "{src:?} {x:?}"),
                // bead (0,1,1) and predator (2,1,1): gold <-> silver, ruby <-> jade
                [0, 1, 1] | [1, 1, 2] if x.0.abs() != 1 => {
                    assert_ne!(to, from);
                    assert_eq!(metal(to), metal(from), "{src:?} {x:?}");
                }
                // sling and reduced: metallicity changes
                _ => assert_ne!(metal(to), metal(from), "{src:?} {x:?}"),
            }
        }
    }
    let start = (5, 1, 1);
    let from = colour(start);
    for (dz, da, db) in dests(&pos(&[(W, Kind::Pawn, start)], W), tz(start)) {
        let x = (dz - start.0, da - start.1, db - start.2);
        let to = colour((dz, da, db));
        match (x.1, x.2) {
            (1, 1) | (1, 0) | (0, 1) => assert_ne!(to, from, "single {x:?}"),
            (2, 2) | (2, 0) | (0, 2) => assert_eq!(to, from, "double {x:?}"),
            _ => assert_ne!(metal(to), metal(from), "between {x:?}"),
        }
    }
}

/// 03 §3.6 (B, L8300-8372): the promotion tiles are the opponent's home column, all in the metal
/// primary plane: for White gold when the level is even, silver when odd (Black the other way);
/// a promoted bishop, duke or stack takes its tile's colours (03 §2.1: a function of the tile).
#[test]
fn pawn_3_6_promotion_tile_colours() {
    for lvl in 0..8i8 {
        let w = Tile::new(lvl, 7, 7);
        let b = Tile::new(lvl, 0, 0);
        let (even, odd) = if lvl % 2 == 0 {
            ("gold", "silver")
        } else {
            ("silver", "gold")
        };
        assert_eq!(w.duke_colour(), even, "White, level {lvl}");
        assert_eq!(b.duke_colour(), odd, "Black, level {lvl}");
    }
}

/// The fewest and the most advances (no captures, empty board) a lone White pawn from (z,1,1)
/// needs to promote, with `ok` filtering the moves allowed (by offset), and `first` the first move.
fn promotion_distance(lvl: i8, first: &dyn Fn(Z) -> bool, ok: &dyn Fn(Z) -> bool) -> (u32, u32) {
    use std::collections::HashMap;
    fn go(
        s: Z,
        first: bool,
        f: &dyn Fn(Z) -> bool,
        ok: &dyn Fn(Z) -> bool,
        memo: &mut HashMap<(Z, bool), Option<(u32, u32)>>,
    ) -> Option<(u32, u32)> {
        if (s.1, s.2) == (7, 7) {
            return Some((0, 0));
        }
        if let Some(v) = memo.get(&(s, first)) {
            return *v;
        }
        let mut best: Option<(u32, u32)> = None;
        for to in dests(&pos(&[(W, Kind::Pawn, s)], W), tz(s)) {
            let d = (to.0 - s.0, to.1 - s.1, to.2 - s.2);
            if !(if first { f(d) } else { ok(d) }) {
                continue;
            }
            if let Some((lo, hi)) = go(to, false, f, ok, memo) {
                best = Some(match best {
                    None => (lo + 1, hi + 1),
                    Some((a, b)) => (a.min(lo + 1), b.max(hi + 1)),
                });
            }
        }
        memo.insert((s, first), best);
        best
    }
    go((lvl, 1, 1), true, first, ok, &mut HashMap::new()).unwrap()
}

/// 03 §3.7 (B, L8405-8453, L8630-8634): promotion by advances only takes at most 12 moves
/// ("promotion molasses"), 6 with single apex advances, 5 with a double advance first; with no apex
/// advance at all an unshackled pawn still promotes in 7 moves, 6 after a double advance.
#[test]
fn pawn_3_7_promotion_distance() {
    // an apex move: the two non-zero components of the offset are equal (horizontal (0,k,k), or
    // the back plane's (k,0,k) / (k,k,0) up to sign)
    let apex = |d: Z| {
        let v: Vec<i8> = [d.0, d.1, d.2]
            .iter()
            .filter(|&&c| c != 0)
            .map(|c| c.abs())
            .collect();
        v.len() == 2 && v[0] == v[1]
    };
    let double = |d: Z| d.1.max(d.2) == 2;
    for lvl in [0, 3, 7] {
        let all = |_: Z| true;
        let (lo, hi) = promotion_distance(lvl, &all, &all);
        assert_eq!((lo, hi), (5, 12), "level {lvl}");
        let single_apex = |d: Z| d == (0, 1, 1);
        assert_eq!(promotion_distance(lvl, &single_apex, &all).0, 6);
        let double_apex = |d: Z| d == (0, 2, 2);
        assert_eq!(promotion_distance(lvl, &double_apex, &all).0, 5);
        let no_apex = |d: Z| !apex(d);
        let single_no_apex = |d: Z| !apex(d) && !double(d);
        let double_no_apex = |d: Z| !apex(d) && double(d);
        assert_eq!(promotion_distance(lvl, &single_no_apex, &no_apex).0, 7);
        assert_eq!(promotion_distance(lvl, &double_no_apex, &no_apex).0, 6);
    }
}

// ---------------------------------------------------------------------------------------------
// 04 §1.4 King
// ---------------------------------------------------------------------------------------------

/// The king's steps from `s` of the given families, grouped by destination: (destination, the
/// blocker set of each plane in which the step occurs).
fn king_steps(s: Cell, fams: &[Family]) -> Vec<(Cell, Vec<Bits>)> {
    let mut v: Vec<(Cell, Vec<Bits>)> = Vec::new();
    for k in &tables().king[s.index()] {
        if !fams.contains(&k.family) {
            continue;
        }
        let mut r = k.rect;
        r.remove(k.to);
        match v.iter_mut().find(|(to, _)| *to == k.to) {
            Some((_, rects)) => rects.push(r),
            None => v.push((k.to, vec![r])),
        }
    }
    v
}

/// A step is stopped by friendly men on `occ` if its destination is occupied or every plane of it
/// holds a man.
fn stopped(step: &(Cell, Vec<Bits>), occ: &Bits) -> bool {
    occ.contains(step.0) || step.1.iter().all(|r| r.intersects(occ))
}

/// Branch and bound: can at most `budget` more men (anywhere) stop every step? Every hem must hold
/// the first open step's destination or a tile of one of its open planes' blocker sets, so
/// branching on those tiles is exhaustive.
fn hem(steps: &[(Cell, Vec<Bits>)], occ: &mut Bits, budget: usize) -> bool {
    let Some(step) = steps.iter().find(|st| !stopped(st, occ)) else {
        return true;
    };
    if budget == 0 {
        return false;
    }
    let open = step.1.iter().find(|r| !r.intersects(occ)).unwrap();
    for c in std::iter::once(step.0).chain(open.iter()) {
        occ.insert(c);
        if hem(steps, occ, budget - 1) {
            return true;
        }
        occ.remove(c);
    }
    false
}

/// The fewest men that hem a king on `s` (steps of the given families), with one such hem.
fn min_hem(s: Z, fams: &[Family]) -> (usize, Bits) {
    let steps = king_steps(tz(s), fams);
    for n in 0.. {
        let mut occ = Bits::EMPTY;
        if hem(&steps, &mut occ, n) {
            return (occ.len(), occ);
        }
    }
    unreachable!()
}

/// 04 §1.4 Table 11, linear rule (B = C): the fewest men that hem a king are 4 in a corner, 6 on an
/// edge, 8 on a face and 10 in the open, and (C) the same anywhere along an edge or a face.
/// Exhaustive: no smaller set of men anywhere on the board stops every step (the existing
/// king_check::table_11_hems shows hems of these sizes). Each hem found is checked against the
/// move generator.
#[test]
fn king_table_11_linear_minimum_hems() {
    let fams = Family::ALL;
    let mut cases: Vec<(Z, usize)> = vec![((0, 0, 0), 4), ((3, 3, 3), 10)];
    cases.extend((1..7).map(|b| ((0, 0, b), 6)));
    for a in 1..7 {
        cases.extend((1..7).map(|b| ((0, a, b), 8)));
    }
    for (s, n) in cases {
        let (k, occ) = min_hem(s, &fams);
        assert_eq!(k, n, "king on {s:?}");
        let mut men = vec![(W, Kind::King, s)];
        men.extend(occ.iter().map(|c| (W, Kind::Knight, z(c))));
        assert!(legal_destinations(&pos(&men, W), tz(s)).is_empty(), "{s:?}");
    }
}

/// 04 §1.4 "open king" (B, L10528-10570, Fig 112): the fewest men that stop all 6 face steps are 3,
/// all 12 edge steps 4, all 8 vertex steps 4, and the face and edge steps together 6 (Fig 112d).
#[test]
fn king_fig_112_open_king_blocks_by_ray_type() {
    let s = (3, 3, 3);
    assert_eq!(min_hem(s, &[Family::Rook]).0, 3);
    assert_eq!(min_hem(s, &[Family::Bishop]).0, 4);
    assert_eq!(min_hem(s, &[Family::Duke]).0, 4);
    let (n, occ) = min_hem(s, &[Family::Rook, Family::Bishop]);
    assert_eq!(n, 6);
    let mut men = vec![(W, Kind::King, s)];
    men.extend(occ.iter().map(|c| (W, Kind::Knight, z(c))));
    let d = legal_destinations(&pos(&men, W), tz(s));
    // only vertex steps are left
    assert!(d.iter().all(|c| {
        let x = z(c);
        (x.0 - 3).abs() == 1 && (x.1 - 3).abs() == 1 && (x.2 - 3).abs() == 1
    }));
}

/// The hems made of men on the king's neighbours only, of size `n`, as (unoccupied but blocked
/// neighbours by type: face, edge, vertex).
fn adjacent_hems(s: Z, n: usize) -> Vec<[usize; 3]> {
    let steps = king_steps(tz(s), &Family::ALL);
    let nb: Vec<Cell> = steps.iter().map(|st| st.0).collect();
    let kind = |c: Cell| {
        let x = z(c);
        [x.0 - s.0, x.1 - s.1, x.2 - s.2]
            .iter()
            .filter(|&&d| d != 0)
            .count()
            - 1
    };
    let mut out = Vec::new();
    let mut pick = vec![0usize; n];
    fn rec(
        start: usize,
        depth: usize,
        nb: &[Cell],
        pick: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if depth == pick.len() {
            f(pick);
            return;
        }
        for i in start..nb.len() {
            pick[depth] = i;
            rec(i + 1, depth + 1, nb, pick, f);
        }
    }
    rec(0, 0, &nb, &mut pick, &mut |idx: &[usize]| {
        let occ: Bits = idx.iter().map(|&i| nb[i]).collect();
        if steps.iter().all(|st| stopped(st, &occ)) {
            let mut prof = [0usize; 3];
            for &c in nb.iter().filter(|c| !occ.contains(**c)) {
                prof[kind(c)] += 1;
            }
            out.push(prof);
        }
    });
    out
}

/// 04 §1.4 Fig 111 (B, C; L10515-10526): optimal hems of men on adjacent tiles leave unoccupied but
/// blocked, in a corner 2 face + 1 edge tiles, on an edge 3 face + 2 edge + 0 vertex, against a
/// face 4 face + 4 edge + 1 vertex; there are 6 / 2 / 4 such hems.
#[test]
fn king_fig_111_adjacent_hems() {
    for (s, n, profile, count) in [
        ((0, 0, 0), 4, [2, 1, 0], 6),
        ((0, 0, 3), 6, [3, 2, 0], 2),
        ((0, 3, 3), 8, [4, 4, 1], 4),
    ] {
        let hems = adjacent_hems(s, n);
        assert!(!hems.is_empty(), "{s:?}");
        assert_eq!(
            hems.iter().filter(|p| **p == profile).count(),
            count,
            "{s:?}: {hems:?}"
        );
    }
}

/// 04 §1.4 Table 12 (B, L10791-10800): power projection ratios of the king over 511 tiles: adjacent
/// rule 26 = 5.09 %, natural rule 26 + 42 = 68 = 13.3 %, linear rule (the engine's king) 26 = 5.09 %
/// in the open, 7 = 1.37 % in a corner (Table 13).
#[test]
fn king_table_12_ppr() {
    let linear = projection(Kind::King, t(3, 3, 3)).len();
    assert_eq!((linear, pct(linear, 511, 2)), (26, "5.09".into()));
    // the adjacent rule reaches every neighbour: the 26 tiles of the 3x3x3 cube
    let adjacent = Position::board()
        .iter()
        .filter(|&c| {
            let x = z(c);
            c != t(3, 3, 3) && (x.0 - 3).abs() <= 1 && (x.1 - 3).abs() <= 1 && (x.2 - 3).abs() <= 1
        })
        .count();
    assert_eq!(adjacent, linear);
    // the natural rule adds the perimeter-1 apex tiles of every quadrant
    let mut natural = projection(Kind::King, t(3, 3, 3));
    for f in Family::ALL {
        let pt = tables().planar(f);
        for q in 0..pt.family().quadrants.len() {
            natural |= pt.pure_perimeter(t(3, 3, 3), q, 1);
        }
    }
    assert_eq!(
        (natural.len(), pct(natural.len(), 511, 1)),
        (68, "13.3".into())
    );
    let corner = projection(Kind::King, t(0, 0, 0)).len();
    assert_eq!((corner, pct(corner, 511, 2)), (7, "1.37".into()));
}

// ---------------------------------------------------------------------------------------------
// 04 §3.3 En passant
// ---------------------------------------------------------------------------------------------

/// White's pawn on KB2,2 = (5,1,1) with Black pawns on `blacks` and White knights on `knights`,
/// White to move.
fn before_double(blacks: &[Z], knights: &[Z]) -> Position {
    let mut men = vec![(W, Kind::Pawn, (5, 1, 1)), (W, Kind::King, (0, 0, 0))];
    men.push((B, Kind::King, (0, 7, 7)));
    men.extend(blacks.iter().map(|&c| (B, Kind::Pawn, c)));
    men.extend(knights.iter().map(|&c| (W, Kind::Knight, c)));
    pos(&men, W)
}

/// The position after the double advance (5,1,1) -> `to`, Black to move.
fn after_double(to: Z, blacks: &[Z], knights: &[Z]) -> Position {
    let p = before_double(blacks, knights);
    let m = Move::new(t(5, 1, 1), tz(to));
    assert!(all_moves(&p).contains(&m), "the double advance to {to:?}");
    Goff::new().play(&p, &m)
}

/// The e.p. captures as (from, path tile), sorted.
fn ep(p: &Position) -> Vec<(Z, Z)> {
    let mut v: Vec<(Z, Z)> = en_passant(p).iter().map(|m| (z(m.from), z(m.to))).collect();
    v.sort();
    v
}

/// The legal captures other than e.p. onto `target`, by source, sorted.
fn regular_captures(p: &Position, target: Z) -> Vec<Z> {
    let mut v: Vec<Z> = all_moves(p)
        .iter()
        .filter(|m| m.to == tz(target) && m.part.is_none())
        .map(|m| z(m.from))
        .collect();
    v.sort();
    v
}

const APEX: Z = (5, 3, 3);
const END: Z = (5, 3, 1);
const BETWEEN: Z = (5, 3, 2);
const APEX_PATH: Z = (5, 2, 2);
const END_PATH: Z = (5, 2, 1);

/// 04 §3.3 Fig 118 (book + deduced, l.11099-11135, A6): after P-KB4,4 the predators KR4,4, Q4,4 and
/// the slings KN5,4, K5,4 all take e.p. on KB3,3; the slingers also take KB4,4 regularly (reduced);
/// the slings cover KB3,3 only in the fictitious position (pawn on the path tile), not on the real
/// board; men on KN4,3 and K4,3 block all six attacks.
#[test]
fn ep_fig_118_predators_slings_and_blockers() {
    let blacks = [(7, 3, 3), (3, 3, 3), (6, 4, 3), (4, 4, 3)];
    let p = after_double(APEX, &blacks, &[]);
    let mut want: Vec<(Z, Z)> = blacks.iter().map(|&b| (b, APEX_PATH)).collect();
    want.sort();
    assert_eq!(ep(&p), want);
    assert_eq!(regular_captures(&p, APEX), [(4, 4, 3), (6, 4, 3)]);
    let mut fictitious = p.clone();
    fictitious.remove(tz(APEX));
    fictitious.put(tz(APEX_PATH), pawn(W));
    for sling in [(6, 4, 3), (4, 4, 3)] {
        assert!(!covers(pawn(B), tz(sling), tz(APEX_PATH), &p.occupied()));
        assert!(covers(
            pawn(B),
            tz(sling),
            tz(APEX_PATH),
            &fictitious.occupied()
        ));
    }
    let blocked = after_double(APEX, &blacks, &[(6, 3, 2), (4, 3, 2)]);
    assert!(ep(&blocked).is_empty());
    assert!(regular_captures(&blocked, APEX).is_empty());
}

/// 04 §3.3 Fig 119 (deduced, l.11137-11168): a Black pawn on KB5,5 (same level) takes e.p. on KB3,3
/// by dart and also takes KB4,4 regularly by bead.
#[test]
fn ep_fig_119_dart_and_bead() {
    let p = after_double(APEX, &[(5, 4, 4)], &[]);
    assert_eq!(ep(&p), [((5, 4, 4), APEX_PATH)]);
    assert_eq!(regular_captures(&p, APEX), [(5, 4, 4)]);
}

/// 04 §3.3 Fig 120 (deduced, l.11185-11213): Black pawns on KN4,3 and K4,3 both take e.p. on KB3,3
/// by reduced (KN3,4 / K3,4 work too); before advancing White could have taken either by sling,
/// and both attacked her pawn by sling.
#[test]
fn ep_fig_120_reduced_and_slings_before() {
    for blacks in [[(6, 3, 2), (4, 3, 2)], [(6, 2, 3), (4, 2, 3)]] {
        let p = after_double(APEX, &blacks, &[]);
        let mut want: Vec<(Z, Z)> = blacks.iter().map(|&b| (b, APEX_PATH)).collect();
        want.sort();
        assert_eq!(ep(&p), want);
        let before = before_double(&blacks, &[]);
        for b in blacks {
            assert!(regular_captures(&before, b).contains(&(5, 1, 1)), "{b:?}");
            assert!(covers(pawn(B), tz(b), t(5, 1, 1), &before.occupied()));
        }
    }
}

/// 04 §3.3 Fig 121 (book, l.11224-11264): after P-KB4,2 Black pawns on KN4,3 and K4,3 take e.p. on
/// KB3,2 by direct; both also take KB4,2 regularly by reduced.
#[test]
fn ep_fig_121_direct_and_regular_reduced() {
    let blacks = [(6, 3, 2), (4, 3, 2)];
    let p = after_double(END, &blacks, &[]);
    assert_eq!(ep(&p), [((4, 3, 2), END_PATH), ((6, 3, 2), END_PATH)]);
    assert_eq!(regular_captures(&p, END), [(4, 3, 2), (6, 3, 2)]);
}

/// 04 §3.3 Fig 122 (deduced, l.11266-11312) and A8: predators KR4,3, Q4,3 and slings KN5,3, K5,3
/// all take e.p. on KB3,2; the slingers also take KB4,2 regularly by direct. The book's blocking
/// claim is an erratum: men on KN4,3 and K4,3 block none of the 4 e.p. captures, men on KN4,2 and
/// K4,2 block all four, and the two direct captures stay.
#[test]
fn ep_fig_122_predators_slings_and_erratum() {
    let blacks = [(7, 3, 2), (3, 3, 2), (6, 4, 2), (4, 4, 2)];
    let mut want: Vec<(Z, Z)> = blacks.iter().map(|&b| (b, END_PATH)).collect();
    want.sort();
    let p = after_double(END, &blacks, &[]);
    assert_eq!(ep(&p), want);
    assert_eq!(regular_captures(&p, END), [(4, 4, 2), (6, 4, 2)]);
    let book_blockers = after_double(END, &blacks, &[(6, 3, 2), (4, 3, 2)]);
    assert_eq!(ep(&book_blockers), want);
    let real_blockers = after_double(END, &blacks, &[(6, 3, 1), (4, 3, 1)]);
    assert!(ep(&real_blockers).is_empty());
    assert_eq!(
        regular_captures(&real_blockers, END),
        [(4, 4, 2), (6, 4, 2)]
    );
}

/// 04 §3.3 Fig 123 (deduced, l.11314-11341): a Black pawn on KB5,4 takes e.p. on KB3,2 by dart and
/// has no regular capture of KB4,2.
#[test]
fn ep_fig_123_dart_no_regular_capture() {
    let p = after_double(END, &[(5, 4, 3)], &[]);
    assert_eq!(ep(&p), [((5, 4, 3), END_PATH)]);
    assert!(regular_captures(&p, END).is_empty());
}

/// 04 §3.3 Fig 124 (deduced, l.11355-11382): Black pawns on KN3,3 and K4,2 both take e.p. on KB3,2
/// by reduced. Before the advance the upper one and White's pawn attacked each other directly;
/// White had no attack on the lower one.
#[test]
fn ep_fig_124_reduced_not_symmetric() {
    let blacks = [(6, 2, 2), (4, 3, 1)];
    let p = after_double(END, &blacks, &[]);
    assert_eq!(ep(&p), [((4, 3, 1), END_PATH), ((6, 2, 2), END_PATH)]);
    let before = before_double(&blacks, &[]);
    let occ = before.occupied();
    assert!(covers(pawn(W), t(5, 1, 1), t(6, 2, 2), &occ));
    assert!(covers(pawn(B), t(6, 2, 2), t(5, 1, 1), &occ));
    assert!(!covers(pawn(W), t(5, 1, 1), t(4, 3, 1), &occ));
}

/// 04 §3.3 Fig 125 (deduced, l.11412-11441): after P-KB4,3 (a between tile, path tiles KB3,3 and
/// KB3,2) the pawn on KN4,3 takes e.p. on KB3,3 (reduced) or KB3,2 (direct), the pawn on K4,4 on
/// KB3,3 (direct) or KB3,2 (sling): 4 moves; K4,4 also takes KB4,3 regularly by reduced.
#[test]
fn ep_fig_125_four_moves_and_regular_reduced() {
    let p = after_double(BETWEEN, &[(6, 3, 2), (4, 3, 3)], &[]);
    assert_eq!(
        ep(&p),
        [
            ((4, 3, 3), END_PATH),
            ((4, 3, 3), APEX_PATH),
            ((6, 3, 2), END_PATH),
            ((6, 3, 2), APEX_PATH)
        ]
    );
    assert_eq!(regular_captures(&p, BETWEEN), [(4, 3, 3)]);
}

// ---------------------------------------------------------------------------------------------
// 03 §2 stack facts
// ---------------------------------------------------------------------------------------------

/// 03 §2.1 (B, L7200-7205, L7246-7254): a stack's composition is a function of its tile. The start
/// stacks: White KB1,1 white-gold, QB1,1 black-silver; Black KB1,1 white-silver, QB1,1 black-gold.
#[test]
fn stack_2_1_start_stack_colours() {
    let s = Position::start();
    let colours = |c: Cell| {
        let x = Tile::of(c);
        (
            if x.is_white() { "white" } else { "black" },
            x.duke_colour(),
        )
    };
    for (p, name, want) in [
        (W, "KB1,1", ("white", "gold")),
        (W, "QB1,1", ("black", "silver")),
        (B, "KB1,1", ("white", "silver")),
        (B, "QB1,1", ("black", "gold")),
    ] {
        let c = book(name, p);
        assert_eq!(
            s.piece_at(c),
            Some(Piece {
                player: p,
                kind: Kind::Stack
            })
        );
        assert_eq!(colours(c), want, "{name}");
    }
}

/// 03 §2.2 (C, derivation; Table 34): from every tile the overlap tiles (bishop tiles that are also
/// duke tiles on the empty board) are exactly the offsets (2k,2k,0) (q-tiles) and (2k,2k,4k)
/// (Feynman tiles) up to permutation and signs; a q-tile is reached in one duke plane and, as a
/// bishop linear tile, in two bishop planes; a Feynman tile in one plane of each; and (for the
/// corner, KB1,1 and the centre) the stack moves of a lone stack go to exactly these tiles.
#[test]
fn stack_2_2_overlap_tiles() {
    let planes = |f: Family, s: Cell, to: Cell| {
        let pt = tables().planar(f);
        let mut v: Vec<usize> = pt.routes(s, to).iter().map(|r| pt.route_plane(r)).collect();
        v.sort();
        v.dedup();
        v.len()
    };
    for s in Position::board() {
        let overlap = projection(Kind::Bishop, s) & projection(Kind::Duke, s);
        for c in overlap.iter() {
            let d = Tile::of(s).offset_to(&Tile::of(c));
            let mut m = [d.0.abs(), d.1.abs(), d.2.abs()];
            m.sort();
            let k = m[1] / 2;
            let q = m == [0, 2 * k, 2 * k];
            let f = m == [2 * k, 2 * k, 4 * k];
            assert!(k >= 1 && (q || f), "{:?} -> {:?}", z(s), d);
            let (bp, dp) = (planes(Family::Bishop, s, c), planes(Family::Duke, s, c));
            assert_eq!((bp, dp), if q { (2, 1) } else { (1, 1) }, "{d:?}");
        }
        // every such offset on the board is an overlap tile
        let n = Position::board()
            .iter()
            .filter(|&c| {
                let d = Tile::of(s).offset_to(&Tile::of(c));
                let mut m = [d.0.abs(), d.1.abs(), d.2.abs()];
                m.sort();
                let k = m[1] / 2;
                k >= 1 && m[1] % 2 == 0 && (m == [0, 2 * k, 2 * k] || m == [2 * k, 2 * k, 4 * k])
            })
            .count();
        assert_eq!(n, overlap.len(), "{:?}", z(s));
    }
    for s in [(0, 0, 0), (5, 0, 0), (3, 3, 3)] {
        let p = pos(&[(W, Kind::Stack, s)], W);
        let whole: Bits = moves_from(&p, s)
            .iter()
            .filter(|m| m.part.is_none() && m.fission.is_none())
            .map(|m| m.to)
            .collect();
        assert_eq!(
            whole,
            projection(Kind::Bishop, tz(s)) & projection(Kind::Duke, tz(s))
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 04 §5.6 castling
// ---------------------------------------------------------------------------------------------

/// 04 §5.6 row 5 (B, Figs 131-133, l.11957-12093): the CK rook's linear move KR1,1 -> KB1,1 has a
/// 3x5 advancement rectangle in each back plane, of which the on-board half is the 3x3 square
/// z 5..7; the CQ rook's QR1,1 -> Q1,1 a 4x7 rectangle whose on-board half is the 4x4 square z 0..3.
#[test]
fn castling_fig_131_133_rook_rectangles() {
    let pt = tables().planar(Family::Rook);
    let fam = pt.family();
    for (from, dir, k) in [((7, 0, 0), -1i8, 2u8), ((0, 0, 0), 1, 3)] {
        let lines: Vec<usize> = (0..fam.lines.len())
            .filter(|&l| zab(&fam.rays[fam.lines[l].ray]) == (dir, 0, 0))
            .collect();
        assert_eq!(lines.len(), 2, "two vertical planes");
        let kk = k as i8;
        for l in lines {
            let rect = pt.rectangle(tz(from), l, k as usize).unwrap();
            // of the (k+1) x (2k+1) rectangle only the (k+1) x (k+1) square on the home side of
            // the column is on the board
            assert_eq!(rect.len(), ((k + 1) * (k + 1) - 1) as usize);
            for c in rect.iter() {
                let x = z(c);
                assert!((x.0 - from.0).abs() <= kk && x.1 <= kk && x.2 <= kk);
                assert!(x.1 == 0 || x.2 == 0, "in a back plane: {x:?}");
            }
        }
    }
}
