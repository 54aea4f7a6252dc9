//! Move and board geometry ([`spacechess_variant::board`]): what a move does on the board, the men
//! of a position, and the model of the drawing of the eight levels. Computed on demand only.
//!
//! | move (notation, rules/goff) | [`MoveKind`] | `from` | `to` | `captures` |
//! | --- | --- | --- | --- | --- |
//! | `Q - KB3,4`, `Q x KB3,4` | `Plain`, `Capture` | the man | its tile | the tile, if an enemy stood there |
//! | `P - QR8,8=Q` (03 §3.6) | `Promotion` (uplift: to `S`) | the pawn | its tile | as above |
//! | `P x KB6,6 e.p.` (04 §3.2) | `EnPassant` | the pawn | the path tile | the doubly advanced pawn's tile |
//! | `CK1,1`, `CL2,1;` (04 §5.7) | `Castle` | king, rook | their tiles | none |
//! | `CL2,1;4,1` (04 §5.2, double castling) | `DoubleCastle` | king, king rook, queen rook | their tiles | none |
//! | `S f B@X, D@Y` (03 §2.4.5) | `Fission` | the stack | the bishop's, the duke's tile | either, if an enemy stood there |
//! | `SD - KN5,1` (03 §2.3) | `Decay` | the stack (the other sub-piece stays) | the sub-piece's tile | the tile, if an enemy stood there |
//! | `D t QR8,8` (03 §2.3) | `Teleport` | the stack (the other sub-piece stays) | the friendly man's tile | none |
//! | `B r D@Q8,6` (03 §2.3) | `Recombination` | the lone bishop or duke | the friendly man's tile | none |

use crate::castling::home_tiles;
use crate::position::{Kind, Move, Position};
use crate::tile::{Tile, LEVELS};
use spacechess_geometry::Cell;
use spacechess_variant::{BoardModel, CellInfo, Man, MoveInfo, MoveKind, Panel, Player};

/// What a legal move does on the board (see the table of the module).
pub fn move_info(pos: &Position, m: &Move) -> MoveInfo {
    let me = pos.piece_at(m.from).map_or(pos.to_move(), |pc| pc.player);
    let enemy = pos.of_player(Player(1 - me.0));
    let mine = pos.of_player(me);
    let captured = |c: Cell| enemy.contains(c).then_some(c);
    let kind = pos.piece_at(m.from).map(|pc| pc.kind);
    if let Some(c) = m.castle {
        let (_, king_rook, queen_rook) = home_tiles(me);
        let mut from = vec![m.from];
        let mut to = vec![m.to];
        for (origin, dest) in [(king_rook, c.king_rook), (queen_rook, c.queen_rook)] {
            if let Some(dest) = dest {
                from.push(origin);
                to.push(dest);
            }
        }
        let kind = if from.len() == 3 {
            MoveKind::DoubleCastle
        } else {
            MoveKind::Castle
        };
        return MoveInfo::new(kind, from, to);
    }
    if let Some(duke) = m.fission {
        return MoveInfo {
            captures: [m.to, duke].into_iter().filter_map(captured).collect(),
            ..MoveInfo::new(MoveKind::Fission, vec![m.from], vec![m.to, duke])
        };
    }
    let one = |kind: MoveKind, captures: Option<Cell>| MoveInfo {
        captures: captures.into_iter().collect(),
        ..MoveInfo::new(kind, vec![m.from], vec![m.to])
    };
    match (kind, m.part) {
        (Some(Kind::Pawn), Some(Kind::Pawn)) => {
            one(MoveKind::EnPassant, pos.en_passant().map(|(_, d)| d))
        }
        (Some(Kind::Stack), Some(_)) if mine.contains(m.to) => one(MoveKind::Teleport, None),
        (Some(Kind::Stack), Some(_)) => one(MoveKind::Decay, captured(m.to)),
        (Some(Kind::Bishop | Kind::Duke), _) if mine.contains(m.to) => {
            one(MoveKind::Recombination, None)
        }
        _ => match m.promote {
            Some(k) => MoveInfo {
                promotion: Some(k.letter()),
                ..one(MoveKind::Promotion, captured(m.to))
            },
            None => MoveInfo::step(m.from, m.to, captured(m.to)),
        },
    }
}

/// The men on the board, by increasing tile, with the book's letters (`S` a stack, `D` a duke).
pub fn men(pos: &Position) -> Vec<Man> {
    pos.occupied()
        .iter()
        .filter_map(|cell| {
            let pc = pos.piece_at(cell)?;
            Some(Man {
                cell,
                player: pc.player,
                piece: pc.kind.letter(),
            })
        })
        .collect()
}

/// The model of [`crate::text::draw`]: the eight levels from the top (KR) down, four side by side,
/// each in White's view (rows White's left distance 8 down to 1, columns White's right distance 1
/// to 8). Tiles are named by White's book names (`K4,4`; Black's moves name the same tile from
/// his side, 9 minus each distance); coordinates are the geometry's axes `(b, a, z)` from 0 (see
/// [`tile`](mod@crate::tile)).
pub fn board_model() -> BoardModel {
    let panels = (0..8)
        .rev()
        .map(|z| Panel {
            name: format!("level {}", LEVELS[z]),
            rows: 8,
            columns: 8,
            grid_row: 0,
            grid_column: 0,
        })
        .collect();
    let cells = (0..512)
        .map(|i| {
            let cell = Cell(i);
            let t = Tile::of(cell);
            CellInfo {
                cell,
                name: t.book_name(Player(0)),
                coords: vec![i32::from(t.b), i32::from(t.a), i32::from(t.z)],
                panel: 7 - t.z as usize,
                row: 7 - t.a as usize,
                column: t.b as usize,
                point: false,
            }
        })
        .collect();
    let mut model = BoardModel::new(cells, panels);
    // The drawing pads every panel to 20 characters.
    model.arrange(20);
    model
}
