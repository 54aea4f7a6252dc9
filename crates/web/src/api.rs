//! The JSON API handlers (see docs/web.md for the request and reply shapes).

use crate::error::ApiError;
use crate::pieces::pieces;
use crate::AppState;
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use spacechess::search::Limits;
use spacechess::{
    AnyVariant, Cell, Config, DrawReason, Man, MoveInfo, Outcome, VirtualMen, WinReason,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Every POST body: the common fields and the extra ones some endpoints read.
#[derive(Debug, Default, Deserialize)]
pub struct ApiRequest {
    /// The variant's name (required by every endpoint but `/api/record/read`).
    #[serde(default)]
    pub variant: Option<String>,
    /// Rule options (values are text; numbers and booleans are taken as their text).
    #[serde(default)]
    pub options: Option<Map<String, Value>>,
    /// The position text (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from the position.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// Engine or perft depth.
    #[serde(default)]
    pub depth: Option<Value>,
    /// Engine time.
    #[serde(default)]
    pub movetime_ms: Option<Value>,
    /// Engine lines: how many best lines (1 to [`MAX_ENGINE_LINES`], default 1).
    #[serde(default)]
    pub lines: Option<Value>,
    /// The cell for the attacks.
    #[serde(default)]
    pub cell: Option<Value>,
    /// A game record's text (`/api/record/read`).
    #[serde(default)]
    pub record: Option<String>,
    /// Which game of the record text, from 1 (`/api/record/read`).
    #[serde(default)]
    pub game: Option<Value>,
    /// Tags of the record to write (`/api/record/write`).
    #[serde(default)]
    pub tags: Option<Map<String, Value>>,
    /// The result token of the record to write, overriding the rules' (`/api/record/write`).
    #[serde(default)]
    pub result: Option<String>,
}

/// The JSON type of a value, in words.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Checks the type of every field the API reads, so that an error names the field.
fn check_fields(body: &Map<String, Value>) -> Result<(), ApiError> {
    let wrong = |name: &str, want: &str, got: &Value| {
        ApiError::bad(format!(
            "field '{name}' must be {want}, got {}",
            type_name(got)
        ))
    };
    for (name, value) in body {
        if value.is_null() {
            continue;
        }
        match name.as_str() {
            "variant" | "position" | "record" | "result" if !value.is_string() => {
                return Err(wrong(name, "a string", value))
            }
            "options" | "tags" if !value.is_object() => {
                return Err(wrong(name, "an object", value))
            }
            "moves" => {
                let Some(list) = value.as_array() else {
                    return Err(wrong(name, "an array of move texts", value));
                };
                if let Some((i, m)) = list.iter().enumerate().find(|(_, m)| !m.is_string()) {
                    return Err(wrong(&format!("moves[{i}]"), "a string", m));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The body of a POST, read within the size limit and parsed; every failure is a JSON error.
pub struct ApiBody(pub ApiRequest);

impl<S: Send + Sync> FromRequest<S> for ApiBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let limit = crate::BODY_LIMIT;
        let too_big = || {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("request body over {} KiB", limit / 1024),
            )
        };
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > limit as u64) {
            return Err(too_big());
        }
        let bytes = match axum::body::to_bytes(req.into_body(), limit).await {
            Ok(b) => b,
            Err(e) => {
                let over = std::error::Error::source(&e)
                    .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                    || e.to_string().contains("length limit");
                return Err(if over {
                    too_big()
                } else {
                    ApiError::bad(format!("could not read the request body: {e}"))
                });
            }
        };
        let value: Value = serde_json::from_slice(&bytes)
            .map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))?;
        let Value::Object(body) = value else {
            return Err(ApiError::bad(
                "the body must be a JSON object with at least \"variant\"",
            ));
        };
        check_fields(&body)?;
        let request: ApiRequest = serde_json::from_value(Value::Object(body))
            .map_err(|e| ApiError::bad(format!("bad request: {e}")))?;
        Ok(ApiBody(request))
    }
}

