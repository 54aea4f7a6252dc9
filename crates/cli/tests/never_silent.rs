//! Issue 18 item 5, "a command line that never fails silently", end to end: `selfplay --games 0`
//! is an error, records are written only where `--record` says (and stderr says so), a line of
//! `play` input that is not UTF-8 is refused without ending the game, scores name whose view they
//! are, drawings mark the last move and a king in check, and `show --legend` names the pieces.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs the binary in `dir` with `stdin` as its input: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("input written");
    let out = child.wait_with_output().expect("the binary finishes");
    (
        out.status.code().expect("exit code, not a signal"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// An empty scratch directory of its own for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Runs a command that must succeed (in a scratch directory); its stdout.
fn ok(args: &[&str]) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (code, out, err) = run_in(&dir, args, b"");
    assert_eq!(code, 0, "spacechess {args:?} failed: {err}");
    out
}

/// Runs a command that must fail with exit code 2 and one line on stderr containing `needle`.
fn fails(args: &[&str], needle: &str) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (code, out, err) = run_in(&dir, args, b"");
    assert_eq!(code, 2, "spacechess {args:?}: exit code (stderr {err})");
    assert_eq!(out, "", "spacechess {args:?}: nothing on stdout");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "stderr {err:?} names {needle:?}");
}

/// The names of the files in a directory, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("directory read")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn selfplay_of_no_games_is_an_error() {
    fails(
        &["selfplay", "orthodox", "--games", "0"],
        "'0': expected a number of games, 1 or more",
    );
    fails(
        &["selfplay", "orthodox", "--games", "-3"],
        "expected a number of games, 1 or more",
    );
}

#[test]
fn records_are_written_only_where_record_says() {
    // Without --record neither play nor selfplay leaves a file in the working directory.
    let dir = scratch_dir("no-record");
    let (code, _, err) = run_in(&dir, &["play", "orthodox", "--depth", "1"], b"e2e4\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("record"), "nothing said of a record: {err}");
    let selfplay = [
        "selfplay",
        "orthodox",
        "--games",
        "1",
        "--a",
        "random",
        "--max-plies",
        "6",
    ];
    let (code, out, err) = run_in(&dir, &selfplay, b"");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("records in"), "{out}");
    assert!(!err.contains("written"), "{err}");
    assert_eq!(files_in(&dir), Vec::<String>::new(), "no file written");

    // With --record the file is written where it says, and stderr says what was written where.
    let (code, _, err) = run_in(
        &dir,
        &["play", "orthodox", "--depth", "1", "--record", "mine.pgn"],
        b"e2e4\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the game's record (2 plies) was appended to mine.pgn"),
        "{err}"
    );
    let mut args = selfplay.to_vec();
    args[3] = "2";
    args.extend(["--record", "sp.pgn"]);
    let (code, _, err) = run_in(&dir, &args, b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("2 game records were written to sp.pgn"),
        "{err}"
    );
    assert_eq!(files_in(&dir), ["mine.pgn", "sp.pgn"]);
    let sp = std::fs::read_to_string(dir.join("sp.pgn")).unwrap();
    assert_eq!(sp.matches("[Result ").count(), 2, "{sp}");
}

#[test]
fn play_refuses_a_line_that_is_not_utf8_and_goes_on() {
    let dir = scratch_dir("not-utf8");
    let mut input = b"e2e4\n".to_vec();
    input.extend_from_slice(b"\xff\xfe e7e5\xc3\n");
    input.extend_from_slice(b"d2d4\nquit\n");
    let (code, out, err) = run_in(
        &dir,
        &["play", "orthodox", "--depth", "1", "--record", "g.pgn"],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("error: the line read is not UTF-8 text; type a move or 'help'"),
        "{out}"
    );
    assert!(!out.contains("(end of input)"), "the game went on: {out}");
    let record = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(
        record.contains("1. e2e4 ") && record.contains("2. d2d4 "),
        "{record}"
    );
}

