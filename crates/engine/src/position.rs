//! Positions and moves of the engine.

use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 4;
/// The most kinds of piece a rule set may have.
pub const MAX_KINDS: usize = 16;

/// A man on the board: its owner and its kind (an index into the rule set's pieces).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// The kind, an index into the rule set's pieces.
    pub kind: u8,
}

/// A cell open to en passant capture, and the pawn that would be taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EnPassant {
    /// The cell passed over, where the capturing pawn lands.
    pub target: Cell,
    /// The cell of the pawn that is captured.
    pub victim: Cell,
}

/// A position's key field when it is not known (a position built or changed by hand): the engine
/// computes the key from scratch. A real key that happens to be 0 is only recomputed, never wrong.
pub(crate) const UNKNOWN_KEY: u64 = 0;

/// SplitMix64: the Zobrist keys are a fixed function of their index, the same on every run.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The Zobrist keys of an engine's board: fixed random keys, one for each (player, kind, cell)
/// of a man, each unmoved man's cell, the en passant cells and the side to move.
#[derive(Clone, Debug, Default)]
pub(crate) struct ZobristKeys {
    /// `man[(player * MAX_KINDS + kind) * cells + cell]`.
    man: Vec<u64>,
    unmoved: Vec<u64>,
    ep: Vec<u64>,
    side: [u64; MAX_PLAYERS],
    cells: usize,
}

impl ZobristKeys {
    /// The keys of a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> ZobristKeys {
        let mut seed = 0x5EED_u64;
        let mut next = || {
            seed += 1;
            splitmix(seed)
        };
        let man: Vec<u64> = (0..MAX_PLAYERS * MAX_KINDS * cells)
            .map(|_| next())
            .collect();
        let unmoved: Vec<u64> = (0..cells).map(|_| next()).collect();
        let ep: Vec<u64> = (0..cells).map(|_| next()).collect();
        let side = [next(), next(), next(), next()];
        ZobristKeys {
            man,
            unmoved,
            ep,
            side,
            cells,
        }
    }

    /// The key of a man of `player` and `kind` on `cell`.
    #[inline(always)]
    pub(crate) fn man(&self, player: usize, kind: usize, cell: Cell) -> u64 {
        self.man[(player * MAX_KINDS + kind) * self.cells + cell.index()]
    }

    /// The key of an unmoved man on `cell`.
    #[inline(always)]
    pub(crate) fn unmoved(&self, cell: Cell) -> u64 {
        self.unmoved[cell.index()]
    }

    /// The key of an en passant opportunity (0 for none).
    #[inline(always)]
    pub(crate) fn ep(&self, ep: Option<EnPassant>) -> u64 {
        match ep {
            None => 0,
            Some(ep) => self.ep[ep.target.index()] ^ self.ep[ep.victim.index()].rotate_left(17),
        }
    }

    /// The key of the side to move.
    #[inline(always)]
    pub(crate) fn side(&self, p: Player) -> u64 {
        self.side[p.index() % MAX_PLAYERS]
    }

    /// The key of a position computed from its content.
    pub(crate) fn of<const W: usize>(&self, pos: &Position<W>) -> u64 {
        let mut h = self.side(pos.to_move) ^ self.ep(pos.ep);
        for (p, mine) in pos.by_player.iter().enumerate() {
            if mine.is_empty() {
                continue;
            }
            for (k, of_kind) in pos.by_kind.iter().enumerate() {
                for c in *mine & *of_kind {
                    h ^= self.man(p, k, c);
                }
            }
        }
        for c in pos.unmoved {
            h ^= self.unmoved(c);
        }
        h
    }
}

/// A position: bitboards by player and by kind, the unmoved men, en passant, turn, clocks, and
/// its Zobrist key (which the engine keeps up to date as it makes moves).
/// Cheap to copy (a few hundred bytes for the largest boards).
///
/// Equality and hashing leave the key out: it is a function of the rest.
#[derive(Clone, Copy, Debug)]
pub struct Position<const W: usize> {
    pub(crate) by_player: [CellSet<W>; MAX_PLAYERS],
    pub(crate) by_kind: [CellSet<W>; MAX_KINDS],
    pub(crate) unmoved: CellSet<W>,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) to_move: Player,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The Zobrist key (`ZobristKeys::of`) of positions the engine read or made: set from
    /// scratch when a position is read (and for the setup), kept up to date by `Engine::make` and
    /// `pass`. [`UNKNOWN_KEY`] once `put`, `remove` or a setter changed the position (the keys
    /// are the engine's, not the position's: they depend on the board's size); the engine then
    /// computes it from scratch (`Engine::key_of`).
    pub(crate) key: u64,
}

