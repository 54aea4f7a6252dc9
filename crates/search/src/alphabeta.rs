//! Iterative deepening negamax alpha-beta (principal variation search) with a shared
//! transposition table, aspiration windows, null-move pruning, late-move reductions, check
//! extensions and quiescence search; several threads share the table (lazy SMP).

use super::tt::{Bound, Entry, Table, SLOT_BYTES};
use super::{Sides, INFINITY, MATE_BOUND};
use spacechess_variant::Player;
use spacechess_variant::Variant;
use std::cell::OnceCell;
use std::cmp::Reverse;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long to search: any combination of a depth, a time and a node budget (the search stops
/// at the first reached; with none, depth 4, unless `infinite`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations up to this depth in plies.
    pub depth: Option<u32>,
    /// Stop after this much time: the last complete iteration's move is played, or a move the
    /// unfinished iteration proved better.
    pub movetime: Option<Duration>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Start no new iteration after this much time (time management: `movetime` is then the
    /// hard limit).
    pub soft_time: Option<Duration>,
    /// Search until stopped from outside ([`Searcher::search_until`]), whatever the depth.
    pub infinite: bool,
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

    /// A fixed number of nodes per move.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Time for one move from a clock: `remaining` on the mover's clock, `increment` per move,
    /// `moves_to_go` until the next time control (if any). Aims at a share of the remaining time
    /// plus most of the increment ([`Limits::soft_time`]), and never spends more than a third of
    /// what is left ([`Limits::movetime`]).
    pub fn clock(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Limits {
        let overhead = Duration::from_millis(10);
        let usable = remaining.saturating_sub(overhead);
        let share = usable / moves_to_go.unwrap_or(30).clamp(1, 60) + increment * 3 / 4;
        let hard = (usable / 3).max(Duration::from_millis(1));
        let soft = share.min(hard);
        Limits {
            movetime: Some(hard.min(soft * 4)),
            soft_time: Some(soft),
            ..Limits::default()
        }
    }
}

/// Which of the search's techniques are on. Each can be turned off, so that a match can tell
/// what it gains; [`SearchOptions::baseline`] turns every one off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Null-move pruning (only in two-player games whose variant can pass a turn,
    /// [`Variant::pass`]). Off where zugzwang is common.
    pub null_move: bool,
    /// Late-move reductions: quiet moves late in the order are searched shallower first.
    pub late_move_reductions: bool,
    /// The divisor of the late-move reduction `1 + ln(depth) ln(rank) / divisor`, in place of
    /// the variant's own ([`Variant::search_hints`]): for matches that compare values. `None`
    /// (the default): the variant's.
    pub reduction_divisor: Option<f64>,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Futility pruning near the horizon: a node whose static score is far above beta at depth
    /// 1 to 3 returns it (reverse futility), quiet moves that cannot lift a score far below alpha
    /// at depth 1 and 2 are skipped, and so are captures in the quiescence search that could not
    /// reach alpha even if the man taken were free (delta pruning).
    pub futility: bool,
    /// A static exchange test in the quiescence search: a capture by a man worth more than the
    /// man taken is skipped when the taker can be taken back at once
    /// ([`Variant::moved_man_attacked`]). Off by default: it lost its match.
    pub exchange_pruning: bool,
    /// Under the paranoid reduction (more than two sides), the quiet moves a coalition player
    /// may answer with, out of check: the first this many in move order (hash move, killers,
    /// history); its captures are all searched. 0: every move (the branching of three
    /// opponents otherwise makes a round of four plies cost the cube of the root player's).
    pub coalition_moves: usize,
    /// Threads searching the same position, sharing the transposition table (lazy SMP).
    pub threads: usize,
    /// Best lines to find (UCI's `MultiPV`): each iteration searches the root moves for the
    /// best, then the rest for the second best, and so on; [`SearchResult::lines`] holds them.
    /// 1 (the default): the best line only, the fastest search.
    pub multi_pv: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            null_move: true,
            late_move_reductions: true,
            reduction_divisor: None,
            aspiration: true,
            futility: true,
            // Off: a match against it on lost (docs/search.md, "Matches").
            exchange_pruning: false,
            coalition_moves: COALITION_MOVES,
            threads: 1,
            multi_pv: 1,
        }
    }
}

impl SearchOptions {
    /// Every technique off, one thread: the search as it was before issue 14 (alpha-beta with
    /// principal variation search, table, quiescence, killers, history, check extensions).
    pub fn baseline() -> Self {
        SearchOptions {
            null_move: false,
            late_move_reductions: false,
            reduction_divisor: None,
            aspiration: false,
            futility: false,
            exchange_pruning: false,
            coalition_moves: 0,
            threads: 1,
            multi_pv: 1,
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
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Nodes visited (main and quiescence search, every thread).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The best lines, best first ([`SearchOptions::multi_pv`] of them, fewer where the
    /// position has fewer moves): the first is `score` and `pv`. A search stopped inside an
    /// iteration keeps the earlier iteration's lines below those it finished.
    pub lines: Vec<PvLine<M>>,
}

/// One of the best lines of a search ([`SearchResult::lines`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PvLine<M> {
    /// Its score for the side to move.
    pub score: i32,
    /// Its moves, the root move first.
    pub pv: Vec<M>,
    /// The depth it was searched to.
    pub depth: u32,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The depth just completed, or, when `partial`, the depth the search stopped inside.
    pub depth: u32,
    /// The deepest ply reached so far.
    pub seldepth: u32,
    /// Its score for the side to move.
    pub score: i32,
    /// Its principal variation.
    pub pv: Vec<M>,
    /// Nodes so far (every thread).
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// True for the last report of a search stopped inside a depth, when that depth had already
    /// proved its first move better than the previous depth's best: that move is played, and
    /// the score is a lower bound.
    pub partial: bool,
    /// Which of the best lines this is, from 1 (the best; see [`SearchOptions::multi_pv`]).
    pub multipv: usize,
}

/// Plies of quiescence search at most (captures only, or evasions when in check).
const MAX_QPLY: u32 = 8;
/// The transposition table's largest size, as a power of two of its 16-byte slots (16 GiB).
const MAX_TABLE_BITS: u32 = 30;

/// The largest table [`Searcher::with_hash_mib`] makes, in mebibytes (2^30 slots of 16 bytes).
pub const MAX_HASH_MIB: usize = (SLOT_BYTES << MAX_TABLE_BITS) >> 20;

/// Plies of quiescence search at most under the paranoid reduction: a capture for each player.
const PARANOID_MAX_QPLY: u32 = 4;
/// A capture whose victim's value and this margin cannot lift the static score to alpha is not
/// searched in the quiescence search of the paranoid reduction (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// Plies from the root at most (check extensions included).
const MAX_PLY: u32 = 96;
/// Default of [`SearchOptions::coalition_moves`].
const COALITION_MOVES: usize = 6;
/// Slots of the history and counter-move tables (per player for the history).
const HISTORY_SIZE: usize = 1 << 14;
/// The most a history score may reach (either sign): updates shrink toward it ("gravity").
const HISTORY_MAX: i32 = 16_384;
/// Reverse futility margin per ply of depth, in centipawns.
const RFP_MARGIN: i32 = 110;
/// Futility margins for quiet moves at depth 1 and 2, in centipawns.
const FUTILITY_MARGIN: [i32; 3] = [0, 150, 320];
/// Deepest node whose late moves may be skipped for losing material by the exchange.
const SEE_PRUNE_DEPTH: u32 = 5;
/// Loss (centipawns a ply) beyond which a late capture is skipped near the horizon.
const SEE_CAPTURE_MARGIN: i32 = 100;
/// Loss (centipawns a ply squared) beyond which a quiet move is skipped near the horizon.
const SEE_QUIET_MARGIN: i32 = 30;
/// Centipawns the side to move gains in the static score: having the move is worth something.
const TEMPO: i32 = 10;
/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION: i32 = 35;
/// Nodes between two looks at the clock and the shared counters, at most (fewer where nodes are
/// slow: `Worker::count_node`).
const CHECK_EVERY: u64 = 1024;

/// Move-ordering keys: the hash move, then captures, then killers, then quiet moves by history.
const KEY_HASH: i64 = 1 << 40;
const KEY_CAPTURE: i64 = 1 << 32;
const KEY_KILLER: i64 = 1 << 31;
/// Captures that lose material by static exchange ([`Variant::see`]) come after the quiet
/// moves (their keys lie between this and [`KEY_QUIET_MIN`]).
const KEY_BAD_CAPTURE: i64 = -(1 << 40);
/// Keys of quiet moves are above this (history scores, at least -[`HISTORY_MAX`]).
const KEY_QUIET_MIN: i64 = -(1 << 32);
/// The counter move: the quiet move that last refuted the opponent's previous move.
const KEY_COUNTER: i64 = KEY_KILLER - 2;

/// A search engine over one variant.
///
/// By default each [`Searcher::search`] starts from an empty table, so that a search at a fixed
/// depth on one thread gives the same result every time; [`Searcher::set_keep_table`] keeps what
/// was learnt from one search to the next (as a game-playing engine does).
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
    tt: Table,
    options: SearchOptions,
    /// Hash keys of the game's earlier positions (oldest first).
    game: Vec<u64>,
    keep_table: bool,
    generation: u8,
    /// The main thread's move-ordering scores at the end of the last search, kept with the
    /// table for the next one.
    learnt: Option<Learnt>,
    /// Late-move reductions for the divisor in use.
    reductions: Reductions,
    /// The root moves to consider (UCI's `go searchmoves`); `None`: all.
    search_moves: Option<Vec<V::Move>>,
}

/// What a search learns beyond the table: the history and counter moves, and the static scores
/// it computed.
struct Learnt {
    history: Vec<i32>,
    counters: Vec<u32>,
    eval_cache: EvalCache,
}

impl<'v, V: Variant> Searcher<'v, V> {
    /// A searcher with a transposition table of 2^18 entries (4 MiB).
    pub fn new(v: &'v V) -> Self {
        Self::with_table_bits(v, 18)
    }

