//! The rule options of 05 §4 ("degenerate invariants"): the book's defaults, reading them from RON
//! and from `key=value`, and what each option changes in play.

mod common;

use common::*;
use spacechess_goff::movegen::{attacked, en_passant, legal_destinations};
use spacechess_goff::rules::*;
use spacechess_goff::{Goff, Kind, Move, Position};
use spacechess_variant::{Game, Variant};

fn under(p: &Position, r: GoffRules) -> Position {
    p.clone().with_rules(r)
}

fn legal(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    spacechess_goff::movegen::legal_moves(p, &mut v);
    v
}

/// 05 §4: the defaults are the book's (shackled perimeter-1 pawns, permissive en passant, no
/// brook steps for the king, double castling, rooks independent of the king's plane, stack with
/// every move), and `Goff::new()` plays them.
#[test]
fn book_defaults() {
    let r = GoffRules::default();
    assert_eq!(r, GoffRules::BOOK);
    assert_eq!(r.pawns, PawnRule::Shackled);
    assert_eq!(r.pawn_captures, PawnCaptures::PerimeterOne);
    assert_eq!(r.en_passant, EnPassantRule::OneOrMorePawns);
    assert!(!r.king_brook_steps);
    assert_eq!(r.castling, CastlingRule::Double);
    assert_eq!(r.castling_rook_plane, RookPlane::Independent);
    assert_eq!(r.castling_through_check, ThroughCheck::KingOnSkippedTile);
    assert_eq!(r.stack, StackRules::ALL);
    assert_eq!(r.move_limit, Some(100));
    assert_eq!(r.repetition, None);
    assert_eq!(Goff::new().rules(), &r);
    assert_eq!(Goff::new().start().rules(), &r);
}

