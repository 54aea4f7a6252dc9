//! The `spacechess` binary end to end: outputs, snapshots, and every error path (one line on
//! stderr naming the problem, exit code 2, never a panic).

use std::path::PathBuf;
use std::process::Command;

/// Runs the binary: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exit code, not a signal"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs a command that must succeed; its stdout.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "spacechess {args:?} failed: {err}");
    out
}

/// Runs a command that must fail with exit code 2 and one line on stderr containing `needle`.
fn fails(args: &[&str], needle: &str) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "spacechess {args:?}: exit code (stderr: {err})");
    assert_eq!(out, "", "spacechess {args:?}: nothing on stdout");
    assert!(
        !err.contains("panicked"),
        "spacechess {args:?} panicked: {err}"
    );
    assert_eq!(err.lines().count(), 1, "one line on stderr, got: {err:?}");
    assert!(err.starts_with("error: "), "starts with 'error: ': {err}");
    assert!(err.contains(needle), "stderr {err:?} names {needle:?}");
    err
}

fn last_line(s: &str) -> &str {
    s.lines().last().expect("some output")
}

/// A file under the test's scratch directory with this text.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("scratch file written");
    path
}

const ORTHODOX_RON: &str = include_str!("../../../variants/orthodox/rules/orthodox.ron");

/// A tiny game for `--rules`: two bare kings on a 4x4 board.
const KINGS_RON: &str = r#"RuleSet(
    name: "kings4",
    description: "Two bare kings on a 4x4 board",
    board: [[4, 4]],
    players: [
        (name: "White", team: 0, orientation: [1, 1]),
        (name: "Black", team: 1, orientation: [1, -1]),
    ],
    pieces: [
        (name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))]),
    ],
    setup: "3k/4/4/K3 w",
)"#;

#[test]
fn variants_lists_orthodox_with_a_description() {
    let out = ok(&["variants"]);
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("orthodox"))
        .expect("orthodox listed");
    assert!(line.split_whitespace().count() > 2, "a description: {line}");
}

#[test]
fn show_orthodox_start() {
    let out = ok(&["show", "orthodox"]);
    assert!(
        out.ends_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
        "the position text under the drawing"
    );
    insta::assert_snapshot!("show_orthodox", out);
}

#[test]
fn show_after_moves_and_from_a_position() {
    let after = ok(&["show", "orthodox", "--moves", "e2e4", "e7e5"]);
    assert!(after.ends_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"));
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    // The same drawing, but for the last move's marks and its line (no move was given).
    let unmarked: String = after
        .lines()
        .filter(|l| !l.starts_with("last move: e7e5 "))
        .map(|l| format!("{}\n", l.replace('*', " ")))
        .collect();
    assert_eq!(ok(&["show", "orthodox", "--position", fen]), unmarked);
}

#[test]
fn moves_after_e2e4_e7e5() {
    let out = ok(&["moves", "orthodox", "--moves", "e2e4", "e7e5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 29, "29 legal moves after 1.e4 e5");
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "sorted");
    insta::assert_snapshot!("moves_orthodox_e2e4_e7e5", out);
}

#[test]
fn moves_of_the_start_are_twenty() {
    assert_eq!(ok(&["moves", "orthodox"]).lines().count(), 20);
}

#[test]
fn perft_orthodox_3_is_8902() {
    assert_eq!(last_line(&ok(&["perft", "orthodox", "3"])), "8902");
    assert_eq!(last_line(&ok(&["perft", "orthodox", "1"])), "20");
    assert_eq!(last_line(&ok(&["perft", "orthodox", "0"])), "1");
}

#[test]
fn perft_divide_sums_to_the_total() {
    let out = ok(&["perft", "orthodox", "3", "--divide"]);
    let total: u64 = last_line(&out).parse().expect("a count");
    assert_eq!(total, 8902);
    let rows: Vec<(&str, u64)> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m, n.parse().expect("a count")))
        .collect();
    assert_eq!(rows.len(), 20, "one row per root move");
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
    let moves: Vec<&str> = rows.iter().map(|(m, _)| *m).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted, "sorted by move");
    assert!(
        rows.contains(&("e2e4", 600)),
        "e2e4 has 600 nodes at depth 3"
    );
}

