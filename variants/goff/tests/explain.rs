//! `spacechess piece goff` (issue 18 item 3): the explanation of one man's moves is a faithful
//! grouping of exactly the moves `spacechess moves` lists for him: en passant captures (04 §3.2),
//! fissions (03 §2.4.5) and castles (04 §5.7) included, nothing a fission alone reaches shown as a
//! plane's tile, and the count the number of those moves.

use spacechess_goff::explain::explain;
use spacechess_goff::movegen::legal_moves;
use spacechess_goff::{Goff, Move, Position, Tile};
use spacechess_variant::{RandomMover, Variant};
use std::collections::BTreeSet;

/// The tiles a rendered explanation names (book names, `x` dropped; fission parts `B@` / `D@`
/// dropped), with the castles' and other moves' texts.
fn named_tiles(text: &str) -> BTreeSet<String> {
    text.split(|c: char| c.is_whitespace() || c == '|')
        .map(|w| w.trim_start_matches("B@").trim_start_matches("D@"))
        .map(|w| w.trim_start_matches("Bx").trim_start_matches("Dx"))
        .map(|w| w.trim_start_matches('x'))
        .map(|w| w.split('=').next().unwrap_or(w))
        .filter(|w| Tile::parse_book(w, spacechess_variant::Player(0)).is_ok() && w.contains(','))
        .map(str::to_string)
        .collect()
}

