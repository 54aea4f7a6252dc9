//! `spacechess uci` driven as a GUI drives it (issue 14 item 1): the handshake, every variant
//! through `UCI_Variant`, positions and moves in the variant's own text, `go` with each kind of
//! limit, `stop` during `go infinite`, rule options, and errors that never end the session.
//! Also `spacechess match` between our search, a random mover and our own UCI engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running `spacechess uci`.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine alive");
        self.stdin.flush().expect("flush");
    }

    /// Every line up to and including the first that starts with `word` (60 s at most).
    fn until(&mut self, word: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{word}' within 60 s; got {out:#?}"));
            let done = line.split_whitespace().next() == Some(word);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// Sends `bad` and `isready`: the answer before `readyok` must hold an `info string error`.
    fn refused(&mut self, bad: &str) {
        self.send(bad);
        self.send("isready");
        let lines = self.until("readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string error")),
            "'{bad}' gave no error: {lines:#?}"
        );
    }

    /// The `bestmove` token after `go ...`, with the lines before it.
    fn go(&mut self, limits: &str) -> (String, Vec<String>) {
        self.send(&format!("go {limits}"));
        let lines = self.until("bestmove");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        (best.to_string(), lines)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `spacechess ARGS`, which must succeed: its standard output.
fn succeeds(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn legal(variant: &str, moves: &[&str]) -> Vec<String> {
    let v = spacechess::variant(variant).unwrap();
    let pos = v.play(&v.start(), moves).unwrap();
    v.legal_moves(&pos)
        .unwrap()
        .into_iter()
        .map(|m| m.split_whitespace().collect())
        .collect()
}

#[test]
fn handshake_declares_every_variant_and_the_options() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name spacechess")));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default orthodox"))
        .expect("UCI_Variant declared");
    for (name, _) in spacechess::VARIANTS {
        assert!(
            variant.contains(&format!(" var {name}")),
            "{name} missing from {variant}"
        );
    }
    for option in [
        "Hash type spin",
        "Threads type spin",
        "RuleOptions type string",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(option)),
            "{option} not declared"
        );
    }
    s.send("isready");
    assert_eq!(s.until("readyok"), ["readyok"]);
    s.send("quit");
    let status = s.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn go_searches_the_position_given_and_reports_info() {
    let mut s = Session::start();
    s.send("uci");
    s.until("uciok");
    s.send("ucinewgame");
    s.send("position startpos moves e2e4 e7e5");
    let (best, lines) = s.go("depth 4");
    assert!(
        legal("orthodox", &["e2e4", "e7e5"]).contains(&best),
        "{best}"
    );
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "one info per iteration: {lines:#?}");
    for (i, l) in infos.iter().enumerate() {
        assert!(
            l.starts_with(&format!("info depth {} seldepth", i + 1)),
            "{l}"
        );
        for field in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(l.contains(field), "{field} missing: {l}");
        }
    }
    // Fool's mate: Black mates in one, reported as a mate score.
    s.send("position startpos moves f2f3 e7e5 g2g4");
    let (best, lines) = s.go("depth 3");
    assert_eq!(best, "d8h4");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:#?}"
    );
    // A FEN position, and the other limits.
    s.send("position fen 4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1");
    assert_eq!(s.go("nodes 20000").0, "d1d5");
    assert_eq!(s.go("movetime 300").0, "d1d5");
    let (best, _) = s.go("wtime 2000 btime 2000 winc 10 binc 10");
    assert_eq!(best, "d1d5");
    s.send("position startpos");
    s.send("setoption name Threads value 2");
    s.send("setoption name Hash value 4");
    // The exchange test of the quiescence search (off by default) can be turned on.
    s.send("setoption name ExchangePruning value true");
    let (best, _) = s.go("depth 5");
    assert!(legal("orthodox", &[]).contains(&best));
}

#[test]
fn stop_ends_an_infinite_search_at_once_and_isready_answers_during_it() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let before = s.until("readyok");
    assert!(before.iter().all(|l| !l.starts_with("bestmove")));
    let t = Instant::now();
    s.send("stop");
    s.until("bestmove");
    assert!(t.elapsed() < Duration::from_secs(10));
}

