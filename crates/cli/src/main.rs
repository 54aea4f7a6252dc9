//! `spacechess`: the command line over the spacechess library. List the variants, show a position,
//! list legal moves, count perft.
//!
//! Every error is one line on stderr, `error: <what is wrong>`, with exit code 2.
//!
//! To add a sub-command: a variant in [`Command`] with its arguments (`#[command(flatten)]
//! VariantArgs` for the rule arguments), a module in `commands/` implementing
//! [`registry::VariantVisitor`], and one arm in [`run`].

use clap::{Parser, Subcommand};
use spacechess_cli::commands::{self, moves::Moves, perft::Perft, show::Show};
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

/// The sub-commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// List the variants with a one-line description each
    Variants,
    /// Draw a position, then print its text
    Show {
        /// The variant (see `spacechess variants`)
        variant: String,
        /// The position, in the variant's text format (orthodox: FEN); default the start
        #[arg(long, short = 'p', value_name = "P")]
        position: Option<String>,
        /// Moves to play from the position first
        #[arg(long, short = 'm', value_name = "M", num_args = 1..)]
        moves: Vec<String>,
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
}

/// Runs a parsed command line; the text to print on stdout.
fn run(command: Command) -> Result<String, CliError> {
    match command {
        Command::Variants => Ok(commands::variants::run()),
        Command::Show {
            variant,
            position,
            moves,
            rules,
        } => {
            let show = Show {
                position: position.as_deref(),
                moves: &moves,
            };
            with_variant(&variant, &rules, show)?
        }
        Command::Moves {
            variant,
            position,
            moves,
            rules,
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
