//! An independent, slow reference for 8x8x8 Cubic chess, written straight from
//! shared/rules/cubic8.md (coordinates §1, armies §2, pieces §3, pawns §4, check, castling and
//! teams §5), with no tables and nothing shared with the engine but the cell coordinates: two
//! players, four players each for himself, and four in the teams 13v24 (whose legality is also
//! the True King game's, §7: a player keeps both his kings out of check). It confirms the perft
//! counts of the starts to depth 3 and the engine's moves in random middlegames.
//!
//! Not modelled (the comparisons stay where they cannot arise): eliminated players (§5) — every
//! compared position has all four players in the game and no mate within the depth compared.

mod common;

use common::*;
use spacechess_cubic::{Cubic, Cubic8, CubicPosition};
use spacechess_variant::{perft, Variant};
use std::sync::OnceLock;

type V3 = [i32; 3];

const N: i32 = 8;

/// The rules that differ between the games.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Game {
    /// Players 1 and 2 (§2: "Two-player game ... players 1 and 2").
    Two,
    /// Four players, each for himself.
    Free,
    /// Four players, 1 and 3 against 2 and 4.
    Teams13v24,
}

impl Game {
    fn players(self) -> u8 {
        if self == Game::Two {
            2
        } else {
            4
        }
    }
    /// Whether `q`'s men are enemies of `p`'s (§5: own and teammate men block, never give check).
    fn enemies(self, p: u8, q: u8) -> bool {
        p != q && !(self == Game::Teams13v24 && p % 2 == q % 2)
    }
}

/// A man: player (0-based), letter, and whether he has moved.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Man {
    player: u8,
    letter: char,
    moved: bool,
}

#[derive(Clone, PartialEq, Debug)]
struct Board {
    cells: Vec<Option<Man>>,
    to_move: u8,
}

fn on(c: V3) -> bool {
    c.iter().all(|&x| (0..N).contains(&x))
}
fn index(c: V3) -> usize {
    (c[0] + N * (c[1] + N * c[2])) as usize
}
fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn neg(a: V3) -> V3 {
    [-a[0], -a[1], -a[2]]
}

impl Board {
    fn at(&self, c: V3) -> Option<Man> {
        self.cells[index(c)]
    }
    /// Whether `c` holds a man of player `p` with this letter (moved or not).
    fn holds(&self, c: V3, p: u8, letter: char) -> bool {
        matches!(self.at(c), Some(m) if m.player == p && m.letter == letter)
    }
    fn cells(&self) -> impl Iterator<Item = V3> + '_ {
        (0..N * N * N).map(|i| [i % N, i / N % N, i / (N * N)])
    }
}

