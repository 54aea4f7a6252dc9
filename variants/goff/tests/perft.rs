//! Perft from the starting lineup under the rules implemented so far: every base piece, the king,
//! check, and the pawn (advances incl. the first-move double advance, the 14 capture tiles,
//! unshackled back-plane moves, promotion, uplift), the stack (stack moves, decay, teleport,
//! recombination, fission) and en passant. No castling. Depth 1 is stated: 05 T27 "White has 72 (64 pawn moves = 8 x (3 single + 5
//! double), plus 8 knight moves)". Deeper counts are regression values of this implementation
//! (they will change when castling is added).

use spacechess_goff::Goff;
use spacechess_variant::{perft, Variant};

/// 05 T27: 72 legal first moves; depths 2-3 regression values.
#[test]
fn perft_start_shallow() {
    let g = Goff::new();
    let s = g.start();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, [72, 5184, 620_060]);
}

/// Depth 4 under the rules of 01-05 as above (regression value, docs/goff.md; about 35 s in
/// release, so ignored: run with
/// `cargo test --release -p spacechess-goff --test perft -- --ignored`).
#[test]
#[ignore = "deep perft: about 35 s in release"]
fn perft_start_4() {
    let g = Goff::new();
    assert_eq!(perft(&g, &g.start(), 4), PERFT_4);
}

const PERFT_4: u64 = 72_519_577;

/// Perft's last ply counts the legal moves without listing those of unrestricted men (pawn
/// promotions counted six at a time): the count equals the legal move list's length in every
/// position of random games, under the book's rules and with the options that change the
/// generator's paths (no decay: every move made and tested; the king's brook steps).
#[test]
fn counted_moves_equal_listed_moves() {
    for rules in [
        "()",
        "(stack: (decay: false))",
        "(king_brook_steps: true, en_passant: SinglePawnDoublePath)",
    ] {
        let r = spacechess_goff::GoffRules::from_ron(rules).unwrap();
        let g = Goff::with_rules(r);
        let checked = spacechess_variant::verify_counts(&g, &g.start(), 6, 150, 9).unwrap();
        assert!(checked > 300, "{rules}: {checked}");
    }
}
