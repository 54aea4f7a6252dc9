//! Move and board geometry, for every variant: what a move does on the board ([`MoveInfo`]), the
//! men of a position ([`Man`]), and what the board looks like ([`BoardModel`]: every cell with its
//! name, its coordinates and its place in the terminal drawing).
//!
//! These are computed on demand from the variant's own positions and moves (never on the move
//! generator's path); a web board, a UCI front end or a test reads them instead of parsing texts.
//! All of them serialise with serde.

use crate::player::Player;
use bitvec::vec::BitVec;
use serde::{Deserialize, Serialize};
use spacechess_geometry::{Cell, Shape};

/// What kind of move a [`MoveInfo`] describes.
///
/// A move has exactly one kind. When several would apply, the first of this order wins:
/// `Placement`, `Castle` / `DoubleCastle`, `Fission`, `Teleport`, `Decay`, `Recombination`,
/// `EnPassant`, `Promotion`, `Capture`, `Plain`. Captures are never lost by this choice: every
/// captured cell is in [`MoveInfo::captures`] whatever the kind, so a capturing promotion is
/// `Promotion` with non-empty `captures`, a fission that takes a man is `Fission` with it, and
/// [`MoveInfo::is_capture`] tells a capture of any kind.
///
/// A pawn's double step is `Plain`. Spectral Realm's moves to and from the points between the
/// squares have the ordinary kinds (`Plain`, `Capture`, `Promotion`...): whether a cell is a point
/// is a property of the board, [`CellInfo::point`].
///
/// ```
/// use spacechess_variant::MoveKind;
/// assert_eq!(ron::to_string(&MoveKind::EnPassant).unwrap(), "EnPassant");
/// assert!(MoveKind::Castle.is_castle() && MoveKind::DoubleCastle.is_castle());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoveKind {
    /// A man moves to an empty cell (a pawn's double step too).
    Plain,
    /// A man moves to a cell and captures the man there.
    Capture,
    /// A pawn captures a pawn that has just passed it: the captured cell is not the cell it lands
    /// on.
    EnPassant,
    /// The king and one rook move at once (`from` and `to` hold the king's cells first, then the
    /// rook's).
    Castle,
    /// Goff's double castle: the king and both rooks move at once (three men).
    DoubleCastle,
    /// A pawn becomes another piece ([`MoveInfo::promotion`]); Goff's uplift onto a friendly
    /// bishop or duke is a promotion to the stack `S`.
    Promotion,
    /// A new man is put on an empty cell (Ecila's opening phase): no `from` cell.
    Placement,
    /// Goff: a stack splits, its bishop and its duke landing on two cells (one `from`, two `to`).
    Fission,
    /// Goff: a stack sends out its bishop or its duke; the other stays on the stack's cell.
    Decay,
    /// Goff: a stack sends its bishop or duke onto a friendly lone man of the other kind, where
    /// they form a new stack; the other sub-piece stays on the stack's cell.
    Teleport,
    /// Goff: a lone bishop or duke moves onto a friendly lone man of the other kind and they form
    /// a stack.
    Recombination,
}

impl MoveKind {
    /// True for `Castle` and `DoubleCastle`.
    pub fn is_castle(self) -> bool {
        matches!(self, MoveKind::Castle | MoveKind::DoubleCastle)
    }
}

