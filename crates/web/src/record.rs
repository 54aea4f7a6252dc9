//! `POST /api/record/read` and `POST /api/record/write`: game records in the format docs/formats.md
//! defines ("Game records"), read and written with the library's `record` module.

use crate::api::{
    blocking, integer, move_refs, options, outcome_json, start_text, variant, variant_named,
    ApiBody,
};
use crate::error::ApiError;
use crate::AppState;
use axum::extract::State;
use axum::Json;
use serde_json::{json, Map, Value};
use spacechess::record::{
    result_token, termination, variant_tags, Record, RecordError, STANDARD_CHESS,
};
use spacechess::{AnyVariant, LineError};
use std::sync::Arc;

/// Tags the server writes itself; a request's `tags` may not set them.
const COMPUTED: [&str; 5] = ["Variant", "Position", "SetUp", "FEN", "Result"];

/// A record's error for a failing line of moves: "the record's move N ('text'): why".
fn record_move_error(e: spacechess::Error, moves: &[&str]) -> ApiError {
    match e {
        spacechess::Error::Move(LineError { index, error }) => ApiError::bad(
            RecordError::Move {
                ply: index + 1,
                text: moves.get(index).copied().unwrap_or("").to_string(),
                error,
            }
            .to_string(),
        ),
        other => other.into(),
    }
}

/// `POST /api/record/read`: `{record, game?, variant?, options?}` → the game's variant, tags,
/// start, moves (as the variant writes them), final position, result and outcome.
pub async fn read(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    let Some(text) = request.record.clone() else {
        return Err(ApiError::bad("missing field 'record'"));
    };
    let wanted = match &request.game {
        Some(g) => integer("game", g, 1..=u64::from(u32::MAX))? as usize,
        None => 1,
    };
    blocking(move || {
        let records = Record::parse_all(&text).map_err(|e| ApiError::bad(e.to_string()))?;
        if records.is_empty() {
            return Err(ApiError::bad("the record text holds no game"));
        }
        let Some(rec) = records.get(wanted - 1) else {
            return Err(ApiError::bad(format!(
                "game {wanted}: the record text holds {} game{}",
                records.len(),
                if records.len() == 1 { "" } else { "s" }
            )));
        };
        let name = match (rec.variant(), request.variant.as_deref()) {
            (Some(found), Some(expected)) if found != expected => {
                return Err(ApiError::bad(
                    RecordError::Variant {
                        found: found.to_string(),
                        expected: expected.to_string(),
                    }
                    .to_string(),
                ))
            }
            (Some(found), _) => found.to_string(),
            (None, Some(asked)) => asked.to_string(),
            // PGN's convention: a record without the tag is of standard chess.
            (None, None) => STANDARD_CHESS.to_string(),
        };
        // The request's options, else those of the record's `Options` tag (the page writes it).
        let mut opts = options(&request)?;
        if opts.is_empty() {
            if let Some(tag) = rec.tag("Options") {
                opts = options_tag(tag)?;
            }
        }
        let v = variant_named(&state, &name, opts.clone())?;
        let start = match rec.start_text() {
            Some(p) => v
                .normalize(p)
                .map_err(|e| ApiError::bad(RecordError::Position(e.to_string()).to_string()))?,
            None => v.start(),
        };
        let refs: Vec<&str> = rec.moves.iter().map(String::as_str).collect();
        let moves = v
            .normalize_moves(&start, &refs)
            .map_err(|e| record_move_error(e, &refs))?;
        let played: Vec<&str> = moves.iter().map(String::as_str).collect();
        let position = v.play(&start, &played)?;
        let tags: Map<String, Value> = rec
            .tags
            .iter()
            .map(|(k, val)| (k.clone(), Value::from(val.as_str())))
            .collect();
        let options: Map<String, Value> = opts
            .into_iter()
            .map(|(k, val)| (k, Value::from(val)))
            .collect();
        Ok(Json(json!({
            "variant": v.name(),
            "options": options,
            "games": records.len(),
            "game": wanted,
            "tags": tags,
            "start": start,
            "moves": moves,
            "position": position,
            "result": rec.result,
            "outcome": outcome_json(&v.outcome(&position)?),
        })))
    })
    .await
}

/// The options of an `Options` tag, `key=value,key=value`: a segment without `=` continues the
/// value before it (`true_kings=1,2,teams=13v24` is `true_kings` = `1,2` and `teams` = `13v24`).
fn options_tag(tag: &str) -> Result<Vec<(String, String)>, ApiError> {
    let mut out: Vec<(String, String)> = Vec::new();
    for segment in tag.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match segment.split_once('=') {
            Some((k, v)) => out.push((k.trim().to_string(), v.trim().to_string())),
            None => match out.last_mut() {
                Some((_, v)) => {
                    v.push(',');
                    v.push_str(segment);
                }
                None => {
                    return Err(ApiError::bad(format!(
                        "the record's Options tag '{tag}': expected key=value,key=value"
                    )))
                }
            },
        }
    }
    Ok(out)
}

