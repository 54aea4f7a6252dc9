//! The web API in-process (tower's `oneshot` on the router): every variant (start, a few moves,
//! an illegal move, the engine, perft, attacks, validation), games' ends, and every refusal
//! (Host, Origin, content type, body size, bad JSON, absurd limits, busy engine, a panicking
//! handler). One live server on loopback checks the wire.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use spacechess_web::{router, ServerConfig};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const PORT: u16 = 7557;
const HOST: &str = "127.0.0.1:7557";

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

fn app() -> Router {
    router(&ServerConfig::default(), PORT)
}

/// Sends a request; the status and the JSON reply (`Value::Null` if the body is not JSON).
async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, req).await
}

async fn get(app: &Router, path: &str) -> (StatusCode, Value) {
    let req = Request::builder()
        .uri(path)
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    send(app, req).await
}

/// A 4xx with a one-line JSON error; the error.
fn refused(status: StatusCode, reply: &Value, want: StatusCode) -> String {
    assert_eq!(status, want, "{reply}");
    let e = reply["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {reply}"));
    assert!(!e.is_empty() && !e.contains('\n'), "{e:?}");
    e.to_string()
}

fn ok(status: StatusCode, reply: &Value) {
    assert_eq!(status, StatusCode::OK, "{reply}");
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn catalogue_lists_every_variant_with_options() {
    block_on(async {
        let (s, r) = get(&app(), "/api/variants").await;
        ok(s, &r);
        let names: Vec<&str> = r
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        let want: Vec<&str> = spacechess::VARIANTS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, want);
        let raum = &r.as_array().unwrap()[names.iter().position(|n| *n == "raumschach").unwrap()];
        assert_eq!(raum["crate"], "spacechess-cubic");
        assert!(raum["constructor"].as_str().unwrap().contains("Raumschach"));
        let opt = raum["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "pawn_double_step")
            .unwrap();
        assert_eq!(opt["default"], "false");
        for key in ["kind", "allowed", "doc"] {
            assert!(opt.get(key).is_some(), "{opt}");
        }
    });
}

/// Every variant: the board, the start, three plies, an illegal move, a replayed move, the
/// engine at depth 1, perft 1, the attacks on a man's cell, validation.
#[test]
fn every_variant_start_moves_illegal_engine_perft() {
    block_on(async {
        let app = app();
        for (name, _) in spacechess::VARIANTS {
            let base = json!({"variant": name});
            let (s, board) = post(&app, "/api/board", base.clone()).await;
            ok(s, &board);
            let cells = board["board"]["cells"].as_array().unwrap();
            assert!(cells.len() >= 64, "{name}");
            // By increasing cell index (dense but for Spectral Realm's grid of squares and points).
            let mut previous = -1i64;
            for c in cells {
                let i = c["cell"].as_i64().unwrap();
                assert!(i > previous, "{name}: {c}");
                previous = i;
                assert!(c["name"].is_string() && c["coords"].is_array(), "{name}");
            }
            assert!(!board["board"]["panels"].as_array().unwrap().is_empty());
            let players = board["players"].as_array().unwrap();
            assert!(
                players.len() >= 2 && players[0]["name"].is_string(),
                "{name}"
            );
            assert_eq!(board["pieces"]["K"], "King", "{name}");

            let (s, start) = post(&app, "/api/position", base.clone()).await;
            ok(s, &start);
            assert_eq!(start["start"], start["position"], "{name}");
            assert_eq!(start["to_move"], 0, "{name}");
            assert_eq!(start["in_check"], false);
            assert!(start["outcome"].is_null() && start["last"].is_null());
            assert!(start["moves"].as_array().unwrap().is_empty());
            assert!(start["drawing"].as_str().unwrap().lines().count() > 3);
            let legal = start["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "{name}");
            let mut sorted = texts(&start["legal"]);
            sorted.sort();
            assert_eq!(sorted, texts(&start["legal"]), "{name}: sorted");
            for m in legal {
                assert!(m["kind"].is_string() && m["to"].is_array(), "{m}");
                assert!(m["captures"].is_array() && m.get("promotion").is_some());
                let piece = m["piece"].as_str().unwrap_or_else(|| panic!("{name}: {m}"));
                assert!(board["pieces"].get(piece).is_some(), "{name}: {m}");
            }

            // Three plies, each the first legal move.
            let mut line: Vec<String> = Vec::new();
            let mut last = start.clone();
            for _ in 0..3 {
                let Some(first) = last["legal"].as_array().unwrap().first() else {
                    break;
                };
                line.push(first["text"].as_str().unwrap().to_string());
                let (s, r) = post(
                    &app,
                    "/api/position",
                    json!({"variant": name, "moves": line}),
                )
                .await;
                ok(s, &r);
                assert_eq!(r["start"], start["start"], "{name}");
                assert_eq!(r["moves"], json!(line), "{name}");
                assert_eq!(r["last"]["text"], json!(line.last().unwrap()), "{name}");
                assert_eq!(r["last"]["kind"], first["kind"], "{name}");
                assert_eq!(r["last"]["to"], first["to"], "{name}");
                assert_eq!(r["last"]["piece"], first["piece"], "{name}");
                let movers = r["movers"].as_array().unwrap();
                assert_eq!(movers.len(), line.len(), "{name}");
                assert_eq!(movers[line.len() - 1], last["to_move"], "{name}");
                last = r;
            }
            // The position text after them, sent back as the position, gives the same men.
            let (s, again) = post(
                &app,
                "/api/position",
                json!({"variant": name, "position": last["position"]}),
            )
            .await;
            ok(s, &again);
            assert_eq!(again["men"], last["men"], "{name}");
            assert_eq!(again["legal"], last["legal"], "{name}");

            // Illegal: nonsense, and the first move played twice.
            let (s, r) = post(
                &app,
                "/api/position",
                json!({"variant": name, "moves": ["Zz99-Qq0"]}),
            )
            .await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(
                e.starts_with("move 1:") && e.contains("Zz99-Qq0"),
                "{name}: {e}"
            );
            let second = [line[0].as_str(), "Zz99-Qq0"];
            let (s, r) = post(
                &app,
                "/api/position",
                json!({"variant": name, "moves": second}),
            )
            .await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(e.starts_with("move 2:"), "{name}: {e}");

            // The engine answers with a legal move; perft 1 counts the legal moves.
            let (s, r) = post(&app, "/api/engine", json!({"variant": name, "depth": 1})).await;
            ok(s, &r);
            let best = r["best"].as_str().unwrap().to_string();
            assert!(texts(&start["legal"]).contains(&best), "{name}: {best}");
            assert_eq!(r["pv"][0], json!(best));
            assert!(r["score_text"].is_string() && r["score_cp"].is_i64(), "{r}");
            assert_eq!(r["depth"], 1);
            let (s, r) = post(&app, "/api/perft", json!({"variant": name, "depth": 1})).await;
            ok(s, &r);
            assert_eq!(r["nodes"], legal.len(), "{name}");

            // Attacks on the cell of the first man after the plies (if any).
            if let Some(man) = last["men"].as_array().unwrap().first() {
                let (s, r) = post(
                    &app,
                    "/api/attacks",
                    json!({"variant": name, "moves": line, "cell": man["cell"]}),
                )
                .await;
                ok(s, &r);
                for a in r["attackers"].as_array().unwrap() {
                    assert_ne!(a["player"], man["player"], "{name}: {r}");
                }
            }

            // Validation gives the position back as written.
            let (s, r) = post(
                &app,
                "/api/validate",
                json!({"variant": name, "position": last["position"]}),
            )
            .await;
            ok(s, &r);
            assert_eq!(r["position"], last["position"], "{name}");
        }
    });
}

/// Raumschach: White's rook on Cb3 and queen on Ae2 against the king on Ea2 (mate in one).
const RAUMSCHACH_MATE_IN_1: &str =
    "5/5/5/5/4K//5/5/1R3/5/k4//5/5/5/5/5//5/5/5/5/5//5/5/5/4Q/5 w - - 0 1";
/// Sphinx: the queen on d6 mates the king on a1 from a6 (docs/sphinx.md 5).
const SPHINX_MATE_IN_1: &str = "3/3/3//3/3/3//3/3/3//k2/3/3///3/3/3//3/3/3//3/Q2/R2//1R1/RR1/3///3/3/3//3/3/3//3/3/3//3/3/3///3/3/2K//3/3/3//3/3/3//3/3/3 w * - 0 1";
/// Goff P10a (the book's T10): R - KB8,1 is checkmate.
const GOFF_MATE_IN_1: &str = "1k6/8/8/8/8/8/8/8//8/8/2K5/8/8/8/8/8//8/2R5/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8 w * - 0 1";

/// The game's end by checkmate: the outcome, no legal move, check; a move after it is refused;
/// the engine finds the mate and answers `best: null` once it is over.
#[test]
fn games_end_in_checkmate() {
    block_on(async {
        let app = app();
        // (variant, position, moves, the mate as written, the winner).
        type Mate<'a> = (&'a str, Option<&'a str>, &'a [&'a str], &'a str, u8);
        let cases: [Mate; 4] = [
            (
                "orthodox",
                None,
                &["f2f3", "e7e5", "g2g4", "d8h4"],
                "d8h4",
                1,
            ),
            (
                "raumschach",
                Some(RAUMSCHACH_MATE_IN_1),
                &["Ae2-Db2"],
                "Ae2-Db2",
                0,
            ),
            ("sphinx", Some(SPHINX_MATE_IN_1), &["d6-a6"], "d6-a6", 0),
            (
                "goff",
                Some(GOFF_MATE_IN_1),
                &["R-KB8,1"],
                "R - KB8,1 ch",
                0,
            ),
        ];
        for (name, position, moves, mate, winner) in cases {
            let mut req = json!({"variant": name, "moves": moves});
            if let Some(p) = position {
                req["position"] = json!(p);
            }
            let (s, r) = post(&app, "/api/position", req.clone()).await;
            ok(s, &r);
            assert_eq!(
                r["outcome"],
                json!({"result": "win", "winners": [winner], "reason": "checkmate"}),
                "{name}"
            );
            assert_eq!(r["in_check"], true, "{name}");
            assert!(r["legal"].as_array().unwrap().is_empty(), "{name}");
            assert_eq!(r["last"]["text"], mate, "{name}");
            assert_eq!(r["moves"].as_array().unwrap().last().unwrap(), mate);

            // Nothing can be played after the end.
            let over = r["legal"].clone();
            assert!(over.as_array().unwrap().is_empty());
            let mut after = req.clone();
            after["position"] = r["position"].clone();
            after["moves"] = json!([moves[0]]);
            let (s, e) = post(&app, "/api/position", after.clone()).await;
            refused(s, &e, StatusCode::BAD_REQUEST);
            after["moves"] = json!([]);
            after["depth"] = json!(2);
            let (s, e) = post(&app, "/api/engine", after).await;
            ok(s, &e);
            assert!(e["best"].is_null(), "{name}: {e}");

            // The engine finds the mate from the position before it.
            let mut before = req.clone();
            before["moves"] = json!(moves[..moves.len() - 1]);
            before["depth"] = json!(2);
            let (s, e) = post(&app, "/api/engine", before).await;
            ok(s, &e);
            assert_eq!(e["best"], mate, "{name}: {e}");
            assert_eq!(e["mate_in"], 1, "{name}: {e}");
            assert_eq!(e["score_cp"], 30000, "{name}: {e}");
            assert_eq!(e["score_text"], "+M1", "{name}: {e}");
        }
    });
}

/// docs/web.md, `POST /api/engine`: `lines` asks for several best lines, best first, each
/// beginning with another move; the reply's own move and score are the first line's, and one
/// line is given without asking.
#[test]
fn the_engine_gives_several_lines() {
    block_on(async {
        let app = app();
        let back_rank = "7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1";
        let req = json!({"variant": "orthodox", "position": back_rank, "depth": 3, "lines": 3});
        let (s, r) = post(&app, "/api/engine", req).await;
        ok(s, &r);
        let lines = r["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 3, "{r}");
        let mut mates: Vec<&str> = lines[..2]
            .iter()
            .map(|l| l["pv"][0].as_str().unwrap())
            .collect();
        mates.sort();
        assert_eq!(mates, ["a1a8", "b2b8"], "{r}");
        for l in &lines[..2] {
            assert_eq!(l["mate_in"], 1, "{r}");
            assert_eq!(l["score_cp"], 30000, "{r}");
            assert_eq!(l["score_text"], "+M1", "{r}");
        }
        assert!(lines[2]["mate_in"].is_null(), "{r}");
        assert_eq!(r["best"], lines[0]["pv"][0]);
        assert_eq!(r["pv"], lines[0]["pv"]);
        assert_eq!(r["depth"], lines[0]["depth"]);
        let (s, r) = post(
            &app,
            "/api/engine",
            json!({"variant": "orthodox", "depth": 2}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["lines"].as_array().unwrap().len(), 1, "{r}");
        assert_eq!(r["lines"][0]["pv"], r["pv"]);
    });
}

/// Move geometry for the page: promotions, castles, en passant and placements as the library
/// gives them.
#[test]
fn legal_moves_carry_their_geometry() {
    block_on(async {
        let app = app();
        // Orthodox: White castles either way, the pawn on b7 promotes four ways on b8 (and four
        // more taking the rook on a8).
        let castles = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "orthodox", "position": castles}),
        )
        .await;
        ok(s, &r);
        let legal = r["legal"].as_array().unwrap();
        let castle: Vec<&Value> = legal.iter().filter(|m| m["kind"] == "Castle").collect();
        assert_eq!(castle.len(), 2, "{legal:?}");
        for c in castle {
            assert_eq!(c["from"].as_array().unwrap().len(), 2);
            assert_eq!(c["to"].as_array().unwrap().len(), 2);
        }
        let promotions: Vec<&Value> = legal
            .iter()
            .filter(|m| m["kind"] == "Promotion" && m["captures"].as_array().unwrap().is_empty())
            .collect();
        assert_eq!(promotions.len(), 4);
        assert!(promotions.iter().any(|m| m["promotion"] == "Q"));
        let taking: Vec<&Value> = legal
            .iter()
            .filter(|m| m["kind"] == "Promotion" && !m["captures"].as_array().unwrap().is_empty())
            .collect();
        assert_eq!(taking.len(), 4);
        assert_eq!(taking[0]["captures"], taking[0]["to"]);
        // En passant: the captured cell is not the cell landed on.
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "orthodox", "moves": ["e2e4", "a7a6", "e4e5", "d7d5"]}),
        )
        .await;
        ok(s, &r);
        let ep = r["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["kind"] == "EnPassant")
            .unwrap();
        assert_ne!(ep["to"], ep["captures"]);
        // Ecila opens with placements: no from cell.
        let (s, r) = post(&app, "/api/position", json!({"variant": "ecila"})).await;
        ok(s, &r);
        let first = &r["legal"][0];
        assert_eq!(first["kind"], "Placement");
        assert!(first["from"].as_array().unwrap().is_empty());
        // The placed man's letter is the one before '@' in the move's text.
        for m in r["legal"].as_array().unwrap() {
            let text = m["text"].as_str().unwrap();
            let letter = text.split('@').next().unwrap().to_ascii_uppercase();
            assert_eq!(m["piece"], json!(letter), "{m}");
        }
        // Options change the rules: Raumschach's double step.
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "raumschach", "options": {"pawn_double_step": true}}),
        )
        .await;
        ok(s, &r);
        let (s, plain) = post(&app, "/api/position", json!({"variant": "raumschach"})).await;
        ok(s, &plain);
        assert!(r["legal"].as_array().unwrap().len() > plain["legal"].as_array().unwrap().len());
    });
}

