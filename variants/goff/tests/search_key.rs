//! The search's key (`Variant::hash_key`) tells positions apart as the repetition key does
//! (rules/goff/04 A20: threefold repetition, an option; docs/search.md, "Evaluation cache"): a
//! man that goes out and back repeats the position, a king or rook that does loses a castling
//! right and does not.

use spacechess_goff::Goff;
use spacechess_variant::{MoveInfo, Variant};

/// From the start, every quiet white move that can come back after a black move that can come
/// back too: the two keys agree on whether the position after the four moves repeats the start.
#[test]
fn the_search_key_repeats_where_the_repetition_key_does() {
    let v = Goff::new();
    let start = v.start();
    let moves = |p: &<Goff as Variant>::Position| {
        let mut out = Vec::new();
        v.legal_moves(p, &mut out);
        out
    };
    let back = |p: &<Goff as Variant>::Position, out: &MoveInfo| {
        moves(p).into_iter().find(|b| {
            let i = v.move_info(p, b);
            i.from == out.to && i.to == out.from && i.captures.is_empty()
        })
    };
    let (mut repeated, mut not_repeated) = (0, 0);
    for w in moves(&start) {
        let wi = v.move_info(&start, &w);
        let p1 = v.play(&start, &w);
        for b in moves(&p1) {
            let bi = v.move_info(&p1, &b);
            let p2 = v.play(&p1, &b);
            let Some(wb) = back(&p2, &wi) else { continue };
            let p3 = v.play(&p2, &wb);
            let Some(bb) = back(&p3, &bi) else { continue };
            let p4 = v.play(&p3, &bb);
            if v.men(&p4) != v.men(&start) {
                continue;
            }
            let same = v.repetition_key(&p4) == v.repetition_key(&start);
            assert_eq!(
                same,
                v.hash_key(&p4) == v.hash_key(&start),
                "{} {} {} {}",
                v.move_text(&start, &w),
                v.move_text(&p1, &b),
                v.move_text(&p2, &wb),
                v.move_text(&p3, &bb)
            );
            if same {
                repeated += 1;
            } else {
                not_repeated += 1;
            }
            break;
        }
    }
    assert!(repeated > 0, "{repeated} repeated, {not_repeated} not");
    eprintln!("{repeated} repeated, {not_repeated} not");
}
