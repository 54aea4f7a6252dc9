//! The variants the command line knows, by name.
//!
//! How to add a variant (one line in each of two places, plus the Cargo dependency):
//! 1. add the variant crate to `crates/cli/Cargo.toml` (`spacechess-cubic.workspace = true`);
//! 2. add `("name", "one-line description")` to [`VARIANTS`] (that is what `spacechess variants`
//!    prints, in that order);
//! 3. add one arm to the `match` in [`with_variant`] that builds the variant from the
//!    [`VariantArgs`] and hands it to [`visit`]:
//!    `"raumschach" => visit(Raumschach::new(&args.rule_options()?), visitor),`
//!    where the constructor returns `Result<V, E>` with `E: Display` (or wrap a plain value in
//!    `Ok::<_, CliError>(..)`). [`VariantArgs::rules_text`] gives the `--rules` file's text, and
//!    [`VariantArgs::no_options`] rejects `--option` for a variant that has none.
//!
//! Every sub-command is a [`VariantVisitor`]: generic code over `V: Variant`, so a new variant works
//! with all of them at once. A test (`every_listed_variant_builds`) checks the list and the match
//! agree.

use crate::error::CliError;
use spacechess_engine::{Engine, GenericNotation, RuleSet};
use spacechess_geometry::words_for;
use spacechess_orthodox::Orthodox;
use spacechess_variant::Variant;
use std::fmt::Display;
use std::path::PathBuf;
use std::sync::Arc;

/// (name, one-line description) of every variant, in the order `spacechess variants` lists them.
pub const VARIANTS: &[(&str, &str)] = &[
    ("orthodox", "Orthodox 2D chess (FIDE rules), the calibration variant; --rules FILE runs a RON rule set instead"),
    ("sphinx", "Sphinx Chess (Parton): 4D chess on a 3x3 array of 4x4 boards; options game, king_confinement, perpetual_check_wins, king_promotion, stalemate"),
    ("sphinx-reduced", "Reduced Sphinx Chess (Parton): the 8x8 board as a 2x2 array of 4x4 quarter boards; options as sphinx"),
    ("sphinx-compulsion", "Compulsion Sphinx (Parton): captures compulsory, kings ordinary, capture all to win"),
    ("sphinx-losing", "Losing Sphinx (Parton): captures compulsory, kings ordinary, lose all to win"),
    ("ecila", "Ecila Chess (Parton): 6D chess on eight 2x2x2 Cubes, opened by placing the men; options game, cells=27, queen, king, army, stalemate"),
    ("ecila-scacia", "Ecila Scacia (Parton): placement, compulsory captures, capture all to win; options as ecila"),
    ("ecila-schlagschach", "Ecila Schlagschach (Parton): placement, compulsory captures, lose all to win; options as ecila"),
    ("spectral", "Spectral Realm Chess (Savard): the squares and the 49 points between them; --rules FILE (RON) replaces array pieces; options spirit_rule, Knight=Counsellor ..."),
    ("goff", "Goff's 3D chess (8x8x8, 2022): planar moves, pawns, stacks with fission, en passant, castling (CK1,1, CL2,1;4,1); --rules FILE (RON) or options pawns, castling, en_passant, move_limit ...; notation Q - KB3,4"),
    ("raumschach", "Raumschach (Space Chess), Maack's 5x5x5 Normal Form after Dickins; options pawn_double_step, pawn_forward_up_capture"),
    ("cubic", "Parton's Cubic Chess, 6x6x6; notation Bc1-Ec4"),
    ("compulsion-cubic", "Compulsion Cubic Chess (Parton): captures compulsory, no check, capture the King; option no_move"),
    ("scacia-cubic", "Cubic Scacia (Parton): captures compulsory, capture every enemy man; options no_move, king_promotion"),
    ("tamerlane-cubic", "Tamerlane variation of Parton's Cubic Chess (Zurafa, Dabbaba, Alfil, Fers); options zurafa_min, tamerlane_mirror, tamerlane_promotion"),
    ("cubic8", "8x8x8 Cubic chess for two players; cells as D4Yellow; option en_passant"),
    ("cubic8-4", "8x8x8 Cubic chess for four players, each on his own; options eliminated_men, en_passant"),
    ("cubic8-teams", "8x8x8 Cubic chess for four players in two teams; options teams=13v24|14v23|12v34, inherited_turn, en_passant"),
    ("cubic8-true-king", "8x8x8 Cubic chess, True King: two players, two armies each; options true_kings=1,2, teams, inherited_turn"),
];

