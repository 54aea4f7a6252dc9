//! The book's quantum test vectors: 05-tactics-quantum.md §1 E (T42-T47) and §3.

use spacechess_geometry::Cell;
use spacechess_goff::position::{Kind, Piece, Position};
use spacechess_goff::tile::{tile, Tile};
use spacechess_goff_quantum::ensemble::{check_ids, Ensemble, Game};
use spacechess_goff_quantum::{QMove, QuantumGoff, QuantumRules, SpreadRule};
use spacechess_variant::{Player, RuleOptions, Variant};
use std::collections::BTreeMap;

fn variant(pairs: &[(&str, &str)]) -> QuantumGoff {
    let mut r = QuantumRules::default();
    for (k, v) in pairs {
        r.set(k, v).unwrap();
    }
    QuantumGoff::with_rules(r)
}

/// White's book name of a cell.
fn name(c: Cell) -> String {
    Tile::of(c).book_name(Player(0))
}

/// Per tile, the weight of the realities where a man of `player` and `kind` stands there.
fn weights(e: &Ensemble, player: Player, kind: Kind) -> BTreeMap<String, u128> {
    let mut m = BTreeMap::new();
    for g in e.games() {
        for c in g.pos.of_player(player) & g.pos.of_kind(kind) {
            *m.entry(name(c)).or_insert(0) += g.weight;
        }
    }
    m
}

fn play(q: &QuantumGoff, e: &Ensemble, text: &str) -> Ensemble {
    let mv = q
        .parse_move(e, text)
        .unwrap_or_else(|err| panic!("{text}: {err}"));
    q.play(e, &mv)
}

/// The listed full-perimeter pawn advance of perimeter `n` (its anchor is the notation's choice).
fn full_advance(q: &QuantumGoff, e: &Ensemble, n: u8) -> QMove {
    q.legal_moves_vec(e)
        .into_iter()
        .find(|m| matches!(m, QMove::Advance { n: x, lo: 0, hi, promote: None | Some(Kind::Queen), .. } if *x == n && *hi == 2 * n))
        .expect("the full advance is legal")
}

/// T42 (05 §1 E, 18736-18967): the pawn packet 5, 15, 45, 135, 405; after move 5 one history on
/// K8,8, 94 on a back plane, 310 elsewhere.
#[test]
fn t42_pawn_packet() {
    let q = variant(&[]);
    // Black's king shuffles on the QR level, out of the pawn's back planes.
    let mut e = q
        .parse_position("WHITE: P @ K2,2 | BLACK: K @ QR8,8")
        .unwrap();
    let black = ["K(QR8,8) - [QR8,7]", "K(QR8,7) - [QR8,8]"];
    // The book's notation for the first moves.
    let white = [
        "1. P(K2,2) – [K4,4]",
        "2. P(K4,4) – [K5,5]",
        "3. P(K5,5) – [K6,6]",
        "4. P(K6,6) – [K7,7]",
        "5. P(K7,7) – [K8,8]q",
    ];
    let mut sizes = Vec::new();
    for (i, w) in white.iter().enumerate() {
        e = play(&q, &e, w);
        sizes.push(e.realities());
        if i < 4 {
            e = play(&q, &e, black[i % 2]);
        }
    }
    assert_eq!(sizes, [5, 15, 45, 135, 405]);
    let pawns = weights(&e, Player(0), Kind::Pawn);
    let queens = weights(&e, Player(0), Kind::Queen);
    assert_eq!(queens, BTreeMap::from([("K8,8".to_string(), 1)]));
    let back: u128 = pawns
        .iter()
        .filter(|(t, _)| t.contains("8,") || t.ends_with(",8"))
        .map(|(_, w)| w)
        .sum();
    let elsewhere: u128 = pawns.values().sum::<u128>() - back;
    assert_eq!((back, elsewhere), (94, 310));
}

/// T42 with the passive Black pawn on K4,4 (Black's view, White's K5,5): 5, 12, 24, 48, 132,
/// 300 (pawns already on a back plane keep making the move on the tiles still on the board).
#[test]
fn t42_pawn_packet_with_an_obstacle() {
    let q = variant(&[]);
    let mut e = q
        .parse_position("WHITE: P @ K2,2 | BLACK: K @ QR8,8; P @ K4,4")
        .unwrap();
    assert!(e.games()[0].pos.piece_at(tile(4, 4, 4)).is_some());
    let black = ["K(QR8,8) - [QR8,7]", "K(QR8,7) - [QR8,8]"];
    let mut sizes = Vec::new();
    for i in 0..6 {
        let mv = if i == 0 {
            q.parse_move(&e, "P(K2,2) - [K4,4]").unwrap()
        } else {
            full_advance(&q, &e, 1)
        };
        e = q.play(&e, &mv);
        sizes.push(e.realities());
        e = play(&q, &e, black[i % 2]);
    }
    assert_eq!(sizes, [5, 12, 24, 48, 132, 300]);
    // The obstacle delays promotion: no reality has promoted after 6 moves.
    assert!(weights(&e, Player(0), Kind::Queen).is_empty());
}