/// Issue 15 (05 §3, the book's half-size virtual pieces): a quantum position lists the men who
/// stand on their tiles in only some realities, with their weights; a classical one has none.
#[test]
fn quantum_positions_carry_virtual_pieces() {
    block_on(async {
        let app = app();
        let (s, r) = post(&app, "/api/position", json!({"variant": "goff"})).await;
        ok(s, &r);
        assert_eq!(r["virtual"], Value::Null);
        let (s, r) = post(&app, "/api/position", json!({"variant": "goff-quantum"})).await;
        ok(s, &r);
        assert_eq!(r["virtual"], json!({"realities": "1", "men": []}));
        // T42's first move: the pawn packet, five realities, the pawn on a different tile in each.
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "goff-quantum", "moves": ["P(K2,2) - [K4,4]"]}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["virtual"]["realities"], "5");
        let men = r["virtual"]["men"].as_array().unwrap();
        assert_eq!(men.len(), 5, "{men:?}");
        for m in men {
            assert_eq!(
                (&m["piece"], &m["player"], &m["weight"]),
                (&json!("P"), &json!(0), &json!("1"))
            );
            assert_eq!(m["share"], json!(0.2));
        }
        // Every virtual pawn is one of the board's men, and no man stands on K2,2 any more.
        let all = r["men"].as_array().unwrap();
        for m in men {
            assert!(
                all.iter()
                    .any(|a| a["cell"] == m["cell"] && a["piece"] == "P"),
                "{m}"
            );
        }
        let cells: Vec<&Value> = men.iter().map(|m| &m["cell"]).collect();
        let (s, b) = post(&app, "/api/board", json!({"variant": "goff-quantum"})).await;
        ok(s, &b);
        let k22 = b["board"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "K2,2")
            .unwrap();
        assert!(!cells.contains(&&k22["cell"]));
        assert!(!all.iter().any(|a| a["cell"] == k22["cell"]));
    });
}

