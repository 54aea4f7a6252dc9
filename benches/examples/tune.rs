//! Fits the evaluation's weights ([`EvalParams`]) to labelled orthodox positions, Texel-style:
//! each line of the input is `FEN;CP`, a quiet position and a stronger engine's score for White
//! (`benches/scripts/tune-label.py` makes them from game records with Stockfish). The error is
//! the mean squared difference of the win expectations `1 / (1 + 10^(-cp / 400))` of our static
//! score and the label's; coordinate descent moves one weight at a time while the error falls.
//!
//! Usage: `cargo run --release -p spacechess-benches --example tune -- FILE [PASSES] [NAME=VALUE...]`:
//! each `NAME=VALUE` sets a weight and holds it (not tuned), each `NAME~VALUE` sets its start;
//! `--only=NAME,NAME...` holds every weight but those named.
//! Weights: the fields of `EvalParams`, and `value_N`, `value_B`, `value_R`, `value_Q` (pawns),
//! `king_danger_FIELD` for `KingDanger`'s, `winnable_FIELD` for `Winnable`'s.
//! Prints the error before and after and the weights found; the engine's defaults are not
//! changed by it (they are set by hand in `crates/engine/src/eval_params.rs`, after a match).
//!
//! `--tables=STEPS --out=FILE` then fits placement tables (`EvalParams::placement_tables`, a
//! middle-game and an endgame value per kind and square) on top of those weights, by STEPS
//! steps of gradient descent (Adam) on the same error, and writes them to FILE as Rust (the
//! form of `variants/orthodox/src/placement.rs`). `--mobility=STEPS --out=FILE` fits the mobility
//! tables instead (`EvalParams::mobility_tables`, a middle-game and an endgame value per kind
//! and count of squares reached, on top of the linear mobility term), in the form of
//! `variants/orthodox/src/mobility.rs`. `--wings=STEPS --out=FILE` fits the wing tables
//! (`EvalParams::wing_tables`: placement tables by the wing of the own king, files a to c, d
//! and e, f to h) on top of the placement tables, in the form of `variants/orthodox/src/wings.rs`.
//! `--offsets=STEPS --out=FILE` fits the royal offset tables (`EvalParams::royal_offset_tables`:
//! centipawns per kind and offset from the own king, pawns to queens) on top of everything else,
//! in the form of `variants/orthodox/src/royal_offsets.rs`; `--enemy-offsets=STEPS --out=FILE`
//! the same by the offset from the enemy king (`EvalParams::enemy_offset_tables`,
//! `variants/orthodox/src/enemy_offsets.rs`). `--king-cells=STEPS --out=FILE` fits the royal
//! cell tables (`EvalParams::royal_cell_tables`: centipawns per kind, square of the own king
//! and square of the man, pawns to queens) on top of everything else, in the form of
//! `variants/orthodox/src/royal_cells.rs`; `--enemy-king-cells=STEPS --out=FILE` the same by the
//! enemy king's square (`EvalParams::enemy_royal_cell_tables`, `enemy_royal_cells.rs`). The
//! mobility and the cell tables are centred at every step (each kind's mean over the data's men
//! taken out, in each phase): a constant per man of a kind is a piece value, which matches keep.
//! `--held=FILE` (with any of these) reports the tables' error on a second file of positions,
//! held out of the fit, as they go. `--l2=X` sets the fit's L2 penalty per entry (1e-7 by
//! default; the 20 480 entries a phase of the royal cell tables were fitted with 3e-10).
//! `--no-cell-tables` leaves both sets of royal cell tables out of the evaluation the fit starts
//! from: a held-out error measured without tables fitted to the held-out positions.
//! `--middle-only` holds the tables' endgame half at zero (a term for the middle game alone).
//!
//! `--net=EPOCHS --out=FILE` fits the placement network (`EvalParams::placement_net`, a layer
//! of `NET_HIDDEN` clipped units over the men's kinds and squares as each side sees them) on top
//! of everything else, the labels' scale fitted without it: EPOCHS passes of mini-batch Adam
//! (`tune/net.rs`), `--l2=X` the decoupled weight decay (0.1 for the kept network); with
//! `--held=FILE`, the pass with the lowest held-out error is written, in the form of
//! `variants/orthodox/src/net.rs`.
//!
//! `--imbalance=STEPS --out=FILE` fits the material imbalance (`EvalParams::imbalance`:
//! sixteenths of a centipawn per pair of two kinds' men, pawns to queens, both the player's or
//! the player's and the enemy's) on top of everything else, in the form of
//! `variants/orthodox/src/imbalance.rs`.

#[path = "tune/net.rs"]
mod net;

