//! A seat whose play the manager ended in a game: timed out, exited, or never said READY.

use super::referee::GameRecord;
use daimyo_engine::rules::DAIMYO;

/// In how many games a seat broke each of the manager's rules that end its play: a time-out,
/// an exit, no READY (it plays lord 0 from then on). A malformed answer is not one: the manager
/// reads what it can of it (extra tokens ignored, a bad one lord 0), as it would every time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Faults {
    pub timed_out: u32,
    pub crashed: u32,
    pub unready: u32,
}

impl Faults {
    /// Each seat's faults in one game.
    pub fn of(g: &GameRecord) -> [Faults; DAIMYO] {
        g.seats.each_ref().map(|s| Faults {
            timed_out: (s.timeouts > 0) as u32,
            crashed: s.gone_at.is_some() as u32,
            unready: !s.ready as u32,
        })
    }

    pub fn none(&self) -> bool {
        *self == Faults::default()
    }

    pub fn add(&mut self, f: &Faults) {
        self.timed_out += f.timed_out;
        self.crashed += f.crashed;
        self.unready += f.unready;
    }

    /// `timed out in 3 games, crashed in 1`.
    pub fn text(&self) -> String {
        let games = |n: u32| if n == 1 { "1 game".to_string() } else { format!("{n} games") };
        let parts = [
            ("timed out in", self.timed_out),
            ("crashed in", self.crashed),
            ("never said READY in", self.unready),
        ];
        let said: Vec<String> =
            parts.iter().filter(|p| p.1 > 0).map(|(w, n)| format!("{w} {}", games(*n))).collect();
        said.join(", ")
    }
}
