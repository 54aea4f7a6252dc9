//! 8x8x8 Cubic chess: the test vectors of shared/rules/cubic8.md (§6 rows T1..T11), the armies
//! and turn order (§2), pawns and promotion (§4), castling and the team rules (§5), elimination
//! and the True King (§5, §7), snapshots, perft and random games.

mod common;

use common::*;
use spacechess_cubic::{offset, reach_names, Cubic, Cubic8, CubicPosition};
use spacechess_variant::{perft, Outcome, Player, Variant};
use std::collections::BTreeMap;

fn two() -> Cubic8 {
    Cubic::cubic8(None, &[]).unwrap()
}
fn four() -> Cubic8 {
    Cubic::cubic8_four(None, &[]).unwrap()
}
fn teams() -> Cubic8 {
    Cubic::cubic8_teams(None, &[]).unwrap()
}
fn true_king(kings: &str) -> Cubic8 {
    Cubic::cubic8_true_king(None, &[("true_kings".into(), kings.into())]).unwrap()
}

/// Full cell names of a list written with the rule text's short colours.
fn full(g: &Cubic8, list: &str) -> Vec<String> {
    let e = g.engine();
    let mut v: Vec<String> = list
        .split_whitespace()
        .map(|n| e.cell_name(e.parse_cell(n).unwrap_or_else(|| panic!("{n}"))))
        .collect();
    v.sort();
    v
}

/// The farthest cell of each ray of a rider from `from` on the empty board.
fn farthest(g: &Cubic8, l: char, from: &str) -> Vec<String> {
    let mut best: BTreeMap<Vec<i8>, (u8, String)> = BTreeMap::new();
    for to in reach_names(g, 0, l, from) {
        let v = offset(g, from, &to).unwrap();
        let dir: Vec<i8> = v.as_slice().iter().map(|c| c.signum()).collect();
        let d = v.chebyshev();
        let e = best.entry(dir).or_insert((0, String::new()));
        if d > e.0 {
            *e = (d, to);
        }
    }
    let mut v: Vec<String> = best.into_values().map(|(_, c)| c).collect();
    v.sort();
    v
}

/// cubic8.md T1: the king on D4Yellow.
#[test]
fn t1_king() {
    let g = two();
    let ring = ["D3", "C3", "C4", "C5", "D5", "E5", "E4", "E3"];
    let mut want: Vec<String> = ring.iter().map(|c| format!("{c}Yellow")).collect();
    for lv in ["Orange", "Green"] {
        want.extend(ring.iter().chain(&["D4"]).map(|c| format!("{c}{lv}")));
    }
    want.sort();
    assert_eq!(reach_names(&g, 0, 'K', "D4Yellow"), want);
}

/// cubic8.md T2 (with G1Purple for the seed's G7Purple).
#[test]
fn t2_queen_farthest() {
    let g = two();
    let want = "D1Y A1Y A4Y A7Y D8Y H8Y H4Y G1Y D4W D1W A1W A4W A7W D7W G7W G4W G1W \
                D4Bk D1P A1P A4P A7P D8Bk H8Bk H4Bk G1Purple";
    assert_eq!(farthest(&g, 'Q', "D4Yellow"), full(&g, want));
}

/// cubic8.md T3.
#[test]
fn t3_bishop_farthest() {
    let g = two();
    let want = "A1Y A7Y H8Y G1Y A1W A7W G7W G1W A1P A7P H8Bk G1Purple";
    assert_eq!(farthest(&g, 'B', "D4Yellow"), full(&g, want));
    // The bishop never moves along a vertical-plane diagonal (§3, §8.1).
    assert!(!reach_names(&g, 0, 'B', "D4Yellow").contains(&"D5Orange".to_string()));
}

/// cubic8.md T4.
#[test]
fn t4_rook_farthest() {
    let g = two();
    assert_eq!(
        farthest(&g, 'R', "D4Yellow"),
        full(&g, "D8Y D1Y A4Y H4Y D4Black D4White")
    );
}

/// cubic8.md T5 (B5 for the seed's A5).
#[test]
fn t5_knight() {
    let g = two();
    let mut want = Vec::new();
    for lv in ["Green", "Yellow", "Orange"] {
        for c in ["C6", "E6", "F5", "F3", "E2", "C2", "B3", "B5"] {
            want.push(format!("{c}{lv}"));
        }
    }
    for lv in ["Red", "Blue"] {
        for c in ["C4", "D5", "E4", "D3"] {
            want.push(format!("{c}{lv}"));
        }
    }
    want.sort();
    assert_eq!(reach_names(&g, 0, 'N', "D4Yellow"), want);
}

