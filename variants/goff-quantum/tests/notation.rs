//! The book's quantum notation (05 §3.4): `piece(anchor) – [proxy]spread,…` read and written,
//! and a clear error for every malformed or impossible template.

use spacechess_goff_quantum::text::parse_move;
use spacechess_goff_quantum::{NotationError, QuantumGoff, QuantumRules};
use spacechess_variant::{MoveError, RuleOptions, Variant};

fn variant(pairs: &[(&str, &str)]) -> QuantumGoff {
    let mut r = QuantumRules::default();
    for (k, v) in pairs {
        r.set(k, v).unwrap();
    }
    QuantumGoff::with_rules(r)
}

/// The examples are read, and written back in the same form (ASCII dash).
#[test]
fn the_books_examples_read_and_write() {
    let any = variant(&[("spread", "any")]);
    let std = variant(&[("max_games", "200")]);
    let cases: [(&QuantumGoff, &str, &str, &str); 6] = [
        (
            &any,
            "WHITE: R @ KR3,3",
            "R(KR3,3) – [KR6,6]5",
            "R(KR3,3) - [KR6,6]5",
        ),
        (
            &any,
            "WHITE: R @ K4,4",
            "R(K4,4) – [K4,7]5,5",
            "R(K4,4) - [K4,7]5,5",
        ),
        (
            &std,
            "WHITE: R @ KB3,1",
            "R(KB3,1) – [KB3,3]H1,L9",
            "R(KB3,1) - [KB3,3]H1,L9",
        ),
        (
            &std,
            "WHITE: S @ Q1,1",
            "S(Q1,1) – [Q5,5]17,17,5",
            "S(Q1,1) - [Q5,5]17,17,5",
        ),
        (
            &std,
            "WHITE: P @ K2,2",
            "1. P(K2,2) – [K4,4]",
            "P(K2,2) - [K4,4]",
        ),
        (
            &std,
            "WHITE: N @ KB6,3",
            "N(KB6,3) – [KR6,3]R",
            "N(KB6,3) - [KR6,3]R",
        ),
    ];
    for (q, pos, text, back) in cases {
        let e = q.parse_position(pos).unwrap();
        let m = q
            .parse_move(&e, text)
            .unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(q.move_text(&e, &m), back, "{text}");
        assert_eq!(q.parse_move(&e, back).unwrap(), m);
    }
    // Other dashes, and the classical notation for the spread-1 move.
    let e = std.parse_position("WHITE: R @ KR3,3").unwrap();
    let a = std.parse_move(&e, "R(KR3,3) -- [KR6,6]1").unwrap();
    assert_eq!(std.parse_move(&e, "R(KR3,3) — [KR6,6]1").unwrap(), a);
    assert_eq!(std.parse_move(&e, "R - KR6,6").unwrap(), a);
    let start = std.start();
    let n = std.parse_move(&start, "N - KB3,3").unwrap();
    assert_eq!(std.move_text(&start, &n), "N(KN1,1) - [KB3,3]");
}

fn err(q: &QuantumGoff, pos: &str, text: &str) -> NotationError {
    let e = q.parse_position(pos).unwrap();
    parse_move(&e, q.rules(), text).unwrap_err()
}

