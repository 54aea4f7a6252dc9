//! `spacechess compare`: power projection, the number of cells a piece reaches in one move on the
//! otherwise empty board, from each class of source cell (cells equivalent under the board's
//! symmetries), as Goff tabulates it (rules/goff/01 §6.2) and Dickins counts it (Raumschach's queen,
//! 52 from Cc3).
//!
//! Goff's game uses its own planar machinery (with the book's breakdown into quadrant, apex and
//! linear tiles); every engine-based game uses `Engine::reach_on_empty_board` on its rule set: the
//! built-in one of a named variant or a `--rules` file.
//!
//! `spacechess compare goff --piece queen --tile Q4,4` (or any variant and a cell name) prints one
//! man's destinations instead: for Goff grouped by plane and by kind (quadrant, apex, duplex,
//! linear), in a position given with `--position`; elsewhere the legal moves from that cell.

use crate::error::CliError;
use crate::registry::{with_variant, VariantArgs, VariantVisitor};
use spacechess::engine::{Engine, GenericNotation, RuleSet};
use spacechess::geometry::words_for;
use spacechess::{Player, Variant};
use std::any::Any;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;

/// The built-in rule set (RON) of an engine-based variant, by name.
fn built_in_rules(name: &str) -> Option<&'static str> {
    use spacechess::cubic::rules as cubic;
    Some(match name {
        "orthodox" => spacechess::orthodox::RULES,
        "raumschach" => cubic::RAUMSCHACH,
        "cubic" => cubic::CUBIC6,
        "compulsion-cubic" => cubic::COMPULSION,
        "scacia-cubic" => cubic::SCACIA,
        "tamerlane-cubic" => cubic::TAMERLANE,
        "cubic8" | "cubic8-teams" | "cubic8-true-king" => cubic::CUBIC8,
        "cubic8-4" => cubic::CUBIC8_4,
        "sphinx" | "sphinx-compulsion" | "sphinx-losing" => spacechess::sphinx::SPHINX_RULES,
        "sphinx-reduced" => spacechess::sphinx::REDUCED_RULES,
        _ => return None,
    })
}

/// The power projection table of `piece` (a letter or, for goff, a name) in `variant`.
pub fn power_projection(
    variant: &str,
    piece: &str,
    args: &VariantArgs,
) -> Result<String, CliError> {
    if variant == "goff" && args.rules.is_none() {
        let kind = spacechess::goff::Kind::parse(piece).ok_or_else(|| {
            CliError::new(format!(
                "unknown goff piece '{piece}' (K Q R B D N S P or king, queen, rook, bishop, duke, knight, stack, pawn)"
            ))
        })?;
        if matches!(
            kind,
            spacechess::goff::Kind::Pawn | spacechess::goff::Kind::Stack
        ) {
            return Err(CliError::new(
                "compare goff tabulates the planar pieces (K Q R B D N); a pawn's or a stack's \
                 moves depend on the men around it: use `spacechess piece goff TILE --position P`",
            ));
        }
        return Ok(spacechess::goff::power::report(kind));
    }
    let text = match args.rules_text()? {
        Some(t) => t,
        None => built_in_rules(variant)
            .ok_or_else(|| {
                CliError::new(format!(
                    "compare needs the rule set of '{variant}': give it with --rules FILE (RON)"
                ))
            })?
            .to_string(),
    };
    let rules = RuleSet::from_ron(&text).map_err(|e| CliError::new(format!("{variant}: {e}")))?;
    let cells: u64 = rules.board.iter().flatten().map(|&d| d as u64).product();
    let letter = match piece.chars().collect::<Vec<_>>()[..] {
        [c] => c,
        _ => {
            return Err(CliError::new(format!(
                "'{piece}': give the piece as its letter in the rule set"
            )))
        }
    };
    let label = if args.rules.is_some() {
        "rules file".to_string()
    } else {
        variant.to_string()
    };
    let n = Arc::new(GenericNotation);
    let err = |e: spacechess::RulesError| CliError::new(format!("{label}: {e}"));
    match words_for(cells) {
        0 | 1 => table(&Engine::<1>::new(rules, n).map_err(err)?, letter, &label),
        2 => table(&Engine::<2>::new(rules, n).map_err(err)?, letter, &label),
        3 | 4 => table(&Engine::<4>::new(rules, n).map_err(err)?, letter, &label),
        5..=8 => table(&Engine::<8>::new(rules, n).map_err(err)?, letter, &label),
        _ => Err(CliError::new(format!(
            "{label}: a board of {cells} cells is too big (at most 512)"
        ))),
    }
}

