//! `spacechess uci`: the engine over the Universal Chess Interface, for GUIs, match runners and
//! scripts. Every variant is reached with the `UCI_Variant` option (as Fairy-Stockfish does);
//! positions and moves are the variant's own text (docs/uci.md).
//!
//! Two threads: this one reads standard input, answers `isready` at once while a search runs,
//! and turns `stop` and `quit` into a flag the search polls; the engine thread takes every other
//! command in order, so `setoption`, `position` and `go` apply in the order they were sent.

use crate::error::CliError;
use crate::registry::{VariantVisitor, VARIANTS};
use spacechess::search::{
    Limits, SearchInfo, SearchOptions, Searcher, MATE, MATE_BOUND, MAX_HASH_MIB,
};
use spacechess::Variant;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("spacechess ", env!("CARGO_PKG_VERSION"));
/// Largest `Hash` in MiB (the table's largest size: 2^30 slots of 16 bytes).
const MAX_HASH: usize = MAX_HASH_MIB;
/// Largest `Threads`.
const MAX_THREADS: usize = 256;
/// Largest `MultiPV`.
const MAX_MULTI_PV: usize = 256;
/// The deepest `go depth` (deeper is searched as this, with an `info string`).
const MAX_GO_DEPTH: u64 = 48;

/// Writes one line to standard output and flushes it (both threads write whole lines).
fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs a UCI session on standard input and output until `quit` or the end of the input.
/// `variant` is the initial `UCI_Variant`.
pub fn run(variant: &str) -> Result<(), CliError> {
    // `chess` is orthodox's name for Fairy-Stockfish's clients, as in `UCI_Variant`.
    let variant = if variant == "chess" {
        "orthodox"
    } else {
        variant
    };
    if !VARIANTS.iter().any(|(n, _)| *n == variant) {
        return Err(CliError::new(format!(
            "unknown variant '{variant}' (see `spacechess variants`)"
        )));
    }
    let flags = Arc::new(Flags::default());
    let (tx, rx) = channel::<String>();
    let engine = {
        let flags = flags.clone();
        let settings = Settings::new(variant);
        std::thread::spawn(move || engine_thread(settings, rx, &flags))
    };
    let stdin = std::io::stdin();
    let mut buf = Vec::new();
    let mut input = stdin.lock();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                // The end of the input: a search that waits for `stop` (`go infinite`) is
                // stopped; one with limits finishes and answers, then the engine quits.
                flags.end_of_input();
                break;
            }
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf).trim().to_string();
        let word = line.split_whitespace().next().unwrap_or("");
        match word {
            "" => continue,
            "stop" => {
                flags.stop_all();
                continue;
            }
            "quit" => {
                flags.stop_all();
                break;
            }
            "isready" if flags.searching() => {
                send("readyok");
                continue;
            }
            "ponderhit" => {
                flags.ponderhit.store(true, Ordering::SeqCst);
                continue;
            }
            "go" => {
                // A `ponderhit` belongs to the `go` before it.
                flags.ponderhit.store(false, Ordering::SeqCst);
                flags.sent.fetch_add(1, Ordering::SeqCst);
            }
            _ => {}
        }
        if tx.send(line).is_err() {
            break;
        }
    }
    drop(tx);
    let _ = engine.join();
    Ok(())
}

/// The flags the input thread and the engine thread share. Searches are numbered in the order
/// their `go` was read; a `stop` stops every search sent before it (so that a script may send
/// `go`, `stop` and `go` again without waiting).
#[derive(Default)]
struct Flags {
    /// `go` commands read.
    sent: AtomicU64,
    /// `go` commands whose search has ended (their `bestmove` printed).
    done: AtomicU64,
    /// Searches up to this number are to stop.
    stopped_upto: AtomicU64,
    /// The running search's stop flag.
    stop: AtomicBool,
    /// The running search waits for `stop` (`go infinite`).
    infinite: AtomicBool,
    /// The input has ended: no `stop` will come.
    eof: AtomicBool,
    /// `ponderhit` came after the last `go` (`go ponder`: the move pondered on was played).
    ponderhit: AtomicBool,
}

