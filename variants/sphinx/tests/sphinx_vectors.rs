//! Every test vector of sphinx.md section 8 (T1-T21), and the rules of sections 1-7 it states.

mod common;

use common::{closure, destinations, lone, names, position};
use spacechess_engine::MoveKind;
use spacechess_sphinx::{
    ReducedNotation, ReducedSphinx, SphinxChess, SphinxGame, SphinxNotation, SphinxOptions,
};
use spacechess_variant::Variant;

fn sphinx() -> SphinxChess {
    SphinxChess::chess()
}

/// sphinx.md section 1: board letters, square numbers and the spec's (R, C, r, c) examples.
#[test]
fn s1_coordinates_examples() {
    let v = sphinx();
    let e = v.engine();
    let s = e.shape();
    for (name, rcrc) in [
        ("h15", [0, 1, 0, 2]),
        ("b3", [2, 1, 3, 2]),
        ("e14", [1, 1, 0, 1]),
        ("a1", [2, 0, 3, 0]),
        ("i16", [0, 2, 0, 3]),
    ] {
        let cell = e.parse_cell(name).unwrap();
        assert_eq!(SphinxNotation::spec_coords(s, cell), rcrc, "{name}");
        assert_eq!(e.cell_name(cell), name);
    }
    assert_eq!(s.cell_count(), 144, "sphinx.md 1: total 144 positions");
}

/// sphinx.md T1: the rook on a1 between boards: b1, c1 (horizontal), d1, g1 (vertical).
#[test]
fn t1_rook_a1_between_boards() {
    let d = lone(sphinx().engine(), "R", "a1");
    for c in ["b1", "c1", "d1", "g1"] {
        assert!(d.contains(&c.to_string()), "{c} in {d:?}");
    }
}

/// sphinx.md T2: a man on b1 blocks a1 -> c1 (own or enemy).
#[test]
fn t2_b1_blocks_rook_a1_to_c1() {
    let v = sphinx();
    let e = v.engine();
    for blocker in ["P b1", "p b1"] {
        let d = destinations(e, &position(e, &["R a1", blocker], 0), "a1");
        assert!(!d.contains(&"c1".to_string()), "{blocker}: {d:?}");
    }
}

/// sphinx.md T3: men on b2 and b3 do not stop the rook a1 reaching c1.
#[test]
fn t3_b2_b3_do_not_block_a1_c1() {
    let v = sphinx();
    let e = v.engine();
    let d = destinations(e, &position(e, &["R a1", "P b2", "p b3"], 0), "a1");
    assert!(d.contains(&"c1".to_string()), "{d:?}");
    assert!(d.contains(&"b1".to_string()));
}

/// sphinx.md T4: a man on d1 blocks a1 -> g1.
#[test]
fn t4_d1_blocks_a1_g1() {
    let v = sphinx();
    let e = v.engine();
    let d = destinations(e, &position(e, &["R a1", "P d1"], 0), "a1");
    assert!(!d.contains(&"g1".to_string()), "{d:?}");
    assert!(!d.contains(&"d1".to_string()), "own man");
}

/// sphinx.md T5: the rook on a1, empty board: a2 a3 a4 a5 a9 a13 b1 c1 d1 g1 (10).
#[test]
fn t5_rook_a1_full_list() {
    let d = lone(sphinx().engine(), "R", "a1");
    assert_eq!(d, names("a2 a3 a4 a5 a9 a13 b1 c1 d1 g1"));
    assert_eq!(d.len(), 10);
}

/// sphinx.md T6: the bishop on a4 between boards: e4, i4; with e4 occupied, i4 unreachable.
#[test]
fn t6_bishop_a4_between_boards() {
    let v = sphinx();
    let e = v.engine();
    let d = lone(e, "B", "a4");
    assert!(d.contains(&"e4".to_string()) && d.contains(&"i4".to_string()));
    let d = destinations(e, &position(e, &["B a4", "p e4"], 0), "a4");
    assert!(d.contains(&"e4".to_string()), "captures on e4");
    assert!(!d.contains(&"i4".to_string()), "{d:?}");
}

/// sphinx.md T7: the bishop on a4, empty board: a7 a10 a13 e4 i4 (5).
#[test]
fn t7_bishop_a4_full_list() {
    assert_eq!(
        lone(sphinx().engine(), "B", "a4"),
        names("a7 a10 a13 e4 i4")
    );
}

/// sphinx.md T8: the bishop on c5: c2 c10 c15 e5 g5; g5 needs e5 empty.
#[test]
fn t8_bishop_c5_across_e5() {
    let v = sphinx();
    let e = v.engine();
    assert_eq!(lone(e, "B", "c5"), names("c2 c10 c15 e5 g5"));
    let d = destinations(e, &position(e, &["B c5", "P e5"], 0), "c5");
    assert_eq!(d, names("c2 c10 c15"));
}

