//! Written by benches/examples/tune.rs --mobility: centipawns by kind and the number of
//! squares a man reaches (0 to 27, as the evaluation's mobility counts them), on top of
//! the linear mobility term; the middle game then the endgame.

/// The mobility tables: (kind's letter, middle game, endgame).
#[rustfmt::skip]
pub(crate) const MOBILITY: [(char, [i32; 28], [i32; 28]); 4] = [
    ('N', [
          -2,  -2,  -5,  -3,   3,   2,   2,   2,   3,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ], [
           0,   0,   0,   0,   0,   0,   0,   0,   0,   1,   1,   1,   1,   1,
           1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,
    ]),
    ('B', [
         -12,  -6,  -2,   2,   2,   6,   3,   5,   3,   4,   1,   2,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ], [
          -5,  -3,  -4,  -2,  -1,   0,   0,   2,   2,   1,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ]),
    ('R', [
          -3,  -2,  -3,  -2,  -1,   0,   2,   3,   3,   7,   4,   4,   3,   2,
           1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ], [
          -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,   0,   3,   1,  -1,   2,   0,
          -1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ]),
    ('Q', [
           1,  -1,  -1,   1,  -1,   1,   1,   2,   1,   0,   0,  -1,  -2,  -1,
           0,   0,  -1,  -1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ], [
           0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   1,   1,   0,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,
    ]),
];
