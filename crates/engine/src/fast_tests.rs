//! The fast path against the general one (`Engine::check_fast_path`) in every position of random
//! games: the built-in rule sets of the other crates, and rule sets written to reach the corners
//! of the fast path (limited rides, oriented riders, duplicate atoms, a riding royal man, four
//! players in two teams, boards of one to eight words). In the same positions: the quiescence
//! search's captures-only list (`Engine::generate_noisy`) against the legal moves filtered, the
//! evaluation's mobility counts against a walk of every ray (docs/search.md, Evaluation), the
//! static exchange evaluation of every capture against its bounds, and the Zobrist key that
//! `make` (and `pass`) keep up to date against the key from scratch.

use super::*;
use crate::fast::{down_to_last, has_bmi2, up_to_first, FMotion};
use spacechess_geometry::CellSet;
use spacechess_variant::{RandomMover, Variant};
use std::sync::Arc;

/// Plays `games` random games of up to `plies` plies from `start`, checking every position;
/// returns the number of positions checked and how many of them were in check.
fn random_games<const W: usize>(
    e: &Engine<W>,
    start: Position<W>,
    games: usize,
    plies: usize,
    seed: u64,
) -> (usize, usize) {
    let mut rng = RandomMover::new(seed);
    let (mut positions, mut checks) = (0, 0);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut p = start;
        for _ in 0..plies {
            if let Err(e) = e.check_fast_path(&p) {
                panic!("{e}");
            }
            if let Err(e) = e.check_mobility(&p) {
                panic!("{e}");
            }
            if let Err(e) = e.check_see(&p) {
                panic!("{e}");
            }
            // `is_occupied` reads one word a player: the same answer as the union of the sets.
            let occ = p.occupied();
            for c in e.shape.cells() {
                assert_eq!(p.is_occupied(c), occ.contains(c), "{}", e.position_text(&p));
            }
            // The key kept up to date by `make` (and `pass`) is the key from scratch.
            assert_eq!(p.key, e.keys.of(&p), "{}", e.position_text(&p));
            if let Some(q) = e.pass(&p) {
                assert_eq!(q.key, e.keys.of(&q), "{}", e.position_text(&q));
            }
            positions += 1;
            if e.in_check(&p) {
                checks += 1;
            }
            e.generate_legal(&p, &mut moves);
            if moves.is_empty() {
                break;
            }
            p = e.make(&p, &moves[rng.below(moves.len())]);
        }
    }
    (positions, checks)
}

fn build<const W: usize>(ron: &str) -> Engine<W> {
    Engine::from_ron(ron, Arc::new(GenericNotation)).unwrap()
}

/// A built-in rule set without its castling (whose cells are in the variant's own notation).
fn without_castling<const W: usize>(ron: &str) -> Engine<W> {
    let mut r = RuleSet::from_ron(ron).unwrap();
    r.castling.clear();
    Engine::new(r, Arc::new(GenericNotation)).unwrap()
}

#[test]
fn orthodox_agrees_with_the_general_path() {
    let e: Engine<1> = build(include_str!(
        "../../../variants/orthodox/rules/orthodox.ron"
    ));
    assert!(e.fast.is_some());
    let (n, checks) = random_games(&e, e.start(), 60, 200, 1);
    assert!(n > 5000 && checks > 200, "{n} positions, {checks} in check");
    for text in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w",
    ] {
        let p = e.parse_position(text).unwrap();
        random_games(&e, p, 20, 100, 2);
    }
}

