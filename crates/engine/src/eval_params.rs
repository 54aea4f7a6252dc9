//! The evaluation's weights (see docs/search.md): the defaults the engine plays with, and a way to
//! set others, for tuning them against labelled positions (`benches/examples/tune.rs`).

/// The weights of the static evaluation. Shares are fractions of a piece's value; the rest are
/// centipawns. [`EvalParams::for_dimensions`] gives the defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    /// Share of a piece's value that its mobility is worth when it reaches its average number of
    /// cells: a man twice as mobile as its average adds this share again.
    pub mobility_share: f64,
    /// The value, in units of the reference man (the pawn), above which a man's mobility and
    /// placement are worth no more: a queen's cells count about as a minor piece's would.
    pub mobility_value_cap: f64,
    /// Share of the promotion gain (best choice minus the man's own value) a promoting man earns
    /// as it advances, reaching the whole share one step before the zone (quadratic in progress).
    pub advance_share: f64,
    /// Share of a passed promoting man's gain at full progress while the enemies keep all their
    /// officers.
    pub passed_share_middle: f64,
    /// The same once the enemies' officers are gone (tapered in between).
    pub passed_share_end: f64,
    /// Share of a piece's (capped) value a man gains or loses on a cell by how far the cell's
    /// reach on the empty board lies above or below the piece's average.
    pub placement_share: f64,
    /// Centipawns a royal man gains or loses per unit of relative reach from its cell: fewer
    /// lines are safer while the enemies keep their pieces, the centre is better once they are
    /// gone.
    pub royal_placement: f64,
    /// Centipawns per squared attack on the cells around an enemy king, per cell of the zone
    /// (times 9, a 2D king's zone).
    pub king_attack_weight: i32,
    /// The king-danger term's weights (off by default).
    pub king_danger: KingDanger,
    /// At most this many centipawns for attacks near an enemy king.
    pub king_attack_cap: i32,
    /// Centipawns per own man next to an own royal man while the enemies keep their officers.
    pub shelter_weight: i32,
    /// At most this many sheltering men count per royal man.
    pub shelter_men: i32,
    /// Centipawns a promoting man loses with another own promoting man ahead on its line
    /// (orthodox: a doubled pawn).
    pub doubled_penalty: i32,
    /// Centipawns a promoting man loses with no own promoting man on the lines beside its own
    /// (orthodox: an isolated pawn).
    pub isolated_penalty: i32,
    /// Centipawns for each cell class beyond the first on which a player has men of a kind bound
    /// to its class (orthodox: the bishop pair).
    pub pair_bonus: i32,
    /// Centipawns for a man that rides its whole promotion line with no promoting man on it
    /// (orthodox: a rook or queen on an open file).
    pub open_line_bonus: i32,
    /// The same with only enemy promoting men on the line (a half-open file).
    pub half_open_line_bonus: i32,
    /// Centipawns per king step between a passed promoting man and the nearest enemy royal man,
    /// times the man's progress, once the enemies' officers are gone (tapered by the phase): an
    /// enemy king far from a passer cannot stop it. 0 by default.
    pub passed_enemy_royal: i32,
    /// The same for the nearest own royal man, taken off: the own king near its passer supports
    /// it. 0 by default.
    pub passed_own_royal: i32,
    /// Centipawns (middle game, endgame; tapered by the phase) a passed promoting man earns at
    /// full progress (scaled by it, as its advancement is) when no man stands on the cells ahead
    /// of it on its line (orthodox: nothing blocks the passed pawn). (0, 0) by default.
    pub passed_unblocked: (i32, i32),
    /// The same, added on top, when moreover no enemy officer or royal man attacks those cells
    /// (orthodox: a free path to the last rank). (0, 0) by default.
    pub passed_free: (i32, i32),
    /// In a game of two players, a lead in material (the men's values, in centipawns) below
    /// which a player with no promoting men left is not expected to win: its lead in the score
    /// counts an eighth (orthodox: a lone minor piece, a rook against a minor piece, a rook and
    /// minor piece against a rook). 0, the default: off.
    pub drawish_lead: i32,
    /// In a game of two players, the scale factor (base, step per promoting man, in 64ths) of
    /// the endgame share of the lead of the side ahead, by how many promoting men it has left:
    /// `min(64, base + step × men)` (tapered by the phase as the endgame terms are). `(64, 0)`,
    /// the default: off. Orthodox (36, 7), Stockfish 12's: with no pawn the lead counts 36/64
    /// in the endgame, with four or more all of it.
    pub few_promoting_scale: (i32, i32),
    /// In a game of two players where each has exactly one man of a kind bound to a class of
    /// cells and the two stand on different classes (orthodox: bishops of opposite colours),
    /// the endgame share of the lead counts 18/64 plus 4/64 per passed man of the side ahead
    /// where those two are the only officers, else 22/64 plus 3/64 per man of the side ahead
    /// (Stockfish 12's factors), instead of `few_promoting_scale`'s. Off by default.
    pub opposite_class_scale: bool,
    /// The winnable term's weights (off by default).
    pub winnable: Winnable,
    /// Piece values in pawns by the kind's letter, replacing the rule set's (or the derived)
    /// value of that kind for the evaluation; empty by default.
    pub piece_values: Vec<(char, f64)>,
    /// Centipawns per cell added to a kind's placement term, learnt rather than derived;
    /// empty by default.
    pub placement_tables: Vec<PlacementTable>,
    /// Centipawns by the number of cells a man reaches, per kind, on top of the linear
    /// mobility term (which stays); only for kinds whose mobility counts (neither royal nor
    /// promoting); empty by default.
    pub mobility_tables: Vec<MobilityTable>,
    /// Centipawns per cell added to a kind's placement term by the wing of the player's royal
    /// man: indexed by [`royal_wing`] of its coordinate along the board's first axis (orthodox:
    /// the king on files a-c, d-e, f-h), on top of `placement_tables`; only for a player with
    /// exactly one royal man. Empty by default.
    pub wing_tables: [Vec<PlacementTable>; WINGS],
    /// Centipawns per offset of a man from its player's royal man, per kind, on top of the
    /// placement tables; only for a player with exactly one royal man. Each table is indexed by
    /// [`royal_offset_index`] of the offset as the first player sees the board (another player's
    /// offsets are mirrored as its cells are). Empty by default.
    pub royal_offset_tables: Vec<PlacementTable>,
    /// The same by the offset of a man from the enemies' royal man, where they have exactly one
    /// among them; on top of the rest. Empty by default.
    pub enemy_offset_tables: Vec<PlacementTable>,
    /// Centipawns per cell of a man's royal man and cell of the man, per kind, on top of the
    /// rest; only for a player with exactly one royal man. Each table has `cells²` entries,
    /// indexed `royal * cells + cell` by the engine's cell indices as the first player sees the
    /// board (another player's cells are mirrored). Empty by default.
    pub royal_cell_tables: Vec<PlacementTable>,
    /// The same by the cell of the enemies' royal man, where they have exactly one among them.
    /// A table for the royal kind itself reads the own royal man's cell against the enemies':
    /// a table of the two kings' cells. Empty by default.
    pub enemy_royal_cell_tables: Vec<PlacementTable>,
    /// Centipawns per promoting man's structure code ([`structure_code`], [`STRUCTURES`] of them)
    /// and cell, per promoting kind, on top of the rest: a pawn in a phalanx, defended, opposed or
    /// passed, by its square. Each table has `STRUCTURES * cells` entries, indexed
    /// `code * cells + cell` by the engine's cell indices as the first player sees the board
    /// (another player's cells are mirrored). Empty by default.
    pub structure_tables: Vec<PlacementTable>,
    /// The material imbalance: weights on products of two kinds' counts (see
    /// [`ImbalanceWeight`]), each player's sum tapered by its phase. Empty by default.
    pub imbalance: Vec<ImbalanceWeight>,
    /// A small network over every man's kind and cell, on top of the rest (see
    /// [`PlacementNet`]). None by default.
    pub placement_net: Option<PlacementNet>,
}

