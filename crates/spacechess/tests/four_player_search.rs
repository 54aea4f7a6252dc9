//! The search of the four-player games stays small (issue 18 item 4).
//!
//! `spacechess selfplay cubic8-4 --a depth:1 --b random` once spent minutes on a game: the
//! quiescence search, under the paranoid reduction (the root player against a coalition of three),
//! followed every capture of every player for eight plies, the coalition's players taking each
//! other's men included, and a depth-1 search of a middle-game position visited over 300,000 nodes
//! (not finishing in two minutes). The node counts of fixed-depth searches are deterministic, so
//! they are asserted here; speed is measured in `benches/benches/search.rs`.

use spacechess::cubic::Cubic;
use spacechess::search::{Limits, Searcher};
use spacechess::Variant;

/// The middle game of `v` after `plies` random plies from the start (seeded).
fn middle_game<V: Variant>(v: &V, plies: usize, seed: u64) -> V::Position {
    let line = v.random_game(&v.start(), plies, seed);
    line.iter().fold(v.start(), |p, m| v.play(&p, m))
}

fn nodes<V: Variant>(v: &V, pos: &V::Position, depth: u32) -> u64 {
    let r = Searcher::new(v).search(pos, Limits::depth(depth));
    let best = r.best.expect("a move");
    assert!(v.legal_moves_vec(pos).contains(&best));
    eprintln!(
        "depth {depth}: {} nodes, best {}",
        r.nodes,
        v.move_text(pos, &best)
    );
    r.nodes
}

#[test]
fn four_players_depth_one_searches_few_nodes() {
    let v = Cubic::cubic8_four(None, &[]).unwrap();
    for (plies, seed) in [(120, 3), (200, 3), (300, 3)] {
        let pos = middle_game(&v, plies, seed);
        let n = nodes(&v, &pos, 1);
        assert!(n < 10_000, "{plies} plies: {n} nodes at depth 1");
    }
}

#[test]
fn four_players_and_teams_depth_two_stay_bounded() {
    let four = Cubic::cubic8_four(None, &[]).unwrap();
    let pos = middle_game(&four, 120, 3);
    let n = nodes(&four, &pos, 2);
    assert!(n < 100_000, "cubic8-4: {n} nodes at depth 2");
    let teams = Cubic::cubic8_teams(None, &[]).unwrap();
    let pos = middle_game(&teams, 120, 3);
    let n = nodes(&teams, &pos, 2);
    assert!(n < 100_000, "cubic8-teams: {n} nodes at depth 2");
}
