//! What the fuzz targets share: every registered variant built once, the variant chosen by the
//! first input byte, and the checks that a position or move text that was accepted behaves.
//!
//! Every target treats an `Err` as a fine answer; a panic, or an accepted text that does not
//! round-trip, is a finding.

use spacechess::{AnyVariant, VARIANTS};
use std::sync::OnceLock;

/// Every variant of [`VARIANTS`], in catalogue order, with its default rules (built once).
pub fn variants() -> &'static [Box<dyn AnyVariant>] {
    static ALL: OnceLock<Vec<Box<dyn AnyVariant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|(name, _)| spacechess::variant(name).expect("a registered variant builds"))
            .collect()
    })
}

/// The variant named by the first byte (modulo the number of variants) and the rest of the input.
pub fn pick(data: &[u8]) -> Option<(&'static dyn AnyVariant, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let all = variants();
    Some((all[first as usize % all.len()].as_ref(), rest))
}

/// The bytes as text: invalid UTF-8 becomes U+FFFD, so non-ASCII text is exercised too.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks an accepted position text: its normal form reads back to itself, and every entry point
/// answers without panicking; the first and last listed moves play.
pub fn check_position(v: &dyn AnyVariant, normal: &str) {
    let again = v
        .normalize(normal)
        .unwrap_or_else(|e| panic!("{}: normal form {normal:?} does not read back: {e}", v.name()));
    assert_eq!(again, normal, "{}: normal form is not stable", v.name());
    v.to_move(normal).expect("to_move of a valid position");
    v.in_check(normal).expect("in_check of a valid position");
    v.outcome(normal).expect("outcome of a valid position");
    v.draw(normal).expect("draw of a valid position");
    let moves = v.legal_moves(normal).expect("legal moves of a valid position");
    for m in moves.first().into_iter().chain(moves.last()) {
        let after = v
            .play(normal, &[m.as_str()])
            .unwrap_or_else(|e| panic!("{}: listed move {m:?} in {normal:?}: {e}", v.name()));
        v.normalize(&after)
            .unwrap_or_else(|e| panic!("{}: position after {m:?} does not read: {e}", v.name()));
    }
}

/// Inputs that hit defects already reported and being fixed on another branch: a target skips
/// them so that a run goes on to find new ones. Delete each entry when its fix is merged (the
/// property test `crates/spacechess/tests/robustness.rs` keeps a failing case for each).
pub mod known {
    /// Issue 18 item 1: the engine's move-text reader (`split_cells`, crates/engine/src/text.rs)
    /// slices a text inside a multi-byte character, so a non-ASCII move text panics in every
    /// variant that reads moves with the engine (all but goff and spectral), e.g. `aé` in orthodox.
    pub fn non_ascii_engine_move(variant: &str, text: &str) -> bool {
        !text.is_ascii() && !matches!(variant, "goff" | "spectral")
    }

    /// The generic engine's position reader asks for exactly one royal man per player, so the
    /// start of a rule set that opens with an empty board (Ecila's placement phase,
    /// variants/sphinx/rules/ecila.ron run as `orthodox --rules`) is written but not read back.
    pub fn unreadable_engine_start(error: &str) -> bool {
        error.contains("royal men; exactly one is needed")
    }
}
