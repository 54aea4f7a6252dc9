//! The random-variant pieces of spectral-realm.md §9 ("Spectral Realm Random Variant Chess") and
//! the rule file that replaces pieces of the array. Every piece is tested on d4 (or c1) of an
//! otherwise empty board with the Kings out of the way (on the points *ab78 and *gh12, off every
//! line through d4), then with the men that show its half-step rule.

mod common;
use common::*;
use spacechess_spectral::{PieceType, Spectral};
use spacechess_variant::Variant;

fn on_d4(v: &Spectral, letter: &str, extra: &[(&str, &str)]) -> Vec<String> {
    let mut men = vec![(letter, "d4"), ("K", "*ab78"), ("k", "*gh12")];
    men.extend_from_slice(extra);
    targets(v, &setup(v, &men, "w"), "d4")
}

fn split(t: &[String]) -> (usize, usize) {
    let pts = t.iter().filter(|n| n.starts_with('*')).count();
    (t.len() - pts, pts)
}

/// §9: the Fers (one diagonal step) also moves and captures a half-step diagonally.
#[test]
fn fers_half_step() {
    let v = Spectral::new();
    assert_eq!(
        on_d4(&v, "F", &[]),
        sorted(&["c3", "e3", "c5", "e5", "*cd34", "*de34", "*cd45", "*de45"])
    );
    assert!(on_d4(&v, "F", &[("n", "*de45")]).contains(&"*de45".to_string()));
}

/// §9: the Man (the King's move) and the Counsellor (Knight + Man) get the half-step.
#[test]
fn man_and_counsellor() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "M", &[])), (8, 4));
    assert_eq!(split(&on_d4(&v, "C", &[])), (16, 4));
}

/// §9: the Duke (one or two diagonal steps, a short rider) gets the ½ and 1½ steps; the §3
/// blocking applies to its 1½ and 2 steps.
#[test]
fn duke_half_and_one_and_a_half() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "D", &[])), (8, 8));
    // A man on the point *de45: e5 and f6 (even moves) are unaffected, *ef56 (1½) is blocked.
    let t = on_d4(&v, "D", &[("n", "*de45")]);
    assert!(t.contains(&"e5".into()) && t.contains(&"f6".into()) && t.contains(&"*de45".into()));
    assert!(!t.contains(&"*ef56".into()));
    // A man on e5 blocks both moves beyond it.
    let t = on_d4(&v, "D", &[("N", "e5")]);
    assert!(!t.contains(&"*ef56".into()) && !t.contains(&"f6".into()));
}

/// §9: the Archer (King-mover, Knight-capturer) has the half-step only when not capturing.
#[test]
fn archer_half_step_only_moving() {
    let v = Spectral::new();
    let t = on_d4(&v, "A", &[("n", "e5"), ("n", "*de45"), ("n", "f5")]);
    assert_eq!(
        t,
        sorted(&["c3", "d3", "e3", "c4", "e4", "c5", "d5", "*cd34", "*de34", "*cd45", "f5"])
    );
}

/// §9: the Sprinter (Giraffe-mover, King-capturer) has the half-step only when capturing.
#[test]
fn sprinter_half_step_only_capturing() {
    let v = Spectral::new();
    let t = on_d4(&v, "S", &[("n", "e5"), ("n", "*de45")]);
    assert_eq!(t, sorted(&["c8", "e8", "h3", "h5", "e5", "*de45"]));
}

/// §9: Alfil, Star and Squirrel have no half-steps and never change board.
#[test]
fn alfil_star_squirrel_stay_on_their_board() {
    let v = Spectral::new();
    assert_eq!(on_d4(&v, "E", &[]), sorted(&["b2", "f2", "b6", "f6"]));
    assert_eq!(split(&on_d4(&v, "T", &[])), (8, 0));
    assert_eq!(split(&on_d4(&v, "J", &[])), (16, 0));
    // An Alfil on a point (as after a promotion there) leaps from point to point.
    let p = setup(&v, &[("E", "*de45"), ("K", "*ab78"), ("k", "*gh12")], "w");
    assert_eq!(
        targets(&v, &p, "*de45"),
        sorted(&["*bc23", "*fg23", "*bc67", "*fg67"])
    );
    for p in ["Alfil", "Star", "Squirrel"] {
        let piece = PieceType::ALL.into_iter().find(|x| x.name() == p).unwrap();
        assert!(!piece.switches_boards(), "{p}");
    }
}

