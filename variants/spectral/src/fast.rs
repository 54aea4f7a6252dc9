//! The fast move generator (issue 16): positions whose men are all of the six orthodox kinds
//! (any rule set), on one-word bitboards of each board (see [`crate::board::COMPACT`]).
//!
//! Legality comes from the lines to the king instead of making every move: the checkers and the
//! pinned men are found once from the king's cell; another man's move is legal exactly when it
//! lands on a cell that answers every check and stays on the lines it is pinned along. Only the
//! king's moves (tested on the board without him), castling and en passant (which empties a
//! second cell; made and tested) are tested one by one. The lines follow spectral-realm.md §3:
//! along a half-step diagonal a target on the mover's own board (an even number of half-steps)
//! is blocked only by men on that board, one on the other board (odd) by men on either board.
//!
//! The odd targets are found with one word per direction: each man on the mover's board is
//! shifted one half-step back along the direction onto the other board, where he stands at the
//! cell just before him on the line; the first man on that combined word ends the ride, as the
//! first man on an ordinary rook line does. The relation is symmetric (the cells between two
//! locations are the same seen from either end), so the same rays find attackers from a target.
//!
//! The lists are those of the general generator (`movegen.rs`), in the same order: the men in
//! the doubled board's order of cells, each man's moves by atom, direction and distance, castling
//! last. `Spectral::check_fast_path` compares the two on a position; the tests do so on every
//! position of many random games.

// The two boards and the four directions are indices into parallel tables throughout.
#![allow(clippy::needless_range_loop)]

use crate::board::{cell_at, xy, COMPACT, DOUBLED, NONE};
use crate::movegen::DIRS;
use crate::pieces::PieceType;
use crate::position::{for_each_doubled, Special, SpectralMove, SpectralPosition, CASTLE_BITS};
use crate::Spectral;
use spacechess_geometry::Cell;

/// A set of locations: `[squares, points]`, each an 8x8 bitboard by compact index (bit `i & 63`
/// of word `i >> 6`).
pub(crate) type Bb = [u64; 2];

const KING: usize = PieceType::King as usize;
const QUEEN: usize = PieceType::Queen as usize;
const ROOK: usize = PieceType::Rook as usize;
const BISHOP: usize = PieceType::Bishop as usize;
const KNIGHT: usize = PieceType::Knight as usize;
const PAWN: usize = PieceType::Pawn as usize;

/// Every set bit.
const ALL: Bb = [!0, !0];

/// Directions of the same-board rays: orthogonal `E, W, N, S` (compact steps +1, -1, +8, -8) and
/// diagonal `NE, NW, SE, SW` (+9, +7, -7, -9); the half-step diagonals take the diagonal order.
/// True where the compact index grows along the ray (the first man is the lowest bit).
const ORTH_UP: [bool; 4] = [true, false, true, false];
const DIAG_UP: [bool; 4] = [true, true, false, false];

/// How far a man on the mover's board moves, as a compact shift, to stand on the other board's
/// cell just before him along a half-step diagonal (`NE, NW, SE, SW`): from the squares a right
/// shift, from the points a left shift.
const ODD_SHIFT: [[u32; 4]; 2] = [[9, 8, 1, 0], [0, 1, 8, 9]];

/// The men of the mover's board `b` (`x`) moved onto the other board for direction `d` (see
/// [`ODD_SHIFT`]).
#[inline(always)]
fn to_odd(b: usize, d: usize, x: u64) -> u64 {
    if b == 0 {
        x >> ODD_SHIFT[0][d]
    } else {
        x << ODD_SHIFT[1][d]
    }
}

/// The inverse of [`to_odd`].
#[inline(always)]
fn from_odd(b: usize, d: usize, x: u64) -> u64 {
    if b == 0 {
        x << ODD_SHIFT[0][d]
    } else {
        x >> ODD_SHIFT[1][d]
    }
}

/// The cells of `ray` up to and including its first cell in `occ` (all of it if none).
#[inline(always)]
fn upto(ray: u64, occ: u64, up: bool) -> u64 {
    let b = ray & occ;
    if up {
        ray & (b ^ b.wrapping_sub(1))
    } else {
        ray & (u64::MAX << (63 - (b | 1).leading_zeros()))
    }
}

/// The first bit of `x` along a ray (lowest if `up`), 0 if none.
#[inline(always)]
fn first(x: u64, up: bool) -> u64 {
    if up {
        x & x.wrapping_neg()
    } else if x == 0 {
        0
    } else {
        1u64 << (63 - x.leading_zeros())
    }
}

/// The cells of `ray` strictly before `bit` (a cell of it) along the ray.
#[inline(always)]
fn before(ray: u64, bit: u64, up: bool) -> u64 {
    if up {
        ray & bit.wrapping_sub(1)
    } else {
        ray & !(bit | bit.wrapping_sub(1))
    }
}

#[inline(always)]
fn count(x: u64) -> usize {
    x.count_ones() as usize
}

#[inline(always)]
fn and(a: Bb, b: Bb) -> Bb {
    [a[0] & b[0], a[1] & b[1]]
}

/// Cells of one line of moves in the order the general generator lists them, with their set.
#[derive(Clone, Copy)]
struct Line {
    cells: [u8; 14],
    len: u8,
    mask: Bb,
}

impl Line {
    const EMPTY: Line = Line {
        cells: [NONE; 14],
        len: 0,
        mask: [0; 2],
    };

    fn push(&mut self, i: usize) {
        self.cells[self.len as usize] = i as u8;
        self.len += 1;
        self.mask[i >> 6] |= 1 << (i & 63);
    }
}

/// The listing order's lines of a cell: 0..4 the half-step diagonals (`NE, NW, SE, SW`, every
/// half-step), 4..8 the orthogonal rays (`E, W, N, S`), 8 the king's twelve steps, 9 the knight's
/// eight leaps.
const LINE_KING: usize = 8;
const LINE_KNIGHT: usize = 9;

