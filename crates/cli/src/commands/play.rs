//! `spacechess play`: a game against the engine in the terminal. The board is drawn after every
//! move; moves are typed in the variant's notation; `help`, `moves`, `undo`, `save FILE`, `hint`
//! and `quit` are commands. With `--record FILE` the game's record is appended to FILE when it
//! ends (and a line on stderr says so); without it no file is written.

use super::drawing::{drawing, legend};
use super::{initial_position, score_for};
use crate::error::CliError;
use crate::registry::VariantVisitor;
use spacechess::record::Record;
use spacechess::search::{Limits, SearchOptions, Searcher};
use spacechess::{Game, Player, Variant};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The engine's limits from `--depth` and `--movetime` (neither: `default_depth`).
pub fn limits(depth: Option<u32>, movetime: Option<u64>, default_depth: u32) -> Limits {
    match (depth, movetime) {
        (None, None) => Limits::depth(default_depth),
        (d, t) => Limits {
            depth: d,
            movetime: t.map(Duration::from_millis),
            ..Limits::default()
        },
    }
}

/// Reads a search depth: 1 to 30 plies.
pub fn parse_search_depth(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(d) if (1..=30).contains(&d) => Ok(d),
        _ => Err(format!("'{s}': expected a depth of 1 to 30 plies")),
    }
}

/// Reads a time per move in milliseconds (at least 1).
pub fn parse_movetime(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(t) if t >= 1 => Ok(t),
        _ => Err(format!(
            "'{s}': expected milliseconds (a whole number, 1 or more)"
        )),
    }
}

/// The player named by `--as`: a player's name (any case), its number (1-based), or `w`/`b`.
pub fn parse_side<V: Variant>(v: &V, side: &str) -> Result<Player, CliError> {
    let players = v.players();
    let s = side.trim().to_ascii_lowercase();
    for p in players.all() {
        let name = players.name(p).to_ascii_lowercase();
        if name == s || (s.len() == 1 && name.starts_with(&s) && players.count() == 2) {
            return Ok(p);
        }
    }
    if let Ok(n) = s.parse::<usize>() {
        if (1..=players.count()).contains(&n) {
            return Ok(Player(n as u8 - 1));
        }
    }
    let names: Vec<String> = players.all().map(|p| players.name(p).to_string()).collect();
    Err(CliError::new(format!(
        "unknown side '{side}': expected one of {} or a number 1 to {}",
        names.join(", "),
        players.count()
    )))
}

/// Appends a record to a file (creating it).
pub fn append_record(path: &Path, text: &str) -> Result<(), CliError> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| CliError::new(format!("cannot write '{}': {e}", path.display())))?;
    let sep = if f.metadata().map(|m| m.len() > 0).unwrap_or(false) {
        "\n"
    } else {
        ""
    };
    write!(f, "{sep}{text}")
        .map_err(|e| CliError::new(format!("cannot write '{}': {e}", path.display())))
}

/// Today's date as PGN writes it (`2026.11.21`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A game against the engine, reading commands from `input` and writing to `output`.
pub struct Play<'a> {
    /// `--as`: the human's side (default player 1).
    pub side: Option<&'a str>,
    /// The engine's limits.
    pub limits: Limits,
    /// The `--position` text.
    pub position: Option<&'a str>,
    /// The record file the game is appended to when it ends (None: no record is written).
    pub record: Option<PathBuf>,
    /// Where commands come from.
    pub input: &'a mut dyn BufRead,
    /// Where the game is shown.
    pub output: &'a mut dyn Write,
    /// Where notes about files written go (stderr).
    pub messages: &'a mut dyn Write,
    /// Colour the marked men of the drawings (the output is a terminal).
    pub colour: bool,
}

/// The most moves `hint N` suggests.
const MAX_HINTS: usize = 10;

