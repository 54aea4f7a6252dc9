//! Raumschach: every test vector of shared/rules/raumschach.md (rows T1..T15 of §5), the array
//! (§3), pawns and promotion (§2), the options (§7), snapshots, perft and random games.

mod common;

use common::*;
use spacechess_cubic::{reach_names, Cubic, Raumschach};
use spacechess_variant::{perft, Variant};
use std::collections::BTreeSet;

fn game() -> Raumschach {
    Cubic::raumschach(None, &[]).unwrap()
}

fn count(g: &Raumschach, l: char, from: &str) -> usize {
    reach_names(g, 0, l, from).len()
}

/// raumschach.md T1: rook, bishop and unicorn from Cc3 reach 52 cells (12 + 24 + 16).
#[test]
fn t1_rook_bishop_unicorn_from_centre() {
    let g = game();
    let (r, b, u) = (
        reach_names(&g, 0, 'R', "Cc3"),
        reach_names(&g, 0, 'B', "Cc3"),
        reach_names(&g, 0, 'U', "Cc3"),
    );
    assert_eq!((r.len(), b.len(), u.len()), (12, 24, 16));
    let all: BTreeSet<_> = r.iter().chain(&b).chain(&u).collect();
    assert_eq!(all.len(), 52);
}

/// raumschach.md T2.
#[test]
fn t2_rook_from_aa1() {
    let want = "Ab1 Ac1 Ad1 Ae1 Aa2 Aa3 Aa4 Aa5 Ba1 Ca1 Da1 Ea1";
    assert_eq!(
        reach_names(&game(), 0, 'R', "Aa1"),
        sorted(&want.split(' ').collect::<Vec<_>>())
    );
}

/// raumschach.md T3.
#[test]
fn t3_bishop_from_aa1() {
    let want = "Ab2 Ac3 Ad4 Ae5 Ba2 Ca3 Da4 Ea5 Bb1 Cc1 Dd1 Ee1";
    assert_eq!(
        reach_names(&game(), 0, 'B', "Aa1"),
        sorted(&want.split(' ').collect::<Vec<_>>())
    );
}

/// raumschach.md T4.
#[test]
fn t4_unicorn_from_aa1() {
    assert_eq!(
        reach_names(&game(), 0, 'U', "Aa1"),
        sorted(&["Bb2", "Cc3", "Dd4", "Ee5"])
    );
}

/// raumschach.md T5.
#[test]
fn t5_knight_from_aa1() {
    let want = ["Ab3", "Ac2", "Ba3", "Bc1", "Ca2", "Cb1"];
    assert_eq!(reach_names(&game(), 0, 'N', "Aa1"), sorted(&want));
}

/// A white pawn on Cc3 with black pawns on all 26 neighbouring cells (kings far away).
fn pawn_among_enemies(g: &Raumschach) -> spacechess_cubic::CubicPosition<2> {
    let mut men: Vec<(char, String, u8)> = vec![
        ('P', "Cc3".into(), 0),
        ('K', "Aa1".into(), 0),
        ('K', "Ee5".into(), 1),
    ];
    for l in ["B", "C", "D"] {
        for f in ["b", "c", "d"] {
            for r in ["2", "3", "4"] {
                let c = format!("{l}{f}{r}");
                if c != "Cc3" {
                    men.push(('P', c, 1));
                }
            }
        }
    }
    let men: Vec<(char, &str, u8)> = men.iter().map(|(l, c, p)| (*l, c.as_str(), *p)).collect();
    position(g, &men, 0)
}

/// raumschach.md T6: a white pawn on Cc3 moves to Cc4 or Dc3 and captures on Cb4, Cd4, Db3, Dc4,
/// Dd3 (5).
#[test]
fn t6_pawn_moves_and_captures() {
    let g = game();
    let alone = position(&g, &[('P', "Cc3", 0), ('K', "Aa1", 0), ('K', "Ee5", 1)], 0);
    assert_eq!(targets_from(&g, &alone, "Cc3"), sorted(&["Cc4", "Dc3"]));
    let crowded = pawn_among_enemies(&g);
    assert_eq!(
        targets_from(&g, &crowded, "Cc3"),
        sorted(&["Cb4", "Cd4", "Db3", "Dc4", "Dd3"])
    );
}

