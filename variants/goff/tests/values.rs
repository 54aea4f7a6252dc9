//! Piece values and the search evaluation (rules/goff/05 §5, Table 14).

mod common;

use common::*;
use spacechess_goff::values::{capture_values, evaluate, material, projection_term, value, ROYAL};
use spacechess_goff::{Goff, Kind, Move, Position};
use spacechess_search::{Limits, Searcher};
use spacechess_variant::{Player, Variant};

use Kind::*;

/// 05 §5 Table 14, 3D column: P 1, D 2, N 3, B 4, S 6, R 8, Q 15, in centipawns; the king is not
/// valued.
#[test]
fn table_14_values() {
    let book = [
        (Pawn, 1),
        (Duke, 2),
        (Knight, 3),
        (Bishop, 4),
        (Stack, 6),
        (Rook, 8),
        (Queen, 15),
        (King, 0),
    ];
    for (k, v) in book {
        assert_eq!(value(k), 100 * v, "{k:?}");
    }
    assert_eq!(book.len(), Kind::ALL.len());
}

/// 05 §5 reasoning: duke, bishop, rook reach 1/4, 1/2 and all of the board -> 2 : 4 : 8; the
/// knight between duke and bishop; stack = bishop + duke; queen = R + B + D + 1; R + B = 12;
/// R + S = 14 = Q - 1; BxS is a gain (4 for 6).
#[test]
fn table_14_relations() {
    assert_eq!(
        (value(Bishop), value(Rook)),
        (2 * value(Duke), 4 * value(Duke))
    );
    assert!(value(Duke) < value(Knight) && value(Knight) < value(Bishop));
    assert_eq!(value(Stack), value(Bishop) + value(Duke));
    assert_eq!(
        value(Queen),
        value(Rook) + value(Bishop) + value(Duke) + value(Pawn)
    );
    assert_eq!(value(Rook) + value(Bishop), 1200);
    assert_eq!(value(Rook) + value(Stack), 1400);
    assert_eq!(value(Rook) + value(Stack), value(Queen) - 100);
    assert!(value(Stack) - value(Bishop) > 0, "BxS is a gain");
}

/// The start position (01 §2) scores the same for both sides; each has 8 P, 2 R, 2 N, 2 S, Q, K
/// = 57 pawns of material.
#[test]
fn start_position_is_level() {
    let p = Position::start();
    assert_eq!(material(&p, W), 5700);
    assert_eq!(material(&p, B), 5700);
    let mut s = [0; 2];
    evaluate(&p, &mut s);
    assert_eq!(s[0], s[1]);
    // evaluate adds to the slots it is given
    let mut s2 = [7, -3];
    evaluate(&p, &mut s2);
    assert_eq!(s2, [s[0] + 7, s[1] - 3]);
    // a lone man's score is its value plus its power projection term
    let q = pos(&[(W, Queen, (3, 3, 3)), (B, Rook, (0, 0, 0))], W);
    let mut s = [0; 2];
    evaluate(&q, &mut s);
    assert_eq!(s, [1500 + projection_term(Queen, t(3, 3, 3)), 800]);
}

/// 05 §5 "Mobility / power projection": the projection term favours the centre, where the knight
/// reaches 24 tiles and the queen 355, over the corner (3 and 289); the rook reaches 168 tiles
/// everywhere, so it earns nothing; pawns and kings earn nothing. It stays small next to the
/// values (at most a tenth of the man's value times its relative excess).
#[test]
fn power_projection_term() {
    let (centre, corner) = (t(3, 3, 3), t(0, 0, 0));
    for k in [Queen, Bishop, Duke, Knight, Stack] {
        assert!(
            projection_term(k, centre) > 0 && projection_term(k, corner) < 0,
            "{k:?}"
        );
        assert!(projection_term(k, centre) - projection_term(k, corner) < value(k) / 5);
    }
    for c in [centre, corner, t(7, 2, 5)] {
        for k in [Rook, Pawn, King] {
            assert_eq!(projection_term(k, c), 0, "{k:?}");
        }
    }
    // the 8 centre tiles are alike, and a knight prefers them to a face of the cube
    let k0 = projection_term(Knight, centre);
    for (z, a, b) in [(3, 3, 4), (4, 4, 4), (4, 3, 3), (3, 4, 3)] {
        assert_eq!(projection_term(Knight, t(z, a, b)), k0);
    }
    assert!(projection_term(Knight, t(0, 3, 3)) < k0);
}

fn legal(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    Goff::new().legal_moves(p, &mut v);
    v
}

fn kings() -> Vec<(Player, Kind, (i8, i8, i8))> {
    vec![(W, King, (0, 0, 0)), (B, King, (7, 7, 7))]
}

