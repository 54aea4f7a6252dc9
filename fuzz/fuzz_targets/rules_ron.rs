//! RON rule files: byte 0 chooses the variant whose rule file the rest is (`orthodox`: any engine
//! `RuleSet`, built on the generic engine; the others: their options RON), through
//! `spacechess::variant_with`. A variant that builds must list its start position's moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spacechess::engine::RuleSet;
use spacechess::{Config, VARIANTS};
use spacechess_fuzz::{check_position, known, text};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let (name, _) = VARIANTS[usize::from(first) % VARIANTS.len()];
    let t = text(rest);
    if name == "orthodox" {
        let _ = RuleSet::from_ron(&t);
    }
    if let Ok(v) = spacechess::variant_with(name, &Config::default().rules(t)) {
        let start = v.start();
        if let Err(e) = v.normalize(&start) {
            if known::unreadable_engine_start(&e.to_string()) {
                return;
            }
        }
        check_position(v.as_ref(), &start);
        let _ = v.options_ron();
    }
});