/// Runs library work on the blocking threads; a panic there is a 500, not a dead server.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => r,
        Err(e) if e.is_panic() => Err(ApiError::internal(
            "internal error: the request's handler panicked (a bug; the server goes on)",
        )),
        Err(e) => Err(ApiError::internal(format!("internal error: {e}"))),
    }
}

/// The rule options as `(key, value)` texts.
pub(crate) fn options(request: &ApiRequest) -> Result<Vec<(String, String)>, ApiError> {
    let mut out = Vec::new();
    for (key, value) in request.options.iter().flatten() {
        let text = match value {
            Value::String(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            other => {
                return Err(ApiError::bad(format!(
                    "option '{key}': expected a text, number or boolean, got {other}"
                )))
            }
        };
        out.push((key.clone(), text));
    }
    Ok(out)
}

/// The variant called `name` with these options, from the server's cache.
pub(crate) fn variant_named(
    state: &AppState,
    name: &str,
    opts: Vec<(String, String)>,
) -> Result<Arc<dyn AnyVariant>, ApiError> {
    let key = (name.to_string(), opts);
    {
        let cache = state.variants.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = cache.get(&key) {
            return Ok(v.clone());
        }
    }
    let config = Config {
        rules: None,
        rules_origin: None,
        options: key.1.clone(),
    };
    let v: Arc<dyn AnyVariant> = Arc::from(spacechess::variant_with(name, &config)?);
    let mut cache = state.variants.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= crate::VARIANT_CACHE {
        cache.clear();
    }
    cache.insert(key, v.clone());
    Ok(v)
}

/// The variant of a request (its `variant` and `options`), from the server's cache.
pub(crate) fn variant(
    state: &AppState,
    request: &ApiRequest,
) -> Result<Arc<dyn AnyVariant>, ApiError> {
    let Some(name) = &request.variant else {
        return Err(ApiError::bad("missing field 'variant'"));
    };
    variant_named(state, name, options(request)?)
}

/// The start text of a request (its position, normalised, or the variant's start).
pub(crate) fn start_text(v: &dyn AnyVariant, request: &ApiRequest) -> Result<String, ApiError> {
    match &request.position {
        Some(p) if !p.trim().is_empty() => Ok(v.normalize(p)?),
        _ => Ok(v.start()),
    }
}

/// The moves of a request as `&str`s.
pub(crate) fn move_refs(request: &ApiRequest) -> Vec<&str> {
    request.moves.iter().flatten().map(String::as_str).collect()
}

/// An unsigned integer field of the request within `range`: 400 if not an integer, 422 if out
/// of range.
pub(crate) fn integer(
    name: &str,
    value: &Value,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, ApiError> {
    let n = match value {
        Value::Number(n) => n,
        other => {
            return Err(ApiError::bad(format!(
                "'{name}' must be a whole number, got {other}"
            )))
        }
    };
    let out_of_range = || {
        ApiError::limit(format!(
            "'{name}' {n} is out of range ({} to {})",
            range.start(),
            range.end()
        ))
    };
    match n.as_u64() {
        Some(u) if range.contains(&u) => Ok(u),
        Some(_) => Err(out_of_range()),
        None if n.as_i64().is_some() => Err(out_of_range()),
        None => match n.as_f64() {
            Some(f) if f.fract() == 0.0 => Err(out_of_range()),
            _ => Err(ApiError::bad(format!(
                "'{name}' must be a whole number, got {n}"
            ))),
        },
    }
}

/// The upper-case letter of the man a move moves (the man on its first `from` cell), or for a
/// placement of the man it places (found by playing it); `None` if neither is found.
fn moving_piece(
    v: &dyn AnyVariant,
    position: &str,
    men: &[Man],
    text: &str,
    info: &MoveInfo,
) -> Option<char> {
    let on = |men: &[Man], cell: Cell| {
        men.iter()
            .find(|m| m.cell == cell)
            .map(|m| m.piece.to_ascii_uppercase())
    };
    match (info.from.first(), info.to.first()) {
        (Some(&from), _) => on(men, from),
        (None, Some(&to)) => {
            let after = v.play(position, &[text]).ok()?;
            on(&v.men(&after).ok()?, to)
        }
        (None, None) => None,
    }
}

/// The virtual pieces of a position that stands for several realities (Goff's quantum chess):
/// `null` for a classical position; else the number of realities and each man who stands where
/// he stands in only some of them, with his weight. Weights are decimal strings (they may pass
/// JavaScript's exact integers), with `share`, the weight over the realities, as a number.
fn virtual_json(men: Option<VirtualMen>) -> Value {
    let Some(men) = men else {
        return Value::Null;
    };
    let partial: Vec<Value> = men
        .partial()
        .map(|m| {
            json!({
                "cell": m.man.cell,
                "player": m.man.player.0,
                "piece": m.man.piece.to_string(),
                "weight": m.weight.to_string(),
                "share": m.weight as f64 / men.realities.max(1) as f64,
            })
        })
        .collect();
    json!({"realities": men.realities.to_string(), "men": partial})
}

/// A move's geometry as JSON, with its text and the letter of the man it moves.
fn move_json(text: &str, info: &MoveInfo, piece: Option<char>) -> Value {
    json!({
        "text": text,
        "piece": piece.map(|c| c.to_string()),
        "kind": info.kind,
        "from": info.from,
        "to": info.to,
        "captures": info.captures,
        "promotion": info.promotion.map(|c| c.to_string()),
    })
}

/// An outcome as JSON.
pub(crate) fn outcome_json(outcome: &Option<Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(Outcome::Win { winners, reason }) => {
            let reason = match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::Stalemate => "stalemate",
                WinReason::KingCaptured => "king captured",
                WinReason::CapturedEverything => "captured everything",
                WinReason::LostEverything => "lost everything",
                WinReason::PerpetualCheck => "perpetual check",
                WinReason::Other(s) => s,
            };
            let winners: Vec<u8> = winners.iter().map(|p| p.0).collect();
            json!({"result": "win", "winners": winners, "reason": reason})
        }
        Some(Outcome::Draw(reason)) => {
            let reason = match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::Repetition => "repetition",
                DrawReason::MoveLimit => "move limit",
                DrawReason::Other(s) => s,
            };
            json!({"result": "draw", "winners": [], "reason": reason})
        }
    }
}