const HELP: &str = "\
Type a move in the variant's notation, or a command:
  moves       list the legal moves
  undo        take back your last move (and the engine's reply)
  hint [N]    the engine's suggestion for you (N: its N best moves, up to 10)
  save FILE   write the game so far to FILE (a game record)
  board       draw the board again (* marks the last move, ! a king in check)
  legend      name the piece letters
  help        this text
  quit        stop the game (with --record, the record is written, unfinished)
";

impl VariantVisitor for Play<'_> {
    type Output = Result<String, CliError>;

    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
        let v = &v;
        let Play {
            side,
            limits,
            position,
            record,
            input,
            output,
            messages,
            colour,
        } = self;
        let human = match side {
            Some(s) => parse_side(v, s)?,
            None => Player(0),
        };
        let start = initial_position(v, position)?;
        let mut game = Game::new(v, start);
        let mut searcher = Searcher::new(v);
        let io = |e: std::io::Error| CliError::new(format!("cannot write the game: {e}"));
        let players = v.players();
        let names: Vec<String> = players
            .all()
            .map(|p| {
                if players.allied(p, human) {
                    "human".to_string()
                } else {
                    format!("spacechess {}", engine_name(&limits))
                }
            })
            .collect();
        writeln!(
            output,
            "{}: you play {}; the engine ({}) plays the others. Type 'help' for commands.\n",
            v.name(),
            players.name(human),
            engine_name(&limits)
        )
        .map_err(io)?;
        write!(output, "{}", game_drawing(&game, colour)).map_err(io)?;
        let mut quit = false;
        while game.outcome().is_none() && !quit {
            let to_move = v.to_move(game.position());
            if !players.allied(to_move, human) {
                searcher.set_game_history(history(&game).iter());
                let r = searcher.search(game.position(), limits);
                let mv = r.best.expect("a game not over has a legal move");
                let text = v.move_text(game.position(), &mv);
                game.play(mv)
                    .map_err(|e| CliError::new(format!("engine move {text}: {e}")))?;
                writeln!(
                    output,
                    "\n{} plays {text}   (score {}, depth {}, {} nodes, {} ms)\n",
                    players.name(to_move),
                    score_for(r.score, to_move, players),
                    r.depth,
                    r.nodes,
                    r.elapsed.as_millis()
                )
                .map_err(io)?;
                write!(output, "{}", game_drawing(&game, colour)).map_err(io)?;
                continue;
            }
            write!(output, "{} to move> ", players.name(to_move)).map_err(io)?;
            output.flush().map_err(io)?;
            let mut bytes = Vec::new();
            let n = input
                .read_until(b'\n', &mut bytes)
                .map_err(|e| CliError::new(format!("cannot read the input: {e}")))?;
            if n == 0 {
                writeln!(output, "\n(end of input)").map_err(io)?;
                break;
            }
            let Ok(line) = String::from_utf8(bytes) else {
                writeln!(
                    output,
                    "error: the line read is not UTF-8 text; type a move or 'help'"
                )
                .map_err(io)?;
                continue;
            };
            let line = line.trim();
            let (cmd, arg) = match line.split_once(char::is_whitespace) {
                Some((c, a)) => (c, a.trim()),
                None => (line, ""),
            };
            match cmd {
                "" => {}
                "help" | "?" => write!(output, "{HELP}").map_err(io)?,
                "legend" => write!(output, "{}", legend(v)).map_err(io)?,
                "quit" | "exit" | "resign" => quit = true,
                "board" => write!(output, "{}", game_drawing(&game, colour)).map_err(io)?,
                "moves" => {
                    let mut moves = Vec::new();
                    v.legal_moves(game.position(), &mut moves);
                    let mut texts: Vec<String> = moves
                        .iter()
                        .map(|m| v.move_text(game.position(), m))
                        .collect();
                    texts.sort();
                    writeln!(output, "{} legal moves: {}", texts.len(), texts.join(" "))
                        .map_err(io)?;
                }
                "undo" => {
                    // Back to the human's previous turn.
                    let mut undone = 0;
                    while game.undo() {
                        undone += 1;
                        if players.allied(v.to_move(game.position()), human) {
                            break;
                        }
                    }
                    if undone == 0 {
                        writeln!(output, "nothing to undo").map_err(io)?;
                    } else {
                        writeln!(output, "took back {undone} move(s)").map_err(io)?;
                        write!(output, "{}", game_drawing(&game, colour)).map_err(io)?;
                    }
                }
                "hint" => match arg.parse::<usize>() {
                    _ if arg.is_empty() => {
                        let r = Searcher::new(v).search(game.position(), limits);
                        if let Some(m) = r.best {
                            writeln!(
                                output,
                                "hint: {} (score {})",
                                v.move_text(game.position(), &m),
                                score_for(r.score, to_move, players)
                            )
                            .map_err(io)?;
                        }
                    }
                    Ok(n) if (1..=MAX_HINTS).contains(&n) => {
                        let mut searcher = Searcher::new(v);
                        searcher.set_options(SearchOptions {
                            multi_pv: n,
                            ..SearchOptions::default()
                        });
                        let r = searcher.search(game.position(), limits);
                        for (i, line) in r.lines.iter().enumerate() {
                            writeln!(
                                output,
                                "hint {}: {} (score {})",
                                i + 1,
                                v.move_text(game.position(), &line.pv[0]),
                                score_for(line.score, to_move, players)
                            )
                            .map_err(io)?;
                        }
                    }
                    _ => writeln!(
                        output,
                        "error: hint takes a number of moves from 1 to {MAX_HINTS}, not '{arg}'"
                    )
                    .map_err(io)?,
                },
                "save" => {
                    if arg.is_empty() {
                        writeln!(output, "error: save needs a file name (save FILE)")
                            .map_err(io)?;
                    } else {
                        let text = Record::game_text(
                            &game,
                            &[("Event", "spacechess play"), ("Date", &today())],
                            &names,
                            None,
                        );
                        match std::fs::write(arg, text) {
                            Ok(()) => writeln!(output, "saved to {arg}").map_err(io)?,
                            Err(e) => {
                                writeln!(output, "error: cannot write '{arg}': {e}").map_err(io)?
                            }
                        }
                    }
                }
                _ => match v.parse_move(game.position(), line) {
                    Ok(mv) => {
                        game.play(mv).map_err(|e| CliError::new(e.to_string()))?;
                        write!(output, "{}", game_drawing(&game, colour)).map_err(io)?;
                    }
                    Err(e) => writeln!(output, "error: {e} (type 'moves' for the legal moves)")
                        .map_err(io)?,
                },
            }
        }
        let outcome = game.outcome();
        match &outcome {
            Some(o) => writeln!(output, "\nGame over: {o}").map_err(io)?,
            None => {
                writeln!(output, "\nGame stopped after {} plies", game.moves().len()).map_err(io)?
            }
        }
        if let Some(record) = record {
            let text = Record::game_text(
                &game,
                &[("Event", "spacechess play"), ("Date", &today())],
                &names,
                None,
            );
            append_record(&record, &text)?;
            let _ = writeln!(
                messages,
                "the game's record ({} plies) was appended to {}",
                game.moves().len(),
                record.display()
            );
        }
        Ok(String::new())
    }
}

/// The drawing of a game's position, its last move and a king in check marked (see
/// [`drawing`]).
pub fn game_drawing<V: Variant>(game: &Game<'_, V>, colour: bool) -> String {
    let v = game.variant();
    let before = history(game);
    let last = before.last().zip(game.moves().last());
    drawing(v, game.position(), last, colour)
}

/// The positions of a game before the current one, oldest first.
pub fn history<V: Variant>(game: &Game<'_, V>) -> Vec<V::Position> {
    let v = game.variant();
    let mut out = vec![game.start().clone()];
    for m in game.moves() {
        let next = v.play(out.last().expect("non-empty"), m);
        out.push(next);
    }
    out.pop();
    out
}

/// The engine as a player's name (`depth 3`, `1000 ms`).
pub fn engine_name(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("{} ms", t.as_millis()));
    }
    parts.join(", ")
}