#[test]
fn attacks_on_a_cell() {
    block_on(async {
        let app = app();
        // After 1. e4 d5: Black's d5 pawn is attacked by e4, White's e4 by d5.
        let board = spacechess::variant("orthodox").unwrap().board();
        let cell = |n: &str| board.by_name(n).unwrap().cell.0;
        let req = |c: u32| json!({"variant": "orthodox", "moves": ["e2e4", "d7d5"], "cell": c});
        let (s, r) = post(&app, "/api/attacks", req(cell("d5"))).await;
        ok(s, &r);
        assert_eq!(
            r["attackers"],
            json!([{"cell": cell("e4"), "player": 0, "piece": "P"}])
        );
        assert_eq!(r["complete"], true);
        let (s, r) = post(&app, "/api/attacks", req(cell("e4"))).await;
        ok(s, &r);
        assert_eq!(
            r["attackers"],
            json!([{"cell": cell("d5"), "player": 1, "piece": "P"}])
        );
        // Off the board, or not a number.
        let (s, r) = post(&app, "/api/attacks", req(64)).await;
        let e = refused(s, &r, StatusCode::BAD_REQUEST);
        assert!(e.contains("not on the board"), "{e}");
        let (s, r) = post(
            &app,
            "/api/attacks",
            json!({"variant": "orthodox", "cell": "e4"}),
        )
        .await;
        refused(s, &r, StatusCode::BAD_REQUEST);
    });
}

