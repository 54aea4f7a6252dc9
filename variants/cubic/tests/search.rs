//! The search and the mate solver on Raumschach (issue 8). The mate positions were constructed
//! by placing a white king, queen and rook and a black king on the 5x5x5 board and keeping
//! placements the solver proves to be a mate with a unique key; each test then checks the solution
//! independently (the mate is a checkmate by the rules, every defence is answered).

use spacechess_cubic::Raumschach;
use spacechess_search::{score_text, Limits, MateSolver, RandomMover, Searcher, SolutionNode};
use spacechess_variant::{Outcome, Variant, WinReason};

/// White King Ee1, Rook Db3, Queen Ae2; Black King Da1: mate in 1 by Ae2-Db2 (unique).
const MATE_IN_1: &str = "5/5/5/5/4K//5/5/1R3/5/k4//5/5/5/5/5//5/5/5/5/5//5/5/5/4Q/5 w - - 0 1";
/// White Rook Cb3, King Cc3, Queen Be1; Black King Ea2: mate in 2 by Be1-Dc3 (unique), no mate
/// in 1.
const MATE_IN_2: &str = "5/5/5/k4/5//5/5/5/5/5//5/5/1RK2/5/5//5/5/5/5/4Q//5/5/5/5/5 w - - 0 1";

fn raumschach() -> Raumschach {
    Raumschach::raumschach(None, &[]).expect("the built-in rule set")
}

fn is_checkmate(v: &Raumschach, pos: &<Raumschach as Variant>::Position) -> bool {
    matches!(
        v.outcome(pos),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    )
}

/// Walks a solution tree from `pos`: every attacker move in it is legal, every defence of the
/// position after an attacker move is listed, and every line ends in checkmate.
fn check_tree(
    v: &Raumschach,
    pos: &<Raumschach as Variant>::Position,
    node: &SolutionNode<spacechess_engine::Move>,
) {
    let mut legal = Vec::new();
    v.legal_moves(pos, &mut legal);
    assert!(legal.contains(&node.mv), "{} is legal", node.text);
    let after = v.play(pos, &node.mv);
    if node.next.is_empty() {
        assert!(
            node.wins && is_checkmate(v, &after),
            "{} ends the line in mate",
            node.text
        );
        return;
    }
    if node.by_attacker {
        v.legal_moves(&after, &mut legal);
        assert_eq!(
            node.next.len(),
            legal.len(),
            "every defence after {} is answered",
            node.text
        );
    } else {
        assert_eq!(node.next.len(), 1, "one continuation after {}", node.text);
    }
    for c in &node.next {
        check_tree(v, &after, c);
    }
}

#[test]
fn raumschach_mate_in_one() {
    let v = raumschach();
    let pos = v.parse_position(MATE_IN_1).unwrap();
    let r = MateSolver::new(&v).solve(&pos, 1);
    assert_eq!(r.shortest, Some(1));
    let keys: Vec<String> = r.keys.iter().map(|m| v.move_text(&pos, m)).collect();
    assert_eq!(keys, ["Ae2-Db2"]);
    assert!(is_checkmate(&v, &v.play(&pos, &r.keys[0])));
    // Independently: exactly one white move mates.
    let mut legal = Vec::new();
    v.legal_moves(&pos, &mut legal);
    let mates = legal
        .iter()
        .filter(|m| is_checkmate(&v, &v.play(&pos, m)))
        .count();
    assert_eq!(mates, 1);
}

#[test]
fn raumschach_mate_in_two_with_its_solution_tree() {
    let v = raumschach();
    let pos = v.parse_position(MATE_IN_2).unwrap();
    let mut solver = MateSolver::new(&v);
    assert_eq!(solver.solve(&pos, 1).shortest, None, "no mate in 1");
    let r = solver.solve(&pos, 2);
    assert_eq!(r.shortest, Some(2));
    let keys: Vec<String> = r.keys.iter().map(|m| v.move_text(&pos, m)).collect();
    assert_eq!(keys, ["Be1-Dc3"]);
    let tree = r.tree.expect("a tree");
    check_tree(&v, &pos, &tree);
    assert!(tree.to_text().starts_with("1. Be1-Dc3!\n"));
}

#[test]
fn raumschach_no_mate_where_there_is_none() {
    let v = raumschach();
    let mut solver = MateSolver::new(&v);
    // The start position: no mate in 2.
    let r = solver.solve(&v.start(), 2);
    assert_eq!(r.shortest, None);
    assert!(r.keys.is_empty());
    // The mate-in-2 position with Black to move instead: Black has no mate at all.
    let pos = v.parse_position(&MATE_IN_2.replace(" w ", " b ")).unwrap();
    assert_eq!(solver.solve(&pos, 2).shortest, None);
}

#[test]
fn raumschach_search_finds_the_mate_in_two() {
    let v = raumschach();
    let pos = v.parse_position(MATE_IN_2).unwrap();
    let r = Searcher::new(&v).search(&pos, Limits::depth(3));
    assert_eq!(score_text(r.score, 2), "+M2");
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "Be1-Dc3");
}

#[test]
fn raumschach_engine_moves_are_legal_and_deterministic() {
    let v = raumschach();
    let mut rng = RandomMover::new(5);
    let mut legal = Vec::new();
    let mut pos = v.start();
    for ply in 0..30 {
        v.legal_moves(&pos, &mut legal);
        if legal.is_empty() {
            break;
        }
        if ply % 6 == 0 {
            let a = Searcher::new(&v).search(&pos, Limits::depth(2));
            let b = Searcher::new(&v).search(&pos, Limits::depth(2));
            let best = a.best.expect("a move");
            assert!(legal.contains(&best));
            assert_eq!(
                (a.best, a.score, a.nodes, a.pv),
                (b.best, b.score, b.nodes, b.pv)
            );
        }
        let m = rng.choose(&v, &pos).unwrap();
        pos = v.play(&pos, &m);
    }
}

/// docs/search.md, issue 14's twenty-sixth stop: Raumschach's pruning reads the table's score
/// (`SearchHints::table_score_in_pruning`; the mate tests above search with it); Parton's 6x6x6
/// game keeps the default.
#[test]
fn raumschach_prunes_by_the_table_score() {
    assert!(raumschach().search_hints().table_score_in_pruning);
    let cubic = spacechess_cubic::Cubic6::cubic(None, &[]).expect("the built-in rule set");
    assert!(!cubic.search_hints().table_score_in_pruning);
}
