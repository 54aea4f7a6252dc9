//! `spacechess match`: games between two engines, each our search with its settings, a random
//! mover, or any UCI engine, with colours alternating in pairs from the same opening, a result
//! table, the Elo difference with its 95% interval from the pairs (pentanomial), and a
//! sequential test (SPRT) that can stop the match early. `spacechess selfplay` is the special
//! case of our search against itself or a random mover at fixed limits.

use super::initial_position;
use super::play::{append_record, today};
use super::selfplay::seats;
use crate::error::CliError;
use crate::registry::VariantVisitor;
use crate::uci_client::UciEngine;
use spacechess::record::{result_token, termination, Record};
use spacechess::search::stats::{Pentanomial, Sprt, SprtState};
use spacechess::search::{Limits, SearchOptions, Searcher};
use spacechess::{Game, Outcome, Player, RandomMover, Variant, WinReason};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// An engine of a match, as `--a` and `--b` name it.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// A uniformly random legal move.
    Random,
    /// Our search with these settings; `limits` (when given) replace the match's `--tc`.
    Search {
        /// Its own limits (`depth=`, `movetime=`, `nodes=`), if any.
        limits: Option<Limits>,
        /// Its techniques and threads.
        options: SearchOptions,
        /// Its table size in MiB.
        hash_mib: usize,
    },
    /// An engine program speaking UCI.
    Uci {
        /// The program and its arguments.
        command: Vec<String>,
        /// `setoption` pairs sent after the handshake.
        options: Vec<(String, String)>,
    },
}

impl std::fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineSpec::Random => write!(f, "random"),
            EngineSpec::Search {
                limits,
                options,
                hash_mib,
            } => {
                let mut parts = Vec::new();
                if let Some(l) = limits {
                    if let Some(d) = l.depth {
                        parts.push(format!("depth={d}"));
                    }
                    if let Some(t) = l.movetime {
                        parts.push(format!("movetime={}", t.as_millis()));
                    }
                    if let Some(n) = l.nodes {
                        parts.push(format!("nodes={n}"));
                    }
                }
                if *options == SearchOptions::baseline() {
                    parts.push("baseline".into());
                } else {
                    let d = SearchOptions::default();
                    for (name, on, default) in [
                        ("nullmove", options.null_move, d.null_move),
                        ("lmr", options.late_move_reductions, d.late_move_reductions),
                        ("aspiration", options.aspiration, d.aspiration),
                        ("futility", options.futility, d.futility),
                        ("exchange", options.exchange_pruning, d.exchange_pruning),
                    ] {
                        if on != default {
                            parts.push(format!("{name}={}", if on { "on" } else { "off" }));
                        }
                    }
                }
                if let Some(d) = options.reduction_divisor {
                    parts.push(format!("reductions={d}"));
                }
                if *options != SearchOptions::baseline()
                    && options.coalition_moves != SearchOptions::default().coalition_moves
                {
                    parts.push(format!("coalition={}", options.coalition_moves));
                }
                if options.threads != 1 {
                    parts.push(format!("threads={}", options.threads));
                }
                if *hash_mib != DEFAULT_HASH {
                    parts.push(format!("hash={hash_mib}"));
                }
                if parts.is_empty() {
                    write!(f, "search")
                } else {
                    write!(f, "search:{}", parts.join(","))
                }
            }
            EngineSpec::Uci { command, options } => {
                write!(f, "uci:{}", command.join(" "))?;
                for (k, v) in options {
                    write!(f, ";{k}={v}")?;
                }
                Ok(())
            }
        }
    }
}

/// The table size of our search in a match, in MiB.
const DEFAULT_HASH: usize = 16;

const ENGINE_HELP: &str = "expected random, search[:key=value,...] (keys depth, movetime, nodes, \
hash, threads, nullmove, lmr, reductions (the late-move reduction divisor, 0.5 to 8), aspiration, \
futility, exchange, coalition (0 = all); or baseline), depth:N, movetime:MS, or \
uci:COMMAND[;Option=value...]";

fn on_off(key: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(format!("{key}={value}: expected on or off")),
    }
}

fn divisor(key: &str, value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(x) if (0.5..=8.0).contains(&x) => Ok(x),
        _ => Err(format!("{key}={value}: expected a number from 0.5 to 8")),
    }
}

