//! The variants by name: the [`CATALOG`](crate::VARIANTS) and the constructor that builds one
//! from its name, a rule file's text and `key=value` options, for generic code
//! ([`VariantVisitor`]) or boxed ([`crate::variant`]).
//!
//! How to add a variant (one line in each of two places, plus the Cargo dependency):
//! 1. add the variant crate to `crates/spacechess/Cargo.toml`;
//! 2. add `("name", "one-line description")` to [`VARIANTS`] (that is what `spacechess variants`
//!    prints, in that order);
//! 3. add one arm to the `match` in [`with_variant`] that builds the variant from the
//!    [`Config`] and hands it to [`visit`]:
//!    `"raumschach" => visit(Raumschach::new(..), visitor),` where the constructor returns
//!    `Result<V, E>` with `E: Display` (or wrap a plain value in `Ok::<_, Error>(..)`).
//!    [`Config::no_options`] rejects options for a variant that has none.
//!
//! A test (`every_listed_variant_builds`) checks the list and the match agree.

use crate::error::Error;
use spacechess_engine::{Engine, GenericNotation, RuleSet};
use spacechess_geometry::words_for;
use spacechess_orthodox::Orthodox;
use spacechess_variant::{OptionInfo, RuleOptions, Variant};
use std::fmt::Display;
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
    ("goff-quantum", "Goff's quantum 3D chess (Part V): a weighted ensemble of classical Goff games; moves to perimeters as R(KR3,3) - [KR6,6]5, P(K2,2) - [K4,4], S(Q1,1) - [Q5,5]17,17,5; options spread, knight, collapse=karma|many_worlds, end, max_games, and the goff options"),
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

/// A variant as the catalogue lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// The name (`raumschach`), as [`crate::variant`] and the command line take it.
    pub name: &'static str,
    /// One line saying what the game is.
    pub description: &'static str,
    /// The crate that implements it (`spacechess-cubic`), re-exported by this facade.
    pub crate_name: &'static str,
    /// The Rust type and constructor that build it typed.
    pub constructor: &'static str,
    /// Its rule options with their defaults for this game.
    pub options: Vec<OptionInfo>,
}

/// Every variant with its description, crate, typed constructor and rule options, in the order
/// `spacechess variants` lists them.
///
/// ```
/// let catalog = spacechess::catalog();
/// let raumschach = catalog.iter().find(|v| v.name == "raumschach").unwrap();
/// assert_eq!(raumschach.crate_name, "spacechess-cubic");
/// let double = raumschach.options.iter().find(|o| o.name == "pawn_double_step").unwrap();
/// assert_eq!(double.default, "false");
/// ```
pub fn catalog() -> Vec<VariantInfo> {
    VARIANTS
        .iter()
        .map(|&(name, description)| {
            let (crate_name, constructor, options) = typed(name);
            VariantInfo {
                name,
                description,
                crate_name,
                constructor,
                options,
            }
        })
        .collect()
}

