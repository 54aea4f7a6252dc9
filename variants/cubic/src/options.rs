//! Rule options of each game: RON structs (a `--rules FILE` holds one, e.g.
//! `(pawn_double_step: true)`), each field also settable as `key=value`. docs/cubic.md lists them.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use spacechess_variant::RulesError;

/// A game's options: RON, plus `key=value` setting.
pub trait GameOptions: Serialize + DeserializeOwned + Default + Clone {
    /// The option keys.
    const KEYS: &'static [&'static str];
    /// Sets one option from its text value (RON syntax; a bare word is read as a string).
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError>;
    /// Checks the values (ranges, known words).
    fn check(&self) -> Result<(), RulesError>;

    /// The options as RON text.
    fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("options always serialise")
    }

    /// Options from an optional RON text, then `key=value` pairs on top, checked.
    fn load(ron_text: Option<&str>, pairs: &[(String, String)]) -> Result<Self, RulesError> {
        let mut o = match ron_text {
            None => Self::default(),
            Some(t) => ron::from_str(t).map_err(|e| {
                RulesError::Option(format!(
                    "{e} (the options file is a RON struct of {})",
                    Self::KEYS.join(", ")
                ))
            })?,
        };
        for (k, v) in pairs {
            o.set(k, v)?;
        }
        o.check()?;
        Ok(o)
    }
}

/// Reads an option value: RON first (`true`, `3`, `"x"`), then a bare word as a string.
pub(crate) fn value<T: DeserializeOwned>(key: &str, text: &str) -> Result<T, RulesError> {
    ron::from_str(text)
        .or_else(|_| ron::from_str(&format!("\"{}\"", text.replace('"', ""))))
        .map_err(|_| RulesError::Option(format!("'{text}' is not a valid value for {key}")))
}

fn one_of(key: &str, v: &str, allowed: &[&str]) -> Result<(), RulesError> {
    if allowed.contains(&v) {
        Ok(())
    } else {
        Err(RulesError::Option(format!(
            "{key} = '{v}': expected one of {}",
            allowed.join(", ")
        )))
    }
}