/// Generic code to run on whichever variant the user named.
pub trait VariantVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the constructed variant.
    fn visit<V: Variant>(self, v: &V) -> Self::Output;
}

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

    /// The `--option` pairs, in the order given.
    pub fn rule_options(&self) -> Result<Vec<(String, String)>, CliError> {
        Ok(self.options.clone())
    }

    /// An error if any `--option` was given: `variant` takes none.
    pub fn no_options(&self, variant: &str) -> Result<(), CliError> {
        match self.options.first() {
            None => Ok(()),
            Some((k, v)) => Err(CliError::new(format!(
                "unknown option '{k}' (in --option {k}={v}): {variant} has no rule options"
            ))),
        }
    }
}

/// Hands a freshly built variant to the visitor, or reports why it could not be built.
pub fn visit<V: Variant, E: Display, T: VariantVisitor>(
    built: Result<V, E>,
    visitor: T,
) -> Result<T::Output, CliError> {
    let v = built.map_err(|e| CliError::new(e.to_string()))?;
    Ok(visitor.visit(&v))
}

/// Builds the variant called `name` with the given rule file and options, and runs `visitor` on it.
pub fn with_variant<T: VariantVisitor>(
    name: &str,
    args: &VariantArgs,
    visitor: T,
) -> Result<T::Output, CliError> {
    match name {
        "orthodox" => {
            args.no_options("orthodox")?;
            match args.rules_text()? {
                None => visit(Ok::<_, CliError>(Orthodox::new()), visitor),
                Some(text) => with_rule_set(&text, args, visitor),
            }
        }
        "sphinx" | "sphinx-compulsion" | "sphinx-losing" | "sphinx-reduced" => {
            use spacechess_sphinx::{ReducedSphinx, SphinxChess, SphinxGame, SphinxOptions};
            let game = match name {
                "sphinx-compulsion" => SphinxGame::Compulsion,
                "sphinx-losing" => SphinxGame::Losing,
                _ => SphinxGame::Chess,
            };
            let options = SphinxOptions::from_pairs(game, &args.rule_options()?)
                .map_err(|e| CliError::new(e.to_string()))?;
            if name == "sphinx-reduced" {
                visit(ReducedSphinx::new(options), visitor)
            } else {
                visit(SphinxChess::new(options), visitor)
            }
        }
        "ecila" | "ecila-scacia" | "ecila-schlagschach" => {
            use spacechess_sphinx::{Ecila27, Ecila8, EcilaGame, EcilaOptions};
            let game = match name {
                "ecila-scacia" => EcilaGame::Scacia,
                "ecila-schlagschach" => EcilaGame::Schlagschach,
                _ => EcilaGame::Chess,
            };
            let options = EcilaOptions::from_pairs(game, &args.rule_options()?)
                .map_err(|e| CliError::new(e.to_string()))?;
            if options.cells == 27 {
                visit(Ecila27::new(options), visitor)
            } else {
                visit(Ecila8::new(options), visitor)
            }
        }
        "goff" => {
            use spacechess_goff::{Goff, GoffRules};
            let mut rules = match args.rules_text()? {
                Some(text) => {
                    GoffRules::from_ron(&text).map_err(|e| CliError::new(e.to_string()))?
                }
                None => GoffRules::default(),
            };
            for (k, v) in args.rule_options()? {
                rules
                    .set(&k, &v)
                    .map_err(|e| CliError::new(e.to_string()))?;
            }
            visit(Ok::<_, CliError>(Goff::with_rules(rules)), visitor)
        }
        "spectral" => {
            let text = args.rules_text()?;
            visit(
                spacechess_spectral::Spectral::from_options(text.as_deref(), &args.rule_options()?),
                visitor,
            )
        }
        "raumschach" | "cubic" | "compulsion-cubic" | "scacia-cubic" | "tamerlane-cubic"
        | "cubic8" | "cubic8-4" | "cubic8-teams" | "cubic8-true-king" => {
            use spacechess_cubic::Cubic;
            let text = args.rules_text()?;
            let (t, o) = (text.as_deref(), &args.rule_options()?);
            match name {
                "raumschach" => visit(Cubic::raumschach(t, o), visitor),
                "cubic" => visit(Cubic::cubic(t, o), visitor),
                "compulsion-cubic" => visit(Cubic::compulsion(t, o), visitor),
                "scacia-cubic" => visit(Cubic::scacia(t, o), visitor),
                "tamerlane-cubic" => visit(Cubic::tamerlane(t, o), visitor),
                "cubic8" => visit(Cubic::cubic8(t, o), visitor),
                "cubic8-4" => visit(Cubic::cubic8_four(t, o), visitor),
                "cubic8-teams" => visit(Cubic::cubic8_teams(t, o), visitor),
                _ => visit(Cubic::cubic8_true_king(t, o), visitor),
            }
        }
        _ => Err(unknown_variant(name)),
    }
}

