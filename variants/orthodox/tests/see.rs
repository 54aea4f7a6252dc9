//! Static exchange evaluation (issue 14, "static exchange evaluation"): what a capture wins or
//! loses on its cell when both sides go on taking there with their least valuable man, through
//! the men behind (x-rays). The orthodox values are the rule set's: P 100, N 300, B 300, R 500,
//! Q 900.

use spacechess_orthodox::Orthodox;
use spacechess_variant::Variant;

fn see(fen: &str, mv: &str) -> Option<i32> {
    let v = Orthodox::new();
    let pos = v.parse_position(fen).unwrap();
    let m = v.parse_move(&pos, mv).unwrap();
    v.see(&pos, &m)
}

#[test]
fn a_free_man_is_won_whole() {
    assert_eq!(see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), Some(100));
    assert_eq!(see("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), Some(300));
}

#[test]
fn a_rook_taking_a_guarded_pawn_loses_the_exchange_of_rook_for_pawn() {
    // c7 guards d6: +100 - 500.
    assert_eq!(
        see("4k3/2p5/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6"),
        Some(-400)
    );
}

#[test]
fn the_second_rook_behind_the_first_takes_back_through_the_x_ray() {
    // Rd2xd5 Rd8xd5 Rd1xd5: +300 - 500 + 500.
    assert_eq!(
        see("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
        Some(300)
    );
    // Without the rook on d1 Black's recapture wins the exchange: +300 - 500.
    assert_eq!(
        see("3rk3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5"),
        Some(-200)
    );
}

#[test]
fn the_defender_stops_when_taking_back_would_lose_more() {
    // Pxd5 wins a knight; Black's queen will not take back on a cell the e4... the c4 pawn
    // guards: Black stops, and White keeps the knight.
    assert_eq!(
        see("3qk3/8/8/3n4/2P1P3/8/8/4K3 w - - 0 1", "e4d5"),
        Some(300)
    );
}

#[test]
fn the_king_takes_back_only_where_it_is_not_taken() {
    // Rxe7: the black king takes back (the rook is lost) unless the bishop on b4 guards e7.
    assert_eq!(see("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1e7"), Some(-400));
    assert_eq!(see("4k3/4p3/8/8/1B6/8/8/4RK2 w - - 0 1", "e1e7"), Some(100));
}

#[test]
fn a_quiet_move_risks_the_man_moved() {
    // h5 is safe: nothing is won or lost.
    assert_eq!(see("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h5"), Some(0));
    // The g6 pawn guards h5: the rook is lost for nothing.
    assert_eq!(see("4k3/8/6p1/8/8/8/8/4K2R w - - 0 1", "h1h5"), Some(-500));
    // A rook on h1 behind a rook going to h4 that a bishop on f6 guards: Rh4 Bxh4 Rxh4 costs
    // the exchange of rook for bishop, -500 + 300.
    assert_eq!(see("4k3/8/5b2/8/8/8/7R/4K2R w - - 0 1", "h2h4"), Some(-200));
}

#[test]
fn promotions_are_not_evaluated() {
    assert_eq!(see("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"), None);
}

/// Issue 14, eighteenth stop: a promotion to the most valuable choice wins the new man's value
/// less the pawn's, on top of any man taken, so the search orders it with the captures and
/// tries it in its quiescence search; an underpromotion wins only what it takes.
#[test]
fn a_queen_promotion_counts_as_a_gain_and_an_underpromotion_does_not() {
    let v = Orthodox::new();
    let pos = v.parse_position("3q3k/4P3/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let values = |mv: &str| v.capture_values(&pos, &v.parse_move(&pos, mv).unwrap());
    assert_eq!(values("e7d8n"), Some((900, 100)));
    assert_eq!(values("e7d8q"), Some((900 + 800, 100)));
    assert_eq!(values("e7e8q"), Some((800, 100)));
    assert_eq!(values("e7e8n"), None);
    assert_eq!(values("e7e8r"), None);
}
