//! Perft: the known counts of orthodox chess (Chess Programming Wiki's standard positions).

use spacechess_orthodox::Orthodox;
use spacechess_variant::{perft, perft_parallel, Variant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

#[test]
fn start_position_depths_1_to_4() {
    let v = Orthodox::new();
    let s = v.start();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&v, &s, d)),
        [20, 400, 8902, 197_281]
    );
}

#[test]
fn start_position_depth_5() {
    let v = Orthodox::new();
    assert_eq!(perft_parallel(&v, &v.start(), 5, 2), 4_865_609);
}

#[test]
fn kiwipete_depths_1_to_3() {
    let v = Orthodox::new();
    let p = v.parse_position(KIWIPETE).unwrap();
    assert_eq!([1, 2, 3].map(|d| perft(&v, &p, d)), [48, 2039, 97_862]);
}

#[test]
fn kiwipete_depth_4() {
    let v = Orthodox::new();
    let p = v.parse_position(KIWIPETE).unwrap();
    assert_eq!(perft_parallel(&v, &p, 4, 2), 4_085_603);
}

/// Position 3 of the wiki: en passant and discovered checks along the fifth rank.
#[test]
fn position_3_en_passant_pins() {
    let v = Orthodox::new();
    let p = v
        .parse_position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
        .unwrap();
    assert_eq!(
        [1, 2, 3, 4, 5].map(|d| perft(&v, &p, d)),
        [14, 191, 2812, 43_238, 674_624]
    );
}

/// Position 4: promotions and castling under attack.
#[test]
fn position_4_promotions() {
    let v = Orthodox::new();
    let p = v
        .parse_position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
        .unwrap();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&v, &p, d)),
        [6, 264, 9467, 422_333]
    );
}

/// Position 5.
#[test]
fn position_5() {
    let v = Orthodox::new();
    let p = v
        .parse_position("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8")
        .unwrap();
    assert_eq!([1, 2, 3].map(|d| perft(&v, &p, d)), [44, 1486, 62_379]);
}

/// The last ply's count (`count_legal_moves`, which counts the moves that need no legality test
/// without listing them) equals the length of the legal move list, in every position of random
/// games from the start and from Kiwipete: pins, checks, en passant, castling and promotions
/// all occur.
#[test]
fn counted_moves_equal_listed_moves() {
    let v = Orthodox::new();
    for start in [v.start(), v.parse_position(KIWIPETE).unwrap()] {
        let checked = spacechess_variant::verify_counts(&v, &start, 40, 120, 7).unwrap();
        assert!(checked > 2000, "{checked}");
    }
}
