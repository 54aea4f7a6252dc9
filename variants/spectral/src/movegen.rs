//! Move generation: the atoms over the doubled board with the blocking rules of
//! spectral-realm.md §3 and §9, the pawn of §5, castling, the king's rule of §4, legality and make.

use crate::board::{cell_at, compact, doubled, is_point, is_square, xy, Set, CELLS, COMPACT};
use crate::pieces::{Atom, Dirs, Geo, Mode, PieceType};
use crate::position::{
    compact_iter, for_each_doubled, Man, Special, SpectralMove, SpectralPosition, CASTLE_BITS,
};
use crate::Spectral;
use spacechess_geometry::Cell;

/// Every direction vector of the general generator's rays, by family (see [`dir_range`]).
pub(crate) const DIRS: [(i8, i8); 36] = [
    // 0..4: half-step diagonals
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
    // 4..8: orthogonal full steps
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    // 8..12: diagonal full steps
    (2, 2),
    (-2, 2),
    (2, -2),
    (-2, -2),
    // 12..20: knight
    (4, 2),
    (-4, 2),
    (4, -2),
    (-4, -2),
    (2, 4),
    (-2, 4),
    (2, -4),
    (-2, -4),
    // 20..24: dabbaba
    (4, 0),
    (-4, 0),
    (0, 4),
    (0, -4),
    // 24..28: alfil
    (4, 4),
    (-4, 4),
    (4, -4),
    (-4, -4),
    // 28..36: giraffe
    (8, 2),
    (-8, 2),
    (8, -2),
    (-8, -2),
    (2, 8),
    (-2, 8),
    (2, -8),
    (-2, -8),
];

/// The general generator's rays: for each compact index and direction of [`DIRS`], the
/// locations along it in order (every direction keeps a location on the locations), as compact
/// indices.
pub(crate) struct GenRays {
    /// `(start, length)` in `cells` by `compact * DIRS.len() + direction`.
    index: Vec<(u16, u8)>,
    cells: Vec<u8>,
}

impl GenRays {
    pub(crate) fn new() -> GenRays {
        let mut index = vec![(0, 0); 128 * DIRS.len()];
        let mut cells = Vec::new();
        for i in 0..128 {
            if crate::board::DOUBLED[i] == crate::board::NONE {
                continue;
            }
            let (x, y) = xy(doubled(i));
            for (d, &(dx, dy)) in DIRS.iter().enumerate() {
                let start = cells.len();
                let mut k = 1;
                while let Some(c) = cell_at(x + k * dx, y + k * dy) {
                    cells.push(compact(c) as u8);
                    k += 1;
                }
                index[i * DIRS.len() + d] = (start as u16, (cells.len() - start) as u8);
            }
        }
        GenRays { index, cells }
    }

    /// The locations from compact `from` along direction `dir`, nearest first.
    #[inline]
    pub(crate) fn ray(&self, from: usize, dir: usize) -> &[u8] {
        let (start, len) = self.index[from * DIRS.len() + dir];
        &self.cells[start as usize..start as usize + len as usize]
    }
}

/// The half-step diagonal directions.
const HALF: std::ops::Range<usize> = 0..4;

/// The indices of a family of directions.
pub(crate) fn dir_range(d: Dirs) -> std::ops::Range<usize> {
    match d {
        Dirs::Orth => 4..8,
        Dirs::Diag => 8..12,
        Dirs::Knight => 12..20,
        Dirs::Dabbaba => 20..24,
        Dirs::Alfil => 24..28,
        Dirs::Giraffe => 28..36,
    }
}

pub(crate) fn dir_index(v: (i8, i8)) -> usize {
    DIRS.iter()
        .position(|&d| d == v)
        .expect("a known direction")
}

/// Where a target lands for an atom's mode: None = not allowed, Some(capture?).
#[inline]
fn target_ok(pos: &SpectralPosition, me: u8, t: u8, mode: Mode) -> bool {
    // The mailbox code is 1 + (piece << 1 | player), 0 for an empty location.
    match pos.board[t as usize] {
        0 => mode.moves(),
        code => (code - 1) & 1 != me && mode.captures(),
    }
}

