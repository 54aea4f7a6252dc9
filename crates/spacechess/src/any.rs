//! [`AnyVariant`]: any variant behind one object-safe type, text in and text out, for code that
//! chooses the game at run time (the command line, a web board, a UCI engine).

use crate::error::Error;
use spacechess_geometry::Cell;
use spacechess_search::{score_text, Limits, SearchOptions, Searcher, MATE, MATE_BOUND};
use spacechess_variant::{
    perft_parallel, BoardModel, LineError, Man, MoveInfo, MoveKind, Outcome, Player, Players,
    Variant, VirtualMen,
};
use std::time::Duration;

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
    /// For a position that stands for several realities (Goff's quantum chess), every virtual
    /// piece with its weight, the number of realities where that man stands on that cell; `None`
    /// for a classical position.
    ///
    /// ```
    /// let quantum = spacechess::variant("goff-quantum").unwrap();
    /// let start = quantum.start();
    /// // The start is one reality: every man stands in it.
    /// let men = quantum.virtual_men(&start).unwrap().unwrap();
    /// assert_eq!(men.realities, 1);
    /// assert_eq!(men.partial().count(), 0);
    /// // A pawn's quantum advance to the perimeter [K4,4]: five realities, the pawn on a
    /// // different tile in each, so five virtual pawns of weight 1.
    /// let after = quantum.play(&start, &["P(K2,2) - [K4,4]"]).unwrap();
    /// let men = quantum.virtual_men(&after).unwrap().unwrap();
    /// assert_eq!(men.realities, 5);
    /// let pawns: Vec<_> = men.partial().collect();
    /// assert_eq!(pawns.len(), 5);
    /// assert!(pawns.iter().all(|p| p.man.piece == 'P' && p.weight == 1));
    /// // Classical variants have none.
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// assert_eq!(chess.virtual_men(&chess.start()).unwrap(), None);
    /// ```
    fn virtual_men(&self, position: &str) -> Result<Option<VirtualMen>, Error>;
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

    /// The moves of a line played from `position`, each written as the variant writes it (the
    /// text [`AnyVariant::legal_moves`] lists for it in the position it is played from); each
    /// is checked, and the error says which move of the line failed.
    ///
    /// ```
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// let line = chess.normalize_moves(&chess.start(), &["e2e4", "e7e5"]).unwrap();
    /// assert_eq!(line, ["e2e4", "e7e5"]);
    /// let e = chess.normalize_moves(&chess.start(), &["e2e4", "e2e4"]).unwrap_err();
    /// assert!(e.to_string().starts_with("move 2: illegal move 'e2e4'"), "{e}");
    /// ```
    fn normalize_moves(&self, position: &str, moves: &[&str]) -> Result<Vec<String>, Error>;

    /// Every legal move of `position` with what it does on the board: the texts of
    /// [`AnyVariant::legal_moves`] in the same order, each with its [`MoveInfo`] (one pass over
    /// the moves, cheaper than [`AnyVariant::move_info`] for each).
    ///
    /// ```
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// let moves = chess.legal_move_infos(&chess.start()).unwrap();
    /// assert_eq!(moves.len(), 20);
    /// assert_eq!(moves[0].0, "a2a3");
    /// assert_eq!(chess.board().name(moves[0].1.to[0]), "a3");
    /// ```
    fn legal_move_infos(&self, position: &str) -> Result<Vec<(String, MoveInfo)>, Error>;

    /// The engine's reply ([`spacechess_search::Searcher`], as `spacechess analyse` runs it) in
    /// the position after `moves` are played from `position`; the positions of that line count
    /// as the game's history (a repetition of one scores as a draw). The search stops at the first
    /// limit reached; with no limit it searches 4 plies. It uses a transposition table of 2^16
    /// entries, so that a server can run several at once.
    ///
    /// ```
    /// use spacechess::search::Limits;
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// // Fool's mate: Black to move mates in one.
    /// let r = chess.search(&chess.start(), &["f2f3", "e7e5", "g2g4"], Limits::depth(2)).unwrap();
    /// assert_eq!(r.best.as_deref(), Some("d8h4"));
    /// assert_eq!(r.mate_in, Some(1));
    /// assert_eq!(r.score_text, "+M1");
    /// ```
    fn search(&self, position: &str, moves: &[&str], limits: Limits) -> Result<EngineReply, Error> {
        self.search_lines(position, moves, limits, 1)
    }

    /// [`AnyVariant::search`] for the `lines` best lines (1 to 256), each beginning with another
    /// move, best first ([`EngineReply::lines`]; `SearchOptions::multi_pv`, UCI's `MultiPV`).
    /// The reply's own move, score and line are the first line's.
    ///
    /// ```
    /// use spacechess::search::Limits;
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// // Two rooks, each of which can mate on the back rank.
    /// let pos = "7k/6pp/8/8/8/8/1R6/R5K1 w - - 0 1";
    /// let r = chess.search_lines(pos, &[], Limits::depth(3), 3).unwrap();
    /// assert_eq!(r.lines.len(), 3);
    /// let mut mates: Vec<&str> = r.lines[..2].iter().map(|l| l.pv[0].as_str()).collect();
    /// mates.sort();
    /// assert_eq!(mates, ["a1a8", "b2b8"]);
    /// assert_eq!(r.lines[1].score_text, "+M1");
    /// assert!(r.lines[2].mate_in.is_none());
    /// ```
    fn search_lines(
        &self,
        position: &str,
        moves: &[&str],
        limits: Limits,
        lines: usize,
    ) -> Result<EngineReply, Error>;

    /// The men that could capture a man standing on `cell` (see [`Attackers`] for exactly what is
    /// counted and when the answer is incomplete).
    ///
    /// ```
    /// let chess = spacechess::variant("orthodox").unwrap();
    /// let board = chess.board();
    /// let pos = chess.play(&chess.start(), &["e2e4", "d7d5"]).unwrap();
    /// let cell = |name: &str| board.by_name(name).unwrap().cell;
    /// let names = |a: spacechess::Attackers| -> Vec<String> {
    ///     a.men.iter().map(|m| board.name(m.cell).to_string()).collect()
    /// };
    /// // Black's pawn on d5 is attacked by White's pawn on e4 and White's e4 by Black's d5.
    /// assert_eq!(names(chess.attackers(&pos, cell("d5")).unwrap()), ["e4"]);
    /// assert_eq!(names(chess.attackers(&pos, cell("e4")).unwrap()), ["d5"]);
    /// // An empty cell: the men that could go there, pawns aside (White's bishop, Black's queen).
    /// assert_eq!(names(chess.attackers(&pos, cell("d3")).unwrap()), ["f1"]);
    /// assert_eq!(names(chess.attackers(&pos, cell("d6")).unwrap()), ["d8"]);
    /// ```
    fn attackers(&self, position: &str, cell: Cell) -> Result<Attackers, Error>;
}

