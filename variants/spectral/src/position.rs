//! Positions and moves of Spectral Realm Chess.

use crate::board::{Set, CELLS};
use crate::pieces::PieceType;
use spacechess_geometry::Cell;
use spacechess_variant::Player;

/// A man: owner and piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// 0 White, 1 Black.
    pub player: u8,
    /// What it is.
    pub piece: PieceType,
}

impl Man {
    #[inline]
    pub(crate) fn code(self) -> u8 {
        1 + ((self.piece as u8) << 1 | self.player)
    }
    #[inline]
    pub(crate) fn decode(code: u8) -> Option<Man> {
        if code == 0 {
            return None;
        }
        let c = code - 1;
        Some(Man {
            player: c & 1,
            piece: PieceType::ALL[(c >> 1) as usize],
        })
    }
}

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
pub const CASTLE_BITS: [u8; 4] = [1, 2, 4, 8];

/// A position: the 113 locations of the doubled board as a mailbox, occupancy sets, castling
/// rights, the en passant opportunity, the side to move and the clocks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SpectralPosition {
    pub(crate) board: [u8; CELLS],
    pub(crate) occ: [Set; 2],
    /// Each player's king cell (`u8::MAX` if none: only while building).
    pub(crate) kings: [u8; 2],
    pub(crate) castling: u8,
    /// (target square passed over, the pawn that may be taken there).
    pub(crate) ep: Option<(u8, u8)>,
    pub(crate) to_move: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl SpectralPosition {
    /// An empty board, White to move.
    pub fn empty() -> Self {
        SpectralPosition {
            board: [0; CELLS],
            occ: [Set::EMPTY; 2],
            kings: [u8::MAX; 2],
            castling: 0,
            ep: None,
            to_move: 0,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The man on a location.
    #[inline]
    pub fn man_at(&self, cell: Cell) -> Option<Man> {
        Man::decode(self.board[cell.index()])
    }

    /// True if a man stands there.
    #[inline]
    pub fn occupied(&self, cell: Cell) -> bool {
        self.board[cell.index()] != 0
    }

    /// Every occupied location.
    pub fn all(&self) -> Set {
        self.occ[0] | self.occ[1]
    }

    /// The locations of one player's men.
    pub fn of(&self, player: Player) -> Set {
        self.occ[player.index()]
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        Player(self.to_move)
    }

    /// The king of a player, if on the board.
    pub fn king(&self, player: Player) -> Option<Cell> {
        let k = self.kings[player.index()];
        (k != u8::MAX).then_some(Cell(k as u32))
    }

    /// Castling rights as bits (see [`CASTLE_BITS`]).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en passant opportunity: the square passed over and the pawn that may be taken.
    pub fn en_passant(&self) -> Option<(Cell, Cell)> {
        self.ep.map(|(t, v)| (Cell(t as u32), Cell(v as u32)))
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Puts a man on a location (replacing whatever stood there).
    pub fn put(&mut self, cell: Cell, man: Man) {
        self.remove(cell);
        self.board[cell.index()] = man.code();
        self.occ[man.player as usize].insert(cell);
        if man.piece == PieceType::King {
            self.kings[man.player as usize] = cell.0 as u8;
        }
    }

    /// Empties a location.
    pub fn remove(&mut self, cell: Cell) {
        if let Some(m) = self.man_at(cell) {
            self.occ[m.player as usize].remove(cell);
            if m.piece == PieceType::King && self.kings[m.player as usize] == cell.0 as u8 {
                self.kings[m.player as usize] = u8::MAX;
            }
        }
        self.board[cell.index()] = 0;
    }
}

/// What is special about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// An ordinary move or capture.
    None,
    /// A pawn's double step from its initial square.
    DoubleStep,
    /// An en passant capture (from a square or from a point).
    EnPassant,
    /// Castling; from and to are the king's squares.
    Castle,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpectralMove {
    /// Where the man stands.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// What a pawn becomes.
    pub promotion: Option<PieceType>,
    /// Double step, en passant, castling.
    pub special: Special,
}

impl SpectralMove {
    pub(crate) fn new(from: Cell, to: Cell) -> Self {
        SpectralMove {
            from,
            to,
            promotion: None,
            special: Special::None,
        }
    }
}
