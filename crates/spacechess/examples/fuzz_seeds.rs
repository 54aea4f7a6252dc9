//! Writes the seed corpora of the fuzz targets (`fuzz/seeds/<target>/`) from the variants' start
//! positions, seeded random games, the position texts quoted in the workspace's tests, and the
//! rule files: `cargo run -p spacechess --example fuzz_seeds` from the repository root (it
//! replaces the seed folders; the committed seeds are its output).
//!
//! Each seed starts with the byte that chooses the variant (its index in `spacechess::VARIANTS`),
//! as the fuzz targets read it.

use spacechess::record::Record;
use spacechess::{with_variant, Config, Game, Variant, VariantVisitor, VARIANTS};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Test positions taken per variant (the committed corpora stay small).
const QUOTED_PER_VARIANT: usize = 6;

/// One random game's record and some of its positions.
struct Played {
    record: String,
    positions: Vec<String>,
    /// (plies chosen by index, move text) pairs for the move target.
    moves: Vec<(Vec<u8>, String)>,
}

struct Play;

impl VariantVisitor for Play {
    type Output = Played;
    fn visit<V: Variant + 'static>(self, v: V) -> Played {
        let start = v.start();
        let line = v.random_game(&start, 16, 7);
        let mut game = Game::new(&v, start.clone());
        let mut positions = Vec::new();
        for (i, m) in line.iter().enumerate() {
            game.play(m.clone()).expect("a random move is legal");
            if i % 5 == 4 {
                positions.push(v.position_text(game.position()));
            }
        }
        // Moves: the first legal move of the start, and a move after three plies chosen by index.
        let mut moves = Vec::new();
        if let Some(first) = v.move_texts(&start).first() {
            moves.push((vec![0], first.clone()));
        }
        let mut pos = start.clone();
        let mut choices = Vec::new();
        for c in [1u8, 2, 3] {
            let texts = v.move_texts(&pos);
            if texts.is_empty() {
                break;
            }
            let t = &texts[usize::from(c) % texts.len()];
            pos = v.play_text(&pos, t).expect("a listed move plays");
            choices.push(c);
        }
        if let Some(last) = v.move_texts(&pos).last() {
            let mut k = vec![choices.len() as u8];
            k.extend(&choices);
            moves.push((k, last.clone()));
        }
        Played {
            record: Record::game_text(&game, &[("Event", "fuzz seed")], &[], None),
            positions,
            moves,
        }
    }
}

/// Every string literal in the Rust files under `dir` (escapes kept as written; good enough for
/// position texts, which have none).
fn quoted_strings(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            quoted_strings(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            for (i, part) in text.split('"').enumerate() {
                if i % 2 == 1 && part.len() > 8 && !part.contains('\\') {
                    out.insert(part.to_string());
                }
            }
        }
    }
}

fn write(dir: &Path, name: &str, variant: usize, body: &[u8]) {
    let mut bytes = vec![variant as u8];
    bytes.extend_from_slice(body);
    std::fs::write(dir.join(name), bytes).expect("seed written");
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let seeds = root.join("fuzz/seeds");
    let dirs: Vec<PathBuf> = ["position_text", "move_text", "record", "rules_ron"]
        .iter()
        .map(|t| seeds.join(t))
        .collect();
    for d in &dirs {
        let _ = std::fs::remove_dir_all(d);
        std::fs::create_dir_all(d).expect("seed folder");
    }
    let (positions, moves, records, rules) = (&dirs[0], &dirs[1], &dirs[2], &dirs[3]);

    let mut quoted = BTreeSet::new();
    for d in ["crates", "variants"] {
        quoted_strings(&root.join(d), &mut quoted);
    }
    let mut rule_files = Vec::new();
    for family in ["orthodox", "cubic", "sphinx", "spectral", "goff"] {
        for dir in ["rules", "rules/options"] {
            if let Ok(entries) = std::fs::read_dir(root.join("variants").join(family).join(dir)) {
                let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
                files.sort();
                rule_files.extend(files.into_iter().filter(|p| p.is_file()));
            }
        }
    }

    let mut count = 0;
    for (i, (name, _)) in VARIANTS.iter().enumerate() {
        let v = spacechess::variant(name).expect("a registered variant builds");
        write(positions, &format!("{name}-start"), i, v.start().as_bytes());
        let played = with_variant(name, &Config::default(), Play).expect("builds");
        for (j, p) in played.positions.iter().enumerate() {
            write(positions, &format!("{name}-game-{j}"), i, p.as_bytes());
        }
        let valid = quoted
            .iter()
            .filter(|q| v.normalize(q).is_ok() && **q != v.start());
        for (j, q) in valid.take(QUOTED_PER_VARIANT).enumerate() {
            write(positions, &format!("{name}-test-{j}"), i, q.as_bytes());
        }
        for (j, (k, m)) in played.moves.iter().enumerate() {
            let mut body = k.clone();
            body.extend_from_slice(m.as_bytes());
            write(moves, &format!("{name}-{j}"), i, &body);
        }
        write(records, name, i, played.record.as_bytes());
        write(
            rules,
            &format!("{name}-options"),
            i,
            v.options_ron().as_bytes(),
        );
        count += 1;
    }
    // Rule files: a rule set for `orthodox` (the generic engine), options files for the variant
    // named by the file (its family's first variant otherwise).
    let orthodox = 0;
    for f in &rule_files {
        let text = std::fs::read(f).expect("rule file reads");
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        let target = if f.parent().is_some_and(|p| p.ends_with("options")) {
            VARIANTS
                .iter()
                .position(|(n, _)| stem.starts_with(n))
                .unwrap_or(orthodox)
        } else if f.to_string_lossy().contains("spectral") {
            VARIANTS.iter().position(|(n, _)| *n == "spectral").unwrap()
        } else {
            orthodox
        };
        write(rules, &format!("file-{stem}"), target, &text);
    }
    println!(
        "seeds for {count} variants written to {}",
        seeds.canonicalize().unwrap_or(seeds.clone()).display()
    );
}