/// RON: every field optional, bare or `Some` limits, the whole struct round-trips through
/// `options_ron`, and mistakes are errors that name the field or value.
#[test]
fn ron_options() {
    assert_eq!(GoffRules::from_ron("()").unwrap(), GoffRules::BOOK);
    let r = GoffRules::from_ron(
        "(pawns: Simple, castling: Single, stack: (fission: false), move_limit: 200, \
         repetition: Some(3))",
    )
    .unwrap();
    assert_eq!(r.pawns, PawnRule::Simple);
    assert_eq!(r.castling, CastlingRule::Single);
    assert!(!r.stack.fission && r.stack.decay);
    assert_eq!(r.move_limit, Some(200));
    assert_eq!(r.repetition, Some(3));
    let g = Goff::with_rules(r);
    assert_eq!(GoffRules::from_ron(&g.options_ron()).unwrap(), r);
    assert_eq!(
        GoffRules::from_ron("(move_limit: None)")
            .unwrap()
            .move_limit,
        None
    );
    let e = GoffRules::from_ron("(castling: Sideways)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("Sideways"), "{e}");
    let e = GoffRules::from_ron("(pawnz: Simple)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("pawnz"), "{e}");
}

/// `--option key=value`: every key, case and separator tolerant, errors listing the choices.
#[test]
fn key_value_options() {
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let r = GoffRules::from_pairs(&pairs(&[
        ("pawns", "simple"),
        ("pawn_captures", "Restricted"),
        ("en_passant", "spdp"),
        ("king_brook_steps", "true"),
        ("castling", "off"),
        ("castling_rook_plane", "kings_plane"),
        ("castling_through_check", "current-board"),
        ("decay", "no"),
        ("teleport", "0"),
        ("recombination", "off"),
        ("fission", "false"),
        ("move_limit", "none"),
        ("repetition", "3"),
    ]))
    .unwrap();
    assert_eq!(
        r,
        GoffRules {
            pawns: PawnRule::Simple,
            pawn_captures: PawnCaptures::Restricted,
            en_passant: EnPassantRule::SinglePawnDoublePath,
            king_brook_steps: true,
            castling: CastlingRule::Off,
            castling_rook_plane: RookPlane::KingsPlane,
            castling_through_check: ThroughCheck::CurrentBoard,
            stack: StackRules {
                decay: false,
                teleport: false,
                recombination: false,
                fission: false
            },
            move_limit: None,
            repetition: Some(3),
        }
    );
    for (k, v, needle) in [
        ("pawns", "wild", "shackled, simple"),
        ("castling", "triple", "double, single, off"),
        ("fission", "maybe", "true or false"),
        ("move_limit", "-4", "positive number"),
        ("repetition", "1", "at least 2"),
        ("colour", "red", "unknown option 'colour'"),
    ] {
        let e = GoffRules::from_pairs(&pairs(&[(k, v)]))
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{k}={v}: {e}");
    }
}

/// 05 §4 row 10: a simple pawn on a back plane keeps its perimeter-1 advance (one forward tile on
/// the board) and the shackled captures; a shackled one is unshackled there (rook-like advances
/// within the plane, 03 §3.3).
#[test]
fn simple_pawns_are_never_unshackled() {
    let p = pos(
        &[
            (W, Kind::Pawn, (3, 2, 7)),
            (W, Kind::King, (0, 0, 0)),
            (B, Kind::King, (7, 7, 0)),
        ],
        W,
    );
    let simple = GoffRules {
        pawns: PawnRule::Simple,
        ..GoffRules::BOOK
    };
    assert_eq!(dests(&under(&p, simple), t(3, 2, 7)), [(3, 3, 7)]);
    let shackled = dests(&p, t(3, 2, 7));
    assert!(shackled.len() > 10, "{shackled:?}");
    assert!(shackled.contains(&(5, 4, 7)) && shackled.contains(&(3, 7, 7)));
    // a simple pawn still promotes on the 8,8 column, by its perimeter-1 advance
    let q = pos(
        &[
            (W, Kind::Pawn, (3, 6, 7)),
            (W, Kind::King, (0, 0, 0)),
            (B, Kind::King, (7, 7, 0)),
        ],
        W,
    );
    let moves = legal(&under(&q, simple));
    let promos: Vec<&Move> = moves.iter().filter(|m| m.from == t(3, 6, 7)).collect();
    assert_eq!(promos.len(), 6);
    assert!(promos
        .iter()
        .all(|m| m.to == t(3, 7, 7) && m.promote.is_some()));
    // and its captures are the shackled table's (a direct capture (1,1,1) is off the board here,
    // a reduced (1,1,0) is not)
    let mut r = q.clone();
    r.put(
        t(4, 7, 7),
        spacechess_goff::Piece {
            player: B,
            kind: Kind::Knight,
        },
    );
    assert!(dests(&under(&r, simple), t(3, 6, 7)).contains(&(4, 7, 7)));
}

/// 05 §4 row 9: restricted pawns lose the bead (0,1,1) and the dart (0,2,2), the captures on their
/// own level; the other 12 remain.
#[test]
fn restricted_pawn_captures() {
    let restricted = GoffRules {
        pawn_captures: PawnCaptures::Restricted,
        ..GoffRules::BOOK
    };
    for (target, own_level) in [
        ((3, 4, 4), true),  // bead
        ((3, 5, 5), true),  // dart
        ((4, 4, 4), false), // direct
        ((5, 4, 4), false), // predator
        ((4, 5, 4), false), // sling
        ((4, 4, 3), false), // reduced
    ] {
        let p = pos(
            &[
                (W, Kind::Pawn, (3, 3, 3)),
                (B, Kind::Knight, target),
                (W, Kind::King, (0, 0, 0)),
                (B, Kind::King, (7, 7, 0)),
            ],
            W,
        );
        let tt = t(target.0, target.1, target.2);
        assert!(
            legal_destinations(&p, t(3, 3, 3)).contains(tt),
            "{target:?}"
        );
        assert_eq!(
            legal_destinations(&under(&p, restricted), t(3, 3, 3)).contains(tt),
            !own_level,
            "{target:?}"
        );
        // cover follows the capture table: the knight is attacked by the pawn or not
        assert_eq!(attacked(&under(&p, restricted), tt, W), !own_level);
    }
}

/// 05 §4 row 9 on a back plane (03 §3.5): an unshackled pawn's duke-duplex captures along its back
/// plane, (0,2k,0) on b = 8, are on its own level, so restricted pawns lose them; its reduced
/// captures, which change level, stay.
#[test]
fn restricted_unshackled_pawn_captures() {
    let restricted = GoffRules {
        pawn_captures: PawnCaptures::Restricted,
        ..GoffRules::BOOK
    };
    for (target, own_level) in [((3, 3, 7), true), ((4, 2, 7), false)] {
        let p = pos(
            &[
                (W, Kind::Pawn, (3, 1, 7)),
                (B, Kind::Knight, target),
                (W, Kind::King, (0, 0, 0)),
                (B, Kind::King, (7, 7, 0)),
            ],
            W,
        );
        let tt = t(target.0, target.1, target.2);
        assert!(
            legal_destinations(&p, t(3, 1, 7)).contains(tt),
            "{target:?}"
        );
        assert_eq!(
            legal_destinations(&under(&p, restricted), t(3, 1, 7)).contains(tt),
            !own_level,
            "{target:?}"
        );
    }
}

/// The position of 04 §3.3 Fig 126 after White's double advance KB2,2 -> KB4,3 (between tile):
/// Black pawns KR4,4 and Q4,3 each cover one path tile.
fn fig_126() -> Position {
    let p = pos(
        &[
            (W, Kind::Pawn, (5, 1, 1)),
            (B, Kind::Pawn, (7, 3, 3)),
            (B, Kind::Pawn, (3, 3, 2)),
        ],
        W,
    );
    Goff::new().play(&p, &Move::new(t(5, 1, 1), t(5, 3, 2)))
}

/// 04 §3.2 and A7: with the book's "one or more pawns" two pawns share the paths (Fig 126: 2
/// captures); under "single pawn, double path" nobody may take; with en passant off, nobody.
/// Fig 125 (one pawn covering both tiles, twice) keeps its 4 captures under SPDP.
#[test]
fn en_passant_options() {
    let p = fig_126();
    assert_eq!(en_passant(&p).len(), 2);
    let spdp = GoffRules {
        en_passant: EnPassantRule::SinglePawnDoublePath,
        ..GoffRules::BOOK
    };
    let off = GoffRules {
        en_passant: EnPassantRule::Off,
        ..GoffRules::BOOK
    };
    assert!(en_passant(&under(&p, spdp)).is_empty());
    assert!(en_passant(&under(&p, off)).is_empty());
    let q = pos(
        &[
            (W, Kind::Pawn, (5, 1, 1)),
            (B, Kind::Pawn, (6, 3, 2)),
            (B, Kind::Pawn, (4, 3, 3)),
        ],
        W,
    );
    let q = Goff::new().play(&q, &Move::new(t(5, 1, 1), t(5, 3, 2)));
    assert_eq!(en_passant(&q).len(), 4);
    assert_eq!(en_passant(&under(&q, spdp)).len(), 4);
    assert!(en_passant(&under(&q, off)).is_empty());
}

/// The moves of a lone White stack on Q4,4 (with the kings far away) under `r`, by type.
fn stack_moves(r: GoffRules, friends: &[(Kind, (i8, i8, i8))]) -> (usize, usize, usize, usize) {
    let mut men = vec![
        (W, Kind::Stack, (3, 3, 3)),
        (W, Kind::King, (0, 0, 7)),
        (B, Kind::King, (7, 7, 0)),
    ];
    men.extend(friends.iter().map(|&(k, c)| (W, k, c)));
    let p = under(&pos(&men, W), r);
    let mut v = Vec::new();
    spacechess_goff::movegen::pseudo_moves(
        &p,
        spacechess_goff::Piece {
            player: W,
            kind: Kind::Stack,
        },
        t(3, 3, 3),
        &mut v,
    );
    let whole = v
        .iter()
        .filter(|m| m.part.is_none() && m.fission.is_none())
        .count();
    let fission = v.iter().filter(|m| m.fission.is_some()).count();
    let onto_friend = v
        .iter()
        .filter(|m| m.part.is_some() && p.of_player(W).contains(m.to))
        .count();
    let decay = v.iter().filter(|m| m.part.is_some()).count() - onto_friend;
    (whole, decay, onto_friend, fission)
}

/// 05 §4 row 6 and 03 §5: a centre stack moves as a stack to 27 overlap tiles, decays to 147 + 115
/// tiles and has 558 fissions (03 §4 Stack 17); each switch removes its kind of move, and without
/// decay the stack covers only the overlap tiles.
#[test]
fn stack_switches() {
    let all = GoffRules::BOOK;
    assert_eq!(stack_moves(all, &[]), (27, 147 + 115, 0, 558));
    let no = |f: fn(&mut StackRules)| {
        let mut r = GoffRules::BOOK;
        f(&mut r.stack);
        r
    };
    assert_eq!(stack_moves(no(|s| s.fission = false), &[]), (27, 262, 0, 0));
    assert_eq!(stack_moves(no(|s| s.decay = false), &[]), (27, 0, 0, 558));
    // teleport: the bishop joins a lone duke of another duke colour by an open bishop route
    // (03 A4: the stack's duke on Q4,4 and the lone duke on Q5,5 differ in duke colour)
    let duke_far = [(Kind::Duke, (3, 4, 4))];
    let (_, _, teleports, _) = stack_moves(all, &duke_far);
    assert_eq!(teleports, 1);
    assert_eq!(stack_moves(no(|s| s.teleport = false), &duke_far).2, 0);
    // recombination: a lone bishop joins a lone duke
    let p = pos(
        &[
            (W, Kind::Bishop, (3, 3, 3)),
            (W, Kind::Duke, (3, 5, 5)),
            (W, Kind::King, (0, 0, 7)),
            (B, Kind::King, (7, 7, 0)),
        ],
        W,
    );
    assert!(legal_destinations(&p, t(3, 3, 3)).contains(t(3, 5, 5)));
    let r = no(|s| s.recombination = false);
    assert!(!legal_destinations(&under(&p, r), t(3, 3, 3)).contains(t(3, 5, 5)));
    // without decay a stack attacks only the overlap tiles: a bishop-only tile is not covered
    let q = pos(
        &[
            (W, Kind::Stack, (3, 3, 3)),
            (B, Kind::Knight, (3, 4, 4)),
            (W, Kind::King, (0, 0, 7)),
            (B, Kind::King, (7, 7, 0)),
        ],
        W,
    );
    assert!(attacked(&q, t(3, 4, 4), W));
    assert!(!attacked(
        &under(
            &q,
            no(|s| {
                s.decay = false;
                s.fission = false
            })
        ),
        t(3, 5, 5),
        W
    ));
}

/// 04 §1.1 and A3: the optional balance rule lets the king reach a brook tile by the rook-like
/// quadrant step when both bishop-like planes are blocked; off by default. The step is blocked by
/// a man on either tile of its square, and the king's attack follows its moves.
#[test]
fn king_brook_steps() {
    let brook = GoffRules {
        king_brook_steps: true,
        ..GoffRules::BOOK
    };
    // king (3,3,3), brook tile (3,4,4): one blocker in each of the edge step's two planes
    // (04 §1.2, e = (0,1,1)): (4,3,4) and (4,4,3)
    let men = vec![
        (W, Kind::King, (3, 3, 3)),
        (W, Kind::Knight, (4, 3, 4)),
        (W, Kind::Knight, (4, 4, 3)),
        (B, Kind::King, (7, 7, 0)),
    ];
    let p = pos(&men, W);
    assert!(!dests(&p, t(3, 3, 3)).contains(&(3, 4, 4)));
    assert!(dests(&under(&p, brook), t(3, 3, 3)).contains(&(3, 4, 4)));
    assert!(attacked(&under(&p, brook), t(3, 4, 4), W));
    assert!(!attacked(&p, t(3, 4, 4), W));
    // a man on (3,4,3), in the rook-like square, blocks it again
    let mut m2 = men.clone();
    m2.push((W, Kind::Knight, (3, 4, 3)));
    let q = pos(&m2, W);
    assert!(!dests(&under(&q, brook), t(3, 3, 3)).contains(&(3, 4, 4)));
    // on the empty board the king still has 26 destinations (the brook tiles were already
    // reachable by the bishop-like step) and 7 in a corner (04 §1.4)
    let e = pos(&[(W, Kind::King, (3, 3, 3)), (B, Kind::King, (7, 7, 7))], W);
    assert_eq!(dests(&under(&e, brook), t(3, 3, 3)).len(), 26);
    let c = pos(&[(W, Kind::King, (0, 0, 0)), (B, Kind::King, (7, 7, 7))], W);
    assert_eq!(dests(&under(&c, brook), t(0, 0, 0)).len(), 7);
}

/// White K, both rooks on the home column (unmoved), Black king far away, plus `extra` men.
fn castle_position(extra: &[(spacechess_variant::Player, Kind, (i8, i8, i8))]) -> Position {
    let mut men = vec![
        (W, Kind::King, (4, 0, 0)),
        (W, Kind::Rook, (7, 0, 0)),
        (W, Kind::Rook, (0, 0, 0)),
        (B, Kind::King, (7, 7, 7)),
    ];
    men.extend_from_slice(extra);
    let mut p = pos(&men, W);
    p.set_unmoved(p.occupied());
    p
}

fn castles(p: &Position) -> Vec<String> {
    let g = Goff::with_rules(*p.rules());
    let mut v: Vec<String> = legal(p)
        .iter()
        .filter(|m| m.castle.is_some())
        .map(|m| g.move_text(p, m))
        .collect();
    v.sort();
    v
}

/// 05 §4 row 15 (12004-12031): a White man on K1,3 (4,0,2) blocks the king's square in the plane
/// a = 0, so the king castles king-side in the plane b = 0; the rook's quadrant move to KB1,2 lies
/// in the plane a = 0. Independent rooks (the default) may make it; tied to the king's plane they
/// may not.
#[test]
fn rook_plane_option() {
    let p = castle_position(&[(W, Kind::Knight, (4, 0, 2))]);
    let ck =
        |v: Vec<String>| -> Vec<String> { v.into_iter().filter(|s| s.starts_with("CK")).collect() };
    assert_eq!(ck(castles(&p)), ["CK1,1", "CK1,2", "CK2,1"]);
    let tied = GoffRules {
        castling_rook_plane: RookPlane::KingsPlane,
        ..GoffRules::BOOK
    };
    assert_eq!(ck(castles(&under(&p, tied))), ["CK1,1", "CK2,1"]);
}

/// 04 §5.4 and A12: a Black rook on K4,1 (4,3,0) attacks the queen-side skipped tile Q1,1 (3,0,0)
/// by a quadrant move whose square holds the king's home tile; the White knight on K1,2 and the
/// king rook keep the king itself out of check. With the king placed on the skipped tile (the
/// default) the queen-side castles are illegal; judged on the board as it stands they are legal.
#[test]
fn through_check_options() {
    let p = castle_position(&[(B, Kind::Rook, (4, 3, 0)), (W, Kind::Knight, (4, 0, 1))]);
    assert!(!attacked(&p, t(4, 0, 0), B));
    assert!(!attacked(&p, t(3, 0, 0), B));
    let mut fictitious = p.clone();
    fictitious.remove(t(4, 0, 0));
    fictitious.put(
        t(3, 0, 0),
        spacechess_goff::Piece {
            player: W,
            kind: Kind::King,
        },
    );
    assert!(attacked(&fictitious, t(3, 0, 0), B));
    assert_eq!(castles(&p), ["CK1,1", "CK2,1"]);
    let current = GoffRules {
        castling_through_check: ThroughCheck::CurrentBoard,
        ..GoffRules::BOOK
    };
    assert_eq!(
        castles(&under(&p, current)),
        ["CK1,1", "CK2,1", "CQ1,1 ch", "CQ2,1 ch"]
    );
}

/// 05 §4 row 14: single castling drops the 18 double castles; castling off drops all 36.
#[test]
fn castling_options() {
    let p = castle_position(&[]);
    assert_eq!(castles(&p).len(), 36);
    let single = GoffRules {
        castling: CastlingRule::Single,
        ..GoffRules::BOOK
    };
    let off = GoffRules {
        castling: CastlingRule::Off,
        ..GoffRules::BOOK
    };
    assert_eq!(castles(&under(&p, single)).len(), 18);
    let both_rooks = |s: &String| {
        s.split_once(';').is_some_and(|(k, q)| {
            k.chars().any(|c| c.is_ascii_digit()) && q.chars().any(|c| c.is_ascii_digit())
        })
    };
    assert_eq!(castles(&p).iter().filter(|s| both_rooks(s)).count(), 18);
    assert!(!castles(&under(&p, single)).iter().any(both_rooks));
    assert!(castles(&under(&p, off)).is_empty());
    let g = Goff::with_rules(off);
    let e = g
        .parse_move(&under(&p, off), "CK1,1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("castling is off"), "{e}");
}

/// 04 A20: the move limit and repetition options set the game record's draws; the book's
/// defaults are the 50-move rule (100 half-moves) and no repetition rule.
#[test]
fn draw_options() {
    let g = Goff::new();
    let game = Game::new(&g, g.start());
    assert_eq!(game.halfmove_limit, Some(100));
    assert_eq!(game.repetition_limit, None);
    let g2 = Goff::with_rules(GoffRules {
        move_limit: Some(300),
        repetition: Some(3),
        ..GoffRules::BOOK
    });
    let game = Game::new(&g2, g2.start());
    assert_eq!(game.halfmove_limit, Some(300));
    assert_eq!(game.repetition_limit, Some(3));
    // a knight shuffle repeats the start three times: a draw only with the repetition rule
    let mut a = Game::new(&g, g.start());
    let mut b = Game::new(&g2, g2.start());
    for _ in 0..2 {
        for text in ["N - KB3,3", "N - KB3,3", "N - KN1,1", "N - KN1,1"] {
            for game in [&mut a, &mut b] {
                let mv = game.variant().parse_move(game.position(), text).unwrap();
                game.play(mv).unwrap();
            }
        }
    }
    assert!(a.outcome().is_none());
    assert!(b.outcome().is_some());
}