/// An ordinary capture: the value of the man taken and of the taker (Table 14); a quiet move of
/// the same man is no capture.
#[test]
fn capture_values_ordinary() {
    let mut men = kings();
    men.extend([(W, Rook, (3, 3, 3)), (B, Queen, (3, 3, 6))]);
    let p = pos(&men, W);
    let moves = legal(&p);
    let take = Move::new(t(3, 3, 3), t(3, 3, 6));
    assert!(moves.contains(&take));
    assert_eq!(capture_values(&p, &take), Some((1500, 800)));
    let quiet: Vec<&Move> = moves
        .iter()
        .filter(|m| m.from == t(3, 3, 3) && m.to != t(3, 3, 6))
        .collect();
    assert!(!quiet.is_empty());
    for m in quiet {
        assert_eq!(capture_values(&p, m), None, "{m:?}");
    }
    // a king that takes counts as ROYAL (ordered last by the search)
    let p = pos(
        &[
            (W, King, (3, 3, 3)),
            (B, Knight, (3, 3, 4)),
            (B, King, (7, 7, 7)),
        ],
        W,
    );
    let m = Move::new(t(3, 3, 3), t(3, 3, 4));
    assert!(legal(&p).contains(&m));
    assert_eq!(capture_values(&p, &m), Some((300, ROYAL)));
}

/// En passant (04 §3, Fig 117): the Black pawn on K4,4 takes the pawn that double advanced from
/// KB2,2 to KB4,4 by moving to the path tile KB3,3; the man taken is a pawn that is not on the
/// destination.
#[test]
fn capture_values_en_passant() {
    let g = Goff::new();
    let p = pos(&[(W, Pawn, (5, 1, 1)), (B, Pawn, (4, 3, 3))], W);
    let p = g.play(&p, &Move::new(t(5, 1, 1), t(5, 3, 3)));
    let ep: Vec<Move> = legal(&p)
        .into_iter()
        .filter(|m| m.part == Some(Pawn))
        .collect();
    assert_eq!(ep.len(), 1);
    let m = ep[0];
    assert_eq!(m.to, t(5, 2, 2));
    assert!(p.piece_at(m.to).is_none());
    assert_eq!(capture_values(&p, &m), Some((100, 100)));
    // the ordinary advance to the same tile is not a capture
    let adv = Move::new(t(4, 3, 3), t(4, 2, 2));
    assert!(legal(&p).contains(&adv));
    assert_eq!(capture_values(&p, &adv), None);
}

/// Fission (03 §2.4.5) may take two men at once: their values are summed, and the taker is the
/// stack. One taken man counts alone.
#[test]
fn capture_values_fission_takes_two() {
    let s = (3, 3, 3);
    let empty = pos(&[(W, Stack, s)], W);
    let all: Vec<Move> = legal(&empty)
        .into_iter()
        .filter(|m| m.fission.is_some())
        .collect();
    // find a fission that stays legal with Black men on both destinations
    let mut found = false;
    for m in &all {
        let (x, y) = (m.to, m.fission.unwrap());
        let mut p = empty.clone();
        p.put(
            x,
            spacechess_goff::Piece {
                player: B,
                kind: Rook,
            },
        );
        p.put(
            y,
            spacechess_goff::Piece {
                player: B,
                kind: Knight,
            },
        );
        if !legal(&p).contains(m) {
            continue;
        }
        found = true;
        assert_eq!(capture_values(&p, m), Some((800 + 300, 600)));
        let after = Goff::new().play(&p, m);
        assert_eq!(material(&after, B), 0);
        // only one of them there
        let mut q = empty.clone();
        q.put(
            y,
            spacechess_goff::Piece {
                player: B,
                kind: Knight,
            },
        );
        assert!(legal(&q).contains(m));
        assert_eq!(capture_values(&q, m), Some((300, 600)));
        assert_eq!(capture_values(&empty, m), None);
        break;
    }
    assert!(found, "no fission takes two men from the centre");
}

