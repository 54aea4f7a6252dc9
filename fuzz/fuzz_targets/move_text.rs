//! Move text of every registered variant, in positions reached by play: byte 0 the variant,
//! byte 1 the number k of plies (mod 16), the next k bytes choose each ply's move among the legal
//! ones, the rest is the move text. The text goes through the facade's `AnyVariant::play` (as one
//! move, then split on whitespace as a line); an accepted move must be a legal move whose own text
//! reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spacechess::{with_variant, AnyVariant, Config, Variant, VariantVisitor, VARIANTS};
use spacechess_fuzz::{known, text, variants};
use std::sync::OnceLock;

/// A typed variant kept in a closure: (the same variant as an `AnyVariant`, the input after byte 0).
type Mover = Box<dyn Fn(&dyn AnyVariant, &[u8]) + Send + Sync>;

struct MakeMover;

impl VariantVisitor for MakeMover {
    type Output = Mover;
    fn visit<V: Variant + 'static>(self, v: V) -> Mover {
        Box::new(move |any, data| one_input(&v, any, data))
    }
}

fn one_input<V: Variant>(v: &V, any: &dyn AnyVariant, data: &[u8]) {
    let Some((&k, rest)) = data.split_first() else { return };
    let k = usize::from(k % 16).min(rest.len());
    let (choices, move_bytes) = rest.split_at(k);
    let mut pos = v.start();
    for &c in choices {
        let moves = v.legal_moves_vec(&pos);
        if moves.is_empty() {
            break;
        }
        pos = v.play(&pos, &moves[usize::from(c) % moves.len()]);
    }
    let t = text(move_bytes);
    if known::non_ascii_engine_move(v.name(), &t) {
        return;
    }
    let pos_text = v.position_text(&pos);
    if let Ok(after) = any.play(&pos_text, &[t.as_str()]) {
        let mv = v
            .parse_move(&pos, &t)
            .unwrap_or_else(|e| panic!("{}: {t:?} played but does not parse: {e}", v.name()));
        assert!(
            v.legal_moves_vec(&pos).contains(&mv),
            "{}: {t:?} in {pos_text:?} was accepted but is not a legal move",
            v.name()
        );
        assert_eq!(after, v.position_text(&v.play(&pos, &mv)), "{}: {t:?}", v.name());
        let own = v.move_text(&pos, &mv);
        assert_eq!(
            v.parse_move(&pos, &own).as_ref(),
            Ok(&mv),
            "{}: the move's own text {own:?} (for {t:?}) does not read back in {pos_text:?}",
            v.name()
        );
    }
    let line: Vec<&str> = t.split_whitespace().collect();
    let _ = any.play(&pos_text, &line);
}

fn movers() -> &'static [Mover] {
    static ALL: OnceLock<Vec<Mover>> = OnceLock::new();
    ALL.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|(name, _)| with_variant(name, &Config::default(), MakeMover).expect("builds"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let i = usize::from(first) % VARIANTS.len();
    movers()[i](variants()[i].as_ref(), rest);
});