/// The crate, typed constructor and options of a listed variant.
fn typed(name: &str) -> (&'static str, &'static str, Vec<OptionInfo>) {
    use spacechess_cubic as c;
    use spacechess_sphinx::{EcilaGame, EcilaOptions, SphinxGame, SphinxOptions};
    let sphinx = |g| SphinxOptions::game(g).describe();
    let ecila = |g| EcilaOptions::game(g).describe();
    match name {
        "orthodox" => ("spacechess-orthodox", "Orthodox::new()", Vec::new()),
        "sphinx" => (
            "spacechess-sphinx",
            "SphinxChess::new(SphinxOptions)",
            sphinx(SphinxGame::Chess),
        ),
        "sphinx-reduced" => (
            "spacechess-sphinx",
            "ReducedSphinx::new(SphinxOptions)",
            sphinx(SphinxGame::Chess),
        ),
        "sphinx-compulsion" => (
            "spacechess-sphinx",
            "SphinxChess::new(SphinxOptions)",
            sphinx(SphinxGame::Compulsion),
        ),
        "sphinx-losing" => (
            "spacechess-sphinx",
            "SphinxChess::new(SphinxOptions)",
            sphinx(SphinxGame::Losing),
        ),
        "ecila" => (
            "spacechess-sphinx",
            "Ecila8::new(EcilaOptions)",
            ecila(EcilaGame::Chess),
        ),
        "ecila-scacia" => (
            "spacechess-sphinx",
            "Ecila8::new(EcilaOptions)",
            ecila(EcilaGame::Scacia),
        ),
        "ecila-schlagschach" => (
            "spacechess-sphinx",
            "Ecila8::new(EcilaOptions)",
            ecila(EcilaGame::Schlagschach),
        ),
        "spectral" => (
            "spacechess-spectral",
            "Spectral::with_rules(SpectralRules)",
            spacechess_spectral::SpectralRules::default().describe(),
        ),
        "goff" => (
            "spacechess-goff",
            "Goff::with_rules(GoffRules)",
            spacechess_goff::GoffRules::default().describe(),
        ),
        "goff-quantum" => (
            "spacechess-goff-quantum",
            "QuantumGoff::with_rules(QuantumRules)",
            spacechess_goff_quantum::QuantumRules::default().describe(),
        ),
        "raumschach" => (
            "spacechess-cubic",
            "Raumschach::raumschach_with(RaumschachOptions)",
            c::RaumschachOptions::default().describe(),
        ),
        "cubic" => (
            "spacechess-cubic",
            "Cubic6::cubic_with(CubicOptions)",
            c::CubicOptions::default().describe(),
        ),
        "compulsion-cubic" => (
            "spacechess-cubic",
            "Cubic6::compulsion_with(CompulsionOptions)",
            c::CompulsionOptions::default().describe(),
        ),
        "scacia-cubic" => (
            "spacechess-cubic",
            "Cubic6::scacia_with(ScaciaOptions)",
            c::ScaciaOptions::default().describe(),
        ),
        "tamerlane-cubic" => (
            "spacechess-cubic",
            "Cubic6::tamerlane_with(TamerlaneOptions)",
            c::TamerlaneOptions::default().describe(),
        ),
        "cubic8" => (
            "spacechess-cubic",
            "Cubic8::cubic8_with(Cubic8Options)",
            c::Cubic8Options::default().describe(),
        ),
        "cubic8-4" => (
            "spacechess-cubic",
            "Cubic8::cubic8_four_with(Cubic8FourOptions)",
            c::Cubic8FourOptions::default().describe(),
        ),
        "cubic8-teams" => (
            "spacechess-cubic",
            "Cubic8::cubic8_teams_with(Cubic8TeamsOptions)",
            c::Cubic8TeamsOptions::default().describe(),
        ),
        "cubic8-true-king" => (
            "spacechess-cubic",
            "Cubic8::cubic8_true_king_with(TrueKingOptions)",
            c::TrueKingOptions::default().describe(),
        ),
        _ => ("", "", Vec::new()),
    }
}

/// Generic code to run on whichever variant was named: [`with_variant`] builds the variant and
/// hands it over, typed.
///
/// ```
/// use spacechess::{with_variant, Config, Variant, VariantVisitor};
///
/// struct StartMoves;
/// impl VariantVisitor for StartMoves {
///     type Output = usize;
///     fn visit<V: Variant + 'static>(self, v: V) -> usize {
///         v.legal_moves_vec(&v.start()).len()
///     }
/// }
/// assert_eq!(with_variant("orthodox", &Config::default(), StartMoves).unwrap(), 20);
/// ```
pub trait VariantVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the constructed variant.
    fn visit<V: Variant + 'static>(self, v: V) -> Self::Output;
}

