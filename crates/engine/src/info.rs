//! Move and board geometry of the engine ([`spacechess_variant::board`]): what a move does, the
//! men of a position, the board model of the generic drawing. Computed on demand only.

use super::build::Engine;
use super::position::{Move, MoveKind, Position};
use spacechess_geometry::Cell;
use spacechess_variant::{BoardModel, Man, MoveInfo, MoveKind as Kind};

/// What a move of the engine does: a castle moves the king (first) and its rook; en passant
/// captures on the victim's cell; a placement has no `from` cell; a promotion names the letter.
pub(crate) fn move_info<const W: usize>(e: &Engine<W>, pos: &Position<W>, m: &Move) -> MoveInfo {
    let captured = |c: Cell| pos.occupied().contains(c).then_some(c);
    match m.kind {
        MoveKind::Place(_) => MoveInfo::new(Kind::Placement, Vec::new(), vec![m.to]),
        MoveKind::Castle(i) => {
            let c = &e.castles[i as usize];
            MoveInfo::new(
                Kind::Castle,
                vec![c.king_from, c.rook_from],
                vec![c.king_to, c.rook_to],
            )
        }
        MoveKind::EnPassant { victim } => MoveInfo {
            captures: vec![victim],
            ..MoveInfo::new(Kind::EnPassant, vec![m.from], vec![m.to])
        },
        MoveKind::Promotion(k) => MoveInfo {
            captures: captured(m.to).into_iter().collect(),
            promotion: Some(e.kinds[k as usize].letter),
            ..MoveInfo::new(Kind::Promotion, vec![m.from], vec![m.to])
        },
        MoveKind::Normal | MoveKind::DoubleStep { .. } => {
            MoveInfo::step(m.from, m.to, captured(m.to))
        }
    }
}

/// The men on the board, by increasing cell; players 3 and 4 keep their letters (the position
/// text's apostrophe is the `player` field).
pub(crate) fn men<const W: usize>(e: &Engine<W>, pos: &Position<W>) -> Vec<Man> {
    pos.occupied()
        .iter()
        .filter_map(|cell| {
            let pc = pos.piece_at(cell)?;
            Some(Man {
                cell,
                player: pc.player,
                piece: e.kinds[pc.kind as usize].letter,
            })
        })
        .collect()
}

/// The model of the engine's drawing (`text::draw`): [`BoardModel::from_shape`] with the
/// notation's cell names; with more than two players a man may take two characters (`K'`), which
/// widens the panels as the drawing does.
pub(crate) fn board<const W: usize>(e: &Engine<W>) -> BoardModel {
    let mut model = BoardModel::from_shape(&e.shape, |c| e.cell_name(c));
    if e.players.count() > 2 && e.shape.ndim() > 2 {
        let label = model.panels.iter().map(|p| p.name.len()).max().unwrap_or(0);
        model.arrange(label.max(3 + 2 * e.shape.extent(0)) + 3);
    }
    model
}
