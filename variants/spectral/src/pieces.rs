//! The pieces of Spectral Realm Chess and of its random variant, as atoms over the doubled board,
//! and the RON rule file that replaces pieces of the array.

use serde::{Deserialize, Serialize};
use spacechess_variant::{OptionDoc, RuleOptions, RulesError};
use std::collections::BTreeMap;

/// Every piece this crate knows: the orthodox six and the random-variant pieces of
/// spectral-realm.md §9 (Savard's "Spectral Realm Random Variant Chess").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PieceType {
    /// One full step in 8 directions on its board, or a half-step to the other board (§2, §4).
    King,
    /// Rook + Bishop with half-steps.
    Queen,
    /// Orthodox rook on its own board; never changes board.
    Rook,
    /// Diagonal rider by half-steps (§2, §3).
    Bishop,
    /// Knight leap; never changes board.
    Knight,
    /// The pawn of §5.
    Pawn,
    /// One diagonal step, and the half-step (§9).
    Fers,
    /// The king's move without royalty, with the half-step (§9).
    Man,
    /// Knight + Man, with the half-step (§9).
    Counsellor,
    /// One or two diagonal steps (a short rider), with ½ and 1½ steps (§9).
    Duke,
    /// Moves as a Man (half-step included), captures as a Knight (§9).
    Archer,
    /// Moves as a Giraffe (1,4 leaper), captures as a Man (half-step included) (§9).
    Sprinter,
    /// (2,2) leaper; no half-steps (§9).
    Alfil,
    /// Wazir + Alfil; no half-steps (§9).
    Star,
    /// Dabbaba + Knight + Alfil; no half-steps (§9).
    Squirrel,
    /// One full diagonal step, then outward as a rook; no half-step (§9).
    Griffin,
    /// One orthogonal step, then outward as a bishop by full steps; no half-steps (§9).
    Rhinoceros,
    /// Queen-line hopper landing just beyond the first piece; diagonally by the rule of §9.
    Grasshopper,
    /// Rook-line cannon (moves as a rook, captures by hopping one screen); never changes board.
    Pao,
    /// Bishop-line cannon with half-steps and the screen rule of §9.
    Vao,
    /// Pao + Vao.
    Leo,
    /// Nightrider-line cannon; never changes board.
    Nao,
    /// Rider by repeated (2,0) leaps; never changes board.
    DabbabaRider,
}

/// Whether an atom moves, captures or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// To an empty location or onto an enemy.
    Both,
    /// Only to an empty location.
    MoveOnly,
    /// Only onto an enemy.
    CaptureOnly,
}

impl Mode {
    /// True if the atom may move to an empty location.
    pub fn moves(self) -> bool {
        self != Mode::CaptureOnly
    }
    /// True if the atom may capture.
    pub fn captures(self) -> bool {
        self != Mode::MoveOnly
    }
}

/// Families of full-step vectors (in doubled coordinates), indices into the crate's rays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dirs {
    /// `(±2, 0), (0, ±2)`: wazir / rook.
    Orth,
    /// `(±2, ±2)`: full diagonal.
    Diag,
    /// `(±4, ±2), (±2, ±4)`: knight.
    Knight,
    /// `(±4, 0), (0, ±4)`: dabbaba.
    Dabbaba,
    /// `(±4, ±4)`: alfil.
    Alfil,
    /// `(±8, ±2), (±2, ±8)`: giraffe (1,4).
    Giraffe,
}

