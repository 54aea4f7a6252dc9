//! An independent reference: Sphinx move generation written straight from the vector table of
//! sphinx.md section 3, on `(R, C, r, c)` tuples and a map of men, with no engine table. The
//! engine's legal move lists must equal it at every position of seeded random games, and perft to
//! depth 3 from both starts must agree.

use spacechess_sphinx::{ReducedSphinx, Sphinx, SphinxChess};
use spacechess_variant::{perft, Variant};
use std::collections::HashMap;

type Sq = [i8; 4]; // (R, C, r, c)

#[derive(Clone)]
struct Ref {
    boards: i8,                   // boards per side of the array: 3 (Sphinx) or 2 (reduced)
    men: HashMap<Sq, (u8, char)>, // square -> (player, upper-case letter)
    to_move: u8,
}

const ORTH_IN: [Sq; 4] = [[0, 0, 1, 0], [0, 0, -1, 0], [0, 0, 0, 1], [0, 0, 0, -1]];
const DIAG_IN: [Sq; 4] = [[0, 0, 1, 1], [0, 0, 1, -1], [0, 0, -1, 1], [0, 0, -1, -1]];
const ORTH_OUT: [Sq; 4] = [[1, 0, 0, 0], [-1, 0, 0, 0], [0, 1, 0, 0], [0, -1, 0, 0]];
const DIAG_OUT: [Sq; 4] = [[1, 1, 0, 0], [1, -1, 0, 0], [-1, 1, 0, 0], [-1, -1, 0, 0]];
const KNIGHT_IN: [Sq; 8] = [
    [0, 0, 1, 2],
    [0, 0, 2, 1],
    [0, 0, -1, 2],
    [0, 0, -2, 1],
    [0, 0, 1, -2],
    [0, 0, 2, -1],
    [0, 0, -1, -2],
    [0, 0, -2, -1],
];

impl Ref {
    fn on(&self, s: Sq) -> bool {
        (0..self.boards).contains(&s[0])
            && (0..self.boards).contains(&s[1])
            && (0..4).contains(&s[2])
            && (0..4).contains(&s[3])
    }

    fn add(s: Sq, d: Sq) -> Sq {
        [s[0] + d[0], s[1] + d[1], s[2] + d[2], s[3] + d[3]]
    }

    fn name(&self, s: Sq) -> String {
        if self.boards == 3 {
            let letter = (2 - s[0]) * 3 + s[1];
            format!(
                "{}{}",
                (b'a' + letter as u8) as char,
                (3 - s[2]) * 4 + s[3] + 1
            )
        } else {
            let file = s[1] * 4 + s[3];
            let rank = s[0] * 4 + s[2];
            format!("{}{}", (b'a' + file as u8) as char, rank + 1)
        }
    }

    /// (from, to) of every pseudo-legal move of `player`; `captures_only` keeps the squares a man
    /// attacks (for a pawn, its capture vectors, whether or not an enemy stands there).
    fn pseudo(&self, player: u8, attacks: bool) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for (&from, &(p, l)) in &self.men {
            if p != player {
                continue;
            }
            let ride = |dirs: &[Sq], max: i8, out: &mut Vec<(Sq, Sq)>| {
                for d in dirs {
                    let mut s = from;
                    for _ in 0..max {
                        s = Ref::add(s, *d);
                        if !self.on(s) {
                            break;
                        }
                        match self.men.get(&s) {
                            None => out.push((from, s)),
                            Some(&(q, _)) => {
                                if q != player || attacks {
                                    out.push((from, s));
                                }
                                break;
                            }
                        }
                    }
                }
            };
            match l {
                'R' => ride(&[ORTH_IN, ORTH_OUT].concat(), 8, &mut out),
                'B' => ride(&[DIAG_IN, DIAG_OUT].concat(), 8, &mut out),
                'Q' => ride(
                    &[ORTH_IN, ORTH_OUT, DIAG_IN, DIAG_OUT].concat(),
                    8,
                    &mut out,
                ),
                'K' => ride(
                    &[ORTH_IN, ORTH_OUT, DIAG_IN, DIAG_OUT].concat(),
                    1,
                    &mut out,
                ),
                'C' => {
                    ride(&KNIGHT_IN, 1, &mut out);
                    ride(&[ORTH_OUT, DIAG_OUT].concat(), 8, &mut out);
                }
                'P' => {
                    let f: i8 = if player == 0 { 1 } else { -1 };
                    for d in [[0, 0, f, 0], [f, 0, 0, 0]] {
                        let s = Ref::add(from, d);
                        if !attacks && self.on(s) && !self.men.contains_key(&s) {
                            out.push((from, s));
                        }
                    }
                    for d in [[0, 0, f, 1], [0, 0, f, -1], [f, 1, 0, 0], [f, -1, 0, 0]] {
                        let s = Ref::add(from, d);
                        if self.on(s)
                            && (attacks || self.men.get(&s).is_some_and(|&(q, _)| q != player))
                        {
                            out.push((from, s));
                        }
                    }
                }
                _ => unreachable!(),
            }
        }
        out
    }

    fn play(&self, from: Sq, to: Sq, promo: Option<char>) -> Ref {
        let mut next = self.clone();
        let (p, l) = next.men.remove(&from).unwrap();
        next.men.insert(to, (p, promo.unwrap_or(l)));
        next.to_move = 1 - self.to_move;
        next
    }

    fn king_attacked(&self, player: u8) -> bool {
        let king = self
            .men
            .iter()
            .find(|(_, &(p, l))| p == player && l == 'K')
            .map(|(s, _)| *s);
        let Some(king) = king else { return false };
        self.pseudo(1 - player, true)
            .iter()
            .any(|&(_, t)| t == king)
    }

    /// The legal moves as text, sorted.
    fn legal(&self) -> Vec<String> {
        let me = self.to_move;
        let mut out = Vec::new();
        for (from, to) in self.pseudo(me, false) {
            let (_, l) = self.men[&from];
            let last = if me == 0 { self.boards - 1 } else { 0 };
            let promotes = l == 'P' && to[0] == last && to[2] == if me == 0 { 3 } else { 0 };
            let sep = if self.men.contains_key(&to) { 'x' } else { '-' };
            let base = format!("{}{sep}{}", self.name(from), self.name(to));
            let choices: Vec<Option<char>> = if promotes {
                "QRBC".chars().map(Some).collect()
            } else {
                vec![None]
            };
            for c in choices {
                if !self.play(from, to, c).king_attacked(me) {
                    out.push(match c {
                        Some(c) => format!("{base}={c}"),
                        None => base.clone(),
                    });
                }
            }
        }
        out.sort();
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        let mut n = 0;
        for (from, to) in self.pseudo(self.to_move, false) {
            let (_, l) = self.men[&from];
            let me = self.to_move;
            let last = if me == 0 { self.boards - 1 } else { 0 };
            let promotes = l == 'P' && to[0] == last && to[2] == if me == 0 { 3 } else { 0 };
            let choices: Vec<Option<char>> = if promotes {
                "QRBC".chars().map(Some).collect()
            } else {
                vec![None]
            };
            for c in choices {
                let next = self.play(from, to, c);
                if !next.king_attacked(me) {
                    n += next.perft(depth - 1);
                }
            }
        }
        n
    }
}