/// What a move does on the board: the cells it leaves, the cells it lands on, the cells where it
/// captures, the piece a pawn becomes, and its kind.
///
/// The man the move's text is about comes first in `from` and `to` (the king of a castle, the
/// stack of a fission or decay). When `from` and `to` have the same length, the man that leaves
/// `from[i]` lands on `to[i]`. `captures` are the cells of the enemy men the move removes: the
/// `to` cell for an ordinary capture, another cell for en passant.
///
/// | kind | `from` | `to` | `captures` |
/// | --- | --- | --- | --- |
/// | plain, capture, promotion | the man's cell | its destination | the destination, if occupied |
/// | en passant | the pawn's cell | the cell passed over | the passing pawn's cell |
/// | castle | king, rook | king's, rook's destinations | none |
/// | double castle | king, king rook, queen rook | their destinations | none |
/// | placement | none | the cell | none |
/// | fission | the stack | bishop's, duke's destinations | either, if an enemy stood there |
/// | decay, teleport | the stack (the other sub-piece stays) | the sub-piece's destination | the destination, if an enemy stood there (decay) |
/// | recombination | the lone bishop or duke | the friendly man it joins | none |
///
/// ```
/// use spacechess_geometry::Cell;
/// use spacechess_variant::{MoveInfo, MoveKind};
/// // e7xd8=Q on an 8x8 board (cells numbered a1 = 0, b1 = 1, ..., h8 = 63).
/// let m = MoveInfo {
///     kind: MoveKind::Promotion,
///     from: vec![Cell(52)],
///     to: vec![Cell(59)],
///     captures: vec![Cell(59)],
///     promotion: Some('Q'),
/// };
/// assert!(m.is_capture());
/// assert_eq!(
///     ron::to_string(&m).unwrap(),
///     "(kind:Promotion,from:[52],to:[59],captures:[59],promotion:Some('Q'))"
/// );
/// assert_eq!(MoveInfo::step(Cell(12), Cell(28), None).kind, MoveKind::Plain);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveInfo {
    /// The kind (see [`MoveKind`] for the precedence when several apply).
    pub kind: MoveKind,
    /// The cells the moving men leave, the principal man first (empty for a placement).
    pub from: Vec<Cell>,
    /// The cells the moving or placed men land on, in the order of `from`.
    pub to: Vec<Cell>,
    /// The cells whose (enemy) men the move removes.
    pub captures: Vec<Cell>,
    /// The letter of the piece a pawn becomes (upper case, as in the position text).
    pub promotion: Option<char>,
}

impl MoveInfo {
    /// A move of `kind` from and to these cells, capturing nothing, promoting to nothing.
    ///
    /// ```
    /// use spacechess_geometry::Cell;
    /// use spacechess_variant::{MoveInfo, MoveKind};
    /// let castle = MoveInfo::new(MoveKind::Castle, vec![Cell(4), Cell(7)], vec![Cell(6), Cell(5)]);
    /// assert!(castle.captures.is_empty() && castle.promotion.is_none());
    /// ```
    pub fn new(kind: MoveKind, from: Vec<Cell>, to: Vec<Cell>) -> MoveInfo {
        MoveInfo {
            kind,
            from,
            to,
            captures: Vec::new(),
            promotion: None,
        }
    }

    /// One man from `from` to `to`: a `Capture` of the man on `captured` if there is one
    /// (usually `to` itself), else `Plain`.
    ///
    /// ```
    /// use spacechess_geometry::Cell;
    /// use spacechess_variant::{MoveInfo, MoveKind};
    /// let m = MoveInfo::step(Cell(1), Cell(18), Some(Cell(18)));
    /// assert_eq!((m.kind, m.captures), (MoveKind::Capture, vec![Cell(18)]));
    /// ```
    pub fn step(from: Cell, to: Cell, captured: Option<Cell>) -> MoveInfo {
        MoveInfo {
            kind: if captured.is_some() {
                MoveKind::Capture
            } else {
                MoveKind::Plain
            },
            from: vec![from],
            to: vec![to],
            captures: captured.into_iter().collect(),
            promotion: None,
        }
    }

    /// True if the move removes at least one enemy man, whatever its kind.
    ///
    /// ```
    /// use spacechess_geometry::Cell;
    /// use spacechess_variant::MoveInfo;
    /// assert!(!MoveInfo::step(Cell(0), Cell(8), None).is_capture());
    /// ```
    pub fn is_capture(&self) -> bool {
        !self.captures.is_empty()
    }
}