/// docs/uci.md, `MultiPV`: each depth reports its lines, numbered from 1, each beginning with a
/// different move; the best line's first move is played; a bad value is refused.
#[test]
fn multi_pv_reports_each_line_with_its_number() {
    let mut s = Session::start();
    s.send("setoption name MultiPV value 3");
    s.send("position startpos moves e2e4 e7e5");
    let (best, lines) = s.go("depth 4");
    for depth in 1..=4 {
        let first: Vec<&str> = (1..=3)
            .map(|k| {
                let head = format!("info depth {depth} ");
                let tag = format!(" multipv {k} ");
                let line = lines
                    .iter()
                    .find(|l| l.starts_with(&head) && l.contains(&tag))
                    .unwrap_or_else(|| panic!("no line {k} at depth {depth}: {lines:#?}"));
                line.split(" pv ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
            })
            .collect();
        assert!(first[0] != first[1] && first[1] != first[2] && first[0] != first[2]);
        if depth == 4 {
            assert_eq!(first[0], best);
        }
    }
    s.refused("setoption name MultiPV value 0");
    s.refused("setoption name MultiPV value many");
    s.send("setoption name MultiPV value 1");
    let (_, lines) = s.go("depth 2");
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:#?}");
}

/// docs/uci.md, `go searchmoves`: only the moves listed are searched; a move that is not legal
/// is an error; `bestmove` names the reply expected (`ponder`).
#[test]
fn search_moves_restrict_the_answer_and_bestmove_names_the_reply() {
    let mut s = Session::start();
    // White can take the queen (d1d5) but is told to consider king moves only.
    s.send("position fen 4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1");
    let (best, lines) = s.go("depth 4 searchmoves e1e2 e1f2");
    assert!(["e1e2", "e1f2"].contains(&best.as_str()), "{best}");
    let last = lines.last().unwrap();
    assert!(last.contains(" ponder "), "{last}");
    // The next `go` is not restricted.
    assert_eq!(s.go("depth 4").0, "d1d5");
    s.send("go depth 3 searchmoves e1e2 d1d9");
    let lines = s.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:#?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    // A depth beyond the deepest is said, not silently changed.
    s.send("go depth 99 nodes 2000");
    let lines = s.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string go depth 99")),
        "{lines:#?}"
    );
}

/// docs/uci.md, pondering: `go ponder` answers only after `ponderhit` (then within the clock's
/// time) or `stop`, even when its search ends first.
#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4");
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(600));
    s.send("isready");
    let before = s.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:#?}"
    );
    let t = Instant::now();
    s.send("ponderhit");
    s.until("bestmove");
    // The clock aims at about a thirtieth of a second here; allow a slow machine.
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    // A search that ends by itself (depth 2) still waits.
    s.send("go ponder depth 2");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let before = s.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:#?}"
    );
    s.send("stop");
    s.until("bestmove");
    s.send("go ponder depth 2");
    s.send("ponderhit");
    s.until("bestmove");
    s.send("uci");
    let lines = s.until("uciok");
    assert!(lines
        .iter()
        .any(|l| l == "option name Ponder type check default false"));
}

#[test]
fn every_variant_is_reached_by_uci_variant_with_its_own_moves() {
    let mut s = Session::start();
    for (variant, opening) in [
        ("goff", "N-K3,2"),
        ("raumschach", "Ab1-Ac3"),
        ("sphinx", "i16-i12"),
        ("spectral", "h2-h4"),
        ("cubic8-4", "H2White-H4White"),
    ] {
        s.send(&format!("setoption name UCI_Variant value {variant}"));
        s.send(&format!("position startpos moves {opening}"));
        let (best, _) = s.go("depth 1");
        let line = [opening];
        let after: Vec<&str> = if variant == "goff" {
            vec!["N - K3,2"]
        } else {
            line.to_vec()
        };
        assert!(
            legal(variant, &after).contains(&best),
            "{variant}: {best} is not legal"
        );
    }
}

#[test]
fn rule_options_are_set_by_name_or_together() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value raumschach");
    s.send("go perft 1");
    assert!(s.until("Nodes").last().unwrap().ends_with(" 61"));
    s.send("setoption name pawn_double_step value true");
    s.send("go perft 1");
    assert!(s.until("Nodes").last().unwrap().ends_with(" 76"));
    s.send("setoption name RuleOptions value pawn_double_step=false");
    s.send("go perft 1");
    assert!(s.until("Nodes").last().unwrap().ends_with(" 61"));
    s.send("uci");
    let lines = s.until("uciok");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name pawn_double_step type string")));
}

