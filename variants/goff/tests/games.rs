//! The digests' test games replayed move by move through the book's text (rules/goff/04 §6;
//! 05 T28-T32): fool's mate, the Ruy Lopez example, the greedy opening, the knight's gambit (the
//! narrative line and the listing's variant), the four pawns face-off, with the claims the
//! digests check along the way; and a random game round trip of the move text.

mod common;

use common::*;
use spacechess_geometry::Cell;
use spacechess_goff::movegen::{attacked, covers, en_passant, in_check};
use spacechess_goff::{Goff, Kind, Move, Piece, Position, Tile, LEVELS};
use spacechess_variant::{MoveError, Player, Variant};

type Z = (i8, i8, i8);

fn c(x: Z) -> Cell {
    t(x.0, x.1, x.2)
}

fn z(cell: Cell) -> Z {
    let x = Tile::of(cell);
    (x.z, x.a, x.b)
}

/// One move of a book game: its text as the book writes it, and what it must be.
enum E<'a> {
    /// A move of one man: text, source, destination.
    M(&'a str, Z, Z),
    /// A castle: text, the king's source and destination, the king rook's and the queen rook's
    /// destinations, and the text the engine prints for it (04 §5.7).
    C(&'a str, Z, Z, Option<Z>, Option<Z>, &'a str),
}
use E::{C, M};

/// Plays the moves from the start (see [`replay_from`]).
fn replay(moves: &[E]) -> Position {
    replay_from(Goff::new().start(), moves)
}

/// Plays the moves from `p`: each book text is parsed and must be the expected move (for a
/// castle: the king's tiles and both rooks' destinations), its printed text must parse back to
/// the same move, and a castle must print as the notation of 04 §5.7 says.
fn replay_from(mut p: Position, moves: &[E]) -> Position {
    let g = Goff::new();
    for (i, e) in moves.iter().enumerate() {
        let text = match e {
            M(s, ..) | C(s, ..) => *s,
        };
        let m = g
            .parse_move(&p, text)
            .unwrap_or_else(|err| panic!("ply {} {text}: {err}", i + 1));
        match *e {
            M(_, f, to) => {
                assert_eq!((z(m.from), z(m.to)), (f, to), "ply {} {text}", i + 1);
                assert!(m.castle.is_none(), "{text}");
            }
            C(_, kf, kt, kr, qr, printed) => {
                let cs = m
                    .castle
                    .unwrap_or_else(|| panic!("{text} is not read as a castle: {m:?}"));
                assert_eq!(
                    (
                        z(m.from),
                        z(m.to),
                        cs.king_rook.map(z),
                        cs.queen_rook.map(z)
                    ),
                    (kf, kt, kr, qr),
                    "ply {} {text}",
                    i + 1
                );
                assert_eq!(g.move_text(&p, &m), printed, "{text}");
                assert_eq!(g.parse_move(&p, printed), Ok(m), "{printed}");
            }
        }
        // the printed text parses back to the same move
        let printed = g.move_text(&p, &m);
        assert_eq!(g.parse_move(&p, &printed), Ok(m), "{printed}");
        p = g.play(&p, &m);
    }
    p
}

/// A tile in the book's notation from `player`'s side, read independently of the engine's reader
/// (00-coordinates: White L n,m = (lvl, n-1, m-1), Black L n,m = (lvl, 8-n, 8-m)).
fn book(player: Player, s: &str) -> Z {
    let (lvl, nm) = s.split_at(s.find(|ch: char| ch.is_ascii_digit()).unwrap());
    let zl = LEVELS.iter().position(|l| *l == lvl).unwrap() as i8;
    let (n, m) = nm.split_once(',').unwrap();
    let (n, m): (i8, i8) = (n.parse().unwrap(), m.parse().unwrap());
    if player.0 == 0 {
        (zl, n - 1, m - 1)
    } else {
        (zl, 8 - n, 8 - m)
    }
}