/// `GET /api/variants`.
pub async fn variants() -> Json<Value> {
    let list: Vec<Value> = spacechess::catalog()
        .iter()
        .map(|v| {
            let options: Vec<Value> = v
                .options
                .iter()
                .map(|o| {
                    json!({"name": o.name, "kind": o.kind, "default": o.default,
                           "allowed": o.allowed, "doc": o.doc})
                })
                .collect();
            json!({"name": v.name, "description": v.description, "crate": v.crate_name,
                   "constructor": v.constructor, "options": options})
        })
        .collect();
    Json(Value::Array(list))
}

/// `POST /api/board`.
pub async fn board(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let v = variant(&state, &request)?;
        let players: Vec<Value> = v
            .players()
            .all()
            .map(|p| json!({"name": v.players().name(p), "team": v.players().team(p)}))
            .collect();
        let mut names = Map::new();
        for (letter, name) in pieces(v.name()) {
            names.insert(letter.to_string(), Value::from(*name));
        }
        // Letters of the start position's men the table does not know: the letter itself.
        for man in v.men(&v.start())? {
            let letter = man.piece.to_ascii_uppercase().to_string();
            if !names.contains_key(&letter) {
                names.insert(letter.clone(), Value::from(letter));
            }
        }
        Ok(Json(json!({
            "board": v.board(),
            "players": players,
            "pieces": names,
        })))
    })
    .await
}

