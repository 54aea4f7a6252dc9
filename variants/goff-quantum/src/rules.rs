//! The rule options of quantum 3D chess (docs/goff-quantum.md): the choices the book leaves open
//! (05 §3.7), each with the engine's default, and the classical Goff rules every reality is
//! played under.

use serde::{Deserialize, Serialize};
use spacechess_goff::GoffRules;
use spacechess_variant::{OptionDoc, RuleOptions, RulesError};

/// Which spreads a quantum move of a rook, bishop, duke, pawn advance or stack fission may have
/// (05 §3.4 "focused superposition"; the book's "players may agree on maximum superposition").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpreadRule {
    /// Spread 1 only: every such move is a classical move (the classical game, kept as a
    /// reference; the knight's deflection still superposes when the knight rule allows it).
    Classical,
    /// The default: in each plane of the move the spread is 1 (the proxy alone: a classical
    /// move), the pure perimeter (without its end tiles, centred on the apex or the line tile)
    /// or the full perimeter (with its end tiles).
    #[default]
    Standard,
    /// Focused superposition as the book writes it: any odd spread around any non-end proxy,
    /// per plane. The move lists grow long (thousands of moves for one rook).
    Any,
}

/// How the knight moves (05 §3.4, T44).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KnightRule {
    /// Classical leaps only (the book's stated alternative).
    Classical,
    /// The deflection rule only: the knight attempts a rook, bishop or duke direction and lands
    /// on every knight tile nearest that direction ("there is no way to limit the spread").
    Deflection,
    /// The default: both, the classical leap being the knight's spread-1 move.
    #[default]
    Both,
}

/// What happens when the ensemble no longer fits on one board (05 §3.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CollapsePolicy {
    /// The book's karma rule (the default): the player whose move made the ensemble
    /// unrepresentable chooses one class of the engine's partition; the choices are moves.
    #[default]
    Karma,
    /// Many worlds: no collapse; the swarm and any rules go on over every reality.
    ManyWorlds,
}

/// When the game ends (the book leaves it open, 05 §3.7 item 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndRule {
    /// The default: the game ends when the side to move has no move in any reality; it is won
    /// if that side is checkmated in every reality, drawn otherwise.
    #[default]
    EveryReality,
    /// The game is also won when the side to move is checkmated in realities that carry more
    /// than half of the ensemble's weight.
    Majority,
    /// The game is also won as soon as the side to move is checkmated in any reality.
    AnyReality,
}

/// The rule options (RON: `(spread: Any, knight: Classical, classical: (pawns: Simple))`; as
/// `key=value` the classical Goff options are keys of their own: `pawns=simple`).
///
/// ```
/// use spacechess_goff_quantum::{QuantumRules, SpreadRule};
/// use spacechess_variant::RuleOptions;
/// let mut r = QuantumRules::default();
/// r.set("spread", "any").unwrap();
/// r.set("fission", "false").unwrap();
/// assert_eq!(r.spread, SpreadRule::Any);
/// assert!(!r.classical.stack.fission);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QuantumRules {
    /// The spreads a quantum move may have.
    pub spread: SpreadRule,
    /// Classical knight, deflected knight, or both.
    pub knight: KnightRule,
    /// Karma collapse or many worlds.
    pub collapse: CollapsePolicy,
    /// When the game ends.
    pub end: EndRule,
    /// The largest ensemble (distinct classical positions after merging) a move may leave; a move
    /// that would leave more is illegal (the book's "maximum superposition" agreement).
    pub max_games: usize,
    /// Keep every history apart (one game per history, weight 1, with its branch list) instead of
    /// merging histories that reach the same position: the book's unique histories (T42, T47).
    pub histories: bool,
    /// The classical Goff rules every reality is played under.
    pub classical: GoffRules,
}

impl Default for QuantumRules {
    fn default() -> Self {
        QuantumRules {
            spread: SpreadRule::Standard,
            knight: KnightRule::Both,
            collapse: CollapsePolicy::Karma,
            end: EndRule::EveryReality,
            max_games: 64,
            histories: false,
            classical: GoffRules::default(),
        }
    }
}

impl QuantumRules {
    /// Reads the options from RON; fields left out keep their defaults.
    pub fn from_ron(text: &str) -> Result<QuantumRules, RulesError> {
        let r: QuantumRules = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| RulesError::Option(format!("goff-quantum rule options: {e}")))?;
        r.check()?;
        Ok(r)
    }

    /// The options as RON (every field).
    pub fn to_ron(&self) -> String {
        ron::to_string(self).expect("the options serialize")
    }
}

const QUANTUM_KEYS: [&str; 6] = [
    "spread",
    "knight",
    "collapse",
    "end",
    "max_games",
    "histories",
];

