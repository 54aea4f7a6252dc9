//! The quantum state (05 §3.3, §3.8): a weighted multiset of classical Goff positions.
//!
//! Every reality is a classical [`Position`] with the identity of its men: each man has an *id*,
//! the same in every reality, so that "the rook" is one piece whose virtual pieces are its tiles in
//! the different realities. A stack is two ids on one tile, its bishop and its duke; a pawn that
//! promotes keeps its id (a promotion to a stack gives the duke the pawn's *twin* id, `id + n0`).
//! Realities with the same position and the same ids are one [`Game`] whose weight counts the
//! histories that reached it (the book's weights); with `histories` on, every history is a game
//! of its own, with the list of branches that made it.
//!
//! Per-piece virtual pieces are derived ([`Ensemble::marginals`]). The ensemble *fits on one
//! board* ([`representable`]) when the set of its board pictures (where each id is, in each
//! reality) is exactly the collision-free product of the per-piece marginals: separable, semi
//! entangled and EPR states fit (T46), pseudo-EPR states do not.

use rustc_hash::{FxBuildHasher, FxHashMap};
use spacechess_geometry::Cell;
use spacechess_goff::position::{Kind, Move, Position};
use spacechess_variant::Player;
use std::collections::{BTreeMap, BTreeSet};
use std::hash::BuildHasher;

/// The tile field of a captured man ("in the tray").
pub const TRAY: u16 = u16::MAX;

/// Where one id is in one reality, and as what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The cell index, or [`TRAY`].
    pub tile: u16,
    /// The id's own kind (never `Stack`: a stack is a bishop id and a duke id on one tile).
    pub kind: Kind,
}

impl Slot {
    /// The slot of a captured man (or of a twin id not in use): its kind is forgotten.
    pub const TRAYED: Slot = Slot {
        tile: TRAY,
        kind: Kind::Pawn,
    };

    /// The slot of a man on `cell`.
    pub fn on(cell: Cell, kind: Kind) -> Slot {
        Slot {
            tile: cell.0 as u16,
            kind,
        }
    }

    /// The cell, if on the board.
    pub fn cell(&self) -> Option<Cell> {
        (self.tile != TRAY).then_some(Cell(self.tile as u32))
    }
}

/// One reality (or, merged, every history that reached it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The classical position.
    pub pos: Position,
    /// Where each id is (indexed by id).
    pub slots: Vec<Slot>,
    /// The branches that made this history (only with `histories` on; empty otherwise).
    pub history: Vec<u16>,
    /// How many histories this game stands for.
    pub weight: u128,
}

impl Game {
    /// The ids on a cell (a stack's bishop id first).
    pub fn ids_at(&self, c: Cell) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.slots.len())
            .filter(|&i| self.slots[i].tile == c.0 as u16)
            .collect();
        v.sort_by_key(|&i| (self.slots[i].kind != Kind::Bishop, i));
        v
    }

    /// The key games are ordered by (complete: equal keys, equal games).
    fn key(&self) -> GameKey<'_> {
        (
            &self.slots,
            &self.history,
            self.pos.unmoved().0,
            self.pos.en_passant().map(|(a, b)| (a.0, b.0)),
            self.pos.halfmove(),
            self.pos.fullmove(),
        )
    }
}

/// The order of games: ids, history, unmoved men, en passant, clocks.
type GameKey<'a> = (
    &'a [Slot],
    &'a [u16],
    [u64; 8],
    Option<(u32, u32)>,
    u32,
    u32,
);

/// A class of the karma partition: the grouping ids with their slots, and the class's games.
pub type Class = (Vec<(usize, Slot)>, Vec<usize>);

/// The quantum state: the games, sorted and merged, and the ids' owners.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ensemble {
    /// The games, in a canonical order.
    pub(crate) games: Vec<Game>,
    /// The number of base ids (a twin id is `id + n0`).
    pub(crate) n0: usize,
    /// The owner of each id.
    pub(crate) owners: Vec<Player>,
    /// True if the ensemble does not fit on one board (derived).
    pub(crate) split: bool,
}

/// Adds weights, saturating (docs/goff-quantum.md: weights are exact below 2^128).
pub fn add_weight(a: u128, b: u128) -> u128 {
    a.saturating_add(b)
}

impl Ensemble {
    /// The ensemble of one classical position: ids given in cell order, a stack's bishop first.
    pub fn classical(pos: Position) -> Ensemble {
        let mut slots = Vec::new();
        let mut owners = Vec::new();
        for c in pos.occupied() {
            let pc = pos.piece_at(c).expect("occupied");
            let kinds: &[Kind] = if pc.kind == Kind::Stack {
                &[Kind::Bishop, Kind::Duke]
            } else {
                std::slice::from_ref(&pc.kind)
            };
            for &k in kinds {
                slots.push(Slot::on(c, k));
                owners.push(pc.player);
            }
        }
        let n0 = slots.len();
        let twins = owners.clone();
        owners.extend(twins);
        slots.extend(std::iter::repeat_n(Slot::TRAYED, n0));
        Ensemble::from_games(
            vec![Game {
                pos,
                slots,
                history: Vec::new(),
                weight: 1,
            }],
            n0,
            owners,
        )
    }

