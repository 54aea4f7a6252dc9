//! The test vectors of spectral-realm.md §7, one test per row (T1 .. T19), and further tests of
//! the rules of §2 - §6 that the rows do not cover.

mod common;
use common::*;
use spacechess_spectral::board::{is_point, is_square, locations};
use spacechess_spectral::{PieceType, Spectral, SpectralRules};
use spacechess_variant::{DrawReason, Outcome, Player, Variant, WinReason};

/// T1: 64 squares + 49 points = 113 locations.
#[test]
fn t1_location_count() {
    let l = locations();
    assert_eq!(l.len(), 113);
    assert_eq!(l.iter().filter(|&c| is_square(c)).count(), 64);
    assert_eq!(l.iter().filter(|&c| is_point(c)).count(), 49);
}

/// T2: a Bishop on a1 of an empty board reaches 14 locations along the long diagonal.
#[test]
fn t2_bishop_a1() {
    let v = Spectral::new();
    let p = setup(&v, &[("B", "a1"), ("K", "a8"), ("k", "h1")], "w");
    assert_eq!(
        targets(&v, &p, "a1"),
        sorted(&[
            "*ab12", "b2", "*bc23", "c3", "*cd34", "d4", "*de45", "e5", "*ef56", "f6", "*fg67",
            "g7", "*gh78", "h8"
        ])
    );
}

/// T3: a Bishop on d4 of an empty board: 13 squares + 13 points = 26.
#[test]
fn t3_bishop_d4() {
    let v = Spectral::new();
    let p = setup(&v, &[("B", "d4"), ("K", "h2"), ("k", "a5")], "w");
    assert_eq!(count(&v, &p, "d4"), (13, 13));
}

/// T4: a Queen on d4: 27 squares + 13 points = 40.
#[test]
fn t4_queen_d4() {
    let v = Spectral::new();
    let p = setup(&v, &[("Q", "d4"), ("K", "h2"), ("k", "a6")], "w");
    assert_eq!(count(&v, &p, "d4"), (27, 13));
}

/// T5: a King on d4: 8 squares + 4 points = 12.
#[test]
fn t5_king_d4() {
    let v = Spectral::new();
    let p = setup(&v, &[("K", "d4"), ("k", "h8")], "w");
    assert_eq!(count(&v, &p, "d4"), (8, 4));
}

/// T6: a Rook on d4 has 14 moves and a Knight on d4 8, all to squares.
#[test]
fn t6_rook_and_knight_d4() {
    let v = Spectral::new();
    let p = setup(&v, &[("R", "d4"), ("K", "h2"), ("k", "a6")], "w");
    assert_eq!(count(&v, &p, "d4"), (14, 0));
    let p = setup(&v, &[("N", "d4"), ("K", "h2"), ("k", "a8")], "w");
    assert_eq!(count(&v, &p, "d4"), (8, 0));
}

/// T7: on the point *de45, a Bishop has 16 squares + 12 points, a Queen 16 + 24 = 40, a King
/// 4 squares + 8 points.
#[test]
fn t7_pieces_on_a_point() {
    let v = Spectral::new();
    let p = setup(&v, &[("B", "*de45"), ("K", "a2"), ("k", "h2")], "w");
    assert_eq!(count(&v, &p, "*de45"), (16, 12));
    let p = setup(&v, &[("Q", "*de45"), ("K", "a2"), ("k", "h2")], "w");
    assert_eq!(count(&v, &p, "*de45"), (16, 24));
    let p = setup(&v, &[("K", "*de45"), ("k", "h8")], "w");
    assert_eq!(count(&v, &p, "*de45"), (4, 8));
}

