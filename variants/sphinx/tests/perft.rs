//! Perft from the starts. Depths 1-3 are checked against the independent reference generator in
//! tests/reference.rs (which recomputes them; depth 4 in its ignored test). Speed is measured by
//! the criterion benches (`cargo bench -p spacechess-benches --bench sphinx`), not here.

use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaOptions, ReducedSphinx, SphinxChess, SphinxGame, SphinxOptions,
};
use spacechess_variant::{perft, perft_parallel, Variant};

/// sphinx.md 4: the Sphinx start. 59 moves at depth 1: eight pawns with two moves each (16), and
/// five moves for each of the king, two bishops, two rooks and two centauras, eight for the queen.
#[test]
fn sphinx_start_depths_1_to_3() {
    let v = SphinxChess::chess();
    assert_eq!(
        [1, 2, 3].map(|d| perft(&v, &v.start(), d)),
        [59, 3476, 215_171]
    );
}

/// sphinx.md 6: the reduced start. 32 moves at depth 1: each pawn two (one square ahead on its
/// quarter board, and to the corresponding square of the quarter board ahead), each centaura four
/// (two knight leaps, two between boards), the queen and the king none.
#[test]
fn reduced_start_depths_1_to_3() {
    let v = ReducedSphinx::chess();
    assert_eq!(
        [1, 2, 3].map(|d| perft(&v, &v.start(), d)),
        [32, 1020, 34_671]
    );
    assert_eq!(perft_parallel(&v, &v.start(), 4, 2), REDUCED_D4);
}

/// ecila.md 4: perft counts placements: 64 kings, then 51 Black kings (not on the 12 cells the
/// White king attacks nor its own).
#[test]
fn ecila_start_depths_1_to_3() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    assert_eq!(perft(&v, &v.start(), 1), 64);
    assert_eq!(perft(&v, &v.start(), 2), 64 * 51);
    // Scacia: six kinds on 64 cells, then six kinds on 63 cells.
    let v = Ecila8::new(EcilaOptions::game(EcilaGame::Scacia)).unwrap();
    assert_eq!(perft(&v, &v.start(), 2), 6 * 64 * 6 * 63);
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    assert_eq!(perft(&v, &v.start(), 1), 216);
}

/// Depth 4 from the Sphinx start (sphinx.md §2-§5: the reference's count, tests/reference.rs)
/// and from the Compulsion Sphinx start (§7: a regression value, docs/sphinx.md; the reference
/// knows only the orthodox goal).
#[test]
fn depth_4() {
    let v = SphinxChess::chess();
    assert_eq!(perft(&v, &v.start(), 4), SPHINX_D4);
    let v = SphinxChess::new(SphinxOptions::game(SphinxGame::Compulsion)).unwrap();
    assert_eq!(perft(&v, &v.start(), 4), COMPULSION_D4);
}

const SPHINX_D4: u64 = 13_263_095;
const REDUCED_D4: u64 = 1_166_262;
const COMPULSION_D4: u64 = 8_210_571;

/// Perft's last-ply count equals the legal move list's length along random Sphinx Chess games.
#[test]
fn counted_moves_equal_listed_moves() {
    let g = SphinxChess::new(SphinxOptions::default()).unwrap();
    let checked = spacechess_variant::verify_counts(&g, &g.start(), 10, 150, 5).unwrap();
    assert!(checked > 500, "{checked}");
}
