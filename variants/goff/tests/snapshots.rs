//! insta snapshots of destination lists (rules/goff/01 §4-5, 02 §3-5, 04 §1): every piece kind from a
//! corner, an edge, a face and the centre, with a few blockers, grouped by plane and kind as
//! `spacechess moves goff --piece` prints them.

mod common;
use common::*;
use spacechess_goff::explain::explain;
use spacechess_goff::{Kind, Piece, Position};

/// Sources: corner QR1,1, edge QR1,4, face QR4,4, centre Q4,4; blockers at fixed offsets from the
/// source (those on the board): Black pawns, a Black knight, a White pawn.
fn render(kind: Kind) -> String {
    let sources = [
        ("corner", (0, 0, 0)),
        ("edge", (0, 0, 3)),
        ("face", (0, 3, 3)),
        ("centre", (3, 3, 3)),
    ];
    let blockers = [
        (B, Kind::Pawn, (0, 2, 1)),
        (B, Kind::Knight, (1, 1, 3)),
        (W, Kind::Pawn, (2, 0, 1)),
        (B, Kind::Pawn, (2, 3, 3)),
        (B, Kind::Pawn, (-1, 1, -1)),
        (W, Kind::Pawn, (1, -2, 0)),
    ];
    let mut out = String::new();
    for (label, s) in sources {
        let mut p = Position::empty();
        p.put(t(s.0, s.1, s.2), Piece { player: W, kind });
        let mut placed = Vec::new();
        for (pl, k, o) in blockers {
            let c = (s.0 + o.0, s.1 + o.1, s.2 + o.2);
            if [c.0, c.1, c.2].iter().all(|x| (0..8).contains(x)) {
                p.put(
                    t(c.0, c.1, c.2),
                    Piece {
                        player: pl,
                        kind: k,
                    },
                );
                placed.push(format!(
                    "{}{}",
                    if pl == W { "W" } else { "B" },
                    spacechess_goff::Tile::new(c.0, c.1, c.2).book_name(W)
                ));
            }
        }
        out.push_str(&format!("== {label}; men: {}\n", placed.join(" ")));
        out.push_str(&explain(&p, t(s.0, s.1, s.2)).unwrap().render(&p));
    }
    out
}

#[test]
fn rook_destinations() {
    insta::assert_snapshot!(render(Kind::Rook));
}

#[test]
fn bishop_destinations() {
    insta::assert_snapshot!(render(Kind::Bishop));
}

#[test]
fn duke_destinations() {
    insta::assert_snapshot!(render(Kind::Duke));
}

#[test]
fn queen_destinations() {
    insta::assert_snapshot!(render(Kind::Queen));
}

#[test]
fn knight_destinations() {
    insta::assert_snapshot!(render(Kind::Knight));
}

#[test]
fn king_destinations() {
    insta::assert_snapshot!(render(Kind::King));
}

/// The drawing of the start position (`spacechess show goff`).
#[test]
fn start_drawing() {
    insta::assert_snapshot!(spacechess_goff::text::draw(&Position::start()));
}

/// Pawn destinations (03 §3.2-3.4) from the same sources and blockers, plus a shackled pawn on
/// its start tile and an unshackled one on the back plane.
#[test]
fn pawn_destinations() {
    let mut out = render(Kind::Pawn);
    for (label, s, men) in [
        ("start tile", (4, 1, 1), vec![(B, Kind::Knight, (5, 2, 3))]),
        (
            "back plane",
            (3, 2, 7),
            vec![(B, Kind::Rook, (5, 4, 7)), (B, Kind::Knight, (3, 6, 7))],
        ),
    ] {
        let mut v = vec![(W, Kind::Pawn, s)];
        v.extend(men);
        let p = pos(&v, W);
        out.push_str(&format!("== {label}\n"));
        out.push_str(&explain(&p, t(s.0, s.1, s.2)).unwrap().render(&p));
    }
    insta::assert_snapshot!(out);
}

/// The start position's legal moves in the book's notation (05 T27: 72).
#[test]
fn start_moves() {
    use spacechess_variant::Variant;
    let g = spacechess_goff::Goff::new();
    let s = g.start();
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    let list: Vec<String> = v.iter().map(|m| g.move_text(&s, m)).collect();
    insta::assert_snapshot!(format!("{} moves\n{}", list.len(), list.join("\n")));
}

/// Stack destinations (03 §2): by bishop and duke planes (decays), from the same sources.
#[test]
fn stack_destinations() {
    insta::assert_snapshot!(render(Kind::Stack));
}

/// The move list, in the book's notation, of a White stack on QR1,1 with teleport targets (a duke
/// on QN3,2, a bishop on Q4,4), a lone bishop able to recombine (QB5,3 -> QN3,2) and Black men to
/// capture (03 §2.3, §2.6).
#[test]
fn stack_move_list() {
    use spacechess_variant::Variant;
    let g = spacechess_goff::Goff::new();
    let p = pos(
        &[
            (W, Kind::Stack, (0, 0, 0)),
            (W, Kind::Duke, (1, 2, 1)),
            (W, Kind::Bishop, (3, 3, 3)),
            (W, Kind::Bishop, (2, 4, 2)),
            (B, Kind::Knight, (0, 2, 2)),
            (B, Kind::Rook, (2, 0, 2)),
            (B, Kind::Pawn, (4, 4, 0)),
        ],
        W,
    );
    let mut v = Vec::new();
    g.legal_moves(&p, &mut v);
    let list: Vec<String> = v.iter().map(|m| g.move_text(&p, m)).collect();
    insta::assert_snapshot!(format!("{} moves\n{}", list.len(), list.join("\n")));
}

/// The whole legal move list, in the book's notation, after 7... N - QB3,3 of the Greedy Opening
/// (04 §6.3): stacks (the QB stack; Black's KN5,1 stack), pawns with their captures, the KB stack's
/// remaining bishop, and the vertical king-side castles, the only castles open (04 §5.6).
#[test]
fn greedy_opening_move_list() {
    use spacechess_variant::Variant;
    let g = spacechess_goff::Goff::new();
    let mut p = g.start();
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
        let m = g
            .parse_move(&p, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        p = g.play(&p, &m);
    }
    let mut v = Vec::new();
    g.legal_moves(&p, &mut v);
    let mut list: Vec<String> = v.iter().map(|m| g.move_text(&p, m)).collect();
    list.sort();
    assert!(list.iter().any(|m| m.starts_with("CK")));
    assert!(list.iter().any(|m| m.starts_with("S")));
    assert!(list.iter().any(|m| m.starts_with("P")));
    insta::assert_snapshot!(format!("{} moves\n{}", list.len(), list.join("\n")));
}