use spacechess_engine::{
    royal_offset_count, royal_offset_index, royal_wing, EvalParams, STRUCTURES, WINGS,
};
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
        i32_knob!(passed_enemy_royal, 8.0),
        i32_knob!(passed_own_royal, 8.0),
    ];
    knobs.extend(PIECES.map(piece));
    macro_rules! winnable_knob {
        ($field:ident, $step:expr) => {
            Knob {
                name: concat!("winnable_", stringify!($field)).to_string(),
                get: Box::new(|p| f64::from(p.winnable.$field)),
                set: Box::new(|p, v| p.winnable.$field = v.round() as i32),
                step: $step,
            }
        };
    }
    macro_rules! danger_knob {
        ($field:ident, $step:expr) => {
            Knob {
                name: concat!("king_danger_", stringify!($field)).to_string(),
                get: Box::new(|p| f64::from(p.king_danger.$field)),
                set: Box::new(|p, v| p.king_danger.$field = (v.round() as i32).max(0)),
                step: $step,
            }
        };
    }
    knobs.extend([
        danger_knob!(attacker, 10.0),
        danger_knob!(attack, 10.0),
        danger_knob!(safe_check, 100.0),
        danger_knob!(no_strongest, 100.0),
        danger_knob!(divisor, 1000.0),
        danger_knob!(cap, 100.0),
    ]);
    knobs.extend([
        winnable_knob!(passed, 4.0),
        winnable_knob!(promoting, 4.0),
        winnable_knob!(outflanking, 4.0),
        winnable_knob!(both_flanks, 8.0),
        winnable_knob!(infiltration, 8.0),
        winnable_knob!(no_officers, 8.0),
        winnable_knob!(almost_unwinnable, 8.0),
        winnable_knob!(base, 16.0),
        winnable_knob!(middle_margin, 8.0),
        Knob {
            name: "few_promoting_base".to_string(),
            get: Box::new(|p| f64::from(p.few_promoting_scale.0)),
            set: Box::new(|p, v| p.few_promoting_scale.0 = (v.round() as i32).clamp(0, 64)),
            step: 8.0,
        },
        Knob {
            name: "few_promoting_step".to_string(),
            get: Box::new(|p| f64::from(p.few_promoting_scale.1)),
            set: Box::new(|p, v| p.few_promoting_scale.1 = (v.round() as i32).clamp(0, 64)),
            step: 4.0,
        },
    ]);
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

