//! Fits the evaluation's weights ([`EvalParams`]) to labelled orthodox positions, Texel-style:
//! each line of the input is `FEN;CP`, a quiet position and a stronger engine's score for White
//! (`benches/scripts/tune-label.py` makes them from game records with Stockfish). The error is
//! the mean squared difference of the win expectations `1 / (1 + 10^(-cp / 400))` of our static
//! score and the label's; coordinate descent moves one weight at a time while the error falls.
//!
//! Usage: `cargo run --release -p spacechess-benches --example tune -- FILE [PASSES] [NAME=VALUE...]`:
//! each `NAME=VALUE` sets a weight and holds it (not tuned), each `NAME~VALUE` sets its start.
//! Weights: the fields of `EvalParams`, and `value_N`, `value_B`, `value_R`, `value_Q` (pawns).
//! Prints the error before and after and the weights found; the engine's defaults are not
//! changed by it (they are set by hand in `crates/engine/src/eval_params.rs`, after a match).

use spacechess_engine::EvalParams;
use spacechess_orthodox::{Orthodox, OrthodoxPosition};
use spacechess_variant::{Player, Variant};

/// The search adds this to the side to move's static score (`TEMPO` in crates/search).
const TEMPO: i32 = 10;

/// One weight the tuner may move: its name, how to read and write it, and its first step.
/// Reads a weight.
type Getter = Box<dyn Fn(&EvalParams) -> f64>;
/// Writes a weight (rounded and clamped to what it may be).
type Setter = Box<dyn Fn(&mut EvalParams, f64)>;

struct Knob {
    name: String,
    get: Getter,
    set: Setter,
    step: f64,
}

/// The piece values tuned, by letter (the pawn stays the unit).
const PIECES: [char; 4] = ['N', 'B', 'R', 'Q'];

fn knobs() -> Vec<Knob> {
    macro_rules! f64_knob {
        ($field:ident, $step:expr) => {
            Knob {
                name: stringify!($field).to_string(),
                get: Box::new(|p| p.$field),
                set: Box::new(|p, v| p.$field = v.max(0.0)),
                step: $step,
            }
        };
    }
    macro_rules! i32_knob {
        ($field:ident, $step:expr) => {
            Knob {
                name: stringify!($field).to_string(),
                get: Box::new(|p| f64::from(p.$field)),
                set: Box::new(|p, v| p.$field = (v.round() as i32).max(0)),
                step: $step,
            }
        };
    }
    let piece = |letter: char| Knob {
        name: format!("value_{letter}"),
        get: Box::new(move |p: &EvalParams| {
            p.piece_values
                .iter()
                .find(|(l, _)| *l == letter)
                .map_or(0.0, |&(_, v)| v)
        }),
        set: Box::new(move |p: &mut EvalParams, v| {
            let v = (v * 100.0).round() / 100.0;
            match p.piece_values.iter_mut().find(|(l, _)| *l == letter) {
                Some(slot) => slot.1 = v,
                None => p.piece_values.push((letter, v)),
            }
        }),
        step: 0.2,
    };
    let mut knobs = vec![
        f64_knob!(mobility_share, 0.04),
        f64_knob!(mobility_value_cap, 0.5),
        f64_knob!(advance_share, 0.08),
        f64_knob!(passed_share_middle, 0.08),
        f64_knob!(passed_share_end, 0.08),
        f64_knob!(placement_share, 0.04),
        f64_knob!(royal_placement, 10.0),
        i32_knob!(king_attack_weight, 1.0),
        i32_knob!(king_attack_cap, 50.0),
        i32_knob!(shelter_weight, 4.0),
        i32_knob!(shelter_men, 1.0),
        i32_knob!(doubled_penalty, 8.0),
        i32_knob!(isolated_penalty, 8.0),
        i32_knob!(pair_bonus, 10.0),
        i32_knob!(open_line_bonus, 10.0),
        i32_knob!(half_open_line_bonus, 10.0),
    ];
    knobs.extend(PIECES.map(piece));
    knobs
}

