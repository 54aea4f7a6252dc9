//! How the games end, each reached by a test game: perpetual check (sphinx.md 5), checkmate,
//! capture all (Compulsion Sphinx, Ecila Scacia), lose all (Losing Sphinx, Ecila Schlagschach).

mod common;

use spacechess_engine::Position;
use spacechess_sphinx::{
    Ecila8, EcilaGame, EcilaOptions, Sphinx, SphinxChess, SphinxGame, SphinxOptions,
};
use spacechess_variant::{DrawReason, Game, MoveError, Outcome, Player, Variant, WinReason};

fn play_all<V: Variant>(g: &mut Game<'_, V>, moves: &[&str]) {
    for m in moves {
        assert_eq!(g.outcome(), None, "game over before {m}");
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn win(players: &[u8], reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winners: players.iter().map(|&p| Player(p)).collect(),
        reason,
    })
}

/// A validated position of `men` (see `common::position`), through the position text.
fn setup<const W: usize>(v: &Sphinx<W>, men: &[&str], to_move: u8) -> Position<W> {
    let pos = common::position(v.engine(), men, to_move);
    v.parse_position(&v.position_text(&pos)).unwrap()
}

/// White queen a14, Black king a1: the queen checks from a13 (down the first column of board a)
/// and from a14 (down the second), the king shuttles a1-a2.
const PERPETUAL: &[&str] = &["Q a14", "K i16", "k a1"];

/// sphinx.md 5: the third occurrence of a position with every White move since the first a
/// check is a win for White.
#[test]
fn s5_perpetual_check_wins() {
    let v = SphinxChess::chess();
    let mut g = Game::new(&v, setup(&v, PERPETUAL, 0));
    let cycle = ["a14-a13", "a1-a2", "a13-a14", "a2-a1"];
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle[..3]);
    assert!(v.in_check(g.position()));
    g.play_text("a2-a1").unwrap();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), win(&[0], WinReason::PerpetualCheck));
    assert!(matches!(
        g.play_text("a14-a13"),
        Err(MoveError::GameOver(_))
    ));
}

