//! The four-player rules of 8x8x8 Cubic chess (cubic8.md §2, §5, §7): turn order 1, 2, 3, 4;
//! a player checkmated or stalemated is eliminated at once (when his turn comes); in teams, a
//! move may not leave the mover's king or his partner's king in check, and an eliminated player's
//! men pass to the partner, his king no longer royal; the True King game ends when a player's true
//! king is checkmated or stalemated. Kings of players still in the game are never captured.

use crate::notation::colour_name;
use crate::{Cubic, CubicPosition};
use spacechess_engine::{Move, MoveKind};
use spacechess_geometry::{Cell, CellSet, Vector};
use spacechess_variant::{MoveError, Outcome, Player, Players, PositionError, Variant, WinReason};

/// How a game with more than two armies is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two players: the engine's rules alone.
    Plain,
    /// Four players each on his own: an eliminated player's men stay as neutral obstacles (or are
    /// removed); the last player left wins.
    FreeForAll {
        /// Remove an eliminated player's men instead of leaving them.
        remove_men: bool,
    },
    /// Two teams of two armies: an eliminated army passes to the partner.
    Teams {
        /// The partner moves the inherited men in his own turn (instead of in theirs).
        skipped: bool,
        /// True King: the game ends when a team's true king is eliminated.
        true_king: bool,
    },
}

fn is_out<const W: usize>(pos: &CubicPosition<W>, p: Player) -> bool {
    pos.out >> p.0 & 1 != 0
}

fn count<const W: usize>(g: &Cubic<W>) -> u8 {
    g.engine.players().count() as u8
}

fn kings<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, p: Player) -> CellSet<W> {
    g.engine.royals_of(&pos.board, p)
}

/// The kings the side of `p` must not leave attacked: those of the armies allied with `p` that
/// are still in the game.
fn protected<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, p: Player) -> CellSet<W> {
    let players = g.engine.players();
    let mut s = CellSet::EMPTY;
    for q in players.all() {
        if players.allied(p, q) && !is_out(pos, q) {
            s |= kings(g, pos, q);
        }
    }
    s
}

/// The men that attack for the enemies of `p`: every enemy army's, except the neutral men of
/// eliminated players in the free-for-all.
fn attackers<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, p: Player) -> CellSet<W> {
    let players = g.engine.players();
    let mut s = CellSet::EMPTY;
    for q in players.all() {
        if players.allied(p, q) || (is_out(pos, q) && matches!(g.mode, Mode::FreeForAll { .. })) {
            continue;
        }
        s |= pos.board.of_player(q);
    }
    s
}

/// The kings that may not be captured: those of the enemies of `p` still in the game.
fn untouchable<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, p: Player) -> CellSet<W> {
    let players = g.engine.players();
    let mut s = CellSet::EMPTY;
    for q in players.all() {
        if !players.allied(p, q) && !is_out(pos, q) {
            s |= kings(g, pos, q);
        }
    }
    s
}

/// True if a king the side of `p` protects is attacked.
fn side_in_check<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, p: Player) -> bool {
    let att = attackers(g, pos, p);
    protected(g, pos, p)
        .iter()
        .any(|k| g.engine.attacked_by(&pos.board, k, att))
}

/// The armies whose men move in this turn.
fn movers<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>) -> Vec<Player> {
    let p = pos.board.to_move();
    let mut v = vec![p];
    if let Mode::Teams { skipped: true, .. } = g.mode {
        let players = g.engine.players();
        v.extend(
            players
                .all()
                .filter(|&q| q != p && players.allied(p, q) && is_out(pos, q)),
        );
    }
    v
}