/// One way a piece moves, over the doubled board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geo {
    /// Jumps by each vector.
    Leap(Dirs),
    /// Slides along each vector through empty locations (which are all on its own board),
    /// at most `max` steps.
    Ride(Dirs, u8),
    /// Diagonal by half-steps, at most `max` half-steps, blocked by spectral-realm.md §3: a move
    /// of an even number of half-steps is blocked only by men on its own board, a move of an odd
    /// number by men on either board.
    HalfDiag(u8),
    /// Cannon capture along the vectors (the Pao and the Nao): hops exactly one screen and takes
    /// the first man beyond it.
    Cannon(Dirs),
    /// The Vao's capture (§9): along a half-step diagonal, the screens that count are those of
    /// the same kind as the move's intermediates in §3; exactly one of them, the target beyond.
    HalfDiagCannon,
    /// Grasshopper along the vectors: lands on the location just beyond the first man.
    Hopper(Dirs),
    /// The Grasshopper's diagonal hop (§9): over a screen on either board, landing a full step
    /// beyond it on the screen's board; men on the other board are ignored as in §3.
    HalfDiagHopper,
    /// One full diagonal step, then outward along either orthogonal (the Griffin).
    Griffin,
    /// One orthogonal step, then outward along either full diagonal (the Rhinoceros).
    Rhinoceros,
}

/// An atom: a geometry and a mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The geometry.
    pub geo: Geo,
    /// Moves, captures or both.
    pub mode: Mode,
}

const fn both(geo: Geo) -> Atom {
    Atom {
        geo,
        mode: Mode::Both,
    }
}
const fn moving(geo: Geo) -> Atom {
    Atom {
        geo,
        mode: Mode::MoveOnly,
    }
}
const fn taking(geo: Geo) -> Atom {
    Atom {
        geo,
        mode: Mode::CaptureOnly,
    }
}

/// Longest ride on the doubled board (7 full steps, 14 half-steps).
pub const UNLIMITED: u8 = 14;

impl PieceType {
    /// Every piece of the catalogue.
    pub const ALL: [PieceType; 23] = [
        PieceType::King,
        PieceType::Queen,
        PieceType::Rook,
        PieceType::Bishop,
        PieceType::Knight,
        PieceType::Pawn,
        PieceType::Fers,
        PieceType::Man,
        PieceType::Counsellor,
        PieceType::Duke,
        PieceType::Archer,
        PieceType::Sprinter,
        PieceType::Alfil,
        PieceType::Star,
        PieceType::Squirrel,
        PieceType::Griffin,
        PieceType::Rhinoceros,
        PieceType::Grasshopper,
        PieceType::Pao,
        PieceType::Vao,
        PieceType::Leo,
        PieceType::Nao,
        PieceType::DabbabaRider,
    ];

    /// The letter in positions and moves (upper case; White's men upper case, Black's lower).
    pub fn letter(self) -> char {
        use PieceType::*;
        match self {
            King => 'K',
            Queen => 'Q',
            Rook => 'R',
            Bishop => 'B',
            Knight => 'N',
            Pawn => 'P',
            Fers => 'F',
            Man => 'M',
            Counsellor => 'C',
            Duke => 'D',
            Archer => 'A',
            Sprinter => 'S',
            Alfil => 'E',
            Star => 'T',
            Squirrel => 'J',
            Griffin => 'Y',
            Rhinoceros => 'H',
            Grasshopper => 'G',
            Pao => 'O',
            Vao => 'V',
            Leo => 'L',
            Nao => 'I',
            DabbabaRider => 'X',
        }
    }

    /// The piece of a letter (either case).
    pub fn from_letter(ch: char) -> Option<PieceType> {
        let up = ch.to_ascii_uppercase();
        PieceType::ALL.into_iter().find(|p| p.letter() == up)
    }

    /// A value in centipawns for the search's evaluation only (not a rule): orthodox values, the
    /// Bishop raised for reaching both colours and the points, the others estimated from their
    /// moves.
    pub const fn value(self) -> i32 {
        use PieceType::*;
        match self {
            King => 0,
            Queen => 1000,
            Rook => 500,
            Bishop => 450,
            Knight => 300,
            Pawn => 100,
            Fers => 150,
            Man => 300,
            Counsellor => 600,
            Duke => 300,
            Archer => 350,
            Sprinter => 300,
            Alfil => 125,
            Star => 250,
            Squirrel => 500,
            Griffin => 800,
            Rhinoceros => 750,
            Grasshopper => 250,
            Pao => 450,
            Vao => 400,
            Leo => 800,
            Nao => 400,
            DabbabaRider => 350,
        }
    }