/// The error for a name not in [`VARIANTS`].
fn unknown_variant(name: &str) -> CliError {
    let known: Vec<&str> = VARIANTS.iter().map(|(n, _)| *n).collect();
    CliError::new(format!(
        "unknown variant '{name}' (known: {})",
        known.join(", ")
    ))
}

/// Runs a RON [`RuleSet`] on the generic engine, with cell sets of 1, 2, 4 or 8 words (up to 512
/// cells) chosen from the board size.
pub fn with_rule_set<T: VariantVisitor>(
    ron_text: &str,
    args: &VariantArgs,
    visitor: T,
) -> Result<T::Output, CliError> {
    let file = args
        .rules
        .as_ref()
        .map(|p| format!("rules file '{}'", p.display()))
        .unwrap_or_else(|| "rule set".to_string());
    let rules = RuleSet::from_ron(ron_text).map_err(|e| CliError::new(format!("{file}: {e}")))?;
    let cells = rules
        .board
        .iter()
        .flatten()
        .try_fold(1u64, |acc, &d| acc.checked_mul(d as u64))
        .unwrap_or(u64::MAX);
    let build = |e| CliError::new(format!("{file}: {e}"));
    let notation = Arc::new(GenericNotation);
    match words_for(cells) {
        0 | 1 => visit(Engine::<1>::new(rules, notation).map_err(build), visitor),
        2 => visit(Engine::<2>::new(rules, notation).map_err(build), visitor),
        3 | 4 => visit(Engine::<4>::new(rules, notation).map_err(build), visitor),
        5..=8 => visit(Engine::<8>::new(rules, notation).map_err(build), visitor),
        _ => Err(CliError::new(format!(
            "{file}: a board of {cells} cells is too big (the engine handles at most 512 cells)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl VariantVisitor for Name {
        type Output = String;
        fn visit<V: Variant>(self, v: &V) -> String {
            v.name().to_string()
        }
    }

    #[test]
    fn every_listed_variant_builds() {
        for (name, description) in VARIANTS {
            let built = with_variant(name, &VariantArgs::default(), Name)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!description.is_empty(), "{name} has a description");
            assert!(!built.is_empty());
        }
    }

    #[test]
    fn unknown_variant_names_the_known_ones() {
        let e = with_variant("foo", &VariantArgs::default(), Name).unwrap_err();
        assert!(e
            .message()
            .starts_with("unknown variant 'foo' (known: orthodox"));
    }
}
