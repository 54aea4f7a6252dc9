//! Random games: a few hundred seeded games over every form, each move replayed through its text
//! and each position through its text, ending by the rules or a ply cap, never a panic.

use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaKing, EcilaOptions, EcilaQueen, ReducedSphinx, SphinxChess,
    SphinxGame, SphinxOptions,
};
use spacechess_variant::{Game, Outcome, RandomMover, Variant};
use std::collections::BTreeMap;

/// Plays `games` random games of at most `cap` plies; returns how they ended.
fn random_games<V: Variant>(v: &V, games: u64, cap: usize, seed: u64) -> BTreeMap<String, usize> {
    let mut endings = BTreeMap::new();
    for g in 0..games {
        let mut rng = RandomMover::new(seed << 32 | g);
        let mut game = Game::new(v, v.start());
        let mut moves = Vec::new();
        let ending = loop {
            if let Some(o) = game.outcome() {
                break match o {
                    Outcome::Win { reason, .. } => format!("win {reason:?}"),
                    Outcome::Draw(r) => format!("draw {r:?}"),
                };
            }
            if game.moves().len() >= cap {
                break "ply cap".to_string();
            }
            let pos = game.position().clone();
            v.legal_moves(&pos, &mut moves);
            assert!(
                !moves.is_empty(),
                "{}: no legal move but no outcome in {}",
                v.name(),
                v.position_text(&pos)
            );
            let mv = moves[rng.below(moves.len())].clone();
            // The move through its text.
            let text = v.move_text(&pos, &mv);
            let back = v
                .parse_move(&pos, &text)
                .unwrap_or_else(|e| panic!("{}: '{text}' does not read back: {e}", v.name()));
            assert_eq!(back, mv, "{}: '{text}'", v.name());
            game.play_text(&text).unwrap();
            // The position through its text.
            let next = game.position();
            let ptext = v.position_text(next);
            let parsed = v
                .parse_position(&ptext)
                .unwrap_or_else(|e| panic!("{}: '{ptext}' does not read back: {e}", v.name()));
            assert_eq!(&parsed, next, "{}: '{ptext}'", v.name());
            assert_eq!(v.position_text(&parsed), ptext);
            // A drawing never fails.
            assert!(!v.draw(next).is_empty());
        };
        *endings.entry(ending).or_insert(0) += 1;
    }
    endings
}

/// The endings a game with checkmate as its goal may reach (sphinx.md §5, ecila.md §5), besides
/// the ply cap of these tests.
const CHECKMATE_GOAL: &[&str] = &[
    "ply cap",
    "win Checkmate",
    "win PerpetualCheck",
    "draw Stalemate",
    "draw Repetition",
    "draw MoveLimit",
];
/// The same for the games won by capturing every enemy man (sphinx.md §7 Compulsion, ecila.md §5
/// Scacia): a player without a move draws.
const CAPTURE_ALL_GOAL: &[&str] = &[
    "ply cap",
    "win CapturedEverything",
    "draw Stalemate",
    "draw Repetition",
    "draw MoveLimit",
];
/// And for those won by losing every man (sphinx.md §7 Losing, ecila.md §5 Schlagschach).
const LOSE_ALL_GOAL: &[&str] = &[
    "ply cap",
    "win LostEverything",
    "draw Stalemate",
    "draw Repetition",
    "draw MoveLimit",
];

/// Every ending is one of `allowed`, and `goal` (if any) ended at least one game.
fn check_endings(
    name: &str,
    endings: &BTreeMap<String, usize>,
    allowed: &[&str],
    goal: Option<&str>,
) {
    assert!(
        endings.keys().all(|e| allowed.contains(&e.as_str())),
        "{name}: {endings:?}"
    );
    if let Some(goal) = goal {
        assert!(endings.contains_key(goal), "{name}: {endings:?}");
    }
}

/// sphinx.md §2-§5: Sphinx Chess (no game of 200 random plies ends, so none is required to), and
/// with the king confined to his board, where random games end in checkmate.
#[test]
fn sphinx_random_games() {
    let v = SphinxChess::chess();
    check_endings(
        "sphinx",
        &random_games(&v, 60, 200, 1),
        CHECKMATE_GOAL,
        None,
    );
    let v = SphinxChess::new(SphinxOptions {
        king_confinement: true,
        ..SphinxOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 20, 200, 2);
    check_endings(
        "sphinx confined",
        &endings,
        CHECKMATE_GOAL,
        Some("win Checkmate"),
    );
}

/// sphinx.md §6: the reduced board.
#[test]
fn reduced_random_games() {
    let v = ReducedSphinx::chess();
    let endings = random_games(&v, 60, 200, 3);
    check_endings("reduced", &endings, CHECKMATE_GOAL, Some("win Checkmate"));
}

/// sphinx.md §7: Compulsion Sphinx is won by capturing every enemy man, Losing Sphinx by losing
/// all one's own; neither ends in checkmate.
#[test]
fn compulsion_and_losing_random_games() {
    for (game, seed, allowed, goal) in [
        (
            SphinxGame::Compulsion,
            4,
            CAPTURE_ALL_GOAL,
            "win CapturedEverything",
        ),
        (SphinxGame::Losing, 5, LOSE_ALL_GOAL, "win LostEverything"),
    ] {
        let v = SphinxChess::new(SphinxOptions::game(game)).unwrap();
        let endings = random_games(&v, 30, 300, seed);
        check_endings(&format!("{game:?}"), &endings, allowed, Some(goal));
        let r = ReducedSphinx::new(SphinxOptions::game(game)).unwrap();
        let endings = random_games(&r, 20, 300, seed + 10);
        check_endings(&format!("reduced {game:?}"), &endings, allowed, Some(goal));
    }
}

/// ecila.md §5: Ecila Chess (checkmate), Scacia (capture every enemy man), Schlagschach (lose all
/// one's men); the variant pieces and the 27-cell board.
#[test]
fn ecila_random_games() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let endings = random_games(&v, 40, 200, 6);
    check_endings("ecila chess", &endings, CHECKMATE_GOAL, None);
    for (game, seed, allowed, goal) in [
        (
            EcilaGame::Scacia,
            7,
            CAPTURE_ALL_GOAL,
            "win CapturedEverything",
        ),
        (
            EcilaGame::Schlagschach,
            8,
            LOSE_ALL_GOAL,
            "win LostEverything",
        ),
    ] {
        let v = Ecila8::new(EcilaOptions::game(game)).unwrap();
        let endings = random_games(&v, 30, 300, seed);
        check_endings(&format!("{game:?}"), &endings, allowed, Some(goal));
    }
    let v = Ecila8::new(EcilaOptions {
        queen: EcilaQueen::Alternative,
        king: EcilaKing::Confined,
        army: "KQNGWHU".into(),
        ..EcilaOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 20, 200, 9);
    check_endings(
        "ecila variant pieces",
        &endings,
        CHECKMATE_GOAL,
        Some("win Checkmate"),
    );
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 10, 150, 10);
    check_endings("ecila27", &endings, CHECKMATE_GOAL, None);
}
