//! `play`, `analyse`, `solve`, `selfplay` and `replay` end to end (issue 8): the terminal game fed
//! on stdin, the solver's tree, self-play records read back, and every error path.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs the binary with `stdin` as its input: (exit code, stdout, stderr).
fn run_with_input(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("input written");
    let out = child.wait_with_output().expect("the binary finishes");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run_with_input(args, "");
    assert_eq!(code, 0, "spacechess {args:?} failed: {err}");
    out
}

fn fails(args: &[&str], needle: &str) {
    let (code, out, err) = run_with_input(args, "");
    assert_eq!(code, 2, "spacechess {args:?}: exit code (stderr {err})");
    assert_eq!(out, "");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(needle), "stderr {err:?} names {needle:?}");
}

fn scratch(name: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&p);
    p
}

const MORPHY: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

#[test]
fn play_commands_errors_undo_and_save() {
    let record = scratch("play-commands.pgn");
    let saved = scratch("play-saved.pgn");
    let input = format!(
        "help\nmoves\ne2e5\nzz\ne2e4\nundo\nd2d4\nsave {}\nquit\n",
        saved.display()
    );
    let (code, out, err) = run_with_input(
        &[
            "play",
            "orthodox",
            "--depth",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you play White"), "{out}");
    assert!(
        out.contains("undo        take back"),
        "help is shown: {out}"
    );
    assert!(out.contains("20 legal moves: "), "{out}");
    assert!(out.contains("error: illegal move 'e2e5'"), "{out}");
    assert!(out.contains("error: malformed move 'zz'"), "{out}");
    assert!(out.contains("Black plays "), "the engine answers: {out}");
    assert!(out.contains("took back 2 move(s)"), "{out}");
    assert!(
        out.contains(&format!("saved to {}", saved.display())),
        "{out}"
    );
    // The board is drawn after every move: the start, e2e4, the reply, after undo, d2d4, reply.
    assert!(out.matches("a b c d e f g h").count() >= 6, "{out}");
    // The saved game and the record both start 1. d2d4 and replay.
    let text = std::fs::read_to_string(&saved).unwrap();
    // Standard chess is written as PGN writes it: no Variant tag (docs/formats.md).
    assert!(
        !text.contains("[Variant ") && text.contains("1. d2d4 "),
        "{text}"
    );
    let rec = std::fs::read_to_string(&record).unwrap();
    assert!(rec.contains("[Result \"*\"]"), "{rec}");
    let replayed = ok(&["replay", "orthodox", record.to_str().unwrap()]);
    assert!(
        replayed.contains("2 moves replayed; recorded result *"),
        "{replayed}"
    );
}

/// `play`'s `hint N` (docs/search.md, "Several lines (MultiPV)"): the N best moves, numbered,
/// each another move; a bad N is an error and the game goes on.
#[test]
fn play_hint_gives_several_moves() {
    let (code, out, err) = run_with_input(
        &[
            "play",
            "orthodox",
            "--position",
            "7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1",
            "--depth",
            "3",
        ],
        "hint 3\nhint 0\nhint x\nhint\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    // Each answer follows the prompt, on its line.
    let hints: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start_matches("White to move> "))
        .filter(|l| l.starts_with("hint "))
        .collect();
    assert_eq!(hints.len(), 3, "{out}");
    let mut mates: Vec<&str> = hints[..2]
        .iter()
        .map(|l| l.split(' ').nth(2).unwrap())
        .collect();
    mates.sort();
    assert_eq!(mates, ["a1a8", "b2b8"], "{out}");
    assert!(
        hints[..2].iter().all(|l| l.contains("White wins in 1")),
        "{out}"
    );
    assert!(
        hints[2].starts_with("hint 3: ") && !hints[2].contains("wins"),
        "{out}"
    );
    assert_eq!(
        out.matches("error: hint takes a number of moves from 1 to 10")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
}

#[test]
fn play_to_the_end_writes_the_result() {
    let record = scratch("play-mate.pgn");
    let (code, out, err) = run_with_input(
        &[
            "play",
            "orthodox",
            "--position",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--record",
            record.to_str().unwrap(),
        ],
        "a1a8\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Game over: player 1 wins (Checkmate)"),
        "{out}"
    );
    let rec = std::fs::read_to_string(&record).unwrap();
    assert!(
        rec.contains("[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]"),
        "{rec}"
    );
    assert!(
        rec.contains("[Result \"1-0\"]") && rec.contains("1. a1a8 1-0"),
        "{rec}"
    );
}

#[test]
fn play_as_black_lets_the_engine_open() {
    let record = scratch("play-black.pgn");
    let (code, out, _) = run_with_input(
        &[
            "play",
            "raumschach",
            "--as",
            "black",
            "--depth",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("you play Black") && out.contains("White plays "),
        "{out}"
    );
    assert!(out.contains("level E"), "the 3D board is drawn: {out}");
}

#[test]
fn solve_prints_the_key_and_the_tree() {
    let out = ok(&["solve", "orthodox", "--position", MORPHY, "--mate", "2"]);
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("White mates in 2 ("));
    let rest: Vec<&str> = lines.collect();
    insta::assert_snapshot!("solve_morphy", rest.join("\n"));
}

#[test]
fn solve_proves_there_is_no_mate() {
    let out = ok(&[
        "solve",
        "orthodox",
        "--position",
        "6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1",
        "--mate",
        "2",
    ]);
    assert!(
        out.starts_with("no forced mate in 2 for White: every line was searched"),
        "{out}"
    );
}

#[test]
fn solve_raumschach_mate_in_two() {
    let pos = "5/5/5/k4/5//5/5/5/5/5//5/5/1RK2/5/5//5/5/5/5/4Q//5/5/5/5/5 w - - 0 1";
    let out = ok(&["solve", "raumschach", "--position", pos, "--mate", "2"]);
    assert!(out.contains("key: Be1-Dc3 (unique key)"), "{out}");
    assert!(out.contains("1. Be1-Dc3!"), "{out}");
}

#[test]
fn analyse_prints_iterations_and_the_best_move() {
    let out = ok(&["analyse", "orthodox", "--position", MORPHY, "--depth", "3"]);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("best a1a6  score White wins in 2  depth 3"),
        "{out}"
    );
    assert!(out.starts_with("depth  1 "), "{out}");
}

/// docs/search.md, "Several lines (MultiPV)": `--lines N` prints each depth's N lines, numbered,
/// each beginning with another move; the best is the first line's.
#[test]
fn analyse_prints_several_lines() {
    let back_rank = "7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1";
    let out = ok(&[
        "analyse", "orthodox", "-p", back_rank, "--depth", "3", "--lines", "3",
    ]);
    let last_depth: Vec<&str> = out.lines().filter(|l| l.starts_with("depth  3")).collect();
    assert_eq!(last_depth.len(), 3, "{out}");
    for (k, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" line  {} ", k + 1)), "{out}");
    }
    let mates: Vec<&str> = last_depth[..2]
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert!(mates.contains(&"a1a8") && mates.contains(&"b2b8"), "{out}");
    assert!(
        last_depth[..2]
            .iter()
            .all(|l| l.contains("White wins in 1")),
        "{out}"
    );
    assert!(
        out.lines().last().unwrap().contains("White wins in 1"),
        "{out}"
    );
    fails(
        &["analyse", "orthodox", "--lines", "0"],
        "0 is not in 1..=256",
    );
}