impl RuleOptions for QuantumRules {
    const DOCS: &'static [OptionDoc] = &[
        OptionDoc::one_of(
            "spread",
            "Spreads a quantum move may have: classical (1), standard (1, pure, full), any (focused)",
            &["classical", "standard", "any"],
        ),
        OptionDoc::one_of(
            "knight",
            "The knight: classical leaps, the deflection rule (T44), or both",
            &["classical", "deflection", "both"],
        ),
        OptionDoc::one_of(
            "collapse",
            "An ensemble that no longer fits on one board: karma collapse or many worlds",
            &["karma", "many_worlds"],
        ),
        OptionDoc::one_of(
            "end",
            "The game is won when the side to move is mated in every reality (or the majority, or any)",
            &["every_reality", "majority", "any_reality"],
        ),
        OptionDoc::new(
            "max_games",
            "Largest ensemble (distinct classical positions) a move may leave; larger moves are illegal",
        ),
        OptionDoc::new(
            "histories",
            "Keep every history apart (weight 1 each) instead of merging equal positions",
        ),
        GoffRules::DOCS[0],
        GoffRules::DOCS[1],
        GoffRules::DOCS[2],
        GoffRules::DOCS[3],
        GoffRules::DOCS[4],
        GoffRules::DOCS[5],
        GoffRules::DOCS[6],
        GoffRules::DOCS[7],
        GoffRules::DOCS[8],
        GoffRules::DOCS[9],
        GoffRules::DOCS[10],
        GoffRules::DOCS[11],
        GoffRules::DOCS[12],
    ];

    /// The quantum keys are read here; every other key is a classical Goff option.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        if !QUANTUM_KEYS.contains(&key) {
            return self.classical.set(key, value).map_err(|e| match e {
                RulesError::Option(s) if s.starts_with("unknown option") => {
                    RulesError::Option(format!(
                        "unknown option '{key}' (goff-quantum has {}, and the goff options)",
                        QUANTUM_KEYS.join(", ")
                    ))
                }
                e => e,
            });
        }
        let v = value.trim().to_ascii_lowercase().replace(['-', '_'], "");
        let bad = |choices: &str| {
            Err(RulesError::Option(format!(
                "{key}: '{value}' is not one of {choices}"
            )))
        };
        match key {
            "spread" => {
                self.spread = match v.as_str() {
                    "classical" => SpreadRule::Classical,
                    "standard" => SpreadRule::Standard,
                    "any" | "focused" => SpreadRule::Any,
                    _ => return bad("classical, standard, any"),
                }
            }
            "knight" => {
                self.knight = match v.as_str() {
                    "classical" => KnightRule::Classical,
                    "deflection" => KnightRule::Deflection,
                    "both" => KnightRule::Both,
                    _ => return bad("classical, deflection, both"),
                }
            }
            "collapse" => {
                self.collapse = match v.as_str() {
                    "karma" => CollapsePolicy::Karma,
                    "manyworlds" | "none" => CollapsePolicy::ManyWorlds,
                    _ => return bad("karma, many_worlds"),
                }
            }
            "end" => {
                self.end = match v.as_str() {
                    "everyreality" | "every" => EndRule::EveryReality,
                    "majority" => EndRule::Majority,
                    "anyreality" | "any" => EndRule::AnyReality,
                    _ => return bad("every_reality, majority, any_reality"),
                }
            }
            "max_games" => match value.trim().parse::<usize>() {
                Ok(n) if n >= 1 => self.max_games = n,
                _ => {
                    return Err(RulesError::Option(format!(
                        "max_games: '{value}' is not a number of at least 1"
                    )))
                }
            },
            _ => {
                self.histories = match v.as_str() {
                    "true" | "yes" | "on" | "1" => true,
                    "false" | "no" | "off" | "0" => false,
                    _ => {
                        return Err(RulesError::Option(format!(
                            "{key}: '{value}' is not true or false"
                        )))
                    }
                }
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), RulesError> {
        if self.max_games == 0 {
            return Err(RulesError::Option("max_games must be at least 1".into()));
        }
        Ok(())
    }

    fn values(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => Default::default(),
        };
        map.shift_remove("classical");
        map.extend(RuleOptions::values(&self.classical));
        map
    }

    fn to_ron(&self) -> String {
        QuantumRules::to_ron(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_list_every_key() {
        QuantumRules::check_docs().unwrap();
        let mut r = QuantumRules::default();
        r.set("pawns", "simple").unwrap();
        r.set("collapse", "many_worlds").unwrap();
        assert_eq!(r.collapse, CollapsePolicy::ManyWorlds);
        assert!(r
            .set("nonsense", "1")
            .unwrap_err()
            .to_string()
            .contains("spread"));
        let back = QuantumRules::from_ron(&r.to_ron()).unwrap();
        assert_eq!(back, r);
        assert!(QuantumRules::from_ron("(max_games: 0)").is_err());
    }
}
