//! The digests' test games replayed move by move (rules/goff/04 §6, 05 T28/T29), as far as the
//! rules implemented so far go (en passant and castling are not implemented yet), and a random
//! game round trip of the move text.

mod common;

use common::*;
use spacechess_goff::movegen::in_check;
use spacechess_goff::{Goff, Kind, Move, Position};
use spacechess_variant::{Player, Variant};

/// Plays `(from, to)` (z,a,b) moves, each with the book's text (parsed, and it must be the same
/// move) and returns the final position.
type Line<'a> = [(&'a str, (i8, i8, i8), (i8, i8, i8))];

fn replay(moves: &Line) -> Position {
    let g = Goff::new();
    let mut p = g.start();
    for (i, &(text, f, to)) in moves.iter().enumerate() {
        let m = g
            .parse_move(&p, text)
            .unwrap_or_else(|e| panic!("move {} {text}: {e:?}", i + 1));
        assert_eq!(
            (m.from, m.to),
            (t(f.0, f.1, f.2), t(to.0, to.1, to.2)),
            "move {} {text}",
            i + 1
        );
        // the printed text parses back to the same move
        let printed = g.move_text(&p, &m);
        assert_eq!(g.parse_move(&p, &printed).unwrap(), m, "{printed}");
        p = g.play(&p, &m);
    }
    p
}

/// 04 §6.1 / 05 T29 Fool's mate (L17033-17072): the final "mate" is a check with exactly 3 legal
/// replies, each interposing (04 A9).
#[test]
fn fools_mate() {
    let g = Goff::new();
    let p = replay(&[
        ("P - K4,4", (4, 1, 1), (4, 3, 3)),
        ("P - KB3,2", (5, 6, 6), (5, 5, 6)),
        ("P - KB4,3", (5, 1, 1), (5, 3, 2)),
        ("B - K2,1", (5, 7, 7), (4, 6, 7)),
        ("Q - K8,2", (3, 0, 0), (4, 7, 1)),
    ]);
    assert!(in_check(&p, Player(1)));
    assert_eq!(p.piece_at(t(5, 7, 7)).unwrap().kind, Kind::Duke);
    let mut v = Vec::new();
    g.legal_moves(&p, &mut v);
    let mut got: Vec<(u32, u32)> = v.iter().map(|m| (m.from.0, m.to.0)).collect();
    got.sort();
    let mut want: Vec<(u32, u32)> = [
        ((4, 6, 7), (5, 6, 6)),
        ((6, 6, 6), (6, 5, 5)),
        ((7, 6, 6), (7, 4, 4)),
    ]
    .iter()
    .map(|&(f, to)| (t(f.0, f.1, f.2).0, t(to.0, to.1, to.2).0))
    .collect();
    want.sort();
    assert_eq!(got, want);
    let texts: Vec<String> = v.iter().map(|m| g.move_text(&p, m)).collect();
    assert!(texts.contains(&"P - KN3,3".to_string()), "{texts:?}");
    assert!(texts.contains(&"P - KR4,4".to_string()), "{texts:?}");
    assert!(g.outcome(&p).is_none());
}

/// 04 §6.2 Ruy Lopez notation example (L2755-2769): all legal; 3 D - QN5,5 is the KB stack's duke
/// decay.
#[test]
fn ruy_lopez() {
    let p = replay(&[
        ("P - K4,4", (4, 1, 1), (4, 3, 3)),
        ("P - K4,4", (4, 6, 6), (4, 4, 4)),
        ("N - KB3,3", (6, 0, 0), (5, 2, 2)),
        ("N - QB3,3", (1, 7, 7), (2, 5, 5)),
        ("D - QN5,5", (5, 0, 0), (1, 4, 4)),
        ("P - QR4,3", (0, 6, 6), (0, 4, 5)),
    ]);
    assert_eq!(p.piece_at(t(5, 0, 0)).unwrap().kind, Kind::Bishop);
    assert_eq!(p.piece_at(t(1, 4, 4)).unwrap().kind, Kind::Duke);
}

/// 04 §6.3 / 05 T28 Greedy opening (L16750-16952), moves 1-7 (move 8 is castling, not yet
/// implemented): 3...QxQ gives check; 4. DxQ is the stack's duke decay (duplex); 4...S-KN5,1 a
/// q-tile stack move; 6. PxP e.p. by direct to the path tile KB6,6; 6...KRPxP by predator.
#[test]
fn greedy_opening_to_move_7() {
    let g = Goff::new();
    let p = replay(&[
        ("P - K4,4", (4, 1, 1), (4, 3, 3)),
        ("P - K4,3", (4, 6, 6), (4, 4, 5)),
        ("P - K5,5", (4, 3, 3), (4, 4, 4)),
        ("P - Q4,3", (3, 6, 6), (3, 4, 5)),
        ("P - Q3,4", (3, 1, 1), (3, 2, 3)),
        ("Q x Q8,8", (3, 7, 7), (3, 0, 0)),
        ("D x Q1,1", (5, 0, 0), (3, 0, 0)),
        ("S - KN5,1", (2, 7, 7), (6, 3, 7)),
        ("N - KB3,3", (6, 0, 0), (5, 2, 2)),
        ("P - KB4,4", (5, 6, 6), (5, 4, 4)),
        ("P x KB6,6 e.p.", (4, 4, 4), (5, 5, 5)),
        ("P(KR2,2) x KB3,3", (7, 6, 6), (5, 5, 5)), // the book's "KRPxP"
        ("B - QB2,3", (5, 0, 0), (2, 1, 2)),
        ("N - QB3,3", (1, 7, 7), (2, 5, 5)),
    ]);
    // 6. PxP e.p. removed Black's KB pawn; 6... KRPxP (predator) took White's pawn back
    assert!(p.piece_at(t(5, 4, 4)).is_none());
    assert_eq!(
        p.piece_at(t(5, 5, 5)).map(|x| (x.player, x.kind)),
        Some((Player(1), Kind::Pawn))
    );
    // 7. B-QB2,3 attacks Q8,8 (3,7,7) and K8,7 (4,7,6) (05 T28)
    for c in [t(3, 7, 7), t(4, 7, 6)] {
        assert!(spacechess_goff::movegen::covers(
            spacechess_goff::Piece {
                player: Player(0),
                kind: Kind::Bishop
            },
            t(2, 1, 2),
            c,
            &p.occupied()
        ));
    }
    assert_eq!(p.piece_at(t(3, 0, 0)).unwrap().kind, Kind::Duke);
    assert_eq!(p.piece_at(t(6, 3, 7)).unwrap().kind, Kind::Stack);
    let _ = g;
}

/// Random games (fixed seed): every legal move's text parses back to the same move, and the
/// position text round-trips.
#[test]
fn random_game_round_trip() {
    let g = Goff::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut plies = 0;
    for _ in 0..3 {
        let mut p = g.start();
        for _ in 0..60 {
            let mut v: Vec<Move> = Vec::new();
            g.legal_moves(&p, &mut v);
            if v.is_empty() {
                break;
            }
            for m in &v {
                let text = g.move_text(&p, m);
                assert_eq!(g.parse_move(&p, &text).unwrap(), *m, "{text}");
            }
            let pt = g.position_text(&p);
            assert_eq!(g.position_text(&g.parse_position(&pt).unwrap()), pt);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = v[(seed % v.len() as u64) as usize];
            p = g.play(&p, &m);
            plies += 1;
        }
    }
    assert!(plies > 100);
}