/// The directions (indices into [`DIRS`]) an atom's geometry works along; for the Griffin and
/// the Rhinoceros, its first steps.
#[inline]
fn atom_dirs(geo: Geo) -> std::ops::Range<usize> {
    match geo {
        Geo::Leap(d) | Geo::Ride(d, _) | Geo::Cannon(d) | Geo::Hopper(d) => dir_range(d),
        Geo::HalfDiag(_) | Geo::HalfDiagCannon | Geo::HalfDiagHopper => HALF,
        Geo::Griffin => dir_range(Dirs::Diag),
        Geo::Rhinoceros => dir_range(Dirs::Orth),
    }
}

/// `k` if `delta` is `k >= 1` times the direction `dir`, else None.
#[inline]
fn along(delta: (i8, i8), dir: usize) -> Option<usize> {
    let (dx, dy) = DIRS[dir];
    let k = if dx != 0 { delta.0 / dx } else { delta.1 / dy };
    (k >= 1 && dx * k == delta.0 && dy * k == delta.1).then_some(k as usize)
}

/// The most steps along one direction an atom's geometry goes before its target (a leap: 1).
#[inline]
fn atom_reach(geo: Geo) -> usize {
    match geo {
        Geo::Leap(_) => 1,
        Geo::Ride(_, max) | Geo::HalfDiag(max) => max as usize,
        _ => usize::MAX,
    }
}

impl Spectral {
    /// Calls `sink` with every destination of the atom for the man of `me` on `from` (empty or
    /// enemy as the mode allows; never an own man).
    pub(crate) fn atom_targets(
        &self,
        pos: &SpectralPosition,
        me: u8,
        from: Cell,
        atom: Atom,
        sink: &mut impl FnMut(Cell),
    ) {
        for dir in atom_dirs(atom.geo) {
            self.atom_ray(pos, me, from, atom, dir, sink);
        }
    }

