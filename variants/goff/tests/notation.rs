//! rules/goff/00-coordinates.md and 01 §1-2: coordinates, colours, the book's notation for both
//! sides, the position listing, the n-dimensional position text, errors.

mod common;
use common::*;
use spacechess_goff::text::{listing, parse_listing};
use spacechess_goff::{Goff, Kind, Position, Tile};
use spacechess_variant::{MoveError, PositionError, Variant};

/// 00 "The mapping": White K4,4 = (4,3,3), R @ K5,4 = (4,4,3); White KB3,4 = Black KB6,5 = (5,2,3);
/// Black K1,1 = (4,7,7); the two sides' numbers sum to 9.
#[test]
fn coordinates_both_sides() {
    assert_eq!(Tile::parse_book("K4,4", W), Ok(Tile::new(4, 3, 3)));
    assert_eq!(Tile::parse_book("K5,4", W), Ok(Tile::new(4, 4, 3)));
    assert_eq!(Tile::parse_book("KB3,4", W), Ok(Tile::new(5, 2, 3)));
    assert_eq!(Tile::parse_book("KB6,5", B), Ok(Tile::new(5, 2, 3)));
    assert_eq!(Tile::parse_book("K1,1", B), Ok(Tile::new(4, 7, 7)));
    assert_eq!(Tile::parse_book("QR1,1", W), Ok(Tile::new(0, 0, 0)));
    assert_eq!(Tile::parse_book("KR8,8", W), Ok(Tile::new(7, 7, 7)));
    for c in Position::board() {
        let x = Tile::of(c);
        for p in [W, B] {
            assert_eq!(Tile::parse_book(&x.book_name(p), p), Ok(x));
        }
        let (w, b) = (x.book_name(W), x.book_name(B));
        let nums = |s: &str| -> Vec<i32> {
            s.trim_start_matches(char::is_alphabetic)
                .split(',')
                .map(|n| n.parse().unwrap())
                .collect()
        };
        let (nw, nb) = (nums(&w), nums(&b));
        assert_eq!((nw[0] + nb[0], nw[1] + nb[1]), (9, 9));
    }
}

/// 00, 01 §2: tile colours: White KR1,1 (7,0,0) white, Black KR1,1 white, both queens white;
/// White's white bishop K2,1 (4,1,0) white; the KB stack on a white tile, the QB stack on black.
#[test]
fn tile_colours() {
    for t in [
        (7, 0, 0),
        (7, 7, 7),
        (3, 0, 0),
        (3, 7, 7),
        (4, 1, 0),
        (5, 0, 0),
    ] {
        assert!(Tile::new(t.0, t.1, t.2).is_white(), "{t:?}");
    }
    assert!(!Tile::new(2, 0, 0).is_white());
    // The two knights of a side stand on opposite colours.
    assert_ne!(Tile::new(1, 0, 0).is_white(), Tile::new(6, 0, 0).is_white());
}

/// 01 §2: the starting lineup: 16 men a side, R N S Q K S N R from QR up in each home column,
/// pawns on 2,2 (White) and 7,7 (Black's 2,2) of every level.
#[test]
fn starting_lineup() {
    let s = Position::start();
    assert_eq!((s.of_player(W).len(), s.of_player(B).len()), (16, 16));
    let l = listing(&s);
    assert!(l.starts_with(
        "WHITE: K @ K1,1; Q @ Q1,1; R @ QR1,1; R @ KR1,1; N @ QN1,1; N @ KN1,1; S @ QB1,1; S @ KB1,1; P @ QR2,2;"
    ), "{l}");
    assert!(l.contains("BLACK: K @ K1,1; Q @ Q1,1; R @ QR1,1;"), "{l}");
    assert_eq!(s.piece_at(t(4, 7, 7)).map(|p| p.kind), Some(Kind::King));
    assert_eq!(s.piece_at(t(2, 6, 6)).map(|p| p.kind), Some(Kind::Pawn));
}

/// 01 §1 (l.2780-2787, A8): the listing `R @ K5,4  K @ Q8,3` (White) and `K @ Q2,3` (Black) reads
/// into White R (4,4,3), K (3,7,2), Black K (3,6,5); no king is attacked, whoever moves.
#[test]
fn book_listing_single_rook_mate() {
    let text = "WHITE: R @ K5,4; K @ Q8,3\nBLACK: K @ Q2,3";
    let p = parse_listing(text).unwrap();
    assert_eq!(
        p.piece_at(t(4, 4, 3)).map(|x| (x.player, x.kind)),
        Some((W, Kind::Rook))
    );
    assert_eq!(
        p.piece_at(t(3, 7, 2)).map(|x| (x.player, x.kind)),
        Some((W, Kind::King))
    );
    assert_eq!(
        p.piece_at(t(3, 6, 5)).map(|x| (x.player, x.kind)),
        Some((B, Kind::King))
    );
    let g = Goff::new();
    assert!(!g.in_check(&p));
    let b = parse_listing(&format!("{text}\nBlack to move")).unwrap();
    assert!(!g.in_check(&b));
    // Round trip through the listing and through the position text.
    assert_eq!(
        parse_listing(&listing(&b)).unwrap().occupied(),
        b.occupied()
    );
    assert_eq!(g.parse_position(&listing(&b)).unwrap().to_move(), B);
}