/// cubic8.md T6: K 26, Q 85, R 21, B 38, N 32 from D4Yellow.
#[test]
fn t6_counts() {
    let g = two();
    let n = |l| reach_names(&g, 0, l, "D4Yellow").len();
    assert_eq!(['K', 'Q', 'R', 'B', 'N'].map(n), [26, 85, 21, 38, 32]);
}

/// cubic8.md T7: player 1's unmoved pawn on B2Red, empty board.
#[test]
fn t7_pawn_moves() {
    let g = two();
    let p = position(
        &g,
        &[('P', "B2Red", 0), ('K', "H1White", 0), ('K', "H8Black", 1)],
        0,
    );
    assert_eq!(
        targets_from(&g, &p, "B2Red"),
        full(&g, "B3Red B4Red B2Orange B2Yellow B3Orange B4Yellow")
    );
    // A double step needs the cell passed over empty.
    let p = position(
        &g,
        &[
            ('P', "B2Red", 0),
            ('N', "B3Orange", 0),
            ('K', "H1White", 0),
            ('K', "H8Black", 1),
        ],
        0,
    );
    assert_eq!(
        targets_from(&g, &p, "B2Red"),
        full(&g, "B3Red B4Red B2Orange B2Yellow")
    );
}

/// cubic8.md T8: its captures with enemies all around (none straight ahead, up or down).
#[test]
fn t8_pawn_captures() {
    let g = two();
    let mut men = vec![
        ('P', "B2Red", 0u8),
        ('K', "H1White", 0),
        ('K', "H8Black", 1),
    ];
    let around: Vec<String> = reach_names(&g, 0, 'K', "B2Red");
    men.extend(around.iter().map(|c| ('N', c.as_str(), 1u8)));
    let p = position(&g, &men, 0);
    let caps: Vec<String> = move_texts(&g, &p)
        .into_iter()
        .filter(|m| m.starts_with("B2Redx"))
        .map(|m| m[6..].to_string())
        .collect();
    assert_eq!(
        sorted(&caps.iter().map(|s| s.as_str()).collect::<Vec<_>>()),
        full(&g, "C3Red C3Orange A2Orange C2Orange A3Red A3Orange")
    );
}

/// cubic8.md T10 and §2: 32 men per player, 128 in four-player games; the armies' kings and
/// queens where §2 puts them.
#[test]
fn t10_armies() {
    let g = four();
    let s = g.start();
    for p in 0..4 {
        assert_eq!(s.board.of_player(Player(p)).len(), 32);
    }
    assert_eq!(s.board.occupied().len(), 128);
    assert_eq!(two().start().board.occupied().len(), 64);
    let e = g.engine();
    for (c, l, p) in [
        ("E1White", 'K', 0),
        ("D1White", 'Q', 0),
        ("E8Black", 'K', 1),
        ("D8Black", 'Q', 1),
        ("E8White", 'K', 2),
        ("D8White", 'Q', 2),
        ("E1Black", 'K', 3),
        ("D1Black", 'Q', 3),
        ("A1Red", 'P', 0),
        ("H8Purple", 'P', 1),
        ("A8Red", 'P', 2),
        ("A1Purple", 'P', 3),
    ] {
        let pc = s.board.piece_at(e.parse_cell(c).unwrap()).unwrap();
        assert_eq!(
            (e.kinds()[pc.kind as usize].letter, pc.player.0),
            (l, p),
            "{c}"
        );
    }
}

/// cubic8.md T11: every knight leap changes the 2D shade (x + y) mod 2.
#[test]
fn t11_knight_shade() {
    let g = two();
    let e = g.engine();
    for from in e.shape().cells() {
        let a = e.shape().coords(from);
        let name = e.cell_name(from);
        for to in reach_names(&g, 0, 'N', &name) {
            let b = e.shape().coords(e.parse_cell(&to).unwrap());
            assert_ne!(
                (a.get(0) + a.get(1)).rem_euclid(2),
                (b.get(0) + b.get(1)).rem_euclid(2)
            );
        }
    }
}