#[test]
fn perft_threads_give_the_same_count() {
    let one = ok(&["perft", "orthodox", "3", "--threads", "1"]);
    let two = ok(&["perft", "orthodox", "3", "--threads", "2"]);
    assert_eq!(last_line(&two), "8902");
    assert_eq!(one, two);
    let d1 = ok(&["perft", "orthodox", "3", "--divide", "--threads", "1"]);
    let d2 = ok(&["perft", "orthodox", "3", "--divide", "--threads", "2"]);
    assert_eq!(d1, d2, "the same divide whatever the thread count");
}

#[test]
fn perft_from_a_position_after_moves() {
    // Kiwipete, the standard perft position: 48 moves, 2039 at depth 2.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        last_line(&ok(&["perft", "orthodox", "2", "-p", kiwipete])),
        "2039"
    );
    // After 1.e4 there are 20 replies, each then has 20 + something: perft 1 is the reply count.
    assert_eq!(
        last_line(&ok(&["perft", "orthodox", "1", "--moves", "e2e4"])),
        "20"
    );
}

#[test]
fn rules_file_with_the_orthodox_rule_set_runs_on_the_generic_engine() {
    let path = temp_file("orthodox-copy.ron", ORTHODOX_RON);
    let p = path.to_str().expect("utf-8 path");
    assert_eq!(
        last_line(&ok(&["perft", "orthodox", "3", "--rules", p])),
        "8902"
    );
    // The generic engine's notation and position text.
    let moves = ok(&["moves", "orthodox", "--rules", p, "--moves", "e2-e4"]);
    assert_eq!(moves.lines().count(), 20);
    let shown = ok(&["show", "orthodox", "--rules", p]);
    assert!(shown.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
}

#[test]
fn rules_file_with_a_tiny_custom_game() {
    let path = temp_file("kings4.ron", KINGS_RON);
    let p = path.to_str().expect("utf-8 path");
    // White's king on a1 has a2, b1, b2.
    assert_eq!(
        ok(&["moves", "orthodox", "--rules", p]),
        "a1-a2\na1-b1\na1-b2\n"
    );
    // Black's king on d4 has c4, c3, d3, except c3 when White's king stands on b2: 3 + 3 + 2.
    assert_eq!(
        last_line(&ok(&["perft", "orthodox", "2", "--rules", p])),
        "8"
    );
    let shown = ok(&["show", "orthodox", "--rules", p, "--moves", "a1-b2"]);
    assert!(shown.contains("3k/4/1K2/4 b"), "position text: {shown}");
}

#[test]
fn every_sub_command_has_help() {
    for cmd in ["variants", "show", "moves", "perft"] {
        let out = ok(&[cmd, "--help"]);
        assert!(out.contains("Usage: spacechess"), "{cmd} --help: {out}");
    }
    let out = ok(&["--help"]);
    for cmd in ["variants", "show", "moves", "perft"] {
        assert!(out.contains(cmd), "--help lists {cmd}");
    }
    assert!(ok(&["perft", "--help"]).contains("--divide"));
    assert!(ok(&["moves", "--help"]).contains("--rules <FILE>"));
    assert!(ok(&["show", "--help"]).contains("--option <KEY=VALUE>"));
}

#[test]
fn error_unknown_variant() {
    let err = fails(&["show", "foo"], "unknown variant 'foo'");
    assert!(
        err.contains("known: orthodox"),
        "lists the known variants: {err}"
    );
    fails(&["perft", "foo", "2"], "unknown variant 'foo'");
    fails(&["moves", "foo"], "unknown variant 'foo'");
}

#[test]
fn error_malformed_position() {
    fails(
        &["show", "orthodox", "--position", "xyz"],
        "bad position 'xyz'",
    );
    fails(
        &[
            "moves",
            "orthodox",
            "-p",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        ],
        "bad position",
    );
    fails(
        &["perft", "orthodox", "1", "-p", "8/8/8/8/8/8/8/8 x - - 0 1"],
        "'x'",
    );
}

#[test]
fn error_malformed_move() {
    fails(
        &["moves", "orthodox", "--moves", "e2"],
        "malformed move 'e2'",
    );
    fails(
        &["moves", "orthodox", "--moves", "zz9"],
        "malformed move 'zz9'",
    );
}

#[test]
fn error_illegal_move() {
    let err = fails(
        &["moves", "orthodox", "--moves", "e2e5"],
        "illegal move 'e2e5'",
    );
    assert_eq!(
        err.trim_end(),
        "error: illegal move 'e2e5': the Pawn on e2 cannot move to e5"
    );
    let err = fails(
        &["show", "orthodox", "--moves", "e2e4", "e2e4"],
        "illegal move 'e2e4'",
    );
    assert!(err.contains("after e2e4"), "says where in the list: {err}");
    fails(
        &["perft", "orthodox", "1", "--moves", "e7e5"],
        "illegal move 'e7e5'",
    );
}

#[test]
fn error_bad_depth() {
    fails(&["perft", "orthodox", "abc"], "'abc'");
    fails(&["perft", "orthodox", "-1"], "'-1'");
    fails(&["perft", "orthodox", "2.5"], "whole number of plies");
    fails(&["perft", "orthodox"], "<DEPTH>");
}

#[test]
fn error_bad_threads() {
    fails(&["perft", "orthodox", "2", "--threads", "0"], "--threads");
}

#[test]
fn error_missing_rules_file() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-rules.ron");
    let m = missing.to_str().expect("utf-8 path");
    fails(
        &["show", "orthodox", "--rules", m],
        "cannot read rules file",
    );
    fails(
        &["perft", "orthodox", "1", "--rules", m],
        "no-such-rules.ron",
    );
}

