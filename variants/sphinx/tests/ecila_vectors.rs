//! Every test vector of ecila.md section 6 (T1-T13), the piece options of section 3 and the
//! placement phase of section 4.

mod common;

use common::{closure, lone, names};
use spacechess_engine::MoveKind;
use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaKing, EcilaNotation, EcilaOptions, EcilaQueen,
};
use spacechess_variant::{perft, MoveError, Variant};

fn ecila() -> Ecila8 {
    Ecila8::new(EcilaOptions::default()).unwrap()
}

fn ecila_with(f: impl FnOnce(&mut EcilaOptions)) -> Ecila8 {
    let mut o = EcilaOptions::default();
    f(&mut o);
    Ecila8::new(o).unwrap()
}

fn ecila27() -> Ecila27 {
    Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap()
}

/// ecila.md section 1: Cube letters, cell numbers and the spec's (X, Y, Z, x, y, z) examples.
#[test]
fn s1_coordinates_examples() {
    let v = ecila();
    let e = v.engine();
    let s = e.shape();
    for (name, c) in [
        ("A1", [0, 0, 1, 0, 0, 1]),
        ("A2", [0, 0, 1, 1, 0, 1]),
        ("B1", [1, 0, 1, 0, 0, 1]),
        ("H8", [1, 1, 0, 1, 1, 0]),
    ] {
        let cell = e.parse_cell(name).unwrap();
        assert_eq!(EcilaNotation::spec_coords(s, cell), c, "{name}");
        assert_eq!(e.cell_name(cell), name);
    }
    assert_eq!(s.cell_count(), 64);
    for c in s.cells() {
        assert_eq!(e.parse_cell(&e.cell_name(c)), Some(c));
    }
    let v = ecila27();
    let e = v.engine();
    assert_eq!(e.shape().cell_count(), 216);
    // Cell 14 is the centre of its Cube; 1-9 the upper layer.
    let c = EcilaNotation::spec_coords(e.shape(), e.parse_cell("A14").unwrap());
    assert_eq!(c, [0, 0, 1, 1, 1, 1]);
    let c = EcilaNotation::spec_coords(e.shape(), e.parse_cell("E27").unwrap());
    assert_eq!(c, [0, 0, 0, 2, 2, 0]);
    assert_eq!(e.parse_cell("A28"), None);
    assert_eq!(e.parse_cell("I1"), None);
}

/// ecila.md T1: the rook on A1: A2 A3 A5 within A; B1 C1 (same platform), E1 (third platform).
#[test]
fn t1_rook_a1() {
    assert_eq!(
        lone(ecila().engine(), "R", "A1"),
        names("A2 A3 A5 B1 C1 E1")
    );
}

/// ecila.md T2: the bishop on A1: A4 A6 A7 within A; D1, F1, G1 between Cubes.
#[test]
fn t2_bishop_a1() {
    assert_eq!(
        lone(ecila().engine(), "B", "A1"),
        names("A4 A6 A7 D1 F1 G1")
    );
}

/// ecila.md T3: the unicorn on A2: A7, H2.
#[test]
fn t3_unicorn_a2() {
    assert_eq!(lone(ecila().engine(), "U", "A2"), names("A7 H2"));
}

/// ecila.md T4: the unicorn on B1: B8, G1.
#[test]
fn t4_unicorn_b1() {
    assert_eq!(lone(ecila().engine(), "U", "B1"), names("B8 G1"));
}

/// ecila.md T5: the horse on A1: B4 B6 B7, C4 C6 C7, E4 E6 E7 (nine cells).
#[test]
fn t5_horse_a1() {
    let d = lone(ecila().engine(), "H", "A1");
    assert_eq!(d, names("B4 B6 B7 C4 C6 C7 E4 E6 E7"));
    assert_eq!(d.len(), 9);
}

