//! What the search needs from the engine: Zobrist keys, piece values (the rule set's, or derived
//! from mobility on the empty board), and the static evaluation (material, mobility, advancement of
//! promoting men). See docs/search.md.

use super::build::{CAtom, Engine};
use super::eval_imbalance::{imbalance_terms, ImbalanceTerm};
use super::eval_net::{net_rows, NetRows, NetSums};
use super::eval_params::{
    royal_offset_index, royal_wing, structure_code, EvalParams, PlacementTable, Winnable,
    STRUCTURES,
};
use super::eval_scale::FULL_SCALE;
use super::fast::{mode_index, w1_rays, W1Ray};
use super::position::{Move, MoveKind, Position, MAX_KINDS, MAX_PLAYERS};
use super::rules::{Goal, HopStyle, Mode};
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;

/// Boards of at most this many words count a ride's lines (a direction and its opposite) in one
/// go; larger ones each ray apart, which costs less there.
const LINE_WORDS: usize = 3;

/// One piece of a ride, for the evaluation's mobility: a line (the directions along which cell
/// indices grow and fall), or one ray.
#[derive(Clone, Copy, Debug)]
enum RidePiece {
    /// Both rays of a line: (up, down) directions.
    Line(u8, u8),
    /// A ray along which cell indices grow.
    Up(u8),
    /// A ray along which cell indices fall.
    Down(u8),
}

/// Fixed-point scale of the per-cell mobility weights.
const MOB_SCALE: i32 = 64;
/// Royal men the evaluation's king-safety terms look at, at most.
const ROYALS_KEPT: usize = 16;

/// A fixed-size list of royal men (owner, kind, cell), so that the evaluation allocates nothing.
#[derive(Default)]
struct RoyalList {
    men: [(Player, u8, Cell); ROYALS_KEPT],
    len: usize,
}

