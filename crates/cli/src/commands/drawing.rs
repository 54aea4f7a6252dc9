//! The board drawings the command line prints (`show`, `play`, `replay --boards`): the variant's
//! drawing with the last move's cells marked `*` and a king in check marked `!` (the mark stands
//! in place of the space before the man, so it reads in plain text), a line under the board for
//! each, ANSI colour on the marked men only when the output is a terminal, and the legend of the
//! piece letters.

use spacechess::{Cell, Variant};

/// The mark of the cells the last move left, landed on and captured on.
pub const MOVE_MARK: char = '*';
/// The mark of a king in check.
pub const CHECK_MARK: char = '!';

/// ANSI colour of the last move's men (bold yellow).
const MOVE_COLOUR: &str = "\x1b[1;33m";
/// ANSI colour of a king in check (bold red).
const CHECK_COLOUR: &str = "\x1b[1;31m";
/// ANSI reset.
const RESET: &str = "\x1b[0m";

/// True if drawings written to stdout should be coloured: stdout is a terminal and `NO_COLOR` is
/// not set.
pub fn colour_on_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// The drawing of `pos` with the last move (`last`: the position it was played from and the
/// move) marked [`MOVE_MARK`] on every cell it left, landed on or captured on, and the king of
/// the side to move, when in check, marked [`CHECK_MARK`]; under the board a line for each
/// (`last move: d8h4 (* before d8, h4)`, `check: White's king on e1 (! before it)`, the cells
/// named as the board model names them). With `colour` the marked men are coloured as well.
pub fn drawing<V: Variant>(
    v: &V,
    pos: &V::Position,
    last: Option<(&V::Position, &V::Move)>,
    colour: bool,
) -> String {
    let board = v.board();
    let mut marks: Vec<(Cell, char)> = Vec::new();
    let mut notes = Vec::new();
    if let Some((before, mv)) = last {
        let info = v.move_info(before, mv);
        for &c in info.from.iter().chain(&info.to).chain(&info.captures) {
            if !marks.iter().any(|(m, _)| *m == c) {
                marks.push((c, MOVE_MARK));
            }
        }
        let names: Vec<&str> = marks.iter().map(|&(c, _)| board.name(c)).collect();
        notes.push(format!(
            "last move: {} ({MOVE_MARK} before {})",
            v.move_text(before, mv),
            names.join(", ")
        ));
    }
    if v.in_check(pos) {
        let me = v.to_move(pos);
        let kings: Vec<Cell> = v
            .men(pos)
            .iter()
            .filter(|m| m.player == me && m.piece == 'K')
            .map(|m| m.cell)
            .collect();
        let names: Vec<&str> = kings.iter().map(|&k| board.name(k)).collect();
        for &k in &kings {
            marks.retain(|(c, _)| *c != k);
            marks.push((k, CHECK_MARK));
        }
        let who = v.players().name(me);
        notes.push(if names.is_empty() {
            format!("check: {who} is in check")
        } else {
            format!(
                "check: {who}'s king on {} ({CHECK_MARK} before it)",
                names.join(" and ")
            )
        });
    }
    let mut out = v.draw_marked(pos, &marks);
    if colour && !marks.is_empty() {
        out = colourise(&v.draw(pos), &out);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    for n in notes {
        out.push_str(&n);
        out.push('\n');
    }
    out
}

/// Colours the marks of `marked` (the same drawing as `plain` with marks in place of some
/// spaces) and the men after them: a character that differs from `plain` is a mark, and the
/// man is what follows it up to the next space.
pub fn colourise(plain: &str, marked: &str) -> String {
    let mut out = String::with_capacity(marked.len() + 64);
    let mut plain_lines = plain.split('\n');
    for (i, line) in marked.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let p: Vec<char> = plain_lines.next().unwrap_or("").chars().collect();
        let chars: Vec<char> = line.chars().collect();
        let mut in_mark = false;
        for (j, &c) in chars.iter().enumerate() {
            let is_mark = p.get(j) != Some(&c) && (c == MOVE_MARK || c == CHECK_MARK);
            if is_mark {
                if in_mark {
                    out.push_str(RESET);
                }
                out.push_str(if c == CHECK_MARK {
                    CHECK_COLOUR
                } else {
                    MOVE_COLOUR
                });
                in_mark = true;
            } else if in_mark && c == ' ' {
                out.push_str(RESET);
                in_mark = false;
            }
            out.push(c);
        }
        if in_mark {
            out.push_str(RESET);
        }
    }
    out
}

/// The legend of the piece letters (from [`Variant::piece_names`]): `pieces: P pawn, N knight,
/// ...`, with which case is whose in a two-player game.
pub fn legend<V: Variant>(v: &V) -> String {
    let pieces: Vec<String> = v
        .piece_names()
        .iter()
        .map(|(letter, name)| format!("{letter} {}", name.to_lowercase()))
        .collect();
    let players = v.players();
    let cases = if players.count() == 2 {
        format!(
            " ({} upper case, {} lower case)",
            players.name(spacechess::Player(0)),
            players.name(spacechess::Player(1))
        )
    } else {
        String::new()
    };
    format!("pieces: {}{cases}\n", pieces.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_goes_on_the_marks_and_their_men_only() {
        let plain = " 2 P P P\n 1 R N K\n";
        let marked = " 2 P P*P\n 1 R N!K\n";
        assert_eq!(
            colourise(plain, marked),
            " 2 P P\x1b[1;33m*P\x1b[0m\n 1 R N\x1b[1;31m!K\x1b[0m\n"
        );
        // A `*` that is in the plain drawing too (Spectral's legend) is no mark.
        assert_eq!(colourise("a *de45 b", "a *de45 b"), "a *de45 b");
    }
}