/// raumschach.md T7: not captures for the pawn on Cc3: Bc4, Dc2, Cb2, Cd2, Bb3, Bd3 and the
/// unicorn steps (Db2, Dd4, ...).
#[test]
fn t7_pawn_non_captures() {
    let g = game();
    let t = targets_from(&g, &pawn_among_enemies(&g), "Cc3");
    for no in [
        "Bc4", "Dc2", "Cb2", "Cd2", "Bb3", "Bd3", "Db2", "Dd4", "Bb2", "Dd2", "Db4", "Bd4", "Bb4",
        "Bd2",
    ] {
        assert!(!t.contains(&no.to_string()), "{no}");
    }
}

/// raumschach.md T8.
#[test]
fn t8_bishop_from_cc3() {
    let want = "Cd4 Ce5 Cb2 Ca1 Cd2 Ce1 Cb4 Ca5 Dd3 Ee3 Bb3 Aa3 Db3 Ea3 Bd3 Ae3 Bc2 Ac1 Dc4 Ec5 Bc4 Ac5 Dc2 Ec1";
    assert_eq!(
        reach_names(&game(), 0, 'B', "Cc3"),
        sorted(&want.split(' ').collect::<Vec<_>>())
    );
}

/// raumschach.md T9.
#[test]
fn t9_unicorn_from_bb2() {
    let want = [
        "Aa1", "Cc3", "Dd4", "Ee5", "Aa3", "Cc1", "Ac1", "Ca3", "Ca1", "Ac3",
    ];
    assert_eq!(reach_names(&game(), 0, 'U', "Bb2"), sorted(&want));
}

/// raumschach.md T10, T11, T12: king, knight, queen, rook counts.
#[test]
fn t10_t11_t12_counts() {
    let g = game();
    assert_eq!(count(&g, 'K', "Bb2"), 26); // T10
    assert_eq!(
        [
            count(&g, 'K', "Cc3"),
            count(&g, 'N', "Cc3"),
            count(&g, 'Q', "Cc3")
        ],
        [26, 24, 52]
    ); // T11
    assert_eq!(
        [
            count(&g, 'K', "Aa1"),
            count(&g, 'Q', "Aa1"),
            count(&g, 'R', "Aa1")
        ],
        [7, 28, 12]
    ); // T12
}

/// Cells reachable by repeated moves of a piece on an empty board.
fn closure(g: &Raumschach, l: char, from: &str) -> usize {
    let mut seen: BTreeSet<String> = [from.to_string()].into();
    let mut todo = vec![from.to_string()];
    while let Some(c) = todo.pop() {
        for t in reach_names(g, 0, l, &c) {
            if seen.insert(t.clone()) {
                todo.push(t);
            }
        }
    }
    seen.len()
}

/// raumschach.md T13, T14 (unicorn classes of 30 and 35 cells) and T15 (bishop 62 / 63), §6.
#[test]
fn t13_t14_t15_binding() {
    let g = game();
    for c in ["Bb1", "Be1", "Da5", "Dd5"] {
        assert_eq!(closure(&g, 'U', c), 30, "T13 {c}");
    }
    assert_eq!(closure(&g, 'U', "Aa1"), 35, "T14");
    assert_eq!(closure(&g, 'U', "Cc3"), 35, "T14");
    assert_eq!(closure(&g, 'B', "Ba1"), 62, "T15");
    assert_eq!(closure(&g, 'B', "Bd1"), 63, "T15");
}

/// raumschach.md §3: the array, and Black's as White's point reflection through Cc3.
#[test]
fn s3_initial_array() {
    let g = game();
    let s = g.start();
    let e = g.engine();
    let at = |c: &str| {
        let pc = s.board.piece_at(e.parse_cell(c).unwrap()).unwrap();
        (e.kinds()[pc.kind as usize].letter, pc.player.0)
    };
    for (c, l) in [
        ("Ac1", 'K'),
        ("Bc1", 'Q'),
        ("Aa1", 'R'),
        ("Ae1", 'R'),
        ("Ba1", 'B'),
        ("Bd1", 'B'),
        ("Bb1", 'U'),
        ("Be1", 'U'),
        ("Ab1", 'N'),
        ("Ad1", 'N'),
        ("Aa2", 'P'),
        ("Be2", 'P'),
    ] {
        assert_eq!(at(c), (l, 0), "{c}");
    }
    for (c, l) in [
        ("Ec5", 'K'),
        ("Dc5", 'Q'),
        ("Ea5", 'R'),
        ("Ee5", 'R'),
        ("Db5", 'B'),
        ("De5", 'B'),
        ("Da5", 'U'),
        ("Dd5", 'U'),
        ("Eb5", 'N'),
        ("Ed5", 'N'),
        ("Ea4", 'P'),
        ("Da4", 'P'),
    ] {
        assert_eq!(at(c), (l, 1), "{c}");
    }
    let sh = e.shape();
    for c in s.board.occupied() {
        let v = sh.coords(c);
        let r = sh.cell(&v.map(|x| 4 - x)).unwrap();
        let (a, b) = (s.board.piece_at(c).unwrap(), s.board.piece_at(r).unwrap());
        assert_eq!((a.kind, a.player.0), (b.kind, 1 - b.player.0));
    }
    assert_eq!(s.board.occupied().len(), 40);
}