    /// An ensemble from games (merged and sorted here; the collapse flag derived).
    pub fn from_games(games: Vec<Game>, n0: usize, owners: Vec<Player>) -> Ensemble {
        let games = merge(games);
        let split = !representable(games.iter(), &owners);
        Ensemble {
            games,
            n0,
            owners,
            split,
        }
    }

    /// The games.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The number of base ids.
    pub fn base_ids(&self) -> usize {
        self.n0
    }

    /// The owner of each id.
    pub fn owners(&self) -> &[Player] {
        &self.owners
    }

    /// The number of realities (histories): the sum of the weights.
    pub fn realities(&self) -> u128 {
        self.games.iter().fold(0, |s, g| add_weight(s, g.weight))
    }

    /// True if the ensemble does not fit on one board (a collapse is due under the karma rule).
    pub fn is_split(&self) -> bool {
        self.split
    }

    /// The side to move in every reality.
    pub fn classical_to_move(&self) -> Player {
        self.games[0].pos.to_move()
    }

    /// Per id, its virtual pieces: each slot it takes with the summed weight of those games.
    pub fn marginals(&self) -> Vec<BTreeMap<Slot, u128>> {
        let mut out = vec![BTreeMap::new(); self.owners.len()];
        for g in &self.games {
            for (i, s) in g.slots.iter().enumerate() {
                let w = out[i].entry(*s).or_insert(0u128);
                *w = add_weight(*w, g.weight);
            }
        }
        out
    }

    /// The ids that are on the board in at least one reality.
    pub fn live_ids(&self) -> Vec<usize> {
        (0..self.owners.len())
            .filter(|&i| self.games.iter().any(|g| g.slots[i].tile != TRAY))
            .collect()
    }

    /// The ids in superposition (more than one slot over the realities).
    pub fn quantum_ids(&self) -> Vec<usize> {
        quantum_ids(self.games.iter())
    }

    /// The karma rule's partition (docs/goff-quantum.md): None if the ensemble fits on one board.
    /// Otherwise the grouping ids and the classes: each class is the games where those ids stand
    /// as its key says. The grouping is the single id, else the pair of ids, whose classes all fit
    /// on one board with the fewest classes (ties: the lowest ids); if none, every id in
    /// superposition (each class is then one board picture).
    pub fn partition(&self) -> Option<Vec<Class>> {
        if !self.split {
            return None;
        }
        let q = self.quantum_ids();
        type Classes = BTreeMap<Vec<(usize, Slot)>, Vec<usize>>;
        let classes_by = |ids: &[usize]| -> Classes {
            let mut m: Classes = BTreeMap::new();
            for (gi, g) in self.games.iter().enumerate() {
                let key = ids.iter().map(|&i| (i, g.slots[i])).collect();
                m.entry(key).or_default().push(gi);
            }
            m
        };
        let fits = |m: &Classes| {
            m.len() >= 2
                && m.values()
                    .all(|gs| representable(gs.iter().map(|&i| &self.games[i]), &self.owners))
        };
        let mut candidates: Vec<Vec<usize>> = q.iter().map(|&i| vec![i]).collect();
        let mut pairs = Vec::new();
        for (x, &i) in q.iter().enumerate() {
            for &j in &q[x + 1..] {
                pairs.push(vec![i, j]);
            }
        }
        for group in [std::mem::take(&mut candidates), pairs] {
            let mut best: Option<Classes> = None;
            for ids in group {
                let m = classes_by(&ids);
                if fits(&m) && best.as_ref().is_none_or(|b| m.len() < b.len()) {
                    best = Some(m);
                }
            }
            if let Some(m) = best {
                return Some(m.into_iter().collect());
            }
        }
        Some(classes_by(&q).into_iter().collect())
    }

    /// The ensemble made of some of the games (a collapse).
    pub fn restrict(&self, games: &[usize]) -> Ensemble {
        Ensemble::from_games(
            games.iter().map(|&i| self.games[i].clone()).collect(),
            self.n0,
            self.owners.clone(),
        )
    }
}

/// Distinct games, each with the summed weight of the games equal to it.
///
/// Games are found by an FxHash of their position, slots and history (chained by hash, compared
/// in full), so that no key is cloned: merging is most of the work of a large ensemble's moves.
#[derive(Default)]
pub struct DistinctGames {
    /// The first game of `games` with each hash.
    first: FxHashMap<u64, usize>,
    /// For each game, the next one with its hash ([`usize::MAX`]: none).
    next: Vec<usize>,
    games: Vec<Game>,
}

