//! Every registered variant through [`AnyVariant`] only: seeded random games played as texts
//! (texts out, texts back in, positions equal), the move geometry checked against the move texts
//! and against the typed variant's positions before and after every legal move, the men against
//! the position texts, and the board models against the variants' boards.

use spacechess::{
    with_variant, AnyVariant, BoardModel, Config, Man, MoveInfo, MoveKind, Player, RandomMover,
    Variant, VariantVisitor, VARIANTS,
};
use std::collections::{BTreeMap, BTreeSet};

/// The cells of each variant's board (the rule documents' boards: 8x8; 3x3 boards of 4x4; eight
/// Cubes of 2x2x2; 64 squares and 49 points; 8x8x8; 5x5x5; 6x6x6).
fn cell_count(name: &str) -> usize {
    match name {
        "orthodox" | "sphinx-reduced" => 64,
        "sphinx" | "sphinx-compulsion" | "sphinx-losing" => 144,
        "ecila" | "ecila-scacia" | "ecila-schlagschach" => 64,
        "spectral" => 64 + 49,
        "raumschach" => 125,
        "cubic" | "compulsion-cubic" | "scacia-cubic" | "tamerlane-cubic" => 216,
        "goff" | "goff-quantum" | "cubic8" | "cubic8-4" | "cubic8-teams" | "cubic8-true-king" => {
            512
        }
        _ => panic!("no cell count for {name}"),
    }
}

/// Plies of the random game: Ecila opens with 16 placements; Goff's move texts are costly.
fn plies(name: &str) -> usize {
    match name {
        "ecila" | "ecila-scacia" | "ecila-schlagschach" => 36,
        "goff" => 12,
        "goff-quantum" => 10,
        _ => 24,
    }
}

/// The men of each player counted in a position text's board field: a letter per man, upper case
/// player 1, lower case player 2, a following `'` for players 3 and 4.
fn men_in_text(position: &str) -> BTreeMap<u8, usize> {
    let board = position.split_whitespace().next().unwrap_or("");
    let b = board.as_bytes();
    let mut men = BTreeMap::new();
    for (i, &ch) in b.iter().enumerate() {
        if ch.is_ascii_alphabetic() {
            let p = u8::from(ch.is_ascii_lowercase()) + 2 * u8::from(b.get(i + 1) == Some(&b'\''));
            *men.entry(p).or_insert(0) += 1;
        }
    }
    men
}

fn men_by_player(men: &[Man]) -> BTreeMap<u8, usize> {
    let mut count = BTreeMap::new();
    for m in men {
        *count.entry(m.player.0).or_insert(0) += 1;
    }
    count
}

/// A Goff tile named from `player`'s side (the board model names White's view).
fn goff_name(cell: spacechess::Cell, player: Player) -> String {
    spacechess::goff::Tile::of(cell).book_name(player)
}

