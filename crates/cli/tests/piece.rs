//! `spacechess piece` / `moves --piece` (issue 18 items 3 and 5): over random positions of every
//! variant, one man's listing holds exactly the moves `spacechess moves` lists for him (goff: its
//! grouping counts them; variants/goff/tests/explain.rs checks the grouping itself), and a text
//! naming no cell or an empty cell is an error.

use spacechess::{Variant, VariantVisitor, VARIANTS};
use spacechess_cli::commands::compare::piece_moves;
use spacechess_cli::registry::{with_variant, VariantArgs};
use std::collections::BTreeMap;

/// Per position text: each origin cell of a legal move, with the texts of its moves (sorted).
type Expected = Vec<(String, BTreeMap<String, Vec<String>>)>;

struct Listings;

impl VariantVisitor for Listings {
    type Output = Expected;
    fn visit<V: Variant + 'static>(self, v: V) -> Expected {
        let mut out = Vec::new();
        for seed in 0..2 {
            let mut p = v.start();
            for (ply, m) in v.random_game(&v.start(), 41, seed).into_iter().enumerate() {
                if ply % 20 == 0 {
                    let mut by_origin: BTreeMap<String, Vec<String>> = BTreeMap::new();
                    for mv in v.legal_moves_vec(&p) {
                        if let Some(o) = v.move_origin(&p, &mv) {
                            by_origin.entry(o).or_default().push(v.move_text(&p, &mv));
                        }
                    }
                    for texts in by_origin.values_mut() {
                        texts.sort();
                    }
                    out.push((v.position_text(&p), by_origin));
                }
                p = v.play(&p, &m);
            }
        }
        out
    }
}

#[test]
fn piece_lists_exactly_the_moves_of_that_man() {
    let args = VariantArgs::default();
    for (name, _) in VARIANTS {
        let expected = with_variant(name, &args, Listings).unwrap();
        let mut men = 0;
        for (pos, by_origin) in expected {
            // A sample of the men (each call builds the variant anew).
            let step = by_origin.len().div_ceil(6).max(1);
            for (cell, texts) in by_origin.into_iter().step_by(step) {
                let got = piece_moves(name, &cell, Some(&pos), &[], &args)
                    .unwrap_or_else(|e| panic!("{name} {cell} in {pos}: {e}"));
                if *name == "goff" {
                    let n = texts.len();
                    let head = format!(": {n} legal move{}", if n == 1 { "" } else { "s" });
                    assert!(got.lines().next().unwrap().contains(&head), "{got}");
                } else {
                    let lines: Vec<&str> = got.lines().collect();
                    assert_eq!(lines, texts, "{name} {cell} in {pos}");
                }
                men += 1;
            }
        }
        assert!(men >= 5, "{name}: {men} men checked");
    }
}

/// Issue 18 item 5: no such cell, an empty cell: errors naming the problem.
#[test]
fn no_cell_and_empty_cell_are_errors() {
    let args = VariantArgs::default();
    let err = |v: &str, cell: &str| {
        piece_moves(v, cell, None, &[], &args)
            .unwrap_err()
            .message()
            .to_string()
    };
    assert_eq!(
        err("raumschach", "Zz9"),
        "'Zz9' is not a cell of raumschach (cells are named as in Ab1)"
    );
    assert_eq!(err("raumschach", "Cc3"), "there is no man on Cc3");
    assert_eq!(err("goff", "K4,4"), "there is no man on K4,4");
    assert!(err("goff", "K9,9").starts_with("'K9,9' is not a cell of goff"));
    assert_eq!(err("orthodox", "e4"), "there is no man on e4");
    assert_eq!(err("orthodox", "e1"), "the King on e1 has no legal move");
    assert!(err("orthodox", "e7").starts_with("the Pawn on e7 is Black's and White is to move"));
    // `--moves` first, as `show` and `moves` take them; cells in any case.
    let after = piece_moves("orthodox", "E7", None, &["e2e4".to_string()], &args).unwrap();
    assert_eq!(after, "e7e5\ne7e6\n");
}