#[test]
fn selfplay_writes_a_table_and_records_that_replay() {
    let record = scratch("selfplay.pgn");
    let (code, out, err) = run_with_input(
        &[
            "selfplay",
            "orthodox",
            "--games",
            "2",
            "--a",
            "depth:1",
            "--b",
            "random",
            "--max-plies",
            "40",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("game 1/2: A as White") && err.contains("game 2/2: A as Black"),
        "{err}"
    );
    assert!(out.contains("A: engine depth 1"), "{out}");
    assert!(out.contains("B: random"), "{out}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Result ").count(), 2, "{text}");
    assert!(!text.contains("[Variant "), "{text}");
    let replayed = ok(&[
        "replay",
        "orthodox",
        record.to_str().unwrap(),
        "--game",
        "2",
    ]);
    assert!(replayed.starts_with("game 2:"), "{replayed}");
}

#[test]
fn errors_name_the_problem() {
    fails(
        &["solve", "orthodox", "--position", MORPHY, "--mate", "0"],
        "expected a number of moves from 1 to 10",
    );
    fails(&["solve", "orthodox", "--mate", "2"], "--position");
    fails(
        &[
            "solve",
            "orthodox",
            "--position",
            "6k1/8/8/8/8/8/8/R5K1 x",
            "--mate",
            "1",
        ],
        "bad position",
    );
    fails(
        &["play", "orthodox", "--as", "purple"],
        "unknown side 'purple'",
    );
    fails(
        &["play", "orthodox", "--depth", "0"],
        "expected a depth of 1 to 30 plies",
    );
    fails(
        &["analyse", "orthodox", "--movetime", "x"],
        "expected milliseconds",
    );
    fails(
        &["selfplay", "orthodox", "--a", "smart"],
        "expected random, depth:N",
    );
    fails(
        &["replay", "orthodox", "/nonexistent/games.pgn"],
        "cannot read '/nonexistent/games.pgn'",
    );
    let other = scratch("other-variant.pgn");
    std::fs::write(&other, "[Variant \"raumschach\"]\n\n1. Ab2-Ab3 *\n").unwrap();
    fails(
        &["replay", "orthodox", other.to_str().unwrap()],
        "a game of 'raumschach', not of 'orthodox'",
    );
    let bad = scratch("bad-move.pgn");
    std::fs::write(&bad, "[Variant \"orthodox\"]\n\n1. e2e4 e7e5 2. e4e5 *\n").unwrap();
    fails(
        &["replay", "orthodox", bad.to_str().unwrap()],
        "move 3 ('e4e5')",
    );
    fails(
        &["replay", "orthodox", bad.to_str().unwrap(), "--game", "3"],
        "the file holds 1 game(s)",
    );
}

