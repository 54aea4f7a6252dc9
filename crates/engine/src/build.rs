//! Compiling a [`RuleSet`] into tables: directions, rays, leaps, reverse-attack sets.

use super::notation::Notation;
use super::position::{Position, ZobristKeys, MAX_KINDS, MAX_PLAYERS};
use super::rules::{Goal, HopStyle, Mode, Motion, RuleSet};
use super::text;
use spacechess_geometry::{words_for, Cell, CellSet, LeapTable, RayTable, Shape, Vector};
use spacechess_variant::RulesError;
use spacechess_variant::{Player, Players};
use std::sync::Arc;

/// What the engine knows of a kind of piece.
#[derive(Clone, Debug, PartialEq)]
pub struct KindInfo {
    /// Name.
    pub name: String,
    /// Letter (upper case).
    pub letter: char,
    /// Royal (see [`super::PieceSpec::royal`]).
    pub royal: bool,
    /// Promotes (a pawn).
    pub promotes: bool,
    /// Value in pawns, if given.
    pub value: Option<f32>,
}

/// A compiled atom: directions as indices into the engine's ray table, leaps as a leap table.
#[derive(Clone, Debug)]
pub(crate) enum CAtom {
    Ride {
        dirs: Vec<u8>,
        min: u8,
        max: u8,
        mode: Mode,
        only_unmoved: bool,
        creates_ep: bool,
    },
    Leap {
        table: usize,
        mode: Mode,
        only_unmoved: bool,
        en_passant: bool,
    },
    Hop {
        dirs: Vec<u8>,
        style: HopStyle,
        mode: Mode,
    },
}

/// A compiled bent rider (see [`super::Motion::Bent`]): `legs[i]` are the ray directions that
/// continue first step `i` of leap table `table`.
#[derive(Clone, Debug)]
pub(crate) struct CBent {
    pub table: usize,
    pub legs: Vec<Vec<u8>>,
    pub min: u8,
    pub max: u8,
    pub mode: Mode,
}

/// A compiled castling move.
#[derive(Clone, Debug)]
pub(crate) struct CCastle<const W: usize> {
    pub player: Player,
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
    pub empty: CellSet<W>,
    pub safe: Vec<Cell>,
}

