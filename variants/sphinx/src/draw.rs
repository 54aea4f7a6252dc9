//! Drawings for a terminal: the Sphinx board as its 3x3 arrangement of small boards, the reduced
//! board as an 8x8 board with its quarter boards marked, the Ecila board as its platforms.

use crate::notation::{EcilaNotation, ReducedNotation, SphinxNotation};
use spacechess_engine::{Engine, Position};
use spacechess_geometry::Cell;
use spacechess_variant::Variant;

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
/// row by row from its top-left.
pub fn sphinx<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> String {
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

/// Reduced Sphinx: the ordinary board, White at the bottom, the four quarter boards framed.
pub fn reduced<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> String {
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
/// above, each miniature board's rows as the cell numbers run (`1 2` over `3 4`).
pub fn ecila<const W: usize>(e: &Engine<W>, pos: &Position<W>, hand: Option<&str>) -> String {
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
                let mut label = String::new();
                for big_x in 0..2i8 {
                    let letter = (b'A' + ((1 - big_z) * 4 + big_y * 2 + big_x) as u8) as char;
                    label.push_str(&format!("{:<width$}", letter, width = 2 * n as usize + 2));
                }
                lines.push(label.trim_end().to_string());
                for y in 0..n {
                    let mut line = String::new();
                    for big_x in 0..2i8 {
                        for x in 0..n {
                            let cell = EcilaNotation::from_spec_coords(
                                shape,
                                [big_x, big_y, big_z, x, y, z],
                            )
                            .expect("inside the board");
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
