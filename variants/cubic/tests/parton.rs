//! Parton's Cubic Chess, Compulsion Cubic Chess, Cubic Scacia and the Tamerlane variation: the
//! test vectors of shared/rules/parton-cubic.md (§9 rows T1..T13), the arrays (§4, §8), pawns
//! (§3), the goals (§5-§7), the options, snapshots, perft and random games.

mod common;

use common::*;
use spacechess_cubic::{offset, reach_names, Cubic, Cubic6};
use spacechess_variant::{perft, Outcome, Variant, WinReason};
use std::collections::BTreeSet;

fn cubic() -> Cubic6 {
    Cubic::cubic(None, &[]).unwrap()
}
fn tamerlane() -> Cubic6 {
    Cubic::tamerlane(None, &[]).unwrap()
}
fn compulsion() -> Cubic6 {
    Cubic::compulsion(None, &[]).unwrap()
}
fn scacia() -> Cubic6 {
    Cubic::scacia(None, &[]).unwrap()
}

fn names(s: &str) -> Vec<String> {
    sorted(&s.split(' ').collect::<Vec<_>>())
}

/// parton-cubic.md T1.
#[test]
fn t1_rook_from_aa1() {
    let want = "Ab1 Ac1 Ad1 Ae1 Af1 Aa2 Aa3 Aa4 Aa5 Aa6 Ba1 Ca1 Da1 Ea1 Fa1";
    assert_eq!(reach_names(&cubic(), 0, 'R', "Aa1"), names(want));
}

/// parton-cubic.md T2 (with the Ff1 correction of §10.1).
#[test]
fn t2_bishop_from_aa1() {
    let want = "Ab2 Ac3 Ad4 Ae5 Af6 Ba2 Ca3 Da4 Ea5 Fa6 Bb1 Cc1 Dd1 Ee1 Ff1";
    assert_eq!(reach_names(&cubic(), 0, 'B', "Aa1"), names(want));
}

/// parton-cubic.md T3.
#[test]
fn t3_unicorn_from_aa1() {
    assert_eq!(
        reach_names(&cubic(), 0, 'U', "Aa1"),
        names("Bb2 Cc3 Dd4 Ee5 Ff6")
    );
}

/// The number of directions in which a piece moves from a cell (empty board).
fn directions(g: &Cubic6, l: char, from: &str) -> usize {
    let dirs: BTreeSet<Vec<i8>> = reach_names(g, 0, l, from)
        .iter()
        .map(|to| {
            offset(g, from, to)
                .unwrap()
                .as_slice()
                .iter()
                .map(|c| c.signum())
                .collect()
        })
        .collect();
    dirs.len()
}

/// parton-cubic.md T4: rook 6 directions inside, 4 from an edge cell; unicorn 8 inside, 2 from an
/// edge cell, 1 from a corner; king 26 inside.
#[test]
fn t4_direction_counts() {
    let g = cubic();
    assert_eq!(
        [directions(&g, 'R', "Cc3"), directions(&g, 'R', "Aa3")],
        [6, 4]
    );
    assert_eq!(
        [
            directions(&g, 'U', "Cc3"),
            directions(&g, 'U', "Aa3"),
            directions(&g, 'U', "Aa1")
        ],
        [8, 2, 1]
    );
    assert_eq!(directions(&g, 'K', "Cc3"), 26);
}

/// parton-cubic.md T5.
#[test]
fn t5_horse_from_aa1() {
    assert_eq!(
        reach_names(&cubic(), 0, 'H', "Aa1"),
        names("Ca2 Cb1 Ba3 Bc1 Ab3 Ac2")
    );
}

/// parton-cubic.md T6: a white pawn on Cd2 moves to the 9 cells of rank 3 around it when empty
/// and captures there when they hold enemies; straight up, down or sideways never.
#[test]
fn t6_pawn() {
    let g = cubic();
    let want = names("Dc3 Dd3 De3 Bc3 Bd3 Be3 Cc3 Cd3 Ce3");
    let alone = position(&g, &[('P', "Cd2", 0), ('K', "Aa1", 0), ('K', "Ff6", 1)], 0);
    assert_eq!(targets_from(&g, &alone, "Cd2"), want);
    let mut men = vec![('P', "Cd2", 0), ('K', "Aa1", 0), ('K', "Ff6", 1)];
    let enemies: Vec<String> = want
        .iter()
        .cloned()
        .chain(names("Cc2 Ce2 Bd2 Dd2 Cd1 Bd1 Dc1"))
        .collect();
    men.extend(enemies.iter().map(|c| ('H', c.as_str(), 1)));
    let crowded = position(&g, &men, 0);
    let t = move_texts(&g, &crowded);
    let caps: Vec<String> = t
        .iter()
        .filter(|m| m.starts_with("Cd2x"))
        .map(|m| m[4..].to_string())
        .collect();
    assert_eq!(
        sorted(&caps.iter().map(|s| s.as_str()).collect::<Vec<_>>()),
        want
    );
    assert!(t.iter().all(|m| !m.starts_with("Cd2-")));
}