/// The class of a cell: each coordinate folded to its distance from the nearer edge, sorted when
/// every axis has the same extent (the cube's symmetries permute the axes).
fn class_of(coords: &[i8], extents: &[u8]) -> Vec<i8> {
    let mut c: Vec<i8> = coords
        .iter()
        .zip(extents)
        .map(|(&x, &e)| x.min(e as i8 - 1 - x))
        .collect();
    if extents.iter().all(|&e| e == extents[0]) {
        c.sort();
    }
    c
}

fn table<const W: usize>(e: &Engine<W>, letter: char, label: &str) -> Result<String, CliError> {
    let kind = e.kind_by_letter(letter).ok_or_else(|| {
        let known: String = e.kinds().iter().map(|k| k.letter).collect();
        CliError::new(format!(
            "{label} has no piece '{letter}' (its pieces: {known})"
        ))
    })?;
    let shape = e.shape();
    // class -> (example cell name, number of cells, min reach, max reach)
    let mut rows: BTreeMap<Vec<i8>, (String, usize, usize, usize)> = BTreeMap::new();
    for cell in shape.cells() {
        let coords = shape.coords(cell);
        let class = class_of(coords.as_slice(), shape.extents());
        let n = e.reach_on_empty_board(Player(0), kind, cell).len();
        let row = rows
            .entry(class)
            .or_insert_with(|| (e.cell_name(cell), 0, n, n));
        row.1 += 1;
        row.2 = row.2.min(n);
        row.3 = row.3.max(n);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{label} {} ({letter}): cells reached in one move on the empty board (of {}), by class of source cell",
        e.kinds()[kind as usize].name,
        shape.cell_count() - 1
    );
    let _ = writeln!(
        out,
        "{:<16}{:<10}{:>7}{:>8}",
        "class", "example", "cells", "reach"
    );
    for (class, (name, count, lo, hi)) in rows {
        let c: Vec<String> = class.iter().map(|x| x.to_string()).collect();
        let reach = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        let _ = writeln!(
            out,
            "{:<16}{name:<10}{count:>7}{reach:>8}",
            format!("({})", c.join(","))
        );
    }
    Ok(out)
}