/// The move text a notation must write for this geometry: the engine's `from-to`, `fromxto`,
/// `=Q`, `K@to`, orthodox's `e7e8q`, Spectral's `O-O`; for Goff, the pieces of the text that name
/// the geometry (destinations from the mover's side, `x` for captures, the kind's mark).
fn check_text(name: &str, board: &BoardModel, info: &MoveInfo, text: &str, mover: Player) {
    let cell = |c: spacechess::Cell| board.name(c).to_string();
    let ctx = format!("{name}: '{text}' for {info:?}");
    if name == "goff-quantum" {
        // The book's quantum notation: piece(anchor) - [proxy]spread, a castle, a collapse.
        let quantum = text.contains('(') && text.contains(" - [") && text.contains(']');
        assert!(
            quantum
                || text.starts_with("collapse ")
                || (info.kind.is_castle() && text.starts_with('C')),
            "{ctx}"
        );
        return;
    }
    if name == "goff" {
        if info.kind.is_castle() {
            assert!(text.starts_with('C'), "{ctx}");
            for rook in &info.to[1..] {
                let digits = goff_name(*rook, mover);
                let digits = digits.trim_start_matches(|c: char| c.is_ascii_alphabetic());
                assert!(text.contains(digits), "{ctx}: rook tile {digits}");
            }
            let double = text
                .split_once(';')
                .is_some_and(|(a, b)| a.len() > 2 && !b.is_empty());
            assert_eq!(info.kind == MoveKind::DoubleCastle, double, "{ctx}");
            return;
        }
        for &to in &info.to {
            assert!(
                text.contains(&goff_name(to, mover)),
                "{ctx}: {}",
                goff_name(to, mover)
            );
        }
        assert_eq!(info.is_capture(), text.contains('x'), "{ctx}");
        let mark = match info.kind {
            MoveKind::Fission => " f ",
            MoveKind::Teleport => " t ",
            MoveKind::Recombination => " r ",
            MoveKind::EnPassant => " e.p.",
            _ => "",
        };
        assert!(text.contains(mark), "{ctx}: {mark}");
        assert_eq!(
            info.kind == MoveKind::Decay,
            text.starts_with("SB") || text.starts_with("SD"),
            "{ctx}"
        );
        if let Some(p) = info.promotion {
            assert!(text.contains(&format!("={p}")), "{ctx}");
        }
        return;
    }
    let expected = match info.kind {
        MoveKind::Placement => {
            assert!(info.from.is_empty(), "{ctx}");
            return assert!(text.ends_with(&format!("@{}", cell(info.to[0]))), "{ctx}");
        }
        MoveKind::Castle if name == "spectral" => {
            let right = board.cell(info.to[0]).unwrap().coords[0]
                > board.cell(info.from[0]).unwrap().coords[0];
            (if right { "O-O" } else { "O-O-O" }).to_string()
        }
        _ if name == "orthodox" => format!(
            "{}{}{}",
            cell(info.from[0]),
            cell(info.to[0]),
            info.promotion
                .map(|p| p.to_ascii_lowercase().to_string())
                .unwrap_or_default()
        ),
        _ => format!(
            "{}{}{}{}",
            cell(info.from[0]),
            if info.is_capture() { 'x' } else { '-' },
            cell(info.to[0]),
            info.promotion.map(|p| format!("={p}")).unwrap_or_default()
        ),
    };
    assert_eq!(text, expected, "{ctx}");
}

/// Checks the men of a position: sorted, on cells of the board, as many per player as the text.
fn check_men(name: &str, board: &BoardModel, men: &[Man], position: &str) {
    // A quantum position lists every reality's men (a virtual piece once per tile); its text is
    // not one board.
    if name != "goff-quantum" {
        assert_eq!(
            men_by_player(men),
            men_in_text(position),
            "{name}: men of {position}"
        );
    }
    assert!(
        men.windows(2).all(|w| w[0].cell < w[1].cell),
        "{name}: men by cell"
    );
    for m in men {
        assert!(board.cell(m.cell).is_some(), "{name}: {m:?} off the board");
        assert!(m.piece.is_ascii_uppercase(), "{name}: {m:?}");
    }
}

/// A game through [`AnyVariant`] only, from `start`, each move chosen among the legal move texts
/// by `choose` (None ends the game): (position, move, geometry) for every move.
fn play_as_texts(
    any: &dyn AnyVariant,
    start: &str,
    plies: usize,
    mut choose: impl FnMut(&[String]) -> Option<String>,
) -> Vec<(String, String, MoveInfo)> {
    let name = any.name().to_string();
    let board = any.board();
    let mut pos = any.normalize(start).unwrap();
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = any.legal_moves(&pos).unwrap();
        let Some(text) = choose(&moves) else { break };
        let men = any.men(&pos).unwrap();
        check_men(&name, &board, &men, &pos);
        let info = any.move_info(&pos, &text).unwrap();
        let mover = any.to_move(&pos).unwrap();
        check_text(name_family(&name), &board, &info, &text, mover);
        for from in &info.from {
            assert!(
                men.iter().any(|m| m.cell == *from),
                "{name}: no man on the from cell of {text}"
            );
        }
        let next = any.play(&pos, &[&text]).unwrap();
        assert_eq!(
            any.normalize(&next).unwrap(),
            next,
            "{name}: text back in after {text}"
        );
        line.push((pos, text, info));
        pos = next;
    }
    line.push((
        pos,
        String::new(),
        MoveInfo::new(MoveKind::Plain, vec![], vec![]),
    ));
    line
}

