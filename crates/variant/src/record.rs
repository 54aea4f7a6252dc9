//! Game records: a PGN-style text with a `Variant` tag and the variant's own move notation
//! (docs/formats.md, "Game records").
//!
//! ```text
//! [Event "spacechess selfplay"]
//! [Date "2026.11.21"]
//! [Variant "raumschach"]
//! [White "engine depth 3"]
//! [Black "random"]
//! [Result "1-0"]
//! [Termination "Checkmate"]
//!
//! 1. Ab2-Ab3 Ed4-Ec4 2. Bc2-Bc3 ... 1-0
//! ```
//!
//! A file may hold several records, one after another. `[Position "..."]` gives a start other than
//! the variant's, in the variant's position text.
//!
//! Records of standard chess (the variant [`STANDARD_CHESS`], `orthodox`) are written as PGN
//! writes them, so that other chess tools (python-chess, GUIs) read them: no `Variant` tag, and a
//! set position as `[SetUp "1"]` and `[FEN "..."]`. A record without a `Variant` tag, or whose tag
//! is one of PGN's names of standard chess (`Standard`, `Chess`, ...), is of standard chess. `{...}` comments and `;` comments to the end of
//! the line (a `;` that starts a token; one inside a move belongs to it, as in Goff's `CL2,1;4,1`)
//! are skipped, as are move numbers (`12.`, `12...`).

use crate::error::MoveError;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::variant::Variant;
use std::fmt;

/// The variant of a record without a `Variant` tag, as in PGN: standard chess.
pub const STANDARD_CHESS: &str = "orthodox";

/// Names that PGN writers give standard chess in a `Variant` tag (compared without case).
const STANDARD_CHESS_TAGS: [&str; 5] =
    ["standard", "chess", "classical", "normal", "from position"];

/// The tags that name a record's variant and, when `start` is given, its set position, in the
/// order they are written: `Variant` and `Position`; for [`STANDARD_CHESS`], PGN's own (no
/// `Variant` tag; `SetUp` and `FEN`).
pub fn variant_tags(variant: &str, start: Option<String>) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    if variant == STANDARD_CHESS {
        if let Some(fen) = start {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen));
        }
    } else {
        tags.push(("Variant".into(), variant.to_string()));
        if let Some(text) = start {
            tags.push(("Position".into(), text));
        }
    }
    tags
}