fn positive(key: &str, value: &str, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("{key}={value}: expected a number from 1 to {max}")),
    }
}

/// Reads an engine: `random`; `search[:key=value,...]`; the short forms `depth:N`, `movetime:MS`,
/// `nodes:N` (our search); `uci:COMMAND[;Option=value...]`.
pub fn parse_engine(s: &str) -> Result<EngineSpec, String> {
    let t = s.trim();
    let bad = |why: String| format!("engine '{s}': {why}");
    if t.eq_ignore_ascii_case("random") {
        return Ok(EngineSpec::Random);
    }
    if let Some(rest) = t.strip_prefix("uci:") {
        let mut parts = rest.split(';');
        let command: Vec<String> = parts
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        if command.is_empty() {
            return Err(bad("uci: needs the engine's command".into()));
        }
        let mut options = Vec::new();
        for p in parts.filter(|p| !p.trim().is_empty()) {
            match p.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    options.push((k.trim().to_string(), v.trim().to_string()))
                }
                _ => return Err(bad(format!("'{p}': expected Option=value"))),
            }
        }
        return Ok(EngineSpec::Uci { command, options });
    }
    let (head, rest) = t.split_once(':').unwrap_or((t, ""));
    let pairs: Vec<(String, String)> = match head.to_ascii_lowercase().as_str() {
        "search" => {
            let mut v = Vec::new();
            for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                match item.split_once('=') {
                    Some((k, val)) => v.push((k.trim().to_ascii_lowercase(), val.trim().into())),
                    None => v.push((item.to_ascii_lowercase(), String::new())),
                }
            }
            v
        }
        "depth" | "movetime" | "nodes" if !rest.is_empty() => {
            vec![(head.to_ascii_lowercase(), rest.trim().to_string())]
        }
        _ if t.parse::<u64>().is_ok() => vec![("depth".into(), t.into())],
        _ => return Err(bad(ENGINE_HELP.into())),
    };
    let mut limits = Limits::default();
    let mut options = SearchOptions::default();
    let mut hash_mib = DEFAULT_HASH;
    for (k, v) in pairs {
        match k.as_str() {
            "depth" => limits.depth = Some(positive(&k, &v, 40).map_err(bad)? as u32),
            "movetime" => {
                limits.movetime = Some(Duration::from_millis(
                    positive(&k, &v, 86_400_000).map_err(bad)?,
                ))
            }
            "nodes" => limits.nodes = Some(positive(&k, &v, u64::MAX / 2).map_err(bad)?),
            "hash" => hash_mib = positive(&k, &v, 65_536).map_err(bad)? as usize,
            "threads" => options.threads = positive(&k, &v, 256).map_err(bad)? as usize,
            "nullmove" => options.null_move = on_off(&k, &v).map_err(bad)?,
            "lmr" => options.late_move_reductions = on_off(&k, &v).map_err(bad)?,
            "reductions" => options.reduction_divisor = Some(divisor(&k, &v).map_err(bad)?),
            "aspiration" => options.aspiration = on_off(&k, &v).map_err(bad)?,
            "futility" => options.futility = on_off(&k, &v).map_err(bad)?,
            "exchange" => options.exchange_pruning = on_off(&k, &v).map_err(bad)?,
            "coalition" => {
                options.coalition_moves = match v.as_str() {
                    "0" => 0,
                    _ => positive(&k, &v, 10_000).map_err(bad)? as usize,
                }
            }
            "baseline" if v.is_empty() => {
                options = SearchOptions {
                    threads: options.threads,
                    ..SearchOptions::baseline()
                }
            }
            _ => return Err(bad(format!("unknown key '{k}'; {ENGINE_HELP}"))),
        }
    }
    let own = limits != Limits::default();
    Ok(EngineSpec::Search {
        limits: own.then_some(limits),
        options,
        hash_mib,
    })
}

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth per move.
    Depth(u32),
    /// A fixed number of nodes per move.
    Nodes(u64),
    /// A clock: `base` for the game, `increment` added after each move.
    Clock {
        /// Time for the whole game.
        base: Duration,
        /// Added after every move.
        increment: Duration,
    },
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "{} ms a move", t.as_millis()),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "{n} nodes a move"),
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{} s", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// Reads `--tc`: `MS` or `movetime=MS` (per move), `depth=N`, `nodes=N`, or `SECONDS+INC`
/// (a clock, e.g. `10+0.1`).
pub fn parse_tc(s: &str) -> Result<TimeControl, String> {
    let t = s.trim().to_ascii_lowercase();
    let bad = || {
        format!("'{s}': expected MS, movetime=MS, depth=N, nodes=N or SECONDS+INCREMENT (10+0.1)")
    };
    let seconds = |x: &str| -> Option<Duration> {
        let f: f64 = x.trim().parse().ok()?;
        (f.is_finite() && (0.0..=86_400.0).contains(&f)).then(|| Duration::from_secs_f64(f))
    };
    if let Some((base, inc)) = t.split_once('+') {
        let (base, increment) = (
            seconds(base).ok_or_else(bad)?,
            seconds(inc).ok_or_else(bad)?,
        );
        if base.is_zero() {
            return Err(bad());
        }
        return Ok(TimeControl::Clock { base, increment });
    }
    let (k, v) = t.split_once('=').unwrap_or(("movetime", &t));
    let n: u64 = v.trim().parse().map_err(|_| bad())?;
    match k.trim() {
        "movetime" if n >= 1 => Ok(TimeControl::MoveTime(Duration::from_millis(n))),
        "depth" if (1..=40).contains(&n) => Ok(TimeControl::Depth(n as u32)),
        "nodes" if n >= 1 => Ok(TimeControl::Nodes(n)),
        _ => Err(bad()),
    }
}