    /// The name (as in the rule file).
    pub fn name(self) -> String {
        format!("{self:?}")
    }

    /// The atoms (the pawn's and the king's castling are special and generated apart).
    pub fn atoms(self) -> Vec<Atom> {
        use Dirs as D;
        use Geo::{Cannon, HalfDiag, HalfDiagCannon, HalfDiagHopper, Hopper, Leap, Ride};
        use PieceType::*;
        let man = [both(Leap(D::Orth)), both(HalfDiag(2))];
        match self {
            King | Man => man.to_vec(),
            Queen => vec![both(Ride(D::Orth, UNLIMITED)), both(HalfDiag(UNLIMITED))],
            Rook => vec![both(Ride(D::Orth, UNLIMITED))],
            Bishop => vec![both(HalfDiag(UNLIMITED))],
            Knight => vec![both(Leap(D::Knight))],
            Pawn => vec![],
            Fers => vec![both(HalfDiag(2))],
            Counsellor => vec![man[0], man[1], both(Leap(D::Knight))],
            Duke => vec![both(HalfDiag(4))],
            Archer => vec![
                moving(Leap(D::Orth)),
                moving(HalfDiag(2)),
                taking(Leap(D::Knight)),
            ],
            Sprinter => vec![
                moving(Leap(D::Giraffe)),
                taking(Leap(D::Orth)),
                taking(HalfDiag(2)),
            ],
            Alfil => vec![both(Leap(D::Alfil))],
            Star => vec![both(Leap(D::Orth)), both(Leap(D::Alfil))],
            Squirrel => vec![
                both(Leap(D::Dabbaba)),
                both(Leap(D::Knight)),
                both(Leap(D::Alfil)),
            ],
            PieceType::Griffin => vec![both(Geo::Griffin)],
            PieceType::Rhinoceros => vec![both(Geo::Rhinoceros)],
            Grasshopper => vec![both(Hopper(D::Orth)), both(HalfDiagHopper)],
            Pao => vec![moving(Ride(D::Orth, UNLIMITED)), taking(Cannon(D::Orth))],
            Vao => vec![moving(HalfDiag(UNLIMITED)), taking(HalfDiagCannon)],
            Leo => vec![
                moving(Ride(D::Orth, UNLIMITED)),
                taking(Cannon(D::Orth)),
                moving(HalfDiag(UNLIMITED)),
                taking(HalfDiagCannon),
            ],
            Nao => vec![
                moving(Ride(D::Knight, UNLIMITED)),
                taking(Cannon(D::Knight)),
            ],
            DabbabaRider => vec![both(Ride(D::Dabbaba, UNLIMITED))],
        }
    }

    /// True if the piece can ever move between the squares and the points: it has a half-step
    /// diagonal atom (the pawn by its half-step captures, the grasshopper by its diagonal hops).
    pub fn switches_boards(self) -> bool {
        self == PieceType::Pawn
            || self.atoms().iter().any(|a| {
                matches!(
                    a.geo,
                    Geo::HalfDiag(_) | Geo::HalfDiagCannon | Geo::HalfDiagHopper
                )
            })
    }
}

/// The rules of one game of Spectral Realm Chess: options and the pieces of the array. Read from
/// RON (see docs/spectral.md), for example
/// `(spirit_rule: true, replace: {Knight: Counsellor, Bishop: Vao})`.
///
/// ```
/// use spacechess_spectral::SpectralRules;
/// let r = SpectralRules::from_ron("(spirit_rule: false, replace: {Knight: Counsellor})").unwrap();
/// assert!(!r.spirit_rule);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpectralRules {
    /// Name of the game.
    #[serde(default = "default_name")]
    pub name: String,
    /// The king's spirit-world rule (spectral-realm.md §4): a king on a square that is in check may
    /// not make a half-step move. On by default; `false` sets it aside "by mutual agreement".
    #[serde(default = "yes")]
    pub spirit_rule: bool,
    /// Pieces of the orthodox array replaced by other pieces, wherever they stand (Queen, Rook,
    /// Bishop and Knight may be replaced; the King and the Pawn may not).
    #[serde(default)]
    pub replace: BTreeMap<PieceType, PieceType>,
}