/// T8: White Bishop c1, a Black man on *de23: the point is ignored by the even (square to square)
/// moves and blocks the odd ones beyond it; it can be captured.
#[test]
fn t8_point_ignored_by_even_moves() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[("B", "c1"), ("n", "*de23"), ("K", "a8"), ("k", "h1")],
        "w",
    );
    assert_eq!(
        targets(&v, &p, "c1"),
        sorted(&["*bc12", "*ab23", "b2", "a3", "*cd12", "d2", "*de23", "e3", "f4", "g5", "h6"])
    );
    assert!(!targets(&v, &p, "c1").contains(&"*ef34".to_string()));
    let capture = v.parse_move(&p, "c1x*de23").unwrap();
    assert_eq!(v.move_text(&p, &capture), "c1x*de23");
}

/// T9: White Bishop c1 with its own pawn on d2: d2 blocks the even and the odd moves beyond it.
#[test]
fn t9_square_blocks_both() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[("B", "c1"), ("P", "d2"), ("K", "a8"), ("k", "h1")],
        "w",
    );
    assert_eq!(
        targets(&v, &p, "c1"),
        sorted(&["*ab23", "*bc12", "*cd12", "a3", "b2"])
    );
}

/// T10: White Bishop c1 with its own man on *cd12: square moves jump the point; odd moves beyond
/// it are blocked.
#[test]
fn t10_point_blocks_only_odd_moves() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[("B", "c1"), ("Q", "*cd12"), ("K", "a8"), ("k", "h1")],
        "w",
    );
    assert_eq!(
        targets(&v, &p, "c1"),
        sorted(&["*ab23", "*bc12", "a3", "b2", "d2", "e3", "f4", "g5", "h6"])
    );
}

/// T14: White King e1 in check from a Rook on e8: d1, d2, f1, f2 only; the unattacked points
/// *de12 and *ef12 are forbidden by the spirit rule (§4).
#[test]
fn t14_spirit_rule_in_check() {
    let v = Spectral::new();
    let p = setup(&v, &[("K", "e1"), ("k", "a8"), ("r", "e8")], "w");
    assert!(v.in_check(&p));
    assert_eq!(targets(&v, &p, "e1"), sorted(&["d1", "d2", "f1", "f2"]));
    assert!(!v.is_attacked(&p, cell("*de12"), Player(1)));
    assert!(!v.is_attacked(&p, cell("*ef12"), Player(1)));
    let e = v.parse_move(&p, "e1-*de12").unwrap_err();
    assert!(e.to_string().contains("spirit rule"), "{e}");
    // §4: the rule set aside by agreement (spirit_rule: false) allows the half-steps.
    let off = Spectral::from_ron("(spirit_rule: false)").unwrap();
    let p = setup(&off, &[("K", "e1"), ("k", "a8"), ("r", "e8")], "w");
    assert_eq!(
        targets(&off, &p, "e1"),
        sorted(&["*de12", "*ef12", "d1", "d2", "f1", "f2"])
    );
}

/// T15: the same with the Rook on h8 (no check): the King may enter the points.
#[test]
fn t15_no_check_points_allowed() {
    let v = Spectral::new();
    let p = setup(&v, &[("K", "e1"), ("k", "a8"), ("r", "h8")], "w");
    assert_eq!(
        targets(&v, &p, "e1"),
        sorted(&["*de12", "*ef12", "d1", "d2", "e2", "f1", "f2"])
    );
}

/// T16: a King on *de12 checked by a Queen on *de78 may leave the point by a half-step while in
/// check, or step to other points.
#[test]
fn t16_king_checked_on_a_point() {
    let v = Spectral::new();
    let p = setup(&v, &[("K", "*de12"), ("q", "*de78"), ("k", "a8")], "w");
    assert!(v.in_check(&p));
    assert_eq!(
        targets(&v, &p, "*de12"),
        sorted(&["*cd12", "*cd23", "*ef12", "*ef23", "d1", "d2", "e1", "e2"])
    );
}

