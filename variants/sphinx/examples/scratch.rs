use spacechess_sphinx::*;
use spacechess_variant::{perft, Variant};
fn main() {
    let v = SphinxChess::chess();
    let s = v.start();
    println!("{}", v.draw(&s));
    println!("{}", v.position_text(&s));
    for d in 1..=3 { let t = std::time::Instant::now(); let n = perft(&v, &s, d); println!("sphinx d{d} {n} {:?}", t.elapsed()); }
    let r = ReducedSphinx::chess();
    let s = r.start();
    println!("{}", r.draw(&s));
    for d in 1..=3 { let t = std::time::Instant::now(); let n = perft(&r, &s, d); println!("reduced d{d} {n} {:?}", t.elapsed()); }
    let e = Ecila8::new(EcilaOptions::default()).unwrap();
    let s = e.start();
    println!("{}", e.position_text(&s));
    for d in 1..=3 { let t = std::time::Instant::now(); let n = perft(&e, &s, d); println!("ecila d{d} {n} {:?}", t.elapsed()); }
}