fn default_name() -> String {
    "spectral".into()
}
fn yes() -> bool {
    true
}

impl Default for SpectralRules {
    fn default() -> Self {
        SpectralRules {
            name: default_name(),
            spirit_rule: true,
            replace: BTreeMap::new(),
        }
    }
}

impl SpectralRules {
    /// Reads a rule file.
    pub fn from_ron(text: &str) -> Result<SpectralRules, RulesError> {
        let r: SpectralRules = ron::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))?;
        r.check()?;
        Ok(r)
    }

    /// The rules as RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("rules always serialise")
    }

    /// Fails if a replacement is not allowed or two array pieces become the same piece.
    pub fn check(&self) -> Result<(), RulesError> {
        use PieceType::*;
        let mut seen = vec![King, Pawn];
        for (&from, &to) in &self.replace {
            if !matches!(from, Queen | Rook | Bishop | Knight) {
                return Err(RulesError::Invalid(format!(
                    "{from:?} cannot be replaced: only Queen, Rook, Bishop and Knight can"
                )));
            }
            if matches!(to, King | Pawn) {
                return Err(RulesError::Invalid(format!(
                    "{from:?} cannot be replaced by {to:?}: the array has exactly one King and its Pawns"
                )));
            }
        }
        for p in self.array() {
            if seen.contains(&p) {
                if !matches!(p, King | Pawn) {
                    return Err(RulesError::Invalid(format!(
                        "{p:?} would stand for two pieces of the array; each replacement must differ"
                    )));
                }
            } else {
                seen.push(p);
            }
        }
        Ok(())
    }

    /// Applies `key=value` options (the command line's `--option`): `spirit_rule=true|false`,
    /// `name=TEXT`, or `Knight=Counsellor` (a piece of the array = its replacement).
    pub fn apply_options(&mut self, pairs: &[(String, String)]) -> Result<(), RulesError> {
        for (k, v) in pairs {
            match k.as_str() {
                "spirit_rule" => {
                    self.spirit_rule = match v.as_str() {
                        "true" | "on" | "yes" => true,
                        "false" | "off" | "no" => false,
                        _ => {
                            return Err(RulesError::Option(format!(
                                "spirit_rule={v}: expected true or false"
                            )))
                        }
                    }
                }
                "name" => self.name = v.clone(),
                _ => {
                    let piece = |s: &str| -> Result<PieceType, RulesError> {
                        PieceType::ALL
                            .into_iter()
                            .find(|p| p.name().eq_ignore_ascii_case(s))
                            .ok_or_else(|| {
                                let names: Vec<String> =
                                    PieceType::ALL.iter().map(|p| p.name()).collect();
                                RulesError::Option(format!(
                                    "{k}={v}: '{s}' is not a piece (known: {})",
                                    names.join(", ")
                                ))
                            })
                    };
                    let from = piece(k).map_err(|_| {
                        RulesError::Option(format!(
                            "unknown option '{k}' (known: spirit_rule, name, or a piece of the \
                             array such as Knight=Counsellor)"
                        ))
                    })?;
                    let to = piece(v)?;
                    if from == to {
                        self.replace.remove(&from);
                    } else {
                        self.replace.insert(from, to);
                    }
                }
            }
        }
        self.check().map_err(|e| RulesError::Option(e.to_string()))
    }

    /// The piece that stands where the orthodox array has `p`.
    pub fn piece_for(&self, p: PieceType) -> PieceType {
        self.replace.get(&p).copied().unwrap_or(p)
    }

    /// The four pieces of the array after replacement, in the order Queen, Rook, Bishop, Knight.
    pub fn array(&self) -> [PieceType; 4] {
        use PieceType::*;
        [Queen, Rook, Bishop, Knight].map(|p| self.piece_for(p))
    }
}

