//! Orthodox chess's evaluation weights, fitted to positions (issue 14's seventh and eighth
//! stops, docs/search.md *The weights (`EvalParams`) and their tuning*) and kept after matches
//! against the engine's defaults.

use spacechess_engine::{
    EvalParams, KingDanger, MobilityTable, PlacementNet, PlacementTable, Winnable,
};

/// The weights orthodox chess plays with: `benches/examples/tune.rs` fitted them to 50 000 quiet
/// positions of the engine's own games labelled by Stockfish at depth 8, and they won
/// +26 [+3, +48] in 800 games at 20 ms a move against [`EvalParams::for_dimensions`]`(2)`.
/// Against the defaults: mobility and placement count for about half as much, a pawn's
/// advancement for a third, and doubled and isolated pawns lose 10 and 4 centipawns. The
/// bishop pair (45) and rooks on open and half-open files (15, 25) were fitted the same way in
/// the eighth stop and won +34 [+5, +64] in 400 games against the weights without them; the
/// placement tables (`placement.rs`, fitted by `tune.rs --tables`) then +43 [+21, +64] in 800.
/// The tenth stop added the kings' distances to passed men (fitted: 24 and 16) and the drawish
/// lead (400, set by hand: a lone minor piece or a rook against a minor piece seldom wins):
/// +23 [+3, +43] in 800 games. The sixteenth stop's king danger (set by hand, after Stockfish
/// 12's classical evaluation, not fitted): +31 [+3, +60] in 400 games. The twenty-fourth stop
/// fitted the placement tables again and the mobility tables (`mobility.rs`, by count of squares
/// reached) on 220 000 positions: +30 [+9, +50] in 800 games. The twenty-fifth stop refitted the
/// scalar weights on the same positions (doubled and isolated pawns 26 and 12, the pair 55, the
/// kings' distances to passed men 48 and 24, the attack count and passed-pawn shares to zero):
/// +23 [+2, +44] in 800 games. The thirty-sixth stop's passed pawns' path terms (set by hand,
/// after Stockfish 12's classical evaluation, at about 40% of its endgame bonus for a free path):
/// +27 [+13, +40] in 1 600 games; at twice these weights, +23 [−6, +51] in 400. The
/// thirty-ninth stop's wing tables (`wings.rs`, placement by the own king's wing, fitted by
/// `tune.rs --wings` on 390 000 new positions): +36 [+16, +57] in 800 games. The fortieth
/// stop's offset tables (`royal_offsets.rs` and `enemy_offsets.rs`, placement by the offset from
/// the own and the enemy king, fitted by `tune.rs --offsets` and `--enemy-offsets` on the same
/// positions): +29 [+9, +48] in 800 games. The forty-fourth stop's endgame scale factors and
/// winnable term (after Stockfish 12) lost or gained nothing in matches: they stay off. The
/// forty-third stop's pawn structure table (`structure.rs`, fitted by `tune.rs --structure`),
/// kept in the forty-fourth: +20 [+7, +32] in 2 000 games.
pub fn tuned() -> EvalParams {
    EvalParams {
        mobility_share: 0.049,
        mobility_value_cap: 5.0625,
        advance_share: 0.085,
        passed_share_middle: 0.0,
        passed_share_end: 0.0,
        placement_share: 0.06,
        royal_placement: 15.0,
        king_attack_weight: 0,
        king_attack_cap: 300,
        king_danger: KingDanger {
            attacker: 50,
            attack: 70,
            safe_check: 800,
            no_strongest: 800,
            divisor: 5000,
            cap: 500,
        },
        shelter_weight: 10,
        shelter_men: 1,
        doubled_penalty: 26,
        isolated_penalty: 12,
        pair_bonus: 55,
        open_line_bonus: 15,
        half_open_line_bonus: 25,
        passed_enemy_royal: 48,
        passed_own_royal: 24,
        passed_unblocked: (10, 30),
        passed_free: (30, 90),
        drawish_lead: 400,
        few_promoting_scale: (64, 0),
        opposite_class_scale: false,
        winnable: Winnable::default(),
        piece_values: Vec::new(),
        placement_tables: tables(&super::placement::TABLES),
        mobility_tables: super::mobility::MOBILITY
            .iter()
            .map(|&(letter, middle, end)| MobilityTable {
                letter,
                middle: middle.to_vec(),
                end: end.to_vec(),
            })
            .collect(),
        wing_tables: super::wings::WING_TABLES.map(|set| tables(&set)),
        royal_offset_tables: tables(&super::royal_offsets::ROYAL_OFFSET_TABLES),
        enemy_offset_tables: tables(&super::enemy_offsets::ENEMY_OFFSET_TABLES),
        royal_cell_tables: tables(&super::royal_cells::ROYAL_CELL_TABLES),
        enemy_royal_cell_tables: tables(&super::enemy_royal_cells::ENEMY_ROYAL_CELL_TABLES),
        structure_tables: tables(&super::structure::STRUCTURE_TABLES),
        imbalance: Vec::new(),
        placement_net: Some(PlacementNet {
            letters: super::net::NET_KINDS.to_vec(),
            weights: super::net::NET_WEIGHTS.to_vec(),
            biases: super::net::NET_BIASES.to_vec(),
            output: super::net::NET_OUTPUT.to_vec(),
        }),
    }
}

/// Placement or offset tables from their source form (kind's letter, middle game, endgame).
fn tables<const N: usize>(src: &[(char, [i32; N], [i32; N])]) -> Vec<PlacementTable> {
    src.iter()
        .map(|&(letter, middle, end)| PlacementTable {
            letter,
            middle: middle.to_vec(),
            end: end.to_vec(),
        })
        .collect()
}
