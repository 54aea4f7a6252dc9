//! Helpers shared by the test files: building positions from a list of men, listing targets.
#![allow(dead_code)]

use spacechess_spectral::board::{is_point, is_square, name, parse_name};
use spacechess_spectral::{Spectral, SpectralPosition};
use spacechess_variant::Variant;

pub fn pos(v: &Spectral, text: &str) -> SpectralPosition {
    v.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn cell(s: &str) -> spacechess_geometry::Cell {
    parse_name(s).unwrap_or_else(|| panic!("not a location: {s}"))
}

/// The destinations of the man on `from`, sorted by name.
pub fn targets(v: &Spectral, p: &SpectralPosition, from: &str) -> Vec<String> {
    let mut t: Vec<String> = v
        .moves_from(p, cell(from))
        .iter()
        .map(|m| name(m.to))
        .collect();
    t.sort();
    t.dedup();
    t
}

pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn count(v: &Spectral, p: &SpectralPosition, from: &str) -> (usize, usize) {
    let t = targets(v, p, from);
    let sq = t.iter().filter(|n| is_square(cell(n))).count();
    let pt = t.iter().filter(|n| is_point(cell(n))).count();
    (sq, pt)
}

/// Places men on an otherwise empty board: `&[("B", "a1"), ("k", "h1")]`, White to move.
pub fn setup(v: &Spectral, men: &[(&str, &str)], to_move: &str) -> SpectralPosition {
    let mut squares = vec![vec!['.'; 8]; 8];
    let mut points = vec![vec!['.'; 7]; 7];
    for (m, at) in men {
        let ch = m.chars().next().unwrap();
        let c = cell(at);
        let n = name(c);
        let b = n.as_bytes();
        if is_square(c) {
            squares[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = ch;
        } else {
            points[(b[3] - b'1') as usize][(b[1] - b'a') as usize] = ch;
        }
    }
    let rows = |g: &Vec<Vec<char>>| -> String {
        g.iter()
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut e = 0;
                for &c in r {
                    if c == '.' {
                        e += 1;
                    } else {
                        if e > 0 {
                            s.push_str(&e.to_string());
                            e = 0;
                        }
                        s.push(c);
                    }
                }
                if e > 0 {
                    s.push_str(&e.to_string());
                }
                s
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    pos(
        v,
        &format!("{}|{} {to_move} - - 0 1", rows(&squares), rows(&points)),
    )
}