/// §3: the 26 unit directions, and which of them a piece rides (`O`, `Dxy`, `Dv`, `T`).
fn units() -> &'static [V3] {
    static UNITS: OnceLock<Vec<V3>> = OnceLock::new();
    UNITS.get_or_init(units_vec)
}
fn units_vec() -> Vec<V3> {
    let mut v = Vec::new();
    for x in -1..=1 {
        for y in -1..=1 {
            for z in -1..=1 {
                if [x, y, z] != [0, 0, 0] {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}
fn is_o(d: V3) -> bool {
    d.iter().filter(|&&c| c != 0).count() == 1
}
fn is_dxy(d: V3) -> bool {
    d[0] != 0 && d[1] != 0 && d[2] == 0
}
fn is_t(d: V3) -> bool {
    d.iter().all(|&c| c != 0)
}
/// Whether the rider `letter` moves along the unit direction `d` (§3 table).
fn rides(letter: char, d: V3) -> bool {
    match letter {
        'Q' => true,
        'R' => is_o(d),
        'B' => is_dxy(d) || is_t(d),
        _ => false,
    }
}

/// §3: K32 = { |c| ≤ 1 and {|a|,|b|} = {1,2} } ∪ { |c| = 2 and |a|+|b| = 1 }.
fn knight() -> &'static [V3] {
    static KNIGHT: OnceLock<Vec<V3>> = OnceLock::new();
    KNIGHT.get_or_init(knight_vec)
}
fn knight_vec() -> Vec<V3> {
    let mut v = Vec::new();
    for a in -2i32..=2 {
        for b in -2i32..=2 {
            for c in -2i32..=2 {
                let ab = [a.abs().min(b.abs()), a.abs().max(b.abs())];
                if (c.abs() <= 1 && ab == [1, 2]) || (c.abs() == 2 && a.abs() + b.abs() == 1) {
                    v.push([a, b, c]);
                }
            }
        }
    }
    v
}

/// §2: player p's pawns go forward `(0, fy, 0)` and vertically `(0, 0, fz)`: P1 +y down, P2 -y
/// up, P3 -y down, P4 +y up (z: Black 0 .. White 7).
fn pawn_dirs(p: u8) -> (i32, i32) {
    [(1, -1), (-1, 1), (-1, -1), (1, 1)][p as usize]
}
/// §4: the six capture vectors `(±1,fy,0)`, `(±1,0,fz)`, `(±1,fy,fz)`.
fn pawn_captures(p: u8) -> [V3; 6] {
    let (fy, fz) = pawn_dirs(p);
    [
        [-1, fy, 0],
        [-1, 0, fz],
        [-1, fy, fz],
        [1, fy, 0],
        [1, 0, fz],
        [1, fy, fz],
    ]
}
/// §2: the home row and level `(y, z)` of each army.
fn home(p: u8) -> (i32, i32) {
    [(0, 7), (7, 0), (7, 7), (0, 0)][p as usize]
}
/// §4: the promotion zone `(y, z)`: the home row and level of the army the pawns advance toward
/// (P1 → P2's, P2 → P1's, P3 → P4's, P4 → P3's).
fn promotion_zone(p: u8) -> (i32, i32) {
    home([1, 0, 3, 2][p as usize])
}

/// §2: the start of the game, built from the table of armies.
fn start(game: Game) -> Board {
    let mut b = Board {
        cells: vec![None; 512],
        to_move: 0,
    };
    let row = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];
    for p in 0..game.players() {
        let (y, z) = home(p);
        let (fy, fz) = pawn_dirs(p);
        for x in 0..N {
            let man = |letter| {
                Some(Man {
                    player: p,
                    letter,
                    moved: false,
                })
            };
            b.cells[index([x, y, z])] = man(row[x as usize]);
            // "A2–H2 White; A1–H1 and A2–H2 Red" for P1, and likewise for the others.
            for c in [[x, y + fy, z], [x, y, z + fz], [x, y + fy, z + fz]] {
                b.cells[index(c)] = man('P');
            }
        }
    }
    b
}

/// Whether an enemy of `p` attacks cell `t` (any man that could capture there, read backwards
/// from `t`; own and teammate men block a rider like any other).
fn attacked(game: Game, b: &Board, t: V3, p: u8) -> bool {
    let enemy = |c: V3, letters: &str| {
        on(c)
            && matches!(b.at(c), Some(m) if game.enemies(p, m.player) && letters.contains(m.letter))
    };
    for &d in units() {
        if enemy(add(t, d), "K") {
            return true;
        }
        let mut c = add(t, d);
        while on(c) {
            if let Some(m) = b.at(c) {
                if game.enemies(p, m.player) && rides(m.letter, d) {
                    return true;
                }
                break;
            }
            c = add(c, d);
        }
    }
    if knight().iter().any(|&v| enemy(add(t, v), "N")) {
        return true;
    }
    (0..game.players()).any(|q| {
        game.enemies(p, q)
            && pawn_captures(q).iter().any(|&v| {
                let c = add(t, neg(v));
                on(c) && b.holds(c, q, 'P')
            })
    })
}

/// A move: from, to, promotion letter (or ' '), and the rook's from and to when castling.
type NMove = (V3, V3, char, Option<(V3, V3)>);

/// The moves of `p`'s men, before the check rule.
fn pseudo(game: Game, b: &Board, p: u8) -> Vec<NMove> {
    let mut out = Vec::new();
    let push = |from: V3, to: V3, letter: char, out: &mut Vec<NMove>| {
        let (zy, zz) = promotion_zone(p);
        if letter == 'P' && to[1] == zy && to[2] == zz {
            for c in ['Q', 'B', 'R', 'N'] {
                out.push((from, to, c, None));
            }
        } else {
            out.push((from, to, ' ', None));
        }
    };
    // A capture is of an enemy man, never of a king (§5: kings of players in the game are never
    // captured; in two-player chess none can be).
    let takes = |c: V3| matches!(b.at(c), Some(m) if game.enemies(p, m.player) && m.letter != 'K');
    for from in b.cells() {
        let Some(man) = b.at(from) else { continue };
        if man.player != p {
            continue;
        }
        match man.letter {
            'P' => {
                let (fy, fz) = pawn_dirs(p);
                for s in [[0, fy, 0], [0, 0, fz], [0, fy, fz]] {
                    let one = add(from, s);
                    if on(one) && b.at(one).is_none() {
                        push(from, one, 'P', &mut out);
                        let two = add(one, s);
                        if !man.moved && on(two) && b.at(two).is_none() {
                            push(from, two, 'P', &mut out);
                        }
                    }
                }
                for v in pawn_captures(p) {
                    let t = add(from, v);
                    if on(t) && takes(t) {
                        push(from, t, 'P', &mut out);
                    }
                }
            }
            'N' | 'K' => {
                let vs = if man.letter == 'N' { knight() } else { units() };
                for &v in vs {
                    let t = add(from, v);
                    if on(t) && (b.at(t).is_none() || takes(t)) {
                        push(from, t, man.letter, &mut out);
                    }
                }
            }
            l => {
                for &d in units().iter().filter(|&&d| rides(l, d)) {
                    let mut t = add(from, d);
                    while on(t) {
                        if b.at(t).is_some() {
                            if takes(t) {
                                push(from, t, l, &mut out);
                            }
                            break;
                        }
                        push(from, t, l, &mut out);
                        t = add(t, d);
                    }
                }
            }
        }
    }
    // §5 castling: on the king's own row and level, E to G with the rook H to F, E to C with the
    // rook A to D; neither moved, the cells between empty, the king not in check and not passing
    // through or landing on a cell an opponent of the mover attacks.
    let (y, z) = home(p);
    let king = [4, y, z];
    let unmoved = |c: V3, letter: char| b.holds(c, p, letter) && !b.at(c).unwrap().moved;
    if unmoved(king, 'K') && !attacked(game, b, king, p) {
        for (rx, between, passed, kx, to_rx) in [
            (7, vec![5, 6], vec![5, 6], 6, 5),
            (0, vec![1, 2, 3], vec![3, 2], 2, 3),
        ] {
            let rook = [rx, y, z];
            if unmoved(rook, 'R')
                && between.iter().all(|&x| b.at([x, y, z]).is_none())
                && passed.iter().all(|&x| !attacked(game, b, [x, y, z], p))
            {
                out.push((king, [kx, y, z], ' ', Some((rook, [to_rx, y, z]))));
            }
        }
    }
    out
}

fn play(game: Game, b: &Board, m: &NMove) -> Board {
    let mut nb = b.clone();
    let mut man = b.at(m.0).unwrap();
    man.moved = true;
    if m.2 != ' ' {
        man.letter = m.2;
    }
    nb.cells[index(m.0)] = None;
    nb.cells[index(m.1)] = Some(man);
    if let Some((rf, rt)) = m.3 {
        let mut rook = b.at(rf).unwrap();
        rook.moved = true;
        nb.cells[index(rf)] = None;
        nb.cells[index(rt)] = Some(rook);
    }
    nb.to_move = (b.to_move + 1) % game.players();
    nb
}

/// §5: a move may not leave the mover's king, nor (teams) his teammate's, attacked by an enemy.
fn legal(game: Game, b: &Board) -> Vec<NMove> {
    let p = b.to_move;
    let kings: Vec<(u8, V3)> = b
        .cells()
        .filter_map(|c| b.at(c).map(|m| (m, c)))
        .filter(|(m, _)| {
            m.letter == 'K'
                && (m.player == p || (game == Game::Teams13v24 && m.player % 2 == p % 2))
        })
        .map(|(m, c)| (m.player, c))
        .collect();
    pseudo(game, b, p)
        .into_iter()
        .filter(|m| {
            let after = play(game, b, m);
            kings.iter().all(|&(q, k)| {
                let k = if k == m.0 { m.1 } else { k };
                !attacked(game, &after, k, q)
            })
        })
        .collect()
}

fn naive_perft(game: Game, b: &Board, depth: u32) -> u64 {
    let ms = legal(game, b);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter()
        .map(|m| naive_perft(game, &play(game, b, m), depth - 1))
        .sum()
}

/// The engine's position as a naive board (a man has moved unless the engine counts him
/// unmoved).
fn board_of(g: &Cubic8, pos: &CubicPosition<8>) -> Board {
    assert_eq!(pos.out, 0, "eliminations are not modelled");
    let e = g.engine();
    let mut b = Board {
        cells: vec![None; 512],
        to_move: pos.board.to_move().0,
    };
    let unmoved = pos.board.unmoved();
    for c in pos.board.occupied() {
        let pc = pos.board.piece_at(c).unwrap();
        let v = e.shape().coords(c);
        b.cells[index([v.get(0) as i32, v.get(1) as i32, v.get(2) as i32])] = Some(Man {
            player: pc.player.0,
            letter: e.kinds()[pc.kind as usize].letter,
            moved: !unmoved.contains(c),
        });
    }
    b
}

fn games() -> [(Cubic8, Game); 4] {
    [
        (Cubic::cubic8(None, &[]).unwrap(), Game::Two),
        (Cubic::cubic8_four(None, &[]).unwrap(), Game::Free),
        (Cubic::cubic8_teams(None, &[]).unwrap(), Game::Teams13v24),
        // §7: the True King game with both of a player's kings protected: teams 13v24 legality.
        (
            Cubic::cubic8_true_king(None, &[]).unwrap(),
            Game::Teams13v24,
        ),
    ]
}

/// cubic8.md §2: the engine's starts are the armies of the table (men unmoved, player 1 to move).
#[test]
fn starts_are_the_armies_of_section_2() {
    for (g, game) in games() {
        assert_eq!(
            normalized(&board_of(&g, &g.start())),
            normalized(&start(game)),
            "{}",
            g.name()
        );
    }
}

/// The reference's perft of the starts, depths 1 to 3 (the counts tests/cubic8.rs asserts).
const WANT: [(&str, [u64; 3]); 4] = [
    ("cubic8", [126, 15_876, 2_047_608]),
    ("cubic8-4", [126, 15_876, 2_000_376]),
    ("cubic8-teams", [126, 15_876, 2_000_376]),
    ("cubic8-true-king", [126, 15_876, 2_000_376]),
];

/// Perft from the starts to `depth` by the reference, equal to the engine's and to [`WANT`].
fn check_starts(depth: u32) {
    for ((g, game), (name, want)) in games().into_iter().zip(WANT) {
        assert_eq!(g.name(), name);
        for d in 1..=depth {
            let n = naive_perft(game, &start(game), d);
            assert_eq!(n, want[d as usize - 1], "{name} depth {d}");
            assert_eq!(perft(&g, &g.start(), d), n, "{name} depth {d}");
        }
    }
}

/// cubic8.md §2-§5, §7: perft from the starts to depth 2, the reference against the engine.
#[test]
fn perft_start_depths_1_2_match_the_reference() {
    check_starts(2);
}

/// cubic8.md §2-§5, §7: the same to depth 3 (about a minute in release for the four games).
#[test]
#[ignore = "deep perft: run with just deep-perft"]
fn perft_start_depth_3_matches_the_reference() {
    check_starts(3);
}

/// The reference's perft(4) of the starts: the counts tests/cubic8.rs asserts.
const WANT_4: [(&str, u64); 3] = [
    ("cubic8", 263_989_526),
    ("cubic8-4", 252_047_376),
    ("cubic8-teams", 252_047_376),
];

/// cubic8.md §2-§5: perft(4) from the starts by the reference (the root moves shared out over two
/// threads). About 8 minutes of CPU in release, so it is not part of `just deep-perft`.
#[test]
#[ignore = "very slow: the reference at depth 4, run with just reference-perft-8"]
fn perft_start_depth_4_matches_the_reference() {
    for ((_, game), (name, want)) in games().into_iter().zip(WANT_4) {
        let b = start(game);
        let moves = legal(game, &b);
        let half = moves.len() / 2;
        let count = |ms: &[NMove]| -> u64 {
            ms.iter()
                .map(|m| naive_perft(game, &play(game, &b, m), 3))
                .sum()
        };
        let n = std::thread::scope(|s| {
            let other = s.spawn(|| count(&moves[..half]));
            count(&moves[half..]) + other.join().unwrap()
        });
        assert_eq!(n, want, "{name}");
    }
}

/// cubic8.md §2-§5, §7: positions after random moves, two plies against the reference.
#[test]
fn middlegames_match_the_reference() {
    let mut compared = 0;
    for (g, game) in games() {
        for seed in 1..=6u64 {
            let (pos, _) = random_line(&g, seed, 6 + 4 * seed as usize);
            compared += compare_two_plies(&g, game, &pos).0;
        }
    }
    assert!(compared > 2000, "{compared}");
}

/// The engine's legal moves as the reference writes them (from, to, promotion or ' ').
fn engine_moves(g: &Cubic8, pos: &CubicPosition<8>) -> Vec<(V3, V3, char)> {
    let mut ms = Vec::new();
    g.legal_moves(pos, &mut ms);
    let mut out: Vec<(V3, V3, char)> = ms.iter().map(|m| engine_move(g, m)).collect();
    out.sort();
    out
}

/// An engine move as the reference writes it; the engine's cell names are §1's.
fn engine_move(g: &Cubic8, m: &spacechess_engine::Move) -> (V3, V3, char) {
    let e = g.engine();
    let at = |c| {
        let v = e.shape().coords(c);
        let xyz = [v.get(0) as i32, v.get(1) as i32, v.get(2) as i32];
        assert_eq!(e.cell_name(c), cell_name(xyz));
        xyz
    };
    let promo = match m.kind {
        spacechess_engine::MoveKind::Promotion(k) => e.kinds()[k as usize].letter,
        _ => ' ',
    };
    (at(m.from), at(m.to), promo)
}

/// The reference's legal moves (from, to, promotion), sorted.
fn reference_moves(game: Game, b: &Board) -> Vec<(V3, V3, char)> {
    let mut out: Vec<(V3, V3, char)> = legal(game, b).iter().map(|m| (m.0, m.1, m.2)).collect();
    out.sort();
    out
}

/// Two plies from `pos`: the same moves; after each, the same position (men, moved or not, who
/// is to move) and the same moves, unless the engine eliminated a player (not modelled here).
/// Returns (moves of the first ply, castles and promotions among them, positions skipped).
fn compare_two_plies(g: &Cubic8, game: Game, pos: &CubicPosition<8>) -> (usize, usize, usize) {
    let b = board_of(g, pos);
    let legal_b = legal(game, &b);
    let moves = reference_moves(game, &b);
    assert_eq!(engine_moves(g, pos), moves, "{}", g.position_text(pos));
    let (mut special, mut skipped) = (0, 0);
    let mut ms = Vec::new();
    g.legal_moves(pos, &mut ms);
    for m in &ms {
        let after = g.play(pos, m);
        let text = g.move_text(pos, m);
        if after.out != 0 {
            skipped += 1;
            continue;
        }
        let mine = board_of(g, &after);
        let want = engine_move(g, m);
        let theirs = legal_b
            .iter()
            .filter(|n| (n.0, n.1, n.2) == want)
            .map(|n| {
                special += usize::from(n.2 != ' ' || n.3.is_some());
                play(game, &b, n)
            })
            .collect::<Vec<_>>();
        assert_eq!(
            theirs.iter().map(normalized).collect::<Vec<_>>(),
            vec![normalized(&mine)],
            "{text}"
        );
        assert_eq!(
            engine_moves(g, &after),
            reference_moves(game, &mine),
            "after {text}"
        );
    }
    (moves.len(), special, skipped)
}

/// The board with "moved" kept only where it matters: pawns (their first move) and kings and rooks
/// (castling); a rook counts as moved once its king has (the engine drops both rights then).
fn normalized(b: &Board) -> Board {
    let mut n = b.clone();
    for c in b.cells() {
        if let Some(m) = b.at(c) {
            let (y, z) = home(m.player);
            let king_unmoved = matches!(b.at([4, y, z]), Some(k) if k.player == m.player
                && k.letter == 'K' && !k.moved);
            let moved = match m.letter {
                'P' | 'K' => m.moved,
                'R' => m.moved || !king_unmoved,
                _ => false,
            };
            n.cells[index(c)] = Some(Man { moved, ..m });
        }
    }
    n
}

/// A cell's name as cubic8.md §1 writes it (`D4Yellow`).
fn cell_name(c: V3) -> String {
    let levels = [
        "Black", "Purple", "Blue", "Green", "Yellow", "Orange", "Red", "White",
    ];
    format!(
        "{}{}{}",
        (b'A' + c[0] as u8) as char,
        c[1] + 1,
        levels[c[2] as usize]
    )
}

/// cubic8.md §4 promotion and §5 castling and teams, which random middlegames seldom reach:
/// kings and rooks on their home rows and levels, pawns one step from their promotion zones,
/// every player to move; two plies against the reference.
#[test]
fn castling_and_promotion_match_the_reference() {
    let two: &[(char, &str, u8)] = &[
        ('K', "E1White", 0),
        ('R', "A1White", 0),
        ('R', "H1White", 0),
        ('P', "C7Purple", 0),
        ('K', "E8Black", 1),
        ('R', "A8Black", 1),
        ('R', "H8Black", 1),
        ('P', "B2Red", 1),
        ('B', "C1Black", 1),
    ];
    let mut four = two.to_vec();
    four.extend([
        ('K', "E8White", 2),
        ('R', "H8White", 2),
        ('P', "B2Purple", 2),
        ('K', "E1Black", 3),
        ('R', "A1Black", 3),
        ('P', "G7Red", 3),
    ]);
    let (mut specials, mut skipped) = (0, 0);
    for (g, game) in games() {
        let men = if game == Game::Two { two } else { &four[..] };
        for to_move in 0..game.players() {
            let (n, sp, sk) = compare_two_plies(&g, game, &position(&g, men, to_move));
            assert!(sp > 0, "{} player {to_move}: {n} moves", g.name());
            specials += sp;
            skipped += sk;
        }
    }
    assert!(specials >= 14 && skipped < 20, "{specials} {skipped}");
}