impl DistinctGames {
    const END: usize = usize::MAX;

    /// An empty set with room for `n` games.
    pub fn with_capacity(n: usize) -> Self {
        DistinctGames {
            first: FxHashMap::default(),
            next: Vec::with_capacity(n),
            games: Vec::with_capacity(n),
        }
    }

    /// Adds a game: its weight to an equal game's, or as a new game.
    pub fn add(&mut self, g: Game) {
        let h = FxBuildHasher.hash_one((&g.pos, &g.slots, &g.history));
        let mut at = self.first.get(&h).copied().unwrap_or(Self::END);
        while at != Self::END {
            let o = &mut self.games[at];
            if o.pos == g.pos && o.slots == g.slots && o.history == g.history {
                o.weight = add_weight(o.weight, g.weight);
                return;
            }
            at = self.next[at];
        }
        let index = self.games.len();
        self.next
            .push(self.first.insert(h, index).unwrap_or(Self::END));
        self.games.push(g);
    }

    /// The number of distinct games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// True if there is no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games, sorted canonically (by index, so that no game is moved twice).
    pub fn into_sorted(self) -> Vec<Game> {
        let games = self.games;
        let mut order: Vec<usize> = (0..games.len()).collect();
        order.sort_by(|&a, &b| games[a].key().cmp(&games[b].key()));
        let mut slots: Vec<Option<Game>> = games.into_iter().map(Some).collect();
        order
            .into_iter()
            .map(|i| slots[i].take().expect("each index once"))
            .collect()
    }
}

/// Merges games equal but for their weights and sorts them canonically.
pub fn merge(games: Vec<Game>) -> Vec<Game> {
    let mut set = DistinctGames::with_capacity(games.len());
    for g in games {
        set.add(g);
    }
    set.into_sorted()
}

fn quantum_ids<'a>(games: impl Iterator<Item = &'a Game> + Clone) -> Vec<usize> {
    let mut it = games.clone();
    let Some(first) = it.next() else {
        return Vec::new();
    };
    (0..first.slots.len())
        .filter(|&i| games.clone().any(|g| g.slots[i] != first.slots[i]))
        .collect()
}

/// True if two slots can share the board: not on one tile, unless they are a bishop and a duke of
/// one player (a stack).
fn compatible(a: Slot, b: Slot, pa: Player, pb: Player) -> bool {
    a.tile == TRAY
        || b.tile == TRAY
        || a.tile != b.tile
        || (pa == pb
            && matches!(
                (a.kind, b.kind),
                (Kind::Bishop, Kind::Duke) | (Kind::Duke, Kind::Bishop)
            ))
}

/// The most search nodes the representability count may take; beyond, the ensemble is taken as
/// not representable (a collapse is always safe).
const COUNT_BUDGET: usize = 2_000_000;

/// True if the games' board pictures are exactly the collision-free product of their per-id
/// marginals (05 §3.6 "fits on a single board"; 05 §3.8's collapse trigger).
pub fn representable<'a>(games: impl Iterator<Item = &'a Game> + Clone, owners: &[Player]) -> bool {
    let q = quantum_ids(games.clone());
    if q.is_empty() {
        return true;
    }
    let pictures: BTreeSet<Vec<Slot>> = games
        .clone()
        .map(|g| q.iter().map(|&i| g.slots[i]).collect())
        .collect();
    let marginals: Vec<Vec<Slot>> = (0..q.len())
        .map(|x| {
            let s: BTreeSet<Slot> = pictures.iter().map(|p| p[x]).collect();
            s.into_iter().collect()
        })
        .collect();
    let target = pictures.len();
    let product: f64 = marginals.iter().map(|m| m.len() as f64).product();
    if product < target as f64 + 0.5 {
        return true;
    }
    // Count the collision-free assignments, stopping past `target`.
    let mut counter = Counter {
        q: &q,
        marginals: &marginals,
        owners,
        chosen: Vec::with_capacity(q.len()),
        count: 0,
        nodes: 0,
        target,
    };
    counter.dfs(0) && counter.count == target
}

/// The depth-first count of collision-free assignments of [`representable`].
struct Counter<'a> {
    q: &'a [usize],
    marginals: &'a [Vec<Slot>],
    owners: &'a [Player],
    chosen: Vec<Slot>,
    count: usize,
    nodes: usize,
    target: usize,
}