/// Reads `--sprt elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05).
pub fn parse_sprt(s: &str) -> Result<Sprt, String> {
    let nums: Result<Vec<f64>, _> = s.split(',').map(|x| x.trim().parse::<f64>()).collect();
    let bad = || format!("'{s}': expected ELO0,ELO1[,ALPHA,BETA], e.g. 0,20 or 0,20,0.05,0.05");
    let nums = nums.map_err(|_| bad())?;
    let (elo0, elo1, alpha, beta) = match nums[..] {
        [a, b] => (a, b, 0.05, 0.05),
        [a, b, c, d] => (a, b, c, d),
        _ => return Err(bad()),
    };
    let p = |x: f64| x > 0.0 && x < 0.5;
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && p(alpha) && p(beta)) {
        return Err(bad());
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// A match between engines A and B.
pub struct Match<'a> {
    /// The `--position` text (default: the start).
    pub position: Option<&'a str>,
    /// Engine A.
    pub a: EngineSpec,
    /// Engine B.
    pub b: EngineSpec,
    /// Games at most (a whole number of pairs in two-sided games).
    pub games: usize,
    /// The time control.
    pub tc: TimeControl,
    /// Random plies from the start before the engines play (the opening of a pair).
    pub opening_plies: usize,
    /// A file of openings, one position text a line (`#` comments); used in turn instead of
    /// random plies.
    pub book: Option<PathBuf>,
    /// A game reaching this many plies is adjudicated a draw.
    pub max_plies: usize,
    /// At the ply limit, a side (team) whose static evaluation ([`Variant::evaluate`]) leads
    /// every other side's by this many centipawns wins instead (None: always a draw).
    pub adjudicate: Option<i32>,
    /// Seed of the random openings and the random mover.
    pub seed: u64,
    /// Stop early when the test decides.
    pub sprt: Option<Sprt>,
    /// The file every game's record is written to (replaced; None: no records).
    pub record: Option<PathBuf>,
    /// The rule options the variant was built with (`--option`), sent to UCI engines as
    /// `RuleOptions`.
    pub rule_options: Vec<(String, String)>,
    /// Whether the variant was built from a rule file (`--rules`), which a UCI engine cannot be
    /// given.
    pub rule_file: bool,
    /// Progress lines (one per game) go here.
    pub progress: &'a mut dyn Write,
}

/// One side of a game at play.
enum Mover<'v, V: Variant> {
    Random(RandomMover),
    Search {
        searcher: Box<Searcher<'v, V>>,
        limits: Option<Limits>,
    },
    Uci(Box<UciEngine>),
}

