//! The rule options of Goff's 3D chess (rules/goff/05 §4, "degenerate invariants"), RON
//! configurable, with the book's defaults.
//!
//! The book's policy is to choose the most permissive rule, so that players can agree on
//! restrictions (05 §4, L18407-18409); every default below is the book's. Options the book names
//! but rejects outright (straight-line move geometry, trajectories, the RAM square, other boards,
//! other knights, the adjacent and natural kings, the far-side castle, quantum moves) would be
//! other games and are not offered; docs/goff.md lists them with the reason.

use serde::{Deserialize, Serialize};
use spacechess_variant::{OptionDoc, RuleOptions, RulesError};

/// How pawns advance (05 §4 row 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PawnRule {
    /// The book's default: perimeter-1 advances (double on the first move) in the horizontal
    /// plane; a pawn reaching a back plane is unshackled and moves like a rook within it (03 §3.3).
    #[default]
    Shackled,
    /// Simple pawns: perimeter 1 everywhere, never unshackled; promotion only on the 8,8 column.
    Simple,
}

/// Which capture tiles a pawn has (05 §4 row 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PawnCaptures {
    /// The book's default, perimeter-1 pawns: all 14 capture tiles (03 §3.4).
    #[default]
    PerimeterOne,
    /// Restricted pawns: no capture onto a tile the pawn could advance to, nor on its own level
    /// (the bead (0,1,1) and the dart (0,2,2) are dropped; 12 capture tiles).
    Restricted,
}

/// Who may take en passant (04 §3.2, A7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnPassantRule {
    /// The book's Congruent Rule 54: every path tile must be covered by one or more pawns.
    #[default]
    OneOrMorePawns,
    /// "Single pawn, double path": one pawn must cover every path tile (04 A7).
    SinglePawnDoublePath,
    /// No en passant.
    Off,
}

/// Which castles exist (05 §4 rows 13-14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastlingRule {
    /// The book's default: the sidekick rule with double castling (36 castles per side).
    #[default]
    Double,
    /// Either-or castling: a royal castle moves one rook (18 castles per side).
    Single,
    /// No castling.
    Off,
}

/// The rook's plane in a vertical castle (05 §4 row 15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RookPlane {
    /// The book's default: "rooks move independently from kings in castling".
    #[default]
    Independent,
    /// Balance rule: the rook's manifold lies in a back plane the king's move may also use.
    KingsPlane,
}

/// How "not through check" is judged (04 §5.4, A12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThroughCheck {
    /// The digest's recommendation: the king is placed on the skipped tile (rooks at home) and
    /// must not be attacked there.
    #[default]
    KingOnSkippedTile,
    /// The skipped tile must not be attacked on the board as it stands (the king still at home).
    CurrentBoard,
}

/// The stack's optional moves (05 §4 row 6); its stack move is always allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StackRules {
    /// Decay: one sub-piece leaves, the other stays (03 §2.3 rows 1-2).
    pub decay: bool,
    /// Teleport: a sub-piece joins a friendly lone piece of the other kind (row 4).
    pub teleport: bool,
    /// Recombination and cross combination of lone bishops and dukes (row 5).
    pub recombination: bool,
    /// Fission: both sub-pieces move at once (03 §2.4.5).
    pub fission: bool,
}

impl StackRules {
    /// Every stack move allowed (the book's rules).
    pub const ALL: StackRules = StackRules {
        decay: true,
        teleport: true,
        recombination: true,
        fission: true,
    };
}

impl Default for StackRules {
    fn default() -> Self {
        StackRules::ALL
    }
}

