//! Engine tests on small rule sets written for the purpose: every atom, goal and text path.

use super::*;
use spacechess_variant::Player;
use spacechess_variant::{divide, divide_parallel, perft, Game, Variant};
use spacechess_variant::{DrawReason, Outcome, WinReason};
use spacechess_variant::{PositionError, RulesError};
use std::sync::Arc;

/// A 2D rule set on a `w` x `h` board with the given pieces (RON text of the list) and setup.
fn rules(w: usize, h: usize, pieces: &str, setup: &str, extra: &str) -> String {
    format!(
        r#"RuleSet(
            name: "test", board: [[{w}, {h}]],
            players: [(name: "White", team: 0, orientation: [1, 1]), (name: "Black", team: 1, orientation: [1, -1])],
            pieces: [{pieces}],
            setup: "{setup}",
            {extra}
        )"#
    )
}

const KING: &str = r#"(name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))])"#;
const ROOK: &str = r#"(name: "Rook", letter: 'R', atoms: [(motion: Ride(steps: Kind(1)))])"#;
const CANNON: &str = r#"(name: "Cannon", letter: 'C', atoms: [
    (motion: Ride(steps: Kind(1)), mode: MoveOnly),
    (motion: Hop(steps: Kind(1), style: Cannon), mode: CaptureOnly)])"#;
const GRASSHOPPER: &str = r#"(name: "Grasshopper", letter: 'G', atoms: [(motion: Hop(steps: Union([Kind(1), Kind(2)]), style: Grasshopper))])"#;
const MAN: &str =
    r#"(name: "Man", letter: 'M', atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))])"#;

fn engine(text: &str) -> Engine<1> {
    Engine::from_ron(text, Arc::new(GenericNotation)).unwrap()
}

fn moves_from(e: &Engine<1>, pos: &Position<1>, from: &str) -> Vec<String> {
    let mut ms = Vec::new();
    e.legal_moves(pos, &mut ms);
    let f = e.parse_cell(from).unwrap();
    let mut out: Vec<String> = ms
        .iter()
        .filter(|m| m.from == f)
        .map(|m| e.move_text(pos, m))
        .collect();
    out.sort();
    out
}

#[test]
fn rider_with_minimum_and_maximum_range() {
    let piece = r#"(name: "Skipper", letter: 'S', atoms: [(motion: Ride(steps: Kind(1), min: 2, max: Some(3)))])"#;
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {piece}"),
        "7k/8/8/8/8/8/8/S6K w",
        "",
    ));
    // From a1 along the file: a3, a4 (not a2, not beyond a4); along the rank b1 is skipped, c1 d1.
    assert_eq!(
        moves_from(&e, &e.start(), "a1"),
        ["a1-a3", "a1-a4", "a1-c1", "a1-d1"]
    );
    // A blocker on a2 stops the ride although a2 itself is not a destination.
    let p = e.parse_position("7k/8/8/8/8/8/K7/S7 w").unwrap();
    assert_eq!(moves_from(&e, &p, "a1"), ["a1-c1", "a1-d1"]);
}

#[test]
fn cannon_moves_captures_and_gives_check_through_a_screen() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {MAN}, {CANNON}"),
        "4k3/8/8/8/8/8/8/4C2K w",
        "",
    ));
    let s = e.start();
    // No screen: the cannon moves like a rook and cannot capture the king on e8.
    let m = moves_from(&e, &s, "e1");
    assert_eq!(m.len(), 6 + 4 + 2, "{m:?}"); // e2..e7, a1..d1, f1 g1
    assert!(!m.iter().any(|t| t.contains("e8")));
    // A white screen on e4 makes the cannon attack e8: Black is in check ...
    let p = e.parse_position("4k3/8/8/8/4M3/8/8/4C2K b").unwrap();
    assert!(e.in_check(&p));
    // ... so the same men with White to move are an impossible position.
    let err = e.parse_position("4k3/8/8/8/4M3/8/8/4C2K w").unwrap_err();
    assert!(matches!(err, PositionError::Invalid(_)), "{err}");
    // Black parries by adding a second screen; taking the screen leaves the taker as the screen,
    // and other moves stay in check.
    let p = e.parse_position("4k3/8/8/3m4/4M3/8/8/4C2K b").unwrap();
    let m = moves_from(&e, &p, "d5");
    assert_eq!(m, ["d5-e5", "d5-e6"]);
    let k = moves_from(&e, &p, "e8");
    assert!(
        k.contains(&"e8-d8".to_string()) && !k.contains(&"e8-e7".to_string()),
        "{k:?}"
    );
    // With the screen on e4 the cannon captures the king's man beyond it, not the screen.
    let p = e.parse_position("4k3/8/4m3/8/4M3/8/8/4C2K w").unwrap();
    let m = moves_from(&e, &p, "e1");
    assert!(
        m.contains(&"e1xe6".to_string()) && !m.contains(&"e1xe4".to_string()),
        "{m:?}"
    );
}

#[test]
fn grasshopper_lands_just_beyond_its_hurdle() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {MAN}, {GRASSHOPPER}"),
        "7k/8/8/8/3m4/8/1M6/G6K w",
        "",
    ));
    let s = e.start();
    // From a1: north has no hurdle; east has none up to h1 (the king is h1: hurdle! lands off
    // board); north-east: hurdle b2 (own man) -> lands c3.
    assert_eq!(moves_from(&e, &s, "a1"), ["a1-c3"]);
    // A grasshopper checks along a line whose hurdle stands next to the target: a1 over g7 to h8.
    let p = e.parse_position("7k/6m1/8/8/8/8/8/G6K b").unwrap();
    assert!(e.in_check(&p), "a1 over g7 lands on h8");
}

#[test]
fn capture_all_goal_and_compulsory_capture() {
    let king = r#"(name: "King", letter: 'K', atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))])"#;
    let text = rules(
        4,
        4,
        &format!("{king}, {ROOK}"),
        "k3/4/4/R2K w",
        "goal: CaptureAll, compulsory_capture: true",
    );
    let e = engine(&text);
    let s = e.start();
    // The rook can capture the king on a4: with compulsory capture it is the only legal move.
    let mut ms = Vec::new();
    e.legal_moves(&s, &mut ms);
    assert_eq!(ms.len(), 1);
    assert_eq!(e.move_text(&s, &ms[0]), "a1xa4");
    let after = e.play(&s, &ms[0]);
    assert_eq!(
        e.outcome(&after),
        Some(Outcome::Win {
            winners: vec![Player(0)],
            reason: WinReason::CapturedEverything
        })
    );
    e.legal_moves(&after, &mut ms);
    assert!(ms.is_empty(), "no move after the goal is reached");
    // Without the capture the kings are not royal: moving next to an enemy is legal.
    let p = e.parse_position("4/4/k3/3K w").unwrap();
    assert!(e.parse_move(&p, "d1-c2").is_ok());
    let err = e.parse_move(&e.start(), "d1-c1").unwrap_err();
    assert!(err.to_string().contains("a capture is compulsory"), "{err}");
}

#[test]
fn lose_all_goal() {
    let text = rules(
        4,
        4,
        ROOK,
        "r3/4/4/R3 w",
        "goal: LoseAll, compulsory_capture: true",
    );
    let e = engine(&text);
    let s = e.start();
    let m = e.parse_move(&s, "a1xa4").unwrap();
    let after = e.play(&s, &m);
    // Black lost everything: Black wins.
    assert_eq!(after.of_player(Player(1)).len(), 0);
    assert_eq!(
        e.outcome(&after),
        Some(Outcome::Win {
            winners: vec![Player(1)],
            reason: WinReason::LostEverything
        })
    );
}

#[test]
fn stalemate_results() {
    for (result, expected) in [
        ("Draw", Outcome::Draw(DrawReason::Stalemate)),
        (
            "Loss",
            Outcome::Win {
                winners: vec![Player(0)],
                reason: WinReason::Stalemate,
            },
        ),
        (
            "Win",
            Outcome::Win {
                winners: vec![Player(1)],
                reason: WinReason::Stalemate,
            },
        ),
    ] {
        let text = rules(
            8,
            8,
            &format!("{KING}, {ROOK}"),
            "k7/1R6/1K6/8/8/8/8/8 b",
            &format!("stalemate: {result}"),
        );
        let e = engine(&text);
        assert!(!e.in_check(&e.start()));
        assert_eq!(e.outcome(&e.start()), Some(expected), "{result}");
    }
}