/// §9: the Griffin's first (diagonal) step is never a half-step; the point it passes is ignored.
#[test]
fn griffin_no_half_step() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "Y", &[])), (24, 0));
    assert_eq!(split(&on_d4(&v, "Y", &[("n", "*de45")])), (24, 0));
    // Its own man on e5 stops the whole branch through e5 (e5 and the six beyond).
    assert_eq!(split(&on_d4(&v, "Y", &[("N", "e5")])), (17, 0));
}

/// §9: the Rhinoceros (one orthogonal step, then outward diagonally) gets no half-steps.
#[test]
fn rhinoceros_no_half_steps() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "H", &[])), (24, 0));
    // Its diagonal leg e4-f5 passes the point *ef45 without regard to it.
    assert_eq!(split(&on_d4(&v, "H", &[("n", "*ef45")])), (24, 0));
}

/// §9: the Grasshopper over a screen on the other board lands a full step beyond it, on the
/// screen's board; over a screen on its own board it lands a full step beyond on its own board.
#[test]
fn grasshopper_diagonal_hops() {
    let v = Spectral::new();
    assert!(on_d4(&v, "G", &[]).is_empty());
    assert_eq!(on_d4(&v, "G", &[("n", "*de45")]), sorted(&["*ef56"]));
    assert_eq!(on_d4(&v, "G", &[("n", "e5")]), sorted(&["f6"]));
    // Both: the point screen gives *ef56; on the squares, the point is ignored and e5 is the
    // screen, giving f6.
    assert_eq!(
        on_d4(&v, "G", &[("n", "*de45"), ("n", "e5")]),
        sorted(&["*ef56", "f6"])
    );
    // Orthogonally as usual; it captures where it lands.
    assert_eq!(on_d4(&v, "G", &[("n", "d6"), ("n", "d7")]), sorted(&["d7"]));
}

/// The Pao: a rook that captures by hopping one screen; it never meets the points.
#[test]
fn pao() {
    let v = Spectral::new();
    let t = on_d4(&v, "O", &[("n", "d6"), ("n", "d8"), ("n", "*de45")]);
    assert!(t.contains(&"d5".into()) && t.contains(&"d8".into()));
    assert!(!t.contains(&"d6".into()) && !t.contains(&"d7".into()));
    assert_eq!(split(&t).1, 0);
}

/// §9: the Vao. A move starting and ending on squares may only use a screen on a square; a move
/// between a square and a point may use a screen on either board; exactly one screen.
#[test]
fn vao_screens() {
    let v = Spectral::new();
    let vao = |extra: &[(&str, &str)]| {
        let mut men = vec![("V", "c1"), ("K", "a8"), ("k", "h8")];
        men.extend_from_slice(extra);
        targets(&v, &setup(&v, &men, "w"), "c1")
    };
    // A screen on a point does not let it take on a square.
    let t = vao(&[("n", "e3"), ("n", "*de23")]);
    assert!(!t.contains(&"e3".into()), "{t:?}");
    // A screen on the square d2 does, the point *de23 being ignored.
    let t = vao(&[("n", "e3"), ("n", "*de23"), ("P", "d2")]);
    assert!(t.contains(&"e3".into()), "{t:?}");
    // Square to point: a screen on a square or on a point, but only one of them.
    assert!(vao(&[("n", "*ef34"), ("P", "d2")]).contains(&"*ef34".into()));
    assert!(vao(&[("n", "*ef34"), ("P", "*cd12")]).contains(&"*ef34".into()));
    assert!(!vao(&[("n", "*ef34"), ("P", "d2"), ("P", "*cd12")]).contains(&"*ef34".into()));
    // It moves (without capturing) as a Bishop with half-steps.
    assert_eq!(split(&on_d4(&v, "V", &[])), (13, 13));
}