/// Asserts that the board holds exactly these men: `"K KN1,1"` = kind letter and book tile, each
/// side in its own notation (04 §6 "Final position").
fn assert_men(p: &Position, white: &[&str], black: &[&str]) {
    let mut want = Vec::new();
    for (player, list) in [(Player(0), white), (Player(1), black)] {
        for s in list {
            let (k, tile) = s.split_once(' ').unwrap();
            let kind = Kind::from_letter(k.chars().next().unwrap()).unwrap();
            want.push((player.0, kind, book(player, tile)));
        }
    }
    want.sort_by_key(|x| (x.0, x.2));
    let mut got: Vec<(u8, Kind, Z)> = p
        .occupied()
        .iter()
        .map(|cell| {
            let pc = p.piece_at(cell).unwrap();
            (pc.player.0, pc.kind, z(cell))
        })
        .collect();
    got.sort_by_key(|x| (x.0, x.2));
    assert_eq!(got, want);
}

/// The castles of the side to move.
fn castles(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    Goff::new().legal_moves(p, &mut v);
    v.retain(|m| m.castle.is_some());
    v
}

/// True if the man on `from` covers `to` on this board.
fn covers_at(p: &Position, from: Z, to: Z) -> bool {
    let pc = p.piece_at(c(from)).expect("a man");
    covers(pc, c(from), c(to), &p.occupied())
}

/// 04 §6.1 / 05 T29 Fool's mate (L17033-17072): the final "mate" is a check with exactly 3 legal
/// replies, each interposing (04 A9).
#[test]
fn fools_mate() {
    let g = Goff::new();
    let p = replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - KB3,2", (5, 6, 6), (5, 5, 6)),
        M("P - KB4,3", (5, 1, 1), (5, 3, 2)),
        M("B - K2,1", (5, 7, 7), (4, 6, 7)),
        M("Q - K8,2", (3, 0, 0), (4, 7, 1)),
    ]);
    assert!(in_check(&p, Player(1)));
    assert_eq!(p.piece_at(t(5, 7, 7)).unwrap().kind, Kind::Duke);
    let mut v = Vec::new();
    g.legal_moves(&p, &mut v);
    let mut got: Vec<(u32, u32)> = v.iter().map(|m| (m.from.0, m.to.0)).collect();
    got.sort();
    let mut want: Vec<(u32, u32)> = [
        ((4, 6, 7), (5, 6, 6)),
        ((6, 6, 6), (6, 5, 5)),
        ((7, 6, 6), (7, 4, 4)),
    ]
    .iter()
    .map(|&(f, to)| (t(f.0, f.1, f.2).0, t(to.0, to.1, to.2).0))
    .collect();
    want.sort();
    assert_eq!(got, want);
    let texts: Vec<String> = v.iter().map(|m| g.move_text(&p, m)).collect();
    assert!(texts.contains(&"P - KN3,3".to_string()), "{texts:?}");
    assert!(texts.contains(&"P - KR4,4".to_string()), "{texts:?}");
    assert!(g.outcome(&p).is_none());
}

/// 04 §6.2 Ruy Lopez notation example (L2755-2769): all legal; 3 D - QN5,5 is the KB stack's duke
/// decay.
#[test]
fn ruy_lopez() {
    let p = replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - K4,4", (4, 6, 6), (4, 4, 4)),
        M("N - KB3,3", (6, 0, 0), (5, 2, 2)),
        M("N - QB3,3", (1, 7, 7), (2, 5, 5)),
        M("D - QN5,5", (5, 0, 0), (1, 4, 4)),
        M("P - QR4,3", (0, 6, 6), (0, 4, 5)),
    ]);
    assert_eq!(p.piece_at(t(5, 0, 0)).unwrap().kind, Kind::Bishop);
    assert_eq!(p.piece_at(t(1, 4, 4)).unwrap().kind, Kind::Duke);
}