/// Issue 14 (matches, "adjudication of long games"): with `--adjudicate CP`, a game reaching the
/// ply limit is won by the side whose evaluation leads by CP or more; without it, a draw.
#[test]
fn match_adjudicates_a_decisive_lead_at_the_ply_limit() {
    let book = scratch("lopsided-book.txt");
    // White is two rooks up; two random plies cannot change that (no mate in one either).
    std::fs::write(&book, "# two rooks up\n7k/8/8/8/8/8/8/RR5K w - - 0 1\n").unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "orthodox",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "2",
            "--book",
            book.to_str().unwrap(),
            "--max-plies",
            "2",
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let adjudicated = run(&["--adjudicate", "500"]);
    assert_eq!(
        adjudicated
            .matches("1-0        ply limit, evaluation")
            .count(),
        2,
        "{adjudicated}"
    );
    assert!(
        adjudicated.contains("A: 1 wins, 0 draws, 1 losses"),
        "{adjudicated}"
    );
    // A lead smaller than the margin, or no margin at all: draws.
    for extra in [&["--adjudicate", "5000"][..], &[]] {
        let drawn = run(extra);
        assert!(drawn.contains("A: 0 wins, 2 draws, 0 losses"), "{drawn}");
    }
    fails(
        &["match", "orthodox", "--adjudicate", "0"],
        "invalid value '0' for '--adjudicate <CP>'",
    );
}

/// Issue 14 (four-player games): `coalition=N` sets the paranoid search's bound on a coalition
/// player's quiet moves, in a match as in UCI's `CoalitionMoves`.
#[test]
fn match_takes_the_coalition_bound() {
    let out = ok(&[
        "match",
        "cubic8-4",
        "--a",
        "search:depth=1,coalition=2",
        "--b",
        "search:depth=1,coalition=0",
        "--games",
        "4",
        "--max-plies",
        "8",
    ]);
    assert!(
        out.contains("A = search:depth=1,coalition=2, B = search:depth=1,coalition=0"),
        "{out}"
    );
    fails(
        &["match", "cubic8-4", "--a", "search:coalition=some"],
        "coalition=some",
    );
}

/// Issue 14 (seventeenth stop): `reductions=DIVISOR` replaces the variant's own late-move
/// reduction divisor, so that a match can compare two values; out of range, it is refused.
#[test]
fn match_takes_a_reduction_divisor() {
    let out = ok(&[
        "match",
        "orthodox",
        "--a",
        "search:depth=2,reductions=1.5",
        "--b",
        "search:depth=2",
        "--games",
        "2",
        "--max-plies",
        "6",
    ]);
    assert!(
        out.contains("A = search:depth=2,reductions=1.5, B = search:depth=2"),
        "{out}"
    );
    for bad in ["0.1", "nan", "two"] {
        fails(
            &[
                "match",
                "orthodox",
                "--a",
                &format!("search:reductions={bad}"),
            ],
            "expected a number from 0.5 to 8",
        );
    }
}
