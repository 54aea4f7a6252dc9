//! Players and teams.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player, by turn order: player 0 moves first.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct Player(pub u8);

impl Player {
    /// The index as `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// The players of a game: their names and teams. Two players are always on two teams; four
/// players may play individually (four teams) or as two teams of two.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Players {
    names: Vec<String>,
    teams: Vec<u8>,
}

impl Players {
    /// Players with these names and team numbers (one team number per player).
    pub fn new(names: Vec<String>, teams: Vec<u8>) -> Players {
        assert_eq!(names.len(), teams.len());
        Players { names, teams }
    }

    /// White and Black.
    pub fn two() -> Players {
        Players::new(vec!["White".into(), "Black".into()], vec![0, 1])
    }

    /// Number of players.
    pub fn count(&self) -> usize {
        self.names.len()
    }

    /// A player's name.
    pub fn name(&self, p: Player) -> &str {
        &self.names[p.index()]
    }

    /// A player's team.
    pub fn team(&self, p: Player) -> u8 {
        self.teams[p.index()]
    }

    /// True if the two players are on the same team (a player is its own teammate).
    pub fn allied(&self, a: Player, b: Player) -> bool {
        self.team(a) == self.team(b)
    }

    /// All players in turn order.
    pub fn all(&self) -> impl Iterator<Item = Player> {
        (0..self.count() as u8).map(Player)
    }

    /// Number of distinct teams.
    pub fn team_count(&self) -> usize {
        let mut t = self.teams.clone();
        t.sort();
        t.dedup();
        t.len()
    }
}