/// The legal moves (all of them, or stopping at the first when `first_only`).
fn generate<const W: usize>(
    g: &Cubic<W>,
    pos: &CubicPosition<W>,
    out: &mut Vec<Move>,
    first_only: bool,
) {
    out.clear();
    let p = pos.board.to_move();
    let no_capture = untouchable(g, pos, p);
    // Fast path: an army in the game moving alone, whose attackers are all its enemies' men (no
    // neutral men): the engine's legal moves keep its own king safe; then the partner's king.
    let neutral = matches!(g.mode, Mode::FreeForAll { .. }) && pos.out != 0;
    let movers = movers(g, pos);
    if !is_out(pos, p) && !neutral && movers.len() == 1 {
        g.engine.generate_legal(&pos.board, out);
        let partner = protected(g, pos, p).without(&kings(g, pos, p));
        // A move can expose the partner's king only from a line through it (riders run along
        // queen lines), unless that king is in check already.
        let att_now = g.engine.enemies_of(&pos.board, p);
        let queen = g.engine.kind_by_letter('Q');
        let lines = match queen {
            Some(q)
                if !partner
                    .iter()
                    .any(|k| g.engine.attacked_by(&pos.board, k, att_now)) =>
            {
                Some(partner.iter().fold(CellSet::<W>::EMPTY, |s, k| {
                    s | g.engine.reach_on_empty_board(p, q, k)
                }))
            }
            _ => None,
        };
        out.retain(|m| {
            if !matches!(m.kind, MoveKind::Castle(_)) && no_capture.contains(m.to) {
                return false;
            }
            if partner.is_empty() {
                return true;
            }
            let simple = matches!(
                m.kind,
                MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::DoubleStep { .. }
            );
            if simple && lines.is_some_and(|l| !l.contains(m.from)) {
                return true;
            }
            let after = g.engine.make(&pos.board, m);
            let att = g.engine.enemies_of(&after, p);
            !partner.iter().any(|k| g.engine.attacked_by(&after, k, att))
        });
        promote_extra(g, pos, out);
        if first_only {
            out.truncate(1);
        }
        return;
    }
    let mut buf = Vec::new();
    for a in movers {
        let mut tmp = pos.board;
        tmp.set_to_move(a);
        g.engine.pseudo_legal_moves(&tmp, &mut buf);
        // Castling cells are tested against the men that attack for the mover's enemies: the
        // neutral men of an eliminated player guard nothing (cubic8.md §5: "attacked by an
        // opponent of the mover").
        buf.retain(|m| !matches!(m.kind, MoveKind::Castle(_)));
        g.engine
            .castling_moves_against(&tmp, attackers(g, pos, a), &mut buf);
        for m in &buf {
            let castle = matches!(m.kind, MoveKind::Castle(_));
            if castle && is_out(pos, a) {
                continue;
            }
            if !castle && no_capture.contains(m.to) {
                continue;
            }
            let after = CubicPosition {
                board: g.engine.make(&tmp, m),
                ..*pos
            };
            if !side_in_check(g, &after, p) {
                out.push(*m);
                if first_only {
                    return;
                }
            }
        }
    }
    promote_extra(g, pos, out);
}

/// With `promotion_zone = any_opponent_home`: a pawn move onto another opponent's home row and
/// level becomes a promotion, one move per choice.
fn promote_extra<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>, out: &mut Vec<Move>) {
    let Some(zones) = &g.extra_zone else {
        return;
    };
    let e = &g.engine;
    let choices: Vec<u8> = e
        .rules()
        .promotion
        .iter()
        .flat_map(|p| p.choices.iter().filter_map(|&c| e.kind_by_letter(c)))
        .collect();
    let mut res = Vec::with_capacity(out.len());
    for m in out.drain(..) {
        let pc = pos.board.piece_at(m.from);
        match pc {
            Some(pc)
                if m.kind == MoveKind::Normal
                    && e.kinds()[pc.kind as usize].promotes
                    && zones[pc.player.index()].contains(m.to) =>
            {
                res.extend(choices.iter().map(|&k| Move {
                    kind: MoveKind::Promotion(k),
                    ..m
                }));
            }
            _ => res.push(m),
        }
    }
    *out = res;
}

fn has_legal_move<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>) -> bool {
    let mut v = Vec::new();
    generate(g, pos, &mut v, true);
    !v.is_empty()
}

