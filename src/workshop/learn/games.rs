//! A whole game played again from its record, one seat's move at a time: what the seat was
//! shown, what it knew then (its `Position`, as the bot's own tracker builds it from the views),
//! the move it made, and the board as it truly stood, hidden nights included (what a policy of
//! a rollout's later turns reads: `policy::Observed`). `learn` takes its players' moves from it,
//! its report their habits, and the lab's fits theirs; each reads the game this one way.

use daimyo_engine::agent::LocalGame;
use daimyo_engine::knowledge::Position;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Row, View};

/// One seat's move, as the game stood when it was made.
#[derive(Clone, Copy, Debug)]
pub struct SeatMove {
    pub seat: usize,
    /// What the seat was shown this turn.
    pub view: View,
    /// What it knew: every view so far, read.
    pub pos: Position,
    /// The move, as picks per lord.
    pub played: Row,
    /// Every daimyo's true intimacy before the move, and the part of it that is public.
    pub real: [Row; DAIMYO],
    pub public: [Row; DAIMYO],
}

/// Every seat's move of a game, turn by turn, seats in order within a turn.
pub struct Replay<'a> {
    table: LocalGame,
    commands: &'a [[Move; DAIMYO]],
    turn: usize,
    seat: usize,
}

/// The game of lords `strengths` whose moves were `commands` (`commands[turn - 1][seat]`),
/// played again. The moves must be of their turns' phases, as every game the records reader
/// reads is.
pub fn replay(strengths: [u8; LORDS], commands: &[[Move; DAIMYO]]) -> Replay<'_> {
    Replay { table: LocalGame::new(strengths), commands, turn: 0, seat: 0 }
}

impl Iterator for Replay<'_> {
    type Item = SeatMove;

    fn next(&mut self) -> Option<SeatMove> {
        if self.seat == DAIMYO {
            let moves = &self.commands[self.turn];
            self.table.play(moves).expect("a record's moves are of their turns' phases");
            (self.turn, self.seat) = (self.turn + 1, 0);
        }
        let moves = self.commands.get(self.turn)?;
        let (seat, state) = (self.seat, &self.table.state);
        self.seat += 1;
        Some(SeatMove {
            seat,
            view: View::of_seat(state, seat),
            pos: *self.table.known[seat].position(),
            played: moves[seat].counts(),
            real: state.real,
            public: state.public,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::rules::{Phase, TURNS, strengths_from_seed};

    #[test]
    fn every_seats_move_comes_once_with_the_board_it_was_made_on() {
        // A game where seat s puts every pick on lord s: the true board before a move is the
        // moves before it, the public one leaves out the nights not yet revealed (all before
        // turn 6, then nights 6 and 8), and each seat's own intimacy is its true one.
        let strengths = strengths_from_seed(9);
        let commands: Vec<[Move; DAIMYO]> = (1..=TURNS)
            .map(|t| {
                let picks = Phase::of_turn(t).picks();
                std::array::from_fn(|s| Move::new(&vec![s as u8; picks]).unwrap())
            })
            .collect();
        let moves: Vec<SeatMove> = replay(strengths, &commands).collect();
        assert_eq!(moves.len(), TURNS as usize * DAIMYO);
        for (i, m) in moves.iter().enumerate() {
            let (turn, seat) = (i / DAIMYO + 1, i % DAIMYO);
            assert_eq!((m.seat, m.pos.turn as usize, m.view.turn as usize), (seat, turn, turn));
            assert_eq!(m.played, commands[turn - 1][seat].counts());
            let t = turn as u8;
            let (days, nights, revealed) = (t / 2, (t - 1) / 2, if t > 5 { 2 } else { 0 });
            assert_eq!(m.real[seat].get(seat), days * 5 + nights * 4, "turn {turn}");
            assert_eq!(m.public[seat].get(seat), days * 5 + revealed * 4, "turn {turn}");
            assert_eq!((m.pos.own, m.view.own), (m.real[seat], m.real[seat]));
        }
    }
}
