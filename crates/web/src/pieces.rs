//! Piece names by letter, per variant, from the rule sets (`variants/*/rules/*.ron`) and the
//! variants' documents (docs/spectral.md, docs/goff.md). The library's `AnyVariant` knows men by
//! letter only; the page shows these names in tooltips and the editor.

/// The pieces of the variant called `name`: (letter, name), in the order the page lists them.
pub fn pieces(name: &str) -> &'static [(char, &'static str)] {
    const ORTHODOX: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('N', "Knight"),
        ('P', "Pawn"),
    ];
    const RAUMSCHACH: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('U', "Unicorn"),
        ('N', "Knight"),
        ('P', "Pawn"),
    ];
    const CUBIC: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('U', "Unicorn"),
        ('H', "Horse"),
        ('P', "Pawn"),
    ];
    const TAMERLANE: &[(char, &str)] = &[
        ('K', "King"),
        ('Z', "Zurafa"),
        ('R', "Rook"),
        ('H', "Horseman"),
        ('D', "Dabbaba"),
        ('A', "Alfil"),
        ('F', "Fers"),
        ('P', "Pawn"),
    ];
    const SPHINX: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('C', "Centaura"),
        ('P', "Pawn"),
    ];
    const ECILA: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('U', "Unicorn"),
        ('N', "Narwhal"),
        ('H', "Horse"),
        ('G', "Hippogriff"),
        ('W', "Wyvern"),
    ];
    const SPECTRAL: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('N', "Knight"),
        ('P', "Pawn"),
        ('F', "Fers"),
        ('M', "Man"),
        ('C', "Counsellor"),
        ('D', "Duke"),
        ('A', "Archer"),
        ('S', "Sprinter"),
        ('E', "Alfil"),
        ('T', "Star"),
        ('J', "Squirrel"),
        ('Y', "Griffin"),
        ('H', "Rhinoceros"),
        ('G', "Grasshopper"),
        ('O', "Pao"),
        ('V', "Vao"),
        ('L', "Leo"),
        ('I', "Nao"),
        ('X', "Dabbaba-rider"),
    ];
    const GOFF: &[(char, &str)] = &[
        ('K', "King"),
        ('Q', "Queen"),
        ('R', "Rook"),
        ('B', "Bishop"),
        ('D', "Duke"),
        ('S', "Stack (bishop and duke)"),
        ('N', "Knight"),
        ('P', "Pawn"),
    ];
    match name {
        "raumschach" => RAUMSCHACH,
        "cubic" | "compulsion-cubic" | "scacia-cubic" => CUBIC,
        "tamerlane-cubic" => TAMERLANE,
        "sphinx" | "sphinx-reduced" | "sphinx-compulsion" | "sphinx-losing" => SPHINX,
        "ecila" | "ecila-scacia" | "ecila-schlagschach" => ECILA,
        "spectral" => SPECTRAL,
        "goff" => GOFF,
        // orthodox and the 8x8x8 games.
        _ => ORTHODOX,
    }
}