/// T17: after d7-d5, White may take en passant on d6 both from e5 (full-step capture) and from
/// *cd56 (half-step capture); both remove the pawn on d5.
#[test]
fn t17_en_passant_from_square_and_point() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("P", "e5"),
            ("P", "*cd56"),
            ("p", "d7"),
            ("K", "h1"),
            ("k", "a8"),
        ],
        "b",
    );
    let p = v.play(&p, &v.parse_move(&p, "d7-d5").unwrap());
    assert_eq!(v.position_text(&p).split(' ').nth(3), Some("d6"));
    for m in ["e5xd6", "*cd56xd6"] {
        let mv = v.parse_move(&p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(v.move_text(&p, &mv), m);
        let after = v.play(&p, &mv);
        assert_eq!(after.man_at(cell("d5")), None, "{m} removes d5");
        assert_eq!(
            after.man_at(cell("d6")).map(|m| m.piece),
            Some(PieceType::Pawn)
        );
        let text = v.position_text(&after);
        assert_eq!(v.position_text(&v.parse_position(&text).unwrap()), text);
    }
    // The opportunity lasts one move only.
    let p2 = v.play(&p, &v.parse_move(&p, "h1-g1").unwrap());
    let p3 = v.play(&p2, &v.parse_move(&p2, "a8-b8").unwrap());
    assert!(v.parse_move(&p3, "e5xd6").is_err());
    assert!(v.parse_move(&p3, "*cd56xd6").is_err());
}

/// T18: a White pawn on d6 with Black men on *cd67 and *de67: d7, x*cd67, x*de67.
#[test]
fn t18_pawn_half_step_captures() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("P", "d6"),
            ("n", "*cd67"),
            ("b", "*de67"),
            ("K", "a1"),
            ("k", "h8"),
        ],
        "w",
    );
    let mut t: Vec<String> = v
        .moves_from(&p, cell("d6"))
        .iter()
        .map(|m| v.move_text(&p, m))
        .collect();
    t.sort();
    assert_eq!(t, sorted(&["d6-d7", "d6x*cd67", "d6x*de67"]));
}

/// T19: a White pawn on *cd67 promotes on *cd78 to a Rook or a Knight only (the pieces of the
/// array that cannot switch boards).
#[test]
fn t19_promotion_on_the_points() {
    let v = Spectral::new();
    let p = setup(&v, &[("P", "*cd67"), ("K", "a1"), ("k", "h8")], "w");
    let mut t: Vec<String> = v
        .moves_from(&p, cell("*cd67"))
        .iter()
        .map(|m| v.move_text(&p, m))
        .collect();
    t.sort();
    assert_eq!(t, sorted(&["*cd67-*cd78=N", "*cd67-*cd78=R"]));
    let e = v.parse_move(&p, "*cd67-*cd78=Q").unwrap_err();
    assert!(e.to_string().contains("choices are RN"), "{e}");
    let e = v.parse_move(&p, "*cd67-*cd78").unwrap_err();
    assert!(e.to_string().contains("needs a piece"), "{e}");
    // The promoted Rook stays on the points board: it rides along the row of points.
    let p = v.play(&p, &v.parse_move(&p, "*cd67-*cd78=R").unwrap());
    let p = v.play(&p, &v.parse_move(&p, "h8-g8").unwrap());
    assert_eq!(count(&v, &p, "*cd78"), (0, 12));
}

/// §5 [R]: promotion on the last rank of squares to Q, R, B or N; compulsory.
#[test]
fn promotion_on_the_squares() {
    let v = Spectral::new();
    let p = setup(&v, &[("P", "c7"), ("K", "a1"), ("k", "h8")], "w");
    let mut t: Vec<String> = v
        .moves_from(&p, cell("c7"))
        .iter()
        .map(|m| v.move_text(&p, m))
        .collect();
    t.sort();
    assert_eq!(t, sorted(&["c7-c8=B", "c7-c8=N", "c7-c8=Q", "c7-c8=R"]));
    // Black promotes on the first rank and on the first row of points (*??12).
    let p = setup(
        &v,
        &[("p", "*cd23"), ("p", "b2"), ("K", "h8"), ("k", "a8")],
        "b",
    );
    let mut t: Vec<String> = v
        .moves_from(&p, cell("*cd23"))
        .iter()
        .chain(v.moves_from(&p, cell("b2")).iter())
        .map(|m| v.move_text(&p, m))
        .collect();
    t.sort();
    assert_eq!(
        t,
        sorted(&[
            "*cd23-*cd12=N",
            "*cd23-*cd12=R",
            "b2-b1=B",
            "b2-b1=N",
            "b2-b1=Q",
            "b2-b1=R"
        ])
    );
}