/// cubic8.md §4: each army promotes on the home row and level of the army its pawns advance
/// toward, to Q, B, R or N.
#[test]
fn s4_promotion_zones() {
    let g = four();
    let e = g.engine();
    for (p, corner) in [
        (0, "A8Black"),
        (1, "A1White"),
        (2, "A1Black"),
        (3, "A8White"),
    ] {
        let z = e.promotion_zone(Player(p));
        assert_eq!(z.len(), 8);
        assert!(z.contains(e.parse_cell(corner).unwrap()), "{p} {corner}");
    }
    let g = two();
    let p = position(
        &g,
        &[
            ('P', "C7Purple", 0),
            ('K', "H1White", 0),
            ('K', "A1White", 1),
        ],
        0,
    );
    let t = move_texts(&g, &p);
    assert_eq!(
        t.iter()
            .filter(|m| m.starts_with("C7Purple-C8Black="))
            .count(),
        4
    );
}

/// cubic8.md §5: castling on the king's own row and level, both ways; not out of or through
/// check.
#[test]
fn s5_castling() {
    let g = two();
    let men = [
        ('K', "E1White", 0),
        ('R', "A1White", 0),
        ('R', "H1White", 0),
        ('K', "E8Black", 1),
    ];
    let p = position(&g, &men, 0);
    let t = targets_from(&g, &p, "E1White");
    assert!(t.contains(&"G1White".to_string()) && t.contains(&"C1White".to_string()));
    let after = g.play(&p, &g.parse_move(&p, "E1White-G1White").unwrap());
    let e = g.engine();
    let at = |c: &str| {
        after
            .board
            .piece_at(e.parse_cell(c).unwrap())
            .map(|pc| e.kinds()[pc.kind as usize].letter)
    };
    assert_eq!(
        (at("G1White"), at("F1White"), at("H1White")),
        (Some('K'), Some('R'), None)
    );
    // A black rook on F5Red attacks F1White? No: F5Red to F1White is not a rook line. A rook on
    // F1Black attacks F1White up the column, so castling short is out.
    let p = position(
        &g,
        &[men[0], men[1], men[2], men[3], ('R', "F1Black", 1)],
        0,
    );
    let t = targets_from(&g, &p, "E1White");
    assert!(!t.contains(&"G1White".to_string()) && t.contains(&"C1White".to_string()));
}

/// A teams position: 13v24 (players 1 and 3 against 2 and 4).
fn team_pos(g: &Cubic8, extra: &[(char, &str, u8)], to_move: u8) -> CubicPosition<8> {
    let mut men = vec![
        ('K', "A1White", 0),
        ('K', "H8Black", 1),
        ('K', "E8White", 2),
        ('K', "A1Black", 3),
    ];
    men.extend_from_slice(extra);
    position(g, &men, to_move)
}

/// cubic8.md §5: a move may not leave the mover's partner's king in check; partners never give
/// each other check.
#[test]
fn s5_partner_king_protected() {
    let g = teams();
    // Player 2's rook on E3White checks player 3's king on E8White; player 1 must take it.
    let p = team_pos(&g, &[('R', "H3White", 0), ('R', "E3White", 1)], 0);
    assert!(g.in_check(&p));
    assert_eq!(move_texts(&g, &p), vec!["H3WhitexE3White".to_string()]);
    // Player 3's rook on A5White "attacks" player 1's king on A1White: no check, and player 1's
    // king may step next to it.
    let p = team_pos(&g, &[('R', "A5White", 2)], 0);
    assert!(!g.in_check(&p));
    assert!(targets_from(&g, &p, "A1White").contains(&"A2White".to_string()));
    // Individually, the same rook does give check.
    let f = four();
    let p = team_pos(&f, &[('R', "A5White", 2)], 0);
    assert!(f.in_check(&p));
}

/// Player 2 boxed in on H8Black by his own men; player 1's knight on E5Black mates from G6Black.
fn mate_setup(g: &Cubic8, to_move: u8) -> CubicPosition<8> {
    let mut men = vec![
        ('N', "E5Black", 0),
        ('R', "H7Black", 1),
        ('N', "C3Yellow", 2),
    ];
    for c in [
        "G8Black", "G7Black", "H8Purple", "G8Purple", "G7Purple", "H7Purple",
    ] {
        men.push(('P', c, 1));
    }
    team_pos(g, &men, to_move)
}

