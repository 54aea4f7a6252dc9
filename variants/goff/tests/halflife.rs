//! The half-life of stacks (rules/goff/03 §5, 05 §2): the figures the example `half_life` prints.
//! The per-tile counts (147/115/27/235) are asserted in tests/stack.rs; here the derived figures,
//! the multi-move curve and the simulations.

mod common;

use common::*;
use spacechess_goff::halflife::{counts, decline, experiment, survival_curve};
use spacechess_goff::movegen::pseudo_moves;
use spacechess_goff::{Kind, Piece};

/// 05 §2 [C]: per-move survival 27/235 = 0.11489; discrete half-life ln 2 / -ln(27/235) = 0.320
/// moves, beside the book's 0.783.
#[test]
fn discrete_half_life() {
    let h = counts(3, 3, 3);
    assert_eq!(h.survival(), 27.0 / 235.0);
    assert_eq!(format!("{:.5}", h.survival()), "0.11489");
    assert_eq!(format!("{:.3}", h.discrete_half_life()), "0.320");
    assert_eq!(format!("{:.3}", h.half_life), "0.783");
}

/// 03 §5 / 05 §2: "3 moves => about 4 half-lives, or 16 stacks dwindle to 1 in 3 moves"; with
/// T½ = 0.783 it is 3.83 half-lives, a factor of about 14 (not 16).
#[test]
fn three_moves_remark() {
    let h = counts(4, 4, 4);
    assert_eq!(format!("{:.2}", 3.0 / h.half_life), "3.83");
    assert_eq!(format!("{:.1}", h.book_factor(3.0)), "14.2");
    assert_eq!(h.book_factor(h.half_life), 2.0);
    // the book's continuous rate: 16 stacks leave 16 / 14.2 = 1.1 after 3 moves
    assert_eq!(format!("{:.2}", 16.0 / h.book_factor(3.0)), "1.12");
}

/// 05 §2 [C], the multi-move version (each survivor moves again from its tile, empty board):
/// P(intact) 0.11489, 0.010486, 0.001020, 9.8e-5, 9e-6 after 1 to 5 moves.
#[test]
fn survival_curve_of_05_2() {
    let c = survival_curve(5);
    assert_eq!(c.len(), 5);
    assert!((c[0] - 27.0 / 235.0).abs() < 1e-12);
    assert_eq!(format!("{:.6}", c[1]), "0.010486");
    assert_eq!(format!("{:.6}", c[2]), "0.001020");
    assert_eq!(format!("{:.1e}", c[3]), "9.8e-5");
    assert_eq!(format!("{:.0e}", c[4]), "9e-6");
    // steeper than the book's "16 -> 1 in 3 moves"
    assert!(16.0 * c[2] < 0.1);
}

/// The chain's moves are the engine's: from every tile of the empty board a lone stack has
/// `common` stack moves and `total` distinct non-fission destinations.
#[test]
fn counts_match_the_stack_moves_everywhere() {
    for z in 0..8 {
        for a in 0..8 {
            for b in 0..8 {
                let s = t(z, a, b);
                let p = pos(&[(W, Kind::Stack, (z, a, b))], W);
                let mut v = Vec::new();
                let pc = Piece {
                    player: W,
                    kind: Kind::Stack,
                };
                pseudo_moves(&p, pc, s, &mut v);
                v.retain(|m| m.fission.is_none());
                let stack = v.iter().filter(|m| m.part.is_none()).count();
                let mut tiles: Vec<_> = v.iter().map(|m| m.to).collect();
                tiles.sort();
                tiles.dedup();
                let h = counts(z, a, b);
                assert_eq!((stack, tiles.len()), (h.common, h.total), "{z} {a} {b}");
            }
        }
    }
}

/// The simulations agree with the exact figures: one move over many boards survives 27/235 of
/// the time; the multi-move decline follows the exact curve; a seed gives the same run.
#[test]
fn simulations_follow_the_exact_curve() {
    let n = 200_000;
    let one = f64::from(experiment(n, 11)) / f64::from(n);
    assert!((one - 27.0 / 235.0).abs() < 0.005, "{one}");
    let d = decline(n, 3, 11);
    let exact = survival_curve(3);
    assert_eq!(d.len(), 3);
    assert!(d.windows(2).all(|w| w[1] <= w[0]));
    for (k, (&got, &p)) in d.iter().zip(&exact).enumerate() {
        let want = p * f64::from(n);
        let tol = 5.0 * want.sqrt() + 1.0;
        assert!(
            (f64::from(got) - want).abs() < tol,
            "move {}: {got} vs {want:.1}",
            k + 1
        );
    }
    assert_eq!(decline(1000, 3, 5), decline(1000, 3, 5));
    assert_eq!(decline(0, 2, 5), [0, 0]);
}