/// §5: a pawn moves straight forward on its own board; the double step only from its initial
/// square, and only over empty squares (points do not matter).
#[test]
fn pawn_steps() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("P", "e2"),
            ("n", "*de23"),
            ("n", "*ef34"),
            ("P", "*ab34"),
            ("K", "a1"),
            ("k", "h8"),
        ],
        "w",
    );
    // e2: e3, e4 (points beside the path ignored), captures on both points (half-steps).
    assert_eq!(targets(&v, &p, "e2"), sorted(&["e3", "e4", "*de23"]));
    // A pawn on a point moves forward point to point; no double step there.
    assert_eq!(targets(&v, &p, "*ab34"), sorted(&["*ab45"]));
    // A square blocks the pawn's double step.
    let p = setup(
        &v,
        &[("P", "e2"), ("n", "e3"), ("K", "a1"), ("k", "h8")],
        "w",
    );
    assert!(targets(&v, &p, "e2").is_empty());
}

/// §2: Rook and Knight never enter the points; the Rook's lines pass no point.
#[test]
fn rook_and_knight_never_enter_points() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("R", "a1"),
            ("N", "b1"),
            ("n", "*ab12"),
            ("K", "h1"),
            ("k", "h8"),
        ],
        "w",
    );
    for t in targets(&v, &p, "a1")
        .into_iter()
        .chain(targets(&v, &p, "b1"))
    {
        assert!(is_square(cell(&t)), "{t}");
    }
    assert_eq!(count(&v, &p, "a1"), (7, 0));
}

/// §2 / §3: orthogonal moves on the two boards never interact: a Rook on the squares is not
/// blocked by men on points, nor a Queen on the points by men on squares.
#[test]
fn orthogonal_boards_do_not_interact() {
    let v = Spectral::new();
    let p = setup(
        &v,
        &[
            ("Q", "*de12"),
            ("n", "d4"),
            ("n", "e4"),
            ("n", "d5"),
            ("K", "a1"),
            ("k", "h8"),
        ],
        "w",
    );
    let t = targets(&v, &p, "*de12");
    assert!(t.contains(&"*de78".to_string()), "{t:?}");
}

