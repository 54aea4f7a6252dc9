//! `tune --net=EPOCHS --out=FILE`: fits the placement network (`EvalParams::placement_net`, a
//! layer of [`NET_HIDDEN`] clipped units over the men's kinds and squares as each side sees
//! them) on top of every other term of the evaluation, by mini-batch Adam on the tuner's error,
//! and writes it as Rust in the form of `variants/orthodox/src/net.rs`.
//!
//! The network scores a position for each side from that side's view (its own men and the
//! enemy's, ranks mirrored for Black) with the same weights, and adds the difference: White's
//! view minus Black's. A position and its colours swapped therefore score exactly opposite.

use super::{expectation, white_score, TABLE_KINDS};
use spacechess_engine::{EvalParams, NET_HIDDEN, NET_ONE, NET_OUTPUT_SCALE};
use spacechess_orthodox::Orthodox;

/// Hidden units.
const H: usize = NET_HIDDEN;
/// Inputs of one view: (own or enemy, kind, square).
const INPUTS: usize = 2 * TABLE_KINDS.len() * 64;
/// The output weights are fitted in hundreds of centipawns per unit of activation.
const OUTPUT_UNIT: f32 = 100.0;
/// Positions per step of Adam.
const BATCH: usize = 256;

/// One labelled position: our score without the network, the label's win expectation and the
/// inputs of White's and Black's views.
struct Item {
    base: f32,
    /// The label's centipawns.
    cp: f32,
    label: f32,
    views: [Vec<u16>; 2],
    /// Knights, bishops, rooks and queens on the board (for the report by phase).
    officers: u8,
    /// The position's material bucket ([`bucket`]).
    bucket: u8,
}

/// Buckets of the lead's factor: by officers (0 to 14) and pawns (0-4, 5-8, 9-12, 13-16).
const BUCKETS: usize = 15 * 4;

/// The material bucket of a position with `officers` and `pawns` on the board.
fn bucket(officers: u8, pawns: u8) -> u8 {
    officers.min(14) * 4 + (pawns.saturating_sub(1) / 4).min(3)
}

/// The network's weights while fitted: `w1[input * H + unit]`, the units' biases and the
/// output weights.
#[derive(Clone)]
struct Net {
    w1: Vec<f32>,
    b1: [f32; H],
    v: [f32; H],
    /// Fitted with the network but not part of it: per material bucket, a factor on our lead
    /// without the network (`1 + lead`). The labels' leads are smaller than ours by the phase
    /// and material (the regression to the mean of a least-squares fit); with no such factor the
    /// network learns mostly that, which matches have not rewarded.
    lead: Vec<f32>,
}

