//! Import a variant crate, list the legal moves and play some.
//!
//! `cargo run -p spacechess --example list_and_play`

use spacechess::cubic::{Raumschach, RaumschachOptions};
use spacechess::{Outcome, Variant};

/// Lists Raumschach's opening moves, plays a short line, and plays a seeded random game.
fn run() -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    let game = Raumschach::raumschach_with(RaumschachOptions::default())?;
    let start = game.start();

    // Every legal move, in the variant's notation, sorted as `spacechess moves` prints them.
    let moves = game.move_texts(&start);
    out += &format!(
        "{} legal moves at the start of {}\n",
        moves.len(),
        game.name()
    );
    out += &format!("the first five: {}\n", moves[..5].join(" "));

    // Play a line of moves written in the notation; each is checked for legality.
    let pos = game.play_line(&start, &["Ac2-Ac3", "Ec4-Ec3"])?;
    out += &format!("after Ac2-Ac3 Ec4-Ec3: {}\n", game.position_text(&pos));
    out += &game.draw(&pos);

    // An illegal move is an error that says why.
    if let Err(e) = game.play_text(&pos, "Ac3-Ac5") {
        out += &format!("Ac3-Ac5 is refused: {e}\n");
    }

    // A seeded random game: the same seed plays the same moves on every machine.
    let line = game.random_game(&start, 400, 2024);
    let mut end = start;
    for m in &line {
        end = game.play(&end, m);
    }
    let result = match game.outcome(&end) {
        Some(Outcome::Win { winners, reason }) => format!("won by {winners:?} ({reason:?})"),
        Some(Outcome::Draw(reason)) => format!("drawn ({reason:?})"),
        None => "still going".to_string(),
    };
    out += &format!("a random game of {} plies: {result}\n", line.len());
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", run()?);
    Ok(())
}

#[test]
fn example_runs() {
    let out = run().unwrap();
    assert!(
        out.starts_with("61 legal moves at the start of raumschach"),
        "{out}"
    );
    assert!(out.contains("Ac3-Ac5 is refused"), "{out}");
}
