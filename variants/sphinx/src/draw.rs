//! Drawings for a terminal: the Sphinx board as its 3x3 arrangement of small boards, the reduced
//! board as an 8x8 board with its quarter boards marked, the Ecila board as its platforms.

use crate::notation::{EcilaNotation, ReducedNotation, SphinxNotation};
use spacechess_engine::{Engine, Position};
use spacechess_geometry::Cell;
use spacechess_variant::board::mark_before;
use spacechess_variant::{BoardModel, CellInfo, Panel, Variant};

/// The token of the man on a cell: upper case White, lower case Black, `.` empty.
fn token<const W: usize>(e: &Engine<W>, pos: &Position<W>, cell: Cell) -> char {
    match pos.piece_at(cell) {
        None => '.',
        Some(pc) => {
            let l = e.kinds()[pc.kind as usize].letter;
            if pc.player.0 == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
    }
}

fn footer<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> String {
    format!("{} to move\n", e.players().name(pos.to_move()))
}

/// Sphinx Chess: boards a b c (Black's side) on top, g h i at the bottom; squares 1-16 of each board
/// row by row from its top-left. `marks` stand before their cells' men (see
/// `Variant::draw_marked`).
pub fn sphinx<const W: usize>(e: &Engine<W>, pos: &Position<W>, marks: &[(Cell, char)]) -> String {
    let shape = e.shape();
    let side = shape.extent(2) as i8;
    let rows = shape.extent(1) as i8;
    let cols = shape.extent(0) as i8;
    let mut out = String::new();
    for br in (0..rows).rev() {
        let mut head = String::from("  ");
        for bc in 0..cols {
            let letter = (b'a' + ((rows - 1 - br) * cols + bc) as u8) as char;
            head.push_str(&format!(
                "{:<width$}",
                letter,
                width = 2 * side as usize + 3
            ));
        }
        out.push_str(head.trim_end());
        out.push('\n');
        for r in (0..side).rev() {
            let mut line = String::from("  ");
            for bc in 0..cols {
                for c in 0..side {
                    let cell = SphinxNotation::from_spec_coords(shape, [br, bc, r, c])
                        .expect("inside the board");
                    mark_before(&mut line, marks, cell);
                    line.push(token(e, pos, cell));
                    line.push(' ');
                }
                line.push_str("   ");
            }
            let first = (side - 1 - r) * side + 1;
            line.push_str(&format!("{first}-{}", first + side - 1));
            out.push_str(&line);
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str(&footer(e, pos));
    out
}

/// Reduced Sphinx: the ordinary board, White at the bottom, the four quarter boards framed;
/// `marks` as in [`sphinx`].
pub fn reduced<const W: usize>(e: &Engine<W>, pos: &Position<W>, marks: &[(Cell, char)]) -> String {
    let shape = e.shape();
    let side = shape.extent(2);
    let quarters = shape.extent(0);
    let n = side * quarters;
    let rule = {
        let mut s = String::from("   +");
        for _ in 0..quarters {
            s.push_str(&"-".repeat(2 * side + 1));
            s.push('+');
        }
        s
    };
    let mut out = String::new();
    for k in (0..n).rev() {
        if (k + 1) % side == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        let mut line = format!("{:>2} |", k + 1);
        for f in 0..n {
            let cell =
                ReducedNotation::from_file_rank(shape, f as i8, k as i8).expect("inside the board");
            line.push(' ');
            mark_before(&mut line, marks, cell);
            line.push(token(e, pos, cell));
            if (f + 1) % side == 0 {
                line.push_str(" |");
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    let mut files = String::from("    ");
    for f in 0..n {
        files.push(' ');
        files.push((b'a' + f as u8) as char);
        if (f + 1) % side == 0 {
            files.push_str("  ");
        }
    }
    out.push_str(files.trim_end());
    out.push('\n');
    out.push_str(&footer(e, pos));
    out
}

/// Ecila: the platforms from the top down, side by side; each platform holds one layer of cells of
/// four Cubes, drawn as miniature boards `(A B)(C D)` (upper Cubes) or `(E F)(G H)` as seen from
/// above, each miniature board's rows as the cell numbers run (`1 2` over `3 4`), indented one
/// column so that every cell has a space before it for its mark (`marks` as in [`sphinx`]).
pub fn ecila<const W: usize>(
    e: &Engine<W>,
    pos: &Position<W>,
    hand: Option<&str>,
    marks: &[(Cell, char)],
) -> String {
    let shape = e.shape();
    let n = shape.extent(3) as i8;
    let mut panels: Vec<Vec<String>> = Vec::new();
    let mut platform = 0;
    for big_z in [1i8, 0] {
        for z in (0..n).rev() {
            platform += 1;
            let layer = (n - 1 - z) as usize;
            let first = layer * (n * n) as usize + 1;
            let last = first + (n * n) as usize - 1;
            let cubes = if big_z == 1 { "A-D" } else { "E-H" };
            let mut lines = vec![format!("platform {platform}: {cubes} {first}-{last}")];
            for big_y in 0..2i8 {
                let mut label = String::from(" ");
                for big_x in 0..2i8 {
                    let letter = (b'A' + ((1 - big_z) * 4 + big_y * 2 + big_x) as u8) as char;
                    label.push_str(&format!("{:<width$}", letter, width = 2 * n as usize + 2));
                }
                lines.push(label.trim_end().to_string());
                for y in 0..n {
                    let mut line = String::from(" ");
                    for big_x in 0..2i8 {
                        for x in 0..n {
                            let cell = EcilaNotation::from_spec_coords(
                                shape,
                                [big_x, big_y, big_z, x, y, z],
                            )
                            .expect("inside the board");
                            mark_before(&mut line, marks, cell);
                            line.push(token(e, pos, cell));
                            line.push(' ');
                        }
                        line.push_str("  ");
                    }
                    lines.push(line.trim_end().to_string());
                }
            }
            panels.push(lines);
        }
    }
    let width = panels.iter().flatten().map(|l| l.len()).max().unwrap_or(0) + 4;
    let per_row = (80 / width).max(1);
    let mut out = String::new();
    for chunk in panels.chunks(per_row) {
        let rows = chunk.iter().map(|p| p.len()).max().unwrap_or(0);
        for r in 0..rows {
            let mut line = String::new();
            for p in chunk {
                line.push_str(&format!(
                    "{:<width$}",
                    p.get(r).map(String::as_str).unwrap_or("")
                ));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    if let Some(h) = hand {
        out.push_str(&format!("to place: {h}\n"));
    }
    out.push_str(&footer(e, pos));
    out
}

/// A cell of a board model: the engine's coordinates and the notation's name.
fn cell_info<const W: usize>(
    e: &Engine<W>,
    cell: Cell,
    panel: usize,
    row: usize,
    column: usize,
) -> CellInfo {
    CellInfo {
        cell,
        name: e.cell_name(cell),
        coords: e
            .shape()
            .coords(cell)
            .as_slice()
            .iter()
            .map(|&c| i32::from(c))
            .collect(),
        panel,
        row,
        column,
        point: false,
    }
}

/// The model of [`sphinx`]'s drawing: the small boards `a` to `i` as panels in their 3x3
/// arrangement (`a b c` on top), each with its squares 1-16 row by row from the top-left.
/// Coordinates are the engine's `(C, R, c, r)`.
pub fn sphinx_board<const W: usize>(e: &Engine<W>) -> BoardModel {
    let shape = e.shape();
    let (cols, rows, side) = (shape.extent(0), shape.extent(1), shape.extent(2));
    let panels = (0..rows * cols)
        .map(|letter| Panel {
            name: ((b'a' + letter as u8) as char).to_string(),
            rows: side,
            columns: side,
            grid_row: letter / cols,
            grid_column: letter % cols,
        })
        .collect();
    let cells = shape
        .cells()
        .map(|cell| {
            let [big_r, big_c, r, c] = SphinxNotation::spec_coords(shape, cell).map(|x| x as usize);
            let panel = (rows - 1 - big_r) * cols + big_c;
            cell_info(e, cell, panel, side - 1 - r, c)
        })
        .collect();
    BoardModel::new(cells, panels)
}

/// The model of [`reduced`]'s drawing: one 8x8 panel, rank 8 at the top, file a at the left.
/// Coordinates are the engine's `(C, R, c, r)`.
pub fn reduced_board<const W: usize>(e: &Engine<W>) -> BoardModel {
    let shape = e.shape();
    let n = shape.extent(0) * shape.extent(2);
    let panels = vec![Panel {
        name: String::new(),
        rows: n,
        columns: n,
        grid_row: 0,
        grid_column: 0,
    }];
    let cells = shape
        .cells()
        .map(|cell| {
            let (f, k) = ReducedNotation::file_rank(shape, cell);
            cell_info(e, cell, 0, n - 1 - k as usize, f as usize)
        })
        .collect();
    BoardModel::new(cells, panels)
}

/// The model of [`ecila`]'s drawing: one panel per platform, from the top down, each holding one
/// layer of four Cubes as seen from above (`A B` over `C D`, or `E F` over `G H`), each Cube's
/// cells in rows as the cell numbers run; panels side by side as many as fit 80 characters.
/// Coordinates are the engine's `(X, Y, Z, x, y, z)`.
pub fn ecila_board<const W: usize>(e: &Engine<W>) -> BoardModel {
    let shape = e.shape();
    let n = shape.extent(3);
    let mut panels = Vec::new();
    for big_z in [1, 0] {
        for z in (0..n).rev() {
            let layer = n - 1 - z;
            let (first, last) = (layer * n * n + 1, (layer + 1) * n * n);
            let cubes = if big_z == 1 { "A-D" } else { "E-H" };
            panels.push(Panel {
                name: format!("platform {}: {cubes} {first}-{last}", panels.len() + 1),
                rows: 2 * n,
                columns: 2 * n,
                grid_row: 0,
                grid_column: 0,
            });
        }
    }
    let cells = shape
        .cells()
        .map(|cell| {
            let [big_x, big_y, big_z, x, y, z] =
                EcilaNotation::spec_coords(shape, cell).map(|v| v as usize);
            let panel = (1 - big_z) * n + (n - 1 - z);
            cell_info(e, cell, panel, big_y * n + y, big_x * n + x)
        })
        .collect();
    let mut model = BoardModel::new(cells, panels);
    // As the drawing: a man and a space per cell, two spaces between Cubes (trimmed), four
    // spaces between panels.
    let label = model.panels.iter().map(|p| p.name.len()).max().unwrap_or(0);
    model.arrange(label.max(4 * n + 1) + 4);
    model
}
