//! The search, the mate solver and game records on orthodox chess (issue 8).

use spacechess_orthodox::Orthodox;
use spacechess_search::{
    play_game, Agent, Limits, MateSolver, RandomMover, SearchOptions, Searcher, MATE_BOUND,
};
use spacechess_variant::record::Record;
use spacechess_variant::{Game, Outcome, SearchHints, Variant, WinReason};

/// Paul Morphy's problem (White Kc8 Ra1 Pb6; Black Ka8 Bb8 Pa7 Pb7), mate in 2 with the unique
/// key 1.Ra6!: 1...bxa6 2.b7#, and any bishop move 2.Rxa7#.
fn morphy_fen() -> &'static str {
    "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
}

#[test]
fn morphy_mate_in_two_has_the_unique_key_ra6() {
    let v = Orthodox::new();
    let pos = v.parse_position(morphy_fen()).unwrap();
    let mut solver = MateSolver::new(&v);
    let r = solver.solve(&pos, 2);
    assert_eq!(r.shortest, Some(2));
    let keys: Vec<String> = r.keys.iter().map(|m| v.move_text(&pos, m)).collect();
    assert_eq!(keys, ["a1a6"]);
    let tree = r.tree.unwrap();
    let text = tree.to_text();
    // Every defence has a mating answer, and the two thematic mates are there.
    assert!(text.contains("1... b7a6\n    2. b6b7#"), "{text}");
    assert!(text.contains("2. a6a7#"), "{text}");
    for d in &tree.next {
        assert_eq!(d.next.len(), 1, "defence {} has no answer", d.text);
        assert!(d.next[0].wins);
    }
    let mut legal = Vec::new();
    v.legal_moves(&v.play(&pos, &r.keys[0]), &mut legal);
    assert_eq!(tree.next.len(), legal.len(), "the tree lists every defence");
    // And there is no mate in one.
    assert_eq!(solver.solve(&pos, 1).shortest, None);
}

#[test]
fn back_rank_mate_in_one() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        .unwrap();
    let r = MateSolver::new(&v).solve(&pos, 1);
    assert_eq!(r.shortest, Some(1));
    let keys: Vec<String> = r.keys.iter().map(|m| v.move_text(&pos, m)).collect();
    assert_eq!(keys, ["a1a8"]);
    let after = v.play(&pos, &r.keys[0]);
    assert!(matches!(
        v.outcome(&after),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    ));
}

#[test]
fn no_mate_where_there_is_none() {
    let v = Orthodox::new();
    // The back rank has an escape square (h7 pawn moved to h6): no mate in 1 or 2.
    let pos = v
        .parse_position("6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1")
        .unwrap();
    let mut s = MateSolver::new(&v);
    let r = s.solve(&pos, 2);
    assert_eq!(r.shortest, None);
    assert!(r.keys.is_empty() && r.tree.is_none());
    // The start position has no mate in 2 either.
    assert_eq!(s.solve(&v.start(), 2).shortest, None);
}

#[test]
fn the_search_finds_the_mate_in_two() {
    let v = Orthodox::new();
    let pos = v.parse_position(morphy_fen()).unwrap();
    let r = Searcher::new(&v).search(&pos, Limits::depth(3));
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "a1a6");
    assert!(r.score >= MATE_BOUND, "score {}", r.score);
    assert_eq!(spacechess_search::score_text(r.score, 2), "+M2");
}

#[test]
fn the_search_takes_a_hanging_queen() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 1")
        .unwrap();
    let r = Searcher::new(&v).search(&pos, Limits::depth(2));
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "c1g5");
}

#[test]
fn search_at_a_fixed_depth_is_deterministic() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    let a = Searcher::new(&v).search(&pos, Limits::depth(3));
    let mut s = Searcher::new(&v);
    let b = s.search(&pos, Limits::depth(3));
    let c = s.search(&pos, Limits::depth(3));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert_eq!(
        (b.best, b.score, b.nodes, &b.pv),
        (c.best, c.score, c.nodes, &c.pv)
    );
}

#[test]
fn a_kept_searcher_once_cleared_searches_as_a_new_one() {
    // A kept table (and the history and counter moves with it) carries what one search learnt
    // into the next; `clear` forgets it, as at the start of a new game.
    let v = Orthodox::new();
    let pos = v
        .parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    let mut fresh = Searcher::new(&v);
    fresh.set_keep_table(true);
    let a = fresh.search(&pos, Limits::depth(5));
    let mut kept = Searcher::new(&v);
    kept.set_keep_table(true);
    kept.search(&pos, Limits::depth(5));
    let b = kept.search(&pos, Limits::depth(5));
    // What the first search learnt makes the second cheaper.
    assert!(
        b.nodes < a.nodes,
        "{} nodes again, {} first",
        b.nodes,
        a.nodes
    );
    kept.clear();
    let c = kept.search(&pos, Limits::depth(5));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (c.best, c.score, c.nodes, c.pv)
    );
}

