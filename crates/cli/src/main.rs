//! `spacechess`: the command line over the spacechess library. List the variants, show a position,
//! list legal moves, count perft.
//!
//! Every error is one line on stderr, `error: <what is wrong>`, with exit code 2.
//!
//! To add a sub-command: a variant in [`Command`] with its arguments (`#[command(flatten)]
//! VariantArgs` for the rule arguments), a module in `commands/` implementing
//! `spacechess::VariantVisitor`, and one arm in `run`.

use clap::{Parser, Subcommand};
use spacechess_cli::commands::{self, moves::Moves, perft::Perft, show::Show};
use spacechess_cli::commands::{analyse, drawing, matches, play, replay, selfplay, solve};
use spacechess_cli::error::CliError;
use spacechess_cli::registry::{with_variant, VariantArgs};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// Chess variants in two, three and more dimensions: positions, moves and perft.
#[derive(Parser, Debug)]
#[command(name = "spacechess", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The sub-commands. (One is parsed per run: the size of the largest does not matter.)
#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)]
enum Command {
    /// List the variants with a one-line description each
    Variants,
    /// Draw a position, then print its text; the last of --moves is marked '*' on its cells, a
    /// king in check '!'
    Show {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The position, in the variant's text format (orthodox: FEN); default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        /// Name the piece letters under the board
        #[arg(long)]
        legend: bool,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// List the legal moves after playing the given moves, sorted, one per line
    Moves {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The position, in the variant's text format (orthodox: FEN); default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first, in the variant's notation (e2e4 e7e5)
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        /// Only the moves of the man on this cell (as `spacechess piece`; goff: grouped by plane
        /// and kind)
        #[arg(long, value_name = "TILE")]
        piece: Option<String>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Count the leaf nodes of the legal-move tree DEPTH plies deep; the last line is the count
    Perft {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// Plies to search
        #[arg(value_parser = commands::perft::parse_depth, allow_negative_numbers = true)]
        depth: u32,
        /// The position, in the variant's text format (orthodox: FEN); default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        /// Also print each root move with its count, sorted by move
        #[arg(long)]
        divide: bool,
        /// Worker threads sharing the root moves (default: the number of cores)
        #[arg(long, short = 't', value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Play against the engine in the terminal (type 'help' during the game)
    Play {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// Your side: a player's name (white, black, ...) or number
        #[arg(long = "as", value_name = "SIDE")]
        side: Option<String>,
        /// The engine searches this many plies (default 3)
        #[arg(long, value_name = "N", value_parser = play::parse_search_depth, conflicts_with = "movetime")]
        depth: Option<u32>,
        /// The engine searches this long per move, in milliseconds
        #[arg(long, value_name = "MS", value_parser = play::parse_movetime)]
        movetime: Option<u64>,
        /// The position to start from, in the variant's text format; default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Append the game's record to FILE when the game ends (default: no record is written)
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// The engine's best line and score for a position
    Analyse {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The position, in the variant's text format (orthodox: FEN); default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        /// Search this many plies (default 4)
        #[arg(long, value_name = "N", value_parser = play::parse_search_depth)]
        depth: Option<u32>,
        /// Search this long, in milliseconds
        #[arg(long, value_name = "MS", value_parser = play::parse_movetime)]
        movetime: Option<u64>,
        /// Find this many best lines, each starting with another move (1 to 256; default 1)
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u16).range(1..=256))]
        lines: u16,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Prove or refute a forced mate in N for the side to move; print the key and solution tree
    Solve {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The position, in the variant's text format (orthodox: FEN)
        #[arg(long, short = 'p', value_name = "P")]
        position: String,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        /// The number of moves of the mating side (1 to 10)
        #[arg(long, value_name = "N", value_parser = solve::parse_mate)]
        mate: u32,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Engine against engine or against a random mover: results table, records, progress
    Selfplay {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// Number of games (1 or more)
        #[arg(long, value_name = "N", default_value_t = 10, value_parser = selfplay::parse_games,
              allow_negative_numbers = true)]
        games: usize,
        /// Player A: random, depth:N or movetime:MS
        #[arg(long, value_name = "AGENT", default_value = "depth:3", value_parser = selfplay::parse_agent)]
        a: spacechess::search::Agent,
        /// Player B: random, depth:N or movetime:MS
        #[arg(long, value_name = "AGENT", default_value = "random", value_parser = selfplay::parse_agent)]
        b: spacechess::search::Agent,
        /// Random plies at the start of every game, so that games differ
        #[arg(long, value_name = "N", default_value_t = 2)]
        random_opening: usize,
        /// A game that reaches this many plies is scored a draw
        #[arg(long, value_name = "N", default_value_t = 400)]
        max_plies: usize,
        /// Seed of the random plies and the random mover
        #[arg(long, value_name = "N", default_value_t = 1)]
        seed: u64,
        /// The position to start from, in the variant's text format; default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Write the games' records to FILE (replaced; default: no records are written)
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Power projection: cells a piece reaches in one move on the empty board, by class of source
    /// cell (Goff's tables; Dickins' 52 from Cc3 for the Raumschach queen)
    Compare {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The piece: its letter (goff also takes names: queen, duke, ...)
        #[arg(long)]
        piece: String,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// One man's legal moves: exactly those `moves` lists for him; for goff grouped by plane and
    /// by kind (quadrant, apex, duplex, linear; pawn, e.p., stack, fission, castles), the tile
    /// named from the side to move's view (KB3,3). No such cell, an empty cell, a man of a side
    /// not to move or without a legal move: an error (exit code 2)
    Piece {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The man's cell (goff: the book's tile name from the side to move's view)
        tile: String,
        /// The position, in the variant's text format; default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Serve the web board: every variant in the browser, against the engine or a person
    ///
    /// Prints the address to open (http://127.0.0.1:PORT/) as its first line, then serves until
    /// Ctrl-C. The board listens on 127.0.0.1 only unless --host says otherwise.
    Serve {
        /// The port (0: a free one, printed)
        #[arg(long, value_name = "N", default_value_t = spacechess_web::DEFAULT_PORT)]
        port: u16,
        /// The address to listen on; anything but loopback is warned about (no authentication)
        #[arg(long, value_name = "H", default_value = "127.0.0.1")]
        host: String,
        /// Also open the page in the desktop's browser (xdg-open)
        #[arg(long)]
        open: bool,
        /// The deepest engine search a request may ask for
        #[arg(long, value_name = "N", default_value_t = 6, value_parser = play::parse_search_depth)]
        max_depth: u32,
    },
    /// Play a match between two engines (our search with settings, a random mover, or a UCI
    /// program): colours alternate in pairs from the same opening; the score, the Elo difference
    /// with its 95% interval (pentanomial), and optionally an SPRT that stops the match early
    Match {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// Engine A: random; search[:key=value,...] (depth, movetime, nodes, hash, threads,
        /// nullmove=on|off, lmr=on|off, reductions=DIVISOR (late-move reductions' divisor, 0.5
        /// to 8; default: the variant's own), aspiration=on|off, futility=on|off,
        /// exchange=on|off, coalition=N (0: every move), baseline);
        /// uci:COMMAND[;Option=value...]
        #[arg(long, value_name = "ENGINE", value_parser = matches::parse_engine)]
        a: matches::EngineSpec,
        /// Engine B (as --a)
        #[arg(long, value_name = "ENGINE", value_parser = matches::parse_engine)]
        b: matches::EngineSpec,
        /// Games at most (rounded up to whole pairs)
        #[arg(long, value_name = "N", default_value_t = 20, value_parser = selfplay::parse_games)]
        games: usize,
        /// Time control: MS a move (100), movetime=MS, depth=N, nodes=N, or a clock SECONDS+INC
        /// (10+0.1)
        #[arg(long, value_name = "TC", default_value = "100", value_parser = matches::parse_tc)]
        tc: matches::TimeControl,
        /// Random plies from the start that open each pair of games
        #[arg(long, value_name = "K", default_value_t = 4)]
        opening_plies: usize,
        /// Openings from a file, one position text a line (# comments), used in turn
        #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
        book: Option<std::path::PathBuf>,
        /// The position to start from (default: the variant's start)
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// A game reaching this many plies is adjudicated a draw
        #[arg(long, value_name = "N", default_value_t = 300)]
        max_plies: usize,
        /// At the ply limit, a side whose static evaluation leads every other side's by CP
        /// centipawns or more wins instead of a draw (for long variants: 500 is five pawns)
        #[arg(long, value_name = "CP", value_parser = clap::value_parser!(u32).range(1..))]
        adjudicate: Option<u32>,
        /// Seed of the random openings
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop when a sequential test decides: ELO0,ELO1[,ALPHA,BETA] (e.g. 0,20)
        #[arg(long, value_name = "ELO0,ELO1", value_parser = matches::parse_sprt)]
        sprt: Option<spacechess::search::stats::Sprt>,
        /// Write every game's record to FILE (replaced)
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Speak UCI on standard input and output (for GUIs and match runners; docs/uci.md): every
    /// variant through the UCI_Variant option, positions and moves in the variant's own text
    Uci {
        /// The variant to start with (UCI_Variant changes it)
        #[arg(default_value = "orthodox")]
        variant: String,
    },
    /// Replay the games of a record file, checking every move; show the final positions
    Replay {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The game record file
        file: std::path::PathBuf,
        /// Only this game of the file (1-based)
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        /// Draw the board after every move
        #[arg(long)]
        boards: bool,
        #[command(flatten)]
        rules: VariantArgs,
    },
}

/// Runs a parsed command line; the text to print on stdout.
fn run(command: Command) -> Result<String, CliError> {
    match command {
        Command::Variants => Ok(commands::variants::run()),
        Command::Show {
            variant,
            position,
            moves,
            legend,
            rules,
        } => {
            let show = Show {
                position: position.as_deref(),
                moves: &moves,
                legend,
                colour: drawing::colour_on_stdout(),
            };
            with_variant(&variant, &rules, show)?
        }
        Command::Moves {
            variant,
            position,
            moves,
            piece: Some(tile),
            rules,
        } => commands::compare::piece_moves(&variant, &tile, position.as_deref(), &moves, &rules),
        Command::Moves {
            variant,
            position,
            moves,
            rules,
            ..
        } => {
            let list = Moves {
                position: position.as_deref(),
                moves: &moves,
            };
            with_variant(&variant, &rules, list)?
        }
        Command::Perft {
            variant,
            depth,
            position,
            moves,
            divide,
            threads,
            rules,
        } => {
            let threads = match threads {
                Some(n) => n as usize,
                None => std::thread::available_parallelism().map_or(1, |n| n.get()),
            };
            let perft = Perft {
                position: position.as_deref(),
                moves: &moves,
                depth,
                divide,
                threads,
                progress: std::io::stderr().is_terminal(),
            };
            with_variant(&variant, &rules, perft)?
        }
        Command::Play {
            variant,
            side,
            depth,
            movetime,
            position,
            record,
            rules,
        } => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut output = std::io::stdout();
            let mut messages = std::io::stderr();
            let game = play::Play {
                side: side.as_deref(),
                limits: play::limits(depth, movetime, 3),
                position: position.as_deref(),
                record,
                input: &mut input,
                output: &mut output,
                messages: &mut messages,
                colour: drawing::colour_on_stdout(),
            };
            with_variant(&variant, &rules, game)?
        }
        Command::Analyse {
            variant,
            position,
            moves,
            depth,
            movetime,
            lines,
            rules,
        } => {
            let a = analyse::Analyse {
                position: position.as_deref(),
                moves: &moves,
                limits: play::limits(depth, movetime, 4),
                lines: usize::from(lines),
            };
            with_variant(&variant, &rules, a)?
        }
        Command::Solve {
            variant,
            position,
            moves,
            mate,
            rules,
        } => {
            let s = solve::Solve {
                position: Some(&position),
                moves: &moves,
                mate,
            };
            with_variant(&variant, &rules, s)?
        }
        Command::Selfplay {
            variant,
            games,
            a,
            b,
            random_opening,
            max_plies,
            seed,
            position,
            record,
            rules,
        } => {
            let mut err = std::io::stderr();
            let s = selfplay::Selfplay {
                position: position.as_deref(),
                games,
                a,
                b,
                random_opening,
                max_plies,
                seed,
                record,
                progress: &mut err,
            };
            with_variant(&variant, &rules, s)?
        }
        Command::Compare {
            variant,
            piece,
            rules,
        } => commands::compare::power_projection(&variant, &piece, &rules),
        Command::Piece {
            variant,
            tile,
            position,
            moves,
            rules,
        } => commands::compare::piece_moves(&variant, &tile, position.as_deref(), &moves, &rules),
        Command::Serve {
            port,
            host,
            open,
            max_depth,
        } => commands::serve::run(
            spacechess_web::ServerConfig {
                host,
                port,
                max_depth,
                ..Default::default()
            },
            open,
        ),
        Command::Match {
            variant,
            a,
            b,
            games,
            tc,
            opening_plies,
            book,
            position,
            max_plies,
            adjudicate,
            seed,
            sprt,
            record,
            rules,
        } => {
            let mut stderr = std::io::stderr();
            let m = matches::Match {
                position: position.as_deref(),
                a,
                b,
                games,
                tc,
                opening_plies,
                book,
                max_plies,
                adjudicate: adjudicate.map(|cp| cp as i32),
                seed,
                sprt,
                record,
                rule_options: rules.options.clone(),
                rule_file: rules.rules.is_some(),
                progress: &mut stderr,
            };
            with_variant(&variant, &rules, m)?
        }
        Command::Uci { variant } => commands::uci::run(&variant).map(|()| String::new()),
        Command::Replay {
            variant,
            file,
            game,
            boards,
            rules,
        } => {
            let r = replay::Replay {
                file: &file,
                game,
                boards,
                colour: drawing::colour_on_stdout(),
            };
            with_variant(&variant, &rules, r)?
        }
    }
}

/// A clap error as one line: the message and its details, without the usage block.
fn clap_error_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(
                line.strip_prefix("error:")
                    .unwrap_or(line)
                    .trim()
                    .to_string(),
            );
        }
    }
    let mut message = parts.join(" ");
    if let Some(tip) = text.lines().find(|l| l.contains("For more information")) {
        let _ = tip;
        message.push_str(" (see --help)");
    }
    message
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print as clap does, success.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {}", CliError::new(clap_error_line(&e)));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
