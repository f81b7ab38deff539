//! What every player behind the protocol is: a built-in strategy, the bot itself, or (in the
//! arena) an external program. An agent is handed what its daimyo knows: the views the manager
//! showed it, as one `Tracker` kept by whoever runs the game (the player, an arena seat, a
//! `LocalGame`), so that knowledge is built once per turn.

use crate::knowledge::Tracker;
use crate::rules::{DAIMYO, LORDS, Move, PlayError, Row, State, View};
use std::time::Instant;

pub trait Agent: Send {
    /// The label the arena prints.
    fn name(&self) -> String;
    /// A game begins; `seed` makes any randomness of the agent reproducible.
    fn new_game(&mut self, strengths: [u8; LORDS], seed: u64);
    /// The move for the latest view of `known`. `started` is when the turn's input arrived: the
    /// 1 s limit runs from there.
    fn act(&mut self, known: &Tracker, started: Instant) -> Move;
    /// What the agent can tell about its last move, for `--verbose` and `--log`; the player
    /// words it.
    fn report(&self) -> Option<Report> {
        None
    }
}

/// A search's account of its last move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub rollouts: u64,
    /// The best candidates, best first.
    pub candidates: Vec<Candidate>,
    /// At turn 6, when nights 2 and 4 are revealed: the probability the turn-5 posterior gave to
    /// what came out, and the probability uniformly random picks gave it.
    pub reveal: Option<(f64, f64)>,
    /// How the others are thought to play: each style of the opponent model with the weight each
    /// other daimyo (columns 1..3) has on it. Empty when the search learns no model.
    pub styles: Vec<StyleWeights>,
    /// Each hidden night whose per-lord total is known: the likeliest split of the others' picks.
    pub nights: Vec<NightGuess>,
}

/// One style of the opponent model and each other daimyo's posterior weight on it.
#[derive(Clone, Debug, PartialEq)]
pub struct StyleWeights {
    pub label: String,
    /// Columns 1..3.
    pub weights: [f64; DAIMYO - 1],
}

/// The likeliest split of a hidden night among the other three daimyo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NightGuess {
    /// The night's turn.
    pub turn: u8,
    /// Negotiation counts of columns 1..3.
    pub split: [Row; DAIMYO - 1],
    pub probability: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// Estimated probability of finishing first (a k-way tie counts 1/k).
    pub win: f64,
    /// Mean margin over the best other daimyo, in strength points.
    pub margin: f64,
    pub rollouts: u64,
}

/// Four daimyo playing in-process, each seeing its own views through its own tracker: how the
/// bench, the tests and the model's checks play games without a manager.
pub struct LocalGame {
    pub state: State,
    pub known: [Tracker; DAIMYO],
}

impl LocalGame {
    pub fn new(strengths: [u8; LORDS]) -> LocalGame {
        let mut t = LocalGame {
            state: State::new(strengths),
            known: [(); DAIMYO].map(|_| Tracker::new(strengths)),
        };
        t.show();
        t
    }

    fn show(&mut self) {
        if !self.state.is_over() {
            for (seat, k) in self.known.iter_mut().enumerate() {
                k.observe(&View::of_seat(&self.state, seat));
            }
        }
    }

    /// Plays a turn; every daimyo is then shown the next one.
    pub fn play(&mut self, moves: &[Move; DAIMYO]) -> Result<(), PlayError> {
        self.state.play(moves)?;
        self.show();
        Ok(())
    }

    /// Asks each seat's agent for its move and plays them; returns the moves.
    pub fn play_agents(&mut self, agents: &mut [Box<dyn Agent>; DAIMYO]) -> [Move; DAIMYO] {
        let now = Instant::now();
        let moves = std::array::from_fn(|s| agents[s].act(&self.known[s], now));
        self.play(&moves).expect("agents answer the turn's phase");
        moves
    }
}