#[test]
fn cubic_rule_sets_agree_with_the_general_path() {
    let r: Engine<2> = build(include_str!("../../../variants/cubic/rules/raumschach.ron"));
    assert!(r.fast.is_some());
    random_games(&r, r.start(), 20, 150, 3);
    let c: Engine<4> = build(include_str!("../../../variants/cubic/rules/cubic6.ron"));
    assert!(c.fast.is_some());
    random_games(&c, c.start(), 10, 150, 4);
    let c8: Engine<8> = without_castling(include_str!("../../../variants/cubic/rules/cubic8.ron"));
    assert!(c8.fast.is_some());
    random_games(&c8, c8.start(), 4, 120, 5);
    let c84: Engine<8> =
        without_castling(include_str!("../../../variants/cubic/rules/cubic8-4.ron"));
    assert!(c84.fast.is_some());
    random_games(&c84, c84.start(), 4, 120, 6);
    // Hoppers, bent riders and captures without check keep the general path.
    let t: Engine<4> = build(include_str!("../../../variants/cubic/rules/tamerlane.ron"));
    assert!(t.fast.is_none());
    let s: Engine<4> = build(include_str!("../../../variants/cubic/rules/scacia.ron"));
    random_games(&s, s.start(), 4, 80, 7);
    let s: Engine<4> = build(include_str!("../../../variants/cubic/rules/compulsion.ron"));
    random_games(&s, s.start(), 4, 80, 8);
}

#[test]
fn sphinx_agrees_with_the_general_path() {
    let s: Engine<3> = build(include_str!("../../../variants/sphinx/rules/sphinx.ron"));
    assert!(s.fast.is_some());
    random_games(&s, s.start(), 20, 150, 9);
    let r: Engine<1> = build(include_str!(
        "../../../variants/sphinx/rules/sphinx-reduced.ron"
    ));
    random_games(&r, r.start(), 20, 150, 10);
}

/// Limited and oriented rides, a piece whose two atoms reach the same cells, en passant,
/// promotion and castling with a lance for a rook.
const ODD_PIECES: &str = r#"
    (name: "Pawn", letter: 'P', promotes: true, atoms: [
        (motion: Leap(Vectors([[0, 1]])), mode: MoveOnly),
        (motion: Ride(steps: Vectors([[0, 1]]), min: 2, max: Some(2)), mode: MoveOnly,
         only_unmoved: true, creates_en_passant: true),
        (motion: Leap(Vectors([[1, 1], [-1, 1]])), mode: CaptureOnly, en_passant: true)]),
    (name: "Lance", letter: 'L', atoms: [(motion: Ride(steps: Kind(1), min: 2, max: Some(3)))]),
    (name: "Short", letter: 'S', atoms: [(motion: Ride(steps: Kind(2), max: Some(2)))]),
    (name: "Knight", letter: 'N', atoms: [(motion: Leap(Pattern([1, 2])))]),
    (name: "Queen", letter: 'Q', atoms: [(motion: Ride(steps: Union([Kind(1), Kind(2)])))]),
    (name: "Forward", letter: 'F', atoms: [
        (motion: Ride(steps: Vectors([[0, 1], [1, 1], [-1, 1]]))),
        (motion: Leap(Kind(1)), mode: MoveOnly)]),
    (name: "Double", letter: 'D', atoms: [
        (motion: Leap(Kind(1))), (motion: Ride(steps: Kind(1), max: Some(1)))]),
"#;

#[test]
fn odd_pieces_agree_with_the_general_path() {
    let king = r#"(name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))])"#;
    let text = format!(
        r#"RuleSet(name: "odd", board: [[8, 8]],
            players: [(name: "White", team: 0, orientation: [1, 1]),
                      (name: "Black", team: 1, orientation: [1, -1])],
            pieces: [{ODD_PIECES} {king}],
            setup: "lsnqkdfl/pppppppp/8/8/8/8/PPPPPPPP/LSNQKDFL w",
            promotion: Some((axes: [1], choices: ['Q', 'L', 'N'])),
            castling: [(player: 0, king_from: "e1", king_to: "g1", rook_from: "h1", rook_to: "f1",
                        empty: ["f1", "g1"], safe: ["e1", "f1", "g1"]),
                       (player: 1, king_from: "e8", king_to: "b8", rook_from: "a8", rook_to: "c8",
                        empty: ["b8", "c8", "d8"], safe: ["e8", "d8"])])"#
    );
    let e: Engine<1> = build(&text);
    assert!(e.fast.is_some());
    let (n, checks) = random_games(&e, e.start(), 80, 200, 11);
    assert!(n > 5000 && checks > 200, "{n} positions, {checks} in check");
    // The same on a 12x12 board (three words), with a royal man that rides two cells.
    let king = r#"(name: "King", letter: 'K', royal: true, atoms: [(motion: Ride(steps: Union([Kind(1), Kind(2)]), max: Some(2)))])"#;
    let text = format!(
        r#"RuleSet(name: "odd12", board: [[12, 12]],
            players: [(name: "White", team: 0, orientation: [1, 1]),
                      (name: "Black", team: 1, orientation: [1, -1])],
            pieces: [{ODD_PIECES} {king}],
            setup: "2lsnqkdfl2/2pppppppp2/12/12/12/12/12/12/12/12/2PPPPPPPP2/2LSNQKDFL2 w",
            promotion: Some((axes: [1], choices: ['Q', 'N'])))"#
    );
    let e: Engine<3> = build(&text);
    assert!(e.fast.is_some());
    let (n, checks) = random_games(&e, e.start(), 40, 250, 12);
    assert!(n > 3000 && checks > 50, "{n} positions, {checks} in check");
}