fn realities_after(q: &QuantumGoff, position: &str, mv: &str) -> Vec<String> {
    let e = q.parse_position(position).unwrap();
    let after = play(q, &e, mv);
    let mover = e.classical_to_move();
    let mut tiles: Vec<String> = after
        .games()
        .iter()
        .flat_map(|g| {
            (g.pos.of_player(mover) & g.pos.of_kind(Kind::Rook))
                .iter()
                .map(|c| Tile::of(c).book_name(mover))
                .collect::<Vec<_>>()
        })
        .collect();
    tiles.sort();
    tiles.dedup();
    tiles
}

/// T43 (05 §1 E, 19054-19242, Figs. 250-252): every row of the rook notation table.
#[test]
fn t43_rook_notation_table() {
    let q = variant(&[("spread", "any")]);
    let white = |t: &str| format!("WHITE: R @ {t}");
    let black = |t: &str| format!("BLACK: R @ {t} | Black to move");
    let rows: [(String, &str, usize); 10] = [
        (white("KR3,3"), "R(KR3,3) – [KR6,6]5", 5),
        (white("KR3,3"), "R(KR3,3) – [KR6,6]7", 7),
        (white("KR3,3"), "R(KR3,3) – [KR6,6]3", 3),
        (white("KR3,3"), "R(KR3,3) – [KR5,7]3", 3),
        (white("KR3,4"), "R(KR3,4) – [KR7,9]7", 2),
        (white("K4,4"), "R(K4,4) – [K4,7]5,5", 9),
        (white("KB3,1"), "R(KB3,1) – [KB3,3]7,7", 13),
        (black("QR4,4"), "R(QR4,4) – [Q4,4]5,5", 9),
        (white("KB3,1"), "R(KB3,1) – [KB3,3]H1,L9", 9),
        (black("QR4,4"), "R(QR4,4) – [Q4,4]L7,R3", 9),
    ];
    for (pos, mv, n) in &rows {
        let tiles = realities_after(&q, pos, mv);
        assert_eq!(tiles.len(), *n, "{mv}: {tiles:?}");
    }
    // The off-board proxy: the two tiles on the board.
    assert_eq!(
        realities_after(&q, &white("KR3,4"), "R(KR3,4) – [KR7,9]7"),
        ["KR8,7", "KR8,8"]
    );
    // The pure quadrant has no end tile, the full one both.
    let pure = realities_after(&q, &white("KR3,3"), "R(KR3,3) – [KR6,6]5");
    let full = realities_after(&q, &white("KR3,3"), "R(KR3,3) – [KR6,6]7");
    assert!(!pure.contains(&"KR6,3".to_string()) && full.contains(&"KR6,3".to_string()));
    assert!(full.contains(&"KR3,6".to_string()));
    // Fig. 250(c): a knight blocking the linear move to one end tile (plane independence: the
    // vertical plane does not help) leaves 6.
    let blocked = realities_after(&q, "WHITE: R @ KR3,3; N @ KR5,2", "R(KR3,3) – [KR6,6]7");
    assert_eq!(blocked.len(), 6, "{blocked:?}");
    assert!(!blocked.contains(&"KR6,3".to_string()));
}

/// T44 (05 §1 E, 19244-19287, Fig. 253): the deflected knight's sets of 8, 2 and 3 tiles.
#[test]
fn t44_deflected_knight() {
    let q = variant(&[]);
    let cases: [(&str, &[&str]); 3] = [
        (
            "N(KB6,3)–[KR6,3]R",
            &[
                "KR4,2", "KR4,4", "KR5,1", "KR5,5", "KR7,1", "KR7,5", "KR8,2", "KR8,4",
            ],
        ),
        ("N(KB6,3)–[Q6,1]B", &["Q5,1", "Q7,1"]),
        ("N(KB6,3)–[Q8,5]D", &["K8,5", "Q7,5", "Q8,4"]),
    ];
    for (mv, want) in cases {
        let e = q.parse_position("WHITE: N @ KB6,3").unwrap();
        let after = play(&q, &e, mv);
        let mut got: Vec<String> = weights(&after, Player(0), Kind::Knight)
            .into_keys()
            .collect();
        got.sort();
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{mv}");
    }
}