/// The legal moves of the army to move (none when the game is over).
pub(crate) fn legal_moves<const W: usize>(
    g: &Cubic<W>,
    pos: &CubicPosition<W>,
    out: &mut Vec<Move>,
) {
    out.clear();
    if outcome(g, pos).is_none() {
        generate(g, pos, out, false);
    }
}

/// The result once the game is decided by eliminations.
pub(crate) fn outcome<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>) -> Option<Outcome> {
    let players = g.engine.players();
    match g.mode {
        Mode::Plain => None,
        Mode::FreeForAll { .. } => {
            let left: Vec<Player> = players.all().filter(|&p| !is_out(pos, p)).collect();
            (left.len() <= 1).then_some(Outcome::Win {
                winners: left,
                reason: WinReason::Other("the other players were checkmated or stalemated"),
            })
        }
        Mode::Teams { true_king, .. } => {
            let loser = players.all().find(|&p| {
                if true_king {
                    is_out(pos, p) && pos.true_kings >> p.0 & 1 != 0
                } else {
                    players
                        .all()
                        .filter(|&q| players.allied(p, q))
                        .all(|q| is_out(pos, q))
                }
            })?;
            let reason = if true_king {
                WinReason::Other("the true king was checkmated or stalemated")
            } else {
                WinReason::Other("both kings of the losing team were checkmated or stalemated")
            };
            Some(Outcome::Win {
                winners: players
                    .all()
                    .filter(|&q| !players.allied(loser, q))
                    .collect(),
                reason,
            })
        }
    }
}

/// True if a king the side to move protects is attacked.
pub(crate) fn in_check<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>) -> bool {
    side_in_check(g, pos, pos.board.to_move())
}

/// Gives the turn to the next army after `last` that can move, eliminating every player in the
/// game who cannot (checkmated or stalemated), until one can move or the game is decided.
fn advance<const W: usize>(g: &Cubic<W>, pos: &mut CubicPosition<W>, last: Player) {
    let n = count(g);
    let mut q = last;
    for _ in 0..2 * n {
        q = Player((q.0 + 1) % n);
        if outcome(g, pos).is_some() {
            return;
        }
        pos.board.set_to_move(q);
        if is_out(pos, q) {
            let plays = matches!(g.mode, Mode::Teams { skipped: false, .. });
            if plays && has_legal_move(g, pos) {
                return;
            }
            continue;
        }
        if has_legal_move(g, pos) {
            return;
        }
        pos.out |= 1 << q.0;
        if let Mode::FreeForAll { remove_men: true } = g.mode {
            for c in pos.board.of_player(q) {
                pos.board.remove(c);
            }
        }
    }
}

/// The position after a legal move.
pub(crate) fn play<const W: usize>(
    g: &Cubic<W>,
    pos: &CubicPosition<W>,
    m: &Move,
) -> CubicPosition<W> {
    let me = pos.board.to_move();
    let owner = pos.board.piece_at(m.from).map(|pc| pc.player).unwrap_or(me);
    let mut tmp = pos.board;
    tmp.set_to_move(owner);
    let mut next = CubicPosition {
        board: g.engine.make(&tmp, m),
        ..*pos
    };
    advance(g, &mut next, me);
    let to = next.board.to_move();
    let full = pos.board.fullmove_number() + u32::from(to.0 <= me.0);
    let half = next.board.halfmove_clock();
    next.board.set_clocks(half, full);
    next
}

