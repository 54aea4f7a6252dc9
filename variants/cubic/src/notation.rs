//! Cell names: the book notation of Raumschach and Parton (`Cc3`: level letter, file letter, rank
//! digit) and the 8x8x8 game's file letter, rank number and level colour (`D4Yellow`).

use spacechess_engine::{Engine, GenericNotation, Notation};
use spacechess_geometry::{Cell, Shape, Vector};
use spacechess_variant::{BoardModel, CellInfo, Panel, Variant};

/// Raumschach and Parton: level letter `A`.. (A lowest), file letter `a`.., rank number from 1,
/// e.g. `Cc3`; moves `Bc1-Ec4`, `Cc3xDc4`, `Dd4-Ee5=Q`. This is the engine's generic 3D name.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelNotation;

impl Notation for LevelNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        GenericNotation.cell_name(shape, cell)
    }
    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        GenericNotation.parse_cell(shape, text)
    }
}

/// The level colours of the 8x8x8 game, from level 0 (bottom, Black) to level 7 (top, White).
pub const COLOURS: [&str; 8] = [
    "Black", "Purple", "Blue", "Green", "Yellow", "Orange", "Red", "White",
];

/// Short forms accepted when reading (the rule text writes `D4Bk`, `D1P`, `D4W`).
const SHORT: [&str; 8] = ["Bk", "P", "Bu", "G", "Y", "O", "R", "W"];

/// 8x8x8 Cubic chess: file letter `A`..`H`, rank number `1`..`8`, level colour (`D4Yellow`).
/// Reading is case-insensitive and accepts the short colours `W R O Y G Bu P Bk` (and `Bl` for
/// Blue).
#[derive(Clone, Copy, Debug, Default)]
pub struct ColourNotation;

/// The colour name of a level (0 = Black .. 7 = White).
pub fn colour_name(level: usize) -> &'static str {
    COLOURS[level]
}

/// The level a colour name (full or short, any case) names.
pub fn parse_colour(text: &str) -> Option<usize> {
    let t = text.to_ascii_lowercase();
    COLOURS
        .iter()
        .position(|c| c.to_ascii_lowercase() == t)
        .or_else(|| SHORT.iter().position(|c| c.to_ascii_lowercase() == t))
        .or_else(|| (t == "bl").then_some(2))
}

impl Notation for ColourNotation {
    fn cell_name(&self, shape: &Shape, cell: Cell) -> String {
        let c = shape.coords(cell);
        format!(
            "{}{}{}",
            (b'A' + c.get(0) as u8) as char,
            c.get(1) + 1,
            colour_name(c.get(2) as usize)
        )
    }
    fn parse_cell(&self, shape: &Shape, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if b.len() < 3 || !b[0].is_ascii_alphabetic() || !b[1].is_ascii_digit() {
            return None;
        }
        let x = (b[0].to_ascii_uppercase() - b'A') as i8;
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits != 1 || b[1] == b'0' {
            return None;
        }
        let y = (b[1] - b'1') as i8;
        let z = parse_colour(&text[2..])? as i8;
        shape.cell(&Vector::new(&[x, y, z]))
    }
}

/// The board model of the 8x8x8 drawing: one panel per level named by its colour, White (the
/// top level) first; rows are ranks 8 down to 1, columns files A to H; panels side by side as
/// many as fit 80 characters (four, or two when four players' men take two characters).
/// Coordinates are the engine's `(file, rank, level)` from 0.
pub fn colour_board<const W: usize>(e: &Engine<W>) -> BoardModel {
    let shape = e.shape();
    let (w, h, levels) = (shape.extent(0), shape.extent(1), shape.extent(2));
    let panels = (0..levels)
        .rev()
        .map(|z| Panel {
            name: colour_name(z).to_string(),
            rows: h,
            columns: w,
            grid_row: 0,
            grid_column: 0,
        })
        .collect();
    let cells = shape
        .cells()
        .map(|cell| {
            let v = shape.coords(cell);
            let (x, y, z) = (v.get(0) as usize, v.get(1) as usize, v.get(2) as usize);
            CellInfo {
                cell,
                name: e.cell_name(cell),
                coords: v.as_slice().iter().map(|&c| i32::from(c)).collect(),
                panel: levels - 1 - z,
                row: h - 1 - y,
                column: x,
                point: false,
            }
        })
        .collect();
    let mut model = BoardModel::new(cells, panels);
    // As multi::draw_colour_levels: a rank digit and a space, then a man per cell padded to 2
    // (3 with four players, whose men may take two characters), two spaces between panels.
    let wide = e.players().count() > 2;
    let (cell_w, token) = if wide { (3, 2) } else { (2, 1) };
    let row = 2 + cell_w * (w - 1) + token;
    let label = COLOURS.iter().map(|c| c.len()).max().unwrap_or(0);
    model.arrange(row.max(label) + 2);
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_names_round_trip() {
        let s = Shape::new(&[8, 8, 8]).unwrap();
        for c in s.cells() {
            let n = ColourNotation.cell_name(&s, c);
            assert_eq!(ColourNotation.parse_cell(&s, &n), Some(c), "{n}");
            assert_eq!(
                ColourNotation.parse_cell(&s, &n.to_ascii_lowercase()),
                Some(c)
            );
        }
        // cubic8.md §1: D4Yellow = (3,3,4).
        let d4y = ColourNotation.parse_cell(&s, "D4Yellow").unwrap();
        assert_eq!(s.coords(d4y), Vector::new(&[3, 3, 4]));
        assert_eq!(
            ColourNotation.parse_cell(&s, "D4Bk"),
            s.cell(&Vector::new(&[3, 3, 0]))
        );
        for bad in ["D9Yellow", "I4Yellow", "D4Pink", "D04Red", "D4", "4DRed"] {
            assert_eq!(ColourNotation.parse_cell(&s, bad), None, "{bad}");
        }
    }
}