/// `POST /api/position`.
pub async fn position(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let v = variant(&state, &request)?;
        let start = start_text(v.as_ref(), &request)?;
        let moves = move_refs(&request);
        let played = v.normalize_moves(&start, &moves)?;
        // Walk the line: who made each move, and the position before the last.
        let mut movers = Vec::with_capacity(played.len());
        let mut position = start.clone();
        let mut prior = None;
        for m in &played {
            movers.push(v.to_move(&position)?.0);
            let next = v.play(&position, &[m.as_str()])?;
            prior = Some(std::mem::replace(&mut position, next));
        }
        let last = match (played.last(), &prior) {
            (Some(last), Some(prior)) => {
                let info = v.move_info(prior, last)?;
                let piece = moving_piece(v.as_ref(), prior, &v.men(prior)?, last, &info);
                move_json(last, &info, piece)
            }
            _ => Value::Null,
        };
        let men = v.men(&position)?;
        let to_move = v.to_move(&position)?;
        let in_check = v.in_check(&position)?;
        // The kings in check: the side to move's men lettered K, when it is in check.
        let checked: Vec<Cell> = men
            .iter()
            .filter(|m| in_check && m.player == to_move && m.piece.eq_ignore_ascii_case(&'K'))
            .map(|m| m.cell)
            .collect();
        let legal: Vec<Value> = v
            .legal_move_infos(&position)?
            .iter()
            .map(|(text, info)| {
                let piece = moving_piece(v.as_ref(), &position, &men, text, info);
                move_json(text, info, piece)
            })
            .collect();
        Ok(Json(json!({
            "start": start,
            "position": position,
            "moves": played,
            "movers": movers,
            "to_move": to_move.0,
            "in_check": in_check,
            "checked": checked,
            "outcome": outcome_json(&v.outcome(&position)?),
            "men": men,
            "virtual": virtual_json(v.virtual_men(&position)?),
            "legal": legal,
            "last": last,
            "drawing": v.draw(&position)?,
        })))
    })
    .await
}

/// Waits for a search slot (at most the configured wait), else 503.
pub(crate) async fn search_slot(
    state: &AppState,
) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    match tokio::time::timeout(
        state.config.queue_wait,
        state.searches.clone().acquire_owned(),
    )
    .await
    {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the engine is busy ({} searches running): try again",
                state.config.search_slots
            ),
        )),
    }
}

/// The most best lines `/api/engine` finds (`lines`).
pub const MAX_ENGINE_LINES: u64 = 8;

/// `POST /api/engine`.
pub async fn engine(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    let cap_ms = state.config.max_movetime_ms;
    let depth = match &request.depth {
        Some(d) => Some(integer("depth", d, 1..=u64::from(state.config.max_depth))? as u32),
        None => None,
    };
    let movetime = match &request.movetime_ms {
        Some(t) => Some(integer("movetime_ms", t, 1..=cap_ms)?),
        None => None,
    };
    let lines = match &request.lines {
        Some(n) => integer("lines", n, 1..=MAX_ENGINE_LINES)? as usize,
        None => 1,
    };
    let limits = Limits {
        depth: match (depth, movetime) {
            (None, None) => Some(3),
            (d, Some(_)) => Some(d.unwrap_or(state.config.max_depth)),
            (d, None) => d,
        },
        // Every search stops at the time cap, whatever its depth.
        movetime: Some(Duration::from_millis(movetime.unwrap_or(cap_ms))),
        ..Limits::default()
    };
    let permit = search_slot(&state).await?;
    blocking(move || {
        let _permit = permit;
        let v = variant(&state, &request)?;
        let start = start_text(v.as_ref(), &request)?;
        let moves = move_refs(&request);
        let r = v.search_lines(&start, &moves, limits, lines)?;
        // A forced result is ±30 000, so that a client sorting by `score_cp` need not know MATE.
        let cp = |score: i32, mate_in: Option<i32>| {
            if mate_in.is_some() {
                30_000 * score.signum()
            } else {
                score
            }
        };
        let score_cp = cp(r.score, r.mate_in);
        let lines: Vec<Value> = r
            .lines
            .iter()
            .map(|l| {
                json!({
                    "score_text": l.score_text,
                    "score_cp": cp(l.score, l.mate_in),
                    "mate_in": l.mate_in,
                    "pv": l.pv,
                    "depth": l.depth,
                })
            })
            .collect();
        Ok(Json(json!({
            "best": r.best,
            "score_text": r.score_text,
            "score_cp": score_cp,
            "mate_in": r.mate_in,
            "pv": r.pv,
            "depth": r.depth,
            "nodes": r.nodes,
            "time_ms": r.elapsed.as_millis() as u64,
            "lines": lines,
        })))
    })
    .await
}