/// A rule set compiled for boards of up to `64 * W` cells: the generic move generator and
/// everything it needs, precomputed once. Implements [`spacechess_variant::Variant`].
pub struct Engine<const W: usize> {
    pub(crate) rules: RuleSet,
    pub(crate) shape: Shape,
    pub(crate) board: CellSet<W>,
    pub(crate) kinds: Vec<KindInfo>,
    pub(crate) players: Players,
    pub(crate) rays: RayTable,
    pub(crate) opposite: Vec<u8>,
    pub(crate) leap_tables: Vec<LeapTable>,
    /// `leap_masks[table][cell]`: the targets of a leap table from a cell, as a set (perft's last
    /// ply counts leaps by population count).
    pub(crate) leap_masks: Vec<Vec<CellSet<W>>>,
    /// `atoms[player][kind]`.
    pub(crate) atoms: Vec<Vec<Vec<CAtom>>>,
    /// `ride_range[(player * MAX_KINDS + kind) * dirs + dir]`: (min, max) of a capturing ride, max 0
    /// if none.
    pub(crate) ride_range: Vec<(u8, u8)>,
    /// Like `ride_range`, for capturing hops.
    pub(crate) hop_style: Vec<Option<HopStyle>>,
    /// (player, kind, cells from which that man captures by leaping onto each cell).
    pub(crate) leap_from: Vec<(Player, u8, Vec<CellSet<W>>)>,
    pub(crate) promo_zone: Vec<CellSet<W>>,
    pub(crate) promo_choices: Vec<u8>,
    pub(crate) castles: Vec<CCastle<W>>,
    pub(crate) royal_mask: u16,
    /// For each cell, every cell on a ride or hop line through it.
    pub(crate) aligned: Vec<CellSet<W>>,
    /// `ray_masks[cell * dirs + dir]`: the cells of that ray as a set, for first-blocker scans.
    pub(crate) ray_masks: Vec<CellSet<W>>,
    /// Per direction: true if cell indices grow along it (the first blocker is the lowest bit).
    pub(crate) ascending: Vec<bool>,
    pub(crate) has_hoppers: bool,
    /// `bents[player][kind]`: the bent-rider atoms, kept apart from `atoms`.
    pub(crate) bents: Vec<Vec<Vec<CBent>>>,
    /// (player, kind, index into `bents`) of every capturing bent rider, for the attack test.
    pub(crate) bent_attackers: Vec<(Player, u8, usize)>,
    /// Kinds whose loss loses the game under [`Goal::CaptureRoyal`].
    pub(crate) goal_royals: u16,
    /// Kinds whose unmoved status matters (unmoved-only atoms, castling kings and rooks); the
    /// unmoved set holds men of these kinds only, so that it never tells apart positions that
    /// the rules treat alike.
    pub(crate) unmoved_kinds: u16,
    pub(crate) start: Position<W>,
    /// The Zobrist keys of the board (see `Engine::zobrist_key`).
    pub(crate) keys: ZobristKeys,
    pub(crate) notation: Arc<dyn Notation>,
    /// Piece values and evaluation weights for the search: the search's tables, built at their first use (perft never needs them).
    pub(crate) eval: std::sync::OnceLock<super::eval::EvalTables>,
    /// The evaluation's weights (see [`Engine::set_eval_params`]).
    pub(crate) eval_params: super::eval_params::EvalParams,
    /// `passed_span[player][cell]`: the cells from which an enemy promoting man could stop a
    /// promoting man of `player` on `cell` (see `eval::passed_spans`), built at first use.
    pub(crate) passed_span: std::sync::OnceLock<Vec<Vec<CellSet<W>>>>,
    /// `promotion_lines[player][cell]`: the cells ahead on a promoting man's own line and the
    /// cells of the lines beside it (see `eval::promotion_lines`), built at first use.
    pub(crate) promotion_lines: std::sync::OnceLock<Vec<Vec<(CellSet<W>, CellSet<W>)>>>,
    /// `structure_cells[player][cell]`: the cells of a promoting man's phalanx and of its
    /// defenders (see `eval::structure_cells`), built at first use.
    pub(crate) structure_cells: std::sync::OnceLock<Vec<Vec<(CellSet<W>, CellSet<W>)>>>,
    /// The cell classes and promotion lines of the pair and open-line terms (see
    /// `eval_lines::LineTables`), built at first use.
    pub(crate) line_tables: std::sync::OnceLock<super::eval_lines::LineTables<W>>,
    /// `royal_zones[(player * kinds + kind) * cells + cell]`: for royal kinds, the cells a royal
    /// man reaches on the empty board (its shelter and the enemy's attack zone), built at first
    /// use; empty for other kinds.
    pub(crate) royal_zones: std::sync::OnceLock<Vec<CellSet<W>>>,
    /// Every cell's name in lower case, and its cell (None where two names differ only in
    /// case): built on first use by [`Engine::parse_cell_any_case`].
    pub(crate) names_any_case: std::sync::OnceLock<std::collections::HashMap<String, Option<Cell>>>,
    /// The tables of the fast path (see `fast.rs`), None where the rule set needs the general one.
    pub(crate) fast: Option<super::fast::Fast<W>>,
}

