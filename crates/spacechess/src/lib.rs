//! Chess in two, three and more dimensions: every spacechess variant in one crate.
//!
//! - Typed: each variant crate is re-exported ([`orthodox`], [`cubic`] for Raumschach, Parton's
//!   Cubic Chess and the 8x8x8 games, [`sphinx`] for Sphinx and Ecila, [`spectral`], [`goff`]),
//!   all behind the one [`Variant`] trait; [`search`] plays and analyses any of them.
//! - By name: [`catalog`] lists every variant; [`variant`] and [`variant_with`] build one as a
//!   boxed [`AnyVariant`] (texts in, texts out); [`with_variant`] hands the typed variant to
//!   generic code (a [`VariantVisitor`]).
//! - Geometry: what a move does on the board ([`MoveInfo`]: from, to and captured cells, the
//!   promotion, the [`MoveKind`]), the [`Man`]s of a position, and the [`BoardModel`] (every
//!   cell's name, coordinates and place in the drawing's panels), typed or by name.
//!
//! ```
//! // By name, at run time.
//! let raumschach = spacechess::variant("raumschach").unwrap();
//! let start = raumschach.start();
//! assert!(raumschach.legal_moves(&start).unwrap().len() > 0);
//!
//! // Typed.
//! use spacechess::{orthodox::Orthodox, Variant};
//! let chess = Orthodox::new();
//! let pos = chess.play_line(&chess.start(), &["e2e4", "e7e5"]).unwrap();
//! assert_eq!(chess.legal_moves_vec(&pos).len(), 29);
//! ```

mod any;
mod error;
pub mod registry;

pub use any::{boxed, AnyVariant, Attackers, EngineLine, EngineReply};
pub use error::Error;
pub use registry::{
    catalog, with_rule_set, with_variant, Config, VariantInfo, VariantVisitor, VARIANTS,
};
/// Cells of a board: a dense index (see [`BoardModel`] for names and coordinates).
pub use spacechess_geometry::Cell;
pub use spacechess_variant::{
    divide, divide_parallel, perft, perft_parallel, BoardModel, CellInfo, DrawReason, Game,
    LineError, Man, MoveError, MoveInfo, MoveKind, OptionDoc, OptionInfo, Outcome, Panel, Player,
    Players, PositionError, RandomMover, RuleOptions, RulesError, SearchHints, Variant, VirtualMan,
    VirtualMen, WinReason,
};

/// Raumschach (5x5x5), Parton's Cubic Chess (6x6x6) and its forms, 8x8x8 Cubic chess.
pub use spacechess_cubic as cubic;
/// The data-driven engine: rule sets in RON and the generic move generator.
pub use spacechess_engine as engine;
/// The n-dimensional geometry core: boxes, steps, rays, planes, cell sets.
pub use spacechess_geometry as geometry;
/// Goff's 3D chess.
pub use spacechess_goff as goff;
/// Goff's quantum 3D chess: the game as a weighted ensemble of classical Goff games.
pub use spacechess_goff_quantum as goff_quantum;
/// Orthodox chess, the calibration variant.
pub use spacechess_orthodox as orthodox;
/// Search for every variant: alpha-beta, a mate solver, self-play.
pub use spacechess_search as search;
/// Spectral Realm Chess.
pub use spacechess_spectral as spectral;
/// Parton's boards of boards: Sphinx Chess and its forms, Ecila.
pub use spacechess_sphinx as sphinx;
/// Game records as text (PGN-like), for every variant.
pub use spacechess_variant::record;

/// The variant called `name` with its default rules, as an [`AnyVariant`].
///
/// ```
/// let v = spacechess::variant("sphinx").unwrap();
/// assert_eq!(v.name(), "sphinx");
/// let e = spacechess::variant("chess3d").err().unwrap();
/// assert!(e.to_string().starts_with("unknown variant 'chess3d'"));
/// ```
pub fn variant(name: &str) -> Result<Box<dyn AnyVariant>, Error> {
    variant_with(name, &Config::default())
}

/// The variant called `name` built with a rule file and options, as an [`AnyVariant`].
///
/// ```
/// use spacechess::Config;
/// let double_step = Config::default().option("pawn_double_step", "true");
/// let v = spacechess::variant_with("raumschach", &double_step).unwrap();
/// assert!(v.options_ron().contains("pawn_double_step: true"));
/// let bad = Config::default().option("castling", "true");
/// assert!(spacechess::variant_with("raumschach", &bad).is_err());
/// ```
pub fn variant_with(name: &str, config: &Config) -> Result<Box<dyn AnyVariant>, Error> {
    struct Boxer;
    impl VariantVisitor for Boxer {
        type Output = Box<dyn AnyVariant>;
        fn visit<V: Variant + 'static>(self, v: V) -> Box<dyn AnyVariant> {
            boxed(v)
        }
    }
    with_variant(name, config, Boxer)
}