/// Hidden units of a [`PlacementNet`].
pub const NET_HIDDEN: usize = 64;
/// A unit's activation of 1 in a [`PlacementNet`]'s weights and biases.
pub const NET_ONE: i32 = 1024;
/// A [`PlacementNet`]'s output weights are in this many parts of a centipawn per unit of
/// activation.
pub const NET_OUTPUT_SCALE: i32 = 16;

/// A layer of [`NET_HIDDEN`] clipped units over the men on the board, learnt on top of the
/// other terms. Each player reads the board from its own view: an input per (own men or the
/// enemies', kind, cell as the player sees the board, mirrored as its cells are), a unit's
/// activation the sum of its bias and the weights of the inputs present, clipped to 0..1
/// ([`NET_ONE`]); the player's score gains the activations times the output weights. The same
/// weights serve every player, so a position and its colours swapped score opposite.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementNet {
    /// The kinds of the inputs by letter, in order; men of other kinds are not inputs.
    pub letters: Vec<char>,
    /// `weights[((side * letters + kind) * cells + cell) * NET_HIDDEN + unit]`, side 0 for the
    /// player's own men and 1 for its enemies'.
    pub weights: Vec<i16>,
    /// Each unit's bias.
    pub biases: Vec<i16>,
    /// Each unit's output weight, in [`NET_OUTPUT_SCALE`] parts of a centipawn, within ±32 767
    /// (the engine ignores a network with a weight beyond).
    pub output: Vec<i32>,
}