/// How to build a variant beside its name: a rule file's text and `key=value` rule options.
///
/// ```
/// use spacechess::Config;
/// let c = Config::default().option("pawn_double_step", "true");
/// assert_eq!(c.options, vec![("pawn_double_step".to_string(), "true".to_string())]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// A rule file's text (RON): the variant's options struct, or for `orthodox` any engine
    /// [`RuleSet`] (a new game without writing Rust).
    pub rules: Option<String>,
    /// Where the rule text came from, for error messages (`rules file 'x.ron'`).
    pub rules_origin: Option<String>,
    /// Rule options as `(key, value)`, applied in order on top of the rule file.
    pub options: Vec<(String, String)>,
}

impl Config {
    /// Adds one `key=value` rule option.
    pub fn option(mut self, key: impl Into<String>, value: impl Into<String>) -> Config {
        self.options.push((key.into(), value.into()));
        self
    }

    /// Sets the rule file's text.
    pub fn rules(mut self, ron_text: impl Into<String>) -> Config {
        self.rules = Some(ron_text.into());
        self
    }

    /// The rule text, if any.
    pub fn rules_text(&self) -> Result<Option<String>, Error> {
        Ok(self.rules.clone())
    }

    /// The options, in the order given.
    pub fn rule_options(&self) -> Result<Vec<(String, String)>, Error> {
        Ok(self.options.clone())
    }

    /// An error if any option was given: `variant` takes none.
    pub fn no_options(&self, variant: &str) -> Result<(), Error> {
        match self.options.first() {
            None => Ok(()),
            Some((k, v)) => Err(Error::new(format!(
                "unknown option '{k}' ({k}={v}): {variant} has no rule options"
            ))),
        }
    }
}

/// Hands a freshly built variant to the visitor, or reports why it could not be built.
pub fn visit<V: Variant + 'static, E: Display, T: VariantVisitor>(
    built: Result<V, E>,
    visitor: T,
) -> Result<T::Output, Error> {
    let v = built.map_err(|e| Error::new(e.to_string()))?;
    Ok(visitor.visit(v))
}