impl Flags {
    fn stop_all(&self) {
        self.stopped_upto
            .store(self.sent.load(Ordering::SeqCst), Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The input has ended: a search waiting for `stop` is stopped now, and any later one at once.
    fn end_of_input(&self) {
        self.eof.store(true, Ordering::SeqCst);
        if self.infinite.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// The search that has begun waits for `stop` (or not); stopped at once if the input has
    /// ended (no `stop` will come).
    fn waits_for_stop(&self, infinite: bool) {
        self.infinite.store(infinite, Ordering::SeqCst);
        if infinite && self.eof.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    fn searching(&self) -> bool {
        self.done.load(Ordering::SeqCst) < self.sent.load(Ordering::SeqCst)
    }

    /// Called as search number `done + 1` starts: sets its stop flag if a `stop` came after
    /// its `go`.
    fn begin(&self) {
        let n = self.done.load(Ordering::SeqCst) + 1;
        let stopped = self.stopped_upto.load(Ordering::SeqCst) >= n;
        self.stop.store(stopped, Ordering::SeqCst);
    }

    fn end(&self) {
        self.infinite.store(false, Ordering::SeqCst);
        self.done.fetch_add(1, Ordering::SeqCst);
    }
}

/// What survives a change of variant.
#[derive(Clone, Debug)]
struct Settings {
    variant: String,
    rule_options: Vec<(String, String)>,
    hash_mib: usize,
    search: SearchOptions,
}

impl Settings {
    fn new(variant: &str) -> Settings {
        Settings {
            variant: variant.to_string(),
            rule_options: Vec::new(),
            hash_mib: 16,
            search: SearchOptions::default(),
        }
    }
}

/// Why a session on one variant ended.
enum Next {
    /// The variant or its rule options changed: start again with these settings.
    Switch(Settings),
    /// `quit` or the end of the input.
    Quit,
}

fn engine_thread(mut settings: Settings, rx: Receiver<String>, flags: &Flags) {
    loop {
        let config = spacechess::Config {
            options: settings.rule_options.clone(),
            ..spacechess::Config::default()
        };
        let session = Session {
            settings: settings.clone(),
            rx: &rx,
            flags,
        };
        let next = match spacechess::with_variant(&settings.variant, &config, session) {
            Ok(next) => next,
            Err(e) => {
                // A rule option the variant refuses: back to its defaults.
                send(&format!("info string error: {e}; rule options reset"));
                settings.rule_options.clear();
                continue;
            }
        };
        match next {
            Next::Switch(s) => settings = s,
            Next::Quit => return,
        }
    }
}

/// A UCI session on one variant.
struct Session<'a> {
    settings: Settings,
    rx: &'a Receiver<String>,
    flags: &'a Flags,
}

impl VariantVisitor for Session<'_> {
    type Output = Next;

    fn visit<V: Variant + 'static>(self, v: V) -> Next {
        let mut settings = self.settings;
        let mut searcher = Searcher::with_hash_mib(&v, settings.hash_mib);
        searcher.set_keep_table(true);
        searcher.set_options(settings.search);
        // The current position and every earlier one of the game (for repetitions).
        let mut pos = v.start();
        let mut earlier: Vec<V::Position> = Vec::new();
        while let Ok(line) = self.rx.recv() {
            let mut words = line.split_whitespace();
            let command = words.next().unwrap_or("");
            let rest: Vec<&str> = words.collect();
            match command {
                "uci" => {
                    send(&format!("id name {ENGINE_NAME}"));
                    send("id author the spacechess developers");
                    for option in option_lines(&settings) {
                        send(&option);
                    }
                    send("uciok");
                }
                "isready" => send("readyok"),
                "ucinewgame" => {
                    searcher.clear();
                    pos = v.start();
                    earlier.clear();
                }
                "setoption" => {
                    let before = settings.clone();
                    match set_option(&mut settings, &line) {
                        Ok(Change::None) => {}
                        Ok(Change::Search) => {
                            searcher.set_options(settings.search);
                        }
                        Ok(Change::Hash) => {
                            match Searcher::try_with_hash_mib(&v, settings.hash_mib) {
                                Some(s) => searcher = s,
                                None => {
                                    send(&format!(
                                        "info string error: Hash: cannot have {} MiB of memory; \
                                         the table stays {} MiB",
                                        settings.hash_mib, before.hash_mib
                                    ));
                                    settings = before;
                                }
                            }
                            searcher.set_keep_table(true);
                            searcher.set_options(settings.search);
                        }
                        Ok(Change::Variant) => match rules_refused(&before, &settings) {
                            // A rule option the variant refuses: the previous options, position
                            // and settings stay.
                            Some(e) => {
                                send(&format!("info string error: {e}"));
                                settings = before;
                            }
                            None => return Next::Switch(settings),
                        },
                        Err(e) => send(&format!("info string error: {e}")),
                    }
                }
                "position" => match read_position(&v, &rest) {
                    Ok((p, e)) => {
                        pos = p;
                        earlier = e;
                    }
                    Err(e) => send(&format!("info string error: {e}")),
                },
                "go" => {
                    self.flags.begin();
                    let last = match go(&v, &mut searcher, &pos, &earlier, &rest, self.flags) {
                        Ok(last) => last,
                        Err(e) => {
                            send(&format!("info string error: {e}"));
                            "bestmove (none)".to_string()
                        }
                    };
                    // The search is over before its last line is sent: an `isready` sent after
                    // it is then answered in turn, after the commands before it.
                    self.flags.end();
                    send(&last);
                }
                "d" => {
                    send(&v.draw(&pos));
                    send(&format!("position {}", v.position_text(&pos)));
                }
                "quit" => return Next::Quit,
                _ => send(&format!("info string unknown command '{command}'")),
            }
        }
        Next::Quit
    }
}

/// Why the variant refuses the rule options of `after`, if it does, when only they changed
/// (a new `UCI_Variant` starts from its defaults, which it always takes).
fn rules_refused(before: &Settings, after: &Settings) -> Option<String> {
    if before.variant != after.variant {
        return None;
    }
    let config = spacechess::Config {
        options: after.rule_options.clone(),
        ..spacechess::Config::default()
    };
    spacechess::variant_with(&after.variant, &config)
        .err()
        .map(|e| format!("{e}; the rule options stay as they were"))
}

/// The rule options of a variant (the catalogue's).
fn variant_options(variant: &str) -> Vec<spacechess::OptionInfo> {
    spacechess::catalog()
        .into_iter()
        .find(|v| v.name == variant)
        .map(|v| v.options)
        .unwrap_or_default()
}

/// The `option` lines of the `uci` reply: the engine's, then the current variant's rule options
/// (each also settable by name).
fn option_lines(settings: &Settings) -> Vec<String> {
    let mut names: Vec<String> = VARIANTS.iter().map(|(n, _)| format!("var {n}")).collect();
    names.push("var chess".into());
    let d = SearchOptions::default();
    let mut lines = vec![
        format!(
            "option name UCI_Variant type combo default {} {}",
            settings.variant,
            names.join(" ")
        ),
        format!("option name Hash type spin default 16 min 1 max {MAX_HASH}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name Clear Hash type button".to_string(),
        "option name Ponder type check default false".to_string(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
        "option name RuleOptions type string default <empty>".to_string(),
        format!("option name NullMove type check default {}", d.null_move),
        format!(
            "option name LateMoveReductions type check default {}",
            d.late_move_reductions
        ),
        format!("option name Aspiration type check default {}", d.aspiration),
        format!("option name Futility type check default {}", d.futility),
        format!(
            "option name ExchangePruning type check default {}",
            d.exchange_pruning
        ),
        format!(
            "option name CoalitionMoves type spin default {} min 0 max {MAX_COALITION}",
            d.coalition_moves
        ),
    ];
    for o in variant_options(&settings.variant) {
        let value = settings
            .rule_options
            .iter()
            .rev()
            .find(|(k, _)| *k == o.name)
            .map_or(o.default.as_str(), |(_, v)| v.as_str());
        let value = if value.is_empty() { "<empty>" } else { value };
        lines.push(format!(
            "option name {} type string default {value}",
            o.name
        ));
    }
    lines
}

/// What a `setoption` changed.
enum Change {
    None,
    Search,
    Hash,
    Variant,
}

/// Reads `on`/`off` style values of check options.
fn check_value(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!(
            "option {name}: expected true or false, found '{value}'"
        )),
    }
}

/// The largest `CoalitionMoves` (0 means every move).
const MAX_COALITION: usize = 10_000;

fn spin_value(name: &str, value: &str, max: usize) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "option {name}: expected a number from 1 to {max}, found '{value}'"
        )),
    }
}