/// Replays a game of texts on the typed variant and checks every legal move's geometry against
/// the positions before and after it.
/// The line ends with the final position and an empty move. Returns the kinds of the moves checked.
struct Replay<'a> {
    name: &'a str,
    line: &'a [(String, String, MoveInfo)],
}

impl VariantVisitor for Replay<'_> {
    type Output = BTreeSet<MoveKind>;
    fn visit<V: Variant + 'static>(self, v: V) -> BTreeSet<MoveKind> {
        let name = self.name;
        let board = v.board();
        let players = v.players().clone();
        let mut pos = v.parse_position(&self.line[0].0).unwrap();
        let mut kinds = BTreeSet::new();
        for (text, mv, info) in self.line {
            assert_eq!(
                &v.position_text(&pos),
                text,
                "{name}: typed and text positions"
            );
            let before: BTreeMap<_, _> = v.men(&pos).into_iter().map(|m| (m.cell, m)).collect();
            let me = v.to_move(&pos);
            for m in v.legal_moves_vec(&pos) {
                let info = v.move_info(&pos, &m);
                let t = v.move_text(&pos, &m);
                let ctx = format!("{name}: {t} {info:?}");
                check_text(name_family(name), &board, &info, &t, me);
                if name == "goff-quantum" {
                    // A quantum move changes the realities, not one board's cells: the cells it
                    // names are those of every reality it is made in (docs/goff-quantum.md).
                    kinds.insert(info.kind);
                    continue;
                }
                let after: BTreeMap<_, _> = v
                    .men(&v.play(&pos, &m))
                    .into_iter()
                    .map(|m| (m.cell, m))
                    .collect();
                // The men that move are the mover's side's; their owner keeps them.
                let owner = match info.from.first() {
                    Some(c) => {
                        before
                            .get(c)
                            .unwrap_or_else(|| panic!("{ctx}: empty from"))
                            .player
                    }
                    None => me,
                };
                assert!(players.allied(owner, me), "{ctx}");
                for c in &info.from {
                    assert_eq!(before[c].player, owner, "{ctx}");
                }
                for c in &info.to {
                    let man = after.get(c).unwrap_or_else(|| panic!("{ctx}: empty to"));
                    assert_eq!(man.player, owner, "{ctx}");
                }
                for c in &info.captures {
                    let victim = before
                        .get(c)
                        .unwrap_or_else(|| panic!("{ctx}: empty capture"));
                    assert!(!players.allied(victim.player, owner), "{ctx}");
                    assert!(after.get(c).is_none_or(|m| m.player == owner), "{ctx}");
                }
                // Every other cell keeps its man: the geometry names every cell the move changes.
                let named = |c: &spacechess::Cell| {
                    info.from.contains(c) || info.to.contains(c) || info.captures.contains(c)
                };
                for c in before.keys().chain(after.keys()).filter(|c| !named(c)) {
                    assert_eq!(before.get(c), after.get(c), "{ctx}: cell {c:?} changed");
                }
                check_letters(&info, &before, &after, &ctx);
                kinds.insert(info.kind);
            }
            if mv.is_empty() {
                break;
            }
            let m = v.parse_move(&pos, mv).unwrap();
            assert_eq!(&v.move_info(&pos, &m), info, "{name}: {mv}");
            pos = v.play(&pos, &m);
        }
        kinds
    }
}

/// The family of notation a variant's name belongs to, for [`check_text`].
fn name_family(name: &str) -> &str {
    match name {
        "orthodox" | "spectral" | "goff" | "goff-quantum" => name,
        _ => "engine",
    }
}

