//! The evaluation is colour-blind (docs/search.md, *Evaluation*): a position and its mirror
//! image with the colours swapped (ranks reversed, White's men Black's, the other side to move)
//! give each player the score its counterpart had. Every learnt term reads Black's cells
//! mirrored.

use spacechess_orthodox::Orthodox;
use spacechess_variant::Variant;

/// `fen` mirrored with the colours swapped.
fn flipped(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(fields[2]);
        let (upper, lower): (String, String) = s.chars().partition(|c| c.is_ascii_uppercase());
        upper + &lower
    };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        let (file, rank) = fields[3].split_at(1);
        format!("{file}{}", if rank == "3" { 6 } else { 3 })
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    )
}

#[test]
fn a_position_and_its_colours_swapped_score_alike() {
    let chess = Orthodox::new();
    let fens = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "2kr3r/ppq2ppp/2n1pn2/3p4/1b1P4/2N1PN2/PPQB1PPP/2KR3R b - - 4 12",
    ];
    for fen in fens {
        let (a, b) = (
            chess.parse_position(fen).unwrap(),
            chess.parse_position(&flipped(fen)).unwrap(),
        );
        let (mut sa, mut sb) = ([0i32; 2], [0i32; 2]);
        chess.evaluate(&a, &mut sa);
        chess.evaluate(&b, &mut sb);
        assert_eq!(sa, [sb[1], sb[0]], "{fen} against {}", flipped(fen));
    }
}