    /// A searcher with a transposition table of `2^bits` entries of 16 bytes (`bits` is clamped
    /// to 4..=30).
    pub fn with_table_bits(v: &'v V, bits: u32) -> Self {
        Self::try_with_table_bits(v, bits).expect("memory for the transposition table")
    }

    /// As [`Searcher::with_table_bits`], or `None` when the table's memory cannot be had.
    pub fn try_with_table_bits(v: &'v V, bits: u32) -> Option<Self> {
        Some(Searcher {
            v,
            tt: Table::try_new(bits.clamp(4, MAX_TABLE_BITS))?,
            options: SearchOptions::default(),
            game: Vec::new(),
            keep_table: false,
            generation: 0,
            learnt: None,
            reductions: Reductions::new(v.search_hints().reduction_divisor),
            search_moves: None,
        })
    }

    /// A searcher whose table takes at most `mib` mebibytes (at least 1, at most
    /// [`MAX_HASH_MIB`]).
    pub fn with_hash_mib(v: &'v V, mib: usize) -> Self {
        Self::try_with_hash_mib(v, mib).expect("memory for the transposition table")
    }

    /// As [`Searcher::with_hash_mib`], or `None` when the table's memory cannot be had.
    pub fn try_with_hash_mib(v: &'v V, mib: usize) -> Option<Self> {
        let slots = (mib.clamp(1, MAX_HASH_MIB) << 20) / SLOT_BYTES;
        Self::try_with_table_bits(v, usize::BITS - 1 - slots.leading_zeros())
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.len() * SLOT_BYTES
    }

    /// Chooses the techniques and the number of threads.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
        let divisor = options
            .reduction_divisor
            .unwrap_or(self.v.search_hints().reduction_divisor);
        if divisor.clamp(0.5, 8.0) != self.reductions.divisor {
            self.reductions = Reductions::new(divisor);
        }
    }

    /// The techniques in use.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// Keeps the table from one search to the next (`true`), with the main thread's history
    /// (halved) and counter moves, or starts each search from an empty one (`false`, the default:
    /// deterministic results).
    pub fn set_keep_table(&mut self, keep: bool) {
        self.keep_table = keep;
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.learnt = None;
    }

    /// The positions played before the one to search, oldest first (a repetition of one of them
    /// scores as a draw). Give every earlier position of the game, or none.
    pub fn set_game_history<'a>(&mut self, positions: impl IntoIterator<Item = &'a V::Position>)
    where
        V::Position: 'a,
    {
        self.game = positions.into_iter().map(|p| self.v.hash_key(p)).collect();
    }

    /// Searches `pos` within `limits`.
    pub fn search(&mut self, pos: &V::Position, limits: Limits) -> SearchResult<V::Move> {
        self.search_with(pos, limits, |_| {})
    }

    /// Restricts the root of the following searches to `moves` (UCI's `go searchmoves`), until
    /// changed; `None` lifts the restriction. A move that is not legal in the searched position
    /// is left out; when none of them is legal, every move is searched. A restricted search's
    /// score is that of its best allowed move, so it is not kept as the position's in the table.
    pub fn set_search_moves(&mut self, moves: Option<Vec<V::Move>>) {
        self.search_moves = moves;
    }

    /// Searches `pos` within `limits`, calling `info` after every completed iteration.
    pub fn search_with(
        &mut self,
        pos: &V::Position,
        limits: Limits,
        info: impl FnMut(&SearchInfo<V::Move>),
    ) -> SearchResult<V::Move> {
        let never = AtomicBool::new(false);
        self.search_until(pos, limits, &never, info)
    }

    /// Searches `pos` within `limits` or until `stop` becomes true (from another thread: UCI's
    /// `stop`), calling `info` after every completed iteration.
    pub fn search_until(
        &mut self,
        pos: &V::Position,
        limits: Limits,
        stop: &AtomicBool,
        info: impl FnMut(&SearchInfo<V::Move>),
    ) -> SearchResult<V::Move> {
        if self.keep_table {
            self.generation = self.generation.wrapping_add(1);
        } else {
            self.tt.clear();
        }
        let shared = Shared {
            tt: &self.tt,
            stop,
            halt: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            generation: self.generation,
            reductions: &self.reductions,
        };
        let max_depth = match (limits.depth, limits.movetime, limits.nodes) {
            (Some(d), _, _) => d.clamp(1, MAX_PLY / 2),
            (None, None, None) if !limits.infinite => 4,
            _ => MAX_PLY / 2,
        };
        let threads = self.options.threads.clamp(1, 256);
        let (v, options, game) = (self.v, self.options, &self.game);
        let only = self.search_moves.as_deref();
        std::thread::scope(|scope| {
            for id in 1..threads {
                let shared = &shared;
                scope.spawn(move || {
                    let mut helper = Worker::new(v, shared, options, game, limits, id);
                    helper.iterate(pos, max_depth, only, &mut |_| {});
                });
            }
            let mut main = Worker::new(v, &shared, options, game, limits, 0);
            if let Some(learnt) = self.learnt.take().filter(|_| self.keep_table) {
                main.resume(learnt);
            }
            let mut info = info;
            let result = main.iterate(pos, max_depth, only, &mut info);
            shared.halt.store(true, Ordering::Relaxed);
            if self.keep_table {
                self.learnt = Some(main.learnt());
            }
            result
        })
    }
}

/// What the threads of one search share.
struct Shared<'a> {
    tt: &'a Table,
    /// Set from outside the search.
    stop: &'a AtomicBool,
    /// Set when the main thread has finished: the helpers stop.
    halt: AtomicBool,
    /// Nodes of every thread, added every [`CHECK_EVERY`] nodes.
    nodes: AtomicU64,
    start: Instant,
    generation: u8,
    reductions: &'a Reductions,
}

/// A move at the root, its index in the move list (the table's move index), and its line as
/// last searched (its score: the next iteration's aspiration window).
struct RootMove<M> {
    m: M,
    index: u16,
    line: Option<PvLine<M>>,
}

/// A killer move and its history slot.
type Killer<M> = Option<(usize, M)>;

