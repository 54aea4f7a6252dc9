//! Pin a variant's move generation down with a snapshot test (insta): the sorted legal moves of a
//! position, compared with the committed snapshot on every run.
//!
//! `cargo test -p spacechess --example snapshot_moves` runs the snapshot test;
//! `cargo run -p spacechess --example snapshot_moves` prints the list. After an intended change,
//! `cargo insta review` (or `INSTA_UPDATE=always`) accepts the new list.

use spacechess::sphinx::{SphinxChess, SphinxOptions};
use spacechess::Variant;

/// The legal moves of Sphinx Chess after 1. a line of moves, one per line.
fn moves_after_opening() -> Result<String, Box<dyn std::error::Error>> {
    let game = SphinxChess::new(SphinxOptions::default())?;
    let start = game.start();
    let first = game.move_texts(&start);
    // Play the first move in sorted order and list Black's replies.
    let pos = game.play_text(&start, &first[0])?;
    Ok(format!(
        "after {}:\n{}\n",
        first[0],
        game.move_texts(&pos).join("\n")
    ))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", moves_after_opening()?);
    Ok(())
}

#[test]
fn sphinx_replies_snapshot() {
    insta::assert_snapshot!(moves_after_opening().unwrap());
}