#[test]
fn bad_input_is_reported_and_the_session_goes_on() {
    let mut s = Session::start();
    for bad in [
        "position fen garbage",
        "position sideways",
        "position startpos moves e2e5",
        "setoption name Hash value 0",
        "setoption name Hash value 16385",
        "setoption name UCI_Variant value checkers",
        "setoption name NoSuchOption value 1",
        "setoption name NullMove value maybe",
        "setoption name ExchangePruning value sometimes",
        "setoption name CoalitionMoves value -1",
        "frobnicate",
        "position startpos moves \u{e9}4",
    ] {
        s.send(bad);
        s.send("isready");
        let lines = s.until("readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string")),
            "'{bad}' gave no message: {lines:#?}"
        );
    }
    let (best, lines) = s.go("depth x");
    assert_eq!(best, "(none)");
    assert!(lines[0].starts_with("info string error: go depth"));
    // Still the start position, still searching.
    let (best, _) = s.go("depth 2");
    assert!(legal("orthodox", &[]).contains(&best));
}

#[test]
fn a_match_against_our_own_uci_engine_and_a_random_mover() {
    let bin = env!("CARGO_BIN_EXE_spacechess");
    let uci = format!("uci:{bin} uci");
    let text = succeeds(&[
        "match",
        "orthodox",
        "--a",
        "search:depth=2",
        "--b",
        &uci,
        "--games",
        "2",
        "--tc",
        "depth=1",
        "--max-plies",
        "40",
    ]);
    assert!(text.contains("pairs (A's points"), "{text}");
    assert!(text.contains("Elo A - B:"), "{text}");
    let out = Command::new(bin)
        .args([
            "match",
            "raumschach",
            "--a",
            "search:depth=1",
            "--b",
            "random",
            "--games",
            "2",
            "--max-plies",
            "30",
            "--sprt",
            "0,50",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("SPRT elo0 0 elo1 50"), "{text}");
    // Bad engines and time controls are one-line errors.
    for (args, needle) in [
        (
            vec!["--a", "uci:/nonexistent/engine"],
            "cannot start UCI engine",
        ),
        (vec!["--a", "search:depth=0"], "depth=0"),
        (vec!["--a", "search:fast=yes"], "unknown key"),
        (vec!["--tc", "1+x"], "SECONDS+INCREMENT"),
        (vec!["--sprt", "5,0"], "ELO0,ELO1"),
    ] {
        let mut all = vec!["match", "orthodox", "--games", "2"];
        if !args.contains(&"--a") {
            all.extend(["--a", "random"]);
        }
        all.extend(["--b", "random"]);
        all.extend(args.iter());
        let out = Command::new(bin).args(&all).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}

/// Errors never end the session and leave the settings as they were (docs/uci.md): a rule option
/// the variant refuses keeps the options already set and the position.
#[test]
fn a_refused_rule_option_keeps_the_options_and_the_position() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value raumschach");
    s.send("setoption name pawn_double_step value true");
    s.send("go perft 1");
    assert!(s.until("Nodes").last().unwrap().ends_with(" 76"));
    s.send("position startpos moves Ab2-Ab4");
    s.send("go perft 1");
    let after_move = s.until("Nodes").last().unwrap().clone();
    for bad in [
        "setoption name pawn_double_step value maybe",
        "setoption name RuleOptions value x=1",
    ] {
        s.refused(bad);
        s.send("go perft 1");
        assert_eq!(s.until("Nodes").last().unwrap(), &after_move, "{bad}");
    }
}

/// The end of the input (a GUI gone) stops a search that waits for `stop`; a search with limits
/// finishes and answers. Either way the engine exits.
#[test]
fn the_end_of_the_input_ends_the_session() {
    for (script, answers) in [
        ("go infinite\n", true),
        ("position startpos moves e2e4\ngo depth 3\n", true),
        ("uci\n", false),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(script.as_bytes()).expect("written");
        drop(stdin);
        let deadline = Instant::now() + Duration::from_secs(30);
        while child.try_wait().expect("waits").is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("'{script}': still running 30 s after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().expect("output");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.contains("bestmove "), answers, "'{script}': {text}");
        if answers {
            let best = text
                .lines()
                .last()
                .unwrap()
                .split_whitespace()
                .nth(1)
                .unwrap();
            assert_ne!(best, "(none)", "'{script}': {text}");
        }
    }
}

/// `match --option` reaches a UCI engine (as `RuleOptions`): with Raumschach's double step on,
/// our own UCI engine follows the random mover's double steps instead of forfeiting.
#[test]
fn a_match_gives_its_rule_options_to_uci_engines() {
    let bin = env!("CARGO_BIN_EXE_spacechess");
    let uci = format!("uci:{bin} uci");
    let text = succeeds(&[
        "match",
        "raumschach",
        "--a",
        &uci,
        "--b",
        "random",
        "--games",
        "2",
        "--tc",
        "depth=1",
        "--max-plies",
        "30",
        "--option",
        "pawn_double_step=true",
    ]);
    assert!(!text.contains("forfeit"), "{text}");
    // A rule file cannot be given to a UCI engine: refused before any game.
    let rules = std::env::temp_dir().join(format!("uci-rules-{}.ron", std::process::id()));
    std::fs::write(&rules, "()").unwrap();
    let out = Command::new(bin)
        .args([
            "match",
            "raumschach",
            "--a",
            &format!("uci:{bin} uci"),
            "--b",
            "random",
        ])
        .args(["--games", "2", "--rules", rules.to_str().unwrap()])
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&rules);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("cannot be given a rules file"), "{err}");
    // An option the engine refuses is an error before any game, not a match on other settings.
    let out = Command::new(bin)
        .args([
            "match",
            "orthodox",
            "--a",
            &format!("{uci};Hash=abc"),
            "--b",
            "random",
        ])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("refused its options: info string error: option Hash"),
        "{err}"
    );
}