/// One thread's search: its own killers, history and move buffers over the shared table.
struct Worker<'a, V: Variant> {
    v: &'a V,
    shared: &'a Shared<'a>,
    options: SearchOptions,
    id: usize,
    /// Two killer moves a ply, each with its history slot (compared first: a cheap test that
    /// most quiet moves fail).
    killers: Vec<[Killer<V::Move>; 2]>,
    /// Quiet-move scores per (player, move slot): raised for a move that cuts, lowered for the
    /// quiet moves searched before it.
    history: Vec<i32>,
    /// Per slot of a move, the slot (+ 1) of the quiet move that last refuted it (0: none).
    counters: Vec<u32>,
    /// Per ply, the slot (+ 1) of the move that led there (0: the root or a pass).
    line: Vec<u32>,
    /// Per ply, the static score of the side to move (`None` in check or unknown).
    evals: Vec<Option<i32>>,
    /// Per ply, the slots of the quiet moves searched at that node (for the history's malus).
    tried: Vec<Vec<usize>>,
    /// Hash keys of the game's earlier positions (oldest first), then of the current line.
    path: Vec<u64>,
    sides: Sides,
    /// Nodes not yet added to the shared count.
    pending: u64,
    /// Nodes between two looks at the clock: [`CHECK_EVERY`], fewer where nodes are slow.
    check_every: u64,
    /// Whether `check_every` follows the time between looks: unless a node budget alone
    /// limits the search (whose stopping point must not depend on the machine's speed).
    adaptive_checks: bool,
    /// The most `check_every` may grow to: [`CHECK_EVERY`], less for a small node budget or
    /// once nodes were slow.
    check_cap: u64,
    /// When the clock was last looked at.
    last_check: Instant,
    /// Nodes of this thread.
    nodes: u64,
    deadline: Option<Instant>,
    soft_deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    buffers: Vec<Vec<V::Move>>,
    orders: Vec<Vec<Ranked>>,
    scores: Vec<i32>,
    /// Static scores already computed in this search, by key (see [`EvalCache`]).
    eval_cache: EvalCache,
    /// Extra key mixed into every hash key (the root player, under the paranoid reduction).
    key_salt: u64,
    root_depth: u32,
    seldepth: u32,
    /// True when null-move pruning may be tried (two players, option on).
    can_pass: bool,
    /// Two players: the node two plies up is the same player's (for "improving").
    two_sided: bool,
    /// [`SearchHints::table_score_in_pruning`](spacechess_variant::SearchHints::table_score_in_pruning), the variant's.
    table_score_in_pruning: bool,
}

/// A position of the line being searched, with its evaluation's state
/// ([`Variant::EvalState`]), worked out from its parent's the first time the evaluation asks:
/// a node cut before its static score is asked (by the table, the evaluation cache, a check)
/// costs the state nothing.
struct Node<'a, V: Variant> {
    pos: &'a V::Position,
    parent: Option<&'a Node<'a, V>>,
    state: OnceCell<V::EvalState>,
}

impl<'a, V: Variant> Node<'a, V> {
    /// The root of a line: its state from scratch when asked.
    fn root(pos: &'a V::Position) -> Self {
        Node {
            pos,
            parent: None,
            state: OnceCell::new(),
        }
    }

    /// The node of `pos`, which follows this one by a move or a pass.
    fn child(&'a self, pos: &'a V::Position) -> Self {
        Node {
            pos,
            parent: Some(self),
            state: OnceCell::new(),
        }
    }

    /// The evaluation's state of the position: from the parent's (itself worked out if need
    /// be), or from scratch at the root.
    fn state(&self, v: &V) -> &V::EvalState {
        self.state.get_or_init(|| match self.parent {
            Some(up) => v.next_eval_state(up.state(v), up.pos, self.pos),
            None => v.eval_state(self.pos),
        })
    }
}

/// Slots of a thread's evaluation cache (16 bytes each: 1 MiB).
const EVAL_CACHE_SLOTS: usize = 1 << 16;

/// Static scores by position key, one thread's, replaced on collision. The evaluation is a
/// function of the position (and, under the paranoid reduction, of the root player, which the
/// salted key includes), so a hit returns what evaluating again would: the cache changes the
/// speed of a search, never its tree. Quiescence reaches the same position by captures in
/// different orders, and a node's static score is asked again at each iteration.
struct EvalCache {
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    fn new() -> Self {
        EvalCache {
            slots: vec![(0, 0); EVAL_CACHE_SLOTS],
        }
    }

    /// The cached score of the position with `key`, if any (key 0 is never cached: it marks an
    /// empty slot).
    #[inline]
    fn get(&self, key: u64) -> Option<i32> {
        let (k, s) = self.slots[key as usize & (EVAL_CACHE_SLOTS - 1)];
        (k == key && key != 0).then_some(s)
    }

    #[inline]
    fn put(&mut self, key: u64, score: i32) {
        self.slots[key as usize & (EVAL_CACHE_SLOTS - 1)] = (key, score);
    }
}

/// A move of a node in search order: its ordering key, its index in the node's move list, and
/// whether it is a capture of a man worth less than its taker whose exchange has not been
/// evaluated yet (it may still prove a losing capture: see `Worker::check_exchange`).
type Ranked = (i64, u16, bool);

/// Moves of a node picked one at a time by [`pick_next`] before the rest are sorted.
const PICKED_MOVES: usize = 3;

/// Moves the move to search next, the one of highest key in `order[rank..]` (the lowest index
/// among equal keys), to `order[rank]`: picked one at a time, the moves come in the order a
/// stable sort by key would give, without sorting the moves a cut-off leaves unsearched.
#[inline]
fn pick_next(order: &mut [Ranked], rank: usize) {
    // Keys are distinct with the index in them.
    // Key and index in one number (the key is below 2^47 in size): one comparison a move.
    let best = (rank..order.len())
        .max_by_key(|&j| (order[j].0 << 16) | i64::from(!order[j].1))
        .unwrap_or(rank);
    order.swap(rank, best);
}

/// Moves `sorted[0]`, whose key has fallen, down to its place in `sorted[1..]` (sorted by key,
/// largest first, then by index).
fn resettle_first(sorted: &mut [Ranked]) {
    let (k, i, _) = sorted[0];
    let to = sorted[1..].partition_point(|&(k2, i2, _)| (Reverse(k2), i2) < (Reverse(k), i));
    sorted[..=to].rotate_left(1);
}

/// Where a move goes in the history table.
fn move_hash<M: Hash>(m: &M) -> usize {
    let mut h = rustc_hash::FxHasher::default();
    m.hash(&mut h);
    (h.finish() >> 20) as usize % HISTORY_SIZE
}

/// Plies by which a late quiet move is reduced, `1 + ln(depth) ln(rank) / divisor`: grows with
/// the depth and the move's rank (issue 14's eleventh stop: divisor 1.9, against
/// `0.75 + ... / 2.25`; a variant may choose its own divisor, [`Variant::search_hints`]). Built
/// once per divisor for depths 1 to 63 and ranks below 256 (rank 0 as 1); computed beyond.
struct Reductions {
    divisor: f64,
    table: Vec<[u8; 256]>,
}

impl Reductions {
    /// The table for `divisor` (clamped to 0.5..=8: a reduction stays below 50 plies).
    fn new(divisor: f64) -> Self {
        let divisor = divisor.clamp(0.5, 8.0);
        let ln_rank: [f64; 256] = std::array::from_fn(|r| (r.max(1) as f64).ln());
        let table = (1..64u32)
            .map(|d| {
                let ln_depth = f64::from(d).ln();
                std::array::from_fn(|r| (1.0 + ln_depth * ln_rank[r] / divisor) as u8)
            })
            .collect();
        Reductions { divisor, table }
    }

    /// The reduction at `depth` of the move ranked `rank` (0: first).
    fn get(&self, depth: u32, rank: usize) -> i32 {
        let row = (depth as usize).wrapping_sub(1);
        match self.table.get(row).and_then(|row| row.get(rank)) {
            Some(&r) => i32::from(r),
            None => Self::compute(self.divisor, depth, rank),
        }
    }

    /// The reduction computed (two logarithms), for `depth` and `rank` at least 1.
    fn compute(divisor: f64, depth: u32, rank: usize) -> i32 {
        let r = 1.0 + f64::from(depth).ln() * (rank as f64).ln() / divisor;
        r.max(0.0) as i32
    }
}

