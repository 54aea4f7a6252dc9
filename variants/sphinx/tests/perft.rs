//! Perft from the starts. Depths 1-3 are checked against the independent reference generator in
//! tests/reference.rs (which recomputes them); depth 4 is `#[ignore]`d (run with
//! `cargo test --release -p spacechess-sphinx --test perft -- --ignored --nocapture`) and prints
//! nodes per second.

use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaOptions, ReducedSphinx, SphinxChess, SphinxGame, SphinxOptions,
};
use spacechess_variant::{perft, perft_parallel, Variant};
use std::time::Instant;

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

fn timed<V: Variant>(name: &str, v: &V, depth: u32) -> u64 {
    let t = Instant::now();
    let n = perft_parallel(v, &v.start(), depth, 2);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{name} depth {depth}: {n} nodes in {s:.2} s, {:.1} M nodes/s (2 threads)",
        n as f64 / s / 1e6
    );
    let t = Instant::now();
    let m = perft(v, &v.start(), depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{name} depth {depth}: {m} nodes in {s:.2} s, {:.1} M nodes/s (1 thread)",
        m as f64 / s / 1e6
    );
    assert_eq!(n, m);
    n
}

/// Depth 4 from the Sphinx and reduced starts (figures in docs/sphinx.md).
#[test]
#[ignore]
fn depth_4_with_timing() {
    let n = timed("sphinx", &SphinxChess::chess(), 4);
    assert_eq!(n, SPHINX_D4);
    let n = timed("sphinx-reduced", &ReducedSphinx::chess(), 4);
    assert_eq!(n, REDUCED_D4);
    timed(
        "sphinx-compulsion",
        &SphinxChess::new(SphinxOptions::game(SphinxGame::Compulsion)).unwrap(),
        4,
    );
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let t = Instant::now();
    let n = perft(&v, &v.start(), 3);
    println!(
        "ecila placements depth 3: {n} nodes in {:.2} s",
        t.elapsed().as_secs_f64()
    );
}

const SPHINX_D4: u64 = 13_263_095;
const REDUCED_D4: u64 = 1_166_262;

/// Perft's last-ply count equals the legal move list's length along random Sphinx Chess games.
#[test]
fn counted_moves_equal_listed_moves() {
    let g = SphinxChess::new(SphinxOptions::default()).unwrap();
    let checked = spacechess_variant::verify_counts(&g, &g.start(), 10, 150, 5).unwrap();
    assert!(checked > 500, "{checked}");
}
