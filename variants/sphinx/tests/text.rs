//! Notation as Parton writes it (Sphinx `g13-d13`, reduced `e2-e3`, Ecila `A1-B1` and `K@A1`),
//! the n-dimensional position text, the drawings, and snapshots of the start move lists.

mod common;

use spacechess_sphinx::{
    Ecila27, Ecila8, EcilaGame, EcilaOptions, ReducedSphinx, SphinxChess, SphinxGame, SphinxOptions,
};
use spacechess_variant::{MoveError, PositionError, Variant};

fn move_list<V: Variant>(v: &V, pos: &V::Position) -> String {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| v.move_text(pos, m)).collect();
    texts.sort();
    format!("{} moves\n{}\n", texts.len(), texts.join("\n"))
}

/// sphinx.md 1: every cell's name reads back; bad names are refused.
#[test]
fn sphinx_cell_names() {
    let v = SphinxChess::chess();
    let e = v.engine();
    let mut names = Vec::new();
    for c in e.shape().cells() {
        let n = e.cell_name(c);
        assert_eq!(e.parse_cell(&n), Some(c), "{n}");
        names.push(n);
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 144);
    for bad in ["j1", "a17", "a0", "a01", "A1", "a", "", "a1x", "é1"] {
        assert_eq!(e.parse_cell(bad), None, "{bad}");
    }
    let r = ReducedSphinx::chess();
    let e = r.engine();
    for c in e.shape().cells() {
        assert_eq!(e.parse_cell(&e.cell_name(c)), Some(c));
    }
    for bad in ["i1", "a9", "a0", "e"] {
        assert_eq!(e.parse_cell(bad), None, "{bad}");
    }
}

/// sphinx.md 1: moves are written as Parton writes squares, `g13-d13`; captures with `x`,
/// promotions with `=Q`.
#[test]
fn sphinx_move_text() {
    let v = SphinxChess::chess();
    let s = v.start();
    let m = v.parse_move(&s, "g13-d13").unwrap();
    assert_eq!(v.move_text(&s, &m), "g13-d13");
    let e = v.engine();
    let pos = common::position(e, &["P a5", "p a2", "K i16", "k c16"], 0);
    let m = v.parse_move(&pos, "a5xa2=C").unwrap();
    assert_eq!(v.move_text(&pos, &m), "a5xa2=C");
    // Errors name what is wrong.
    let err = v.parse_move(&s, "g13-g5").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { reason, .. } if reason.contains("Pawn on g13 cannot move to g5")),
        "{err}"
    );
    assert!(matches!(
        v.parse_move(&s, "z9-a1"),
        Err(MoveError::Malformed { .. })
    ));
    let err = v.parse_move(&s, "a1-a5").unwrap_err();
    assert!(err.to_string().contains("not White's"), "{err}");
    let err = v.parse_move(&s, "d1-d5").unwrap_err();
    assert!(err.to_string().contains("no man on d1"), "{err}");
}

/// The reduced board uses the ordinary names: `e2-e3`, `e2-e6` (between boards).
#[test]
fn reduced_move_text() {
    let v = ReducedSphinx::chess();
    let s = v.start();
    for t in ["e2-e3", "e2-e6", "b1-a3", "b1-f5"] {
        let m = v.parse_move(&s, t).unwrap();
        assert_eq!(v.move_text(&s, &m), t);
    }
    assert!(v.parse_move(&s, "e2-e4").is_err(), "no double step");
}

/// The n-dimensional position text: start positions and positions after moves read back.
#[test]
fn position_text_round_trips() {
    let v = SphinxChess::chess();
    let mut pos = v.start();
    for t in ["e13-b13", "e2-h2", "h14-h2", "b2-h2"] {
        assert_eq!(v.parse_position(&v.position_text(&pos)).unwrap(), pos);
        pos = v.play(&pos, &v.parse_move(&pos, t).unwrap());
    }
    let text = v.position_text(&pos);
    assert_eq!(v.parse_position(&text).unwrap(), pos);
    insta::assert_snapshot!("sphinx_after_four_plies", text);

    let r = ReducedSphinx::chess();
    assert_eq!(
        r.position_text(&r.start()),
        "qr/2//bc/2//cb/2//rk/2///pp/2//pp/2//pp/2//pp/2///2/PP//2/PP//2/PP//2/PP///2/QR//2/BC//2/CB//2/RK w * - 0 1"
    );
    let e = Ecila8::new(EcilaOptions::default()).unwrap();
    let mut pos = e.start();
    for t in ["K@A1", "k@H8", "Q@B2"] {
        pos = e.play(&pos, &e.parse_move(&pos, t).unwrap());
        assert_eq!(e.parse_position(&e.position_text(&pos)).unwrap(), pos);
    }
    insta::assert_snapshot!("ecila_after_three_placements", e.position_text(&pos));
}