#[test]
fn four_players_in_two_teams_agree_with_the_general_path() {
    let king = r#"(name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2)])))])"#;
    let text = format!(
        r#"RuleSet(name: "four", board: [[10, 10]],
            players: [(name: "A", team: 0, orientation: [1, 1]),
                      (name: "B", team: 1, orientation: [1, -1]),
                      (name: "C", team: 0, orientation: [-1, 1]),
                      (name: "D", team: 1, orientation: [-1, -1])],
            pieces: [{ODD_PIECES} {king}],
            setup: "1lsnqkdfl1/1pppppppp1/10/10/4p'p'p'p'k'1/1P'P'P'P'K'4/10/10/1PPPPPPPP1/1LSNQKDFL1 1",
            promotion: Some((axes: [1], choices: ['Q', 'N'])))"#
    );
    // C's men (upper case with an apostrophe) and D's (lower case) meet in the middle.
    let e: Engine<2> = build(&text);
    assert!(e.fast.is_some());
    let (n, checks) = random_games(&e, e.start(), 40, 200, 13);
    assert!(n > 3000 && checks > 50, "{n} positions, {checks} in check");
}

#[test]
fn limited_riders_in_3d_agree_with_the_general_path() {
    let text = r#"RuleSet(name: "odd3", board: [[5, 5, 5]],
        players: [(name: "White", team: 0, orientation: [1, 1, 1]),
                  (name: "Black", team: 1, orientation: [1, -1, -1])],
        pieces: [
            (name: "Pawn", letter: 'P', promotes: true, atoms: [
                (motion: Leap(Vectors([[0, 1, 0], [0, 0, 1]])), mode: MoveOnly),
                (motion: Ride(steps: Vectors([[0, 1, 0], [0, 0, 1]]), min: 2, max: Some(2)),
                 mode: MoveOnly, only_unmoved: true, creates_en_passant: true),
                (motion: Leap(Vectors([[1, 1, 0], [-1, 1, 0], [1, 0, 1], [-1, 0, 1]])),
                 mode: CaptureOnly, en_passant: true)]),
            (name: "Rook", letter: 'R', atoms: [(motion: Ride(steps: Kind(1), min: 2, max: Some(3)))]),
            (name: "Knight", letter: 'N', atoms: [(motion: Leap(Pattern([1, 2])))]),
            (name: "Bishop", letter: 'B', atoms: [(motion: Ride(steps: Kind(2)))]),
            (name: "Unicorn", letter: 'U', atoms: [(motion: Ride(steps: Kind(3), max: Some(2)))]),
            (name: "Queen", letter: 'Q', atoms: [(motion: Ride(steps: Union([Kind(1), Kind(2), Kind(3)])))]),
            (name: "King", letter: 'K', royal: true, atoms: [(motion: Leap(Union([Kind(1), Kind(2), Kind(3)])))]),
        ],
        setup: "rnknr/ppppp/5/5/5//ubqub/ppppp/5/5/5//5/5/5/5/5//5/5/5/PPPPP/BUQBU//5/5/5/PPPPP/RNKNR w",
        promotion: Some((axes: [1, 2], choices: ['Q', 'R', 'N'])))"#;
    let e: Engine<2> = build(text);
    assert!(e.fast.is_some());
    let (n, checks) = random_games(&e, e.start(), 40, 200, 14);
    assert!(n > 3000 && checks > 50, "{n} positions, {checks} in check");
}