/// The pieces on the `to` cells after the move, by kind.
fn check_letters(
    info: &MoveInfo,
    before: &BTreeMap<spacechess::Cell, Man>,
    after: &BTreeMap<spacechess::Cell, Man>,
    ctx: &str,
) {
    let was = |i: usize| before[&info.from[i]].piece;
    let now = |c: &spacechess::Cell| after[c].piece;
    match info.kind {
        MoveKind::Plain | MoveKind::Capture | MoveKind::EnPassant => {
            assert_eq!(now(&info.to[0]), was(0), "{ctx}")
        }
        MoveKind::Castle | MoveKind::DoubleCastle => {
            assert_eq!(info.from.len(), info.to.len(), "{ctx}");
            assert_eq!(
                info.from.len(),
                if info.kind == MoveKind::Castle { 2 } else { 3 },
                "{ctx}"
            );
            for (i, to) in info.to.iter().enumerate() {
                assert_eq!(now(to), was(i), "{ctx}");
            }
        }
        MoveKind::Promotion => assert_eq!(Some(now(&info.to[0])), info.promotion, "{ctx}"),
        MoveKind::Placement => assert!(info.from.is_empty() && info.to.len() == 1, "{ctx}"),
        MoveKind::Fission => {
            assert_eq!(was(0), 'S', "{ctx}");
            assert_eq!((now(&info.to[0]), now(&info.to[1])), ('B', 'D'), "{ctx}");
        }
        MoveKind::Decay | MoveKind::Teleport => {
            assert_eq!(was(0), 'S', "{ctx}");
            let stays = now(&info.from[0]);
            assert!(stays == 'B' || stays == 'D', "{ctx}");
            let lands = if info.kind == MoveKind::Decay {
                if stays == 'B' {
                    'D'
                } else {
                    'B'
                }
            } else {
                'S'
            };
            assert_eq!(now(&info.to[0]), lands, "{ctx}");
        }
        MoveKind::Recombination => {
            assert!(matches!(was(0), 'B' | 'D'), "{ctx}");
            assert_eq!(now(&info.to[0]), 'S', "{ctx}");
        }
    }
}

#[test]
fn random_games_through_any_variant_agree_with_the_typed_variants() {
    for (seed, (name, _)) in VARIANTS.iter().enumerate() {
        let any = spacechess::variant(name).unwrap();
        let mut rng = RandomMover::new(1000 + seed as u64);
        let line = play_as_texts(&*any, &any.start(), plies(name), |moves| {
            (!moves.is_empty()).then(|| moves[rng.below(moves.len())].clone())
        });
        assert!(line.len() > 8, "{name}: a game of {} plies", line.len() - 1);
        let kinds = with_variant(name, &Config::default(), Replay { name, line: &line }).unwrap();
        assert!(kinds.contains(&MoveKind::Plain), "{name}");
    }
}

/// (variant, start position or None for the start, moves to play, kinds that must be seen).
type Case<'a> = (&'a str, Option<&'a str>, &'a [&'a str], &'a [MoveKind]);