/// The tables of the fast generator, built with the rule set.
pub(crate) struct FastTables {
    /// Same-board orthogonal rays `E, W, N, S` by compact index.
    orth: Box<[[u64; 4]; 128]>,
    /// Same-board diagonal rays (full steps) `NE, NW, SE, SW`.
    diag: Box<[[u64; 4]; 128]>,
    /// The other board's cells of the half-step diagonals (the odd half-steps).
    odd: Box<[[u64; 4]; 128]>,
    /// The unions of each cell's rays of a kind: orthogonal, diagonal, odd.
    orth_all: Box<[u64; 128]>,
    diag_all: Box<[u64; 128]>,
    odd_all: Box<[u64; 128]>,
    /// The king's twelve targets and the knight's eight.
    king: Box<[Bb; 128]>,
    knight: Box<[Bb; 128]>,
    /// The cells from which a pawn of each player takes on a cell.
    pawn_from: Box<[[Bb; 128]; 2]>,
    /// Each player's pawn steps: one step, double step, captures in the general generator's
    /// order (full-step right and left, half-step right and left); `NONE` where there is none.
    pawn_step: Box<[[u8; 128]; 2]>,
    pawn_double: Box<[[u8; 128]; 2]>,
    pawn_caps: Box<[[[u8; 4]; 128]; 2]>,
    /// The set of each pawn's capture cells.
    pawn_cap_mask: Box<[[Bb; 128]; 2]>,
    /// Where each player's pawns may go (not the last row of points when no piece may be
    /// promoted to there) and where they promote.
    pawn_ok: [Bb; 2],
    zone: [Bb; 2],
    /// Where each player's pawns stand when a move of theirs may reach the zone.
    pre_zone: [Bb; 2],
    /// The number of promotion choices on the squares and on the points.
    promotions: [usize; 2],
    lines: Box<[[Line; 10]; 128]>,
    /// The mailbox code of each player's castling rook (the array's Rook after replacement).
    rook_code: [u8; 2],
}

fn compact_of(x: i8, y: i8) -> Option<usize> {
    cell_at(x, y).map(|c| COMPACT[c.index()] as usize)
}

fn bit(i: usize) -> Bb {
    let mut b = [0; 2];
    b[i >> 6] = 1 << (i & 63);
    b
}

impl FastTables {
    /// The tables for a rule set whose pawns have `promotions` choices on the squares and on
    /// the points, and whose castling is made with `rook`.
    pub(crate) fn new(promotions: [usize; 2], rook: PieceType) -> FastTables {
        let mut t = FastTables {
            orth: Box::new([[0; 4]; 128]),
            diag: Box::new([[0; 4]; 128]),
            odd: Box::new([[0; 4]; 128]),
            orth_all: Box::new([0; 128]),
            diag_all: Box::new([0; 128]),
            odd_all: Box::new([0; 128]),
            king: Box::new([[0; 2]; 128]),
            knight: Box::new([[0; 2]; 128]),
            pawn_from: Box::new([[[0; 2]; 128]; 2]),
            pawn_step: Box::new([[NONE; 128]; 2]),
            pawn_double: Box::new([[NONE; 128]; 2]),
            pawn_caps: Box::new([[[NONE; 4]; 128]; 2]),
            pawn_cap_mask: Box::new([[[0; 2]; 128]; 2]),
            pawn_ok: [ALL; 2],
            zone: [[0; 2]; 2],
            pre_zone: [[0; 2]; 2],
            promotions,
            lines: Box::new([[Line::EMPTY; 10]; 128]),
            rook_code: [0; 2],
        };
        let rook = rook as u8;
        t.rook_code = [1 + (rook << 1), 2 + (rook << 1)];
        for player in 0..2u8 {
            for i in 0..128 {
                if DOUBLED[i] == NONE {
                    continue;
                }
                let cell = Cell(DOUBLED[i] as u32);
                if Spectral::in_promotion_zone(player, cell) {
                    t.zone[player as usize][i >> 6] |= 1 << (i & 63);
                    if promotions[i >> 6] == 0 {
                        t.pawn_ok[player as usize][i >> 6] &= !(1 << (i & 63));
                    }
                }
            }
        }
        for i in 0..128 {
            if DOUBLED[i] == NONE {
                continue;
            }
            // Every cell a step or a capture of a pawn leads to: in the zone, the pawn is
            // before it (whether or not the move is allowed there).
            let (x, y) = xy(Cell(DOUBLED[i] as u32));
            for player in 0..2u8 {
                let f = Spectral::forward(player);
                let mut steps = vec![(0, 2 * f)];
                steps.extend(Spectral::pawn_captures(player));
                for (dx, dy) in steps {
                    if let Some(c) = compact_of(x + dx, y + dy) {
                        if t.zone[player as usize][c >> 6] & (1 << (c & 63)) != 0 {
                            t.pre_zone[player as usize][i >> 6] |= 1 << (i & 63);
                        }
                    }
                }
            }
        }
        for i in 0..128 {
            if DOUBLED[i] == NONE {
                continue;
            }
            let (x, y) = xy(Cell(DOUBLED[i] as u32));
            let b = i >> 6;
            // Half-step diagonals (DIRS 0..4), every half-step in order.
            for d in 0..4 {
                let (dx, dy) = DIRS[d];
                let mut k = 1;
                while let Some(c) = compact_of(x + k * dx, y + k * dy) {
                    t.lines[i][d].push(c);
                    if k % 2 == 0 {
                        t.diag[i][d] |= 1 << (c & 63);
                    } else {
                        t.odd[i][d] |= 1 << (c & 63);
                    }
                    if k <= 2 {
                        t.king[i][c >> 6] |= 1 << (c & 63);
                    }
                    k += 1;
                }
            }
            // Orthogonal full steps (DIRS 4..8).
            for d in 0..4 {
                let (dx, dy) = DIRS[4 + d];
                let mut k = 1;
                while let Some(c) = compact_of(x + k * dx, y + k * dy) {
                    t.lines[i][4 + d].push(c);
                    t.orth[i][d] |= 1 << (c & 63);
                    if k == 1 {
                        t.king[i][b] |= 1 << (c & 63);
                    }
                    k += 1;
                }
            }
            // The king: Leap(Orth), then HalfDiag(2) (one and two half-steps per direction).
            for d in 4..8 {
                if let Some(&c) = t.lines[i][d].cells[..t.lines[i][d].len as usize].first() {
                    t.lines[i][LINE_KING].push(c as usize);
                }
            }
            for d in 0..4 {
                let line = t.lines[i][d];
                for &c in &line.cells[..(line.len as usize).min(2)] {
                    t.lines[i][LINE_KING].push(c as usize);
                }
            }
            // The knight (DIRS 12..20).
            for &(dx, dy) in &DIRS[12..20] {
                if let Some(c) = compact_of(x + dx, y + dy) {
                    t.lines[i][LINE_KNIGHT].push(c);
                    t.knight[i][c >> 6] |= 1 << (c & 63);
                }
            }
            t.orth_all[i] = t.orth[i].iter().fold(0, |a, r| a | r);
            t.diag_all[i] = t.diag[i].iter().fold(0, |a, r| a | r);
            t.odd_all[i] = t.odd[i].iter().fold(0, |a, r| a | r);
            // Pawns (spectral-realm.md §5).
            for player in 0..2u8 {
                let p = player as usize;
                let f = Spectral::forward(player);
                let ok = |c: usize| t.pawn_ok[p][c >> 6] & (1 << (c & 63)) != 0;
                if let Some(c) = compact_of(x, y + 2 * f).filter(|&c| ok(c)) {
                    t.pawn_step[p][i] = c as u8;
                    let home = if player == 0 { 2 } else { 12 };
                    if b == 0 && y == home {
                        if let Some(c2) = compact_of(x, y + 4 * f) {
                            t.pawn_double[p][i] = c2 as u8;
                        }
                    }
                }
                for (k, (dx, dy)) in Spectral::pawn_captures(player).into_iter().enumerate() {
                    if let Some(c) = compact_of(x + dx, y + dy).filter(|&c| ok(c)) {
                        t.pawn_caps[p][i][k] = c as u8;
                        t.pawn_cap_mask[p][i][c >> 6] |= 1 << (c & 63);
                        t.pawn_from[p][c][b] |= 1 << (i & 63);
                    }
                }
            }
        }
        t
    }
}