/// Reads a move among the legal ones, saying why when it is not legal.
pub(crate) fn parse_move<const W: usize>(
    g: &Cubic<W>,
    pos: &CubicPosition<W>,
    text: &str,
) -> Result<Move, MoveError> {
    let t = text.trim();
    let mut legal = Vec::new();
    legal_moves(g, pos, &mut legal);
    if legal.is_empty() {
        return Err(MoveError::GameOver(match outcome(g, pos) {
            Some(o) => o.to_string(),
            None => "the side to move has no legal move".into(),
        }));
    }
    if let Some(m) = legal
        .iter()
        .find(|m| g.engine.move_text(&pos.board, m) == t)
    {
        return Ok(*m);
    }
    // The engine's reading of the text (docs/formats.md, "Move text"), matched against the
    // moves of the four-player game.
    let spec = g.engine.read_move_text(t)?;
    if let Some(m) = legal.iter().find(|m| spec.matches(m)) {
        return Ok(*m);
    }
    // Not legal here: let the engine name the problem with the piece, or say which rule of the
    // four-player game forbids it.
    let mut tmp = pos.board;
    for a in movers(g, pos) {
        tmp.set_to_move(a);
        if let Ok(m) = g.engine.parse_move(&tmp, t) {
            let reason = if untouchable(g, pos, pos.board.to_move()).contains(m.to) {
                "a king of a player still in the game is never captured".to_string()
            } else {
                "it would leave the mover's king or his partner's king in check".to_string()
            };
            return Err(MoveError::Illegal {
                text: t.to_string(),
                reason,
            });
        }
    }
    tmp.set_to_move(pos.board.to_move());
    Err(g
        .engine
        .parse_move(&tmp, t)
        .err()
        .unwrap_or_else(|| MoveError::Illegal {
            text: t.to_string(),
            reason: "not a legal move here".into(),
        }))
}