/// raumschach.md §2: promotion on level E rank 5 only (Q, R, B, U, N); a pawn on rank 5 below
/// level E, or on level E below rank 5, is not promoted.
#[test]
fn s2_promotion_zone() {
    let g = game();
    let p = position(
        &g,
        &[
            ('P', "Dc5", 0),
            ('P', "Ea4", 0),
            ('P', "Cd4", 0),
            ('K', "Aa1", 0),
            ('K', "Ae5", 1),
        ],
        0,
    );
    let t = move_texts(&g, &p);
    let from = |c: &str| {
        t.iter()
            .filter(|m| m.starts_with(c))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        from("Dc5"),
        sorted(&[
            "Dc5-Ec5=B",
            "Dc5-Ec5=N",
            "Dc5-Ec5=Q",
            "Dc5-Ec5=R",
            "Dc5-Ec5=U"
        ])
    );
    assert_eq!(from("Ea4").len(), 5); // Ea4-Ea5=Q..N
    assert_eq!(from("Cd4"), sorted(&["Cd4-Cd5", "Cd4-Dd4"]));
    // Black promotes on level A rank 1.
    let b = position(&g, &[('P', "Bc1", 1), ('K', "Ee5", 0), ('K', "Ea5", 1)], 1);
    assert_eq!(targets_from(&g, &b, "Bc1"), sorted(&["Ac1"]));
    assert_eq!(
        move_texts(&g, &b)
            .iter()
            .filter(|m| m.contains("="))
            .count(),
        5
    );
    // A pawn may not stand in its promotion zone.
    assert!(g
        .parse_position("2P2/5/5/5/5//5/5/5/5/5//5/5/5/5/5//5/5/5/5/5//5/5/5/5/K3k w")
        .is_err());
}

