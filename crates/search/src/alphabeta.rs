//! Iterative deepening negamax alpha-beta with a transposition table and quiescence search.

use super::tt::{Bound, Entry, Table};
use super::{Sides, INFINITY, MATE_BOUND};
use spacechess_variant::Player;
use spacechess_variant::Variant;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// How long to search: any combination of a depth, a time and a node budget (the search stops
/// at the first reached; with none, depth 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations up to this depth in plies.
    pub depth: Option<u32>,
    /// Stop after this much time (the last complete iteration's move is played).
    pub movetime: Option<Duration>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A fixed time per move.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move (None only when the position has no legal move).
    pub best: Option<M>,
    /// Its score for the side to move in centipawns (see [`super::score_text`]).
    pub score: i32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// The depth of the last complete iteration (0 if none completed).
    pub depth: u32,
    /// Nodes visited (main and quiescence search).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The depth just completed.
    pub depth: u32,
    /// Its score for the side to move.
    pub score: i32,
    /// Its principal variation.
    pub pv: Vec<M>,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

/// Plies of quiescence search at most (captures only, or evasions when in check).
const MAX_QPLY: u32 = 8;
/// Plies of quiescence search at most under the paranoid reduction: a capture for each player.
const PARANOID_MAX_QPLY: u32 = 4;
/// A capture whose victim's value and this margin cannot lift the static score to alpha is not
/// searched in the quiescence search of the paranoid reduction (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// Plies from the root at most (check extensions included).
const MAX_PLY: u32 = 96;
const HISTORY_SIZE: usize = 1 << 12;

/// A search engine over one variant. Each [`Searcher::search`] starts from an empty table, so a
/// search at a fixed depth gives the same result every time.
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_search::{Limits, Searcher};
/// use spacechess_variant::Variant;
/// let chess = Orthodox::new();
/// // White to move wins the queen left hanging on d5.
/// let pos = chess.from_fen("4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1").unwrap();
/// let result = Searcher::new(&chess).search(&pos, Limits::depth(3));
/// assert_eq!(chess.move_text(&pos, &result.best.unwrap()), "d1d5");
/// ```
pub struct Searcher<'v, V: Variant> {
    v: &'v V,
    tt: Table<V::Move>,
    killers: Vec<[Option<V::Move>; 2]>,
    history: Vec<i32>,
    /// Hash keys of the game's earlier positions (oldest first), then of the current line.
    path: Vec<u64>,
    game_len: usize,
    sides: Sides,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    buffers: Vec<Vec<V::Move>>,
    scores: Vec<i32>,
    /// Extra key mixed into every hash key (the root player, under the paranoid reduction).
    key_salt: u64,
    root_depth: u32,
}

/// Order of a move: larger first.
fn move_hash<M: Hash>(m: &M) -> usize {
    let mut h = DefaultHasher::new();
    m.hash(&mut h);
    h.finish() as usize % HISTORY_SIZE
}

impl<'v, V: Variant> Searcher<'v, V> {
    /// A searcher with a transposition table of 2^18 entries.
    pub fn new(v: &'v V) -> Self {
        Self::with_table_bits(v, 18)
    }

    /// A searcher with a transposition table of `2^bits` entries.
    pub fn with_table_bits(v: &'v V, bits: u32) -> Self {
        Searcher {
            v,
            tt: Table::new(bits.clamp(4, 28)),
            killers: Vec::new(),
            history: vec![0; HISTORY_SIZE],
            path: Vec::new(),
            game_len: 0,
            sides: Sides::new(v.players(), Player(0)),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            stopped: false,
            buffers: Vec::new(),
            scores: Vec::new(),
            key_salt: 0,
            root_depth: 1,
        }
    }