/// What is wrong with a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text does not follow the format (line number and what is wrong).
    Syntax {
        /// 1-based line of the record file.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The `Variant` tag names another variant than the one reading it.
    Variant {
        /// The tag's value.
        found: String,
        /// The variant reading the record.
        expected: String,
    },
    /// The `Position` tag is not a valid position of the variant.
    Position(String),
    /// A move does not parse or is not legal where it stands.
    Move {
        /// Its number in the game (1 = first ply).
        ply: usize,
        /// The move text.
        text: String,
        /// Why.
        error: MoveError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, message } => write!(f, "record line {line}: {message}"),
            RecordError::Variant { found, expected } => {
                write!(f, "the record is a game of '{found}', not of '{expected}'")
            }
            RecordError::Position(s) => write!(f, "the record's Position tag: {s}"),
            RecordError::Move { ply, text, error } => {
                write!(f, "the record's move {ply} ('{text}'): {error}")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// One game as text: tags in order, moves in the variant's notation, and the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// (name, value) pairs in order.
    pub tags: Vec<(String, String)>,
    /// The moves, one ply each, in the variant's notation.
    pub moves: Vec<String>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2`, `*` (unfinished); with more than two players
    /// one score per player joined by `-` (`1-0-1-0`).
    pub result: String,
}

/// The result token of an outcome for a game of `players` players.
pub fn result_token(outcome: Option<&Outcome>, players: usize) -> String {
    match outcome {
        None => "*".to_string(),
        Some(Outcome::Draw(_)) => vec!["1/2"; players].join("-"),
        Some(Outcome::Win { winners, .. }) => (0..players)
            .map(|p| {
                if winners.iter().any(|w| w.index() == p) {
                    "1"
                } else {
                    "0"
                }
            })
            .collect::<Vec<_>>()
            .join("-"),
    }
}

/// The `Termination` tag of an outcome: the reason, as in `Checkmate` or `Repetition`.
pub fn termination(outcome: &Outcome) -> String {
    let reason = match outcome {
        Outcome::Win { reason, .. } => format!("{reason:?}"),
        Outcome::Draw(reason) => format!("{reason:?}"),
    };
    // `Other("ply limit")` reads better as `ply limit`.
    match reason.strip_prefix("Other(\"") {
        Some(rest) => rest.trim_end_matches("\")").to_string(),
        None => reason,
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl Record {
    /// The record of a game: `Variant`, a `Position` tag if it did not start from the variant's
    /// start, one tag per player (named by the player's name, `White`, `Black`, ...) from `names`
    /// (`?` where missing), `Result` and, for a finished game, `Termination`. `extra` tags come
    /// first (`Event`, `Date`, ...). `outcome` overrides the game's own (an adjudicated draw).
    pub fn from_game<V: Variant>(
        game: &Game<'_, V>,
        extra: &[(&str, &str)],
        names: &[String],
        outcome: Option<&Outcome>,
    ) -> Record {
        let v = game.variant();
        let mut tags: Vec<(String, String)> = extra
            .iter()
            .map(|(k, val)| (k.to_string(), val.to_string()))
            .collect();
        let set = (*game.start() != v.start()).then(|| v.position_text(game.start()));
        tags.extend(variant_tags(v.name(), set));
        for p in v.players().all() {
            let name = names.get(p.index()).map_or("?", String::as_str);
            tags.push((tag_name(v.players().name(p)), name.to_string()));
        }
        let own = game.outcome();
        let outcome = outcome.or(own.as_ref());
        tags.push(("Result".into(), result_token(outcome, v.players().count())));
        if let Some(o) = outcome {
            tags.push(("Termination".into(), termination(o)));
        }
        // A move text with spaces (Goff's `N - QR3,3`) is written without them when the variant
        // reads it back so; a record's moves are separated by whitespace.
        let mut pos = game.start().clone();
        let mut moves = Vec::new();
        for (m, text) in game.moves().iter().zip(game.move_texts()) {
            let compact: String = text.split_whitespace().collect();
            if compact != *text && v.parse_move(&pos, &compact).as_ref() == Ok(m) {
                moves.push(compact);
            } else {
                moves.push(text.clone());
            }
            pos = v.play(&pos, m);
        }
        Record {
            result: result_token(outcome, v.players().count()),
            tags,
            moves,
        }
    }

    /// The variant the record names: its `Variant` tag, [`STANDARD_CHESS`] where the tag is
    /// one of PGN's names of standard chess; `None` without the tag (PGN reads such a record
    /// as standard chess; a reader told the variant may take it as that variant's).
    pub fn variant(&self) -> Option<&str> {
        self.tag("Variant").map(|name| {
            if STANDARD_CHESS_TAGS.contains(&name.to_ascii_lowercase().as_str()) {
                STANDARD_CHESS
            } else {
                name
            }
        })
    }

    /// The text of the record's set start: its `Position` tag, else its `FEN` tag (PGN's).
    pub fn start_text(&self) -> Option<&str> {
        self.tag("Position").or_else(|| self.tag("FEN"))
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The record as text: tags, a blank line, the moves numbered by round (a new number when
    /// play comes back to a player earlier in the turn order), wrapped at 80 columns, and the
    /// result. `players` tells the numbering the turn order of each ply (the player who made it).
    pub fn to_text_with_turns(&self, turns: &[usize]) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        let mut number = 1;
        let mut last: Option<usize> = None;
        for (i, m) in self.moves.iter().enumerate() {
            let who = turns.get(i).copied().unwrap_or(i % 2);
            // A move number stays on the line of its move.
            let prefix = match last {
                None => {
                    let dots = if who == 0 { "." } else { "..." };
                    format!("{number}{dots} ")
                }
                Some(prev) if who <= prev => {
                    number += 1;
                    format!("{number}. ")
                }
                _ => String::new(),
            };
            last = Some(who);
            tokens.push(format!("{prefix}{m}"));
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// The record of a game as text (see [`Record::to_text_with_turns`]).
    pub fn game_text<V: Variant>(
        game: &Game<'_, V>,
        extra: &[(&str, &str)],
        names: &[String],
        outcome: Option<&Outcome>,
    ) -> String {
        let r = Record::from_game(game, extra, names, outcome);
        r.to_text_with_turns(&turns_of(game))
    }

    /// Reads every record in a text.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        let mut records = Vec::new();
        let mut cur = Record::default();
        let mut in_moves = false;
        let mut in_comment = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim();
            if !in_comment && line.starts_with('[') {
                if in_moves {
                    // A new record without a result token: close the previous one.
                    records.push(std::mem::take(&mut cur));
                    in_moves = false;
                }
                cur.tags.push(parse_tag(line, line_no)?);
                continue;
            }
            let mut rest = line;
            while !rest.is_empty() {
                if in_comment {
                    match rest.find('}') {
                        Some(j) => {
                            in_comment = false;
                            rest = rest[j + 1..].trim_start();
                        }
                        None => rest = "",
                    }
                    continue;
                }
                if rest.starts_with(';') {
                    break;
                }
                if let Some(after) = rest.strip_prefix('{') {
                    in_comment = true;
                    rest = after;
                    continue;
                }
                // A `;` inside a token belongs to the move (Goff's double castle `CL2,1;4,1`); one
                // that starts a token starts a comment.
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(rest.len());
                let tok = &rest[..end];
                rest = rest[end..].trim_start();
                in_moves = true;
                if is_result(tok) {
                    cur.result = tok.to_string();
                    records.push(std::mem::take(&mut cur));
                    in_moves = false;
                    continue;
                }
                let body = strip_move_number(tok);
                if body.is_empty() {
                    continue;
                }
                if body.starts_with('[') {
                    return Err(RecordError::Syntax {
                        line: line_no,
                        message: format!("a tag '{body}' must start its own line"),
                    });
                }
                cur.moves.push(body.to_string());
            }
        }
        if in_comment {
            return Err(RecordError::Syntax {
                line: text.lines().count(),
                message: "a '{' comment is not closed".into(),
            });
        }
        if in_moves || !cur.tags.is_empty() {
            cur.result = cur.tag("Result").unwrap_or("*").to_string();
            records.push(cur);
        }
        Ok(records)
    }

    /// Replays the record on `v`: checks the `Variant` tag ([`Record::variant`]), sets up the
    /// `Position` (or `FEN`) tag's position (or the start), and plays every move, naming the first one that fails.
    pub fn replay<'v, V: Variant>(&self, v: &'v V) -> Result<Game<'v, V>, RecordError> {
        if let Some(name) = self.variant() {
            if name != v.name() {
                return Err(RecordError::Variant {
                    found: name.to_string(),
                    expected: v.name().to_string(),
                });
            }
        }
        let start = match self.start_text() {
            Some(text) => v
                .parse_position(text)
                .map_err(|e| RecordError::Position(e.to_string()))?,
            None => v.start(),
        };
        let mut game = Game::new(v, start);
        // A record is replayed as played: the draw rules of the live game do not stop it.
        game.repetition_limit = None;
        game.halfmove_limit = None;
        for (i, m) in self.moves.iter().enumerate() {
            game.play_text(m).map_err(|error| RecordError::Move {
                ply: i + 1,
                text: m.clone(),
                error,
            })?;
        }
        Ok(game)
    }
}

/// The player who made each move of a game, by index.
pub fn turns_of<V: Variant>(game: &Game<'_, V>) -> Vec<usize> {
    let v = game.variant();
    let mut pos = game.start().clone();
    game.moves()
        .iter()
        .map(|m| {
            let who = v.to_move(&pos).index();
            pos = v.play(&pos, m);
            who
        })
        .collect()
}

/// A player's name as a tag name: letters and digits only (`White`, `Player3`).
fn tag_name(name: &str) -> String {
    let t: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    if t.is_empty() {
        "Player".into()
    } else {
        t
    }
}

fn parse_tag(line: &str, line_no: usize) -> Result<(String, String), RecordError> {
    let err = |m: &str| RecordError::Syntax {
        line: line_no,
        message: format!("{m} in tag {line}"),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| err("expected [Name \"value\"]"))?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| err("expected a name and a quoted value"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(err("a tag name is letters, digits and '_'"));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| err("the value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(err("only \\\\ and \\\" are escapes")),
            }
        } else if c == '"' {
            return Err(err("a '\"' inside the value must be written \\\""));
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

fn is_result(tok: &str) -> bool {
    if tok == "*" {
        return true;
    }
    let parts: Vec<&str> = tok.split('-').collect();
    parts.len() >= 2 && parts.iter().all(|p| matches!(*p, "1" | "0" | "1/2"))
}

/// `12.e4` -> `e4`; `12...` -> ``; `e4` -> `e4`.
fn strip_move_number(tok: &str) -> &str {
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && tok[digits..].starts_with('.') {
        tok[digits..].trim_start_matches('.')
    } else {
        tok
    }
}