/// The Zurafa's reach counted straight from parton-cubic.md §8 (a diagonal step to a cell on the
/// board, then at least `min` cells outward along either axis of the step).
fn zurafa_formula(from: [i32; 3], min: i32) -> usize {
    let mut n = 0;
    for a in 0..3 {
        for b in a + 1..3 {
            for sa in [-1, 1] {
                for sb in [-1, 1] {
                    let mut mid = from;
                    mid[a] += sa;
                    mid[b] += sb;
                    if mid.iter().any(|&c| !(0..6).contains(&c)) {
                        continue;
                    }
                    for (axis, s) in [(a, sa), (b, sb)] {
                        let room = if s > 0 { 5 - mid[axis] } else { mid[axis] };
                        n += (room - min + 1).max(0) as usize;
                    }
                }
            }
        }
    }
    n
}

/// parton-cubic.md T7 (from Cc3) and T8 (from Aa1): empty-board counts of every piece.
#[test]
fn t7_t8_empty_board_counts() {
    let (c, t) = (cubic(), tamerlane());
    let n = |g: &Cubic6, l, from| reach_names(g, 0, l, from).len();
    assert_eq!(
        ['R', 'B', 'U', 'Q', 'K', 'H'].map(|l| n(&c, l, "Cc3")),
        [15, 27, 17, 59, 26, 24]
    );
    assert_eq!(
        ['D', 'A', 'F', 'Z'].map(|l| n(&t, l, "Cc3")),
        [6, 12, 12, 36]
    );
    assert_eq!(
        ['R', 'B', 'U', 'Q', 'K', 'H'].map(|l| n(&c, l, "Aa1")),
        [15, 15, 5, 35, 7, 6]
    );
    assert_eq!(['D', 'A', 'F', 'Z'].map(|l| n(&t, l, "Aa1")), [3, 3, 3, 24]);
}

/// parton-cubic.md §8: the Zurafa with zurafa_min 1, 2, 3 against the rule counted directly, from
/// several cells; the diagonal cell itself is never a destination, and a man there blocks.
#[test]
fn s8_zurafa_min_option_and_blocking() {
    for min in 1..=3u8 {
        let g = Cubic::tamerlane(None, &[("zurafa_min".into(), min.to_string())]).unwrap();
        for (cell, co) in [
            ("Cc3", [2, 2, 2]),
            ("Aa1", [0, 0, 0]),
            ("Bd5", [3, 4, 1]),
            ("Fa6", [0, 5, 5]),
        ] {
            assert_eq!(
                reach_names(&g, 0, 'Z', cell).len(),
                zurafa_formula(co, min as i32),
                "{cell} min {min}"
            );
        }
    }
    let g = tamerlane();
    let r = reach_names(&g, 0, 'Z', "Aa1");
    assert!(
        !r.contains(&"Ab2".to_string())
            && r.contains(&"Ab3".to_string())
            && r.contains(&"Af2".to_string())
    );
    // A man on the diagonal cell Ab2 blocks both rides through it; a man on Ab4 stops the ride
    // up the ranks (and may be captured if an enemy).
    let p = position(
        &g,
        &[
            ('Z', "Aa1", 0),
            ('P', "Ab2", 0),
            ('K', "Fa1", 0),
            ('K', "Ff6", 1),
        ],
        0,
    );
    let t = targets_from(&g, &p, "Aa1");
    assert!(!t
        .iter()
        .any(|c| ["Ab3", "Ac2", "Af2", "Ab6"].contains(&c.as_str())));
    let p = position(
        &g,
        &[
            ('Z', "Aa1", 0),
            ('H', "Ab4", 1),
            ('K', "Fa1", 0),
            ('K', "Ff6", 1),
        ],
        0,
    );
    let t = targets_from(&g, &p, "Aa1");
    assert!(
        t.contains(&"Ab3".to_string())
            && t.contains(&"Ab4".to_string())
            && !t.contains(&"Ab5".to_string())
    );
    // The Zurafa gives check: a king on Ab5 is attacked from Aa1 through Ab2.
    let p = position(&g, &[('Z', "Aa1", 1), ('K', "Ab5", 0), ('K', "Ff6", 1)], 0);
    assert!(g.in_check(&p));
}

