//! The placement network (docs/search.md, *Evaluation*): a layer of clipped units over every
//! man's kind and cell, learnt from labelled positions (`EvalParams::placement_net`) on top of
//! the other terms. Each player reads the board from its own view with the same weights.

use super::build::Engine;
use super::eval_params::{PlacementNet, NET_HIDDEN, NET_ONE, NET_OUTPUT_SCALE};
use super::position::{Position, MAX_PLAYERS};

/// One input's weights, a row per (viewer, owner, kind, cell).
type Row = [i16; NET_HIDDEN];

/// `EvalParams::placement_net` laid out for the evaluation: `rows[((owner * kinds + kind) *
/// cells + cell) * players + viewer]`, the weights of that man's input as the viewer reads it
/// (zero for kinds the network does not know), so that a man's rows for every viewer lie
/// together.
#[derive(Clone, Debug)]
pub(crate) struct NetRows {
    rows: Vec<Row>,
    biases: Row,
    output: [i32; NET_HIDDEN],
}

/// The network's rows for engine `e`, or None where `net` is None or its biases or output
/// weights are not [`NET_HIDDEN`] long.
pub(crate) fn net_rows<const W: usize>(
    e: &Engine<W>,
    net: Option<&PlacementNet>,
) -> Option<NetRows> {
    let net = net?;
    let biases: Row = net.biases.as_slice().try_into().ok()?;
    let output: [i32; NET_HIDDEN] = net.output.as_slice().try_into().ok()?;
    let cells = e.shape.cell_count() as usize;
    let (np, nk, letters) = (e.players.count(), e.kinds.len(), net.letters.len());
    let first = &e.rules.players[0].orientation;
    let mut rows = vec![[0i16; NET_HIDDEN]; np * nk * cells * np];
    for (viewer, player) in e.rules.players.iter().take(np).enumerate() {
        // Each cell as the viewer sees the board: mirrored along the axes where its
        // orientation differs from the first player's.
        let seen: Vec<Option<usize>> = e
            .shape
            .cells()
            .map(|c| {
                let mut co = e.shape.coords(c);
                for (axis, _) in (player.orientation.iter().zip(first).enumerate())
                    .filter(|(_, (mine, theirs))| mine != theirs)
                {
                    co.set(axis, e.shape.extent(axis) as i8 - 1 - co.get(axis));
                }
                e.shape.cell(&co).map(|m| m.index())
            })
            .collect();
        for owner in 0..np {
            let side = usize::from(owner != viewer);
            for k in 0..nk {
                let Some(input_kind) = net.letters.iter().position(|&l| l == e.kinds[k].letter)
                else {
                    continue;
                };
                for (c, seen) in seen.iter().enumerate() {
                    let Some(s) = seen else { continue };
                    let input = (side * letters + input_kind) * cells + s;
                    if let Some(w) = net
                        .weights
                        .get(input * NET_HIDDEN..(input + 1) * NET_HIDDEN)
                    {
                        rows[((owner * nk + k) * cells + c) * np + viewer].copy_from_slice(w);
                    }
                }
            }
        }
    }
    Some(NetRows {
        rows,
        biases,
        output,
    })
}

impl<const W: usize> Engine<W> {
    /// Adds the network's centipawns to each player's score in `scores`: the units'
    /// activations over the men on the board as the player sees them, times the output
    /// weights. The units add up in 16 bits, saturating (a unit is clipped to 0..1 of
    /// [`NET_ONE`] after, so a sum beyond ±32 units could only differ there). Not inlined:
    /// inlined into the evaluation, it made the evaluation's other terms compile to about 1 500
    /// more instructions a call.
    #[inline(never)]
    pub(crate) fn add_net_scores(&self, net: &NetRows, pos: &Position<W>, scores: &mut [i32]) {
        let (np, nk) = (self.players.count(), self.kinds.len());
        let cells = self.shape.cell_count() as usize;
        let mut acc = [net.biases; MAX_PLAYERS];
        let acc = &mut acc[..np];
        for owner in 0..np {
            for k in 0..nk {
                let men = pos.by_player[owner] & pos.by_kind[k];
                let rows = &net.rows[(owner * nk + k) * cells * np..][..cells * np];
                for c in men {
                    for (a, row) in acc.iter_mut().zip(&rows[c.index() * np..][..np]) {
                        for (a, &w) in a.iter_mut().zip(row) {
                            *a = a.saturating_add(w);
                        }
                    }
                }
            }
        }
        for (score, a) in scores.iter_mut().zip(acc.iter()) {
            let total: i64 = a
                .iter()
                .zip(&net.output)
                .map(|(&a, &o)| i64::from(i32::from(a).clamp(0, NET_ONE)) * i64::from(o))
                .sum();
            *score += (total / i64::from(NET_ONE * NET_OUTPUT_SCALE)) as i32;
        }
    }
}