/// cubic8.md §5: in teams a mated player's men pass to his partner, who moves them in the mated
/// player's turn; his king is no longer royal and may be taken; the game ends when the partner is
/// mated too.
#[test]
fn s5_team_elimination() {
    let g = teams();
    let p = mate_setup(&g, 0);
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    assert_eq!(after.out, 0b10, "{}", g.position_text(&after));
    assert_eq!(after.board.to_move(), Player(2));
    assert!(g.outcome(&after).is_none());
    assert!(g.position_text(&after).ends_with(" out:2"));
    let back = g.parse_position(&g.position_text(&after)).unwrap();
    assert_eq!(back, after);
    // Player 3 and player 4 move; then player 1 may take the fallen king.
    let mut pos = after;
    for _ in 0..2 {
        let mut ms = Vec::new();
        g.legal_moves(&pos, &mut ms);
        let quiet = *ms
            .iter()
            .find(|m| !g.move_text(&pos, m).contains('x'))
            .unwrap();
        pos = g.play(&pos, &quiet);
    }
    assert_eq!(pos.board.to_move(), Player(0));
    assert!(move_texts(&g, &pos).contains(&"G6BlackxH8Black".to_string()));
    // Then player 2's turn is played (by player 4) with player 2's men.
    let pos = g.play(&pos, &g.parse_move(&pos, "G6BlackxH8Black").unwrap());
    assert_eq!(pos.board.to_move(), Player(1));
    let mut ms = Vec::new();
    g.legal_moves(&pos, &mut ms);
    assert!(!ms.is_empty());
    assert!(ms
        .iter()
        .all(|m| pos.board.piece_at(m.from).unwrap().player == Player(1)));
    // With inherited_turn = skipped, player 4 moves them in his own turn instead.
    let s = Cubic::cubic8_teams(None, &[("inherited_turn".into(), "skipped".into())]).unwrap();
    let p = mate_setup(&s, 0);
    let mut pos = s.play(&p, &s.parse_move(&p, "E5Black-G6Black").unwrap());
    assert_eq!(pos.board.to_move(), Player(2));
    let mut ms = Vec::new();
    s.legal_moves(&pos, &mut ms);
    pos = s.play(&pos, &ms[0]);
    assert_eq!(pos.board.to_move(), Player(3));
    s.legal_moves(&pos, &mut ms);
    let owners: std::collections::BTreeSet<u8> = ms
        .iter()
        .map(|m| pos.board.piece_at(m.from).unwrap().player.0)
        .collect();
    assert_eq!(owners.into_iter().collect::<Vec<_>>(), vec![1, 3]);
    pos = s.play(&pos, &ms[0]);
    assert_eq!(pos.board.to_move(), Player(0));
}

/// cubic8.md §5: the team game ends when both kings of a team have been mated or stalemated.
#[test]
fn s5_team_game_end() {
    let g = teams();
    // Player 4 already out; player 2 mated now: players 1 and 3 win.
    let p = mate_setup(&g, 0);
    let text = format!("{} out:4", g.position_text(&p));
    let p = g.parse_position(&text).unwrap();
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    match g.outcome(&after) {
        Some(Outcome::Win { winners, .. }) => assert_eq!(winners, vec![Player(0), Player(2)]),
        o => panic!("{o:?}"),
    }
    let mut ms = Vec::new();
    g.legal_moves(&after, &mut ms);
    assert!(ms.is_empty());
}

/// cubic8.md §5 (rec): four players individually: a mated player is out, his men stay as
/// neutral obstacles that never move and give no check; the last player left wins.
#[test]
fn s5_free_for_all_elimination() {
    let g = four();
    let p = mate_setup(&g, 0);
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    assert_eq!((after.out, after.board.to_move()), (0b10, Player(2)));
    let mut pos = after;
    for _ in 0..2 {
        let mut ms = Vec::new();
        g.legal_moves(&pos, &mut ms);
        pos = g.play(&pos, &ms[0]);
    }
    assert_eq!(pos.board.to_move(), Player(0));
    let mut ms = Vec::new();
    g.legal_moves(&pos, &mut ms);
    pos = g.play(&pos, &ms[0]);
    assert_eq!(pos.board.to_move(), Player(2), "player 2 is skipped");
    // A neutral rook gives no check; a live one does.
    let p3 = team_pos(&g, &[('R', "A5Black", 1)], 3);
    let p3 = g
        .parse_position(&format!("{} out:2", g.position_text(&p3)))
        .unwrap();
    assert!(
        !g.in_check(&p3),
        "neutral rook on A5Black does not check A1Black"
    );
    let live = team_pos(&g, &[('R', "A5Black", 1)], 3);
    assert!(g.in_check(&live));
    let removed = Cubic::cubic8_four(None, &[("eliminated_men".into(), "removed".into())]).unwrap();
    let p = mate_setup(&removed, 0);
    let after = removed.play(&p, &removed.parse_move(&p, "E5Black-G6Black").unwrap());
    assert!(after.board.of_player(Player(1)).is_empty());
    // Last player left wins.
    let p = mate_setup(&g, 0);
    let p = g
        .parse_position(&format!("{} out:3,4", g.position_text(&p)))
        .unwrap();
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    match g.outcome(&after) {
        Some(Outcome::Win { winners, .. }) => assert_eq!(winners, vec![Player(0)]),
        o => panic!("{o:?}"),
    }
}

