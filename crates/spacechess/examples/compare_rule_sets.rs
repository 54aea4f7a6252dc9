//! Compare rule sets: where do the move sets of two games differ?
//!
//! - Raumschach with and without the pawn's double step (a rule option);
//! - Parton's Cubic Chess against its Tamerlane variation (other pieces);
//! - orthodox chess against the same RON rule set with castling removed (a rule set edited in
//!   code; both run on the generic engine, so their move texts compare directly).
//!
//! `cargo run -p spacechess --example compare_rule_sets`

use spacechess::cubic::{Cubic6, CubicOptions, Raumschach, RaumschachOptions, TamerlaneOptions};
use spacechess::engine::{Engine, GenericNotation, RuleSet};
use spacechess::Variant;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The legal move texts of two games' positions, and the moves only one of them has.
#[derive(Debug)]
struct Difference {
    only_a: Vec<String>,
    only_b: Vec<String>,
    common: usize,
}

fn difference<A: Variant, B: Variant>(
    a: &A,
    pa: &A::Position,
    b: &B,
    pb: &B::Position,
) -> Difference {
    let ma: BTreeSet<String> = a.move_texts(pa).into_iter().collect();
    let mb: BTreeSet<String> = b.move_texts(pb).into_iter().collect();
    Difference {
        only_a: ma.difference(&mb).cloned().collect(),
        only_b: mb.difference(&ma).cloned().collect(),
        common: ma.intersection(&mb).count(),
    }
}

fn report(title: &str, d: &Difference) -> String {
    format!(
        "{title}: {} moves in common; only in the first: {}; only in the second: {}\n",
        d.common,
        list(&d.only_a),
        list(&d.only_b)
    )
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".into()
    } else if moves.len() > 8 {
        format!("{} ({} in all)", moves[..8].join(" "), moves.len())
    } else {
        moves.join(" ")
    }
}

/// The three comparisons, as text.
fn run() -> Result<(String, [Difference; 3]), Box<dyn std::error::Error>> {
    let mut out = String::new();

    let plain = Raumschach::raumschach_with(RaumschachOptions::default())?;
    let double = Raumschach::raumschach_with(RaumschachOptions {
        pawn_double_step: true,
        ..Default::default()
    })?;
    let d1 = difference(&plain, &plain.start(), &double, &double.start());
    out += &report("Raumschach without / with the double step", &d1);

    let cubic = Cubic6::cubic_with(CubicOptions::default())?;
    let tamerlane = Cubic6::tamerlane_with(TamerlaneOptions::default())?;
    let d2 = difference(&cubic, &cubic.start(), &tamerlane, &tamerlane.start());
    out += &report("Parton's Cubic Chess / Tamerlane", &d2);

    let with = RuleSet::from_ron(spacechess::orthodox::RULES)?;
    let mut without = with.clone();
    without.castling.clear();
    let (a, b) = (
        Engine::<1>::new(with, Arc::new(GenericNotation))?,
        Engine::<1>::new(without, Arc::new(GenericNotation))?,
    );
    // A position where both sides may castle, read as FEN by the orthodox crate and written in
    // the generic engine's own position text.
    let orthodox = spacechess::orthodox::Orthodox::new();
    let fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    let text = orthodox.engine().position_text(&orthodox.from_fen(fen)?);
    let d3 = difference(&a, &a.parse_position(&text)?, &b, &b.parse_position(&text)?);
    out += &report("orthodox / orthodox without castling", &d3);
    Ok((out, [d1, d2, d3]))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", run()?.0);
    Ok(())
}

#[test]
fn example_runs_and_finds_the_differences() {
    let (_, [d1, d2, d3]) = run().unwrap();
    // The double step adds moves and takes none away.
    assert!(d1.only_a.is_empty() && !d1.only_b.is_empty(), "{d1:?}");
    assert!(d1.only_b.iter().all(|m| m.contains('-')), "{d1:?}");
    // Tamerlane's other pieces move differently from the start.
    assert!(!d2.only_a.is_empty() || !d2.only_b.is_empty(), "{d2:?}");
    // Exactly the two castles of White are lost.
    assert_eq!(d3.only_a.len(), 2, "{d3:?}");
    assert!(d3.only_b.is_empty(), "{d3:?}");
}