/// §6: castling as in orthodox chess, its squares tested with the spectral attacks (a Bishop's
/// half-step line attacks f1 through the points).
#[test]
fn castling_with_spectral_attacks() {
    let v = Spectral::new();
    let p = pos(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let t = targets(&v, &p, "e1");
    assert!(t.contains(&"g1".to_string()) && t.contains(&"c1".to_string()));
    let castle = v.parse_move(&p, "O-O").unwrap();
    assert_eq!(v.parse_move(&p, "e1-g1").unwrap(), castle);
    assert_eq!(v.parse_move(&p, "0-0").unwrap(), castle);
    assert_eq!(
        v.move_text(&p, &v.parse_move(&p, "e1-c1").unwrap()),
        "O-O-O"
    );
    let after = v.play(&p, &castle);
    assert_eq!(
        v.position_text(&after),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    // A Bishop on h3 attacks f1 by an even move (h3, *gh23 ignored, g2, f1).
    let p = pos(&v, "r3k2r/8/8/8/8/7b/8/R3K2R w KQkq - 0 1");
    assert!(!targets(&v, &p, "e1").contains(&"g1".to_string()));
    // A Bishop on a point attacks f1 by an odd move: *gh23 -> f1 (three half-steps).
    let p = pos(&v, "r3k2r/8/8/8/8/8/8/R3K2R|7/7/7/7/7/6b/7 w KQkq - 0 1");
    assert!(v.is_attacked(&p, cell("f1"), Player(1)));
    assert!(!targets(&v, &p, "e1").contains(&"g1".to_string()));
    assert!(targets(&v, &p, "e1").contains(&"c1".to_string()));
}

/// §6: checkmate wins (also on a point); stalemate is a draw; the half-step must be used to
/// escape stalemate when it is the only move (§4 "must be used").
#[test]
fn checkmate_and_stalemate() {
    let v = Spectral::new();
    // Black King h8, White Queen g7 protected by the King f6... orthodox mate, but the Black King
    // might slip to the point *gh78: it is attacked by the Queen (half-step), so it is mate.
    let p = pos(&v, "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        v.outcome(&p),
        Some(Outcome::Win {
            winners: vec![Player(0)],
            reason: WinReason::Checkmate
        })
    );
    // The orthodox stalemate Kh8 / Qf7, Kg6 is not one here: the point *gh78 is free.
    let p = pos(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(v.outcome(&p), None);
    // A stalemate: King a8; a7 by the Bishop b6, b7 and b8 by the King c7, and *ab78 by the Queen
    // on *ab34 along the column of points.
    let p = pos(&v, "k7/2K5/1B6/8/8/8/8/8|7/7/7/7/Q6/7/7 b - - 0 1");
    assert_eq!(v.outcome(&p), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Black King a8, White Queen c7 (orthodox stalemate without points): the point *ab78 is
    // free, so Black is not stalemated and must go there.
    let p = pos(&v, "k7/2Q5/8/8/8/8/8/7K b - - 0 1");
    let mut moves = Vec::new();
    v.legal_moves(&p, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| v.move_text(&p, m)).collect();
    assert_eq!(texts, vec!["a8-*ab78"]);
    assert_eq!(v.outcome(&p), None);
    // Checkmate of a King on a point: King *ab78, Queen *bc67 protected by the King b6, Rook h8
    // guarding b8.
    let p = pos(&v, "7R/8/1K6/8/8/8/8/8|k6/1Q5/7/7/7/7/7 b - - 0 1");
    assert_eq!(
        v.outcome(&p),
        Some(Outcome::Win {
            winners: vec![Player(0)],
            reason: WinReason::Checkmate
        })
    );
}

/// §8 decision 2: "one does not lose as soon as one's King is checked on a point": the spirit
/// rule never restricts a King that stands on a point.
#[test]
fn spirit_rule_only_restricts_kings_on_squares() {
    let v = Spectral::new();
    let p = setup(&v, &[("K", "*de12"), ("r", "a2"), ("k", "h8")], "w");
    // The Rook on a2 does not attack the point; put a Queen on the points row 12 instead.
    assert!(!v.in_check(&p));
    let p = setup(&v, &[("K", "*de12"), ("q", "*ab12"), ("k", "h8")], "w");
    assert!(v.in_check(&p));
    let t = targets(&v, &p, "*de12");
    assert!(t.contains(&"*de23".to_string()) && t.contains(&"*cd23".to_string()));
}

/// Rule options: the spirit rule is on by default and shows in the options text.
#[test]
fn options_text() {
    let v = Spectral::new();
    assert!(v.options_ron().contains("spirit_rule: true"));
    assert_eq!(
        SpectralRules::from_ron(&v.options_ron()).unwrap(),
        *v.rules()
    );
}

/// Search hooks (not rules): material is equal at the start; a capture reports the values of the
/// man taken and the man taking.
#[test]
fn search_hooks() {
    let v = Spectral::new();
    let mut scores = [0, 0];
    v.evaluate(&v.start(), &mut scores);
    assert_eq!(scores[0], scores[1]);
    assert!(scores[0] > 3900);
    let p = pos(
        &v,
        "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1",
    );
    let take = |t: &str| v.capture_values(&p, &v.parse_move(&p, t).unwrap());
    assert_eq!(take("b2x*bc23"), Some((1000, 100)));
    assert_eq!(take("e5xd6"), Some((100, 100)));
    assert_eq!(take("*cd45xa7"), Some((100, 450)));
    assert_eq!(take("O-O"), None);
}
