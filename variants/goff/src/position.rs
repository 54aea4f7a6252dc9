//! Pieces, positions and moves.

use crate::fast::{self, NPLANES};
use crate::rules::GoffRules;
use crate::tables::Bits;
use crate::tile::tile;
use spacechess_geometry::{Cell, CellSet};
use spacechess_variant::Player;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// King: perimeter-1 linear steps of all three ray types (rules/goff/04 §1).
    King,
    /// Queen: rook, bishop and duke together (02 §4).
    Queen,
    /// Rook: face rays, 3 orthogonal planes (01 §4).
    Rook,
    /// Bishop: edge rays, 4 skew planes (01 §5).
    Bishop,
    /// Duke: vertex rays, 6 slant planes (02 §3).
    Duke,
    /// Knight: the 24 leaps (1,2,2) (02 §5).
    Knight,
    /// Stack (a bishop with a duke on top): stack moves to overlap tiles, decay, teleport (03 §2).
    Stack,
    /// Pawn: advances and the 14 capture tiles (03 §3).
    Pawn,
}

impl Kind {
    /// All kinds, in index order.
    pub const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Duke,
        Kind::Knight,
        Kind::Stack,
        Kind::Pawn,
    ];

    /// The book's letter.
    pub fn letter(self) -> char {
        b"KQRBDNSP"[self as usize] as char
    }

    /// The kind with this letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        [
            "king", "queen", "rook", "bishop", "duke", "knight", "stack", "pawn",
        ][self as usize]
    }

    /// Reads a name or a letter (`queen`, `Q`).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = text.trim();
        if t.chars().count() == 1 {
            return Kind::from_letter(t.chars().next()?);
        }
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(t))
    }
}

/// A man: kind and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner (0 White, 1 Black).
    pub player: Player,
    /// Kind.
    pub kind: Kind,
}

/// A position: the men, the side to move, the unmoved men (kept for castling, part 2) and the
/// clocks.
#[derive(Clone)]
pub struct Position {
    pub(crate) by_player: [Bits; 2],
    pub(crate) by_kind: [Bits; 8],
    pub(crate) to_move: Player,
    pub(crate) unmoved: Bits,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The last move's double advance `(origin, destination)`, open to en passant for one move.
    pub(crate) ep: Option<(Cell, Cell)>,
    /// The rule options in force (05 §4); the variant sets them, the book's defaults otherwise.
    pub(crate) rules: GoffRules,
    /// The occupancy of every plane of the three families, one 64-bit word per plane in the
    /// plane's own 2D coordinates ([`crate::fast`]): kept in step with `by_player` by every
    /// change of the men, derived from it (not compared, hashed or shown).
    pub(crate) planes: [u64; NPLANES],
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.by_player == other.by_player
            && self.by_kind == other.by_kind
            && self.to_move == other.to_move
            && self.unmoved == other.unmoved
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.ep == other.ep
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.by_player.hash(state);
        self.by_kind.hash(state);
        self.to_move.hash(state);
        self.unmoved.hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
        self.ep.hash(state);
        self.rules.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("by_player", &self.by_player)
            .field("by_kind", &self.by_kind)
            .field("to_move", &self.to_move)
            .field("unmoved", &self.unmoved)
            .field("halfmove", &self.halfmove)
            .field("fullmove", &self.fullmove)
            .field("ep", &self.ep)
            .field("rules", &self.rules)
            .finish()
    }
}

/// A move of one man from a tile to a tile (a capture if an enemy stands there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Source tile.
    pub from: Cell,
    /// Destination tile.
    pub to: Cell,
    /// The kind a pawn promotes to on reaching a promotion tile (a stack for uplift, 03 §3.6-3.8).
    pub promote: Option<Kind>,
    /// `Some(Pawn)` for a pawn: an en passant capture (04 §3.2), `to` being the path tile.
    /// For a move of a stack: `None` moves the whole stack (to an overlap tile), `Some(Bishop)` or
    /// `Some(Duke)` emits that sub-piece (decay, or teleport onto a friendly lone piece of the
    /// other kind) and leaves the other on the source (03 §2.3 rows 1-4).
    pub part: Option<Kind>,
    /// For a fission (03 §2.4.5): the duke's destination; `to` is then the bishop's.
    pub fission: Option<Cell>,
    /// For a castle (04 §4-5): the rooks' destinations; `from` and `to` are then the king's.
    pub castle: Option<Castle>,
}

/// The rooks' part of a castle (04 §5.2): where each castling rook lands. The king rook starts on
/// the KR level (7) of the home column, the queen rook on the QR level (0); a vertical castle moves
/// one of them, a royal castle one or both (double castling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Castle {
    /// The king rook's destination, if it castles.
    pub king_rook: Option<Cell>,
    /// The queen rook's destination, if it castles.
    pub queen_rook: Option<Cell>,
}