impl<'v, V: Variant> Mover<'v, V> {
    fn new(
        v: &'v V,
        spec: &EngineSpec,
        seed: u64,
        rules: (&[(String, String)], bool),
    ) -> Result<Self, CliError> {
        Ok(match spec {
            EngineSpec::Random => Mover::Random(RandomMover::new(seed)),
            EngineSpec::Search {
                limits,
                options,
                hash_mib,
            } => {
                let mut searcher = Searcher::with_hash_mib(v, *hash_mib);
                searcher.set_options(*options);
                searcher.set_keep_table(true);
                Mover::Search {
                    searcher: Box::new(searcher),
                    limits: *limits,
                }
            }
            EngineSpec::Uci { command, options } => {
                let mut e = UciEngine::start(command).map_err(CliError::new)?;
                if e.has_option("UCI_Variant") {
                    e.set_option("UCI_Variant", v.name())
                        .map_err(CliError::new)?;
                } else if v.name() != "orthodox" {
                    return Err(CliError::new(format!(
                        "UCI engine '{}' has no UCI_Variant option: it can play orthodox only",
                        e.name
                    )));
                }
                let (rule_options, rule_file) = rules;
                if rule_file {
                    return Err(CliError::new(format!(
                        "UCI engine '{}' cannot be given a rules file: match it on the variant's \
                         own rules, with --option for its rule options",
                        e.name
                    )));
                }
                if !rule_options.is_empty() {
                    if !e.has_option("RuleOptions") {
                        return Err(CliError::new(format!(
                            "UCI engine '{}' has no RuleOptions option: it cannot play with \
                             --option",
                            e.name
                        )));
                    }
                    let list: Vec<String> = rule_options
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect();
                    e.set_option("RuleOptions", &list.join(","))
                        .map_err(CliError::new)?;
                }
                // Every option, the variant's included, answered before the first game: one
                // the engine refuses is an error, not a match on other settings.
                e.set_options(options).map_err(CliError::new)?;
                Mover::Uci(Box::new(e))
            }
        })
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Mover::Random(_) => Ok(()),
            Mover::Search { searcher, .. } => {
                searcher.clear();
                Ok(())
            }
            Mover::Uci(e) => {
                e.send("ucinewgame")?;
                e.sync()
            }
        }
    }
}

/// The moves as one UCI token each (the move text without spaces).
fn token<V: Variant>(v: &V, pos: &V::Position, m: &V::Move) -> String {
    v.move_text(pos, m).split_whitespace().collect()
}

/// Where a game stands for the mover: the clocks (per player) when the time control has one.
struct Turn<'g, V: Variant> {
    start: &'g V::Position,
    positions: &'g [V::Position],
    tokens: &'g [String],
    clocks: &'g [Duration],
}

/// Asks `mover` for a move; an error is the mover's forfeit.
fn choose<V: Variant>(
    v: &V,
    mover: &mut Mover<'_, V>,
    turn: &Turn<'_, V>,
    tc: TimeControl,
) -> Result<V::Move, String> {
    let pos = turn.positions.last().expect("the current position");
    let me = v.to_move(pos).index();
    match mover {
        Mover::Random(r) => r.choose(v, pos).ok_or_else(|| "no legal move".into()),
        Mover::Search { searcher, limits } => {
            let limits = limits.unwrap_or(match tc {
                TimeControl::MoveTime(t) => Limits::movetime(t),
                TimeControl::Depth(d) => Limits::depth(d),
                TimeControl::Nodes(n) => Limits::nodes(n),
                TimeControl::Clock { increment, .. } => {
                    Limits::clock(turn.clocks[me], increment, None)
                }
            });
            searcher.set_game_history(turn.positions[..turn.positions.len() - 1].iter());
            searcher
                .search(pos, limits)
                .best
                .ok_or_else(|| "the search found no move".into())
        }
        Mover::Uci(e) => {
            let (go, timeout) = match tc {
                TimeControl::MoveTime(t) => (
                    format!("movetime {}", t.as_millis()),
                    t * 10 + Duration::from_secs(10),
                ),
                TimeControl::Depth(d) => (format!("depth {d}"), Duration::from_secs(600)),
                TimeControl::Nodes(n) => (format!("nodes {n}"), Duration::from_secs(600)),
                TimeControl::Clock { increment, .. } => {
                    let ms = |d: Duration| d.as_millis();
                    let other = turn.clocks.get(1 - me.min(1)).copied().unwrap_or_default();
                    let (w, b) = if me == 0 {
                        (turn.clocks[me], other)
                    } else {
                        (other, turn.clocks[me])
                    };
                    (
                        format!(
                            "wtime {} btime {} winc {} binc {}",
                            ms(w),
                            ms(b),
                            ms(increment),
                            ms(increment)
                        ),
                        turn.clocks[me] + Duration::from_secs(10),
                    )
                }
            };
            let mut position = format!("position fen {}", v.position_text(turn.start));
            if !turn.tokens.is_empty() {
                position.push_str(" moves ");
                position.push_str(&turn.tokens.join(" "));
            }
            let reply = e.best_move(&position, &go, timeout)?;
            let legal = v.legal_moves_vec(pos);
            v.parse_move(pos, &reply.best)
                .ok()
                .filter(|m| legal.contains(m))
                .or_else(|| legal.into_iter().find(|m| token(v, pos, m) == reply.best))
                .ok_or_else(|| format!("illegal move '{}' from {}", reply.best, e.name))
        }
    }
}

