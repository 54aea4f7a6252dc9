//! FEN in and out, coordinate move text, and the special moves of orthodox chess.

use spacechess_orthodox::Orthodox;
use spacechess_variant::{perft, DrawReason, Game, Outcome, Player, Variant, WinReason};

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fn texts(v: &Orthodox, fen: &str) -> Vec<String> {
    let p = v.parse_position(fen).unwrap();
    let mut ms = Vec::new();
    v.legal_moves(&p, &mut ms);
    let mut t: Vec<String> = ms.iter().map(|m| v.move_text(&p, m)).collect();
    t.sort();
    t
}

#[test]
fn fen_round_trips() {
    let v = Orthodox::new();
    for fen in FENS {
        let p = v.parse_position(fen).unwrap();
        assert_eq!(v.position_text(&p), fen);
    }
    assert_eq!(v.position_text(&v.start()), FENS[0]);
}

#[test]
fn fen_round_trips_through_a_game() {
    let v = Orthodox::new();
    let mut pos = v.start();
    for t in [
        "e2e4", "c7c5", "g1f3", "d7d6", "f1b5", "c8d7", "e1g1", "d7b5", "b1c3", "b5f1",
    ] {
        let m = v.parse_move(&pos, t).unwrap();
        assert_eq!(v.move_text(&pos, &m), t);
        pos = v.play(&pos, &m);
        let back = v.parse_position(&v.position_text(&pos)).unwrap();
        assert_eq!(back, pos, "after {t}");
    }
    assert_eq!(
        v.position_text(&pos),
        "rn1qkbnr/pp2pppp/3p4/2p5/4P3/2N2N2/PPPP1PPP/R1BQ1bK1 w kq - 0 6"
    );
}

#[test]
fn fen_errors_name_the_problem() {
    let v = Orthodox::new();
    let cases = [
        ("", "4 to 6 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "expected 'w' or 'b'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "castling field",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right 'K'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            "rank 6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            "'z9'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "has 7 cells",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "unknown piece letter 'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "7 blocks",
        ),
        (
            "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w Qkq - 0 1",
            "promotion zone",
        ),
        ("4k2Q/8/8/8/8/8/8/4K3 w - - 0 1", "Black is in check"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has 0 royal men"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "half-move clock 'x'",
        ),
    ];
    for (fen, needle) in cases {
        let err = v.parse_position(fen).unwrap_err();
        assert!(
            err.to_string().contains(needle),
            "'{fen}': '{err}' should mention {needle}"
        );
    }
}

#[test]
fn start_move_list() {
    let v = Orthodox::new();
    insta::assert_snapshot!(texts(&v, FENS[0]).join(" "));
}

#[test]
fn kiwipete_move_list_has_castling_and_captures() {
    let v = Orthodox::new();
    insta::assert_snapshot!(texts(&v, FENS[1]).join(" "));
}

#[test]
fn en_passant_is_offered_once_and_written_in_fen() {
    let v = Orthodox::new();
    let t = texts(&v, FENS[5]);
    assert!(t.contains(&"e5f6".to_string()), "e5xf6 en passant");
    assert!(
        !t.contains(&"e5d6".to_string()),
        "d5 was not the last double step"
    );
    let p = v.parse_position(FENS[5]).unwrap();
    let m = v.parse_move(&p, "e5f6").unwrap();
    let after = v.play(&p, &m);
    assert_eq!(
        v.position_text(&after),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
}

#[test]
fn promotions_and_under_promotions() {
    let v = Orthodox::new();
    let t = texts(&v, "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(t.contains(&m.to_string()), "{m}");
    }
    let p = v.parse_position("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let err = v.parse_move(&p, "a7a8").unwrap_err();
    assert!(
        err.to_string().contains("promotion needs the piece"),
        "{err}"
    );
    assert!(v.parse_move(&p, "a7a8k").is_err());
}

#[test]
fn castling_rules() {
    let v = Orthodox::new();
    // Through check (f1 attacked by the rook on f8) is not allowed; queen side is.
    let t = texts(&v, "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!t.contains(&"e1g1".to_string()));
    assert!(t.contains(&"e1c1".to_string()));
    // Out of check is not allowed.
    let t = texts(&v, "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!t.contains(&"e1g1".to_string()) && !t.contains(&"e1c1".to_string()));
    // b1 attacked does not stop queen-side castling; b1 occupied does.
    assert!(texts(&v, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").contains(&"e1c1".to_string()));
    assert!(!texts(&v, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1").contains(&"e1c1".to_string()));
    // Moving the rook loses that right.
    let p = v
        .parse_position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        .unwrap();
    let p = v.play(&p, &v.parse_move(&p, "h1h2").unwrap());
    assert!(
        v.position_text(&p).contains(" Q "),
        "{}",
        v.position_text(&p)
    );
}

#[test]
fn illegal_and_malformed_moves_are_told_apart() {
    let v = Orthodox::new();
    let s = v.start();
    let e = v.parse_move(&s, "e2e5").unwrap_err().to_string();
    assert_eq!(e, "illegal move 'e2e5': the Pawn on e2 cannot move to e5");
    let e = v.parse_move(&s, "e9e4").unwrap_err().to_string();
    assert!(e.starts_with("malformed move 'e9e4'"), "{e}");
    let e = v.parse_move(&s, "e7e5").unwrap_err().to_string();
    assert!(e.contains("not White's"), "{e}");
    // Other separators are read too; the printed form stays e2e4.
    let m = v.parse_move(&s, "e2e4").unwrap();
    assert_eq!(v.parse_move(&s, "e2-e4"), Ok(m));
    assert_eq!(v.parse_move(&s, "e2xe4"), Ok(m));
    let p = v.parse_position("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let q = v.parse_move(&p, "a7a8q").unwrap();
    assert_eq!(v.parse_move(&p, "a7-a8=Q"), Ok(q));
    assert_eq!(v.parse_move(&p, "a7-a8q"), Ok(q));
    assert_ne!(v.parse_move(&p, "a7a8n"), Ok(q));
}

#[test]
fn game_ends_by_mate_stalemate_and_fifty_moves() {
    let v = Orthodox::new();
    let mut g = Game::new(&v, v.start());
    for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_text(t).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winners: vec![Player(1)],
            reason: WinReason::Checkmate
        })
    );
    let stale = v.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        v.outcome(&stale),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let p = v.parse_position("7k/8/8/8/8/8/8/R6K w - - 99 80").unwrap();
    let mut g = Game::new(&v, p);
    g.play_text("a1a2").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::MoveLimit)));
    // The clock resets on a pawn move.
    let p = v.parse_position("7k/8/8/8/8/8/P7/K7 w - - 99 80").unwrap();
    let p = v.play(&p, &v.parse_move(&p, "a2a3").unwrap());
    assert_eq!(v.halfmove_clock(&p), Some(0));
    assert_eq!(perft(&v, &stale, 1), 0);
}
