//! `spacechess perft`: the number of leaf nodes of the legal-move tree, optionally per root move
//! (`--divide`), with the root moves shared among threads and progress on a terminal.

use super::position_after;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::{perft, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Counts the leaves `depth` plies below the position.
pub struct Perft<'a> {
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// Plies.
    pub depth: u32,
    /// Print each root move with its count.
    pub divide: bool,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Show progress on stderr (a terminal) once the run takes a while.
    pub progress: bool,
}

/// Reads a depth: a whole number of plies.
pub fn parse_depth(s: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .map_err(|_| "expected a whole number of plies (0, 1, 2, ...)".to_string())
}

/// Progress shown on stderr: one line, rewritten in place, only after the run has taken a moment.
struct Progress {
    enabled: bool,
    shown: bool,
    start: Instant,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(300);

    fn update(&mut self, done: usize, total: usize, last: &str, nodes: u64) {
        if !self.enabled || self.start.elapsed() < Self::DELAY {
            return;
        }
        self.shown = true;
        let secs = self.start.elapsed().as_secs_f64();
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[Kperft: {done}/{total} root moves done (last {last}), {nodes} nodes, {secs:.1} s"
        );
        let _ = err.flush();
    }

    fn finish(&mut self, nodes: u64) {
        if !self.enabled || !self.shown {
            return;
        }
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
        eprintln!("\r\x1b[Kperft: {nodes} nodes in {secs:.2} s ({rate:.0} nodes/s)");
    }
}

/// Each root move's text with its leaf count, in move-generation order, computed by `threads`
/// workers taking root moves in turn; `progress` is told of every finished root move.
fn divide_with_progress<V: Variant>(
    v: &V,
    pos: &V::Position,
    depth: u32,
    threads: usize,
    progress: &mut Progress,
) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| v.move_text(pos, m)).collect();
    let mut counts = vec![0u64; moves.len()];
    if depth <= 1 {
        counts.iter_mut().for_each(|c| *c = 1);
    } else {
        let next = AtomicUsize::new(0);
        let workers = threads.clamp(1, moves.len().max(1));
        let (tx, rx) = mpsc::channel::<(usize, u64)>();
        std::thread::scope(|s| {
            for _ in 0..workers {
                let tx = tx.clone();
                let (next, moves) = (&next, &moves);
                s.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= moves.len() {
                        break;
                    }
                    let n = perft(v, &v.play(pos, &moves[i]), depth - 1);
                    if tx.send((i, n)).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            let mut nodes = 0;
            for (done, (i, n)) in rx.iter().enumerate() {
                counts[i] = n;
                nodes += n;
                progress.update(done + 1, moves.len(), &texts[i], nodes);
            }
        });
    }
    texts.into_iter().zip(counts).collect()
}

impl VariantVisitor for Perft<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let pos = position_after(v, self.position, self.moves)?;
        let mut progress = Progress {
            enabled: self.progress,
            shown: false,
            start: Instant::now(),
        };
        let mut out = String::new();
        let total = if self.depth == 0 {
            1
        } else {
            let mut per_move =
                divide_with_progress(v, &pos, self.depth, self.threads, &mut progress);
            per_move.sort();
            if self.divide {
                for (text, n) in &per_move {
                    out.push_str(&format!("{text}: {n}\n"));
                }
                out.push('\n');
            }
            per_move.iter().map(|(_, n)| n).sum()
        };
        progress.finish(total);
        out.push_str(&format!("{total}\n"));
        Ok(out)
    }
}