/// The players who win when `loser` forfeits: every player not on its team.
fn others(v: &impl Variant, loser: Player) -> Vec<Player> {
    let players = v.players();
    players
        .all()
        .filter(|&p| !players.allied(p, loser))
        .collect()
}

/// A finished game of a match.
struct Played<'v, V: Variant> {
    game: Game<'v, V>,
    outcome: Outcome,
    adjudicated: bool,
}

/// Plays one game: A's mover plays the players whose `seat` is true, B's the others; `opening`
/// moves are played first.
#[allow(clippy::too_many_arguments)]
fn play_one<'v, V: Variant>(
    v: &'v V,
    start: &V::Position,
    opening: &[V::Move],
    a: &mut Mover<'v, V>,
    b: &mut Mover<'v, V>,
    seat: &[bool],
    tc: TimeControl,
    max_plies: usize,
    adjudicate: Option<i32>,
) -> Played<'v, V> {
    let mut game = Game::new(v, start.clone());
    let mut positions = vec![start.clone()];
    let mut tokens = Vec::new();
    // The opening's random moves are legal, but the game may end before the last of them (a
    // draw rule, from a given position): the opening stops there, and so does the game.
    for m in opening {
        let text = token(v, game.position(), m);
        if game.play(m.clone()).is_err() {
            break;
        }
        tokens.push(text);
        positions.push(game.position().clone());
    }
    let base = match tc {
        TimeControl::Clock { base, .. } => base,
        _ => Duration::ZERO,
    };
    let mut clocks = vec![base; v.players().count()];
    loop {
        if let Some(outcome) = game.outcome() {
            return Played {
                game,
                outcome,
                adjudicated: false,
            };
        }
        if game.moves().len() >= max_plies {
            let outcome = adjudicate
                .and_then(|margin| material_winner(v, game.position(), margin))
                .map_or(
                    Outcome::Draw(spacechess::DrawReason::Other("ply limit of the match")),
                    |winners| Outcome::Win {
                        winners,
                        reason: WinReason::Other("ply limit, evaluation"),
                    },
                );
            return Played {
                game,
                outcome,
                adjudicated: true,
            };
        }
        let pos = game.position().clone();
        let who = v.to_move(&pos);
        let turn = Turn {
            start,
            positions: &positions,
            tokens: &tokens,
            clocks: &clocks,
        };
        let t0 = Instant::now();
        let mover = if seat[who.index()] { &mut *a } else { &mut *b };
        let chosen = choose(v, mover, &turn, tc);
        let spent = t0.elapsed();
        let forfeit = |reason: &'static str| Outcome::Win {
            winners: others(v, who),
            reason: WinReason::Other(reason),
        };
        let mv = match chosen {
            Ok(mv) => mv,
            Err(_) => {
                return Played {
                    game,
                    outcome: forfeit("the engine failed to move (forfeit)"),
                    adjudicated: true,
                }
            }
        };
        if let TimeControl::Clock { increment, .. } = tc {
            let c = &mut clocks[who.index()];
            // A small grace for the time a process takes to answer.
            if spent > *c + Duration::from_millis(50) {
                return Played {
                    game,
                    outcome: forfeit("time forfeit"),
                    adjudicated: true,
                };
            }
            *c = c.saturating_sub(spent) + increment;
        }
        tokens.push(token(v, &pos, &mv));
        if game.play(mv).is_err() {
            return Played {
                game,
                outcome: forfeit("illegal move (forfeit)"),
                adjudicated: true,
            };
        }
        positions.push(game.position().clone());
    }
}

