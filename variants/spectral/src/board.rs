//! The board of Spectral Realm Chess in doubled coordinates, and the names of its locations.
//!
//! The engine works on a 15x15 [`Shape`] of the geometry crate. The square on file `f`
//! (a = 0 .. h = 7) and rank `r` (0 .. 7) is the cell `(2f, 2r)`; the point between files `f, f+1`
//! and ranks `r, r+1` (`f, r` in 0 .. 6) is the cell `(2f+1, 2r+1)`. Cells with one odd and one
//! even coordinate are not locations (they are the middles of the squares' edges, never occupied).
//! These are the spec's doubled coordinates (spectral-realm.md §1) shifted by one on both axes so
//! that the box starts at 0. A half-step diagonal is the unit diagonal step `(±1, ±1)`, a full
//! orthogonal step is `(±2, 0)`, a full diagonal `(±2, ±2)`, a knight leap `(±4, ±2)`.

use spacechess_geometry::{Cell, CellSet, Shape, Vector};
use spacechess_variant::{BoardModel, CellInfo, Panel};

/// Width of the doubled board.
pub const SIZE: i8 = 15;
/// Number of cells of the doubled board (225; 113 of them are locations).
pub const CELLS: usize = (SIZE as usize) * (SIZE as usize);
/// Words of the cell sets over the doubled board.
pub const WORDS: usize = 4;
/// A set of cells of the doubled board.
pub type Set = CellSet<WORDS>;

/// The compact index of each cell of the doubled board (`NONE` for a cell that is not a
/// location): the square on file `f`, rank `r` is `8r + f` (0 .. 64), the point between files
/// `f, f+1` and ranks `r, r+1` is `64 + 8r + f` (64 .. 119). Both boards are 8-bit-wide
/// bitboards of one word (the points' file 7 and rank 7 are never occupied), which the fast
/// move generator works on.
pub(crate) static COMPACT: [u8; CELLS] = compact_table();
/// The doubled cell of each compact index (`NONE` for the points' unused bits).
pub(crate) static DOUBLED: [u8; 128] = doubled_table();
/// No location.
pub(crate) const NONE: u8 = u8::MAX;

const fn compact_table() -> [u8; CELLS] {
    let mut t = [NONE; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (x, y) = (c % 15, c / 15);
        if x % 2 == 0 && y % 2 == 0 {
            t[c] = (8 * (y / 2) + x / 2) as u8;
        } else if x % 2 == 1 && y % 2 == 1 {
            t[c] = (64 + 8 * (y / 2) + x / 2) as u8;
        }
        c += 1;
    }
    t
}

const fn doubled_table() -> [u8; 128] {
    let mut t = [NONE; 128];
    let mut i = 0;
    while i < 128 {
        let (f, r) = (i % 8, (i % 64) / 8);
        if i < 64 {
            t[i] = (2 * f + 30 * r) as u8;
        } else if f < 7 && r < 7 {
            t[i] = (2 * f + 30 * r + 16) as u8;
        }
        i += 1;
    }
    t
}

/// The compact index of a location (see [`COMPACT`]).
#[inline(always)]
pub(crate) fn compact(cell: Cell) -> usize {
    COMPACT[cell.index()] as usize
}

/// The doubled cell of a compact index.
#[inline(always)]
pub(crate) fn doubled(i: usize) -> Cell {
    Cell(DOUBLED[i] as u32)
}

/// The doubled board as a geometry shape.
pub fn shape() -> Shape {
    Shape::new(&[SIZE as usize, SIZE as usize]).expect("15x15 is a valid shape")
}

/// The cell at doubled coordinates `(x, y)`, if inside the box.
#[inline]
pub fn cell_at(x: i8, y: i8) -> Option<Cell> {
    ((0..SIZE).contains(&x) && (0..SIZE).contains(&y)).then(|| Cell((x as u32) + 15 * (y as u32)))
}

/// The doubled coordinates of a cell.
#[inline]
pub fn xy(cell: Cell) -> (i8, i8) {
    ((cell.0 % 15) as i8, (cell.0 / 15) as i8)
}

/// The coordinates as a geometry vector.
pub fn vector(cell: Cell) -> Vector {
    let (x, y) = xy(cell);
    Vector::new(&[x, y])
}

/// True for the 64 squares (both coordinates even).
#[inline]
pub fn is_square(cell: Cell) -> bool {
    let (x, y) = xy(cell);
    x % 2 == 0 && y % 2 == 0
}

/// True for the 49 points (both coordinates odd).
#[inline]
pub fn is_point(cell: Cell) -> bool {
    let (x, y) = xy(cell);
    x % 2 == 1 && y % 2 == 1
}

