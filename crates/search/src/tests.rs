//! Search, solver and record tests on small rule sets of the engine: goals other than checkmate,
//! four players in teams and on their own (docs/search.md).

use super::*;
use spacechess_engine::{Engine, GenericNotation};
use spacechess_variant::record::Record;
use spacechess_variant::{Outcome, Player, Variant};
use std::sync::Arc;

fn engine(ron: &str) -> Engine<1> {
    Engine::from_ron(ron, Arc::new(GenericNotation)).expect("the test rule set compiles")
}

/// Rooks and kings (royal under a checkmate goal) on a 4x4 board, with the given goal; two players.
fn small(goal: &str, setup: &str) -> Engine<1> {
    small_with(goal, setup, false)
}

fn small_with(goal: &str, setup: &str, compulsory: bool) -> Engine<1> {
    engine(&format!(
        r#"RuleSet(
    name: "small",
    board: [[4, 4]],
    players: [
        (name: "White", team: 0, orientation: [1, 1]),
        (name: "Black", team: 1, orientation: [1, -1]),
    ],
    pieces: [
        (name: "Rook", letter: 'R', atoms: [(motion: Ride(steps: Kind(1)))]),
        (name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))]),
    ],
    setup: "{setup}",
    goal: {goal},
    compulsory_capture: {compulsory},
)"#
    ))
}

/// Four kings and rooks on an 8x8 board, four players in the given teams.
fn four(teams: [u8; 4], setup: &str) -> Engine<1> {
    engine(&format!(
        r#"RuleSet(
    name: "four",
    board: [[8, 8]],
    players: [
        (name: "North", team: {}, orientation: [1, 1]),
        (name: "East", team: {}, orientation: [1, 1]),
        (name: "South", team: {}, orientation: [1, 1]),
        (name: "West", team: {}, orientation: [1, 1]),
    ],
    pieces: [
        (name: "Rook", letter: 'R', atoms: [(motion: Ride(steps: Kind(1)))]),
        (name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))]),
    ],
    setup: "{setup}",
)"#,
        teams[0], teams[1], teams[2], teams[3]
    ))
}

#[test]
fn capture_all_is_searched_as_a_win() {
    // White rook a1, Black's last man (a king, not royal under CaptureAll) on a4: Ra1xa4 wins.
    let v = small("CaptureAll", "k3/4/4/R3 w");
    let pos = v.start();
    let r = Searcher::new(&v).search(&pos, Limits::depth(2));
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "a1xa4");
    assert_eq!(score_text(r.score, 2), "+M1");
    let m = MateSolver::new(&v).solve(&pos, 1);
    assert_eq!(m.shortest, Some(1));
    assert!(matches!(
        v.outcome(&v.play(&pos, &m.keys[0])),
        Some(Outcome::Win {
            reason: spacechess_variant::WinReason::CapturedEverything,
            ..
        })
    ));
}

#[test]
fn lose_all_is_searched_as_a_win() {
    // Losing chess with compulsory captures: White's last man, the rook on a1, goes to a3 where
    // the black rook on b3 must take it, and White has lost everything: a win in 1.
    let v = small_with("LoseAll", "4/1r2/4/R3 w", true);
    let pos = v.start();
    let m = MateSolver::new(&v).solve(&pos, 1);
    assert_eq!(m.shortest, Some(1), "White forces the loss of its last man");
    let keys: Vec<String> = m.keys.iter().map(|k| v.move_text(&pos, k)).collect();
    assert!(keys.contains(&"a1-a3".to_string()), "{keys:?}");
    let r = Searcher::new(&v).search(&pos, Limits::depth(3));
    assert!(
        r.score >= MATE_BOUND,
        "the search sees the win: {}",
        r.score
    );
    assert!(m.keys.contains(r.best.as_ref().unwrap()));
}

#[test]
fn stalemate_is_no_mate() {
    // Black king a4; White king c3, rook b1. Rb1-a1 mates; Rb1-b3 stalemates (a draw here), and
    // the solver must not count it.
    let v = small("Checkmate", "k3/2K1/4/1R2 w");
    let pos = v.start();
    let stalemate = v.parse_move(&pos, "b1-b3").unwrap();
    assert_eq!(
        v.outcome(&v.play(&pos, &stalemate)),
        Some(Outcome::Draw(spacechess_variant::DrawReason::Stalemate))
    );
    let r = MateSolver::new(&v).solve(&pos, 1);
    let keys: Vec<String> = r.keys.iter().map(|k| v.move_text(&pos, k)).collect();
    assert_eq!(keys, ["b1-a1"]);
}