impl RoyalList {
    fn push(&mut self, man: (Player, u8, Cell)) {
        if self.len < ROYALS_KEPT {
            self.men[self.len] = man;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for RoyalList {
    type Target = [(Player, u8, Cell)];
    fn deref(&self) -> &Self::Target {
        &self.men[..self.len]
    }
}

/// What the king-danger term reads, gathered per player in the evaluation's pass over the men.
struct DangerInputs<const W: usize> {
    /// The cells each player's officers attack.
    attacked: [CellSet<W>; MAX_PLAYERS],
    /// The cells each player's men of each kind attack (officers only).
    kind_reach: [[CellSet<W>; MAX_KINDS]; MAX_PLAYERS],
    /// Each player's men that attack the cells around an enemy king.
    attackers: [i32; MAX_PLAYERS],
    /// Each player's attacks on those cells (counted per man).
    attacks: [i32; MAX_PLAYERS],
}

impl<const W: usize> Default for DangerInputs<W> {
    fn default() -> Self {
        DangerInputs {
            attacked: [CellSet::EMPTY; MAX_PLAYERS],
            kind_reach: [[CellSet::EMPTY; MAX_KINDS]; MAX_PLAYERS],
            attackers: [0; MAX_PLAYERS],
            attacks: [0; MAX_PLAYERS],
        }
    }
}

/// Tables computed once per engine for the search.
#[derive(Clone, Debug)]
pub(crate) struct EvalTables {
    cells: usize,
    /// The weights the tables were built with (some are read at every evaluation).
    pub(crate) params: EvalParams,
    /// Centipawns per kind (0 for royal men, which are never captured).
    values: Vec<i32>,
    /// True where the value was derived from mobility, false where the rule set gave it.
    derived: Vec<bool>,
    /// The value of the most valuable kind a man may promote to (0 without promotion): only a
    /// promotion to it counts as a gain for the search ([`Engine::capture_values_of`]).
    best_promotion: i32,
    /// Average number of cells reached from every cell of the empty board, per kind.
    avg_mobility: Vec<f64>,
    /// Centipawns times [`MOB_SCALE`] per cell a man of the kind reaches.
    mob_weight: Vec<i32>,
    /// Per kind, the learnt `EvalParams::mobility_tables`: (middle game, endgame) centipawns by
    /// the count of cells reached, the last entry for any larger count; empty without a table
    /// and for kinds whose mobility is not counted (royal and promoting ones).
    mob_table: Vec<Vec<(i32, i32)>>,
    /// Centipawns a promoting man of the kind gains at full progress.
    promo_gain: Vec<i32>,
    /// `progress[player][cell]`: progress toward the promotion zone, 0 to 1024.
    pub(crate) progress: Vec<Vec<i32>>,
    /// `squares[(player * kinds + kind) * cells + cell]`: a man's terms that depend on its cell
    /// alone, (middle game, endgame) centipawns, summed over the men and tapered once by the
    /// phase: the piece-square term from the reach on the empty board (a royal man's differs
    /// between the two), the learnt `EvalParams::placement_tables` (each player's cells mirrored
    /// to the first player's), and a promoting man's advancement while held (half its gain).
    squares: Vec<(i32, i32)>,
    /// `wing_squares[wing]`: `squares` with the learnt `EvalParams::wing_tables` of the wing
    /// added, read for a player whose one royal man stands on that wing; empty without them.
    wing_squares: Vec<Vec<(i32, i32)>>,
    /// Per cell, its wing ([`royal_wing`] of its first coordinate).
    wing_of: Vec<u8>,
    /// `king_squares[(player * cells + royal) * kinds * cells + kind * cells + cell]`: the rows
    /// of `squares` (with the wing tables of `royal`'s wing) a player reads when its one royal
    /// man stands on `royal`, with the learnt `EvalParams::royal_offset_tables` (by each man's
    /// offset from it) and `royal_cell_tables` folded in (mirrored as the player's cells are);
    /// empty without such tables. Players × cells² × kinds entries: 384 KiB in orthodox.
    king_squares: Vec<(i32, i32)>,
    /// The same layout for the learnt `EvalParams::enemy_offset_tables` and
    /// `enemy_royal_cell_tables` alone, by the cell of the enemies' one royal man, read on top
    /// of the player's other rows; empty without them.
    enemy_king_squares: Vec<(i32, i32)>,
    /// `structure[((player * kinds + kind) * STRUCTURES + code) * cells + cell]`: the learnt
    /// `EvalParams::structure_tables` as each player reads them (mirrored as the player's cells
    /// are), by a promoting man's structure code; empty without them.
    structure: Vec<(i32, i32)>,
    /// `EvalParams::imbalance` with its kinds found (`eval_imbalance.rs`); empty without it.
    pub(crate) imbalance: Vec<ImbalanceTerm>,
    /// `EvalParams::placement_net` laid out by viewer, owner, kind and cell; None without it.
    net: Option<NetRows>,
    /// Per kind, whether it counts toward the game's phase (neither royal nor promoting).
    pub(crate) officer: Vec<bool>,
    /// The officer kind of the highest value (the last of equals), for the king-danger term.
    strongest_officer: Option<usize>,
    /// Whether the endgame scale factors (`eval_scale.rs`) are on: a game of two players
    /// whose weights ask for them.
    scale_lead: bool,
    /// The same for the winnable term.
    winnable: bool,
    /// The officers' material of each player at the start, the phase's full measure.
    start_officers: Vec<i32>,
    /// Per kind, the centipawns a passed man earns at full progress: (enemy officers all on the
    /// board, none left). Zero for kinds that do not promote.
    passed: Vec<(i32, i32)>,
    /// `distance[a * cells + b]`: king steps (the largest coordinate difference) between two
    /// cells; empty unless the passed men's royal distance terms ask for it.
    distance: Vec<u8>,
    /// `ride_flags[player][kind][atom]`, for ride atoms: [`RIDE_TO_FIRST`] where the ride goes
    /// from the first cell to the first man on every ray, [`RIDE_DISJOINT`] where its rays from
    /// any cell share no cell (then the mobility counts them as one set).
    ride_flags: Vec<Vec<Vec<u8>>>,
    /// `mobility[player * kinds + kind]`: how the evaluation counts a man's reach.
    mobility: Vec<MobPlan>,
}

/// How the evaluation counts the reach of the men of one (player, kind): the same counts as a walk
/// of every ray and leap target (`mobility_walk`), by set operations where they apply.
#[derive(Clone, Debug, Default)]
struct MobPlan {
    /// Boards with the fast path's PEXT tables (one word, or more where they stay small): the
    /// kind's one atom is an unlimited ride made of these table rows' rides (see
    /// `Plan::w1_rider`), in this mode (an index into the allowed cells).
    pext: Option<(u8, Vec<u8>)>,
    /// Otherwise, atom by atom.
    atoms: Vec<MobAtom>,
}

/// One atom of a [`MobPlan`]; `mode` indexes the cells it may land on (both, move, capture).
#[derive(Clone, Debug)]
enum MobAtom {
    /// A leap: its table's targets as a set (boards of up to [`MASK_WORDS`] words).
    Leap {
        table: usize,
        mode: u8,
        only_unmoved: bool,
    },
    /// A ride from the first cell to the first man on rays that share no cell: its lines
    /// (a direction and its opposite, cell indices growing along the first) and single rays,
    /// each cut at its first man by set operations (boards of up to [`MASK_WORDS`] words).
    Ride {
        pieces: Vec<RidePiece>,
        mode: u8,
        only_unmoved: bool,
    },
    /// Any other atom (its index in the engine's atoms of the kind): rays and leap targets
    /// walked cell by cell.
    Walk(usize),
}

/// See `EvalTables::ride_flags`.
const RIDE_TO_FIRST: u8 = 1;
/// Boards of at most this many 64-bit words count a man's reach with set operations; larger
/// ones (512 cells) walk the rays and leap targets cell by cell, which costs less there.
const MASK_WORDS: usize = 4;
/// See `EvalTables::ride_flags`.
const RIDE_DISJOINT: u8 = 2;
/// The index of a move-only atom's allowed cells (see `mode_index`).
const MOVE_ONLY_MODE: u8 = 1;

impl EvalTables {
    pub(crate) fn new<const W: usize>(e: &Engine<W>) -> EvalTables {
        let cells = e.shape.cell_count() as usize;
        let nk = e.kinds.len();
        let np = e.players.count();
        let params = e.eval_params.clone();

        // Average mobility on the empty board, as player 1 (men of other players mirror it).
        let avg_mobility: Vec<f64> = (0..nk)
            .map(|k| {
                let total: usize = e
                    .shape
                    .cells()
                    .map(|c| empty_board_reach(e, Player(0), k as u8, c))
                    .sum();
                total as f64 / cells.max(1) as f64
            })
            .collect();
        let royal = |k: usize| e.is_royal(k as u8);
        let promoting: Vec<usize> = (0..nk).filter(|&k| e.kinds[k].promotes).collect();
        let candidates: Vec<usize> = if promoting.is_empty() {
            (0..nk).filter(|&k| !royal(k)).collect()
        } else {
            promoting
        };
        let reference = candidates
            .iter()
            .copied()
            .filter(|&k| avg_mobility[k] > 0.0)
            .min_by(|&a, &b| avg_mobility[a].total_cmp(&avg_mobility[b]));
        let ref_value = reference
            .and_then(|k| e.kinds[k].value)
            .map_or(100.0, |v| f64::from(v) * 100.0);
        let mut values = Vec::with_capacity(nk);
        let mut derived = Vec::with_capacity(nk);
        for k in 0..nk {
            let given = params
                .piece_values
                .iter()
                .find(|(letter, _)| *letter == e.kinds[k].letter)
                .map(|&(_, v)| v)
                .or(e.kinds[k].value.map(f64::from));
            if royal(k) {
                values.push(0);
                derived.push(false);
            } else if let Some(v) = given {
                values.push((v * 100.0).round() as i32);
                derived.push(false);
            } else {
                let v = match reference {
                    Some(r) => ref_value * avg_mobility[k] / avg_mobility[r],
                    None => 100.0,
                };
                values.push((v.round() as i32).max(1));
                derived.push(true);
            }
        }
        let cap = params.mobility_value_cap * ref_value;
        let mob_weight: Vec<i32> = (0..nk)
            .map(|k| {
                if royal(k) || e.kinds[k].promotes || avg_mobility[k] <= 0.0 {
                    0
                } else {
                    let worth = f64::from(values[k]).min(cap);
                    (params.mobility_share * worth / avg_mobility[k] * f64::from(MOB_SCALE)).round()
                        as i32
                }
            })
            .collect();
        let best_choice = e
            .promo_choices
            .iter()
            .map(|&k| values[k as usize])
            .max()
            .unwrap_or(0);
        let promo_gain: Vec<i32> = (0..nk)
            .map(|k| {
                if e.kinds[k].promotes {
                    (params.advance_share * f64::from((best_choice - values[k]).max(0))).round()
                        as i32
                } else {
                    0
                }
            })
            .collect();
        let mut progress = vec![vec![0; cells]; np];
        if let Some(pr) = e.rules.promotion.as_ref().filter(|_| best_choice > 0) {
            for (pi, p) in e.rules.players.iter().enumerate() {
                let dist: Vec<i32> = e
                    .shape
                    .cells()
                    .map(|c| {
                        let co = e.shape.coords(c);
                        pr.axes
                            .iter()
                            .map(|&a| {
                                let last = e.shape.extent(a) as i32 - 1;
                                let x = i32::from(co.get(a));
                                if p.orientation[a] > 0 {
                                    last - x
                                } else {
                                    x
                                }
                            })
                            .sum()
                    })
                    .collect();
                let max = dist.iter().copied().max().unwrap_or(0);
                if max > 1 {
                    for (c, &d) in dist.iter().enumerate() {
                        // 0 at the farthest cell, 1024 one step before the zone.
                        let f = f64::from(max - d.max(1)) / f64::from(max - 1);
                        progress[pi][c] = (f * f * 1024.0).round() as i32;
                    }
                }
            }
        }
        // Piece-square terms from the reach on the empty board of each cell, per player (pawns
        // and other oriented men reach differently for each side).
        let learnt = learnt_placement(e, &params.placement_tables);
        let mut squares = vec![(0, 0); np * nk * cells];
        for (pi, per_player) in squares.chunks_mut(nk * cells).enumerate() {
            for (k, per_kind) in per_player.chunks_mut(cells).enumerate() {
                let avg = avg_mobility[k];
                let scale = if royal(k) {
                    params.royal_placement
                } else {
                    params.placement_share * f64::from(values[k]).min(cap)
                };
                for c in e.shape.cells() {
                    let (mut middle, mut end) = (0, 0);
                    if avg > 0.0 && !e.kinds[k].promotes {
                        let reach = empty_board_reach(e, Player(pi as u8), k as u8, c) as f64;
                        let rel = (reach - avg) / avg;
                        if royal(k) {
                            // Fewer lines are safer in the middle game, the centre better late.
                            middle = (-scale * rel).round() as i32;
                            end = (scale * rel).round() as i32;
                        } else {
                            middle = (scale * rel).round() as i32;
                            end = middle;
                        }
                    }
                    let learnt_here = learnt.get(pi).and_then(|l| l.get(k * cells + c.index()));
                    if let Some(&(learnt_middle, learnt_end)) = learnt_here {
                        middle += learnt_middle;
                        end += learnt_end;
                    }
                    // Held, a promoting man earns half its advancement (passed: see the
                    // evaluation).
                    let held = promo_gain[k] * progress[pi][c.index()] / 2048;
                    per_kind[c.index()] = (middle + held, end + held);
                }
            }
        }
        // The same per wing of a player's royal man, with its wing tables added.
        let wing_squares: Vec<Vec<(i32, i32)>> = if params.wing_tables.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            params
                .wing_tables
                .iter()
                .map(|tables| {
                    let learnt = learnt_placement(e, tables);
                    let mut out = squares.clone();
                    for (pi, per_player) in out.chunks_mut(nk * cells).enumerate() {
                        let Some(extra) = learnt.get(pi) else {
                            continue;
                        };
                        for (sq, &(m, e)) in per_player.iter_mut().zip(extra) {
                            *sq = (sq.0 + m, sq.1 + e);
                        }
                    }
                    out
                })
                .collect()
        };
        let wing_of: Vec<u8> = e
            .shape
            .cells()
            .map(|c| royal_wing(e.shape.coords(c).get(0) as u8, e.shape.extent(0) as u8) as u8)
            .collect();
        let mut king_squares =
            rows_by_royal_cell(e, &params.royal_offset_tables, &params.royal_cell_tables);
        // Fold each royal cell's plain rows (those of its wing) into the own offsets' rows.
        for (i, rows) in king_squares.chunks_mut(nk * cells).enumerate() {
            let (player, royal) = (i / cells, i % cells);
            let base = match wing_squares.get(usize::from(wing_of[royal])) {
                Some(wing) => wing,
                None => &squares,
            };
            for (sq, &(m, e)) in rows.iter_mut().zip(&base[player * nk * cells..]) {
                *sq = (sq.0 + m, sq.1 + e);
            }
        }
        let enemy_king_squares = rows_by_royal_cell(
            e,
            &params.enemy_offset_tables,
            &params.enemy_royal_cell_tables,
        );
        let structure = structure_rows(e, &params.structure_tables);
        let letters: Vec<char> = e.kinds.iter().map(|k| k.letter).collect();
        let imbalance = imbalance_terms(&params, &letters);
        let passed: Vec<(i32, i32)> = (0..nk)
            .map(|k| {
                if !e.kinds[k].promotes {
                    return (0, 0);
                }
                let gain = f64::from((best_choice - values[k]).max(0));
                (
                    (params.passed_share_middle * gain).round() as i32,
                    (params.passed_share_end * gain).round() as i32,
                )
            })
            .collect();
        let officer: Vec<bool> = (0..nk).map(|k| !royal(k) && !e.kinds[k].promotes).collect();
        let strongest_officer = (0..nk).filter(|&k| officer[k]).max_by_key(|&k| values[k]);
        let start_officers: Vec<i32> = (0..np)
            .map(|p| {
                (0..nk)
                    .filter(|&k| officer[k])
                    .map(|k| values[k] * (e.start.by_player[p] & e.start.by_kind[k]).len() as i32)
                    .sum()
            })
            .collect();
        let ride_flags: Vec<Vec<Vec<u8>>> = e
            .atoms
            .iter()
            .map(|kinds| {
                kinds
                    .iter()
                    .map(|atoms| atoms.iter().map(|a| ride_flags(e, a)).collect())
                    .collect()
            })
            .collect();
        let mobility = mob_plans(e, &ride_flags);
        // Only for the kinds whose mobility is counted (neither royal nor promoting).
        let mob_table = (0..nk)
            .map(|k| {
                let letter = e.kinds[k].letter;
                if mob_weight[k] == 0 {
                    return Vec::new();
                }
                params
                    .mobility_tables
                    .iter()
                    .find(|t| t.letter == letter)
                    .map(|t| {
                        let at = |v: &[i32], i: usize| v.get(i).copied().unwrap_or(0);
                        let len = t.middle.len().max(t.end.len());
                        (0..len)
                            .map(|i| (at(&t.middle, i), at(&t.end, i)))
                            .collect()
                    })
                    .unwrap_or_default()
            })
            .collect();
        let distance = if params.passed_enemy_royal != 0 || params.passed_own_royal != 0 {
            let coords: Vec<_> = e.shape.cells().map(|c| e.shape.coords(c)).collect();
            let mut d = Vec::with_capacity(cells * cells);
            for a in &coords {
                for b in &coords {
                    let steps = (0..e.shape.ndim())
                        .map(|i| (i32::from(a.get(i)) - i32::from(b.get(i))).unsigned_abs())
                        .max()
                        .unwrap_or(0);
                    d.push(steps.min(255) as u8);
                }
            }
            d
        } else {
            Vec::new()
        };
        let two_sides = e.players.count() == 2 && !e.players.allied(Player(0), Player(1));
        let scale_lead = two_sides
            && (params.few_promoting_scale != (FULL_SCALE, 0) || params.opposite_class_scale);
        let winnable = two_sides && params.winnable != Winnable::default();
        let net = net_rows(e, params.placement_net.as_ref());
        EvalTables {
            scale_lead,
            winnable,
            params,
            distance,
            passed,
            ride_flags,
            mobility,
            squares,
            wing_squares,
            wing_of,
            king_squares,
            enemy_king_squares,
            structure,
            imbalance,
            net,
            officer,
            strongest_officer,
            best_promotion: best_choice,
            start_officers,
            cells,
            values,
            derived,
            avg_mobility,
            mob_table,
            mob_weight,
            promo_gain,
            progress,
        }
    }
}

/// The placement tables `tables` (`EvalParams::placement_tables`, or one wing's
/// `EvalParams::wing_tables`) as each player reads them: `[player][kind * cells + cell]`, empty
/// without tables.
fn learnt_placement<const W: usize>(
    e: &Engine<W>,
    tables: &[PlacementTable],
) -> Vec<Vec<(i32, i32)>> {
    if tables.is_empty() {
        return Vec::new();
    }
    let cells = e.shape.cell_count() as usize;
    let nk = e.kinds.len();
    let first = &e.rules.players[0].orientation;
    e.rules
        .players
        .iter()
        .take(e.players.count())
        .map(|player| {
            let mut out = vec![(0, 0); nk * cells];
            for table in tables {
                let Some(k) = e.kinds.iter().position(|k| k.letter == table.letter) else {
                    continue;
                };
                for c in e.shape.cells() {
                    let mut co = e.shape.coords(c);
                    let axes = player.orientation.iter().zip(first).enumerate();
                    for (axis, _) in axes.filter(|(_, (mine, theirs))| mine != theirs) {
                        let last = e.shape.extent(axis) as i8 - 1;
                        co.set(axis, last - co.get(axis));
                    }
                    let Some(i) = e.shape.cell(&co).map(|m| m.index()) else {
                        continue;
                    };
                    let at = |v: &[i32]| v.get(i).copied().unwrap_or(0);
                    out[k * cells + c.index()] = (at(&table.middle), at(&table.end));
                }
            }
            out
        })
        .collect()
}

/// The structure tables `tables` (`EvalParams::structure_tables`) as each player reads them:
/// `[((player * kinds + kind) * STRUCTURES + code) * cells + cell]`, empty without tables.
fn structure_rows<const W: usize>(e: &Engine<W>, tables: &[PlacementTable]) -> Vec<(i32, i32)> {
    if tables.is_empty() {
        return Vec::new();
    }
    let (cells, nk, np) = (
        e.shape.cell_count() as usize,
        e.kinds.len(),
        e.players.count(),
    );
    let mut out = vec![(0, 0); np * nk * STRUCTURES * cells];
    for code in 0..STRUCTURES {
        // One code's slice of every table, read as placement tables are.
        let slice = |v: &[i32]| v.iter().skip(code * cells).take(cells).copied().collect();
        let of_code: Vec<PlacementTable> = tables
            .iter()
            .map(|t| PlacementTable {
                letter: t.letter,
                middle: slice(&t.middle),
                end: slice(&t.end),
            })
            .collect();
        for (p, rows) in learnt_placement(e, &of_code).iter().enumerate() {
            for k in 0..nk {
                let to = ((p * nk + k) * STRUCTURES + code) * cells;
                out[to..to + cells].copy_from_slice(&rows[k * cells..][..cells]);
            }
        }
    }
    out
}

/// The learnt tables read by the cell of a royal man (the own or the enemies'), by that cell as
/// each player reads them: `[(player * cells + royal) * kinds * cells + kind * cells + cell]`
/// sums the entries of `offsets` (`EvalParams::royal_offset_tables` or `enemy_offset_tables`)
/// for the offset from `royal` to `cell` and of `by_cell` (`EvalParams::royal_cell_tables` or
/// `enemy_royal_cell_tables`) for the two cells, both as the first player sees the board (the
/// player's cells mirrored along the axes where its orientation differs from the first
/// player's); empty without tables.
fn rows_by_royal_cell<const W: usize>(
    e: &Engine<W>,
    offsets: &[PlacementTable],
    by_cell: &[PlacementTable],
) -> Vec<(i32, i32)> {
    if offsets.is_empty() && by_cell.is_empty() {
        return Vec::new();
    }
    let extents = e.shape.extents();
    let cells = e.shape.cell_count() as usize;
    let nk = e.kinds.len();
    let players = e.players.count();
    let first = &e.rules.players[0].orientation;
    let mut out = vec![(0, 0); players * cells * nk * cells];
    let mut delta = vec![0i32; extents.len()];
    for (pi, player) in e.rules.players.iter().take(players).enumerate() {
        // Every cell's coordinates and index as the first player sees them.
        let seen: Vec<_> = e
            .shape
            .cells()
            .map(|c| {
                let mut co = e.shape.coords(c);
                for (a, &extent) in extents.iter().enumerate() {
                    if player.orientation.get(a) != first.get(a) {
                        co.set(a, extent as i8 - 1 - co.get(a));
                    }
                }
                let index = e.shape.cell(&co).map_or(c.index(), |m| m.index());
                (co, index)
            })
            .collect();
        let kind_of =
            |table: &PlacementTable| e.kinds.iter().position(|k| k.letter == table.letter);
        for table in offsets {
            let Some(k) = kind_of(table) else {
                continue;
            };
            for (r, (royal, _)) in seen.iter().enumerate() {
                let row = &mut out[((pi * cells + r) * nk + k) * cells..][..cells];
                for (slot, (cell, _)) in row.iter_mut().zip(&seen) {
                    for (a, d) in delta.iter_mut().enumerate() {
                        *d = i32::from(cell.get(a)) - i32::from(royal.get(a));
                    }
                    if let Some(j) = royal_offset_index(&delta, extents) {
                        let at = |v: &[i32]| v.get(j).copied().unwrap_or(0);
                        *slot = (slot.0 + at(&table.middle), slot.1 + at(&table.end));
                    }
                }
            }
        }
        for table in by_cell {
            let Some(k) = kind_of(table) else {
                continue;
            };
            for (r, &(_, royal)) in seen.iter().enumerate() {
                let row = &mut out[((pi * cells + r) * nk + k) * cells..][..cells];
                for (slot, &(_, cell)) in row.iter_mut().zip(&seen) {
                    let at = |v: &[i32]| v.get(royal * cells + cell).copied().unwrap_or(0);
                    *slot = (slot.0 + at(&table.middle), slot.1 + at(&table.end));
                }
            }
        }
    }
    out
}

/// For every player and cell, the cells from which an enemy promoting man could stop a promoting
/// man of that player standing on the cell: every cell at least one step ahead along the
/// promotion axes (in the player's orientation) and none behind, whose other coordinates differ
/// by at most one (orthodox: the cells in front on the man's own file and the two beside it).
/// A man with no enemy promoting man in its span is *passed*. Empty without a promotion rule.
pub(crate) fn passed_spans<const W: usize>(e: &Engine<W>) -> Vec<Vec<CellSet<W>>> {
    let cells = e.shape.cell_count() as usize;
    let np = e.players.count();
    let Some(pr) = e.rules.promotion.as_ref() else {
        return vec![vec![CellSet::EMPTY; cells]; np];
    };
    let coords: Vec<_> = e.shape.cells().map(|c| e.shape.coords(c)).collect();
    let ndim = e.shape.ndim();
    let mut spans = vec![vec![CellSet::<W>::EMPTY; cells]; np];
    for (pi, p) in e.rules.players.iter().enumerate().take(np) {
        for (from, span) in spans[pi].iter_mut().enumerate() {
            let a = &coords[from];
            for to in e.shape.cells() {
                let b = &coords[to.index()];
                let mut ahead = 0;
                let mut ok = true;
                for axis in 0..ndim {
                    let d = i32::from(b.get(axis)) - i32::from(a.get(axis));
                    if pr.axes.contains(&axis) {
                        let d = d * i32::from(p.orientation[axis]);
                        ok &= d >= 0;
                        ahead += d;
                    } else {
                        ok &= d.abs() <= 1;
                    }
                }
                if ok && ahead > 0 && e.board.contains(to) {
                    span.insert(to);
                }
            }
        }
    }
    spans
}

/// For every player and cell, two sets for a promoting man of that player on the cell: the cells
/// ahead of it on its own line (the promotion axes move, the other coordinates stay), and the
/// cells of the lines beside it (the other coordinates differ by at most one, not all zero; the
/// promotion axes any). Orthodox: the squares in front on the pawn's file, and the two
/// neighbouring files. Empty without a promotion rule.
pub(crate) fn promotion_lines<const W: usize>(e: &Engine<W>) -> Vec<Vec<(CellSet<W>, CellSet<W>)>> {
    let cells = e.shape.cell_count() as usize;
    let np = e.players.count();
    let empty = (CellSet::<W>::EMPTY, CellSet::<W>::EMPTY);
    let Some(pr) = e.rules.promotion.as_ref() else {
        return vec![vec![empty; cells]; np];
    };
    let coords: Vec<_> = e.shape.cells().map(|c| e.shape.coords(c)).collect();
    let ndim = e.shape.ndim();
    let mut lines = vec![vec![empty; cells]; np];
    for (pi, p) in e.rules.players.iter().enumerate().take(np) {
        for (from, (ahead_set, beside_set)) in lines[pi].iter_mut().enumerate() {
            let a = &coords[from];
            for to in e.shape.cells().filter(|&c| e.board.contains(c)) {
                let b = &coords[to.index()];
                let (mut ahead, mut behind, mut aside, mut far) = (0, 0, 0, false);
                for axis in 0..ndim {
                    let d = i32::from(b.get(axis)) - i32::from(a.get(axis));
                    if pr.axes.contains(&axis) {
                        let d = d * i32::from(p.orientation[axis]);
                        ahead += d.max(0);
                        behind += (-d).max(0);
                    } else {
                        aside += d.abs();
                        far |= d.abs() > 1;
                    }
                }
                if aside == 0 && ahead > 0 && behind == 0 {
                    ahead_set.insert(to);
                } else if aside > 0 && !far {
                    beside_set.insert(to);
                }
            }
        }
    }
    lines
}

/// For every player and cell, two sets for a promoting man of that player on the cell: its
/// phalanx (the cells with the same coordinates along the promotion axes and the others
/// differing by at most one, not all the same; orthodox: the squares left and right of a pawn)
/// and its defenders' cells (one step behind along the promotion axes, the others differing by at
/// most one, not all the same; orthodox: the squares diagonally behind). Empty without a
/// promotion rule.
pub(crate) fn structure_cells<const W: usize>(e: &Engine<W>) -> Vec<Vec<(CellSet<W>, CellSet<W>)>> {
    let cells = e.shape.cell_count() as usize;
    let np = e.players.count();
    let empty = (CellSet::<W>::EMPTY, CellSet::<W>::EMPTY);
    let Some(pr) = e.rules.promotion.as_ref() else {
        return vec![vec![empty; cells]; np];
    };
    let coords: Vec<_> = e.shape.cells().map(|c| e.shape.coords(c)).collect();
    let ndim = e.shape.ndim();
    let mut out = vec![vec![empty; cells]; np];
    for (pi, p) in e.rules.players.iter().enumerate().take(np) {
        for (from, (phalanx, defenders)) in out[pi].iter_mut().enumerate() {
            let a = &coords[from];
            for to in e.shape.cells().filter(|&c| e.board.contains(c)) {
                let b = &coords[to.index()];
                let (mut ahead, mut behind, mut aside, mut far) = (0, 0, 0, false);
                for axis in 0..ndim {
                    let d = i32::from(b.get(axis)) - i32::from(a.get(axis));
                    if pr.axes.contains(&axis) {
                        let d = d * i32::from(p.orientation[axis]);
                        ahead += d.max(0);
                        behind += (-d).max(0);
                    } else {
                        aside += d.abs();
                        far |= d.abs() > 1;
                    }
                }
                if aside == 0 || far || ahead > 0 {
                    continue;
                }
                match behind {
                    0 => phalanx.insert(to),
                    1 => defenders.insert(to),
                    _ => {}
                }
            }
        }
    }
    out
}

/// The [`RIDE_TO_FIRST`] and [`RIDE_DISJOINT`] flags of an atom (0 for other atoms).
fn ride_flags<const W: usize>(e: &Engine<W>, atom: &CAtom) -> u8 {
    let CAtom::Ride { dirs, min, max, .. } = atom else {
        return 0;
    };
    let mut longest = 0;
    let mut disjoint = true;
    for c in e.shape.cells() {
        let mut union = spacechess_geometry::CellSet::<W>::EMPTY;
        let mut total = 0;
        for &d in dirs {
            let len = e.rays.ray(c, d as usize).len();
            longest = longest.max(len);
            total += len;
            union |= e.ray_mask(c, d as usize);
        }
        disjoint &= union.len() == total;
    }
    let mut flags = 0;
    if *min <= 1 && usize::from(*max) >= longest {
        flags |= RIDE_TO_FIRST;
    }
    if disjoint {
        flags |= RIDE_DISJOINT;
    }
    flags
}

/// The mobility plans of every (player, kind) (see [`MobPlan`]), `ride_flags` being
/// `EvalTables::ride_flags`.
fn mob_plans<const W: usize>(e: &Engine<W>, ride_flags: &[Vec<Vec<u8>>]) -> Vec<MobPlan> {
    let nk = e.kinds.len();
    let mut plans = Vec::new();
    for (p, kinds) in e.atoms.iter().enumerate() {
        for (k, atoms) in kinds.iter().enumerate() {
            let pext = match &e.fast {
                Some(f) if f.w1_pext.is_some() || f.wide_pext.is_some() => {
                    f.plans[p * nk + k].w1_rider.clone()
                }
                _ => None,
            };
            let atoms = atoms
                .iter()
                .enumerate()
                .map(|(ai, atom)| match atom {
                    CAtom::Leap {
                        table,
                        mode,
                        only_unmoved,
                        ..
                    } if W <= MASK_WORDS => MobAtom::Leap {
                        table: *table,
                        mode: mode_index(*mode),
                        only_unmoved: *only_unmoved,
                    },
                    CAtom::Ride {
                        dirs,
                        mode,
                        only_unmoved,
                        ..
                    } if W <= MASK_WORDS
                        && ride_flags[p][k][ai] == RIDE_TO_FIRST | RIDE_DISJOINT =>
                    {
                        MobAtom::Ride {
                            pieces: w1_rays(dirs, &e.opposite, &e.ascending)
                                .into_iter()
                                .flat_map(|r| {
                                    let (up, both) = match r {
                                        W1Ray::Line(d) => (d, true),
                                        W1Ray::Up(d) => (d, false),
                                        W1Ray::Down(d) => {
                                            return vec![RidePiece::Down(d)];
                                        }
                                    };
                                    let down = e.opposite[up as usize];
                                    match (both, W <= LINE_WORDS) {
                                        (true, true) => vec![RidePiece::Line(up, down)],
                                        (true, false) => {
                                            vec![RidePiece::Up(up), RidePiece::Down(down)]
                                        }
                                        (false, _) => vec![RidePiece::Up(up)],
                                    }
                                })
                                .collect(),
                            mode: mode_index(*mode),
                            only_unmoved: *only_unmoved,
                        }
                    }
                    _ => MobAtom::Walk(ai),
                })
                .collect();
            plans.push(MobPlan { pext, atoms });
        }
    }
    plans
}

/// The cells of a line from a man up to and including the first man each way (all of it where
/// there is none), `lower` and `upper` being the line's cells below and above the man's cell:
/// the lowest man above less the highest man below, as a subtraction across the words.
#[inline(always)]
fn line_reach<const W: usize>(lower: CellSet<W>, upper: CellSet<W>, occ: CellSet<W>) -> CellSet<W> {
    if W == 2 {
        // Two words: one 128-bit subtraction.
        let wide = |s: CellSet<W>| u128::from(s.0[0]) | u128::from(s.0[W - 1]) << 64;
        let (lo, hi, o) = (wide(lower), wide(upper), wide(occ));
        let above = hi & o;
        // The highest man below, or cell 0 if none (then every cell below is reached).
        let ms1b = 1u128 << (127 - ((lo & o) | 1).leading_zeros());
        let r = (lo | hi) & (above ^ above.wrapping_sub(ms1b));
        let mut out = [0u64; W];
        out[0] = r as u64;
        out[W - 1] = (r >> 64) as u64;
        return CellSet(out);
    }
    let above = upper & occ;
    // The highest man below, or cell 0 if none (then every cell below is reached).
    let ms = (lower & occ).last_cell().map_or(0, |c| c.index());
    let (j, bit) = (ms >> 6, 1u64 << (ms & 63));
    let mut out = [0u64; W];
    let mut borrow = 0u64;
    for (i, o) in out.iter_mut().enumerate() {
        let w = above.0[i];
        let b = if i == j { bit } else { borrow };
        *o = w ^ w.wrapping_sub(b);
        borrow = u64::from(w < b);
    }
    CellSet(out) & (lower | upper)
}

/// The bonus for `attacks` reaches into the cells around the enemy kings (`zone_len` cells):
/// growing with the square of the attacks, so that several men aimed at a king count for more
/// than the sum of each, per cell of the zone (a 3D king's zone is three times a 2D king's), and
/// capped.
fn king_attack_bonus(params: &EvalParams, attacks: i32, zone_len: usize) -> i32 {
    if attacks == 0 || zone_len == 0 {
        return 0;
    }
    let per_cell = 9 * params.king_attack_weight * attacks * attacks / zone_len as i32;
    per_cell.min(params.king_attack_cap)
}

/// The cells each royal man reaches on the empty board from each cell, per player and kind (empty
/// for the other kinds): see `Engine::royal_zones`.
pub(crate) fn royal_zones<const W: usize>(e: &Engine<W>) -> Vec<spacechess_geometry::CellSet<W>> {
    let cells = e.shape.cell_count() as usize;
    let nk = e.kinds.len();
    let np = e.players.count();
    let mut zones = vec![spacechess_geometry::CellSet::<W>::EMPTY; np * nk * cells];
    for p in 0..np {
        for k in (0..nk).filter(|&k| e.is_royal(k as u8)) {
            for c in e.shape.cells() {
                zones[(p * nk + k) * cells + c.index()] =
                    empty_board_set(e, Player(p as u8), k as u8, c);
            }
        }
    }
    zones
}

/// For the cells a ride reaches up to and including the first man: how many count for mobility
/// (empty cells if it moves there, enemies' if it captures) and how many lie in `zone` (if it
/// captures).
#[inline(always)]
fn reach_counts<const W: usize>(
    reach: spacechess_geometry::CellSet<W>,
    occ: spacechess_geometry::CellSet<W>,
    enemies: spacechess_geometry::CellSet<W>,
    zone: spacechess_geometry::CellSet<W>,
    capture: bool,
    quiet: bool,
) -> (usize, usize) {
    let (mut n, mut near) = (0, 0);
    if capture {
        near += (reach & zone).len();
        n += (reach & enemies).len();
    }
    if quiet {
        n += reach.without(&occ).len();
    }
    (n, near)
}

/// Cells a man reaches from `from` on the empty board, moves and captures together (an atom for
/// unmoved men only is left out; a hopper counts as if a screen stood next to it on every line).
fn empty_board_reach<const W: usize>(e: &Engine<W>, player: Player, kind: u8, from: Cell) -> usize {
    empty_board_set(e, player, kind, from).len()
}

/// The cells of [`empty_board_reach`].
pub(crate) fn empty_board_set<const W: usize>(
    e: &Engine<W>,
    player: Player,
    kind: u8,
    from: Cell,
) -> spacechess_geometry::CellSet<W> {
    let mut reach = spacechess_geometry::CellSet::<W>::EMPTY;
    for atom in &e.atoms[player.index()][kind as usize] {
        match atom {
            CAtom::Ride {
                dirs,
                min,
                max,
                only_unmoved,
                ..
            } => {
                if *only_unmoved {
                    continue;
                }
                for &d in dirs {
                    for (i, &c) in e.rays.ray(from, d as usize).iter().enumerate() {
                        let dist = i + 1;
                        if dist > usize::from(*max) {
                            break;
                        }
                        if dist >= usize::from(*min) {
                            reach.insert(c);
                        }
                    }
                }
            }
            CAtom::Leap {
                table,
                only_unmoved,
                ..
            } => {
                if *only_unmoved {
                    continue;
                }
                for &c in e.leap_tables[*table].targets(from) {
                    reach.insert(c);
                }
            }
            CAtom::Hop { dirs, style, .. } => {
                for &d in dirs {
                    let ray = e.rays.ray(from, d as usize);
                    match style {
                        HopStyle::Cannon => ray.iter().skip(1).for_each(|&c| reach.insert(c)),
                        HopStyle::Grasshopper => {
                            if let Some(&c) = ray.get(1) {
                                reach.insert(c);
                            }
                        }
                    }
                }
            }
        }
    }
    // Bent riders, kept apart from the other atoms: their moves on the empty board.
    if !e.bents[player.index()][kind as usize].is_empty() {
        reach |= e.reach_on_empty_board(player, kind, from);
    }
    reach
}

impl<const W: usize> Engine<W> {
    /// The search's tables (keys, values, piece-square terms), built at their first use: perft
    /// and move generation never need them, so start-up does not pay for them.
    #[inline]
    pub(crate) fn eval_tables(&self) -> &EvalTables {
        self.eval.get_or_init(|| EvalTables::new(self))
    }

    /// The evaluation's weights.
    pub fn eval_params(&self) -> &EvalParams {
        &self.eval_params
    }

    /// The mobility count of every man whose mobility the evaluation counts (neither royal nor
    /// promoting): its player, kind, cell and the number of cells it reaches now, as the
    /// evaluation counts them (for fitting `EvalParams::mobility_tables`).
    pub fn mobility_counts(&self, pos: &Position<W>) -> Vec<(Player, usize, Cell, usize)> {
        let t = self.eval_tables();
        let occ = pos.occupied();
        let mut out = Vec::new();
        for p in self.players.all() {
            let enemies = self.enemies_of(pos, p);
            let allowed = [!occ | enemies, !occ, enemies];
            for k in (0..self.kinds.len()).filter(|&k| t.mob_weight[k] != 0) {
                let plan = &t.mobility[p.index() * self.kinds.len() + k];
                for c in pos.by_player[p.index()] & pos.by_kind[k] {
                    let (n, _, _) =
                        self.mobility_by(plan, pos, p, k, c, occ, &allowed, CellSet::EMPTY);
                    out.push((p, k, c, n));
                }
            }
        }
        out
    }

    /// The structure code ([`structure_code`]) of player `p`'s promoting man on `c`, among the
    /// promoting men `own` and `enemy`.
    #[inline(always)]
    fn structure_code_of(
        &self,
        p: Player,
        c: Cell,
        own: CellSet<W>,
        enemy: CellSet<W>,
        passed: bool,
    ) -> usize {
        let (phalanx, defenders) = self.structure_cells()[p.index()][c.index()];
        let (ahead, _) = self.promotion_lines()[p.index()][c.index()];
        structure_code(
            own.intersects(&phalanx),
            own.intersects(&defenders),
            enemy.intersects(&ahead),
            passed,
        )
    }

    /// The structure code ([`structure_code`]) of every promoting man: its player, kind, cell
    /// and code, as the evaluation reads `EvalParams::structure_tables` (for fitting them). A man
    /// counts as passed where the evaluation's passed terms would pay it.
    pub fn structure_codes(&self, pos: &Position<W>) -> Vec<(Player, usize, Cell, usize)> {
        let t = self.eval_tables();
        let spans = self.passed_spans();
        let mut promoting = CellSet::<W>::EMPTY;
        for k in (0..self.kinds.len()).filter(|&k| self.kinds[k].promotes) {
            promoting |= pos.by_kind[k];
        }
        let mut out = Vec::new();
        for p in self.players.all() {
            let own = promoting & pos.by_player[p.index()];
            let enemy = promoting & self.enemies_of(pos, p);
            for k in (0..self.kinds.len()).filter(|&k| self.kinds[k].promotes) {
                for c in pos.by_player[p.index()] & pos.by_kind[k] {
                    let passed =
                        t.promo_gain[k] != 0 && !spans[p.index()][c.index()].intersects(&enemy);
                    let code = self.structure_code_of(p, c, own, enemy, passed);
                    out.push((p, k, c, code));
                }
            }
        }
        out
    }

    /// Sets the evaluation's weights (for tuning them; the defaults are
    /// [`EvalParams::for_dimensions`]): the tables built from them are built again at next use.
    pub fn set_eval_params(&mut self, params: EvalParams) {
        self.eval_params = params;
        self.eval = std::sync::OnceLock::new();
    }

    /// The promoting men's own lines ahead and lines beside, per player and cell (see
    /// [`promotion_lines`]), built at first use.
    #[inline]
    pub(crate) fn promotion_lines(&self) -> &[Vec<(CellSet<W>, CellSet<W>)>] {
        self.promotion_lines.get_or_init(|| promotion_lines(self))
    }

    /// The promoting men's phalanx and defenders' cells, per player and cell (see
    /// [`structure_cells`]), built at first use.
    #[inline]
    pub(crate) fn structure_cells(&self) -> &[Vec<(CellSet<W>, CellSet<W>)>] {
        self.structure_cells.get_or_init(|| structure_cells(self))
    }

    /// The passed men's spans per player and cell (see [`passed_spans`]), built at first use.
    #[inline]
    pub(crate) fn passed_spans(&self) -> &[Vec<CellSet<W>>] {
        self.passed_span.get_or_init(|| passed_spans(self))
    }

    /// The Zobrist key of a position (kept up to date by [`Engine::make`] as the position's own):
    /// an exclusive or of fixed random keys, one for each (player, kind, cell) of a man, each
    /// unmoved man's cell, the en passant cell and the side to move. Clocks are left out, as for
    /// repetition.
    #[inline]
    pub fn zobrist_key(&self, pos: &Position<W>) -> u64 {
        self.key_of(pos)
    }

    /// The key a position keeps, or, if it changed by hand since the engine last set it
    /// ([`crate::position::UNKNOWN_KEY`]), its key from scratch.
    #[inline]
    pub(crate) fn key_of(&self, pos: &Position<W>) -> u64 {
        if pos.key == crate::position::UNKNOWN_KEY {
            return self.keys.of(pos);
        }
        debug_assert_eq!(pos.key, self.keys.of(pos), "{pos:?}");
        pos.key
    }

    /// The value of each kind in centipawns, as the evaluation uses it: the rule set's `value`
    /// times 100 where it gives one, otherwise derived from the average number of cells the piece
    /// reaches on the empty board, relative to the pawn (the least mobile promoting piece; without
    /// one, the least mobile piece) at 100 or at its given value. Royal pieces count 0.
    pub fn piece_values(&self) -> &[i32] {
        &self.eval_tables().values
    }

    /// For each kind, true if its value was derived from mobility rather than given.
    pub fn piece_value_derived(&self) -> &[bool] {
        &self.eval_tables().derived
    }

    /// For each kind, the average number of cells it reaches from a cell of the empty board.
    pub fn average_mobility(&self) -> &[f64] {
        &self.eval_tables().avg_mobility
    }

    /// The engine's static evaluation, per player (see [`spacechess_variant::Variant::evaluate`]).
    pub fn evaluate_players(&self, pos: &Position<W>, scores: &mut [i32]) {
        self.evaluate_dispatched(pos, None, scores)
    }

    /// [`Engine::evaluate_players`] with the network's sums of `pos` known (`sums`, as
    /// [`Engine::net_sums_of`] gives them): the network then costs its output layer only.
    pub fn evaluate_players_from(&self, pos: &Position<W>, sums: &NetSums, scores: &mut [i32]) {
        self.evaluate_dispatched(pos, Some(sums), scores)
    }

    /// The network's sums over the men of `pos` (see [`NetSums`]; all zero without a
    /// network).
    pub fn net_sums_of(&self, pos: &Position<W>) -> NetSums {
        match &self.eval_tables().net {
            Some(net) => self.net_sums(net, pos),
            None => NetSums::default(),
        }
    }

    /// The network's sums over the men of `after`, from `sums`, those of `before`: the rows of
    /// the men that changed cells only.
    pub fn next_net_sums_of(
        &self,
        sums: &NetSums,
        before: &Position<W>,
        after: &Position<W>,
    ) -> NetSums {
        match &self.eval_tables().net {
            Some(net) => self.next_net_sums(net, sums, before, after),
            None => NetSums::default(),
        }
    }

    /// The evaluation compiled for the CPU's features, the network's sums known or not.
    fn evaluate_dispatched(&self, pos: &Position<W>, sums: Option<&NetSums>, scores: &mut [i32]) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
        {
            // SAFETY: the CPU has the three features `evaluate_bits` enables.
            return unsafe { self.evaluate_bits(pos, sums, scores) };
        }
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has POPCNT, the only feature `evaluate_popcnt` enables.
            return unsafe { self.evaluate_popcnt(pos, sums, scores) };
        }
        self.evaluate_with(pos, sums, scores)
    }

