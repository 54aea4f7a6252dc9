//! Helpers shared by the tests: positions from lists of men, move lists, seeded random lines and
//! random games with text round trips (the workspace's [`RandomMover`]).
#![allow(dead_code)]

use spacechess_cubic::{Cubic, CubicPosition};
use spacechess_engine::{Piece, Position};
use spacechess_variant::{Game, Player, RandomMover, Variant};

/// A position with these men (`(letter, cell, player index)`) and `to_move`, validated by a text
/// round trip.
pub fn position<const W: usize>(
    g: &Cubic<W>,
    men: &[(char, &str, u8)],
    to_move: u8,
) -> CubicPosition<W> {
    let e = g.engine();
    let mut b = Position::<W>::empty();
    for &(l, c, p) in men {
        let cell = e.parse_cell(c).unwrap_or_else(|| panic!("cell {c}"));
        let kind = e.kind_by_letter(l).unwrap_or_else(|| panic!("letter {l}"));
        b.put(
            cell,
            Piece {
                player: Player(p),
                kind,
            },
        );
    }
    b.set_unmoved(b.occupied());
    b.set_to_move(Player(to_move));
    let mut pos = g.start();
    pos.board = b;
    let text = g.position_text(&pos);
    g.parse_position(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Like [`position`], or None when the position is not valid.
pub fn try_position<const W: usize>(
    g: &Cubic<W>,
    men: &[(char, &str, u8)],
    to_move: u8,
) -> Option<CubicPosition<W>> {
    let e = g.engine();
    let mut b = Position::<W>::empty();
    for &(l, c, p) in men {
        b.put(
            e.parse_cell(c)?,
            Piece {
                player: Player(p),
                kind: e.kind_by_letter(l)?,
            },
        );
    }
    b.set_unmoved(b.occupied());
    b.set_to_move(Player(to_move));
    let mut pos = g.start();
    pos.board = b;
    g.parse_position(&g.position_text(&pos)).ok()
}

/// The legal moves, as sorted texts.
pub fn move_texts<V: Variant>(v: &V, pos: &V::Position) -> Vec<String> {
    let mut ms = Vec::new();
    v.legal_moves(pos, &mut ms);
    let mut t: Vec<String> = ms.iter().map(|m| v.move_text(pos, m)).collect();
    t.sort();
    t
}

/// The destinations of the legal moves starting on `from` (`Cc3-Cc4` gives `Cc4`), sorted,
/// promotions folded.
pub fn targets_from<V: Variant>(v: &V, pos: &V::Position, from: &str) -> Vec<String> {
    let mut t: Vec<String> = move_texts(v, pos)
        .into_iter()
        .filter_map(|m| {
            let (f, rest) = m.split_at(m.find(['-', 'x']).unwrap());
            (f == from).then(|| rest[1..].split('=').next().unwrap().to_string())
        })
        .collect();
    t.sort();
    t.dedup();
    t
}

/// Sorted owned strings.
pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    s.sort();
    s
}

/// The position after `plies` random legal moves from the start (fewer if the game ends), and the
/// move texts.
pub fn random_line<V: Variant>(v: &V, seed: u64, plies: usize) -> (V::Position, Vec<String>) {
    let mut pos = v.start();
    let mut texts = Vec::new();
    for m in v.random_game(&v.start(), plies, seed) {
        texts.push(v.move_text(&pos, &m));
        pos = v.play(&pos, &m);
    }
    (pos, texts)
}

/// The snapshot text of a position: the moves that led there, the position text, the drawing and
/// every legal move.
pub fn snapshot<V: Variant>(v: &V, line: &[String], pos: &V::Position) -> String {
    let moves = move_texts(v, pos);
    format!(
        "moves played: {}\nposition: {}\n\n{}\n{} legal moves:\n{}\n",
        if line.is_empty() {
            "-".to_string()
        } else {
            line.join(" ")
        },
        v.position_text(pos),
        v.draw(pos),
        moves.len(),
        moves.join("\n")
    )
}

/// Random games: every move replayed through its text, every position through its text; each game
/// ends by the rules or at `max_plies`. Returns how many ended by the rules (by outcome).
pub fn random_games<V: Variant>(v: &V, games: usize, max_plies: usize, seed: u64) -> usize {
    let mut rng = RandomMover::new(seed);
    let mut ended = 0;
    let mut ms = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(v, v.start());
        for _ in 0..max_plies {
            if game.outcome().is_some() {
                ended += 1;
                break;
            }
            let pos = game.position().clone();
            v.legal_moves(&pos, &mut ms);
            assert!(
                !ms.is_empty(),
                "no move but no outcome: {}",
                v.position_text(&pos)
            );
            let m = ms[rng.below(ms.len())].clone();
            let text = v.move_text(&pos, &m);
            let parsed = v
                .parse_move(&pos, &text)
                .unwrap_or_else(|e| panic!("{text} in {}: {e}", v.position_text(&pos)));
            assert_eq!(parsed, m, "{text}");
            game.play_text(&text).unwrap();
            let next = game.position().clone();
            let pt = v.position_text(&next);
            let back = v
                .parse_position(&pt)
                .unwrap_or_else(|e| panic!("{pt}: {e}"));
            assert_eq!(back, next, "{pt}");
            assert_eq!(v.position_text(&back), pt);
        }
    }
    ended
}