/// The labelled positions of `path` (lines `FEN;CP`); a line that is not one is reported and
/// skipped, and a file that cannot be read or holds none ends the program.
fn read_labelled(chess: &Orthodox, path: &str) -> Vec<(String, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let mut data = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let parsed = line.rsplit_once(';').and_then(|(fen, cp)| {
            let cp: f64 = cp.trim().parse().ok()?;
            chess.from_fen(fen).ok()?;
            Some((fen.to_string(), cp))
        });
        match parsed {
            Some(item) => data.push(item),
            None => eprintln!("{path}, line {}: not FEN;CP, skipped", n + 1),
        }
    }
    if data.is_empty() {
        eprintln!("{path}: no labelled position (lines FEN;CP)");
        std::process::exit(1);
    }
    data
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!(
            "usage: tune FILE [PASSES] [NAME=VALUE|NAME~VALUE ...] [--tables=STEPS|--mobility=STEPS|--wings=STEPS|--offsets=STEPS|--enemy-offsets=STEPS|--king-cells=STEPS|--enemy-king-cells=STEPS|--structure=STEPS|--imbalance=STEPS|--net=EPOCHS --out=FILE [--held=FILE] [--l2=X] [--no-cell-tables] [--middle-only]] [--only=NAME,...]   (FILE: lines FEN;CP)"
        );
        std::process::exit(2);
    };
    let passes: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let chess = Orthodox::new();
    let data = read_labelled(&chess, path);
    println!("{} positions", data.len());
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
    let mut table_steps = 0;
    let mut fit = TableFit::Placement;
    let mut out = None;
    let mut held_out = None;
    let mut l2 = 1e-7;
    let mut middle_only = false;
    let mut only = None;
    let mut net_epochs = 0;
    for arg in args.iter().skip(3) {
        if let Some(n) = arg.strip_prefix("--net=") {
            net_epochs = n.parse().unwrap_or_else(|_| {
                eprintln!("{arg}: not --net=EPOCHS with a number of passes");
                std::process::exit(2);
            });
            continue;
        }
        if let Some(file) = arg.strip_prefix("--held=") {
            held_out = Some(read_labelled(&chess, file));
            continue;
        }
        if let Some(x) = arg.strip_prefix("--l2=") {
            l2 = x
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .unwrap_or_else(|| {
                    eprintln!("{arg}: not --l2=X with a number of zero or more");
                    std::process::exit(2);
                });
            continue;
        }
        let table_fit = TABLE_FITS
            .iter()
            .find_map(|&(prefix, kind)| Some((prefix, kind, arg.strip_prefix(prefix)?)));
        if let Some((prefix, kind, n)) = table_fit {
            fit = kind;
            table_steps = n.parse().unwrap_or_else(|_| {
                eprintln!("{arg}: not {prefix}STEPS with a number of steps");
                std::process::exit(2);
            });
            continue;
        }
        if let Some(file) = arg.strip_prefix("--out=") {
            out = Some(file.to_string());
            continue;
        }
        if let Some(names) = arg.strip_prefix("--only=") {
            only = Some(names.split(',').map(str::to_string).collect::<Vec<_>>());
            continue;
        }
        if arg == "--middle-only" {
            middle_only = true;
            continue;
        }
        if arg == "--no-cell-tables" {
            params.royal_cell_tables.clear();
            params.enemy_royal_cell_tables.clear();
            continue;
        }
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
    if let Some(names) = &only {
        if let Some(name) = names.iter().find(|n| !knobs.iter().any(|k| &k.name == *n)) {
            eprintln!("--only: no weight is called {name}");
            std::process::exit(2);
        }
        held.extend((0..knobs.len()).filter(|&k| !names.contains(&knobs[k].name)));
    }
    if net_epochs > 0 {
        // The network is fitted on top of the rest, the labels' scale to the rest alone.
        params.placement_net = None;
    }
    if (table_steps > 0 || net_epochs > 0) && out.is_none() {
        eprintln!("--tables, --mobility, --wings, --offsets, --enemy-offsets, --king-cells, --enemy-king-cells, --structure, --imbalance and --net need --out=FILE for the tables");
        std::process::exit(2);
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
    if let (true, Some(out)) = (table_steps > 0, &out) {
        let tables = fit_tables(
            &params,
            &data,
            label_scale,
            table_steps,
            fit,
            held_out.as_deref(),
            l2,
            middle_only,
        );
        std::fs::write(out, tables).unwrap_or_else(|e| {
            eprintln!("cannot write {out}: {e}");
            std::process::exit(1);
        });
        println!("tables written to {out}");
    }
    if let (true, Some(out)) = (net_epochs > 0, &out) {
        let source = net::fit_net(
            &params,
            &data,
            label_scale,
            net_epochs,
            held_out.as_deref(),
            l2,
        );
        std::fs::write(out, source).unwrap_or_else(|e| {
            eprintln!("cannot write {out}: {e}");
            std::process::exit(1);
        });
        println!("network written to {out}");
    }
}

/// The kinds of the placement tables, in the order written.
const TABLE_KINDS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// The kinds of the mobility tables, in the order written, and each table's length (counts
/// beyond it read its last entry: a queen reaches at most 27 squares).
const MOBILITY_KINDS: [char; 4] = ['N', 'B', 'R', 'Q'];
const MOBILITY_LEN: usize = 28;

/// The options that choose the tables to fit, each followed by its number of steps.
const TABLE_FITS: [(&str, TableFit); 9] = [
    ("--tables=", TableFit::Placement),
    ("--mobility=", TableFit::Mobility),
    ("--wings=", TableFit::Wing),
    ("--offsets=", TableFit::RoyalOffset),
    ("--enemy-offsets=", TableFit::EnemyOffset),
    ("--king-cells=", TableFit::KingCell),
    ("--enemy-king-cells=", TableFit::EnemyKingCell),
    ("--structure=", TableFit::Structure),
    ("--imbalance=", TableFit::Imbalance),
];

/// Which learnt tables `fit_tables` fits.
#[derive(Clone, Copy, PartialEq)]
enum TableFit {
    /// `EvalParams::placement_tables`: centipawns per kind and square.
    Placement,
    /// `EvalParams::mobility_tables`: centipawns per kind and count of squares reached.
    Mobility,
    /// `EvalParams::wing_tables`: centipawns per wing of the own king, kind and square, on top
    /// of the placement tables.
    Wing,
    /// `EvalParams::royal_offset_tables`: centipawns per kind (pawns to queens) and offset from
    /// the own king, on top of everything else.
    RoyalOffset,
    /// `EvalParams::enemy_offset_tables`: the same by the offset from the enemy king.
    EnemyOffset,
    /// `EvalParams::king_cell_tables`: centipawns per kind (pawns to queens), own king's square
    /// and square, on top of everything else.
    KingCell,
    /// `EvalParams::enemy_king_cell_tables`: the same by the enemy king's square.
    EnemyKingCell,
    /// `EvalParams::structure_tables`: centipawns per pawn's structure code and square, on top
    /// of everything else.
    Structure,
    /// `EvalParams::imbalance`: sixteenths of a centipawn per pair of two kinds' men (pawns to
    /// queens), both the own or own and enemy, on top of everything else.
    Imbalance,
}

/// The kinds of the royal offset tables, in the order written (the king is at offset zero).
const OFFSET_KINDS: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

/// One man's share of a position's score in the tables: its table's index (kind and square as
/// White sees it, or kind and mobility count), its sign (+1 White, −1 Black) and the phase its
/// side sees (0 to 1).
struct Feature {
    index: usize,
    sign: f64,
    phase: f64,
}

/// Fits the placement or the mobility tables by gradient descent and returns them as Rust
/// source.
#[allow(clippy::too_many_arguments)]
fn fit_tables(
    params: &EvalParams,
    data: &[(String, f64)],
    label_scale: f64,
    steps: usize,
    fit: TableFit,
    held: Option<&[(String, f64)]>,
    l2: f64,
    middle_only: bool,
) -> String {
    let mut base_params = params.clone();
    match fit {
        TableFit::Placement => base_params.placement_tables.clear(),
        TableFit::Mobility => base_params.mobility_tables.clear(),
        TableFit::Wing => base_params.wing_tables = Default::default(),
        TableFit::RoyalOffset => base_params.royal_offset_tables.clear(),
        TableFit::EnemyOffset => base_params.enemy_offset_tables.clear(),
        TableFit::KingCell => base_params.royal_cell_tables.clear(),
        TableFit::EnemyKingCell => base_params.enemy_royal_cell_tables.clear(),
        TableFit::Structure => base_params.structure_tables.clear(),
        TableFit::Imbalance => base_params.imbalance.clear(),
    }
    let chess = Orthodox::with_eval_params(base_params);
    let e = chess.engine();
    let shape = e.shape();
    let value = |letter: char| match letter {
        'N' | 'B' => 3.0,
        'R' => 5.0,
        'Q' => 9.0,
        _ => 0.0,
    };
    let offsets = royal_offset_count(&[8, 8]);
    // Per position: our score without the tables, the label's expectation and the features.
    let items_of = |data: &[(String, f64)]| {
        let mut scores = [0; 2];
        let mut items: Vec<(f64, f64, Vec<Feature>)> = Vec::with_capacity(data.len());
        for (fen, cp) in data {
            let pos = chess.from_fen(fen).expect("checked when read");
            let base = white_score(&chess, &pos, &mut scores);
            let mut men = Vec::new();
            let mut officers = [0.0f64; 2];
            for c in shape.cells() {
                if let Some(piece) = pos.piece_at(c) {
                    let letter = e.kinds()[piece.kind as usize].letter;
                    officers[piece.player.index()] += value(letter);
                    men.push((piece.player.index(), letter, c));
                }
            }
            let phase = |player: usize| (officers[1 - player] / 31.0).min(1.0);
            let sign = |player: usize| if player == 0 { 1.0 } else { -1.0 };
            // Each player's table set: the wing of its king (wing tables), or the one set.
            let mut set_of = [0usize; 2];
            if fit == TableFit::Wing {
                for &(player, letter, c) in &men {
                    if letter == 'K' {
                        set_of[player] = royal_wing(shape.coords(c).get(0) as u8, 8) * 6 * 64;
                    }
                }
            }
            let features = match fit {
                TableFit::Placement | TableFit::Wing => men
                    .into_iter()
                    .filter_map(|(player, letter, c)| {
                        let k = TABLE_KINDS.iter().position(|&l| l == letter)?;
                        let mut co = shape.coords(c);
                        if player == 1 {
                            co.set(1, 7 - co.get(1));
                        }
                        let square = shape.cell(&co)?.index();
                        Some(Feature {
                            index: set_of[player] + k * 64 + square,
                            sign: sign(player),
                            phase: phase(player),
                        })
                    })
                    .collect(),
                TableFit::RoyalOffset | TableFit::EnemyOffset => {
                    let mut kings = [(0i32, 0i32); 2];
                    for &(player, letter, c) in &men {
                        if letter == 'K' {
                            let co = shape.coords(c);
                            kings[player] = (i32::from(co.get(0)), i32::from(co.get(1)));
                        }
                    }
                    men.into_iter()
                        .filter_map(|(player, letter, c)| {
                            let k = OFFSET_KINDS.iter().position(|&l| l == letter)?;
                            let co = shape.coords(c);
                            let king = kings[if fit == TableFit::RoyalOffset {
                                player
                            } else {
                                1 - player
                            }];
                            let dx = i32::from(co.get(0)) - king.0;
                            // Black's offsets as White sees them: ranks mirrored.
                            let dy = (i32::from(co.get(1)) - king.1) * (1 - 2 * player as i32);
                            Some(Feature {
                                index: k * offsets + royal_offset_index(&[dx, dy], &[8, 8])?,
                                sign: sign(player),
                                phase: phase(player),
                            })
                        })
                        .collect()
                }
                TableFit::KingCell | TableFit::EnemyKingCell => {
                    // Squares as the man's side sees them: ranks mirrored for Black.
                    let seen = |player: usize, c| {
                        let mut co = shape.coords(c);
                        if player == 1 {
                            co.set(1, 7 - co.get(1));
                        }
                        shape.cell(&co).map(|m| m.index())
                    };
                    let c0 = shape.cells().next().expect("a board has cells");
                    let mut kings = [c0; 2];
                    for &(player, letter, c) in &men {
                        if letter == 'K' {
                            kings[player] = c;
                        }
                    }
                    men.iter()
                        .filter_map(|&(player, letter, c)| {
                            let k = OFFSET_KINDS.iter().position(|&l| l == letter)?;
                            let king = kings[if fit == TableFit::KingCell {
                                player
                            } else {
                                1 - player
                            }];
                            Some(Feature {
                                index: (k * 64 + seen(player, king)?) * 64 + seen(player, c)?,
                                sign: sign(player),
                                phase: phase(player),
                            })
                        })
                        .collect()
                }
                TableFit::Structure => e
                    .structure_codes(&pos)
                    .into_iter()
                    .filter(|&(_, kind, _, _)| e.kinds()[kind].letter == 'P')
                    .filter_map(|(player, _, c, code)| {
                        let mut co = shape.coords(c);
                        if player.index() == 1 {
                            co.set(1, 7 - co.get(1));
                        }
                        Some(Feature {
                            index: code * 64 + shape.cell(&co)?.index(),
                            sign: sign(player.index()),
                            phase: phase(player.index()),
                        })
                    })
                    .collect(),
                TableFit::Imbalance => {
                    let mut counts = [[0.0f64; 5]; 2];
                    for &(player, letter, _) in &men {
                        if let Some(k) = OFFSET_KINDS.iter().position(|&l| l == letter) {
                            counts[player][k] += 1.0;
                        }
                    }
                    let mut features = Vec::new();
                    for player in 0..2 {
                        let (own, enemy) = (counts[player], counts[1 - player]);
                        for (a, b) in (0..5).flat_map(|a| (0..5).map(move |b| (a, b))) {
                            let own_pairs = match b.cmp(&a) {
                                std::cmp::Ordering::Less => 0.0,
                                std::cmp::Ordering::Equal => own[a] * (own[a] - 1.0) / 2.0,
                                std::cmp::Ordering::Greater => own[a] * own[b],
                            };
                            for (index, pairs) in
                                [(a * 5 + b, own_pairs), (25 + a * 5 + b, own[a] * enemy[b])]
                            {
                                if pairs > 0.0 {
                                    features.push(Feature {
                                        index,
                                        sign: sign(player) * pairs / 16.0,
                                        phase: phase(player),
                                    });
                                }
                            }
                        }
                    }
                    features
                }
                TableFit::Mobility => e
                    .mobility_counts(&pos)
                    .into_iter()
                    .filter_map(|(player, kind, _, count)| {
                        let letter = e.kinds()[kind].letter;
                        let k = MOBILITY_KINDS.iter().position(|&l| l == letter)?;
                        Some(Feature {
                            index: k * MOBILITY_LEN + count.min(MOBILITY_LEN - 1),
                            sign: sign(player.index()),
                            phase: phase(player.index()),
                        })
                    })
                    .collect(),
            };
            items.push((base, expectation(cp * label_scale), features));
        }
        items
    };
    let items = items_of(data);
    let held_items = held.map(items_of);
    // theta[index] middle game, theta[n + index] endgame.
    let n = match fit {
        TableFit::Placement => TABLE_KINDS.len() * 64,
        TableFit::Mobility => MOBILITY_KINDS.len() * MOBILITY_LEN,
        TableFit::Wing => WINGS * TABLE_KINDS.len() * 64,
        TableFit::RoyalOffset | TableFit::EnemyOffset => OFFSET_KINDS.len() * offsets,
        TableFit::KingCell | TableFit::EnemyKingCell => OFFSET_KINDS.len() * 64 * 64,
        TableFit::Structure => STRUCTURES * 64,
        TableFit::Imbalance => 50,
    };
    let mut theta = vec![0.0f64; 2 * n];
    let (mut m, mut v) = (vec![0.0f64; 2 * n], vec![0.0f64; 2 * n]);
    let (rate, b1, b2) = (0.5, 0.9, 0.999);
    let slope = 10f64.ln() / 400.0;
    let score_of = |theta: &[f64], base: f64, features: &[Feature]| {
        base + features
            .iter()
            .map(|f| f.sign * (theta[f.index] * f.phase + theta[n + f.index] * (1.0 - f.phase)))
            .sum::<f64>()
    };
    let error_in = |theta: &[f64], items: &[(f64, f64, Vec<Feature>)]| {
        let mut total = 0.0;
        for (base, label, features) in items {
            total += (expectation(score_of(theta, *base, features)) - label).powi(2);
        }
        total / items.len() as f64
    };
    let error_of = |theta: &[f64]| error_in(theta, &items);
    let report = |step: usize, theta: &[f64]| {
        print!("tables: step {step}, error {:.6}", error_of(theta));
        if let Some(held) = &held_items {
            print!(", held out {:.6}", error_in(theta, held));
        }
        println!();
    };
    // A mobility table's mean (each count weighted by how often the data's men of the kind reach
    // it, in each phase) is material: a constant for every man of the kind. The fit would trade
    // it against the piece values, which the matches have kept, so every step takes it out.
    let mut weight = vec![0.0f64; 2 * n];
    for (_, _, features) in &items {
        for f in features {
            weight[f.index] += f.phase;
            weight[n + f.index] += 1.0 - f.phase;
        }
    }
    // The same holds for a royal cell table: its mean over the kind's men is a piece value.
    let block = match fit {
        TableFit::Mobility => MOBILITY_LEN,
        TableFit::KingCell | TableFit::EnemyKingCell => 64 * 64,
        TableFit::Structure => STRUCTURES * 64,
        _ => 0,
    };
    let centre = |theta: &mut [f64]| {
        if block == 0 {
            return;
        }
        for table in (0..2 * n).step_by(block) {
            let range = table..table + block;
            let total: f64 = weight[range.clone()].iter().sum();
            if total > 0.0 {
                let mean = range.clone().map(|i| weight[i] * theta[i]).sum::<f64>() / total;
                theta[range].iter_mut().for_each(|t| *t -= mean);
            }
        }
    };
    report(0, &theta);
    for step in 1..=steps {
        let mut grad = vec![0.0f64; 2 * n];
        for (base, label, features) in &items {
            let p = expectation(score_of(&theta, *base, features));
            let d = 2.0 * (p - label) * p * (1.0 - p) * slope;
            for f in features {
                grad[f.index] += d * f.sign * f.phase;
                grad[n + f.index] += d * f.sign * (1.0 - f.phase);
            }
        }
        for i in 0..2 * n {
            let g = grad[i] / items.len() as f64 + 2.0 * l2 * theta[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            theta[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        centre(&mut theta);
        if middle_only {
            theta[n..].iter_mut().for_each(|t| *t = 0.0);
        }
        if step % 100 == 0 || step == steps {
            report(step, &theta);
        }
    }
    match fit {
        TableFit::Placement => placement_source(&theta, n),
        TableFit::Mobility => mobility_source(&theta, n),
        TableFit::Wing => wing_source(&theta, n),
        TableFit::RoyalOffset => royal_offset_source(&theta, n, offsets),
        TableFit::EnemyOffset => royal_offset_source(&theta, n, offsets)
            .replace("ROYAL_OFFSET_TABLES", "ENEMY_OFFSET_TABLES")
            .replace("from its\n//! own king", "from the\n//! enemy king")
            .replace("--offsets", "--enemy-offsets"),
        TableFit::KingCell => royal_cell_source(&theta, n, "ROYAL_CELL_TABLES", "own"),
        TableFit::EnemyKingCell => royal_cell_source(&theta, n, "ENEMY_ROYAL_CELL_TABLES", "enemy")
            .replace("--king-cells", "--enemy-king-cells"),
        TableFit::Structure => structure_source(&theta, n),
        TableFit::Imbalance => imbalance_source(&theta, n),
    }
}

/// The imbalance weights `theta` (own pairs `a * 5 + b` for `b >= a`, then own and enemy pairs
/// from 25; middle games, then endgames from `n`) as Rust source.
fn imbalance_source(theta: &[f64], n: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --imbalance: sixteenths of a centipawn a player\n\
         //! gains per pair of one of its men of the first kind and one man of the second, its own\n\
         //! (false) or its enemy's (true), on top of the other terms (`EvalParams::imbalance`);\n\
         //! the middle game, then the endgame.\n\n\
         /// The imbalance weights: (own kind, other kind, the enemy's, middle game, endgame).\n\
         #[rustfmt::skip]\n",
    );
    let mut rows = Vec::new();
    for enemy in [false, true] {
        for (a, b) in (0..5).flat_map(|a| (0..5).map(move |b| (a, b))) {
            if !enemy && b < a {
                continue;
            }
            let i = usize::from(enemy) * 25 + a * 5 + b;
            let (m, e) = (theta[i].round() as i32, theta[n + i].round() as i32);
            if (m, e) != (0, 0) {
                rows.push(format!(
                    "    ('{}', '{}', {enemy:5}, {m:5}, {e:5}),\n",
                    OFFSET_KINDS[a], OFFSET_KINDS[b]
                ));
            }
        }
    }
    src += &format!(
        "pub(crate) const IMBALANCE: [(char, char, bool, i32, i32); {}] = [\n",
        rows.len()
    );
    src += &rows.concat();
    src += "];\n";
    src
}

/// The placement tables `theta` (middle games, then endgames from `n`) as Rust source.
fn placement_source(theta: &[f64], n: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --tables: centipawns per square by kind, as White\n\
         //! sees the board (each row a rank, from the first: a1 to h1, then a2 to h2, ...), the\n\
         //! middle game then the endgame.\n\n\
         /// The placement tables: (kind's letter, middle game, endgame).\n\
         #[rustfmt::skip]\n",
    );
    src += &format!(
        "pub(crate) const TABLES: [(char, [i32; 64], [i32; 64]); {}] = [\n",
        TABLE_KINDS.len()
    );
    src += &table_set_source(theta, 0, n, "    ");
    src += "];\n";
    src
}

/// The wing tables `theta` (per wing a set of placement tables; middle games, then endgames
/// from `n`) as Rust source.
fn wing_source(theta: &[f64], n: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --wings: centipawns per square by kind, as White\n\
         //! sees the board (each row a rank, from the first: a1 to h1, then a2 to h2, ...), the\n\
         //! middle game then the endgame, on top of the placement tables, by the wing of the own\n\
         //! king: files a to c, d and e, f to h.\n\n\
         /// One kind's tables: (kind's letter, middle game, endgame).\n\
         type Table = (char, [i32; 64], [i32; 64]);\n\n\
         /// The wing tables: per wing, a table per kind.\n\
         #[rustfmt::skip]\n",
    );
    src += &format!(
        "pub(crate) const WING_TABLES: [[Table; {}]; {WINGS}] = [\n",
        TABLE_KINDS.len()
    );
    for wing in 0..WINGS {
        src += "    [\n";
        src += &table_set_source(theta, wing * TABLE_KINDS.len() * 64, n, "        ");
        src += "    ],\n";
    }
    src += "];\n";
    src
}

/// The royal offset tables `theta` (a table per kind of `OFFSET_KINDS`, each `offsets` long;
/// middle games, then endgames from `n`) as Rust source.
fn royal_offset_source(theta: &[f64], n: usize, offsets: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --offsets: centipawns per offset of a man from its\n\
         //! own king by kind, as White sees the board, on top of the other terms: each row a rank\n\
         //! offset, from 7 ranks behind the king to 7 ahead; in a row, the file offset from 7 to\n\
         //! the king's left (toward a) to 7 to its right. The middle game then the endgame.\n\n\
         /// One kind's tables: (kind's letter, middle game, endgame).\n\
         type Table = (char, [i32; 225], [i32; 225]);\n\n\
         /// The royal offset tables.\n\
         #[rustfmt::skip]\n",
    );
    src += &format!(
        "pub(crate) const ROYAL_OFFSET_TABLES: [Table; {}] = [\n",
        OFFSET_KINDS.len()
    );
    for (k, letter) in OFFSET_KINDS.iter().enumerate() {
        let table = |off: usize| {
            theta[off + k * offsets..][..offsets]
                .chunks(15)
                .map(|row| {
                    let row: Vec<String> = row
                        .iter()
                        .map(|v| format!("{:4}", v.round() as i32))
                        .collect();
                    format!("        {},\n", row.join(","))
                })
                .collect::<String>()
        };
        src += &format!(
            "    ('{letter}', [\n{}    ], [\n{}    ]),\n",
            table(0),
            table(n)
        );
    }
    src += "];\n";
    src
}

