//! The [`Variant`] implementation.

use crate::ensemble::{Ensemble, TRAY};
use crate::gen::{self, Analysis};
use crate::moves::{self, moved_ids, QMove};
use crate::rules::{CollapsePolicy, EndRule, QuantumRules};
use crate::text;
use spacechess_geometry::Cell;
use spacechess_goff::position::{Kind, Position};
use spacechess_variant::{
    BoardModel, CellReading, DrawReason, Man, ManInfo, MoveError, MoveInfo, MoveKind, Outcome,
    Player, Players, PositionError, Variant, VirtualMan, VirtualMen, WinReason,
};
use std::collections::BTreeSet;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex};

/// Goff's quantum 3D chess under a set of rule options (docs/goff-quantum.md).
#[derive(Clone, Debug)]
pub struct QuantumGoff {
    players: Players,
    rules: QuantumRules,
    /// The ensembles analysed last and their analyses (legal moves, mates, checks), so that
    /// `legal_moves`, `outcome` and `parse_move` on one position list its moves once, and a
    /// search that comes back to a position does not list them again.
    cache: Arc<Mutex<Vec<Option<Cached>>>>,
}

/// An ensemble's key ([`ensemble_key`]), the ensemble, its analysis.
type Cached = (u64, Ensemble, Arc<Analysis>);

/// Analyses kept ([`QuantumGoff::analysis`]): a power of two. A search returns to a node's
/// ensemble after each of its children; 64 ensembles of at most 64 games stay a few megabytes.
const CACHED_ANALYSES: usize = 64;

/// A 64-bit hash of the whole ensemble (games, weights, ids): the analysis cache's key and the
/// repetition key.
fn ensemble_key(e: &Ensemble) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(e)
}

impl Default for QuantumGoff {
    fn default() -> Self {
        QuantumGoff::new()
    }
}

/// The description shown by `spacechess variants`.
pub const DESCRIPTION: &str =
    "Allan Goff's quantum 3D chess (2022, Part V): the game is a weighted \
ensemble of classical Goff games; rooks, bishops, dukes, pawns and stacks move to perimeters \
(spreads around a proxy), the knight is deflected, king and queen move classically; the karma rule \
collapses an ensemble that no longer fits on one board.";

impl QuantumGoff {
    /// The variant under the default rule options.
    ///
    /// ```
    /// use spacechess_goff_quantum::QuantumGoff;
    /// use spacechess_variant::Variant;
    /// let q = QuantumGoff::new();
    /// let start = q.start();
    /// let pos = q.play_text(&start, "P(K2,2) - [K4,4]").unwrap();
    /// assert_eq!(pos.realities(), 5);
    /// ```
    pub fn new() -> QuantumGoff {
        QuantumGoff::with_rules(QuantumRules::default())
    }

    /// The variant under the given rule options.
    pub fn with_rules(rules: QuantumRules) -> QuantumGoff {
        let _ = spacechess_goff::tables::tables();
        QuantumGoff {
            players: Players::two(),
            rules,
            cache: Arc::new(Mutex::new(vec![None; CACHED_ANALYSES])),
        }
    }

    /// The rule options in force.
    pub fn rules(&self) -> &QuantumRules {
        &self.rules
    }

    /// The ensemble of a classical Goff position (one reality), under these rules.
    pub fn ensemble_of(&self, pos: Position) -> Ensemble {
        Ensemble::classical(pos.with_rules(self.rules.classical))
    }

    /// The analysis of an ensemble (cached, [`CACHED_ANALYSES`] ensembles by their key).
    fn analysis(&self, e: &Ensemble) -> Arc<Analysis> {
        let key = ensemble_key(e);
        // The key's high bits pick the slot (FxHash's low bits are its weakest).
        let slot = (key >> (64 - CACHED_ANALYSES.trailing_zeros())) as usize;
        if let Ok(c) = self.cache.lock() {
            if let Some((k, cached, a)) = &c[slot] {
                if *k == key && cached == e {
                    return a.clone();
                }
            }
        }
        let a = Arc::new(gen::analyse(e, &self.rules));
        if let Ok(mut c) = self.cache.lock() {
            c[slot] = Some((key, e.clone(), a.clone()));
        }
        a
    }

    fn collapse_due(&self, e: &Ensemble) -> bool {
        e.is_split() && self.rules.collapse == CollapsePolicy::Karma
    }

