//! Perft: counting the leaves of the legal-move tree, to pin move generation down.

use crate::variant::Variant;

/// Number of leaf nodes of the legal-move tree of `depth` plies from `pos`, counting the last ply
/// in bulk (the number of legal moves, without playing them).
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_variant::{perft, Variant};
/// let chess = Orthodox::new();
/// assert_eq!(perft(&chess, &chess.start(), 3), 8902);
/// ```
pub fn perft<V: Variant>(v: &V, pos: &V::Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<V::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_inner(v, pos, depth, &mut buffers)
}

fn perft_inner<V: Variant>(
    v: &V,
    pos: &V::Position,
    depth: u32,
    buffers: &mut [Vec<V::Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return v.count_legal_moves(pos, buf) as u64;
    }
    v.legal_moves(pos, buf);
    let moves = std::mem::take(buf);
    let mut total = 0;
    for mv in &moves {
        total += perft_inner(v, &v.play(pos, mv), depth - 1, rest);
    }
    *buf = moves;
    total
}

/// Perft split by root move: each legal move with the leaf count below it, in move-generation
/// order.
///
/// ```
/// use spacechess_orthodox::Orthodox;
/// use spacechess_variant::{divide, Variant};
/// let chess = Orthodox::new();
/// let counts = divide(&chess, &chess.start(), 2);
/// assert_eq!(counts.len(), 20);
/// assert!(counts.iter().all(|(_, n)| *n == 20));
/// ```
pub fn divide<V: Variant>(v: &V, pos: &V::Position, depth: u32) -> Vec<(V::Move, u64)> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let n = if depth <= 1 {
                1
            } else {
                perft(v, &v.play(pos, &m), depth - 1)
            };
            (m, n)
        })
        .collect()
}

/// [`divide`] with the root moves shared among `threads` threads; the counts are the same.
pub fn divide_parallel<V: Variant>(
    v: &V,
    pos: &V::Position,
    depth: u32,
    threads: usize,
) -> Vec<(V::Move, u64)> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let threads = threads.clamp(1, moves.len().max(1));
    if threads == 1 || depth <= 1 {
        return divide(v, pos, depth);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut counts = vec![0u64; moves.len()];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= moves.len() {
                            break;
                        }
                        mine.push((i, perft(v, &v.play(pos, &moves[i]), depth - 1)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            for (i, n) in h.join().expect("perft thread panicked") {
                counts[i] = n;
            }
        }
    });
    moves.into_iter().zip(counts).collect()
}

/// [`perft()`] with the root moves shared among `threads` threads.
pub fn perft_parallel<V: Variant>(v: &V, pos: &V::Position, depth: u32, threads: usize) -> u64 {
    if depth <= 1 {
        return perft(v, pos, depth);
    }
    divide_parallel(v, pos, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// Checks a variant's [`Variant::count_legal_moves`] (perft's last ply) against the length of its
/// legal move list in every position of `games` random games of at most `plies` plies from
/// `start` (a fixed `seed` makes the games repeatable). Returns the number of positions checked,
/// or the text of the first position where the two differ, with both numbers.
pub fn verify_counts<V: Variant>(
    v: &V,
    start: &V::Position,
    games: usize,
    plies: usize,
    seed: u64,
) -> Result<usize, String> {
    let mut rng = crate::RandomMover::new(seed);
    let mut checked = 0;
    let (mut list, mut scratch) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut p = start.clone();
        for _ in 0..plies {
            v.legal_moves(&p, &mut list);
            let counted = v.count_legal_moves(&p, &mut scratch);
            if counted != list.len() {
                return Err(format!(
                    "{}: counted {counted}, listed {}",
                    v.position_text(&p),
                    list.len()
                ));
            }
            checked += 1;
            if list.is_empty() {
                break;
            }
            p = v.play(&p, &list[rng.below(list.len())]);
        }
    }
    Ok(checked)
}