/// 04 §6.3 / 05 T28 Greedy opening (l.16750-16946), moves 1-7 (through 7. B-QB2,3).
fn greedy_to_7_white() -> Position {
    let p3 = replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - K4,3", (4, 6, 6), (4, 4, 5)),
        M("P - K5,5", (4, 3, 3), (4, 4, 4)),
        M("P - Q4,3", (3, 6, 6), (3, 4, 5)),
        M("P - Q3,4", (3, 1, 1), (3, 2, 3)),
        M("Q x Q8,8", (3, 7, 7), (3, 0, 0)),
    ]);
    // 3... QxQ gives check (05 T28)
    assert!(in_check(&p3, W));
    let p5 = replay_from(
        p3,
        &[
            M("D x Q1,1", (5, 0, 0), (3, 0, 0)),
            M("S - KN5,1", (2, 7, 7), (6, 3, 7)),
            M("N - KB3,3", (6, 0, 0), (5, 2, 2)),
            M("P - KB4,4", (5, 6, 6), (5, 4, 4)),
        ],
    );
    // after 5...: the double advance is open to en passant by the K pawn to KB6,6 (04 §6.3)
    assert!(en_passant(&p5)
        .iter()
        .any(|m| (z(m.from), z(m.to)) == ((4, 4, 4), (5, 5, 5))));
    replay_from(
        p5,
        &[
            M("P x KB6,6 e.p.", (4, 4, 4), (5, 5, 5)),
            M("P(KR2,2) x KB3,3", (7, 6, 6), (5, 5, 5)), // the book's "KRPxP"
            M("B - QB2,3", (5, 0, 0), (2, 1, 2)),
        ],
    )
}

/// 04 §6.3 / 05 T28 Greedy opening, the whole game (through 8... P-Q4,4): 3...QxQ checks; 4. DxQ
/// is the stack's duke decay; 4...S-KN5,1 a q-tile stack move; 6. PxP e.p. by direct to KB6,6;
/// 6...KRPxP by predator; 7...N-QB3,3 (the book's "K-QB3,3", A11); 8. C-KN1,1,KB1,1 the old
/// castling notation for CK1,1. Final position piece by piece as 04 §6.3 gives it.
#[test]
fn greedy_opening() {
    let p7w = greedy_to_7_white();
    // 6. PxP e.p. removed Black's KB pawn; 6... KRPxP took White's pawn back
    assert!(p7w.piece_at(t(5, 4, 4)).is_none());
    assert_eq!(
        p7w.piece_at(t(5, 5, 5)),
        Some(Piece {
            player: B,
            kind: Kind::Pawn
        })
    );
    let p7 = replay_from(p7w, &[M("N - QB3,3", (1, 7, 7), (2, 5, 5))]);
    let p8 = replay_from(
        p7,
        &[
            C(
                "C-KN1,1,KB1,1",
                (4, 0, 0),
                (6, 0, 0),
                Some((5, 0, 0)),
                None,
                "CK1,1",
            ),
            M("P - Q4,4", (3, 4, 5), (3, 4, 4)),
        ],
    );
    assert_men(
        &p8,
        &[
            "K KN1,1", "R QR1,1", "R KB1,1", "B QB2,3", "D Q1,1", "N QN1,1", "N KB3,3", "S QB1,1",
            "P QR2,2", "P QN2,2", "P QB2,2", "P Q3,4", "P KB2,2", "P KN2,2", "P KR2,2",
        ],
        &[
            "K K1,1", "R QR1,1", "R KR1,1", "N QB3,3", "N KN1,1", "S KB1,1", "S KN5,1", "P QR2,2",
            "P QN2,2", "P QB2,2", "P Q4,4", "P K4,3", "P KB3,3", "P KN2,2",
        ],
    );
    assert_eq!(p8.to_move(), W);
}