/// sphinx.md 5: a repetition in which not every move of one player gave check is a draw: here
/// White checks from a13 but retreats to a14 without check.
#[test]
fn s5_repetition_without_perpetual_check_is_a_draw() {
    let v = SphinxChess::chess();
    let mut g = Game::new(&v, setup(&v, PERPETUAL, 0));
    let cycle = ["a14-a13", "a1-b1", "a13-a14", "b1-a1"];
    play_all(&mut g, &cycle);
    assert!(v.in_check(&v.play(
        g.position(),
        &v.parse_move(g.position(), "a14-a13").unwrap()
    )));
    play_all(&mut g, &cycle);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // Quiet king moves repeated: a draw as well.
    let mut g = Game::new(&v, setup(&v, PERPETUAL, 0));
    let cycle = ["i16-i12", "a1-b1", "i12-i16", "b1-a1"];
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// sphinx.md 5: with perpetual_check_wins off, perpetual check is an ordinary repetition draw.
#[test]
fn s5_perpetual_check_option_off() {
    let v = SphinxChess::new(SphinxOptions {
        perpetual_check_wins: false,
        ..SphinxOptions::default()
    })
    .unwrap();
    let mut g = Game::new(&v, setup(&v, PERPETUAL, 0));
    let cycle = ["a14-a13", "a1-a2", "a13-a14", "a2-a1"];
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// sphinx.md 5: checkmate wins. Black's king on a1: the queen comes from d6 to a6 (between
/// boards) with check and covers a2 and a5; the rook on g6 guards it; the rooks on b5, d5, e5
/// cover b1, d1, e1.
#[test]
fn s5_checkmate() {
    let v = SphinxChess::chess();
    let men = ["Q d6", "R g6", "R b5", "R d5", "R e5", "K i16", "k a1"];
    let mut g = Game::new(&v, setup(&v, &men, 0));
    assert_eq!(g.outcome(), None);
    g.play_text("d6-a6").unwrap();
    assert!(v.in_check(g.position()));
    assert_eq!(g.outcome(), win(&[0], WinReason::Checkmate));
}

/// sphinx.md 7: Compulsion Sphinx, captures compulsory, the king an ordinary man; White captures
/// everything and wins.
#[test]
fn s7_compulsion_capture_all() {
    let v = SphinxChess::new(SphinxOptions::game(SphinxGame::Compulsion)).unwrap();
    // White queen a1; Black king a2 and pawn a9.
    let start = setup(&v, &["Q a1", "k a2", "p a9"], 0);
    let mut g = Game::new(&v, start);
    // A quiet move is refused: a capture is compulsory.
    let err = g.play_text("a1-a5").unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
    let mut moves = Vec::new();
    v.legal_moves(g.position(), &mut moves);
    assert_eq!(moves.len(), 2, "a1xa2 (the king) and a1xa9");
    play_all(&mut g, &["a1xa9", "a2-a6"]);
    assert_eq!(g.outcome(), None);
    g.play_text("a9xa6").unwrap();
    assert_eq!(g.outcome(), win(&[0], WinReason::CapturedEverything));
}

/// sphinx.md 7: Losing Sphinx, White gives its last man away and wins.
#[test]
fn s7_losing_lose_all() {
    let v = SphinxChess::new(SphinxOptions::game(SphinxGame::Losing)).unwrap();
    // White rook a1; Black rook c5 and king i16.
    let start = setup(&v, &["R a1", "r c5", "k i16"], 0);
    let mut g = Game::new(&v, start);
    g.play_text("a1-a5").unwrap();
    // Black must take: the only legal move is the capture.
    let mut moves = Vec::new();
    v.legal_moves(g.position(), &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| v.move_text(g.position(), m)).collect();
    assert_eq!(texts, ["c5xa5"]);
    g.play_text("c5xa5").unwrap();
    assert_eq!(g.outcome(), win(&[0], WinReason::LostEverything));
}

fn ecila_game(game: EcilaGame, army: &str) -> Ecila8 {
    Ecila8::new(EcilaOptions {
        game,
        army: army.into(),
        ..EcilaOptions::default()
    })
    .unwrap()
}

/// ecila.md 5: Ecila Scacia with one rook a side: White takes Black's only man and wins.
#[test]
fn ecila_scacia_short_win() {
    let v = ecila_game(EcilaGame::Scacia, "R");
    let mut g = Game::new(&v, v.start());
    play_all(&mut g, &["R@A1", "r@B1"]);
    let err = g.play_text("A1-A2").unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
    g.play_text("A1xB1").unwrap();
    assert_eq!(g.outcome(), win(&[0], WinReason::CapturedEverything));
}

/// ecila.md 5: Ecila Schlagschach: White must take Black's only man, and Black, having lost all,
/// wins.
#[test]
fn ecila_schlagschach_lose_all() {
    let v = ecila_game(EcilaGame::Schlagschach, "R");
    let mut g = Game::new(&v, v.start());
    play_all(&mut g, &["R@A1", "r@B1", "A1xB1"]);
    assert_eq!(g.outcome(), win(&[1], WinReason::LostEverything));
}

/// ecila.md 4-5: Ecila Chess after the placement: orthodox check rules, no move into check.
#[test]
fn ecila_chess_play_after_placement() {
    let v = ecila_game(EcilaGame::Chess, "KR");
    let mut g = Game::new(&v, v.start());
    play_all(&mut g, &["K@A1", "k@H8", "R@D4", "r@B5"]);
    assert!(!g.position().placing());
    assert_eq!(v.to_move(g.position()), Player(0));
    // The rook on B5 attacks A5 (between Cubes) and B1 (within B): the king may not go there.
    let err = g.play_text("A1-A5").unwrap_err();
    assert!(err.to_string().contains("check"), "{err}");
    assert!(g.play_text("A1-B1").is_err());
    g.play_text("D4-D8").unwrap();
    assert!(
        v.in_check(g.position()),
        "the rook on D8 checks H8 between Cubes"
    );
}

/// ecila.md 4-5: an Ecila Chess game: kings first, four more placements none of which gives
/// check, then White's rook mates between Cubes.
#[test]
fn ecila_chess_checkmate() {
    let v = ecila_game(EcilaGame::Chess, "KQR");
    let mut g = Game::new(&v, v.start());
    play_all(&mut g, &["K@G1", "k@G8", "Q@B8", "q@A4", "R@E6", "r@A5"]);
    assert!(!g.position().placing());
    assert!(!v.in_check(g.position()));
    g.play_text("E6-E8").unwrap();
    assert!(v.in_check(g.position()));
    assert_eq!(g.outcome(), win(&[0], WinReason::Checkmate));
}

/// sphinx.md 5: repetition means the same men on the same squares with the same side to move;
/// men that go out and come back repeat the start (whether a man has moved does not count).
#[test]
fn s5_repetition_of_the_start() {
    let v = SphinxChess::chess();
    let mut g = Game::new(&v, v.start());
    let cycle = ["g15-g9", "a3-a5", "g9-g15", "a5-a3"];
    play_all(&mut g, &cycle);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &cycle);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}