impl RuleOptions for SpectralRules {
    const DOCS: &'static [OptionDoc] = &[
        OptionDoc::new("name", "Name of the game"),
        OptionDoc::new(
            "spirit_rule",
            "A king on a square in check may not make a half-step move (spectral-realm.md §4)",
        ),
        OptionDoc::new(
            "replace",
            "Pieces of the array replaced by others, typed as Knight=Counsellor (Queen, Rook, Bishop, Knight)",
        ),
    ];

    /// Spectral's own reader: besides `spirit_rule` and `name`, a key may name a piece of the
    /// array and its value the piece that replaces it (`Knight=Counsellor`).
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        self.apply_options(&[(key.to_string(), value.to_string())])
    }

    fn check(&self) -> Result<(), RulesError> {
        SpectralRules::check(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_unique() {
        let mut l: Vec<char> = PieceType::ALL.iter().map(|p| p.letter()).collect();
        l.sort();
        l.dedup();
        assert_eq!(l.len(), PieceType::ALL.len());
        for p in PieceType::ALL {
            assert_eq!(PieceType::from_letter(p.letter()), Some(p));
        }
    }

    /// spectral-realm.md §2 and §9: which pieces can change board.
    #[test]
    fn board_switching_pieces() {
        use PieceType::*;
        let switch: Vec<PieceType> = PieceType::ALL
            .into_iter()
            .filter(|p| p.switches_boards())
            .collect();
        assert_eq!(
            switch,
            vec![
                King,
                Queen,
                Bishop,
                Pawn,
                Fers,
                Man,
                Counsellor,
                Duke,
                Archer,
                Sprinter,
                Grasshopper,
                Vao,
                Leo
            ]
        );
    }

    #[test]
    fn rule_files_are_checked() {
        let r = SpectralRules::from_ron("(replace: {Knight: Counsellor, Bishop: Vao})").unwrap();
        assert_eq!(
            r.array(),
            [
                PieceType::Queen,
                PieceType::Rook,
                PieceType::Vao,
                PieceType::Counsellor
            ]
        );
        assert!(r.spirit_rule);
        let e = SpectralRules::from_ron("(replace: {King: Man})").unwrap_err();
        assert!(e.to_string().contains("King cannot be replaced"), "{e}");
        let e = SpectralRules::from_ron("(replace: {Knight: Rook})").unwrap_err();
        assert!(e.to_string().contains("two pieces"), "{e}");
        let e = SpectralRules::from_ron("(replace: {Knight: Pawn})").unwrap_err();
        assert!(e.to_string().contains("exactly one King"), "{e}");
        let e = SpectralRules::from_ron("(spirit: false)").unwrap_err();
        assert!(matches!(e, RulesError::Parse(_)), "{e}");
        let e = SpectralRules::from_ron("(replace: {Knight: Unicorn})").unwrap_err();
        assert!(matches!(e, RulesError::Parse(_)), "{e}");
        let mut o = SpectralRules::default();
        let pairs = |s: &[(&str, &str)]| -> Vec<(String, String)> {
            s.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        o.apply_options(&pairs(&[("spirit_rule", "false"), ("knight", "archer")]))
            .unwrap();
        assert!(!o.spirit_rule);
        assert_eq!(o.piece_for(PieceType::Knight), PieceType::Archer);
        let e = o.apply_options(&pairs(&[("spirit", "x")])).unwrap_err();
        assert!(e.to_string().contains("unknown option 'spirit'"), "{e}");
        let e = o
            .apply_options(&pairs(&[("Bishop", "Unicorn")]))
            .unwrap_err();
        assert!(e.to_string().contains("'Unicorn' is not a piece"), "{e}");
        let e = o
            .apply_options(&pairs(&[("spirit_rule", "maybe")]))
            .unwrap_err();
        assert!(e.to_string().contains("expected true or false"), "{e}");
        let back = SpectralRules::from_ron(&r.to_ron()).unwrap();
        assert_eq!(back, r);
    }
}