/// sphinx.md T9: the White pawn on g13 goes to g9 or d13.
#[test]
fn t9_white_pawn_g13() {
    assert_eq!(lone(sphinx().engine(), "P", "g13"), names("g9 d13"));
}

/// sphinx.md T10: the White pawn on e14 captures on a14 or c14 (between boards), e9 or e11 (on
/// its board); it moves to e10 and b14.
#[test]
fn t10_white_pawn_e14_captures() {
    let v = sphinx();
    let e = v.engine();
    let pos = position(e, &["P e14", "p a14", "p c14", "p e9", "p e11"], 0);
    assert_eq!(
        destinations(e, &pos, "e14"),
        names("a14 b14 c14 e9 e10 e11")
    );
    // Moves only to empty cells, captures only enemies.
    let pos = position(e, &["P e14", "p e10", "p b14", "P a14", "P e9"], 0);
    assert!(destinations(e, &pos, "e14").is_empty());
}

/// sphinx.md T11: the king on h7: g7 d7 e7 f7 i7 between boards, h2 h3 h4 h6 h8 h10 h11 h12 on h
/// (13 in all).
#[test]
fn t11_king_h7() {
    let d = lone(sphinx().engine(), "K", "h7");
    assert_eq!(d, names("d7 e7 f7 g7 i7 h2 h3 h4 h6 h8 h10 h11 h12"));
    assert_eq!(d.len(), 13);
}

/// sphinx.md T12: bishop classes: from b1, b4, h13, h16 32 cells on boards b d f h; from a1 or
/// e1 40 cells on a c e g i.
#[test]
fn t12_bishop_reach_classes() {
    let v = sphinx();
    let e = v.engine();
    let boards = |cells: &[spacechess_geometry::Cell]| {
        let mut b: Vec<char> = cells
            .iter()
            .map(|&c| e.cell_name(c).chars().next().unwrap())
            .collect();
        b.sort();
        b.dedup();
        b.into_iter().collect::<String>()
    };
    for from in ["b1", "b4", "h13", "h16"] {
        let r = closure(e, 'B', e.parse_cell(from).unwrap());
        assert_eq!(r.len(), 32, "{from}");
        assert_eq!(boards(&r), "bdfh", "{from}");
    }
    for from in ["a1", "e1"] {
        let r = closure(e, 'B', e.parse_cell(from).unwrap());
        assert_eq!(r.len(), 40, "{from}");
        assert_eq!(boards(&r), "acegi", "{from}");
    }
    // Four classes: "a player required four bishops" (sphinx.md 3).
    let mut classes = 0;
    let mut covered = Vec::new();
    for c in e.shape().cells() {
        if !covered.contains(&c) {
            classes += 1;
            covered.extend(closure(e, 'B', c));
        }
    }
    assert_eq!(classes, 4);
}

/// sphinx.md T13: empty-board counts from e6: Q 19, R 10, B 9, C 12, K 16.
#[test]
fn t13_counts_e6() {
    let e = sphinx();
    let e = e.engine();
    for (l, n) in [("Q", 19), ("R", 10), ("B", 9), ("C", 12), ("K", 16)] {
        assert_eq!(lone(e, l, "e6").len(), n, "{l}");
    }
}

/// sphinx.md T14: empty-board counts from a1: Q 15, R 10, B 5, C 8, K 6.
#[test]
fn t14_counts_a1() {
    let e = sphinx();
    let e = e.engine();
    for (l, n) in [("Q", 15), ("R", 10), ("B", 5), ("C", 8), ("K", 6)] {
        assert_eq!(lone(e, l, "a1").len(), n, "{l}");
    }
}

/// sphinx.md T15: the centaura on g15: g6 g8 g9 on its board, a15 c15 d15 e15 h15 i15 between.
#[test]
fn t15_centaura_g15() {
    assert_eq!(
        lone(sphinx().engine(), "C", "g15"),
        names("g6 g8 g9 a15 c15 d15 e15 h15 i15")
    );
}

/// sphinx.md T16: the Black pawn on e2 goes to e6 (on its board) or h2 (between boards).
#[test]
fn t16_black_pawn_e2() {
    assert_eq!(lone(sphinx().engine(), "p", "e2"), names("e6 h2"));
}

/// sphinx.md 9 Q4: the centaura captures between boards like the queen.
#[test]
fn s9_centaura_captures_between_boards() {
    let v = sphinx();
    let e = v.engine();
    let pos = position(e, &["C g15", "p a15", "P d15"], 0);
    let d = destinations(e, &pos, "g15");
    assert!(!d.contains(&"a15".to_string()), "blocked by d15");
    let pos = position(e, &["C g15", "p d15"], 0);
    assert!(destinations(e, &pos, "g15").contains(&"d15".to_string()));
}