impl<const W: usize> Engine<W> {
    /// Compiles a rule set, reading its cell names with `notation`.
    pub fn new(rules: RuleSet, notation: Arc<dyn Notation>) -> Result<Self, RulesError> {
        let invalid = |s: String| RulesError::Invalid(s);
        let groups: Vec<&[usize]> = rules.board.iter().map(|g| g.as_slice()).collect();
        let shape = Shape::grouped(&groups).map_err(|e| invalid(e.to_string()))?;
        let ndim = shape.ndim();
        shape
            .check_table_size()
            .map_err(|e| invalid(e.to_string()))?;
        if words_for(shape.cell_count()) > W {
            return Err(invalid(format!(
                "{} cells do not fit the engine's {} cell sets",
                shape.cell_count(),
                64 * W
            )));
        }
        let n = shape.ndim();
        let np = rules.players.len();
        if !(1..=MAX_PLAYERS).contains(&np) {
            return Err(invalid(format!(
                "a game has 1 to {MAX_PLAYERS} players, not {np}"
            )));
        }
        let nk = rules.pieces.len();
        if nk == 0 || nk > MAX_KINDS {
            return Err(invalid(format!(
                "a rule set has 1 to {MAX_KINDS} kinds of piece, not {nk}"
            )));
        }
        for p in &rules.players {
            if p.orientation.len() != n || p.orientation.iter().any(|s| s.abs() != 1) {
                return Err(invalid(format!(
                    "player {}'s orientation {:?} must be {n} signs (1 or -1)",
                    p.name, p.orientation
                )));
            }
        }
        // A game needs opponents: players all of one team would have no enemy to check, capture
        // or take en passant (found by fuzzing rule files, issue 18).
        if rules.players.len() > 1
            && rules
                .players
                .iter()
                .all(|p| p.team == rules.players[0].team)
        {
            return Err(invalid(format!(
                "every player is on team {}: a game needs at least two teams",
                rules.players[0].team
            )));
        }
        let mut letters = std::collections::HashSet::new();
        for k in &rules.pieces {
            if !k.letter.is_ascii_uppercase() || !letters.insert(k.letter) {
                return Err(invalid(format!(
                    "piece {}: letter '{}' must be an upper-case ASCII letter used once",
                    k.name, k.letter
                )));
            }
        }
        let kinds: Vec<KindInfo> = rules
            .pieces
            .iter()
            .map(|k| KindInfo {
                name: k.name.clone(),
                letter: k.letter,
                royal: k.royal && rules.goal == Goal::Checkmate,
                promotes: k.promotes,
                value: k.value,
            })
            .collect();
        let players = Players::new(
            rules.players.iter().map(|p| p.name.clone()).collect(),
            rules.players.iter().map(|p| p.team).collect(),
        );

        // Directions of every ride and hop, for every player, and their opposites.
        let mut dirs: Vec<Vector> = Vec::new();
        for p in &rules.players {
            for k in &rules.pieces {
                for a in &k.atoms {
                    if let Motion::Ride { steps, .. } | Motion::Hop { steps, .. } = &a.motion {
                        for v in steps.vectors(&shape, &p.orientation)? {
                            dirs.push(v);
                            dirs.push(v.neg());
                        }
                    }
                    if let Motion::Bent { steps, .. } = &a.motion {
                        for v in steps.vectors(&shape, &p.orientation)? {
                            for leg in bent_legs(&v) {
                                dirs.push(leg);
                                dirs.push(leg.neg());
                            }
                        }
                    }
                }
            }
        }
        dirs.sort();
        dirs.dedup();
        if dirs.len() > 255 {
            return Err(invalid("more than 255 ride directions".into()));
        }
        let rays = RayTable::new(&shape, &dirs).map_err(|e| invalid(e.to_string()))?;
        let dir_index = |v: &Vector| dirs.iter().position(|d| d == v).expect("collected") as u8;
        let opposite: Vec<u8> = dirs.iter().map(|d| dir_index(&d.neg())).collect();
        let nd = dirs.len();

        let mut leap_tables: Vec<LeapTable> = Vec::new();
        let mut leap_keys: Vec<Vec<Vector>> = Vec::new();
        let mut atoms = vec![vec![Vec::new(); nk]; np];
        let mut ride_range = vec![(0u8, 0u8); MAX_PLAYERS * MAX_KINDS * nd];
        let mut hop_style = vec![None; MAX_PLAYERS * MAX_KINDS * nd];
        let mut leap_from = Vec::new();
        let mut has_hoppers = false;
        let mut bents = vec![vec![Vec::new(); nk]; np];
        let mut bent_attackers = Vec::new();
        for (pi, p) in rules.players.iter().enumerate() {
            for (ki, k) in rules.pieces.iter().enumerate() {
                let mut capture_leaps: Vec<Vector> = Vec::new();
                for a in &k.atoms {
                    if a.only_unmoved && a.mode != Mode::MoveOnly {
                        return Err(invalid(format!(
                            "piece {}: an atom for unmoved men only must be move-only",
                            k.name
                        )));
                    }
                    let base = (pi * MAX_KINDS + ki) * nd;
                    if let Motion::Bent { steps, min, max } = &a.motion {
                        let vs = steps.vectors(&shape, &p.orientation)?;
                        let max = max.unwrap_or(u8::MAX);
                        if *min == 0 || max < *min || vs.iter().any(|v| !v.is_step()) {
                            return Err(invalid(format!(
                                "piece {}: a bent rider needs unit first steps and 1 <= min <= max",
                                k.name
                            )));
                        }
                        let legs = vs
                            .iter()
                            .map(|v| bent_legs(v).iter().map(dir_index).collect())
                            .collect();
                        leap_tables
                            .push(LeapTable::new(&shape, &vs).map_err(|e| invalid(e.to_string()))?);
                        // Never a leap's key: a bent rider's table is its own.
                        leap_keys.push(vec![Vector::zero(n)]);
                        if a.mode != Mode::MoveOnly {
                            bent_attackers.push((Player(pi as u8), ki as u8, bents[pi][ki].len()));
                        }
                        bents[pi][ki].push(CBent {
                            table: leap_tables.len() - 1,
                            legs,
                            min: *min,
                            max,
                            mode: a.mode,
                        });
                        continue;
                    }
                    let c = match &a.motion {
                        Motion::Ride { steps, min, max } => {
                            let vs = steps.vectors(&shape, &p.orientation)?;
                            let max = max.unwrap_or(u8::MAX);
                            if *min == 0 || max < *min {
                                return Err(invalid(format!(
                                    "piece {}: a ride needs 1 <= min <= max",
                                    k.name
                                )));
                            }
                            let ds: Vec<u8> = vs.iter().map(dir_index).collect();
                            if a.mode != Mode::MoveOnly {
                                for &d in &ds {
                                    let r = &mut ride_range[base + d as usize];
                                    *r = if r.1 == 0 {
                                        (*min, max)
                                    } else {
                                        (r.0.min(*min), r.1.max(max))
                                    };
                                }
                            }
                            CAtom::Ride {
                                dirs: ds,
                                min: *min,
                                max,
                                mode: a.mode,
                                only_unmoved: a.only_unmoved,
                                creates_ep: a.creates_en_passant,
                            }
                        }
                        Motion::Leap(steps) => {
                            let vs = steps.vectors(&shape, &p.orientation)?;
                            if a.mode != Mode::MoveOnly {
                                capture_leaps.extend(vs.iter().copied());
                            }
                            let table = match leap_keys.iter().position(|k| *k == vs) {
                                Some(i) => i,
                                None => {
                                    leap_tables.push(
                                        LeapTable::new(&shape, &vs)
                                            .map_err(|e| invalid(e.to_string()))?,
                                    );
                                    leap_keys.push(vs);
                                    leap_tables.len() - 1
                                }
                            };
                            CAtom::Leap {
                                table,
                                mode: a.mode,
                                only_unmoved: a.only_unmoved,
                                en_passant: a.en_passant,
                            }
                        }
                        Motion::Bent { .. } => unreachable!("compiled above"),
                        Motion::Hop { steps, style } => {
                            has_hoppers = true;
                            let vs = steps.vectors(&shape, &p.orientation)?;
                            let ds: Vec<u8> = vs.iter().map(dir_index).collect();
                            if a.mode != Mode::MoveOnly {
                                for &d in &ds {
                                    hop_style[base + d as usize] = Some(*style);
                                }
                            }
                            CAtom::Hop {
                                dirs: ds,
                                style: *style,
                                mode: a.mode,
                            }
                        }
                    };
                    atoms[pi][ki].push(c);
                }
                if !capture_leaps.is_empty() {
                    capture_leaps.sort();
                    capture_leaps.dedup();
                    let t = LeapTable::new(&shape, &capture_leaps)
                        .map_err(|e| invalid(e.to_string()))?;
                    let mut from = vec![CellSet::<W>::EMPTY; shape.cell_count() as usize];
                    for s in shape.cells() {
                        for &target in t.targets(s) {
                            from[target.index()].insert(s);
                        }
                    }
                    leap_from.push((Player(pi as u8), ki as u8, from));
                }
            }
        }

        let mut ray_masks = Vec::with_capacity(shape.cell_count() as usize * nd);
        for c in shape.cells() {
            for d in 0..nd {
                ray_masks.push(rays.ray(c, d).iter().copied().collect::<CellSet<W>>());
            }
        }
        let ascending: Vec<bool> = (0..nd)
            .map(|d| {
                shape
                    .cells()
                    .find_map(|c| rays.ray(c, d).first().map(|&x| x > c))
                    .unwrap_or(true)
            })
            .collect();
        let mut aligned = vec![CellSet::<W>::EMPTY; shape.cell_count() as usize];
        for c in shape.cells() {
            for d in 0..nd {
                for &x in rays.ray(c, d) {
                    aligned[c.index()].insert(x);
                }
            }
        }

        let letter_kind = |ch: char| kinds.iter().position(|k| k.letter == ch).map(|i| i as u8);
        let mut promo_zone = vec![CellSet::<W>::EMPTY; np];
        let mut promo_choices = Vec::new();
        if let Some(pr) = &rules.promotion {
            for &ch in &pr.choices {
                promo_choices.push(letter_kind(ch).ok_or_else(|| {
                    invalid(format!(
                        "promotion choice '{ch}' is not a piece of the rule set"
                    ))
                })?);
            }
            if pr.axes.iter().any(|&a| a >= n) {
                return Err(invalid(format!(
                    "promotion axes {:?} outside the board",
                    pr.axes
                )));
            }
            for (pi, p) in rules.players.iter().enumerate() {
                for c in shape.cells() {
                    let co = shape.coords(c);
                    let far = pr.axes.iter().all(|&a| {
                        let last = shape.extent(a) as i8 - 1;
                        co.get(a) == if p.orientation[a] > 0 { last } else { 0 }
                    });
                    if far {
                        promo_zone[pi].insert(c);
                    }
                }
            }
        }

        let royal_mask = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.royal)
            .fold(0u16, |m, (i, _)| m | 1 << i);
        let goal_royals = rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, k)| k.royal && rules.goal == Goal::CaptureRoyal)
            .fold(0u16, |m, (i, _)| m | 1 << i);
        let board = CellSet::<W>::first(shape.cell_count() as usize);
        let leap_masks = leap_tables
            .iter()
            .map(|t| {
                shape
                    .cells()
                    .map(|c| t.targets(c).iter().copied().collect())
                    .collect()
            })
            .collect();
        let shape_cells = shape.cell_count() as usize;
        let mut engine = Engine {
            rules: rules.clone(),
            shape,
            board,
            kinds,
            players,
            rays,
            opposite,
            leap_tables,
            leap_masks,
            atoms,
            ride_range,
            hop_style,
            leap_from,
            promo_zone,
            promo_choices,
            castles: Vec::new(),
            royal_mask,
            aligned,
            ray_masks,
            ascending,
            has_hoppers,
            bents,
            bent_attackers,
            goal_royals,
            unmoved_kinds: u16::MAX,
            start: Position::empty(),
            keys: ZobristKeys::new(shape_cells),
            notation,
            eval: Default::default(),
            eval_params: super::eval_params::EvalParams::for_dimensions(ndim),
            passed_span: Default::default(),
            promotion_lines: Default::default(),
            structure_cells: Default::default(),
            line_tables: Default::default(),
            royal_zones: Default::default(),
            names_any_case: std::sync::OnceLock::new(),
            fast: None,
        };
        for cs in &rules.castling {
            let cell = |s: &str| {
                engine
                    .notation
                    .parse_cell(&engine.shape, s)
                    .ok_or_else(|| invalid(format!("castling: '{s}' is not a cell")))
            };
            if cs.player as usize >= np {
                return Err(invalid(format!(
                    "castling for player {} of {np}",
                    cs.player
                )));
            }
            let mut empty = CellSet::EMPTY;
            for s in &cs.empty {
                empty.insert(cell(s)?);
            }
            let c = CCastle {
                player: Player(cs.player),
                king_from: cell(&cs.king_from)?,
                king_to: cell(&cs.king_to)?,
                rook_from: cell(&cs.rook_from)?,
                rook_to: cell(&cs.rook_to)?,
                empty,
                safe: cs.safe.iter().map(|s| cell(s)).collect::<Result<_, _>>()?,
            };
            engine.castles.push(c);
        }
        engine.fast = super::fast::Fast::new(&engine);
        engine.start = match text::parse_position(&engine, &rules.setup, None) {
            Ok(p) => p,
            // An empty setup opens a game by placing men (Ecila): no royal man to check yet.
            Err(e) => match engine.parse_position_unvalidated(&rules.setup) {
                Ok(p) if p.occupied().is_empty() => p,
                _ => return Err(invalid(format!("setup: {e}"))),
            },
        };
        let mut mask = 0u16;
        for (ki, k) in rules.pieces.iter().enumerate() {
            if k.atoms.iter().any(|a| a.only_unmoved) {
                mask |= 1 << ki;
            }
        }
        for c in &engine.castles {
            for cell in [c.king_from, c.rook_from] {
                if let Some(pc) = engine.start.piece_at(cell) {
                    mask |= 1 << pc.kind;
                }
            }
        }
        engine.unmoved_kinds = mask;
        engine.start.unmoved &= engine.unmoved_relevant(&engine.start);
        engine.start.key = engine.keys.of(&engine.start);
        Ok(engine)
    }

    /// Reads a rule set from RON and compiles it.
    ///
    /// ```
    /// use spacechess_engine::{Engine, GenericNotation};
    /// use spacechess_variant::Variant;
    /// use std::sync::Arc;
    /// // Orthodox chess without castling: the rule set edited as data.
    /// let mut rules = spacechess_engine::RuleSet::from_ron(include_str!("../../../variants/orthodox/rules/orthodox.ron")).unwrap();
    /// rules.castling.clear();
    /// let e = Engine::<1>::new(rules, Arc::new(GenericNotation)).unwrap();
    /// assert_eq!(e.legal_moves_vec(&e.start()).len(), 20);
    /// assert!(Engine::<1>::from_ron("(", Arc::new(GenericNotation)).is_err());
    /// ```
    pub fn from_ron(text: &str, notation: Arc<dyn Notation>) -> Result<Self, RulesError> {
        Engine::new(RuleSet::from_ron(text)?, notation)
    }

    /// The man on a cell, looking only at this rule set's players and kinds.
    #[inline]
    pub fn piece_on(&self, pos: &Position<W>, cell: Cell) -> Option<super::position::Piece> {
        // The side to move first: most look-ups are of its men.
        let me = pos.to_move.index();
        let player = if pos.by_player[me].contains(cell) {
            me
        } else {
            (0..self.players.count()).find(|&p| pos.by_player[p].contains(cell))?
        };
        let kind = (0..self.kinds.len()).find(|&k| pos.by_kind[k].contains(cell))?;
        Some(super::position::Piece {
            player: Player(player as u8),
            kind: kind as u8,
        })
    }

    /// The cells of ray `dir` from `from` up to and including its first man (all of it if
    /// empty), and that man's cell.
    #[inline]
    pub(crate) fn ray_to_blocker(
        &self,
        from: Cell,
        dir: usize,
        occ: CellSet<W>,
    ) -> (CellSet<W>, Option<Cell>) {
        let nd = self.opposite.len();
        let mask = self.ray_masks[from.index() * nd + dir];
        let blockers = mask & occ;
        let b = if self.ascending[dir] {
            blockers.first_cell()
        } else {
            blockers.last_cell()
        };
        match b {
            Some(b) => (mask.without(&self.ray_masks[b.index() * nd + dir]), Some(b)),
            None => (mask, None),
        }
    }

    /// The men whose unmoved status matters (see the rule set's unmoved-only atoms and castling).
    pub fn unmoved_relevant(&self, pos: &Position<W>) -> CellSet<W> {
        let mut s = CellSet::EMPTY;
        for (k, set) in pos.by_kind.iter().enumerate() {
            if self.unmoved_kinds >> k & 1 != 0 {
                s |= *set;
            }
        }
        s
    }

    /// Every cell of the board, as a set.
    pub fn board_cells(&self) -> CellSet<W> {
        self.board
    }

    /// The rule set this engine was built from.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The board.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The kinds of piece, in rule-set order.
    pub fn kinds(&self) -> &[KindInfo] {
        &self.kinds
    }

    /// The kind with this letter.
    pub fn kind_by_letter(&self, letter: char) -> Option<u8> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == up)
            .map(|i| i as u8)
    }

    /// The notation in use.
    pub fn notation(&self) -> &dyn Notation {
        &*self.notation
    }

    /// A cell's name in the notation in use.
    pub fn cell_name(&self, cell: Cell) -> String {
        self.notation.cell_name(&self.shape, cell)
    }

    /// The cell a name names, in the notation in use.
    pub fn parse_cell(&self, name: &str) -> Option<Cell> {
        self.notation.parse_cell(&self.shape, name)
    }

    /// A player's promotion zone.
    pub fn promotion_zone(&self, p: Player) -> CellSet<W> {
        self.promo_zone[p.index()]
    }

    /// True if the kind is royal under this rule set's goal.
    #[inline]
    pub fn is_royal(&self, kind: u8) -> bool {
        self.royal_mask >> kind & 1 != 0
    }

    /// The men of every player not allied with `p`.
    #[inline]
    pub fn enemies_of(&self, pos: &Position<W>, p: Player) -> CellSet<W> {
        let mut s = CellSet::EMPTY;
        for q in self.players.all() {
            if !self.players.allied(p, q) {
                s |= pos.by_player[q.index()];
            }
        }
        s
    }

    /// The royal men of a player.
    #[inline]
    pub fn royals_of(&self, pos: &Position<W>, p: Player) -> CellSet<W> {
        let mut s = CellSet::EMPTY;
        let mut m = self.royal_mask;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            s |= pos.by_kind[k];
            m &= m - 1;
        }
        s & pos.by_player[p.index()]
    }

    /// The cells a man of `kind` owned by `player` reaches from `from` on an otherwise empty board
    /// (moves and captures together).
    pub fn reach_on_empty_board(&self, player: Player, kind: u8, from: Cell) -> CellSet<W> {
        let mut pos = Position::<W>::empty();
        pos.put(from, super::position::Piece { player, kind });
        pos.unmoved.insert(from);
        let mut out = Vec::new();
        self.pseudo_moves_of(&pos, from, &mut out, true);
        out.iter().map(|m| m.to).collect()
    }
}

/// The ride directions that continue a bent rider's first step `v`: the unit vector of each axis
/// `v` changes, in `v`'s sign.
fn bent_legs(v: &Vector) -> Vec<Vector> {
    (0..v.ndim())
        .filter(|&a| v.get(a) != 0)
        .map(|a| {
            let mut u = Vector::zero(v.ndim());
            u.set(a, v.get(a).signum());
            u
        })
        .collect()
}