/// Reads a rule option list: `key=value` pairs separated by commas or spaces.
fn rule_options(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for item in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "<empty>")
    {
        match item.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                out.push((k.trim().to_string(), v.trim().to_string()))
            }
            _ => return Err(format!("RuleOptions: expected key=value, found '{item}'")),
        }
    }
    Ok(out)
}

/// Applies `setoption name NAME [value VALUE]`. An option of the variant's rules (its
/// `key=value` options, as `--option` takes them) may also be set by its own name.
fn set_option(s: &mut Settings, line: &str) -> Result<Change, String> {
    let rest = line
        .trim_start()
        .strip_prefix("setoption")
        .unwrap_or("")
        .trim();
    let rest = rest
        .strip_prefix("name")
        .ok_or("expected 'setoption name NAME value VALUE'")?
        .trim();
    let (name, value) = match rest.find(" value") {
        Some(i) => (rest[..i].trim(), rest[i + " value".len()..].trim()),
        None => (rest, ""),
    };
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            // `chess` is orthodox's name in Fairy-Stockfish and the clients that follow it
            // (python-chess sends it whenever the engine declares UCI_Variant).
            let value = if value == "chess" { "orthodox" } else { value };
            if !VARIANTS.iter().any(|(n, _)| *n == value) {
                return Err(format!(
                    "UCI_Variant: unknown variant '{value}' (see `spacechess variants`)"
                ));
            }
            if value == s.variant {
                return Ok(Change::None);
            }
            s.variant = value.to_string();
            s.rule_options.clear();
            Ok(Change::Variant)
        }
        "hash" => {
            s.hash_mib = spin_value("Hash", value, MAX_HASH)?;
            Ok(Change::Hash)
        }
        "clear hash" => Ok(Change::Hash),
        "threads" => {
            s.search.threads = spin_value("Threads", value, MAX_THREADS)?;
            Ok(Change::Search)
        }
        "nullmove" => {
            s.search.null_move = check_value("NullMove", value)?;
            Ok(Change::Search)
        }
        "latemovereductions" => {
            s.search.late_move_reductions = check_value("LateMoveReductions", value)?;
            Ok(Change::Search)
        }
        "aspiration" => {
            s.search.aspiration = check_value("Aspiration", value)?;
            Ok(Change::Search)
        }
        "futility" => {
            s.search.futility = check_value("Futility", value)?;
            Ok(Change::Search)
        }
        "exchangepruning" => {
            s.search.exchange_pruning = check_value("ExchangePruning", value)?;
            Ok(Change::Search)
        }
        "coalitionmoves" => {
            s.search.coalition_moves = match value.trim().parse::<usize>() {
                Ok(n) if n <= MAX_COALITION => n,
                _ => {
                    return Err(format!(
                        "option CoalitionMoves: expected a number from 0 to {MAX_COALITION}, \
                         found '{value}'"
                    ))
                }
            };
            Ok(Change::Search)
        }
        "ruleoptions" => {
            s.rule_options = rule_options(value)?;
            Ok(Change::Variant)
        }
        "multipv" => {
            s.search.multi_pv = match value.trim().parse::<usize>() {
                Ok(n) if (1..=MAX_MULTI_PV).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "option MultiPV: expected a number from 1 to {MAX_MULTI_PV}, \
                         found '{value}'"
                    ))
                }
            };
            Ok(Change::Search)
        }
        "ponder" | "uci_analysemode" | "uci_chess960" | "move overhead" => Ok(Change::None),
        _ => {
            // One of the variant's rule options by its own name.
            if variant_options(&s.variant).iter().any(|o| o.name == name) {
                s.rule_options.retain(|(k, _)| k != name);
                s.rule_options.push((name.to_string(), value.to_string()));
                Ok(Change::Variant)
            } else {
                Err(format!("unknown option '{name}'"))
            }
        }
    }
}