macro_rules! game_options {
    ($(#[$m:meta])* $name:ident {
        $( $(#[$fm:meta])* $field:ident : $ty:ty = $default:expr ),* $(,)?
    } check($s:ident) $check:block) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name { $( $(#[$fm])* pub $field: $ty, )* }
        impl Default for $name {
            fn default() -> Self { $name { $( $field: $default, )* } }
        }
        impl GameOptions for $name {
            const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];
            #[allow(unused_variables)]
            fn set(&mut self, key: &str, text: &str) -> Result<(), RulesError> {
                match key {
                    $( stringify!($field) => { self.$field = value(key, text)?; Ok(()) } )*
                    _ => Err(RulesError::Option(if Self::KEYS.is_empty() {
                        format!("unknown option '{key}': this game has no rule options")
                    } else {
                        format!("unknown option '{key}' (known: {})", Self::KEYS.join(", "))
                    })),
                }
            }
            #[allow(unused_variables)]
            fn check(&self) -> Result<(), RulesError> { let $s = self; $check }
        }
    };
}

game_options! {
    /// Raumschach (raumschach.md §7).
    RaumschachOptions {
        /// A pawn's first move may be a double step, forward or up (Boyer; no en passant).
        pawn_double_step: bool = false,
        /// The pawn also captures forward-and-up, `(0,+1,+1)` (Dickins: 5 capture directions;
        /// false gives the 4 of the Zillions file and janko.at).
        pawn_forward_up_capture: bool = true,
    } check(o) { Ok(()) }
}

game_options! {
    /// Parton's ordinary Cubic Chess: no options.
    CubicOptions {} check(o) { Ok(()) }
}

game_options! {
    /// Compulsion Cubic Chess (parton-cubic.md §6).
    CompulsionOptions {
        /// A player with no legal move: `draw`, `loss` or `win`.
        no_move: String = "draw".into(),
    } check(o) { one_of("no_move", &o.no_move, &["draw", "loss", "win"]) }
}

game_options! {
    /// Cubic Scacia (parton-cubic.md §7).
    ScaciaOptions {
        /// A player with no legal move (men left): `draw`, `loss` or `win`.
        no_move: String = "draw".into(),
        /// Pawns may also promote to a King (an ordinary man in Scacia).
        king_promotion: bool = false,
    } check(o) { one_of("no_move", &o.no_move, &["draw", "loss", "win"]) }
}

game_options! {
    /// The Tamerlane variation of Cubic Chess (parton-cubic.md §8).
    TamerlaneOptions {
        /// The Zurafa's fewest cells of rook move after its diagonal step: 1, 2 or 3.
        zurafa_min: u8 = 1,
        /// Black's ranks read a to f like White's (a mirror) instead of the 180-degree rotation.
        tamerlane_mirror: bool = false,
        /// Promotion choices: `any` (R, Z, F, H, D, A) or `fers_only`.
        tamerlane_promotion: String = "any".into(),
    } check(o) {
        if !(1..=3).contains(&o.zurafa_min) {
            return Err(RulesError::Option(format!(
                "zurafa_min = {}: expected 1, 2 or 3", o.zurafa_min
            )));
        }
        one_of("tamerlane_promotion", &o.tamerlane_promotion, &["any", "fers_only"])
    }
}

game_options! {
    /// 8x8x8 Cubic chess, two players (cubic8.md).
    Cubic8Options {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false,
    } check(o) { Ok(()) }
}

game_options! {
    /// 8x8x8 Cubic chess, four players individually (cubic8.md §5).
    Cubic8FourOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false,
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(),
        /// A checkmated or stalemated player's men: `neutral` (they stay, never move, give no
        /// check, and may be captured) or `removed`.
        eliminated_men: String = "neutral".into(),
    } check(o) {
        one_of("promotion_zone", &o.promotion_zone, &["opposite_army", "any_opponent_home"])?;
        one_of("eliminated_men", &o.eliminated_men, &["neutral", "removed"])
    }
}

game_options! {
    /// 8x8x8 Cubic chess, four players in two teams (cubic8.md §5).
    Cubic8TeamsOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false,
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(),
        /// The pairing: `13v24` (the two top armies against the two bottom ones), `14v23` or
        /// `12v34`.
        teams: String = "13v24".into(),
        /// An eliminated player's turn: `partner_plays` (the partner moves the inherited men in
        /// that turn) or `skipped` (the partner moves them in his own turns).
        inherited_turn: String = "partner_plays".into(),
    } check(o) {
        one_of("promotion_zone", &o.promotion_zone, &["opposite_army", "any_opponent_home"])?;
        one_of("teams", &o.teams, &["12v34", "13v24", "14v23"])?;
        one_of("inherited_turn", &o.inherited_turn, &["partner_plays", "skipped"])
    }
}

game_options! {
    /// 8x8x8 Cubic chess, True King variation (cubic8.md §7).
    TrueKingOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false,
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(),
        /// Which armies each of the two players commands: `13v24`, `14v23` or `12v34`.
        teams: String = "13v24".into(),
        /// The true king of each player, as two army numbers, the first player's first
        /// (`1,2`: armies 1 and 2). Also part of the position text (`true:1,2`).
        true_kings: String = "1,2".into(),
        /// A mated false king's army: `partner_plays` (moved in its own turn) or `skipped`.
        inherited_turn: String = "partner_plays".into(),
    } check(o) {
        one_of("promotion_zone", &o.promotion_zone, &["opposite_army", "any_opponent_home"])?;
        one_of("teams", &o.teams, &["12v34", "13v24", "14v23"])?;
        one_of("inherited_turn", &o.inherited_turn, &["partner_plays", "skipped"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_from_ron_and_pairs() {
        let o = RaumschachOptions::load(Some("(pawn_double_step: true)"), &[]).unwrap();
        assert!(o.pawn_double_step && o.pawn_forward_up_capture);
        let o =
            RaumschachOptions::load(None, &[("pawn_forward_up_capture".into(), "false".into())])
                .unwrap();
        assert!(!o.pawn_forward_up_capture);
        let e = RaumschachOptions::load(None, &[("pawn_tripple".into(), "1".into())]).unwrap_err();
        assert!(e.to_string().contains("pawn_tripple"), "{e}");
        let e = TamerlaneOptions::load(None, &[("zurafa_min".into(), "4".into())]).unwrap_err();
        assert!(e.to_string().contains("zurafa_min"), "{e}");
        let o = Cubic8TeamsOptions::load(None, &[("teams".into(), "14v23".into())]).unwrap();
        assert_eq!(o.teams, "14v23");
        assert!(Cubic8TeamsOptions::load(None, &[("teams".into(), "1v2".into())]).is_err());
        assert!(CubicOptions::load(None, &[("x".into(), "1".into())]).is_err());
        assert!(RaumschachOptions::load(Some("(nonsense"), &[]).is_err());
    }
}
