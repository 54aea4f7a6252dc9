//! User input never panics: bad position texts, moves and rule files give errors that name what
//! is wrong; random corruptions of valid texts are rejected or accepted, never a panic.

use spacechess_spectral::{Spectral, SpectralRules};
use spacechess_variant::{MoveError, PositionError, Variant};

fn bad_position(v: &Spectral, text: &str, needle: &str) {
    match v.parse_position(text) {
        Ok(_) => panic!("'{text}' was accepted"),
        Err(e) => assert!(e.to_string().contains(needle), "'{text}': {e}"),
    }
}

#[test]
fn bad_positions_are_named() {
    let v = Spectral::new();
    bad_position(&v, "", "expected 1 to 6 fields");
    bad_position(&v, "rnbqkbnr/pppppppp/8/8 w", "need 8 rows");
    bad_position(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|7/7 w",
        "need 7 rows",
    );
    bad_position(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w",
        "unknown piece letter 'Z'",
    );
    bad_position(
        &v,
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w",
        "has 9 cells, not 8",
    );
    bad_position(
        &v,
        "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w",
        "not 8",
    );
    bad_position(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|7/7/7/8/7/7/7 w",
        "*ab45",
    );
    bad_position(&v, "8/8/8/8/8/8/8/8 w", "exactly one is needed");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 x", "expected 'w' or 'b'");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 w KX", "castling");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 w K", "castling right 'K'");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 w - e6", "en passant on e6");
    bad_position(
        &v,
        "4k3/8/8/8/8/8/8/4K3 w - z9",
        "'z9' in the en passant field",
    );
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 w - - x", "half-move clock 'x'");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number 0");
    bad_position(&v, "4k3/4R3/8/8/8/8/8/4K3 w", "Black is in check");
    bad_position(&v, "4k3/8/8/8/8/8/8/P3K3 w", "pawn on a1");
    bad_position(&v, "4k3/8/8/8/8/8/8/4K3|2P4/7/7/7/7/7/7 w", "pawn on *cd78");
    assert!(matches!(
        v.parse_position("8/8/8/8/8/8/8/8 w"),
        Err(PositionError::Invalid(_))
    ));
}

#[test]
fn bad_moves_are_named() {
    let v = Spectral::new();
    let s = v.start();
    let check = |t: &str, needle: &str| match v.parse_move(&s, t) {
        Ok(m) => panic!("'{t}' was read as {m:?}"),
        Err(e) => assert!(e.to_string().contains(needle), "'{t}': {e}"),
    };
    check("", "malformed");
    check("hello", "malformed");
    check("e2-e9", "malformed");
    check("*ed12-e4", "malformed");
    check("e3-e4", "no man on e3");
    check("e7-e5", "not White's");
    check("e2-e5", "the Pawn on e2 cannot move to e5");
    check("a1-*ab12", "the Rook on a1 cannot move to *ab12");
    check("O-O", "castling is not possible");
    assert!(matches!(
        v.parse_move(&s, "b1-b3"),
        Err(MoveError::Illegal { .. })
    ));
    // A pinned man: the move would leave the King in check.
    let p = v.parse_position("4k3/4r3/8/8/8/8/4R3/4K3 w").unwrap();
    let e = v.parse_move(&p, "e2-d2").unwrap_err();
    assert!(e.to_string().contains("leave the king in check"), "{e}");
}

#[test]
fn bad_rule_files_are_named() {
    for (text, needle) in [
        ("(", "cannot read"),
        ("(replace: {Pawn: Queen})", "Pawn cannot be replaced"),
        ("(replace: {Bishop: Queen})", "two pieces"),
        ("(colour: 3)", "cannot read"),
    ] {
        let e = Spectral::from_ron(text).err().expect(text);
        assert!(e.to_string().contains(needle), "{text}: {e}");
        assert!(SpectralRules::from_ron(text).is_err());
    }
}

/// Random corruptions of valid texts (characters replaced, inserted, removed) never panic.
#[test]
fn corrupted_texts_never_panic() {
    let v = Spectral::from_ron(spacechess_spectral::RANDOM_EXAMPLE).unwrap();
    let texts = [
        "r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R|7/7/7/2B4/7/1q5/7 w KQkq d6 0 1",
        "rcvqkvcr/pppppppp/8/8/8/8/PPPPPPPP/RCVQKVCR w KQkq - 0 1",
    ];
    let moves = ["d1-*de12", "e5xd6", "*cd67-*cd78=R", "O-O-O", "c7-c8=Q"];
    let alphabet: Vec<char> = "/|*-x=12345678abcdefghKQRBNPkqrbnpVC0 w".chars().collect();
    let mut rng = spacechess_variant::RandomMover::new(0x1234_5678_9abc_def1);
    let mut rnd = move |n: usize| rng.below(n);
    let start = v.start();
    for i in 0..4000 {
        let src: &str = if i % 2 == 0 {
            texts[rnd(texts.len())]
        } else {
            moves[rnd(moves.len())]
        };
        let mut chars: Vec<char> = src.chars().collect();
        for _ in 0..1 + rnd(3) {
            let at = rnd(chars.len() + 1);
            match rnd(3) {
                0 if at < chars.len() => chars[at] = alphabet[rnd(alphabet.len())],
                1 => chars.insert(at, alphabet[rnd(alphabet.len())]),
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => {}
            }
        }
        let t: String = chars.into_iter().collect();
        if let Ok(p) = v.parse_position(&t) {
            let back = v.position_text(&p);
            assert_eq!(v.parse_position(&back).unwrap(), p, "{t}");
        }
        let _ = v.parse_move(&start, &t);
    }
}

/// The largest clocks a position text may hold do not overflow when a move is played.
#[test]
fn huge_clocks_do_not_overflow() {
    let v = Spectral::new();
    let p = v
        .parse_position("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295")
        .unwrap();
    let mut moves = Vec::new();
    v.legal_moves(&p, &mut moves);
    let after = v.play(&p, &moves[0]);
    assert_eq!(after.fullmove_number(), u32::MAX);
    assert_eq!(after.halfmove_clock(), u32::MAX);
}