/// One weight of [`EvalParams::imbalance`]: a player gains `middle` (while the enemies keep all
/// their officers) to `end` (once they have none) sixteenths of a centipawn for each pair of one
/// of its men of kind `own` and one man of kind `other`, the player's own when `enemy` is false
/// (a man is not paired with itself: `own == other` counts n(n-1)/2 pairs), its enemies' when it
/// is true. The kinds are given by letter; a letter the rule set lacks pairs nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImbalanceWeight {
    /// The letter of the player's own kind.
    pub own: char,
    /// The letter of the kind it is paired with.
    pub other: char,
    /// Whether `other` counts the enemies' men (else the player's own).
    pub enemy: bool,
    /// Sixteenths of a centipawn per pair in the middle game.
    pub middle: i32,
    /// Sixteenths of a centipawn per pair in the endgame.
    pub end: i32,
}

/// The index in [`EvalParams::royal_offset_tables`] of the offset `delta` (a man's coordinates
/// less its royal man's, one per axis) on a board of `extents`: offsets along the first axis
/// vary fastest, each axis from −(extent − 1) to extent − 1 (orthodox: `(dx + 7) + 15 (dy + 7)`,
/// 225 entries). `None` when an offset is out of range.
pub fn royal_offset_index(delta: &[i32], extents: &[u8]) -> Option<usize> {
    let mut index = 0usize;
    let mut stride = 1usize;
    for (&d, &e) in delta.iter().zip(extents) {
        let e = i32::from(e);
        if d <= -e || d >= e {
            return None;
        }
        index += (d + e - 1) as usize * stride;
        stride *= (2 * e - 1) as usize;
    }
    Some(index)
}

/// The number of entries of each table of [`EvalParams::royal_offset_tables`] on a board of
/// `extents` (orthodox: 225).
pub fn royal_offset_count(extents: &[u8]) -> usize {
    extents.iter().map(|&e| 2 * usize::from(e) - 1).product()
}

/// The number of structure codes of [`EvalParams::structure_tables`].
pub const STRUCTURES: usize = 16;

/// The structure code of a promoting man for [`EvalParams::structure_tables`], 0 to 15, from
/// four facts: 1 where an own promoting man stands beside it (a phalanx: the same coordinates
/// along the promotion axes, the others differing by at most one), 2 where one defends it (one
/// step behind along the promotion axes, the others differing by at most one, not all the
/// same), 4 where an enemy promoting man stands ahead on its own line (opposed), 8 where it is
/// passed.
pub fn structure_code(phalanx: bool, defended: bool, opposed: bool, passed: bool) -> usize {
    usize::from(phalanx)
        | usize::from(defended) << 1
        | usize::from(opposed) << 2
        | usize::from(passed) << 3
}

/// The number of wings of [`EvalParams::wing_tables`].
pub const WINGS: usize = 3;

/// The wing of a coordinate `x` along an axis of `extent` cells, for
/// [`EvalParams::wing_tables`]: 0 for the lowest three eighths (orthodox: files a to c), 2 for
/// the highest three eighths (f to h), 1 between (d and e).
pub fn royal_wing(x: u8, extent: u8) -> usize {
    let side = (3 * usize::from(extent)) / 8;
    let x = usize::from(x);
    if x < side {
        0
    } else if x + side >= usize::from(extent) {
        2
    } else {
        1
    }
}

/// The danger to the enemy kings a player's men make (after Stockfish's classical evaluation),
/// in danger units: each man reaching the cells around an enemy king, each such cell it
/// reaches, and each kind that can give a *safe check* (move to a cell from which it attacks an
/// enemy king, a cell no man of the king's side attacks), less a fixed amount while the player
/// has no man of its most valuable kind (orthodox: no queen). The player gains danger² /
/// `divisor` centipawns (at most `cap`), scaled by the share of its own officers left. All 0 by
/// default: off, at no cost.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KingDanger {
    /// Danger per man whose reach meets the enemy kings' cells.
    pub attacker: i32,
    /// Danger per cell of an enemy king's surroundings reached (counted per man).
    pub attack: i32,
    /// Danger per kind that has a safe check.
    pub safe_check: i32,
    /// Danger taken off while the player has no man of its most valuable kind.
    pub no_strongest: i32,
    /// The centipawns are danger² / divisor (0: the term is off).
    pub divisor: i32,
    /// At most this many centipawns.
    pub cap: i32,
}

