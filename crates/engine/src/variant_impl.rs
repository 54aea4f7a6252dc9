//! [`Variant`] for the engine.

use super::build::Engine;
use super::eval_net::NetSums;
use super::position::{Move, MoveKind, Position};
use super::rules::{Goal, StalemateResult};
use super::text;
use spacechess_variant::Variant;
use spacechess_variant::{BoardModel, Man, MoveInfo};
use spacechess_variant::{DrawReason, Outcome, WinReason};
use spacechess_variant::{MoveError, PositionError};
use spacechess_variant::{Player, Players};
use std::hash::{Hash, Hasher};

impl<const W: usize> Engine<W> {
    fn others_win(&self, loser: Player, reason: WinReason) -> Outcome {
        let winners = self
            .players
            .all()
            .filter(|&q| !self.players.allied(loser, q))
            .collect();
        Outcome::Win { winners, reason }
    }

    fn allies_win(&self, winner: Player, reason: WinReason) -> Outcome {
        let winners = self
            .players
            .all()
            .filter(|&q| self.players.allied(winner, q))
            .collect();
        Outcome::Win { winners, reason }
    }
}

impl<const W: usize> Variant for Engine<W> {
    type Position = Position<W>;
    type Move = Move;
    type EvalState = NetSums;

    fn name(&self) -> &str {
        &self.rules.name
    }
    fn description(&self) -> &str {
        &self.rules.description
    }
    fn options_ron(&self) -> String {
        self.rules.to_ron()
    }
    fn players(&self) -> &Players {
        &self.players
    }
    fn start(&self) -> Position<W> {
        self.start
    }
    fn to_move(&self, pos: &Position<W>) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &Position<W>, out: &mut Vec<Move>) {
        self.generate_legal(pos, out);
    }
    fn count_legal_moves(&self, pos: &Position<W>, scratch: &mut Vec<Move>) -> usize {
        self.count_legal(pos, scratch)
    }
    fn play(&self, pos: &Position<W>, mv: &Move) -> Position<W> {
        self.make(pos, mv)
    }
    fn in_check(&self, pos: &Position<W>) -> bool {
        self.royal_mask != 0 && self.royal_attacked(pos, pos.to_move)
    }
    fn outcome(&self, pos: &Position<W>) -> Option<Outcome> {
        match self.rules.goal {
            Goal::CaptureAll => {
                if let Some(p) = self
                    .players
                    .all()
                    .find(|p| pos.by_player[p.index()].is_empty())
                {
                    return Some(self.others_win(p, WinReason::CapturedEverything));
                }
            }
            Goal::LoseAll => {
                if let Some(p) = self
                    .players
                    .all()
                    .find(|p| pos.by_player[p.index()].is_empty())
                {
                    return Some(self.allies_win(p, WinReason::LostEverything));
                }
            }
            Goal::CaptureRoyal => {
                if let Some(p) = self.royal_lost(pos) {
                    return Some(self.others_win(p, WinReason::KingCaptured));
                }
            }
            Goal::Checkmate => {}
        }
        let mut moves = Vec::new();
        self.generate_legal(pos, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        let me = pos.to_move;
        if self.in_check(pos) {
            return Some(self.others_win(me, WinReason::Checkmate));
        }
        Some(match self.rules.stalemate {
            StalemateResult::Draw => Outcome::Draw(DrawReason::Stalemate),
            StalemateResult::Loss => self.others_win(me, WinReason::Stalemate),
            StalemateResult::Win => self.allies_win(me, WinReason::Stalemate),
        })
    }
    fn move_text(&self, pos: &Position<W>, mv: &Move) -> String {
        text::move_text(self, pos, mv)
    }
    fn parse_move(&self, pos: &Position<W>, t: &str) -> Result<Move, MoveError> {
        text::parse_move(self, pos, t)
    }
    fn position_text(&self, pos: &Position<W>) -> String {
        text::position_text(self, pos)
    }
    fn cell_info(&self, pos: &Position<W>, t: &str) -> Option<spacechess_variant::CellReading> {
        let cell = self.parse_cell_any_case(t.trim())?;
        Some(spacechess_variant::CellReading {
            name: self.cell_name(cell),
            man: pos.piece_at(cell).map(|pc| spacechess_variant::ManInfo {
                player: pc.player,
                piece: self.kinds[pc.kind as usize].name.clone(),
            }),
        })
    }
    fn move_origin(&self, _pos: &Position<W>, mv: &Move) -> Option<String> {
        match mv.kind {
            MoveKind::Place(_) => None,
            _ => Some(self.cell_name(mv.from)),
        }
    }
    fn parse_position(&self, t: &str) -> Result<Position<W>, PositionError> {
        text::parse_position(self, t, Some(&self.start))
    }
    fn draw(&self, pos: &Position<W>) -> String {
        text::draw(self, pos, &[])
    }
    fn draw_marked(&self, pos: &Position<W>, marks: &[(spacechess_variant::Cell, char)]) -> String {
        text::draw(self, pos, marks)
    }
    fn piece_names(&self) -> Vec<(char, String)> {
        self.kinds
            .iter()
            .map(|k| (k.letter, k.name.clone()))
            .collect()
    }
    fn move_info(&self, pos: &Position<W>, mv: &Move) -> MoveInfo {
        super::info::move_info(self, pos, mv)
    }
    fn men(&self, pos: &Position<W>) -> Vec<Man> {
        super::info::men(self, pos)
    }
    fn board(&self) -> BoardModel {
        super::info::board(self)
    }
    fn repetition_key(&self, pos: &Position<W>) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        pos.by_player.hash(&mut h);
        pos.by_kind.hash(&mut h);
        pos.unmoved.hash(&mut h);
        pos.ep.hash(&mut h);
        pos.to_move.hash(&mut h);
        h.finish()
    }
    fn halfmove_clock(&self, pos: &Position<W>) -> Option<u32> {
        Some(pos.halfmove)
    }
    fn hash_key(&self, pos: &Position<W>) -> u64 {
        self.zobrist_key(pos)
    }
    fn evaluate(&self, pos: &Position<W>, scores: &mut [i32]) {
        self.evaluate_players(pos, scores)
    }
    fn eval_state(&self, pos: &Position<W>) -> NetSums {
        self.net_sums_of(pos)
    }
    fn next_eval_state(
        &self,
        sums: &NetSums,
        before: &Position<W>,
        after: &Position<W>,
    ) -> NetSums {
        self.next_net_sums_of(sums, before, after)
    }
    fn evaluate_with_state(&self, pos: &Position<W>, sums: &NetSums, scores: &mut [i32]) {
        self.evaluate_players_from(pos, sums, scores)
    }
    fn pass(&self, pos: &Position<W>) -> Option<Position<W>> {
        // Two players only; never in losing chess, where having to move is the game.
        if self.players.count() != 2 || self.rules.goal == Goal::LoseAll {
            return None;
        }
        // Zugzwang guard: a side with only royal and promoting men (king and pawns) does not
        // pass, since there a move can be worse than none.
        let mine = pos.by_player[pos.to_move.index()];
        let mut pieces = spacechess_geometry::CellSet::<W>::EMPTY;
        for k in 0..self.kinds.len() {
            if !self.is_royal(k as u8) && !self.kinds[k].promotes {
                pieces |= mine & pos.by_kind[k];
            }
        }
        if pieces.is_empty() {
            return None;
        }
        let mut passed = *pos;
        passed.ep = None;
        passed.to_move = Player(1 - pos.to_move.0);
        passed.key = self.key_of(pos)
            ^ self.keys.ep(pos.ep)
            ^ self.keys.side(pos.to_move)
            ^ self.keys.side(passed.to_move);
        passed.halfmove = pos.halfmove.saturating_add(1);
        Some(passed)
    }
    fn capture_values(&self, pos: &Position<W>, mv: &Move) -> Option<(i32, i32)> {
        self.capture_values_of(pos, mv)
    }
    fn noisy_moves(&self, pos: &Position<W>, out: &mut Vec<Move>) -> bool {
        self.generate_noisy(pos, out)
    }
    fn see(&self, pos: &Position<W>, mv: &Move) -> Option<i32> {
        Engine::see(self, pos, mv)
    }
    fn moved_man_attacked(&self, after: &Position<W>, mv: &Move) -> bool {
        let Some(owner) = after.piece_at(mv.to).map(|pc| pc.player) else {
            return false;
        };
        let mover = after.to_move;
        if self.players.allied(mover, owner) {
            return false;
        }
        self.attacked_by(after, mv.to, after.by_player[mover.index()])
    }
}