    /// The positions played before the one to search, oldest first (a repetition of one of them
    /// scores as a draw). Give every earlier position of the game, or none.
    pub fn set_game_history<'a>(&mut self, positions: impl IntoIterator<Item = &'a V::Position>)
    where
        V::Position: 'a,
    {
        self.path = positions.into_iter().map(|p| self.v.hash_key(p)).collect();
        self.game_len = self.path.len();
    }

    /// Searches `pos` within `limits`.
    pub fn search(&mut self, pos: &V::Position, limits: Limits) -> SearchResult<V::Move> {
        self.search_with(pos, limits, |_| {})
    }

    /// Searches `pos` within `limits`, calling `info` after every completed iteration.
    pub fn search_with(
        &mut self,
        pos: &V::Position,
        limits: Limits,
        mut info: impl FnMut(&SearchInfo<V::Move>),
    ) -> SearchResult<V::Move> {
        self.start = Instant::now();
        self.deadline = limits.movetime.map(|t| self.start + t);
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stopped = false;
        self.tt.clear();
        self.killers.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.path.truncate(self.game_len);
        let me = self.v.to_move(pos);
        self.sides = Sides::new(self.v.players(), me);
        self.key_salt = if self.sides.paranoid() {
            super::salt(me)
        } else {
            0
        };
        let max_depth = match (limits.depth, limits.movetime, limits.nodes) {
            (Some(d), _, _) => d.clamp(1, MAX_PLY / 2),
            (None, None, None) => 4,
            _ => MAX_PLY / 2,
        };

        let mut root_moves = Vec::new();
        self.v.legal_moves(pos, &mut root_moves);
        let mut result = SearchResult {
            best: root_moves.first().cloned(),
            score: 0,
            pv: root_moves.first().cloned().into_iter().collect(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if root_moves.is_empty() {
            result.score = self
                .sides
                .outcome_score(self.v.outcome(pos).as_ref(), me, 0);
            return result;
        }
        for depth in 1..=max_depth {
            self.root_depth = depth;
            let (score, best) = self.root(pos, depth, &mut root_moves);
            if self.stopped && depth > 1 {
                break;
            }
            result.best = Some(root_moves[best].clone());
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(pos, &root_moves[best], depth);
            result.nodes = self.nodes;
            result.elapsed = self.start.elapsed();
            info(&SearchInfo {
                depth,
                score,
                pv: result.pv.clone(),
                nodes: self.nodes,
                elapsed: result.elapsed,
            });
            if self.stopped {
                break;
            }
            // A forced result within the horizon will not change with depth.
            if score.abs() >= MATE_BOUND && (super::MATE - score.abs()) as u32 <= depth {
                break;
            }
            if let Some(t) = limits.movetime {
                // The next iteration would most likely not finish.
                if self.start.elapsed() * 2 > t {
                    break;
                }
            }
            if root_moves.len() == 1 && limits.depth.is_none() {
                break;
            }
            // Best move first in the next iteration.
            root_moves[..=best].rotate_right(1);
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// One iteration at the root: the score and index of the best move.
    fn root(&mut self, pos: &V::Position, depth: u32, moves: &mut [V::Move]) -> (i32, usize) {
        let me = self.v.to_move(pos);
        let raw = self.v.hash_key(pos);
        let key = raw ^ self.key_salt;
        self.path.push(raw);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = 0;
        for (i, m) in moves.iter().enumerate() {
            let child = self.v.play(pos, m);
            let score = if i == 0 {
                self.child_score(&child, me, depth - 1, 1, alpha, beta)
            } else {
                let s = self.child_score(&child, me, depth - 1, 1, alpha, alpha + 1);
                if s > alpha && !self.stopped {
                    self.child_score(&child, me, depth - 1, 1, alpha, beta)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = i;
            }
        }
        self.path.pop();
        self.tt.store(Entry {
            key,
            depth,
            score: alpha,
            bound: Bound::Exact,
            best: Some(moves[best].clone()),
        });
        (alpha, best)
    }

    /// The score of `child` for `me`'s side, searched in the window (alpha, beta) of that side.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        child: &V::Position,
        me: Player,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let next = self.v.to_move(child);
        if self.sides.same(me, next) {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let spent = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.stopped = late || spent;
        }
        self.stopped
    }

    fn repeated(&self, pos: &V::Position, key: u64) -> bool {
        let n = self.path.len();
        let window = self
            .v
            .halfmove_clock(pos)
            .map_or(n, |c| (c as usize).min(n));
        self.path[n - window..].contains(&key)
    }

    fn take_buffer(&mut self, ply: u32) -> Vec<V::Move> {
        let i = ply as usize;
        if self.buffers.len() <= i {
            self.buffers.resize_with(i + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[i])
    }

    fn negamax(
        &mut self,
        pos: &V::Position,
        mut depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let raw = self.v.hash_key(pos);
        if self.repeated(pos, raw) {
            return 0;
        }
        let key = raw ^ self.key_salt;
        let me = self.v.to_move(pos);
        let in_check = self.v.in_check(pos);
        if in_check && ply < 2 * self.root_depth {
            depth += 1;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, 0, alpha, beta);
        }
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.best.clone();
            if e.depth >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = self.take_buffer(ply);
        self.v.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            self.buffers[ply as usize] = moves;
            return self
                .sides
                .outcome_score(self.v.outcome(pos).as_ref(), me, ply);
        }
        self.order(pos, &mut moves, hash_move.as_ref(), ply);
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        let mut best = 0;
        self.path.push(raw);
        for (i, m) in moves.iter().enumerate() {
            let child = self.v.play(pos, m);
            let score = if i == 0 {
                self.child_score(&child, me, depth - 1, ply + 1, alpha, beta)
            } else {
                let s = self.child_score(&child, me, depth - 1, ply + 1, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped {
                    self.child_score(&child, me, depth - 1, ply + 1, alpha, beta)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best = i;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if self.v.capture_values(pos, m).is_none() {
                            self.remember_quiet(m, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        if !self.stopped {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(Entry {
                key,
                depth,
                score: to_tt(best_score, ply),
                bound,
                best: Some(moves[best].clone()),
            });
        }
        self.buffers[ply as usize] = moves;
        best_score
    }

    fn quiesce(
        &mut self,
        pos: &V::Position,
        ply: u32,
        qply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let me = self.v.to_move(pos);
        let mut moves = self.take_buffer(ply);
        self.v.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            self.buffers[ply as usize] = moves;
            return self
                .sides
                .outcome_score(self.v.outcome(pos).as_ref(), me, ply);
        }
        let in_check = self.v.in_check(pos);
        let mut scores = std::mem::take(&mut self.scores);
        let stand = self.sides.evaluate(self.v, pos, me, &mut scores);
        self.scores = scores;
        let mut best_score = -INFINITY;
        let max_qply = if self.sides.paranoid() {
            PARANOID_MAX_QPLY
        } else {
            MAX_QPLY
        };
        if !in_check || qply >= max_qply || ply >= MAX_PLY {
            best_score = stand;
            if stand >= beta || qply >= max_qply || ply >= MAX_PLY {
                self.buffers[ply as usize] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
        }
        // Captures (every move when in check), best victim and cheapest attacker first.
        // Under the paranoid reduction, out of check, the quiescence search keeps to the captures
        // that change the balance between the root player and the coalition (the coalition's
        // players taking each other's men would multiply the nodes: issue 18 item 4), and drops
        // those that cannot lift the score to alpha even if the man taken were free.
        let prune = self.sides.paranoid() && !in_check;
        let root_men: Vec<_> = if prune && me != self.sides.root() {
            let root = self.sides.root();
            let men = self.v.men(pos).into_iter();
            men.filter(|m| m.player == root).map(|m| m.cell).collect()
        } else {
            Vec::new()
        };
        let mut keyed: Vec<(i32, usize)> = moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match self.v.capture_values(pos, m) {
                Some((victim, _)) if prune && stand + victim + DELTA_MARGIN <= alpha => None,
                Some(_)
                    if prune
                        && me != self.sides.root()
                        && !(self.v.move_info(pos, m).captures)
                            .iter()
                            .any(|c| root_men.contains(c)) =>
                {
                    None
                }
                Some((victim, attacker)) => Some((victim * 16 - attacker / 16, i)),
                None if in_check => Some((-INFINITY, i)),
                None => None,
            })
            .collect();
        keyed.sort_by_key(|&(k, i)| (std::cmp::Reverse(k), i));
        for (_, i) in keyed {
            let child = self.v.play(pos, &moves[i]);
            let next = self.v.to_move(&child);
            let score = if self.sides.same(me, next) {
                self.quiesce(&child, ply + 1, qply + 1, alpha, beta)
            } else {
                -self.quiesce(&child, ply + 1, qply + 1, -beta, -alpha)
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply as usize] = moves;
        best_score
    }

    fn remember_quiet(&mut self, m: &V::Move, ply: u32, depth: u32) {
        let i = ply as usize;
        if self.killers.len() <= i {
            self.killers.resize(i + 1, [None, None]);
        }
        let k = &mut self.killers[i];
        if k[0].as_ref() != Some(m) {
            k[1] = k[0].take();
            k[0] = Some(m.clone());
        }
        let h = &mut self.history[move_hash(m)];
        *h = (*h + (depth * depth) as i32).min(1 << 20);
    }

    /// Hash move, then captures (most valuable victim, least valuable attacker), killers, then
    /// quiet moves by history; ties keep move-generation order.
    fn order(
        &self,
        pos: &V::Position,
        moves: &mut [V::Move],
        hash_move: Option<&V::Move>,
        ply: u32,
    ) {
        let killers = self.killers.get(ply as usize);
        let mut keyed: Vec<(i64, V::Move)> = moves
            .iter()
            .map(|m| {
                let k: i64 = if Some(m) == hash_move {
                    1 << 40
                } else if let Some((victim, attacker)) = self.v.capture_values(pos, m) {
                    (1 << 32) + i64::from(victim) * 64 - i64::from(attacker)
                } else if killers.is_some_and(|k| k[0].as_ref() == Some(m)) {
                    1 << 31
                } else if killers.is_some_and(|k| k[1].as_ref() == Some(m)) {
                    (1 << 31) - 1
                } else {
                    i64::from(self.history[move_hash(m)])
                };
                (k, m.clone())
            })
            .collect();
        keyed.sort_by_key(|(k, _)| std::cmp::Reverse(*k));
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    /// The best line: the best move, then the table's moves while they are legal.
    fn principal_variation(&self, pos: &V::Position, best: &V::Move, depth: u32) -> Vec<V::Move> {
        let mut pv = vec![best.clone()];
        let mut cur = self.v.play(pos, best);
        let mut seen = vec![self.v.hash_key(pos)];
        let mut legal = Vec::new();
        while pv.len() < (depth as usize).max(1) + 4 {
            let key = self.v.hash_key(&cur);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(m) = self
                .tt
                .probe(key ^ self.key_salt)
                .and_then(|e| e.best.clone())
            else {
                break;
            };
            self.v.legal_moves(&cur, &mut legal);
            if !legal.contains(&m) {
                break;
            }
            cur = self.v.play(&cur, &m);
            pv.push(m);
        }
        pv
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
