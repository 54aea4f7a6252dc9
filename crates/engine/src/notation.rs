//! Names of cells: the generic n-dimensional names, and the trait a variant implements for its own.

use spacechess_geometry::{Cell, Shape, Vector};

/// A variant's names for cells, and the style of its move text.
pub trait Notation: Send + Sync {
    /// The name of a cell.
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String;
    /// The cell a name names.
    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell>;
    /// True for pure coordinate moves (`e2e4`, `e7e8q`); false for `Aa2-Aa3`, `Bb2xCc3`, `=Q`.
    fn coordinate_moves(&self) -> bool {
        false
    }
}

/// The generic names (see docs/formats.md): 1D `a`; 2D file letter and rank number `e4`; 3D level
/// letter (upper case), file letter, rank number `Cc3`; 4D and more, the 1-based coordinates in
/// parentheses `(1,2,3,4)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenericNotation;

impl Notation for GenericNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        generic_cell_name(shape, cell)
    }
    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        parse_generic_cell(shape, text)
    }
}

/// The generic name of a cell (see [`GenericNotation`]).
pub fn generic_cell_name(shape: &Shape, cell: Cell) -> String {
    let c = shape.coords(cell);
    let file = |x: i8| (b'a' + x as u8) as char;
    match shape.ndim() {
        1 => file(c.get(0)).to_string(),
        2 => format!("{}{}", file(c.get(0)), c.get(1) + 1),
        3 => format!(
            "{}{}{}",
            (b'A' + c.get(2) as u8) as char,
            file(c.get(0)),
            c.get(1) + 1
        ),
        _ => {
            let parts: Vec<String> = c.as_slice().iter().map(|x| (x + 1).to_string()).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// Reads a generic cell name (see [`GenericNotation`]).
pub fn parse_generic_cell(shape: &Shape, text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    let file = |ch: u8| ch.is_ascii_lowercase().then(|| (ch - b'a') as i8);
    let rank = |s: &str| -> Option<i8> {
        if s.is_empty()
            || s.len() > 2
            || !s.bytes().all(|d| d.is_ascii_digit())
            || s.starts_with('0')
        {
            return None;
        }
        s.parse::<i8>().ok().map(|r| r - 1)
    };
    let coords: Vec<i8> = match shape.ndim() {
        1 if b.len() == 1 => vec![file(b[0])?],
        2 if b.len() >= 2 => vec![file(b[0])?, rank(&text[1..])?],
        3 if b.len() >= 3 && b[0].is_ascii_uppercase() => {
            vec![file(b[1])?, rank(&text[2..])?, (b[0] - b'A') as i8]
        }
        n if n >= 4 => {
            let inner = text.strip_prefix('(')?.strip_suffix(')')?;
            let v: Vec<i8> = inner
                .split(',')
                .map(|s| rank(s.trim()))
                .collect::<Option<_>>()?;
            if v.len() != n {
                return None;
            }
            v
        }
        _ => return None,
    };
    shape.cell(&Vector::new(&coords))
}