#[test]
fn scores_say_whose_view_they_are() {
    let out = ok(&["analyse", "orthodox", "--moves", "e2e4", "--depth", "1"]);
    let best = out.lines().last().unwrap();
    assert!(best.contains(" for Black  depth 1"), "{out}");
    let morphy = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
    let out = ok(&["analyse", "orthodox", "-p", morphy, "--depth", "3"]);
    assert!(out.contains("score White wins in 2"), "{out}");
    let black_mates = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";
    let out = ok(&["analyse", "orthodox", "-p", black_mates, "--depth", "2"]);
    let best = out.lines().last().unwrap();
    assert!(
        best.starts_with("best a8a1  score Black wins in 1  "),
        "{out}"
    );
    // play: the engine's replies and the hint name the side too.
    let dir = scratch_dir("scores");
    let (code, out, err) = run_in(
        &dir,
        &["play", "orthodox", "--depth", "1"],
        b"hint\ne2e4\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let hint = out.lines().find(|l| l.contains("hint: ")).expect("a hint");
    assert!(hint.ends_with(" for White)"), "{hint}");
    let reply = out
        .lines()
        .find(|l| l.contains("Black plays "))
        .expect("a reply");
    assert!(reply.contains(" for Black, depth 1"), "{reply}");
}

#[test]
fn drawings_mark_the_last_move_and_a_king_in_check() {
    let out = ok(&[
        "show", "orthodox", "--moves", "f2f3", "e7e5", "g2g4", "d8h4",
    ]);
    assert!(
        !out.contains('\x1b'),
        "no colour when not on a terminal: {out}"
    );
    for line in [
        " 8 r n b*. k b n r",
        " 4 . . . . . . P*q",
        " 1 R N B Q!K B N R",
        "last move: d8h4 (* before d8, h4)",
        "check: White's king on e1 (! before it)",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
    // Castling marks the king's and the rook's cells; the position text is unchanged.
    let castle = ok(&[
        "show",
        "orthodox",
        "-p",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "--moves",
        "e1g1",
    ]);
    assert!(castle.contains(" 1 R . . .*.*R*K*."), "{castle}");
    assert!(
        castle.ends_with("\nr3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n"),
        "{castle}"
    );
    // Without moves and without check nothing is marked.
    let start = ok(&["show", "orthodox"]);
    assert!(
        !start.contains('*') && !start.contains("last move"),
        "{start}"
    );
    // A 3D board and a board of boards mark their cells the same way.
    let raum = ok(&["show", "raumschach", "--moves", "Ac2-Ac3"]);
    assert!(
        raum.contains(" 3 . .*P . . ") && raum.contains(" 2 P P*. P P "),
        "{raum}"
    );
    let sphinx = ok(&["show", "sphinx-reduced", "--moves", "e2e3"]);
    assert!(
        sphinx.contains("last move: e2-e3 (* before e2, e3)"),
        "{sphinx}"
    );
    assert!(sphinx.contains(" 3 | . . . . |*P . . . |"), "{sphinx}");
    let grid = sphinx.split("last move").next().unwrap();
    assert_eq!(grid.matches('*').count(), 2, "two cells marked: {sphinx}");

    // play: the board drawn after each move marks it.
    let dir = scratch_dir("marks");
    let (code, out, err) = run_in(&dir, &["play", "orthodox", "--depth", "1"], b"e2e4\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" 4 . . . .*P . . ."), "{out}");
    assert!(out.contains("last move: e2e4 (* before e2, e4)"), "{out}");
    let reply = out.lines().find(|l| l.contains("Black plays ")).unwrap();
    let mv = reply.split_whitespace().nth(2).unwrap();
    assert!(
        out.contains(&format!("last move: {mv} (* before ")),
        "{out}"
    );
}

#[test]
fn show_legend_names_the_piece_letters() {
    let raum = ok(&["show", "raumschach", "--legend"]);
    let legend = raum
        .lines()
        .find(|l| l.starts_with("pieces: "))
        .expect("a legend");
    for piece in [
        "K king",
        "Q queen",
        "R rook",
        "B bishop",
        "N knight",
        "U unicorn",
        "P pawn",
    ] {
        assert!(legend.contains(piece), "{piece} in {legend}");
    }
    assert!(
        legend.ends_with("(White upper case, Black lower case)"),
        "{legend}"
    );
    let goff = ok(&["show", "goff", "--legend"]);
    assert!(
        goff.contains("D duke") && goff.contains("S stack"),
        "{goff}"
    );
    let spectral = ok(&[
        "show",
        "spectral",
        "--legend",
        "--option",
        "Knight=Counsellor",
    ]);
    assert!(
        spectral.contains("C counsellor") && !spectral.contains("N knight"),
        "{spectral}"
    );
    let ecila = ok(&["show", "ecila", "--legend"]);
    assert!(
        ecila.contains("U unicorn"),
        "pieces still in the hand: {ecila}"
    );
    // Without --legend, no legend.
    assert!(!ok(&["show", "raumschach"]).contains("pieces: "));
}
