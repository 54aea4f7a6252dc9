//! The command line's side of the variant registry: the `--rules FILE` and `--option key=value`
//! arguments, turned into a [`spacechess::Config`] for the facade's [`spacechess::with_variant`].
//! The registry itself (the names, the constructors) is the facade's: see
//! `crates/spacechess/src/registry.rs` to add a variant.

use crate::error::CliError;
pub use spacechess::{VariantVisitor, VARIANTS};
use std::path::PathBuf;

/// The rule arguments every sub-command taking a variant accepts.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct VariantArgs {
    /// A rule file (RON) for the variant; for orthodox, any engine RuleSet: a new game without Rust
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// A rule option of the variant, as key=value (repeatable)
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
}

/// Reads `key=value`.
fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected key=value, found '{s}'")),
    }
}

impl VariantArgs {
    /// The text of the `--rules` file, if one was given.
    pub fn rules_text(&self) -> Result<Option<String>, CliError> {
        match &self.rules {
            None => Ok(None),
            Some(path) => std::fs::read_to_string(path).map(Some).map_err(|e| {
                CliError::new(format!("cannot read rules file '{}': {e}", path.display()))
            }),
        }
    }

    /// The facade's [`spacechess::Config`]: the rule file read, the options as given.
    pub fn config(&self) -> Result<spacechess::Config, CliError> {
        Ok(spacechess::Config {
            rules: self.rules_text()?,
            rules_origin: self
                .rules
                .as_ref()
                .map(|p| format!("rules file '{}'", p.display())),
            options: self.options.clone(),
        })
    }
}

/// Builds the variant called `name` with the given rule file and options, and runs `visitor` on it.
pub fn with_variant<T: VariantVisitor>(
    name: &str,
    args: &VariantArgs,
    visitor: T,
) -> Result<T::Output, CliError> {
    spacechess::with_variant(name, &args.config()?, visitor).map_err(CliError::from)
}
