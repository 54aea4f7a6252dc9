//! A UCI engine driven from the outside (`spacechess match --a uci:stockfish`): the process,
//! its handshake, and one move at a time, with time-outs so that a silent engine cannot hang a
//! match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the handshake (`uci` to `uciok`, `isready` to `readyok`) may take.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// A running UCI engine.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, or its command.
    pub name: String,
    /// The options the engine declared (`option name X ...`).
    pub options: Vec<String>,
}

/// What the engine said about one move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciReply {
    /// The `bestmove` token.
    pub best: String,
    /// The last `info ... score cp N` (or mate, as ±(100000 - plies)).
    pub score: Option<i32>,
    /// The last `info depth`.
    pub depth: Option<u32>,
}

impl UciEngine {
    /// Starts `command` (program and arguments) and completes the `uci` handshake.
    pub fn start(command: &[String]) -> Result<UciEngine, String> {
        let (program, args) = command.split_first().ok_or("an empty UCI engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start UCI engine '{}': {e}", command.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin for the engine")?;
        let stdout = child.stdout.take().ok_or("no stdout from the engine")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            name: command.join(" "),
            options: Vec::new(),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.line_before(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            } else if let Some(o) = line.strip_prefix("option name ") {
                engine.options.push(o.to_string());
            } else if line.trim() == "uciok" {
                break;
            }
        }
        Ok(engine)
    }

    /// True if the engine declared an option called `name` (case-insensitive).
    pub fn has_option(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        self.options.iter().any(|o| {
            let n = o.split(" type ").next().unwrap_or("");
            n.trim().to_ascii_lowercase() == lower
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("UCI engine '{}' is gone: {e}", self.name))
    }

    fn line_before(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "UCI engine '{}' did not answer in time (waiting for {waiting_for})",
                self.name
            )),
            Err(RecvTimeoutError::Disconnected) => Err(format!(
                "UCI engine '{}' stopped (waiting for {waiting_for})",
                self.name
            )),
        }
    }

    /// `setoption name NAME value VALUE`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `isready`, waiting for `readyok`.
    pub fn sync(&mut self) -> Result<(), String> {
        self.sync_lines().map(|_| ())
    }

    /// `isready`, waiting for `readyok`: the lines the engine wrote before it.
    pub fn sync_lines(&mut self) -> Result<Vec<String>, String> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut said = Vec::new();
        loop {
            let line = self.line_before(deadline, "readyok")?;
            if line.trim() == "readyok" {
                return Ok(said);
            }
            said.push(line);
        }
    }

    /// Sends `setoption` for each pair, then `isready`: an error naming the first line before
    /// `readyok` that reports a refused option (ours: `info string error: ...`; Stockfish's:
    /// `No such option: ...`).
    pub fn set_options(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (k, v) in options {
            self.set_option(k, v)?;
        }
        let said = self.sync_lines()?;
        match said.iter().find(|l| reports_an_error(l)) {
            Some(line) => Err(format!(
                "UCI engine '{}' refused its options: {}",
                self.name,
                line.trim()
            )),
            None => Ok(()),
        }
    }

    /// Sends `position` and `go` (its words), and waits until `bestmove` or `timeout`.
    pub fn best_move(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<UciReply, String> {
        self.send(position)?;
        self.send(&format!("go {go}"))?;
        let deadline = Instant::now() + timeout;
        let mut reply = UciReply::default();
        loop {
            let line = self.line_before(deadline, "bestmove")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    reply.best = words.get(1).unwrap_or(&"(none)").to_string();
                    return Ok(reply);
                }
                Some(&"info") => read_info(&words, &mut reply),
                _ => {}
            }
        }
    }
}

/// Takes the score and depth of an `info` line.
/// Whether an engine's line reports an error (a refused option or command).
fn reports_an_error(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("error") || l.contains("no such option") || l.contains("unknown option")
}

fn read_info(words: &[&str], reply: &mut UciReply) {
    let mut i = 1;
    while i + 1 < words.len() {
        match words[i] {
            "depth" => reply.depth = words[i + 1].parse().ok().or(reply.depth),
            "score" if i + 2 < words.len() => {
                let n: Option<i32> = words[i + 2].parse().ok();
                match (words[i + 1], n) {
                    ("cp", Some(cp)) => reply.score = Some(cp),
                    ("mate", Some(m)) => {
                        reply.score = Some(if m >= 0 { 100_000 - m } else { -100_000 - m })
                    }
                    _ => {}
                }
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give the engine a moment to leave on its own, then make sure it is gone.
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let mut r = UciReply::default();
        let line = "info depth 7 seldepth 12 score cp -35 nodes 100 pv e2e4";
        read_info(&line.split_whitespace().collect::<Vec<_>>(), &mut r);
        assert_eq!((r.depth, r.score), (Some(7), Some(-35)));
        let line = "info depth 9 score mate -3 nodes 5";
        read_info(&line.split_whitespace().collect::<Vec<_>>(), &mut r);
        assert_eq!((r.depth, r.score), (Some(9), Some(-99_997)));
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let e = UciEngine::start(&["/nonexistent/engine".to_string()]).err();
        assert!(e.unwrap().contains("cannot start UCI engine"));
        assert!(UciEngine::start(&[]).is_err());
    }
}