#[test]
fn checkmate_is_a_win_for_the_other_side() {
    // The rook on b7 is guarded by the king on b6: the black king on a8 has no move and is not
    // in check (stalemate); with the rook on h8 instead it is mate.
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/1R6/1K6/8/8/8/8/8 b",
        "",
    ));
    let p = e.parse_position("k6R/8/1K6/8/8/8/8/8 b").unwrap();
    assert!(e.in_check(&p));
    assert_eq!(
        e.outcome(&p),
        Some(Outcome::Win {
            winners: vec![Player(0)],
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(
        e.outcome(&e.start()),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
}

#[test]
fn rule_set_errors_name_the_problem() {
    let bad = RuleSet::from_ron("RuleSet(name: 1)").unwrap_err();
    assert!(matches!(bad, RulesError::Parse(_)));
    let cases = [
        (
            rules(
                8,
                8,
                KING,
                "8/8/8/8/8/8/8/K6k w",
                "promotion: Some((axes: [1], choices: ['Q']))",
            ),
            "promotion choice 'Q'",
        ),
        (
            rules(8, 8, &format!("{KING}, {KING}"), "8/8/8/8/8/8/8/K6k w", ""),
            "letter 'K'",
        ),
        (
            rules(8, 8, KING, "8/8/8/8/8/8/8/K6x w", ""),
            "unknown piece letter 'x'",
        ),
        (rules(8, 17, KING, "k/K w", ""), "extent 17"),
        (rules(16, 16, KING, "k/K w", ""), "do not fit"),
    ];
    for (text, needle) in cases {
        let err = Engine::<1>::from_ron(&text, Arc::new(GenericNotation))
            .err()
            .expect("an error");
        assert!(
            err.to_string().contains(needle),
            "{err} should mention {needle}"
        );
    }
    let orient = rules(8, 8, KING, "8/8/8/8/8/8/8/K6k w", "")
        .replace("orientation: [1, -1]", "orientation: [1, 2]");
    let err = Engine::<1>::from_ron(&orient, Arc::new(GenericNotation))
        .err()
        .unwrap();
    assert!(err.to_string().contains("orientation"), "{err}");
}

#[test]
fn position_text_errors_name_the_problem() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/8/8/8/8/8/8/7K w",
        "",
    ));
    let cases = [
        ("k7/8/8/8/8/8/8/6K w", "has 7 cells, not 8"),
        ("k7/8/8/8/8/8/8 w", "7 blocks"),
        ("k7//8/8/8/8/8/8/7K w", "2 slashes"),
        ("k7/8/8/8/8/8/8/7K x", "'x'"),
        ("k7/8/8/8/8/8/8/7K w - - z", "half-move clock 'z'"),
        ("k7/8/8/8/8/8/8/7K w - - 0 0", "move number 0"),
        ("k7/8/8/8/8/8/8/7K w z9", "'z9'"),
        ("8/8/8/8/8/8/8/7K w", "Black has 0 royal men"),
        ("kK6/8/8/8/8/8/8/8 w", "in check but it is White's turn"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 extra", "1 to 6 fields"),
        ("k7/8/8/8/8/8/8/7K' w", "player 3"),
    ];
    for (text, needle) in cases {
        let err = e.parse_position(text).unwrap_err();
        assert!(
            err.to_string().contains(needle),
            "'{text}': {err} should mention {needle}"
        );
    }
}

#[test]
fn position_text_round_trips_in_3d_and_4d() {
    // 3D: levels from the top, separated by '//'.
    let text3 = rules(
        3,
        3,
        &format!("{KING}, {ROOK}"),
        "k2/3/3//3/1R1/3//3/3/2K w",
        "",
    )
    .replace("board: [[3, 3]]", "board: [[3, 3, 3]]")
    .replace("orientation: [1, 1]", "orientation: [1, 1, 1]")
    .replace("orientation: [1, -1]", "orientation: [1, -1, -1]");
    let e = engine(&text3);
    let s = e.start();
    assert_eq!(e.position_text(&s), "k2/3/3//3/1R1/3//3/3/2K w * - 0 1");
    assert_eq!(e.cell_name(s.of_kind(1).first_cell().unwrap()), "Bb2");
    let mut ms = Vec::new();
    e.legal_moves(&s, &mut ms);
    for m in &ms {
        let next = e.play(&s, m);
        let back = e.parse_position(&e.position_text(&next)).unwrap();
        assert_eq!(back, next);
        assert_eq!(e.parse_move(&s, &e.move_text(&s, m)).unwrap(), *m);
    }
    // 4D: '///' between the outermost blocks; cells named by 1-based coordinates.
    let text4 = rules(
        2,
        2,
        &format!("{KING}, {ROOK}"),
        "k1/2//2/2///2/2//R1/1K w",
        "",
    )
    .replace("board: [[2, 2]]", "board: [[2, 2, 2, 2]]")
    .replace("orientation: [1, 1]", "orientation: [1, 1, 1, 1]")
    .replace("orientation: [1, -1]", "orientation: [1, -1, 1, 1]");
    let e = engine(&text4);
    let s = e.start();
    assert_eq!(e.position_text(&s), "k1/2//2/2///2/2//R1/1K w * - 0 1");
    assert_eq!(e.cell_name(s.of_kind(1).first_cell().unwrap()), "(1,2,1,1)");
    assert_eq!(e.parse_cell("(1,2,1,1)"), s.of_kind(1).first_cell());
    assert_eq!(e.parse_cell("(1,2,1)"), None);
    assert_eq!(e.parse_cell("(1,2,1,3)"), None);
}

#[test]
fn unmoved_field_is_explicit_when_it_differs_from_home() {
    // A stepper with a double step for unmoved men only: its unmoved status matters.
    let stepper = r#"(name: "Stepper", letter: 'S', atoms: [(motion: Leap(Kind(1))),
        (motion: Ride(steps: Kind(1), min: 2, max: Some(2)), mode: MoveOnly, only_unmoved: true)])"#;
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {stepper}"),
        "s3k3/8/8/8/8/8/8/S3K2S w",
        "",
    ));
    let s = e.start();
    assert_eq!(e.position_text(&s), "s3k3/8/8/8/8/8/8/S3K2S w * - 0 1");
    let mut p = s;
    for t in ["a1-a2", "a8-b8", "a2-a1"] {
        p = e.play(&p, &e.parse_move(&p, t).unwrap());
    }
    // The stepper is back on a1 but has moved: the unmoved field lists the unmoved men (h1 only;
    // kings are not tracked: nothing in this game depends on whether they moved).
    let t = e.position_text(&p);
    assert_eq!(t, "1s2k3/8/8/8/8/8/8/S3K2S b h1 - 3 2");
    assert_eq!(e.parse_position(&t).unwrap(), p);
    assert!(!moves_from(&e, &p, "a1").contains(&"a1-a3".to_string()));
    assert!(moves_from(&e, &s, "a1").contains(&"a1-a3".to_string()));
    let p = e.play(&p, &e.parse_move(&p, "b8-a8").unwrap());
    assert_eq!(e.position_text(&p).split(' ').nth(2), Some("h1"));
}

#[test]
fn move_errors_say_why() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/8/8/8/8/8/r7/R6K w",
        "",
    ));
    let s = e.start();
    let check = |t: &str, needle: &str| {
        let err = e.parse_move(&s, t).unwrap_err();
        assert!(
            err.to_string().contains(needle),
            "{t}: {err} should mention {needle}"
        );
    };
    check("zz", "malformed move 'zz'");
    check("b1-b2", "no man on b1");
    check("a2-a3", "not White's");
    check("a1-b2", "cannot move to b2");
    check("h1-h3", "cannot move to h3");
    check("h1-g2", "leave the king in check");
    assert!(e.parse_move(&s, "a1xa2").is_ok());
    assert!(
        e.parse_move(&s, "a1-a2").is_ok(),
        "'-' and 'x' are interchangeable when reading"
    );
    // Pinned along the first rank? The black rook on a2 does not pin; construct a pin.
    let p = e.parse_position("k7/8/8/8/8/8/8/r2R3K w").unwrap();
    let err = e.parse_move(&p, "d1-d2").unwrap_err();
    assert!(err.to_string().contains("leave the king in check"), "{err}");
}

