//! Orthodox perft of the generic engine or of cozy-chess, one at a time, for instruction counts
//! under callgrind (`benches/scripts/callgrind-orthodox.sh`): the fair comparison of the two on a
//! busy machine, where criterion's wall times are noisy.
//!
//! Usage: `orthodox_cg spacechess|cozy start|kiwipete DEPTH`; prints the leaf count. Depth 0
//! measures start-up alone (parsing, the engine's tables), to subtract.

use cozy_chess::Board;
use spacechess_orthodox::Orthodox;
use spacechess_variant::{perft, Variant};
use std::hint::black_box;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Perft with bulk counting at the last ply, as in `benches/orthodox.rs`.
fn cozy_perft(board: &Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                nodes += cozy_perft(&b, depth - 1);
            }
            false
        });
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: orthodox_cg spacechess|cozy start|kiwipete DEPTH";
    if args.len() != 4 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let fen = match args[2].as_str() {
        "start" => START,
        "kiwipete" => KIWIPETE,
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let Ok(depth) = args[3].parse::<u8>() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let leaves = match args[1].as_str() {
        "spacechess" => {
            let v = Orthodox::new();
            let pos = v.parse_position(fen).expect("a valid FEN");
            perft(&v, black_box(&pos), depth as u32)
        }
        "cozy" => {
            let board: Board = fen.parse().expect("a valid FEN");
            cozy_perft(black_box(&board), depth)
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    println!("{leaves}");
}