/// ecila.md T5 and 3: the horse leaps; an occupied B1 does not stop it.
#[test]
fn t5_horse_leaps_over_b1() {
    let v = ecila();
    let e = v.engine();
    let pos = common::position(e, &["H A1", "R B1", "r B4"], 0);
    let d = common::destinations(e, &pos, "A1");
    assert!(d.contains(&"B4".to_string()) && d.contains(&"B7".to_string()));
}

/// ecila.md T6: the hippogriff on A1: B8, C8, E8.
#[test]
fn t6_hippogriff_a1() {
    assert_eq!(lone(ecila().engine(), "G", "A1"), names("B8 C8 E8"));
}

/// ecila.md T7: the wyvern on A1: D8, F8, G8.
#[test]
fn t7_wyvern_a1() {
    assert_eq!(lone(ecila().engine(), "W", "A1"), names("D8 F8 G8"));
}

/// ecila.md T8: cells attacked from every cell of the minimum board.
#[test]
fn t8_counts_from_every_cell() {
    let v = ecila();
    let alt = ecila_with(|o| o.queen = EcilaQueen::Alternative);
    let e = v.engine();
    for cell in e.shape().cells() {
        let name = e.cell_name(cell);
        for (l, n) in [
            ("R", 6),
            ("B", 6),
            ("U", 2),
            ("N", 8),
            ("Q", 12),
            ("H", 9),
            ("G", 3),
            ("W", 3),
            ("K", 12),
        ] {
            assert_eq!(lone(e, l, &name).len(), n, "{l} on {name}");
        }
        assert_eq!(
            lone(alt.engine(), "Q", &name).len(),
            14,
            "Q(R+B+U) on {name}"
        );
    }
    // On the minimum board the conventional king is the conventional queen.
    assert_eq!(lone(e, "K", "C6"), lone(e, "Q", "C6"));
}

/// ecila.md T9: reachability by repeated moves: rook 64, bishop 16, unicorn 4 ({A2 A7 H2 H7}),
/// horse 32, hippogriff 8, wyvern 8.
#[test]
fn t9_reachability() {
    let v = ecila();
    let e = v.engine();
    let a2 = e.parse_cell("A2").unwrap();
    for (l, n) in [
        ('R', 64),
        ('B', 16),
        ('U', 4),
        ('H', 32),
        ('G', 8),
        ('W', 8),
    ] {
        assert_eq!(closure(e, l, a2).len(), n, "{l}");
    }
    let mut u: Vec<String> = closure(e, 'U', a2)
        .iter()
        .map(|&c| e.cell_name(c))
        .collect();
    u.sort();
    assert_eq!(u, ["A2", "A7", "H2", "H7"]);
}

/// ecila.md T10: four bishop classes of 16; the class of A1.
#[test]
fn t10_bishop_classes() {
    let v = ecila();
    let e = v.engine();
    let a1 = closure(e, 'B', e.parse_cell("A1").unwrap());
    let mut got: Vec<String> = a1.iter().map(|&c| e.cell_name(c)).collect();
    got.sort();
    let mut want = names("A1 A4 A6 A7 D1 D4 D6 D7 F1 F4 F6 F7 G1 G4 G6 G7");
    want.sort();
    assert_eq!(got, want);
    let mut covered = Vec::new();
    let mut sizes = Vec::new();
    for c in e.shape().cells() {
        if !covered.contains(&c) {
            let class = closure(e, 'B', c);
            sizes.push(class.len());
            covered.extend(class);
        }
    }
    assert_eq!(sizes, vec![16; 4]);
    // section 1: the classes are the colours: A D F G white/black, B C E H red/green.
    let b1 = closure(e, 'B', e.parse_cell("B1").unwrap());
    assert!(b1.iter().all(|&c| "BCEH".contains(&e.cell_name(c)[..1])));
}

/// ecila.md T11: 27-cell Cubes, the rook on A1: A2 A3 A4 A7 A10 A19 B1 C1 E1 (9).
#[test]
fn t11_rook_a1_27() {
    assert_eq!(
        lone(ecila27().engine(), "R", "A1"),
        names("A2 A3 A4 A7 A10 A19 B1 C1 E1")
    );
}