/// Quiet moves searched at most at a node of `depth` (1 to 5) that is not on the principal
/// variation nor in check; later ones are skipped (late-move pruning).
fn late_move_limit(depth: u32, improving: bool) -> usize {
    let n = 3 + (depth * depth) as usize;
    if improving {
        n
    } else {
        n / 2 + 1
    }
}

/// The static score `s` of a node refined by the table's score and bound for it (`hint`, mate
/// scores left out), where the bound says the searched score lies beyond the static one: an
/// exact score replaces it, a lower bound above it or an upper bound below it too. The pruning
/// rules then judge by a searched score where the node has one
/// ([`SearchHints::table_score_in_pruning`](spacechess_variant::SearchHints::table_score_in_pruning)).
fn refined_static(s: i32, hint: Option<(i32, Bound)>) -> i32 {
    match hint {
        Some((t, Bound::Exact)) => t,
        Some((t, Bound::Lower)) if t > s => t,
        Some((t, Bound::Upper)) if t < s => t,
        _ => s,
    }
}

/// The move a node stores in the table (an index into its `moves` legal moves): the best
/// found, except where no move reached alpha (`failed_low`): the bounds of such a node's moves
/// say little of which is best, so the table's move, if it had one, stays (issue 14's
/// twenty-seventh stop: +51 [+19, +83] in 400 orthodox games).
fn move_to_store(hash_move: Option<u16>, best: u16, failed_low: bool, moves: usize) -> u16 {
    match hash_move {
        Some(h) if failed_low && usize::from(h) < moves => h,
        _ => best,
    }
}

/// Whether a move ranked with `order_key` counts as quiet for the killers, the counter move and
/// the history (`takes_nothing`: whether it neither captures nor promotes, asked only of the
/// table's move, whose key does not say). The table's move counts when it takes nothing, as
/// in Stockfish, though it is never late (neither pruned nor reduced): a quiet table move that
/// cuts becomes a killer and gains history, and one that does not loses history when a later
/// quiet move cuts (issue 14's twenty-eighth stop: +19 [−2, +39] in 800 orthodox games).
fn feeds_history(order_key: i64, takes_nothing: impl FnOnce() -> bool) -> bool {
    if order_key == KEY_HASH {
        takes_nothing()
    } else {
        order_key < KEY_CAPTURE && order_key > KEY_QUIET_MIN
    }
}

