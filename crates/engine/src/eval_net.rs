//! The placement network (docs/search.md, *Evaluation*): a layer of clipped units over every
//! man's kind and cell, learnt from labelled positions (`EvalParams::placement_net`) on top of
//! the other terms. Each player reads the board from its own view with the same weights.

use super::build::Engine;
use super::eval_params::{PlacementNet, NET_HIDDEN, NET_ONE, NET_OUTPUT_SCALE};
use super::position::Position;

/// One input's weights, a row per (viewer, owner, kind, cell).
type Row = [i16; NET_HIDDEN];

/// `EvalParams::placement_net` laid out for the evaluation: `rows[((owner * kinds + kind) *
/// cells + cell) * players + viewer]`, the weights of that man's input as the viewer reads it
/// (zero for kinds the network does not know), so that a man's rows for every viewer lie
/// together. Two-player games only.
#[derive(Clone, Debug)]
pub(crate) struct NetRows {
    rows: Vec<Row>,
    biases: Row,
    /// The output weights, in 16 bits: a unit's activation (at most [`NET_ONE`]) times its
    /// weight, summed over the units, fits in 32 bits.
    output: [i16; NET_HIDDEN],
}

// The output layer's sum in 32 bits holds every unit at its largest activation times the
// largest 16-bit weight: a network of more units needs a wider sum.
const _: () = assert!(NET_HIDDEN as i64 * NET_ONE as i64 * 32_768 <= 1 << 31);

/// The network's rows for engine `e`, or None where `net` is None or its biases or output
/// weights are not [`NET_HIDDEN`] long, an output weight is beyond 16 bits, or the game is
/// not one of two players.
pub(crate) fn net_rows<const W: usize>(
    e: &Engine<W>,
    net: Option<&PlacementNet>,
) -> Option<NetRows> {
    let net = net?;
    let biases: Row = net.biases.as_slice().try_into().ok()?;
    let output: Vec<i16> =
        (net.output.iter().map(|&o| i16::try_from(o).ok())).collect::<Option<_>>()?;
    let output: [i16; NET_HIDDEN] = output.as_slice().try_into().ok()?;
    let cells = e.shape.cell_count() as usize;
    let (np, nk, letters) = (e.players.count(), e.kinds.len(), net.letters.len());
    if np != NET_PLAYERS {
        return None;
    }
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

/// The network's first layer summed over the men of a position, as each of the two players
/// reads it (biases included): what the engine's evaluation carries from a position to the next
/// in a search (`Variant::EvalState`), so that a move costs the rows of the men it moves, takes
/// or changes, not those of every man. All zero where the engine has no network. The sums wrap
/// (a unit is clipped to 0..[`NET_ONE`] after, so only a sum beyond ±32 units could read
/// wrong), which makes them the same whatever the order in which men came and went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetSums([Row; NET_PLAYERS]);

impl Default for NetSums {
    /// All zero: the sums of an engine without a network.
    fn default() -> Self {
        NetSums([[0; NET_HIDDEN]; NET_PLAYERS])
    }
}

/// The players a network serves: two (the sums are kept for each).
const NET_PLAYERS: usize = 2;

impl NetRows {
    /// The rows of the man of `owner` and kind index `kind` on cell index `cell`, one per
    /// viewer.
    #[inline]
    fn of(&self, kinds: usize, cells: usize, owner: usize, kind: usize, cell: usize) -> &[Row] {
        let at = ((owner * kinds + kind) * cells + cell) * NET_PLAYERS;
        &self.rows[at..at + NET_PLAYERS]
    }
}

/// Adds one man's `rows` to `sums`, viewer by viewer.
#[inline]
fn add_rows(sums: &mut NetSums, rows: &[Row]) {
    for (sum, row) in sums.0.iter_mut().zip(rows) {
        for (s, &w) in sum.iter_mut().zip(row) {
            *s = s.wrapping_add(w);
        }
    }
}

/// Takes one man's `rows` away from `sums`, viewer by viewer.
#[inline]
fn sub_rows(sums: &mut NetSums, rows: &[Row]) {
    for (sum, row) in sums.0.iter_mut().zip(rows) {
        for (s, &w) in sum.iter_mut().zip(row) {
            *s = s.wrapping_sub(w);
        }
    }
}

impl<const W: usize> Engine<W> {
    /// The network's sums over the men of `pos`, from scratch.
    pub(crate) fn net_sums(&self, net: &NetRows, pos: &Position<W>) -> NetSums {
        let (nk, cells) = (self.kinds.len(), self.shape.cell_count() as usize);
        let mut sums = NetSums([net.biases; NET_PLAYERS]);
        for owner in 0..NET_PLAYERS {
            for k in 0..nk {
                for c in pos.by_player[owner] & pos.by_kind[k] {
                    add_rows(&mut sums, net.of(nk, cells, owner, k, c.index()));
                }
            }
        }
        sums
    }

    /// The network's sums over the men of `after`, from those of `before` (`sums`): the rows
    /// of the men that left a cell taken away, those of the men that came added.
    pub(crate) fn next_net_sums(
        &self,
        net: &NetRows,
        sums: &NetSums,
        before: &Position<W>,
        after: &Position<W>,
    ) -> NetSums {
        let (nk, cells) = (self.kinds.len(), self.shape.cell_count() as usize);
        let mut next = *sums;
        for owner in 0..NET_PLAYERS {
            let (was, is) = (before.by_player[owner], after.by_player[owner]);
            for k in 0..nk {
                let (was, is) = (was & before.by_kind[k], is & after.by_kind[k]);
                if was == is {
                    continue;
                }
                for c in was.without(&is) {
                    sub_rows(&mut next, net.of(nk, cells, owner, k, c.index()));
                }
                for c in is.without(&was) {
                    add_rows(&mut next, net.of(nk, cells, owner, k, c.index()));
                }
            }
        }
        next
    }

    /// Adds the network's centipawns to each player's score in `scores`, from the sums of the
    /// position: each player's units, clipped to 0..1 of [`NET_ONE`], times the output
    /// weights. Not inlined: inlined into the evaluation, the network made the evaluation's
    /// other terms compile to about 1 500 more instructions a call.
    #[inline(never)]
    pub(crate) fn add_net_output(net: &NetRows, sums: &NetSums, scores: &mut [i32]) {
        for (score, a) in scores.iter_mut().zip(sums.0.iter()) {
            let total: i32 = a
                .iter()
                .zip(&net.output)
                .map(|(&a, &o)| i32::from(a.clamp(0, NET_ONE as i16)) * i32::from(o))
                .sum();
            *score += total / (NET_ONE * NET_OUTPUT_SCALE);
        }
    }
}