/// The royal cell tables `theta` (a table per kind of `OFFSET_KINDS`, each 64 × 64 long, by the
/// `whose` king's square then the man's; middle games, then endgames from `n`) as Rust source,
/// the constant named `name`.
fn royal_cell_source(theta: &[f64], n: usize, name: &str, whose: &str) -> String {
    let mut src = format!(
        "//! Written by benches/examples/tune.rs --king-cells: centipawns per square of the {whose}\n\
         //! king and square of a man, by kind, as the man's side sees the board (ranks mirrored\n\
         //! for Black), on top of the other terms. A table is 64 blocks, one per king square\n\
         //! (a1, b1, ..., h8); in a block, a row per rank of the man's square, from the first.\n\
         //! The middle game then the endgame.\n\n\
         /// One kind's tables: (kind's letter, middle game, endgame).\n\
         type Table = (char, [i32; 4096], [i32; 4096]);\n\n\
         /// The royal cell tables.\n\
         #[rustfmt::skip]\n\
         pub(crate) static {name}: [Table; {}] = [\n",
        OFFSET_KINDS.len()
    );
    for (k, letter) in OFFSET_KINDS.iter().enumerate() {
        let table = |off: usize| {
            let mut out = String::new();
            for (king, block) in theta[off + k * 4096..][..4096].chunks(64).enumerate() {
                let file = (b'a' + (king % 8) as u8) as char;
                out += &format!("        // king {file}{}\n", king / 8 + 1);
                for row in block.chunks(8) {
                    let row: Vec<String> = row
                        .iter()
                        .map(|v| format!("{:4}", v.round() as i32))
                        .collect();
                    out += &format!("        {},\n", row.join(","));
                }
            }
            out
        };
        src += &format!(
            "    ('{letter}', [\n{}    ], [\n{}    ]),\n",
            table(0),
            table(n)
        );
    }
    src += "];\n";
    src
}