    /// [`Spectral::atom_targets`] along one of the atom's directions (see [`atom_dirs`]).
    #[inline]
    fn atom_ray(
        &self,
        pos: &SpectralPosition,
        me: u8,
        from: Cell,
        atom: Atom,
        dir: usize,
        sink: &mut impl FnMut(Cell),
    ) {
        let mode = atom.mode;
        let occ = |c: u8| pos.board[c as usize] != 0;
        let from = compact(from);
        match atom.geo {
            Geo::Leap(_) => {
                if let Some(&t) = self.rays().ray(from, dir).first() {
                    if target_ok(pos, me, t, mode) {
                        sink(doubled(t as usize));
                    }
                }
            }
            Geo::Ride(_, max) => {
                for &t in self.rays().ray(from, dir).iter().take(max as usize) {
                    if target_ok(pos, me, t, mode) {
                        sink(doubled(t as usize));
                    }
                    if occ(t) {
                        break;
                    }
                }
            }
            Geo::HalfDiag(max) => {
                // §3: k half-steps; k even: only the intermediates on the mover's board (j even)
                // must be empty; k odd: every intermediate.
                let mut all_clear = true;
                let mut same_clear = true;
                for (i, &t) in self
                    .rays()
                    .ray(from, dir)
                    .iter()
                    .take(max as usize)
                    .enumerate()
                {
                    let even = (i + 1) % 2 == 0;
                    let open = if even { same_clear } else { all_clear };
                    if open && target_ok(pos, me, t, mode) {
                        sink(doubled(t as usize));
                    }
                    if occ(t) {
                        all_clear = false;
                        if even {
                            same_clear = false;
                        }
                    }
                    if !all_clear && !same_clear {
                        break;
                    }
                }
            }
            Geo::Cannon(_) => {
                let mut screened = false;
                for &t in self.rays().ray(from, dir) {
                    if !occ(t) {
                        continue;
                    }
                    if screened {
                        if target_ok(pos, me, t, Mode::CaptureOnly) {
                            sink(doubled(t as usize));
                        }
                        break;
                    }
                    screened = true;
                }
            }
            Geo::HalfDiagCannon => {
                // §9 (the Vao): a move between boards may use a screen on either board; a move
                // within one board only a screen on that board. Exactly one screen.
                let mut all_screens = 0;
                let mut same_screens = 0;
                for (i, &t) in self.rays().ray(from, dir).iter().enumerate() {
                    let even = (i + 1) % 2 == 0;
                    let screens = if even { same_screens } else { all_screens };
                    if screens == 1 && occ(t) && target_ok(pos, me, t, Mode::CaptureOnly) {
                        sink(doubled(t as usize));
                    }
                    if occ(t) {
                        all_screens += 1;
                        if even {
                            same_screens += 1;
                        }
                    }
                    if all_screens > 1 && same_screens > 1 {
                        break;
                    }
                }
            }
            Geo::Hopper(_) => {
                let ray = self.rays().ray(from, dir);
                if let Some(i) = ray.iter().position(|&t| occ(t)) {
                    if let Some(&t) = ray.get(i + 1) {
                        if target_ok(pos, me, t, mode) {
                            sink(doubled(t as usize));
                        }
                    }
                }
            }
            Geo::HalfDiagHopper => {
                // §9: over a screen on either board, landing a full step (two half-steps)
                // beyond it on the screen's board. Before the screen the path is clear in the
                // sense of §3 for a move to the screen's board.
                let ray = self.rays().ray(from, dir);
                let mut all_clear = true;
                let mut same_clear = true;
                for (i, &s) in ray.iter().enumerate() {
                    if !occ(s) {
                        continue;
                    }
                    let even = (i + 1) % 2 == 0;
                    let open = if even { same_clear } else { all_clear };
                    if open {
                        if let Some(&t) = ray.get(i + 2) {
                            if target_ok(pos, me, t, mode) {
                                sink(doubled(t as usize));
                            }
                        }
                    }
                    all_clear = false;
                    if even {
                        same_clear = false;
                    }
                    if !same_clear {
                        break;
                    }
                }
            }
            Geo::Griffin => {
                let k = dir - dir_range(Dirs::Diag).start;
                self.bent(pos, me, from, dir, &self.griffin_turns[k], mode, sink);
            }
            Geo::Rhinoceros => {
                let k = dir - dir_range(Dirs::Orth).start;
                self.bent(pos, me, from, dir, &self.rhino_turns[k], mode, sink);
            }
        }
    }

    /// A bent rider: one step along `first`, then (if that location was empty) a ride along each
    /// of `then`.
    #[allow(clippy::too_many_arguments)]
    fn bent(
        &self,
        pos: &SpectralPosition,
        me: u8,
        from: usize,
        first: usize,
        then: &[usize; 2],
        mode: Mode,
        sink: &mut impl FnMut(Cell),
    ) {
        let Some(&c1) = self.rays().ray(from, first).first() else {
            return;
        };
        if target_ok(pos, me, c1, mode) {
            sink(doubled(c1 as usize));
        }
        if pos.board[c1 as usize] != 0 {
            return;
        }
        for &dir in then {
            for &t in self.rays().ray(c1 as usize, dir) {
                if target_ok(pos, me, t, mode) {
                    sink(doubled(t as usize));
                }
                if pos.board[t as usize] != 0 {
                    break;
                }
            }
        }
    }

    /// White's forward is +y, Black's -y.
    #[inline]
    pub(crate) fn forward(player: u8) -> i8 {
        if player == 0 {
            1
        } else {
            -1
        }
    }

    /// The pawn's capture offsets for a player: full-step and half-step diagonals forward.
    pub(crate) fn pawn_captures(player: u8) -> [(i8, i8); 4] {
        let f = Self::forward(player);
        [(2, 2 * f), (-2, 2 * f), (1, f), (-1, f)]
    }

