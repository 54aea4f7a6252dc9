//! Cell names as Parton writes them: Sphinx `g13` (board letter, square number), reduced Sphinx
//! `e4` (the ordinary board), Ecila `A1` (Cube letter, cell number).
//!
//! Engine axes, the outer group first (docs/formats.md): Sphinx `(C, R, c, r)` (board column and
//! row in the array, square column and row on the small board), Ecila `(X, Y, Z, x, y, z)`.

use spacechess_engine::Notation;
use spacechess_geometry::{Cell, Shape, Vector};

/// Reads a number without sign or leading zero in `1..=max`.
fn number(text: &str, max: usize) -> Option<usize> {
    if text.is_empty() || text.len() > 2 || text.starts_with('0') {
        return None;
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = text.parse().ok()?;
    (1..=max).contains(&n).then_some(n)
}

/// Sphinx Chess names: board letter `a`..`i` (a b c at Black's side, g h i at White's) and square
/// number `1`..`16` (row by row from the top-left as White sees the board), e.g. `g13`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SphinxNotation;

impl SphinxNotation {
    /// The spec's coordinates `(R, C, r, c)` of a cell (sphinx.md section 1).
    pub fn spec_coords(shape: &Shape, cell: Cell) -> [i8; 4] {
        let v = shape.coords(cell);
        [v.get(1), v.get(0), v.get(3), v.get(2)]
    }

    /// The cell of the spec's coordinates `(R, C, r, c)`.
    pub fn from_spec_coords(shape: &Shape, rcrc: [i8; 4]) -> Option<Cell> {
        shape.cell(&Vector::new(&[rcrc[1], rcrc[0], rcrc[3], rcrc[2]]))
    }
}

impl Notation for SphinxNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        let [big_r, big_c, r, c] = Self::spec_coords(shape, cell);
        let rows = shape.extent(1) as i8;
        let cols = shape.extent(0) as i8;
        let letter = (rows - 1 - big_r) * cols + big_c;
        let side = shape.extent(2) as i8;
        let number = (side - 1 - r) * side + c + 1;
        format!("{}{number}", (b'a' + letter as u8) as char)
    }

    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        let first = *b.first()?;
        if !first.is_ascii_lowercase() {
            return None;
        }
        let rows = shape.extent(1);
        let cols = shape.extent(0);
        let letter = (first - b'a') as usize;
        if letter >= rows * cols {
            return None;
        }
        let side = shape.extent(2);
        let n = number(&text[1..], side * side)? - 1;
        let big_r = (rows - 1 - letter / cols) as i8;
        let big_c = (letter % cols) as i8;
        let r = (side - 1 - n / side) as i8;
        let c = (n % side) as i8;
        Self::from_spec_coords(shape, [big_r, big_c, r, c])
    }
}

/// Reduced Sphinx names: the ordinary board's `a1`..`h8`. File `f` (0-7) and rank `k` (0-7) are
/// `f = 4C + c`, `k = 4R + r` (sphinx.md section 6).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReducedNotation;

impl ReducedNotation {
    /// The file (0-7) and rank (0-7) of a cell on the ordinary board.
    pub fn file_rank(shape: &Shape, cell: Cell) -> (i8, i8) {
        let v = shape.coords(cell);
        let side = shape.extent(2) as i8;
        (v.get(0) * side + v.get(2), v.get(1) * side + v.get(3))
    }

    /// The cell of a file and rank (0-7).
    pub fn from_file_rank(shape: &Shape, file: i8, rank: i8) -> Option<Cell> {
        let side = shape.extent(2) as i8;
        if file < 0 || rank < 0 {
            return None;
        }
        shape.cell(&Vector::new(&[
            file / side,
            rank / side,
            file % side,
            rank % side,
        ]))
    }
}

impl Notation for ReducedNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        let (f, k) = Self::file_rank(shape, cell);
        format!("{}{}", (b'a' + f as u8) as char, k + 1)
    }

    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        let first = *b.first()?;
        if !first.is_ascii_lowercase() {
            return None;
        }
        let side = shape.extent(0) * shape.extent(2);
        let rank = number(&text[1..], side)? as i8 - 1;
        let file = (first - b'a') as i8;
        if file as usize >= side {
            return None;
        }
        Self::from_file_rank(shape, file, rank)
    }
}

/// Ecila names: Cube letter `A`..`H` and cell number (`1`..`8`, or `1`..`27` with 27-cell Cubes),
/// e.g. `A1`. Cubes seen from above: upper `(A B)(C D)`, lower `(E F)(G H)`, E under A; cells seen
/// from above, top layer first, each layer row by row (ecila.md section 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct EcilaNotation;

impl EcilaNotation {
    /// The spec's coordinates `(X, Y, Z, x, y, z)` of a cell.
    pub fn spec_coords(shape: &Shape, cell: Cell) -> [i8; 6] {
        let v = shape.coords(cell);
        [v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5)]
    }

    /// The cell of the spec's coordinates `(X, Y, Z, x, y, z)`.
    pub fn from_spec_coords(shape: &Shape, c: [i8; 6]) -> Option<Cell> {
        shape.cell(&Vector::new(&c))
    }

    /// The Cube letter's index (A = 0) and the cell number (from 1) of a cell.
    pub fn cube_and_number(shape: &Shape, cell: Cell) -> (usize, usize) {
        let [big_x, big_y, big_z, x, y, z] = Self::spec_coords(shape, cell);
        let n = shape.extent(3);
        let cube = (1 - big_z as usize) * 4 + big_y as usize * 2 + big_x as usize;
        let layer = n - 1 - z as usize;
        (cube, layer * n * n + y as usize * n + x as usize + 1)
    }
}

impl Notation for EcilaNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        let (cube, k) = Self::cube_and_number(shape, cell);
        format!("{}{k}", (b'A' + cube as u8) as char)
    }

    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        let first = b.first()?.to_ascii_uppercase();
        if !(b'A'..=b'H').contains(&first) {
            return None;
        }
        let cube = (first - b'A') as i8;
        let n = shape.extent(3);
        let k = number(&text[1..], n * n * n)? - 1;
        let layer = k / (n * n);
        let j = k % (n * n);
        Self::from_spec_coords(
            shape,
            [
                cube % 2,
                (cube / 2) % 2,
                1 - cube / 4,
                (j % n) as i8,
                (j / n) as i8,
                (n - 1 - layer) as i8,
            ],
        )
    }
}