impl Move {
    /// A plain move (no promotion).
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promote: None,
            part: None,
            fission: None,
            castle: None,
        }
    }
}

/// The home column pieces by level, bottom (QR) to top (KR) (01 §2).
pub const HOME: [Kind; 8] = [
    Kind::Rook,
    Kind::Knight,
    Kind::Stack,
    Kind::Queen,
    Kind::King,
    Kind::Stack,
    Kind::Knight,
    Kind::Rook,
];

impl Position {
    /// An empty board, White to move.
    pub fn empty() -> Position {
        Position {
            by_player: [CellSet::EMPTY; 2],
            by_kind: [CellSet::EMPTY; 8],
            to_move: Player(0),
            unmoved: CellSet::EMPTY,
            halfmove: 0,
            fullmove: 1,
            ep: None,
            rules: GoffRules::default(),
            planes: [0; NPLANES],
        }
    }

    /// The starting lineup: each side's home column (1,1) holds R N S Q K S N R from the QR level
    /// up, with a pawn on 2,2 of every level (01 §2).
    pub fn start() -> Position {
        let mut p = Position::empty();
        for z in 0..8i8 {
            let k = HOME[z as usize];
            p.put(
                tile(z, 0, 0),
                Piece {
                    player: Player(0),
                    kind: k,
                },
            );
            p.put(
                tile(z, 1, 1),
                Piece {
                    player: Player(0),
                    kind: Kind::Pawn,
                },
            );
            p.put(
                tile(z, 7, 7),
                Piece {
                    player: Player(1),
                    kind: k,
                },
            );
            p.put(
                tile(z, 6, 6),
                Piece {
                    player: Player(1),
                    kind: Kind::Pawn,
                },
            );
        }
        p.unmoved = p.occupied();
        p
    }