/// Win expectation of a score in centipawns.
fn expectation(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// Our static score for White, as the search sees it (with the tempo of the side to move).
fn white_score(chess: &Orthodox, pos: &OrthodoxPosition, scores: &mut [i32; 2]) -> f64 {
    *scores = [0, 0];
    chess.evaluate(pos, scores);
    let tempo = if chess.to_move(pos) == Player(0) {
        TEMPO
    } else {
        -TEMPO
    };
    f64::from(scores[0] - scores[1] + tempo)
}

/// Mean squared error of the expectations, the labels scaled by `label_scale`.
fn error(params: &EvalParams, data: &[(String, f64)], label_scale: f64) -> f64 {
    let chess = Orthodox::with_eval_params(params.clone());
    let mut scores = [0; 2];
    let mut total = 0.0;
    for (fen, cp) in data {
        let pos = chess.from_fen(fen).expect("checked when read");
        let ours = white_score(&chess, &pos, &mut scores);
        total += (expectation(ours) - expectation(cp * label_scale)).powi(2);
    }
    total / data.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: tune FILE [PASSES] [NAME=VALUE|NAME~VALUE ...]   (FILE: lines FEN;CP)");
        std::process::exit(2);
    };
    let passes: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let chess = Orthodox::new();
    let mut data = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let parsed = line.rsplit_once(';').and_then(|(fen, cp)| {
            let cp: f64 = cp.trim().parse().ok()?;
            chess.from_fen(fen).ok()?;
            Some((fen.to_string(), cp))
        });
        match parsed {
            Some(item) => data.push(item),
            None => eprintln!("line {}: not FEN;CP, skipped", n + 1),
        }
    }
    println!("{} positions", data.len());
    if data.is_empty() {
        eprintln!("{path}: no position to fit (lines FEN;CP)");
        std::process::exit(1);
    }
    let mut params = chess.engine().eval_params().clone();
    // The pieces' values from the rule set, as the knobs' start.
    for letter in PIECES {
        let kind = chess.engine().kinds().iter().find(|k| k.letter == letter);
        if let Some(value) = kind.and_then(|k| k.value) {
            params.piece_values.push((letter, f64::from(value)));
        }
    }
    let knobs = knobs();
    let mut held = Vec::new();
    for arg in args.iter().skip(3) {
        let (split, hold) = match arg.split_once('=') {
            Some(split) => (Some(split), true),
            None => (arg.split_once('~'), false),
        };
        let knob = split.and_then(|(name, value)| {
            let k = knobs.iter().position(|k| k.name == name)?;
            Some((k, value.parse::<f64>().ok()?))
        });
        let Some((k, value)) = knob else {
            eprintln!("{arg}: not NAME=VALUE or NAME~VALUE with a weight's name and a number");
            std::process::exit(2);
        };
        (knobs[k].set)(&mut params, value);
        if hold {
            held.push(k);
        }
    }
    // The labels' scale against ours: fitted first with the defaults, then held.
    let mut label_scale = 1.0;
    let mut step = 0.2;
    let mut best = error(&params, &data, label_scale);
    while step > 0.005 {
        let mut moved = false;
        for s in [label_scale + step, label_scale - step] {
            let e = error(&params, &data, s);
            if e < best {
                best = e;
                label_scale = s;
                moved = true;
            }
        }
        if !moved {
            step /= 2.0;
        }
    }
    println!("label scale {label_scale:.3}, error at the start {best:.6}");
    let mut steps: Vec<f64> = knobs.iter().map(|k| k.step).collect();
    for pass in 1..=passes {
        let mut moved = false;
        for (k, knob) in knobs.iter().enumerate() {
            if held.contains(&k) {
                continue;
            }
            let now = (knob.get)(&params);
            for v in [now + steps[k], now - steps[k]] {
                let mut trial = params.clone();
                (knob.set)(&mut trial, v);
                if trial == params {
                    continue;
                }
                let e = error(&trial, &data, label_scale);
                if e < best {
                    println!(
                        "  {} {now:.3} -> {:.3}: {e:.6}",
                        knob.name,
                        (knob.get)(&trial)
                    );
                    best = e;
                    params = trial;
                    moved = true;
                    break;
                }
            }
        }
        // Refit the labels' scale to the weights now.
        for s in [label_scale * 1.02, label_scale / 1.02] {
            let e = error(&params, &data, s);
            if e < best {
                best = e;
                label_scale = s;
            }
        }
        println!("pass {pass}: error {best:.6}, label scale {label_scale:.3}");
        if !moved {
            for s in &mut steps {
                *s /= 2.0;
            }
        }
    }
    println!("{params:#?}");
}