/// Checks a board's PEXT tables (`lookup`: class, cell, occupancy) against the ray walk: for
/// every attack class and cell and 200 random occupancies, the cells up to the first man on each
/// of the class's rides (the directions reversed). Returns how many ride atoms take their
/// targets from the tables.
fn check_pext_tables<const W: usize>(
    e: &Engine<W>,
    lookup: impl Fn(usize, usize, CellSet<W>) -> CellSet<W>,
) -> usize {
    let f = e.fast.as_ref().unwrap();
    let nd = e.opposite.len();
    let cells = e.shape.cell_count() as usize;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for (ci, c) in f.classes.iter().enumerate() {
        for cell in 0..cells {
            for _ in 0..200 {
                let mut occ = CellSet::<W>::EMPTY;
                for word in occ.0.iter_mut() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    *word = x & x.rotate_left(23);
                }
                occ &= e.board;
                let mut want = CellSet::EMPTY;
                for &d in &c.dirs {
                    let d = e.opposite[d as usize] as usize;
                    let m = e.ray_masks[cell * nd + d];
                    want |= if e.ascending[d] {
                        up_to_first(m, occ)
                    } else {
                        down_to_last(m, occ)
                    };
                }
                assert_eq!(lookup(ci, cell, occ), want, "class {ci} cell {cell}");
            }
        }
    }
    f.plans
        .iter()
        .flat_map(|pl| &pl.atoms)
        .filter(|a| matches!(&a.motion, FMotion::Ride { w1_classes, .. } if !w1_classes.is_empty()))
        .count()
}

/// docs/movegen.md, "One look-up per man": on a one-word board with BMI2, the PEXT tables give,
/// for every attack class, cell and occupancy, the cells up to the first man on each of the
/// class's rides (the directions reversed), as the ray walk does; and orthodox's rooks,
/// bishops and queens take their targets from them.
#[test]
fn one_word_pext_tables_match_the_ray_walk() {
    let e: Engine<1> = build(include_str!(
        "../../../variants/orthodox/rules/orthodox.ron"
    ));
    let Some(p) = &e.fast.as_ref().unwrap().w1_pext else {
        assert!(!has_bmi2(), "BMI2 present but no PEXT tables");
        return;
    };
    let riders = check_pext_tables(&e, |c, cell, occ| CellSet([p.attacks(c, cell, occ.0[0])]));
    // Rook, bishop, queen (one ride atom each) for two players.
    assert_eq!(riders, 6);
}

/// [`check_pext_tables`] on a board of several words built from `rules`, each class's rides the
/// union of its pieces' rows; None if the board has no such tables.
fn check_wide_tables<const W: usize>(rules: &str) -> Option<usize> {
    let e: Engine<W> = build(rules);
    let p = e.fast.as_ref().unwrap().wide_pext.as_ref()?;
    Some(check_pext_tables(&e, |c, cell, occ| {
        p.pieces_of(&[c as u8])
            .iter()
            .fold(CellSet::EMPTY, |r, &q| r | p.attacks(q as usize, cell, occ))
    }))
}

/// The same on boards of several words (`WidePext`): Raumschach's 125 cells (its rooks,
/// bishops, unicorns and queens take their targets from the tables), Sphinx's 144 and the
/// 6x6x6 cubic board's 216 (its rook and bishop classes cut into lines).
#[test]
fn wide_pext_tables_match_the_ray_walk() {
    let raumschach = include_str!("../../../variants/cubic/rules/raumschach.ron");
    let Some(riders) = check_wide_tables::<2>(raumschach) else {
        assert!(!has_bmi2(), "BMI2 present but no PEXT tables");
        return;
    };
    // Rook, bishop, unicorn, queen (one ride atom each) for two players.
    assert_eq!(riders, 8);
    let sphinx = include_str!("../../../variants/sphinx/rules/sphinx.ron");
    assert!(check_wide_tables::<3>(sphinx).expect("Sphinx's tables") > 0);
    let cubic = include_str!("../../../variants/cubic/rules/cubic6.ron");
    assert!(check_wide_tables::<4>(cubic).expect("the 6x6x6 board's tables") > 0);
}