/// A history update toward `bonus` (either sign), kept within [`HISTORY_MAX`].
fn nudge(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl<'a, V: Variant> Worker<'a, V> {
    fn new(
        v: &'a V,
        shared: &'a Shared<'a>,
        options: SearchOptions,
        game: &[u64],
        limits: Limits,
        id: usize,
    ) -> Self {
        let start = shared.start;
        let adaptive_checks = limits.movetime.is_some() || limits.nodes.is_none();
        // A node budget is looked at every 64th of it at most, so that a small one is kept
        // (`go nodes 100` searched 1 024 nodes).
        let check_cap = limits
            .nodes
            .map_or(CHECK_EVERY, |n| (n / 64).clamp(1, CHECK_EVERY));
        Worker {
            v,
            shared,
            options,
            id,
            killers: Vec::new(),
            history: vec![0; HISTORY_SIZE * v.players().count().max(1)],
            counters: vec![0; HISTORY_SIZE],
            line: vec![0; MAX_PLY as usize + 2],
            evals: vec![None; MAX_PLY as usize + 2],
            tried: Vec::new(),
            path: game.to_vec(),
            sides: Sides::new(v.players(), Player(0)),
            pending: 0,
            // An adaptive interval starts at one node and doubles while nodes are fast, so that
            // the first look comes in time however slow the nodes are (a Goff quantum ensemble's
            // node can take milliseconds; 1 024 of them overran every clock).
            check_every: if adaptive_checks { 1 } else { check_cap },
            adaptive_checks,
            check_cap,
            last_check: Instant::now(),
            nodes: 0,
            deadline: limits.movetime.map(|t| start + t),
            soft_deadline: limits.soft_time.map(|t| start + t),
            node_limit: limits.nodes,
            stopped: false,
            buffers: Vec::new(),
            orders: Vec::new(),
            scores: Vec::new(),
            eval_cache: EvalCache::new(),
            key_salt: 0,
            root_depth: 1,
            seldepth: 0,
            can_pass: options.null_move && v.players().count() == 2,
            two_sided: v.players().count() == 2,
            table_score_in_pruning: v.search_hints().table_score_in_pruning,
        }
    }

    /// Starts from what an earlier search of the game learnt: its counter moves, and its history
    /// halved (the position has moved on; fresh cut-offs soon outweigh the old ones).
    fn resume(&mut self, learnt: Learnt) {
        if learnt.history.len() == self.history.len()
            && learnt.counters.len() == self.counters.len()
        {
            self.history = learnt.history;
            self.history.iter_mut().for_each(|h| *h /= 2);
            self.counters = learnt.counters;
        }
        self.eval_cache = learnt.eval_cache;
    }

    /// The history and counter moves this thread has learnt, to start the next search with.
    fn learnt(&mut self) -> Learnt {
        Learnt {
            history: std::mem::take(&mut self.history),
            counters: std::mem::take(&mut self.counters),
            eval_cache: std::mem::replace(&mut self.eval_cache, EvalCache { slots: Vec::new() }),
        }
    }

    /// Iterative deepening from `pos`; the main thread (id 0) reports each iteration to `info`.
    fn iterate(
        &mut self,
        pos: &V::Position,
        max_depth: u32,
        only: Option<&[V::Move]>,
        info: &mut dyn FnMut(&SearchInfo<V::Move>),
    ) -> SearchResult<V::Move> {
        let me = self.v.to_move(pos);
        self.sides = Sides::new(self.v.players(), me);
        self.key_salt = if self.sides.paranoid() {
            super::salt(me)
        } else {
            0
        };
        let mut generated = Vec::new();
        self.v.legal_moves(pos, &mut generated);
        // Root moves with their index in generation order (the table's move index), those of
        // `go searchmoves` only where any of them is legal.
        let mut root_moves: Vec<RootMove<V::Move>> = generated
            .into_iter()
            .enumerate()
            .map(|(i, m)| RootMove {
                m,
                index: i as u16,
                line: None,
            })
            .collect();
        let restricted = only.is_some_and(|only| {
            let allowed = |r: &RootMove<V::Move>| only.contains(&r.m);
            root_moves.iter().any(allowed) && {
                root_moves.retain(allowed);
                true
            }
        });
        // Helpers start in another order, so that the threads do not all search the same tree.
        if self.id > 0 && root_moves.len() > 1 {
            let k = self.id % root_moves.len();
            root_moves.rotate_left(k);
        }
        // The best lines to find (helpers help with the first only).
        let lines = if self.id == 0 {
            self.options.multi_pv.clamp(1, root_moves.len().max(1))
        } else {
            1
        };
        let mut result = SearchResult {
            best: root_moves.first().map(|r| r.m.clone()),
            score: 0,
            pv: root_moves
                .first()
                .map(|r| r.m.clone())
                .into_iter()
                .collect(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            lines: Vec::new(),
        };
        if root_moves.is_empty() {
            result.score = self
                .sides
                .outcome_score(self.v.outcome(pos).as_ref(), me, 0);
            return result;
        }
        for iteration in 1..=max_depth {
            // Half the helpers search one ply deeper than the iteration.
            let depth = (iteration + (self.id as u32 & 1)).min(MAX_PLY / 2);
            self.root_depth = depth;
            // The lines of this depth found so far.
            let mut done = 0;
            for k in 0..lines {
                // Line k: the best of the moves not in the lines before it, in a window around
                // its own score at the previous depth. Only the first line, of every move,
                // is the position's score for the table.
                let previous = root_moves[k].line.as_ref().map_or(0, |l| l.score);
                let store = k == 0 && !restricted;
                let (score, best) =
                    self.aspirated_root(pos, depth, &mut root_moves[k..], previous, store);
                if self.stopped && (iteration > 1 || k > 0) {
                    // An unfinished iteration still counts where it proved another move better
                    // than the previous best (searched first): `root` reports a move other than
                    // the first only when its search finished above the first's score and the
                    // window. (Past the first line, the lines found stand.)
                    if self.id == 0 && k == 0 && best != 0 {
                        let best_move = root_moves[best].m.clone();
                        result.best = Some(best_move.clone());
                        result.score = score;
                        result.pv = self.principal_variation(pos, &best_move, depth);
                        self.flush_nodes();
                        info(&SearchInfo {
                            depth,
                            seldepth: self.seldepth,
                            score,
                            pv: result.pv.clone(),
                            nodes: self.total_nodes(),
                            elapsed: self.shared.start.elapsed(),
                            hashfull: self.shared.tt.hashfull(self.shared.generation),
                            partial: true,
                            multipv: 1,
                        });
                        root_moves[..=best].rotate_right(1);
                        root_moves[0].line = Some(PvLine {
                            score,
                            pv: result.pv.clone(),
                            depth,
                        });
                    }
                    break;
                }
                let best = k + best;
                root_moves[k..=best].rotate_right(1);
                let pv = if self.id == 0 {
                    self.principal_variation(pos, &root_moves[k].m, depth)
                } else {
                    Vec::new()
                };
                root_moves[k].line = Some(PvLine { score, pv, depth });
                done = k + 1;
                if self.stopped {
                    break;
                }
            }
            if done > 0 && self.id == 0 {
                // The lines best first, as Stockfish orders them: each line is searched in its
                // own window, with its own pruning, so a later one may score above an earlier
                // one. The first is played.
                let score_of =
                    |r: &RootMove<V::Move>| r.line.as_ref().map_or(-INFINITY, |l| l.score);
                root_moves[..done].sort_by_key(|r| Reverse(score_of(r)));
                if let Some(first) = &root_moves[0].line {
                    result.best = Some(root_moves[0].m.clone());
                    result.score = first.score;
                    result.depth = depth;
                    result.seldepth = self.seldepth;
                    result.pv = first.pv.clone();
                }
                self.flush_nodes();
                result.nodes = self.total_nodes();
                result.elapsed = self.shared.start.elapsed();
                let hashfull = self.shared.tt.hashfull(self.shared.generation);
                for (k, r) in root_moves[..done].iter().enumerate() {
                    if let Some(line) = &r.line {
                        info(&SearchInfo {
                            depth,
                            seldepth: self.seldepth,
                            score: line.score,
                            pv: line.pv.clone(),
                            nodes: result.nodes,
                            elapsed: result.elapsed,
                            hashfull,
                            partial: false,
                            multipv: k + 1,
                        });
                    }
                }
            }
            if self.stopped {
                break;
            }
            // A forced result within the horizon will not change with depth (with one line;
            // the others may still).
            let score = result.score;
            if lines == 1
                && score.abs() >= MATE_BOUND
                && (super::MATE - score.abs()) as u32 <= depth
            {
                break;
            }
            let now = Instant::now();
            if self.soft_deadline.is_some_and(|s| now >= s) {
                break;
            }
            if let (Some(deadline), Some(_)) = (self.deadline, self.soft_deadline) {
                // Under a clock, no iteration that would most likely not finish. A fixed time
                // a move is spent whole: an unfinished iteration still gives its proven moves.
                let spent = now - self.shared.start;
                if now + spent >= deadline {
                    break;
                }
            }
            if root_moves.len() == 1 && self.deadline.is_some() {
                break;
            }
        }
        self.flush_nodes();
        result.nodes = self.total_nodes();
        result.elapsed = self.shared.start.elapsed();
        result.lines = root_moves
            .iter_mut()
            .take(lines)
            .map_while(|r| r.line.take())
            .collect();
        result
    }

    /// One iteration at the root within aspiration windows around `previous`, widened until
    /// the score falls inside: the score and index of the best move. `store`: whether the
    /// result is the position's, for the table (not for a later line or a restricted root).
    fn aspirated_root(
        &mut self,
        pos: &V::Position,
        depth: u32,
        moves: &mut [RootMove<V::Move>],
        previous: i32,
        store: bool,
    ) -> (i32, usize) {
        let mut delta = ASPIRATION;
        let aspire = self.options.aspiration && depth >= 4 && previous.abs() < MATE_BOUND / 2;
        let (mut alpha, mut beta) = if aspire {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let (score, best) = self.root(pos, depth, moves, alpha, beta, store);
            if self.stopped {
                return (score, best);
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return (score, best);
            }
            delta *= 3;
            if delta > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// One search of the root moves in the window (alpha, beta); `store`: see
    /// [`Worker::aspirated_root`].
    fn root(
        &mut self,
        pos: &V::Position,
        depth: u32,
        moves: &[RootMove<V::Move>],
        alpha0: i32,
        beta: i32,
        store: bool,
    ) -> (i32, usize) {
        let me = self.v.to_move(pos);
        let raw = self.v.hash_key(pos);
        let key = raw ^ self.key_salt;
        self.path.push(raw);
        let node = Node::root(pos);
        let mut alpha = alpha0;
        let mut best_score = -INFINITY;
        let mut best = 0;
        self.line[0] = 0;
        self.evals[0] = None;
        for (i, RootMove { m, .. }) in moves.iter().enumerate() {
            let child = self.v.play(pos, m);
            let child = node.child(&child);
            self.line[1] = move_hash(m) as u32 + 1;
            let score = if i == 0 {
                self.child_score(&child, me, depth - 1, 1, alpha, beta, None)
            } else {
                let s = self.child_score(&child, me, depth - 1, 1, alpha, alpha + 1, None);
                if s > alpha && s < beta && !self.stopped {
                    self.child_score(&child, me, depth - 1, 1, alpha, beta, None)
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
                        break;
                    }
                }
            }
        }
        self.path.pop();
        if !self.stopped && store {
            self.store(
                key,
                depth,
                0,
                best_score,
                alpha0,
                beta,
                Some(moves[best].index),
            );
        } else if best_score <= alpha0 {
            // Stopped: only a move whose finished search rose above the window counts as
            // better than the first (below it, the scores are bounds, not values).
            best = 0;
        }
        (best_score, best)
    }

    /// Stores a node's result: `score` searched in the window (`alpha0`, `beta`) at `ply`.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        key: u64,
        depth: u32,
        ply: u32,
        score: i32,
        alpha0: i32,
        beta: i32,
        best: Option<u16>,
    ) {
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            depth: depth.min(255) as u8,
            score: to_tt(score, ply),
            bound,
            best,
        };
        self.shared.tt.store(key, entry, self.shared.generation);
    }

    /// The score of `child` for `me`'s side, searched in the window (alpha, beta) of that side;
    /// `check` is whether its side to move is in check, where the caller knows.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        child: &Node<'_, V>,
        me: Player,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        check: Option<bool>,
    ) -> i32 {
        let next = self.v.to_move(child.pos);
        if self.sides.same(me, next) {
            self.negamax(child, depth, ply, alpha, beta, true, check)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha, true, check)
        }
    }

    fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.pending
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(std::mem::take(&mut self.pending), Ordering::Relaxed);
    }

    /// Counts a node, and every [`CHECK_EVERY`] nodes looks at the clock, the node budget and
    /// the stop flags: true once the search must stop.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.pending += 1;
        if self.stopped {
            return true;
        }
        if self.pending >= self.check_every {
            self.flush_nodes();
            let now = Instant::now();
            // Where nodes are slow (a Goff quantum ensemble of many games), the clock is looked
            // at after fewer of them, so that a time limit or `stop` is kept to about a
            // millisecond. (Not under a node budget alone: it stays deterministic.)
            let since = now - self.last_check;
            self.last_check = now;
            if !self.adaptive_checks {
            } else if since > Duration::from_millis(1) {
                // As many nodes as took half a millisecond at the last look's pace, and never
                // more again in this search: slow nodes come in runs (a quiescence search of
                // large ensembles) between fast ones.
                let pace = (self.check_every as u128 * 500_000 / since.as_nanos()) as u64;
                self.check_every = pace.clamp(1, (self.check_every / 2).max(1));
                self.check_cap = self.check_cap.min(pace.max(1));
            } else if since < Duration::from_micros(250) {
                self.check_every = (self.check_every * 2).min(self.check_cap);
            }
            let late = self.deadline.is_some_and(|d| now >= d);
            let spent = self
                .node_limit
                .is_some_and(|n| self.shared.nodes.load(Ordering::Relaxed) >= n);
            let told = self.shared.stop.load(Ordering::Relaxed)
                || self.shared.halt.load(Ordering::Relaxed);
            self.stopped = late || spent || told;
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

    fn take_buffers(&mut self, ply: u32) -> (Vec<V::Move>, Vec<Ranked>) {
        let i = ply as usize;
        if self.buffers.len() <= i {
            self.buffers.resize_with(i + 1, Vec::new);
            self.orders.resize_with(i + 1, Vec::new);
            self.tried.resize_with(i + 1, Vec::new);
        }
        (
            std::mem::take(&mut self.buffers[i]),
            std::mem::take(&mut self.orders[i]),
        )
    }

    fn give_back(&mut self, ply: u32, moves: Vec<V::Move>, order: Vec<Ranked>) {
        self.buffers[ply as usize] = moves;
        self.orders[ply as usize] = order;
    }

    /// The static score of `pos` (key `key`, salted) for `me`, the side to move: from the
    /// cache when this thread has evaluated the position before in this search.
    fn static_eval(&mut self, node: &Node<'_, V>, me: Player, key: u64) -> i32 {
        if let Some(s) = self.eval_cache.get(key) {
            return s;
        }
        let mut scores = std::mem::take(&mut self.scores);
        scores.clear();
        scores.resize(self.v.players().count(), 0);
        self.v
            .evaluate_with_state(node.pos, node.state(self.v), &mut scores);
        let s = self.sides.side_score(&scores, me) + TEMPO;
        self.scores = scores;
        self.eval_cache.put(key, s);
        s
    }

    /// A node searched `depth` plies deep; `check`: whether the side to move is in check, where
    /// the caller has found out already (`None`: unknown).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        node: &Node<'_, V>,
        mut depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        allow_null: bool,
        check: Option<bool>,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        let pos = node.pos;
        self.seldepth = self.seldepth.max(ply);
        let raw = self.v.hash_key(pos);
        if self.repeated(pos, raw) {
            return 0;
        }
        let key = raw ^ self.key_salt;
        let me = self.v.to_move(pos);
        let in_check = check.unwrap_or_else(|| self.v.in_check(pos));
        if in_check && ply < 2 * self.root_depth {
            depth += 1;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(node, ply, 0, alpha, beta, Some(in_check));
        }
        let pv_node = beta - alpha > 1;
        let mut hash_move = None;
        let mut tt_hint = None;
        if let Some(e) = self.shared.tt.probe(key) {
            hash_move = e.best;
            let s = from_tt(e.score, ply);
            if s.abs() < MATE_BOUND {
                tt_hint = Some((s, e.bound));
            }
            // The table's score ends the node only off the principal variation: there the
            // node is searched again (its move first), so that the line played and shown
            // comes from this search, not from a bound stored by another path (issue 14's
            // thirty-fourth stop).
            if u32::from(e.depth) >= depth && !pv_node {
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // The static score of every node out of check: the pruning rules below use it, and
        // whether it improved on the side's score two plies up ("improving").
        let static_score = if in_check {
            None
        } else {
            Some(self.static_eval(node, me, key))
        };
        let p = ply as usize;
        self.evals[p] = static_score;
        let improving = match (static_score, p.checked_sub(2).and_then(|q| self.evals[q])) {
            (Some(now), Some(before)) if self.two_sided => now > before,
            (Some(_), _) => true,
            (None, _) => false,
        };
        // Where the variant asks for it, the table's score refines the static score for the
        // pruning rules below (not for `improving`).
        let static_score = match tt_hint {
            Some(_) if self.table_score_in_pruning => {
                static_score.map(|s| refined_static(s, tt_hint))
            }
            _ => static_score,
        };
        let quiet_node =
            !pv_node && !in_check && beta.abs() < MATE_BOUND && alpha.abs() < MATE_BOUND;
        let futile = self.options.futility && quiet_node && depth <= 3;
        // Reverse futility: far above beta near the horizon, a move will not fall below it.
        if let (true, Some(s)) = (futile, static_score) {
            let margin = RFP_MARGIN * depth as i32 - if improving { RFP_MARGIN / 2 } else { 0 };
            if s - margin >= beta {
                return s;
            }
        }
        // Null move: if passing still holds beta at a reduced depth, so will a real move
        // (unsound in zugzwang, hence the option).
        if self.can_pass && allow_null && quiet_node && depth >= 3 {
            if let Some(s) = static_score.filter(|&s| s >= beta) {
                if let Some(passed) = self.v.pass(pos) {
                    // Further the more the static score exceeds beta.
                    let r = 3 + depth / 6 + ((s - beta) / 200).clamp(0, 3) as u32;
                    let reduced = depth.saturating_sub(r);
                    self.path.push(raw);
                    self.line[p + 1] = 0;
                    let next = self.v.to_move(&passed);
                    let passed = node.child(&passed);
                    let s = if self.sides.same(me, next) {
                        self.negamax(&passed, reduced, ply + 1, beta - 1, beta, false, None)
                    } else {
                        -self.negamax(&passed, reduced, ply + 1, -beta, -beta + 1, false, None)
                    };
                    self.path.pop();
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
        }
        // Internal iterative reduction: with no move from the table, a deep node is searched a
        // ply shallower (its result fills the table for the next visit).
        if self.options.late_move_reductions && hash_move.is_none() && depth >= 4 && !in_check {
            depth -= 1;
        }
        let (mut moves, mut order) = self.take_buffers(ply);
        self.v.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            self.give_back(ply, moves, order);
            return self
                .sides
                .outcome_score(self.v.outcome(pos).as_ref(), me, ply);
        }
        self.order(pos, &moves, &mut order, hash_move, ply, me);
        let mut tried = std::mem::take(&mut self.tried[p]);
        tried.clear();
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        self.pick_checked(pos, &moves, &mut order, 0);
        let mut best = order[0].1;
        self.path.push(raw);
        // Quiet moves that cannot lift the static score to alpha near the horizon are skipped
        // (after the first move, unless they give check).
        let prune_quiet = match static_score {
            Some(s) if futile && depth <= 2 => s + FUTILITY_MARGIN[depth as usize] <= alpha,
            _ => false,
        };
        // Late-move pruning: near the horizon, only the first few quiet moves are searched.
        let late_limit = if self.options.futility && quiet_node && depth <= 5 {
            late_move_limit(depth, improving)
        } else {
            usize::MAX
        };
        // A coalition player's quiet moves beyond the first few are not searched (paranoid).
        let quiet_limit = match self.options.coalition_moves {
            n if n > 0 && self.sides.paranoid() && me != self.sides.root() && !in_check => n,
            _ => usize::MAX,
        };
        let see_prune = self.options.futility && quiet_node && depth <= SEE_PRUNE_DEPTH;
        let mut quiet_seen = 0;
        // Moves picked one at a time before the rest are sorted: more where late-move pruning
        // will stop after a few quiet moves (depth 1 and 2), since sorting the many moves it
        // leaves unsearched costs more than picking (issue 14's fifteenth stop: 1.8% fewer
        // instructions in cubic, the same trees).
        let picked = if late_limit <= 8 {
            PICKED_MOVES.max(late_limit + 3)
        } else {
            PICKED_MOVES
        };
        for rank in 0..order.len() {
            // The first moves picked one at a time (most cut-offs come there), the rest sorted
            // once: the same order either way. A capture's exchange is evaluated when its turn
            // comes (`pick_checked`, `next_checked`).
            match rank {
                0 => {}
                r if r < picked => self.pick_checked(pos, &moves, &mut order, rank),
                r if r == picked => {
                    order[rank..].sort_unstable_by_key(|&(k, i, _)| (Reverse(k), i));
                    self.next_checked(pos, &moves, &mut order[rank..]);
                }
                _ => self.next_checked(pos, &moves, &mut order[rank..]),
            }
            let (order_key, index, _) = order[rank];
            let m = &moves[index as usize];
            // Late moves (quiet ones and losing captures) may be pruned and reduced; quiet ones,
            // and the table's move where it takes nothing, feed the killers and history.
            let late = order_key < KEY_CAPTURE;
            let quiet = feeds_history(order_key, || self.v.capture_values(pos, m).is_none());
            if late {
                quiet_seen += 1;
                if best_score > -MATE_BOUND && (quiet_seen > quiet_limit || quiet_seen > late_limit)
                {
                    break;
                }
            }
            // Near the horizon, a late move that loses much material by the exchange on its
            // cell is skipped: a capture more than a pawn a ply, a quiet move less.
            if see_prune && rank > 0 && late && best_score > -MATE_BOUND {
                let margin = if quiet {
                    SEE_QUIET_MARGIN * (depth * depth) as i32
                } else {
                    SEE_CAPTURE_MARGIN * depth as i32
                };
                if self.v.see(pos, m).is_some_and(|g| g < -margin) {
                    continue;
                }
            }
            let child = self.v.play(pos, m);
            let child = node.child(&child);
            // Whether the move gives check, once a rule below asks (the child is then told).
            let mut gives_check = None;
            if prune_quiet
                && rank > 0
                && late
                && best_score > -MATE_BOUND
                && !*gives_check.get_or_insert_with(|| self.v.in_check(child.pos))
            {
                continue;
            }
            let slot = move_hash(m);
            self.line[p + 1] = slot as u32 + 1;
            let score = if rank == 0 {
                self.child_score(&child, me, depth - 1, ply + 1, alpha, beta, gives_check)
            } else {
                let mut reduced_depth = depth - 1;
                if self.options.late_move_reductions
                    && depth >= 3
                    && rank >= 2
                    && order_key < KEY_COUNTER
                    && !in_check
                    && !*gives_check.get_or_insert_with(|| self.v.in_check(child.pos))
                {
                    let mut r = self.shared.reductions.get(depth, rank);
                    if pv_node {
                        r -= 1;
                    }
                    reduced_depth -= r.clamp(0, depth as i32 - 2) as u32;
                }
                let mut s = self.child_score(
                    &child,
                    me,
                    reduced_depth,
                    ply + 1,
                    alpha,
                    alpha + 1,
                    gives_check,
                );
                if reduced_depth < depth - 1 && s > alpha && !self.stopped {
                    s = self.child_score(
                        &child,
                        me,
                        depth - 1,
                        ply + 1,
                        alpha,
                        alpha + 1,
                        gives_check,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.child_score(&child, me, depth - 1, ply + 1, alpha, beta, gives_check);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best = index;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            self.remember_quiet(m, slot, &tried, me, ply, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                tried.push(slot);
            }
        }
        self.tried[p] = tried;
        self.path.pop();
        if !self.stopped {
            let kept = move_to_store(hash_move, best, best_score <= alpha0, moves.len());
            self.store(key, depth, ply, best_score, alpha0, beta, Some(kept));
        }
        self.give_back(ply, moves, order);
        best_score
    }

    /// The quiescence search of a node; `check` as for [`Worker::negamax`].
    fn quiesce(
        &mut self,
        node: &Node<'_, V>,
        ply: u32,
        qply: u32,
        mut alpha: i32,
        beta: i32,
        check: Option<bool>,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        let pos = node.pos;
        self.seldepth = self.seldepth.max(ply);
        let me = self.v.to_move(pos);
        let key = self.v.hash_key(pos) ^ self.key_salt;
        let in_check = check.unwrap_or_else(|| self.v.in_check(pos));
        let max_qply = if self.sides.paranoid() {
            PARANOID_MAX_QPLY
        } else {
            MAX_QPLY
        };
        let at_limit = qply >= max_qply || ply >= MAX_PLY;
        let mut best_score = -INFINITY;
        let mut stand = 0;
        if !in_check {
            // Standing pat, before the moves are listed: a quiet position at or above beta is
            // cut without move generation (a stalemate there goes unseen, as in most engines).
            stand = self.static_eval(node, me, key);
            if stand >= beta || at_limit {
                return stand;
            }
            best_score = stand;
            alpha = alpha.max(stand);
        }
        let (mut moves, order) = self.take_buffers(ply);
        // In check every evasion; out of check only the captures (and what the variant lists
        // with them), all the legal moves only where there may be none.
        let may_be_over = if in_check {
            self.v.legal_moves(pos, &mut moves);
            moves.is_empty()
        } else {
            self.v.noisy_moves(pos, &mut moves)
        };
        if moves.is_empty() && may_be_over {
            if !in_check {
                self.v.legal_moves(pos, &mut moves);
            }
            if moves.is_empty() {
                self.give_back(ply, moves, order);
                return self
                    .sides
                    .outcome_score(self.v.outcome(pos).as_ref(), me, ply);
            }
        }
        if in_check && at_limit {
            self.give_back(ply, moves, order);
            return self.static_eval(node, me, key);
        }
        // Captures (every move when in check), best victim and cheapest attacker first.
        // Under the paranoid reduction, out of check, the quiescence search keeps to the captures
        // that change the balance between the root player and the coalition (the coalition's
        // players taking each other's men would multiply the nodes: issue 18 item 4), and drops
        // those that cannot lift the score to alpha even if the man taken were free.
        let prune = self.sides.paranoid() && !in_check;
        let delta = !in_check && (prune || self.options.futility);
        let root_men: Vec<_> = if prune && me != self.sides.root() {
            let root = self.sides.root();
            let men = self.v.men(pos).into_iter();
            men.filter(|m| m.player == root).map(|m| m.cell).collect()
        } else {
            Vec::new()
        };
        let mut keyed = order;
        keyed.clear();
        for (i, m) in moves.iter().enumerate() {
            let values = self.v.capture_values(pos, m);
            // Out of check, a capture of a man worth less than its taker may lose by exchange.
            let cheaper_victim = !in_check && values.is_some_and(|(victim, taker)| victim < taker);
            let key = match values {
                Some((victim, _)) if delta && stand + victim + DELTA_MARGIN <= alpha => continue,
                Some(_)
                    if prune
                        && me != self.sides.root()
                        && !(self.v.move_info(pos, m).captures)
                            .iter()
                            .any(|c| root_men.contains(c)) =>
                {
                    continue
                }
                Some((victim, attacker)) => i64::from(victim) * 16 - i64::from(attacker / 16),
                None if in_check => i64::from(-INFINITY),
                None => continue,
            };
            keyed.push((key, i as u16, cheaper_victim));
        }
        // The index in the key makes every key distinct: an unstable sort gives the stable order.
        keyed.sort_unstable_by_key(|&(k, i, _)| (std::cmp::Reverse(k), i));
        for &(_, i, cheaper_victim) in &keyed {
            let m = &moves[i as usize];
            // A capture that loses by exchange is skipped, checked only when its turn comes, so
            // that captures a cut-off leaves unsearched cost no exchange evaluation.
            if cheaper_victim && self.v.see(pos, m).is_some_and(|g| g < 0) {
                continue;
            }
            let child = self.v.play(pos, m);
            // A capture that gives more than it takes where it can be taken back.
            if cheaper_victim
                && self.options.exchange_pruning
                && self.v.moved_man_attacked(&child, m)
            {
                continue;
            }
            let next = self.v.to_move(&child);
            let child = node.child(&child);
            let score = if self.sides.same(me, next) {
                self.quiesce(&child, ply + 1, qply + 1, alpha, beta, None)
            } else {
                -self.quiesce(&child, ply + 1, qply + 1, -beta, -alpha, None)
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
        self.give_back(ply, moves, keyed);
        best_score
    }

    /// A quiet move `m` (in history slot `slot`) cut off at `ply`: it becomes a killer and the
    /// counter move of the move before, its history rises and that of the quiet moves searched
    /// before it (`tried`) falls.
    fn remember_quiet(
        &mut self,
        m: &V::Move,
        slot: usize,
        tried: &[usize],
        me: Player,
        ply: u32,
        depth: u32,
    ) {
        let i = ply as usize;
        if self.killers.len() <= i {
            self.killers.resize(i + 1, [None, None]);
        }
        let k = &mut self.killers[i];
        if k[0].as_ref().is_none_or(|(_, k0)| k0 != m) {
            k[1] = k[0].take();
            k[0] = Some((slot, m.clone()));
        }
        let prev = self.line[i];
        if prev != 0 {
            self.counters[prev as usize - 1] = slot as u32 + 1;
        }
        let base = me.index() * HISTORY_SIZE;
        let bonus = ((depth * depth + depth) as i32 * 16).min(1_600);
        nudge(&mut self.history[base + slot], bonus);
        for &t in tried {
            nudge(&mut self.history[base + t], -bonus);
        }
    }

    /// Fills `order` with (key, index) for every move, largest key first: the hash move, then
    /// captures (most valuable victim, least valuable attacker), killers, the counter move, then
    /// quiet moves by history; ties keep move-generation order.
    fn order(
        &self,
        pos: &V::Position,
        moves: &[V::Move],
        order: &mut Vec<Ranked>,
        hash_move: Option<u16>,
        ply: u32,
        me: Player,
    ) {
        let killers = self.killers.get(ply as usize);
        let prev = self.line[ply as usize];
        let counter = if prev != 0 {
            self.counters[prev as usize - 1]
        } else {
            0
        };
        let history = &self.history[me.index() * HISTORY_SIZE..][..HISTORY_SIZE];
        order.clear();
        order.extend(moves.iter().enumerate().map(|(i, m)| {
            let k: i64 = if Some(i as u16) == hash_move {
                KEY_HASH
            } else if let Some((victim, attacker)) = self.v.capture_values(pos, m) {
                // Taking a man worth at least the taker never loses (see `Variant::see`); a
                // capture that may lose is checked only when it is picked (`check_exchange`),
                // so that nodes that cut before it never pay for the exchange.
                let key = KEY_CAPTURE + i64::from(victim) * 64 - i64::from(attacker);
                return (key, i as u16, victim < attacker);
            } else {
                let slot = move_hash(m);
                let is_killer =
                    |k: &Killer<V::Move>| k.as_ref().is_some_and(|(ks, km)| *ks == slot && km == m);
                if killers.is_some_and(|k| is_killer(&k[0])) {
                    KEY_KILLER
                } else if killers.is_some_and(|k| is_killer(&k[1])) {
                    KEY_KILLER - 1
                } else if counter != 0 && counter == slot as u32 + 1 {
                    KEY_COUNTER
                } else {
                    i64::from(history[slot])
                }
            };
            (k, i as u16, false)
        }));
        // Not sorted: the search picks each next move when it needs it (`pick_next`), since
        // most nodes that cut do so on their first moves.
    }

    /// [`pick_next`] for the negamax search, each picked capture's exchange checked first
    /// ([`Worker::check_exchange`]); one that loses drops among the bad captures and the pick
    /// is made again. Keys only fall when checked, so the moves come in the order they would if
    /// every capture had been checked in [`Worker::order`].
    fn pick_checked(
        &self,
        pos: &V::Position,
        moves: &[V::Move],
        order: &mut [Ranked],
        rank: usize,
    ) {
        loop {
            pick_next(order, rank);
            if !self.check_exchange(pos, moves, &mut order[rank]) {
                return;
            }
        }
    }

    /// For moves sorted by key: checks the first one's exchange until it is not found to lose;
    /// one that loses takes its place among the bad captures further down (the sorted order
    /// kept).
    fn next_checked(&self, pos: &V::Position, moves: &[V::Move], sorted: &mut [Ranked]) {
        while self.check_exchange(pos, moves, &mut sorted[0]) {
            resettle_first(sorted);
        }
    }

    /// Evaluates the exchange of a capture not checked yet; if it loses, moves it among the bad
    /// captures (in the same order among them) and returns true.
    fn check_exchange(&self, pos: &V::Position, moves: &[V::Move], entry: &mut Ranked) -> bool {
        if !entry.2 {
            return false;
        }
        entry.2 = false;
        if self
            .v
            .see(pos, &moves[entry.1 as usize])
            .is_some_and(|g| g < 0)
        {
            entry.0 += KEY_BAD_CAPTURE - KEY_CAPTURE;
            return true;
        }
        false
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
            let Some(index) = self
                .shared
                .tt
                .probe(key ^ self.key_salt)
                .and_then(|e| e.best)
            else {
                break;
            };
            self.v.legal_moves(&cur, &mut legal);
            let Some(m) = legal.get(index as usize).cloned() else {
                break;
            };
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

#[cfg(test)]
mod order_tests {
    use super::*;

    fn sorted(mut v: Vec<Ranked>) -> Vec<Ranked> {
        v.sort_unstable_by_key(|&(k, i, _)| (Reverse(k), i));
        v
    }

    #[test]
    fn a_demoted_first_move_lands_where_a_sort_would_put_it() {
        let list = sorted(vec![
            (50, 3, true),
            (40, 1, false),
            (40, 4, false),
            (10, 0, false),
        ]);
        for new_key in [60, 50, 45, 40, 20, 10, 5] {
            let mut lazy = list.clone();
            lazy[0].0 = new_key;
            let eager = sorted(lazy.clone());
            resettle_first(&mut lazy);
            assert_eq!(lazy, eager, "key {new_key}");
        }
    }

    #[test]
    fn picking_one_at_a_time_gives_the_sorted_order() {
        let mut order: Vec<Ranked> =
            vec![(5, 0, false), (9, 1, false), (5, 2, false), (-3, 3, false)];
        let eager = sorted(order.clone());
        for rank in 0..order.len() {
            pick_next(&mut order, rank);
        }
        assert_eq!(order, eager);
    }
}

#[cfg(test)]
mod eval_cache_tests {
    use super::*;

    #[test]
    fn the_cache_returns_what_was_put_under_the_same_key_only() {
        let mut c = EvalCache::new();
        assert_eq!(c.get(0x1234), None);
        c.put(0x1234, -57);
        assert_eq!(c.get(0x1234), Some(-57));
        // Same slot, another key: a miss, then a replacement.
        let other = 0x1234 + EVAL_CACHE_SLOTS as u64;
        assert_eq!(c.get(other), None);
        c.put(other, 9);
        assert_eq!((c.get(other), c.get(0x1234)), (Some(9), None));
        // Key 0 marks an empty slot: never a hit, even after a put.
        c.put(0, 5);
        assert_eq!(c.get(0), None);
    }
}

#[cfg(test)]
mod refined_static_tests {
    use super::*;

    /// docs/search.md, *Pruning*: the table's score refines the static score only where its
    /// bound says the searched score lies beyond it.
    #[test]
    fn the_table_refines_the_static_score_only_beyond_it() {
        assert_eq!(refined_static(30, None), 30);
        assert_eq!(refined_static(30, Some((-12, Bound::Exact))), -12);
        assert_eq!(refined_static(30, Some((80, Bound::Lower))), 80);
        assert_eq!(refined_static(30, Some((10, Bound::Lower))), 30);
        assert_eq!(refined_static(30, Some((10, Bound::Upper))), 10);
        assert_eq!(refined_static(30, Some((80, Bound::Upper))), 30);
    }
}

#[cfg(test)]
mod stored_move_tests {
    use super::*;

    /// docs/search.md, *Transposition table*: a node where no move reached alpha keeps the
    /// table's move; otherwise it stores the best move found.
    #[test]
    fn a_node_that_fails_low_keeps_the_tables_move() {
        assert_eq!(move_to_store(Some(4), 7, true, 20), 4);
        assert_eq!(move_to_store(Some(4), 7, false, 20), 7);
        // No move from the table, or one out of range of the node's moves: the best found.
        assert_eq!(move_to_store(None, 7, true, 20), 7);
        assert_eq!(move_to_store(Some(25), 7, true, 20), 7);
    }

    /// docs/search.md, *Move ordering*: the table's move feeds the killers and history when it
    /// takes nothing; other moves by their rank (killers, the counter move and quiet moves by
    /// history do; captures, good or losing, do not).
    #[test]
    fn the_tables_move_feeds_the_history_when_quiet() {
        assert!(feeds_history(KEY_HASH, || true));
        assert!(!feeds_history(KEY_HASH, || false));
        let never = || -> bool { unreachable!("only the table's move is asked") };
        assert!(feeds_history(KEY_KILLER, never));
        assert!(feeds_history(KEY_COUNTER, never));
        assert!(feeds_history(-HISTORY_MAX as i64, never));
        assert!(feeds_history(HISTORY_MAX as i64, never));
        assert!(!feeds_history(KEY_CAPTURE + 900 * 64 - 100, never));
        assert!(!feeds_history(KEY_BAD_CAPTURE + 100 * 64, never));
    }
}