/// A man on the board: its cell, its owner, and its piece letter as the variant's position text
/// writes it, in upper case (Goff's stack `S` and duke `D` as Goff writes them).
///
/// ```
/// use spacechess_geometry::Cell;
/// use spacechess_variant::{Man, Player};
/// let black_king = Man { cell: Cell(60), player: Player(1), piece: 'K' };
/// assert_eq!(ron::to_string(&black_king).unwrap(), "(cell:60,player:(1),piece:'K')");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Man {
    /// Where it stands.
    pub cell: Cell,
    /// Whose it is.
    pub player: Player,
    /// Its piece letter, upper case.
    pub piece: char,
}

/// A virtual piece: a man who stands on his cell in only some of the realities a position stands
/// for (Goff's quantum chess, where a position is an ensemble of classical games), with the number
/// of those realities (his weight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VirtualMan {
    /// The man: cell, owner and piece letter.
    pub man: Man,
    /// In how many of the position's realities he stands there.
    pub weight: u128,
}

/// The men of a position that stands for several realities (see [`crate::Variant::virtual_men`]):
/// how many realities there are, and every man with his weight. A man whose weight is all of the
/// realities stands there in every one of them.
///
/// ```
/// use spacechess_geometry::Cell;
/// use spacechess_variant::{Man, Player, VirtualMan, VirtualMen};
/// let rook = |cell| Man { cell: Cell(cell), player: Player(0), piece: 'R' };
/// let men = VirtualMen {
///     realities: 5,
///     men: vec![VirtualMan { man: rook(3), weight: 2 }, VirtualMan { man: rook(4), weight: 3 }],
/// };
/// assert_eq!(men.partial().count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VirtualMen {
    /// How many realities the position stands for (the sum of its games' weights).
    pub realities: u128,
    /// Every man of every reality with his weight, by cell, then player, then piece.
    pub men: Vec<VirtualMan>,
}

impl VirtualMen {
    /// The men who stand where they stand in only some of the realities.
    pub fn partial(&self) -> impl Iterator<Item = &VirtualMan> + '_ {
        self.men.iter().filter(move |m| m.weight < self.realities)
    }
}

/// Marks a cell in a line of a drawing being written (see [`crate::Variant::draw_marked`]): if
/// `cell` has a mark in `marks`, the space that ends `line` (just before where the cell's man or
/// empty-cell sign is written next) becomes the mark. A line that does not end with a space is
/// left as it is.
///
/// ```
/// use spacechess_geometry::Cell;
/// use spacechess_variant::board::mark_before;
/// let mut line = String::from(" 2 P ");
/// mark_before(&mut line, &[(Cell(9), '*')], Cell(9));
/// line.push('P');
/// assert_eq!(line, " 2 P*P");
/// ```
pub fn mark_before(line: &mut String, marks: &[(Cell, char)], cell: Cell) {
    if let Some(&(_, mark)) = marks.iter().find(|(c, _)| *c == cell) {
        if line.ends_with(' ') {
            line.pop();
            line.push(mark);
        }
    }
}

/// One panel of a board's drawing: a 2D grid of cells (a level of a 3D board, a small board of
/// Sphinx, a platform of Ecila), placed in the terminal drawing's grid of panels.
///
/// ```
/// use spacechess_variant::Panel;
/// let level = Panel { name: "level A".into(), rows: 5, columns: 5, grid_row: 0, grid_column: 0 };
/// assert_eq!(level.rows * level.columns, 25);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Panel {
    /// Its label in the drawing (`level A`, `White`, `a`, `platform 1: A-D 1-4`; empty for a
    /// plain 2D board).
    pub name: String,
    /// Rows of cells, counted from the top as drawn.
    pub rows: usize,
    /// Columns of cells, counted from the left as drawn.
    pub columns: usize,
    /// The row of panels it is drawn in (0 at the top): the drawing wraps panels to fit 80
    /// characters, or arranges them as the game's diagrams do (Sphinx's 3x3 boards).
    pub grid_row: usize,
    /// Its place in that row of panels (0 at the left).
    pub grid_column: usize,
}

