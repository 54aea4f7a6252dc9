//! Rule options of each game: RON structs (a `--rules FILE` holds one, e.g.
//! `(pawn_double_step: true)`), each field also settable as `key=value`. docs/cubic.md lists them.

use serde::{Deserialize, Serialize};
pub use spacechess_variant::RuleOptions;
use spacechess_variant::{OptionDoc, RulesError};

/// Writes an options struct, its `Default` and its [`RuleOptions`] (the doc line and allowed
/// values of each field; `check` for the constraints beyond them).
macro_rules! game_options {
    ($(#[$m:meta])* $name:ident {
        $( #[doc = $doc:literal] $(#[doc = $more:literal])*
           $field:ident : $ty:ty = $default:expr $(, in [$($allowed:literal),*])? ;)*
    } check($s:ident) $check:block) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name { $( #[doc = $doc] $(#[doc = $more])* pub $field: $ty, )* }
        impl Default for $name {
            fn default() -> Self { $name { $( $field: $default, )* } }
        }
        impl RuleOptions for $name {
            const DOCS: &'static [OptionDoc] = &[$(
                OptionDoc::one_of(stringify!($field), $doc, &[$($($allowed),*)?]),
            )*];
            #[allow(unused_variables)]
            fn check(&self) -> Result<(), RulesError> { let $s = self; $check }
        }
    };
}

game_options! {
    /// Raumschach (raumschach.md §7).
    RaumschachOptions {
        /// A pawn's first move may be a double step, forward or up (Boyer; no en passant).
        pawn_double_step: bool = false;
        /// The pawn also captures forward-and-up, `(0,+1,+1)` (Dickins: 5 capture directions;
        /// false gives the 4 of the Zillions file and janko.at).
        pawn_forward_up_capture: bool = true;
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
        no_move: String = "draw".into(), in ["draw", "loss", "win"];
    } check(o) { Ok(()) }
}

game_options! {
    /// Cubic Scacia (parton-cubic.md §7).
    ScaciaOptions {
        /// A player with no legal move (men left): `draw`, `loss` or `win`.
        no_move: String = "draw".into(), in ["draw", "loss", "win"];
        /// Pawns may also promote to a King (an ordinary man in Scacia).
        king_promotion: bool = false;
    } check(o) { Ok(()) }
}

game_options! {
    /// The Tamerlane variation of Cubic Chess (parton-cubic.md §8).
    TamerlaneOptions {
        /// The Zurafa's fewest cells of rook move after its diagonal step: 1, 2 or 3.
        zurafa_min: u8 = 1, in ["1", "2", "3"];
        /// Black's ranks read a to f like White's (a mirror) instead of the 180-degree rotation.
        tamerlane_mirror: bool = false;
        /// Promotion choices: `any` (R, Z, F, H, D, A) or `fers_only`.
        tamerlane_promotion: String = "any".into(), in ["any", "fers_only"];
    } check(o) {
        if !(1..=3).contains(&o.zurafa_min) {
            return Err(RulesError::Option(format!(
                "zurafa_min = {}: expected 1, 2 or 3", o.zurafa_min
            )));
        }
        Ok(())
    }
}

game_options! {
    /// 8x8x8 Cubic chess, two players (cubic8.md).
    Cubic8Options {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false;
    } check(o) { Ok(()) }
}

game_options! {
    /// 8x8x8 Cubic chess, four players individually (cubic8.md §5).
    Cubic8FourOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false;
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(), in ["opposite_army", "any_opponent_home"];
        /// A checkmated or stalemated player's men: `neutral` (they stay, never move, give no
        /// check, and may be captured) or `removed`.
        eliminated_men: String = "neutral".into(), in ["neutral", "removed"];
    } check(o) { Ok(()) }
}

game_options! {
    /// 8x8x8 Cubic chess, four players in two teams (cubic8.md §5).
    Cubic8TeamsOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false;
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(), in ["opposite_army", "any_opponent_home"];
        /// The pairing: `13v24` (the two top armies against the two bottom ones), `14v23` or
        /// `12v34`.
        teams: String = "13v24".into(), in ["13v24", "14v23", "12v34"];
        /// An eliminated player's turn: `partner_plays` (the partner moves the inherited men in
        /// that turn) or `skipped` (the partner moves them in his own turns).
        inherited_turn: String = "partner_plays".into(), in ["partner_plays", "skipped"];
    } check(o) { Ok(()) }
}

game_options! {
    /// 8x8x8 Cubic chess, True King variation (cubic8.md §7).
    TrueKingOptions {
        /// En passant after a pawn's double step (not in the source; off).
        en_passant: bool = false;
        /// Where pawns promote: `opposite_army` (the home row and level of the army they advance
        /// toward) or `any_opponent_home` (also any other opponent's home row and level reached).
        promotion_zone: String = "opposite_army".into(), in ["opposite_army", "any_opponent_home"];
        /// Which armies each of the two players commands: `13v24`, `14v23` or `12v34`.
        teams: String = "13v24".into(), in ["13v24", "14v23", "12v34"];
        /// The true king of each player, as two army numbers, the first player's first
        /// (`1,2`: armies 1 and 2). Also part of the position text (`true:1,2`).
        true_kings: String = "1,2".into();
        /// A mated false king's army: `partner_plays` (moved in its own turn) or `skipped`.
        inherited_turn: String = "partner_plays".into(), in ["partner_plays", "skipped"];
    } check(o) { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each options type documents exactly its fields, in order (one source of truth: the
    /// struct; `--option`, RON and the catalogue are derived from it).
    #[test]
    fn every_option_is_documented() {
        RaumschachOptions::check_docs().unwrap();
        CubicOptions::check_docs().unwrap();
        CompulsionOptions::check_docs().unwrap();
        ScaciaOptions::check_docs().unwrap();
        TamerlaneOptions::check_docs().unwrap();
        Cubic8Options::check_docs().unwrap();
        Cubic8FourOptions::check_docs().unwrap();
        Cubic8TeamsOptions::check_docs().unwrap();
        TrueKingOptions::check_docs().unwrap();
        let d = TamerlaneOptions::default().describe();
        assert_eq!(d[2].name, "tamerlane_promotion");
        assert_eq!(d[2].allowed, ["any", "fers_only"]);
        assert_eq!(d[2].default, "any");
        assert_eq!(d[0].kind, "one of");
        assert_eq!(
            RaumschachOptions::default().describe()[0].kind,
            "true or false"
        );
    }

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
