//! The placement network's sums kept up move by move (docs/search.md, *Evaluation*): after
//! every move or pass of random games (captures, castling, en passant and promotions among
//! them), the sums worked out from the position before equal those from scratch, and the
//! evaluation from them equals the evaluation from scratch.

use spacechess_orthodox::Orthodox;
use spacechess_variant::Variant;

/// A small xorshift generator: the same games on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn sums_kept_up_by_the_move_equal_sums_from_scratch() {
    let chess = Orthodox::new();
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Pawns a step from promotion on both sides, and an en passant capture at once.
        "4k3/1P4P1/8/3pP3/8/8/1p4p1/4K3 w - d6 0 1",
    ];
    let (mut moves, mut checked) = (Vec::new(), 0);
    for start in starts {
        for _game in 0..8 {
            let mut pos = chess.parse_position(start).unwrap();
            let mut sums = chess.eval_state(&pos);
            for _ply in 0..160 {
                chess.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Now and then a pass (the search's null move), where the rules allow one.
                let next = match chess.pass(&pos).filter(|_| random.below(10) == 0) {
                    Some(passed) => passed,
                    None => chess.play(&pos, &moves[random.below(moves.len())]),
                };
                sums = chess.next_eval_state(&sums, &pos, &next);
                pos = next;
                assert_eq!(
                    sums,
                    chess.eval_state(&pos),
                    "{}",
                    chess.position_text(&pos)
                );
                let mut scores = [[0i32; 2]; 2];
                chess.evaluate(&pos, &mut scores[0]);
                chess.evaluate_with_state(&pos, &sums, &mut scores[1]);
                assert_eq!(scores[0], scores[1], "{}", chess.position_text(&pos));
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "{checked} positions");
    // The network is there: the sums are not all zero.
    assert_ne!(
        chess.eval_state(&chess.start()),
        Default::default(),
        "orthodox chess has a placement network"
    );
}