/// 04 §5.6 rows 6-7 / 05 T28 (l.16914-16926): 7. B-QB2,3 attacks Q8,8 = (3,7,7) and K8,7 =
/// (4,7,6), the tiles Black's king skips in CQ and in the royal castle along b, but not K7,8 =
/// (4,6,7). After 7..., White may castle only vertically king-side (her duke on Q1,1 blocks the
/// royal king rectangle). After 8... P-Q4,4 blocks the bishop's line, Black may castle vertically
/// queen-side.
#[test]
fn greedy_opening_castling_claims() {
    let p7w = greedy_to_7_white();
    assert!(covers_at(&p7w, (2, 1, 2), (3, 7, 7)), "Q8,8");
    assert!(covers_at(&p7w, (2, 1, 2), (4, 7, 6)), "K8,7");
    assert!(!covers_at(&p7w, (2, 1, 2), (4, 6, 7)), "not K7,8");
    let p7 = replay_from(p7w, &[M("N - QB3,3", (1, 7, 7), (2, 5, 5))]);
    let white = castles(&p7);
    assert!(!white.is_empty(), "White may castle");
    for m in &white {
        let cs = m.castle.unwrap();
        assert_eq!(z(m.from), (4, 0, 0));
        assert_eq!(z(m.to), (6, 0, 0), "only vertically king-side: {m:?}");
        assert!(cs.queen_rook.is_none());
    }
    assert!(white
        .iter()
        .any(|m| m.castle.unwrap().king_rook == Some(t(5, 0, 0))));
    // the duke on Q1,1 stands in the king's royal rectangle of both back planes
    assert_eq!(p7.piece_at(t(3, 0, 0)).unwrap().kind, Kind::Duke);
    // Black, were he to move after 7..., could not castle queen-side: the bishop attacks Q8,8
    let mut b7 = p7.clone();
    b7.set_to_move(B);
    assert!(castles(&b7).iter().all(|m| z(m.to) != (2, 7, 7)));
    let p8 = replay_from(
        p7,
        &[
            C(
                "CK1,1",
                (4, 0, 0),
                (6, 0, 0),
                Some((5, 0, 0)),
                None,
                "CK1,1",
            ),
            M("P - Q4,4", (3, 4, 5), (3, 4, 4)),
        ],
    );
    assert!(!covers_at(&p8, (2, 1, 2), (3, 7, 7)), "the line is blocked");
    assert!(!attacked(&p8, t(3, 7, 7), W));
    let mut b8 = p8.clone();
    b8.set_to_move(B);
    let black = castles(&b8);
    assert!(
        black.iter().any(|m| z(m.to) == (2, 7, 7)),
        "Black may castle vertically queen-side: {black:?}"
    );
}

/// The knight's gambit (04 §6.4, 05 T31), narrative line, through 8... P-QR4,2: returns the
/// position after 8... . `first_black` is Black's first move (the narrative's P-K4,3 or the
/// listing's P-KB4,3); `six` Black's 6th move text.
fn gambit_to_8(first_black: E, six: &str) -> Position {
    let p1 = replay(&[M("P - K4,4", (4, 1, 1), (4, 3, 3)), first_black]);
    let p5 = replay_from(
        p1,
        &[
            M("N - QB3,3", (1, 0, 0), (2, 2, 2)),
            M("P - QB4,4", (2, 6, 6), (2, 4, 4)),
            M("P - Q3,4", (3, 1, 1), (3, 2, 3)),
            M("P x QB6,6", (2, 4, 4), (2, 2, 2)),        // dart
            M("P(QR2,2) x QB3,3", (0, 1, 1), (2, 2, 2)), // predator
            M("P - Q4,4", (3, 6, 6), (3, 4, 4)),
            M("S - QN5,1 ch", (5, 0, 0), (1, 4, 0)), // the narrative's "S-QK5,1"
        ],
    );
    // 5. S-QN5,1 checks by the duke (05 T31)
    assert!(in_check(&p5, B));
    let p7 = replay_from(
        p5,
        &[
            M("N - QB3,3", (1, 7, 7), (2, 5, 5)), // interposes
            M("N - KB3,3", (6, 0, 0), (5, 2, 2)),
            M(six, (3, 4, 4), (4, 3, 3)),
            M("Q x Q8,8 ch", (3, 0, 0), (3, 7, 7)),
        ],
    );
    assert!(in_check(&p7, B), "7. QxQ ch");
    replay_from(
        p7,
        &[
            M("D x Q1,1", (5, 7, 7), (3, 7, 7)),
            M("P x K4,4", (3, 2, 3), (4, 3, 3)),
            M("P - QR4,2", (0, 6, 6), (0, 4, 6)),
        ],
    )
}