/// A move as one UCI token: the variant's move text without its spaces (Goff's `N - K3,2` is
/// `N-K3,2`).
fn move_token(text: &str) -> String {
    text.split_whitespace().collect()
}

/// Reads one move token in `pos`: the variant's notation, or a legal move's text without spaces.
fn read_move<V: Variant>(v: &V, pos: &V::Position, token: &str) -> Result<V::Move, String> {
    match v.parse_move(pos, token) {
        Ok(m) => Ok(m),
        Err(e) => v
            .legal_moves_vec(pos)
            .into_iter()
            .find(|m| move_token(&v.move_text(pos, m)) == token)
            .ok_or_else(|| e.to_string()),
    }
}

/// Reads `position startpos|fen TEXT [moves M1 M2 ...]` (the words after `position`): the
/// position and every earlier one.
#[allow(clippy::type_complexity)]
fn read_position<V: Variant>(
    v: &V,
    words: &[&str],
) -> Result<(V::Position, Vec<V::Position>), String> {
    let split = words.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut pos = match head.first() {
        Some(&"startpos") if head.len() == 1 => v.start(),
        Some(&"fen") if head.len() > 1 => {
            let text = head[1..].join(" ");
            v.parse_position(&text)
                .map_err(|e| format!("bad position '{text}': {e}"))?
        }
        _ => return Err("expected 'position startpos|fen TEXT [moves ...]'".into()),
    };
    let mut earlier = Vec::with_capacity(moves.len());
    for (i, token) in moves.iter().enumerate() {
        let m = read_move(v, &pos, token).map_err(|e| format!("move {} '{token}': {e}", i + 1))?;
        let next = v.play(&pos, &m);
        earlier.push(std::mem::replace(&mut pos, next));
    }
    Ok((pos, earlier))
}

