//! Dead positions decided by material alone (FIDE Laws of Chess, article 5.2.2: the game is
//! drawn when no series of legal moves can lead to checkmate).
//!
//! Only the cases that material settles are recognised, as most programs do: no pawn, rook or
//! queen on the board, and either at most one minor piece (a knight or a bishop) in all, or
//! bishops only, every one on squares of the same colour (whoever owns them). Positions that
//! are dead because of a blockade of pawns are not recognised; they end by the 50-move rule.

use spacechess_engine::{Engine, Position};

/// The kinds the material test reads, found in the rule set once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MinorKinds {
    king: u8,
    knight: u8,
    bishop: u8,
}

impl MinorKinds {
    /// The king's, knight's and bishop's kind indices in `engine`'s rule set.
    pub(crate) fn of(engine: &Engine<1>) -> MinorKinds {
        let kind = |letter| {
            engine
                .kind_by_letter(letter)
                .expect("the orthodox rule set has kings, knights and bishops")
        };
        MinorKinds {
            king: kind('K'),
            knight: kind('N'),
            bishop: kind('B'),
        }
    }

    /// Whether neither side can ever checkmate, by the material on the board.
    pub(crate) fn insufficient_material(&self, engine: &Engine<1>, pos: &Position<1>) -> bool {
        let (knights, bishops) = (pos.of_kind(self.knight), pos.of_kind(self.bishop));
        let others = pos.occupied() & !(pos.of_kind(self.king) | knights | bishops);
        if !others.is_empty() {
            return false;
        }
        if knights.len() + bishops.len() <= 1 {
            return true;
        }
        let shape = engine.shape();
        let mut colours = bishops.iter().map(|cell| shape.colour(cell));
        knights.is_empty()
            && colours
                .next()
                .is_some_and(|first| colours.all(|c| c == first))
    }
}