/// docs/goff.md: the n-dimensional position text of the start, and round trips.
#[test]
fn position_text_round_trip() {
    let g = Goff::new();
    let s = g.start();
    let text = g.position_text(&s);
    assert_eq!(
        text.split_whitespace().next().unwrap(),
        "7r/6p1/8/8/8/8/1P6/R7//7n/6p1/8/8/8/8/1P6/N7//7s/6p1/8/8/8/8/1P6/S7//7k/6p1/8/8/8/8/1P6/K7//\
         7q/6p1/8/8/8/8/1P6/Q7//7s/6p1/8/8/8/8/1P6/S7//7n/6p1/8/8/8/8/1P6/N7//7r/6p1/8/8/8/8/1P6/R7"
    );
    assert!(text.ends_with(" w * - 0 1"));
    assert_eq!(g.parse_position(&text).unwrap(), s);
    let after = g.play(&s, &g.parse_move(&s, "N - KB3,3").unwrap());
    let t2 = g.position_text(&after);
    assert_eq!(g.parse_position(&t2).unwrap(), after);
    assert!(t2.contains(" b "), "{t2}");
}

/// Errors name what is wrong and never panic.
#[test]
fn position_errors() {
    let g = Goff::new();
    let bad = |s: &str| g.parse_position(s).unwrap_err();
    assert!(matches!(bad("8/8"), PositionError::Board(m) if m.contains("levels")));
    assert!(matches!(
        bad(&["8/8/8/8/8/8/8/8"; 8].join("//").replace("8/8//", "8/9//")),
        PositionError::Board(_)
    ));
    let empty = ["8/8/8/8/8/8/8/8"; 8].join("//");
    assert!(
        matches!(bad(&empty.replacen('8', "7x", 1)), PositionError::Board(m) if m.contains("'x'"))
    );
    assert!(matches!(
        bad(&format!("{empty} x")),
        PositionError::ToMove(_)
    ));
    assert!(
        matches!(bad(&format!("{empty} w - e3:e4")), PositionError::Fields(m) if m.contains("en passant"))
    );
    assert!(matches!(
        bad(&format!("{empty} w - - zz")),
        PositionError::Number(_)
    ));
    let two_kings = empty.replacen("8/8", "K7/K7", 1);
    assert!(matches!(bad(&two_kings), PositionError::Invalid(m) if m.contains("2 kings")));
    assert!(matches!(bad("WHITE: R @ K9,4"), PositionError::Cell(m) if m.contains("1 to 8")));
    assert!(matches!(bad("WHITE: R @ XY1,4"), PositionError::Cell(m) if m.contains("level")));
    assert!(matches!(bad("WHITE: Z @ K1,4"), PositionError::Board(_)));
    assert!(matches!(bad("GREEN: R @ K1,4"), PositionError::Fields(_)));
    // Black to move while White is in check is not a position.
    assert!(matches!(
        bad("WHITE: K @ QR1,1\nBLACK: R @ QR1,8; K @ KR1,1\nBlack to move"),
        PositionError::Invalid(m) if m.contains("in check")
    ));
    assert!(bad("").to_string().contains("fields"));
    assert!(matches!(
        bad(&empty.replacen('8', "99999999999999999999", 1)),
        PositionError::Board(_)
    ));
    assert!(matches!(
        bad(&format!("{empty} w - - 99999999999999999999")),
        PositionError::Number(_)
    ));
    assert!(matches!(
        bad(&format!("{empty} w Zz9")),
        PositionError::Cell(_)
    ));
    assert!(
        matches!(bad(&format!("{empty} w Ea1")), PositionError::Invalid(m) if m.contains("empty"))
    );
    assert!(matches!(
        bad(&format!("{empty} w - - 0 0")),
        PositionError::Number(_)
    ));
}

/// 01 §1 notation: moves are written from the mover's side (`N - KB3,3` for White,
/// `N - QB3,3` for Black), captures with `x`, checks with `ch`; the reader accepts the book's dashes
/// and the source in parentheses.
#[test]
fn move_notation() {
    let g = Goff::new();
    let s = g.start();
    let m = g.parse_move(&s, "N - KB3,3").unwrap();
    assert_eq!((m.from, m.to), (t(6, 0, 0), t(5, 2, 2)));
    assert_eq!(g.move_text(&s, &m), "N - KB3,3");
    assert_eq!(g.parse_move(&s, "N–KB3,3").unwrap(), m);
    assert_eq!(g.parse_move(&s, "N(KN1,1)-KB3,3").unwrap(), m);
    assert_eq!(g.parse_move(&s, "Ga1-Fc3").unwrap(), m, "generic names");
    let s2 = g.play(&s, &m);
    let b = g.parse_move(&s2, "N - QB3,3").unwrap();
    assert_eq!((b.from, b.to), (t(1, 7, 7), t(2, 5, 5)));
    assert_eq!(g.move_text(&s2, &b), "N - QB3,3");
    // Capture and check.
    let p = parse_listing("WHITE: R @ QR1,1; K @ KR8,1\nBLACK: K @ KR1,1; N @ QR1,5").unwrap();
    let cap = g.parse_move(&p, "R x QR8,4").unwrap();
    assert_eq!(g.move_text(&p, &cap), "R x QR8,4 ch");
    let chk = g.parse_move(&p, "R - QR1,4").unwrap();
    assert!(g.move_text(&p, &chk).ends_with(" ch") == g.in_check(&g.play(&p, &chk)));
    // Disambiguation by source.
    let p = parse_listing("WHITE: R @ QR1,1; R @ QR1,8").unwrap();
    let e = g.parse_move(&p, "R - QR1,4").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { ref reason, .. } if reason.contains("ambiguous")));
    let m = g.parse_move(&p, "R(QR1,8) - QR1,4").unwrap();
    assert_eq!(g.move_text(&p, &m), "R(QR1,8) - QR1,4");
}