/// A `go` command read (before its moves are read in the position).
#[derive(Debug, Default)]
struct GoCommand {
    /// The search's limits (for `ponder`, those that apply from `ponderhit`).
    limits: Limits,
    /// `go ponder`: search until `ponderhit` (then within the limits) or `stop`.
    ponder: bool,
    /// The move tokens after `searchmoves`.
    search_moves: Vec<String>,
    /// What was changed to be searched, for an `info string`.
    notes: Vec<String>,
}

/// The words that end a `go searchmoves` list.
const GO_WORDS: [&str; 12] = [
    "infinite",
    "ponder",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "searchmoves",
];

/// Reads `go` (its words), for `mover` = player 0 (White) or not.
fn read_go(words: &[&str], white: bool) -> Result<GoCommand, String> {
    let mut go = GoCommand::default();
    let limits = &mut go.limits;
    let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0, 0, None);
    let mut i = 0;
    let number = |i: usize, name: &str| -> Result<u64, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("go {name}: missing its number"))?;
        // Clocks may run negative in some GUIs: read as zero. Numbers beyond 64 bits are
        // read as the largest.
        if let Ok(n) = w.parse::<i64>() {
            return Ok(n.max(0) as u64);
        }
        let digits = w.strip_prefix('+').unwrap_or(w);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(digits.parse::<u64>().unwrap_or(u64::MAX));
        }
        Err(format!("go {name}: expected a whole number, found '{w}'"))
    };
    while i < words.len() {
        let w = words[i];
        match w {
            "infinite" => limits.infinite = true,
            "ponder" => go.ponder = true,
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" => {
                let n = number(i, w)?;
                let plies = if w == "mate" { n.saturating_mul(2) } else { n };
                match w {
                    "depth" | "mate" => {
                        if plies > MAX_GO_DEPTH {
                            go.notes.push(format!(
                                "go {w} {n}: searched to depth {MAX_GO_DEPTH}, the deepest"
                            ));
                        }
                        limits.depth = Some(plies.clamp(1, MAX_GO_DEPTH) as u32);
                    }
                    "nodes" => limits.nodes = Some(n.max(1)),
                    "movetime" => limits.movetime = Some(Duration::from_millis(n.max(1))),
                    "wtime" => wtime = Some(n),
                    "btime" => btime = Some(n),
                    "winc" => winc = n,
                    "binc" => binc = n,
                    _ => togo = Some(n.min(u64::from(u32::MAX)) as u32),
                }
                i += 1;
            }
            "searchmoves" => {
                let list: Vec<String> = words[i + 1..]
                    .iter()
                    .take_while(|w| !GO_WORDS.contains(w))
                    .map(|w| w.to_string())
                    .collect();
                if list.is_empty() {
                    return Err("go searchmoves: expected at least one move".into());
                }
                i += list.len();
                go.search_moves.extend(list);
            }
            _ => return Err(format!("go: unknown word '{w}'")),
        }
        i += 1;
    }
    let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
    if let (Some(t), None) = (time, limits.movetime) {
        let clock = Limits::clock(Duration::from_millis(t), Duration::from_millis(inc), togo);
        limits.movetime = clock.movetime;
        limits.soft_time = clock.soft_time;
    }
    Ok(go)
}

/// The `score` part of an `info` line.
fn score_words(score: i32, players: usize) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let n = if players == 2 { (plies + 1) / 2 } else { plies };
        format!("mate {}", if score > 0 { n } else { -n })
    } else {
        format!("cp {score}")
    }
}

