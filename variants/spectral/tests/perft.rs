//! Perft of Spectral Realm Chess. Depths 1 - 3 are also checked against the independent reference
//! implementation in tests/reference.rs; depth 4 against it in an ignored test there.

use spacechess_spectral::Spectral;
use spacechess_variant::{divide, perft, Variant};

/// The start: 28, 783, 25 741, 841 063.
#[test]
fn start_depths_1_to_4() {
    let v = Spectral::new();
    let s = v.start();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&v, &s, d)),
        [28, 783, 25_741, 841_063]
    );
}

/// Divide at depth 2: 27 replies to every first move except 1. Qd1-*de12, after which the
/// Queen watches *de78 along the column of points, so the Black King may not go there.
#[test]
fn start_divide_depth_2() {
    let v = Spectral::new();
    let s = v.start();
    let d = divide(&v, &s, 2);
    let short: Vec<String> = d
        .iter()
        .filter(|(_, n)| *n != 28)
        .map(|(m, n)| format!("{} {n}", v.move_text(&s, m)))
        .collect();
    assert_eq!(short, vec!["d1-*de12 27"]);
}

/// Perft of the example random-variant array (Counsellors and Vaos).
#[test]
fn random_example_depths_1_to_3() {
    let v = Spectral::from_ron(spacechess_spectral::RANDOM_EXAMPLE).unwrap();
    let s = v.start();
    let counts = [1, 2, 3].map(|d| perft(&v, &s, d));
    // Counsellors: 3 moves each (knight leaps a3, c3 and the half-step ...), see the snapshot.
    assert_eq!(counts[0] as usize, {
        let mut m = Vec::new();
        v.legal_moves(&s, &mut m);
        m.len()
    });
    assert!(
        counts[1] > counts[0] * 20 && counts[2] > counts[1] * 20,
        "{counts:?}"
    );
}

/// §4 option: with the spirit rule set aside the count grows by the King's half-steps out of
/// check (none before depth 4).
#[test]
fn start_without_the_spirit_rule() {
    let v = Spectral::from_ron("(spirit_rule: false)").unwrap();
    let s = v.start();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&v, &s, d)),
        [28, 783, 25_741, 841_115]
    );
    assert!(v.description().contains("spirit rule set aside"));
}