#[test]
fn a_search_stopped_in_an_iteration_plays_a_legal_move_that_begins_its_line() {
    // Node budgets stop the search at every point of its iterations: the move played is the last
    // finished iteration's, or one the unfinished iteration proved better. The engine's default
    // weights (not orthodox's tuned ones) fix the trees, in which 15 of these budgets stop an
    // iteration after it proved another move.
    let v = Orthodox::with_eval_params(spacechess_engine::EvalParams::for_dimensions(2));
    let mut partial_reports = 0;
    for (text, nodes) in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
    ]
    .into_iter()
    .flat_map(|t| (200..20_000).step_by(433).map(move |n| (t, n)))
    {
        let pos = v.parse_position(text).unwrap();
        let mut legal = Vec::new();
        v.legal_moves(&pos, &mut legal);
        // The last report always names the move played (a partial one when the unfinished
        // iteration's move is played), so that UCI's `bestmove` follows its last `info`.
        let mut last = None;
        let r = Searcher::new(&v).search_with(&pos, Limits::nodes(nodes), |i| {
            last = Some((i.pv.first().cloned(), i.partial, i.depth))
        });
        let best = r.best.expect("a move");
        assert!(legal.contains(&best), "{nodes} nodes");
        assert_eq!(r.pv.first(), Some(&best), "{nodes} nodes");
        let (first, partial, depth) = last.expect("a report");
        assert_eq!(first, Some(best), "{nodes} nodes");
        if partial {
            partial_reports += 1;
            assert_eq!(depth, r.depth + 1, "{nodes} nodes");
        }
    }
    assert!(
        partial_reports > 0,
        "no budget stopped an iteration with a proven move"
    );
}

#[test]
fn the_engine_never_returns_an_illegal_move() {
    let v = Orthodox::new();
    let mut rng = RandomMover::new(7);
    let mut searcher = Searcher::new(&v);
    let mut legal = Vec::new();
    for game in 0..6 {
        let mut pos = v.start();
        for ply in 0..40 {
            v.legal_moves(&pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            if ply % 7 == game % 7 {
                let r = searcher.search(&pos, Limits::depth(2));
                let best = r.best.expect("a move when moves exist");
                assert!(legal.contains(&best));
            }
            let m = rng.choose(&v, &pos).unwrap();
            pos = v.play(&pos, &m);
        }
    }
}

#[test]
fn the_principal_variation_is_legal() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    let r = Searcher::new(&v).search(&pos, Limits::depth(3));
    let mut cur = pos;
    let mut legal = Vec::new();
    for m in &r.pv {
        v.legal_moves(&cur, &mut legal);
        assert!(legal.contains(m));
        cur = v.play(&cur, m);
    }
    assert!(!r.pv.is_empty());
}

#[test]
fn a_self_play_game_is_recorded_and_replayed() {
    let v = Orthodox::new();
    let agents = [Agent::Engine(Limits::depth(1)), Agent::Random];
    let report = play_game(&v, v.start(), &agents, 3, 0, 80, |_| {});
    let names = vec![agents[0].to_string(), agents[1].to_string()];
    let text = Record::game_text(
        &report.game,
        &[("Event", "test")],
        &names,
        Some(&report.outcome),
    );
    // Standard chess's records are PGN's: no Variant tag.
    assert!(!text.contains("[Variant "), "{text}");
    assert!(text.contains("[White \"engine depth 1\"]"));
    let records = Record::parse_all(&text).unwrap();
    assert_eq!(records.len(), 1);
    let replayed = records[0].replay(&v).unwrap();
    assert_eq!(replayed.moves(), report.game.moves());
    assert_eq!(replayed.position(), report.game.position());
}

#[test]
fn a_record_from_a_set_position_replays_from_it() {
    let v = Orthodox::new();
    let pos = v.parse_position(morphy_fen()).unwrap();
    let mut game = Game::new(&v, pos);
    for m in ["a1a6", "b7a6", "b6b7"] {
        game.play_text(m).unwrap();
    }
    let text = Record::game_text(&game, &[], &[], None);
    // PGN's tags for a set position of standard chess (docs/formats.md, "Game records").
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("1. a1a6 b7a6 2. b6b7 1-0"), "{text}");
    let back = Record::parse_all(&text).unwrap()[0].replay(&v).unwrap();
    assert_eq!(back.position(), game.position());
}

#[test]
fn orthodox_reduces_late_moves_deeper_than_the_default() {
    // Issue 14, seventeenth stop: divisor 1.7 gained in orthodox, not in Raumschach, so it is
    // orthodox's own (`Variant::search_hints`); `SearchOptions::reduction_divisor` overrides it.
    let v = Orthodox::new();
    assert_eq!(v.search_hints().reduction_divisor, 1.7);
    assert_eq!(SearchHints::default().reduction_divisor, 1.9);
    let pos = v
        .parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    let with = |divisor: Option<f64>| {
        let mut s = Searcher::new(&v);
        s.set_options(SearchOptions {
            reduction_divisor: divisor,
            ..SearchOptions::default()
        });
        s.search(&pos, Limits::depth(7)).nodes
    };
    let own = with(None);
    assert_eq!(own, with(Some(1.7)));
    let default = with(Some(1.9));
    assert!(own < default, "{own} nodes at 1.7, {default} at 1.9");
}

