//! Position text of every registered variant: first byte the variant, the rest the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spacechess_fuzz::{check_position, pick, text};

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = pick(data) else { return };
    let t = text(rest);
    if let Ok(normal) = v.normalize(&t) {
        check_position(v, &normal);
    }
    // Every entry point reads the text itself.
    let _ = v.legal_moves(&t);
    let _ = v.to_move(&t);
});