/// Checks every man of the side to move in `p`; returns how many moves were checked.
fn check_position(p: &Position) -> usize {
    let mut all: Vec<Move> = Vec::new();
    legal_moves(p, &mut all);
    let me = p.to_move();
    let mut checked = 0;
    for from in p.of_player(me) {
        let e = explain(p, from).expect("a man");
        let want: BTreeSet<Move> = all.iter().filter(|m| m.from == from).copied().collect();
        let got: BTreeSet<Move> = e.moves.iter().copied().collect();
        assert_eq!(
            got,
            want,
            "moves of the man on {:?} in {p:?}",
            Tile::of(from)
        );
        assert_eq!(e.total, want.len());
        assert!(e.other.is_empty(), "every move grouped: {:?}", e.other);
        let text = e.render(p);
        assert!(
            text.lines().next().unwrap().contains(&format!(
                ": {} legal move{}",
                want.len(),
                if want.len() == 1 { "" } else { "s" }
            )),
            "{text}"
        );
        // Every tile the lines of plain moves name is where a plain move (not a fission, not a
        // castle) goes, and every plain move's tile is named; the fission line holds exactly the
        // fissions.
        let plain: BTreeSet<String> = want
            .iter()
            .filter(|m| m.fission.is_none() && m.castle.is_none())
            .map(|m| Tile::of(m.to).book_name(me))
            .collect();
        let plain_text: String = text
            .lines()
            .skip(1)
            .filter(|l| !l.trim_start().starts_with("fission"))
            .filter(|l| !l.trim_start().starts_with("castles"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(named_tiles(&plain_text), plain, "plain moves of:\n{text}");
        let fissions: BTreeSet<String> = want
            .iter()
            .filter_map(|m| m.fission.map(|y| (m.to, y)))
            .map(|(x, y)| {
                let part = |k: char, c| {
                    let sep = if p
                        .of_player(spacechess_variant::Player(1 - me.0))
                        .contains(c)
                    {
                        'x'
                    } else {
                        '@'
                    };
                    format!("{k}{sep}{}", Tile::of(c).book_name(me))
                };
                format!("{} {}", part('B', x), part('D', y))
            })
            .collect();
        let listed: BTreeSet<String> = text
            .lines()
            .find_map(|l| l.trim_start().strip_prefix("fission"))
            .map(|l| l.split('|').map(|f| f.trim().to_string()).collect())
            .unwrap_or_default();
        assert_eq!(listed, fissions, "fissions of:\n{text}");
        for m in want.iter().filter(|m| m.castle.is_some()) {
            let c = spacechess_goff::text::move_text(p, m);
            let c = c.trim_end_matches(" ch");
            assert!(text.contains(c), "castle {c} listed:\n{text}");
        }
        checked += want.len();
    }
    checked
}

/// Over random positions of games (the rules' own random mover), every man's explanation holds
/// exactly his moves.
#[test]
fn explanation_is_exactly_the_mans_moves() {
    let g = Goff::new();
    let mut total = 0;
    for seed in 0..6 {
        let mut rng = RandomMover::new(seed);
        let mut p = g.start();
        for ply in 0..60 {
            if ply % 12 == 0 {
                total += check_position(&p);
            }
            match rng.choose(&g, &p) {
                Some(m) => p = g.play(&p, &m),
                None => break,
            }
        }
    }
    assert!(total > 1000, "{total} moves checked");
}

/// Issue 18 item 3a: the Black pawn on KN5,5 lists its en passant capture: 4 moves, as `moves`.
#[test]
fn pawn_lists_its_en_passant_capture() {
    let g = Goff::new();
    let p = g
        .parse_position(
            "8/8/8/8/8/8/8/8//8/8/8/8/3p4/8/8/8//8/8/8/8/3P4/8/8/8//8/8/8/8/8/8/8/8//\
             8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//7k/8/8/8/8/8/8/K7 b - Fb2:Fd4 0 1",
        )
        .unwrap();
    assert!(g.move_texts(&p).contains(&"P x KB6,6 e.p.".to_string()));
    let from = Tile::parse_book("KN5,5", p.to_move()).unwrap().cell();
    let text = explain(&p, from).unwrap().render(&p);
    assert!(
        text.starts_with("Black pawn on KN5,5: 4 legal moves"),
        "{text}"
    );
    assert!(text.contains("e.p.     xKB6,6"), "{text}");
    check_position(&p);
}

/// Issue 18 item 3b: the Black stack on QN1,2 reaches KB2,7 only by fission (`S f B@KB2,7,
/// D@KB1,6`): it is listed as a fission, never as a bishop-plane tile.
#[test]
fn stack_lists_fissions_apart() {
    let g = Goff::new();
    let p = g
        .parse_position(
            "5P2/8/8/1Kp5/8/8/4n3/8//8/8/8/8/6P1/8/8/4d3//Q7/8/8/3R4/8/4p3/S7/8//8/8/4D3/8/8/8/8/8//\
             8/8/5p2/8/8/8/8/8//8/8/8/8/N7/8/8/8//2k3s1/8/1s6/8/8/8/8/8//2B5/8/8/8/7R/8/8/4b3 b - - 0 1",
        )
        .unwrap();
    assert!(g
        .move_texts(&p)
        .iter()
        .any(|m| m.starts_with("S f B@KB2,7, D@KB1,6")));
    let from = Tile::parse_book("QN1,2", p.to_move()).unwrap().cell();
    let text = explain(&p, from).unwrap().render(&p);
    let planes: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("fission"))
        .collect();
    assert!(!planes.contains("KB2,7"), "{text}");
    assert!(text.contains("B@KB2,7 D@KB1,6"), "{text}");
    check_position(&p);
}

/// Issue 18 item 3c: a king at home counts his castles among his moves and lists every one.
#[test]
fn king_counts_what_it_lists() {
    let g = Goff::new();
    let p = g.start();
    // Open the home column's levels so that castles are legal: play the Greedy Opening's moves.
    let mut p = p;
    for text in [
        "P - K4,4",
        "P - K4,3",
        "P - K5,5",
        "P - Q4,3",
        "P - Q3,4",
        "Q x Q8,8",
        "D x Q1,1",
        "S - KN5,1",
        "N - KB3,3",
        "P - KB4,4",
        "P x KB6,6 e.p.",
        "P(KR2,2) x KB3,3",
        "B - QB2,3",
        "N - QB3,3",
    ] {
        p = g.play(&p, &g.parse_move(&p, text).unwrap());
    }
    let castles = g
        .move_texts(&p)
        .into_iter()
        .filter(|m| m.starts_with('C'))
        .count();
    assert!(castles > 0);
    let king = p.king(p.to_move()).unwrap();
    let e = explain(&p, king).unwrap();
    assert_eq!(e.castles.len(), castles);
    check_position(&p);
}
