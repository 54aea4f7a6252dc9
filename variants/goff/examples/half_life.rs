//! The book's "Half-Life of Stacks for Random Legal Moves" (rules/goff/03 §5, 05 §2): a lone
//! stack on a centre tile of the empty board makes one uniformly random choice among its
//! distinct destination tiles; where both sub-pieces reach, it must move as a stack (it
//! survives), elsewhere it decays. Fission is ignored.
//!
//! ```text
//! cargo run --release -p spacechess-goff --example half_life [-- BOARDS SEED]
//! ```
//!
//! BOARDS (default 1000, the book's "thousand boards") is the number of boards of the experiment
//! and of stacks in the multi-move decline; SEED (default 7) seeds the random choices.

use spacechess_goff::halflife::{counts, decline, experiment, survival_curve};
use spacechess_goff::Tile;
use spacechess_variant::Player;

/// Moves followed in the decline table.
const MOVES: usize = 5;

fn parse_args() -> Result<(u32, u64), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() > 2 {
        return Err(format!(
            "expected at most 2 arguments (BOARDS SEED), got {}",
            args.len()
        ));
    }
    let boards = match args.first() {
        None => 1000,
        Some(s) => match s.parse::<u32>() {
            Ok(n) if (1..=10_000_000).contains(&n) => n,
            _ => {
                return Err(format!(
                    "BOARDS '{s}' is not a whole number from 1 to 10000000"
                ))
            }
        },
    };
    let seed = match args.get(1) {
        None => 7,
        Some(s) => s
            .parse::<u64>()
            .map_err(|_| format!("SEED '{s}' is not a whole number from 0 to {}", u64::MAX))?,
    };
    Ok((boards, seed))
}

fn main() {
    let (boards, seed) = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("half_life: {e}");
            std::process::exit(2);
        }
    };

    println!("Half-life of stacks for random legal moves (Goff; rules/goff/03 §5, 05 §2)");
    println!("A lone stack on the empty board; fission ignored.\n");
    println!("centre tile  bishop  duke  common  total  bishop-only  duke-only");
    let mut centre = None;
    for z in 3..5 {
        for a in 3..5 {
            for b in 3..5 {
                let h = counts(z, a, b);
                println!(
                    "{:<11}  {:>6}  {:>4}  {:>6}  {:>5}  {:>11}  {:>9}",
                    Tile::new(z, a, b).book_name(Player(0)),
                    h.bishop,
                    h.duke,
                    h.common,
                    h.total,
                    h.bishop - h.common,
                    h.duke - h.common
                );
                centre.get_or_insert(h);
            }
        }
    }
    let h = centre.expect("eight centre tiles");
    let (bo, d) = (h.bishop - h.common, h.duke - h.common);
    println!();
    println!(
        "decay probability   λ = ({} - {})/{} = {:.1} % (bishop decay {bo}/{} = {:.1} %, duke decay \
         {d}/{} = {:.1} %)",
        h.total,
        h.common,
        h.total,
        100.0 * h.lambda,
        h.total,
        100.0 * bo as f64 / h.total as f64,
        h.total,
        100.0 * d as f64 / h.total as f64
    );
    println!(
        "book half-life      T½ = ln 2 / λ = {:.3} moves (λ taken as a continuous rate)",
        h.half_life
    );
    println!(
        "discrete half-life  ln 2 / -ln({}/{}) = {:.3} moves (per-move survival {:.1} %)",
        h.common,
        h.total,
        h.discrete_half_life(),
        100.0 * h.survival()
    );
    println!();
    let s = experiment(boards, seed);
    println!(
        "experiment: {boards} boards (seed {seed}), one random destination tile each: {s} stacks \
         survived, {:.1} % (expected {:.1} %)",
        100.0 * f64::from(s) / f64::from(boards),
        100.0 * h.survival()
    );
    println!();
    let halves = 3.0 / h.half_life;
    println!(
        "3 moves: 3 / {:.3} = {halves:.2} half-lives, a factor of 2^{halves:.2} = {:.1}; the book \
         says \"about 4 half-lives, or 16 stacks dwindle to 1 in 3 moves\"",
        h.half_life,
        h.book_factor(3.0)
    );
    println!();
    println!(
        "Several moves (each whole stack moves again from the tile it reached; {boards} stacks \
         simulated, seed {seed}):"
    );
    println!("moves  book 2^(-k/T½)  of 16  exact P(whole)  of 16   simulated");
    let exact = survival_curve(MOVES);
    let sim = decline(boards, MOVES, seed);
    for k in 1..=MOVES {
        let book = 1.0 / h.book_factor(k as f64);
        let p = exact[k - 1];
        println!(
            "{k:>5}  {book:>14.4}  {:>5.2}  {p:>14.6}  {:>6.3}   {:>4} of {boards}",
            16.0 * book,
            16.0 * p,
            sim[k - 1]
        );
    }
    println!(
        "\nThe measured decline is steeper than the book's continuous-rate line: after 3 moves about \
         1 stack in {:.0} is whole, not 1 in 16.",
        1.0 / exact[2]
    );
}