/// sphinx.md 4: the corrected initial array, 16 men a side, nobody in check.
#[test]
fn s4_initial_array() {
    let v = sphinx();
    let e = v.engine();
    let s = v.start();
    let at = |c: &str| {
        let pc = s.piece_at(e.parse_cell(c).unwrap()).expect(c);
        let l = e.kinds()[pc.kind as usize].letter;
        if pc.player.0 == 0 {
            l
        } else {
            l.to_ascii_lowercase()
        }
    };
    let black = "kb3 qb2 bb1 bb4 ra2 rc3 ca3 cc2 pa1 pa4 pc1 pc4 pe1 pe2 pe3 pe4";
    let white = "Kh15 Qh14 Bh13 Bh16 Rg14 Ri15 Cg15 Ci14 Pg13 Pg16 Pi13 Pi16 Pe13 Pe14 Pe15 Pe16";
    for m in black.split(' ').chain(white.split(' ')) {
        assert_eq!(at(&m[1..]), m.chars().next().unwrap(), "{m}");
    }
    assert_eq!(s.occupied().len(), 32);
    assert_eq!(s.of_player(spacechess_variant::Player(0)).len(), 16);
    assert!(!v.in_check(&s));
}

/// sphinx.md 5: promotion on squares 1-4 of a, b, c (White), to Q, R, B or C; not on d1.
#[test]
fn s5_promotion_zone_and_choices() {
    let v = sphinx();
    let e = v.engine();
    let pos = position(e, &["P a5", "P f5"], 0);
    let mut moves = Vec::new();
    e.generate_legal(&pos, &mut moves);
    let promos: Vec<char> = moves
        .iter()
        .filter(|m| e.cell_name(m.from) == "a5")
        .filter_map(|m| match m.kind {
            MoveKind::Promotion(k) => Some(e.kinds()[k as usize].letter),
            _ => None,
        })
        .collect();
    let mut promos = promos;
    promos.sort();
    assert_eq!(promos, vec!['B', 'C', 'Q', 'R']);
    let d1: Vec<_> = moves
        .iter()
        .filter(|m| e.cell_name(m.from) == "f5")
        .collect();
    assert_eq!(d1.len(), 2, "f1 and c5, not promoted: {d1:?}");
    assert!(d1.iter().all(|m| m.kind == MoveKind::Normal));
    // From d1 the pawn steps to a1 and promotes.
    let pos = position(e, &["P d1"], 0);
    let mut moves = Vec::new();
    e.generate_legal(&pos, &mut moves);
    assert_eq!(moves.len(), 4);
    assert!(moves
        .iter()
        .all(|m| matches!(m.kind, MoveKind::Promotion(_)) && e.cell_name(m.to) == "a1"));
    // Black promotes on 13-16 of g, h, i.
    let pos = position(e, &["p d9"], 1);
    let mut moves = Vec::new();
    e.generate_legal(&pos, &mut moves);
    let promoted: Vec<String> = moves
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Promotion(_)))
        .map(|m| e.cell_name(m.to))
        .collect();
    assert!(promoted.is_empty(), "d9 -> d13 and g9 do not promote");
    let pos = position(e, &["p g9"], 1);
    e.generate_legal(&pos, &mut moves);
    assert!(moves
        .iter()
        .all(|m| matches!(m.kind, MoveKind::Promotion(_)) && e.cell_name(m.to) == "g13"));
}

/// sphinx.md 5 option: king confinement, the king never leaves its board.
#[test]
fn s5_king_confinement() {
    let v = SphinxChess::new(SphinxOptions {
        king_confinement: true,
        ..SphinxOptions::default()
    })
    .unwrap();
    let d = lone(v.engine(), "K", "h7");
    assert_eq!(d, names("h2 h3 h4 h6 h8 h10 h11 h12"));
    // The start: the king on h15 has only h10, h11, h12.
    let s = v.start();
    assert_eq!(destinations(v.engine(), &s, "h15"), names("h10 h11 h12"));
}

/// sphinx.md 5: a move may not leave one's king in check (a pinned rook between boards).
#[test]
fn s5_no_move_into_check() {
    let v = sphinx();
    let e = v.engine();
    // Black rook on b15 pins the White rook on e15 against the king on h15.
    let pos = position(e, &["K h15", "R e15", "r b15", "k a1"], 0);
    let d = destinations(e, &pos, "e15");
    assert_eq!(d, names("b15"), "only along the pin");
    // The king may not step to h11, attacked between boards by the rook on e11.
    let pos = position(e, &["K h15", "r e11", "k a1"], 0);
    let k = destinations(e, &pos, "h15");
    assert!(!k.contains(&"h11".to_string()), "{k:?}");
    assert!(k.contains(&"h10".to_string()) && k.contains(&"h12".to_string()));
}

