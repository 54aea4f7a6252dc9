//! insta snapshots: the start move list, positions with men on points, and the drawing of both
//! boards.

use spacechess_spectral::Spectral;
use spacechess_variant::Variant;

fn move_list(v: &Spectral, text: &str) -> String {
    let p = v.parse_position(text).unwrap();
    let mut moves = Vec::new();
    v.legal_moves(&p, &mut moves);
    let mut t: Vec<String> = moves.iter().map(|m| v.move_text(&p, m)).collect();
    t.sort();
    format!("{} moves\n{}\n", t.len(), t.join("\n"))
}

/// The 28 moves of the start: 20 orthodox moves, each Bishop's two half-steps to the points in
/// front of it, the Queen's two and the King's two.
#[test]
fn start_moves() {
    let v = Spectral::new();
    let s = v.position_text(&v.start());
    insta::assert_snapshot!(move_list(&v, &s));
}

/// A middle game with men of both sides on points: a White Bishop on *cd45, a Black Queen on
/// *bc23, a White Pawn on *fg56 that may take en passant... and castling both ways.
#[test]
fn moves_with_men_on_points() {
    let v = Spectral::new();
    let text = "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1";
    insta::assert_snapshot!(move_list(&v, text));
}

/// T16's position: a King on a point, checked along the column of points.
#[test]
fn king_checked_on_a_point() {
    let v = Spectral::new();
    let text = "k7/8/8/8/8/8/8/8|3q3/7/7/7/7/7/3K3 w - - 0 1";
    insta::assert_snapshot!(move_list(&v, text));
}

/// The drawing of a position with men on squares and points, and its position text.
#[test]
fn drawing_of_both_boards() {
    let v = Spectral::new();
    let text = "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1";
    let p = v.parse_position(text).unwrap();
    assert_eq!(v.position_text(&p), text);
    insta::assert_snapshot!(format!("{}\n{}", v.draw(&p), v.position_text(&p)));
}

/// The start of the example random-variant rule file (Counsellors and Vaos).
#[test]
fn random_example_start_moves() {
    let v = Spectral::from_ron(spacechess_spectral::RANDOM_EXAMPLE).unwrap();
    let s = v.position_text(&v.start());
    insta::assert_snapshot!(format!("{s}\n{}", move_list(&v, &s)));
}