/// How winnable the position is, after Stockfish 12's classical evaluation, in a game of two
/// players with one royal man each: a *complexity* in centipawns (each weight times its count,
/// plus `base`) moves the lead of the side ahead (its endgame share, tapered by the phase) up
/// where it is positive and down, never past zero, where it is negative; in the middle game only
/// a complexity below `-middle_margin` takes some of the lead off. All 0 by default: off.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Winnable {
    /// Per passed promoting man on the board (both sides').
    pub passed: i32,
    /// Per promoting man on the board.
    pub promoting: i32,
    /// Per step by which the royal men stand farther apart across the promotion lines than
    /// along them (orthodox: files apart less ranks apart; negative when they face each other).
    pub outflanking: i32,
    /// When there are promoting men on both halves of the board across their lines (orthodox:
    /// pawns on both wings).
    pub both_flanks: i32,
    /// When a royal man stands beyond the middle of the board toward its promotion zone (the
    /// enemy's half).
    pub infiltration: i32,
    /// When no officer is left on the board (a pawn endgame).
    pub no_officers: i32,
    /// When outflanking is negative and the promoting men are on one half only (taken off).
    pub almost_unwinnable: i32,
    /// Added to every complexity (negative: a lead in a simple position counts less).
    pub base: i32,
    /// In the middle game, the lead loses `-(complexity + middle_margin)` where that is
    /// positive.
    pub middle_margin: i32,
}

/// A kind's centipawns per cell, on top of its placement term: `middle` while the enemies keep
/// all their officers, `end` once they have none (tapered in between, as the royal placement).
/// Both are indexed by the engine's cell index as the first player sees the board; another
/// player's men read the cell mirrored on every axis along which its orientation differs.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementTable {
    /// The kind's letter.
    pub letter: char,
    /// Centipawns per cell in the middle game.
    pub middle: Vec<i32>,
    /// Centipawns per cell in the endgame.
    pub end: Vec<i32>,
}

impl EvalParams {
    /// The weights the engine plays with on a board of `ndim` dimensions: on boards of three and
    /// more dimensions, where the men reach two to three times as many cells, mobility counts
    /// for less (0.15 won over 0.1 in orthodox matches, 0.1 over 0.15 in Raumschach).
    pub fn for_dimensions(ndim: usize) -> EvalParams {
        EvalParams {
            mobility_share: if ndim <= 2 { 0.15 } else { 0.1 },
            mobility_value_cap: 3.0,
            advance_share: 0.25,
            passed_share_middle: 0.0,
            passed_share_end: 0.2,
            placement_share: 0.1,
            royal_placement: 40.0,
            king_attack_weight: 2,
            king_attack_cap: 300,
            king_danger: KingDanger::default(),
            shelter_weight: 10,
            shelter_men: 3,
            doubled_penalty: 0,
            isolated_penalty: 0,
            pair_bonus: 0,
            open_line_bonus: 0,
            half_open_line_bonus: 0,
            passed_enemy_royal: 0,
            passed_own_royal: 0,
            passed_unblocked: (0, 0),
            passed_free: (0, 0),
            drawish_lead: 0,
            few_promoting_scale: (64, 0),
            opposite_class_scale: false,
            winnable: Winnable::default(),
            piece_values: Vec::new(),
            placement_tables: Vec::new(),
            mobility_tables: Vec::new(),
            wing_tables: Default::default(),
            royal_offset_tables: Vec::new(),
            enemy_offset_tables: Vec::new(),
            royal_cell_tables: Vec::new(),
            enemy_royal_cell_tables: Vec::new(),
            structure_tables: Vec::new(),
            imbalance: Vec::new(),
            placement_net: None,
        }
    }
}

/// A kind's centipawns by the number of cells a man of it reaches now (the mobility term's
/// count), on top of the linear mobility term: `middle` while the enemies keep all their
/// officers, `end` once they have none (tapered in between). A count beyond the table reads its
/// last entry. It lets the evaluation count a trapped piece for more than its few missing cells.
#[derive(Clone, Debug, PartialEq)]
pub struct MobilityTable {
    /// The kind's letter.
    pub letter: char,
    /// Centipawns by count in the middle game.
    pub middle: Vec<i32>,
    /// Centipawns by count in the endgame.
    pub end: Vec<i32>,
}
