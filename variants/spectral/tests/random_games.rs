//! Seeded random games, every move replayed through its text and every position through its
//! position text: a few hundred games of the orthodox array and of random-variant arrays that
//! together use every piece of spectral-realm.md §9, each ending by the rules (checkmate,
//! stalemate, repetition, the 50-move rule) or at a ply cap, without a panic.

use spacechess_spectral::{Spectral, SpectralMove};
use spacechess_variant::{Game, RandomMover, Variant};

/// Plays `games` games; returns (games ended by the rules, total plies).
fn play_games(v: &Spectral, games: u64, cap: usize, seed: u64) -> (usize, usize) {
    let mut ended = 0;
    let mut plies = 0;
    for g in 0..games {
        let mut rng = RandomMover::new(seed + g);
        let mut game = Game::new(v, v.start());
        let mut moves: Vec<SpectralMove> = Vec::new();
        for _ in 0..cap {
            if game.outcome().is_some() {
                ended += 1;
                break;
            }
            let pos = *game.position();
            v.legal_moves(&pos, &mut moves);
            assert!(!moves.is_empty(), "no move but no outcome");
            let unique: std::collections::HashSet<&SpectralMove> = moves.iter().collect();
            assert_eq!(
                unique.len(),
                moves.len(),
                "game {g}: a move is listed twice"
            );
            let m = moves[rng.below(moves.len())];
            // Move text round trip.
            let text = v.move_text(&pos, &m);
            let parsed = v
                .parse_move(&pos, &text)
                .unwrap_or_else(|e| panic!("game {g}: '{text}' does not parse back: {e}"));
            assert_eq!(parsed, m, "game {g}: '{text}'");
            game.play_text(&text).unwrap();
            plies += 1;
            // Position text round trip.
            let after = *game.position();
            let ptext = v.position_text(&after);
            let back = v
                .parse_position(&ptext)
                .unwrap_or_else(|e| panic!("game {g}: '{ptext}' does not parse back: {e}"));
            assert_eq!(back, after, "game {g}: {ptext}");
            assert_eq!(v.position_text(&back), ptext);
        }
    }
    (ended, plies)
}

/// 250 games of the orthodox array, capped at 250 plies.
#[test]
fn orthodox_array_random_games_round_trip() {
    let v = Spectral::new();
    let (ended, plies) = play_games(&v, 250, 250, 1);
    assert!(ended >= 25, "{ended} of 250 games ended by the rules");
    assert!(plies > 25_000, "{plies} plies");
}

/// Games with arrays of random-variant pieces (every piece of §9 appears in one of them).
#[test]
fn random_variant_arrays_round_trip() {
    for (i, replace) in [
        "{Knight: Counsellor, Bishop: Vao, Rook: Pao, Queen: Leo}",
        "{Knight: Archer, Bishop: Duke, Rook: DabbabaRider, Queen: Grasshopper}",
        "{Knight: Sprinter, Bishop: Fers, Rook: Nao, Queen: Griffin}",
        "{Knight: Squirrel, Bishop: Man, Rook: Star, Queen: Rhinoceros}",
        "{Knight: Alfil, Bishop: Bishop}",
    ]
    .iter()
    .enumerate()
    {
        let v = Spectral::from_ron(&format!("(replace: {replace})")).unwrap();
        let (_, plies) = play_games(&v, 30, 150, 1000 * (i as u64 + 1));
        assert!(plies > 1_500, "{replace}: {plies} plies");
    }
}
