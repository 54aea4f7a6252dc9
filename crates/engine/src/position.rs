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

/// A position: bitboards by player and by kind, the unmoved men, en passant, turn, clocks.
/// Cheap to copy (a few hundred bytes for the largest boards).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position<const W: usize> {
    pub(crate) by_player: [CellSet<W>; MAX_PLAYERS],
    pub(crate) by_kind: [CellSet<W>; MAX_KINDS],
    pub(crate) unmoved: CellSet<W>,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) to_move: Player,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
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
        self.remove(cell);
        self.by_player[piece.player.index()].insert(cell);
        self.by_kind[piece.kind as usize].insert(cell);
    }

    /// Removes whatever stands on a cell.
    pub fn remove(&mut self, cell: Cell) {
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
    }

    /// Sets the unmoved men.
    pub fn set_unmoved(&mut self, s: CellSet<W>) {
        self.unmoved = s;
    }

    /// Sets the en passant opportunity.
    pub fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        self.ep = ep;
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
