//! Dead positions by material (docs/orthodox.md, "Rules as implemented"; FIDE Laws 5.2.2): a
//! position from which no series of legal moves can checkmate is a draw.

use spacechess_orthodox::{Orthodox, INSUFFICIENT_MATERIAL};
use spacechess_variant::{DrawReason, Game, Outcome, Variant};

fn outcome(v: &Orthodox, fen: &str) -> Option<Outcome> {
    v.outcome(&v.parse_position(fen).unwrap())
}

fn dead() -> Option<Outcome> {
    Some(Outcome::Draw(DrawReason::Other(INSUFFICIENT_MATERIAL)))
}

#[test]
fn bare_kings_and_a_lone_minor_piece_are_dead() {
    let v = Orthodox::new();
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/6N1/8 b - - 0 1",
        "8/8/4k3/8/8/3K4/6B1/8 w - - 0 1",
        "8/2n5/4k3/8/8/3K4/8/8 w - - 0 1",
    ] {
        assert_eq!(outcome(&v, fen), dead(), "{fen}");
    }
}

#[test]
fn bishops_all_on_one_colour_are_dead_whoever_owns_them() {
    let v = Orthodox::new();
    // c1 and f4 are dark squares, as are e5 (Black's) and a1.
    for fen in [
        "8/8/4k3/4b3/8/3K4/8/2B5 w - - 0 1",
        "8/8/4k3/8/5B2/3K4/8/2B5 w - - 0 1",
        "8/8/4k3/4b3/5B2/3K4/8/b1B5 b - - 0 1",
    ] {
        assert_eq!(outcome(&v, fen), dead(), "{fen}");
    }
}

#[test]
fn material_that_can_mate_with_help_is_not_dead() {
    let v = Orthodox::new();
    for fen in [
        // Bishops on both colours (d1 is light, c1 dark), for either side.
        "8/8/4k3/8/8/3K4/8/2BB4 w - - 0 1",
        "8/8/4k3/3b4/8/3K4/8/2B5 w - - 0 1",
        // Two knights, or a knight and a bishop, on either side.
        "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1",
        "8/8/2n1k3/8/8/3K4/8/6N1 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/2B3N1 w - - 0 1",
        // Any pawn, rook or queen.
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/7R w - - 0 1",
        "8/8/4k3/8/8/3K4/8/7q w - - 0 1",
    ] {
        assert_eq!(outcome(&v, fen), None, "{fen}");
    }
}

#[test]
fn checkmate_and_stalemate_come_first() {
    let v = Orthodox::new();
    // Black stalemated by king and bishop: a stalemate, though the material is dead too.
    let stalemate = "k7/2K5/1B6/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        outcome(&v, stalemate),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
}

#[test]
fn a_capture_into_a_dead_position_ends_the_game_with_moves_left() {
    let v = Orthodox::new();
    // Black's rook stands next to White's king, undefended.
    let start = v.parse_position("8/8/4k3/8/8/3K4/3r4/8 w - - 0 1").unwrap();
    let mut game = Game::new(&v, start);
    assert_eq!(game.outcome(), None);
    game.play_text("d3d2").unwrap();
    assert_eq!(game.outcome(), dead());
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw (insufficient material)"
    );
    assert!(!v.legal_moves_vec(game.position()).is_empty());
    // A game that is over takes no more moves.
    assert!(game.play_text("e6e5").is_err());
}

#[test]
fn the_evaluation_and_the_search_see_a_dead_position_as_a_draw() {
    use spacechess_search::{Limits, Searcher};
    let v = Orthodox::new();
    // A bishop up: the engine's evaluation alone would keep part of the lead.
    let pos = v.parse_position("8/8/4k3/8/8/3K4/8/2B5 w - - 0 1").unwrap();
    let mut scores = [0; 2];
    v.evaluate(&pos, &mut scores);
    assert_eq!(scores, [0, 0]);
    let mut live = [0; 2];
    v.engine().evaluate(&pos, &mut live);
    assert!(
        live[0] > live[1],
        "the engine alone counts the bishop: {live:?}"
    );
    // The search adds only its tempo for the side to move.
    let r = Searcher::new(&v).search(&pos, Limits::depth(4));
    assert!(r.score.abs() <= 10, "{}", r.score);
    // With a knight more, mate is possible again and the search plays for it.
    let pos = v
        .parse_position("8/8/4k3/8/8/3K4/8/2B3N1 w - - 0 1")
        .unwrap();
    let r = Searcher::new(&v).search(&pos, Limits::depth(4));
    assert!(r.score > 100, "{}", r.score);
}
