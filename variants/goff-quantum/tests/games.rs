//! Random quantum games under both collapse policies (05 §3.6): they never panic, every reality
//! stays a legal classical Goff position whose ids match its men, positions and moves round-trip
//! through their text; and with spread 1 only the quantum game is the classical one (05 §3.4:
//! a classical move is a quantum move of spread 1).

use spacechess_goff::movegen;
use spacechess_goff_quantum::ensemble::check_ids;
use spacechess_goff_quantum::moves::{leaves_at_most, play, realities};
use spacechess_goff_quantum::{QMove, QuantumGoff, QuantumRules};
use spacechess_variant::{RandomMover, RuleOptions, Variant};

fn variant(pairs: &[(&str, &str)]) -> QuantumGoff {
    let mut r = QuantumRules::default();
    for (k, v) in pairs {
        r.set(k, v).unwrap();
    }
    QuantumGoff::with_rules(r)
}

fn random_game(q: &QuantumGoff, seed: u64, plies: usize) -> (usize, usize) {
    let mut rng = RandomMover::new(seed);
    let mut e = q.start();
    let mut collapses = 0;
    let mut most = 1;
    for ply in 0..plies {
        let moves = q.legal_moves_vec(&e);
        if moves.is_empty() {
            assert!(
                q.outcome(&e).is_some(),
                "seed {seed} ply {ply}: no move, no outcome"
            );
            break;
        }
        // A few moves' texts read back as themselves.
        for i in 0..2 {
            let m = &moves[(seed as usize * 7 + ply * 13 + i * 31) % moves.len()];
            let t = q.move_text(&e, m);
            assert_eq!(
                &q.parse_move(&e, &t)
                    .unwrap_or_else(|err| panic!("{t}: {err}")),
                m,
                "{t}"
            );
        }
        let m = rng.choose(q, &e).expect("a move");
        if matches!(m, QMove::Collapse { .. }) {
            collapses += 1;
        }
        e = q.play(&e, &m);
        most = most.max(e.games().len());
        assert!(e.games().len() <= q.rules().max_games);
        for g in e.games() {
            spacechess_goff::text::validate(&g.pos)
                .unwrap_or_else(|err| panic!("seed {seed} ply {ply}: {err}"));
            check_ids(g, e.owners()).unwrap_or_else(|err| panic!("seed {seed} ply {ply}: {err}"));
            assert!(g.weight >= 1);
        }
        let text = q.position_text(&e);
        assert_eq!(q.parse_position(&text).unwrap(), e, "seed {seed} ply {ply}");
        let _ = q.draw(&e);
    }
    (collapses, most)
}

#[test]
fn random_games_under_karma() {
    let q = variant(&[("max_games", "24")]);
    for seed in 1..=2 {
        random_game(&q, seed, 16);
    }
}

/// The karma rule in play (05 §3.6): after White's queen pawn superposes, some White move (a
/// duke decay whose reach depends on where the pawn is) makes an
/// ensemble that no longer fits on one board; White (who made it) must then collapse, each choice
/// leaves a state that fits on one board with Black to move, and the choices partition the
/// realities.
#[test]
fn a_move_that_splits_the_board_is_collapsed_by_its_mover() {
    let q = variant(&[]);
    let mut e = q.start();
    for t in ["P(Q2,2) - [Q4,4]", "P(K2,2) - [K3,3]1"] {
        e = q.play_text(&e, t).unwrap();
    }
    assert!(!e.is_split());
    let splitting: Vec<QMove> = q
        .legal_moves_vec(&e)
        .into_iter()
        .filter(|m| q.play(&e, m).is_split())
        .collect();
    assert!(!splitting.is_empty(), "a correlating move exists");
    for m in splitting.iter().take(3) {
        let after = q.play(&e, m);
        assert_eq!(
            q.to_move(&after),
            spacechess_variant::Player(0),
            "White collapses"
        );
        let choices = q.legal_moves_vec(&after);
        assert!(choices.len() >= 2);
        let mut total = 0;
        for c in &choices {
            assert!(matches!(c, QMove::Collapse { .. }));
            let kept = q.play(&after, c);
            assert!(!kept.is_split());
            assert_eq!(q.to_move(&kept), spacechess_variant::Player(1));
            total += kept.realities();
            let t = q.move_text(&after, c);
            assert_eq!(&q.parse_move(&after, &t).unwrap(), c);
        }
        assert_eq!(
            total,
            after.realities(),
            "the classes partition the realities"
        );
        let err = q.parse_move(&after, "P(Q2,2) - [Q3,3]").unwrap_err();
        assert!(err.to_string().contains("collapse is due"), "{err}");
    }
}

#[test]
fn random_games_under_many_worlds() {
    let mut most = 0;
    for (spread, seed, plies) in [("standard", 4, 16), ("any", 5, 8)] {
        let q = variant(&[
            ("max_games", "24"),
            ("collapse", "many_worlds"),
            ("spread", spread),
        ]);
        let (collapses, m) = random_game(&q, seed, plies);
        assert_eq!(collapses, 0);
        most = most.max(m);
    }
    assert!(most > 1, "some superposition");
}

/// With spread 1 only and the classical knight, every listed move is one classical move in the
/// one reality, and the listed moves are the classical legal moves but the explosions (a fission
/// to two chosen tiles is not a quantum move).
#[test]
fn spread_one_is_the_classical_game() {
    let q = variant(&[("spread", "classical"), ("knight", "classical")]);
    let mut rng = RandomMover::new(11);
    let mut e = q.start();
    for _ in 0..16 {
        assert_eq!(e.games().len(), 1);
        let g = &e.games()[0];
        let mut classical = Vec::new();
        movegen::legal_moves(&g.pos, &mut classical);
        classical.retain(|m| m.fission.is_none());
        let mut got: Vec<_> = q
            .legal_moves_vec(&e)
            .iter()
            .flat_map(|m| {
                let r = realities(g, m);
                assert_eq!(r.len(), 1, "{}", q.move_text(&e, m));
                r
            })
            .collect();
        got.sort();
        classical.sort();
        assert_eq!(got, classical);
        match rng.choose(&q, &e) {
            Some(m) => e = q.play(&e, &m),
            None => break,
        }
    }
}

/// The move generator's bound on the games a move leaves (05 §3.8, the `max_games` option) is
/// counted without building the ensemble (`moves::leaves_at_most`): it agrees with the games
/// `play` leaves, just below, at and just above that number, with and without histories.
#[test]
fn the_games_bound_counts_as_play_does() {
    let q = variant(&[("max_games", "64")]);
    let mut rng = RandomMover::new(3);
    let mut e = q.start();
    let (mut checked, mut split) = (0, 0);
    for ply in 0..14 {
        let moves = q.legal_moves_vec(&e);
        let Some(m) = rng.choose(&q, &e) else { break };
        for (i, mv) in moves.iter().enumerate().filter(|(i, _)| i % 5 == ply % 5) {
            for histories in [false, true] {
                let n = play(&e, mv, histories).games().len();
                split += usize::from(n > 1);
                for max in [n.saturating_sub(1).max(1), n, n + 1] {
                    assert_eq!(
                        leaves_at_most(&e, mv, histories, max),
                        n <= max,
                        "ply {ply} move {i} ({}): {n} games, at most {max}",
                        q.move_text(&e, mv)
                    );
                }
                checked += 1;
            }
        }
        e = q.play(&e, &m);
    }
    assert!(
        checked > 100 && split > 20,
        "{checked} moves checked, {split} of many games"
    );
}