/// cubic8.md §5: castling is forbidden across a cell attacked by "an opponent of the mover"; in
/// the free-for-all an eliminated player's men are neutral obstacles that give no check, so they
/// guard no castling cell either (issue 18 item 2: the position below had 27 moves, not 28, for
/// player 2's rook on F5White looking down onto F1White). A live rook there still forbids it.
#[test]
fn s5_castling_beside_neutral_men() {
    let g = four();
    let board = "8/8/8/5r2/8/8/8/4K2R//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//\
                 8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//k3K'2k'/8/8/8/8/8/8/8 1 * - 0 1";
    let p = g.parse_position(&format!("{board} out:2")).unwrap();
    let moves = g.move_texts(&p);
    assert!(moves.contains(&"E1White-G1White".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 28);
    // Player 2 still in the game: his rook attacks F1White, no castling short.
    let live = g.parse_position(board).unwrap();
    assert!(!g.move_texts(&live).contains(&"E1White-G1White".to_string()));
    // The two-player game keeps the generic test.
    let two_p = two()
        .parse_position(
            "8/8/8/5r2/8/8/8/4K2R//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//\
                         8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//k7/8/8/8/8/8/8/8 w",
        )
        .unwrap();
    assert!(!two()
        .move_texts(&two_p)
        .contains(&"E1White-G1White".to_string()));
}

/// cubic8.md §2 and §5: turn order 1, 2, 3, 4; a king of a player in the game is never captured.
#[test]
fn s2_turn_order_and_kings_not_captured() {
    let g = four();
    let mut pos = g.start();
    let mut ms = Vec::new();
    for want in [0u8, 1, 2, 3, 0, 1] {
        assert_eq!(pos.board.to_move(), Player(want));
        g.legal_moves(&pos, &mut ms);
        pos = g.play(&pos, &ms[0]);
    }
    // Player 1's rook bears on player 2's king (player 3 opened the line): no capture of it.
    let p = team_pos(&g, &[('R', "H1Black", 0)], 0);
    assert!(!targets_from(&g, &p, "H1Black").contains(&"H8Black".to_string()));
    let e = g.parse_move(&p, "H1BlackxH8Black").unwrap_err();
    assert!(e.to_string().contains("never captured"), "{e}");
}

/// cubic8.md §7: True King: each player commands two armies (1 and 3 against 2 and 4); a false
/// king mated passes on like a partner's; the true king mated loses.
#[test]
fn s7_true_king() {
    // Player 2's army (the second player's) holds his true king: mated, the game is over.
    let g = true_king("1,2");
    let p = mate_setup(&g, 0);
    assert!(g.position_text(&p).ends_with(" true:1,2"));
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    match g.outcome(&after) {
        Some(Outcome::Win { winners, .. }) => assert_eq!(winners, vec![Player(0), Player(2)]),
        o => panic!("{o:?}"),
    }
    // The second player's true king is army 4's: the mate of army 2's king only eliminates it.
    let g = true_king("1,4");
    let p = mate_setup(&g, 0);
    let after = g.play(&p, &g.parse_move(&p, "E5Black-G6Black").unwrap());
    assert!(g.outcome(&after).is_none());
    assert_eq!(after.out, 0b10);
    assert!(g.position_text(&after).ends_with(" out:2 true:1,4"));
    // Both own kings must be kept out of check.
    let p = team_pos(&g, &[('R', "H3White", 0), ('R', "E3White", 1)], 0);
    assert_eq!(move_texts(&g, &p), vec!["H3WhitexE3White".to_string()]);
    assert!(Cubic::cubic8_true_king(None, &[("true_kings".into(), "1,3".into())]).is_err());
    assert!(g
        .parse_position(&format!("{} true:2,4", g.position_text(&p)))
        .is_err());
}

#[test]
fn snapshots_start_and_middlegames() {
    for (g, name) in [
        (two(), "cubic8"),
        (four(), "cubic8_4"),
        (teams(), "cubic8_teams"),
        (true_king("1,2"), "cubic8_true_king"),
    ] {
        insta::assert_snapshot!(format!("{name}_start"), snapshot(&g, &[], &g.start()));
        for (i, (seed, plies)) in [(9u64, 12usize), (31, 24)].into_iter().enumerate() {
            let (pos, line) = random_line(&g, seed, plies);
            insta::assert_snapshot!(
                format!("{name}_middlegame_{}", i + 1),
                snapshot(&g, &line, &pos)
            );
        }
    }
}

/// Perft from the starts, depths 1 to 3 (cubic8.md §2 armies and turn order, §3 pieces, §4
/// pawns, §5 check, castling and teams; §7 True King with both kings of a player royal): the
/// counts of the independent reference of tests/naive8.rs, written from those sections (depths 1
/// and 2 in every run, 3 in its ignored test, `just deep-perft`).
#[test]
fn perft_start_depths_1_to_3() {
    for (g, want) in [
        (two(), [126, 15_876, 2_047_608]),
        (four(), [126, 15_876, 2_000_376]),
        (teams(), [126, 15_876, 2_000_376]),
        (true_king("1,2"), [126, 15_876, 2_000_376]),
    ] {
        assert_eq!(
            [1, 2, 3].map(|d| perft(&g, &g.start(), d)),
            want,
            "{}",
            g.name()
        );
    }
}

/// Perft(4) from the starts (cubic8.md §2-§5): the counts of the independent reference of
/// tests/naive8.rs (its depth-4 test, about 8 minutes of CPU in release: `just reference-perft-8`).
#[test]
#[ignore = "deep perft: run with just deep-perft"]
fn perft_start_depth_4() {
    for (g, want) in [
        (two(), 263_989_526),
        (four(), 252_047_376),
        (teams(), 252_047_376),
    ] {
        assert_eq!(perft(&g, &g.start(), 4), want, "{}", g.name());
    }
}

#[test]
fn random_games_round_trip() {
    random_games(&two(), 60, 40, 7);
    random_games(&four(), 50, 40, 8);
    random_games(&teams(), 50, 40, 9);
    random_games(&true_king("1,4"), 50, 40, 10);
}

/// cubic8.md §4, option promotion_zone = any_opponent_home: a pawn also promotes on any
/// opponent's home row and level it reaches (a partner's does not count).
#[test]
fn s4_any_opponent_home() {
    let pairs = |z: &str| vec![("promotion_zone".to_string(), z.to_string())];
    let ffa = Cubic::cubic8_four(None, &pairs("any_opponent_home")).unwrap();
    let men = [('P', "B1Purple", 0u8), ('P', "C7White", 0)];
    let p = team_pos(&ffa, &men, 0);
    let t = move_texts(&ffa, &p);
    assert_eq!(
        t.iter()
            .filter(|m| m.starts_with("B1Purple-B1Black="))
            .count(),
        4
    );
    assert_eq!(
        t.iter()
            .filter(|m| m.starts_with("C7White-C8White="))
            .count(),
        4
    );
    let plain = four();
    let p = team_pos(&plain, &men, 0);
    let t = move_texts(&plain, &p);
    assert!(
        t.contains(&"B1Purple-B1Black".to_string()) && t.contains(&"C7White-C8White".to_string())
    );
    let tm = Cubic::cubic8_teams(None, &pairs("any_opponent_home")).unwrap();
    let p = team_pos(&tm, &men, 0);
    let t = move_texts(&tm, &p);
    assert_eq!(
        t.iter()
            .filter(|m| m.starts_with("B1Purple-B1Black="))
            .count(),
        4
    );
    assert!(
        t.contains(&"C7White-C8White".to_string()),
        "player 3 is a partner"
    );
    // A pawn may not stand in such a zone.
    let mut q = team_pos(&ffa, &[], 0);
    q.board.put(
        ffa.engine().parse_cell("C8White").unwrap(),
        spacechess_engine::Piece {
            player: Player(0),
            kind: ffa.engine().kind_by_letter('P').unwrap(),
        },
    );
    assert!(ffa.parse_position(&ffa.position_text(&q)).is_err());
}