/// The rule options (RON, every field optional: `(pawns: Simple, castling: Single)`).
///
/// ```
/// use spacechess_goff::GoffRules;
/// let mut r = GoffRules::default();
/// r.set("fission", "false").unwrap();
/// r.set("move_limit", "none").unwrap();
/// assert!(!r.stack.fission && r.move_limit.is_none());
/// assert_eq!(GoffRules::from_ron("(move_limit: 200)").unwrap().move_limit, Some(200));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GoffRules {
    /// Shackled (default) or simple pawns.
    pub pawns: PawnRule,
    /// Perimeter-1 (default) or restricted pawn captures.
    pub pawn_captures: PawnCaptures,
    /// The en passant rule.
    pub en_passant: EnPassantRule,
    /// The book's optional balance rule (04 §1.1, A3): the king may also reach the 12 brook tiles
    /// by a rook-like perimeter-1 quadrant move. Off by default, as the book rules "for now".
    pub king_brook_steps: bool,
    /// Double (default), single or no castling.
    pub castling: CastlingRule,
    /// The rook's plane in vertical castles.
    pub castling_rook_plane: RookPlane,
    /// How castling through check is judged.
    pub castling_through_check: ThroughCheck,
    /// The stack's optional moves.
    pub stack: StackRules,
    /// Draw after this many half-moves without a capture or pawn move (None: no limit). Default
    /// 100, the orthodox 50-move rule, the only figure the book gives; it says the limit should
    /// probably be raised for 3D (04 A20).
    pub move_limit: Option<u32>,
    /// Draw when a position occurs this many times (None, the default: the book never mentions
    /// repetition, 04 A20).
    pub repetition: Option<usize>,
}

impl Default for GoffRules {
    fn default() -> Self {
        GoffRules::BOOK
    }
}

impl GoffRules {
    /// The book's rules (the defaults).
    pub const BOOK: GoffRules = GoffRules {
        pawns: PawnRule::Shackled,
        pawn_captures: PawnCaptures::PerimeterOne,
        en_passant: EnPassantRule::OneOrMorePawns,
        king_brook_steps: false,
        castling: CastlingRule::Double,
        castling_rook_plane: RookPlane::Independent,
        castling_through_check: ThroughCheck::KingOnSkippedTile,
        stack: StackRules::ALL,
        move_limit: Some(100),
        repetition: None,
    };
}

/// The option keys `set` knows, for error messages.
const KEYS: &str = "pawns, pawn_captures, en_passant, king_brook_steps, castling, \
castling_rook_plane, castling_through_check, decay, teleport, recombination, fission, move_limit, \
repetition";

impl GoffRules {
    /// Reads the options from RON; fields left out keep the book's defaults. A limit may be
    /// written bare (`move_limit: 200`) or as `Some(200)`, and `None` for no limit.
    pub fn from_ron(text: &str) -> Result<GoffRules, RulesError> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| RulesError::Option(format!("goff rule options: {e}")))
    }

    /// The options as RON (every field).
    pub fn to_ron(&self) -> String {
        ron::to_string(self).expect("the options serialize")
    }

    /// The book's defaults with `key=value` pairs applied in order (the command line's `--option`).
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<GoffRules, RulesError> {
        let mut r = GoffRules::default();
        for (k, v) in pairs {
            r.set(k, v)?;
        }
        Ok(r)
    }

    /// Sets one option from text: `pawns=simple`, `castling=single`, `fission=false`,
    /// `move_limit=200` (half-moves; `none` for no limit), `repetition=3`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let v = value.trim().to_ascii_lowercase().replace(['-', '_'], "");
        let bad = |choices: &str| {
            Err(RulesError::Option(format!(
                "{key}: '{value}' is not one of {choices}"
            )))
        };
        let boolean = || match v.as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(RulesError::Option(format!(
                "{key}: '{value}' is not true or false"
            ))),
        };
        let limit = || -> Result<Option<u64>, RulesError> {
            if v == "none" || v == "off" {
                return Ok(None);
            }
            match value.trim().parse::<u64>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => Err(RulesError::Option(format!(
                    "{key}: '{value}' is not a positive number or none"
                ))),
            }
        };
        match key {
            "pawns" => {
                self.pawns = match v.as_str() {
                    "shackled" => PawnRule::Shackled,
                    "simple" => PawnRule::Simple,
                    _ => return bad("shackled, simple"),
                }
            }
            "pawn_captures" => {
                self.pawn_captures = match v.as_str() {
                    "perimeterone" | "perimeter1" => PawnCaptures::PerimeterOne,
                    "restricted" => PawnCaptures::Restricted,
                    _ => return bad("perimeter_one, restricted"),
                }
            }
            "en_passant" => {
                self.en_passant = match v.as_str() {
                    "oneormorepawns" | "on" | "true" => EnPassantRule::OneOrMorePawns,
                    "singlepawndoublepath" | "spdp" => EnPassantRule::SinglePawnDoublePath,
                    "off" | "false" | "none" => EnPassantRule::Off,
                    _ => return bad("one_or_more_pawns, single_pawn_double_path (spdp), off"),
                }
            }
            "king_brook_steps" => self.king_brook_steps = boolean()?,
            "castling" => {
                self.castling = match v.as_str() {
                    "double" | "on" | "true" => CastlingRule::Double,
                    "single" => CastlingRule::Single,
                    "off" | "false" | "none" => CastlingRule::Off,
                    _ => return bad("double, single, off"),
                }
            }
            "castling_rook_plane" => {
                self.castling_rook_plane = match v.as_str() {
                    "independent" => RookPlane::Independent,
                    "kingsplane" => RookPlane::KingsPlane,
                    _ => return bad("independent, kings_plane"),
                }
            }
            "castling_through_check" => {
                self.castling_through_check = match v.as_str() {
                    "kingonskippedtile" => ThroughCheck::KingOnSkippedTile,
                    "currentboard" => ThroughCheck::CurrentBoard,
                    _ => return bad("king_on_skipped_tile, current_board"),
                }
            }
            "decay" => self.stack.decay = boolean()?,
            "teleport" => self.stack.teleport = boolean()?,
            "recombination" => self.stack.recombination = boolean()?,
            "fission" => self.stack.fission = boolean()?,
            "move_limit" => self.move_limit = limit()?.map(|n| n.min(u32::MAX as u64) as u32),
            "repetition" => {
                self.repetition = match limit()? {
                    Some(n) if n < 2 => {
                        return Err(RulesError::Option(format!(
                            "repetition: '{value}' must be at least 2 (or none)"
                        )))
                    }
                    n => n.map(|n| n as usize),
                }
            }
            _ => {
                return Err(RulesError::Option(format!(
                    "unknown option '{key}' (goff has {KEYS})"
                )))
            }
        }
        Ok(())
    }
}