/// 9. CK1,2: king (4,0,0) -> (6,0,0), king rook (7,0,0) -> (5,0,1) (04 §5.6 last row).
fn ck12<'a>() -> E<'a> {
    C(
        "CK1,2",
        (4, 0, 0),
        (6, 0, 0),
        Some((5, 0, 1)),
        None,
        "CK1,2",
    )
}

/// 04 §6.4 / 05 T31 Knight's gambit, the narrative line (A10) through 10. B-KR2,5 ch, with the
/// checked claims: after 1... the king pawns do not attack each other; after 2... the K pawn and
/// the QB pawn attack each other by predator and the QB pawn darts the knight; after 6... White
/// can castle king-side; 9. CK1,2 is legal; 9... R-QR2,3 is a one-way ("peeking") attack on the
/// QR; 10. B-KR2,5 checks and attacks the pinned knight (04 §6.4 table). Final position piece by
/// piece.
#[test]
fn knights_gambit() {
    let p1 = replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - K4,3", (4, 6, 6), (4, 4, 5)),
    ]);
    assert!(!covers_at(&p1, (4, 3, 3), (4, 4, 5)));
    assert!(!covers_at(&p1, (4, 4, 5), (4, 3, 3)));
    let p2 = replay_from(
        p1,
        &[
            M("N - QB3,3", (1, 0, 0), (2, 2, 2)),
            M("P - QB4,4", (2, 6, 6), (2, 4, 4)),
        ],
    );
    assert!(covers_at(&p2, (4, 3, 3), (2, 4, 4)), "predator");
    assert!(covers_at(&p2, (2, 4, 4), (4, 3, 3)), "predator");
    assert!(covers_at(&p2, (2, 4, 4), (2, 2, 2)), "dart on the knight");
    // after 6...: White can castle king-side
    let p6 = replay_from(
        p2,
        &[
            M("P - Q3,4", (3, 1, 1), (3, 2, 3)),
            M("P x QB6,6", (2, 4, 4), (2, 2, 2)),
            M("P(QR2,2) x QB3,3", (0, 1, 1), (2, 2, 2)),
            M("P - Q4,4", (3, 6, 6), (3, 4, 4)),
            M("S - QN5,1 ch", (5, 0, 0), (1, 4, 0)),
            M("N - QB3,3", (1, 7, 7), (2, 5, 5)),
            M("N - KB3,3", (6, 0, 0), (5, 2, 2)),
            M("P x K5,5", (3, 4, 4), (4, 3, 3)),
        ],
    );
    assert!(castles(&p6).iter().any(|m| z(m.to) == (6, 0, 0)));
    let p8 = gambit_to_8(M("P - K4,3", (4, 6, 6), (4, 4, 5)), "P x K5,5");
    let p9w = replay_from(p8, &[ck12()]);
    // the knight that interposed at 5... is pinned: it has moves, none legal
    assert!(!spacechess_goff::movegen::destinations(&p9w, t(2, 5, 5)).is_empty());
    assert!(dests(&p9w, t(2, 5, 5)).is_empty());
    let p9 = replay_from(p9w, &[M("R - QR2,3", (0, 7, 7), (0, 6, 5))]);
    // one-way attack: Black's rook attacks White's QR1,1, not the other way round (the White
    // rook's square contains Black's pawn on QR4,2 = (0,4,6))
    assert!(covers_at(&p9, (0, 6, 5), (0, 0, 0)));
    assert!(!covers_at(&p9, (0, 0, 0), (0, 6, 5)));
    let p10 = replay_from(p9, &[M("B - KR2,5 ch", (2, 0, 0), (7, 1, 4))]);
    assert!(in_check(&p10, B));
    // ...and attacks the knight on QB3,3 = (2,5,5), pinned since 5... by the stack's duke
    assert!(covers_at(&p10, (7, 1, 4), (2, 5, 5)));
    assert_men(
        &p10,
        &[
            "K KN1,1", "R QR1,1", "R KB1,2", "B KR2,5", "D QB1,1", "N KB3,3", "S QN5,1", "P QN2,2",
            "P QB2,2", "P QB3,3", "P K4,4", "P KB2,2", "P KN2,2", "P KR2,2",
        ],
        &[
            "K K1,1", "R QR2,3", "R KR1,1", "B KB1,1", "D Q1,1", "N QB3,3", "N KN1,1", "S QB1,1",
            "P QR4,2", "P QN2,2", "P K4,3", "P KB2,2", "P KN2,2", "P KR2,2",
        ],
    );
}