/// What the king's lines say about a position: the cells that answer every check and the pins.
struct Legality {
    /// The cells a man other than the king may land on: those answering every check (every
    /// cell out of check, none in a double check).
    check: Bb,
    in_check: bool,
    /// The pinned men, and each pin packed as `pinned | pinner << 8 | line << 16`: the pinned
    /// man's and the pinner's compact indices and the king's line (0..4 orthogonal, 4..8
    /// diagonal on his board, 8..12 the odd half-steps), from which [`Spectral::pin_line`]
    /// finds the cells the man may stay on.
    pinned: Bb,
    pins: [u32; 12],
    npins: usize,
}

impl Legality {
    fn pin(&mut self, pinned: usize, pinner: usize, line: usize) {
        self.pinned[pinned >> 6] |= 1 << (pinned & 63);
        self.pins[self.npins] = (pinned | pinner << 8 | line << 16) as u32;
        self.npins += 1;
    }
}

/// The position seen by the side to move.
struct Side<'a> {
    pos: &'a SpectralPosition,
    me: usize,
    king: usize,
    occ: Bb,
    own: Bb,
    enemy: Bb,
}

impl Spectral {
    /// True if the fast generator serves this position: every man is of an orthodox kind and the
    /// side to move has exactly one king.
    #[inline(always)]
    pub(crate) fn fast_ok(&self, pos: &SpectralPosition) -> bool {
        let me = pos.to_move as usize;
        let k = pos.kings[me];
        if pos.exotic != 0 || k == NONE {
            return false;
        }
        let i = COMPACT[k as usize] as usize;
        let kings = and(pos.kinds[KING], pos.men[me]);
        kings == bit(i)
    }