    /// True if a pawn of `player` reaching `cell` promotes (last rank of squares, last row of
    /// points).
    #[inline]
    pub(crate) fn in_promotion_zone(player: u8, cell: Cell) -> bool {
        let (_, y) = xy(cell);
        if player == 0 {
            y >= 13
        } else {
            y <= 1
        }
    }

    /// The pieces a pawn may become on this location (§5).
    pub(crate) fn promotion_choices(&self, cell: Cell) -> &[PieceType] {
        if is_point(cell) {
            &self.promo_points
        } else {
            &self.promo_squares
        }
    }

    fn push_pawn_move(&self, from: Cell, to: Cell, special: Special, out: &mut Vec<SpectralMove>) {
        let player_zone = self.promotion_player(from, to);
        match player_zone {
            Some(_) => {
                for &p in self.promotion_choices(to) {
                    out.push(SpectralMove {
                        from,
                        to,
                        promotion: Some(p),
                        special,
                    });
                }
            }
            None => out.push(SpectralMove {
                from,
                to,
                promotion: None,
                special,
            }),
        }
    }

    /// Some(player) if a pawn moving from `from` to `to` enters its promotion zone.
    fn promotion_player(&self, from: Cell, to: Cell) -> Option<u8> {
        let (_, fy) = xy(from);
        let (_, ty) = xy(to);
        let player = if ty > fy { 0 } else { 1 };
        Self::in_promotion_zone(player, to).then_some(player)
    }

    /// The pawn's moves (§5).
    fn pawn_moves(&self, pos: &SpectralPosition, me: u8, from: Cell, out: &mut Vec<SpectralMove>) {
        let (x, y) = xy(from);
        let f = Self::forward(me);
        if let Some(t) = cell_at(x, y + 2 * f) {
            if !pos.occupied(t) {
                self.push_pawn_move(from, t, Special::None, out);
                let home = if me == 0 { 2 } else { 12 };
                if is_square(from) && y == home {
                    if let Some(t2) = cell_at(x, y + 4 * f) {
                        if !pos.occupied(t2) {
                            out.push(SpectralMove {
                                from,
                                to: t2,
                                promotion: None,
                                special: Special::DoubleStep,
                            });
                        }
                    }
                }
            }
        }
        for (dx, dy) in Self::pawn_captures(me) {
            let Some(t) = cell_at(x + dx, y + dy) else {
                continue;
            };
            match pos.man_at(t) {
                Some(m) if m.player != me => self.push_pawn_move(from, t, Special::None, out),
                None if pos.ep.is_some_and(|(target, _)| target as u32 == t.0) => {
                    out.push(SpectralMove {
                        from,
                        to: t,
                        promotion: None,
                        special: Special::EnPassant,
                    })
                }
                _ => {}
            }
        }
    }

    /// Every move of the side to move that obeys the movement rules, without regard to check,
    /// castling or the king's rule of §4 (those are in [`Spectral::legal`]).
    pub(crate) fn pseudo_legal(&self, pos: &SpectralPosition, out: &mut Vec<SpectralMove>) {
        let me = pos.to_move;
        for_each_doubled(pos.men[me as usize], |i| {
            let from = doubled(i);
            let piece = (pos.board[i] as usize - 1) >> 1;
            if piece == PieceType::Pawn as usize {
                self.pawn_moves(pos, me, from, out);
                return;
            }
            for &atom in &self.atoms[piece] {
                self.atom_targets(pos, me, from, atom, &mut |t| {
                    out.push(SpectralMove::new(from, t))
                });
            }
        });
    }