/// Positions where the special moves are legal (castles, en passant, promotions, placements,
/// Goff's stack moves), reached through texts; every legal move on the way is checked.
#[test]
fn special_moves_agree_with_the_typed_variants() {
    use MoveKind::*;
    let goff_stacks = "WHITE: K @ KR1,1; S @ Q5,1; B @ QR8,6; S @ Q4,4; B @ Q4,6; D @ Q6,4 | \
                       BLACK: K @ K1,1; R @ QB4,4; P @ Q3,4";
    let goff_castles = "7r/8/8/8/8/8/8/R7//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//7k/8/8/8/8/8/8/K7//\
                        8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//8/8/8/8/8/8/8/8//7r/8/8/8/8/8/8/R7 w * - 0 1";
    let goff_ep = "WHITE: P @ KB2,2; K @ KR1,1 | BLACK: P @ KN5,5; P @ K5,5; K @ K1,1";
    let castles_ep_promotion = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let cases: &[Case] = &[
        (
            "orthodox",
            Some(castles_ep_promotion),
            &[],
            &[Castle, EnPassant, Promotion, Capture],
        ),
        (
            "spectral",
            Some(castles_ep_promotion),
            &["e1-*de12"],
            &[Castle, EnPassant, Promotion],
        ),
        (
            "goff",
            Some(goff_stacks),
            &[],
            &[Fission, Decay, Teleport, Recombination, Capture],
        ),
        ("goff", Some(goff_castles), &[], &[Castle, DoubleCastle]),
        ("goff", Some(goff_ep), &["P - KB4,4"], &[EnPassant]),
        ("ecila", None, &["K@A1", "K@H8"], &[Placement]),
    ];
    for &(name, start, moves, expected) in cases {
        let any = spacechess::variant(name).unwrap();
        let start = start.map_or_else(|| any.start(), str::to_string);
        let mut script = moves.iter();
        let line = play_as_texts(&*any, &start, moves.len(), |_| {
            script.next().map(|m| m.to_string())
        });
        let kinds = with_variant(name, &Config::default(), Replay { name, line: &line }).unwrap();
        for k in expected {
            assert!(kinds.contains(k), "{name}: no {k:?} among {kinds:?}");
        }
    }
}

#[test]
fn board_models_match_the_boards() {
    for (name, _) in VARIANTS {
        let any = spacechess::variant(name).unwrap();
        let board = any.board();
        assert_eq!(board.check(), Ok(()), "{name}");
        assert_eq!(board.len(), cell_count(name), "{name}");
        assert_eq!(board.cell_set().count_ones(), cell_count(name), "{name}");
        let points = board.points().count_ones();
        assert_eq!(points, if *name == "spectral" { 49 } else { 0 }, "{name}");
        let ndim = board.cells[0].coords.len();
        assert!(board.cells.iter().all(|c| c.coords.len() == ndim), "{name}");
        // Distinct coordinates, so that they place every cell.
        let mut coords: Vec<&Vec<i32>> = board.cells.iter().map(|c| &c.coords).collect();
        coords.sort();
        coords.dedup();
        assert_eq!(coords.len(), board.len(), "{name}: coordinates");
        let men = any.men(&any.start()).unwrap();
        check_men(name, &board, &men, &any.start());
    }
}

/// `draw_marked` marks every cell of every drawing in place of the space before it (the layout
/// unchanged), and `piece_names` names every piece a man of the start or of a game is.
#[test]
fn drawings_mark_every_cell_and_pieces_are_named() {
    for (name, _) in VARIANTS {
        let any = spacechess::variant(name).unwrap();
        let board = any.board();
        let marks: Vec<(spacechess::Cell, char)> =
            board.cells.iter().map(|c| (c.cell, '@')).collect();
        let pieces = any.piece_names();
        let letters: BTreeSet<char> = pieces.iter().map(|(l, _)| *l).collect();
        assert_eq!(
            letters.len(),
            pieces.len(),
            "{name}: letters repeated in {pieces:?}"
        );
        assert!(
            pieces
                .iter()
                .all(|(l, n)| l.is_ascii_uppercase() && !n.is_empty()),
            "{name}: {pieces:?}"
        );
        let mut pos = any.start();
        for ply in 0..40 {
            let plain = any.draw(&pos).unwrap();
            let marked = any.draw_marked(&pos, &marks).unwrap();
            assert_eq!(
                marked.matches('@').count(),
                board.len(),
                "{name}:\n{marked}"
            );
            assert_eq!(
                marked.replace('@', " "),
                plain,
                "{name}: the layout is kept"
            );
            for man in any.men(&pos).unwrap() {
                assert!(
                    letters.contains(&man.piece),
                    "{name}: {:?} not among {pieces:?}",
                    man.piece
                );
            }
            let moves = any.legal_moves(&pos).unwrap();
            if moves.is_empty() {
                break;
            }
            pos = any
                .play(&pos, &[moves[(ply * 7 + 3) % moves.len()].as_str()])
                .unwrap();
        }
    }
}