#[test]
fn malformed_and_impossible_templates_say_why() {
    let q = variant(&[]);
    let rook = "WHITE: R @ KR3,3; R @ KR5,5 | BLACK: K @ QR8,8";
    use NotationError as E;
    assert!(matches!(
        err(&q, rook, "R(KR3,3) = [KR6,6]5"),
        E::Malformed(_)
    ));
    assert!(matches!(err(&q, rook, "R(KR3,3) - KQ6,6"), E::Malformed(_)));
    assert!(matches!(
        err(&q, rook, "X(KR3,3) - [KR6,6]5"),
        E::UnknownPiece(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KZ3,3) - [KR6,6]5"),
        E::BadTile(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,9) - [KR6,6]5"),
        E::BadTile(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR4,4) - [KR6,6]5"),
        E::NoPieceOnAnchor(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KN4,4]1"),
        E::NotAMove(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR6,6]4"),
        E::BadSpread(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR6,6]0"),
        E::BadSpread(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR3,6]1,1,1"),
        E::BadSpread(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR3,6]H1,R9"),
        E::BadSpread(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR3,6]H1,H9"),
        E::BadSpread(_)
    ));
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR3,6]H1"),
        E::BadSpread(_)
    ));
    // spread=standard allows 1, the pure and the full perimeter only.
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR6,6]3"),
        E::SpreadNotAllowed(_)
    ));
    // Blocked in every reality: the other rook stands in the square.
    assert!(matches!(
        err(&q, rook, "R(KR3,3) - [KR7,7]7"),
        E::Illegal(_)
    ));
    // A knight's offset that is not a leap; a deflection not along the family's rays.
    let knight = "WHITE: N @ KB6,3";
    assert!(matches!(
        err(&q, knight, "N(KB6,3) - [KB6,5]"),
        E::NotAMove(_)
    ));
    assert!(matches!(
        err(&q, knight, "N(KB6,3) - [KB7,5]R"),
        E::NotAMove(_)
    ));
    assert!(matches!(
        err(&q, knight, "N(KB6,3) - [KR6,3]5"),
        E::BadSpread(_)
    ));
    // King and queen move classically only.
    assert!(matches!(
        err(&q, "WHITE: K @ K1,1", "K(K1,1) - [K2,2]3"),
        E::BadSpread(_)
    ));
    // A stack's proxy is an overlap tile.
    assert!(matches!(
        err(&q, "WHITE: S @ Q1,1", "S(Q1,1) - [Q2,3]"),
        E::NotAMove(_)
    ));
    assert!(matches!(
        err(&q, "WHITE: S @ Q1,1", "S(Q1,1) - [Q5,5]17,5"),
        E::BadSpread(_)
    ));
    // Promotion: required where a reality promotes, refused where none does.
    let pawn = "WHITE: P @ K7,7";
    assert!(matches!(err(&q, pawn, "P(K7,7) - [K8,8]"), E::Promotion(_)));
    assert!(matches!(
        err(&q, "WHITE: P @ K2,2", "P(K2,2) - [K3,3]q"),
        E::Promotion(_)
    ));
    // The bound: a move leaving more games than max_games is illegal.
    let small = variant(&[("max_games", "4")]);
    assert!(matches!(
        err(&small, "WHITE: R @ KR3,3", "R(KR3,3) - [KR6,6]7"),
        E::TooManyGames { games: 7, max: 4 }
    ));
    // Through the trait: a MoveError with the reason.
    let e = q.parse_position(rook).unwrap();
    match q.parse_move(&e, "R(KR3,3) - [KR6,6]4") {
        Err(MoveError::Malformed { expected, .. }) => assert!(expected.contains("odd")),
        other => panic!("{other:?}"),
    }
}

/// Two rooks with virtual pieces on the same tile: the anchor needs the piece's id, which the
/// written move carries.
#[test]
fn an_ambiguous_anchor_needs_the_id() {
    let q = variant(&[("collapse", "many_worlds")]);
    let mut e = q
        .parse_position("WHITE: R @ KR1,1; R @ KR1,5 | BLACK: K @ QR3,2")
        .unwrap();
    e = q.play_text(&e, "R(KR1,1) - [KR3,3]5").unwrap();
    e = q.play_text(&e, "K(QR3,2) - [QR3,3]").unwrap();
    e = q.play_text(&e, "R(KR1,5) - [KR1,3]9,9").unwrap();
    e = q.play_text(&e, "K(QR3,3) - [QR3,2]").unwrap();
    // Both rooks have virtual pieces on KR3,3 (in different realities).
    let moves = q.legal_moves_vec(&e);
    let tagged: Vec<String> = moves
        .iter()
        .map(|m| q.move_text(&e, m))
        .filter(|t| t.contains('#'))
        .collect();
    assert!(!tagged.is_empty());
    for t in &tagged {
        let m = q.parse_move(&e, t).unwrap();
        assert_eq!(&q.move_text(&e, &m), t);
    }
}
