//! Positions and moves of Spectral Realm Chess.

use crate::board::{compact, doubled, Set, DOUBLED};
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

/// A position: a mailbox of the 113 locations, bitboards of each player's men and of the six
/// orthodox kinds on the two boards (squares, points, each an 8x8 bitboard of one word), castling
/// rights, the en passant opportunity, the side to move, the clocks, and the evaluation's
/// material and centre terms kept up to date by [`SpectralPosition::put`] and
/// [`SpectralPosition::remove`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SpectralPosition {
    /// Mailbox by compact index: 0 for an empty location, else [`Man::code`].
    pub(crate) board: [u8; 128],
    /// Each player's men: `[player][0 squares, 1 points]`.
    pub(crate) men: [[u64; 2]; 2],
    /// The men of each orthodox kind (King .. Pawn, by [`PieceType`] index), both players:
    /// `[kind][board]`.
    pub(crate) kinds: [[u64; 2]; 6],
    /// The number of men of the other kinds (the random variant's, §9).
    pub(crate) exotic: u8,
    /// Each player's king cell (`u8::MAX` if none: only while building).
    pub(crate) kings: [u8; 2],
    pub(crate) castling: u8,
    /// (target square passed over, the pawn that may be taken there), as doubled cells.
    pub(crate) ep: Option<(u8, u8)>,
    pub(crate) to_move: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Each player's sum of [`eval_of`] over his men.
    pub(crate) eval: [i32; 2],
}

impl SpectralPosition {
    /// An empty board, White to move.
    pub fn empty() -> Self {
        SpectralPosition {
            board: [0; 128],
            men: [[0; 2]; 2],
            kinds: [[0; 2]; 6],
            exotic: 0,
            kings: [u8::MAX; 2],
            castling: 0,
            ep: None,
            to_move: 0,
            halfmove: 0,
            fullmove: 1,
            eval: [0; 2],
        }
    }

    /// The mailbox code of a location (0 if empty).
    #[inline(always)]
    pub(crate) fn code(&self, cell: Cell) -> u8 {
        self.board[compact(cell)]
    }

    /// The man on a location.
    #[inline]
    pub fn man_at(&self, cell: Cell) -> Option<Man> {
        Man::decode(self.code(cell))
    }

    /// True if a man stands there.
    #[inline]
    pub fn occupied(&self, cell: Cell) -> bool {
        self.code(cell) != 0
    }

    /// The occupied locations of both players on one board (0 squares, 1 points).
    #[inline(always)]
    pub(crate) fn occ(&self, board: usize) -> u64 {
        self.men[0][board] | self.men[1][board]
    }

    /// Every occupied location.
    pub fn all(&self) -> Set {
        self.of(Player(0)) | self.of(Player(1))
    }

    /// The locations of one player's men.
    pub fn of(&self, player: Player) -> Set {
        let mut s = Set::EMPTY;
        for_each_doubled(self.men[player.index()], |i| s.insert(doubled(i)));
        s
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
        self.put_at(compact(cell), man.code());
        if man.piece == PieceType::King {
            self.kings[man.player as usize] = cell.0 as u8;
        }
    }

    /// Empties a location.
    pub fn remove(&mut self, cell: Cell) {
        let i = compact(cell);
        let code = self.board[i];
        if code != 0 {
            let player = ((code - 1) & 1) as usize;
            if (code - 1) >> 1 == PieceType::King as u8 && self.kings[player] == cell.0 as u8 {
                self.kings[player] = u8::MAX;
            }
            self.remove_at(i);
        }
    }

    /// Puts the man of mailbox code `code` on the empty compact index `i` (the king's cell is
    /// the caller's).
    #[inline(always)]
    pub(crate) fn put_at(&mut self, i: usize, code: u8) {
        let (b, bit) = (i >> 6, 1u64 << (i & 63));
        let player = ((code - 1) & 1) as usize;
        let piece = ((code - 1) >> 1) as usize;
        self.board[i] = code;
        self.men[player][b] |= bit;
        if piece < 6 {
            self.kinds[piece][b] |= bit;
        } else {
            self.exotic += 1;
        }
        self.eval[player] += eval_of(code, i);
    }