/// An opening longer than the game (random plies past a draw rule, from a given position) stops
/// where the game ends, and the match goes on.
#[test]
fn an_opening_longer_than_the_game_stops_where_the_game_ends() {
    let bin = env!("CARGO_BIN_EXE_spacechess");
    for args in [
        vec![
            "-p",
            "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
            "--opening-plies",
            "2",
        ],
        vec!["--opening-plies", "1000"],
    ] {
        let out = Command::new(bin)
            .args(["match", "orthodox", "--a", "random", "--b", "random"])
            .args(["--games", "2", "--tc", "10"])
            .args(&args)
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `spacechess uci chess` starts on orthodox, as `UCI_Variant chess` does (Fairy-Stockfish's
/// name, which python-chess sends).
#[test]
fn chess_names_orthodox_on_the_command_line_too() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["uci", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"go depth 1\n").expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let best = text
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    assert!(legal("orthodox", &[]).contains(&best.to_string()), "{text}");
}

/// A UCI engine that dies in a match forfeits the game it was playing; the match then stops with
/// an error, and the games played are still reported.
#[test]
fn a_match_whose_engine_dies_reports_the_games_played() {
    use std::os::unix::fs::PermissionsExt;
    let script = std::env::temp_dir().join(format!("dies-on-go-{}.sh", std::process::id()));
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
         go*) exit 3;; esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let engine = format!("uci:{}", script.display());
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["match", "orthodox", "--a", &engine, "--b", "random"])
        .args(["--games", "4", "--tc", "50"])
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&script);
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("the match stopped after 1 of 4 games: engine A"),
        "{err}"
    );
    assert!(text.contains("failed to move (forfeit)"), "{text}");
    assert!(text.contains("0 wins, 0 draws, 1 losses"), "{text}");
}

/// A finished game answers at once with its score for the side to move, as Stockfish does:
/// `mate 0` when checkmated, `cp 0` when stalemated, then `bestmove (none)`.
#[test]
fn a_finished_game_reports_its_score() {
    let mut s = Session::start();
    for (fen, score) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"),
    ] {
        s.send(&format!("position fen {fen}"));
        let (best, lines) = s.go("depth 3");
        assert_eq!(best, "(none)", "{fen}");
        assert_eq!(lines[0], format!("info depth 0 {score}"), "{fen}");
    }
}