/// An `info` line for a finished iteration (one of its lines, `multipv` N given when several
/// are searched).
fn info_line<V: Variant>(
    v: &V,
    pos: &V::Position,
    i: &SearchInfo<V::Move>,
    multi_pv: bool,
) -> String {
    let ms = i.elapsed.as_millis().max(1);
    let nps = u128::from(i.nodes) * 1000 / ms;
    let mut pv = Vec::with_capacity(i.pv.len());
    let mut cur = pos.clone();
    for m in &i.pv {
        pv.push(move_token(&v.move_text(&cur, m)));
        cur = v.play(&cur, m);
    }
    let line = if multi_pv {
        format!(" multipv {}", i.multipv)
    } else {
        String::new()
    };
    format!(
        "info depth {} seldepth {}{line} score {}{} nodes {} nps {nps} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        score_words(i.score, v.players().count()),
        if i.partial { " lowerbound" } else { "" },
        i.nodes,
        i.hashfull,
        i.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Runs `go`: prints `info` after each iteration, and returns the last line (`bestmove`, or
/// perft's `Nodes searched`) for the caller to send once the search is marked over.
fn go<V: Variant>(
    v: &V,
    searcher: &mut Searcher<'_, V>,
    pos: &V::Position,
    earlier: &[V::Position],
    words: &[&str],
    flags: &Flags,
) -> Result<String, String> {
    if let Some(&"perft") = words.first() {
        let depth: u32 = words
            .get(1)
            .and_then(|d| d.parse().ok())
            .filter(|d| (1..=12).contains(d))
            .ok_or("go perft: expected a depth from 1 to 12")?;
        let t = std::time::Instant::now();
        let n = spacechess::perft(v, pos, depth);
        send(&format!(
            "info string perft {depth} = {n} ({} ms)",
            t.elapsed().as_millis()
        ));
        return Ok(format!("Nodes searched: {n}"));
    }
    let white = v.to_move(pos).index() == 0;
    let command = read_go(words, white)?;
    for note in &command.notes {
        send(&format!("info string {note}"));
    }
    let only = command
        .search_moves
        .iter()
        .map(|t| read_move(v, pos, t).map_err(|e| format!("go searchmoves: '{t}': {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    searcher.set_search_moves((!only.is_empty()).then_some(only));
    let limits = command.limits;
    flags.waits_for_stop(limits.infinite || command.ponder);
    searcher.set_game_history(earlier.iter());
    let multi_pv = searcher.options().multi_pv > 1;
    let report = |i: &SearchInfo<V::Move>| send(&info_line(v, pos, i, multi_pv));
    let result = if command.ponder {
        ponder(searcher, pos, limits, flags, report)
    } else {
        let result = searcher.search_until(pos, limits, &flags.stop, report);
        // `go infinite` waits for `stop` even when the search has ended (UCI).
        if limits.infinite {
            while !flags.stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        result
    };
    Ok(match result.best {
        Some(m) => {
            let mut line = format!("bestmove {}", move_token(&v.move_text(pos, &m)));
            // The expected answer, for a GUI that ponders on it.
            if let [first, reply, ..] = &result.pv[..] {
                if *first == m {
                    let after = v.play(pos, &m);
                    line += &format!(" ponder {}", move_token(&v.move_text(&after, reply)));
                }
            }
            line
        }
        None => {
            // The game is over: its score for the side to move (`mate 0` when it has lost), as
            // Stockfish reports a finished game.
            let players = v.players().count();
            send(&format!(
                "info depth 0 score {}",
                score_words(result.score, players)
            ));
            "bestmove (none)".to_string()
        }
    })
}

/// `go ponder`: searches without a time limit until `ponderhit` or `stop`. After `ponderhit` the
/// search goes on for the time the clock allowed the move (its aim, `Limits::soft_time`, or
/// `movetime`), counted from the `ponderhit`; a search that ends by itself first (a depth or
/// node limit, or a forced mate) waits for `ponderhit` or `stop` before its answer, as UCI asks.
fn ponder<V: Variant>(
    searcher: &mut Searcher<'_, V>,
    pos: &V::Position,
    limits: Limits,
    flags: &Flags,
    report: impl FnMut(&SearchInfo<V::Move>),
) -> spacechess::search::SearchResult<V::Move> {
    let allowance = limits.soft_time.or(limits.movetime);
    let unlimited = Limits {
        movetime: None,
        soft_time: None,
        infinite: true,
        ..limits
    };
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut hit = None;
            while !finished.load(Ordering::SeqCst) {
                if flags.stop.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                    break;
                }
                if hit.is_none() && flags.ponderhit.load(Ordering::SeqCst) {
                    hit = Some(std::time::Instant::now());
                }
                if let (Some(h), Some(a)) = (hit, allowance) {
                    if h.elapsed() >= a {
                        stop.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let result = searcher.search_until(pos, unlimited, &stop, report);
        finished.store(true, Ordering::SeqCst);
        result
    });
    while !flags.stop.load(Ordering::SeqCst) && !flags.ponderhit.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(2));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_every_limit_and_refuses_nonsense() {
        let limits = |words: &[&str], white| read_go(words, white).map(|g| g.limits);
        let l = limits(&["depth", "7"], true).unwrap();
        assert_eq!(l.depth, Some(7));
        let l = limits(&["movetime", "250", "nodes", "1000"], true).unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(250)));
        assert_eq!(l.nodes, Some(1000));
        assert!(limits(&["infinite"], true).unwrap().infinite);
        let clock = ["wtime", "60000", "btime", "1000", "winc", "0", "binc", "0"];
        let white = limits(&clock, true).unwrap();
        let black = limits(&clock, false).unwrap();
        assert!(white.soft_time.unwrap() > black.soft_time.unwrap());
        assert!(black.movetime.unwrap() <= Duration::from_millis(330));
        assert!(read_go(&["depth"], true).is_err());
        assert!(read_go(&["depth", "x"], true).is_err());
        assert!(read_go(&["depth", "1.5"], true).is_err());
        // A number beyond 64 bits is the largest; a negative clock is zero.
        let huge = limits(&["wtime", "18446744073709551616", "btime", "-50"], true).unwrap();
        assert!(huge.movetime.unwrap() > Duration::from_secs(3600));
        let flagged = limits(&["wtime", "-50", "btime", "1000"], true).unwrap();
        assert!(flagged.movetime.unwrap() <= Duration::from_millis(10));
        assert!(read_go(&["sideways"], true).is_err());
    }

    /// docs/uci.md, `go`: `searchmoves` takes the words up to the next of `go`'s own, `ponder`
    /// is read with the clock it ponders under, and a depth beyond the deepest is said.
    #[test]
    fn go_reads_search_moves_ponder_and_says_what_it_clamps() {
        let g = read_go(&["searchmoves", "e2e4", "d2d4", "depth", "5"], true).unwrap();
        assert_eq!(g.search_moves, ["e2e4", "d2d4"]);
        assert_eq!(g.limits.depth, Some(5));
        let g = read_go(&["depth", "5", "searchmoves", "g1f3"], true).unwrap();
        assert_eq!(g.search_moves, ["g1f3"]);
        assert!(read_go(&["searchmoves"], true).is_err());
        assert!(read_go(&["searchmoves", "infinite"], true).is_err());
        let g = read_go(&["ponder", "wtime", "1000", "btime", "1000"], true).unwrap();
        assert!(g.ponder && g.limits.soft_time.is_some() && !g.limits.infinite);
        assert!(!read_go(&["depth", "3"], true).unwrap().ponder);
        let g = read_go(&["depth", "100"], true).unwrap();
        assert_eq!(g.limits.depth, Some(MAX_GO_DEPTH as u32));
        assert_eq!(g.notes.len(), 1, "{:?}", g.notes);
        assert!(read_go(&["depth", "48"], true).unwrap().notes.is_empty());
        let g = read_go(&["mate", "30"], true).unwrap();
        assert_eq!(g.limits.depth, Some(MAX_GO_DEPTH as u32));
        assert_eq!(g.notes.len(), 1);
    }

    #[test]
    fn rule_options_read_as_key_value_lists() {
        assert_eq!(
            rule_options("a=1, b=two").unwrap(),
            [("a".into(), "1".into()), ("b".into(), "two".into())]
        );
        assert!(rule_options("<empty>").unwrap().is_empty());
        assert!(rule_options("novalue").is_err());
    }

    #[test]
    fn move_tokens_have_no_spaces() {
        assert_eq!(move_token("N - K3,2"), "N-K3,2");
        assert_eq!(move_token("e2e4"), "e2e4");
    }
}