/// T45 (05 §1 E, 19389-19406, Fig. 254): `S(Q1,1) – [Q5,5]17,17,5` makes 105 realities (5 duke
/// × 21 bishop), exactly one of them the stack move to Q5,5.
#[test]
fn t45_quantum_fission() {
    let q = variant(&[("max_games", "1000")]);
    let e = q.parse_position("WHITE: S @ Q1,1").unwrap();
    let after = play(&q, &e, "S(Q1,1) – [Q5,5]17,17,5");
    assert_eq!(after.realities(), 105);
    assert_eq!(after.games().len(), 105);
    let stacks = weights(&after, Player(0), Kind::Stack);
    assert_eq!(stacks, BTreeMap::from([("Q5,5".to_string(), 1)]));
    // The duke's 5 realities (its perimeter 2 in the major plane) and the bishop's 21 (the
    // perimeter 4 of its two rectangles, the end tiles KR1,5 and KR5,1 included); a sub-piece
    // alone on Q5,5 when the other is elsewhere.
    let dukes = weights(&after, Player(0), Kind::Duke);
    assert_eq!(
        dukes.keys().collect::<Vec<_>>(),
        ["K4,4", "KB3,3", "Q5,5", "QB4,4", "QN3,3"]
    );
    assert!(dukes
        .iter()
        .all(|(t, &w)| w == if t == "Q5,5" { 20 } else { 21 }));
    let bishops = weights(&after, Player(0), Kind::Bishop);
    assert_eq!(bishops.len(), 21);
    assert!(bishops
        .iter()
        .all(|(t, &w)| w == if t == "Q5,5" { 4 } else { 5 }));
    assert!(bishops.contains_key("KR1,5") && bishops.contains_key("KR5,1"));
    // The classical stack move is the fission of spread 1.
    let stack_move = play(&q, &e, "S(Q1,1) – [Q5,5]1,1,1");
    assert_eq!(stack_move.realities(), 1);
    assert_eq!(
        weights(&stack_move, Player(0), Kind::Stack),
        BTreeMap::from([("Q5,5".to_string(), 1)])
    );
}

/// Moves every piece of `ids` of the base game to the tiles given, for one reality.
fn reality(base: &Ensemble, moves: &[(usize, Cell)]) -> Game {
    let mut g = base.games()[0].clone();
    for &(id, to) in moves {
        let from = g.slots[id].cell().expect("on the board");
        let pc = g.pos.piece_at(from).expect("a man");
        g.pos.remove(from);
        g.pos.put(to, pc);
        g.slots[id].tile = to.0 as u16;
    }
    check_ids(&g, base.owners()).unwrap();
    g
}

fn ensemble(base: &Ensemble, realities: &[&[(usize, Cell)]]) -> Ensemble {
    let games = realities.iter().map(|r| reality(base, r)).collect();
    Ensemble::from_games(games, base.base_ids(), base.owners().to_vec())
}

fn id_on(e: &Ensemble, c: Cell) -> usize {
    e.games()[0].ids_at(c)[0]
}

fn k(text: &str) -> Cell {
    Tile::parse_book(text, Player(0)).unwrap().cell()
}

/// T46 (05 §1 E, 19488-19602, Figs. 255-257): 4, 3 and 2 realities for the separable,
/// semi-entangled and EPR states of a knight and a rook; all three fit on one board.
#[test]
fn t46_separable_semi_entangled_epr() {
    let q = variant(&[]);
    // Black to move (White made the last move); a knight and a rook in two-way superpositions.
    let base = q
        .parse_position("WHITE: N @ K5,8; R @ K2,8 | BLACK: K @ QR8,8 | Black to move")
        .unwrap();
    let (n, r) = (id_on(&base, k("K5,8")), id_on(&base, k("K2,8")));
    let sep = ensemble(
        &base,
        &[
            &[(n, k("K4,3")), (r, k("K1,1"))],
            &[(n, k("K6,3")), (r, k("K1,1"))],
            &[(n, k("K4,3")), (r, k("K1,2"))],
            &[(n, k("K6,3")), (r, k("K1,2"))],
        ],
    );
    let semi = ensemble(
        &base,
        &[
            &[(n, k("K6,3")), (r, k("K4,3"))],
            &[(n, k("K4,3")), (r, k("K1,2"))],
            &[(n, k("K6,3")), (r, k("K1,2"))],
        ],
    );
    let epr = ensemble(
        &base,
        &[
            &[(n, k("K4,3")), (r, k("K1,2"))],
            &[(n, k("K1,2")), (r, k("K4,3"))],
        ],
    );
    assert_eq!(
        [sep.realities(), semi.realities(), epr.realities()],
        [4, 3, 2]
    );
    for e in [&sep, &semi, &epr] {
        assert!(!e.is_split(), "fits on one board");
        assert_eq!(q.to_move(e), Player(1));
    }
}