/// One man's legal moves: exactly those `spacechess moves` lists whose origin is his cell, after
/// `moves` from the position; for goff grouped by plane and kind (the tile named from the side to
/// move's view), elsewhere their texts, sorted. A text naming no cell, an empty cell, a man of a
/// side not to move, and (but for goff, whose listing says so) a man without a legal move are
/// errors.
pub fn piece_moves(
    variant: &str,
    tile: &str,
    position: Option<&str>,
    moves: &[String],
    args: &VariantArgs,
) -> Result<String, CliError> {
    struct OneMan<'a> {
        variant: &'a str,
        tile: &'a str,
        position: Option<&'a str>,
        moves: &'a [String],
    }
    impl VariantVisitor for OneMan<'_> {
        type Output = Result<String, CliError>;
        fn visit<V: Variant + 'static>(self, v: V) -> Self::Output {
            let v = &v;
            let pos = super::position_after(v, self.position, self.moves)?;
            let legal = v.legal_moves_vec(&pos);
            let goff = (v as &dyn Any).downcast_ref::<spacechess::goff::Goff>();
            let cell = v.cell_info(&pos, self.tile).ok_or_else(|| {
                let example = match goff {
                    Some(_) => " (a tile from the side to move's view, as in KB3,3)".to_string(),
                    None => legal
                        .first()
                        .and_then(|m| v.move_origin(&pos, m))
                        .map(|c| format!(" (cells are named as in {c})"))
                        .unwrap_or_default(),
                };
                CliError::new(format!(
                    "'{}' is not a cell of {}{example}",
                    self.tile.trim(),
                    self.variant
                ))
            })?;
            let man = cell
                .man
                .ok_or_else(|| CliError::new(format!("there is no man on {}", cell.name)))?;
            let mine: Vec<&V::Move> = legal
                .iter()
                .filter(|m| v.move_origin(&pos, m).as_deref() == Some(cell.name.as_str()))
                .collect();
            let players = v.players();
            let to_move = v.to_move(&pos);
            if mine.is_empty() && man.player != to_move {
                return Err(CliError::new(format!(
                    "the {} on {} is {}'s and {} is to move: piece lists the moves of the side \
                     to move (give a position with {} to move)",
                    man.piece,
                    cell.name,
                    players.name(man.player),
                    players.name(to_move),
                    players.name(man.player)
                )));
            }
            if let Some(g) = goff {
                // The same position in Goff's own type, read back from its text.
                let p = g
                    .parse_position(&v.position_text(&pos))
                    .map_err(|e| CliError::new(e.to_string()))?;
                let c = spacechess::goff::text::parse_tile(&cell.name, p.to_move())
                    .ok_or_else(|| CliError::new(format!("no tile {}", cell.name)))?;
                return spacechess::goff::explain::explain(&p, c)
                    .map(|x| x.render(&p))
                    .ok_or_else(|| CliError::new(format!("there is no man on {}", cell.name)));
            }
            if mine.is_empty() {
                return Err(CliError::new(format!(
                    "the {} on {} has no legal move",
                    man.piece, cell.name
                )));
            }
            let mut texts: Vec<String> = mine.iter().map(|m| v.move_text(&pos, m)).collect();
            texts.sort();
            Ok(texts.into_iter().map(|t| t + "\n").collect())
        }
    }
    with_variant(
        variant,
        args,
        OneMan {
            variant,
            tile,
            position,
            moves,
        },
    )?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str, class: &str) -> usize {
        let line = text
            .lines()
            .find(|l| l.starts_with(class))
            .unwrap_or_else(|| panic!("no class {class} in\n{text}"));
        line.split_whitespace().last().unwrap().parse().unwrap()
    }

    /// rules/goff/01 §6.2 and 02 §3.5, §4.4: the book's tables come out of compare.
    #[test]
    fn goff_tables() {
        let a = VariantArgs::default();
        let rook = power_projection("goff", "rook", &a).unwrap();
        assert!(rook.lines().skip(2).all(|l| l.contains(" 168 ")), "{rook}");
        let bishop = power_projection("goff", "B", &a).unwrap();
        assert!(
            bishop.contains("(0,0,0)   QR1,1        84        63     9      21"),
            "{bishop}"
        );
        assert!(
            bishop.contains("(3,3,3)   Q4,4        147       108    36      39"),
            "{bishop}"
        );
        let duke = power_projection("goff", "duke", &a).unwrap();
        assert!(
            duke.contains("(0,0,0)   QR1,1        79        72    18       7"),
            "{duke}"
        );
        assert!(
            duke.contains("(3,3,3)   Q4,4        115        90    24      25"),
            "{duke}"
        );
        let queen = power_projection("goff", "Q", &a).unwrap();
        assert_eq!((row(&queen, "(0,0,0)"), row(&queen, "(3,3,3)")), (289, 355));
        let knight = power_projection("goff", "N", &a).unwrap();
        assert_eq!((row(&knight, "(0,0,0)"), row(&knight, "(3,3,3)")), (3, 24));
        let king = power_projection("goff", "K", &a).unwrap();
        assert_eq!((row(&king, "(0,0,0)"), row(&king, "(3,3,3)")), (7, 26));
    }

    /// rules/raumschach.md T1/T11 (Dickins, Diagram 41): the queen reaches 52 cells from Cc3.
    #[test]
    fn dickins_52_from_cc3() {
        let t = power_projection("raumschach", "Q", &VariantArgs::default()).unwrap();
        assert_eq!(row(&t, "(2,2,2)"), 52, "{t}");
        assert!(t.contains("Cc3"), "{t}");
    }

    #[test]
    fn errors_name_the_problem() {
        let a = VariantArgs::default();
        assert!(power_projection("goff", "zebra", &a)
            .unwrap_err()
            .message()
            .contains("zebra"));
        assert!(power_projection("orthodox", "Z", &a)
            .unwrap_err()
            .message()
            .contains("no piece 'Z'"));
        assert!(power_projection("nope", "Q", &a)
            .unwrap_err()
            .message()
            .contains("--rules"));
        assert!(piece_moves("goff", "K9,9", None, &[], &a).is_err());
        assert!(piece_moves("goff", "K4,4", None, &[], &a)
            .unwrap_err()
            .message()
            .contains("no man"));
    }

    #[test]
    fn goff_piece_moves_by_plane() {
        let a = VariantArgs::default();
        let t = piece_moves("goff", "KN1,1", None, &[], &a).unwrap();
        assert!(t.starts_with("White knight on KN1,1: 4 legal moves"), "{t}");
        let t = piece_moves("orthodox", "g1", None, &[], &a).unwrap();
        assert_eq!(t, "g1f3\ng1h3\n");
    }
}