/// The players of the side (team) whose static evaluation leads every other side's by `margin`
/// centipawns or more, if one does.
fn material_winner<V: Variant>(v: &V, pos: &V::Position, margin: i32) -> Option<Vec<Player>> {
    let players = v.players();
    let mut scores = vec![0i32; players.count()];
    v.evaluate(pos, &mut scores);
    let mut teams: Vec<(Vec<Player>, i32)> = Vec::new();
    for p in players.all() {
        match teams.iter_mut().find(|(ps, _)| players.allied(ps[0], p)) {
            Some((ps, s)) => {
                ps.push(p);
                *s += scores[p.index()];
            }
            None => teams.push((vec![p], scores[p.index()])),
        }
    }
    teams.sort_by_key(|(_, s)| std::cmp::Reverse(*s));
    match teams.as_slice() {
        [(best, s0), (_, s1), ..] if s0 - s1 >= margin => Some(best.clone()),
        _ => None,
    }
}

/// Reads a book: one position text a line, blank lines and `#` comments skipped.
fn read_book<V: Variant>(v: &V, path: &PathBuf) -> Result<Vec<V::Position>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("cannot read book '{}': {e}", path.display())))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let pos = v
            .parse_position(l)
            .map_err(|e| CliError::new(format!("book '{}' line {}: {e}", path.display(), i + 1)))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err(CliError::new(format!(
            "book '{}' has no position",
            path.display()
        )));
    }
    Ok(out)
}