/// 04 §6.4 / A10 / 05 T31: the listing's 9... R-QR2,4 = (0,6,4) is illegal (a perimeter-3
/// quadrant move whose 4x4 square holds Black's own pawn on QR4,2 = (0,4,6)); parse_move rejects
/// it as illegal. The listing's 1... P-KB4,3 line is legal through 9. CK1,2 (there White's K pawn
/// and Black's KB pawn attack each other by sling, against the narrative's caption), and 9...
/// R-QR2,4 is rejected there too.
#[test]
fn knights_gambit_listing() {
    let g = Goff::new();
    let p8 = gambit_to_8(M("P - K4,3", (4, 6, 6), (4, 4, 5)), "P x K5,5");
    let p9 = replay_from(p8, &[ck12()]);
    let e = g.parse_move(&p9, "R - QR2,4").expect_err("R-QR2,4");
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    let p1 = replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - KB4,3", (5, 6, 6), (5, 4, 5)),
    ]);
    assert!(covers_at(&p1, (4, 3, 3), (5, 4, 5)), "sling");
    let l8 = gambit_to_8(M("P - KB4,3", (5, 6, 6), (5, 4, 5)), "P(Q4,4) x K5,5");
    let l9 = replay_from(l8, &[ck12()]);
    assert_eq!(l9.piece_at(t(5, 0, 1)).unwrap().kind, Kind::Rook);
    assert!(matches!(
        g.parse_move(&l9, "R - QR2,4"),
        Err(MoveError::Illegal { .. })
    ));
}

/// 04 §6.5 / 05 T30 Four pawns face-off (l.17126-17195), the setup.
fn four_pawns() -> Position {
    replay(&[
        M("P - K4,4", (4, 1, 1), (4, 3, 3)),
        M("P - K4,4", (4, 6, 6), (4, 4, 4)),
        M("P - Q4,4", (3, 1, 1), (3, 3, 3)),
        M("P - Q4,4", (3, 6, 6), (3, 4, 4)),
    ])
}

/// The men of `by` covering `target`, optionally pawns only.
fn coverers(p: &Position, target: Z, by: Player, pawns_only: bool) -> Vec<Z> {
    let mut v: Vec<Z> = p
        .of_player(by)
        .into_iter()
        .filter(|&f| !pawns_only || p.piece_at(f).unwrap().kind == Kind::Pawn)
        .filter(|&f| covers(p.piece_at(f).unwrap(), f, c(target), &p.occupied()))
        .map(z)
        .collect();
    v.sort();
    v
}