    /// The game's end judged before the move list: a win by the `end` rule, bare kings.
    fn early_end(&self, e: &Ensemble, mated: &[bool]) -> Option<Outcome> {
        let me = e.classical_to_move();
        let win = || Outcome::Win {
            winners: vec![Player(1 - me.0)],
            reason: WinReason::Checkmate,
        };
        let mated_weight: u128 = e
            .games()
            .iter()
            .zip(mated)
            .filter(|(_, &m)| m)
            .fold(0u128, |s, (g, _)| s.saturating_add(g.weight));
        match self.rules.end {
            EndRule::AnyReality if mated_weight > 0 => return Some(win()),
            EndRule::Majority if mated_weight.saturating_mul(2) > e.realities() => {
                return Some(win())
            }
            _ => {}
        }
        let bare = e.games().iter().all(|g| {
            let p = &g.pos;
            p.occupied() == p.of_kind(Kind::King)
                && p.king(Player(0)).is_some()
                && p.king(Player(1)).is_some()
        });
        bare.then_some(Outcome::Draw(DrawReason::Other("bare kings")))
    }
}

impl Variant for QuantumGoff {
    type Position = Ensemble;
    type Move = QMove;
    type EvalState = ();

    fn name(&self) -> &str {
        "goff-quantum"
    }
    fn description(&self) -> &str {
        DESCRIPTION
    }
    fn options_ron(&self) -> String {
        self.rules.to_ron()
    }
    fn players(&self) -> &Players {
        &self.players
    }
    fn start(&self) -> Ensemble {
        self.ensemble_of(Position::start())
    }
    fn to_move(&self, e: &Ensemble) -> Player {
        let p = e.classical_to_move();
        if self.collapse_due(e) {
            Player(1 - p.0)
        } else {
            p
        }
    }
    fn legal_moves(&self, e: &Ensemble, out: &mut Vec<QMove>) {
        out.clear();
        let a = self.analysis(e);
        if !self.collapse_due(e) && self.early_end(e, &a.mated).is_some() {
            return;
        }
        out.extend(a.moves.iter().cloned());
    }
    fn play(&self, e: &Ensemble, mv: &QMove) -> Ensemble {
        moves::play(e, mv, self.rules.histories)
    }
    fn outcome(&self, e: &Ensemble) -> Option<Outcome> {
        if self.collapse_due(e) {
            return None;
        }
        let a = self.analysis(e);
        if let Some(o) = self.early_end(e, &a.mated) {
            return Some(o);
        }
        if !a.moves.is_empty() {
            return None;
        }
        if a.checked.iter().all(|&c| c) {
            Some(Outcome::Win {
                winners: vec![Player(1 - e.classical_to_move().0)],
                reason: WinReason::Checkmate,
            })
        } else {
            Some(Outcome::Draw(DrawReason::Stalemate))
        }
    }
    /// In check in every reality (a collapse due: never).
    fn in_check(&self, e: &Ensemble) -> bool {
        !self.collapse_due(e)
            && e.games()
                .iter()
                .all(|g| spacechess_goff::movegen::in_check(&g.pos, g.pos.to_move()))
    }
    fn move_text(&self, e: &Ensemble, mv: &QMove) -> String {
        text::move_text(e, mv)
    }
    fn parse_move(&self, e: &Ensemble, t: &str) -> Result<QMove, MoveError> {
        if self.outcome(e).is_some() {
            return Err(MoveError::GameOver(format!("'{t}': the game is over")));
        }
        let a = self.analysis(e);
        text::parse_move_among(e, &self.rules, t, Some(&a.moves))
            .map_err(|err| err.into_move_error(t))
    }
    fn position_text(&self, e: &Ensemble) -> String {
        text::position_text(e)
    }
    fn parse_position(&self, t: &str) -> Result<Ensemble, PositionError> {
        text::parse_position(t, &self.rules)
    }
    fn draw(&self, e: &Ensemble) -> String {
        text::draw(e, self.to_move(e), &[])
    }
    fn draw_marked(&self, e: &Ensemble, marks: &[(Cell, char)]) -> String {
        text::draw(e, self.to_move(e), marks)
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        Kind::ALL
            .into_iter()
            .map(|k| (k.letter(), k.name().to_string()))
            .collect()
    }
    /// The union over the realities: every tile the moved piece leaves, lands on or captures on.
    fn move_info(&self, e: &Ensemble, mv: &QMove) -> MoveInfo {
        let mut from = BTreeSet::new();
        let mut to = BTreeSet::new();
        let mut captures = BTreeSet::new();
        let mut kind = None;
        let mut promotion = None;
        if let QMove::Collapse { key } = mv {
            let cells: Vec<Cell> = key.iter().filter_map(|(_, s)| s.cell()).collect();
            return MoveInfo::new(MoveKind::Plain, cells.clone(), cells);
        }
        for g in e.games() {
            for m in moves::realities(g, mv) {
                let info = spacechess_goff::geometry::move_info(&g.pos, &m);
                kind.get_or_insert(info.kind);
                promotion = promotion.or(info.promotion);
                from.extend(info.from);
                to.extend(info.to);
                captures.extend(info.captures);
            }
        }
        let _ = moved_ids(mv);
        MoveInfo {
            kind: match mv {
                QMove::Fission { .. } => MoveKind::Fission,
                _ => kind.unwrap_or(MoveKind::Plain),
            },
            from: from.into_iter().collect(),
            to: to.into_iter().collect(),
            captures: captures.into_iter().collect(),
            promotion,
        }
    }
    /// Every man that stands somewhere in some reality (a virtual piece once per tile).
    fn men(&self, e: &Ensemble) -> Vec<Man> {
        let mut set = BTreeSet::new();
        for g in e.games() {
            for man in spacechess_goff::geometry::men(&g.pos) {
                set.insert(man);
            }
        }
        set.into_iter().collect()
    }
    /// Every virtual piece with its weight: the realities where that man stands on that tile.
    fn virtual_men(&self, e: &Ensemble) -> Option<VirtualMen> {
        let men = text::virtual_men(e)
            .into_iter()
            .flat_map(|(cell, on)| {
                on.into_iter()
                    .map(move |((player, kind), weight)| VirtualMan {
                        man: Man {
                            cell: Cell(cell),
                            player: Player(player),
                            piece: kind.letter(),
                        },
                        weight,
                    })
            })
            .collect();
        Some(VirtualMen {
            realities: e.realities(),
            men,
        })
    }
    fn board(&self) -> BoardModel {
        spacechess_goff::geometry::board_model()
    }
    fn repetition_key(&self, e: &Ensemble) -> u64 {
        ensemble_key(e)
    }
    fn halfmove_clock(&self, e: &Ensemble) -> Option<u32> {
        e.games().iter().map(|g| g.pos.halfmove()).min()
    }
    fn draw_rules(&self) -> (Option<usize>, Option<u32>) {
        (
            self.rules.classical.repetition,
            self.rules.classical.move_limit,
        )
    }
    /// The weighted mean of the classical evaluation over the realities.
    fn evaluate(&self, e: &Ensemble, scores: &mut [i32]) {
        let mut sum = [0f64; 2];
        let mut total = 0f64;
        for g in e.games() {
            let mut s = [0i32; 2];
            spacechess_goff::values::evaluate(&g.pos, &mut s);
            let w = g.weight as f64;
            sum[0] += w * s[0] as f64;
            sum[1] += w * s[1] as f64;
            total += w;
        }
        for (p, x) in scores.iter_mut().enumerate().take(2) {
            *x += (sum[p] / total.max(1.0)).round() as i32;
        }
    }
    fn capture_values(&self, _e: &Ensemble, _mv: &QMove) -> Option<(i32, i32)> {
        None
    }
    fn cell_info(&self, e: &Ensemble, t: &str) -> Option<CellReading> {
        let me = self.to_move(e);
        let cell = spacechess_goff::text::parse_tile(t, me)?;
        let man = e
            .games()
            .iter()
            .filter_map(|g| g.pos.piece_at(cell).map(|pc| (g.weight, pc)))
            .max_by_key(|x| x.0)
            .map(|(_, pc)| ManInfo {
                player: pc.player,
                piece: pc.kind.name().to_string(),
            });
        Some(CellReading {
            name: text::cell_name(cell, me),
            man,
        })
    }
    fn move_origin(&self, e: &Ensemble, mv: &QMove) -> Option<String> {
        let t = self.move_text(e, mv);
        let open = t.find('(')?;
        let close = t.find(')')?;
        let _ = TRAY;
        Some(t[open + 1..close].to_string())
    }
}