/// The engine's reply to a position (see [`AnyVariant::search`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineReply {
    /// The best move's text; `None` when the position has no legal move.
    pub best: Option<String>,
    /// The score for the side to move, in centipawns; a forced win or loss is `MATE - plies` (see
    /// [`spacechess_search::MATE`]).
    pub score: i32,
    /// The score as `spacechess analyse` prints it (`+0.35`, `+M2`, `-M1`; `+M5p` in plies with
    /// more than two players).
    pub score_text: String,
    /// For a forced win (positive) or loss (negative): the number of moves of the winning side
    /// with two players, of plies with more (the figure of `score_text`); `None` otherwise.
    pub mate_in: Option<i32>,
    /// The principal variation, each move in the position it is played from.
    pub pv: Vec<String>,
    /// The depth of the last complete iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The best lines, best first: one for [`AnyVariant::search`], as many as asked (fewer where
    /// the position has fewer moves) for [`AnyVariant::search_lines`]. The first is the reply's
    /// own score and line.
    pub lines: Vec<EngineLine>,
}

/// One of the best lines of a search ([`EngineReply::lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLine {
    /// The score for the side to move, as [`EngineReply::score`].
    pub score: i32,
    /// The score as text, as [`EngineReply::score_text`].
    pub score_text: String,
    /// A forced win or loss, as [`EngineReply::mate_in`].
    pub mate_in: Option<i32>,
    /// The line's moves, each in the position it is played from.
    pub pv: Vec<String>,
    /// The depth it was searched to.
    pub depth: u32,
}