/// Every legal move along random games from the start: `capture_values` is `Some` exactly when
/// the move removes enemy men, the first value is the enemy's material lost, and a move onto a
/// friendly man (uplift, teleport, recombination) or a castle is never a capture.
#[test]
fn capture_values_match_the_material_taken() {
    let g = Goff::new();
    let mut rng = spacechess_variant::RandomMover::new(0x9E37_79B9_7F4A_7C15);
    let (mut captures, mut friendly, mut castles) = (0, 0, 0);
    for _game in 0..3 {
        let mut p = g.start();
        for _ply in 0..60 {
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            let me = p.to_move();
            let them = Player(1 - me.0);
            for m in &moves {
                let after = g.play(&p, m);
                let lost = material(&p, them) - material(&after, them);
                let cv = capture_values(&p, m);
                assert_eq!(cv.map(|c| c.0), (lost > 0).then_some(lost), "{m:?}");
                if let Some((_, taker)) = cv {
                    captures += 1;
                    assert!(m.castle.is_none());
                    assert!(taker > 0);
                }
                if p.of_player(me).contains(m.to) && m.fission.is_none() {
                    friendly += 1;
                    assert_eq!(cv, None, "a move onto a friendly man {m:?}");
                }
                if m.castle.is_some() {
                    castles += 1;
                    assert_eq!(cv, None, "a castle {m:?}");
                }
            }
            // prefer captures half the time so that the games get tactical
            let caps: Vec<&Move> = moves
                .iter()
                .filter(|m| capture_values(&p, m).is_some())
                .collect();
            let m = if !caps.is_empty() && rng.below(2) == 0 {
                caps[rng.below(caps.len())]
            } else {
                &moves[rng.below(moves.len())]
            };
            p = g.play(&p, m);
        }
    }
    assert!(
        captures > 20 && friendly > 0,
        "{captures} captures, {friendly} moves onto friendly men, {castles} castles"
    );
}

/// Goff with the book's values as its search hooks (the variant's own hooks may delegate to the
/// same functions; this wrapper keeps the test independent of that wiring).
struct BookValues {
    g: Goff,
}

impl Variant for BookValues {
    type Position = Position;
    type Move = Move;
    type EvalState = ();
    spacechess_variant::forward_variant!(g => name, description, options_ron, players, start,
        to_move, legal_moves, play, outcome, in_check, move_text, parse_move, position_text,
        parse_position, draw, move_info, men, board, repetition_key, halfmove_clock, draw_rules);
    fn evaluate(&self, pos: &Position, scores: &mut [i32]) {
        evaluate(pos, scores)
    }
    fn capture_values(&self, pos: &Position, mv: &Move) -> Option<(i32, i32)> {
        capture_values(pos, mv)
    }
}

/// The search's best move, its text and its score for the side to move.
fn best(p: &Position, depth: u32) -> (Move, String, i32) {
    let v = BookValues { g: Goff::new() };
    let r = Searcher::new(&v).search(p, Limits::depth(depth));
    let m = r.best.expect("a move");
    let pv: Vec<String> = {
        let mut q = p.clone();
        r.pv.iter()
            .map(|m| {
                let s = v.move_text(&q, m);
                q = v.play(&q, m);
                s
            })
            .collect()
    };
    (m, pv.join(" "), r.score)
}

/// The search takes a hanging queen with these values (depth 1 and 2).
#[test]
fn search_takes_the_hanging_queen() {
    let mut men = kings();
    men.extend([
        (W, Rook, (3, 3, 3)),
        (B, Queen, (3, 3, 6)),
        (B, Pawn, (6, 6, 6)),
        (W, Pawn, (1, 1, 1)),
    ]);
    let p = pos(&men, W);
    for depth in 1..=2 {
        let (m, pv, score) = best(&p, depth);
        assert_eq!(m, Move::new(t(3, 3, 3), t(3, 3, 6)), "depth {depth}: {pv}");
        // White is 7 pawns down before (R + P against Q + P) and 8 up after
        assert!(score > 700, "depth {depth}: {score} {pv}");
    }
}

/// 05 §5 "BxS is a gain (4 for 6)": a White bishop may take a Black stack defended by a rook, or a
/// loose pawn. With the book's values the search takes the stack (+6 -4 > +1).
#[test]
fn search_finds_bishop_takes_stack() {
    let mut men = kings();
    men.extend([
        (W, Bishop, (3, 3, 3)),
        (B, Stack, (3, 4, 4)),
        (B, Rook, (3, 4, 7)),
        (B, Pawn, (3, 2, 2)),
    ]);
    let p = pos(&men, W);
    let bxs = Move::new(t(3, 3, 3), t(3, 4, 4));
    let bxp = Move::new(t(3, 3, 3), t(3, 2, 2));
    assert_eq!(capture_values(&p, &bxs), Some((600, 400)));
    assert_eq!(capture_values(&p, &bxp), Some((100, 400)));
    let mut s = [0; 2];
    evaluate(&p, &mut s);
    let stand = s[0] - s[1];
    for depth in 1..=3 {
        let (m, pv, score) = best(&p, depth);
        assert_eq!(m, bxs, "depth {depth}: {pv}");
        // B x S, R x B: two pawns won (6 - 4), give or take the projection terms
        assert!(
            (150..=250).contains(&(score - stand)),
            "{score} {stand} {pv}"
        );
    }
}