/// True for squares and points.
#[inline]
pub fn is_location(cell: Cell) -> bool {
    let (x, y) = xy(cell);
    x % 2 == y % 2
}

/// The 113 locations.
pub fn locations() -> Set {
    (0..CELLS as u32)
        .map(Cell)
        .filter(|&c| is_location(c))
        .collect()
}

/// The square on file `f` (0..8) and rank `r` (0..8).
pub fn square(f: i8, r: i8) -> Cell {
    cell_at(2 * f, 2 * r).expect("a square of the board")
}

/// The point between files `f, f+1` and ranks `r, r+1` (`f, r` in 0..7).
pub fn point(f: i8, r: i8) -> Cell {
    cell_at(2 * f + 1, 2 * r + 1).expect("a point of the board")
}

fn file_letter(f: i8) -> char {
    (b'a' + f as u8) as char
}

/// The name of a location: `e4` for a square, `*de45` for the point between files d, e and ranks
/// 4, 5. Cells that are not locations get their doubled coordinates in brackets.
pub fn name(cell: Cell) -> String {
    let (x, y) = xy(cell);
    if is_square(cell) {
        format!("{}{}", file_letter(x / 2), y / 2 + 1)
    } else if is_point(cell) {
        let (f, r) = (x / 2, y / 2);
        format!(
            "*{}{}{}{}",
            file_letter(f),
            file_letter(f + 1),
            r + 1,
            r + 2
        )
    } else {
        format!("[{x},{y}]")
    }
}

/// Reads a location name (`e4`, `*de45`); None if the text names no location.
pub fn parse_name(text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| (c - b'a') as i8);
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| (c - b'1') as i8);
    match b {
        [f, r] => Some(square(file(*f)?, rank(*r)?)),
        [b'*', f1, f2, r1, r2] => {
            let (f1, f2, r1, r2) = (file(*f1)?, file(*f2)?, rank(*r1)?, rank(*r2)?);
            (f2 == f1 + 1 && r2 == r1 + 1).then(|| point(f1, r1))
        }
        _ => None,
    }
}

/// The board model of the drawing: one panel of 15 rows and 15 columns in doubled coordinates,
/// as the drawing interleaves them: the 64 squares on the even rows and columns (rank 8 at the
/// top, file a at the left), the 49 points (`point: true`) on the odd ones between them.
/// Coordinates are the doubled `(x, y)` of this module; the edge middles, never occupied, are not
/// cells of the model.
pub fn model() -> BoardModel {
    let cells = locations()
        .iter()
        .map(|cell| {
            let (x, y) = xy(cell);
            CellInfo {
                cell,
                name: name(cell),
                coords: vec![i32::from(x), i32::from(y)],
                panel: 0,
                row: (SIZE - 1 - y) as usize,
                column: x as usize,
                point: is_point(cell),
            }
        })
        .collect();
    let panel = Panel {
        name: String::new(),
        rows: SIZE as usize,
        columns: SIZE as usize,
        grid_row: 0,
        grid_column: 0,
    };
    BoardModel::new(cells, vec![panel])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compact numbering (the fast generator's bitboards) is one-to-one on the locations.
    #[test]
    fn compact_indices_round_trip() {
        let mut seen = 0;
        for c in locations() {
            let i = compact(c);
            assert!(i < 128 && DOUBLED[i] != NONE, "{}", name(c));
            assert_eq!(doubled(i), c);
            seen += 1;
        }
        assert_eq!(seen, 113);
        assert_eq!(DOUBLED.iter().filter(|&&d| d != NONE).count(), 113);
        assert_eq!(compact(square(4, 3)), 8 * 3 + 4);
        assert_eq!(compact(point(3, 3)), 64 + 8 * 3 + 3);
    }

    #[test]
    fn names_round_trip_for_every_location() {
        let locs = locations();
        assert_eq!(locs.len(), 113);
        for c in locs {
            assert_eq!(parse_name(&name(c)), Some(c), "{}", name(c));
        }
        assert_eq!(name(square(4, 3)), "e4");
        assert_eq!(name(point(3, 3)), "*de45");
        assert_eq!(parse_name("*ed45"), None);
        assert_eq!(parse_name("*de46"), None);
        assert_eq!(parse_name("*gh78"), Some(point(6, 6)));
        assert_eq!(parse_name("*hi12"), None);
        assert_eq!(parse_name("i1"), None);
        assert_eq!(parse_name("e9"), None);
        assert_eq!(parse_name(""), None);
    }
}