#[test]
fn divide_sums_to_perft_and_threads_agree() {
    let e = engine(&rules(
        5,
        5,
        &format!("{KING}, {ROOK}, {CANNON}"),
        "rc1k1/5/5/5/RC1K1 w",
        "",
    ));
    let s = e.start();
    let d = divide(&e, &s, 3);
    let total: u64 = d.iter().map(|(_, n)| n).sum();
    assert_eq!(total, perft(&e, &s, 3));
    assert_eq!(divide_parallel(&e, &s, 3, 2), d);
    assert_eq!(perft(&e, &s, 0), 1);
    assert_eq!(perft(&e, &s, 1), d.len() as u64);
}

#[test]
fn game_record_draws_by_repetition_and_undoes() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/8/8/8/8/8/8/1R5K w",
        "",
    ));
    let mut g = Game::new(&e, e.start());
    // Kings shuffle; no man's unmoved status matters in this game (no castling, no double
    // step), so the start recurs after 4 and 8 plies.
    let round = ["h1-g1", "a8-a7", "g1-h1", "a7-a8"];
    let mut plies = 0;
    while g.outcome().is_none() {
        g.play_text(round[plies % 4]).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 8);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(g.play_text("h1-g1").is_err());
    assert!(g.undo());
    assert!(g.outcome().is_none());
    assert_eq!(g.move_texts().len(), 7);
}

#[test]
fn reach_on_the_empty_board() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/8/8/8/8/8/8/7K w",
        "",
    ));
    let d4 = e.parse_cell("d4").unwrap();
    assert_eq!(e.reach_on_empty_board(Player(0), 1, d4).len(), 14);
    assert_eq!(e.reach_on_empty_board(Player(0), 0, d4).len(), 8);
}

/// Issue 18 item 5: the move reader and its messages agree (docs/formats.md, "Move text"): two
/// cells joined by one of `-`, `x`, `:` or by nothing, letters in any case; anything else is
/// malformed, and the message says which part is not a cell.
#[test]
fn move_text_rule_separator_optional_case_free() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "1k6/8/8/8/8/8/8/R6K w",
        "",
    ));
    let s = e.start();
    let a1a4 = e.parse_move(&s, "a1-a4").unwrap();
    for t in [
        "a1a4", "A1A4", "a1xa4", "a1:a4", "A1-a4", " a1-a4 ", "a1Xa4",
    ] {
        assert_eq!(e.parse_move(&s, t), Ok(a1a4), "{t}");
    }
    let check = |t: &str, needle: &str| {
        let err = e.parse_move(&s, t).unwrap_err().to_string();
        assert!(err.contains(needle), "{t}: {err} should mention {needle}");
    };
    // Every malformed text gets the one rule in its message.
    for t in ["a1--a4", "a1 a4", "a1-a4é", "aé", "é", "a1-", "-a4", ""] {
        check(t, "expected two cells joined by '-', 'x', ':' or nothing");
    }
    check("a1-z9", "'z9' is not a cell of this board");
    check("a1--a4", "'-a4' is not a cell of this board");
    check(
        "a1-a4=Z",
        "'Z' after '=' is not a piece letter (this game has K R)",
    );
    check("a1-a4=R", "this move is not a promotion");
    check("K@a3", "placing a King on a3 is not a move here");
    // Read, then judged: an empty from-cell in any case or style.
    for t in ["b1-b2", "B1B2", "b1xb2"] {
        check(t, "there is no man on b1");
    }
    // The reader alone.
    assert_eq!(
        e.read_move_text("A1a4"),
        Ok(MoveSpec::Step {
            from: a1a4.from,
            to: a1a4.to,
            promotion: None
        })
    );
    assert!(matches!(
        e.read_move_text("r@A3"),
        Ok(MoveSpec::Place { kind: 1, .. })
    ));
}

/// A rule set whose players are all of one team is refused: it has no opponents (a double step
/// then wrote an en passant field its own position reader refused; found by fuzzing rule files,
/// issue 18).
#[test]
fn players_all_of_one_team_are_refused() {
    let text = rules(4, 4, KING, "k3/4/4/K3 w", "").replace("team: 0", "team: 1");
    let Err(err) = Engine::<1>::from_ron(&text, Arc::new(GenericNotation)) else {
        panic!("a rule set without opponents was accepted");
    };
    assert!(matches!(err, RulesError::Invalid(_)), "{err}");
    assert!(err.to_string().contains("two teams"), "{err}");
    engine(&rules(4, 4, KING, "k3/4/4/K3 w", ""));
}

/// Issue 14 (evaluation, "piece-square terms derived from the geometry"): a royal man's place is
/// judged by its reach on the empty board from its cell, tapered by the enemies' officers: while
/// they keep a rook, the king is safer in a corner (3 cells) than in the centre (8); once they
/// have none, the centre is better.
#[test]
fn royal_placement_tapers_from_corner_to_centre() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}"),
        "k7/r7/8/8/8/8/1R6/7K w",
        "",
    ));
    let white_lead = |text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    // Black keeps his rook: the corner is better for White's king.
    let corner = white_lead("k7/r7/8/8/8/8/1R6/7K w");
    let centre = white_lead("k7/r7/8/8/3K4/8/1R6/8 w");
    assert!(corner > centre, "corner {corner}, centre {centre}");
    // Black has no officer left: the centre is better.
    let corner = white_lead("k7/8/8/8/8/8/1R6/7K w");
    let centre = white_lead("k7/8/8/8/3K4/8/1R6/8 w");
    assert!(centre > corner, "corner {corner}, centre {centre}");
}

/// Issue 14 (search, "static exchange evaluation"): the quiescence search's exchange test asks
/// whether the man a move landed can be taken back at once.
#[test]
fn moved_man_attacked_sees_a_recapture() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {MAN}"),
        "k7/8/8/3m4/2m5/8/8/3R3K w",
        "",
    ));
    let taken_back = |text: &str| {
        let p = e.parse_position(text).unwrap();
        let m = e.parse_move(&p, "d1xd5").unwrap();
        e.moved_man_attacked(&e.play(&p, &m), &m)
    };
    // The man on c4 guards d5; alone on d5 the man is free.
    assert!(taken_back("k7/8/8/3m4/2m5/8/8/3R3K w"));
    assert!(!taken_back("k7/8/8/3m4/8/8/8/3R3K w"));
}

/// Issue 14 (evaluation, "king safety"): an own man next to the own royal man shelters it while
/// the enemies keep officers; with none left the shelter is worth nothing.
#[test]
fn own_men_next_to_the_royal_man_shelter_it() {
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {MAN}"),
        "k7/r7/8/8/8/8/6M1/7K w",
        "",
    ));
    let white_lead = |text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    // The man on g2 (next to h1) against the man on c5 (the same reach, far from the king).
    let with_officers = white_lead("k7/r7/8/8/8/8/6M1/7K w") - white_lead("k7/r7/8/2M5/8/8/8/7K w");
    let without = white_lead("k7/8/8/8/8/8/6M1/7K w") - white_lead("k7/8/8/2M5/8/8/8/7K w");
    assert!(
        with_officers >= without + 5,
        "shelter worth {with_officers} with an enemy rook, {without} without"
    );
}

