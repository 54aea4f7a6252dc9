//! Typed rule options: each variant's options are a serde struct with [`Default`]; the
//! `key=value` form of the command line and of by-name use ([`RuleOptions::set`]) and the
//! catalogue's description of each option ([`RuleOptions::describe`]) are derived from that struct,
//! so the struct is the one source of truth for names, types and defaults.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use spacechess_variant::{OptionDoc, RuleOptions};
//!
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! #[serde(default, deny_unknown_fields)]
//! struct MyOptions {
//!     double_step: bool,
//!     no_move: String,
//! }
//! impl Default for MyOptions {
//!     fn default() -> Self {
//!         MyOptions { double_step: false, no_move: "draw".into() }
//!     }
//! }
//! impl RuleOptions for MyOptions {
//!     const DOCS: &'static [OptionDoc] = &[
//!         OptionDoc::new("double_step", "A pawn's first move may be a double step."),
//!         OptionDoc::one_of("no_move", "A player with no legal move", &["draw", "loss", "win"]),
//!     ];
//! }
//!
//! let mut o = MyOptions::default();
//! o.set("double_step", "yes").unwrap();
//! o.set("no_move", "loss").unwrap();
//! assert_eq!(o, MyOptions { double_step: true, no_move: "loss".into() });
//! let e = o.set("no_move", "lose").unwrap_err();
//! assert_eq!(e.to_string(), "bad rule option: no_move = 'lose': expected one of draw, loss, win");
//! let e = o.set("triple_step", "true").unwrap_err();
//! assert!(e.to_string().contains("known: double_step, no_move"));
//! assert_eq!(MyOptions::default().describe()[1].default, "draw");
//! ```

use crate::error::RulesError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The hand-written part of an option's description: its key, one line of documentation and, for
/// an option with a fixed set of values, those values as they are typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The key (the struct field's name).
    pub key: &'static str,
    /// One line saying what the option does.
    pub doc: &'static str,
    /// The values allowed, as typed (`draw`, `loss`, `win`); empty when the type says it all.
    pub allowed: &'static [&'static str],
}

impl OptionDoc {
    /// An option whose type says what values it takes (a flag, a number, a free text).
    pub const fn new(key: &'static str, doc: &'static str) -> OptionDoc {
        OptionDoc {
            key,
            doc,
            allowed: &[],
        }
    }

    /// An option that takes one of a fixed set of values.
    pub const fn one_of(
        key: &'static str,
        doc: &'static str,
        allowed: &'static [&'static str],
    ) -> OptionDoc {
        OptionDoc { key, doc, allowed }
    }
}

/// One rule option as a catalogue shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The key, as in `--option key=value`.
    pub name: String,
    /// The type: `bool`, `integer`, `text`, `one of`, `optional integer`, ...
    pub kind: String,
    /// The value in force (the default, for a catalogue), as it would be typed.
    pub default: String,
    /// The values allowed, when there is a fixed set.
    pub allowed: Vec<String>,
    /// One line of documentation.
    pub doc: String,
}

/// A variant's rule options: a serde struct with defaults, readable from RON and settable key by
/// key from text. Implementors write only [`RuleOptions::DOCS`] (and [`RuleOptions::check`] for
/// constraints beyond the allowed values); everything else is derived from the struct.
pub trait RuleOptions: Serialize + DeserializeOwned + Default + Clone {
    /// One entry per field, in the struct's order (checked by [`RuleOptions::check_docs`]).
    const DOCS: &'static [OptionDoc];