impl Net {
    /// The activations of one view.
    fn activations(&self, inputs: &[u16]) -> [f32; H] {
        let mut acc = self.b1;
        for &i in inputs {
            let row = &self.w1[i as usize * H..][..H];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The network's centipawns for White: White's view less Black's.
    fn score(&self, item: &Item) -> f32 {
        let (w, b) = (
            self.activations(&item.views[0]),
            self.activations(&item.views[1]),
        );
        let mut s = 0.0;
        for j in 0..H {
            s += self.v[j] * (w[j].clamp(0.0, 1.0) - b[j].clamp(0.0, 1.0));
        }
        s * OUTPUT_UNIT
    }

    /// The score the fit compares with the label: our lead times the bucket's factor, plus the
    /// network's.
    fn fitted(&self, item: &Item) -> f32 {
        item.base * (1.0 + self.lead[usize::from(item.bucket)]) + self.score(item)
    }
}

/// The positions' items: our score with `params` (which hold no network) and each view's inputs.
fn items_of(chess: &Orthodox, data: &[(String, f64)]) -> Vec<Item> {
    let e = chess.engine();
    let shape = e.shape();
    let mut scores = [0; 2];
    data.iter()
        .map(|(fen, cp)| {
            let pos = chess.from_fen(fen).expect("checked when read");
            let base = white_score(chess, &pos, &mut scores) as f32;
            let mut views = [Vec::new(), Vec::new()];
            let (mut officers, mut pawns) = (0, 0);
            for c in shape.cells() {
                let Some(piece) = pos.piece_at(c) else {
                    continue;
                };
                let letter = e.kinds()[piece.kind as usize].letter;
                let Some(k) = TABLE_KINDS.iter().position(|&l| l == letter) else {
                    continue;
                };
                officers += u8::from((1..5).contains(&k));
                pawns += u8::from(k == 0);
                let co = shape.coords(c);
                let (file, rank) = (co.get(0) as usize, co.get(1) as usize);
                for (view, inputs) in views.iter_mut().enumerate() {
                    let side = usize::from(piece.player.index() != view);
                    let rank = if view == 1 { 7 - rank } else { rank };
                    inputs.push(((side * TABLE_KINDS.len() + k) * 64 + rank * 8 + file) as u16);
                }
            }
            Item {
                base,
                cp: *cp as f32,
                label: 0.0,
                views,
                officers,
                bucket: bucket(officers, pawns),
            }
        })
        .collect()
}

/// Mean squared error of the expectations with the network added: as the engine plays it
/// (`played`) or as fitted (the lead's factor too).
fn error_of(net: &Net, items: &[Item], played: bool) -> f64 {
    let total: f64 = items
        .iter()
        .map(|it| {
            let score = if played {
                it.base + net.score(it)
            } else {
                net.fitted(it)
            };
            let p = expectation(f64::from(score));
            (p - f64::from(it.label)).powi(2)
        })
        .sum();
    total / items.len().max(1) as f64
}

/// A small deterministic generator (xorshift64*), for the start weights and the batches' order.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [-1, 1).
    fn signed(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// Adam's moments for one weight vector.
struct Moments {
    m: Vec<f32>,
    s: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            s: vec![0.0; n],
        }
    }

    /// One step of Adam with decoupled weight decay `decay`.
    fn step(&mut self, theta: &mut [f32], grad: &[f32], rate: f32, t: i32, decay: f32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        for i in 0..theta.len() {
            let g = grad[i];
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.s[i] = b2 * self.s[i] + (1.0 - b2) * g * g;
            let step = (self.m[i] / c1) / ((self.s[i] / c2).sqrt() + 1e-10);
            theta[i] -= rate * (step + decay * theta[i]);
        }
    }
}

/// Fits the network for `epochs` passes over `data` on top of `params` and returns it as Rust
/// source; reports the error on `held` (positions left out of the fit) after each pass, and
/// returns the weights of the pass where it was lowest when there are such positions.
pub(crate) fn fit_net(
    params: &EvalParams,
    data: &[(String, f64)],
    label_scale: f64,
    epochs: usize,
    held: Option<&[(String, f64)]>,
    decay: f64,
) -> String {
    let mut base_params = params.clone();
    base_params.placement_net = None;
    let chess = Orthodox::with_eval_params(base_params);
    let mut items = items_of(&chess, data);
    let mut held_items = held.map(|h| items_of(&chess, h));
    for it in items.iter_mut().chain(held_items.iter_mut().flatten()) {
        it.label = expectation(f64::from(it.cp) * label_scale) as f32;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut net = Net {
        w1: (0..INPUTS * H).map(|_| 0.05 * rng.signed()).collect(),
        b1: [0.5; H],
        v: [0.0; H],
        lead: vec![0.0; BUCKETS],
    };
    for v in &mut net.v {
        *v = 0.01 * rng.signed();
    }
    let report = |epoch: usize, net: &Net| {
        let held = held_items.as_ref().map(|h| error_of(net, h, false));
        print!(
            "net: epoch {epoch}, error {:.6}",
            error_of(net, &items, false)
        );
        if let (Some(e), Some(h)) = (held, &held_items) {
            print!(
                ", held out {e:.6} ({:.6} as played)",
                error_of(net, h, true)
            );
        }
        println!();
        held
    };
    let mut best = (report(0, &net).unwrap_or(f64::MAX), net.clone());
    let (mut m1, mut mb, mut mv) = (Moments::new(INPUTS * H), Moments::new(H), Moments::new(H));
    let mut ml = Moments::new(BUCKETS);
    let mut order: Vec<usize> = (0..items.len()).collect();
    let slope = (10f32.ln() / 400.0) * 2.0;
    let mut t = 0;
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        // The rate falls from 1e-3 to 1e-4 over the passes.
        let progress = (epoch - 1) as f32 / epochs.max(2).saturating_sub(1) as f32;
        let rate = 1e-3 * 0.1f32.powf(progress);
        for batch in order.chunks(BATCH) {
            let mut g1 = vec![0.0f32; INPUTS * H];
            let (mut gb, mut gv) = ([0.0f32; H], [0.0f32; H]);
            let mut gl = [0.0f32; BUCKETS];
            for &n in batch {
                let it = &items[n];
                let w = net.activations(&it.views[0]);
                let b = net.activations(&it.views[1]);
                let mut s = 0.0;
                for j in 0..H {
                    s += net.v[j] * (w[j].clamp(0.0, 1.0) - b[j].clamp(0.0, 1.0));
                }
                let factor = 1.0 + net.lead[usize::from(it.bucket)];
                let p = expectation(f64::from(it.base * factor + s * OUTPUT_UNIT)) as f32;
                // d error / d score, and on to the lead's factor and the units.
                let d = slope * (p - it.label) * p * (1.0 - p);
                gl[usize::from(it.bucket)] += d * it.base;
                let d = d * OUTPUT_UNIT;
                let (mut dw, mut db) = ([0.0f32; H], [0.0f32; H]);
                for j in 0..H {
                    gv[j] += d * (w[j].clamp(0.0, 1.0) - b[j].clamp(0.0, 1.0));
                    let open = |a: f32| if a > 0.0 && a < 1.0 { 1.0 } else { 0.0 };
                    dw[j] = d * net.v[j] * open(w[j]);
                    db[j] = -d * net.v[j] * open(b[j]);
                    gb[j] += dw[j] + db[j];
                }
                for (view, dacc) in [(0, &dw), (1, &db)] {
                    for &i in &it.views[view] {
                        let row = &mut g1[i as usize * H..][..H];
                        for (g, x) in row.iter_mut().zip(dacc) {
                            *g += x;
                        }
                    }
                }
            }
            let scale = 1.0 / batch.len() as f32;
            g1.iter_mut().for_each(|g| *g *= scale);
            gb.iter_mut().for_each(|g| *g *= scale);
            gv.iter_mut().for_each(|g| *g *= scale);
            gl.iter_mut().for_each(|g| *g *= scale);
            t += 1;
            ml.step(&mut net.lead, &gl, rate, t, 0.0);
            m1.step(&mut net.w1, &g1, rate, t, decay as f32);
            mb.step(&mut net.b1, &gb, rate, t, 0.0);
            mv.step(&mut net.v, &gv, rate, t, decay as f32);
        }
        if let Some(e) = report(epoch, &net) {
            if e < best.0 {
                best = (e, net.clone());
            }
        } else {
            best.1 = net.clone();
        }
    }
    println!("net: the lead's factors by bucket {:.2?}", best.1.lead);
    if let Some(h) = &held_items {
        report_by_phase(&best.1, h);
    }
    net_source(&best.1)
}

/// Prints, by the officers left on the board, the network's mean centipawns toward the side
/// our score without it favours (negative: it takes leads down) and its mean size.
fn report_by_phase(net: &Net, items: &[Item]) {
    for (low, high) in [(0, 2), (3, 6), (7, 10), (11, 14)] {
        let (mut n, mut toward, mut size) = (0usize, 0f64, 0f64);
        for it in items
            .iter()
            .filter(|it| (low..=high).contains(&it.officers))
        {
            let s = f64::from(net.score(it));
            n += 1;
            toward += s * f64::from(it.base.signum());
            size += s.abs();
        }
        let n = n.max(1) as f64;
        println!(
            "net: {low} to {high} officers: {n} positions, {:+.1} cp toward the lead, {:.1} cp in size",
            toward / n,
            size / n
        );
    }
}

/// The network as Rust, quantized as the engine reads it (`PlacementNet`).
fn net_source(net: &Net) -> String {
    let one = NET_ONE as f32;
    let quantize = |x: f32| (x * one).round().clamp(-32767.0, 32767.0) as i16;
    let mut s = String::from(
        "//! Written by benches/examples/tune.rs --net: the placement network's weights\n\
         //! (`EvalParams::placement_net`), fitted on top of every other term. Inputs by\n\
         //! side (own men, then the enemy's), kind (P, N, B, R, Q, K) and square as the side\n\
         //! sees the board (a1, b1, ..., h8; ranks mirrored for Black), each a row of the\n\
         //! hidden units' weights.\n\n",
    );
    s += &format!(
        "/// The kinds of the inputs, in order.\npub(crate) const NET_KINDS: [char; {}] = {:?};\n\n",
        TABLE_KINDS.len(),
        TABLE_KINDS
    );
    s += &format!(
        "/// The inputs' weights, `NET_ONE` to a unit of activation.\n#[rustfmt::skip]\npub(crate) static NET_WEIGHTS: [i16; {}] = [\n",
        INPUTS * H
    );
    for row in net.w1.chunks(H) {
        let cells: Vec<String> = row.iter().map(|&w| quantize(w).to_string()).collect();
        s += &format!("    {},\n", cells.join(", "));
    }
    s += "];\n\n/// The hidden units' biases, `NET_ONE` to a unit.\n#[rustfmt::skip]\n";
    let biases: Vec<String> = net.b1.iter().map(|&b| quantize(b).to_string()).collect();
    s += &format!(
        "pub(crate) static NET_BIASES: [i16; {H}] = [{}];\n\n",
        biases.join(", ")
    );
    s += "/// The output weights, `NET_OUTPUT_SCALE` to a centipawn per unit of activation.\n#[rustfmt::skip]\n";
    let output: Vec<String> = net
        .v
        .iter()
        .map(|&v| ((v * OUTPUT_UNIT * NET_OUTPUT_SCALE as f32).round() as i32).to_string())
        .collect();
    s += &format!(
        "pub(crate) static NET_OUTPUT: [i32; {H}] = [{}];\n",
        output.join(", ")
    );
    s
}