    /// True if the man on `from` (of player `by`) could capture on `target`, which holds a man
    /// of the other side.
    fn captures_on(&self, pos: &SpectralPosition, by: u8, from: Cell, target: Cell) -> bool {
        let man = pos.man_at(from).expect("occupied");
        if man.piece == PieceType::Pawn {
            let (fx, fy) = xy(from);
            let (tx, ty) = xy(target);
            // A pawn that could not make the capture (no piece to promote to on that row of
            // points) does not attack the location either.
            return Self::pawn_captures(by).contains(&(tx - fx, ty - fy))
                && !(Self::in_promotion_zone(by, target)
                    && self.promotion_choices(target).is_empty());
        }
        let (fx, fy) = xy(from);
        let (tx, ty) = xy(target);
        let delta = (tx - fx, ty - fy);
        let mut hit = false;
        for &atom in &self.atoms[man.piece as usize] {
            if !atom.mode.captures() {
                continue;
            }
            let bent = matches!(atom.geo, Geo::Griffin | Geo::Rhinoceros);
            for dir in atom_dirs(atom.geo) {
                // Only the direction whose line holds the target can reach it (a bent rider's
                // path turns: every first step is tried).
                let on_line = along(delta, dir).is_some_and(|k| k <= atom_reach(atom.geo));
                if !bent && !on_line {
                    continue;
                }
                self.atom_ray(pos, by, from, atom, dir, &mut |t| hit |= t == target);
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// True if a man of player `by` attacks `target`, which must hold a man of the other side
    /// (the king, or a king placed there to test a castling square).
    pub(crate) fn attacked(&self, pos: &SpectralPosition, target: Cell, by: u8) -> bool {
        let reach = self.reach();
        for i in compact_iter(pos.men[by as usize]) {
            let from = doubled(i);
            // The mailbox code less one is `piece * 2 + player`, the reach table's index.
            let code = pos.board[i] as usize;
            if !reach[(code - 1) * CELLS + from.index()].contains(target) {
                continue;
            }
            if self.captures_on(pos, by, from, target) {
                return true;
            }
        }
        false
    }

    /// Every cell a man could capture on from each cell on some board (a superset, ignoring the
    /// other men), indexed like [`Spectral::reach`].
    pub(crate) fn build_reach(&self) -> Vec<Set> {
        let mut out = vec![Set::EMPTY; PieceType::ALL.len() * 2 * CELLS];
        for piece in PieceType::ALL {
            for player in 0..2u8 {
                for c in 0..CELLS as u32 {
                    let from = Cell(c);
                    if !crate::board::is_location(from) {
                        continue;
                    }
                    let mut s = Set::EMPTY;
                    if piece == PieceType::Pawn {
                        let (x, y) = xy(from);
                        for (dx, dy) in Self::pawn_captures(player) {
                            if let Some(t) = cell_at(x + dx, y + dy) {
                                s.insert(t);
                            }
                        }
                    } else {
                        for atom in &self.atoms[piece as usize] {
                            self.reach_of_atom(from, atom.geo, &mut s);
                        }
                    }
                    out[(piece as usize * 2 + player as usize) * CELLS + c as usize] = s;
                }
            }
        }
        out
    }

    fn reach_of_atom(&self, from: Cell, geo: Geo, s: &mut Set) {
        let from = compact(from);
        let line = |dirs: std::ops::Range<usize>, max: usize, s: &mut Set| {
            for dir in dirs {
                for &t in self.rays().ray(from, dir).iter().take(max) {
                    s.insert(doubled(t as usize));
                }
            }
        };
        match geo {
            Geo::Leap(d) => line(dir_range(d), 1, s),
            Geo::Ride(d, max) => line(dir_range(d), max as usize, s),
            Geo::Cannon(d) | Geo::Hopper(d) => line(dir_range(d), usize::MAX, s),
            Geo::HalfDiag(max) => line(HALF, max as usize, s),
            Geo::HalfDiagCannon | Geo::HalfDiagHopper => line(HALF, usize::MAX, s),
            Geo::Griffin | Geo::Rhinoceros => {
                let (firsts, turns) = if geo == Geo::Griffin {
                    (dir_range(Dirs::Diag), &self.griffin_turns)
                } else {
                    (dir_range(Dirs::Orth), &self.rhino_turns)
                };
                for (k, dir) in firsts.enumerate() {
                    if let Some(&c1) = self.rays().ray(from, dir).first() {
                        s.insert(doubled(c1 as usize));
                        for &d2 in &turns[k] {
                            for &t in self.rays().ray(c1 as usize, d2) {
                                s.insert(doubled(t as usize));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every cell between an enemy man of `by` that could reach `king` (its capture reach holds
    /// the king's cell) and the king, along each line of its capturing atoms that ends on the
    /// king: the only cells whose emptying or filling can change whether the king is attacked
    /// (a screen of a cannon or a hopper lies on such a line too). Occupancy is ignored: a
    /// superset.
    fn king_paths(&self, pos: &SpectralPosition, king: Cell, by: u8) -> Set {
        let mut out = Set::EMPTY;
        let (kx, ky) = xy(king);
        let reach = self.reach();
        for i in compact_iter(pos.men[by as usize]) {
            let from = doubled(i);
            let code = pos.board[i] as usize;
            if (code - 1) >> 1 == PieceType::Pawn as usize
                || !reach[(code - 1) * CELLS + from.index()].contains(king)
            {
                continue;
            }
            let man = Man::decode(code as u8).expect("occupied");
            let (fx, fy) = xy(from);
            let delta = (kx - fx, ky - fy);
            for atom in &self.atoms[man.piece as usize] {
                if !atom.mode.captures() {
                    continue;
                }
                match atom.geo {
                    Geo::Leap(_) => {}
                    Geo::Griffin | Geo::Rhinoceros => {
                        let turns = if atom.geo == Geo::Griffin {
                            &self.griffin_turns
                        } else {
                            &self.rhino_turns
                        };
                        let first = atom_dirs(atom.geo);
                        let king_c = compact(king) as u8;
                        for dir in first.clone() {
                            let Some(&c1) = self.rays().ray(i, dir).first() else {
                                continue;
                            };
                            for &d2 in &turns[dir - first.start] {
                                let ray = self.rays().ray(c1 as usize, d2);
                                if let Some(j) = ray.iter().position(|&t| t == king_c) {
                                    out.insert(doubled(c1 as usize));
                                    for &c in &ray[..j] {
                                        out.insert(doubled(c as usize));
                                    }
                                }
                            }
                        }
                    }
                    geo => {
                        for dir in atom_dirs(geo) {
                            if let Some(k) = along(delta, dir).filter(|&k| k <= atom_reach(geo)) {
                                for &c in &self.rays().ray(i, dir)[..k - 1] {
                                    out.insert(doubled(c as usize));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// True if the side to move is in check.
    pub(crate) fn is_check(&self, pos: &SpectralPosition) -> bool {
        match pos.king(pos.to_move()) {
            Some(k) => self.attacked(pos, k, 1 - pos.to_move),
            None => false,
        }
    }

    /// The legal moves: pseudo-legal moves that do not leave the king attacked, minus the king's
    /// half-steps out of check from a square (§4, when the spirit rule is on), plus castling.
    pub(crate) fn legal(&self, pos: &SpectralPosition, out: &mut Vec<SpectralMove>) {
        out.clear();
        let me = pos.to_move;
        let Some(king) = pos.king(pos.to_move()) else {
            return;
        };
        let in_check = self.attacked(pos, king, 1 - me);
        // Out of check, a move of another man that neither leaves nor enters a cell on the path
        // of an enemy man to the king cannot expose it: only those moves are made and tested.
        let danger = if in_check {
            Set::EMPTY
        } else {
            self.king_paths(pos, king, 1 - me)
        };
        self.pseudo_legal(pos, out);
        let spirit = self.rules.spirit_rule && in_check && is_square(king);
        out.retain(|m| {
            if spirit && m.from == king && is_point(m.to) {
                return false;
            }
            if !in_check
                && m.from != king
                && m.special != Special::EnPassant
                && !danger.contains(m.from)
                && !danger.contains(m.to)
            {
                return true;
            }
            let next = self.make(pos, m);
            let k = if m.from == king { m.to } else { king };
            !self.attacked(&next, k, 1 - me)
        });
        if !in_check {
            self.castling_moves(pos, me, king, out);
        }
    }

    fn castling_moves(
        &self,
        pos: &SpectralPosition,
        me: u8,
        king: Cell,
        out: &mut Vec<SpectralMove>,
    ) {
        let rank = if me == 0 { 0 } else { 7 };
        let sq = |f: i8| crate::board::square(f, rank);
        if king != sq(4) {
            return;
        }
        let rook = self.rules.piece_for(PieceType::Rook);
        // (right bit, rook file, squares that must be empty, squares the king crosses)
        let sides: [(u8, i8, &[i8], [i8; 2]); 2] = [
            (CASTLE_BITS[2 * me as usize], 7, &[5, 6], [5, 6]),
            (CASTLE_BITS[2 * me as usize + 1], 0, &[1, 2, 3], [3, 2]),
        ];
        for (bit, rook_file, empty, path) in sides {
            if pos.castling & bit == 0 {
                continue;
            }
            if pos.man_at(sq(rook_file))
                != Some(Man {
                    player: me,
                    piece: rook,
                })
            {
                continue;
            }
            if empty.iter().any(|&f| pos.occupied(sq(f))) {
                continue;
            }
            let safe = path.iter().all(|&f| {
                let mut p = *pos;
                p.remove(king);
                p.put(
                    sq(f),
                    Man {
                        player: me,
                        piece: PieceType::King,
                    },
                );
                !self.attacked(&p, sq(f), 1 - me)
            });
            if safe {
                out.push(SpectralMove {
                    from: king,
                    to: sq(path[1]),
                    promotion: None,
                    special: Special::Castle,
                });
            }
        }
    }

    /// The position after a move (pseudo-legal or legal).
    pub(crate) fn make(&self, pos: &SpectralPosition, m: &SpectralMove) -> SpectralPosition {
        let mut p = *pos;
        let me = pos.to_move as usize;
        let (fi, ti) = (compact(m.from), compact(m.to));
        let code = pos.board[fi];
        let piece = (code - 1) >> 1;
        let taken = pos.board[ti];
        p.remove_at(fi);
        if taken != 0 {
            p.remove_at(ti);
            if (taken - 1) >> 1 == PieceType::King as u8 && p.kings[1 - me] == m.to.0 as u8 {
                p.kings[1 - me] = u8::MAX;
            }
        }
        if m.special == Special::EnPassant {
            if let Some((_, victim)) = pos.ep {
                p.remove_at(COMPACT[victim as usize] as usize);
            }
        }
        let placed = match m.promotion {
            Some(q) => Man {
                player: me as u8,
                piece: q,
            }
            .code(),
            None => code,
        };
        p.put_at(ti, placed);
        if piece == PieceType::King as u8 {
            p.kings[me] = m.to.0 as u8;
        }
        if m.special == Special::Castle {
            // The rook's squares: h1 -> f1 or a1 -> d1 (compact 7 -> 5, 0 -> 3; rank 8: + 56).
            let base = if me == 0 { 0 } else { 56 };
            let (rf, rt) = if ti > fi {
                (base + 7, base + 5)
            } else {
                (base, base + 3)
            };
            let r = p.board[rf];
            if r != 0 {
                p.remove_at(rf);
                p.remove_at(rt);
                p.put_at(rt, r);
            }
        }
        // Castling rights: lost when the king moves or a corner is left or entered.
        p.castling &= !(self.castle_mask[m.from.index()] | self.castle_mask[m.to.index()]);
        p.ep = if m.special == Special::DoubleStep {
            // The square passed over is half way (one full step) between from and to.
            let passed = (m.from.0 + m.to.0) / 2;
            Some((passed as u8, m.to.0 as u8))
        } else {
            None
        };
        p.halfmove =
            if taken != 0 || m.special == Special::EnPassant || piece == PieceType::Pawn as u8 {
                0
            } else {
                pos.halfmove.saturating_add(1)
            };
        if me == 1 {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.to_move = 1 - me as u8;
        p
    }
}