/// The pawn's structure table `theta` (middle game, then endgame from `n`) as Rust source.
fn structure_source(theta: &[f64], n: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --structure: centipawns per structure code and\n\
         //! square of a pawn, as its side sees the board (ranks mirrored for Black), on top of\n\
         //! the other terms. A table is 16 blocks, one per code (`structure_code`: phalanx 1,\n\
         //! defended 2, opposed 4, passed 8); in a block, a row per rank, from the first. The\n\
         //! middle game then the endgame.\n\n\
         /// One kind's tables: (kind's letter, middle game, endgame).\n\
         type Table = (char, [i32; 1024], [i32; 1024]);\n\n\
         /// The structure tables.\n\
         #[rustfmt::skip]\n\
         pub(crate) static STRUCTURE_TABLES: [Table; 1] = [\n",
    );
    let table = |off: usize| {
        let mut out = String::new();
        for (code, block) in theta[off..][..STRUCTURES * 64].chunks(64).enumerate() {
            out += &format!("        // code {code}\n");
            for row in block.chunks(8) {
                let row: Vec<String> = row
                    .iter()
                    .map(|v| format!("{:4}", v.round() as i32))
                    .collect();
                out += &format!("        {},\n", row.join(","));
            }
        }
        out
    };
    src += &format!(
        "    ('P', [\n{}    ], [\n{}    ]),\n];\n",
        table(0),
        table(n)
    );
    src
}