/// The reference position of an engine position, read through the engine's cell names.
fn to_ref<const W: usize>(v: &Sphinx<W>, pos: &<Sphinx<W> as Variant>::Position) -> Ref {
    let e = v.engine();
    let boards = e.shape().extent(0) as i8;
    let mut r = Ref {
        boards,
        men: HashMap::new(),
        to_move: v.to_move(pos).0,
    };
    // Map every reference square to the engine cell of the same name.
    let mut by_name = HashMap::new();
    for big_r in 0..boards {
        for big_c in 0..boards {
            for sr in 0..4 {
                for sc in 0..4 {
                    let s = [big_r, big_c, sr, sc];
                    by_name.insert(r.name(s), s);
                }
            }
        }
    }
    for c in pos.occupied() {
        let pc = pos.piece_at(c).unwrap();
        let sq = by_name[&e.cell_name(c)];
        r.men
            .insert(sq, (pc.player.0, e.kinds()[pc.kind as usize].letter));
    }
    r
}

fn engine_legal<V: Variant>(v: &V, pos: &V::Position) -> Vec<String> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let mut t: Vec<String> = moves.iter().map(|m| v.move_text(pos, m)).collect();
    t.sort();
    t
}

fn compare_along_random_games<const W: usize>(v: &Sphinx<W>, games: u64, plies: usize) {
    let mut rng = spacechess_variant::RandomMover::new(0x1234_5678_9ABC_DEF1);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = v.start();
        for _ in 0..plies {
            let r = to_ref(v, &pos);
            let want = r.legal();
            assert_eq!(
                engine_legal(v, &pos),
                want,
                "position {}",
                v.position_text(&pos)
            );
            checked += 1;
            if want.is_empty() {
                break;
            }
            let t = &want[rng.below(want.len())];
            pos = v.play(&pos, &v.parse_move(&pos, t).unwrap());
        }
    }
    assert!(checked > games as usize);
}

/// sphinx.md 2-5: the engine agrees with the reference at every position of random games.
#[test]
fn sphinx_agrees_with_reference() {
    compare_along_random_games(&SphinxChess::chess(), 12, 120);
}

/// sphinx.md 6: the same on the reduced board.
#[test]
fn reduced_agrees_with_reference() {
    compare_along_random_games(&ReducedSphinx::chess(), 12, 120);
}

/// Perft from the starts: the engine and the reference count the same leaves.
#[test]
fn perft_agrees_with_reference() {
    let v = SphinxChess::chess();
    let r = to_ref(&v, &v.start());
    for d in 1..=3 {
        assert_eq!(perft(&v, &v.start(), d), r.perft(d), "sphinx depth {d}");
    }
    let v = ReducedSphinx::chess();
    let r = to_ref(&v, &v.start());
    for d in 1..=3 {
        assert_eq!(perft(&v, &v.start(), d), r.perft(d), "reduced depth {d}");
    }
}

/// Depth 4 from both starts against the reference (slow: `--ignored`, release).
#[test]
#[ignore = "deep perft: the reference at depth 4"]
fn perft_depth_4_agrees_with_reference() {
    let v = SphinxChess::chess();
    let r = to_ref(&v, &v.start());
    assert_eq!(perft(&v, &v.start(), 4), r.perft(4), "sphinx depth 4");
    let v = ReducedSphinx::chess();
    let r = to_ref(&v, &v.start());
    assert_eq!(perft(&v, &v.start(), 4), r.perft(4), "reduced depth 4");
}