/// Issue 14 (evaluation, "pawn advancement toward each variant's promotion zone"): a promoting man
/// with no enemy promoting man ahead of it on its own or a neighbouring line (passed) is worth
/// more than one that is held, and more once the enemies' officers are gone.
#[test]
fn a_passed_promoting_man_is_worth_more() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    let e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {PAWN}"),
        "kr6/8/8/8/8/8/8/1R5K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    // The span: the cells ahead on the own file and the two beside it, for each side.
    let span = |player: u8, cell: &str| {
        let c = e.parse_cell(cell).unwrap();
        let mut v: Vec<String> = e.passed_spans()[player as usize][c.index()]
            .iter()
            .map(|c| e.cell_name(c))
            .collect();
        v.sort();
        v
    };
    assert_eq!(span(0, "b6"), ["a7", "a8", "b7", "b8", "c7", "c8"]);
    assert_eq!(span(1, "h3"), ["g1", "g2", "h1", "h2"]);
    // White's pawn on e6 against Black's pawn on d7 (held: d7 guards e6's path) or on a7 (passed);
    // Black's pawn is on its start rank either way, so only White's pawn changes its worth.
    let held = white_lead("k7/3p4/4P3/8/8/8/8/7K w");
    let passed = white_lead("k7/p7/4P3/8/8/8/8/7K w");
    // Black's a-pawn is passed in both positions (nothing on the b file); the difference is White's.
    assert!(passed > held + 20, "passed {passed}, held {held}");
    // With a black rook on the board (an officer), the passed pawn is worth less than without.
    let with_rook = white_lead("kr6/p7/4P3/8/8/8/8/7K w") - white_lead("kr6/3p4/4P3/8/8/8/8/7K w");
    assert!(
        passed - held > with_rook,
        "without officers {}, with a rook {with_rook}",
        passed - held
    );
}

/// The promoting men's lines (docs/search.md, *pawn structure*): ahead on the own file, and the
/// files beside; a doubled or isolated promoting man loses its penalty, and only then.
#[test]
fn doubled_and_isolated_promoting_men_lose_their_penalties() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}, {PAWN}"),
        "k3/4/4/3K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let names = |set: spacechess_geometry::CellSet<1>, e: &Engine<1>| {
        let mut v: Vec<String> = set.iter().map(|c| e.cell_name(c)).collect();
        v.sort();
        v
    };
    let b2 = e.parse_cell("b2").unwrap();
    let (ahead, beside) = e.promotion_lines()[0][b2.index()];
    assert_eq!(names(ahead, &e), ["b3", "b4"]);
    assert_eq!(
        names(beside, &e),
        ["a1", "a2", "a3", "a4", "c1", "c2", "c3", "c4"]
    );
    let (ahead, _) = e.promotion_lines()[1][b2.index()];
    assert_eq!(names(ahead, &e), ["b1"]);
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let positions = ["k3/4/1P2/1P1K w", "k3/4/P3/1P1K w", "k3/4/4/1P1K w"];
    let before: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.doubled_penalty = 30;
    params.isolated_penalty = 7;
    e.set_eval_params(params);
    let after: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    // Doubled (the b1 pawn has b2 ahead) and both isolated; then neither; then one isolated.
    assert_eq!(before[0] - after[0], 30 + 2 * 7);
    assert_eq!(before[1] - after[1], 0);
    assert_eq!(before[2] - after[2], 7);
}

/// The pair and open-line terms (docs/search.md, *Evaluation*): a bishop is bound to one of two
/// colour classes, a knight to none; a rook rides its whole file from every cell, a bishop from
/// none; a second bishop on the other colour earns the pair bonus, a rook its file's bonus by
/// the pawns on the file.
#[test]
fn bishop_pairs_and_rooks_on_open_files_earn_their_bonuses() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const BISHOP: &str = r#"(name: "Bishop", letter: 'B', value: Some(3.0), atoms: [(motion: Ride(steps: Kind(2)))])"#;
    const KNIGHT: &str = r#"(name: "Knight", letter: 'N', value: Some(3.0), atoms: [(motion: Leap(Vectors([[1, 2]])))])"#;
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}, {PAWN}, {BISHOP}, {KNIGHT}"),
        "k3/4/4/3K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let nk = e.kinds().len();
    let kind = |letter: char| e.kinds().iter().position(|k| k.letter == letter).unwrap();
    let lt = e.line_tables().clone();
    let classes = &lt.classes[kind('B')];
    assert_eq!(classes.len(), 2);
    assert!(classes.iter().all(|c| c.len() == 8));
    let (a1, b1) = (e.parse_cell("a1").unwrap(), e.parse_cell("b1").unwrap());
    assert_ne!(
        classes.iter().position(|c| c.contains(a1)),
        classes.iter().position(|c| c.contains(b1))
    );
    assert!(lt.classes[kind('N')].is_empty());
    assert!(lt.classes[nk + kind('B')].len() == 2, "Black's bishops too");
    assert_eq!(lt.line_riders[kind('R')].len(), 16);
    assert!(lt.line_riders[kind('B')].is_empty());
    assert!(lt.line_riders[kind('N')].is_empty());
    let names: Vec<String> = lt.line[b1.index()].iter().map(|c| e.cell_name(c)).collect();
    assert_eq!(names, ["b2", "b3", "b4"]);
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    // Two bishops on both colours, on one colour; a rook on an open, a half-open, a closed file.
    let positions = [
        "2k1/4/4/BB1K w",
        "2k1/4/4/B1BK w",
        "2k1/4/4/R2K w",
        "2k1/p3/4/R2K w",
        "2k1/4/P3/R2K w",
    ];
    let before: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.pair_bonus = 30;
    params.open_line_bonus = 20;
    params.half_open_line_bonus = 11;
    e.set_eval_params(params);
    let gained: Vec<i32> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| white_lead(&e, t) - b)
        .collect();
    assert_eq!(gained, [30, 0, 20, 11, 0]);
}

/// Learnt placement tables (`EvalParams::placement_tables`, docs/search.md *Evaluation*): a man
/// adds its kind's value for its cell, the middle game's while the enemies keep all their
/// officers and the endgame's once they have none; Black reads the cell mirrored (b4 as b1).
#[test]
fn placement_tables_are_tapered_and_mirrored() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    let scores = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s
    };
    let positions = ["kr2/4/4/1R1K w", "k3/4/4/1R1K w"];
    let before: Vec<[i32; 2]> = positions.iter().map(|t| scores(&e, t)).collect();
    let (b1, b4) = (e.parse_cell("b1").unwrap(), e.parse_cell("b4").unwrap());
    let mut middle = vec![0; 16];
    let mut end = vec![0; 16];
    middle[b1.index()] = 7;
    end[b1.index()] = 3;
    middle[b4.index()] = 100;
    let mut params = e.eval_params().clone();
    params.placement_tables = vec![crate::PlacementTable {
        letter: 'R',
        middle,
        end,
    }];
    e.set_eval_params(params);
    let gained: Vec<[i32; 2]> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| {
            let s = scores(&e, t);
            [s[0] - b[0], s[1] - b[1]]
        })
        .collect();
    assert_eq!(gained, [[7, 7], [3, 0]]);
}

/// Wing tables (`EvalParams::wing_tables`, docs/search.md *Evaluation*): a player's men add
/// the table of the wing its king stands on, on top of the placement term; Black reads the cell
/// mirrored (b4 as b1) and its own king's wing.
#[test]
fn wing_tables_follow_the_own_kings_file() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    let scores = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s
    };
    // White's king on d1 (the high wing) and on a1 (the low wing); Black's on a4 (low).
    let positions = ["kr2/4/4/1R1K w", "kr2/4/4/KR2 w"];
    let before: Vec<[i32; 2]> = positions.iter().map(|t| scores(&e, t)).collect();
    let b1 = e.parse_cell("b1").unwrap();
    let rook_on_b1 = |v: i32| {
        let mut table = vec![0; 16];
        table[b1.index()] = v;
        vec![crate::PlacementTable {
            letter: 'R',
            middle: table.clone(),
            end: table,
        }]
    };
    let mut params = e.eval_params().clone();
    params.wing_tables = [rook_on_b1(5), Vec::new(), rook_on_b1(7)];
    e.set_eval_params(params);
    let gained: Vec<[i32; 2]> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| {
            let s = scores(&e, t);
            [s[0] - b[0], s[1] - b[1]]
        })
        .collect();
    assert_eq!(gained, [[7, 5], [5, 5]]);
}