/// parton-cubic.md T11: Tamerlane, White's first moves: 108 (pawns 80, horsemen 18, alfils 6,
/// dabbabas 4; zurafas, fers, king and rooks none).
#[test]
fn t11_tamerlane_first_moves() {
    let g = tamerlane();
    let s = g.start();
    let mut ms = Vec::new();
    g.legal_moves(&s, &mut ms);
    assert_eq!(ms.len(), 108);
    let e = g.engine();
    let mut by = std::collections::BTreeMap::new();
    for m in &ms {
        let l = e.kinds()[s.board.piece_at(m.from).unwrap().kind as usize].letter;
        *by.entry(l).or_insert(0) += 1;
    }
    assert_eq!(
        by.into_iter().collect::<Vec<_>>(),
        vec![('A', 6), ('D', 4), ('H', 18), ('P', 80)]
    );
}

/// parton-cubic.md T13: in Compulsion Cubic Chess, with a capture available only captures are
/// legal.
#[test]
fn t13_compulsion_captures_only() {
    let g = compulsion();
    let p = position(
        &g,
        &[
            ('R', "Aa1", 0),
            ('P', "Cc3", 0),
            ('K', "Ff1", 0),
            ('H', "Aa5", 1),
            ('K', "Ff6", 1),
        ],
        0,
    );
    assert_eq!(move_texts(&g, &p), vec!["Aa1xAa5".to_string()]);
    let e = g.parse_move(&p, "Cc3-Cc4").unwrap_err();
    assert!(e.to_string().contains("compulsory"), "{e}");
}

/// parton-cubic.md §4: the ordinary array, Black = White turned 180 degrees about the vertical
/// axis, 18 men each.
#[test]
fn s4_initial_array() {
    let g = cubic();
    let s = g.start();
    let e = g.engine();
    let at = |c: &str| {
        let pc = s.board.piece_at(e.parse_cell(c).unwrap()).unwrap();
        format!("{}{}", e.kinds()[pc.kind as usize].letter, pc.player.0)
    };
    let white: Vec<String> = ["Aa1", "Ab1", "Ac1", "Ad1", "Ae1", "Af1"]
        .iter()
        .map(|c| at(c))
        .collect();
    assert_eq!(white, ["K0", "Q0", "B0", "U0", "H0", "R0"]);
    let black: Vec<String> = ["Aa6", "Ab6", "Ac6", "Ad6", "Ae6", "Af6"]
        .iter()
        .map(|c| at(c))
        .collect();
    assert_eq!(black, ["R1", "H1", "U1", "B1", "Q1", "K1"]);
    for c in ["Aa2", "Af2", "Ba1", "Bf1"] {
        assert_eq!(at(c), "P0");
    }
    for c in ["Aa5", "Af5", "Ba6", "Bf6"] {
        assert_eq!(at(c), "P1");
    }
    let sh = e.shape();
    for c in s.board.occupied() {
        let v = sh.coords(c);
        let r = sh
            .cell(&spacechess_geometry::Vector::new(&[
                5 - v.get(0),
                5 - v.get(1),
                v.get(2),
            ]))
            .unwrap();
        let (a, b) = (s.board.piece_at(c).unwrap(), s.board.piece_at(r).unwrap());
        assert_eq!((a.kind, a.player.0), (b.kind, 1 - b.player.0));
    }
    assert_eq!(s.board.of_player(spacechess_variant::Player(0)).len(), 18);
    assert_eq!(s.board.occupied().len(), 36);
}

/// parton-cubic.md §8: the Tamerlane array, and the tamerlane_mirror option.
#[test]
fn s8_tamerlane_array() {
    let row = |g: &Cubic6, cells: &[&str]| -> String {
        let s = g.start();
        let e = g.engine();
        cells
            .iter()
            .map(|c| {
                let pc = s.board.piece_at(e.parse_cell(c).unwrap()).unwrap();
                e.kinds()[pc.kind as usize].letter
            })
            .collect()
    };
    let g = tamerlane();
    let a1 = ["Aa1", "Ab1", "Ac1", "Ad1", "Ae1", "Af1"];
    let a6 = ["Aa6", "Ab6", "Ac6", "Ad6", "Ae6", "Af6"];
    assert_eq!(row(&g, &a1), "RZFKZR");
    assert_eq!(
        row(&g, &["Ba1", "Bb1", "Bc1", "Bd1", "Be1", "Bf1"]),
        "DAHHAD"
    );
    assert_eq!(row(&g, &a6), "RZKFZR"); // Black's K on Ac6, F on Ad6
    assert_eq!(
        row(&g, &["Ba6", "Bb6", "Bc6", "Bd6", "Be6", "Bf6"]),
        "DAHHAD"
    );
    let m = Cubic::tamerlane(None, &[("tamerlane_mirror".into(), "true".into())]).unwrap();
    assert_eq!(row(&m, &a6), "RZFKZR");
    assert_eq!(g.start().board.occupied().len(), 48);
}

