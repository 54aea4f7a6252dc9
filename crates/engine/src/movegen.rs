//! The generic move generator: pseudo-legal moves from the compiled atoms, then legality.

use super::build::{CAtom, Engine};
use super::position::{EnPassant, Move, MoveKind, Piece, Position, MAX_KINDS};
use super::rules::{Goal, HopStyle, Mode};
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;

/// Where generated moves go: a list, or only their number (perft's last ply counts the moves of
/// men that cannot expose their king without listing them).
pub(crate) trait MoveSink {
    /// True for a sink that only counts plain moves: the generator may then add them by number.
    const COUNTS: bool;
    /// `n` plain moves, counted (only called when [`MoveSink::COUNTS`]).
    fn add(&mut self, n: usize);
    /// One move.
    fn push(&mut self, m: Move);
    /// Plain moves from `from` to each of `cells` (a rider's quiet moves along a ray).
    fn push_run(&mut self, from: Cell, cells: &[Cell]);
}

impl MoveSink for Vec<Move> {
    const COUNTS: bool = false;
    fn add(&mut self, _n: usize) {
        debug_assert!(false, "a move list is never given moves by number");
    }
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn push_run(&mut self, from: Cell, cells: &[Cell]) {
        self.extend(cells.iter().map(|&to| Move::normal(from, to)));
    }
}

/// A [`MoveSink`] that counts the moves that need no legality test and lists the others (en
/// passant, which empties a second cell) for testing.
pub(crate) struct CountOrVerify<'a> {
    /// Moves counted.
    pub n: usize,
    /// Moves to play out before counting.
    pub verify: &'a mut Vec<Move>,
}

impl MoveSink for CountOrVerify<'_> {
    const COUNTS: bool = true;
    #[inline]
    fn add(&mut self, n: usize) {
        self.n += n;
    }
    #[inline]
    fn push(&mut self, m: Move) {
        if matches!(m.kind, MoveKind::EnPassant { .. }) {
            self.verify.push(m);
        } else {
            self.n += 1;
        }
    }
    #[inline]
    fn push_run(&mut self, _from: Cell, cells: &[Cell]) {
        self.n += cells.len();
    }
}

impl<const W: usize> Engine<W> {
    /// Adds the pseudo-legal moves of the man on `from` (ignoring whether they leave a royal man
    /// attacked). With `ignore_turn`, friendly/enemy is judged from the man's own owner.
    pub(crate) fn pseudo_moves_of(
        &self,
        pos: &Position<W>,
        from: Cell,
        out: &mut Vec<Move>,
        _ignore_turn: bool,
    ) {
        self.pseudo_moves_into(pos, from, out);
    }

    /// [`Engine::pseudo_moves_of`] into any [`MoveSink`].
    pub(crate) fn pseudo_moves_into<S: MoveSink>(
        &self,
        pos: &Position<W>,
        from: Cell,
        out: &mut S,
    ) {
        let Some(piece) = self.piece_on(pos, from) else {
            return;
        };
        let enemies = self.enemies_of(pos, piece.player);
        self.pseudo_moves_of_piece(pos, from, piece, enemies, out);
    }