    /// The man on a tile.
    #[inline]
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        let player = if self.by_player[0].contains(c) {
            Player(0)
        } else if self.by_player[1].contains(c) {
            Player(1)
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|&k| self.by_kind[k as usize].contains(c))?;
        Some(Piece { player, kind })
    }

    /// Every occupied tile.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.by_player[0] | self.by_player[1]
    }

    /// A player's men.
    #[inline]
    pub fn of_player(&self, p: Player) -> Bits {
        self.by_player[p.index()]
    }

    /// The men of one kind (both sides).
    #[inline]
    pub fn of_kind(&self, k: Kind) -> Bits {
        self.by_kind[k as usize]
    }

    /// Puts a man on a tile (replacing whatever stood there).
    pub fn put(&mut self, c: Cell, pc: Piece) {
        let before = self.occupied();
        self.put_raw(c, pc);
        self.sync_planes(&before);
    }

    /// Empties a tile.
    pub fn remove(&mut self, c: Cell) {
        let before = self.occupied();
        self.remove_raw(c);
        self.sync_planes(&before);
    }

    /// [`Position::put`] without the planes (the caller syncs them).
    #[inline]
    fn put_raw(&mut self, c: Cell, pc: Piece) {
        self.remove_raw(c);
        self.by_player[pc.player.index()].insert(c);
        self.by_kind[pc.kind as usize].insert(c);
    }

    /// [`Position::remove`] without the planes.
    #[inline]
    fn remove_raw(&mut self, c: Cell) {
        for s in self.by_player.iter_mut().chain(self.by_kind.iter_mut()) {
            s.remove(c);
        }
        self.unmoved.remove(c);
    }

    /// Brings the planes in step with the men after changes made from the occupancy `before`.
    #[inline]
    fn sync_planes(&mut self, before: &Bits) {
        let diff = *before ^ self.occupied();
        for c in diff {
            fast::toggle(&mut self.planes, c);
        }
    }

    /// The kind of the man on a tile known to hold one.
    #[inline]
    pub(crate) fn kind_at(&self, c: Cell) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|&k| self.by_kind[k as usize].contains(c))
    }

    /// The rule options this position is played under.
    pub fn rules(&self) -> &GoffRules {
        &self.rules
    }

    /// The same position under other rule options.
    pub fn with_rules(mut self, rules: GoffRules) -> Position {
        self.rules = rules;
        self
    }

    /// The side to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, p: Player) {
        self.to_move = p;
    }

    /// The men that have not moved.
    pub fn unmoved(&self) -> Bits {
        self.unmoved
    }

    /// Sets the unmoved men (castling rights live in them, 04 §5.5; a constructed position starts
    /// with none).
    pub fn set_unmoved(&mut self, unmoved: Bits) {
        self.unmoved = unmoved & self.occupied();
    }

    /// The double advance `(origin, destination)` just made, open to en passant (04 §3).
    pub fn en_passant(&self) -> Option<(Cell, Cell)> {
        self.ep
    }

    /// Sets the double advance open to en passant.
    pub fn set_en_passant(&mut self, ep: Option<(Cell, Cell)>) {
        self.ep = ep;
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number (1 at the start, counted up after each Black move).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// A player's king, if there is one.
    pub fn king(&self, p: Player) -> Option<Cell> {
        (self.by_kind[Kind::King as usize] & self.by_player[p.index()]).first_cell()
    }

    /// The position after moving the man on `m.from` to `m.to` (capturing what stands there, or
    /// uplifting a friendly bishop or duke into a stack), promoting a pawn to `m.promote`, and
    /// passing the turn.
    pub fn after(&self, m: &Move) -> Position {
        let mut p = self.clone();
        let before = self.occupied();
        p.ep = None;
        let pc = self.piece_at(m.from).expect("a man on the source");
        if pc.kind == Kind::Pawn && m.part == Some(Kind::Pawn) {
            // En passant (04 §3.2): to the path tile, the doubly advanced pawn is removed.
            if let Some((_, d)) = self.ep {
                p.remove_raw(d);
            }
        } else if pc.kind == Kind::Pawn && crate::pawn::is_start_tile(pc.player, m.from) {
            let (f, t) = (crate::tile::Tile::of(m.from), crate::tile::Tile::of(m.to));
            if (t.a - f.a).abs() == 2 || (t.b - f.b).abs() == 2 {
                p.ep = Some((m.from, m.to));
            }
        }
        let capture = self.of_player(Player(1 - pc.player.0)).contains(m.to);
        if let Some(c) = m.castle {
            // 04 §5.5: king and rook(s) move at once; nothing is captured.
            let (_, kr0, qr0) = crate::castling::home_tiles(pc.player);
            p.remove_raw(m.from);
            p.put_raw(m.to, pc);
            let rook = Piece {
                player: pc.player,
                kind: Kind::Rook,
            };
            for (origin, to) in [(kr0, c.king_rook), (qr0, c.queen_rook)] {
                if let Some(to) = to {
                    p.remove_raw(origin);
                    p.put_raw(to, rook);
                }
            }
            p.halfmove = self.halfmove.saturating_add(1);
            if self.to_move.0 == 1 {
                p.fullmove = p.fullmove.saturating_add(1);
            }
            p.to_move = Player(1 - self.to_move.0);
            p.sync_planes(&before);
            return p;
        }
        if let Some(y) = m.fission {
            let theirs = self.of_player(Player(1 - pc.player.0));
            let capture = theirs.contains(m.to) || theirs.contains(y);
            p.remove_raw(m.from);
            p.remove_raw(m.to);
            p.remove_raw(y);
            for (c, k) in [(m.to, Kind::Bishop), (y, Kind::Duke)] {
                p.by_player[pc.player.index()].insert(c);
                p.by_kind[k as usize].insert(c);
            }
            p.halfmove = if capture {
                0
            } else {
                self.halfmove.saturating_add(1)
            };
            if self.to_move.0 == 1 {
                p.fullmove = p.fullmove.saturating_add(1);
            }
            p.to_move = Player(1 - self.to_move.0);
            p.sync_planes(&before);
            return p;
        }
        let mine = self.of_player(pc.player).contains(m.to);
        p.remove_raw(m.from);
        p.remove_raw(m.to);
        let arriving = match m.part.filter(|_| pc.kind == Kind::Stack) {
            Some(k) => {
                // Decay / teleport: the other sub-piece stays on the source.
                let stay = if k == Kind::Bishop {
                    Kind::Duke
                } else {
                    Kind::Bishop
                };
                p.by_player[pc.player.index()].insert(m.from);
                p.by_kind[stay as usize].insert(m.from);
                k
            }
            None => m.promote.unwrap_or(pc.kind),
        };
        // A bishop or duke arriving on a friendly lone piece of the other kind (teleport,
        // recombination) makes a stack; uplift is a promotion to the stack.
        let kind = if mine && matches!(arriving, Kind::Bishop | Kind::Duke) {
            Kind::Stack
        } else {
            arriving
        };
        p.by_player[pc.player.index()].insert(m.to);
        p.by_kind[kind as usize].insert(m.to);
        p.halfmove = if capture || pc.kind == Kind::Pawn {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.to_move.0 == 1 {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.to_move = Player(1 - self.to_move.0);
        p.sync_planes(&before);
        p
    }

    /// Every tile (a convenience for iteration).
    pub fn board() -> Bits {
        CellSet([u64::MAX; 8])
    }
}