/// ecila.md T12: 27-cell Cubes, the unicorn on A14: A1 A3 A7 A9 A19 A21 A25 A27 H14.
#[test]
fn t12_unicorn_a14_27() {
    assert_eq!(
        lone(ecila27().engine(), "U", "A14"),
        names("A1 A3 A7 A9 A19 A21 A25 A27 H14")
    );
}

/// ecila.md T13: 27-cell counts from A14.
#[test]
fn t13_counts_a14_27() {
    let v = ecila27();
    let e = v.engine();
    for (l, n) in [
        ("R", 9),
        ("B", 15),
        ("U", 9),
        ("N", 18),
        ("Q", 24),
        ("K", 24),
        ("H", 36),
        ("G", 24),
        ("W", 24),
    ] {
        assert_eq!(lone(e, l, "A14").len(), n, "{l}");
    }
    let alt = Ecila27::new(EcilaOptions {
        cells: 27,
        queen: EcilaQueen::Alternative,
        ..EcilaOptions::default()
    })
    .unwrap();
    assert_eq!(lone(alt.engine(), "Q", "A14").len(), 33);
}

/// ecila.md 2 [rec]: with 27-cell Cubes a ride within a Cube is blocked by an occupied cell.
#[test]
fn s2_rides_blocked_in_27_cell_cubes() {
    let v = ecila27();
    let e = v.engine();
    let pos = common::position(e, &["R A1", "b A2", "B A4"], 0);
    assert_eq!(
        common::destinations(e, &pos, "A1"),
        names("A2 A10 A19 B1 C1 E1")
    );
}

/// ecila.md 3: the king options.
#[test]
fn s3_king_modes() {
    let rook = ecila_with(|o| o.king = EcilaKing::RookStep);
    assert_eq!(
        lone(rook.engine(), "K", "A1"),
        lone(rook.engine(), "R", "A1")
    );
    let bishop = ecila_with(|o| o.king = EcilaKing::BishopStep);
    assert_eq!(
        lone(bishop.engine(), "K", "A1"),
        lone(bishop.engine(), "B", "A1")
    );
    let confined = ecila_with(|o| o.king = EcilaKing::Confined);
    assert_eq!(
        lone(confined.engine(), "K", "A1"),
        names("A2 A3 A4 A5 A6 A7")
    );
}

/// ecila.md 4.3: Ecila Chess placement: the king first, anywhere (64 cells); Black's king not
/// where White's attacks it (64 - 1 - 12 = 51); perft counts placements.
#[test]
fn s4_chess_placement_king_first() {
    let v = ecila();
    let s = v.start();
    let mut moves = Vec::new();
    v.legal_moves(&s, &mut moves);
    assert_eq!(moves.len(), 64);
    assert!(moves.iter().all(|m| m.kind == MoveKind::Place(0)));
    assert_eq!(v.move_text(&s, &moves[0]).split('@').next(), Some("K"));
    assert_eq!(perft(&v, &s, 1), 64);
    assert_eq!(perft(&v, &s, 2), 64 * 51);
    // Only the king may be placed first.
    let err = v.parse_move(&s, "Q@A1").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { reason, .. } if reason.contains("king is placed first")),
        "{err}"
    );
}

/// ecila.md 4.3: after the kings, no placement gives check.
#[test]
fn s4_chess_no_placement_gives_check() {
    let v = ecila();
    let mut pos = v.start();
    for t in ["K@A1", "K@H8"] {
        pos = v.play(&pos, &v.parse_move(&pos, t).unwrap());
    }
    let mut moves = Vec::new();
    v.legal_moves(&pos, &mut moves);
    let rooks = moves
        .iter()
        .filter(|m| v.move_text(&pos, m).starts_with("R@"))
        .count();
    // 62 empty cells less the 6 from which a rook attacks H8.
    assert_eq!(rooks, 56);
    let err = v.parse_move(&pos, "R@H7").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { reason, .. } if reason.contains("check")),
        "{err}"
    );
    let err = v.parse_move(&pos, "R@A1").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { reason, .. } if reason.contains("not vacant")),
        "{err}"
    );
    assert!(matches!(
        v.parse_move(&pos, "X@A1"),
        Err(MoveError::Malformed { .. })
    ));
    // A unicorn may be placed next to the enemy king where it does not attack it.
    assert!(v.parse_move(&pos, "U@H7").is_ok());
}