/// True for a result token of a game of `players` players (`*`, `1-0`, `1/2-1/2`, `1-0-1-0`).
fn is_result(token: &str, players: usize) -> bool {
    token == "*"
        || (token.split('-').count() == players
            && token.split('-').all(|p| matches!(p, "1" | "0" | "1/2")))
}

/// Today's date in UTC as a record writes it (`YYYY.MM.DD`).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // The civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
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

/// A player's tag name: the player's name without anything but letters and digits.
fn player_tag(name: &str) -> String {
    let t: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    if t.is_empty() {
        "Player".into()
    } else {
        t
    }
}

/// The request's tags as (name, value) texts, checked: names of letters, digits and `_`, values
/// on one line, none of the tags the server computes.
fn request_tags(tags: Option<&Map<String, Value>>) -> Result<Vec<(String, String)>, ApiError> {
    let mut out = Vec::new();
    for (name, value) in tags.into_iter().flatten() {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(ApiError::bad(format!(
                "tag '{name}': a tag name is letters, digits and '_'"
            )));
        }
        if COMPUTED.contains(&name.as_str()) {
            return Err(ApiError::bad(format!(
                "tag '{name}' is written by the server (from 'variant', 'position' and the moves)"
            )));
        }
        let text = match value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            other => {
                return Err(ApiError::bad(format!(
                    "tag '{name}': expected a text, got {other}"
                )))
            }
        };
        if text.chars().any(char::is_control) {
            return Err(ApiError::bad(format!(
                "tag '{name}': a value is one line, without control characters"
            )));
        }
        out.push((name.clone(), text));
    }
    Ok(out)
}

/// The moves of a line, each written as a record writes it (Goff's `N - QR3,3` as `N-QR3,3` when
/// the variant reads that back as the same move), and the player who made each.
fn record_moves(
    v: &dyn AnyVariant,
    start: &str,
    moves: &[String],
) -> Result<(Vec<String>, Vec<usize>, String), ApiError> {
    let mut pos = start.to_string();
    let mut written = Vec::with_capacity(moves.len());
    let mut turns = Vec::with_capacity(moves.len());
    for m in moves {
        turns.push(v.to_move(&pos)?.index());
        let compact: String = m.split_whitespace().collect();
        let same = compact != *m
            && v.normalize_moves(&pos, &[compact.as_str()])
                .is_ok_and(|n| n.first() == Some(m));
        written.push(if same { compact } else { m.clone() });
        pos = v.play(&pos, &[m.as_str()])?;
    }
    Ok((written, turns, pos))
}

/// `POST /api/record/write`: `{variant, options, position?, moves, tags?, result?}` → `{record,
/// result}`, the game's record text.
pub async fn write(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let v = variant(&state, &request)?;
        let extra = request_tags(request.tags.as_ref())?;
        let start = start_text(v.as_ref(), &request)?;
        let refs = move_refs(&request);
        let played = v.normalize_moves(&start, &refs)?;
        let (moves, turns, last) = record_moves(v.as_ref(), &start, &played)?;
        let players = v.players();
        let outcome = v.outcome(&last)?;
        let result = match &request.result {
            Some(r) if !is_result(r, players.count()) => {
                return Err(ApiError::bad(format!(
                    "result '{r}': expected '*' or one score (1, 0 or 1/2) per player joined by '-', as '{}'",
                    vec!["1/2"; players.count()].join("-")
                )))
            }
            Some(r) => r.clone(),
            None => result_token(outcome.as_ref(), players.count()),
        };
        let player_tags: Vec<String> = players
            .all()
            .map(|p| player_tag(players.name(p)))
            .collect();
        let given = |name: &str| extra.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let mut tags: Vec<(String, String)> = vec![
            (
                "Event".into(),
                given("Event").unwrap_or_else(|| "spacechess serve".into()),
            ),
            ("Date".into(), given("Date").unwrap_or_else(today)),
        ];
        for (k, val) in &extra {
            let own = ["Event", "Date", "Termination"].contains(&k.as_str());
            if !own && !player_tags.contains(k) {
                tags.push((k.clone(), val.clone()));
            }
        }
        tags.extend(variant_tags(v.name(), (start != v.start()).then(|| start.clone())));
        for t in &player_tags {
            tags.push((t.clone(), given(t).unwrap_or_else(|| "?".into())));
        }
        tags.push(("Result".into(), result.clone()));
        // The rules' reason when the rules ended the game (and the result is theirs), else
        // the request's own.
        let rules_end = outcome
            .as_ref()
            .filter(|o| result_token(Some(o), players.count()) == result);
        match (rules_end, given("Termination")) {
            (Some(o), _) => tags.push(("Termination".into(), termination(o))),
            (None, Some(t)) => tags.push(("Termination".into(), t)),
            (None, None) => {}
        }
        let record = Record {
            tags,
            moves,
            result: result.clone(),
        };
        Ok(Json(json!({
            "record": record.to_text_with_turns(&turns),
            "result": result,
        })))
    })
    .await
}