    #[inline(always)]
    fn side<'a>(&self, pos: &'a SpectralPosition) -> Side<'a> {
        let me = pos.to_move as usize;
        Side {
            pos,
            me,
            king: COMPACT[pos.kings[me] as usize] as usize,
            occ: [pos.occ(0), pos.occ(1)],
            own: pos.men[me],
            enemy: pos.men[1 - me],
        }
    }

    /// Orthogonal ride targets from compact `i` (board occupancy `occ`), own men included.
    #[inline(always)]
    fn orth_targets(&self, i: usize, occ: u64) -> u64 {
        let r = &self.fast.orth[i];
        upto(r[0], occ, true)
            | upto(r[1], occ, false)
            | upto(r[2], occ, true)
            | upto(r[3], occ, false)
    }

    /// Same-board targets of a half-step diagonal ride (even half-steps).
    #[inline(always)]
    fn diag_targets(&self, i: usize, occ: u64) -> u64 {
        let r = &self.fast.diag[i];
        upto(r[0], occ, true)
            | upto(r[1], occ, true)
            | upto(r[2], occ, false)
            | upto(r[3], occ, false)
    }

    /// Other-board targets of a half-step diagonal ride (odd half-steps), blocked by men on
    /// either board.
    #[inline(always)]
    fn odd_targets(&self, i: usize, occ: Bb) -> u64 {
        let b = i >> 6;
        let (own, other) = (occ[b], occ[1 - b]);
        let r = &self.fast.odd[i];
        let mut t = 0;
        for d in 0..4 {
            t |= upto(r[d], other | to_odd(b, d, own), DIAG_UP[d]);
        }
        t
    }

    /// The targets (own men included) of a man of orthodox kind `kind` other than the pawn on
    /// compact `i`.
    #[inline(always)]
    fn piece_targets(&self, kind: usize, i: usize, occ: Bb) -> Bb {
        let b = i >> 6;
        let mut t = [0; 2];
        match kind {
            KNIGHT => return self.fast.knight[i],
            KING => return self.fast.king[i],
            ROOK => t[b] = self.orth_targets(i, occ[b]),
            BISHOP => {
                t[b] = self.diag_targets(i, occ[b]);
                t[1 - b] = self.odd_targets(i, occ);
            }
            _ => {
                t[b] = self.orth_targets(i, occ[b]) | self.diag_targets(i, occ[b]);
                t[1 - b] = self.odd_targets(i, occ);
            }
        }
        t
    }

    /// True if a man of player `by` (less the men of `exclude`) could take on compact `t` with
    /// the board occupied as `occ` (orthodox kinds only; the relation of §3 is symmetric).
    #[inline(always)]
    fn attacked_fast(
        &self,
        pos: &SpectralPosition,
        t: usize,
        by: usize,
        occ: Bb,
        exclude: Bb,
    ) -> bool {
        let f = &self.fast;
        let en = [pos.men[by][0] & !exclude[0], pos.men[by][1] & !exclude[1]];
        let k = &pos.kinds;
        let hit = |table: &Bb, kind: usize| {
            (table[0] & k[kind][0] & en[0]) | (table[1] & k[kind][1] & en[1]) != 0
        };
        if hit(&f.knight[t], KNIGHT) || hit(&f.pawn_from[by][t], PAWN) || hit(&f.king[t], KING) {
            return true;
        }
        let b = t >> 6;
        let o = 1 - b;
        let rq = (k[ROOK][b] | k[QUEEN][b]) & en[b];
        if rq & f.orth_all[t] != 0 && self.orth_targets(t, occ[b]) & rq != 0 {
            return true;
        }
        let bq = (k[BISHOP][b] | k[QUEEN][b]) & en[b];
        if bq & f.diag_all[t] != 0 && self.diag_targets(t, occ[b]) & bq != 0 {
            return true;
        }
        let bq = (k[BISHOP][o] | k[QUEEN][o]) & en[o];
        bq & f.odd_all[t] != 0 && self.odd_targets(t, occ) & bq != 0
    }

    /// The men of the side to move that may take a man (the king: if `kt`, his safe targets,
    /// holds one; a pawn: if a capture cell holds an enemy or is the en passant square `ep`).
    #[inline(always)]
    fn may_take_men(&self, s: &Side, kt: Bb, ep: usize) -> Bb {
        let f = &self.fast;
        let pos = s.pos;
        let mut takers = [0; 2];
        if kt != [0, 0] {
            takers[s.king >> 6] |= 1 << (s.king & 63);
        }
        let mut targets = s.enemy;
        if ep != NONE as usize {
            targets[ep >> 6] |= 1 << (ep & 63);
        }
        for b in 0..2 {
            let mut w = pos.kinds[PAWN][b] & s.own[b];
            while w != 0 {
                let i = (b << 6) | w.trailing_zeros() as usize;
                if and(f.pawn_cap_mask[s.me][i], targets) != [0, 0] {
                    takers[b] |= w & w.wrapping_neg();
                }
                w &= w - 1;
            }
            for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
                let mut w = pos.kinds[kind][b] & s.own[b];
                while w != 0 {
                    let i = (b << 6) | w.trailing_zeros() as usize;
                    if self.may_take(kind, i, s.enemy) {
                        takers[b] |= w & w.wrapping_neg();
                    }
                    w &= w - 1;
                }
            }
        }
        takers
    }

    /// False if the man of orthodox kind `kind` (not a pawn) on compact `i` cannot take any man
    /// of `enemy` on an empty board.
    #[inline(always)]
    fn may_take(&self, kind: usize, i: usize, enemy: Bb) -> bool {
        let f = &self.fast;
        let b = i >> 6;
        let reach = match kind {
            KNIGHT => return and(f.knight[i], enemy) != [0, 0],
            KING => return and(f.king[i], enemy) != [0, 0],
            ROOK => return f.orth_all[i] & enemy[b] != 0,
            BISHOP => (f.diag_all[i] & enemy[b]) | (f.odd_all[i] & enemy[1 - b]),
            _ => ((f.orth_all[i] | f.diag_all[i]) & enemy[b]) | (f.odd_all[i] & enemy[1 - b]),
        };
        reach != 0
    }

    /// True if a man of `by` attacks `target`, which holds a man of the other side: the fast
    /// test when every man is of an orthodox kind, else the general one.
    pub(crate) fn attacked_any(&self, pos: &SpectralPosition, target: Cell, by: u8) -> bool {
        if pos.exotic == 0 {
            let occ = [pos.occ(0), pos.occ(1)];
            self.attacked_fast(
                pos,
                COMPACT[target.index()] as usize,
                by as usize,
                occ,
                [0; 2],
            )
        } else {
            self.attacked(pos, target, by)
        }
    }

    /// True if the side to move is in check (fast path).
    #[inline]
    pub(crate) fn in_check_fast(&self, pos: &SpectralPosition) -> bool {
        let s = self.side(pos);
        self.attacked_fast(pos, s.king, 1 - s.me, s.occ, [0; 2])
    }

    /// The checks and pins of the side to move, from the king's lines.
    #[inline(always)]
    fn legality(&self, s: &Side) -> Legality {
        let f = &self.fast;
        let pos = s.pos;
        let (k, kb) = (s.king, s.king >> 6);
        let ob = 1 - kb;
        let en = s.enemy;
        let kinds = &pos.kinds;
        let mut l = Legality {
            check: ALL,
            in_check: false,
            pinned: [0; 2],
            pins: [0; 12],
            npins: 0,
        };
        let mut checks = 0;
        // Leapers, pawns and the king: the checker's cell answers.
        for (table, kind) in [
            (&f.knight[k], KNIGHT),
            (&f.pawn_from[1 - s.me][k], PAWN),
            (&f.king[k], KING),
        ] {
            let c = [
                table[0] & kinds[kind][0] & en[0],
                table[1] & kinds[kind][1] & en[1],
            ];
            if c != [0, 0] {
                checks += count(c[0]) + count(c[1]);
                l.check = and(l.check, c);
            }
        }
        let rq = (kinds[ROOK][kb] | kinds[QUEEN][kb]) & en[kb];
        let bq = (kinds[BISHOP][kb] | kinds[QUEEN][kb]) & en[kb];
        let bq_other = (kinds[BISHOP][ob] | kinds[QUEEN][ob]) & en[ob];
        let occ = s.occ[kb];
        // Rides on the king's board: orthogonal and the even half-steps of the diagonals.
        for (rays, all, up, sliders, class) in [
            (&f.orth[k], f.orth_all[k], &ORTH_UP, rq, 0),
            (&f.diag[k], f.diag_all[k], &DIAG_UP, bq, 4),
        ] {
            if all & sliders == 0 {
                continue;
            }
            for d in 0..4 {
                let ray = rays[d];
                if ray & sliders == 0 {
                    continue;
                }
                let x = ray & occ;
                let b1 = first(x, up[d]);
                if b1 & sliders != 0 {
                    checks += 1;
                    let mut c = [0; 2];
                    c[kb] = upto(ray, occ, up[d]);
                    l.check = and(l.check, c);
                } else if b1 & s.own[kb] != 0 {
                    let b2 = first(x ^ b1, up[d]);
                    if b2 & sliders != 0 {
                        let at = |x: u64| (kb << 6) | x.trailing_zeros() as usize;
                        l.pin(at(b1), at(b2), class + d);
                    }
                }
            }
        }
        // The odd half-steps: a checker on the other board, every cell between counts.
        if f.odd_all[k] & bq_other != 0 {
            let other = s.occ[ob];
            for d in 0..4 {
                let ray = f.odd[k][d];
                if ray & bq_other == 0 {
                    continue;
                }
                let up = DIAG_UP[d];
                let shifted = to_odd(kb, d, occ);
                let x = ray & (other | shifted);
                let b1 = first(x, up);
                if b1 & bq_other != 0 {
                    checks += 1;
                    let mut c = [0; 2];
                    c[ob] = ray & (before(ray, b1, up) | b1);
                    c[kb] = f.diag[k][d] & from_odd(kb, d, before(ray, b1, up));
                    l.check = and(l.check, c);
                    continue;
                }
                // One man between: on the other board at b1, or on the king's board just
                // beyond it (b1 shifted back), not both; then a checker next.
                let real = b1 & other;
                let mapped = b1 & shifted;
                let blocker = match (real != 0, mapped != 0) {
                    (true, false) if real & s.own[ob] != 0 => (ob, real),
                    (false, true) => {
                        let m = from_odd(kb, d, mapped);
                        if m & s.own[kb] == 0 {
                            continue;
                        }
                        (kb, m)
                    }
                    _ => continue,
                };
                let b2 = first(x ^ b1, up);
                if b2 & bq_other != 0 {
                    l.pin(
                        (blocker.0 << 6) | blocker.1.trailing_zeros() as usize,
                        (ob << 6) | b2.trailing_zeros() as usize,
                        8 + d,
                    );
                }
            }
        }
        if checks > 0 {
            l.in_check = true;
            if checks > 1 {
                l.check = [0; 2];
            }
        }
        l
    }

    /// The cells the man on compact `i` may land on for his pins (every cell if none).
    #[inline(always)]
    fn pin_line(&self, s: &Side, l: &Legality, i: usize) -> Bb {
        if l.pinned[i >> 6] & (1 << (i & 63)) == 0 {
            return ALL;
        }
        self.pinned_line(s, l, i)
    }

    #[inline(never)]
    fn pinned_line(&self, s: &Side, l: &Legality, i: usize) -> Bb {
        let f = &self.fast;
        let (k, kb) = (s.king, s.king >> 6);
        let mut out = ALL;
        for &p in &l.pins[..l.npins] {
            if p as usize & 0xff != i {
                continue;
            }
            let pinner = (p as usize >> 8) & 0xff;
            let pb = 1u64 << (pinner & 63);
            let (class, d) = ((p >> 16) as usize / 4, (p >> 16) as usize % 4);
            let mut line = [0; 2];
            match class {
                0 => line[kb] = upto(f.orth[k][d], pb, ORTH_UP[d]),
                1 => line[kb] = upto(f.diag[k][d], pb, DIAG_UP[d]),
                _ => {
                    let ray = f.odd[k][d];
                    let before = before(ray, pb, DIAG_UP[d]);
                    line[1 - kb] = before | pb;
                    line[kb] = f.diag[k][d] & from_odd(kb, d, before);
                }
            }
            out = and(out, line);
        }
        out
    }

    /// The king's targets that are safe: the twelve steps less own men, less the half-steps of
    /// a king on a square in check under the spirit rule (§4), each tested on the board without
    /// the king.
    #[inline(always)]
    fn king_targets(&self, s: &Side, in_check: bool, mask: Bb) -> Bb {
        let k = s.king;
        let mut t = and(
            self.fast.king[k],
            [!s.own[0] & mask[0], !s.own[1] & mask[1]],
        );
        if in_check && self.rules.spirit_rule && k < 64 {
            t[1] = 0;
        }
        let mut occ = s.occ;
        occ[k >> 6] &= !(1 << (k & 63));
        let by = 1 - s.me;
        for b in 0..2 {
            let mut w = t[b];
            while w != 0 {
                let bit = w & w.wrapping_neg();
                w ^= bit;
                let i = (b << 6) | bit.trailing_zeros() as usize;
                let mut ex = [0; 2];
                ex[b] = bit & s.enemy[b];
                if self.attacked_fast(s.pos, i, by, occ, ex) {
                    t[b] ^= bit;
                }
            }
        }
        t
    }

    /// The castling moves (out of check), king side first, as (king's target compact index).
    #[inline(always)]
    fn castlings(&self, s: &Side, mut sink: impl FnMut(usize)) {
        let pos = s.pos;
        let me = s.me;
        let base = if me == 0 { 0 } else { 56 };
        let rights = pos.castling & (CASTLE_BITS[2 * me] | CASTLE_BITS[2 * me + 1]);
        if s.king != base + 4 || rights == 0 {
            return;
        }
        let mut occ = s.occ;
        occ[0] &= !(1 << (base + 4));
        // (right bit, rook file, files that must be empty, files the king crosses)
        let sides: [(u8, usize, u64, [usize; 2]); 2] = [
            (CASTLE_BITS[2 * me], 7, 0b0110_0000, [5, 6]),
            (CASTLE_BITS[2 * me + 1], 0, 0b0000_1110, [3, 2]),
        ];
        for (right, rook_file, empty, path) in sides {
            if pos.castling & right == 0
                || pos.board[base + rook_file] != self.fast.rook_code[me]
                || s.occ[0] & (empty << base) != 0
            {
                continue;
            }
            if path
                .iter()
                .all(|&f| !self.attacked_fast(pos, base + f, 1 - me, occ, [0; 2]))
            {
                sink(base + path[1]);
            }
        }
    }

    /// True if the en passant capture from compact `from` leaves the king safe (made and tested).
    #[cold]
    fn en_passant_ok(&self, pos: &SpectralPosition, from: usize, to: usize) -> bool {
        let m = SpectralMove {
            from: Cell(DOUBLED[from] as u32),
            to: Cell(DOUBLED[to] as u32),
            promotion: None,
            special: Special::EnPassant,
        };
        let next = self.make(pos, &m);
        let me = pos.to_move as usize;
        let k = COMPACT[next.kings[me] as usize] as usize;
        !self.attacked_fast(&next, k, 1 - me, [next.occ(0), next.occ(1)], [0; 2])
    }

    /// The number of legal moves (fast path; None if it does not serve the position).
    pub(crate) fn count_fast(&self, pos: &SpectralPosition) -> Option<usize> {
        if !self.fast_ok(pos) {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has POPCNT, the only feature `count_popcnt` enables.
            return Some(unsafe { self.count_popcnt(pos) });
        }
        Some(self.count_with::<false>(pos))
    }

    /// [`Spectral::count_with`] compiled for CPUs with POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_popcnt(&self, pos: &SpectralPosition) -> usize {
        self.count_with::<false>(pos)
    }

    /// The number of legal moves; with `ANY`, a number above 0 as soon as there is a legal move
    /// (the men first, the king's tested steps last).
    #[inline(always)]
    fn count_with<const ANY: bool>(&self, pos: &SpectralPosition) -> usize {
        let s = self.side(pos);
        let l = self.legality(&s);
        let mut n = 0;
        let kinds = &pos.kinds;
        let pawns = and(kinds[PAWN], s.own);
        if l.check != [0, 0] {
            let free = [!s.own[0] & l.check[0], !s.own[1] & l.check[1]];
            for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
                for b in 0..2 {
                    let mut w = kinds[kind][b] & s.own[b];
                    while w != 0 {
                        let i = (b << 6) | w.trailing_zeros() as usize;
                        w &= w - 1;
                        let t = and(self.piece_targets(kind, i, s.occ), free);
                        let t = and(t, self.pin_line(&s, &l, i));
                        n += count(t[0]) + count(t[1]);
                    }
                }
                if ANY && n > 0 {
                    return n;
                }
            }
            // Pawns: the free ones together, by shifts of the whole set; the pinned ones alone.
            let free_pawns = [pawns[0] & !l.pinned[0], pawns[1] & !l.pinned[1]];
            n += self.pawn_count(&s, free_pawns, free);
            for b in 0..2 {
                let mut w = pawns[b] & l.pinned[b];
                while w != 0 {
                    let i = (b << 6) | w.trailing_zeros() as usize;
                    w &= w - 1;
                    n += self.pawn_count(&s, bit(i), and(free, self.pin_line(&s, &l, i)));
                }
            }
            if !l.in_check {
                self.castlings(&s, |_| n += 1);
            }
            if ANY && n > 0 {
                return n;
            }
        }
        // En passant, made and tested.
        if let Some((t, _)) = pos.ep {
            let t = COMPACT[t as usize] as usize;
            let from = self.fast.pawn_from[s.me][t];
            for b in 0..2 {
                let mut w = from[b] & pawns[b];
                while w != 0 {
                    let i = (b << 6) | w.trailing_zeros() as usize;
                    w &= w - 1;
                    if s.occ[t >> 6] & (1 << (t & 63)) == 0 && self.en_passant_ok(pos, i, t) {
                        n += 1;
                    }
                }
            }
        }
        let kt = self.king_targets(&s, l.in_check, ALL);
        n + count(kt[0]) + count(kt[1])
    }

    /// True if the side to move has a legal move (fast path; None if it does not serve the
    /// position).
    pub(crate) fn any_legal_fast(&self, pos: &SpectralPosition) -> Option<bool> {
        self.fast_ok(pos).then(|| self.count_with::<true>(pos) > 0)
    }

    /// The number of moves of the pawns `p` (not en passant) landing on `allowed`.
    #[inline(always)]
    fn pawn_count(&self, s: &Side, p: Bb, allowed: Bb) -> usize {
        if p == [0, 0] {
            return 0;
        }
        let f = &self.fast;
        let me = s.me;
        let empty = [!s.occ[0] & allowed[0], !s.occ[1] & allowed[1]];
        let take = [s.enemy[0] & allowed[0], s.enemy[1] & allowed[1]];
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const FILE_H: u64 = FILE_A << 7;
        const PT: u64 = 0x007f_7f7f_7f7f_7f7f;
        let (sq, pt) = (p[0], p[1]);
        let (mut t_sq, mut t_pt) = ([0u64; 6], [0u64; 6]);
        if me == 0 {
            let one = (sq << 8) & !s.occ[0];
            t_sq[0] = one & empty[0];
            t_sq[1] = ((one & (0xff << 16)) << 8) & empty[0];
            t_sq[2] = ((sq & !FILE_H) << 9) & take[0];
            t_sq[3] = ((sq & !FILE_A) << 7) & take[0];
            t_sq[4] = (pt << 9) & take[0];
            t_sq[5] = (pt << 8) & take[0];
            t_pt[0] = (pt << 8) & PT & empty[1];
            t_pt[1] = (pt << 9) & take[1];
            t_pt[2] = (pt << 7) & take[1];
            t_pt[3] = sq & take[1];
            t_pt[4] = (sq >> 1) & take[1];
        } else {
            let one = (sq >> 8) & !s.occ[0];
            t_sq[0] = one & empty[0];
            t_sq[1] = ((one & (0xff << 40)) >> 8) & empty[0];
            t_sq[2] = ((sq & !FILE_H) >> 7) & take[0];
            t_sq[3] = ((sq & !FILE_A) >> 9) & take[0];
            t_sq[4] = (pt << 1) & take[0];
            t_sq[5] = pt & take[0];
            t_pt[0] = (pt >> 8) & empty[1];
            t_pt[1] = (pt >> 7) & take[1];
            t_pt[2] = (pt >> 9) & take[1];
            t_pt[3] = (sq >> 8) & take[1];
            t_pt[4] = (sq >> 9) & take[1];
        }
        if and(p, f.pre_zone[me]) == [0, 0] {
            // No pawn can reach the promotion zone: every target is one move.
            return t_sq.iter().chain(&t_pt).map(|&x| count(x)).sum();
        }
        let (ok, zone) = (f.pawn_ok[me], f.zone[me]);
        let mut n = 0;
        for x in t_sq {
            let x = x & ok[0];
            n += count(x & !zone[0]) + count(x & zone[0]) * f.promotions[0];
        }
        for x in t_pt {
            let x = x & ok[1];
            n += count(x & !zone[1]) + count(x & zone[1]) * f.promotions[1];
        }
        n
    }

    /// The legal moves (fast path), in the general generator's order; with `captures_only`, the
    /// captures among them (en passant included). False if the fast path does not serve the
    /// position (`out` is then untouched).
    pub(crate) fn list_fast(
        &self,
        pos: &SpectralPosition,
        out: &mut Vec<SpectralMove>,
        captures_only: bool,
    ) -> bool {
        if !self.fast_ok(pos) {
            return false;
        }
        out.clear();
        let s = self.side(pos);
        let l = self.legality(&s);
        let mut free = [!s.own[0] & l.check[0], !s.own[1] & l.check[1]];
        if captures_only {
            free = and(free, s.enemy);
        }
        let kt = self.king_targets(&s, l.in_check, if captures_only { s.enemy } else { ALL });
        let f = &self.fast;
        let ep = pos
            .ep
            .map_or(NONE as usize, |(t, _)| COMPACT[t as usize] as usize);
        // Out of check, only the men that may take something are visited for the captures.
        let men = if captures_only {
            self.may_take_men(&s, kt, ep)
        } else {
            s.own
        };
        for_each_doubled(men, |i| {
            let from = Cell(DOUBLED[i] as u32);
            let kind = ((pos.board[i] - 1) >> 1) as usize;
            let lines = &f.lines[i];
            match kind {
                KING => emit(from, lines, &[LINE_KING], kt, out),
                PAWN => self.pawn_list(&s, &l, i, free, ep, captures_only, out),
                _ => {
                    if l.check == [0, 0] {
                        return;
                    }
                    let t = and(
                        and(self.piece_targets(kind, i, s.occ), free),
                        self.pin_line(&s, &l, i),
                    );
                    if t == [0, 0] {
                        return;
                    }
                    match kind {
                        KNIGHT => emit(from, lines, &[LINE_KNIGHT], t, out),
                        ROOK => emit(from, lines, ROOK_LINES, t, out),
                        BISHOP => emit(from, lines, BISHOP_LINES, t, out),
                        _ => emit(from, lines, QUEEN_LINES, t, out),
                    }
                }
            }
        });
        if !l.in_check && !captures_only {
            let from = Cell(DOUBLED[s.king] as u32);
            self.castlings(&s, |t| {
                out.push(SpectralMove {
                    from,
                    to: Cell(DOUBLED[t] as u32),
                    promotion: None,
                    special: Special::Castle,
                })
            });
        }
        true
    }

    /// One pawn's moves in the general generator's order.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pawn_list(
        &self,
        s: &Side,
        l: &Legality,
        i: usize,
        free: Bb,
        ep: usize,
        captures_only: bool,
        out: &mut Vec<SpectralMove>,
    ) {
        let f = &self.fast;
        let me = s.me;
        let caps = f.pawn_cap_mask[me][i];
        let takes = and(caps, s.enemy);
        let ep_here = ep != NONE as usize && caps[ep >> 6] & (1 << (ep & 63)) != 0;
        if captures_only && takes == [0, 0] && !ep_here {
            return;
        }
        let ok = and(free, self.pin_line(s, l, i));
        let has = |set: Bb, c: usize| (set[c >> 6] >> (c & 63)) & 1 != 0;
        let from = Cell(DOUBLED[i] as u32);
        if !captures_only {
            let step = f.pawn_step[me][i] as usize;
            if step != NONE as usize && !has(s.occ, step) {
                if has(ok, step) {
                    self.pawn_push(out, me, from, step, Special::None);
                }
                let two = f.pawn_double[me][i] as usize;
                if two != NONE as usize && !has(s.occ, two) && has(ok, two) {
                    out.push(SpectralMove {
                        from,
                        to: Cell(DOUBLED[two] as u32),
                        promotion: None,
                        special: Special::DoubleStep,
                    });
                }
            }
        }
        let legal = and(takes, ok);
        if legal == [0, 0] && !ep_here {
            return;
        }
        for &c in &f.pawn_caps[me][i] {
            let c = c as usize;
            if c == NONE as usize {
                continue;
            }
            if has(legal, c) {
                self.pawn_push(out, me, from, c, Special::None);
            } else if c == ep && !has(s.occ, c) && self.en_passant_ok(s.pos, i, c) {
                self.pawn_push(out, me, from, c, Special::EnPassant);
            }
        }
    }

    /// A pawn of player `me`'s move to compact `c`: one move, or one per promotion choice in the zone.
    #[inline(always)]
    fn pawn_push(
        &self,
        out: &mut Vec<SpectralMove>,
        me: usize,
        from: Cell,
        c: usize,
        special: Special,
    ) {
        let to = Cell(DOUBLED[c] as u32);
        if (self.fast.zone[me][c >> 6] >> (c & 63)) & 1 != 0 {
            for &p in self.promotion_choices(to) {
                out.push(SpectralMove {
                    from,
                    to,
                    promotion: Some(p),
                    special,
                });
            }
        } else {
            out.push(SpectralMove {
                from,
                to,
                promotion: None,
                special,
            });
        }
    }

    /// The fast path against the general generator on one position: the legal moves (as lists,
    /// in order), their number, the captures-only list, the check test and the evaluation's
    /// sums. Ok if the fast path does not serve the position.
    pub fn check_fast_path(&self, pos: &SpectralPosition) -> Result<(), String> {
        let text = || self.write_position(pos);
        if !self.fast_ok(pos) {
            return Ok(());
        }
        let mut general = Vec::new();
        self.legal(pos, &mut general);
        let mut fast = Vec::new();
        self.list_fast(pos, &mut fast, false);
        if fast != general {
            return Err(format!(
                "{}: fast path lists {:?}, general path {:?}",
                text(),
                fast,
                general
            ));
        }
        let n = self.count_fast(pos);
        let n2 = Some(self.count_with::<false>(pos));
        let any = self.any_legal_fast(pos);
        if n != Some(general.len()) || n2 != n || any != Some(!general.is_empty()) {
            return Err(format!(
                "{}: fast path counts {n:?} / {n2:?}, general path lists {}",
                text(),
                general.len()
            ));
        }
        let mut noisy = Vec::new();
        self.list_fast(pos, &mut noisy, true);
        let expected: Vec<SpectralMove> = general
            .iter()
            .filter(|m| m.special == Special::EnPassant || pos.occupied(m.to))
            .copied()
            .collect();
        if noisy != expected {
            return Err(format!(
                "{}: captures {:?}, expected {:?}",
                text(),
                noisy,
                expected
            ));
        }
        if self.in_check_fast(pos) != self.is_check(pos) {
            return Err(format!("{}: the check tests disagree", text()));
        }
        let mut eval = [0; 2];
        for c in pos.all() {
            let m = pos.man_at(c).expect("occupied");
            let (x, y) = xy(c);
            eval[m.player as usize] +=
                m.piece.value() + 14 - ((x - 7).abs() + (y - 7).abs()) as i32;
        }
        if eval != pos.eval {
            return Err(format!(
                "{}: evaluation sums {:?}, recomputed {eval:?}",
                text(),
                pos.eval
            ));
        }
        Ok(())
    }
}

