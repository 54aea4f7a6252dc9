//! Whether a cell is attacked: reverse look-ups from the cell, never a move generation.

use super::build::{CBent, Engine};
use super::position::{Position, MAX_KINDS};
use super::rules::HopStyle;
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;

impl<const W: usize> Engine<W> {
    /// True if any man in `attackers` could capture on `cell` (a man standing there or not).
    pub fn attacked_by(&self, pos: &Position<W>, cell: Cell, attackers: CellSet<W>) -> bool {
        if let Some(f) = &self.fast {
            let ctx = self.attack_ctx(f, pos, attackers, f.all_players, pos.occupied());
            return self.attacked_in(f, pos, &ctx, ctx.occ, cell);
        }
        self.attacked_by_general(pos, cell, attackers)
    }

    /// [`Engine::attacked_by`] by the general path: every line walked from the cell (the
    /// reference the fast path is tested against).
    pub(crate) fn attacked_by_general(
        &self,
        pos: &Position<W>,
        cell: Cell,
        attackers: CellSet<W>,
    ) -> bool {
        // Leapers: the cells from which each (player, kind) leaps onto `cell`.
        for (p, k, from) in &self.leap_from {
            let men = pos.by_player[p.index()] & pos.by_kind[*k as usize] & attackers;
            if men.intersects(&from[cell.index()]) {
                return true;
            }
        }
        // Riders and hoppers: walk each line out from `cell` to its first man.
        let occ = pos.occupied();
        // Bent riders: few men, tested forward from each.
        for &(p, k, b) in &self.bent_attackers {
            let men = pos.by_player[p.index()] & pos.by_kind[k as usize] & attackers;
            for from in men {
                if self.bent_reaches(&self.bents[p.index()][k as usize][b], from, cell, occ) {
                    return true;
                }
            }
        }
        let nd = self.opposite.len();
        for d in 0..nd {
            let (_, Some(b)) = self.ray_to_blocker(cell, d, occ) else {
                continue;
            };
            let back = self.opposite[d] as usize;
            if attackers.contains(b) {
                let pc = self.piece_on(pos, b).expect("occupied");
                let (min, max) =
                    self.ride_range[(pc.player.index() * MAX_KINDS + pc.kind as usize) * nd + back];
                if max > 0 {
                    if min <= 1 && max == u8::MAX {
                        return true;
                    }
                    let dist = self.ray_distance(cell, d, b);
                    if dist >= min && dist <= max {
                        return true;
                    }
                }
            }
            if self.has_hoppers {
                let (_, Some(h)) = self.ray_to_blocker(b, d, occ) else {
                    continue;
                };
                if attackers.contains(h) {
                    let pc = self.piece_on(pos, h).expect("occupied");
                    let style = self.hop_style
                        [(pc.player.index() * MAX_KINDS + pc.kind as usize) * nd + back];
                    // A cannon jumps the screen b from anywhere; a grasshopper lands just
                    // beyond its hurdle, so the hurdle must be next to `cell`.
                    if style == Some(HopStyle::Cannon)
                        || (style == Some(HopStyle::Grasshopper)
                            && self.ray_distance(cell, d, b) == 1)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// How many steps along ray `dir` from `from` lead to `to` (which must be on that ray).
    #[inline]
    pub(crate) fn ray_distance(&self, from: Cell, dir: usize, to: Cell) -> u8 {
        let ray = self.rays.ray(from, dir);
        (ray.iter().position(|&c| c == to).expect("on the ray") + 1) as u8
    }

    /// Calls `visit(cell, occupied)` for every cell the bent rider `b` of a man on `from` may
    /// stop on (within its range, up to and including the first man on each leg); stops early
    /// when `visit` returns true, and then returns true.
    pub(crate) fn bent_walk(
        &self,
        b: &CBent,
        from: Cell,
        occ: CellSet<W>,
        mut visit: impl FnMut(Cell, bool) -> bool,
    ) -> bool {
        for (i, leg) in b.legs.iter().enumerate() {
            let Some(mid) = self.leap_tables[b.table].target(from, i) else {
                continue;
            };
            if occ.contains(mid) {
                continue;
            }
            for &d in leg {
                for (j, &to) in self.rays.ray(mid, d as usize).iter().enumerate() {
                    let dist = (j + 1) as u8;
                    if dist > b.max {
                        break;
                    }
                    let occupied = occ.contains(to);
                    if dist >= b.min && visit(to, occupied) {
                        return true;
                    }
                    if occupied {
                        break;
                    }
                }
            }
        }
        false
    }

    /// True if the bent rider `b` of a man on `from` reaches `cell` (capturing there if it holds
    /// an enemy).
    fn bent_reaches(&self, b: &CBent, from: Cell, cell: Cell, occ: CellSet<W>) -> bool {
        self.bent_walk(b, from, occ, |to, _| to == cell)
    }

    /// True if a royal man of `p` is attacked by an enemy of `p`.
    pub fn royal_attacked(&self, pos: &Position<W>, p: Player) -> bool {
        if let Some(f) = &self.fast {
            return self
                .royals_of(pos, p)
                .iter()
                .any(|k| self.enemy_attacks(f, pos, p.index(), k));
        }
        let enemies = self.enemies_of(pos, p);
        self.royals_of(pos, p)
            .iter()
            .any(|k| self.attacked_by(pos, k, enemies))
    }
}