/// The first move of each of a search's lines, as text.
fn first_moves(
    v: &Orthodox,
    pos: &<Orthodox as Variant>::Position,
    r: &spacechess_search::SearchResult<<Orthodox as Variant>::Move>,
) -> Vec<String> {
    r.lines.iter().map(|l| v.move_text(pos, &l.pv[0])).collect()
}

/// docs/search.md, "Several lines (MultiPV)": two rooks can each mate on the back rank (Ra8#,
/// Rb8#); with three lines the two mates come first, both scored as mate in one, and the third
/// line is another move, scored below them.
#[test]
fn multi_pv_finds_each_mate_and_the_best_move_after_them() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1")
        .unwrap();
    let mut s = Searcher::new(&v);
    s.set_options(SearchOptions {
        multi_pv: 3,
        ..SearchOptions::default()
    });
    let mut reported = Vec::new();
    let r = s.search_with(&pos, Limits::depth(4), |i| {
        reported.push((i.depth, i.multipv))
    });
    let moves = first_moves(&v, &pos, &r);
    assert_eq!(r.lines.len(), 3);
    let mut mates = moves[..2].to_vec();
    mates.sort();
    assert_eq!(mates, ["a1a8", "b2b8"]);
    assert_eq!(r.lines[0].score, r.lines[1].score);
    assert_eq!(r.lines[0].score, spacechess_search::MATE - 1);
    assert!(r.lines[2].score < MATE_BOUND, "{:?}", r.lines[2]);
    assert!(!mates.contains(&moves[2]));
    // The first line is the result's.
    assert_eq!(r.lines[0].score, r.score);
    assert_eq!(r.lines[0].pv, r.pv);
    assert_eq!(r.lines[0].depth, r.depth);
    // Every depth reports its three lines in order (a mate found does not end the search while
    // other lines are wanted).
    let expected: Vec<(u32, usize)> = (1..=4).flat_map(|d| (1..=3).map(move |k| (d, k))).collect();
    assert_eq!(reported, expected);
}

/// docs/search.md, "Several lines (MultiPV)": at a fixed depth without pruning, each line's score
/// is what a search of the moves not in the lines before it finds.
#[test]
fn each_line_scores_as_the_search_of_the_moves_left() {
    let v = Orthodox::new();
    // After 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6: many moves of close value.
    let pos = v
        .parse_position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
        .unwrap();
    let options = SearchOptions {
        multi_pv: 4,
        ..SearchOptions::baseline()
    };
    let mut s = Searcher::new(&v);
    s.set_options(options);
    let r = s.search(&pos, Limits::depth(3));
    assert_eq!(r.lines.len(), 4);
    let mut legal = Vec::new();
    v.legal_moves(&pos, &mut legal);
    for k in 0..4 {
        let before: Vec<_> = r.lines[..k].iter().map(|l| l.pv[0]).collect();
        let left: Vec<_> = legal
            .iter()
            .filter(|m| !before.contains(m))
            .cloned()
            .collect();
        let mut single = Searcher::new(&v);
        single.set_options(SearchOptions::baseline());
        single.set_search_moves(Some(left));
        let alone = single.search(&pos, Limits::depth(3));
        assert_eq!(alone.score, r.lines[k].score, "line {}", k + 1);
        assert!(
            !before.contains(&r.lines[k].pv[0]),
            "line {} repeats a move",
            k + 1
        );
    }
}

/// docs/search.md, "Root moves (searchmoves)": a restricted search plays one of its moves, even
/// when a better one (here a mate) is left out; moves that are not legal are ignored, and a list
/// with none legal searches every move.
#[test]
fn search_moves_restrict_the_root() {
    let v = Orthodox::new();
    let pos = v
        .parse_position("7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1")
        .unwrap();
    let mv = |text: &str| v.parse_move(&pos, text).unwrap();
    let mut s = Searcher::new(&v);
    s.set_search_moves(Some(vec![mv("g1f2"), mv("g1g2")]));
    let r = s.search(&pos, Limits::depth(3));
    let best = v.move_text(&pos, r.best.as_ref().unwrap());
    assert!(["g1f2", "g1g2"].contains(&best.as_str()), "{best}");
    assert!(r.score < MATE_BOUND);
    // A move of another position is ignored: only b2b8 is left, and it mates.
    let other = v.parse_position("7k/8/8/8/4K3/8/8/8 w - - 0 1").unwrap();
    let foreign = v.parse_move(&other, "e4e5").unwrap();
    s.set_search_moves(Some(vec![foreign, mv("b2b8")]));
    let r = s.search(&pos, Limits::depth(3));
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "b2b8");
    // None legal: every move, and a mate is found.
    s.set_search_moves(Some(vec![foreign]));
    let r = s.search(&pos, Limits::depth(3));
    assert_eq!(r.score, spacechess_search::MATE - 1);
    // Lifted.
    s.set_search_moves(None);
    let r = s.search(&pos, Limits::depth(3));
    assert_eq!(r.score, spacechess_search::MATE - 1);
}