/// Move errors say why: a stack moves as a stack only to overlap tiles; a blocked pawn; a blocked rook; a pinned man.
#[test]
fn move_errors() {
    let g = Goff::new();
    let s = g.start();
    let why = |p: &Position, t: &str| match g.parse_move(p, t).unwrap_err() {
        MoveError::Illegal { reason, .. } => reason,
        MoveError::Malformed { expected, .. } => format!("malformed: {expected}"),
        MoveError::GameOver(m) => format!("over: {m}"),
    };
    assert!(why(&s, "S - KB3,3").contains("overlap tiles"));
    assert!(why(&s, "P(K2,2) - K5,5").contains("cannot reach"));
    assert!(why(&s, "R(QR1,1) - QR1,3").contains("blocked"));
    assert!(why(&s, "hello").starts_with("malformed"));
    assert!(why(&s, "N - KB9,3").contains("1 to 8"));
    assert!(why(&s, "N - KZ3,3").contains("level"));
    let p = parse_listing("WHITE: K @ QR1,1; R @ QR3,1\nBLACK: R @ QR7,1; K @ KR8,8").unwrap();
    assert!(why(&p, "R(QR3,1) - QR3,2").contains("check"));
}

/// 00: level names and order: QR=0 ... KR=7; the same for both players.
#[test]
fn level_names() {
    assert_eq!(
        spacechess_goff::LEVELS,
        ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"]
    );
    assert_eq!(Tile::new(4, 0, 0).book_name(W), "K1,1");
    assert_eq!(Tile::new(4, 7, 7).book_name(B), "K1,1");
}

/// User input never panics: odd move and position texts give errors.
#[test]
fn odd_input_does_not_panic() {
    let g = Goff::new();
    let s = g.start();
    for t in [
        "",
        " ",
        "Q(",
        "Q(K1,1",
        "Q()-",
        "Q(K1,1)",
        "Ü - K1,1",
        "N - KB3,",
        "N - KB,3",
        "N - ,",
        "N-KBé3,3",
        "x",
        "-",
        "N - KB3,3,3",
        "Ea1-",
        "-Ea1",
        "N - [KB3,3]",
        "N - K0,0",
        "N -- KB3,3 ch!?",
    ] {
        let _ = g.parse_move(&s, t);
    }
    assert!(g.parse_move(&s, "N -- KB3,3 ch!?").is_ok());
    for t in [
        "@",
        "WHITE:",
        "WHITE: @",
        "WHITE: R @",
        "WHITE: R @ K",
        "black to move",
        "Ü: R @ K1,1",
        "WHITE: R @ Kß1,1",
    ] {
        let _ = g.parse_position(t);
    }
}

/// 01 §2 (the source in parentheses only where another man of the same kind could go there): a
/// letter names a stack's part only where no man of that kind can go, so `B - K1,5` is the
/// bishop's move although the stack on KB1,4 could decay its bishop there too. Found by fuzzing
/// (issue 18): every move text of every legal move reads back to that move.
#[test]
fn bishop_move_beside_a_stack_bishop_reads_back() {
    let g = Goff::new();
    let pos = g
        .parse_position(
            "8/8/8/8/8/8/8/R7//8/8/8/8/8/8/N7/8//8/8/8/8/8/8/8/3S4//8/8/8/8/8/8/8/K7//\
             8/8/8/8/8/8/Q7/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/N7//8/8/8/8/8/8/1P6/B7 w - - 0 1",
        )
        .unwrap();
    let texts = g.move_texts(&pos);
    assert!(texts.iter().any(|t| t == "B - K1,5"));
    let stack_bishop = texts
        .iter()
        .filter(|t| t.starts_with("SB") && t.ends_with("K1,5"));
    assert_eq!(
        stack_bishop.count(),
        1,
        "the stack's bishop can decay to K1,5 too"
    );
    for m in g.legal_moves_vec(&pos) {
        let text = g.move_text(&pos, &m);
        assert_eq!(g.parse_move(&pos, &text), Ok(m), "{text}");
    }
}