/// The men that could capture a man on a cell ([`AnyVariant::attackers`]).
///
/// Computed from legal moves, so that it holds for every variant whatever its pieces: for each
/// player, the position is read again with that player to move (the second field of the position
/// text, the side to move, replaced; the en passant field, the fourth, cleared; see
/// docs/formats.md), and the player's legal moves are looked at:
/// - on a cell holding a man, a man attacks it if it has a legal move capturing there
///   ([`MoveInfo::captures`] holds the cell; the man is the one on the move's first `from` cell),
///   and only the enemies (other teams) of the man on the cell are asked;
/// - on an empty cell, a man attacks it if it has a legal move landing there that is not a
///   pawn's (`P`) move, a castle or a placement: a pawn's captures onto an empty cell are not
///   listed (a pawn attacks only where there is a man to take).
///
/// Since the moves are legal ones, a pinned man, or one whose capture would leave its king in
/// check, does not count. When a player's position cannot be read (the variant refuses that
/// player to move there, as when the other side would stand in check), that player's attackers
/// are missing and `complete` is false.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attackers {
    /// The attacking men, by increasing cell.
    pub men: Vec<Man>,
    /// False if some player's attackers could not be computed.
    pub complete: bool,
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
    fn virtual_men(&self, position: &str) -> Result<Option<VirtualMen>, Error> {
        Ok(self.0.virtual_men(&self.read(position)?))
    }
    fn board(&self) -> BoardModel {
        self.0.board()
    }
    fn normalize_moves(&self, position: &str, moves: &[&str]) -> Result<Vec<String>, Error> {
        let mut pos = self.read(position)?;
        let mut texts = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            let m = self
                .0
                .parse_move(&pos, text)
                .map_err(|error| Error::Move(LineError { index, error }))?;
            texts.push(self.0.move_text(&pos, &m));
            pos = self.0.play(&pos, &m);
        }
        Ok(texts)
    }
    fn legal_move_infos(&self, position: &str) -> Result<Vec<(String, MoveInfo)>, Error> {
        let p = self.read(position)?;
        let mut moves: Vec<(String, MoveInfo)> = self
            .0
            .legal_moves_vec(&p)
            .iter()
            .map(|m| (self.0.move_text(&p, m), self.0.move_info(&p, m)))
            .collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(moves)
    }
    fn search_lines(
        &self,
        position: &str,
        moves: &[&str],
        limits: Limits,
        lines: usize,
    ) -> Result<EngineReply, Error> {
        let mut pos = self.read(position)?;
        let mut history = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            let next = self
                .0
                .play_text(&pos, text)
                .map_err(|error| Error::Move(LineError { index, error }))?;
            history.push(std::mem::replace(&mut pos, next));
        }
        let mut searcher = Searcher::with_table_bits(&self.0, 16);
        searcher.set_options(SearchOptions {
            multi_pv: lines.clamp(1, 256),
            ..SearchOptions::default()
        });
        searcher.set_game_history(history.iter());
        let r = searcher.search(&pos, limits);
        let players = self.0.players().count();
        let line_text = |line: &[V::Move]| {
            let mut cur = pos.clone();
            let mut pv = Vec::with_capacity(line.len());
            for m in line {
                pv.push(self.0.move_text(&cur, m));
                cur = self.0.play(&cur, m);
            }
            pv
        };
        let mate_in = |score: i32| {
            (score.abs() >= MATE_BOUND).then(|| {
                let plies = MATE - score.abs();
                let n = if players == 2 { (plies + 1) / 2 } else { plies };
                n * score.signum()
            })
        };
        Ok(EngineReply {
            best: r.best.as_ref().map(|m| self.0.move_text(&pos, m)),
            score: r.score,
            score_text: score_text(r.score, players),
            mate_in: mate_in(r.score),
            pv: line_text(&r.pv),
            depth: r.depth,
            nodes: r.nodes,
            elapsed: r.elapsed,
            lines: r
                .lines
                .iter()
                .map(|l| EngineLine {
                    score: l.score,
                    score_text: score_text(l.score, players),
                    mate_in: mate_in(l.score),
                    pv: line_text(&l.pv),
                    depth: l.depth,
                })
                .collect(),
        })
    }
    fn attackers(&self, position: &str, cell: Cell) -> Result<Attackers, Error> {
        let p = self.read(position)?;
        let board = self.0.board();
        if board.cell(cell).is_none() {
            return Err(Error::new(format!(
                "cell {} is not on the board (cells 0 to {})",
                cell.0,
                board.len().saturating_sub(1)
            )));
        }
        let men = self.0.men(&p);
        let target = men.iter().find(|m| m.cell == cell).copied();
        let players = self.0.players();
        let to_move = self.0.to_move(&p);
        let text = self.0.position_text(&p);
        let mut found: Vec<Man> = Vec::new();
        let mut complete = true;
        for q in players.all() {
            if target.is_some_and(|t| players.allied(t.player, q)) {
                continue;
            }
            let view = if q == to_move {
                Some(p.clone())
            } else {
                with_side_to_move(&text, q, players.count())
                    .and_then(|t| self.0.parse_position(&t).ok())
                    .filter(|v| self.0.to_move(v) == q)
            };
            let Some(view) = view else {
                complete = false;
                continue;
            };
            for m in self.0.legal_moves_vec(&view) {
                let info = self.0.move_info(&view, &m);
                let Some(&from) = info.from.first() else {
                    continue;
                };
                let Some(man) = men.iter().find(|x| x.cell == from) else {
                    continue;
                };
                let hits = if target.is_some() {
                    info.captures.contains(&cell)
                } else {
                    info.to.first() == Some(&cell)
                        && !man.piece.eq_ignore_ascii_case(&'P')
                        && !info.kind.is_castle()
                        && info.kind != MoveKind::Placement
                };
                if hits && !found.contains(man) {
                    found.push(*man);
                }
            }
        }
        found.sort();
        Ok(Attackers {
            men: found,
            complete,
        })
    }
}

/// The position text with player `q` to move: the second field replaced (`w`/`b` with two
/// players, as FEN and the generic format both read; the player's number otherwise) and the en
/// passant field (the fourth) cleared. None if the text has too few fields.
fn with_side_to_move(text: &str, q: Player, players: usize) -> Option<String> {
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if fields.len() < 2 {
        return None;
    }
    fields[1] = match (players, q.0) {
        (2, 0) => "w".to_string(),
        (2, _) => "b".to_string(),
        (_, n) => (n + 1).to_string(),
    };
    if fields.len() >= 4 {
        fields[3] = "-".to_string();
    }
    Some(fields.join(" "))
}