/// A cell of a [`BoardModel`]: its name, coordinates and place in the drawing.
///
/// ```
/// use spacechess_geometry::Cell;
/// use spacechess_variant::CellInfo;
/// let e4 = CellInfo {
///     cell: Cell(28), name: "e4".into(), coords: vec![4, 3],
///     panel: 0, row: 4, column: 4, point: false,
/// };
/// assert_eq!(e4.coords[1] as usize, 7 - e4.row);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellInfo {
    /// The cell, as the variant's positions and moves number it.
    pub cell: Cell,
    /// Its name in the variant's notation (`Cc3`, `D4Yellow`, `g13`, `*de45`, `K4,4`).
    pub name: String,
    /// Its n-dimensional coordinates, one per axis of the variant's geometry (axis 0 first; see
    /// each variant's documentation for its axes).
    pub coords: Vec<i32>,
    /// The index of its panel in [`BoardModel::panels`].
    pub panel: usize,
    /// Its row in the panel, 0 at the top as drawn.
    pub row: usize,
    /// Its column in the panel, 0 at the left as drawn.
    pub column: usize,
    /// True for a point between squares (Spectral Realm); false for an ordinary cell.
    pub point: bool,
}

/// What a variant's board looks like: every cell with its name, its coordinates and its place in
/// the level diagram that the variant's terminal drawing uses, and the panels of that diagram.
///
/// Cells are listed by increasing [`Cell`] index. A variant whose board is a plain box gets its
/// model from [`BoardModel::from_shape`]; the others (Sphinx's boards of boards, Ecila's
/// platforms, Goff's levels, the 8x8x8 colour levels, Spectral's squares and points) build theirs
/// to match their drawing.
///
/// ```
/// use spacechess_geometry::{Cell, Shape};
/// use spacechess_variant::BoardModel;
/// let shape = Shape::new(&[3, 2]).unwrap();
/// let names = ["a1", "b1", "c1", "a2", "b2", "c2"];
/// let board = BoardModel::from_shape(&shape, |c| names[c.index()].to_string());
/// assert_eq!(board.len(), 6);
/// let b2 = board.by_name("b2").unwrap();
/// assert_eq!((b2.cell, b2.row, b2.column), (Cell(4), 0, 1));
/// assert_eq!(board.check(), Ok(()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardModel {
    /// Every cell of the board, by increasing cell index.
    pub cells: Vec<CellInfo>,
    /// The panels of the drawing, in the order the drawing shows them (left to right, then top
    /// to bottom).
    pub panels: Vec<Panel>,
}

/// The width of the terminal the drawings wrap their panels to.
pub const DRAWING_WIDTH: usize = 80;

impl BoardModel {
    /// A model from its cells (sorted here by cell index) and panels.
    pub fn new(mut cells: Vec<CellInfo>, panels: Vec<Panel>) -> BoardModel {
        cells.sort_by_key(|c| c.cell);
        BoardModel { cells, panels }
    }