#[test]
fn team_games_are_two_sides_and_free_for_all_is_paranoid() {
    let teams = four([0, 1, 0, 1], "k3K'3/8/8/8/8/8/8/K3k'3 1");
    let alone = four([0, 1, 2, 3], "k3K'3/8/8/8/8/8/8/K3k'3 1");
    let s = Sides::new(teams.players(), Player(0));
    assert!(!s.paranoid());
    assert!(s.same(Player(0), Player(2)) && !s.same(Player(0), Player(1)));
    let p = Sides::new(alone.players(), Player(1));
    assert!(p.paranoid());
    assert!(p.same(Player(0), Player(2)) && p.same(Player(0), Player(3)));
    assert!(!p.same(Player(1), Player(0)));
    // Both search to a legal move, deterministically.
    for v in [&teams, &alone] {
        let pos = v.start();
        let a = Searcher::new(v).search(&pos, Limits::depth(3));
        let b = Searcher::new(v).search(&pos, Limits::depth(3));
        let mut legal = Vec::new();
        v.legal_moves(&pos, &mut legal);
        assert!(legal.contains(a.best.as_ref().unwrap()));
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    }
}

#[test]
fn a_team_mate_is_found_with_the_partner() {
    // North (player 1) and South (player 3) against East (2) and West (4). East's king h8; South's
    // rooks on b7 and g2 hold rank 7 and the g-file; North's Ra1-a8 mates.
    let v = four([0, 1, 0, 1], "7k/1R'6/8/2k'5/8/4K'3/6R'1/R3K3 1");
    let pos = v.start();
    let r = MateSolver::new(&v).solve(&pos, 1);
    let keys: Vec<String> = r.keys.iter().map(|k| v.move_text(&pos, k)).collect();
    assert_eq!(keys, ["a1-a8"]);
    match v.outcome(&v.play(&pos, &r.keys[0])) {
        Some(Outcome::Win { winners, .. }) => assert_eq!(winners, [Player(0), Player(2)]),
        o => panic!("expected a win for North and South, got {o:?}"),
    }
    let s = Searcher::new(&v).search(&pos, Limits::depth(2));
    assert_eq!(v.move_text(&pos, s.best.as_ref().unwrap()), "a1-a8");
    assert_eq!(score_text(s.score, 4), "+M1p");
}

#[test]
fn score_text_reads_like_a_player_expects() {
    assert_eq!(score_text(35, 2), "+0.35");
    assert_eq!(score_text(-120, 2), "-1.20");
    assert_eq!(score_text(MATE - 3, 2), "+M2");
    assert_eq!(score_text(-(MATE - 2), 2), "-M1");
    assert_eq!(score_text(MATE - 5, 4), "+M5p");
}

#[test]
fn records_skip_comments_and_numbers_and_name_errors() {
    let text = "[Event \"a \\\"quoted\\\" name\"]\n[Variant \"small\"]\n\n{a comment\nover lines} 1.a1-a2 ; to the end\n1... d4-c4 *\n\n[Variant \"small\"]\n\n1. a1-a3 1-0\n";
    let recs = Record::parse_all(text).unwrap();
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].tag("Event"), Some("a \"quoted\" name"));
    assert_eq!(recs[0].moves, ["a1-a2", "d4-c4"]);
    assert_eq!(recs[0].result, "*");
    assert_eq!(recs[1].moves, ["a1-a3"]);
    // a `;` inside a move belongs to it (Goff's double castle); one starting a token is a comment
    let goff = Record::parse_all("1. CL2,1;4,1 ;comment CK1,1\n2. a1-a2 *\n").unwrap();
    assert_eq!(goff[0].moves, ["CL2,1;4,1", "a1-a2"]);
    let err = Record::parse_all("[Event unquoted]\n").unwrap_err();
    assert!(err
        .to_string()
        .contains("record line 1: the value must be in double quotes"));
    assert!(Record::parse_all("1. e4 {open")
        .unwrap_err()
        .to_string()
        .contains("not closed"));
    let v = small("Checkmate", "k3/4/4/1R1K w");
    let bad = Record::parse_all("[Variant \"small\"]\n\n1. b1-c2 *\n").unwrap();
    let e = bad[0].replay(&v).err().expect("an illegal move");
    assert!(e.to_string().contains("move 1 ('b1-c2')"), "{e}");
    let other = Record::parse_all("[Variant \"big\"]\n\n*\n").unwrap();
    assert!(other[0].replay(&v).is_err());
}

#[test]
fn four_player_results_have_a_score_per_player() {
    let o = Outcome::Win {
        winners: vec![Player(0), Player(2)],
        reason: spacechess_variant::WinReason::Checkmate,
    };
    assert_eq!(
        spacechess_variant::record::result_token(Some(&o), 4),
        "1-0-1-0"
    );
    assert_eq!(
        spacechess_variant::record::result_token(
            Some(&Outcome::Draw(spacechess_variant::DrawReason::Stalemate)),
            2
        ),
        "1/2-1/2"
    );
    assert_eq!(spacechess_variant::record::result_token(None, 2), "*");
}

