//! [`SearchHints`]: what a variant tells the generic search about the shape of its game tree.

/// Settings of the generic search whose best value differs from variant to variant
/// ([`Variant::search_hints`](crate::Variant::search_hints)). Each value a variant chooses is
/// kept because a match showed it gains there (docs/search.md); the defaults are those measured
/// over all the variants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchHints {
    /// The divisor of the late-move reduction `1 + ln(depth) ln(rank) / divisor` (in plies):
    /// a smaller one reduces late quiet moves more. Default 1.9.
    pub reduction_divisor: f64,
}

impl SearchHints {
    /// The late-move reduction divisor every variant uses unless it chooses its own.
    pub const DEFAULT_REDUCTION_DIVISOR: f64 = 1.9;
}

impl Default for SearchHints {
    fn default() -> Self {
        SearchHints {
            reduction_divisor: Self::DEFAULT_REDUCTION_DIVISOR,
        }
    }
}