/// `POST /api/perft`.
pub async fn perft(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    let depth = match &request.depth {
        Some(d) => integer("depth", d, 0..=u64::from(state.config.max_perft_depth))? as u32,
        None => return Err(ApiError::bad("missing field 'depth'")),
    };
    let budget = state.config.max_perft_nodes;
    let time_cap = Duration::from_millis(state.config.max_perft_ms);
    let permit = search_slot(&state).await?;
    blocking(move || {
        let _permit = permit;
        let began = Instant::now();
        let v = variant(&state, &request)?;
        let start = start_text(v.as_ref(), &request)?;
        let position = v.play(&start, &move_refs(&request))?;
        let roots: Vec<(String, String)> = v
            .legal_moves(&position)?
            .into_iter()
            .map(|m| {
                let child = v.play(&position, &[m.as_str()])?;
                Ok((m, child))
            })
            .collect::<Result<_, ApiError>>()?;
        // Count depth by depth, each as the sum over the root moves (so that the time cap is
        // checked after every root move's subtree); before each depth, estimate its count from
        // the last branching factor and refuse what would exceed the node budget.
        let mut counts: Vec<u64> = vec![1];
        let mut divide: Vec<(String, u64)> = Vec::new();
        for d in 1..=depth {
            let last = counts[counts.len() - 1];
            let branching = if counts.len() >= 2 {
                last as f64 / counts[counts.len() - 2].max(1) as f64
            } else {
                1.0
            };
            let estimate = last as f64 * branching;
            if d >= 2 && estimate > budget as f64 {
                return Err(ApiError::limit(format!(
                    "perft {depth} too large here: about {estimate:.0} nodes at depth {d}, over the server's limit of {budget}"
                )));
            }
            divide.clear();
            let mut total = 0u64;
            for (m, child) in &roots {
                let n = v.perft(child, d - 1, 1)?;
                total += n;
                divide.push((m.clone(), n));
                if total > budget {
                    return Err(ApiError::limit(format!(
                        "perft {depth} too large here: over {budget} nodes at depth {d}, the server's limit"
                    )));
                }
                if began.elapsed() > time_cap {
                    return Err(ApiError::limit(format!(
                        "perft {depth} too slow here: stopped at depth {d} after the server's limit of {} ms",
                        time_cap.as_millis()
                    )));
                }
            }
            counts.push(total);
        }
        let divide: Vec<Value> = divide
            .iter()
            .map(|(m, n)| json!({"move": m, "nodes": n}))
            .collect();
        Ok(Json(json!({
            "nodes": counts[depth as usize],
            "depth": depth,
            "counts": counts,
            "divide": divide,
            "time_ms": began.elapsed().as_millis() as u64,
        })))
    })
    .await
}

/// `POST /api/attacks`.
pub async fn attacks(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    let cell = match &request.cell {
        Some(c) => integer("cell", c, 0..=u64::from(u32::MAX))?,
        None => return Err(ApiError::bad("missing field 'cell'")),
    };
    blocking(move || {
        let v = variant(&state, &request)?;
        let start = start_text(v.as_ref(), &request)?;
        let position = v.play(&start, &move_refs(&request))?;
        let board = v.board();
        let cell = Cell(cell as u32);
        if board.cell(cell).is_none() {
            let last = board.cells.last().map_or(0, |c| c.cell.0);
            return Err(ApiError::bad(format!(
                "cell {} is not on the board (cells 0 to {last}, as /api/board lists them)",
                cell.0
            )));
        }
        let a = v.attackers(&position, cell)?;
        Ok(Json(json!({"attackers": a.men, "complete": a.complete})))
    })
    .await
}

/// `POST /api/validate`.
pub async fn validate(
    State(state): State<Arc<AppState>>,
    ApiBody(request): ApiBody,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let v = variant(&state, &request)?;
        let Some(text) = &request.position else {
            return Err(ApiError::bad("missing field 'position'"));
        };
        Ok(Json(json!({"position": v.normalize(text)?})))
    })
    .await
}