/// The wings of `EvalParams::wing_tables` (docs/search.md *Evaluation*): on eight files, a to c,
/// d and e, f to h; on five, a, b to d, e.
#[test]
fn royal_wings_split_the_files() {
    let wings =
        |extent: u8| -> Vec<usize> { (0..extent).map(|x| crate::royal_wing(x, extent)).collect() };
    assert_eq!(wings(8), [0, 0, 0, 1, 1, 2, 2, 2]);
    assert_eq!(wings(5), [0, 1, 1, 1, 2]);
}

/// What each player's evaluation gains in each of `positions` (position text) when `change`
/// is made to the engine's weights.
fn gains_with(
    e: &mut Engine<1>,
    positions: &[&str],
    change: impl FnOnce(&mut crate::EvalParams),
) -> Vec<[i32; 2]> {
    let scores = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s
    };
    let before: Vec<[i32; 2]> = positions.iter().map(|t| scores(e, t)).collect();
    let mut params = e.eval_params().clone();
    change(&mut params);
    e.set_eval_params(params);
    positions
        .iter()
        .zip(&before)
        .map(|(t, b)| {
            let s = scores(e, t);
            [s[0] - b[0], s[1] - b[1]]
        })
        .collect()
}

/// Royal offset tables (`EvalParams::royal_offset_tables`, docs/search.md *Evaluation*): a man
/// adds its kind's entry for its offset from its own king, on top of the other terms; Black
/// reads the offset with the ranks mirrored (one rank below its king as one above).
#[test]
fn royal_offset_tables_follow_the_own_king() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // White: king d1, rook b1 (two files left). Black: king a4, rook b4 (one file right), then
    // rook b3 (one file right and one rank below, so one rank ahead as Black sees it).
    let positions = ["kr2/4/4/1R1K w", "k3/1r2/4/1R1K w"];
    let index = |dx: i32, dy: i32| crate::royal_offset_index(&[dx, dy], &[4, 4]).unwrap();
    let mut table = vec![0; crate::royal_offset_count(&[4, 4])];
    table[index(-2, 0)] = 7;
    table[index(1, 0)] = 5;
    table[index(1, 1)] = 11;
    table[index(1, -1)] = 100;
    let gained = gains_with(&mut e, &positions, |params| {
        params.royal_offset_tables = vec![crate::PlacementTable {
            letter: 'R',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[7, 5], [7, 11]]);
}

/// Enemy offset tables (`EvalParams::enemy_offset_tables`, docs/search.md *Evaluation*): a man
/// adds its kind's entry for its offset from the enemy king, on top of the other terms; Black
/// reads the offset with the ranks mirrored.
#[test]
fn enemy_offset_tables_follow_the_enemy_king() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // White's rook b1 is one file right of Black's king a4 and three ranks below it; Black's
    // rook b4 two files left of White's king d1 and three ranks above it (below, as Black sees
    // it). Then White's rook on c2: two files right of Black's king, two ranks below.
    let positions = ["kr2/4/4/1R1K w", "kr2/4/2R1/3K w"];
    let index = |dx: i32, dy: i32| crate::royal_offset_index(&[dx, dy], &[4, 4]).unwrap();
    let mut table = vec![0; crate::royal_offset_count(&[4, 4])];
    table[index(1, -3)] = 7;
    table[index(-2, -3)] = 5;
    table[index(-2, 3)] = 100;
    table[index(2, -2)] = 11;
    let gained = gains_with(&mut e, &positions, |params| {
        params.enemy_offset_tables = vec![crate::PlacementTable {
            letter: 'R',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[7, 5], [11, 5]]);
}

/// Royal cell tables (`EvalParams::royal_cell_tables`, docs/search.md *Evaluation*): a man adds
/// its kind's entry for its own king's cell and its cell, `royal * cells + cell`, on top of the
/// other terms; Black reads both cells with the ranks mirrored.
#[test]
fn royal_cell_tables_follow_the_own_king() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // Cells a1 = 0, b1 = 1, ..., a2 = 4. White: king d1 (3), rook b1 (1). Black, as it sees the
    // board: king a4 on a1 (0), rook b4 on b1 (1), then rook b3 on b2 (5; b3 itself is 9).
    let positions = ["kr2/4/4/1R1K w", "k3/1r2/4/1R1K w"];
    let mut table = vec![0; 16 * 16];
    table[3 * 16 + 1] = 7;
    table[1] = 5;
    table[5] = 11;
    table[9] = 100;
    let gained = gains_with(&mut e, &positions, |params| {
        params.royal_cell_tables = vec![crate::PlacementTable {
            letter: 'R',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[7, 5], [7, 11]]);
}

/// The placement network (`EvalParams::placement_net`, docs/search.md *Evaluation*): each
/// player reads the men as its own or the enemy's, on cells as it sees the board (Black's
/// mirrored: b4 as b1), each unit's activation clipped to 0..1, times its output weight.
#[test]
fn placement_net_reads_each_side_from_its_own_view() {
    use crate::{NET_HIDDEN, NET_ONE, NET_OUTPUT_SCALE};
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // Inputs: (own rooks, cells 0..16) then (enemy rooks, cells 0..16); b1 = 1, b4 = 13.
    let input = |side: usize, cell: usize| (side * 16 + cell) * NET_HIDDEN;
    let mut weights = vec![0i16; 2 * 16 * NET_HIDDEN];
    let mut biases = vec![0i16; NET_HIDDEN];
    let mut output = vec![0i32; NET_HIDDEN];
    // Unit 0: half a unit for an own rook on b1, 10 centipawns a unit.
    weights[input(0, 1)] = (NET_ONE / 2) as i16;
    output[0] = 10 * NET_OUTPUT_SCALE;
    // Unit 1: two units (clipped to one) for an enemy rook on b4, −3 centipawns a unit.
    weights[input(1, 13) + 1] = (2 * NET_ONE) as i16;
    output[1] = -3 * NET_OUTPUT_SCALE;
    // Unit 2: a quarter unit always, 8 centipawns a unit, but below zero (clipped to none)
    // with an own rook on b1.
    biases[2] = (NET_ONE / 4) as i16;
    weights[input(0, 1) + 2] = -NET_ONE as i16;
    output[2] = 8 * NET_OUTPUT_SCALE;
    // White: rook b1, enemy rook b4 or b3; Black sees its rook b4 as b1 (b3 as b2) and
    // White's b1 as b4.
    let positions = ["kr2/4/4/1R1K w", "k3/1r2/4/1R1K w"];
    let gained = gains_with(&mut e, &positions, |params| {
        params.placement_net = Some(crate::PlacementNet {
            letters: vec!['R'],
            weights,
            biases,
            output,
        })
    });
    assert_eq!(gained, [[5 - 3, 5 - 3], [5, -3 + 2]]);
}

/// Enemy royal cell tables (`EvalParams::enemy_royal_cell_tables`, docs/search.md
/// *Evaluation*): the same by the enemy king's cell, both cells mirrored for Black.
#[test]
fn enemy_royal_cell_tables_follow_the_enemy_king() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // White's rook b1 (1) against Black's king a4 (12), then its rook c2 (6). Black, as it sees
    // the board: its rook b4 on b1 (1) against White's king d1 on d4 (15; unmirrored, d1 is 3
    // and b4 is 13).
    let positions = ["kr2/4/4/1R1K w", "kr2/4/2R1/3K w"];
    let mut table = vec![0; 16 * 16];
    table[12 * 16 + 1] = 7;
    table[15 * 16 + 1] = 5;
    table[3 * 16 + 13] = 100;
    table[12 * 16 + 6] = 11;
    let gained = gains_with(&mut e, &positions, |params| {
        params.enemy_royal_cell_tables = vec![crate::PlacementTable {
            letter: 'R',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[7, 5], [11, 5]]);
}

/// An enemy royal cell table for the king (docs/search.md *Evaluation*): each king adds its
/// entry for the enemy king's cell and its own, both mirrored for Black, a table of the two
/// kings' cells.
#[test]
fn enemy_royal_cell_table_of_the_king_reads_both_kings() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    // White's king d1 (3), then c1 (2), against Black's king a4 (12). Black, as it sees the
    // board: its king on a1 (0) against White's king on d4 (15), then c4 (14); unmirrored, Black
    // would read a4 (12) against d1 (3).
    let positions = ["kr2/4/4/1R1K w", "kr2/4/4/1RK1 w"];
    let mut table = vec![0; 16 * 16];
    table[12 * 16 + 3] = 7;
    table[15 * 16] = 5;
    table[12 * 16 + 2] = 11;
    table[14 * 16] = 13;
    table[3 * 16 + 12] = 100;
    let gained = gains_with(&mut e, &positions, |params| {
        params.enemy_royal_cell_tables = vec![crate::PlacementTable {
            letter: 'K',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[7, 5], [11, 13]]);
}

/// Structure tables (`EvalParams::structure_tables`, docs/search.md *Evaluation*): a promoting
/// man adds its kind's entry for its structure code (phalanx 1, defended 2, opposed 4, passed 8)
/// and its cell, `code * cells + cell`; Black reads its cells mirrored.
#[test]
fn structure_tables_read_phalanx_defence_opposition_and_passage() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}, {PAWN}"),
        "k3/4/4/3K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    // Cells a1 = 0, b1 = 1, ..., a2 = 4, b2 = 5, b3 = 9. A lone pawn b2 is passed (8); against
    // a black pawn b3 both are opposed (4), Black's seen on b2; pawns a2 and b2 are a passed
    // phalanx (9); b3 defended by a2 is passed and defended (10), a2 passed alone (8).
    let positions = [
        "k3/4/1P2/3K w",
        "k3/1p2/1P2/3K w",
        "k3/4/PP2/3K w",
        "3k/1P2/P3/3K w",
    ];
    let mut table = vec![0; crate::STRUCTURES * 16];
    table[8 * 16 + 5] = 3;
    table[4 * 16 + 5] = 7;
    table[9 * 16 + 4] = 11;
    table[9 * 16 + 5] = 13;
    table[10 * 16 + 9] = 100;
    table[5] = 1000;
    let gained = gains_with(&mut e, &positions, |params| {
        params.structure_tables = vec![crate::PlacementTable {
            letter: 'P',
            middle: table.clone(),
            end: table,
        }]
    });
    assert_eq!(gained, [[3, 0], [7, 7], [24, 0], [100, 0]]);
    let pos = e.parse_position(positions[3]).unwrap();
    let codes: Vec<(String, usize)> = e
        .structure_codes(&pos)
        .into_iter()
        .map(|(_, _, c, code)| (e.cell_name(c), code))
        .collect();
    assert_eq!(codes, [("a2".to_string(), 8), ("b3".to_string(), 10)]);
}

/// The layout of `EvalParams::royal_offset_tables` (docs/search.md *Evaluation*): offsets along
/// the first axis fastest, each from −(extent − 1) to extent − 1.
#[test]
fn royal_offsets_are_indexed_by_axis() {
    let index = |d: &[i32]| crate::royal_offset_index(d, &[8, 8]);
    assert_eq!(crate::royal_offset_count(&[8, 8]), 225);
    assert_eq!(index(&[-7, -7]), Some(0));
    assert_eq!(index(&[0, 0]), Some(112));
    assert_eq!(index(&[1, 0]), Some(113));
    assert_eq!(index(&[0, 1]), Some(127));
    assert_eq!(index(&[7, 7]), Some(224));
    assert_eq!(index(&[8, 0]), None);
    assert_eq!(index(&[0, -8]), None);
    assert_eq!(crate::royal_offset_count(&[5, 5, 5]), 729);
}

/// Learnt mobility tables (`EvalParams::mobility_tables`, docs/search.md *Evaluation*): a man
/// adds its kind's value for the number of cells it reaches (a count beyond the table reads its
/// last entry), the middle game's while the enemies keep all their officers and the endgame's
/// once they have none; a royal kind's table is ignored (its mobility is not counted).
#[test]
fn mobility_tables_count_by_cells_reached() {
    let mut e = engine(&rules(
        4,
        4,
        &format!("{KING}, {ROOK}"),
        "kr2/4/4/1R1K w",
        "",
    ));
    let scores = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s
    };
    // The rooks reach: b1 and b4 five cells each; b1 alone five; a1 four (a2 to a4, b1), b4
    // five (a4, c4, b3 to b1); b2 alone six, beyond the table.
    let positions = [
        "kr2/4/4/1R1K w",
        "k3/4/4/1R1K w",
        "1r1k/4/4/R1K1 w",
        "k3/4/1R2/3K w",
    ];
    let before: Vec<[i32; 2]> = positions.iter().map(|t| scores(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.mobility_tables = vec![
        crate::MobilityTable {
            letter: 'R',
            middle: vec![0, 0, 0, 0, 11, 7],
            end: vec![0, 0, 0, 0, 0, 3],
        },
        crate::MobilityTable {
            letter: 'K',
            middle: vec![500; 9],
            end: vec![500; 9],
        },
    ];
    e.set_eval_params(params);
    let gained: Vec<[i32; 2]> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| {
            let s = scores(&e, t);
            [s[0] - b[0], s[1] - b[1]]
        })
        .collect();
    assert_eq!(gained, [[7, 7], [3, 0], [11, 7], [3, 0]]);
}

/// The Zobrist key that `make` and `pass` keep up to date is the key from scratch, in random
/// games of Ecila's rule sets (one and four words; no placement move was drawn there, so
/// placement is not covered yet); the fast path's random games check the same in its rule sets
/// (castling, en passant, promotion).
#[test]
fn kept_zobrist_key_is_the_key_from_scratch() {
    fn walk<const W: usize>(ron: &str, games: usize, plies: usize, seed: u64) -> usize {
        let e = Engine::<W>::from_ron(ron, Arc::new(GenericNotation)).unwrap();
        let mut rng = spacechess_variant::RandomMover::new(seed);
        let mut moves = Vec::new();
        let mut placed = 0;
        for _ in 0..games {
            let mut p = e.start();
            for _ in 0..plies {
                assert_eq!(p.key, e.keys.of(&p), "{}", e.position_text(&p));
                if let Some(q) = e.pass(&p) {
                    assert_eq!(q.key, e.keys.of(&q), "{}", e.position_text(&q));
                }
                e.generate_legal(&p, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                placed += usize::from(matches!(m.kind, MoveKind::Place(_)));
                p = e.make(&p, &m);
            }
        }
        placed
    }
    let ecila = include_str!("../../../variants/sphinx/rules/ecila.ron");
    walk::<1>(ecila, 10, 120, 21);
    let ecila27 = include_str!("../../../variants/sphinx/rules/ecila27.ron");
    walk::<4>(ecila27, 4, 120, 22);
}

/// The drawish lead (`EvalParams::drawish_lead`, docs/search.md *Evaluation*): a side without
/// promoting men whose material lead is below the threshold keeps an eighth of its lead in the
/// score (a lone bishop, a bishop against a pawn); a lead of a rook, or a side with a pawn, keeps
/// all of it; the side behind is never scaled.
#[test]
fn a_small_lead_without_promoting_men_is_drawish() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const BISHOP: &str = r#"(name: "Bishop", letter: 'B', value: Some(3.0), atoms: [(motion: Ride(steps: Kind(2)))])"#;
    const ROOK5: &str =
        r#"(name: "Rook", letter: 'R', value: Some(5.0), atoms: [(motion: Ride(steps: Kind(1)))])"#;
    let mut e = engine(&rules(
        5,
        5,
        &format!("{KING}, {ROOK5}, {PAWN}, {BISHOP}"),
        "k4/5/5/5/4K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let positions = [
        "k4/5/5/2B2/4K w",   // a lone bishop: scaled
        "k4/5/5/2R2/4K w",   // a lone rook: a lead of 500, kept
        "k4/5/5/P1B2/4K w",  // a bishop and a pawn: kept
        "k4/3p1/5/2B2/4K w", // a bishop against a pawn: scaled
        "kb3/5/5/4P/4K w",   // Black's bishop against a pawn: Black's lead scaled
        "k4/5/1b3/4P/4K w",  // the same elsewhere
    ];
    let before: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    assert!(before[..4].iter().all(|&s| s > 150), "{before:?}");
    assert!(before[4..].iter().all(|&s| s < -150), "{before:?}");
    let mut params = e.eval_params().clone();
    params.drawish_lead = 400;
    e.set_eval_params(params);
    let after: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    let expected: Vec<i32> = before
        .iter()
        .enumerate()
        .map(|(i, &b)| if [0, 3, 4, 5].contains(&i) { b / 8 } else { b })
        .collect();
    assert_eq!(after, expected);
}

/// The endgame scale factors (`EvalParams::few_promoting_scale`, `opposite_class_scale`,
/// docs/search.md *Evaluation*): the endgame share of the lead of the side ahead (the mean of
/// the two players' phases) is cut to 36/64 with no promoting man and 7/64 more per man, to
/// 18/64 plus 4/64 per passed man with lone bishops on different colours, to 22/64 plus 3/64 per
/// man of the side ahead with other officers beside them; bishops on one colour follow the
/// promoting men's rule.
#[test]
fn the_endgame_lead_is_scaled_by_promoting_men_and_opposite_classes() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const BISHOP: &str = r#"(name: "Bishop", letter: 'B', value: Some(3.0), atoms: [(motion: Ride(steps: Kind(2)))])"#;
    const ROOK5: &str =
        r#"(name: "Rook", letter: 'R', value: Some(5.0), atoms: [(motion: Ride(steps: Kind(1)))])"#;
    // Each side starts with 1 300 centipawns of officers: a position's phase is the share of
    // the enemy's left, 1024 × left / 1300.
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK5}, {PAWN}, {BISHOP}"),
        "kbrr4/8/8/8/8/8/8/1BRR3K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    // (position, scale in 64ths, the endgame's share 1024 − mean phase)
    let cases = [
        // A lone rook: no pawn, 36; phases 0 and 1024 × 500 / 1300 = 393.
        ("k7/8/8/8/8/8/8/1R5K w", 36, 1024 - 393 / 2),
        // The same for Black.
        ("1r5k/8/8/8/8/8/8/7K w", 36, 1024 - 393 / 2),
        // Four pawns: 36 + 4 × 7, the whole lead.
        ("k7/8/8/8/8/8/PPPP4/1R5K w", 64, 1024 - 393 / 2),
        // Lone bishops on different colours and a passed pawn: 18 + 4; phases 236.
        ("k7/8/8/8/3b4/8/P7/1B5K w", 22, 1024 - 236),
        // Bishops on one colour: one pawn, 36 + 7.
        ("k7/8/8/8/2b5/8/P7/1B5K w", 43, 1024 - 236),
        // Different colours with rooks: four white men, 22 + 4 × 3; phases 630.
        ("k2r4/8/8/8/3b4/8/P7/1B3R1K w", 34, 1024 - 630),
    ];
    let before: Vec<i32> = cases.iter().map(|c| white_lead(&e, c.0)).collect();
    assert!(
        before
            .iter()
            .enumerate()
            .all(|(i, &b)| (b < -30) == (i == 1) && b.abs() > 30),
        "{before:?}"
    );
    let mut params = e.eval_params().clone();
    params.few_promoting_scale = (36, 7);
    params.opposite_class_scale = true;
    e.set_eval_params(params);
    let after: Vec<i32> = cases.iter().map(|c| white_lead(&e, c.0)).collect();
    let expected: Vec<i32> = cases
        .iter()
        .zip(&before)
        .map(|(&(_, scale, end), &lead)| {
            let cut = i64::from(lead.abs()) * (64 - scale) * end / (64 * 1024);
            lead - lead.signum() * cut as i32
        })
        .collect();
    assert_eq!(after, expected);
    assert_eq!(after[2], before[2]);
    assert!(
        after[3] < after[4] && after[4] < before[4],
        "{after:?} {before:?}"
    );
}

/// The winnable term (`EvalParams::winnable`, docs/search.md *Evaluation*): its complexity
/// counts passed and promoting men, the kings' outflanking (files apart less ranks apart),
/// pawns on both wings, a king in the enemy's half, no officer left and, taken off, a position
/// almost unwinnable; in the endgame the complexity moves the lead of the side ahead, never past
/// zero, and in the middle game only a complexity below the margin's negative takes some off.
#[test]
fn the_winnable_term_moves_the_lead_by_the_complexity() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const ROOK5: &str =
        r#"(name: "Rook", letter: 'R', value: Some(5.0), atoms: [(motion: Ride(steps: Kind(1)))])"#;
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK5}, {PAWN}"),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let mut params = e.eval_params().clone();
    params.winnable = Winnable {
        passed: 1,
        promoting: 10,
        outflanking: 100,
        both_flanks: 1_000,
        infiltration: 10_000,
        no_officers: 100_000,
        almost_unwinnable: 1_000_000,
        base: 7,
        middle_margin: 0,
    };
    e.set_eval_params(params);
    let set = |cells: &[&str]| {
        let mut s = spacechess_geometry::CellSet::<1>::EMPTY;
        for c in cells {
            s.insert(e.parse_cell(c).unwrap());
        }
        s
    };
    let cell = |c: &str| e.parse_cell(c).unwrap();
    // Kings on e1 and d5: one file apart, four ranks, outflanking -3; two passed pawns on the
    // queen's wing only: almost unwinnable.
    let passers = [set(&["a2", "b2"]), set(&[])];
    let c = e.complexity(
        [cell("e1"), cell("d5")],
        set(&["a2", "b2"]),
        &passers,
        false,
    );
    assert_eq!(c, 2 + 2 * 10 - 3 * 100 + 100_000 - 1_000_000 + 7);
    // A pawn each on the h-file as well: both wings, four pawns, still two passed.
    let men = set(&["a2", "b2", "h2", "h7"]);
    let c = e.complexity([cell("e1"), cell("d5")], men, &passers, false);
    assert_eq!(c, 2 + 4 * 10 - 3 * 100 + 1_000 + 100_000 + 7);
    // Black's king on d3 is in White's half; with a rook on the board.
    let c = e.complexity([cell("e1"), cell("d3")], set(&["a2", "b2"]), &passers, true);
    assert_eq!(c, 2 + 2 * 10 - 100 + 10_000 - 1_000_000 + 7);
    // White's king on e5 is in Black's half too; kings on one rank, three files apart.
    let c = e.complexity(
        [cell("e5"), cell("b5")],
        set(&[]),
        &[set(&[]), set(&[])],
        true,
    );
    assert_eq!(c, 3 * 100 + 10_000 + 7);

    // The lead moves by the complexity in a pawn endgame (no officer: all endgame).
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let with = |e: &mut Engine<1>, base: i32, middle_margin: i32| {
        let mut params = e.eval_params().clone();
        params.winnable = Winnable {
            base,
            middle_margin,
            ..Winnable::default()
        };
        e.set_eval_params(params);
    };
    let ending = "8/8/8/3k4/8/8/PP6/4K3 w";
    with(&mut e, 0, 0);
    let before = white_lead(&e, ending);
    assert!(before > 100, "{before}");
    with(&mut e, 50, 0);
    assert_eq!(white_lead(&e, ending), before + 50);
    with(&mut e, -before - 50, 0);
    assert_eq!(white_lead(&e, ending), 0, "never past zero");
    // Black ahead: Black's lead grows.
    let black = "8/pp6/8/3K4/8/8/8/4k3 w";
    with(&mut e, 0, 0);
    let before = white_lead(&e, black);
    assert!(before < -100, "{before}");
    with(&mut e, 50, 0);
    assert_eq!(white_lead(&e, black), before - 50);
    // With every officer on the board (all middle game): only the margin's shortfall counts.
    let middle = "r3k3/8/8/8/8/8/PP6/R3K3 w";
    with(&mut e, 0, 0);
    let before = white_lead(&e, middle);
    assert!(before > 100, "{before}");
    with(&mut e, 50, 0);
    assert_eq!(white_lead(&e, middle), before);
    with(&mut e, -50, 20);
    assert_eq!(white_lead(&e, middle), before - 30);
}

