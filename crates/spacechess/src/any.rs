//! [`AnyVariant`]: any variant behind one object-safe type, text in and text out, for code that
//! chooses the game at run time (the command line, a web board, a UCI engine).

use crate::error::Error;
use spacechess_variant::{perft_parallel, Outcome, Player, Players, Variant};

/// A variant chosen at run time: positions and moves are the variant's own texts.
///
/// Build one by name with [`crate::variant`] or [`crate::variant_with`], or box a typed variant
/// with [`boxed`]. Every method that takes a position text reads and validates it first, and
/// names what is wrong if it cannot.
///
/// ```
/// let chess = spacechess::variant("orthodox").unwrap();
/// let start = chess.start();
/// assert_eq!(chess.legal_moves(&start).unwrap().len(), 20);
/// let after = chess.play(&start, &["e2e4", "e7e5"]).unwrap();
/// assert!(chess.legal_moves(&after).unwrap().contains(&"g1f3".to_string()));
/// assert!(chess.play(&start, &["e2e5"]).is_err());
/// ```
pub trait AnyVariant: Send + Sync {
    /// The variant's name (`raumschach`).
    fn name(&self) -> &str;
    /// One line saying what the game is.
    fn description(&self) -> &str;
    /// The rule options in force, as RON text.
    fn options_ron(&self) -> String;
    /// The players and their teams.
    fn players(&self) -> &Players;
    /// The start position's text.
    fn start(&self) -> String;
    /// The position text read and written back in the variant's own form (an error if it is not
    /// a valid position).
    fn normalize(&self, position: &str) -> Result<String, Error>;
    /// The player to move.
    fn to_move(&self, position: &str) -> Result<Player, Error>;
    /// The legal moves, as texts sorted exactly as `spacechess moves` prints them.
    fn legal_moves(&self, position: &str) -> Result<Vec<String>, Error>;
    /// The position after playing `moves` (each in the variant's notation, each checked).
    fn play(&self, position: &str, moves: &[&str]) -> Result<String, Error>;
    /// The result if the game is over in this position by the rules of the position alone.
    fn outcome(&self, position: &str) -> Result<Option<Outcome>, Error>;
    /// True if the player to move is in check.
    fn in_check(&self, position: &str) -> Result<bool, Error>;
    /// A drawing of the position for a terminal.
    fn draw(&self, position: &str) -> Result<String, Error>;
    /// The number of leaf nodes of the legal-move tree `depth` plies deep, counted on `threads`
    /// threads.
    fn perft(&self, position: &str, depth: u32, threads: usize) -> Result<u64, Error>;
}

/// A typed variant behind [`AnyVariant`].
struct Erased<V>(V);

/// Boxes a typed variant as an [`AnyVariant`].
///
/// ```
/// use spacechess::orthodox::Orthodox;
/// let any = spacechess::boxed(Orthodox::new());
/// assert_eq!(any.name(), "orthodox");
/// ```
pub fn boxed<V: Variant + 'static>(v: V) -> Box<dyn AnyVariant> {
    Box::new(Erased(v))
}

impl<V: Variant> Erased<V> {
    fn read(&self, text: &str) -> Result<V::Position, Error> {
        self.0
            .parse_position(text)
            .map_err(|error| Error::Position {
                text: text.trim().to_string(),
                error,
            })
    }
}

impl<V: Variant> AnyVariant for Erased<V> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn description(&self) -> &str {
        self.0.description()
    }
    fn options_ron(&self) -> String {
        self.0.options_ron()
    }
    fn players(&self) -> &Players {
        self.0.players()
    }
    fn start(&self) -> String {
        self.0.position_text(&self.0.start())
    }
    fn normalize(&self, position: &str) -> Result<String, Error> {
        Ok(self.0.position_text(&self.read(position)?))
    }
    fn to_move(&self, position: &str) -> Result<Player, Error> {
        Ok(self.0.to_move(&self.read(position)?))
    }
    fn legal_moves(&self, position: &str) -> Result<Vec<String>, Error> {
        Ok(self.0.move_texts(&self.read(position)?))
    }
    fn play(&self, position: &str, moves: &[&str]) -> Result<String, Error> {
        let p = self.read(position)?;
        let after = self.0.play_line(&p, moves).map_err(Error::Move)?;
        Ok(self.0.position_text(&after))
    }
    fn outcome(&self, position: &str) -> Result<Option<Outcome>, Error> {
        Ok(self.0.outcome(&self.read(position)?))
    }
    fn in_check(&self, position: &str) -> Result<bool, Error> {
        Ok(self.0.in_check(&self.read(position)?))
    }
    fn draw(&self, position: &str) -> Result<String, Error> {
        Ok(self.0.draw(&self.read(position)?))
    }
    fn perft(&self, position: &str, depth: u32, threads: usize) -> Result<u64, Error> {
        let p = self.read(position)?;
        Ok(perft_parallel(&self.0, &p, depth, threads.max(1)))
    }
}
