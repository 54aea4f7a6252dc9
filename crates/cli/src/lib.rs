//! The library behind the `spacechess` command: the variant registry ([`registry`]), the
//! sub-commands generic over any [`spacechess_variant::Variant`] ([`commands`]) and the one error
//! type ([`error::CliError`]). The binary (`src/main.rs`) parses the command line and calls these.

pub mod commands;
pub mod error;
pub mod registry;