    /// The default model of a box of cells, laid out as the generic engine draws it: axis 0 runs
    /// left to right, axis 1 bottom to top (row 0 is its highest coordinate); every combination
    /// of the coordinates on axes 2 and up is one panel, axis 2 varying fastest, named
    /// `level A`, `level B`... for a 3D box and `(1,2)`-style coordinates (from 1) beyond;
    /// panels are placed side by side in rows that fit [`DRAWING_WIDTH`] characters, each
    /// panel as wide as a row of one-letter men with a rank number (see [`BoardModel::arrange`]).
    /// `name` gives each cell's name in the variant's notation.
    ///
    /// ```
    /// use spacechess_geometry::Shape;
    /// use spacechess_variant::BoardModel;
    /// // Raumschach's 5x5x5: five levels side by side.
    /// let shape = Shape::new(&[5, 5, 5]).unwrap();
    /// let board = BoardModel::from_shape(&shape, |c| format!("{}", c.0));
    /// assert_eq!(board.panels.len(), 5);
    /// assert_eq!(board.panels[4].name, "level E");
    /// assert!(board.panels.iter().all(|p| p.grid_row == 0));
    /// ```
    pub fn from_shape(shape: &Shape, mut name: impl FnMut(Cell) -> String) -> BoardModel {
        let n = shape.ndim();
        let w = shape.extent(0);
        let h = if n >= 2 { shape.extent(1) } else { 1 };
        let rest: Vec<usize> = (2..n).map(|a| shape.extent(a)).collect();
        let slices: usize = rest.iter().product();
        let mut panels = Vec::with_capacity(slices);
        for s in 0..slices {
            let mut r = s;
            let mut coords = Vec::with_capacity(rest.len());
            for ext in &rest {
                coords.push(r % ext);
                r /= ext;
            }
            let name = match n {
                0..=2 => String::new(),
                3 => format!("level {}", (b'A' + coords[0] as u8) as char),
                _ => format!(
                    "({})",
                    coords
                        .iter()
                        .map(|c| (c + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                ),
            };
            panels.push(Panel {
                name,
                rows: h,
                columns: w,
                grid_row: 0,
                grid_column: 0,
            });
        }
        let cells = shape
            .cells()
            .map(|cell| {
                let v = shape.coords(cell);
                let c: Vec<i32> = v.as_slice().iter().map(|&x| i32::from(x)).collect();
                let mut panel = 0;
                let mut stride = 1;
                for (i, ext) in rest.iter().enumerate() {
                    panel += c[2 + i] as usize * stride;
                    stride *= ext;
                }
                CellInfo {
                    cell,
                    name: name(cell),
                    row: if n >= 2 { h - 1 - c[1] as usize } else { 0 },
                    column: c[0] as usize,
                    coords: c,
                    panel,
                    point: false,
                }
            })
            .collect();
        let label = panels.iter().map(|p| p.name.len()).max().unwrap_or(0);
        let mut board = BoardModel::new(cells, panels);
        // The engine's drawing: a rank number and a space, then a man and a space per cell (the
        // last space trimmed), and three spaces between panels.
        board.arrange(label.max(3 + 2 * w - 1) + 3);
        board
    }

    /// Places the panels, in order, in rows of as many panels of `panel_width` characters as fit
    /// in [`DRAWING_WIDTH`] (at least one), as the terminal drawings wrap them.
    ///
    /// ```
    /// use spacechess_geometry::Shape;
    /// use spacechess_variant::BoardModel;
    /// let mut board = BoardModel::from_shape(&Shape::new(&[8, 8, 8]).unwrap(), |c| c.0.to_string());
    /// board.arrange(27);
    /// assert_eq!((board.panels[3].grid_row, board.panels[3].grid_column), (1, 1));
    /// ```
    pub fn arrange(&mut self, panel_width: usize) {
        let per_row = (DRAWING_WIDTH / panel_width.max(1)).max(1);
        for (i, p) in self.panels.iter_mut().enumerate() {
            p.grid_row = i / per_row;
            p.grid_column = i % per_row;
        }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True if the board has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The description of a cell, if it is a cell of the board.
    ///
    /// ```
    /// use spacechess_geometry::{Cell, Shape};
    /// use spacechess_variant::BoardModel;
    /// let board = BoardModel::from_shape(&Shape::new(&[2, 2]).unwrap(), |c| c.0.to_string());
    /// assert_eq!(board.cell(Cell(3)).unwrap().name, "3");
    /// assert!(board.cell(Cell(4)).is_none());
    /// ```
    pub fn cell(&self, cell: Cell) -> Option<&CellInfo> {
        self.cells
            .binary_search_by_key(&cell, |c| c.cell)
            .ok()
            .map(|i| &self.cells[i])
    }

    /// The name of a cell (empty if it is not a cell of the board).
    pub fn name(&self, cell: Cell) -> &str {
        self.cell(cell).map_or("", |c| c.name.as_str())
    }

    /// The cell with this name, if any.
    pub fn by_name(&self, name: &str) -> Option<&CellInfo> {
        self.cells.iter().find(|c| c.name == name)
    }

    /// The cells of the board as a growable bit set indexed by cell index (bit `i` set when
    /// `Cell(i)` is a cell of the board; Spectral Realm's doubled board leaves the middles of the
    /// squares' edges out). Off the move generator's path, so a `BitVec` rather than a
    /// fixed-width cell set.
    ///
    /// ```
    /// use spacechess_geometry::Shape;
    /// use spacechess_variant::BoardModel;
    /// let board = BoardModel::from_shape(&Shape::new(&[4, 4]).unwrap(), |c| c.0.to_string());
    /// assert_eq!(board.cell_set().count_ones(), 16);
    /// ```
    pub fn cell_set(&self) -> BitVec {
        self.bits(|_| true)
    }

    /// The points between squares (Spectral Realm), as a bit set like [`BoardModel::cell_set`].
    pub fn points(&self) -> BitVec {
        self.bits(|c| c.point)
    }

    fn bits(&self, keep: impl Fn(&CellInfo) -> bool) -> BitVec {
        let len = self.cells.last().map_or(0, |c| c.cell.index() + 1);
        let mut set = BitVec::repeat(false, len);
        for c in self.cells.iter().filter(|c| keep(c)) {
            set.set(c.cell.index(), true);
        }
        set
    }

    /// Checks that the model is consistent: cells sorted and listed once, names unique and not
    /// empty, every cell on an existing panel and inside it, no two cells on the same place of a
    /// panel, every cell with as many coordinates as the first. The error names the first fault.
    ///
    /// ```
    /// use spacechess_geometry::Shape;
    /// use spacechess_variant::BoardModel;
    /// let mut board = BoardModel::from_shape(&Shape::new(&[2, 2]).unwrap(), |c| c.0.to_string());
    /// board.cells[1].row = board.cells[3].row;
    /// board.cells[1].column = board.cells[3].column;
    /// assert!(board.check().unwrap_err().contains("same place"));
    /// ```
    pub fn check(&self) -> Result<(), String> {
        let mut names = std::collections::HashSet::new();
        let offsets: Vec<usize> = self
            .panels
            .iter()
            .scan(0, |acc, p| {
                let start = *acc;
                *acc += p.rows * p.columns;
                Some(start)
            })
            .collect();
        let places: usize = self.panels.iter().map(|p| p.rows * p.columns).sum();
        let mut taken: BitVec = BitVec::repeat(false, places);
        let ndim = self.cells.first().map_or(0, |c| c.coords.len());
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 && self.cells[i - 1].cell >= c.cell {
                return Err(format!(
                    "cell {} is not after cell {}",
                    c.cell.0,
                    self.cells[i - 1].cell.0
                ));
            }
            if c.name.is_empty() || !names.insert(c.name.as_str()) {
                return Err(format!(
                    "cell {} has an empty or repeated name '{}'",
                    c.cell.0, c.name
                ));
            }
            if c.coords.len() != ndim {
                return Err(format!(
                    "cell {} has {} coordinates, not {ndim}",
                    c.name,
                    c.coords.len()
                ));
            }
            let Some(p) = self.panels.get(c.panel) else {
                return Err(format!(
                    "cell {} is on panel {}, which does not exist",
                    c.name, c.panel
                ));
            };
            if c.row >= p.rows || c.column >= p.columns {
                return Err(format!(
                    "cell {} at row {}, column {} is outside its {}x{} panel",
                    c.name, c.row, c.column, p.rows, p.columns
                ));
            }
            let place = offsets[c.panel] + c.row * p.columns + c.column;
            if taken.replace(place, true) {
                return Err(format!(
                    "cell {} is in the same place as another (panel {}, row {}, column {})",
                    c.name, c.panel, c.row, c.column
                ));
            }
        }
        Ok(())
    }
}