impl Counter<'_> {
    /// Counts on from id `x`; false when the count passed the target or the budget ran out.
    fn dfs(&mut self, x: usize) -> bool {
        self.nodes += 1;
        if self.nodes > COUNT_BUDGET {
            return false;
        }
        if x == self.q.len() {
            self.count += 1;
            return self.count <= self.target;
        }
        for &s in &self.marginals[x] {
            let ok =
                self.chosen.iter().enumerate().all(|(y, &c)| {
                    compatible(c, s, self.owners[self.q[y]], self.owners[self.q[x]])
                });
            if ok {
                self.chosen.push(s);
                let go_on = self.dfs(x + 1);
                self.chosen.pop();
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

/// The game after a classical move, its ids moved with its men (`branch` is recorded when
/// histories are kept).
pub fn play_classical(
    g: &Game,
    m: &Move,
    n0: usize,
    owners: &[Player],
    branch: Option<u16>,
) -> Game {
    let pos = &g.pos;
    let me = pos.to_move();
    let them = Player(1 - me.0);
    let pc = pos.piece_at(m.from).expect("a man on the source");
    let mut slots = g.slots.clone();
    let at = |slots: &[Slot], c: Cell| -> Vec<usize> {
        (0..slots.len())
            .filter(|&i| slots[i].tile == c.0 as u16)
            .collect()
    };
    // Captures, on the board before the move.
    let mut taken: Vec<Cell> = Vec::new();
    if m.castle.is_none() {
        if pc.kind == Kind::Pawn && m.part == Some(Kind::Pawn) {
            if let Some((_, d)) = pos.en_passant() {
                taken.push(d);
            }
        } else {
            taken.push(m.to);
            taken.extend(m.fission);
        }
    }
    for c in taken {
        for i in at(&slots, c) {
            if owners[i] == them {
                slots[i] = Slot::TRAYED;
            }
        }
    }
    let to = m.to.0 as u16;
    let from_ids: Vec<usize> = at(&slots, m.from)
        .into_iter()
        .filter(|&i| owners[i] == me)
        .collect();
    if let Some(c) = m.castle {
        for &i in &from_ids {
            slots[i].tile = to;
        }
        let (_, kr0, qr0) = spacechess_goff::castling::home_tiles(me);
        for (origin, dest) in [(kr0, c.king_rook), (qr0, c.queen_rook)] {
            if let Some(dest) = dest {
                for i in at(&slots, origin) {
                    if owners[i] == me {
                        slots[i].tile = dest.0 as u16;
                    }
                }
            }
        }
    } else if let Some(y) = m.fission {
        for &i in &from_ids {
            slots[i].tile = if slots[i].kind == Kind::Bishop {
                to
            } else {
                y.0 as u16
            };
        }
    } else if pc.kind == Kind::Stack {
        for &i in &from_ids {
            if m.part.is_none_or(|k| slots[i].kind == k) {
                slots[i].tile = to;
            }
        }
    } else {
        let friendly_there: Vec<Kind> = at(&slots, m.to)
            .into_iter()
            .filter(|&i| owners[i] == me)
            .map(|i| slots[i].kind)
            .collect();
        for &i in &from_ids {
            slots[i].tile = to;
            match m.promote {
                Some(Kind::Stack) => {
                    if friendly_there.contains(&Kind::Bishop) {
                        slots[i].kind = Kind::Duke;
                    } else if friendly_there.contains(&Kind::Duke) {
                        slots[i].kind = Kind::Bishop;
                    } else {
                        slots[i].kind = Kind::Bishop;
                        if i < n0 {
                            slots[i + n0] = Slot {
                                tile: to,
                                kind: Kind::Duke,
                            };
                        }
                    }
                }
                Some(k) => slots[i].kind = k,
                None => {}
            }
        }
    }
    let mut history = g.history.clone();
    history.extend(branch);
    Game {
        pos: pos.after(m),
        slots,
        history,
        weight: g.weight,
    }
}

/// Checks that a game's ids describe its board exactly (each occupied tile holds the ids of its
/// man: one, or a bishop and a duke for a stack, of the man's owner).
pub fn check_ids(g: &Game, owners: &[Player]) -> Result<(), String> {
    for c in spacechess_goff::position::Position::board() {
        let ids = g.ids_at(c);
        let want: Vec<(Player, Kind)> = match g.pos.piece_at(c) {
            None => Vec::new(),
            Some(pc) if pc.kind == Kind::Stack => {
                vec![(pc.player, Kind::Bishop), (pc.player, Kind::Duke)]
            }
            Some(pc) => vec![(pc.player, pc.kind)],
        };
        let got: Vec<(Player, Kind)> = ids.iter().map(|&i| (owners[i], g.slots[i].kind)).collect();
        if got != want {
            return Err(format!(
                "cell {}: the ids say {got:?}, the board {want:?}",
                c.0
            ));
        }
    }
    Ok(())
}