#[test]
fn king_capture_is_searched_as_a_win() {
    // Capture the royal man: no check rules, so the black king on a4 stands attacked by the rook
    // on a1 with White to move, and Ra1xa4 wins at once.
    let v = small("CaptureRoyal", "k3/4/4/R2K w");
    let pos = v.start();
    let r = Searcher::new(&v).search(&pos, Limits::depth(2));
    assert_eq!(v.move_text(&pos, r.best.as_ref().unwrap()), "a1xa4");
    assert_eq!(score_text(r.score, 2), "+M1");
    let m = MateSolver::new(&v).solve(&pos, 1);
    let keys: Vec<String> = m.keys.iter().map(|k| v.move_text(&pos, k)).collect();
    assert_eq!(keys, ["a1xa4"]);
}

#[test]
fn piece_values_are_derived_from_mobility_on_the_empty_board() {
    // Orthodox pieces with no values given (docs/search.md, "Evaluation"): average reach over the
    // 64 cells is pawn 154/64 (one step forward from 56 cells, 98 diagonal captures; the double
    // step is for unmoved men only and left out), knight 336/64, bishop 560/64, rook 14, queen
    // 22.75; values are 100 x reach / pawn reach, the king 0.
    let v = engine(
        r#"RuleSet(
    name: "novalues",
    board: [[8, 8]],
    players: [
        (name: "White", team: 0, orientation: [1, 1]),
        (name: "Black", team: 1, orientation: [1, -1]),
    ],
    pieces: [
        (name: "Pawn", letter: 'P', promotes: true, atoms: [
            (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
            (motion: Ride(steps: Vectors([[0, 1]]), min: 2, max: Some(2)), mode: MoveOnly,
             only_unmoved: true, creates_en_passant: true),
            (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly, en_passant: true),
        ]),
        (name: "Knight", letter: 'N', atoms: [(motion: Leap(Pattern([1, 2])))]),
        (name: "Bishop", letter: 'B', atoms: [(motion: Ride(steps: Kind(2)))]),
        (name: "Rook", letter: 'R', atoms: [(motion: Ride(steps: Kind(1)))]),
        (name: "Queen", letter: 'Q', atoms: [(motion: Ride(steps: Union([Kind(1), Kind(2)])))]),
        (name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))]),
    ],
    setup: "4k3/8/8/8/8/8/8/4K3 w",
    promotion: Some((axes: [1], choices: ['Q', 'R', 'B', 'N'])),
)"#,
    );
    let avg = v.average_mobility();
    assert_eq!(avg[0], 154.0 / 64.0);
    assert_eq!(avg[1..5], [5.25, 8.75, 14.0, 22.75]);
    assert_eq!(v.piece_values(), [100, 218, 364, 582, 945, 0]);
    assert_eq!(
        v.piece_value_derived(),
        [true, true, true, true, true, false]
    );
    // Material decides the evaluation: a lone extra rook is worth about its value to White.
    let pos = v.parse_position("4k3/8/8/8/8/8/8/R3K3 w").unwrap();
    let mut scores = vec![0; 2];
    v.evaluate(&pos, &mut scores);
    assert!((582..700).contains(&(scores[0] - scores[1])), "{scores:?}");
}

/// Issue 14 (four-player games, "paranoid with a bounded branching"): a coalition player answers
/// with a few quiet moves only, but with every capture, so the root player still sees a man it
/// would lose to the last of its three opponents, while the tree shrinks.
#[test]
fn coalition_players_keep_their_captures_under_bounded_branching() {
    // North (to move): rook d4, king h1. West's rook d7, guarded by West's king c8, attacks it;
    // East's king a1, South's king h8. Taking on d7 trades a rook for a rook (a loss for North
    // against the coalition's average); leaving the rook on the d-file loses it to West.
    let v = four([0, 1, 2, 3], "2k'4K'/3r'4/8/8/3R4/8/8/k6K 1");
    let pos = v.start();
    let search = |coalition_moves| {
        let mut s = Searcher::new(&v);
        s.set_options(SearchOptions {
            coalition_moves,
            ..SearchOptions::default()
        });
        s.search(&pos, Limits::depth(4))
    };
    let bounded = search(1);
    let full = search(0);
    for r in [&bounded, &full] {
        let text = v.move_text(&pos, r.best.as_ref().unwrap());
        assert!(text.starts_with("d4-"), "{text}");
        assert!(
            !["d4-d5", "d4-d6", "d4-d7"].contains(&text.as_str()),
            "{text}"
        );
    }
    assert!(
        bounded.nodes < full.nodes,
        "bounded {} nodes, full {}",
        bounded.nodes,
        full.nodes
    );
}

/// A rule set whose every move list takes two milliseconds, as a large Goff quantum ensemble's
/// can: the search's nodes are slow.
struct SlowNodes {
    engine: Engine<1>,
}