/// parton-cubic.md §3: promotion on the last rank, any level, to Q, R, B, U or H; Tamerlane to
/// any non-royal man or (option) the Fers only.
#[test]
fn s3_promotion() {
    let g = cubic();
    let p = position(&g, &[('P', "Dc5", 0), ('K', "Aa1", 0), ('K', "Ff1", 1)], 0);
    let t = move_texts(&g, &p);
    let promos: Vec<&String> = t.iter().filter(|m| m.starts_with("Dc5")).collect();
    assert_eq!(promos.len(), 9 * 5);
    assert!(promos.iter().all(|m| m.contains('=')));
    let f = Cubic::tamerlane(None, &[("tamerlane_promotion".into(), "fers_only".into())]).unwrap();
    let p = position(&f, &[('P', "Dc5", 0), ('K', "Aa1", 0), ('K', "Ff1", 1)], 0);
    assert!(move_texts(&f, &p)
        .iter()
        .filter(|m| m.starts_with("Dc5"))
        .all(|m| m.ends_with("=F")));
}

/// parton-cubic.md §5: ordinary Cubic Chess is won by checkmate; a king may not be left attacked.
#[test]
fn s5_checkmate() {
    let g = cubic();
    // Black king in the corner Ff6, the white queen on Ee5 guarded by the king on Dd4.
    let p = position(&g, &[('Q', "Ee5", 0), ('K', "Dd4", 0), ('K', "Ff6", 1)], 1);
    assert!(
        matches!(
            g.outcome(&p),
            Some(Outcome::Win {
                reason: WinReason::Checkmate,
                ..
            })
        ),
        "{}",
        g.draw(&p)
    );
    // A king may not step onto an attacked cell.
    let p = position(&g, &[('R', "Ab3", 0), ('K', "Aa1", 0), ('K', "Ff6", 1)], 0);
    assert!(!targets_from(&g, &p, "Aa1").is_empty());
    let p = position(&g, &[('R', "Ab3", 1), ('K', "Aa1", 0), ('K', "Ff6", 1)], 0);
    assert_eq!(targets_from(&g, &p, "Aa1"), names("Aa2 Ba1 Ba2 Bb1 Bb2"));
}

/// parton-cubic.md §6: Compulsion: no check (a king may step into attack or stay attacked), the
/// capture of the king wins, a player without moves draws (option no_move).
#[test]
fn s6_compulsion_goal() {
    let g = compulsion();
    let p = position(&g, &[('R', "Ab3", 1), ('K', "Aa1", 0), ('K', "Ff6", 1)], 0);
    assert!(targets_from(&g, &p, "Aa1").contains(&"Ab2".to_string()));
    let p = position(&g, &[('R', "Ab3", 0), ('K', "Aa1", 0), ('K', "Ab6", 1)], 0);
    let m = g.parse_move(&p, "Ab3xAb6").unwrap();
    let after = g.play(&p, &m);
    assert_eq!(
        g.outcome(&after),
        Some(Outcome::Win {
            winners: vec![spacechess_variant::Player(0)],
            reason: WinReason::KingCaptured
        })
    );
    let loss = Cubic::compulsion(None, &[("no_move".into(), "loss".into())]).unwrap();
    assert_eq!(
        loss.engine().rules().stalemate,
        spacechess_engine::StalemateResult::Loss
    );
}