    /// The evaluation compiled for CPUs with POPCNT, LZCNT and BMI1 (x86-64 CPUs
    /// since 2013): the highest man below a rider on a line is a leading-zero count (1% fewer
    /// instructions in Raumschach's search than with POPCNT alone).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn evaluate_bits(&self, pos: &Position<W>, sums: Option<&NetSums>, scores: &mut [i32]) {
        self.evaluate_with(pos, sums, scores)
    }

    /// The evaluation compiled for CPUs with POPCNT (the evaluation counts cells of sets all
    /// the time).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn evaluate_popcnt(
        &self,
        pos: &Position<W>,
        sums: Option<&NetSums>,
        scores: &mut [i32],
    ) {
        self.evaluate_with(pos, sums, scores)
    }

    /// The evaluation, inlined into each copy; `sums`: the network's sums of `pos`, where
    /// known (None: computed here, where there is a network).
    #[inline(always)]
    fn evaluate_with(&self, pos: &Position<W>, sums: Option<&NetSums>, scores: &mut [i32]) {
        let t = self.eval_tables();
        let np = self.players.count().min(scores.len());
        if self.rules.goal == Goal::LoseAll {
            for (p, s) in scores.iter_mut().enumerate().take(np) {
                *s -= 100 * pos.by_player[p].len() as i32;
            }
            return;
        }
        let occ = pos.occupied();
        let royals = self.royal_cells(pos);
        let spans = self.passed_spans();
        let lines = self.promotion_lines();
        // The pair and open-line terms' tables, where their weights ask for them.
        let pr = &t.params;
        let lt = (pr.pair_bonus != 0 || pr.open_line_bonus != 0 || pr.half_open_line_bonus != 0)
            .then(|| self.line_tables());
        let nk = self.kinds.len();
        // What the king-danger term needs, gathered with the mobility, where it is on.
        let mut danger = (pr.king_danger.divisor != 0).then(DangerInputs::<W>::default);
        let mut promoting_men = CellSet::<W>::EMPTY;
        for k in (0..self.kinds.len()).filter(|&k| self.kinds[k].promotes) {
            promoting_men |= pos.by_kind[k];
        }
        // Each player's officers (neither royal nor promoting) now: the phase of the game seen
        // by a king is how much of its enemies' officers remain.
        let mut officers = [0i32; MAX_PLAYERS];
        for (p, o) in officers.iter_mut().enumerate().take(np) {
            for k in (0..self.kinds.len()).filter(|&k| t.officer[k]) {
                *o += t.values[k] * (pos.by_player[p] & pos.by_kind[k]).len() as i32;
            }
        }
        // Each player's score, and its men's values and whether it has promoting men (for the
        // drawish lead below).
        let mut added = [0i32; MAX_PLAYERS];
        let mut men_values = [0i32; MAX_PLAYERS];
        // For the passed men's path terms, where their weights ask for them: each player's
        // passed men, phase and officers' attacks, gathered in the pass over the men.
        let path_terms = pr.passed_unblocked != (0, 0) || pr.passed_free != (0, 0);
        // The endgame scale factors (`eval_scale.rs`), where their weights ask for them.
        let (scale_lead, winnable) = (t.scale_lead && np == 2, t.winnable && np == 2);
        let collect_passers = path_terms || scale_lead || winnable;
        let mut passers = [CellSet::<W>::EMPTY; MAX_PLAYERS];
        let mut phases = [0i32; MAX_PLAYERS];
        let mut officer_attacks = [CellSet::<W>::EMPTY; MAX_PLAYERS];
        for (p, score) in added.iter_mut().enumerate().take(np) {
            let mine = pos.by_player[p];
            if mine.is_empty() {
                continue;
            }
            let enemies = self.enemies_of(pos, Player(p as u8));
            // The cells around the enemy kings: a man reaching them attacks the king's shelter.
            let mut zone = spacechess_geometry::CellSet::<W>::EMPTY;
            for &(owner, kind, cell) in royals.iter() {
                if enemies.contains(cell) {
                    zone |= self.royal_zone(owner, kind, cell);
                    zone.insert(cell);
                }
            }
            let mut material = 0i32;
            let mut mobility = 0i32;
            let mut king_attacks = 0i32;
            let (mut left, mut full) = (0i32, 0i32);
            for q in self.players.all() {
                if !self.players.allied(Player(p as u8), q) {
                    left += officers[q.index()];
                    full += t.start_officers.get(q.index()).copied().unwrap_or(0);
                }
            }
            // 1024 while the enemies keep all their officers, 0 when they have none.
            let phase = if full > 0 {
                (1024 * left.min(full) / full).clamp(0, 1024)
            } else {
                0
            };
            phases[p] = phase;
            // This player's rows of the per-cell tables, and of the enemy offset tables.
            let squares = self.squares_of(t, &royals, p);
            let enemy_squares = self.enemy_squares_of(t, &royals, p);
            let (progress, spans, lines) = (&t.progress[p][..], &spans[p][..], &lines[p][..]);
            let own_promoting = promoting_men & mine;
            let enemy_promoting = promoting_men & enemies;
            // The squares' terms of every man, tapered once below.
            let (mut middle, mut end) = (0i32, 0i32);
            // Own men around the own royal men shelter them.
            let mut shelter = 0i32;
            for &(owner, kind, cell) in royals.iter() {
                if owner.index() == p {
                    let around = self.royal_zone(owner, kind, cell);
                    shelter += ((mine & around).len() as i32).min(t.params.shelter_men);
                }
            }
            material += t.params.shelter_weight * shelter * phase / 1024;
            // The cells an atom counts, by its mode: moves or captures, moves, captures.
            let allowed = [!occ | enemies, !occ, enemies];
            for k in 0..self.kinds.len() {
                let men = mine & pos.by_kind[k];
                if men.is_empty() {
                    continue;
                }
                material += t.values[k] * men.len() as i32;
                men_values[p] += t.values[k] * men.len() as i32;
                let mut line_riders = CellSet::<W>::EMPTY;
                if let Some(lt) = lt {
                    let classes = &lt.classes[p * nk + k];
                    if classes.len() > 1 {
                        let held = classes.iter().filter(|c| c.intersects(&men)).count() as i32;
                        material += t.params.pair_bonus * (held - 1).max(0);
                    }
                    line_riders = lt.line_riders[p * nk + k];
                }
                let w = t.mob_weight[k];
                let mob_table = &t.mob_table[k];
                let plan = &t.mobility[p * self.kinds.len() + k];
                let gain = t.promo_gain[k];
                let promotes = self.kinds[k].promotes;
                let kind_squares = &squares[k * t.cells..][..t.cells];
                let kind_enemy_squares = enemy_squares.map(|rows| &rows[k * t.cells..][..t.cells]);
                // The kind's attacks and its men attacking the enemy kings' cells (for the
                // king-danger term).
                let (mut kind_attacks, mut kind_attackers) = (CellSet::<W>::EMPTY, 0);
                for c in men {
                    let (m, e) = kind_squares[c.index()];
                    middle += m;
                    end += e;
                    if let Some(row) = kind_enemy_squares {
                        let (m, e) = row[c.index()];
                        middle += m;
                        end += e;
                    }
                    if w != 0 {
                        let (n, near_king, attacks) =
                            self.mobility_by(plan, pos, Player(p as u8), k, c, occ, &allowed, zone);
                        mobility += w * n as i32;
                        if let Some(&(m, e)) = mob_table.get(n).or(mob_table.last()) {
                            middle += m;
                            end += e;
                        }
                        king_attacks += near_king as i32;
                        kind_attacks |= attacks;
                        kind_attackers += (near_king > 0) as i32;
                    }
                    if let Some(lt) = lt.filter(|_| line_riders.contains(c)) {
                        let line = lt.line[c.index()];
                        if !line.intersects(&own_promoting) {
                            material += if line.intersects(&promoting_men) {
                                t.params.half_open_line_bonus
                            } else {
                                t.params.open_line_bonus
                            };
                        }
                    }
                    if promotes {
                        let (ahead, beside) = lines[c.index()];
                        if own_promoting.intersects(&ahead) {
                            material -= t.params.doubled_penalty;
                        }
                        if !own_promoting.intersects(&beside) {
                            material -= t.params.isolated_penalty;
                        }
                    }
                    let passed = gain != 0 && !spans[c.index()].intersects(&enemy_promoting);
                    if promotes && !t.structure.is_empty() {
                        let code = self.structure_code_of(
                            Player(p as u8),
                            c,
                            own_promoting,
                            enemy_promoting,
                            passed,
                        );
                        let (m, e) =
                            t.structure[((p * nk + k) * STRUCTURES + code) * t.cells + c.index()];
                        middle += m;
                        end += e;
                    }
                    if passed {
                        if collect_passers {
                            passers[p].insert(c);
                        }
                        // Passed: the whole advancement and the passed man's bonus, less the
                        // half of the advancement a held man earns (in the squares' terms).
                        let progress = progress[c.index()];
                        let (pm, pe) = t.passed[k];
                        let worth = gain + (pm * phase + pe * (1024 - phase)) / 1024;
                        material += worth * progress / 1024 - gain * progress / 2048;
                        if !t.distance.is_empty() && phase < 1024 {
                            material += self.passed_royal_distance(
                                &royals,
                                Player(p as u8),
                                c,
                                progress * (1024 - phase) / 1024,
                            );
                        }
                    }
                }
                officer_attacks[p] |= kind_attacks;
                if let Some(d) = danger.as_mut() {
                    d.attacked[p] |= kind_attacks;
                    d.kind_reach[p][k] = kind_attacks;
                    d.attackers[p] += kind_attackers;
                }
            }
            material += (middle * phase + end * (1024 - phase)) / 1024;
            *score = material
                + mobility / MOB_SCALE
                + king_attack_bonus(&t.params, king_attacks, zone.len());
            if let Some(d) = danger.as_mut() {
                d.attacks[p] = king_attacks;
            }
        }
        if let Some(d) = danger.as_ref() {
            for (p, score) in added.iter_mut().enumerate().take(np) {
                *score += self.king_danger_bonus(pos, d, &royals, &officers, Player(p as u8), occ);
            }
        }
        if !t.imbalance.is_empty() {
            for (p, score) in added.iter_mut().enumerate().take(np) {
                *score += self.imbalance_bonus(pos, Player(p as u8), phases[p]);
            }
        }
        if path_terms {
            for (p, score) in added.iter_mut().enumerate().take(np) {
                if !passers[p].is_empty() {
                    *score += self.passed_path_bonus(
                        pos,
                        Player(p as u8),
                        passers[p],
                        phases[p],
                        &royals,
                        &officer_attacks,
                    );
                }
            }
        }
        if let Some(net) = &t.net {
            match sums {
                Some(sums) => Self::add_net_output(net, sums, &mut added[..np]),
                None => Self::add_net_output(net, &self.net_sums(net, pos), &mut added[..np]),
            }
        }
        if t.params.drawish_lead > 0 && np == 2 && !self.players.allied(Player(0), Player(1)) {
            for (p, q) in [(0, 1), (1, 0)] {
                let lead = men_values[p] - men_values[q];
                if (pos.by_player[p] & promoting_men).is_empty()
                    && (0..t.params.drawish_lead).contains(&lead)
                    && added[p] > added[q]
                {
                    added[p] = added[q] + (added[p] - added[q]) / 8;
                }
            }
        }
        if winnable {
            if let [(p0, _, c0), (p1, _, c1)] = royals[..] {
                let kings = match (p0.index(), p1.index()) {
                    (0, 1) => Some([c0, c1]),
                    (1, 0) => Some([c1, c0]),
                    _ => None,
                };
                let lead = added[0] - added[1];
                if let Some(kings) = kings.filter(|_| lead != 0) {
                    let officers_left = officers[0] + officers[1] > 0;
                    let c = self.complexity(kings, promoting_men, &passers, officers_left);
                    let end = 1024 - (phases[0] + phases[1]) / 2;
                    // The endgame share may add to the lead or take it down to zero; the middle
                    // game's only takes off.
                    let v = c.max(-lead.abs());
                    let u = (c + t.params.winnable.middle_margin).clamp(-lead.abs(), 0);
                    added[usize::from(lead < 0)] += (v * end + u * (1024 - end)) / 1024;
                }
            }
        }
        if scale_lead {
            let strong = usize::from(added[1] > added[0]);
            let lead = added[strong] - added[1 - strong];
            let scale = self.endgame_scale(pos, strong, promoting_men, passers[strong]);
            if lead > 0 && scale < FULL_SCALE {
                // The endgame share of the lead, by the mean of the two players' phases.
                let end = 1024 - (phases[0] + phases[1]) / 2;
                let cut = i64::from(lead) * i64::from(FULL_SCALE - scale) * i64::from(end)
                    / (i64::from(FULL_SCALE) * 1024);
                added[strong] -= cut as i32;
            }
        }
        for (score, a) in scores.iter_mut().zip(added).take(np) {
            *score += a;
        }
    }

    /// Player `p`'s rows of the per-cell tables (`kinds * cells` entries): where it has exactly
    /// one royal man, those of its cell (`EvalTables::king_squares`) or else of its wing, where
    /// there are such tables; else the plain ones.
    #[inline(always)]
    fn squares_of<'t>(&self, t: &'t EvalTables, royals: &RoyalList, p: usize) -> &'t [(i32, i32)] {
        let len = self.kinds.len() * t.cells;
        if t.wing_squares.is_empty() && t.king_squares.is_empty() {
            return &t.squares[p * len..][..len];
        }
        let mut own = royals.iter().filter(|&&(owner, _, _)| owner.index() == p);
        match (own.next(), own.next()) {
            (Some(&(_, _, cell)), None) if !t.king_squares.is_empty() => {
                &t.king_squares[(p * t.cells + cell.index()) * len..][..len]
            }
            (Some(&(_, _, cell)), None) => {
                &t.wing_squares[usize::from(t.wing_of[cell.index()])][p * len..][..len]
            }
            _ => &t.squares[p * len..][..len],
        }
    }

    /// Player `p`'s rows of the enemy offset tables (`EvalTables::enemy_king_squares`) by the
    /// cell of its enemies' royal man: where there are such tables and its enemies have exactly
    /// one royal man among them.
    #[inline(always)]
    fn enemy_squares_of<'t>(
        &self,
        t: &'t EvalTables,
        royals: &RoyalList,
        p: usize,
    ) -> Option<&'t [(i32, i32)]> {
        if t.enemy_king_squares.is_empty() {
            return None;
        }
        let me = Player(p as u8);
        let mut theirs = royals
            .iter()
            .filter(|&&(owner, _, _)| !self.players.allied(me, owner));
        match (theirs.next(), theirs.next()) {
            (Some(&(_, _, cell)), None) => {
                let len = self.kinds.len() * t.cells;
                Some(&t.enemy_king_squares[(p * t.cells + cell.index()) * len..][..len])
            }
            _ => None,
        }
    }

    /// The path terms of player `p`'s passed men `passers` (`EvalParams::passed_unblocked` and
    /// `passed_free`), tapered by `phase`: for each man with no man on the cells ahead of it on
    /// its line, and more where no enemy officer (by `officer_attacks`, each player's) or royal
    /// man attacks them either. Enemy promoting men are not looked at: none stands in a passed
    /// man's span, so in orthodox chess none attacks its path.
    fn passed_path_bonus(
        &self,
        pos: &Position<W>,
        p: Player,
        passers: CellSet<W>,
        phase: i32,
        royals: &RoyalList,
        officer_attacks: &[CellSet<W>; MAX_PLAYERS],
    ) -> i32 {
        let t = self.eval_tables();
        let occ = pos.occupied();
        let mut attacked = CellSet::<W>::EMPTY;
        for q in self.players.all() {
            if !self.players.allied(p, q) {
                attacked |= officer_attacks[q.index()];
            }
        }
        for &(owner, kind, cell) in royals.iter() {
            if !self.players.allied(p, owner) {
                attacked |= self.royal_zone(owner, kind, cell);
            }
        }
        let (um, ue) = t.params.passed_unblocked;
        let (fm, fe) = t.params.passed_free;
        let unblocked = (um * phase + ue * (1024 - phase)) / 1024;
        let free = (fm * phase + fe * (1024 - phase)) / 1024;
        let lines = &self.promotion_lines()[p.index()];
        let progress = &t.progress[p.index()];
        let mut bonus = 0;
        for c in passers {
            let ahead = lines[c.index()].0;
            if ahead.intersects(&occ) {
                continue;
            }
            let worth = if ahead.intersects(&attacked) {
                unblocked
            } else {
                unblocked + free
            };
            bonus += worth * progress[c.index()] / 1024;
        }
        bonus
    }

    /// The passed man on `cell` of player `p`: the king steps of the nearest enemy royal man
    /// times `passed_enemy_royal`, less those of the nearest own one times `passed_own_royal`,
    /// scaled by `weight` (its progress in the endgame, 0 to 1024).
    fn passed_royal_distance(&self, royals: &RoyalList, p: Player, cell: Cell, weight: i32) -> i32 {
        let t = self.eval_tables();
        let row = &t.distance[cell.index() * t.cells..][..t.cells];
        let (mut enemy, mut own) = (None::<i32>, None::<i32>);
        for &(owner, _, royal) in royals.iter() {
            let d = i32::from(row[royal.index()]);
            let nearest = if owner == p {
                &mut own
            } else if !self.players.allied(p, owner) {
                &mut enemy
            } else {
                continue;
            };
            *nearest = Some(nearest.map_or(d, |n| n.min(d)));
        }
        let steps = enemy.unwrap_or(0) * t.params.passed_enemy_royal
            - own.unwrap_or(0) * t.params.passed_own_royal;
        steps * weight / 1024
    }

    /// The king-danger term of player `p` (see [`crate::KingDanger`]), from the attacks gathered
    /// by the evaluation's pass over the men.
    fn king_danger_bonus(
        &self,
        pos: &Position<W>,
        d: &DangerInputs<W>,
        royals: &RoyalList,
        officers: &[i32; MAX_PLAYERS],
        p: Player,
        occ: CellSet<W>,
    ) -> i32 {
        let t = self.eval_tables();
        let kd = &t.params.king_danger;
        let start = t.start_officers.get(p.index()).copied().unwrap_or(0);
        if d.attackers[p.index()] == 0 || start == 0 {
            return 0;
        }
        let nk = self.kinds.len();
        let mut danger = kd.attacker * d.attackers[p.index()] + kd.attack * d.attacks[p.index()];
        let own = pos.by_player[p.index()];
        // Each officer kind of `p` that can move to a cell from which it attacks an enemy king,
        // a cell no man of the king's side attacks: the cells a man of that kind of the king's
        // owner reaches from the king's cell (the board's players face each other).
        // Each side's attacks by all its men, computed only where a check is found that its
        // officers do not cover (the pass over the men gathers the officers' only).
        let mut all_attacks = [None::<CellSet<W>>; MAX_PLAYERS];
        let mut checks = 0;
        for k in (0..nk).filter(|&k| t.officer[k]) {
            let reach = d.kind_reach[p.index()][k] & !own;
            if reach.is_empty() {
                continue;
            }
            let checked = royals.iter().any(|&(owner, _, king)| {
                if self.players.allied(p, owner) {
                    return false;
                }
                let o = owner.index();
                let plan = &t.mobility[o * nk + k];
                let from = self.attacks_by(plan, pos, king, occ);
                let checks = reach & from & !d.attacked[o];
                if checks.is_empty() {
                    return false;
                }
                let guarded = *all_attacks[o].get_or_insert_with(|| {
                    d.attacked[o] | self.unweighted_attacks(pos, owner, occ)
                });
                checks.intersects(&!guarded)
            });
            checks += checked as i32;
        }
        danger += kd.safe_check * checks;
        let strongest = t.strongest_officer;
        if strongest.is_some_and(|k| (own & pos.by_kind[k]).is_empty()) {
            danger -= kd.no_strongest;
        }
        if danger <= 0 {
            return 0;
        }
        let bonus = (danger * danger / kd.divisor).min(kd.cap);
        bonus * officers[p.index()].min(start) / start
    }

    /// The cells that `player`'s men without a mobility weight (promoting and royal men) attack.
    fn unweighted_attacks(&self, pos: &Position<W>, player: Player, occ: CellSet<W>) -> CellSet<W> {
        let t = self.eval_tables();
        let nk = self.kinds.len();
        let mut attacks = CellSet::EMPTY;
        for k in (0..nk).filter(|&k| t.mob_weight[k] == 0) {
            let plan = &t.mobility[player.index() * nk + k];
            for c in pos.by_player[player.index()] & pos.by_kind[k] {
                attacks |= self.attacks_by(plan, pos, c, occ);
            }
        }
        attacks
    }

    /// The cells a royal man of `owner` and `kind` on `cell` reaches on the empty board (from
    /// the table built at first use).
    #[inline]
    fn royal_zone(&self, owner: Player, kind: u8, cell: Cell) -> spacechess_geometry::CellSet<W> {
        let zones = self.royal_zones.get_or_init(|| royal_zones(self));
        let cells = self.eval_tables().cells;
        zones[(owner.index() * self.kinds.len() + kind as usize) * cells + cell.index()]
    }

    /// Every royal man: owner, kind and cell (at most [`ROYALS_KEPT`]; more are left out of the
    /// king-safety terms).
    fn royal_cells(&self, pos: &Position<W>) -> RoyalList {
        let mut out = RoyalList::default();
        if self.royal_mask == 0 {
            return out;
        }
        let mut kinds = self.royal_mask;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let men = pos.by_kind[k];
            for p in 0..self.players.count() {
                for c in pos.by_player[p] & men {
                    out.push((Player(p as u8), k as u8, c));
                }
            }
        }
        out
    }

    /// Cells a man reaches (pseudo-legally) in the position, and how many of them lie in `zone`
    /// (the cells around the enemy kings); hops are not counted (the evaluation calls
    /// [`Engine::mobility_by`] with what it has computed already).
    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    fn mobility_of(
        &self,
        pos: &Position<W>,
        p: Player,
        kind: usize,
        from: Cell,
        occ: spacechess_geometry::CellSet<W>,
        enemies: spacechess_geometry::CellSet<W>,
        zone: spacechess_geometry::CellSet<W>,
    ) -> (usize, usize) {
        let plan = &self.eval_tables().mobility[p.index() * self.kinds.len() + kind];
        let allowed = [!occ | enemies, !occ, enemies];
        let (n, near, _) = self.mobility_by(plan, pos, p, kind, from, occ, &allowed, zone);
        (n, near)
    }

    /// [`Engine::mobility_of`] by the kind's plan, `allowed` being the cells an atom of each mode
    /// counts (moves or captures, moves, captures); third, the cells the man attacks (those of
    /// its atoms that capture; not those of hops and limited rides, which are walked cell by
    /// cell and only counted).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn mobility_by(
        &self,
        plan: &MobPlan,
        pos: &Position<W>,
        p: Player,
        kind: usize,
        from: Cell,
        occ: spacechess_geometry::CellSet<W>,
        allowed: &[CellSet<W>; 3],
        zone: spacechess_geometry::CellSet<W>,
    ) -> (usize, usize, CellSet<W>) {
        if let (Some((mode, classes)), Some(f)) = (&plan.pext, self.fast.as_ref()) {
            let reach = self.pext_reach(f, classes, from, occ);
            let (near, attacks) = if *mode != MOVE_ONLY_MODE {
                ((reach & zone).len(), reach)
            } else {
                (0, CellSet::EMPTY)
            };
            return ((reach & allowed[*mode as usize]).len(), near, attacks);
        }
        let mut n = 0;
        let mut near = 0;
        let mut attacks = CellSet::<W>::EMPTY;
        for atom in &plan.atoms {
            if let MobAtom::Walk(ai) = atom {
                let (a, b) =
                    self.mobility_walk_atom(pos, p, kind, *ai, from, occ, allowed[2], zone);
                n += a;
                near += b;
                continue;
            }
            let Some((reach, mode)) = self.atom_reach(atom, pos, from, occ) else {
                continue;
            };
            n += (reach & allowed[mode as usize]).len();
            if mode != MOVE_ONLY_MODE {
                near += (reach & zone).len();
                attacks |= reach;
            }
        }
        (n, near, attacks)
    }

    /// The third of [`Engine::mobility_by`]'s answers alone, without the counts: the cells the
    /// man attacks (the king-danger term asks it of men without a mobility weight, whose walked
    /// atoms, a pawn's double step, attack nothing and need no walking here).
    #[inline(always)]
    fn attacks_by(
        &self,
        plan: &MobPlan,
        pos: &Position<W>,
        from: Cell,
        occ: CellSet<W>,
    ) -> CellSet<W> {
        if let (Some((mode, classes)), Some(f)) = (&plan.pext, self.fast.as_ref()) {
            return if *mode != MOVE_ONLY_MODE {
                self.pext_reach(f, classes, from, occ)
            } else {
                CellSet::EMPTY
            };
        }
        let mut attacks = CellSet::<W>::EMPTY;
        for atom in &plan.atoms {
            let captures = match atom {
                MobAtom::Leap { mode, .. } | MobAtom::Ride { mode, .. } => *mode != MOVE_ONLY_MODE,
                MobAtom::Walk(_) => false,
            };
            if !captures {
                continue;
            }
            if let Some((reach, _)) = self.atom_reach(atom, pos, from, occ) {
                attacks |= reach;
            }
        }
        attacks
    }

    /// The rides of the PEXT table rows `classes` from `from` (one look-up each).
    #[inline(always)]
    fn pext_reach(
        &self,
        f: &super::fast::Fast<W>,
        classes: &[u8],
        from: Cell,
        occ: CellSet<W>,
    ) -> CellSet<W> {
        let mut reach = CellSet::<W>::EMPTY;
        if let Some(px) = &f.w1_pext {
            let o = occ.0[0];
            let mut t = 0u64;
            for &c in classes {
                t |= px.attacks(c as usize, from.index(), o);
            }
            reach.0[0] = t;
        } else if let Some(px) = &f.wide_pext {
            for &c in classes {
                reach |= px.attacks(c as usize, from.index(), occ);
            }
        }
        reach
    }

    /// The cells a leap or ride atom of a man on `from` reaches (rides up to and including the
    /// first man), and its mode; None for a first move's atom of a man that has moved, and for
    /// a walked atom.
    #[inline(always)]
    fn atom_reach(
        &self,
        atom: &MobAtom,
        pos: &Position<W>,
        from: Cell,
        occ: CellSet<W>,
    ) -> Option<(CellSet<W>, u8)> {
        match atom {
            MobAtom::Leap {
                table,
                mode,
                only_unmoved,
            } => {
                if *only_unmoved && !pos.unmoved.contains(from) {
                    return None;
                }
                Some((self.leap_masks[*table][from.index()], *mode))
            }
            MobAtom::Ride {
                pieces,
                mode,
                only_unmoved,
            } => {
                if *only_unmoved && !pos.unmoved.contains(from) {
                    return None;
                }
                let nd = self.opposite.len();
                let rays = &self.ray_masks[from.index() * nd..from.index() * nd + nd];
                let mut reach = CellSet::<W>::EMPTY;
                for piece in pieces {
                    reach |= match *piece {
                        RidePiece::Line(up, down) => {
                            line_reach(rays[down as usize], rays[up as usize], occ)
                        }
                        RidePiece::Up(d) => super::fast::up_to_first(rays[d as usize], occ),
                        RidePiece::Down(d) => super::fast::down_to_last(rays[d as usize], occ),
                    };
                }
                Some((reach, *mode))
            }
            MobAtom::Walk(_) => None,
        }
    }

    /// The mobility counts of atom `ai` of a man, walking its rays and leap targets cell by cell
    /// (boards of more than [`MASK_WORDS`] words, rides with a range, hops).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn mobility_walk_atom(
        &self,
        pos: &Position<W>,
        p: Player,
        kind: usize,
        ai: usize,
        from: Cell,
        occ: spacechess_geometry::CellSet<W>,
        enemies: spacechess_geometry::CellSet<W>,
        zone: spacechess_geometry::CellSet<W>,
    ) -> (usize, usize) {
        let unmoved = pos.unmoved.contains(from);
        let mut n = 0;
        let mut near = 0;
        match &self.atoms[p.index()][kind][ai] {
            CAtom::Ride {
                dirs,
                min,
                max,
                mode,
                only_unmoved,
                ..
            } => {
                if *only_unmoved && !unmoved {
                    return (0, 0);
                }
                let capture = *mode != Mode::MoveOnly;
                let quiet = *mode != Mode::CaptureOnly;
                let flags = self.eval_tables().ride_flags[p.index()][kind][ai];
                if W <= MASK_WORDS && flags & RIDE_TO_FIRST != 0 {
                    // Rides to the first man: each ray's cells as a set, cut there; rays that
                    // share no cell counted together.
                    let mut all = spacechess_geometry::CellSet::<W>::EMPTY;
                    for &d in dirs {
                        let mask = self.ray_mask(from, d as usize);
                        let reach = if self.ascending[d as usize] {
                            super::fast::up_to_first(mask, occ)
                        } else {
                            super::fast::down_to_last(mask, occ)
                        };
                        if flags & RIDE_DISJOINT != 0 {
                            all |= reach;
                        } else {
                            let (a, b) = reach_counts(reach, occ, enemies, zone, capture, quiet);
                            n += a;
                            near += b;
                        }
                    }
                    let (a, b) = reach_counts(all, occ, enemies, zone, capture, quiet);
                    n += a;
                    near += b;
                    return (n, near);
                }
                for &d in dirs {
                    let ray = self.rays.ray(from, d as usize);
                    for (i, &to) in ray.iter().enumerate() {
                        let dist = (i + 1) as u8;
                        if dist > *max {
                            break;
                        }
                        if dist >= *min && capture && zone.contains(to) {
                            near += 1;
                        }
                        if occ.contains(to) {
                            if dist >= *min && capture && enemies.contains(to) {
                                n += 1;
                            }
                            break;
                        }
                        if dist >= *min && quiet {
                            n += 1;
                        }
                    }
                }
            }
            CAtom::Leap {
                table,
                mode,
                only_unmoved,
                ..
            } => {
                if *only_unmoved && !unmoved {
                    return (0, 0);
                }
                if W <= MASK_WORDS {
                    let targets = self.leap_masks[*table][from.index()];
                    if *mode != Mode::MoveOnly {
                        near += (targets & zone).len();
                        n += (targets & enemies).len();
                    }
                    if *mode != Mode::CaptureOnly {
                        n += targets.without(&occ).len();
                    }
                    return (n, near);
                }
                for &to in self.leap_tables[*table].targets(from) {
                    if *mode != Mode::MoveOnly && zone.contains(to) {
                        near += 1;
                    }
                    if occ.contains(to) {
                        if *mode != Mode::MoveOnly && enemies.contains(to) {
                            n += 1;
                        }
                    } else if *mode != Mode::CaptureOnly {
                        n += 1;
                    }
                }
            }
            CAtom::Hop { .. } => {}
        }
        (n, near)
    }

    /// If the move captures or promotes: the values of the man taken (plus, for a promotion, the
    /// new man's value less the promoting man's) and of the man taking (royal men count
    /// as 10000, so that a capture by the king is tried last and the capture of a king first).
    #[inline]
    pub fn capture_values_of(&self, pos: &Position<W>, m: &Move) -> Option<(i32, i32)> {
        // Most moves the search orders take nothing and promote nothing: answered here, inlined
        // into the caller, without the call below (the same answers).
        let plain = match m.kind {
            MoveKind::Castle(_) | MoveKind::Place(_) => true,
            MoveKind::Promotion(_) | MoveKind::EnPassant { .. } => false,
            _ => !pos.is_occupied(m.to),
        };
        if plain {
            return None;
        }
        self.capture_or_promotion_values(pos, m)
    }

    /// [`Engine::capture_values_of`] for the moves it does not answer at once.
    fn capture_or_promotion_values(&self, pos: &Position<W>, m: &Move) -> Option<(i32, i32)> {
        // A promotion counts only to the most valuable kind (the others are seldom better, and
        // would crowd the captures).
        let t = self.eval_tables();
        let promotion = match m.kind {
            MoveKind::Promotion(k) if t.values[k as usize] >= t.best_promotion => Some(k),
            _ => None,
        };
        if promotion.is_none() && !self.is_capture(pos, m) {
            return None;
        }
        // The kind alone tells the value: no need to find the owner.
        let value = |c: Cell| match (0..self.kinds.len()).find(|&k| pos.by_kind[k].contains(c)) {
            Some(k) if self.is_royal(k as u8) => 10_000,
            Some(k) => self.eval_tables().values[k],
            None => 0,
        };
        let victim = match m.kind {
            MoveKind::EnPassant { victim } => value(victim),
            _ => value(m.to),
        };
        let taker = value(m.from);
        // A promotion wins the new man's value less the promoting man's.
        let gain = promotion.map_or(0, |k| t.values[k as usize] - taker);
        Some((victim + gain.max(0), taker))
    }
}

