//! The fast move generator against the general one (`Spectral::check_fast_path`: the legal moves
//! as lists, their count, the captures-only list, the check test, the evaluation's sums) in every
//! position of many seeded random games, with the orthodox array (spirit rule on and off) and
//! from positions with men on the points, kings in the open and pawns about to promote on both
//! boards. The games count what they went through, so that a test that checks nothing fails.
//! In the same positions, the repetition key against its definition.

use spacechess_spectral::{Special, Spectral, SpectralPosition};
use spacechess_variant::{RandomMover, Variant};

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    en_passant: usize,
    castles: usize,
    point_promotions: usize,
    kings_on_points: usize,
}

/// Plays `games` random games of up to `plies` plies from `start`, checking every position.
fn random_games(
    v: &Spectral,
    start: &SpectralPosition,
    games: u64,
    plies: usize,
    seed: u64,
) -> Seen {
    let mut seen = Seen::default();
    let mut moves = Vec::new();
    for g in 0..games {
        let mut rng = RandomMover::new(seed + g);
        let mut p = *start;
        for _ in 0..plies {
            if let Err(e) = v.check_fast_path(&p) {
                panic!("game {g} (seed {}): {e}", seed + g);
            }
            assert_eq!(v.repetition_key(&p), reference_key(&p), "game {g}");
            seen.positions += 1;
            seen.checks += usize::from(v.in_check(&p));
            let king = p.king(p.to_move()).expect("a king");
            seen.kings_on_points += usize::from(spacechess_spectral::board::is_point(king));
            v.legal_moves(&p, &mut moves);
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                seen.en_passant += usize::from(m.special == Special::EnPassant);
                seen.castles += usize::from(m.special == Special::Castle);
                seen.point_promotions += usize::from(
                    m.promotion.is_some() && spacechess_spectral::board::is_point(m.to),
                );
            }
            // Captures first half of the time, so that games open up and pawns run.
            let captures: Vec<_> = moves.iter().filter(|m| p.occupied(m.to)).collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            p = v.play(&p, &m);
        }
    }
    seen
}

/// The repetition key (and the search's hash key) by its definition: FNV-style mixing of
/// `cell << 8 | code` for every man in the order of the doubled board's cells (code
/// `1 + (piece << 1 | player)`), then castling and the side to move, then the en passant square.
/// The search's transposition table depends on these exact values.
fn reference_key(p: &SpectralPosition) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01b3).rotate_left(17);
    };
    for c in p.all() {
        let m = p.man_at(c).expect("occupied");
        mix((c.0 as u64) << 8 | (1 + ((m.piece as u64) << 1 | m.player as u64)));
    }
    mix(p.castling_rights() as u64 | (p.to_move().0 as u64) << 8);
    mix(p.en_passant().map_or(0xffff, |(t, _)| t.0 as u64));
    h
}

fn assert_rich(seen: &Seen, min_positions: usize) {
    eprintln!("{seen:?}");
    assert!(seen.positions >= min_positions, "{seen:?}");
    assert!(seen.checks > 100, "{seen:?}");
    assert!(seen.en_passant > 0, "{seen:?}");
    assert!(seen.castles > 0, "{seen:?}");
    assert!(seen.point_promotions > 0, "{seen:?}");
    assert!(seen.kings_on_points > 100, "{seen:?}");
}

/// The orthodox array, spirit rule on.
#[test]
fn orthodox_array_random_games() {
    let v = Spectral::new();
    let seen = random_games(&v, &v.start(), 300, 200, 1);
    assert_rich(&seen, 30_000);
}

/// The spirit rule set aside (the king's half-steps out of check).
#[test]
fn without_the_spirit_rule() {
    let v = Spectral::from_ron("(spirit_rule: false)").unwrap();
    let seen = random_games(&v, &v.start(), 150, 200, 5_000);
    assert_rich(&seen, 15_000);
}

/// Positions with men on the points: bishops and queens between the boards, kings in the
/// open, pawns on points about to promote there, en passant from a point.
#[test]
fn positions_with_men_on_points() {
    let v = Spectral::new();
    let texts = [
        "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1",
        "4k3/8/8/8/8/8/8/4K3|2p4/7/Q6/3b3/7/5N1/1P5 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R|7/1p3P1/7/3q3/7/1b3B1/7 b KQkq - 0 1",
        "8/8/3k4/8/8/3K4/8/8|7/P6/2r1R2/7/2B1b2/6p/7 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|7/7/7/3Q3/3q3/7/7 w KQkq - 0 1",
    ];
    let mut total = Seen::default();
    for (i, t) in texts.iter().enumerate() {
        let p = v.parse_position(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        let seen = random_games(&v, &p, 60, 120, 100_000 * (i as u64 + 1));
        total.positions += seen.positions;
        total.checks += seen.checks;
        total.kings_on_points += seen.kings_on_points;
        total.point_promotions += seen.point_promotions;
        total.en_passant += seen.en_passant;
    }
    assert!(total.positions > 20_000, "{total:?}");
    assert!(total.checks > 1_000, "{total:?}");
    assert!(total.kings_on_points > 1_000, "{total:?}");
    assert!(total.point_promotions > 0, "{total:?}");
}

/// A rule set whose array pieces all switch boards (no promotion on the points, so pawns do
/// not attack their last row of points) and whose castling rook is not a Rook, from a position
/// with orthodox men only (which the fast path serves until a pawn promotes).
#[test]
fn orthodox_men_under_a_random_array() {
    let v = Spectral::from_ron("(replace: {Rook: Man, Knight: Fers, Bishop: Duke, Queen: Archer})")
        .unwrap();
    assert!(v.promotion_pieces().1.is_empty());
    let p = v
        .parse_position("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R|7/1P3p1/7/7/7/1p3P1/7 w - - 0 1")
        .unwrap();
    let seen = random_games(&v, &p, 100, 60, 77);
    assert!(seen.positions > 2_000, "{seen:?}");
    assert_eq!(seen.point_promotions, 0, "{seen:?}");
}
