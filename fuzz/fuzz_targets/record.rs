//! The game record reader (`spacechess::record`): byte 0 the variant that replays the records,
//! the rest the record text. A record that replays is written back and must read back to the
//! same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spacechess::record::Record;
use spacechess::{with_variant, Config, Variant, VariantVisitor, VARIANTS};
use spacechess_fuzz::{known, text};
use std::sync::OnceLock;

/// A typed variant, kept inside a closure that replays a record text on it.
type Replayer = Box<dyn Fn(&str) + Send + Sync>;

struct MakeReplayer;

impl VariantVisitor for MakeReplayer {
    type Output = Replayer;
    fn visit<V: Variant + 'static>(self, v: V) -> Replayer {
        Box::new(move |t| replay_all(&v, t))
    }
}

fn replay_all<V: Variant>(v: &V, t: &str) {
    let Ok(records) = Record::parse_all(t) else { return };
    for r in records.iter().take(4) {
        if r.moves.iter().any(|m| known::non_ascii_engine_move(v.name(), m)) {
            continue;
        }
        let _ = r.to_text_with_turns(&[]);
        let Ok(game) = r.replay(v) else { continue };
        let written = Record::game_text(&game, &[], &[], None);
        let back = Record::parse_all(&written)
            .unwrap_or_else(|e| panic!("{}: written record {written:?} does not read: {e}", v.name()));
        assert_eq!(back.len(), 1, "{}: one record written, read {written:?}", v.name());
        let again = back[0]
            .replay(v)
            .unwrap_or_else(|e| panic!("{}: written record {written:?} does not replay: {e}", v.name()));
        assert_eq!(again.moves(), game.moves(), "{}: {written:?}", v.name());
        assert_eq!(again.position(), game.position(), "{}: {written:?}", v.name());
    }
}

fn replayers() -> &'static [Replayer] {
    static ALL: OnceLock<Vec<Replayer>> = OnceLock::new();
    ALL.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|(name, _)| with_variant(name, &Config::default(), MakeReplayer).expect("builds"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let all = replayers();
    all[usize::from(first) % all.len()](&text(rest));
});