fn army_list(mask: u8) -> String {
    (0..8)
        .filter(|i| mask >> i & 1 != 0)
        .map(|i| (i + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The fields after the engine's six: `out:1,3` (eliminated armies, when any) and, in the True
/// King game, `true:1,2` (the armies of the true kings).
pub(crate) fn extra_fields<const W: usize>(g: &Cubic<W>, pos: &CubicPosition<W>) -> String {
    let mut s = String::new();
    if pos.out != 0 {
        s.push_str(&format!(" out:{}", army_list(pos.out)));
    }
    if let Mode::Teams {
        true_king: true, ..
    } = g.mode
    {
        s.push_str(&format!(" true:{}", army_list(pos.true_kings)));
    }
    s
}

fn armies(players: &Players, text: &str, what: &str) -> Result<u8, String> {
    let mut mask = 0u8;
    for part in text.split(',').filter(|s| !s.is_empty()) {
        match part.trim().parse::<usize>() {
            Ok(k) if (1..=players.count()).contains(&k) => mask |= 1 << (k - 1),
            _ => {
                return Err(format!(
                    "'{part}' in the {what} field is not an army number 1 to {}",
                    players.count()
                ))
            }
        }
    }
    Ok(mask)
}

/// Reads the true kings (`1,2`: one army of each team) as a mask.
pub(crate) fn parse_true_kings(players: &Players, text: &str) -> Result<u8, String> {
    let mask = armies(players, text, "true king")?;
    for t in 0..2u8 {
        let n = players
            .all()
            .filter(|&p| players.team(p) == t && mask >> p.0 & 1 != 0)
            .count();
        if n != 1 {
            return Err(format!(
                "'{text}' names {n} true kings for the team of {}; exactly one is needed",
                players
                    .all()
                    .filter(|&p| players.team(p) == t)
                    .map(|p| (p.0 + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ));
        }
    }
    Ok(mask)
}

/// Reads a four-player position: the engine's fields, then `out:` and `true:` fields.
pub(crate) fn parse_position<const W: usize>(
    g: &Cubic<W>,
    text: &str,
) -> Result<CubicPosition<W>, PositionError> {
    let players = g.engine.players();
    let mut out = 0;
    let mut true_kings = None;
    let mut rest = Vec::new();
    for f in text.split_whitespace() {
        if let Some(v) = f.strip_prefix("out:") {
            out = armies(players, v, "out").map_err(PositionError::Fields)?;
        } else if let Some(v) = f.strip_prefix("true:") {
            if !matches!(
                g.mode,
                Mode::Teams {
                    true_king: true,
                    ..
                }
            ) {
                return Err(PositionError::Fields(
                    "a true: field belongs to the True King game only".into(),
                ));
            }
            true_kings = Some(parse_true_kings(players, v).map_err(PositionError::Fields)?);
        } else {
            rest.push(f);
        }
    }
    let board = g.engine.parse_position_unvalidated(&rest.join(" "))?;
    let mut pos = CubicPosition {
        board,
        out,
        true_kings: true_kings.unwrap_or(g.start.true_kings),
    };
    let e = &g.engine;
    for p in players.all() {
        let n = kings(g, &pos, p).len();
        if !is_out(&pos, p) && n != 1 {
            return Err(PositionError::Invalid(format!(
                "{} is in the game with {n} kings; exactly one is needed",
                players.name(p)
            )));
        }
        for c in pos.board.of_player(p) {
            let pc = pos.board.piece_at(c).expect("occupied");
            let extra = g
                .extra_zone
                .as_ref()
                .is_some_and(|z| z[p.index()].contains(c));
            if e.kinds()[pc.kind as usize].promotes && (e.promotion_zone(p).contains(c) || extra) {
                return Err(PositionError::Invalid(format!(
                    "{}'s pawn on {} stands in its promotion zone",
                    players.name(p),
                    e.cell_name(c)
                )));
            }
        }
    }
    // A player to move who cannot move is eliminated at once, as after a move.
    if outcome(g, &pos).is_none() && !has_legal_move(g, &pos) {
        let n = count(g);
        let before = Player((pos.board.to_move().0 + n - 1) % n);
        advance(g, &mut pos, before);
    }
    Ok(pos)
}

/// The 8x8x8 drawing: the levels side by side, labelled by colour, White (top) first, as many to
/// a row as fit in 80 columns; files A..H, ranks 8..1.
/// `marks` are written before their cells' men (see `Variant::draw_marked`).
pub(crate) fn draw_colour_levels<const W: usize>(
    g: &Cubic<W>,
    pos: &CubicPosition<W>,
    marks: &[(Cell, char)],
) -> String {
    let e = g.engine();
    let shape = e.shape();
    let wide = e.players().count() > 2;
    let cell_w = if wide { 3 } else { 2 };
    let mut panels: Vec<Vec<String>> = Vec::new();
    for z in (0..shape.extent(2)).rev() {
        let mut lines = vec![colour_name(z).to_string()];
        for y in (0..shape.extent(1)).rev() {
            let mut line = format!("{} ", y + 1);
            for x in 0..shape.extent(0) {
                let c = shape
                    .cell(&Vector::new(&[x as i8, y as i8, z as i8]))
                    .expect("inside");
                let t = match pos.board.piece_at(c) {
                    Some(pc) => token(g, pc.player, pc.kind),
                    None => ".".into(),
                };
                spacechess_variant::board::mark_before(&mut line, marks, c);
                line.push_str(&format!("{t:<cell_w$}"));
            }
            lines.push(line.trim_end().to_string());
        }
        let files: String = (0..shape.extent(0))
            .map(|x| format!("{:<cell_w$}", (b'A' + x as u8) as char))
            .collect();
        lines.push(format!("  {}", files.trim_end()));
        panels.push(lines);
    }
    let width = panels.iter().flatten().map(|l| l.len()).max().unwrap_or(0) + 2;
    let per_row = (80 / width).max(1);
    let mut out = String::new();
    for chunk in panels.chunks(per_row) {
        for r in 0..chunk[0].len() {
            let mut line = String::new();
            for p in chunk {
                line.push_str(&format!("{:<width$}", p[r]));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    let who = e.players().name(pos.board.to_move());
    out.push_str(&format!("{who} to move"));
    if pos.out != 0 {
        out.push_str(&format!("; out: {}", army_list(pos.out)));
    }
    out.push('\n');
    out
}

/// A man's token as in the position text (`K`, `k`, `K'`, `k'`).
fn token<const W: usize>(g: &Cubic<W>, p: Player, kind: u8) -> String {
    let l = g.engine.kinds()[kind as usize].letter;
    let ch = if p.0.is_multiple_of(2) {
        l
    } else {
        l.to_ascii_lowercase()
    };
    if p.0 >= 2 {
        format!("{ch}'")
    } else {
        ch.to_string()
    }
}
