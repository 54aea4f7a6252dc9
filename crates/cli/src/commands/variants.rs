//! `spacechess variants`: the registered variants with one-line descriptions.

use crate::registry::VARIANTS;

/// One line per variant: the name, padded, then the description.
pub fn run() -> String {
    let width = VARIANTS.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    VARIANTS
        .iter()
        .map(|(name, description)| format!("{name:<width$}  {description}\n"))
        .collect()
}