/// The royal men's distance to a passed promoting man (`EvalParams::passed_enemy_royal`,
/// `passed_own_royal`, docs/search.md *Evaluation*): with no officers left, each king step of the
/// enemy king from the passer adds its weight times the passer's progress, each of the own king
/// takes its weight off; a held man, or one with enemy officers all on the board, gets nothing.
#[test]
fn a_passer_counts_the_kings_distances_in_the_endgame() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {PAWN}"),
        "kr6/8/8/8/8/8/8/1R5K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let positions = [
        "8/k7/4P3/8/8/8/8/7K w",   // passed e6: Black's king 4 steps away, White's 5
        "8/8/4P3/8/8/8/8/k6K w",   // Black's king 5 steps away (a1 to e6), White's 5
        "8/k2p4/4P3/8/8/8/8/7K w", // held by d7: nothing
        "kr6/8/4P3/8/8/8/8/7K w",  // Black keeps its rook (all its officers): nothing
    ];
    let before: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.passed_enemy_royal = 24;
    params.passed_own_royal = 16;
    e.set_eval_params(params);
    let gained: Vec<i32> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| white_lead(&e, t) - b)
        .collect();
    // e6 is 2 steps from the last rank, 7 the farthest: progress ((7 - 2) / 6)^2, 711/1024.
    let progress = 711;
    assert_eq!(
        gained,
        [
            (24 * 4 - 16 * 5) * progress / 1024,
            (24 * 5 - 16 * 5) * progress / 1024,
            0,
            0
        ]
    );
}

