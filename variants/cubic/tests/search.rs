use spacechess_cubic::Raumschach;
use spacechess_variant::search::{MateSolver, RandomMover};
use spacechess_variant::Variant;

fn text(cells: &[(usize, usize, usize, char)], to_move: &str) -> String {
    let mut levels = Vec::new();
    for z in (0..5).rev() {
        let mut ranks = Vec::new();
        for y in (0..5).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..5 {
                match cells.iter().find(|c| (c.0, c.1, c.2) == (x, y, z)) {
                    Some(c) => {
                        if empty > 0 { row.push_str(&empty.to_string()); empty = 0; }
                        row.push(c.3);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 { row.push_str(&empty.to_string()); }
            ranks.push(row);
        }
        levels.push(ranks.join("/"));
    }
    format!("{} {to_move} - - 0 1", levels.join("//"))
}

#[test]
#[ignore]
fn find() {
    let v = Raumschach::raumschach(None, &[]).unwrap();
    let mut rng = RandomMover::new(11);
    let mut found1 = 0; let mut found2 = 0;
    for _ in 0..20000 {
        let mut cells: Vec<(usize,usize,usize,char)> = Vec::new();
        let pieces = ['K','k','Q','R'];
        for &p in &pieces {
            loop {
                let c = ((rng.next_u64()%5) as usize, (rng.next_u64()%5) as usize, (rng.next_u64()%5) as usize, p);
                if p == 'k' && !(c.0 == 4 || c.0 == 0) { continue; }
                if !cells.iter().any(|d| (d.0,d.1,d.2)==(c.0,c.1,c.2)) { cells.push(c); break; }
            }
        }
        let t = text(&cells, "w");
        let Ok(pos) = v.parse_position(&t) else { continue };
        if v.outcome(&pos).is_some() { continue; }
        let mut s = MateSolver::new(&v);
        let r1 = s.solve(&pos, 1);
        if r1.shortest == Some(1) && r1.keys.len() == 1 && found1 < 3 {
            found1 += 1;
            println!("M1 {t} key {}", v.move_text(&pos, &r1.keys[0]));
        }
        if r1.shortest.is_none() && found2 < 3 {
            let r2 = s.solve(&pos, 2);
            if r2.shortest == Some(2) && r2.keys.len() == 1 {
                found2 += 1;
                println!("M2 {t} key {}", v.move_text(&pos, &r2.keys[0]));
            }
        }
        if found1 >= 3 && found2 >= 3 { break; }
    }
}