/// raumschach.md §4: checkmate wins, stalemate draws.
#[test]
fn s4_mate_and_stalemate() {
    use spacechess_variant::{DrawReason, Outcome, WinReason};
    let g = game();
    // Black king in the corner Ee5: the queen on Dd4 (guarded by the king on Cc3) checks it and,
    // with the rooks on Ea1 and Aa5, covers every flight.
    let mate = position(
        &g,
        &[
            ('K', "Cc3", 0),
            ('Q', "Dd4", 0),
            ('R', "Ea1", 0),
            ('R', "Aa5", 0),
            ('K', "Ee5", 1),
        ],
        1,
    );
    let o = g.outcome(&mate);
    assert!(
        matches!(o, Some(Outcome::Win { ref winners, reason: WinReason::Checkmate }) if winners.len() == 1 && winners[0].0 == 0),
        "{o:?}\n{}",
        g.draw(&mate)
    );
    // Stalemate: a black king alone in the corner Ee5 against a white king and queen; the first
    // placement (in board order) that leaves Black without a move while not in check must score
    // a draw.
    let e = g.engine();
    let names: Vec<String> = e.shape().cells().map(|c| e.cell_name(c)).collect();
    let stale = names
        .iter()
        .flat_map(|k| names.iter().map(move |q| (k, q)))
        .filter(|(k, q)| k != q && *k != "Ee5" && *q != "Ee5")
        .filter_map(|(k, q)| {
            try_position(
                &g,
                &[('K', k.as_str(), 0), ('Q', q.as_str(), 0), ('K', "Ee5", 1)],
                1,
            )
        })
        .find(|p| {
            let mut ms = Vec::new();
            g.legal_moves(p, &mut ms);
            ms.is_empty() && !g.in_check(p)
        })
        .expect("a queen stalemates a cornered king");
    assert_eq!(
        g.outcome(&stale),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
}

/// raumschach.md §7.1 (option pawn_double_step) and §7.2 (option pawn_forward_up_capture).
#[test]
fn s7_options() {
    let g = Cubic::raumschach(None, &[("pawn_double_step".into(), "true".into())]).unwrap();
    let p = position(&g, &[('P', "Ac2", 0), ('K', "Aa1", 0), ('K', "Ee5", 1)], 0);
    assert_eq!(
        targets_from(&g, &p, "Ac2"),
        sorted(&["Ac3", "Ac4", "Bc2", "Cc2"])
    );
    let mut f: Vec<String> = g.position_text(&p).split(' ').map(String::from).collect();
    f[2] = "-".into(); // nothing unmoved: no double step
    let moved = g.parse_position(&f.join(" ")).unwrap();
    assert_eq!(targets_from(&g, &moved, "Ac2"), sorted(&["Ac3", "Bc2"]));
    let g4 = Cubic::raumschach(Some("(pawn_forward_up_capture: false)"), &[]).unwrap();
    assert_eq!(
        targets_from(&g4, &pawn_among_enemies(&g4), "Cc3"),
        sorted(&["Cb4", "Cd4", "Db3", "Dd3"])
    );
}

#[test]
fn snapshots_start_and_middlegames() {
    let g = game();
    insta::assert_snapshot!("raumschach_start", snapshot(&g, &[], &g.start()));
    for (name, seed, plies) in [
        ("raumschach_middlegame_1", 11, 12),
        ("raumschach_middlegame_2", 23, 20),
    ] {
        let (pos, line) = random_line(&g, seed, plies);
        insta::assert_snapshot!(name, snapshot(&g, &line, &pos));
    }
}

/// Perft from the start, depths 1 to 4 (raumschach.md §2 pieces, §3 array, §4 check): depths 1
/// to 3 are the counts of the independent reference of tests/naive.rs (depth 2 in every run, 3 in
/// its ignored test, `just deep-perft`); depth 4 is a regression value (docs/cubic.md).
#[test]
fn perft_start_depths_1_to_4() {
    let g = game();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&g, &g.start(), d)),
        [61, 3_615, 237_316, 15_587_032]
    );
}

#[test]
fn random_games_round_trip() {
    let g = game();
    random_games(&g, 300, 50, 0x5eed);
}

/// Perft's last-ply count equals the legal move list's length along random Raumschach games (the
/// engine counts the moves of men that cannot expose the king without listing them), with the
/// pawn double step on as well.
#[test]
fn counted_moves_equal_listed_moves() {
    for g in [
        Cubic::raumschach(None, &[]).unwrap(),
        Cubic::raumschach(None, &[("pawn_double_step".into(), "true".into())]).unwrap(),
    ] {
        let checked = spacechess_variant::verify_counts(&g, &g.start(), 10, 150, 11).unwrap();
        assert!(checked > 500, "{checked}");
    }
}

/// Issue 18 item 5: `ac2-ac3` (lower case, from an empty cell) was "malformed" and `Ac2Ac3` was
/// read although the message said `-` or `x` was required. The rule (docs/formats.md, "Move
/// text"): two cells joined by `-`, `x`, `:` or nothing, letters in either case.
#[test]
fn move_text_from_an_empty_cell_and_without_separator() {
    let g = game();
    let s = g.start();
    let after = g.play_line(&s, &["Ac2-Ac3", "Eb4-Eb3"]).unwrap();
    for t in ["ac2-ac3", "Ac2Ac3", "AC2xAC3", "ac2:ac3"] {
        let err = g.parse_move(&after, t).unwrap_err().to_string();
        assert_eq!(err, format!("illegal move '{t}': there is no man on Ac2"));
    }
    let ac2ac3 = g.parse_move(&s, "Ac2-Ac3").unwrap();
    for t in ["ac2-ac3", "Ac2Ac3", "ac2ac3", "Ac2xAc3", "AC2:AC3"] {
        assert_eq!(g.parse_move(&s, t), Ok(ac2ac3), "{t}");
    }
    let err = g.parse_move(&s, "Ac2-Zz9").unwrap_err().to_string();
    assert_eq!(
        err,
        "malformed move 'Ac2-Zz9': expected two cells joined by '-', 'x', ':' or nothing, as in \
         Aa1-Ab1, with =Q for a promotion; 'Zz9' is not a cell of this board"
    );
}