/// 04 §6.5 / 05 T30 claims about the setup: each royal pawn is attacked by the two foe pawns (one
/// by bead on its level, one by direct from the other level) and defended by no friendly pawn;
/// each side's pawns attack the 6 centre tiles it does not hold; the only friendly cover is the
/// queen on her own Q pawn; the K pawn gains the KB stack's duke as cover once the KN pawn moved.
#[test]
fn four_pawns_setup_claims() {
    let p = four_pawns();
    let royal: [(Player, Z); 4] = [
        (W, (4, 3, 3)),
        (W, (3, 3, 3)),
        (B, (4, 4, 4)),
        (B, (3, 4, 4)),
    ];
    for &(owner, x) in &royal {
        let foe = Player(1 - owner.0);
        let mut foes: Vec<Z> = royal.iter().filter(|r| r.0 == foe).map(|r| r.1).collect();
        foes.sort();
        assert_eq!(
            coverers(&p, x, foe, true),
            foes,
            "{x:?} attacked by both foe pawns"
        );
        // one on its own level (bead), one from the other level (direct)
        assert_eq!(foes.iter().filter(|f| f.0 == x.0).count(), 1);
        assert!(
            coverers(&p, x, owner, true).is_empty(),
            "{x:?} no pawn cover"
        );
    }
    // the only friendly cover: the queen on her own Q pawn
    assert_eq!(coverers(&p, (3, 3, 3), W, false), vec![(3, 0, 0)]);
    assert_eq!(coverers(&p, (3, 4, 4), B, false), vec![(3, 7, 7)]);
    assert!(coverers(&p, (4, 3, 3), W, false).is_empty());
    assert!(coverers(&p, (4, 4, 4), B, false).is_empty());
    // the centre: z, a, b in {3, 4}
    let centre: Vec<Z> = (3..5)
        .flat_map(|zz| (3..5).flat_map(move |a| (3..5).map(move |b| (zz, a, b))))
        .collect();
    for side in [W, B] {
        let held: Vec<Z> = royal.iter().filter(|r| r.0 == side).map(|r| r.1).collect();
        let attacked_centre: Vec<Z> = centre
            .iter()
            .copied()
            .filter(|&x| !coverers(&p, x, side, true).is_empty())
            .collect();
        let mut want: Vec<Z> = centre
            .iter()
            .copied()
            .filter(|x| !held.contains(x))
            .collect();
        want.sort();
        assert_eq!(attacked_centre.len(), 6, "{side:?}");
        assert_eq!(attacked_centre, want, "{side:?}");
    }
    // the KB stack's duke covers the K pawn once the KN pawn (6,1,1), inside its square, moved
    assert!(!covers_at(&p, (5, 0, 0), (4, 3, 3)));
    let q = replay_from(p, &[M("P - KN3,3", (6, 1, 1), (6, 2, 2))]);
    assert!(covers_at(&q, (5, 0, 0), (4, 3, 3)));
}

/// 04 §6.5 / 05 T30 continuation (a): 3. KPxQP direct (4,3,3) -> (3,4,4), which Black's pawns
/// can only answer by the direct 3... KPxQP (4,4,4) -> (3,3,3) (the only pawn capture Black has,
/// "PxP(direct) can only be answered by PxP(direct)"). Both survivors stand back to back on the Q
/// level.
#[test]
fn four_pawns_direct_exchange() {
    let g = Goff::new();
    let p3 = replay_from(four_pawns(), &[M("P(K4,4) x Q5,5", (4, 3, 3), (3, 4, 4))]);
    let mut v = Vec::new();
    g.legal_moves(&p3, &mut v);
    let pawn_captures: Vec<(Z, Z)> = v
        .iter()
        .filter(|m| p3.piece_at(m.from).unwrap().kind == Kind::Pawn)
        .filter(|m| p3.of_player(W).contains(m.to))
        .map(|m| (z(m.from), z(m.to)))
        .collect();
    assert_eq!(pawn_captures, vec![((4, 4, 4), (3, 3, 3))]);
    let p = replay_from(p3, &[M("P(K4,4) x Q5,5", (4, 4, 4), (3, 3, 3))]);
    let centre_pawns: Vec<(u8, Z)> = p
        .of_kind(Kind::Pawn)
        .into_iter()
        .filter(|&x| z(x).1 >= 3 && z(x).1 <= 4)
        .map(|x| (p.piece_at(x).unwrap().player.0, z(x)))
        .collect();
    let mut centre_pawns = centre_pawns;
    centre_pawns.sort();
    assert_eq!(centre_pawns, vec![(0, (3, 4, 4)), (1, (3, 3, 3))]);
    assert_eq!(p.of_kind(Kind::Pawn).len(), 14);
}