/// The passed men's path terms (`EvalParams::passed_unblocked`, `passed_free`, docs/search.md
/// *Evaluation*): a passed man with no man ahead on its line earns the first, and the second
/// too where no enemy officer or royal man attacks those cells; both scale with its progress and
/// taper from middle game (Black keeps its rook) to endgame (Black has no officer left).
#[test]
fn a_passer_with_a_free_path_earns_more() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {PAWN}"),
        "kr6/8/8/8/8/8/8/1R5K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let positions = [
        "k7/8/4P3/8/8/8/8/r6K w", // Black's rook on a1 guards nothing ahead of e6: free
        "k7/r7/4P3/8/8/8/8/7K w", // the rook on a7 attacks e7: unblocked only
        "k7/4r3/4P3/8/8/8/8/7K w", // the rook on e7 blocks: nothing
        "k7/3p4/4P3/8/8/8/8/7K w", // held by d7: nothing
        "5k2/8/4P3/8/8/8/8/7K w", // no officers; Black's king on f8 attacks e7 and e8
        "k7/8/4P3/8/8/8/8/7K w",  // no officers; free
    ];
    let before: Vec<i32> = positions.iter().map(|t| white_lead(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.passed_unblocked = (10, 30);
    params.passed_free = (40, 90);
    e.set_eval_params(params);
    let gained: Vec<i32> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| white_lead(&e, t) - b)
        .collect();
    // e6 is 2 steps from the last rank, 7 the farthest: progress ((7 - 2) / 6)^2, 711/1024.
    let progress = 711;
    assert_eq!(
        gained,
        [
            (10 + 40) * progress / 1024,
            10 * progress / 1024,
            0,
            0,
            30 * progress / 1024,
            (30 + 90) * progress / 1024,
        ]
    );
}