/// One set of placement tables (a table per kind of `TABLE_KINDS`), from `theta[start..]` (the
/// endgames `n` further on), each line indented by `indent`.
fn table_set_source(theta: &[f64], start: usize, n: usize, indent: &str) -> String {
    let mut src = String::new();
    for (k, letter) in TABLE_KINDS.iter().enumerate() {
        let table = |off: usize| {
            (0..8)
                .map(|rank| {
                    let row: Vec<String> = (0..8)
                        .map(|file| {
                            let i = off + start + k * 64 + rank * 8 + file;
                            format!("{:4}", theta[i].round() as i32)
                        })
                        .collect();
                    format!("{indent}    {},\n", row.join(","))
                })
                .collect::<String>()
        };
        src += &format!(
            "{indent}('{letter}', [\n{}{indent}], [\n{}{indent}]),\n",
            table(0),
            table(n)
        );
    }
    src
}

/// The mobility tables `theta` (middle games, then endgames from `n`) as Rust source.
fn mobility_source(theta: &[f64], n: usize) -> String {
    let mut src = String::from(
        "//! Written by benches/examples/tune.rs --mobility: centipawns by kind and the number of\n\
         //! squares a man reaches (0 to 27, as the evaluation's mobility counts them), on top of\n\
         //! the linear mobility term; the middle game then the endgame.\n\n\
         /// The mobility tables: (kind's letter, middle game, endgame).\n\
         #[rustfmt::skip]\n",
    );
    src += &format!(
        "pub(crate) const MOBILITY: [(char, [i32; {MOBILITY_LEN}], [i32; {MOBILITY_LEN}]); {}] = [\n",
        MOBILITY_KINDS.len()
    );
    for (k, letter) in MOBILITY_KINDS.iter().enumerate() {
        let table = |off: usize| {
            theta[off + k * MOBILITY_LEN..][..MOBILITY_LEN]
                .chunks(14)
                .map(|row| {
                    let row: Vec<String> = row
                        .iter()
                        .map(|v| format!("{:4}", v.round() as i32))
                        .collect();
                    format!("        {},\n", row.join(","))
                })
                .collect::<String>()
        };
        src += &format!(
            "    ('{letter}', [\n{}    ], [\n{}    ]),\n",
            table(0),
            table(n)
        );
    }
    src += "];\n";
    src
}