#[cfg(test)]
impl<const W: usize> Engine<W> {
    /// Checks the evaluation's mobility counts (rides as sets, leaps as masks) against a walk of
    /// every ray cell by cell and every leap target, for every man of `pos` (the tests of
    /// `fast_tests.rs` call it in every position of their random games).
    pub(crate) fn check_mobility(&self, pos: &Position<W>) -> Result<(), String> {
        let occ = pos.occupied();
        for p in self.players.all() {
            let enemies = self.enemies_of(pos, p);
            let mut zone = spacechess_geometry::CellSet::<W>::EMPTY;
            for &(owner, kind, cell) in self.royal_cells(pos).iter() {
                if enemies.contains(cell) {
                    zone |= self.royal_zone(owner, kind, cell);
                    zone.insert(cell);
                }
            }
            for k in 0..self.kinds.len() {
                for c in pos.by_player[p.index()] & pos.by_kind[k] {
                    let got = self.mobility_of(pos, p, k, c, occ, enemies, zone);
                    let want = self.mobility_walk(pos, p, k, c, occ, enemies, zone);
                    let plan = &self.eval_tables().mobility[p.index() * self.kinds.len() + k];
                    let allowed = [!occ | enemies, !occ, enemies];
                    let attacks = self.mobility_by(plan, pos, p, k, c, occ, &allowed, zone).2;
                    if self.attacks_by(plan, pos, c, occ) != attacks {
                        return Err(format!(
                            "{}: attacks of the man on {} differ from its mobility's",
                            crate::text::position_text(self, pos),
                            self.cell_name(c)
                        ));
                    }
                    if got != want {
                        return Err(format!(
                            "{}: mobility of the man on {}: {got:?}, walked {want:?}",
                            crate::text::position_text(self, pos),
                            self.cell_name(c)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// `mobility_of` by walking: the reference.
    #[allow(clippy::too_many_arguments)]
    fn mobility_walk(
        &self,
        pos: &Position<W>,
        p: Player,
        kind: usize,
        from: Cell,
        occ: spacechess_geometry::CellSet<W>,
        enemies: spacechess_geometry::CellSet<W>,
        zone: spacechess_geometry::CellSet<W>,
    ) -> (usize, usize) {
        let unmoved = pos.unmoved.contains(from);
        let (mut n, mut near) = (0, 0);
        for atom in &self.atoms[p.index()][kind] {
            let (targets, mode): (Vec<Vec<(u8, Cell)>>, Mode) = match atom {
                CAtom::Ride {
                    dirs,
                    min,
                    max,
                    mode,
                    only_unmoved,
                    ..
                } if !*only_unmoved || unmoved => {
                    let lines = dirs
                        .iter()
                        .map(|&d| {
                            let ray = self.rays.ray(from, d as usize);
                            (1..=ray.len() as u8)
                                .zip(ray.iter().copied())
                                .filter(|&(dist, _)| dist <= *max)
                                .map(|(dist, c)| (if dist >= *min { 1 } else { 0 }, c))
                                .collect()
                        })
                        .collect();
                    (lines, *mode)
                }
                CAtom::Leap {
                    table,
                    mode,
                    only_unmoved,
                    ..
                } if !*only_unmoved || unmoved => {
                    let lines = self.leap_tables[*table]
                        .targets(from)
                        .iter()
                        .map(|&c| vec![(1, c)])
                        .collect();
                    (lines, *mode)
                }
                _ => continue,
            };
            for line in targets {
                for (counts, to) in line {
                    let counts = counts == 1;
                    if counts && mode != Mode::MoveOnly && zone.contains(to) {
                        near += 1;
                    }
                    if occ.contains(to) {
                        if counts && mode != Mode::MoveOnly && enemies.contains(to) {
                            n += 1;
                        }
                        break;
                    }
                    if counts && mode != Mode::CaptureOnly {
                        n += 1;
                    }
                }
            }
        }
        (n, near)
    }
}