/// The Leo = Pao + Vao: without captures it moves as the Queen (T4: 27 + 13).
#[test]
fn leo() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "L", &[])), (27, 13));
    let t = on_d4(
        &v,
        "L",
        &[("n", "d6"), ("n", "d8"), ("n", "e5"), ("n", "g7")],
    );
    assert!(t.contains(&"d8".into()) && t.contains(&"g7".into()));
}

/// The Nao: a nightrider that captures by hopping; never on points.
#[test]
fn nao() {
    let v = Spectral::new();
    assert_eq!(split(&on_d4(&v, "I", &[])), (12, 0));
    let t = on_d4(&v, "I", &[("n", "f5"), ("n", "h6")]);
    assert!(t.contains(&"h6".into()) && !t.contains(&"f5".into()));
}

/// The Dabbaba-rider: repeated (2,0) leaps; it ignores the square between.
#[test]
fn dabbaba_rider() {
    let v = Spectral::new();
    assert_eq!(
        on_d4(&v, "X", &[]),
        sorted(&["b4", "f4", "h4", "d2", "d6", "d8"])
    );
    let t = on_d4(&v, "X", &[("n", "e4"), ("N", "f4")]);
    assert!(!t.contains(&"f4".into()) && !t.contains(&"h4".into()));
}

/// §9: promotion on the last row of points is to the array pieces that cannot switch boards;
/// on the squares to any array piece but King and Pawn. With no such piece, a pawn cannot enter
/// the last row of points.
#[test]
fn promotion_choices_follow_the_array() {
    let v = Spectral::from_ron("(replace: {Knight: Counsellor})").unwrap();
    let (sq, pt) = v.promotion_pieces();
    assert_eq!(
        sq,
        &[
            PieceType::Queen,
            PieceType::Rook,
            PieceType::Bishop,
            PieceType::Counsellor
        ]
    );
    assert_eq!(pt, &[PieceType::Rook]);
    let v = Spectral::from_ron("(replace: {Knight: Counsellor, Rook: Leo})").unwrap();
    assert!(v.promotion_pieces().1.is_empty());
    // The pawn on *cd67 can neither step to *cd78 nor take on *de78; it can take on c7.
    let p = setup(
        &v,
        &[
            ("P", "*cd67"),
            ("n", "c7"),
            ("n", "*de78"),
            ("K", "a1"),
            ("k", "h8"),
        ],
        "w",
    );
    assert_eq!(targets(&v, &p, "*cd67"), sorted(&["c7"]));
    // Nor does it attack *de78: a Black King may stand there.
    let p = setup(&v, &[("P", "*cd67"), ("K", "a1"), ("k", "*de78")], "b");
    assert!(!v.in_check(&p));
    assert!(targets(&v, &p, "*de78").contains(&"*cd78".to_string()));
}

/// The rule file: the array is replaced wherever it stands; castling goes with the piece that
/// replaces the Rook.
#[test]
fn rule_file_replaces_the_array() {
    let v = Spectral::from_ron(spacechess_spectral::RANDOM_EXAMPLE).unwrap();
    assert_eq!(
        v.position_text(&v.start()),
        "rcvqkvcr/pppppppp/8/8/8/8/PPPPPPPP/RCVQKVCR w KQkq - 0 1"
    );
    assert_eq!(v.name(), "spectral-random-example");
    let v = Spectral::from_ron("(replace: {Rook: Pao})").unwrap();
    let p = v
        .parse_position("o3k2o/8/8/8/8/8/8/O3K2O w KQkq - 0 1")
        .unwrap();
    let after = v.play(&p, &v.parse_move(&p, "O-O-O").unwrap());
    assert_eq!(
        v.position_text(&after),
        "o3k2o/8/8/8/8/8/8/2KO3O b kq - 1 1"
    );
    // A castling right needs the array's Rook-replacement in the corner.
    let e = v
        .parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap_err();
    assert!(e.to_string().contains("Pao on h1"), "{e}");
}