    /// The option keys.
    fn keys() -> Vec<&'static str> {
        Self::DOCS.iter().map(|d| d.key).collect()
    }

    /// Sets one option from its text: `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`) for
    /// a flag, a number, `none` for an absent optional value, one of the allowed words (case and
    /// `_` ignored) for a choice, any text for a free text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let mut fields = match serde_json::to_value(&*self) {
            Ok(Value::Object(map)) => map,
            _ => return Err(RulesError::Option("these options are not a struct".into())),
        };
        let Some(old) = fields.get(key).cloned() else {
            return Err(unknown_key::<Self>(key));
        };
        let allowed = Self::DOCS
            .iter()
            .find(|d| d.key == key)
            .map(|d| d.allowed)
            .unwrap_or(&[]);
        let bad = || {
            RulesError::Option(if allowed.is_empty() {
                format!("{key} = '{value}': expected {}", kind_of(&old, allowed))
            } else {
                format!("{key} = '{value}': expected one of {}", allowed.join(", "))
            })
        };
        for candidate in candidates(&old, value, allowed) {
            fields.insert(key.to_string(), candidate);
            if let Ok(new) = serde_json::from_value::<Self>(Value::Object(fields.clone())) {
                let previous = std::mem::replace(self, new);
                if let Err(e) = self.check_allowed() {
                    *self = previous;
                    return Err(e);
                }
                return Ok(());
            }
        }
        Err(bad())
    }

    /// Checks constraints the allowed values do not express (ranges, combinations). Default: none.
    fn check(&self) -> Result<(), RulesError> {
        Ok(())
    }

    /// Checks every text option with allowed values holds one of them, then [`RuleOptions::check`].
    fn check_allowed(&self) -> Result<(), RulesError> {
        {
            let fields = self.values();
            for d in Self::DOCS.iter().filter(|d| !d.allowed.is_empty()) {
                if let Some(Value::String(s)) = fields.get(d.key) {
                    let ok = d.allowed.iter().any(|a| same_word(a, s));
                    if !ok {
                        return Err(RulesError::Option(format!(
                            "{} = '{s}': expected one of {}",
                            d.key,
                            d.allowed.join(", ")
                        )));
                    }
                }
            }
        }
        self.check()
    }

    /// The options, each with its type, value in force, allowed values and documentation.
    fn describe(&self) -> Vec<OptionInfo> {
        let fields = self.values();
        Self::DOCS
            .iter()
            .map(|d| {
                let v = fields.get(d.key).cloned().unwrap_or(Value::Null);
                OptionInfo {
                    name: d.key.to_string(),
                    kind: kind_of(&v, d.allowed),
                    default: value_text(&v, d.allowed),
                    allowed: d.allowed.iter().map(|s| s.to_string()).collect(),
                    doc: d.doc.trim().to_string(),
                }
            })
            .collect()
    }

    /// An error if [`RuleOptions::DOCS`] does not list exactly the struct's fields, in order (a
    /// test of each options type calls it, so the two cannot drift apart).
    fn check_docs() -> Result<(), String> {
        let fields: Vec<String> = Self::default().values().keys().cloned().collect();
        let docs: Vec<String> = Self::DOCS.iter().map(|d| d.key.to_string()).collect();
        if fields == docs {
            Ok(())
        } else {
            Err(format!("fields {fields:?}, documented {docs:?}"))
        }
    }

    /// The value of each key, as JSON (the struct serialized). A type whose `key=value` keys are
    /// not its fields one to one (Goff's stack options, one level down) overrides this and
    /// [`RuleOptions::set`].
    fn values(&self) -> serde_json::Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Default::default(),
        }
    }

    /// The options as RON text.
    fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| format!("/* {e} */"))
    }

    /// Options from an optional RON text, then `key=value` pairs on top, checked.
    fn load(ron_text: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        Self::load_onto(Self::default(), ron_text, pairs)
    }

    /// Like [`RuleOptions::load`], starting from `base` instead of the defaults (a game whose
    /// defaults differ, such as Losing Sphinx).
    fn load_onto(
        base: Self,
        ron_text: Option<&str>,
        pairs: &[(String, String)],
    ) -> Result<Self, RulesError> {
        let mut o = match ron_text {
            None => base,
            Some(t) => ron::from_str(t).map_err(|e| {
                RulesError::Option(format!(
                    "{e} (the options file is a RON struct of {})",
                    Self::keys().join(", ")
                ))
            })?,
        };
        for (k, v) in pairs {
            o.set(k, v)?;
        }
        o.check_allowed()?;
        Ok(o)
    }
}

/// The error for a key that is not an option.
fn unknown_key<T: RuleOptions>(key: &str) -> RulesError {
    RulesError::Option(if T::DOCS.is_empty() {
        format!("unknown option '{key}': this game has no rule options")
    } else {
        format!("unknown option '{key}' (known: {})", T::keys().join(", "))
    })
}

/// Equal as option words: case, `_` and `-` ignored.
fn same_word(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    norm(a) == norm(b)
}

/// `fers_only` -> `FersOnly`: how serde names a unit enum variant.
fn camel(word: &str) -> String {
    word.split(['_', '-'])
        .map(|part| {
            let mut c = part.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect()
}

/// The JSON values the text may stand for, given the field's current value, most likely first.
fn candidates(old: &Value, text: &str, allowed: &[&str]) -> Vec<Value> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let boolean = match lower.as_str() {
        "true" | "yes" | "on" | "1" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    };
    let mut out = Vec::new();
    match old {
        Value::Bool(_) => out.extend(boolean.map(Value::Bool)),
        Value::Number(_) => {
            if let Ok(n) = t.parse::<i64>() {
                out.push(Value::from(n));
            } else if let Ok(x) = t.parse::<f64>() {
                out.push(Value::from(x));
            } else if matches!(lower.as_str(), "none" | "null" | "off") {
                out.push(Value::Null);
            }
        }
        _ => {
            if matches!(lower.as_str(), "none" | "null") {
                out.push(Value::Null);
            }
            // A choice: the allowed word as written in the docs, then as an enum variant.
            for a in allowed.iter().filter(|a| same_word(a, t)) {
                out.push(Value::String(a.to_string()));
                out.push(Value::String(camel(a)));
            }
            if allowed.is_empty() {
                out.push(Value::String(t.to_string()));
                out.push(Value::String(camel(t)));
            }
            if let Ok(n) = t.parse::<i64>() {
                out.push(Value::from(n));
            }
            out.extend(boolean.map(Value::Bool));
        }
    }
    out
}

/// A field's type as a catalogue names it.
fn kind_of(v: &Value, allowed: &[&str]) -> String {
    if !allowed.is_empty() {
        return "one of".into();
    }
    match v {
        Value::Bool(_) => "true or false".into(),
        Value::Number(_) => "a number".into(),
        Value::String(_) => "text".into(),
        Value::Null => "a value or none".into(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "a group of options".into(),
    }
}

/// A value as it would be typed after `key=`.
fn value_text(v: &Value, allowed: &[&str]) -> String {
    match v {
        Value::String(s) => allowed
            .iter()
            .find(|a| same_word(a, s))
            .map(|a| a.to_string())
            .unwrap_or_else(|| s.clone()),
        Value::Null => "none".into(),
        other => other.to_string(),
    }
}