impl Variant for SlowNodes {
    type Position = <Engine<1> as Variant>::Position;
    type Move = <Engine<1> as Variant>::Move;
    type EvalState = ();
    spacechess_variant::forward_variant!(engine => name, description, options_ron, players, start,
        to_move, draw, move_info, men, board,
        play, outcome, in_check, move_text, parse_move, position_text, parse_position,
        repetition_key, halfmove_clock, draw_rules, evaluate);
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) {
        std::thread::sleep(std::time::Duration::from_millis(2));
        self.engine.legal_moves(pos, out)
    }
}

#[test]
fn a_time_limit_holds_where_nodes_are_slow() {
    // docs/search.md, Limits: under a time limit the clock is looked at after the first node,
    // then as often as the nodes' pace asks. (It was looked at after 1 024 nodes: two seconds
    // here, and more than a Goff quantum game's clock held.)
    use std::time::Duration;
    let v = SlowNodes {
        engine: small("Checkmate", "1r1k/4/4/KR2 w"),
    };
    let pos = v.start();
    let t = std::time::Instant::now();
    let r = Searcher::new(&v).search(&pos, Limits::movetime(Duration::from_millis(20)));
    let spent = t.elapsed();
    assert!(r.best.is_some());
    assert!(r.nodes < 1024, "{} nodes", r.nodes);
    assert!(spent < Duration::from_millis(1000), "{spent:?}");
}

#[test]
fn a_small_node_budget_is_kept() {
    // docs/search.md, Limits: a node budget is looked at every 64th of it (at most every 1 024
    // nodes), so a small budget is not overrun by a whole interval.
    let v = small("Checkmate", "1r1k/4/4/KR2 w");
    for budget in [100, 5_000] {
        let r = Searcher::new(&v).search(&v.start(), Limits::nodes(budget));
        assert!(
            (budget..=budget + budget / 64).contains(&r.nodes),
            "budget {budget}: {} nodes",
            r.nodes
        );
    }
}

/// Orthodox chess whose evaluation's state is the position's own key, checked at every use:
/// the state the search hands `next_eval_state` must be that of the position before, and the
/// one it hands the evaluation that of the position evaluated.
struct CheckedState {
    chess: spacechess_orthodox::Orthodox,
    /// States worked out from a parent's, and evaluations given a state.
    chained: std::sync::atomic::AtomicU64,
    evaluated: std::sync::atomic::AtomicU64,
}

impl Variant for CheckedState {
    type Position = <spacechess_orthodox::Orthodox as Variant>::Position;
    type Move = <spacechess_orthodox::Orthodox as Variant>::Move;
    type EvalState = u64;
    spacechess_variant::forward_variant!(chess => name, description, options_ron, players, start,
        to_move, draw, move_info, men, board, legal_moves, noisy_moves, capture_values, see,
        moved_man_attacked, pass, hash_key, search_hints,
        play, outcome, in_check, move_text, parse_move, position_text, parse_position,
        repetition_key, halfmove_clock, draw_rules, evaluate);
    fn eval_state(&self, pos: &Self::Position) -> u64 {
        self.chess.hash_key(pos)
    }
    fn next_eval_state(&self, state: &u64, before: &Self::Position, after: &Self::Position) -> u64 {
        assert_eq!(
            *state,
            self.chess.hash_key(before),
            "a stale state before a move"
        );
        self.chained
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.chess.hash_key(after)
    }
    fn evaluate_with_state(&self, pos: &Self::Position, state: &u64, scores: &mut [i32]) {
        assert_eq!(*state, self.chess.hash_key(pos), "a stale state evaluated");
        self.evaluated
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.chess.evaluate(pos, scores)
    }
}

#[test]
fn every_evaluation_gets_the_state_of_its_own_position() {
    // docs/search.md, *Evaluation*: the search carries the evaluation's state (the network's
    // sums) down the line, worked out from the parent's when the evaluation first asks; null
    // moves, re-searches, quiescence and the table's cut-offs must all keep it right.
    use std::sync::atomic::Ordering;
    let v = CheckedState {
        chess: spacechess_orthodox::Orthodox::new(),
        chained: 0.into(),
        evaluated: 0.into(),
    };
    let mut searcher = Searcher::new(&v);
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2",
    ] {
        let pos = v.parse_position(fen).unwrap();
        let r = searcher.search(&pos, Limits::depth(6));
        assert!(r.best.is_some());
    }
    // Most evaluations take the state from a parent's, not from scratch.
    let (chained, evaluated) = (
        v.chained.load(Ordering::Relaxed),
        v.evaluated.load(Ordering::Relaxed),
    );
    assert!(
        evaluated > 1_000 && chained > evaluated / 2,
        "{chained} chained, {evaluated} evaluated"
    );
}