/// Position text errors say what is wrong.
#[test]
fn position_text_errors() {
    let v = SphinxChess::chess();
    let err = v.parse_position("8/8/8/8 w").unwrap_err();
    assert!(matches!(err, PositionError::Board(_)), "{err}");
    // Two White kings.
    let two = v.position_text(&common::position(
        v.engine(),
        &["K h15", "K h16", "k b3"],
        0,
    ));
    let err = v.parse_position(&two).unwrap_err();
    assert!(err.to_string().contains("royal"), "{err}");
    let e = Ecila8::new(EcilaOptions::default()).unwrap();
    let board = e.position_text(&e.start());
    let board = board.split(" [").next().unwrap();
    let err = e.parse_position(&format!("{board} [KQX/kq]")).unwrap_err();
    assert!(err.to_string().contains("'X'"), "{err}");
    let err = e.parse_position(&format!("{board} KQ/kq]")).unwrap_err();
    assert!(err.to_string().contains("malformed"), "{err}");
    // Black to place while White still has men and Black none.
    let err = e
        .parse_position(&format!("{} [KQ/]", board.replace(" w ", " b ")))
        .unwrap_err();
    assert!(err.to_string().contains("no man to place"), "{err}");
}

/// sphinx.md 1: `show` draws the 3x3 arrangement of small boards.
#[test]
fn draw_sphinx_start() {
    let v = SphinxChess::chess();
    insta::assert_snapshot!("draw_sphinx_start", v.draw(&v.start()));
}

/// sphinx.md 6: the reduced board drawn as an 8x8 board with its quarter boards marked.
#[test]
fn draw_reduced_start() {
    let v = ReducedSphinx::chess();
    insta::assert_snapshot!("draw_reduced_start", v.draw(&v.start()));
}

/// ecila.md 1: the Ecila board drawn as its platforms.
#[test]
fn draw_ecila_platforms() {
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    let mut pos = v.start();
    for t in ["K@A1", "k@H8", "Q@B2", "q@C7", "R@E3", "r@F4"] {
        pos = v.play(&pos, &v.parse_move(&pos, t).unwrap());
    }
    insta::assert_snapshot!("draw_ecila_placing", v.draw(&pos));
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    let pos = v.play(&v.start(), &v.parse_move(&v.start(), "K@A14").unwrap());
    insta::assert_snapshot!("draw_ecila27", v.draw(&pos));
}

/// Start move lists.
#[test]
fn start_move_lists() {
    let v = SphinxChess::chess();
    insta::assert_snapshot!("moves_sphinx_start", move_list(&v, &v.start()));
    let v = ReducedSphinx::chess();
    insta::assert_snapshot!("moves_reduced_start", move_list(&v, &v.start()));
    let v = SphinxChess::new(SphinxOptions {
        king_confinement: true,
        ..SphinxOptions::default()
    })
    .unwrap();
    insta::assert_snapshot!("moves_sphinx_confined_start", move_list(&v, &v.start()));
    let v = SphinxChess::new(SphinxOptions::game(SphinxGame::Losing)).unwrap();
    insta::assert_snapshot!("moves_sphinx_losing_start", move_list(&v, &v.start()));
    let v = Ecila8::new(EcilaOptions::default()).unwrap();
    insta::assert_snapshot!("moves_ecila_start", move_list(&v, &v.start()));
    let v = Ecila8::new(EcilaOptions::game(EcilaGame::Scacia)).unwrap();
    insta::assert_snapshot!("moves_ecila_scacia_start", move_list(&v, &v.start()));
    let v = Ecila27::new(EcilaOptions {
        cells: 27,
        ..EcilaOptions::default()
    })
    .unwrap();
    insta::assert_snapshot!("moves_ecila27_start", move_list(&v, &v.start()));
}

/// User input never panics: random strings over the characters of the formats are errors or
/// positions and moves, never a crash.
#[test]
fn random_text_never_panics() {
    let alphabet: Vec<char> = "abcdefghiABCDEFGHKQRBCPUNWkqrbcpunw0123456789/-x@=[]* "
        .chars()
        .collect();
    let mut rng = spacechess_variant::RandomMover::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move |n: usize| rng.below(n);
    let sphinx = SphinxChess::chess();
    let reduced = ReducedSphinx::chess();
    let ecila = Ecila8::new(EcilaOptions::default()).unwrap();
    let starts = [
        sphinx.position_text(&sphinx.start()),
        reduced.position_text(&reduced.start()),
        ecila.position_text(&ecila.start()),
    ];
    for i in 0..3000 {
        let len = 1 + next(24);
        let mut t: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        if i % 3 == 0 {
            // A mutated real position text.
            let base = &starts[next(3)];
            let cut = next(base.len());
            t = format!("{}{}{}", &base[..cut], t, &base[cut..]);
        }
        let _ = sphinx.parse_position(&t);
        let _ = reduced.parse_position(&t);
        let _ = ecila.parse_position(&t);
        let _ = sphinx.parse_move(&sphinx.start(), &t);
        let _ = reduced.parse_move(&reduced.start(), &t);
        let _ = ecila.parse_move(&ecila.start(), &t);
        let mut o = SphinxOptions::default();
        let _ = o.set(&t, &t);
        if i % 100 == 0 {
            let mut o = EcilaOptions::default();
            let _ = o.set("army", &t);
            let _ = Ecila8::new(o);
        }
    }
}