/// Builds the variant called `name` with the given rule file and options, and runs `visitor` on it.
pub fn with_variant<T: VariantVisitor>(
    name: &str,
    args: &Config,
    visitor: T,
) -> Result<T::Output, Error> {
    match name {
        "orthodox" => {
            args.no_options("orthodox")?;
            match args.rules_text()? {
                None => visit(Ok::<_, Error>(Orthodox::new()), visitor),
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
                .map_err(|e| Error::new(e.to_string()))?;
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
                .map_err(|e| Error::new(e.to_string()))?;
            if options.cells == 27 {
                visit(Ecila27::new(options), visitor)
            } else {
                visit(Ecila8::new(options), visitor)
            }
        }
        "goff" => {
            use spacechess_goff::{Goff, GoffRules};
            let mut rules = match args.rules_text()? {
                Some(text) => GoffRules::from_ron(&text).map_err(|e| Error::new(e.to_string()))?,
                None => GoffRules::default(),
            };
            for (k, v) in args.rule_options()? {
                rules.set(&k, &v).map_err(|e| Error::new(e.to_string()))?;
            }
            visit(Ok::<_, Error>(Goff::with_rules(rules)), visitor)
        }
        "goff-quantum" => {
            use spacechess_goff_quantum::{QuantumGoff, QuantumRules};
            let mut rules = match args.rules_text()? {
                Some(text) => {
                    QuantumRules::from_ron(&text).map_err(|e| Error::new(e.to_string()))?
                }
                None => QuantumRules::default(),
            };
            for (k, v) in args.rule_options()? {
                rules.set(&k, &v).map_err(|e| Error::new(e.to_string()))?;
            }
            visit(Ok::<_, Error>(QuantumGoff::with_rules(rules)), visitor)
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
fn unknown_variant(name: &str) -> Error {
    Error::UnknownVariant {
        name: name.to_string(),
        known: VARIANTS.iter().map(|(n, _)| n.to_string()).collect(),
    }
}

/// Runs a RON [`RuleSet`] on the generic engine, with cell sets of 1, 2, 4 or 8 words (up to 512
/// cells) chosen from the board size.
pub fn with_rule_set<T: VariantVisitor>(
    ron_text: &str,
    args: &Config,
    visitor: T,
) -> Result<T::Output, Error> {
    let file = args
        .rules_origin
        .clone()
        .unwrap_or_else(|| "rule set".to_string());
    let rules = RuleSet::from_ron(ron_text).map_err(|e| Error::new(format!("{file}: {e}")))?;
    let cells = rules
        .board
        .iter()
        .flatten()
        .try_fold(1u64, |acc, &d| acc.checked_mul(d as u64))
        .unwrap_or(u64::MAX);
    let build = |e| Error::new(format!("{file}: {e}"));
    let notation = Arc::new(GenericNotation);
    match words_for(cells) {
        0 | 1 => visit(Engine::<1>::new(rules, notation).map_err(build), visitor),
        2 => visit(Engine::<2>::new(rules, notation).map_err(build), visitor),
        3 | 4 => visit(Engine::<4>::new(rules, notation).map_err(build), visitor),
        5..=8 => visit(Engine::<8>::new(rules, notation).map_err(build), visitor),
        _ => Err(Error::new(format!(
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
        fn visit<V: Variant + 'static>(self, v: V) -> String {
            v.name().to_string()
        }
    }

    #[test]
    fn every_listed_variant_builds() {
        for (name, description) in VARIANTS {
            let built = with_variant(name, &Config::default(), Name)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!description.is_empty(), "{name} has a description");
            assert!(!built.is_empty());
        }
    }

    /// Every listed variant is in the catalogue with its crate and constructor, and every option
    /// the catalogue shows is accepted by name with its default value.
    #[test]
    fn catalogue_lists_every_variant_and_its_options_work() {
        let catalog = catalog();
        assert_eq!(catalog.len(), VARIANTS.len());
        for v in &catalog {
            assert!(v.crate_name.starts_with("spacechess-"), "{}", v.name);
            assert!(!v.constructor.is_empty(), "{}", v.name);
            for o in &v.options {
                assert!(!o.doc.is_empty(), "{}: {}", v.name, o.name);
                if o.name == "replace" || o.name == "name" {
                    continue;
                }
                let c = Config::default().option(o.name.clone(), o.default.clone());
                with_variant(v.name, &c, Name)
                    .unwrap_or_else(|e| panic!("{} {}={}: {e}", v.name, o.name, o.default));
                for a in &o.allowed {
                    let c = Config::default().option(o.name.clone(), a.clone());
                    // Some combinations are refused by the game (king_promotion in Sphinx
                    // Chess); every allowed word must at least be read.
                    if let Err(e) = with_variant(v.name, &c, Name) {
                        assert!(
                            !e.to_string().contains("expected one of"),
                            "{}: {e}",
                            v.name
                        );
                    }
                }
            }
        }
        let raumschach = catalog.iter().find(|v| v.name == "raumschach").unwrap();
        assert_eq!(raumschach.options.len(), 2);
    }

    /// The options types document exactly their fields.
    #[test]
    fn options_types_document_their_fields() {
        use spacechess_sphinx::{EcilaOptions, SphinxOptions};
        SphinxOptions::check_docs().unwrap();
        EcilaOptions::check_docs().unwrap();
        spacechess_goff::GoffRules::check_docs().unwrap();
        spacechess_goff_quantum::QuantumRules::check_docs().unwrap();
        spacechess_spectral::SpectralRules::check_docs().unwrap();
    }

    #[test]
    fn unknown_variant_names_the_known_ones() {
        let e = with_variant("foo", &Config::default(), Name).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("unknown variant 'foo' (known: orthodox"));
    }
}