/// T46, the capture example (19887-20007, Figs. 261-263): the pawn ends in {KN2,3, KN3,4}, the
/// rook in {KB5,5, KB6,4}; 4 realities when separable, 2 when pseudo-EPR, with the same board
/// picture; the pseudo-EPR state needs a collapse, which the karma rule gives to White, who made
/// it; each choice leaves a state that fits on one board and passes the turn to Black.
#[test]
fn t46_capture_example_and_its_collapse() {
    let q = variant(&[]);
    let base = q
        .parse_position("WHITE: P @ KN2,2; R @ KB2,8 | BLACK: K @ QR8,8 | Black to move")
        .unwrap();
    let (p, r) = (id_on(&base, k("KN2,2")), id_on(&base, k("KB2,8")));
    let sep = ensemble(
        &base,
        &[
            &[(p, k("KN2,3")), (r, k("KB5,5"))],
            &[(p, k("KN3,4")), (r, k("KB5,5"))],
            &[(p, k("KN2,3")), (r, k("KB6,4"))],
            &[(p, k("KN3,4")), (r, k("KB6,4"))],
        ],
    );
    let pseudo = ensemble(
        &base,
        &[
            &[(p, k("KN2,3")), (r, k("KB5,5"))],
            &[(p, k("KN3,4")), (r, k("KB6,4"))],
        ],
    );
    assert_eq!((sep.realities(), pseudo.realities()), (4, 2));
    // The same board picture: the same virtual pieces with the same weights... per reality count.
    let tiles = |e: &Ensemble| -> Vec<String> {
        let mut v: Vec<String> = weights(e, Player(0), Kind::Pawn)
            .into_keys()
            .chain(weights(e, Player(0), Kind::Rook).into_keys())
            .collect();
        v.sort();
        v
    };
    assert_eq!(tiles(&sep), tiles(&pseudo));
    assert!(!sep.is_split());
    assert!(pseudo.is_split());
    // Karma: White, who made the split, must collapse; the choices are the moves.
    assert_eq!(q.to_move(&pseudo), Player(0));
    let choices = q.move_texts(&pseudo);
    assert_eq!(choices.len(), 2, "{choices:?}");
    assert!(choices.iter().all(|c| c.starts_with("collapse ")));
    for c in &choices {
        let after = q.play_text(&pseudo, c).unwrap();
        assert_eq!(after.realities(), 1);
        assert!(!after.is_split());
        assert_eq!(q.to_move(&after), Player(1));
    }
    // Under many worlds there is no collapse: Black moves on, over both boards.
    let mw = variant(&[("collapse", "many_worlds")]);
    assert_eq!(mw.to_move(&pseudo), Player(1));
    assert!(mw
        .legal_moves_vec(&pseudo)
        .iter()
        .all(|m| !matches!(m, QMove::Collapse { .. })));
}

/// T47 (05 §1 E, 19694-19766, Fig. 260): the oscillating rook. After move 3, 27 histories on 12
/// tiles with weights 1, 2 and 5 (the book's equation (11) with its duplicate KR5,5 read KR5,4).
#[test]
fn t47_oscillating_rook() {
    for histories in ["false", "true"] {
        let q = variant(&[("histories", histories)]);
        let mut e = q
            .parse_position("WHITE: R @ KR3,3 | BLACK: K @ QR8,1")
            .unwrap();
        e = play(&q, &e, "R(KR3,3) - [KR5,5]3");
        e = play(&q, &e, "K(QR8,1) - [QR8,2]");
        e = play(&q, &e, "R(KR5,5) - [KR3,3]3");
        e = play(&q, &e, "K(QR8,2) - [QR8,1]");
        e = play(&q, &e, "R(KR3,3) - [KR5,5]3");
        assert_eq!(e.realities(), 27);
        let w = weights(&e, Player(0), Kind::Rook);
        let want: BTreeMap<String, u128> = [
            ("KR3,5", 1),
            ("KR3,6", 1),
            ("KR5,3", 1),
            ("KR5,6", 1),
            ("KR6,3", 1),
            ("KR6,5", 1),
            ("KR4,4", 2),
            ("KR4,6", 2),
            ("KR6,4", 2),
            ("KR4,5", 5),
            ("KR5,4", 5),
            ("KR5,5", 5),
        ]
        .into_iter()
        .map(|(t, n)| (t.to_string(), n))
        .collect();
        assert_eq!(w, want);
        if histories == "true" {
            // Unique histories: 27 games of weight 1, each with its own branch list.
            assert_eq!(e.games().len(), 27);
            assert!(e
                .games()
                .iter()
                .all(|g| g.weight == 1 && g.history.len() == 5));
            let mut h: Vec<&Vec<u16>> = e.games().iter().map(|g| &g.history).collect();
            h.sort();
            h.dedup();
            assert_eq!(h.len(), 27);
        } else {
            assert_eq!(e.games().len(), 12);
        }
    }
}

#[allow(dead_code)]
fn unused(_: Piece, _: Position, _: SpreadRule) {}