/// The king-danger term (`EvalParams::king_danger`, docs/search.md *Evaluation*): a man
/// reaching the cells around the enemy king makes danger, a kind that can give a *safe* check
/// (move to a cell from which it attacks the king, a cell no enemy man attacks) much more; the
/// player gains danger² / divisor. White's bishop b1 reaches h7 beside the king on h8, and its
/// rook d4 can check from h4: unless a black pawn on g5 (a man without a mobility weight, whose
/// attacks are gathered only when asked) or a black bishop on e7 (an officer) guards h4.
#[test]
fn a_safe_check_adds_to_the_king_danger() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const BISHOP: &str = r#"(name: "Bishop", letter: 'B', value: Some(3.0), atoms: [(motion: Ride(steps: Kind(2)))])"#;
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK}, {PAWN}, {BISHOP}"),
        "k7/8/8/8/8/8/8/1B1R3K w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0]
    };
    let positions = [
        "6rk/8/8/8/3R4/8/8/KB6 w",   // the rook checks safely from h4
        "6rk/8/8/6p1/3R4/8/8/KB6 w", // the pawn on g5 guards h4
        "6rk/4b3/8/8/3R4/8/8/KB6 w", // the bishop on e7 guards h4
        "6rk/8/8/8/3R4/8/8/K7 w",    // no man reaches the king's cells: no danger
    ];
    let before: Vec<i32> = positions.iter().map(|t| white(&e, t)).collect();
    let mut params = e.eval_params().clone();
    params.king_danger = crate::KingDanger {
        attacker: 100,
        attack: 10,
        safe_check: 1000,
        no_strongest: 0,
        divisor: 1000,
        cap: 100_000,
    };
    e.set_eval_params(params);
    let gained: Vec<i32> = positions
        .iter()
        .zip(&before)
        .map(|(t, b)| white(&e, t) - b)
        .collect();
    // One attacker with one attack (h7), and the safe check or not: 1110² or 110², / 1000.
    assert_eq!(gained, [1232, 12, 12, 0]);
}

/// The material imbalance (`EvalParams::imbalance`, docs/search.md *Evaluation*): each player
/// gains its weights in sixteenths of a centipawn per pair of its men of two kinds (a kind with
/// itself: n(n-1)/2 pairs) or of one of its men and one enemy man, tapered by its phase; a
/// letter the rule set lacks pairs nothing.
#[test]
fn the_imbalance_pays_pairs_of_men_by_their_kinds() {
    const PAWN: &str = r#"(name: "Pawn", letter: 'P', promotes: true, value: Some(1.0), atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly)])"#;
    const ROOK5: &str =
        r#"(name: "Rook", letter: 'R', value: Some(5.0), atoms: [(motion: Ride(steps: Kind(1)))])"#;
    let mut e = engine(&rules(
        8,
        8,
        &format!("{KING}, {ROOK5}, {PAWN}"),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w",
        "promotion: Some((axes: [1], choices: ['R']))",
    ));
    let white_lead = |e: &Engine<1>, text: &str| {
        let p = e.parse_position(text).unwrap();
        let mut s = [0i32; 2];
        e.evaluate_players(&p, &mut s);
        s[0] - s[1]
    };
    let weight = |own, other, enemy, middle, end| ImbalanceWeight {
        own,
        other,
        enemy,
        middle,
        end,
    };
    // All middle game: each side sees at least the one enemy rook of the start.
    let middle = "r3k3/pppp4/8/8/8/8/PP6/RR2K3 w";
    // All endgame: no officer left.
    let ending = "4k3/pppp4/8/8/8/8/PP6/4K3 w";
    let (middle_before, ending_before) = (white_lead(&e, middle), white_lead(&e, ending));
    let mut params = e.eval_params().clone();
    params.imbalance = vec![
        weight('R', 'R', false, 160, 0),
        weight('R', 'P', true, 16, 0),
        weight('P', 'P', false, 32, 48),
        weight('Q', 'P', false, 1_000, 1_000),
    ];
    e.set_eval_params(params);
    // White: one pair of rooks (160), 2 rooks x 4 enemy pawns (8 x 16), one pair of pawns (32):
    // 320 sixteenths, 20 centipawns. Black: 1 rook x 2 pawns (32), six pairs of pawns (192):
    // 14 centipawns.
    assert_eq!(white_lead(&e, middle), middle_before + 20 - 14);
    // White: one pair of pawns (48 in the endgame); Black: six (288).
    assert_eq!(white_lead(&e, ending), ending_before + 3 - 18);
}
