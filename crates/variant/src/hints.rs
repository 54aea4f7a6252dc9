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
    /// Whether the pruning rules (reverse futility, null move, futility) judge a node by the
    /// transposition table's score where its bound says the searched score lies beyond the
    /// static one, instead of by the static score alone. Default false: neutral in orthodox
    /// (+7 [−6, +20] in 2 000 games), and it finds some quiet mates an iteration or two later.
    pub table_score_in_pruning: bool,
}

impl SearchHints {
    /// The late-move reduction divisor every variant uses unless it chooses its own.
    pub const DEFAULT_REDUCTION_DIVISOR: f64 = 1.9;
}

impl Default for SearchHints {
    fn default() -> Self {
        SearchHints {
            reduction_divisor: Self::DEFAULT_REDUCTION_DIVISOR,
            table_score_in_pruning: false,
        }
    }
}
