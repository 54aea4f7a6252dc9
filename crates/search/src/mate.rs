//! The mate solver: an exhaustive proof or refutation of a forced win in N moves.
//!
//! The attacker is the side to move (its team, in a team game). "Mate in N" means: the attacker
//! has a move such that, whatever the defence, the game is won for the attacker by the rules
//! (checkmate, or whatever the rules call a win) no later than the attacker's N-th move. Every
//! move of both sides is tried; nothing is pruned by a heuristic, so "no" is a proof too.

use super::Sides;
use spacechess_variant::Variant;
use std::collections::HashMap;

/// A node of a solution tree: a move, and what follows it. After an attacker's move, `next`
/// holds every defence; after a defence, the attacker's one continuation (none when the defence
/// ends the game, which it cannot in a sound solution, or when the attacker's move already won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionNode<M> {
    /// The move.
    pub mv: M,
    /// The move in the variant's notation.
    pub text: String,
    /// True if the attacking side made the move.
    pub by_attacker: bool,
    /// True if the move wins at once (mate).
    pub wins: bool,
    /// The replies (after an attacker's move) or the continuation (after a defence).
    pub next: Vec<SolutionNode<M>>,
}

/// The answer to "mate in N?".
#[derive(Clone, Debug)]
pub struct MateResult<M> {
    /// The fewest attacker moves that force a win, if at most N.
    pub shortest: Option<u32>,
    /// Every first move that forces a win within N moves (the keys; more than one is a "cook").
    pub keys: Vec<M>,
    /// The solution tree of the first key (with the quickest win chosen at every attacker move).
    pub tree: Option<SolutionNode<M>>,
    /// Positions visited.
    pub nodes: u64,
}

/// The solver, with its table of positions already decided.
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_search::MateSolver;
/// use spacechess_variant::Variant;
/// let chess = Orthodox::new();
/// // A back-rank mate in one.
/// let pos = chess.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let result = MateSolver::new(&chess).solve(&pos, 1);
/// assert_eq!(result.shortest, Some(1));
/// assert_eq!(chess.move_text(&pos, &result.keys[0]), "a1a8");
/// ```
pub struct MateSolver<'v, V: Variant> {
    v: &'v V,
    sides: Sides,
    /// (hash key, attacker moves left) -> forced win.
    known: HashMap<(u64, u32), bool>,
    nodes: u64,
    attacker: spacechess_variant::Player,
}

impl<'v, V: Variant> MateSolver<'v, V> {
    /// A solver for one variant.
    pub fn new(v: &'v V) -> Self {
        MateSolver {
            v,
            sides: Sides::new(v.players(), spacechess_variant::Player(0)),
            known: HashMap::new(),
            nodes: 0,
            attacker: spacechess_variant::Player(0),
        }
    }

    /// Proves or refutes a forced win in `n` moves for the side to move in `pos`.
    pub fn solve(&mut self, pos: &V::Position, n: u32) -> MateResult<V::Move> {
        let attacker = self.v.to_move(pos);
        self.sides = Sides::new(self.v.players(), attacker);
        self.attacker = attacker;
        self.known.clear();
        self.nodes = 0;
        let shortest = (1..=n).find(|&k| self.attack(pos, k));
        let mut keys = Vec::new();
        if shortest.is_some() {
            let mut moves = Vec::new();
            self.v.legal_moves(pos, &mut moves);
            for m in moves {
                let child = self.v.play(pos, &m);
                if self.wins_after(&child, n - 1) {
                    keys.push(m);
                }
            }
        }
        let tree = keys.first().map(|k| self.tree(pos, k, n - 1));
        MateResult {
            shortest,
            keys,
            tree,
            nodes: self.nodes,
        }
    }

    fn attacker_to_move(&self, pos: &V::Position) -> bool {
        self.sides.same(self.v.to_move(pos), self.sides_root())
    }

    fn sides_root(&self) -> spacechess_variant::Player {
        self.attacker
    }

    /// The attacker to move with `n` moves (n >= 1): is there a forced win?
    fn attack(&mut self, pos: &V::Position, n: u32) -> bool {
        let mut moves = Vec::new();
        self.v.legal_moves(pos, &mut moves);
        moves.iter().any(|m| {
            let child = self.v.play(pos, m);
            self.wins_after(&child, n - 1)
        })
    }

    /// A position reached after an attacker's move, with `n` attacker moves left: is it a forced
    /// win?
    fn wins_after(&mut self, pos: &V::Position, n: u32) -> bool {
        self.nodes += 1;
        let mut moves = Vec::new();
        self.v.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            return self.attacker_won(pos);
        }
        if n == 0 && !self.attacker_to_move(pos) {
            // No attacker move left: a win only if every defence ends the game in the attacker's
            // favour (a compulsory capture of the last man under "lose all", for example).
            return moves.iter().all(|m| {
                let after = self.v.play(pos, m);
                let mut replies = Vec::new();
                self.v.legal_moves(&after, &mut replies);
                replies.is_empty() && self.attacker_won(&after)
            });
        }
        let key = (self.v.hash_key(pos), n);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let result = if self.attacker_to_move(pos) {
            n > 0
                && moves.iter().any(|m| {
                    let child = self.v.play(pos, m);
                    self.wins_after(&child, n - 1)
                })
        } else {
            moves.iter().all(|m| {
                let child = self.v.play(pos, m);
                self.wins_after(&child, n)
            })
        };
        self.known.insert(key, result);
        result
    }

    fn attacker_won(&self, pos: &V::Position) -> bool {
        self.sides
            .outcome_score(self.v.outcome(pos).as_ref(), self.sides_root(), 0)
            > 0
    }

    /// The tree below move `m` from `pos`, with `n` attacker moves left after it.
    fn tree(&mut self, pos: &V::Position, m: &V::Move, n: u32) -> SolutionNode<V::Move> {
        let by_attacker = self.attacker_to_move(pos);
        let text = self.v.move_text(pos, m);
        let child = self.v.play(pos, m);
        let mut moves = Vec::new();
        self.v.legal_moves(&child, &mut moves);
        let mut node = SolutionNode {
            mv: m.clone(),
            text,
            by_attacker,
            wins: moves.is_empty() && self.attacker_won(&child),
            next: Vec::new(),
        };
        if moves.is_empty() {
            return node;
        }
        if self.attacker_to_move(&child) {
            // The quickest winning continuation.
            'found: for k in 1..=n {
                for a in &moves {
                    let after = self.v.play(&child, a);
                    if self.wins_after(&after, k - 1) {
                        let c = self.tree(&child, a, k - 1);
                        node.next.push(c);
                        break 'found;
                    }
                }
            }
        } else {
            for r in &moves {
                let c = self.tree(&child, r, n);
                node.next.push(c);
            }
        }
        node
    }
}

impl<M> SolutionNode<M> {
    /// The tree as text, one move a line, indented by depth: `1. key!`, then each defence
    /// `1... reply` followed by the attacker's continuation `2. move`; `#` marks a winning move.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        write_node(self, 1, 0, true, &mut out);
        out
    }
}

fn write_node<M>(node: &SolutionNode<M>, number: u32, indent: usize, key: bool, out: &mut String) {
    let dots = if node.by_attacker { "." } else { "..." };
    let mark = if node.wins { "#" } else { "" };
    let bang = if key { "!" } else { "" };
    out.push_str(&format!(
        "{}{number}{dots} {}{mark}{bang}\n",
        "  ".repeat(indent),
        node.text
    ));
    let next_number = if node.by_attacker { number } else { number + 1 };
    for c in &node.next {
        write_node(c, next_number, indent + 1, false, out);
    }
}