    /// Empties compact index `i`, if occupied (the king's cell is the caller's).
    #[inline(always)]
    pub(crate) fn remove_at(&mut self, i: usize) {
        let code = self.board[i];
        if code == 0 {
            return;
        }
        let (b, bit) = (i >> 6, 1u64 << (i & 63));
        let player = ((code - 1) & 1) as usize;
        let piece = ((code - 1) >> 1) as usize;
        self.board[i] = 0;
        self.men[player][b] &= !bit;
        if piece < 6 {
            self.kinds[piece][b] &= !bit;
        } else {
            self.exotic -= 1;
        }
        self.eval[player] -= eval_of(code, i);
    }
}

/// The evaluation's bonus for the centre by compact index: `14 - (|x - 7| + |y - 7|)` in
/// doubled coordinates.
static CENTRE: [i32; 128] = centre_table();

const fn centre_table() -> [i32; 128] {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        let d = DOUBLED[i];
        if d != crate::board::NONE {
            let (x, y) = ((d % 15) as i32, (d / 15) as i32);
            t[i] = 14 - ((x - 7).abs() + (y - 7).abs());
        }
        i += 1;
    }
    t
}

/// [`PieceType::value`] by mailbox code less one (`piece * 2 + player`).
static VALUES: [i32; 46] = {
    let mut t = [0; 46];
    let mut i = 0;
    while i < 46 {
        t[i] = PieceType::ALL[i / 2].value();
        i += 1;
    }
    t
};

/// The evaluation's term of the man of mailbox code `code` on compact index `i`: his piece's
/// value and the centre bonus.
#[inline(always)]
pub(crate) fn eval_of(code: u8, i: usize) -> i32 {
    VALUES[code as usize - 1] + CENTRE[i]
}

/// [`PieceType::value`] of the man of mailbox code `code` (not 0).
#[inline(always)]
pub(crate) fn value_of(code: u8) -> i32 {
    VALUES[code as usize - 1]
}

/// For each rank `r` and each bit of the 16-bit word of rank r's squares (bits 0..8) and the row
/// of points above them (bits 8..16): the doubled cell shifted left by 8 and the compact index
/// (the repetition key's walk over the men in the doubled board's order).
pub(crate) static ROW_KEYS: [[(u16, u8); 16]; 8] = {
    let mut t = [[(0, 0); 16]; 8];
    let mut r = 0;
    while r < 8 {
        let mut b = 0;
        while b < 16 {
            let i = if b < 8 { 8 * r + b } else { 64 + 8 * r + b - 8 };
            let d = DOUBLED[i];
            if d != crate::board::NONE {
                t[r][b] = ((d as u16) << 8, i as u8);
            }
            b += 1;
        }
        r += 1;
    }
    t
};

/// Calls `f` with the compact index of every man of `sets` (`[squares, points]`) in the order of
/// the doubled board's cells: rank 1's squares, the row of points `*??12`, rank 2's squares, and
/// so on (the order of [`crate::board::Set`]'s iteration, which the move lists follow).
#[inline(always)]
pub(crate) fn for_each_doubled(sets: [u64; 2], mut f: impl FnMut(usize)) {
    let [sq, pt] = sets;
    for r in 0..8 {
        let mut s = (sq >> (8 * r)) & 0xff;
        while s != 0 {
            f(8 * r + s.trailing_zeros() as usize);
            s &= s - 1;
        }
        let mut p = (pt >> (8 * r)) & 0xff;
        while p != 0 {
            f(64 + 8 * r + p.trailing_zeros() as usize);
            p &= p - 1;
        }
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

/// The compact indices of the men of `sets` (`[squares, points]`): the squares, then the points.
#[inline]
pub(crate) fn compact_iter(sets: [u64; 2]) -> impl Iterator<Item = usize> {
    let (mut b, mut w) = (0, sets[0]);
    std::iter::from_fn(move || loop {
        if w != 0 {
            let i = (b << 6) | w.trailing_zeros() as usize;
            w &= w - 1;
            return Some(i);
        }
        if b == 1 {
            return None;
        }
        b = 1;
        w = sets[1];
    })
}