#[test]
fn error_bad_ron() {
    let path = temp_file("bad.ron", "RuleSet(name: \"x\",\n board: [[8, 8]]");
    let err = fails(
        &["show", "orthodox", "--rules", path.to_str().unwrap()],
        "bad.ron",
    );
    assert!(err.contains("cannot read rule set"), "{err}");
    // Parses, but inconsistent: a setup letter no piece has.
    let bad_setup = KINGS_RON.replace("3k/4/4/K3", "3k/4/4/Q3");
    let path = temp_file("bad-setup.ron", &bad_setup);
    fails(
        &["perft", "orthodox", "1", "--rules", path.to_str().unwrap()],
        "bad-setup.ron",
    );
}

#[test]
fn error_board_too_big_for_the_engine() {
    let big = KINGS_RON.replace("[[4, 4]]", "[[30, 30]]");
    let path = temp_file("big.ron", &big);
    fails(
        &["show", "orthodox", "--rules", path.to_str().unwrap()],
        "too big",
    );
}

#[test]
fn error_unknown_option() {
    let err = fails(
        &["show", "orthodox", "--option", "castling=no"],
        "unknown option 'castling'",
    );
    assert!(err.contains("orthodox has no rule options"), "{err}");
    fails(
        &["perft", "orthodox", "1", "--option", "castling"],
        "expected key=value",
    );
}

#[test]
fn error_unknown_sub_command_and_argument() {
    fails(&["frob"], "'frob'");
    fails(&["perft", "orthodox", "1", "--bogus"], "--bogus");
}

/// Goff's pawns and stacks have no empty-board power table: compare says so and exits 2.
#[test]
fn compare_goff_stack_is_a_clear_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["compare", "goff", "--piece", "S"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("planar pieces") && err.lines().count() == 1,
        "{err}"
    );
}

/// Issue 18 items 1, 3 and 5 end to end: non-ASCII move text is an error, not a panic; `piece`
/// with no such cell or an empty cell fails with exit code 2; `piece` and `moves --piece` take
/// `--moves`.
#[test]
fn issue_18_inputs() {
    fails(
        &["moves", "orthodox", "--moves", "aé"],
        "malformed move 'aé'",
    );
    fails(
        &["moves", "raumschach", "--moves", "Aé"],
        "malformed move 'Aé'",
    );
    fails(&["moves", "cubic8", "--moves", "aé"], "malformed move 'aé'");
    fails(
        &["piece", "raumschach", "Zz9"],
        "'Zz9' is not a cell of raumschach",
    );
    fails(&["piece", "raumschach", "Cc3"], "there is no man on Cc3");
    fails(&["moves", "raumschach", "--piece", "Cc3"], "no man on Cc3");
    fails(
        &[
            "moves",
            "raumschach",
            "--moves",
            "Ac2-Ac3",
            "Eb4-Eb3",
            "ac2-ac3",
        ],
        "illegal move 'ac2-ac3': there is no man on Ac2",
    );
    assert_eq!(
        ok(&["piece", "orthodox", "e7", "--moves", "e2e4"]),
        "e7e5\ne7e6\n"
    );
    assert_eq!(
        ok(&["moves", "orthodox", "--moves", "e2e4", "--piece", "e7"]),
        "e7e5\ne7e6\n"
    );
}