/// The lines of each kind in the general generator's order (by atom, then direction): the
/// queen's orthogonal rides before her half-step diagonals.
const QUEEN_LINES: &[usize] = &[4, 5, 6, 7, 0, 1, 2, 3];
const ROOK_LINES: &[usize] = &[4, 5, 6, 7];
const BISHOP_LINES: &[usize] = &[0, 1, 2, 3];

/// Pushes a move from `from` to every cell of `t`, line by line in the order `order`, each line
/// in its order (lines of one man are disjoint).
#[inline(always)]
fn emit(from: Cell, lines: &[Line; 10], order: &[usize], mut t: Bb, out: &mut Vec<SpectralMove>) {
    for &li in order {
        let line = &lines[li];
        let mut rest = and(t, line.mask);
        if rest == [0, 0] {
            continue;
        }
        for &c in &line.cells[..line.len as usize] {
            let (b, bit) = ((c >> 6) as usize, 1u64 << (c & 63));
            if rest[b] & bit != 0 {
                out.push(SpectralMove::new(from, Cell(DOUBLED[c as usize] as u32)));
                rest[b] ^= bit;
                if rest == [0, 0] {
                    break;
                }
            }
        }
        t[0] &= !line.mask[0];
        t[1] &= !line.mask[1];
        if t == [0, 0] {
            break;
        }
    }
}