impl RuleOptions for GoffRules {
    const DOCS: &'static [OptionDoc] = &[
        OptionDoc::one_of("pawns", "How pawns advance", &["shackled", "simple"]),
        OptionDoc::one_of(
            "pawn_captures",
            "Which capture tiles a pawn has",
            &["perimeter_one", "restricted"],
        ),
        OptionDoc::one_of(
            "en_passant",
            "Who may take en passant",
            &["one_or_more_pawns", "single_pawn_double_path", "off"],
        ),
        OptionDoc::new(
            "king_brook_steps",
            "The king may also reach the 12 brook tiles (04 §1.1, A3)",
        ),
        OptionDoc::one_of(
            "castling",
            "Which castles exist",
            &["double", "single", "off"],
        ),
        OptionDoc::one_of(
            "castling_rook_plane",
            "The rook's plane in a vertical castle",
            &["independent", "kings_plane"],
        ),
        OptionDoc::one_of(
            "castling_through_check",
            "How castling through check is judged",
            &["king_on_skipped_tile", "current_board"],
        ),
        OptionDoc::new("decay", "A stack may decay: one sub-piece leaves"),
        OptionDoc::new(
            "teleport",
            "A stack's sub-piece may join a friendly lone piece of the other kind",
        ),
        OptionDoc::new(
            "recombination",
            "Lone bishops and dukes may recombine into stacks",
        ),
        OptionDoc::new("fission", "Both sub-pieces of a stack may move at once"),
        OptionDoc::new(
            "move_limit",
            "Draw after this many half-moves without capture or pawn move (none: no limit)",
        ),
        OptionDoc::new(
            "repetition",
            "Draw when a position occurs this many times (none: never)",
        ),
    ];

    /// Goff's own reader: the stack's options are keys of their own (`fission=false`), and the
    /// book's shorthands are accepted (`en_passant=spdp`, `castling=on`).
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        GoffRules::set(self, key, value)
    }

    fn values(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => Default::default(),
        };
        let stack = map.shift_remove("stack");
        let limits = ["move_limit", "repetition"].map(|k| (k, map.shift_remove(k)));
        if let Some(serde_json::Value::Object(stack)) = stack {
            map.extend(stack);
        }
        for (k, v) in limits {
            map.insert(k.to_string(), v.unwrap_or(serde_json::Value::Null));
        }
        map
    }

    fn to_ron(&self) -> String {
        GoffRules::to_ron(self)
    }
}
