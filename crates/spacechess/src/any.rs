//! [`AnyVariant`]: any variant behind one object-safe type, text in and text out, for code that
//! chooses the game at run time (the command line, a web board, a UCI engine).

use crate::error::Error;
use spacechess_variant::{
    perft_parallel, BoardModel, LineError, Man, MoveInfo, Outcome, Player, Players, Variant,
};

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
    /// The drawing with marked cells: each mark stands just before its cell's man (see
    /// [`Variant::draw_marked`]).
    ///
    /// ```
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// let e4 = chess.board().by_name("e4").unwrap().cell;
    /// let pos = chess.play(&chess.start(), &["e2e4"]).unwrap();
    /// assert!(chess.draw_marked(&pos, &[(e4, '*')]).unwrap().contains(" 4 . . . .*P . . ."));
    /// ```
    fn draw_marked(&self, position: &str, marks: &[(crate::Cell, char)]) -> Result<String, Error>;
    /// The pieces of the variant: letter (upper case) and name (see [`Variant::piece_names`]).
    fn piece_names(&self) -> Vec<(char, String)>;
    /// The number of leaf nodes of the legal-move tree `depth` plies deep, counted on `threads`
    /// threads.
    fn perft(&self, position: &str, depth: u32, threads: usize) -> Result<u64, Error>;

    /// What the legal move `mv` (in the variant's notation) does on the board of `position`: the
    /// cells it leaves and lands on, where it captures, what a pawn becomes, its kind. Cells are
    /// those of [`AnyVariant::board`].
    ///
    /// ```
    /// use spacechess::MoveKind;
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// let board = chess.board();
    /// let pos = chess.play(&chess.start(), &["e2e4", "d7d5"]).unwrap();
    /// let info = chess.move_info(&pos, "e4d5").unwrap();
    /// assert_eq!(info.kind, MoveKind::Capture);
    /// assert_eq!(board.name(info.from[0]), "e4");
    /// assert_eq!(board.name(info.captures[0]), "d5");
    /// assert!(chess.move_info(&pos, "e4e6").is_err());
    /// ```
    fn move_info(&self, position: &str, mv: &str) -> Result<MoveInfo, Error>;
    /// The men on the board of `position`: cell, owner and piece letter, by increasing cell.
    ///
    /// ```
    /// let raumschach = spacechess::variant("raumschach").unwrap();
    /// let men = raumschach.men(&raumschach.start()).unwrap();
    /// assert_eq!(men.len(), 40);
    /// let board = raumschach.board();
    /// let king = men.iter().find(|m| m.piece == 'K' && m.player.0 == 0).unwrap();
    /// assert_eq!(board.name(king.cell), "Ac1");
    /// ```
    fn men(&self, position: &str) -> Result<Vec<Man>, Error>;
    /// The board: every cell with its name, its coordinates and its place in the panels of the
    /// terminal drawing.
    ///
    /// ```
    /// let sphinx = spacechess::variant("sphinx").unwrap();
    /// let board = sphinx.board();
    /// assert_eq!((board.len(), board.panels.len()), (144, 9));
    /// let g13 = board.by_name("g13").unwrap();
    /// let panel = &board.panels[g13.panel];
    /// assert_eq!((panel.name.as_str(), panel.grid_row, panel.grid_column), ("g", 2, 0));
    /// assert_eq!((g13.row, g13.column), (3, 0));
    /// ```
    fn board(&self) -> BoardModel;
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
    fn draw_marked(&self, position: &str, marks: &[(crate::Cell, char)]) -> Result<String, Error> {
        Ok(self.0.draw_marked(&self.read(position)?, marks))
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        self.0.piece_names()
    }
    fn perft(&self, position: &str, depth: u32, threads: usize) -> Result<u64, Error> {
        let p = self.read(position)?;
        Ok(perft_parallel(&self.0, &p, depth, threads.max(1)))
    }
    fn move_info(&self, position: &str, mv: &str) -> Result<MoveInfo, Error> {
        let p = self.read(position)?;
        let m = self
            .0
            .parse_move(&p, mv)
            .map_err(|error| Error::Move(LineError { index: 0, error }))?;
        Ok(self.0.move_info(&p, &m))
    }
    fn men(&self, position: &str) -> Result<Vec<Man>, Error> {
        Ok(self.0.men(&self.read(position)?))
    }
    fn board(&self) -> BoardModel {
        self.0.board()
    }
}
