//! The library behind the `spacechess` command: the rule arguments ([`registry`]; the registry
//! itself is the `spacechess` facade's), the sub-commands generic over any
//! [`spacechess::Variant`] ([`commands`]) and the one error type ([`error::CliError`]). The binary (`src/main.rs`) parses the command line and calls these.

pub mod commands;
pub mod error;
pub mod registry;
pub mod uci_client;
