//! How much a lead is worth (docs/search.md, *Evaluation*), in a game of two players, after
//! Stockfish 12's classical evaluation: the *winnable* term moves the lead by how complex the
//! position is (pawns, passed pawns, the kings' places), and the endgame scale factors (in
//! 64ths, Stockfish's) cut it where the side ahead has few promoting men left (a piece up with
//! no pawn seldom wins), or where each side's only man of a kind bound to a class of cells
//! stands on a different class (orthodox: bishops of opposite colours).

use super::build::Engine;
use super::position::Position;
use spacechess_geometry::{Cell, CellSet};

/// A scale factor that changes nothing, in 64ths.
pub(crate) const FULL_SCALE: i32 = 64;

impl<const W: usize> Engine<W> {
    /// The scale factor, in 64ths, of the endgame share of player `strong`'s lead (player 0 or
    /// 1, in a game of two): with class-bound men on different classes, 18 plus 4 per passed
    /// man of `strong`'s (`passers`) where those are the only officers on the board, else 22
    /// plus 3 per man of `strong`'s; otherwise `few_promoting_scale`'s base plus its step per
    /// promoting man of `strong`'s. Never more than [`FULL_SCALE`].
    pub(crate) fn endgame_scale(
        &self,
        pos: &Position<W>,
        strong: usize,
        promoting_men: CellSet<W>,
        passers: CellSet<W>,
    ) -> i32 {
        let params = &self.eval_tables().params;
        let mine = pos.by_player[strong];
        let scale = if params.opposite_class_scale {
            self.opposite_classes(pos).map(|alone| {
                if alone {
                    18 + 4 * passers.len() as i32
                } else {
                    22 + 3 * mine.len() as i32
                }
            })
        } else {
            None
        };
        let scale = scale.unwrap_or_else(|| {
            let (base, step) = params.few_promoting_scale;
            base + step * (mine & promoting_men).len() as i32
        });
        scale.min(FULL_SCALE)
    }

    /// Where each of the two players has exactly one man of a kind bound to a class of cells
    /// (the pair term's classes; orthodox: one bishop each) and the two stand on different
    /// classes: whether they are the only officers on the board. `None` otherwise.
    fn opposite_classes(&self, pos: &Position<W>) -> Option<bool> {
        let lt = self.line_tables();
        let officer = &self.eval_tables().officer;
        let nk = self.kinds.len();
        let both = pos.by_player[0] | pos.by_player[1];
        (0..nk).find_map(|k| {
            let first = pos.by_player[0] & pos.by_kind[k];
            let second = pos.by_player[1] & pos.by_kind[k];
            let classes = &lt.classes[k];
            if classes.len() < 2 || first.len() != 1 || second.len() != 1 {
                return None;
            }
            let class = classes.iter().find(|c| c.intersects(&first))?;
            if class.intersects(&second) {
                return None;
            }
            let others = (0..nk)
                .filter(|&j| j != k && officer[j])
                .any(|j| pos.by_kind[j].intersects(&both));
            Some(!others)
        })
    }

    /// The winnable term's complexity (`EvalParams::winnable`), in centipawns, with the two
    /// players' royal men on `royals` (player 0's first), their `passers`, the promoting men
    /// and whether any officer is left.
    pub(crate) fn complexity(
        &self,
        royals: [Cell; 2],
        promoting_men: CellSet<W>,
        passers: &[CellSet<W>],
        officers_left: bool,
    ) -> i32 {
        let w = &self.eval_tables().params.winnable;
        let axes = self
            .rules
            .promotion
            .as_ref()
            .map_or(&[][..], |pr| &pr.axes[..]);
        let (a, b) = (self.shape.coords(royals[0]), self.shape.coords(royals[1]));
        let (mut across, mut along) = (0i32, 0i32);
        for axis in 0..self.shape.ndim() {
            let d = (i32::from(a.get(axis)) - i32::from(b.get(axis))).abs();
            if axes.contains(&axis) {
                along = along.max(d);
            } else {
                across = across.max(d);
            }
        }
        let outflanking = across - along;
        let low = self.line_tables().low_flank;
        let both_flanks =
            promoting_men.intersects(&low) && !(promoting_men & !low & self.board).is_empty();
        // Beyond the middle toward the own promotion zone: more than half way, by the
        // promoting men's progress (0 to 1024, quadratic; a half is 256).
        let progress = &self.eval_tables().progress;
        let infiltration = (0..2).any(|p| progress[p][royals[p].index()] > 256);
        let passed = passers.iter().take(2).map(|s| s.len() as i32).sum::<i32>();
        w.passed * passed
            + w.promoting * promoting_men.len() as i32
            + w.outflanking * outflanking
            + w.both_flanks * i32::from(both_flanks)
            + w.infiltration * i32::from(infiltration)
            + w.no_officers * i32::from(!officers_left)
            - w.almost_unwinnable * i32::from(outflanking < 0 && !both_flanks)
            + w.base
    }
}