#[test]
fn validate_gives_the_variants_message() {
    block_on(async {
        let app = app();
        let (s, r) = post(
            &app,
            "/api/validate",
            json!({"variant": "orthodox", "position": "  8/8/8/8/8/8/8/K6k w - - 0 1 "}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["position"], "8/8/8/8/8/8/8/K6k w - - 0 1");
        // Two white kings.
        let (s, r) = post(
            &app,
            "/api/validate",
            json!({"variant": "orthodox", "position": "8/8/8/8/8/8/8/KK5k w - - 0 1"}),
        )
        .await;
        let e = refused(s, &r, StatusCode::BAD_REQUEST);
        assert!(e.starts_with("bad position"), "{e}");
        let (s, r) = post(&app, "/api/validate", json!({"variant": "raumschach"})).await;
        refused(s, &r, StatusCode::BAD_REQUEST);
        let (s, r) = post(
            &app,
            "/api/validate",
            json!({"variant": "raumschach", "position": "5/5/5 w"}),
        )
        .await;
        refused(s, &r, StatusCode::BAD_REQUEST);
    });
}

fn raw(method: Method, host: Option<&str>, headers: &[(&str, &str)], body: &str) -> Request<Body> {
    let mut b = Request::builder().method(method).uri("/api/position");
    if let Some(h) = host {
        b = b.header(header::HOST, h);
    }
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    b.body(Body::from(body.to_string())).unwrap()
}

/// DNS rebinding and cross-site requests: only the served Host, the served Origin, JSON bodies.
#[test]
fn host_origin_and_content_type_are_checked() {
    block_on(async {
        let app = app();
        let body = r#"{"variant":"orthodox"}"#;
        let json_type = ("content-type", "application/json");
        for host in [
            "127.0.0.1:7557",
            "localhost:7557",
            "[::1]:7557",
            "LOCALHOST:7557",
        ] {
            let (s, r) = send(&app, raw(Method::POST, Some(host), &[json_type], body)).await;
            ok(s, &r);
        }
        for host in [
            "evil.example:7557",
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost",
            "10.0.0.1:7557",
        ] {
            let (s, r) = send(&app, raw(Method::POST, Some(host), &[json_type], body)).await;
            let e = refused(s, &r, StatusCode::FORBIDDEN);
            assert!(e.contains("Host"), "{e}");
        }
        let (s, r) = send(&app, raw(Method::POST, None, &[json_type], body)).await;
        refused(s, &r, StatusCode::FORBIDDEN);
        // GETs are checked too (the page itself, the catalogue).
        let req = Request::builder()
            .uri("/api/variants")
            .header(header::HOST, "attacker.example")
            .body(Body::empty())
            .unwrap();
        let (s, r) = send(&app, req).await;
        refused(s, &r, StatusCode::FORBIDDEN);

        for origin in ["http://127.0.0.1:7557", "http://localhost:7557"] {
            let (s, r) = send(
                &app,
                raw(
                    Method::POST,
                    Some(HOST),
                    &[json_type, ("origin", origin)],
                    body,
                ),
            )
            .await;
            ok(s, &r);
        }
        for origin in [
            "http://evil.example",
            "null",
            "https://127.0.0.1:7557",
            "http://127.0.0.1:7558",
            "http://127.0.0.1:7557.evil.example",
        ] {
            let (s, r) = send(
                &app,
                raw(
                    Method::POST,
                    Some(HOST),
                    &[json_type, ("origin", origin)],
                    body,
                ),
            )
            .await;
            let e = refused(s, &r, StatusCode::FORBIDDEN);
            assert!(e.contains("cross-origin"), "{e}");
        }
        // What a cross-site form can send: refused whatever the body.
        for ct in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            let (s, r) = send(
                &app,
                raw(Method::POST, Some(HOST), &[("content-type", ct)], body),
            )
            .await;
            refused(s, &r, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        }
        let (s, r) = send(&app, raw(Method::POST, Some(HOST), &[], body)).await;
        refused(s, &r, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let (s, r) = send(
            &app,
            raw(
                Method::POST,
                Some(HOST),
                &[("content-type", "Application/JSON; charset=utf-8")],
                body,
            ),
        )
        .await;
        ok(s, &r);
    });
}

#[test]
fn bad_bodies_are_4xx_json() {
    block_on(async {
        let app = app();
        let json_type = ("content-type", "application/json");
        let big = format!(
            r#"{{"variant":"orthodox","position":"{}"}}"#,
            "x".repeat(70 * 1024)
        );
        let (s, r) = send(&app, raw(Method::POST, Some(HOST), &[json_type], &big)).await;
        refused(s, &r, StatusCode::PAYLOAD_TOO_LARGE);
        // Without a Content-Length (a stream), too.
        let chunks: Vec<Result<String, std::io::Error>> =
            (0..80).map(|_| Ok("y".repeat(1024))).collect();
        let req = Request::builder()
            .method(Method::POST)
            .uri("/api/position")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from_stream(futures_stream(chunks)))
            .unwrap();
        let (s, r) = send(&app, req).await;
        refused(s, &r, StatusCode::PAYLOAD_TOO_LARGE);

        for (body, needle) in [
            ("{", "malformed JSON"),
            ("", "malformed JSON"),
            ("[1,2]", "JSON object"),
            ("\"orthodox\"", "JSON object"),
            ("{}", "variant"),
            (r#"{"variant": 3}"#, "variant"),
            (r#"{"variant": "chess3d"}"#, "unknown variant 'chess3d'"),
            (r#"{"variant": "orthodox", "moves": "e2e4"}"#, "moves"),
            (
                r#"{"variant": "orthodox", "position": "not a position"}"#,
                "bad position",
            ),
            (
                r#"{"variant": "raumschach", "options": {"castling": "true"}}"#,
                "castling",
            ),
            (
                r#"{"variant": "raumschach", "options": {"pawn_double_step": [1]}}"#,
                "pawn_double_step",
            ),
            (
                r#"{"variant": "raumschach", "options": {"pawn_double_step": "maybe"}}"#,
                "pawn_double_step",
            ),
        ] {
            let (s, r) = send(&app, raw(Method::POST, Some(HOST), &[json_type], body)).await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(e.contains(needle), "{body}: {e}");
        }
        let (s, r) = get(&app, "/api/nothing").await;
        refused(s, &r, StatusCode::NOT_FOUND);
        let (s, r) = get(&app, "/static/no-such-file.js").await;
        refused(s, &r, StatusCode::NOT_FOUND);
        let (s, r) = get(&app, "/api/position").await;
        refused(s, &r, StatusCode::METHOD_NOT_ALLOWED);
    });
}

/// A stream of body chunks (no Content-Length).
fn futures_stream(
    chunks: Vec<Result<String, std::io::Error>>,
) -> impl futures_core::Stream<Item = Result<String, std::io::Error>> + Send {
    struct Chunks(std::vec::IntoIter<Result<String, std::io::Error>>);
    impl futures_core::Stream for Chunks {
        type Item = Result<String, std::io::Error>;
        fn poll_next(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Self::Item>> {
            std::task::Poll::Ready(self.0.next())
        }
    }
    Chunks(chunks.into_iter())
}

#[test]
fn absurd_limits_are_refused() {
    block_on(async {
        let app = app();
        let e = |v: Value| {
            let mut r = json!({"variant": "raumschach"});
            r.as_object_mut()
                .unwrap()
                .extend(v.as_object().unwrap().clone());
            r
        };
        for (path, extra, want) in [
            (
                "/api/engine",
                json!({"depth": 7}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 1000000}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 1000}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"movetime_ms": -5}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 3, "movetime_ms": -1000}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/perft",
                json!({"depth": 1000}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 0}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": -1}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 1e300}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"depth": 2.5}),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/engine",
                json!({"depth": "3"}),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/engine",
                json!({"movetime_ms": 5001}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"movetime_ms": u64::MAX}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"movetime_ms": 0}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"lines": 0}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"lines": 9}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/engine",
                json!({"lines": "3"}),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/perft",
                json!({"depth": 7}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/perft",
                json!({"depth": -3}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            ("/api/perft", json!({}), StatusCode::BAD_REQUEST),
            (
                "/api/attacks",
                json!({"cell": 1u64 << 40}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
        ] {
            let (s, r) = post(&app, path, e(extra.clone())).await;
            let msg = refused(s, &r, want);
            assert!(msg.contains('\''), "{path} {extra}: {msg}");
        }
        // A perft whose size would exceed the budget is refused before it is counted.
        let small = router(
            &ServerConfig {
                max_perft_nodes: 10_000,
                ..Default::default()
            },
            PORT,
        );
        let t = Instant::now();
        let (s, r) = post(
            &small,
            "/api/perft",
            json!({"variant": "orthodox", "depth": 5}),
        )
        .await;
        let msg = refused(s, &r, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(msg.contains("too large"), "{msg}");
        assert!(t.elapsed() < Duration::from_secs(2));
        let (s, r) = post(
            &small,
            "/api/perft",
            json!({"variant": "orthodox", "depth": 3}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["nodes"], 8902);
        // A depth search stops at the time cap (a depth no search reaches in that time, however
        // fast the engine becomes).
        let quick = router(
            &ServerConfig {
                max_movetime_ms: 200,
                max_depth: 60,
                ..Default::default()
            },
            PORT,
        );
        let t = Instant::now();
        let (s, r) = post(
            &quick,
            "/api/engine",
            json!({"variant": "cubic8", "depth": 60}),
        )
        .await;
        ok(s, &r);
        assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
        assert!(r["depth"].as_u64().unwrap() < 60, "{r}");
        assert!(r["best"].is_string());
    });
}

/// With every search slot taken, an engine request waits briefly then gets 503; the rest of the
/// API answers meanwhile (the search runs on a blocking thread, not on the async one that serves
/// the other requests: this test's runtime has a single thread).
#[test]
fn busy_engine_is_503_and_the_rest_answers() {
    block_on(async {
        let app = router(
            &ServerConfig {
                search_slots: 1,
                queue_wait: Duration::from_millis(50),
                max_depth: 60,
                ..Default::default()
            },
            PORT,
        );
        // Build the variants first, so that the requests below only wait on the search.
        for name in ["raumschach", "orthodox"] {
            let (s, r) = post(&app, "/api/board", json!({"variant": name})).await;
            ok(s, &r);
        }
        let long = post(
            &app,
            "/api/engine",
            // A depth it cannot reach in the time: the search holds its slot the whole 1.5 s.
            json!({"variant": "raumschach", "depth": 60, "movetime_ms": 1500}),
        );
        let meanwhile = async {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let (s, r) = get(&app, "/api/variants").await;
            ok(s, &r);
            let (s, r) = post(&app, "/api/position", json!({"variant": "orthodox"})).await;
            ok(s, &r);
            let (s, r) = post(
                &app,
                "/api/engine",
                json!({"variant": "orthodox", "depth": 1}),
            )
            .await;
            let e = refused(s, &r, StatusCode::SERVICE_UNAVAILABLE);
            assert!(e.contains("busy"), "{e}");
            let (s, r) = post(
                &app,
                "/api/perft",
                json!({"variant": "orthodox", "depth": 1}),
            )
            .await;
            refused(s, &r, StatusCode::SERVICE_UNAVAILABLE);
        };
        let ((s, r), ()) = tokio::join!(long, meanwhile);
        ok(s, &r);
        assert!(r["best"].is_string());
        // The slot is free again.
        let (s, r) = post(
            &app,
            "/api/engine",
            json!({"variant": "orthodox", "depth": 1}),
        )
        .await;
        ok(s, &r);
    });
}

/// On a live server: while a long search runs, the catalogue still answers (over the wire, on
/// a runtime with one worker thread).
#[test]
fn a_long_search_leaves_the_server_responsive() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let server = rt
        .block_on(spacechess_web::Server::bind(ServerConfig {
            port: 0,
            max_movetime_ms: 3000,
            ..Default::default()
        }))
        .unwrap();
    let port = server.local_addr().port();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = rt.spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let search = std::thread::spawn(move || {
        http(
            port,
            "POST",
            "/api/engine",
            r#"{"variant":"cubic8","depth":6,"movetime_ms":3000}"#,
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    let reply = http(port, "GET", "/api/variants", "");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("raumschach"));
    let reply = search.join().unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains(r#""best":""#), "{reply}");
    stop.send(()).unwrap();
    rt.block_on(handle).unwrap().unwrap();
}

/// One request over the wire to 127.0.0.1:`port` (its own connection); the whole reply.
fn http(port: u16, method: &str, path: &str, body: &str) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// A panicking handler answers 500 with a JSON error and the server goes on.
#[test]
fn a_panic_is_a_500_and_the_server_goes_on() {
    block_on(async {
        let routes = Router::new()
            .route(
                "/boom",
                axum::routing::get(|| async {
                    if true {
                        panic!("boom");
                    }
                    "never"
                }),
            )
            .route("/fine", axum::routing::get(|| async { "fine" }));
        let app = spacechess_web::protect(routes, "127.0.0.1", PORT);
        let (s, r) = get(&app, "/boom").await;
        let e = refused(s, &r, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(e.contains("panicked"), "{e}");
        let req = Request::builder()
            .uri("/fine")
            .header(header::HOST, HOST)
            .body(Body::empty())
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
    });
}

/// A real server on loopback: the address, a request over the wire, a refused Host.
#[test]
fn live_server_on_loopback() {
    use std::io::{Read, Write};
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let server = rt
        .block_on(spacechess_web::Server::bind(ServerConfig {
            port: 0,
            ..Default::default()
        }))
        .unwrap();
    let url = server.url();
    let port = server.local_addr().port();
    assert_eq!(url, format!("http://127.0.0.1:{port}/"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = rt.spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let ask = |host: &str, body: &str| -> String {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            s,
            "POST /api/position HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    };
    let here = format!("127.0.0.1:{port}");
    let reply = ask(&here, r#"{"variant":"raumschach","moves":["Ac2-Ac3"]}"#);
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains(r#""to_move":1"#), "{reply}");
    let reply = ask("rebound.example:80", r#"{"variant":"raumschach"}"#);
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
    let reply = ask(&here, "{not json");
    assert!(reply.starts_with("HTTP/1.1 400"), "{reply}");
    stop.send(()).unwrap();
    rt.block_on(handle).unwrap().unwrap();
}

/// Perft: the counts of every depth, the divide of the last, and the time cap.
#[test]
fn perft_counts_divide_and_stops_at_its_caps() {
    block_on(async {
        let app = app();
        let (s, r) = post(
            &app,
            "/api/perft",
            json!({"variant": "orthodox", "depth": 2}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["nodes"], 400);
        assert_eq!(r["counts"], json!([1, 20, 400]));
        let divide = r["divide"].as_array().unwrap();
        assert_eq!(divide.len(), 20);
        assert_eq!(divide[0], json!({"move": "a2a3", "nodes": 20}));
        let (s, r) = post(
            &app,
            "/api/perft",
            json!({"variant": "orthodox", "moves": ["e2e4"], "depth": 0}),
        )
        .await;
        ok(s, &r);
        assert_eq!(
            (r["nodes"].as_u64(), r["divide"].as_array().unwrap().len()),
            (Some(1), 0)
        );
        // A count that outlasts the server's time cap stops, refused, after a root move.
        let slow = router(
            &ServerConfig {
                max_perft_ms: 1,
                ..Default::default()
            },
            PORT,
        );
        let (s, r) = post(
            &slow,
            "/api/perft",
            json!({"variant": "cubic8", "depth": 3}),
        )
        .await;
        let e = refused(s, &r, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e.contains("too slow") && e.contains("1 ms"), "{e}");
    });
}

/// Every field the API reads has its type checked, and the error names the field.
#[test]
fn mistyped_fields_are_named() {
    block_on(async {
        let app = app();
        for (body, field) in [
            (
                json!({"variant": ["orthodox"]}),
                "'variant' must be a string",
            ),
            (
                json!({"variant": "orthodox", "position": 7}),
                "'position' must be a string",
            ),
            (
                json!({"variant": "orthodox", "options": "x=1"}),
                "'options' must be an object",
            ),
            (
                json!({"variant": "orthodox", "moves": {"0": "e2e4"}}),
                "'moves' must be an array",
            ),
            (
                json!({"variant": "orthodox", "moves": ["e2e4", 5]}),
                "'moves[1]' must be a string",
            ),
        ] {
            let (s, r) = post(&app, "/api/position", body.clone()).await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(e.contains(field), "{body}: {e}");
        }
        // Nulls are absent fields.
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "orthodox", "position": null, "moves": null, "options": null}),
        )
        .await;
        ok(s, &r);
        // A long position text quoted in an error is cut.
        let long = format!("{} w - - 0 1", "8/".repeat(5000));
        let (s, r) = post(
            &app,
            "/api/position",
            json!({"variant": "orthodox", "position": long}),
        )
        .await;
        let e = refused(s, &r, StatusCode::BAD_REQUEST);
        assert!(
            e.len() <= spacechess_web::MESSAGE_LIMIT + 3 && e.ends_with("..."),
            "{}",
            e.len()
        );
    });
}

/// Bound to every address (`--host 0.0.0.0`): any IP address with the port is accepted in `Host`
/// and `Origin` (so the board can be used from another machine), a name is not (DNS rebinding).
#[test]
fn a_wildcard_bind_accepts_addresses_not_names() {
    block_on(async {
        let app = router(
            &ServerConfig {
                host: "0.0.0.0".into(),
                ..Default::default()
            },
            PORT,
        );
        let body = r#"{"variant":"orthodox"}"#;
        let json_type = ("content-type", "application/json");
        for host in [
            "192.168.1.20:7557",
            "0.0.0.0:7557",
            "[fe80::1]:7557",
            "localhost:7557",
        ] {
            let origin = format!("http://{host}");
            let (s, r) = send(
                &app,
                raw(
                    Method::POST,
                    Some(host),
                    &[json_type, ("origin", &origin)],
                    body,
                ),
            )
            .await;
            ok(s, &r);
        }
        for host in ["192.168.1.20:80", "rebound.example:7557", "192.168.1.20"] {
            let (s, r) = send(&app, raw(Method::POST, Some(host), &[json_type], body)).await;
            refused(s, &r, StatusCode::FORBIDDEN);
        }
        let (s, r) = send(
            &app,
            raw(
                Method::POST,
                Some("192.168.1.20:7557"),
                &[json_type, ("origin", "http://evil.example:7557")],
                body,
            ),
        )
        .await;
        refused(s, &r, StatusCode::FORBIDDEN);
    });
}

/// Records: every variant's game written after a few moves reads back as the same game; Goff's
/// spaced moves are written compact; tags, a start position, an overridden result.
#[test]
fn records_round_trip_for_every_variant() {
    block_on(async {
        let app = app();
        for (name, _) in spacechess::VARIANTS {
            // Four plies of first legal moves.
            let mut line: Vec<String> = Vec::new();
            for _ in 0..4 {
                let (s, r) = post(
                    &app,
                    "/api/position",
                    json!({"variant": name, "moves": line}),
                )
                .await;
                ok(s, &r);
                let Some(first) = r["legal"][0]["text"].as_str() else {
                    break;
                };
                line.push(first.to_string());
            }
            let (s, w) = post(
                &app,
                "/api/record/write",
                json!({"variant": name, "moves": line, "tags": {"Event": "test", "White": "Ann"}}),
            )
            .await;
            ok(s, &w);
            let text = w["record"].as_str().unwrap();
            assert!(
                text.starts_with("[Event \"test\"]\n[Date \""),
                "{name}: {text}"
            );
            // Standard chess is written as PGN writes it, without the tag (docs/formats.md).
            let tagged = text.contains(&format!("[Variant \"{name}\"]"));
            assert_eq!(tagged, *name != "orthodox", "{text}");
            assert!(!text.contains("[Position"), "{text}");
            assert_eq!(w["result"], "*");
            assert!(text.trim_end().ends_with(" *"), "{text}");
            let (s, r) = post(&app, "/api/record/read", json!({"record": text})).await;
            ok(s, &r);
            assert_eq!(r["variant"], *name);
            assert_eq!(r["moves"], json!(line), "{name}: {text}");
            assert_eq!(r["games"], 1);
            assert_eq!(r["result"], "*");
            assert_eq!(r["tags"]["Event"], "test");
            let (s, p) = post(
                &app,
                "/api/position",
                json!({"variant": name, "moves": line}),
            )
            .await;
            ok(s, &p);
            assert_eq!(r["start"], p["start"], "{name}");
            assert_eq!(r["position"], p["position"], "{name}");
        }
        // Goff: a spaced move is written without its spaces, read back as the move.
        let (s, p) = post(
            &app,
            "/api/position",
            json!({"variant": "goff", "position": GOFF_MATE_IN_1, "moves": ["R-KB8,1"]}),
        )
        .await;
        ok(s, &p);
        let (s, w) = post(
            &app,
            "/api/record/write",
            json!({"variant": "goff", "position": GOFF_MATE_IN_1, "moves": ["R - KB8,1 ch"]}),
        )
        .await;
        ok(s, &w);
        let text = w["record"].as_str().unwrap();
        assert!(text.contains("[Position \""), "{text}");
        assert!(
            text.contains("[Result \"1-0\"]\n[Termination \"Checkmate\"]"),
            "{text}"
        );
        assert!(
            text.contains("1. R-KB8,1ch 1-0") || text.contains("1. R-KB8,1 1-0"),
            "{text}"
        );
        let (s, r) = post(&app, "/api/record/read", json!({"record": text})).await;
        ok(s, &r);
        assert_eq!(r["moves"], p["moves"]);
        assert_eq!(r["outcome"]["reason"], "checkmate");
        assert_eq!(r["start"], p["start"]);
        // A result given by the players (a resignation), with its reason.
        let (s, w) = post(
            &app,
            "/api/record/write",
            json!({"variant": "orthodox", "moves": ["e2e4"], "result": "0-1",
                   "tags": {"Termination": "White resigns", "Black": "Bob"}}),
        )
        .await;
        ok(s, &w);
        let text = w["record"].as_str().unwrap();
        assert!(text.contains("[White \"?\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n[Termination \"White resigns\"]\n\n1. e2e4 0-1"), "{text}");
        // Four players: one score each.
        let (s, w) = post(
            &app,
            "/api/record/write",
            json!({"variant": "cubic8-4", "result": "1-0-0-0"}),
        )
        .await;
        ok(s, &w);
        // Several games in one text: pick one.
        let two = "[Variant \"orthodox\"]\n\n1. e2e4 e7e5 1-0\n\n[Variant \"raumschach\"]\n\n1. Ac2-Ac3 *\n";
        let (s, r) = post(&app, "/api/record/read", json!({"record": two, "game": 2})).await;
        ok(s, &r);
        assert_eq!(
            (r["variant"].as_str(), r["games"].as_u64()),
            (Some("raumschach"), Some(2))
        );
        // The page's first names for the two: /api/record writes, /api/replay reads.
        let (s, w) = post(
            &app,
            "/api/record",
            json!({"variant": "orthodox", "moves": ["e2e4"]}),
        )
        .await;
        ok(s, &w);
        let (s, r) = post(&app, "/api/replay", json!({"record": w["record"]})).await;
        ok(s, &r);
        assert_eq!(r["moves"], json!(["e2e4"]));
        // The page's Options tag gives the options when the request has none; a value may hold
        // commas.
        let ecila = "[Variant \"ecila\"]\n[Options \"army=KQR\"]\n\n1. K@G1 k@G8 *\n";
        let (s, r) = post(&app, "/api/record/read", json!({"record": ecila})).await;
        ok(s, &r);
        assert_eq!(r["options"], json!({"army": "KQR"}));
        assert_eq!(r["moves"], json!(["K@G1", "K@G8"]));
        let (s, r) = post(
            &app,
            "/api/record/read",
            json!({"record": ecila, "options": {"army": "KR"}}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["options"], json!({"army": "KR"}));
        let kings = "[Variant \"cubic8-true-king\"]\n[Options \"true_kings=1,4\"]\n\n*\n";
        let (s, r) = post(&app, "/api/record/read", json!({"record": kings})).await;
        ok(s, &r);
        assert_eq!(r["options"], json!({"true_kings": "1,4"}));
        let bad = "[Variant \"ecila\"]\n[Options \"KQR\"]\n\n*\n";
        let (s, r) = post(&app, "/api/record/read", json!({"record": bad})).await;
        let e = refused(s, &r, StatusCode::BAD_REQUEST);
        assert!(e.contains("Options tag 'KQR'"), "{e}");
        // No Variant tag: the request names it.
        let (s, r) = post(
            &app,
            "/api/record/read",
            json!({"record": "1. e2e4 {best} e7-e5 *", "variant": "orthodox"}),
        )
        .await;
        ok(s, &r);
        assert_eq!(r["moves"], json!(["e2e4", "e7e5"]));
        // No Variant tag and none asked: standard chess, as in PGN; PGN's names of standard
        // chess and its FEN tag are read too.
        for record in [
            "1. e2e4 e7e5 *",
            "[Variant \"Standard\"]\n\n1. e2e4 e7e5 *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e2e4 e8e7 *",
        ] {
            let (s, r) = post(&app, "/api/record/read", json!({"record": record})).await;
            ok(s, &r);
            assert_eq!(r["variant"], json!("orthodox"), "{record}");
            assert_eq!(r["moves"].as_array().map(Vec::len), Some(2), "{record}");
        }
        // Written back: no Variant tag, the set start as SetUp and FEN.
        let (s, w) = post(
            &app,
            "/api/record/write",
            json!({"variant": "orthodox", "position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "moves": ["e2e4"]}),
        )
        .await;
        ok(s, &w);
        let text = w["record"].as_str().unwrap();
        assert!(
            !text.contains("[Variant ")
                && text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
            "{text}"
        );
    });
}

#[test]
fn bad_records_are_4xx_naming_the_fault() {
    block_on(async {
        let app = app();
        let orthodox = "[Variant \"orthodox\"]\n\n1. e2e4 e7e5 2. e4e5 *\n";
        for (body, needle) in [
            (json!({}), "missing field 'record'"),
            (json!({"record": ""}), "no game"),
            (
                json!({"record": "[Variant \"chess3d\"]\n\n*"}),
                "unknown variant 'chess3d'",
            ),
            (json!({"record": orthodox}), "the record's move 3 ('e4e5')"),
            (
                json!({"record": orthodox, "variant": "raumschach"}),
                "not of 'raumschach'",
            ),
            (json!({"record": orthodox, "game": 2}), "holds 1 game"),
            (
                json!({"record": "[Variant \"orthodox\"]\n[Position \"8/8 w\"]\n\n*"}),
                "Position tag",
            ),
            (json!({"record": "[Variant orthodox]\n"}), "record line 1"),
            (
                json!({"record": "[Variant \"orthodox\"]\n\n1. e2e4 { open"}),
                "not closed",
            ),
            (
                json!({"record": orthodox, "options": {"castling": "1"}}),
                "castling",
            ),
        ] {
            let (s, r) = post(&app, "/api/record/read", body.clone()).await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(e.contains(needle), "{body}: {e}");
        }
        let (s, r) = post(
            &app,
            "/api/record/read",
            json!({"record": orthodox, "game": 0}),
        )
        .await;
        refused(s, &r, StatusCode::UNPROCESSABLE_ENTITY);
        for (body, needle) in [
            (json!({"moves": ["e2e4"]}), "missing field 'variant'"),
            (json!({"variant": "orthodox", "moves": ["e2e5"]}), "move 1:"),
            (
                json!({"variant": "orthodox", "result": "1-0-0"}),
                "result '1-0-0'",
            ),
            (
                json!({"variant": "orthodox", "result": "win"}),
                "result 'win'",
            ),
            (
                json!({"variant": "orthodox", "tags": {"Bad Name": "x"}}),
                "tag 'Bad Name'",
            ),
            (
                json!({"variant": "orthodox", "tags": {"Variant": "x"}}),
                "tag 'Variant'",
            ),
            (
                json!({"variant": "orthodox", "tags": {"Event": "a\nb"}}),
                "one line",
            ),
            (
                json!({"variant": "orthodox", "tags": {"Event": ["x"]}}),
                "tag 'Event'",
            ),
        ] {
            let (s, r) = post(&app, "/api/record/write", body.clone()).await;
            let e = refused(s, &r, StatusCode::BAD_REQUEST);
            assert!(e.contains(needle), "{body}: {e}");
        }
    });
}

/// Games ended by the engine at depth 1 against a random mover (`spacechess selfplay VARIANT --a
/// depth:1 --b random`), as records.
const ENDED_GAMES: &[&str] = &[
    "[Variant \"cubic\"]\n\n1. Ad2-Be3 Bc6-Cb5 2. Ab1-Fb6 Cb5-Cb4 3. Be3-Cf4 Ac5-Bb4 4. Cf4-De5 Ae6-Ea2\n5. De5-Cf6=Q Cb4-Cc3 6. Cf6xBf6 1-0\n",
    "[Variant \"tamerlane-cubic\"]\n\n1. Ab2-Ba3 Bf5-Cf4 2. Bd1-Cd3 Be5-Bd4 3. Cd3-Cc5 1-0\n",
    "[Variant \"sphinx-reduced\"]\n\n1. e1-a5 f7-f6 2. d2-d3 d8-h4 3. d3-d4 h4xd4 4. d1xd4 b8-b4 5. d4xh8 c7-c3\n6. b2xc3 b4-d3 7. c2xd3 g8-h6 8. c3xg7 f6-f5 9. g7xf8=Q e8-a4 10. h8-d4 a4-e4\n11. f2-f3 b7xf3 12. e2xf3 e4-e3 13. a1-e1 e3-f2 14. e1-e2 1-0\n",
    "[Variant \"spectral\"]\n\n1. c1-*bc12 e7-e5 2. *bc12-*ef45 e5x*ef45 3. h2-h4 b8-c6 4. d2-d3 f8-*de67\n5. a2-a4 g8-e7 6. a4-a5 *de67-b4 7. b1-c3 b4xa5 8. h1-h2 d7-d5 9. f2-f4 *ef45xf4\n10. e1-*de12 c8-*de67 11. a1-a4 a5-*ab45 12. *de12-*cd12 *de67-*ab34\n13. *cd12-c1 *ab34xa4 14. g1-h3 a4-*ab34 15. b2-b4 *ab34xb4 16. f1-*fg12 b4xc3\n17. *fg12-*bc56 *ab45x*bc56 18. h4-h5 c3-e5 19. h3-f2 *bc56-e3 20. c1-b1\ne5-*ab12 0-1\n",
];

/// Player 2 of 8x8x8 chess boxed in on H8Black by his own men; a knight mates from G6Black
/// (variants/cubic/tests/cubic8.rs, `mate_setup`): the board part of the position texts.
const CUBIC8_BOXED: &str = "8/8/8/8/8/8/8/K7//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//6pp/6pp/8/8/8/8/8/8//6pk/6pr/8/4N3/8/8/8/8";
const CUBIC8_BOXED_4: &str = "4K'3/8/8/8/8/8/8/K7//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/2N'5/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//6pp/6pp/8/8/8/8/8/8//6pk/6pr/8/4N3/8/8/8/k'7";
const CUBIC8_UNMOVED_4: &str =
    "A1Black,G7Black,H7Black,G8Black,H8Black,G7Purple,H7Purple,G8Purple,H8Purple,A1White,E8White";

/// Every variant reaches a game's end through the API: the outcome, no legal move, a further
/// move refused, the engine without a move, perft 0, and the record of the game with its result.
#[test]
fn every_variant_reaches_a_games_end() {
    block_on(async {
        let app = app();
        // (variant, options, start position, moves, result, winners, reason).
        type Case = (
            String,
            Value,
            Option<String>,
            Vec<String>,
            &'static str,
            Vec<u8>,
            String,
        );
        let case = |name: &str,
                    options: Value,
                    position: Option<String>,
                    moves: &[&str],
                    result: &'static str,
                    winners: &[u8],
                    reason: &str|
         -> Case {
            (
                name.to_string(),
                options,
                position,
                moves.iter().map(|m| m.to_string()).collect(),
                result,
                winners.to_vec(),
                reason.to_string(),
            )
        };
        let none = json!({});
        let s = |t: &str| Some(t.to_string());
        let mut cases: Vec<Case> = vec![
            case("orthodox", none.clone(), None, &["f2f3", "e7e5", "g2g4", "d8h4"], "win", &[1], "checkmate"),
            case("raumschach", none.clone(), s(RAUMSCHACH_MATE_IN_1), &["Ae2-Db2"], "win", &[0], "checkmate"),
            case("sphinx", none.clone(), s(SPHINX_MATE_IN_1), &["d6-a6"], "win", &[0], "checkmate"),
            case("goff", none.clone(), s(GOFF_MATE_IN_1), &["R-KB8,1"], "win", &[0], "checkmate"),
            // The same mate as a quantum game of one reality: the rook's classical move is a
            // quantum move of spread 1, and mate in every reality ends the game (05 §3.7).
            case(
                "goff-quantum",
                none.clone(),
                s(GOFF_MATE_IN_1),
                &["R(KB7,3) - [KB8,1]1"],
                "win",
                &[0],
                "checkmate",
            ),
            case(
                "sphinx-compulsion",
                none.clone(),
                s("3/3/3//3/3/3//k2/3/3//Q2/3/3///3/3/3//3/3/3//3/3/3//3/3/3///3/3/3//3/3/3//3/3/3//p2/3/3///3/3/3//3/3/3//3/3/3//3/3/3 w * - 0 1"),
                &["a1xa9", "a2-a6", "a9xa6"],
                "win",
                &[0],
                "captured everything",
            ),
            case(
                "sphinx-losing",
                none.clone(),
                s("3/3/3//3/3/3//3/3/3//R2/3/3///3/3/3//3/3/3//3/3/3//2r/3/3///3/3/3//3/3/3//3/3/3//3/3/3///3/3/2k//3/3/3//3/3/3//3/3/3 w * - 0 1"),
                &["a1-a5", "c5xa5"],
                "win",
                &[0],
                "lost everything",
            ),
            // ecila.md 4-5: kings first, four more placements, then the rook mates between Cubes.
            case(
                "ecila",
                json!({"army": "KQR"}),
                None,
                &["K@G1", "k@G8", "Q@B8", "q@A4", "R@E6", "r@A5", "E6-E8"],
                "win",
                &[0],
                "checkmate",
            ),
            case("ecila-scacia", json!({"army": "R"}), None, &["R@A1", "r@B1", "A1xB1"], "win", &[0], "captured everything"),
            case("ecila-schlagschach", json!({"army": "R"}), None, &["R@A1", "r@B1", "A1xB1"], "win", &[1], "lost everything"),
            case(
                "compulsion-cubic",
                none.clone(),
                s("6/6/6/6/6/6//6/6/6/6/6/6//6/6/6/6/6/6//6/6/6/6/6/6//6/6/6/6/6/6//1k4/6/6/1R4/6/K5 w * - 0 1"),
                &["Ab3xAb6"],
                "win",
                &[0],
                "king captured",
            ),
            case(
                "scacia-cubic",
                none.clone(),
                s("6/6/6/6/5P/6//6/6/6/6/6/6//6/6/6/6/6/6//6/6/6/6/6/6//6/6/6/6/6/6//1k4/6/6/1R4/6/6 w * - 0 1"),
                &["Ab3xAb6"],
                "win",
                &[0],
                "captured everything",
            ),
            case(
                "cubic8",
                none.clone(),
                Some(format!("{CUBIC8_BOXED} w G7Black,H7Black,G8Black,H8Black,G7Purple,H7Purple,G8Purple,H8Purple,A1White - 0 1")),
                &["E5Black-G6Black"],
                "win",
                &[0],
                "checkmate",
            ),
            case(
                "cubic8-4",
                none.clone(),
                Some(format!("{CUBIC8_BOXED_4} 1 {CUBIC8_UNMOVED_4} - 0 1 out:3,4")),
                &["E5Black-G6Black"],
                "win",
                &[0],
                "the other players were checkmated or stalemated",
            ),
            case(
                "cubic8-teams",
                none.clone(),
                Some(format!("{CUBIC8_BOXED_4} 1 {CUBIC8_UNMOVED_4} - 0 1 out:4")),
                &["E5Black-G6Black"],
                "win",
                &[0, 2],
                "both kings of the losing team were checkmated or stalemated",
            ),
            case(
                "cubic8-true-king",
                none.clone(),
                Some(format!("{CUBIC8_BOXED_4} 1 {CUBIC8_UNMOVED_4} - 0 1 true:1,2")),
                &["E5Black-G6Black"],
                "win",
                &[0, 2],
                "the true king was checkmated or stalemated",
            ),
        ];
        for record in ENDED_GAMES {
            let (s, r) = post(&app, "/api/record/read", json!({"record": record})).await;
            ok(s, &r);
            let winner = if r["result"] == "1-0" { 0 } else { 1 };
            let moves: Vec<&str> = r["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            cases.push(case(
                r["variant"].as_str().unwrap(),
                none.clone(),
                None,
                &moves,
                "win",
                &[winner],
                "checkmate",
            ));
        }
        let mut names: Vec<&str> = cases.iter().map(|c| c.0.as_str()).collect();
        names.sort();
        let mut all: Vec<&str> = spacechess::VARIANTS.iter().map(|(n, _)| *n).collect();
        all.sort();
        assert_eq!(names, all, "one game's end per variant");

        for (name, options, position, moves, result, winners, reason) in &cases {
            let mut req = json!({"variant": name, "options": options, "moves": moves});
            if let Some(p) = position {
                req["position"] = json!(p);
            }
            let (s, r) = post(&app, "/api/position", req.clone()).await;
            ok(s, &r);
            assert_eq!(
                r["outcome"],
                json!({"result": result, "winners": winners, "reason": reason}),
                "{name}"
            );
            assert!(r["legal"].as_array().unwrap().is_empty(), "{name}");
            assert_eq!(
                r["last"]["text"],
                r["moves"].as_array().unwrap().last().unwrap().clone()
            );
            // A checkmate: the king in check is named.
            let checked = r["checked"].as_array().unwrap();
            if reason == "checkmate" {
                assert_eq!(r["in_check"], true, "{name}");
                assert_eq!(checked.len(), 1, "{name}: {checked:?}");
                let king = r["men"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|m| m["cell"] == checked[0])
                    .unwrap();
                assert_eq!(
                    (&king["piece"], &king["player"]),
                    (&json!("K"), &r["to_move"]),
                    "{name}"
                );
            } else {
                assert!(checked.is_empty() || r["in_check"] == true, "{name}");
            }
            // Nothing more can be played.
            let mut after = req.clone();
            after["moves"].as_array_mut().unwrap().push(json!(moves[0]));
            let (s, e) = post(&app, "/api/position", after).await;
            let e = refused(s, &e, StatusCode::BAD_REQUEST);
            assert!(
                e.starts_with(&format!("move {}:", moves.len() + 1)),
                "{name}: {e}"
            );
            let mut over = req.clone();
            over["depth"] = json!(1);
            let (s, e) = post(&app, "/api/engine", over.clone()).await;
            ok(s, &e);
            assert!(
                e["best"].is_null() && e["pv"].as_array().unwrap().is_empty(),
                "{name}: {e}"
            );
            let (s, e) = post(&app, "/api/perft", over).await;
            ok(s, &e);
            assert_eq!(e["nodes"], 0, "{name}");
            // The record says who won, and reads back to the same end.
            let (s, w) = post(&app, "/api/record/write", req.clone()).await;
            ok(s, &w);
            let text = w["record"].as_str().unwrap();
            assert_ne!(w["result"], "*", "{name}: {text}");
            assert!(text.contains("[Termination \""), "{name}: {text}");
            let (s, back) = post(
                &app,
                "/api/record/read",
                json!({"record": text, "options": options}),
            )
            .await;
            ok(s, &back);
            assert_eq!(back["outcome"], r["outcome"], "{name}");
            assert_eq!(back["position"], r["position"], "{name}");
        }
    });
}