/// 04 §6.5 / 05 T30 continuation (b): 3. KPxKP bead (4,3,3) -> (4,4,4); 3... QPxQP bead
/// (3,4,4) -> (3,3,3). The survivors end on different levels.
#[test]
fn four_pawns_bead_exchange() {
    let p = replay_from(
        four_pawns(),
        &[
            M("P(K4,4) x K5,5", (4, 3, 3), (4, 4, 4)),
            M("P(Q4,4) x Q5,5", (3, 4, 4), (3, 3, 3)),
        ],
    );
    let mut centre_pawns: Vec<(u8, Z)> = p
        .of_kind(Kind::Pawn)
        .into_iter()
        .filter(|&x| z(x).1 >= 3 && z(x).1 <= 4)
        .map(|x| (p.piece_at(x).unwrap().player.0, z(x)))
        .collect();
    centre_pawns.sort();
    assert_eq!(centre_pawns, vec![(0, (4, 4, 4)), (1, (3, 3, 3))]);
    assert_ne!(
        centre_pawns[0].1 .0, centre_pawns[1].1 .0,
        "different levels"
    );
}

/// Random games (fixed seed): the text of every special legal move (castle, en passant, stack
/// part, fission, promotion) and of a spread sample of the others parses back to the same move,
/// and the position text round-trips. The fourth game starts with both home columns cleared but
/// for king and rooks (04 §5.3.5, 36 castles each) and prefers castles when it draws a move, so
/// castles of both colours are played and their texts read back (04 §5.7).
#[test]
fn random_game_round_trip() {
    let g = Goff::new();
    let mut rng = spacechess_variant::RandomMover::new(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    let mut castles_checked = 0;
    let mut castles_played = [0; 2];
    for game in 0..4 {
        let mut p = g.start();
        if game == 3 {
            for l in [1, 2, 3, 5, 6] {
                p.remove(t(l, 0, 0));
                p.remove(t(l, 7, 7));
            }
        }
        for _ in 0..45 {
            let mut v: Vec<Move> = Vec::new();
            g.legal_moves(&p, &mut v);
            if v.is_empty() {
                break;
            }
            let step = (v.len() / 8).max(1);
            for (i, m) in v.iter().enumerate() {
                let special = m.castle.is_some()
                    || m.part.is_some()
                    || m.fission.is_some()
                    || m.promote.is_some();
                if !special && i % step != 0 {
                    continue;
                }
                let text = g.move_text(&p, m);
                assert_eq!(g.parse_move(&p, &text), Ok(*m), "{text}");
                castles_checked += usize::from(m.castle.is_some());
            }
            let pt = g.position_text(&p);
            assert_eq!(g.position_text(&g.parse_position(&pt).unwrap()), pt);
            let castles: Vec<&Move> = v.iter().filter(|m| m.castle.is_some()).collect();
            let m = if game == 3 && !castles.is_empty() {
                *castles[rng.below(castles.len())]
            } else {
                v[rng.below(v.len())]
            };
            if m.castle.is_some() {
                castles_played[p.to_move().index()] += 1;
            }
            p = g.play(&p, &m);
            plies += 1;
        }
    }
    assert!(plies > 100);
    assert!(castles_checked >= 72, "{castles_checked}");
    assert_eq!(castles_played, [1, 1], "one castle each, then no rights");
}

/// A game record (the PGN-style text of `spacechess selfplay` and `replay`) keeps Goff's moves
/// whole: double castles with their `;` (04 §5.7), fissions with their `,`, e.p. suffixes; reading
/// the record back replays the same game.
#[test]
fn record_round_trip_with_castles() {
    use spacechess_variant::record::Record;
    use spacechess_variant::Game;
    let g = Goff::new();
    let mut start = g.start();
    for l in [1, 2, 3, 5, 6] {
        start.remove(t(l, 0, 0));
        start.remove(t(l, 7, 7));
    }
    let mut game = Game::new(&g, start.clone());
    for text in ["CL2,1;4,1", "CR1,2;1,4", "P - K4,4", "P - K4,3"] {
        let m = g
            .parse_move(game.position(), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(m).unwrap();
    }
    let text = Record::game_text(&game, &[], &[], None);
    assert!(text.contains("CL2,1;4,1"), "{text}");
    let records = Record::parse_all(&text).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].moves.len(), 4);
    let replayed = records[0].replay(&g).unwrap();
    assert_eq!(replayed.position(), game.position());
}