    /// The pseudo-legal moves of `piece` standing on `from`, `enemies` being its owner's enemies.
    pub(crate) fn pseudo_moves_of_piece<S: MoveSink>(
        &self,
        pos: &Position<W>,
        from: Cell,
        piece: Piece,
        enemies: CellSet<W>,
        out: &mut S,
    ) {
        let me = piece.player;
        let occ = pos.occupied();
        let unmoved = pos.unmoved.contains(from);
        let promotes = self.kinds[piece.kind as usize].promotes;
        let push = |out: &mut S, to: Cell| {
            if promotes
                && self.promo_zone[me.index()].contains(to)
                && !self.promo_choices.is_empty()
            {
                for &k in &self.promo_choices {
                    out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(k),
                    });
                }
            } else {
                out.push(Move::normal(from, to));
            }
        };
        if !self.bents[me.index()][piece.kind as usize].is_empty() {
            self.bent_moves(piece, from, occ, enemies, out, &push);
        }
        for atom in &self.atoms[me.index()][piece.kind as usize] {
            match atom {
                CAtom::Ride {
                    dirs,
                    min,
                    max,
                    mode,
                    only_unmoved,
                    creates_ep,
                } => {
                    if *only_unmoved && !unmoved {
                        continue;
                    }
                    if *min == 1 && *max == u8::MAX && !*creates_ep {
                        // Unlimited ride: the cells up to the first man come from one bit scan;
                        // walk them in ray order so the move order stays that of the ray.
                        for &d in dirs {
                            let (line, blocker) = self.ray_to_blocker(from, d as usize, occ);
                            let ray = &self.rays.ray(from, d as usize)[..line.len()];
                            let quiet = if blocker.is_some() {
                                &ray[..ray.len() - 1]
                            } else {
                                ray
                            };
                            if *mode != Mode::CaptureOnly {
                                if promotes {
                                    for &to in quiet {
                                        push(out, to);
                                    }
                                } else {
                                    out.push_run(from, quiet);
                                }
                            }
                            if let Some(b) = blocker {
                                if *mode != Mode::MoveOnly && enemies.contains(b) {
                                    push(out, b);
                                }
                            }
                        }
                        continue;
                    }
                    for &d in dirs {
                        let ray = self.rays.ray(from, d as usize);
                        for (i, &to) in ray.iter().enumerate() {
                            let dist = (i + 1) as u8;
                            if dist > *max {
                                break;
                            }
                            if occ.contains(to) {
                                if dist >= *min && *mode != Mode::MoveOnly && enemies.contains(to) {
                                    push(out, to);
                                }
                                break;
                            }
                            if dist >= *min && *mode != Mode::CaptureOnly {
                                if *creates_ep && dist >= 2 && !promotes_at(self, promotes, me, to)
                                {
                                    out.push(Move {
                                        from,
                                        to,
                                        kind: MoveKind::DoubleStep { passed: ray[i - 1] },
                                    });
                                } else {
                                    push(out, to);
                                }
                            }
                        }
                    }
                }
                CAtom::Leap {
                    table,
                    mode,
                    only_unmoved,
                    en_passant,
                } => {
                    if *only_unmoved && !unmoved {
                        continue;
                    }
                    if S::COUNTS && !(*en_passant && pos.ep.is_some()) {
                        let mask = self.leap_masks[*table][from.index()];
                        let mut targets = CellSet::EMPTY;
                        if *mode != Mode::CaptureOnly {
                            targets |= mask.without(&occ);
                        }
                        if *mode != Mode::MoveOnly {
                            targets |= mask & enemies;
                        }
                        // a move into the promotion zone counts once per promotion choice
                        let zone = self.promo_zone[me.index()];
                        let choices = self.promo_choices.len();
                        if promotes && choices > 0 && targets.intersects(&zone) {
                            out.add(
                                targets.without(&zone).len() + (targets & zone).len() * choices,
                            );
                        } else {
                            out.add(targets.len());
                        }
                        continue;
                    }
                    for &to in self.leap_tables[*table].targets(from) {
                        if occ.contains(to) {
                            if *mode != Mode::MoveOnly && enemies.contains(to) {
                                push(out, to);
                            }
                        } else if *mode != Mode::CaptureOnly {
                            push(out, to);
                        } else if *en_passant {
                            if let Some(ep) = pos.ep {
                                if ep.target == to && enemies.contains(ep.victim) {
                                    out.push(Move {
                                        from,
                                        to,
                                        kind: MoveKind::EnPassant { victim: ep.victim },
                                    });
                                }
                            }
                        }
                    }
                }
                CAtom::Hop { dirs, style, mode } => {
                    for &d in dirs {
                        let ray = self.rays.ray(from, d as usize);
                        let Some(s) = ray.iter().position(|&c| occ.contains(c)) else {
                            continue;
                        };
                        let beyond = &ray[s + 1..];
                        match style {
                            HopStyle::Grasshopper => {
                                if let Some(&to) = beyond.first() {
                                    let ok = if occ.contains(to) {
                                        *mode != Mode::MoveOnly && enemies.contains(to)
                                    } else {
                                        *mode != Mode::CaptureOnly
                                    };
                                    if ok {
                                        push(out, to);
                                    }
                                }
                            }
                            HopStyle::Cannon => {
                                for &to in beyond {
                                    if occ.contains(to) {
                                        if *mode != Mode::MoveOnly && enemies.contains(to) {
                                            push(out, to);
                                        }
                                        break;
                                    }
                                    if *mode != Mode::CaptureOnly {
                                        push(out, to);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds the moves of the bent riders of the man on `from` (see [`super::Motion::Bent`]).
    #[allow(clippy::too_many_arguments)]
    fn bent_moves<S: MoveSink>(
        &self,
        piece: Piece,
        from: Cell,
        occ: CellSet<W>,
        enemies: CellSet<W>,
        out: &mut S,
        push: &dyn Fn(&mut S, Cell),
    ) {
        for b in &self.bents[piece.player.index()][piece.kind as usize] {
            self.bent_walk(b, from, occ, |to, occupied| {
                let ok = if occupied {
                    b.mode != Mode::MoveOnly && enemies.contains(to)
                } else {
                    b.mode != Mode::CaptureOnly
                };
                if ok {
                    push(out, to);
                }
                false
            });
        }
    }

    /// Every pseudo-legal move of the side to move, castling included.
    pub fn pseudo_legal_moves(&self, pos: &Position<W>, out: &mut Vec<Move>) {
        out.clear();
        let me = pos.to_move;
        for from in pos.by_player[me.index()] {
            self.pseudo_moves_of(pos, from, out, false);
        }
        self.castling_moves(pos, out);
    }

    pub(crate) fn castling_moves(&self, pos: &Position<W>, out: &mut Vec<Move>) {
        self.castling_moves_against(pos, self.enemies_of(pos, pos.to_move), out);
    }

    /// Appends the castling moves of the side to move, testing the king's cell, the cells it
    /// crosses and its destination against the men of `attackers` only (a game with neutral men,
    /// which guard nothing, passes the men that do attack).
    pub fn castling_moves_against(
        &self,
        pos: &Position<W>,
        attackers: CellSet<W>,
        out: &mut Vec<Move>,
    ) {
        let me = pos.to_move;
        for (i, c) in self.castles.iter().enumerate() {
            if c.player != me
                || !pos.unmoved.contains(c.king_from)
                || !pos.unmoved.contains(c.rook_from)
                || !pos.by_player[me.index()].contains(c.king_from)
                || !pos.by_player[me.index()].contains(c.rook_from)
            {
                continue;
            }
            let mut occ = pos.occupied();
            occ.remove(c.king_from);
            occ.remove(c.rook_from);
            if occ.intersects(&c.empty) {
                continue;
            }
            if c.safe.iter().any(|&s| self.attacked_by(pos, s, attackers)) {
                continue;
            }
            out.push(Move {
                from: c.king_from,
                to: c.king_to,
                kind: MoveKind::Castle(i as u8),
            });
        }
    }

    /// True if the game is already decided by its goal (a player has lost all men, for the
    /// capture-all and lose-all goals).
    pub(crate) fn goal_reached(&self, pos: &Position<W>) -> bool {
        match self.rules.goal {
            Goal::Checkmate => false,
            Goal::CaptureAll | Goal::LoseAll => self
                .players
                .all()
                .any(|p| pos.by_player[p.index()].is_empty()),
            Goal::CaptureRoyal => self.royal_lost(pos).is_some(),
        }
    }

    /// The legal moves of the side to move.
    pub fn generate_legal(&self, pos: &Position<W>, out: &mut Vec<Move>) {
        out.clear();
        if self.goal_reached(pos) {
            return;
        }
        if self.generate_fast(pos, out) {
            if self.rules.compulsory_capture && out.iter().any(|m| self.is_capture(pos, m)) {
                out.retain(|m| self.is_capture(pos, m));
            }
            return;
        }
        self.generate_general(pos, out);
    }

    /// The legal moves of the side to move that capture or promote (see [`Engine::is_noisy`]), in
    /// the order of [`Engine::generate_legal`]: what the quiescence search tries. Returns true
    /// when the position may have no legal move at all (the game is decided by its goal, or the
    /// general path found none); a position without legal moves out of check (a stalemate) may
    /// also return false with an empty list.
    pub fn generate_noisy(&self, pos: &Position<W>, out: &mut Vec<Move>) -> bool {
        out.clear();
        if self.goal_reached(pos) {
            return true;
        }
        if self.generate_fast_with(pos, out, true) {
            // Where capturing is compulsory and possible, a quiet promotion is not legal.
            if self.rules.compulsory_capture && out.iter().any(|m| self.is_capture(pos, m)) {
                out.retain(|m| self.is_capture(pos, m));
            }
            return false;
        }
        self.generate_general(pos, out);
        if out.is_empty() {
            return true;
        }
        out.retain(|m| self.is_noisy(pos, m));
        false
    }

    /// True if the move captures or promotes.
    pub fn is_noisy(&self, pos: &Position<W>, m: &Move) -> bool {
        matches!(m.kind, MoveKind::Promotion(_)) || self.is_capture(pos, m)
    }

    /// [`Engine::generate_legal`] by the general path: every pseudo-legal move, then the ones that
    /// may expose the royal man played out and tested (the reference the fast path is tested
    /// against).
    pub(crate) fn generate_general(&self, pos: &Position<W>, out: &mut Vec<Move>) {
        out.clear();
        if self.goal_reached(pos) {
            return;
        }
        self.pseudo_legal_moves(pos, out);
        let me = pos.to_move;
        if self.royal_mask != 0 {
            let royals = self.royals_of(pos, me);
            if !royals.is_empty() {
                let enemies = self.enemies_of(pos, me);
                let in_check = royals.iter().any(|k| self.attacked_by(pos, k, enemies));
                // Lines through a single royal man: only a move on such a line (or of the royal
                // man itself, or a special move) can expose it, when not already in check.
                let single = (royals.len() == 1).then(|| royals.first_cell().expect("one"));
                // Without hoppers or bent riders (which a move onto a line can unmask), only a man
                // pinned to the royal man by an enemy rider can expose it: the others need no test.
                let pinned = match single {
                    Some(k) if !in_check && !self.has_hoppers && self.bent_attackers.is_empty() => {
                        Some(self.pinned_to(pos, k, me, enemies))
                    }
                    _ => None,
                };
                out.retain(|m| {
                    let quick = !in_check
                        && matches!(
                            m.kind,
                            MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::DoubleStep { .. }
                        )
                        && single.is_some_and(|k| {
                            m.from != k
                                && match pinned {
                                    Some(p) => !p.contains(m.from),
                                    None => {
                                        !(self.aligned[k.index()].contains(m.from)
                                            || self.has_hoppers
                                                && self.aligned[k.index()].contains(m.to))
                                    }
                                }
                        });
                    quick || !self.royal_attacked(&self.make(pos, m), me)
                });
            }
        }
        if self.rules.compulsory_capture && out.iter().any(|m| self.is_capture(pos, m)) {
            out.retain(|m| self.is_capture(pos, m));
        }
    }

    /// The number of legal moves (perft's last ply): `generate_legal(..).len()`, but where
    /// [`Engine::generate_legal`] would accept a move without playing it out (one royal man, not in
    /// check, no hoppers or bent riders, the mover neither the royal man nor pinned to it, not en
    /// passant) the move is only counted, not listed. Everything else takes the full path.
    pub fn count_legal(&self, pos: &Position<W>, scratch: &mut Vec<Move>) -> usize {
        let full = |scratch: &mut Vec<Move>| {
            self.generate_legal(pos, scratch);
            scratch.len()
        };
        if self.goal_reached(pos) {
            return 0;
        }
        if let Some(n) = self.count_fast(pos, scratch) {
            return n;
        }
        if self.royal_mask == 0
            || self.has_hoppers
            || !self.bent_attackers.is_empty()
            || self.rules.compulsory_capture
            || self.goal_reached(pos)
        {
            return full(scratch);
        }
        let me = pos.to_move;
        let royals = self.royals_of(pos, me);
        if royals.len() != 1 {
            return full(scratch);
        }
        let k = royals.first_cell().expect("one royal man");
        let enemies = self.enemies_of(pos, me);
        if self.attacked_by(pos, k, enemies) {
            return full(scratch);
        }
        let pinned = self.pinned_to(pos, k, me, enemies);
        scratch.clear();
        let mut sink = CountOrVerify {
            n: 0,
            verify: scratch,
        };
        let own = pos.by_player[me.index()];
        for (kind, set) in pos.by_kind.iter().enumerate().take(self.kinds.len()) {
            let piece = Piece {
                player: me,
                kind: kind as u8,
            };
            for from in *set & own {
                if from == k || pinned.contains(from) {
                    self.pseudo_moves_of_piece(pos, from, piece, enemies, sink.verify);
                } else {
                    self.pseudo_moves_of_piece(pos, from, piece, enemies, &mut sink);
                }
            }
        }
        self.castling_moves(pos, sink.verify);
        // The royal man's plain moves: legal iff its destination is not attacked once it has
        // left its cell (no hoppers or bent riders here, so nothing else changes); the other
        // listed moves are played out.
        let mut without_royal = *pos;
        without_royal.by_player[me.index()].remove(k);
        sink.n
            + sink
                .verify
                .iter()
                .filter(|m| {
                    if m.from == k && m.kind == MoveKind::Normal {
                        !self.attacked_by(&without_royal, m.to, enemies)
                    } else {
                        !self.royal_attacked(&self.make(pos, m), me)
                    }
                })
                .count()
    }

    /// The men of `me` standing first on a line from `king` with an enemy rider next on it, in
    /// range: moving one of them off the line may expose the king.
    fn pinned_to(
        &self,
        pos: &Position<W>,
        king: Cell,
        me: Player,
        enemies: CellSet<W>,
    ) -> CellSet<W> {
        let occ = pos.occupied();
        let own = pos.by_player[me.index()];
        let nd = self.opposite.len();
        let mut pinned = CellSet::EMPTY;
        for d in 0..nd {
            // the first man on the line from the king, if ours, then the next man beyond it
            let (_, Some(first)) = self.ray_to_blocker(king, d, occ) else {
                continue;
            };
            if !own.contains(first) {
                continue;
            }
            let (_, Some(c)) = self.ray_to_blocker(first, d, occ) else {
                continue;
            };
            if !enemies.contains(c) {
                continue;
            }
            let pc = self.piece_on(pos, c).expect("occupied");
            let back = self.opposite[d] as usize;
            let (min, max) =
                self.ride_range[(pc.player.index() * MAX_KINDS + pc.kind as usize) * nd + back];
            if max == 0 {
                continue;
            }
            if (min <= 1 && max == u8::MAX) || {
                let dist = self.ray_distance(king, d, c);
                dist >= min && dist <= max
            } {
                pinned.insert(first);
            }
        }
        pinned
    }

    /// Under [`Goal::CaptureRoyal`], the first player who has no royal man left.
    pub fn royal_lost(&self, pos: &Position<W>) -> Option<Player> {
        if self.rules.goal != Goal::CaptureRoyal {
            return None;
        }
        let mut royals = CellSet::<W>::EMPTY;
        for k in 0..self.kinds.len() {
            if self.goal_royals >> k & 1 != 0 {
                royals |= pos.by_kind[k];
            }
        }
        self.players
            .all()
            .find(|p| !pos.by_player[p.index()].intersects(&royals))
    }

    /// True if the move captures.
    pub fn is_capture(&self, pos: &Position<W>, m: &Move) -> bool {
        matches!(m.kind, MoveKind::EnPassant { .. })
            || (!matches!(m.kind, MoveKind::Castle(_) | MoveKind::Place(_))
                && pos.is_occupied(m.to))
    }

    /// The next player to move after `p`: the next in turn order who still has men.
    pub(crate) fn next_player(&self, pos: &Position<W>, p: Player) -> Player {
        let n = self.players.count() as u8;
        let mut q = p;
        for _ in 0..n {
            q = Player((q.0 + 1) % n);
            if !pos.by_player[q.index()].is_empty() || n == 2 {
                return q;
            }
        }
        Player((p.0 + 1) % n)
    }

    /// The Zobrist keys of what stands on a cell: its man, and its unmoved mark.
    fn cell_key(&self, pos: &Position<W>, cell: Cell) -> u64 {
        let mut h = 0;
        if let Some(pc) = pos.piece_at(cell) {
            h ^= self.keys.man(pc.player.index(), pc.kind as usize, cell);
        }
        if pos.unmoved.contains(cell) {
            h ^= self.keys.unmoved(cell);
        }
        h
    }

    /// The position after a move (which must be pseudo-legal).
    pub fn make(&self, pos: &Position<W>, m: &Move) -> Position<W> {
        let mut next = *pos;
        let me = pos.to_move;
        let mut reset_clock = false;
        // The key follows every change: the side to move and the en passant opportunity are
        // taken out here and put back at the end.
        let keys = &self.keys;
        next.key = self.key_of(pos) ^ keys.side(me) ^ keys.ep(pos.ep);
        match m.kind {
            MoveKind::Place(kind) => {
                next.key ^= self.cell_key(&next, m.to) ^ keys.man(me.index(), kind as usize, m.to);
                next.put_keeping_key(m.to, Piece { player: me, kind });
                if self.unmoved_kinds >> kind & 1 != 0 {
                    next.unmoved.insert(m.to);
                    next.key ^= keys.unmoved(m.to);
                }
            }
            MoveKind::Castle(i) => {
                let c = &self.castles[i as usize];
                let king = pos.piece_at(c.king_from).expect("castling king");
                let rook = pos.piece_at(c.rook_from).expect("castling rook");
                next.key ^= self.cell_key(&next, c.king_from);
                next.remove_keeping_key(c.king_from);
                next.key ^= self.cell_key(&next, c.rook_from);
                next.remove_keeping_key(c.rook_from);
                next.key ^= self.cell_key(&next, c.king_to);
                next.put_keeping_key(c.king_to, king);
                next.key ^= self.cell_key(&next, c.rook_to);
                next.put_keeping_key(c.rook_to, rook);
                next.key ^= keys.man(king.player.index(), king.kind as usize, c.king_to)
                    ^ keys.man(rook.player.index(), rook.kind as usize, c.rook_to);
            }
            _ => {
                let piece = self.piece_on(pos, m.from).expect("a man on the from cell");
                // A man on the destination is taken (any player's: the kind from the kind sets).
                if let Some(q) =
                    (0..self.players.count()).find(|&q| pos.by_player[q].contains(m.to))
                {
                    let victim = self.kind_at(pos, m.to);
                    next.by_player[q].remove(m.to);
                    next.by_kind[victim as usize].remove(m.to);
                    next.key ^= keys.man(q, victim as usize, m.to);
                    reset_clock = true;
                }
                if let MoveKind::EnPassant { victim } = m.kind {
                    next.key ^= self.cell_key(&next, victim);
                    next.remove_keeping_key(victim);
                    reset_clock = true;
                }
                if self.kinds[piece.kind as usize].promotes {
                    reset_clock = true;
                }
                let kind = if let MoveKind::Promotion(k) = m.kind {
                    k
                } else {
                    piece.kind
                };
                // Only the sets that change: cheaper than remove/put over every set.
                next.by_player[me.index()].remove(m.from);
                next.by_kind[piece.kind as usize].remove(m.from);
                next.key ^= keys.man(me.index(), piece.kind as usize, m.from)
                    ^ keys.man(me.index(), kind as usize, m.to);
                if next.unmoved.contains(m.from) {
                    next.unmoved.remove(m.from);
                    next.key ^= keys.unmoved(m.from);
                }
                if next.unmoved.contains(m.to) {
                    next.unmoved.remove(m.to);
                    next.key ^= keys.unmoved(m.to);
                }
                next.by_player[me.index()].insert(m.to);
                next.by_kind[kind as usize].insert(m.to);
            }
        }
        // A castling king that moves takes its rooks' rights with it: keep the unmoved set
        // canonical, so that positions with the same rights compare equal.
        for c in &self.castles {
            if c.king_from == m.from && c.player == me && next.unmoved.contains(c.rook_from) {
                next.unmoved.remove(c.rook_from);
                next.key ^= keys.unmoved(c.rook_from);
            }
        }
        next.ep = match m.kind {
            MoveKind::DoubleStep { passed } => Some(EnPassant {
                target: passed,
                victim: m.to,
            }),
            _ => None,
        };
        next.key ^= keys.ep(next.ep);
        // Saturating: a position text may give any u32 clock (4294967295).
        next.halfmove = if reset_clock {
            0
        } else {
            pos.halfmove.saturating_add(1)
        };
        let to = self.next_player(&next, me);
        if to.0 <= me.0 {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.to_move = to;
        next.key ^= keys.side(to);
        next
    }

    /// Men that could capture on `cell` for the side to move, if the cell held an enemy (used by
    /// the notation for disambiguation and by tests).
    pub fn attackers_of(&self, pos: &Position<W>, cell: Cell, by: CellSet<W>) -> Vec<Cell> {
        let mut out = Vec::new();
        for from in by {
            let mut ms = Vec::new();
            let mut probe = *pos;
            let owner = pos.piece_at(from).expect("occupied").player;
            // Put a dummy enemy man on the cell so capture-only atoms count.
            if !probe.occupied().contains(cell) {
                let enemy = self.players.all().find(|&q| !self.players.allied(owner, q));
                if let Some(q) = enemy {
                    probe.put(cell, Piece { player: q, kind: 0 });
                }
            }
            self.pseudo_moves_of(&probe, from, &mut ms, true);
            if ms.iter().any(|m| m.to == cell) {
                out.push(from);
            }
        }
        out
    }
}

fn promotes_at<const W: usize>(e: &Engine<W>, promotes: bool, me: Player, to: Cell) -> bool {
    promotes && e.promo_zone[me.index()].contains(to) && !e.promo_choices.is_empty()
}
