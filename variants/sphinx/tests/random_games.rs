//! Random games: a few hundred seeded games over every form, each move replayed through its text
//! and each position through its text, ending by the rules or a ply cap, never a panic.

use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaKing, EcilaOptions, EcilaQueen, ReducedSphinx, SphinxChess,
    SphinxGame, SphinxOptions,
};
use spacechess_variant::{Game, Outcome, Variant};
use std::collections::BTreeMap;

/// xorshift64*: a small PRNG, enough to pick moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays `games` random games of at most `cap` plies; returns how they ended.
fn random_games<V: Variant>(v: &V, games: u64, cap: usize, seed: u64) -> BTreeMap<String, usize> {
    let mut endings = BTreeMap::new();
    for g in 0..games {
        let mut rng = Rng(seed ^ (g + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
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

#[test]
fn sphinx_random_games() {
    let v = SphinxChess::chess();
    let endings = random_games(&v, 60, 200, 1);
    println!("sphinx: {endings:?}");
    assert_eq!(endings.values().sum::<usize>(), 60);
    let v = SphinxChess::new(SphinxOptions {
        king_confinement: true,
        ..SphinxOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 20, 200, 2);
    println!("sphinx confined: {endings:?}");
}

#[test]
fn reduced_random_games() {
    let v = ReducedSphinx::chess();
    let endings = random_games(&v, 60, 200, 3);
    println!("reduced: {endings:?}");
    assert_eq!(endings.values().sum::<usize>(), 60);
}

#[test]
fn compulsion_and_losing_random_games() {
    for (game, seed) in [(SphinxGame::Compulsion, 4), (SphinxGame::Losing, 5)] {
        let v = SphinxChess::new(SphinxOptions::game(game)).unwrap();
        let endings = random_games(&v, 30, 300, seed);
        println!("{game:?}: {endings:?}");
        let r = ReducedSphinx::new(SphinxOptions::game(game)).unwrap();
        let endings = random_games(&r, 20, 300, seed + 10);
        println!("reduced {game:?}: {endings:?}");
    }
}

#[test]
fn ecila_random_games() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let endings = random_games(&v, 40, 200, 6);
    println!("ecila chess: {endings:?}");
    for (game, seed) in [(EcilaGame::Scacia, 7), (EcilaGame::Schlagschach, 8)] {
        let v = Ecila8::new(EcilaOptions::game(game)).unwrap();
        let endings = random_games(&v, 30, 300, seed);
        println!("{game:?}: {endings:?}");
    }
    let v = Ecila8::new(EcilaOptions {
        queen: EcilaQueen::Alternative,
        king: EcilaKing::Confined,
        army: "KQNGWHU".into(),
        ..EcilaOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 20, 200, 9);
    println!("ecila variant pieces: {endings:?}");
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    let endings = random_games(&v, 10, 150, 10);
    println!("ecila27: {endings:?}");
}