impl<const W: usize> PartialEq for Position<W> {
    fn eq(&self, o: &Self) -> bool {
        self.by_player == o.by_player
            && self.by_kind == o.by_kind
            && self.unmoved == o.unmoved
            && self.ep == o.ep
            && self.to_move == o.to_move
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

impl<const W: usize> Eq for Position<W> {}

impl<const W: usize> std::hash::Hash for Position<W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.by_player.hash(h);
        self.by_kind.hash(h);
        self.unmoved.hash(h);
        self.ep.hash(h);
        self.to_move.hash(h);
        self.halfmove.hash(h);
        self.fullmove.hash(h);
    }
}

impl<const W: usize> Position<W> {
    /// An empty board with player 0 to move.
    pub fn empty() -> Self {
        Position {
            by_player: [CellSet::EMPTY; MAX_PLAYERS],
            by_kind: [CellSet::EMPTY; MAX_KINDS],
            unmoved: CellSet::EMPTY,
            ep: None,
            to_move: Player(0),
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// The man on a cell, if any.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let player = self.by_player.iter().position(|s| s.contains(cell))?;
        let kind = self.by_kind.iter().position(|s| s.contains(cell))?;
        Some(Piece {
            player: Player(player as u8),
            kind: kind as u8,
        })
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> CellSet<W> {
        let mut s = self.by_player[0];
        for p in &self.by_player[1..] {
            s |= *p;
        }
        s
    }

    /// True if a man stands on `cell` (one word of each player's set read, not the union of
    /// the sets).
    #[inline]
    pub fn is_occupied(&self, cell: Cell) -> bool {
        let i = cell.index();
        let word = self.by_player.iter().fold(0, |w, s| w | s.0[i >> 6]);
        (word >> (i & 63)) & 1 != 0
    }

    /// The cells of one player's men.
    #[inline]
    pub fn of_player(&self, p: Player) -> CellSet<W> {
        self.by_player[p.index()]
    }

    /// The cells of one kind's men (all players).
    #[inline]
    pub fn of_kind(&self, kind: u8) -> CellSet<W> {
        self.by_kind[kind as usize]
    }

    /// Men that have not moved since the start.
    pub fn unmoved(&self) -> CellSet<W> {
        self.unmoved
    }

    /// The en passant opportunity, if any.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after the last player's move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Puts a man on an empty cell (building positions).
    pub fn put(&mut self, cell: Cell, piece: Piece) {
        self.put_keeping_key(cell, piece);
        self.key = UNKNOWN_KEY;
    }

    /// [`Position::put`] that leaves the key alone (`Engine::make` updates it itself).
    pub(crate) fn put_keeping_key(&mut self, cell: Cell, piece: Piece) {
        self.remove_keeping_key(cell);
        self.by_player[piece.player.index()].insert(cell);
        self.by_kind[piece.kind as usize].insert(cell);
    }

    /// Removes whatever stands on a cell.
    pub fn remove(&mut self, cell: Cell) {
        self.remove_keeping_key(cell);
        self.key = UNKNOWN_KEY;
    }

    /// [`Position::remove`] that leaves the key alone (`Engine::make` updates it itself).
    pub(crate) fn remove_keeping_key(&mut self, cell: Cell) {
        for s in self.by_player.iter_mut() {
            s.remove(cell);
        }
        for s in self.by_kind.iter_mut() {
            s.remove(cell);
        }
        self.unmoved.remove(cell);
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, p: Player) {
        self.to_move = p;
        self.key = UNKNOWN_KEY;
    }

    /// Sets the unmoved men.
    pub fn set_unmoved(&mut self, s: CellSet<W>) {
        self.unmoved = s;
        self.key = UNKNOWN_KEY;
    }

    /// Sets the en passant opportunity.
    pub fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        self.ep = ep;
        self.key = UNKNOWN_KEY;
    }

    /// Sets the clocks.
    pub fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A pawn move that promotes to this kind.
    Promotion(u8),
    /// An en passant capture of the pawn on `victim`.
    EnPassant {
        /// Where the captured pawn stands.
        victim: Cell,
    },
    /// A move of two or more steps that leaves `passed` open to en passant capture.
    DoubleStep {
        /// The cell passed over (next to the destination).
        passed: Cell,
    },
    /// Castling number `n` of the rule set (from and to are the king's cells).
    Castle(u8),
    /// Placing a new man of this kind on `to` (from is unused and equals to).
    Place(u8),
}

/// A move of the engine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The moving man's cell.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// Anything special.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move.
    pub fn normal(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }
}
