//! A fixed-depth search of Spectral Realm Chess from the start, for profiling the search's calls
//! into the variant (move lists, captures, keys, check tests):
//! `cargo run --release --example search -p spacechess-spectral -- 6 [rules.ron]`.

use spacechess_search::{Limits, Searcher};
use spacechess_spectral::Spectral;
use spacechess_variant::Variant;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let v = match std::env::args().nth(2) {
        None => Spectral::new(),
        Some(path) => {
            let text = std::fs::read_to_string(&path).expect("a readable rule file");
            Spectral::from_ron(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
    };
    let start = v.start();
    let mut searcher = Searcher::new(&v);
    let r = searcher.search(&start, Limits::depth(depth));
    let best = r.best.map(|m| v.move_text(&start, &m)).unwrap_or_default();
    println!(
        "depth {depth}: best {best} score {} nodes {} in {:.3} s",
        r.score,
        r.nodes,
        r.elapsed.as_secs_f64()
    );
}