/// parton-cubic.md §7: Scacia: kings ordinary (no check), captures compulsory, taking every enemy
/// man wins; option king_promotion.
#[test]
fn s7_scacia() {
    let g = scacia();
    let p = position(&g, &[('R', "Ab3", 1), ('K', "Aa1", 0), ('P', "Ff5", 1)], 0);
    assert!(targets_from(&g, &p, "Aa1").contains(&"Ab2".to_string()));
    let p = position(&g, &[('R', "Ab3", 0), ('K', "Ab6", 1), ('P', "Ff2", 0)], 0);
    assert_eq!(move_texts(&g, &p), vec!["Ab3xAb6".to_string()]);
    let after = g.play(&p, &g.parse_move(&p, "Ab3xAb6").unwrap());
    assert_eq!(
        g.outcome(&after),
        Some(Outcome::Win {
            winners: vec![spacechess_variant::Player(0)],
            reason: WinReason::CapturedEverything
        })
    );
    let k = Cubic::scacia(None, &[("king_promotion".into(), "true".into())]).unwrap();
    let p = position(&k, &[('P', "Dc5", 0), ('P', "Aa2", 1)], 0);
    assert!(move_texts(&k, &p).contains(&"Dc5-Dc6=K".to_string()));
}

#[test]
fn snapshots_start_and_middlegames() {
    for (g, name) in [
        (cubic(), "cubic"),
        (compulsion(), "compulsion"),
        (scacia(), "scacia"),
        (tamerlane(), "tamerlane"),
    ] {
        insta::assert_snapshot!(format!("{name}_start"), snapshot(&g, &[], &g.start()));
        for (i, (seed, plies)) in [(5u64, 12usize), (77, 24)].into_iter().enumerate() {
            let (pos, line) = random_line(&g, seed, plies);
            insta::assert_snapshot!(
                format!("{name}_middlegame_{}", i + 1),
                snapshot(&g, &line, &pos)
            );
        }
    }
}

/// Perft from the starts, depths 1 to 3: parton-cubic.md §2 (pieces), §3 (pawn), §4 (array), §5
/// (check) for Cubic Chess; §8 (force, Zurafa, array) for Tamerlane, whose depth 1 is §9 T11
/// (108). The Cubic Chess and Tamerlane counts are the independent reference's of tests/naive.rs
/// (written from the same sections; depth 2 in every run, depth 3 in its ignored test,
/// `just deep-perft`). Compulsion and Scacia (§6, §7: captures compulsory, no check) have no
/// independent count: theirs are regression values (docs/cubic.md).
#[test]
fn perft_start_depths_1_to_3() {
    for (g, want) in [
        (cubic(), [92, 8_447, 839_132]),
        (tamerlane(), [108, 11_639, 1_264_035]),
        (compulsion(), [92, 8_464, 507_996]),
        (scacia(), [92, 8_464, 507_996]),
    ] {
        assert_eq!(
            [1, 2, 3].map(|d| perft(&g, &g.start(), d)),
            want,
            "{}",
            g.name()
        );
    }
}

/// Cubic Chess perft(4) from the start (parton-cubic.md §2-§5): 82,839,079, the count of an
/// independent generator (about 3 s in the test profile, so it runs every time).
#[test]
fn perft_start_depth_4_cubic() {
    let g = cubic();
    assert_eq!(perft(&g, &g.start(), 4), 82_839_079);
}

/// Tamerlane perft(4) from the start (parton-cubic.md §8): a regression value (docs/cubic.md); no
/// independent source counts this deep (tests/naive.rs stops at depth 3).
#[test]
#[ignore = "deep perft: run with just deep-perft"]
fn perft_start_depth_4_tamerlane() {
    let g = tamerlane();
    assert_eq!(perft(&g, &g.start(), 4), 136_974_522);
}

#[test]
fn random_games_round_trip() {
    for (g, seed) in [
        (cubic(), 1u64),
        (compulsion(), 2),
        (scacia(), 3),
        (tamerlane(), 4),
    ] {
        random_games(&g, 75, 50, seed);
    }
}

/// The example options files of rules/options/ load and take effect (docs/cubic.md).
#[test]
fn example_options_files() {
    let read = |f: &str| {
        std::fs::read_to_string(format!("{}/rules/options/{f}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
    };
    let t = Cubic::tamerlane(Some(&read("tamerlane-timur.ron")), &[]).unwrap();
    assert_eq!(
        reach_names(&t, 0, 'Z', "Cc3").len(),
        zurafa_formula([2, 2, 2], 3)
    );
    let r = Cubic::raumschach(Some(&read("raumschach-boyer.ron")), &[]).unwrap();
    assert!(r.options_ron().contains("pawn_double_step: true"));
    let g = Cubic::cubic8_teams(Some(&read("cubic8-teams-14v23.ron")), &[]).unwrap();
    assert!(g
        .players()
        .allied(spacechess_variant::Player(0), spacechess_variant::Player(3)));
}