/// sphinx.md 7: Compulsion and Losing Sphinx make captures compulsory and kings ordinary men.
#[test]
fn s7_compulsion_rules() {
    for game in [SphinxGame::Compulsion, SphinxGame::Losing] {
        let v = SphinxChess::new(SphinxOptions::game(game)).unwrap();
        let e = v.engine();
        // The White king may capture, and must: the only legal moves are captures.
        let pos = position(e, &["K h15", "R a1", "p h11", "p a5"], 0);
        let mut moves = Vec::new();
        e.generate_legal(&pos, &mut moves);
        let mut texts: Vec<String> = moves.iter().map(|m| v.move_text(&pos, m)).collect();
        texts.sort();
        assert_eq!(texts, vec!["a1xa5", "h15xh11"], "{game:?}");
        // A king may move into attack.
        let pos = position(e, &["K h15", "r a10"], 0);
        assert!(destinations(e, &pos, "h15").contains(&"h10".to_string()));
    }
}

/// sphinx.md T20: reduced Sphinx corresponding squares: a1 a5 e1 e5 are (0,0,0,0) (1,0,0,0)
/// (0,1,0,0) (1,1,0,0); c2 c6 g2 g6 all have (r,c) = (1,2).
#[test]
fn t20_reduced_corresponding_squares() {
    let v = ReducedSphinx::chess();
    let e = v.engine();
    let s = e.shape();
    let spec = |name: &str| {
        let c = s.coords(e.parse_cell(name).unwrap());
        [c.get(1), c.get(0), c.get(3), c.get(2)]
    };
    assert_eq!(spec("a1"), [0, 0, 0, 0]);
    assert_eq!(spec("a5"), [1, 0, 0, 0]);
    assert_eq!(spec("e1"), [0, 1, 0, 0]);
    assert_eq!(spec("e5"), [1, 1, 0, 0]);
    for n in ["c2", "c6", "g2", "g6"] {
        assert_eq!(&spec(n)[2..], &[1, 2], "{n}");
    }
    for c in s.cells() {
        let (f, k) = ReducedNotation::file_rank(s, c);
        assert_eq!(ReducedNotation::from_file_rank(s, f, k), Some(c));
    }
}

/// sphinx.md T21: reduced Sphinx on an empty board.
#[test]
fn t21_reduced_empty_board() {
    let v = ReducedSphinx::chess();
    let e = v.engine();
    assert_eq!(lone(e, "R", "a1"), names("a2 a3 a4 a5 b1 c1 d1 e1"));
    assert_eq!(lone(e, "B", "c1"), names("a3 b2 d2 g5"));
    assert_eq!(lone(e, "K", "e1"), names("a1 a5 e2 e5 f1 f2"));
    assert_eq!(lone(e, "C", "b1"), names("a3 c3 d2 b5 f1 f5"));
    assert_eq!(lone(e, "P", "a2"), names("a3 a6"));
    assert_eq!(lone(e, "P", "d4"), names("d8"));
    // sphinx.md 6: d1 and e1 are not adjacent.
    assert!(!lone(e, "K", "d1").contains(&"e1".to_string()));
}

/// sphinx.md 6: the reduced start is the ordinary array, nobody in check.
#[test]
fn s6_reduced_start() {
    let v = ReducedSphinx::chess();
    let s = v.start();
    let e = v.engine();
    let rank = |k: u8| -> String {
        (b'a'..=b'h')
            .map(|f| {
                let c = e.parse_cell(&format!("{}{k}", f as char)).unwrap();
                match s.piece_at(c) {
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
            })
            .collect()
    };
    assert_eq!(rank(1), "RCBQKBCR");
    assert_eq!(rank(2), "PPPPPPPP");
    assert_eq!(rank(7), "pppppppp");
    assert_eq!(rank(8), "rcbqkbcr");
    assert!(!v.in_check(&s));
}

/// sphinx.md 2: every move of every man, from every cell of both boards, stays on its small
/// board or goes to the corresponding square of another board, never both.
#[test]
fn s2_never_both_groups() {
    fn check<const W: usize>(e: &spacechess_engine::Engine<W>) {
        let s = e.shape();
        for kind in 0..e.kinds().len() as u8 {
            for player in [0, 1] {
                for from in s.cells() {
                    let a = s.coords(from);
                    for to in e.reach_on_empty_board(spacechess_variant::Player(player), kind, from)
                    {
                        let b = s.coords(to);
                        let outer = (0..2).any(|i| a.get(i) != b.get(i));
                        let inner = (2..4).any(|i| a.get(i) != b.get(i));
                        assert!(outer != inner, "{} {}", e.cell_name(from), e.cell_name(to));
                    }
                }
            }
        }
    }
    check(sphinx().engine());
    check(ReducedSphinx::chess().engine());
}