impl VariantVisitor for Match<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let start = initial_position(v, self.position)?;
        let book = match &self.book {
            Some(p) => Some(read_book(v, p)?),
            None => None,
        };
        let players = v.players();
        let two_sided = players.team_count() == 2;
        if let Some(record) = &self.record {
            std::fs::write(record, "")
                .map_err(|e| CliError::new(format!("cannot write '{}': {e}", record.display())))?;
        }
        let rules = (self.rule_options.as_slice(), self.rule_file);
        let mut a = Mover::new(v, &self.a, self.seed, rules)?;
        let mut b = Mover::new(v, &self.b, self.seed ^ 0x5EED, rules)?;
        // Games come in groups sharing an opening: two (colours swapped) in a two-sided game,
        // one per seat when A plays one player against several.
        let group = if two_sided { 2 } else { players.count() };
        let games = self.games.div_ceil(group) * group;
        let mut penta = Pentanomial::default();
        let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
        let mut pair_points = 0usize;
        let mut opening = Vec::new();
        let mut opening_start = start.clone();
        let mut decided = None;
        // An engine that cannot start a new game (a UCI program that died): the match stops.
        let mut gone = None;
        let mut rows = String::new();
        let t0 = Instant::now();
        let mut played = 0;
        for g in 0..games {
            if g % group == 0 {
                let k = g / group;
                if let Some(book) = &book {
                    opening_start = book[k % book.len()].clone();
                    opening.clear();
                } else {
                    let seed = self.seed.wrapping_add(k as u64 * 0x9E37_79B9_7F4A_7C15);
                    opening = v.random_game(&start, self.opening_plies, seed);
                }
                pair_points = 0;
            }
            let seat = seats(players, g);
            let ready = a
                .new_game()
                .map_err(|e| format!("engine A: {e}"))
                .and_then(|()| b.new_game().map_err(|e| format!("engine B: {e}")));
            if let Err(e) = ready {
                gone = Some(e);
                break;
            }
            let report = play_one(
                v,
                &opening_start,
                &opening,
                &mut a,
                &mut b,
                &seat,
                self.tc,
                self.max_plies,
                self.adjudicate,
            );
            played += 1;
            let a_won = match &report.outcome {
                Outcome::Win { winners, .. } => Some(winners.iter().any(|w| seat[w.index()])),
                Outcome::Draw(_) => None,
            };
            match a_won {
                Some(true) => {
                    wins += 1;
                    pair_points += 2;
                }
                Some(false) => losses += 1,
                None => {
                    draws += 1;
                    pair_points += 1;
                }
            }
            let plies = report.game.moves().len();
            let a_seats: Vec<&str> = players
                .all()
                .filter(|p| seat[p.index()])
                .map(|p| players.name(p))
                .collect();
            let result = result_token(Some(&report.outcome), players.count());
            let mut term = termination(&report.outcome).to_string();
            if let Outcome::Win {
                reason: WinReason::Other(why),
                ..
            } = &report.outcome
            {
                term = why.to_string();
            }
            if report.adjudicated && matches!(report.outcome, Outcome::Draw(_)) {
                term = "ply limit".into();
            }
            if let Some(record) = &self.record {
                let names: Vec<String> = seat
                    .iter()
                    .map(|&x| {
                        if x {
                            self.a.to_string()
                        } else {
                            self.b.to_string()
                        }
                    })
                    .collect();
                let date = today();
                let round = (g + 1).to_string();
                let text = Record::game_text(
                    &report.game,
                    &[
                        ("Event", "spacechess match"),
                        ("Date", &date),
                        ("Round", &round),
                    ],
                    &names,
                    Some(&report.outcome),
                );
                append_record(record, &text)?;
            }
            rows.push_str(&format!(
                "{:>4}  {:<14} {:<10} {:<28} {:>5}\n",
                g + 1,
                a_seats.join("+"),
                result,
                term,
                plies
            ));
            if two_sided && g % 2 == 1 {
                penta.add(pair_points);
            }
            let elo = if two_sided {
                penta
                    .elo()
                    .map(|e| format!("; Elo {:+.0} [{:+.0}, {:+.0}]", e.elo, e.low, e.high))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            let _ = writeln!(
                self.progress,
                "game {}/{games}: A as {} {result} ({term}) in {plies} plies; A {wins} wins, {draws} draws, {losses} losses{elo}",
                g + 1,
                a_seats.join("+"),
            );
            if let (Some(sprt), true) = (&self.sprt, two_sided && g % 2 == 1) {
                match sprt.state(&penta) {
                    SprtState::Continue => {}
                    s => {
                        decided = Some(s);
                        break;
                    }
                }
            }
        }
        let mut out = format!(
            "match {}: A = {}, B = {}; {}, {} opening, {} at {} plies\n\n",
            v.name(),
            self.a,
            self.b,
            self.tc,
            match &self.book {
                Some(p) => format!("book '{}'", p.display()),
                None => format!("{}-ply random", self.opening_plies),
            },
            match self.adjudicate {
                Some(cp) => format!("a lead of {cp} centipawns wins, else a draw,"),
                None => "draw".to_string(),
            },
            self.max_plies
        );
        out.push_str("game  A plays        result     termination                  plies\n");
        out.push_str(&rows);
        let score = wins as f64 + draws as f64 / 2.0;
        out.push_str(&format!(
            "\nA: {wins} wins, {draws} draws, {losses} losses: {score}/{played} ({:.1}%) in {:.0} s\n",
            100.0 * score / played.max(1) as f64,
            t0.elapsed().as_secs_f64()
        ));
        if two_sided {
            let c = penta.counts;
            out.push_str(&format!(
                "pairs (A's points 0, 1/2, 1, 3/2, 2): {} {} {} {} {}\n",
                c[0], c[1], c[2], c[3], c[4]
            ));
            if let Some(e) = penta.elo() {
                out.push_str(&format!(
                    "Elo A - B: {:+.1}, 95% interval [{:+.1}, {:+.1}] (pentanomial, {} pairs); LOS {:.1}%\n",
                    e.elo,
                    e.low,
                    e.high,
                    penta.pairs(),
                    100.0 * e.los
                ));
            }
            if let Some(sprt) = &self.sprt {
                let (lo, hi) = sprt.bounds();
                let verdict = match decided.unwrap_or(sprt.state(&penta)) {
                    SprtState::AcceptH1 => "H1 accepted: A is stronger",
                    SprtState::AcceptH0 => "H0 accepted: no gain shown",
                    SprtState::Continue => "undecided",
                };
                out.push_str(&format!(
                    "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {:.2} in [{:.2}, {:.2}]: {verdict}\n",
                    sprt.elo0,
                    sprt.elo1,
                    sprt.alpha,
                    sprt.beta,
                    sprt.llr(&penta),
                    lo,
                    hi
                ));
            }
        } else {
            out.push_str(&format!(
                "A plays one of {} players: equal strength would win about 1 game in {}\n",
                players.count(),
                players.count()
            ));
        }
        match gone {
            // The games played are still reported (on standard output), then the error.
            Some(e) => {
                print!("{out}");
                Err(CliError::new(format!(
                    "the match stopped after {played} of {games} games: {e}"
                )))
            }
            None => Ok(out),
        }
    }
}