/// ecila.md 4.2: in Scacia and Schlagschach the order of placing is free; kings are ordinary.
#[test]
fn s4_scacia_placement_free_order() {
    for game in [EcilaGame::Scacia, EcilaGame::Schlagschach] {
        let v = Ecila8::new(EcilaOptions::game(game)).unwrap();
        let s = v.start();
        let mut moves = Vec::new();
        v.legal_moves(&s, &mut moves);
        // K Q R B H U: six kinds, 64 cells.
        assert_eq!(moves.len(), 6 * 64, "{game:?}");
    }
}

/// ecila.md 4.4: all men placed, White moves first.
#[test]
fn s4_white_moves_first_after_placement() {
    let v = ecila();
    let mut pos = v.start();
    let mut plies = 0;
    while pos.placing() {
        let mut moves = Vec::new();
        v.legal_moves(&pos, &mut moves);
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|m| matches!(m.kind, MoveKind::Place(_))));
        pos = v.play(&pos, &moves[moves.len() / 2]);
        plies += 1;
    }
    assert_eq!(plies, 16, "eight men a side, one at a time");
    assert_eq!(v.to_move(&pos).0, 0);
    assert_eq!(pos.board.occupied().len(), 16);
    let mut moves = Vec::new();
    v.legal_moves(&pos, &mut moves);
    assert!(moves.iter().all(|m| !matches!(m.kind, MoveKind::Place(_))));
}

/// ecila.md 4.1 and 7: forces are an option; at most four unicorns on the board; Ecila Chess needs
/// one king a side.
#[test]
fn s4_forces_are_checked() {
    let bad = |army: &str, game: EcilaGame| {
        Ecila8::new(EcilaOptions {
            army: army.into(),
            game,
            ..EcilaOptions::default()
        })
        .err()
        .map(|e| e.to_string())
    };
    assert!(bad("KUUU", EcilaGame::Chess).unwrap().contains("unicorns"));
    assert!(bad("QRR", EcilaGame::Chess).unwrap().contains("one king"));
    assert!(bad("QRR", EcilaGame::Scacia).is_none());
    assert!(bad("KQZ", EcilaGame::Chess).unwrap().contains("'Z'"));
    let mut o = EcilaOptions::default();
    assert!(o.set("queen", "alternative").is_ok());
    assert!(o.set("king", "sideways").is_err());
    assert!(o.set("colour", "red").is_err());
}

/// ecila.md 2: rook, bishop, unicorn, queen, narwhal and king move within their Cube or between
/// Cubes to the cell of the same number, never both; horse, hippogriff and wyvern always change
/// Cube and cell ("no movements at all in a single cube").
#[test]
fn s2_within_or_between_cubes() {
    let v = ecila();
    let e = v.engine();
    let s = e.shape();
    for kind in 0..e.kinds().len() as u8 {
        let letter = e.kinds()[kind as usize].letter;
        let leaper = "HGW".contains(letter);
        for from in s.cells() {
            let a = s.coords(from);
            for to in e.reach_on_empty_board(spacechess_variant::Player(0), kind, from) {
                let b = s.coords(to);
                let outer = (0..3).any(|i| a.get(i) != b.get(i));
                let inner = (3..6).any(|i| a.get(i) != b.get(i));
                if leaper {
                    assert!(outer && inner, "{letter} {}", e.cell_name(to));
                } else {
                    assert!(outer != inner, "{letter} {}", e.cell_name(to));
                }
            }
        }
    }
}
